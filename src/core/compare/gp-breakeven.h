/* gp-breakeven.h — owning the lab's machine against renting its GPU, month by month
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "gp-catalog.h"
#include "gp-lab-cost.h"

G_BEGIN_DECLS

/* The rentals a purchase is set against: the cheapest on demand, on spot, with a commitment. */
#define GP_BREAKEVEN_RENTALS 3

/**
 * GpRental:
 * @offer: where the GPU is rented
 * @pricing: how it is paid for
 * @per_gpu_hour: the price of one GPU for an hour, in the machine's currency
 * @reach: how the lab reaches it (%GP_REACHABILITY_IN_CHINA for a lab elsewhere)
 */
typedef struct
{
  GpOffer           *offer;
  GpEstimatePricing  pricing;
  double             per_gpu_hour;
  GpReachability     reach;
} GpRental;

GArray *gp_breakeven_find_rentals (GpCatalog       *catalog,
                                   GpInstance      *machine,
                                   double           rate,
                                   GpLabLocation    lab);
double  gp_breakeven_buy_cost     (const GpLabCost *cost,
                                   guint            gpu_count,
                                   double           gpu_hours_per_month,
                                   guint            month);
guint   gp_breakeven_months       (const GpLabCost *cost);
int     gp_breakeven_month        (const GpLabCost *cost,
                                   guint            gpu_count,
                                   double           gpu_hours_per_month,
                                   double           rent_per_gpu_hour);
double  gp_breakeven_capacity     (const GpLabCost *cost,
                                   guint            gpu_count,
                                   double           utilisation_pct);

G_END_DECLS
