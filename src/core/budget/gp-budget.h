/* gp-budget.h — a grant budget of a hybrid plan: line items by category, as text and a table
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "gp-document.h"
#include "gp-project-cost.h"

G_BEGIN_DECLS

/**
 * GpBudgetCategory:
 * @GP_BUDGET_EQUIPMENT: a purchase: equipment (设备费)
 * @GP_BUDGET_SERVICES: rented compute, running the lab's machine, storage and data: services
 *   (业务费)
 *
 * The categories Chinese grant budgets keep apart.
 */
typedef enum
{
  GP_BUDGET_EQUIPMENT,
  GP_BUDGET_SERVICES,
  GP_BUDGET_N_CATEGORIES,
} GpBudgetCategory;

/**
 * GpBudgetLine:
 * @category: where it is budgeted
 * @phase: the phase it is for
 * @item: what it is, "Compute: EC2 · p4d.24xlarge (us-east-1), spot"
 * @amount: what it costs, in the budget's currency
 * @source: (nullable): where its price comes from
 */
typedef struct
{
  GpBudgetCategory  category;
  char             *phase;
  char             *item;
  double            amount;
  GpSource         *source;
} GpBudgetLine;

/**
 * GpBudgetYear:
 * @first: (nullable): its first day, YYYY-MM-DD, when the plan has a start
 * @last: (nullable): its last day
 * @amount: what the plan spends in it, its share of the reserve included
 *
 * A project year: the plan's first twelve months from its start, the next twelve, and so on.
 */
typedef struct
{
  char   *first;
  char   *last;
  double  amount;
} GpBudgetYear;

/**
 * GpBudget:
 * @cost: the plan's costs
 * @lines: (element-type GpBudgetLine): the line items, by phase
 * @subtotals: each category's sum
 * @contingency_pct: the reserve, per cent of the subtotals
 * @contingency: the reserve
 * @total: the subtotals and the reserve
 * @years: (element-type GpBudgetYear): the total by project year, from the plan's schedule:
 *   the phases one after another from its start; a plan of more than one year is budgeted
 *   by year too
 * @with_launch: whether the text adds each rented phase's launch code
 * @co2e_kg: the phases' estimated emissions, those known
 * @co2e_unknown: how many phases' emissions are unknown (no power, PUE or grid figure)
 */
typedef struct
{
  GpProjectCost *cost;
  GPtrArray     *lines;
  double         subtotals[GP_BUDGET_N_CATEGORIES];
  double         contingency_pct;
  double         contingency;
  double         total;
  GArray        *years;
  gboolean       with_launch;
  double         co2e_kg;
  guint          co2e_unknown;
} GpBudget;

GpBudget   *gp_budget_new            (GpProjectCost    *cost,
                                      double            contingency_pct);
void        gp_budget_free           (GpBudget         *budget);
const char *gp_budget_category_label (GpBudgetCategory  category);
GpDocument *gp_budget_to_document    (GpBudget         *budget,
                                      gboolean          with_chart);
char       *gp_budget_to_markdown    (GpBudget         *budget);
char       *gp_budget_to_csv         (GpBudget         *budget);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GpBudget, gp_budget_free)

G_END_DECLS
