/* gp-preset.h — a published training measurement the estimator can start from
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "gp-types.h"

G_BEGIN_DECLS

#define GP_TYPE_PRESET (gp_preset_get_type ())

/* The preset's workload as published on other GPUs: a time to train on @gpus of @gpu, by
 * @submitter, in the results @source names (an MLPerf round). */
typedef struct
{
  char     *gpu;
  guint     gpus;
  double    minutes;
  char     *submitter;
  char     *system;
  GpSource *source;
} GpPresetResult;

G_DECLARE_FINAL_TYPE (GpPreset, gp_preset, GP, PRESET, GObject)

const char  *gp_preset_get_id                (GpPreset *self);
const char  *gp_preset_get_name              (GpPreset *self);
const char  *gp_preset_get_family            (GpPreset *self);
const char  *gp_preset_get_reference_gpu     (GpPreset *self);
guint        gp_preset_get_reference_gpus    (GpPreset *self);
GpPrecision  gp_preset_get_precision         (GpPreset *self);
double       gp_preset_get_gpu_hours         (GpPreset *self);
const char  *gp_preset_get_target            (GpPreset *self);
const char  *gp_preset_get_note              (GpPreset *self);
double       gp_preset_get_min_gpu_memory_gb (GpPreset *self);
double       gp_preset_get_model_billions    (GpPreset *self);
GpTrainingMethod gp_preset_get_method        (GpPreset *self);
GpSharding   gp_preset_get_sharding          (GpPreset *self);
const char  *gp_preset_get_speeds_from       (GpPreset *self);
GpSource    *gp_preset_get_source            (GpPreset *self);
const GpPresetResult *gp_preset_find_result  (GpPreset   *self,
                                              const char *gpu_id);

G_END_DECLS
