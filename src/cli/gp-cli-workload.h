/* gp-cli-workload.h — the options that describe a training job, shared by the commands
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "gp-cli-common.h"
#include "gp-estimate-list.h"
#include "gp-project.h"
#include "gp-workload.h"

G_BEGIN_DECLS

/* The options of a workload, shared by estimate, chart, recommend, breakeven and budget.
 * Numbers start as NAN so that an option left out keeps the model's default. */
typedef struct
{
  double   gpu_hours;
  char    *reference_gpu;
  char    *preset;
  char    *precision;
  int      gpus;
  double   dataset_gb;
  double   results_gb;
  double   checkpoint_minutes;
  gboolean interruptible;
  char    *lab_location;
  gboolean invoice_required;
  gboolean no_invoice_required;
  gboolean usable_only;
  char    *region;
  char   **providers;
  char    *currency;
  double   exchange_rate;
  double   storage_price;
  double   upload_mbps;
  double   cross_border_mbps;
  double   usage_factor;
  double   deadline_hours;
  double   budget;
  double   restart_minutes;
  double   scaling_efficiency;
  double   interruption_rate;
  double   tflops_weight;
  char   **speeds;
  double   model_billions;
  char    *method;
  char    *sharding;
  char    *activation_checkpointing;
  int      batch_size;
  int      sequence_length;
  double   tokens;
  char   **measurements;
} GpCliWorkloadOptions;

void            gp_cli_workload_options_init  (GpCliWorkloadOptions *options);
void            gp_cli_workload_options_clear (GpCliWorkloadOptions *options);
void            gp_cli_add_workload_entries   (GOptionContext       *context,
                                               GpCliWorkloadOptions *options);
gboolean        gp_cli_workload_lab_location  (GpCliWorkloadOptions *options,
                                               int                  *location,
                                               GError              **error);
GpWorkload     *gp_cli_build_workload         (GpCliWorkloadOptions *options,
                                               GError              **error);
gboolean        gp_cli_apply_measurements     (GpCliWorkloadOptions *options,
                                               GpWorkload           *workload,
                                               GpCatalog            *catalog,
                                               GError              **error);
GpEstimateList *gp_cli_run_estimate           (GOptionContext       *context,
                                               GpCliCommonOptions   *common,
                                               GpCliWorkloadOptions *options,
                                               GpCatalog           **catalog_out,
                                               int                  *exit_code);

GpWorkload     *gp_cli_plan_workload          (const GpProject      *project,
                                               GpCatalog            *catalog);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (GpCliWorkloadOptions, gp_cli_workload_options_clear)

G_END_DECLS
