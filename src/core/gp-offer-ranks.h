/* gp-offer-ranks.h — every offer's place in one column's order
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "gp-catalog.h"

G_BEGIN_DECLS

typedef struct _GpOfferRanks GpOfferRanks;

#define GP_TYPE_OFFER_RANKS (gp_offer_ranks_get_type ())

GType         gp_offer_ranks_get_type (void) G_GNUC_CONST;
GpOfferRanks *gp_offer_ranks_new      (GpCatalog     *catalog,
                                       GpOfferColumn  column,
                                       gboolean       per_gpu,
                                       gboolean       descending);
GpOfferRanks *gp_offer_ranks_ref      (GpOfferRanks  *self);
void          gp_offer_ranks_unref    (GpOfferRanks  *self);
GListModel   *gp_offer_ranks_get_ordered (GpOfferRanks *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GpOfferRanks, gp_offer_ranks_unref)

G_END_DECLS
