/* gp-gpu.h
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "gp-types.h"

G_BEGIN_DECLS

#define GP_TYPE_GPU (gp_gpu_get_type ())

G_DECLARE_FINAL_TYPE (GpGpu, gp_gpu, GP, GPU, GObject)

const char     *gp_gpu_get_id                    (GpGpu *self);
const char     *gp_gpu_get_name                  (GpGpu *self);
const char     *gp_gpu_get_vendor                (GpGpu *self);
const char     *gp_gpu_get_architecture          (GpGpu *self);
double          gp_gpu_get_memory_gb             (GpGpu *self);
double          gp_gpu_get_memory_bandwidth_gbps (GpGpu *self);
double          gp_gpu_get_fp32_tflops           (GpGpu *self);
double          gp_gpu_get_tf32_tflops           (GpGpu *self);
double          gp_gpu_get_fp16_tflops           (GpGpu *self);
double          gp_gpu_get_bf16_tflops           (GpGpu *self);
double          gp_gpu_get_fp8_tflops            (GpGpu *self);
double          gp_gpu_get_tensor_tflops         (GpGpu *self);
double          gp_gpu_get_tdp_w                 (GpGpu *self);
guint           gp_gpu_get_launch_year           (GpGpu *self);
gboolean        gp_gpu_get_inference_only        (GpGpu *self);
GpSource       *gp_gpu_get_use_source            (GpGpu *self);
GpSource       *gp_gpu_get_tdp_source            (GpGpu *self);
const char * const *gp_gpu_get_aliases         (GpGpu *self);
gboolean        gp_gpu_is_named                  (GpGpu      *self,
                                                  const char *name);
const char     *gp_gpu_get_notes                 (GpGpu *self);
GpSource       *gp_gpu_get_source                (GpGpu *self);
GpCatalogLayer  gp_gpu_get_layer                 (GpGpu *self);

G_END_DECLS
