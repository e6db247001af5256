/* gp-workload-private.h — a job's fields, for the units that implement GpWorkload
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "gp-workload.h"

G_BEGIN_DECLS

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

G_END_DECLS
