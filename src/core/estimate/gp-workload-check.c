/* gp-workload-check.c — what is impossible in a job's answers, against the catalog and the
 * estimator data they name
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "gp-catalog.h"
#include "gp-estimator-data.h"
#include "gp-format.h"
#include "gp-measurement.h"
#include "gp-workload-private.h"

/* The least a job may take: six minutes of one GPU. A job of 1e-9 GPU-hours was estimated at
 * 0.0 h and 0.00 on every offer, which says nothing. */
#define MIN_GPU_HOURS 0.1

static gboolean
invalid (GError    **error,
         const char *message)
{
  g_set_error_literal (error, GP_WORKLOAD_ERROR, GP_WORKLOAD_ERROR_INVALID_VALUE, message);
  return FALSE;
}

/* The measurements can be used together: none a test run, all of one job, and tokens to run. */
static gboolean
check_measurements (GpWorkload  *self,
                    GError     **error)
{
  GpMeasurement *reference = self->measurements->pdata[0];

  for (guint i = 0; i < self->measurements->len; i++)
    {
      GpMeasurement *measurement = self->measurements->pdata[i];

      if (gp_measurement_is_test_run (measurement))
        {
          g_set_error (error, GP_WORKLOAD_ERROR, GP_WORKLOAD_ERROR_INVALID_VALUE,
                       _("Measurement %s is the script’s test on the CPU (--cpu), with a tiny "
                          "model: run the script on a GPU to measure the job"),
                       gp_measurement_get_id (measurement));
          return FALSE;
        }
      if (!gp_measurement_same_job (measurement, reference))
        {
          g_set_error (error, GP_WORKLOAD_ERROR, GP_WORKLOAD_ERROR_INVALID_VALUE,
                       _("Measurements %s and %s are of different jobs: measure one job on "
                          "each GPU"),
                       gp_measurement_get_id (reference), gp_measurement_get_id (measurement));
          return FALSE;
        }
    }

  if (!(gp_workload_get_tokens (self) > 0) || !isfinite (gp_workload_get_tokens (self)) ||
      gp_workload_get_tokens (self) > 1e16)
    return invalid (error, _("Give the tokens the job trains on (the dataset’s tokens × epochs): "
                              "the measured speed turns them into hours"));
  return TRUE;
}

static gboolean
check_number (double       value,
              gboolean     nan_allowed,
              double       max,
              const char  *name,
              GError     **error)
{
  if ((isnan (value) && nan_allowed) || (isfinite (value) && value >= 0 && value <= max))
    return TRUE;

  g_set_error (error, GP_WORKLOAD_ERROR, GP_WORKLOAD_ERROR_INVALID_VALUE,
               _("%s must be a number from 0 to %g"), name, max);
  return FALSE;
}

gboolean
gp_workload_check (GpWorkload       *workload,
                   GpCatalog        *catalog,
                   GpEstimatorData  *data,
                   GError          **error)
{
  const char *preset_id = gp_workload_get_preset (workload);
  const char *reference_id = gp_workload_get_reference_gpu (workload);
  const char *currency = gp_workload_get_currency (workload);
  GpGpu *reference;

  g_return_val_if_fail (GP_IS_WORKLOAD (workload), FALSE);

  if (preset_id != NULL)
    {
      GpPreset *preset = gp_estimator_data_find_preset (data, preset_id);

      if (preset == NULL)
        {
          g_set_error (error, GP_WORKLOAD_ERROR, GP_WORKLOAD_ERROR_UNKNOWN_REFERENCE,
                       _("There is no workload preset “%s”"), preset_id);
          return FALSE;
        }
      reference_id = gp_preset_get_reference_gpu (preset);
    }
  if (workload->measurements->len > 0)
    {
      if (!check_measurements (workload, error))
        return FALSE;
      reference_id = gp_measurement_get_gpu (workload->measurements->pdata[0]);
    }
  else if (gp_workload_get_tokens (workload) != 0)
    return invalid (error, _("Tokens need a measurement of the job’s speed to turn them into "
                              "hours (see “measure-script”)"));
  else if (preset_id == NULL && (!(gp_workload_get_gpu_hours (workload) >= MIN_GPU_HOURS) ||
                                 !isfinite (gp_workload_get_gpu_hours (workload))))
    {
      g_autofree char *least = gp_format_number (MIN_GPU_HOURS, 1);

      /* Translators: %s is the least a job may take, "0.1" */
      g_set_error (error, GP_WORKLOAD_ERROR, GP_WORKLOAD_ERROR_INVALID_VALUE,
                   _("Give the job’s GPU-hours (at least %s) or choose a preset"), least);
      return FALSE;
    }

  if (reference_id == NULL)
    return invalid (error, _("Choose the GPU the GPU-hours were counted on"));

  reference = gp_catalog_find_gpu (catalog, reference_id);
  if (reference == NULL)
    {
      g_set_error (error, GP_WORKLOAD_ERROR, GP_WORKLOAD_ERROR_UNKNOWN_REFERENCE,
                   _("The catalog has no GPU “%s”"), reference_id);
      return FALSE;
    }

  if (!check_number (gp_workload_get_gpu_hours (workload), FALSE, 1e7, _("GPU-hours"), error) ||
      !check_number (gp_workload_get_dataset_gb (workload), FALSE, 1e7, _("Dataset size"),
                     error) ||
      !check_number (gp_workload_get_results_gb (workload), FALSE, 1e7, _("Results size"),
                     error) ||
      !check_number (gp_workload_get_checkpoint_minutes (workload), FALSE, 1e5,
                     _("Checkpoint interval"), error) ||
      !check_number (gp_workload_get_deadline_hours (workload), FALSE, 1e6, _("Deadline"),
                     error) ||
      !check_number (gp_workload_get_budget (workload), FALSE, 1e9, _("Budget"), error) ||
      !check_number (gp_workload_get_model_billions (workload), FALSE, 1e5, _("Model size"),
                     error) ||
      !check_number (gp_workload_get_upload_mbps (workload), TRUE, 1e6, _("Upload speed"),
                     error) ||
      !check_number (gp_workload_get_storage_per_gb_month (workload), TRUE, 1e3,
                     _("Storage price"), error) ||
      !check_number (gp_workload_get_restart_minutes (workload), TRUE, 1e4, _("Restart time"),
                     error) ||
      !check_number (gp_workload_get_interruptions_per_month (workload), TRUE, 0.999,
                     _("Interruption rate"), error) ||
      !check_number (gp_workload_get_spec_weight (workload), TRUE, 1, _("TFLOPS weight"), error) ||
      !check_number (gp_workload_get_cross_border_mbps (workload), TRUE, 1e6,
                     _("Cross-border speed"), error))
    return FALSE;

  if (!isnan (gp_workload_get_scaling_efficiency (workload)) &&
      !(gp_workload_get_scaling_efficiency (workload) > 0 &&
        gp_workload_get_scaling_efficiency (workload) <= 1))
    return invalid (error, _("Scaling efficiency must be above 0 and at most 1"));
  if (!isnan (gp_workload_get_usage_factor (workload)) &&
      !(gp_workload_get_usage_factor (workload) > 0 &&
        gp_workload_get_usage_factor (workload) <= 1))
    return invalid (error, _("Usage factor must be above 0 and at most 1"));

  if (gp_workload_get_upload_mbps (workload) == 0)
    return invalid (error, _("Upload speed must be above 0"));
  if (gp_workload_get_cross_border_mbps (workload) == 0)
    return invalid (error, _("Cross-border speed must be above 0"));

  if (gp_workload_get_gpus (workload) > 1024)
    return invalid (error, _("At most 1,024 GPUs"));

  if (currency != NULL && g_ascii_strcasecmp (currency, gp_catalog_get_currency (catalog)) != 0)
    {
      double rate = gp_workload_get_exchange_rate (workload);

      if (isnan (rate) || !(rate > 0) || !isfinite (rate))
        {
          g_set_error (error, GP_WORKLOAD_ERROR, GP_WORKLOAD_ERROR_NO_EXCHANGE_RATE,
                       _("Prices are in %s: give the exchange rate to %s"),
                       gp_catalog_get_currency (catalog), currency);
          return FALSE;
        }
    }

  return TRUE;
}
