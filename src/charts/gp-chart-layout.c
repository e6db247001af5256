/* gp-chart-layout.c — where everything on a chart goes, computed once, for painting and hit testing
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Where the plot, the rows, the points and every label go, measured with Pango so that nothing
 * overlaps or leaves the canvas. Painting (gp-chart.c) and hit testing read the same layout, so
 * the pointer always finds what is drawn.
 */

#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "gp-chart-layout.h"
#include "gp-chart-text.h"
#include "gp-cost-model.h"

/**
 * gp_chart_layout_clear:
 * @layout: a layout
 *
 * Frees what the layout holds, not the layout.
 */
void
gp_chart_layout_clear (GpChartLayout *layout)
{
  g_clear_pointer (&layout->rows, g_array_unref);
  g_clear_pointer (&layout->shown, g_array_unref);
}

PangoLayout *
gp_chart_label_layout (cairo_t            *cr,
                       const GpChartStyle *style,
                       const char         *text,
                       double              size_pt,
                       gboolean            bold)
{
  return gp_chart_text_layout (cr, style->font_family, text, size_pt * style->font_scale, bold, 0);
}

/* The height of a line of type, asked for dozens of times a drawing: measured once per size
 * and kept with the drawing's Pango context. */
double
gp_chart_line_height (cairo_t            *cr,
                      const GpChartStyle *style,
                      double              size_pt)
{
  PangoContext *context = gp_chart_text_context (cr);
  GHashTable *heights = g_object_get_data (G_OBJECT (context), "gp-line-heights");
  gpointer key = GINT_TO_POINTER ((int) lround (size_pt * style->font_scale * 1000));
  double *height = heights ? g_hash_table_lookup (heights, key) : NULL;

  if (height == NULL)
    {
      g_autoptr(PangoLayout) layout = gp_chart_label_layout (cr, style, "Ag国", size_pt, FALSE);

      if (heights == NULL)
        {
          heights = g_hash_table_new_full (NULL, NULL, NULL, g_free);
          g_object_set_data_full (G_OBJECT (context), "gp-line-heights", heights,
                                  (GDestroyNotify) g_hash_table_unref);
        }
      height = g_new (double, 1);
      gp_chart_text_size (layout, NULL, height);
      g_hash_table_insert (heights, key, height);
    }

  return *height;
}

static double
text_width (cairo_t            *cr,
            const GpChartStyle *style,
            const char         *text,
            double              size_pt)
{
  g_autoptr(PangoLayout) layout = gp_chart_label_layout (cr, style, text, size_pt, FALSE);
  double width;

  gp_chart_text_size (layout, &width, NULL);
  return width;
}

/* The decimals a tick's label needs at this step: none from 1 up, one at 0.1… */
int
gp_chart_tick_decimals (double step)
{
  return step >= 1 ? 0 : (int) ceil (-log10 (step) - 1e-9);
}

/* "12,345.6": grouped thousands, a fixed number of decimals. */
char *
gp_chart_format_number (double value,
                        int    decimals)
{
  g_autofree char *plain = g_strdup_printf ("%.*f", decimals, fabs (value));
  const char *point = strchr (plain, '.');
  gsize integer_digits = point ? (gsize) (point - plain) : strlen (plain);
  GString *text = g_string_new (value < 0 && fabs (value) >= 0.5 * pow (10, -decimals) ? "-" : "");

  for (gsize i = 0; i < integer_digits; i++)
    {
      if (i > 0 && (integer_digits - i) % 3 == 0)
        g_string_append_c (text, ',');
      g_string_append_c (text, plain[i]);
    }
  if (point != NULL)
    g_string_append (text, point);

  return g_string_free (text, FALSE);
}

/* The legend's entries: the series a chart uses, each a swatch and a name. */
static gboolean
group_shown (GpChartData  *data,
             const GArray *shown,
             guint         group)
{
  guint n = shown ? shown->len : gp_chart_data_get_n_items (data);

  for (guint i = 0; i < n; i++)
    {
      guint index = shown ? (guint) g_array_index (shown, int, i) : i;

      if (gp_chart_data_get_item (data, index)->group == group)
        return TRUE;
    }

  return FALSE;
}

guint
gp_chart_legend_entries (GpChartKind   kind,
                         GpChartData  *data,
                         const GArray *shown,
                         const char  **labels,
                         guint        *series)
{
  guint n = 0;

  if (kind == GP_CHART_KIND_BREAKDOWN)
    {
      for (guint part = 0; part < GP_CHART_N_PARTS; part++)
        {
          labels[n] = gp_chart_part_label (part);
          series[n++] = part;
        }
      return n;
    }

  if (kind == GP_CHART_KIND_CUMULATIVE)
    return 0;

  for (guint group = 0; group < GP_CHART_N_SERIES; group++)
    if (group_shown (data, shown, group))
      {
        labels[n] = gp_estimate_pricing_get_label (group);
        series[n++] = group;
      }

  return n;
}

static double
legend_height (cairo_t            *cr,
               GpChartKind         kind,
               GpChartData        *data,
               const GpChartStyle *style,
               double              width)
{
  const char *labels[GP_CHART_N_SERIES];
  guint series[GP_CHART_N_SERIES];
  guint n = gp_chart_legend_entries (kind, data, NULL, labels, series);
  double line = gp_chart_line_height (cr, style, LABEL_PT), x = 0, lines = 1;

  if (n == 0)
    return 0;

  for (guint i = 0; i < n; i++)
    {
      double entry = line * 1.4 + text_width (cr, style, labels[i], LABEL_PT) + line;

      if (x > 0 && x + entry > width)
        {
          lines++;
          x = 0;
        }
      x += entry;
    }

  return lines * line * 1.3;
}

static char *
footnote_text (GpChartData *data,
               guint        not_shown)
{
  guint hidden = gp_chart_data_get_n_hidden (data) + not_shown;
  const char *footnote = gp_chart_data_get_footnote (data);

  if (hidden == 0)
    return g_strdup (footnote ? footnote : "");

  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u more option is not shown. %s",
                                       "%u more options are not shown. %s", hidden),
                          hidden, footnote ? footnote : "");
}

PangoLayout *
gp_chart_footnote_layout (cairo_t            *cr,
                          GpChartData        *data,
                          const GpChartStyle *style,
                          guint               not_shown,
                          double              width)
{
  g_autofree char *text = footnote_text (data, not_shown);
  PangoLayout *layout = gp_chart_label_layout (cr, style, text, NOTE_PT, FALSE);

  pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_height (layout, -FOOTNOTE_LINES);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);

  return layout;
}

static double
axis_title_height (cairo_t            *cr,
                   const GpChartStyle *style)
{
  return gp_chart_line_height (cr, style, AXIS_PT);
}

/* The frame every chart shares: title on top, legend under it, footnote at the bottom, the
 * plot in between. */
static void
layout_frame (cairo_t            *cr,
              GpChartKind         kind,
              GpChartData        *data,
              const GpChartStyle *style,
              double              width,
              double              height,
              guint               not_shown,
              GpChartLayout             *layout)
{
  double margin = MARGIN_PT * MIN (style->font_scale, 1.3);
  double inner = MAX (width - 2 * margin, 1);
  g_autoptr(PangoLayout) note = NULL;
  double title_h = gp_chart_line_height (cr, style, TITLE_PT) * 1.1;
  double note_h;

  layout->font_scale = style->font_scale;
  layout->canvas = (GpChartRect) { 0, 0, width, height };
  layout->title = (GpChartRect) { margin, margin, inner, title_h };
  layout->legend = (GpChartRect) { margin, layout->title.y + title_h + margin * 0.3, inner,
                                   legend_height (cr, kind, data, style, inner) };

  note = gp_chart_footnote_layout (cr, data, style, not_shown, inner);
  gp_chart_text_size (note, NULL, &note_h);
  layout->footnote = (GpChartRect) { margin, height - margin - note_h, inner, note_h };

  layout->plot.x = margin;
  layout->plot.y = layout->legend.y + layout->legend.height + margin * 0.5;
  layout->plot.width = inner;
  layout->plot.height = MAX (layout->footnote.y - margin * 0.6 - layout->plot.y, 1);
}

static gboolean
ticks_for (cairo_t            *cr,
           const GpChartStyle *style,
           double              max_value,
           double              length,
           GpChartTicks       *ticks)
{
  g_autofree char *widest = gp_chart_format_number (max_value, 0);
  double label = text_width (cr, style, widest, AXIS_PT) * 1.8 + 6;
  guint max_ticks = (guint) CLAMP (length / label, 2, 10);

  return gp_chart_nice_ticks (0, max_value > 0 ? max_value : 1, max_ticks, ticks);
}

/* -1, 0 or 1 as @x is below, equal to or above @y. */
static int
compare_doubles (double x,
                 double y)
{
  return (x > y) - (x < y);
}

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
  return compare_doubles (x->total, y->total);
}

static int
compare_by_total (gconstpointer a,
                  gconstpointer b,
                  gpointer      user_data)
{
  GpChartData *data = user_data;
  const GpChartItem *x = gp_chart_data_get_item (data, *(const int *) a);
  const GpChartItem *y = gp_chart_data_get_item (data, *(const int *) b);

  return compare_doubles (x->total, y->total);
}

int
gp_chart_compare_by_hours (gconstpointer a,
                           gconstpointer b,
                           gpointer      user_data)
{
  GpChartData *data = user_data;
  const GpChartItem *x = gp_chart_data_get_item (data, *(const int *) a);
  const GpChartItem *y = gp_chart_data_get_item (data, *(const int *) b);

  return compare_doubles (x->hours, y->hours);
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

  if (rx != ry)
    return rx < ry ? -1 : 1;
  return compare_doubles (x->total, y->total);
}

/* Horizontal bars, one row per item; the cost chart adds a header row per way of paying. */
static void
layout_bars (cairo_t            *cr,
             GpChartKind         kind,
             GpChartData        *data,
             const GpChartStyle *style,
             double              width,
             double              height,
             GpChartLayout             *layout)
{
  guint n = gp_chart_data_get_n_items (data);
  gboolean grouped = kind == GP_CHART_KIND_COST;
  g_autoptr(GArray) order = g_array_new (FALSE, FALSE, sizeof (int));
  double line = gp_chart_line_height (cr, style, LABEL_PT);
  double axis_h =
      gp_chart_line_height (cr, style, AXIS_PT) * 1.3 + axis_title_height (cr, style) * 1.2;
  double max_total = 0, label_max = 0, y;
  guint fit = n, rows_needed;

  for (int i = 0; i < (int) n; i++)
    g_array_append_val (order, i);
  /* When not all fit, every way of paying keeps its cheapest options: the first of each
   * group, then the second of each, and so on. */
  g_array_sort_with_data (order, grouped ? compare_by_rank : compare_by_total, data);

  layout->row_height = line * 1.35;

  /* As many of the cheapest items as fit, with their group headers. The frame is laid out
   * once, with room for the footnote's "n more options" line should some not fit. */
  layout_frame (cr, kind, data, style, width, height, n, layout);
  for (;;)
    {
      guint headers = 0;

      if (grouped)
        for (guint group = 0; group < GP_CHART_N_SERIES; group++)
          for (guint i = 0; i < fit; i++)
            if (gp_chart_data_get_item (data, g_array_index (order, int, i))->group == group)
              {
                headers++;
                break;
              }

      rows_needed = fit + headers;
      if (fit == 0 || rows_needed * layout->row_height <= layout->plot.height - axis_h)
        break;
      /* Closer rows before fewer bars: down to the height of the type. */
      if (layout->row_height > line * 1.02)
        {
          layout->row_height = MAX (line * 1.02,
                                    (layout->plot.height - axis_h) / MAX (rows_needed, 1));
          continue;
        }
      fit--;
    }

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
      label_max = MAX (label_max, text_width (cr, style, item->label, LABEL_PT));
    }

  layout->label_width = MIN (label_max + line, layout->plot.width * 0.38);
  layout->plot.x += layout->label_width;
  layout->plot.width -= layout->label_width;
  layout->plot.height -= axis_h;

  /* Room at the bar's end for the value label of the longest bar. */
  {
    g_autofree char *widest = gp_chart_format_number (max_total, 2);
    double value_w = text_width (cr, style, widest, LABEL_PT) + line * 0.6;
    double scale_width = MAX (layout->plot.width - value_w, layout->plot.width * 0.6);

    ticks_for (cr, style, max_total * layout->plot.width / scale_width, layout->plot.width,
               &layout->x_ticks);
  }

  y = layout->plot.y;
  for (guint i = 0; i < fit; i++)
    {
      int index = g_array_index (order, int, i);
      const GpChartItem *item = gp_chart_data_get_item (data, index);
      GpChartRow row;

      if (grouped && (i == 0 ||
                      gp_chart_data_get_item (data, g_array_index (order, int, i - 1))->group !=
                        item->group))
        {
          row = (GpChartRow) { -1, item->group, { layout->plot.x, y, layout->plot.width,
                                           layout->row_height } };
          g_array_append_val (layout->rows, row);
          y += layout->row_height;
        }

      row = (GpChartRow) { index, item->group, { layout->plot.x, y, layout->plot.width,
                                          layout->row_height } };
      g_array_append_val (layout->rows, row);
      y += layout->row_height;
    }

  /* The plot ends under the last row: the x axis follows the bars, not the page. */
  layout->plot.height = MAX (y - layout->plot.y, layout->row_height);
}

double
gp_chart_layout_x (const GpChartLayout *layout,
                   double        value)
{
  const GpChartTicks *ticks = &layout->x_ticks;

  return layout->plot.x + (value - ticks->min) / (ticks->max - ticks->min) * layout->plot.width;
}

double
gp_chart_layout_y (const GpChartLayout *layout,
                   double        value)
{
  const GpChartTicks *ticks = &layout->y_ticks;

  return layout->plot.y + layout->plot.height -
         (value - ticks->min) / (ticks->max - ticks->min) * layout->plot.height;
}

/* Points (value) or lines (cumulative): hours across, cost up. */
static void
layout_xy (cairo_t            *cr,
           GpChartKind         kind,
           GpChartData        *data,
           const GpChartStyle *style,
           double              width,
           double              height,
           GpChartLayout             *layout)
{
  guint n = gp_chart_data_get_n_items (data);
  guint limit = kind == GP_CHART_KIND_CUMULATIVE ? 8 : n;
  g_autoptr(GArray) order = g_array_new (FALSE, FALSE, sizeof (int));
  double max_hours = 0, max_total = 0, tick_w;
  double axis_h =
      gp_chart_line_height (cr, style, AXIS_PT) * 1.3 + axis_title_height (cr, style) * 1.2;
  g_autofree char *widest = NULL;

  for (int i = 0; i < (int) n; i++)
    g_array_append_val (order, i);
  g_array_sort_with_data (order, compare_by_total, data);
  if (order->len > limit)
    g_array_set_size (order, limit);

  layout_frame (cr, kind, data, style, width, height, n - order->len, layout);
  layout->not_shown = n - order->len;
  layout->shown = g_array_ref (order);

  for (guint i = 0; i < order->len; i++)
    {
      const GpChartItem *item = gp_chart_data_get_item (data, g_array_index (order, int, i));

      max_hours = MAX (max_hours, item->hours);
      max_total = MAX (max_total, item->total);
    }

  ticks_for (cr, style, max_total * 1.05, layout->plot.height, &layout->y_ticks);
  widest =
      gp_chart_format_number (layout->y_ticks.max, gp_chart_tick_decimals (layout->y_ticks.step));
  tick_w = text_width (cr, style, widest, AXIS_PT) + axis_title_height (cr, style) * 1.6;

  layout->plot.x += tick_w;
  layout->plot.width -= tick_w + gp_chart_line_height (cr, style, LABEL_PT);
  layout->plot.height -= axis_h;
  ticks_for (cr, style, max_hours * 1.05, layout->plot.width, &layout->x_ticks);
  ticks_for (cr, style, max_total * 1.05, layout->plot.height, &layout->y_ticks);
}

void
gp_chart_layout_compute (cairo_t            *cr,
                         GpChartKind         kind,
                         GpChartData        *data,
                         const GpChartStyle *style,
                         double              width,
                         double              height,
                         GpChartLayout             *layout)
{
  memset (layout, 0, sizeof *layout);

  if (kind == GP_CHART_KIND_COST || kind == GP_CHART_KIND_BREAKDOWN)
    layout_bars (cr, kind, data, style, width, height, layout);
  else
    layout_xy (cr, kind, data, style, width, height, layout);
}
