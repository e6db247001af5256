/* gp-cli-launch.h — launch: the code that starts a job on an offer
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

int gp_cli_launch (int    argc,
                   char **argv);

G_END_DECLS
