/* gp-recommender.c — where this lab should train, and why: what the answer is asked for
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The recommender's settings (the workload, the lab's needs, the constraints and weights) as
 * properties; the answer is made from them in gp-recommender-rank.c.
 */

#include "config.h"

#include <math.h>

#include "gp-enums.h"
#include "gp-recommender.h"
#include "gp-recommender-private.h"
#include "gp-util.h"

G_DEFINE_FINAL_TYPE (GpRecommender, gp_recommender, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_WORKLOAD,
  PROP_MIN_GPU_MEMORY_GB,
  PROP_NEEDS,
  PROP_INTERACTIVE,
  PROP_DATA_REGION,
  PROP_REGION_REQUIRED,
  PROP_MAX_SESSIONS,
  PROP_GROUPING,
  PROP_MAX_CHOICES,
  PROP_CARBON_WEIGHT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
gp_recommender_dispose (GObject *object)
{
  GpRecommender *self = GP_RECOMMENDER (object);

  g_clear_object (&self->workload);

  G_OBJECT_CLASS (gp_recommender_parent_class)->dispose (object);
}

static void
gp_recommender_finalize (GObject *object)
{
  GpRecommender *self = GP_RECOMMENDER (object);

  g_free (self->data_region);

  G_OBJECT_CLASS (gp_recommender_parent_class)->finalize (object);
}

static void
gp_recommender_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  GpRecommender *self = GP_RECOMMENDER (object);

  switch (prop_id)
    {
    case PROP_WORKLOAD:
      g_value_set_object (value, self->workload);
      break;

    case PROP_MIN_GPU_MEMORY_GB:
      g_value_set_double (value, self->min_gpu_memory_gb);
      break;

    case PROP_NEEDS:
      g_value_set_flags (value, self->needs);
      break;

    case PROP_INTERACTIVE:
      g_value_set_boolean (value, self->interactive);
      break;

    case PROP_DATA_REGION:
      g_value_set_string (value, self->data_region);
      break;

    case PROP_REGION_REQUIRED:
      g_value_set_boolean (value, self->region_required);
      break;

    case PROP_MAX_SESSIONS:
      g_value_set_uint (value, self->max_sessions);
      break;

    case PROP_GROUPING:
      g_value_set_enum (value, self->grouping);
      break;

    case PROP_MAX_CHOICES:
      g_value_set_uint (value, self->max_choices);
      break;

    case PROP_CARBON_WEIGHT:
      g_value_set_double (value, self->carbon_weight);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gp_recommender_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  GpRecommender *self = GP_RECOMMENDER (object);

  switch (prop_id)
    {
    case PROP_WORKLOAD:
      self->workload = g_value_dup_object (value);
      if (self->workload == NULL)
        self->workload = gp_workload_new ();
      break;

    case PROP_MIN_GPU_MEMORY_GB:
      gp_recommender_set_min_gpu_memory_gb (self, g_value_get_double (value));
      break;

    case PROP_NEEDS:
      gp_recommender_set_needs (self, g_value_get_flags (value));
      break;

    case PROP_INTERACTIVE:
      gp_recommender_set_interactive (self, g_value_get_boolean (value));
      break;

    case PROP_DATA_REGION:
      gp_recommender_set_data_region (self, g_value_get_string (value));
      break;

    case PROP_REGION_REQUIRED:
      gp_recommender_set_region_required (self, g_value_get_boolean (value));
      break;

    case PROP_MAX_SESSIONS:
      gp_recommender_set_max_sessions (self, g_value_get_uint (value));
      break;

    case PROP_GROUPING:
      gp_recommender_set_grouping (self, g_value_get_enum (value));
      break;

    case PROP_MAX_CHOICES:
      gp_recommender_set_max_choices (self, g_value_get_uint (value));
      break;

    case PROP_CARBON_WEIGHT:
      gp_recommender_set_carbon_weight (self, g_value_get_double (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gp_recommender_class_init (GpRecommenderClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = gp_recommender_dispose;
  object_class->finalize = gp_recommender_finalize;
  object_class->get_property = gp_recommender_get_property;
  object_class->set_property = gp_recommender_set_property;

  properties[PROP_WORKLOAD] =
    g_param_spec_object ("workload", NULL, NULL, GP_TYPE_WORKLOAD,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MIN_GPU_MEMORY_GB] =
    g_param_spec_double ("min-gpu-memory-gb", NULL, NULL, 0, 10000, 0, flags);
  properties[PROP_NEEDS] = g_param_spec_flags ("needs", NULL, NULL, GP_TYPE_FEATURE,
                                               GP_FEATURE_NONE, flags);
  properties[PROP_INTERACTIVE] = g_param_spec_boolean ("interactive", NULL, NULL, FALSE, flags);
  properties[PROP_DATA_REGION] = g_param_spec_string ("data-region", NULL, NULL, NULL, flags);
  properties[PROP_REGION_REQUIRED] =
    g_param_spec_boolean ("region-required", NULL, NULL, FALSE, flags);
  /* the most sessions a session-limited service may need; 0 allows any number */
  properties[PROP_MAX_SESSIONS] =
    g_param_spec_uint ("max-sessions", NULL, NULL, 0, G_MAXUINT, DEFAULT_MAX_SESSIONS, flags);
  /* what one choice stands for: a platform (the default), an instance type or an offer */
  properties[PROP_GROUPING] = g_param_spec_enum ("grouping", NULL, NULL, GP_TYPE_ESTIMATE_GROUPING,
                                                 GP_ESTIMATE_GROUPING_PLATFORM, flags);
  /* the most choices; 0 gives one for every group that can run the job */
  properties[PROP_MAX_CHOICES] =
      g_param_spec_uint ("max-choices", NULL, NULL, 0, G_MAXUINT, TOP_CHOICES, flags);
  /* the share of the score emissions make, taken from cost's and time's alike; 0 by default */
  properties[PROP_CARBON_WEIGHT] =
      g_param_spec_double ("carbon-weight", NULL, NULL, 0, 1, 0, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gp_recommender_init (GpRecommender *self)
{
  self->max_sessions = DEFAULT_MAX_SESSIONS;
  self->grouping = GP_ESTIMATE_GROUPING_PLATFORM;
  self->max_choices = TOP_CHOICES;
}

GpEstimateGrouping
gp_recommender_get_grouping (GpRecommender *self)
{
  g_return_val_if_fail (GP_IS_RECOMMENDER (self), GP_ESTIMATE_GROUPING_PLATFORM);
  return self->grouping;
}

/* By platform (the default) each choice is a different platform's best option, so that the
 * answer compares platforms; by instance type each is an instance type's best region and way
 * of paying; by offer each is one instance in one region. */
void
gp_recommender_set_grouping (GpRecommender      *self,
                             GpEstimateGrouping  grouping)
{
  g_return_if_fail (GP_IS_RECOMMENDER (self));

  if (self->grouping != grouping)
    {
      self->grouping = grouping;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GROUPING]);
    }
}

double
gp_recommender_get_carbon_weight (GpRecommender *self)
{
  g_return_val_if_fail (GP_IS_RECOMMENDER (self), 0);
  return self->carbon_weight;
}

void
gp_recommender_set_carbon_weight (GpRecommender *self,
                                  double         weight)
{
  g_return_if_fail (GP_IS_RECOMMENDER (self));
  g_return_if_fail (weight >= 0 && weight <= 1);

  if (self->carbon_weight != weight)
    {
      self->carbon_weight = weight;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CARBON_WEIGHT]);
    }
}

guint
gp_recommender_get_max_choices (GpRecommender *self)
{
  g_return_val_if_fail (GP_IS_RECOMMENDER (self), TOP_CHOICES);
  return self->max_choices;
}

/* Three by default. Where fewer platforms than that can run the job, a limited answer by
 * platform fills its list with the next best instance types; an unlimited one does not. */
void
gp_recommender_set_max_choices (GpRecommender *self,
                                guint          max_choices)
{
  g_return_if_fail (GP_IS_RECOMMENDER (self));

  if (self->max_choices != max_choices)
    {
      self->max_choices = max_choices;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAX_CHOICES]);
    }
}

guint
gp_recommender_get_max_sessions (GpRecommender *self)
{
  g_return_val_if_fail (GP_IS_RECOMMENDER (self), DEFAULT_MAX_SESSIONS);
  return self->max_sessions;
}

/* A service that ends sessions (Colab after 12 hours) is left out of a job that would need
 * more of them, unless the user allows more here. */
void
gp_recommender_set_max_sessions (GpRecommender *self,
                                 guint          max_sessions)
{
  g_return_if_fail (GP_IS_RECOMMENDER (self));

  if (self->max_sessions != max_sessions)
    {
      self->max_sessions = max_sessions;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAX_SESSIONS]);
    }
}

GpRecommender *
gp_recommender_new (GpWorkload *workload)
{
  return g_object_new (GP_TYPE_RECOMMENDER, "workload", workload, NULL);
}

GpWorkload *
gp_recommender_get_workload (GpRecommender *self)
{
  g_return_val_if_fail (GP_IS_RECOMMENDER (self), NULL);
  return self->workload;
}

double
gp_recommender_get_min_gpu_memory_gb (GpRecommender *self)
{
  g_return_val_if_fail (GP_IS_RECOMMENDER (self), 0);
  return self->min_gpu_memory_gb;
}

void
gp_recommender_set_min_gpu_memory_gb (GpRecommender *self,
                                      double         gb)
{
  g_return_if_fail (GP_IS_RECOMMENDER (self));

  if (self->min_gpu_memory_gb != gb)
    {
      self->min_gpu_memory_gb = gb;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MIN_GPU_MEMORY_GB]);
    }
}

GpFeature
gp_recommender_get_needs (GpRecommender *self)
{
  g_return_val_if_fail (GP_IS_RECOMMENDER (self), GP_FEATURE_NONE);
  return self->needs;
}

void
gp_recommender_set_needs (GpRecommender *self,
                          GpFeature      needs)
{
  g_return_if_fail (GP_IS_RECOMMENDER (self));

  if (self->needs != needs)
    {
      self->needs = needs;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NEEDS]);
    }
}

gboolean
gp_recommender_get_interactive (GpRecommender *self)
{
  g_return_val_if_fail (GP_IS_RECOMMENDER (self), FALSE);
  return self->interactive;
}

void
gp_recommender_set_interactive (GpRecommender *self,
                                gboolean       interactive)
{
  g_return_if_fail (GP_IS_RECOMMENDER (self));

  interactive = !!interactive;
  if (self->interactive != interactive)
    {
      self->interactive = interactive;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_INTERACTIVE]);
    }
}

const char *
gp_recommender_get_data_region (GpRecommender *self)
{
  g_return_val_if_fail (GP_IS_RECOMMENDER (self), NULL);
  return self->data_region;
}

void
gp_recommender_set_data_region (GpRecommender *self,
                                const char    *region)
{
  g_return_if_fail (GP_IS_RECOMMENDER (self));

  if (gp_set_str (&self->data_region, region && *region ? region : NULL))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DATA_REGION]);
}

gboolean
gp_recommender_get_region_required (GpRecommender *self)
{
  g_return_val_if_fail (GP_IS_RECOMMENDER (self), FALSE);
  return self->region_required;
}

void
gp_recommender_set_region_required (GpRecommender *self,
                                    gboolean       required)
{
  g_return_if_fail (GP_IS_RECOMMENDER (self));

  required = !!required;
  if (self->region_required != required)
    {
      self->region_required = required;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REGION_REQUIRED]);
    }
}
