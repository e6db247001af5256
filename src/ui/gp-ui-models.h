/* gp-ui-models.h — the lists the pages share: presets, regions, GPUs
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
void           gp_ui_select_gpu       (AdwComboRow   *row,
                                       const char    *id);
void           gp_ui_select_currency  (AdwComboRow   *row,
                                       const char    *code);

G_END_DECLS
