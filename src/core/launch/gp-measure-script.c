/* gp-measure-script.c — a Python script that measures the user's own job on their GPU
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The script (gp-measure.py, compiled in) builds a model of the job's shape with PyTorch alone,
 * times a few training steps and writes tokens per second and the peak memory as JSON. Only the
 * job's figures are filled in, each written as a Python literal.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "gp-enums.h"
#include "gp-launch.h"
#include "gp-literal.h"
#include "gp-measure-resources.h"
#include "gp-measure-script.h"
#include "gp-memory-model.h"
#include "gp-util.h"

#define SCRIPT_PATH "/io/github/gpuplanner/GpuPlanner/measure/gp-measure.py"

static char *
python_number (double value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  return g_strdup (g_ascii_dtostr (buffer, sizeof buffer, value));
}

static char *
job_literal (const GpMemoryJob *job,
             const char        *preset,
             GpEstimatorData   *data)
{
  g_autofree char *preset_text = preset != NULL ? gp_literal_python (preset) : g_strdup ("None");
  g_autofree char *billions = python_number (job->model_billions);
  g_autofree char *method =
      gp_literal_python (gp_enum_to_nick (GP_TYPE_TRAINING_METHOD, job->method));
  g_autofree char *precision =
      gp_literal_python (gp_enum_to_nick (GP_TYPE_PRECISION, job->precision));
  g_autofree char *vocabulary =
      python_number (gp_estimator_data_get_coefficient (data, "vocabulary_size"));

  return g_strdup_printf ("{\"preset\": %s, \"model_billions\": %s, \"method\": %s, "
                          "\"precision\": %s, \"batch\": %u, \"sequence\": %u, "
                          "\"checkpointing\": %s, \"vocabulary\": int(%s)}",
                          preset_text, billions, method, precision, job->batch_size,
                          job->sequence_length, job->checkpointing ? "True" : "False", vocabulary);
}

/**
 * gp_measure_script_new:
 * @workload: the job: its model size (or a preset's), method, precision, batch, sequence length
 *   and activation checkpointing
 * @data: (nullable): the estimator data, or %NULL for the bundled data
 * @error: what the job lacks
 *
 * Returns: (transfer full) (nullable): the script's text, or %NULL with @error set
 */
char *
gp_measure_script_new (GpWorkload       *workload,
                       GpEstimatorData  *data,
                       GError          **error)
{
  const char *preset_id = gp_workload_get_preset (workload);
  GpPreset *preset = NULL;
  g_autoptr(GBytes) template = NULL;
  g_autofree char *job_text = NULL;
  g_auto(GStrv) parts = NULL;
  GpMemoryJob job;

  g_return_val_if_fail (GP_IS_WORKLOAD (workload), NULL);

  if (data == NULL)
    data = gp_estimator_data_get_default ();
  if (preset_id != NULL)
    preset = gp_estimator_data_find_preset (data, preset_id);
  gp_memory_job_init (&job, workload, preset);
  if (!(job.model_billions > 0) || job.batch_size == 0 || job.sequence_length == 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("The job to measure needs its model size, batch size and sequence "
                              "length"));
      return NULL;
    }

  template = g_resource_lookup_data (gp_measure_get_resource (), SCRIPT_PATH,
                                     G_RESOURCE_LOOKUP_FLAGS_NONE, error);
  if (template == NULL)
    return NULL;
  job_text = job_literal (&job, preset != NULL ? preset_id : NULL, data);
  parts = g_strsplit (g_bytes_get_data (template, NULL), "@JOB@", 2);
  g_return_val_if_fail (parts[0] != NULL && parts[1] != NULL, NULL);

  return g_strconcat (parts[0], job_text, parts[1], NULL);
}
