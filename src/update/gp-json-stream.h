/* gp-json-stream.h — JSON read token by token from a stream, in bounded memory
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

typedef enum
{
  GP_JSON_TOKEN_END,
  GP_JSON_TOKEN_BEGIN_OBJECT,
  GP_JSON_TOKEN_END_OBJECT,
  GP_JSON_TOKEN_BEGIN_ARRAY,
  GP_JSON_TOKEN_END_ARRAY,
  GP_JSON_TOKEN_STRING,
  GP_JSON_TOKEN_NUMBER,
  GP_JSON_TOKEN_TRUE,
  GP_JSON_TOKEN_FALSE,
  GP_JSON_TOKEN_NULL,
} GpJsonToken;

typedef struct _GpJsonStream GpJsonStream;

typedef void (*GpJsonStreamRead) (gsize    size,
                                  gpointer user_data);

GpJsonStream *gp_json_stream_new        (GInputStream  *input,
                                         const char    *name);
void          gp_json_stream_set_read_func (GpJsonStream     *stream,
                                            GpJsonStreamRead  read,
                                            gpointer          user_data);
void          gp_json_stream_free       (GpJsonStream  *stream);
gboolean      gp_json_stream_next       (GpJsonStream  *stream,
                                         GpJsonToken   *token,
                                         GCancellable  *cancellable,
                                         GError       **error);
const char   *gp_json_stream_get_key    (GpJsonStream  *stream);
const char   *gp_json_stream_get_text   (GpJsonStream  *stream);
guint         gp_json_stream_get_depth  (GpJsonStream  *stream);
char         *gp_json_stream_get_path   (GpJsonStream  *stream);
guint64       gp_json_stream_get_offset (GpJsonStream  *stream);
JsonNode     *gp_json_stream_read_value (GpJsonStream  *stream,
                                         GpJsonToken    first,
                                         GCancellable  *cancellable,
                                         GError       **error);
gboolean      gp_json_stream_skip_value (GpJsonStream  *stream,
                                         GpJsonToken    first,
                                         GCancellable  *cancellable,
                                         GError       **error);
void          gp_json_stream_set_error  (GpJsonStream  *stream,
                                         GError       **error,
                                         const char    *format,
                                         ...) G_GNUC_PRINTF (3, 4);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GpJsonStream, gp_json_stream_free)

G_END_DECLS
