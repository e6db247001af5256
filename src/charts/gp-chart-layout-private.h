/* gp-chart-layout-private.h — what the chart layout's units share: the frame, the ticks, the
 * width of a text, and each kind of chart's layout
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "gp-chart-layout.h"

G_BEGIN_DECLS

double   _gp_chart_text_width        (cairo_t            *cr,
                                      const GpChartStyle *style,
                                      const char         *text,
                                      double              size_pt);
double   _gp_chart_axis_title_height (cairo_t            *cr,
                                      const GpChartStyle *style);
void     _gp_chart_layout_frame      (cairo_t            *cr,
                                      GpChartKind         kind,
                                      GpChartData        *data,
                                      const GpChartStyle *style,
                                      double              width,
                                      double              height,
                                      guint               not_shown,
                                      GpChartLayout      *layout);
gboolean _gp_chart_ticks_for         (cairo_t            *cr,
                                      const GpChartStyle *style,
                                      double              max_value,
                                      double              length,
                                      GpChartTicks       *ticks);
int      _gp_chart_compare_doubles   (double              x,
                                      double              y);
void     _gp_chart_layout_bars       (cairo_t            *cr,
                                      GpChartKind         kind,
                                      GpChartData        *data,
                                      const GpChartStyle *style,
                                      double              width,
                                      double              height,
                                      GpChartLayout      *layout);
gboolean _gp_chart_layout_xy         (cairo_t            *cr,
                                      GpChartKind         kind,
                                      GpChartData        *data,
                                      const GpChartStyle *style,
                                      double              width,
                                      double              height,
                                      guint               max_highlighted,
                                      gboolean            numbered,
                                      GpChartLayout      *layout);

G_END_DECLS
