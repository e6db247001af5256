/* gp-estimate-list-sort.c — the estimate list's order: its rows by cost, cheapest first, then
 * by how far each is demoted
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "gp-estimate-list-private.h"

/* The order of the rows, cheapest first. The key is the total as a single-precision float,
 * whose bits sort as unsigned integers for non-negative values, and a stable LSD radix sort
 * orders it in four passes; runs of equal keys are then put right by insertion, which orders
 * equal totals the faster first. Ties of both keep the catalog's order. */
typedef struct
{
  guint32 key;
  guint32 index;
} RadixItem;

static guint32
float_bits (double value)
{
  float narrow = value > 0 ? (float) value : 0; /* 0, -0 and NaN first */
  guint32 bits;

  memcpy (&bits, &narrow, sizeof bits);
  return bits;
}

static void
radix_pass (RadixItem *from,
            RadixItem *to,
            guint      n,
            guint      shift)
{
  guint counts[1 << 8] = { 0 };
  guint offset = 0;

  for (guint i = 0; i < n; i++)
    counts[(from[i].key >> shift) & 0xff]++;
  for (guint d = 0; d < G_N_ELEMENTS (counts); d++)
    {
      guint count = counts[d];
      counts[d] = offset;
      offset += count;
    }
  for (guint i = 0; i < n; i++)
    to[counts[(from[i].key >> shift) & 0xff]++] = from[i];
}

#define SMALL_SORT 64

static void
insertion_sort (RadixItem *items,
                guint      n)
{
  for (guint i = 1; i < n; i++)
    {
      RadixItem item = items[i];
      guint j = i;

      for (; j > 0 && items[j - 1].key > item.key; j--)
        items[j] = items[j - 1];
      items[j] = item;
    }
}

static gboolean
ranked_before (const Ranked *a,
               const Ranked *b)
{
  return a->total < b->total || (a->total == b->total && a->wall < b->wall);
}

/* A stable partition by demotion: the order among rows of one rank stays the cost's. @ranks
 * are the rows' ranks, copied in the rows' order: read in the cost's order, they are looked up
 * all over a small array instead of all over the rows, a cache miss each. */
static void
demote (GpEstimateList *self,
        const guint8   *ranks)
{
  guint32 *order = (guint32 *) (gpointer) self->order->data;
  GArray *demoted[N_RANKS] = { NULL };
  guint kept = 0;

  for (guint i = 0; i < self->order->len; i++)
    {
      guint rank = ranks[order[i]];

      if (rank == RANK_PLAIN)
        {
          order[kept++] = order[i];
          continue;
        }
      if (demoted[rank] == NULL)
        demoted[rank] = g_array_new (FALSE, FALSE, sizeof (guint32));
      g_array_append_val (demoted[rank], order[i]);
    }

  for (guint rank = RANK_DOUBTFUL; rank < N_RANKS; rank++)
    {
      if (rank == RANK_GPU_ONLY)
        self->n_options = kept;
      if (demoted[rank] == NULL)
        continue;
      memcpy (order + kept, demoted[rank]->data, demoted[rank]->len * sizeof (guint32));
      kept += demoted[rank]->len;
      g_array_unref (demoted[rank]);
    }
}

void
_gp_estimate_list_sort_rows (GpEstimateList *self)
{
  guint n = self->rows->len;
  g_autofree RadixItem *items = g_new (RadixItem, n);
  g_autofree RadixItem *scratch = g_new (RadixItem, n);
  g_autofree guint8 *ranks = g_new (guint8, n);
  const Ranked *rows = (const Ranked *) (gpointer) self->rows->data;
  guint32 *order;

  for (guint i = 0; i < n; i++)
    {
      items[i] = (RadixItem){ float_bits (rows[i].total), i };
      ranks[i] = rows[i].rank;
    }

  /* Four passes of 8 bits cover the 32-bit key and end back in @items; 256 buckets keep the
   * scattered writes in the cache, which 2,048 did not. A few rows (one instance's, for a
   * plan's phase) are put in the same stable order by insertion, without the buckets. */
  if (n <= SMALL_SORT)
    insertion_sort (items, n);
  else
    {
      radix_pass (items, scratch, n, 0);
      radix_pass (scratch, items, n, 8);
      radix_pass (items, scratch, n, 16);
      radix_pass (scratch, items, n, 24);
    }

  g_array_set_size (self->order, n);
  order = (guint32 *) (gpointer) self->order->data;
  for (guint i = 0; i < n; i++)
    order[i] = items[i].index;

  /* Rounding to single precision keeps the order (a < b gives float (a) ≤ float (b)), so only
   * runs of equal keys may be out of order in double precision, or need the faster first:
   * they are short, and sorted by insertion. Other neighbours are never looked up. */
  for (guint start = 0; start < n;)
    {
      guint end = start + 1;

      while (end < n && items[end].key == items[start].key)
        end++;

      for (guint i = start + 1; i < end; i++)
        for (guint j = i; j > start && ranked_before (&rows[order[j]], &rows[order[j - 1]]); j--)
          {
            guint32 swap = order[j];
            order[j] = order[j - 1];
            order[j - 1] = swap;
          }

      start = end;
    }

  demote (self, ranks);
}
