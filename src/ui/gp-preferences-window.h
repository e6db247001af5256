/* gp-preferences-window.h
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "gp-key-store.h"
#include "gp-settings.h"

G_BEGIN_DECLS

#define GP_TYPE_PREFERENCES_WINDOW (gp_preferences_window_get_type ())

G_DECLARE_FINAL_TYPE (GpPreferencesWindow, gp_preferences_window, GP, PREFERENCES_WINDOW,
                      AdwPreferencesWindow)

GpPreferencesWindow *gp_preferences_window_new           (GpSettings          *settings);
void                 gp_preferences_window_set_key_store (GpPreferencesWindow *self,
                                                          GpKeyStore          *keys);

G_END_DECLS
