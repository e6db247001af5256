/* gp-measurement-store.h — the user's measurements, kept as the files the script wrote
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "gp-measurement.h"

G_BEGIN_DECLS

GFile         *gp_measurement_store_get_default_location (void);
GPtrArray     *gp_measurement_store_list    (GFile       *dir,
                                             GpCatalog   *catalog,
                                             GStrv       *problems);
GpMeasurement *gp_measurement_store_add     (GFile       *dir,
                                             GFile       *file,
                                             GpCatalog   *catalog,
                                             GError     **error);
GpMeasurement *gp_measurement_store_find    (GFile       *dir,
                                             const char  *id,
                                             GpCatalog   *catalog,
                                             GError     **error);
gboolean       gp_measurement_store_remove  (GFile       *dir,
                                             const char  *id,
                                             GError     **error);
GpMeasurement *gp_measurement_open          (const char  *file_or_id,
                                             GFile       *dir,
                                             GpCatalog   *catalog,
                                             GError     **error);

G_END_DECLS
