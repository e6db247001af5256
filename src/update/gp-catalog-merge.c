/* gp-catalog-merge.c — several catalog files as one, entries merged by id
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <json-glib/json-glib.h>

#include "gp-catalog-merge.h"
#include "gp-json-reader.h"
#include "gp-json-writer.h"
#include "gp-update-error.h"

static const char *const sections[] = { "sources", "gpus", "providers", "instances" };

static const char *
entry_id (JsonNode *entry)
{
  JsonObject *object = JSON_NODE_HOLDS_OBJECT (entry) ? json_node_get_object (entry) : NULL;
  JsonNode *id = object != NULL ? json_object_get_member (object, "id") : NULL;

  return id != NULL && JSON_NODE_HOLDS_VALUE (id) ? json_node_get_string (id) : NULL;
}

/* One section's entries in order, with where each id stands. */
typedef struct
{
  GPtrArray  *entries;
  GHashTable *positions;
} Section;

static void
merge_into (Section    *merged,
            JsonObject *from)
{
  for (guint s = 0; s < G_N_ELEMENTS (sections); s++)
    {
      JsonNode *member = json_object_get_member (from, sections[s]);
      JsonArray *source;

      if (member == NULL || !JSON_NODE_HOLDS_ARRAY (member))
        continue;

      source = json_node_get_array (member);
      for (guint i = 0; i < json_array_get_length (source); i++)
        {
          JsonNode *entry = json_node_copy (json_array_get_element (source, i));
          const char *id = entry_id (entry);
          gpointer at;

          /* A later file's entry takes the place of an earlier one of the same id, as a
           * later layer's would. */
          if (id != NULL && g_hash_table_lookup_extended (merged[s].positions, id, NULL, &at))
            {
              json_node_unref (g_ptr_array_index (merged[s].entries, GPOINTER_TO_UINT (at)));
              g_ptr_array_index (merged[s].entries, GPOINTER_TO_UINT (at)) = entry;
              g_hash_table_replace (merged[s].positions, g_strdup (id), at);
              continue;
            }

          if (id != NULL)
            g_hash_table_insert (merged[s].positions, g_strdup (id),
                                 GUINT_TO_POINTER (merged[s].entries->len));
          g_ptr_array_add (merged[s].entries, entry);
        }
    }
}

GBytes *
gp_catalog_merge_files (GPtrArray   *files,
                        const char  *name,
                        const char  *as_of,
                        GError     **error)
{
  g_autoptr(JsonObject) merged = json_object_new ();
  Section parts[G_N_ELEMENTS (sections)];
  GBytes *result = NULL;
  g_autoptr(JsonNode) root = NULL;

  json_object_set_int_member (merged, "schema_version", 1);
  json_object_set_string_member (merged, "name", name);
  json_object_set_string_member (merged, "as_of", as_of);
  json_object_set_string_member (merged, "currency", "USD");
  for (guint s = 0; s < G_N_ELEMENTS (sections); s++)
    {
      parts[s].entries = g_ptr_array_new_with_free_func ((GDestroyNotify) json_node_unref);
      parts[s].positions = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
    }

  for (guint i = 0; i < files->len; i++)
    {
      GBytes *bytes = g_ptr_array_index (files, i);
      g_autoptr(GError) local_error = NULL;
      g_autoptr(JsonNode) file_root = gp_json_read_bytes (bytes, "catalog", &local_error);

      if (file_root == NULL)
        {
          g_set_error_literal (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT,
                               local_error->message);
          goto out;
        }
      if (file_root == NULL || !JSON_NODE_HOLDS_OBJECT (file_root))
        {
          g_set_error_literal (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT,
                               "a catalog file must hold an object");
          goto out;
        }
      merge_into (parts, json_node_get_object (file_root));
    }

  for (guint s = 0; s < G_N_ELEMENTS (sections); s++)
    {
      JsonArray *array = json_array_sized_new (parts[s].entries->len);

      for (guint e = 0; e < parts[s].entries->len; e++)
        json_array_add_element (array, json_node_ref (g_ptr_array_index (parts[s].entries, e)));
      json_object_set_array_member (merged, sections[s], array);
    }

  root = json_node_init_object (json_node_alloc (), merged);
  result = gp_json_to_bytes (root, TRUE);

out:
  for (guint s = 0; s < G_N_ELEMENTS (sections); s++)
    {
      g_ptr_array_unref (parts[s].entries);
      g_hash_table_unref (parts[s].positions);
    }
  return result;
}
