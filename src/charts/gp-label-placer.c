/* gp-label-placer.c — where a chart's labels go, so that none covers another
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A label is tried at spots around its point, nearest first; the first spot inside the bounds
 * that covers no label or point placed before (and, if it can, no drawn line) wins. A label with
 * no free spot is left out rather than drawn over another.
 */

#include "config.h"

#include <math.h>

#include "gp-label-placer.h"

void
gp_label_placer_init (GpLabelPlacer     *placer,
                      const GpChartRect *bounds)
{
  placer->bounds = *bounds;
  placer->taken = g_array_new (FALSE, FALSE, sizeof (GpChartRect));
  placer->lines = g_array_new (FALSE, FALSE, sizeof (GpChartRect));
}

void
gp_label_placer_clear (GpLabelPlacer *placer)
{
  g_clear_pointer (&placer->taken, g_array_unref);
  g_clear_pointer (&placer->lines, g_array_unref);
}

void
gp_label_placer_take (GpLabelPlacer     *placer,
                      const GpChartRect *rect)
{
  g_array_append_val (placer->taken, *rect);
}

/* Labels keep off a drawn line when they can: its path is marked, square by square. */
void
gp_label_placer_mark_segment (GpLabelPlacer *placer,
                              double         x0,
                              double         y0,
                              double         x1,
                              double         y1,
                              double         radius)
{
  double length = MAX (hypot (x1 - x0, y1 - y0), radius);

  for (double t = 0; t <= 1; t += radius / length)
    {
      GpChartRect mark = { x0 + t * (x1 - x0) - radius, y0 + t * (y1 - y0) - radius,
                           2 * radius, 2 * radius };
      g_array_append_val (placer->lines, mark);
    }
}

static gboolean
rects_overlap (const GpChartRect *a,
               const GpChartRect *b)
{
  return a->x < b->x + b->width && b->x < a->x + a->width &&
         a->y < b->y + b->height && b->y < a->y + a->height;
}

static gboolean
spot_is_free (const GpLabelPlacer *placer,
              const GpChartRect   *rect,
              gboolean             avoid_lines)
{
  const GpChartRect *bounds = &placer->bounds;

  if (rect->x < bounds->x || rect->y < bounds->y ||
      rect->x + rect->width > bounds->x + bounds->width ||
      rect->y + rect->height > bounds->y + bounds->height)
    return FALSE;

  for (guint i = 0; i < placer->taken->len; i++)
    if (rects_overlap (rect, &g_array_index (placer->taken, GpChartRect, i)))
      return FALSE;

  for (guint i = 0; avoid_lines && i < placer->lines->len; i++)
    if (rects_overlap (rect, &g_array_index (placer->lines, GpChartRect, i)))
      return FALSE;

  return TRUE;
}

/* Places a label near a point: right, left, above, below, then further out. */
gboolean
gp_label_placer_place (GpLabelPlacer *placer,
                       double         px,
                       double         py,
                       double         width,
                       double         height,
                       double         gap,
                       GpChartRect   *out)
{
  double w = width, h = height;
  const GpChartRect candidates[] = {
    { px + gap, py - h / 2, w, h },
    { px - gap - w, py - h / 2, w, h },
    { px - w / 2, py - gap - h, w, h },
    { px - w / 2, py + gap, w, h },
    { px + gap, py - gap - h, w, h },
    { px + gap, py + gap, w, h },
    { px - gap - w, py - gap - h, w, h },
    { px - gap - w, py + gap, w, h },
    { px - w / 2, py - gap - 2.2 * h, w, h },
    { px - w / 2, py + gap + 1.2 * h, w, h },
    { px + gap, py - gap - 2.2 * h, w, h },
    { px - gap - w, py - gap - 2.2 * h, w, h },
  };

  for (int pass = 0; pass < 2; pass++)
    for (guint c = 0; c < G_N_ELEMENTS (candidates); c++)
      if (spot_is_free (placer, &candidates[c], pass == 0))
        {
          *out = candidates[c];
          g_array_append_val (placer->taken, candidates[c]);
          return TRUE;
        }

  return FALSE;
}
