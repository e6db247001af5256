/* gp-offer-order.c — the catalog's offers in the order of one column
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Sorting 100,000 offers by comparing their figures (gp_offer_compare()) takes longer than a
 * frame; so the order of the whole catalog by one column is worked out once, with the same
 * rules, and kept for as long as the catalog does not change: GpOfferSortModel serves it again
 * each time the user comes back to that column. The model holds the catalog's array of offers
 * and, for each item, its position there.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "gp-model-private.h"
#include "gp-offer-order.h"

struct _GpOfferOrder
{
  GObject    parent_instance;

  GPtrArray *offers;     /* in the catalog's order */
  guint32   *positions;  /* in offers, one per item, in this model's order */
};

static GType
gp_offer_order_get_item_type (GListModel *model)
{
  return GP_TYPE_OFFER;
}

static guint
gp_offer_order_get_n_items (GListModel *model)
{
  return GP_OFFER_ORDER (model)->offers->len;
}

static gpointer
gp_offer_order_get_item (GListModel *model,
                         guint       position)
{
  GpOfferOrder *self = GP_OFFER_ORDER (model);

  if (position >= self->offers->len)
    return NULL;

  /* Filter models and views read the items one after another, and in a column's order the
   * offers lie anywhere in memory: each is fetched ahead of its turn. */
  if (position + GP_OFFER_PREFETCH_DISTANCE < self->offers->len)
    gp_offer_prefetch (
        g_ptr_array_index (self->offers, self->positions[position + GP_OFFER_PREFETCH_DISTANCE]));

  return g_object_ref (g_ptr_array_index (self->offers, self->positions[position]));
}

static void
list_model_iface_init (GListModelInterface *iface)
{
  iface->get_item_type = gp_offer_order_get_item_type;
  iface->get_n_items = gp_offer_order_get_n_items;
  iface->get_item = gp_offer_order_get_item;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (GpOfferOrder, gp_offer_order, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_iface_init))

static void
gp_offer_order_finalize (GObject *object)
{
  GpOfferOrder *self = GP_OFFER_ORDER (object);

  g_clear_pointer (&self->offers, g_ptr_array_unref);
  g_clear_pointer (&self->positions, g_free);

  G_OBJECT_CLASS (gp_offer_order_parent_class)->finalize (object);
}

static void
gp_offer_order_class_init (GpOfferOrderClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = gp_offer_order_finalize;
}

static void
gp_offer_order_init (GpOfferOrder *self)
{
}

/* An offer's key in the column, read once, as one integer that orders as gp_offer_compare()
 * does: the known figures, then the unknown, then offers without an instance. Sorting then
 * moves these, side by side in one array, rather than comparing two offers from anywhere in
 * memory 1.7 million times. */
typedef struct
{
  guint64 key;
  guint32 position; /* in the catalog's offers: ties keep that order */
} Entry;

#define UNKNOWN_KEY     (G_MAXUINT64 - 1)
#define NO_INSTANCE_KEY G_MAXUINT64

/* A double as an integer of the same order: IEEE 754 numbers order as their bits once a
 * negative one has every bit turned over and a positive one its sign bit. The largest, +inf,
 * stays below UNKNOWN_KEY. */
static guint64
number_key (double value)
{
  guint64 bits;

  if (value == 0)
    value = 0; /* −0 and +0 are equal figures */
  memcpy (&bits, &value, sizeof bits);
  return bits & (G_GUINT64_CONSTANT (1) << 63) ? ~bits : bits | (G_GUINT64_CONSTANT (1) << 63);
}

static gboolean
keys_equal (const Entry *x,
            const Entry *y)
{
  return x->key == y->key && x->key < UNKNOWN_KEY;
}

static int
compare_texts (gconstpointer a,
               gconstpointer b)
{
  return g_ascii_strcasecmp (*(const char *const *) a, *(const char *const *) b);
}

/* The texts of a column as ranks: the catalog has far fewer texts than offers (its instances'
 * and regions' names, shared by their offers), so they are sorted once each, and texts equal
 * but for case share a rank. */
static void
read_text_keys (Entry     *entries,
                GPtrArray *offers,
                GpOfferColumn column)
{
  g_autoptr(GHashTable) ranks = g_hash_table_new (NULL, NULL);
  g_autoptr(GPtrArray) texts = g_ptr_array_new ();
  g_autofree const char **text_of = g_new (const char *, MAX (offers->len, 1));
  const char *last = NULL;
  guint64 last_rank = 0, rank = 0;

  /* Each offer's text is read once, and kept for the ranks below. */
  for (guint i = 0; i < offers->len; i++)
    {
      GpOffer *offer = g_ptr_array_index (offers, i);
      gboolean has_instance = gp_offer_get_instance (offer) != NULL;

      text_of[i] = has_instance ? gp_offer_get_column_text (offer, column) : NULL;
      entries[i].key = !has_instance ? NO_INSTANCE_KEY : text_of[i] == NULL ? UNKNOWN_KEY : 0;
      if (text_of[i] != NULL && g_hash_table_add (ranks, (gpointer) text_of[i]))
        g_ptr_array_add (texts, (gpointer) text_of[i]);
    }

  g_ptr_array_sort (texts, compare_texts);
  for (guint i = 0; i < texts->len; i++)
    {
      if (i > 0 &&
          g_ascii_strcasecmp (g_ptr_array_index (texts, i - 1), g_ptr_array_index (texts, i)) != 0)
        rank++;
      g_hash_table_insert (ranks, g_ptr_array_index (texts, i), GSIZE_TO_POINTER (rank));
    }

  /* An instance's offers follow one another in the catalog: most lookups are the one before. */
  for (guint i = 0; i < offers->len; i++)
    if (text_of[i] != NULL)
      {
        if (text_of[i] != last)
          {
            last = text_of[i];
            last_rank = GPOINTER_TO_SIZE (g_hash_table_lookup (ranks, last));
          }
        entries[i].key = last_rank;
      }
}

static void
read_number_keys (Entry         *entries,
                  GPtrArray     *offers,
                  GpOfferColumn  column,
                  gboolean       per_gpu)
{
  for (guint i = 0; i < offers->len; i++)
    {
      GpOffer *offer = g_ptr_array_index (offers, i);
      double value;

      if (gp_offer_get_instance (offer) == NULL)
        {
          entries[i].key = NO_INSTANCE_KEY;
          continue;
        }
      value = gp_offer_get_column_value (offer, column, per_gpu, 1);
      entries[i].key = isnan (value) ? UNKNOWN_KEY : number_key (value);
    }
}

/* Sorts @entries by key, stably, a byte of the key at a time from the lowest (a radix sort:
 * eight passes over the array, none where every key has the same byte), in place of 1.7
 * million comparisons for 100,000 offers. */
static void
sort_entries (Entry *entries,
              guint  n)
{
  g_autofree Entry *spare = g_new (Entry, MAX (n, 1));
  Entry *from = entries, *to = spare;

  for (guint shift = 0; shift < 64; shift += 8)
    {
      guint starts[256] = { 0 };
      gboolean one_bucket = FALSE;

      for (guint i = 0; i < n; i++)
        starts[(from[i].key >> shift) & 0xff]++;
      for (guint b = 0, total = 0; b < 256; b++)
        {
          guint count = starts[b];

          one_bucket |= count == n;
          starts[b] = total;
          total += count;
        }
      if (one_bucket)
        continue;
      for (guint i = 0; i < n; i++)
        to[starts[(from[i].key >> shift) & 0xff]++] = from[i];
      {
        Entry *swap = from;

        from = to;
        to = swap;
      }
    }
  if (from != entries)
    memcpy (entries, from, n * sizeof (Entry));
}

/* The positions of the entries, sorted ascending, in the order @descending asks for:
 * descending, the runs of equal known keys come in reverse, each in catalog order, and the
 * unknown stay after them, as gp_offer_compare() orders them. */
static guint32 *
positions_of (const Entry *entries,
              guint        n,
              gboolean     descending)
{
  guint32 *positions = g_new (guint32, MAX (n, 1));
  guint known = 0, k = 0;

  if (!descending)
    {
      for (guint i = 0; i < n; i++)
        positions[i] = entries[i].position;
      return positions;
    }

  while (known < n && entries[known].key < UNKNOWN_KEY)
    known++;
  for (guint end = known; end > 0;)
    {
      guint start = end - 1;

      while (start > 0 && keys_equal (&entries[start - 1], &entries[end - 1]))
        start--;
      for (guint i = start; i < end; i++)
        positions[k++] = entries[i].position;
      end = start;
    }
  for (guint i = known; i < n; i++)
    positions[k++] = entries[i].position;

  return positions;
}

/* The catalog's offers in the order gp_offer_compare() gives them by @column, as a stable
 * sort leaves them: equal figures in the catalog's order. The model keeps the offers as they
 * were; a catalog change needs a new one. */
GpOfferOrder *
gp_offer_order_new (GpCatalog     *catalog,
                    GpOfferColumn  column,
                    gboolean       per_gpu,
                    gboolean       descending)
{
  GpOfferOrder *self;
  g_autofree Entry *entries = NULL;
  guint n;

  g_return_val_if_fail (GP_IS_CATALOG (catalog), NULL);

  self = g_object_new (GP_TYPE_OFFER_ORDER, NULL);
  self->offers = g_ptr_array_ref (gp_catalog_get_offer_array (catalog));
  n = self->offers->len;
  entries = g_new (Entry, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    entries[i].position = i;
  if (gp_offer_column_is_text (column))
    read_text_keys (entries, self->offers, column);
  else
    read_number_keys (entries, self->offers, column, per_gpu);

  /* A stable sort: ties are kept in catalog order. */
  sort_entries (entries, n);
  self->positions = positions_of (entries, n, descending);

  return self;
}

const guint32 *
gp_offer_order_get_positions (GpOfferOrder *self)
{
  g_return_val_if_fail (GP_IS_OFFER_ORDER (self), NULL);

  return self->positions;
}
