/* import-skypilot.c — import a 40,000-row AWS-shaped vms.csv, the whole process
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: bench-import-skypilot CLI [PEER] [--rows N] [--runs N]
 * Generates a vms.csv with the columns and value shapes of SkyPilot's AWS file (GPU instance
 * types, regions, zones, spot per zone, some Local Zones and empty spot prices), then runs
 * `CLI import skypilot FILE --output OUT` and reports the median wall time and peak RSS.
 * With PEER (skypilot-peer.py), the same file is also read and reduced by pandas, as SkyPilot
 * does, alternating with the import, and the ratio of the two medians is reported.
 */

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "bench-util.h"

static const struct
{
  const char *type;
  const char *gpu;
  guint       count, vcpus, memory;
  double      price;
} types[] = {
  { "g4dn.xlarge", "T4", 1, 4, 16, 0.526 },
  { "g4dn.12xlarge", "T4", 4, 48, 192, 3.912 },
  { "g5.xlarge", "A10G", 1, 4, 16, 1.006 },
  { "g5.12xlarge", "A10G", 4, 48, 192, 5.672 },
  { "p3.2xlarge", "V100", 1, 8, 61, 3.06 },
  { "p3.16xlarge", "V100", 8, 64, 488, 24.48 },
  { "p4d.24xlarge", "A100", 8, 96, 1152, 21.957642 },
  { "p5.48xlarge", "H100", 8, 192, 2048, 55.04 },
};

static char *
generate (guint rows)
{
  GString *out = g_string_sized_new (rows * 80);
  GRand *rand = g_rand_new_with_seed (7);
  guint written = 0;

  g_string_append (out, "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,"
                        "SpotPrice,Region,AvailabilityZone,GpuInfo,Arch\n");
  /* Instance types (the real ones, then variants of them) × 25 regions × 4 zones, one of
   * them a Local Zone now and then; some zones without a spot price. */
  for (guint n = 0; written < rows; n++)
    {
      guint t = n % G_N_ELEMENTS (types), region = (n / G_N_ELEMENTS (types)) % 25;
      guint variant = n / (G_N_ELEMENTS (types) * 25);
      double factor = 1 + region * 0.03;

      for (guint zone = 0; zone < 4 && written < rows; zone++, written++)
        {
          double spot = types[t].price * factor * g_rand_double_range (rand, 0.1, 0.7);
          gboolean local = zone == 3 && region % 5 == 0;

          g_string_append_printf (out, "%s", types[t].type);
          if (variant > 0)
            g_string_append_printf (out, "-v%u", variant);
          g_string_append_printf (out, ",%s,%u.0,%u.0,%u.0,%.6f,", types[t].gpu, types[t].count,
                                  types[t].vcpus, types[t].memory, types[t].price * factor);
          if (g_rand_int_range (rand, 0, 20) != 0)
            g_string_append_printf (out, "%.6f", spot);
          /* The quoted Python dict literal SkyPilot writes, the longest field of a row. */
          g_string_append_printf (out, ",region-%u,r%u-%saz%u,\"{'Gpus': [{'Name': '%s', "
                                       "'Manufacturer': 'NVIDIA', 'Count': %u.0, 'MemoryInfo': "
                                       "{'SizeInMiB': 16384}}], 'TotalGpuMemoryInMiB': %u}\","
                                       "x86_64\n",
                                  region, region, local ? "lax1-" : "", zone, types[t].gpu,
                                  types[t].count, 16384 * types[t].count);
        }
    }

  g_rand_free (rand);
  return g_string_free (out, FALSE);
}

/* Runs @child_argv to its end; its wall time in ms and peak RSS in MiB go into the arrays. */
static void
time_child (const char *const *child_argv,
            GArray            *times,
            GArray            *rss)
{
  double seconds, mib, ms;

  bench_run_child (child_argv, G_SPAWN_STDERR_TO_DEV_NULL, &seconds, &mib);
  ms = seconds * 1000;
  g_array_append_val (times, ms);
  g_array_append_val (rss, mib);
}

/* A Python with pandas: the one first on PATH, else the system's (Debian's python3-pandas is
 * for /usr/bin/python3); NULL where none has it, and the peer is not measured. */
static const char *
python_with_pandas (void)
{
  static const char *const pythons[] = { "python3", "/usr/bin/python3" };

  for (guint i = 0; i < G_N_ELEMENTS (pythons); i++)
    {
      const char *check[] = { pythons[i], "-c", "import pandas", NULL };
      int status = 1;

      if (g_spawn_sync (NULL, (char **) check, NULL,
                        G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL |
                            G_SPAWN_STDERR_TO_DEV_NULL,
                        NULL, NULL, NULL, NULL, &status, NULL) &&
          g_spawn_check_wait_status (status, NULL))
        return pythons[i];
    }
  return NULL;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GOptionContext) context = g_option_context_new ("CLI");
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) rss = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) peer_times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) peer_rss = g_array_new (FALSE, FALSE, sizeof (double));
  const char *python = NULL;
  gboolean peer;
  g_autofree char *dir = g_dir_make_tmp ("gp-bench-import-XXXXXX", NULL);
  g_autofree char *csv_path = g_build_filename (dir, "vms.csv", NULL);
  g_autofree char *out_path = g_build_filename (dir, "imported.json", NULL);
  int rows = 40000, runs = 7;
  GOptionEntry entries[] = {
    { "rows", 0, 0, G_OPTION_ARG_INT, &rows, "Data rows", "N" },
    { "runs", 0, 0, G_OPTION_ARG_INT, &runs, "Timed runs", "N" },
    { NULL }
  };
  double size_mib;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || (argc != 2 && argc != 3) ||
      rows < 1 || runs < 1)
    {
      g_printerr ("usage: bench-import-skypilot CLI [PEER] [--rows N] [--runs N]\n");
      return 2;
    }

  double cpu_ms = bench_cpu_reference_ms ();

  {
    g_autofree char *csv = generate (rows);

    size_mib = strlen (csv) / (1024.0 * 1024.0);
    g_file_set_contents (csv_path, csv, -1, &error);
    g_assert_no_error (error);
  }

  if (argc == 3)
    python = python_with_pandas ();
  peer = python != NULL;
  if (argc == 3 && !peer)
    g_print ("pandas is not installed (apt-get install python3-pandas): no peer measurement\n");
  for (int i = 0; i < runs; i++)
    {
      const char *import_argv[] = { argv[1],      "import",   "skypilot", csv_path, "--as-of",
                                    "2026-12-01", "--output", out_path,   NULL };
      g_autofree char *python_path = peer ? g_find_program_in_path (python) : NULL;
      const char *peer_argv[] = { python_path, argc == 3 ? argv[2] : "", csv_path, out_path, NULL };

      time_child (import_argv, times, rss);
      if (peer)
        time_child (peer_argv, peer_times, peer_rss);
    }

  g_array_sort (times, bench_compare_doubles);
  g_array_sort (rss, bench_compare_doubles);
  g_print ("vms.csv: %d rows, %.1f MiB\n", rows, size_mib);
  g_print ("import, whole process: %.1f ms (median of %d)   peak RSS %.1f MiB\n",
           g_array_index (times, double, runs / 2), runs, g_array_index (rss, double, runs / 2));
  g_print ("targets: <= 130 ms, peak RSS <= 4 x %.1f + 30 = %.1f MiB\n", size_mib,
           4 * size_mib + 30);
  if (peer)
    {
      double ours = g_array_index (times, double, runs / 2);
      double theirs;

      g_array_sort (peer_times, bench_compare_doubles);
      g_array_sort (peer_rss, bench_compare_doubles);
      theirs = g_array_index (peer_times, double, runs / 2);
      g_print ("pandas, read and reduce, whole process: %.1f ms (median of %d)   peak RSS %.1f "
               "MiB\n",
               theirs, runs, g_array_index (peer_rss, double, runs / 2));
      g_print ("import / pandas: %.2fx (target <= 0.2x)\n", ours / theirs);
    }

  if (g_getenv ("GP_BENCH_KEEP") != NULL)
    g_print ("kept %s\n", csv_path);
  else
    g_unlink (csv_path);
  g_unlink (out_path);
  g_rmdir (dir);
  bench_print_cpu_reference (cpu_ms);
  return 0;
}
