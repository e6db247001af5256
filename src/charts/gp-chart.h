/* gp-chart.h — the charts, drawn on any cairo context: screen, PNG, SVG or PDF
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>

#include "gp-chart-data.h"
#include "gp-chart-layout.h"
#include "gp-chart-style.h"
#include "gp-chart-text.h"

G_BEGIN_DECLS


void     gp_chart_draw          (cairo_t            *cr,
                                 GpChartLayoutCache *cache,
                                 GpChartKind         kind,
                                 GpChartData        *data,
                                 const GpChartStyle *style,
                                 double              width,
                                 double              height);
int      gp_chart_hit_test      (GpChartLayoutCache *cache,
                                 GpChartKind         kind,
                                 GpChartData        *data,
                                 const GpChartStyle *style,
                                 double              width,
                                 double              height,
                                 double              x,
                                 double              y);
gboolean gp_chart_get_item_rect (GpChartLayoutCache *cache,
                                 GpChartKind         kind,
                                 GpChartData        *data,
                                 const GpChartStyle *style,
                                 double              width,
                                 double              height,
                                 guint               index,
                                 GpChartRect        *rect);
GpChartRect gp_chart_get_plot_rect (GpChartLayoutCache *cache,
                                    GpChartKind         kind,
                                    GpChartData        *data,
                                    const GpChartStyle *style,
                                    double              width,
                                    double              height);

char       *gp_chart_check         (GpChartKind         kind,
                                    GpChartData        *data,
                                    const GpChartStyle *style,
                                    double              width,
                                    double              height);
GArray     *gp_chart_dup_labels    (GpChartLayoutCache *cache,
                                    GpChartKind         kind,
                                    GpChartData        *data,
                                    const GpChartStyle *style,
                                    double              width,
                                    double              height);
double      gp_chart_get_smallest_text_size (const GpChartStyle *style);

G_END_DECLS
