/* gp-catalog-loader.c — reading one catalog file into model objects, checking every field
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The file is checked and parsed into json-glib nodes by gp_json_parse(), then walked once.
 * Every value is checked where it is read, and the first problem ends the walk with an error
 * naming the file and the JSON path of the value, such as `instances[12].prices[0].spot`. The path
 * is kept as a small stack of segments and only turned into text when there is something to report.
 *
 * One unit: the path stack and the typed readers of the first part serve only the schema read
 * in the second, and report every problem through the same walk.
 */

#include "config.h"

#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "gp-catalog-error.h"
#include "gp-catalog-loader.h"
#include "gp-text.h"
#include "gp-enums.h"
#include "gp-json-reader.h"
#include "gp-json-writer.h"
#include "gp-model-private.h"

#define MAX_DEPTH 8

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
  Segment      path[MAX_DEPTH];
  guint        depth;
} Walk;

typedef gboolean (*ReadItemFunc) (Walk       *walk,
                                  JsonObject *object,
                                  guint       index,
                                  gpointer    user_data);

static void
push_key (Walk       *walk,
          const char *key)
{
  g_assert (walk->depth < MAX_DEPTH);
  walk->path[walk->depth++] = (Segment) { key, 0 };
}

static void
push_index (Walk  *walk,
            guint  index)
{
  g_assert (walk->depth < MAX_DEPTH);
  walk->path[walk->depth++] = (Segment) { NULL, index };
}

static void
pop (Walk *walk)
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

G_GNUC_PRINTF (3, 4) static gboolean
fail (Walk           *walk,
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

G_GNUC_PRINTF (2, 3) static void
warn (Walk       *walk,
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

static gboolean
fail_type (Walk       *walk,
           JsonNode   *node,
           const char *expected)
{
  g_autofree char *got = describe (node);

  return fail (walk, GP_CATALOG_ERROR_WRONG_TYPE, "expected %s, got %s", expected, got);
}

/* Rejects members the schema does not define, so that a misspelt field is not silently
 * ignored. Members whose names start with "_" are comments. */
static gboolean
check_present_fields (Walk              *walk,
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
          push_key (walk, name);
          return fail (walk, GP_CATALOG_ERROR_UNKNOWN_FIELD,
                       "unknown field (schema version %d)", GP_CATALOG_SCHEMA_VERSION);
        }
    }

  return TRUE;
}

static gboolean
check_fields (Walk              *walk,
              JsonObject        *object,
              const char *const *known)
{
  return check_present_fields (walk, object, known, NULL);
}

/* Looks up a member; a JSON null counts as absent. */
static JsonNode *
member (JsonObject *object,
        const char *key)
{
  JsonNode *node = json_object_get_member (object, key);

  return node != NULL && !JSON_NODE_HOLDS_NULL (node) ? node : NULL;
}

static gboolean
missing (Walk       *walk,
         const char *key)
{
  push_key (walk, key);
  return fail (walk, GP_CATALOG_ERROR_MISSING_FIELD, "required field is missing");
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
  return fail (walk, GP_CATALOG_ERROR_INVALID_VALUE, "%s", problem);
}

static gboolean
read_text (Walk        *walk,
           JsonObject  *object,
           const char  *key,
           gboolean     required,
           GpTextKind   kind,
           char       **out)
{
  JsonNode *node = member (object, key);
  const char *value;

  if (node == NULL)
    return required ? missing (walk, key) : TRUE;

  push_key (walk, key);
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return fail_type (walk, node, "a string");

  value = json_node_get_string (node);
  if (required && value[0] == '\0')
    return fail (walk, GP_CATALOG_ERROR_INVALID_VALUE, "must not be empty");
  if (!check_text (walk, value, kind))
    return FALSE;
  pop (walk);

  g_free (*out);
  *out = g_strdup (value);
  return TRUE;
}

static gboolean
read_string (Walk        *walk,
             JsonObject  *object,
             const char  *key,
             gboolean     required,
             char       **out)
{
  return read_text (walk, object, key, required, GP_TEXT_NOTE, out);
}

static gboolean
read_id (Walk        *walk,
         JsonObject  *object,
         const char  *key,
         gboolean     required,
         char       **out)
{
  return read_text (walk, object, key, required, GP_TEXT_ID, out);
}

static gboolean
read_name (Walk        *walk,
           JsonObject  *object,
           const char  *key,
           gboolean     required,
           char       **out)
{
  return read_text (walk, object, key, required, GP_TEXT_NAME, out);
}

static gboolean
read_boolean (Walk       *walk,
              JsonObject *object,
              const char *key,
              gboolean   *out)
{
  JsonNode *node = member (object, key);

  if (node == NULL)
    return TRUE;

  push_key (walk, key);
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
    return fail_type (walk, node, "true or false");
  pop (walk);

  *out = json_node_get_boolean (node);
  return TRUE;
}

static gboolean
node_to_number (Walk     *walk,
                JsonNode *node,
                double   *out)
{
  GType type;
  double value;

  if (!JSON_NODE_HOLDS_VALUE (node))
    return fail_type (walk, node, "a non-negative number");

  type = json_node_get_value_type (node);
  if (type == G_TYPE_DOUBLE)
    value = json_node_get_double (node);
  else if (type == G_TYPE_INT64)
    value = (double) json_node_get_int (node);
  else
    return fail_type (walk, node, "a non-negative number");

  if (!isfinite (value))
    return fail (walk, GP_CATALOG_ERROR_INVALID_VALUE, "expected a finite number");
  /* What the text reader refuses, a tree from an importer must not hold either: a layer that
   * passed here would be refused when read back, and block every later refresh. */
  if (fabs (value) > GP_JSON_MAX_NUMBER)
    return fail (walk, GP_CATALOG_ERROR_INVALID_VALUE, "expected a number of at most 1e15");
  if (value < 0)
    {
      g_autofree char *got = describe (node);
      return fail (walk, GP_CATALOG_ERROR_INVALID_VALUE, "expected a non-negative number, got %s",
                   got);
    }

  *out = value;
  return TRUE;
}

static gboolean
read_number (Walk       *walk,
             JsonObject *object,
             const char *key,
             gboolean    required,
             double     *out)
{
  JsonNode *node = member (object, key);

  if (node == NULL)
    return required ? missing (walk, key) : TRUE;

  push_key (walk, key);
  if (!node_to_number (walk, node, out))
    return FALSE;
  pop (walk);

  return TRUE;
}

static gboolean
read_count (Walk       *walk,
            JsonObject *object,
            const char *key,
            gboolean    required,
            guint      *out)
{
  JsonNode *node = member (object, key);
  double value;

  if (node == NULL)
    return required ? missing (walk, key) : TRUE;

  push_key (walk, key);
  if (!node_to_number (walk, node, &value))
    return FALSE;
  if (value != floor (value) || value > G_MAXUINT32)
    {
      g_autofree char *got = describe (node);
      return fail (walk, GP_CATALOG_ERROR_INVALID_VALUE, "expected a whole number, got %s", got);
    }
  pop (walk);

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
    return fail_type (walk, node, "a string");

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

  return fail (walk, GP_CATALOG_ERROR_INVALID_VALUE, "unknown value \"%s\"", nick);
}

static gboolean
read_enum (Walk       *walk,
           JsonObject *object,
           const char *key,
           GType       type,
           guint      *out)
{
  JsonNode *node = member (object, key);

  if (node == NULL)
    return missing (walk, key);

  push_key (walk, key);
  if (!read_nick (walk, node, type, out))
    return FALSE;
  pop (walk);

  return TRUE;
}

static gboolean
read_flags (Walk       *walk,
            JsonObject *object,
            const char *key,
            GType       type,
            guint      *out)
{
  JsonNode *node = member (object, key);
  JsonArray *array;

  if (node == NULL)
    return TRUE;

  push_key (walk, key);
  if (!JSON_NODE_HOLDS_ARRAY (node))
    return fail_type (walk, node, "an array of strings");

  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      push_index (walk, i);
      if (!read_nick (walk, json_array_get_element (array, i), type, out))
        return FALSE;
      pop (walk);
    }
  pop (walk);

  return TRUE;
}

static gboolean
read_strv (Walk        *walk,
           JsonObject  *object,
           const char  *key,
           GpTextKind   kind,
           GStrv       *out)
{
  JsonNode *node = member (object, key);
  g_autoptr(GStrvBuilder) builder = NULL;
  JsonArray *array;

  if (node == NULL)
    return TRUE;

  push_key (walk, key);
  if (!JSON_NODE_HOLDS_ARRAY (node))
    return fail_type (walk, node, "an array of strings");

  builder = g_strv_builder_new ();
  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);

      push_index (walk, i);
      if (!JSON_NODE_HOLDS_VALUE (element) || json_node_get_value_type (element) != G_TYPE_STRING)
        return fail_type (walk, element, "a string");
      if (!check_text (walk, json_node_get_string (element), kind))
        return FALSE;
      g_strv_builder_add (builder, json_node_get_string (element));
      pop (walk);
    }
  pop (walk);

  g_strfreev (*out);
  *out = g_strv_builder_end (builder);
  return TRUE;
}

/* Every figure needs a source: a group of figures names one by id. */
static gboolean
read_source_ref (Walk        *walk,
                 JsonObject  *object,
                 gboolean     required,
                 char       **out)
{
  JsonNode *node = member (object, "source");

  if (node == NULL)
    {
      if (!required)
        return TRUE;
      push_key (walk, "source");
      return fail (walk, GP_CATALOG_ERROR_MISSING_SOURCE,
                   "every figure needs a source: name one of the catalog's sources");
    }

  return read_id (walk, object, "source", TRUE, out);
}

static gboolean
read_object_array (Walk         *walk,
                   JsonObject   *object,
                   const char   *key,
                   gboolean      required,
                   ReadItemFunc  read_item,
                   gpointer      user_data)
{
  JsonNode *node = member (object, key);
  JsonArray *array;

  if (node == NULL)
    return required ? missing (walk, key) : TRUE;

  push_key (walk, key);
  if (!JSON_NODE_HOLDS_ARRAY (node))
    return fail_type (walk, node, "an array");

  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);

      push_index (walk, i);
      if (!JSON_NODE_HOLDS_OBJECT (element))
        return fail_type (walk, element, "an object");
      if (!read_item (walk, json_node_get_object (element), i, user_data))
        return FALSE;
      pop (walk);
    }
  pop (walk);

  return TRUE;
}

/* Enters an optional member that must be an object; *out is NULL when it is absent. */
static gboolean
enter_object (Walk        *walk,
              JsonObject  *object,
              const char  *key,
              JsonObject **out)
{
  JsonNode *node = member (object, key);

  *out = NULL;
  if (node == NULL)
    return TRUE;

  push_key (walk, key);
  if (!JSON_NODE_HOLDS_OBJECT (node))
    return fail_type (walk, node, "an object");

  *out = json_node_get_object (node);
  return TRUE;
}

static gboolean
read_date (Walk        *walk,
           JsonObject  *object,
           const char  *key,
           gboolean     required,
           char       **out)
{
  if (!read_string (walk, object, key, required, out))
    return FALSE;

  if (*out != NULL && !gp_date_is_valid (*out, TRUE))
    {
      push_key (walk, key);
      return fail (walk, GP_CATALOG_ERROR_INVALID_VALUE,
                   "expected a date as YYYY, YYYY-MM or YYYY-MM-DD, got \"%s\"", *out);
    }
  if (*out != NULL && gp_date_is_after_today (*out))
    {
      push_key (walk, key);
      return fail (walk, GP_CATALOG_ERROR_INVALID_VALUE,
                   "\"%s\" is later than today: a figure is dated no later than it is read", *out);
    }

  return TRUE;
}

/* Ids are unique per kind within one file; a later layer may reuse them to override. */
static gboolean
check_unique (Walk       *walk,
              GHashTable *seen,
              const char *id,
              const char *kind,
              guint       index)
{
  gpointer first;

  if (g_hash_table_lookup_extended (seen, id, NULL, &first))
    {
      push_key (walk, "id");
      return fail (walk, GP_CATALOG_ERROR_DUPLICATE_ID, "duplicate id \"%s\", first at %s[%u]", id,
                   kind, GPOINTER_TO_UINT (first));
    }

  g_hash_table_insert (seen, (gpointer) id, GUINT_TO_POINTER (index));
  return TRUE;
}

/* A percentage: from 0 to 100. */
static gboolean
read_percentage (Walk       *walk,
                 JsonObject *object,
                 const char *key,
                 double     *out)
{
  if (!read_number (walk, object, key, FALSE, out))
    return FALSE;

  if (*out > 100)
    {
      push_key (walk, key);
      return fail (walk, GP_CATALOG_ERROR_INVALID_VALUE, "a percentage is at most 100, got %g",
                   *out);
    }

  return TRUE;
}

/* An ISO 4217 code: three capital letters. */
static gboolean
read_currency (Walk        *walk,
               JsonObject  *object,
               const char  *key,
               char       **out)
{
  if (!read_string (walk, object, key, FALSE, out))
    return FALSE;

  if (*out != NULL && (strlen (*out) != 3 || !g_ascii_isupper ((*out)[0]) ||
                       !g_ascii_isupper ((*out)[1]) || !g_ascii_isupper ((*out)[2])))
    {
      push_key (walk, key);
      return fail (walk, GP_CATALOG_ERROR_INVALID_VALUE,
                   "expected an ISO 4217 currency code such as \"USD\", got \"%s\"", *out);
    }

  return TRUE;
}

typedef struct
{
  GpLayerData *data;
  GHashTable  *seen;
  GpProvider  *provider;
  GpInstance  *instance;
  GHashTable  *regions_seen;
} ReadContext;

static gboolean
read_source (Walk       *walk,
             JsonObject *object,
             guint       index,
             gpointer    user_data)
{
  static const char *const fields[] = { "id", "title", "url", "as_of", "note", NULL };
  ReadContext *ctx = user_data;
  g_autoptr(GpSource) source = gp_source_new_empty ();

  source->layer = ctx->data->layer;
  if (!check_fields (walk, object, fields) || !read_id (walk, object, "id", TRUE, &source->id) ||
      !read_name (walk, object, "title", TRUE, &source->title) ||
      !read_name (walk, object, "url", FALSE, &source->url) ||
      !read_string (walk, object, "note", FALSE, &source->note))
    return FALSE;

  if (member (object, "as_of") == NULL)
    {
      push_key (walk, "as_of");
      return fail (walk, GP_CATALOG_ERROR_MISSING_SOURCE,
                   "a source needs the date its figures were current");
    }
  if (!read_date (walk, object, "as_of", TRUE, &source->as_of) ||
      !check_unique (walk, ctx->seen, source->id, "sources", index))
    return FALSE;

  g_ptr_array_add (ctx->data->sources, g_steal_pointer (&source));
  return TRUE;
}

/* "use": what the model is built for, with its source; a model without it trains. */
static gboolean
read_gpu_use (Walk       *walk,
              JsonObject *object,
              GpGpu      *gpu)
{
  static const char *const fields[] = { "training", "source", NULL };
  gboolean training = TRUE;
  JsonObject *use;

  if (!enter_object (walk, object, "use", &use))
    return FALSE;
  if (use == NULL)
    return TRUE;
  if (!check_fields (walk, use, fields))
    return FALSE;
  if (member (use, "training") == NULL)
    return missing (walk, "training");
  if (!read_boolean (walk, use, "training", &training) ||
      !read_source_ref (walk, use, TRUE, &gpu->use_source_id))
    return FALSE;
  gpu->inference_only = !training;
  pop (walk);
  return TRUE;
}

static gboolean
read_gpu (Walk       *walk,
          JsonObject *object,
          guint      index,
          gpointer    user_data)
{
  static const char *const fields[] = { "id",          "name",
                                        "vendor",      "architecture",
                                        "memory_gb",   "memory_bandwidth_gbps",
                                        "fp32_tflops", "tf32_tflops",
                                        "fp16_tflops", "bf16_tflops",
                                        "fp8_tflops",  "tdp_w",
                                        "tdp_source",  "launch_year",
                                        "use",         "aliases",
                                        "notes",       "source",
                                        NULL };
  ReadContext *ctx = user_data;
  g_autoptr(GpGpu) gpu = gp_gpu_new_empty ();

  gpu->layer = ctx->data->layer;
  if (!check_fields (walk, object, fields) || !read_id (walk, object, "id", TRUE, &gpu->id) ||
      !read_name (walk, object, "name", TRUE, &gpu->name) ||
      !read_name (walk, object, "vendor", FALSE, &gpu->vendor) ||
      !read_name (walk, object, "architecture", FALSE, &gpu->architecture) ||
      /* An importer may add a model it knows only by name: its memory stays unknown. */
      !read_number (walk, object, "memory_gb", FALSE, &gpu->memory_gb) ||
      !read_number (walk, object, "memory_bandwidth_gbps", FALSE, &gpu->memory_bandwidth_gbps) ||
      !read_number (walk, object, "fp32_tflops", FALSE, &gpu->fp32_tflops) ||
      !read_number (walk, object, "tf32_tflops", FALSE, &gpu->tf32_tflops) ||
      !read_number (walk, object, "fp16_tflops", FALSE, &gpu->fp16_tflops) ||
      !read_number (walk, object, "bf16_tflops", FALSE, &gpu->bf16_tflops) ||
      !read_number (walk, object, "fp8_tflops", FALSE, &gpu->fp8_tflops) ||
      !read_number (walk, object, "tdp_w", FALSE, &gpu->tdp_w) ||
      !read_id (walk, object, "tdp_source", FALSE, &gpu->tdp_source_id) ||
      !read_count (walk, object, "launch_year", FALSE, &gpu->launch_year) ||
      !read_gpu_use (walk, object, gpu) ||
      !read_strv (walk, object, "aliases", GP_TEXT_NAME, &gpu->aliases) ||
      !read_string (walk, object, "notes", FALSE, &gpu->notes) ||
      !read_source_ref (walk, object, TRUE, &gpu->source_id) ||
      !check_unique (walk, ctx->seen, gpu->id, "gpus", index))
    return FALSE;

  g_ptr_array_add (ctx->data->gpus, g_steal_pointer (&gpu));
  return TRUE;
}

/* "grid": { "zone": "FI", "gco2_per_kwh": 39.32, "year": 2024, "source": "…" }: what a kWh
 * the region draws emits, location-based, by the zone its place maps to. */
static gboolean
read_region_grid (Walk       *walk,
                  JsonObject *object,
                  GpRegion   *region)
{
  static const char *const fields[] = { "zone", "gco2_per_kwh", "year", "source", NULL };
  g_autoptr(GpGridFigure) grid = NULL;
  JsonObject *group;

  if (!enter_object (walk, object, "grid", &group))
    return FALSE;
  if (group == NULL)
    return TRUE;

  grid = g_new0 (GpGridFigure, 1);
  if (!check_fields (walk, group, fields) || !read_id (walk, group, "zone", TRUE, &grid->zone) ||
      !read_number (walk, group, "gco2_per_kwh", TRUE, &grid->gco2_per_kwh) ||
      !read_count (walk, group, "year", TRUE, &grid->year) ||
      !read_source_ref (walk, group, TRUE, &grid->source_id))
    return FALSE;
  /* No grid emits nothing or more than coal does (about 1,000 g a kWh). */
  if (!(grid->gco2_per_kwh > 0 && grid->gco2_per_kwh <= GP_GRID_MAX_GCO2_PER_KWH))
    {
      push_key (walk, "gco2_per_kwh");
      return fail (walk, GP_CATALOG_ERROR_INVALID_VALUE, "must be more than 0 and at most %g",
                   GP_GRID_MAX_GCO2_PER_KWH);
    }
  if (grid->year < 1990 || grid->year > 2100)
    {
      push_key (walk, "year");
      return fail (walk, GP_CATALOG_ERROR_INVALID_VALUE, "must be a year from 1990 to 2100");
    }
  pop (walk);

  region->grid = g_steal_pointer (&grid);
  return TRUE;
}

/* "pue": { "value": 1.09, "source": "…" }: the data centre's power usage effectiveness. */
static gboolean
read_region_pue (Walk       *walk,
                 JsonObject *object,
                 GpRegion   *region)
{
  static const char *const fields[] = { "value", "source", NULL };
  JsonObject *group;

  if (!enter_object (walk, object, "pue", &group))
    return FALSE;
  if (group == NULL)
    return TRUE;

  if (!check_fields (walk, group, fields) ||
      !read_number (walk, group, "value", TRUE, &region->pue) ||
      !read_source_ref (walk, group, TRUE, &region->pue_source_id))
    return FALSE;
  if (!(region->pue >= 1 && region->pue <= GP_PUE_MAX))
    {
      push_key (walk, "value");
      return fail (walk, GP_CATALOG_ERROR_INVALID_VALUE, "must be from 1 to %g", GP_PUE_MAX);
    }
  pop (walk);
  return TRUE;
}

static gboolean
read_region (Walk       *walk,
             JsonObject *object,
             guint       index,
             gpointer    user_data)
{
  static const char *const fields[] = { "id",   "name", "location", "city", "country", "geography",
                                        "kind", "tags", "grid",     "pue",  NULL };
  ReadContext *ctx = user_data;
  g_autoptr(GpRegion) region = gp_region_new_empty ();
  guint kind = GP_REGION_KIND_REGION;

  if (!check_fields (walk, object, fields) || !read_id (walk, object, "id", TRUE, &region->id) ||
      !read_name (walk, object, "name", FALSE, &region->name) ||
      !read_name (walk, object, "location", FALSE, &region->location) ||
      !read_name (walk, object, "city", FALSE, &region->city) ||
      !read_name (walk, object, "country", FALSE, &region->country) ||
      !read_name (walk, object, "geography", FALSE, &region->geography) ||
      (member (object, "kind") != NULL &&
       !read_enum (walk, object, "kind", GP_TYPE_REGION_KIND, &kind)) ||
      !read_strv (walk, object, "tags", GP_TEXT_ID, &region->tags) ||
      !read_region_grid (walk, object, region) || !read_region_pue (walk, object, region) ||
      !check_unique (walk, ctx->regions_seen, region->id, "regions", index))
    return FALSE;
  region->kind = kind;

  g_hash_table_insert (ctx->provider->regions_by_id, region->id, region);
  g_list_store_append (ctx->provider->regions, region);
  return TRUE;
}

static gboolean
read_plan (Walk       *walk,
           JsonObject *object,
           guint       index,
           gpointer    user_data)
{
  static const char *const fields[] = {
    "id", "name", "monthly_fee", "price", "compute_units", "notes", "source", NULL
  };
  ReadContext *ctx = user_data;
  g_autoptr(GpPlan) plan = gp_plan_new_empty ();

  if (!check_fields (walk, object, fields) || !read_id (walk, object, "id", TRUE, &plan->id) ||
      !read_name (walk, object, "name", TRUE, &plan->name) ||
      !read_number (walk, object, "monthly_fee", FALSE, &plan->monthly_fee) ||
      !read_number (walk, object, "price", FALSE, &plan->price) ||
      !read_number (walk, object, "compute_units", FALSE, &plan->compute_units) ||
      !read_string (walk, object, "notes", FALSE, &plan->notes) ||
      !read_source_ref (walk, object, TRUE, &plan->source_id))
    return FALSE;

  if (gp_provider_find_plan (ctx->provider, plan->id) != NULL)
    {
      push_key (walk, "id");
      return fail (walk, GP_CATALOG_ERROR_DUPLICATE_ID, "duplicate plan id \"%s\"", plan->id);
    }

  g_list_store_append (ctx->provider->plans, plan);
  return TRUE;
}

/* A fact of paying a provider: true or false, as its source says it. */
static gboolean
read_answer (Walk       *walk,
             JsonObject *group,
             const char *key,
             GpAnswer   *out)
{
  gboolean value = FALSE;

  if (member (group, key) == NULL)
    return missing (walk, key);
  if (!read_boolean (walk, group, key, &value))
    return FALSE;
  *out = value ? GP_ANSWER_YES : GP_ANSWER_NO;
  return TRUE;
}

static gboolean
read_group_field (Walk               *walk,
                  JsonObject         *group,
                  const GpGroupField *field,
                  GpProvider         *provider)
{
  gpointer slot = G_STRUCT_MEMBER_P (provider, field->offset);

  switch (field->kind)
    {
    case GP_GROUP_FIELD_STRING:
      return read_string (walk, group, field->key, field->required, slot);

    case GP_GROUP_FIELD_FEATURES:
      return read_flags (walk, group, field->key, GP_TYPE_FEATURE, slot);

    case GP_GROUP_FIELD_REACHABILITY:
      if (!read_enum (walk, group, field->key, GP_TYPE_REACHABILITY, slot))
        return FALSE;
      if (*(guint *) slot == GP_REACHABILITY_UNKNOWN)
        {
          push_key (walk, field->key);
          return fail (walk, GP_CATALOG_ERROR_INVALID_VALUE,
                       "expected in-china, cross-border or unreachable");
        }
      return TRUE;

    case GP_GROUP_FIELD_ANSWER:
      return read_answer (walk, group, field->key, slot);

    case GP_GROUP_FIELD_PERCENTAGE:
      return read_percentage (walk, group, field->key, slot);

    case GP_GROUP_FIELD_POSITIVE:
      if (!read_number (walk, group, field->key, field->required, slot))
        return FALSE;
      if (*(double *) slot <= 0)
        {
          push_key (walk, field->key);
          return fail (walk, GP_CATALOG_ERROR_INVALID_VALUE, "must be more than 0");
        }
      return TRUE;

    case GP_GROUP_FIELD_NUMBER:
    default:
      return read_number (walk, group, field->key, field->required, slot);
    }
}

/* Each group as gp_provider_groups describes it: its fields, then its source. */
static gboolean
read_provider_groups (Walk       *walk,
                      JsonObject *object,
                      GpProvider *provider)
{
  for (guint g = 0; g < GP_PROVIDER_N_GROUPS; g++)
    {
      const GpProviderGroupInfo *info = &gp_provider_groups[g];
      const char *known[GP_GROUP_MAX_FIELDS + 2] = { NULL };
      JsonObject *group;
      guint n = 0;

      if (!enter_object (walk, object, info->key, &group))
        return FALSE;
      if (group == NULL)
        continue;

      for (const GpGroupField *field = info->fields; field->key != NULL; field++)
        known[n++] = field->key;
      known[n] = "source";
      if (!check_fields (walk, group, known))
        return FALSE;

      for (const GpGroupField *field = info->fields; field->key != NULL; field++)
        if (!read_group_field (walk, group, field, provider))
          return FALSE;

      if (!read_source_ref (walk, group, info->source_required, &provider->group_source_ids[g]))
        return FALSE;
      pop (walk);
    }

  return TRUE;
}

static gboolean
read_provider (Walk       *walk,
               JsonObject *object,
               guint       index,
               gpointer    user_data)
{
  static const char *const fields[] = { "id",
                                        "name",
                                        "short_name",
                                        "kind",
                                        "featured",
                                        "currency",
                                        "website",
                                        "summary",
                                        "pricing",
                                        "billing",
                                        "transfer",
                                        "features",
                                        "limits",
                                        "relative_to",
                                        "reserved",
                                        "spot",
                                        "reachability",
                                        "regions",
                                        "plans",
                                        "notes",
                                        "source",
                                        "billing_currency",
                                        "chinese_invoice",
                                        "foreign_card",
                                        "business_licence",
                                        "real_name",
                                        NULL };
  ReadContext *ctx = user_data;
  g_autoptr(GpProvider) provider = gp_provider_new_empty ();
  g_autoptr(GHashTable) regions_seen = g_hash_table_new (g_str_hash, g_str_equal);
  guint kind = 0, pricing = 0;

  provider->layer = ctx->data->layer;
  if (!check_fields (walk, object, fields) || !read_id (walk, object, "id", TRUE, &provider->id) ||
      !read_name (walk, object, "name", TRUE, &provider->name) ||
      !read_name (walk, object, "short_name", FALSE, &provider->short_name) ||
      !read_enum (walk, object, "kind", GP_TYPE_PROVIDER_KIND, &kind) ||
      !read_boolean (walk, object, "featured", &provider->featured) ||
      !read_currency (walk, object, "currency", &provider->currency) ||
      !read_name (walk, object, "website", FALSE, &provider->website) ||
      !read_string (walk, object, "summary", FALSE, &provider->summary) ||
      !read_flags (walk, object, "pricing", GP_TYPE_PRICING_MODEL, &pricing) ||
      !read_provider_groups (walk, object, provider) ||
      !read_string (walk, object, "notes", FALSE, &provider->notes) ||
      !read_source_ref (walk, object, TRUE, &provider->source_id) ||
      !check_unique (walk, ctx->seen, provider->id, "providers", index))
    return FALSE;
  provider->kind = kind;
  provider->pricing = pricing;

  ctx->provider = provider;
  ctx->regions_seen = regions_seen;
  if (!read_object_array (walk, object, "regions", TRUE, read_region, ctx) ||
      !read_object_array (walk, object, "plans", FALSE, read_plan, ctx))
    return FALSE;
  ctx->provider = NULL;
  ctx->regions_seen = NULL;

  g_ptr_array_add (ctx->data->providers, g_steal_pointer (&provider));
  return TRUE;
}

static gboolean
read_spot (Walk     *walk,
           JsonNode *node,
           GpOffer  *offer)
{
  JsonArray *range;

  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      if (!node_to_number (walk, node, &offer->spot_min))
        return FALSE;
      offer->spot_max = offer->spot_min;
      return TRUE;
    }

  range = json_node_get_array (node);
  if (json_array_get_length (range) != 2)
    return fail_type (walk, node, "a non-negative number or a [min, max] range");

  push_index (walk, 0);
  if (!node_to_number (walk, json_array_get_element (range, 0), &offer->spot_min))
    return FALSE;
  pop (walk);
  push_index (walk, 1);
  if (!node_to_number (walk, json_array_get_element (range, 1), &offer->spot_max))
    return FALSE;
  pop (walk);

  if (offer->spot_min > offer->spot_max)
    return fail (walk, GP_CATALOG_ERROR_INVALID_VALUE, "the range's minimum is above its maximum");

  return TRUE;
}

/* A price an hour, where there is one, from a cent to a million (GP_PRICE_MIN_PER_HOUR): a
 * price of 1e-320 made every estimate free. @key is where it is, or %NULL where the walk is. */
static gboolean
check_price (Walk       *walk,
             const char *key,
             double      price)
{
  if (isnan (price) || gp_price_per_hour_is_plausible (price))
    return TRUE;
  if (key != NULL)
    push_key (walk, key);
  return fail (walk, GP_CATALOG_ERROR_INVALID_VALUE, "%g is no price of an hour: from %.2f to %.0f",
               price, GP_PRICE_MIN_PER_HOUR, GP_PRICE_MAX_PER_HOUR);
}

/* "capacity_block": { "per_hour": 41.528, "source": "…" }: its own price and its own source. */
static gboolean
read_capacity_block (Walk       *walk,
                     JsonObject *object,
                     GpOffer    *offer)
{
  static const char *const fields[] = { "per_hour", "source", NULL };
  g_autoptr(GpCapacityBlock) block = NULL;
  JsonObject *group;

  if (!enter_object (walk, object, "capacity_block", &group))
    return FALSE;
  if (group == NULL)
    return TRUE;

  block = g_new0 (GpCapacityBlock, 1);
  if (!check_fields (walk, group, fields) ||
      !read_number (walk, group, "per_hour", TRUE, &block->per_hour) ||
      !read_source_ref (walk, group, TRUE, &block->source_id))
    return FALSE;
  if (!(block->per_hour > 0))
    {
      push_key (walk, "per_hour");
      return fail (walk, GP_CATALOG_ERROR_INVALID_VALUE, "must be more than 0");
    }
  pop (walk);

  offer->capacity_block = g_steal_pointer (&block);
  return TRUE;
}

/* The sources of figures dated apart from the price's own source: @present says whether the
 * price names either. */
static gboolean
read_price_sources (Walk       *walk,
                    JsonObject *object,
                    gboolean    present,
                    GpOffer    *offer)
{
  g_autoptr(GpPriceSources) dated = NULL;

  if (!present)
    return TRUE;
  dated = g_new0 (GpPriceSources, 1);
  if ((member (object, "on_demand_source") != NULL &&
       !read_id (walk, object, "on_demand_source", TRUE, &dated->on_demand_id)) ||
      (member (object, "spot_source") != NULL &&
       !read_id (walk, object, "spot_source", TRUE, &dated->spot_id)))
    return FALSE;
  offer->dated = g_steal_pointer (&dated);
  return TRUE;
}

static gboolean
read_price (Walk       *walk,
            JsonObject *object,
            guint       index,
            gpointer    user_data)
{
  static const char *const fields[] = { "region",      "on_demand",   "spot",
                                        "reserved_1y", "reserved_3y", "capacity_block",
                                        "anomalies",   "source",      "on_demand_source",
                                        "spot_source", NULL };
  enum
  {
    REGION,
    ON_DEMAND,
    SPOT,
    RESERVED_1Y,
    RESERVED_3Y,
    CAPACITY_BLOCK,
    ANOMALIES,
    SOURCE,
    ON_DEMAND_SOURCE,
    SPOT_SOURCE
  };
  ReadContext *ctx = user_data;
  g_autoptr(GpOffer) offer = gp_offer_new_empty ();
  g_autofree char *region = NULL;
  JsonNode *spot;
  guint anomalies = 0;
  guint32 present;

  offer->index = index;
  /* A price names few of its fields: those it leaves out are not looked up (100,000 prices
   * made half a million lookups of absent names). */
  if (!check_present_fields (walk, object, fields, &present) ||
      !read_id (walk, object, "region", TRUE, &region))
    return FALSE;
  /* A catalog names a few hundred regions in up to 100,000 prices: one copy of each name,
   * shared, rather than 100,000 small allocations of 32 bytes. */
  offer->region_id = g_ref_string_new_intern (region);
  if (((present & 1u << ON_DEMAND) &&
       !read_number (walk, object, "on_demand", FALSE, &offer->on_demand)) ||
      ((present & 1u << RESERVED_1Y) &&
       !read_number (walk, object, "reserved_1y", FALSE, &offer->reserved_1y)) ||
      ((present & 1u << RESERVED_3Y) &&
       !read_number (walk, object, "reserved_3y", FALSE, &offer->reserved_3y)) ||
      ((present & 1u << ANOMALIES) &&
       !read_flags (walk, object, "anomalies", GP_TYPE_ANOMALY, &anomalies)) ||
      ((present & 1u << SOURCE) && !read_source_ref (walk, object, FALSE, &offer->source_id)) ||
      ((present & 1u << CAPACITY_BLOCK) && !read_capacity_block (walk, object, offer)) ||
      !read_price_sources (walk, object, present & (1u << ON_DEMAND_SOURCE | 1u << SPOT_SOURCE),
                           offer))
    return FALSE;
  offer->anomalies = anomalies;
  if (!check_price (walk, "on_demand", offer->on_demand) ||
      !check_price (walk, "reserved_1y", offer->reserved_1y) ||
      !check_price (walk, "reserved_3y", offer->reserved_3y) ||
      (offer->capacity_block != NULL &&
       !check_price (walk, "capacity_block", offer->capacity_block->per_hour)))
    return FALSE;

  if ((present & 1u << SPOT) && (spot = member (object, "spot")) != NULL)
    {
      push_key (walk, "spot");
      if (!read_spot (walk, spot, offer) || !check_price (walk, NULL, offer->spot_min) ||
          !check_price (walk, NULL, offer->spot_max))
        return FALSE;
      if (gp_spot_compare_on_demand (offer->spot_max, offer->on_demand) > 0)
        {
          /* Zones do list spot above on-demand; the figure stays, flagged. At on-demand
           * within the list's rounding it is the provider's cap, not above. */
          warn (walk, "spot %.4g is above on-demand %.4g", offer->spot_max, offer->on_demand);
          offer->anomalies |= GP_ANOMALY_SPOT_ABOVE_ON_DEMAND;
        }
      pop (walk);
    }

  if (g_hash_table_contains (ctx->regions_seen, offer->region_id))
    {
      push_key (walk, "region");
      return fail (walk, GP_CATALOG_ERROR_DUPLICATE_ID, "a second price for region \"%s\"",
                   offer->region_id);
    }
  g_hash_table_add (ctx->regions_seen, offer->region_id);

  offer->instance = ctx->instance;
  g_ptr_array_add (ctx->instance->offers, g_steal_pointer (&offer));
  return TRUE;
}

/* How a derived instance's prices follow from another's: they are estimates, and say so. */
static gboolean
read_derivation (Walk       *walk,
                 JsonObject *object,
                 GpInstance *instance)
{
  static const char *const fields[] = { "from", "factor", "rule", "source", NULL };
  g_autoptr(GpDerivation) derived = NULL;
  JsonObject *group;

  if (!enter_object (walk, object, "derived", &group))
    return FALSE;
  if (group == NULL)
    return TRUE;

  derived = g_new0 (GpDerivation, 1);
  derived->factor = NAN;
  if (!check_fields (walk, group, fields) || !read_id (walk, group, "from", TRUE, &derived->from) ||
      !read_number (walk, group, "factor", TRUE, &derived->factor) ||
      !read_string (walk, group, "rule", TRUE, &derived->rule) ||
      !read_source_ref (walk, group, TRUE, &derived->source_id))
    return FALSE;
  if (derived->factor <= 0)
    {
      push_key (walk, "factor");
      return fail (walk, GP_CATALOG_ERROR_INVALID_VALUE, "must be more than 0");
    }
  pop (walk);

  instance->derived = g_steal_pointer (&derived);
  return TRUE;
}

/* A price someone reported seeing, on a page that publishes no price list: who and where. */
static gboolean
read_report (Walk       *walk,
             JsonObject *object,
             GpInstance *instance)
{
  static const char *const fields[] = { "by", "lowest_listed", NULL };
  JsonObject *group;

  if (!enter_object (walk, object, "reported", &group))
    return FALSE;
  if (group == NULL)
    return TRUE;
  if (!check_fields (walk, group, fields) ||
      !read_string (walk, group, "by", TRUE, &instance->reported_by) ||
      !read_boolean (walk, group, "lowest_listed", &instance->lowest_listed))
    return FALSE;
  pop (walk);
  return TRUE;
}

/* A machine the lab owns: the figures its price per hour is worked out from, checked. */
static gboolean
read_lab (Walk       *walk,
          JsonObject *object,
          GpInstance *instance)
{
  static const char *const fields[] = {
    "price", "purchased",           "lifetime_years",  "maintenance_pct", "power_kw",
    "pue",   "electricity_per_kwh", "utilisation_pct", "staff_per_year",  NULL
  };
  g_autoptr(GpLabCost) lab = NULL;
  g_autoptr(GError) error = NULL;
  JsonObject *group;

  if (!enter_object (walk, object, "lab", &group))
    return FALSE;
  if (group == NULL)
    return TRUE;

  lab = g_new0 (GpLabCost, 1);
  if (!check_fields (walk, group, fields) ||
      !read_number (walk, group, "price", TRUE, &lab->price) ||
      !read_date (walk, group, "purchased", TRUE, &lab->purchased) ||
      !read_number (walk, group, "lifetime_years", TRUE, &lab->lifetime_years) ||
      !read_number (walk, group, "maintenance_pct", TRUE, &lab->maintenance_pct) ||
      !read_number (walk, group, "power_kw", TRUE, &lab->power_kw) ||
      !read_number (walk, group, "pue", TRUE, &lab->pue) ||
      !read_number (walk, group, "electricity_per_kwh", TRUE, &lab->electricity_per_kwh) ||
      !read_number (walk, group, "utilisation_pct", TRUE, &lab->utilisation_pct) ||
      !read_number (walk, group, "staff_per_year", FALSE, &lab->staff_per_year))
    return FALSE;
  if (!gp_lab_cost_check (lab, MAX (instance->gpu_count, 1), &error))
    {
      /* "utilisation_pct: must be…": said at the field, as every other message is. */
      g_auto(GStrv) parts = g_strsplit (error->message, ": ", 2);

      push_key (walk, parts[0]);
      return fail (walk, GP_CATALOG_ERROR_INVALID_VALUE, "%s", parts[1] ? parts[1] : "");
    }
  pop (walk);

  instance->lab = g_steal_pointer (&lab);
  return TRUE;
}

/* Every price of @instance is @expected an hour, within 0.5 %: what its `lab` or `quote` object
 * gives (@from), so that a price written by hand that says otherwise, two answers to one
 * question, is refused at the price. */
static gboolean
check_prices_follow (Walk       *walk,
                     GpInstance *instance,
                     double      expected,
                     const char *from)
{
  for (guint i = 0; i < instance->offers->len; i++)
    {
      GpOffer *offer = g_ptr_array_index (instance->offers, i);

      if (!(fabs (offer->on_demand - expected) <= MAX (expected * 0.005, 0.0001)))
        {
          push_key (walk, "prices");
          push_index (walk, i);
          push_key (walk, "on_demand");
          return fail (walk, GP_CATALOG_ERROR_INVALID_VALUE,
                       "%.4f does not follow from %s: it gives %.4f an hour", offer->on_demand,
                       from, expected);
        }
    }
  return TRUE;
}

/* A lab machine's prices are its cost an hour, as the formula gives it from its figures. */
static gboolean
check_lab_prices (Walk       *walk,
                  GpInstance *instance)
{
  if (instance->lab == NULL)
    return TRUE;
  return check_prices_follow (walk, instance,
                              gp_lab_cost_per_gpu_hour (instance->lab, instance->gpu_count, NULL) *
                                  instance->gpu_count,
                              "the machine's figures in \"lab\"");
}

/* A price the lab was quoted: as it was given, a month's rent or an hour's price. */
static gboolean
read_quote (Walk       *walk,
            JsonObject *object,
            GpInstance *instance)
{
  static const char *const fields[] = { "price", "per", "billing_increment_s", "mainland_china",
                                        NULL };
  g_autofree GpQuoteTerms *quote = NULL;
  JsonObject *group;
  guint per = GP_QUOTE_PER_HOUR;
  guint reach = GP_REACHABILITY_UNKNOWN;

  if (!enter_object (walk, object, "quote", &group))
    return FALSE;
  if (group == NULL)
    return TRUE;

  quote = g_new0 (GpQuoteTerms, 1);
  if (!check_fields (walk, group, fields) ||
      !read_number (walk, group, "price", TRUE, &quote->price) ||
      !read_enum (walk, group, "per", GP_TYPE_QUOTE_PER, &per) ||
      !read_number (walk, group, "billing_increment_s", FALSE, &quote->billing_increment_s) ||
      (member (group, "mainland_china") != NULL &&
       !read_enum (walk, group, "mainland_china", GP_TYPE_REACHABILITY, &reach)))
    return FALSE;
  if (!(quote->price > 0))
    {
      push_key (walk, "price");
      return fail (walk, GP_CATALOG_ERROR_INVALID_VALUE, "must be more than 0");
    }
  quote->per = per;
  quote->reach = reach;
  if (isnan (quote->billing_increment_s))
    quote->billing_increment_s = 0;
  pop (walk);

  instance->quote = g_steal_pointer (&quote);
  return TRUE;
}

/* A quote's prices are the price it was given, by the hour. */
static gboolean
check_quote_prices (Walk       *walk,
                    GpInstance *instance)
{
  if (instance->quote == NULL)
    return TRUE;
  return check_prices_follow (walk, instance, gp_quote_terms_per_hour (instance->quote),
                              "the price in \"quote\"");
}

static gboolean
read_instance (Walk       *walk,
               JsonObject *object,
               guint       index,
               gpointer    user_data)
{
  static const char *const fields[] = { "id",
                                        "provider",
                                        "name",
                                        "gpu",
                                        "gpu_count",
                                        "vcpus",
                                        "memory_gb",
                                        "interconnect",
                                        "compute_units_per_hour",
                                        "plans",
                                        "anomalies",
                                        "derived",
                                        "host_required",
                                        "reported",
                                        "notes",
                                        "source",
                                        "prices",
                                        "lab",
                                        "quote",
                                        NULL };
  ReadContext *ctx = user_data;
  g_autoptr(GpInstance) instance = gp_instance_new_empty ();
  g_autoptr(GHashTable) regions_seen = g_hash_table_new (g_str_hash, g_str_equal);
  guint anomalies = 0;

  instance->layer = ctx->data->layer;
  instance->index = index;
  if (!check_fields (walk, object, fields) || !read_id (walk, object, "id", TRUE, &instance->id) ||
      !read_id (walk, object, "provider", TRUE, &instance->provider_id) ||
      !read_name (walk, object, "name", TRUE, &instance->name) ||
      !read_id (walk, object, "gpu", TRUE, &instance->gpu_id) ||
      !read_count (walk, object, "gpu_count", TRUE, &instance->gpu_count) ||
      !read_count (walk, object, "vcpus", FALSE, &instance->vcpus) ||
      !read_number (walk, object, "memory_gb", FALSE, &instance->memory_gb) ||
      !read_string (walk, object, "interconnect", FALSE, &instance->interconnect) ||
      !read_number (walk, object, "compute_units_per_hour", FALSE,
                    &instance->compute_units_per_hour) ||
      !read_strv (walk, object, "plans", GP_TEXT_ID, &instance->plan_ids) ||
      !read_flags (walk, object, "anomalies", GP_TYPE_ANOMALY, &anomalies) ||
      !read_string (walk, object, "host_required", FALSE, &instance->host_required) ||
      !read_string (walk, object, "notes", FALSE, &instance->notes) ||
      !read_source_ref (walk, object, TRUE, &instance->source_id) ||
      !check_unique (walk, ctx->seen, instance->id, "instances", index))
    return FALSE;
  instance->anomalies = anomalies;

  if (!read_derivation (walk, object, instance) || !read_lab (walk, object, instance) ||
      !read_quote (walk, object, instance) || !read_report (walk, object, instance))
    return FALSE;

  if (instance->gpu_count == 0)
    {
      push_key (walk, "gpu_count");
      return fail (walk, GP_CATALOG_ERROR_INVALID_VALUE, "an instance needs at least one GPU");
    }

  ctx->instance = instance;
  ctx->regions_seen = regions_seen;
  if (!read_object_array (walk, object, "prices", TRUE, read_price, ctx))
    return FALSE;
  ctx->instance = NULL;
  ctx->regions_seen = NULL;
  if (!check_lab_prices (walk, instance) || !check_quote_prices (walk, instance))
    return FALSE;

  ctx->data->n_offers += instance->offers->len;
  instance->file = g_strdup (ctx->data->file);
  g_ptr_array_add (ctx->data->instances, g_steal_pointer (&instance));
  return TRUE;
}

static gboolean
read_kind (Walk         *walk,
           JsonObject   *root,
           const char   *key,
           ReadItemFunc  read_item,
           ReadContext  *ctx)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  ctx->seen = seen;
  if (!read_object_array (walk, root, key, FALSE, read_item, ctx))
    return FALSE;
  ctx->seen = NULL;

  return TRUE;
}

static gboolean
read_root (Walk        *walk,
           JsonNode    *root_node,
           GpLayerData *data,
           JsonArray   *streamed_instances)
{
  static const char *const fields[] = {
    "schema_version", "name", "as_of", "currency", "sources", "gpus", "providers", "instances",
    NULL
  };
  ReadContext ctx = { data };
  JsonObject *root;
  JsonNode *version;

  if (root_node == NULL || !JSON_NODE_HOLDS_OBJECT (root_node))
    return root_node == NULL ? fail (walk, GP_CATALOG_ERROR_PARSE, "the file is empty")
                             : fail_type (walk, root_node, "an object");

  root = json_node_get_object (root_node);
  if ((version = member (root, "schema_version")) == NULL)
    return missing (walk, "schema_version");

  push_key (walk, "schema_version");
  if (!JSON_NODE_HOLDS_VALUE (version) || json_node_get_value_type (version) != G_TYPE_INT64)
    return fail_type (walk, version, "a whole number");
  if (json_node_get_int (version) != GP_CATALOG_SCHEMA_VERSION)
    return fail (walk, GP_CATALOG_ERROR_SCHEMA_VERSION,
                 "unsupported schema version %" G_GINT64_FORMAT " (this build reads %d)",
                 json_node_get_int (version), GP_CATALOG_SCHEMA_VERSION);
  pop (walk);

  return check_fields (walk, root, fields) && read_name (walk, root, "name", FALSE, &data->name) &&
         read_date (walk, root, "as_of", FALSE, &data->as_of) &&
         read_currency (walk, root, "currency", &data->currency) &&
         read_kind (walk, root, "sources", read_source, &ctx) &&
         read_kind (walk, root, "gpus", read_gpu, &ctx) &&
         read_kind (walk, root, "providers", read_provider, &ctx) &&
         (streamed_instances != NULL || read_kind (walk, root, "instances", read_instance, &ctx));
}

/* Instances hold nearly all of a large catalog. Reading each one as soon as the checked
 * reader has built it, and dropping its nodes, keeps the parse tree from ever holding them all:
 * peak memory follows the model, not the tree (several times the file's size). This applies only
 * while the file has the expected shape, an "instances" array at the top level; anything else
 * falls back to reading the whole tree. */
typedef struct
{
  Walk         walk;
  GError      *error;
  ReadContext  ctx;
  GHashTable  *seen;
  JsonArray   *instances;
  gboolean     fallback;
} Stream;

static gboolean
looks_like_instance (JsonNode *node)
{
  return JSON_NODE_HOLDS_OBJECT (node) && json_object_has_member (json_node_get_object (node),
                                                                  "prices");
}

static void
array_element_cb (JsonArray *array,
                  guint      index,
                  gpointer   user_data)
{
  Stream *stream = user_data;
  guint last = json_array_get_length (array) - 1;
  JsonNode *element = json_array_get_element (array, last);

  if (stream->fallback || stream->error != NULL)
    return;

  if (stream->instances == NULL)
    {
      if (!looks_like_instance (element))
        return;
      /* The first instance must be the first element: nothing may be left behind in it. */
      if (last != 0)
        {
          stream->fallback = TRUE;
          return;
        }
      stream->instances = array;
    }
  else if (array != stream->instances)
    {
      if (looks_like_instance (element))
        stream->fallback = TRUE;
      return;
    }

  push_key (&stream->walk, "instances");
  push_index (&stream->walk, index);
  if (!JSON_NODE_HOLDS_OBJECT (element))
    fail_type (&stream->walk, element, "an object");
  else
    read_instance (&stream->walk, json_node_get_object (element), index, &stream->ctx);
  stream->walk.depth = 0;

  json_array_remove_element (array, last);
}

/* Whether the array the stream read instances from is the root's "instances" member. */
static gboolean
stream_matches_root (Stream   *stream,
                     JsonNode *root)
{
  JsonNode *member_node;

  if (stream->instances == NULL || root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return FALSE;

  member_node = json_object_get_member (json_node_get_object (root), "instances");
  return member_node != NULL && JSON_NODE_HOLDS_ARRAY (member_node) &&
         json_node_get_array (member_node) == stream->instances;
}

static void
layer_data_init (GpLayerData    *data,
                 const char     *file,
                 GpCatalogLayer  layer)
{
  data->file = g_strdup (file);
  data->layer = layer;
  data->sources = g_ptr_array_new_with_free_func (g_object_unref);
  data->gpus = g_ptr_array_new_with_free_func (g_object_unref);
  data->providers = g_ptr_array_new_with_free_func (g_object_unref);
  data->instances = g_ptr_array_new_with_free_func (g_object_unref);
  data->warnings = g_ptr_array_new_with_free_func (g_free);
}

/* The file's currency is the default of everything in it; instances may have been read before
 * the top level's "currency" member was. */
static GpLayerData *
layer_data_finish (GpLayerData *data)
{
  for (guint i = 0; i < data->providers->len; i++)
    {
      GpProvider *provider = g_ptr_array_index (data->providers, i);
      provider->file_currency = g_strdup (data->currency);
    }
  for (guint i = 0; i < data->instances->len; i++)
    {
      GpInstance *instance = g_ptr_array_index (data->instances, i);
      instance->file_currency = g_strdup (data->currency);
    }

  return data;
}

/**
 * gp_layer_data_read_tree:
 * @root: a catalog file already parsed, or built in memory
 * @file: the name to use in messages
 * @layer: which layer the file is
 * @error: return location for a #GP_CATALOG_ERROR
 *
 * Checks a tree as gp_layer_data_parse() checks a file, with the same rules and messages:
 * for an importer's output, which is a tree before it is text.
 *
 * Returns: (transfer full): the layer's objects, or %NULL with @error set
 */
GpLayerData *
gp_layer_data_read_tree (JsonNode        *root,
                         const char      *file,
                         GpCatalogLayer   layer,
                         GError         **error)
{
  g_autoptr(GpLayerData) data = g_new0 (GpLayerData, 1);
  Walk walk = { file, error };

  layer_data_init (data, file, layer);
  walk.warnings = data->warnings;

  if (!read_root (&walk, root, data, NULL))
    return NULL;

  return layer_data_finish (g_steal_pointer (&data));
}

/**
 * gp_layer_data_parse:
 * @bytes: the file's contents
 * @file: the name to use in messages
 * @layer: which layer the file is
 * @error: return location for a #GP_CATALOG_ERROR
 *
 * Parses and checks one catalog file on its own. References to GPUs, providers, regions and
 * sources are checked later, against all layers.
 *
 * Returns: (transfer full): the layer's objects, or %NULL with @error set
 */
GpLayerData *
gp_layer_data_parse (GBytes          *bytes,
                     const char      *file,
                     GpCatalogLayer   layer,
                     GError         **error)
{
  g_autoptr(JsonNode) tree = NULL;
  g_autoptr(GError) check_error = NULL;
  g_autoptr(GpLayerData) data = g_new0 (GpLayerData, 1);
  GpLayerData *result = NULL;
  Stream stream = { { NULL } };
  JsonNode *root;
  Walk walk = { file, error };
  gsize size;
  const char *text = g_bytes_get_data (bytes, &size);

  layer_data_init (data, file, layer);
  walk.warnings = data->warnings;

  stream.walk = (Walk) { file, &stream.error, data->warnings };
  stream.ctx.data = data;
  stream.seen = g_hash_table_new (g_str_hash, g_str_equal);
  /* The checked reader: depth, one value, NUL, keys twice, numbers and size, then the tree,
   * its instances read as they come. */
  stream.ctx.seen = stream.seen;
  tree = gp_json_parse (text != NULL ? text : "", size, file, array_element_cb, &stream,
                        &check_error);
  if (tree == NULL)
    {
      g_set_error_literal (error, GP_CATALOG_ERROR, GP_CATALOG_ERROR_PARSE, check_error->message);
      goto out;
    }

  root = tree;
  if (!stream.fallback && (stream.instances == NULL || stream_matches_root (&stream, root)))
    {
      /* Sections before the instances report first, as when the tree is read whole. */
      gboolean ok = read_root (&walk, root, data, stream.instances);

      if (ok && stream.error != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&stream.error));
          ok = FALSE;
        }
      if (ok)
        result = g_steal_pointer (&data);
      goto out;
    }

  /* An unusual shape: start again from the whole tree. */
  g_ptr_array_set_size (data->instances, 0);
  g_ptr_array_set_size (data->warnings, 0);
  data->n_offers = 0;
  g_clear_error (&stream.error);
  {
    g_autoptr(JsonNode) whole = gp_json_read (text != NULL ? text : "", size, file, NULL);

    if (whole != NULL && read_root (&walk, whole, data, NULL))
      result = g_steal_pointer (&data);
  }

out:
  g_clear_error (&stream.error);
  g_clear_pointer (&stream.seen, g_hash_table_unref);
  return result != NULL ? layer_data_finish (result) : NULL;
}

void
gp_layer_data_free (GpLayerData *data)
{
  if (data == NULL)
    return;

  g_free (data->file);
  g_free (data->name);
  g_free (data->as_of);
  g_free (data->currency);
  g_ptr_array_unref (data->sources);
  g_ptr_array_unref (data->gpus);
  g_ptr_array_unref (data->providers);
  g_ptr_array_unref (data->instances);
  g_ptr_array_unref (data->warnings);
  g_free (data);
}
