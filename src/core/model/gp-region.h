/* gp-region.h
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "gp-types.h"

G_BEGIN_DECLS

#define GP_TYPE_REGION (gp_region_get_type ())

G_DECLARE_FINAL_TYPE (GpRegion, gp_region, GP, REGION, GObject)

const char   *gp_region_get_id                (GpRegion   *self);
const char   *gp_region_get_name              (GpRegion   *self);
const char   *gp_region_get_location          (GpRegion   *self);
const char   *gp_region_get_city              (GpRegion   *self);
const char   *gp_region_get_country           (GpRegion   *self);
const char   *gp_region_get_geography         (GpRegion   *self);
GpRegionKind  gp_region_get_kind              (GpRegion   *self);
gboolean      gp_region_is_zone               (GpRegion   *self);
gboolean      gp_region_has_tag               (GpRegion   *self,
                                               const char *tag);
const char   *gp_region_get_display_city      (GpRegion   *self);
const char   *gp_region_get_display_country   (GpRegion   *self);
const char   *gp_region_get_display_geography (GpRegion   *self);
char         *gp_region_dup_label             (GpRegion   *self);
char         *gp_region_dup_short_label       (GpRegion   *self);

#define GP_AREA_NEAR_MAINLAND_CHINA "tag:near-mainland-china"

char         *gp_region_dup_place_area        (GpRegion   *self);
char         *gp_region_dup_geography_area    (GpRegion   *self);
gboolean      gp_region_in_area               (GpRegion   *self,
                                               const char *area);
gboolean      gp_area_is_valid                (const char *area);
char         *gp_area_dup_label               (const char *area);

G_END_DECLS
