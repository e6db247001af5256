/* gp-cli-estimate.h — estimate, presets and chart
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

int gp_cli_estimate (int    argc,
                     char **argv);
int gp_cli_presets  (int    argc,
                     char **argv);
int gp_cli_chart    (int    argc,
                     char **argv);
int gp_cli_recommend (int    argc,
                      char **argv);
int gp_cli_breakeven (int    argc,
                      char **argv);

G_END_DECLS
