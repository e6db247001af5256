/* gp-export-dialog.h — how to export a chart: format, size, resolution and style
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "gp-chart-export.h"

G_BEGIN_DECLS

#define GP_TYPE_EXPORT_DIALOG (gp_export_dialog_get_type ())

G_DECLARE_FINAL_TYPE (GpExportDialog, gp_export_dialog, GP, EXPORT_DIALOG, AdwMessageDialog)

typedef enum
{
  GP_EXPORT_SIZE_SINGLE_COLUMN,
  GP_EXPORT_SIZE_FULL_WIDTH,
  GP_EXPORT_SIZE_SLIDE,
  GP_EXPORT_SIZE_CUSTOM_MM,
  GP_EXPORT_SIZE_CUSTOM_PX,
} GpExportSize;

GpExportDialog   *gp_export_dialog_new            (GtkWindow        *parent);
void              gp_export_dialog_set_chart      (GpExportDialog   *self,
                                                   GpChartKind       kind,
                                                   GpChartData      *data);
gboolean          gp_export_dialog_get_csv        (GpExportDialog   *self);
gboolean          gp_export_dialog_get_all_charts (GpExportDialog   *self);
GpChartFormat     gp_export_dialog_get_format     (GpExportDialog   *self);
void              gp_export_dialog_set_format     (GpExportDialog   *self,
                                                   GpChartFormat     format,
                                                   gboolean          csv);
void              gp_export_dialog_get_size       (GpExportDialog   *self,
                                                   GpChartSize      *size);
void              gp_export_dialog_set_size_preset (GpExportDialog  *self,
                                                   GpExportSize      preset);
GpChartStyleKind  gp_export_dialog_get_style_kind (GpExportDialog   *self);
const char       *gp_export_dialog_get_extension  (GpExportDialog   *self);
gboolean          gp_export_dialog_write          (GpChartKind       kind,
                                                   GpChartData      *data,
                                                   GFile            *file,
                                                   GpChartFormat     format,
                                                   gboolean          csv,
                                                   gboolean          all_charts,
                                                   const GpChartSize *size,
                                                   GpChartStyleKind  style_kind,
                                                   GError          **error);
GpExportDialog   *gp_export_dialog_run            (GtkWidget        *from,
                                                   GpChartKind       kind,
                                                   GpChartData      *data,
                                                   const char       *stem);

G_END_DECLS
