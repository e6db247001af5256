/* gp-catalog-updater.c — refreshing the catalog from public price sources over HTTPS
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each source is fetched in turn, asynchronously, on one GpHttpSession, by gp_http_fetch_async()
 * (HTTPS, redirects, size cap, deadline, retries, paging): a conditional request when the last
 * answer had an ETag or a date. The Azure Retail Prices API answers in pages: its NextPageLink
 * is followed, $skip paging stands in when a page has none, and an empty page ends the answer.
 * What arrives is imported and checked as a layer before it is kept. A source that fails keeps
 * its previous figures and says why; the refreshed layer, all sources merged, replaces the
 * previous one only once it is accepted, and is written atomically to the cache. The report and
 * its change summary are in gp-refresh-report.c.
 *
 * A source is tried at its newest address first and its fallback where the server has none,
 * dated by its file's last change upstream where the repository says it, and each accepted
 * part adds a point to the user's price history where a price changed.
 *
 * A source's addresses are tried in order (its mirrors) until one answers. The AWS Price List
 * is fetched and streamed by gp-aws-pricelist-fetch.c; the import of a local file is in
 * gp-catalog-updater-import.c.
 */

#include "config.h"

#include <json-glib/json-glib.h>
#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "gp-aws-pricelist.h"
#include "gp-aws-spot.h"
#include "gp-azure-importer.h"
#include "gp-catalog-merge.h"
#include "gp-catalog-updater.h"
#include "gp-catalog-updater-private.h"
#include "gp-file.h"
#include "gp-gcp-billing-api.h"
#include "gp-http-fetch.h"
#include "gp-json-reader.h"
#include "gp-json-writer.h"
#include "gp-key-store.h"
#include "gp-lambda-api-importer.h"
#include "gp-ovh-importer.h"
#include "gp-scaleway-importer.h"
#include "gp-price-history.h"
#include "gp-skypilot-importer.h"
#include "gp-text.h"
#include "gp-update-error.h"
#include "gp-util.h"

#define DEFAULT_MAX_SIZE   (32 * 1024 * 1024)
#define DEFAULT_TIMEOUT_S  30
/* The most one source may take in all, however slowly its server drips the bytes. */
#define DEFAULT_DEADLINE_S 600

#define SKYPILOT_BASE \
  "https://raw.githubusercontent.com/skypilot-org/skypilot-catalog/master/catalogs/"

static const char *const neoclouds[] = { "runpod",     "nebius", "verda", "seeweb",
                                         "hyperstack", "vast",   "oci",   "cudo" };

/* Scaleway's GPU Instances, from its own public catalog; 100 products a page. */
#define SCALEWAY_URL                                                                         \
  "https://api.scaleway.com/product-catalog/v2alpha1/public-catalog/products?product_types=" \
  "instance&page_size=100"

/* OVHcloud's GPU instances, from its own public order catalog: the French subsidiary's, in
 * euros. */
#define OVH_URL "https://eu.api.ovh.com/1.0/order/catalog/public/cloud?ovhSubsidiary=FR"

G_DEFINE_FINAL_TYPE (GpCatalogUpdater, gp_catalog_updater, G_TYPE_OBJECT)

enum {
  PROGRESS,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* One refresh, across its sources. */
typedef struct
{
  GpCatalog       *catalog;     /* the catalog to refresh */
  GpCatalog       *working;     /* bundled + the parts accepted so far, to check each part */
  GPtrArray       *todo;        /* Source, borrowed */
  guint            index;
  GPtrArray       *parts;       /* GBytes of every source's figures, in order */
  GpRefreshReport *report;
  JsonObject      *state;       /* per source: etag, last_modified */
  GDateTime       *started;
  guint            page_items;  /* the items of a paged answer read so far */
  gboolean on_fallback;         /* the current source is read from its fallback address */
  guint mirror;                 /* the current source is read from its mirror - 1; 0: its own */
  const char *dated_by;         /* what upstream_date is, where not the repository's date */
  GPtrArray *notes;             /* the current source's, for its result */
  GBytes *spot_part;            /* in parts: the spot feed's, completed again at the end */
  GBytes *billing_part;         /* in parts: gcp-billing's, likewise */
  GpHttpResponse *pending;      /* the current source's answer, while its date is asked */
  char *upstream_date;          /* the current source's last change upstream, YYYY-MM-DD */
  GpPriceHistory *history;      /* loaded at the first part; NULL when the file is unreadable */
  gboolean history_read;
} Refresh;

static void fetch_current (GTask *task);

static void
source_free (gpointer data)
{
  Source *source = data;

  g_free (source->name);
  g_free (source->url);
  g_free (source->fallback_url);
  g_free (source->date_url);
  g_strfreev (source->mirrors);
  g_free (source->own_url);
  g_free (source->own_fallback_url);
  gp_key_free (source->authorization);
  gp_key_free (source->query_key);
  g_free (source);
}

static void
refresh_free (gpointer data)
{
  Refresh *refresh = data;

  g_clear_object (&refresh->catalog);
  g_clear_object (&refresh->working);
  g_clear_pointer (&refresh->todo, g_ptr_array_unref);
  g_clear_pointer (&refresh->parts, g_ptr_array_unref);
  g_clear_pointer (&refresh->report, gp_refresh_report_free);
  g_clear_pointer (&refresh->state, json_object_unref);
  g_clear_pointer (&refresh->started, g_date_time_unref);
  g_clear_object (&refresh->history);
  g_clear_pointer (&refresh->pending, gp_http_response_free);
  g_clear_pointer (&refresh->notes, g_ptr_array_unref);
  g_free (refresh->upstream_date);
  g_free (refresh);
}

static void
gp_catalog_updater_dispose (GObject *object)
{
  GpCatalogUpdater *self = GP_CATALOG_UPDATER (object);

  g_clear_pointer (&self->session, gp_http_session_unref);
  g_clear_object (&self->cache_dir);
  g_clear_object (&self->history_file);
  g_clear_pointer (&self->sources, g_ptr_array_unref);
  g_clear_pointer (&self->names, g_ptr_array_unref);

  G_OBJECT_CLASS (gp_catalog_updater_parent_class)->dispose (object);
}

static void
gp_catalog_updater_class_init (GpCatalogUpdaterClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = gp_catalog_updater_dispose;

  /**
   * GpCatalogUpdater::progress:
   * @self: the updater
   * @source: the name of the source being fetched
   * @received: bytes received so far
   * @total: the size the server announced, or -1
   */
  signals[PROGRESS] =
    g_signal_new ("progress", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 3, G_TYPE_STRING, G_TYPE_UINT64, G_TYPE_INT64);
}

/* The session, made on the first download: an updater only asked what it knows (the window's
 * start, Preferences) leaves the network code unloaded. */
static GpHttpSession *
session_of (GpCatalogUpdater *self)
{
  if (self->session == NULL)
    self->session = gp_http_session_new (self->timeout_s);
  return self->session;
}

static void
gp_catalog_updater_init (GpCatalogUpdater *self)
{
  self->timeout_s = DEFAULT_TIMEOUT_S;
  self->sources = g_ptr_array_new_with_free_func (source_free);
  self->names = g_ptr_array_new_null_terminated (0, NULL, TRUE);
  self->max_size = DEFAULT_MAX_SIZE;
  self->deadline_s = DEFAULT_DEADLINE_S;
  self->history_file = gp_price_history_get_user_file ();
}

GpCatalogUpdater *
gp_catalog_updater_new (GFile *cache_dir)
{
  GpCatalogUpdater *self = g_object_new (GP_TYPE_CATALOG_UPDATER, NULL);

  if (cache_dir != NULL)
    self->cache_dir = g_object_ref (cache_dir);
  else
    self->cache_dir = g_file_new_build_filename (g_get_user_cache_dir (), "gpu-planner", NULL);

  return self;
}

void
gp_catalog_updater_add_source (GpCatalogUpdater *self,
                               const char       *name,
                               const char       *url,
                               GpFeedFormat    format)
{
  gp_catalog_updater_add_source_with_fallback (self, name, url, NULL, format);
}

void
gp_catalog_updater_add_source_with_fallback (GpCatalogUpdater *self,
                                             const char       *name,
                                             const char       *url,
                                             const char       *fallback_url,
                                             GpFeedFormat      format)
{
  Source *source;

  g_return_if_fail (GP_IS_CATALOG_UPDATER (self));
  g_return_if_fail (name != NULL && url != NULL);

  source = g_new0 (Source, 1);
  source->name = g_strdup (name);
  source->url = g_strdup (url);
  source->fallback_url = g_strdup (fallback_url);
  source->own_url = g_strdup (url);
  source->own_fallback_url = g_strdup (fallback_url);
  source->format = format;
  g_ptr_array_add (self->sources, source);
  g_ptr_array_add (self->names, source->name);
}

/* Adds SkyPilot's public price catalogs of AWS, Google Cloud and Lambda (schema v9, or v8 where
 * v9 is not published) and of Azure (schema v6, the newest that project publishes for Azure),
 * refreshed daily upstream, and those of RunPod, Nebius, Verda, Seeweb, Hyperstack, Vast.ai, OCI
 * and Cudo (v8),
 * then the Azure Retail Prices API for the Azure Machine Learning sizes and regions of the
 * bundled catalog: Microsoft's own figures, with reservations, outrank SkyPilot's; then the
 * AWS Price List's EC2 and SageMaker offer files, which outrank SkyPilot's copy likewise, and
 * the EC2 spot feed; Scaleway's and OVHcloud's own public catalogs. */
void
gp_catalog_updater_add_default_sources (GpCatalogUpdater *self,
                                        const char       *catalog_url)
{
  g_return_if_fail (GP_IS_CATALOG_UPDATER (self));

  /* v9 adds disk columns the importer does not need; v8 where v9 is not published. */
  gp_catalog_updater_add_source_with_fallback (self, "aws", SKYPILOT_BASE "v9/aws/vms.csv",
                                               SKYPILOT_BASE "v8/aws/vms.csv",
                                               GP_FEED_FORMAT_SKYPILOT);
  gp_catalog_updater_add_source_with_fallback (self, "gcp", SKYPILOT_BASE "v9/gcp/vms.csv",
                                               SKYPILOT_BASE "v8/gcp/vms.csv",
                                               GP_FEED_FORMAT_SKYPILOT);
  gp_catalog_updater_add_source_with_fallback (self, "lambda", SKYPILOT_BASE "v9/lambda/vms.csv",
                                               SKYPILOT_BASE "v8/lambda/vms.csv",
                                               GP_FEED_FORMAT_SKYPILOT);
  gp_catalog_updater_add_source (self, "azure", SKYPILOT_BASE "v6/azure/vms.csv",
                                 GP_FEED_FORMAT_SKYPILOT);
  /* The GPU clouds labs compare beyond the hyperscalers, Europe's among them: SkyPilot's v8
   * files, in Lambda's columns; the importer knows each by the source's name. */
  for (guint i = 0; i < G_N_ELEMENTS (neoclouds); i++)
    {
      g_autofree char *url = g_strdup_printf (SKYPILOT_BASE "v8/%s/vms.csv", neoclouds[i]);

      gp_catalog_updater_add_source (self, neoclouds[i], url, GP_FEED_FORMAT_SKYPILOT);
    }
  {
    g_autoptr(GpCatalog) bundled = gp_catalog_new_bundled ();
    g_autofree char *azure_url = gp_azure_prices_url (bundled);

    if (azure_url != NULL)
      gp_catalog_updater_add_source (self, "azure-retail", azure_url, GP_FEED_FORMAT_AZURE);
  }
  gp_catalog_updater_add_source (self, "aws-pricelist", GP_AWS_PRICELIST_INDEX_URL,
                                 GP_FEED_FORMAT_AWS_PRICELIST);
  gp_catalog_updater_add_source (self, "aws-spot", GP_AWS_SPOT_URL, GP_FEED_FORMAT_AWS_SPOT);
  gp_catalog_updater_add_source (self, "scaleway", SCALEWAY_URL, GP_FEED_FORMAT_SCALEWAY);
  gp_catalog_updater_add_source (self, "ovh", OVH_URL, GP_FEED_FORMAT_OVH);
  if (catalog_url != NULL && *catalog_url != '\0')
    gp_catalog_updater_add_source (self, "catalog", catalog_url, GP_FEED_FORMAT_CATALOG);
}

const char * const *
gp_catalog_updater_get_source_names (GpCatalogUpdater *self)
{
  static const char *const none[] = { NULL };

  g_return_val_if_fail (GP_IS_CATALOG_UPDATER (self), NULL);
  return self->names->pdata != NULL ? (const char * const *) self->names->pdata : none;
}

void
gp_catalog_updater_set_max_size (GpCatalogUpdater *self,
                                 goffset           max_size)
{
  g_return_if_fail (GP_IS_CATALOG_UPDATER (self));
  self->max_size = max_size;
}

void
gp_catalog_updater_set_timeout (GpCatalogUpdater *self,
                                guint             seconds)
{
  g_return_if_fail (GP_IS_CATALOG_UPDATER (self));
  self->timeout_s = seconds;
  if (self->session != NULL)
    gp_http_session_set_timeout (self->session, seconds);
}

/* The idle timeout ends a server that stops sending; this ends one that sends a byte a second. */
void
gp_catalog_updater_set_deadline (GpCatalogUpdater *self,
                                 guint             seconds)
{
  g_return_if_fail (GP_IS_CATALOG_UPDATER (self));
  self->deadline_s = seconds;
}

void
gp_catalog_updater_set_date_url (GpCatalogUpdater *self,
                                 const char       *name,
                                 const char       *date_url)
{
  g_return_if_fail (GP_IS_CATALOG_UPDATER (self));

  for (guint i = 0; i < self->sources->len; i++)
    {
      Source *source = g_ptr_array_index (self->sources, i);

      if (g_str_equal (source->name, name))
        {
          g_free (source->date_url);
          source->date_url = g_strdup (date_url);
        }
    }
}

static Source *
find_source (GpCatalogUpdater *self,
             const char       *name)
{
  for (guint i = 0; i < self->sources->len; i++)
    if (g_str_equal (((Source *) g_ptr_array_index (self->sources, i))->name, name))
      return g_ptr_array_index (self->sources, i);
  return NULL;
}

/* An address given replaces the source's own and its fallback: a mirror holds one version. */
gboolean
gp_catalog_updater_set_urls (GpCatalogUpdater   *self,
                             const char         *name,
                             const char * const *urls)
{
  Source *source;

  g_return_val_if_fail (GP_IS_CATALOG_UPDATER (self), FALSE);
  g_return_val_if_fail (urls != NULL, FALSE);

  if ((source = find_source (self, name)) == NULL)
    return FALSE;
  g_free (source->url);
  g_free (source->fallback_url);
  g_clear_pointer (&source->mirrors, g_strfreev);
  source->url = g_strdup (urls[0] != NULL ? urls[0] : source->own_url);
  source->fallback_url = urls[0] != NULL ? NULL : g_strdup (source->own_fallback_url);
  if (urls[0] != NULL && urls[1] != NULL)
    source->mirrors = g_strdupv ((char **) urls + 1);
  return TRUE;
}

const char *
gp_catalog_updater_get_own_url (GpCatalogUpdater *self,
                                const char       *name)
{
  Source *source = find_source (self, name);

  return source != NULL ? source->own_url : NULL;
}

GStrv
gp_catalog_updater_get_urls (GpCatalogUpdater *self,
                             const char       *name)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  Source *source;

  g_return_val_if_fail (GP_IS_CATALOG_UPDATER (self), NULL);

  if ((source = find_source (self, name)) == NULL)
    return NULL;
  g_strv_builder_add (builder, source->url);
  if (source->mirrors != NULL)
    g_strv_builder_addv (builder, (const char **) source->mirrors);
  else if (source->fallback_url != NULL)
    g_strv_builder_add (builder, source->fallback_url);
  return g_strv_builder_end (builder);
}

void
gp_catalog_updater_set_history_file (GpCatalogUpdater *self,
                                     GFile            *file)
{
  g_return_if_fail (GP_IS_CATALOG_UPDATER (self));

  g_clear_object (&self->history_file);
  self->history_file = file != NULL ? g_object_ref (file) : gp_price_history_get_user_file ();
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
static void
note_completed_part (Refresh      *refresh,
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

  note_completed_part (refresh, current_source (refresh)->format, previous);
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
  fetch_current (task);
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
  note_completed_part (refresh, source->format, part);

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
      fetch_current (task);
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
          fetch_current (task);
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

  g_signal_emit (g_task_get_source_object (task), signals[PROGRESS], 0,
                 current_source (refresh)->name, received, total);
}

static void
finish_refresh (GTask *task);

static void
fetch_current (GTask *task)
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
      finish_refresh (task);
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

/* The spot feed's part carries the other figures of its instances as they stood when it was
 * made: made again on every other part, and put after them, so that a newer on-demand price
 * from another source is kept beside the feed's spot price, never hidden by an older copy. */
static void
complete_spot_part (GpCatalogUpdater *self,
                    Refresh          *refresh)
{
  g_autofree char *url = NULL;
  g_autofree char *as_of = NULL;
  g_autoptr(GPtrArray) spots = NULL;
  g_autoptr(GBytes) again = NULL;
  g_autoptr(GFile) file = NULL;
  guint index, offers;

  if (refresh->spot_part == NULL ||
      !g_ptr_array_find (refresh->parts, refresh->spot_part, &index) ||
      (spots = gp_aws_spot_from_part (refresh->spot_part, &url, &as_of)) == NULL ||
      (again = gp_aws_spot_complete (refresh->working, spots, url, as_of, &offers, NULL)) == NULL ||
      !gp_catalog_add_layer (refresh->working, again, "aws-spot", GP_CATALOG_LAYER_REFRESHED, NULL))
    return;
  g_ptr_array_remove_index (refresh->parts, index);
  g_ptr_array_add (refresh->parts, g_bytes_ref (again));
  refresh->spot_part = again;
  file = gp_updater_cache_file (self, "sources", "aws-spot.json");
  gp_updater_write_file (file, again, NULL);
}

/* gcp-billing's part copies its Compute Engine machines' other figures likewise: made again
 * on every other part, and put after them. */
static void
complete_billing_part (GpCatalogUpdater *self,
                       Refresh          *refresh)
{
  g_autoptr(GBytes) again = NULL;
  g_autoptr(GFile) file = NULL;
  guint index;

  if (refresh->billing_part == NULL ||
      !g_ptr_array_find (refresh->parts, refresh->billing_part, &index) ||
      (again = gp_gcp_billing_complete (refresh->working, refresh->billing_part)) == NULL ||
      !gp_catalog_add_layer (refresh->working, again, "gcp-billing", GP_CATALOG_LAYER_REFRESHED,
                             NULL))
    return;
  g_ptr_array_remove_index (refresh->parts, index);
  g_ptr_array_add (refresh->parts, g_bytes_ref (again));
  refresh->billing_part = again;
  file = gp_updater_cache_file (self, "sources", "gcp-billing.json");
  gp_updater_write_file (file, again, NULL);
}

static void
finish_refresh (GTask *task)
{
  GpCatalogUpdater *self = g_task_get_source_object (task);
  Refresh *refresh = g_task_get_task_data (task);
  g_autoptr(GHashTable) before = gp_refresh_report_snapshot_prices (refresh->catalog);
  g_autoptr(GHashTable) after = NULL;
  g_autoptr(GFile) state_file = gp_updater_cache_file (self, "refresh-state.json", NULL);
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GBytes) state_bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *as_of = g_date_time_format (refresh->started, "%F");
  g_autofree char *started = g_date_time_format_iso8601 (refresh->started);
  GpRefreshReport *report;
  gboolean any_new = FALSE;

  for (guint i = 0; i < refresh->report->sources->len; i++)
    if (((GpSourceResult *) g_ptr_array_index (refresh->report->sources, i))->status !=
        GP_SOURCE_STATUS_FAILED)
      any_new = TRUE;

  if (!any_new || refresh->parts->len == 0)
    goto save_state;

  complete_billing_part (self, refresh);
  complete_spot_part (self, refresh);
  /* Files the user imported come last: a deliberate choice outranks the public sources. */
  gp_updater_add_imported_parts (self, refresh->working, refresh->parts, NULL);
  if (!gp_updater_install_parts (self, refresh->catalog, refresh->parts, as_of, &error))
    {
      GpSourceResult *result = g_new0 (GpSourceResult, 1);

      result->name = g_strdup ("catalog");
      result->status = GP_SOURCE_STATUS_FAILED;
      result->message = g_strdup (error->message);
      g_ptr_array_add (refresh->report->sources, result);
      goto done;
    }

  json_object_set_string_member (refresh->state, "last_refresh", started);
  after = gp_refresh_report_snapshot_prices (refresh->catalog);
  gp_refresh_report_summarize (refresh->report, before, after);

save_state:
  /* Each source's outcome too, failures included, for Preferences. Losing the state only
   * costs a full download next time. */
  root = json_node_init_object (json_node_alloc (), refresh->state);
  state_bytes = gp_json_to_bytes (root, TRUE);
  gp_updater_write_file (state_file, state_bytes, NULL);

done:
  report = g_steal_pointer (&refresh->report);
  refresh->report = NULL;
  g_task_return_pointer (task, report, (GDestroyNotify) gp_refresh_report_free);
  g_object_unref (task);
}

/* Fetches the sources and, when at least one brought figures, replaces @catalog's refreshed
 * layer with all sources' figures merged (sources not fetched or failed keep their previous
 * figures). Never blocks: all input and output is asynchronous. */
void
gp_catalog_updater_refresh_async (GpCatalogUpdater    *self,
                                  GpCatalog           *catalog,
                                  const char * const  *only,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  Refresh *refresh;

  g_return_if_fail (GP_IS_CATALOG_UPDATER (self));
  g_return_if_fail (GP_IS_CATALOG (catalog));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, gp_catalog_updater_refresh_async);

  refresh = g_new0 (Refresh, 1);
  refresh->catalog = g_object_ref (catalog);
  refresh->working = gp_catalog_new_bundled ();
  refresh->todo = g_ptr_array_new ();
  refresh->parts = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  refresh->report = gp_refresh_report_new ();
  refresh->state = gp_updater_load_state (self);
  refresh->started = g_date_time_new_now_utc ();
  g_task_set_task_data (task, refresh, refresh_free);

  for (guint i = 0; i < self->sources->len; i++)
    {
      Source *source = g_ptr_array_index (self->sources, i);

      if (only == NULL || g_strv_contains (only, source->name))
        g_ptr_array_add (refresh->todo, source);
      else
        {
          /* A source not asked for keeps its figures in the merged layer. */
          g_autoptr(GBytes) previous = gp_updater_load_part (self, source->name);

          if (previous != NULL &&
              gp_catalog_add_layer (refresh->working, previous, source->name,
                                    GP_CATALOG_LAYER_REFRESHED, NULL))
            {
              note_completed_part (refresh, source->format, previous);
              g_ptr_array_add (refresh->parts, g_steal_pointer (&previous));
            }
        }
    }

  fetch_current (g_steal_pointer (&task));
}

GpRefreshReport *
gp_catalog_updater_refresh_finish (GpCatalogUpdater  *self,
                                   GAsyncResult      *result,
                                   GError           **error)
{
  g_return_val_if_fail (GP_IS_CATALOG_UPDATER (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
