/* gp-price-chart.c — the comparison's prices as a chart: a GPU-hour on each option
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The price of one GPU for an hour, on demand and on spot, of each instance compared or of
 * each platform's cheapest GPU: chart data made from a comparison, as gp-chart-data.c makes it
 * from estimates and gp-breakeven-chart.c from a lab machine.
 */

#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "gp-price-chart.h"
#include "gp-provider-summary.h"

static gboolean
item_is_stale (GpChartData       *data,
               const GpChartItem *item)
{
  for (guint i = 0; item->sources != NULL && i < item->sources->len; i++)
    if (gp_source_is_stale (g_ptr_array_index (item->sources, i),
                            gp_chart_data_get_stale_after_days (data)))
      return TRUE;
  return FALSE;
}

char *
gp_chart_offer_label (GpOffer  *offer,
                      gboolean  by_gpu)
{
  GpInstance *instance = gp_offer_get_instance (offer);
  const char *provider = gp_provider_get_short_name (gp_offer_get_provider (offer));
  const char *what = by_gpu && gp_instance_get_gpu (instance) != NULL
                         ? gp_gpu_get_name (gp_instance_get_gpu (instance))
                         : gp_instance_get_name (instance);
  g_autofree char *label = g_strdup_printf (C_("chart label", "%s · %s"), provider, what);

  if (gp_offer_get_price_basis (offer) == GP_PRICE_BASIS_DERIVED)
    {
      char *marked = g_strdup_printf (C_("estimate", "≈ %s"), label);

      g_free (label);
      label = marked;
    }
  return g_steal_pointer (&label);
}

/* Among fresh prices, the stale ones say so in their names; when all are stale, the date at
 * the chart's or slide's foot says it once. */
static void
mark_stale_items (GpChartData *data)
{
  guint n = gp_chart_data_get_n_items (data), stale = 0;

  for (guint i = 0; i < n; i++)
    stale += item_is_stale (data, gp_chart_data_get_item (data, i));
  if (stale == 0 || stale == n)
    return;

  for (guint i = 0; i < n; i++)
    {
      GpChartItem *item;
      char *marked;

      if (!item_is_stale (data, gp_chart_data_get_item (data, i)))
        continue;
      item = gp_chart_data_edit_item (data, i);
      marked = g_strdup_printf (C_("stale", "%s (stale)"), item->label);
      g_free (item->label);
      item->label = marked;
    }
}

/* What the bars added so far carry, for the footnote to explain. */
typedef struct
{
  GpLabLocation lab;
  gboolean derived; /* a price estimated by a rule */
  gboolean reach;   /* a mark of how a lab in mainland China reaches it */
} Marks;

static void
add_price (GpChartData       *data,
           GpOffer           *offer,
           GpEstimatePricing  pricing,
           double             per_gpu_hour,
           double             rate,
           gboolean           by_gpu,
           Marks             *marks)
{
  double parts[GP_CHART_N_PARTS] = { per_gpu_hour * rate, 0, 0, 0 };
  g_autofree char *label = NULL;
  const char *reach;

  /* GPUs without their host are not a price anyone pays for a GPU-hour. */
  if (offer == NULL || !isfinite (per_gpu_hour) || per_gpu_hour <= 0 ||
      gp_offer_get_price_basis (offer) == GP_PRICE_BASIS_GPU_ONLY)
    return;

  label = gp_chart_offer_label (offer, by_gpu);
  /* A lab in mainland China sees on the bar what needs a cross-border route, as on the
   * estimate's charts. */
  reach = gp_reachability_get_mark (gp_offer_get_reach (offer, marks->lab));
  if (reach != NULL)
    {
      char *marked = gp_chart_mark_reach (label, reach);

      g_free (label);
      label = marked;
      marks->reach = TRUE;
    }
  gp_chart_data_add (data, label, pricing, parts, 0);
  gp_chart_item_set_sources (gp_chart_data_edit_item (data, gp_chart_data_get_n_items (data) - 1),
                             gp_offer_get_source (offer),
                             gp_instance_get_derived_source (gp_offer_get_instance (offer)));
  marks->derived |= gp_offer_get_price_basis (offer) == GP_PRICE_BASIS_DERIVED;
}

/* The comparison's prices as a chart: the price of one GPU for an hour, on demand and on spot,
 * of each instance compared or of each platform's cheapest GPU, in the comparison's currency.
 * It is drawn as a #GP_CHART_KIND_COST chart, whose bars it titles anew. */
GpChartData *
gp_chart_data_new_from_comparison (GpComparison *comparison)
{
  GpCatalog *catalog = gp_comparison_get_catalog (comparison);
  const char *const *ids = gp_comparison_get_ids (comparison);
  gboolean platforms = gp_comparison_get_mode (comparison) == GP_COMPARISON_PROVIDERS;
  double rate = gp_comparison_get_exchange_rate (comparison);
  GpChartData *data = gp_chart_data_new (gp_comparison_get_currency (comparison));
  g_autofree char *value_title = NULL;
  g_autofree char *tail = NULL;
  g_autofree char *note = NULL;
  Marks marks = { gp_comparison_get_lab_location (comparison), FALSE, FALSE };

  if (catalog != NULL)
    gp_chart_data_set_stale_after_days (data, gp_catalog_get_stale_after_days (catalog));

  /* Translators: the value axis of the comparison's price chart, with the currency: "Price of
   * one GPU for an hour (USD)" */
  value_title =
      g_strdup_printf (_("Price of one GPU for an hour (%s)"), gp_chart_data_get_currency (data));
  gp_chart_data_set_titles (data,
                            platforms ? _("The cheapest GPU-hour on each platform")
                                      : _("A GPU-hour on each instance"),
                            value_title);

  for (guint i = 0; catalog != NULL && ids[i] != NULL; i++)
    {
      if (platforms)
        {
          GpProvider *provider = gp_catalog_find_provider (catalog, ids[i]);
          g_autoptr(GpProviderSummary) summary = NULL;
          GpOffer *offer;

          if (provider == NULL)
            continue;
          summary = gp_provider_summary_new (catalog, provider);
          offer = gp_provider_summary_get_cheapest_offer (summary);
          add_price (data, offer, GP_ESTIMATE_PRICING_ON_DEMAND,
                     offer != NULL ? gp_offer_get_per_gpu_hour (offer) : NAN, rate, TRUE, &marks);
          offer = gp_provider_summary_get_cheapest_spot_offer (summary);
          add_price (data, offer, GP_ESTIMATE_PRICING_SPOT,
                     offer != NULL ? gp_offer_get_price (offer, GP_OFFER_COLUMN_SPOT, TRUE) : NAN,
                     rate, TRUE, &marks);
        }
      else
        {
          GpOffer *offer = gp_comparison_find_offer (catalog, ids[i]);

          if (offer == NULL)
            continue;
          add_price (data, offer, GP_ESTIMATE_PRICING_ON_DEMAND, gp_offer_get_per_gpu_hour (offer),
                     rate, FALSE, &marks);
          add_price (data, offer, GP_ESTIMATE_PRICING_SPOT,
                     gp_offer_get_price (offer, GP_OFFER_COLUMN_SPOT, TRUE), rate, FALSE, &marks);
        }
    }

  mark_stale_items (data);
  /* The price sources of the bars shown stand between the two, as in the estimate's charts;
   * converted prices name their rate and its date. */
  note = gp_comparison_dup_prices_note (comparison);
  tail = g_strconcat (marks.derived ? _(" ≈: a managed platform's price estimated from its "
                                         "machine's, times a dated premium; not quoted.")
                                    : "",
                      marks.reach ? gp_chart_reach_note () : "", note != NULL ? " " : "",
                      note != NULL ? note : "", note != NULL ? "." : "", NULL);
  gp_chart_data_set_footnote_parts (
      data,
      _("The price of one GPU for an hour: an instance's hourly price divided by its GPUs; the "
         "GPUs alone, without a host, are left out."),
      tail);
  return data;
}
