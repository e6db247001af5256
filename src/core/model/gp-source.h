/* gp-source.h
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "gp-types.h"

G_BEGIN_DECLS

#define GP_TYPE_SOURCE (gp_source_get_type ())

G_DECLARE_FINAL_TYPE (GpSource, gp_source, GP, SOURCE, GObject)

const char     *gp_source_get_id    (GpSource *self);
const char     *gp_source_get_title (GpSource *self);
const char     *gp_source_get_url   (GpSource *self);
const char     *gp_source_get_as_of (GpSource *self);
const char     *gp_source_get_note  (GpSource *self);
GpCatalogLayer  gp_source_get_layer (GpSource *self);
int             gp_source_get_age_days (GpSource *self,
                                        GDateTime *now);

/* A catalog's limit, until a preference or an option changes it: figures older than this are
 * marked stale wherever they are shown. */
#define GP_STALE_AFTER_DAYS 180

int             gp_as_of_get_age_days  (const char *as_of,
                                        GDateTime  *now);
int             gp_as_of_compare       (const char *a,
                                        const char *b);
const char     *gp_as_of_older         (const char *a,
                                        const char *b);
guint32         gp_as_of_get_julian    (const char *as_of);
gboolean        gp_as_of_is_stale      (const char *as_of,
                                        guint       stale_after_days);
gboolean        gp_source_is_stale     (GpSource   *self,
                                        guint       stale_after_days);

G_END_DECLS
