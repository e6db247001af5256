/* gp-offer-defaults.c — what a new offer of the user's starts with
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "gp-offer-defaults.h"

/* Offers of @instance's GPU the lab rents from: a lab in mainland China from platforms in
 * China, where it is quoted in yuan and invoiced; elsewhere from any. */
static guint
offers_rented (GpInstance    *instance,
               GpLabLocation  lab)
{
  GListModel *offers = gp_instance_get_offers (instance);
  guint count = 0;

  for (guint i = 0; i < g_list_model_get_n_items (offers); i++)
    {
      g_autoptr(GpOffer) offer = g_list_model_get_item (offers, i);
      GpReachability reach = gp_offer_get_reach (offer, lab);

      if (lab == GP_LAB_LOCATION_MAINLAND_CHINA ? reach == GP_REACHABILITY_IN_CHINA
                                                : reach != GP_REACHABILITY_UNREACHABLE)
        count++;
    }
  return count;
}

/* The GPU the most offers the lab rents from have: the one it is most likely quoted, rather
 * than the catalog's first (alphabetically a rare one). */
GpGpu *
gp_offer_defaults_find_gpu (GpCatalog     *catalog,
                            GpLabLocation  lab)
{
  GListModel *instances = gp_catalog_get_instances (catalog);
  g_autoptr(GHashTable) counts = g_hash_table_new (NULL, NULL);
  GpGpu *best = NULL;
  guint most = 0;

  for (guint i = 0; i < g_list_model_get_n_items (instances); i++)
    {
      g_autoptr(GpInstance) instance = g_list_model_get_item (instances, i);
      GpGpu *gpu = gp_instance_get_gpu (instance);
      guint count;

      if (gpu == NULL)
        continue;
      count = GPOINTER_TO_UINT (g_hash_table_lookup (counts, gpu)) + offers_rented (instance, lab);
      g_hash_table_insert (counts, gpu, GUINT_TO_POINTER (count));
      if (count > most)
        {
          most = count;
          best = gpu;
        }
    }
  return best;
}

const char *
gp_offer_defaults_currency (GpLabLocation  lab,
                            const char    *otherwise)
{
  return lab == GP_LAB_LOCATION_MAINLAND_CHINA ? "CNY" : otherwise;
}

double
gp_offer_defaults_power_kw (GpGpu *gpu,
                            guint  gpu_count)
{
  double tdp_w = gpu != NULL ? gp_gpu_get_tdp_w (gpu) : NAN;

  return tdp_w > 0 ? tdp_w * gpu_count / 1000 : NAN;
}
