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

typedef struct _GpSkypilotRows GpSkypilotRows;

GpSkypilotRows *gp_skypilot_rows_read  (GBytes          *csv,
                                        const char      *file,
                                        GpImportReport  *report,
                                        GError         **error);
JsonNode       *gp_skypilot_rows_build (GpSkypilotRows  *rows,
                                        GpCatalog       *base,
                                        const char      *source_url,
                                        const char      *as_of,
                                        GError         **error);
GBytes         *gp_skypilot_rows_write (GpSkypilotRows  *rows,
                                        GpCatalog       *base,
                                        const char      *source_url,
                                        const char      *as_of,
                                        GError         **error);
void            gp_skypilot_rows_free  (GpSkypilotRows  *rows);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GpSkypilotRows, gp_skypilot_rows_free)

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
