/* gp-literal.h — a value from data written as a literal of the language it goes into
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

char     *gp_literal_python     (const char *value);
char     *gp_literal_shell      (const char *value);
char     *gp_literal_yaml       (const char *value);
char     *gp_literal_json       (const char *value);
char     *gp_literal_shell_json (const char *value);
char     *gp_literal_text       (const char *value);
char     *gp_literal_encode     (const char *value,
                                 const char *language);

G_END_DECLS
