/* gp-azure-importer.h
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "gp-catalog.h"
#include "gp-skypilot-importer.h"

G_BEGIN_DECLS

#define GP_AZURE_PRICES_API "https://prices.azure.com/api/retail/prices"

char    *gp_azure_prices_url (GpCatalog       *catalog);

gboolean gp_azure_page_parse (GBytes          *page,
                              const char      *file,
                              JsonArray      **items,
                              char           **next_link,
                              GError         **error);
GBytes  *gp_azure_import     (GpCatalog       *base,
                              GPtrArray       *pages,
                              const char      *file,
                              const char      *source_url,
                              const char      *as_of,
                              GpImportReport  *report,
                              GError         **error);

G_END_DECLS
