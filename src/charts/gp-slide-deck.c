/* gp-slide-deck.c — the current work cut into slides for a group meeting
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A slide is laid out in units of a canvas 1080 high, whatever the screen, so that it reads the
 * same from the back of the room on any projector; what is cut into several slides is cut for
 * the narrowest width, 4:3, so that every slide fits at every size.
 */

#include "config.h"

#include <cairo-pdf.h>
#include <glib/gi18n-lib.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <string.h>

#include "gp-chart.h"
#include "gp-chart-export.h"
#include "gp-file.h"
#include "gp-format.h"
#include "gp-cost-model.h"
#include "gp-memory-model.h"
#include "gp-region.h"
#include "gp-chart-text.h"
#include "gp-price-chart.h"
#include "gp-slide-deck-private.h"

G_DEFINE_BOXED_TYPE (GpSlideDeck, gp_slide_deck, gp_slide_deck_ref, gp_slide_deck_unref)

static void
slide_free (gpointer data)
{
  Slide *slide = data;

  g_free (slide->title);
  g_free (slide->as_of);
  g_free (slide->oldest);
  g_clear_pointer (&slide->rows, g_array_unref);
  g_clear_pointer (&slide->data, gp_chart_data_unref);
  g_strfreev (slide->lines);
  g_free (slide);
}

static void
deck_clear (gpointer data)
{
  GpSlideDeck *self = data;

  g_ptr_array_unref (self->slides);
  g_clear_pointer (&self->table, gp_comparison_table_free);
  g_clear_pointer (&self->chart_data, gp_chart_data_unref);
  g_clear_object (&self->recommendation);
}

GpSlideDeck *
gp_slide_deck_new (void)
{
  GpSlideDeck *self = g_rc_box_new0 (GpSlideDeck);

  self->slides = g_ptr_array_new_with_free_func (slide_free);
  return self;
}

GpSlideDeck *
gp_slide_deck_ref (GpSlideDeck *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return g_rc_box_acquire (self);
}

void
gp_slide_deck_unref (GpSlideDeck *self)
{
  g_return_if_fail (self != NULL);
  g_rc_box_release_full (self, deck_clear);
}

static Slide *
slide_new (GpSlideKind  kind,
           const char  *title,
           const char  *as_of)
{
  Slide *slide = g_new0 (Slide, 1);

  slide->kind = kind;
  slide->title = g_strdup (title);
  slide->as_of = g_strdup (as_of);
  slide->choice = -1;
  return slide;
}

static Slide *
add_slide (GpSlideDeck *self,
           GpSlideKind  kind,
           const char  *title,
           const char  *as_of)
{
  Slide *slide = slide_new (kind, title, as_of);

  g_ptr_array_add (self->slides, slide);
  return slide;
}

/* The height an item takes on a slide: a row of a list, an option, a reason. */
typedef double (*ItemHeightFunc) (Canvas   *canvas,
                                  guint     index,
                                  gpointer  data);

/* Puts on @slide as many items from @first on as fit @available, one at least (a slide too
 * small for an item still shows it, and the tests then name it); returns the first left over. */
static guint
fill_slide (Slide          *slide,
            Canvas         *canvas,
            guint           first,
            guint           total,
            double          available,
            ItemHeightFunc  height_of,
            gpointer        data)
{
  double y = 0;

  slide->first = first;
  for (guint i = first; i < total; i++)
    {
      double height = height_of (canvas, i, data);

      if (slide->count > 0 && y + height > available)
        break;
      y += height;
      slide->count++;
    }

  return first + slide->count;
}

/* Comparison slides */

/* The sources' titles and addresses and the notes are for reading, not for a projector: the
 * Compare page and its exports have them. */
/* The rows the price chart shows better than a table. */
static gboolean
row_charted (GpComparisonRow *row)
{
  static const char *const keys[] = {
    "per_gpu_hour",
    "cheapest_on_demand_per_gpu_hour",
    "cheapest_spot_per_gpu_hour",
    NULL,
  };

  return g_strv_contains (keys, row->key);
}

static gboolean
row_on_slides (GpComparisonRow *row,
               gboolean         only_differences,
               gboolean         prices_charted)
{
  if (g_str_equal (row->key, "sources") || g_str_equal (row->key, "notes"))
    return FALSE;
  if (prices_charted && row_charted (row))
    return FALSE;
  return !only_differences || row->differs;
}

static char *
table_as_of (GpComparisonTable *table,
             gboolean          *stale,
             int               *column)
{
  GpComparisonRow *row = gp_comparison_table_find_row (table, "as_of");
  const char *oldest = NULL;

  *stale = FALSE;
  *column = -1;
  for (guint c = 0; row != NULL && c < row->cells->len; c++)
    {
      GpComparisonCell *cell = gp_comparison_row_get_cell (row, c);

      /* The date alone: a stale one's cell says so after it, in the user's language. */
      if (cell->known)
        {
          if (gp_as_of_older (oldest, cell->text) != oldest)
            *column = c;
          oldest = gp_as_of_older (oldest, cell->text);
          *stale |= cell->stale;
        }
    }

  return oldest != NULL ? g_strndup (oldest, strspn (oldest, "0123456789-")) : NULL;
}

/* A row that would take more than this share of a slide's table goes on slides of its own,
 * its items one under the other across the slide's width: a long list of GPU models or of
 * plans reads badly in a column a fifth of the slide wide. */
#define LONG_ROW_SHARE (1.0 / 3.0)

typedef struct
{
  GpComparisonTable *table;
  GpComparisonRow   *row;
} ListRow;

static double
list_item_height_cb (Canvas   *canvas,
                     guint     column,
                     gpointer  data)
{
  ListRow *list = data;

  return gp_slide_list_item_height (canvas, list->table, list->row, column);
}

/* Adds the slides of one long row, as many as its items need. */
static void
paginate_list (Canvas            *canvas,
               GpComparisonTable *table,
               guint              index,
               GPtrArray         *slides)
{
  ListRow list = { table, g_ptr_array_index (table->rows, index) };
  double available = CONTENT_BOTTOM - CONTENT_TOP - gp_slide_list_heading_height (canvas, list.row);

  for (guint c = 0; c < table->columns->len;)
    {
      Slide *slide = slide_new (GP_SLIDE_COMPARISON, NULL, NULL);

      slide->as_list = TRUE;
      slide->rows = g_array_new (FALSE, FALSE, sizeof (guint));
      g_array_append_val (slide->rows, index);
      c = fill_slide (slide, canvas, c, table->columns->len, available, list_item_height_cb, &list);
      g_ptr_array_add (slides, slide);
    }
}

/* Splits the rows into slides: as many rows a slide as fit a 4:3 screen, where the columns are
 * narrowest and the rows tallest, so that each slide fits every screen. A row too long for the
 * table's cells becomes slides of its own, after the tables: the rows around it stay together
 * on dense table slides, and when there are too many slides for a meeting, the lists go
 * first. */
static void
paginate_comparison (Canvas            *canvas,
                     GpComparisonTable *table,
                     gboolean           only_differences,
                     gboolean           prices_charted,
                     GPtrArray         *slides)
{
  double available = CONTENT_BOTTOM - CONTENT_TOP - gp_slide_header_height (canvas, table, NULL);
  g_autoptr(GPtrArray) lists = g_ptr_array_new ();
  Slide *page = NULL;
  double y = 0;
  int group = -1;

  for (guint r = 0; r < table->rows->len; r++)
    {
      GpComparisonRow *row = g_ptr_array_index (table->rows, r);
      double height, heading;

      if (!row_on_slides (row, only_differences, prices_charted))
        continue;

      height = gp_slide_row_height (canvas, row, table->columns->len, NULL);
      if (height > available * LONG_ROW_SHARE)
        {
          paginate_list (canvas, table, r, lists);
          continue;
        }

      /* A slide, and a group on it, start with the group's heading. */
      heading = gp_slide_heading_height (canvas, row->group);
      if (page == NULL || y + height + ((int) row->group != group ? heading : 0) > available)
        {
          page = slide_new (GP_SLIDE_COMPARISON, NULL, NULL);
          page->rows = g_array_new (FALSE, FALSE, sizeof (guint));
          g_ptr_array_add (slides, page);
          y = 0;
        }
      if (y == 0 || (int) row->group != group)
        height += heading;
      g_array_append_val (page->rows, r);
      group = row->group;
      y += height;
    }
  g_ptr_array_extend_and_steal (slides, g_steal_pointer (&lists));
}

/* Adds the comparison's prices as a chart: a GPU-hour on each instance, or on each platform's
 * cheapest GPU, on demand and on spot. The comparison's tables added after it leave those rows
 * out. Nothing is added when no price is known. */
void
gp_slide_deck_add_prices (GpSlideDeck  *self,
                          GpComparison *comparison)
{
  g_autoptr(GpChartData) data = NULL;

  g_return_if_fail (self != NULL);
  g_return_if_fail (GP_IS_COMPARISON (comparison));
  g_return_if_fail (self->table == NULL);

  data = gp_chart_data_new_from_comparison (comparison);
  if (gp_chart_data_get_n_items (data) == 0)
    return;

  gp_slide_deck_add_chart (self, GP_CHART_KIND_COST, data);
  self->prices_charted = TRUE;
}

/* Adds a slide of one chart, titled as @data is, in the presentation style. Its footnote is
 * left off: a slide gives the date of its prices at its foot. */
void
gp_slide_deck_add_chart (GpSlideDeck *self,
                         GpChartKind  kind,
                         GpChartData *data)
{
  g_autofree char *as_of = NULL;
  Slide *slide;

  g_return_if_fail (self != NULL);
  g_return_if_fail (data != NULL);

  as_of = gp_chart_data_dup_oldest_as_of (data);
  gp_chart_data_set_footnote (data, NULL);
  slide = add_slide (self, GP_SLIDE_CHART, gp_chart_data_get_title (data, kind), as_of);
  slide->stale = gp_as_of_is_stale (as_of, gp_chart_data_get_stale_after_days (data));
  slide->oldest = g_strdup (gp_chart_data_get_oldest_label (data));
  slide->chart = kind;
  slide->data = gp_chart_data_ref (data);
}

static guint
count_tables (GPtrArray *slides)
{
  guint tables = 0;

  for (guint i = 0; i < slides->len; i++)
    tables += !((Slide *) g_ptr_array_index (slides, i))->as_list;
  return tables;
}

/* Adds the comparison as at most three dense table slides: when all its rows need more, the
 * rows where the items differ, and as many of them as fit. A row too long for a table's cells
 * gets a slide of its own, as a list, after the tables, where room is left. The sources and
 * notes are left out; every slide gives the date of the oldest figures compared. */
void
gp_slide_deck_add_comparison (GpSlideDeck       *self,
                              GpComparisonTable *table,
                              gboolean           only_differences)
{
  g_autoptr(GPtrArray) slides = g_ptr_array_new ();
  g_autofree char *as_of = NULL;
  gboolean stale;
  int oldest;
  cairo_t *cr;
  Canvas canvas;
  const char *title;

  g_return_if_fail (self != NULL);
  g_return_if_fail (table != NULL);
  g_return_if_fail (self->table == NULL);

  self->table = table;
  as_of = table_as_of (table, &stale, &oldest);
  cr = gp_chart_new_measuring_context ();
  gp_slide_canvas_init (&canvas, cr, NARROWEST_WIDTH, FALSE);
  paginate_comparison (&canvas, table, only_differences, self->prices_charted, slides);
  /* Too many tables for a meeting: the rows where the platforms differ, on the first slides.
   * The lists after them only take what room the tables leave. */
  if (count_tables (slides) > MAX_TABLE_SLIDES && !only_differences)
    {
      g_ptr_array_set_free_func (slides, slide_free);
      g_ptr_array_set_size (slides, 0);
      paginate_comparison (&canvas, table, TRUE, self->prices_charted, slides);
    }
  if (slides->len > MAX_TABLE_SLIDES)
    {
      g_ptr_array_set_free_func (slides, slide_free);
      g_ptr_array_set_size (slides, MAX_TABLE_SLIDES);
    }
  g_ptr_array_set_free_func (slides, NULL);
  cairo_destroy (cr);

  title = table->mode == GP_COMPARISON_PROVIDERS ? _("The platforms side by side")
                                                 : _("The instances side by side");
  for (guint p = 0; p < slides->len; p++)
    {
      Slide *slide = g_ptr_array_index (slides, p);

      /* One number a slide, in its foot: the title does not count the slides again. */
      slide->title = g_strdup (title);
      slide->as_of = g_strdup (as_of);
      slide->oldest = oldest >= 0 ? g_strdup (gp_slide_column_title (table, oldest)) : NULL;
      slide->stale = stale;
      g_ptr_array_add (self->slides, slide);
    }
}

/* Chart slides */

static const char *
estimate_as_of (GpEstimate *estimate)
{
  return gp_estimate_get_offer (estimate) != NULL ? gp_estimate_get_as_of (estimate) : NULL;
}

/* Keeps in @oldest the older of it and @estimate's price date, and in @what the option it
 * dates, named as the slide names it. */
static void
note_oldest (GpEstimate  *estimate,
             const char **oldest,
             char       **what)
{
  const char *as_of = estimate_as_of (estimate);

  if (as_of != NULL && (*oldest == NULL || gp_as_of_compare (as_of, *oldest) < 0))
    {
      *oldest = as_of;
      g_free (*what);
      *what = gp_estimate_dup_label (estimate);
    }
}

/* Adds a slide for each of the four charts of the estimate, in the presentation style, the
 * cheapest options only so that each bar can be read. Nothing is added without an estimate. */
void
gp_slide_deck_add_charts (GpSlideDeck    *self,
                          GpEstimateList *estimates)
{
  static const GpChartKind kinds[] = {
    GP_CHART_KIND_COST, GP_CHART_KIND_BREAKDOWN, GP_CHART_KIND_VALUE, GP_CHART_KIND_CUMULATIVE,
  };
  g_autofree char *as_of = NULL;

  g_return_if_fail (self != NULL);
  g_return_if_fail (GP_IS_ESTIMATE_LIST (estimates));
  g_return_if_fail (self->chart_data == NULL);

  if (g_list_model_get_n_items (G_LIST_MODEL (estimates)) == 0)
    return;

  self->chart_data = gp_chart_data_new_from_estimates (estimates, CHART_ITEMS);
  /* The long footnote is for a proposal; a slide gives the prices' date at its foot. */
  gp_chart_data_set_footnote (self->chart_data, NULL);
  /* Dated by the bars drawn: every platform's, not the cheapest options alone. */
  as_of = gp_chart_data_dup_oldest_as_of (self->chart_data);

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      Slide *slide = add_slide (self, GP_SLIDE_CHART, gp_chart_kind_title (kinds[i]), as_of);

      slide->stale = gp_as_of_is_stale (as_of, gp_estimate_list_get_stale_after_days (estimates));

      slide->oldest = g_strdup (gp_chart_data_get_oldest_label (self->chart_data));
      slide->chart = kinds[i];
      slide->data = gp_chart_data_ref (self->chart_data);
    }
}

/* Recommendation slides */

static double
summary_block_height (Canvas   *canvas,
                      GpChoice *choice,
                      guint     rank)
{
  g_autofree char *title = gp_slide_choice_title (choice, rank);
  g_autofree char *figures = gp_slide_choice_figures (choice);
  const char * const *reasons = gp_choice_get_reasons (choice);
  double width = canvas->width - 2 * MARGIN;

  double height = gp_slide_text_height (canvas, title, CHOICE_SIZE, TRUE, width) +
                  gp_slide_text_height (canvas, figures, BODY_SIZE, FALSE, width) + 32;

  for (guint r = 0; r < REASONS_SHOWN && reasons[r] != NULL; r++)
    height += gp_slide_reason_height (canvas, reasons[r]);
  return height;
}

static double
summary_block_height_cb (Canvas   *canvas,
                         guint     index,
                         gpointer  choices)
{
  g_autoptr(GpChoice) choice = g_list_model_get_item (choices, index);

  return summary_block_height (canvas, choice, index + 1);
}

/* Adds the recommended options, the best three, with their cost, time and first reasons, on
 * one slide as a rule. Nothing is added when nothing fits the project. */
void
gp_slide_deck_add_recommendation (GpSlideDeck      *self,
                                  GpRecommendation *recommendation)
{
  GListModel *choices;
  guint n;
  const char *oldest = NULL;
  g_autofree char *what = NULL;
  guint stale_after_days = GP_STALE_AFTER_DAYS;
  gboolean stale;
  cairo_t *cr;
  Canvas canvas;

  g_return_if_fail (self != NULL);
  g_return_if_fail (GP_IS_RECOMMENDATION (recommendation));
  g_return_if_fail (self->recommendation == NULL);

  choices = gp_recommendation_get_choices (recommendation);
  n = MIN (g_list_model_get_n_items (choices), 3);
  if (n == 0)
    return;

  self->recommendation = g_object_ref (recommendation);
  cr = gp_chart_new_measuring_context ();
  gp_slide_canvas_init (&canvas, cr, NARROWEST_WIDTH, FALSE);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GpChoice) choice = g_list_model_get_item (choices, i);

      GpEstimate *estimate = gp_choice_get_estimate (choice);

      note_oldest (estimate, &oldest, &what);
      stale_after_days = gp_estimate_get_stale_after_days (estimate);
    }
  stale = gp_as_of_is_stale (oldest, stale_after_days);

  /* The options and their first reasons: as many options a slide as fit, one slide as a rule. */
  for (guint i = 0; i < n;)
    {
      Slide *slide = add_slide (self, GP_SLIDE_RECOMMENDATION, _("Where to train"), oldest);

      slide->stale = stale;
      slide->oldest = g_strdup (what);

      i = fill_slide (slide, &canvas, i, n, CONTENT_BOTTOM - CONTENT_TOP, summary_block_height_cb,
                      choices);
    }

  cairo_destroy (cr);
}

/* The title and the summary */

/* The model and how it is trained, "A 7B-parameter model, LoRA fine-tuning"; NULL without a
 * model's size. */
static char *
dup_model_line (GpWorkload *job)
{
  double billions = gp_workload_get_model_billions (job);
  g_autofree char *size = NULL;

  if (!(billions > 0))
    return NULL;
  size = gp_format_number (billions, billions == floor (billions) ? 0 : 1);
  /* Translators: the title slide: the model's size in billions of parameters and how it is
   * trained, "A 7B-parameter model, LoRA fine-tuning" */
  return g_strdup_printf (_("A %sB-parameter model, %s"), size,
                          gp_training_method_get_label (gp_workload_get_method (job)));
}

/* The job's region as people know it: an area by its name, a region's code by the catalog's
 * name for it, from the offers that are in it ("US East (N. Virginia)", not "us-east-1"). */
static char *
dup_region_label (GpEstimateList *estimates,
                  const char     *area)
{
  g_autofree char *label = gp_area_dup_label (area);

  if (!g_str_equal (label, area))
    return g_steal_pointer (&label);
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (estimates)); i++)
    {
      g_autoptr(GpEstimate) estimate = g_list_model_get_item (G_LIST_MODEL (estimates), i);
      GpRegion *region = gp_offer_get_region (gp_estimate_get_offer (estimate));
      g_autofree char *named = NULL;

      if (region == NULL || g_strcmp0 (gp_region_get_id (region), area) != 0)
        continue;
      /* Providers share codes: one may name the region only by its code. */
      named = gp_region_dup_label (region);
      if (!g_str_equal (named, area))
        return g_steal_pointer (&named);
    }
  return g_steal_pointer (&label);
}

/* The GPUs a machine and the region, "1 GPU per machine · Region: any". */
static char *
dup_where_line (GpEstimateList *estimates)
{
  GpWorkload *job = gp_estimate_list_get_workload (estimates);
  guint gpus = gp_workload_get_gpus (job);
  const char *region = gp_workload_get_region (job);
  g_autofree char *machines =
      gpus == 0 ? g_strdup (_("Any number of GPUs per machine"))
                /* Translators: the title slide: the GPUs each machine of the job has */
                : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u GPU per machine",
                                                "%u GPUs per machine", gpus),
                                   gpus);
  g_autofree char *place = region != NULL ? dup_region_label (estimates, region) : NULL;
  g_autofree char *where = place != NULL
                               /* Translators: the title slide: where the job may run */
                               ? g_strdup_printf (_("Region: %s"), place)
                               : g_strdup (_("Region: any"));

  /* Translators: the title slide: the GPUs a machine, then the region */
  return g_strdup_printf (C_("title slide", "%s · %s"), machines, where);
}

/* The job, line by line: the model and method, the hours on the reference GPU by its name,
 * the GPUs and the region. A published workload is named with its source. */
static void
add_job_lines (GStrvBuilder   *lines,
               GpEstimateList *estimates)
{
  GpWorkload *job = gp_estimate_list_get_workload (estimates);
  const char *reference = gp_estimate_list_get_reference_gpu_name (estimates);
  g_autofree char *model = dup_model_line (job);
  g_autofree char *where = dup_where_line (estimates);
  g_autofree char *upper =
      g_ascii_strup (gp_precision_to_string (gp_workload_get_precision (job)), -1);
  double gpu_hours = gp_workload_get_gpu_hours (job);
  g_autofree char *hours = gp_format_number (gpu_hours, gpu_hours == floor (gpu_hours) ? 0 : 1);
  g_autofree char *counted = NULL;

  if (gp_workload_get_preset (job) != NULL)
    counted = gp_chart_data_dup_workload_summary (estimates);
  else
    /* Translators: the title slide: the job's GPU-hours, the GPU they were counted on by its
     * name, and the precision, "300 GPU-hours counted on one NVIDIA A100 SXM4 80 GB, FP16" */
    counted = g_strdup_printf (_("%s GPU-hours counted on one %s, %s"), hours,
                               reference != NULL ? reference : gp_workload_get_reference_gpu (job),
                               upper);
  if (model != NULL)
    g_strv_builder_add (lines, model);
  g_strv_builder_add (lines, counted);
  g_strv_builder_add (lines, where);
}

/* Adds the title slide: the question, the job, the currency and its rate, and the date. */
void
gp_slide_deck_add_title (GpSlideDeck    *self,
                         GpEstimateList *estimates)
{
  g_autoptr(GStrvBuilder) lines = g_strv_builder_new ();
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *today = g_date_time_format (now, "%Y-%m-%d");
  g_autofree char *prepared = NULL;
  Slide *slide;

  g_return_if_fail (self != NULL);

  if (estimates != NULL)
    {
      g_autofree char *prices = gp_chart_data_dup_prices_line (estimates);

      add_job_lines (lines, estimates);
      g_strv_builder_add (lines, prices);
    }
  /* Translators: the title slide's last line: the date it was made */
  prepared = g_strdup_printf (_("Prepared on %s with GPU Planner"), today);
  g_strv_builder_add (lines, prepared);

  /* Translators: the title slide: the question the meeting is to answer */
  slide = add_slide (self, GP_SLIDE_TITLE, _("Where should we train?"), NULL);
  slide->lines = g_strv_builder_end (lines);
}

/* The cheapest options a lab could take (they fit, are whole machines, with no doubtful
 * price, and the lab can reach them), the first and the next two on other platforms. */
static guint
pick_options (GpEstimateList *estimates,
              GpEstimate    **picked)
{
  guint n = 0;

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (estimates)) && n < 3; i++)
    {
      g_autoptr(GpEstimate) estimate = g_list_model_get_item (G_LIST_MODEL (estimates), i);
      gboolean same_platform = FALSE;

      if (gp_estimate_get_fit (estimate) == GP_FIT_NO || gp_estimate_is_gpu_only (estimate) ||
          gp_estimate_is_doubtful (estimate) ||
          gp_estimate_get_reachability (estimate) == GP_REACHABILITY_UNREACHABLE)
        continue;
      for (guint j = 0; j < n; j++)
        same_platform |=
            gp_estimate_get_provider (picked[j]) == gp_estimate_get_provider (estimate);
      if (!same_platform)
        picked[n++] = g_steal_pointer (&estimate);
    }
  return n;
}

/* Adds the summary slide: the option recommended (or, without the assistant's answer, the
 * cheapest that fits), its cost and time, and two runners-up from other platforms. */
void
gp_slide_deck_add_summary (GpSlideDeck      *self,
                           GpEstimateList   *estimates,
                           GpRecommendation *recommendation)
{
  GpEstimate *picked[3] = { NULL };
  g_autoptr(GStrvBuilder) lines = g_strv_builder_new ();
  const char *oldest = NULL;
  g_autofree char *what = NULL;
  guint n = 0;
  Slide *slide;

  g_return_if_fail (self != NULL);

  if (recommendation != NULL)
    {
      GListModel *choices = gp_recommendation_get_choices (recommendation);

      for (; n < MIN (g_list_model_get_n_items (choices), 3); n++)
        {
          g_autoptr(GpChoice) choice = g_list_model_get_item (choices, n);

          picked[n] = g_object_ref (gp_choice_get_estimate (choice));
        }
    }
  else if (estimates != NULL)
    n = pick_options (estimates, picked);
  if (n == 0)
    return;

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *title = gp_slide_estimate_title (picked[i], i + 1);
      g_autofree char *figures = gp_slide_estimate_figures (picked[i]);

      if (i == 0)
        {
          g_strv_builder_add (lines, title);
          g_strv_builder_add (lines, figures);
        }
      else
        {
          /* Translators: a runner-up on the summary slide: "2. Lambda … · Texas: $300 in all,
           * 140 hours" */
          g_autofree char *line = g_strdup_printf (_("%s: %s"), title, figures);

          g_strv_builder_add (lines, line);
        }
      note_oldest (picked[i], &oldest, &what);
    }

  slide = add_slide (self, GP_SLIDE_SUMMARY,
                     recommendation != NULL
                         /* Translators: the summary slide's title, with the assistant's answer */
                         ? _("Our answer")
                         /* Translators: the summary slide's title, from the estimate alone */
                         : _("The cheapest options that fit"),
                     oldest);
  slide->stale = gp_as_of_is_stale (oldest, gp_estimate_get_stale_after_days (picked[0]));
  slide->oldest = g_steal_pointer (&what);
  slide->lines = g_strv_builder_end (lines);
  for (guint i = 0; i < n; i++)
    g_object_unref (picked[i]);
}

/* The deck */

guint
gp_slide_deck_get_n_slides (GpSlideDeck *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->slides->len;
}

GpSlideKind
gp_slide_deck_get_kind (GpSlideDeck *self,
                        guint        index)
{
  g_return_val_if_fail (self != NULL && index < self->slides->len, GP_SLIDE_COMPARISON);
  return gp_slide_deck_nth_slide (self, index)->kind;
}

const char *
gp_slide_deck_get_title (GpSlideDeck *self,
                         guint        index)
{
  g_return_val_if_fail (self != NULL && index < self->slides->len, NULL);
  return gp_slide_deck_nth_slide (self, index)->title;
}

char *
gp_slide_deck_dup_footer (GpSlideDeck *self,
                          guint        index)
{
  return gp_slide_as_of_text (gp_slide_deck_nth_slide (self, index));
}

const char * const *
gp_slide_deck_get_lines (GpSlideDeck *self,
                         guint        index)
{
  g_return_val_if_fail (self != NULL && index < self->slides->len, NULL);
  return (const char *const *) gp_slide_deck_nth_slide (self, index)->lines;
}

const char *
gp_slide_deck_get_as_of (GpSlideDeck *self,
                         guint        index)
{
  g_return_val_if_fail (self != NULL && index < self->slides->len, NULL);
  return gp_slide_deck_nth_slide (self, index)->as_of;
}

GStrv
gp_slide_deck_dup_row_keys (GpSlideDeck *self,
                            guint        index)
{
  g_autoptr(GStrvBuilder) keys = g_strv_builder_new ();
  Slide *slide;

  g_return_val_if_fail (self != NULL && index < self->slides->len, NULL);

  slide = gp_slide_deck_nth_slide (self, index);
  for (guint i = 0; slide->rows != NULL && self->table != NULL && i < slide->rows->len; i++)
    g_strv_builder_add (keys, ((GpComparisonRow *) g_ptr_array_index (
                                   self->table->rows, g_array_index (slide->rows, guint, i)))
                                  ->key);
  return g_strv_builder_end (keys);
}

char *
gp_slide_deck_dup_text (GpSlideDeck *self,
                        guint        index)
{
  Slide *slide;

  g_return_val_if_fail (self != NULL && index < self->slides->len, NULL);
  slide = gp_slide_deck_nth_slide (self, index);
  return slide->lines != NULL ? g_strjoinv ("\n", slide->lines) : g_strdup ("");
}

gboolean
gp_slide_deck_get_is_list (GpSlideDeck *self,
                           guint        index)
{
  g_return_val_if_fail (self != NULL && index < self->slides->len, FALSE);
  return gp_slide_deck_nth_slide (self, index)->as_list;
}
