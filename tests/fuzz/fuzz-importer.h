/* fuzz-importer.h — what every importer's fuzz target checks
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <stdlib.h>

#include "gp-catalog.h"
#include "gp-update-error.h"

/* The base is only read by the importers: one for the whole run. */
static inline GpCatalog *
fuzz_importer_base (void)
{
  static GpCatalog *base;

  if (base == NULL)
    base = gp_catalog_new_bundled ();
  return base;
}

/* An importer refuses bad input with its own error; what it accepts, the loader must take. */
static inline void
fuzz_importer_check (GBytes *layer,
                     GError *error)
{
  g_autoptr(GpCatalog) check = NULL;

  if (layer == NULL)
    {
      if (error == NULL || error->domain != GP_UPDATE_ERROR)
        abort ();
      return;
    }

  check = gp_catalog_new_bundled ();
  if (!gp_catalog_add_layer (check, layer, "imported.json", GP_CATALOG_LAYER_EXTRA, NULL))
    abort ();
}
