/* gp-estimate-page.h — the workload form, the ranked estimates and their chart
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "gp-catalog.h"
#include "gp-settings.h"
#include "gp-chart-export.h"
#include "gp-chart-view.h"
#include "gp-estimate-list.h"
#include "gp-workload.h"

G_BEGIN_DECLS

#define GP_TYPE_ESTIMATE_PAGE (gp_estimate_page_get_type ())

G_DECLARE_FINAL_TYPE (GpEstimatePage, gp_estimate_page, GP, ESTIMATE_PAGE, AdwBin)

GpCatalog      *gp_estimate_page_get_catalog    (GpEstimatePage   *self);
void            gp_estimate_page_set_catalog    (GpEstimatePage   *self,
                                                 GpCatalog        *catalog);
GpWorkload     *gp_estimate_page_get_workload   (GpEstimatePage   *self);
GpEstimateList *gp_estimate_page_get_estimates  (GpEstimatePage   *self);
GpChartView    *gp_estimate_page_get_chart_view (GpEstimatePage   *self);
const char     *gp_estimate_page_get_error      (GpEstimatePage   *self);
void             gp_estimate_page_set_settings   (GpEstimatePage *self,
                                                  GpSettings     *settings);
void            gp_estimate_page_load_workload  (GpEstimatePage   *self,
                                                 GpWorkload       *workload);
gboolean        gp_estimate_page_export         (GpEstimatePage   *self,
                                                 GFile            *file,
                                                 GpChartFormat     format,
                                                 gboolean          csv,
                                                 const GpChartSize *size,
                                                 GpChartStyleKind  style,
                                                 GError          **error);
gboolean         gp_estimate_page_export_all     (GpEstimatePage     *self,
                                                  GFile              *file,
                                                  const GpChartSize  *size,
                                                  GpChartStyleKind    style_kind,
                                                  GError            **error);

gboolean        gp_estimate_page_import_measurement (GpEstimatePage  *self,
                                                     GFile           *file,
                                                     GError         **error);

gboolean        gp_estimate_page_has_job             (GpEstimatePage  *self);
void            gp_estimate_page_focus_filter        (GpEstimatePage  *self);

G_END_DECLS
