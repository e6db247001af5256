/* gp-catalog-updater.c — refreshing the catalog from public price sources over HTTPS
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each source is fetched in turn, asynchronously, on one SoupSession: HTTPS only (plain HTTP
 * only to this computer, for tests), redirects followed by hand so each hop is checked too,
 * a conditional request when the last answer had an ETag or a date, a size cap, a timeout,
 * and a pause when the server answers 429. The Azure Retail Prices API answers in pages: its
 * NextPageLink is followed, $skip paging stands in when a page has none, and an empty page
 * ends the answer. What arrives is imported and checked as a layer
 * before it is kept. A source that fails keeps its previous figures and says why; the
 * refreshed layer, all sources merged, replaces the previous one only once it is accepted, and
 * is written atomically to the cache.
 *
 * At about 1,450 lines it holds the fetch pipeline (redirects, retries, deadlines, paging),
 * the cache files and the import of local files: the pipeline is to move into a fetcher of
 * its own. The report and its change summary are in gp-refresh-report.c already.
 */

#include "config.h"

#include <json-glib/json-glib.h>
#include <libsoup/soup.h>
#include <string.h>

#include "gp-azure-importer.h"
#include "gp-catalog-merge.h"
#include "gp-catalog-updater.h"
#include "gp-file.h"
#include "gp-json-reader.h"
#include "gp-json-writer.h"
#include "gp-skypilot-importer.h"
#include "gp-update-error.h"

#define DEFAULT_MAX_SIZE   (32 * 1024 * 1024)
#define DEFAULT_TIMEOUT_S  30
/* The most one source may take in all, however slowly its server drips the bytes. */
#define DEFAULT_DEADLINE_S 600
#define MAX_REDIRECTS      5
#define MAX_RETRIES        3
#define MAX_RETRY_WAIT_S   30
#define CHUNK_SIZE         (64 * 1024)
#define MAX_PAGES          200

#define SKYPILOT_BASE "https://raw.githubusercontent.com/skypilot-org/skypilot-catalog/master/catalogs/"

typedef struct
{
  char           *name;
  char           *url;
  GpSourceFormat  format;
} Source;

struct _GpCatalogUpdater
{
  GObject      parent_instance;

  SoupSession *session;
  GFile       *cache_dir;
  GPtrArray   *sources;
  GPtrArray   *names;
  goffset      max_size;
  guint        deadline_s;
};

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

  /* the source being fetched */
  SoupMessage     *message;
  GInputStream    *stream;
  GByteArray      *body;
  GPtrArray       *pages;       /* GBytes: the pages of a paged answer read so far */
  guint64          page_bytes;
  guint            page_items;
  goffset          expected;
  guint            redirects;
  guint            retries;
  char            *url;
  guint            retry_source;
  gboolean         conditional;  /* the request asked "only if changed" */
  GCancellable    *request;      /* cancels the source's requests: the refresh's, or the deadline */
  gulong           request_link;
  guint            deadline_source;
  gboolean         timed_out;
} Refresh;

static void fetch_current (GTask *task);

static void
source_free (gpointer data)
{
  Source *source = data;

  g_free (source->name);
  g_free (source->url);
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
  g_clear_object (&refresh->message);
  g_clear_object (&refresh->stream);
  g_clear_pointer (&refresh->body, g_byte_array_unref);
  g_clear_pointer (&refresh->pages, g_ptr_array_unref);
  g_clear_pointer (&refresh->url, g_free);
  g_clear_handle_id (&refresh->retry_source, g_source_remove);
  g_clear_handle_id (&refresh->deadline_source, g_source_remove);
  g_clear_object (&refresh->request);
  g_free (refresh);
}

static void
gp_catalog_updater_dispose (GObject *object)
{
  GpCatalogUpdater *self = GP_CATALOG_UPDATER (object);

  g_clear_object (&self->session);
  g_clear_object (&self->cache_dir);
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
  self->session = soup_session_new_with_options ("user-agent", gp_update_user_agent (),
                                                 "timeout", DEFAULT_TIMEOUT_S,
                                                 "idle-timeout", DEFAULT_TIMEOUT_S,
                                                 NULL);
  self->sources = g_ptr_array_new_with_free_func (source_free);
  self->names = g_ptr_array_new_null_terminated (0, NULL, TRUE);
  self->max_size = DEFAULT_MAX_SIZE;
  self->deadline_s = DEFAULT_DEADLINE_S;
}

/**
 * gp_catalog_updater_new:
 * @cache_dir: (nullable): where the refreshed layer and its parts are kept; %NULL for the
 *   user's cache directory
 *
 * Returns: (transfer full): an updater with no sources
 */
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
                               GpSourceFormat    format)
{
  Source *source;

  g_return_if_fail (GP_IS_CATALOG_UPDATER (self));
  g_return_if_fail (name != NULL && url != NULL);

  source = g_new0 (Source, 1);
  source->name = g_strdup (name);
  source->url = g_strdup (url);
  source->format = format;
  g_ptr_array_add (self->sources, source);
  g_ptr_array_add (self->names, source->name);
}

/**
 * gp_catalog_updater_add_default_sources:
 * @self: an updater
 * @catalog_url: (nullable): a catalog in our format to fetch too (a lab's own prices)
 *
 * Adds SkyPilot's public price catalogs of AWS, Google Cloud and Lambda (schema v8) and of
 * Azure (schema v6, the newest that project publishes for Azure), refreshed daily upstream,
 * then the Azure Retail Prices API for the Azure Machine Learning sizes and regions of the
 * bundled catalog: Microsoft's own figures, with reservations, outrank SkyPilot's.
 */
void
gp_catalog_updater_add_default_sources (GpCatalogUpdater *self,
                                        const char       *catalog_url)
{
  g_return_if_fail (GP_IS_CATALOG_UPDATER (self));

  gp_catalog_updater_add_source (self, "aws", SKYPILOT_BASE "v8/aws/vms.csv",
                                 GP_SOURCE_FORMAT_SKYPILOT);
  gp_catalog_updater_add_source (self, "gcp", SKYPILOT_BASE "v8/gcp/vms.csv",
                                 GP_SOURCE_FORMAT_SKYPILOT);
  gp_catalog_updater_add_source (self, "lambda", SKYPILOT_BASE "v8/lambda/vms.csv",
                                 GP_SOURCE_FORMAT_SKYPILOT);
  gp_catalog_updater_add_source (self, "azure", SKYPILOT_BASE "v6/azure/vms.csv",
                                 GP_SOURCE_FORMAT_SKYPILOT);
  {
    g_autoptr(GpCatalog) bundled = gp_catalog_new_bundled ();
    g_autofree char *azure_url = gp_azure_prices_url (bundled);

    if (azure_url != NULL)
      gp_catalog_updater_add_source (self, "azure-retail", azure_url, GP_SOURCE_FORMAT_AZURE);
  }
  if (catalog_url != NULL && *catalog_url != '\0')
    gp_catalog_updater_add_source (self, "catalog", catalog_url, GP_SOURCE_FORMAT_CATALOG);
}

/**
 * gp_catalog_updater_get_source_names:
 * @self: an updater
 *
 * Returns: (transfer none) (array zero-terminated=1): the names of the sources
 */
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
  soup_session_set_timeout (self->session, seconds);
  soup_session_set_idle_timeout (self->session, seconds);
}

/**
 * gp_catalog_updater_set_deadline:
 * @self: an updater
 * @seconds: the most one source may take in all, its redirects, retries and pages included;
 *   0 for no limit
 *
 * The idle timeout ends a server that stops sending; this ends one that sends a byte a second.
 */
void
gp_catalog_updater_set_deadline (GpCatalogUpdater *self,
                                 guint             seconds)
{
  g_return_if_fail (GP_IS_CATALOG_UPDATER (self));
  self->deadline_s = seconds;
}

/* The cache's files */

static GFile *
cache_file (GpCatalogUpdater *self,
            const char       *first,
            const char       *second)
{
  g_autoptr(GFile) child = g_file_get_child (self->cache_dir, first);

  return second == NULL ? g_steal_pointer (&child) : g_file_get_child (child, second);
}

static JsonObject *
load_state (GpCatalogUpdater *self)
{
  g_autoptr(GFile) file = cache_file (self, "refresh-state.json", NULL);
  g_autoptr(GBytes) bytes = gp_file_load (file, GP_FILE_MAX_SIZE, NULL);
  g_autoptr(JsonNode) root = bytes != NULL ? gp_json_read_bytes (bytes, "refresh-state.json", NULL)
                                           : NULL;

  /* A missing or damaged state only costs a full download next time. */
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return json_object_new ();

  return json_object_ref (json_node_get_object (root));
}

static const char *
state_string (JsonObject *state,
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

static GBytes *
load_part (GpCatalogUpdater *self,
           const char       *name)
{
  g_autofree char *file_name = g_strconcat (name, ".json", NULL);
  g_autoptr(GFile) file = cache_file (self, "sources", file_name);

  return gp_file_load (file, GP_FILE_MAX_SIZE, NULL);
}

static gboolean
write_file (GFile   *file,
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

/**
 * gp_catalog_updater_remove_stale_temporaries:
 * @cache_dir: (nullable): the updater's cache folder, %NULL for the usual one
 *
 * Removes the temporary files a refresh killed half-way (kill -9, a power cut) left in the
 * cache: they can be as large as a whole download, and nothing else would ever remove them.
 *
 * Returns: how many were removed
 */
guint
gp_catalog_updater_remove_stale_temporaries (GFile *cache_dir)
{
  static const char *const names[] = { "catalog.json", "refresh-state.json", NULL };
  g_autoptr(GFile) dir = cache_dir != NULL
                           ? g_object_ref (cache_dir)
                           : g_file_new_build_filename (g_get_user_cache_dir (), "gpu-planner", NULL);
  g_autoptr(GFile) sources = g_file_get_child (dir, "sources");

  return gp_file_remove_stale_temporaries (dir, names) +
         gp_file_remove_stale_temporaries (sources, NULL);
}

/**
 * gp_catalog_updater_get_last_refresh:
 * @self: an updater
 *
 * Returns: (transfer full) (nullable): when a refresh last succeeded for at least one source
 */
GDateTime *
gp_catalog_updater_get_last_refresh (GpCatalogUpdater *self)
{
  g_autoptr(JsonObject) state = NULL;
  const char *when;

  g_return_val_if_fail (GP_IS_CATALOG_UPDATER (self), NULL);

  state = load_state (self);
  if (!json_object_has_member (state, "last_refresh"))
    return NULL;

  when = json_object_get_string_member (state, "last_refresh");
  return when != NULL ? g_date_time_new_from_iso8601 (when, NULL) : NULL;
}

/* Files imported by hand are kept as parts named "import-…", merged into every refresh. */
static void
add_imported_parts (GpCatalogUpdater *self,
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
  g_ptr_array_sort (names, (GCompareFunc) g_strcmp0);
  for (guint i = 0; i < names->len; i++)
    {
      const char *name = g_ptr_array_index (names, i);
      g_autoptr(GBytes) part = NULL;

      if (g_strcmp0 (name, except) == 0)
        continue;
      part = load_part (self, name);
      if (part != NULL && gp_catalog_add_layer (working, part, name, GP_CATALOG_LAYER_REFRESHED, NULL))
        g_ptr_array_add (parts, g_steal_pointer (&part));
    }
}

/* All parts as one layer, which replaces @catalog's refreshed layer only if accepted, and is
 * then written atomically. A layer that cannot be written (a full disk) is still shown for
 * this session; the file keeps the previous one whole, and the message says so. */
static gboolean
install_parts (GpCatalogUpdater  *self,
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
  if (!write_file (layer_file, merged, &write_error))
    {
      g_propagate_prefixed_error (error, g_steal_pointer (&write_error),
                                  "the refreshed catalog could not be saved (its prices are shown "
                                  "until the app closes; the saved catalog is the previous one): ");
      return FALSE;
    }
  return TRUE;
}

/* The policy for addresses */

/* Judged by the parsed address, never by the name: "127.evil.example" is a name. */
static gboolean
is_loopback (const char *host)
{
  g_autofree char *bare = NULL;
  g_autoptr(GInetAddress) address = NULL;

  if (host == NULL)
    return FALSE;
  bare = host[0] == '[' && g_str_has_suffix (host, "]") ? g_strndup (host + 1, strlen (host) - 2)
                                                         : g_strdup (host);
  address = g_inet_address_new_from_string (bare);
  return address != NULL && g_inet_address_get_is_loopback (address);
}

/* Whether @url is on the host of @origin: redirects and paging links go nowhere else. */
static gboolean
same_host (const char *url,
           const char *origin)
{
  g_autoptr(GUri) a = g_uri_parse (url, G_URI_FLAGS_NONE, NULL);
  g_autoptr(GUri) b = g_uri_parse (origin, G_URI_FLAGS_NONE, NULL);

  return a != NULL && b != NULL && g_uri_get_host (a) != NULL && g_uri_get_host (b) != NULL &&
         g_ascii_strcasecmp (g_uri_get_host (a), g_uri_get_host (b)) == 0;
}

static char *
host_of (const char *url)
{
  g_autoptr(GUri) uri = g_uri_parse (url, G_URI_FLAGS_NONE, NULL);

  return g_strdup (uri != NULL && g_uri_get_host (uri) != NULL ? g_uri_get_host (uri) : url);
}

/**
 * gp_update_check_url:
 * @url: an address
 * @error: return location for a #GP_UPDATE_ERROR_INSECURE error
 *
 * Prices are fetched over HTTPS only; plain HTTP is allowed to this computer alone, where the
 * tests run their server: to a loopback address, as parsed, never to a name.
 *
 * Returns: %TRUE when @url may be fetched
 */
gboolean
gp_update_check_url (const char  *url,
                     GError     **error)
{
  g_autoptr(GUri) uri = g_uri_parse (url, G_URI_FLAGS_NONE, NULL);
  const char *scheme = uri != NULL ? g_uri_get_scheme (uri) : NULL;

  if (uri == NULL || g_uri_get_host (uri) == NULL)
    {
      g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_INSECURE, "not a web address: %s", url);
      return FALSE;
    }

  if (g_ascii_strcasecmp (scheme, "https") == 0 ||
      (g_ascii_strcasecmp (scheme, "http") == 0 && is_loopback (g_uri_get_host (uri))))
    return TRUE;

  g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_INSECURE,
               "refused %s: prices are fetched over HTTPS only", url);
  return FALSE;
}

/* One source */

static Source *
current_source (Refresh *refresh)
{
  return g_ptr_array_index (refresh->todo, refresh->index);
}

static GpSourceResult *
record_result (Refresh        *refresh,
               GpSourceStatus  status,
               const char     *message,
               guint           offers)
{
  GpSourceResult *result = g_new0 (GpSourceResult, 1);

  result->name = g_strdup (current_source (refresh)->name);
  result->status = status;
  result->message = g_strdup (message);
  result->offers = offers;
  result->bytes = refresh->body != NULL ? refresh->body->len : 0;
  g_ptr_array_add (refresh->report->sources, result);
  return result;
}

/* Keeps the figures a source had before, so that one failing source costs nothing. */
static void
keep_previous_part (GpCatalogUpdater *self,
                    Refresh          *refresh)
{
  g_autoptr(GBytes) previous = load_part (self, current_source (refresh)->name);

  if (previous != NULL &&
      gp_catalog_add_layer (refresh->working, previous, current_source (refresh)->name,
                            GP_CATALOG_LAYER_REFRESHED, NULL))
    g_ptr_array_add (refresh->parts, g_steal_pointer (&previous));
}

/* One cancellable for a source's requests: cancelled with the whole refresh, or alone when the
 * source passes its deadline. */
static void
cancel_request_cb (GCancellable *refresh_cancellable,
                   GCancellable *request)
{
  g_cancellable_cancel (request);
}

static GCancellable *
request_cancellable (GTask *task)
{
  Refresh *refresh = g_task_get_task_data (task);
  GCancellable *outer = g_task_get_cancellable (task);

  if (refresh->request == NULL)
    {
      refresh->request = g_cancellable_new ();
      if (outer != NULL)
        refresh->request_link = g_cancellable_connect (outer, G_CALLBACK (cancel_request_cb),
                                                       refresh->request, NULL);
    }
  return refresh->request;
}

static gboolean
deadline_cb (gpointer user_data)
{
  GTask *task = user_data;
  Refresh *refresh = g_task_get_task_data (task);

  refresh->deadline_source = 0;
  refresh->timed_out = TRUE;
  g_cancellable_cancel (request_cancellable (task));
  return G_SOURCE_REMOVE;
}

/* The source is done with, however it ended: its deadline and cancellable go. */
static void
end_source (GTask *task)
{
  Refresh *refresh = g_task_get_task_data (task);

  g_clear_handle_id (&refresh->deadline_source, g_source_remove);
  if (refresh->request_link != 0)
    g_cancellable_disconnect (g_task_get_cancellable (task), refresh->request_link);
  refresh->request_link = 0;
  g_clear_object (&refresh->request);
  refresh->timed_out = FALSE;
}

static void
next_source (GTask *task)
{
  Refresh *refresh = g_task_get_task_data (task);

  end_source (task);
  g_clear_object (&refresh->message);
  g_clear_object (&refresh->stream);
  g_clear_pointer (&refresh->body, g_byte_array_unref);
  g_clear_pointer (&refresh->pages, g_ptr_array_unref);
  g_clear_pointer (&refresh->url, g_free);
  refresh->page_bytes = 0;
  refresh->page_items = 0;
  refresh->redirects = 0;
  refresh->retries = 0;
  refresh->index++;
  fetch_current (task);
}

static void
fail_source (GTask  *task,
             GError *error)
{
  GpCatalogUpdater *self = g_task_get_source_object (task);
  Refresh *refresh = g_task_get_task_data (task);
  g_autofree char *message = NULL;

  /* The source's own deadline, not the user: this source fails, the others go on. */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) && refresh->timed_out &&
      !g_cancellable_is_cancelled (g_task_get_cancellable (task)))
    {
      g_error_free (error);
      error = g_error_new (GP_UPDATE_ERROR, GP_UPDATE_ERROR_TIMEOUT,
                           "took more than %u s, the most a download may take", self->deadline_s);
    }

  /* Cancelling stops the whole refresh; nothing is written. */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      end_source (task);
      g_task_return_error (task, error);
      g_object_unref (task);
      return;
    }

  message = g_strdup_printf ("%s: %s", current_source (refresh)->name, error->message);
  record_result (refresh, GP_SOURCE_STATUS_FAILED, message, 0);
  g_error_free (error);
  keep_previous_part (self, refresh);
  next_source (task);
}

static char *
as_of_for (SoupMessage *message,
           Refresh     *refresh)
{
  const char *last_modified = soup_message_headers_get_one (soup_message_get_response_headers (message),
                                                            "Last-Modified");
  g_autoptr(GDateTime) date = NULL;

  /* The server's date of the file, when it gives one; else the day it was fetched. */
  if (last_modified != NULL)
    date = soup_date_time_new_from_http_string (last_modified);

  return g_date_time_format (date != NULL ? date : refresh->started, "%F");
}

/* Checks a source's figures as a layer on what came before, keeps and records them. */
static void
accept_part (GTask          *task,
             GBytes         *part,
             guint           offers,
             guint64         size)
{
  GpCatalogUpdater *self = g_task_get_source_object (task);
  Refresh *refresh = g_task_get_task_data (task);
  Source *source = current_source (refresh);
  g_autoptr(GError) error = NULL;
  g_autofree char *file_name = g_strconcat (source->name, ".json", NULL);
  g_autoptr(GFile) file = cache_file (self, "sources", file_name);
  SoupMessageHeaders *headers = soup_message_get_response_headers (refresh->message);
  JsonObject *entry;

  if (!write_file (file, part, &error))
    {
      fail_source (task, g_steal_pointer (&error));
      return;
    }
  g_ptr_array_add (refresh->parts, g_bytes_ref (part));

  /* A paged answer's last page says nothing of the whole: only its address is kept. */
  entry = json_object_new ();
  json_object_set_string_member (entry, "url", source->url);
  if (source->format != GP_SOURCE_FORMAT_AZURE)
    {
      if (soup_message_headers_get_one (headers, "ETag") != NULL)
        json_object_set_string_member (entry, "etag", soup_message_headers_get_one (headers, "ETag"));
      if (soup_message_headers_get_one (headers, "Last-Modified") != NULL)
        json_object_set_string_member (entry, "last_modified",
                                       soup_message_headers_get_one (headers, "Last-Modified"));
    }
  json_object_set_object_member (refresh->state, source->name, entry);

  /* The body is consumed by now: what was read is told by the caller. */
  record_result (refresh, GP_SOURCE_STATUS_UPDATED, NULL, offers)->bytes = size;
  next_source (task);
}

/* The address of the page after this one, or NULL when the answer is complete. */
static char *
next_page_url (Refresh    *refresh,
               JsonArray  *items,
               char      **next_link)
{
  Source *source = current_source (refresh);

  refresh->page_items += json_array_get_length (items);
  if (json_array_get_length (items) == 0)
    return NULL;
  if (*next_link != NULL)
    return g_steal_pointer (next_link);

  /* No NextPageLink on a page with items: ask for what follows by $skip, until a page is empty. */
  return g_strdup_printf ("%s%c$skip=%u", source->url, strchr (source->url, '?') != NULL ? '&' : '?',
                          refresh->page_items);
}

static void
accept_page (GTask  *task,
             GBytes *body)
{
  GpCatalogUpdater *self = g_task_get_source_object (task);
  Refresh *refresh = g_task_get_task_data (task);
  Source *source = current_source (refresh);
  g_autoptr(JsonArray) items = NULL;
  g_autofree char *next_link = NULL;
  g_autofree char *page_name = NULL;
  g_autofree char *next_url = NULL;
  g_autoptr(GError) error = NULL;

  if (refresh->pages == NULL)
    refresh->pages = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  page_name = g_strdup_printf ("page %u", refresh->pages->len + 1);
  if (!gp_azure_page_parse (body, page_name, &items, &next_link, &error))
    {
      fail_source (task, g_steal_pointer (&error));
      return;
    }

  g_ptr_array_add (refresh->pages, g_bytes_ref (body));
  refresh->page_bytes += g_bytes_get_size (body);
  next_url = next_page_url (refresh, items, &next_link);

  if (next_url != NULL && !same_host (next_url, source->url))
    {
      g_autofree char *host = host_of (next_url);

      fail_source (task, g_error_new (GP_UPDATE_ERROR, GP_UPDATE_ERROR_INSECURE,
                                      "refused a next page on another host, %s", host));
      return;
    }

  if (next_url != NULL)
    {
      if (refresh->pages->len >= MAX_PAGES || refresh->page_bytes > (guint64) self->max_size)
        {
          fail_source (task, g_error_new (GP_UPDATE_ERROR, GP_UPDATE_ERROR_TOO_LARGE,
                                          "the answer runs to more than %u pages or %" G_GINT64_FORMAT
                                          " MiB", MAX_PAGES,
                                          (gint64) (self->max_size / (1024 * 1024))));
          return;
        }
      g_free (refresh->url);
      refresh->url = g_steal_pointer (&next_url);
      refresh->redirects = 0;
      refresh->retries = 0;
      g_clear_object (&refresh->stream);
      fetch_current (task);
      return;
    }

  {
    g_autoptr(GpImportReport) import_report = gp_import_report_new ();
    g_autofree char *as_of = as_of_for (refresh->message, refresh);
    g_autoptr(GBytes) part = gp_azure_import (refresh->working, refresh->pages, source->name,
                                              source->url, as_of, import_report, &error);

    if (part == NULL ||
        !gp_catalog_add_layer (refresh->working, part, source->name, GP_CATALOG_LAYER_REFRESHED,
                               &error))
      {
        fail_source (task, g_steal_pointer (&error));
        return;
      }
    accept_part (task, part, import_report->offers, refresh->page_bytes);
  }
}

static void
accept_body (GTask *task)
{
  Refresh *refresh = g_task_get_task_data (task);
  Source *source = current_source (refresh);
  g_autoptr(GBytes) body = g_byte_array_free_to_bytes (g_steal_pointer (&refresh->body));
  g_autoptr(GpImportReport) import_report = gp_import_report_new ();
  g_autoptr(GBytes) part = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *as_of = NULL;

  if (source->format == GP_SOURCE_FORMAT_AZURE)
    {
      accept_page (task, body);
      return;
    }

  as_of = as_of_for (refresh->message, refresh);
  if (source->format == GP_SOURCE_FORMAT_SKYPILOT)
    part = gp_skypilot_import (refresh->working, body, source->name, source->url, as_of,
                               import_report, &error);
  else
    part = g_bytes_ref (body);

  /* Checked completely before it is used: a valid file with invalid data fails here. */
  if (part == NULL ||
      !gp_catalog_add_layer (refresh->working, part, source->name, GP_CATALOG_LAYER_REFRESHED,
                             &error))
    {
      fail_source (task, g_steal_pointer (&error));
      return;
    }

  accept_part (task, part, import_report->offers, g_bytes_get_size (body));
}

static void read_chunk (GTask *task);

static void
read_chunk_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  GpCatalogUpdater *self = g_task_get_source_object (task);
  Refresh *refresh = g_task_get_task_data (task);
  GError *error = NULL;
  g_autoptr(GBytes) chunk = g_input_stream_read_bytes_finish (G_INPUT_STREAM (object), result, &error);

  if (chunk == NULL)
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT))
        {
          g_clear_error (&error);
          error = g_error_new (GP_UPDATE_ERROR, GP_UPDATE_ERROR_TRUNCATED,
                               "the download ended early");
        }
      fail_source (g_steal_pointer (&task), error);
      return;
    }

  if (g_bytes_get_size (chunk) == 0)
    {
      if (refresh->expected >= 0 && (goffset) refresh->body->len < refresh->expected)
        {
          fail_source (g_steal_pointer (&task),
                       g_error_new (GP_UPDATE_ERROR, GP_UPDATE_ERROR_TRUNCATED,
                                    "the download ended early: %u of %" G_GINT64_FORMAT " bytes",
                                    refresh->body->len, (gint64) refresh->expected));
          return;
        }
      accept_body (g_steal_pointer (&task));
      return;
    }

  g_byte_array_append (refresh->body, g_bytes_get_data (chunk, NULL), g_bytes_get_size (chunk));
  if ((goffset) refresh->body->len > self->max_size)
    {
      fail_source (g_steal_pointer (&task),
                   g_error_new (GP_UPDATE_ERROR, GP_UPDATE_ERROR_TOO_LARGE,
                                "the file is larger than %" G_GINT64_FORMAT " MiB",
                                (gint64) (self->max_size / (1024 * 1024))));
      return;
    }

  /* A paged answer counts all its pages; how many there will be is not known. */
  g_signal_emit (self, signals[PROGRESS], 0, current_source (refresh)->name,
                 (guint64) (refresh->page_bytes + refresh->body->len),
                 (gint64) (current_source (refresh)->format == GP_SOURCE_FORMAT_AZURE
                             ? -1 : refresh->expected));
  read_chunk (g_steal_pointer (&task));
}

static void
read_chunk (GTask *task)
{
  Refresh *refresh = g_task_get_task_data (task);

  g_input_stream_read_bytes_async (refresh->stream, CHUNK_SIZE, G_PRIORITY_DEFAULT,
                                   request_cancellable (task), read_chunk_cb, task);
}

static gboolean
retry_cb (gpointer user_data)
{
  GTask *task = user_data;
  Refresh *refresh = g_task_get_task_data (task);

  refresh->retry_source = 0;
  fetch_current (task);
  return G_SOURCE_REMOVE;
}

/* Retry-After in either of its forms, seconds or an HTTP date, in milliseconds, capped; 1 s
 * when unreadable. A date is waited for to the millisecond, never less. */
static guint
retry_after_ms (const char *value)
{
  g_autoptr(GDateTime) when = NULL;
  g_autoptr(GDateTime) now = NULL;
  guint64 seconds;
  GTimeSpan wait;

  if (value == NULL)
    return 1000;
  if (g_ascii_string_to_unsigned (value, 10, 0, G_MAXUINT64, &seconds, NULL))
    return (guint) MIN (seconds, MAX_RETRY_WAIT_S) * 1000;

  when = soup_date_time_new_from_http_string (value);
  if (when == NULL)
    return 1000;
  now = g_date_time_new_now_utc ();
  wait = (g_date_time_difference (when, now) + G_TIME_SPAN_MILLISECOND - 1) /
         G_TIME_SPAN_MILLISECOND;
  return (guint) CLAMP (wait, 0, MAX_RETRY_WAIT_S * 1000);
}

static void
send_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  GTask *task = user_data;
  GpCatalogUpdater *self = g_task_get_source_object (task);
  Refresh *refresh = g_task_get_task_data (task);
  GError *error = NULL;
  GInputStream *stream = soup_session_send_finish (SOUP_SESSION (object), result, &error);
  SoupMessageHeaders *headers;
  guint status;

  if (stream == NULL)
    {
      fail_source (task, error);
      return;
    }

  refresh->stream = stream;
  status = soup_message_get_status (refresh->message);
  headers = soup_message_get_response_headers (refresh->message);

  if (SOUP_STATUS_IS_REDIRECTION (status) && status != SOUP_STATUS_NOT_MODIFIED &&
      soup_message_headers_get_one (headers, "Location") != NULL)
    {
      g_autoptr(GUri) base = g_uri_parse (refresh->url, G_URI_FLAGS_NONE, NULL);
      g_autoptr(GUri) next = g_uri_parse_relative (base, soup_message_headers_get_one (headers, "Location"),
                                                   G_URI_FLAGS_NONE, NULL);

      g_autofree char *next_url = next != NULL ? g_uri_to_string (next) : NULL;

      if (next == NULL || ++refresh->redirects > MAX_REDIRECTS)
        {
          fail_source (task, g_error_new (GP_UPDATE_ERROR, GP_UPDATE_ERROR_HTTP,
                                          "too many or broken redirects"));
          return;
        }
      /* A redirect stays on the source's host: a lab's server must not send us anywhere. */
      if (!same_host (next_url, current_source (refresh)->url))
        {
          g_autofree char *host = host_of (next_url);

          fail_source (task, g_error_new (GP_UPDATE_ERROR, GP_UPDATE_ERROR_INSECURE,
                                          "refused a redirect to another host, %s", host));
          return;
        }
      g_free (refresh->url);
      refresh->url = g_steal_pointer (&next_url);
      g_clear_object (&refresh->stream);
      fetch_current (task);
      return;
    }

  /* "Not modified" answers a question; to a request that asked none it means nothing. */
  if (status == SOUP_STATUS_NOT_MODIFIED && !refresh->conditional)
    {
      fail_source (task, g_error_new (GP_UPDATE_ERROR, GP_UPDATE_ERROR_HTTP,
                                      "the server answered “304 Not Modified” to a request that "
                                      "was not conditional"));
      return;
    }

  if (status == SOUP_STATUS_NOT_MODIFIED)
    {
      g_autoptr(GBytes) previous = load_part (self, current_source (refresh)->name);

      if (previous != NULL &&
          gp_catalog_add_layer (refresh->working, previous, current_source (refresh)->name,
                                GP_CATALOG_LAYER_REFRESHED, NULL))
        {
          g_ptr_array_add (refresh->parts, g_steal_pointer (&previous));
          record_result (refresh, GP_SOURCE_STATUS_UNCHANGED, NULL, 0);
          next_source (task);
          return;
        }
      json_object_remove_member (refresh->state, current_source (refresh)->name);
      fail_source (task, g_error_new (GP_UPDATE_ERROR, GP_UPDATE_ERROR_HTTP,
                                      "the server says nothing changed, but the saved copy is "
                                      "gone; it will be fetched whole next time"));
      return;
    }

  /* 429 Too Many Requests: libsoup 3.2 has no name for it. */
  if (status == 429 && refresh->retries < MAX_RETRIES)
    {
      guint wait_ms = retry_after_ms (soup_message_headers_get_one (headers, "Retry-After"));

      /* The server asked to slow down: wait as long as it says, within reason, then ask again. */
      refresh->retries++;
      g_clear_object (&refresh->stream);
      /* Not g_timeout_add_seconds(): it may fire up to a second early, before the server's time. */
      refresh->retry_source = g_timeout_add (wait_ms, retry_cb, task);
      return;
    }

  if (!SOUP_STATUS_IS_SUCCESSFUL (status))
    {
      fail_source (task, g_error_new (GP_UPDATE_ERROR, GP_UPDATE_ERROR_HTTP, "HTTP %u %s", status,
                                      soup_message_get_reason_phrase (refresh->message)));
      return;
    }

  refresh->expected = soup_message_headers_get_content_length (headers);
  if (soup_message_headers_get_encoding (headers) != SOUP_ENCODING_CONTENT_LENGTH)
    refresh->expected = -1;
  if (refresh->expected > self->max_size)
    {
      fail_source (task, g_error_new (GP_UPDATE_ERROR, GP_UPDATE_ERROR_TOO_LARGE,
                                      "the file is larger than %" G_GINT64_FORMAT " MiB",
                                      (gint64) (self->max_size / (1024 * 1024))));
      return;
    }

  refresh->body = g_byte_array_new ();
  read_chunk (task);
}

static void
finish_refresh (GTask *task);

static void
fetch_current (GTask *task)
{
  GpCatalogUpdater *self = g_task_get_source_object (task);
  Refresh *refresh = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  Source *source;
  SoupMessageHeaders *headers;

  if (refresh->index >= refresh->todo->len)
    {
      finish_refresh (task);
      return;
    }

  source = current_source (refresh);
  if (refresh->url == NULL)
    refresh->url = g_strdup (source->url);

  if (!gp_update_check_url (refresh->url, &error))
    {
      fail_source (task, g_steal_pointer (&error));
      return;
    }

  g_clear_object (&refresh->message);
  refresh->message = soup_message_new (SOUP_METHOD_GET, refresh->url);
  if (refresh->message == NULL)
    {
      fail_source (task, g_error_new (GP_UPDATE_ERROR, GP_UPDATE_ERROR_HTTP,
                                      "not a web address: %s", refresh->url));
      return;
    }

  /* Redirects are followed by hand, so that each hop meets the same rules. */
  soup_message_add_flags (refresh->message, SOUP_MESSAGE_NO_REDIRECT);
  headers = soup_message_get_request_headers (refresh->message);

  /* An unchanged source costs one small round trip, if its saved copy is still there. */
  refresh->conditional = FALSE;
  if (refresh->pages == NULL &&
      g_strcmp0 (state_string (refresh->state, source->name, "url"), source->url) == 0)
    {
      g_autoptr(GBytes) previous = load_part (self, source->name);

      if (previous != NULL && state_string (refresh->state, source->name, "etag") != NULL)
        {
          soup_message_headers_replace (headers, "If-None-Match",
                                        state_string (refresh->state, source->name, "etag"));
          refresh->conditional = TRUE;
        }
      if (previous != NULL && state_string (refresh->state, source->name, "last_modified") != NULL)
        {
          soup_message_headers_replace (headers, "If-Modified-Since",
                                        state_string (refresh->state, source->name, "last_modified"));
          refresh->conditional = TRUE;
        }
    }

  if (refresh->deadline_source == 0 && self->deadline_s > 0 && !refresh->timed_out)
    refresh->deadline_source = g_timeout_add_seconds (self->deadline_s, deadline_cb, task);
  soup_session_send_async (self->session, refresh->message, G_PRIORITY_DEFAULT,
                           request_cancellable (task), send_cb, task);
}

static void
finish_refresh (GTask *task)
{
  GpCatalogUpdater *self = g_task_get_source_object (task);
  Refresh *refresh = g_task_get_task_data (task);
  g_autoptr(GHashTable) before = gp_refresh_report_snapshot_prices (refresh->catalog);
  g_autoptr(GHashTable) after = NULL;
  g_autoptr(GFile) state_file = cache_file (self, "refresh-state.json", NULL);
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
    goto done;

  /* Files the user imported come last: a deliberate choice outranks the public sources. */
  add_imported_parts (self, refresh->working, refresh->parts, NULL);
  if (!install_parts (self, refresh->catalog, refresh->parts, as_of, &error))
    {
      GpSourceResult *result = g_new0 (GpSourceResult, 1);

      result->name = g_strdup ("catalog");
      result->status = GP_SOURCE_STATUS_FAILED;
      result->message = g_strdup (error->message);
      g_ptr_array_add (refresh->report->sources, result);
      goto done;
    }

  json_object_set_string_member (refresh->state, "last_refresh", started);
  root = json_node_init_object (json_node_alloc (), refresh->state);
  state_bytes = gp_json_to_bytes (root, TRUE);
  /* Losing the state only costs a full download next time. */
  write_file (state_file, state_bytes, NULL);

  after = gp_refresh_report_snapshot_prices (refresh->catalog);
  gp_refresh_report_summarize (refresh->report, before, after);

done:
  report = g_steal_pointer (&refresh->report);
  refresh->report = NULL;
  g_task_return_pointer (task, report, (GDestroyNotify) gp_refresh_report_free);
  g_object_unref (task);
}

/**
 * gp_catalog_updater_refresh_async:
 * @self: an updater
 * @catalog: the catalog whose refreshed layer is to be replaced
 * @only: (nullable) (array zero-terminated=1): names of the sources to fetch; %NULL for all
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when the refresh is over
 * @user_data: data for @callback
 *
 * Fetches the sources and, when at least one brought figures, replaces @catalog's refreshed
 * layer with all sources' figures merged (sources not fetched or failed keep their previous
 * figures). Never blocks: all input and output is asynchronous.
 */
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
  refresh->state = load_state (self);
  refresh->started = g_date_time_new_now_utc ();
  refresh->expected = -1;
  g_task_set_task_data (task, refresh, refresh_free);

  for (guint i = 0; i < self->sources->len; i++)
    {
      Source *source = g_ptr_array_index (self->sources, i);

      if (only == NULL || g_strv_contains (only, source->name))
        g_ptr_array_add (refresh->todo, source);
      else
        {
          /* A source not asked for keeps its figures in the merged layer. */
          g_autoptr(GBytes) previous = load_part (self, source->name);

          if (previous != NULL &&
              gp_catalog_add_layer (refresh->working, previous, source->name,
                                    GP_CATALOG_LAYER_REFRESHED, NULL))
            g_ptr_array_add (refresh->parts, g_steal_pointer (&previous));
        }
    }

  fetch_current (g_steal_pointer (&task));
}

/**
 * gp_catalog_updater_refresh_finish:
 * @self: an updater
 * @result: the result
 * @error: return location for a #GError; only cancelling is an error
 *
 * Returns: (transfer full): what each source did and what changed, or %NULL when cancelled
 */
GpRefreshReport *
gp_catalog_updater_refresh_finish (GpCatalogUpdater  *self,
                                   GAsyncResult      *result,
                                   GError           **error)
{
  g_return_val_if_fail (GP_IS_CATALOG_UPDATER (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* Importing a local file */

typedef struct
{
  GpCatalog *base;
  GFile     *file;
  char      *as_of;
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

/**
 * gp_catalog_updater_import_async:
 * @self: an updater
 * @catalog: the catalog whose refreshed layer takes the file's figures
 * @file: a SkyPilot vms.csv, a saved page of the Azure Retail Prices API (.json), or a
 *   catalog in our format (.json)
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when the import is over
 * @user_data: data for @callback
 *
 * Imports a local file as a part of the refreshed layer, kept across refreshes. It is checked
 * like a fetched file: a file that fails leaves everything as it was.
 */
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

/**
 * gp_catalog_updater_import_finish:
 * @self: an updater
 * @result: the result
 * @error: return location for a #GError
 *
 * Returns: %TRUE when the file's figures are now part of the catalog
 */
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
      g_autoptr(GBytes) previous = load_part (self, source->name);

      if (previous != NULL &&
          gp_catalog_add_layer (working, previous, source->name, GP_CATALOG_LAYER_REFRESHED, NULL))
        g_ptr_array_add (parts, g_steal_pointer (&previous));
    }
  add_imported_parts (self, working, parts, name);
  if (!gp_catalog_add_layer (working, part, base_name, GP_CATALOG_LAYER_REFRESHED, error))
    return FALSE;

  g_ptr_array_add (parts, g_bytes_ref (part));
  if (!install_parts (self, catalog, parts, job->as_of, error))
    return FALSE;

  file_name = g_strconcat (name, ".json", NULL);
  part_file = cache_file (self, "sources", file_name);
  return write_file (part_file, part, error);
}
