/* gp-preset-private.h — how the estimator's data loader makes a preset
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "gp-preset.h"
#include "gp-source.h"

G_BEGIN_DECLS

GpPreset *gp_preset_new (const char  *id,
                         const char  *name,
                         const char  *family,
                         const char  *reference_gpu,
                         guint        reference_gpus,
                         GpPrecision  precision,
                         double       gpu_hours,
                         const char  *target,
                         const char  *note,
                         double       min_gpu_memory_gb,
                         GpSource    *source);
void      gp_preset_set_model       (GpPreset         *self,
                                     double            model_billions,
                                     GpTrainingMethod  method,
                                     GpSharding        sharding);
void      gp_preset_set_speeds_from (GpPreset         *self,
                                     const char       *workload);
void      gp_preset_add_result      (GpPreset         *self,
                                     const char       *gpu,
                                     guint             gpus,
                                     double            minutes,
                                     const char       *submitter,
                                     const char       *system,
                                     GpSource         *source);

G_END_DECLS
