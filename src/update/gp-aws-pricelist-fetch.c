/* gp-aws-pricelist-fetch.c — the offer index, the region indexes and the offer files, fetched
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * In a worker thread, on a session of its own: the offer files are parsed as they arrive,
 * which is work for a processor, not for the main loop. Only the regions the catalog knows are
 * fetched. Any failure fails the whole source: the part is made only once every file was read
 * to its end, so a file that broke off is never half-applied.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "gp-aws-pricelist.h"
#include "gp-json-reader.h"
#include "gp-update-error.h"

#define INDEX_MAX_SIZE (16 * 1024 * 1024)
#define PROGRESS_STEP  (1024 * 1024)
#define TIMEOUT_S      30

static const struct
{
  GpAwsService service;
  const char *code;
} services[] = {
  { GP_AWS_SERVICE_EC2, "AmazonEC2" },
  { GP_AWS_SERVICE_SAGEMAKER, "AmazonSageMaker" },
};

typedef struct
{
  char *index_url;
  GpCatalog *base;
  GpHttpProgress progress;
  gpointer progress_data;
  GMainContext *context; /* the caller's: progress is said there */
  GpHttpSession *session;
  guint64 received; /* all files together */
  guint64 said;
} Job;

typedef struct
{
  GTask *task;
  guint64 received;
} Progress;

static void
job_free (gpointer data)
{
  Job *job = data;

  g_free (job->index_url);
  g_clear_object (&job->base);
  g_clear_pointer (&job->session, gp_http_session_unref);
  g_main_context_unref (job->context);
  g_free (job);
}

static void
progress_free (gpointer data)
{
  Progress *progress = data;

  g_object_unref (progress->task);
  g_free (progress);
}

static gboolean
progress_idle (gpointer data)
{
  Progress *progress = data;
  Job *job = g_task_get_task_data (progress->task);

  if (!g_task_get_completed (progress->task))
    job->progress (progress->received, -1, job->progress_data);
  return G_SOURCE_REMOVE;
}

/* Told of each buffer read; says the bytes so far in the caller's context, once a megabyte. */
static void
count_read (gsize    size,
            gpointer user_data)
{
  GTask *task = user_data;
  Job *job = g_task_get_task_data (task);
  Progress *progress;

  job->received += size;
  if (job->progress == NULL || job->received - job->said < PROGRESS_STEP)
    return;
  job->said = job->received;
  progress = g_new (Progress, 1);
  progress->task = g_object_ref (task);
  progress->received = job->received;
  g_main_context_invoke_full (job->context, G_PRIORITY_DEFAULT, progress_idle, progress,
                              progress_free);
}

/* Reads a stream as it comes, counting its bytes for the progress. */
static GBytes *
read_small (Job           *job,
            const char    *url,
            const char    *what,
            GCancellable  *cancellable,
            GError       **error)
{
  g_autoptr(GInputStream) body = gp_http_open (job->session, url, what, cancellable, error);
  g_autoptr(GByteArray) data = g_byte_array_new ();
  guint8 buffer[16384];
  gssize got;

  if (body == NULL)
    return NULL;
  while ((got = g_input_stream_read (body, buffer, sizeof buffer, cancellable, error)) > 0)
    {
      g_byte_array_append (data, buffer, got);
      if (data->len > INDEX_MAX_SIZE)
        {
          g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_TOO_LARGE,
                       _("%s: larger than %u MB, not an index"), what,
                       INDEX_MAX_SIZE / 1024 / 1024);
          return NULL;
        }
    }
  if (got < 0)
    {
      g_prefix_error (error, "%s: the download broke off: ", what);
      return NULL;
    }
  return g_byte_array_free_to_bytes (g_steal_pointer (&data));
}

/* A member of an index: {"key": {"member": "…"}} → the string, resolved against @base_url. */
static char *
index_address (JsonObject *entries,
               const char *key,
               const char *member,
               const char *base_url)
{
  JsonNode *entry = json_object_get_member (entries, key);
  JsonNode *value = entry != NULL && JSON_NODE_HOLDS_OBJECT (entry)
                        ? json_object_get_member (json_node_get_object (entry), member)
                        : NULL;

  if (value == NULL || !JSON_NODE_HOLDS_VALUE (value) ||
      json_node_get_value_type (value) != G_TYPE_STRING)
    return NULL;
  return g_uri_resolve_relative (base_url, json_node_get_string (value), G_URI_FLAGS_NONE, NULL);
}

static JsonObject *
read_index (Job           *job,
            const char    *url,
            const char    *what,
            const char    *member,
            GCancellable  *cancellable,
            GError       **error)
{
  g_autoptr(GBytes) bytes = read_small (job, url, what, cancellable, error);
  g_autoptr(JsonNode) root = bytes != NULL ? gp_json_read_bytes (bytes, what, error) : NULL;
  JsonNode *entries;

  if (root == NULL)
    {
      if (error != NULL && *error != NULL && (*error)->domain != GP_UPDATE_ERROR)
        {
          GError *format =
              g_error_new_literal (GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT, (*error)->message);
          g_clear_error (error);
          g_propagate_error (error, format);
        }
      return NULL;
    }
  if (!JSON_NODE_HOLDS_OBJECT (root) ||
      (entries = json_object_get_member (json_node_get_object (root), member)) == NULL ||
      !JSON_NODE_HOLDS_OBJECT (entries))
    {
      g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT, _("%s: no “%s” object (%s)"),
                   what, member, url);
      return NULL;
    }
  return json_object_ref (json_node_get_object (entries));
}

static gboolean
read_offer_file (Job             *job,
                 GpAwsPricelist  *reader,
                 GpAwsService     service,
                 const char      *url,
                 const char      *what,
                 GCancellable    *cancellable,
                 GError         **error)
{
  g_autoptr(GInputStream) body = gp_http_open (job->session, url, what, cancellable, error);
  gboolean ok;

  if (body == NULL)
    return FALSE;
  ok = gp_aws_pricelist_read_offer (reader, service, body, what, cancellable, error);
  if (!ok && error != NULL && *error != NULL && (*error)->domain != GP_UPDATE_ERROR &&
      !g_error_matches (*error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_prefix_error (error, "%s: the download broke off: ", what);
  return ok;
}

/* One service: its region index, then the offer file of each region the catalog knows. */
static gboolean
fetch_service (Job            *job,
               GpAwsPricelist *reader,
               GpAwsService    service,
               const char     *code,
               const char     *region_index_url,
               GHashTable     *known,
               GPtrArray      *notes,
               GCancellable   *cancellable,
               GError        **error)
{
  g_autofree char *what = g_strdup_printf ("%s region index", code);
  g_autoptr(JsonObject) regions =
      read_index (job, region_index_url, what, "regions", cancellable, error);
  g_autoptr(GPtrArray) unknown = g_ptr_array_new ();
  JsonObjectIter iter;
  const char *region;
  JsonNode *node;

  if (regions == NULL)
    return FALSE;
  json_object_iter_init (&iter, regions);
  while (json_object_iter_next (&iter, &region, &node))
    {
      g_autofree char *url = NULL;
      g_autofree char *file = NULL;

      if (!g_hash_table_contains (known, region))
        {
          g_ptr_array_add (unknown, (char *) region);
          continue;
        }
      file = g_strdup_printf ("%s %s", code, region);
      url = index_address (regions, region, "currentVersionUrl", region_index_url);
      if (url == NULL)
        {
          g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT,
                       _("%s: regions.%s: no currentVersionUrl"), what, region);
          return FALSE;
        }
      if (!read_offer_file (job, reader, service, url, file, cancellable, error))
        return FALSE;
    }
  if (unknown->len > 0)
    {
      g_autofree char *list = NULL;

      g_ptr_array_add (unknown, NULL);
      list = g_strjoinv (", ", (char **) unknown->pdata);
      g_ptr_array_add (
          notes, g_strdup_printf (_("%s: regions not in the catalog, not read: %s"), what, list));
    }
  return TRUE;
}

static void
fetch_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  Job *job = task_data;
  g_autoptr(GpAwsPricelist) reader = gp_aws_pricelist_new (job->base);
  g_autoptr(JsonObject) offers = NULL;
  g_autoptr(GHashTable) known = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) notes = g_ptr_array_new_with_free_func (g_free);
  GpAwsPricelistResult *result;
  GError *error = NULL;

  gp_aws_pricelist_set_read_func (reader, count_read, task);
  job->session = gp_http_session_new (TIMEOUT_S);
  offers = read_index (job, job->index_url, "offer index", "offers", cancellable, &error);
  if (offers == NULL)
    {
      g_task_return_error (task, error);
      return;
    }

  for (const char *const *p = (const char *const[]){ "aws-ec2", "aws-sagemaker", NULL }; *p; p++)
    {
      GpProvider *provider = gp_catalog_find_provider (job->base, *p);
      GListModel *list = provider != NULL ? gp_provider_get_regions (provider) : NULL;

      for (guint i = 0; list != NULL && i < g_list_model_get_n_items (list); i++)
        {
          g_autoptr(GpRegion) region = g_list_model_get_item (list, i);

          g_hash_table_add (known, (char *) gp_region_get_id (region));
        }
    }

  for (guint s = 0; s < G_N_ELEMENTS (services); s++)
    {
      g_autofree char *url =
          index_address (offers, services[s].code, "currentRegionIndexUrl", job->index_url);

      if (url == NULL)
        {
          g_ptr_array_add (
              notes, g_strdup_printf (_("offer index: no region index for %s"), services[s].code));
          continue;
        }
      if (!fetch_service (job, reader, services[s].service, services[s].code, url, known, notes,
                          cancellable, &error))
        {
          g_task_return_error (task, error);
          return;
        }
    }

  result = gp_aws_pricelist_finish_part (reader, job->index_url, &error);
  if (result == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  result->bytes = job->received;
  for (guint i = 0; i < notes->len; i++)
    g_ptr_array_add (result->notes, g_strdup (g_ptr_array_index (notes, i)));
  g_task_return_pointer (task, result, (GDestroyNotify) gp_aws_pricelist_result_free);
}

void
gp_aws_pricelist_fetch_async (const char          *index_url,
                              GpCatalog           *base,
                              GpHttpProgress       progress,
                              gpointer             progress_data,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  Job *job = g_new0 (Job, 1);

  job->index_url = g_strdup (index_url);
  job->base = g_object_ref (base);
  job->progress = progress;
  job->progress_data = progress_data;
  job->context = g_main_context_ref_thread_default ();
  g_task_set_source_tag (task, gp_aws_pricelist_fetch_async);
  g_task_set_task_data (task, job, job_free);
  /* Progress said after the task ended would reach a refresh that is gone. */
  g_task_set_return_on_cancel (task, FALSE);
  g_task_run_in_thread (task, fetch_thread);
}

GpAwsPricelistResult *
gp_aws_pricelist_fetch_finish (GAsyncResult  *result,
                               GError       **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}
