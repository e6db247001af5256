/* fuzz-plan.c — libFuzzer target: any bytes as a plan file, read and costed
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A plan either loads or is refused with a plan or JSON error naming what is wrong; one that
 * loads is costed on the tests' catalog and made a budget, its PDF included, without crashing,
 * hanging or leaking, whatever its figures and names (the PDF's text keeps its characters beside
 * its glyphs, which cairo checks: any text must pass).
 */

#include "config.h"

#include <stdint.h>
#include <stdlib.h>

#include "gp-budget-pdf.h"
#include "gp-budget.h"
#include "gp-json-reader.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  static GpCatalog *catalog;
  g_autoptr(GError) error = NULL;
  g_autoptr(GpProject) project =
      gp_project_load_from_data ((const char *) data, size, "fuzz.json", &error);
  GpProjectCost *cost;

  if (catalog == NULL)
    catalog = gp_catalog_new_bundled ();
  if (project == NULL)
    {
      if (error == NULL || (error->domain != GP_PROJECT_ERROR && error->domain != GP_JSON_ERROR))
        abort ();
      return 0;
    }

  /* Costing reads every phase's instance and figures: the catalog says which it lacks. */
  cost = gp_project_cost_new (catalog, project, NULL, NULL);
  if (cost != NULL)
    {
      g_autoptr(GpBudget) budget = gp_budget_new (cost, project->contingency_pct);
      g_autofree char *markdown = gp_budget_to_markdown (budget);
      g_autofree char *csv = gp_budget_to_csv (budget);
      g_autoptr(GBytes) pdf = gp_budget_render_pdf (budget, NULL, NULL);

      if (markdown == NULL || csv == NULL || pdf == NULL)
        abort ();
    }
  return 0;
}
