/* gp-cli-measure.c — gpu-planner-cli measure-script, the script that measures the user's job,
 * and measurement, the measurements kept
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

#include "gp-cli.h"
#include "gp-cli-common.h"
#include "gp-cli-measure.h"
#include "gp-cli-workload.h"
#include "gp-cost-model.h"
#include "gp-enums.h"
#include "gp-file.h"
#include "gp-json-writer.h"
#include "gp-measurement-store.h"
#include "gp-util.h"
#include "gp-measure-script.h"

int
gp_cli_measure_script (int    argc,
                       char **argv)
{
  g_auto(GpCliWorkloadOptions) options;
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GpWorkload) workload = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *output = NULL;
  g_autofree char *script = NULL;
  int exit_code = GP_CLI_EXIT_OK;
  const GOptionEntry entries[] = { { "output", 0, 0, G_OPTION_ARG_FILENAME, &output,
                                     N_("Where to write the script (default: standard output)"),
                                     N_("FILE") },
                                   { NULL } };

  gp_cli_workload_options_init (&options);
  g_option_context_set_summary (
      context, _("Write a Python script that measures the job's speed and peak GPU memory on "
                  "the first GPU of the machine it runs on, with PyTorch alone, and writes them "
                  "as JSON. It needs the model size (or a preset), the batch size and the "
                  "sequence length."));
  gp_cli_add_main_entries (context, entries);
  gp_cli_add_workload_entries (context, &options);
  if (!gp_cli_parse_options (context, &argc, &argv, &exit_code))
    return exit_code;
  if (argc > 1)
    return gp_cli_usage_error (context, _("measure-script takes no arguments"));

  /* The measurement is of a shape, not of hours: the workload's hours play no part here. */
  if (options.preset == NULL && isnan (options.gpu_hours))
    options.gpu_hours = 1;
  if (options.preset == NULL && options.reference_gpu == NULL)
    options.reference_gpu = g_strdup ("a100-sxm4-80gb");
  if ((workload = gp_cli_build_workload (&options, &error)) == NULL ||
      (script = gp_measure_script_new (workload, NULL, &error)) == NULL)
    return gp_cli_usage_error (context, error->message);

  return gp_cli_write_output (output, script, strlen (script));
}

/* measurement */

static void
add_member (JsonBuilder *builder,
            const char  *name,
            double       value)
{
  json_builder_set_member_name (builder, name);
  if (isnan (value))
    json_builder_add_null_value (builder);
  else
    json_builder_add_double_value (builder, value);
}

static void
add_string_member (JsonBuilder *builder,
                   const char  *name,
                   const char  *value)
{
  json_builder_set_member_name (builder, name);
  if (value == NULL)
    json_builder_add_null_value (builder);
  else
    json_builder_add_string_value (builder, value);
}

static void
add_measurement_json (JsonBuilder   *builder,
                      GpMeasurement *measurement)
{
  json_builder_begin_object (builder);
  add_string_member (builder, "id", gp_measurement_get_id (measurement));
  add_string_member (builder, "gpu", gp_measurement_get_gpu (measurement));
  add_string_member (builder, "gpu_name", gp_measurement_get_gpu_name (measurement));
  add_string_member (builder, "date", gp_measurement_get_date (measurement));
  add_member (builder, "tokens_per_s", gp_measurement_get_tokens_per_second (measurement));
  add_member (builder, "peak_allocated_gb", gp_measurement_get_peak_allocated_gb (measurement));
  add_member (builder, "peak_reserved_gb", gp_measurement_get_peak_reserved_gb (measurement));
  add_member (builder, "gpu_memory_gb", gp_measurement_get_gpu_memory_gb (measurement));
  add_string_member (builder, "torch", gp_measurement_get_torch_version (measurement));
  add_string_member (builder, "cuda", gp_measurement_get_cuda_version (measurement));
  json_builder_set_member_name (builder, "test_run");
  json_builder_add_boolean_value (builder, gp_measurement_is_test_run (measurement));
  json_builder_set_member_name (builder, "job");
  json_builder_begin_object (builder);
  add_string_member (builder, "preset", gp_measurement_get_preset (measurement));
  add_member (builder, "model_billions", gp_measurement_get_model_billions (measurement));
  add_string_member (
      builder, "method",
      gp_enum_to_nick (GP_TYPE_TRAINING_METHOD, gp_measurement_get_method (measurement)));
  add_string_member (builder, "precision",
                     gp_precision_to_string (gp_measurement_get_precision (measurement)));
  add_member (builder, "batch", gp_measurement_get_batch_size (measurement));
  add_member (builder, "sequence", gp_measurement_get_sequence_length (measurement));
  json_builder_set_member_name (builder, "checkpointing");
  json_builder_add_boolean_value (builder,
                                  gp_measurement_get_activation_checkpointing (measurement));
  json_builder_end_object (builder);
  json_builder_end_object (builder);
}

static void
print_measurement (GpMeasurement *measurement)
{
  g_autofree char *basis = gp_measurement_dup_basis (measurement);
  g_autofree char *job = gp_measurement_dup_job_label (measurement);

  /* Translators: a kept measurement: its id, "measured on GPU, date, N tokens/s", the job */
  printf (_("%s  %s; %s"), gp_measurement_get_id (measurement), basis, job);
  if (gp_measurement_is_test_run (measurement))
    printf (" %s", _("(a test run on the CPU: not used for estimates)"));
  else
    printf (_("; peak %.1f GB"), gp_measurement_get_peak_reserved_gb (measurement));
  putchar ('\n');
}

static int
measurement_list (GFile       *store,
                  GpCatalog   *catalog,
                  GpCliFormat  format)
{
  g_auto(GStrv) problems = NULL;
  g_autoptr(GPtrArray) measurements = gp_measurement_store_list (store, catalog, &problems);

  for (guint i = 0; problems[i] != NULL; i++)
    {
      /* Translators: a kept measurement file that can no longer be read; it is left as it is */
      fprintf (stderr, _("Not listed: %s"), problems[i]);
      fputc ('\n', stderr);
    }

  if (format == GP_CLI_FORMAT_JSON)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      g_autoptr(JsonNode) root = NULL;
      g_autofree char *text = NULL;

      json_builder_begin_array (builder);
      for (guint i = 0; i < measurements->len; i++)
        add_measurement_json (builder, measurements->pdata[i]);
      json_builder_end_array (builder);
      root = json_builder_get_root (builder);
      text = gp_json_to_string (root, TRUE);
      printf ("%s\n", text);
      return GP_CLI_EXIT_OK;
    }

  for (guint i = 0; i < measurements->len; i++)
    print_measurement (measurements->pdata[i]);
  if (measurements->len == 0)
    printf ("%s\n", _("No measurements yet: write the script with “measure-script”, run it on "
                       "a GPU, and add its file with “measurement add FILE”."));
  return GP_CLI_EXIT_OK;
}

int
gp_cli_measurement (int    argc,
                    char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (_("add FILE|list|remove ID"));
  g_auto(GpCliCommonOptions) options = { NULL };
  g_autoptr(GFile) store = gp_measurement_store_get_default_location ();
  g_autoptr(GpCatalog) catalog = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *format_text = NULL;
  GpCliFormat format = GP_CLI_FORMAT_TABLE;
  int exit_code = GP_CLI_EXIT_OK;
  const GOptionEntry entries[] = { { "format", 0, 0, G_OPTION_ARG_STRING, &format_text,
                                     N_("measurement list: table or json"), N_("FORMAT") },
                                   { NULL } };

  g_option_context_set_summary (
      context, _("Measurements of your job, kept with your data for “estimate --measurement ID”: "
                  "add a file the measuring script wrote, list them, remove one."));
  gp_cli_add_main_entries (context, entries);
  gp_cli_add_catalog_entry (context, &options);
  if (!gp_cli_parse_options (context, &argc, &argv, &exit_code))
    return exit_code;
  if (format_text != NULL && (!gp_cli_format_parse (format_text, FALSE, &format)))
    return gp_cli_usage_error (context, _("--format must be table or json"));

  if (argc == 3 && g_str_equal (argv[1], "remove"))
    {
      if (!gp_measurement_store_remove (store, argv[2], &error))
        {
          fprintf (stderr, "measurement remove: %s\n", error->message);
          return GP_CLI_EXIT_BAD_INPUT;
        }
      printf (_("Removed %s"), argv[2]);
      putchar ('\n');
      return GP_CLI_EXIT_OK;
    }
  if (!((argc == 3 && g_str_equal (argv[1], "add")) ||
        (argc == 2 && g_str_equal (argv[1], "list"))))
    return gp_cli_usage_error (context, _("say add FILE, list, or remove ID"));

  /* The GPUs to name the measured ones from: the user's catalog too, for a GPU added there. */
  if ((catalog = gp_cli_open_catalog (&options, &exit_code)) == NULL)
    return exit_code;
  if (g_str_equal (argv[1], "list"))
    return measurement_list (store, catalog, format);

  {
    g_autoptr(GFile) file = g_file_new_for_commandline_arg (argv[2]);
    g_autoptr(GpMeasurement) measurement = gp_measurement_store_add (store, file, catalog, &error);

    if (measurement == NULL)
      {
        fprintf (stderr, "measurement add: %s\n", error->message);
        return GP_CLI_EXIT_BAD_INPUT;
      }
    /* Translators: before the measurement just added, as "measurement list" shows it */
    printf ("%s ", _("Added:"));
    print_measurement (measurement);
  }
  return GP_CLI_EXIT_OK;
}
