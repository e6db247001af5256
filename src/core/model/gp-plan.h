/* gp-plan.h
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "gp-types.h"

G_BEGIN_DECLS

#define GP_TYPE_PLAN (gp_plan_get_type ())

G_DECLARE_FINAL_TYPE (GpPlan, gp_plan, GP, PLAN, GObject)

const char *gp_plan_get_id            (GpPlan *self);
const char *gp_plan_get_name          (GpPlan *self);
double      gp_plan_get_monthly_fee   (GpPlan *self);
double      gp_plan_get_price         (GpPlan *self);
double      gp_plan_get_compute_units (GpPlan *self);
double      gp_plan_get_unit_price    (GpPlan *self);
const char *gp_plan_get_notes         (GpPlan *self);
GpSource   *gp_plan_get_source        (GpPlan *self);

G_END_DECLS
