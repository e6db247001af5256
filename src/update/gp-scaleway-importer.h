/* gp-scaleway-importer.h — Scaleway's GPU Instances from its public Product Catalog API
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "gp-catalog.h"
#include "gp-import-report.h"

G_BEGIN_DECLS

gboolean gp_scaleway_page_count (GBytes          *page,
                                 const char      *place,
                                 guint           *products,
                                 guint           *total,
                                 GError         **error);
GBytes  *gp_scaleway_import     (GpCatalog       *base,
                                 GPtrArray       *pages,
                                 const char      *file,
                                 const char      *source_url,
                                 const char      *as_of,
                                 GpImportReport  *report,
                                 GError         **error);

G_END_DECLS
