/* fuzz-catalog.c — libFuzzer target: any bytes as a catalog layer over the bundled one
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The loader must refuse bad input with an error, never crash, hang or leak, and a refused
 * layer must leave the catalog as it was.
 */

#include "config.h"

#include <stdint.h>
#include <stdlib.h>

#include "gp-catalog.h"

int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GBytes) bytes = g_bytes_new (data, size);
  g_autoptr(GError) error = NULL;
  guint offers = g_list_model_get_n_items (gp_catalog_get_offers (catalog));

  if (!gp_catalog_add_layer (catalog, bytes, "fuzz.json", GP_CATALOG_LAYER_EXTRA, &error))
    {
      if (error == NULL || error->domain != GP_CATALOG_ERROR)
        abort ();
      if (g_list_model_get_n_items (gp_catalog_get_offers (catalog)) != offers)
        abort ();
    }

  return 0;
}
