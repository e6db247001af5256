/* gp-provider.h
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "gp-types.h"

G_BEGIN_DECLS

#define GP_TYPE_PROVIDER (gp_provider_get_type ())

G_DECLARE_FINAL_TYPE (GpProvider, gp_provider, GP, PROVIDER, GObject)

const char     *gp_provider_get_id                       (GpProvider *self);
const char     *gp_provider_get_name                     (GpProvider *self);
const char     *gp_provider_get_short_name               (GpProvider *self);
const char     *gp_provider_get_currency                 (GpProvider *self);
GpProviderKind  gp_provider_get_kind                     (GpProvider *self);
gboolean        gp_provider_get_featured                 (GpProvider *self);
const char     *gp_provider_get_website                  (GpProvider *self);
const char     *gp_provider_get_summary                  (GpProvider *self);
GpPricingModel  gp_provider_get_pricing                  (GpProvider *self);
double          gp_provider_get_billing_increment_s      (GpProvider *self);
double          gp_provider_get_billing_minimum_s        (GpProvider *self);
GpSource       *gp_provider_get_billing_source           (GpProvider *self);
double          gp_provider_get_egress_per_gb            (GpProvider *self);
double          gp_provider_get_egress_free_gb           (GpProvider *self);
double          gp_provider_get_ingress_per_gb           (GpProvider *self);
GpSource       *gp_provider_get_transfer_source          (GpProvider *self);
GpFeature       gp_provider_get_features                 (GpProvider *self);
gboolean        gp_provider_has_feature                  (GpProvider *self,
                                                          GpFeature   feature);
const char     *gp_provider_get_environment              (GpProvider *self);
const char     *gp_feature_get_label                     (GpFeature   features);
GpSource       *gp_provider_get_features_source          (GpProvider *self);
double          gp_provider_get_max_session_hours        (GpProvider *self);
double          gp_provider_get_idle_timeout_minutes     (GpProvider *self);
const char     *gp_provider_get_quota                    (GpProvider *self);
GpSource       *gp_provider_get_limits_source            (GpProvider *self);
const char     *gp_provider_get_relative_to              (GpProvider *self);
double          gp_provider_get_markup_min_pct           (GpProvider *self);
double          gp_provider_get_markup_max_pct           (GpProvider *self);
const char     *gp_provider_get_relative_note            (GpProvider *self);
GpSource       *gp_provider_get_relative_source          (GpProvider *self);
double          gp_provider_get_reserved_1y_discount_pct (GpProvider *self);
double          gp_provider_get_reserved_3y_discount_pct (GpProvider *self);
GpSource       *gp_provider_get_reserved_source          (GpProvider *self);
double          gp_provider_get_spot_savings_min_pct     (GpProvider *self);
double          gp_provider_get_spot_savings_max_pct     (GpProvider *self);
const char     *gp_provider_get_spot_note                (GpProvider *self);
GpReachability  gp_provider_get_reachability             (GpProvider *self);
const char     *gp_reachability_get_label                (GpReachability reach);
const char     *gp_reachability_get_mark                 (GpReachability reach);
const char     *gp_provider_get_reachability_account     (GpProvider *self);
const char     *gp_provider_get_reachability_note        (GpProvider *self);
GpSource       *gp_provider_get_spot_source              (GpProvider *self);
const char     *gp_provider_get_billing_currency         (GpProvider *self);
GpAnswer        gp_provider_get_answer                   (GpProvider      *self,
                                                          GpProviderGroup  group);
const char     *gp_provider_get_payment_note             (GpProvider      *self,
                                                          GpProviderGroup  group);
GListModel     *gp_provider_get_regions                  (GpProvider *self);
GpRegion       *gp_provider_find_region                  (GpProvider *self,
                                                          const char *region_id);
GListModel     *gp_provider_get_plans                    (GpProvider *self);
GpPlan         *gp_provider_find_plan                    (GpProvider *self,
                                                          const char *plan_id);
const char     *gp_provider_get_notes                    (GpProvider *self);
GpSource       *gp_provider_get_source                   (GpProvider *self);
GpSource       *gp_provider_get_group_source             (GpProvider      *self,
                                                          GpProviderGroup  group);
GpCatalogLayer  gp_provider_get_layer                    (GpProvider *self);

G_END_DECLS
