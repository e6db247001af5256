/* gp-json-writer.h — JSON trees as text, every number valid and as short as it can be
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

char   *gp_json_format_number (double    value,
                               char     *buffer);
char   *gp_json_to_string     (JsonNode *root,
                               gboolean  pretty);
GBytes *gp_json_to_bytes      (JsonNode *root,
                               gboolean  pretty);

G_END_DECLS
