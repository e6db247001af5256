/* gp-cli-measure.c — gpu-planner-cli measure-script: the script that measures the user's job
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
#include "gp-file.h"
#include "gp-measure-script.h"

int
gp_cli_measure_script (int    argc,
                       char **argv)
{
  g_auto(GpCliWorkloadOptions) options;
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GpWorkload) workload = NULL;
  g_autoptr(GFile) file = NULL;
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

  if (output == NULL)
    {
      fputs (script, stdout);
      return GP_CLI_EXIT_OK;
    }
  file = g_file_new_for_commandline_arg (output);
  if (!gp_file_replace (file, script, strlen (script), &error))
    {
      fprintf (stderr, "gpu-planner-cli: %s\n", error->message);
      return GP_CLI_EXIT_BAD_INPUT;
    }
  return GP_CLI_EXIT_OK;
}
