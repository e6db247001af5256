/* gp-slide-canvas.c — a slide's canvas and the measures of its text, for planning the slides
 * and painting them alike
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "gp-chart-text.h"
#include "gp-format.h"
#include "gp-slide-deck-private.h"

void
gp_slide_canvas_init (Canvas  *canvas,
             cairo_t *cr,
             double   width,
             gboolean dark)
{
  GpChartStyle colors;

  *canvas = (Canvas){ cr };
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

PangoLayout *
gp_slide_new_layout (Canvas     *canvas,
            const char *text,
            double      size,
            gboolean    bold,
            double      width)
{
  canvas->smallest = MIN (canvas->smallest, size);
  return gp_chart_text_layout (canvas->cr, canvas->style.font_family, text, size, bold, width);
}

double
gp_slide_text_height (Canvas     *canvas,
             const char *text,
             double      size,
             gboolean    bold,
             double      width)
{
  g_autoptr(PangoLayout) layout = gp_slide_new_layout (canvas, text, size, bold, width);
  PangoRectangle logical;

  pango_layout_get_extents (layout, NULL, &logical);
  return (double) logical.height / PANGO_SCALE;
}

/* "Prices as of 2026-01-21 (stale)": the foot of a slide, with the date of its oldest figure. */
char *
gp_slide_as_of_text (Slide *slide)
{
  gboolean stale = slide->stale;

  if (slide->as_of == NULL)
    return NULL;

  if (slide->kind == GP_SLIDE_COMPARISON && slide->oldest != NULL)
    return stale
               /* Translators: at the foot of a slide of the comparison; the date of its oldest
                * figure and whose it is, older than the limit of Preferences */
               ? g_strdup_printf (_("Figures as of %s, the oldest: %s (stale)"), slide->as_of,
                                  slide->oldest)
               /* Translators: at the foot of a slide of the comparison; the date of its oldest
                * figure and whose it is */
               : g_strdup_printf (_("Figures as of %s, the oldest: %s"), slide->as_of,
                                  slide->oldest);
  if (slide->kind == GP_SLIDE_COMPARISON)
    /* A comparison holds more than prices: features and limits, each of its date. */
    return stale
               /* Translators: at the foot of a slide of the comparison; the date of its oldest
                * figure, older than the limit of Preferences */
               ? g_strdup_printf (_("Figures as of %s (stale)"), slide->as_of)
               /* Translators: at the foot of a slide of the comparison; the date of its oldest
                  figure */
               : g_strdup_printf (_("Figures as of %s"), slide->as_of);

  if (slide->oldest != NULL)
    return stale
               /* Translators: at the foot of a slide; the date of its oldest figure, and which
                * it is (a bar, an option or a platform), older than the limit of Preferences:
                * "Prices as of 2024-12-30, the oldest: Alibaba Cloud · ecs.gn6i (stale)" */
               ? g_strdup_printf (_("Prices as of %s, the oldest: %s (stale)"), slide->as_of,
                                  slide->oldest)
               /* Translators: at the foot of a slide; the date of its oldest figure, and which
                * it is */
               : g_strdup_printf (_("Prices as of %s, the oldest: %s"), slide->as_of,
                                  slide->oldest);

  return stale
             /* Translators: at the foot of a slide; the date of its oldest price, older than the
              * limit of Preferences */
             ? g_strdup_printf (_("Prices as of %s (stale)"), slide->as_of)
             /* Translators: at the foot of a slide; the date of its oldest price */
             : g_strdup_printf (_("Prices as of %s"), slide->as_of);
}

void
gp_slide_table_geometry (double  canvas_width,
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
char *
gp_slide_breakable_name (const char *name)
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

const char *
gp_slide_column_title (GpComparisonTable *table,
              guint              column)
{
  return ((GpComparisonColumn *) g_ptr_array_index (table->columns, column))->title;
}

/* Whether @text, wrapped at @width, has a word that has to be broken. */
gboolean
gp_slide_breaks_words (Canvas     *canvas,
              const char *text,
              double      size,
              double      width)
{
  g_autoptr(PangoLayout) layout = gp_slide_new_layout (canvas, text, size, TRUE, width);
  PangoRectangle logical;

  pango_layout_set_wrap (layout, PANGO_WRAP_WORD);
  pango_layout_get_extents (layout, NULL, &logical);
  return (double) logical.width / PANGO_SCALE > width + 0.5;
}

/* The size of the columns' titles: as large as lets every name keep its words whole, for
 * "p5.48xla-rge" is no name anyone recognises. */
double
gp_slide_header_title_size (Canvas            *canvas,
                   GpComparisonTable *table,
                   double             text_width)
{
  for (double size = CELL_SIZE; size > GP_SLIDE_SMALLEST_TEXT; size -= 2)
    {
      gboolean fits = TRUE;

      for (guint c = 0; fits && c < table->columns->len; c++)
        {
          g_autofree char *title = gp_slide_breakable_name (gp_slide_column_title (table, c));

          fits = !gp_slide_breaks_words (canvas, title, size, text_width);
        }
      if (fits)
        return size;
    }

  return GP_SLIDE_SMALLEST_TEXT;
}

/* The height of the columns' titles and subtitles, and the size the titles are set in. */
double
gp_slide_header_height (Canvas            *canvas,
               GpComparisonTable *table,
               double            *title_size_out)
{
  double label_width, column_width, text_width, title_size, height = 0;

  gp_slide_table_geometry (canvas->width, table->columns->len, &label_width, &column_width);
  text_width = column_width - 2 * CELL_PAD_X;
  title_size = gp_slide_header_title_size (canvas, table, text_width);
  for (guint c = 0; c < table->columns->len; c++)
    {
      GpComparisonColumn *column = g_ptr_array_index (table->columns, c);
      g_autofree char *title = gp_slide_breakable_name (column->title);

      height = MAX (height, gp_slide_text_height (canvas, title, title_size, TRUE, text_width) +
                                gp_slide_text_height (canvas, column->subtitle, SUBTITLE_SIZE,
                                                      FALSE, text_width));
    }

  if (title_size_out != NULL)
    *title_size_out = title_size;
  return height + 2 * CELL_PAD_Y;
}

/* The size of a row's cells: as large as keeps each figure whole, for a date broken as
 * "2024-12-1" over "3" reads as another date. */
double
gp_slide_row_cell_size (Canvas          *canvas,
               GpComparisonRow *row,
               double           text_width)
{
  for (double size = CELL_SIZE; size > GP_SLIDE_SMALLEST_TEXT; size -= 2)
    {
      gboolean fits = TRUE;

      for (guint c = 0; fits && c < row->cells->len; c++)
        fits = !gp_slide_breaks_words (canvas, gp_comparison_row_get_cell (row, c)->text, size,
                                       text_width);
      if (fits)
        return size;
    }

  return GP_SLIDE_SMALLEST_TEXT;
}

/* The height of a row, and the size its cells are set in. */
double
gp_slide_row_height (Canvas          *canvas,
            GpComparisonRow *row,
            guint            n_columns,
            double          *cell_size_out)
{
  double label_width, column_width, text_width, cell_size;
  double height;

  gp_slide_table_geometry (canvas->width, n_columns, &label_width, &column_width);
  text_width = column_width - 2 * CELL_PAD_X;
  cell_size = gp_slide_row_cell_size (canvas, row, text_width);
  height =
      gp_slide_text_height (canvas, row->label, LABEL_SIZE, FALSE, label_width - 2 * CELL_PAD_X);
  for (guint c = 0; c < row->cells->len; c++)
    height = MAX (
        height, gp_slide_text_height (canvas, gp_comparison_row_get_cell (row, c)->text, cell_size,
                                      gp_comparison_row_get_cell (row, c)->best, text_width));

  if (cell_size_out != NULL)
    *cell_size_out = cell_size;
  return height + 2 * CELL_PAD_Y;
}

double
gp_slide_heading_height (Canvas            *canvas,
                GpComparisonGroup  group)
{
  return gp_slide_text_height (canvas, gp_comparison_group_get_title (group), HEADING_SIZE, TRUE,
                               0) +
         CELL_PAD_Y * 2;
}

void
gp_slide_list_geometry (double  canvas_width,
               double *name_width,
               double *text_width)
{
  double content = canvas_width - 2 * MARGIN;

  *name_width = content * 0.3;
  *text_width = content - *name_width;
}

double
gp_slide_list_heading_height (Canvas          *canvas,
                     GpComparisonRow *row)
{
  return gp_slide_text_height (canvas, row->label, HEADING_SIZE, TRUE, canvas->width - 2 * MARGIN) +
         CELL_PAD_Y * 2;
}

double
gp_slide_list_item_height (Canvas            *canvas,
                  GpComparisonTable *table,
                  GpComparisonRow   *row,
                  guint              column)
{
  GpComparisonColumn *title = g_ptr_array_index (table->columns, column);
  GpComparisonCell *cell = gp_comparison_row_get_cell (row, column);
  double name_width, text_width;

  gp_slide_list_geometry (canvas->width, &name_width, &text_width);
  return MAX (gp_slide_text_height (canvas, title->title, CELL_SIZE, TRUE,
                                    name_width - 2 * CELL_PAD_X),
              gp_slide_text_height (canvas, cell->text, CELL_SIZE, cell->best,
                                    text_width - 2 * CELL_PAD_X)) +
         2 * CELL_PAD_Y;
}

char *
gp_slide_estimate_title (GpEstimate *estimate,
                guint       rank)
{
  g_autofree char *label = gp_estimate_dup_label (estimate);
  g_autofree char *place = gp_offer_dup_region_label (gp_estimate_get_offer (estimate));

  const char *reach = gp_estimate_get_reach_mark (estimate);

  if (reach != NULL)
    /* Translators: a recommended option with its rank, region and how a lab in mainland China
     * reaches it: "1. Lambda gpu_1x_a100 · Virginia (us-east-1) · across the border" */
    return g_strdup_printf (_("%u. %s · %s · %s"), rank, label, place, reach);
  /* Translators: a recommended option with its rank and region: "1. Lambda gpu_1x_a100 ·
   * Virginia (us-east-1)" */
  return g_strdup_printf (_("%u. %s · %s"), rank, label, place);
}

char *
gp_slide_choice_title (GpChoice *choice,
              guint     rank)
{
  return gp_slide_estimate_title (gp_choice_get_estimate (choice), rank);
}

char *
gp_slide_estimate_figures (GpEstimate *estimate)
{
  g_autofree char *total =
      gp_format_money (gp_estimate_get_total_cost (estimate), gp_estimate_get_currency (estimate));

  /* Translators: the cost and time of a recommended option: "$281.68 in all, 142 hours" */
  return g_strdup_printf (_("%s in all, %.0f hours"), total,
                          gp_estimate_get_wall_hours (estimate));
}

char *
gp_slide_choice_figures (GpChoice *choice)
{
  return gp_slide_estimate_figures (gp_choice_get_estimate (choice));
}

double
gp_slide_reason_height (Canvas     *canvas,
               const char *reason)
{
  g_autofree char *bullet = g_strconcat ("• ", gp_recommendation_reason_text (reason), NULL);

  return gp_slide_text_height (canvas, bullet, BODY_SIZE, FALSE, canvas->width - 2 * MARGIN - 32) +
         16;
}

Slide *
gp_slide_deck_nth_slide (GpSlideDeck *self,
           guint        index)
{
  g_return_val_if_fail (index < self->slides->len, NULL);
  return g_ptr_array_index (self->slides, index);
}
