/* gp-estimate-list-cost.c — what one offer costs and takes under each way of paying, as a row
 * of the estimate list
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "gp-estimate-list-private.h"

/* What @units compute units cost under @plan, in the catalog's currency. Where the plan sells
 * packs (Colab's Pay As You Go: 100 units for 9.99), the job is charged the whole packs it
 * needs bought, @packs of them: a lab pays for the last pack whether or not it later uses the
 * rest. NAN when the plan has no price. */
static double
plan_cost (GpPlan *plan,
           double  units,
           guint  *packs)
{
  double unit_price = gp_plan_get_unit_price (plan);

  *packs = 0;
  if (isnan (unit_price))
    return NAN;
  if (gp_plan_get_monthly_fee (plan) == 0 && gp_plan_get_compute_units (plan) > 0)
    {
      *packs = gp_cost_packs (units, gp_plan_get_compute_units (plan));
      return *packs * gp_plan_get_compute_units (plan) * unit_price;
    }

  return units * unit_price;
}

/* The plan of @instance that costs least for @units compute units. */
static GpPlan *
cheapest_plan (GpInstance *instance,
               GpProvider *provider,
               double      units,
               double     *cost,
               guint      *packs)
{
  const char *const *plan_ids = gp_instance_get_plan_ids (instance);
  GpPlan *best = NULL;

  *cost = NAN;
  *packs = 0;
  for (guint i = 0; plan_ids != NULL && plan_ids[i] != NULL; i++)
    {
      GpPlan *plan = gp_provider_find_plan (provider, plan_ids[i]);
      guint plan_packs;
      double price = plan != NULL ? plan_cost (plan, units, &plan_packs) : NAN;

      /* Equal unit prices (100 for 9.99, 500 for 49.99): the fewer units to buy wins. */
      if (!isnan (price) &&
          (best == NULL || price < *cost - 1e-9 ||
           (price < *cost + 1e-9 && plan_packs * gp_plan_get_compute_units (plan) <
                                        *packs * gp_plan_get_compute_units (best))))
        {
          best = plan;
          *cost = price;
          *packs = plan_packs;
        }
    }

  return best;
}

/* Whether @row runs as its plan's steady run does: no interruption, no other length. */
static inline gboolean
is_steady (const GpCostRow    *row,
           const InstancePlan *plan)
{
  return row->extra_hours == 0 && row->run_hours == plan->run_hours;
}

/* Fills the parts every way of paying shares: sessions, data, the wall clock. Returns FALSE
 * when the platform cannot run the job at all. */
static gboolean
finish_row (Job                *job,
            const InstancePlan *plan,
            GpCostRow          *row)
{
  row->sessions = is_steady (row, plan) ? plan->steady_sessions
                                        : gp_cost_sessions (row->run_hours + row->extra_hours,
                                                            plan->max_session_hours);
  if (row->sessions > 1 && job->checkpoint_minutes <= 0)
    {
      _gp_estimate_list_skip (
          job, g_strdup_printf (_("%s: sessions end after %.0f h and the job keeps no "
                                   "checkpoints"),
                                gp_provider_get_name (plan->provider), plan->max_session_hours));
      return FALSE;
    }

  row->wall_hours =
      row->run_hours + row->extra_hours + (row->sessions - 1) * job->restart_minutes / 60;
  row->reference_name = job->reference_name;
  row->upload_hours = job->upload_hours > 0 && gp_offer_crosses_border (row->offer, job->lab)
                          ? job->cross_border_upload_hours
                          : job->upload_hours;
  /* The user gives the storage price in the currency of the estimate: no conversion. */
  row->storage_cost = gp_cost_storage (job->stored_gb, row->upload_hours + row->wall_hours,
                                       job->storage_per_gb_month);
  row->transfer_cost = job->rate * plan->data_cost;
  row->total_cost =
      row->compute_cost + row->storage_cost + row->transfer_cost + row->interruption_cost;
  return TRUE;
}

static void
start_row (GpCostRow          *row,
           GpOffer            *offer,
           const InstancePlan *plan,
           GpEstimatePricing   pricing)
{
  memset (row, 0, sizeof *row);
  row->offer = offer;
  row->pricing = pricing;
  row->precision = plan->precision;
  row->basis = plan->basis;
  row->speed_source = plan->source;
  row->published[0] = plan->published[0];
  row->published[1] = plan->published[1];
  row->speed_ratio = plan->ratio;
  row->efficiency = plan->efficiency;
  row->gpu_count = plan->gpu_count;
  row->run_hours = plan->run_hours;
  row->fallback_cost = NAN;
  row->interruptions_per_month = NAN;
  row->sessions = 1;
  row->memory_needed_gb = plan->memory_needed_gb;
  row->fit = plan->fit;
}

static gboolean
fill_hourly (GpEstimateList     *self,
             Job                *job,
             GpOffer            *offer,
             const InstancePlan *plan,
             GpEstimatePricing   pricing,
             double              price,
             double              term_hours,
             GpCostRow          *row)
{
  if (isnan (price))
    return FALSE;

  start_row (row, offer, plan, pricing);
  row->hourly = price * plan->share * job->rate;
  if (!finish_row (job, plan, row))
    return FALSE;

  row->billed_hours =
      is_steady (row, plan)
          ? plan->steady_billed_hours
          : gp_cost_billed_hours (row->wall_hours, plan->increment_s, plan->minimum_s);
  row->billed_hours = MAX (row->billed_hours, term_hours);
  row->compute_cost = row->billed_hours * row->hourly;
  row->total_cost += row->compute_cost;
  return TRUE;
}

static gboolean
fill_spot (GpEstimateList     *self,
           Job                *job,
           GpOffer            *offer,
           const InstancePlan *plan,
           GpCostRow          *row)
{
  double price = offer->spot_max * offer->instance->to_catalog;
  double on_demand = offer->on_demand * offer->instance->to_catalog;
  double per_hour = job->interruptions_per_hour;
  double rework_billed;

  if (isnan (price))
    price = offer->spot_min * offer->instance->to_catalog;
  if (isnan (price))
    return FALSE;

  start_row (row, offer, plan, GP_ESTIMATE_PRICING_SPOT);
  row->hourly = price * job->rate;
  row->interruptions_per_month = job->interruptions_per_month;

  /* The published bucket of this instance in this region, unless the user gave a rate. */
  if (plan->spot_published && !job->interruptions_overridden)
    {
      double published = gp_estimator_data_spot_interruptions (
          self->data, gp_instance_get_id (gp_offer_get_instance (offer)),
          gp_offer_get_region_id (offer), &row->interruption_bucket, &row->interruption_source);
      if (!isnan (published))
        {
          row->interruptions_per_month = published;
          per_hour = gp_cost_interruptions_per_hour (published);
        }
    }

  row->extra_hours = gp_cost_spot_extra_hours (row->run_hours, per_hour, job->checkpoint_minutes,
                                               job->restart_minutes);
  if (!finish_row (job, plan, row))
    return FALSE;

  row->billed_hours = gp_cost_billed_hours (row->wall_hours, plan->increment_s, plan->minimum_s);
  /* The rework is billed like the rest; it is shown apart so its weight is visible. */
  rework_billed = row->billed_hours * row->extra_hours / MAX (row->wall_hours, 1e-9);
  row->interruption_cost = rework_billed * row->hourly;
  row->compute_cost = (row->billed_hours - rework_billed) * row->hourly;
  row->total_cost += row->compute_cost + row->interruption_cost;

  /* What running out of spot capacity would cost: shown with the row, not needed to rank it. */
  if (self->detailing && !isnan (on_demand))
    row->fallback_cost = gp_cost_billed_hours (row->run_hours, plan->increment_s, plan->minimum_s) *
                             on_demand * job->rate +
                         row->storage_cost + row->transfer_cost;

  return TRUE;
}

static gboolean
fill_subscription (GpEstimateList     *self,
                   Job                *job,
                   GpOffer            *offer,
                   const InstancePlan *plan,
                   GpCostRow          *out)
{
  GpInstance *instance = gp_offer_get_instance (offer);
  double units = gp_instance_get_compute_units_per_hour (instance);
  double cost;
  GpCostRow row;

  if (isnan (units))
    return FALSE;

  start_row (&row, offer, plan, GP_ESTIMATE_PRICING_SUBSCRIPTION);
  row.units_per_hour = units;
  if (!finish_row (job, plan, &row))
    return FALSE;

  /* Compute units burn while the runtime is connected: no rounding. */
  row.billed_hours = row.wall_hours;
  row.units = row.wall_hours * units;
  row.plan = cheapest_plan (instance, gp_offer_get_provider (offer), row.units, &cost, &row.packs);
  if (row.plan == NULL)
    return FALSE;
  row.hourly = gp_plan_get_unit_price (row.plan) * job->rate;
  row.compute_cost = cost * job->rate;
  row.total_cost += row.compute_cost;
  *out = row;
  return TRUE;
}

/* The offer's own commitment price, else the provider's published discount on demand. */
static double
reserved_price (GpOffer *offer,
                double   listed,
                double   discount_pct)
{
  if (!isnan (listed))
    return listed * offer->instance->to_catalog;
  if (isnan (discount_pct))
    return NAN;

  return offer->on_demand * offer->instance->to_catalog * (1 - discount_pct / 100);
}

/* A Capacity Block: the job's GPUs booked for the whole days it runs, paid for every hour of
 * them. A job longer than the longest block AWS sells is not offered one. */
static gboolean
fill_capacity_block (GpEstimateList     *self,
                     Job                *job,
                     GpOffer            *offer,
                     const InstancePlan *plan,
                     GpCostRow          *row)
{
  double price = gp_offer_get_listed_price (offer, GP_ESTIMATE_PRICING_CAPACITY_BLOCK);

  if (isnan (price) || !fill_hourly (self, job, offer, plan, GP_ESTIMATE_PRICING_CAPACITY_BLOCK,
                                     price * offer->instance->to_catalog, 0, row))
    return FALSE;
  if (gp_cost_capacity_block_days (row->wall_hours) == 0)
    return FALSE;

  /* Billed for the block, not the hours used: the whole days, by the block's own price. */
  row->total_cost -= row->compute_cost;
  row->billed_hours = gp_cost_capacity_block_days (row->wall_hours) * 24.0;
  row->compute_cost = row->billed_hours * row->hourly;
  row->total_cost += row->compute_cost;
  return TRUE;
}

/* One estimate in full: the same code ranks every offer and, later, details the rows shown. */
gboolean
_gp_estimate_list_compute_row (GpEstimateList     *self,
             Job                *job,
             GpOffer            *offer,
             const InstancePlan *plan,
             GpEstimatePricing   pricing,
             GpCostRow          *row)
{
  switch (pricing)
    {
    case GP_ESTIMATE_PRICING_ON_DEMAND:
      return fill_hourly (self, job, offer, plan, pricing,
                          offer->on_demand * offer->instance->to_catalog, 0, row);

    case GP_ESTIMATE_PRICING_SPOT:
      return fill_spot (self, job, offer, plan, row);

    case GP_ESTIMATE_PRICING_RESERVED_1Y:
      return fill_hourly (self, job, offer, plan, pricing,
                          reserved_price (offer, offer->reserved_1y, plan->discount_1y_pct), 8760,
                          row);

    case GP_ESTIMATE_PRICING_RESERVED_3Y:
      return fill_hourly (self, job, offer, plan, pricing,
                          reserved_price (offer, offer->reserved_3y, plan->discount_3y_pct), 26280,
                          row);

    case GP_ESTIMATE_PRICING_CAPACITY_BLOCK:
      return fill_capacity_block (self, job, offer, plan, row);

    case GP_ESTIMATE_PRICING_SUBSCRIPTION:
    default:
      return fill_subscription (self, job, offer, plan, row);
    }
}
