/* gp-recommendation.c — what the recommender answers: the best options, what it left out, tips
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "gp-recommender-private.h"

typedef struct
{
  char *provider_id;
  char *instance_id;
  char *reason;
} Exclusion;

struct _GpRecommendation
{
  GObject     parent_instance;
  GListStore *choices;
  GArray     *excluded;     /* Exclusion */
  GPtrArray  *tips;         /* NULL-terminated when read */
  GPtrArray  *plan;
  double      cost_weight;
  double      time_weight;
  char       *message;
};

G_DEFINE_FINAL_TYPE (GpRecommendation, gp_recommendation, G_TYPE_OBJECT)

static void
exclusion_clear (Exclusion *exclusion)
{
  g_free (exclusion->provider_id);
  g_free (exclusion->instance_id);
  g_free (exclusion->reason);
}

static void
gp_recommendation_finalize (GObject *object)
{
  GpRecommendation *self = GP_RECOMMENDATION (object);

  g_clear_object (&self->choices);
  g_clear_pointer (&self->excluded, g_array_unref);
  g_clear_pointer (&self->tips, g_ptr_array_unref);
  g_clear_pointer (&self->plan, g_ptr_array_unref);
  g_free (self->message);

  G_OBJECT_CLASS (gp_recommendation_parent_class)->finalize (object);
}

static void
gp_recommendation_class_init (GpRecommendationClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = gp_recommendation_finalize;
}

static GPtrArray *
new_strv_array (void)
{
  GPtrArray *array = g_ptr_array_new_null_terminated (4, g_free, TRUE);

  return array;
}

static void
gp_recommendation_init (GpRecommendation *self)
{
  self->choices = g_list_store_new (GP_TYPE_CHOICE);
  self->excluded = g_array_new (FALSE, TRUE, sizeof (Exclusion));
  g_array_set_clear_func (self->excluded, (GDestroyNotify) exclusion_clear);
  self->tips = new_strv_array ();
  self->plan = new_strv_array ();
}

GpRecommendation *
gp_recommendation_new (double cost_weight,
                       double time_weight)
{
  GpRecommendation *self = g_object_new (GP_TYPE_RECOMMENDATION, NULL);

  self->cost_weight = cost_weight;
  self->time_weight = time_weight;
  return self;
}

void
gp_recommendation_add_choice (GpRecommendation *self,
                              GpChoice         *choice)
{
  g_list_store_append (self->choices, choice);
}

void
gp_recommendation_add_excluded (GpRecommendation *self,
                                const char       *provider_id,
                                const char       *instance_id,
                                char             *reason)
{
  Exclusion exclusion = { g_strdup (provider_id), g_strdup (instance_id), reason };

  g_array_append_val (self->excluded, exclusion);
}

void
gp_recommendation_add_tip (GpRecommendation *self,
                           char             *tip)
{
  g_ptr_array_add (self->tips, tip);
}

void
gp_recommendation_add_plan_step (GpRecommendation *self,
                                 char             *step)
{
  g_ptr_array_add (self->plan, step);
}

void
gp_recommendation_set_message (GpRecommendation *self,
                               const char       *message)
{
  g_free (self->message);
  self->message = g_strdup (message);
}

/**
 * gp_recommendation_get_choices:
 * @self: a #GpRecommendation
 *
 * Returns: (transfer none): the best #GpChoice options, best first (at most three)
 */
GListModel *
gp_recommendation_get_choices (GpRecommendation *self)
{
  g_return_val_if_fail (GP_IS_RECOMMENDATION (self), NULL);
  return G_LIST_MODEL (self->choices);
}

guint
gp_recommendation_get_n_excluded (GpRecommendation *self)
{
  g_return_val_if_fail (GP_IS_RECOMMENDATION (self), 0);
  return self->excluded->len;
}

/**
 * gp_recommendation_get_excluded:
 * @self: a #GpRecommendation
 * @index: an exclusion
 * @provider_id: (out) (optional): the provider
 * @instance_id: (out) (optional): the instance
 * @reason: (out) (optional): the constraint that removed it, by name
 */
void
gp_recommendation_get_excluded (GpRecommendation  *self,
                                guint              index,
                                const char       **provider_id,
                                const char       **instance_id,
                                const char       **reason)
{
  const Exclusion *exclusion;

  g_return_if_fail (GP_IS_RECOMMENDATION (self));
  g_return_if_fail (index < self->excluded->len);

  exclusion = &g_array_index (self->excluded, Exclusion, index);
  if (provider_id != NULL)
    *provider_id = exclusion->provider_id;
  if (instance_id != NULL)
    *instance_id = exclusion->instance_id;
  if (reason != NULL)
    *reason = exclusion->reason;
}

/**
 * gp_recommendation_get_tips:
 * @self: a #GpRecommendation
 *
 * Returns: (transfer none): tips for this workload, with numbers
 */
const char * const *
gp_recommendation_get_tips (GpRecommendation *self)
{
  g_return_val_if_fail (GP_IS_RECOMMENDATION (self), NULL);
  return (const char * const *) self->tips->pdata;
}

/**
 * gp_recommendation_get_plan:
 * @self: a #GpRecommendation
 *
 * Returns: (transfer none): the steps of a mixed plan when it is cheaper, else empty
 */
const char * const *
gp_recommendation_get_plan (GpRecommendation *self)
{
  g_return_val_if_fail (GP_IS_RECOMMENDATION (self), NULL);
  return (const char * const *) self->plan->pdata;
}

double
gp_recommendation_get_cost_weight (GpRecommendation *self)
{
  g_return_val_if_fail (GP_IS_RECOMMENDATION (self), 0);
  return self->cost_weight;
}

double
gp_recommendation_get_time_weight (GpRecommendation *self)
{
  g_return_val_if_fail (GP_IS_RECOMMENDATION (self), 0);
  return self->time_weight;
}

/**
 * gp_recommendation_get_message:
 * @self: a #GpRecommendation
 *
 * Returns: (nullable): why nothing is recommended, when nothing fits
 */
const char *
gp_recommendation_get_message (GpRecommendation *self)
{
  g_return_val_if_fail (GP_IS_RECOMMENDATION (self), NULL);
  return self->message;
}
