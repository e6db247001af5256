/* gp-breakeven-chart.h — the lab's machine against renting its GPU, as a chart and a table
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "gp-breakeven.h"
#include "gp-chart-data.h"

G_BEGIN_DECLS

GpChartData *gp_breakeven_chart_data_new (GpInstance   *machine,
                                          double        work,
                                          const GArray *rentals);
char        *gp_breakeven_chart_to_csv   (GpChartData  *data);

G_END_DECLS
