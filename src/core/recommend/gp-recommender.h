/* gp-recommender.h — where this lab should train, and why
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "gp-catalog.h"
#include "gp-estimator-data.h"
#include "gp-recommendation.h"
#include "gp-workload.h"

G_BEGIN_DECLS

#define GP_TYPE_RECOMMENDER (gp_recommender_get_type ())

G_DECLARE_FINAL_TYPE (GpRecommender, gp_recommender, GP, RECOMMENDER, GObject)

GpRecommender    *gp_recommender_new                   (GpWorkload      *workload);
GpWorkload       *gp_recommender_get_workload          (GpRecommender   *self);
double            gp_recommender_get_min_gpu_memory_gb (GpRecommender   *self);
void              gp_recommender_set_min_gpu_memory_gb (GpRecommender   *self,
                                                        double           gb);
guint             gp_recommender_get_max_sessions      (GpRecommender   *self);
void              gp_recommender_set_max_sessions      (GpRecommender   *self,
                                                        guint            max_sessions);
GpFeature         gp_recommender_get_needs             (GpRecommender   *self);
void              gp_recommender_set_needs             (GpRecommender   *self,
                                                        GpFeature        needs);
gboolean          gp_recommender_get_interactive       (GpRecommender   *self);
void              gp_recommender_set_interactive       (GpRecommender   *self,
                                                        gboolean         interactive);
const char       *gp_recommender_get_data_region       (GpRecommender   *self);
void              gp_recommender_set_data_region       (GpRecommender   *self,
                                                        const char      *region);
gboolean          gp_recommender_get_region_required   (GpRecommender   *self);
void              gp_recommender_set_region_required   (GpRecommender   *self,
                                                        gboolean         required);
GpEstimateGrouping gp_recommender_get_grouping        (GpRecommender   *self);
void              gp_recommender_set_grouping          (GpRecommender   *self,
                                                        GpEstimateGrouping grouping);
double            gp_recommender_get_carbon_weight     (GpRecommender   *self);
void              gp_recommender_set_carbon_weight     (GpRecommender   *self,
                                                        double           weight);
guint             gp_recommender_get_max_choices       (GpRecommender   *self);
void              gp_recommender_set_max_choices       (GpRecommender   *self,
                                                        guint            max_choices);
GpRecommendation *gp_recommender_recommend             (GpRecommender   *self,
                                                        GpCatalog       *catalog,
                                                        GpEstimatorData *data,
                                                        GError         **error);

G_END_DECLS
