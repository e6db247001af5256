/* estimate.c — estimate every offer of a 100,000-offer catalog for one workload
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: bench-estimate [--offers N] [--runs N]
 * Loads the generated catalog once, then times gp_estimate_list_new() for an interruptible
 * workload (on demand, spot and a one-year commitment for every offer: three estimates each)
 * and for the same workload without spot (two each), and reports the medians. Target: at
 * most 12 ms.
 */

#include "config.h"

#include <stdio.h>

#include "bench-util.h"
#include "gp-estimate-list.h"

static GpCatalog *catalog;
static GpWorkload *workload;
static guint n_estimates;

static gboolean
estimate_all (GBytes *unused)
{
  g_autoptr(GpEstimateList) list = gp_estimate_list_new (catalog, workload, NULL, NULL);

  if (list == NULL)
    return FALSE;
  n_estimates = g_list_model_get_n_items (G_LIST_MODEL (list));
  return n_estimates > 0;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  int n_offers = 100000, runs = 61;
  GOptionEntry entries[] = {
    { "offers", 0, 0, G_OPTION_ARG_INT, &n_offers, "Instance × region prices", "N" },
    { "runs", 0, 0, G_OPTION_ARG_INT, &runs, "Timed runs", "N" },
    { NULL }
  };
  GString *text;
  double ms;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    g_error ("%s", error->message);

  double cpu_ms = bench_cpu_reference_ms ();

  text = bench_generate_catalog (n_offers);
  bytes = g_string_free_to_bytes (text);
  catalog = gp_catalog_new ();
  if (!gp_catalog_add_layer (catalog, bytes, "bench.json", GP_CATALOG_LAYER_EXTRA, &error))
    g_error ("%s", error->message);

  workload = gp_workload_new ();
  gp_workload_set_gpu_hours (workload, 300);
  gp_workload_set_reference_gpu (workload, "a100-sxm4-40gb");
  gp_workload_set_precision (workload, GP_PRECISION_BF16);
  gp_workload_set_gpus (workload, 0);
  gp_workload_set_interruptible (workload, TRUE);
  gp_workload_set_dataset_gb (workload, 500);
  gp_workload_set_results_gb (workload, 50);

  estimate_all (NULL);  /* warm up: the estimator data is read once */
  ms = bench_median_ms (estimate_all, NULL, runs);
  printf ("estimate, interruptible: %d offers, %u estimates, median of %d runs: %.1f ms "
          "(target <= 12 ms)\n",
          n_offers, n_estimates, runs, ms);

  /* The form's default: no spot, so on demand and the one-year commitment of each offer. */
  gp_workload_set_interruptible (workload, FALSE);
  ms = bench_median_ms (estimate_all, NULL, runs);
  printf ("estimate, not interruptible: %d offers, %u estimates, median of %d runs: %.1f ms "
          "(target <= 12 ms)\n",
          n_offers, n_estimates, runs, ms);

  g_object_unref (workload);
  g_object_unref (catalog);
  bench_print_cpu_reference (cpu_ms);
  return 0;
}
