/* gp-cli-lab.h — the lab's own machines: lab add, lab list, lab remove, and breakeven
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

int gp_cli_lab       (int    argc,
                      char **argv);
int gp_cli_breakeven (int    argc,
                      char **argv);

G_END_DECLS
