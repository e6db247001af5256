/* gp-reported-importer.h — prices people reported seeing, a row each, with who and when
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "gp-import-report.h"

G_BEGIN_DECLS

JsonNode *gp_reported_import_tree (GBytes          *csv,
                                   const char      *file,
                                   JsonObject      *recipe,
                                   GpImportReport  *report,
                                   GError         **error);

G_END_DECLS
