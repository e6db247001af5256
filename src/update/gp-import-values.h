/* gp-import-values.h — the values of a price list's row, checked before an importer uses them
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* The most GPUs one instance type is believed to hold: a count above it is a broken row. */
#define GP_IMPORT_MAX_GPU_COUNT 1024

gboolean          gp_import_parse_price          (const char       *text,
                                                  double           *value);
double            gp_import_parse_number         (const char       *text);
gboolean          gp_import_parse_count          (const char       *text,
                                                  guint            *count,
                                                  const char      **problem);
double            gp_import_parse_gpu_info_memory (const char      *gpu_info);
char             *gp_import_clean_text           (const char       *text);
char             *gp_import_slug                 (const char       *text);
JsonObject       *gp_import_json_object          (JsonObject       *object,
                                                  const char       *member);
JsonArray        *gp_import_json_array           (JsonObject       *object,
                                                  const char       *member);
const char       *gp_import_json_string          (JsonObject       *object,
                                                  const char       *member);
JsonNode         *gp_import_json_layer_new       (const char       *name,
                                                  JsonObject       *source,
                                                  JsonArray        *instances);

G_END_DECLS
