/* gp-preferences-data.h — Preferences › Data: every price source, its addresses and its state
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "gp-catalog-updater.h"
#include "gp-key-store.h"
#include "gp-settings.h"

G_BEGIN_DECLS

void gp_preferences_data_fill (AdwPreferencesGroup *group,
                               GpSettings          *settings,
                               GpCatalogUpdater    *updater);
void gp_preferences_data_show_keys (AdwPreferencesGroup *group,
                                    GpKeyStore          *keys,
                                    GCancellable        *cancellable);

G_END_DECLS
