/* gp-chart-export.h — a chart as a PNG, SVG or PDF file of a given size
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "gp-chart.h"

G_BEGIN_DECLS

#define GP_CHART_ERROR (gp_chart_error_quark ())

typedef enum
{
  GP_CHART_ERROR_SIZE,
  GP_CHART_ERROR_FORMAT,
  GP_CHART_ERROR_DRAW,
} GpChartError;

typedef enum
{
  GP_CHART_FORMAT_PNG,
  GP_CHART_FORMAT_SVG,
  GP_CHART_FORMAT_PDF,
} GpChartFormat;

/* Pixel sizes are drawn at this resolution: a 1920-pixel slide is 960 points wide. */
#define GP_CHART_PIXEL_DPI 144.0

/**
 * GpChartSize:
 * @width_mm: the width in millimetres, or 0 to give pixels
 * @height_mm: the height in millimetres
 * @dpi: the PNG's resolution for a size in millimetres
 * @width_px: the width in pixels, when @width_mm is 0
 * @height_px: the height in pixels
 */
typedef struct
{
  double width_mm;
  double height_mm;
  double dpi;
  guint  width_px;
  guint  height_px;
  /* the height in millimetres is the least: a bar chart grows taller, up to four times its
   * width, until every platform's best option has its bar */
  gboolean height_at_least;
} GpChartSize;

GQuark   gp_chart_error_quark           (void);
gboolean gp_chart_format_from_filename  (const char          *filename,
                                         GpChartFormat       *format);
gboolean gp_chart_size_get_points       (const GpChartSize   *size,
                                         double              *width_pt,
                                         double              *height_pt,
                                         GError             **error);
gboolean gp_chart_size_fit              (GpChartKind          kind,
                                         GpChartData         *data,
                                         const GpChartStyle  *style,
                                         const GpChartSize   *size,
                                         double              *width_pt,
                                         double              *height_pt,
                                         GError             **error);
double   gp_chart_least_height          (GpChartKind          kind,
                                         GpChartData         *data,
                                         const GpChartStyle  *style,
                                         double               width,
                                         double               height);
GBytes  *gp_chart_render                (GpChartFormat        format,
                                         GpChartKind          kind,
                                         GpChartData         *data,
                                         const GpChartStyle  *style,
                                         const GpChartSize   *size,
                                         GError             **error);
GBytes  *gp_chart_render_all_pdf        (GpChartData         *data,
                                         const GpChartStyle  *style,
                                         const GpChartSize   *size,
                                         GError             **error);
gboolean gp_chart_export                (GFile               *file,
                                         GpChartFormat        format,
                                         GpChartKind          kind,
                                         GpChartData         *data,
                                         const GpChartStyle  *style,
                                         const GpChartSize   *size,
                                         GError             **error);

cairo_status_t gp_chart_append_to_byte_array (void                *byte_array,
                                             const unsigned char *data,
                                             unsigned int         length);

G_END_DECLS
