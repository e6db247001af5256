/* gp-catalog-walk.c — the walk of a catalog file: where in it the loader is, and the checked
 * readers of its values, each failing with the file and the JSON path of what it read
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The path is kept as a small stack of segments and only turned into text when there is
 * something to report, such as `instances[12].prices[0].spot`.
 */

#include "config.h"

#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "gp-catalog-loader.h"
#include "gp-catalog-walk.h"
#include "gp-json-reader.h"
#include "gp-json-writer.h"
#include "gp-text.h"

void
gp_walk_push_key (Walk       *walk,
                  const char *key)
{
  g_assert (walk->depth < GP_WALK_MAX_DEPTH);
  walk->path[walk->depth++] = (Segment){ key, 0 };
}

void
gp_walk_push_index (Walk  *walk,
                    guint  index)
{
  g_assert (walk->depth < GP_WALK_MAX_DEPTH);
  walk->path[walk->depth++] = (Segment){ NULL, index };
}

void
gp_walk_pop (Walk *walk)
{
  g_assert (walk->depth > 0);
  walk->depth--;
}

static char *
path_to_string (Walk *walk)
{
  GString *path = g_string_new (NULL);

  for (guint i = 0; i < walk->depth; i++)
    {
      if (walk->path[i].key == NULL)
        g_string_append_printf (path, "[%u]", walk->path[i].index);
      else
        {
          if (path->len > 0)
            g_string_append_c (path, '.');
          g_string_append (path, walk->path[i].key);
        }
    }

  if (path->len == 0)
    g_string_append (path, "(top level)");

  return g_string_free (path, FALSE);
}

G_GNUC_PRINTF (3, 4) gboolean
gp_walk_fail (Walk           *walk,
               GpCatalogError  code,
               const char     *format,
               ...)
{
  g_autofree char *path = path_to_string (walk);
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  g_set_error (walk->error, GP_CATALOG_ERROR, code, "%s: %s: %s", walk->file, path, message);
  return FALSE;
}

G_GNUC_PRINTF (2, 3) void
gp_walk_warn (Walk       *walk,
               const char *format,
               ...)
{
  g_autofree char *path = path_to_string (walk);
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  g_ptr_array_add (walk->warnings, g_strdup_printf ("%s: %s: %s", walk->file, path, message));
}

/* What the value was, for messages: its JSON text, shortened. */
static char *
describe (JsonNode *node)
{
  g_autofree char *text = gp_json_to_string (node, FALSE);

  if (g_utf8_strlen (text, -1) > 40)
    {
      g_autofree char *start = g_utf8_substring (text, 0, 37);
      return g_strconcat (start, "…", NULL);
    }

  return g_steal_pointer (&text);
}

gboolean
gp_walk_fail_type (Walk       *walk,
                   JsonNode   *node,
                   const char *expected)
{
  g_autofree char *got = describe (node);

  return gp_walk_fail (walk, GP_CATALOG_ERROR_WRONG_TYPE, "expected %s, got %s", expected, got);
}

/* Rejects members the schema does not define, so that a misspelt field is not silently
 * ignored. Members whose names start with "_" are comments. */
gboolean
gp_walk_check_present_fields (Walk              *walk,
                              JsonObject        *object,
                              const char *const *known,
                              guint32           *present)
{
  JsonObjectIter iter;
  const char *name;

  if (present != NULL)
    *present = 0;
  json_object_iter_init (&iter, object);
  while (json_object_iter_next (&iter, &name, NULL))
    {
      gboolean found = name[0] == '_';

      for (guint i = 0; !found && known[i] != NULL; i++)
        if (strcmp (name, known[i]) == 0)
          {
            found = TRUE;
            if (present != NULL && i < 32)
              *present |= 1u << i;
          }

      if (!found)
        {
          gp_walk_push_key (walk, name);
          return gp_walk_fail (walk, GP_CATALOG_ERROR_UNKNOWN_FIELD,
                               "unknown field (schema version %d)", GP_CATALOG_SCHEMA_VERSION);
        }
    }

  return TRUE;
}

gboolean
gp_walk_check_fields (Walk              *walk,
                      JsonObject        *object,
                      const char *const *known)
{
  return gp_walk_check_present_fields (walk, object, known, NULL);
}

/* Looks up a member; a JSON null counts as absent. */
JsonNode *
gp_walk_member (JsonObject *object,
                const char *key)
{
  JsonNode *node = json_object_get_member (object, key);

  return node != NULL && !JSON_NODE_HOLDS_NULL (node) ? node : NULL;
}

gboolean
gp_walk_missing (Walk       *walk,
                 const char *key)
{
  gp_walk_push_key (walk, key);
  return gp_walk_fail (walk, GP_CATALOG_ERROR_MISSING_FIELD, "required field is missing");
}

/* A string's characters: an id only what ids use, a name printable text on a line, any
 * other text printable text; never a lone surrogate nor a control character. */
static gboolean
check_text (Walk       *walk,
            const char *value,
            GpTextKind  kind)
{
  g_autofree char *problem = NULL;

  if (gp_text_check (value, -1, kind, &problem))
    return TRUE;
  return gp_walk_fail (walk, GP_CATALOG_ERROR_INVALID_VALUE, "%s", problem);
}

static gboolean
read_text (Walk        *walk,
           JsonObject  *object,
           const char  *key,
           gboolean     required,
           GpTextKind   kind,
           char       **out)
{
  JsonNode *node = gp_walk_member (object, key);
  const char *value;

  if (node == NULL)
    return required ? gp_walk_missing (walk, key) : TRUE;

  gp_walk_push_key (walk, key);
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return gp_walk_fail_type (walk, node, "a string");

  value = json_node_get_string (node);
  if (required && value[0] == '\0')
    return gp_walk_fail (walk, GP_CATALOG_ERROR_INVALID_VALUE, "must not be empty");
  if (!check_text (walk, value, kind))
    return FALSE;
  gp_walk_pop (walk);

  g_free (*out);
  *out = g_strdup (value);
  return TRUE;
}

gboolean
gp_walk_read_string (Walk        *walk,
                     JsonObject  *object,
                     const char  *key,
                     gboolean     required,
                     char       **out)
{
  return read_text (walk, object, key, required, GP_TEXT_NOTE, out);
}

gboolean
gp_walk_read_id (Walk        *walk,
                 JsonObject  *object,
                 const char  *key,
                 gboolean     required,
                 char       **out)
{
  return read_text (walk, object, key, required, GP_TEXT_ID, out);
}

gboolean
gp_walk_read_name (Walk        *walk,
                   JsonObject  *object,
                   const char  *key,
                   gboolean     required,
                   char       **out)
{
  return read_text (walk, object, key, required, GP_TEXT_NAME, out);
}

gboolean
gp_walk_read_boolean (Walk       *walk,
                      JsonObject *object,
                      const char *key,
                      gboolean   *out)
{
  JsonNode *node = gp_walk_member (object, key);

  if (node == NULL)
    return TRUE;

  gp_walk_push_key (walk, key);
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
    return gp_walk_fail_type (walk, node, "true or false");
  gp_walk_pop (walk);

  *out = json_node_get_boolean (node);
  return TRUE;
}

gboolean
gp_walk_node_to_number (Walk     *walk,
                        JsonNode *node,
                        double   *out)
{
  GType type;
  double value;

  if (!JSON_NODE_HOLDS_VALUE (node))
    return gp_walk_fail_type (walk, node, "a non-negative number");

  type = json_node_get_value_type (node);
  if (type == G_TYPE_DOUBLE)
    value = json_node_get_double (node);
  else if (type == G_TYPE_INT64)
    value = (double) json_node_get_int (node);
  else
    return gp_walk_fail_type (walk, node, "a non-negative number");

  if (!isfinite (value))
    return gp_walk_fail (walk, GP_CATALOG_ERROR_INVALID_VALUE, "expected a finite number");
  /* What the text reader refuses, a tree from an importer must not hold either: a layer that
   * passed here would be refused when read back, and block every later refresh. */
  if (fabs (value) > GP_JSON_MAX_NUMBER)
    return gp_walk_fail (walk, GP_CATALOG_ERROR_INVALID_VALUE, "expected a number of at most 1e15");
  if (value < 0)
    {
      g_autofree char *got = describe (node);
      return gp_walk_fail (walk, GP_CATALOG_ERROR_INVALID_VALUE,
                           "expected a non-negative number, got %s", got);
    }

  *out = value;
  return TRUE;
}

gboolean
gp_walk_read_number (Walk       *walk,
                     JsonObject *object,
                     const char *key,
                     gboolean    required,
                     double     *out)
{
  JsonNode *node = gp_walk_member (object, key);

  if (node == NULL)
    return required ? gp_walk_missing (walk, key) : TRUE;

  gp_walk_push_key (walk, key);
  if (!gp_walk_node_to_number (walk, node, out))
    return FALSE;
  gp_walk_pop (walk);

  return TRUE;
}

gboolean
gp_walk_read_count (Walk       *walk,
                    JsonObject *object,
                    const char *key,
                    gboolean    required,
                    guint      *out)
{
  JsonNode *node = gp_walk_member (object, key);
  double value;

  if (node == NULL)
    return required ? gp_walk_missing (walk, key) : TRUE;

  gp_walk_push_key (walk, key);
  if (!gp_walk_node_to_number (walk, node, &value))
    return FALSE;
  if (value != floor (value) || value > G_MAXUINT32)
    {
      g_autofree char *got = describe (node);
      return gp_walk_fail (walk, GP_CATALOG_ERROR_INVALID_VALUE, "expected a whole number, got %s",
                           got);
    }
  gp_walk_pop (walk);

  *out = (guint) value;
  return TRUE;
}

static gboolean
read_nick (Walk       *walk,
           JsonNode   *node,
           GType       type,
           guint      *out)
{
  const char *nick;

  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return gp_walk_fail_type (walk, node, "a string");

  nick = json_node_get_string (node);
  if (G_TYPE_IS_ENUM (type))
    {
      g_autoptr(GEnumClass) klass = g_type_class_ref (type);
      GEnumValue *value = g_enum_get_value_by_nick (klass, nick);

      if (value != NULL)
        {
          *out = (guint) value->value;
          return TRUE;
        }
    }
  else
    {
      g_autoptr(GFlagsClass) klass = g_type_class_ref (type);
      GFlagsValue *value = g_flags_get_value_by_nick (klass, nick);

      if (value != NULL && value->value != 0)
        {
          *out |= value->value;
          return TRUE;
        }
    }

  return gp_walk_fail (walk, GP_CATALOG_ERROR_INVALID_VALUE, "unknown value \"%s\"", nick);
}

gboolean
gp_walk_read_enum (Walk       *walk,
                   JsonObject *object,
                   const char *key,
                   GType       type,
                   guint      *out)
{
  JsonNode *node = gp_walk_member (object, key);

  if (node == NULL)
    return gp_walk_missing (walk, key);

  gp_walk_push_key (walk, key);
  if (!read_nick (walk, node, type, out))
    return FALSE;
  gp_walk_pop (walk);

  return TRUE;
}

gboolean
gp_walk_read_flags (Walk       *walk,
                    JsonObject *object,
                    const char *key,
                    GType       type,
                    guint      *out)
{
  JsonNode *node = gp_walk_member (object, key);
  JsonArray *array;

  if (node == NULL)
    return TRUE;

  gp_walk_push_key (walk, key);
  if (!JSON_NODE_HOLDS_ARRAY (node))
    return gp_walk_fail_type (walk, node, "an array of strings");

  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      gp_walk_push_index (walk, i);
      if (!read_nick (walk, json_array_get_element (array, i), type, out))
        return FALSE;
      gp_walk_pop (walk);
    }
  gp_walk_pop (walk);

  return TRUE;
}

gboolean
gp_walk_read_strv (Walk        *walk,
                   JsonObject  *object,
                   const char  *key,
                   GpTextKind   kind,
                   GStrv       *out)
{
  JsonNode *node = gp_walk_member (object, key);
  g_autoptr(GStrvBuilder) builder = NULL;
  JsonArray *array;

  if (node == NULL)
    return TRUE;

  gp_walk_push_key (walk, key);
  if (!JSON_NODE_HOLDS_ARRAY (node))
    return gp_walk_fail_type (walk, node, "an array of strings");

  builder = g_strv_builder_new ();
  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);

      gp_walk_push_index (walk, i);
      if (!JSON_NODE_HOLDS_VALUE (element) || json_node_get_value_type (element) != G_TYPE_STRING)
        return gp_walk_fail_type (walk, element, "a string");
      if (!check_text (walk, json_node_get_string (element), kind))
        return FALSE;
      g_strv_builder_add (builder, json_node_get_string (element));
      gp_walk_pop (walk);
    }
  gp_walk_pop (walk);

  g_strfreev (*out);
  *out = g_strv_builder_end (builder);
  return TRUE;
}

/* Every figure needs a source: a group of figures names one by id. */
gboolean
gp_walk_read_source_ref (Walk        *walk,
                         JsonObject  *object,
                         gboolean     required,
                         char       **out)
{
  JsonNode *node = gp_walk_member (object, "source");

  if (node == NULL)
    {
      if (!required)
        return TRUE;
      gp_walk_push_key (walk, "source");
      return gp_walk_fail (walk, GP_CATALOG_ERROR_MISSING_SOURCE,
                           "every figure needs a source: name one of the catalog's sources");
    }

  return gp_walk_read_id (walk, object, "source", TRUE, out);
}

gboolean
gp_walk_read_object_array (Walk         *walk,
                           JsonObject   *object,
                           const char   *key,
                           gboolean      required,
                           ReadItemFunc  read_item,
                           gpointer      user_data)
{
  JsonNode *node = gp_walk_member (object, key);
  JsonArray *array;

  if (node == NULL)
    return required ? gp_walk_missing (walk, key) : TRUE;

  gp_walk_push_key (walk, key);
  if (!JSON_NODE_HOLDS_ARRAY (node))
    return gp_walk_fail_type (walk, node, "an array");

  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);

      gp_walk_push_index (walk, i);
      if (!JSON_NODE_HOLDS_OBJECT (element))
        return gp_walk_fail_type (walk, element, "an object");
      if (!read_item (walk, json_node_get_object (element), i, user_data))
        return FALSE;
      gp_walk_pop (walk);
    }
  gp_walk_pop (walk);

  return TRUE;
}

/* Enters an optional member that must be an object; *out is NULL when it is absent. */
gboolean
gp_walk_enter_object (Walk        *walk,
                      JsonObject  *object,
                      const char  *key,
                      JsonObject **out)
{
  JsonNode *node = gp_walk_member (object, key);

  *out = NULL;
  if (node == NULL)
    return TRUE;

  gp_walk_push_key (walk, key);
  if (!JSON_NODE_HOLDS_OBJECT (node))
    return gp_walk_fail_type (walk, node, "an object");

  *out = json_node_get_object (node);
  return TRUE;
}

gboolean
gp_walk_read_date (Walk        *walk,
                   JsonObject  *object,
                   const char  *key,
                   gboolean     required,
                   char       **out)
{
  if (!gp_walk_read_string (walk, object, key, required, out))
    return FALSE;

  if (*out != NULL && !gp_date_is_valid (*out, TRUE))
    {
      gp_walk_push_key (walk, key);
      return gp_walk_fail (walk, GP_CATALOG_ERROR_INVALID_VALUE,
                           "expected a date as YYYY, YYYY-MM or YYYY-MM-DD, got \"%s\"", *out);
    }
  if (*out != NULL && gp_date_is_after_today (*out))
    {
      gp_walk_push_key (walk, key);
      return gp_walk_fail (walk, GP_CATALOG_ERROR_INVALID_VALUE,
                           "\"%s\" is later than today: a figure is dated no later than it is read",
                           *out);
    }

  return TRUE;
}

/* Ids are unique per kind within one file; a later layer may reuse them to override. */
gboolean
gp_walk_check_unique (Walk       *walk,
                      GHashTable *seen,
                      const char *id,
                      const char *kind,
                      guint       index)
{
  gpointer first;

  if (g_hash_table_lookup_extended (seen, id, NULL, &first))
    {
      gp_walk_push_key (walk, "id");
      return gp_walk_fail (walk, GP_CATALOG_ERROR_DUPLICATE_ID,
                           "duplicate id \"%s\", first at %s[%u]", id, kind,
                           GPOINTER_TO_UINT (first));
    }

  g_hash_table_insert (seen, (gpointer) id, GUINT_TO_POINTER (index));
  return TRUE;
}

/* A percentage: from 0 to 100. */
gboolean
gp_walk_read_percentage (Walk       *walk,
                         JsonObject *object,
                         const char *key,
                         double     *out)
{
  if (!gp_walk_read_number (walk, object, key, FALSE, out))
    return FALSE;

  if (*out > 100)
    {
      gp_walk_push_key (walk, key);
      return gp_walk_fail (walk, GP_CATALOG_ERROR_INVALID_VALUE,
                           "a percentage is at most 100, got %g", *out);
    }

  return TRUE;
}

/* An ISO 4217 code: three capital letters. */
gboolean
gp_walk_read_currency (Walk        *walk,
                       JsonObject  *object,
                       const char  *key,
                       char       **out)
{
  if (!gp_walk_read_string (walk, object, key, FALSE, out))
    return FALSE;

  if (*out != NULL && (strlen (*out) != 3 || !g_ascii_isupper ((*out)[0]) ||
                       !g_ascii_isupper ((*out)[1]) || !g_ascii_isupper ((*out)[2])))
    {
      gp_walk_push_key (walk, key);
      return gp_walk_fail (walk, GP_CATALOG_ERROR_INVALID_VALUE,
                           "expected an ISO 4217 currency code such as \"USD\", got \"%s\"", *out);
    }

  return TRUE;
}
