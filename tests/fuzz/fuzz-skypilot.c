/* fuzz-skypilot.c — libFuzzer target: any bytes as a SkyPilot vms.csv
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The importer must refuse bad input with an error, never crash, hang or leak; what it accepts
 * must be a catalog layer the loader accepts.
 */

#include "config.h"

#include <stdint.h>
#include <stdlib.h>

#include "gp-skypilot-importer.h"
#include "gp-update-error.h"

int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  static GpCatalog *base;
  g_autoptr(GBytes) csv = g_bytes_new (data, size);
  g_autoptr(GBytes) layer = NULL;
  g_autoptr(GError) error = NULL;

  /* The base is only read by the importer: one for the whole run. */
  if (base == NULL)
    base = gp_catalog_new_bundled ();

  layer = gp_skypilot_import (base, csv, "fuzz.csv", NULL, "2026-01-01", NULL, &error);
  if (layer == NULL)
    {
      if (error == NULL || error->domain != GP_UPDATE_ERROR)
        abort ();
      return 0;
    }

  {
    g_autoptr(GpCatalog) check = gp_catalog_new_bundled ();

    /* What the importer writes, the loader must take. */
    if (!gp_catalog_add_layer (check, layer, "imported.json", GP_CATALOG_LAYER_EXTRA, NULL))
      abort ();
  }

  return 0;
}
