/* gp-provider-card.h
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "gp-provider-summary.h"

G_BEGIN_DECLS

#define GP_TYPE_PROVIDER_CARD (gp_provider_card_get_type ())

G_DECLARE_FINAL_TYPE (GpProviderCard, gp_provider_card, GP, PROVIDER_CARD, AdwBin)

GtkWidget         *gp_provider_card_new         (GpProviderSummary *summary,
                                                 const char        *currency);
GpProviderSummary *gp_provider_card_get_summary (GpProviderCard    *self);

G_END_DECLS
