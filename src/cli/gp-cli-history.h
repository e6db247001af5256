/* gp-cli-history.h — gpu-planner-cli history: an offer's prices over time
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

int gp_cli_history (int    argc,
                    char **argv);

G_END_DECLS
