/* gp-chart-style.h — the colours, type and patterns a chart is drawn with
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  GP_CHART_STYLE_LIGHT,
  GP_CHART_STYLE_DARK,
  GP_CHART_STYLE_PRINT,
  GP_CHART_STYLE_PRESENTATION,
} GpChartStyleKind;

/* One per way of paying (#GpEstimatePricing), Capacity Block the last. */
#define GP_CHART_N_SERIES 6

/* The most lines a line chart draws in colour, each labelled; the rest are grey. */
#define GP_CHART_N_LINES 8

typedef struct
{
  double red, green, blue;
} GpChartColor;

/**
 * GpChartStyle:
 * @kind: the style it was made from
 * @background: the canvas
 * @foreground: text and axes
 * @muted: secondary text (footnote, tick labels)
 * @warning: text that warns, such as a date past the staleness limit
 * @grid: grid lines
 * @series: one colour per group or part, in the order of #GpChartKind's series
 * @lines: one colour per highlighted line of a line chart
 * @patterns: fill bars with hatching too, so print in grayscale stays readable
 * @footnote: draw the footnote (the workload, the sources) under the plot; a screen that
 *   shows it apart leaves it out
 * @font_family: the Pango family list
 * @font_scale: multiplies every type size (presentation: large type)
 *
 * A chart reads no GTK style: the widget fills this from the theme, exports from a preset.
 * Sizes are in points; the caller scales the cairo context so that one unit is one point.
 */
typedef struct
{
  GpChartStyleKind kind;
  GpChartColor     background;
  GpChartColor     foreground;
  GpChartColor     muted;
  GpChartColor     warning;
  GpChartColor     grid;
  GpChartColor     series[GP_CHART_N_SERIES];
  GpChartColor     lines[GP_CHART_N_LINES];
  gboolean         patterns;
  gboolean         footnote;
  const char      *font_family;
  double           font_scale;
} GpChartStyle;

void     gp_chart_style_init       (GpChartStyle     *style,
                                    GpChartStyleKind  kind);
gboolean gp_chart_style_kind_parse (const char       *text,
                                    GpChartStyleKind *kind);
guint    gp_chart_style_get_dashes (const GpChartStyle *style,
                                    guint               line,
                                    const double      **dashes);

G_END_DECLS
