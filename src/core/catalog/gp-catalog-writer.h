/* gp-catalog-writer.h — model objects back to the catalog format
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "gp-catalog.h"

G_BEGIN_DECLS

void gp_catalog_writer_add_provider (JsonBuilder        *builder,
                                     GpProvider         *provider,
                                     const char * const *extra_regions);

G_END_DECLS
