/* gp-window-quotes.c — the main window's price sheets of quoted offers, imported
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Part of GpWindow (gp-window-private.h), as gp-window-actions.c is.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "gp-assistant-page.h"
#include "gp-compare-page.h"
#include "gp-compat.h"
#include "gp-estimate-page.h"
#include "gp-file.h"
#include "gp-instances-page.h"
#include "gp-quote-sheet-fetch.h"
#include "gp-quote-sheet.h"
#include "gp-settings.h"
#include "gp-ui-toasts.h"
#include "gp-update-error.h"
#include "gp-window-private.h"

static GFile *
user_layer (void)
{
  return gp_catalog_get_layer_location (GP_CATALOG_LAYER_USER);
}

void
gp_sheet_import_free (GpSheetImport *outcome)
{
  if (outcome == NULL)
    return;
  g_free (outcome->name);
  g_clear_error (&outcome->error);
  g_free (outcome);
}

/* Price sheets imported on a worker thread: each read, its quotes checked and written to the
 * user's layer there, so that a sheet of 100,000 rows never holds up the window; the layer
 * goes into the catalog back on the main thread. */
typedef struct
{
  GPtrArray *sheets; /* GFile */
  char *address;     /* nullable: the one sheet, downloaded from here */
  GBytes *download;  /* its bytes, once downloaded */
  GFile *layer;
  GListStore *gpus;    /* the catalog's GPU models, copied: the catalog is the main thread's */
  GPtrArray *outcomes; /* GpSheetImport */
  GBytes *written;     /* the layer as the last sheet left it */
  AdwToast *toast;     /* the progress and its Cancel, shown and touched on the main thread */
  GMainContext *context;
} SheetImports;

static void
sheet_imports_free (SheetImports *imports)
{
  g_clear_pointer (&imports->sheets, g_ptr_array_unref);
  g_free (imports->address);
  g_clear_pointer (&imports->download, g_bytes_unref);
  g_clear_object (&imports->layer);
  g_clear_object (&imports->gpus);
  g_clear_pointer (&imports->outcomes, g_ptr_array_unref);
  g_clear_pointer (&imports->written, g_bytes_unref);
  g_clear_object (&imports->toast);
  g_clear_pointer (&imports->context, g_main_context_unref);
  g_free (imports);
}

typedef struct
{
  AdwToast *toast;
  char *text;
} Progress;

static gboolean
show_progress_cb (gpointer user_data)
{
  Progress *progress = user_data;
  g_autofree char *escaped = g_markup_escape_text (progress->text, -1);

  adw_toast_set_title (progress->toast, escaped);
  g_object_unref (progress->toast);
  g_free (progress->text);
  g_free (progress);
  return G_SOURCE_REMOVE;
}

/* Says on the main thread how far the worker is. */
static void
report_progress (SheetImports *imports,
                 char         *text)
{
  Progress *progress = g_new (Progress, 1);

  progress->toast = g_object_ref (imports->toast);
  progress->text = text;
  g_main_context_invoke (imports->context, show_progress_cb, progress);
}

static GpSheetImport *
import_bytes (SheetImports  *imports,
              GpSheetImport *outcome,
              GBytes        *bytes,
              GCancellable  *cancellable)
{
  g_autoptr(GPtrArray) quotes = NULL;
  GBytes *written;

  quotes = gp_quote_sheet_read (G_LIST_MODEL (imports->gpus), bytes, outcome->name,
                                &outcome->encoding, &outcome->error);
  if (quotes == NULL || g_cancellable_set_error_if_cancelled (cancellable, &outcome->error))
    return outcome;
  report_progress (imports,
                   /* Translators: while a price sheet's quotes are checked and saved */
                   g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Adding %u quote of %s…",
                                                 "Adding %u quotes of %s…", quotes->len),
                                    quotes->len, outcome->name));
  written = gp_quote_layer_add_to_file (imports->layer, quotes, cancellable, &outcome->error);
  if (written != NULL)
    {
      g_clear_pointer (&imports->written, g_bytes_unref);
      imports->written = written;
      outcome->added = quotes->len;
    }
  return outcome;
}

static GpSheetImport *
import_sheet (SheetImports *imports,
              GFile        *sheet,
              GCancellable *cancellable)
{
  GpSheetImport *outcome = g_new0 (GpSheetImport, 1);
  g_autoptr(GBytes) bytes = NULL;

  outcome->name = g_file_get_basename (sheet);
  /* Translators: while a price sheet is read; its file name */
  report_progress (imports, g_strdup_printf (_("Reading %s…"), outcome->name));
  bytes = gp_file_load (sheet, GP_FILE_MAX_SIZE, &outcome->error);
  if (bytes == NULL)
    return outcome;
  return import_bytes (imports, outcome, bytes, cancellable);
}

static void
import_sheets_thread (GTask        *task,
                      gpointer      source_object,
                      gpointer      task_data,
                      GCancellable *cancellable)
{
  SheetImports *imports = task_data;

  if (imports->download != NULL)
    {
      GpSheetImport *outcome = g_new0 (GpSheetImport, 1);

      outcome->name = g_strdup (imports->address);
      g_ptr_array_add (imports->outcomes,
                       import_bytes (imports, outcome, imports->download, cancellable));
    }
  for (guint i = 0; i < imports->sheets->len; i++)
    {
      GpSheetImport *outcome;

      /* A cancelled import stops before the next write: what is written stays whole. */
      if (g_cancellable_is_cancelled (cancellable))
        {
          outcome = g_new0 (GpSheetImport, 1);
          outcome->name = g_file_get_basename (g_ptr_array_index (imports->sheets, i));
          g_cancellable_set_error_if_cancelled (cancellable, &outcome->error);
        }
      else
        outcome = import_sheet (imports, g_ptr_array_index (imports->sheets, i), cancellable);
      g_ptr_array_add (imports->outcomes, outcome);
    }
  g_task_return_boolean (task, TRUE);
}

static void
cancel_import_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  GpWindow *self = GP_WINDOW (widget);

  if (self->import_cancellable != NULL)
    g_cancellable_cancel (self->import_cancellable);
}

static GTask *start_import (GpWindow *self, GAsyncReadyCallback callback, gpointer user_data);

/* Adds every quote of each sheet to the user's layer, or none of the sheet, on a worker thread,
 * with a toast saying how far it is and a Cancel button (win.cancel-import); the catalog shows
 * the quotes once the callback runs. */
void
gp_window_import_quotes_async (GpWindow            *self,
                               GListModel          *sheets,
                               GAsyncReadyCallback  callback,
                               gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  SheetImports *imports;

  g_return_if_fail (GP_IS_WINDOW (self));
  g_return_if_fail (G_IS_LIST_MODEL (sheets));

  task = start_import (self, callback, user_data);
  imports = g_task_get_task_data (task);
  for (guint i = 0; i < g_list_model_get_n_items (sheets); i++)
    g_ptr_array_add (imports->sheets, g_list_model_get_item (sheets, i));
  g_task_run_in_thread (task, import_sheets_thread);
}

/* The task of an import, its cancellable the window's, and its toast shown. */
static GTask *
start_import (GpWindow            *self,
              GAsyncReadyCallback  callback,
              gpointer             user_data)
{
  GTask *task;
  SheetImports *imports;
  GListModel *gpus;

  if (self->import_cancellable == NULL || g_cancellable_is_cancelled (self->import_cancellable))
    {
      g_clear_object (&self->import_cancellable);
      self->import_cancellable = g_cancellable_new ();
    }
  task = g_task_new (self, self->import_cancellable, callback, user_data);
  g_task_set_source_tag (task, gp_window_import_quotes_async);

  imports = g_new0 (SheetImports, 1);
  imports->sheets = g_ptr_array_new_with_free_func (g_object_unref);
  imports->layer = user_layer ();
  imports->gpus = g_list_store_new (GP_TYPE_GPU);
  gpus = self->catalog != NULL ? gp_catalog_get_gpus (self->catalog) : NULL;
  for (guint i = 0; gpus != NULL && i < g_list_model_get_n_items (gpus); i++)
    {
      g_autoptr(GObject) gpu = g_list_model_get_item (gpus, i);

      g_list_store_append (imports->gpus, gpu);
    }
  imports->outcomes = g_ptr_array_new_with_free_func ((GDestroyNotify) gp_sheet_import_free);
  imports->context = g_main_context_ref_thread_default ();
  /* Translators: a price sheet being imported, before it is read */
  imports->toast = g_object_ref_sink (adw_toast_new (_("Importing price sheets…")));
  adw_toast_set_timeout (imports->toast, 0);
  adw_toast_set_button_label (imports->toast, _("_Cancel"));
  adw_toast_set_action_name (imports->toast, "win.cancel-import");
  adw_toast_overlay_add_toast (self->toast_overlay, g_object_ref (imports->toast));

  g_task_set_task_data (task, imports, (GDestroyNotify) sheet_imports_free);
  return task;
}

static void
download_progress_cb (guint64  received,
                      gint64   total,
                      gpointer user_data)
{
  SheetImports *imports = user_data;
  g_autofree char *size = g_format_size (received);
  g_autofree char *text = NULL;
  g_autofree char *escaped = NULL;

  /* Translators: while a price sheet is downloaded: its address, the bytes so far ("12.3 kB") */
  text = g_strdup_printf (_("Downloading %s… %s"), imports->address, size);
  escaped = g_markup_escape_text (text, -1);
  adw_toast_set_title (imports->toast, escaped);
}

static void
sheet_downloaded_cb (GObject      *object,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  SheetImports *imports = g_task_get_task_data (task);
  GpSheetImport *outcome;
  GError *error = NULL;

  imports->download = gp_quote_sheet_fetch_finish (result, &error);
  if (imports->download != NULL)
    {
      g_task_run_in_thread (task, import_sheets_thread);
      return;
    }
  /* Said with the address, as a sheet's line is said with its file. */
  if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) &&
      !g_error_matches (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_INSECURE))
    g_prefix_error (&error, "%s: ", imports->address);
  outcome = g_new0 (GpSheetImport, 1);
  outcome->name = g_strdup (imports->address);
  outcome->error = error;
  g_ptr_array_add (imports->outcomes, outcome);
  g_task_return_boolean (task, TRUE);
}

/* Downloads the sheet, with a toast saying how much has arrived and a Cancel button
 * (win.cancel-import), then imports it as gp_window_import_quotes_async() imports a file: every
 * quote or none. Finish with gp_window_import_quotes_finish(); the outcome is named by
 * @address. */
void
gp_window_import_quotes_from_address_async (GpWindow            *self,
                                            const char          *address,
                                            GAsyncReadyCallback  callback,
                                            gpointer             user_data)
{
  GTask *task;
  SheetImports *imports;

  g_return_if_fail (GP_IS_WINDOW (self));
  g_return_if_fail (address != NULL);

  task = start_import (self, callback, user_data);
  imports = g_task_get_task_data (task);
  imports->address = g_strdup (address);
  gp_quote_sheet_fetch_async (address, download_progress_cb, imports, self->import_cancellable,
                              sheet_downloaded_cb, task);
}

/* Puts the layer the sheets were added to into the catalog. */
GPtrArray *
gp_window_import_quotes_finish (GpWindow      *self,
                                GAsyncResult  *result)
{
  SheetImports *imports;
  g_autofree char *name = NULL;

  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  imports = g_task_get_task_data (G_TASK (result));
  adw_toast_dismiss (imports->toast);
  if (imports->written != NULL && self->catalog != NULL)
    {
      g_autoptr(GError) error = NULL;

      name = g_file_get_parse_name (imports->layer);
      if (!gp_catalog_replace_layer (self->catalog, imports->written, name, GP_CATALOG_LAYER_USER,
                                     &error))
        gp_window_add_toast (self, error->message, TRUE);
      g_clear_pointer (&imports->written, g_bytes_unref);
    }
  return g_ptr_array_ref (imports->outcomes);
}

static void
sheets_imported_cb (GObject      *source,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  GpWindow *self = GP_WINDOW (source);
  g_autoptr(GPtrArray) outcomes = gp_window_import_quotes_finish (self, result);

  for (guint i = 0; i < outcomes->len; i++)
    {
      GpSheetImport *outcome = g_ptr_array_index (outcomes, i);
      g_autofree char *text = NULL;

      if (g_error_matches (outcome->error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        /* Translators: a price sheet whose import was cancelled; its file name */
        text =
            g_strdup_printf (_("Import of %s cancelled: nothing of it was added"), outcome->name);
      else if (outcome->error != NULL)
        /* Translators: a price sheet that could not be imported, and why */
        text = g_strdup_printf (_("Could not import %s"), outcome->error->message);
      else if (g_strcmp0 (outcome->encoding, "UTF-8") != 0)
        /* A sheet Excel saved in Chinese: said, so that a name read wrong is looked at. */
        text = g_strdup_printf (
            g_dngettext (GETTEXT_PACKAGE, "Imported %u quote from a sheet in GB18030 (GBK)",
                         "Imported %u quotes from a sheet in GB18030 (GBK)", outcome->added),
            outcome->added);
      else
        text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Imported %u quote",
                                             "Imported %u quotes", outcome->added),
                                outcome->added);
      gp_window_add_toast (self, text, outcome->error != NULL);
    }
}

static void
sheet_chosen_cb (GListModel *files,
                 gpointer    user_data)
{
  g_autoptr(GpWindow) self = user_data;

  gp_window_import_quotes_async (self, files, sheets_imported_cb, NULL);
}

static void
import_quotes_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  GpWindow *self = GP_WINDOW (widget);
  g_autoptr(GListStore) filters = g_list_store_new (GTK_TYPE_FILE_FILTER);
  g_autoptr(GtkFileFilter) csv = gtk_file_filter_new ();

  gtk_file_filter_set_name (csv, _("Price Sheets (CSV)"));
  gtk_file_filter_add_suffix (csv, "csv");
  g_list_store_append (filters, csv);
  gp_compat_open_files (GTK_WINDOW (self), _("Import Price Sheet"), G_LIST_MODEL (filters),
                        sheet_chosen_cb, g_object_ref (self));
}

static void
address_response_cb (AdwMessageDialog *dialog,
                      const char       *response,
                      gpointer          user_data)
{
  GpWindow *self = user_data;
  GtkEditable *entry = GTK_EDITABLE (adw_message_dialog_get_extra_child (dialog));
  g_autofree char *address = g_strstrip (g_strdup (gtk_editable_get_text (entry)));

  if (g_str_equal (response, "import") && *address != '\0')
    gp_window_import_quotes_from_address_async (self, address, sheets_imported_cb, NULL);
}

static void
address_changed_cb (GtkEditable      *entry,
                    AdwMessageDialog *dialog)
{
  g_autofree char *address = g_strstrip (g_strdup (gtk_editable_get_text (entry)));

  adw_message_dialog_set_response_enabled (dialog, "import", *address != '\0');
}

static void
import_quotes_from_address_action (GtkWidget  *widget,
                                   const char *action_name,
                                   GVariant   *parameter)
{
  GpWindow *self = GP_WINDOW (widget);
  GtkWidget *dialog =
      adw_message_dialog_new (GTK_WINDOW (self), _("Import Quotes from Address"),
                              _("A price sheet (CSV) shared on the web, headers in English or "
                                 "Chinese: every quote of it is added, or none."));
  GtkWidget *entry = gtk_entry_new ();

  gtk_entry_set_input_purpose (GTK_ENTRY (entry), GTK_INPUT_PURPOSE_URL);
  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), "https://");
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Address"), -1);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), entry);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"), "import",
                                    _("_Import"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "import",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "import");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (dialog), "import", FALSE);
  g_signal_connect (entry, "changed", G_CALLBACK (address_changed_cb), dialog);
  g_signal_connect_object (dialog, "response", G_CALLBACK (address_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  gtk_widget_grab_focus (entry);
}

void
gp_window_class_install_quote_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.import-quotes", NULL, import_quotes_action);
  gtk_widget_class_install_action (widget_class, "win.import-quotes-from-address", NULL,
                                   import_quotes_from_address_action);
  gtk_widget_class_install_action (widget_class, "win.cancel-import", NULL, cancel_import_action);
}
