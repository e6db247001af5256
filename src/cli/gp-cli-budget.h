/* gp-cli-budget.h — budget: a grant budget of a plan or a job, as PDF, Markdown or CSV
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

int gp_cli_budget (int    argc,
                   char **argv);

G_END_DECLS
