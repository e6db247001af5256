/* gp-offer-sort-model.c — the catalog's offers, ordered by one column
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The Instances page lists every offer and sorts them when a column's header is clicked.
 * GTK 4.8's GtkSortListModel takes a reference to each of the 100,000 offers and compares them
 * on every such change, even when they arrive already in order. This model serves
 * the order the core worked out once for the whole catalog (GpOfferOrder): a change of column
 * is one items-changed over the new order, nothing done per offer. Blanks stay at the bottom
 * in either direction, which a column view inverting its sorter would not do either.
 *
 * It filters too (gp_offer_sort_model_set_filter): a GtkFilterListModel above it matched every
 * offer again after each sort, through a reference to each, though a sort changes no match. Here
 * each offer's match is kept by its place in the catalog, worked out when the filter changes, and a
 * new order is a walk over those places.
 */

#include "config.h"

#include "gp-model-private.h"
#include "gp-offer-order.h"
#include "gp-offer-sort-model.h"

/* Each order of 100,000 offers holds 400 KB: keep the few used last. */
#define MAX_CACHED_ORDERS 6

struct _GpOfferSortModel
{
  GObject        parent_instance;

  gboolean       active;
  GpOfferColumn  column;
  gboolean       descending;
  gboolean       per_gpu;
  GpCatalog     *catalog;
  GPtrArray     *offers;       /* the catalog's offers, as of its last change */
  GpOfferOrder  *order;        /* of the current column, direction and unit; NULL unsorted */
  GHashTable    *cache;        /* key → GpOfferOrder */
  GpOfferFilter *filter;
  guint8 *matches; /* by place in offers: whether the filter keeps it */
  GArray *shown;   /* places in offers, in order; NULL when every offer is shown */
};

static GType
gp_offer_sort_model_get_item_type (GListModel *model)
{
  return GP_TYPE_OFFER;
}

static guint
gp_offer_sort_model_get_n_items (GListModel *model)
{
  GpOfferSortModel *self = GP_OFFER_SORT_MODEL (model);

  if (self->shown != NULL)
    return self->shown->len;
  return self->offers != NULL ? self->offers->len : 0;
}

static gpointer
gp_offer_sort_model_get_item (GListModel *model,
                              guint       position)
{
  GpOfferSortModel *self = GP_OFFER_SORT_MODEL (model);

  if (self->shown != NULL)
    return position < self->shown->len
               ? g_object_ref (g_ptr_array_index (self->offers,
                                                  g_array_index (self->shown, guint32, position)))
               : NULL;
  if (self->order != NULL)
    return g_list_model_get_item (G_LIST_MODEL (self->order), position);
  if (self->offers == NULL || position >= self->offers->len)
    return NULL;

  return g_object_ref (g_ptr_array_index (self->offers, position));
}

static void
list_model_iface_init (GListModelInterface *iface)
{
  iface->get_item_type = gp_offer_sort_model_get_item_type;
  iface->get_n_items = gp_offer_sort_model_get_n_items;
  iface->get_item = gp_offer_sort_model_get_item;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (GpOfferSortModel, gp_offer_sort_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_iface_init))

static guint
cache_key (GpOfferSortModel *self)
{
  return 1 + (self->column << 2 | (self->per_gpu ? 2 : 0) | (self->descending ? 1 : 0));
}

/* The current order, from the cache or worked out now. */
static void
update_order (GpOfferSortModel *self)
{
  gpointer key = GUINT_TO_POINTER (cache_key (self));

  g_clear_object (&self->order);
  if (!self->active || self->catalog == NULL)
    return;

  self->order = g_hash_table_lookup (self->cache, key);
  if (self->order == NULL)
    {
      if (g_hash_table_size (self->cache) >= MAX_CACHED_ORDERS)
        g_hash_table_remove_all (self->cache);
      self->order = gp_offer_order_new (self->catalog, self->column, self->per_gpu,
                                        self->descending);
      g_hash_table_insert (self->cache, key, self->order);
    }
  g_object_ref (self->order);
}

/* Whether the filter keeps every offer, so that none is matched: no criterion set. */
static gboolean
keeps_all (GpOfferSortModel *self)
{
  return self->filter == NULL || (gp_offer_filter_get_active (self->filter) == 0 &&
                                  gp_offer_filter_get_include_zones (self->filter));
}

/* Each offer's match, by its place in the catalog. */
static void
update_matches (GpOfferSortModel *self)
{
  guint n = self->offers != NULL ? self->offers->len : 0;

  g_clear_pointer (&self->matches, g_free);
  if (keeps_all (self))
    return;
  self->matches = g_malloc (MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      if (i + GP_OFFER_PREFETCH_DISTANCE < n)
        gp_offer_prefetch (g_ptr_array_index (self->offers, i + GP_OFFER_PREFETCH_DISTANCE));
      self->matches[i] = gp_offer_filter_match (self->filter, g_ptr_array_index (self->offers, i));
    }
}

/* The places of the offers kept, in the current order: a walk, nothing matched again. */
static void
update_shown (GpOfferSortModel *self)
{
  const guint32 *positions =
      self->order != NULL ? gp_offer_order_get_positions (self->order) : NULL;
  guint n = self->offers != NULL ? self->offers->len : 0;
  guint kept = 0;

  g_clear_pointer (&self->shown, g_array_unref);
  if (self->matches == NULL)
    return;
  /* Written in place, not appended one call at a time: 100,000 calls were a fifth of a search. */
  self->shown = g_array_sized_new (FALSE, FALSE, sizeof (guint32), n);
  g_array_set_size (self->shown, n);
  for (guint i = 0; i < n; i++)
    {
      guint32 place = positions != NULL ? positions[i] : i;

      if (self->matches[place])
        g_array_index (self->shown, guint32, kept++) = place;
    }
  g_array_set_size (self->shown, kept);
}

/* Every item may have moved: one change over the whole model. */
static void
reorder (GpOfferSortModel *self)
{
  guint removed = gp_offer_sort_model_get_n_items (G_LIST_MODEL (self));

  update_order (self);
  update_shown (self);
  g_list_model_items_changed (G_LIST_MODEL (self), 0, removed,
                              gp_offer_sort_model_get_n_items (G_LIST_MODEL (self)));
}

static void
catalog_changed_cb (GpOfferSortModel *self)
{
  guint removed = gp_offer_sort_model_get_n_items (G_LIST_MODEL (self));

  g_hash_table_remove_all (self->cache);
  g_clear_pointer (&self->offers, g_ptr_array_unref);
  if (self->catalog != NULL)
    self->offers = g_ptr_array_ref (gp_catalog_get_offer_array (self->catalog));
  update_order (self);
  /* What the filter remembers of the old offers (each instance's cheapest region) is void. */
  if (self->filter != NULL)
    gp_offer_filter_forget_catalog (self->filter);
  update_matches (self);
  update_shown (self);
  g_list_model_items_changed (G_LIST_MODEL (self), 0, removed,
                              gp_offer_sort_model_get_n_items (G_LIST_MODEL (self)));
}

static void
gp_offer_sort_model_dispose (GObject *object)
{
  GpOfferSortModel *self = GP_OFFER_SORT_MODEL (object);

  g_clear_object (&self->order);
  g_clear_pointer (&self->cache, g_hash_table_unref);
  g_clear_pointer (&self->offers, g_ptr_array_unref);
  g_clear_pointer (&self->matches, g_free);
  g_clear_pointer (&self->shown, g_array_unref);
  g_clear_object (&self->filter);
  g_clear_object (&self->catalog);

  G_OBJECT_CLASS (gp_offer_sort_model_parent_class)->dispose (object);
}

static void
gp_offer_sort_model_class_init (GpOfferSortModelClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = gp_offer_sort_model_dispose;
}

static void
gp_offer_sort_model_init (GpOfferSortModel *self)
{
  self->cache = g_hash_table_new_full (NULL, NULL, NULL, g_object_unref);
}

GpOfferSortModel *
gp_offer_sort_model_new (void)
{
  return g_object_new (GP_TYPE_OFFER_SORT_MODEL, NULL);
}

void
gp_offer_sort_model_set_catalog (GpOfferSortModel *self,
                                 GpCatalog        *catalog)
{
  g_return_if_fail (GP_IS_OFFER_SORT_MODEL (self));
  g_return_if_fail (catalog == NULL || GP_IS_CATALOG (catalog));

  if (self->catalog != NULL)
    g_signal_handlers_disconnect_by_func (self->catalog, catalog_changed_cb, self);
  if (!g_set_object (&self->catalog, catalog))
    return;
  if (catalog != NULL)
    g_signal_connect_object (catalog, "changed", G_CALLBACK (catalog_changed_cb), self,
                             G_CONNECT_SWAPPED);
  catalog_changed_cb (self);
}

/* Equal figures keep the catalog's order, as a stable sort leaves them. */
void
gp_offer_sort_model_set_column (GpOfferSortModel *self,
                                gboolean          active,
                                GpOfferColumn     column,
                                gboolean          descending)
{
  g_return_if_fail (GP_IS_OFFER_SORT_MODEL (self));

  active = !!active;
  descending = !!descending;
  if (self->active == active && (!active || (self->column == column &&
                                             self->descending == descending)))
    return;

  self->active = active;
  self->column = column;
  self->descending = descending;
  reorder (self);
}

gboolean
gp_offer_sort_model_get_active (GpOfferSortModel *self)
{
  g_return_val_if_fail (GP_IS_OFFER_SORT_MODEL (self), FALSE);
  return self->active;
}

GpOfferColumn
gp_offer_sort_model_get_column (GpOfferSortModel *self)
{
  g_return_val_if_fail (GP_IS_OFFER_SORT_MODEL (self), 0);
  return self->column;
}

gboolean
gp_offer_sort_model_get_descending (GpOfferSortModel *self)
{
  g_return_val_if_fail (GP_IS_OFFER_SORT_MODEL (self), FALSE);
  return self->descending;
}

void
gp_offer_sort_model_set_per_gpu (GpOfferSortModel *self,
                                 gboolean          per_gpu)
{
  gboolean price_column;

  g_return_if_fail (GP_IS_OFFER_SORT_MODEL (self));

  per_gpu = !!per_gpu;
  if (self->per_gpu == per_gpu)
    return;

  self->per_gpu = per_gpu;
  price_column =
      self->column == GP_OFFER_COLUMN_ON_DEMAND || self->column == GP_OFFER_COLUMN_SPOT ||
      self->column == GP_OFFER_COLUMN_RESERVED_1Y || self->column == GP_OFFER_COLUMN_CAPACITY_BLOCK;
  if (self->active && price_column)
    reorder (self);
}

/* Whoever changes @filter calls gp_offer_sort_model_refilter() after. */
void
gp_offer_sort_model_set_filter (GpOfferSortModel *self,
                                GpOfferFilter    *filter)
{
  g_return_if_fail (GP_IS_OFFER_SORT_MODEL (self));
  g_return_if_fail (filter == NULL || GP_IS_OFFER_FILTER (filter));

  if (g_set_object (&self->filter, filter))
    gp_offer_sort_model_refilter (self);
}

/* Matches every offer against the filter again, after it changed: one change over the whole
 * model. */
void
gp_offer_sort_model_refilter (GpOfferSortModel *self)
{
  guint removed;

  g_return_if_fail (GP_IS_OFFER_SORT_MODEL (self));

  removed = gp_offer_sort_model_get_n_items (G_LIST_MODEL (self));
  update_matches (self);
  update_shown (self);
  g_list_model_items_changed (G_LIST_MODEL (self), 0, removed,
                              gp_offer_sort_model_get_n_items (G_LIST_MODEL (self)));
}
