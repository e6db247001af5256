/* test-catalog-updater.c — refreshing against a server on 127.0.0.1, never the internet
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every failure is checked twice: it is reported with the source's name and the reason, and
 * the previous refreshed layer, in memory and on disk, is intact.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <libsoup/soup.h>
#include <locale.h>
#include <math.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>

#include "gp-catalog-updater.h"
#include "gp-memory-key-store.h"
#include "gp-price-history.h"
#include "gp-update-error.h"

#define CATALOG(price)                                                                            \
  "{\"schema_version\":1,\"sources\":[{\"id\":\"lab-quote\",\"title\":\"Lab "                     \
  "quote\",\"as_of\":\"2026-11-30\"}],"                                                           \
  "\"instances\":[{\"id\":\"lambda/gpu_1x_a10\",\"provider\":\"lambda\",\"name\":\"gpu_1x_a10\"," \
  "\"gpu\":\"a10\",\"gpu_count\":1,\"source\":\"lab-quote\","                                     \
  "\"prices\":[{\"region\":\"us-east-1\",\"on_demand\":" price "}]}]}"

static const char good_catalog[] = CATALOG ("1.11");

/* A made-up key, long enough that no other text of a refresh holds it by chance. */
#define FAKE_KEY "fake-lambda-key-7f3c9e1a2b4d"

/* An answer of Lambda's instance-types API: one type the catalog describes, repriced; one it
 * does not; one with a price that is not a number. */
#define LAMBDA_API_ANSWER                                                                          \
  "{\"data\":{\"gpu_1x_a10\":{\"instance_type\":{\"name\":\"gpu_1x_a10\",\"description\":"         \
  "\"1x A10 (24 GB "                                                                               \
  "PCIe)\",\"price_cents_per_hour\":86,\"specs\":{\"vcpus\":30,\"memory_gib\":200,"                \
  "\"gpus\":1}},\"regions_with_capacity_available\":[{\"name\":\"us-east-1\"}]},"                  \
  "\"gpu_1x_new\":{\"instance_type\":{\"name\":\"gpu_1x_new\",\"price_cents_per_hour\":100},"      \
  "\"regions_with_capacity_available\":[]},"                                                       \
  "\"gpu_8x_v100\":{\"instance_type\":{\"name\":\"gpu_8x_v100\",\"price_cents_per_hour\":\"abc\"}" \
  ","                                                                                              \
  "\"regions_with_capacity_available\":[]}}}"
static const char newer_catalog[] = CATALOG ("0.99");
static const char invalid_data[] = CATALOG ("\"cheap\"");

typedef struct
{
  SoupServer   *server;
  char         *base;
  GFile        *cache;
  char         *cache_path;
  GpCatalog    *catalog;
  guint         requests;
  guint         too_many_left;
  char         *last_if_none_match;
  char         *last_skip;
  GSList       *paused;
  GSocketService *raw;
  guint16       raw_port;
  GPtrArray    *request_times;  /* gint64 *, monotonic: when /busy-date.json was asked */
  guint         drip_source;
} Fixture;

static void
respond (SoupServerMessage *msg,
         guint              status,
         const char        *body)
{
  soup_server_message_set_status (msg, status, NULL);
  if (body != NULL)
    soup_server_message_set_response (msg, "application/json", SOUP_MEMORY_COPY, body,
                                      strlen (body));
}

static char *
azure_fixture (const char *name)
{
  g_autofree char *file = g_test_build_filename (G_TEST_DIST, "fixtures", "azure", name, NULL);
  char *json = NULL;

  g_assert_true (g_file_get_contents (file, &json, NULL, NULL));
  return json;
}

/* The Retail Prices API's paging: page 1 links to page 2, page 2 has no link, so the client
 * must go on by $skip until an empty page. /azure-broken's second page is cut short. */
static void
serve_azure (Fixture           *fixture,
             SoupServerMessage *msg,
             const char        *path,
             GHashTable        *query)
{
  const char *page = query != NULL ? g_hash_table_lookup (query, "page") : NULL;
  const char *skip = query != NULL ? g_hash_table_lookup (query, "$skip") : NULL;

  if (skip != NULL)
    {
      g_autofree char *empty = azure_fixture ("empty.json");

      g_free (fixture->last_skip);
      fixture->last_skip = g_strdup (skip);
      respond (msg, 200, empty);
    }
  else if (g_strcmp0 (page, "2") == 0 && g_str_equal (path, "/azure-broken"))
    respond (msg, 200, "{\"Items\": [");
  else if (g_strcmp0 (page, "2") == 0)
    {
      g_autofree char *page2 = azure_fixture ("page2.json");

      respond (msg, 200, page2);
    }
  else
    {
      g_autofree char *page1 = azure_fixture ("page1.json");
      g_autofree char *link = g_strdup_printf ("\"%s%s?page=2\"", fixture->base, path);
      g_autoptr(GString) linked = g_string_new (page1);

      g_string_replace (linked, "\"PAGE2\"", link, 1);
      respond (msg, 200, linked->str);
    }
}

/* A server that sends one byte every 100 ms: never idle, never done in time. */
static gboolean
drip_cb (gpointer user_data)
{
  SoupServerMessage *msg = user_data;

  soup_message_body_append (soup_server_message_get_response_body (msg), SOUP_MEMORY_STATIC, " ",
                            1);
  soup_server_message_unpause (msg);
  return G_SOURCE_CONTINUE;
}

static void
drip_finished_cb (SoupServerMessage *msg,
                  Fixture           *fixture)
{
  g_clear_handle_id (&fixture->drip_source, g_source_remove);
}

static void
handler (SoupServer        *server,
         SoupServerMessage *msg,
         const char        *path,
         GHashTable        *query,
         gpointer           user_data)
{
  Fixture *fixture = user_data;
  SoupMessageHeaders *request = soup_server_message_get_request_headers (msg);
  SoupMessageHeaders *response = soup_server_message_get_response_headers (msg);

  fixture->requests++;
  g_free (fixture->last_if_none_match);
  fixture->last_if_none_match = g_strdup (soup_message_headers_get_one (request, "If-None-Match"));

  if (g_str_equal (path, "/catalog.json") || g_str_equal (path, "/etag.json"))
    {
      if (g_strcmp0 (fixture->last_if_none_match, "\"v1\"") == 0)
        {
          respond (msg, 304, NULL);
          return;
        }
      soup_message_headers_replace (response, "ETag", "\"v1\"");
      respond (msg, 200, good_catalog);
    }
  else if (g_str_equal (path, "/lambda.csv"))
    {
      g_autofree char *file = g_test_build_filename (G_TEST_DIST, "fixtures", "skypilot",
                                                     "lambda_v8_sample.csv", NULL);
      g_autofree char *csv = NULL;

      g_assert_true (g_file_get_contents (file, &csv, NULL, NULL));
      respond (msg, 200, csv);
    }
  else if (g_str_has_prefix (path, "/neo/") && g_str_has_suffix (path, ".csv"))
    {
      /* /neo/nebius.csv: the sample of that cloud's SkyPilot file. */
      g_autofree char *name = g_strndup (path + 5, strlen (path + 5) - 4);
      g_autofree char *sample = g_strconcat (name, "_v8_sample.csv", NULL);
      g_autofree char *file =
          g_test_build_filename (G_TEST_DIST, "fixtures", "skypilot", sample, NULL);
      g_autofree char *csv = NULL;

      if (g_file_get_contents (file, &csv, NULL, NULL))
        respond (msg, 200, csv);
      else
        respond (msg, 404, NULL);
    }
  else if (g_str_equal (path, "/lambda-api"))
    {
      /* Lambda's instance-types API: the key is asked in the Authorization header. */
      const char *authorization = soup_message_headers_get_one (request, "Authorization");

      if (g_strcmp0 (authorization, "Bearer " FAKE_KEY) != 0)
        respond (msg, 401, "{\"error\":{\"code\":\"global/invalid-api-key\"}}");
      else
        respond (msg, 200, LAMBDA_API_ANSWER);
    }
  else if (g_str_equal (path, "/commits"))
    respond (msg, 200,
             "[{\"sha\":\"abc\",\"commit\":{\"committer\":{\"name\":\"bot\","
             "\"date\":\"2026-11-30T10:00:00Z\"}}}]");
  else if (g_str_equal (path, "/commits-empty"))
    respond (msg, 200, "[]");
  else if (g_str_equal (path, "/v9/lambda.csv"))
    {
      /* SkyPilot's v9 columns: the v8 ones, then the local disk's. */
      g_autofree char *file =
          g_test_build_filename (G_TEST_DIST, "fixtures", "skypilot", "lambda_v8_sample.csv", NULL);
      g_autofree char *csv = NULL;
      g_auto(GStrv) lines = NULL;
      g_autoptr(GString) v9 = g_string_new (NULL);

      g_assert_true (g_file_get_contents (file, &csv, NULL, NULL));
      lines = g_strsplit (csv, "\n", -1);
      for (guint i = 0; lines[i] != NULL && *lines[i] != '\0'; i++)
        g_string_append_printf (v9, "%s%s\n", lines[i],
                                i == 0 ? ",LocalDiskType,NVMeSupported,LocalDiskSize,LocalDiskCount"
                                       : ",ssd,True,1000,1");
      respond (msg, 200, v9->str);
    }
  else if (g_str_equal (path, "/azure") || g_str_equal (path, "/azure-broken"))
    serve_azure (fixture, msg, path, query);
  else if (g_str_equal (path, "/newer.json"))
    respond (msg, 200, newer_catalog);
  else if (g_str_equal (path, "/busy.json"))
    {
      if (fixture->too_many_left > 0)
        {
          fixture->too_many_left--;
          soup_message_headers_replace (response, "Retry-After", "0");
          respond (msg, 429, NULL);
          return;
        }
      respond (msg, 200, newer_catalog);
    }
  else if (g_str_equal (path, "/broken.json"))
    respond (msg, 500, "oops");
  else if (g_str_equal (path, "/malformed.json"))
    respond (msg, 200, "{\"schema_version\": 1, \"instances\": [");
  else if (g_str_equal (path, "/malformed.csv"))
    respond (msg, 200, "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,"
                       "SpotPrice,Region\n\"unterminated,1\n");
  else if (g_str_equal (path, "/invalid.json"))
    respond (msg, 200, invalid_data);
  else if (g_str_equal (path, "/big.json"))
    {
      g_autofree char *big = g_strnfill (4096, ' ');
      respond (msg, 200, big);
    }
  else if (g_str_equal (path, "/big-chunked.json"))
    {
      g_autofree char *big = g_strnfill (4096, ' ');

      soup_message_headers_set_encoding (response, SOUP_ENCODING_CHUNKED);
      soup_server_message_set_status (msg, 200, NULL);
      soup_message_body_append (soup_server_message_get_response_body (msg), SOUP_MEMORY_COPY,
                                big, strlen (big));
      soup_message_body_complete (soup_server_message_get_response_body (msg));
    }
  else if (g_str_equal (path, "/slow.json"))
    {
      /* Never answers: the client must cancel or time out. */
      soup_server_message_pause (msg);
      fixture->paused = g_slist_prepend (fixture->paused, g_object_ref (msg));
    }
  else if (g_str_equal (path, "/redirect-away.json"))
    {
      soup_message_headers_replace (response, "Location", "http://example.com/catalog.json");
      respond (msg, 302, NULL);
    }
  else if (g_str_equal (path, "/redirect-file.json"))
    {
      soup_message_headers_replace (response, "Location", "file:///etc/passwd");
      respond (msg, 302, NULL);
    }
  else if (g_str_equal (path, "/redirect-other-host.json"))
    {
      /* HTTPS, so the rule that stops it is the host's, not the scheme's. */
      soup_message_headers_replace (response, "Location", "https://example.com/catalog.json");
      respond (msg, 302, NULL);
    }
  else if (g_str_equal (path, "/not-modified.json"))
    respond (msg, 304, NULL);
  else if (g_str_equal (path, "/drip.json"))
    {
      soup_message_headers_set_encoding (response, SOUP_ENCODING_CHUNKED);
      soup_server_message_set_status (msg, 200, NULL);
      g_signal_connect (msg, "finished", G_CALLBACK (drip_finished_cb), fixture);
      fixture->drip_source =
          g_timeout_add_full (G_PRIORITY_DEFAULT, 100, drip_cb, g_object_ref (msg), g_object_unref);
      soup_server_message_pause (msg);
    }
  else if (g_str_equal (path, "/busy-date.json"))
    {
      gint64 *now = g_new (gint64, 1);

      *now = g_get_monotonic_time ();
      g_ptr_array_add (fixture->request_times, now);
      if (fixture->too_many_left > 0)
        {
          g_autoptr(GDateTime) later = g_date_time_new_now_utc ();
          g_autoptr(GDateTime) when = g_date_time_add_seconds (later, 2);
          g_autofree char *date = soup_date_time_to_string (when, SOUP_DATE_HTTP);

          fixture->too_many_left--;
          soup_message_headers_replace (response, "Retry-After", date);
          respond (msg, 429, NULL);
          return;
        }
      respond (msg, 200, newer_catalog);
    }
  else if (g_str_equal (path, "/azure-away"))
    respond (msg, 200, "{\"Items\": [{}], \"NextPageLink\": \"https://evil.example/page2\"}");
  else if (g_str_equal (path, "/redirect-home.json"))
    {
      soup_message_headers_replace (response, "Location", "/newer.json");
      respond (msg, 301, NULL);
    }
  else
    respond (msg, 404, "not here");
}

/* A server that announces 1000 bytes, sends 10 and hangs up: libsoup's server cannot lie. */
static gboolean
raw_run_cb (GThreadedSocketService *service,
            GSocketConnection      *connection,
            GObject                *source,
            gpointer                user_data)
{
  static const char reply[] = "HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n"
                              "Content-Type: application/json\r\nConnection: close\r\n\r\n"
                              "{\"schema_v";
  GOutputStream *out = g_io_stream_get_output_stream (G_IO_STREAM (connection));
  GInputStream *in = g_io_stream_get_input_stream (G_IO_STREAM (connection));
  char request[4096];

  g_input_stream_read (in, request, sizeof request, NULL, NULL);
  g_output_stream_write_all (out, reply, strlen (reply), NULL, NULL, NULL);
  g_io_stream_close (G_IO_STREAM (connection), NULL, NULL);
  return TRUE;
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  GSList *uris;

  fixture->request_times = g_ptr_array_new_with_free_func (g_free);
  fixture->server = soup_server_new (NULL, NULL);
  soup_server_add_handler (fixture->server, NULL, handler, fixture, NULL);
  g_assert_true (
      soup_server_listen_local (fixture->server, 0, SOUP_SERVER_LISTEN_IPV4_ONLY, &error));
  g_assert_no_error (error);
  uris = soup_server_get_uris (fixture->server);
  fixture->base = g_strdup_printf ("http://127.0.0.1:%d", g_uri_get_port (uris->data));
  g_slist_free_full (uris, (GDestroyNotify) g_uri_unref);

  /* A thread of its own: the client runs on this thread's main loop. */
  fixture->raw = g_threaded_socket_service_new (1);
  fixture->raw_port = g_socket_listener_add_any_inet_port (G_SOCKET_LISTENER (fixture->raw), NULL,
                                                           &error);
  g_assert_no_error (error);
  g_signal_connect (fixture->raw, "run", G_CALLBACK (raw_run_cb), NULL);

  fixture->cache_path = g_dir_make_tmp ("gp-test-updater-XXXXXX", NULL);
  fixture->cache = g_file_new_for_path (fixture->cache_path);
  fixture->catalog = gp_catalog_new_bundled ();
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autofree char *command = g_strdup_printf ("rm -rf '%s'", fixture->cache_path);

  g_clear_handle_id (&fixture->drip_source, g_source_remove);
  g_clear_pointer (&fixture->request_times, g_ptr_array_unref);
  for (GSList *l = fixture->paused; l != NULL; l = l->next)
    soup_server_message_unpause (l->data);
  g_slist_free_full (fixture->paused, g_object_unref);
  g_socket_service_stop (fixture->raw);
  g_clear_object (&fixture->raw);
  g_clear_object (&fixture->server);
  g_clear_object (&fixture->catalog);
  g_clear_object (&fixture->cache);
  g_free (fixture->base);
  g_free (fixture->last_if_none_match);
  g_free (fixture->last_skip);
  g_spawn_command_line_sync (command, NULL, NULL, NULL, NULL);
  g_free (fixture->cache_path);
}

typedef struct
{
  GpRefreshReport *report;
  GError          *error;
  gboolean         done;
  guint            progress;
  guint64          last_bytes;
} Outcome;

static void
refresh_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  Outcome *outcome = user_data;

  outcome->report = gp_catalog_updater_refresh_finish (GP_CATALOG_UPDATER (object), result,
                                                       &outcome->error);
  outcome->done = TRUE;
}

static void
progress_cb (GpCatalogUpdater *updater,
             const char       *source,
             guint64           received,
             gint64            total,
             Outcome          *outcome)
{
  outcome->progress++;
  outcome->last_bytes = received;
}

static gboolean
cancel_cb (gpointer user_data)
{
  g_cancellable_cancel (user_data);
  return G_SOURCE_REMOVE;
}

/* An updater on the fixture's cache, keeping the price history beside it. */
static GpCatalogUpdater *
new_updater (Fixture *fixture)
{
  GpCatalogUpdater *updater = gp_catalog_updater_new (fixture->cache);
  g_autoptr(GFile) history = g_file_get_child (fixture->cache, "history.json");

  gp_catalog_updater_set_history_file (updater, history);
  return updater;
}

/* Refreshes from one source at @path; cancels after @cancel_ms when that is not 0. */
static GpRefreshReport *
refresh (Fixture     *fixture,
         const char  *path,
         GpFeedFormat format,
         guint        cancel_ms,
         GError     **error)
{
  g_autoptr(GpCatalogUpdater) updater = new_updater (fixture);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autofree char *url = g_str_has_prefix (path, "/") ? g_strconcat (fixture->base, path, NULL)
                                                      : g_strdup (path);
  Outcome outcome = { NULL };

  gp_catalog_updater_add_source (updater, "lab", url, format);
  gp_catalog_updater_set_max_size (updater, 1024);
  gp_catalog_updater_set_timeout (updater, 1);
  gp_catalog_updater_set_deadline (updater, 3);
  g_signal_connect (updater, "progress", G_CALLBACK (progress_cb), &outcome);
  if (cancel_ms > 0)
    g_timeout_add (cancel_ms, cancel_cb, cancellable);

  gp_catalog_updater_refresh_async (updater, fixture->catalog, NULL, cancellable, refresh_cb,
                                    &outcome);
  while (!outcome.done)
    g_main_context_iteration (NULL, TRUE);

  if (outcome.error != NULL)
    g_propagate_error (error, outcome.error);
  return outcome.report;
}

static double
a10_price (Fixture *fixture)
{
  GpInstance *instance = gp_catalog_find_instance (fixture->catalog, "lambda/gpu_1x_a10");

  return gp_offer_get_on_demand (gp_instance_find_offer (instance, "us-east-1"));
}

static char *
cached_layer (Fixture *fixture)
{
  g_autofree char *path = g_build_filename (fixture->cache_path, "catalog.json", NULL);
  char *contents = NULL;

  g_file_get_contents (path, &contents, NULL, NULL);
  return contents;
}

static GpSourceResult *
only_result (GpRefreshReport *report)
{
  g_assert_cmpuint (report->sources->len, ==, 1);
  return g_ptr_array_index (report->sources, 0);
}

/* A good refresh first, so that every failure has something to keep. */
static void
establish (Fixture *fixture)
{
  g_autoptr(GpRefreshReport) report =
      refresh (fixture, "/catalog.json", GP_FEED_FORMAT_CATALOG, 0, NULL);

  g_assert_cmpint (only_result (report)->status, ==, GP_SOURCE_STATUS_UPDATED);
  g_assert_cmpfloat (a10_price (fixture), ==, 1.11);
}

static void
assert_failed_and_intact (Fixture         *fixture,
                          GpRefreshReport *report,
                          const char      *reason)
{
  GpSourceResult *result = only_result (report);
  g_autofree char *layer = cached_layer (fixture);

  g_test_message ("%s", result->message);
  g_assert_cmpint (result->status, ==, GP_SOURCE_STATUS_FAILED);
  g_assert_true (g_str_has_prefix (result->message, "lab: "));
  /* The source named once ("catalog: catalog:" was said of a file that failed its check). */
  g_assert_false (g_str_has_prefix (result->message, "lab: lab: "));
  g_assert_nonnull (strstr (result->message, reason));
  g_assert_cmpuint (gp_refresh_report_get_n_failed (report), ==, 1);

  /* The previous layer stays, in memory and on disk. */
  g_assert_cmpfloat (a10_price (fixture), ==, 1.11);
  g_assert_nonnull (layer);
  g_assert_nonnull (strstr (layer, "1.11"));
}

static void
test_success (Fixture       *fixture,
              gconstpointer  data)
{
  g_autoptr(GpRefreshReport) report = NULL;
  g_autoptr(GpCatalogUpdater) updater = new_updater (fixture);
  g_autoptr(GDateTime) last = NULL;
  g_autofree char *layer = NULL;

  g_assert_cmpfloat (a10_price (fixture), ==, 1.29);
  establish (fixture);

  layer = cached_layer (fixture);
  g_assert_nonnull (strstr (layer, "\"on_demand\": 1.11"));
  g_assert_cmpint (gp_instance_get_layer (gp_catalog_find_instance (fixture->catalog,
                                                                    "lambda/gpu_1x_a10")),
                   ==, GP_CATALOG_LAYER_REFRESHED);
  last = gp_catalog_updater_get_last_refresh (updater);
  g_assert_nonnull (last);

  /* A newer file moves the price, and the summary says by how much. */
  report = refresh (fixture, "/newer.json", GP_FEED_FORMAT_CATALOG, 0, NULL);
  g_assert_cmpint (only_result (report)->status, ==, GP_SOURCE_STATUS_UPDATED);
  /* The file's one offer counted ("updated, 0 offers" was said of a file in our format). */
  g_assert_cmpuint (only_result (report)->offers, ==, 1);
  g_assert_cmpfloat (a10_price (fixture), ==, 0.99);
  g_assert_cmpuint (report->changed, ==, 1);
  g_assert_cmpuint (report->moves->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (report->moves, 0), ==,
                   "Lambda gpu_1x_a10 on demand −11 % in us-east-1 since 2026-11-30 (1.11 → 0.99)");
}

#define SPOT_CATALOG(as_of, on_demand, spot)                                                     \
  "{\"schema_version\":1,\"sources\":[{\"id\":\"quote\",\"title\":\"Quote\",\"as_of\":\"" as_of  \
  "\"}],\"instances\":[{\"id\":\"lambda/gpu_1x_a10\",\"provider\":\"lambda\",\"name\":"          \
  "\"gpu_1x_a10\",\"gpu\":\"a10\",\"gpu_count\":1,\"source\":\"quote\",\"prices\":[{\"region\":" \
  "\"us-east-1\",\"on_demand\":" on_demand ",\"spot\":" spot "}]}]}"

static GpCatalog *
catalog_with (const char *text)
{
  GpCatalog *catalog = gp_catalog_new_bundled ();
  g_autoptr(GBytes) bytes = g_bytes_new_static (text, strlen (text));
  g_autoptr(GError) error = NULL;

  g_assert_true (
      gp_catalog_add_layer (catalog, bytes, "quote.json", GP_CATALOG_LAYER_REFRESHED, &error));
  g_assert_no_error (error);
  return catalog;
}

/* What changed most, from the catalogs before and after: a spot price's move is one too, said
 * with the region and the date of the price it replaces (issue 46: "p5.48xlarge spot −12 % in
 * us-east-1 since 2026-11-28"); only on-demand moves were said before. */
/* Every file under @dir holds none of @secret. */
static void
assert_nowhere_in_files (GFile      *dir,
                         const char *secret)
{
  g_autoptr(GFileEnumerator) children = g_file_enumerate_children (
      dir, G_FILE_ATTRIBUTE_STANDARD_NAME, G_FILE_QUERY_INFO_NONE, NULL, NULL);
  GFileInfo *info;
  GFile *child;

  while (children != NULL && g_file_enumerator_iterate (children, &info, &child, NULL, NULL) &&
         info != NULL)
    {
      g_autofree char *contents = NULL;

      if (g_file_query_file_type (child, G_FILE_QUERY_INFO_NONE, NULL) == G_FILE_TYPE_DIRECTORY)
        assert_nowhere_in_files (child, secret);
      else if (g_file_load_contents (child, NULL, &contents, NULL, NULL, NULL))
        g_assert_null (strstr (contents, secret));
    }
}

/* Lambda's own API, with the user's key from the keyring (here in memory): its prices are the
 * refreshed ones, dated, and the key is sent in a header only, never in the report, the saved
 * state, the cached parts or the history. A wrong key fails the source in one line that holds
 * no key either. */
static void
test_lambda_api (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr(GpKeyStore) keys = gp_memory_key_store_new ();
  g_autoptr(GpCatalogUpdater) none = new_updater (fixture);
  g_autofree char *url = g_strconcat (fixture->base, "/lambda-api", NULL);
  GpInstance *a10;
  Outcome outcome = { NULL };
  GpSourceResult *result;

  /* No key, no source: the user has not asked for it. */
  gp_catalog_updater_add_keyed_sources (none, keys);
  g_assert_false (g_strv_contains (gp_catalog_updater_get_source_names (none), "lambda-api"));
  g_assert_true (gp_key_store_store (keys, "lambda-api", FAKE_KEY, NULL));
  {
    g_autoptr(GpCatalogUpdater) with_key = new_updater (fixture);

    gp_catalog_updater_add_keyed_sources (with_key, keys);
    g_assert_true (g_strv_contains (gp_catalog_updater_get_source_names (with_key), "lambda-api"));
  }

  {
    g_autoptr(GpCatalogUpdater) updater = new_updater (fixture);
    g_autofree char *key = gp_key_store_lookup (keys, "lambda-api", NULL);

    gp_catalog_updater_add_keyed_source (updater, "lambda-api", url, GP_FEED_FORMAT_LAMBDA_API,
                                         key);
    gp_catalog_updater_refresh_async (updater, fixture->catalog, NULL, NULL, refresh_cb, &outcome);
    while (!outcome.done)
      g_main_context_iteration (NULL, TRUE);
  }
  g_assert_no_error (outcome.error);
  result = only_result (outcome.report);
  g_assert_cmpint (result->status, ==, GP_SOURCE_STATUS_UPDATED);
  /* gpu_1x_a10 in its two regions; the unknown type and the price "abc" are left out. */
  g_assert_cmpuint (result->offers, ==, 2);
  g_assert_nonnull (result->as_of);
  a10 = gp_catalog_find_instance (fixture->catalog, "lambda/gpu_1x_a10");
  g_assert_cmpfloat (gp_offer_get_on_demand (gp_instance_find_offer (a10, "us-east-1")), ==, 0.86);
  g_assert_cmpint (gp_instance_get_layer (a10), ==, GP_CATALOG_LAYER_REFRESHED);
  g_assert_null (strstr (result->name, FAKE_KEY));
  for (guint i = 0; i < outcome.report->moves->len; i++)
    g_assert_null (strstr (g_ptr_array_index (outcome.report->moves, i), FAKE_KEY));
  assert_nowhere_in_files (fixture->cache, FAKE_KEY);
  gp_refresh_report_free (outcome.report);

  /* A wrong key: the source fails, saying why, and its prices stay. */
  {
    g_autoptr(GpCatalogUpdater) updater = new_updater (fixture);
    Outcome wrong = { NULL };

    gp_catalog_updater_add_keyed_source (updater, "lambda-api", url, GP_FEED_FORMAT_LAMBDA_API,
                                         "wrong-key-00000000000");
    gp_catalog_updater_refresh_async (updater, fixture->catalog, NULL, NULL, refresh_cb, &wrong);
    while (!wrong.done)
      g_main_context_iteration (NULL, TRUE);
    result = only_result (wrong.report);
    g_assert_cmpint (result->status, ==, GP_SOURCE_STATUS_FAILED);
    g_assert_nonnull (strstr (result->message, "401"));
    g_assert_null (strstr (result->message, "wrong-key"));
    g_assert_cmpfloat (gp_offer_get_on_demand (gp_instance_find_offer (a10, "us-east-1")), ==,
                       0.86);
    assert_nowhere_in_files (fixture->cache, "wrong-key");
    gp_refresh_report_free (wrong.report);
  }
}

/* A weekly refresh is due a week after the last one, or with none yet, and never on a metered
 * connection. */
static void
test_refresh_due (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(GpCatalogUpdater) updater = new_updater (fixture);
  g_autoptr(GpRefreshReport) report = NULL;

  g_assert_true (gp_catalog_updater_is_refresh_due (updater, 7 * G_TIME_SPAN_DAY, FALSE));
  g_assert_false (gp_catalog_updater_is_refresh_due (updater, 7 * G_TIME_SPAN_DAY, TRUE));

  report = refresh (fixture, "/catalog.json", GP_FEED_FORMAT_CATALOG, 0, NULL);
  g_assert_cmpint (only_result (report)->status, ==, GP_SOURCE_STATUS_UPDATED);
  g_assert_false (gp_catalog_updater_is_refresh_due (updater, 7 * G_TIME_SPAN_DAY, FALSE));
  g_assert_true (gp_catalog_updater_is_refresh_due (updater, 0, FALSE));
  g_assert_false (gp_catalog_updater_is_refresh_due (updater, 0, TRUE));
}

static void
test_biggest_changes (void)
{
  g_autoptr(GpCatalog) before = catalog_with (SPOT_CATALOG ("2026-11-28", "1.00", "0.50"));
  g_autoptr(GpCatalog) after = catalog_with (SPOT_CATALOG ("2026-12-05", "1.05", "0.44"));
  g_autoptr(GHashTable) old = gp_refresh_report_snapshot_prices (before);
  g_autoptr(GHashTable) now = gp_refresh_report_snapshot_prices (after);
  g_autoptr(GpRefreshReport) report = gp_refresh_report_new ();

  gp_refresh_report_summarize (report, old, now);
  g_assert_cmpuint (report->changed, ==, 1);
  g_assert_cmpuint (report->moves->len, ==, 2);
  /* Largest first: spot fell 12 %, on demand rose 5 %. */
  g_assert_cmpstr (g_ptr_array_index (report->moves, 0), ==,
                   "Lambda gpu_1x_a10 spot −12 % in us-east-1 since 2026-11-28 (0.5 → 0.44)");
  g_assert_cmpstr (g_ptr_array_index (report->moves, 1), ==,
                   "Lambda gpu_1x_a10 on demand +5 % in us-east-1 since 2026-11-28 (1 → 1.05)");
}

/* A refresh whose prices cannot be kept in the price history says so (it printed a message
 * nobody saw, and the history stopped for good), and still brings its prices. */
static void
test_history_not_kept_said (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autoptr(GpRefreshReport) report = NULL;
  g_autoptr(GFile) history = g_file_get_child (fixture->cache, "history.json");
  g_autofree char *path = g_file_get_path (history);

  g_assert_true (g_file_make_directory_with_parents (history, NULL, NULL));
  report = refresh (fixture, "/catalog.json", GP_FEED_FORMAT_CATALOG, 0, NULL);
  g_assert_cmpint (only_result (report)->status, ==, GP_SOURCE_STATUS_UPDATED);
  g_assert_cmpfloat (a10_price (fixture), ==, 1.11);
  g_assert_nonnull (report->history_problem);
  g_assert_nonnull (strstr (report->history_problem, path));
  g_rmdir (path);
}

static void
test_not_modified (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(GpRefreshReport) report = NULL;

  establish (fixture);
  g_assert_null (fixture->last_if_none_match);

  /* The second time, the saved ETag goes along and the server answers 304: one round trip. */
  report = refresh (fixture, "/catalog.json", GP_FEED_FORMAT_CATALOG, 0, NULL);
  g_assert_cmpstr (fixture->last_if_none_match, ==, "\"v1\"");
  g_assert_cmpint (only_result (report)->status, ==, GP_SOURCE_STATUS_UNCHANGED);
  g_assert_cmpuint (only_result (report)->bytes, ==, 0);
  g_assert_cmpfloat (a10_price (fixture), ==, 1.11);
  g_assert_cmpuint (report->changed, ==, 0);
}

static void
test_too_many_requests (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr(GpRefreshReport) report = NULL;

  establish (fixture);
  fixture->requests = 0;
  fixture->too_many_left = 1;

  /* 429 with Retry-After: 0, then the file. */
  report = refresh (fixture, "/busy.json", GP_FEED_FORMAT_CATALOG, 0, NULL);
  g_assert_cmpuint (fixture->requests, ==, 2);
  g_assert_cmpint (only_result (report)->status, ==, GP_SOURCE_STATUS_UPDATED);
  g_assert_cmpfloat (a10_price (fixture), ==, 0.99);

  /* A server that never stops saying 429 is given up on, and the previous layer kept. */
  g_clear_pointer (&report, gp_refresh_report_free);
  establish (fixture);
  fixture->too_many_left = 100;
  report = refresh (fixture, "/busy.json", GP_FEED_FORMAT_CATALOG, 0, NULL);
  assert_failed_and_intact (fixture, report, "HTTP 429");
}

/* Retry-After as an HTTP date two seconds ahead: the client waits about that long, where it
 * once read the date as 0 and asked again at once. */
static void
test_retry_after_date (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autoptr(GpRefreshReport) report = NULL;
  gint64 first, second;

  establish (fixture);
  fixture->too_many_left = 1;
  report = refresh (fixture, "/busy-date.json", GP_FEED_FORMAT_CATALOG, 0, NULL);
  g_assert_cmpint (only_result (report)->status, ==, GP_SOURCE_STATUS_UPDATED);
  g_assert_cmpuint (fixture->request_times->len, ==, 2);
  first = *(gint64 *) g_ptr_array_index (fixture->request_times, 0);
  second = *(gint64 *) g_ptr_array_index (fixture->request_times, 1);
  g_assert_cmpint (second - first, >=, 900 * G_TIME_SPAN_MILLISECOND);
}

typedef struct
{
  const char     *path;
  GpFeedFormat  format;
  const char     *reason;
} FailCase;

static const FailCase fail_cases[] = {
  { "/missing.json", GP_FEED_FORMAT_CATALOG, "HTTP 404 Not Found" },
  { "/broken.json", GP_FEED_FORMAT_CATALOG, "HTTP 500 Internal Server Error" },
  { "/big.json", GP_FEED_FORMAT_CATALOG, "larger than" },
  { "/big-chunked.json", GP_FEED_FORMAT_CATALOG, "larger than" },
  { "/malformed.json", GP_FEED_FORMAT_CATALOG,
    "instances[0]: the text ends in the middle of a value (line 1, column 37)" },
  { "/malformed.csv", GP_FEED_FORMAT_SKYPILOT, "a quoted field is not closed" },
  { "/invalid.json", GP_FEED_FORMAT_CATALOG,
    "instances[0].prices[0].on_demand: expected a non-negative number, got \"cheap\"" },
  { "/redirect-away.json", GP_FEED_FORMAT_CATALOG,
    "refused a redirect to another host, example.com" },
  { "/redirect-other-host.json", GP_FEED_FORMAT_CATALOG,
    "refused a redirect to another host, example.com" },
  /* An address without a host is named whole (it read "another host, " and nothing). */
  { "/redirect-file.json", GP_FEED_FORMAT_CATALOG,
    "refused a redirect to another host, file:///etc/passwd" },
  { "/not-modified.json", GP_FEED_FORMAT_CATALOG,
    "answered “304 Not Modified” to a request that was not conditional" },
  { "/drip.json", GP_FEED_FORMAT_CATALOG, "took more than 3 s, the most a download may take" },
  { "/azure-away", GP_FEED_FORMAT_AZURE, "refused a next page on another host, evil.example" },
  /* Plain HTTP to a name that merely looks like a loopback address. */
  { "http://127.example.org/lookalike.json", GP_FEED_FORMAT_CATALOG, "fetched over HTTPS only" },
  { "http://example.org/catalog.json", GP_FEED_FORMAT_CATALOG, "fetched over HTTPS only" },
  { "/slow.json", GP_FEED_FORMAT_CATALOG, "timed out" },
};

/* In Chinese the file's check says "lab：instances[0]…": the source is still named once (it
 * was not recognised, and the message began "lab: lab："). */
static void
test_failure_in_chinese (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autofree char *localedir = g_test_build_filename (G_TEST_BUILT, "..", "po", NULL);
  g_autoptr(GpRefreshReport) report = NULL;
  g_autoptr(GpRefreshReport) csv_report = NULL;
  g_autoptr(GError) error = NULL;
  GpSourceResult *result;

  establish (fixture);
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  g_setenv ("LANGUAGE", "zh_CN", TRUE);
  textdomain (GETTEXT_PACKAGE);
  report = refresh (fixture, "/invalid.json", GP_FEED_FORMAT_CATALOG, 0, &error);
  /* A price file's fault, found by an importer, is said in Chinese too. */
  csv_report = refresh (fixture, "/malformed.csv", GP_FEED_FORMAT_SKYPILOT, 0, &error);
  g_unsetenv ("LANGUAGE");
  textdomain (GETTEXT_PACKAGE);

  g_assert_no_error (error);
  result = only_result (report);
  g_test_message ("%s", result->message);
  g_assert_cmpint (result->status, ==, GP_SOURCE_STATUS_FAILED);
  g_assert_cmpstr (result->message, ==,
                   "lab：instances[0].prices[0].on_demand：应为非负数，实际为 \"cheap\"");
  result = only_result (csv_report);
  g_test_message ("%s", result->message);
  g_assert_cmpint (result->status, ==, GP_SOURCE_STATUS_FAILED);
  g_assert_nonnull (strstr (result->message, "带引号的字段没有结束"));
}

static void
test_failure (Fixture       *fixture,
              gconstpointer  data)
{
  const FailCase *fail = data;
  g_autoptr(GpRefreshReport) report = NULL;
  g_autoptr(GError) error = NULL;

  establish (fixture);
  fixture->requests = 0;
  report = refresh (fixture, fail->path, fail->format, 0, &error);
  g_assert_no_error (error);
  assert_failed_and_intact (fixture, report, fail->reason);

  /* Refused addresses are never requested at all. */
  if (strstr (fail->path, "example.org") != NULL)
    g_assert_cmpuint (fixture->requests, ==, 0);
}

static goffset
file_size (Fixture    *fixture,
           const char *name)
{
  g_autofree char *path = g_build_filename (fixture->cache_path, name, NULL);
  GStatBuf buf;

  g_assert_cmpint (g_stat (path, &buf), ==, 0);
  return buf.st_size;
}

/* Nothing but the files a refresh keeps: no temporary file was left behind. */
static void
assert_no_temporaries (const char *dir_path)
{
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir_path, name, NULL);

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        assert_no_temporaries (path);
      else
        g_assert_true (g_str_has_suffix (name, ".json"));
    }
}

/* Refreshes from /newer.json on a disk that fills at @limit bytes a file. (RLIMIT_FSIZE fails
 * a write with EFBIG exactly where a full disk fails it with ENOSPC.) */
static GpRefreshReport *
refresh_on_full_disk (Fixture *fixture,
                      rlim_t   limit)
{
  struct rlimit saved, lowered;
  GpRefreshReport *report;

  g_assert_cmpint (getrlimit (RLIMIT_FSIZE, &saved), ==, 0);
  lowered = (struct rlimit) { limit, saved.rlim_max };
  signal (SIGXFSZ, SIG_IGN);
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &lowered), ==, 0);
  report = refresh (fixture, "/newer.json", GP_FEED_FORMAT_CATALOG, 0, NULL);
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &saved), ==, 0);
  return report;
}

/* A full disk while the downloaded source is saved: the source fails, naming the file, and
 * the saved source, the refreshed layer and the prices shown are all the previous ones. (The
 * refreshed layer and the saved source were once left truncated.) */
static void
test_full_disk_source (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autoptr(GpRefreshReport) report = NULL;
  g_autofree char *part_path = g_build_filename (fixture->cache_path, "sources", "lab.json", NULL);
  g_autofree char *part = NULL;

  establish (fixture);
  report = refresh_on_full_disk (fixture, 16);
  assert_failed_and_intact (fixture, report, "lab.json");
  g_assert_true (g_file_get_contents (part_path, &part, NULL, NULL));
  g_assert_nonnull (strstr (part, "1.11"));
  assert_no_temporaries (fixture->cache_path);
}

/* A disk that holds the saved source but not the refreshed layer, which is larger: the
 * layer on disk stays the previous one, whole, and the report says the new prices were not
 * saved. They are shown until the app closes: they were downloaded and checked. */
static void
test_full_disk_layer (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr(GpRefreshReport) report = NULL;
  g_autofree char *layer = NULL;
  goffset part_size, layer_size;
  GpSourceResult *result;

  establish (fixture);
  part_size = file_size (fixture, "sources/lab.json");
  layer_size = file_size (fixture, "catalog.json");
  g_assert_cmpint (part_size, <, layer_size);

  report = refresh_on_full_disk (fixture, part_size + (layer_size - part_size) / 2);
  g_assert_cmpuint (report->sources->len, ==, 2);
  g_assert_cmpint (((GpSourceResult *) g_ptr_array_index (report->sources, 0))->status, ==,
                   GP_SOURCE_STATUS_UPDATED);
  result = g_ptr_array_index (report->sources, 1);
  g_assert_cmpint (result->status, ==, GP_SOURCE_STATUS_FAILED);
  g_assert_true (g_str_has_prefix (result->message, "the refreshed catalog could not be saved"));
  g_assert_nonnull (strstr (result->message, "catalog.json"));

  layer = cached_layer (fixture);
  g_assert_nonnull (strstr (layer, "\"on_demand\": 1.11"));
  assert_no_temporaries (fixture->cache_path);
}

static void
test_truncated (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GpRefreshReport) report = NULL;
  g_autofree char *url = g_strdup_printf ("http://127.0.0.1:%u/truncated.json", fixture->raw_port);

  establish (fixture);
  report = refresh (fixture, url, GP_FEED_FORMAT_CATALOG, 0, NULL);
  assert_failed_and_intact (fixture, report, "ended early");
}

static void
test_redirect_home (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr(GpRefreshReport) report = NULL;

  /* A redirect within the rules is followed. */
  establish (fixture);
  report = refresh (fixture, "/redirect-home.json", GP_FEED_FORMAT_CATALOG, 0, NULL);
  g_assert_cmpint (only_result (report)->status, ==, GP_SOURCE_STATUS_UPDATED);
  g_assert_cmpfloat (a10_price (fixture), ==, 0.99);
}

static void
test_cancelled (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GpRefreshReport) report = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *layer = NULL;

  establish (fixture);
  report = refresh (fixture, "/slow.json", GP_FEED_FORMAT_CATALOG, 100, &error);
  g_assert_null (report);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);

  layer = cached_layer (fixture);
  g_assert_nonnull (strstr (layer, "1.11"));
  g_assert_cmpfloat (a10_price (fixture), ==, 1.11);
}

static void
test_skypilot_source (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr(GpCatalogUpdater) updater = new_updater (fixture);
  g_autofree char *url = g_strconcat (fixture->base, "/lambda.csv", NULL);
  g_autofree char *part = g_build_filename (fixture->cache_path, "sources", "lambda.json", NULL);
  Outcome outcome = { NULL };
  GpSourceResult *result;

  /* Served as SkyPilot serves it, the file becomes the refreshed layer's figures. */
  gp_catalog_updater_add_source (updater, "lambda", url, GP_FEED_FORMAT_SKYPILOT);
  g_signal_connect (updater, "progress", G_CALLBACK (progress_cb), &outcome);
  gp_catalog_updater_refresh_async (updater, fixture->catalog, NULL, NULL, refresh_cb, &outcome);
  while (!outcome.done)
    g_main_context_iteration (NULL, TRUE);

  g_assert_no_error (outcome.error);
  result = only_result (outcome.report);
  g_assert_cmpint (result->status, ==, GP_SOURCE_STATUS_UPDATED);
  /* Every GPU row of the sample: 22 instance types in two regions, GH200, B200, A6000 and
   * RTX 6000 among them, which the fixture catalog does not describe. */
  g_assert_cmpuint (result->offers, ==, 44);
  g_assert_true (g_file_test (part, G_FILE_TEST_EXISTS));
  g_assert_cmpint (gp_instance_get_layer (gp_catalog_find_instance (fixture->catalog,
                                                                    "lambda/gpu_1x_h100_pcie")),
                   ==, GP_CATALOG_LAYER_REFRESHED);
  /* Each price it brought is a point of the user's price history, dated as the figures are. */
  {
    g_autoptr(GpPriceHistory) history = gp_price_history_new ();
    g_autoptr(GFile) file = g_file_get_child (fixture->cache, "history.json");
    g_autoptr(GBytes) bytes = g_file_load_bytes (file, NULL, NULL, NULL);
    g_autoptr(GpOffer) offer =
        g_list_model_get_item (gp_instance_get_offers (gp_catalog_find_instance (
                                   fixture->catalog, "lambda/gpu_1x_h100_pcie")),
                               0);
    g_autofree char *id = gp_offer_dup_id (offer);
    g_autoptr(GArray) points = NULL;
    g_autoptr(GError) error = NULL;

    g_assert_nonnull (bytes);
    g_assert_true (gp_price_history_add_bytes (history, bytes, "history.json", TRUE, &error));
    g_assert_no_error (error);
    points = gp_price_history_lookup (history, id);
    g_assert_cmpuint (points->len, ==, 1);
    g_assert_cmpfloat (g_array_index (points, GpPricePoint, 0).on_demand, ==,
                       gp_offer_get_on_demand (offer));
    g_assert_nonnull (strstr (g_array_index (points, GpPricePoint, 0).source, url));
  }
  /* Reading it was reported as it went. */
  g_assert_cmpuint (outcome.progress, >=, 1);
  gp_refresh_report_free (outcome.report);
}

/* The neoclouds are sources of their own, named as the CLI and Preferences name them, each
 * read from SkyPilot's file of that cloud into its own provider. */
static void
test_neocloud_sources (Fixture       *fixture,
                       gconstpointer  data)
{
  static const char *const names[] = { "runpod",     "nebius", "verda", "seeweb",
                                       "hyperstack", "vast",   "oci",   "cudo" };
  static const char *const instances[] = { "runpod/1x_A100-80GB_SECURE",
                                           "nebius/gpu-h100-sxm_8gpu-128vcpu-1600gb",
                                           "verda/1B300.30V",
                                           "seeweb/ECS1GPU7",
                                           "hyperstack/n3-H100x1",
                                           "vast/1x-RTX_5090-32-65536",
                                           "oci/BM.GPU.H100.8",
                                           "cudo/sapphire-rapids-h100_1x2v4gb" };
  g_autoptr(GpCatalogUpdater) updater = new_updater (fixture);
  g_autoptr(GpCatalogUpdater) defaults = gp_catalog_updater_new (fixture->cache);
  Outcome outcome = { NULL };

  gp_catalog_updater_add_default_sources (defaults, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *url = g_strdup_printf ("%s/neo/%s.csv", fixture->base, names[i]);

      g_assert_true (g_strv_contains (gp_catalog_updater_get_source_names (defaults), names[i]));
      gp_catalog_updater_add_source (updater, names[i], url, GP_FEED_FORMAT_SKYPILOT);
    }
  gp_catalog_updater_refresh_async (updater, fixture->catalog, NULL, NULL, refresh_cb, &outcome);
  while (!outcome.done)
    g_main_context_iteration (NULL, TRUE);

  g_assert_no_error (outcome.error);
  g_assert_cmpuint (outcome.report->sources->len, ==, G_N_ELEMENTS (names));
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      GpSourceResult *result = g_ptr_array_index (outcome.report->sources, i);
      GpInstance *instance = gp_catalog_find_instance (fixture->catalog, instances[i]);

      g_assert_cmpstr (result->name, ==, names[i]);
      g_assert_cmpint (result->status, ==, GP_SOURCE_STATUS_UPDATED);
      g_assert_cmpuint (result->offers, >, 0);
      g_assert_nonnull (instance);
      g_assert_cmpint (gp_instance_get_layer (instance), ==, GP_CATALOG_LAYER_REFRESHED);
      g_assert_cmpstr (gp_provider_get_id (gp_instance_get_provider (instance)), ==, names[i]);
    }
  gp_refresh_report_free (outcome.report);
}

/* SkyPilot's newest catalog version first, read with its new columns; the one before where
 * the server has no newer (a 404), and the saved state names the address read. */
static void
test_skypilot_versions (Fixture       *fixture,
                        gconstpointer  data)
{
  const char *const primaries[] = { "/v9/lambda.csv", "/v10/lambda.csv" };

  for (guint i = 0; i < G_N_ELEMENTS (primaries); i++)
    {
      g_autoptr(GpCatalogUpdater) updater = new_updater (fixture);
      g_autofree char *url = g_strconcat (fixture->base, primaries[i], NULL);
      g_autofree char *fallback =
          g_strconcat (fixture->base, i == 0 ? "/lambda.csv" : "/v9/lambda.csv", NULL);
      g_autofree char *state_path =
          g_build_filename (fixture->cache_path, "refresh-state.json", NULL);
      g_autofree char *state = NULL;
      Outcome outcome = { NULL };
      GpSourceResult *result;

      gp_catalog_updater_add_source_with_fallback (updater, "lambda", url, fallback,
                                                   GP_FEED_FORMAT_SKYPILOT);
      gp_catalog_updater_refresh_async (updater, fixture->catalog, NULL, NULL, refresh_cb,
                                        &outcome);
      while (!outcome.done)
        g_main_context_iteration (NULL, TRUE);

      g_assert_no_error (outcome.error);
      result = only_result (outcome.report);
      g_assert_cmpint (result->status, ==, GP_SOURCE_STATUS_UPDATED);
      g_assert_cmpuint (result->offers, ==, 44);
      g_assert_true (g_file_get_contents (state_path, &state, NULL, NULL));
      g_assert_nonnull (strstr (state, i == 0 ? url : fallback));
      gp_refresh_report_free (outcome.report);
    }
}

/* A source's figures are dated by the file's last change upstream where the repository says
 * it, else by the day of the download, and the report says which. */
static void
test_source_dates (Fixture       *fixture,
                   gconstpointer  data)
{
  const char *const date_paths[] = { "/commits", "/commits-empty" };

  for (guint i = 0; i < G_N_ELEMENTS (date_paths); i++)
    {
      g_autoptr(GpCatalogUpdater) updater = new_updater (fixture);
      g_autofree char *url = g_strconcat (fixture->base, "/lambda.csv", NULL);
      g_autofree char *date_url = g_strconcat (fixture->base, date_paths[i], NULL);
      g_autoptr(GDateTime) now = g_date_time_new_now_local ();
      g_autofree char *today = g_date_time_format (now, "%F");
      g_autoptr(GpOffer) offer = NULL;
      Outcome outcome = { NULL };
      GpSourceResult *result;
      const char *expected = i == 0 ? "2026-11-30" : today;

      gp_catalog_updater_add_source (updater, "lambda", url, GP_FEED_FORMAT_SKYPILOT);
      gp_catalog_updater_set_date_url (updater, "lambda", date_url);
      gp_catalog_updater_refresh_async (updater, fixture->catalog, NULL, NULL, refresh_cb,
                                        &outcome);
      while (!outcome.done)
        g_main_context_iteration (NULL, TRUE);

      g_assert_no_error (outcome.error);
      result = only_result (outcome.report);
      g_assert_cmpint (result->status, ==, GP_SOURCE_STATUS_UPDATED);
      g_assert_cmpstr (result->as_of, ==, expected);
      g_assert_cmpstr (result->dated_by, ==,
                       i == 0 ? "dated by the file's last change upstream"
                              : "dated by the day of the download: the source gives no date");
      offer = g_list_model_get_item (gp_instance_get_offers (gp_catalog_find_instance (
                                         fixture->catalog, "lambda/gpu_1x_h100_pcie")),
                                     0);
      g_assert_cmpstr (gp_offer_get_as_of (offer), ==, expected);
      gp_refresh_report_free (outcome.report);
    }
}

static GpRefreshReport *
refresh_azure (Fixture    *fixture,
               const char *path,
               guint64    *progress_bytes)
{
  g_autoptr(GpCatalogUpdater) updater = new_updater (fixture);
  g_autofree char *url = g_strconcat (fixture->base, path, NULL);
  Outcome outcome = { NULL };

  gp_catalog_updater_add_source (updater, "lab", url, GP_FEED_FORMAT_AZURE);
  g_signal_connect (updater, "progress", G_CALLBACK (progress_cb), &outcome);
  gp_catalog_updater_refresh_async (updater, fixture->catalog, NULL, NULL, refresh_cb, &outcome);
  while (!outcome.done)
    g_main_context_iteration (NULL, TRUE);

  g_assert_no_error (outcome.error);
  if (progress_bytes != NULL)
    *progress_bytes = outcome.last_bytes;
  return outcome.report;
}

static void
test_azure_pages (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(GpRefreshReport) report = NULL;
  g_autofree char *page1 = azure_fixture ("page1.json");
  g_autofree char *page2 = azure_fixture ("page2.json");
  GpInstance *a100;
  GpOffer *eastus;
  GpSourceResult *result;
  guint64 progress_bytes = 0;

  fixture->requests = 0;
  report = refresh_azure (fixture, "/azure", &progress_bytes);
  result = only_result (report);
  g_test_message ("%s", result->message != NULL ? result->message : "updated");
  g_assert_cmpint (result->status, ==, GP_SOURCE_STATUS_UPDATED);

  /* NextPageLink to page 2, then $skip past both pages' items, then the empty page ends it. */
  g_assert_cmpuint (fixture->requests, ==, 3);
  g_assert_cmpstr (fixture->last_skip, ==, "10");

  /* Figures from both pages: on-demand and spot from page 1, reservations from page 2. */
  a100 = gp_catalog_find_instance (fixture->catalog, "azure-ml/Standard_NC24ads_A100_v4");
  eastus = gp_instance_find_offer (a100, "eastus");
  g_assert_cmpint (gp_instance_get_layer (a100), ==, GP_CATALOG_LAYER_REFRESHED);
  g_assert_cmpfloat_with_epsilon (gp_offer_get_on_demand (eastus), 3.673, 1e-9);
  g_assert_cmpfloat_with_epsilon (gp_offer_get_reserved_1y (eastus), 19286.0 / 8760, 1e-9);
  g_assert_cmpfloat_with_epsilon (gp_offer_get_reserved_3y (eastus), 37020.0 / 26280, 1e-9);
  g_assert_cmpuint (result->offers, ==, 2);

  /* Bytes are counted across the pages. */
  g_assert_cmpuint (progress_bytes, >=, strlen (page1) + strlen (page2));
}

static void
test_azure_broken_page (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr(GpRefreshReport) report = NULL;

  establish (fixture);

  /* A second page that does not parse fails the whole answer: half an answer is not used. */
  report = refresh_azure (fixture, "/azure-broken", NULL);
  assert_failed_and_intact (fixture, report, "page 2");
  g_assert_cmpint (gp_instance_get_layer (gp_catalog_find_instance (
                       fixture->catalog, "azure-ml/Standard_NC24ads_A100_v4")),
                   ==, GP_CATALOG_LAYER_BUNDLED);
}

static void
import_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  Outcome *outcome = user_data;

  gp_catalog_updater_import_finish (GP_CATALOG_UPDATER (object), result, &outcome->error);
  outcome->done = TRUE;
}

static gboolean
import_file (Fixture     *fixture,
             GpCatalogUpdater *updater,
             const char  *path,
             GError     **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  Outcome outcome = { NULL };

  gp_catalog_updater_import_async (updater, fixture->catalog, file, NULL, import_cb, &outcome);
  while (!outcome.done)
    g_main_context_iteration (NULL, TRUE);

  if (outcome.error != NULL)
    {
      g_propagate_error (error, outcome.error);
      return FALSE;
    }
  return TRUE;
}

static void
test_import_local (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(GpCatalogUpdater) updater = new_updater (fixture);
  g_autofree char *csv = g_test_build_filename (G_TEST_DIST, "fixtures", "skypilot",
                                                "aws_v8_extract.csv", NULL);
  g_autofree char *azure = g_test_build_filename (G_TEST_DIST, "fixtures", "azure", "page1.json",
                                                  NULL);
  g_autofree char *bad = g_test_build_filename (G_TEST_DIST, "fixtures", "bad-catalog.json", NULL);
  g_autofree char *url = g_strconcat (fixture->base, "/newer.json", NULL);
  g_autoptr(GError) error = NULL;
  Outcome outcome = { NULL };
  GpInstance *p4d;

  /* A vms.csv on disk becomes part of the refreshed layer. */
  g_assert_true (import_file (fixture, updater, csv, &error));
  g_assert_no_error (error);
  p4d = gp_catalog_find_instance (fixture->catalog, "aws-ec2/p4d.24xlarge");
  g_assert_cmpint (gp_instance_get_layer (p4d), ==, GP_CATALOG_LAYER_REFRESHED);
  g_assert_nonnull (gp_instance_find_offer (p4d, "eu-west-1"));

  /* So does a saved page of the Azure Retail Prices API, told from a catalog by its shape. */
  g_assert_true (import_file (fixture, updater, azure, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat_with_epsilon (gp_offer_get_spot_min (gp_instance_find_offer (
                                    gp_catalog_find_instance (fixture->catalog,
                                                              "azure-ml/Standard_NC24ads_A100_v4"),
                                    "eastus")),
                                  0.444433, 1e-9);

  /* A bad file is refused and changes nothing. */
  g_assert_false (import_file (fixture, updater, bad, &error));
  g_assert_error (error, GP_CATALOG_ERROR, GP_CATALOG_ERROR_WRONG_TYPE);
  g_clear_error (&error);
  g_assert_nonnull (gp_instance_find_offer (gp_catalog_find_instance (fixture->catalog,
                                                                      "aws-ec2/p4d.24xlarge"),
                                            "eu-west-1"));

  /* Neither is a device, and the message names it (it once said only "not a regular file"). */
  g_assert_false (import_file (fixture, updater, "/dev/zero", &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE);
  g_assert_true (g_str_has_prefix (error->message, "zero: "));
  g_clear_error (&error);

  /* A refresh of another source keeps what was imported. */
  gp_catalog_updater_add_source (updater, "lab", url, GP_FEED_FORMAT_CATALOG);
  gp_catalog_updater_refresh_async (updater, fixture->catalog, NULL, NULL, refresh_cb, &outcome);
  while (!outcome.done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (only_result (outcome.report)->status, ==, GP_SOURCE_STATUS_UPDATED);
  g_assert_cmpfloat (a10_price (fixture), ==, 0.99);
  g_assert_nonnull (gp_instance_find_offer (gp_catalog_find_instance (fixture->catalog,
                                                                      "aws-ec2/p4d.24xlarge"),
                                            "eu-west-1"));
  gp_refresh_report_free (outcome.report);
}

/* A refresh killed half-way leaves temporary files, as large as a download; the next start
 * removes them, and nothing else of the cache. */
static void
test_stale_temporaries (Fixture       *fixture,
                        gconstpointer  data)
{
  static const char *const left[] = {
    ".catalog.json.gp-Q1W2E3",     ".refresh-state.json.gp-A1B2C3",      ".goutputstream-XYZ123",
    "sources/.aws.json.gp-ZZ9ZZ9", "sources/.import-lab.json.gp-K3X9QZ", NULL
  };
  /* Only the write helper's exact names: a file of six letters after the name is not one. */
  static const char *const kept[] = { "catalog.json",
                                      "sources/aws.json",
                                      "sources/import-lab.json",
                                      "notes.txt",
                                      "catalog.json.backup",
                                      "sources/aws.json.before",
                                      NULL };
  g_autofree char *sources = g_build_filename (fixture->cache_path, "sources", NULL);

  g_mkdir_with_parents (sources, 0700);
  for (guint i = 0; left[i] != NULL; i++)
    {
      g_autofree char *path = g_build_filename (fixture->cache_path, left[i], NULL);
      g_assert_true (g_file_set_contents (path, "partial", -1, NULL));
    }
  for (guint i = 0; kept[i] != NULL; i++)
    {
      g_autofree char *path = g_build_filename (fixture->cache_path, kept[i], NULL);
      g_assert_true (g_file_set_contents (path, "{}", -1, NULL));
    }

  g_assert_cmpuint (gp_catalog_updater_remove_stale_temporaries (fixture->cache), ==, 5);
  for (guint i = 0; left[i] != NULL; i++)
    {
      g_autofree char *path = g_build_filename (fixture->cache_path, left[i], NULL);
      g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
    }
  for (guint i = 0; kept[i] != NULL; i++)
    {
      g_autofree char *path = g_build_filename (fixture->cache_path, kept[i], NULL);
      g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/updater/success", Fixture, NULL, fixture_set_up, test_success, fixture_tear_down);
  g_test_add ("/updater/stale-temporaries", Fixture, NULL, fixture_set_up, test_stale_temporaries,
              fixture_tear_down);
  g_test_add ("/updater/retry-after-date", Fixture, NULL, fixture_set_up, test_retry_after_date,
              fixture_tear_down);
  g_test_add ("/updater/history-not-kept-said", Fixture, NULL, fixture_set_up,
              test_history_not_kept_said, fixture_tear_down);
  g_test_add ("/updater/not-modified", Fixture, NULL, fixture_set_up, test_not_modified,
              fixture_tear_down);
  g_test_add ("/updater/too-many-requests", Fixture, NULL, fixture_set_up, test_too_many_requests,
              fixture_tear_down);
  g_test_add ("/updater/full-disk-source", Fixture, NULL, fixture_set_up, test_full_disk_source,
              fixture_tear_down);
  g_test_add ("/updater/full-disk-layer", Fixture, NULL, fixture_set_up, test_full_disk_layer,
              fixture_tear_down);
  g_test_add ("/updater/truncated", Fixture, NULL, fixture_set_up, test_truncated,
              fixture_tear_down);
  g_test_add ("/updater/redirect-home", Fixture, NULL, fixture_set_up, test_redirect_home,
              fixture_tear_down);
  g_test_add ("/updater/cancelled", Fixture, NULL, fixture_set_up, test_cancelled,
              fixture_tear_down);
  g_test_add ("/updater/skypilot-source", Fixture, NULL, fixture_set_up, test_skypilot_source,
              fixture_tear_down);
  g_test_add_func ("/updater/biggest-changes", test_biggest_changes);
  g_test_add ("/updater/lambda-api", Fixture, NULL, fixture_set_up, test_lambda_api,
              fixture_tear_down);
  g_test_add ("/updater/refresh-due", Fixture, NULL, fixture_set_up, test_refresh_due,
              fixture_tear_down);
  g_test_add ("/updater/neocloud-sources", Fixture, NULL, fixture_set_up, test_neocloud_sources,
              fixture_tear_down);
  g_test_add ("/updater/skypilot-versions", Fixture, NULL, fixture_set_up, test_skypilot_versions,
              fixture_tear_down);
  g_test_add ("/updater/source-dates", Fixture, NULL, fixture_set_up, test_source_dates,
              fixture_tear_down);
  g_test_add ("/updater/azure-pages", Fixture, NULL, fixture_set_up, test_azure_pages,
              fixture_tear_down);
  g_test_add ("/updater/azure-broken-page", Fixture, NULL, fixture_set_up, test_azure_broken_page,
              fixture_tear_down);
  g_test_add ("/updater/import-local", Fixture, NULL, fixture_set_up, test_import_local,
              fixture_tear_down);
  for (guint i = 0; i < G_N_ELEMENTS (fail_cases); i++)
    {
      g_autofree char *name = g_path_get_basename (fail_cases[i].path);
      g_autofree char *test_path = g_strdup_printf ("/updater/fails/%s", name);

      g_test_add (test_path, Fixture, &fail_cases[i], fixture_set_up, test_failure,
                  fixture_tear_down);
    }
  g_test_add ("/updater/failure-in-chinese", Fixture, NULL, fixture_set_up, test_failure_in_chinese,
              fixture_tear_down);

  return g_test_run ();
}
