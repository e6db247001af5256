/* gp-cli-workload.c — the options that describe a training job, shared by the commands
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "gp-cli.h"
#include "gp-cli-workload.h"
#include "gp-cost-model.h"
#include "gp-enums.h"
#include "gp-measurement-store.h"
#include "gp-memory-model.h"
#include "gp-util.h"

void
gp_cli_workload_options_clear (GpCliWorkloadOptions *options)
{
  g_clear_pointer (&options->reference_gpu, g_free);
  g_clear_pointer (&options->preset, g_free);
  g_clear_pointer (&options->precision, g_free);
  g_clear_pointer (&options->region, g_free);
  g_clear_pointer (&options->lab_location, g_free);
  g_clear_pointer (&options->providers, g_strfreev);
  g_clear_pointer (&options->currency, g_free);
  g_clear_pointer (&options->speeds, g_strfreev);
  g_clear_pointer (&options->method, g_free);
  g_clear_pointer (&options->sharding, g_free);
  g_clear_pointer (&options->activation_checkpointing, g_free);
  g_clear_pointer (&options->measurements, g_strfreev);
}

void
gp_cli_workload_options_init (GpCliWorkloadOptions *options)
{
  *options = (GpCliWorkloadOptions){
    .gpu_hours = NAN,
    .gpus = 1,
    .dataset_gb = NAN,
    .results_gb = NAN,
    .checkpoint_minutes = NAN,
    .exchange_rate = NAN,
    .storage_price = NAN,
    .upload_mbps = NAN,
    .cross_border_mbps = NAN,
    .usage_factor = NAN,
    .deadline_hours = NAN,
    .budget = NAN,
    .restart_minutes = NAN,
    .scaling_efficiency = NAN,
    .interruption_rate = NAN,
    .tflops_weight = NAN,
    .model_billions = NAN,
    .tokens = NAN,
  };
}

void
gp_cli_add_workload_entries (GOptionContext  *context,
                      GpCliWorkloadOptions *options)
{
  const GOptionEntry entries[] = {
    { "gpu-hours", 0, 0, G_OPTION_ARG_DOUBLE, &options->gpu_hours,
      N_("The job's GPU-hours on one reference GPU"), N_("N") },
    { "reference-gpu", 0, 0, G_OPTION_ARG_STRING, &options->reference_gpu,
      N_("The GPU the GPU-hours were counted on"), N_("GPU") },
    { "preset", 0, 0, G_OPTION_ARG_STRING, &options->preset,
      N_("A published workload instead of GPU-hours (see “presets”)"), N_("ID") },
    { "precision", 0, 0, G_OPTION_ARG_STRING, &options->precision,
      N_("fp32, tf32, fp16, bf16 or fp8 (default fp16, or the preset's)"), N_("P") },
    { "gpus", 0, 0, G_OPTION_ARG_INT, &options->gpus,
      N_("GPUs per instance, 0 for any instance (default 1)"), N_("N") },
    { "dataset-gb", 0, 0, G_OPTION_ARG_DOUBLE, &options->dataset_gb,
      N_("The dataset to upload and store"), N_("GB") },
    { "results-gb", 0, 0, G_OPTION_ARG_DOUBLE, &options->results_gb,
      N_("Results and checkpoints to download"), N_("GB") },
    { "checkpoint-minutes", 0, 0, G_OPTION_ARG_DOUBLE, &options->checkpoint_minutes,
      N_("Minutes between checkpoints, 0 for none (default 60)"), N_("N") },
    { "interruptible", 0, 0, G_OPTION_ARG_NONE, &options->interruptible,
      N_("The job can be interrupted: estimate spot too"), NULL },
    { "lab-location", 0, 0, G_OPTION_ARG_STRING, &options->lab_location,
      N_("Where the lab is: mainland-china, hong-kong or elsewhere (default: mainland-china "
          "when the language is Simplified Chinese); a lab in mainland China is told what it can "
          "reach"),
      N_("PLACE") },
    { "invoice-required", 0, 0, G_OPTION_ARG_NONE, &options->invoice_required,
      N_("The lab's spending needs Chinese VAT invoices (发票): a platform that issues none is "
          "ranked after those that do (default for a lab in mainland China)"),
      NULL },
    { "no-invoice-required", 0, 0, G_OPTION_ARG_NONE, &options->no_invoice_required,
      N_("The lab can pay without Chinese invoices"), NULL },
    { "usable-only", 0, 0, G_OPTION_ARG_NONE, &options->usable_only,
      N_("Only the platforms the lab can reach and, where it needs Chinese invoices, pay"), NULL },
    { "region", 0, 0, G_OPTION_ARG_STRING, &options->region,
      N_("Only this region, or a place: place:Japan/Tokyo, geography:Europe, "
          "tag:near-mainland-china"),
      N_("R") },
    { "provider", 0, 0, G_OPTION_ARG_STRING_ARRAY, &options->providers,
      N_("Only this provider (repeatable)"), N_("ID") },
    { "model-billions", 0, 0, G_OPTION_ARG_DOUBLE, &options->model_billions,
      N_("The model's size in billions of parameters, for the GPU memory it needs"), N_("N") },
    { "method", 0, 0, G_OPTION_ARG_STRING, &options->method,
      N_("full, lora, qlora or inference (default full, or the preset's)"), N_("M") },
    { "sharding", 0, 0, G_OPTION_ARG_STRING, &options->sharding,
      N_("none (a full copy on every GPU) or zero3 (ZeRO-3/FSDP; default none, or the "
          "preset's)"),
      N_("S") },
    { "activation-checkpointing", 0, 0, G_OPTION_ARG_STRING, &options->activation_checkpointing,
      N_("on (every layer recomputed in the backward pass) or off, which holds every activation "
          "(default off, the safe answer when unsure)"),
      N_("on|off") },
    { "batch-size", 0, 0, G_OPTION_ARG_INT, &options->batch_size,
      N_("Sequences per GPU per step, for the activations' memory"), N_("N") },
    { "sequence-length", 0, 0, G_OPTION_ARG_INT, &options->sequence_length,
      N_("Tokens per sequence, for the activations' memory"), N_("N") },
    { "tokens", 0, 0, G_OPTION_ARG_DOUBLE, &options->tokens,
      N_("The tokens the job trains on (the dataset's tokens × epochs), with --measurement"),
      N_("N") },
    { "measurement", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &options->measurements,
      N_("The job's speed measured on a GPU (a file from the measuring script, or the id of a "
          "kept one; repeatable, one per GPU)"),
      N_("FILE|ID") },
    { "currency", 0, 0, G_OPTION_ARG_STRING, &options->currency,
      N_("Report in this currency (default rate: Preferences, else the bundled one)"), N_("C") },
    { "exchange-rate", 0, 0, G_OPTION_ARG_DOUBLE, &options->exchange_rate,
      N_("Units of --currency per unit of the catalog's currency"), N_("N") },
    { "storage-price", 0, 0, G_OPTION_ARG_DOUBLE, &options->storage_price,
      N_("Storage price per GB-month (default: not priced)"), N_("N") },
    { "upload-mbps", 0, 0, G_OPTION_ARG_DOUBLE, &options->upload_mbps,
      N_("Upload bandwidth in Mbit/s (default 100)"), N_("N") },
    { "cross-border-mbps", 0, 0, G_OPTION_ARG_DOUBLE, &options->cross_border_mbps,
      N_("From a lab in mainland China, the speed across the border in Mbit/s (default 4, "
          "measured)"),
      N_("N") },
    { "usage-factor", 0, 0, G_OPTION_ARG_DOUBLE, &options->usage_factor,
      N_("The share of their board power the GPUs draw, for the energy and emissions (above 0, "
          "at most 1; default 1)"),
      N_("N") },
    { "deadline-hours", 0, 0, G_OPTION_ARG_DOUBLE, &options->deadline_hours,
      N_("Hours until the results are due"), N_("N") },
    { "budget", 0, 0, G_OPTION_ARG_DOUBLE, &options->budget, N_("The most the job may cost"),
      N_("N") },
    { "restart-minutes", 0, 0, G_OPTION_ARG_DOUBLE, &options->restart_minutes,
      N_("Minutes to resume after an interruption (default 10)"), N_("N") },
    { "scaling-efficiency", 0, 0, G_OPTION_ARG_DOUBLE, &options->scaling_efficiency,
      N_("Multi-GPU efficiency from 0 to 1 (default: measured)"), N_("E") },
    { "interruption-rate", 0, 0, G_OPTION_ARG_DOUBLE, &options->interruption_rate,
      N_("Share of spot instances interrupted a month (default: published)"), N_("P") },
    { "tflops-weight", 0, 0, G_OPTION_ARG_DOUBLE, &options->tflops_weight,
      N_("Weight of TFLOPS against memory bandwidth in the data-sheet speed model (default 0.5)"),
      N_("W") },
    { "speed", 0, 0, G_OPTION_ARG_STRING_ARRAY, &options->speeds,
      N_("A GPU's speed against the reference GPU, overriding the model (repeatable)"),
      N_("GPU=RATIO") },
    { NULL }
  };
  g_option_context_add_group (context, gp_cli_option_group_new ("workload", _("Workload options:"),
                                                                _("Show the workload options"),
                                                                entries, FALSE));
}

static void
set_if_given (GpWorkload *workload,
              const char *property,
              double      value)
{
  if (!isnan (value))
    g_object_set (workload, property, value, NULL);
}

/* The model's size, method, sharding and batch, or what is wrong with one of them. */
static gboolean
read_memory_options (GpCliWorkloadOptions *options,
                     GpWorkload      *workload,
                     GError         **error)
{
  GpTrainingMethod method = GP_TRAINING_METHOD_DEFAULT;
  GpSharding sharding = GP_SHARDING_DEFAULT;

  if (options->method != NULL && (!gp_training_method_from_string (options->method, &method) ||
                                  method == GP_TRAINING_METHOD_DEFAULT))
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _("--method must be full, lora, qlora or inference"));
      return FALSE;
    }
  if (options->sharding != NULL &&
      (!gp_sharding_from_string (options->sharding, &sharding) || sharding == GP_SHARDING_DEFAULT))
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _("--sharding must be none or zero3"));
      return FALSE;
    }
  if (options->activation_checkpointing != NULL &&
      !g_str_equal (options->activation_checkpointing, "on") &&
      !g_str_equal (options->activation_checkpointing, "off"))
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _("--activation-checkpointing must be on or off"));
      return FALSE;
    }
  if (!isnan (options->model_billions) &&
      !(options->model_billions > 0 && options->model_billions <= 100000))
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _("--model-billions must be a number of billions above 0"));
      return FALSE;
    }
  if (options->batch_size < 0 || options->sequence_length < 0)
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _("--batch-size and --sequence-length must be 0 or more"));
      return FALSE;
    }

  set_if_given (workload, "model-billions", options->model_billions);
  gp_workload_set_method (workload, method);
  gp_workload_set_sharding (workload, sharding);
  gp_workload_set_activation_checkpointing (
      workload, g_strcmp0 (options->activation_checkpointing, "on") == 0);
  gp_workload_set_batch_size (workload, (guint) options->batch_size);
  gp_workload_set_sequence_length (workload, (guint) options->sequence_length);
  return TRUE;
}

/* Where the lab is: --lab-location, else where the language says; FALSE with @error set when
 * --lab-location names no place. */
gboolean
gp_cli_workload_lab_location (GpCliWorkloadOptions  *options,
                              int                   *location,
                              GError               **error)
{
  if (options->lab_location == NULL)
    {
      *location = gp_lab_location_for_language ();
      return TRUE;
    }
  if (!gp_enum_from_nick (GP_TYPE_LAB_LOCATION, options->lab_location, location))
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _("--lab-location must be mainland-china, hong-kong or elsewhere"));
      return FALSE;
    }
  return TRUE;
}

/* Builds the workload, or says what is wrong with an option. */
GpWorkload *
gp_cli_build_workload (GpCliWorkloadOptions *options,
                GError         **error)
{
  g_autoptr(GpWorkload) workload = gp_workload_new ();
  GpEstimatorData *data = gp_estimator_data_get_default ();
  GpPrecision precision = GP_PRECISION_FP16;
  int location = GP_LAB_LOCATION_ELSEWHERE;

  if (options->preset != NULL)
    {
      GpPreset *preset = gp_estimator_data_find_preset (data, options->preset);

      if (preset == NULL)
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("there is no preset “%s” (see “gpu-planner-cli presets”)"),
                       options->preset);
          return NULL;
        }
      precision = gp_preset_get_precision (preset);
      gp_workload_set_preset (workload, options->preset);
    }
  else if (options->measurements == NULL &&
           (isnan (options->gpu_hours) || options->reference_gpu == NULL))
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _("give --gpu-hours and --reference-gpu, --preset, or --measurement "
                              "and --tokens"));
      return NULL;
    }

  if ((options->measurements != NULL) != !isnan (options->tokens))
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           options->measurements != NULL
                               ? _("--measurement needs --tokens: the dataset's tokens × epochs")
                               : _("--tokens needs --measurement: the speed that turns tokens "
                                    "into hours"));
      return NULL;
    }
  if (!isnan (options->tokens) && !(options->tokens >= 1 && options->tokens <= 1e16))
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _("--tokens must be a number of tokens of 1 or more"));
      return NULL;
    }

  if (options->precision != NULL && !gp_precision_from_string (options->precision, &precision))
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _("--precision must be fp32, tf32, fp16, bf16 or fp8"));
      return NULL;
    }

  if (!gp_cli_workload_lab_location (options, &location, error))
    return NULL;

  if (options->invoice_required && options->no_invoice_required)
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _("--invoice-required and --no-invoice-required contradict each "
                              "other: give one"));
      return NULL;
    }

  if (options->gpus < 0)
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _("--gpus must be 0 or more"));
      return NULL;
    }

  if (!read_memory_options (options, workload, error))
    return NULL;

  for (guint i = 0; options->speeds != NULL && options->speeds[i] != NULL; i++)
    {
      g_auto(GStrv) parts = g_strsplit (options->speeds[i], "=", 2);
      char *end = NULL;
      double ratio = parts[0] && parts[1] ? g_ascii_strtod (parts[1], &end) : NAN;

      if (end == NULL || *end != '\0' || !(ratio > 0) || !isfinite (ratio))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("--speed %s: expected GPU=RATIO with a ratio above 0"),
                       options->speeds[i]);
          return NULL;
        }
      gp_workload_set_speed_ratio (workload, parts[0], ratio);
    }

  gp_workload_set_precision (workload, precision);
  gp_workload_set_gpus (workload, (guint) options->gpus);
  gp_workload_set_interruptible (workload, options->interruptible);
  gp_workload_set_lab_location (workload, (GpLabLocation) location);
  /* As the app's setting: on for a lab in mainland China unless the lab says otherwise. */
  gp_workload_set_invoice_required (
      workload, options->invoice_required ||
                    (location == GP_LAB_LOCATION_MAINLAND_CHINA && !options->no_invoice_required));
  gp_workload_set_usable_only (workload, options->usable_only);
  gp_workload_set_reference_gpu (workload, options->reference_gpu);
  gp_workload_set_region (workload, options->region);
  gp_workload_set_providers (workload, (const char *const *) options->providers);
  gp_workload_set_currency (workload, options->currency);
  set_if_given (workload, "gpu-hours", options->gpu_hours);
  set_if_given (workload, "dataset-gb", options->dataset_gb);
  set_if_given (workload, "results-gb", options->results_gb);
  set_if_given (workload, "checkpoint-minutes", options->checkpoint_minutes);
  set_if_given (workload, "exchange-rate", options->exchange_rate);
  set_if_given (workload, "storage-per-gb-month", options->storage_price);
  set_if_given (workload, "upload-mbps", options->upload_mbps);
  set_if_given (workload, "cross-border-mbps", options->cross_border_mbps);
  set_if_given (workload, "usage-factor", options->usage_factor);
  set_if_given (workload, "deadline-hours", options->deadline_hours);
  set_if_given (workload, "budget", options->budget);
  set_if_given (workload, "restart-minutes", options->restart_minutes);
  set_if_given (workload, "scaling-efficiency", options->scaling_efficiency);
  set_if_given (workload, "interruptions-per-month", options->interruption_rate);
  set_if_given (workload, "spec-weight", options->tflops_weight);
  set_if_given (workload, "tokens", options->tokens);

  return g_steal_pointer (&workload);
}

gboolean
gp_cli_apply_measurements (GpCliWorkloadOptions *options,
                           GpWorkload           *workload,
                           GpCatalog            *catalog,
                           GError              **error)
{
  g_autoptr(GFile) store = gp_measurement_store_get_default_location ();

  for (guint i = 0; options->measurements != NULL && options->measurements[i] != NULL; i++)
    {
      g_autoptr(GpMeasurement) measurement =
          gp_measurement_open (options->measurements[i], store, catalog, error);

      if (measurement == NULL)
        return FALSE;
      gp_workload_add_measurement (workload, measurement);
    }
  return TRUE;
}

/* The estimate list for the options, or an exit code; @catalog_out (optional) takes the catalog
 * it was made on. */
GpEstimateList *
gp_cli_run_estimate (GOptionContext       *context,
                     GpCliCommonOptions   *common,
                     GpCliWorkloadOptions *options,
                     GpCatalog           **catalog_out,
                     int                  *exit_code)
{
  g_autoptr(GpCatalog) catalog = NULL;
  g_autoptr(GpWorkload) workload = NULL;
  g_autoptr(GpEstimateList) list = NULL;
  g_autoptr(GError) error = NULL;

  workload = gp_cli_build_workload (options, &error);
  if (workload == NULL)
    {
      *exit_code = gp_cli_usage_error (context, error->message);
      return NULL;
    }

  if ((catalog = gp_cli_open_catalog (common, exit_code)) == NULL)
    return NULL;
  gp_cli_apply_default_rate (workload, catalog);

  if (!gp_cli_apply_measurements (options, workload, catalog, &error) ||
      (list = gp_estimate_list_new (catalog, workload, NULL, &error)) == NULL)
    {
      fprintf (stderr, "gpu-planner-cli: %s\n", error->message);
      *exit_code = GP_CLI_EXIT_BAD_INPUT;
      return NULL;
    }

  if (catalog_out != NULL)
    *catalog_out = g_steal_pointer (&catalog);
  return g_steal_pointer (&list);
}

GpWorkload *
gp_cli_plan_workload (const GpProject *project,
                      GpCatalog       *catalog)
{
  GpWorkload *workload = gp_workload_new ();

  if (project->currency != NULL)
    gp_workload_set_currency (workload, project->currency);
  gp_cli_apply_default_rate (workload, catalog);
  return workload;
}
