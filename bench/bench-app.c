/* bench-app.c — GPU Planner as the startup and instances benchmarks run it
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: bench-app first-frame|loaded
 * The application itself, with two measuring hooks the shipped program does not carry: it
 * prints "first-frame USEC" (CLOCK_MONOTONIC) when the window's first frame is painted, or
 * "loaded USEC" when the frame after the catalog reached the window is, and quits.
 */

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "gp-application.h"
#include "gp-window.h"

static const char *measure;

static void
after_paint_cb (GdkFrameClock *clock,
                GApplication  *app)
{
  g_print ("%s %" G_GINT64_FORMAT "\n", measure, g_get_monotonic_time ());
  g_signal_handlers_disconnect_by_func (clock, after_paint_cb, app);
  g_application_quit (app);
}

static void
quit_after_paint (GtkWidget    *window,
                  GApplication *app)
{
  g_signal_connect_object (gtk_widget_get_frame_clock (window), "after-paint",
                           G_CALLBACK (after_paint_cb), app, 0);
  gtk_widget_queue_draw (window);
}

static void
catalog_cb (GtkWidget    *window,
            GParamSpec   *pspec,
            GApplication *app)
{
  /* A catalog set while the window is built comes before it has a frame clock: its first
   * frame is then the one that shows the catalog. */
  if (gtk_widget_get_frame_clock (window) == NULL)
    g_signal_connect_object (window, "map", G_CALLBACK (quit_after_paint), app, 0);
  else
    quit_after_paint (window, app);
}

static void
window_added_cb (GtkApplication *app,
                 GtkWindow      *window)
{
  if (g_str_equal (measure, "first-frame"))
    g_signal_connect_object (window, "map", G_CALLBACK (quit_after_paint), app, 0);
  else
    g_signal_connect_object (window, "notify::catalog", G_CALLBACK (catalog_cb), app, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GpApplication) app = NULL;
  const char *localedir = g_getenv ("GPU_PLANNER_LOCALEDIR");

  if (argc != 2 || (!g_str_equal (argv[1], "first-frame") && !g_str_equal (argv[1], "loaded")))
    {
      g_printerr ("usage: bench-app first-frame|loaded\n");
      return 2;
    }
  measure = argv[1];

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = gp_application_new ();
  g_signal_connect (app, "window-added", G_CALLBACK (window_added_cb), NULL);

  /* The mode is this program's own argument, not the application's. */
  return g_application_run (G_APPLICATION (app), 1, argv);
}
