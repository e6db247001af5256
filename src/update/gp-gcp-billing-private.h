/* gp-gcp-billing-private.h — what the Cloud Billing Catalog's reader shares with the Compute
 * Engine machines' pricing: a SKU as read
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "gp-catalog.h"

G_BEGIN_DECLS

typedef enum
{
  GP_GCP_SERVICE_VERTEX,
  GP_GCP_SERVICE_COMPUTE,
} GpGcpService;

typedef struct
{
  char *words; /* the description, lower case, each word between spaces */
  GStrv regions;
  double price; /* dollars an hour, or a GiB-hour */
  char *date;   /* YYYY-MM-DD of effectiveTime */
  GpGcpService service;
  gboolean spot; /* usageType Preemptible: a Spot VM's */
} GpGcpSku;

gboolean gp_gcp_sku_has_word (const GpGcpSku *sku,
                              const char     *word);

JsonArray *gp_gcp_compute_price (GpCatalog  *base,
                                 GPtrArray  *skus,
                                 const char *url,
                                 JsonArray  *sources,
                                 GPtrArray  *notes,
                                 guint      *offers,
                                 char      **as_of);

G_END_DECLS
