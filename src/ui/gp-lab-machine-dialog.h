/* gp-lab-machine-dialog.h — a machine the lab owns, entered to compare with renting
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "gp-catalog.h"
#include "gp-lab-layer.h"
#include "gp-offer-dialog.h"

G_BEGIN_DECLS

#define GP_TYPE_LAB_MACHINE_DIALOG (gp_lab_machine_dialog_get_type ())

G_DECLARE_FINAL_TYPE (GpLabMachineDialog, gp_lab_machine_dialog, GP, LAB_MACHINE_DIALOG,
                      GpOfferDialog)

GpLabMachineDialog *gp_lab_machine_dialog_new         (GtkWindow          *parent,
                                                       GpCatalog          *catalog,
                                                       const char         *currency,
                                                       GpLabLocation       lab);
GpLabMachine       *gp_lab_machine_dialog_dup_machine (GpLabMachineDialog *self,
                                                       GError            **error);
void                gp_lab_machine_dialog_set_machine (GpLabMachineDialog *self,
                                                       const GpLabMachine *machine);

G_END_DECLS
