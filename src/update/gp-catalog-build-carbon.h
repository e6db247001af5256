/* gp-catalog-build-carbon.h — the bundled catalog's energy figures: GPU power, each region's
 * grid intensity and PUE
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

char *gp_carbon_read_gpu_power (GHashTable  *gpu_by_id,
                                JsonObject  *input,
                                GBytes      *csv,
                                GError     **error);
char *gp_carbon_read_grid      (GPtrArray   *providers,
                                JsonObject  *input,
                                GBytes      *zones_csv,
                                GBytes      *google_csv,
                                GError     **error);
char *gp_carbon_read_pue       (GPtrArray   *providers,
                                JsonObject  *input,
                                GBytes      *regional_csv,
                                GBytes      *defaults_csv,
                                GError     **error);

G_END_DECLS
