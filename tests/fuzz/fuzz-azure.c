/* fuzz-azure.c — libFuzzer target: any bytes as pages of the Azure Retail Prices API
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The importer must refuse bad input with an error, never crash, hang or leak; what it accepts
 * must be a catalog layer the loader accepts. A form feed line splits the input into pages, so
 * that answers of several pages are explored too.
 */

#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gp-azure-importer.h"
#include "gp-update-error.h"

#define PAGE_BREAK "\n\f\n"

int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

static const uint8_t *
find_page_break (const uint8_t *start,
                 const uint8_t *end)
{
  size_t length = strlen (PAGE_BREAK);

  for (const uint8_t *p = start; p + length <= end; p++)
    if (memcmp (p, PAGE_BREAK, length) == 0)
      return p;
  return NULL;
}

static GPtrArray *
split_pages (const uint8_t *data,
             size_t         size)
{
  GPtrArray *pages = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  const uint8_t *start = data, *end = data + size;

  while (start <= end)
    {
      const uint8_t *brk = find_page_break (start, end);
      const uint8_t *stop = brk != NULL ? brk : end;

      g_ptr_array_add (pages, g_bytes_new (start, stop - start));
      if (brk == NULL)
        break;
      start = brk + strlen (PAGE_BREAK);
    }

  return pages;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  static GpCatalog *base;
  g_autoptr(GPtrArray) pages = split_pages (data, size);
  g_autoptr(GBytes) layer = NULL;
  g_autoptr(GError) error = NULL;

  /* The base is only read by the importer: one for the whole run. */
  if (base == NULL)
    base = gp_catalog_new_bundled ();

  layer = gp_azure_import (base, pages, "fuzz.json", NULL, "2026-01-01", NULL, &error);
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
