/* gp-quote-layer.h — prices a lab was quoted, as offers of the user's catalog layer
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "gp-catalog.h"
#include "gp-instance.h"

G_BEGIN_DECLS

/* Every quoted provider's id starts so: "quote-autodl". */
#define GP_QUOTE_PROVIDER_PREFIX "quote-"
/* The region of a quote that names none. */
#define GP_QUOTE_REGION_UNSTATED "unstated"

/**
 * GpQuote:
 * @id: (nullable): its instance id, "quote-autodl/rtx-4090-x1"; %NULL until it is added
 * @provider: who quoted it, as the user writes it: "AutoDL", "腾讯云", a reseller
 * @name: the machine's name in the quote
 * @gpu: its GPU model's id
 * @gpu_count: its GPUs
 * @currency: the currency of the price, ISO 4217
 * @terms: the price as it was given
 * @region: (nullable): where the machine is, as the quote says it
 * @as_of: the day of the quote, YYYY-MM-DD
 * @source: where it came from: a price page's address, "email from the sales team"
 * @reach: whether a lab in mainland China reaches it; in China unless the user says otherwise
 *
 * A rental price a lab was given or read on a price page.
 */
typedef struct
{
  char           *id;
  char           *provider;
  char           *name;
  char           *gpu;
  guint           gpu_count;
  char           *currency;
  GpQuoteTerms    terms;
  char           *region;
  char           *as_of;
  char           *source;
  GpReachability  reach;
} GpQuote;

GpQuote  *gp_quote_new                        (void);
GpQuote  *gp_quote_new_from_instance          (GpInstance     *instance);
void      gp_quote_free                       (GpQuote        *quote);
gboolean  gp_quote_check                      (const GpQuote  *quote,
                                               GError        **error);
gboolean  gp_instance_is_quote                (GpInstance     *instance);
GpGpu    *gp_quote_match_gpu                  (GListModel     *gpus,
                                               const char     *text);
gboolean  gp_quote_layer_add                  (JsonNode       *root,
                                               GpQuote        *quote,
                                               GError        **error);
gboolean  gp_quote_layer_remove               (JsonNode       *root,
                                               const char     *id,
                                               GError        **error);
GBytes   *gp_quote_layer_add_to_file          (GFile          *file,
                                               GPtrArray      *quotes,
                                               GCancellable   *cancellable,
                                               GError        **error);
gboolean  gp_quote_layer_add_to_catalog       (GpCatalog      *catalog,
                                               GFile          *file,
                                               GPtrArray      *quotes,
                                               GError        **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GpQuote, gp_quote_free)

G_END_DECLS
