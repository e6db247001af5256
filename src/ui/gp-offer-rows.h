/* gp-offer-rows.h — the Instances table's rows over its offers, kept when they are filtered
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "gp-offer-row.h"

G_BEGIN_DECLS

#define GP_TYPE_OFFER_ROWS (gp_offer_rows_get_type ())

G_DECLARE_FINAL_TYPE (GpOfferRows, gp_offer_rows, GP, OFFER_ROWS, GObject)

GpOfferRows *gp_offer_rows_new            (GListModel  *offers);
gboolean     gp_offer_rows_is_refreshing  (GpOfferRows *self);
gboolean     gp_offer_rows_is_held        (GpOfferRows *self);

G_END_DECLS
