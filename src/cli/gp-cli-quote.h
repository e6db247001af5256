/* gp-cli-quote.h — prices a lab was quoted: quote add, list, remove, import, template
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

int gp_cli_quote (int    argc,
                  char **argv);

G_END_DECLS
