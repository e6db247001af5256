/* gp-plan.c — a subscription or prepaid plan: a fee that buys compute units
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "gp-plan-private.h"

G_DEFINE_FINAL_TYPE (GpPlan, gp_plan, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ID,
  PROP_NAME,
  PROP_MONTHLY_FEE,
  PROP_PRICE,
  PROP_COMPUTE_UNITS,
  PROP_UNIT_PRICE,
  PROP_SOURCE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
gp_plan_dispose (GObject *object)
{
  GpPlan *self = GP_PLAN (object);

  g_clear_object (&self->source);

  G_OBJECT_CLASS (gp_plan_parent_class)->dispose (object);
}

static void
gp_plan_finalize (GObject *object)
{
  GpPlan *self = GP_PLAN (object);

  g_free (self->id);
  g_free (self->name);
  g_free (self->notes);
  g_free (self->source_id);

  G_OBJECT_CLASS (gp_plan_parent_class)->finalize (object);
}

static void
gp_plan_get_property (GObject    *object,
                      guint       prop_id,
                      GValue     *value,
                      GParamSpec *pspec)
{
  GpPlan *self = GP_PLAN (object);

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_string (value, self->id);
      break;

    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;

    case PROP_MONTHLY_FEE:
      g_value_set_double (value, gp_plan_get_monthly_fee (self));
      break;

    case PROP_PRICE:
      g_value_set_double (value, gp_plan_get_price (self));
      break;

    case PROP_COMPUTE_UNITS:
      g_value_set_double (value, self->compute_units);
      break;

    case PROP_UNIT_PRICE:
      g_value_set_double (value, gp_plan_get_unit_price (self));
      break;

    case PROP_SOURCE:
      g_value_set_object (value, self->source);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gp_plan_class_init (GpPlanClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->dispose = gp_plan_dispose;
  object_class->finalize = gp_plan_finalize;
  object_class->get_property = gp_plan_get_property;

  properties[PROP_ID] = g_param_spec_string ("id", NULL, NULL, NULL, flags);
  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL, flags);
  properties[PROP_MONTHLY_FEE] =
    g_param_spec_double ("monthly-fee", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0, flags);
  properties[PROP_PRICE] =
    g_param_spec_double ("price", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0, flags);
  properties[PROP_COMPUTE_UNITS] =
    g_param_spec_double ("compute-units", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0, flags);
  properties[PROP_UNIT_PRICE] =
    g_param_spec_double ("unit-price", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0, flags);
  properties[PROP_SOURCE] = g_param_spec_object ("source", NULL, NULL, GP_TYPE_SOURCE, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gp_plan_init (GpPlan *self)
{
  self->monthly_fee = NAN;
  self->price = NAN;
  self->compute_units = NAN;
  self->to_catalog = 1;
}

GpPlan *
gp_plan_new_empty (void)
{
  return g_object_new (GP_TYPE_PLAN, NULL);
}

const char *
gp_plan_get_id (GpPlan *self)
{
  g_return_val_if_fail (GP_IS_PLAN (self), NULL);
  return self->id;
}

const char *
gp_plan_get_name (GpPlan *self)
{
  g_return_val_if_fail (GP_IS_PLAN (self), NULL);
  return self->name;
}

double
gp_plan_get_monthly_fee (GpPlan *self)
{
  g_return_val_if_fail (GP_IS_PLAN (self), NAN);
  return self->monthly_fee * self->to_catalog;
}

double
gp_plan_get_price (GpPlan *self)
{
  g_return_val_if_fail (GP_IS_PLAN (self), NAN);
  return self->price * self->to_catalog;
}

double
gp_plan_get_compute_units (GpPlan *self)
{
  g_return_val_if_fail (GP_IS_PLAN (self), NAN);
  return self->compute_units;
}

double
gp_plan_get_unit_price (GpPlan *self)
{
  g_return_val_if_fail (GP_IS_PLAN (self), NAN);

  if (isnan (self->price) || isnan (self->compute_units) || self->compute_units <= 0)
    return NAN;

  return self->price * self->to_catalog / self->compute_units;
}

const char *
gp_plan_get_notes (GpPlan *self)
{
  g_return_val_if_fail (GP_IS_PLAN (self), NULL);
  return self->notes;
}

GpSource *
gp_plan_get_source (GpPlan *self)
{
  g_return_val_if_fail (GP_IS_PLAN (self), NULL);
  return self->source;
}
