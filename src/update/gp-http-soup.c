/* gp-http-soup.c — downloads with libsoup, under the refresh's rules
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * HTTPS only (plain HTTP only to this computer, for tests); redirects followed by hand so that
 * each hop is checked too and stays on the first host; a conditional request when asked; a size
 * cap, counted as the bytes arrive and over all pages; a deadline for the whole download, however
 * slowly a server drips the bytes; a pause when the server answers 429. A paged answer (the Azure
 * Retail Prices API) is read page by page: the caller's GpHttpNextPage reads each one and says
 * where the next is, and the next page must be on the same host.
 *
 * Part of the update layer's module (gp-update-module.c): gp-http-fetch.c is what the rest of
 * the layer calls.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include <libsoup/soup.h>
#include <string.h>

#include "gp-http-fetch.h"
#include "gp-key-store.h"
#include "gp-update-error.h"
#include "gp-update-module.h"

#define MAX_REDIRECTS    5
#define MAX_RETRIES      3
#define MAX_RETRY_WAIT_S 30
#define CHUNK_SIZE       (64 * 1024)
#define MAX_PAGES        200

typedef struct
{
  SoupSession *session;
  GpHttpFetchOptions options;
  char *if_none_match; /* the options' strings, owned */
  char *authorization; /* a secret: overwritten when freed */
  char *if_modified_since;
  char *origin; /* the address asked for */
  char *url;    /* the address being fetched: a redirect's, a page's */

  SoupMessage *message;
  GInputStream *stream;
  GByteArray *body;
  GPtrArray *pages;   /* GBytes */
  guint64 page_bytes; /* of the pages before this one */
  goffset expected;
  guint redirects;
  guint retries;
  guint retry_source;
  gboolean conditional;  /* the request asked "only if changed" */
  GCancellable *request; /* cancels the requests: the caller's, or the deadline */
  gulong request_link;
  guint deadline_source;
  gboolean timed_out;
} Fetch;

static void send_request (GTask *task);

static void
fetch_free (gpointer data)
{
  Fetch *fetch = data;

  g_clear_handle_id (&fetch->retry_source, g_source_remove);
  g_clear_handle_id (&fetch->deadline_source, g_source_remove);
  g_clear_object (&fetch->request);
  g_clear_object (&fetch->session);
  g_clear_object (&fetch->message);
  g_clear_object (&fetch->stream);
  g_clear_pointer (&fetch->body, g_byte_array_unref);
  g_clear_pointer (&fetch->pages, g_ptr_array_unref);
  g_free (fetch->if_none_match);
  gp_key_free (fetch->authorization);
  g_free (fetch->if_modified_since);
  g_free (fetch->origin);
  g_free (fetch->url);
  g_free (fetch);
}

/* The policy for addresses */

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

  const char *host = uri != NULL ? g_uri_get_host (uri) : NULL;

  /* A file: or data: address has no host, or an empty one: then the address says where. */
  return g_strdup (host != NULL && *host != '\0' ? host : url);
}

/* Ending */

static void
end_requests (Fetch  *fetch,
              GTask  *task)
{
  g_clear_handle_id (&fetch->deadline_source, g_source_remove);
  if (fetch->request_link != 0)
    g_cancellable_disconnect (g_task_get_cancellable (task), fetch->request_link);
  fetch->request_link = 0;
}

static void
fail (GTask  *task,
      GError *error)
{
  Fetch *fetch = g_task_get_task_data (task);

  /* The download's own deadline, not the caller's cancellable. */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) && fetch->timed_out &&
      !g_cancellable_is_cancelled (g_task_get_cancellable (task)))
    {
      g_error_free (error);
      error = g_error_new (GP_UPDATE_ERROR, GP_UPDATE_ERROR_TIMEOUT,
                           "took more than %u s, the most a download may take",
                           fetch->options.deadline_s);
    }

  end_requests (fetch, task);
  g_task_return_error (task, error);
  g_object_unref (task);
}

static void
succeed (GTask    *task,
         gboolean  not_modified)
{
  Fetch *fetch = g_task_get_task_data (task);
  SoupMessageHeaders *headers = soup_message_get_response_headers (fetch->message);
  GpHttpResponse *response = g_new0 (GpHttpResponse, 1);

  end_requests (fetch, task);
  response->pages = g_steal_pointer (&fetch->pages);
  if (response->pages == NULL)
    response->pages = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  response->size = fetch->page_bytes;
  response->not_modified = not_modified;
  response->etag = g_strdup (soup_message_headers_get_one (headers, "ETag"));
  response->last_modified = g_strdup (soup_message_headers_get_one (headers, "Last-Modified"));
  g_task_return_pointer (task, response, (GDestroyNotify) gp_http_response_free);
  g_object_unref (task);
}

/* The requests' cancellable: cancelled with the caller's, or alone when the deadline passes. */
static void
cancel_request_cb (GCancellable *outer,
                   GCancellable *request)
{
  g_cancellable_cancel (request);
}

static gboolean
deadline_cb (gpointer user_data)
{
  GTask *task = user_data;
  Fetch *fetch = g_task_get_task_data (task);

  fetch->deadline_source = 0;
  fetch->timed_out = TRUE;
  g_cancellable_cancel (fetch->request);
  return G_SOURCE_REMOVE;
}

/* Whether @url is on the first address's host; if not, the fetch fails, naming @what went
 * elsewhere: "a redirect to", "a next page on". */
static gboolean
stays_on_origin (GTask      *task,
                 const char *url,
                 const char *what)
{
  Fetch *fetch = g_task_get_task_data (task);
  g_autofree char *host = NULL;

  if (same_host (url, fetch->origin))
    return TRUE;

  host = host_of (url);
  fail (task, g_error_new (GP_UPDATE_ERROR, GP_UPDATE_ERROR_INSECURE, "refused %s another host, %s",
                           what, host));
  return FALSE;
}

/* Pages */

static void
accept_page (GTask *task)
{
  Fetch *fetch = g_task_get_task_data (task);
  g_autoptr(GBytes) page = g_byte_array_free_to_bytes (g_steal_pointer (&fetch->body));
  g_autofree char *next_url = NULL;
  GError *error = NULL;

  g_ptr_array_add (fetch->pages, g_bytes_ref (page));
  fetch->page_bytes += g_bytes_get_size (page);
  if (fetch->options.next_page == NULL)
    {
      succeed (task, FALSE);
      return;
    }

  if (!fetch->options.next_page (page, fetch->pages->len, &next_url, fetch->options.next_page_data,
                                 &error))
    {
      fail (task, error);
      return;
    }
  if (next_url == NULL)
    {
      succeed (task, FALSE);
      return;
    }

  if (!stays_on_origin (task, next_url, "a next page on"))
    return;
  if (fetch->pages->len >= MAX_PAGES || fetch->page_bytes > (guint64) fetch->options.max_size)
    {
      fail (task, g_error_new (GP_UPDATE_ERROR, GP_UPDATE_ERROR_TOO_LARGE,
                               "the answer runs to more than %u pages or %" G_GINT64_FORMAT " MiB",
                               MAX_PAGES, (gint64) (fetch->options.max_size / (1024 * 1024))));
      return;
    }

  g_free (fetch->url);
  fetch->url = g_steal_pointer (&next_url);
  fetch->redirects = 0;
  fetch->retries = 0;
  g_clear_object (&fetch->stream);
  send_request (task);
}

/* The body */

static void read_chunk (GTask *task);

static GError *
too_large (Fetch *fetch)
{
  return g_error_new (GP_UPDATE_ERROR, GP_UPDATE_ERROR_TOO_LARGE,
                      "the file is larger than %" G_GINT64_FORMAT " MiB",
                      (gint64) (fetch->options.max_size / (1024 * 1024)));
}

static void
read_chunk_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  GTask *task = user_data;
  Fetch *fetch = g_task_get_task_data (task);
  GError *error = NULL;
  g_autoptr(GBytes) chunk =
      g_input_stream_read_bytes_finish (G_INPUT_STREAM (object), result, &error);

  if (chunk == NULL)
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT))
        {
          g_clear_error (&error);
          error =
              g_error_new (GP_UPDATE_ERROR, GP_UPDATE_ERROR_TRUNCATED, "the download ended early");
        }
      fail (task, error);
      return;
    }

  if (g_bytes_get_size (chunk) == 0)
    {
      if (fetch->expected >= 0 && (goffset) fetch->body->len < fetch->expected)
        fail (task, g_error_new (GP_UPDATE_ERROR, GP_UPDATE_ERROR_TRUNCATED,
                                 "the download ended early: %u of %" G_GINT64_FORMAT " bytes",
                                 fetch->body->len, (gint64) fetch->expected));
      else
        accept_page (task);
      return;
    }

  g_byte_array_append (fetch->body, g_bytes_get_data (chunk, NULL), g_bytes_get_size (chunk));
  if ((goffset) fetch->body->len > fetch->options.max_size)
    {
      fail (task, too_large (fetch));
      return;
    }

  /* A paged answer counts all its pages; how many there will be is not known. */
  if (fetch->options.progress != NULL)
    fetch->options.progress (fetch->page_bytes + fetch->body->len,
                             fetch->options.next_page != NULL ? -1 : fetch->expected,
                             fetch->options.progress_data);
  read_chunk (task);
}

static void
read_chunk (GTask *task)
{
  Fetch *fetch = g_task_get_task_data (task);

  g_input_stream_read_bytes_async (fetch->stream, CHUNK_SIZE, G_PRIORITY_DEFAULT, fetch->request,
                                   read_chunk_cb, task);
}

/* The answer */

static gboolean
retry_cb (gpointer user_data)
{
  GTask *task = user_data;
  Fetch *fetch = g_task_get_task_data (task);

  fetch->retry_source = 0;
  send_request (task);
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
  wait =
      (g_date_time_difference (when, now) + G_TIME_SPAN_MILLISECOND - 1) / G_TIME_SPAN_MILLISECOND;
  return (guint) CLAMP (wait, 0, MAX_RETRY_WAIT_S * 1000);
}

/* Follows a redirect, or fails when it leaves the first host or goes round too often. */
static void
follow_redirect (GTask      *task,
                 const char *location)
{
  Fetch *fetch = g_task_get_task_data (task);
  g_autoptr(GUri) base = g_uri_parse (fetch->url, G_URI_FLAGS_NONE, NULL);
  g_autoptr(GUri) next = g_uri_parse_relative (base, location, G_URI_FLAGS_NONE, NULL);
  g_autofree char *next_url = next != NULL ? g_uri_to_string (next) : NULL;

  if (next == NULL || ++fetch->redirects > MAX_REDIRECTS)
    {
      fail (task,
            g_error_new (GP_UPDATE_ERROR, GP_UPDATE_ERROR_HTTP, "too many or broken redirects"));
      return;
    }
  /* A redirect stays on the source's host: a lab's server must not send us anywhere. */
  if (!stays_on_origin (task, next_url, "a redirect to"))
    return;
  g_free (fetch->url);
  fetch->url = g_steal_pointer (&next_url);
  g_clear_object (&fetch->stream);
  send_request (task);
}

static void
send_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  GTask *task = user_data;
  Fetch *fetch = g_task_get_task_data (task);
  GError *error = NULL;
  GInputStream *stream = soup_session_send_finish (SOUP_SESSION (object), result, &error);
  SoupMessageHeaders *headers;
  guint status;

  if (stream == NULL)
    {
      fail (task, error);
      return;
    }

  fetch->stream = stream;
  status = soup_message_get_status (fetch->message);
  headers = soup_message_get_response_headers (fetch->message);

  if (SOUP_STATUS_IS_REDIRECTION (status) && status != SOUP_STATUS_NOT_MODIFIED &&
      soup_message_headers_get_one (headers, "Location") != NULL)
    {
      follow_redirect (task, soup_message_headers_get_one (headers, "Location"));
      return;
    }

  /* "Not modified" answers a question; to a request that asked none it means nothing. */
  if (status == SOUP_STATUS_NOT_MODIFIED)
    {
      if (fetch->conditional)
        succeed (task, TRUE);
      else
        fail (task, g_error_new (GP_UPDATE_ERROR, GP_UPDATE_ERROR_HTTP,
                                 "the server answered “304 Not Modified” to a request that "
                                 "was not conditional"));
      return;
    }

  /* 429 Too Many Requests: libsoup 3.2 has no name for it. */
  if (status == 429 && fetch->retries < MAX_RETRIES)
    {
      guint wait_ms = retry_after_ms (soup_message_headers_get_one (headers, "Retry-After"));

      /* The server asked to slow down: wait as long as it says, within reason, then ask again. */
      fetch->retries++;
      g_clear_object (&fetch->stream);
      /* Not g_timeout_add_seconds(): it may fire up to a second early, before the server's time. */
      fetch->retry_source = g_timeout_add (wait_ms, retry_cb, task);
      return;
    }

  if (!SOUP_STATUS_IS_SUCCESSFUL (status))
    {
      /* A later page of a paged answer is named: the pages before it were read. */
      g_autofree char *page =
          fetch->pages->len > 0 ? g_strdup_printf ("page %u: ", fetch->pages->len + 1) : NULL;

      fail (task, g_error_new (GP_UPDATE_ERROR,
                               status == SOUP_STATUS_NOT_FOUND || status == SOUP_STATUS_GONE
                                   ? GP_UPDATE_ERROR_NOT_FOUND
                                   : GP_UPDATE_ERROR_HTTP,
                               "%sHTTP %u %s", page != NULL ? page : "", status,
                               soup_message_get_reason_phrase (fetch->message)));
      return;
    }

  fetch->expected = soup_message_headers_get_content_length (headers);
  if (soup_message_headers_get_encoding (headers) != SOUP_ENCODING_CONTENT_LENGTH)
    fetch->expected = -1;
  if (fetch->expected > fetch->options.max_size)
    {
      fail (task, too_large (fetch));
      return;
    }

  fetch->body = g_byte_array_new ();
  read_chunk (task);
}

static void
send_request (GTask *task)
{
  Fetch *fetch = g_task_get_task_data (task);
  GError *error = NULL;
  SoupMessageHeaders *headers;

  if (!gp_update_check_url (fetch->url, &error))
    {
      fail (task, error);
      return;
    }

  g_clear_object (&fetch->message);
  fetch->message = soup_message_new (SOUP_METHOD_GET, fetch->url);
  if (fetch->message == NULL)
    {
      fail (task, g_error_new (GP_UPDATE_ERROR, GP_UPDATE_ERROR_HTTP, "not a web address: %s",
                               fetch->url));
      return;
    }

  /* Redirects are followed by hand, so that each hop meets the same rules. */
  soup_message_add_flags (fetch->message, SOUP_MESSAGE_NO_REDIRECT);
  headers = soup_message_get_request_headers (fetch->message);

  if (fetch->authorization != NULL)
    soup_message_headers_replace (headers, "Authorization", fetch->authorization);

  /* Only the first page is asked "if changed": a later page of the same answer is not. */
  fetch->conditional = FALSE;
  if (fetch->pages->len == 0 && fetch->if_none_match != NULL)
    {
      soup_message_headers_replace (headers, "If-None-Match", fetch->if_none_match);
      fetch->conditional = TRUE;
    }
  if (fetch->pages->len == 0 && fetch->if_modified_since != NULL)
    {
      soup_message_headers_replace (headers, "If-Modified-Since", fetch->if_modified_since);
      fetch->conditional = TRUE;
    }

  soup_session_send_async (fetch->session, fetch->message, G_PRIORITY_DEFAULT, fetch->request,
                           send_cb, task);
}

/* Downloads @url under the refresh's rules (see the file's opening comment). Never blocks. */
void
gp_http_soup_fetch_async (GpHttpSession            *session,
                     const char               *url,
                     const GpHttpFetchOptions *options,
                     GCancellable             *cancellable,
                     GAsyncReadyCallback       callback,
                     gpointer                  user_data)
{
  GTask *task;
  Fetch *fetch;

  g_return_if_fail (SOUP_IS_SESSION ((SoupSession *) session));
  g_return_if_fail (url != NULL);
  g_return_if_fail (options != NULL);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, gp_http_soup_fetch_async);

  fetch = g_new0 (Fetch, 1);
  fetch->session = g_object_ref ((SoupSession *) session);
  fetch->options = *options;
  fetch->if_none_match = g_strdup (options->if_none_match);
  fetch->authorization = g_strdup (options->authorization);
  fetch->if_modified_since = g_strdup (options->if_modified_since);
  fetch->origin = g_strdup (url);
  fetch->url = g_strdup (url);
  fetch->pages = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  fetch->expected = -1;
  fetch->request = g_cancellable_new ();
  g_task_set_task_data (task, fetch, fetch_free);

  if (cancellable != NULL)
    fetch->request_link =
        g_cancellable_connect (cancellable, G_CALLBACK (cancel_request_cb), fetch->request, NULL);
  if (options->deadline_s > 0)
    fetch->deadline_source = g_timeout_add_seconds (options->deadline_s, deadline_cb, task);
  send_request (task);
}

GpHttpResponse *
gp_http_soup_fetch_finish (GAsyncResult  *result,
                      GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* The session */

GpHttpSession *
gp_http_soup_session_new (const char *user_agent,
                          guint       timeout_s)
{
  return (GpHttpSession *) soup_session_new_with_options (
      "user-agent", user_agent, "timeout", timeout_s, "idle-timeout", timeout_s, NULL);
}

void
gp_http_soup_session_set_timeout (GpHttpSession *session,
                                  guint          seconds)
{
  soup_session_set_timeout ((SoupSession *) session, seconds);
  soup_session_set_idle_timeout ((SoupSession *) session, seconds);
}

GDateTime *
gp_http_soup_date_parse (const char *date)
{
  return soup_date_time_new_from_http_string (date);
}

/* An answer's body as a stream, read on the calling thread; redirects followed within the
 * refresh's rules. */
GInputStream *
gp_http_soup_open (GpHttpSession  *session,
                   const char     *url,
                   const char     *what,
                   GCancellable   *cancellable,
                   GError        **error)
{
  g_autofree char *current = g_strdup (url);

  for (guint hop = 0; hop <= MAX_REDIRECTS; hop++)
    {
      g_autoptr(SoupMessage) message = NULL;
      g_autoptr(GInputStream) body = NULL;
      guint status;

      if (!gp_update_check_url (current, error))
        return NULL;
      message = soup_message_new (SOUP_METHOD_GET, current);
      if (message == NULL)
        {
          g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_HTTP,
                       _("%s: not a web address: %s"), what, current);
          return NULL;
        }
      soup_message_add_flags (message, SOUP_MESSAGE_NO_REDIRECT);
      body = soup_session_send ((SoupSession *) session, message, cancellable, error);
      if (body == NULL)
        {
          g_prefix_error (error, "%s: ", what);
          return NULL;
        }
      status = soup_message_get_status (message);
      if (SOUP_STATUS_IS_REDIRECTION (status))
        {
          const char *location = soup_message_headers_get_one (
              soup_message_get_response_headers (message), "Location");
          g_autofree char *next =
              location != NULL ? g_uri_resolve_relative (current, location, G_URI_FLAGS_NONE, NULL)
                               : NULL;

          if (next == NULL)
            break;
          g_free (current);
          current = g_steal_pointer (&next);
          continue;
        }
      if (status != SOUP_STATUS_OK)
        {
          g_set_error (error, GP_UPDATE_ERROR,
                       status == SOUP_STATUS_NOT_FOUND ? GP_UPDATE_ERROR_NOT_FOUND
                                                       : GP_UPDATE_ERROR_HTTP,
                       _("%s: the server answered %u %s (%s)"), what, status,
                       soup_message_get_reason_phrase (message), current);
          return NULL;
        }
      return g_steal_pointer (&body);
    }
  g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_HTTP, _("%s: too many redirects (%s)"),
               what, url);
  return NULL;
}
