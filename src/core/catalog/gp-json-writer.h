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
  GP_JSON_VALUE_NUMBERS,
} GpJsonValueKind;

/**
 * GpJsonValue:
 * @kind: what it holds
 * @string: for %GP_JSON_VALUE_STRING
 * @number: for a number, an integer or a boolean (0 is false)
 * @strings: for %GP_JSON_VALUE_STRINGS, an array of strings
 * @numbers: for %GP_JSON_VALUE_NUMBERS, an array of @length numbers
 * @length: how many @numbers
 *
 * A plain value of a row that gp_json_append_row() writes.
 */
typedef struct
{
  GpJsonValueKind     kind;
  const char         *string;
  double              number;
  const char * const *strings;
  const double       *numbers;
  guint               length;
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
void    gp_json_append_flat_object (GString            *out,
                                    guint               indent,
                                    const char * const *keys,
                                    const GpJsonValue  *values,
                                    guint               n);
void    gp_json_append_member (GString            *out,
                               gboolean            first,
                               guint               indent,
                               const char         *name);
void    gp_json_append_element (GString           *out,
                                gboolean           first,
                                guint              indent);
void    gp_json_append_value  (GString            *out,
                               guint               indent,
                               const GpJsonValue  *value);
void    gp_json_append_node   (GString            *out,
                               guint               indent,
                               JsonNode           *node);
void    gp_json_append_close  (GString            *out,
                               guint               indent,
                               char                bracket);

G_END_DECLS
