/* gp-budget-pdf.h — a grant budget as an A4 PDF, with the chart of its phases
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "gp-budget.h"
#include "gp-chart-data.h"

G_BEGIN_DECLS

GpChartData *gp_budget_chart_data_new (GpBudget  *budget);
GBytes      *gp_budget_render_pdf     (GpBudget  *budget,
                                       GString   *drawn,
                                       GError   **error);

G_END_DECLS
