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

G_BEGIN_DECLS

/**
 * GpImportReport:
 * @rows: data rows read
 * @skipped: rows that gave no offer (CPU machines, GPUs the catalog does not know)
 * @offers: instance × region offers written
 * @notes: what was skipped or flagged, in words, a string each
 *
 * What an import did, for the user and for tests.
 */
typedef struct
{
  guint      rows;
  guint      skipped;
  guint      offers;
  GPtrArray *notes;
} GpImportReport;

GpImportReport *gp_import_report_new  (void);
void            gp_import_report_free (GpImportReport *report);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GpImportReport, gp_import_report_free)

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
