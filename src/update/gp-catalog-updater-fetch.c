/* gp-catalog-updater-fetch.c — one source of a refresh: its request, by the kind of its feed,
 * its answer imported and checked, then kept with its date and history, or its failure said
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "gp-aws-pricelist.h"
#include "gp-aws-spot.h"
#include "gp-azure-importer.h"
#include "gp-catalog-updater.h"
#include "gp-catalog-updater-private.h"
#include "gp-gcp-billing-api.h"
#include "gp-http-fetch.h"
#include "gp-json-reader.h"
#include "gp-lambda-api-importer.h"
#include "gp-ovh-importer.h"
#include "gp-price-history.h"
#include "gp-scaleway-importer.h"
#include "gp-skypilot-importer.h"
#include "gp-update-error.h"

/* The session, made on the first download: an updater only asked what it knows (the window's
 * start, Preferences) leaves the network code unloaded. */
static GpHttpSession *
session_of (GpCatalogUpdater *self)
{
  if (self->session == NULL)
    self->session = gp_http_session_new (self->timeout_s);
  return self->session;
}

/* One source */

static Source *
current_source (Refresh *refresh)
{
  return g_ptr_array_index (refresh->todo, refresh->index);
}

/* Each source's last refresh, kept in the state for Preferences: when, and how it went. */
static void
note_result (Refresh        *refresh,
             GpSourceStatus  status,
             const char     *message)
{
  const char *name = current_source (refresh)->name;
  g_autofree char *checked = g_date_time_format_iso8601 (refresh->started);
  JsonNode *node = json_object_get_member (refresh->state, name);
  JsonObject *entry;

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    json_object_set_object_member (refresh->state, name, json_object_new ());
  entry = json_object_get_object_member (refresh->state, name);
  json_object_set_string_member (entry, "checked", checked);
  json_object_set_string_member (entry, "result",
                                 status == GP_SOURCE_STATUS_FAILED      ? message
                                 : status == GP_SOURCE_STATUS_UNCHANGED ? "unchanged"
                                                                        : "updated");
}

static GpSourceResult *
record_result (Refresh        *refresh,
               GpSourceStatus  status,
               const char     *message,
               guint           offers,
               guint64         bytes)
{
  GpSourceResult *result = g_new0 (GpSourceResult, 1);

  result->name = g_strdup (current_source (refresh)->name);
  result->status = status;
  result->message = g_strdup (message);
  result->offers = offers;
  result->bytes = bytes;
  result->notes = g_steal_pointer (&refresh->notes);
  g_ptr_array_add (refresh->report->sources, result);
  note_result (refresh, status, message);
  return result;
}

/* The parts made again once every other part is in (complete_spot_part()). */
void
gp_updater_note_completed_part (Refresh      *refresh,
                                         GpFeedFormat  format,
                                         GBytes       *part)
{
  if (format == GP_FEED_FORMAT_AWS_SPOT)
    refresh->spot_part = part;
  else if (format == GP_FEED_FORMAT_GCP_BILLING)
    refresh->billing_part = part;
}

/* Adds the figures a source had before to the refresh; FALSE when there are none to add. */
static gboolean
keep_previous_part (GpCatalogUpdater *self,
                    Refresh          *refresh)
{
  g_autoptr(GBytes) previous = gp_updater_load_part (self, current_source (refresh)->name);

  if (previous == NULL ||
      !gp_catalog_add_layer (refresh->working, previous, current_source (refresh)->name,
                             GP_CATALOG_LAYER_REFRESHED, NULL))
    return FALSE;

  gp_updater_note_completed_part (refresh, current_source (refresh)->format, previous);
  g_ptr_array_add (refresh->parts, g_steal_pointer (&previous));
  return TRUE;
}

static void
next_source (GTask *task)
{
  Refresh *refresh = g_task_get_task_data (task);

  refresh->page_items = 0;
  refresh->on_fallback = FALSE;
  refresh->mirror = 0;
  refresh->dated_by = NULL;
  g_clear_pointer (&refresh->notes, g_ptr_array_unref);
  g_clear_pointer (&refresh->upstream_date, g_free);
  refresh->index++;
  gp_updater_fetch_current (task);
}

/* The address the current source is read from: its own, or its fallback once the server said
 * the own one is not there. */
static const char *
current_url (Refresh *refresh)
{
  Source *source = current_source (refresh);

  if (refresh->on_fallback)
    return source->fallback_url;
  return refresh->mirror > 0 ? source->mirrors[refresh->mirror - 1] : source->url;
}

/* Where the date of the current source's file is asked: the source's own date address, else,
 * for a file of a GitHub repository, the repository's last commit to it; NULL for none. */
static char *
source_date_url (Refresh *refresh)
{
  static const char raw[] = "https://raw.githubusercontent.com/";
  const char *url = current_url (refresh);
  g_auto(GStrv) parts = NULL;
  g_autofree char *path = NULL;

  if (current_source (refresh)->date_url != NULL)
    return g_strdup (current_source (refresh)->date_url);
  if (!g_str_has_prefix (url, raw))
    return NULL;
  /* OWNER/REPO/BRANCH/PATH */
  parts = g_strsplit (url + strlen (raw), "/", 4);
  if (g_strv_length (parts) != 4)
    return NULL;
  path = g_uri_escape_string (parts[3], "/", FALSE);
  return g_strdup_printf ("https://api.github.com/repos/%s/%s/commits?path=%s&sha=%s&per_page=1",
                          parts[0], parts[1], path, parts[2]);
}

/* Whether @message starts with @name and a colon, as the file readers' messages do. */
static gboolean
names_source (const char *message,
              const char *name)
{
  gsize length = strlen (name);

  return strncmp (message, name, length) == 0 &&
         (g_str_has_prefix (message + length, ": ") || g_str_has_prefix (message + length, "："));
}

/* A source that fails keeps its previous figures, so that it costs nothing; the others go on.
 * Cancelling stops the whole refresh, and nothing is written. */
static void
fail_source (GTask  *task,
             GError *error)
{
  GpCatalogUpdater *self = g_task_get_source_object (task);
  Refresh *refresh = g_task_get_task_data (task);
  g_autofree char *message = NULL;
  g_autofree char *name_colon = NULL;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_task_return_error (task, error);
      g_object_unref (task);
      return;
    }

  /* Said once: a check of the source's file already names it ("catalog: instances[2]…", in
   * Chinese "catalog：instances[2]…"). */
  name_colon = g_strconcat (current_source (refresh)->name, ": ", NULL);
  message = names_source (error->message, current_source (refresh)->name)
                ? g_strdup (error->message)
                : g_strconcat (name_colon, error->message, NULL);
  record_result (refresh, GP_SOURCE_STATUS_FAILED, message, 0, 0);
  g_error_free (error);
  keep_previous_part (self, refresh);
  next_source (task);
}

/* The date of the source's figures: the file's last change upstream where the repository says
 * it, else the server's date of the file, else the day it was fetched; @dated_by (optional)
 * says which, for the report. */
static char *
as_of_for (GpHttpResponse  *response,
           Refresh         *refresh,
           const char     **dated_by)
{
  g_autoptr(GDateTime) date = NULL;
  const char *unused;

  dated_by = dated_by != NULL ? dated_by : &unused;
  if (refresh->upstream_date != NULL)
    {
      *dated_by = refresh->dated_by != NULL ? refresh->dated_by
                                            : N_("dated by the file's last change upstream");
      return g_strdup (refresh->upstream_date);
    }
  if (response->last_modified != NULL)
    date = gp_http_date_parse (response->last_modified);
  *dated_by = date != NULL ? N_("dated by the server's date of the file")
                           : N_("dated by the day of the download: the source gives no date");
  return g_date_time_format (date != NULL ? date : refresh->started, "%F");
}

/* Said in the report, so that a refresh whose prices could not be kept in the history says so
 * instead of stopping the history silently; the first problem is enough. */
static void
note_history_problem (Refresh *refresh,
                      GError  *error)
{
  if (refresh->report->history_problem == NULL)
    refresh->report->history_problem = g_strdup (error->message);
}

/* The history a refresh adds to: the bundled series and the user's points. A file that cannot
 * be read is left alone, and nothing is recorded: it is never overwritten by a partial one. */
static GpPriceHistory *
refresh_history (GpCatalogUpdater *self,
                 Refresh          *refresh)
{
  if (!refresh->history_read)
    {
      g_autoptr(GpPriceHistory) history = gp_price_history_new_bundled ();
      g_autoptr(GError) error = NULL;

      refresh->history_read = TRUE;
      if (gp_price_history_load_from (history, self->history_file, &error))
        refresh->history = g_steal_pointer (&history);
      else
        note_history_problem (refresh, error);
    }
  return refresh->history;
}

/* Each price a source brought that differs from its latest known one becomes a point of the
 * user's history, dated as the source's figures are. */
static void
record_history (GpCatalogUpdater *self,
                Refresh          *refresh,
                GBytes           *part,
                GpHttpResponse   *response)
{
  GpPriceHistory *history = refresh_history (self, refresh);
  Source *source = current_source (refresh);
  g_autofree char *as_of = as_of_for (response, refresh, NULL);
  g_autofree char *title = g_strdup_printf (_("Refresh from %s"), current_url (refresh));
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GError) error = NULL;
  JsonArray *instances;
  guint added = 0;

  if (history == NULL || (root = gp_json_read_bytes (part, source->name, NULL)) == NULL)
    return;
  instances = json_object_has_member (json_node_get_object (root), "instances")
                  ? json_object_get_array_member (json_node_get_object (root), "instances")
                  : NULL;
  for (guint i = 0; instances != NULL && i < json_array_get_length (instances); i++)
    {
      JsonObject *instance = json_array_get_object_element (instances, i);
      JsonArray *prices = json_object_get_array_member (instance, "prices");

      for (guint p = 0; prices != NULL && p < json_array_get_length (prices); p++)
        {
          JsonObject *price = json_array_get_object_element (prices, p);
          JsonNode *spot = json_object_get_member (price, "spot");
          g_autofree char *id =
              g_strdup_printf ("%s@%s", json_object_get_string_member (instance, "id"),
                               json_object_get_string_member (price, "region"));
          double on_demand = json_object_get_double_member_with_default (price, "on_demand", NAN);
          double spot_min = spot == NULL ? NAN
                            : JSON_NODE_HOLDS_ARRAY (spot)
                                ? json_array_get_double_element (json_node_get_array (spot), 0)
                            : JSON_NODE_HOLDS_VALUE (spot) ? json_node_get_double (spot)
                                                           : NAN;

          added += gp_price_history_record (history, id, as_of, on_demand, spot_min, title);
        }
    }
  if (added > 0 && !gp_price_history_save_to (history, self->history_file, &error))
    note_history_problem (refresh, error);
}

/* Checks a source's figures as a layer on what came before, keeps and records them. */
static void
accept_part (GTask          *task,
             GBytes         *part,
             guint           offers,
             GpHttpResponse *response)
{
  GpCatalogUpdater *self = g_task_get_source_object (task);
  Refresh *refresh = g_task_get_task_data (task);
  Source *source = current_source (refresh);
  g_autoptr(GError) error = NULL;
  g_autofree char *file_name = g_strconcat (source->name, ".json", NULL);
  g_autoptr(GFile) file = gp_updater_cache_file (self, "sources", file_name);
  g_autofree char *as_of = as_of_for (response, refresh, NULL);
  JsonObject *entry;
  GpSourceResult *result;

  if (!gp_updater_write_file (file, part, &error))
    {
      fail_source (task, g_steal_pointer (&error));
      return;
    }
  g_ptr_array_add (refresh->parts, g_bytes_ref (part));
  gp_updater_note_completed_part (refresh, source->format, part);

  /* A paged answer's last page says nothing of the whole: only its address is kept. */
  entry = json_object_new ();
  json_object_set_string_member (entry, "url", current_url (refresh));
  if (source->format != GP_FEED_FORMAT_AZURE)
    {
      if (response->etag != NULL)
        json_object_set_string_member (entry, "etag", response->etag);
      if (response->last_modified != NULL)
        json_object_set_string_member (entry, "last_modified", response->last_modified);
    }
  json_object_set_string_member (entry, "as_of", as_of);
  json_object_set_object_member (refresh->state, source->name, entry);

  record_history (self, refresh, part, response);
  result = record_result (refresh, GP_SOURCE_STATUS_UPDATED, NULL, offers, response->size);
  result->as_of = as_of_for (response, refresh, &result->dated_by);
  next_source (task);
}

/* A page of the Azure Retail Prices API: its items counted, the address of the next one. */
static gboolean
azure_next_page (GBytes    *page,
                 guint      number,
                 char     **next_url,
                 gpointer   user_data,
                 GError   **error)
{
  Refresh *refresh = user_data;
  Source *source = current_source (refresh);
  g_autoptr(JsonArray) items = NULL;
  g_autofree char *next_link = NULL;
  g_autofree char *page_name = g_strdup_printf ("page %u", number);

  *next_url = NULL;
  if (!gp_azure_page_parse (page, page_name, &items, &next_link, error))
    return FALSE;

  refresh->page_items += json_array_get_length (items);
  if (json_array_get_length (items) == 0)
    return TRUE;
  if (next_link != NULL)
    *next_url = g_steal_pointer (&next_link);
  else
    /* No NextPageLink on a page with items: ask for what follows by $skip, until one is empty. */
    *next_url =
        g_strdup_printf ("%s%c$skip=%u", source->url, strchr (source->url, '?') != NULL ? '&' : '?',
                         refresh->page_items);
  return TRUE;
}

/* Scaleway's catalog says how many products it has: the pages are asked for until they are
 * all read, or one is empty. */
static gboolean
scaleway_next_page (GBytes    *page,
                    guint      number,
                    char     **next_url,
                    gpointer   user_data,
                    GError   **error)
{
  Refresh *refresh = user_data;
  g_autofree char *page_name = g_strdup_printf ("page %u", number);
  guint products, total;

  *next_url = NULL;
  if (!gp_scaleway_page_count (page, page_name, &products, &total, error))
    return FALSE;
  refresh->page_items += products;
  if (products > 0 && refresh->page_items < total)
    *next_url =
        g_strdup_printf ("%s%cpage=%u", current_url (refresh),
                         strchr (current_url (refresh), '?') != NULL ? '&' : '?', number + 1);
  return TRUE;
}

/* The source's figures in the catalog's format, from what its server sent. */
static GBytes *
import_response (Refresh         *refresh,
                 GpHttpResponse  *response,
                 GpImportReport  *import_report,
                 GError         **error)
{
  Source *source = current_source (refresh);
  g_autofree char *as_of = as_of_for (response, refresh, NULL);

  switch (source->format)
    {
    case GP_FEED_FORMAT_AZURE:
      return gp_azure_import (refresh->working, response->pages, source->name, source->url, as_of,
                              import_report, error);

    case GP_FEED_FORMAT_SKYPILOT:
      return gp_skypilot_import (refresh->working, g_ptr_array_index (response->pages, 0),
                                 source->name, current_url (refresh), as_of, import_report, error);

    case GP_FEED_FORMAT_AWS_SPOT:
      {
        g_autoptr(GPtrArray) spots = NULL;

        refresh->notes = g_ptr_array_new_with_free_func (g_free);
        spots = gp_aws_spot_parse (g_ptr_array_index (response->pages, 0), source->name,
                                   refresh->working, import_report, refresh->notes, error);
        return spots == NULL ? NULL
                             : gp_aws_spot_complete (refresh->working, spots, current_url (refresh),
                                                     as_of, &import_report->offers, error);
      }
    case GP_FEED_FORMAT_LAMBDA_API:
      return gp_lambda_api_import (refresh->working, g_ptr_array_index (response->pages, 0),
                                   source->name, current_url (refresh), as_of, import_report,
                                   error);

    case GP_FEED_FORMAT_SCALEWAY:
      /* What it left out, and where, is said with the source's result. */
      refresh->notes = g_ptr_array_ref (import_report->notes);
      return gp_scaleway_import (refresh->working, response->pages, source->name,
                                 current_url (refresh), as_of, import_report, error);

    case GP_FEED_FORMAT_OVH:
      refresh->notes = g_ptr_array_ref (import_report->notes);
      return gp_ovh_import (refresh->working, g_ptr_array_index (response->pages, 0), source->name,
                            current_url (refresh), as_of, import_report, error);

    case GP_FEED_FORMAT_CATALOG:
    default:
      return g_bytes_ref (g_ptr_array_index (response->pages, 0));
    }
}

/* Checks a fetched file completely before it is used (a valid file with invalid data fails
 * here), then keeps it. */
static void
import_and_accept (GTask          *task,
                   GpHttpResponse *response)
{
  Refresh *refresh = g_task_get_task_data (task);
  g_autoptr(GpImportReport) import_report = gp_import_report_new ();
  g_autoptr(GBytes) part = NULL;
  GError *error = NULL;

  part = import_response (refresh, response, import_report, &error);
  if (part == NULL || !gp_catalog_add_layer (refresh->working, part, current_source (refresh)->name,
                                             GP_CATALOG_LAYER_REFRESHED, &error))
    {
      fail_source (task, error);
      return;
    }

  accept_part (task, part,
               current_source (refresh)->format == GP_FEED_FORMAT_CATALOG
                   ? gp_updater_count_offers (part)
                   : import_report->offers,
               response);
}

/* The repository's answer on the file's last change: its date, or, where it has none, the
 * server's; the file is read either way. */
static void
dated_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  GTask *task = user_data;
  Refresh *refresh = g_task_get_task_data (task);
  GError *error = NULL;
  g_autoptr(GpHttpResponse) answer = gp_http_fetch_finish (result, &error);
  g_autoptr(GpHttpResponse) response = g_steal_pointer (&refresh->pending);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      fail_source (task, error);
      return;
    }
  g_clear_error (&error);
  if (answer != NULL && answer->pages->len > 0)
    refresh->upstream_date = gp_updater_commit_date (g_ptr_array_index (answer->pages, 0));
  import_and_accept (task, response);
}

/* A source whose address failed is asked at its next mirror, in order; the last one's failure
 * is the source's, said in one line with how many addresses were tried. */
static void
try_next_address (GTask  *task,
                  GError *error)
{
  Refresh *refresh = g_task_get_task_data (task);
  Source *source = current_source (refresh);
  guint tried = refresh->mirror + 1;

  if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) && source->mirrors != NULL &&
      refresh->mirror < g_strv_length (source->mirrors))
    {
      g_error_free (error);
      refresh->on_fallback = FALSE;
      refresh->mirror++;
      gp_updater_fetch_current (task);
      return;
    }
  if (tried > 1 && error->domain != G_IO_ERROR)
    {
      g_autofree char *message = g_strdup (error->message);

      g_free (error->message);
      error->message = g_strdup_printf ("%s (the last of %u addresses tried)", message, tried);
    }
  fail_source (task, error);
}

static void
aws_pricelist_cb (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  GTask *task = user_data;
  Refresh *refresh = g_task_get_task_data (task);
  GError *error = NULL;
  g_autoptr(GpAwsPricelistResult) fetched = gp_aws_pricelist_fetch_finish (result, &error);
  g_autoptr(GpHttpResponse) response = g_new0 (GpHttpResponse, 1);

  if (fetched == NULL)
    {
      try_next_address (task, error);
      return;
    }
  response->pages = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  response->size = fetched->bytes;
  refresh->upstream_date = g_strdup (fetched->as_of);
  refresh->dated_by = N_("dated by the price list's publication date");
  refresh->notes = g_ptr_array_ref (fetched->notes);
  if (!gp_catalog_add_layer (refresh->working, fetched->part, current_source (refresh)->name,
                             GP_CATALOG_LAYER_REFRESHED, &error))
    {
      fail_source (task, error);
      return;
    }
  accept_part (task, fetched->part, fetched->offers, response);
}

static void
gcp_billing_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  GTask *task = user_data;
  Refresh *refresh = g_task_get_task_data (task);
  GError *error = NULL;
  g_autoptr(GpGcpBillingResult) fetched = gp_gcp_billing_fetch_finish (result, &error);
  g_autoptr(GpHttpResponse) response = g_new0 (GpHttpResponse, 1);

  if (fetched == NULL ||
      !gp_catalog_add_layer (refresh->working, fetched->part, current_source (refresh)->name,
                             GP_CATALOG_LAYER_REFRESHED, &error))
    {
      try_next_address (task, error);
      return;
    }
  response->size = fetched->bytes;
  refresh->upstream_date = g_strdup (fetched->as_of);
  refresh->dated_by = N_("dated by the SKUs' effective time");
  refresh->notes = g_ptr_array_ref (fetched->notes);
  accept_part (task, fetched->part, fetched->offers, response);
}

static void
fetched_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  GTask *task = user_data;
  GpCatalogUpdater *self = g_task_get_source_object (task);
  Refresh *refresh = g_task_get_task_data (task);
  GError *error = NULL;
  g_autoptr(GpHttpResponse) response = gp_http_fetch_finish (result, &error);
  g_autofree char *date_url = NULL;

  if (response == NULL)
    {
      /* SkyPilot's newest catalog version first; the one before where it is not published. */
      if (g_error_matches (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_NOT_FOUND) &&
          current_source (refresh)->fallback_url != NULL && !refresh->on_fallback)
        {
          g_error_free (error);
          refresh->on_fallback = TRUE;
          gp_updater_fetch_current (task);
          return;
        }
      try_next_address (task, error);
      return;
    }

  if (response->not_modified)
    {
      if (keep_previous_part (self, refresh))
        {
          record_result (refresh, GP_SOURCE_STATUS_UNCHANGED, NULL, 0, 0);
          next_source (task);
          return;
        }
      json_object_remove_member (refresh->state, current_source (refresh)->name);
      fail_source (task, g_error_new (GP_UPDATE_ERROR, GP_UPDATE_ERROR_HTTP,
                                      "the server says nothing changed, but the saved copy is "
                                      "gone; it will be fetched whole next time"));
      return;
    }

  /* Where the repository dates the file's last change, ask it first. */
  if ((date_url = source_date_url (refresh)) != NULL)
    {
      GpHttpFetchOptions options = { .max_size = 256 * 1024, .deadline_s = self->deadline_s };

      refresh->pending = g_steal_pointer (&response);
      gp_http_fetch_async (session_of (self), date_url, &options, g_task_get_cancellable (task),
                           dated_cb, task);
      return;
    }

  import_and_accept (task, response);
}

static void
progress_cb (guint64  received,
             gint64   total,
             gpointer user_data)
{
  GTask *task = user_data;
  Refresh *refresh = g_task_get_task_data (task);

  gp_updater_emit_progress (g_task_get_source_object (task), current_source (refresh)->name,
                            received, total);
}

void
gp_updater_fetch_current (GTask *task)
{
  GpCatalogUpdater *self = g_task_get_source_object (task);
  Refresh *refresh = g_task_get_task_data (task);
  GpHttpFetchOptions options = {
    .max_size = self->max_size,
    .deadline_s = self->deadline_s,
    .progress = progress_cb,
    .progress_data = task,
  };
  Source *source;

  if (refresh->index >= refresh->todo->len)
    {
      gp_updater_finish_refresh (task);
      return;
    }

  source = current_source (refresh);
  if (source->format == GP_FEED_FORMAT_AWS_PRICELIST)
    {
      gp_aws_pricelist_fetch_async (current_url (refresh), refresh->working, progress_cb, task,
                                    g_task_get_cancellable (task), aws_pricelist_cb, task);
      return;
    }
  if (source->format == GP_FEED_FORMAT_GCP_BILLING)
    {
      gp_gcp_billing_fetch_async (session_of (self), current_url (refresh), source->query_key,
                                  refresh->working, &options, g_task_get_cancellable (task),
                                  gcp_billing_cb, task);
      return;
    }
  options.authorization = source->authorization;
  if (source->format == GP_FEED_FORMAT_AZURE)
    {
      options.next_page = azure_next_page;
      options.next_page_data = refresh;
    }
  if (source->format == GP_FEED_FORMAT_SCALEWAY)
    {
      options.next_page = scaleway_next_page;
      options.next_page_data = refresh;
    }

  /* An unchanged source costs one small round trip, if its saved copy is still there. */
  if (g_strcmp0 (gp_updater_state_string (refresh->state, source->name, "url"),
                 current_url (refresh)) == 0)
    {
      g_autoptr(GBytes) previous = gp_updater_load_part (self, source->name);

      if (previous != NULL)
        {
          options.if_none_match = gp_updater_state_string (refresh->state, source->name, "etag");
          options.if_modified_since =
              gp_updater_state_string (refresh->state, source->name, "last_modified");
        }
    }

  gp_http_fetch_async (session_of (self), current_url (refresh), &options,
                       g_task_get_cancellable (task), fetched_cb, task);
}
