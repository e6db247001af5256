/* gp-offer-sort-model.h — the catalog's offers, ordered by one column
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "gp-catalog.h"
#include "gp-offer-filter.h"

G_BEGIN_DECLS

#define GP_TYPE_OFFER_SORT_MODEL (gp_offer_sort_model_get_type ())

G_DECLARE_FINAL_TYPE (GpOfferSortModel, gp_offer_sort_model, GP, OFFER_SORT_MODEL, GObject)

GpOfferSortModel *gp_offer_sort_model_new            (void);
void              gp_offer_sort_model_set_catalog    (GpOfferSortModel *self,
                                                      GpCatalog        *catalog);
void              gp_offer_sort_model_set_column     (GpOfferSortModel *self,
                                                      gboolean          active,
                                                      GpOfferColumn     column,
                                                      gboolean          descending);
gboolean          gp_offer_sort_model_get_active     (GpOfferSortModel *self);
GpOfferColumn     gp_offer_sort_model_get_column     (GpOfferSortModel *self);
gboolean          gp_offer_sort_model_get_descending (GpOfferSortModel *self);
void              gp_offer_sort_model_set_per_gpu    (GpOfferSortModel *self,
                                                      gboolean          per_gpu);
void              gp_offer_sort_model_set_filter     (GpOfferSortModel *self,
                                                      GpOfferFilter    *filter);
void              gp_offer_sort_model_refilter       (GpOfferSortModel *self);

G_END_DECLS
