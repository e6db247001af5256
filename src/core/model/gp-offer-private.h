/* gp-offer-private.h — an offer's fields, for the model and the catalog that fills it
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "gp-offer.h"
#include "gp-region.h"
#include "gp-source.h"

G_BEGIN_DECLS

/* The price of a Capacity Block: GPUs booked ahead for whole days. Few offers have one, so it
 * hangs off the offer rather than widening all 100,000 of them. */
typedef struct
{
  double    per_hour;          /* per instance-hour of the block, in the instance's currency */
  char     *source_id;
  GpSource *source;
} GpCapacityBlock;

void gp_capacity_block_free (GpCapacityBlock *block);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GpCapacityBlock, gp_capacity_block_free)

/* The sources of the figures a price's own source does not date: an on-demand price a later
 * series confirms, a spot price from another file. Few offers have one, so it hangs off the
 * offer too. */
typedef struct
{
  char     *on_demand_id;
  GpSource *on_demand;
  char     *spot_id;
  GpSource *spot;
} GpPriceSources;

void gp_price_sources_free (GpPriceSources *sources);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GpPriceSources, gp_price_sources_free)

/* A catalog holds one per instance and region, 100,000 of them in a large one: the two 32-bit
 * fields share eight bytes, which keeps the object at 112 bytes rather than 128. */
struct _GpOffer
{
  GObject      parent_instance;
  GpInstance  *instance;       /* (unowned): the instance owns its offers */
  char        *region_id;      /* a GRefString, interned */
  GpRegion    *region;
  double       on_demand;
  double       spot_min;
  double       spot_max;
  double       reserved_1y;
  double       reserved_3y;
  char        *source_id;
  GpSource    *source;
  GpCapacityBlock *capacity_block;  /* nullable */
  GpPriceSources  *dated;           /* nullable */
  GpAnomaly    anomalies;
  guint        index;          /* its place in the file's prices array, for messages */
};

/* How far ahead a walk over 100,000 offers asks for the one it will read: more offers than the
 * caches hold, they lie anywhere in memory, and waiting for each in turn made a filter over them
 * take three times as long. */
#define GP_OFFER_PREFETCH_DISTANCE 16

/* Asks for @offer's two cache lines, to be read soon. */
static inline void
gp_offer_prefetch (gconstpointer offer)
{
  __builtin_prefetch (offer);
  __builtin_prefetch ((const char *) offer + 64);
}

GpOffer    *gp_offer_new_empty      (void);
gboolean    gp_offer_column_is_text (GpOfferColumn  column);
const char *gp_offer_get_column_text (GpOffer       *self,
                                     GpOfferColumn  column);

G_END_DECLS
