/* gp-ovh-importer.h — OVHcloud's GPU instances from its public order catalog
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "gp-catalog.h"
#include "gp-import-report.h"

G_BEGIN_DECLS

GBytes *gp_ovh_import (GpCatalog       *base,
                       GBytes          *answer,
                       const char      *file,
                       const char      *source_url,
                       const char      *as_of,
                       GpImportReport  *report,
                       GError         **error);

G_END_DECLS
