/* gp-offer-defaults.h — what a new offer of the user's starts with: a GPU the lab is likely to
 * have been quoted, the currency it pays in, a machine's power from its GPUs' data sheet
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "gp-catalog.h"

G_BEGIN_DECLS

GpGpu      *gp_offer_defaults_find_gpu  (GpCatalog     *catalog,
                                         GpLabLocation  lab);
const char *gp_offer_defaults_currency  (GpLabLocation  lab,
                                         const char    *otherwise);
double      gp_offer_defaults_power_kw  (GpGpu         *gpu,
                                         guint          gpu_count);

G_END_DECLS
