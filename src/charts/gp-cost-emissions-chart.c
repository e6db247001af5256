/* gp-cost-emissions-chart.c — the chart of each option's cost against its emissions
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Points as the value chart draws them, with the job's kgCO2e across instead of its hours: the
 * cheapest way of paying for each offer, each platform's cheapest and cleanest always among
 * them, every point named where there is room. The front is
 * the options no other beats on both money and emissions. An option whose emissions are unknown
 * has no point (a point at 0 would say it emits nothing); the footnote counts them, names the
 * method, each grid source with its note (Electricity Maps' ODbL attribution) and the prices'.
 */

#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "gp-cost-emissions-chart.h"
#include "gp-cost-model.h"
#include "gp-csv.h"
#include "gp-emissions.h"
#include "gp-offer.h"
#include "gp-source.h"

/* As the emissions chart: each offer once, its cheapest way of paying; no machine that cannot
 * hold the job, no GPU-only price, no commitment the job would mostly leave unused. */
static gboolean
is_point (GpEstimate *estimate,
          GHashTable *seen)
{
  return gp_estimate_get_fit (estimate) != GP_FIT_NO && !gp_estimate_is_gpu_only (estimate) &&
         !gp_estimate_is_unused_commitment (estimate) &&
         g_hash_table_add (seen, gp_estimate_get_offer (estimate));
}

typedef struct
{
  GPtrArray *shown; /* (element-type GpEstimate) in order of cost */
  guint hidden;     /* left out for want of room */
  guint unknown;    /* left out for unknown emissions */
} Options;

static void
options_clear (Options *options)
{
  g_clear_pointer (&options->shown, g_ptr_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Options, options_clear)

static double
co2e_of (GpEstimate *estimate)
{
  return gp_estimate_get_emissions (estimate)->co2e_kg;
}

/* Each platform's cheapest and cleanest options: the trade a platform offers between the two
 * is what the chart is for. @known is cheapest first. */
static GHashTable *
platform_ends (GPtrArray *known)
{
  GHashTable *ends = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) cleanest = g_hash_table_new (NULL, NULL);
  GHashTableIter iter;
  gpointer best;

  for (guint i = 0; i < known->len; i++)
    {
      GpEstimate *estimate = known->pdata[i];
      GpProvider *provider = gp_estimate_get_provider (estimate);

      best = g_hash_table_lookup (cleanest, provider);
      if (best == NULL)
        g_hash_table_add (ends, estimate);
      if (best == NULL || co2e_of (estimate) < co2e_of (best))
        g_hash_table_insert (cleanest, provider, estimate);
    }
  g_hash_table_iter_init (&iter, cleanest);
  while (g_hash_table_iter_next (&iter, NULL, &best))
    g_hash_table_add (ends, best);
  return ends;
}

/* The options shown: each platform's cheapest and cleanest whatever @max_items, then the
 * cheapest others up to it. */
static void
collect (GpEstimateList *list,
         guint           max_items,
         Options        *options)
{
  g_autoptr(GPtrArray) known = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) ends = NULL;
  guint room;

  options->shown = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (list)); i++)
    {
      g_autoptr(GpEstimate) estimate = g_list_model_get_item (G_LIST_MODEL (list), i);

      if (!is_point (estimate, seen))
        continue;
      if (isnan (co2e_of (estimate)))
        options->unknown++;
      else
        g_ptr_array_add (known, g_steal_pointer (&estimate));
    }
  ends = platform_ends (known);
  room = max_items > g_hash_table_size (ends) ? max_items - g_hash_table_size (ends) : 0;
  for (guint i = 0; i < known->len; i++)
    {
      if (!g_hash_table_contains (ends, known->pdata[i]) && room == 0)
        {
          options->hidden++;
          continue;
        }
      if (!g_hash_table_contains (ends, known->pdata[i]))
        room--;
      g_ptr_array_add (options->shown, g_object_ref (known->pdata[i]));
    }
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

/* "Lambda · 1× A100 · us-east-1", marked for a lab in mainland China where it needs a route
 * across the border or cannot reach it. */
static char *
dup_label (GpEstimate *estimate,
           guint      *marked)
{
  g_autofree char *name = gp_estimate_dup_short_label (estimate, TRUE);
  /* Translators: a point of the cost-against-emissions chart: the option and its region */
  g_autofree char *label = g_strdup_printf (
      _("%s · %s"), name, gp_offer_get_region_id (gp_estimate_get_offer (estimate)));

  if (gp_estimate_get_reach_mark (estimate) == NULL)
    return g_steal_pointer (&label);
  (*marked)++;
  return gp_chart_mark_reach (label, gp_estimate_get_reach_mark (estimate));
}

static void
add_point (GpChartData *data,
           GpEstimate  *estimate,
           guint       *marked)
{
  double parts[GP_CHART_N_PARTS] = {
    gp_estimate_get_compute_cost (estimate),
    gp_estimate_get_storage_cost (estimate),
    gp_estimate_get_transfer_cost (estimate),
    gp_estimate_get_interruption_cost (estimate),
  };
  g_autofree char *label = dup_label (estimate, marked);
  GpChartItem *item;

  gp_chart_data_add (data, label, gp_estimate_get_pricing (estimate), parts,
                     gp_estimate_get_emissions (estimate)->co2e_kg);
  item = gp_chart_data_edit_item (data, gp_chart_data_get_n_items (data) - 1);
  item->region = g_strdup (gp_offer_get_region_id (gp_estimate_get_offer (estimate)));
  gp_chart_item_set_sources (item, gp_estimate_get_price_source (estimate), NULL);
}

static char *
dup_footnote_tail (GString *grids,
                   guint    unknown,
                   guint    marked)
{
  GString *tail = g_string_new (NULL);

  /* Translators: the cost-against-emissions chart's footnote: the method, before the grids'
   * sources */
  g_string_append (tail, _(" Emissions by the method of Green Algorithms (Lannelongue et "
                            "al. 2021), location-based. Grids:"));
  g_string_append (tail, grids->str);
  if (unknown > 0)
    g_string_append_printf (tail,
                            g_dngettext (GETTEXT_PACKAGE,
                                         " %u option is left out: its grid, PUE or GPU power is "
                                         "not known.",
                                         " %u options are left out: their grid, PUE or GPU "
                                         "power is not known.",
                                         unknown),
                            unknown);
  if (marked > 0)
    g_string_append (tail, gp_chart_reach_note ());
  return g_string_free (tail, FALSE);
}

GpChartData *
gp_cost_emissions_chart_data_new (GpEstimateList *list,
                                  guint           max_items)
{
  GpChartData *data = gp_chart_data_new (gp_estimate_list_get_currency (list));
  g_auto(Options) options = { NULL };
  g_autoptr(GPtrArray) grids_seen = g_ptr_array_new ();
  g_autoptr(GString) grids = g_string_new (NULL);
  g_autofree char *workload = gp_chart_data_dup_workload_summary (list);
  g_autofree char *tail = NULL;
  guint marked = 0;

  collect (list, max_items, &options);
  for (guint i = 0; i < options.shown->len; i++)
    {
      add_point (data, options.shown->pdata[i], &marked);
      add_grid_source (grids, grids_seen, options.shown->pdata[i]);
    }
  gp_chart_data_set_n_hidden (data, options.hidden);
  gp_chart_data_set_stale_after_days (data, gp_estimate_list_get_stale_after_days (list));
  gp_chart_data_set_titles (data, _("Cost against emissions of the job"), NULL);
  gp_chart_data_set_across_title (data, _("Estimated emissions (kgCO2e)"), "kgCO2e");
  tail = dup_footnote_tail (grids, options.unknown, marked);
  gp_chart_data_set_footnote_parts (data, workload, tail);
  gp_chart_data_set_csv_func (data, gp_cost_emissions_chart_to_csv);
  return data;
}

char *
gp_cost_emissions_chart_to_csv (GpChartData *data)
{
  GString *text = g_string_new ("option,region,pricing,total_cost,currency,co2e_kg\r\n");
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  for (guint i = 0; i < gp_chart_data_get_n_items (data); i++)
    {
      const GpChartItem *item = gp_chart_data_get_item (data, i);

      gp_csv_append_field (text, item->label, GP_CSV_NEUTRALISE);
      g_string_append_c (text, ',');
      gp_csv_append_field (text, item->region != NULL ? item->region : "", GP_CSV_NEUTRALISE);
      g_string_append_printf (text, ",%s,", gp_estimate_pricing_to_string (item->group));
      g_string_append (text, g_ascii_formatd (buffer, sizeof buffer, "%.2f", item->total));
      g_string_append_c (text, ',');
      gp_csv_append_field (text, gp_chart_data_get_currency (data), GP_CSV_NEUTRALISE);
      g_string_append_c (text, ',');
      g_string_append (text, g_ascii_formatd (buffer, sizeof buffer, "%.3f", item->hours));
      g_string_append (text, "\r\n");
    }
  return g_string_free (text, FALSE);
}
