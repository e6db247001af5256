/* gp-json-writer.h — JSON trees as text, every number valid and as short as it can be
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

typedef enum
{
  GP_JSON_VALUE_NULL,
  GP_JSON_VALUE_STRING,
  GP_JSON_VALUE_NUMBER,
  GP_JSON_VALUE_INTEGER,
  GP_JSON_VALUE_BOOLEAN,
  GP_JSON_VALUE_STRINGS,
} GpJsonValueKind;

/**
 * GpJsonValue:
 * @kind: what it holds
 * @string: for %GP_JSON_VALUE_STRING
 * @number: for a number, an integer or a boolean (0 is false)
 * @strings: for %GP_JSON_VALUE_STRINGS, an array of strings
 *
 * A plain value of a row that gp_json_append_row() writes.
 */
typedef struct
{
  GpJsonValueKind     kind;
  const char         *string;
  double              number;
  const char * const *strings;
} GpJsonValue;

char   *gp_json_format_number (double    value,
                               char     *buffer);
char   *gp_json_to_string     (JsonNode *root,
                               gboolean  pretty);
GBytes *gp_json_to_bytes      (JsonNode *root,
                               gboolean  pretty);
void    gp_json_append_row    (GString            *out,
                               gboolean            first,
                               const char * const *keys,
                               const GpJsonValue  *values,
                               guint               n);

G_END_DECLS
