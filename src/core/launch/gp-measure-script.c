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

/* The script's messages as a Python dict, translated now: the script speaks the language it
 * was made in, as what made it does. Each keeps its Python conversions (%s, %.1f, %d). */
static char *
messages_literal (void)
{
  const char *const messages[][2] = {
    { "description", _("Measure a training job’s speed and GPU memory.") },
    { "output", _("where to write the JSON") },
    { "steps", _("timed steps (after 3 warm-up)") },
    { "cpu", _("a tiny model on the CPU, to test") },
    { "no_torch", _("PyTorch is needed: pip install torch") },
    { "qlora", _("QLoRA needs bitsandbytes’ 4-bit layers, which this script does not build: "
                  "measure the same model as LoRA and let GPU Planner scale its memory") },
    { "no_gpu", _("No GPU found: run it where a GPU is, or give --cpu to test the script") },
    /* Translators: a Python format: the GB the weights and optimizer states need, the GB the
     * GPU has */
    { "too_big", _("Does not fit: the model’s weights and optimizer states alone need %.1f GB, "
                    "the GPU has %.1f GB") },
    /* Translators: a Python format: the batch, then the tokens of each sequence */
    { "out_of_memory", _("Does not fit: the GPU ran out of memory at batch %d × %d tokens") },
    /* Translators: a Python format: the GPU's name, the tokens a second, then ", peak … GB"
     * and " (… run in …)" or nothing, and the file written */
    { "done", _("%s: %.0f tokens/s%s%s; written to %s") },
    /* Translators: a Python format, after the tokens a second: the peak memory */
    { "peak", _(", peak %.1f GB") },
    /* Translators: a Python format: the job's precision, then the one it ran in ("FP16 run in
     * BF16") */
    { "run_in", _(" (%s run in %s)") },
  };
  GString *text = g_string_new ("{");

  for (guint i = 0; i < G_N_ELEMENTS (messages); i++)
    {
      g_autofree char *value = gp_literal_python (messages[i][1]);

      g_string_append_printf (text, "%s\n    \"%s\": %s", i > 0 ? "," : "", messages[i][0], value);
    }
  g_string_append (text, ",\n}");
  return g_string_free (text, FALSE);
}

char *
gp_measure_script_new (GpWorkload       *workload,
                       GpEstimatorData  *data,
                       GError          **error)
{
  const char *preset_id = gp_workload_get_preset (workload);
  GpPreset *preset = NULL;
  g_autoptr(GBytes) template = NULL;
  g_autofree char *job_text = NULL;
  g_autofree char *messages = NULL;
  GString *script;
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
  messages = messages_literal ();
  script = g_string_new_len (g_bytes_get_data (template, NULL), g_bytes_get_size (template));
  g_string_replace (script, "@JOB@", job_text, 1);
  g_string_replace (script, "@MESSAGES@", messages, 1);
  return g_string_free (script, FALSE);
}
