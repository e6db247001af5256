/* gp-instances-page.h
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "gp-catalog.h"
#include "gp-settings.h"
#include "gp-offer-filter.h"

G_BEGIN_DECLS

#define GP_TYPE_INSTANCES_PAGE (gp_instances_page_get_type ())

G_DECLARE_FINAL_TYPE (GpInstancesPage, gp_instances_page, GP, INSTANCES_PAGE, AdwBin)

GpCatalog           *gp_instances_page_get_catalog       (GpInstancesPage *self);
void                 gp_instances_page_set_catalog       (GpInstancesPage *self,
                                                          GpCatalog       *catalog);
void                 gp_instances_page_set_settings      (GpInstancesPage *self,
                                                          GpSettings      *settings);
GpOfferFilter       *gp_instances_page_get_filter        (GpInstancesPage *self);
GListModel          *gp_instances_page_get_offers        (GpInstancesPage *self);
GtkColumnViewColumn *gp_instances_page_get_column        (GpInstancesPage *self,
                                                          const char      *id);
void                 gp_instances_page_focus_search      (GpInstancesPage *self);
void                 gp_instances_page_show_details      (GpInstancesPage *self,
                                                          GpOffer         *offer);
GpOffer             *gp_instances_page_get_details_offer (GpInstancesPage *self);

G_END_DECLS
