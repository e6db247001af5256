/* startup.c — exec → first frame and peak RSS of gpu-planner against the floor
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: startup [--runs N] APP FLOOR
 * Each program is run N times (default 11), alternating, under the current display: APP (the
 * bench-app build of GPU Planner) as "APP first-frame", FLOOR as it is. Each prints
 * "first-frame USEC" on CLOCK_MONOTONIC when its first frame is painted; the
 * difference to the moment before exec is its startup time. Peak RSS comes from wait4().
 */

#include "config.h"

#include "bench-util.h"

#include <glib.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>

typedef struct
{
  GArray *ms;
  GArray *rss_mib;
} Samples;

static gboolean
run_once (const char *program,
          const char *mode,
          double     *ms,
          double     *rss_mib)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GIOChannel) channel = NULL;
  g_autofree char *line = NULL;
  const char *argv[] = { program, mode, NULL };
  struct rusage usage;
  gint64 start, frame = 0;
  GPid pid;
  int out_fd, status;

  start = g_get_monotonic_time ();
  if (!g_spawn_async_with_pipes (NULL, (char **) argv, NULL,
                                 G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL,
                                 &pid, NULL, &out_fd, NULL, &error))
    {
      g_printerr ("%s: %s\n", program, error->message);
      return FALSE;
    }

  channel = g_io_channel_unix_new (out_fd);
  g_io_channel_set_close_on_unref (channel, TRUE);
  while (g_io_channel_read_line (channel, &line, NULL, NULL, NULL) == G_IO_STATUS_NORMAL)
    {
      if (g_str_has_prefix (line, "first-frame "))
        frame = g_ascii_strtoll (line + strlen ("first-frame "), NULL, 10);
      g_clear_pointer (&line, g_free);
    }

  if (wait4 (pid, &status, 0, &usage) < 0 || !WIFEXITED (status) || frame == 0)
    {
      g_printerr ("%s: exited without painting a frame\n", program);
      return FALSE;
    }

  *ms = (frame - start) / 1000.0;
  *rss_mib = usage.ru_maxrss / 1024.0;
  return TRUE;
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median (GArray *values)
{
  g_array_sort (values, compare_doubles);
  return g_array_index (values, double, values->len / 2);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GOptionContext) context = g_option_context_new ("APP FLOOR");
  g_autoptr(GError) error = NULL;
  int runs = 11;
  GOptionEntry entries[] = {
    { "runs", 'n', 0, G_OPTION_ARG_INT, &runs, "Runs per program", "N" },
    { NULL }
  };
  Samples samples[2];
  const char *names[2] = { "gpu-planner", "floor" };
  double app_ms, floor_ms, app_rss, floor_rss;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc != 3 || runs < 1)
    {
      g_printerr ("usage: startup [--runs N] APP FLOOR\n");
      return 2;
    }

  double cpu_ms = bench_cpu_reference_ms ();

  for (guint p = 0; p < 2; p++)
    {
      samples[p].ms = g_array_new (FALSE, FALSE, sizeof (double));
      samples[p].rss_mib = g_array_new (FALSE, FALSE, sizeof (double));
    }

  /* One warm-up run each, so both start with the same warm file cache. */
  for (int i = -1; i < runs; i++)
    for (guint p = 0; p < 2; p++)
      {
        double ms, rss;

        /* bench-app measures its first frame when asked; the floor always does. */
        if (!run_once (argv[1 + p], p == 0 ? "first-frame" : NULL, &ms, &rss))
          return 1;
        if (i < 0)
          continue;
        g_array_append_val (samples[p].ms, ms);
        g_array_append_val (samples[p].rss_mib, rss);
      }

  app_ms = median (samples[0].ms);
  floor_ms = median (samples[1].ms);
  app_rss = median (samples[0].rss_mib);
  floor_rss = median (samples[1].rss_mib);

  for (guint p = 0; p < 2; p++)
    g_print ("%-12s first frame %7.1f ms (median of %d)   peak RSS %6.1f MiB\n", names[p],
             p == 0 ? app_ms : floor_ms, runs, p == 0 ? app_rss : floor_rss);
  g_print ("ratio        time %.2fx   RSS %.2fx   (target: time <= 1.1x the floor)\n",
           app_ms / floor_ms, app_rss / floor_rss);

  for (guint p = 0; p < 2; p++)
    {
      g_array_unref (samples[p].ms);
      g_array_unref (samples[p].rss_mib);
    }

  bench_print_cpu_reference (cpu_ms);
  return 0;
}
