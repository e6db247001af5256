/* gp-cli.h
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Exit codes of gpu-planner-cli: scripts depend on them. */
typedef enum
{
  GP_CLI_EXIT_OK = 0,
  GP_CLI_EXIT_BAD_INPUT = 1,
  GP_CLI_EXIT_USAGE = 2,
} GpCliExit;

int gp_cli_run (int    argc,
                char **argv);

G_END_DECLS
