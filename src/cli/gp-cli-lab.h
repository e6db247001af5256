/* gp-cli-lab.h — the lab's own machines: lab add, lab list, lab remove, and breakeven
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "gp-catalog.h"
#include "gp-cli-output.h"

G_BEGIN_DECLS

int gp_cli_lab       (int    argc,
                      char **argv);
GpInstance *gp_cli_find_lab_machine (GpCatalog   *catalog,
                                     const char  *lab);
int         gp_cli_breakeven_print  (GpCatalog     *catalog,
                                     GpInstance    *machine,
                                     double         gpu_hours,
                                     GpLabLocation  lab,
                                     GpCliFormat    format);

G_END_DECLS
