/* gp-catalog-walk.h — the walk of a catalog file: where in it the loader is, and the checked
 * readers of its values, each failing with the file and the JSON path of what it read
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Private to src/core/catalog: the loader reads the catalog's schema through it.
 */

#pragma once

#include <json-glib/json-glib.h>

#include "gp-catalog-error.h"
#include "gp-text.h"

G_BEGIN_DECLS

#define GP_WALK_MAX_DEPTH 8

typedef struct
{
  const char *key;   /* a member name, or NULL for an array index */
  guint       index;
} Segment;

typedef struct
{
  const char  *file;
  GError     **error;
  GPtrArray   *warnings;
  Segment      path[GP_WALK_MAX_DEPTH];
  guint        depth;
} Walk;

typedef gboolean (*ReadItemFunc) (Walk       *walk,
                                  JsonObject *object,
                                  guint       index,
                                  gpointer    user_data);

void      gp_walk_push_key             (Walk       *walk,
                                        const char *key);
void      gp_walk_push_index           (Walk  *walk,
                                        guint index);
void      gp_walk_pop                  (Walk *walk);
gboolean  gp_walk_fail                 (Walk           *walk,
                                        GpCatalogError  code,
                                        const char     *format,
                                        ...) G_GNUC_PRINTF (3, 4);
void      gp_walk_warn                 (Walk       *walk,
                                        const char *format,
                                        ...) G_GNUC_PRINTF (2, 3);
gboolean  gp_walk_fail_type            (Walk       *walk,
                                        JsonNode   *node,
                                        const char *expected);
gboolean  gp_walk_check_present_fields (Walk              *walk,
                                        JsonObject        *object,
                                        const char *const *known,
                                        guint32           *present);
gboolean  gp_walk_check_fields         (Walk              *walk,
                                        JsonObject        *object,
                                        const char *const *known);
JsonNode *gp_walk_member               (JsonObject *object,
                                        const char *key);
gboolean  gp_walk_missing              (Walk       *walk,
                                        const char *key);
gboolean  gp_walk_read_string          (Walk       *walk,
                                        JsonObject *object,
                                        const char *key,
                                        gboolean   required,
                                        char       **out);
gboolean  gp_walk_read_id              (Walk       *walk,
                                        JsonObject *object,
                                        const char *key,
                                        gboolean   required,
                                        char       **out);
gboolean  gp_walk_read_name            (Walk       *walk,
                                        JsonObject *object,
                                        const char *key,
                                        gboolean   required,
                                        char       **out);
gboolean  gp_walk_read_boolean         (Walk       *walk,
                                        JsonObject *object,
                                        const char *key,
                                        gboolean   *out);
gboolean  gp_walk_node_to_number       (Walk     *walk,
                                        JsonNode *node,
                                        double   *out);
gboolean  gp_walk_read_number          (Walk       *walk,
                                        JsonObject *object,
                                        const char *key,
                                        gboolean   required,
                                        double     *out);
gboolean  gp_walk_read_count           (Walk       *walk,
                                        JsonObject *object,
                                        const char *key,
                                        gboolean   required,
                                        guint      *out);
gboolean  gp_walk_read_enum            (Walk       *walk,
                                        JsonObject *object,
                                        const char *key,
                                        GType      type,
                                        guint      *out);
gboolean  gp_walk_read_flags           (Walk       *walk,
                                        JsonObject *object,
                                        const char *key,
                                        GType      type,
                                        guint      *out);
gboolean  gp_walk_read_strv            (Walk       *walk,
                                        JsonObject *object,
                                        const char *key,
                                        GpTextKind kind,
                                        GStrv      *out);
gboolean  gp_walk_read_source_ref      (Walk       *walk,
                                        JsonObject *object,
                                        gboolean   required,
                                        char       **out);
gboolean  gp_walk_read_object_array    (Walk         *walk,
                                        JsonObject   *object,
                                        const char   *key,
                                        gboolean     required,
                                        ReadItemFunc read_item,
                                        gpointer     user_data);
gboolean  gp_walk_enter_object         (Walk       *walk,
                                        JsonObject *object,
                                        const char *key,
                                        JsonObject **out);
gboolean  gp_walk_read_date            (Walk       *walk,
                                        JsonObject *object,
                                        const char *key,
                                        gboolean   required,
                                        char       **out);
gboolean  gp_walk_check_unique         (Walk       *walk,
                                        GHashTable *seen,
                                        const char *id,
                                        const char *kind,
                                        guint      index);
gboolean  gp_walk_read_percentage      (Walk       *walk,
                                        JsonObject *object,
                                        const char *key,
                                        double     *out);
gboolean  gp_walk_read_currency        (Walk       *walk,
                                        JsonObject *object,
                                        const char *key,
                                        char       **out);

G_END_DECLS
