/* gp-array-model.c — a list model over an array of objects, replaced as a whole
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The catalog's lists change only as a whole, when a layer is added or refreshed, and hold up
 * to some 100,000 offers. A GListStore keeps each item in a node of a balanced tree, about
 * 50 bytes an item, for edits in the middle nobody makes here; this model keeps one pointer
 * per item, and the array itself can be shared with whoever needs the items in bulk (the
 * offers' orders): it is never changed, only replaced.
 */

#include "config.h"

#include "gp-array-model.h"

struct _GpArrayModel
{
  GObject    parent_instance;

  GType      item_type;
  GPtrArray *items;      /* owns a reference to each item; replaced, never changed */
};

enum {
  PROP_0,
  PROP_ITEM_TYPE,
  PROP_N_ITEMS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static GType
gp_array_model_get_item_type (GListModel *model)
{
  return GP_ARRAY_MODEL (model)->item_type;
}

static guint
gp_array_model_get_n_items (GListModel *model)
{
  return GP_ARRAY_MODEL (model)->items->len;
}

static gpointer
gp_array_model_get_item (GListModel *model,
                         guint       position)
{
  GpArrayModel *self = GP_ARRAY_MODEL (model);

  if (position >= self->items->len)
    return NULL;

  return g_object_ref (g_ptr_array_index (self->items, position));
}

static void
list_model_iface_init (GListModelInterface *iface)
{
  iface->get_item_type = gp_array_model_get_item_type;
  iface->get_n_items = gp_array_model_get_n_items;
  iface->get_item = gp_array_model_get_item;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (GpArrayModel, gp_array_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_iface_init))

static void
gp_array_model_finalize (GObject *object)
{
  g_clear_pointer (&GP_ARRAY_MODEL (object)->items, g_ptr_array_unref);

  G_OBJECT_CLASS (gp_array_model_parent_class)->finalize (object);
}

static void
gp_array_model_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  GpArrayModel *self = GP_ARRAY_MODEL (object);

  switch (prop_id)
    {
    case PROP_ITEM_TYPE:
      g_value_set_gtype (value, self->item_type);
      break;
    case PROP_N_ITEMS:
      g_value_set_uint (value, self->items->len);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gp_array_model_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  GpArrayModel *self = GP_ARRAY_MODEL (object);

  switch (prop_id)
    {
    case PROP_ITEM_TYPE:
      self->item_type = g_value_get_gtype (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gp_array_model_class_init (GpArrayModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = gp_array_model_finalize;
  object_class->get_property = gp_array_model_get_property;
  object_class->set_property = gp_array_model_set_property;

  properties[PROP_ITEM_TYPE] =
    g_param_spec_gtype ("item-type", NULL, NULL, G_TYPE_OBJECT,
                        G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_N_ITEMS] =
    g_param_spec_uint ("n-items", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gp_array_model_init (GpArrayModel *self)
{
  self->items = g_ptr_array_new_with_free_func (g_object_unref);
}

GpArrayModel *
gp_array_model_new (GType item_type)
{
  g_return_val_if_fail (g_type_is_a (item_type, G_TYPE_OBJECT), NULL);

  return g_object_new (GP_TYPE_ARRAY_MODEL, "item-type", item_type, NULL);
}

/* Replaces every item, with one items-changed for the whole model. */
void
gp_array_model_replace (GpArrayModel *self,
                        GPtrArray    *items)
{
  g_autoptr(GPtrArray) old = NULL;
  GPtrArray *copy;

  g_return_if_fail (GP_IS_ARRAY_MODEL (self));
  g_return_if_fail (items != NULL);
  for (guint i = 0; i < items->len; i++)
    g_return_if_fail (G_TYPE_CHECK_INSTANCE_TYPE (g_ptr_array_index (items, i), self->item_type));

  copy = g_ptr_array_new_full (items->len, g_object_unref);
  for (guint i = 0; i < items->len; i++)
    g_ptr_array_add (copy, g_object_ref (g_ptr_array_index (items, i)));

  old = g_steal_pointer (&self->items);
  self->items = copy;
  g_list_model_items_changed (G_LIST_MODEL (self), 0, old->len, copy->len);
  if (old->len != copy->len)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_ITEMS]);
}

/* The items as an array, for reading many at once. The array is never changed: a replacement
 * makes a new one, so a reference taken here keeps the items as they were. */
GPtrArray *
gp_array_model_get_items (GpArrayModel *self)
{
  g_return_val_if_fail (GP_IS_ARRAY_MODEL (self), NULL);

  return self->items;
}
