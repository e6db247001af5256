/* gp-cost-emissions-chart.h — the chart of each option's cost against its emissions
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "gp-chart-data.h"

G_BEGIN_DECLS

GpChartData *gp_cost_emissions_chart_data_new (GpEstimateList *list,
                                               guint           max_items);
char        *gp_cost_emissions_chart_to_csv   (GpChartData    *data);

G_END_DECLS
