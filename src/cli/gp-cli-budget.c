/* gp-cli-budget.c — budget: a grant budget of a plan or a job, as PDF, Markdown or CSV
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "gp-budget-pdf.h"
#include "gp-cli.h"
#include "gp-cli-budget.h"
#include "gp-cli-common.h"
#include "gp-cli-workload.h"
#include "gp-file.h"

typedef enum
{
  BUDGET_PDF,
  BUDGET_MARKDOWN,
  BUDGET_CSV,
} BudgetFormat;

/* The budget is written in @language: gettext reads LANGUAGE again once the domain is set
 * anew. */
static gboolean
use_language (const char *language)
{
  if (language == NULL)
    return TRUE;
  if (!g_str_equal (language, "en") && !g_str_equal (language, "zh_CN"))
    return FALSE;
  /* gettext ignores LANGUAGE in the plain C locale. */
  if (g_strcmp0 (setlocale (LC_MESSAGES, NULL), "C") == 0 ||
      g_strcmp0 (setlocale (LC_MESSAGES, NULL), "POSIX") == 0)
    setlocale (LC_MESSAGES, "C.UTF-8");
  g_setenv ("LANGUAGE", language, TRUE);
  textdomain (GETTEXT_PACKAGE);
  return TRUE;
}

/* The job of the estimate options as a plan of one phase, on its cheapest option. */
static GpProject *
job_project (GpEstimateList *list,
             const char     *title)
{
  g_autoptr(GpEstimate) cheapest = g_list_model_get_item (G_LIST_MODEL (list), 0);
  GpProject *project;
  GpPhase *phase;

  if (cheapest == NULL)
    return NULL;
  project = gp_project_new (title != NULL ? title : _("Training job"));
  phase =
      gp_phase_new (_("Training"), NAN, gp_instance_get_id (gp_estimate_get_instance (cheapest)),
                    gp_offer_get_region_id (gp_estimate_get_offer (cheapest)),
                    gp_estimate_get_pricing (cheapest));
  g_ptr_array_add (project->phases, phase);
  return project;
}

static int
write_budget (GpBudget      *budget,
              BudgetFormat   format,
              const char    *output)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;

  if (format == BUDGET_PDF)
    bytes = gp_budget_render_pdf (budget, NULL, &error);
  else
    {
      char *text =
          format == BUDGET_CSV ? gp_budget_to_csv (budget) : gp_budget_to_markdown (budget);

      bytes = g_bytes_new_take (text, strlen (text));
    }
  if (bytes == NULL)
    {
      fprintf (stderr, "gpu-planner-cli: %s\n", error->message);
      return GP_CLI_EXIT_BAD_INPUT;
    }

  return gp_cli_write_output (output, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
}

static gboolean
parse_format (const char   *text,
              BudgetFormat *format)
{
  static const char *const names[] = { "pdf", "markdown", "csv" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_strcmp0 (text, names[i]) == 0)
      {
        *format = (BudgetFormat) i;
        return TRUE;
      }
  return FALSE;
}

int
gp_cli_budget (int    argc,
               char **argv)
{
  g_auto(GpCliCommonOptions) common = { NULL };
  g_auto(GpCliWorkloadOptions) options;
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autofree char *plan = NULL, *format_text = NULL, *output = NULL, *language = NULL;
  g_autofree char *title = NULL;
  g_autoptr(GpProject) project = NULL;
  g_autoptr(GpCatalog) catalog = NULL;
  g_autoptr(GpWorkload) base = NULL;
  g_autoptr(GpEstimateList) list = NULL;
  g_autoptr(GpBudget) budget = NULL;
  g_autoptr(GError) error = NULL;
  GpProjectCost *cost;
  double contingency = NAN;
  gboolean with_launch = FALSE;
  BudgetFormat format = BUDGET_MARKDOWN;
  int exit_code = GP_CLI_EXIT_OK;
  const GOptionEntry entries[] = {
    { "plan", 0, 0, G_OPTION_ARG_FILENAME, &plan,
      N_("A plan file (see PLANS.md), or the estimate options of one job"), N_("FILE") },
    { "format", 0, 0, G_OPTION_ARG_STRING, &format_text, N_("pdf, markdown or csv"),
      N_("FORMAT") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("The file to write (markdown and csv: the output when left out)"), N_("FILE") },
    { "language", 0, 0, G_OPTION_ARG_STRING, &language,
      N_("en or zh_CN (default: the language of the system)"), N_("LANGUAGE") },
    { "contingency", 0, 0, G_OPTION_ARG_DOUBLE, &contingency,
      N_("A reserve, per cent of the costs (default: the plan's, else 0)"), N_("PCT") },
    { "title", 0, 0, G_OPTION_ARG_STRING, &title, N_("The project's title, for a job"),
      N_("TITLE") },
    { "launch", 0, 0, G_OPTION_ARG_NONE, &with_launch,
      N_("Add the launch code of each rented phase"), NULL },
    { NULL }
  };

  gp_cli_workload_options_init (&options);
  g_option_context_set_summary (
      context, _("A grant budget of a plan's phases, or of one job on its cheapest option: line "
                  "items by phase, equipment (设备费) apart from services (业务费), a reserve, the "
                  "currency and exchange rate, every price's source and date, the assumptions "
                  "and a chart. Check your funder’s current rules."));
  gp_cli_add_main_entries (context, entries);
  gp_cli_add_workload_entries (context, &options);
  gp_cli_add_catalog_entry (context, &common);
  if (!gp_cli_parse_options (context, &argc, &argv, &exit_code))
    return exit_code;
  if (format_text != NULL && !parse_format (format_text, &format))
    return gp_cli_usage_error (context, _("--format must be pdf, markdown or csv"));
  if (format == BUDGET_PDF && output == NULL)
    return gp_cli_usage_error (context, _("a PDF needs --output FILE"));
  if (!use_language (language))
    return gp_cli_usage_error (context, _("--language must be en or zh_CN"));
  if (!isnan (contingency) && !(contingency >= 0 && contingency <= 100))
    return gp_cli_usage_error (context, _("--contingency must be from 0 to 100"));
  if ((plan != NULL) ==
      (!isnan (options.gpu_hours) || options.preset != NULL || options.measurements != NULL))
    return gp_cli_usage_error (context, _("give --plan FILE, or a job as estimate takes it "
                                           "(--gpu-hours, --preset, or --measurement and "
                                           "--tokens), not both"));

  if (plan != NULL)
    {
      g_autoptr(GFile) file = g_file_new_for_commandline_arg (plan);

      if ((project = gp_project_load (file, &error)) == NULL)
        {
          fprintf (stderr, "gpu-planner-cli: %s\n", error->message);
          return GP_CLI_EXIT_BAD_INPUT;
        }
      if ((catalog = gp_cli_open_catalog (&common, &exit_code)) == NULL)
        return exit_code;
      base = gp_cli_plan_workload (project, catalog);
    }
  else
    {
      if ((list = gp_cli_run_estimate (context, &common, &options, &catalog, &exit_code)) == NULL)
        return exit_code;
      base = gp_workload_copy (gp_estimate_list_get_workload (list));
      if ((project = job_project (list, title)) == NULL)
        {
          fprintf (stderr, _("budget: the job runs on no offer (see “estimate”)"));
          fputc ('\n', stderr);
          return GP_CLI_EXIT_BAD_INPUT;
        }
    }

  if ((cost = gp_project_cost_new (catalog, project, base, &error)) == NULL)
    {
      g_autofree char *name = plan != NULL ? g_strdup (plan) : g_strdup ("budget");

      fprintf (stderr, "gpu-planner-cli: %s: %s\n", name, error->message);
      return GP_CLI_EXIT_BAD_INPUT;
    }
  budget = gp_budget_new (cost, isnan (contingency) ? project->contingency_pct : contingency);
  budget->with_launch = with_launch;
  return write_budget (budget, format, output);
}
