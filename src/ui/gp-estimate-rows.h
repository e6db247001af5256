/* gp-estimate-rows.h — the Estimate page's rows: an offer's estimate, a platform's best
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "gp-estimate-group.h"
#include "gp-estimate-list.h"

G_BEGIN_DECLS

GtkWidget  *gp_estimate_row_new               (GpEstimate      *estimate);
GtkWidget  *gp_estimate_platform_row_new      (GpEstimateGroup *group,
                                               GPtrArray       *instances);
GHashTable *gp_estimate_rows_group_instances  (GpEstimateList  *estimates);

G_END_DECLS
