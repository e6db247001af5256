/* gp-chart-layout.c — where everything on a chart goes, computed once, for painting and hit testing
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Where the plot, the rows, the points and every label go, measured with Pango so that nothing
 * overlaps or leaves the canvas. Painting (gp-chart.c) and hit testing read the same layout, so
 * the pointer always finds what is drawn.
 *
 * Here is what every chart shares: the frame (title, legend, a footnote sized into the page
 * with its numbered source list), the ticks, and the cache. Bar charts are laid out in
 * gp-chart-layout-bars.c, line charts in gp-chart-layout-lines.c (their labels placed by
 * gp-label-placer.c), the labels' text in gp-chart-labels.c. The footnote's text is the data's
 * (gp-chart-data.c); how much room it takes decides how many bars fit, so it is part of the
 * layout.
 */

#include "config.h"

#include <string.h>

#include "gp-chart-layout-private.h"
#include "gp-chart-text.h"
#include "gp-format.h"

/* Frees what the layout holds, not the layout. */
void
gp_chart_layout_clear (GpChartLayout *layout)
{
  g_clear_pointer (&layout->rows, g_array_unref);
  g_clear_pointer (&layout->shown, g_array_unref);
  g_clear_pointer (&layout->labels, g_array_unref);
  g_clear_pointer (&layout->key_entries, g_array_unref);
  g_clear_pointer (&layout->footnote_for, g_array_unref);
  g_clear_pointer (&layout->source_list, g_ptr_array_unref);
}

static double
legend_height (cairo_t            *cr,
               GpChartKind         kind,
               GpChartData        *data,
               const GpChartStyle *style,
               double              width,
               guint               grey)
{
  const char *labels[GP_CHART_N_SERIES];
  guint series[GP_CHART_N_SERIES];
  guint n = gp_chart_legend_entries (kind, data, NULL, labels, series);
  double line = gp_chart_line_height (cr, style, LABEL_PT), x = 0, lines = 1;

  /* A line chart's legend is the grey lines' "n more": each coloured one has its label. */
  if (grey > 0)
    return line * 1.3;
  if (n == 0)
    return 0;

  for (guint i = 0; i < n; i++)
    {
      double entry = line * 1.4 + _gp_chart_text_width (cr, style, labels[i], LABEL_PT) + line;

      if (x > 0 && x + entry > width)
        {
          lines++;
          x = 0;
        }
      x += entry;
    }

  return lines * line * 1.3;
}

double
_gp_chart_axis_title_height (cairo_t            *cr,
                             const GpChartStyle *style)
{
  return gp_chart_line_height (cr, style, AXIS_PT);
}

/* The frame every chart shares: title on top, legend under it, footnote at the bottom, the
 * plot in between. */
void
_gp_chart_layout_frame (cairo_t            *cr,
                        GpChartKind         kind,
                        GpChartData        *data,
                        const GpChartStyle *style,
                        double              width,
                        double              height,
                        guint               not_shown,
                        GpChartLayout      *layout)
{
  double margin = MARGIN_PT * MIN (style->font_scale, 1.3);
  double inner = MAX (width - 2 * margin, 1);
  g_autoptr(PangoLayout) title = gp_chart_title_layout (cr, kind, data, style, inner);
  double title_h, note_h;

  gp_chart_text_size (title, NULL, &title_h);
  layout->font_scale = style->font_scale;
  layout->canvas = (GpChartRect) { 0, 0, width, height };
  layout->title = (GpChartRect) { margin, margin, inner, title_h };
  layout->legend = (GpChartRect){
    margin, layout->title.y + title_h + margin * 0.3, inner,
    legend_height (cr, kind, data, style, inner,
                   gp_chart_kind_is_lines (kind) ? layout->shown->len - layout->highlighted : 0)
  };

  /* A long footnote is set smaller, down to three quarters, before it crowds the plot out:
   * many sources one to a line if that fits in a quarter of the page, else numbered in the run
   * of the text. On screen it is set apart, under the chart, where it takes no room from the
   * plot. */
  note_h = 0;
  layout->note_pt = NOTE_PT;
  layout->note_list = FALSE;
  for (int as_list = TRUE; style->footnote && as_list >= FALSE; as_list--)
    {
      layout->note_list = as_list;
      for (layout->note_pt = NOTE_PT;; layout->note_pt -= 0.25)
        {
          g_autoptr(PangoLayout) note = gp_chart_footnote_layout (
              cr, data, style, layout->footnote_for != NULL ? layout->footnote_for : layout->shown,
              not_shown, inner, layout->note_pt, as_list);

          gp_chart_text_size (note, NULL, &note_h);
          if (note_h <= height * 0.25 || layout->note_pt <= NOTE_PT * 0.75)
            break;
        }
      if (note_h <= height * 0.25)
        break;
    }
  layout->footnote = (GpChartRect) { margin, height - margin - note_h, inner, note_h };
  if (!style->footnote)
    layout->footnote.y = height - margin * 0.4;

  layout->plot.x = margin;
  layout->plot.y = layout->legend.y + layout->legend.height + margin * 0.5;
  layout->plot.width = inner;
  layout->plot.height = MAX (layout->footnote.y - margin * 0.6 - layout->plot.y, 1);
}

gboolean
_gp_chart_ticks_for (cairo_t            *cr,
                     const GpChartStyle *style,
                     double              max_value,
                     double              length,
                     GpChartTicks       *ticks)
{
  g_autofree char *widest = gp_format_number (max_value, 0);
  double label = _gp_chart_text_width (cr, style, widest, AXIS_PT) * 1.8 + 6;
  guint max_ticks = (guint) CLAMP (length / label, 2, 10);

  return gp_chart_nice_ticks (0, max_value > 0 ? max_value : 1, max_ticks, ticks);
}

/* -1, 0 or 1 as @x is below, equal to or above @y. */
int
_gp_chart_compare_doubles (double x,
                           double y)
{
  return (x > y) - (x < y);
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
    _gp_chart_layout_bars (cr, kind, data, style, width, height, layout);
  else
    /* Names at the lines' ends; where they do not fit the height, numbers there and the names
     * in a key under the axis; then fewer lines in colour. Never two labels overlapping. */
    for (guint attempt = 0;; attempt++)
      {
        guint highlighted = attempt == 0 ? GP_CHART_N_LINES : GP_CHART_N_LINES + 1 - attempt;

        if (_gp_chart_layout_xy (cr, kind, data, style, width, height, highlighted, attempt > 0,
                                 layout))
          break;
        if (highlighted <= 1)
          {
            /* Not even one number fits beside its line: the key names the line by its colour
             * alone, rather than put a number over something else. */
            g_clear_pointer (&layout->labels, g_array_unref);
            break;
          }
        gp_chart_layout_clear (layout);
        memset (layout, 0, sizeof *layout);
      }
  layout->label_line = gp_chart_line_height (cr, style, LABEL_PT);
}

struct _GpChartLayoutCache
{
  gboolean valid;
  GpChartKind kind;
  GpChartData *data;
  guint revision;
  char *font_family;
  double font_scale;
  gboolean footnote;
  double width;
  double height;
  GpChartLayout layout;
};

GpChartLayoutCache *
gp_chart_layout_cache_new (void)
{
  return g_new0 (GpChartLayoutCache, 1);
}

static void
forget_layout (GpChartLayoutCache *cache)
{
  gp_chart_layout_clear (&cache->layout);
  memset (&cache->layout, 0, sizeof cache->layout);
  g_clear_pointer (&cache->data, gp_chart_data_unref);
  g_clear_pointer (&cache->font_family, g_free);
  cache->valid = FALSE;
}

void
gp_chart_layout_cache_free (GpChartLayoutCache *cache)
{
  if (cache == NULL)
    return;
  forget_layout (cache);
  g_free (cache);
}

/* One layout per chart, size and style, for painting, hit testing and export alike: computed
 * once, and again only when one of them or the data changes. Only the style's type matters;
 * colours do not move anything. */
const GpChartLayout *
gp_chart_layout_cache_get (GpChartLayoutCache *cache,
                           GpChartKind         kind,
                           GpChartData        *data,
                           const GpChartStyle *style,
                           double              width,
                           double              height)
{
  cairo_t *cr;

  g_return_val_if_fail (cache != NULL, NULL);

  if (cache->valid && cache->kind == kind && cache->data == data &&
      cache->revision == gp_chart_data_get_revision (data) &&
      g_strcmp0 (cache->font_family, style->font_family) == 0 &&
      cache->font_scale == style->font_scale && cache->footnote == style->footnote &&
      cache->width == width && cache->height == height)
    return &cache->layout;

  forget_layout (cache);
  cr = gp_chart_new_measuring_context ();
  gp_chart_layout_compute (cr, kind, data, style, width, height, &cache->layout);
  cairo_destroy (cr);

  cache->valid = TRUE;
  cache->kind = kind;
  cache->data = gp_chart_data_ref (data);
  cache->revision = gp_chart_data_get_revision (data);
  cache->font_family = g_strdup (style->font_family);
  cache->font_scale = style->font_scale;
  cache->footnote = style->footnote;
  cache->width = width;
  cache->height = height;
  return &cache->layout;
}
