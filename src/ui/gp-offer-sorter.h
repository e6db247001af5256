/* gp-offer-sorter.h
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "gp-catalog.h"

G_BEGIN_DECLS

#define GP_TYPE_OFFER_SORTER (gp_offer_sorter_get_type ())

G_DECLARE_FINAL_TYPE (GpOfferSorter, gp_offer_sorter, GP, OFFER_SORTER, GtkSorter)

GpOfferSorter *gp_offer_sorter_new         (void);
GtkSortListModel *gp_offer_sorter_new_model (GpOfferSorter *self);
void           gp_offer_sorter_set_catalog (GpOfferSorter *self,
                                            GpCatalog     *catalog);
void           gp_offer_sorter_set_column  (GpOfferSorter *self,
                                            gboolean       active,
                                            GpOfferColumn  column,
                                            gboolean       descending);
gboolean       gp_offer_sorter_get_active  (GpOfferSorter *self);
GpOfferColumn  gp_offer_sorter_get_column  (GpOfferSorter *self);
gboolean       gp_offer_sorter_get_descending (GpOfferSorter *self);
void           gp_offer_sorter_set_per_gpu (GpOfferSorter *self,
                                            gboolean       per_gpu);

G_END_DECLS
