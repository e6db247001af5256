/* gp-update-module.h — the update module's functions, gathered in its GpUpdateBackend
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "gp-update-backend.h"

G_BEGIN_DECLS

const GpUpdateBackend *gp_update_backend_builtin (void);


GpHttpSession  *gp_http_soup_session_new         (const char                *user_agent,
                                                  guint                      timeout_s);
void            gp_http_soup_session_set_timeout (GpHttpSession             *session,
                                                  guint                      seconds);
void            gp_http_soup_fetch_async         (GpHttpSession             *session,
                                                  const char                *url,
                                                  const GpHttpFetchOptions  *options,
                                                  GCancellable              *cancellable,
                                                  GAsyncReadyCallback        callback,
                                                  gpointer                   user_data);
GpHttpResponse *gp_http_soup_fetch_finish        (GAsyncResult              *result,
                                                  GError                   **error);
GInputStream   *gp_http_soup_open                (GpHttpSession             *session,
                                                  const char                *url,
                                                  const char                *what,
                                                  GCancellable              *cancellable,
                                                  GError                   **error);
GDateTime      *gp_http_soup_date_parse          (const char                *date);
char           *gp_keyring_secret_lookup         (const char                *source,
                                                  GError                   **error);
gboolean        gp_keyring_secret_store          (const char                *source,
                                                  const char                *label,
                                                  const char                *key,
                                                  GError                   **error);
gboolean        gp_keyring_secret_forget         (const char                *source,
                                                  GError                   **error);

G_END_DECLS
