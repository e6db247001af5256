/* gp-label-placer.h — where a chart's labels go, so that none covers another
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "gp-chart-geometry.h"

G_BEGIN_DECLS

typedef struct
{
  GpChartRect  bounds;  /* where labels may go */
  GArray      *taken;   /* GpChartRect: labels placed so far, and the plot's points */
  GArray      *lines;   /* GpChartRect: squares along the drawn lines, avoided when possible */
} GpLabelPlacer;

void     gp_label_placer_init         (GpLabelPlacer     *placer,
                                       const GpChartRect *bounds);
void     gp_label_placer_clear        (GpLabelPlacer     *placer);
void     gp_label_placer_take         (GpLabelPlacer     *placer,
                                       const GpChartRect *rect);
void     gp_label_placer_mark_segment (GpLabelPlacer     *placer,
                                       double             x0,
                                       double             y0,
                                       double             x1,
                                       double             y1,
                                       double             radius);
gboolean gp_label_placer_place        (GpLabelPlacer     *placer,
                                       double             px,
                                       double             py,
                                       double             width,
                                       double             height,
                                       double             gap,
                                       GpChartRect       *out);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (GpLabelPlacer, gp_label_placer_clear)

G_END_DECLS
