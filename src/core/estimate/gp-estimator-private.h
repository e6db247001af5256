/* gp-estimator-private.h — a cost row, as the cost model computes it and an estimate keeps it
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "gp-cost-model.h"
#include "gp-estimate.h"
#include "gp-estimator-data.h"
#include "gp-workload.h"

G_BEGIN_DECLS

/* One estimate as numbers: the list computes thousands of these and makes #GpEstimate objects
 * only for the rows somebody looks at. */
typedef struct
{
  GpOffer           *offer;               /* borrowed from the catalog the list holds */
  GpPlan            *plan;                /* the subscription plan, or NULL */
  GpEstimatePricing  pricing;
  GpPrecision        precision;           /* what the job runs at on this GPU */
  GpSpeedBasis       basis;
  GpSource          *speed_source;        /* the measurement, for GP_SPEED_BASIS_MEASURED */
  GpPublishedEfficiency published[2];     /* the GPU's and the reference's, data-sheet rows */
  GpSource          *interruption_source; /* the published bucket's source, or NULL */
  const char        *interruption_bucket;
  const char        *reference_name;      /* the GPU the hours are counted on, interned */
  guint              gpu_count;
  guint              sessions;
  double             speed_ratio;
  double             efficiency;
  double             hourly;              /* price per instance-hour, or per compute unit */
  double             units_per_hour;      /* compute units burned per hour, subscriptions */
  double             units;               /* compute units burned in all */
  guint              packs;               /* whole packs of the plan bought, 0 for a plan
                                           * that is not sold in packs */
  double             interruptions_per_month;
  double             upload_hours;
  double             run_hours;           /* compute time without interruptions */
  double             extra_hours;         /* expected rework and restarts after interruptions */
  double             wall_hours;          /* run + extra + session restarts */
  double             billed_hours;
  double             compute_cost;
  double             storage_cost;
  double             transfer_cost;
  double             interruption_cost;
  double             total_cost;
  double             fallback_cost;       /* the same job on demand, for spot rows */
  double             memory_needed_gb;    /* per GPU, NAN when the job states no model size */
  GpFit              fit;
} GpCostRow;

GpEstimate *gp_estimate_new_from_row (const GpCostRow *row,
                                      GpWorkload      *workload,
                                      GpEstimatorData *data,
                                      const char      *currency,
                                      const char      *catalog_currency,
                                      guint            stale_after_days,
                                      GpRegion        *grid_region);

G_END_DECLS
