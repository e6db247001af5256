/* test-speed-model.c — how fast a job runs on one GPU against another: measured ratios, the
 * data sheet, published results, multi-GPU scaling and activation checkpointing
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <json-glib/json-glib.h>

#include "gp-catalog.h"
#include "gp-cost-model.h"
#include "gp-estimate-list.h"
#include "gp-estimator-data.h"
#include "gp-memory-model.h"
#include "gp-project-cost.h"
#include "gp-test-estimate.h"
#include "gp-workload.h"

static void
test_measured_ratio (void)
{
  GpEstimatorData *data = gp_estimator_data_get_default ();
  GpSource *source = NULL;
  double ratio;

  /* NVIDIA's ResNet-50 table: 1,200 img/s on a V100 against 2,470 on an A100 80GB. */
  g_assert_true (gp_estimator_data_measured_ratio (
      data, "resnet50", GP_PRECISION_FP16, "a100-sxm4-80gb", "v100-sxm2-16gb", &ratio, &source));
  assert_close (ratio, 1200.0 / 2470);
  g_assert_cmpstr (gp_source_get_id (source), ==, "dle-resnet50-pytorch");

  /* BF16 jobs read the mixed-precision tables. */
  g_assert_true (gp_estimator_data_measured_ratio (
      data, "resnet50", GP_PRECISION_BF16, "a100-sxm4-80gb", "v100-sxm2-16gb", &ratio, NULL));
  /* Only within one table: Lambda measured the H100, NVIDIA's table did not. */
  g_assert_true (gp_estimator_data_measured_ratio (
      data, "resnet50", GP_PRECISION_FP16, "v100-sxm2-16gb", "h100-sxm5-80gb", &ratio, &source));
  assert_close (ratio, 2616.0 / 833);
  g_assert_cmpstr (gp_source_get_id (source), ==, "lambda-pytorch-benchmark");

  g_assert_false (gp_estimator_data_measured_ratio (
      data, "gpt", GP_PRECISION_FP16, "a100-sxm4-40gb", "h100-sxm5-80gb", &ratio, NULL));
  g_assert_false (gp_estimator_data_measured_ratio (
      data, "resnet50", GP_PRECISION_FP32, "a100-sxm4-80gb", "v100-sxm2-16gb", &ratio, NULL));
}

/* How far the spec model (TFLOPS^½ × bandwidth^½, or bandwidth alone where the catalog has no
 * TFLOPS at that precision) is from every measured ratio it can be compared with. The model
 * is a fallback for workloads nobody measured; these are its known errors, kept in
 * data/estimator/README.md too. A change to the model or the data shows up here. */
typedef struct
{
  const char *family;
  GpPrecision precision;
  const char *from;
  const char *to;
  double measured;
  double error; /* model ÷ measured − 1 */
} SpecCheck;

static const SpecCheck spec_checks[] = {
  { "resnet50", GP_PRECISION_FP16, "a100-sxm4-80gb", "v100-sxm2-16gb", 0.486, -0.152 },
  { "resnet50", GP_PRECISION_TF32, "a100-sxm4-80gb", "v100-sxm2-16gb", 0.391, -0.473 },
  { "resnet50", GP_PRECISION_FP16, "a100-sxm4-40gb", "v100-sxm2-16gb", 0.535, -0.118 },
  { "resnet50", GP_PRECISION_TF32, "a100-sxm4-40gb", "v100-sxm2-16gb", 0.453, -0.480 },
  { "resnet50", GP_PRECISION_FP16, "v100-sxm2-16gb", "a10", 0.766, -0.130 },
  { "resnet50", GP_PRECISION_FP16, "v100-sxm2-16gb", "a100-pcie-40gb", 1.676, 0.031 },
  { "resnet50", GP_PRECISION_FP16, "v100-sxm2-16gb", "a100-pcie-80gb", 1.833, 0.173 },
  { "resnet50", GP_PRECISION_FP16, "v100-sxm2-16gb", "h100-pcie-80gb", 2.240, 0.671 },
  { "resnet50", GP_PRECISION_TF32, "v100-sxm2-16gb", "a10", 0.946, -0.295 },
  { "resnet50", GP_PRECISION_TF32, "v100-sxm2-16gb", "h100-sxm5-80gb", 4.751, 1.332 },
  { "bert-large", GP_PRECISION_FP16, "v100-sxm2-16gb", "a10", 0.737, -0.095 },
  { "bert-large", GP_PRECISION_FP16, "v100-sxm2-16gb", "a100-pcie-40gb", 2.053, -0.158 },
  { "bert-large", GP_PRECISION_FP16, "v100-sxm2-16gb", "a100-sxm4-80gb", 2.667, -0.090 },
  { "bert-large", GP_PRECISION_FP16, "v100-sxm2-16gb", "a100-pcie-80gb", 2.456, -0.125 },
  { "bert-large", GP_PRECISION_FP16, "v100-sxm2-16gb", "h100-sxm5-80gb", 5.281, 0.049 },
  { "bert-large", GP_PRECISION_FP16, "v100-sxm2-16gb", "h100-pcie-80gb", 3.561, 0.051 },
  { "bert-large", GP_PRECISION_TF32, "v100-sxm2-16gb", "a10", 1.583, -0.579 },
  { "bert-large", GP_PRECISION_TF32, "v100-sxm2-16gb", "a100-sxm4-80gb", 6.250, -0.223 },
  { "bert-large", GP_PRECISION_TF32, "v100-sxm2-16gb", "h100-sxm5-80gb", 11.750, -0.057 },
  { "bert-base", GP_PRECISION_FP16, "v100-sxm2-16gb", "a10", 0.714, -0.067 },
  { "bert-base", GP_PRECISION_FP16, "v100-sxm2-16gb", "a100-sxm4-80gb", 2.344, 0.035 },
  { "bert-base", GP_PRECISION_FP16, "v100-sxm2-16gb", "h100-sxm5-80gb", 4.296, 0.290 },
};

static void
test_spec_model_against_measurements (void)
{
  GpEstimatorData *data = gp_estimator_data_get_default ();
  GpCatalog *catalog = bundled ();

  for (guint i = 0; i < G_N_ELEMENTS (spec_checks); i++)
    {
      const SpecCheck *check = &spec_checks[i];
      g_autoptr(GpWorkload) workload = gp_workload_new ();
      GpGpu *from = gp_catalog_find_gpu (catalog, check->from);
      GpGpu *to = gp_catalog_find_gpu (catalog, check->to);
      GpSpeedBasis basis;
      GpSource *source;
      GpPublishedEfficiency published[2];
      double measured, model;

      g_assert_true (gp_estimator_data_measured_ratio (data, check->family, check->precision,
                                                       check->from, check->to, &measured, NULL));
      g_assert_cmpfloat_with_epsilon (measured, check->measured, 0.0005);

      /* No preset: the model must fall back to the data sheet. */
      gp_workload_set_precision (workload, check->precision);
      g_assert_true (gp_cost_speed_ratio (data, catalog, workload, from, to, &model, &basis,
                                          &source, published));
      g_assert_true (basis == GP_SPEED_BASIS_SPECS || basis == GP_SPEED_BASIS_BANDWIDTH);
      if (g_test_verbose ())
        g_test_message ("%s %s → %s: measured %.3f, model %.3f (%+.0f%%)", check->family,
                        check->from, check->to, measured, model, (model / measured - 1) * 100);
      g_assert_cmpfloat_with_epsilon (model / measured - 1, check->error, 0.0015);
    }
}

static void
test_scaling_efficiency (void)
{
  GpEstimatorData *data = gp_estimator_data_get_default ();
  GpSource *source = NULL;

  /* NVIDIA's ResNet-50 AMP on 8 A100s: 6.72× = 84%. */
  assert_close (gp_estimator_data_scaling_efficiency (data, "resnet50", "a100-sxm4-80gb",
                                                      GP_PRECISION_FP16, 8, &source),
                0.84);
  g_assert_cmpstr (gp_source_get_id (source), ==, "dle-resnet50-pytorch");
  /* 2 GPUs: one third of the 8-GPU loss (log₂ 2 / log₂ 8): 1 − 0.16 / 3. */
  assert_close (gp_estimator_data_scaling_efficiency (data, "resnet50", "a100-sxm4-80gb",
                                                      GP_PRECISION_FP16, 2, NULL),
                1 - 0.16 / 3);
  g_assert_cmpfloat (
      gp_estimator_data_scaling_efficiency (data, "resnet50", "t4", GP_PRECISION_FP16, 1, NULL), ==,
      1);
  /* A GPU the family has no figure for: the median at that precision (0.84, 0.866, 0.87,
   * 0.915 → 0.868). */
  assert_close (
      gp_estimator_data_scaling_efficiency (data, "resnet50", "t4", GP_PRECISION_FP16, 8, NULL),
      0.868);
  /* No family: the median of all 22 measured 1→8 figures. */
  assert_close (gp_estimator_data_scaling_efficiency (data, NULL, "t4", GP_PRECISION_FP16, 8, NULL),
                0.962);
  /* 256 GPUs of BERT-large: 98.9% in the node × 94.9% from 8 to 256. */
  assert_close (gp_estimator_data_scaling_efficiency (data, "bert-large", "a100-sxm4-80gb",
                                                      GP_PRECISION_FP16, 256, NULL),
                0.989 * 0.949);
}

static void
test_speed_override (void)
{
  g_autoptr(GpWorkload) workload = gp_workload_new ();
  g_autoptr(GpEstimateList) list = NULL;
  g_autoptr(GError) error = NULL;
  const char *providers[] = { "lambda", NULL };
  GpEstimate *estimate;

  gp_workload_set_gpu_hours (workload, 100);
  gp_workload_set_reference_gpu (workload, "v100-sxm2-16gb");
  gp_workload_set_providers (workload, providers);
  gp_workload_set_speed_ratio (workload, "a10", 0.5);
  list = gp_estimate_list_new (bundled (), workload, NULL, &error);
  g_assert_no_error (error);

  estimate = find_estimate (list, "lambda/gpu_1x_a10", "us-east-1", GP_ESTIMATE_PRICING_ON_DEMAND);
  g_assert_cmpint (gp_estimate_get_speed_basis (estimate), ==, GP_SPEED_BASIS_OVERRIDE);
  assert_close (gp_estimate_get_wall_hours (estimate), 200);
  g_assert_true (strv_has_prefix (gp_estimate_get_assumptions (estimate),
                                  "Speed: 0.50× the Tesla V100 SXM2, as you set it"));
}

/* The SQuAD preset reads the BERT-large pre-training table, and says that it borrows it. */
static void
test_borrowed_speeds_said (void)
{
  g_autoptr(GpWorkload) workload = gp_workload_new ();
  g_autoptr(GpEstimateList) list = NULL;
  g_autoptr(GError) error = NULL;
  const char *providers[] = { "lambda", NULL };
  GpEstimate *estimate;

  gp_workload_set_preset (workload, "bert-large-squad");
  gp_workload_set_gpus (workload, 8);
  gp_workload_set_providers (workload, providers);
  list = gp_estimate_list_new (bundled (), workload, NULL, &error);
  g_assert_no_error (error);

  estimate =
      find_estimate (list, "lambda/gpu_8x_h100_sxm5", "us-east-1", GP_ESTIMATE_PRICING_ON_DEMAND);
  g_assert_nonnull (estimate);
  g_assert_cmpint (gp_estimate_get_speed_basis (estimate), ==, GP_SPEED_BASIS_MEASURED);
  g_assert_true (strv_has_substring (gp_estimate_get_assumptions (estimate),
                                     "borrowed from the measured speeds of BERT-large "
                                     "pre-training"));
  g_assert_false (
      strv_has_substring (gp_estimate_get_assumptions (estimate), "measured for this workload"));
}

/* Sixteen A100s in one a2-megagpu-16g share its NVSwitch: the in-node loss, log₂ 16 ÷ log₂ 8
 * of the 8-GPU one, and no node-to-node factor (it was 0.962 × 0.7). */
static void
test_in_node_scaling (void)
{
  g_autoptr(GpWorkload) workload = gp_workload_new ();
  g_autoptr(GpEstimateList) list = NULL;
  g_autoptr(GError) error = NULL;
  const char *providers[] = { "gcp", NULL };
  double efficiency = 1 - (1 - 0.962) * 4 / 3;
  GpEstimate *estimate = NULL;

  gp_workload_set_gpu_hours (workload, 160);
  gp_workload_set_reference_gpu (workload, "a100-sxm4-40gb");
  gp_workload_set_gpus (workload, 16);
  gp_workload_set_providers (workload, providers);
  list = gp_estimate_list_new (bundled (), workload, NULL, &error);
  g_assert_no_error (error);

  for (guint i = 0; estimate == NULL && i < g_list_model_get_n_items (G_LIST_MODEL (list)); i++)
    {
      g_autoptr(GpEstimate) item = g_list_model_get_item (G_LIST_MODEL (list), i);

      if (g_strcmp0 (gp_instance_get_id (gp_estimate_get_instance (item)), "gcp/a2-megagpu-16g") ==
              0 &&
          gp_estimate_get_pricing (item) == GP_ESTIMATE_PRICING_ON_DEMAND)
        estimate = item; /* the list keeps it */
    }
  g_assert_nonnull (estimate);
  assert_close (gp_estimator_data_scaling_efficiency_in_node (gp_estimator_data_get_default (),
                                                              NULL, "a100-sxm4-40gb",
                                                              GP_PRECISION_FP16, 16, NULL),
                efficiency);
  g_assert_true (strv_has_substring (gp_estimate_get_assumptions (estimate),
                                     "16 GPUs at 95% scaling efficiency"));
  assert_close (gp_estimate_get_wall_hours (estimate), 160 / (16 * efficiency));
}

/* Activation checkpointing runs every layer's forward pass again: the same 300 A100-hours
 * take a third longer with it, on the reference GPU and on any other, and the estimate says
 * why (issue 48: turning it on left 586.4 h at 586.4 h). */
static void
test_checkpointing_recompute (void)
{
  g_autoptr(GpCatalog) catalog = fixture_catalog ("speed-catalog.json");
  const char *instances[] = { "speedcloud/a100", "speedcloud/4090" };
  double share = gp_estimator_data_get_coefficient (gp_estimator_data_get_default (),
                                                    "recompute_extra_compute_share");

  assert_close (share, 0.3333);
  for (guint i = 0; i < G_N_ELEMENTS (instances); i++)
    {
      g_autoptr(GpWorkload) workload = gp_workload_new ();
      g_autoptr(GpEstimateList) off = NULL, on = NULL;
      g_autoptr(GError) error = NULL;
      GpEstimate *without, *with;

      gp_workload_set_gpu_hours (workload, 300);
      gp_workload_set_reference_gpu (workload, "a100-sxm4-80gb");
      gp_workload_set_precision (workload, GP_PRECISION_BF16);
      off = gp_estimate_list_new (catalog, workload, NULL, &error);
      g_assert_no_error (error);
      gp_workload_set_activation_checkpointing (workload, TRUE);
      on = gp_estimate_list_new (catalog, workload, NULL, &error);
      g_assert_no_error (error);

      without = find_estimate (off, instances[i], "s1", GP_ESTIMATE_PRICING_ON_DEMAND);
      with = find_estimate (on, instances[i], "s1", GP_ESTIMATE_PRICING_ON_DEMAND);
      assert_close (gp_estimate_get_wall_hours (with),
                    gp_estimate_get_wall_hours (without) * (1 + share));
      assert_close (gp_estimate_get_compute_cost (with),
                    gp_estimate_get_compute_cost (without) * (1 + share));
      /* The job's own hours stay as given: a plan's phase made from them is costed with
       * the same checkpointing, which adds the recomputation once. */
      assert_close (gp_estimate_list_get_gpu_hours (on), 300);
      g_assert_true (strv_has_prefix (gp_estimate_get_assumptions (with),
                                      "Activation checkpointing: every layer’s forward pass "
                                      "runs again in the backward pass, 33% more compute"));
      g_assert_true (strv_has_substring (gp_estimate_get_assumptions (with), "Megatron-LM"));
      g_assert_false (
          strv_has_prefix (gp_estimate_get_assumptions (without), "Activation checkpointing"));
    }
}

/* A plan's phase made from a checkpointed estimate is costed with the same checkpointing:
 * the recomputation is added once, and the phase takes the estimate's 400 hours, not 533. */
static void
test_checkpointing_in_plan (void)
{
  g_autoptr(GpCatalog) catalog = fixture_catalog ("speed-catalog.json");
  g_autoptr(GpWorkload) workload = gp_workload_new ();
  g_autoptr(GpEstimateList) list = NULL;
  g_autoptr(GpProject) project = gp_project_new ("Checkpointed");
  g_autoptr(GpProjectCost) cost = NULL; /* freed first: it reads the plan */
  g_autoptr(GError) error = NULL;
  GpEstimate *estimate;

  gp_workload_set_gpu_hours (workload, 300);
  gp_workload_set_reference_gpu (workload, "a100-sxm4-80gb");
  gp_workload_set_precision (workload, GP_PRECISION_BF16);
  gp_workload_set_activation_checkpointing (workload, TRUE);
  list = gp_estimate_list_new (catalog, workload, NULL, &error);
  g_assert_no_error (error);
  estimate = find_estimate (list, "speedcloud/a100", "s1", GP_ESTIMATE_PRICING_ON_DEMAND);

  project->reference_gpu = g_strdup (gp_estimate_list_get_reference_gpu (list));
  g_ptr_array_add (project->phases,
                   gp_phase_new ("Run", gp_estimate_list_get_gpu_hours (list), "speedcloud/a100",
                                 "s1", GP_ESTIMATE_PRICING_ON_DEMAND));
  cost = gp_project_cost_new (catalog, project, workload, &error);
  g_assert_no_error (error);
  assert_close (((GpPhaseCost *) g_ptr_array_index (cost->phases, 0))->hours,
                gp_estimate_get_wall_hours (estimate));
}

/* A GeForce card trains at its FP32-accumulate tensor rate: at BF16 an RTX 4090 is
 * √(165.2 × 1,008 ÷ (312 × 2,039)) = 0.51 of an A100 80GB by the data sheet, not the
 * 0.72 its FP16-accumulate 330.3 would give; the RTX 3090 and 5090 likewise. */
static void
test_geforce_training_rate (void)
{
  g_autoptr(GpCatalog) catalog = fixture_catalog ("speed-catalog.json");
  g_autoptr(GpWorkload) workload = gp_workload_new ();
  g_autoptr(GpEstimateList) list = NULL;
  g_autoptr(GError) error = NULL;
  const struct
  {
    const char *instance;
    double tflops, bandwidth;
  } cards[] = {
    { "speedcloud/3090", 71, 936 },
    { "speedcloud/4090", 165.2, 1008 },
    { "speedcloud/5090", 209.5, 1792 },
  };

  gp_workload_set_gpu_hours (workload, 100);
  gp_workload_set_reference_gpu (workload, "a100-sxm4-80gb");
  gp_workload_set_precision (workload, GP_PRECISION_BF16);
  list = gp_estimate_list_new (catalog, workload, NULL, &error);
  g_assert_no_error (error);

  for (guint i = 0; i < G_N_ELEMENTS (cards); i++)
    {
      GpEstimate *estimate =
          find_estimate (list, cards[i].instance, "s1", GP_ESTIMATE_PRICING_ON_DEMAND);
      double ratio = sqrt (cards[i].tflops * cards[i].bandwidth / (312.0 * 2039));

      g_assert_nonnull (estimate);
      g_assert_cmpint (gp_estimate_get_speed_basis (estimate), ==, GP_SPEED_BASIS_SPECS);
      assert_close (gp_estimate_get_speed_ratio (estimate), ratio);
      assert_close (gp_estimate_get_wall_hours (estimate), 100 / ratio);
    }
}

/* The MLPerf preset's published results are its speed on those GPUs: on 8× MI300X it takes
 * AMD's 27.875 minutes of MLPerf Training v5.1, where the data sheet gave 19.5 (issue 48), and
 * the estimate names the round and the submitter. */
static void
test_published_results (void)
{
  g_autoptr(GpCatalog) catalog = fixture_catalog ("speed-catalog.json");
  g_autoptr(GpWorkload) workload = gp_workload_new ();
  g_autoptr(GpEstimateList) list = NULL;
  g_autoptr(GError) error = NULL;
  GpEstimate *estimate;

  gp_workload_set_preset (workload, "llama2-70b-lora-mlperf");
  gp_workload_set_gpus (workload, 8);
  list = gp_estimate_list_new (catalog, workload, NULL, &error);
  g_assert_no_error (error);

  estimate = find_estimate (list, "speedcloud/8mi300x", "s1", GP_ESTIMATE_PRICING_ON_DEMAND);
  g_assert_nonnull (estimate);
  g_assert_cmpint (gp_estimate_get_speed_basis (estimate), ==, GP_SPEED_BASIS_MEASURED);
  g_test_message ("8× MI300X: %.2f minutes", gp_estimate_get_wall_hours (estimate) * 60);
  g_assert_cmpfloat (fabs (gp_estimate_get_wall_hours (estimate) * 60 / 27.875 - 1), <, 0.10);
  g_assert_true (strv_has_prefix (gp_estimate_get_assumptions (estimate),
                                  "Speed: 1.01× the H100 SXM5, from this workload’s published "
                                  "result on 8× Instinct MI300X: 27.9 minutes (MLPerf Training "
                                  "v5.1 results (closed division), submitted by AMD)"));

  /* Its own GPU keeps the preset's own time, 3.742 GPU-hours on 8 GPUs. */
  estimate = find_estimate (list, "speedcloud/8h100", "s1", GP_ESTIMATE_PRICING_ON_DEMAND);
  assert_close (gp_estimate_get_wall_hours (estimate), 3.742 / 8);
}

/* AMD's own result puts the MI300X at 1.007 of an H100 on the MLPerf workload, where its data
 * sheet says 1.44: any other job runs at that 70 % of its data sheet too, either way round,
 * and says why; a GPU without such a result keeps its data sheet. */
static void
test_published_efficiency (void)
{
  g_autoptr(GpCatalog) catalog = fixture_catalog ("speed-catalog.json");
  double measured = 28.068 / 27.875;
  const struct
  {
    const char *reference, *instance;
    double ratio;
  } cases[] = {
    { "h100-sxm5-80gb", "speedcloud/8mi300x", measured },
    { "mi300x", "speedcloud/8h100", 1 / measured },
    { "h100-sxm5-80gb", "speedcloud/4090", sqrt (165.2 * 1008 / (989.0 * 3350)) },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GpWorkload) workload = gp_workload_new ();
      g_autoptr(GpEstimateList) list = NULL;
      g_autoptr(GError) error = NULL;
      GpEstimate *estimate;

      gp_workload_set_gpu_hours (workload, 100);
      gp_workload_set_reference_gpu (workload, cases[i].reference);
      gp_workload_set_gpus (workload, 0);
      list = gp_estimate_list_new (catalog, workload, NULL, &error);
      g_assert_no_error (error);
      estimate = find_estimate (list, cases[i].instance, "s1", GP_ESTIMATE_PRICING_ON_DEMAND);
      g_assert_nonnull (estimate);
      g_assert_cmpint (gp_estimate_get_speed_basis (estimate), ==, GP_SPEED_BASIS_SPECS);
      g_assert_cmpfloat_with_epsilon (gp_estimate_get_speed_ratio (estimate), cases[i].ratio, 1e-3);
      g_assert_true (strv_has_prefix (gp_estimate_get_assumptions (estimate),
                                      "The Instinct MI300X is taken at 70% of its data-sheet "
                                      "speed: AMD’s own published result for Llama-2-70B LoRA "
                                      "fine-tune (MLPerf) reached that much (MLPerf Training "
                                      "v5.1 results (closed division))") == (i < 2));
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/estimator/speed/measured-ratio", test_measured_ratio);
  g_test_add_func ("/estimator/speed/spec-model-against-measurements",
                   test_spec_model_against_measurements);
  g_test_add_func ("/estimator/speed/scaling-efficiency", test_scaling_efficiency);
  g_test_add_func ("/estimator/speed/override", test_speed_override);
  g_test_add_func ("/estimator/speed/borrowed-said", test_borrowed_speeds_said);
  g_test_add_func ("/estimator/speed/in-node-scaling", test_in_node_scaling);
  g_test_add_func ("/estimator/speed/checkpointing-recompute", test_checkpointing_recompute);
  g_test_add_func ("/estimator/speed/checkpointing-in-plan", test_checkpointing_in_plan);
  g_test_add_func ("/estimator/speed/geforce-training-rate", test_geforce_training_rate);
  g_test_add_func ("/estimator/speed/published-results", test_published_results);
  g_test_add_func ("/estimator/speed/published-efficiency", test_published_efficiency);

  return g_test_run ();
}
