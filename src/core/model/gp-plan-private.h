/* gp-plan-private.h — a subscription plan's fields, for the model and the catalog that fills it
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "gp-plan.h"
#include "gp-source.h"

G_BEGIN_DECLS

struct _GpPlan
{
  GObject   parent_instance;
  char     *id;
  char     *name;
  double    monthly_fee;
  double    price;
  double    compute_units;
  double    to_catalog;   /* its provider's: prices times this are in the catalog's currency */
  char     *notes;
  char     *source_id;
  GpSource *source;
};

GpPlan     *gp_plan_new_empty     (void);

G_END_DECLS
