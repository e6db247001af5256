/* gp-catalog-bundled.c — the catalog compiled into the program
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Apart from gp-catalog.c so that a program that brings its own files (the tool that builds the
 * bundled catalog) links no compiled-in catalog.
 */

#include "config.h"

#include "gp-catalog.h"
#include "gp-catalog-data.h"

#define BUNDLED_PATH "/io/github/gpuplanner/GpuPlanner/catalog/catalog.json"
#define BUNDLED_NAME "bundled catalog.json"

GBytes *
gp_catalog_get_bundled_bytes (void)
{
  return g_resource_lookup_data (gp_catalog_data_get_resource (), BUNDLED_PATH, 0, NULL);
}

GpCatalog *
gp_catalog_new_bundled (void)
{
  g_autoptr(GpCatalog) self = gp_catalog_new ();
  g_autoptr(GBytes) bytes = gp_catalog_get_bundled_bytes ();
  g_autoptr(GError) error = NULL;

  /* The test suite validates the bundled file; failing here is a build defect. */
  if (!gp_catalog_add_layer (self, bytes, BUNDLED_NAME, GP_CATALOG_LAYER_BUNDLED, &error))
    g_critical ("The bundled catalog is invalid: %s", error->message);

  return g_steal_pointer (&self);
}
