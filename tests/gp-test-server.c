/* gp-test-server.c — a local web server on a thread of its own, for tests that run the tool
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The test's thread waits on the tool it spawned, so the server answers from another thread,
 * on that thread's main context: each path added is served with its body, any other is 404.
 */

#include "config.h"

#include <libsoup/soup.h>
#include <string.h>

#include "gp-test-server.h"

typedef struct
{
  char *content_type;
  char *body;
} Page;

struct _GpTestServer
{
  GMainContext *context;
  GMainLoop *loop;
  SoupServer *server;
  GThread *thread;
  GHashTable *pages; /* path → Page, written before the tool asks */
  GMutex lock;
  GCond ready;
  guint16 port;
};

static void
page_free (gpointer data)
{
  Page *page = data;

  g_free (page->content_type);
  g_free (page->body);
  g_free (page);
}

static void
serve (SoupServer        *soup,
       SoupServerMessage *msg,
       const char        *path,
       GHashTable        *query,
       gpointer           user_data)
{
  GpTestServer *server = user_data;
  Page *page;

  g_mutex_lock (&server->lock);
  page = g_hash_table_lookup (server->pages, path);
  if (page == NULL)
    soup_server_message_set_status (msg, 404, NULL);
  else
    {
      soup_server_message_set_status (msg, 200, NULL);
      soup_server_message_set_response (msg, page->content_type, SOUP_MEMORY_COPY, page->body,
                                        strlen (page->body));
    }
  g_mutex_unlock (&server->lock);
}

static gpointer
server_thread (gpointer data)
{
  GpTestServer *server = data;
  GSList *uris;

  g_main_context_push_thread_default (server->context);
  server->server = soup_server_new (NULL, NULL);
  soup_server_add_handler (server->server, NULL, serve, server, NULL);
  g_assert_true (soup_server_listen_local (server->server, 0, SOUP_SERVER_LISTEN_IPV4_ONLY, NULL));
  uris = soup_server_get_uris (server->server);

  g_mutex_lock (&server->lock);
  server->port = g_uri_get_port (uris->data);
  g_cond_signal (&server->ready);
  g_mutex_unlock (&server->lock);
  g_slist_free_full (uris, (GDestroyNotify) g_uri_unref);

  g_main_loop_run (server->loop);
  g_clear_object (&server->server);
  g_main_context_pop_thread_default (server->context);
  return NULL;
}

/* Returns once the server listens. */
GpTestServer *
gp_test_server_new (void)
{
  GpTestServer *server = g_new0 (GpTestServer, 1);

  server->context = g_main_context_new ();
  server->loop = g_main_loop_new (server->context, FALSE);
  server->pages = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, page_free);
  g_mutex_init (&server->lock);
  g_cond_init (&server->ready);
  server->thread = g_thread_new ("server", server_thread, server);
  g_mutex_lock (&server->lock);
  while (server->port == 0)
    g_cond_wait (&server->ready, &server->lock);
  g_mutex_unlock (&server->lock);
  return server;
}

void
gp_test_server_add (GpTestServer *server,
                    const char   *path,
                    const char   *content_type,
                    const char   *body)
{
  Page *page = g_new0 (Page, 1);

  page->content_type = g_strdup (content_type);
  page->body = g_strdup (body);
  g_mutex_lock (&server->lock);
  g_hash_table_replace (server->pages, g_strdup (path), page);
  g_mutex_unlock (&server->lock);
}

char *
gp_test_server_url (GpTestServer *server,
                    const char   *path)
{
  return g_strdup_printf ("http://127.0.0.1:%u%s", server->port, path);
}

static gboolean
quit_cb (gpointer data)
{
  g_main_loop_quit (data);
  return G_SOURCE_REMOVE;
}

void
gp_test_server_free (GpTestServer *server)
{
  g_main_context_invoke (server->context, quit_cb, server->loop);
  g_thread_join (server->thread);
  g_main_loop_unref (server->loop);
  g_main_context_unref (server->context);
  g_hash_table_unref (server->pages);
  g_mutex_clear (&server->lock);
  g_cond_clear (&server->ready);
  g_free (server);
}
