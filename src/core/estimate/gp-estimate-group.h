/* gp-estimate-group.h — the estimates of one platform or one instance type, by their best
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "gp-estimate-list.h"
#include "gp-estimate.h"

G_BEGIN_DECLS

#define GP_TYPE_ESTIMATE_GROUP (gp_estimate_group_get_type ())

G_DECLARE_FINAL_TYPE (GpEstimateGroup, gp_estimate_group, GP, ESTIMATE_GROUP, GObject)

GListModel *gp_estimate_group_list         (GpEstimateList     *list,
                                            GpEstimateGrouping  grouping,
                                            GStrv              *unable);
GListModel *gp_estimate_group_list_for_gpu (GpEstimateList     *list,
                                            GpEstimateGrouping  grouping,
                                            const char         *gpu,
                                            GStrv              *unable);
gboolean    gp_estimate_is_option          (GpEstimate         *estimate);
GpEstimate *gp_estimate_group_get_best     (GpEstimateGroup    *self);
guint       gp_estimate_group_get_options  (GpEstimateGroup    *self);
guint       gp_estimate_group_get_regions  (GpEstimateGroup    *self);
gboolean    gp_estimate_grouping_from_string (const char       *text,
                                              GpEstimateGrouping *grouping);

G_END_DECLS
