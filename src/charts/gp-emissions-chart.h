/* gp-emissions-chart.h — the chart of what the job emits on each option
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "gp-chart-data.h"

G_BEGIN_DECLS

GpChartData *gp_emissions_chart_data_new (GpEstimateList *list,
                                          guint           max_items);
char        *gp_emissions_chart_to_csv   (GpChartData    *data);
char        *gp_emissions_chart_dup_method_note (GpChartData    *data,
                                                 GpEstimateList *list);

G_END_DECLS
