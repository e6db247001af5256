/* test-window-refresh.c — the main window refreshing (from a server on 127.0.0.1) and importing
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include <libsoup/soup.h>

#include "gp-assistant-page.h"
#include "gp-breakeven.h"
#include "gp-cost-model.h"
#include "gp-chart-view.h"
#include "gp-compare-page.h"
#include "gp-currency.h"
#include "gp-instances-page.h"
#include "gp-offer-details.h"
#include "gp-lab-machine-dialog.h"
#include "gp-launch-view.h"
#include "gp-launch-window.h"
#include "gp-catalog-updater.h"
#include "gp-estimate-page.h"
#include "gp-export-dialog.h"
#include "gp-preferences-window.h"
#include "gp-presentation-window.h"
#include "gp-test-slides.h"
#include "gp-test-ui.h"
#include "gp-test-window.h"
#include "gp-ui-widgets.h"
#include "gp-window.h"

static void
serve (SoupServer        *server,
       SoupServerMessage *msg,
       const char        *path,
       GHashTable        *query,
       gpointer           user_data)
{
  static const char body[] = "{\"schema_version\":1,\"sources\":[{\"id\":\"q\",\"title\":\"Quote\","
                             "\"as_of\":\"2026-11\"}],"
                             "\"instances\":[{\"id\":\"lambda/"
                             "gpu_8x_v100\",\"provider\":\"lambda\",\"name\":\"gpu_8x_v100\","
                             "\"gpu\":\"v100-sxm2-16gb\",\"gpu_count\":8,\"source\":\"q\","
                             "\"prices\":[{\"region\":\"us-east-1\",\"on_demand\":4.0}]}]}";
  GSList **paused = user_data;

  if (g_str_equal (path, "/catalog.json"))
    {
      soup_server_message_set_status (msg, 200, NULL);
      soup_server_message_set_response (msg, "application/json", SOUP_MEMORY_STATIC, body,
                                        strlen (body));
    }
  else if (g_str_equal (path, "/slow.json"))
    {
      soup_server_message_pause (msg);
      *paused = g_slist_prepend (*paused, g_object_ref (msg));
    }
  else
    soup_server_message_set_status (msg, 404, NULL);
}

typedef struct
{
  SoupServer *server;
  char *base;
  GSList *paused;
  char *cache;
} Server;

static void
server_start (Server *server)
{
  GSList *uris;

  server->server = soup_server_new (NULL, NULL);
  soup_server_add_handler (server->server, NULL, serve, &server->paused, NULL);
  g_assert_true (soup_server_listen_local (server->server, 0, SOUP_SERVER_LISTEN_IPV4_ONLY, NULL));
  uris = soup_server_get_uris (server->server);
  server->base = g_strdup_printf ("http://127.0.0.1:%d", g_uri_get_port (uris->data));
  g_slist_free_full (uris, (GDestroyNotify) g_uri_unref);
  server->cache = g_dir_make_tmp ("gp-test-window-cache-XXXXXX", NULL);
}

static void
server_stop (Server *server)
{
  g_autofree char *command = g_strdup_printf ("rm -rf '%s'", server->cache);

  for (GSList *l = server->paused; l != NULL; l = l->next)
    soup_server_message_unpause (l->data);
  g_slist_free_full (server->paused, g_object_unref);
  g_clear_object (&server->server);
  g_free (server->base);
  g_spawn_command_line_sync (command, NULL, NULL, NULL, NULL);
  g_free (server->cache);
}

static GpWindow *
new_refresh_window (Server     *server,
                    const char *path,
                    GpCatalog  *catalog)
{
  g_autoptr(GFile) cache = g_file_new_for_path (server->cache);
  g_autoptr(GpCatalogUpdater) updater = gp_catalog_updater_new (cache);
  g_autofree char *url = g_strconcat (server->base, path, NULL);
  GpWindow *window;

  gp_catalog_updater_add_source (updater, "lab", url, GP_FEED_FORMAT_CATALOG);
  window = g_object_new (GP_TYPE_WINDOW, "application", gp_test_ui_application (), "settings",
                         gp_application_get_settings (gp_test_ui_application ()), "catalog",
                         catalog, "updater", updater, NULL);
  gtk_window_present (GTK_WINDOW (window));
  gp_test_ui_wait_for_draw (GTK_WIDGET (window));
  gp_test_ui_wait_for_draw (GTK_WIDGET (window));
  return window;
}

static gboolean
is_unset (gpointer pointer_location)
{
  return *(gpointer *) pointer_location == NULL;
}

static GtkRevealer *
refresh_bar (GpWindow *window)
{
  return GTK_REVEALER (gp_test_ui_find_by_name (GTK_WIDGET (window), "refresh_revealer"));
}

static gboolean
refresh_bar_is_gone (gpointer window)
{
  return !gtk_revealer_get_reveal_child (refresh_bar (window));
}

/* Waits for the bar to go, not for a frame: under the sanitizers a frame can take longer than
 * the summary toast stays. */
static void
wait_for_refresh (GpWindow *window)
{
  gp_test_ui_wait_until (refresh_bar_is_gone, window, "the refresh bar to go");
}

static void
test_window_refresh (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_auto(GStrv) accels = NULL;
  g_autofree char *text = NULL;
  Server server = { NULL };
  GpWindow *window;

  accels = gtk_application_get_accels_for_action (GTK_APPLICATION (gp_test_ui_application ()),
                                                  "win.refresh");
  g_assert_cmpstr (accels[0], ==, "<Control>r");

  gp_test_window_reset_settings ();
  server_start (&server);
  window = new_refresh_window (&server, "/catalog.json", catalog);
  g_assert_false (gtk_widget_activate_action (GTK_WIDGET (window), "win.cancel-refresh", NULL) &&
                  gtk_revealer_get_reveal_child (refresh_bar (window)));
  /* The bar is built when the first refresh starts, not at every start. */
  g_assert_null (gtk_revealer_get_child (refresh_bar (window)));

  /* The bar shows what is being fetched; then a toast says what changed, and the Compare
   * page shows the new price: eight V100s at $4.00 are $0.50 a GPU-hour, Lambda's cheapest. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.refresh", NULL));
  g_assert_true (gtk_revealer_get_reveal_child (refresh_bar (window)));
  {
    g_autofree char *bar_text = gp_test_ui_collect_text (GTK_WIDGET (refresh_bar (window)));

    gp_test_ui_assert_contains (bar_text, "Fetching prices");
    gp_test_ui_assert_contains (bar_text, "Cancel");
  }
  wait_for_refresh (window);

  text = gp_test_ui_collect_text (GTK_WIDGET (window));
  g_assert_nonnull (strstr (
      text, "Prices refreshed: 1 offer changed (Lambda gpu_8x_v100 on demand −37 % in us-east-1 "
            "since 2025-09-12 (6.32 → 4))"));
  g_assert_nonnull (strstr (text, "Cheapest GPU on demand ($/GPU-h)\n"));
  g_assert_nonnull (strstr (text, "\n0.500\n"));
  g_assert_cmpint (gp_instance_get_layer (gp_catalog_find_instance (catalog, "lambda/gpu_8x_v100")),
                   ==, GP_CATALOG_LAYER_REFRESHED);

  gtk_window_destroy (GTK_WINDOW (window));
  server_stop (&server);
}

static void
test_window_import (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GListStore) files = g_list_store_new (G_TYPE_FILE);
  g_autoptr(GListStore) bad = g_list_store_new (G_TYPE_FILE);
  g_autofree char *csv =
      g_test_build_filename (G_TEST_DIST, "fixtures", "skypilot", "lambda_v8_sample.csv", NULL);
  g_autofree char *broken =
      g_test_build_filename (G_TEST_DIST, "fixtures", "bad-catalog.json", NULL);
  g_autoptr(GFile) csv_file = g_file_new_for_path (csv);
  g_autoptr(GFile) broken_file = g_file_new_for_path (broken);
  Server server = { NULL };
  GpWindow *window;

  gp_test_window_reset_settings ();
  server_start (&server);
  window = new_refresh_window (&server, "/catalog.json", catalog);

  /* What the file chooser would hand over: a vms.csv, then a broken catalog. */
  g_list_store_append (files, csv_file);
  gp_window_import_files (window, G_LIST_MODEL (files));
  gp_test_window_wait_for_text (window, "Imported: the prices are part of the catalog now");
  g_assert_cmpint (
      gp_instance_get_layer (gp_catalog_find_instance (catalog, "lambda/gpu_1x_h100_pcie")), ==,
      GP_CATALOG_LAYER_REFRESHED);

  g_list_store_append (bad, broken_file);
  gp_window_import_files (window, G_LIST_MODEL (bad));
  gp_test_window_wait_for_text (window,
                                "Could not import bad-catalog.json: instances[0].prices[0].spot");

  gtk_window_destroy (GTK_WINDOW (window));
  server_stop (&server);
}

static void
test_window_refresh_at_start (void)
{
  g_autoptr(GSettings) settings = g_settings_new (BASE_APP_ID);
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GpCatalog) again = gp_catalog_new_bundled ();
  Server server = { NULL };
  GpWindow *window;

  /* Off by default: nothing is fetched unless the user asks. */
  gp_test_window_reset_settings ();
  g_assert_false (g_settings_get_boolean (settings, "refresh-at-start"));

  g_settings_set_boolean (settings, "refresh-at-start", TRUE);
  server_start (&server);
  window = new_refresh_window (&server, "/catalog.json", catalog);
  wait_for_refresh (window);
  g_assert_cmpint (gp_instance_get_layer (gp_catalog_find_instance (catalog, "lambda/gpu_8x_v100")),
                   ==, GP_CATALOG_LAYER_REFRESHED);
  gtk_window_destroy (GTK_WINDOW (window));

  /* Within a day of the last refresh, the next start does not fetch again. */
  window = new_refresh_window (&server, "/catalog.json", again);
  g_assert_false (gtk_revealer_get_reveal_child (refresh_bar (window)));
  g_assert_cmpint (gp_instance_get_layer (gp_catalog_find_instance (again, "lambda/gpu_8x_v100")),
                   ==, GP_CATALOG_LAYER_BUNDLED);
  gtk_window_destroy (GTK_WINDOW (window));

  g_settings_reset (settings, "refresh-at-start");
  server_stop (&server);
}

/* Issue 46, 4: a weekly refresh in the background, off until the user turns it on in
 * Preferences; the switch is there, and a week is counted from the last refresh. */
static void
test_window_refresh_weekly (void)
{
  g_autoptr(GSettings) settings = g_settings_new (BASE_APP_ID);
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GpCatalog) again = gp_catalog_new_bundled ();
  Server server = { NULL };
  GpWindow *window;

  gp_test_window_reset_settings ();
  g_assert_false (g_settings_get_boolean (settings, "refresh-weekly"));

  g_settings_set_boolean (settings, "refresh-weekly", TRUE);
  server_start (&server);
  window = new_refresh_window (&server, "/catalog.json", catalog);
  wait_for_refresh (window);
  g_assert_cmpint (gp_instance_get_layer (gp_catalog_find_instance (catalog, "lambda/gpu_8x_v100")),
                   ==, GP_CATALOG_LAYER_REFRESHED);
  gtk_window_destroy (GTK_WINDOW (window));

  /* Within the week, a new window does not fetch again. */
  window = new_refresh_window (&server, "/catalog.json", again);
  g_assert_false (gtk_revealer_get_reveal_child (refresh_bar (window)));
  g_assert_cmpint (gp_instance_get_layer (gp_catalog_find_instance (again, "lambda/gpu_8x_v100")),
                   ==, GP_CATALOG_LAYER_BUNDLED);
  gtk_window_destroy (GTK_WINDOW (window));

  g_settings_reset (settings, "refresh-weekly");
  server_stop (&server);
}

static void
test_window_refresh_fails (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autofree char *text = NULL;
  Server server = { NULL };
  GpWindow *window;

  gp_test_window_reset_settings ();
  server_start (&server);
  window = new_refresh_window (&server, "/gone.json", catalog);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.refresh", NULL);
  wait_for_refresh (window);

  /* One clear message naming the source and why; the prices stay as they were. */
  text = gp_test_ui_collect_text (GTK_WIDGET (window));
  g_assert_nonnull (strstr (text, "Could not refresh lab: HTTP 404 Not Found"));
  g_assert_null (strstr (text, "Prices refreshed"));
  g_assert_cmpint (gp_instance_get_layer (gp_catalog_find_instance (catalog, "lambda/gpu_8x_v100")),
                   ==, GP_CATALOG_LAYER_BUNDLED);

  gtk_window_destroy (GTK_WINDOW (window));
  server_stop (&server);
}

/* The addresses of Preferences › Data are the refresh's: the source's own is down, the mirror
 * typed first answers. */
static void
test_window_refresh_mirror (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GSettings) settings = g_settings_new (BASE_APP_ID);
  GpSettings *app_settings = gp_application_get_settings (gp_test_ui_application ());
  g_autofree char *mirror = NULL;
  g_autofree char *text = NULL;
  Server server = { NULL };
  GpWindow *window;

  gp_test_window_reset_settings ();
  server_start (&server);
  window = new_refresh_window (&server, "/gone.json", catalog);
  mirror = g_strconcat (server.base, "/catalog.json", NULL);
  gp_settings_set_source_urls (app_settings, "lab", (const char *[]){ mirror, NULL });
  gtk_widget_activate_action (GTK_WIDGET (window), "win.refresh", NULL);
  wait_for_refresh (window);

  text = gp_test_ui_collect_text (GTK_WIDGET (window));
  g_assert_nonnull (strstr (text, "Prices refreshed: 1 offer changed"));
  g_assert_cmpint (gp_instance_get_layer (gp_catalog_find_instance (catalog, "lambda/gpu_8x_v100")),
                   ==, GP_CATALOG_LAYER_REFRESHED);

  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "source-urls");
  server_stop (&server);
}

static void
test_window_refresh_cancel (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autofree char *text = NULL;
  Server server = { NULL };
  GpWindow *window;

  gp_test_window_reset_settings ();
  server_start (&server);
  window = new_refresh_window (&server, "/slow.json", catalog);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.refresh", NULL);
  /* A second request while one runs does nothing. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.refresh", NULL);
  gp_test_ui_wait_until (gp_test_ui_is_set, &server.paused, "the request to reach the server");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.cancel-refresh", NULL));
  wait_for_refresh (window);
  text = gp_test_ui_collect_text (GTK_WIDGET (window));
  g_assert_nonnull (strstr (text, "Refresh cancelled: the prices are as they were"));
  g_assert_cmpuint (g_slist_length (server.paused), ==, 1);

  gtk_window_destroy (GTK_WINDOW (window));
  server_stop (&server);
}

/* Closing the window stops a refresh in flight: the window's cancellable was connected to
 * g_cancellable_cancel() with the refresh's as data, which GLib calls with the window's own
 * first, so the refresh ran on to its timeout holding the closed window. */
static void
test_window_close_stops_refresh (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  Server server = { NULL };
  GpWindow *window;
  GpCatalogUpdater *updater;

  gp_test_window_reset_settings ();
  server_start (&server);
  window = new_refresh_window (&server, "/slow.json", catalog);
  g_object_get (window, "updater", &updater, NULL);
  /* Longer than the test waits: only a cancellation can end the request in time. */
  gp_catalog_updater_set_timeout (updater, 3600);
  gp_catalog_updater_set_deadline (updater, 3600);
  g_object_unref (updater);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.refresh", NULL);
  gp_test_ui_wait_until (gp_test_ui_is_set, &server.paused, "the request to reach the server");

  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  gtk_window_close (GTK_WINDOW (window));
  gp_test_ui_wait_until (is_unset, &window, "the closed window's refresh to stop");
  server_stop (&server);
}

static void
refreshed_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  GpRefreshReport **report = user_data;

  *report = gp_catalog_updater_refresh_finish (GP_CATALOG_UPDATER (source), result, NULL);
  g_assert_nonnull (*report);
}

/* Every address a refresh of @updater's sources and of @more would fetch, pointed at @url:
 * nothing leaves this computer. */
static void
send_every_source_to (GSettings        *settings,
                      GpCatalogUpdater *updater,
                      const char       *more,
                      const char       *url)
{
  const char *const urls[] = { url, NULL };
  GVariantBuilder builder;

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{sas}"));
  for (const char *const *name = gp_catalog_updater_get_source_names (updater); *name; name++)
    g_variant_builder_add (&builder, "{s^as}", *name, urls);
  g_variant_builder_add (&builder, "{s^as}", more, urls);
  g_settings_set_value (settings, "source-urls", g_variant_builder_end (&builder));
}

/* The check at start whether a weekly refresh is due asks the keyring nothing (a locked one
 * would ask for its password at every start); a refresh does, and the window's updater then has
 * the sources of the user's keys. */
static void
test_window_refresh_asks_keys_when_refreshing (void)
{
  g_autoptr(GSettings) settings = g_settings_new (BASE_APP_ID);
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GpCatalogUpdater) updater = NULL;
  g_autofree char *gone = NULL;
  Server server = { NULL };
  GpWindow *window;

  gp_test_window_reset_settings ();
  server_start (&server);
  gone = g_strconcat (server.base, "/gone.json", NULL);

  /* A refresh today in the user's own cache, which a window's own updater reads. */
  {
    g_autoptr(GpCatalogUpdater) today = gp_catalog_updater_new (NULL);
    g_autoptr(GpCatalog) scratch = gp_catalog_new_bundled ();
    g_autofree char *url = g_strconcat (server.base, "/catalog.json", NULL);
    g_autoptr(GpRefreshReport) report = NULL;

    gp_catalog_updater_add_source (today, "lab", url, GP_FEED_FORMAT_CATALOG);
    gp_catalog_updater_refresh_async (today, scratch, NULL, NULL, refreshed_cb, &report);
    while (report == NULL)
      g_main_context_iteration (NULL, TRUE);
  }

  g_setenv ("GPU_PLANNER_LAMBDA_API_KEY", "a-test-key", TRUE);
  g_settings_set_boolean (settings, "refresh-weekly", TRUE);
  window = g_object_new (GP_TYPE_WINDOW, "application", gp_test_ui_application (), "settings",
                         gp_application_get_settings (gp_test_ui_application ()), "catalog",
                         catalog, NULL);
  gtk_window_present (GTK_WINDOW (window));
  gp_test_ui_wait_for_draw (GTK_WIDGET (window));
  gp_test_ui_wait_for_draw (GTK_WIDGET (window));

  /* The weekly check ran: not due, nothing fetched, no key asked for. */
  g_object_get (window, "updater", &updater, NULL);
  g_assert_nonnull (updater);
  g_assert_false (gtk_revealer_get_reveal_child (refresh_bar (window)));
  g_assert_false (g_strv_contains (gp_catalog_updater_get_source_names (updater), "lambda-api"));

  /* Refresh Prices asks for the keys; every source answers from the local server. */
  send_every_source_to (settings, updater, "lambda-api", gone);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.refresh", NULL));
  g_assert_true (g_strv_contains (gp_catalog_updater_get_source_names (updater), "lambda-api"));
  wait_for_refresh (window);

  gtk_window_destroy (GTK_WINDOW (window));
  g_unsetenv ("GPU_PLANNER_LAMBDA_API_KEY");
  g_settings_reset (settings, "refresh-weekly");
  g_settings_reset (settings, "source-urls");
  server_stop (&server);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = gp_test_window_init (&argc, &argv);

  g_test_add_func ("/window/refresh", test_window_refresh);
  g_test_add_func ("/window/refresh-fails", test_window_refresh_fails);
  g_test_add_func ("/window/refresh-mirror", test_window_refresh_mirror);
  g_test_add_func ("/window/refresh-cancel", test_window_refresh_cancel);
  g_test_add_func ("/window/close-stops-refresh", test_window_close_stops_refresh);
  g_test_add_func ("/window/refresh-at-start", test_window_refresh_at_start);
  g_test_add_func ("/window/refresh-weekly", test_window_refresh_weekly);
  g_test_add_func ("/window/import", test_window_import);
  g_test_add_func ("/window/refresh-asks-keys-when-refreshing",
                   test_window_refresh_asks_keys_when_refreshing);

  return gp_test_window_run (home);
}
