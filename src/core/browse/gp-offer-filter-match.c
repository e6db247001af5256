/* gp-offer-filter-match.c — whether one offer passes the filter: the search words and each
 * criterion in turn
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "gp-catalog.h"
#include "gp-model-private.h"
#include "gp-offer-filter-private.h"

static gboolean
match_search (GpOfferFilter *self,
              GpOffer       *offer)
{
  const char *instance_key = gp_instance_get_search_key (offer->instance);
  const char *region_key = offer->region != NULL ? gp_region_get_search_key (offer->region) : "";
  const char *const *words = (const char *const *) self->words;
  guint32 all, found;

  if (self->n_words > GP_SEARCH_MAX_WORDS)
    {
      for (guint i = 0; words[i] != NULL; i++)
        if (strstr (instance_key, words[i]) == NULL && strstr (region_key, words[i]) == NULL)
          return FALSE;
      return TRUE;
    }

  /* Each instance and region is searched once per search, not once per offer. */
  all = self->n_words == GP_SEARCH_MAX_WORDS ? G_MAXUINT32 : (1u << self->n_words) - 1;
  found =
      gp_search_memo_find (&offer->instance->search_memo, self->search_stamp, instance_key, words);
  if (found != all && offer->region != NULL)
    found |=
        gp_search_memo_find (&offer->region->search_memo, self->search_stamp, region_key, words);
  return found == all;
}

static gboolean
has_pricing (GpOffer        *offer,
             GpPricingModel  pricing)
{
  GpInstance *instance = offer->instance;

  if ((pricing & GP_PRICING_ON_DEMAND) && isnan (offer->on_demand))
    return FALSE;
  if ((pricing & GP_PRICING_SPOT) && isnan (offer->spot_min))
    return FALSE;
  if ((pricing & GP_PRICING_RESERVED) && isnan (offer->reserved_1y) && isnan (offer->reserved_3y))
    return FALSE;
  if ((pricing & GP_PRICING_SUBSCRIPTION) &&
      (instance->plan_ids == NULL || instance->plan_ids[0] == NULL) &&
      isnan (instance->compute_units_per_hour))
    return FALSE;

  return TRUE;
}

static GpOffer *
cheapest_offer (GpOfferFilter *self,
                GpInstance    *instance)
{
  GpOffer *best = NULL;
  gpointer cached;

  if (g_hash_table_lookup_extended (self->cheapest, instance, NULL, &cached))
    return cached;

  for (guint i = 0; i < instance->offers->len; i++)
    {
      GpOffer *offer = g_ptr_array_index (instance->offers, i);

      if (_gp_offer_filter_match_criteria (self, offer, GP_OFFER_CRITERION_REGION) &&
          gp_offer_is_cheaper (offer, best))
        best = offer;
    }

  g_hash_table_insert (self->cheapest, g_object_ref (instance), best);
  return best;
}

gboolean
_gp_offer_filter_match_criteria (GpOfferFilter    *self,
                                 GpOffer          *offer,
                                 GpOfferCriterion  ignored)
{
  GpInstance *instance = offer->instance;
  GpOfferCriterion active = self->active & ~ignored;

  if (instance == NULL)
    return FALSE;
  if (!self->include_zones && offer->region != NULL && gp_region_is_zone (offer->region) &&
      g_strcmp0 (offer->region_id, self->region) != 0)
    return FALSE;
  if (self->usable_only &&
      !gp_usability_is_usable (gp_usability_of_offer (offer, self->lab, self->invoice_required)))
    return FALSE;
  if (active == GP_OFFER_CRITERION_NONE)
    return TRUE;

  if ((active & GP_OFFER_CRITERION_PROVIDERS) &&
      (instance->provider == NULL ||
       !g_strv_contains ((const char *const *) self->providers, instance->provider->id)))
    return FALSE;
  if ((active & GP_OFFER_CRITERION_GPU) &&
      (instance->gpu == NULL || g_strcmp0 (instance->gpu->id, self->gpu) != 0))
    return FALSE;
  if ((active & GP_OFFER_CRITERION_MIN_GPU_MEMORY) &&
      !(instance->gpu != NULL && instance->gpu->memory_gb >= self->min_gpu_memory))
    return FALSE;
  if ((active & GP_OFFER_CRITERION_MIN_GPU_COUNT) && instance->gpu_count < self->min_gpu_count)
    return FALSE;
  if ((active & GP_OFFER_CRITERION_PRICING) && !has_pricing (offer, self->pricing))
    return FALSE;
  if ((active & GP_OFFER_CRITERION_MAX_PRICE) &&
      !(gp_offer_get_price (offer, GP_OFFER_COLUMN_ON_DEMAND, self->per_gpu) *
            self->exchange_rate <=
        self->max_price))
    return FALSE;
  if ((active & GP_OFFER_CRITERION_SEARCH) && !match_search (self, offer))
    return FALSE;
  if ((active & GP_OFFER_CRITERION_REGION) && self->region != NULL &&
      !(offer->region != NULL ? gp_region_in_area (offer->region, self->region)
                              : g_strcmp0 (offer->region_id, self->region) == 0))
    return FALSE;
  /* Last, since it looks at the instance's other offers. */
  if ((active & GP_OFFER_CRITERION_REGION) && self->cheapest_region &&
      cheapest_offer (self, instance) != offer)
    return FALSE;

  return TRUE;
}

gboolean
gp_offer_filter_match (GpOfferFilter *self,
                       GpOffer       *offer)
{
  g_return_val_if_fail (GP_IS_OFFER_FILTER (self), FALSE);
  g_return_val_if_fail (GP_IS_OFFER (offer), FALSE);

  return _gp_offer_filter_match_criteria (self, offer, GP_OFFER_CRITERION_NONE);
}

gboolean
gp_offer_filter_match_except (GpOfferFilter    *self,
                              GpOffer          *offer,
                              GpOfferCriterion  ignored)
{
  g_return_val_if_fail (GP_IS_OFFER_FILTER (self), FALSE);
  g_return_val_if_fail (GP_IS_OFFER (offer), FALSE);

  return _gp_offer_filter_match_criteria (self, offer, ignored);
}
