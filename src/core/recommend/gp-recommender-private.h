/* gp-recommender-private.h — how the recommender fills its answer
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "gp-estimate.h"
#include "gp-recommendation.h"
#include "gp-recommender.h"

G_BEGIN_DECLS

#define TOP_CHOICES 3
/* Sessions a service that ends them may take before it is left out: ten 12-hour Colab
 * sessions are five days of starting the job again by hand. */
#define DEFAULT_MAX_SESSIONS 10

/* The settings, which gp-recommender.c keeps and gp-recommender-rank.c answers from. */
struct _GpRecommender
{
  GObject     parent_instance;
  GpWorkload *workload;
  double      min_gpu_memory_gb;
  GpFeature   needs;
  gboolean    interactive;
  char       *data_region;
  gboolean    region_required;
  guint       max_sessions;
  GpEstimateGrouping grouping;
  guint max_choices;
  double carbon_weight;
};


GpRecommendation *gp_recommendation_new            (double            cost_weight,
                                                    double            time_weight);
void              gp_recommendation_add_choice     (GpRecommendation *self,
                                                    GpChoice         *choice);
void              gp_recommendation_add_more       (GpRecommendation *self,
                                                    GpChoice         *choice);
void              gp_recommendation_add_excluded   (GpRecommendation *self,
                                                    GpInstance       *instance,
                                                    char             *reason);
void              gp_recommendation_add_tip        (GpRecommendation *self,
                                                    char             *tip);
void              gp_recommendation_add_first_tip  (GpRecommendation *self,
                                                    char             *tip);
void              gp_recommendation_add_plan_step  (GpRecommendation *self,
                                                    char             *step);
void              gp_recommendation_set_message    (GpRecommendation *self,
                                                    const char       *message);

double            gp_recommender_carbon_part        (GpEstimate      *estimate,
                                                     double           min_co2e,
                                                     double           weight,
                                                     GPtrArray       *reasons);
char             *gp_recommender_dup_cleaner_region (GPtrArray       *estimates,
                                                     GpEstimate      *best);

G_END_DECLS
