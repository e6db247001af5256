/* gp-vantage-importer.h — AWS EC2 prices as instances.vantage.sh lists them
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "gp-catalog.h"
#include "gp-import-report.h"

G_BEGIN_DECLS

JsonNode *gp_vantage_import_tree (GpCatalog       *base,
                                  GBytes          *csv,
                                  const char      *file,
                                  const char      *provider_id,
                                  const char      *source_url,
                                  const char      *as_of,
                                  GpImportReport  *report,
                                  GError         **error);

G_END_DECLS
