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

/* The bounds a catalog's figures are held to: no grid emits more than coal's (about 1,000 g a
 * kWh), no data centre spends over twice its IT load on cooling and the rest. */
#define GP_GRID_MAX_GCO2_PER_KWH 1500.0
#define GP_PUE_MAX 3.0

/**
 * GpGridFigure:
 * @zone: the Electricity Maps zone of the region's place ("FI", "CN", "US-MIDA-PJM")
 * @gco2_per_kwh: the grid's location-based carbon intensity, gCO2eq a kWh
 * @year: the year the intensity is the average of
 * @source_id: the catalog source it comes from
 * @source: that source, resolved when the catalog merges
 *
 * What a kWh drawn from the grid of a region emits.
 */
typedef struct
{
  char     *zone;
  double    gco2_per_kwh;
  guint     year;
  char     *source_id;
  GpSource *source;
} GpGridFigure;

void          gp_grid_figure_free             (GpGridFigure *figure);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (GpGridFigure, gp_grid_figure_free)

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

const GpGridFigure *gp_region_get_grid    (GpRegion   *self);
double        gp_region_get_pue               (GpRegion   *self);
GpSource     *gp_region_get_pue_source        (GpRegion   *self);

char         *gp_region_dup_place_area        (GpRegion   *self);
char         *gp_region_dup_geography_area    (GpRegion   *self);
gboolean      gp_region_in_area               (GpRegion   *self,
                                               const char *area);
gboolean      gp_area_is_valid                (const char *area);
char         *gp_area_dup_label               (const char *area);

G_END_DECLS
