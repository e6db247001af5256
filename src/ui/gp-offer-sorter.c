/* gp-offer-sorter.c — orders the Instances page's offers by one column
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The column view's own sorter inverts its columns' order for a descending sort, which would
 * bring unknown figures to the top; this sorter asks the core for the order with the direction,
 * so that blanks stay at the bottom either way.
 */

#include "config.h"

#include "gp-offer.h"
#include "gp-offer-ranks.h"
#include "gp-offer-sorter.h"

/* Each set of ranks of 100,000 offers holds about a megabyte: keep the few used last. */
#define MAX_CACHED_RANKS 6

struct _GpOfferSorter
{
  GtkSorter      parent_instance;

  gboolean       active;
  GpOfferColumn  column;
  gboolean       descending;
  gboolean       per_gpu;
  GpCatalog     *catalog;
  GpOfferRanks  *ranks;        /* of the current column, direction and unit */
  GHashTable    *cache;        /* key → GpOfferRanks */
  GWeakRef       model;        /* the GtkSortListModel given the offers already in order */
};

G_DEFINE_FINAL_TYPE (GpOfferSorter, gp_offer_sorter, GTK_TYPE_SORTER)

static GtkOrdering
gp_offer_sorter_compare (GtkSorter *sorter,
                         gpointer   item1,
                         gpointer   item2)
{
  GpOfferSorter *self = GP_OFFER_SORTER (sorter);

  if (!self->active)
    return GTK_ORDERING_EQUAL;

  if (self->ranks != NULL)
    return gtk_ordering_from_cmpfunc (gp_offer_ranks_compare (self->ranks, item1, item2));

  return gtk_ordering_from_cmpfunc (gp_offer_compare (item1, item2, self->column, self->per_gpu,
                                                      self->descending));
}

static guint
cache_key (GpOfferSorter *self)
{
  return 1 + (self->column << 2 | (self->per_gpu ? 2 : 0) | (self->descending ? 1 : 0));
}

/* The ranks of the current order, from the cache or worked out now. */
static void
update_ranks (GpOfferSorter *self)
{
  gpointer key = GUINT_TO_POINTER (cache_key (self));

  g_clear_pointer (&self->ranks, gp_offer_ranks_unref);
  if (!self->active || self->catalog == NULL)
    return;

  self->ranks = g_hash_table_lookup (self->cache, key);
  if (self->ranks == NULL)
    {
      if (g_hash_table_size (self->cache) >= MAX_CACHED_RANKS)
        g_hash_table_remove_all (self->cache);
      self->ranks = gp_offer_ranks_new (self->catalog, self->column, self->per_gpu,
                                        self->descending);
      g_hash_table_insert (self->cache, key, self->ranks);
    }
  gp_offer_ranks_ref (self->ranks);
}

/* Gives the sort model the offers in the new order before it hears of the change: it then
 * finds them sorted in one pass, where sorting 100,000 offers afresh takes GTK 4.8 some
 * 100 ms of comparisons. */
static void
feed_model (GpOfferSorter *self)
{
  g_autoptr(GtkSortListModel) model = g_weak_ref_get (&self->model);
  GListModel *offers = NULL;

  if (model == NULL)
    return;

  if (self->ranks != NULL)
    offers = gp_offer_ranks_get_ordered (self->ranks);
  else if (self->catalog != NULL)
    offers = gp_catalog_get_offers (self->catalog);
  gtk_sort_list_model_set_model (model, offers);
}

static void
changed (GpOfferSorter *self)
{
  update_ranks (self);
  feed_model (self);
  gtk_sorter_changed (GTK_SORTER (self), GTK_SORTER_CHANGE_DIFFERENT);
}

static void
catalog_changed_cb (GpOfferSorter *self)
{
  g_hash_table_remove_all (self->cache);
  if (self->active)
    changed (self);
  else
    feed_model (self);
}

static void
gp_offer_sorter_dispose (GObject *object)
{
  GpOfferSorter *self = GP_OFFER_SORTER (object);

  g_clear_pointer (&self->ranks, gp_offer_ranks_unref);
  g_clear_pointer (&self->cache, g_hash_table_unref);
  g_clear_object (&self->catalog);

  G_OBJECT_CLASS (gp_offer_sorter_parent_class)->dispose (object);
}

static void
gp_offer_sorter_finalize (GObject *object)
{
  g_weak_ref_clear (&GP_OFFER_SORTER (object)->model);

  G_OBJECT_CLASS (gp_offer_sorter_parent_class)->finalize (object);
}

static GtkSorterOrder
gp_offer_sorter_get_order (GtkSorter *sorter)
{
  return GP_OFFER_SORTER (sorter)->active ? GTK_SORTER_ORDER_PARTIAL : GTK_SORTER_ORDER_NONE;
}

static void
gp_offer_sorter_class_init (GpOfferSorterClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkSorterClass *sorter_class = GTK_SORTER_CLASS (klass);

  object_class->dispose = gp_offer_sorter_dispose;
  object_class->finalize = gp_offer_sorter_finalize;
  sorter_class->compare = gp_offer_sorter_compare;
  sorter_class->get_order = gp_offer_sorter_get_order;
}

static void
gp_offer_sorter_init (GpOfferSorter *self)
{
  self->cache = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) gp_offer_ranks_unref);
  g_weak_ref_init (&self->model, NULL);
}

/**
 * gp_offer_sorter_set_catalog:
 * @self: a #GpOfferSorter
 * @catalog: (nullable): the catalog whose offers are sorted: their order by a column is worked
 *   out once for the whole catalog, and again when it changes
 */
void
gp_offer_sorter_set_catalog (GpOfferSorter *self,
                             GpCatalog     *catalog)
{
  g_return_if_fail (GP_IS_OFFER_SORTER (self));

  if (self->catalog != NULL)
    g_signal_handlers_disconnect_by_func (self->catalog, catalog_changed_cb, self);
  if (!g_set_object (&self->catalog, catalog))
    return;
  if (catalog != NULL)
    g_signal_connect_object (catalog, "changed", G_CALLBACK (catalog_changed_cb), self,
                             G_CONNECT_SWAPPED);
  catalog_changed_cb (self);
}

GpOfferSorter *
gp_offer_sorter_new (void)
{
  return g_object_new (GP_TYPE_OFFER_SORTER, NULL);
}

/**
 * gp_offer_sorter_new_model:
 * @self: a #GpOfferSorter
 *
 * A sort model of the catalog's offers in this sorter's order. The sorter keeps it: when the
 * order or the catalog changes, it gives the model the offers already in the new order, which
 * the model's sort then only checks. One model per sorter; a new one takes the place of the
 * last.
 *
 * Returns: (transfer full): the sort model
 */
GtkSortListModel *
gp_offer_sorter_new_model (GpOfferSorter *self)
{
  GtkSortListModel *model;

  g_return_val_if_fail (GP_IS_OFFER_SORTER (self), NULL);

  model = gtk_sort_list_model_new (NULL, g_object_ref (GTK_SORTER (self)));
  g_weak_ref_set (&self->model, model);
  feed_model (self);
  return model;
}

/**
 * gp_offer_sorter_set_column:
 * @self: a #GpOfferSorter
 * @active: whether to sort at all; the catalog's order otherwise
 * @column: the column to sort by
 * @descending: whether the largest comes first
 */
void
gp_offer_sorter_set_column (GpOfferSorter *self,
                            gboolean       active,
                            GpOfferColumn  column,
                            gboolean       descending)
{
  g_return_if_fail (GP_IS_OFFER_SORTER (self));

  active = !!active;
  descending = !!descending;
  if (self->active == active && (!active || (self->column == column &&
                                             self->descending == descending)))
    return;

  self->active = active;
  self->column = column;
  self->descending = descending;
  changed (self);
}

gboolean
gp_offer_sorter_get_active (GpOfferSorter *self)
{
  g_return_val_if_fail (GP_IS_OFFER_SORTER (self), FALSE);
  return self->active;
}

GpOfferColumn
gp_offer_sorter_get_column (GpOfferSorter *self)
{
  g_return_val_if_fail (GP_IS_OFFER_SORTER (self), 0);
  return self->column;
}

gboolean
gp_offer_sorter_get_descending (GpOfferSorter *self)
{
  g_return_val_if_fail (GP_IS_OFFER_SORTER (self), FALSE);
  return self->descending;
}

/**
 * gp_offer_sorter_set_per_gpu:
 * @self: a #GpOfferSorter
 * @per_gpu: whether prices count per GPU: the order of the price columns changes with it
 */
void
gp_offer_sorter_set_per_gpu (GpOfferSorter *self,
                             gboolean       per_gpu)
{
  gboolean price_column;

  g_return_if_fail (GP_IS_OFFER_SORTER (self));

  per_gpu = !!per_gpu;
  if (self->per_gpu == per_gpu)
    return;

  self->per_gpu = per_gpu;
  price_column = self->column == GP_OFFER_COLUMN_ON_DEMAND || self->column == GP_OFFER_COLUMN_SPOT ||
                 self->column == GP_OFFER_COLUMN_RESERVED_1Y;
  if (self->active && price_column)
    changed (self);
}
