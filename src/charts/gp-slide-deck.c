/* gp-slide-deck.c — the current work as slides for a group meeting
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One drawing function serves the presentation window and the PDF handed out after the
 * meeting. A slide is laid out in units of a canvas 1080 high, whatever the screen: type sizes
 * are fixed in those units, so a slide reads the same from the back of the room on a 720-line
 * projector as on a 1080-line one. The width follows the screen from 4:3 to 16:9; what is
 * split into several slides is split for the narrowest, so the slides are the same ones at
 * every size and each fits at all of them.
 *
 * The file is GpSlideDeck whole, about 1,700 lines: how the comparison, the charts and the
 * recommendation are cut into slides and how each slide is painted are decided together (a
 * slide holds what its painter fits at the narrowest width, with the canvas units, type sizes
 * and text helpers above), so a split by kind of slide would share all of them through a
 * private header.
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
#include "gp-chart-text.h"
#include "gp-price-chart.h"
#include "gp-slide-deck.h"

/* Sizes in canvas units */
#define MARGIN          64.0
#define TITLE_SIZE      56.0
#define SMALLEST_TITLE_SIZE 40.0
#define TITLE_TOP       48.0
#define CONTENT_TOP     160.0
#define FOOTER_SIZE     GP_SLIDE_SMALLEST_TEXT
#define FOOTER_HEIGHT   40.0
#define CONTENT_BOTTOM  (GP_SLIDE_HEIGHT - MARGIN - FOOTER_HEIGHT - 16.0)
#define HEADING_SIZE    32.0
#define CELL_SIZE       30.0
#define LABEL_SIZE      28.0
#define SUBTITLE_SIZE   GP_SLIDE_SMALLEST_TEXT
#define CELL_PAD_X      12.0
#define CELL_PAD_Y      8.0
#define CHOICE_SIZE     40.0
#define BODY_SIZE       32.0
#define CHART_ITEMS     10
/* The comparison's tables on at most this many slides: a meeting wants the picture. */
#define MAX_TABLE_SLIDES 3
/* The reasons each recommended option gives on the recommendation's slide. */
#define REASONS_SHOWN 2

/* The narrowest canvas a slide is shown on: 4:3. */
#define NARROWEST_WIDTH (GP_SLIDE_HEIGHT * 4.0 / 3.0)

typedef struct
{
  GpSlideKind  kind;
  char        *title;
  char        *as_of;
  gboolean stale;             /* as_of is past its catalog's limit */
  GArray      *rows;          /* comparison: indices of the table's rows shown */
  gboolean     as_list;       /* comparison: one long row, its items one under the other */
  GpChartKind  chart;
  GpChartData *data;          /* chart: what it shows */
  int          choice;        /* recommendation: -1 for the summary, else the choice */
  guint        first, count;  /* the choices, reasons or (as a list) items on this slide */
  GStrv lines;                /* title and summary: what they say, line by line */
} Slide;

struct _GpSlideDeck
{
  GPtrArray         *slides;
  GpComparisonTable *table;
  GpChartData       *chart_data;
  gboolean prices_charted; /* the table leaves the charted prices out */
  GpRecommendation  *recommendation;
};

G_DEFINE_BOXED_TYPE (GpSlideDeck, gp_slide_deck, gp_slide_deck_ref, gp_slide_deck_unref)

static void
slide_free (gpointer data)
{
  Slide *slide = data;

  g_free (slide->title);
  g_free (slide->as_of);
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

/**
 * gp_slide_deck_new:
 *
 * Returns: (transfer full): an empty deck
 */
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

/* Text */

typedef struct
{
  cairo_t      *cr;
  GpChartStyle  style;
  double        width;        /* of the canvas, in units */
  guint         index;        /* of the slide, for messages */
  GString      *problems;
  double        smallest;
} Canvas;

static void
canvas_init (Canvas  *canvas,
             cairo_t *cr,
             double   width,
             gboolean dark)
{
  GpChartStyle colors;

  *canvas = (Canvas) { cr };
  canvas->width = width;
  canvas->smallest = G_MAXDOUBLE;

  gp_chart_style_init (&canvas->style, GP_CHART_STYLE_PRESENTATION);
  if (dark)
    {
      gp_chart_style_init (&colors, GP_CHART_STYLE_DARK);
      canvas->style.background = colors.background;
      canvas->style.foreground = colors.foreground;
      canvas->style.muted = colors.muted;
      canvas->style.warning = colors.warning;
      canvas->style.grid = colors.grid;
      memcpy (canvas->style.series, colors.series, sizeof colors.series);
      memcpy (canvas->style.lines, colors.lines, sizeof colors.lines);
    }
}

static PangoLayout *
new_layout (Canvas     *canvas,
            const char *text,
            double      size,
            gboolean    bold,
            double      width)
{
  canvas->smallest = MIN (canvas->smallest, size);
  return gp_chart_text_layout (canvas->cr, canvas->style.font_family, text, size, bold, width);
}

static double
text_height (Canvas     *canvas,
             const char *text,
             double      size,
             gboolean    bold,
             double      width)
{
  g_autoptr(PangoLayout) layout = new_layout (canvas, text, size, bold, width);
  PangoRectangle logical;

  pango_layout_get_extents (layout, NULL, &logical);
  return (double) logical.height / PANGO_SCALE;
}

static void
set_color (cairo_t            *cr,
           const GpChartColor *color,
           double              alpha)
{
  cairo_set_source_rgba (cr, color->red, color->green, color->blue, alpha);
}

/* Draws text in a box; text that does not fit the box is named in the problems, which the
 * tests read: a slide must never clip what it says. */
static void
draw_text (Canvas             *canvas,
           const char         *text,
           double              size,
           gboolean            bold,
           double              x,
           double              y,
           double              width,
           double              height,
           const GpChartColor *color,
           PangoAlignment      align)
{
  g_autoptr(PangoLayout) layout = new_layout (canvas, text, size, bold, width);
  PangoRectangle ink, logical;

  pango_layout_set_alignment (layout, align);
  pango_layout_get_extents (layout, &ink, &logical);

  if (canvas->problems != NULL &&
      ((double) logical.height / PANGO_SCALE > height + 0.5 ||
       (double) logical.width / PANGO_SCALE > width + 0.5 ||
       (double) (ink.x + ink.width) / PANGO_SCALE > width + size * 0.2 ||
       (double) ink.x / PANGO_SCALE < -size * 0.2 ||
       y + (double) logical.height / PANGO_SCALE > GP_SLIDE_HEIGHT ||
       x + width > canvas->width + 0.5))
    g_string_append_printf (
        canvas->problems,
        "slide %u: “%s” needs %.0f × %.0f in a box of %.0f × %.0f at (%.0f, %.0f)\n",
        canvas->index + 1, text, (double) logical.width / PANGO_SCALE,
        (double) logical.height / PANGO_SCALE, width, height, x, y);

  set_color (canvas->cr, color, 1);
  cairo_move_to (canvas->cr, x, y);
  pango_cairo_show_layout (canvas->cr, layout);
}

/* "Prices as of 2026-01-21 (stale)": the foot of a slide, with the date of its oldest figure. */
static char *
as_of_text (Slide *slide)
{
  gboolean stale = slide->stale;

  if (slide->as_of == NULL)
    return NULL;

  if (slide->kind == GP_SLIDE_COMPARISON)
    /* A comparison holds more than prices: features and limits, each of its date. */
    return stale
      /* Translators: at the foot of a slide of the comparison; the date of its oldest figure,
       * older than the limit of Preferences */
      ? g_strdup_printf (_("Figures as of %s (stale)"), slide->as_of)
      /* Translators: at the foot of a slide of the comparison; the date of its oldest figure */
      : g_strdup_printf (_("Figures as of %s"), slide->as_of);

  return stale
    /* Translators: at the foot of a slide; the date of its oldest price, older than the limit
     * of Preferences */
    ? g_strdup_printf (_("Prices as of %s (stale)"), slide->as_of)
    /* Translators: at the foot of a slide; the date of its oldest price */
    : g_strdup_printf (_("Prices as of %s"), slide->as_of);
}

/* The frame every slide has: its title, the date of its prices and its number. */
static void
draw_frame (Canvas *canvas,
            Slide  *slide,
            guint   n_slides)
{
  g_autofree char *number = g_strdup_printf ("%u / %u", canvas->index + 1, n_slides);
  double footer_y = GP_SLIDE_HEIGHT - MARGIN - FOOTER_HEIGHT;
  double half = (canvas->width - 2 * MARGIN) / 2;

  if (slide->kind != GP_SLIDE_CHART)
    {
      double width = canvas->width - 2 * MARGIN;
      double size = TITLE_SIZE;

      /* A long title, an instance's name say, is set smaller rather than run into the slide. */
      while (size > SMALLEST_TITLE_SIZE &&
             text_height (canvas, slide->title, size, TRUE, width) > CONTENT_TOP - TITLE_TOP)
        size -= 4;
      draw_text (canvas, slide->title, size, TRUE, MARGIN, TITLE_TOP, width,
                 CONTENT_TOP - TITLE_TOP, &canvas->style.foreground, PANGO_ALIGN_LEFT);
    }

  if (slide->as_of != NULL)
    {
      gboolean stale = slide->stale;
      g_autofree char *as_of = as_of_text (slide);

      draw_text (canvas, as_of, FOOTER_SIZE, FALSE, MARGIN, footer_y, half, FOOTER_HEIGHT,
                 stale ? &canvas->style.warning : &canvas->style.muted, PANGO_ALIGN_LEFT);
    }
  draw_text (canvas, number, FOOTER_SIZE, FALSE, MARGIN + half, footer_y, half, FOOTER_HEIGHT,
             &canvas->style.muted, PANGO_ALIGN_RIGHT);
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

static void
table_geometry (double  canvas_width,
                guint   n_columns,
                double *label_width,
                double *column_width)
{
  double content = canvas_width - 2 * MARGIN;

  *label_width = content * 0.24;
  *column_width = (content - *label_width) / MAX (n_columns, 1);
}

/* An instance's name with places to break it after its separators, where a reader would:
 * "gpu_8x_|h100_sxm5", not "gpu_8x_h10|0_sxm5". */
static char *
breakable_name (const char *name)
{
  GString *text = g_string_new (NULL);

  for (const char *p = name; *p != '\0'; p++)
    {
      g_string_append_c (text, *p);
      if ((*p == '_' || *p == '.') && p[1] != '\0')
        g_string_append (text, "\u200B");
    }

  return g_string_free (text, FALSE);
}

static const char *
column_title (GpComparisonTable *table,
              guint              column)
{
  return ((GpComparisonColumn *) g_ptr_array_index (table->columns, column))->title;
}

/* Whether @text, wrapped at @width, has a word that has to be broken. */
static gboolean
breaks_words (Canvas     *canvas,
              const char *text,
              double      size,
              double      width)
{
  g_autoptr(PangoLayout) layout = new_layout (canvas, text, size, TRUE, width);
  PangoRectangle logical;

  pango_layout_set_wrap (layout, PANGO_WRAP_WORD);
  pango_layout_get_extents (layout, NULL, &logical);
  return (double) logical.width / PANGO_SCALE > width + 0.5;
}

/* The size of the columns' titles: as large as lets every name keep its words whole, for
 * "p5.48xla-rge" is no name anyone recognises. */
static double
header_title_size (Canvas            *canvas,
                   GpComparisonTable *table,
                   double             text_width)
{
  for (double size = CELL_SIZE; size > GP_SLIDE_SMALLEST_TEXT; size -= 2)
    {
      gboolean fits = TRUE;

      for (guint c = 0; fits && c < table->columns->len; c++)
        {
          g_autofree char *title = breakable_name (column_title (table, c));

          fits = !breaks_words (canvas, title, size, text_width);
        }
      if (fits)
        return size;
    }

  return GP_SLIDE_SMALLEST_TEXT;
}

/* The height of the columns' titles and subtitles, and the size the titles are set in. */
static double
header_height (Canvas            *canvas,
               GpComparisonTable *table,
               double            *title_size_out)
{
  double label_width, column_width, text_width, title_size, height = 0;

  table_geometry (canvas->width, table->columns->len, &label_width, &column_width);
  text_width = column_width - 2 * CELL_PAD_X;
  title_size = header_title_size (canvas, table, text_width);
  for (guint c = 0; c < table->columns->len; c++)
    {
      GpComparisonColumn *column = g_ptr_array_index (table->columns, c);
      g_autofree char *title = breakable_name (column->title);

      height = MAX (height,
                    text_height (canvas, title, title_size, TRUE, text_width) +
                        text_height (canvas, column->subtitle, SUBTITLE_SIZE, FALSE, text_width));
    }

  if (title_size_out != NULL)
    *title_size_out = title_size;
  return height + 2 * CELL_PAD_Y;
}

/* The size of a row's cells: as large as keeps each figure whole, for a date broken as
 * "2024-12-1" over "3" reads as another date. */
static double
row_cell_size (Canvas          *canvas,
               GpComparisonRow *row,
               double           text_width)
{
  for (double size = CELL_SIZE; size > GP_SLIDE_SMALLEST_TEXT; size -= 2)
    {
      gboolean fits = TRUE;

      for (guint c = 0; fits && c < row->cells->len; c++)
        fits = !breaks_words (canvas, gp_comparison_row_get_cell (row, c)->text, size, text_width);
      if (fits)
        return size;
    }

  return GP_SLIDE_SMALLEST_TEXT;
}

/* The height of a row, and the size its cells are set in. */
static double
row_height (Canvas          *canvas,
            GpComparisonRow *row,
            guint            n_columns,
            double          *cell_size_out)
{
  double label_width, column_width, text_width, cell_size;
  double height;

  table_geometry (canvas->width, n_columns, &label_width, &column_width);
  text_width = column_width - 2 * CELL_PAD_X;
  cell_size = row_cell_size (canvas, row, text_width);
  height = text_height (canvas, row->label, LABEL_SIZE, FALSE, label_width - 2 * CELL_PAD_X);
  for (guint c = 0; c < row->cells->len; c++)
    height = MAX (height, text_height (canvas, gp_comparison_row_get_cell (row, c)->text,
                                       cell_size, gp_comparison_row_get_cell (row, c)->best,
                                       text_width));

  if (cell_size_out != NULL)
    *cell_size_out = cell_size;
  return height + 2 * CELL_PAD_Y;
}

static double
heading_height (Canvas            *canvas,
                GpComparisonGroup  group)
{
  return text_height (canvas, gp_comparison_group_get_title (group), HEADING_SIZE, TRUE, 0) +
         CELL_PAD_Y * 2;
}

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

/* The older of two dates, either of them unknown; ISO dates sort as text. */
static const char *
older (const char *a,
       const char *b)
{
  if (a == NULL || (b != NULL && strcmp (b, a) < 0))
    return b;
  return a;
}

static char *
table_as_of (GpComparisonTable *table,
             gboolean          *stale)
{
  GpComparisonRow *row = gp_comparison_table_find_row (table, "as_of");
  const char *oldest = NULL;

  *stale = FALSE;
  for (guint c = 0; row != NULL && c < row->cells->len; c++)
    {
      GpComparisonCell *cell = gp_comparison_row_get_cell (row, c);

      /* The date alone: a stale one's cell says so after it, in the user's language. */
      if (cell->known)
        {
          oldest = older (oldest, cell->text);
          *stale |= cell->stale;
        }
    }

  return oldest != NULL ? g_strndup (oldest, strspn (oldest, "0123456789-")) : NULL;
}

/* A row that would take more than this share of a slide's table goes on slides of its own,
 * its items one under the other across the slide's width: a long list of GPU models or of
 * plans reads badly in a column a fifth of the slide wide. */
#define LONG_ROW_SHARE (1.0 / 3.0)

static void
list_geometry (double  canvas_width,
               double *name_width,
               double *text_width)
{
  double content = canvas_width - 2 * MARGIN;

  *name_width = content * 0.3;
  *text_width = content - *name_width;
}

static double
list_heading_height (Canvas          *canvas,
                     GpComparisonRow *row)
{
  return text_height (canvas, row->label, HEADING_SIZE, TRUE, canvas->width - 2 * MARGIN) +
         CELL_PAD_Y * 2;
}

static double
list_item_height (Canvas            *canvas,
                  GpComparisonTable *table,
                  GpComparisonRow   *row,
                  guint              column)
{
  GpComparisonColumn *title = g_ptr_array_index (table->columns, column);
  GpComparisonCell *cell = gp_comparison_row_get_cell (row, column);
  double name_width, text_width;

  list_geometry (canvas->width, &name_width, &text_width);
  return MAX (
             text_height (canvas, title->title, CELL_SIZE, TRUE, name_width - 2 * CELL_PAD_X),
             text_height (canvas, cell->text, CELL_SIZE, cell->best, text_width - 2 * CELL_PAD_X)) +
         2 * CELL_PAD_Y;
}

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

  return list_item_height (canvas, list->table, list->row, column);
}

/* Adds the slides of one long row, as many as its items need. */
static void
paginate_list (Canvas            *canvas,
               GpComparisonTable *table,
               guint              index,
               GPtrArray         *slides)
{
  ListRow list = { table, g_ptr_array_index (table->rows, index) };
  double available = CONTENT_BOTTOM - CONTENT_TOP - list_heading_height (canvas, list.row);

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
  double available = CONTENT_BOTTOM - CONTENT_TOP - header_height (canvas, table, NULL);
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

      height = row_height (canvas, row, table->columns->len, NULL);
      if (height > available * LONG_ROW_SHARE)
        {
          paginate_list (canvas, table, r, lists);
          continue;
        }

      /* A slide, and a group on it, start with the group's heading. */
      heading = heading_height (canvas, row->group);
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

/**
 * gp_slide_deck_add_prices:
 * @self: a deck
 * @comparison: the platforms or instances compared
 *
 * Adds the comparison's prices as a chart: a GPU-hour on each instance, or on each platform's
 * cheapest GPU, on demand and on spot. The comparison's tables added after it leave those rows
 * out. Nothing is added when no price is known.
 */
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

/**
 * gp_slide_deck_add_chart:
 * @self: a deck
 * @kind: the chart
 * @data: what it shows, titled
 *
 * Adds a slide of one chart, titled as @data is, in the presentation style. Its footnote is
 * left off: a slide gives the date of its prices at its foot.
 */
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

/**
 * gp_slide_deck_add_comparison:
 * @self: a deck
 * @table: (transfer full): the comparison, as the Compare page shows it
 * @only_differences: whether to leave out the rows where every item is the same
 *
 * Adds the comparison as at most three dense table slides: when all its rows need more, the
 * rows where the items differ, and as many of them as fit. A row too long for a table's cells
 * gets a slide of its own, as a list, after the tables, where room is left. The sources and
 * notes are left out; every slide gives the date of the oldest figures compared.
 */
void
gp_slide_deck_add_comparison (GpSlideDeck       *self,
                              GpComparisonTable *table,
                              gboolean           only_differences)
{
  g_autoptr(GPtrArray) slides = g_ptr_array_new ();
  g_autofree char *as_of = NULL;
  gboolean stale;
  cairo_t *cr;
  Canvas canvas;
  const char *title;

  g_return_if_fail (self != NULL);
  g_return_if_fail (table != NULL);
  g_return_if_fail (self->table == NULL);

  self->table = table;
  as_of = table_as_of (table, &stale);
  cr = gp_chart_new_measuring_context ();
  canvas_init (&canvas, cr, NARROWEST_WIDTH, FALSE);
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
      slide->stale = stale;
      g_ptr_array_add (self->slides, slide);
    }
}

/* Draws the columns' titles at @y; returns the height they take. */
static double
draw_header (GpSlideDeck *self,
             Canvas      *canvas,
             double       y)
{
  GpComparisonTable *table = self->table;
  double label_width, column_width, text_width, title_size;
  double height = header_height (canvas, table, &title_size);

  table_geometry (canvas->width, table->columns->len, &label_width, &column_width);
  text_width = column_width - 2 * CELL_PAD_X;
  for (guint c = 0; c < table->columns->len; c++)
    {
      GpComparisonColumn *column = g_ptr_array_index (table->columns, c);
      double x = MARGIN + label_width + c * column_width + CELL_PAD_X;
      g_autofree char *title = breakable_name (column->title);
      double title_h = text_height (canvas, title, title_size, TRUE, text_width);

      draw_text (canvas, title, title_size, TRUE, x, y + CELL_PAD_Y, text_width, title_h,
                 &canvas->style.foreground, PANGO_ALIGN_LEFT);
      draw_text (canvas, column->subtitle, SUBTITLE_SIZE, FALSE, x, y + CELL_PAD_Y + title_h,
                 text_width, height - title_h - 2 * CELL_PAD_Y, &canvas->style.muted,
                 PANGO_ALIGN_LEFT);
    }

  return height;
}

/* The best of a row: bold on a tint, readable in both styles and in grey print. */
static void
draw_best (Canvas *canvas,
           double  x,
           double  y,
           double  width,
           double  height)
{
  set_color (canvas->cr, &canvas->style.series[2], 0.25);
  cairo_rectangle (canvas->cr, x + 2, y + 2, width - 4, height - 4);
  cairo_fill (canvas->cr);
}

static void
draw_stripe (Canvas *canvas,
             double  y,
             double  height)
{
  set_color (canvas->cr, &canvas->style.foreground, 0.06);
  cairo_rectangle (canvas->cr, MARGIN, y, canvas->width - 2 * MARGIN, height);
  cairo_fill (canvas->cr);
}

/* A figure in its box, on the highlight when it is the best of its row; unknown ones muted. */
static void
draw_cell (Canvas           *canvas,
           GpComparisonCell *cell,
           double            size,
           double            x,
           double            y,
           double            width,
           double            height)
{
  if (cell->best)
    draw_best (canvas, x, y, width, height);
  draw_text (canvas, cell->text, size, cell->best, x + CELL_PAD_X, y + CELL_PAD_Y,
             width - 2 * CELL_PAD_X, height - 2 * CELL_PAD_Y,
             cell->known ? &canvas->style.foreground : &canvas->style.muted, PANGO_ALIGN_LEFT);
}

static double
draw_table (GpSlideDeck *self,
            Canvas      *canvas,
            Slide       *slide)
{
  GpComparisonTable *table = self->table;
  double label_width, column_width;
  double y = CONTENT_TOP;
  int group = -1;

  table_geometry (canvas->width, table->columns->len, &label_width, &column_width);
  y += draw_header (self, canvas, y);

  for (guint i = 0; i < slide->rows->len; i++)
    {
      GpComparisonRow *row = g_ptr_array_index (table->rows, g_array_index (slide->rows, guint, i));
      double cell_size;
      double height = row_height (canvas, row, table->columns->len, &cell_size);

      for (guint c = 0; canvas->problems != NULL && c < row->cells->len; c++)
        if (breaks_words (canvas, gp_comparison_row_get_cell (row, c)->text, cell_size,
                          column_width - 2 * CELL_PAD_X))
          g_string_append_printf (canvas->problems, "slide %u: “%s” is broken inside a word\n",
                                  canvas->index + 1, gp_comparison_row_get_cell (row, c)->text);

      if ((int) row->group != group)
        {
          double heading = heading_height (canvas, row->group);

          group = row->group;
          draw_text (canvas, gp_comparison_group_get_title (row->group), HEADING_SIZE, TRUE,
                     MARGIN, y + CELL_PAD_Y, canvas->width - 2 * MARGIN, heading - CELL_PAD_Y,
                     &canvas->style.series[0], PANGO_ALIGN_LEFT);
          y += heading;
        }

      if (i % 2 == 1)
        draw_stripe (canvas, y, height);
      draw_text (canvas, row->label, LABEL_SIZE, FALSE, MARGIN + CELL_PAD_X, y + CELL_PAD_Y,
                 label_width - 2 * CELL_PAD_X, height - 2 * CELL_PAD_Y, &canvas->style.muted,
                 PANGO_ALIGN_LEFT);
      for (guint c = 0; c < row->cells->len; c++)
        {
          GpComparisonCell *cell = gp_comparison_row_get_cell (row, c);
          double x = MARGIN + label_width + c * column_width;

          draw_cell (canvas, cell, cell_size, x, y, column_width, height);
        }
      y += height;
    }

  return y;
}

static double
draw_list (GpSlideDeck *self,
           Canvas      *canvas,
           Slide       *slide)
{
  GpComparisonTable *table = self->table;
  GpComparisonRow *row = g_ptr_array_index (table->rows, g_array_index (slide->rows, guint, 0));
  double heading = list_heading_height (canvas, row);
  double name_width, text_width;
  double y = CONTENT_TOP;

  list_geometry (canvas->width, &name_width, &text_width);
  draw_text (canvas, row->label, HEADING_SIZE, TRUE, MARGIN, y, canvas->width - 2 * MARGIN,
             heading, &canvas->style.series[0], PANGO_ALIGN_LEFT);
  y += heading;

  for (guint c = slide->first; c < slide->first + slide->count; c++)
    {
      GpComparisonColumn *column = g_ptr_array_index (table->columns, c);
      GpComparisonCell *cell = gp_comparison_row_get_cell (row, c);
      double height = list_item_height (canvas, table, row, c);
      double x = MARGIN + name_width;

      if ((c - slide->first) % 2 == 1)
        draw_stripe (canvas, y, height);
      draw_text (canvas, column->title, CELL_SIZE, TRUE, MARGIN + CELL_PAD_X, y + CELL_PAD_Y,
                 name_width - 2 * CELL_PAD_X, height - 2 * CELL_PAD_Y, &canvas->style.foreground,
                 PANGO_ALIGN_LEFT);
      draw_cell (canvas, cell, CELL_SIZE, x, y, text_width, height);
      y += height;
    }

  return y;
}

static void
draw_comparison (GpSlideDeck *self,
                 Canvas      *canvas,
                 Slide       *slide)
{
  double bottom =
      slide->as_list ? draw_list (self, canvas, slide) : draw_table (self, canvas, slide);

  if (canvas->problems != NULL && bottom > CONTENT_BOTTOM + 0.5)
    g_string_append_printf (canvas->problems, "slide %u: the table runs to %.0f, below %.0f\n",
                            canvas->index + 1, bottom, CONTENT_BOTTOM);
}

/* Chart slides */

static const char *
estimate_as_of (GpEstimate *estimate)
{
  GpOffer *offer = gp_estimate_get_offer (estimate);
  GpSource *source = offer != NULL ? gp_offer_get_source (offer) : NULL;

  return source != NULL ? gp_source_get_as_of (source) : NULL;
}

static char *
oldest_as_of (GListModel *estimates,
              guint       limit)
{
  const char *oldest = NULL;
  guint n = MIN (g_list_model_get_n_items (estimates), limit);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GpEstimate) estimate = g_list_model_get_item (estimates, i);

      oldest = older (oldest, estimate_as_of (estimate));
    }

  return g_strdup (oldest);
}

/**
 * gp_slide_deck_add_charts:
 * @self: a deck
 * @estimates: the current estimate
 *
 * Adds a slide for each of the four charts of the estimate, in the presentation style, the
 * cheapest options only so that each bar can be read. Nothing is added without an estimate.
 */
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
  as_of = oldest_as_of (G_LIST_MODEL (estimates), CHART_ITEMS);

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      Slide *slide = add_slide (self, GP_SLIDE_CHART, gp_chart_kind_title (kinds[i]), as_of);

      slide->stale = gp_as_of_is_stale (as_of, gp_estimate_list_get_stale_after_days (estimates));

      slide->chart = kinds[i];
      slide->data = gp_chart_data_ref (self->chart_data);
    }
}

static void
draw_chart (GpSlideDeck *self,
            Canvas      *canvas,
            Slide       *slide)
{
  /* The chart's smallest text becomes the slides' smallest. */
  double scale = GP_SLIDE_SMALLEST_TEXT / gp_chart_get_smallest_text_size (&canvas->style);
  double width = canvas->width - 2 * MARGIN;
  double height = CONTENT_BOTTOM - TITLE_TOP;

  cairo_save (canvas->cr);
  cairo_translate (canvas->cr, MARGIN, TITLE_TOP);
  cairo_scale (canvas->cr, scale, scale);
  gp_chart_draw (canvas->cr, NULL, slide->chart, slide->data, &canvas->style, width / scale,
                 height / scale);
  cairo_restore (canvas->cr);
  canvas->smallest =
      MIN (canvas->smallest, gp_chart_get_smallest_text_size (&canvas->style) * scale);
}

/* Recommendation slides */

static char *
estimate_title (GpEstimate *estimate,
                guint       rank)
{
  g_autofree char *label = gp_estimate_dup_label (estimate);
  g_autofree char *place = gp_offer_dup_region_label (gp_estimate_get_offer (estimate));

  /* Translators: a recommended option with its rank and region: "1. Lambda gpu_1x_a100 ·
   * Virginia (us-east-1)" */
  return g_strdup_printf (_("%u. %s · %s"), rank, label, place);
}

static char *
choice_title (GpChoice *choice,
              guint     rank)
{
  return estimate_title (gp_choice_get_estimate (choice), rank);
}

static char *
estimate_figures (GpEstimate *estimate)
{
  g_autofree char *total = gp_format_money (gp_estimate_get_total_cost (estimate),
                                            gp_estimate_get_currency (estimate));

  /* Translators: the cost and time of a recommended option: "$281.68 in all, 142 hours" */
  return g_strdup_printf (_("%s in all, %.0f hours"), total, gp_estimate_get_wall_hours (estimate));
}

static char *
choice_figures (GpChoice *choice)
{
  return estimate_figures (gp_choice_get_estimate (choice));
}

/* A reason without its tag: "[cost] $42.12, ..." is for scripts, the room reads the rest. */
static const char *
reason_text (const char *reason)
{
  const char *end;

  if (reason[0] == '[' && (end = strstr (reason, "] ")) != NULL)
    return end + 2;
  return reason;
}

static double
reason_height (Canvas     *canvas,
               const char *reason)
{
  g_autofree char *bullet = g_strconcat ("• ", reason_text (reason), NULL);

  return text_height (canvas, bullet, BODY_SIZE, FALSE, canvas->width - 2 * MARGIN - 32) + 16;
}

static double
summary_block_height (Canvas   *canvas,
                      GpChoice *choice,
                      guint     rank)
{
  g_autofree char *title = choice_title (choice, rank);
  g_autofree char *figures = choice_figures (choice);
  const char * const *reasons = gp_choice_get_reasons (choice);
  double width = canvas->width - 2 * MARGIN;

  double height = text_height (canvas, title, CHOICE_SIZE, TRUE, width) +
                  text_height (canvas, figures, BODY_SIZE, FALSE, width) + 32;

  for (guint r = 0; r < REASONS_SHOWN && reasons[r] != NULL; r++)
    height += reason_height (canvas, reasons[r]);
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

/**
 * gp_slide_deck_add_recommendation:
 * @self: a deck
 * @recommendation: the assistant's answer
 *
 * Adds the recommended options, the best three, with their cost, time and first reasons, on
 * one slide as a rule. Nothing is added when nothing fits the project.
 */
void
gp_slide_deck_add_recommendation (GpSlideDeck      *self,
                                  GpRecommendation *recommendation)
{
  GListModel *choices;
  guint n;
  const char *oldest = NULL;
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
  canvas_init (&canvas, cr, NARROWEST_WIDTH, FALSE);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GpChoice) choice = g_list_model_get_item (choices, i);

      GpEstimate *estimate = gp_choice_get_estimate (choice);

      oldest = older (oldest, estimate_as_of (estimate));
      stale_after_days = gp_estimate_get_stale_after_days (estimate);
    }
  stale = gp_as_of_is_stale (oldest, stale_after_days);

  /* The options and their first reasons: as many options a slide as fit, one slide as a rule. */
  for (guint i = 0; i < n;)
    {
      Slide *slide = add_slide (self, GP_SLIDE_RECOMMENDATION, _("Where to train"), oldest);

      slide->stale = stale;

      i = fill_slide (slide, &canvas, i, n, CONTENT_BOTTOM - CONTENT_TOP, summary_block_height_cb,
                      choices);
    }

  cairo_destroy (cr);
}

static void
draw_recommendation (GpSlideDeck *self,
                     Canvas      *canvas,
                     Slide       *slide)
{
  GListModel *choices = gp_recommendation_get_choices (self->recommendation);
  double width = canvas->width - 2 * MARGIN;
  double y = CONTENT_TOP;

  for (guint i = slide->first; i < slide->first + slide->count; i++)
    {
      g_autoptr(GpChoice) choice = g_list_model_get_item (choices, i);
      g_autofree char *title = choice_title (choice, i + 1);
      g_autofree char *figures = choice_figures (choice);
      const char *const *reasons = gp_choice_get_reasons (choice);
      double h;

      h = text_height (canvas, title, CHOICE_SIZE, TRUE, width);
      draw_text (canvas, title, CHOICE_SIZE, TRUE, MARGIN, y, width, h, &canvas->style.foreground,
                 PANGO_ALIGN_LEFT);
      y += h;
      h = text_height (canvas, figures, BODY_SIZE, FALSE, width);
      draw_text (canvas, figures, BODY_SIZE, FALSE, MARGIN, y, width, h, &canvas->style.series[0],
                 PANGO_ALIGN_LEFT);
      y += h;
      for (guint r = 0; r < REASONS_SHOWN && reasons[r] != NULL; r++)
        {
          g_autofree char *bullet = g_strconcat ("• ", reason_text (reasons[r]), NULL);

          h = reason_height (canvas, reasons[r]);
          draw_text (canvas, bullet, BODY_SIZE, FALSE, MARGIN + 16, y, width - 32, h - 16,
                     &canvas->style.foreground, PANGO_ALIGN_LEFT);
          y += h;
        }
      y += 32;
    }

  if (canvas->problems != NULL && y > CONTENT_BOTTOM + 0.5)
    g_string_append_printf (canvas->problems, "slide %u: the text runs to %.0f, below %.0f\n",
                            canvas->index + 1, y, CONTENT_BOTTOM);
}

/* The title and the summary */

/* "Prices in yuan, at 7.1072 per US dollar (the rate set in Preferences, as of …)" */
static char *
prices_line (GpEstimateList *estimates)
{
  GpWorkload *workload = gp_estimate_list_get_workload (estimates);
  const char *currency = gp_estimate_list_get_currency (estimates);
  double rate = gp_workload_get_exchange_rate (workload);
  const char *basis = gp_workload_get_exchange_rate_basis (workload);
  g_autofree char *figure = NULL;

  if (isnan (rate) || g_strcmp0 (currency, "USD") == 0)
    /* Translators: the title slide: the currency of every price in the deck, "USD" */
    return g_strdup_printf (_("Prices in %s"), currency);

  figure = gp_format_number (rate, 4);
  if (basis != NULL)
    /* Translators: the title slide: "Prices in CNY, at 7.1072 per US dollar (the rate set in
     * Preferences, as of 2025-09-01)" */
    return g_strdup_printf (_("Prices in %s, at %s per US dollar (%s)"), currency, figure, basis);
  /* Translators: the title slide, with a rate the user gave */
  return g_strdup_printf (_("Prices in %s, at %s per US dollar"), currency, figure);
}

/**
 * gp_slide_deck_add_title:
 * @self: a deck
 * @estimates: (nullable): the job's estimates, for the job and the currency
 *
 * Adds the title slide: the question, the job, the currency and its rate, and the date.
 */
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
      g_autofree char *job = gp_chart_data_dup_workload_summary (estimates);
      g_autofree char *prices = prices_line (estimates);

      g_strv_builder_add (lines, job);
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
 * price), the first and the next two on other platforms. */
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
          gp_estimate_is_doubtful (estimate))
        continue;
      for (guint j = 0; j < n; j++)
        same_platform |=
            gp_estimate_get_provider (picked[j]) == gp_estimate_get_provider (estimate);
      if (!same_platform)
        picked[n++] = g_steal_pointer (&estimate);
    }
  return n;
}

/**
 * gp_slide_deck_add_summary:
 * @self: a deck
 * @estimates: (nullable): the job's estimates
 * @recommendation: (nullable): the assistant's answer, which the summary gives when there is one
 *
 * Adds the summary slide: the option recommended (or, without the assistant's answer, the
 * cheapest that fits), its cost and time, and two runners-up from other platforms.
 */
void
gp_slide_deck_add_summary (GpSlideDeck      *self,
                           GpEstimateList   *estimates,
                           GpRecommendation *recommendation)
{
  GpEstimate *picked[3] = { NULL };
  g_autoptr(GStrvBuilder) lines = g_strv_builder_new ();
  const char *oldest = NULL;
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
      g_autofree char *title = estimate_title (picked[i], i + 1);
      g_autofree char *figures = estimate_figures (picked[i]);

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
      oldest = older (oldest, estimate_as_of (picked[i]));
    }

  slide = add_slide (self, GP_SLIDE_SUMMARY,
                     recommendation != NULL
                         /* Translators: the summary slide's title, with the assistant's answer */
                         ? _("Our answer")
                         /* Translators: the summary slide's title, from the estimate alone */
                         : _("The cheapest options that fit"),
                     oldest);
  slide->stale = gp_as_of_is_stale (oldest, gp_estimate_get_stale_after_days (picked[0]));
  slide->lines = g_strv_builder_end (lines);
  for (guint i = 0; i < n; i++)
    g_object_unref (picked[i]);
}

/* The title slide's lines under its question; the summary's option large, its figures, then the
 * runners-up under their heading. */
static void
draw_lines (Canvas *canvas,
            Slide  *slide)
{
  double width = canvas->width - 2 * MARGIN;
  double y = slide->kind == GP_SLIDE_TITLE ? GP_SLIDE_HEIGHT * 0.45 : CONTENT_TOP;

  for (guint i = 0; slide->lines[i] != NULL; i++)
    {
      gboolean main_option = slide->kind == GP_SLIDE_SUMMARY && i == 0;
      double size = main_option ? CHOICE_SIZE : BODY_SIZE;
      const GpChartColor *color = slide->kind == GP_SLIDE_TITLE || main_option
                                      ? &canvas->style.foreground
                                  : i == 1 ? &canvas->style.series[0]
                                           : &canvas->style.foreground;
      double h;

      if (slide->kind == GP_SLIDE_SUMMARY && i == 2)
        {
          const char *heading = _("Runners-up, from other platforms");

          y += 48;
          h = text_height (canvas, heading, LABEL_SIZE, TRUE, width);
          draw_text (canvas, heading, LABEL_SIZE, TRUE, MARGIN, y, width, h, &canvas->style.muted,
                     PANGO_ALIGN_LEFT);
          y += h + 8;
        }
      h = text_height (canvas, slide->lines[i], size, main_option, width);
      draw_text (canvas, slide->lines[i], size, main_option, MARGIN, y, width, h, color,
                 PANGO_ALIGN_LEFT);
      y += h + 16;
    }

  if (canvas->problems != NULL && y > CONTENT_BOTTOM + 0.5)
    g_string_append_printf (canvas->problems, "slide %u: the text runs to %.0f, below %.0f\n",
                            canvas->index + 1, y, CONTENT_BOTTOM);
}

/* The deck */

guint
gp_slide_deck_get_n_slides (GpSlideDeck *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->slides->len;
}

static Slide *
get_slide (GpSlideDeck *self,
           guint        index)
{
  g_return_val_if_fail (index < self->slides->len, NULL);
  return g_ptr_array_index (self->slides, index);
}

GpSlideKind
gp_slide_deck_get_kind (GpSlideDeck *self,
                        guint        index)
{
  g_return_val_if_fail (self != NULL && index < self->slides->len, GP_SLIDE_COMPARISON);
  return get_slide (self, index)->kind;
}

const char *
gp_slide_deck_get_title (GpSlideDeck *self,
                         guint        index)
{
  g_return_val_if_fail (self != NULL && index < self->slides->len, NULL);
  return get_slide (self, index)->title;
}

/**
 * gp_slide_deck_dup_footer:
 * @self: a #GpSlideDeck
 * @index: a slide
 *
 * Returns: (transfer full) (nullable): what the slide's foot says of its figures' date:
 *   "Prices as of 2026-01-21", with "(stale)" when they are older than the limit
 */
char *
gp_slide_deck_dup_footer (GpSlideDeck *self,
                          guint        index)
{
  return as_of_text (get_slide (self, index));
}

/**
 * gp_slide_deck_get_as_of:
 * @self: a deck
 * @index: a slide
 *
 * Returns: (nullable): the date of the oldest prices the slide shows
 */
const char *
gp_slide_deck_get_as_of (GpSlideDeck *self,
                         guint        index)
{
  g_return_val_if_fail (self != NULL && index < self->slides->len, NULL);
  return get_slide (self, index)->as_of;
}

/**
 * gp_slide_deck_dup_row_keys:
 * @self: a deck
 * @index: a slide
 *
 * Returns: (transfer full): the keys of the comparison's rows the slide shows, in their order;
 *   empty for a slide of another kind
 */
GStrv
gp_slide_deck_dup_row_keys (GpSlideDeck *self,
                            guint        index)
{
  g_autoptr(GStrvBuilder) keys = g_strv_builder_new ();
  Slide *slide;

  g_return_val_if_fail (self != NULL && index < self->slides->len, NULL);

  slide = get_slide (self, index);
  for (guint i = 0; slide->rows != NULL && self->table != NULL && i < slide->rows->len; i++)
    g_strv_builder_add (keys, ((GpComparisonRow *) g_ptr_array_index (
                                   self->table->rows, g_array_index (slide->rows, guint, i)))
                                  ->key);
  return g_strv_builder_end (keys);
}

/**
 * gp_slide_deck_get_is_list:
 * @self: a deck
 * @index: a slide
 *
 * Returns: whether the slide shows one long row of the comparison, its items one under the
 *   other, rather than a table
 */
gboolean
gp_slide_deck_get_is_list (GpSlideDeck *self,
                           guint        index)
{
  g_return_val_if_fail (self != NULL && index < self->slides->len, FALSE);
  return get_slide (self, index)->as_list;
}

/**
 * gp_slide_deck_draw:
 * @self: a deck
 * @index: the slide to draw
 * @cr: where to draw
 * @width: the width of the area, in @cr's units
 * @height: its height
 * @dark: whether to use the dark style
 * @problems: (nullable): where each text that does not fit its box is named, a line each
 * @smallest_text: (out) (optional): the smallest type drawn, in px on a 1080-line screen
 *
 * Draws the slide scaled to the area, centred; an area wider than 16:9 or narrower than 4:3
 * leaves bands at its sides or above and below.
 */
void
gp_slide_deck_draw (GpSlideDeck *self,
                    guint        index,
                    cairo_t     *cr,
                    double       width,
                    double       height,
                    gboolean     dark,
                    GString     *problems,
                    double      *smallest_text)
{
  double aspect, scale, canvas_width;
  Slide *slide;
  Canvas canvas;

  g_return_if_fail (self != NULL);
  g_return_if_fail (index < self->slides->len);
  g_return_if_fail (cr != NULL);

  if (width <= 0 || height <= 0)
    return;

  slide = get_slide (self, index);
  aspect = CLAMP (width / height, 4.0 / 3.0, 16.0 / 9.0);
  canvas_width = GP_SLIDE_HEIGHT * aspect;
  scale = MIN (width / canvas_width, height / GP_SLIDE_HEIGHT);

  cairo_save (cr);
  canvas_init (&canvas, cr, canvas_width, dark);
  set_color (cr, &canvas.style.background, 1);
  cairo_paint (cr);
  cairo_translate (cr, (width - canvas_width * scale) / 2, (height - GP_SLIDE_HEIGHT * scale) / 2);
  cairo_scale (cr, scale, scale);
  cairo_rectangle (cr, 0, 0, canvas_width, GP_SLIDE_HEIGHT);
  cairo_clip (cr);
  pango_cairo_update_context (cr, gp_chart_text_context (cr));

  canvas.index = index;
  canvas.problems = problems;
  draw_frame (&canvas, slide, self->slides->len);
  switch (slide->kind)
    {
    case GP_SLIDE_TITLE:
    case GP_SLIDE_SUMMARY:
      draw_lines (&canvas, slide);
      break;

    case GP_SLIDE_COMPARISON:
      draw_comparison (self, &canvas, slide);
      break;

    case GP_SLIDE_CHART:
      draw_chart (self, &canvas, slide);
      break;

    case GP_SLIDE_RECOMMENDATION:
      draw_recommendation (self, &canvas, slide);
      break;

    default:
      g_assert_not_reached ();
    }

  if (smallest_text != NULL)
    *smallest_text = canvas.smallest;
  cairo_restore (cr);
}

/**
 * gp_slide_deck_to_pdf:
 * @self: a deck
 * @error: where a failure of cairo is reported
 *
 * The deck for after the meeting: one 16:9 page a slide (13.33 × 7.5 inches, the size of a
 * widescreen presentation), in the light style, drawn by the same code as the screen.
 *
 * Returns: (transfer full) (nullable): the PDF
 */
GBytes *
gp_slide_deck_to_pdf (GpSlideDeck  *self,
                      GError      **error)
{
  GByteArray *bytes = g_byte_array_new ();
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;

  g_return_val_if_fail (self != NULL, NULL);

  surface = cairo_pdf_surface_create_for_stream (gp_chart_append_to_byte_array, bytes, 960, 540);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR,
                                  PACKAGE_NAME " " PACKAGE_VERSION);
  cr = cairo_create (surface);
  for (guint i = 0; i < self->slides->len; i++)
    {
      gp_slide_deck_draw (self, i, cr, 960, 540, FALSE, NULL, NULL);
      cairo_show_page (cr);
    }
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);

  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, GP_CHART_ERROR, GP_CHART_ERROR_DRAW, _("Could not make the PDF: %s"),
                   cairo_status_to_string (status));
      g_byte_array_unref (bytes);
      return NULL;
    }

  return g_byte_array_free_to_bytes (bytes);
}

/**
 * gp_slide_deck_save_pdf:
 * @self: a deck
 * @file: where to write the PDF
 * @error: where a failure is reported
 *
 * Writes gp_slide_deck_to_pdf() to @file, whole or not at all: a file there before is
 * replaced only once the new one is written.
 *
 * Returns: whether the file was written
 */
gboolean
gp_slide_deck_save_pdf (GpSlideDeck  *self,
                        GFile        *file,
                        GError      **error)
{
  g_autoptr(GBytes) bytes = NULL;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  bytes = gp_slide_deck_to_pdf (self, error);
  if (bytes == NULL)
    return FALSE;

  return gp_file_replace_bytes (file, bytes, error);
}
