/* gp-workload.h — the training job the user wants to run
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "gp-types.h"

G_BEGIN_DECLS

#define GP_WORKLOAD_ERROR (gp_workload_error_quark ())

/**
 * GpWorkloadError:
 * @GP_WORKLOAD_ERROR_INVALID_VALUE: a value is impossible (no compute, a NaN, a negative size)
 * @GP_WORKLOAD_ERROR_UNKNOWN_REFERENCE: the preset or reference GPU does not exist
 * @GP_WORKLOAD_ERROR_NO_SPEED: the reference GPU has no figure to scale from
 * @GP_WORKLOAD_ERROR_NO_EXCHANGE_RATE: another currency is asked for without a rate
 */
typedef enum
{
  GP_WORKLOAD_ERROR_INVALID_VALUE,
  GP_WORKLOAD_ERROR_UNKNOWN_REFERENCE,
  GP_WORKLOAD_ERROR_NO_SPEED,
  GP_WORKLOAD_ERROR_NO_EXCHANGE_RATE,
} GpWorkloadError;

#define GP_TYPE_WORKLOAD (gp_workload_get_type ())

G_DECLARE_FINAL_TYPE (GpWorkload, gp_workload, GP, WORKLOAD, GObject)

GQuark              gp_workload_error_quark       (void);
GpWorkload         *gp_workload_new               (void);
GpWorkload         *gp_workload_copy              (GpWorkload   *self);
GVariant           *gp_workload_to_variant        (GpWorkload   *self);
void                gp_workload_apply_variant     (GpWorkload   *self,
                                                   GVariant     *variant);
gboolean            gp_workload_check             (GpWorkload   *workload,
                                                   GpCatalog    *catalog,
                                                   GpEstimatorData *data,
                                                   GError      **error);
GpPrecision         gp_workload_get_precision     (GpWorkload   *self);
void                gp_workload_set_precision     (GpWorkload   *self,
                                                   GpPrecision   precision);
guint               gp_workload_get_gpus          (GpWorkload   *self);
void                gp_workload_set_gpus          (GpWorkload   *self,
                                                   guint         gpus);
const char         *gp_workload_get_exchange_rate_basis (GpWorkload *self);
void                gp_workload_set_exchange_rate_basis (GpWorkload *self,
                                                         const char *basis);
gboolean            gp_workload_convert_currency  (GpWorkload   *self,
                                                   const char   *from,
                                                   const char   *to,
                                                   GVariant     *rates,
                                                   const char   *rates_as_of,
                                                   guint         stale_after_days);
double              gp_workload_get_tokens        (GpWorkload   *self);
void                gp_workload_set_tokens        (GpWorkload   *self,
                                                   double        tokens);
void                gp_workload_add_measurement   (GpWorkload   *self,
                                                   GpMeasurement *measurement);
void                gp_workload_clear_measurements (GpWorkload  *self);
GPtrArray          *gp_workload_get_measurements  (GpWorkload   *self);
GpMeasurement      *gp_workload_find_measurement  (GpWorkload   *self,
                                                   const char   *gpu);
double              gp_workload_get_model_billions (GpWorkload  *self);
void                gp_workload_set_model_billions (GpWorkload  *self,
                                                    double       model_billions);
guint               gp_workload_get_batch_size    (GpWorkload   *self);
void                gp_workload_set_batch_size    (GpWorkload   *self,
                                                   guint         batch_size);
guint               gp_workload_get_sequence_length (GpWorkload *self);
void                gp_workload_set_sequence_length (GpWorkload *self,
                                                     guint       sequence_length);
GpTrainingMethod    gp_workload_get_method        (GpWorkload   *self);
void                gp_workload_set_method        (GpWorkload   *self,
                                                   GpTrainingMethod method);
GpSharding          gp_workload_get_sharding      (GpWorkload   *self);
void                gp_workload_set_sharding      (GpWorkload   *self,
                                                   GpSharding    sharding);
GpLabLocation       gp_lab_location_for_language  (void);
GpLabLocation       gp_workload_get_lab_location  (GpWorkload   *self);
void                gp_workload_set_lab_location  (GpWorkload   *self,
                                                   GpLabLocation location);
gboolean            gp_workload_get_invoice_required (GpWorkload *self);
void                gp_workload_set_invoice_required (GpWorkload *self,
                                                      gboolean    required);
gboolean            gp_workload_get_usable_only   (GpWorkload   *self);
void                gp_workload_set_usable_only   (GpWorkload   *self,
                                                   gboolean      usable_only);
gboolean            gp_workload_get_interruptible (GpWorkload   *self);
gboolean            gp_workload_get_activation_checkpointing (GpWorkload *self);
void                gp_workload_set_activation_checkpointing (GpWorkload *self,
                                                              gboolean    checkpointing);
void                gp_workload_set_interruptible (GpWorkload   *self,
                                                   gboolean      interruptible);
const char * const *gp_workload_get_providers     (GpWorkload   *self);
void                gp_workload_set_providers     (GpWorkload   *self,
                                                   const char * const *providers);
double              gp_workload_get_speed_ratio   (GpWorkload   *self,
                                                   const char   *gpu_id);
void                gp_workload_set_speed_ratio   (GpWorkload   *self,
                                                   const char   *gpu_id,
                                                   double        ratio);
const char         *gp_workload_get_preset              (GpWorkload   *self);
void                gp_workload_set_preset              (GpWorkload   *self,
                                                   const char   *preset);
const char         *gp_workload_get_reference_gpu       (GpWorkload   *self);
void                gp_workload_set_reference_gpu       (GpWorkload   *self,
                                                   const char   *reference_gpu);
const char         *gp_workload_get_region              (GpWorkload   *self);
void                gp_workload_set_region              (GpWorkload   *self,
                                                   const char   *region);
const char         *gp_workload_get_currency            (GpWorkload   *self);
void                gp_workload_set_currency            (GpWorkload   *self,
                                                   const char   *currency);
double              gp_workload_get_gpu_hours           (GpWorkload   *self);
void                gp_workload_set_gpu_hours           (GpWorkload   *self,
                                                   double        gpu_hours);
double              gp_workload_get_dataset_gb          (GpWorkload   *self);
void                gp_workload_set_dataset_gb          (GpWorkload   *self,
                                                   double        dataset_gb);
double              gp_workload_get_results_gb          (GpWorkload   *self);
void                gp_workload_set_results_gb          (GpWorkload   *self,
                                                   double        results_gb);
double              gp_workload_get_checkpoint_minutes  (GpWorkload   *self);
void                gp_workload_set_checkpoint_minutes  (GpWorkload   *self,
                                                   double        checkpoint_minutes);
double              gp_workload_get_deadline_hours      (GpWorkload   *self);
void                gp_workload_set_deadline_hours      (GpWorkload   *self,
                                                   double        deadline_hours);
double              gp_workload_get_budget              (GpWorkload   *self);
void                gp_workload_set_budget              (GpWorkload   *self,
                                                   double        budget);
double              gp_workload_get_cross_border_mbps   (GpWorkload   *self);
void                gp_workload_set_cross_border_mbps   (GpWorkload   *self,
                                                         double        mbps);
double              gp_workload_get_usage_factor        (GpWorkload   *self);
void                gp_workload_set_usage_factor        (GpWorkload   *self,
                                                         double        value);
double              gp_workload_get_upload_mbps         (GpWorkload   *self);
void                gp_workload_set_upload_mbps         (GpWorkload   *self,
                                                   double        upload_mbps);
double              gp_workload_get_storage_per_gb_month(GpWorkload   *self);
void                gp_workload_set_storage_per_gb_month(GpWorkload   *self,
                                                   double        storage_per_gb_month);
double              gp_workload_get_restart_minutes     (GpWorkload   *self);
void                gp_workload_set_restart_minutes     (GpWorkload   *self,
                                                   double        restart_minutes);
double              gp_workload_get_scaling_efficiency  (GpWorkload   *self);
void                gp_workload_set_scaling_efficiency  (GpWorkload   *self,
                                                   double        scaling_efficiency);
double              gp_workload_get_interruptions_per_month(GpWorkload   *self);
void                gp_workload_set_interruptions_per_month(GpWorkload   *self,
                                                   double        interruptions_per_month);
double              gp_workload_get_spec_weight         (GpWorkload   *self);
void                gp_workload_set_spec_weight         (GpWorkload   *self,
                                                   double        spec_weight);
double              gp_workload_get_exchange_rate       (GpWorkload   *self);
void                gp_workload_set_exchange_rate       (GpWorkload   *self,
                                                   double        exchange_rate);

G_END_DECLS
