/* gp-chart-view.h — a chart on screen: themed, hoverable, keyboard-navigable, described
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "gp-chart.h"

G_BEGIN_DECLS

#define GP_TYPE_CHART_VIEW (gp_chart_view_get_type ())

G_DECLARE_FINAL_TYPE (GpChartView, gp_chart_view, GP, CHART_VIEW, GtkWidget)

GtkWidget   *gp_chart_view_new           (void);
GpChartData *gp_chart_view_get_data      (GpChartView *self);
void         gp_chart_view_set_data      (GpChartView *self,
                                          GpChartData *data);
GpChartKind  gp_chart_view_get_kind      (GpChartView *self);
void         gp_chart_view_set_kind      (GpChartView *self,
                                          GpChartKind  kind);
int          gp_chart_view_get_selected  (GpChartView *self);
void         gp_chart_view_set_selected  (GpChartView *self,
                                          int          index);
char        *gp_chart_view_dup_item_text (GpChartView *self,
                                          int          index);
const char  *gp_chart_view_get_description (GpChartView *self);
void         gp_chart_view_get_style     (GpChartView  *self,
                                          GpChartStyle *style);

G_END_DECLS
