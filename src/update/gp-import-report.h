/* gp-import-report.h — what an import did: rows read, imported and skipped, and why
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * GpImportReport:
 * @rows: data rows (or items) read
 * @imported: rows whose figures went into an offer
 * @skipped: rows that gave no offer, each counted under its reason
 * @offers: instance × region offers written
 * @instances: instance types written
 * @gpus_added: GPU models the import added because the catalog had none of that name
 * @notes: what was skipped, flagged or added, in words, a string each
 *
 * What an import did, for the user and for tests. Every row read is either imported or
 * skipped: @imported + @skipped = @rows.
 */
typedef struct
{
  guint       rows;
  guint       imported;
  guint       skipped;
  guint       offers;
  guint       instances;
  guint       gpus_added;
  GPtrArray  *notes;
  /*< private >*/
  GHashTable *reasons;
  GPtrArray  *reason_order;
} GpImportReport;

GpImportReport *gp_import_report_new        (void);
void            gp_import_report_free       (GpImportReport *report);
void            gp_import_report_skip       (GpImportReport *report,
                                             const char     *reason);
void            gp_import_report_note       (GpImportReport *report,
                                             const char     *format,
                                             ...) G_GNUC_PRINTF (2, 3);
gboolean        gp_import_report_check_id   (GpImportReport *report,
                                             const char     *id);
guint           gp_import_report_get_n_reasons (GpImportReport *report);
const char     *gp_import_report_get_reason (GpImportReport *report,
                                             guint           index,
                                             guint          *count);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GpImportReport, gp_import_report_free)

G_END_DECLS
