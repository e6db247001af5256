/* gp-refresh-report.c — what a refresh did: each source's outcome and the prices that moved
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The summary compares every offer's on-demand price before and after, by instance and
 * region: how many changed, came and went, and the few largest moves in words.
 */

#include "config.h"

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

/**
 * gp_refresh_report_new:
 *
 * Returns: (transfer full): an empty report
 */
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

/**
 * gp_refresh_report_get_n_failed:
 * @report: a report
 *
 * Returns: how many sources could not be used
 */
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

/**
 * gp_refresh_report_snapshot_prices:
 * @catalog: the catalog, before or after a refresh
 *
 * Returns: (transfer full): every offer's on-demand price, by "INSTANCE REGION", for
 *   gp_refresh_report_summarize()
 */
GHashTable *
gp_refresh_report_snapshot_prices (GpCatalog *catalog)
{
  GHashTable *prices = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  GListModel *offers = gp_catalog_get_offers (catalog);

  for (guint i = 0; i < g_list_model_get_n_items (offers); i++)
    {
      g_autoptr(GpOffer) offer = g_list_model_get_item (offers, i);
      double *price = g_new (double, 1);

      *price = gp_offer_get_on_demand (offer);
      g_hash_table_insert (prices,
                           g_strdup_printf ("%s %s",
                                            gp_instance_get_id (gp_offer_get_instance (offer)),
                                            gp_offer_get_region_id (offer)),
                           price);
    }

  return prices;
}

typedef struct
{
  char   *key;
  double  before;
  double  after;
  double  change;
} Move;

static int
compare_moves (gconstpointer a,
               gconstpointer b)
{
  double x = fabs ((*(Move **) a)->change), y = fabs ((*(Move **) b)->change);
  return (x < y) - (x > y);
}

static void
move_free (gpointer data)
{
  Move *move = data;

  g_free (move->key);
  g_free (move);
}

/**
 * gp_refresh_report_summarize:
 * @report: the refresh's report
 * @before: the prices before, from gp_refresh_report_snapshot_prices()
 * @after: the prices after
 *
 * Counts the offers whose price changed, that are new and that are gone, and words the
 * largest moves.
 */
void
gp_refresh_report_summarize (GpRefreshReport *report,
                             GHashTable      *before,
                             GHashTable      *after)
{
  g_autoptr(GPtrArray) moves = g_ptr_array_new_with_free_func (move_free);
  GHashTableIter iter;
  gpointer key, value;

  g_hash_table_iter_init (&iter, after);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      double *old = g_hash_table_lookup (before, key);
      double now = *(double *) value;

      if (old == NULL)
        report->added++;
      else if (!isnan (*old) && !isnan (now) && *old != now)
        {
          Move *move = g_new (Move, 1);

          report->changed++;
          move->key = g_strdup (key);
          move->before = *old;
          move->after = now;
          move->change = *old > 0 ? (now - *old) / *old : 0;
          g_ptr_array_add (moves, move);
        }
    }

  g_hash_table_iter_init (&iter, before);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (!g_hash_table_contains (after, key))
      report->removed++;

  g_ptr_array_sort (moves, compare_moves);
  for (guint i = 0; i < MIN (moves->len, N_MOVES); i++)
    {
      Move *move = g_ptr_array_index (moves, i);

      g_ptr_array_add (report->moves,
                       g_strdup_printf ("%s: %.4g → %.4g (%+.0f%%)", move->key, move->before,
                                        move->after, 100 * move->change));
    }
}
