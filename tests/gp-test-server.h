/* gp-test-server.h — a local web server on a thread of its own, for tests that run the tool
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _GpTestServer GpTestServer;

GpTestServer *gp_test_server_new  (void);
void          gp_test_server_add  (GpTestServer *server,
                                   const char   *path,
                                   const char   *content_type,
                                   const char   *body);
char         *gp_test_server_url  (GpTestServer *server,
                                   const char   *path);
void          gp_test_server_free (GpTestServer *server);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GpTestServer, gp_test_server_free)

G_END_DECLS
