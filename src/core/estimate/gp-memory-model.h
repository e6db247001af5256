/* gp-memory-model.h — the GPU memory a job needs, per GPU
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "gp-estimator-data.h"
#include "gp-preset.h"
#include "gp-types.h"
#include "gp-workload.h"

G_BEGIN_DECLS

/* What decides a job's memory, with the workload's blanks filled from its preset. */
typedef struct
{
  double           model_billions;   /* 0 when neither the workload nor its preset says */
  GpTrainingMethod method;           /* never DEFAULT */
  GpSharding       sharding;         /* never DEFAULT */
  GpPrecision      precision;
  guint            batch_size;       /* sequences per GPU per step, 0 when not stated */
  guint            sequence_length;  /* tokens per sequence, 0 when not stated */
  gboolean         checkpointing;    /* every layer recomputed in the backward pass */
  double           measured_gb;      /* the preset's measured need on one GPU, NAN when none */
} GpMemoryJob;

/* The fewest GPUs of one model that hold a job, and how its states are spread over them. */
typedef struct
{
  guint      gpus;
  GpSharding sharding;   /* never DEFAULT */
  double     needed_gb;  /* on each GPU */
  guint      instance_gpus; /* the fewest, at least @gpus, an instance of the GPU has; 0 if none */
} GpMemoryFit;

void         gp_memory_job_init             (GpMemoryJob       *job,
                                             GpWorkload        *workload,
                                             GpPreset          *preset);
gboolean     gp_memory_job_is_known         (const GpMemoryJob *job);
double       gp_memory_needed_gb            (GpEstimatorData   *data,
                                             const GpMemoryJob *job,
                                             guint              gpus);
char        *gp_memory_dup_description      (GpEstimatorData   *data,
                                             const GpMemoryJob *job,
                                             guint              gpus);
gboolean     gp_memory_find_fit             (GpEstimatorData   *data,
                                             const GpMemoryJob *job,
                                             double             gpu_memory_gb,
                                             guint              max_gpus,
                                             GpMemoryFit       *fit);
char        *gp_memory_fit_dup_label        (const GpMemoryFit *fit);

/* One change of a job that makes it fit a GPU it did not. */
typedef enum
{
  GP_MEMORY_REMEDY_LORA,
  GP_MEMORY_REMEDY_QLORA,
  GP_MEMORY_REMEDY_CHECKPOINTING,
  GP_MEMORY_REMEDY_BATCH,
} GpMemoryRemedyKind;

typedef struct
{
  GpMemoryRemedyKind kind;
  guint              batch_size; /* the largest that fits, for GP_MEMORY_REMEDY_BATCH */
  double             needed_gb;  /* on each GPU, with the change */
} GpMemoryRemedy;

GArray      *gp_memory_find_remedies        (GpEstimatorData      *data,
                                             const GpMemoryJob    *job,
                                             guint                 gpus,
                                             double                gpu_memory_gb);
char        *gp_memory_remedy_dup_label     (const GpMemoryRemedy *remedy);
gboolean     gp_training_method_from_string (const char        *text,
                                             GpTrainingMethod  *method);
const char  *gp_training_method_get_label   (GpTrainingMethod   method);
gboolean     gp_sharding_from_string        (const char        *text,
                                             GpSharding        *sharding);

G_END_DECLS
