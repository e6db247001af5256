/* gp-offer-filter-explain.c — why nothing passes the filter: which criterion to blame and
 * the sentence that says so
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "gp-array-model.h"
#include "gp-catalog.h"
#include "gp-format.h"
#include "gp-model-private.h"
#include "gp-offer-filter-private.h"

/* The order a blame is looked for in, when the last change alone does not explain it. */
static const GpOfferCriterion all_criteria[] = {
  GP_OFFER_CRITERION_SEARCH,         GP_OFFER_CRITERION_PROVIDERS,     GP_OFFER_CRITERION_GPU,
  GP_OFFER_CRITERION_MIN_GPU_MEMORY, GP_OFFER_CRITERION_MIN_GPU_COUNT, GP_OFFER_CRITERION_PRICING,
  GP_OFFER_CRITERION_REGION,         GP_OFFER_CRITERION_MAX_PRICE,
};

static gboolean
any_match_except (GpOfferFilter    *self,
                  GListModel       *offers,
                  GpOfferCriterion  ignored)
{
  guint n = g_list_model_get_n_items (offers);

  /* The catalog's own array, read without a reference per offer: a search that finds nothing
   * in 100,000 offers goes through them all. */
  if (GP_IS_ARRAY_MODEL (offers))
    {
      GPtrArray *items = gp_array_model_get_items (GP_ARRAY_MODEL (offers));

      for (guint i = 0; i < items->len; i++)
        {
          if (i + GP_OFFER_PREFETCH_DISTANCE < items->len)
            gp_offer_prefetch (g_ptr_array_index (items, i + GP_OFFER_PREFETCH_DISTANCE));
          if (_gp_offer_filter_match_criteria (self, g_ptr_array_index (items, i), ignored))
            return TRUE;
        }
      return FALSE;
    }

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GpOffer) offer = g_list_model_get_item (offers, i);

      if (_gp_offer_filter_match_criteria (self, offer, ignored))
        return TRUE;
    }

  return FALSE;
}

/* Says which criterion left nothing: one that, turned off alone, lets some offer through. The
 * criterion changed last is preferred, since that is the one the user just touched. */
GpOfferCriterion
gp_offer_filter_explain_empty (GpOfferFilter *self,
                               GListModel    *offers)
{
  g_return_val_if_fail (GP_IS_OFFER_FILTER (self), GP_OFFER_CRITERION_NONE);
  g_return_val_if_fail (G_IS_LIST_MODEL (offers), GP_OFFER_CRITERION_NONE);

  if (gp_offer_filter_get_active (self) == GP_OFFER_CRITERION_NONE ||
      any_match_except (self, offers, GP_OFFER_CRITERION_NONE))
    return GP_OFFER_CRITERION_NONE;
  return gp_offer_filter_explain_none_left (self, offers);
}

/* As gp_offer_filter_explain_empty(), for a caller that has just filtered @offers and knows
 * none passed: a search that finds nothing is not looked for again in every offer. */
GpOfferCriterion
gp_offer_filter_explain_none_left (GpOfferFilter *self,
                                   GListModel    *offers)
{
  GpOfferCriterion active;

  g_return_val_if_fail (GP_IS_OFFER_FILTER (self), GP_OFFER_CRITERION_NONE);
  g_return_val_if_fail (G_IS_LIST_MODEL (offers), GP_OFFER_CRITERION_NONE);

  active = gp_offer_filter_get_active (self);
  if (active == GP_OFFER_CRITERION_NONE)
    return GP_OFFER_CRITERION_NONE;

  if ((active & self->last_changed) && any_match_except (self, offers, self->last_changed))
    return self->last_changed;

  for (guint i = 0; i < G_N_ELEMENTS (all_criteria); i++)
    if ((active & all_criteria[i]) && all_criteria[i] != self->last_changed &&
        any_match_except (self, offers, all_criteria[i]))
      return all_criteria[i];

  return GP_OFFER_CRITERION_NONE;
}
char *
gp_offer_filter_dup_explanation (GpOfferFilter    *self,
                                 GpOfferCriterion  blamed,
                                 GpCatalog        *catalog,
                                 const char       *currency,
                                 gboolean          per_gpu)
{
  GpOfferFilter *filter = self;
  GpGpu *gpu;

  g_return_val_if_fail (GP_IS_OFFER_FILTER (self), NULL);

  switch (blamed)
    {
    case GP_OFFER_CRITERION_SEARCH:
      return g_strdup_printf (_("The search “%s” matches no offer that passes the other filters."),
                              gp_offer_filter_get_search (filter));

    case GP_OFFER_CRITERION_PROVIDERS:
      return g_strdup (_("The providers chosen have no offer that passes the other filters."));

    case GP_OFFER_CRITERION_GPU:
      gpu = gp_catalog_find_gpu (catalog, gp_offer_filter_get_gpu (filter));
      return g_strdup_printf (_("No offer with the %s passes the other filters."),
                              gpu != NULL ? gp_gpu_get_name (gpu)
                                          : gp_offer_filter_get_gpu (filter));

    case GP_OFFER_CRITERION_MIN_GPU_MEMORY:
      return g_strdup_printf (
          _("No GPU with %.0f GB of memory or more is left by the other filters."),
          gp_offer_filter_get_min_gpu_memory (filter));

    case GP_OFFER_CRITERION_MIN_GPU_COUNT:
      return g_strdup_printf (_("No instance with %u GPUs or more is left by the other filters."),
                              gp_offer_filter_get_min_gpu_count (filter));

    case GP_OFFER_CRITERION_PRICING:
      {
        g_autofree char *models = gp_format_pricing_models (gp_offer_filter_get_pricing (filter));

        return g_strdup_printf (
            _("No offer left by the other filters has a price for each of: %s."), models);
      }

    case GP_OFFER_CRITERION_REGION:
      if (gp_offer_filter_get_region (filter) != NULL)
        {
          g_autofree char *place = gp_area_dup_label (gp_offer_filter_get_region (filter));

          return g_strdup_printf (_("No offer in %s passes the other filters."), place);
        }
      return g_strdup (_("No region is left by the other filters."));

    case GP_OFFER_CRITERION_MAX_PRICE:
      {
        g_autofree char *price = gp_format_money (gp_offer_filter_get_max_price (filter), currency);

        return g_strdup_printf (
            per_gpu
                ? _("No offer left by the other filters costs %s or less per GPU-hour on demand.")
                : _("No offer left by the other filters costs %s or less per hour on demand."),
            price);
      }

    case GP_OFFER_CRITERION_NONE:
    default:
      if (gp_offer_filter_get_active (filter) == GP_OFFER_CRITERION_NONE)
        return g_strdup (_("The catalog has no offers."));
      return g_strdup (_("No offer passes all these filters together. Loosen one of them, or "
                          "clear them all."));
    }
}
