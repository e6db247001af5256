/* gp-gpu-private.h — a GPU model's fields, for the model and the catalog that fills it
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "gp-gpu.h"
#include "gp-source.h"

G_BEGIN_DECLS

struct _GpGpu
{
  GObject         parent_instance;
  char           *id;
  char           *name;
  char           *vendor;
  char           *architecture;
  double          memory_gb;
  double          memory_bandwidth_gbps;
  double          fp32_tflops;
  double          tf32_tflops;
  double          fp16_tflops;
  double          bf16_tflops;
  double          fp8_tflops;
  double          tdp_w;
  guint           launch_year;
  gboolean        inference_only;  /* an inference accelerator: no training runs on it */
  char           *use_source_id;
  GpSource       *use_source;     /* what says what it is built for */
  GStrv           aliases;     /* other names sources give the model: "A100-80GB" */
  char           *notes;
  char           *tdp_source_id;  /* where the power comes from, when not the source */
  GpSource       *tdp_source;
  char           *source_id;
  GpSource       *source;
  GpCatalogLayer  layer;
};

GpGpu      *gp_gpu_new_empty      (void);

G_END_DECLS
