/* test-estimator-data.c — the estimator's published figures, read and checked
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "gp-estimator-data.h"
#include "gp-test-estimate.h"

typedef struct
{
  const char *name;
  const char *json;
  const char *message;
} BadData;

#define MINIMAL(extra)                                                                     \
  "{\"schema_version\":1,\"sources\":[{\"id\":\"s\",\"title\":\"S\",\"as_of\":\"2024\"}]," \
  "\"coefficients\":{},\"speed_tables\":[],\"scaling\":[],\"interruption_buckets\":[],"    \
  "\"spot_interruption\":[]" extra "}"

static const BadData bad_data[] = {
  { "not-json", "{", "bad.json: " },
  { "schema", "{\"schema_version\":2}", "bad.json: schema_version: expected 1" },
  { "no-presets", MINIMAL (""), "bad.json: presets: required field is missing" },
  { "preset-hours-string",
    MINIMAL (",\"presets\":[{\"id\":\"p\",\"name\":\"P\",\"family\":\"f\",\"reference_gpu\":\"t4\","
             "\"reference_gpus\":1,\"precision\":\"fp16\",\"gpu_hours\":\"ten\",\"target\":\"t\","
             "\"source\":\"s\"}]"),
    "bad.json: presets[0].gpu_hours: expected a non-negative number, got \"ten\"" },
  { "preset-unknown-source",
    MINIMAL (",\"presets\":[{\"id\":\"p\",\"name\":\"P\",\"family\":\"f\",\"reference_gpu\":\"t4\","
             "\"reference_gpus\":1,\"precision\":\"fp16\",\"gpu_hours\":1,\"target\":\"t\","
             "\"source\":\"nobody\"}]"),
    "bad.json: presets[0].source: no source has the id “nobody”" },
  { "preset-precision",
    MINIMAL (",\"presets\":[{\"id\":\"p\",\"name\":\"P\",\"family\":\"f\",\"reference_gpu\":\"t4\","
             "\"reference_gpus\":1,\"precision\":\"fp4\",\"gpu_hours\":1,\"target\":\"t\","
             "\"source\":\"s\"}]"),
    "bad.json: presets[0].precision: expected fp32, tf32, fp16, bf16 or fp8" },
  { "result-without-gpus",
    MINIMAL (",\"presets\":[{\"id\":\"p\",\"name\":\"P\",\"family\":\"f\","
             "\"reference_gpu\":\"g\",\"reference_gpus\":8,\"precision\":\"fp16\","
             "\"gpu_hours\":1,\"target\":\"t\",\"source\":\"s\",\"results\":[{\"gpu\":"
             "\"h\",\"gpus\":0,\"minutes\":10,\"submitter\":\"V\",\"source\":\"s\"}]}]"),
    "bad.json: presets[0].results[0].gpus: expected a whole number of GPUs and a positive time" },
  { "negative-coefficient",
    "{\"schema_version\":1,\"sources\":[{\"id\":\"s\",\"title\":\"S\",\"as_of\":\"2024\"}],"
    "\"coefficients\":{\"restart_minutes\":{\"value\":-1,\"source\":\"s\"}}}",
    "bad.json: coefficients.restart_minutes.value: expected a non-negative number" },
};

static void
test_bundled_data (void)
{
  GpEstimatorData *data = gp_estimator_data_get_default ();
  GListModel *presets = gp_estimator_data_get_presets (data);
  GListModel *sources = gp_estimator_data_get_sources (data);

  g_assert_cmpuint (g_list_model_get_n_items (presets), >=, 10);
  for (guint i = 0; i < g_list_model_get_n_items (presets); i++)
    {
      g_autoptr(GpPreset) preset = g_list_model_get_item (presets, i);

      /* Every preset runs on a GPU of the catalog, names its target and cites its source. */
      g_assert_nonnull (gp_catalog_find_gpu (bundled (), gp_preset_get_reference_gpu (preset)));
      g_assert_nonnull (gp_preset_get_target (preset));
      g_assert_nonnull (gp_preset_get_source (preset));
      g_assert_cmpfloat (gp_preset_get_gpu_hours (preset), >, 0);
    }

  for (guint i = 0; i < g_list_model_get_n_items (sources); i++)
    {
      g_autoptr(GpSource) source = g_list_model_get_item (sources, i);

      g_assert_nonnull (gp_source_get_url (source));
      g_assert_cmpstr (gp_source_get_as_of (source), !=, "");
    }

  g_assert_false (isnan (gp_estimator_data_get_coefficient (data, "spec_tflops_weight")));
  g_assert_false (isnan (gp_estimator_data_get_coefficient (data, "restart_minutes")));
  g_assert_false (isnan (gp_estimator_data_get_coefficient (data, "upload_mbps")));
  g_assert_false (isnan (gp_estimator_data_get_coefficient (data, "spot_interruptions_per_month")));
}

static void
test_bad_data (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (bad_data); i++)
    {
      g_autoptr(GBytes) bytes = g_bytes_new_static (bad_data[i].json, strlen (bad_data[i].json));
      g_autoptr(GError) error = NULL;
      g_autoptr(GpEstimatorData) data =
          gp_estimator_data_new_from_bytes (bytes, "bad.json", &error);

      g_test_message ("case %s", bad_data[i].name);
      g_assert_null (data);
      g_assert_nonnull (error);
      if (strstr (error->message, bad_data[i].message) == NULL)
        g_error ("%s: “%s” does not contain “%s”", bad_data[i].name, error->message,
                 bad_data[i].message);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/estimator-data/bundled", test_bundled_data);
  g_test_add_func ("/estimator-data/bad", test_bad_data);
  return g_test_run ();
}
