/* gp-price-chart.h — the comparison's prices as a chart: a GPU-hour on each option
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "gp-chart-data.h"
#include "gp-comparison.h"

G_BEGIN_DECLS

GpChartData *gp_chart_data_new_from_comparison (GpComparison *comparison);
char        *gp_chart_offer_label              (GpOffer      *offer,
                                                gboolean      by_gpu);

G_END_DECLS
