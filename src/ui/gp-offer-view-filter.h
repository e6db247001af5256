/* gp-offer-view-filter.h
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "gp-offer-filter.h"

G_BEGIN_DECLS

#define GP_TYPE_OFFER_VIEW_FILTER (gp_offer_view_filter_get_type ())

G_DECLARE_FINAL_TYPE (GpOfferViewFilter, gp_offer_view_filter, GP, OFFER_VIEW_FILTER, GtkFilter)

GpOfferViewFilter *gp_offer_view_filter_new (GpOfferFilter *filter);

G_END_DECLS
