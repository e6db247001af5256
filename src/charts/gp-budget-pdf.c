/* gp-budget-pdf.c — a grant budget as an A4 PDF, with the chart of its phases
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The budget's blocks, built from its figures and names, set by the summary's PDF code, with one
 * chart: what each phase costs, part by part, drawn by the chart code the screen and the slides
 * use. No text of the plan is read as markup on the way.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "gp-budget-pdf.h"
#include "gp-summary-pdf.h"

/* The most phases one chart shows: past a page's height, bars are lines no one reads. */
#define MAX_CHART_PHASES 30

static int
compare_cost_down (gconstpointer a,
                   gconstpointer b,
                   gpointer      user_data)
{
  GpProjectCost *cost = user_data;
  double x = gp_phase_cost_total (g_ptr_array_index (cost->phases, *(const guint *) a));
  double y = gp_phase_cost_total (g_ptr_array_index (cost->phases, *(const guint *) b));

  return x > y ? -1 : x < y ? 1 : 0;
}

static int
compare_index (gconstpointer a,
               gconstpointer b)
{
  return (int) *(const guint *) a - (int) *(const guint *) b;
}

/* The phases a chart shows: every one, or the MAX_CHART_PHASES that cost most, in the plan's
 * order. */
static GArray *
costliest_phases (GpProjectCost *cost)
{
  GArray *shown = g_array_sized_new (FALSE, FALSE, sizeof (guint), cost->phases->len);

  for (guint i = 0; i < cost->phases->len; i++)
    g_array_append_val (shown, i);
  if (shown->len <= MAX_CHART_PHASES)
    return shown;
  g_array_sort_with_data (shown, compare_cost_down, cost);
  g_array_set_size (shown, MAX_CHART_PHASES);
  g_array_sort (shown, compare_index);
  return shown;
}

GpChartData *
gp_budget_chart_data_new (GpBudget *budget)
{
  GpProjectCost *cost = budget->cost;
  GpChartData *data = gp_chart_data_new (cost->currency);
  g_autofree char *value_title = NULL;
  GString *footnote = g_string_new (NULL);

  g_autoptr(GArray) shown = costliest_phases (cost);

  value_title = g_strdup_printf (_("Total cost (%s)"), cost->currency);
  gp_chart_data_set_titles (data, _("What each phase costs"), value_title);
  for (guint k = 0; k < shown->len; k++)
    {
      GpPhaseCost *phase = g_ptr_array_index (cost->phases, g_array_index (shown, guint, k));
      double parts[GP_CHART_N_PARTS] = {
        [GP_CHART_PART_COMPUTE] = phase->compute,
        [GP_CHART_PART_STORAGE] = phase->storage,
        [GP_CHART_PART_TRANSFER] = phase->transfer + phase->move_egress,
        [GP_CHART_PART_INTERRUPTIONS] = phase->interruptions,
      };

      gp_chart_data_add (data, phase->phase->name, phase->phase->pricing, parts, phase->hours);
    }
  gp_chart_data_set_n_hidden (data, cost->phases->len - shown->len);
  if (budget->subtotals[GP_BUDGET_EQUIPMENT] > 0)
    /* Translators: the footnote of a budget's chart */
    g_string_append (footnote, _("The purchase of equipment is not shown. "));
  for (guint i = 0; i < cost->sources->len; i++)
    {
      GpSource *source = g_ptr_array_index (cost->sources, i);

      g_string_append_printf (footnote, i == 0 ? _("Prices: %s (as of %s)") : "; %s (%s)",
                              gp_source_get_title (source), gp_source_get_as_of (source));
    }
  gp_chart_data_set_footnote (data, footnote->str);
  g_string_free (footnote, TRUE);
  return data;
}

GBytes *
gp_budget_render_pdf (GpBudget  *budget,
                      GString   *drawn,
                      GError   **error)
{
  g_autoptr(GpDocument) document = gp_budget_to_document (budget, TRUE);
  g_autoptr(GpChartData) data = gp_budget_chart_data_new (budget);

  return gp_document_render_pdf (document, GP_CHART_KIND_BREAKDOWN, data, drawn, error);
}
