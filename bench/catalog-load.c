/* catalog-load.c — load + validate + index a 100,000-offer catalog, against json-glib's parse
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: bench-catalog-load [--offers N] [--runs N]
 * Generates a catalog in our format (N instance × region prices: 1,000 instances of 20
 * providers with 100 regions each for the default), then reports the median time of
 * json-glib's bare parse of the file (the floor) and of GpCatalog loading it, and the peak
 * RSS of each, measured in a child process so that one does not inflate the other. Then the
 * same for the bundled catalog, as the app loads it at every start (gp_catalog_new_bundled()).
 */

#include "config.h"

#include <json-glib/json-glib.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <unistd.h>
#include <string.h>

#include "bench-util.h"
#include "gp-catalog.h"
#include "gp-json-reader.h"

static gboolean
parse_only (GBytes *bytes)
{
  g_autoptr(JsonParser) parser = json_parser_new_immutable ();
  gsize size;
  const char *data = g_bytes_get_data (bytes, &size);

  return json_parser_load_from_data (parser, data, size, NULL);
}

static gboolean
load_catalog (GBytes *bytes)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new ();

  return gp_catalog_add_layer (catalog, bytes, "bench.json", GP_CATALOG_LAYER_EXTRA, NULL);
}

/* The one checked reader's pass alone, which every load now makes first. */
static gboolean
check_only (GBytes *bytes)
{
  gsize size;
  const char *data = g_bytes_get_data (bytes, &size);

  return gp_json_check (data, size, "bench.json", NULL);
}

/* The bundled catalog, from the resource the app reads, loaded and indexed. */
static gboolean
load_bundled (GBytes *unused)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();

  return g_list_model_get_n_items (gp_catalog_get_offers (catalog)) > 0;
}

/* Peak RSS of a child that only does @mode on @path, in MiB. The child reads its own
 * high-water mark: a forked child's rusage would count the parent's pages from before exec. */
static double
child_peak_rss (const char *self_path,
                const char *mode,
                const char *path)
{
  const char *argv[] = { self_path, "--child", mode, path, NULL };
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  int status;

  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, NULL, &status,
                     &error) ||
      !g_spawn_check_wait_status (status, &error))
    g_error ("the %s child failed: %s", mode, error->message);

  return g_ascii_strtod (out, NULL) / 1024.0;
}

static void
print_peak_rss_kib (void)
{
  g_autofree char *status = NULL;
  const char *line;

  if (g_file_get_contents ("/proc/self/status", &status, NULL, NULL) &&
      (line = strstr (status, "VmHWM:")) != NULL)
    g_print ("%s\n", line + strlen ("VmHWM:"));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *path = NULL;
  g_autofree char *self_path = NULL;
  int n_offers = 100000, runs = 7;
  GOptionEntry entries[] = {
    { "offers", 0, 0, G_OPTION_ARG_INT, &n_offers, "Instance × region prices", "N" },
    { "runs", 0, 0, G_OPTION_ARG_INT, &runs, "Timed runs of each", "N" },
    { NULL }
  };
  double parse_ms, load_ms, check_ms, parse_rss, load_rss, idle_rss, size_mib;
  GString *text;
  int fd;

  if (argc == 4 && g_str_equal (argv[1], "--child"))
    {
      g_autoptr(GBytes) child_bytes = NULL;
      gchar *contents;
      gsize length;

      gboolean ok = TRUE;

      if (!g_str_equal (argv[2], "idle"))
        {
          if (!g_file_get_contents (argv[3], &contents, &length, NULL))
            return 1;
          child_bytes = g_bytes_new_take (contents, length);
          ok = g_str_equal (argv[2], "parse") ? parse_only (child_bytes)
                                              : load_catalog (child_bytes);
        }
      print_peak_rss_kib ();
      return ok ? 0 : 1;
    }

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || n_offers < 1 || runs < 1)
    {
      g_printerr ("usage: bench-catalog-load [--offers N] [--runs N]\n");
      return 2;
    }

  double cpu_ms = bench_cpu_reference_ms ();

  text = bench_generate_catalog (n_offers);
  size_mib = text->len / (1024.0 * 1024.0);
  fd = g_file_open_tmp ("gp-bench-catalog-XXXXXX.json", &path, &error);
  g_assert_no_error (error);
  close (fd);
  g_file_set_contents (path, text->str, text->len, &error);
  g_assert_no_error (error);
  bytes = g_string_free_to_bytes (text);

  parse_ms = bench_median_ms (parse_only, bytes, runs);
  load_ms = bench_median_ms (load_catalog, bytes, runs);
  check_ms = bench_median_ms (check_only, bytes, runs);

  self_path = g_file_read_link ("/proc/self/exe", NULL);
  idle_rss = child_peak_rss (self_path, "idle", path);
  parse_rss = child_peak_rss (self_path, "parse", path);
  load_rss = child_peak_rss (self_path, "load", path);
  g_unlink (path);

  g_print ("catalog: %d offers, %.1f MiB of JSON\n", n_offers, size_mib);
  g_print ("json-glib parse (floor)   %8.1f ms   peak RSS %6.1f MiB\n", parse_ms, parse_rss);
  g_print ("GpCatalog load+validate+index %4.1f ms   peak RSS %6.1f MiB\n", load_ms, load_rss);
  g_print ("ratio to the floor        %8.2fx   (target: <= 1.5x and <= 150 ms)\n",
           load_ms / parse_ms);
  g_print ("checked reader's pass     %8.1f ms   %.1f %% of the load (target: <= 5 %%)\n", check_ms,
           100 * check_ms / load_ms);
  g_print ("RSS above an idle process %8.1f MiB (target: <= 3 x %.1f + 30 = %.1f MiB)\n",
           load_rss - idle_rss, size_mib, 3 * size_mib + 30);

  {
    g_autoptr(GpCatalog) bundled = gp_catalog_new_bundled ();
    double bundled_ms = bench_median_ms (load_bundled, NULL, runs);

    g_print ("bundled catalog: %u offers of %u instance types\n",
             g_list_model_get_n_items (gp_catalog_get_offers (bundled)),
             g_list_model_get_n_items (gp_catalog_get_instances (bundled)));
    g_print ("bundled catalog load+validate+index %.1f ms   (target: <= 40 ms)\n", bundled_ms);
  }

  bench_print_cpu_reference (cpu_ms);
  return 0;
}
