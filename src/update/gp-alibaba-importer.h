/* gp-alibaba-importer.h — Alibaba Cloud ECS GPU prices, joined to a table of their machines
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "gp-import-report.h"

G_BEGIN_DECLS

JsonNode *gp_alibaba_import_tree (GBytes          *prices,
                                  const char      *prices_file,
                                  GBytes          *specs,
                                  const char      *specs_file,
                                  const char      *provider_id,
                                  JsonObject      *gpus,
                                  GpImportReport  *report,
                                  GError         **error);

G_END_DECLS
