/* test-ui-save.c — exports made and written off the main thread
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>

#include "gp-chart-export.h"
#include "gp-test-ui.h"
#include "gp-ui-save.h"

/* A window with a toast overlay, wide enough for a toast, as a window that exports is. */
static GtkWidget *
new_toast_window (GtkWidget **overlay)
{
  GtkWidget *window = gtk_window_new ();

  *overlay = adw_toast_overlay_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
  gtk_window_set_child (GTK_WINDOW (window), *overlay);
  adw_toast_overlay_set_child (ADW_TOAST_OVERLAY (*overlay), gtk_label_new ("Exports"));
  gtk_window_present (GTK_WINDOW (window));
  return window;
}

/* Bytes made already are written on a worker thread: the toast says it is saved, or why it is
 * not, once the write is done; a file that could not be made says why at once. Each in a window
 * of its own, so that no toast waits behind another. */
static void
test_save_bytes (void)
{
  g_autofree char *dir = g_dir_make_tmp ("gp-save-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "prices.csv", NULL);
  g_autofree char *nowhere = g_build_filename (dir, "no-such-folder", "lost.csv", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) unwritable = g_file_new_for_path (nowhere);
  g_autoptr(GBytes) bytes = g_bytes_new_static ("provider,price\n", 15);
  g_autoptr(GError) error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_FAILED, "no chart");
  const struct
  {
    GFile *file;
    GBytes *bytes;
    GError *error;
    const char *said;
  } cases[] = {
    { file, bytes, NULL, "Saved “prices.csv”" },
    { unwritable, bytes, NULL, "Could not save “lost.csv”: " },
    { file, NULL, error, "Could not save “prices.csv”: no chart" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      GtkWidget *overlay;
      GtkWidget *window = new_toast_window (&overlay);

      gp_ui_save_bytes (overlay, cases[i].file, cases[i].bytes, cases[i].error);
      gp_test_ui_wait_for_text (window, cases[i].said);
      gtk_window_destroy (GTK_WINDOW (window));
      if (i == 0)
        {
          g_autofree char *contents = NULL;

          g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
          g_assert_cmpstr (contents, ==, "provider,price\n");
        }
    }

  g_remove (path);
  g_rmdir (dir);
}

/* What the main loop did while a chart was drawn: the ticks of a timeout on it. */
typedef struct
{
  GpChartFormat format;
  GpChartSize size;
  GpChartData *data;
  GThread *main_thread;
  gint ticks; /* atomic */
  gboolean on_main;
  gint ticks_while_drawn;
  gboolean drawn; /* atomic */
} Export;

static gboolean
tick_cb (gpointer user_data)
{
  Export *export = user_data;

  g_atomic_int_inc (&export->ticks);
  return G_SOURCE_CONTINUE;
}

/* Draws the chart as the export dialog does, then waits (a while at most) for the main loop
 * to go round: on the main thread it never would. */
static GBytes *
render_chart (gpointer  snapshot,
              GError  **error)
{
  Export *export = snapshot;
  GpChartStyle style;
  GBytes *bytes;
  gint before = g_atomic_int_get (&export->ticks);

  export->on_main = g_thread_self () == export->main_thread;
  gp_chart_style_init (&style, GP_CHART_STYLE_PRINT);
  bytes = gp_chart_render (export->format, GP_CHART_KIND_COST, export->data, &style, &export->size,
                           error);
  for (guint i = 0; i < 200 && g_atomic_int_get (&export->ticks) < before + 2; i++)
    g_usleep (10000);
  export->ticks_while_drawn = g_atomic_int_get (&export->ticks) - before;
  return bytes;
}

static void
drawn (gpointer snapshot)
{
  Export *export = snapshot;

  g_atomic_int_set (&export->drawn, TRUE);
}

static gboolean
saved (gpointer user_data)
{
  Export *export = user_data;

  return g_atomic_int_get (&export->drawn);
}

static GpChartData *
new_chart_data (void)
{
  GpChartData *data = gp_chart_data_new ("USD");
  const char *const labels[] = { "AWS EC2 · p4d.24xlarge", "Lambda · gpu_1x_a100", "Azure ML" };

  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    {
      const double parts[GP_CHART_N_PARTS] = { 100.0 * (i + 1), 10, 5, 0 };

      gp_chart_data_add (data, labels[i], 0, parts, 20.0 * (i + 1));
    }
  return data;
}

/* A 170 mm PDF, an SVG and a 1920×1080 PNG are drawn and written off the main thread: the
 * main loop goes round while each is drawn, and each file is whole. */
static void
test_save_renders_off_main_thread (void)
{
  g_autofree char *dir = g_dir_make_tmp ("gp-save-XXXXXX", NULL);
  g_autoptr(GpChartData) data = new_chart_data ();
  const struct
  {
    GpChartFormat format;
    GpChartSize size;
    const char *name;
    const char *magic;
  } cases[] = {
    { GP_CHART_FORMAT_PDF, { 170, 110, 300, 0, 0, FALSE }, "cost.pdf", "%PDF" },
    { GP_CHART_FORMAT_SVG, { 170, 110, 300, 0, 0, FALSE }, "cost.svg", "<?xml" },
    { GP_CHART_FORMAT_PNG, { 0, 0, 0, 1920, 1080, FALSE }, "cost.png", "\x89PNG" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_build_filename (dir, cases[i].name, NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autofree char *contents = NULL;
      g_autofree char *said = g_strdup_printf ("Saved “%s”", cases[i].name);
      GtkWidget *overlay;
      GtkWidget *window = new_toast_window (&overlay);
      Export export = { cases[i].format, cases[i].size, data, g_thread_self () };
      guint ticking = g_timeout_add (5, tick_cb, &export);

      gp_ui_save (overlay, file, render_chart, &export, drawn);
      gp_test_ui_wait_until (saved, &export, cases[i].name);
      gp_test_ui_wait_for_text (window, said);
      g_source_remove (ticking);
      gtk_window_destroy (GTK_WINDOW (window));

      g_assert_false (export.on_main);
      g_assert_cmpint (export.ticks_while_drawn, >=, 2);
      g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
      g_assert_true (g_str_has_prefix (contents, cases[i].magic));
      g_remove (path);
    }
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  gp_test_ui_init (&argc, &argv);

  g_test_add_func ("/ui-save/bytes", test_save_bytes);
  g_test_add_func ("/ui-save/renders-off-main-thread", test_save_renders_off_main_thread);

  return g_test_run ();
}
