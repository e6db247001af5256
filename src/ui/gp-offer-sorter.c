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
#include "gp-offer-sorter.h"

struct _GpOfferSorter
{
  GtkSorter      parent_instance;

  gboolean       active;
  GpOfferColumn  column;
  gboolean       descending;
  gboolean       per_gpu;
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

  return gtk_ordering_from_cmpfunc (gp_offer_compare (item1, item2, self->column, self->per_gpu,
                                                      self->descending));
}

static GtkSorterOrder
gp_offer_sorter_get_order (GtkSorter *sorter)
{
  return GP_OFFER_SORTER (sorter)->active ? GTK_SORTER_ORDER_PARTIAL : GTK_SORTER_ORDER_NONE;
}

static void
gp_offer_sorter_class_init (GpOfferSorterClass *klass)
{
  GtkSorterClass *sorter_class = GTK_SORTER_CLASS (klass);

  sorter_class->compare = gp_offer_sorter_compare;
  sorter_class->get_order = gp_offer_sorter_get_order;
}

static void
gp_offer_sorter_init (GpOfferSorter *self)
{
}

GpOfferSorter *
gp_offer_sorter_new (void)
{
  return g_object_new (GP_TYPE_OFFER_SORTER, NULL);
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
  gtk_sorter_changed (GTK_SORTER (self), GTK_SORTER_CHANGE_DIFFERENT);
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
    gtk_sorter_changed (GTK_SORTER (self), GTK_SORTER_CHANGE_DIFFERENT);
}
