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

#include "fuzz-importer.h"
#include "gp-skypilot-importer.h"

int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GBytes) csv = g_bytes_new (data, size);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) layer = NULL;

  layer = gp_skypilot_import (fuzz_importer_base (), csv, "fuzz.csv", NULL, "2026-01-01", NULL,
                              &error);

  fuzz_importer_check (layer, error);
  return 0;
}
