/* gp-instance.h
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "gp-lab-cost.h"
#include "gp-types.h"

G_BEGIN_DECLS

#define GP_TYPE_INSTANCE (gp_instance_get_type ())

G_DECLARE_FINAL_TYPE (GpInstance, gp_instance, GP, INSTANCE, GObject)

const char         *gp_instance_get_id                     (GpInstance *self);
const char         *gp_instance_get_name                   (GpInstance *self);
GpProvider         *gp_instance_get_provider               (GpInstance *self);
GpGpu              *gp_instance_get_gpu                    (GpInstance *self);
guint               gp_instance_get_gpu_count              (GpInstance *self);
double              gp_instance_get_gpu_memory_gb          (GpInstance *self);
double              gp_instance_get_total_gpu_memory_gb    (GpInstance *self);
guint               gp_instance_get_vcpus                  (GpInstance *self);
double              gp_instance_get_memory_gb              (GpInstance *self);
const char         *gp_instance_get_interconnect           (GpInstance *self);
double              gp_instance_get_compute_units_per_hour (GpInstance *self);
const char * const *gp_instance_get_plan_ids               (GpInstance *self);
GpAnomaly           gp_instance_get_anomalies              (GpInstance *self);
GpPriceBasis        gp_instance_get_price_basis            (GpInstance *self);
const char         *gp_instance_get_host_required          (GpInstance *self);
const char         *gp_instance_get_derived_from           (GpInstance *self);
double              gp_instance_get_derived_factor         (GpInstance *self);
const char         *gp_instance_get_derived_rule           (GpInstance *self);
GpSource           *gp_instance_get_derived_source         (GpInstance *self);
const char         *gp_instance_get_currency               (GpInstance *self);
const char         *gp_instance_get_notes                  (GpInstance *self);
GpSource           *gp_instance_get_source                 (GpInstance *self);
GpCatalogLayer      gp_instance_get_layer                  (GpInstance *self);
GListModel         *gp_instance_get_offers                 (GpInstance *self);
GpOffer            *gp_instance_get_cheapest_offer         (GpInstance *self);
GpOffer            *gp_instance_find_offer                 (GpInstance *self,
                                                            const char *region_id);

const GpLabCost *gp_instance_get_lab_cost (GpInstance *self);
double           gp_instance_get_to_catalog (GpInstance *self);

G_END_DECLS
