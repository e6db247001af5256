/* gp-chart-ticks.h
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * GpChartTicks:
 * @min: the first tick, at or below the data's minimum
 * @max: the last tick, at or above the data's maximum
 * @step: the distance between ticks: 1, 2 or 5 × 10ⁿ
 * @count: the number of ticks from @min to @max inclusive
 *
 * Axis ticks on "nice" numbers.
 */
typedef struct
{
  double min;
  double max;
  double step;
  guint  count;
} GpChartTicks;

double   gp_chart_nice_step  (double        range,
                              guint         max_ticks);
gboolean gp_chart_nice_ticks (double        data_min,
                              double        data_max,
                              guint         max_ticks,
                              GpChartTicks *ticks);

G_END_DECLS
