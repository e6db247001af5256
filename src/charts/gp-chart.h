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

double      gp_chart_get_smallest_text_size (const GpChartStyle *style);
cairo_t    *gp_chart_new_measuring_context (void);

G_END_DECLS
