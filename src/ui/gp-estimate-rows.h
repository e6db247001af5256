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
                                               GPtrArray       *instances,
                                               const char      *gpu);
GHashTable *gp_estimate_rows_group_instances  (GpEstimateList  *estimates);
GPtrArray  *gp_estimate_rows_dup_gpus         (GHashTable      *instances_by_platform);
GtkStringList *gp_estimate_rows_compare_choices (GPtrArray  *gpus,
                                                 const char *chosen,
                                                 guint      *selected);
char       *gp_estimate_rows_dup_fit_message  (GpGpu             *gpu,
                                               const GpMemoryFit *fit);
void        gp_estimate_rows_set_launch_action (GtkActionable *button,
                                                GpEstimate    *estimate,
                                                const char    *data_region);
char       *gp_estimate_rows_dup_fit_button_label (const GpMemoryFit *fit);

G_END_DECLS
