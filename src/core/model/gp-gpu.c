/* gp-gpu.c — a GPU model and its published specifications
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "gp-enums.h"
#include "gp-gpu-private.h"

G_DEFINE_FINAL_TYPE (GpGpu, gp_gpu, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_ID,
  PROP_NAME,
  PROP_VENDOR,
  PROP_ARCHITECTURE,
  PROP_LAUNCH_YEAR,
  PROP_INFERENCE_ONLY,
  PROP_NOTES,
  PROP_SOURCE,
  PROP_LAYER,
  /* The figures, read through figure_offsets */
  PROP_MEMORY_GB,
  PROP_MEMORY_BANDWIDTH_GBPS,
  PROP_FP32_TFLOPS,
  PROP_TF32_TFLOPS,
  PROP_FP16_TFLOPS,
  PROP_BF16_TFLOPS,
  PROP_FP8_TFLOPS,
  PROP_TDP_W,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const struct
{
  const char *name;
  gsize       offset;
} figures[] = {
  { "memory-gb", G_STRUCT_OFFSET (GpGpu, memory_gb) },
  { "memory-bandwidth-gbps", G_STRUCT_OFFSET (GpGpu, memory_bandwidth_gbps) },
  { "fp32-tflops", G_STRUCT_OFFSET (GpGpu, fp32_tflops) },
  { "tf32-tflops", G_STRUCT_OFFSET (GpGpu, tf32_tflops) },
  { "fp16-tflops", G_STRUCT_OFFSET (GpGpu, fp16_tflops) },
  { "bf16-tflops", G_STRUCT_OFFSET (GpGpu, bf16_tflops) },
  { "fp8-tflops", G_STRUCT_OFFSET (GpGpu, fp8_tflops) },
  { "tdp-w", G_STRUCT_OFFSET (GpGpu, tdp_w) },
};

G_STATIC_ASSERT (G_N_ELEMENTS (figures) == N_PROPS - PROP_MEMORY_GB);

static void
gp_gpu_dispose (GObject *object)
{
  GpGpu *self = GP_GPU (object);

  g_clear_object (&self->source);
  g_clear_object (&self->use_source);
  g_clear_object (&self->tdp_source);

  G_OBJECT_CLASS (gp_gpu_parent_class)->dispose (object);
}

static void
gp_gpu_finalize (GObject *object)
{
  GpGpu *self = GP_GPU (object);

  g_free (self->id);
  g_free (self->name);
  g_free (self->vendor);
  g_free (self->architecture);
  g_free (self->notes);
  g_strfreev (self->aliases);
  g_free (self->source_id);
  g_free (self->use_source_id);
  g_free (self->tdp_source_id);

  G_OBJECT_CLASS (gp_gpu_parent_class)->finalize (object);
}

static void
gp_gpu_get_property (GObject    *object,
                     guint       prop_id,
                     GValue     *value,
                     GParamSpec *pspec)
{
  GpGpu *self = GP_GPU (object);

  if (prop_id >= PROP_MEMORY_GB && prop_id < N_PROPS)
    {
      g_value_set_double (value, G_STRUCT_MEMBER (double, self,
                                                  figures[prop_id - PROP_MEMORY_GB].offset));
      return;
    }

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_string (value, self->id);
      break;

    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;

    case PROP_VENDOR:
      g_value_set_string (value, self->vendor);
      break;

    case PROP_ARCHITECTURE:
      g_value_set_string (value, self->architecture);
      break;

    case PROP_LAUNCH_YEAR:
      g_value_set_uint (value, self->launch_year);
      break;

    case PROP_INFERENCE_ONLY:
      g_value_set_boolean (value, self->inference_only);
      break;

    case PROP_NOTES:
      g_value_set_string (value, self->notes);
      break;

    case PROP_SOURCE:
      g_value_set_object (value, self->source);
      break;

    case PROP_LAYER:
      g_value_set_enum (value, self->layer);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gp_gpu_class_init (GpGpuClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = gp_gpu_dispose;
  object_class->finalize = gp_gpu_finalize;
  object_class->get_property = gp_gpu_get_property;

  properties[PROP_ID] =
    g_param_spec_string ("id", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_VENDOR] =
    g_param_spec_string ("vendor", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_ARCHITECTURE] =
    g_param_spec_string ("architecture", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_LAUNCH_YEAR] =
    g_param_spec_uint ("launch-year", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_INFERENCE_ONLY] = g_param_spec_boolean (
      "inference-only", NULL, NULL, FALSE, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_NOTES] =
    g_param_spec_string ("notes", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_SOURCE] =
    g_param_spec_object ("source", NULL, NULL, GP_TYPE_SOURCE,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_LAYER] =
    g_param_spec_enum ("layer", NULL, NULL, GP_TYPE_CATALOG_LAYER, GP_CATALOG_LAYER_BUNDLED,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  for (guint i = 0; i < G_N_ELEMENTS (figures); i++)
    properties[PROP_MEMORY_GB + i] =
      g_param_spec_double (figures[i].name, NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0,
                           G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gp_gpu_init (GpGpu *self)
{
  self->memory_gb = NAN;
  self->memory_bandwidth_gbps = NAN;
  self->fp32_tflops = NAN;
  self->tf32_tflops = NAN;
  self->fp16_tflops = NAN;
  self->bf16_tflops = NAN;
  self->fp8_tflops = NAN;
  self->tdp_w = NAN;
}

GpGpu *
gp_gpu_new_empty (void)
{
  return g_object_new (GP_TYPE_GPU, NULL);
}

const char *
gp_gpu_get_id (GpGpu *self)
{
  g_return_val_if_fail (GP_IS_GPU (self), NULL);
  return self->id;
}

const char *
gp_gpu_get_name (GpGpu *self)
{
  g_return_val_if_fail (GP_IS_GPU (self), NULL);
  return self->name;
}

const char *
gp_gpu_get_vendor (GpGpu *self)
{
  g_return_val_if_fail (GP_IS_GPU (self), NULL);
  return self->vendor;
}

const char *
gp_gpu_get_architecture (GpGpu *self)
{
  g_return_val_if_fail (GP_IS_GPU (self), NULL);
  return self->architecture;
}

/* The figure getters of #GpGpu return NAN where the catalog has no sourced value. */
double
gp_gpu_get_memory_gb (GpGpu *self)
{
  g_return_val_if_fail (GP_IS_GPU (self), NAN);
  return self->memory_gb;
}

double
gp_gpu_get_memory_bandwidth_gbps (GpGpu *self)
{
  g_return_val_if_fail (GP_IS_GPU (self), NAN);
  return self->memory_bandwidth_gbps;
}

double
gp_gpu_get_fp32_tflops (GpGpu *self)
{
  g_return_val_if_fail (GP_IS_GPU (self), NAN);
  return self->fp32_tflops;
}

/* The tensor figures are dense (without structured sparsity). */
double
gp_gpu_get_tf32_tflops (GpGpu *self)
{
  g_return_val_if_fail (GP_IS_GPU (self), NAN);
  return self->tf32_tflops;
}

double
gp_gpu_get_fp16_tflops (GpGpu *self)
{
  g_return_val_if_fail (GP_IS_GPU (self), NAN);
  return self->fp16_tflops;
}

double
gp_gpu_get_bf16_tflops (GpGpu *self)
{
  g_return_val_if_fail (GP_IS_GPU (self), NAN);
  return self->bf16_tflops;
}

double
gp_gpu_get_fp8_tflops (GpGpu *self)
{
  g_return_val_if_fail (GP_IS_GPU (self), NAN);
  return self->fp8_tflops;
}

/* The figure that "value" compares across GPUs: dense BF16 tensor TFLOPS, or FP16 where BF16
 * is unknown (Volta and Turing have only FP16 tensor cores). */
double
gp_gpu_get_tensor_tflops (GpGpu *self)
{
  g_return_val_if_fail (GP_IS_GPU (self), NAN);
  return !isnan (self->bf16_tflops) ? self->bf16_tflops : self->fp16_tflops;
}

double
gp_gpu_get_tdp_w (GpGpu *self)
{
  g_return_val_if_fail (GP_IS_GPU (self), NAN);
  return self->tdp_w;
}

/* Whether the model is an inference accelerator (AWS Inferentia, Qualcomm Cloud AI 100): a
 * training job is not estimated on it, and it is no platform's cheapest GPU-hour for training. */
gboolean
gp_gpu_get_inference_only (GpGpu *self)
{
  g_return_val_if_fail (GP_IS_GPU (self), FALSE);

  return self->inference_only;
}

GpSource *
gp_gpu_get_use_source (GpGpu *self)
{
  g_return_val_if_fail (GP_IS_GPU (self), NULL);

  return self->use_source;
}

guint
gp_gpu_get_launch_year (GpGpu *self)
{
  g_return_val_if_fail (GP_IS_GPU (self), 0);
  return self->launch_year;
}

const char * const *
gp_gpu_get_aliases (GpGpu *self)
{
  g_return_val_if_fail (GP_IS_GPU (self), NULL);
  return (const char * const *) self->aliases;
}

gboolean
gp_gpu_is_named (GpGpu      *self,
                 const char *name)
{
  g_return_val_if_fail (GP_IS_GPU (self), FALSE);

  if (name == NULL)
    return FALSE;
  if (g_ascii_strcasecmp (name, self->id) == 0 || g_ascii_strcasecmp (name, self->name) == 0)
    return TRUE;
  for (guint i = 0; self->aliases != NULL && self->aliases[i] != NULL; i++)
    if (g_ascii_strcasecmp (name, self->aliases[i]) == 0)
      return TRUE;

  return FALSE;
}

const char *
gp_gpu_get_notes (GpGpu *self)
{
  g_return_val_if_fail (GP_IS_GPU (self), NULL);
  return self->notes;
}

GpSource *
gp_gpu_get_tdp_source (GpGpu *self)
{
  g_return_val_if_fail (GP_IS_GPU (self), NULL);
  return self->tdp_source != NULL ? self->tdp_source : self->source;
}

GpSource *
gp_gpu_get_source (GpGpu *self)
{
  g_return_val_if_fail (GP_IS_GPU (self), NULL);
  return self->source;
}

GpCatalogLayer
gp_gpu_get_layer (GpGpu *self)
{
  g_return_val_if_fail (GP_IS_GPU (self), GP_CATALOG_LAYER_BUNDLED);
  return self->layer;
}
