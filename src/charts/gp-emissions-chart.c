/* gp-emissions-chart.c — the chart of what the job emits on each option
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Bars as the cost chart draws them, of kgCO2e instead of money: the cheapest way of paying for
 * each offer, cleanest first. An option whose emissions are unknown has no bar (a bar of 0 would
 * say it emits nothing); the footnote counts them, names the method and each grid source with
 * its note (Electricity Maps' ODbL attribution).
 */

#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "gp-cost-model.h"
#include "gp-csv.h"
#include "gp-emissions-chart.h"
#include "gp-emissions.h"
#include "gp-offer.h"
#include "gp-source.h"

static int
compare_co2e (gconstpointer a,
              gconstpointer b)
{
  double x = gp_estimate_get_emissions (*(GpEstimate **) a)->co2e_kg;
  double y = gp_estimate_get_emissions (*(GpEstimate **) b)->co2e_kg;

  return (x > y) - (x < y);
}

/* Each offer once, the first (cheapest) way of paying for it; those of unknown emissions
 * counted in @unknown. */
static GPtrArray *
collect (GpEstimateList *list,
         guint          *unknown)
{
  GPtrArray *kept = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (list)); i++)
    {
      g_autoptr(GpEstimate) estimate = g_list_model_get_item (G_LIST_MODEL (list), i);

      /* As the cost chart: no machine that cannot hold the job, no GPU-only price, no
       * commitment the job would mostly leave unused. */
      if (gp_estimate_get_fit (estimate) == GP_FIT_NO || gp_estimate_is_gpu_only (estimate) ||
          gp_estimate_is_unused_commitment (estimate) ||
          !g_hash_table_add (seen, gp_estimate_get_offer (estimate)))
        continue;
      if (isnan (gp_estimate_get_emissions (estimate)->co2e_kg))
        (*unknown)++;
      else
        g_ptr_array_add (kept, g_steal_pointer (&estimate));
    }
  g_ptr_array_sort (kept, compare_co2e);
  return kept;
}

static void
add_grid_source (GString    *sources,
                 GPtrArray  *seen,
                 GpEstimate *estimate)
{
  const GpGridFigure *grid = gp_estimate_get_grid (estimate);

  if (grid == NULL || grid->source == NULL || g_ptr_array_find (seen, grid->source, NULL))
    return;
  g_ptr_array_add (seen, grid->source);
  /* The title names the licence where one asks for attribution (Electricity Maps' ODbL). */
  g_string_append_printf (sources, " %s (%s).", gp_source_get_title (grid->source),
                          gp_source_get_as_of (grid->source));
}

static char *
dup_bar_label (GpEstimate *estimate)
{
  g_autofree char *name = gp_estimate_dup_short_label (estimate, TRUE);

  /* Translators: a bar of the emissions chart: the option and its region */
  return g_strdup_printf (_("%s · %s"), name,
                          gp_offer_get_region_id (gp_estimate_get_offer (estimate)));
}

GpChartData *
gp_emissions_chart_data_new (GpEstimateList *list,
                             guint           max_items)
{
  /* The unit stands where a cost chart has its currency: the hover text reads "2.01 kgCO2e". */
  GpChartData *data = gp_chart_data_new ("kgCO2e");
  g_autoptr(GPtrArray) seen = g_ptr_array_new ();
  g_autoptr(GString) footnote = g_string_new (NULL);
  g_autofree char *workload = gp_chart_data_dup_workload_summary (list);
  g_autoptr(GPtrArray) kept = NULL;
  g_autoptr(GHashTable) platforms = g_hash_table_new (NULL, NULL);
  guint unknown = 0;

  kept = collect (list, &unknown);
  for (guint i = 0; i < kept->len && i < max_items; i++)
    {
      GpEstimate *estimate = g_ptr_array_index (kept, i);
      double parts[GP_CHART_N_PARTS] = { gp_estimate_get_emissions (estimate)->co2e_kg };
      g_autofree char *label = dup_bar_label (estimate);

      gp_chart_data_add (data, label, gp_estimate_get_pricing (estimate), parts,
                         gp_estimate_get_wall_hours (estimate));
      /* Each platform's cleanest option has its bar, however narrow the figure. */
      if (g_hash_table_add (platforms, gp_estimate_get_provider (estimate)))
        gp_chart_data_set_platform_best (data, i);
      add_grid_source (footnote, seen, estimate);
    }
  gp_chart_data_set_n_hidden (data, kept->len > max_items ? kept->len - max_items : 0);
  gp_chart_data_set_stale_after_days (data, gp_estimate_list_get_stale_after_days (list));
  gp_chart_data_set_titles (data, _("Emissions of the job on each option"),
                            _("Estimated emissions (kgCO2e)"));

  /* Translators: the emissions chart's footnote: the method, before the grids' sources */
  g_string_prepend (footnote, _(" Emissions by the method of Green Algorithms (Lannelongue et "
                                 "al. 2021), location-based. Grids:"));
  g_string_prepend (footnote, workload);
  if (unknown > 0)
    g_string_append_printf (footnote,
                            g_dngettext (GETTEXT_PACKAGE,
                                         " %u option is left out: its grid, PUE or GPU power is "
                                         "not known.",
                                         " %u options are left out: their grid, PUE or GPU "
                                         "power is not known.",
                                         unknown),
                            unknown);
  gp_chart_data_set_footnote (data, footnote->str);
  gp_chart_data_set_csv_func (data, gp_emissions_chart_to_csv);
  return data;
}

char *
gp_emissions_chart_dup_method_note (GpChartData    *data,
                                    GpEstimateList *list)
{
  g_autoptr(GPtrArray) seen = g_ptr_array_new ();
  g_autoptr(GHashTable) shown = g_hash_table_new (g_str_hash, g_str_equal);
  GString *note = g_string_new (_("Emissions by the method of Green Algorithms (Lannelongue et "
                                   "al. 2021), location-based. Grids:"));

  for (guint i = 0; i < gp_chart_data_get_n_items (data); i++)
    g_hash_table_add (shown, gp_chart_data_get_item (data, i)->label);
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (list)); i++)
    {
      g_autoptr(GpEstimate) estimate = g_list_model_get_item (G_LIST_MODEL (list), i);
      g_autofree char *label = dup_bar_label (estimate);

      if (g_hash_table_contains (shown, label))
        add_grid_source (note, seen, estimate);
    }
  return g_string_free (note, FALSE);
}

char *
gp_emissions_chart_to_csv (GpChartData *data)
{
  GString *text = g_string_new ("option,pricing,hours,co2e_kg\r\n");
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  for (guint i = 0; i < gp_chart_data_get_n_items (data); i++)
    {
      const GpChartItem *item = gp_chart_data_get_item (data, i);

      gp_csv_append_field (text, item->label, GP_CSV_NEUTRALISE);
      g_string_append_printf (text, ",%s,", gp_estimate_pricing_to_string (item->group));
      g_string_append (text, g_ascii_formatd (buffer, sizeof buffer, "%.2f", item->hours));
      g_string_append_c (text, ',');
      g_string_append (text, g_ascii_formatd (buffer, sizeof buffer, "%.3f", item->total));
      g_string_append (text, "\r\n");
    }
  return g_string_free (text, FALSE);
}
