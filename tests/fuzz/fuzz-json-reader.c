/* fuzz-json-reader.c — libFuzzer target: any bytes through the one checked JSON reader
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The check must answer for any text, without crashing, hanging or leaking; what it passes,
 * json-glib must parse; what it refuses, it must refuse with a #GP_JSON_ERROR.
 */

#include "config.h"

#include <stdint.h>
#include <stdlib.h>

#include "gp-json-reader.h"

int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) root = gp_json_read ((const char *) data, size, "fuzz.json", &error);

  if (root == NULL && (error == NULL || error->domain != GP_JSON_ERROR))
    abort ();
  /* Passed the check but json-glib refused it: the check let through what it should not. */
  if (root == NULL && error->code == GP_JSON_ERROR_SYNTAX &&
      gp_json_check ((const char *) data, size, "fuzz.json", NULL))
    abort ();

  return 0;
}
