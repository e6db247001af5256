/* gp-offer-ranks.c — every offer's place in one column's order, to sort by in constant time
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A list view sorts by comparing two offers at a time, about 1.7 million times for 100,000
 * offers. Comparing their figures each time (gp_offer_compare()) costs too much for one
 * frame; so the order of the whole catalog by one column is worked out once, with the same
 * rules, and each comparison then reads two integers. Offers the ranks do not know (the
 * catalog changed since) fall back to gp_offer_compare(), which gives the same order.
 */

#include "config.h"

#include <math.h>

#include "gp-model-private.h"
#include "gp-offer-order.h"
#include "gp-offer-ranks.h"

struct _GpOfferRanks
{
  GPtrArray     *offers;      /* the catalog's offers when the ranks were made, in its order:
                               * its own array, which a catalog change replaces */
  guint32       *ranks;       /* per offer, by its position: equal figures share a rank */
  GpOfferColumn  column;
  gboolean       per_gpu;
  gboolean       descending;
  GpOfferOrder  *ordered;     /* the offers in rank order, made when first asked for */
};

G_DEFINE_BOXED_TYPE (GpOfferRanks, gp_offer_ranks, gp_offer_ranks_ref, gp_offer_ranks_unref)

static int
compare_positions (gconstpointer a,
                   gconstpointer b,
                   gpointer      user_data)
{
  GpOfferRanks *self = user_data;
  guint x = *(const guint *) a, y = *(const guint *) b;
  int order = gp_offer_compare (g_ptr_array_index (self->offers, x),
                                g_ptr_array_index (self->offers, y), self->column, self->per_gpu,
                                FALSE);

  return order != 0 ? order : (x > y) - (x < y);
}

/**
 * gp_offer_ranks_new:
 * @catalog: a #GpCatalog
 * @column: the column to order by
 * @per_gpu: whether prices count per GPU
 * @descending: whether the largest comes first; unknown figures come last either way
 *
 * Works out the order of the catalog's offers by @column, as gp_offer_compare() gives it.
 *
 * Returns: (transfer full): the ranks
 */
GpOfferRanks *
gp_offer_ranks_new (GpCatalog     *catalog,
                    GpOfferColumn  column,
                    gboolean       per_gpu,
                    gboolean       descending)
{
  GpOfferRanks *self;
  g_autofree guint *order = NULL;
  guint n;

  g_return_val_if_fail (GP_IS_CATALOG (catalog), NULL);

  self = g_rc_box_new0 (GpOfferRanks);
  self->column = column;
  self->per_gpu = per_gpu;
  self->descending = descending;
  self->offers = g_ptr_array_ref (gp_catalog_get_offer_array (catalog));
  n = self->offers->len;
  self->ranks = g_new (guint32, MAX (n, 1));
  order = g_new (guint, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    order[i] = i;

  /* A merge sort on positions, ties kept in catalog order; then each run of equal figures
   * gets one rank, so the list view keeps their order too. */
  g_qsort_with_data (order, n, sizeof (guint), compare_positions, self);

  for (guint i = 0, rank = 0; i < n; i++)
    {
      if (i > 0 && gp_offer_compare (g_ptr_array_index (self->offers, order[i - 1]),
                                     g_ptr_array_index (self->offers, order[i]), column,
                                     per_gpu, FALSE) != 0)
        rank = i;
      self->ranks[order[i]] = rank;
    }

  /* Descending: the known figures turn around; the unknown, ranked after them all, stay. */
  if (descending)
    {
      guint32 last_known = 0;
      gboolean any_known = FALSE;

      for (guint i = 0; i < n; i++)
        if (gp_offer_has_column_value (g_ptr_array_index (self->offers, i), column, per_gpu))
          {
            last_known = MAX (last_known, self->ranks[i]);
            any_known = TRUE;
          }
      for (guint i = 0; any_known && i < n; i++)
        if (gp_offer_has_column_value (g_ptr_array_index (self->offers, i), column, per_gpu))
          self->ranks[i] = last_known - self->ranks[i];
    }

  return self;
}

GpOfferRanks *
gp_offer_ranks_ref (GpOfferRanks *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return g_rc_box_acquire (self);
}

static void
clear_ranks (gpointer data)
{
  GpOfferRanks *self = data;

  g_clear_object (&self->ordered);
  g_ptr_array_unref (self->offers);
  g_free (self->ranks);
}

void
gp_offer_ranks_unref (GpOfferRanks *self)
{
  g_return_if_fail (self != NULL);
  g_rc_box_release_full (self, clear_ranks);
}

static inline gboolean
known_offer (GpOfferRanks *self,
             GpOffer      *offer)
{
  return offer->position < self->offers->len &&
         g_ptr_array_index (self->offers, offer->position) == offer;
}

/**
 * gp_offer_ranks_compare:
 * @self: the ranks
 * @a: an offer
 * @b: another offer
 *
 * Returns: what gp_offer_compare() returns for the ranks' column and direction
 */
int
gp_offer_ranks_compare (GpOfferRanks *self,
                        GpOffer      *a,
                        GpOffer      *b)
{
  guint32 x, y;

  if (G_UNLIKELY (!known_offer (self, a) || !known_offer (self, b)))
    return gp_offer_compare (a, b, self->column, self->per_gpu, self->descending);

  x = self->ranks[a->position];
  y = self->ranks[b->position];
  return (x > y) - (x < y);
}

/**
 * gp_offer_ranks_get_ordered:
 * @self: the ranks
 *
 * The offers the ranks were made for, in rank order; equal ranks in the catalog's order, as a
 * stable sort by gp_offer_ranks_compare() leaves them.
 *
 * Returns: (transfer none): a list model of #GpOffer
 */
GListModel *
gp_offer_ranks_get_ordered (GpOfferRanks *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  if (self->ordered == NULL)
    {
      guint n = self->offers->len;
      g_autofree guint32 *starts = g_new0 (guint32, n + 1);
      guint32 *positions = g_new (guint32, MAX (n, 1));

      /* A counting sort: every rank is below n. */
      for (guint i = 0; i < n; i++)
        starts[self->ranks[i] + 1]++;
      for (guint r = 1; r <= n; r++)
        starts[r] += starts[r - 1];
      for (guint i = 0; i < n; i++)
        positions[starts[self->ranks[i]]++] = i;

      self->ordered = gp_offer_order_new (self->offers, positions);
    }

  return G_LIST_MODEL (self->ordered);
}
