/* gp-slide-painter.c — paints a deck's slides, on screen and in the PDF handed out after the
 * meeting
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <cairo-pdf.h>
#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "gp-chart-export.h"
#include "gp-chart-text.h"
#include "gp-file.h"
#include "gp-format.h"
#include "gp-slide-deck-private.h"

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
  g_autoptr(PangoLayout) layout = gp_slide_new_layout (canvas, text, size, bold, width);
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
      while (size > SMALLEST_TITLE_SIZE && gp_slide_text_height (canvas, slide->title, size, TRUE,
                                                                 width) > CONTENT_TOP - TITLE_TOP)
        size -= 4;
      draw_text (canvas, slide->title, size, TRUE, MARGIN, TITLE_TOP, width,
                 CONTENT_TOP - TITLE_TOP, &canvas->style.foreground, PANGO_ALIGN_LEFT);
    }

  if (slide->as_of != NULL)
    {
      gboolean stale = slide->stale;
      g_autofree char *as_of = gp_slide_as_of_text (slide);

      /* The date names the figure it dates: all the foot but the number's room. */
      draw_text (canvas, as_of, FOOTER_SIZE, FALSE, MARGIN, footer_y, 2 * half - NUMBER_WIDTH,
                 FOOTER_HEIGHT, stale ? &canvas->style.warning : &canvas->style.muted,
                 PANGO_ALIGN_LEFT);
    }
  draw_text (canvas, number, FOOTER_SIZE, FALSE, MARGIN + 2 * half - NUMBER_WIDTH, footer_y,
             NUMBER_WIDTH, FOOTER_HEIGHT, &canvas->style.muted, PANGO_ALIGN_RIGHT);
}

/* Draws the columns' titles at @y; returns the height they take. */
static double
draw_header (GpSlideDeck *self,
             Canvas      *canvas,
             double       y)
{
  GpComparisonTable *table = self->table;
  double label_width, column_width, text_width, title_size;
  double height = gp_slide_header_height (canvas, table, &title_size);

  gp_slide_table_geometry (canvas->width, table->columns->len, &label_width, &column_width);
  text_width = column_width - 2 * CELL_PAD_X;
  for (guint c = 0; c < table->columns->len; c++)
    {
      GpComparisonColumn *column = g_ptr_array_index (table->columns, c);
      double x = MARGIN + label_width + c * column_width + CELL_PAD_X;
      g_autofree char *title = gp_slide_breakable_name (column->title);
      double title_h = gp_slide_text_height (canvas, title, title_size, TRUE, text_width);

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

  gp_slide_table_geometry (canvas->width, table->columns->len, &label_width, &column_width);
  y += draw_header (self, canvas, y);

  for (guint i = 0; i < slide->rows->len; i++)
    {
      GpComparisonRow *row = g_ptr_array_index (table->rows, g_array_index (slide->rows, guint, i));
      double cell_size;
      double height = gp_slide_row_height (canvas, row, table->columns->len, &cell_size);

      for (guint c = 0; canvas->problems != NULL && c < row->cells->len; c++)
        if (gp_slide_breaks_words (canvas, gp_comparison_row_get_cell (row, c)->text, cell_size,
                                   column_width - 2 * CELL_PAD_X))
          g_string_append_printf (canvas->problems, "slide %u: “%s” is broken inside a word\n",
                                  canvas->index + 1, gp_comparison_row_get_cell (row, c)->text);

      if ((int) row->group != group)
        {
          double heading = gp_slide_heading_height (canvas, row->group);

          group = row->group;
          draw_text (canvas, gp_comparison_group_get_title (row->group), HEADING_SIZE, TRUE, MARGIN,
                     y + CELL_PAD_Y, canvas->width - 2 * MARGIN, heading - CELL_PAD_Y,
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
  double heading = gp_slide_list_heading_height (canvas, row);
  double name_width, text_width;
  double y = CONTENT_TOP;

  gp_slide_list_geometry (canvas->width, &name_width, &text_width);
  draw_text (canvas, row->label, HEADING_SIZE, TRUE, MARGIN, y, canvas->width - 2 * MARGIN, heading,
             &canvas->style.series[0], PANGO_ALIGN_LEFT);
  y += heading;

  for (guint c = slide->first; c < slide->first + slide->count; c++)
    {
      GpComparisonColumn *column = g_ptr_array_index (table->columns, c);
      GpComparisonCell *cell = gp_comparison_row_get_cell (row, c);
      double height = gp_slide_list_item_height (canvas, table, row, c);
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

/* A bar chart's slide has every platform's bar, or it is a problem. */
static void
check_platforms (Canvas              *canvas,
                 Slide               *slide,
                 const GpChartLayout *layout)
{
  guint shown = 0, all = 0;

  if (slide->chart != GP_CHART_KIND_COST && slide->chart != GP_CHART_KIND_BREAKDOWN)
    return;
  for (guint i = 0; i < gp_chart_data_get_n_items (slide->data); i++)
    all += gp_chart_data_get_item (slide->data, i)->platform_best;
  for (guint i = 0; i < layout->shown->len; i++)
    shown +=
        gp_chart_data_get_item (slide->data, g_array_index (layout->shown, int, i))->platform_best;
  if (shown < all)
    g_string_append_printf (canvas->problems, "slide %u: the chart has %u of %u platforms\n",
                            canvas->index + 1, shown, all);
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

  g_autoptr(GpChartLayoutCache) layouts = gp_chart_layout_cache_new ();

  cairo_save (canvas->cr);
  cairo_translate (canvas->cr, MARGIN, TITLE_TOP);
  cairo_scale (canvas->cr, scale, scale);
  gp_chart_draw (canvas->cr, layouts, slide->chart, slide->data, &canvas->style, width / scale,
                 height / scale);
  cairo_restore (canvas->cr);
  canvas->smallest =
      MIN (canvas->smallest, gp_chart_get_smallest_text_size (&canvas->style) * scale);
  if (canvas->problems != NULL)
    check_platforms (canvas, slide,
                     gp_chart_layout_cache_get (layouts, slide->chart, slide->data, &canvas->style,
                                                width / scale, height / scale));
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
      g_autofree char *title = gp_slide_choice_title (choice, i + 1);
      g_autofree char *figures = gp_slide_choice_figures (choice);
      const char *const *reasons = gp_choice_get_reasons (choice);
      double h;

      h = gp_slide_text_height (canvas, title, CHOICE_SIZE, TRUE, width);
      draw_text (canvas, title, CHOICE_SIZE, TRUE, MARGIN, y, width, h, &canvas->style.foreground,
                 PANGO_ALIGN_LEFT);
      y += h;
      h = gp_slide_text_height (canvas, figures, BODY_SIZE, FALSE, width);
      draw_text (canvas, figures, BODY_SIZE, FALSE, MARGIN, y, width, h, &canvas->style.series[0],
                 PANGO_ALIGN_LEFT);
      y += h;
      for (guint r = 0; r < REASONS_SHOWN && reasons[r] != NULL; r++)
        {
          g_autofree char *bullet =
              g_strconcat ("• ", gp_recommendation_reason_text (reasons[r]), NULL);

          h = gp_slide_reason_height (canvas, reasons[r]);
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
          h = gp_slide_text_height (canvas, heading, LABEL_SIZE, TRUE, width);
          draw_text (canvas, heading, LABEL_SIZE, TRUE, MARGIN, y, width, h, &canvas->style.muted,
                     PANGO_ALIGN_LEFT);
          y += h + 8;
        }
      h = gp_slide_text_height (canvas, slide->lines[i], size, main_option, width);
      draw_text (canvas, slide->lines[i], size, main_option, MARGIN, y, width, h, color,
                 PANGO_ALIGN_LEFT);
      y += h + 16;
    }

  if (canvas->problems != NULL && y > CONTENT_BOTTOM + 0.5)
    g_string_append_printf (canvas->problems, "slide %u: the text runs to %.0f, below %.0f\n",
                            canvas->index + 1, y, CONTENT_BOTTOM);
}

/* Draws the slide scaled to the area, centred; an area wider than 16:9 or narrower than 4:3
 * leaves bands at its sides or above and below. */
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

  slide = gp_slide_deck_nth_slide (self, index);
  aspect = CLAMP (width / height, 4.0 / 3.0, 16.0 / 9.0);
  canvas_width = GP_SLIDE_HEIGHT * aspect;
  scale = MIN (width / canvas_width, height / GP_SLIDE_HEIGHT);

  cairo_save (cr);
  gp_slide_canvas_init (&canvas, cr, canvas_width, dark);
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

/* The deck for after the meeting: one 16:9 page a slide (13.33 × 7.5 inches, the size of a
 * widescreen presentation), in the light style, drawn by the same code as the screen. */
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

/* Writes gp_slide_deck_to_pdf() to @file, whole or not at all: a file there before is
 * replaced only once the new one is written. */
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
