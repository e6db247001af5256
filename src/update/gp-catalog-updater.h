/* gp-catalog-updater.h
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "gp-catalog.h"
#include "gp-key-store.h"
#include "gp-refresh-report.h"

G_BEGIN_DECLS

/**
 * GpFeedFormat:
 * @GP_FEED_FORMAT_CATALOG: a catalog in our own format (a lab's negotiated prices)
 * @GP_FEED_FORMAT_SKYPILOT: a SkyPilot vms.csv
 * @GP_FEED_FORMAT_AZURE: the Azure Retail Prices API, answering in pages
 * @GP_FEED_FORMAT_AWS_PRICELIST: the AWS Price List's offer index, whose region indexes and
 *   offer files are fetched in turn
 * @GP_FEED_FORMAT_AWS_SPOT: the EC2 spot feed the EC2 spot pricing page reads
 * @GP_FEED_FORMAT_LAMBDA_API: Lambda's instance-types API, with the user's key
 * @GP_FEED_FORMAT_GCP_BILLING: the Cloud Billing Catalog API's services, whose SKUs are read
 *   page by page with the user's key
 * @GP_FEED_FORMAT_SCALEWAY: Scaleway's public Product Catalog API, answering in pages
 * @GP_FEED_FORMAT_OVH: OVHcloud's public order catalog of its Public Cloud
 *
 * What a price feed, an address the updater fetches, sends. (A #GpSource is something else:
 * the citation a figure carries.)
 */
typedef enum
{
  GP_FEED_FORMAT_CATALOG,
  GP_FEED_FORMAT_SKYPILOT,
  GP_FEED_FORMAT_AZURE,
  GP_FEED_FORMAT_AWS_PRICELIST,
  GP_FEED_FORMAT_AWS_SPOT,
  GP_FEED_FORMAT_LAMBDA_API,
  GP_FEED_FORMAT_GCP_BILLING,
  GP_FEED_FORMAT_SCALEWAY,
  GP_FEED_FORMAT_OVH,
} GpFeedFormat;

#define GP_TYPE_CATALOG_UPDATER (gp_catalog_updater_get_type ())

G_DECLARE_FINAL_TYPE (GpCatalogUpdater, gp_catalog_updater, GP, CATALOG_UPDATER, GObject)

GpCatalogUpdater *gp_catalog_updater_new                 (GFile                *cache_dir);
void              gp_catalog_updater_add_source          (GpCatalogUpdater     *self,
                                                          const char           *name,
                                                          const char           *url,
                                                          GpFeedFormat        format);
void              gp_catalog_updater_add_default_sources (GpCatalogUpdater     *self,
                                                          const char           *catalog_url);
void              gp_catalog_updater_add_keyed_source    (GpCatalogUpdater     *self,
                                                          const char           *name,
                                                          const char           *url,
                                                          GpFeedFormat          format,
                                                          const char           *key);
void              gp_catalog_updater_add_keyed_sources   (GpCatalogUpdater     *self,
                                                          GpKeyStore           *store);
GpKeyStore       *gp_catalog_updater_get_user_keys       (void);
const char * const *gp_catalog_updater_get_keyed_source_names (void);
const char       *gp_catalog_updater_get_keyed_source_url (const char         *name);
const char * const *gp_catalog_updater_get_source_names  (GpCatalogUpdater     *self);
void              gp_catalog_updater_set_max_size        (GpCatalogUpdater     *self,
                                                          goffset               max_size);
void              gp_catalog_updater_set_timeout         (GpCatalogUpdater     *self,
                                                          guint                 seconds);
void              gp_catalog_updater_add_source_with_fallback (GpCatalogUpdater *self,
                                                              const char       *name,
                                                              const char       *url,
                                                              const char       *fallback_url,
                                                              GpFeedFormat      format);
void              gp_catalog_updater_set_date_url        (GpCatalogUpdater     *self,
                                                          const char           *name,
                                                          const char           *date_url);
gboolean          gp_catalog_updater_set_urls            (GpCatalogUpdater     *self,
                                                          const char           *name,
                                                          const char * const   *urls);
const char       *gp_catalog_updater_get_own_url         (GpCatalogUpdater     *self,
                                                          const char           *name);
GStrv             gp_catalog_updater_get_urls            (GpCatalogUpdater     *self,
                                                          const char           *name);
gboolean          gp_catalog_updater_get_source_state    (GpCatalogUpdater     *self,
                                                          const char           *name,
                                                          char                **as_of,
                                                          char                **checked,
                                                          char                **result);
void              gp_catalog_updater_set_history_file    (GpCatalogUpdater     *self,
                                                          GFile                *file);
void              gp_catalog_updater_set_deadline        (GpCatalogUpdater     *self,
                                                          guint                 seconds);
GDateTime        *gp_catalog_updater_get_last_refresh    (GpCatalogUpdater     *self);
gboolean          gp_catalog_updater_is_refresh_due      (GpCatalogUpdater     *self,
                                                          GTimeSpan             interval,
                                                          gboolean              metered);
guint             gp_catalog_updater_remove_stale_temporaries
                                                        (GFile                *cache_dir);
void              gp_catalog_updater_refresh_async       (GpCatalogUpdater     *self,
                                                          GpCatalog            *catalog,
                                                          const char * const   *only,
                                                          GCancellable         *cancellable,
                                                          GAsyncReadyCallback   callback,
                                                          gpointer              user_data);
GpRefreshReport  *gp_catalog_updater_refresh_finish      (GpCatalogUpdater     *self,
                                                          GAsyncResult         *result,
                                                          GError              **error);
void              gp_catalog_updater_import_async        (GpCatalogUpdater     *self,
                                                          GpCatalog            *catalog,
                                                          GFile                *file,
                                                          GCancellable         *cancellable,
                                                          GAsyncReadyCallback   callback,
                                                          gpointer              user_data);
gboolean          gp_catalog_updater_import_finish       (GpCatalogUpdater     *self,
                                                          GAsyncResult         *result,
                                                          GError              **error);

G_END_DECLS
