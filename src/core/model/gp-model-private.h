/* gp-model-private.h — every class's fields, for the catalog's loader and writer, which fill
 * and read them all
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "gp-gpu-private.h"
#include "gp-instance-private.h"
#include "gp-offer-private.h"
#include "gp-plan-private.h"
#include "gp-provider-private.h"
#include "gp-region-private.h"
#include "gp-source-private.h"

G_BEGIN_DECLS

GPtrArray  *gp_catalog_get_offer_array (GpCatalog *self);

G_END_DECLS
