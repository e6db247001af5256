/* gp-catalog-loader-private.h — what the loader's readers share: the walk's context and
 * the reader of each kind of record
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "gp-catalog-loader.h"
#include "gp-json-walk.h"
#include "gp-model-private.h"

G_BEGIN_DECLS

/* Where the walk is: the layer it fills, the ids seen so far in the current array, and the
 * provider or instance whose regions or prices are being read. */
typedef struct
{
  GpLayerData *data;
  GHashTable *seen;
  GpProvider *provider;
  GpInstance *instance;
  GHashTable *regions_seen;
} ReadContext;

gboolean _gp_catalog_loader_read_source_ref (GpJsonWalk  *walk,
                                             JsonObject  *object,
                                             gboolean     required,
                                             char       **out);
gboolean _gp_catalog_loader_read_source (GpJsonWalk *walk,
                                         JsonObject *object,
                                         guint       index,
                                         gpointer    user_data);
gboolean _gp_catalog_loader_read_gpu (GpJsonWalk *walk,
                                      JsonObject *object,
                                      guint       index,
                                      gpointer    user_data);
gboolean _gp_catalog_loader_read_provider (GpJsonWalk *walk,
                                           JsonObject *object,
                                           guint       index,
                                           gpointer    user_data);
gboolean _gp_catalog_loader_read_instance (GpJsonWalk *walk,
                                           JsonObject *object,
                                           guint       index,
                                           gpointer    user_data);

G_END_DECLS
