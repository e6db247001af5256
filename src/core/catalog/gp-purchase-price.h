/* gp-purchase-price.h — dated purchase prices of GPU servers and cards, as sources state them
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "gp-gpu.h"

G_BEGIN_DECLS

/**
 * GpPurchasePrice:
 * @item: what was priced, as the source names it (in English; shown translated, "purchase")
 * @price: its price, in @currency
 * @currency: an ISO 4217 code
 * @source: the address it was read at
 * @as_of: its date
 * @gpu_model: (nullable): the part of a GPU model's name it is of ("H200"), where it is one
 * @gpus: how many GPUs @price buys
 */
typedef struct
{
  char   *item;
  double  price;
  char   *currency;
  char   *source;
  char   *as_of;
  char   *gpu_model;
  guint   gpus;
} GpPurchasePrice;

void                   gp_purchase_price_free           (GpPurchasePrice *price);
GPtrArray             *gp_purchase_prices_new_bundled   (void);
GPtrArray             *gp_purchase_prices_new_from_bytes (GBytes         *bytes,
                                                          const char     *name,
                                                          GError        **error);
const GpPurchasePrice *gp_purchase_prices_lowest_per_gpu (GPtrArray      *prices,
                                                          GpGpu          *gpu,
                                                          const char     *currency,
                                                          double         *per_gpu);
const GpPurchasePrice *gp_purchase_prices_far_below     (GPtrArray      *prices,
                                                          GpGpu          *gpu,
                                                          const char     *currency,
                                                          double          price,
                                                          guint           gpus,
                                                          double         *entered_per_gpu,
                                                          double         *lowest_per_gpu);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GpPurchasePrice, gp_purchase_price_free)

G_END_DECLS
