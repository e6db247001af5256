/* gp-catalog-updater-cache.c — what a refresh keeps between runs: each source's part, the
 * state of its last fetch, the parts imported by hand, and the refreshed layer they make
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "gp-catalog-merge.h"
#include "gp-catalog-updater.h"
#include "gp-catalog-updater-private.h"
#include "gp-file.h"
#include "gp-json-reader.h"
#include "gp-util.h"

GFile *
gp_updater_cache_file (GpCatalogUpdater *self,
            const char       *first,
            const char       *second)
{
  g_autoptr(GFile) child = g_file_get_child (self->cache_dir, first);

  return second == NULL ? g_steal_pointer (&child) : g_file_get_child (child, second);
}

JsonObject *
gp_updater_load_state (GpCatalogUpdater *self)
{
  g_autoptr(GFile) file = gp_updater_cache_file (self, "refresh-state.json", NULL);
  g_autoptr(GBytes) bytes = gp_file_load (file, GP_FILE_MAX_SIZE, NULL);
  g_autoptr(JsonNode) root =
      bytes != NULL ? gp_json_read_bytes (bytes, "refresh-state.json", NULL) : NULL;

  /* A missing or damaged state only costs a full download next time. */
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return json_object_new ();

  return json_object_ref (json_node_get_object (root));
}

const char *
gp_updater_state_string (JsonObject *state,
              const char *source,
              const char *key)
{
  JsonNode *entry = json_object_get_member (state, source);
  JsonNode *value;

  if (entry == NULL || !JSON_NODE_HOLDS_OBJECT (entry))
    return NULL;

  value = json_object_get_member (json_node_get_object (entry), key);
  return value != NULL && JSON_NODE_HOLDS_VALUE (value) &&
                 json_node_get_value_type (value) == G_TYPE_STRING
             ? json_node_get_string (value)
             : NULL;
}

GBytes *
gp_updater_load_part (GpCatalogUpdater *self,
           const char       *name)
{
  g_autofree char *file_name = g_strconcat (name, ".json", NULL);
  g_autoptr(GFile) file = gp_updater_cache_file (self, "sources", file_name);

  return gp_file_load (file, GP_FILE_MAX_SIZE, NULL);
}

gboolean
gp_updater_write_file (GFile   *file,
            GBytes  *bytes,
            GError **error)
{
  g_autoptr(GFile) parent = g_file_get_parent (file);
  g_autoptr(GError) mkdir_error = NULL;
  gsize size;
  const char *data = g_bytes_get_data (bytes, &size);

  if (!g_file_make_directory_with_parents (parent, NULL, &mkdir_error) &&
      !g_error_matches (mkdir_error, G_IO_ERROR, G_IO_ERROR_EXISTS))
    {
      g_propagate_error (error, g_steal_pointer (&mkdir_error));
      return FALSE;
    }

  /* Atomically: a crash or a full disk leaves the previous file whole. */
  return gp_file_replace (file, data, size, error);
}

/* Removes the temporary files a refresh killed half-way (kill -9, a power cut) left in the
 * cache: they can be as large as a whole download, and nothing else would ever remove them. */
guint
gp_catalog_updater_remove_stale_temporaries (GFile *cache_dir)
{
  static const char *const names[] = { "catalog.json", "refresh-state.json", NULL };
  g_autoptr(GFile) dir =
      cache_dir != NULL ? g_object_ref (cache_dir)
                        : g_file_new_build_filename (g_get_user_cache_dir (), "gpu-planner", NULL);
  g_autoptr(GFile) sources = g_file_get_child (dir, "sources");

  return gp_file_remove_stale_temporaries (dir, names) +
         gp_file_remove_stale_temporaries (sources, NULL);
}

GDateTime *
gp_catalog_updater_get_last_refresh (GpCatalogUpdater *self)
{
  g_autoptr(JsonObject) state = NULL;
  const char *when;

  g_return_val_if_fail (GP_IS_CATALOG_UPDATER (self), NULL);

  state = gp_updater_load_state (self);
  if (!json_object_has_member (state, "last_refresh"))
    return NULL;

  when = json_object_get_string_member (state, "last_refresh");
  return when != NULL ? g_date_time_new_from_iso8601 (when, NULL) : NULL;
}

gboolean
gp_catalog_updater_get_source_state (GpCatalogUpdater  *self,
                                     const char        *name,
                                     char             **as_of,
                                     char             **checked,
                                     char             **result)
{
  g_autoptr(JsonObject) state = NULL;
  const char *keys[] = { "as_of", "checked", "result" };
  char **outs[] = { as_of, checked, result };

  g_return_val_if_fail (GP_IS_CATALOG_UPDATER (self), FALSE);

  state = gp_updater_load_state (self);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    if (outs[i] != NULL)
      *outs[i] = g_strdup (gp_updater_state_string (state, name, keys[i]));
  return json_object_has_member (state, name);
}

/* Files imported by hand are kept as parts named "import-…", merged into every refresh. */
void
gp_updater_add_imported_parts (GpCatalogUpdater *self,
                    GpCatalog        *working,
                    GPtrArray        *parts,
                    const char       *except)
{
  g_autoptr(GFile) folder = g_file_get_child (self->cache_dir, "sources");
  g_autoptr(GFileEnumerator) children = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  GFileInfo *info;

  children = g_file_enumerate_children (folder, G_FILE_ATTRIBUTE_STANDARD_NAME,
                                        G_FILE_QUERY_INFO_NONE, NULL, NULL);
  while (children != NULL && (info = g_file_enumerator_next_file (children, NULL, NULL)) != NULL)
    {
      const char *file_name = g_file_info_get_name (info);

      if (g_str_has_prefix (file_name, "import-") && g_str_has_suffix (file_name, ".json"))
        g_ptr_array_add (names, g_strndup (file_name, strlen (file_name) - strlen (".json")));
      g_object_unref (info);
    }

  /* In a stable order, so that the merged layer does not depend on the file system's. */
  g_ptr_array_sort (names, gp_compare_string_elements);
  for (guint i = 0; i < names->len; i++)
    {
      const char *name = g_ptr_array_index (names, i);
      g_autoptr(GBytes) part = NULL;

      if (g_strcmp0 (name, except) == 0)
        continue;
      part = gp_updater_load_part (self, name);
      if (part != NULL &&
          gp_catalog_add_layer (working, part, name, GP_CATALOG_LAYER_REFRESHED, NULL))
        g_ptr_array_add (parts, g_steal_pointer (&part));
    }
}

/* All parts as one layer, which replaces @catalog's refreshed layer only if accepted, and is
 * then written atomically. A layer that cannot be written (a full disk) is still shown for
 * this session; the file keeps the previous one whole, and the message says so. */
gboolean
gp_updater_install_parts (GpCatalogUpdater  *self,
               GpCatalog         *catalog,
               GPtrArray         *parts,
               const char        *as_of,
               GError           **error)
{
  g_autoptr(GFile) layer_file = g_file_get_child (self->cache_dir, "catalog.json");
  g_autofree char *name = g_file_get_parse_name (layer_file);
  g_autoptr(GBytes) merged = gp_catalog_merge_files (parts, "Refreshed prices", as_of, error);
  g_autoptr(GError) write_error = NULL;

  if (merged == NULL ||
      !gp_catalog_replace_layer (catalog, merged, name, GP_CATALOG_LAYER_REFRESHED, error))
    {
      g_prefix_error (error, "the refreshed catalog was refused: ");
      return FALSE;
    }
  if (!gp_updater_write_file (layer_file, merged, &write_error))
    {
      g_propagate_prefixed_error (error, g_steal_pointer (&write_error),
                                  "the refreshed catalog could not be saved (its prices are shown "
                                  "until the app closes; the saved catalog is the previous one): ");
      return FALSE;
    }
  return TRUE;
}
