/* gp-chart-text.h — type set and measured alike on charts, slides and the summary PDF
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <pango/pangocairo.h>

G_BEGIN_DECLS

PangoContext *gp_chart_text_context   (cairo_t     *cr);
PangoContext *gp_chart_text_context_new (cairo_t      *cr,
                                         PangoFontMap *font_map);
void          gp_chart_text_forget    (cairo_t     *cr);
PangoLayout  *gp_chart_text_layout    (cairo_t     *cr,
                                       const char  *family,
                                       const char  *text,
                                       double       size,
                                       gboolean     bold,
                                       double       wrap_width);
PangoLayout  *gp_chart_text_layout_in (PangoContext *context,
                                       const char   *family,
                                       const char   *text,
                                       double        size,
                                       gboolean      bold,
                                       double        wrap_width);
void          gp_chart_text_size      (PangoLayout *layout,
                                       double      *width,
                                       double      *height);
cairo_t      *gp_chart_new_measuring_context (void);

G_END_DECLS
