/* gp-offer-details.h
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "gp-catalog.h"

G_BEGIN_DECLS

#define GP_TYPE_OFFER_DETAILS (gp_offer_details_get_type ())

G_DECLARE_FINAL_TYPE (GpOfferDetails, gp_offer_details, GP, OFFER_DETAILS, AdwBin)

GpOffer *gp_offer_details_get_offer (GpOfferDetails *self);
void     gp_offer_details_show      (GpOfferDetails *self,
                                     GpCatalog      *catalog,
                                     GpOffer        *offer,
                                     const char     *currency,
                                     double          rate);
void     gp_offer_details_set_lab_location (GpOfferDetails *self,
                                            GpLabLocation   lab);

G_END_DECLS
