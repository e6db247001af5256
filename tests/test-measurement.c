/* test-measurement.c — the user's own measurements: read, refused, named, kept, and estimated from
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gstdio.h>

#include "gp-catalog.h"
#include "gp-estimate-list.h"
#include "gp-estimate.h"
#include "gp-gpu.h"
#include "gp-instance.h"
#include "gp-measurement-store.h"
#include "gp-measurement.h"
#include "gp-workload.h"

static GpCatalog *
fixture_catalog (void)
{
  static GpCatalog *catalog;

  if (catalog == NULL)
    catalog = gp_catalog_new_bundled ();
  return catalog;
}

static char *
fixture_text (const char *name)
{
  g_autofree char *path =
      g_test_build_filename (G_TEST_DIST, "fixtures", "measurements", name, NULL);
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  return text;
}

static GFile *
fixture_file (const char *name)
{
  return g_file_new_build_filename (g_test_get_dir (G_TEST_DIST), "fixtures", "measurements", name,
                                    NULL);
}

static GpMeasurement *
read_text (const char  *text,
           GError     **error)
{
  g_autoptr(GBytes) bytes = g_bytes_new (text, strlen (text));

  return gp_measurement_new_from_bytes (bytes, "m.json", fixture_catalog (), "2026-12-05", error);
}

/* @text with its first @from made @to. */
static char *
with (const char *text,
      const char *from,
      const char *to)
{
  const char *at = strstr (text, from);

  g_assert_nonnull (at);
  return g_strdup_printf ("%.*s%s%s", (int) (at - text), text, to, at + strlen (from));
}

static void
test_read (void)
{
  g_autofree char *text = fixture_text ("a100.json");
  g_autoptr(GError) error = NULL;
  g_autoptr(GpMeasurement) measurement = read_text (text, &error);
  g_autofree char *basis = NULL;

  g_assert_no_error (error);
  g_assert_cmpstr (gp_measurement_get_gpu (measurement), ==, "a100-sxm4-80gb");
  g_assert_cmpstr (gp_measurement_get_gpu_name (measurement), ==, "NVIDIA A100-SXM4-80GB");
  g_assert_cmpstr (gp_measurement_get_date (measurement), ==, "2026-11-20");
  g_assert_cmpfloat (gp_measurement_get_tokens_per_second (measurement), ==, 12000);
  g_assert_cmpfloat (gp_measurement_get_peak_reserved_gb (measurement), ==, 40.5);
  g_assert_cmpfloat (gp_measurement_get_model_billions (measurement), ==, 1.1);
  g_assert_cmpint (gp_measurement_get_method (measurement), ==, GP_TRAINING_METHOD_FULL);
  g_assert_cmpint (gp_measurement_get_precision (measurement), ==, GP_PRECISION_BF16);
  g_assert_cmpuint (gp_measurement_get_batch_size (measurement), ==, 8);
  g_assert_cmpuint (gp_measurement_get_sequence_length (measurement), ==, 2048);
  g_assert_false (gp_measurement_get_activation_checkpointing (measurement));
  g_assert_false (gp_measurement_is_test_run (measurement));
  g_assert_true (
      g_str_has_prefix (gp_measurement_get_id (measurement), "a100-sxm4-80gb-2026-11-20-"));

  basis = gp_measurement_dup_basis (measurement);
  g_assert_cmpstr (basis, ==, "measured on NVIDIA A100-SXM4-80GB, 2026-11-20, 12,000 tokens/s");
}

/* PyTorch's names of GPUs, as torch.cuda.get_device_name() gives them, with the memory it
 * reports, against the fixture catalog's GPUs. */
static void
test_gpu_names (void)
{
  static const struct
  {
    const char *device;
    double memory_gb;
    const char *gpu;
  } cases[] = {
    { "NVIDIA A100-SXM4-80GB", 85.1, "a100-sxm4-80gb" },
    { "NVIDIA A100-SXM4-40GB", 42.4, "a100-sxm4-40gb" },
    { "NVIDIA A100 80GB PCIe", 85.1, "a100-pcie-80gb" },
    { "NVIDIA A100-PCIE-40GB", 42.4, "a100-pcie-40gb" },
    { "Tesla V100-SXM2-16GB", 17.0, "v100-sxm2-16gb" },
    { "Tesla V100-SXM2-32GB", 34.1, "v100-32gb" },
    { "Tesla V100-PCIE-16GB", 17.0, "v100-pcie-16gb" },
    { "Tesla P100-PCIE-16GB", 17.1, "p100-pcie-16gb" },
    { "Tesla T4", 15.8, "t4" },
    { "NVIDIA L4", 23.7, "l4" },
    { "NVIDIA A10G", 23.7, "a10g" },
    { "NVIDIA A10", 23.7, "a10" },
    { "NVIDIA H100 80GB HBM3", 85.0, "h100-sxm5-80gb" },
    { "NVIDIA H100 PCIe", 85.0, "h100-pcie-80gb" },
    /* None the catalog has: a name that only begins like one is not it. */
    { "NVIDIA GeForce RTX 4090", 25.3, NULL },
    { "NVIDIA A40", 47.7, NULL },
    { "NVIDIA A100X", 85.1, NULL },
    { "NVIDIA H200", 150.0, NULL },
  };
  g_autofree char *text = fixture_text ("a100.json");

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *memory = g_strdup_printf ("\"gpu_memory_gb\": %.1f", cases[i].memory_gb);
      g_autofree char *named = g_strdup_printf ("\"gpu\": \"%s\"", cases[i].device);
      g_autofree char *step = with (text, "\"gpu\": \"NVIDIA A100-SXM4-80GB\"", named);
      g_autofree char *changed = with (step, "\"gpu_memory_gb\": 85.1", memory);
      g_autoptr(GError) error = NULL;
      g_autoptr(GpMeasurement) measurement = NULL;

      /* A peak above a small GPU's memory is refused for another reason: keep it below. */
      g_free (step);
      step = with (changed, "\"peak_allocated_gb\": 38.2", "\"peak_allocated_gb\": 10");
      g_free (changed);
      changed = with (step, "\"peak_reserved_gb\": 40.5", "\"peak_reserved_gb\": 11");
      /* And a speed the slowest of them could have on this model. */
      g_free (step);
      step = with (changed, "\"tokens_per_s\": 12000", "\"tokens_per_s\": 2000");
      g_free (changed);
      changed = g_steal_pointer (&step);
      measurement = read_text (changed, &error);
      g_test_message ("%s", cases[i].device);
      if (cases[i].gpu == NULL)
        {
          g_assert_error (error, GP_MEASUREMENT_ERROR, GP_MEASUREMENT_ERROR_UNKNOWN_GPU);
          g_assert_nonnull (strstr (error->message, cases[i].device));
          g_assert_null (measurement);
        }
      else
        {
          g_assert_no_error (error);
          g_assert_cmpstr (gp_measurement_get_gpu (measurement), ==, cases[i].gpu);
        }
    }
}

/* Every impossible or malformed measurement is refused, naming the file and what is wrong. */
static void
test_refused (void)
{
  static const struct
  {
    const char *from;
    const char *to;
    int code;
    const char *says;
  } cases[] = {
    { "\"tokens_per_s\": 12000", "\"tokens_per_s\": -12000", GP_MEASUREMENT_ERROR_IMPOSSIBLE,
      "tokens_per_s" },
    { "\"tokens_per_s\": 12000", "\"tokens_per_s\": 0", GP_MEASUREMENT_ERROR_IMPOSSIBLE,
      "tokens_per_s" },
    { "\"tokens_per_s\": 12000", "\"tokens_per_s\": \"fast\"", GP_MEASUREMENT_ERROR_MALFORMED,
      "tokens_per_s" },
    { "\"tokens_per_s\": 12000", "\"tokens_per_second\": 12000", GP_MEASUREMENT_ERROR_MALFORMED,
      "tokens_per_s" },
    { "NVIDIA A100-SXM4-80GB", "Imaginary GPU 9000", GP_MEASUREMENT_ERROR_UNKNOWN_GPU,
      "Imaginary GPU 9000" },
    { "2026-11-20", "2026-12-06", GP_MEASUREMENT_ERROR_FUTURE, "2026-12-06" },
    { "2026-11-20", "2031-01-01", GP_MEASUREMENT_ERROR_FUTURE, "2031-01-01" },
    { "2026-11-20", "2026-02-30", GP_MEASUREMENT_ERROR_IMPOSSIBLE, "2026-02-30" },
    { "2026-11-20", "last week", GP_MEASUREMENT_ERROR_IMPOSSIBLE, "last week" },
    { "\"peak_reserved_gb\": 40.5", "\"peak_reserved_gb\": 90.5", GP_MEASUREMENT_ERROR_IMPOSSIBLE,
      "90.5" },
    { "\"peak_reserved_gb\": 40.5", "\"peak_reserved_gb\": 30", GP_MEASUREMENT_ERROR_IMPOSSIBLE,
      "reserved" },
    { "\"gpu_memory_gb\": 85.1", "\"gpu_memory_gb\": -1", GP_MEASUREMENT_ERROR_IMPOSSIBLE,
      "gpu_memory_gb" },
    { "\"batch\": 8", "\"batch\": 0", GP_MEASUREMENT_ERROR_IMPOSSIBLE, "batch" },
    { "\"batch\": 8", "\"batch\": 2.5", GP_MEASUREMENT_ERROR_IMPOSSIBLE, "batch" },
    { "\"method\": \"full\"", "\"method\": \"magic\"", GP_MEASUREMENT_ERROR_MALFORMED, "magic" },
    { "\"precision\": \"bf16\"", "\"precision\": \"fp4\"", GP_MEASUREMENT_ERROR_MALFORMED, "fp4" },
    { "\"model_billions\": 1.1", "\"model_billions\": 0", GP_MEASUREMENT_ERROR_IMPOSSIBLE,
      "model_billions" },
    /* Too large is said as such, with the bound ("must be above 0" was said of it). */
    { "\"model_billions\": 1.1", "\"model_billions\": 1e9", GP_MEASUREMENT_ERROR_IMPOSSIBLE,
      "at most 100,000 billion parameters, not 1e+09" },
    { "\"gpu_memory_gb\": 85.1", "\"gpu_memory_gb\": 1e9", GP_MEASUREMENT_ERROR_IMPOSSIBLE,
      "under 100,000 GB, not 1e+09" },
    { "\"checkpointing\": false", "\"checkpointing\": \"no\"", GP_MEASUREMENT_ERROR_MALFORMED,
      "checkpointing" },
    { "\"device\": \"cuda\"", "\"device\": \"tpu\"", GP_MEASUREMENT_ERROR_MALFORMED, "tpu" },
    { "\"device\": \"cuda\"", "\"device\": \"cpu\"", GP_MEASUREMENT_ERROR_IMPOSSIBLE, "--cpu" },
    { "\"tiny\": false", "\"tiny\": true", GP_MEASUREMENT_ERROR_IMPOSSIBLE, "--cpu" },
    { "\"gpu_planner_measurement\": 1", "\"gpu_planner_measurement\": 2",
      GP_MEASUREMENT_ERROR_NEWER, "version 2" },
    { "\"gpu_planner_measurement\": 1", "\"written_by\": 1", GP_MEASUREMENT_ERROR_MALFORMED,
      "measuring script" },
  };
  g_autofree char *text = fixture_text ("a100.json");

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *changed = with (text, cases[i].from, cases[i].to);
      g_autoptr(GError) error = NULL;
      g_autoptr(GpMeasurement) measurement = read_text (changed, &error);

      g_test_message ("%s → %s: %s", cases[i].from, cases[i].to,
                      error ? error->message : "accepted");
      g_assert_null (measurement);
      g_assert_error (error, GP_MEASUREMENT_ERROR, cases[i].code);
      g_assert_true (g_str_has_prefix (error->message, "m.json: "));
      g_assert_nonnull (strstr (error->message, cases[i].says));
    }

  /* Not JSON, or not an object: the JSON reader's message, naming the file. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(GpMeasurement) truncated = read_text ("{\"gpu_planner_measurement\": 1,", &error);

    g_assert_null (truncated);
    g_assert_nonnull (error);
    g_assert_true (g_str_has_prefix (error->message, "m.json"));
    g_clear_error (&error);
    g_assert_null (read_text ("[1, 2]", &error));
    g_assert_error (error, GP_MEASUREMENT_ERROR, GP_MEASUREMENT_ERROR_MALFORMED);
  }
}

/* The script's test run on the CPU is a file the importer accepts, and never a speed to use. */
static void
test_test_run (void)
{
  static const char cpu[] =
      "{\"gpu_planner_measurement\": 1, \"device\": \"cpu\", \"gpu\": \"CPU\", "
      "\"gpu_memory_gb\": null, \"torch\": \"1.13.1\", \"cuda\": null, \"date\": \"2026-12-01\", "
      "\"attention\": \"plain\", \"job\": {\"preset\": null, \"model_billions\": 1, "
      "\"method\": \"lora\", \"precision\": \"bf16\", \"batch\": 2, \"sequence\": 32, "
      "\"checkpointing\": true, \"vocabulary\": 32000, \"width\": 64, \"layers\": 2, "
      "\"tiny\": true}, \"tokens_per_s\": 812.5, \"peak_allocated_gb\": null, "
      "\"peak_reserved_gb\": null}";
  g_autoptr(GError) error = NULL;
  g_autoptr(GpMeasurement) measurement = read_text (cpu, &error);
  g_autoptr(GpWorkload) workload = gp_workload_new ();
  g_autoptr(GpEstimateList) list = NULL;

  g_assert_no_error (error);
  g_assert_true (gp_measurement_is_test_run (measurement));
  g_assert_null (gp_measurement_get_gpu (measurement));
  g_assert_true (g_str_has_prefix (gp_measurement_get_id (measurement), "cpu-2026-12-01-"));

  gp_workload_add_measurement (workload, measurement);
  gp_workload_set_tokens (workload, 1e9);
  list = gp_estimate_list_new (fixture_catalog (), workload, NULL, &error);
  g_assert_null (list);
  g_assert_error (error, GP_WORKLOAD_ERROR, GP_WORKLOAD_ERROR_INVALID_VALUE);
  g_assert_nonnull (strstr (error->message, "--cpu"));
}

static GpMeasurement *
fixture_measurement (const char *name)
{
  g_autoptr(GFile) file = fixture_file (name);
  g_autoptr(GError) error = NULL;
  GpMeasurement *measurement = gp_measurement_new_from_file (file, fixture_catalog (), &error);

  g_assert_no_error (error);
  return measurement;
}

static GpEstimate *
find_row (GpEstimateList *list,
          const char     *gpu,
          guint           gpu_count)
{
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (list)); i++)
    {
      g_autoptr(GpEstimate) estimate = g_list_model_get_item (G_LIST_MODEL (list), i);
      GpInstance *instance = gp_estimate_get_instance (estimate);

      if (g_str_equal (gp_gpu_get_id (gp_instance_get_gpu (instance)), gpu) &&
          gp_estimate_get_gpu_count (estimate) == gpu_count &&
          gp_estimate_get_pricing (estimate) == GP_ESTIMATE_PRICING_ON_DEMAND)
        return g_steal_pointer (&estimate);
    }
  return NULL;
}

static gboolean
says (GpEstimate *estimate,
      const char *needle)
{
  const char *const *lines = gp_estimate_get_assumptions (estimate);

  for (guint i = 0; lines[i] != NULL; i++)
    if (strstr (lines[i], needle) != NULL)
      return TRUE;
  return FALSE;
}

/* The job's tokens at the measured speed on the measured GPU; other GPUs scaled from it by the
 * data sheet; every row names the measurement; memory from the measured peak on that GPU. */
static void
test_estimate (void)
{
  g_autoptr(GpMeasurement) a100 = fixture_measurement ("a100.json");
  g_autoptr(GpWorkload) workload = gp_workload_new ();
  g_autoptr(GpEstimateList) list = NULL;
  g_autoptr(GpEstimate) measured = NULL;
  g_autoptr(GpEstimate) other = NULL;
  g_autoptr(GError) error = NULL;
  const double tokens = 2.16e9;

  gp_workload_set_gpu_hours (workload, 999);
  gp_workload_add_measurement (workload, a100);
  g_assert_cmpstr (gp_workload_get_reference_gpu (workload), ==, "a100-sxm4-80gb");
  g_assert_cmpfloat (gp_workload_get_model_billions (workload), ==, 1.1);
  g_assert_cmpint (gp_workload_get_precision (workload), ==, GP_PRECISION_BF16);

  /* Without tokens, the measured speed has nothing to turn into hours. */
  list = gp_estimate_list_new (fixture_catalog (), workload, NULL, &error);
  g_assert_null (list);
  g_assert_error (error, GP_WORKLOAD_ERROR, GP_WORKLOAD_ERROR_INVALID_VALUE);
  g_assert_nonnull (strstr (error->message, "tokens"));
  g_clear_error (&error);

  gp_workload_set_tokens (workload, tokens);
  list = gp_estimate_list_new (fixture_catalog (), workload, NULL, &error);
  g_assert_no_error (error);

  measured = find_row (list, "a100-sxm4-80gb", 1);
  g_assert_nonnull (measured);
  g_assert_cmpint (gp_estimate_get_speed_basis (measured), ==, GP_SPEED_BASIS_YOUR_MEASUREMENT);
  g_assert_cmpstr (gp_estimate_get_speed_basis_key (measured), ==, "measured");
  /* 2.16 × 10⁹ tokens at 12,000 a second: 50 hours, whatever --gpu-hours said. */
  g_assert_cmpfloat_with_epsilon (
      gp_estimate_get_wall_hours (measured) - gp_estimate_get_upload_hours (measured), 50, 1e-6);
  g_assert_cmpfloat (gp_estimate_get_memory_needed_gb (measured), ==, 40.5);
  g_assert_cmpint (gp_estimate_get_fit (measured), ==, GP_FIT_YES);
  g_assert_true (says (measured, "measured on NVIDIA A100-SXM4-80GB, 2026-11-20, 12,000 tokens/s"));
  g_assert_true (says (measured, "measured on this GPU"));

  other = find_row (list, "v100-sxm2-16gb", 1);
  g_assert_nonnull (other);
  g_assert_cmpstr (gp_estimate_get_speed_basis_key (other), ==, "data-sheet");
  g_assert_true (says (other, "measured on NVIDIA A100-SXM4-80GB, 2026-11-20, 12,000 tokens/s"));
  g_assert_cmpfloat_with_epsilon (gp_estimate_get_wall_hours (other) -
                                      gp_estimate_get_upload_hours (other),
                                  50 / gp_estimate_get_speed_ratio (other), 1e-6);
  /* Elsewhere the memory model: a 1.1B full fine-tune with every activation kept is more than
   * a 16 GB V100 holds. */
  g_assert_cmpint (gp_estimate_get_fit (other), ==, GP_FIT_NO);
  g_assert_false (says (other, "measured on this GPU"));
}

/* A second measurement gives its own GPU's speed; the reference stays the first. */
static void
test_estimate_two_gpus (void)
{
  g_autoptr(GpMeasurement) a100 = fixture_measurement ("a100.json");
  g_autoptr(GpMeasurement) t4 = fixture_measurement ("t4.json");
  g_autoptr(GpMeasurement) other_job = fixture_measurement ("other-job.json");
  g_autoptr(GpWorkload) workload = gp_workload_new ();
  g_autoptr(GpEstimateList) list = NULL;
  g_autoptr(GpEstimate) on_t4 = NULL;
  g_autoptr(GError) error = NULL;

  gp_workload_add_measurement (workload, a100);
  gp_workload_add_measurement (workload, t4);
  gp_workload_set_tokens (workload, 2.16e9);
  list = gp_estimate_list_new (fixture_catalog (), workload, NULL, &error);
  g_assert_no_error (error);

  on_t4 = find_row (list, "t4", 1);
  g_assert_nonnull (on_t4);
  g_assert_cmpstr (gp_estimate_get_speed_basis_key (on_t4), ==, "measured");
  g_assert_cmpfloat_with_epsilon (gp_estimate_get_speed_ratio (on_t4), 1500.0 / 12000, 1e-12);
  g_assert_cmpfloat_with_epsilon (
      gp_estimate_get_wall_hours (on_t4) - gp_estimate_get_upload_hours (on_t4), 400, 1e-6);
  g_assert_cmpfloat (gp_estimate_get_memory_needed_gb (on_t4), ==, 15.6);
  g_assert_true (says (on_t4, "measured on Tesla T4, 2026-11-21, 1,500 tokens/s"));

  /* Two measurements of different jobs cannot be compared. */
  g_clear_object (&list);
  gp_workload_add_measurement (workload, other_job);
  list = gp_estimate_list_new (fixture_catalog (), workload, NULL, &error);
  g_assert_null (list);
  g_assert_error (error, GP_WORKLOAD_ERROR, GP_WORKLOAD_ERROR_INVALID_VALUE);
  g_assert_nonnull (strstr (error->message, "different jobs"));
}

/* Without a measurement, no row claims one; tokens alone are refused. */
static void
test_estimate_without (void)
{
  g_autoptr(GpWorkload) workload = gp_workload_new ();
  g_autoptr(GpEstimateList) list = NULL;
  g_autoptr(GError) error = NULL;

  gp_workload_set_gpu_hours (workload, 100);
  gp_workload_set_reference_gpu (workload, "a100-sxm4-80gb");
  list = gp_estimate_list_new (fixture_catalog (), workload, NULL, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (list)); i++)
    {
      g_autoptr(GpEstimate) estimate = g_list_model_get_item (G_LIST_MODEL (list), i);

      g_assert_cmpstr (gp_estimate_get_speed_basis_key (estimate), !=, "measured");
      g_assert_nonnull (gp_estimate_get_speed_basis_key (estimate));
    }

  g_clear_object (&list);
  gp_workload_set_tokens (workload, 1e9);
  list = gp_estimate_list_new (fixture_catalog (), workload, NULL, &error);
  g_assert_null (list);
  g_assert_error (error, GP_WORKLOAD_ERROR, GP_WORKLOAD_ERROR_INVALID_VALUE);
}

static void
test_store (void)
{
  g_autofree char *path = g_dir_make_tmp ("gp-measurements-XXXXXX", NULL);
  g_autoptr(GFile) dir = g_file_new_build_filename (path, "kept", NULL);
  g_autoptr(GFile) a100_file = fixture_file ("a100.json");
  g_autoptr(GFile) t4_file = fixture_file ("t4.json");
  g_autoptr(GFile) broken = g_file_get_child (dir, "broken.json");
  g_autoptr(GpMeasurement) a100 = NULL;
  g_autoptr(GpMeasurement) again = NULL;
  g_autoptr(GpMeasurement) t4 = NULL;
  g_autoptr(GpMeasurement) found = NULL;
  g_autoptr(GPtrArray) listed = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) problems = NULL;
  g_autofree char *broken_path = g_file_get_path (broken);
  g_autofree char *a100_id = NULL;

  /* A folder not made yet is an empty store. */
  listed = gp_measurement_store_list (dir, fixture_catalog (), &problems);
  g_assert_cmpuint (listed->len, ==, 0);
  g_assert_cmpuint (g_strv_length (problems), ==, 0);
  g_clear_pointer (&listed, g_ptr_array_unref);
  g_clear_pointer (&problems, g_strfreev);

  a100 = gp_measurement_store_add (dir, a100_file, fixture_catalog (), &error);
  g_assert_no_error (error);
  a100_id = g_strdup (gp_measurement_get_id (a100));
  again = gp_measurement_store_add (dir, a100_file, fixture_catalog (), &error);
  g_assert_no_error (error);
  g_assert_cmpstr (gp_measurement_get_id (again), ==, a100_id);
  t4 = gp_measurement_store_add (dir, t4_file, fixture_catalog (), &error);
  g_assert_no_error (error);

  /* A file that no longer passes is named and left alone. */
  g_assert_true (g_file_set_contents (broken_path, "{\"gpu_planner_measurement\": 1}", -1, NULL));
  listed = gp_measurement_store_list (dir, fixture_catalog (), &problems);
  g_assert_cmpuint (listed->len, ==, 2);
  g_assert_cmpstr (gp_measurement_get_id (listed->pdata[0]), ==, a100_id);
  g_assert_cmpstr (gp_measurement_get_gpu (listed->pdata[1]), ==, "t4");
  g_assert_cmpuint (g_strv_length (problems), ==, 1);
  g_assert_nonnull (strstr (problems[0], "broken.json"));
  g_assert_true (g_file_test (broken_path, G_FILE_TEST_EXISTS));

  found = gp_measurement_open (a100_id, dir, fixture_catalog (), &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (gp_measurement_get_tokens_per_second (found), ==, 12000);
  g_assert_true (g_bytes_equal (gp_measurement_get_bytes (found), gp_measurement_get_bytes (a100)));

  g_assert_true (gp_measurement_store_remove (dir, a100_id, &error));
  g_assert_no_error (error);
  g_assert_false (gp_measurement_store_remove (dir, a100_id, &error));
  g_assert_error (error, GP_MEASUREMENT_ERROR, GP_MEASUREMENT_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_null (gp_measurement_store_find (dir, a100_id, fixture_catalog (), &error));
  g_assert_error (error, GP_MEASUREMENT_ERROR, GP_MEASUREMENT_ERROR_NOT_FOUND);
  g_clear_error (&error);

  /* An id never reaches outside the store. */
  g_assert_false (gp_measurement_store_remove (dir, "../kept/broken", &error));
  g_assert_error (error, GP_MEASUREMENT_ERROR, GP_MEASUREMENT_ERROR_NOT_FOUND);
  g_assert_true (g_file_test (broken_path, G_FILE_TEST_EXISTS));

  g_assert_true (gp_measurement_store_remove (dir, gp_measurement_get_id (t4), NULL));
  g_remove (broken_path);
  g_assert_cmpint (g_rmdir (g_file_peek_path (dir)), ==, 0);
  g_rmdir (path);
}

/* A speed the GPU could not have is refused with the field and the bounds its data sheet gives
 * (1e-300 tokens a second made every estimate cost 0, and "inf h"); the A100's 312 TFLOPS over
 * two operations of each of 1.1 billion parameters is at most 141,818 tokens a second. */
static void
test_speed_bounds (void)
{
  static const char *const refused[] = { "1e-300", "1.3", "141900", "1e12" };
  static const char *const kept[] = { "1.5", "12000", "141000" };
  g_autofree char *text = fixture_text ("a100.json");

  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autofree char *speed = g_strdup_printf ("\"tokens_per_s\": %s", refused[i]);
      g_autofree char *changed = with (text, "\"tokens_per_s\": 12000", speed);
      g_autoptr(GError) error = NULL;
      g_autoptr(GpMeasurement) measurement = read_text (changed, &error);

      g_test_message ("%s", refused[i]);
      g_assert_null (measurement);
      g_assert_error (error, GP_MEASUREMENT_ERROR, GP_MEASUREMENT_ERROR_IMPOSSIBLE);
      g_assert_nonnull (strstr (error->message, "tokens_per_s"));
      g_assert_nonnull (strstr (error->message, "1.418 to 141,818 tokens a second"));
    }
  for (guint i = 0; i < G_N_ELEMENTS (kept); i++)
    {
      g_autofree char *speed = g_strdup_printf ("\"tokens_per_s\": %s", kept[i]);
      g_autofree char *changed = with (text, "\"tokens_per_s\": 12000", speed);
      g_autoptr(GError) error = NULL;
      g_autoptr(GpMeasurement) measurement = read_text (changed, &error);

      g_assert_no_error (error);
      g_assert_nonnull (measurement);
    }
}

/* A file far larger than the script writes is refused, the bound said in its unit (it read
 * "larger than 0 MiB"). */
static void
test_too_large (void)
{
  g_autofree char *dir = g_dir_make_tmp ("gp-measurement-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "big.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *text = g_strnfill (70 * 1024, ' ');
  g_autoptr(GError) error = NULL;
  g_autoptr(GpMeasurement) measurement = NULL;

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  measurement = gp_measurement_new_from_file (file, fixture_catalog (), &error);
  g_assert_null (measurement);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "big.json"));
  /* GLib puts a no-break space between the figure and the unit. */
  g_assert_nonnull (strstr (error->message, "larger than 64.0"));
  g_assert_nonnull (strstr (error->message, "KiB"));
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/measurement/read", test_read);
  g_test_add_func ("/measurement/gpu-names", test_gpu_names);
  g_test_add_func ("/measurement/refused", test_refused);
  g_test_add_func ("/measurement/speed-bounds", test_speed_bounds);
  g_test_add_func ("/measurement/too-large", test_too_large);
  g_test_add_func ("/measurement/test-run", test_test_run);
  g_test_add_func ("/measurement/estimate", test_estimate);
  g_test_add_func ("/measurement/estimate-two-gpus", test_estimate_two_gpus);
  g_test_add_func ("/measurement/estimate-without", test_estimate_without);
  g_test_add_func ("/measurement/store", test_store);

  return g_test_run ();
}
