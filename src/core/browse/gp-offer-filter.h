/* gp-offer-filter.h — which offers fit what the user is looking for
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "gp-types.h"

G_BEGIN_DECLS

#define GP_TYPE_OFFER_FILTER (gp_offer_filter_get_type ())

G_DECLARE_FINAL_TYPE (GpOfferFilter, gp_offer_filter, GP, OFFER_FILTER, GObject)

GpOfferFilter      *gp_offer_filter_new                (void);
const char         *gp_offer_filter_get_search         (GpOfferFilter    *self);
void                gp_offer_filter_set_search         (GpOfferFilter    *self,
                                                        const char       *search);
const char * const *gp_offer_filter_get_providers      (GpOfferFilter    *self);
void                gp_offer_filter_set_providers      (GpOfferFilter    *self,
                                                        const char * const *providers);
gboolean            gp_offer_filter_has_provider       (GpOfferFilter    *self,
                                                        const char       *provider);
void                gp_offer_filter_set_provider_shown (GpOfferFilter    *self,
                                                        const char       *provider,
                                                        gboolean          shown);
const char         *gp_offer_filter_get_gpu            (GpOfferFilter    *self);
void                gp_offer_filter_set_gpu            (GpOfferFilter    *self,
                                                        const char       *gpu);
double              gp_offer_filter_get_min_gpu_memory (GpOfferFilter    *self);
void                gp_offer_filter_set_min_gpu_memory (GpOfferFilter    *self,
                                                        double            gigabytes);
guint               gp_offer_filter_get_min_gpu_count  (GpOfferFilter    *self);
void                gp_offer_filter_set_min_gpu_count  (GpOfferFilter    *self,
                                                        guint             count);
GpPricingModel      gp_offer_filter_get_pricing        (GpOfferFilter    *self);
void                gp_offer_filter_set_pricing        (GpOfferFilter    *self,
                                                        GpPricingModel    pricing);
const char         *gp_offer_filter_get_region         (GpOfferFilter    *self);
void                gp_offer_filter_set_region         (GpOfferFilter    *self,
                                                        const char       *region);
gboolean            gp_offer_filter_get_cheapest_region (GpOfferFilter   *self);
void                gp_offer_filter_set_cheapest_region (GpOfferFilter   *self,
                                                        gboolean          cheapest);
double              gp_offer_filter_get_max_price      (GpOfferFilter    *self);
void                gp_offer_filter_set_max_price      (GpOfferFilter    *self,
                                                        double            price);
gboolean            gp_offer_filter_get_per_gpu        (GpOfferFilter    *self);
void                gp_offer_filter_set_per_gpu        (GpOfferFilter    *self,
                                                        gboolean          per_gpu);
gboolean            gp_offer_filter_get_include_zones  (GpOfferFilter    *self);
void                gp_offer_filter_set_include_zones  (GpOfferFilter    *self,
                                                        gboolean          include_zones);
void                gp_offer_filter_set_usable_only    (GpOfferFilter    *self,
                                                        gboolean          usable_only,
                                                        GpLabLocation     lab,
                                                        gboolean          invoice_required);
GpLabLocation       gp_offer_filter_get_lab_location   (GpOfferFilter    *self);
double              gp_offer_filter_get_exchange_rate  (GpOfferFilter    *self);
void                gp_offer_filter_set_exchange_rate  (GpOfferFilter    *self,
                                                        double            rate);
GpOfferCriterion    gp_offer_filter_get_active         (GpOfferFilter    *self);
void                gp_offer_filter_clear              (GpOfferFilter    *self);
void                gp_offer_filter_clear_criterion    (GpOfferFilter    *self,
                                                        GpOfferCriterion  criterion);
gboolean            gp_offer_filter_match              (GpOfferFilter    *self,
                                                        GpOffer          *offer);
gboolean            gp_offer_filter_match_except       (GpOfferFilter    *self,
                                                        GpOffer          *offer,
                                                        GpOfferCriterion  ignored);
GpOfferCriterion    gp_offer_filter_explain_empty      (GpOfferFilter    *self,
                                                        GListModel       *offers);
GpOfferCriterion    gp_offer_filter_explain_none_left  (GpOfferFilter    *self,
                                                        GListModel       *offers);
char               *gp_offer_filter_dup_explanation    (GpOfferFilter    *self,
                                                        GpOfferCriterion  blamed,
                                                        GpCatalog        *catalog,
                                                        const char       *currency,
                                                        gboolean          per_gpu);
void                gp_offer_filter_forget_catalog     (GpOfferFilter    *self);

G_END_DECLS
