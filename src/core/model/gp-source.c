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

/**
 * gp_source_get_url:
 * @self: a #GpSource
 *
 * Returns: (nullable): the address of the source, or a repository path such as
 *   `owner/repo@commit:path` for a file in a public repository
 */
const char *
gp_source_get_url (GpSource *self)
{
  g_return_val_if_fail (GP_IS_SOURCE (self), NULL);
  return self->url;
}

/**
 * gp_source_get_as_of:
 * @self: a #GpSource
 *
 * Returns: the date the figures were current, as `YYYY`, `YYYY-MM` or `YYYY-MM-DD`
 */
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

/**
 * gp_source_get_age_days:
 * @self: a #GpSource
 * @now: the moment to measure from
 *
 * A partial date counts from its last day (2025-09 from the 30th of September, 2026 from the
 * 31st of December): a source dated by its year alone may be from any day of it, and its
 * figures are judged by the newest day it can mean, as a year is shown.
 *
 * Returns: the days from the as-of date to @now, or -1 when the date cannot be read
 */
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

/**
 * gp_as_of_get_julian:
 * @as_of: (nullable): a date as `YYYY`, `YYYY-MM` or `YYYY-MM-DD`
 *
 * Returns: the Julian day of the last day @as_of can mean, 0 when it cannot be read
 */
guint32
gp_as_of_get_julian (const char *as_of)
{
  g_autoptr(GDate) date = as_of_last_day (as_of);

  return date != NULL ? g_date_get_julian (date) : 0;
}

/**
 * gp_as_of_get_age_days:
 * @as_of: (nullable): a date as `YYYY`, `YYYY-MM` or `YYYY-MM-DD`
 * @now: the moment to measure from
 *
 * A partial date counts from its last day (gp_source_get_age_days()).
 *
 * Returns: the days from @as_of to @now, or -1 when the date cannot be read
 */
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

/**
 * gp_as_of_compare:
 * @a: (nullable): a date as `YYYY`, `YYYY-MM` or `YYYY-MM-DD`
 * @b: (nullable): another
 *
 * Compares by the last day each can mean (gp_source_get_age_days()): 2026 comes after
 * 2026-08-22. A date that cannot be read comes first.
 *
 * Returns: below 0, 0 or above 0 as @a is older than, as old as or newer than @b
 */
int
gp_as_of_compare (const char *a,
                  const char *b)
{
  guint32 x = gp_as_of_get_julian (a), y = gp_as_of_get_julian (b);

  return (x > y) - (x < y);
}

/**
 * gp_as_of_older:
 * @a: (nullable): a date as `YYYY`, `YYYY-MM` or `YYYY-MM-DD`
 * @b: (nullable): another
 *
 * Returns: (nullable): the older of the two by gp_as_of_compare(), the other where one is
 *   %NULL
 */
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

/**
 * gp_as_of_is_stale:
 * @as_of: (nullable): a date as `YYYY`, `YYYY-MM` or `YYYY-MM-DD`
 * @stale_after_days: the catalog's limit (gp_catalog_get_stale_after_days())
 *
 * Returns: whether @as_of is older than @stale_after_days today; an unknown date is not called
 *   stale, since nothing says how old it is
 */
gboolean
gp_as_of_is_stale (const char *as_of,
                   guint       stale_after_days)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();

  return gp_as_of_get_age_days (as_of, now) > (int) stale_after_days;
}

/**
 * gp_source_is_stale:
 * @self: (nullable): a #GpSource
 * @stale_after_days: the catalog's limit (gp_catalog_get_stale_after_days())
 *
 * Returns: whether the source's figures are older than @stale_after_days
 */
gboolean
gp_source_is_stale (GpSource *self,
                    guint     stale_after_days)
{
  g_return_val_if_fail (self == NULL || GP_IS_SOURCE (self), FALSE);

  return self != NULL && gp_as_of_is_stale (self->as_of, stale_after_days);
}
