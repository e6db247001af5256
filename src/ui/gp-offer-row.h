/* gp-offer-row.h — a row of the Instances table: a place that shows one offer at a time
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "gp-offer.h"

G_BEGIN_DECLS

#define GP_TYPE_OFFER_ROW (gp_offer_row_get_type ())

G_DECLARE_FINAL_TYPE (GpOfferRow, gp_offer_row, GP, OFFER_ROW, GObject)

GpOfferRow *gp_offer_row_new          (guint       position,
                                       GpOffer    *offer);
GpOffer    *gp_offer_row_get_offer    (GpOfferRow *self);
void        gp_offer_row_set_offer    (GpOfferRow *self,
                                       GpOffer    *offer);
guint       gp_offer_row_get_position (GpOfferRow *self);

G_END_DECLS
