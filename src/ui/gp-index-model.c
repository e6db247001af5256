/* gp-index-model.c — a list model of positions 0 … n - 1, for a list of things that are no
 * objects (a plan's phases)
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A list view asks for the items on screen alone; the rows read their thing by their position.
 * Holding nothing per item, a list of 10,000 phases is made at once, where a GtkStringList of
 * their numbers took half a second to fill.
 */

#include "config.h"

#include <gtk/gtk.h>

#include "gp-index-model.h"

struct _GpIndexModel
{
  GObject parent_instance;

  guint n_items;
};

static void list_model_iface_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (GpIndexModel, gp_index_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_iface_init))

static GType
get_item_type (GListModel *model)
{
  return GTK_TYPE_STRING_OBJECT;
}

static guint
get_n_items (GListModel *model)
{
  return GP_INDEX_MODEL (model)->n_items;
}

/* The position as text: "12". */
static gpointer
get_item (GListModel *model,
          guint       position)
{
  char text[16];

  if (position >= GP_INDEX_MODEL (model)->n_items)
    return NULL;
  g_snprintf (text, sizeof text, "%u", position);
  return gtk_string_object_new (text);
}

static void
list_model_iface_init (GListModelInterface *iface)
{
  iface->get_item_type = get_item_type;
  iface->get_n_items = get_n_items;
  iface->get_item = get_item;
}

static void
gp_index_model_class_init (GpIndexModelClass *klass)
{
}

static void
gp_index_model_init (GpIndexModel *self)
{
}

GpIndexModel *
gp_index_model_new (void)
{
  return g_object_new (GP_TYPE_INDEX_MODEL, NULL);
}

/* Every position is told of as changed: the things at them may all be others. */
void
gp_index_model_set_n_items (GpIndexModel *self,
                            guint         n_items)
{
  guint had = self->n_items;

  g_return_if_fail (GP_IS_INDEX_MODEL (self));

  self->n_items = n_items;
  if (had > 0 || n_items > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), 0, had, n_items);
}

/* Tells of a change at one place: a phase removed, two swapped. */
void
gp_index_model_changed (GpIndexModel *self,
                        guint         position,
                        guint         removed,
                        guint         added)
{
  g_return_if_fail (GP_IS_INDEX_MODEL (self));
  g_return_if_fail (position + removed <= self->n_items);

  self->n_items = self->n_items - removed + added;
  g_list_model_items_changed (G_LIST_MODEL (self), position, removed, added);
}
