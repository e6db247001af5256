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
 * A source's addresses are tried in order (its mirrors) until one answers. One source's fetch
 * is in gp-catalog-updater-fetch.c. The AWS Price List is fetched and streamed by
 * gp-aws-pricelist-fetch.c; the import of a local file is in gp-catalog-updater-import.c.
 */

#include "config.h"

#include <json-glib/json-glib.h>

#include "gp-aws-pricelist.h"
#include "gp-aws-spot.h"
#include "gp-azure-importer.h"
#include "gp-catalog-updater.h"
#include "gp-catalog-updater-private.h"
#include "gp-gcp-billing-api.h"
#include "gp-http-fetch.h"
#include "gp-json-writer.h"
#include "gp-key-store.h"
#include "gp-price-history.h"

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

void
gp_updater_emit_progress (GpCatalogUpdater *self,
                                   const char       *source,
                                   guint64           received,
                                   gint64            total)
{
  g_signal_emit (self, signals[PROGRESS], 0, source, received, total);
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

void
gp_updater_finish_refresh (GTask *task)
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
              gp_updater_note_completed_part (refresh, source->format, previous);
              g_ptr_array_add (refresh->parts, g_steal_pointer (&previous));
            }
        }
    }

  gp_updater_fetch_current (g_steal_pointer (&task));
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
