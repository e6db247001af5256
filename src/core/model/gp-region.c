/* gp-region.c — a provider's region: where the machines and the data are
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The catalog names each region's city, country and the provider's geography group in
 * English; they are shown through gettext (contexts "city", "country" and "geography"), and
 * data/catalog/catalog-strings.h lists the bundled catalog's for translators. A name a lab's
 * own file brings and no translation knows is shown as written.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "gp-enums.h"
#include "gp-region-private.h"
#include "gp-source.h"

G_DEFINE_FINAL_TYPE (GpRegion, gp_region, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ID,
  PROP_NAME,
  PROP_LOCATION,
  PROP_CITY,
  PROP_COUNTRY,
  PROP_GEOGRAPHY,
  PROP_KIND,
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
  g_free (self->city);
  g_free (self->country);
  g_free (self->geography);
  g_strfreev (self->tags);
  g_free (self->search_key);
  g_clear_pointer (&self->grid, gp_grid_figure_free);
  g_free (self->pue_source_id);
  g_clear_object (&self->pue_source);

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

    case PROP_CITY:
      g_value_set_string (value, gp_region_get_city (self));
      break;

    case PROP_COUNTRY:
      g_value_set_string (value, gp_region_get_country (self));
      break;

    case PROP_GEOGRAPHY:
      g_value_set_string (value, gp_region_get_geography (self));
      break;

    case PROP_KIND:
      g_value_set_enum (value, gp_region_get_kind (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gp_region_class_init (GpRegionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->finalize = gp_region_finalize;
  object_class->get_property = gp_region_get_property;

  properties[PROP_ID] = g_param_spec_string ("id", NULL, NULL, NULL, flags);
  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL, flags);
  properties[PROP_LOCATION] = g_param_spec_string ("location", NULL, NULL, NULL, flags);
  properties[PROP_CITY] = g_param_spec_string ("city", NULL, NULL, NULL, flags);
  properties[PROP_COUNTRY] = g_param_spec_string ("country", NULL, NULL, NULL, flags);
  properties[PROP_GEOGRAPHY] = g_param_spec_string ("geography", NULL, NULL, NULL, flags);
  properties[PROP_KIND] = g_param_spec_enum ("kind", NULL, NULL, GP_TYPE_REGION_KIND,
                                             GP_REGION_KIND_REGION, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gp_region_init (GpRegion *self)
{
  self->kind = GP_REGION_KIND_REGION;
  self->pue = NAN;
}

GpRegion *
gp_region_new_empty (void)
{
  return g_object_new (GP_TYPE_REGION, NULL);
}

void
gp_grid_figure_free (GpGridFigure *figure)
{
  if (figure == NULL)
    return;
  g_free (figure->zone);
  g_free (figure->source_id);
  g_clear_object (&figure->source);
  g_free (figure);
}

const char *
gp_region_get_id (GpRegion *self)
{
  g_return_val_if_fail (GP_IS_REGION (self), NULL);
  return self->id;
}

const char *
gp_region_get_name (GpRegion *self)
{
  g_return_val_if_fail (GP_IS_REGION (self), NULL);
  return self->name != NULL ? self->name : self->id;
}

const char *
gp_region_get_location (GpRegion *self)
{
  g_return_val_if_fail (GP_IS_REGION (self), NULL);
  return self->location != NULL ? self->location : self->country;
}

const char *
gp_region_get_city (GpRegion *self)
{
  g_return_val_if_fail (GP_IS_REGION (self), NULL);
  return self->city;
}

const char *
gp_region_get_country (GpRegion *self)
{
  g_return_val_if_fail (GP_IS_REGION (self), NULL);
  return self->country;
}

const char *
gp_region_get_geography (GpRegion *self)
{
  g_return_val_if_fail (GP_IS_REGION (self), NULL);
  return self->geography;
}

GpRegionKind
gp_region_get_kind (GpRegion *self)
{
  g_return_val_if_fail (GP_IS_REGION (self), GP_REGION_KIND_REGION);
  return self->kind;
}

gboolean
gp_region_is_zone (GpRegion *self)
{
  g_return_val_if_fail (GP_IS_REGION (self), FALSE);
  return self->kind != GP_REGION_KIND_REGION;
}

gboolean
gp_region_has_tag (GpRegion   *self,
                   const char *tag)
{
  g_return_val_if_fail (GP_IS_REGION (self), FALSE);
  return self->tags != NULL && g_strv_contains ((const char * const *) self->tags, tag);
}

const char *
gp_region_get_display_city (GpRegion *self)
{
  g_return_val_if_fail (GP_IS_REGION (self), NULL);

  if (self->city != NULL)
    return g_dpgettext2 (GETTEXT_PACKAGE, "city", self->city);
  return gp_region_get_name (self);
}

const char *
gp_region_get_display_country (GpRegion *self)
{
  g_return_val_if_fail (GP_IS_REGION (self), NULL);

  if (self->country != NULL)
    return g_dpgettext2 (GETTEXT_PACKAGE, "country", self->country);
  return self->location;
}

const char *
gp_region_get_display_geography (GpRegion *self)
{
  g_return_val_if_fail (GP_IS_REGION (self), NULL);

  return self->geography != NULL ? g_dpgettext2 (GETTEXT_PACKAGE, "geography", self->geography)
                                 : NULL;
}

char *
gp_region_dup_label (GpRegion *self)
{
  const char *city, *country;

  g_return_val_if_fail (GP_IS_REGION (self), NULL);

  if (self->city == NULL)
    return g_strdup (g_dpgettext2 (GETTEXT_PACKAGE, "place", gp_region_get_name (self)));

  city = gp_region_get_display_city (self);
  country = gp_region_get_display_country (self);
  if (country == NULL || g_strcmp0 (self->city, self->country) == 0)
    /* Translators: a cloud region: its city, then its code */
    return g_strdup_printf (C_("region", "%s (%s)"), city, self->id);

  /* Translators: a cloud region: its city and country, then its code */
  return g_strdup_printf (C_("region", "%s, %s (%s)"), city, country, self->id);
}

char *
gp_region_dup_short_label (GpRegion *self)
{
  const char *place;

  g_return_val_if_fail (GP_IS_REGION (self), NULL);

  if (self->city != NULL)
    place = gp_region_get_display_city (self);
  else if (self->country != NULL)
    place = g_dpgettext2 (GETTEXT_PACKAGE, "country", self->country);
  else if (self->name != NULL && g_strcmp0 (self->name, self->location) == 0)
    /* A place in words, named by it (a quote's "西北B区"): the code made from it says
     * nothing more. */
    return g_strdup (g_dpgettext2 (GETTEXT_PACKAGE, "place", self->name));
  else if (self->name != NULL &&
           (place = g_dpgettext2 (GETTEXT_PACKAGE, "place", self->name)) != self->name)
    /* A place the app names itself, translated (the lab's own "Campus"): its code would be
     * English beside Chinese. */
    return g_strdup (place);
  else
    return g_strdup (self->id);

  switch (self->kind)
    {
    case GP_REGION_KIND_LOCAL_ZONE:
      /* Translators: a place and the code of an AWS Local Zone there */
      return g_strdup_printf (C_("region", "%s (%s, Local Zone)"), place, self->id);

    case GP_REGION_KIND_WAVELENGTH_ZONE:
      /* Translators: a place and the code of an AWS Wavelength Zone there */
      return g_strdup_printf (C_("region", "%s (%s, Wavelength Zone)"), place, self->id);

    case GP_REGION_KIND_RESTRICTED:
      /* Translators: a place and the code of a region open to some customers only */
      return g_strdup_printf (C_("region", "%s (%s, restricted)"), place, self->id);

    case GP_REGION_KIND_REGION:
    default:
      return g_strdup_printf (C_("region", "%s (%s)"), place, self->id);
    }
}

/* Areas: the places people choose regions by, across providers whose codes differ ("Tokyo"
 * is ap-northeast-1, asia-northeast1 and japaneast). An area is a key, kept in settings and
 * filters as text: "place:Japan/Tokyo" (a city, or "place:Germany" where the catalog names
 * only the country), "geography:Asia Pacific" (a provider's own group) or
 * "tag:near-mainland-china". Region codes never hold a colon, so a key is never a code. */

char *
gp_region_dup_place_area (GpRegion *self)
{
  g_return_val_if_fail (GP_IS_REGION (self), NULL);

  if (self->city != NULL)
    return g_strdup_printf ("place:%s/%s", self->country != NULL ? self->country : "", self->city);
  if (self->country != NULL)
    return g_strconcat ("place:", self->country, NULL);
  return NULL;
}

char *
gp_region_dup_geography_area (GpRegion *self)
{
  g_return_val_if_fail (GP_IS_REGION (self), NULL);

  return self->geography != NULL ? g_strconcat ("geography:", self->geography, NULL) : NULL;
}

gboolean
gp_region_in_area (GpRegion   *self,
                   const char *area)
{
  g_return_val_if_fail (GP_IS_REGION (self), FALSE);
  g_return_val_if_fail (area != NULL, FALSE);

  if (g_str_has_prefix (area, "tag:"))
    return gp_region_has_tag (self, area + strlen ("tag:"));
  if (g_str_has_prefix (area, "geography:"))
    return g_strcmp0 (self->geography, area + strlen ("geography:")) == 0;
  if (g_str_has_prefix (area, "place:"))
    {
      g_autofree char *mine = gp_region_dup_place_area (self);
      return g_strcmp0 (mine, area) == 0;
    }

  return g_strcmp0 (self->id, area) == 0;
}

gboolean
gp_area_is_valid (const char *area)
{
  return area != NULL &&
         ((g_str_has_prefix (area, "place:") && area[strlen ("place:")] != '\0') ||
          (g_str_has_prefix (area, "geography:") && area[strlen ("geography:")] != '\0') ||
          (g_str_has_prefix (area, "tag:") && area[strlen ("tag:")] != '\0'));
}

char *
gp_area_dup_label (const char *area)
{
  g_return_val_if_fail (area != NULL, NULL);

  if (g_str_equal (area, GP_AREA_NEAR_MAINLAND_CHINA))
    /* Translators: regions a lab in mainland China reaches well: Hong Kong, Tokyo, Seoul,
     * Singapore and AWS China's */
    return g_strdup (C_("area", "Near Mainland China"));
  if (g_str_has_prefix (area, "geography:"))
    /* Translators: every region of a provider's geography group, such as Asia Pacific */
    return g_strdup_printf (C_("area", "All of %s"),
                            g_dpgettext2 (GETTEXT_PACKAGE, "geography",
                                          area + strlen ("geography:")));
  if (g_str_has_prefix (area, "place:"))
    {
      const char *place = area + strlen ("place:");
      const char *slash = strchr (place, '/');
      g_autofree char *country =
          slash != NULL ? g_strndup (place, slash - place) : g_strdup (place);
      const char *city = slash != NULL ? slash + 1 : NULL;

      if (city == NULL)
        return g_strdup (g_dpgettext2 (GETTEXT_PACKAGE, "country", country));
      if (country[0] == '\0' || g_str_equal (country, city))
        return g_strdup (g_dpgettext2 (GETTEXT_PACKAGE, "city", city));
      /* Translators: a city and its country, as a choice of where to rent */
      return g_strdup_printf (C_("area", "%1$s, %2$s"),
                              g_dpgettext2 (GETTEXT_PACKAGE, "city", city),
                              g_dpgettext2 (GETTEXT_PACKAGE, "country", country));
    }

  return g_strdup (area);
}

/* What a search matches a region by: its id, names and places in English and in the user's
 * language, casefolded once. */
const char *
gp_region_get_search_key (GpRegion *self)
{
  if (self->search_key == NULL)
    {
      const char *parts[] = {
        self->id, self->name, self->location, self->city, self->country,
        self->city ? gp_region_get_display_city (self) : NULL,
        self->country ? gp_region_get_display_country (self) : NULL,
      };
      g_autoptr(GString) joined = g_string_new (NULL);

      for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
        if (parts[i] != NULL)
          g_string_append_printf (joined, "%s ", parts[i]);
      self->search_key = g_utf8_casefold (joined->str, -1);
    }

  return self->search_key;
}

const GpGridFigure *
gp_region_get_grid (GpRegion *self)
{
  g_return_val_if_fail (GP_IS_REGION (self), NULL);
  return self->grid;
}

double
gp_region_get_pue (GpRegion *self)
{
  g_return_val_if_fail (GP_IS_REGION (self), NAN);
  return self->pue;
}

GpSource *
gp_region_get_pue_source (GpRegion *self)
{
  g_return_val_if_fail (GP_IS_REGION (self), NULL);
  return self->pue_source;
}
