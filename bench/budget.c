/* budget.c — a plan of 10,000 phases, read, costed and written as a grant budget
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: bench-budget [--phases N] [--runs N] [--pdf FILE]
 * A generated plan of N phases (10,000 by default) on the bundled catalog's offers, each named
 * with 60 characters: the median of reading the plan, costing it, making the budget and its
 * Markdown, CSV and PDF (with the chart of every phase). Target: at most 1.2 s in all.
 */

#include "config.h"

#include <stdio.h>

#include "bench-util.h"
#include "gp-budget-pdf.h"
#include "gp-budget.h"
#include "gp-catalog.h"

static const char *const instances[] = {
  "aws-ec2/p4d.24xlarge", "lambda/gpu_1x_a100",
  "gcp/a2-highgpu-1g",    "azure-ml/Standard_NC24ads_A100_v4",
  "aws-ec2/g5.xlarge",
};

static GpCatalog *catalog;
static char *pdf_path; /* the last run's PDF, to compare a change's output with the one before */

static GString *
generate_plan (guint n_phases)
{
  GString *text = g_string_new ("{\"plan_version\":1,\"title\":\"Benchmark\","
                                "\"reference_gpu\":\"a100-sxm4-40gb\",\"phases\":[");

  for (guint i = 0; i < n_phases; i++)
    g_string_append_printf (text,
                            "%s{\"name\":\"Phase %05u of the benchmark, named as long as a real "
                            "one\",\"gpu_hours\":%u,\"instance\":\"%s\"}",
                            i > 0 ? "," : "", i, 1 + i % 97,
                            instances[i % G_N_ELEMENTS (instances)]);
  g_string_append (text, "]}");
  return text;
}

static gboolean
budget_of (GBytes *plan)
{
  g_autoptr(GError) error = NULL;
  gsize size;
  const char *text = g_bytes_get_data (plan, &size);
  g_autoptr(GpProject) project = gp_project_load_from_data (text, size, "plan.json", &error);
  GpProjectCost *cost;
  g_autoptr(GpBudget) budget = NULL;
  g_autofree char *markdown = NULL, *csv = NULL;
  g_autoptr(GBytes) pdf = NULL;

  if (project == NULL)
    g_error ("%s", error->message);
  cost = gp_project_cost_new (catalog, project, NULL, &error);
  if (cost == NULL)
    g_error ("%s", error->message);
  budget = gp_budget_new (cost, 10);
  markdown = gp_budget_to_markdown (budget);
  csv = gp_budget_to_csv (budget);
  pdf = gp_budget_render_pdf (budget, NULL, &error);
  if (pdf != NULL && pdf_path != NULL &&
      !g_file_set_contents (pdf_path, g_bytes_get_data (pdf, NULL), g_bytes_get_size (pdf), &error))
    g_error ("%s", error->message);
  return pdf != NULL && markdown != NULL && csv != NULL;
}

int
main (int   argc,
      char *argv[])
{
  int phases = 10000, runs = 5;
  const GOptionEntry entries[] = {
    { "phases", 0, 0, G_OPTION_ARG_INT, &phases, "Phases of the plan", "N" },
    { "runs", 0, 0, G_OPTION_ARG_INT, &runs, "Runs to take the median of", "N" },
    { "pdf", 0, 0, G_OPTION_ARG_FILENAME, &pdf_path, "Write the PDF to FILE", "FILE" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) plan = NULL;
  g_autoptr(GBytes) bytes = NULL;
  double ms;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    g_error ("%s", error->message);

  double cpu_ms = bench_cpu_reference_ms ();

  catalog = gp_catalog_new_bundled ();
  plan = generate_plan (phases);
  bytes = g_bytes_new (plan->str, plan->len);
  ms = bench_median_ms (budget_of, bytes, runs);
  printf ("budget of %d phases (read, cost, Markdown, CSV, PDF with chart): %.0f ms "
          "(target <= 1200 ms)\n",
          phases, ms);
  g_object_unref (catalog);
  bench_print_cpu_reference (cpu_ms);
  return 0;
}
