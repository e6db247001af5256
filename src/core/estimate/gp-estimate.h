/* gp-estimate.h — what one offer would cost and take for one workload
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "gp-emissions.h"
#include "gp-types.h"
#include "gp-usability.h"

G_BEGIN_DECLS

#define GP_TYPE_ESTIMATE (gp_estimate_get_type ())

G_DECLARE_FINAL_TYPE (GpEstimate, gp_estimate, GP, ESTIMATE, GObject)

GpOffer            *gp_estimate_get_offer             (GpEstimate *self);
GpInstance         *gp_estimate_get_instance          (GpEstimate *self);
GpProvider         *gp_estimate_get_provider          (GpEstimate *self);
GpPlan             *gp_estimate_get_plan              (GpEstimate *self);
GpEstimatePricing   gp_estimate_get_pricing           (GpEstimate *self);
GpPrecision         gp_estimate_get_precision         (GpEstimate *self);
GpSpeedBasis        gp_estimate_get_speed_basis       (GpEstimate *self);
const char         *gp_estimate_get_speed_basis_key   (GpEstimate *self);
double              gp_estimate_get_speed_ratio       (GpEstimate *self);
guint               gp_estimate_get_gpu_count         (GpEstimate *self);
guint               gp_estimate_get_sessions          (GpEstimate *self);
double              gp_estimate_get_upload_hours      (GpEstimate *self);
double              gp_estimate_get_wall_hours        (GpEstimate *self);
double              gp_estimate_get_gpu_hours_per_month (GpEstimate *self);
double              gp_estimate_get_rework_hours      (GpEstimate *self);
double              gp_estimate_get_interruptions_per_month (GpEstimate *self);
double              gp_estimate_get_billed_hours      (GpEstimate *self);
double              gp_estimate_get_compute_cost      (GpEstimate *self);
double              gp_estimate_get_storage_cost      (GpEstimate *self);
double              gp_estimate_get_transfer_cost     (GpEstimate *self);
double              gp_estimate_get_interruption_cost (GpEstimate *self);
double              gp_estimate_get_total_cost        (GpEstimate *self);
double              gp_estimate_get_fallback_cost     (GpEstimate *self);
const char         *gp_estimate_get_currency          (GpEstimate *self);
gboolean            gp_estimate_meets_deadline        (GpEstimate *self);
gboolean            gp_estimate_within_budget         (GpEstimate *self);
const char * const *gp_estimate_get_assumptions       (GpEstimate *self);
const GpEmissions  *gp_estimate_get_emissions         (GpEstimate *self);
const GpGridFigure *gp_estimate_get_grid              (GpEstimate *self);
gboolean            gp_estimate_is_stale              (GpEstimate *self);
const char         *gp_estimate_get_as_of             (GpEstimate *self);
GpSource           *gp_estimate_get_price_source      (GpEstimate *self);
guint               gp_estimate_get_stale_after_days  (GpEstimate *self);
gboolean            gp_estimate_is_derived            (GpEstimate *self);
gboolean            gp_estimate_is_doubtful           (GpEstimate *self);
gboolean            gp_estimate_is_gpu_only           (GpEstimate *self);
gboolean            gp_estimate_is_unused_commitment  (GpEstimate *self);
GpReachability      gp_estimate_get_reachability     (GpEstimate *self);
GpUsability         gp_estimate_get_usability        (GpEstimate *self);
const char     *gp_estimate_get_reach_mark           (GpEstimate *self);
double              gp_estimate_get_memory_needed_gb  (GpEstimate *self);
GpFit               gp_estimate_get_fit               (GpEstimate *self);
char               *gp_estimate_dup_label             (GpEstimate *self);
char               *gp_estimate_dup_short_label       (GpEstimate *self,
                                                       gboolean    with_instance);

G_END_DECLS
