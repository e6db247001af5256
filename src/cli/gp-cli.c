/* gp-cli.c
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "gp-cli.h"
#include "gp-cli-catalog.h"
#include "gp-cli-compare.h"
#include "gp-cli-budget.h"
#include "gp-cli-estimate.h"
#include "gp-cli-launch.h"
#include "gp-cli-measure.h"
#include "gp-cli-import.h"
#include "gp-cli-history.h"
#include "gp-cli-lab.h"
#include "gp-cli-quote.h"
#include "gp-cli-refresh.h"

typedef struct
{
  const char *name;
  const char *summary;
  int       (*run) (int argc, char **argv);
} GpCliCommand;

static int run_version (int argc, char **argv);

static const GpCliCommand commands[] = {
  { "list", N_("List instance offers, one row per instance and region"), gp_cli_list },
  { "providers", N_("List the platforms"), gp_cli_providers },
  { "gpus", N_("List the GPU models"), gp_cli_gpus },
  { "validate", N_("Check catalog files"), gp_cli_validate },
  { "compare", N_("Put providers or instances side by side"), gp_cli_compare },
  { "estimate", N_("Estimate a training job's cost and time on every offer"), gp_cli_estimate },
  { "presets", N_("List the published workloads to estimate"), gp_cli_presets },
  { "chart", N_("Draw a cost chart as PNG, SVG or PDF"), gp_cli_chart },
  { "recommend", N_("Recommend where to train, with the reasons"), gp_cli_recommend },
  { "import", N_("Turn public price catalogs into a catalog file"), gp_cli_import },
  { "refresh", N_("Fetch today's prices from the public sources"), gp_cli_refresh },
  { "history", N_("An offer's prices over time"), gp_cli_history },
  { "lab", N_("Add, list or remove the lab's own machines"), gp_cli_lab },
  { "quote", N_("Add, list, remove or import prices your lab was quoted"), gp_cli_quote },
  { "breakeven", N_("When buying a lab machine becomes cheaper than renting"), gp_cli_breakeven },
  { "budget", N_("A grant budget of a plan or a job, as PDF, Markdown or CSV"), gp_cli_budget },
  { "launch", N_("The code that starts a job on an offer"), gp_cli_launch },
  { "measure-script", N_("A script that measures your job on a GPU you have"),
    gp_cli_measure_script },
  { "measurement", N_("Add, list or remove measurements of your job"), gp_cli_measurement },
  { "version", N_("Print the version"), run_version },
};

static int
run_version (int    argc,
             char **argv)
{
  g_print ("gpu-planner-cli %s\n", PACKAGE_VERSION);
  return GP_CLI_EXIT_OK;
}

static char *
commands_help (void)
{
  GString *help = g_string_new (_("Commands:"));

  g_string_append_c (help, '\n');
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    g_string_append_printf (help, "  %-12s %s\n", commands[i].name, _(commands[i].summary));
  g_string_append_printf (help, "\n%s",
                          _("Run “gpu-planner-cli COMMAND --help” for a command’s options."));

  return g_string_free (help, FALSE);
}

static void
print_usage (FILE *out)
{
  g_autofree char *help = commands_help ();

  fprintf (out, "%s\n  gpu-planner-cli %s\n\n%s\n", _("Usage:"), _("COMMAND [OPTION…]"), help);
}

/* Runs one gpu-planner-cli command. */
int
gp_cli_run (int    argc,
            char **argv)
{
  if (argc < 2)
    {
      print_usage (stderr);
      return GP_CLI_EXIT_USAGE;
    }

  if (g_str_equal (argv[1], "--help") || g_str_equal (argv[1], "-h") ||
      g_str_equal (argv[1], "help"))
    {
      print_usage (stdout);
      return GP_CLI_EXIT_OK;
    }

  if (g_str_equal (argv[1], "--version"))
    return run_version (argc - 1, argv + 1);

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (g_str_equal (argv[1], commands[i].name))
      return commands[i].run (argc - 1, argv + 1);

  fprintf (stderr, _("gpu-planner-cli: unknown command “%s”"), argv[1]);
  fputc ('\n', stderr);
  print_usage (stderr);
  return GP_CLI_EXIT_USAGE;
}
