/* gp-test-window.c — helpers shared by the main window's tests
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "gp-estimate-page.h"
#include "gp-test-ui.h"
#include "gp-test-window.h"

#define BROKEN_USER_LAYER "{\"schema_version\": 1, \"instances\": {}}"

/* The button labelled @label under @root, or NULL. */
GtkWidget *
gp_test_window_find_button (GtkWidget  *root,
                            const char *label)
{
  if (GTK_IS_BUTTON (root) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (root)), label) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = gp_test_window_find_button (child, label);

      if (found != NULL)
        return found;
    }
  return NULL;
}

GpWindow *
gp_test_window_new (void)
{
  GpWindow *window = gp_window_new (gp_test_ui_application ());

  gtk_window_present (GTK_WINDOW (window));
  gp_test_ui_wait_for_draw (GTK_WIDGET (window));

  return window;
}

void
gp_test_window_reset_settings (void)
{
  g_autoptr(GSettings) settings = g_settings_new (BASE_APP_ID);

  g_settings_reset (settings, "window-width");
  g_settings_reset (settings, "window-height");
  g_settings_reset (settings, "window-maximized");
  g_settings_reset (settings, "last-page");
  g_settings_reset (settings, "color-scheme");
  g_settings_reset (settings, "catalog-url");
  g_settings_reset (settings, "refresh-at-start");
  g_settings_reset (settings, "refresh-weekly");
  g_settings_reset (settings, "assistant-answers");
  g_settings_reset (settings, "estimate-job");
  g_settings_reset (settings, "lab-location");
  g_settings_reset (settings, "currency");
  g_settings_reset (settings, "price-unit");
  g_settings_reset (settings, "stale-after-days");

  /* The comparison a window keeps between starts, from an earlier test. */
  {
    g_autoptr(GFile) kept = gp_comparison_get_default_file ();
    g_file_delete (kept, NULL, NULL);
  }
}

static gboolean
has_catalog (gpointer window)
{
  g_autoptr(GpCatalog) catalog = NULL;

  g_object_get (window, "catalog", &catalog, NULL);
  return catalog != NULL;
}

void
gp_test_window_wait_for_catalog (GpWindow *window)
{
  gp_test_ui_wait_until (has_catalog, window, "the catalog to load");
}

GpWindow *
gp_test_window_new_keeping (GFile *state_file)
{
  GpWindow *window = g_object_new (
      GP_TYPE_WINDOW, "application", gp_test_ui_application (), "settings",
      gp_application_get_settings (gp_test_ui_application ()), "state-file", state_file, NULL);

  gtk_window_present (GTK_WINDOW (window));
  gp_test_ui_wait_for_draw (GTK_WIDGET (window));
  gp_test_window_wait_for_catalog (window);
  return window;
}

static gboolean
is_fullscreen (gpointer window)
{
  return gtk_window_is_fullscreen (window);
}

static gboolean
is_not_fullscreen (gpointer window)
{
  return !gtk_window_is_fullscreen (window);
}

void
gp_test_window_wait_for_fullscreen (GtkWindow *window,
                                    gboolean   fullscreen)
{
  gp_test_ui_wait_until (fullscreen ? is_fullscreen : is_not_fullscreen, window,
                         fullscreen ? "full screen" : "the window to leave full screen");
}

void
gp_test_window_wait_for_text (GpWindow   *window,
                              const char *needle)
{
  gp_test_ui_wait_for_text (GTK_WIDGET (window), needle);
}

/* A home of its own whose user catalog is broken: every window starts with a catalog problem. */
static char *
write_broken_user_catalog (void)
{
  g_autofree char *home = g_dir_make_tmp ("gp-test-window-XXXXXX", NULL);
  g_autofree char *folder = g_build_filename (home, "data", "gpu-planner", NULL);
  g_autofree char *file = g_build_filename (folder, "catalog.json", NULL);
  g_autofree char *data = g_build_filename (home, "data", NULL);
  g_autofree char *cache = g_build_filename (home, "cache", NULL);

  g_mkdir_with_parents (folder, 0700);
  g_file_set_contents (file, BROKEN_USER_LAYER, -1, NULL);
  g_setenv ("XDG_DATA_HOME", data, TRUE);
  g_setenv ("XDG_CACHE_HOME", cache, TRUE);

  return g_steal_pointer (&home);
}

/* Every program's windows start with a broken user layer (gp_test_window_init()); a test that
 * adds quotes to it removes it first, if no test before it has, so that it passes run alone. */
void
gp_test_window_remove_broken_user_layer (void)
{
  g_autoptr(GFile) layer = gp_catalog_get_layer_location (GP_CATALOG_LAYER_USER);
  g_autofree char *contents = NULL;

  if (g_file_load_contents (layer, NULL, &contents, NULL, NULL, NULL) &&
      g_str_equal (contents, BROKEN_USER_LAYER))
    g_file_delete (layer, NULL, NULL);
}

gboolean
gp_test_window_has_estimates (gpointer page)
{
  return gp_estimate_page_get_estimates (page) != NULL;
}

/* The job a user would describe on the Estimate page. */
void
gp_test_window_estimate_a_job (GpWindow *window)
{
  GpEstimatePage *page = gp_window_get_estimate_page (window);
  g_autoptr(GpWorkload) job = gp_workload_new ();

  gp_workload_set_gpu_hours (job, 300);
  gp_workload_set_reference_gpu (job, "v100-sxm2-16gb");
  gp_estimate_page_load_workload (page, job);
  /* The page estimates a moment after the form changes. */
  gp_test_ui_wait_until (gp_test_window_has_estimates, page, "the estimate");
}

char *
gp_test_window_init (int    *argc,
                     char ***argv)
{
  char *home = write_broken_user_catalog ();

  gp_test_ui_init (argc, argv);
  return home;
}

int
gp_test_window_run (char *home)
{
  g_autofree char *command = NULL;
  int result = g_test_run ();

  /* The broken file, its folders and the temporary home. */
  command = g_strdup_printf ("rm -rf '%s'", home);
  g_spawn_command_line_sync (command, NULL, NULL, NULL, NULL);
  return result;
}

static void
imported_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  GpTestImporting *importing = user_data;

  importing->outcomes = gp_window_import_quotes_finish (GP_WINDOW (source), result);
}

static gboolean
tick_cb (gpointer user_data)
{
  GpTestImporting *importing = user_data;

  importing->ticks++;
  return G_SOURCE_CONTINUE;
}

/* Starts importing @sheet as Import Price Sheet… does, counting the main loop's turns. */
void
gp_test_window_import_begin (GpWindow        *window,
                             GFile           *sheet,
                             GpTestImporting *importing)
{
  g_autoptr(GListStore) sheets = g_list_store_new (G_TYPE_FILE);

  *importing = (GpTestImporting){ NULL, 0, g_timeout_add (1, tick_cb, importing) };
  g_list_store_append (sheets, sheet);
  gp_window_import_quotes_async (window, G_LIST_MODEL (sheets), imported_cb, importing);
}

/* What became of the sheet, once the import is done; the main loop runs meanwhile. */
GpSheetImport *
gp_test_window_import_end (GpTestImporting *importing)
{
  GpSheetImport *outcome;

  while (importing->outcomes == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (importing->tick);
  g_assert_cmpuint (importing->outcomes->len, ==, 1);
  outcome = g_ptr_array_steal_index (importing->outcomes, 0);
  g_ptr_array_unref (importing->outcomes);
  return outcome;
}

/* Imports @sheet; with @ticks, how often the main loop ran while the sheet was read and written
 * (it was read on it). */
GpSheetImport *
gp_test_window_import_sheet (GpWindow *window,
                             GFile    *sheet,
                             guint    *ticks)
{
  GpTestImporting importing;
  GpSheetImport *outcome;

  gp_test_window_import_begin (window, sheet, &importing);
  outcome = gp_test_window_import_end (&importing);
  if (ticks != NULL)
    *ticks = importing.ticks;
  return outcome;
}

/* Imports the sheet at @address as Import Quotes from Address… does. */
GpSheetImport *
gp_test_window_import_address (GpWindow   *window,
                               const char *address)
{
  GpTestImporting importing = { NULL, 0, g_timeout_add (1, tick_cb, &importing) };

  gp_window_import_quotes_from_address_async (window, address, imported_cb, &importing);
  return gp_test_window_import_end (&importing);
}

/* Opens the dialog of @action, of @type, over @window, and closes it. */
void
gp_test_window_assert_dialog_opens_and_closes (GpWindow   *window,
                                               const char *action,
                                               GType       type)
{
  GtkWindow *dialog;

  g_assert_null (gp_test_ui_find_toplevel (type));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), action, NULL));
  gp_test_ui_iterate ();

  dialog = gp_test_ui_find_toplevel (type);
  g_assert_nonnull (dialog);
  gp_test_ui_wait_for_draw (GTK_WIDGET (dialog));
  g_assert_true (gtk_window_get_transient_for (dialog) == GTK_WINDOW (window));

  gtk_window_close (dialog);
  gp_test_ui_iterate ();
  g_assert_null (gp_test_ui_find_toplevel (type));
}
