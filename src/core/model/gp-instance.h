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

/* The hours of a month's rent: a year's 8,760 over twelve. */
#define GP_QUOTE_HOURS_A_MONTH 730.0

/**
 * GpQuoteTerms:
 * @price: the price as the lab was given it, more than 0
 * @per: what it is the price of
 * @billing_increment_s: what the quote bills by, in seconds; 0 where it does not say (a month's
 *   rent bills by the month)
 * @reach: how a lab in mainland China reaches this offer, as the user said of it;
 *   %GP_REACHABILITY_UNKNOWN where the quote does not say (its provider's then)
 *
 * A price the lab was quoted or read on a price page, entered by the user.
 */
typedef struct
{
  double     price;
  GpQuotePer per;
  double         billing_increment_s;
  GpReachability reach;
} GpQuoteTerms;

#define GP_TYPE_INSTANCE (gp_instance_get_type ())

G_DECLARE_FINAL_TYPE (GpInstance, gp_instance, GP, INSTANCE, GObject)

const char         *gp_instance_get_id                     (GpInstance *self);
const char         *gp_instance_get_name                   (GpInstance *self);
const char         *gp_instance_get_raw_name               (GpInstance *self);
char               *gp_instance_dup_label                  (GpInstance *self);
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
const char         *gp_instance_get_reported_by            (GpInstance *self);
gboolean            gp_instance_is_lowest_listed           (GpInstance *self);
char               *gp_instance_dup_reported_text          (GpInstance *self);
const char         *gp_instance_get_derived_from           (GpInstance *self);
double              gp_instance_get_derived_factor         (GpInstance *self);
const char         *gp_instance_get_derived_rule           (GpInstance *self);
char               *gp_instance_dup_derived_rule_text      (GpInstance *self);
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
const GpQuoteTerms *gp_instance_get_quote_terms (GpInstance *self);
GpReachability      gp_instance_get_reachability (GpInstance *self);
double           gp_instance_get_billing_increment_s (GpInstance *self);
double           gp_quote_terms_per_hour  (const GpQuoteTerms *terms);
double           gp_quote_terms_per_gpu_hour (const GpQuoteTerms *terms,
                                              guint               gpu_count);
double           gp_instance_get_to_catalog (GpInstance *self);

G_END_DECLS
