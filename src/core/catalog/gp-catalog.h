/* gp-catalog.h
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "gp-catalog-error.h"
#include "gp-gpu.h"
#include "gp-instance.h"
#include "gp-offer.h"
#include "gp-plan.h"
#include "gp-provider.h"
#include "gp-region.h"
#include "gp-source.h"
#include "gp-types.h"

G_BEGIN_DECLS

#define GP_TYPE_CATALOG (gp_catalog_get_type ())

G_DECLARE_FINAL_TYPE (GpCatalog, gp_catalog, GP, CATALOG, GObject)

GpCatalog          *gp_catalog_new                  (void);
GpCatalog          *gp_catalog_new_bundled          (void);
GBytes             *gp_catalog_get_bundled_bytes    (void);
gboolean            gp_catalog_add_layer            (GpCatalog       *self,
                                                     GBytes          *bytes,
                                                     const char      *file,
                                                     GpCatalogLayer   layer,
                                                     GError         **error);
gboolean            gp_catalog_add_layer_tree       (GpCatalog       *self,
                                                     JsonNode        *root,
                                                     const char      *file,
                                                     GpCatalogLayer   layer,
                                                     GError         **error);
gboolean            gp_catalog_replace_layer        (GpCatalog       *self,
                                                     GBytes          *bytes,
                                                     const char      *file,
                                                     GpCatalogLayer   layer,
                                                     GError         **error);
gboolean            gp_catalog_add_layer_from_file  (GpCatalog       *self,
                                                     GFile           *file,
                                                     GpCatalogLayer   layer,
                                                     GError         **error);
void                gp_catalog_load_user_layers     (GpCatalog       *self);
GFile              *gp_catalog_get_layer_location   (GpCatalogLayer   layer);
const char * const *gp_catalog_get_problems         (GpCatalog       *self);
const char * const *gp_catalog_get_warnings         (GpCatalog       *self);
const char         *gp_catalog_get_currency         (GpCatalog       *self);
void                gp_catalog_set_exchange_rates   (GpCatalog       *self,
                                                     GVariant        *per_usd);
void                gp_catalog_set_stale_after_days (GpCatalog       *self,
                                                     guint            days);
guint               gp_catalog_get_stale_after_days (GpCatalog       *self);
const char         *gp_catalog_get_as_of            (GpCatalog       *self);
guint               gp_catalog_get_schema_version   (GpCatalog       *self);
GListModel         *gp_catalog_get_sources          (GpCatalog       *self);
GListModel         *gp_catalog_get_gpus             (GpCatalog       *self);
GListModel         *gp_catalog_get_providers        (GpCatalog       *self);
GListModel         *gp_catalog_get_instances        (GpCatalog       *self);
GListModel         *gp_catalog_get_offers           (GpCatalog       *self);
GpRegion           *gp_catalog_find_zone_region     (GpCatalog       *self,
                                                     const char      *zone);
GpSource           *gp_catalog_find_source          (GpCatalog       *self,
                                                     const char      *id);
GpGpu              *gp_catalog_find_gpu             (GpCatalog       *self,
                                                     const char      *id);
GpProvider         *gp_catalog_find_provider        (GpCatalog       *self,
                                                     const char      *id);
GpInstance         *gp_catalog_find_instance        (GpCatalog       *self,
                                                     const char      *id);
GStrv               gp_catalog_dup_areas            (GpCatalog       *self,
                                                     gboolean         include_zones);
GStrv               gp_catalog_dup_price_credits    (GpCatalog       *self);
guint               gp_catalog_count_offers         (GpCatalog       *self,
                                                     gboolean         include_zones);

G_END_DECLS
