/* gp-lambda-api-importer.h — Lambda's instance-types API as a catalog layer
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "gp-catalog.h"
#include "gp-import-report.h"

G_BEGIN_DECLS

GBytes *gp_lambda_api_import (GpCatalog       *base,
                              GBytes          *json,
                              const char      *file,
                              const char      *source_url,
                              const char      *as_of,
                              GpImportReport  *report,
                              GError         **error);

G_END_DECLS
