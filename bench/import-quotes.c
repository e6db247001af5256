/* import-quotes.c — import a price sheet of 100,000 quotes, and a header of 80,000 columns,
 * the whole process
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: bench-import-quotes CLI [--rows N] [--columns N] [--runs N]
 * Generates a sheet as labs write one (a few providers and GPUs, Chinese places, repeated
 * names that get numbered ids), runs `CLI quote import FILE --catalog NEW.json` into a new
 * layer each time and reports the median wall time; then a sheet whose header has N columns,
 * which is refused, and the time of that.
 */

#include "config.h"

#include <sys/wait.h>

#include <glib/gstdio.h>

#include "bench-util.h"

static const char *const providers[] = { "AutoDL", "矩池云", "OpenBayes", "恒源云" };
static const char *const gpus[] = { "RTX 4090", "A100-80GB", "H800", "L20" };
static const char *const places[] = { "北京A区", "西北B区", "内蒙C区", "重庆D区", "" };

static char *
generate_sheet (guint rows)
{
  GString *out = g_string_sized_new (rows * 80);

  g_string_append (out, "provider,instance,gpu,gpus,price,currency,per,region,as_of,source\n");
  for (guint r = 0; r < rows; r++)
    g_string_append_printf (out, "%s,%s x%u,%s,%u,%.2f,CNY,hour,%s,2026-11-30,price page\n",
                            providers[r % G_N_ELEMENTS (providers)], gpus[r % G_N_ELEMENTS (gpus)],
                            1 + r % 8, gpus[r % G_N_ELEMENTS (gpus)], 1 + r % 8,
                            1.5 + (r % 300) / 100.0, places[r % G_N_ELEMENTS (places)]);
  return g_string_free (out, FALSE);
}

static char *
generate_wide_header (guint columns)
{
  GString *out = g_string_sized_new (columns * 8);

  for (guint c = 0; c < columns; c++)
    g_string_append_printf (out, "%scolumn%u", c > 0 ? "," : "", c);
  g_string_append (out, "\n1\n");
  return g_string_free (out, FALSE);
}

/* The median wall time of @argv, which must exit with @expected_status. */
static double
median_ms (const char *const *argv,
           const char        *remove,
           int                expected_status,
           int                runs)
{
  g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (double));

  for (int i = 0; i < runs; i++)
    {
      g_autoptr(GError) error = NULL;
      gint64 start;
      double ms;
      int status;

      if (remove != NULL)
        g_unlink (remove);
      start = g_get_monotonic_time ();
      if (!g_spawn_sync (NULL, (char **) argv, NULL,
                         G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, NULL,
                         NULL, &status, &error))
        g_error ("%s: %s", argv[0], error->message);
      ms = (g_get_monotonic_time () - start) / 1000.0;
      if (!WIFEXITED (status) || WEXITSTATUS (status) != expected_status)
        g_error ("%s %s %s: exit status %d, not %d", argv[0], argv[1], argv[2],
                 WEXITSTATUS (status), expected_status);
      g_array_append_val (times, ms);
    }
  g_array_sort (times, bench_compare_doubles);
  return g_array_index (times, double, runs / 2);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GOptionContext) context = g_option_context_new ("CLI");
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("gp-bench-quotes-XXXXXX", NULL);
  g_autofree char *sheet = g_build_filename (dir, "quotes.csv", NULL);
  g_autofree char *wide = g_build_filename (dir, "wide.csv", NULL);
  g_autofree char *layer = g_build_filename (dir, "user.json", NULL);
  g_autofree char *lock = g_build_filename (dir, "user.json.lock", NULL);
  int rows = 100000, columns = 80000, runs = 5;
  GOptionEntry entries[] = { { "rows", 0, 0, G_OPTION_ARG_INT, &rows, "Quotes in the sheet", "N" },
                             { "columns", 0, 0, G_OPTION_ARG_INT, &columns,
                               "Columns of the wide header", "N" },
                             { "runs", 0, 0, G_OPTION_ARG_INT, &runs, "Timed runs", "N" },
                             { NULL } };

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc != 2 || rows < 1 ||
      columns < 1 || runs < 1)
    {
      g_printerr ("usage: bench-import-quotes CLI [--rows N] [--columns N] [--runs N]\n");
      return 2;
    }

  double cpu_ms = bench_cpu_reference_ms ();

  {
    g_autofree char *text = generate_sheet (rows);

    g_file_set_contents (sheet, text, -1, &error);
    g_assert_no_error (error);
    g_free (text);
    text = generate_wide_header (columns);
    g_file_set_contents (wide, text, -1, &error);
    g_assert_no_error (error);
  }

  {
    const char *import[] = { argv[1], "quote", "import", sheet, "--catalog", layer, NULL };
    const char *refused[] = { argv[1], "quote", "import", wide, "--catalog", layer, NULL };
    double sheet_ms = median_ms (import, layer, 0, runs);
    double wide_ms = median_ms (refused, layer, 1, runs);

    g_print ("quote import of %d rows, whole process: %.1f ms (median of %d; target <= 2000)\n",
             rows, sheet_ms, runs);
    g_print ("a header of %d columns, refused: %.1f ms (median of %d; target <= 1000)\n", columns,
             wide_ms, runs);
  }

  g_unlink (sheet);
  g_unlink (wide);
  g_unlink (layer);
  g_unlink (lock);
  g_rmdir (dir);
  bench_print_cpu_reference (cpu_ms);
  return 0;
}
