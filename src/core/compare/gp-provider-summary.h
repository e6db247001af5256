/* gp-provider-summary.h
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "gp-catalog.h"

G_BEGIN_DECLS

#define GP_TYPE_PROVIDER_SUMMARY (gp_provider_summary_get_type ())

G_DECLARE_FINAL_TYPE (GpProviderSummary, gp_provider_summary, GP, PROVIDER_SUMMARY, GObject)

GpProviderSummary  *gp_provider_summary_new                (GpCatalog         *catalog,
                                                            GpProvider        *provider);
GpProvider         *gp_provider_summary_get_provider       (GpProviderSummary *self);
const char * const *gp_provider_summary_get_gpu_names      (GpProviderSummary *self);
guint               gp_provider_summary_get_n_instances    (GpProviderSummary *self);
double              gp_provider_summary_get_max_gpu_memory (GpProviderSummary *self);
GpOffer            *gp_provider_summary_get_cheapest_offer (GpProviderSummary *self);
GpOffer            *gp_provider_summary_get_cheapest_spot_offer (GpProviderSummary *self);
double              gp_provider_summary_get_max_spot_saving_pct (GpProviderSummary *self);
const char         *gp_provider_summary_get_oldest_as_of   (GpProviderSummary *self);
GListModel         *gp_provider_summary_get_sources        (GpProviderSummary *self);
GListModel         *gp_provider_summary_get_instances      (GpProviderSummary *self);
GpProvider         *gp_provider_summary_get_gpus_from      (GpProviderSummary *self);
GpRegion           *gp_provider_summary_get_cleanest_region (GpProviderSummary *self);
GpRegion           *gp_provider_summary_get_dirtiest_region (GpProviderSummary *self);

G_END_DECLS
