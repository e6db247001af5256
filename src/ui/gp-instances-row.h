/* gp-instances-row.h — a row of the Instances table, its cells drawn by the row
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "gp-offer.h"

G_BEGIN_DECLS

#define GP_TYPE_INSTANCES_ROW (gp_instances_row_get_type ())

G_DECLARE_FINAL_TYPE (GpInstancesRow, gp_instances_row, GP, INSTANCES_ROW, GtkWidget)

GpOffer    *gp_instances_row_get_offer       (GpInstancesRow  *self);
const char *gp_instances_row_get_text        (GpInstancesRow  *self,
                                              const char      *column_id);
char       *gp_instances_row_dup_text        (GpInstancesRow  *self);
char       *gp_instances_row_dup_tooltip     (GpInstancesRow  *self,
                                              const char      *column_id);
gboolean    gp_instances_row_cell_has_style  (GpInstancesRow  *self,
                                              const char      *column_id,
                                              const char      *style);
gboolean    gp_instances_row_get_cell_bounds (GpInstancesRow  *self,
                                              const char      *column_id,
                                              graphene_rect_t *bounds);

G_END_DECLS
