/* gp-chart-layout-bars.c — the bar charts' layout: which bars fit beside the sources they
 * cite, in what order, their rows, names and group headers
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "gp-chart-layout-private.h"
#include "gp-chart-text.h"

static int
compare_by_group (gconstpointer a,
                  gconstpointer b,
                  gpointer      user_data)
{
  GpChartData *data = user_data;
  const GpChartItem *x = gp_chart_data_get_item (data, *(const int *) a);
  const GpChartItem *y = gp_chart_data_get_item (data, *(const int *) b);

  if (x->group != y->group)
    return x->group < y->group ? -1 : 1;
  return _gp_chart_compare_doubles (x->total, y->total);
}

/* Each platform's best before the others, when room is short: every platform keeps a bar. */
static int
compare_platform_bests (const GpChartItem *x,
                        const GpChartItem *y)
{
  return x->platform_best == y->platform_best ? 0 : x->platform_best ? -1 : 1;
}

static int
compare_by_total (gconstpointer a,
                  gconstpointer b,
                  gpointer      user_data)
{
  GpChartData *data = user_data;
  const GpChartItem *x = gp_chart_data_get_item (data, *(const int *) a);
  const GpChartItem *y = gp_chart_data_get_item (data, *(const int *) b);

  if (compare_platform_bests (x, y) != 0)
    return compare_platform_bests (x, y);
  return _gp_chart_compare_doubles (x->total, y->total);
}

/* Rank within the item's group (0 for the cheapest of its group), then total. */
static guint
rank_in_group (GpChartData       *data,
               const GpChartItem *item)
{
  guint rank = 0;

  for (guint i = 0; i < gp_chart_data_get_n_items (data); i++)
    {
      const GpChartItem *other = gp_chart_data_get_item (data, i);

      if (other->group == item->group && other->total < item->total)
        rank++;
    }

  return rank;
}

static int
compare_by_rank (gconstpointer a,
                 gconstpointer b,
                 gpointer      user_data)
{
  GpChartData *data = user_data;
  const GpChartItem *x = gp_chart_data_get_item (data, *(const int *) a);
  const GpChartItem *y = gp_chart_data_get_item (data, *(const int *) b);
  guint rx = rank_in_group (data, x), ry = rank_in_group (data, y);

  if (compare_platform_bests (x, y) != 0)
    return compare_platform_bests (x, y);
  if (rx != ry)
    return rx < ry ? -1 : 1;
  return _gp_chart_compare_doubles (x->total, y->total);
}

/* The headers of the ways of paying among the @fit first items of @order. */
static guint
count_headers (GpChartData  *data,
               const GArray *order,
               guint         fit,
               gboolean      grouped)
{
  guint headers = 0;

  for (guint group = 0; grouped && group < GP_CHART_N_SERIES; group++)
    for (guint i = 0; i < fit; i++)
      if (gp_chart_data_get_item (data, g_array_index (order, int, i))->group == group)
        {
          headers++;
          break;
        }
  return headers;
}

/* The height the @fit first items' rows take, rows @row_height high plus their names' extra
 * lines. */
static double
rows_height (GpChartData  *data,
             const GArray *order,
             guint         fit,
             gboolean      grouped,
             const guint  *extra_lines,
             double        row_height,
             double        line)
{
  guint extra = 0;

  for (guint i = 0; i < fit; i++)
    extra += extra_lines[g_array_index (order, int, i)];
  return (fit + count_headers (data, order, fit, grouped)) * row_height + extra * line;
}

/* The frame, its footnote citing the sources of the @fit first items of @order. */
static void
frame_citing (cairo_t            *cr,
              GpChartKind         kind,
              GpChartData        *data,
              const GpChartStyle *style,
              double              width,
              double              height,
              const GArray       *order,
              guint               fit,
              GpChartLayout      *layout)
{
  g_clear_pointer (&layout->footnote_for, g_array_unref);
  layout->footnote_for = g_array_sized_new (FALSE, FALSE, sizeof (int), fit);
  g_array_append_vals (layout->footnote_for, order->data, fit);
  _gp_chart_layout_frame (cr, kind, data, style, width, height,
                          gp_chart_data_get_n_items (data) - fit, layout);
}

/* Whether the @fit first items of @order fit, rows at their closest, beside a footnote citing
 * their sources. */
static gboolean
bars_fit (cairo_t            *cr,
          GpChartKind         kind,
          GpChartData        *data,
          const GpChartStyle *style,
          double              width,
          double              height,
          const GArray       *order,
          guint               fit,
          gboolean            grouped,
          const guint        *extra_lines,
          double              line,
          double              axis_h,
          GpChartLayout      *layout)
{
  frame_citing (cr, kind, data, style, width, height, order, fit, layout);
  return rows_height (data, order, fit, grouped, extra_lines, line * 1.02, line) <=
         layout->plot.height - axis_h;
}

/* Horizontal bars, one row per item; the cost chart adds a header row per way of paying. */
void
_gp_chart_layout_bars (cairo_t            *cr,
                       GpChartKind         kind,
                       GpChartData        *data,
                       const GpChartStyle *style,
                       double              width,
                       double              height,
                       GpChartLayout      *layout)
{
  guint n = gp_chart_data_get_n_items (data);
  /* Narrow, the colours and the legend say how each bar is paid for: no header rows. */
  gboolean narrow = width < NARROW_PT;
  gboolean grouped = kind == GP_CHART_KIND_COST && !narrow;
  g_autoptr(GArray) order = g_array_new (FALSE, FALSE, sizeof (int));
  double line = gp_chart_line_height (cr, style, LABEL_PT);
  double axis_h = gp_chart_line_height (cr, style, AXIS_PT) * 1.3 +
                  _gp_chart_axis_title_height (cr, style) * 1.2;
  double max_total = 0, label_max = 0, y;
  g_autofree guint *extra_lines = g_new0 (guint, MAX (n, 1));
  guint fit = n;

  for (int i = 0; i < (int) n; i++)
    g_array_append_val (order, i);
  /* When not all fit, every way of paying keeps its cheapest options: the first of each
   * group, then the second of each, and so on. */
  g_array_sort_with_data (order, grouped ? compare_by_rank : compare_by_total, data);

  /* As many of the cheapest items as fit, with their group headers. The frame is laid out
   * once, with room for the footnote's "n more options" line should some not fit. */
  _gp_chart_layout_frame (cr, kind, data, style, width, height, n, layout);

  /* The names' column: as wide as the longest name, up to 38 % of the plot; a name wider
   * than that wraps, and its row is a line taller for each line more it needs. */
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(PangoLayout) label =
          gp_chart_bar_label_layout (cr, kind, style, gp_chart_data_get_item (data, i), 0);
      double label_w;

      gp_chart_text_size (label, &label_w, NULL);
      label_max = MAX (label_max, label_w);
    }
  /* On a narrow canvas (a phone, a single column) each name goes above its bar, across the
   * plot's width, and the bars have all of it. */
  layout->narrow = narrow;
  layout->label_width = layout->narrow ? 0 : MIN (label_max + line, layout->plot.width * 0.38);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(PangoLayout) label = gp_chart_bar_label_layout (
          cr, kind, style, gp_chart_data_get_item (data, i),
          layout->narrow ? layout->plot.width : layout->label_width - line * 0.6);
      guint lines = MAX (pango_layout_get_line_count (label), 1);

      extra_lines[i] = layout->narrow ? lines : lines - 1;
    }
  /* The footnote cites the sources of the bars shown, so the room left for bars depends on how
   * many there are: the most that fit beside their own sources, found by halving (the more
   * bars, the more rows and sources). */
  {
    guint low = 0, high = n;

    while (low < high)
      {
        guint mid = (low + high + 1) / 2;

        if (bars_fit (cr, kind, data, style, width, height, order, mid, grouped, extra_lines, line,
                      axis_h, layout))
          low = mid;
        else
          high = mid - 1;
      }
    fit = low;
  }
  frame_citing (cr, kind, data, style, width, height, order, fit, layout);
  /* The sources are numbered as the bars are drawn, top to bottom: the same list in another
   * order, the same room. */
  if (grouped)
    g_array_sort_with_data (layout->footnote_for, compare_by_group, data);
  /* Worked out once for the layout: each bar's value refers to it. */
  if (layout->note_list)
    layout->source_list = gp_chart_data_dup_sources_for (data, layout->footnote_for);
  layout->row_height = CLAMP ((layout->plot.height - axis_h -
                               rows_height (data, order, fit, grouped, extra_lines, 0, line)) /
                                  MAX (fit + count_headers (data, order, fit, grouped), 1),
                              line * 1.02, line * 1.35);

  layout->not_shown = n - fit;
  g_array_set_size (order, fit);
  if (grouped)
    g_array_sort_with_data (order, compare_by_group, data);

  layout->shown = g_array_ref (order);
  layout->rows = g_array_new (FALSE, FALSE, sizeof (GpChartRow));

  for (guint i = 0; i < fit; i++)
    {
      const GpChartItem *item = gp_chart_data_get_item (data, g_array_index (order, int, i));

      max_total = MAX (max_total, item->total);
    }

  layout->plot.x += layout->label_width;
  layout->plot.width -= layout->label_width;
  layout->plot.height -= axis_h;

  /* Room at each bar's end for its value label, its source numbers with it: the scale is
   * the widest that leaves every label room after its bar, but gives the bars at least 60 %. */
  {
    double scale_width = layout->plot.width;

    for (guint i = 0; i < fit; i++)
      {
        int index = g_array_index (order, int, i);
        double total = gp_chart_data_get_item (data, index)->total;
        g_autofree char *value = gp_chart_dup_value_text (data, style, layout, index);
        double room =
            layout->plot.width - _gp_chart_text_width (cr, style, value, LABEL_PT) - line * 0.6;

        if (total > 0 && max_total > 0)
          scale_width = MIN (scale_width, room * max_total / total);
      }
    scale_width = MAX (scale_width, layout->plot.width * 0.6);
    _gp_chart_ticks_for (cr, style, max_total * layout->plot.width / scale_width,
                         layout->plot.width, &layout->x_ticks);
  }

  y = layout->plot.y;
  for (guint i = 0; i < fit; i++)
    {
      int index = g_array_index (order, int, i);
      const GpChartItem *item = gp_chart_data_get_item (data, index);
      GpChartRow row;

      if (grouped &&
          (i == 0 ||
           gp_chart_data_get_item (data, g_array_index (order, int, i - 1))->group != item->group))
        {
          row = (GpChartRow){ -1,
                              item->group,
                              { layout->plot.x, y, layout->plot.width, layout->row_height } };
          g_array_append_val (layout->rows, row);
          y += layout->row_height;
        }

      row = (GpChartRow){ index,
                          item->group,
                          { layout->plot.x, y, layout->plot.width,
                            layout->row_height + extra_lines[index] * line } };
      g_array_append_val (layout->rows, row);
      y += row.rect.height;
    }

  /* The plot ends under the last row: the x axis follows the bars, not the page. */
  layout->plot.height = MAX (y - layout->plot.y, layout->row_height);
}
