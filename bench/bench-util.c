/* bench-util.c — what the benchmarks share: a generated catalog, medians
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "bench-util.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>

/* A catalog in our format with @n_offers instance × region prices: 1,000 instances of 20
 * providers with 100 regions each for 100,000. */
static const char *const gpus[] = { "t4", "a10g", "a100-sxm4-40gb", "h100-sxm5-80gb" };

GString *
bench_generate_catalog (guint n_offers)
{
  const guint n_providers = 20, n_regions = 100;
  guint n_instances = MAX (1, n_offers / n_regions);
  GString *out = g_string_sized_new (n_offers * 120);
  GRand *rand = g_rand_new_with_seed (42);

  g_string_append (
      out,
      "{\n \"schema_version\": 1,\n \"name\": \"Generated benchmark catalog\",\n"
      " \"as_of\": \"2026-12-01\",\n \"currency\": \"USD\",\n"
      " \"sources\": [{\"id\": \"gen\", \"title\": \"Generated\", \"as_of\": \"2026-12-01\"}],\n"
      " \"gpus\": [\n");
  for (guint g = 0; g < G_N_ELEMENTS (gpus); g++)
    g_string_append_printf (
        out,
        "  {\"id\": \"%s\", \"name\": \"GPU %u\", \"memory_gb\": %u, "
        "\"bf16_tflops\": %u, \"memory_bandwidth_gbps\": %u, \"source\": \"gen\"}%s\n",
        gpus[g], g, 16 * (g + 1), 100 * (g + 1), 300 * (g + 1),
        g + 1 < G_N_ELEMENTS (gpus) ? "," : "");
  g_string_append (out, " ],\n \"providers\": [\n");
  for (guint p = 0; p < n_providers; p++)
    {
      g_string_append_printf (out,
                              "  {\"id\": \"prov-%u\", \"name\": \"Provider %u\", "
                              "\"kind\": \"gpu-cloud\", \"pricing\": [\"on-demand\", \"spot\"], "
                              "\"billing\": {\"increment_s\": 1, \"source\": \"gen\"}, "
                              "\"source\": \"gen\", \"regions\": [",
                              p, p);
      for (guint r = 0; r < n_regions; r++)
        g_string_append_printf (out, "{\"id\": \"region-%u\"}%s", r, r + 1 < n_regions ? ", " : "");
      g_string_append_printf (out, "]}%s\n", p + 1 < n_providers ? "," : "");
    }
  g_string_append (out, " ],\n \"instances\": [\n");
  for (guint i = 0; i < n_instances; i++)
    {
      guint count = 1u << g_rand_int_range (rand, 0, 4);

      g_string_append_printf (
          out,
          "  {\"id\": \"prov-%u/inst-%u\", \"provider\": \"prov-%u\", "
          "\"name\": \"inst-%u\", \"gpu\": \"%s\", \"gpu_count\": %u, "
          "\"vcpus\": %u, \"memory_gb\": %u, \"source\": \"gen\", \"prices\": [\n",
          i % n_providers, i, i % n_providers, i,
          gpus[g_rand_int_range (rand, 0, G_N_ELEMENTS (gpus))], count, 8 * count, 64 * count);
      for (guint r = 0; r < n_regions && i * n_regions + r < n_offers; r++)
        {
          double on_demand = g_rand_double_range (rand, 0.3, 60);

          g_string_append_printf (out, "   {\"region\": \"region-%u\", \"on_demand\": %.4f, "
                                       "\"spot\": [%.4f, %.4f], \"reserved_1y\": %.4f}%s\n",
                                  r, on_demand, on_demand * 0.3, on_demand * 0.45, on_demand * 0.62,
                                  r + 1 < n_regions ? "," : "");
        }
      g_string_append_printf (out, "  ]}%s\n", i + 1 < n_instances ? "," : "");
    }
  g_string_append (out, " ]\n}\n");

  g_rand_free (rand);
  return out;
}

int
bench_compare_doubles (gconstpointer a,
                       gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

double
bench_median_ms (gboolean (*func) (GBytes *),
                 GBytes   *bytes,
                 int       runs)
{
  g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (double));

  for (int i = 0; i < runs; i++)
    {
      gint64 start = g_get_monotonic_time ();
      double ms;

      if (!func (bytes))
        g_error ("the benchmark catalog did not load");
      ms = (g_get_monotonic_time () - start) / 1000.0;
      g_array_append_val (times, ms);
    }

  g_array_sort (times, bench_compare_doubles);
  return g_array_index (times, double, runs / 2);
}

/* Runs @argv to its end (its output to /dev/null with @flags saying so); its wall time and
 * peak RSS, the child's alone. Fails the benchmark when the child does. */
void
bench_run_child (const char * const *argv,
                 GSpawnFlags         flags,
                 double             *seconds,
                 double             *rss_mib)
{
  g_autoptr(GError) error = NULL;
  struct rusage usage;
  gint64 start = g_get_monotonic_time ();
  GPid pid;
  int status;

  if (!g_spawn_async (NULL, (char **) argv, NULL, flags | G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL,
                      &pid, &error))
    g_error ("%s: %s", argv[0], error->message);
  if (wait4 (pid, &status, 0, &usage) < 0 || !WIFEXITED (status) || WEXITSTATUS (status) != 0)
    g_error ("%s %s did not succeed", argv[0], argv[1]);

  *seconds = (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC;
  *rss_mib = usage.ru_maxrss / 1024.0;
}

/* A fixed workload that depends on nothing but the CPU and its caches, so that figures taken
 * on two machines, or in two busy hours of one, can be put side by side: SHA-256 of the same
 * 32 MiB, the median of five. */
double
bench_cpu_reference_ms (void)
{
  const gsize size = 32 * 1024 * 1024;
  const int runs = 5;
  g_autofree guint8 *buffer = g_malloc (size);
  double times[5];
  guint32 state = 2463534242u;

  for (gsize i = 0; i < size; i++)
    {
      state ^= state << 13;
      state ^= state >> 17;
      state ^= state << 5;
      buffer[i] = state & 0xff;
    }
  for (int i = 0; i < runs; i++)
    {
      g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
      gint64 start = g_get_monotonic_time ();

      g_checksum_update (checksum, buffer, size);
      if (g_checksum_get_string (checksum)[0] == '\0')
        g_error ("no checksum");
      times[i] = (g_get_monotonic_time () - start) / 1000.0;
    }
  qsort (times, runs, sizeof (double), (GCompareFunc) bench_compare_doubles);
  return times[runs / 2];
}

/* Prints the reference taken before the figures (@at_start_ms) and again after them: a
 * figure taken while the machine's speed moved shows it. */
void
bench_print_cpu_reference (double at_start_ms)
{
  printf ("CPU reference (SHA-256 of 32 MiB, median of 5): %.1f ms before, %.1f ms after\n",
          at_start_ms, bench_cpu_reference_ms ());
}
