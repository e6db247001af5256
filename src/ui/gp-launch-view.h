/* gp-launch-view.h — the Launch panel: the code that starts a job on an offer, to copy
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "gp-launch.h"

G_BEGIN_DECLS

#define GP_TYPE_LAUNCH_VIEW (gp_launch_view_get_type ())

G_DECLARE_FINAL_TYPE (GpLaunchView, gp_launch_view, GP, LAUNCH_VIEW, AdwBin)

GtkWidget             *gp_launch_view_new         (void);
void                   gp_launch_view_set_offer   (GpLaunchView         *self,
                                                   GpOffer              *offer,
                                                   gboolean              spot,
                                                   const GpLaunchUpload *upload,
                                                   const char           *currency,
                                                   double                rate);
void                   gp_launch_view_set_capacity_block (GpLaunchView *self,
                                                          double        wall_hours);
const GpLaunchSnippet *gp_launch_view_get_snippet (GpLaunchView         *self);

G_END_DECLS
