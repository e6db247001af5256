/* gp-chart-geometry.h — rectangles and line labels in chart units, for layout and placing alike
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * GpChartRect:
 * @x: left
 * @y: top
 * @width: width
 * @height: height
 *
 * A rectangle in chart units (points).
 */
typedef struct
{
  double x, y, width, height;
} GpChartRect;

/**
 * GpChartLabel:
 * @item: the item it names, an index into the data
 * @line: its line's colour and dashes, among the highlighted
 * @rect: where its text goes
 * @anchor_x: the point it names, which a leader line joins
 * @anchor_y: likewise
 * @origin_y: where its line starts, at the left of the plot
 * @numbered: it is the line's number beside its end, and the key under the axis names it;
 *   otherwise it is the name, in a column right of the plot, joined by a leader line
 *
 * A line chart's label, at its line's end.
 */
typedef struct
{
  int         item;
  guint       line;
  GpChartRect rect;
  double      anchor_x;
  double      anchor_y;
  gboolean    numbered;
  double      origin_y;
} GpChartLabel;

G_END_DECLS
