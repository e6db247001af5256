/* gp-offer-rows.c — the Instances table's rows over its offers, kept when they are filtered
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * GTK 4.8's list views make a row's widgets again for every item that is new to them: a
 * filter or a sort replaces most of the offers, and each change would make and tear down
 * about fifty rows of a dozen cells. This model stands between: its items are rows by position,
 * GpOfferRow, each showing the offer now at its place. When the offers change, the rows someone
 * holds (those on screen) are given their new offers and "refreshed" is emitted, so that their
 * cells are filled in again; the view is told of nothing but a longer or shorter tail.
 *
 * When no offer is left (a search that matches nothing), the page shows why instead of the
 * table, and the rows are kept as they were, hidden, until offers come back: typing on past a
 * miss would otherwise tear every row down and make it again.
 */

#include "config.h"

#include "gp-offer-rows.h"

struct _GpOfferRows
{
  GObject parent_instance;

  GListModel *offers;
  guint n_items;       /* as the view was last told */
  GHashTable *alive;   /* position → GpOfferRow, the rows someone holds (not a ref) */
  gboolean refreshing; /* the rows are being given their new offers */
  gboolean held;       /* no offer is left: the rows stay as they were, hidden */
};

static void gp_offer_rows_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (GpOfferRows, gp_offer_rows, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL,
                                                      gp_offer_rows_list_model_init))

enum
{
  REFRESHED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
row_gone_cb (gpointer  data,
             GObject  *where_the_row_was)
{
  GpOfferRows *self = data;
  guint position = gp_offer_row_get_position ((GpOfferRow *) where_the_row_was);

  if (g_hash_table_lookup (self->alive, GUINT_TO_POINTER (position)) == where_the_row_was)
    g_hash_table_remove (self->alive, GUINT_TO_POINTER (position));
}

static GType
gp_offer_rows_get_item_type (GListModel *model)
{
  return GP_TYPE_OFFER_ROW;
}

static guint
gp_offer_rows_get_n_items (GListModel *model)
{
  return GP_OFFER_ROWS (model)->n_items;
}

static gpointer
gp_offer_rows_get_item (GListModel *model,
                        guint       position)
{
  GpOfferRows *self = GP_OFFER_ROWS (model);
  GpOfferRow *row;

  if (position >= self->n_items)
    return NULL;
  row = g_hash_table_lookup (self->alive, GUINT_TO_POINTER (position));
  if (row != NULL)
    return g_object_ref (row);

  row = gp_offer_row_new (position, g_list_model_get_item (self->offers, position));
  g_object_weak_ref (G_OBJECT (row), row_gone_cb, self);
  g_hash_table_insert (self->alive, GUINT_TO_POINTER (position), row);
  return row;
}

static void
gp_offer_rows_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = gp_offer_rows_get_item_type;
  iface->get_n_items = gp_offer_rows_get_n_items;
  iface->get_item = gp_offer_rows_get_item;
}

/* The rows held are given the offers now at their places; the view hears only of the tail. */
static void
offers_changed_cb (GpOfferRows *self,
                   guint        position,
                   guint        removed,
                   guint        added)
{
  guint old_n = self->n_items;
  guint new_n = g_list_model_get_n_items (self->offers);
  g_autoptr(GPtrArray) moved = g_ptr_array_new_with_free_func (g_object_unref);
  GHashTableIter iter;
  gpointer key, row;

  if (new_n == 0 && old_n > 0)
    {
      self->held = TRUE;
      return;
    }
  if (self->held)
    {
      /* Whatever came and went while none was left, every row may show another offer now. */
      position = 0;
      self->held = FALSE;
    }

  self->refreshing = TRUE;
  /* Held while they are told, in case one is let go of on hearing it. */
  g_hash_table_iter_init (&iter, self->alive);
  while (g_hash_table_iter_next (&iter, &key, &row))
    if (GPOINTER_TO_UINT (key) >= position && GPOINTER_TO_UINT (key) < new_n)
      g_ptr_array_add (moved, g_object_ref (row));
  for (guint i = 0; i < moved->len; i++)
    {
      GpOfferRow *held = g_ptr_array_index (moved, i);

      gp_offer_row_set_offer (
          held, g_list_model_get_item (self->offers, gp_offer_row_get_position (held)));
    }
  self->n_items = new_n;
  if (new_n != old_n)
    g_list_model_items_changed (G_LIST_MODEL (self), MIN (old_n, new_n),
                                old_n > new_n ? old_n - new_n : 0,
                                new_n > old_n ? new_n - old_n : 0);
  self->refreshing = FALSE;
  g_signal_emit (self, signals[REFRESHED], 0);
}

static void
gp_offer_rows_dispose (GObject *object)
{
  GpOfferRows *self = GP_OFFER_ROWS (object);
  GHashTableIter iter;
  gpointer row;

  if (self->offers != NULL)
    g_signal_handlers_disconnect_by_data (self->offers, self);
  g_clear_object (&self->offers);
  g_hash_table_iter_init (&iter, self->alive);
  while (g_hash_table_iter_next (&iter, NULL, &row))
    g_object_weak_unref (row, row_gone_cb, self);
  g_hash_table_remove_all (self->alive);

  G_OBJECT_CLASS (gp_offer_rows_parent_class)->dispose (object);
}

static void
gp_offer_rows_finalize (GObject *object)
{
  g_hash_table_unref (GP_OFFER_ROWS (object)->alive);

  G_OBJECT_CLASS (gp_offer_rows_parent_class)->finalize (object);
}

static void
gp_offer_rows_class_init (GpOfferRowsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = gp_offer_rows_dispose;
  object_class->finalize = gp_offer_rows_finalize;

  /**
   * GpOfferRows::refreshed:
   *
   * The rows held now show the offers at their places: their cells are to be filled in again.
   */
  signals[REFRESHED] = g_signal_new ("refreshed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                     NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
gp_offer_rows_init (GpOfferRows *self)
{
  self->alive = g_hash_table_new (NULL, NULL);
}

GpOfferRows *
gp_offer_rows_new (GListModel *offers)
{
  GpOfferRows *self = g_object_new (GP_TYPE_OFFER_ROWS, NULL);

  self->offers = offers;
  self->n_items = g_list_model_get_n_items (offers);
  g_signal_connect_object (offers, "items-changed", G_CALLBACK (offers_changed_cb), self,
                           G_CONNECT_SWAPPED);
  return self;
}

gboolean
gp_offer_rows_is_held (GpOfferRows *self)
{
  g_return_val_if_fail (GP_IS_OFFER_ROWS (self), FALSE);
  return self->held;
}

gboolean
gp_offer_rows_is_refreshing (GpOfferRows *self)
{
  g_return_val_if_fail (GP_IS_OFFER_ROWS (self), FALSE);
  return self->refreshing;
}
