/* gp-catalog-updater-import.c — a local price file imported into the refreshed layer
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Also what the updater reads of a source's answer beside its prices: how many offers a file in
 * the catalog's format holds, and the date of a repository's last change to a file.
 */

#include "config.h"

#include <json-glib/json-glib.h>

#include "gp-azure-importer.h"
#include "gp-catalog-updater-private.h"
#include "gp-file.h"
#include "gp-json-reader.h"
#include "gp-skypilot-importer.h"
#include "gp-text.h"

/* Importing a local file */

typedef struct
{
  GpCatalog *base;
  GFile *file;
  char *as_of;
} ImportJob;

static void
import_job_free (gpointer data)
{
  ImportJob *job = data;

  g_clear_object (&job->base);
  g_clear_object (&job->file);
  g_free (job->as_of);
  g_free (job);
}

/* In a worker: read and convert, the slow part of a large vms.csv. The base catalog is only
 * read there. */
static void
import_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  ImportJob *job = task_data;
  g_autoptr(GBytes) contents = NULL;
  g_autofree char *name = g_file_get_basename (job->file);
  g_autofree char *uri = g_file_get_uri (job->file);
  GError *error = NULL;
  GBytes *part;

  contents = gp_file_load (job->file, GP_FILE_MAX_SIZE, &error);
  if (contents == NULL)
    {
      g_prefix_error (&error, "%s: ", name);
      g_task_return_error (task, error);
      return;
    }

  /* A saved answer of the Azure Retail Prices API is JSON too, but with its own shape. */
  if (g_str_has_suffix (name, ".json") && gp_azure_page_parse (contents, name, NULL, NULL, NULL))
    {
      g_autoptr(GPtrArray) pages = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);

      g_ptr_array_add (pages, g_bytes_ref (contents));
      part = gp_azure_import (job->base, pages, name, uri, job->as_of, NULL, &error);
    }
  else if (g_str_has_suffix (name, ".json"))
    part = g_bytes_ref (contents);
  else
    part = gp_skypilot_import (job->base, contents, name, uri, job->as_of, NULL, &error);

  if (part == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, part, (GDestroyNotify) g_bytes_unref);
}

/* Imports a local file as a part of the refreshed layer, kept across refreshes. It is checked
 * like a fetched file: a file that fails leaves everything as it was. */
void
gp_catalog_updater_import_async (GpCatalogUpdater    *self,
                                 GpCatalog           *catalog,
                                 GFile               *file,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  ImportJob *job;

  g_return_if_fail (GP_IS_CATALOG_UPDATER (self));
  g_return_if_fail (GP_IS_CATALOG (catalog));
  g_return_if_fail (G_IS_FILE (file));

  job = g_new0 (ImportJob, 1);
  /* The worker reads its own copy, never the catalog the window shows. */
  job->base = gp_catalog_new_bundled ();
  job->file = g_object_ref (file);
  job->as_of = g_date_time_format (now, "%F");

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, gp_catalog_updater_import_async);
  g_task_set_task_data (task, job, import_job_free);
  g_object_set_data_full (G_OBJECT (task), "catalog", g_object_ref (catalog), g_object_unref);
  g_task_run_in_thread (task, import_thread);
}

gboolean
gp_catalog_updater_import_finish (GpCatalogUpdater  *self,
                                  GAsyncResult      *result,
                                  GError           **error)
{
  ImportJob *job = g_task_get_task_data (G_TASK (result));
  GpCatalog *catalog = g_object_get_data (G_OBJECT (result), "catalog");
  g_autoptr(GBytes) part = g_task_propagate_pointer (G_TASK (result), error);
  g_autoptr(GpCatalog) working = NULL;
  g_autoptr(GPtrArray) parts = NULL;
  g_autofree char *base_name = NULL;
  g_autofree char *name = NULL;
  g_autofree char *file_name = NULL;
  g_autoptr(GFile) part_file = NULL;

  g_return_val_if_fail (GP_IS_CATALOG_UPDATER (self), FALSE);

  if (part == NULL)
    return FALSE;

  /* Checked against everything else the refreshed layer holds, in the order it is merged. */
  base_name = g_file_get_basename (job->file);
  name = g_strconcat ("import-", base_name, NULL);
  working = gp_catalog_new_bundled ();
  parts = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  for (guint i = 0; i < self->sources->len; i++)
    {
      Source *source = g_ptr_array_index (self->sources, i);
      g_autoptr(GBytes) previous = gp_updater_load_part (self, source->name);

      if (previous != NULL &&
          gp_catalog_add_layer (working, previous, source->name, GP_CATALOG_LAYER_REFRESHED, NULL))
        g_ptr_array_add (parts, g_steal_pointer (&previous));
    }
  gp_updater_add_imported_parts (self, working, parts, name);
  if (!gp_catalog_add_layer (working, part, base_name, GP_CATALOG_LAYER_REFRESHED, error))
    return FALSE;

  g_ptr_array_add (parts, g_bytes_ref (part));
  if (!gp_updater_install_parts (self, catalog, parts, job->as_of, error))
    return FALSE;

  file_name = g_strconcat (name, ".json", NULL);
  part_file = gp_updater_cache_file (self, "sources", file_name);
  return gp_updater_write_file (part_file, part, error);
}

/* Reading what a source sent */

/* The offers of a file in the catalog's format, which no importer counted: a price of an
 * instance in a region each (a refresh that changed one said "updated, 0 offers"). */
guint
gp_updater_count_offers (GBytes *part)
{
  g_autoptr(JsonNode) root = gp_json_read_bytes (part, "part", NULL);
  JsonObject *object =
      root != NULL && JSON_NODE_HOLDS_OBJECT (root) ? json_node_get_object (root) : NULL;
  JsonArray *instances = object != NULL && json_object_has_member (object, "instances")
                             ? json_object_get_array_member (object, "instances")
                             : NULL;
  guint offers = 0;

  for (guint i = 0; instances != NULL && i < json_array_get_length (instances); i++)
    {
      JsonObject *instance = json_array_get_object_element (instances, i);
      JsonArray *prices = instance != NULL && json_object_has_member (instance, "prices")
                              ? json_object_get_array_member (instance, "prices")
                              : NULL;

      offers += prices != NULL ? json_array_get_length (prices) : 0;
    }
  return offers;
}

/* "2026-12-04" of a GitHub commits answer: [{ "commit": { "committer": { "date": … } } }]. */
char *
gp_updater_commit_date (GBytes *body)
{
  g_autoptr(JsonNode) root = gp_json_read_bytes (body, "commits", NULL);
  JsonArray *commits =
      root != NULL && JSON_NODE_HOLDS_ARRAY (root) ? json_node_get_array (root) : NULL;
  JsonNode *first = commits != NULL && json_array_get_length (commits) > 0
                        ? json_array_get_element (commits, 0)
                        : NULL;
  g_autoptr(JsonPath) path = json_path_new ();
  g_autoptr(JsonNode) found = NULL;
  g_autofree char *day = NULL;
  JsonArray *matches;
  const char *date;

  if (first == NULL || !json_path_compile (path, "$.commit.committer.date", NULL))
    return NULL;
  found = json_path_match (path, first);
  matches = json_node_get_array (found);
  if (json_array_get_length (matches) != 1 ||
      !JSON_NODE_HOLDS_VALUE (json_array_get_element (matches, 0)) ||
      json_node_get_value_type (json_array_get_element (matches, 0)) != G_TYPE_STRING)
    return NULL;
  date = json_array_get_string_element (matches, 0);
  if (strlen (date) < 10)
    return NULL;
  day = g_strndup (date, 10);
  return gp_date_is_valid (day, FALSE) ? g_steal_pointer (&day) : NULL;
}
