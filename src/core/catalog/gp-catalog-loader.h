/* gp-catalog-loader.h — parsing and validating one catalog layer
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "gp-types.h"

G_BEGIN_DECLS

#define GP_CATALOG_SCHEMA_VERSION 1

/* One parsed, self-consistent catalog file: references to other layers not yet resolved. */
typedef struct
{
  char           *file;
  GpCatalogLayer  layer;
  char           *name;
  char           *as_of;
  char           *currency;
  GPtrArray      *sources;
  GPtrArray      *gpus;
  GPtrArray      *providers;
  GPtrArray      *instances;
  GPtrArray      *warnings;
  guint           n_offers;
} GpLayerData;

GpLayerData *gp_layer_data_read_tree (JsonNode       *root,
                                      const char     *file,
                                      GpCatalogLayer  layer,
                                      GError        **error);
GpLayerData *gp_layer_data_parse (GBytes         *bytes,
                                  const char     *file,
                                  GpCatalogLayer  layer,
                                  GError        **error);
void         gp_layer_data_free  (GpLayerData    *data);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GpLayerData, gp_layer_data_free)

G_END_DECLS
