/* gp-gcp-billing-importer.h — Compute Engine GPU machine prices from the Cloud Billing catalog
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "gp-catalog.h"
#include "gp-import-report.h"

G_BEGIN_DECLS

/* The hours in a month of Google's price calculator, which the source's monthly commitment
 * prices assume. */
#define GP_GCP_HOURS_PER_MONTH 730.0

JsonNode *gp_gcp_billing_import_tree (GpCatalog       *base,
                                      GBytes          *csv,
                                      const char      *file,
                                      const char      *source_url,
                                      const char      *as_of,
                                      GpImportReport  *report,
                                      GError         **error);

G_END_DECLS
