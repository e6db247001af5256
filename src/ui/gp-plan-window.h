/* gp-plan-window.h — the hybrid plan: phases on offers and lab machines, and its grant budget
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "gp-catalog.h"
#include "gp-display-currency.h"
#include "gp-project-cost.h"

G_BEGIN_DECLS

/**
 * GpBudgetFormat:
 * @GP_BUDGET_FORMAT_PDF: an A4 PDF, with the chart of the phases
 * @GP_BUDGET_FORMAT_MARKDOWN: Markdown text
 * @GP_BUDGET_FORMAT_CSV: a table of the line items
 */
typedef enum
{
  GP_BUDGET_FORMAT_PDF,
  GP_BUDGET_FORMAT_MARKDOWN,
  GP_BUDGET_FORMAT_CSV,
} GpBudgetFormat;

#define GP_TYPE_PLAN_WINDOW (gp_plan_window_get_type ())

G_DECLARE_FINAL_TYPE (GpPlanWindow, gp_plan_window, GP, PLAN_WINDOW, AdwWindow)

GpPlanWindow        *gp_plan_window_new           (GtkWindow      *parent,
                                                   GFile          *file,
                                                   GpDisplayCurrency *currency);
void                 gp_plan_window_set_catalog   (GpPlanWindow   *self,
                                                   GpCatalog      *catalog);
const GpProject     *gp_plan_window_get_project   (GpPlanWindow   *self);
const GpProjectCost *gp_plan_window_get_cost      (GpPlanWindow   *self);
const char          *gp_plan_window_get_problem   (GpPlanWindow   *self);
void                 gp_plan_window_replace       (GpPlanWindow   *self,
                                                   GpProject      *project);
void                 gp_plan_window_add_phase     (GpPlanWindow   *self,
                                                   GpPhase        *phase,
                                                   GpWorkload     *job,
                                                   const char     *reference_gpu);
gboolean             gp_plan_window_write_budget  (GpPlanWindow   *self,
                                                   GFile          *file,
                                                   GpBudgetFormat  format,
                                                   const char     *language,
                                                   GError        **error);

G_END_DECLS
