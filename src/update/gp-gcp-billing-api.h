/* gp-gcp-billing-api.h — Vertex AI training prices from the Cloud Billing Catalog API
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "gp-catalog.h"
#include "gp-http-fetch.h"

G_BEGIN_DECLS

typedef struct
{
  GBytes    *part;   /* the catalog layer */
  guint      offers; /* the regions priced, all machines together */
  guint64    bytes;  /* read, all pages together */
  char      *as_of;  /* the oldest effectiveTime of the SKUs a price was put together from */
  GPtrArray *notes;  /* char *: what kept its derived price, and why */
} GpGcpBillingResult;

void                gp_gcp_billing_fetch_async  (GpHttpSession            *session,
                                                 const char               *base_url,
                                                 const char               *key,
                                                 GpCatalog                *base,
                                                 const GpHttpFetchOptions *options,
                                                 GCancellable             *cancellable,
                                                 GAsyncReadyCallback       callback,
                                                 gpointer                  user_data);
GpGcpBillingResult *gp_gcp_billing_fetch_finish (GAsyncResult             *result,
                                                 GError                  **error);
void                gp_gcp_billing_result_free  (GpGcpBillingResult       *result);
GBytes             *gp_gcp_billing_complete     (GpCatalog                *working,
                                                 GBytes                   *part);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GpGcpBillingResult, gp_gcp_billing_result_free)

G_END_DECLS
