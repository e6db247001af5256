/* gp-offer-filter-pane.h
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "gp-catalog.h"
#include "gp-offer-filter.h"

G_BEGIN_DECLS

#define GP_TYPE_OFFER_FILTER_PANE (gp_offer_filter_pane_get_type ())

G_DECLARE_FINAL_TYPE (GpOfferFilterPane, gp_offer_filter_pane, GP, OFFER_FILTER_PANE, AdwBin)

GtkWidget     *gp_offer_filter_pane_new         (void);
GpOfferFilter *gp_offer_filter_pane_get_filter  (GpOfferFilterPane *self);
void           gp_offer_filter_pane_set_filter  (GpOfferFilterPane *self,
                                                 GpOfferFilter     *filter);
GpCatalog     *gp_offer_filter_pane_get_catalog (GpOfferFilterPane *self);
void           gp_offer_filter_pane_set_catalog (GpOfferFilterPane *self,
                                                 GpCatalog         *catalog);

G_END_DECLS
