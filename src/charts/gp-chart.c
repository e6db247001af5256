/* gp-chart.c — the charts, drawn on any cairo context: screen, PNG, SVG or PDF
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One function draws each chart from (data, style, size); the widget, the exports and the
 * tests all call it. Drawing is in two steps: a layout (where the plot, the rows, the points
 * and every label go, measured with Pango so that nothing overlaps or leaves the canvas), then
 * painting. Hit testing reads the same layout, so the pointer always finds what is drawn.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <pango/pangocairo.h>

#include "gp-chart.h"
#include "gp-chart-text.h"
#include "gp-chart-ticks.h"
#include "gp-label-placer.h"
#include "gp-cost-model.h"

/* Type sizes in points, before the style's scale. */
#define TITLE_PT    14.0
#define LABEL_PT     8.5
#define AXIS_PT      8.5
#define NOTE_PT      7.0
#define MARGIN_PT   14.0
#define FOOTNOTE_LINES 5

typedef struct
{
  int         item;     /* index into the data, or -1 for a group header */
  guint       group;
  GpChartRect rect;     /* the row's band across the plot */
} Row;

typedef struct
{
  GpChartRect  canvas;
  GpChartRect  title;
  GpChartRect  legend;
  GpChartRect  footnote;
  GpChartRect  plot;
  double       label_width;    /* bar charts: the category column left of the plot */
  GpChartTicks x_ticks;
  GpChartTicks y_ticks;
  GArray      *rows;           /* Row: bar charts */
  GArray      *shown;          /* int: items drawn, in drawing order */
  guint        not_shown;      /* items that did not fit, beyond the data's own hidden ones */
  double       row_height;
  double       font_scale;
} Layout;

static void
layout_clear (Layout *layout)
{
  g_clear_pointer (&layout->rows, g_array_unref);
  g_clear_pointer (&layout->shown, g_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Layout, layout_clear)

static void
set_color (cairo_t            *cr,
           const GpChartColor *color)
{
  cairo_set_source_rgb (cr, color->red, color->green, color->blue);
}

static PangoLayout *
text_layout (cairo_t            *cr,
             const GpChartStyle *style,
             const char         *text,
             double              size_pt,
             gboolean            bold)
{
  return gp_chart_text_layout (cr, style->font_family, text, size_pt * style->font_scale, bold, 0);
}

/* The height of a line of type, asked for dozens of times a drawing: measured once per size
 * and kept with the drawing's Pango context. */
static double
text_height (cairo_t            *cr,
             const GpChartStyle *style,
             double              size_pt)
{
  PangoContext *context = gp_chart_text_context (cr);
  GHashTable *heights = g_object_get_data (G_OBJECT (context), "gp-line-heights");
  gpointer key = GINT_TO_POINTER ((int) lround (size_pt * style->font_scale * 1000));
  double *height = heights ? g_hash_table_lookup (heights, key) : NULL;

  if (height == NULL)
    {
      g_autoptr(PangoLayout) layout = text_layout (cr, style, "Ag国", size_pt, FALSE);

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
  g_autoptr(PangoLayout) layout = text_layout (cr, style, text, size_pt, FALSE);
  double width;

  gp_chart_text_size (layout, &width, NULL);
  return width;
}

/* "12,345.6": grouped thousands, a fixed number of decimals. */
static char *
format_number (double value,
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

static int
tick_decimals (double step)
{
  return step >= 1 ? 0 : (int) ceil (-log10 (step) - 1e-9);
}

static const GpChartColor *
series_color (const GpChartStyle *style,
              guint               index)
{
  return &style->series[index % GP_CHART_N_SERIES];
}

/* Hatching that tells series apart without colour: none, diagonal, cross, horizontal, back
 * diagonal. */
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
    }
  cairo_stroke (cr);
  cairo_restore (cr);
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

static void
draw_text (cairo_t            *cr,
           PangoLayout        *layout,
           const GpChartColor *color,
           double              x,
           double              y)
{
  set_color (cr, color);
  cairo_move_to (cr, x, y);
  pango_cairo_show_layout (cr, layout);
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

static guint
legend_entries (GpChartKind   kind,
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
  guint n = legend_entries (kind, data, NULL, labels, series);
  double line = text_height (cr, style, LABEL_PT), x = 0, lines = 1;

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

static PangoLayout *
footnote_layout (cairo_t            *cr,
                 GpChartData        *data,
                 const GpChartStyle *style,
                 guint               not_shown,
                 double              width)
{
  g_autofree char *text = footnote_text (data, not_shown);
  PangoLayout *layout = text_layout (cr, style, text, NOTE_PT, FALSE);

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
  return text_height (cr, style, AXIS_PT);
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
              Layout             *layout)
{
  double margin = MARGIN_PT * MIN (style->font_scale, 1.3);
  double inner = MAX (width - 2 * margin, 1);
  g_autoptr(PangoLayout) note = NULL;
  double title_h = text_height (cr, style, TITLE_PT) * 1.1;
  double note_h;

  layout->font_scale = style->font_scale;
  layout->canvas = (GpChartRect) { 0, 0, width, height };
  layout->title = (GpChartRect) { margin, margin, inner, title_h };
  layout->legend = (GpChartRect) { margin, layout->title.y + title_h + margin * 0.3, inner,
                                   legend_height (cr, kind, data, style, inner) };

  note = footnote_layout (cr, data, style, not_shown, inner);
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
  g_autofree char *widest = format_number (max_value, 0);
  double label = text_width (cr, style, widest, AXIS_PT) * 1.8 + 6;
  guint max_ticks = (guint) CLAMP (length / label, 2, 10);

  return gp_chart_nice_ticks (0, max_value > 0 ? max_value : 1, max_ticks, ticks);
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
  return (x->total > y->total) - (x->total < y->total);
}

static int
compare_by_total (gconstpointer a,
                  gconstpointer b,
                  gpointer      user_data)
{
  GpChartData *data = user_data;
  const GpChartItem *x = gp_chart_data_get_item (data, *(const int *) a);
  const GpChartItem *y = gp_chart_data_get_item (data, *(const int *) b);

  return (x->total > y->total) - (x->total < y->total);
}

static int
compare_by_hours (gconstpointer a,
                  gconstpointer b,
                  gpointer      user_data)
{
  GpChartData *data = user_data;
  const GpChartItem *x = gp_chart_data_get_item (data, *(const int *) a);
  const GpChartItem *y = gp_chart_data_get_item (data, *(const int *) b);

  return (x->hours > y->hours) - (x->hours < y->hours);
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
  return (x->total > y->total) - (x->total < y->total);
}

/* Horizontal bars, one row per item; the cost chart adds a header row per way of paying. */
static void
layout_bars (cairo_t            *cr,
             GpChartKind         kind,
             GpChartData        *data,
             const GpChartStyle *style,
             double              width,
             double              height,
             Layout             *layout)
{
  guint n = gp_chart_data_get_n_items (data);
  gboolean grouped = kind == GP_CHART_KIND_COST;
  g_autoptr(GArray) order = g_array_new (FALSE, FALSE, sizeof (int));
  double line = text_height (cr, style, LABEL_PT);
  double axis_h = text_height (cr, style, AXIS_PT) * 1.3 + axis_title_height (cr, style) * 1.2;
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
  layout->rows = g_array_new (FALSE, FALSE, sizeof (Row));

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
    g_autofree char *widest = format_number (max_total, 2);
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
      Row row;

      if (grouped && (i == 0 ||
                      gp_chart_data_get_item (data, g_array_index (order, int, i - 1))->group !=
                        item->group))
        {
          row = (Row) { -1, item->group, { layout->plot.x, y, layout->plot.width,
                                           layout->row_height } };
          g_array_append_val (layout->rows, row);
          y += layout->row_height;
        }

      row = (Row) { index, item->group, { layout->plot.x, y, layout->plot.width,
                                          layout->row_height } };
      g_array_append_val (layout->rows, row);
      y += layout->row_height;
    }

  /* The plot ends under the last row: the x axis follows the bars, not the page. */
  layout->plot.height = MAX (y - layout->plot.y, layout->row_height);
}

static double
x_of (const Layout *layout,
      double        value)
{
  const GpChartTicks *ticks = &layout->x_ticks;

  return layout->plot.x + (value - ticks->min) / (ticks->max - ticks->min) * layout->plot.width;
}

static double
y_of (const Layout *layout,
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
           Layout             *layout)
{
  guint n = gp_chart_data_get_n_items (data);
  guint limit = kind == GP_CHART_KIND_CUMULATIVE ? 8 : n;
  g_autoptr(GArray) order = g_array_new (FALSE, FALSE, sizeof (int));
  double max_hours = 0, max_total = 0, tick_w;
  double axis_h = text_height (cr, style, AXIS_PT) * 1.3 + axis_title_height (cr, style) * 1.2;
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
  widest = format_number (layout->y_ticks.max, tick_decimals (layout->y_ticks.step));
  tick_w = text_width (cr, style, widest, AXIS_PT) + axis_title_height (cr, style) * 1.6;

  layout->plot.x += tick_w;
  layout->plot.width -= tick_w + text_height (cr, style, LABEL_PT);
  layout->plot.height -= axis_h;
  ticks_for (cr, style, max_hours * 1.05, layout->plot.width, &layout->x_ticks);
  ticks_for (cr, style, max_total * 1.05, layout->plot.height, &layout->y_ticks);
}

static void
compute_layout (cairo_t            *cr,
                GpChartKind         kind,
                GpChartData        *data,
                const GpChartStyle *style,
                double              width,
                double              height,
                Layout             *layout)
{
  memset (layout, 0, sizeof *layout);

  if (kind == GP_CHART_KIND_COST || kind == GP_CHART_KIND_BREAKDOWN)
    layout_bars (cr, kind, data, style, width, height, layout);
  else
    layout_xy (cr, kind, data, style, width, height, layout);
}

static void
draw_frame (cairo_t            *cr,
            GpChartKind         kind,
            GpChartData        *data,
            const GpChartStyle *style,
            const Layout       *layout)
{
  g_autoptr(PangoLayout) title = text_layout (cr, style, gp_chart_kind_title (kind), TITLE_PT,
                                              TRUE);
  g_autoptr(PangoLayout) note = footnote_layout (cr, data, style, layout->not_shown,
                                                 layout->footnote.width);
  const char *labels[GP_CHART_N_SERIES];
  guint series[GP_CHART_N_SERIES];
  guint n = legend_entries (kind, data, layout->shown, labels, series);
  double line = text_height (cr, style, LABEL_PT);
  double x = layout->legend.x, y = layout->legend.y;

  set_color (cr, &style->background);
  cairo_paint (cr);

  pango_layout_set_width (title, (int) (layout->title.width * PANGO_SCALE));
  pango_layout_set_ellipsize (title, PANGO_ELLIPSIZE_END);
  draw_text (cr, title, &style->foreground, layout->title.x, layout->title.y);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(PangoLayout) label = text_layout (cr, style, labels[i], LABEL_PT, FALSE);
      GpChartRect swatch;
      double label_w;

      gp_chart_text_size (label, &label_w, NULL);
      if (x > layout->legend.x && x + line * 1.4 + label_w > layout->legend.x + layout->legend.width)
        {
          x = layout->legend.x;
          y += line * 1.3;
        }

      swatch = (GpChartRect) { x, y + line * 0.15, line * 0.9, line * 0.7 };
      fill_rect (cr, style, series[i], &swatch);
      draw_text (cr, label, &style->foreground, x + line * 1.2, y);
      x += line * 1.4 + label_w + line;
    }

  draw_text (cr, note, &style->muted, layout->footnote.x, layout->footnote.y);
}

/* Vertical grid lines and their labels under the plot; labels that would touch are skipped. */
static void
draw_x_axis (cairo_t            *cr,
             const GpChartStyle *style,
             const Layout       *layout,
             const char         *title)
{
  const GpChartTicks *ticks = &layout->x_ticks;
  double bottom = layout->plot.y + layout->plot.height;
  double last_right = -G_MAXDOUBLE;
  int decimals = tick_decimals (ticks->step);
  g_autoptr(PangoLayout) title_layout = text_layout (cr, style, title, AXIS_PT, FALSE);
  double title_w, label_h = text_height (cr, style, AXIS_PT);

  cairo_set_line_width (cr, 0.5);
  for (guint i = 0; i < ticks->count; i++)
    {
      double value = ticks->min + i * ticks->step;
      double x = x_of (layout, value);
      g_autofree char *text = format_number (value, decimals);
      g_autoptr(PangoLayout) label = text_layout (cr, style, text, AXIS_PT, FALSE);
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
             const Layout       *layout,
             const char         *title)
{
  const GpChartTicks *ticks = &layout->y_ticks;
  int decimals = tick_decimals (ticks->step);
  double label_h = text_height (cr, style, AXIS_PT);
  double last_top = G_MAXDOUBLE;
  g_autoptr(PangoLayout) title_layout = text_layout (cr, style, title, AXIS_PT, FALSE);
  double title_w;

  cairo_set_line_width (cr, 0.5);
  for (guint i = 0; i < ticks->count; i++)
    {
      double value = ticks->min + i * ticks->step;
      double y = y_of (layout, value);
      g_autofree char *text = format_number (value, decimals);
      g_autoptr(PangoLayout) label = text_layout (cr, style, text, AXIS_PT, FALSE);
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
  pango_layout_set_ellipsize (title_layout, PANGO_ELLIPSIZE_END);
  set_color (cr, &style->foreground);
  pango_cairo_update_layout (cr, title_layout);
  pango_cairo_show_layout (cr, title_layout);
  cairo_restore (cr);
  /* The labels after it are upright again: so is the shared context. */
  pango_cairo_update_context (cr, gp_chart_text_context (cr));
}

static char *
cost_axis_title (GpChartData *data)
{
  return g_strdup_printf (_("Total cost (%s)"), gp_chart_data_get_currency (data));
}

static void
bar_rect (const Layout      *layout,
          const Row         *row,
          double             from,
          double             to,
          GpChartRect       *rect)
{
  double thickness = layout->row_height * 0.68;

  rect->x = x_of (layout, from);
  rect->width = MAX (x_of (layout, to) - rect->x, 0);
  rect->y = row->rect.y + (layout->row_height - thickness) / 2;
  rect->height = thickness;
}

static void
draw_bars (cairo_t            *cr,
           GpChartKind         kind,
           GpChartData        *data,
           const GpChartStyle *style,
           const Layout       *layout)
{
  double line = text_height (cr, style, LABEL_PT);
  g_autofree char *axis_title = cost_axis_title (data);

  draw_x_axis (cr, style, layout, axis_title);

  for (guint r = 0; r < layout->rows->len; r++)
    {
      const Row *row = &g_array_index (layout->rows, Row, r);
      const GpChartItem *item;
      g_autoptr(PangoLayout) label = NULL;
      g_autoptr(PangoLayout) value = NULL;
      g_autofree char *value_text = NULL;
      GpChartRect bar = { 0 };
      double label_w, value_w, text_y = row->rect.y + (layout->row_height - line) / 2;

      if (row->item < 0)
        {
          label = text_layout (cr, style, gp_estimate_pricing_get_label (row->group), LABEL_PT,
                               TRUE);
          draw_text (cr, label, &style->foreground, layout->canvas.x + MARGIN_PT *
                     MIN (style->font_scale, 1.3), text_y);
          continue;
        }

      item = gp_chart_data_get_item (data, row->item);

      /* The category, right-aligned against the plot and shortened to fit its column. The
       * breakdown has no group headers: its rows say how they are paid for, unless on demand. */
      if (kind == GP_CHART_KIND_BREAKDOWN && item->group != GP_ESTIMATE_PRICING_ON_DEMAND)
        {
          g_autofree char *text = g_strdup_printf (_("%s (%s)"), item->label,
                                                   gp_estimate_pricing_get_label (item->group));
          label = text_layout (cr, style, text, LABEL_PT, FALSE);
        }
      else
        label = text_layout (cr, style, item->label, LABEL_PT, FALSE);
      pango_layout_set_width (label, (int) ((layout->label_width - line * 0.6) * PANGO_SCALE));
      pango_layout_set_ellipsize (label, PANGO_ELLIPSIZE_MIDDLE);
      gp_chart_text_size (label, &label_w, NULL);
      pango_layout_set_alignment (label, PANGO_ALIGN_RIGHT);
      draw_text (cr, label, &style->foreground, layout->plot.x - layout->label_width,
                 text_y);

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
      value_text = format_number (item->total, 2);
      value = text_layout (cr, style, value_text, LABEL_PT, FALSE);
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
             const Layout  *layout)
{
  GpChartRect bounds = layout->plot;

  bounds.width = layout->canvas.width - 1 - layout->plot.x;
  gp_label_placer_init (placer, &bounds);
}

static void
point_position (const Layout      *layout,
                const GpChartItem *item,
                double            *x,
                double            *y)
{
  *x = x_of (layout, item->hours);
  *y = y_of (layout, item->total);
}

static void
draw_points (cairo_t            *cr,
             GpChartData        *data,
             const GpChartStyle *style,
             const Layout       *layout)
{
  double line = text_height (cr, style, LABEL_PT);
  double radius = line * 0.28;
  g_autofree char *y_title = cost_axis_title (data);
  g_autoptr(GArray) front = g_array_new (FALSE, FALSE, sizeof (int));
  g_auto(GpLabelPlacer) placer = { 0 };

  placer_init (&placer, layout);
  draw_x_axis (cr, style, layout, _("Time to finish (hours)"));
  draw_y_axis (cr, style, layout, y_title);

  for (guint i = 0; i < layout->shown->len; i++)
    if (gp_chart_data_get_item (data, g_array_index (layout->shown, int, i))->pareto)
      g_array_append_val (front, g_array_index (layout->shown, int, i));

  g_array_sort_with_data (front, compare_by_hours, data);

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
      const GpChartItem *item = gp_chart_data_get_item (data, g_array_index (layout->shown, int, i));
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

  /* Labels for the front only: the options worth naming. */
  for (guint i = 0; i < front->len; i++)
    {
      const GpChartItem *item = gp_chart_data_get_item (data, g_array_index (front, int, i));
      g_autoptr(PangoLayout) label = text_layout (cr, style, item->label, LABEL_PT, FALSE);
      double x, y, w, h;
      GpChartRect where;

      pango_layout_set_width (label, (int) (layout->plot.width * 0.35 * PANGO_SCALE));
      pango_layout_set_ellipsize (label, PANGO_ELLIPSIZE_MIDDLE);
      gp_chart_text_size (label, &w, &h);
      point_position (layout, item, &x, &y);
      if (gp_label_placer_place (&placer, x, y, w, h, radius * 2.5, &where))
        draw_text (cr, label, &style->foreground, where.x, where.y);
    }

}

static void
draw_lines (cairo_t            *cr,
            GpChartData        *data,
            const GpChartStyle *style,
            const Layout       *layout)
{
  static const double dashes[][2] = { { 0, 0 }, { 4, 2 }, { 1.5, 1.5 }, { 6, 2 } };
  g_autofree char *y_title = g_strdup_printf (_("Spent so far (%s)"),
                                              gp_chart_data_get_currency (data));
  double line = text_height (cr, style, LABEL_PT);
  double ox = x_of (layout, 0), oy = y_of (layout, 0);
  g_auto(GpLabelPlacer) placer = { 0 };

  placer_init (&placer, layout);
  draw_x_axis (cr, style, layout, _("Hours since the start"));
  draw_y_axis (cr, style, layout, y_title);

  /* Every line first, so that no label is placed over a line drawn after it. */
  for (guint i = 0; i < layout->shown->len; i++)
    {
      const GpChartItem *item = gp_chart_data_get_item (data, g_array_index (layout->shown, int, i));
      guint dash = (i / GP_CHART_N_SERIES + (style->patterns ? i : 0)) % G_N_ELEMENTS (dashes);
      double x, y;

      point_position (layout, item, &x, &y);
      set_color (cr, style->patterns ? &style->foreground : series_color (style, i));
      cairo_set_line_width (cr, 1.6);
      cairo_set_dash (cr, dashes[dash], dash == 0 ? 0 : 2, 0);
      cairo_move_to (cr, ox, oy);
      cairo_line_to (cr, x, y);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
      cairo_arc (cr, x, y, line * 0.25, 0, 2 * G_PI);
      cairo_fill (cr);
      gp_label_placer_mark_segment (&placer, ox, oy, x, y, line * 0.25);
    }

  for (guint i = 0; i < layout->shown->len; i++)
    {
      const GpChartItem *item = gp_chart_data_get_item (data, g_array_index (layout->shown, int, i));
      /* Translators: a line's label: "Lambda gpu_1x_a100 (On demand)" */
      g_autofree char *text = g_strdup_printf (_("%s (%s)"), item->label,
                                               gp_estimate_pricing_get_label (item->group));
      g_autoptr(PangoLayout) label = text_layout (cr, style, text, LABEL_PT, FALSE);
      double x, y, w, h;
      GpChartRect where;

      point_position (layout, item, &x, &y);
      pango_layout_set_width (label, (int) (layout->plot.width * 0.4 * PANGO_SCALE));
      pango_layout_set_ellipsize (label, PANGO_ELLIPSIZE_MIDDLE);
      gp_chart_text_size (label, &w, &h);
      if (gp_label_placer_place (&placer, x, y, w, h, line * 0.5, &where))
        draw_text (cr, label, &style->foreground, where.x, where.y);
    }

}

/**
 * gp_chart_draw:
 * @cr: where to draw, scaled so that one unit is one point
 * @kind: the chart
 * @data: what it shows
 * @style: how it looks
 * @width: the canvas width, in points
 * @height: the canvas height, in points
 *
 * Paints the whole canvas: background, title, legend, axes, data, labels and footnote.
 * Nothing is drawn outside (0, 0, @width, @height).
 */
void
gp_chart_draw (cairo_t            *cr,
               GpChartKind         kind,
               GpChartData        *data,
               const GpChartStyle *style,
               double              width,
               double              height)
{
  g_auto(Layout) layout = { 0 };

  g_return_if_fail (cr != NULL);
  g_return_if_fail (data != NULL);
  g_return_if_fail (style != NULL);

  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_clip (cr);
  /* A context made for another transform would place the glyphs wrongly. */
  gp_chart_text_forget (cr);

  compute_layout (cr, kind, data, style, width, height, &layout);
  draw_frame (cr, kind, data, style, &layout);

  switch (kind)
    {
    case GP_CHART_KIND_COST:
    case GP_CHART_KIND_BREAKDOWN:
      draw_bars (cr, kind, data, style, &layout);
      break;

    case GP_CHART_KIND_VALUE:
      draw_points (cr, data, style, &layout);
      break;

    case GP_CHART_KIND_CUMULATIVE:
    default:
      draw_lines (cr, data, style, &layout);
      break;
    }

  cairo_restore (cr);
  gp_chart_text_forget (cr);
}

/**
 * gp_chart_new_measuring_context:
 *
 * A context for measuring text when nothing is being drawn.
 *
 * Returns: (transfer full): a cairo context on a tiny image surface
 */
cairo_t *
gp_chart_new_measuring_context (void)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cairo_t *cr = cairo_create (surface);

  cairo_surface_destroy (surface);
  return cr;
}

/**
 * gp_chart_get_item_rect:
 * @kind: the chart
 * @data: what it shows
 * @style: how it looks
 * @width: the canvas width
 * @height: the canvas height
 * @index: an item of @data
 * @rect: (out): its bar, or a small square around its point
 *
 * Returns: %FALSE when the item is not drawn (it did not fit)
 */
gboolean
gp_chart_get_item_rect (GpChartKind         kind,
                        GpChartData        *data,
                        const GpChartStyle *style,
                        double              width,
                        double              height,
                        guint               index,
                        GpChartRect        *rect)
{
  g_auto(Layout) layout = { 0 };
  cairo_t *cr = gp_chart_new_measuring_context ();
  gboolean found = FALSE;

  compute_layout (cr, kind, data, style, width, height, &layout);

  if (layout.rows != NULL)
    {
      for (guint r = 0; r < layout.rows->len && !found; r++)
        {
          const Row *row = &g_array_index (layout.rows, Row, r);

          if (row->item == (int) index)
            {
              bar_rect (&layout, row, 0, gp_chart_data_get_item (data, index)->total, rect);
              found = TRUE;
            }
        }
    }
  else
    {
      for (guint i = 0; i < layout.shown->len && !found; i++)
        if (g_array_index (layout.shown, int, i) == (int) index)
          {
            double x, y, r = text_height (cr, style, LABEL_PT) * 0.5;

            point_position (&layout, gp_chart_data_get_item (data, index), &x, &y);
            *rect = (GpChartRect) { x - r, y - r, 2 * r, 2 * r };
            found = TRUE;
          }
    }

  cairo_destroy (cr);
  return found;
}

/**
 * gp_chart_hit_test:
 * @kind: the chart
 * @data: what it shows
 * @style: how it looks
 * @width: the canvas width
 * @height: the canvas height
 * @x: a position on the canvas
 * @y: a position on the canvas
 *
 * Returns: the item under (@x, @y) — the bar's row, or the nearest point within reach — or -1
 */
int
gp_chart_hit_test (GpChartKind         kind,
                   GpChartData        *data,
                   const GpChartStyle *style,
                   double              width,
                   double              height,
                   double              x,
                   double              y)
{
  g_auto(Layout) layout = { 0 };
  cairo_t *cr = gp_chart_new_measuring_context ();
  double reach = text_height (cr, style, LABEL_PT), best = G_MAXDOUBLE;
  int found = -1;

  compute_layout (cr, kind, data, style, width, height, &layout);
  cairo_destroy (cr);

  if (layout.rows != NULL)
    {
      for (guint r = 0; r < layout.rows->len; r++)
        {
          const Row *row = &g_array_index (layout.rows, Row, r);

          if (row->item >= 0 && y >= row->rect.y && y < row->rect.y + row->rect.height &&
              x >= layout.canvas.x && x <= layout.plot.x + layout.plot.width)
            return row->item;
        }
      return -1;
    }

  for (guint i = 0; i < layout.shown->len; i++)
    {
      int index = g_array_index (layout.shown, int, i);
      double px, py, distance;

      point_position (&layout, gp_chart_data_get_item (data, index), &px, &py);
      if (kind == GP_CHART_KIND_CUMULATIVE)
        {
          /* The distance to the line from the origin to the item's end. */
          double ox = x_of (&layout, 0), oy = y_of (&layout, 0);
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

/**
 * gp_chart_get_plot_rect:
 * @kind: the chart
 * @data: what it shows
 * @style: how it looks
 * @width: the canvas width
 * @height: the canvas height
 *
 * Returns: the plot area: inside the axes, between the legend and the footnote
 */
GpChartRect
gp_chart_get_plot_rect (GpChartKind         kind,
                        GpChartData        *data,
                        const GpChartStyle *style,
                        double              width,
                        double              height)
{
  g_auto(Layout) layout = { 0 };
  cairo_t *cr = gp_chart_new_measuring_context ();

  compute_layout (cr, kind, data, style, width, height, &layout);
  cairo_destroy (cr);

  return layout.plot;
}

/**
 * gp_chart_get_smallest_text_size:
 * @style: a style
 *
 * Returns: the size of the smallest text a chart draws in @style (its footnote), in the units
 *   of the cairo context it is drawn on: a caller that scales a chart knows how small its
 *   text becomes
 */
double
gp_chart_get_smallest_text_size (const GpChartStyle *style)
{
  g_return_val_if_fail (style != NULL, 0);
  return NOTE_PT * style->font_scale;
}
