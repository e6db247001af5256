/* test-window-about.c — the About window, opened from the application's menu
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A program of its own: libadwaita 1.2 never frees a legal section's text, and the suppression
 * that says so (build-aux/lsan.supp) needs whole allocation stacks, which make every other
 * window test many times slower under the sanitizers.
 */

#include "config.h"

#include "gp-test-ui.h"
#include "gp-test-window.h"

/* About opens over the window, names the app and its version, and closes. */
static void
test_window_about (void)
{
  GpWindow *window;
  GtkWindow *about;

  gp_test_window_reset_settings ();
  window = gp_test_window_new ();

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "app.about", NULL));
  gp_test_ui_iterate ();
  about = gp_test_ui_find_toplevel (ADW_TYPE_ABOUT_WINDOW);
  g_assert_nonnull (about);
  g_assert_cmpstr (adw_about_window_get_application_name (ADW_ABOUT_WINDOW (about)), ==,
                   "GPU Planner");
  g_assert_cmpstr (adw_about_window_get_version (ADW_ABOUT_WINDOW (about)), ==, PACKAGE_VERSION);
  gtk_window_close (about);
  gp_test_ui_iterate ();

  gp_test_window_assert_dialog_opens_and_closes (window, "app.about", ADW_TYPE_ABOUT_WINDOW);

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = gp_test_window_init (&argc, &argv);

  g_test_add_func ("/window/about", test_window_about);

  return gp_test_window_run (home);
}
