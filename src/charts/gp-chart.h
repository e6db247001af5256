/* gp-chart.h — the charts, drawn on any cairo context: screen, PNG, SVG or PDF
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>

#include "gp-chart-data.h"
#include "gp-chart-style.h"

G_BEGIN_DECLS

/**
 * GpChartRect:
 * @x: left
 * @y: top
 * @width: width
 * @height: height
 *
 * A rectangle in chart units (points).
 */
typedef struct
{
  double x, y, width, height;
} GpChartRect;

/**
 * GpChartLabel:
 * @item: the item it names, an index into the data
 * @line: its line's colour and dashes, among the highlighted
 * @rect: where its text goes
 * @anchor_x: the point it names, which a leader line joins
 * @anchor_y: likewise
 * @origin_y: where its line starts, at the left of the plot
 * @numbered: it is the line's number beside its end, and the key under the axis names it;
 *   otherwise it is the name, in a column right of the plot, joined by a leader line
 *
 * A line chart's label, at its line's end.
 */
typedef struct
{
  int         item;
  guint       line;
  GpChartRect rect;
  double      anchor_x;
  double      anchor_y;
  gboolean    numbered;
  double      origin_y;
} GpChartLabel;

gboolean gp_chart_kind_is_lines (GpChartKind         kind);

void     gp_chart_draw          (cairo_t            *cr,
                                 GpChartKind         kind,
                                 GpChartData        *data,
                                 const GpChartStyle *style,
                                 double              width,
                                 double              height);
int      gp_chart_hit_test      (GpChartKind         kind,
                                 GpChartData        *data,
                                 const GpChartStyle *style,
                                 double              width,
                                 double              height,
                                 double              x,
                                 double              y);
gboolean gp_chart_get_item_rect (GpChartKind         kind,
                                 GpChartData        *data,
                                 const GpChartStyle *style,
                                 double              width,
                                 double              height,
                                 guint               index,
                                 GpChartRect        *rect);
GpChartRect gp_chart_get_plot_rect (GpChartKind         kind,
                                    GpChartData        *data,
                                    const GpChartStyle *style,
                                    double              width,
                                    double              height);

char       *gp_chart_check         (GpChartKind         kind,
                                    GpChartData        *data,
                                    const GpChartStyle *style,
                                    double              width,
                                    double              height);
GArray     *gp_chart_dup_labels    (GpChartKind         kind,
                                    GpChartData        *data,
                                    const GpChartStyle *style,
                                    double              width,
                                    double              height);
double      gp_chart_get_smallest_text_size (const GpChartStyle *style);
cairo_t    *gp_chart_new_measuring_context (void);

G_END_DECLS
