/* gp-history-chart.h — an offer's prices over time, as a small chart
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>
#include <glib.h>

G_BEGIN_DECLS

/**
 * GpHistoryChartColors:
 * @text: labels and axes
 * @on_demand: the on-demand line
 * @spot: the spot line
 * @capacity_block: the line of a Capacity Block's price
 *
 * RGBA colours, as the widget's style gives them.
 */
typedef struct
{
  double text[4];
  double on_demand[4];
  double spot[4];
  double capacity_block[4];
} GpHistoryChartColors;

gboolean gp_history_chart_draw (cairo_t                    *cr,
                                double                      width,
                                double                      height,
                                GArray                     *points,
                                const char                 *currency,
                                const GpHistoryChartColors *colors);

G_END_DECLS
