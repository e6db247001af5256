/* gp-update-backend.h — what the update layer asks of libsoup and libsecret
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "gp-http-fetch.h"

G_BEGIN_DECLS

/**
 * GpUpdateBackend:
 *
 * The network and the keyring, as the update layer uses them. The table lies in the update
 * module (gp-update-module.c), which the app loads when a refresh, a download or the keyring
 * first needs it: libsoup and libsecret, and the libraries they bring, stay out of the app's
 * start. The command-line tool and the tests link the module's code in instead.
 */
typedef struct
{
  GpHttpSession  *(*session_new)         (const char                *user_agent,
                                          guint                      timeout_s);
  void            (*session_set_timeout) (GpHttpSession             *session,
                                          guint                      seconds);
  void            (*fetch_async)         (GpHttpSession             *session,
                                          const char                *url,
                                          const GpHttpFetchOptions  *options,
                                          GCancellable              *cancellable,
                                          GAsyncReadyCallback        callback,
                                          gpointer                   user_data);
  GpHttpResponse *(*fetch_finish)        (GAsyncResult              *result,
                                          GError                   **error);
  GInputStream   *(*open)                (GpHttpSession             *session,
                                          const char                *url,
                                          const char                *what,
                                          GCancellable              *cancellable,
                                          GError                   **error);
  GDateTime      *(*date_parse)          (const char                *date);
  char           *(*key_lookup)          (const char                *source,
                                          GError                   **error);
  gboolean        (*key_store)           (const char                *source,
                                          const char                *label,
                                          const char                *key,
                                          GError                   **error);
  gboolean        (*key_forget)          (const char                *source,
                                          GError                   **error);
} GpUpdateBackend;

const GpUpdateBackend *gp_update_backend_get (void);

G_END_DECLS
