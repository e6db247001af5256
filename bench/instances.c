/* instances.c — the Instances page with 100,000 offers: filter, search and sort changes,
 * through the real models, and the app's peak RSS with that catalog on screen
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: instances [--runs N] [--bundled-only] [--nodes FILE] [APP FLOOR]
 * Needs a display (xvfb-run). The page is built in a 1920×1080 window with the generated
 * catalog of bench-catalog-load; each change is timed from the call that makes it to the
 * moment the models have settled (GpOfferSortModel and GtkFilterListModel work synchronously
 * here), and separately to the next frame painted ("no change" gives that measure's floor,
 * the frame clock's period); the same changes are also timed on the
 * page's model alone (GpOfferSortModel over the catalog, filtering and ordering it), with no
 * view. With APP and FLOOR, the app is started
 * at its default size with that catalog as the user's own layer and the Instances page
 * shown, and its peak RSS is compared with the floor program's.
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <malloc.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include "bench-util.h"
#include "gp-instances-page.h"
#include "gp-offer-sort-model.h"

#define N_OFFERS 100000

typedef struct
{
  gint64 started;  /* the frame's before-paint: the clock's wait is over, its work begins */
  gint64 laid_out; /* after GTK's own layout handler (ours runs after it) */
  gint64 painted;
} Frame;

static void
layout_cb (GdkFrameClock *clock,
           Frame         *frame)
{
  frame->laid_out = g_get_monotonic_time ();
}

static void
before_paint_cb (GdkFrameClock *clock,
                 Frame         *frame)
{
  frame->started = g_get_monotonic_time ();
}

static void
after_paint_cb (GdkFrameClock *clock,
                Frame         *frame)
{
  frame->painted = g_get_monotonic_time ();
}

/* Waits for the next frame painted; returns its own work (layout and paint), in ms, and the
 * layout's part of it in @layout_ms. */
static double
wait_for_frame_split (GtkWidget *widget,
                      double    *layout_ms)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);
  Frame frame = { 0 };
  gulong before = g_signal_connect (clock, "before-paint", G_CALLBACK (before_paint_cb), &frame);
  gulong layout = g_signal_connect (clock, "layout", G_CALLBACK (layout_cb), &frame);
  gulong after = g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), &frame);

  gtk_widget_queue_draw (widget);
  while (frame.painted == 0)
    g_main_context_iteration (NULL, TRUE);
  g_signal_handler_disconnect (clock, before);
  g_signal_handler_disconnect (clock, layout);
  g_signal_handler_disconnect (clock, after);
  if (layout_ms != NULL)
    *layout_ms = frame.laid_out > frame.started ? (frame.laid_out - frame.started) / 1000.0 : 0;
  return (frame.painted - frame.started) / 1000.0;
}

static double
wait_for_frame (GtkWidget *widget)
{
  return wait_for_frame_split (widget, NULL);
}

static gboolean
settled_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* A user's pause between two changes: what the page leaves for after a frame (the rows out of
 * sight, filled in when idle) is done, and painted, before the next change is measured. */
static void
settle (void)
{
  gboolean settled = FALSE;

  g_timeout_add (40, settled_cb, &settled);
  while (!settled)
    g_main_context_iteration (NULL, TRUE);
}

typedef void (*Change) (GpInstancesPage *page,
                        int              run);

static void
change_filter (GpInstancesPage *page,
               int              run)
{
  /* 40 GB or more, then none again: both directions are a change the user makes. */
  gp_offer_filter_set_min_gpu_memory (gp_instances_page_get_filter (page), run % 2 == 0 ? 40 : 0);
}

/* Nothing: a frame drawn again as it was, for what the frame clock alone takes. */
static void
change_nothing (GpInstancesPage *page,
                int              run)
{
}

/* A search that finds offers in both catalogs (their A100s), then none again. */
static void
change_search (GpInstancesPage *page,
               int              run)
{
  gp_offer_filter_set_search (gp_instances_page_get_filter (page), run % 2 == 0 ? "a100" : "");
}

/* A search that finds nothing, so the page says why instead of the table, and back. */
static void
change_search_miss (GpInstancesPage *page,
                    int              run)
{
  gp_offer_filter_set_search (gp_instances_page_get_filter (page),
                              run % 2 == 0 ? "no-such-offer" : "");
}

static void
change_sort (GpInstancesPage *page,
             int              run)
{
  GtkColumnViewColumn *column = gp_instances_page_get_column (page, run % 2 == 0 ? "on-demand"
                                                                                  : "gpu-memory");

  /* What a click on a header does. */
  gtk_column_view_sort_by_column (gtk_column_view_column_get_column_view (column), column,
                                  run % 4 < 2 ? GTK_SORT_ASCENDING : GTK_SORT_DESCENDING);
}

static void
measure (GpInstancesPage *page,
         GtkWidget       *window,
         const char      *name,
         Change           change,
         int              runs)
{
  g_autoptr(GArray) models = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) frames = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) works = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) layouts = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) paints = g_array_new (FALSE, FALSE, sizeof (double));

  for (int i = -2; i < runs; i++)
    {
      gint64 start = g_get_monotonic_time ();
      double model_ms, frame_ms, work_ms, own_ms, layout_ms, paint_ms;

      change (page, i + 2);
      model_ms = (g_get_monotonic_time () - start) / 1000.0;
      own_ms = wait_for_frame_split (window, &layout_ms);
      work_ms = model_ms + own_ms;
      paint_ms = own_ms - layout_ms;
      frame_ms = (g_get_monotonic_time () - start) / 1000.0;
      settle ();
      if (i < 0)
        continue;
      g_array_append_val (models, model_ms);
      g_array_append_val (frames, frame_ms);
      g_array_append_val (works, work_ms);
      g_array_append_val (layouts, layout_ms);
      g_array_append_val (paints, paint_ms);
    }

  /* Each measure leaves the page as it found it: an odd run undoes the change (a search that
   * found nothing, left in place, would have had the next measure time an empty table). */
  change (page, 1);
  wait_for_frame (window);

  g_array_sort (models, bench_compare_doubles);
  g_array_sort (frames, bench_compare_doubles);
  g_array_sort (works, bench_compare_doubles);
  g_array_sort (layouts, bench_compare_doubles);
  g_array_sort (paints, bench_compare_doubles);
  /* The second figure waits for the frame clock too (a frame's period after the last one);
   * the third is the work alone: the change, then the next frame's layout and paint. */
  g_print ("on the page   %-16s %6.2f ms, to the next frame %6.2f ms, its work %6.2f ms"
           "   (median of %d; target for the work: <= 10 ms)\n",
           name, g_array_index (models, double, runs / 2), g_array_index (frames, double, runs / 2),
           g_array_index (works, double, runs / 2), runs);
  g_print ("              %-16s of the frame: layout %6.2f ms, snapshot and render %6.2f ms\n", "",
           g_array_index (layouts, double, runs / 2), g_array_index (paints, double, runs / 2));
}

/* The page's chain of models, as gp-instances-page.c builds it, with nothing on screen. */
static void
run_chain (GpCatalog *catalog,
           int        runs)
{
  g_autoptr(GpOfferFilter) filter = gp_offer_filter_new ();
  g_autoptr(GpOfferSortModel) sorted = gp_offer_sort_model_new ();
  g_autoptr(GArray) filter_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) sort_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) first_sort_ms = g_array_new (FALSE, FALSE, sizeof (double));
  static const GpOfferColumn columns[] = { GP_OFFER_COLUMN_ON_DEMAND, GP_OFFER_COLUMN_GPU_MEMORY };

  gp_offer_sort_model_set_catalog (sorted, catalog);
  gp_offer_sort_model_set_filter (sorted, filter);

  /* The first four runs sort by each column and direction for the first time: the order of
   * the whole catalog is worked out then, and timed apart. */
  for (int i = -4; i < runs; i++)
    {
      gint64 start = g_get_monotonic_time ();
      double ms;

      gp_offer_filter_set_min_gpu_memory (filter, i % 2 == 0 ? 40 : 0);
      gp_offer_sort_model_refilter (sorted);
      ms = (g_get_monotonic_time () - start) / 1000.0;
      if (i >= 0)
        g_array_append_val (filter_ms, ms);

      start = g_get_monotonic_time ();
      gp_offer_sort_model_set_column (sorted, TRUE, columns[(i + 4) % 2], (i + 4) % 4 >= 2);
      ms = (g_get_monotonic_time () - start) / 1000.0;
      g_array_append_val (i >= 0 ? sort_ms : first_sort_ms, ms);
    }

  g_array_sort (filter_ms, bench_compare_doubles);
  g_array_sort (sort_ms, bench_compare_doubles);
  g_print (
      "models alone  filter %6.2f ms   sort %6.2f ms   (median of %d; target: <= 10 ms each)\n",
      g_array_index (filter_ms, double, runs / 2), g_array_index (sort_ms, double, runs / 2), runs);
  g_array_sort (first_sort_ms, bench_compare_doubles);
  g_print ("models alone  first sort by a column and direction %.2f to %.2f ms\n",
           g_array_index (first_sort_ms, double, 0),
           g_array_index (first_sort_ms, double, first_sort_ms->len - 1));
}

/* The app's style sheet, which AdwApplication loads for the app: the page is drawn as users
 * see it. */
static void
load_style (void)
{
  static GtkCssProvider *provider = NULL;

  if (provider != NULL)
    return;
  provider = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (provider, RESOURCE_BASE_PATH "/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (),
                                              GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
}

static char *nodes_file = NULL;

/* What the window draws, as GTK's render nodes in text (--nodes FILE): what a frame costs is
 * mostly how many nodes it draws. */
static void
write_nodes (GtkWidget  *window,
             const char *path)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (window);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;

  gdk_paintable_snapshot (paintable, snapshot, gtk_widget_get_width (window),
                          gtk_widget_get_height (window));
  node = gtk_snapshot_free_to_node (snapshot);
  bytes = gsk_render_node_serialize (node);
  if (!g_file_set_contents (path, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), &error))
    g_error ("%s", error->message);
}

static void
run_models (GpCatalog  *catalog,
            const char *name,
            int         runs)
{
  g_autoptr(GpSettings) settings = gp_settings_new (NULL);
  GpInstancesPage *page;
  GtkWidget *window;

  g_print ("== %s: %u offers\n", name, g_list_model_get_n_items (gp_catalog_get_offers (catalog)));
  run_chain (catalog, runs);

  load_style ();
  page = g_object_new (GP_TYPE_INSTANCES_PAGE, NULL);
  gp_instances_page_set_settings (page, settings);
  gp_instances_page_set_catalog (page, catalog);
  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 1920, 1080);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (page));
  gtk_window_present (GTK_WINDOW (window));
  wait_for_frame (window);
  wait_for_frame (window);

  if (nodes_file != NULL)
    write_nodes (window, nodes_file);
  g_print ("%u offers on the page\n",
           g_list_model_get_n_items (gp_instances_page_get_offers (page)));
  measure (page, window, "no change", change_nothing, runs);
  measure (page, window, "filter (memory)", change_filter, runs);
  measure (page, window, "filter (search)", change_search, runs);
  measure (page, window, "search, no match", change_search_miss, runs);
  measure (page, window, "sort", change_sort, runs);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Peak RSS */

static double
peak_rss_mib (const char * const *argv,
              char              **envp)
{
  g_autoptr(GError) error = NULL;
  struct rusage usage;
  GPid pid;
  int status;

  if (!g_spawn_async (NULL, (char **) argv, envp,
                      G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, &pid,
                      &error))
    g_error ("%s: %s", argv[0], error->message);
  if (wait4 (pid, &status, 0, &usage) < 0 || !WIFEXITED (status) || WEXITSTATUS (status) != 0)
    g_error ("%s did not finish cleanly", argv[0]);

  return usage.ru_maxrss / 1024.0;
}

static void
run_rss (const char *app,
         const char *floor,
         int         runs)
{
  GString *json = bench_generate_catalog (N_OFFERS);
  g_autofree char *dir = g_dir_make_tmp ("gp-bench-instances-XXXXXX", NULL);
  g_autofree char *data = g_build_filename (dir, "data", "gpu-planner", NULL);
  g_autofree char *config = g_build_filename (dir, "config", "glib-2.0", "settings", NULL);
  g_autofree char *catalog = g_build_filename (data, "catalog.json", NULL);
  g_autofree char *keyfile = g_build_filename (config, "keyfile", NULL);
  g_autofree char *data_home = g_build_filename (dir, "data", NULL);
  g_autofree char *config_home = g_build_filename (dir, "config", NULL);
  g_auto(GStrv) envp = g_get_environ ();
  g_autoptr(GArray) app_rss = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) floor_rss = g_array_new (FALSE, FALSE, sizeof (double));
  double app_median, floor_median;

  g_mkdir_with_parents (data, 0700);
  g_mkdir_with_parents (config, 0700);
  if (!g_file_set_contents (catalog, json->str, json->len, NULL) ||
      !g_file_set_contents (keyfile, "[io/github/gpuplanner/GpuPlanner]\nlast-page='instances'\n",
                            -1, NULL))
    g_error ("cannot write to %s", dir);
  g_string_free (json, TRUE);
  malloc_trim (0);

  /* The catalog as the user's own layer; the window opens on the Instances page. */
  envp = g_environ_setenv (envp, "XDG_DATA_HOME", data_home, TRUE);
  envp = g_environ_setenv (envp, "XDG_CONFIG_HOME", config_home, TRUE);
  envp = g_environ_setenv (envp, "GSETTINGS_BACKEND", "keyfile", TRUE);

  for (int i = 0; i < runs; i++)
    {
      /* bench-app quits once the catalog's first frame is painted. */
      double rss = peak_rss_mib ((const char *[]) { app, "loaded", NULL }, envp);
      double floor_value = peak_rss_mib ((const char *[]) { floor, NULL }, envp);

      g_array_append_val (app_rss, rss);
      g_array_append_val (floor_rss, floor_value);
    }

  g_array_sort (app_rss, bench_compare_doubles);
  g_array_sort (floor_rss, bench_compare_doubles);
  app_median = g_array_index (app_rss, double, runs / 2);
  floor_median = g_array_index (floor_rss, double, runs / 2);
  g_print ("peak RSS       app with %d offers on the Instances page %.1f MiB, floor %.1f MiB: "
           "+%.1f MiB (median of %d; target: <= +60 MB)\n",
           N_OFFERS, app_median, floor_median, app_median - floor_median, runs);

  g_unlink (catalog);
  g_unlink (keyfile);
  g_rmdir (data);
  g_rmdir (data_home);
  g_rmdir (config);
  {
    g_autofree char *glib_dir = g_build_filename (config_home, "glib-2.0", NULL);
    g_rmdir (glib_dir);
  }
  g_rmdir (config_home);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GOptionContext) context = g_option_context_new ("[APP FLOOR]");
  g_autoptr(GError) error = NULL;
  int runs = 21;
  gboolean bundled_only = FALSE;
  GOptionEntry entries[] = { { "runs", 'n', 0, G_OPTION_ARG_INT, &runs, "Runs per measurement",
                               "N" },
                             { "bundled-only", 'b', 0, G_OPTION_ARG_NONE, &bundled_only,
                               "Measure the bundled catalog alone (for a profile of it)", NULL },
                             { "nodes", 0, 0, G_OPTION_ARG_FILENAME, &nodes_file,
                               "Write the render nodes of the page's first frame to FILE", "FILE" },
                             { NULL } };

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || (argc != 1 && argc != 3) ||
      runs < 1)
    {
      g_printerr ("usage: instances [--runs N] [--bundled-only] [--nodes FILE] [APP FLOOR]\n");
      return 2;
    }

  double cpu_ms = bench_cpu_reference_ms ();

  gtk_init ();
  adw_init ();

  /* The memory first: a child's peak RSS counts what it shared with this process when forked,
   * and this process grows to hold the catalog. */
  if (argc == 3)
    run_rss (argv[1], argv[2], MIN (runs, 5));

  /* The bundled catalog, as every user has it, then the generated one of 100,000 offers. */
  {
    g_autoptr(GpCatalog) bundled = gp_catalog_new_bundled ();
    g_autoptr(GString) json = bench_generate_catalog (N_OFFERS);
    g_autoptr(GBytes) bytes = g_bytes_new (json->str, json->len);
    g_autoptr(GpCatalog) generated = gp_catalog_new ();

    run_models (bundled, "the bundled catalog", runs);
    if (bundled_only)
      {
        bench_print_cpu_reference (cpu_ms);
        return 0;
      }
    if (!gp_catalog_add_layer (generated, bytes, "generated.json", GP_CATALOG_LAYER_USER, &error))
      g_error ("%s", error->message);
    run_models (generated, "a generated catalog", runs);
  }

  bench_print_cpu_reference (cpu_ms);
  return 0;
}
