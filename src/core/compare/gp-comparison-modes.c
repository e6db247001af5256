/* gp-comparison-modes.c — the rows of each kind of comparison: platforms (their hardware,
 * prices and sources, from their summaries) and instances in their regions
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Part of the comparison table (gp-comparison-table-private.h): the rows both kinds have are
 * built in gp-comparison-table.c.
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "gp-comparison.h"
#include "gp-comparison-table-private.h"
#include "gp-currency.h"
#include "gp-launch.h"
#include "gp-format.h"
#include "gp-provider-summary.h"
#include "gp-util.h"

/* Providers mode */

static char *
plans_text (Builder    *builder,
            GpProvider *provider)
{
  GListModel *plans = gp_provider_get_plans (provider);
  g_autoptr(GStrvBuilder) parts = g_strv_builder_new ();
  g_auto(GStrv) texts = NULL;

  for (guint i = 0; i < g_list_model_get_n_items (plans); i++)
    {
      g_autoptr(GpPlan) plan = g_list_model_get_item (plans, i);
      g_autofree char *text = NULL;

      if (!isnan (gp_plan_get_price (plan)) && !isnan (gp_plan_get_compute_units (plan)))
        {
          g_autofree char *price =
              gp_format_money (gp_plan_get_price (plan) * builder->rate, builder->table->currency);
          /* Translators: "Pay As You Go: $9.99 for 100 compute units" */
          text = g_strdup_printf (_("%s: %s for %.0f compute units"),
                                  gp_format_catalog_text (gp_plan_get_name (plan)), price,
                                  gp_plan_get_compute_units (plan));
        }
      else if (gp_plan_get_monthly_fee (plan) == 0 && isnan (gp_plan_get_compute_units (plan)))
        text = g_strdup_printf (_("%s: free, limits not published"),
                                gp_format_catalog_text (gp_plan_get_name (plan)));
      else
        text = g_strdup_printf (_("%s: price not found"),
                                gp_format_catalog_text (gp_plan_get_name (plan)));
      g_strv_builder_add (parts, text);
    }

  texts = g_strv_builder_end (parts);
  /* Translators: the separator between items that may hold commas */
  return g_strjoinv (C_("list separator", "; "), texts);
}

static char *
markup_text (GpProvider *provider)
{
  double low = gp_provider_get_markup_min_pct (provider);
  double high = gp_provider_get_markup_max_pct (provider);

  if (isnan (low) || isnan (high))
    return NULL;
  if (high == 0)
    return g_strdup (_("None: billed at the price of the VMs"));
  if (low == high)
    return g_strdup_printf (_("About %.0f%%"), low);
  return g_strdup_printf (_("%.0f–%.0f%%"), low, high);
}

/* "Hamina (europe-north1): 39 gCO2e/kWh, zone FI, 2024"; a platform of no figure says so. */
static void
set_grid (GpComparisonRow *row,
          guint            column,
          GpRegion        *region)
{
  const GpGridFigure *grid = region != NULL ? gp_region_get_grid (region) : NULL;
  g_autofree char *label = NULL, *figure = NULL;

  if (grid == NULL)
    {
      _gp_comparison_set_text (row, column, _("no grid figure"));
      return;
    }
  label = gp_region_dup_label (region);
  figure = gp_format_number (grid->gco2_per_kwh, 0);
  /* Translators: a region, its grid's intensity, the grid's zone and the year of the figure */
  _gp_comparison_take_text (
      row, column,
      g_strdup_printf (_("%s: %s gCO2e/kWh, zone %s, %u"), label, figure, grid->zone, grid->year));
}

void
_gp_comparison_add_providers_hardware (Builder *builder)
{
  GpComparisonRow *gpus, *memory, *count, *cleanest, *dirtiest;

  gpus = _gp_comparison_add_row (builder, "gpus");
  memory = _gp_comparison_add_row (builder, "max_gpu_memory_gb");
  count = _gp_comparison_add_row (builder, "instance_types");
  cleanest = _gp_comparison_add_row (builder, "cleanest_grid");
  dirtiest = _gp_comparison_add_row (builder, "dirtiest_grid");

  for (guint i = 0; i < builder->summaries->len; i++)
    {
      GpProviderSummary *summary = g_ptr_array_index (builder->summaries, i);
      const char *const *names;
      g_autofree char *list = NULL;

      if (summary == NULL)
        continue;

      names = gp_provider_summary_get_gpu_names (summary);
      list = g_strjoinv (C_("list separator", ", "), (char **) names);
      if (names[0] != NULL && gp_provider_summary_get_gpus_from (summary) != NULL)
        _gp_comparison_take_text (
            gpus, i,
            g_strdup_printf (_("On %s machine types: %s"),
                             gp_provider_get_name (gp_provider_summary_get_gpus_from (summary)),
                             list));
      else
        _gp_comparison_set_text (gpus, i, list);
      _gp_comparison_set_number (memory, i, gp_provider_summary_get_max_gpu_memory (summary), -1);
      _gp_comparison_set_number (count, i, gp_provider_summary_get_n_instances (summary), 0);
      set_grid (cleanest, i, gp_provider_summary_get_cleanest_region (summary));
      set_grid (dirtiest, i, gp_provider_summary_get_dirtiest_region (summary));
    }
}

/* Where no spot prices are listed, what the provider states: "up to 90 (stated)". It does not
 * compete with savings measured on prices. */
static void
set_stated_saving (GpComparisonRow *row,
                   guint            column,
                   GpProvider      *provider)
{
  GpComparisonCell *cell = gp_comparison_row_get_cell (row, column);
  double low = gp_provider_get_spot_savings_min_pct (provider);
  double high = gp_provider_get_spot_savings_max_pct (provider);

  if (!isnan (low))
    /* Translators: a spot saving the provider states, not one measured on prices: "60–91 (stated)"
     */
    _gp_comparison_take_text (row, column, g_strdup_printf (_("%.0f–%.0f (stated)"), low, high));
  else
    /* Translators: a spot saving the provider states: "up to 90 (stated)" */
    _gp_comparison_take_text (row, column, g_strdup_printf (_("up to %.0f (stated)"), high));
  cell->value = high;
  cell->estimate = TRUE;
  _gp_comparison_add_note (
      cell, g_strdup (gp_provider_get_spot_note (provider) != NULL
                          ? gp_format_catalog_text (gp_provider_get_spot_note (provider))
                          : _("A saving the provider states, not one measured on prices")));
}

void
_gp_comparison_add_providers_prices (Builder *builder)
{
  GpComparisonRow *models, *on_demand, *spot, *saving, *commit_1y, *commit_3y, *markup, *plans;

  models = _gp_comparison_add_row (builder, "pricing_models");
  on_demand = _gp_comparison_add_row (builder, "cheapest_on_demand_per_gpu_hour");
  spot = _gp_comparison_add_row (builder, "cheapest_spot_per_gpu_hour");
  saving = _gp_comparison_add_row (builder, "max_spot_saving_pct");
  commit_1y = _gp_comparison_add_row (builder, "reserved_1y_discount_pct");
  commit_3y = _gp_comparison_add_row (builder, "reserved_3y_discount_pct");
  markup = _gp_comparison_add_row (builder, "markup_pct");
  plans = _gp_comparison_add_row (builder, "plans");

  for (guint i = 0; i < builder->summaries->len; i++)
    {
      GpProviderSummary *summary = g_ptr_array_index (builder->summaries, i);
      GpProvider *provider = g_ptr_array_index (builder->providers, i);
      GpOffer *cheapest, *cheapest_spot;

      if (summary == NULL)
        continue;

      cheapest = gp_provider_summary_get_cheapest_offer (summary);
      cheapest_spot = gp_provider_summary_get_cheapest_spot_offer (summary);
      _gp_comparison_take_text (models, i,
                                gp_format_pricing_models (gp_provider_get_pricing (provider)));
      if (cheapest != NULL)
        _gp_comparison_set_offer_money (builder, on_demand, i, cheapest,
                                        GP_ESTIMATE_PRICING_ON_DEMAND,
                                        gp_offer_get_per_gpu_hour (cheapest), 3);
      if (cheapest_spot != NULL)
        _gp_comparison_set_offer_money (
            builder, spot, i, cheapest_spot, GP_ESTIMATE_PRICING_SPOT,
            gp_offer_get_price (cheapest_spot, GP_OFFER_COLUMN_SPOT, TRUE), 3);
      _gp_comparison_set_number (saving, i,
                                 round (gp_provider_summary_get_max_spot_saving_pct (summary)), 0);
      if (isnan (gp_provider_summary_get_max_spot_saving_pct (summary)) &&
          !isnan (gp_provider_get_spot_savings_max_pct (provider)))
        set_stated_saving (saving, i, provider);
      _gp_comparison_set_number (commit_1y, i, gp_provider_get_reserved_1y_discount_pct (provider),
                                 -1);
      _gp_comparison_set_number (commit_3y, i, gp_provider_get_reserved_3y_discount_pct (provider),
                                 -1);
      _gp_comparison_take_text (markup, i, markup_text (provider));
      gp_comparison_row_get_cell (markup, i)->value = gp_provider_get_markup_min_pct (provider);
      _gp_comparison_take_text (plans, i, plans_text (builder, provider));
    }
}

void
_gp_comparison_add_providers_sources (Builder *builder)
{
  GpComparisonRow *as_of, *sources;

  as_of = _gp_comparison_add_row (builder, "as_of");
  sources = _gp_comparison_add_row (builder, "sources");

  for (guint i = 0; i < builder->summaries->len; i++)
    {
      GpProviderSummary *summary = g_ptr_array_index (builder->summaries, i);
      GListModel *list;

      if (summary == NULL)
        continue;

      _gp_comparison_set_date (builder, as_of, i, gp_provider_summary_get_oldest_as_of (summary));
      list = gp_provider_summary_get_sources (summary);
      for (guint s = 0; s < g_list_model_get_n_items (list); s++)
        {
          g_autoptr(GpSource) source = g_list_model_get_item (list, s);
          _gp_comparison_add_source (sources, i, source);
        }
      _gp_comparison_finish_sources (sources, i);
    }
}

/* Instances mode */

void
_gp_comparison_add_instances_hardware (Builder *builder)
{
  GpComparisonRow *provider_row, *region, *gpu, *count, *memory, *total_memory, *tflops;
  GpComparisonRow *total_tflops, *bandwidth, *vcpus, *ram, *interconnect, *architecture;
  GpComparisonRow *fp32, *tf32, *fp16, *bf16, *fp8, *tdp, *launch;

  provider_row = _gp_comparison_add_row (builder, "provider");
  region = _gp_comparison_add_row (builder, "region");
  gpu = _gp_comparison_add_row (builder, "gpu");
  count = _gp_comparison_add_row (builder, "gpu_count");
  memory = _gp_comparison_add_row (builder, "gpu_memory_gb");
  total_memory = _gp_comparison_add_row (builder, "total_gpu_memory_gb");
  tflops = _gp_comparison_add_row (builder, "tensor_tflops");
  total_tflops = _gp_comparison_add_row (builder, "total_tensor_tflops");
  bandwidth = _gp_comparison_add_row (builder, "memory_bandwidth_gbps");
  vcpus = _gp_comparison_add_row (builder, "vcpus");
  ram = _gp_comparison_add_row (builder, "memory_gb");
  interconnect = _gp_comparison_add_row (builder, "interconnect");
  architecture = _gp_comparison_add_row (builder, "architecture");
  fp32 = _gp_comparison_add_row (builder, "fp32_tflops");
  tf32 = _gp_comparison_add_row (builder, "tf32_tflops");
  fp16 = _gp_comparison_add_row (builder, "fp16_tflops");
  bf16 = _gp_comparison_add_row (builder, "bf16_tflops");
  fp8 = _gp_comparison_add_row (builder, "fp8_tflops");
  tdp = _gp_comparison_add_row (builder, "tdp_w");
  launch = _gp_comparison_add_row (builder, "launch_year");

  for (guint i = 0; i < builder->offers->len; i++)
    {
      GpOffer *offer = g_ptr_array_index (builder->offers, i);
      GpInstance *instance;
      GpGpu *gpu_model;
      GpRegion *region_object;
      double per_gpu_tflops;

      if (offer == NULL)
        continue;

      instance = gp_offer_get_instance (offer);
      gpu_model = gp_instance_get_gpu (instance);
      region_object = gp_offer_get_region (offer);
      per_gpu_tflops = gp_gpu_get_tensor_tflops (gpu_model);

      _gp_comparison_set_text (provider_row, i,
                               gp_provider_get_name (gp_instance_get_provider (instance)));
      if (region_object != NULL && gp_region_get_city (region_object) != NULL)
        _gp_comparison_take_text (region, i, gp_region_dup_label (region_object));
      else if (region_object != NULL && g_strcmp0 (gp_region_get_name (region_object),
                                                   gp_region_get_location (region_object)) == 0)
        /* A place in words (a quote's "西北B区"): the code made from it says nothing. */
        _gp_comparison_take_text (region, i, gp_region_dup_short_label (region_object));
      else if (region_object != NULL && gp_region_get_name (region_object) != NULL &&
               g_strcmp0 (gp_region_get_name (region_object), gp_offer_get_region_id (offer)) != 0)
        _gp_comparison_take_text (region, i,
                                  g_strdup_printf ("%s (%s)", gp_offer_get_region_id (offer),
                                                   gp_region_get_name (region_object)));
      else
        _gp_comparison_set_text (region, i, gp_offer_get_region_id (offer));
      _gp_comparison_set_text (gpu, i, gp_gpu_get_name (gpu_model));
      _gp_comparison_set_number (count, i, gp_instance_get_gpu_count (instance), 0);
      _gp_comparison_set_number (memory, i, gp_instance_get_gpu_memory_gb (instance), -1);
      _gp_comparison_set_number (total_memory, i, gp_instance_get_total_gpu_memory_gb (instance),
                                 -1);
      _gp_comparison_set_number (tflops, i, per_gpu_tflops, -1);
      _gp_comparison_set_number (total_tflops, i,
                                 per_gpu_tflops * gp_instance_get_gpu_count (instance), -1);
      _gp_comparison_set_number (bandwidth, i, gp_gpu_get_memory_bandwidth_gbps (gpu_model), -1);
      if (gp_instance_get_vcpus (instance) > 0)
        _gp_comparison_set_number (vcpus, i, gp_instance_get_vcpus (instance), 0);
      _gp_comparison_set_number (ram, i, gp_instance_get_memory_gb (instance), -1);
      _gp_comparison_set_text (interconnect, i, gp_instance_get_interconnect (instance));
      _gp_comparison_set_text (architecture, i, gp_gpu_get_architecture (gpu_model));
      _gp_comparison_set_number (fp32, i, gp_gpu_get_fp32_tflops (gpu_model), -1);
      _gp_comparison_set_number (tf32, i, gp_gpu_get_tf32_tflops (gpu_model), -1);
      _gp_comparison_set_number (fp16, i, gp_gpu_get_fp16_tflops (gpu_model), -1);
      _gp_comparison_set_number (bf16, i, gp_gpu_get_bf16_tflops (gpu_model), -1);
      _gp_comparison_set_number (fp8, i, gp_gpu_get_fp8_tflops (gpu_model), -1);
      _gp_comparison_set_number (tdp, i, gp_gpu_get_tdp_w (gpu_model), 0);
      if (gp_gpu_get_launch_year (gpu_model) > 0)
        _gp_comparison_set_number (launch, i, gp_gpu_get_launch_year (gpu_model), 0);
    }
}

void
_gp_comparison_add_instances_prices (Builder *builder)
{
  GpComparisonRow *on_demand, *spot, *reserved_1y, *reserved_3y, *block, *per_gpu, *value;
  GpComparisonRow *subscription, *problems;

  on_demand = _gp_comparison_add_row (builder, "on_demand_per_hour");
  spot = _gp_comparison_add_row (builder, "spot_per_hour");
  reserved_1y = _gp_comparison_add_row (builder, "reserved_1y_per_hour");
  reserved_3y = _gp_comparison_add_row (builder, "reserved_3y_per_hour");
  block = _gp_comparison_add_row (builder, "capacity_block_per_hour");
  per_gpu = _gp_comparison_add_row (builder, "per_gpu_hour");
  value = _gp_comparison_add_row (builder, "value");
  subscription = _gp_comparison_add_row (builder, "subscription");
  problems = _gp_comparison_add_row (builder, "anomalies");

  for (guint i = 0; i < builder->offers->len; i++)
    {
      GpOffer *offer = g_ptr_array_index (builder->offers, i);
      GpInstance *instance;
      double units;

      if (offer == NULL)
        continue;

      instance = gp_offer_get_instance (offer);
      _gp_comparison_set_money (builder, on_demand, i, gp_offer_get_on_demand (offer), 3);
      _gp_comparison_mark_offer_cell (builder, on_demand, i, offer, GP_ESTIMATE_PRICING_ON_DEMAND);
      _gp_comparison_set_money (builder, spot, i, gp_offer_get_spot_min (offer), 3);
      if (gp_offer_get_spot_max (offer) > gp_offer_get_spot_min (offer))
        _gp_comparison_take_text (spot, i,
                                  g_strdup_printf ("%.3f–%.3f",
                                                   gp_offer_get_spot_min (offer) * builder->rate,
                                                   gp_offer_get_spot_max (offer) * builder->rate));
      _gp_comparison_mark_offer_cell (builder, spot, i, offer, GP_ESTIMATE_PRICING_SPOT);
      _gp_comparison_set_money (builder, reserved_1y, i, gp_offer_get_reserved_1y (offer), 3);
      _gp_comparison_mark_offer_cell (builder, reserved_1y, i, offer,
                                      GP_ESTIMATE_PRICING_RESERVED_1Y);
      _gp_comparison_set_money (builder, reserved_3y, i, gp_offer_get_reserved_3y (offer), 3);
      _gp_comparison_mark_offer_cell (builder, reserved_3y, i, offer,
                                      GP_ESTIMATE_PRICING_RESERVED_3Y);
      _gp_comparison_set_money (builder, block, i, gp_offer_get_capacity_block (offer), 3);
      _gp_comparison_mark_offer_cell (builder, block, i, offer, GP_ESTIMATE_PRICING_CAPACITY_BLOCK);
      _gp_comparison_set_money (builder, per_gpu, i, gp_offer_get_per_gpu_hour (offer), 3);
      _gp_comparison_mark_offer_cell (builder, per_gpu, i, offer, GP_ESTIMATE_PRICING_ON_DEMAND);
      _gp_comparison_set_number (value, i, gp_offer_get_value (offer) / builder->rate, 1);
      _gp_comparison_mark_offer_cell (builder, value, i, offer, GP_ESTIMATE_PRICING_ON_DEMAND);

      units = gp_instance_get_compute_units_per_hour (instance);
      if (!isnan (units))
        {
          g_autofree char *plans = plans_text (builder, gp_instance_get_provider (instance));
          _gp_comparison_take_text (
              subscription, i,
              g_strdup_printf (_("%.2f compute units an hour; %s"), units, plans));
        }
      _gp_comparison_take_text (problems, i, gp_format_anomalies (gp_offer_get_anomalies (offer)));
    }
}

/* Puts @note (owned) before what the notes cell of @column says, on a line of its own. */
static void
put_note_first (GpComparisonRow *notes,
                guint            column,
                char            *note)
{
  GpComparisonCell *cell = gp_comparison_row_get_cell (notes, column);

  if (cell->known)
    {
      char *joined = g_strconcat (note, "\n", cell->text, NULL);

      g_free (note);
      note = joined;
    }
  _gp_comparison_take_text (notes, column, note);
}

void
_gp_comparison_add_instances_sources (Builder *builder)
{
  GpComparisonRow *as_of, *sources, *notes;

  notes = _gp_comparison_add_row (builder, "notes");
  as_of = _gp_comparison_add_row (builder, "as_of");
  sources = _gp_comparison_add_row (builder, "sources");

  for (guint i = 0; i < builder->offers->len; i++)
    {
      GpOffer *offer = g_ptr_array_index (builder->offers, i);
      GpInstance *instance;
      GpSource *source;

      if (offer == NULL)
        continue;

      instance = gp_offer_get_instance (offer);
      source = gp_offer_get_source (offer);
      _gp_comparison_set_text (notes, i, gp_instance_get_notes (instance));
      if (gp_instance_get_derived_rule (instance) != NULL)
        {
          g_autofree char *rule = gp_instance_dup_derived_rule_text (instance);

          /* Translators: how a derived price is computed, before the instance's notes */
          put_note_first (notes, i, g_strdup_printf (_("Prices estimated: %s"), rule));
          _gp_comparison_add_source (sources, i, gp_instance_get_derived_source (instance));
        }
      if (gp_instance_get_reported_by (instance) != NULL)
        put_note_first (notes, i, gp_instance_dup_reported_text (instance));
      if (g_strcmp0 (gp_offer_get_currency (offer), gp_catalog_get_currency (builder->catalog)) !=
          0)
        {
          g_autofree char *listed =
              gp_format_money (gp_offer_get_listed_price (offer, GP_ESTIMATE_PRICING_ON_DEMAND),
                               gp_offer_get_currency (offer));

          /* Translators: a price the provider states in its own currency ("¥14.40"), before
           * the instance's notes */
          put_note_first (notes, i,
                          g_strdup_printf (_("Listed in the provider’s currency: %s an hour on "
                                              "demand, converted at the exchange rate in use"),
                                           listed));
        }
      if (gp_instance_get_gpu (instance) != NULL &&
          gp_gpu_get_inference_only (gp_instance_get_gpu (instance)))
        /* Translators: said of an instance whose accelerator only runs models, before the
         * instance's notes */
        put_note_first (notes, i,
                        g_strdup (_("An inference accelerator: no training job is estimated on "
                                     "it")));
      _gp_comparison_set_date (builder, as_of, i, gp_offer_get_as_of (offer));
      _gp_comparison_add_source (sources, i,
                                 gp_offer_get_price_source (offer, GP_ESTIMATE_PRICING_ON_DEMAND));
      _gp_comparison_add_source (sources, i, source);
      _gp_comparison_add_source (sources, i,
                                 gp_offer_get_price_source (offer, GP_ESTIMATE_PRICING_SPOT));
      _gp_comparison_add_source (sources, i, gp_instance_get_source (instance));
      _gp_comparison_add_source (sources, i, gp_gpu_get_source (gp_instance_get_gpu (instance)));
      if (gp_instance_get_gpu (instance) != NULL)
        _gp_comparison_add_source (sources, i,
                                   gp_gpu_get_use_source (gp_instance_get_gpu (instance)));
      _gp_comparison_add_source (sources, i, gp_offer_get_capacity_block_source (offer));
      _gp_comparison_add_provider_sources (sources, i, gp_instance_get_provider (instance));
      _gp_comparison_finish_sources (sources, i);
    }
}
