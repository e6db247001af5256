/* gp-source.c — where a figure comes from, and how old it is
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdio.h>

#include "gp-enums.h"
#include "gp-source-private.h"

G_DEFINE_FINAL_TYPE (GpSource, gp_source, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ID,
  PROP_TITLE,
  PROP_URL,
  PROP_AS_OF,
  PROP_NOTE,
  PROP_LAYER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
gp_source_finalize (GObject *object)
{
  GpSource *self = GP_SOURCE (object);

  g_free (self->id);
  g_free (self->title);
  g_free (self->url);
  g_free (self->as_of);
  g_free (self->note);

  G_OBJECT_CLASS (gp_source_parent_class)->finalize (object);
}

static void
gp_source_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  GpSource *self = GP_SOURCE (object);

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_string (value, gp_source_get_id (self));
      break;

    case PROP_TITLE:
      g_value_set_string (value, gp_source_get_title (self));
      break;

    case PROP_URL:
      g_value_set_string (value, gp_source_get_url (self));
      break;

    case PROP_AS_OF:
      g_value_set_string (value, gp_source_get_as_of (self));
      break;

    case PROP_NOTE:
      g_value_set_string (value, gp_source_get_note (self));
      break;

    case PROP_LAYER:
      g_value_set_enum (value, gp_source_get_layer (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gp_source_class_init (GpSourceClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = gp_source_finalize;
  object_class->get_property = gp_source_get_property;

  properties[PROP_ID] =
    g_param_spec_string ("id", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_URL] =
    g_param_spec_string ("url", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_AS_OF] =
    g_param_spec_string ("as-of", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_NOTE] =
    g_param_spec_string ("note", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_LAYER] =
    g_param_spec_enum ("layer", NULL, NULL,
                       GP_TYPE_CATALOG_LAYER, GP_CATALOG_LAYER_BUNDLED,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gp_source_init (GpSource *self)
{
}

GpSource *
gp_source_new_empty (void)
{
  return g_object_new (GP_TYPE_SOURCE, NULL);
}

const char *
gp_source_get_id (GpSource *self)
{
  g_return_val_if_fail (GP_IS_SOURCE (self), NULL);
  return self->id;
}

const char *
gp_source_get_title (GpSource *self)
{
  g_return_val_if_fail (GP_IS_SOURCE (self), NULL);
  /* In the user's language where the project translates it ("Entered by you"). */
  return self->title != NULL ? g_dpgettext2 (GETTEXT_PACKAGE, "source", self->title) : NULL;
}

const char *
gp_source_get_url (GpSource *self)
{
  g_return_val_if_fail (GP_IS_SOURCE (self), NULL);
  return self->url;
}

const char *
gp_source_get_as_of (GpSource *self)
{
  g_return_val_if_fail (GP_IS_SOURCE (self), NULL);
  return self->as_of;
}

const char *
gp_source_get_note (GpSource *self)
{
  g_return_val_if_fail (GP_IS_SOURCE (self), NULL);
  /* In the user's language where the project translates it ("Entered by you"). */
  return self->note != NULL ? g_dpgettext2 (GETTEXT_PACKAGE, "source", self->note) : NULL;
}

GpCatalogLayer
gp_source_get_layer (GpSource *self)
{
  g_return_val_if_fail (GP_IS_SOURCE (self), GP_CATALOG_LAYER_BUNDLED);
  return self->layer;
}

/* A partial date counts from its last day (2025-09 from the 30th of September, 2026 from the
 * 31st of December): a source dated by its year alone may be from any day of it, and its
 * figures are judged by the newest day it can mean, as a year is shown. */
int
gp_source_get_age_days (GpSource  *self,
                        GDateTime *now)
{
  g_return_val_if_fail (GP_IS_SOURCE (self), -1);
  g_return_val_if_fail (now != NULL, -1);

  return gp_as_of_get_age_days (self->as_of, now);
}

/* The last day @as_of can mean: 2026 is 2026-12-31, 2025-09 is 2025-09-30. */
static GDate *
as_of_last_day (const char *as_of)
{
  int year = 0, month = 0, day = 0;
  int fields;

  if (as_of == NULL || (fields = sscanf (as_of, "%d-%d-%d", &year, &month, &day)) < 1)
    return NULL;
  if (fields < 2)
    month = 12;
  if (year < 1 || year > 9999 || month < 1 || month > 12)
    return NULL;
  if (fields < 3)
    day = g_date_get_days_in_month (month, year);
  if (!g_date_valid_dmy (day, month, year))
    return NULL;
  return g_date_new_dmy (day, month, year);
}

guint32
gp_as_of_get_julian (const char *as_of)
{
  g_autoptr(GDate) date = as_of_last_day (as_of);

  return date != NULL ? g_date_get_julian (date) : 0;
}

/* A partial date counts from its last day (gp_source_get_age_days()). */
int
gp_as_of_get_age_days (const char *as_of,
                       GDateTime  *now)
{
  g_autoptr(GDate) then = as_of_last_day (as_of);
  g_autoptr(GDate) today = NULL;

  g_return_val_if_fail (now != NULL, -1);

  if (then == NULL)
    return -1;
  today = g_date_new_dmy (g_date_time_get_day_of_month (now), g_date_time_get_month (now),
                          g_date_time_get_year (now));
  return g_date_days_between (then, today);
}

/* Compares by the last day each can mean (gp_source_get_age_days()): 2026 comes after
 * 2026-08-22. A date that cannot be read comes first. */
int
gp_as_of_compare (const char *a,
                  const char *b)
{
  guint32 x = gp_as_of_get_julian (a), y = gp_as_of_get_julian (b);

  return (x > y) - (x < y);
}

const char *
gp_as_of_older (const char *a,
                const char *b)
{
  if (a == NULL)
    return b;
  if (b == NULL)
    return a;
  return gp_as_of_compare (b, a) < 0 ? b : a;
}

gboolean
gp_as_of_is_stale (const char *as_of,
                   guint       stale_after_days)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();

  return gp_as_of_get_age_days (as_of, now) > (int) stale_after_days;
}

gboolean
gp_source_is_stale (GpSource *self,
                    guint     stale_after_days)
{
  g_return_val_if_fail (self == NULL || GP_IS_SOURCE (self), FALSE);

  return self != NULL && gp_as_of_is_stale (self->as_of, stale_after_days);
}
