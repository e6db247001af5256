/* gp-workload-accessors.c — the getters and setters of a job's answers
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A setter reports what it changed through _gp_workload_changed().
 */

#include "config.h"

#include <math.h>

#include "gp-util.h"
#include "gp-workload-private.h"

GpPrecision
gp_workload_get_precision (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), GP_PRECISION_FP16);
  return self->precision;
}

void
gp_workload_set_precision (GpWorkload  *self,
                           GpPrecision  precision)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));

  if (self->precision != precision)
    {
      self->precision = precision;
      _gp_workload_changed (self, PROP_PRECISION);
    }
}

guint
gp_workload_get_gpus (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), 1);
  return self->gpus;
}

void
gp_workload_set_gpus (GpWorkload *self,
                      guint       gpus)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));

  if (self->gpus != gpus)
    {
      self->gpus = gpus;
      _gp_workload_changed (self, PROP_GPUS);
    }
}

const char *
gp_workload_get_exchange_rate_basis (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), NULL);
  return self->exchange_rate_basis;
}

void
gp_workload_set_exchange_rate_basis (GpWorkload *self,
                                     const char *basis)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));

  if (gp_set_str (&self->exchange_rate_basis, basis))
    _gp_workload_changed (self, PROP_EXCHANGE_RATE_BASIS);
}

guint
gp_workload_get_batch_size (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), 0);
  return self->batch_size;
}

void
gp_workload_set_batch_size (GpWorkload *self,
                            guint      batch_size)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));

  if (self->batch_size != batch_size)
    {
      self->batch_size = batch_size;
      _gp_workload_changed (self, PROP_BATCH_SIZE);
    }
}

guint
gp_workload_get_sequence_length (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), 0);
  return self->sequence_length;
}

void
gp_workload_set_sequence_length (GpWorkload *self,
                                 guint      sequence_length)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));

  if (self->sequence_length != sequence_length)
    {
      self->sequence_length = sequence_length;
      _gp_workload_changed (self, PROP_SEQUENCE_LENGTH);
    }
}

GpTrainingMethod
gp_workload_get_method (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), 0);
  return self->method;
}

void
gp_workload_set_method (GpWorkload *self,
                        GpTrainingMethod method)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));

  if (self->method != method)
    {
      self->method = method;
      _gp_workload_changed (self, PROP_METHOD);
    }
}

GpSharding
gp_workload_get_sharding (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), 0);
  return self->sharding;
}

void
gp_workload_set_sharding (GpWorkload *self,
                          GpSharding sharding)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));

  if (self->sharding != sharding)
    {
      self->sharding = sharding;
      _gp_workload_changed (self, PROP_SHARDING);
    }
}

gboolean
gp_workload_get_interruptible (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), FALSE);
  return self->interruptible;
}

void
gp_workload_set_interruptible (GpWorkload *self,
                               gboolean    interruptible)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));

  interruptible = !!interruptible;
  if (self->interruptible != interruptible)
    {
      self->interruptible = interruptible;
      _gp_workload_changed (self, PROP_INTERRUPTIBLE);
    }
}

gboolean
gp_workload_get_activation_checkpointing (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), FALSE);
  return self->activation_checkpointing;
}

void
gp_workload_set_activation_checkpointing (GpWorkload *self,
                                          gboolean    checkpointing)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));

  checkpointing = !!checkpointing;
  if (self->activation_checkpointing != checkpointing)
    {
      self->activation_checkpointing = checkpointing;
      _gp_workload_changed (self, PROP_ACTIVATION_CHECKPOINTING);
    }
}

const char * const *
gp_workload_get_providers (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), NULL);
  return (const char *const *) self->providers;
}

void
gp_workload_set_providers (GpWorkload         *self,
                           const char * const *providers)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));

  if (providers != NULL && providers[0] == NULL)
    providers = NULL;

  if (self->providers == NULL && providers == NULL)
    return;
  if (self->providers != NULL && providers != NULL &&
      g_strv_equal ((const char *const *) self->providers, providers))
    return;

  g_strfreev (self->providers);
  self->providers = g_strdupv ((char **) providers);
  _gp_workload_changed (self, PROP_PROVIDERS);
}

double
gp_workload_get_speed_ratio (GpWorkload *self,
                             const char *gpu_id)
{
  const double *ratio;

  g_return_val_if_fail (GP_IS_WORKLOAD (self), NAN);

  ratio = g_hash_table_lookup (self->speed_ratios, gpu_id);
  return ratio ? *ratio : NAN;
}

/* Overrides the speed model for one GPU. */
void
gp_workload_set_speed_ratio (GpWorkload *self,
                             const char *gpu_id,
                             double      ratio)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));
  g_return_if_fail (gpu_id != NULL);

  if (isnan (ratio))
    {
      if (g_hash_table_remove (self->speed_ratios, gpu_id))
        _gp_workload_changed (self, PROP_0);
      return;
    }

  g_hash_table_replace (self->speed_ratios, g_strdup (gpu_id), g_memdup2 (&ratio, sizeof ratio));
  _gp_workload_changed (self, PROP_0);
}

const char *
gp_workload_get_preset (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), NULL);
  return self->preset;
}

void
gp_workload_set_preset (GpWorkload *self,
                        const char *preset)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));

  if (gp_set_str (&self->preset, preset && *preset ? preset : NULL))
    _gp_workload_changed (self, PROP_PRESET);
}

const char *
gp_workload_get_reference_gpu (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), NULL);
  return self->reference_gpu;
}

void
gp_workload_set_reference_gpu (GpWorkload *self,
                               const char *reference_gpu)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));

  if (gp_set_str (&self->reference_gpu, reference_gpu && *reference_gpu ? reference_gpu : NULL))
    _gp_workload_changed (self, PROP_REFERENCE_GPU);
}

const char *
gp_workload_get_region (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), NULL);
  return self->region;
}

void
gp_workload_set_region (GpWorkload *self,
                        const char *region)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));

  if (gp_set_str (&self->region, region && *region ? region : NULL))
    _gp_workload_changed (self, PROP_REGION);
}

const char *
gp_workload_get_currency (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), NULL);
  return self->currency;
}

void
gp_workload_set_currency (GpWorkload *self,
                          const char *currency)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));

  if (gp_set_str (&self->currency, currency && *currency ? currency : NULL))
    _gp_workload_changed (self, PROP_CURRENCY);
}

/* The figures' accessors: see the table in gp-workload.c for what each means. */

double
gp_workload_get_gpu_hours (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), NAN);
  return _gp_workload_get_figure (self, PROP_GPU_HOURS);
}

void
gp_workload_set_gpu_hours (GpWorkload *self,
                           double      value)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));
  _gp_workload_set_figure (self, PROP_GPU_HOURS, value);
}

double
gp_workload_get_dataset_gb (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), NAN);
  return _gp_workload_get_figure (self, PROP_DATASET_GB);
}

void
gp_workload_set_dataset_gb (GpWorkload *self,
                            double      value)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));
  _gp_workload_set_figure (self, PROP_DATASET_GB, value);
}

double
gp_workload_get_results_gb (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), NAN);
  return _gp_workload_get_figure (self, PROP_RESULTS_GB);
}

void
gp_workload_set_results_gb (GpWorkload *self,
                            double      value)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));
  _gp_workload_set_figure (self, PROP_RESULTS_GB, value);
}

double
gp_workload_get_checkpoint_minutes (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), NAN);
  return _gp_workload_get_figure (self, PROP_CHECKPOINT_MINUTES);
}

void
gp_workload_set_checkpoint_minutes (GpWorkload *self,
                                    double      value)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));
  _gp_workload_set_figure (self, PROP_CHECKPOINT_MINUTES, value);
}

double
gp_workload_get_deadline_hours (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), NAN);
  return _gp_workload_get_figure (self, PROP_DEADLINE_HOURS);
}

void
gp_workload_set_deadline_hours (GpWorkload *self,
                                double      value)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));
  _gp_workload_set_figure (self, PROP_DEADLINE_HOURS, value);
}

double
gp_workload_get_budget (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), NAN);
  return _gp_workload_get_figure (self, PROP_BUDGET);
}

void
gp_workload_set_budget (GpWorkload *self,
                        double      value)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));
  _gp_workload_set_figure (self, PROP_BUDGET, value);
}

double
gp_workload_get_upload_mbps (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), NAN);
  return _gp_workload_get_figure (self, PROP_UPLOAD_MBPS);
}

void
gp_workload_set_upload_mbps (GpWorkload *self,
                             double      value)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));
  _gp_workload_set_figure (self, PROP_UPLOAD_MBPS, value);
}

double
gp_workload_get_cross_border_mbps (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), NAN);
  return _gp_workload_get_figure (self, PROP_CROSS_BORDER_MBPS);
}

void
gp_workload_set_cross_border_mbps (GpWorkload *self,
                                   double      value)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));
  _gp_workload_set_figure (self, PROP_CROSS_BORDER_MBPS, value);
}

double
gp_workload_get_usage_factor (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), NAN);
  return _gp_workload_get_figure (self, PROP_USAGE_FACTOR);
}

void
gp_workload_set_usage_factor (GpWorkload *self,
                              double      value)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));
  _gp_workload_set_figure (self, PROP_USAGE_FACTOR, value);
}

double
gp_workload_get_storage_per_gb_month (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), NAN);
  return _gp_workload_get_figure (self, PROP_STORAGE_PER_GB_MONTH);
}

void
gp_workload_set_storage_per_gb_month (GpWorkload *self,
                                      double      value)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));
  _gp_workload_set_figure (self, PROP_STORAGE_PER_GB_MONTH, value);
}

double
gp_workload_get_restart_minutes (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), NAN);
  return _gp_workload_get_figure (self, PROP_RESTART_MINUTES);
}

void
gp_workload_set_restart_minutes (GpWorkload *self,
                                 double      value)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));
  _gp_workload_set_figure (self, PROP_RESTART_MINUTES, value);
}

double
gp_workload_get_scaling_efficiency (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), NAN);
  return _gp_workload_get_figure (self, PROP_SCALING_EFFICIENCY);
}

void
gp_workload_set_scaling_efficiency (GpWorkload *self,
                                    double      value)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));
  _gp_workload_set_figure (self, PROP_SCALING_EFFICIENCY, value);
}

double
gp_workload_get_interruptions_per_month (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), NAN);
  return _gp_workload_get_figure (self, PROP_INTERRUPTIONS_PER_MONTH);
}

void
gp_workload_set_interruptions_per_month (GpWorkload *self,
                                         double      value)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));
  _gp_workload_set_figure (self, PROP_INTERRUPTIONS_PER_MONTH, value);
}

double
gp_workload_get_spec_weight (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), NAN);
  return _gp_workload_get_figure (self, PROP_SPEC_WEIGHT);
}

void
gp_workload_set_spec_weight (GpWorkload *self,
                             double      value)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));
  _gp_workload_set_figure (self, PROP_SPEC_WEIGHT, value);
}

double
gp_workload_get_exchange_rate (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), NAN);
  return _gp_workload_get_figure (self, PROP_EXCHANGE_RATE);
}

void
gp_workload_set_exchange_rate (GpWorkload *self,
                               double      value)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));
  _gp_workload_set_figure (self, PROP_EXCHANGE_RATE, value);
}

double
gp_workload_get_model_billions (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), NAN);
  return _gp_workload_get_figure (self, PROP_MODEL_BILLIONS);
}

void
gp_workload_set_model_billions (GpWorkload *self,
                                double      value)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));
  _gp_workload_set_figure (self, PROP_MODEL_BILLIONS, value);
}

double
gp_workload_get_tokens (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), NAN);
  return _gp_workload_get_figure (self, PROP_TOKENS);
}

void
gp_workload_set_tokens (GpWorkload *self,
                        double      value)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));
  _gp_workload_set_figure (self, PROP_TOKENS, value);
}
