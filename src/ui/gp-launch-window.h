/* gp-launch-window.h — the launch code of one option, in a window of its own
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "gp-launch-view.h"

G_BEGIN_DECLS

#define GP_TYPE_LAUNCH_WINDOW (gp_launch_window_get_type ())

G_DECLARE_FINAL_TYPE (GpLaunchWindow, gp_launch_window, GP, LAUNCH_WINDOW, AdwWindow)

GpLaunchWindow *gp_launch_window_new      (GtkWindow            *parent,
                                           GpOffer              *offer,
                                           gboolean              spot,
                                           const GpLaunchUpload *upload,
                                           const char           *currency,
                                           double                rate);
GpLaunchView   *gp_launch_window_get_view (GpLaunchWindow       *self);

G_END_DECLS
