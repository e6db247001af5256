/* gp-refresh-report.c — what a refresh did: each source's outcome and the prices that moved
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The summary compares every offer's on-demand and spot price before and after, by instance
 * and region: how many changed, came and went, and the few largest moves in words, each since
 * the date of the price it replaces.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "gp-refresh-report.h"

/* How many of the largest price moves the summary words. */
#define N_MOVES 5

static void
source_result_free (gpointer data)
{
  GpSourceResult *result = data;

  g_free (result->name);
  g_free (result->message);
  g_free (result->as_of);
  g_clear_pointer (&result->notes, g_ptr_array_unref);
  g_free (result);
}

GpRefreshReport *
gp_refresh_report_new (void)
{
  GpRefreshReport *report = g_new0 (GpRefreshReport, 1);

  report->sources = g_ptr_array_new_with_free_func (source_result_free);
  report->moves = g_ptr_array_new_with_free_func (g_free);
  return report;
}

void
gp_refresh_report_free (GpRefreshReport *report)
{
  if (report == NULL)
    return;

  g_ptr_array_unref (report->sources);
  g_ptr_array_unref (report->moves);
  g_free (report->history_problem);
  g_free (report);
}

guint
gp_refresh_report_get_n_failed (GpRefreshReport *report)
{
  guint failed = 0;

  for (guint i = 0; i < report->sources->len; i++)
    if (((GpSourceResult *) g_ptr_array_index (report->sources, i))->status ==
        GP_SOURCE_STATUS_FAILED)
      failed++;

  return failed;
}

/* An offer's prices as a refresh compares them. */
typedef struct
{
  char *label; /* "EC2 p5.48xlarge": the provider's short name and the instance's */
  char *region;
  double on_demand;
  double spot; /* the lowest, where a range */
  char *on_demand_as_of;
  char *spot_as_of;
} Snapshot;

static void
snapshot_free (gpointer data)
{
  Snapshot *snapshot = data;

  g_free (snapshot->label);
  g_free (snapshot->region);
  g_free (snapshot->on_demand_as_of);
  g_free (snapshot->spot_as_of);
  g_free (snapshot);
}

GHashTable *
gp_refresh_report_snapshot_prices (GpCatalog *catalog)
{
  GHashTable *prices = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, snapshot_free);
  GListModel *offers = gp_catalog_get_offers (catalog);

  for (guint i = 0; i < g_list_model_get_n_items (offers); i++)
    {
      g_autoptr(GpOffer) offer = g_list_model_get_item (offers, i);
      GpInstance *instance = gp_offer_get_instance (offer);
      GpProvider *provider = gp_offer_get_provider (offer);
      const char *short_name = gp_provider_get_short_name (provider);
      Snapshot *snapshot = g_new0 (Snapshot, 1);

      snapshot->label = g_strdup_printf (
          "%s %s", short_name != NULL ? short_name : gp_provider_get_name (provider),
          gp_instance_get_name (instance));
      snapshot->region = g_strdup (gp_offer_get_region_id (offer));
      snapshot->on_demand = gp_offer_get_on_demand (offer);
      snapshot->spot = gp_offer_get_spot_min (offer);
      snapshot->on_demand_as_of =
          g_strdup (gp_offer_get_price_as_of (offer, GP_ESTIMATE_PRICING_ON_DEMAND));
      snapshot->spot_as_of = g_strdup (gp_offer_get_price_as_of (offer, GP_ESTIMATE_PRICING_SPOT));
      g_hash_table_insert (
          prices, g_strdup_printf ("%s %s", gp_instance_get_id (instance), snapshot->region),
          snapshot);
    }

  return prices;
}

typedef struct
{
  const Snapshot *before;
  const Snapshot *after;
  gboolean spot;
  double change;
} Move;

static int
compare_moves (gconstpointer a,
               gconstpointer b)
{
  double x = fabs ((*(Move **) a)->change), y = fabs ((*(Move **) b)->change);
  return (x < y) - (x > y);
}

static void
add_move (GPtrArray      *moves,
          const Snapshot *before,
          const Snapshot *after,
          gboolean        spot)
{
  double old = spot ? before->spot : before->on_demand;
  double now = spot ? after->spot : after->on_demand;
  Move *move;

  if (isnan (old) || isnan (now) || old == now || old <= 0)
    return;
  move = g_new (Move, 1);
  move->before = before;
  move->after = after;
  move->spot = spot;
  move->change = (now - old) / old;
  g_ptr_array_add (moves, move);
}

/* "EC2 p5.48xlarge spot −12 % in us-east-1 since 2026-11-28 (55.04 → 48.43)": since the date
 * of the price it replaces, which is what the user last saw. */
static char *
describe_move (const Move *move)
{
  const char *since = move->spot ? move->before->spot_as_of : move->before->on_demand_as_of;
  double old = move->spot ? move->before->spot : move->before->on_demand;
  double now = move->spot ? move->after->spot : move->after->on_demand;
  /* A minus sign, not a hyphen, as a percentage is written. */
  g_autofree char *percent =
      g_strdup_printf ("%s%.0f %%", move->change < 0 ? "−" : "+", fabs (100 * move->change));
  g_autofree char *figures = g_strdup_printf ("%.4g → %.4g", old, now);

  if (since == NULL)
    return g_strdup_printf (move->spot ? _("%s spot %s in %s (%s)")
                                       : _("%s on demand %s in %s (%s)"),
                            move->after->label, percent, move->after->region, figures);
  /* Translators: "EC2 p5.48xlarge spot −12 % in us-east-1 since 2026-11-28 (55.04 → 48.43)":
   * the instance, the change, the region, the date of the price it replaces, the prices */
  return g_strdup_printf (move->spot ? _("%s spot %s in %s since %s (%s)")
                                     : _("%s on demand %s in %s since %s (%s)"),
                          move->after->label, percent, move->after->region, since, figures);
}

/* Counts the offers whose on-demand price changed, that are new and that are gone, and words
 * the largest moves of on-demand and spot prices, each with the date of the price it replaces. */
void
gp_refresh_report_summarize (GpRefreshReport *report,
                             GHashTable      *before,
                             GHashTable      *after)
{
  g_autoptr(GPtrArray) moves = g_ptr_array_new_with_free_func (g_free);
  GHashTableIter iter;
  gpointer key, value;

  g_hash_table_iter_init (&iter, after);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      const Snapshot *old = g_hash_table_lookup (before, key);
      const Snapshot *now = value;

      if (old == NULL)
        {
          report->added++;
          continue;
        }
      if (!isnan (old->on_demand) && !isnan (now->on_demand) && old->on_demand != now->on_demand)
        report->changed++;
      add_move (moves, old, now, FALSE);
      add_move (moves, old, now, TRUE);
    }

  g_hash_table_iter_init (&iter, before);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (!g_hash_table_contains (after, key))
      report->removed++;

  g_ptr_array_sort (moves, compare_moves);
  for (guint i = 0; i < MIN (moves->len, N_MOVES); i++)
    g_ptr_array_add (report->moves, describe_move (g_ptr_array_index (moves, i)));
}
