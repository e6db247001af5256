/* gp-preset.c — a published training measurement the estimator can start from
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "gp-enums.h"
#include "gp-preset-private.h"
#include "gp-source.h"

struct _GpPreset
{
  GObject      parent_instance;
  char        *id;
  char        *name;
  char        *family;
  char        *reference_gpu;
  guint        reference_gpus;
  GpPrecision  precision;
  double       gpu_hours;
  char        *target;
  char        *note;
  double       min_gpu_memory_gb;
  double       model_billions;
  GpTrainingMethod method;
  GpSharding   sharding;
  char        *speeds_from;
  GpSource    *source;
  GPtrArray *results; /* GpPresetResult */
};

G_DEFINE_FINAL_TYPE (GpPreset, gp_preset, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ID,
  PROP_NAME,
  PROP_FAMILY,
  PROP_REFERENCE_GPU,
  PROP_REFERENCE_GPUS,
  PROP_PRECISION,
  PROP_GPU_HOURS,
  PROP_TARGET,
  PROP_NOTE,
  PROP_SOURCE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
gp_preset_dispose (GObject *object)
{
  GpPreset *self = GP_PRESET (object);

  g_clear_object (&self->source);
  g_clear_pointer (&self->results, g_ptr_array_unref);

  G_OBJECT_CLASS (gp_preset_parent_class)->dispose (object);
}

static void
gp_preset_finalize (GObject *object)
{
  GpPreset *self = GP_PRESET (object);

  g_free (self->id);
  g_free (self->name);
  g_free (self->family);
  g_free (self->reference_gpu);
  g_free (self->target);
  g_free (self->speeds_from);
  g_free (self->note);

  G_OBJECT_CLASS (gp_preset_parent_class)->finalize (object);
}

static void
gp_preset_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  GpPreset *self = GP_PRESET (object);

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_string (value, self->id);
      break;

    case PROP_NAME:
      g_value_set_string (value, gp_preset_get_name (self));
      break;

    case PROP_FAMILY:
      g_value_set_string (value, self->family);
      break;

    case PROP_REFERENCE_GPU:
      g_value_set_string (value, self->reference_gpu);
      break;

    case PROP_REFERENCE_GPUS:
      g_value_set_uint (value, self->reference_gpus);
      break;

    case PROP_PRECISION:
      g_value_set_enum (value, self->precision);
      break;

    case PROP_GPU_HOURS:
      g_value_set_double (value, self->gpu_hours);
      break;

    case PROP_TARGET:
      g_value_set_string (value, gp_preset_get_target (self));
      break;

    case PROP_NOTE:
      g_value_set_string (value, self->note);
      break;

    case PROP_SOURCE:
      g_value_set_object (value, self->source);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gp_preset_class_init (GpPresetClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->dispose = gp_preset_dispose;
  object_class->finalize = gp_preset_finalize;
  object_class->get_property = gp_preset_get_property;

  properties[PROP_ID] = g_param_spec_string ("id", NULL, NULL, NULL, flags);
  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL, flags);
  properties[PROP_FAMILY] = g_param_spec_string ("family", NULL, NULL, NULL, flags);
  properties[PROP_REFERENCE_GPU] = g_param_spec_string ("reference-gpu", NULL, NULL, NULL, flags);
  properties[PROP_REFERENCE_GPUS] =
    g_param_spec_uint ("reference-gpus", NULL, NULL, 1, G_MAXUINT, 1, flags);
  properties[PROP_PRECISION] = g_param_spec_enum ("precision", NULL, NULL, GP_TYPE_PRECISION,
                                                  GP_PRECISION_FP16, flags);
  properties[PROP_GPU_HOURS] =
    g_param_spec_double ("gpu-hours", NULL, NULL, 0, G_MAXDOUBLE, 0, flags);
  properties[PROP_TARGET] = g_param_spec_string ("target", NULL, NULL, NULL, flags);
  properties[PROP_NOTE] = g_param_spec_string ("note", NULL, NULL, NULL, flags);
  properties[PROP_SOURCE] = g_param_spec_object ("source", NULL, NULL, GP_TYPE_SOURCE, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gp_preset_init (GpPreset *self)
{
  self->reference_gpus = 1;
  self->min_gpu_memory_gb = NAN;
}

GpPreset *
gp_preset_new (const char  *id,
               const char  *name,
               const char  *family,
               const char  *reference_gpu,
               guint        reference_gpus,
               GpPrecision  precision,
               double       gpu_hours,
               const char  *target,
               const char  *note,
               double       min_gpu_memory_gb,
               GpSource    *source)
{
  GpPreset *self = g_object_new (GP_TYPE_PRESET, NULL);

  self->id = g_strdup (id);
  self->name = g_strdup (name);
  self->family = g_strdup (family);
  self->reference_gpu = g_strdup (reference_gpu);
  self->reference_gpus = MAX (reference_gpus, 1);
  self->precision = precision;
  self->gpu_hours = gpu_hours;
  self->target = g_strdup (target);
  self->note = g_strdup (note);
  self->min_gpu_memory_gb = min_gpu_memory_gb;
  self->source = source ? g_object_ref (source) : NULL;
  self->method = GP_TRAINING_METHOD_FULL;
  self->sharding = GP_SHARDING_NONE;

  return self;
}

/* What the data file says of the model the preset trains; a preset that says nothing (a
 * ResNet, a BERT) has no memory model, and 0 billions. */
void
gp_preset_set_model (GpPreset         *self,
                     double            model_billions,
                     GpTrainingMethod  method,
                     GpSharding        sharding)
{
  g_return_if_fail (GP_IS_PRESET (self));
  g_return_if_fail (method != GP_TRAINING_METHOD_DEFAULT && sharding != GP_SHARDING_DEFAULT);

  self->model_billions = model_billions;
  self->method = method;
  self->sharding = sharding;
}

/* The workload whose measured speeds the preset borrows, when they were measured for another
 * (fine-tuning read from a pre-training table); NULL when they are its own. */
static void
result_free (GpPresetResult *result)
{
  g_free (result->gpu);
  g_free (result->submitter);
  g_free (result->system);
  g_clear_object (&result->source);
  g_free (result);
}

void
gp_preset_add_result (GpPreset   *self,
                      const char *gpu,
                      guint       gpus,
                      double      minutes,
                      const char *submitter,
                      const char *system,
                      GpSource   *source)
{
  GpPresetResult *result = g_new0 (GpPresetResult, 1);

  g_return_if_fail (GP_IS_PRESET (self));

  result->gpu = g_strdup (gpu);
  result->gpus = gpus;
  result->minutes = minutes;
  result->submitter = g_strdup (submitter);
  result->system = g_strdup (system);
  result->source = g_object_ref (source);
  if (self->results == NULL)
    self->results = g_ptr_array_new_with_free_func ((GDestroyNotify) result_free);
  g_ptr_array_add (self->results, result);
}

const GpPresetResult *
gp_preset_find_result (GpPreset   *self,
                       const char *gpu_id)
{
  g_return_val_if_fail (GP_IS_PRESET (self), NULL);

  for (guint i = 0; self->results != NULL && i < self->results->len; i++)
    {
      const GpPresetResult *result = g_ptr_array_index (self->results, i);

      if (g_strcmp0 (result->gpu, gpu_id) == 0)
        return result;
    }
  return NULL;
}

void
gp_preset_set_speeds_from (GpPreset   *self,
                           const char *workload)
{
  g_return_if_fail (GP_IS_PRESET (self));
  g_free (self->speeds_from);
  self->speeds_from = g_strdup (workload);
}

double
gp_preset_get_model_billions (GpPreset *self)
{
  g_return_val_if_fail (GP_IS_PRESET (self), 0);
  return self->model_billions;
}

GpTrainingMethod
gp_preset_get_method (GpPreset *self)
{
  g_return_val_if_fail (GP_IS_PRESET (self), GP_TRAINING_METHOD_FULL);
  return self->method;
}

GpSharding
gp_preset_get_sharding (GpPreset *self)
{
  g_return_val_if_fail (GP_IS_PRESET (self), GP_SHARDING_NONE);
  return self->sharding;
}

const char *
gp_preset_get_speeds_from (GpPreset *self)
{
  g_return_val_if_fail (GP_IS_PRESET (self), NULL);
  return self->speeds_from;
}

const char *
gp_preset_get_id (GpPreset *self)
{
  g_return_val_if_fail (GP_IS_PRESET (self), NULL);
  return self->id;
}

const char *
gp_preset_get_name (GpPreset *self)
{
  g_return_val_if_fail (GP_IS_PRESET (self), NULL);
  /* In the user's language: the estimator data's words are listed for the translators by
   * build-aux/extract-estimator-strings. */
  return g_dpgettext2 (GETTEXT_PACKAGE, "preset", self->name);
}

const char *
gp_preset_get_family (GpPreset *self)
{
  g_return_val_if_fail (GP_IS_PRESET (self), NULL);
  return self->family;
}

const char *
gp_preset_get_reference_gpu (GpPreset *self)
{
  g_return_val_if_fail (GP_IS_PRESET (self), NULL);
  return self->reference_gpu;
}

guint
gp_preset_get_reference_gpus (GpPreset *self)
{
  g_return_val_if_fail (GP_IS_PRESET (self), 1);
  return self->reference_gpus;
}

GpPrecision
gp_preset_get_precision (GpPreset *self)
{
  g_return_val_if_fail (GP_IS_PRESET (self), GP_PRECISION_FP16);
  return self->precision;
}

double
gp_preset_get_gpu_hours (GpPreset *self)
{
  g_return_val_if_fail (GP_IS_PRESET (self), 0);
  return self->gpu_hours;
}

const char *
gp_preset_get_target (GpPreset *self)
{
  g_return_val_if_fail (GP_IS_PRESET (self), NULL);
  /* In the user's language, as the name is. */
  return self->target != NULL ? g_dpgettext2 (GETTEXT_PACKAGE, "preset", self->target) : NULL;
}

const char *
gp_preset_get_note (GpPreset *self)
{
  g_return_val_if_fail (GP_IS_PRESET (self), NULL);
  return self->note;
}

double
gp_preset_get_min_gpu_memory_gb (GpPreset *self)
{
  g_return_val_if_fail (GP_IS_PRESET (self), NAN);
  return self->min_gpu_memory_gb;
}

GpSource *
gp_preset_get_source (GpPreset *self)
{
  g_return_val_if_fail (GP_IS_PRESET (self), NULL);
  return self->source;
}
