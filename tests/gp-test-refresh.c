/* gp-test-refresh.c — what the refresh tests share: a local server, fixture files, a refresh
 * run to its end
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "gp-test-refresh.h"

/* A server on 127.0.0.1 answering every path with @handler; returns its base address. */
char *
gp_test_serve (SoupServer         **server,
               SoupServerCallback   handler,
               gpointer             user_data)
{
  g_autoptr(GError) error = NULL;
  GSList *uris;
  char *base;

  *server = soup_server_new (NULL, NULL);
  soup_server_add_handler (*server, NULL, handler, user_data, NULL);
  g_assert_true (soup_server_listen_local (*server, 0, SOUP_SERVER_LISTEN_IPV4_ONLY, &error));
  g_assert_no_error (error);
  uris = soup_server_get_uris (*server);
  base = g_strdup_printf ("http://127.0.0.1:%d", g_uri_get_port (uris->data));
  g_slist_free_full (uris, (GDestroyNotify) g_uri_unref);
  return base;
}

void
gp_test_respond (SoupServerMessage *msg,
                 guint              status,
                 const char        *body)
{
  soup_server_message_set_status (msg, status, NULL);
  if (body != NULL)
    soup_server_message_set_response (msg, "application/json", SOUP_MEMORY_COPY, body,
                                      strlen (body));
}

/* The text of tests/fixtures/@folder/@name. */
char *
gp_test_fixture_text (const char *folder,
                      const char *name)
{
  g_autofree char *file = g_test_build_filename (G_TEST_DIST, "fixtures", folder, name, NULL);
  char *text = NULL;

  g_assert_true (g_file_get_contents (file, &text, NULL, NULL));
  return text;
}

/* tests/fixtures/@folder/@name, as bytes. */
GBytes *
gp_test_fixture_bytes (const char *folder,
                       const char *name)
{
  char *text = gp_test_fixture_text (folder, name);

  return g_bytes_new_take (text, strlen (text));
}

/* Adds tests/fixtures/@folder/@name to @catalog as a refreshed layer: a provider the fixture
 * catalog lacks. */
void
gp_test_add_fixture_layer (GpCatalog  *catalog,
                           const char *folder,
                           const char *name)
{
  g_autoptr(GBytes) layer = gp_test_fixture_bytes (folder, name);
  g_autoptr(GError) error = NULL;
  gboolean added = gp_catalog_add_layer (catalog, layer, name, GP_CATALOG_LAYER_REFRESHED, &error);

  g_assert_no_error (error);
  g_assert_true (added);
}

/* That @bytes are tests/fixtures/@folder/@name, byte for byte. */
void
gp_test_assert_fixture (GBytes     *bytes,
                        const char *folder,
                        const char *name)
{
  g_autofree char *expected = gp_test_fixture_text (folder, name);
  g_autofree char *text = NULL;
  const char *data;
  gsize length;

  g_assert_nonnull (bytes);
  data = g_bytes_get_data (bytes, &length);
  text = g_strndup (data, length);
  g_assert_cmpstr (text, ==, expected);
}

typedef struct
{
  GpRefreshReport *report;
  GError *error;
  gboolean done;
} Outcome;

static void
refreshed_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  Outcome *outcome = user_data;

  outcome->report =
      gp_catalog_updater_refresh_finish (GP_CATALOG_UPDATER (object), result, &outcome->error);
  outcome->done = TRUE;
}

/* Refreshes @catalog from @updater's sources (only those of @only, when given), the main loop
 * running meanwhile; the report, or NULL with @error set. */
GpRefreshReport *
gp_test_refresh (GpCatalogUpdater   *updater,
                 GpCatalog          *catalog,
                 const char * const *only,
                 GCancellable       *cancellable,
                 GError            **error)
{
  Outcome outcome = { NULL };

  gp_catalog_updater_refresh_async (updater, catalog, only, cancellable, refreshed_cb, &outcome);
  while (!outcome.done)
    g_main_context_iteration (NULL, TRUE);
  if (outcome.error != NULL)
    g_propagate_error (error, outcome.error);
  return outcome.report;
}

/* A folder of its own for a test's refresh cache, named after the test: its path, and @cache. */
char *
gp_test_cache_new (const char  *name,
                   GFile      **cache)
{
  g_autofree char *template = g_strdup_printf ("gp-test-%s-XXXXXX", name);
  char *path = g_dir_make_tmp (template, NULL);

  g_assert_nonnull (path);
  *cache = g_file_new_for_path (path);
  return path;
}

/* Removes the folder of gp_test_cache_new() and everything a refresh wrote in it; frees @path. */
void
gp_test_cache_remove (char *path)
{
  g_autofree char *command = g_strdup_printf ("rm -rf '%s'", path);

  g_spawn_command_line_sync (command, NULL, NULL, NULL, NULL);
  g_free (path);
}

/* Whether one of a source's notes says @text. */
gboolean
gp_test_has_note (GpSourceResult *result,
                  const char     *text)
{
  for (guint i = 0; result->notes != NULL && i < result->notes->len; i++)
    if (strstr (g_ptr_array_index (result->notes, i), text) != NULL)
      return TRUE;
  return FALSE;
}

/* A refresh of the provider layer the server at @base serves (provider-layer.json), then of
 * the source @name at @url, read as @format, into @catalog; @name's result, its message logged. */
GpSourceResult *
gp_test_refresh_provider (GFile            *cache,
                          const char       *base,
                          GpCatalog        *catalog,
                          const char       *name,
                          const char       *url,
                          GpFeedFormat      format,
                          GpRefreshReport **report)
{
  g_autoptr(GpCatalogUpdater) updater = gp_catalog_updater_new (cache);
  g_autofree char *layer = g_strconcat (base, "/provider-layer.json", NULL);
  g_autoptr(GError) error = NULL;
  GpSourceResult *result;

  gp_catalog_updater_add_source (updater, "catalog", layer, GP_FEED_FORMAT_CATALOG);
  gp_catalog_updater_add_source (updater, name, url, format);
  *report = gp_test_refresh (updater, catalog, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint ((*report)->sources->len, ==, 2);
  result = g_ptr_array_index ((*report)->sources, 1);
  g_assert_cmpstr (result->name, ==, name);
  g_test_message ("%s", result->message != NULL ? result->message : "");
  return result;
}

/* The offer of the instance @instance (a full id) in @region, or NULL. */
GpOffer *
gp_test_find_offer (GpCatalog  *catalog,
                    const char *instance,
                    const char *region)
{
  GpInstance *found = gp_catalog_find_instance (catalog, instance);

  return found != NULL ? gp_instance_find_offer (found, region) : NULL;
}

/* The on-demand price as the provider lists it, in its own currency. */
double
gp_test_listed_price (GpOffer *offer)
{
  g_assert_nonnull (offer);
  return gp_offer_get_listed_price (offer, GP_ESTIMATE_PRICING_ON_DEMAND);
}
