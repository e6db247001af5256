/* gp-region.c — a provider's region: where the machines and the data are
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "gp-model-private.h"

G_DEFINE_FINAL_TYPE (GpRegion, gp_region, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ID,
  PROP_NAME,
  PROP_LOCATION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
gp_region_finalize (GObject *object)
{
  GpRegion *self = GP_REGION (object);

  g_free (self->id);
  g_free (self->name);
  g_free (self->location);

  g_free (self->search_key);

  G_OBJECT_CLASS (gp_region_parent_class)->finalize (object);
}

static void
gp_region_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  GpRegion *self = GP_REGION (object);

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_string (value, gp_region_get_id (self));
      break;

    case PROP_NAME:
      g_value_set_string (value, gp_region_get_name (self));
      break;

    case PROP_LOCATION:
      g_value_set_string (value, gp_region_get_location (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gp_region_class_init (GpRegionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = gp_region_finalize;
  object_class->get_property = gp_region_get_property;

  properties[PROP_ID] =
    g_param_spec_string ("id", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_LOCATION] =
    g_param_spec_string ("location", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gp_region_init (GpRegion *self)
{
}

GpRegion *
gp_region_new_empty (void)
{
  return g_object_new (GP_TYPE_REGION, NULL);
}

const char *
gp_region_get_id (GpRegion *self)
{
  g_return_val_if_fail (GP_IS_REGION (self), NULL);
  return self->id;
}

/**
 * gp_region_get_name:
 * @self: a #GpRegion
 *
 * Returns: the region's display name, or its id when the catalog gives none
 */
const char *
gp_region_get_name (GpRegion *self)
{
  g_return_val_if_fail (GP_IS_REGION (self), NULL);
  return self->name != NULL ? self->name : self->id;
}

/**
 * gp_region_get_location:
 * @self: a #GpRegion
 *
 * Returns: (nullable): where the region is (a country or area), for data-residency questions
 */
const char *
gp_region_get_location (GpRegion *self)
{
  g_return_val_if_fail (GP_IS_REGION (self), NULL);
  return self->location;
}

/* What a search matches a region by: its id, name and location, casefolded once. */
const char *
gp_region_get_search_key (GpRegion *self)
{
  if (self->search_key == NULL)
    {
      g_autofree char *joined = g_strjoin (" ", self->id ? self->id : "", self->name ? self->name : "",
                                           self->location ? self->location : "", NULL);
      self->search_key = g_utf8_casefold (joined, -1);
    }

  return self->search_key;
}
