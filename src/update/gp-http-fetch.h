/* gp-http-fetch.h — one download under the refresh's rules
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/**
 * GpHttpSession:
 *
 * Where downloads are made, with their user agent and timeouts: libsoup's session, in the
 * update layer's module (gp-update-backend.h), unreferenced with gp_http_session_unref().
 */
typedef struct _GpHttpSession GpHttpSession;

/**
 * GpHttpNextPage:
 * @page: the page just read
 * @number: its number, from 1
 * @next_url: (out) (transfer full) (nullable): the address of the next page, %NULL when the
 *   answer is complete
 * @user_data: the options' @next_page_data
 * @error: return location for an error
 *
 * Reads a page of a paged answer and says where the next one is.
 *
 * Returns: %FALSE when the page is not what the source sends
 */
typedef gboolean (*GpHttpNextPage) (GBytes      *page,
                                    guint        number,
                                    char       **next_url,
                                    gpointer     user_data,
                                    GError     **error);

/**
 * GpHttpProgress:
 * @received: bytes received so far, all pages together
 * @total: the size the server announced, or -1 (always for a paged answer)
 * @user_data: the options' @progress_data
 */
typedef void (*GpHttpProgress) (guint64  received,
                                gint64   total,
                                gpointer user_data);

typedef struct
{
  goffset         max_size;           /* the most bytes, all pages together */
  guint           deadline_s;         /* the most seconds in all, 0 for none */
  const char     *if_none_match;      /* nullable: an ETag, for a conditional request */
  const char     *if_modified_since;  /* nullable: an HTTP date, likewise */
  const char     *authorization;      /* nullable: an Authorization header, a secret: sent
                                       * to the source's own host only, never said */
  GpHttpNextPage  next_page;          /* nullable: the answer is paged */
  gpointer        next_page_data;
  GpHttpProgress  progress;           /* nullable */
  gpointer        progress_data;
} GpHttpFetchOptions;

typedef struct
{
  GPtrArray *pages;          /* GBytes: the body, or each page of a paged answer */
  guint64    size;           /* bytes, all pages together */
  gboolean   not_modified;   /* a conditional request was answered "304 Not Modified" */
  char      *etag;           /* nullable: of the last answer */
  char      *last_modified;  /* nullable: likewise */
} GpHttpResponse;

GpHttpSession  *gp_http_session_new         (guint                      timeout_s);
void            gp_http_session_set_timeout (GpHttpSession             *session,
                                             guint                      seconds);
void            gp_http_session_unref       (GpHttpSession             *session);
GInputStream   *gp_http_open                (GpHttpSession             *session,
                                             const char                *url,
                                             const char                *what,
                                             GCancellable              *cancellable,
                                             GError                   **error);
GDateTime      *gp_http_date_parse          (const char                *date);
void            gp_http_fetch_async    (GpHttpSession             *session,
                                        const char                *url,
                                        const GpHttpFetchOptions  *options,
                                        GCancellable              *cancellable,
                                        GAsyncReadyCallback        callback,
                                        gpointer                   user_data);
GpHttpResponse *gp_http_fetch_finish   (GAsyncResult              *result,
                                        GError                   **error);
void            gp_http_response_free  (GpHttpResponse            *response);
gboolean        gp_update_check_url    (const char                *url,
                                        GError                   **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GpHttpResponse, gp_http_response_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (GpHttpSession, gp_http_session_unref)

G_END_DECLS
