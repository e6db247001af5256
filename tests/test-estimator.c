/* test-estimator.c — the cost model's rules, each against a worked example, and one offer's
 * estimate
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "gp-catalog.h"
#include "gp-cost-model.h"
#include "gp-estimate-group.h"
#include "gp-estimate-list.h"
#include "gp-format.h"
#include "gp-estimator-data.h"
#include "gp-memory-model.h"
#include "gp-test-estimate.h"
#include "gp-workload.h"

static void
test_billing_rounding (void)
{
  /* 61 minutes at per-hour billing: two started hours. */
  assert_close (gp_cost_billed_hours (61.0 / 60, 3600, NAN), 2);
  /* At per-second billing, exactly 61 minutes. */
  assert_close (gp_cost_billed_hours (61.0 / 60, 1, NAN), 61.0 / 60);
  /* Per minute (Lambda): 61.5 minutes bill 62. */
  assert_close (gp_cost_billed_hours (61.5 / 60, 60, NAN), 62.0 / 60);
  /* Exactly one hour is one hour, not two: the float error of hours → seconds is tolerated. */
  assert_close (gp_cost_billed_hours (1, 3600, NAN), 1);
  /* A 60-second minimum (Azure): a 10-second job bills a minute. */
  assert_close (gp_cost_billed_hours (10.0 / 3600, 1, 60), 60.0 / 3600);
  /* No published increment: exact. */
  assert_close (gp_cost_billed_hours (1.234, NAN, NAN), 1.234);
  assert_close (gp_cost_billed_hours (0, 3600, 60), 0);
}

/* A Capacity Block: the shortest block of whole days that holds the job, none beyond 182 days. */
static void
test_capacity_block_days (void)
{
  g_assert_cmpuint (gp_cost_capacity_block_days (1), ==, 1);
  g_assert_cmpuint (gp_cost_capacity_block_days (24), ==, 1);
  g_assert_cmpuint (gp_cost_capacity_block_days (30), ==, 2);
  g_assert_cmpuint (gp_cost_capacity_block_days (182 * 24), ==, 182);
  g_assert_cmpuint (gp_cost_capacity_block_days (182 * 24 + 1), ==, 0);
  g_assert_cmpuint (gp_cost_capacity_block_days (0), ==, 0);
}

/* The estimator offers a Capacity Block where one is sold: billed for its whole days at the
 * block's price, with the block's length and source said; not where none is sold, and not for a
 * job longer than the longest block. */
static void
test_capacity_block_estimate (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new ();
  g_autofree char *path =
      g_test_build_filename (G_TEST_DIST, "fixtures", "capacity-block-catalog.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  const double hours[] = { 8 * 30, 8 * 24 * 200 };

  gp_catalog_add_layer_from_file (catalog, file, GP_CATALOG_LAYER_EXTRA, &error);
  g_assert_no_error (error);

  for (guint h = 0; h < G_N_ELEMENTS (hours); h++)
    {
      g_autoptr(GpWorkload) workload = gp_workload_new ();
      g_autoptr(GpEstimateList) list = NULL;
      guint blocks = 0;

      gp_workload_set_reference_gpu (workload, "block-gpu");
      gp_workload_set_gpu_hours (workload, hours[h]);
      gp_workload_set_gpus (workload, 8);
      gp_workload_set_scaling_efficiency (workload, 1);
      list = gp_estimate_list_new (catalog, workload, NULL, &error);
      g_assert_no_error (error);

      for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (list)); i++)
        {
          g_autoptr(GpEstimate) estimate = g_list_model_get_item (G_LIST_MODEL (list), i);
          const char *const *assumptions;

          if (gp_estimate_get_pricing (estimate) != GP_ESTIMATE_PRICING_CAPACITY_BLOCK)
            continue;
          blocks++;
          g_assert_cmpstr (gp_offer_get_region_id (gp_estimate_get_offer (estimate)), ==, "b1");
          /* 240 GPU-hours on 8 GPUs: 30 hours, a block of 2 days at 40 an hour. */
          assert_close (gp_estimate_get_wall_hours (estimate), 30);
          assert_close (gp_estimate_get_billed_hours (estimate), 48);
          assert_close (gp_estimate_get_compute_cost (estimate), 48 * 40);
          assumptions = gp_estimate_get_assumptions (estimate);
          g_assert_true (strv_has_substring (assumptions, "A Capacity Block of 2 days (48 hours)"));
          g_assert_true (strv_has_substring (assumptions, "Block cloud Capacity Blocks, as of "
                                                          "2026-11-15"));
        }
      g_assert_cmpuint (blocks, ==, h == 0 ? 1 : 0);
    }
}

/* An estimate is as old as the price it rests on (the shape of p5.48xlarge in us-east-1): on
 * demand 2026-08-22, spot 2026-05-20, a Capacity Block 2026-07-22, each with its source. */
static void
test_estimate_price_dates (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autofree char *path =
      g_test_build_filename (G_TEST_DIST, "fixtures", "price-dates-catalog.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(GpWorkload) workload = gp_workload_new ();
  g_autoptr(GpEstimateList) list = NULL;
  guint seen = 0;

  gp_catalog_add_layer_from_file (catalog, file, GP_CATALOG_LAYER_EXTRA, &error);
  g_assert_no_error (error);
  gp_workload_set_reference_gpu (workload, "h100-sxm5-80gb");
  gp_workload_set_gpu_hours (workload, 240);
  gp_workload_set_gpus (workload, 8);
  gp_workload_set_interruptible (workload, TRUE);
  list = gp_estimate_list_new (catalog, workload, NULL, &error);
  g_assert_no_error (error);

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (list)); i++)
    {
      g_autoptr(GpEstimate) estimate = g_list_model_get_item (G_LIST_MODEL (list), i);
      GpOffer *offer = gp_estimate_get_offer (estimate);
      GpEstimatePricing pricing = gp_estimate_get_pricing (estimate);
      const char *expected = pricing == GP_ESTIMATE_PRICING_ON_DEMAND        ? "2026-08-22"
                             : pricing == GP_ESTIMATE_PRICING_SPOT           ? "2026-05-20"
                             : pricing == GP_ESTIMATE_PRICING_CAPACITY_BLOCK ? "2026-07-22"
                                                                             : "2026-01-21";

      if (g_strcmp0 (gp_instance_get_id (gp_offer_get_instance (offer)), "lab/p5") != 0 ||
          g_strcmp0 (gp_offer_get_region_id (offer), "us-east-1") != 0)
        continue;
      g_assert_cmpstr (gp_estimate_get_as_of (estimate), ==, expected);
      g_assert_cmpstr (gp_source_get_as_of (gp_estimate_get_price_source (estimate)), ==, expected);
      seen |= 1u << pricing;
    }
  g_assert_cmpuint (seen, ==,
                    1u << GP_ESTIMATE_PRICING_ON_DEMAND | 1u << GP_ESTIMATE_PRICING_SPOT |
                        1u << GP_ESTIMATE_PRICING_RESERVED_1Y |
                        1u << GP_ESTIMATE_PRICING_CAPACITY_BLOCK);
}

static void
test_spot_expectation (void)
{
  double lambda = gp_cost_interruptions_per_hour (0.25);

  /* 25% of instances interrupted a month: 1 − e^(−730λ) = 0.25, λ = −ln 0.75 / 730. */
  assert_close (lambda, 0.000394084);
  assert_close (1 - exp (-lambda * 730), 0.25);
  g_assert_cmpfloat (gp_cost_interruptions_per_hour (0), ==, 0);
  g_assert_cmpfloat (gp_cost_interruptions_per_hour (NAN), ==, 0);

  /* 100 h at λ = 0.001/h: 0.1 interruptions, each losing half of a 60-minute interval
   * (0.5 h) and a 10-minute restart (1/6 h): 0.1 × 2/3 = 0.0667 h. */
  assert_close (gp_cost_spot_extra_hours (100, 0.001, 60, 10), 0.1 * (0.5 + 1.0 / 6));
  /* No checkpoints: an interruption loses half the run so far, on average half of 10 h:
   * 10 h × 0.01/h × 5 h = 0.5 h. */
  assert_close (gp_cost_spot_extra_hours (10, 0.01, 0, 0), 0.5);
  g_assert_cmpfloat (gp_cost_spot_extra_hours (10, 0, 60, 10), ==, 0);
}

static void
test_packs (void)
{
  /* Compute units are sold in packs: 396.8 units are 4 packs of 100, one of 500; exactly 200
   * units are 2 packs, not 3; a job that burns none buys none. */
  g_assert_cmpuint (gp_cost_packs (396.8, 100), ==, 4);
  g_assert_cmpuint (gp_cost_packs (396.8, 500), ==, 1);
  g_assert_cmpuint (gp_cost_packs (200, 100), ==, 2);
  g_assert_cmpuint (gp_cost_packs (0.5, 100), ==, 1);
  g_assert_cmpuint (gp_cost_packs (0, 100), ==, 0);
  g_assert_cmpuint (gp_cost_packs (10, NAN), ==, 0);
}

static void
test_session_splitting (void)
{
  /* A 30-hour job under a 12-hour limit is 3 sessions; 24 hours is exactly 2. */
  g_assert_cmpuint (gp_cost_sessions (30, 12), ==, 3);
  g_assert_cmpuint (gp_cost_sessions (24, 12), ==, 2);
  g_assert_cmpuint (gp_cost_sessions (11.9, 12), ==, 1);
  g_assert_cmpuint (gp_cost_sessions (30, NAN), ==, 1);
  g_assert_cmpuint (gp_cost_sessions (0, 12), ==, 1);
}

static void
test_data_costs (void)
{
  /* 150 GB out with 100 GB free at 0.09 a GB: 50 × 0.09 = 4.50. */
  assert_close (gp_cost_egress (150, 100, 0.09), 4.5);
  g_assert_cmpfloat (gp_cost_egress (50, 100, 0.09), ==, 0);
  /* No free allowance (GCP in the catalog): all of it. */
  assert_close (gp_cost_egress (10, NAN, 0.12), 1.2);
  g_assert_cmpfloat (gp_cost_egress (10, 0, NAN), ==, 0);

  /* 100 GB at 100 Mbit/s: 800,000 Mbit ÷ 100 = 8,000 s = 2.22 h. */
  assert_close (gp_cost_upload_hours (100, 100), 8000.0 / 3600);
  g_assert_cmpfloat (gp_cost_upload_hours (0, 100), ==, 0);

  /* 500 GB for 73 h (a tenth of a 730-hour month) at 0.023 a GB-month: 500 × 0.023 / 10. */
  assert_close (gp_cost_storage (500, 73, 0.023), 1.15);
  g_assert_cmpfloat (gp_cost_storage (500, 73, NAN), ==, 0);
}

static void
test_precision_fallback (void)
{
  GpCatalog *catalog = bundled ();
  GpGpu *v100 = gp_catalog_find_gpu (catalog, "v100-sxm2-16gb");
  GpGpu *t4 = gp_catalog_find_gpu (catalog, "t4");
  GpGpu *a100 = gp_catalog_find_gpu (catalog, "a100-sxm4-80gb");
  GpGpu *h100 = gp_catalog_find_gpu (catalog, "h100-sxm5-80gb");

  /* Volta and Turing have neither BF16 nor TF32; Ampere has no FP8. */
  g_assert_cmpint (gp_cost_effective_precision (v100, GP_PRECISION_BF16), ==, GP_PRECISION_FP16);
  g_assert_cmpint (gp_cost_effective_precision (v100, GP_PRECISION_TF32), ==, GP_PRECISION_FP32);
  g_assert_cmpint (gp_cost_effective_precision (v100, GP_PRECISION_FP8), ==, GP_PRECISION_FP16);
  g_assert_cmpint (gp_cost_effective_precision (t4, GP_PRECISION_BF16), ==, GP_PRECISION_FP16);
  g_assert_cmpint (gp_cost_effective_precision (a100, GP_PRECISION_FP8), ==, GP_PRECISION_BF16);
  g_assert_cmpint (gp_cost_effective_precision (a100, GP_PRECISION_TF32), ==, GP_PRECISION_TF32);
  g_assert_cmpint (gp_cost_effective_precision (h100, GP_PRECISION_FP8), ==, GP_PRECISION_FP8);
}

static void
test_precision_fallback_is_said (void)
{
  g_autoptr(GpWorkload) workload = gp_workload_new ();
  g_autoptr(GpEstimateList) list = NULL;
  g_autoptr(GError) error = NULL;
  const char *providers[] = { "lambda", NULL };
  GpEstimate *v100;

  gp_workload_set_gpu_hours (workload, 100);
  gp_workload_set_reference_gpu (workload, "a100-sxm4-80gb");
  gp_workload_set_precision (workload, GP_PRECISION_BF16);
  gp_workload_set_gpus (workload, 8);
  gp_workload_set_providers (workload, providers);
  list = gp_estimate_list_new (bundled (), workload, NULL, &error);
  g_assert_no_error (error);

  v100 = find_estimate (list, "lambda/gpu_8x_v100", "us-east-1", GP_ESTIMATE_PRICING_ON_DEMAND);
  g_assert_nonnull (v100);
  g_assert_cmpint (gp_estimate_get_precision (v100), ==, GP_PRECISION_FP16);
  g_assert_true (strv_has_substring (gp_estimate_get_assumptions (v100), "has no BF16: "
                                     "estimated at FP16"));
}

/* 300 GPU-hours on a V100 on Lambda's 1× A100 (PCIe 40GB, 1.99 USD/h). The catalog has no
 * TFLOPS for that card, so the ratio is memory bandwidth: 1,555 ÷ 900 = 1.7278; 300 ÷ 1.7278
 * = 173.63 h, billed per minute: 10,418 minutes = 173.633 h, × 1.99 = 345.53 USD. */
static void
test_worked_on_demand (void)
{
  g_autoptr(GpWorkload) workload = gp_workload_new ();
  g_autoptr(GpEstimateList) list = NULL;
  g_autoptr(GError) error = NULL;
  const char *providers[] = { "lambda", NULL };
  GpEstimate *estimate;
  double run = 300 / (1555.0 / 900);

  gp_workload_set_gpu_hours (workload, 300);
  gp_workload_set_reference_gpu (workload, "v100-sxm2-16gb");
  gp_workload_set_providers (workload, providers);
  list = gp_estimate_list_new (bundled (), workload, NULL, &error);
  g_assert_no_error (error);

  estimate = find_estimate (list, "lambda/gpu_1x_a100", "us-east-1",
                            GP_ESTIMATE_PRICING_ON_DEMAND);
  g_assert_nonnull (estimate);
  g_assert_cmpint (gp_estimate_get_speed_basis (estimate), ==, GP_SPEED_BASIS_BANDWIDTH);
  assert_close (gp_estimate_get_wall_hours (estimate), run);
  assert_close (gp_estimate_get_billed_hours (estimate), ceil (run * 60) / 60);
  assert_close (gp_estimate_get_compute_cost (estimate), ceil (run * 60) / 60 * 1.99);
  assert_close (gp_estimate_get_total_cost (estimate), gp_estimate_get_compute_cost (estimate));
  g_assert_cmpstr (gp_estimate_get_currency (estimate), ==, "USD");
  g_assert_cmpuint (gp_estimate_get_sessions (estimate), ==, 1);
  g_assert_true (strv_has_prefix (gp_estimate_get_assumptions (estimate), "Billed per minute"));
  g_assert_true (strv_has_prefix (gp_estimate_get_assumptions (estimate),
                                  "Speed: 1.73× the Tesla V100 SXM2, from memory bandwidth"));

  /* Sorted by total cost, and only Lambda was asked for. */
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (list)); i++)
    {
      g_autoptr(GpEstimate) item = g_list_model_get_item (G_LIST_MODEL (list), i);

      g_assert_cmpstr (gp_provider_get_id (gp_estimate_get_provider (item)), ==, "lambda");
      if (i > 0)
        g_assert_cmpfloat (gp_estimate_list_get_total (list, i - 1), <=,
                           gp_estimate_get_total_cost (item));
    }
}

/* 300 GPU-hours on the V100 of an AWS p3.2xlarge in us-east-1, spot. AWS publishes the ">20%"
 * bucket: 25% a month, λ = 0.000394/h. Rework = 300 h × λ × (0.5 h + 10/60 h) = 0.0788 h.
 * Spot at the zones' upper end, 0.4281/h, per second: compute 300 × 0.4281 = 128.43, rework
 * 0.0788 × 0.4281 = 0.0337. On demand the same job is 300 × 3.06 = 918 USD. */
static void
test_worked_spot (void)
{
  g_autoptr(GpWorkload) workload = gp_workload_new ();
  g_autoptr(GpEstimateList) list = NULL;
  g_autoptr(GError) error = NULL;
  const char *providers[] = { "aws-ec2", NULL };
  double lambda = -log (0.75) / 730;
  double extra = 300 * lambda * (0.5 + 10.0 / 60);
  GpEstimate *spot;

  gp_workload_set_gpu_hours (workload, 300);
  gp_workload_set_reference_gpu (workload, "v100-sxm2-16gb");
  gp_workload_set_providers (workload, providers);
  gp_workload_set_region (workload, "us-east-1");

  list = gp_estimate_list_new (bundled (), workload, NULL, &error);
  g_assert_no_error (error);
  g_assert_null (find_estimate (list, "aws-ec2/p3.2xlarge", "us-east-1",
                                GP_ESTIMATE_PRICING_SPOT));
  g_clear_object (&list);

  gp_workload_set_interruptible (workload, TRUE);
  list = gp_estimate_list_new (bundled (), workload, NULL, &error);
  g_assert_no_error (error);
  spot = find_estimate (list, "aws-ec2/p3.2xlarge", "us-east-1", GP_ESTIMATE_PRICING_SPOT);
  g_assert_nonnull (spot);
  g_assert_cmpint (gp_estimate_get_speed_basis (spot), ==, GP_SPEED_BASIS_SAME_GPU);
  assert_close (gp_estimate_get_wall_hours (spot), 300 + extra);
  assert_close (gp_estimate_get_compute_cost (spot), 300 * 0.4281);
  assert_close (gp_estimate_get_interruption_cost (spot), extra * 0.4281);
  assert_close (gp_estimate_get_total_cost (spot), (300 + extra) * 0.4281);
  assert_close (gp_estimate_get_fallback_cost (spot), 300 * 3.06);
  g_assert_true (strv_has_substring (gp_estimate_get_assumptions (spot),
                                     "published bucket >20%"));
  g_assert_true (strv_has_substring (gp_estimate_get_assumptions (spot),
                                     "the job costs 918.00 USD on demand"));

  /* The user's own rate wins over the published one: 50% a month. */
  gp_workload_set_interruptions_per_month (workload, 0.5);
  g_clear_object (&list);
  list = gp_estimate_list_new (bundled (), workload, NULL, &error);
  spot = find_estimate (list, "aws-ec2/p3.2xlarge", "us-east-1", GP_ESTIMATE_PRICING_SPOT);
  assert_close (gp_estimate_get_interruption_cost (spot),
                300 * (-log (0.5) / 730) * (0.5 + 10.0 / 60) * 0.4281);
}

/* 30 GPU-hours on Colab's A100 runtime (same GPU as the reference): 3 sessions under the
 * 12-hour limit, two 10-minute restarts → 30.333 h; 13.08 units an hour → 396.8 units at the
 * cheapest plan's unit price (100 units for 9.99: 0.0999; 500 for 49.99 is 0.09998) → 39.64
 * USD. Units are sold in packs: 4 of 100 to buy (39.96 USD), which the estimate says. */
static void
test_worked_subscription_sessions (void)
{
  g_autoptr(GpWorkload) workload = gp_workload_new ();
  g_autoptr(GpEstimateList) list = NULL;
  g_autoptr(GError) error = NULL;
  const char *providers[] = { "colab", NULL };
  double wall = 30 + 2 * 10.0 / 60;
  GpEstimate *estimate;

  gp_workload_set_gpu_hours (workload, 30);
  gp_workload_set_reference_gpu (workload, "a100-sxm4-40gb");
  gp_workload_set_providers (workload, providers);
  list = gp_estimate_list_new (bundled (), workload, NULL, &error);
  g_assert_no_error (error);

  estimate = find_estimate (list, "colab/a100-sxm4-40gb", "global",
                            GP_ESTIMATE_PRICING_SUBSCRIPTION);
  g_assert_nonnull (estimate);
  g_assert_cmpuint (gp_estimate_get_sessions (estimate), ==, 3);
  assert_close (gp_estimate_get_wall_hours (estimate), wall);
  /* 397 units are bought as 4 whole packs of 100: the job is charged for all four. */
  assert_close (gp_estimate_get_total_cost (estimate), 4 * 9.99);
  g_assert_cmpstr (gp_plan_get_id (gp_estimate_get_plan (estimate)), ==, "payg-100");
  g_assert_true (strv_has_prefix (gp_estimate_get_assumptions (estimate),
                                  "397 compute units in all: 4 packs of 100 to buy (39.96 USD)"));
  {
    /* The provider's name is not said twice. */
    g_autofree char *label = gp_estimate_dup_label (estimate);
    g_assert_cmpstr (label, ==, "Google Colab A100 runtime");
  }
  g_assert_true (strv_has_prefix (gp_estimate_get_assumptions (estimate),
                                  "3 sessions: Google Colab ends a session after 12 h"));

  /* Without checkpoints the job cannot survive a session's end: no estimate, and a reason. */
  gp_workload_set_checkpoint_minutes (workload, 0);
  g_clear_object (&list);
  list = gp_estimate_list_new (bundled (), workload, NULL, &error);
  g_assert_null (find_estimate (list, "colab/a100-sxm4-40gb", "global",
                                GP_ESTIMATE_PRICING_SUBSCRIPTION));
  g_assert_true (strv_has_prefix (gp_estimate_list_get_skipped (list),
                                  "Google Colab: sessions end after 12 h"));
}

/* 2,000 GB to upload at 100 Mbit/s (44.4 h) and 150 GB of results from AWS, whose first
 * 100 GB a month are free: 50 × 0.09 = 4.50 of egress. Storage at 0.02 a GB-month for the
 * upload and the run. */
static void
test_worked_data (void)
{
  g_autoptr(GpWorkload) workload = gp_workload_new ();
  g_autoptr(GpEstimateList) list = NULL;
  g_autoptr(GError) error = NULL;
  const char *providers[] = { "aws-ec2", NULL };
  double upload = 2000 * 8000.0 / 100 / 3600;
  GpEstimate *estimate;

  gp_workload_set_gpu_hours (workload, 10);
  gp_workload_set_reference_gpu (workload, "v100-sxm2-16gb");
  gp_workload_set_providers (workload, providers);
  gp_workload_set_dataset_gb (workload, 2000);
  gp_workload_set_results_gb (workload, 150);
  gp_workload_set_storage_per_gb_month (workload, 0.02);
  gp_workload_set_deadline_hours (workload, 48);
  list = gp_estimate_list_new (bundled (), workload, NULL, &error);
  g_assert_no_error (error);

  estimate = find_estimate (list, "aws-ec2/p3.2xlarge", "us-east-1",
                            GP_ESTIMATE_PRICING_ON_DEMAND);
  g_assert_nonnull (estimate);
  assert_close (gp_estimate_get_upload_hours (estimate), upload);
  assert_close (gp_estimate_get_transfer_cost (estimate), 4.5);
  assert_close (gp_estimate_get_storage_cost (estimate), 2150 * 0.02 * (upload + 10) / 730);
  assert_close (gp_estimate_get_total_cost (estimate),
                10 * 3.06 + 4.5 + 2150 * 0.02 * (upload + 10) / 730);
  /* 44.4 h of upload and 10 h of training miss a 48-hour deadline. */
  g_assert_false (gp_estimate_meets_deadline (estimate));
  g_assert_true (strv_has_prefix (gp_estimate_get_assumptions (estimate),
                                  "Misses the 48 h deadline: 54.4 h with the upload"));
  g_assert_true (gp_estimate_within_budget (estimate));

  gp_workload_set_storage_per_gb_month (workload, NAN);
  g_clear_object (&list);
  list = gp_estimate_list_new (bundled (), workload, NULL, &error);
  estimate = find_estimate (list, "aws-ec2/p3.2xlarge", "us-east-1",
                            GP_ESTIMATE_PRICING_ON_DEMAND);
  g_assert_cmpfloat (gp_estimate_get_storage_cost (estimate), ==, 0);
  g_assert_true (strv_has_prefix (gp_estimate_get_assumptions (estimate),
                                  "Storage not priced"));
}

/* The MLPerf-free BERT SQuAD preset: 0.459 GPU-hours on 8 A100 80GB at 98.9% efficiency is
 * 0.454 single-GPU hours; on Lambda's 8× A100 80GB it runs 0.454 ÷ (8 × 0.989) = 0.0574 h,
 * the source's own 0.0574 h. Billed per minute: 4 minutes × 22.32/h = 1.488 USD. */
static void
test_worked_preset_multi_gpu (void)
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

  estimate = find_estimate (list, "lambda/gpu_8x_a100_80gb_sxm4", "us-east-1",
                            GP_ESTIMATE_PRICING_ON_DEMAND);
  g_assert_nonnull (estimate);
  g_assert_cmpuint (gp_estimate_get_gpu_count (estimate), ==, 8);
  assert_close (gp_estimate_get_wall_hours (estimate), 0.459 / 8);
  assert_close (gp_estimate_get_total_cost (estimate), 4.0 / 60 * 22.32);
  g_assert_true (strv_has_prefix (gp_estimate_get_assumptions (estimate),
                                  "Workload: BERT-large fine-tuning on SQuAD v1.1, to F1 90.96"));
  g_assert_true (strv_has_prefix (gp_estimate_get_assumptions (estimate),
                                  "8 GPUs at 99% scaling efficiency"));

  /* The H100 box is measured against the A100 (Lambda's BERT-large table: 301 vs 152). */
  estimate = find_estimate (list, "lambda/gpu_8x_h100_sxm5", "us-east-1",
                            GP_ESTIMATE_PRICING_ON_DEMAND);
  g_assert_nonnull (estimate);
  g_assert_cmpint (gp_estimate_get_speed_basis (estimate), ==, GP_SPEED_BASIS_MEASURED);
  assert_close (gp_estimate_get_speed_ratio (estimate), 301.0 / 152);
}

/* GCP publishes a 28% one-year committed-use discount; a 10-hour job on a commitment still
 * pays all 8,760 hours. */
static void
test_worked_commitment (void)
{
  g_autoptr(GpWorkload) workload = gp_workload_new ();
  g_autoptr(GpEstimateList) list = NULL;
  g_autoptr(GError) error = NULL;
  const char *providers[] = { "gcp", NULL };
  gboolean found = FALSE;

  gp_workload_set_gpu_hours (workload, 10);
  gp_workload_set_reference_gpu (workload, "a100-sxm4-40gb");
  gp_workload_set_providers (workload, providers);
  list = gp_estimate_list_new (bundled (), workload, NULL, &error);
  g_assert_no_error (error);

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (list)); i++)
    {
      g_autoptr(GpEstimate) estimate = g_list_model_get_item (G_LIST_MODEL (list), i);
      double on_demand = gp_offer_get_on_demand (gp_estimate_get_offer (estimate));

      if (gp_estimate_get_pricing (estimate) != GP_ESTIMATE_PRICING_RESERVED_1Y)
        continue;

      found = TRUE;
      assert_close (gp_estimate_get_billed_hours (estimate), 8760);
      assert_close (gp_estimate_get_compute_cost (estimate), 8760 * on_demand * 0.72);
      g_assert_true (strv_has_substring (gp_estimate_get_assumptions (estimate),
                                         "less the published 28% discount"));
    }

  g_assert_true (found);
}

/* 100 USD at 7.2 CNY a dollar is 720 CNY; without a rate there is no estimate. */
static void
test_currency (void)
{
  g_autoptr(GpWorkload) workload = gp_workload_new ();
  g_autoptr(GpEstimateList) usd = NULL;
  g_autoptr(GpEstimateList) cny = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GpEstimate) first_usd = NULL;
  g_autoptr(GpEstimate) first_cny = NULL;

  gp_workload_set_gpu_hours (workload, 50);
  gp_workload_set_reference_gpu (workload, "t4");
  usd = gp_estimate_list_new (bundled (), workload, NULL, &error);
  g_assert_no_error (error);

  gp_workload_set_currency (workload, "cny");
  g_assert_null (gp_estimate_list_new (bundled (), workload, NULL, &error));
  g_assert_error (error, GP_WORKLOAD_ERROR, GP_WORKLOAD_ERROR_NO_EXCHANGE_RATE);
  g_assert_nonnull (strstr (error->message, "give the exchange rate to cny"));
  g_clear_error (&error);

  gp_workload_set_exchange_rate (workload, 7.2);
  cny = gp_estimate_list_new (bundled (), workload, NULL, &error);
  g_assert_no_error (error);

  first_usd = g_list_model_get_item (G_LIST_MODEL (usd), 0);
  first_cny = g_list_model_get_item (G_LIST_MODEL (cny), 0);
  g_assert_cmpstr (gp_estimate_get_currency (first_cny), ==, "CNY");
  assert_close (gp_estimate_get_total_cost (first_cny),
                gp_estimate_get_total_cost (first_usd) * 7.2);
  g_assert_true (strv_has_prefix (gp_estimate_get_assumptions (first_cny),
                                  "Converted from USD at 7.2 CNY per USD"));
}

static void
test_impossible_workloads (void)
{
  GpCatalog *catalog = bundled ();
  GpEstimatorData *data = gp_estimator_data_get_default ();
  g_autoptr(GpWorkload) workload = gp_workload_new ();
  g_autoptr(GError) error = NULL;

  g_assert_false (gp_workload_check (workload, catalog, data, &error));
  g_assert_error (error, GP_WORKLOAD_ERROR, GP_WORKLOAD_ERROR_INVALID_VALUE);
  g_clear_error (&error);

  gp_workload_set_gpu_hours (workload, 10);
  gp_workload_set_reference_gpu (workload, "no-such-gpu");
  g_assert_false (gp_workload_check (workload, catalog, data, &error));
  g_assert_error (error, GP_WORKLOAD_ERROR, GP_WORKLOAD_ERROR_UNKNOWN_REFERENCE);
  g_assert_nonnull (strstr (error->message, "no-such-gpu"));
  g_clear_error (&error);

  gp_workload_set_reference_gpu (workload, "t4");
  g_assert_true (gp_workload_check (workload, catalog, data, &error));

  gp_workload_set_dataset_gb (workload, NAN);
  g_assert_false (gp_workload_check (workload, catalog, data, &error));
  g_assert_nonnull (strstr (error->message, "Dataset size"));
  g_clear_error (&error);
  gp_workload_set_dataset_gb (workload, 0);

  /* A model of minus one or NaN billion parameters is no job (the form and the CLI can send
   * one; it was taken as "no model size"). */
  gp_workload_set_model_billions (workload, -1);
  g_assert_false (gp_workload_check (workload, catalog, data, &error));
  g_assert_nonnull (strstr (error->message, "Model size"));
  g_clear_error (&error);
  gp_workload_set_model_billions (workload, NAN);
  g_assert_false (gp_workload_check (workload, catalog, data, &error));
  g_clear_error (&error);
  gp_workload_set_model_billions (workload, 0);

  gp_workload_set_scaling_efficiency (workload, 1.5);
  g_assert_false (gp_workload_check (workload, catalog, data, &error));
  g_assert_nonnull (strstr (error->message, "Scaling efficiency"));
  g_clear_error (&error);
  gp_workload_set_scaling_efficiency (workload, NAN);

  gp_workload_set_preset (workload, "no-such-preset");
  g_assert_false (gp_workload_check (workload, catalog, data, &error));
  g_assert_error (error, GP_WORKLOAD_ERROR, GP_WORKLOAD_ERROR_UNKNOWN_REFERENCE);
}

/* GCP's attached-GPU rows are the GPU alone (T4 at 0.35 an hour): never ranked against whole
 * machines, and they say so. */
static void
test_gpu_only_after_whole_machines (void)
{
  g_autoptr(GpWorkload) workload = gp_workload_new ();
  g_autoptr(GpEstimateList) list = NULL;
  g_autoptr(GError) error = NULL;
  const char *providers[] = { "gcp", "aws-ec2", NULL };
  gboolean gpu_only_seen = FALSE;

  gp_workload_set_gpu_hours (workload, 10);
  gp_workload_set_reference_gpu (workload, "t4");
  gp_workload_set_providers (workload, providers);
  list = gp_estimate_list_new (bundled (), workload, NULL, &error);
  g_assert_no_error (error);

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (list)); i++)
    {
      g_autoptr(GpEstimate) estimate = g_list_model_get_item (G_LIST_MODEL (list), i);

      /* The rows apart start where the options end. */
      g_assert_cmpint (gp_estimate_is_gpu_only (estimate), ==,
                       i >= gp_estimate_list_get_n_options (list));
      if (gp_estimate_is_gpu_only (estimate))
        {
          gpu_only_seen = TRUE;
          g_assert_cmpstr (gp_instance_get_host_required (gp_estimate_get_instance (estimate)),
                           ==, "N1");
        }
      else
        g_assert_false (gpu_only_seen);
    }
  g_assert_true (gpu_only_seen);
}

/* A storage price given in yuan is yuan: it was multiplied by the rate as if it were dollars. */
static void
test_storage_price_in_currency (void)
{
  g_autoptr(GpWorkload) workload = gp_workload_new ();
  g_autoptr(GpEstimateList) list = NULL;
  g_autoptr(GError) error = NULL;
  const char *providers[] = { "aws-ec2", NULL };
  double upload = 1000 * 8000.0 / 100 / 3600;
  GpEstimate *estimate;

  gp_workload_set_gpu_hours (workload, 10);
  gp_workload_set_reference_gpu (workload, "v100-sxm2-16gb");
  gp_workload_set_providers (workload, providers);
  gp_workload_set_region (workload, "us-east-1");
  gp_workload_set_dataset_gb (workload, 1000);
  gp_workload_set_storage_per_gb_month (workload, 0.1);
  gp_workload_set_currency (workload, "CNY");
  gp_workload_set_exchange_rate (workload, 7.1);
  list = gp_estimate_list_new (bundled (), workload, NULL, &error);
  g_assert_no_error (error);

  estimate = find_estimate (list, "aws-ec2/p3.2xlarge", "us-east-1",
                            GP_ESTIMATE_PRICING_ON_DEMAND);
  g_assert_nonnull (estimate);
  assert_close (gp_estimate_get_storage_cost (estimate),
                1000 * 0.1 * (upload + gp_estimate_get_wall_hours (estimate)) / 730);
}

/* One conversion for the app and the tool: the rate and where it comes from, the user's own
 * rates first; no rate for an unknown currency; the catalog's own currency needs none. */
static void
test_convert_currency (void)
{
  g_autoptr(GpWorkload) workload = gp_workload_new ();
  g_autoptr(GVariant) rates = g_variant_ref_sink (g_variant_new_parsed ("{'CNY': 7.0}"));

  g_assert_true (gp_workload_convert_currency (workload, "USD", "CNY", NULL, NULL, 180));
  g_assert_cmpstr (gp_workload_get_currency (workload), ==, "CNY");
  g_assert_cmpfloat (gp_workload_get_exchange_rate (workload), >, 1);
  g_assert_true (
      g_str_has_prefix (gp_workload_get_exchange_rate_basis (workload), "the default rate"));

  g_assert_true (gp_workload_convert_currency (workload, "USD", "CNY", rates, "2026-11-30", 180));
  g_assert_cmpfloat (gp_workload_get_exchange_rate (workload), ==, 7.0);
  g_assert_cmpstr (gp_workload_get_exchange_rate_basis (workload), ==,
                   "the rate set in Preferences, as of 2026-11-30");

  g_assert_false (gp_workload_convert_currency (workload, "USD", "XYZ", rates, NULL, 180));
  g_assert_cmpstr (gp_workload_get_currency (workload), ==, "XYZ");
  g_assert_true (isnan (gp_workload_get_exchange_rate (workload)));
  g_assert_null (gp_workload_get_exchange_rate_basis (workload));

  g_assert_true (gp_workload_convert_currency (workload, "USD", "usd", rates, NULL, 180));
  g_assert_null (gp_workload_get_currency (workload));
  g_assert_true (isnan (gp_workload_get_exchange_rate (workload)));
}

/* Euros at the ECB's reference rate, yuan at the CFETS central parity, each named with its
 * date; a rate older than the catalog's staleness limit says so, as a price would. */
static void
test_convert_currency_sources (void)
{
  g_autoptr(GpWorkload) workload = gp_workload_new ();
  g_autoptr(GVariant) rates = g_variant_ref_sink (g_variant_new_parsed ("{'CNY': 7.0}"));

  g_assert_true (gp_workload_convert_currency (workload, "USD", "EUR", NULL, NULL, 100000));
  g_assert_cmpfloat_with_epsilon (gp_workload_get_exchange_rate (workload), 1 / 1.1592, 1e-12);
  g_assert_cmpstr (gp_workload_get_exchange_rate_basis (workload), ==,
                   "the default rate, as of 2026-09-11: Euro foreign exchange reference rate of "
                   "the European Central Bank, US dollar, 11 September 2026");

  g_assert_true (gp_workload_convert_currency (workload, "USD", "CNY", NULL, NULL, 100000));
  g_assert_cmpstr (gp_workload_get_exchange_rate_basis (workload), ==,
                   "the default rate, as of 2025-09-01: Central parity rate of the renminbi "
                   "announced by the China Foreign Exchange Trade System on 1 September 2025 "
                   "(Xinhua report)");

  /* Past the limit, the rate is marked stale: the default ones and the user's alike. */
  g_assert_true (gp_workload_convert_currency (workload, "USD", "EUR", NULL, NULL, 30));
  g_assert_true (g_str_has_suffix (gp_workload_get_exchange_rate_basis (workload),
                                   "11 September 2026 (stale: older than 30 days)"));
  g_assert_true (gp_workload_convert_currency (workload, "USD", "CNY", rates, "2026-11-30", 2));
  g_assert_cmpstr (gp_workload_get_exchange_rate_basis (workload), ==,
                   "the rate set in Preferences, as of 2026-11-30 (stale: older than 2 days)");
}

/* From a lab in mainland China the dataset crosses the border to a platform abroad at the
 * cross-border speed (4 Mbit/s measured, or the user's), and says so; to a platform in China,
 * and from a lab elsewhere, at the campus uplink. */
static void
test_cross_border_upload (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autofree char *path =
      g_test_build_filename (G_TEST_DIST, "fixtures", "reach-catalog.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  const char *providers[] = { "near", "far", NULL };
  const struct
  {
    GpLabLocation lab;
    double cross_border_mbps;
    double near_hours, far_hours;
  } cases[] = {
    { GP_LAB_LOCATION_MAINLAND_CHINA, NAN, 100 * 8000.0 / 100 / 3600, 100 * 8000.0 / 4 / 3600 },
    { GP_LAB_LOCATION_MAINLAND_CHINA, 50, 100 * 8000.0 / 100 / 3600, 100 * 8000.0 / 50 / 3600 },
    { GP_LAB_LOCATION_ELSEWHERE, NAN, 100 * 8000.0 / 100 / 3600, 100 * 8000.0 / 100 / 3600 },
  };

  gp_catalog_add_layer_from_file (catalog, file, GP_CATALOG_LAYER_EXTRA, &error);
  g_assert_no_error (error);
  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr(GpWorkload) workload = gp_workload_new ();
      g_autoptr(GpEstimateList) list = NULL;
      guint seen = 0;

      gp_workload_set_gpu_hours (workload, 100);
      gp_workload_set_reference_gpu (workload, "reach-gpu");
      gp_workload_set_providers (workload, providers);
      gp_workload_set_dataset_gb (workload, 100);
      gp_workload_set_lab_location (workload, cases[c].lab);
      gp_workload_set_cross_border_mbps (workload, cases[c].cross_border_mbps);
      list = gp_estimate_list_new (catalog, workload, NULL, &error);
      g_assert_no_error (error);
      for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (list)); i++)
        {
          g_autoptr(GpEstimate) estimate = g_list_model_get_item (G_LIST_MODEL (list), i);
          gboolean far =
              g_str_equal (gp_provider_get_id (gp_estimate_get_provider (estimate)), "far");
          g_autofree char *said =
              g_strjoinv ("\n", (char **) gp_estimate_get_assumptions (estimate));

          g_assert_cmpfloat_with_epsilon (gp_estimate_get_upload_hours (estimate),
                                          far ? cases[c].far_hours : cases[c].near_hours, 1e-9);
          g_assert_true ((strstr (said, "across the border at") != NULL) ==
                         (far && cases[c].lab == GP_LAB_LOCATION_MAINLAND_CHINA));
          seen++;
        }
      g_assert_cmpuint (seen, >=, 2);
    }

  /* A speed of nothing, or less, is refused by name. */
  {
    g_autoptr(GpWorkload) workload = gp_workload_new ();
    g_autoptr(GpEstimateList) list = NULL;

    gp_workload_set_gpu_hours (workload, 100);
    gp_workload_set_reference_gpu (workload, "reach-gpu");
    gp_workload_set_cross_border_mbps (workload, 0);
    list = gp_estimate_list_new (catalog, workload, NULL, &error);
    g_assert_null (list);
    g_assert_nonnull (strstr (error->message, "Cross-border speed"));
  }
}

/* A training job is not estimated on an inference accelerator, whatever its data sheet says,
 * and the reason says why; running a model (inference) is. */
static void
test_inference_accelerator (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autofree char *path =
      g_test_build_filename (G_TEST_DIST, "fixtures", "accelerator-catalog.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GpWorkload) workload = gp_workload_new ();
  g_autoptr(GpEstimateList) list = NULL;
  g_autoptr(GError) error = NULL;

  gp_catalog_add_layer_from_file (catalog, file, GP_CATALOG_LAYER_EXTRA, &error);
  g_assert_no_error (error);
  gp_workload_set_gpu_hours (workload, 10);
  gp_workload_set_reference_gpu (workload, "trainer");
  gp_workload_set_providers (workload, (const char *const[]){ "acc", NULL });

  list = gp_estimate_list_new (catalog, workload, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (find_estimate (list, "acc/train", "r1", GP_ESTIMATE_PRICING_ON_DEMAND));
  g_assert_null (find_estimate (list, "acc/infer", "r1", GP_ESTIMATE_PRICING_ON_DEMAND));
  g_assert_true (strv_has_prefix (gp_estimate_list_get_skipped (list),
                                  "Inferer: an inference accelerator, which does not run "
                                  "training"));

  gp_workload_set_method (workload, GP_TRAINING_METHOD_INFERENCE);
  g_clear_object (&list);
  list = gp_estimate_list_new (catalog, workload, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (find_estimate (list, "acc/infer", "r1", GP_ESTIMATE_PRICING_ON_DEMAND));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/estimator/rules/billing-rounding", test_billing_rounding);
  g_test_add_func ("/estimator/rules/capacity-block-days", test_capacity_block_days);
  g_test_add_func ("/estimator/capacity-block", test_capacity_block_estimate);
  g_test_add_func ("/estimator/estimate-price-dates", test_estimate_price_dates);
  g_test_add_func ("/estimator/rules/spot-expectation", test_spot_expectation);
  g_test_add_func ("/estimator/rules/session-splitting", test_session_splitting);
  g_test_add_func ("/estimator/rules/data-costs", test_data_costs);
  g_test_add_func ("/estimator/rules/precision-fallback", test_precision_fallback);
  g_test_add_func ("/estimator/worked/on-demand", test_worked_on_demand);
  g_test_add_func ("/estimator/worked/spot", test_worked_spot);
  g_test_add_func ("/estimator/worked/subscription-sessions", test_worked_subscription_sessions);
  g_test_add_func ("/estimator/cost/packs", test_packs);
  g_test_add_func ("/estimator/worked/data", test_worked_data);
  g_test_add_func ("/estimator/worked/preset-multi-gpu", test_worked_preset_multi_gpu);
  g_test_add_func ("/estimator/worked/commitment", test_worked_commitment);
  g_test_add_func ("/estimator/worked/precision-fallback-is-said",
                   test_precision_fallback_is_said);
  g_test_add_func ("/estimator/currency", test_currency);
  g_test_add_func ("/estimator/impossible-workloads", test_impossible_workloads);
  g_test_add_func ("/estimator/gpu-only-after-whole-machines", test_gpu_only_after_whole_machines);
  g_test_add_func ("/estimator/currency/storage-price", test_storage_price_in_currency);
  g_test_add_func ("/estimator/convert-currency", test_convert_currency);
  g_test_add_func ("/estimator/convert-currency-sources", test_convert_currency_sources);
  g_test_add_func ("/estimator/cross-border-upload", test_cross_border_upload);
  g_test_add_func ("/estimator/inference-accelerator", test_inference_accelerator);

  return g_test_run ();
}
