/* gp-offer-filter-private.h — what the filter's units share: its state and the one match
 * that the explanation reruns with a criterion left out
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "gp-offer-filter.h"
#include "gp-usability.h"

G_BEGIN_DECLS

struct _GpOfferFilter
{
  GObject           parent_instance;

  char             *search;
  GStrv             words;
  guint n_words;
  guint search_stamp; /* the words' stamp for the keys' GpSearchMemo */
  GStrv             providers;
  char             *gpu;
  double            min_gpu_memory;
  guint             min_gpu_count;
  GpPricingModel    pricing;
  char             *region;
  gboolean          cheapest_region;
  double            max_price;
  gboolean          per_gpu;
  double            exchange_rate;
  gboolean          include_zones;
  gboolean usable_only; /* only what the lab reaches and, needing invoices, pays */
  GpLabLocation lab;
  gboolean invoice_required;

  GpOfferCriterion  active;
  GpOfferCriterion  last_changed;
  gboolean          batching;     /* several criteria change as one */
  /* GpInstance → its cheapest offer that passes the other criteria, or NULL when none does;
   * the keys hold a reference, so a freed instance's address cannot come back as a key. */
  GHashTable       *cheapest;
};

gboolean _gp_offer_filter_match_criteria (GpOfferFilter    *self,
                                         GpOffer          *offer,
                                         GpOfferCriterion  ignored);

G_END_DECLS
