/* gp-estimator-data.h — the sourced figures the cost model scales by
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "gp-preset.h"
#include "gp-source.h"
#include "gp-types.h"

G_BEGIN_DECLS

#define GP_TYPE_ESTIMATOR_DATA (gp_estimator_data_get_type ())

G_DECLARE_FINAL_TYPE (GpEstimatorData, gp_estimator_data, GP, ESTIMATOR_DATA, GObject)

GpEstimatorData *gp_estimator_data_get_default           (void);
GpEstimatorData *gp_estimator_data_new_from_bytes        (GBytes           *bytes,
                                                          const char       *file,
                                                          GError          **error);
GListModel      *gp_estimator_data_get_presets           (GpEstimatorData  *self);
GpPreset        *gp_estimator_data_find_preset           (GpEstimatorData  *self,
                                                          const char       *id);
GListModel      *gp_estimator_data_get_sources           (GpEstimatorData  *self);
GpSource        *gp_estimator_data_find_source           (GpEstimatorData  *self,
                                                          const char       *id);
double           gp_estimator_data_get_coefficient       (GpEstimatorData  *self,
                                                          const char       *name);
GpSource        *gp_estimator_data_get_coefficient_source (GpEstimatorData *self,
                                                          const char       *name);
gboolean         gp_estimator_data_measured_ratio        (GpEstimatorData  *self,
                                                          const char       *family,
                                                          GpPrecision       precision,
                                                          const char       *from_gpu,
                                                          const char       *to_gpu,
                                                          double           *ratio,
                                                          GpSource        **source);
double           gp_estimator_data_scaling_efficiency    (GpEstimatorData  *self,
                                                          const char       *family,
                                                          const char       *gpu,
                                                          GpPrecision       precision,
                                                          guint             gpus,
                                                          GpSource        **source);
double           gp_estimator_data_scaling_efficiency_in_node (GpEstimatorData *self,
                                                               const char      *family,
                                                               const char      *gpu,
                                                               GpPrecision      precision,
                                                               guint            gpus,
                                                               GpSource       **source);
gboolean         gp_estimator_data_has_spot_interruptions (GpEstimatorData *self,
                                                          const char       *instance_id);
double           gp_estimator_data_spot_interruptions    (GpEstimatorData  *self,
                                                          const char       *instance_id,
                                                          const char       *region_id,
                                                          const char      **bucket,
                                                          GpSource        **source);

G_END_DECLS
