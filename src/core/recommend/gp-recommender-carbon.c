/* gp-recommender-carbon.c — what the recommender says of emissions: their share of a score,
 * and a cleaner region of the recommended option
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Emissions weigh in like cost and time: the cleanest option that fits over this one's. An
 * option whose emissions are unknown (no power, PUE or grid figure) gets no credit for them,
 * and its reason says so: an unknown is never taken for clean.
 */

#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "gp-format.h"
#include "gp-instance.h"
#include "gp-offer.h"
#include "gp-recommender-private.h"

double
gp_recommender_carbon_part (GpEstimate *estimate,
                            double      min_co2e,
                            double      weight,
                            GPtrArray  *reasons)
{
  double co2e = gp_estimate_get_emissions (estimate)->co2e_kg;
  g_autofree char *figure = NULL;
  double part;

  if (isnan (co2e) || isnan (min_co2e))
    {
      if (weight > 0)
        g_ptr_array_add (reasons,
                         g_strdup_printf (_("[emissions] not known (see the assumptions): no "
                                             "credit for them (emissions weigh %.0f%%)"),
                                          weight * 100));
      return 0;
    }
  part = co2e > 0 ? min_co2e / co2e : 1;
  if (weight > 0)
    {
      figure = gp_format_number (co2e, 1);
      g_ptr_array_add (
          reasons, g_strdup_printf (_("[emissions] %s kgCO2e, %.0f%% above the cleanest "
                                       "option that fits (emissions weigh %.0f%%)"),
                                    figure, (co2e / MAX (min_co2e, 1e-9) - 1) * 100, weight * 100));
    }
  return part;
}

char *
gp_recommender_dup_cleaner_region (GPtrArray  *estimates,
                                   GpEstimate *best)
{
  double best_co2e = gp_estimate_get_emissions (best)->co2e_kg;
  GpEstimate *cleaner = NULL;
  g_autofree char *there = NULL, *here = NULL, *now = NULL, *then = NULL, *money = NULL;
  double cleaner_co2e, extra;

  if (isnan (best_co2e))
    return NULL;
  for (guint i = 0; i < estimates->len; i++)
    {
      GpEstimate *other = g_ptr_array_index (estimates, i);
      double co2e = gp_estimate_get_emissions (other)->co2e_kg;

      if (gp_estimate_get_instance (other) != gp_estimate_get_instance (best) ||
          gp_estimate_get_pricing (other) != gp_estimate_get_pricing (best) || isnan (co2e) ||
          co2e >= best_co2e * 0.99)
        continue;
      if (cleaner == NULL || co2e < gp_estimate_get_emissions (cleaner)->co2e_kg)
        cleaner = other;
    }
  if (cleaner == NULL)
    return NULL;

  cleaner_co2e = gp_estimate_get_emissions (cleaner)->co2e_kg;
  extra = gp_estimate_get_total_cost (cleaner) - gp_estimate_get_total_cost (best);
  there = gp_offer_dup_region_label (gp_estimate_get_offer (cleaner));
  here = gp_offer_dup_region_label (gp_estimate_get_offer (best));
  now = gp_format_number (best_co2e, 1);
  then = gp_format_number (cleaner_co2e, 1);
  money = g_strdup_printf ("%.2f %s", fabs (extra), gp_estimate_get_currency (best));
  return g_strdup_printf (extra >= 0
                              /* Translators: a cleaner region of the recommended option: where,
                               * its emissions against here, the saving, and what it costs more */
                              ? _("Cleaner region: %s in %s emits %s kgCO2e instead of %s in %s, "
                                   "%.0f%% less, for %s more")
                              /* Translators: as above, where the cleaner region costs less */
                              : _("Cleaner region: %s in %s emits %s kgCO2e instead of %s in %s, "
                                   "%.0f%% less, and costs %s less"),
                          gp_instance_get_name (gp_estimate_get_instance (best)), there, then, now,
                          here, (1 - cleaner_co2e / best_co2e) * 100, money);
}
