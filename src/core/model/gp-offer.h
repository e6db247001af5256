/* gp-offer.h
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "gp-types.h"

G_BEGIN_DECLS

/* What an hour of an instance may cost, in its currency: a cent at least (1e-320 showed as
 * ¥0.000 and made every estimate free), and a bound no rental comes near in any currency. */
#define GP_PRICE_MIN_PER_HOUR 0.01
#define GP_PRICE_MAX_PER_HOUR 1e6

gboolean gp_price_per_hour_is_plausible (double price);

#define GP_TYPE_OFFER (gp_offer_get_type ())

G_DECLARE_FINAL_TYPE (GpOffer, gp_offer, GP, OFFER, GObject)

GpInstance     *gp_offer_get_instance     (GpOffer *self);
GpProvider     *gp_offer_get_provider     (GpOffer *self);
GpGpu          *gp_offer_get_gpu          (GpOffer *self);
GpRegion       *gp_offer_get_region       (GpOffer *self);
const char     *gp_offer_get_region_id    (GpOffer *self);
char           *gp_offer_dup_region_label (GpOffer *self);
double          gp_offer_get_on_demand    (GpOffer *self);
double          gp_offer_get_listed_price (GpOffer           *self,
                                           GpEstimatePricing  pricing);
const char     *gp_offer_get_currency     (GpOffer *self);
GpPriceBasis    gp_offer_get_price_basis  (GpOffer *self);
double          gp_offer_get_spot_min     (GpOffer *self);
double          gp_offer_get_spot_max     (GpOffer *self);
gboolean        gp_offer_get_spot_range   (GpOffer  *self,
                                           gboolean  per_gpu,
                                           double    rate,
                                           double   *min,
                                           double   *max);
double          gp_offer_get_reserved_1y  (GpOffer *self);
double          gp_offer_get_reserved_3y  (GpOffer *self);
double          gp_offer_get_capacity_block (GpOffer *self);
GpSource       *gp_offer_get_capacity_block_source (GpOffer *self);
double          gp_offer_get_per_gpu_hour (GpOffer *self);
double          gp_offer_get_value        (GpOffer *self);
GpAnomaly       gp_offer_get_anomalies    (GpOffer *self);
GpSource       *gp_offer_get_source       (GpOffer *self);
GpCatalogLayer  gp_offer_get_layer        (GpOffer *self);
GpSource       *gp_offer_get_price_source (GpOffer           *self,
                                           GpEstimatePricing  pricing);
const char     *gp_offer_get_price_as_of  (GpOffer           *self,
                                           GpEstimatePricing  pricing);
gboolean        gp_offer_is_price_stale   (GpOffer           *self,
                                           GpEstimatePricing  pricing,
                                           guint              stale_after_days);
const char     *gp_offer_get_as_of        (GpOffer *self);
gboolean        gp_offer_is_stale         (GpOffer *self,
                                           guint    stale_after_days);
gboolean        gp_offer_is_doubtful      (GpOffer           *self,
                                           GpEstimatePricing  pricing);
double          gp_offer_get_price        (GpOffer       *self,
                                           GpOfferColumn  column,
                                           gboolean       per_gpu);
double          gp_offer_get_column_value (GpOffer       *self,
                                           GpOfferColumn  column,
                                           gboolean       per_gpu,
                                           double         rate);
gboolean        gp_offer_has_column_value (GpOffer       *self,
                                           GpOfferColumn  column,
                                           gboolean       per_gpu);
gboolean        gp_offer_is_cheaper       (GpOffer       *self,
                                           GpOffer       *than);
int             gp_offer_compare          (GpOffer       *a,
                                           GpOffer       *b,
                                           GpOfferColumn  column,
                                           gboolean       per_gpu,
                                           gboolean       descending);

char           *gp_offer_dup_id           (GpOffer *self);

/* The most any provider states spot saves: Compute Engine's Spot VMs, "60 to 91 %" off
 * (build.json's gce-spot; EC2, SageMaker and Azure state up to 90 %). */
#define GP_SPOT_LARGEST_STATED_SAVING_PCT 91.0
/* Half a percentage point for the rounding of that statement and of the prices. */
#define GP_SPOT_SHARE_ROUNDING_PCT 0.5

int             gp_spot_compare_on_demand (double spot,
                                           double on_demand);
double          gp_spot_doubtful_share_pct (void);
gboolean        gp_spot_is_doubtfully_low (double spot,
                                           double on_demand);

gboolean        gp_offer_is_abroad        (GpOffer       *self);
GpReachability  gp_offer_get_reach        (GpOffer       *self,
                                           GpLabLocation  lab);
gboolean        gp_offer_crosses_border   (GpOffer       *self,
                                           GpLabLocation  lab);

G_END_DECLS
