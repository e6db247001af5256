/* gp-test-refresh.h — what the refresh tests share: a local server, fixture files, a refresh
 * run to its end
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <libsoup/soup.h>

#include "gp-catalog-updater.h"

G_BEGIN_DECLS

char            *gp_test_serve             (SoupServer          **server,
                                            SoupServerCallback    handler,
                                            gpointer              user_data);
void             gp_test_respond           (SoupServerMessage    *msg,
                                            guint                 status,
                                            const char           *body);
char            *gp_test_fixture_text      (const char           *folder,
                                            const char           *name);
GBytes          *gp_test_fixture_bytes     (const char           *folder,
                                            const char           *name);
void             gp_test_add_fixture_layer (GpCatalog            *catalog,
                                            const char           *folder,
                                            const char           *name);
void             gp_test_assert_fixture    (GBytes               *bytes,
                                            const char           *folder,
                                            const char           *name);
char            *gp_test_cache_new         (const char           *name,
                                            GFile               **cache);
void             gp_test_cache_remove      (char                 *path);
gboolean         gp_test_has_note          (GpSourceResult       *result,
                                            const char           *text);
GpSourceResult  *gp_test_refresh_provider  (GFile                *cache,
                                            const char           *base,
                                            GpCatalog            *catalog,
                                            const char           *name,
                                            const char           *url,
                                            GpFeedFormat          format,
                                            GpRefreshReport     **report);
GpOffer         *gp_test_find_offer        (GpCatalog            *catalog,
                                            const char           *instance,
                                            const char           *region);
double           gp_test_listed_price      (GpOffer              *offer);
GpRefreshReport *gp_test_refresh           (GpCatalogUpdater     *updater,
                                            GpCatalog            *catalog,
                                            const char * const   *only,
                                            GCancellable         *cancellable,
                                            GError              **error);

G_END_DECLS
