/* floor.c — the smallest AdwApplicationWindow, the floor that bench/startup compares to
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>

static void
first_frame_cb (GdkFrameClock *clock,
                GApplication  *app)
{
  g_print ("first-frame %" G_GINT64_FORMAT "\n", g_get_monotonic_time ());
  g_signal_handlers_disconnect_by_func (clock, first_frame_cb, app);
  g_application_quit (app);
}

static void
mapped_cb (GtkWidget    *window,
           GApplication *app)
{
  g_signal_connect (gtk_widget_get_frame_clock (window), "after-paint",
                    G_CALLBACK (first_frame_cb), app);
}

static void
activate_cb (GtkApplication *app)
{
  GtkWidget *window = adw_application_window_new (app);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

  gtk_box_append (GTK_BOX (box), adw_header_bar_new ());
  gtk_box_append (GTK_BOX (box), g_object_new (ADW_TYPE_STATUS_PAGE,
                                               "title", "Floor",
                                               "vexpand", TRUE,
                                               NULL));
  adw_application_window_set_content (ADW_APPLICATION_WINDOW (window), box);
  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 720);
  g_signal_connect (window, "map", G_CALLBACK (mapped_cb), app);
  gtk_window_present (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(AdwApplication) app = adw_application_new ("io.github.gpuplanner.Floor",
                                                       G_APPLICATION_NON_UNIQUE);

  g_signal_connect (app, "activate", G_CALLBACK (activate_cb), NULL);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
