/* gp-measure-script-dialog.h — which GPU the measuring script is for, and whether the job fits
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "gp-catalog.h"
#include "gp-workload.h"

G_BEGIN_DECLS

#define GP_TYPE_MEASURE_SCRIPT_DIALOG (gp_measure_script_dialog_get_type ())

G_DECLARE_FINAL_TYPE (GpMeasureScriptDialog, gp_measure_script_dialog, GP, MEASURE_SCRIPT_DIALOG,
                      AdwMessageDialog)

GpMeasureScriptDialog *gp_measure_script_dialog_new     (GtkWindow             *parent,
                                                         GpCatalog             *catalog,
                                                         GpWorkload            *job);
gboolean               gp_measure_script_dialog_fits    (GpMeasureScriptDialog *self);

G_END_DECLS
