/* gp-ui-models.h — what the pages share: their lists, toasts and tooltips
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "gp-catalog.h"

G_BEGIN_DECLS

GtkStringList *gp_ui_preset_names_new (void);
void           gp_ui_fill_regions     (GtkStringList *regions,
                                       GpCatalog     *catalog);
GtkExpression *gp_ui_region_expression_new (void);
void           gp_ui_fill_gpus        (GListStore    *gpus,
                                       GpCatalog     *catalog);
void           gp_ui_show_toast       (GtkWidget     *widget,
                                       const char    *message);
void           gp_ui_set_tooltip      (GtkWidget     *widget,
                                       const char    *text);
const char    *gp_ui_get_tooltip      (GtkWidget     *widget);

G_END_DECLS
