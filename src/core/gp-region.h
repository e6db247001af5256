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

const char *gp_region_get_id       (GpRegion *self);
const char *gp_region_get_name     (GpRegion *self);
const char *gp_region_get_location (GpRegion *self);

G_END_DECLS
