/* gp-cost-model.h — the rules that turn a workload and an offer into hours and money
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "gp-catalog.h"
#include "gp-estimator-data.h"
#include "gp-workload.h"

G_BEGIN_DECLS

/* How far below its data sheet a GPU ran in its vendor's own published result of a preset:
 * the speed the data sheet gives it is taken at that share for other workloads. */
typedef struct
{
  double                share;  /* below 1; 1 where no such result applies */
  GpPreset             *preset;
  const GpPresetResult *result;
} GpPublishedEfficiency;

/* Hours in the month that interruption rates and storage prices are quoted for (365 × 24 / 12). */
#define GP_HOURS_PER_MONTH 730.0
/* The longest EC2 Capacity Block, in days (booked in whole days, 1 to 182). */
#define GP_CAPACITY_BLOCK_MAX_DAYS 182

double       gp_cost_billed_hours           (double           wall_hours,
                                             double           increment_s,
                                             double           minimum_s);
double       gp_cost_interruptions_per_hour (double           per_month);
double       gp_cost_spot_extra_hours       (double           wall_hours,
                                             double           interruptions_per_hour,
                                             double           checkpoint_minutes,
                                             double           restart_minutes);
guint        gp_cost_capacity_block_days    (double           wall_hours);
guint        gp_cost_packs                  (double           units,
                                             double           pack_units);
guint        gp_cost_sessions               (double           wall_hours,
                                             double           max_session_hours);
double       gp_cost_egress                 (double           gb,
                                             double           free_gb,
                                             double           per_gb);
double       gp_cost_upload_hours           (double           gb,
                                             double           mbps);
double       gp_cost_storage                (double           gb,
                                             double           hours,
                                             double           per_gb_month);
GpPrecision  gp_cost_effective_precision    (GpGpu           *gpu,
                                             GpPrecision      wanted);
double       gp_cost_spec_speed             (GpGpu           *gpu,
                                             GpPrecision      precision,
                                             double           tflops_weight,
                                             gboolean         bandwidth_only);
double       gp_cost_preset_single_gpu_hours (GpEstimatorData *data,
                                              GpPreset        *preset,
                                              const char      *gpu_id,
                                              guint            gpus,
                                              double           gpu_hours);
gboolean     gp_cost_published_ratio        (GpEstimatorData *data,
                                             GpPreset        *preset,
                                             const char      *gpu_id,
                                             double          *ratio);
void         gp_cost_published_efficiency   (GpEstimatorData       *data,
                                             GpCatalog             *catalog,
                                             GpGpu                 *gpu,
                                             double                 tflops_weight,
                                             GpPublishedEfficiency *efficiency);
gboolean     gp_cost_speed_ratio            (GpEstimatorData       *data,
                                             GpCatalog             *catalog,
                                             GpWorkload            *workload,
                                             GpGpu                 *reference,
                                             GpGpu                 *target,
                                             double                *ratio,
                                             GpSpeedBasis          *basis,
                                             GpSource             **source,
                                             GpPublishedEfficiency  published[2]);
double       gp_cost_recompute_factor       (GpEstimatorData *data,
                                             GpWorkload      *workload);
const char  *gp_precision_to_string         (GpPrecision      precision);
gboolean     gp_precision_from_string       (const char      *text,
                                             GpPrecision     *precision);
const char  *gp_estimate_pricing_to_string  (GpEstimatePricing pricing);
const char  *gp_estimate_pricing_get_label  (GpEstimatePricing pricing);

G_END_DECLS
