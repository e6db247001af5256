/* gp-catalog-loader.c — reading one catalog file into model objects, checking every field: the
 * layer's top level, its instances streamed as they are parsed, and the layer data they fill
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The file is checked and parsed into json-glib nodes by gp_json_parse(), then walked once.
 * Every value is checked where it is read, and the first problem ends the walk with an error
 * naming the file and the JSON path of the value, such as `instances[12].prices[0].spot`. The path
 * is kept by the walk (gp-json-walk.c), whose checked readers every field goes through.
 */

#include "config.h"

#include <json-glib/json-glib.h>

#include <glib/gi18n-lib.h>

#include "gp-catalog-error.h"
#include "gp-catalog-loader.h"
#include "gp-catalog-loader-private.h"
#include "gp-json-reader.h"
#include "gp-json-walk.h"
#include "gp-model-private.h"

static gboolean
read_kind (GpJsonWalk         *walk,
           JsonObject         *root,
           const char         *key,
           GpJsonWalkItemFunc  read_item,
           ReadContext        *ctx)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  ctx->seen = seen;
  if (!gp_json_walk_read_object_array (walk, root, key, FALSE, read_item, ctx))
    return FALSE;
  ctx->seen = NULL;

  return TRUE;
}

static gboolean
read_root (GpJsonWalk  *walk,
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
    return root_node == NULL
               ? gp_json_walk_fail (walk, GP_CATALOG_ERROR_PARSE, _("the file is empty"))
               : gp_json_walk_fail_type (walk, root_node, _("an object"));

  root = json_node_get_object (root_node);
  if ((version = gp_json_walk_member (root, "schema_version")) == NULL)
    return gp_json_walk_missing (walk, "schema_version");

  gp_json_walk_push_key (walk, "schema_version");
  if (!JSON_NODE_HOLDS_VALUE (version) || json_node_get_value_type (version) != G_TYPE_INT64)
    return gp_json_walk_fail_type (walk, version, _("a whole number"));
  if (json_node_get_int (version) != GP_CATALOG_SCHEMA_VERSION)
    return gp_json_walk_fail (walk, GP_CATALOG_ERROR_SCHEMA_VERSION,
                              _("unsupported schema version %lld (this build reads %d)"),
                              (long long) json_node_get_int (version), GP_CATALOG_SCHEMA_VERSION);
  gp_json_walk_pop (walk);

  return gp_json_walk_check_fields (walk, root, fields) &&
         gp_json_walk_read_name (walk, root, "name", FALSE, &data->name) &&
         gp_json_walk_read_as_of (walk, root, "as_of", FALSE, &data->as_of) &&
         gp_json_walk_read_currency (walk, root, "currency", &data->currency) &&
         read_kind (walk, root, "sources", _gp_catalog_loader_read_source, &ctx) &&
         read_kind (walk, root, "gpus", _gp_catalog_loader_read_gpu, &ctx) &&
         read_kind (walk, root, "providers", _gp_catalog_loader_read_provider, &ctx) &&
         (streamed_instances != NULL ||
          read_kind (walk, root, "instances", _gp_catalog_loader_read_instance, &ctx));
}

/* Instances hold nearly all of a large catalog. Reading each one as soon as the checked
 * reader has built it, and dropping its nodes, keeps the parse tree from ever holding them all:
 * peak memory follows the model, not the tree (several times the file's size). This applies only
 * while the file has the expected shape, an "instances" array at the top level; anything else
 * falls back to reading the whole tree. */
typedef struct
{
  GpJsonWalk walk;
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

  gp_json_walk_push_key (&stream->walk, "instances");
  gp_json_walk_push_index (&stream->walk, index);
  if (!JSON_NODE_HOLDS_OBJECT (element))
    gp_json_walk_fail_type (&stream->walk, element, _("an object"));
  else
    _gp_catalog_loader_read_instance (&stream->walk, json_node_get_object (element), index,
                                      &stream->ctx);
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

/* Checks a tree as gp_layer_data_parse() checks a file, with the same rules and messages:
 * for an importer's output, which is a tree before it is text. */
GpLayerData *
gp_layer_data_read_tree (JsonNode        *root,
                         const char      *file,
                         GpCatalogLayer   layer,
                         GError         **error)
{
  g_autoptr(GpLayerData) data = g_new0 (GpLayerData, 1);
  GpJsonWalk walk;

  layer_data_init (data, file, layer);
  gp_json_walk_init (&walk, file, GP_CATALOG_ERROR, gp_catalog_error_walk_codes (), error);
  walk.warnings = data->warnings;

  if (!read_root (&walk, root, data, NULL))
    return NULL;

  return layer_data_finish (g_steal_pointer (&data));
}

/* Parses and checks one catalog file on its own. References to GPUs, providers, regions and
 * sources are checked later, against all layers. */
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
  GpJsonWalk walk;
  gsize size;
  const char *text = g_bytes_get_data (bytes, &size);

  layer_data_init (data, file, layer);
  gp_json_walk_init (&walk, file, GP_CATALOG_ERROR, gp_catalog_error_walk_codes (), error);
  walk.warnings = data->warnings;

  gp_json_walk_init (&stream.walk, file, GP_CATALOG_ERROR, gp_catalog_error_walk_codes (),
                     &stream.error);
  stream.walk.warnings = data->warnings;
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
