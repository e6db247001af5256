/* gp-estimate-list.h — every offer's estimate for one workload, cheapest first
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "gp-catalog.h"
#include "gp-estimate.h"
#include "gp-estimator-data.h"
#include "gp-memory-model.h"
#include "gp-workload.h"

G_BEGIN_DECLS

#define GP_TYPE_ESTIMATE_LIST (gp_estimate_list_get_type ())

G_DECLARE_FINAL_TYPE (GpEstimateList, gp_estimate_list, GP, ESTIMATE_LIST, GObject)

GpEstimateList     *gp_estimate_list_new          (GpCatalog            *catalog,
                                                   GpWorkload           *workload,
                                                   GpEstimatorData      *data,
                                                   GError              **error);
GpEstimateList     *gp_estimate_list_new_for_instance (GpCatalog          *catalog,
                                                       GpWorkload         *workload,
                                                       GpInstance         *instance,
                                                       GError            **error);
void                gp_estimate_list_new_async    (GpCatalog            *catalog,
                                                   GpWorkload           *workload,
                                                   GpEstimatorData      *data,
                                                   GCancellable         *cancellable,
                                                   GAsyncReadyCallback   callback,
                                                   gpointer              user_data);
GpEstimateList     *gp_estimate_list_new_finish   (GAsyncResult         *result,
                                                   GError              **error);
GpWorkload         *gp_estimate_list_get_workload (GpEstimateList       *self);
const char         *gp_estimate_list_get_currency (GpEstimateList       *self);
guint               gp_estimate_list_get_stale_after_days (GpEstimateList *self);
const char * const *gp_estimate_list_get_skipped  (GpEstimateList       *self);
guint               gp_estimate_list_get_n_options (GpEstimateList *self);
double              gp_estimate_list_get_gpu_hours (GpEstimateList *self);
const char         *gp_estimate_list_get_reference_gpu (GpEstimateList *self);
GpGpu              *gp_estimate_list_get_reference_model (GpEstimateList *self);
const char         *gp_estimate_list_get_reference_gpu_name (GpEstimateList *self);
double              gp_estimate_list_get_total    (GpEstimateList       *self,
                                                   guint                 position);
gboolean            gp_estimate_list_find_fit     (GpEstimateList       *self,
                                                   GpMemoryFit          *fit);

G_END_DECLS
