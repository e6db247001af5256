/* gp-json-walk.c — the walk of a JSON file: where in it a reader is, and the checked readers of
 * its values, each failing as "file: path: message"
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "gp-json-walk.h"
#include "gp-json-reader.h"
#include "gp-json-writer.h"
#include "gp-text.h"

G_DEFINE_QUARK (gp-json-walk-error-quark, gp_json_walk_error)

/* With no domain, the walk reports its own kinds in GP_JSON_WALK_ERROR. */
void
gp_json_walk_init (GpJsonWalk  *walk,
                   const char  *file,
                   GQuark       domain,
                   const int   *codes,
                   GError     **error)
{
  g_return_if_fail (walk != NULL);
  g_return_if_fail (domain == 0 || codes != NULL);

  *walk = (GpJsonWalk){ .file = file, .error = error };
  walk->domain = domain != 0 ? domain : GP_JSON_WALK_ERROR;
  walk->codes = domain != 0 ? codes : NULL;
}

void
gp_json_walk_push_key (GpJsonWalk *walk,
                       const char *key)
{
  g_assert (walk->depth < GP_JSON_WALK_MAX_DEPTH);
  walk->path[walk->depth++] = (GpJsonWalkSegment){ key, 0 };
}

void
gp_json_walk_push_index (GpJsonWalk *walk,
                         guint       index)
{
  g_assert (walk->depth < GP_JSON_WALK_MAX_DEPTH);
  walk->path[walk->depth++] = (GpJsonWalkSegment){ NULL, index };
}

void
gp_json_walk_pop (GpJsonWalk *walk)
{
  g_assert (walk->depth > 0);
  walk->depth--;
}

/* The path is kept as segments and only turned into text when there is something to report,
 * such as `instances[12].prices[0].spot`. */
char *
gp_json_walk_dup_path (GpJsonWalk *walk)
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
    g_string_append (path, _("(top level)"));

  return g_string_free (path, FALSE);
}

G_GNUC_PRINTF (2, 0) static char *
dup_report (GpJsonWalk *walk,
            const char *format,
            va_list     args)
{
  g_autofree char *path = gp_json_walk_dup_path (walk);
  g_autofree char *message = g_strdup_vprintf (format, args);

  /* Translators: a problem in a file: the file, where in it (a JSON path such as
   * “phases[2].gpu_hours”), and what is wrong */
  return g_strdup_printf (_("%s: %s: %s"), walk->file, path, message);
}

G_GNUC_PRINTF (3, 0) static gboolean
fail_valist (GpJsonWalk *walk,
             int         code,
             const char *format,
             va_list     args)
{
  g_autofree char *report = dup_report (walk, format, args);

  g_set_error_literal (walk->error, walk->domain, code, report);
  return FALSE;
}

G_GNUC_PRINTF (3, 4) gboolean
gp_json_walk_fail (GpJsonWalk *walk,
                   int         code,
                   const char *format,
                   ...)
{
  va_list args;

  va_start (args, format);
  fail_valist (walk, code, format, args);
  va_end (args);
  return FALSE;
}

/* Fails at @key, a member of the object the walk is in. */
G_GNUC_PRINTF (4, 5) gboolean
gp_json_walk_fail_at (GpJsonWalk *walk,
                      const char *key,
                      int         code,
                      const char *format,
                      ...)
{
  va_list args;

  gp_json_walk_push_key (walk, key);
  va_start (args, format);
  fail_valist (walk, code, format, args);
  va_end (args);
  return FALSE;
}

/* The walk's domain's code for a kind of problem. */
int
gp_json_walk_code (GpJsonWalk      *walk,
                   GpJsonWalkError  kind)
{
  g_return_val_if_fail (kind < GP_JSON_WALK_N_ERRORS, 0);
  return walk->codes != NULL ? walk->codes[kind] : (int) kind;
}

G_GNUC_PRINTF (3, 4) static gboolean
fail (GpJsonWalk      *walk,
      GpJsonWalkError  kind,
      const char      *format,
      ...)
{
  va_list args;

  va_start (args, format);
  fail_valist (walk, gp_json_walk_code (walk, kind), format, args);
  va_end (args);
  return FALSE;
}

G_GNUC_PRINTF (2, 3) void
gp_json_walk_warn (GpJsonWalk *walk,
                   const char *format,
                   ...)
{
  va_list args;

  g_return_if_fail (walk->warnings != NULL);

  va_start (args, format);
  g_ptr_array_add (walk->warnings, dup_report (walk, format, args));
  va_end (args);
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
gp_json_walk_fail_type (GpJsonWalk *walk,
                        JsonNode   *node,
                        const char *expected)
{
  g_autofree char *got = describe (node);

  /* Translators: a value of the wrong kind: what it must be (“a string”), and the value */
  return fail (walk, GP_JSON_WALK_ERROR_WRONG_TYPE, _("expected %s, got %s"), expected, got);
}

/* Rejects members the schema does not define, so that a misspelt field is not silently
 * ignored. Members whose names start with "_" are comments. */
gboolean
gp_json_walk_check_present_fields (GpJsonWalk        *walk,
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
          gp_json_walk_push_key (walk, name);
          if (known[0] == NULL)
            return fail (walk, GP_JSON_WALK_ERROR_UNKNOWN_FIELD, _("unknown field"));
          /* Translators: a member the file's format does not have, and the nearest one it has */
          return fail (walk, GP_JSON_WALK_ERROR_UNKNOWN_FIELD,
                       _("unknown field; did you mean “%s”?"), gp_text_nearest (name, known));
        }
    }

  return TRUE;
}

gboolean
gp_json_walk_check_fields (GpJsonWalk        *walk,
                           JsonObject        *object,
                           const char *const *known)
{
  return gp_json_walk_check_present_fields (walk, object, known, NULL);
}

/* Looks up a member; a JSON null counts as absent. */
JsonNode *
gp_json_walk_member (JsonObject *object,
                     const char *key)
{
  JsonNode *node = json_object_get_member (object, key);

  return node != NULL && !JSON_NODE_HOLDS_NULL (node) ? node : NULL;
}

gboolean
gp_json_walk_missing (GpJsonWalk *walk,
                      const char *key)
{
  gp_json_walk_push_key (walk, key);
  return fail (walk, GP_JSON_WALK_ERROR_MISSING_FIELD, _("required field is missing"));
}

/* A string's characters: an id only what ids use, a name printable text on a line, any
 * other text printable text; never a lone surrogate nor a control character. */
static gboolean
check_text (GpJsonWalk *walk,
            const char *value,
            GpTextKind  kind)
{
  g_autofree char *problem = NULL;

  if (gp_text_check (value, -1, kind, &problem))
    return TRUE;
  return fail (walk, GP_JSON_WALK_ERROR_INVALID_VALUE, "%s", problem);
}

gboolean
gp_json_walk_read_text (GpJsonWalk  *walk,
                        JsonObject  *object,
                        const char  *key,
                        gboolean     required,
                        GpTextKind   kind,
                        char       **out)
{
  JsonNode *node = gp_json_walk_member (object, key);
  const char *value;

  if (node == NULL)
    return required ? gp_json_walk_missing (walk, key) : TRUE;

  gp_json_walk_push_key (walk, key);
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return gp_json_walk_fail_type (walk, node, _("a string"));

  value = json_node_get_string (node);
  if (required && value[0] == '\0')
    return fail (walk, GP_JSON_WALK_ERROR_INVALID_VALUE, _("must not be empty"));
  if (!check_text (walk, value, kind))
    return FALSE;
  gp_json_walk_pop (walk);

  g_free (*out);
  *out = g_strdup (value);
  return TRUE;
}

gboolean
gp_json_walk_read_string (GpJsonWalk  *walk,
                          JsonObject  *object,
                          const char  *key,
                          gboolean     required,
                          char       **out)
{
  return gp_json_walk_read_text (walk, object, key, required, GP_TEXT_NOTE, out);
}

gboolean
gp_json_walk_read_id (GpJsonWalk  *walk,
                      JsonObject  *object,
                      const char  *key,
                      gboolean     required,
                      char       **out)
{
  return gp_json_walk_read_text (walk, object, key, required, GP_TEXT_ID, out);
}

gboolean
gp_json_walk_read_name (GpJsonWalk  *walk,
                        JsonObject  *object,
                        const char  *key,
                        gboolean     required,
                        char       **out)
{
  return gp_json_walk_read_text (walk, object, key, required, GP_TEXT_NAME, out);
}

gboolean
gp_json_walk_read_boolean (GpJsonWalk *walk,
                           JsonObject *object,
                           const char *key,
                           gboolean   *out)
{
  JsonNode *node = gp_json_walk_member (object, key);

  if (node == NULL)
    return TRUE;

  gp_json_walk_push_key (walk, key);
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
    return gp_json_walk_fail_type (walk, node, _("true or false"));
  gp_json_walk_pop (walk);

  *out = json_node_get_boolean (node);
  return TRUE;
}

gboolean
gp_json_walk_node_to_number (GpJsonWalk *walk,
                             JsonNode   *node,
                             double     *out)
{
  GType type;
  double value;

  if (!JSON_NODE_HOLDS_VALUE (node))
    return gp_json_walk_fail_type (walk, node, _("a non-negative number"));

  type = json_node_get_value_type (node);
  if (type == G_TYPE_DOUBLE)
    value = json_node_get_double (node);
  else if (type == G_TYPE_INT64)
    value = (double) json_node_get_int (node);
  else
    return gp_json_walk_fail_type (walk, node, _("a non-negative number"));

  if (!isfinite (value))
    return fail (walk, GP_JSON_WALK_ERROR_INVALID_VALUE, _("expected a finite number"));
  /* What the text reader refuses, a tree from an importer must not hold either: a layer that
   * passed here would be refused when read back, and block every later refresh. */
  if (fabs (value) > GP_JSON_MAX_NUMBER)
    return fail (walk, GP_JSON_WALK_ERROR_INVALID_VALUE, _("expected a number of at most 1e15"));
  if (value < 0)
    {
      g_autofree char *got = describe (node);
      return fail (walk, GP_JSON_WALK_ERROR_INVALID_VALUE,
                   _("expected a non-negative number, got %s"), got);
    }

  *out = value;
  return TRUE;
}

gboolean
gp_json_walk_read_number (GpJsonWalk *walk,
                          JsonObject *object,
                          const char *key,
                          gboolean    required,
                          double     *out)
{
  JsonNode *node = gp_json_walk_member (object, key);

  if (node == NULL)
    return required ? gp_json_walk_missing (walk, key) : TRUE;

  gp_json_walk_push_key (walk, key);
  if (!gp_json_walk_node_to_number (walk, node, out))
    return FALSE;
  gp_json_walk_pop (walk);

  return TRUE;
}

/* A figure from @min (included, or not when @above) to @max; @out keeps its value when the
 * member is absent. */
gboolean
gp_json_walk_read_range (GpJsonWalk *walk,
                         JsonObject *object,
                         const char *key,
                         double      min,
                         gboolean    above,
                         double      max,
                         double     *out)
{
  JsonNode *node = gp_json_walk_member (object, key);
  GType type = node != NULL && JSON_NODE_HOLDS_VALUE (node) ? json_node_get_value_type (node)
                                                            : G_TYPE_INVALID;
  double value;

  if (node == NULL)
    return TRUE;

  gp_json_walk_push_key (walk, key);
  if (type != G_TYPE_DOUBLE && type != G_TYPE_INT64)
    return gp_json_walk_fail_type (walk, node, _("a number"));
  value = json_node_get_double (node);
  if (!isfinite (value) || (above ? value <= min : value < min) || value > max)
    return fail (walk, GP_JSON_WALK_ERROR_INVALID_VALUE,
                 above ? _("must be more than %g and at most %g") : _("must be from %g to %g"),
                 min, max);
  gp_json_walk_pop (walk);

  *out = value;
  return TRUE;
}

gboolean
gp_json_walk_read_count (GpJsonWalk *walk,
                         JsonObject *object,
                         const char *key,
                         gboolean    required,
                         guint      *out)
{
  JsonNode *node = gp_json_walk_member (object, key);
  double value;

  if (node == NULL)
    return required ? gp_json_walk_missing (walk, key) : TRUE;

  gp_json_walk_push_key (walk, key);
  if (!gp_json_walk_node_to_number (walk, node, &value))
    return FALSE;
  if (value != floor (value) || value > G_MAXUINT32)
    {
      g_autofree char *got = describe (node);
      return fail (walk, GP_JSON_WALK_ERROR_INVALID_VALUE, _("expected a whole number, got %s"),
                   got);
    }
  gp_json_walk_pop (walk);

  *out = (guint) value;
  return TRUE;
}

static gboolean
read_nick (GpJsonWalk *walk,
           JsonNode   *node,
           GType       type,
           guint      *out)
{
  const char *nick;

  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return gp_json_walk_fail_type (walk, node, _("a string"));

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

  return fail (walk, GP_JSON_WALK_ERROR_INVALID_VALUE, _("unknown value \"%s\""), nick);
}

gboolean
gp_json_walk_read_enum (GpJsonWalk *walk,
                        JsonObject *object,
                        const char *key,
                        GType       type,
                        guint      *out)
{
  JsonNode *node = gp_json_walk_member (object, key);

  if (node == NULL)
    return gp_json_walk_missing (walk, key);

  gp_json_walk_push_key (walk, key);
  if (!read_nick (walk, node, type, out))
    return FALSE;
  gp_json_walk_pop (walk);

  return TRUE;
}

gboolean
gp_json_walk_read_flags (GpJsonWalk *walk,
                         JsonObject *object,
                         const char *key,
                         GType       type,
                         guint      *out)
{
  JsonNode *node = gp_json_walk_member (object, key);
  JsonArray *array;

  if (node == NULL)
    return TRUE;

  gp_json_walk_push_key (walk, key);
  if (!JSON_NODE_HOLDS_ARRAY (node))
    return gp_json_walk_fail_type (walk, node, _("an array of strings"));

  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      gp_json_walk_push_index (walk, i);
      if (!read_nick (walk, json_array_get_element (array, i), type, out))
        return FALSE;
      gp_json_walk_pop (walk);
    }
  gp_json_walk_pop (walk);

  return TRUE;
}

gboolean
gp_json_walk_read_strv (GpJsonWalk *walk,
                        JsonObject *object,
                        const char *key,
                        GpTextKind  kind,
                        GStrv      *out)
{
  JsonNode *node = gp_json_walk_member (object, key);
  g_autoptr(GStrvBuilder) builder = NULL;
  JsonArray *array;

  if (node == NULL)
    return TRUE;

  gp_json_walk_push_key (walk, key);
  if (!JSON_NODE_HOLDS_ARRAY (node))
    return gp_json_walk_fail_type (walk, node, _("an array of strings"));

  builder = g_strv_builder_new ();
  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);

      gp_json_walk_push_index (walk, i);
      if (!JSON_NODE_HOLDS_VALUE (element) || json_node_get_value_type (element) != G_TYPE_STRING)
        return gp_json_walk_fail_type (walk, element, _("a string"));
      if (!check_text (walk, json_node_get_string (element), kind))
        return FALSE;
      g_strv_builder_add (builder, json_node_get_string (element));
      gp_json_walk_pop (walk);
    }
  gp_json_walk_pop (walk);

  g_strfreev (*out);
  *out = g_strv_builder_end (builder);
  return TRUE;
}

gboolean
gp_json_walk_read_object_array (GpJsonWalk         *walk,
                                JsonObject         *object,
                                const char         *key,
                                gboolean            required,
                                GpJsonWalkItemFunc  read_item,
                                gpointer            user_data)
{
  JsonNode *node = gp_json_walk_member (object, key);
  JsonArray *array;

  if (node == NULL)
    return required ? gp_json_walk_missing (walk, key) : TRUE;

  gp_json_walk_push_key (walk, key);
  if (!JSON_NODE_HOLDS_ARRAY (node))
    return gp_json_walk_fail_type (walk, node, _("an array"));

  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);

      gp_json_walk_push_index (walk, i);
      if (!JSON_NODE_HOLDS_OBJECT (element))
        return gp_json_walk_fail_type (walk, element, _("an object"));
      if (!read_item (walk, json_node_get_object (element), i, user_data))
        return FALSE;
      gp_json_walk_pop (walk);
    }
  gp_json_walk_pop (walk);

  return TRUE;
}

/* Enters an optional member that must be an object; *out is NULL when it is absent. */
gboolean
gp_json_walk_enter_object (GpJsonWalk  *walk,
                           JsonObject  *object,
                           const char  *key,
                           JsonObject **out)
{
  JsonNode *node = gp_json_walk_member (object, key);

  *out = NULL;
  if (node == NULL)
    return TRUE;

  gp_json_walk_push_key (walk, key);
  if (!JSON_NODE_HOLDS_OBJECT (node))
    return gp_json_walk_fail_type (walk, node, _("an object"));

  *out = json_node_get_object (node);
  return TRUE;
}

/* Enters a member that must be there and be an object. */
gboolean
gp_json_walk_enter_required (GpJsonWalk  *walk,
                             JsonObject  *object,
                             const char  *key,
                             JsonObject **out)
{
  if (gp_json_walk_member (object, key) == NULL)
    return gp_json_walk_missing (walk, key);
  return gp_json_walk_enter_object (walk, object, key, out);
}

/* The date a figure was current: a year, a month or a day, and never later than today. */
gboolean
gp_json_walk_read_as_of (GpJsonWalk  *walk,
                         JsonObject  *object,
                         const char  *key,
                         gboolean     required,
                         char       **out)
{
  if (!gp_json_walk_read_string (walk, object, key, required, out))
    return FALSE;

  if (*out != NULL && !gp_date_is_valid (*out, TRUE))
    return gp_json_walk_fail_at (
        walk, key, gp_json_walk_code (walk, GP_JSON_WALK_ERROR_INVALID_VALUE),
        _("expected a date as YYYY, YYYY-MM or YYYY-MM-DD, got \"%s\""), *out);
  if (*out != NULL && gp_date_is_after_today (*out))
    return gp_json_walk_fail_at (
        walk, key, gp_json_walk_code (walk, GP_JSON_WALK_ERROR_INVALID_VALUE),
        _("\"%s\" is later than today: a figure is dated no later than it is read"), *out);

  return TRUE;
}

/* A day of the calendar, as YYYY-MM-DD. */
gboolean
gp_json_walk_read_day (GpJsonWalk  *walk,
                       JsonObject  *object,
                       const char  *key,
                       gboolean     required,
                       char       **out)
{
  if (!gp_json_walk_read_name (walk, object, key, required, out))
    return FALSE;

  if (*out != NULL && !gp_date_is_valid (*out, FALSE))
    return gp_json_walk_fail_at (walk, key,
                                 gp_json_walk_code (walk, GP_JSON_WALK_ERROR_INVALID_VALUE),
                                 _("expected a date as YYYY-MM-DD, got “%s”"), *out);

  return TRUE;
}

/* Ids are unique per kind within one file; a later layer may reuse them to override. */
gboolean
gp_json_walk_check_unique (GpJsonWalk *walk,
                           GHashTable *seen,
                           const char *id,
                           const char *kind,
                           guint       index)
{
  gpointer first;

  if (g_hash_table_lookup_extended (seen, id, NULL, &first))
    {
      gp_json_walk_push_key (walk, "id");
      return fail (walk, GP_JSON_WALK_ERROR_DUPLICATE_ID,
                   /* Translators: an id seen twice: the id, then where it was first (“gpus[3]”) */
                   _("duplicate id \"%s\", first at %s[%u]"), id, kind, GPOINTER_TO_UINT (first));
    }

  g_hash_table_insert (seen, (gpointer) id, GUINT_TO_POINTER (index));
  return TRUE;
}

/* A percentage: from 0 to 100. */
gboolean
gp_json_walk_read_percentage (GpJsonWalk *walk,
                              JsonObject *object,
                              const char *key,
                              double     *out)
{
  if (!gp_json_walk_read_number (walk, object, key, FALSE, out))
    return FALSE;

  if (*out > 100)
    {
      gp_json_walk_push_key (walk, key);
      return fail (walk, GP_JSON_WALK_ERROR_INVALID_VALUE,
                   _("a percentage is at most 100, got %g"), *out);
    }

  return TRUE;
}

/* An ISO 4217 code: three capital letters. */
gboolean
gp_json_walk_read_currency (GpJsonWalk  *walk,
                            JsonObject  *object,
                            const char  *key,
                            char       **out)
{
  if (!gp_json_walk_read_string (walk, object, key, FALSE, out))
    return FALSE;

  if (*out != NULL && (strlen (*out) != 3 || !g_ascii_isupper ((*out)[0]) ||
                       !g_ascii_isupper ((*out)[1]) || !g_ascii_isupper ((*out)[2])))
    {
      gp_json_walk_push_key (walk, key);
      return fail (walk, GP_JSON_WALK_ERROR_INVALID_VALUE,
                   _("expected an ISO 4217 currency code such as \"USD\", got \"%s\""), *out);
    }

  return TRUE;
}
