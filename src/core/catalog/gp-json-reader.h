/* gp-json-reader.h — every JSON file the program reads, checked before json-glib parses it
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define GP_JSON_ERROR (gp_json_error_quark ())

/**
 * GpJsonError:
 * @GP_JSON_ERROR_SYNTAX: not JSON
 * @GP_JSON_ERROR_TOO_LARGE: larger than the cap
 * @GP_JSON_ERROR_TOO_DEEP: nested deeper than the limit
 * @GP_JSON_ERROR_TRAILING: more than one value in the text
 * @GP_JSON_ERROR_NUL: a NUL character, in a string or raw
 * @GP_JSON_ERROR_DUPLICATE_KEY: one key twice in one object
 * @GP_JSON_ERROR_NUMBER: a number that is not finite or out of range
 */
typedef enum
{
  GP_JSON_ERROR_SYNTAX,
  GP_JSON_ERROR_TOO_LARGE,
  GP_JSON_ERROR_TOO_DEEP,
  GP_JSON_ERROR_TRAILING,
  GP_JSON_ERROR_NUL,
  GP_JSON_ERROR_DUPLICATE_KEY,
  GP_JSON_ERROR_NUMBER,
} GpJsonError;

/* Deeper than any file of ours nests by far; json-glib's parser recurses once a level. */
#define GP_JSON_MAX_DEPTH 64
/* A catalog of a million offers is about 100 MiB. */
#define GP_JSON_MAX_SIZE (256 * 1024 * 1024)
/* Beyond this a figure is a broken file, and an integer no longer exact as a double. */
#define GP_JSON_MAX_NUMBER 1e15

typedef void (*GpJsonElementFunc) (JsonArray *array,
                                   guint      index,
                                   gpointer   user_data);

GQuark    gp_json_error_quark (void);
gboolean  gp_json_check       (const char  *text,
                               gsize        length,
                               const char  *file,
                               GError     **error);
JsonNode *gp_json_read        (const char  *text,
                               gsize        length,
                               const char  *file,
                               GError     **error);
JsonNode *gp_json_parse       (const char  *text,
                               gsize        length,
                               const char  *file,
                               GpJsonElementFunc element_func,
                               gpointer     element_data,
                               GError     **error);
JsonNode *gp_json_read_bytes  (GBytes      *bytes,
                               const char  *file,
                               GError     **error);

G_END_DECLS
