/* gp-offer-ranks.c — every offer's place in one column's order
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Sorting 100,000 offers by comparing their figures (gp_offer_compare()) takes longer than a
 * frame; so the order of the whole catalog by one column is worked out once, with the same
 * rules, and kept for as long as the catalog does not change: GpOfferSortModel serves it
 * again each time the user comes back to that column.
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

/* An offer's key in the column, read once: sorting then compares these, side by side in one
 * array, rather than reading two offers from anywhere in memory 1.7 million times. */
typedef struct
{
  union
  {
    double      number;
    const char *text;
  } key;
  guint32 group;     /* the order gp_offer_compare() gives: KNOWN, then UNKNOWN, then NO_INSTANCE */
  guint32 position;  /* in the catalog's offers: ties keep that order */
} Entry;

enum { KNOWN, UNKNOWN, NO_INSTANCE };

static int
compare_keys (const Entry *x,
              const Entry *y,
              gboolean     text)
{
  if (x->group != y->group)
    return x->group < y->group ? -1 : 1;
  if (x->group != KNOWN)
    return 0;
  if (text)
    {
      int order = g_ascii_strcasecmp (x->key.text, y->key.text);

      return (order > 0) - (order < 0);
    }
  return (x->key.number > y->key.number) - (x->key.number < y->key.number);
}

static int
compare_entries (gconstpointer a,
                 gconstpointer b,
                 gpointer      text)
{
  const Entry *x = a, *y = b;
  int order = compare_keys (x, y, GPOINTER_TO_INT (text));

  return order != 0 ? order : (x->position > y->position) - (x->position < y->position);
}

static void
read_key (Entry         *entry,
          GpOffer       *offer,
          GpOfferColumn  column,
          gboolean       per_gpu,
          gboolean       text)
{
  if (gp_offer_get_instance (offer) == NULL)
    entry->group = NO_INSTANCE;
  else if (text)
    {
      entry->key.text = gp_offer_get_column_text (offer, column);
      entry->group = entry->key.text != NULL ? KNOWN : UNKNOWN;
    }
  else
    {
      entry->key.number = gp_offer_get_column_value (offer, column, per_gpu, 1);
      entry->group = !isnan (entry->key.number) ? KNOWN : UNKNOWN;
    }
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
  g_autofree Entry *entries = NULL;
  gboolean text = gp_offer_column_is_text (column);
  guint n;

  g_return_val_if_fail (GP_IS_CATALOG (catalog), NULL);

  self = g_rc_box_new0 (GpOfferRanks);
  self->column = column;
  self->per_gpu = per_gpu;
  self->descending = descending;
  self->offers = g_ptr_array_ref (gp_catalog_get_offer_array (catalog));
  n = self->offers->len;
  self->ranks = g_new (guint32, MAX (n, 1));
  entries = g_new (Entry, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      read_key (&entries[i], g_ptr_array_index (self->offers, i), column, per_gpu, text);
      entries[i].position = i;
    }

  /* Ties are kept in catalog order; then each run of equal keys gets one rank, so the list
   * keeps their order too. */
  g_qsort_with_data (entries, n, sizeof (Entry), compare_entries, GINT_TO_POINTER (text));

  for (guint i = 0, rank = 0; i < n; i++)
    {
      if (i > 0 && compare_keys (&entries[i - 1], &entries[i], text) != 0)
        rank = i;
      self->ranks[entries[i].position] = rank;
    }

  /* Descending: the known keys turn around; the unknown, ranked after them all, stay. */
  if (descending)
    {
      guint32 last_known = 0;
      gboolean any_known = FALSE;

      for (guint i = 0; i < n; i++)
        if (entries[i].group == KNOWN)
          {
            last_known = self->ranks[entries[i].position];
            any_known = TRUE;
          }
      for (guint i = 0; any_known && i < n && entries[i].group == KNOWN; i++)
        self->ranks[entries[i].position] = last_known - self->ranks[entries[i].position];
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
