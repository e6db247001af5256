/* large-catalog.c — the command-line tool on a catalog of a million offers: validate, and list
 * as JSON, their time and peak memory
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: bench-large-catalog CLI [--offers N]...
 * Writes the generated catalog of bench-catalog-load with N offers (250,000, 500,000 and
 * 1,000,000 by default, to show how time and memory grow), runs `validate FILE` and `list
 * --catalog FILE --format json` on each, output to /dev/null, and reports the wall time and the
 * child's peak RSS. Targets: validate 1,000,000 offers in at most 1.8 s and 1 GB; list them as
 * JSON in at most 6 s, memory growing in proportion to the offers.
 */

#include "config.h"

#include <unistd.h>

#include <glib/gstdio.h>

#include "bench-util.h"

int
main (int   argc,
      char *argv[])
{
  guint sizes[] = { 250000, 500000, 1000000 };

  if (argc < 2)
    {
      g_printerr ("usage: bench-large-catalog CLI\n");
      return 2;
    }

  double cpu_ms = bench_cpu_reference_ms ();

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autoptr(GString) json = bench_generate_catalog (sizes[i]);
      g_autofree char *path = NULL;
      double validate_s, validate_mib, list_s, list_mib;
      int fd = g_file_open_tmp ("gp-bench-large-XXXXXX.json", &path, NULL);

      close (fd);
      if (!g_file_set_contents (path, json->str, json->len, NULL))
        g_error ("cannot write %s", path);

      bench_run_child ((const char *[]){ argv[1], "validate", path, NULL },
                       G_SPAWN_STDOUT_TO_DEV_NULL, &validate_s, &validate_mib);
      bench_run_child (
          (const char *[]){ argv[1], "list", "--catalog", path, "--format", "json", NULL },
          G_SPAWN_STDOUT_TO_DEV_NULL, &list_s, &list_mib);
      g_print ("%8u offers, %6.1f MiB: validate %5.2f s, %6.1f MiB peak;  list --format json "
               "%5.2f s, %6.1f MiB peak\n",
               sizes[i], json->len / (1024.0 * 1024.0), validate_s, validate_mib, list_s, list_mib);
      g_unlink (path);
    }
  g_print ("targets: a million offers validated in at most 1.8 s and 1 GB, listed as JSON in at "
           "most 6 s, memory in proportion to the offers\n");
  bench_print_cpu_reference (cpu_ms);
  return 0;
}
