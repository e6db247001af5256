/* test-estimate-list.c — a large catalog's estimate, made on two threads, is the sum of its
 * instances' estimates
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "gp-catalog.h"
#include "gp-estimate-list.h"
#include "gp-workload.h"

/* A catalog of @n_instances instances priced in 100 regions each, every price different. */
static GpCatalog *
generated_catalog (guint n_instances)
{
  g_autoptr(GString) json = g_string_new (
      "{\"schema_version\": 1, \"name\": \"Generated\", \"as_of\": \"2026-12-01\", "
      "\"currency\": \"USD\", \"sources\": [{\"id\": \"gen\", \"title\": \"Generated\", "
      "\"as_of\": \"2026-12-01\"}], \"gpus\": [{\"id\": \"a100-sxm4-40gb\", \"name\": \"A100\", "
      "\"memory_gb\": 40, \"bf16_tflops\": 312, \"memory_bandwidth_gbps\": 1555, "
      "\"source\": \"gen\"}], \"providers\": [");
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  GpCatalog *catalog = gp_catalog_new ();

  for (guint p = 0; p < 2; p++)
    {
      g_string_append_printf (json,
                              "%s{\"id\": \"prov-%u\", \"name\": \"Provider %u\", \"kind\": "
                              "\"gpu-cloud\", \"pricing\": [\"on-demand\", \"spot\"], "
                              "\"billing\": {\"increment_s\": 3600, \"source\": \"gen\"}, "
                              "\"source\": \"gen\", \"regions\": [",
                              p > 0 ? ", " : "", p, p);
      for (guint r = 0; r < 100; r++)
        g_string_append_printf (json, "%s{\"id\": \"region-%u\"}", r > 0 ? ", " : "", r);
      g_string_append (json, "]}");
    }
  g_string_append (json, "], \"instances\": [");
  for (guint i = 0; i < n_instances; i++)
    {
      g_string_append_printf (json,
                              "%s{\"id\": \"prov-%u/inst-%u\", \"provider\": \"prov-%u\", "
                              "\"name\": \"inst-%u\", \"gpu\": \"a100-sxm4-40gb\", "
                              "\"gpu_count\": %u, \"vcpus\": 8, \"memory_gb\": 64, "
                              "\"source\": \"gen\", \"prices\": [",
                              i > 0 ? ", " : "", i % 2, i, i % 2, i, 1u << (i % 4));
      for (guint r = 0; r < 100; r++)
        {
          double price = 1 + (i * 100 + r) % 997 / 10.0;

          g_string_append_printf (json,
                                  "%s{\"region\": \"region-%u\", \"on_demand\": %.2f, "
                                  "\"spot\": [%.2f, %.2f], \"reserved_1y\": %.2f}",
                                  r > 0 ? ", " : "", r, price, price * 0.3, price * 0.4,
                                  price * 0.6);
        }
      g_string_append (json, "]}");
    }
  g_string_append (json, "]}");

  bytes = g_bytes_new (json->str, json->len);
  g_assert_true (
      gp_catalog_add_layer (catalog, bytes, "generated.json", GP_CATALOG_LAYER_EXTRA, &error));
  g_assert_no_error (error);
  return catalog;
}

static GpWorkload *
interruptible_job (void)
{
  GpWorkload *workload = gp_workload_new ();

  gp_workload_set_gpu_hours (workload, 300);
  gp_workload_set_reference_gpu (workload, "a100-sxm4-40gb");
  gp_workload_set_gpus (workload, 0);
  gp_workload_set_interruptible (workload, TRUE);
  gp_workload_set_dataset_gb (workload, 500);
  return workload;
}

/* A row as its offer, way of paying and total, compared whole. */
static char *
row_key (GpEstimate *estimate)
{
  return g_strdup_printf ("%p %d %.17g", (gpointer) gp_estimate_get_offer (estimate),
                          gp_estimate_get_pricing (estimate),
                          gp_estimate_get_total_cost (estimate));
}

/* 30,000 offers are estimated on two threads: every row of every instance's own estimate is
 * in the list once, with the same total, in order of cost. */
static void
test_two_threads (void)
{
  g_autoptr(GpCatalog) catalog = generated_catalog (300);
  g_autoptr(GpWorkload) workload = interruptible_job ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GpEstimateList) list = gp_estimate_list_new (catalog, workload, NULL, &error);
  g_autoptr(GHashTable) expected = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GListModel *instances = gp_catalog_get_instances (catalog);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (list));
  double last = 0;

  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (gp_catalog_get_offers (catalog)), ==, 30000);
  g_assert_cmpuint (n, ==, 3 * 30000);
  for (guint i = 0; i < g_list_model_get_n_items (instances); i++)
    {
      g_autoptr(GpInstance) instance = g_list_model_get_item (instances, i);
      g_autoptr(GpEstimateList) one =
          gp_estimate_list_new_for_instance (catalog, workload, instance, &error);

      g_assert_no_error (error);
      for (guint k = 0; k < g_list_model_get_n_items (G_LIST_MODEL (one)); k++)
        {
          g_autoptr(GpEstimate) estimate = g_list_model_get_item (G_LIST_MODEL (one), k);

          g_assert_true (g_hash_table_add (expected, row_key (estimate)));
        }
    }
  g_assert_cmpuint (g_hash_table_size (expected), ==, n);

  for (guint k = 0; k < n; k++)
    {
      g_autoptr(GpEstimate) estimate = g_list_model_get_item (G_LIST_MODEL (list), k);
      g_autofree char *key = row_key (estimate);

      g_assert_true (g_hash_table_remove (expected, key));
      g_assert_cmpfloat (gp_estimate_get_total_cost (estimate), >=, last);
      last = gp_estimate_get_total_cost (estimate);
    }
  g_assert_cmpuint (g_hash_table_size (expected), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/estimate-list/two-threads", test_two_threads);
  return g_test_run ();
}
