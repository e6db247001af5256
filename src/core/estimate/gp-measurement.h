/* gp-measurement.h — the user's own job, measured on a GPU they have
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "gp-types.h"

G_BEGIN_DECLS

#define GP_MEASUREMENT_ERROR (gp_measurement_error_quark ())

/**
 * GpMeasurementError:
 * @GP_MEASUREMENT_ERROR_MALFORMED: not a measurement file, or a field missing or of the wrong type
 * @GP_MEASUREMENT_ERROR_IMPOSSIBLE: a figure no measurement can have (a speed of 0 or less, a
 *   peak above the GPU's memory, a date not of the calendar)
 * @GP_MEASUREMENT_ERROR_FUTURE: dated after today
 * @GP_MEASUREMENT_ERROR_UNKNOWN_GPU: the GPU is none the catalog can name
 * @GP_MEASUREMENT_ERROR_NEWER: written by a newer version of the script
 * @GP_MEASUREMENT_ERROR_NOT_FOUND: no stored measurement has the id
 * @GP_MEASUREMENT_ERROR_UNUSABLE: a test run on the CPU, or measurements of different jobs
 */
typedef enum
{
  GP_MEASUREMENT_ERROR_MALFORMED,
  GP_MEASUREMENT_ERROR_IMPOSSIBLE,
  GP_MEASUREMENT_ERROR_FUTURE,
  GP_MEASUREMENT_ERROR_UNKNOWN_GPU,
  GP_MEASUREMENT_ERROR_NEWER,
  GP_MEASUREMENT_ERROR_NOT_FOUND,
  GP_MEASUREMENT_ERROR_UNUSABLE,
} GpMeasurementError;

#define GP_TYPE_MEASUREMENT (gp_measurement_get_type ())

G_DECLARE_FINAL_TYPE (GpMeasurement, gp_measurement, GP, MEASUREMENT, GObject)

GQuark            gp_measurement_error_quark          (void);
GpMeasurement    *gp_measurement_new_from_bytes       (GBytes         *bytes,
                                                       const char     *file_name,
                                                       GpCatalog      *catalog,
                                                       const char     *today,
                                                       GError        **error);
GpMeasurement    *gp_measurement_new_from_file        (GFile          *file,
                                                       GpCatalog      *catalog,
                                                       GError        **error);
GBytes           *gp_measurement_get_bytes            (GpMeasurement  *self);
const char       *gp_measurement_get_id               (GpMeasurement  *self);
const char       *gp_measurement_get_gpu_name         (GpMeasurement  *self);
const char       *gp_measurement_get_gpu              (GpMeasurement  *self);
double            gp_measurement_get_gpu_memory_gb    (GpMeasurement  *self);
const char       *gp_measurement_get_date             (GpMeasurement  *self);
const char       *gp_measurement_get_torch_version    (GpMeasurement  *self);
const char       *gp_measurement_get_cuda_version     (GpMeasurement  *self);
double            gp_measurement_get_tokens_per_second (GpMeasurement *self);
double            gp_measurement_get_peak_allocated_gb (GpMeasurement *self);
double            gp_measurement_get_peak_reserved_gb (GpMeasurement  *self);
gboolean          gp_measurement_is_test_run          (GpMeasurement  *self);
const char       *gp_measurement_get_preset           (GpMeasurement  *self);
double            gp_measurement_get_model_billions   (GpMeasurement  *self);
GpTrainingMethod  gp_measurement_get_method           (GpMeasurement  *self);
GpPrecision       gp_measurement_get_precision        (GpMeasurement  *self);
guint             gp_measurement_get_batch_size       (GpMeasurement  *self);
guint             gp_measurement_get_sequence_length  (GpMeasurement  *self);
gboolean          gp_measurement_get_activation_checkpointing (GpMeasurement *self);
gboolean          gp_measurement_same_job             (GpMeasurement  *self,
                                                       GpMeasurement  *other);
char             *gp_measurement_dup_basis            (GpMeasurement  *self);
char             *gp_measurement_dup_job_label        (GpMeasurement  *self);

G_END_DECLS
