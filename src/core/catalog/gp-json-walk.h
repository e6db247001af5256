/* gp-json-walk.h — the walk of a JSON file: where in it a reader is, and the checked readers of
 * its values, each failing as "file: path: message"
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every file the program reads field by field goes through it: catalogs, the estimator data,
 * measurements and plans. Each reader keeps its own error domain: the walk reports in the
 * domain it was set up with, the kinds of problem it finds itself mapped to that domain's codes.
 */

#pragma once

#include <json-glib/json-glib.h>

#include "gp-text.h"

G_BEGIN_DECLS

#define GP_JSON_WALK_ERROR (gp_json_walk_error_quark ())

/**
 * GpJsonWalkError:
 * @GP_JSON_WALK_ERROR_MISSING_FIELD: a required member is absent
 * @GP_JSON_WALK_ERROR_WRONG_TYPE: a member holds a value of the wrong JSON type
 * @GP_JSON_WALK_ERROR_INVALID_VALUE: a value is out of range, malformed or unknown
 * @GP_JSON_WALK_ERROR_UNKNOWN_FIELD: an object has a member its format does not define
 * @GP_JSON_WALK_ERROR_DUPLICATE_ID: two entries of one kind share an id
 * @GP_JSON_WALK_N_ERRORS: the number of kinds, the length of a walk's code table
 *
 * The problems the walk's readers find themselves.
 */
typedef enum
{
  GP_JSON_WALK_ERROR_MISSING_FIELD,
  GP_JSON_WALK_ERROR_WRONG_TYPE,
  GP_JSON_WALK_ERROR_INVALID_VALUE,
  GP_JSON_WALK_ERROR_UNKNOWN_FIELD,
  GP_JSON_WALK_ERROR_DUPLICATE_ID,
  GP_JSON_WALK_N_ERRORS,
} GpJsonWalkError;

#define GP_JSON_WALK_MAX_DEPTH 8

typedef struct
{
  const char *key;   /* a member name, or NULL for an array index */
  guint       index;
} GpJsonWalkSegment;

typedef struct
{
  const char        *file;
  GError           **error;
  GPtrArray         *warnings;
  GQuark             domain;
  const int         *codes;   /* the domain's code for each GpJsonWalkError */
  GpJsonWalkSegment  path[GP_JSON_WALK_MAX_DEPTH];
  guint              depth;
} GpJsonWalk;

typedef gboolean (*GpJsonWalkItemFunc) (GpJsonWalk *walk,
                                        JsonObject *object,
                                        guint       index,
                                        gpointer    user_data);

GQuark    gp_json_walk_error_quark          (void);
void      gp_json_walk_init                 (GpJsonWalk  *walk,
                                             const char  *file,
                                             GQuark       domain,
                                             const int   *codes,
                                             GError     **error);
void      gp_json_walk_push_key             (GpJsonWalk *walk,
                                             const char *key);
void      gp_json_walk_push_index           (GpJsonWalk *walk,
                                             guint       index);
void      gp_json_walk_pop                  (GpJsonWalk *walk);
char     *gp_json_walk_dup_path             (GpJsonWalk *walk);
gboolean  gp_json_walk_fail                 (GpJsonWalk *walk,
                                             int         code,
                                             const char *format,
                                             ...) G_GNUC_PRINTF (3, 4);
gboolean  gp_json_walk_fail_at              (GpJsonWalk *walk,
                                             const char *key,
                                             int         code,
                                             const char *format,
                                             ...) G_GNUC_PRINTF (4, 5);
int       gp_json_walk_code                 (GpJsonWalk      *walk,
                                             GpJsonWalkError  kind);
void      gp_json_walk_warn                 (GpJsonWalk *walk,
                                             const char *format,
                                             ...) G_GNUC_PRINTF (2, 3);
gboolean  gp_json_walk_fail_type            (GpJsonWalk *walk,
                                             JsonNode   *node,
                                             const char *expected);
gboolean  gp_json_walk_check_present_fields (GpJsonWalk        *walk,
                                             JsonObject        *object,
                                             const char *const *known,
                                             guint32           *present);
gboolean  gp_json_walk_check_fields         (GpJsonWalk        *walk,
                                             JsonObject        *object,
                                             const char *const *known);
JsonNode *gp_json_walk_member               (JsonObject *object,
                                             const char *key);
gboolean  gp_json_walk_missing              (GpJsonWalk *walk,
                                             const char *key);
gboolean  gp_json_walk_read_text            (GpJsonWalk  *walk,
                                             JsonObject  *object,
                                             const char  *key,
                                             gboolean     required,
                                             GpTextKind   kind,
                                             char       **out);
gboolean  gp_json_walk_read_string          (GpJsonWalk  *walk,
                                             JsonObject  *object,
                                             const char  *key,
                                             gboolean     required,
                                             char       **out);
gboolean  gp_json_walk_read_id              (GpJsonWalk  *walk,
                                             JsonObject  *object,
                                             const char  *key,
                                             gboolean     required,
                                             char       **out);
gboolean  gp_json_walk_read_name            (GpJsonWalk  *walk,
                                             JsonObject  *object,
                                             const char  *key,
                                             gboolean     required,
                                             char       **out);
gboolean  gp_json_walk_read_boolean         (GpJsonWalk *walk,
                                             JsonObject *object,
                                             const char *key,
                                             gboolean   *out);
gboolean  gp_json_walk_node_to_number       (GpJsonWalk *walk,
                                             JsonNode   *node,
                                             double     *out);
gboolean  gp_json_walk_read_number          (GpJsonWalk *walk,
                                             JsonObject *object,
                                             const char *key,
                                             gboolean    required,
                                             double     *out);
gboolean  gp_json_walk_read_range           (GpJsonWalk *walk,
                                             JsonObject *object,
                                             const char *key,
                                             double      min,
                                             gboolean    above,
                                             double      max,
                                             double     *out);
gboolean  gp_json_walk_read_count           (GpJsonWalk *walk,
                                             JsonObject *object,
                                             const char *key,
                                             gboolean    required,
                                             guint      *out);
gboolean  gp_json_walk_read_enum            (GpJsonWalk *walk,
                                             JsonObject *object,
                                             const char *key,
                                             GType       type,
                                             guint      *out);
gboolean  gp_json_walk_read_flags           (GpJsonWalk *walk,
                                             JsonObject *object,
                                             const char *key,
                                             GType       type,
                                             guint      *out);
gboolean  gp_json_walk_read_strv            (GpJsonWalk *walk,
                                             JsonObject *object,
                                             const char *key,
                                             GpTextKind  kind,
                                             GStrv      *out);
gboolean  gp_json_walk_read_object_array    (GpJsonWalk         *walk,
                                             JsonObject         *object,
                                             const char         *key,
                                             gboolean            required,
                                             GpJsonWalkItemFunc  read_item,
                                             gpointer            user_data);
gboolean  gp_json_walk_enter_object         (GpJsonWalk  *walk,
                                             JsonObject  *object,
                                             const char  *key,
                                             JsonObject **out);
gboolean  gp_json_walk_enter_required       (GpJsonWalk  *walk,
                                             JsonObject  *object,
                                             const char  *key,
                                             JsonObject **out);
gboolean  gp_json_walk_read_as_of           (GpJsonWalk  *walk,
                                             JsonObject  *object,
                                             const char  *key,
                                             gboolean     required,
                                             char       **out);
gboolean  gp_json_walk_read_day             (GpJsonWalk  *walk,
                                             JsonObject  *object,
                                             const char  *key,
                                             gboolean     required,
                                             char       **out);
gboolean  gp_json_walk_check_unique         (GpJsonWalk *walk,
                                             GHashTable *seen,
                                             const char *id,
                                             const char *kind,
                                             guint       index);
gboolean  gp_json_walk_read_percentage      (GpJsonWalk *walk,
                                             JsonObject *object,
                                             const char *key,
                                             double     *out);
gboolean  gp_json_walk_read_currency        (GpJsonWalk  *walk,
                                             JsonObject  *object,
                                             const char  *key,
                                             char       **out);

G_END_DECLS
