/* gp-choice.c — one recommended option: its estimate, its score and the reasons for it
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "gp-choice.h"

struct _GpChoice
{
  GObject     parent_instance;
  GpEstimate *estimate;
  double      score;
  char      **reasons;
};

G_DEFINE_FINAL_TYPE (GpChoice, gp_choice, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ESTIMATE,
  PROP_SCORE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
gp_choice_dispose (GObject *object)
{
  GpChoice *self = GP_CHOICE (object);

  g_clear_object (&self->estimate);

  G_OBJECT_CLASS (gp_choice_parent_class)->dispose (object);
}

static void
gp_choice_finalize (GObject *object)
{
  GpChoice *self = GP_CHOICE (object);

  g_strfreev (self->reasons);

  G_OBJECT_CLASS (gp_choice_parent_class)->finalize (object);
}

static void
gp_choice_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  GpChoice *self = GP_CHOICE (object);

  switch (prop_id)
    {
    case PROP_ESTIMATE:
      g_value_set_object (value, self->estimate);
      break;

    case PROP_SCORE:
      g_value_set_double (value, self->score);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gp_choice_class_init (GpChoiceClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->dispose = gp_choice_dispose;
  object_class->finalize = gp_choice_finalize;
  object_class->get_property = gp_choice_get_property;

  properties[PROP_ESTIMATE] = g_param_spec_object ("estimate", NULL, NULL, GP_TYPE_ESTIMATE,
                                                   flags);
  properties[PROP_SCORE] = g_param_spec_double ("score", NULL, NULL, 0, G_MAXDOUBLE, 0, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gp_choice_init (GpChoice *self)
{
}

GpChoice *
gp_choice_new (GpEstimate         *estimate,
               double              score,
               const char * const *reasons)
{
  GpChoice *self;

  g_return_val_if_fail (GP_IS_ESTIMATE (estimate), NULL);

  self = g_object_new (GP_TYPE_CHOICE, NULL);
  self->estimate = g_object_ref (estimate);
  self->score = score;
  self->reasons = g_strdupv ((char **) reasons);

  return self;
}

GpEstimate *
gp_choice_get_estimate (GpChoice *self)
{
  g_return_val_if_fail (GP_IS_CHOICE (self), NULL);
  return self->estimate;
}

double
gp_choice_get_score (GpChoice *self)
{
  g_return_val_if_fail (GP_IS_CHOICE (self), 0);
  return self->score;
}

const char * const *
gp_choice_get_reasons (GpChoice *self)
{
  g_return_val_if_fail (GP_IS_CHOICE (self), NULL);
  return (const char * const *) self->reasons;
}
