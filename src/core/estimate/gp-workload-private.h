/* gp-workload-private.h — a job's fields, for the units that implement GpWorkload
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "gp-workload.h"

G_BEGIN_DECLS

/* The job's properties, shared by the units that notify them. */
enum
{
  PROP_0,
  PROP_PRESET,
  PROP_REFERENCE_GPU,
  PROP_REGION,
  PROP_CURRENCY,
  PROP_EXCHANGE_RATE_BASIS,
  PROP_GPU_HOURS,
  PROP_DATASET_GB,
  PROP_RESULTS_GB,
  PROP_CHECKPOINT_MINUTES,
  PROP_DEADLINE_HOURS,
  PROP_BUDGET,
  PROP_UPLOAD_MBPS,
  PROP_STORAGE_PER_GB_MONTH,
  PROP_RESTART_MINUTES,
  PROP_SCALING_EFFICIENCY,
  PROP_INTERRUPTIONS_PER_MONTH,
  PROP_SPEC_WEIGHT,
  PROP_EXCHANGE_RATE,
  PROP_MODEL_BILLIONS,
  PROP_TOKENS,
  PROP_CROSS_BORDER_MBPS,
  PROP_USAGE_FACTOR,
  PROP_BATCH_SIZE,
  PROP_SEQUENCE_LENGTH,
  PROP_METHOD,
  PROP_SHARDING,
  PROP_PRECISION,
  PROP_GPUS,
  PROP_INTERRUPTIBLE,
  PROP_LAB_LOCATION,
  PROP_INVOICE_REQUIRED,
  PROP_USABLE_ONLY,
  PROP_ACTIVATION_CHECKPOINTING,
  PROP_PROVIDERS,
  N_PROPS
};

struct _GpWorkload
{
  GObject      parent_instance;
  char        *preset;
  char        *reference_gpu;
  char        *region;
  char        *currency;
  char        *exchange_rate_basis;
  double       gpu_hours;
  double       dataset_gb;
  double       results_gb;
  double       checkpoint_minutes;
  double       deadline_hours;
  double       budget;
  double       upload_mbps;
  double       storage_per_gb_month;
  double       restart_minutes;
  double       scaling_efficiency;
  double       interruptions_per_month;
  double       spec_weight;
  double       exchange_rate;
  double       model_billions;
  double tokens;
  double cross_border_mbps;
  double usage_factor;
  guint        batch_size;
  guint        sequence_length;
  GpTrainingMethod method;
  GpSharding   sharding;
  GpPrecision  precision;
  guint        gpus;
  gboolean     interruptible;
  GpLabLocation lab_location;
  gboolean invoice_required; /* the lab pays only against Chinese invoices */
  gboolean usable_only;      /* only what the lab can reach and pay */
  gboolean activation_checkpointing;
  char       **providers;
  GHashTable  *speed_ratios;  /* GPU id → gdouble[1] */
  GPtrArray *measurements;    /* GpMeasurement: the first is the reference */
};

/* Notifies @prop_id (none for PROP_0), then emits "changed". */
void   _gp_workload_changed    (GpWorkload *self,
                                guint       prop_id);
/* A figure, PROP_GPU_HOURS to PROP_USAGE_FACTOR, read and set through the table of figures. */
double _gp_workload_get_figure (GpWorkload *self,
                                guint       prop_id);
void   _gp_workload_set_figure (GpWorkload *self,
                                guint       prop_id,
                                double      value);

G_END_DECLS
