/* gp-http-fetch.c — downloads under the refresh's rules, as the update layer makes them
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The rules themselves are applied in the update module, with libsoup (gp-http-soup.c); this
 * is the layer's side of it: the address policy, which needs no network, and the calls, which
 * load the module the first time.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "gp-http-fetch.h"
#include "gp-update-backend.h"
#include "gp-update-error.h"

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

/* Prices are fetched over HTTPS only; plain HTTP is allowed to this computer alone, where the
 * tests run their server: to a loopback address, as parsed, never to a name. */
gboolean
gp_update_check_url (const char  *url,
                     GError     **error)
{
  g_autoptr(GUri) uri = g_uri_parse (url, G_URI_FLAGS_NONE, NULL);
  const char *scheme = uri != NULL ? g_uri_get_scheme (uri) : NULL;

  if (uri == NULL || g_uri_get_host (uri) == NULL)
    {
      g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_INSECURE, _("not a web address: %s"),
                   url);
      return FALSE;
    }

  if (g_ascii_strcasecmp (scheme, "https") == 0 ||
      (g_ascii_strcasecmp (scheme, "http") == 0 && is_loopback (g_uri_get_host (uri))))
    return TRUE;

  g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_INSECURE,
               _("refused %s: prices are fetched over HTTPS only"), url);
  return FALSE;
}

void
gp_http_response_free (GpHttpResponse *response)
{
  g_clear_pointer (&response->pages, g_ptr_array_unref);
  g_free (response->etag);
  g_free (response->last_modified);
  g_free (response);
}

/* A session with the app's user agent, whose requests give up after @timeout_s seconds of
 * silence. */
GpHttpSession *
gp_http_session_new (guint timeout_s)
{
  return gp_update_backend_get ()->session_new (gp_update_user_agent (), timeout_s);
}

void
gp_http_session_set_timeout (GpHttpSession *session,
                             guint          seconds)
{
  gp_update_backend_get ()->session_set_timeout (session, seconds);
}

void
gp_http_session_unref (GpHttpSession *session)
{
  g_object_unref (session);
}

/* The body at @url as a stream, read on the calling thread (a worker's); @what names the file
 * in errors. */
GInputStream *
gp_http_open (GpHttpSession  *session,
              const char     *url,
              const char     *what,
              GCancellable   *cancellable,
              GError        **error)
{
  return gp_update_backend_get ()->open (session, url, what, cancellable, error);
}

/* An HTTP date ("Sun, 06 Nov 1994 08:49:37 GMT"), or NULL. */
GDateTime *
gp_http_date_parse (const char *date)
{
  return gp_update_backend_get ()->date_parse (date);
}

void
gp_http_fetch_async (GpHttpSession            *session,
                     const char               *url,
                     const GpHttpFetchOptions *options,
                     GCancellable             *cancellable,
                     GAsyncReadyCallback       callback,
                     gpointer                  user_data)
{
  gp_update_backend_get ()->fetch_async (session, url, options, cancellable, callback, user_data);
}

GpHttpResponse *
gp_http_fetch_finish (GAsyncResult  *result,
                      GError       **error)
{
  return gp_update_backend_get ()->fetch_finish (result, error);
}
