/* test-estimate-list.c — every offer estimated, grouped and ranked
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "gp-catalog.h"
#include "gp-estimate-group.h"
#include "gp-estimate-list.h"
#include "gp-test-estimate.h"
#include "gp-workload.h"

static void
estimated_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  GpEstimateList **list = user_data;
  g_autoptr(GError) error = NULL;

  *list = gp_estimate_list_new_finish (result, &error);
  g_assert_no_error (error);
}

static void
test_async (void)
{
  g_autoptr(GpWorkload) workload = gp_workload_new ();
  g_autoptr(GpEstimateList) sync = NULL;
  g_autoptr(GpEstimateList) async = NULL;

  gp_workload_set_gpu_hours (workload, 40);
  gp_workload_set_reference_gpu (workload, "a10");
  gp_estimate_list_new_async (bundled (), workload, NULL, NULL, estimated_cb, &async);
  /* Changing the form now must not reach the estimate in flight. */
  gp_workload_set_gpu_hours (workload, 4000);
  while (async == NULL)
    g_main_context_iteration (NULL, TRUE);

  assert_close (gp_workload_get_gpu_hours (gp_estimate_list_get_workload (async)), 40);
  gp_workload_set_gpu_hours (workload, 40);
  sync = gp_estimate_list_new (bundled (), workload, NULL, NULL);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (async)), ==,
                    g_list_model_get_n_items (G_LIST_MODEL (sync)));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (sync)), >, 0);
  assert_close (gp_estimate_list_get_total (async, 0), gp_estimate_list_get_total (sync, 0));
}

/* An estimate kept after its catalog is gone, as a slide deck or an answer kept over a
 * catalog refresh keeps it, still names its machine and provider. */
static void
test_outlives_catalog (void)
{
  GpCatalog *catalog = gp_catalog_new_bundled ();
  g_autoptr(GpWorkload) job = gp_workload_new ();
  g_autoptr(GpEstimateList) list = NULL;
  g_autoptr(GpEstimate) estimate = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *label = NULL;

  gp_workload_set_gpu_hours (job, 300);
  gp_workload_set_reference_gpu (job, "v100-sxm2-16gb");
  list = gp_estimate_list_new (catalog, job, NULL, &error);
  g_assert_no_error (error);
  estimate = g_list_model_get_item (G_LIST_MODEL (list), 0);
  expected = gp_estimate_dup_label (estimate);

  g_clear_object (&list);
  g_clear_object (&catalog);

  label = gp_estimate_dup_label (estimate);
  g_assert_cmpstr (label, ==, expected);
  g_assert_true (GP_IS_PROVIDER (gp_estimate_get_provider (estimate)));
  g_assert_nonnull (gp_gpu_get_name (gp_instance_get_gpu (gp_estimate_get_instance (estimate))));
}

/* By platform, each group's best is the cheapest of its options that can run the job (a quoted
 * price before an estimated one), no platform twice, cheapest first; a platform with no option
 * is named apart. By instance, each instance type once with its regions. */
static void
test_group_platform_best (void)
{
  g_autoptr(GpWorkload) workload = gp_workload_new ();
  g_autoptr(GpEstimateList) list = NULL;
  g_autoptr(GListModel) platforms = NULL;
  g_autoptr(GListModel) instances = NULL;
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) unable = NULL;
  double previous = 0;
  guint n = 0;

  gp_workload_set_gpu_hours (workload, 300);
  gp_workload_set_reference_gpu (workload, "a100-sxm4-40gb");
  gp_workload_set_model_billions (workload, 7);
  gp_workload_set_method (workload, GP_TRAINING_METHOD_LORA);
  gp_workload_set_batch_size (workload, 4);
  gp_workload_set_sequence_length (workload, 1024);
  gp_workload_set_gpus (workload, 0);
  list = gp_estimate_list_new (bundled (), workload, NULL, &error);
  g_assert_no_error (error);
  n = g_list_model_get_n_items (G_LIST_MODEL (list));
  platforms = gp_estimate_group_list (list, GP_ESTIMATE_GROUPING_PLATFORM, &unable);
  g_assert_cmpuint (g_list_model_get_n_items (platforms), >=, 3);

  for (guint i = 0; i < g_list_model_get_n_items (platforms); i++)
    {
      g_autoptr(GpEstimateGroup) group = g_list_model_get_item (platforms, i);
      GpEstimate *best = gp_estimate_group_get_best (group);
      GpProvider *provider = gp_estimate_get_provider (best);
      guint options = 0;

      g_assert_true (gp_estimate_is_option (best));
      g_assert_true (g_hash_table_add (seen, (gpointer) gp_provider_get_id (provider)));
      g_assert_cmpfloat (gp_estimate_get_total_cost (best), >=, previous);
      previous = gp_estimate_get_total_cost (best);
      for (guint k = 0; k < n; k++)
        {
          g_autoptr(GpEstimate) other = g_list_model_get_item (G_LIST_MODEL (list), k);

          if (gp_estimate_get_provider (other) != provider || !gp_estimate_is_option (other))
            continue;
          options++;
          if (gp_estimate_is_derived (other) == gp_estimate_is_derived (best))
            g_assert_cmpfloat (gp_estimate_get_total_cost (other), >=,
                               gp_estimate_get_total_cost (best));
          else
            g_assert_true (gp_estimate_is_derived (other));
        }
      g_assert_cmpuint (gp_estimate_group_get_options (group), ==, options);
    }

  /* Every platform in the list either has a best or is named as having no option. */
  for (guint k = 0; k < n; k++)
    {
      g_autoptr(GpEstimate) estimate = g_list_model_get_item (G_LIST_MODEL (list), k);
      GpProvider *provider = gp_estimate_get_provider (estimate);

      g_assert_true (
          g_hash_table_contains (seen, gp_provider_get_id (provider)) ||
          g_strv_contains ((const char *const *) unable, gp_provider_get_name (provider)));
    }

  g_hash_table_remove_all (seen);
  instances = gp_estimate_group_list (list, GP_ESTIMATE_GROUPING_INSTANCE, NULL);
  for (guint i = 0; i < g_list_model_get_n_items (instances); i++)
    {
      g_autoptr(GpEstimateGroup) group = g_list_model_get_item (instances, i);
      GpInstance *instance = gp_estimate_get_instance (gp_estimate_group_get_best (group));

      g_assert_true (g_hash_table_add (seen, (gpointer) gp_instance_get_id (instance)));
      g_assert_cmpuint (gp_estimate_group_get_regions (group), >=, 1);
      g_assert_cmpuint (gp_estimate_group_get_regions (group), <=,
                        gp_estimate_group_get_options (group));
    }
  g_assert_cmpuint (g_list_model_get_n_items (instances), <, n);
}

/* What could not be estimated is said in order, the same every time: the reasons were sorted
 * by where the array kept them, which left them in the hash table's order. Six GPUs without a
 * figure to scale the speed by give six reasons. */
static void
test_skipped_in_order (void)
{
  static const char *const names[] = { "Zeta", "Alpha", "Mu", "Kappa", "Beta", "Omega" };
  g_autoptr(GString) layer = g_string_new (
      "{\"schema_version\":1,\"name\":\"Unknown GPUs\",\"as_of\":\"2026-11-30\","
      "\"sources\":[{\"id\":\"t\",\"title\":\"T\",\"as_of\":\"2026-11-30\"}],\"gpus\":[");
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GpWorkload) workload = gp_workload_new ();
  g_autoptr(GpEstimateList) list = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  const char *const *skipped;
  guint unknown = 0;

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    g_string_append_printf (layer,
                            "%s{\"id\":\"gpu-%u\",\"name\":\"%s\",\"memory_gb\":16,"
                            "\"source\":\"t\"}",
                            i > 0 ? "," : "", i, names[i]);
  g_string_append (layer, "],\"instances\":[");
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    g_string_append_printf (layer,
                            "%s{\"id\":\"lambda/odd_%u\",\"provider\":\"lambda\",\"name\":"
                            "\"odd_%u\",\"gpu\":\"gpu-%u\",\"gpu_count\":1,\"source\":\"t\","
                            "\"prices\":[{\"region\":\"us-east-1\",\"on_demand\":1}]}",
                            i > 0 ? "," : "", i, i, i);
  g_string_append (layer, "]}");
  bytes = g_bytes_new (layer->str, layer->len);
  gp_catalog_add_layer (catalog, bytes, "odd.json", GP_CATALOG_LAYER_USER, &error);
  g_assert_no_error (error);

  gp_workload_set_gpu_hours (workload, 10);
  gp_workload_set_reference_gpu (workload, "v100-sxm2-16gb");
  list = gp_estimate_list_new (catalog, workload, NULL, &error);
  g_assert_no_error (error);
  skipped = gp_estimate_list_get_skipped (list);
  for (guint i = 0; skipped[i] != NULL; i++)
    {
      unknown += strstr (skipped[i], "no measurement or data-sheet figure") != NULL;
      if (i > 0)
        g_assert_cmpint (g_strcmp0 (skipped[i - 1], skipped[i]), <, 0);
    }
  g_assert_cmpuint (unknown, >=, G_N_ELEMENTS (names));
}

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
  g_test_add_func ("/estimate-list/async", test_async);
  g_test_add_func ("/estimate-list/outlives-catalog", test_outlives_catalog);
  g_test_add_func ("/estimate-list/platform-best", test_group_platform_best);
  g_test_add_func ("/estimate-list/skipped-in-order", test_skipped_in_order);
  g_test_add_func ("/estimate-list/two-threads", test_two_threads);
  return g_test_run ();
}
