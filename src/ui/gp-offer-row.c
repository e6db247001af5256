/* gp-offer-row.c — a row of the Instances table: a place that shows one offer at a time
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * GpOfferRows hands these out by position; when the offers are filtered or sorted again, a
 * row on screen is given the offer now at its place instead of being made again.
 */

#include "config.h"

#include "gp-offer-row.h"

struct _GpOfferRow
{
  GObject parent_instance;

  guint position;
  GpOffer *offer;
};

G_DEFINE_FINAL_TYPE (GpOfferRow, gp_offer_row, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_OFFER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
gp_offer_row_dispose (GObject *object)
{
  g_clear_object (&GP_OFFER_ROW (object)->offer);

  G_OBJECT_CLASS (gp_offer_row_parent_class)->dispose (object);
}

static void
gp_offer_row_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  GpOfferRow *self = GP_OFFER_ROW (object);

  switch (prop_id)
    {
    case PROP_OFFER:
      g_value_set_object (value, self->offer);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gp_offer_row_class_init (GpOfferRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = gp_offer_row_dispose;
  object_class->get_property = gp_offer_row_get_property;

  properties[PROP_OFFER] = g_param_spec_object ("offer", NULL, NULL, GP_TYPE_OFFER,
                                                G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gp_offer_row_init (GpOfferRow *self)
{
}

GpOfferRow *
gp_offer_row_new (guint    position,
                  GpOffer *offer)
{
  GpOfferRow *self = g_object_new (GP_TYPE_OFFER_ROW, NULL);

  self->position = position;
  self->offer = offer;
  return self;
}

GpOffer *
gp_offer_row_get_offer (GpOfferRow *self)
{
  g_return_val_if_fail (GP_IS_OFFER_ROW (self), NULL);
  return self->offer;
}

void
gp_offer_row_set_offer (GpOfferRow *self,
                        GpOffer    *offer)
{
  g_return_if_fail (GP_IS_OFFER_ROW (self));

  if (offer == self->offer)
    {
      g_clear_object (&offer);
      return;
    }
  g_clear_object (&self->offer);
  self->offer = offer;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_OFFER]);
}

guint
gp_offer_row_get_position (GpOfferRow *self)
{
  g_return_val_if_fail (GP_IS_OFFER_ROW (self), 0);
  return self->position;
}
