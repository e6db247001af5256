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
#include <string.h>

#include "fuzz-importer.h"
#include "gp-azure-importer.h"

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
  g_autoptr(GPtrArray) pages = split_pages (data, size);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) layer = NULL;

  layer = gp_azure_import (fuzz_importer_base (), pages, "fuzz.json", NULL, "2026-01-01", NULL,
                           &error);

  fuzz_importer_check (layer, error);
  return 0;
}
