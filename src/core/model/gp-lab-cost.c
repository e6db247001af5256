/* gp-lab-cost.c — what an hour of a GPU of the lab's own machine costs
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The lab's own machine is compared with renting by one figure, the cost of an hour of one of
 * its GPUs doing useful work:
 *
 *   per_gpu_hour = ( price / (lifetime_years × 8760 × utilisation)
 *                  + price × maintenance_share / (8760 × utilisation)
 *                  + staff_per_year / (8760 × utilisation) ) / gpu_count
 *                  + power_kw × pue × electricity_per_kwh / gpu_count
 *
 * The fixed costs are spread over the hours of use only, so an idle machine costs more an
 * hour; electricity is drawn only while it works. A worked example (the one of the tests):
 * 150,000 CNY, 8 GPUs, 3 years, 5 % maintenance, no staff, 50 % utilisation, 2.0 kW, PUE 1.3,
 * 0.8 CNY/kWh gives (150000/13140 + 7500/4380)/8 + 2.08/8 = 1.6410 + 0.2600 = 1.9010 CNY.
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "gp-lab-cost.h"
#include "gp-text.h"

G_DEFINE_QUARK (gp-lab-cost-error-quark, gp_lab_cost_error)

GpLabCost *
gp_lab_cost_copy (const GpLabCost *cost)
{
  GpLabCost *copy = g_memdup2 (cost, sizeof *cost);

  copy->purchased = g_strdup (cost->purchased);
  return copy;
}

void
gp_lab_cost_free (GpLabCost *cost)
{
  if (cost == NULL)
    return;
  g_free (cost->purchased);
  g_free (cost);
}

/* "field: what": the field stays the file's own name (callers put it in a path, a flag or a
 * form row); what is wrong is said in the user's language. */
static gboolean
invalid (GError    **error,
         const char *field,
         const char *what)
{
  g_set_error (error, GP_LAB_COST_ERROR, GP_LAB_COST_ERROR_INVALID, "%s: %s", field, what);
  return FALSE;
}

static gboolean
invalid_most (GError    **error,
              const char *field,
              double      most)
{
  g_autofree char *what = g_strdup_printf (_("must be at most %g"), most);

  return invalid (error, field, what);
}

gboolean
gp_lab_cost_check (const GpLabCost *cost,
                   guint            gpu_count,
                   GError         **error)
{
  const struct
  {
    const char *field;
    double value;
    double most;
  } figures[] = {
    { "price", cost->price, 1e10 },
    { "lifetime_years", cost->lifetime_years, 50 },
    { "maintenance_pct", cost->maintenance_pct, 100 },
    { "power_kw", cost->power_kw, 1000 },
    { "pue", cost->pue, 5 },
    { "electricity_per_kwh", cost->electricity_per_kwh, 100 },
    { "utilisation_pct", cost->utilisation_pct, 100 },
    { "staff_per_year", cost->staff_per_year, 1e9 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (figures); i++)
    {
      /* An electricity price not given is left out, and said so where the cost is shown. */
      if (isnan (figures[i].value) && g_str_equal (figures[i].field, "electricity_per_kwh"))
        continue;
      if (!isfinite (figures[i].value) || figures[i].value < 0)
        return invalid (error, figures[i].field, _("must be a number, 0 or more"));
      /* Past these no machine is: a slip of the keyboard (1e9 for 1e5), not a figure. */
      if (figures[i].value > figures[i].most)
        return invalid_most (error, figures[i].field, figures[i].most);
    }
  if (gpu_count == 0)
    return invalid (error, "gpu_count", _("a machine needs at least one GPU"));
  if (gpu_count > GP_LAB_MAX_GPUS)
    return invalid_most (error, "gpu_count", GP_LAB_MAX_GPUS);
  if (cost->price <= 0)
    return invalid (error, "price", _("must be more than 0"));
  if (cost->lifetime_years <= 0)
    return invalid (error, "lifetime_years", _("must be more than 0"));
  /* Below 1 % a machine's hour costs more than the machine: a typo, not a use. */
  if (cost->utilisation_pct < 1 || cost->utilisation_pct > 100)
    return invalid (error, "utilisation_pct",
                    _("must be from 1 to 100: a machine never used has no cost an hour"));
  if (cost->pue < 1)
    return invalid (error, "pue", _("must be 1 or more: cooling adds to the power, never takes"));
  if (cost->purchased != NULL && !gp_date_is_valid (cost->purchased, FALSE))
    return invalid (error, "purchased", _("must be a date of the calendar, YYYY-MM-DD"));
  if (cost->purchased != NULL && gp_date_is_after_today (cost->purchased))
    return invalid (error, "purchased",
                    _("must be no later than today: a machine not yet bought "
                       "is a plan, not a machine of the lab"));
  return TRUE;
}

gboolean
gp_lab_cost_has_electricity (const GpLabCost *cost)
{
  return !isnan (cost->electricity_per_kwh);
}

double
gp_lab_cost_energy_per_gpu_hour (const GpLabCost *cost,
                                 guint            gpu_count)
{
  if (!gp_lab_cost_has_electricity (cost))
    return 0;
  return cost->power_kw * cost->pue * cost->electricity_per_kwh / MAX (gpu_count, 1);
}

double
gp_lab_cost_per_gpu_hour (const GpLabCost *cost,
                          guint            gpu_count,
                          GpLabTerms      *terms)
{
  double hours_used = GP_HOURS_PER_YEAR * cost->utilisation_pct / 100.0;
  double gpus = MAX (gpu_count, 1);
  GpLabTerms t = {
    .capital = cost->price / (cost->lifetime_years * hours_used) / gpus,
    .maintenance = cost->price * cost->maintenance_pct / 100.0 / hours_used / gpus,
    .staff = cost->staff_per_year / hours_used / gpus,
    .energy = gp_lab_cost_energy_per_gpu_hour (cost, gpu_count),
  };

  if (terms != NULL)
    *terms = t;
  return t.capital + t.maintenance + t.staff + t.energy;
}

double
gp_lab_cost_running_per_month (const GpLabCost *cost)
{
  return (cost->price * cost->maintenance_pct / 100.0 + cost->staff_per_year) / 12.0;
}
