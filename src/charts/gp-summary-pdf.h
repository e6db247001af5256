/* gp-summary-pdf.h — a document (a summary, a budget) set as an A4 PDF
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>
#include <gio/gio.h>

#include "gp-chart-data.h"
#include "gp-document.h"

G_BEGIN_DECLS

GBytes *gp_summary_render_pdf            (const char   *markdown,
                                          GError      **error);
GBytes *gp_summary_render_pdf_with_chart (const char   *markdown,
                                          const char   *chart_mark,
                                          GpChartKind   kind,
                                          GpChartData  *data,
                                          GString      *drawn,
                                          GError      **error);

void    gp_document_draw                 (GpDocument   *document,
                                          cairo_t      *cr,
                                          GpChartKind   kind,
                                          GpChartData  *data,
                                          GString      *drawn);
GBytes *gp_document_render_pdf           (GpDocument   *document,
                                          GpChartKind   kind,
                                          GpChartData  *data,
                                          GString      *drawn,
                                          GError      **error);

G_END_DECLS
