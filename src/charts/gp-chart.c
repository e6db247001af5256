/* gp-chart.c — the charts, drawn on any cairo context: screen, PNG, SVG or PDF
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One function draws each chart from (data, style, size); the widget, the exports and the
 * tests all call it. Drawing is in two steps: a layout (gp-chart-layout.c: where the plot, the
 * rows, the points and every label go), then painting, here. Hit testing reads the same layout,
 * so the pointer always finds what is drawn; where labels go is gp-label-placer.c's choice.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <pango/pangocairo.h>

#include "gp-chart.h"
#include "gp-chart-layout.h"
#include "gp-chart-text.h"
#include "gp-chart-ticks.h"
#include "gp-label-placer.h"
#include "gp-cost-model.h"
#include "gp-format.h"

static void
set_color (cairo_t            *cr,
           const GpChartColor *color)
{
  cairo_set_source_rgb (cr, color->red, color->green, color->blue);
}

static const GpChartColor *
series_color (const GpChartStyle *style,
              guint               index)
{
  return &style->series[index % GP_CHART_N_SERIES];
}

/* Hatching that tells series apart without colour: none, diagonal, cross, horizontal, back
 * diagonal, vertical. */
static void
fill_pattern (cairo_t            *cr,
              const GpChartStyle *style,
              guint               index,
              const GpChartRect  *rect)
{
  guint pattern = index % GP_CHART_N_SERIES;
  double span = rect->width + rect->height;

  if (!style->patterns || pattern == 0 || rect->width <= 0 || rect->height <= 0)
    return;

  cairo_save (cr);
  cairo_rectangle (cr, rect->x, rect->y, rect->width, rect->height);
  cairo_clip (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_set_line_width (cr, 0.6);
  for (double d = -span; d < span; d += 3.5)
    {
      if (pattern == 1 || pattern == 2)
        {
          cairo_move_to (cr, rect->x + d, rect->y + rect->height);
          cairo_line_to (cr, rect->x + d + rect->height, rect->y);
        }
      if (pattern == 2 || pattern == 4)
        {
          cairo_move_to (cr, rect->x + d, rect->y);
          cairo_line_to (cr, rect->x + d + rect->height, rect->y + rect->height);
        }
      if (pattern == 3 && d >= 0 && d < rect->height)
        {
          cairo_move_to (cr, rect->x, rect->y + d);
          cairo_line_to (cr, rect->x + rect->width, rect->y + d);
        }
      if (pattern == 5 && d >= 0 && d < rect->width)
        {
          cairo_move_to (cr, rect->x + d, rect->y);
          cairo_line_to (cr, rect->x + d, rect->y + rect->height);
        }
    }
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
stroke_line (cairo_t *cr,
             double   x0,
             double   y0,
             double   x1,
             double   y1)
{
  cairo_move_to (cr, x0, y0);
  cairo_line_to (cr, x1, y1);
  cairo_stroke (cr);
}

static void
fill_rect (cairo_t            *cr,
           const GpChartStyle *style,
           guint               series,
           const GpChartRect  *rect)
{
  set_color (cr, series_color (style, series));
  cairo_rectangle (cr, rect->x, rect->y, rect->width, rect->height);
  cairo_fill (cr);
  fill_pattern (cr, style, series, rect);
  if (style->patterns)
    {
      cairo_set_source_rgb (cr, 0, 0, 0);
      cairo_set_line_width (cr, 0.5);
      cairo_rectangle (cr, rect->x, rect->y, rect->width, rect->height);
      cairo_stroke (cr);
    }
}

/* gp_chart_check()'s findings, kept with the cairo context it draws on. */
static const cairo_user_data_key_t check_key;

typedef struct
{
  GString *problems;
  GArray *texts;      /* GpChartRect: the text drawn so far */
  GPtrArray *strings; /* their text, to name them */
  double width;
  double height;
} Check;

/* Text a check finds wrong: cut, off the canvas, or over text drawn before it. */
static void
check_text (Check       *check,
            PangoLayout *layout,
            double       x,
            double       y)
{
  const char *text = pango_layout_get_text (layout);
  GpChartRect rect = { x, y, 0, 0 };

  gp_chart_text_size (layout, &rect.width, &rect.height);
  if (pango_layout_is_ellipsized (layout))
    g_string_append_printf (check->problems, "“%s” is cut\n", text);
  if (rect.x < -0.5 || rect.y < -0.5 || rect.x + rect.width > check->width + 0.5 ||
      rect.y + rect.height > check->height + 0.5)
    g_string_append_printf (check->problems, "“%s” leaves the canvas\n", text);
  for (guint i = 0; i < check->texts->len; i++)
    {
      const GpChartRect *other = &g_array_index (check->texts, GpChartRect, i);

      if (rect.x + 0.5 < other->x + other->width && other->x + 0.5 < rect.x + rect.width &&
          rect.y + 0.5 < other->y + other->height && other->y + 0.5 < rect.y + rect.height)
        g_string_append_printf (check->problems, "“%s” at (%.0f, %.0f) overlaps “%s”\n", text,
                                rect.x, rect.y,
                                (const char *) g_ptr_array_index (check->strings, i));
    }
  g_array_append_val (check->texts, rect);
  g_ptr_array_add (check->strings, g_strdup (text));
}

static void
draw_text (cairo_t            *cr,
           PangoLayout        *layout,
           const GpChartColor *color,
           double              x,
           double              y)
{
  Check *check = cairo_get_user_data (cr, &check_key);

  if (check != NULL)
    check_text (check, layout, x, y);
  set_color (cr, color);
  cairo_move_to (cr, x, y);
  pango_cairo_show_layout (cr, layout);
}

static void
draw_frame (cairo_t            *cr,
            GpChartKind         kind,
            GpChartData        *data,
            const GpChartStyle *style,
            const GpChartLayout       *layout)
{
  g_autoptr(PangoLayout) title =
      gp_chart_title_layout (cr, kind, data, style, layout->title.width);
  /* Cited as the frame was laid out for, so that it fills its room exactly. */
  g_autoptr(PangoLayout) note = gp_chart_footnote_layout (
      cr, data, style, layout->footnote_for != NULL ? layout->footnote_for : layout->shown,
      layout->not_shown, layout->footnote.width, layout->note_pt, layout->note_list);
  const char *labels[GP_CHART_N_SERIES];
  guint series[GP_CHART_N_SERIES];
  guint n = gp_chart_legend_entries (kind, data, layout->shown, labels, series);
  double line = gp_chart_line_height (cr, style, LABEL_PT);
  double x = layout->legend.x, y = layout->legend.y;

  set_color (cr, &style->background);
  cairo_paint (cr);

  draw_text (cr, title, &style->foreground, layout->title.x, layout->title.y);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(PangoLayout) label = gp_chart_label_layout (cr, style, labels[i], LABEL_PT, FALSE);
      GpChartRect swatch;
      double label_w;

      gp_chart_text_size (label, &label_w, NULL);
      if (x > layout->legend.x &&
          x + line * 1.4 + label_w > layout->legend.x + layout->legend.width)
        {
          x = layout->legend.x;
          y += line * 1.3;
        }

      swatch = (GpChartRect) { x, y + line * 0.15, line * 0.9, line * 0.7 };
      fill_rect (cr, style, series[i], &swatch);
      draw_text (cr, label, &style->foreground, x + line * 1.2, y);
      x += line * 1.4 + label_w + line;
    }

  if (gp_chart_kind_is_lines (kind) && layout->highlighted < layout->shown->len)
    {
      g_autofree char *text = gp_chart_dup_grey_legend (layout->shown->len - layout->highlighted);
      g_autoptr(PangoLayout) label = gp_chart_label_layout (cr, style, text, LABEL_PT, FALSE);

      set_color (cr, &style->grid);
      cairo_set_line_width (cr, 2);
      stroke_line (cr, x, y + line * 0.5, x + line * 0.9, y + line * 0.5);
      draw_text (cr, label, &style->foreground, x + line * 1.2, y);
    }

  if (style->footnote)
    draw_text (cr, note, &style->muted, layout->footnote.x, layout->footnote.y);
}

/* Vertical grid lines and their labels under the plot; labels that would touch are skipped. */
static void
draw_x_axis (cairo_t            *cr,
             const GpChartStyle *style,
             const GpChartLayout       *layout,
             const char         *title)
{
  const GpChartTicks *ticks = &layout->x_ticks;
  double bottom = layout->plot.y + layout->plot.height;
  double last_right = -G_MAXDOUBLE;
  int decimals = gp_chart_tick_decimals (ticks->step);
  g_autoptr(PangoLayout) title_layout = gp_chart_label_layout (cr, style, title, AXIS_PT, FALSE);
  double title_w, label_h = gp_chart_line_height (cr, style, AXIS_PT);

  cairo_set_line_width (cr, 0.5);
  for (guint i = 0; i < ticks->count; i++)
    {
      double value = ticks->min + i * ticks->step;
      double x = gp_chart_layout_x (layout, value);
      g_autofree char *text = gp_format_number (value, decimals);
      g_autoptr(PangoLayout) label = gp_chart_label_layout (cr, style, text, AXIS_PT, FALSE);
      double label_w;

      set_color (cr, &style->grid);
      cairo_move_to (cr, round (x) + 0.25, layout->plot.y);
      cairo_line_to (cr, round (x) + 0.25, bottom);
      cairo_stroke (cr);

      gp_chart_text_size (label, &label_w, NULL);
      if (x - label_w / 2 < last_right + label_h * 0.5 ||
          x + label_w / 2 > layout->canvas.width - 2)
        continue;
      draw_text (cr, label, &style->muted, x - label_w / 2, bottom + label_h * 0.2);
      last_right = x + label_w / 2;
    }

  gp_chart_text_size (title_layout, &title_w, NULL);
  draw_text (cr, title_layout, &style->foreground,
             layout->plot.x + (layout->plot.width - title_w) / 2, bottom + label_h * 1.35);
}

static void
draw_y_axis (cairo_t            *cr,
             const GpChartStyle *style,
             const GpChartLayout       *layout,
             const char         *title)
{
  const GpChartTicks *ticks = &layout->y_ticks;
  int decimals = gp_chart_tick_decimals (ticks->step);
  double label_h = gp_chart_line_height (cr, style, AXIS_PT);
  double last_top = G_MAXDOUBLE;
  g_autoptr(PangoLayout) title_layout = gp_chart_label_layout (cr, style, title, AXIS_PT, FALSE);
  double title_w;

  cairo_set_line_width (cr, 0.5);
  for (guint i = 0; i < ticks->count; i++)
    {
      double value = ticks->min + i * ticks->step;
      double y = gp_chart_layout_y (layout, value);
      g_autofree char *text = gp_format_number (value, decimals);
      g_autoptr(PangoLayout) label = gp_chart_label_layout (cr, style, text, AXIS_PT, FALSE);
      double label_w;

      set_color (cr, &style->grid);
      cairo_move_to (cr, layout->plot.x, round (y) + 0.25);
      cairo_line_to (cr, layout->plot.x + layout->plot.width, round (y) + 0.25);
      cairo_stroke (cr);

      if (y + label_h / 2 > last_top - label_h * 0.2)
        continue;
      gp_chart_text_size (label, &label_w, NULL);
      draw_text (cr, label, &style->muted, layout->plot.x - label_w - label_h * 0.4,
                 y - label_h / 2);
      last_top = y - label_h / 2;
    }

  /* The axis title, turned to read upwards. */
  gp_chart_text_size (title_layout, &title_w, NULL);
  cairo_save (cr);
  cairo_move_to (cr, layout->canvas.x + MARGIN_PT * 0.6 * MIN (style->font_scale, 1.3),
                 layout->plot.y + (layout->plot.height + MIN (title_w, layout->plot.height)) / 2);
  cairo_rotate (cr, -G_PI / 2);
  pango_layout_set_width (title_layout, (int) (layout->plot.height * PANGO_SCALE));
  pango_layout_set_wrap (title_layout, PANGO_WRAP_WORD_CHAR);
  set_color (cr, &style->foreground);
  pango_cairo_update_layout (cr, title_layout);
  pango_cairo_show_layout (cr, title_layout);
  cairo_restore (cr);
  /* The labels after it are upright again: so is the shared context. */
  pango_cairo_update_context (cr, gp_chart_text_context (cr));
}

static void
bar_rect (const GpChartLayout      *layout,
          const GpChartRow         *row,
          double             from,
          double             to,
          GpChartRect       *rect)
{
  double thickness = layout->row_height * 0.68;

  rect->x = gp_chart_layout_x (layout, from);
  rect->width = MAX (gp_chart_layout_x (layout, to) - rect->x, 0);
  /* Narrow, the bar is under its name, in the row's last band; otherwise mid-row. */
  if (layout->narrow)
    rect->y = row->rect.y + row->rect.height - (layout->row_height + thickness) / 2;
  else
    rect->y = row->rect.y + (row->rect.height - thickness) / 2;
  rect->height = thickness;
}

static void
draw_bars (cairo_t            *cr,
           GpChartKind         kind,
           GpChartData        *data,
           const GpChartStyle *style,
           const GpChartLayout       *layout)
{
  double line = gp_chart_line_height (cr, style, LABEL_PT);
  g_autofree char *axis_title = gp_chart_data_dup_value_title (data);

  /* Never an empty plot: with no bar, the plot says why. */
  if (layout->rows->len == 0)
    {
      g_autoptr(PangoLayout) why = gp_chart_label_layout (
          cr, style,
          gp_chart_data_get_n_items (data) == 0
              ? _("No bar to draw: no option can run the job as asked")
              : _("No room for a bar at this size: the chart needs more height"),
          LABEL_PT, FALSE);

      pango_layout_set_width (why, (int) (layout->plot.width * PANGO_SCALE));
      pango_layout_set_wrap (why, PANGO_WRAP_WORD_CHAR);
      draw_text (cr, why, &style->muted, layout->plot.x, layout->plot.y);
      return;
    }
  draw_x_axis (cr, style, layout, axis_title);

  for (guint r = 0; r < layout->rows->len; r++)
    {
      const GpChartRow *row = &g_array_index (layout->rows, GpChartRow, r);
      const GpChartItem *item;
      g_autoptr(PangoLayout) label = NULL;
      g_autoptr(PangoLayout) value = NULL;
      g_autofree char *value_text = NULL;
      GpChartRect bar = { 0 };
      double label_w, label_h, value_w, text_y = row->rect.y + (row->rect.height - line) / 2;

      if (row->item < 0)
        {
          label = gp_chart_label_layout (cr, style, gp_estimate_pricing_get_label (row->group),
                                         LABEL_PT, TRUE);
          draw_text (cr, label, &style->foreground, layout->canvas.x + MARGIN_PT *
                     MIN (style->font_scale, 1.3), text_y);
          continue;
        }

      item = gp_chart_data_get_item (data, row->item);

      /* The category, right-aligned against the plot, wrapped in its column; narrow, above
       * its bar, across the plot. */
      if (layout->narrow)
        {
          label = gp_chart_bar_label_layout (cr, kind, style, item, layout->plot.width);
          pango_layout_set_alignment (label, PANGO_ALIGN_LEFT);
          draw_text (cr, label, &style->foreground, layout->plot.x, row->rect.y);
          text_y = row->rect.y + row->rect.height - (layout->row_height + line) / 2;
        }
      else
        {
          label =
              gp_chart_bar_label_layout (cr, kind, style, item, layout->label_width - line * 0.6);
          gp_chart_text_size (label, &label_w, &label_h);
          draw_text (cr, label, &style->foreground, layout->plot.x - layout->label_width,
                     row->rect.y + (row->rect.height - label_h) / 2);
        }

      if (kind == GP_CHART_KIND_COST)
        {
          bar_rect (layout, row, 0, item->total, &bar);
          fill_rect (cr, style, item->group, &bar);
        }
      else
        {
          double start = 0;

          for (guint part = 0; part < GP_CHART_N_PARTS; part++)
            {
              GpChartRect segment;

              if (item->parts[part] <= 0)
                continue;
              bar_rect (layout, row, start, start + item->parts[part], &segment);
              fill_rect (cr, style, part, &segment);
              start += item->parts[part];
            }
          bar_rect (layout, row, 0, item->total, &bar);
        }

      /* The value after the bar; inside its end when the plot is too narrow for it there. */
      value_text = gp_chart_dup_value_text (data, style, layout, row->item);
      value = gp_chart_label_layout (cr, style, value_text, LABEL_PT, FALSE);
      gp_chart_text_size (value, &value_w, NULL);
      if (bar.x + bar.width + line * 0.3 + value_w <= layout->plot.x + layout->plot.width)
        draw_text (cr, value, &style->foreground, bar.x + bar.width + line * 0.3, text_y);
      else if (value_w + line * 0.6 <= bar.width)
        draw_text (cr, value, &style->background, bar.x + bar.width - value_w - line * 0.3,
                   text_y);
    }
}

/* Labels go in the plot or in the free margin right of it; left of it stand the cost axis's
 * figures and title. */
static void
placer_init (GpLabelPlacer *placer,
             const GpChartLayout  *layout)
{
  GpChartRect bounds = layout->plot;

  bounds.width = layout->canvas.width - 1 - layout->plot.x;
  gp_label_placer_init (placer, &bounds);
}

static void
point_position (const GpChartLayout      *layout,
                const GpChartItem *item,
                double            *x,
                double            *y)
{
  *x = gp_chart_layout_x (layout, item->hours);
  *y = gp_chart_layout_y (layout, item->total);
}

static void
draw_points (cairo_t            *cr,
             GpChartData        *data,
             const GpChartStyle *style,
             const GpChartLayout       *layout)
{
  double line = gp_chart_line_height (cr, style, LABEL_PT);
  double radius = line * 0.28;
  g_autofree char *y_title = gp_chart_data_dup_value_title (data);
  const char *across = gp_chart_data_get_across_title (data);
  g_autoptr(GArray) front = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) named = NULL;
  g_auto(GpLabelPlacer) placer = { 0 };

  placer_init (&placer, layout);
  draw_x_axis (cr, style, layout, across != NULL ? across : _("Time to finish (hours)"));
  draw_y_axis (cr, style, layout, y_title);

  for (guint i = 0; i < layout->shown->len; i++)
    if (gp_chart_data_get_item (data, g_array_index (layout->shown, int, i))->pareto)
      g_array_append_val (front, g_array_index (layout->shown, int, i));

  g_array_sort_with_data (front, gp_chart_compare_by_hours, data);

  /* The Pareto front as a line from the fastest to the cheapest. */
  set_color (cr, &style->foreground);
  cairo_set_line_width (cr, 1.2);
  for (guint i = 0; i < front->len; i++)
    {
      const GpChartItem *item = gp_chart_data_get_item (data, g_array_index (front, int, i));
      double x, y;

      point_position (layout, item, &x, &y);
      if (i == 0)
        cairo_move_to (cr, x, y);
      else
        {
          double x0, y0;

          cairo_get_current_point (cr, &x0, &y0);
          gp_label_placer_mark_segment (&placer, x0, y0, x, y, radius);
          cairo_line_to (cr, x, y);
        }
    }
  cairo_stroke (cr);

  for (guint i = 0; i < layout->shown->len; i++)
    {
      const GpChartItem *item =
          gp_chart_data_get_item (data, g_array_index (layout->shown, int, i));
      double x, y, r = item->pareto ? radius * 1.6 : radius;
      GpChartRect mark;

      point_position (layout, item, &x, &y);
      set_color (cr, series_color (style, item->group));
      cairo_arc (cr, x, y, r, 0, 2 * G_PI);
      cairo_fill_preserve (cr);
      set_color (cr, item->pareto ? &style->foreground : &style->background);
      cairo_set_line_width (cr, item->pareto ? 1.2 : 0.6);
      cairo_stroke (cr);
      mark = (GpChartRect) { x - r, y - r, 2 * r, 2 * r };
      gp_label_placer_take (&placer, &mark);
    }

  /* Labels for the front only: the options worth naming; across another figure than time,
   * the front first, then every other point there is room for. */
  named = g_array_copy (front);
  for (guint i = 0; across != NULL && i < layout->shown->len; i++)
    if (!gp_chart_data_get_item (data, g_array_index (layout->shown, int, i))->pareto)
      g_array_append_val (named, g_array_index (layout->shown, int, i));
  for (guint i = 0; i < named->len; i++)
    {
      const GpChartItem *item = gp_chart_data_get_item (data, g_array_index (named, int, i));
      g_autoptr(PangoLayout) label =
          gp_chart_label_layout (cr, style, item->label, LABEL_PT, FALSE);
      double x, y, w, h;
      GpChartRect where;

      /* Wrapped, never cut; a name with no free spot is left out rather than overlap. */
      /* Across another figure than time, the front's points sit low near the axis: a wider,
       * flatter name fits the little room under them. */
      pango_layout_set_width (
          label, (int) (layout->plot.width * (across != NULL ? 0.6 : 0.35) * PANGO_SCALE));
      pango_layout_set_wrap (label, PANGO_WRAP_WORD_CHAR);
      gp_chart_text_size (label, &w, &h);
      point_position (layout, item, &x, &y);
      if (gp_label_placer_place (&placer, x, y, w, h, radius * 2.5, &where))
        draw_text (cr, label, &style->foreground, where.x, where.y);
    }
}

/* A numbered line chart's key: each number's line, in its colour and dashes, and its name. */
static void
draw_key (cairo_t             *cr,
          GpChartData         *data,
          const GpChartStyle  *style,
          const GpChartLayout *layout)
{
  double line = gp_chart_line_height (cr, style, LABEL_PT);

  for (guint i = 0; i < layout->key_entries->len; i++)
    {
      const GpChartRect *rect = &g_array_index (layout->key_entries, GpChartRect, i);
      const GpChartItem *item =
          gp_chart_data_get_item (data, g_array_index (layout->shown, int, i));
      g_autoptr(PangoLayout) entry =
          gp_chart_key_entry_layout (cr, style, item, i, rect->width - line * 1.2);
      const double *dashes;
      guint n_dashes = gp_chart_style_get_dashes (style, i, &dashes);

      set_color (cr, &style->lines[i]);
      cairo_set_line_width (cr, 1.6);
      cairo_set_dash (cr, dashes, n_dashes, 0);
      stroke_line (cr, rect->x, rect->y + line * 0.5, rect->x + line * 0.9, rect->y + line * 0.5);
      cairo_set_dash (cr, NULL, 0, 0);
      draw_text (cr, entry, &style->foreground, rect->x + line * 1.2, rect->y);
    }
}

/* The spread of a line whose figures move (a purchase's work at another utilisation): a
 * wedge from its start to its band's ends, in its colour, faint. */
static void
draw_band (cairo_t             *cr,
           const GpChartStyle  *style,
           const GpChartLayout *layout,
           const GpChartItem   *item,
           guint                line)
{
  const GpChartColor *color = &style->lines[line];

  if (!(item->high > item->low))
    return;
  cairo_move_to (cr, gp_chart_layout_x (layout, 0), gp_chart_layout_y (layout, item->start));
  cairo_line_to (cr, gp_chart_layout_x (layout, item->hours),
                 gp_chart_layout_y (layout, item->low));
  cairo_line_to (cr, gp_chart_layout_x (layout, item->hours),
                 gp_chart_layout_y (layout, item->high));
  cairo_close_path (cr);
  cairo_set_source_rgba (cr, color->red, color->green, color->blue, 0.12);
  cairo_fill (cr);
}

/* A dashed line across the plot at a moment (buying pays off), named at its top, on the side
 * where its name fits. */
static void
draw_marker (cairo_t             *cr,
             GpChartData         *data,
             const GpChartStyle  *style,
             const GpChartLayout *layout)
{
  static const double dashes[] = { 3, 2 };
  double at, x, w, h, line = gp_chart_line_height (cr, style, LABEL_PT);
  const char *text = gp_chart_data_get_marker (data, &at);
  g_autoptr(PangoLayout) label = NULL;

  if (text == NULL || at > layout->x_ticks.max)
    return;
  x = gp_chart_layout_x (layout, at);
  set_color (cr, &style->foreground);
  cairo_set_line_width (cr, 1);
  cairo_set_dash (cr, dashes, G_N_ELEMENTS (dashes), 0);
  stroke_line (cr, x, layout->plot.y, x, layout->plot.y + layout->plot.height);
  cairo_set_dash (cr, NULL, 0, 0);

  label = gp_chart_label_layout (cr, style, text, LABEL_PT, TRUE);
  pango_layout_set_width (label, (int) (layout->plot.width * 0.45 * PANGO_SCALE));
  pango_layout_set_wrap (label, PANGO_WRAP_WORD_CHAR);
  gp_chart_text_size (label, &w, &h);
  if (x + line * 0.3 + w <= layout->plot.x + layout->plot.width)
    x += line * 0.3;
  else
    x = MAX (x - line * 0.3 - w, layout->plot.x);
  draw_text (cr, label, &style->foreground, x, layout->plot.y + line * 0.2);
}

static void
draw_lines (cairo_t             *cr,
            GpChartKind          kind,
            GpChartData         *data,
            const GpChartStyle  *style,
            const GpChartLayout *layout)
{
  gboolean months = kind == GP_CHART_KIND_BREAKEVEN;
  g_autofree char *y_title =
      months ? gp_chart_data_dup_value_title (data)
             : g_strdup_printf (_("Spent so far (%s)"), gp_chart_data_get_currency (data));
  double line = gp_chart_line_height (cr, style, LABEL_PT);
  double ox = gp_chart_layout_x (layout, 0);

  draw_x_axis (cr, style, layout,
               months ? _("Months since the purchase") : _("Hours since the start"));
  draw_y_axis (cr, style, layout, y_title);

  for (guint i = 0; i < layout->highlighted; i++)
    draw_band (cr, style, layout,
               gp_chart_data_get_item (data, g_array_index (layout->shown, int, i)), i);

  /* The grey lines first, under the ones in colour. */
  set_color (cr, &style->grid);
  cairo_set_line_width (cr, 1);
  for (guint i = layout->highlighted; i < layout->shown->len; i++)
    {
      const GpChartItem *item =
          gp_chart_data_get_item (data, g_array_index (layout->shown, int, i));
      double x, y;

      point_position (layout, item, &x, &y);
      stroke_line (cr, ox, gp_chart_layout_y (layout, item->start), x, y);
    }

  for (guint i = 0; i < layout->highlighted; i++)
    {
      const GpChartItem *item =
          gp_chart_data_get_item (data, g_array_index (layout->shown, int, i));
      const double *dashes;
      guint n_dashes = gp_chart_style_get_dashes (style, i, &dashes);
      double x, y;

      point_position (layout, item, &x, &y);
      set_color (cr, &style->lines[i]);
      cairo_set_line_width (cr, 1.6);
      cairo_set_dash (cr, dashes, n_dashes, 0);
      stroke_line (cr, ox, gp_chart_layout_y (layout, item->start), x, y);
      cairo_set_dash (cr, NULL, 0, 0);
      cairo_arc (cr, x, y, line * 0.25, 0, 2 * G_PI);
      cairo_fill (cr);
    }

  /* Each label at the right of the plot, joined to its line's end by a leader line in the
   * line's colour. */
  for (guint i = 0; layout->labels != NULL && i < layout->labels->len; i++)
    {
      const GpChartLabel *label = &g_array_index (layout->labels, GpChartLabel, i);
      const GpChartItem *item = gp_chart_data_get_item (data, label->item);
      g_autoptr(PangoLayout) text =
          gp_chart_end_label_layout (cr, style, layout, item, label->line, label->rect.width + 0.5);

      if (!label->numbered)
        {
          set_color (cr, &style->lines[label->line]);
          cairo_set_line_width (cr, 0.6);
          stroke_line (cr, label->anchor_x + line * 0.3, label->anchor_y,
                       label->rect.x - line * 0.15, label->rect.y + label->rect.height / 2);
        }
      draw_text (cr, text, &style->foreground, label->rect.x, label->rect.y);
    }

  if (layout->numbered)
    draw_key (cr, data, style, layout);
  draw_marker (cr, data, style, layout);
}

/* Paints the whole canvas: background, title, legend, axes, data, labels and footnote.
 * Nothing is drawn outside (0, 0, @width, @height). */
void
gp_chart_draw (cairo_t            *cr,
               GpChartLayoutCache *cache,
               GpChartKind         kind,
               GpChartData        *data,
               const GpChartStyle *style,
               double              width,
               double              height)
{
  g_autoptr(GpChartLayoutCache) own = cache == NULL ? gp_chart_layout_cache_new () : NULL;
  const GpChartLayout *layout;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (data != NULL);
  g_return_if_fail (style != NULL);

  layout =
      gp_chart_layout_cache_get (cache != NULL ? cache : own, kind, data, style, width, height);
  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_clip (cr);
  /* A context made for another transform would place the glyphs wrongly. */
  gp_chart_text_forget (cr);

  draw_frame (cr, kind, data, style, layout);

  switch (kind)
    {
    case GP_CHART_KIND_COST:
    case GP_CHART_KIND_BREAKDOWN:
      draw_bars (cr, kind, data, style, layout);
      break;

    case GP_CHART_KIND_VALUE:
      draw_points (cr, data, style, layout);
      break;

    case GP_CHART_KIND_CUMULATIVE:
    case GP_CHART_KIND_BREAKEVEN:
    default:
      draw_lines (cr, kind, data, style, layout);
      break;
    }

  cairo_restore (cr);
  gp_chart_text_forget (cr);
}

gboolean
gp_chart_get_item_rect (GpChartLayoutCache *cache,
                        GpChartKind         kind,
                        GpChartData        *data,
                        const GpChartStyle *style,
                        double              width,
                        double              height,
                        guint               index,
                        GpChartRect        *rect)
{
  g_autoptr(GpChartLayoutCache) own = cache == NULL ? gp_chart_layout_cache_new () : NULL;
  const GpChartLayout *layout =
      gp_chart_layout_cache_get (cache != NULL ? cache : own, kind, data, style, width, height);
  gboolean found = FALSE;

  if (layout->rows != NULL)
    {
      for (guint r = 0; r < layout->rows->len && !found; r++)
        {
          const GpChartRow *row = &g_array_index (layout->rows, GpChartRow, r);

          if (row->item == (int) index)
            {
              bar_rect (layout, row, 0, gp_chart_data_get_item (data, index)->total, rect);
              found = TRUE;
            }
        }
    }
  else
    {
      for (guint i = 0; i < layout->shown->len && !found; i++)
        if (g_array_index (layout->shown, int, i) == (int) index)
          {
            double x, y, r = layout->label_line * 0.5;

            point_position (layout, gp_chart_data_get_item (data, index), &x, &y);
            *rect = (GpChartRect) { x - r, y - r, 2 * r, 2 * r };
            found = TRUE;
          }
    }

  return found;
}

int
gp_chart_hit_test (GpChartLayoutCache *cache,
                   GpChartKind         kind,
                   GpChartData        *data,
                   const GpChartStyle *style,
                   double              width,
                   double              height,
                   double              x,
                   double              y)
{
  g_autoptr(GpChartLayoutCache) own = cache == NULL ? gp_chart_layout_cache_new () : NULL;
  const GpChartLayout *layout =
      gp_chart_layout_cache_get (cache != NULL ? cache : own, kind, data, style, width, height);
  double reach = layout->label_line, best = G_MAXDOUBLE;
  int found = -1;

  if (layout->rows != NULL)
    {
      for (guint r = 0; r < layout->rows->len; r++)
        {
          const GpChartRow *row = &g_array_index (layout->rows, GpChartRow, r);

          if (row->item >= 0 && y >= row->rect.y && y < row->rect.y + row->rect.height &&
              x >= layout->canvas.x && x <= layout->plot.x + layout->plot.width)
            return row->item;
        }
      return -1;
    }

  for (guint i = 0; i < layout->shown->len; i++)
    {
      int index = g_array_index (layout->shown, int, i);
      double px, py, distance;

      point_position (layout, gp_chart_data_get_item (data, index), &px, &py);
      if (gp_chart_kind_is_lines (kind))
        {
          /* The distance to the line from its start to the item's end. */
          double ox = gp_chart_layout_x (layout, 0);
          double oy = gp_chart_layout_y (layout, gp_chart_data_get_item (data, index)->start);
          double dx = px - ox, dy = py - oy, t;

          t = CLAMP (((x - ox) * dx + (y - oy) * dy) / MAX (dx * dx + dy * dy, 1e-9), 0, 1);
          distance = hypot (x - (ox + t * dx), y - (oy + t * dy));
        }
      else
        distance = hypot (x - px, y - py);

      if (distance <= reach && distance < best)
        {
          best = distance;
          found = index;
        }
    }

  return found;
}

GpChartRect
gp_chart_get_plot_rect (GpChartLayoutCache *cache,
                        GpChartKind         kind,
                        GpChartData        *data,
                        const GpChartStyle *style,
                        double              width,
                        double              height)
{
  g_autoptr(GpChartLayoutCache) own = cache == NULL ? gp_chart_layout_cache_new () : NULL;
  const GpChartLayout *layout =
      gp_chart_layout_cache_get (cache != NULL ? cache : own, kind, data, style, width, height);

  return layout->plot;
}

/* Draws the chart aside and looks at its text: none may be cut, leave the canvas or lie over
 * other text. */
char *
gp_chart_check (GpChartKind         kind,
                GpChartData        *data,
                const GpChartStyle *style,
                double              width,
                double              height)
{
  cairo_surface_t *surface = cairo_recording_surface_create (CAIRO_CONTENT_COLOR, NULL);
  cairo_t *cr = cairo_create (surface);
  Check check = { g_string_new (NULL), g_array_new (FALSE, FALSE, sizeof (GpChartRect)),
                  g_ptr_array_new_with_free_func (g_free), width, height };

  cairo_set_user_data (cr, &check_key, &check, NULL);
  gp_chart_draw (cr, NULL, kind, data, style, width, height);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  g_array_unref (check.texts);
  g_ptr_array_unref (check.strings);

  if (check.problems->len == 0)
    {
      g_string_free (check.problems, TRUE);
      return NULL;
    }
  return g_string_free (check.problems, FALSE);
}

GArray *
gp_chart_dup_labels (GpChartLayoutCache *cache,
                     GpChartKind         kind,
                     GpChartData        *data,
                     const GpChartStyle *style,
                     double              width,
                     double              height)
{
  g_autoptr(GpChartLayoutCache) own = cache == NULL ? gp_chart_layout_cache_new () : NULL;
  const GpChartLayout *layout =
      gp_chart_layout_cache_get (cache != NULL ? cache : own, kind, data, style, width, height);
  GArray *labels;

  labels = layout->labels != NULL ? g_array_ref (layout->labels)
                                  : g_array_new (FALSE, FALSE, sizeof (GpChartLabel));
  return labels;
}

double
gp_chart_get_smallest_text_size (const GpChartStyle *style)
{
  g_return_val_if_fail (style != NULL, 0);
  return NOTE_PT * style->font_scale;
}
