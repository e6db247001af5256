/* gp-import-values.c — the values of a price list's row, checked before an importer uses them
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A price is a plain decimal number, finite and not negative (no hex, no "inf"); a GPU count is
 * a whole number from 1 to GP_IMPORT_MAX_GPU_COUNT (SkyPilot writes "8.0"); text loses its
 * control characters. Each importer reads its rows through these.
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "gp-import-values.h"
#include "gp-json-reader.h"
#include "gp-text.h"

gboolean
gp_import_parse_price (const char *text,
                       double     *value)
{
  const char *start = text != NULL ? text : "";
  const char *end = start + strlen (start);
  g_autofree char *trimmed = NULL;
  double parsed;

  /* Spaces around the figure are allowed; a copy is made only when there are some. */
  while (g_ascii_isspace (*start))
    start++;
  while (end > start && g_ascii_isspace (end[-1]))
    end--;
  if (*end != '\0')
    start = trimmed = g_strndup (start, end - start);

  *value = NAN;
  if (*start == '\0')
    return TRUE;
  if (!gp_parse_decimal (start, &parsed) || parsed < 0 || parsed > GP_JSON_MAX_NUMBER)
    return FALSE;

  *value = parsed;
  return TRUE;
}

double
gp_import_parse_number (const char *text)
{
  double value;

  return gp_import_parse_price (text, &value) ? value : NAN;
}

gboolean
gp_import_parse_count (const char  *text,
                       guint       *count,
                       const char **problem)
{
  double value;

  *count = 0;
  if (!gp_import_parse_price (text, &value) || isnan (value))
    {
      *problem = N_("no GPU count");
      return FALSE;
    }
  if (value == 0)
    {
      *problem = N_("no GPU (a CPU machine)");
      return FALSE;
    }
  if (value != floor (value))
    {
      *problem = N_("a fraction of a GPU (the catalog counts whole GPUs)");
      return FALSE;
    }
  if (value > GP_IMPORT_MAX_GPU_COUNT)
    {
      *problem = N_("an impossible GPU count");
      return FALSE;
    }

  *count = (guint) value;
  return TRUE;
}

double
gp_import_parse_gpu_info_memory (const char *gpu_info)
{
  const char *at = gpu_info != NULL ? strstr (gpu_info, "'SizeInMiB':") : NULL;
  double mib;

  if (at == NULL)
    return NAN;

  at += strlen ("'SizeInMiB':");
  while (*at == ' ')
    at++;
  mib = g_ascii_strtod (at, NULL);
  return isfinite (mib) && mib > 0 ? round (mib / 1024 * 10) / 10 : NAN;
}

char *
gp_import_clean_text (const char *text)
{
  GString *clean = g_string_new (NULL);

  for (const char *p = text != NULL ? text : ""; *p != '\0'; p++)
    if ((guchar) *p >= 0x20 && *p != 0x7f)
      g_string_append_c (clean, *p);

  return g_strstrip (g_string_free (clean, FALSE));
}

/* "RTX 6000 Ada" → "rtx-6000-ada": an id made of the name. */
char *
gp_import_slug (const char *text)
{
  GString *id = g_string_new (NULL);

  for (const char *p = text; *p != '\0'; p++)
    {
      if (g_ascii_isalnum (*p))
        g_string_append_c (id, g_ascii_tolower (*p));
      else if (id->len > 0 && id->str[id->len - 1] != '-')
        g_string_append_c (id, '-');
    }
  while (id->len > 0 && id->str[id->len - 1] == '-')
    g_string_truncate (id, id->len - 1);
  return g_string_free (id, FALSE);
}

/* A member of @object of one JSON kind, else NULL (missing, null, or of another kind): the pages
 * of the providers' price APIs are read member by member, each importer saying what it lacks. */
JsonObject *
gp_import_json_object (JsonObject *object,
                       const char *member)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, member) : NULL;

  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

JsonArray *
gp_import_json_array (JsonObject *object,
                      const char *member)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, member) : NULL;

  return node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
}

const char *
gp_import_json_string (JsonObject *object,
                       const char *member)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, member) : NULL;

  return node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
                 json_node_get_value_type (node) == G_TYPE_STRING
             ? json_node_get_string (node)
             : NULL;
}

/* A catalog layer of one source: @source (its id, title, address, date and note) and the
 * instances that cite it, both taken. */
JsonNode *
gp_import_json_layer_new (const char *name,
                          JsonObject *source,
                          JsonArray  *instances)
{
  JsonNode *layer = json_node_new (JSON_NODE_OBJECT);
  JsonObject *head = json_object_new ();
  JsonArray *sources = json_array_new ();

  json_node_take_object (layer, head);
  json_object_set_int_member (head, "schema_version", 1);
  json_object_set_string_member (head, "name", name);
  json_object_set_string_member (head, "as_of", json_object_get_string_member (source, "as_of"));
  json_array_add_object_element (sources, source);
  json_object_set_array_member (head, "sources", sources);
  json_object_set_array_member (head, "instances", instances);
  return layer;
}
