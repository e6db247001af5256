/* gp-import-report.c — what an import did: rows read, imported and skipped, and why
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "gp-import-report.h"
#include "gp-text.h"

GpImportReport *
gp_import_report_new (void)
{
  GpImportReport *report = g_new0 (GpImportReport, 1);

  report->notes = g_ptr_array_new_with_free_func (g_free);
  report->reasons = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  report->reason_order = g_ptr_array_new ();
  return report;
}

void
gp_import_report_free (GpImportReport *report)
{
  if (report == NULL)
    return;

  g_ptr_array_unref (report->notes);
  g_ptr_array_unref (report->reason_order);
  g_hash_table_unref (report->reasons);
  g_free (report);
}

/* Counts one row as skipped, under @reason. */
void
gp_import_report_skip (GpImportReport *report,
                       const char     *reason)
{
  gpointer key, count;

  report->skipped++;
  if (g_hash_table_lookup_extended (report->reasons, reason, &key, &count))
    g_hash_table_insert (report->reasons, g_strdup (key),
                         GUINT_TO_POINTER (GPOINTER_TO_UINT (count) + 1));
  else
    {
      char *copy = g_strdup (reason);

      g_hash_table_insert (report->reasons, copy, GUINT_TO_POINTER (1));
      g_ptr_array_add (report->reason_order, copy);
    }
}

void
gp_import_report_note (GpImportReport *report,
                       const char     *format,
                       ...)
{
  va_list args;

  va_start (args, format);
  g_ptr_array_add (report->notes, g_strdup_vprintf (format, args));
  va_end (args);
}

/* Ids go into launch code and commands: a row whose type or region holds a character no real
 * id has (a quote, a space, "$", a control character) is skipped, counted and named. */
gboolean
gp_import_report_check_id (GpImportReport *report,
                           const char     *id)
{
  g_autofree char *problem = NULL;
  g_autofree char *shown = NULL;

  if (gp_text_check (id, -1, GP_TEXT_ID, &problem))
    return TRUE;
  shown = g_strescape (id, NULL);
  gp_import_report_skip (report, N_("a type or region that is not an id"));
  /* Translators: a row of a price list skipped: its type or region, and why */
  gp_import_report_note (report, _("“%s”: skipped, %s"), shown, problem);
  return FALSE;
}

guint
gp_import_report_get_n_reasons (GpImportReport *report)
{
  return report->reason_order->len;
}

const char *
gp_import_report_get_reason (GpImportReport *report,
                             guint           index,
                             guint          *count)
{
  const char *reason = g_ptr_array_index (report->reason_order, index);

  *count = GPOINTER_TO_UINT (g_hash_table_lookup (report->reasons, reason));
  return reason;
}
