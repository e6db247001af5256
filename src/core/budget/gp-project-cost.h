/* gp-project-cost.h — what a hybrid plan costs, how long it takes, and what data it moves
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "gp-catalog.h"
#include "gp-estimate.h"
#include "gp-project.h"
#include "gp-workload.h"

G_BEGIN_DECLS

/**
 * GpPhaseCost:
 * @phase: the phase, as the plan holds it
 * @estimate: its estimate on the offer it runs on
 * @owned: it runs on the lab's own machine
 * @compute: renting the compute, or running the lab's machine (its maintenance, staff and
 *   electricity for the hours of use; the purchase is @equipment)
 * @storage: keeping the data there
 * @transfer: the phase's own transfer: its results brought back
 * @interruptions: work redone after interruptions
 * @equipment: the lab machine's price, when the project buys it (once per machine)
 * @hours: the phase's run, from start to finish
 * @move_gb: data moved to where it runs from where the last phase ran (or from the lab)
 * @move_hours: the time that takes at the lab's upload speed
 * @move_egress: the egress paid where the data leaves
 *
 * Every cost in the plan's currency.
 */
typedef struct
{
  const GpPhase *phase;
  GpEstimate    *estimate;
  gboolean       owned;
  double         compute;
  double         storage;
  double         transfer;
  double         interruptions;
  double         equipment;
  double         hours;
  double         move_gb;
  double         move_hours;
  double         move_egress;
} GpPhaseCost;

/**
 * GpProjectCost:
 * @project: the plan, which must outlive this
 * @currency: the costs' currency
 * @catalog_currency: the catalog's currency
 * @rate: units of @currency a unit of the catalog's currency is worth
 * @rate_basis: (nullable): the exchange rate used and its date, when one was
 * @phases: (element-type GpPhaseCost): a cost per phase, in order
 * @total: every cost of every phase, data moves included
 * @hours: the plan's wall time: the phases and the moves between them, one after another
 * @moved_gb: the data moved between places
 * @sources: (element-type GpSource): the sources of every price used
 * @assumptions: what the estimates assume (speed basis, scaling, interruptions), once each
 */
typedef struct
{
  const GpProject *project;
  char            *currency;
  char            *catalog_currency;
  double           rate;
  char            *rate_basis;
  GPtrArray       *phases;
  double           total;
  double           hours;
  double           moved_gb;
  GPtrArray       *sources;
  GPtrArray       *assumptions;
} GpProjectCost;

GpProjectCost *gp_project_cost_new   (GpCatalog        *catalog,
                                      const GpProject  *project,
                                      GpWorkload       *base,
                                      GError          **error);
void           gp_project_cost_free  (GpProjectCost    *cost);
double         gp_phase_cost_total   (const GpPhaseCost *cost);
char          *gp_phase_cost_dup_emissions   (const GpPhaseCost   *cost);
void           gp_project_cost_sum_emissions (const GpProjectCost *cost,
                                              double              *co2e_kg,
                                              guint               *unknown);
char          *gp_project_cost_dup_emissions (const GpProjectCost *cost);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GpProjectCost, gp_project_cost_free)

G_END_DECLS
