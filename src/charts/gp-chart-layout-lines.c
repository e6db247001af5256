/* gp-chart-layout-lines.c — the layout of the charts of hours across and cost up: the line
 * charts' lines, their end labels or numbers and key, and the value chart's points
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "gp-chart-layout-private.h"
#include "gp-chart-text.h"
#include "gp-format.h"
#include "gp-label-placer.h"

/* Months across: a tick every quarter, half year, year or more, ending at the last month's
 * tick rather than a round number far beyond it. */
static void
month_ticks (cairo_t            *cr,
             const GpChartStyle *style,
             double              months,
             double              length,
             GpChartTicks       *ticks)
{
  static const guint steps[] = { 1, 3, 6, 12, 20, 24, 30, 36, 60, 120 };
  g_autofree char *widest = gp_format_number (months, 0);
  double label = _gp_chart_text_width (cr, style, widest, AXIS_PT) * 1.8 + 6;
  guint max_ticks = (guint) CLAMP (length / label, 2, 10), step = 0;

  /* A step that divides the lifetime ends the axis at its last month, not a year after; else
   * the finest that fits. */
  for (guint i = 0; step == 0 && i < G_N_ELEMENTS (steps); i++)
    if (fmod (months, steps[i]) == 0 && months / steps[i] + 1 <= max_ticks)
      step = steps[i];
  for (guint i = 0; step == 0 && i < G_N_ELEMENTS (steps); i++)
    if (ceil (months / steps[i]) + 1 <= max_ticks)
      step = steps[i];
  if (step == 0)
    step = steps[G_N_ELEMENTS (steps) - 1];
  ticks->min = 0;
  ticks->step = step;
  ticks->count = (guint) ceil (MAX (months, 1) / step) + 1;
  ticks->max = (ticks->count - 1) * step;
}

/* Cheapest first, whatever the platform: the lines' colours go to the cheapest the lab can
 * reach; one it cannot comes after them all, grey, never shown as an answer. */
static int
compare_totals (gconstpointer a,
                gconstpointer b,
                gpointer      user_data)
{
  GpChartData *data = user_data;
  const GpChartItem *x = gp_chart_data_get_item (data, *(const int *) a);
  const GpChartItem *y = gp_chart_data_get_item (data, *(const int *) b);

  if (x->unreachable != y->unreachable)
    return x->unreachable ? 1 : -1;
  return _gp_chart_compare_doubles (x->total, y->total);
}

/* The lines of @order that may be highlighted: those before the first the lab cannot reach. */
static guint
count_reachable (GpChartData *data,
                 GArray      *order)
{
  guint n = 0;

  while (n < order->len &&
         !gp_chart_data_get_item (data, g_array_index (order, int, n))->unreachable)
    n++;
  return n;
}

int
gp_chart_compare_by_hours (gconstpointer a,
                           gconstpointer b,
                           gpointer      user_data)
{
  GpChartData *data = user_data;
  const GpChartItem *x = gp_chart_data_get_item (data, *(const int *) a);
  const GpChartItem *y = gp_chart_data_get_item (data, *(const int *) b);

  return _gp_chart_compare_doubles (x->hours, y->hours);
}

static int
compare_label_anchors (gconstpointer a,
                       gconstpointer b)
{
  return _gp_chart_compare_doubles (((const GpChartLabel *) a)->anchor_y,
                                    ((const GpChartLabel *) b)->anchor_y);
}

/* A line chart draws at most this many options; more would be a grey mat. */
#define MAX_LINES 24

/* A numbered chart's numbers go beside their lines' ends, clear of every line drawn (the grey
 * ones too) and every dot and of each other, where the placer finds room. */
static gboolean
place_numbers (GpChartData   *data,
               GpChartLayout *layout,
               double         line)
{
  GpChartRect bounds = layout->plot;
  g_auto(GpLabelPlacer) placer = { 0 };
  double ox = gp_chart_layout_x (layout, 0);
  double radius = line * 0.25;

  bounds.width = layout->canvas.width - 1 - bounds.x;
  gp_label_placer_init (&placer, &bounds);
  for (guint i = layout->highlighted; i < layout->shown->len; i++)
    {
      const GpChartItem *item =
          gp_chart_data_get_item (data, g_array_index (layout->shown, int, i));

      gp_label_placer_mark_segment (&placer, ox, gp_chart_layout_y (layout, item->start),
                                    gp_chart_layout_x (layout, item->hours),
                                    gp_chart_layout_y (layout, item->total), radius);
    }
  for (guint i = 0; i < layout->labels->len; i++)
    {
      const GpChartLabel *label = &g_array_index (layout->labels, GpChartLabel, i);
      GpChartRect dot = { label->anchor_x - radius, label->anchor_y - radius, 2 * radius,
                          2 * radius };

      gp_label_placer_mark_segment (&placer, ox, label->origin_y, label->anchor_x, label->anchor_y,
                                    radius);
      gp_label_placer_take (&placer, &dot);
    }

  for (guint i = 0; i < layout->labels->len; i++)
    {
      GpChartLabel *label = &g_array_index (layout->labels, GpChartLabel, i);

      if (!gp_label_placer_place (&placer, label->anchor_x, label->anchor_y, label->rect.width,
                                  label->rect.height, line * 0.4, &label->rect))
        return FALSE;
    }
  return TRUE;
}

/* Whether segments (ax, ay)–(bx, by) and (cx, cy)–(dx, dy) cross. */
static gboolean
segments_cross (double ax, double ay, double bx, double by,
                double cx, double cy, double dx, double dy)
{
  double d1 = (dx - cx) * (ay - cy) - (dy - cy) * (ax - cx);
  double d2 = (dx - cx) * (by - cy) - (dy - cy) * (bx - cx);
  double d3 = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
  double d4 = (bx - ax) * (dy - ay) - (by - ay) * (dx - ax);

  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

/* Whether a leader line, as gp-chart.c draws it from a line's end to its label, crosses
 * another line drawn: then the labels are numbers beside the ends instead. */
static gboolean
leaders_cross_lines (GpChartData   *data,
                     GpChartLayout *layout,
                     double         line)
{
  double ox = gp_chart_layout_x (layout, 0);

  for (guint i = 0; i < layout->labels->len; i++)
    {
      const GpChartLabel *label = &g_array_index (layout->labels, GpChartLabel, i);
      double ax = label->anchor_x + line * 0.3, ay = label->anchor_y;
      double bx = label->rect.x - line * 0.15, by = label->rect.y + label->rect.height / 2;

      for (guint j = 0; j < layout->shown->len; j++)
        {
          int index = g_array_index (layout->shown, int, j);
          const GpChartItem *item = gp_chart_data_get_item (data, index);

          if (index != label->item &&
              segments_cross (ax, ay, bx, by, ox, gp_chart_layout_y (layout, item->start),
                              gp_chart_layout_x (layout, item->hours),
                              gp_chart_layout_y (layout, item->total)))
            return TRUE;
        }
    }
  return FALSE;
}

/* Stacks the highlighted lines' labels in the column right of the plot, each as near its
 * line's end as the others allow, in the order of the ends, so that no two overlap and no
 * leader line crosses another. FALSE when they do not fit the plot's height. */
static gboolean
place_end_labels (cairo_t            *cr,
                  GpChartData        *data,
                  const GpChartStyle *style,
                  double              column,
                  GpChartLayout      *layout)
{
  double line = gp_chart_line_height (cr, style, LABEL_PT);
  double gap = line * 0.5, pad = line * 0.15;
  /* The column ends with the plot: the last figure of the time axis stands half in it. */
  double top = layout->plot.y, bottom = layout->plot.y + layout->plot.height;
  GArray *labels = g_array_new (FALSE, FALSE, sizeof (GpChartLabel));
  gboolean fits;

  g_clear_pointer (&layout->labels, g_array_unref);
  layout->labels = labels;
  for (guint i = 0; i < layout->highlighted; i++)
    {
      int index = g_array_index (layout->shown, int, i);
      const GpChartItem *item = gp_chart_data_get_item (data, index);
      g_autoptr(PangoLayout) text =
          gp_chart_end_label_layout (cr, style, layout, item, i, column - gap);
      GpChartLabel label = { index, i, .numbered = layout->numbered };
      double w, h;

      gp_chart_text_size (text, &w, &h);
      label.anchor_x = gp_chart_layout_x (layout, item->hours);
      label.anchor_y = gp_chart_layout_y (layout, item->total);
      label.origin_y = gp_chart_layout_y (layout, item->start);
      label.rect =
          (GpChartRect){ layout->plot.x + layout->plot.width + gap, label.anchor_y - h / 2, w, h };
      g_array_append_val (labels, label);
    }

  if (layout->numbered)
    return place_numbers (data, layout, line);

  g_array_sort (labels, compare_label_anchors);
  /* Down from the top, then up from the bottom: each as near its end as the others allow. */
  for (guint i = 0; i < labels->len; i++)
    {
      GpChartRect *rect = &g_array_index (labels, GpChartLabel, i).rect;
      double floor = i > 0 ? g_array_index (labels, GpChartLabel, i - 1).rect.y +
                                 g_array_index (labels, GpChartLabel, i - 1).rect.height + pad
                           : top;

      rect->y = MAX (rect->y, floor);
    }
  for (guint i = labels->len; i-- > 0;)
    {
      GpChartRect *rect = &g_array_index (labels, GpChartLabel, i).rect;
      double ceiling =
          i + 1 < labels->len ? g_array_index (labels, GpChartLabel, i + 1).rect.y - pad : bottom;

      rect->y = MIN (rect->y, ceiling - rect->height);
    }

  fits = (labels->len == 0 || g_array_index (labels, GpChartLabel, 0).rect.y >= top - 0.01) &&
         !leaders_cross_lines (data, layout, line);
  /* Taller than the plot even alone: below the top, into the axis's band if it must. */
  if (!fits)
    {
      double shift = top - g_array_index (labels, GpChartLabel, 0).rect.y;

      for (guint i = 0; i < labels->len; i++)
        g_array_index (labels, GpChartLabel, i).rect.y += shift;
    }
  return fits;
}

/* A numbered chart's key: one entry per number, in two columns where every entry fits half
 * the width. Fills the entries' rectangles, their tops from the key's; returns its height. */
static double
layout_key (cairo_t            *cr,
            GpChartData        *data,
            const GpChartStyle *style,
            double              line,
            GpChartLayout      *layout)
{
  double swatch = line * 1.2, gap = line;
  double half = (layout->footnote.width - gap) / 2;
  guint columns = 2;
  double y = 0;

  for (guint i = 0; i < layout->highlighted; i++)
    {
      const GpChartItem *item =
          gp_chart_data_get_item (data, g_array_index (layout->shown, int, i));
      g_autoptr(PangoLayout) entry = gp_chart_key_entry_layout (cr, style, item, i, -1);
      double w;

      gp_chart_text_size (entry, &w, NULL);
      if (w > half - swatch)
        columns = 1;
    }

  g_clear_pointer (&layout->key_entries, g_array_unref);
  layout->key_entries = g_array_new (FALSE, FALSE, sizeof (GpChartRect));
  for (guint i = 0; i < layout->highlighted; i += columns)
    {
      double row_h = 0;

      for (guint c = 0; c < columns && i + c < layout->highlighted; c++)
        {
          const GpChartItem *item =
              gp_chart_data_get_item (data, g_array_index (layout->shown, int, i + c));
          double width = columns == 1 ? layout->footnote.width : half;
          g_autoptr(PangoLayout) entry =
              gp_chart_key_entry_layout (cr, style, item, i + c, width - swatch);
          GpChartRect rect = { layout->footnote.x + c * (half + gap), y, width, 0 };

          gp_chart_text_size (entry, NULL, &rect.height);
          row_h = MAX (row_h, rect.height);
          g_array_append_val (layout->key_entries, rect);
        }
      y += row_h + line * 0.15;
    }
  return y;
}

/* Points (value) or lines (cumulative): hours across, cost up. */
gboolean
_gp_chart_layout_xy (cairo_t            *cr,
                     GpChartKind         kind,
                     GpChartData        *data,
                     const GpChartStyle *style,
                     double              width,
                     double              height,
                     guint               max_highlighted,
                     gboolean            numbered,
                     GpChartLayout      *layout)
{
  guint n = gp_chart_data_get_n_items (data);
  gboolean lines = gp_chart_kind_is_lines (kind);
  g_autoptr(GArray) order = g_array_new (FALSE, FALSE, sizeof (int));
  double line = gp_chart_line_height (cr, style, LABEL_PT);
  double max_hours = 0, max_total = 0, tick_w, column = 0;
  double axis_h = gp_chart_line_height (cr, style, AXIS_PT) * 1.3 +
                  _gp_chart_axis_title_height (cr, style) * 1.2;
  g_autofree char *widest = NULL;

  for (int i = 0; i < (int) n; i++)
    g_array_append_val (order, i);
  /* A break-even chart's lines keep their order: the purchase first, in the first colour. */
  if (kind != GP_CHART_KIND_BREAKEVEN)
    g_array_sort_with_data (order, compare_totals, data);
  if (lines && order->len > MAX_LINES)
    g_array_set_size (order, MAX_LINES);

  g_clear_pointer (&layout->shown, g_array_unref);
  layout->shown = g_array_ref (order);
  layout->not_shown = n - order->len;
  /* The cheapest lines in colour, each labelled; the rest grey. */
  layout->highlighted = lines ? MIN (count_reachable (data, order), max_highlighted) : order->len;
  layout->numbered = lines && numbered;
  _gp_chart_layout_frame (cr, kind, data, style, width, height, layout->not_shown, layout);

  for (guint i = 0; i < order->len; i++)
    {
      const GpChartItem *item = gp_chart_data_get_item (data, g_array_index (order, int, i));

      max_hours = MAX (max_hours, item->hours);
      max_total = MAX (max_total, MAX (item->total, MAX (item->high, item->start)));
    }

  /* The height first (the axis, the key), then the cost ticks for it, then room left of the
   * plot for their widest figure: ticks made for another height would not fit their room. */
  layout->plot.height -= axis_h;
  if (layout->numbered)
    {
      double key_h = layout_key (cr, data, style, line, layout);

      layout->plot.height -= key_h + line * 0.5;
      layout->key = (GpChartRect){ layout->footnote.x,
                                   layout->plot.y + layout->plot.height + axis_h + line * 0.5,
                                   layout->footnote.width, key_h };
      for (guint i = 0; i < layout->key_entries->len; i++)
        g_array_index (layout->key_entries, GpChartRect, i).y += layout->key.y;
    }
  _gp_chart_ticks_for (cr, style, max_total * 1.05, layout->plot.height, &layout->y_ticks);
  widest = gp_format_number (layout->y_ticks.max, gp_chart_tick_decimals (layout->y_ticks.step));
  tick_w = _gp_chart_text_width (cr, style, widest, AXIS_PT) +
           _gp_chart_axis_title_height (cr, style) * 1.6;

  layout->plot.x += tick_w;
  layout->plot.width -= tick_w + line;
  /* The labels' column: as wide as the longest, up to a third of the plot; longer ones wrap.
   * Numbered, it holds the numbers, and the key under the axis names them. */
  for (guint i = 0; lines && i < layout->highlighted; i++)
    {
      const GpChartItem *item = gp_chart_data_get_item (data, g_array_index (order, int, i));
      g_autoptr(PangoLayout) text = gp_chart_end_label_layout (cr, style, layout, item, i, -1);
      double w;

      gp_chart_text_size (text, &w, NULL);
      column = MAX (column, w + line);
    }
  column = MIN (column, layout->plot.width * 0.34);
  layout->plot.width -= column;
  if (kind == GP_CHART_KIND_BREAKEVEN)
    month_ticks (cr, style, max_hours, layout->plot.width, &layout->x_ticks);
  else
    _gp_chart_ticks_for (cr, style, max_hours * 1.05, layout->plot.width, &layout->x_ticks);

  /* Labels or a key that leave the plot too little room do not fit either. */
  if (lines && layout->highlighted > 1 && layout->plot.height < height * 0.25)
    return FALSE;
  return !lines || place_end_labels (cr, data, style, column, layout);
}
