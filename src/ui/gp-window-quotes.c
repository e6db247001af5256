/* gp-window-quotes.c — the main window's actions on quoted offers: add, edit, remove, each
 * with Undo, and a price sheet imported
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
#include "gp-quote-dialog.h"
#include "gp-quote-sheet.h"
#include "gp-settings.h"
#include "gp-ui-toasts.h"
#include "gp-window-private.h"

static GFile *
user_layer (void)
{
  return gp_catalog_get_layer_location (GP_CATALOG_LAYER_USER);
}

static void
quote_added_cb (GpWindow      *self,
                const char    *id,
                const char    *name,
                GpQuoteDialog *dialog)
{
  /* Translators: a toast after a quoted offer was added, with its machine's name */
  g_autofree char *text = g_strdup_printf (_("Added %s"), name);

  gp_window_undo_toast (self, text, "win.remove-quote", g_variant_new_string (id));
}

static void
add_quote_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  GpWindow *self = GP_WINDOW (widget);
  GpDisplayCurrency *display = gp_settings_get_display_currency (self->settings);
  GpQuoteDialog *dialog;

  if (self->catalog == NULL)
    return;

  dialog = gp_quote_dialog_new (GTK_WINDOW (self), self->catalog,
                                gp_display_currency_get_code (display));
  gp_quote_dialog_set_gpu (dialog, gp_window_get_gpu_in_view (self));
  g_signal_connect_object (dialog, "added", G_CALLBACK (quote_added_cb), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
quote_saved_cb (GpWindow      *self,
                const char    *id,
                const char    *name,
                GpQuoteDialog *dialog)
{
  /* Translators: a toast after a quoted offer was changed, with its machine's name */
  g_autofree char *text = g_strdup_printf (_("Saved %s"), name);

  g_free (self->edited_quote_id);
  self->edited_quote_id = g_strdup (id);
  gp_window_undo_toast (self, text, "win.undo-edit-quote", NULL);
}

static void
edit_quote_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  GpWindow *self = GP_WINDOW (widget);
  GpInstance *instance =
      self->catalog != NULL
          ? gp_catalog_find_instance (self->catalog, g_variant_get_string (parameter, NULL))
          : NULL;
  GpQuoteDialog *dialog;

  if (instance == NULL || !gp_instance_is_quote (instance))
    return;

  g_clear_pointer (&self->edited_quote, gp_quote_free);
  self->edited_quote = gp_quote_new_from_instance (instance);
  dialog = gp_quote_dialog_new (GTK_WINDOW (self), self->catalog, NULL);
  gp_quote_dialog_set_quote (dialog, self->edited_quote);
  g_signal_connect_object (dialog, "saved", G_CALLBACK (quote_saved_cb), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Puts the quote as it was before the edit back, under its old id. */
static void
undo_edit_quote_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  GpWindow *self = GP_WINDOW (widget);
  g_autoptr(GFile) file = user_layer ();
  g_autoptr(GError) error = NULL;

  if (self->edited_quote == NULL || self->edited_quote_id == NULL || self->catalog == NULL)
    return;
  if (!gp_quote_layer_replace_in_catalog (self->catalog, file, self->edited_quote_id,
                                          self->edited_quote, &error))
    gp_window_add_toast (self, error->message, TRUE);
  g_clear_pointer (&self->edited_quote, gp_quote_free);
  g_clear_pointer (&self->edited_quote_id, g_free);
}

static void
remove_quote_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  GpWindow *self = GP_WINDOW (widget);
  const char *id = g_variant_get_string (parameter, NULL);
  GpInstance *instance =
      self->catalog != NULL ? gp_catalog_find_instance (self->catalog, id) : NULL;
  g_autoptr(GpQuote) quote = instance != NULL ? gp_quote_new_from_instance (instance) : NULL;
  g_autoptr(GFile) file = user_layer ();
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  if (quote == NULL)
    return;
  if (!gp_quote_layer_remove_from_catalog (self->catalog, file, id, &error))
    {
      gp_window_add_toast (self, error->message, TRUE);
      return;
    }

  g_clear_pointer (&self->removed_quote, gp_quote_free);
  self->removed_quote = g_steal_pointer (&quote);
  /* Translators: a toast after a quoted offer was removed, with its machine's name */
  text = g_strdup_printf (_("Removed %s"), self->removed_quote->name);
  gp_window_undo_toast (self, text, "win.restore-quote", NULL);
}

static void
restore_quote_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  GpWindow *self = GP_WINDOW (widget);
  g_autoptr(GFile) file = user_layer ();
  g_autoptr(GPtrArray) quotes = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;

  if (self->removed_quote == NULL || self->catalog == NULL)
    return;
  g_ptr_array_add (quotes, self->removed_quote);
  if (!gp_quote_layer_add_to_catalog (self->catalog, file, quotes, &error))
    gp_window_add_toast (self, error->message, TRUE);
  g_clear_pointer (&self->removed_quote, gp_quote_free);
}

/**
 * gp_window_import_quotes:
 * @self: the window
 * @sheet: a price sheet, CSV with headers in English or Chinese
 * @encoding: (out) (optional): the encoding it was read in, "UTF-8" or "GB18030"
 * @error: what is wrong with it: the line and the column
 *
 * Adds every quote of @sheet to the user's layer, or none.
 *
 * Returns: the number of quotes added; 0 with @error set
 */
guint
gp_window_import_quotes (GpWindow    *self,
                         GFile       *sheet,
                         const char **encoding,
                         GError     **error)
{
  g_autoptr(GBytes) bytes = gp_file_load (sheet, GP_FILE_MAX_SIZE, error);
  g_autofree char *name = g_file_get_basename (sheet);
  g_autoptr(GPtrArray) quotes = NULL;
  g_autoptr(GFile) file = user_layer ();

  if (bytes == NULL || self->catalog == NULL)
    return 0;
  quotes = gp_quote_sheet_read (self->catalog, bytes, name, encoding, error);
  if (quotes == NULL || !gp_quote_layer_add_to_catalog (self->catalog, file, quotes, error))
    return 0;
  return quotes->len;
}

static void
sheet_chosen_cb (GListModel *files,
                 gpointer    user_data)
{
  g_autoptr(GpWindow) self = user_data;

  for (guint i = 0; i < g_list_model_get_n_items (files); i++)
    {
      g_autoptr(GFile) sheet = g_list_model_get_item (files, i);
      g_autoptr(GError) error = NULL;
      const char *encoding = NULL;
      guint added = gp_window_import_quotes (self, sheet, &encoding, &error);
      g_autofree char *text = NULL;

      if (added == 0)
        /* Translators: a price sheet that could not be imported, and why */
        text = g_strdup_printf (_("Could not import %s"), error->message);
      else if (g_strcmp0 (encoding, "UTF-8") != 0)
        /* A sheet Excel saved in Chinese: said, so that a name read wrong is looked at. */
        text = g_strdup_printf (
            g_dngettext (GETTEXT_PACKAGE, "Imported %u quote from a sheet in GB18030 (GBK)",
                         "Imported %u quotes from a sheet in GB18030 (GBK)", added),
            added);
      else
        text = g_strdup_printf (
            g_dngettext (GETTEXT_PACKAGE, "Imported %u quote", "Imported %u quotes", added), added);
      gp_window_add_toast (self, text, added == 0);
    }
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

void
gp_window_class_install_quote_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.add-quote", NULL, add_quote_action);
  gtk_widget_class_install_action (widget_class, "win.edit-quote", "s", edit_quote_action);
  gtk_widget_class_install_action (widget_class, "win.undo-edit-quote", NULL,
                                   undo_edit_quote_action);
  gtk_widget_class_install_action (widget_class, "win.remove-quote", "s", remove_quote_action);
  gtk_widget_class_install_action (widget_class, "win.restore-quote", NULL, restore_quote_action);
  gtk_widget_class_install_action (widget_class, "win.import-quotes", NULL, import_quotes_action);
}
