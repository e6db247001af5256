/* gp-format.h — figures as text for the screen
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "gp-types.h"

G_BEGIN_DECLS

char       *gp_format_number           (double          value,
                                        int             decimals);
char       *gp_format_amount           (double          value);
char       *gp_format_money            (double          value,
                                        const char     *currency);
char       *gp_format_billing_increment (double         seconds);
char       *gp_format_pricing_models   (GpPricingModel  pricing);
const char *gp_format_provider_kind    (GpProviderKind  kind);
const char *gp_format_catalog_text     (const char     *text);
char       *gp_format_anomalies        (GpAnomaly       anomalies);
const char *gp_format_region_kind      (GpRegionKind    kind);
char       *gp_format_seconds_short    (double          seconds);

G_END_DECLS
