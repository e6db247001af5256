/* gp-price-history.h — offers' prices over time: the bundled series and the user's own
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/**
 * GpPricePoint:
 * @date: the day the prices were current, YYYY-MM-DD
 * @on_demand: the on-demand price an hour, NAN when the series has none
 * @spot: the spot price an hour (the lowest of the region's zones), NAN when none
 * @source: what the point comes from, as a title a person reads
 * @capacity_block: the price an instance-hour of a Capacity Block (GPUs booked ahead for whole
 *   days), NAN when none
 *
 * One dated point of an offer's price series, in the offer's currency.
 */
typedef struct
{
  char        date[11];
  double      on_demand;
  double      spot;
  const char *source;
  double      capacity_block;
} GpPricePoint;

#define GP_TYPE_PRICE_HISTORY (gp_price_history_get_type ())

G_DECLARE_FINAL_TYPE (GpPriceHistory, gp_price_history, GP, PRICE_HISTORY, GObject)

GpPriceHistory *gp_price_history_new             (void);
GpPriceHistory *gp_price_history_new_bundled     (void);
gboolean        gp_price_history_add_bytes       (GpPriceHistory  *self,
                                                  GBytes          *bytes,
                                                  const char      *name,
                                                  gboolean         own,
                                                  GError         **error);
GArray         *gp_price_history_lookup          (GpPriceHistory  *self,
                                                  const char      *offer_id);
gboolean        gp_price_history_record          (GpPriceHistory  *self,
                                                  const char      *offer_id,
                                                  const char      *date,
                                                  double           on_demand,
                                                  double           spot,
                                                  const char      *source);
char           *gp_price_history_to_json         (GpPriceHistory  *self);
GFile          *gp_price_history_get_user_file   (void);
gboolean        gp_price_history_load_user       (GpPriceHistory  *self,
                                                  GError         **error);
gboolean        gp_price_history_load_from       (GpPriceHistory  *self,
                                                  GFile           *file,
                                                  GError         **error);
gboolean        gp_price_history_save_user       (GpPriceHistory  *self,
                                                  GError         **error);
gboolean        gp_price_history_save_to         (GpPriceHistory  *self,
                                                  GFile           *file,
                                                  GError         **error);

G_END_DECLS
