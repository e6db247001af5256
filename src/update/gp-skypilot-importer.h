/* gp-skypilot-importer.h
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "gp-catalog.h"
#include "gp-import-report.h"

G_BEGIN_DECLS

JsonNode *gp_skypilot_import_tree (GpCatalog       *base,
                                   GBytes          *csv,
                                   const char      *file,
                                   const char      *source_url,
                                   const char      *as_of,
                                   GpImportReport  *report,
                                   GError         **error);
GBytes *gp_skypilot_import (GpCatalog       *base,
                            GBytes          *csv,
                            const char      *file,
                            const char      *source_url,
                            const char      *as_of,
                            GpImportReport  *report,
                            GError         **error);

G_END_DECLS
