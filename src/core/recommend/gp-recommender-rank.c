/* gp-recommender-rank.c — where this lab should train, and why: the answer
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Hard constraints first: an offer that fails one is out, and the answer names the
 * constraint. Then the estimator's cost and time of every remaining offer and way of paying
 * make a score, cost and time weighted as the answer states. Then the rules of thumb labs
 * know (small projects suit notebooks and simple GPU clouds, large ones reserved capacity
 * and spot, keep data beside compute…) adjust the score by a stated factor, each leaving a
 * reason with its name: a rule never overrides the cost data silently.
 */

#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "gp-cost-model.h"
#include "gp-enums.h"
#include "gp-estimate-list.h"
#include "gp-format.h"
#include "gp-memory-model.h"
#include "gp-launch.h"
#include "gp-quote-layer.h"
#include "gp-recommender.h"
#include "gp-recommender-private.h"
#include "gp-util.h"

/* Dataset classes of the rules, in GB (decimal, as the providers bill). */
#define SMALL_PROJECT_GB 100.0
#define LARGE_PROJECT_GB 1000.0
/* How much a rule moves a score: enough to decide between near equals, never a 2× gap. */
#define RULE_BONUS   1.10
#define RULE_PENALTY 0.90
/* More of one platform's instances offered under "More from this platform". */
#define MORE_CHOICES   4
#define MAINLAND_CHINA "geography:Mainland China"

/* Recommending */

typedef struct
{
  GpRecommender *self;
  GpCatalog *catalog;
  GpWorkload *workload;   /* the copy estimated: no region filter, no budget */
  const char *region;     /* the user's region, required or preferred */
  double min_memory_gb;   /* the user's figure, 0 for none */
  gboolean data_in_china; /* the data sits in mainland China */
  double dataset_gb;
  double min_cost;
  double min_wall;
  double cost_weight;
  double time_weight;
  double carbon_weight;
  double min_co2e; /* the least known emissions of the options that fit */
  GpEstimateList *estimates;
} Context;

static char *
money (GpEstimate *estimate,
       double      amount)
{
  return g_strdup_printf ("%.2f %s", amount, gp_estimate_get_currency (estimate));
}

/* Whether @offer is in @area: a place (gp_region_in_area()) or one region's code. */
static gboolean
in_area (GpOffer    *offer,
         const char *area)
{
  GpRegion *region = gp_offer_get_region (offer);

  return region != NULL ? gp_region_in_area (region, area)
                        : g_strcmp0 (gp_offer_get_region_id (offer), area) == 0;
}

/* Where @offer is, as a reason names it: a quote that states no place is its provider's
 * ("AutoDL is in mainland China with the data"), never "Not stated is…". */
static char *
dup_reason_place (GpOffer *offer)
{
  if (g_strcmp0 (gp_offer_get_region_id (offer), GP_QUOTE_REGION_UNSTATED) == 0 &&
      gp_offer_get_instance (offer) != NULL)
    return g_strdup (
        gp_provider_get_name (gp_instance_get_provider (gp_offer_get_instance (offer))));
  return gp_offer_dup_region_label (offer);
}

/* The first hard constraint @estimate fails, as "[name] why", or NULL when it passes all. */
static char *
failed_constraint (Context    *context,
                   GpEstimate *estimate)
{
  GpRecommender *self = context->self;
  GpInstance *instance = gp_estimate_get_instance (estimate);
  GpProvider *provider = gp_estimate_get_provider (estimate);
  GpFeature missing = self->needs & ~gp_provider_get_features (provider);
  double max_session = gp_provider_get_max_session_hours (provider);
  double deadline = gp_workload_get_deadline_hours (context->workload);
  double budget = gp_workload_get_budget (context->workload);

  if (gp_estimate_get_fit (estimate) == GP_FIT_NO)
    return g_strdup_printf (_("[gpu-memory] %.0f GB per GPU; the job needs %.1f GB on each "
                               "(see the memory assumption)"),
                            gp_instance_get_gpu_memory_gb (instance),
                            gp_estimate_get_memory_needed_gb (estimate));

  if (context->min_memory_gb > 0 &&
      gp_instance_get_gpu_memory_gb (instance) < context->min_memory_gb)
    return g_strdup_printf (_("[gpu-memory] %.0f GB per GPU, the job needs %.0f GB"),
                            gp_instance_get_gpu_memory_gb (instance), context->min_memory_gb);

  /* A machine cannot run without the host its GPUs are attached to. */
  if (gp_estimate_is_gpu_only (estimate))
    return g_strdup_printf (_("[gpu-only-price] the price is the GPUs alone, without the %s "
                               "machine they must be attached to, which the catalog does not "
                               "price"),
                            gp_instance_get_host_required (instance));

  /* A price the source itself gets wrong would win for the wrong reason. */
  if (gp_estimate_is_doubtful (estimate))
    {
      g_autofree char *problems =
          gp_format_anomalies (gp_offer_get_anomalies (gp_estimate_get_offer (estimate)));
      return g_strdup_printf (_("[doubtful-price] the source’s price is doubtful: %s"), problems);
    }

  /* The feature by its name in the user's language, not the --needs word ("automl"). */
  if (missing != GP_FEATURE_NONE)
    return g_strdup_printf (_("[features] %s does not offer %s"), gp_provider_get_name (provider),
                            gp_feature_get_label (missing));

  if (self->region_required && context->region != NULL &&
      !in_area (gp_estimate_get_offer (estimate), context->region))
    {
      g_autofree char *where = dup_reason_place (gp_estimate_get_offer (estimate));
      g_autofree char *wanted = gp_area_dup_label (context->region);

      return g_strdup_printf (_("[region] in %s; the data must stay in %s"), where, wanted);
    }

  if (!self->interactive && gp_estimate_get_sessions (estimate) > 1)
    return g_strdup_printf (_("[session-limit] sessions end after %.0f h; the job runs %.1f h "
                               "unattended"),
                            max_session, gp_estimate_get_wall_hours (estimate));

  if (self->max_sessions > 0 && gp_estimate_get_sessions (estimate) > self->max_sessions)
    return g_strdup_printf (_("[session-limit] %u sessions of at most %.0f h, each started "
                               "again by hand; more than %u are left out unless you allow more"),
                            gp_estimate_get_sessions (estimate), max_session, self->max_sessions);

  if (deadline > 0 && !gp_estimate_meets_deadline (estimate))
    return g_strdup_printf (
        _("[deadline] %.1f h with the upload, the deadline is %.0f h"),
        gp_estimate_get_upload_hours (estimate) + gp_estimate_get_wall_hours (estimate), deadline);

  if (budget > 0 && !gp_estimate_within_budget (estimate))
    {
      g_autofree char *total = money (estimate, gp_estimate_get_total_cost (estimate));
      g_autofree char *limit = money (estimate, budget);
      return g_strdup_printf (_("[budget] %s, the budget is %s"), total, limit);
    }

  return NULL;
}

static gboolean
is_commitment (GpEstimatePricing pricing)
{
  return pricing == GP_ESTIMATE_PRICING_RESERVED_1Y || pricing == GP_ESTIMATE_PRICING_RESERVED_3Y;
}

static gboolean
is_large_cloud (GpProvider *provider)
{
  return gp_provider_has_feature (provider, GP_FEATURE_ENTERPRISE_IDENTITY);
}

/* Whether @area (a region's code or a place) is in mainland China. */
static gboolean
area_in_mainland_china (GpCatalog  *catalog,
                        const char *area)
{
  GListModel *offers = gp_catalog_get_offers (catalog);

  if (area == NULL)
    return FALSE;
  if (g_str_equal (area, MAINLAND_CHINA) || g_str_equal (area, "place:China"))
    return TRUE;
  if (gp_area_is_valid (area))
    return FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (offers); i++)
    {
      g_autoptr(GpOffer) offer = g_list_model_get_item (offers, i);
      GpRegion *region = gp_offer_get_region (offer);

      if (region != NULL && g_strcmp0 (gp_offer_get_region_id (offer), area) == 0)
        return gp_region_in_area (region, MAINLAND_CHINA);
    }

  return FALSE;
}

/* Data in mainland China crosses the border to reach an offer abroad, as the estimate's upload
 * decides it (a region outside mainland China, or a platform across the border): from a lab
 * there the upload runs at the cross-border speed (sourced, the user's to change), and the rule
 * prefers the offers inside. */
static double
apply_cross_border (Context    *context,
                    GpEstimate *estimate,
                    double      score,
                    GPtrArray  *reasons)
{
  GpOffer *offer = gp_estimate_get_offer (estimate);
  g_autofree char *place = dup_reason_place (offer);

  if (!gp_offer_crosses_border (offer, GP_LAB_LOCATION_MAINLAND_CHINA))
    {
      g_ptr_array_add (reasons, g_strdup_printf (_("[cross-border] %s is in mainland China with "
                                                    "the data: no cross-border upload (score "
                                                    "×%.2f)"),
                                                 place, RULE_BONUS));
      return score * RULE_BONUS;
    }

  /* Notebook services are priced once for the world; the upload goes abroad all the same. */
  if (gp_workload_get_lab_location (context->workload) != GP_LAB_LOCATION_MAINLAND_CHINA)
    g_ptr_array_add (reasons, g_strdup_printf (_("[cross-border] the data leaves mainland China "
                                                  "for %s (score ×%.2f)"),
                                               place, RULE_PENALTY));
  else
    g_ptr_array_add (reasons, g_strdup_printf (_("[cross-border] the data leaves mainland China "
                                                  "for %s: its upload takes %.1f h at the "
                                                  "cross-border speed, which Preferences set "
                                                  "(score ×%.2f)"),
                                               place, gp_estimate_get_upload_hours (estimate),
                                               RULE_PENALTY));
  return score * RULE_PENALTY;
}

/* Applies the named rules of thumb to @score, each leaving its reason in @reasons. */
static double
apply_rules (Context    *context,
             GpEstimate *estimate,
             double      score,
             GPtrArray  *reasons)
{
  GpRecommender *self = context->self;
  GpProvider *provider = gp_estimate_get_provider (estimate);
  GpEstimatePricing pricing = gp_estimate_get_pricing (estimate);
  GpOffer *offer = gp_estimate_get_offer (estimate);
  const char *region = gp_offer_get_region_id (offer);
  g_autofree char *place = dup_reason_place (offer);
  double dataset = context->dataset_gb;
  gboolean notebook = gp_provider_get_kind (provider) == GP_PROVIDER_KIND_NOTEBOOK;

  /* A dataset of 0 GB is no answer: the size rules wait for one. */
  if (dataset > 0 && dataset < SMALL_PROJECT_GB && (notebook || !is_large_cloud (provider)))
    {
      score *= RULE_BONUS;
      g_ptr_array_add (reasons, g_strdup_printf (_("[small-project] %.0f GB is a small project: "
                                                    "notebook services and simple GPU clouds "
                                                    "suit it (score ×%.2f)"),
                                                 dataset, RULE_BONUS));
    }
  else if (dataset >= SMALL_PROJECT_GB && dataset <= LARGE_PROJECT_GB &&
           is_large_cloud (provider) && pricing == GP_ESTIMATE_PRICING_ON_DEMAND)
    {
      score *= RULE_BONUS;
      g_ptr_array_add (reasons, g_strdup_printf (_("[medium-project] %.0f GB suits a large "
                                                    "cloud's on-demand instances (score ×%.2f)"),
                                                 dataset, RULE_BONUS));
    }
  else if (dataset > LARGE_PROJECT_GB &&
           (is_commitment (pricing) || pricing == GP_ESTIMATE_PRICING_SPOT))
    {
      score *= RULE_BONUS;
      g_ptr_array_add (reasons, g_strdup_printf (_("[large-project] %.0f GB suits reserved "
                                                    "capacity mixed with spot (score ×%.2f)"),
                                                 dataset, RULE_BONUS));
    }

  if (pricing == GP_ESTIMATE_PRICING_SPOT &&
      gp_workload_get_checkpoint_minutes (context->workload) > 0)
    {
      score *= RULE_BONUS;
      g_ptr_array_add (reasons,
                       g_strdup_printf (_("[spot-with-checkpoints] the job checkpoints "
                                           "every %.0f minutes, so interruptions cost "
                                           "%.2f h of rework (score ×%.2f)"),
                                        gp_workload_get_checkpoint_minutes (context->workload),
                                        gp_estimate_get_rework_hours (estimate), RULE_BONUS));
    }

  if (gp_estimate_get_sessions (estimate) > 1)
    g_ptr_array_add (reasons, g_strdup_printf (_("[sessions] %u sessions of at most %.0f h: "
                                                  "each is started again by hand and resumes "
                                                  "from the last checkpoint"),
                                               gp_estimate_get_sessions (estimate),
                                               gp_provider_get_max_session_hours (provider)));

  if (context->data_in_china)
    score = apply_cross_border (context, estimate, score, reasons);

  if (self->data_region != NULL && !gp_area_is_valid (self->data_region))
    {
      if (g_strcmp0 (region, self->data_region) == 0)
        {
          score *= RULE_BONUS;
          g_ptr_array_add (reasons, g_strdup_printf (_("[same-region] the data is already in %s "
                                                        "(score ×%.2f)"),
                                                     place, RULE_BONUS));
        }
      else
        {
          score *= RULE_PENALTY;
          g_ptr_array_add (reasons, g_strdup_printf (_("[same-region] the data must move from %s "
                                                        "to %s (score ×%.2f)"),
                                                     self->data_region, place, RULE_PENALTY));
        }
    }

  if (!self->region_required && context->region != NULL && in_area (offer, context->region))
    {
      g_autofree char *wanted = gp_area_dup_label (context->region);

      score *= RULE_BONUS;
      /* Translators: the offer's region, then the place the user prefers ("Near Mainland
       * China", "Tokyo, Japan" or a region's code) */
      g_ptr_array_add (reasons, g_strdup_printf (_("[region] in %s, in %s as you prefer "
                                                    "(score ×%.2f)"),
                                                 place, wanted, RULE_BONUS));
    }

  if (self->interactive && gp_provider_has_feature (provider, GP_FEATURE_MANAGED_NOTEBOOKS))
    {
      score *= RULE_BONUS;
      g_ptr_array_add (reasons, g_strdup_printf (_("[notebooks] managed notebooks for "
                                                    "interactive work (score ×%.2f)"),
                                                 RULE_BONUS));
    }
  else if (!self->interactive && notebook)
    {
      score *= RULE_PENALTY;
      g_ptr_array_add (reasons, g_strdup_printf (_("[unattended] notebook services disconnect "
                                                    "idle sessions; a long run needs a machine "
                                                    "of its own (score ×%.2f)"),
                                                 RULE_PENALTY));
    }

  if ((self->needs & GP_FEATURE_ENTERPRISE_IDENTITY) != 0)
    g_ptr_array_add (reasons, g_strdup (_("[enterprise-identity] offers the enterprise sign-in "
                                           "and security the team needs")));

  return score;
}

/* How to put the data where the job runs: the platform's command, from the launch data; NULL
 * where the data goes by hand (Colab reads Google Drive). */
static char *
upload_command (GpEstimate *estimate)
{
  const char *language = NULL;
  g_autofree char *command = gp_launch_data_dup_upload (
      gp_launch_data_get_default (), gp_estimate_get_provider (estimate),
      gp_offer_get_region_id (gp_estimate_get_offer (estimate)), "./data", &language);

  return g_strcmp0 (language, "shell") == 0 ? g_steal_pointer (&command) : NULL;
}

static gboolean
same_option (GpEstimate *a,
             GpEstimate *b)
{
  return gp_estimate_get_instance (a) == gp_estimate_get_instance (b);
}

static void
add_tips (Context          *context,
          GpRecommendation *answer,
          GpEstimateList   *estimates,
          GpEstimate       *best)
{
  GpProvider *provider = gp_estimate_get_provider (best);
  GpOffer *offer = gp_estimate_get_offer (best);
  double dataset = gp_workload_get_dataset_gb (context->workload);
  double results = gp_workload_get_results_gb (context->workload);
  g_autofree char *command = upload_command (best);
  GpEstimate *spot = NULL, *cheaper_region = NULL;

  g_autoptr(GpEstimateList) with_spot = NULL;

  /* Spot was not asked for: estimate it anyway, to say what allowing it would save. */
  if (!gp_workload_get_interruptible (context->workload) &&
      (gp_provider_get_pricing (provider) & GP_PRICING_SPOT) != 0)
    {
      g_autoptr(GpWorkload) copy = gp_workload_copy (context->workload);

      gp_workload_set_interruptible (copy, TRUE);
      if (gp_workload_get_checkpoint_minutes (copy) <= 0)
        gp_workload_set_checkpoint_minutes (copy, 60);
      with_spot = gp_estimate_list_new (context->catalog, copy, NULL, NULL);
    }

  for (guint i = 0; with_spot != NULL && i < g_list_model_get_n_items (G_LIST_MODEL (with_spot));
       i++)
    {
      g_autoptr(GpEstimate) other = g_list_model_get_item (G_LIST_MODEL (with_spot), i);

      if (spot == NULL && same_option (other, best) &&
          gp_estimate_get_pricing (other) == GP_ESTIMATE_PRICING_SPOT &&
          g_strcmp0 (gp_offer_get_region_id (gp_estimate_get_offer (other)),
                     gp_offer_get_region_id (offer)) == 0)
        spot = other; /* the list keeps it */
    }

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (estimates)); i++)
    {
      g_autoptr(GpEstimate) other = g_list_model_get_item (G_LIST_MODEL (estimates), i);

      if (!same_option (other, best))
        continue;
      if (spot == NULL && gp_estimate_get_pricing (other) == GP_ESTIMATE_PRICING_SPOT &&
          g_strcmp0 (gp_offer_get_region_id (gp_estimate_get_offer (other)),
                     gp_offer_get_region_id (offer)) == 0)
        spot = other;
      if (cheaper_region == NULL &&
          gp_estimate_get_pricing (other) == gp_estimate_get_pricing (best) &&
          gp_estimate_get_total_cost (other) < gp_estimate_get_total_cost (best) - 0.005)
        cheaper_region = other;
    }

  if (spot != NULL && gp_estimate_get_pricing (best) != GP_ESTIMATE_PRICING_SPOT)
    {
      g_autofree char *spot_total = money (spot, gp_estimate_get_total_cost (spot));
      double saving = 1 - gp_estimate_get_total_cost (spot) / gp_estimate_get_total_cost (best);
      /* The longest checkpoint interval that keeps the expected rework under 1% of the run:
       * λ × (interval / 2 + restart) ≤ 1%. */
      double lambda =
          gp_cost_interruptions_per_hour (gp_estimate_get_interruptions_per_month (spot));
      double restart = gp_workload_get_restart_minutes (context->workload);
      double interval;

      if (isnan (restart))
        restart =
            gp_estimator_data_get_coefficient (gp_estimator_data_get_default (), "restart_minutes");
      interval = lambda > 0 ? 2 * (0.01 / lambda - restart / 60) : G_MAXDOUBLE;

      gp_recommendation_add_tip (answer, g_strdup_printf (_("Spot: %s instead, %.0f%% less; "
                                                             "checkpoints at least every %.0f h "
                                                             "keep the expected rework under 1%% "
                                                             "of the run"),
                                                          spot_total, saving * 100,
                                                          MIN (MAX (interval, 0.25), 24.0)));
    }
  else if (gp_estimate_get_pricing (best) == GP_ESTIMATE_PRICING_ON_DEMAND &&
           !gp_workload_get_interruptible (context->workload) &&
           gp_provider_get_pricing (provider) & GP_PRICING_SPOT)
    gp_recommendation_add_tip (answer, g_strdup (_("Spot: this platform sells spare capacity for "
                                                    "less; allow interruptions and checkpoint the "
                                                    "job to see by how much")));

  if (cheaper_region != NULL)
    {
      g_autofree char *total = money (cheaper_region, gp_estimate_get_total_cost (cheaper_region));
      g_autofree char *there = gp_offer_dup_region_label (gp_estimate_get_offer (cheaper_region));
      g_autofree char *here = gp_offer_dup_region_label (offer);

      gp_recommendation_add_tip (
          answer,
          g_strdup_printf (_("Region: %s costs %s in %s, %.2f less "
                              "than in %s"),
                           gp_instance_get_name (gp_estimate_get_instance (best)), total, there,
                           gp_estimate_get_total_cost (best) -
                               gp_estimate_get_total_cost (cheaper_region),
                           here));
    }

  if (dataset > 0)
    {
      if (command != NULL)
        gp_recommendation_add_tip (
            answer, g_strdup_printf (_("Upload: %s takes about %.1f h for "
                                        "%.0f GB at your bandwidth"),
                                     command, gp_estimate_get_upload_hours (best), dataset));
      else if (gp_provider_get_kind (gp_estimate_get_provider (best)) == GP_PROVIDER_KIND_NOTEBOOK)
        gp_recommendation_add_tip (answer,
                                   g_strdup_printf (_("Upload: copy the data to Google "
                                                       "Drive first, about %.1f h for "
                                                       "%.0f GB at your bandwidth"),
                                                    gp_estimate_get_upload_hours (best), dataset));
      /* No upload command for this platform: say how long, not where (AWS China got Drive). */
      else
        gp_recommendation_add_tip (answer,
                                   g_strdup_printf (_("Upload: about %.1f h for %.0f GB "
                                                       "at your bandwidth, to the "
                                                       "platform's storage"),
                                                    gp_estimate_get_upload_hours (best), dataset));
    }

  if (results > 0)
    {
      g_autofree char *egress = money (best, gp_estimate_get_transfer_cost (best));
      gp_recommendation_add_tip (answer, g_strdup_printf (_("Download: %.0f GB of results and "
                                                             "checkpoints cost %s in transfer"),
                                                          results, egress));
    }
}

static GpPhase *
plan_phase (const char *name,
            double      gpu_hours,
            GpEstimate *estimate)
{
  return gp_phase_new (name, gpu_hours, gp_instance_get_id (gp_estimate_get_instance (estimate)),
                       gp_offer_get_region_id (gp_estimate_get_offer (estimate)),
                       gp_estimate_get_pricing (estimate));
}

/* The mixed plan as phases, for the user to edit as a hybrid plan and budget. */
static GpProject *
plan_project (Context    *context,
              GpEstimate *prototype,
              GpEstimate *final,
              double      share)
{
  double hours = gp_estimate_list_get_gpu_hours (context->estimates);
  GpProject *project = gp_project_new (_("Mixed plan"));

  project->reference_gpu = g_strdup (gp_estimate_list_get_reference_gpu (context->estimates));
  project->currency = g_strdup (gp_estimate_get_currency (final));
  project->dataset_gb = gp_workload_get_dataset_gb (context->workload);
  project->results_gb = gp_workload_get_results_gb (context->workload);
  project->upload_mbps = isnan (gp_workload_get_upload_mbps (context->workload))
                             ? 0
                             : gp_workload_get_upload_mbps (context->workload);
  g_ptr_array_add (project->phases, plan_phase (_("Prototype"), share * hours, prototype));
  g_ptr_array_add (project->phases, plan_phase (_("Final run"), (1 - share) * hours, final));
  return project;
}

/* Prototype on the cheapest small option, then the final run on spot or a commitment: worth
 * saying when the two parts together cost less than the best single option. */
static void
add_plan (Context          *context,
          GpRecommendation *answer,
          GPtrArray        *passing,
          GpEstimate       *best)
{
  GpEstimate *prototype = NULL, *final = NULL;
  const double share = 0.1; /* the prototype's share of the work */
  double plan_total, best_total = gp_estimate_get_total_cost (best);

  for (guint i = 0; i < passing->len; i++)
    {
      GpEstimate *estimate = g_ptr_array_index (passing, i);
      GpEstimatePricing pricing = gp_estimate_get_pricing (estimate);
      GpProvider *provider = gp_estimate_get_provider (estimate);

      if (prototype == NULL && gp_estimate_get_gpu_count (estimate) == 1 &&
          (gp_provider_get_kind (provider) == GP_PROVIDER_KIND_NOTEBOOK ||
           pricing == GP_ESTIMATE_PRICING_ON_DEMAND))
        prototype = estimate;
      if (final == NULL && (pricing == GP_ESTIMATE_PRICING_SPOT || is_commitment (pricing)))
        final = estimate;
    }

  if (prototype == NULL || final == NULL || same_option (prototype, final))
    return;

  /* Both parts scale with the work: a tenth of the job here, nine tenths there. */
  plan_total = share * gp_estimate_get_compute_cost (prototype) +
               (1 - share) * gp_estimate_get_compute_cost (final) +
               gp_estimate_get_storage_cost (final) + gp_estimate_get_transfer_cost (final) +
               (1 - share) * gp_estimate_get_interruption_cost (final);
  if (plan_total >= best_total)
    return;

  {
    g_autofree char *proto_name = gp_estimate_dup_label (prototype);
    g_autofree char *final_name = gp_estimate_dup_label (final);
    g_autofree char *proto_cost =
        money (prototype, share * gp_estimate_get_compute_cost (prototype));
    g_autofree char *final_cost =
        money (final, plan_total - share * gp_estimate_get_compute_cost (prototype));
    g_autofree char *total = money (final, plan_total);

    gp_recommendation_add_plan_step (
        answer, g_strdup_printf (
                    _("Prototype on %s (%s): a tenth "
                       "of the work, %s"),
                    proto_name, gp_estimate_pricing_get_label (gp_estimate_get_pricing (prototype)),
                    proto_cost));
    gp_recommendation_add_plan_step (
        answer, g_strdup_printf (_("Final run on %s (%s): %s with "
                                    "storage and transfer"),
                                 final_name,
                                 gp_estimate_pricing_get_label (gp_estimate_get_pricing (final)),
                                 final_cost));
    gp_recommendation_add_plan_step (answer, g_strdup_printf (_("Together %s, %.2f less than the "
                                                                 "first choice alone"),
                                                              total, best_total - plan_total));
  }
  gp_recommendation_set_project (answer, plan_project (context, prototype, final, share));
}

typedef struct
{
  GpEstimate *estimate;
  double score;
  GPtrArray *reasons;
  GpUsability usability; /* whether the lab in mainland China reaches and can pay it */
} Scored;

static void
scored_clear (Scored *scored)
{
  g_clear_object (&scored->estimate);
  g_clear_pointer (&scored->reasons, g_ptr_array_unref);
}

static int
compare_item_positions (gconstpointer a,
                        gconstpointer b)
{
  const Scored *x = *(const Scored *const *) a;
  const Scored *y = *(const Scored *const *) b;

  return (x > y) - (x < y);
}

static int
compare_scored (gconstpointer a,
                gconstpointer b)
{
  const Scored *x = a, *y = b;

  /* Whatever its score, a platform the lab cannot reach is never above one it can, nor one it
   * cannot pay (it needs Chinese invoices) above one it can, nor one whose invoices no source
   * states above one that issues them. */
  if (x->usability != y->usability)
    return x->usability > y->usability ? 1 : -1;
  if (x->score != y->score)
    return x->score > y->score ? -1 : 1;
  return (gp_estimate_get_total_cost (x->estimate) > gp_estimate_get_total_cost (y->estimate)) -
         (gp_estimate_get_total_cost (x->estimate) < gp_estimate_get_total_cost (y->estimate));
}

/* From a lab in mainland China: says whether and how the platform can be used. */
static void
add_reach (Context    *context,
           GpEstimate *estimate,
           GPtrArray  *reasons)
{
  GpProvider *provider = gp_estimate_get_provider (estimate);
  const char *name = gp_provider_get_name (provider);
  const char *note = gp_provider_get_reachability_note (provider);
  const char *account = gp_provider_get_reachability_account (provider);

  if (gp_workload_get_lab_location (context->workload) != GP_LAB_LOCATION_MAINLAND_CHINA)
    return;

  switch (gp_estimate_get_reachability (estimate))
    {
    case GP_REACHABILITY_UNREACHABLE:
      g_ptr_array_add (reasons, g_strdup_printf (_("[unreachable] %s cannot be reached from a "
                                                    "campus network in mainland China: %s"),
                                                 name, note != NULL ? note : ""));
      return;

    case GP_REACHABILITY_CROSS_BORDER:
      if (gp_provider_get_reachability (provider) != GP_REACHABILITY_CROSS_BORDER)
        {
          g_autofree char *region = gp_offer_dup_region_label (gp_estimate_get_offer (estimate));

          /* A platform in China, in one of its regions abroad. */
          g_ptr_array_add (reasons,
                           g_strdup_printf (_("[cross-border] %s's region %s is outside mainland "
                                               "China: it works, slower, and the data crosses the "
                                               "international link"),
                                            name, region));
          return;
        }
      g_ptr_array_add (reasons, g_strdup_printf (_("[cross-border] %s is used from mainland "
                                                    "China across the border: it works, slower, "
                                                    "and the data crosses the international "
                                                    "link"),
                                                 name));
      return;

    case GP_REACHABILITY_IN_CHINA:
      g_ptr_array_add (reasons,
                       account != NULL
                           ? g_strdup_printf (_("[in-china] %s is in mainland China; "
                                                 "its account needs %s"),
                                              name, account)
                           : g_strdup_printf (_("[in-china] %s is in mainland China"), name));
      return;

    case GP_REACHABILITY_UNKNOWN:
    default:
      return;
    }
}

/* For a lab in mainland China that needs Chinese invoices: whether it can pay the platform. */
static void
add_invoice (Context    *context,
             GpEstimate *estimate,
             GPtrArray  *reasons)
{
  GpProvider *provider = gp_estimate_get_provider (estimate);
  const char *name = gp_provider_get_name (provider);
  const char *note = gp_provider_get_payment_note (provider, GP_PROVIDER_GROUP_CHINESE_INVOICE);

  if (gp_workload_get_lab_location (context->workload) != GP_LAB_LOCATION_MAINLAND_CHINA ||
      !gp_workload_get_invoice_required (context->workload) ||
      gp_provider_get_kind (provider) == GP_PROVIDER_KIND_LOCAL)
    return;

  switch (gp_provider_get_answer (provider, GP_PROVIDER_GROUP_CHINESE_INVOICE))
    {
    case GP_ANSWER_YES:
      g_ptr_array_add (reasons,
                       note != NULL
                           ? g_strdup_printf (_("[invoice] %s issues Chinese VAT invoices (发票), "
                                                 "which your spending needs: %s"),
                                              name, note)
                           : g_strdup_printf (_("[invoice] %s issues Chinese VAT invoices (发票), "
                                                 "which your spending needs"),
                                              name));
      break;

    case GP_ANSWER_NO:
      g_ptr_array_add (reasons, g_strdup_printf (_("[no-invoice] %s issues no Chinese VAT invoice "
                                                    "(发票), which your spending needs: ranked "
                                                    "after the platforms that issue one"),
                                                 name));
      break;

    case GP_ANSWER_NOT_FOUND:
    default:
      g_ptr_array_add (reasons,
                       g_strdup_printf (_("[invoice-not-found] no source found says "
                                           "whether %s issues Chinese VAT invoices (发票): "
                                           "ranked after the platforms that do; ask it "
                                           "before you rent"),
                                        name));
      break;
    }
}

/* Says when the price behind a choice is estimated or old, so nobody quotes it as a fact. */
static void
add_price_caveats (GpEstimate *estimate,
                   GPtrArray  *reasons)
{
  if (gp_estimate_is_derived (estimate))
    {
      g_autofree char *rule =
          gp_instance_dup_derived_rule_text (gp_estimate_get_instance (estimate));

      g_ptr_array_add (reasons,
                       g_strdup_printf (_("[derived-price] estimated, not quoted: %s"), rule));
    }
  if (gp_estimate_is_stale (estimate))
    g_ptr_array_add (reasons,
                     g_strdup_printf (_("[stale-price] prices as of %s, more than %u days ago"),
                                      gp_estimate_get_as_of (estimate),
                                      gp_estimate_get_stale_after_days (estimate)));
}

/* The hours until the results are in: the upload (across the border, at its own speed, from a
 * lab in mainland China) and then the job, so an option abroad competes with its upload. */
static double
time_to_result (GpEstimate *estimate)
{
  double upload = gp_estimate_get_upload_hours (estimate);

  return gp_estimate_get_wall_hours (estimate) + (upload > 0 ? upload : 0);
}

static void
score_estimate (Context    *context,
                GpEstimate *estimate,
                Scored     *scored)
{
  double cost = gp_estimate_get_total_cost (estimate);
  double upload = gp_estimate_get_upload_hours (estimate);
  double wall = time_to_result (estimate);
  double cost_part = cost > 0 ? context->min_cost / cost : 1;
  double time_part = wall > 0 ? context->min_wall / wall : 1;
  double longer = (wall / MAX (context->min_wall, 1e-9) - 1) * 100;
  g_autofree char *total = money (estimate, cost);

  scored->estimate = g_object_ref (estimate);
  scored->reasons = g_ptr_array_new_null_terminated (4, g_free, TRUE);
  scored->score = context->cost_weight * cost_part + context->time_weight * time_part;

  g_ptr_array_add (scored->reasons,
                   g_strdup_printf (_("[cost] %s, %.0f%% above the cheapest option that fits "
                                       "(cost weighs %.0f%%)"),
                                    total, (cost / MAX (context->min_cost, 1e-9) - 1) * 100,
                                    context->cost_weight * 100));
  if (upload > 0)
    g_ptr_array_add (scored->reasons,
                     g_strdup_printf (_("[time] %.1f h with the %.1f h upload, %.0f%% longer "
                                         "than the fastest option that fits (time weighs %.0f%%)"),
                                      wall, upload, longer, context->time_weight * 100));
  else
    g_ptr_array_add (scored->reasons,
                     g_strdup_printf (_("[time] %.1f h, %.0f%% longer than the fastest option "
                                         "that fits (time weighs %.0f%%)"),
                                      wall, longer, context->time_weight * 100));
  scored->score +=
      context->carbon_weight * gp_recommender_carbon_part (estimate, context->min_co2e,
                                                           context->carbon_weight, scored->reasons);
  scored->score = apply_rules (context, estimate, scored->score, scored->reasons);
  add_reach (context, estimate, scored->reasons);
  add_invoice (context, estimate, scored->reasons);
  scored->usability =
      gp_workload_get_lab_location (context->workload) == GP_LAB_LOCATION_MAINLAND_CHINA
          ? gp_estimate_get_usability (estimate)
          : GP_USABILITY_USABLE;
  add_price_caveats (estimate, scored->reasons);
}

static int
compare_instance_ids (gconstpointer a,
                      gconstpointer b)
{
  return g_strcmp0 (gp_instance_get_id (*(GpInstance **) a),
                    gp_instance_get_id (*(GpInstance **) b));
}

/* Offers whose every row failed a constraint, named once with the constraint of their
 * cheapest row. */
static void
add_exclusions (GpRecommendation *answer,
                GHashTable       *first_failure,
                GHashTable       *passed)
{
  GHashTableIter iter;
  gpointer key, value;
  g_autoptr(GPtrArray) instances = g_ptr_array_new ();

  g_hash_table_iter_init (&iter, first_failure);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (!g_hash_table_contains (passed, key))
      g_ptr_array_add (instances, key);

  g_ptr_array_sort (instances, compare_instance_ids);
  for (guint i = 0; i < instances->len; i++)
    {
      GpInstance *instance = g_ptr_array_index (instances, i);
      const char *reason = g_hash_table_lookup (first_failure, instance);

      gp_recommendation_add_excluded (answer, instance, g_strdup (reason));
    }
}

/* Why nothing fits when the GPUs are too small, and what would make the job fit: more GPUs
 * with the states split over them, or a method that needs less than the one asked for. */
static char *
memory_message (GpWorkload      *workload,
                GpEstimatorData *data,
                double           least_gb)
{
  const char *preset_id = gp_workload_get_preset (workload);
  GpEstimatorData *estimator = data ? data : gp_estimator_data_get_default ();
  GpPreset *preset = preset_id ? gp_estimator_data_find_preset (estimator, preset_id) : NULL;
  const char *remedy;
  GpMemoryJob job;

  gp_memory_job_init (&job, workload, preset);
  switch (job.method)
    {
    case GP_TRAINING_METHOD_FULL:
    case GP_TRAINING_METHOD_DEFAULT:
      remedy = job.sharding == GP_SHARDING_ZERO3
                   ? _("Run it on more GPUs, or fine-tune with LoRA or QLoRA.")
                   : _("Run it on more GPUs with the model states split over them (ZeRO-3/FSDP), "
                        "or fine-tune with LoRA or QLoRA.");
      break;

    case GP_TRAINING_METHOD_LORA:
      remedy = job.sharding == GP_SHARDING_ZERO3
                   ? _("Run it on more GPUs, or with QLoRA’s 4-bit weights.")
                   : _("Run it on more GPUs with the model states split over them (ZeRO-3/FSDP), "
                        "or with QLoRA’s 4-bit weights.");
      break;

    case GP_TRAINING_METHOD_QLORA:
    case GP_TRAINING_METHOD_INFERENCE:
    default:
      remedy = job.sharding == GP_SHARDING_ZERO3
                   ? _("Run it on more GPUs.")
                   : _("Run it on more GPUs with the model split over them.");
    }

  /* Translators: the second %s says what would make the job fit */
  return g_strdup_printf (_("Nothing fits: the job needs at least %.0f GB of memory on each GPU. "
                             "%s"),
                          least_gb, remedy);
}

static GpChoice *
choice_of (Scored *item)
{
  return gp_choice_new (item->estimate, item->score, (const char *const *) item->reasons->pdata);
}

/* What makes two scored options the same choice under @grouping. */
static gpointer
group_key (GpEstimate         *estimate,
           GpEstimateGrouping  grouping)
{
  switch (grouping)
    {
    case GP_ESTIMATE_GROUPING_PLATFORM:
      return gp_estimate_get_provider (estimate);
    case GP_ESTIMATE_GROUPING_INSTANCE:
      return gp_estimate_get_instance (estimate);
    case GP_ESTIMATE_GROUPING_OFFER:
    default:
      return gp_estimate_get_offer (estimate);
    }
}

/* The choices to discuss: the best way of paying for the best option of each group, in score
 * order, as many as the recommender allows (by default the best instance of each of the best
 * three platforms, so that the answer compares platforms). Where a limited answer by platform
 * finds fewer platforms than its limit, the next best instances fill the list. Each chosen
 * platform keeps its next instances for "More from this platform". @scored is sorted, best
 * first. */
static void
choose (GpRecommender    *self,
        GpRecommendation *answer,
        GArray           *scored)
{
  g_autoptr(GHashTable) instances = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) groups = g_hash_table_new (NULL, NULL);
  g_autoptr(GPtrArray) picked = g_ptr_array_new ();
  gboolean by_platform = self->grouping == GP_ESTIMATE_GROUPING_PLATFORM;
  guint limit = self->max_choices > 0 ? self->max_choices : G_MAXUINT;

  for (guint i = 0; i < scored->len && picked->len < limit; i++)
    {
      Scored *item = &g_array_index (scored, Scored, i);

      if (g_hash_table_add (groups, group_key (item->estimate, self->grouping)))
        {
          g_hash_table_add (instances, gp_estimate_get_instance (item->estimate));
          g_ptr_array_add (picked, item);
        }
    }

  for (guint i = 0; by_platform && limit != G_MAXUINT && i < scored->len && picked->len < limit;
       i++)
    {
      Scored *item = &g_array_index (scored, Scored, i);

      if (g_hash_table_add (instances, gp_estimate_get_instance (item->estimate)))
        g_ptr_array_add (picked, item);
    }

  /* Pointers into one sorted array: their order is the score's. */
  g_ptr_array_sort (picked, compare_item_positions);
  for (guint i = 0; i < picked->len; i++)
    {
      g_autoptr(GpChoice) choice = choice_of (g_ptr_array_index (picked, i));
      gp_recommendation_add_choice (answer, choice);
    }

  for (guint i = 0; by_platform && i < scored->len; i++)
    {
      Scored *item = &g_array_index (scored, Scored, i);
      GpProvider *provider = gp_estimate_get_provider (item->estimate);
      g_autoptr(GpChoice) choice = NULL;

      if (!g_hash_table_contains (groups, provider) ||
          gp_recommendation_get_n_more (answer, gp_provider_get_id (provider)) >= MORE_CHOICES ||
          !g_hash_table_add (instances, gp_estimate_get_instance (item->estimate)))
        continue;
      choice = choice_of (item);
      gp_recommendation_add_more (answer, choice);
    }
}

/* The recommendation with @gpus GPUs per instance (0 for any); @short_of_memory says whether
 * nothing fit because no GPU could hold the job. */
static GpRecommendation *
recommend_at (GpRecommender    *self,
              GpCatalog        *catalog,
              GpEstimatorData  *data,
              guint             gpus,
              gboolean         *short_of_memory,
              GError          **error)
{
  g_autoptr(GpWorkload) workload = NULL;
  g_autoptr(GpEstimateList) estimates = NULL;
  g_autoptr(GpRecommendation) answer = NULL;
  g_autoptr(GPtrArray) passing = g_ptr_array_new ();
  g_autoptr(GArray) scored = g_array_new (FALSE, TRUE, sizeof (Scored));
  g_autoptr(GHashTable) first_failure = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  g_autoptr(GHashTable) passed = g_hash_table_new (NULL, NULL);
  Context context = { self, catalog };
  double least_memory = G_MAXDOUBLE;
  const char *const *skipped;
  guint n;

  g_return_val_if_fail (GP_IS_RECOMMENDER (self), NULL);
  g_return_val_if_fail (GP_IS_CATALOG (catalog), NULL);

  /* Every region and price is estimated: the constraints below say what they remove. */
  workload = gp_workload_copy (self->workload);
  gp_workload_set_gpus (workload, gpus);
  *short_of_memory = FALSE;
  context.region = gp_workload_get_region (self->workload);
  gp_workload_set_region (workload, NULL);
  context.workload = workload;
  context.dataset_gb = gp_workload_get_dataset_gb (workload);
  context.min_memory_gb = self->min_gpu_memory_gb;
  /* Data on the campus of a lab in mainland China is in mainland China too. */
  context.data_in_china =
      self->data_region == NULL
          ? gp_workload_get_lab_location (workload) == GP_LAB_LOCATION_MAINLAND_CHINA
          : area_in_mainland_china (catalog, self->data_region);
  context.carbon_weight = self->carbon_weight;
  context.cost_weight =
      (gp_workload_get_deadline_hours (workload) > 0 ? 0.5 : 0.7) * (1 - context.carbon_weight);
  context.time_weight = 1 - context.cost_weight - context.carbon_weight;

  estimates = gp_estimate_list_new (catalog, workload, data, error);
  if (estimates == NULL)
    return NULL;
  context.estimates = estimates;

  answer = gp_recommendation_new (context.cost_weight, context.time_weight);
  g_array_set_clear_func (scored, (GDestroyNotify) scored_clear);

  n = g_list_model_get_n_items (G_LIST_MODEL (estimates));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GpEstimate) estimate = g_list_model_get_item (G_LIST_MODEL (estimates), i);
      GpInstance *instance = gp_estimate_get_instance (estimate);
      char *failure = failed_constraint (&context, estimate);

      if (gp_estimate_get_fit (estimate) == GP_FIT_NO)
        least_memory = MIN (least_memory, gp_estimate_get_memory_needed_gb (estimate));

      if (failure != NULL)
        {
          if (!g_hash_table_contains (first_failure, instance))
            g_hash_table_insert (first_failure, instance, failure);
          else
            g_free (failure);
          continue;
        }

      g_hash_table_add (passed, instance);
      g_ptr_array_add (passing, estimate); /* the list keeps its reference */
    }

  add_exclusions (answer, first_failure, passed);
  skipped = gp_estimate_list_get_skipped (estimates);
  for (guint i = 0; skipped[i] != NULL; i++)
    gp_recommendation_add_excluded (answer, NULL,
                                    g_strdup_printf (_("[estimate] %s"), skipped[i]));

  if (passing->len == 0)
    {
      g_autofree char *message = NULL;

      /* Memory is the constraint no budget relaxes: say what would make the job fit. */
      if (least_memory < G_MAXDOUBLE)
        message = memory_message (workload, data, least_memory);
      *short_of_memory = least_memory < G_MAXDOUBLE;
      gp_recommendation_set_message (answer, message != NULL
                                                 ? message
                                                 : _("Nothing fits every constraint: the offers "
                                                      "left out say which constraint removed them. "
                                                      "Relax the one that removed most."));
      return g_steal_pointer (&answer);
    }

  context.min_cost = G_MAXDOUBLE;
  context.min_wall = G_MAXDOUBLE;
  context.min_co2e = NAN;
  for (guint i = 0; i < passing->len; i++)
    {
      GpEstimate *estimate = g_ptr_array_index (passing, i);

      context.min_cost = MIN (context.min_cost, gp_estimate_get_total_cost (estimate));
      context.min_wall = MIN (context.min_wall, time_to_result (estimate));
      if (!isnan (gp_estimate_get_emissions (estimate)->co2e_kg) &&
          !(gp_estimate_get_emissions (estimate)->co2e_kg >= context.min_co2e))
        context.min_co2e = gp_estimate_get_emissions (estimate)->co2e_kg;
    }

  g_array_set_size (scored, passing->len);
  for (guint i = 0; i < passing->len; i++)
    score_estimate (&context, g_ptr_array_index (passing, i), &g_array_index (scored, Scored, i));
  g_array_sort (scored, compare_scored);

  choose (self, answer, scored);

  {
    g_autoptr(GpChoice) best = g_list_model_get_item (gp_recommendation_get_choices (answer), 0);

    char *cleaner = gp_recommender_dup_cleaner_region (passing, gp_choice_get_estimate (best));

    add_tips (&context, answer, estimates, gp_choice_get_estimate (best));
    if (cleaner != NULL)
      gp_recommendation_add_tip (answer, cleaner);
    add_plan (&context, answer, passing, gp_choice_get_estimate (best));
  }

  return g_steal_pointer (&answer);
}

/* A job that no GPU holds at the GPUs per instance asked for is answered with the counts that
 * hold it, and a tip says so: first a preset's own count, then any count. */
GpRecommendation *
gp_recommender_recommend (GpRecommender    *self,
                          GpCatalog        *catalog,
                          GpEstimatorData  *data,
                          GError          **error)
{
  guint asked = gp_workload_get_gpus (self->workload);
  const char *preset_id = gp_workload_get_preset (self->workload);
  GpEstimatorData *estimator = data ? data : gp_estimator_data_get_default ();
  GpPreset *preset = preset_id ? gp_estimator_data_find_preset (estimator, preset_id) : NULL;
  guint counts[] = { preset != NULL ? gp_preset_get_reference_gpus (preset) : 0, 0 };
  g_autoptr(GpRecommendation) answer = NULL;
  gboolean short_of_memory;

  g_return_val_if_fail (GP_IS_RECOMMENDER (self), NULL);
  g_return_val_if_fail (GP_IS_CATALOG (catalog), NULL);

  answer = recommend_at (self, catalog, data, asked, &short_of_memory, error);
  for (guint i = 0; answer != NULL && short_of_memory && asked != 0 && i < G_N_ELEMENTS (counts);
       i++)
    {
      g_autoptr(GpRecommendation) wider = NULL;

      /* A count no larger than the one asked for cannot hold more; 0 (any) is always tried. */
      if (counts[i] != 0 && counts[i] <= asked)
        continue;
      wider = recommend_at (self, catalog, data, counts[i], &short_of_memory, error);
      if (wider == NULL)
        return NULL;
      if (g_list_model_get_n_items (gp_recommendation_get_choices (wider)) == 0)
        continue;
      gp_recommendation_add_first_tip (
          wider,
          counts[i] != 0
              ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                              "No GPU holds the job with %u GPU per instance: "
                                              "these use %u GPUs per instance, the preset's own "
                                              "count",
                                              "No GPU holds the job with %u GPUs per instance: "
                                              "these use %u GPUs per instance, the preset's own "
                                              "count",
                                              asked),
                                 asked, counts[i])
              : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                              "No GPU holds the job with %u GPU per instance: "
                                              "these use instances with as many GPUs as hold it",
                                              "No GPU holds the job with %u GPUs per instance: "
                                              "these use instances with as many GPUs as hold it",
                                              asked),
                                 asked));
      return g_steal_pointer (&wider);
    }
  return g_steal_pointer (&answer);
}
