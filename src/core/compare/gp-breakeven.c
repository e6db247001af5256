/* gp-breakeven.c — owning the lab's machine against renting its GPU, month by month
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Owning costs the price at once, then maintenance and staff every month whatever the work,
 * and electricity for the GPU-hours of work; renting costs the GPU-hours of work at the
 * rental's price. Buying pays off in the first month its cumulative cost is no more than the
 * cheapest rental's, or not within the machine's lifetime.
 */

#include "config.h"

#include <math.h>

#include "gp-breakeven.h"

#define HOURS_PER_MONTH (GP_HOURS_PER_YEAR / 12)

static int
compare_rentals (gconstpointer a,
                 gconstpointer b)
{
  const GpRental *x = a, *y = b;

  return (x->per_gpu_hour > y->per_gpu_hour) - (x->per_gpu_hour < y->per_gpu_hour);
}

/* @price: the whole instance's, an hour, in the catalog's currency */
static void
add_rental (GArray            *rentals,
            GpOffer           *offer,
            GpEstimatePricing  pricing,
            double             price,
            double             rate,
            GpReachability     reach)
{
  guint gpus = gp_instance_get_gpu_count (gp_offer_get_instance (offer));
  GpRental rental = { offer, pricing, price / MAX (gpus, 1) * rate, reach };

  /* Quoted prices only, none the source is known to get wrong. */
  if (isfinite (rental.per_gpu_hour) && rental.per_gpu_hour > 0 &&
      !gp_offer_is_doubtful (offer, pricing))
    g_array_append_val (rentals, rental);
}

GArray *
gp_breakeven_find_rentals (GpCatalog     *catalog,
                           GpInstance    *machine,
                           double         rate,
                           GpLabLocation  lab)
{
  GListModel *instances = gp_catalog_get_instances (catalog);
  g_autoptr(GArray) all = g_array_new (FALSE, FALSE, sizeof (GpRental));
  GArray *rentals = g_array_new (FALSE, FALSE, sizeof (GpRental));
  gboolean taken[GP_ESTIMATE_PRICING_RESERVED_3Y + 1] = { FALSE };

  for (guint i = 0; i < g_list_model_get_n_items (instances); i++)
    {
      g_autoptr(GpInstance) instance = g_list_model_get_item (instances, i);
      GListModel *offers;

      if (gp_instance_get_gpu (instance) != gp_instance_get_gpu (machine) ||
          gp_instance_get_lab_cost (instance) != NULL ||
          gp_instance_get_price_basis (instance) != GP_PRICE_BASIS_QUOTED)
        continue;
      offers = gp_instance_get_offers (instance);
      for (guint j = 0; j < g_list_model_get_n_items (offers); j++)
        {
          g_autoptr(GpOffer) offer = g_list_model_get_item (offers, j);
          GpReachability reach = gp_offer_get_reach (offer, lab);

          /* Buying pays off against what the lab could rent instead, not against a cloud its
           * campus network cannot use. */
          if (reach == GP_REACHABILITY_UNREACHABLE)
            continue;
          add_rental (all, offer, GP_ESTIMATE_PRICING_ON_DEMAND, gp_offer_get_on_demand (offer),
                      rate, reach);
          add_rental (all, offer, GP_ESTIMATE_PRICING_SPOT, gp_offer_get_spot_min (offer), rate,
                      reach);
          add_rental (all, offer, GP_ESTIMATE_PRICING_RESERVED_1Y, gp_offer_get_reserved_1y (offer),
                      rate, reach);
          add_rental (all, offer, GP_ESTIMATE_PRICING_RESERVED_3Y, gp_offer_get_reserved_3y (offer),
                      rate, reach);
        }
    }

  g_array_sort (all, compare_rentals);
  for (guint i = 0; i < all->len && rentals->len < GP_BREAKEVEN_RENTALS; i++)
    {
      GpRental *rental = &g_array_index (all, GpRental, i);
      /* Commitments of one and three years are one way of paying here. */
      GpEstimatePricing kind = rental->pricing == GP_ESTIMATE_PRICING_RESERVED_3Y
                                   ? GP_ESTIMATE_PRICING_RESERVED_1Y
                                   : rental->pricing;

      if (kind > GP_ESTIMATE_PRICING_RESERVED_3Y || taken[kind])
        continue;
      taken[kind] = TRUE;
      g_array_append_val (rentals, *rental);
    }
  return rentals;
}

double
gp_breakeven_buy_cost (const GpLabCost *cost,
                       guint            gpu_count,
                       double           gpu_hours_per_month,
                       guint            month)
{
  return cost->price +
         month * (gp_lab_cost_running_per_month (cost) +
                  gpu_hours_per_month * gp_lab_cost_energy_per_gpu_hour (cost, gpu_count));
}

guint
gp_breakeven_months (const GpLabCost *cost)
{
  return (guint) ceil (cost->lifetime_years * 12);
}

int
gp_breakeven_month (const GpLabCost *cost,
                    guint            gpu_count,
                    double           gpu_hours_per_month,
                    double           rent_per_gpu_hour)
{
  guint months = gp_breakeven_months (cost);

  for (guint m = 1; m <= months; m++)
    if (gp_breakeven_buy_cost (cost, gpu_count, gpu_hours_per_month, m) <=
        gpu_hours_per_month * m * rent_per_gpu_hour)
      return (int) m;
  return -1;
}

double
gp_breakeven_capacity (const GpLabCost *cost,
                       guint            gpu_count,
                       double           utilisation_pct)
{
  return gpu_count * HOURS_PER_MONTH * utilisation_pct / 100;
}
