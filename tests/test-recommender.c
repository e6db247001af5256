/* test-recommender.c — where to train: scenarios, each with its top choice and its reasons
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "gp-cost-model.h"
#include "gp-estimate-list.h"
#include "gp-recommender.h"

static GpCatalog *
bundled (void)
{
  static GpCatalog *catalog;

  if (catalog == NULL)
    catalog = gp_catalog_new_bundled ();
  return catalog;
}

/* 300 GPU-hours on one V100: the example job. */
static GpWorkload *
v100_job (double gpu_hours)
{
  GpWorkload *workload = gp_workload_new ();

  gp_workload_set_gpu_hours (workload, gpu_hours);
  gp_workload_set_reference_gpu (workload, "v100-sxm2-16gb");
  return workload;
}

static GpRecommendation *
recommend (GpRecommender *recommender)
{
  g_autoptr(GError) error = NULL;
  GpRecommendation *answer = gp_recommender_recommend (recommender, bundled (), NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (answer);
  return answer;
}

static GpEstimate *
top (GpRecommendation *answer)
{
  g_autoptr(GpChoice) choice = g_list_model_get_item (gp_recommendation_get_choices (answer), 0);

  g_assert_nonnull (choice);
  return gp_choice_get_estimate (choice);  /* the choice list keeps it */
}

/* The bundled catalog with a fixture's layer over it. */
static GpCatalog *
catalog_with_fixture (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GError) error = NULL;

  gp_catalog_add_layer_from_file (catalog, file, GP_CATALOG_LAYER_EXTRA, &error);
  g_assert_no_error (error);
  return g_steal_pointer (&catalog);
}

static gboolean
has_reason (GpRecommendation *answer,
            guint             position,
            const char       *prefix)
{
  g_autoptr(GpChoice) choice = g_list_model_get_item (gp_recommendation_get_choices (answer),
                                                      position);
  const char * const *reasons = gp_choice_get_reasons (choice);

  for (guint i = 0; reasons[i] != NULL; i++)
    if (g_str_has_prefix (reasons[i], prefix))
      return TRUE;
  return FALSE;
}

/* The instance is left out, and the reason names @constraint. */
static void
assert_excluded (GpRecommendation *answer,
                 const char       *instance_id,
                 const char       *constraint)
{
  for (guint i = 0; i < gp_recommendation_get_n_excluded (answer); i++)
    {
      const char *instance, *reason;

      gp_recommendation_get_excluded (answer, i, NULL, &instance, &reason);
      if (g_strcmp0 (instance, instance_id) == 0)
        {
          if (!g_str_has_prefix (reason, constraint))
            g_error ("%s is left out for “%s”, not %s", instance_id, reason, constraint);
          return;
        }
    }

  g_error ("%s is not left out", instance_id);
}

static void
assert_choices_all (GpRecommendation *answer,
                    gboolean (*check) (GpEstimate *))
{
  GListModel *choices = gp_recommendation_get_choices (answer);

  g_assert_cmpuint (g_list_model_get_n_items (choices), >, 0);
  for (guint i = 0; i < g_list_model_get_n_items (choices); i++)
    {
      g_autoptr(GpChoice) choice = g_list_model_get_item (choices, i);
      g_assert_true (check (gp_choice_get_estimate (choice)));
    }
}

static const char *
instance_id (GpEstimate *estimate)
{
  return gp_instance_get_id (gp_estimate_get_instance (estimate));
}

/* 1. A notebook-sized job (50 T4-hours, 20 GB) done interactively: Colab, for its price. Its
 * compute units come in whole packs of 100, and the job pays for the whole packs. */
static void
test_small_notebook_job (void)
{
  g_autoptr(GpWorkload) workload = gp_workload_new ();
  g_autoptr(GpRecommender) recommender = NULL;
  g_autoptr(GpRecommendation) answer = NULL;
  GpEstimate *colab = NULL;
  GListModel *choices;

  gp_workload_set_gpu_hours (workload, 50);
  gp_workload_set_reference_gpu (workload, "t4");
  gp_workload_set_dataset_gb (workload, 20);
  recommender = gp_recommender_new (workload);
  gp_recommender_set_interactive (recommender, TRUE);
  answer = recommend (recommender);

  choices = gp_recommendation_get_choices (answer);
  for (guint i = 0; i < g_list_model_get_n_items (choices); i++)
    {
      g_autoptr(GpChoice) choice = g_list_model_get_item (choices, i);

      if (g_strcmp0 (instance_id (gp_choice_get_estimate (choice)), "colab/t4") == 0)
        {
          colab = gp_choice_get_estimate (choice);
          g_assert_true (has_reason (answer, i, "[small-project]"));
          g_assert_true (has_reason (answer, i, "[notebooks]"));
          g_assert_true (has_reason (answer, i, "[cost]"));
        }
    }
  g_assert_nonnull (colab);
  g_assert_cmpint (gp_estimate_get_pricing (colab), ==, GP_ESTIMATE_PRICING_SUBSCRIPTION);
  /* 50 h and 4 restarts at 1.96 units an hour: 99 units, one pack of 100 for 9.99. */
  g_assert_cmpfloat_with_epsilon (gp_estimate_get_total_cost (colab), 9.99, 1e-9);
}

/* 2. A 30-hour unattended job against Colab's 12-hour sessions: Colab is out. */
static void
test_session_limit (void)
{
  g_autoptr(GpWorkload) workload = gp_workload_new ();
  g_autoptr(GpRecommender) recommender = NULL;
  g_autoptr(GpRecommendation) answer = NULL;

  gp_workload_set_gpu_hours (workload, 30);
  gp_workload_set_reference_gpu (workload, "a100-sxm4-40gb");
  recommender = gp_recommender_new (workload);
  answer = recommend (recommender);

  assert_excluded (answer, "colab/a100-sxm4-40gb", "[session-limit]");
  g_assert_cmpint (gp_provider_get_kind (gp_estimate_get_provider (top (answer))), !=,
                   GP_PROVIDER_KIND_NOTEBOOK);
}

/* 3. A 2 TB dataset, interruptions allowed: spot or reserved capacity, said as a rule. */
static void
test_large_dataset (void)
{
  g_autoptr(GpWorkload) workload = v100_job (300);
  g_autoptr(GpRecommender) recommender = NULL;
  g_autoptr(GpRecommendation) answer = NULL;

  gp_workload_set_dataset_gb (workload, 2000);
  gp_workload_set_interruptible (workload, TRUE);
  recommender = gp_recommender_new (workload);
  answer = recommend (recommender);

  g_assert_cmpint (gp_estimate_get_pricing (top (answer)), ==, GP_ESTIMATE_PRICING_SPOT);
  g_assert_true (has_reason (answer, 0, "[large-project]"));
  /* 2 TB at 100 Mbit/s: the upload tip says how long. */
  g_assert_true (g_str_has_prefix (gp_recommendation_get_tips (answer)[0], "Upload: ") ||
                 g_str_has_prefix (gp_recommendation_get_tips (answer)[1], "Upload: "));
}

static gboolean
within_250 (GpEstimate *estimate)
{
  return gp_estimate_get_total_cost (estimate) <= 250;
}

/* 4. A tight budget: only what costs at most 250 USD; the rest says "budget". */
static void
test_tight_budget (void)
{
  g_autoptr(GpWorkload) workload = v100_job (300);
  g_autoptr(GpRecommender) recommender = NULL;
  g_autoptr(GpRecommendation) answer = NULL;

  gp_workload_set_budget (workload, 250);
  recommender = gp_recommender_new (workload);
  answer = recommend (recommender);

  assert_choices_all (answer, within_250);
  g_assert_cmpstr (instance_id (top (answer)), ==, "lambda/gpu_1x_h100_sxm5");
  assert_excluded (answer, "aws-ec2/p3.2xlarge", "[budget]");
}

static gboolean
within_60_hours (GpEstimate *estimate)
{
  return gp_estimate_get_wall_hours (estimate) + gp_estimate_get_upload_hours (estimate) <= 60;
}

/* 5. A tight deadline: 60 hours. Only the H100 finishes 300 V100-hours in time. */
static void
test_tight_deadline (void)
{
  g_autoptr(GpWorkload) workload = v100_job (300);
  g_autoptr(GpRecommender) recommender = NULL;
  g_autoptr(GpRecommendation) answer = NULL;

  gp_workload_set_deadline_hours (workload, 60);
  recommender = gp_recommender_new (workload);
  answer = recommend (recommender);

  assert_choices_all (answer, within_60_hours);
  g_assert_true (has_reason (answer, 0, "[time]"));
  assert_excluded (answer, "aws-ec2/p3.2xlarge", "[deadline]");
  /* A deadline makes time weigh as much as cost. */
  g_assert_cmpfloat (gp_recommendation_get_time_weight (answer), ==, 0.5);
}

static gboolean
has_80_gb (GpEstimate *estimate)
{
  return gp_instance_get_gpu_memory_gb (gp_estimate_get_instance (estimate)) >= 80;
}

/* 6. 80 GB of GPU memory: A100 80GB and H100 only. */
static void
test_memory_80_gb (void)
{
  g_autoptr(GpWorkload) workload = v100_job (300);
  g_autoptr(GpRecommender) recommender = gp_recommender_new (workload);
  g_autoptr(GpRecommendation) answer = NULL;

  gp_recommender_set_min_gpu_memory_gb (recommender, 80);
  answer = recommend (recommender);

  assert_choices_all (answer, has_80_gb);
  assert_excluded (answer, "colab/t4", "[gpu-memory]");
  assert_excluded (answer, "aws-ec2/g5.xlarge", "[gpu-memory]");
}

static gboolean
has_enterprise_identity (GpEstimate *estimate)
{
  return gp_provider_has_feature (gp_estimate_get_provider (estimate),
                                  GP_FEATURE_ENTERPRISE_IDENTITY);
}

/* 7. Enterprise identity and security required: the large clouds only. */
static void
test_enterprise_identity (void)
{
  g_autoptr(GpWorkload) workload = v100_job (300);
  g_autoptr(GpRecommender) recommender = gp_recommender_new (workload);
  g_autoptr(GpRecommendation) answer = NULL;

  gp_recommender_set_needs (recommender, GP_FEATURE_ENTERPRISE_IDENTITY);
  answer = recommend (recommender);

  assert_choices_all (answer, has_enterprise_identity);
  g_assert_true (has_reason (answer, 0, "[enterprise-identity]"));
  assert_excluded (answer, "lambda/gpu_1x_h100_sxm5", "[features]");
  assert_excluded (answer, "colab/t4", "[features]");
}

static gboolean
not_spot (GpEstimate *estimate)
{
  return gp_estimate_get_pricing (estimate) != GP_ESTIMATE_PRICING_SPOT;
}

/* 8. No interruptions allowed: no spot anywhere. The large clouds are asked for, as they sell
 * spot: the first tip says what allowing interruptions would open. */
static void
test_no_interruptions (void)
{
  g_autoptr(GpWorkload) workload = v100_job (300);
  g_autoptr(GpRecommender) recommender = gp_recommender_new (workload);
  g_autoptr(GpRecommendation) answer = NULL;

  gp_recommender_set_needs (recommender, GP_FEATURE_ENTERPRISE_IDENTITY);
  answer = recommend (recommender);

  assert_choices_all (answer, not_spot);
  g_assert_true (g_str_has_prefix (gp_recommendation_get_tips (answer)[0], "Spot: "));
}

static gboolean
in_eastus (GpEstimate *estimate)
{
  return g_strcmp0 (gp_offer_get_region_id (gp_estimate_get_offer (estimate)), "eastus") == 0;
}

/* 9. The data must stay in Azure's eastus. */
static void
test_region_required (void)
{
  g_autoptr(GpWorkload) workload = v100_job (300);
  g_autoptr(GpRecommender) recommender = NULL;
  g_autoptr(GpRecommendation) answer = NULL;

  gp_workload_set_region (workload, "eastus");
  recommender = gp_recommender_new (workload);
  gp_recommender_set_region_required (recommender, TRUE);
  answer = recommend (recommender);

  assert_choices_all (answer, in_eastus);
  assert_excluded (answer, "lambda/gpu_1x_h100_sxm5", "[region]");
}

/* 10. Nothing fits: 80 GB for 1 USD. A message, not an empty page, and every offer's reason. */
static void
test_impossible (void)
{
  g_autoptr(GpWorkload) workload = v100_job (300);
  g_autoptr(GpRecommender) recommender = NULL;
  g_autoptr(GpRecommendation) answer = NULL;

  gp_workload_set_budget (workload, 1);
  recommender = gp_recommender_new (workload);
  gp_recommender_set_min_gpu_memory_gb (recommender, 80);
  answer = recommend (recommender);

  g_assert_cmpuint (g_list_model_get_n_items (gp_recommendation_get_choices (answer)), ==, 0);
  g_assert_nonnull (gp_recommendation_get_message (answer));
  g_assert_cmpuint (gp_recommendation_get_n_excluded (answer), >, 20);
  assert_excluded (answer, "colab/t4", "[gpu-memory]");
  assert_excluded (answer, "lambda/gpu_1x_h100_sxm5", "[budget]");
}

/* 11. The data is already in a us-east-1 bucket: compute there wins, and says why. */
static void
test_data_region (void)
{
  g_autoptr(GpWorkload) workload = v100_job (300);
  g_autoptr(GpRecommender) recommender = NULL;
  g_autoptr(GpRecommendation) answer = NULL;

  gp_workload_set_dataset_gb (workload, 500);
  recommender = gp_recommender_new (workload);
  gp_recommender_set_data_region (recommender, "us-east-1");
  answer = recommend (recommender);

  g_assert_cmpstr (gp_offer_get_region_id (gp_estimate_get_offer (top (answer))), ==,
                   "us-east-1");
  g_assert_true (has_reason (answer, 0, "[same-region]"));
}

/* 12. Interruptions allowed and checkpoints every 30 minutes: spot first. */
static void
test_spot_with_checkpoints (void)
{
  g_autoptr(GpWorkload) workload = v100_job (300);
  g_autoptr(GpRecommender) recommender = NULL;
  g_autoptr(GpRecommendation) answer = NULL;

  gp_workload_set_interruptible (workload, TRUE);
  gp_workload_set_checkpoint_minutes (workload, 30);
  recommender = gp_recommender_new (workload);
  answer = recommend (recommender);

  g_assert_cmpint (gp_estimate_get_pricing (top (answer)), ==, GP_ESTIMATE_PRICING_SPOT);
  g_assert_true (has_reason (answer, 0, "[spot-with-checkpoints]"));
}

/* The fixture catalog with one more Lambda V100 machine, priced as @prices says. */
static GpCatalog *
catalog_with_v100 (const char *id,
                   const char *prices)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GError) error = NULL;
  g_autofree char *layer =
    g_strdup_printf ("{ \"schema_version\": 1, \"instances\": [ {"
                     " \"id\": \"%s\", \"provider\": \"lambda\", \"name\": \"%s\","
                     " \"gpu\": \"v100-sxm2-16gb\", \"gpu_count\": 1,"
                     " \"source\": \"skypilot-lambda-v8\","
                     " \"prices\": [ { \"region\": \"us-east-1\", %s } ] } ] }",
                     id, id, prices);
  gsize length = strlen (layer);
  g_autoptr(GBytes) bytes = g_bytes_new_take (g_steal_pointer (&layer), length);

  g_assert_true (gp_catalog_add_layer (catalog, bytes, "odd.json", GP_CATALOG_LAYER_EXTRA, &error));
  g_assert_no_error (error);
  return g_steal_pointer (&catalog);
}

/* A price the source gets wrong would win by a mile: it is never chosen, the reason says why,
 * and the same machine's sound price still counts. */
static void
test_doubtful_price_never_chosen (void)
{
  g_autoptr(GpCatalog) spot_odd = catalog_with_v100 ("lambda/odd_spot",
                                                     "\"on_demand\": 0.1, \"spot\": 0.01,"
                                                     " \"anomalies\": [\"spot-ratio-outlier\"]");
  g_autoptr(GpCatalog) too_low = catalog_with_v100 ("lambda/too_low",
                                                    "\"on_demand\": 0.01,"
                                                    " \"anomalies\": [\"low-outlier\"]");
  g_autoptr(GpWorkload) workload = v100_job (300);
  g_autoptr(GpRecommender) recommender = NULL;
  g_autoptr(GpRecommendation) answer = NULL;
  g_autoptr(GError) error = NULL;
  GListModel *choices;
  gboolean saw_on_demand = FALSE;

  gp_workload_set_interruptible (workload, TRUE);
  gp_workload_set_checkpoint_minutes (workload, 30);
  recommender = gp_recommender_new (workload);
  answer = gp_recommender_recommend (recommender, spot_odd, NULL, &error);
  g_assert_no_error (error);

  choices = gp_recommendation_get_choices (answer);
  for (guint i = 0; i < g_list_model_get_n_items (choices); i++)
    {
      g_autoptr(GpChoice) choice = g_list_model_get_item (choices, i);
      GpEstimate *estimate = gp_choice_get_estimate (choice);

      g_assert_false (gp_estimate_is_doubtful (estimate));
      if (g_str_equal (instance_id (estimate), "lambda/odd_spot"))
        {
          g_assert_cmpint (gp_estimate_get_pricing (estimate), ==, GP_ESTIMATE_PRICING_ON_DEMAND);
          saw_on_demand = TRUE;
        }
    }
  g_assert_true (saw_on_demand);

  /* With no sound price at all, the machine is left out for its doubtful one. */
  g_clear_object (&answer);
  answer = gp_recommender_recommend (recommender, too_low, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (instance_id (top (answer)), !=, "lambda/too_low");
  assert_excluded (answer, "lambda/too_low", "[doubtful-price]");
}

/* Data that must stay near mainland China: only regions there are chosen, whatever their
 * provider's code for the place, never a Local Zone; the others say why they are out. */
static void
test_region_area_required (void)
{
  g_autoptr(GpCatalog) catalog = catalog_with_fixture ("regions-catalog.json");
  g_autoptr(GpWorkload) workload = gp_workload_new ();
  g_autoptr(GpRecommender) recommender = NULL;
  g_autoptr(GpRecommendation) answer = NULL;
  g_autoptr(GError) error = NULL;
  GListModel *choices;

  gp_workload_set_gpu_hours (workload, 20);
  gp_workload_set_reference_gpu (workload, "t4");
  gp_workload_set_region (workload, GP_AREA_NEAR_MAINLAND_CHINA);
  recommender = gp_recommender_new (workload);
  gp_recommender_set_region_required (recommender, TRUE);
  answer = gp_recommender_recommend (recommender, catalog, NULL, &error);
  g_assert_no_error (error);

  choices = gp_recommendation_get_choices (answer);
  g_assert_cmpuint (g_list_model_get_n_items (choices), ==, 1);
  g_assert_cmpstr (gp_offer_get_region_id (gp_estimate_get_offer (top (answer))), ==, "cn-north-1");
  assert_excluded (answer, "lambda/gpu_1x_a10", "[region] in ");
  {
    const char *reason = NULL, *instance;

    for (guint i = 0; i < gp_recommendation_get_n_excluded (answer); i++)
      {
        gp_recommendation_get_excluded (answer, i, NULL, &instance, &reason);
        if (g_strcmp0 (instance, "lambda/gpu_1x_a10") == 0)
          break;
      }
    g_assert_nonnull (strstr (reason, "the data must stay in Near Mainland China"));
  }
}

/* 13. A medium project (500 GB): the large clouds' on-demand instances get the rule. */
static void
test_medium_project (void)
{
  g_autoptr(GpWorkload) workload = v100_job (300);
  g_autoptr(GpRecommender) recommender = NULL;
  g_autoptr(GpRecommendation) answer = NULL;
  gboolean found = FALSE;

  gp_workload_set_dataset_gb (workload, 500);
  recommender = gp_recommender_new (workload);
  answer = recommend (recommender);

  for (guint i = 0; i < g_list_model_get_n_items (gp_recommendation_get_choices (answer)); i++)
    found |= has_reason (answer, i, "[medium-project]");
  g_assert_true (found);
  /* The cheapest fast option still leads: a rule never overrides cost data silently. */
  g_assert_cmpstr (instance_id (top (answer)), ==, "lambda/gpu_1x_h100_sxm5");
}

/* 14. The upload tip names the platform's command. */
static void
test_upload_command (void)
{
  g_autoptr(GpWorkload) workload = v100_job (300);
  g_autoptr(GpRecommender) recommender = NULL;
  g_autoptr(GpRecommendation) answer = NULL;
  const char * const *tips;
  gboolean found = FALSE;

  gp_workload_set_dataset_gb (workload, 200);
  gp_workload_set_region (workload, "us-east-1");
  recommender = gp_recommender_new (workload);
  gp_recommender_set_needs (recommender, GP_FEATURE_ENTERPRISE_IDENTITY | GP_FEATURE_SSH);
  gp_recommender_set_region_required (recommender, TRUE);
  answer = recommend (recommender);

  g_assert_cmpstr (gp_provider_get_id (gp_estimate_get_provider (top (answer))), ==, "aws-ec2");
  tips = gp_recommendation_get_tips (answer);
  for (guint i = 0; tips[i] != NULL; i++)
    found |= g_str_has_prefix (tips[i], "Upload: aws s3 sync ./data s3://MY_BUCKET/data --region "
                                        "us-east-1 takes about 4.4 h");
  g_assert_true (found);
}

/* 15. A published workload on 8 GPUs: BERT-large SQuAD fine-tuning takes minutes. */
static void
test_preset_multi_gpu (void)
{
  g_autoptr(GpWorkload) workload = gp_workload_new ();
  g_autoptr(GpRecommender) recommender = NULL;
  g_autoptr(GpRecommendation) answer = NULL;

  gp_workload_set_preset (workload, "bert-large-squad");
  gp_workload_set_gpus (workload, 8);
  recommender = gp_recommender_new (workload);
  answer = recommend (recommender);

  g_assert_cmpuint (gp_estimate_get_gpu_count (top (answer)), ==, 8);
  g_assert_cmpfloat (gp_estimate_get_wall_hours (top (answer)), <, 0.2);
  g_assert_true (has_reason (answer, 0, "[cost]"));
}

/* 16. A 7B LoRA needs 24 GB: the 16 GB GPUs are left out, and say why. */
static void
test_preset_memory (void)
{
  g_autoptr(GpWorkload) workload = gp_workload_new ();
  g_autoptr(GpRecommender) recommender = NULL;
  g_autoptr(GpRecommendation) answer = NULL;
  gboolean said = FALSE;

  gp_workload_set_preset (workload, "llm-7b-lora-10m");
  recommender = gp_recommender_new (workload);
  answer = recommend (recommender);

  for (guint i = 0; i < gp_recommendation_get_n_excluded (answer); i++)
    {
      const char *reason;

      gp_recommendation_get_excluded (answer, i, NULL, NULL, &reason);
      said |= g_str_has_prefix (reason, "[gpu-memory] 16 GB per GPU; the job needs 23.8 GB");
    }
  g_assert_true (said);
  g_assert_cmpfloat (gp_instance_get_gpu_memory_gb (gp_estimate_get_instance (top (answer))), >=,
                     23.8);
}

/* A job no GPU holds at the count asked for is answered with counts that hold it, saying so:
 * a preset's own count first, else any. */
static void
test_counts_that_fit (void)
{
  g_autoptr(GpWorkload) preset_job = gp_workload_new ();
  g_autoptr(GpWorkload) large_job = v100_job (300);
  g_autoptr(GpRecommender) preset_recommender = NULL;
  g_autoptr(GpRecommender) large_recommender = NULL;
  g_autoptr(GpRecommendation) preset_answer = NULL;
  g_autoptr(GpRecommendation) large_answer = NULL;
  GListModel *choices;

  gp_workload_set_preset (preset_job, "llama2-70b-lora-mlperf");
  preset_recommender = gp_recommender_new (preset_job);
  preset_answer = recommend (preset_recommender);
  choices = gp_recommendation_get_choices (preset_answer);
  g_assert_cmpuint (g_list_model_get_n_items (choices), >, 0);
  g_assert_null (gp_recommendation_get_message (preset_answer));
  g_assert_true (g_str_has_prefix (gp_recommendation_get_tips (preset_answer)[0],
                                   "No GPU holds the job with 1 GPU per instance: these use 8 "
                                   "GPUs per instance, the preset's own count"));
  for (guint i = 0; i < g_list_model_get_n_items (choices); i++)
    {
      g_autoptr(GpChoice) choice = g_list_model_get_item (choices, i);

      g_assert_cmpuint (gp_estimate_get_gpu_count (gp_choice_get_estimate (choice)), ==, 8);
    }

  /* 13B in full on one GPU: 250 GB; on eight 80 GB GPUs with ZeRO-3 it fits. */
  gp_workload_set_model_billions (large_job, 13);
  gp_workload_set_sharding (large_job, GP_SHARDING_ZERO3);
  large_recommender = gp_recommender_new (large_job);
  large_answer = recommend (large_recommender);
  g_assert_cmpuint (g_list_model_get_n_items (gp_recommendation_get_choices (large_answer)), >, 0);
  g_assert_true (g_str_has_prefix (gp_recommendation_get_tips (large_answer)[0],
                                   "No GPU holds the job with 1 GPU per instance: these use "
                                   "instances with as many GPUs as hold it"));
  g_assert_cmpuint (gp_estimate_get_gpu_count (top (large_answer)), >, 1);
}

/* 18. A 4-billion-parameter model to train in full: 4 × 16 bytes = 64 GB of model states per
 * GPU and 20 % on top, 76.8 GB, so only the 80 GB GPUs are left, and the 24 GB ones say why. */
static void
test_model_size (void)
{
  g_autoptr(GpWorkload) workload = v100_job (300);
  g_autoptr(GpRecommender) recommender = gp_recommender_new (workload);
  g_autoptr(GpRecommendation) answer = NULL;

  gp_workload_set_model_billions (workload, 4);
  answer = recommend (recommender);

  assert_choices_all (answer, has_80_gb);
  assert_excluded (answer, "aws-ec2/g5.xlarge", "[gpu-memory] 24 GB per GPU; the job needs "
                                                "76.8 GB on each");
}

/* 17. The weights and three choices, each on a platform of its own. */
static void
test_choices_shape (void)
{
  g_autoptr(GpWorkload) workload = v100_job (300);
  g_autoptr(GpRecommender) recommender = gp_recommender_new (workload);
  g_autoptr(GpRecommendation) answer = recommend (recommender);
  GListModel *choices = gp_recommendation_get_choices (answer);
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);
  double previous = G_MAXDOUBLE;

  g_assert_cmpuint (g_list_model_get_n_items (choices), ==, 3);
  g_assert_cmpfloat (gp_recommendation_get_cost_weight (answer), ==, 0.7);
  for (guint i = 0; i < 3; i++)
    {
      g_autoptr(GpChoice) choice = g_list_model_get_item (choices, i);

      /* Three platforms to discuss, not three instances of one. */
      GpEstimate *estimate = gp_choice_get_estimate (choice);

      g_assert_true (g_hash_table_add (seen, gp_estimate_get_provider (estimate)));
      g_assert_cmpfloat (gp_choice_get_score (choice), <=, previous);
      previous = gp_choice_get_score (choice);
    }
}

/* 19. Llama-2-70B LoRA (MLPerf) needs about 200 GB on one GPU: no single H100 or A100, and no
 * Colab T4 even for interactive work (it proposed both). On 8 GPUs, sharded, 25 GB each.
 * Where no platform has more GPUs per machine (Colab alone), nothing fits, and it says why. */
static void
test_70b_lora (void)
{
  g_autoptr(GpWorkload) workload = gp_workload_new ();
  g_autoptr(GpRecommender) recommender = NULL;
  g_autoptr(GpRecommendation) answer = NULL;
  const char *colab[] = { "colab", NULL };
  GListModel *choices;

  gp_workload_set_preset (workload, "llama2-70b-lora-mlperf");
  gp_workload_set_providers (workload, colab);
  recommender = gp_recommender_new (workload);
  gp_recommender_set_interactive (recommender, TRUE);
  answer = recommend (recommender);
  g_assert_cmpuint (g_list_model_get_n_items (gp_recommendation_get_choices (answer)), ==, 0);
  assert_excluded (answer, "colab/t4", "[gpu-memory] 16 GB per GPU; the job needs 200.3 GB");
  g_assert_nonnull (strstr (gp_recommendation_get_message (answer), "200 GB"));
  /* It is a sharded LoRA already: what is left is more GPUs, or 4-bit weights. */
  g_assert_nonnull (strstr (gp_recommendation_get_message (answer), "QLoRA"));
  g_assert_null (strstr (gp_recommendation_get_message (answer), "with LoRA"));
  g_clear_object (&answer);

  gp_workload_set_providers (workload, NULL);
  gp_workload_set_gpus (workload, 8);
  answer = recommend (recommender);
  choices = gp_recommendation_get_choices (answer);
  g_assert_cmpuint (g_list_model_get_n_items (choices), ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      g_autoptr(GpChoice) choice = g_list_model_get_item (choices, i);
      GpEstimate *estimate = gp_choice_get_estimate (choice);

      g_assert_cmpuint (gp_estimate_get_gpu_count (estimate), ==, 8);
      g_assert_cmpint (gp_estimate_get_fit (estimate), ==, GP_FIT_YES);
      g_assert_cmpfloat (gp_estimate_get_memory_needed_gb (estimate), <, 26);
    }
}

/* 20. The choices are three platforms; each keeps its next instances for "More from this
 * platform", none of them a choice already. */
static void
test_more_from_platform (void)
{
  g_autoptr(GpWorkload) workload = v100_job (300);
  g_autoptr(GpRecommender) recommender = gp_recommender_new (workload);
  g_autoptr(GpRecommendation) answer = recommend (recommender);
  GListModel *choices = gp_recommendation_get_choices (answer);
  guint more_seen = 0;

  g_assert_cmpuint (gp_recommendation_get_n_platforms (answer), ==, 3);
  for (guint i = 0; i < g_list_model_get_n_items (choices); i++)
    {
      g_autoptr(GpChoice) choice = g_list_model_get_item (choices, i);
      GpProvider *provider = gp_estimate_get_provider (gp_choice_get_estimate (choice));
      GListModel *more = gp_recommendation_get_more (answer, gp_provider_get_id (provider));

      for (guint k = 0; more != NULL && k < g_list_model_get_n_items (more); k++)
        {
          g_autoptr(GpChoice) other = g_list_model_get_item (more, k);
          GpEstimate *estimate = gp_choice_get_estimate (other);

          more_seen++;
          g_assert_true (gp_estimate_get_provider (estimate) == provider);
          g_assert_true (gp_estimate_get_instance (estimate) !=
                         gp_estimate_get_instance (gp_choice_get_estimate (choice)));
          g_assert_cmpfloat (gp_choice_get_score (other), <=, gp_choice_get_score (choice));
        }
    }
  g_assert_cmpuint (more_seen, >, 0);
}

/* 21. A rule fires only on an answer given: no dataset size, no [small-project] (it said "0 GB
 * is a small project"). */
static void
test_rules_need_answers (void)
{
  g_autoptr(GpWorkload) workload = v100_job (30);
  g_autoptr(GpRecommender) recommender = gp_recommender_new (workload);
  g_autoptr(GpRecommendation) answer = recommend (recommender);
  GListModel *choices = gp_recommendation_get_choices (answer);

  for (guint i = 0; i < g_list_model_get_n_items (choices); i++)
    {
      g_assert_false (has_reason (answer, i, "[small-project]"));
      g_assert_false (has_reason (answer, i, "[medium-project]"));
      g_assert_false (has_reason (answer, i, "[large-project]"));
    }
}

/* 22. 300 V100-hours on a Colab T4 is dozens of 12-hour sessions: left out beyond ten unless the
 * user allows more, and the sessions are said when it is chosen. */
static void
test_sessions_said_and_limited (void)
{
  g_autoptr(GpWorkload) workload = v100_job (300);
  g_autoptr(GpRecommender) recommender = gp_recommender_new (workload);
  g_autoptr(GpRecommendation) answer = NULL;

  gp_recommender_set_interactive (recommender, TRUE);
  answer = recommend (recommender);
  assert_excluded (answer, "colab/t4", "[session-limit] ");
  g_clear_object (&answer);

  gp_recommender_set_max_sessions (recommender, 0);
  gp_workload_set_providers (workload, (const char *[]) { "colab", NULL });
  answer = recommend (recommender);
  g_assert_cmpuint (gp_estimate_get_sessions (top (answer)), >, 10);
  g_assert_true (has_reason (answer, 0, "[sessions] "));
}

/* 23. Data in mainland China: the cross-border upload is said, and a yuan-priced provider in
 * Beijing (as AWS China is in the bundled catalog) is an option, converted at the rate. */
static void
test_data_in_mainland_china (void)
{
  g_autoptr(GpCatalog) catalog = catalog_with_fixture ("regions-catalog.json");
  g_autoptr(GpWorkload) workload = gp_workload_new ();
  g_autoptr(GpRecommender) recommender = gp_recommender_new (workload);
  g_autoptr(GpRecommendation) answer = NULL;
  g_autoptr(GError) error = NULL;
  GListModel *choices;
  gboolean china = FALSE;

  gp_workload_set_gpu_hours (workload, 30);
  gp_workload_set_reference_gpu (workload, "a10g");
  gp_workload_set_dataset_gb (workload, 200);
  gp_workload_set_providers (workload, (const char *[]) { "yuan-cloud", "lambda", "gcp", NULL });
  gp_recommender_set_data_region (recommender, "place:China");
  answer = gp_recommender_recommend (recommender, catalog, NULL, &error);
  g_assert_no_error (error);
  choices = gp_recommendation_get_choices (answer);
  for (guint i = 0; i < g_list_model_get_n_items (choices); i++)
    {
      g_autoptr(GpChoice) choice = g_list_model_get_item (choices, i);
      GpEstimate *estimate = gp_choice_get_estimate (choice);

      if (g_str_equal (gp_provider_get_id (gp_estimate_get_provider (estimate)), "yuan-cloud"))
        {
          china = TRUE;
          g_assert_true (has_reason (answer, i, "[cross-border] Beijing (cn-north-1) is in "
                                                "mainland China with the data"));
          g_assert_cmpstr (gp_estimate_get_currency (estimate), ==, "USD");
        }
      else
        g_assert_true (has_reason (answer, i, "[cross-border] the data leaves mainland China"));
    }
  g_assert_true (china);
}

/* The mixed plan comes as phases too, for the user to edit and budget: on the fixture of a fast
 * GPU on demand (the first choice) and a slow one on spot, a tenth of the job on the fast one
 * and the rest on spot is cheaper than the first choice alone. */
static void
test_mixed_plan_as_phases (void)
{
  g_autoptr(GpCatalog) catalog = catalog_with_fixture ("mixed-plan-catalog.json");
  g_autoptr(GpWorkload) workload = gp_workload_new ();
  g_autoptr(GpRecommender) recommender = NULL;
  g_autoptr(GpRecommendation) answer = NULL;
  g_autoptr(GError) error = NULL;
  const char *providers[] = { "mixcloud", NULL };
  const GpProject *project;
  const GpPhase *prototype, *final;

  gp_workload_set_gpu_hours (workload, 100);
  gp_workload_set_reference_gpu (workload, "a100-sxm4-80gb");
  gp_workload_set_interruptible (workload, TRUE);
  gp_workload_set_providers (workload, providers);
  recommender = gp_recommender_new (workload);
  answer = gp_recommender_recommend (recommender, catalog, NULL, &error);
  g_assert_no_error (error);

  g_assert_cmpuint (g_strv_length ((char **) gp_recommendation_get_plan (answer)), ==, 3);
  project = gp_recommendation_get_project (answer);
  g_assert_nonnull (project);
  g_assert_cmpuint (project->phases->len, ==, 2);
  g_assert_cmpstr (project->reference_gpu, ==, "a100-sxm4-80gb");
  prototype = g_ptr_array_index (project->phases, 0);
  final = g_ptr_array_index (project->phases, 1);
  g_assert_cmpstr (prototype->instance, ==, "mixcloud/fast");
  g_assert_cmpint (prototype->pricing, ==, GP_ESTIMATE_PRICING_ON_DEMAND);
  g_assert_cmpfloat_with_epsilon (prototype->gpu_hours, 10, 1e-9);
  g_assert_cmpstr (final->instance, ==, "mixcloud/slow");
  g_assert_cmpstr (final->region, ==, "m1");
  g_assert_cmpint (final->pricing, ==, GP_ESTIMATE_PRICING_SPOT);
  g_assert_cmpfloat_with_epsilon (final->gpu_hours, 90, 1e-9);
}

/* A lab in mainland China that pays only against Chinese invoices: the platform that issues
 * them first, however much cheaper the others are, then one no source speaks of, then one that
 * issues none, then one it cannot reach, each with its reason; without the need, the cheapest it
 * reaches first. "Usable only" leaves out what it cannot reach or pay. */
static void
test_invoice_required (void)
{
  g_autoptr(GpCatalog) catalog = catalog_with_fixture ("invoice-catalog.json");
  const char *providers[] = { "fapiao", "nofapiao", "unsaid", "blocked", NULL };
  const char *needed[] = { "fapiao", "unsaid", "nofapiao", "blocked" };
  const char *not_needed[] = { "nofapiao", "unsaid", "fapiao", "blocked" };

  for (guint required = 0; required < 2; required++)
    {
      g_autoptr(GpWorkload) workload = gp_workload_new ();
      g_autoptr(GpRecommender) recommender = NULL;
      g_autoptr(GpRecommendation) answer = NULL;
      g_autoptr(GError) error = NULL;
      GListModel *choices;

      gp_workload_set_gpu_hours (workload, 100);
      gp_workload_set_reference_gpu (workload, "inv-gpu");
      gp_workload_set_providers (workload, providers);
      gp_workload_set_lab_location (workload, GP_LAB_LOCATION_MAINLAND_CHINA);
      gp_workload_set_invoice_required (workload, required);
      recommender = gp_recommender_new (workload);
      gp_recommender_set_max_choices (recommender, 0);
      answer = gp_recommender_recommend (recommender, catalog, NULL, &error);
      g_assert_no_error (error);
      choices = gp_recommendation_get_choices (answer);
      g_assert_cmpuint (g_list_model_get_n_items (choices), ==, 4);
      for (guint i = 0; i < 4; i++)
        {
          g_autoptr(GpChoice) choice = g_list_model_get_item (choices, i);

          g_assert_cmpstr (
              gp_provider_get_id (gp_estimate_get_provider (gp_choice_get_estimate (choice))), ==,
              required ? needed[i] : not_needed[i]);
        }
      g_assert_true (has_reason (answer, 3, "[unreachable] Blocked Cloud"));
      if (!required)
        {
          g_assert_false (has_reason (answer, 2, "[invoice]"));
          continue;
        }
      g_assert_true (has_reason (answer, 0,
                                 "[invoice] Fapiao Cloud issues Chinese VAT invoices (发票), "
                                 "which your spending needs: VAT special invoices"));
      g_assert_true (has_reason (answer, 1,
                                 "[invoice-not-found] no source found says whether "
                                 "Unsaid Cloud"));
      g_assert_true (has_reason (answer, 2, "[no-invoice] Receipt Cloud issues no Chinese VAT"));
    }

  /* Usable only: what the lab reaches and, needing invoices, can pay; one no source speaks of
   * stays (a filter must not hide what we have not found). */
  for (guint required = 0; required < 2; required++)
    {
      g_autoptr(GpWorkload) workload = gp_workload_new ();
      g_autoptr(GpEstimateList) list = NULL;
      g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
      g_autoptr(GError) error = NULL;

      gp_workload_set_gpu_hours (workload, 100);
      gp_workload_set_reference_gpu (workload, "inv-gpu");
      gp_workload_set_providers (workload, providers);
      gp_workload_set_lab_location (workload, GP_LAB_LOCATION_MAINLAND_CHINA);
      gp_workload_set_invoice_required (workload, required);
      gp_workload_set_usable_only (workload, TRUE);
      list = gp_estimate_list_new (catalog, workload, NULL, &error);
      g_assert_no_error (error);
      for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (list)); i++)
        {
          g_autoptr(GpEstimate) estimate = g_list_model_get_item (G_LIST_MODEL (list), i);

          g_hash_table_add (seen,
                            (gpointer) gp_provider_get_id (gp_estimate_get_provider (estimate)));
        }
      g_assert_true (g_hash_table_contains (seen, "fapiao"));
      g_assert_true (g_hash_table_contains (seen, "unsaid"));
      g_assert_false (g_hash_table_contains (seen, "blocked"));
      g_assert_true (g_hash_table_contains (seen, "nofapiao") == !required);
    }
}

/* A lab in mainland China: a platform it cannot reach comes after every one it can, however
 * cheap, with [unreachable]; one across the border says [cross-border], one in China what its
 * account needs; the estimates say the same. A lab elsewhere reaches them all, cheapest first. */
static void
test_lab_in_mainland_china (void)
{
  g_autoptr(GpCatalog) catalog = catalog_with_fixture ("reach-catalog.json");
  g_autoptr(GError) error = NULL;
  const char *providers[] = { "near", "far", "walled", "silent", NULL };
  const GpLabLocation places[] = { GP_LAB_LOCATION_MAINLAND_CHINA, GP_LAB_LOCATION_ELSEWHERE };

  for (guint p = 0; p < G_N_ELEMENTS (places); p++)
    {
      g_autoptr(GpWorkload) workload = gp_workload_new ();
      g_autoptr(GpRecommender) recommender = NULL;
      g_autoptr(GpRecommendation) answer = NULL;
      GListModel *choices;
      guint n;

      gp_workload_set_gpu_hours (workload, 100);
      gp_workload_set_reference_gpu (workload, "reach-gpu");
      gp_workload_set_providers (workload, providers);
      gp_workload_set_lab_location (workload, places[p]);
      recommender = gp_recommender_new (workload);
      gp_recommender_set_max_choices (recommender, 0);
      answer = gp_recommender_recommend (recommender, catalog, NULL, &error);
      g_assert_no_error (error);
      choices = gp_recommendation_get_choices (answer);
      n = g_list_model_get_n_items (choices);
      g_assert_cmpuint (n, ==, 4);

      for (guint i = 0; i < n; i++)
        {
          g_autoptr(GpChoice) choice = g_list_model_get_item (choices, i);
          GpEstimate *estimate = gp_choice_get_estimate (choice);
          const char *id = gp_provider_get_id (gp_estimate_get_provider (estimate));

          if (places[p] == GP_LAB_LOCATION_ELSEWHERE)
            {
              /* The cheapest first; nobody is told anything of reach. */
              if (i == 0)
                g_assert_cmpstr (id, ==, "walled");
              g_assert_cmpint (gp_estimate_get_reachability (estimate), ==,
                               GP_REACHABILITY_IN_CHINA);
              g_assert_false (has_reason (answer, i, "[unreachable]"));
              continue;
            }
          if (g_str_equal (id, "walled"))
            {
              g_assert_cmpuint (i, ==, n - 1);
              g_assert_true (
                  has_reason (answer, i, "[unreachable] Walled Cloud cannot be reached"));
            }
          else if (g_str_equal (id, "far"))
            g_assert_true (has_reason (answer, i, "[cross-border] Far Cloud"));
          else if (g_str_equal (id, "near"))
            g_assert_true (has_reason (answer, i,
                                       "[in-china] Near Cloud is in mainland China; its "
                                       "account needs a licence"));
        }
    }

  /* The estimates say it too. */
  {
    g_autoptr(GpWorkload) workload = gp_workload_new ();
    g_autoptr(GpEstimateList) list = NULL;

    gp_workload_set_gpu_hours (workload, 100);
    gp_workload_set_reference_gpu (workload, "reach-gpu");
    gp_workload_set_providers (workload, providers);
    gp_workload_set_lab_location (workload, GP_LAB_LOCATION_MAINLAND_CHINA);
    list = gp_estimate_list_new (catalog, workload, NULL, &error);
    g_assert_no_error (error);
    for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (list)); i++)
      {
        g_autoptr(GpEstimate) estimate = g_list_model_get_item (G_LIST_MODEL (list), i);
        const char *id = gp_provider_get_id (gp_estimate_get_provider (estimate));
        g_autofree char *text = g_strjoinv ("\n", (char **) gp_estimate_get_assumptions (estimate));
        const struct
        {
          const char *id;
          GpReachability reach;
          const char *said;
        } expected[] = {
          { "near", GP_REACHABILITY_IN_CHINA,
            "From your lab in mainland China: in China (near note)" },
          { "far", GP_REACHABILITY_CROSS_BORDER,
            "From your lab in mainland China: across the border" },
          { "walled", GP_REACHABILITY_UNREACHABLE,
            "From your lab in mainland China: not reachable" },
          { "silent", GP_REACHABILITY_UNKNOWN,
            "the catalog does not say whether it can be reached" },
        };

        for (guint e = 0; e < G_N_ELEMENTS (expected); e++)
          if (g_str_equal (id, expected[e].id))
            {
              g_assert_cmpint (gp_estimate_get_reachability (estimate), ==, expected[e].reach);
              g_assert_nonnull (strstr (text, expected[e].said));
              /* Every row, bar and slide marks what needs a cross-border route or is out of
               * reach; nothing else. */
              g_assert_true ((gp_estimate_get_reach_mark (estimate) != NULL) ==
                             (expected[e].reach == GP_REACHABILITY_CROSS_BORDER ||
                              expected[e].reach == GP_REACHABILITY_UNREACHABLE));
            }
      }
  }
}

/* A platform in China with a region abroad (Alibaba Cloud's Singapore): from a lab in mainland
 * China that region is across the border in the estimate, its reasons and its upload, and its
 * time to a result counts the upload; the platform's regions at home stay in China. */
static void
test_region_abroad_of_platform_in_china (void)
{
  g_autoptr(GpCatalog) catalog = catalog_with_fixture ("reach-catalog.json");
  g_autoptr(GpWorkload) workload = gp_workload_new ();
  g_autoptr(GpRecommender) recommender = NULL;
  g_autoptr(GpRecommendation) answer = NULL;
  g_autoptr(GError) error = NULL;
  GListModel *choices;
  guint seen = 0;

  gp_workload_set_gpu_hours (workload, 10);
  gp_workload_set_reference_gpu (workload, "reach-gpu");
  gp_workload_set_dataset_gb (workload, 50);
  gp_workload_set_providers (workload, (const char *[]){ "offshore", NULL });
  gp_workload_set_lab_location (workload, GP_LAB_LOCATION_MAINLAND_CHINA);
  recommender = gp_recommender_new (workload);
  gp_recommender_set_grouping (recommender, GP_ESTIMATE_GROUPING_OFFER);
  gp_recommender_set_max_choices (recommender, 0);
  answer = gp_recommender_recommend (recommender, catalog, NULL, &error);
  g_assert_no_error (error);
  choices = gp_recommendation_get_choices (answer);
  g_assert_cmpuint (g_list_model_get_n_items (choices), ==, 2);
  for (guint i = 0; i < g_list_model_get_n_items (choices); i++)
    {
      g_autoptr(GpChoice) choice = g_list_model_get_item (choices, i);
      GpEstimate *estimate = gp_choice_get_estimate (choice);
      const char *region = gp_offer_get_region_id (gp_estimate_get_offer (estimate));
      g_autofree char *said = g_strjoinv ("\n", (char **) gp_estimate_get_assumptions (estimate));
      g_autofree char *time = g_strdup_printf ("[time] %.1f h with the %.1f h upload",
                                               gp_estimate_get_wall_hours (estimate) +
                                                   gp_estimate_get_upload_hours (estimate),
                                               gp_estimate_get_upload_hours (estimate));

      g_assert_true (has_reason (answer, i, time));
      if (g_str_equal (region, "abroad"))
        {
          g_assert_cmpint (gp_estimate_get_reachability (estimate), ==,
                           GP_REACHABILITY_CROSS_BORDER);
          g_assert_nonnull (gp_estimate_get_reach_mark (estimate));
          g_assert_true (has_reason (answer, i,
                                     "[cross-border] Offshore Cloud's region "
                                     "Singapore (abroad) is outside mainland China"));
          g_assert_true (has_reason (answer, i,
                                     "[cross-border] the data leaves mainland China "
                                     "for Singapore (abroad): its upload takes 27.8 h"));
          g_assert_false (has_reason (answer, i, "[in-china]"));
          g_assert_nonnull (strstr (said, "across the border, as this region is outside "
                                          "mainland China"));
          /* The platform's note speaks of its regions in China. */
          g_assert_null (strstr (said, "offshore note"));
        }
      else
        {
          g_assert_cmpstr (region, ==, "home");
          g_assert_cmpint (gp_estimate_get_reachability (estimate), ==, GP_REACHABILITY_IN_CHINA);
          g_assert_null (gp_estimate_get_reach_mark (estimate));
          g_assert_true (has_reason (answer, i, "[in-china] Offshore Cloud is in mainland China"));
          g_assert_true (has_reason (answer, i,
                                     "[cross-border] Hangzhou (home) is in mainland "
                                     "China with the data"));
          g_assert_nonnull (strstr (said, "From your lab in mainland China: in China (offshore "
                                          "note)"));
        }
      seen++;
    }
  g_assert_cmpuint (seen, ==, 2);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/recommender/small-notebook-job", test_small_notebook_job);
  g_test_add_func ("/recommender/session-limit", test_session_limit);
  g_test_add_func ("/recommender/lab-in-mainland-china", test_lab_in_mainland_china);
  g_test_add_func ("/recommender/invoice-required", test_invoice_required);
  g_test_add_func ("/recommender/region-abroad-of-platform-in-china",
                   test_region_abroad_of_platform_in_china);
  g_test_add_func ("/recommender/doubtful-price-never-chosen", test_doubtful_price_never_chosen);
  g_test_add_func ("/recommender/region-area-required", test_region_area_required);
  g_test_add_func ("/recommender/large-dataset", test_large_dataset);
  g_test_add_func ("/recommender/tight-budget", test_tight_budget);
  g_test_add_func ("/recommender/tight-deadline", test_tight_deadline);
  g_test_add_func ("/recommender/memory-80-gb", test_memory_80_gb);
  g_test_add_func ("/recommender/enterprise-identity", test_enterprise_identity);
  g_test_add_func ("/recommender/no-interruptions", test_no_interruptions);
  g_test_add_func ("/recommender/region-required", test_region_required);
  g_test_add_func ("/recommender/impossible", test_impossible);
  g_test_add_func ("/recommender/data-region", test_data_region);
  g_test_add_func ("/recommender/spot-with-checkpoints", test_spot_with_checkpoints);
  g_test_add_func ("/recommender/medium-project", test_medium_project);
  g_test_add_func ("/recommender/upload-command", test_upload_command);
  g_test_add_func ("/recommender/preset-multi-gpu", test_preset_multi_gpu);
  g_test_add_func ("/recommender/preset-memory", test_preset_memory);
  g_test_add_func ("/recommender/counts-that-fit", test_counts_that_fit);
  g_test_add_func ("/recommender/choices-shape", test_choices_shape);
  g_test_add_func ("/recommender/model-size", test_model_size);
  g_test_add_func ("/recommender/70b-lora", test_70b_lora);
  g_test_add_func ("/recommender/more-from-platform", test_more_from_platform);
  g_test_add_func ("/recommender/rules-need-answers", test_rules_need_answers);
  g_test_add_func ("/recommender/sessions-said-and-limited", test_sessions_said_and_limited);
  g_test_add_func ("/recommender/data-in-mainland-china", test_data_in_mainland_china);
  g_test_add_func ("/recommender/mixed-plan-as-phases", test_mixed_plan_as_phases);

  return g_test_run ();
}
