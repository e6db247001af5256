/* gp-compat.c
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

/* The one file allowed to call API newer than the Debian 12 floor, always behind a version
 * check with a working floor path beside it. On newer runtimes (the Flatpak) the newer path is
 * the one that runs. */
#undef GDK_VERSION_MAX_ALLOWED
#undef ADW_VERSION_MAX_ALLOWED

#include <adwaita.h>
#include <glib/gi18n.h>

#include "gp-compat.h"

/* The bundled catalog's grid intensities are a database made from Electricity Maps' data: its
 * licence asks for the attribution, and the same licence for what is made from it. */
static const char *
grid_licence (void)
{
  return _("Grid carbon intensity by zone, 2024: Electricity Maps (2025), 2024 Yearly Carbon "
            "Intensity Data, https://www.electricitymaps.com, under the Open Database License "
            "(ODbL 1.0, https://opendatacommons.org/licenses/odbl/1-0/). The figures of each "
            "region are made from it and shared under the same licence. Google Cloud's own figures "
            "per region: GoogleCloudPlatform/region-carbon-info, Apache-2.0.");
}

/* The About box: AdwAboutDialog from libadwaita 1.5, AdwAboutWindow before. */
void
gp_compat_show_about (GtkWindow          *parent,
                      const char * const *price_credits)
{
  static const char *developers[] = { "The GPU Planner developers", NULL };
  GObject *about;
  GType about_type;

#if ADW_CHECK_VERSION (1, 5, 0)
  about_type = ADW_TYPE_ABOUT_DIALOG;
#else
  about_type = ADW_TYPE_ABOUT_WINDOW;
#endif

  about = g_object_new (about_type,
                        "application-name", _("GPU Planner"),
                        "application-icon", APP_ID,
                        "developer-name", _("The GPU Planner developers"),
                        "version", PACKAGE_VERSION,
                        "website", PACKAGE_WEBSITE,
                        "issue-url", PACKAGE_ISSUES,
                        "license-type", GTK_LICENSE_GPL_3_0,
                        "copyright", "© 2026 The GPU Planner developers",
                        "developers", developers,
                        /* Translators: put your names here, one per line */
                        "translator-credits", _("translator-credits"),
                        "comments", _("Plan where to train on cloud GPUs: compare the platforms, "
                                      "estimate a job's cost and time, and see why one fits."),
                        NULL);

#if ADW_CHECK_VERSION (1, 5, 0)
  if (price_credits != NULL && price_credits[0] != NULL)
    adw_about_dialog_add_credit_section (ADW_ABOUT_DIALOG (about), _("Price Data"),
                                         (const char **) price_credits);
  adw_about_dialog_add_legal_section (ADW_ABOUT_DIALOG (about), _("Grid Carbon Intensity"),
                                      "© Electricity Maps", GTK_LICENSE_CUSTOM, grid_licence ());
  adw_dialog_present (ADW_DIALOG (about), parent ? GTK_WIDGET (parent) : NULL);
#else
  if (price_credits != NULL && price_credits[0] != NULL)
    adw_about_window_add_credit_section (ADW_ABOUT_WINDOW (about), _("Price Data"),
                                         (const char **) price_credits);
  adw_about_window_add_legal_section (ADW_ABOUT_WINDOW (about), _("Grid Carbon Intensity"),
                                      "© Electricity Maps", GTK_LICENSE_CUSTOM, grid_licence ());
  gtk_window_set_transient_for (GTK_WINDOW (about), parent);
  gtk_window_set_modal (GTK_WINDOW (about), TRUE);
  gtk_window_present (GTK_WINDOW (about));
#endif
}

typedef struct
{
  GpCompatFilesFunc callback;
  gpointer          user_data;
} OpenFiles;

#if GTK_CHECK_VERSION (4, 10, 0)
static void
open_files_dialog_cb (GObject      *object,
                      GAsyncResult *result,
                      gpointer      data)
{
  OpenFiles *open = data;
  g_autoptr(GListModel) files = gtk_file_dialog_open_multiple_finish (GTK_FILE_DIALOG (object),
                                                                      result, NULL);

  if (files != NULL)
    open->callback (files, open->user_data);
  g_free (open);
}
#else
static void
open_files_native_cb (GtkNativeDialog *dialog,
                      int              response,
                      gpointer         data)
{
  OpenFiles *open = data;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GListModel) files = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (dialog));
      open->callback (files, open->user_data);
    }
  g_free (open);
  g_object_unref (dialog);
}
#endif

/* Asks for files to open through the portal where there is one, so the Flatpak needs no
 * file-system access: GtkFileDialog from GTK 4.10, GtkFileChooserNative before. */
void
gp_compat_open_files (GtkWindow         *parent,
                      const char        *title,
                      GListModel        *filters,
                      GpCompatFilesFunc  callback,
                      gpointer           user_data)
{
  OpenFiles *open = g_new0 (OpenFiles, 1);

  open->callback = callback;
  open->user_data = user_data;

#if GTK_CHECK_VERSION (4, 10, 0)
  {
    g_autoptr(GtkFileDialog) dialog = gtk_file_dialog_new ();

    gtk_file_dialog_set_title (dialog, title);
    gtk_file_dialog_set_filters (dialog, filters);
    gtk_file_dialog_open_multiple (dialog, parent, NULL, open_files_dialog_cb, open);
  }
#else
  {
    GtkFileChooserNative *dialog = gtk_file_chooser_native_new (title, parent,
                                                                GTK_FILE_CHOOSER_ACTION_OPEN,
                                                                _("_Import"), _("_Cancel"));

    gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (dialog), TRUE);
    for (guint i = 0; i < g_list_model_get_n_items (filters); i++)
      {
        g_autoptr(GtkFileFilter) filter = g_list_model_get_item (filters, i);
        gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
      }
    gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
    g_signal_connect (dialog, "response", G_CALLBACK (open_files_native_cb), open);
    gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
  }
#endif
}

typedef struct
{
  GpCompatSaveFunc  callback;
  GObject          *target;
} SaveFile;

static void
save_file_finish (SaveFile *save,
                  GFile    *file)
{
  if (file != NULL)
    save->callback (save->target, file);
  g_object_unref (save->target);
  g_free (save);
}

#if GTK_CHECK_VERSION (4, 10, 0)
static void
save_file_dialog_cb (GObject      *object,
                     GAsyncResult *result,
                     gpointer      data)
{
  g_autoptr(GFile) file = gtk_file_dialog_save_finish (GTK_FILE_DIALOG (object), result, NULL);

  save_file_finish (data, file);
}
#else
static void
save_file_native_cb (GtkNativeDialog *dialog,
                     int              response,
                     gpointer         data)
{
  g_autoptr(GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
  save_file_finish (data, file);
  g_object_unref (dialog);
}
#endif

/* Asks where to save through the portal where there is one: GtkFileDialog from GTK 4.10,
 * GtkFileChooserNative before. */
void
gp_compat_save_file (GtkWindow        *parent,
                     const char       *title,
                     const char       *suggested_name,
                     GpCompatSaveFunc  callback,
                     GObject          *target)
{
  SaveFile *save = g_new0 (SaveFile, 1);

  save->callback = callback;
  save->target = g_object_ref (target);

#if GTK_CHECK_VERSION (4, 10, 0)
  {
    g_autoptr(GtkFileDialog) dialog = gtk_file_dialog_new ();

    gtk_file_dialog_set_title (dialog, title);
    gtk_file_dialog_set_initial_name (dialog, suggested_name);
    gtk_file_dialog_save (dialog, parent, NULL, save_file_dialog_cb, save);
  }
#else
  {
    GtkFileChooserNative *dialog = gtk_file_chooser_native_new (title, parent,
                                                                GTK_FILE_CHOOSER_ACTION_SAVE,
                                                                _("_Save"), _("_Cancel"));

    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), suggested_name);
    gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
    g_signal_connect (dialog, "response", G_CALLBACK (save_file_native_cb), save);
    gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
  }
#endif
}
