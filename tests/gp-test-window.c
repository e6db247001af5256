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
  static const char broken[] = "{\"schema_version\": 1, \"instances\": {}}";

  g_mkdir_with_parents (folder, 0700);
  g_file_set_contents (file, broken, -1, NULL);
  g_setenv ("XDG_DATA_HOME", data, TRUE);
  g_setenv ("XDG_CACHE_HOME", cache, TRUE);

  return g_steal_pointer (&home);
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
