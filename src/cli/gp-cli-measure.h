/* gp-cli-measure.h — gpu-planner-cli measure-script and measurement
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

int gp_cli_measure_script (int    argc,
                           char **argv);
int gp_cli_measurement    (int    argc,
                           char **argv);

G_END_DECLS
