/* gp-recommendation.h — what the recommender answers: the best options, what it left out, tips
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "gp-choice.h"
#include "gp-document.h"
#include "gp-project.h"

G_BEGIN_DECLS

#define GP_TYPE_RECOMMENDATION (gp_recommendation_get_type ())

G_DECLARE_FINAL_TYPE (GpRecommendation, gp_recommendation, GP, RECOMMENDATION, GObject)

GListModel         *gp_recommendation_get_choices     (GpRecommendation  *self);
GListModel         *gp_recommendation_get_more        (GpRecommendation  *self,
                                                       const char        *provider_id);
guint               gp_recommendation_get_n_more      (GpRecommendation  *self,
                                                       const char        *provider_id);
guint               gp_recommendation_get_n_platforms (GpRecommendation  *self);
guint               gp_recommendation_get_n_excluded  (GpRecommendation  *self);
const char         *gp_recommendation_reason_text     (const char        *reason);
const char         *gp_recommendation_get_excluded_label (GpRecommendation *self,
                                                        guint             index);
char               *gp_recommendation_dup_excluded_line  (GpRecommendation *self,
                                                        guint             index,
                                                        gboolean          rule_names);
void                gp_recommendation_get_excluded    (GpRecommendation  *self,
                                                       guint              index,
                                                       const char       **provider_id,
                                                       const char       **instance_id,
                                                       const char       **reason);
const char * const *gp_recommendation_get_tips        (GpRecommendation  *self);
const char * const *gp_recommendation_get_plan        (GpRecommendation  *self);
void                gp_recommendation_set_project     (GpRecommendation  *self,
                                                       GpProject         *project);
const GpProject    *gp_recommendation_get_project     (GpRecommendation  *self);
double              gp_recommendation_get_cost_weight (GpRecommendation  *self);
double              gp_recommendation_get_time_weight (GpRecommendation  *self);
const char         *gp_recommendation_get_message     (GpRecommendation  *self);
GpDocument         *gp_recommendation_to_document     (GpRecommendation  *self,
                                                       gboolean           rule_names);
char               *gp_recommendation_format          (GpRecommendation  *self,
                                                       gboolean           markdown,
                                                       gboolean           rule_names);

G_END_DECLS
