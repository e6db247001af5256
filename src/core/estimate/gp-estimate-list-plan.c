/* gp-estimate-list-plan.c — the estimate list's job and its plan of each instance: the
 * reference hours, what the job needs of memory, the provider's terms
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "gp-estimate-list-private.h"

static double
preset_single_gpu_hours (GpEstimatorData *data,
                         GpWorkload      *workload,
                         GpPreset        *preset,
                         GpGpu           *reference)
{
  GpPrecision measured = gp_preset_get_precision (preset);
  GpPrecision wanted =
      gp_cost_effective_precision (reference, gp_workload_get_precision (workload));
  double weight = gp_workload_get_spec_weight (workload);
  double hours = gp_cost_preset_single_gpu_hours (data, preset, gp_gpu_get_id (reference),
                                                  gp_preset_get_reference_gpus (preset),
                                                  gp_preset_get_gpu_hours (preset));

  if (isnan (weight))
    weight = gp_estimator_data_get_coefficient (data, "spec_tflops_weight");

  /* Another precision than the measurement's: rescale by the data sheet on the same GPU. */
  if (wanted != measured)
    {
      double from = gp_cost_spec_speed (reference, measured, weight, FALSE);
      double to = gp_cost_spec_speed (reference, wanted, weight, FALSE);

      if (!isnan (from) && !isnan (to) && to > 0)
        hours *= from / to;
    }

  return hours;
}

static void
read_terms (InstancePlan    *plan,
            GpWorkload      *workload,
            GpEstimatorData *data,
            GpInstance      *instance)
{
  GpProvider *provider = gp_instance_get_provider (instance);
  double dataset = gp_workload_get_dataset_gb (workload);
  double ingress = gp_provider_get_ingress_per_gb (provider);

  plan->provider = provider;
  plan->increment_s = gp_instance_get_billing_increment_s (instance);
  plan->minimum_s = gp_provider_get_billing_minimum_s (provider);
  plan->max_session_hours = gp_provider_get_max_session_hours (provider);
  plan->data_cost = gp_cost_egress (gp_workload_get_results_gb (workload),
                                    gp_provider_get_egress_free_gb (provider),
                                    gp_provider_get_egress_per_gb (provider)) +
                    (isnan (ingress) ? 0 : dataset * ingress);
  plan->discount_1y_pct = gp_provider_get_reserved_1y_discount_pct (provider);
  plan->discount_3y_pct = gp_provider_get_reserved_3y_discount_pct (provider);
  plan->subscription = (gp_provider_get_pricing (provider) & GP_PRICING_SUBSCRIPTION) != 0;
  plan->spot_published =
      gp_estimator_data_has_spot_interruptions (data, gp_instance_get_id (instance));
}

/* Whether the job fits in each of the instance's GPUs: an offer that does not is still
 * estimated, and listed after every offer that does, saying what it lacks. */
static void
plan_memory (InstancePlan    *plan,
             Job             *job,
             GpEstimatorData *data,
             GpInstance      *instance)
{
  double has = gp_instance_get_gpu_memory_gb (instance);
  GpMeasurement *measured =
      gp_workload_find_measurement (job->workload, gp_gpu_get_id (gp_instance_get_gpu (instance)));

  /* On a GPU the job was measured on, what it held there; the model elsewhere. */
  plan->memory_needed_gb = measured != NULL
                               ? gp_measurement_get_peak_reserved_gb (measured)
                               : gp_memory_needed_gb (data, &job->memory, plan->gpu_count);
  if (isnan (plan->memory_needed_gb) || isnan (has))
    plan->fit = GP_FIT_UNKNOWN;
  else
    plan->fit = has >= plan->memory_needed_gb ? GP_FIT_YES : GP_FIT_NO;
}

static InstancePlan *
plan_instance (Job             *job,
               GpWorkload      *workload,
               GpEstimatorData *data,
               GpInstance      *instance)
{
  GpGpu *gpu = gp_instance_get_gpu (instance);
  guint wanted_gpus = gp_workload_get_gpus (workload);
  guint count = gp_instance_get_gpu_count (instance);
  double override = gp_workload_get_scaling_efficiency (workload);
  g_autofree InstancePlan *plan = g_new0 (InstancePlan, 1);

  if (gpu == NULL || count == 0)
    return NULL;
  /* A rented instance comes whole; the lab's own machine lends a job some of its GPUs, a
   * one-GPU job one of its eight, at their share of its hourly cost. */
  if (wanted_gpus > 0 && count != wanted_gpus)
    {
      if (gp_instance_get_lab_cost (instance) == NULL || wanted_gpus > count)
        return NULL;
      plan->share = (double) wanted_gpus / count;
      count = wanted_gpus;
    }
  else
    plan->share = 1;

  if (gp_gpu_get_inference_only (gpu) && job->memory.method != GP_TRAINING_METHOD_INFERENCE)
    {
      _gp_estimate_list_skip (
          job, g_strdup_printf (_("%s: an inference accelerator, which does not run "
                                   "training"),
                                gp_gpu_get_name (gpu)));
      return NULL;
    }
  if (!gp_cost_speed_ratio (data, job->catalog, workload, job->reference, gpu, &plan->ratio,
                            &plan->basis, &plan->source, plan->published) ||
      !(plan->ratio > 0))
    {
      _gp_estimate_list_skip (
          job, g_strdup_printf (_("%s: no measurement or data-sheet figure to scale the "
                                   "speed by"),
                                gp_gpu_get_name (gpu)));
      return NULL;
    }

  plan->precision = gp_cost_effective_precision (gpu, gp_workload_get_precision (workload));
  plan->gpu_count = count;
  plan->efficiency = count > 1 && !isnan (override)
                         ? override
                         /* An instance's GPUs share one machine's fabric. */
                         : gp_estimator_data_scaling_efficiency_in_node (
                               data, job->preset ? gp_preset_get_family (job->preset) : NULL,
                               gp_gpu_get_id (gpu), plan->precision, count, NULL);
  plan->run_hours =
      job->single_gpu_hours * job->recompute / plan->ratio / (count * plan->efficiency);
  plan_memory (plan, job, data, instance);
  plan->gpu_only = gp_instance_get_price_basis (instance) == GP_PRICE_BASIS_GPU_ONLY;
  read_terms (plan, workload, data, instance);
  plan->steady_sessions = gp_cost_sessions (plan->run_hours, plan->max_session_hours);
  plan->steady_billed_hours = gp_cost_billed_hours (plan->run_hours + (plan->steady_sessions - 1) *
                                                                          job->restart_minutes / 60,
                                                    plan->increment_s, plan->minimum_s);

  return g_steal_pointer (&plan);
}

static gboolean
wants_provider (GpWorkload *workload,
                GpProvider *provider)
{
  const char *const *providers = gp_workload_get_providers (workload);

  return providers == NULL || g_strv_contains (providers, gp_provider_get_id (provider));
}

/* Plans @instance, held by the list, and adds it and its plan where the job may run on it. */
void
_gp_estimate_list_plan_instances (GpEstimateList *self,
                GpInstance     *instance,
                GPtrArray      *planned,
                GPtrArray      *plans)
{
  InstancePlan *plan = wants_provider (self->workload, gp_instance_get_provider (instance))
                           ? plan_instance (self->job, self->workload, self->data, instance)
                           : NULL;

  g_hash_table_insert (self->job->instances, g_object_ref (instance), plan);
  if (plan == NULL)
    return;
  g_ptr_array_add (planned, instance);
  g_ptr_array_add (plans, plan);
}

gboolean
_gp_estimate_list_prepare_job (GpEstimateList *self,
             GError        **error)
{
  Job *job = self->job;
  GpWorkload *workload = self->workload;
  const char *preset_id = gp_workload_get_preset (workload);
  double mbps = gp_workload_get_upload_mbps (workload);
  double across;
  const char *currency = gp_workload_get_currency (workload);

  if (!gp_workload_check (workload, self->catalog, self->data, error))
    return FALSE;

  job->preset = preset_id ? gp_estimator_data_find_preset (self->data, preset_id) : NULL;
  gp_memory_job_init (&job->memory, workload, job->preset);
  job->workload = workload;
  job->catalog = self->catalog;
  if (gp_workload_get_measurements (workload)->len > 0)
    {
      /* The user's own job: its tokens at the speed measured on the first GPU. */
      GpMeasurement *measured = g_ptr_array_index (gp_workload_get_measurements (workload), 0);

      job->reference = gp_catalog_find_gpu (self->catalog, gp_measurement_get_gpu (measured));
      job->single_gpu_hours = gp_workload_get_tokens (workload) /
                              gp_measurement_get_tokens_per_second (measured) / 3600;
    }
  else
    {
      job->reference = gp_catalog_find_gpu (self->catalog,
                                            job->preset ? gp_preset_get_reference_gpu (job->preset)
                                                        : gp_workload_get_reference_gpu (workload));
      job->single_gpu_hours =
          job->preset ? preset_single_gpu_hours (self->data, workload, job->preset, job->reference)
                      : gp_workload_get_gpu_hours (workload);
    }
  job->recompute = gp_cost_recompute_factor (self->data, workload);
  job->reference_name =
      job->reference != NULL ? g_intern_string (gp_gpu_get_name (job->reference)) : NULL;
  job->restart_minutes = gp_workload_get_restart_minutes (workload);
  if (isnan (job->restart_minutes))
    job->restart_minutes = gp_estimator_data_get_coefficient (self->data, "restart_minutes");
  job->checkpoint_minutes = gp_workload_get_checkpoint_minutes (workload);
  job->interruptions_overridden = !isnan (gp_workload_get_interruptions_per_month (workload));
  job->interruptions_per_month =
      job->interruptions_overridden
          ? gp_workload_get_interruptions_per_month (workload)
          : gp_estimator_data_get_coefficient (self->data, "spot_interruptions_per_month");
  job->interruptions_per_hour = gp_cost_interruptions_per_hour (job->interruptions_per_month);
  job->stored_gb = gp_workload_get_dataset_gb (workload) + gp_workload_get_results_gb (workload);
  job->storage_per_gb_month = gp_workload_get_storage_per_gb_month (workload);
  job->interruptible = gp_workload_get_interruptible (workload);
  job->region = gp_workload_get_region (workload);
  if (isnan (mbps))
    mbps = gp_estimator_data_get_coefficient (self->data, "upload_mbps");
  job->upload_hours = gp_cost_upload_hours (gp_workload_get_dataset_gb (workload), mbps);
  /* From a lab in mainland China the data crosses the border no faster than the link does. */
  job->lab = gp_workload_get_lab_location (workload);
  across = gp_workload_get_cross_border_mbps (workload);
  if (isnan (across))
    across = gp_estimator_data_get_coefficient (self->data, "cross_border_mbps");
  job->cross_border_upload_hours =
      gp_cost_upload_hours (gp_workload_get_dataset_gb (workload), MIN (mbps, across));

  job->rate = 1;
  self->currency = g_strdup (gp_catalog_get_currency (self->catalog));
  if (currency != NULL && g_ascii_strcasecmp (currency, self->currency) != 0)
    {
      job->rate = gp_workload_get_exchange_rate (workload);
      g_free (self->currency);
      self->currency = g_ascii_strup (currency, -1);
    }

  return TRUE;
}
