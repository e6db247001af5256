/* gp-chart-ticks.c
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "gp-chart-ticks.h"

double
gp_chart_nice_step (double range,
                    guint  max_ticks)
{
  static const double mantissas[] = { 1.0, 2.0, 5.0, 10.0 };
  double raw, magnitude;

  if (!isfinite (range) || range <= 0 || max_ticks == 0)
    return 0;

  raw = range / max_ticks;
  magnitude = pow (10, floor (log10 (raw)));

  for (guint i = 0; i < G_N_ELEMENTS (mantissas); i++)
    {
      double step = mantissas[i] * magnitude;

      /* A relative tolerance keeps 0.3/3 from choosing 0.2 through rounding noise. */
      if (step >= raw * (1 - 1e-9))
        return step;
    }

  return 10 * magnitude;
}

/* Computes ticks on nice numbers that enclose [@data_min, @data_max] in at most @max_ticks
 * intervals. An empty range
 * (min = max) is widened to one step around the value so the axis still has a scale. */
gboolean
gp_chart_nice_ticks (double        data_min,
                     double        data_max,
                     guint         max_ticks,
                     GpChartTicks *ticks)
{
  double range, step, lo, hi;

  g_return_val_if_fail (ticks != NULL, FALSE);

  if (!isfinite (data_min) || !isfinite (data_max) || max_ticks == 0)
    return FALSE;

  if (data_min > data_max)
    {
      double tmp = data_min;
      data_min = data_max;
      data_max = tmp;
    }

  range = data_max - data_min;
  if (range == 0)
    range = data_max != 0 ? fabs (data_max) : 1;

  /* Rounding the ends outward can add an interval; then the next nice step is taken. */
  for (step = gp_chart_nice_step (range, max_ticks); ; step = gp_chart_nice_step (step * 1.0001, 1))
    {
      lo = floor (data_min / step + 1e-9) * step;
      hi = ceil (data_max / step - 1e-9) * step;
      if (hi <= lo)
        hi = lo + step;
      if (llround ((hi - lo) / step) <= max_ticks)
        break;
    }

  ticks->min = lo;
  ticks->max = hi;
  ticks->step = step;
  ticks->count = (guint) llround ((hi - lo) / step) + 1;

  return TRUE;
}
