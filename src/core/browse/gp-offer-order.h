/* gp-offer-order.h — the catalog's offers in the order of one column
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "gp-catalog.h"

G_BEGIN_DECLS

#define GP_TYPE_OFFER_ORDER (gp_offer_order_get_type ())

G_DECLARE_FINAL_TYPE (GpOfferOrder, gp_offer_order, GP, OFFER_ORDER, GObject)

GpOfferOrder *gp_offer_order_new (GpCatalog     *catalog,
                                  GpOfferColumn  column,
                                  gboolean       per_gpu,
                                  gboolean       descending);
const guint32 *gp_offer_order_get_positions (GpOfferOrder *self);

G_END_DECLS
