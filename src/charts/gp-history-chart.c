/* gp-history-chart.c — an offer's prices over time, as a small chart
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The on-demand and the spot price of one offer as steps over the dates of its history (a
 * price holds until the next point), the price axis from zero so that a cut reads as the share
 * it is, the first and last dates under it and each line's latest price at its end. Drawn with
 * cairo for the offer's details; the same code draws into an image in the tests.
 */

#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "gp-chart-text.h"
#include "gp-format.h"
#include "gp-history-chart.h"
#include "gp-price-history.h"

#define FONT      "Sans"
#define FONT_SIZE 11.0
#define PAD       4.0

static double
day_of (const char *date)
{
  g_autoptr(GDateTime) time = NULL;
  g_autofree char *iso = g_strdup_printf ("%sT00:00:00Z", date);

  time = g_date_time_new_from_iso8601 (iso, NULL);
  return time != NULL ? g_date_time_to_unix (time) / 86400.0 : NAN;
}

static void
set_color (cairo_t      *cr,
           const double *rgba)
{
  cairo_set_source_rgba (cr, rgba[0], rgba[1], rgba[2], rgba[3]);
}

/* Text at (x, y), anchored by its share of its width (0 left, 1 right) and of its height. */
static void
show_text (cairo_t    *cr,
           const char *text,
           double      x,
           double      y,
           double      anchor_x,
           double      anchor_y)
{
  g_autoptr(PangoLayout) layout = gp_chart_text_layout (cr, FONT, text, FONT_SIZE, FALSE, 0);
  double width, height;

  gp_chart_text_size (layout, &width, &height);
  cairo_move_to (cr, x - anchor_x * width, y - anchor_y * height);
  pango_cairo_show_layout (cr, layout);
}

static double
text_width (cairo_t    *cr,
            const char *text)
{
  g_autoptr(PangoLayout) layout = gp_chart_text_layout (cr, FONT, text, FONT_SIZE, FALSE, 0);
  double width;

  gp_chart_text_size (layout, &width, NULL);
  return width;
}

/* One price's steps; FALSE where the series has none of it. */
static gboolean
draw_line (cairo_t *cr,
           GArray  *points,
           gboolean spot,
           double   first_day,
           double   x_scale,
           double   y_scale,
           double   left,
           double   bottom,
           double   right)
{
  gboolean started = FALSE;
  double last_y = 0;

  for (guint i = 0; i < points->len; i++)
    {
      const GpPricePoint *point = &g_array_index (points, GpPricePoint, i);
      double price = spot ? point->spot : point->on_demand;
      double x = left + (day_of (point->date) - first_day) * x_scale;
      double y = bottom - price * y_scale;

      if (isnan (price))
        continue;
      if (!started)
        cairo_move_to (cr, x, y);
      else
        {
          cairo_line_to (cr, x, last_y);
          cairo_line_to (cr, x, y);
        }
      started = TRUE;
      last_y = y;
    }
  if (started)
    {
      cairo_line_to (cr, right, last_y);
      cairo_stroke (cr);
    }
  return started;
}

static double
latest (GArray  *points,
        gboolean spot)
{
  for (guint i = points->len; i > 0; i--)
    {
      const GpPricePoint *point = &g_array_index (points, GpPricePoint, i - 1);
      double price = spot ? point->spot : point->on_demand;

      if (!isnan (price))
        return price;
    }
  return NAN;
}

/**
 * gp_history_chart_draw:
 * @cr: where to draw
 * @width: the chart's width
 * @height: the chart's height
 * @points: (element-type GpPricePoint): the offer's points, oldest first
 * @currency: the prices' currency, for the axis
 * @colors: the colours to draw in
 *
 * Returns: whether there was anything to draw (at least one dated price)
 */
gboolean
gp_history_chart_draw (cairo_t                    *cr,
                       double                      width,
                       double                      height,
                       GArray                     *points,
                       const char                 *currency,
                       const GpHistoryChartColors *colors)
{
  double first_day, last_day, top_price = 0, line_height, left, right, bottom, top;
  double x_scale, y_scale;
  g_autofree char *top_label = NULL, *od_label = NULL, *spot_label = NULL;
  const GpPricePoint *first, *last;

  if (points == NULL || points->len == 0)
    return FALSE;
  first = &g_array_index (points, GpPricePoint, 0);
  last = &g_array_index (points, GpPricePoint, points->len - 1);
  first_day = day_of (first->date);
  last_day = MAX (day_of (last->date), first_day + 1);
  for (guint i = 0; i < points->len; i++)
    {
      const GpPricePoint *point = &g_array_index (points, GpPricePoint, i);

      if (!isnan (point->on_demand))
        top_price = MAX (top_price, point->on_demand);
      if (!isnan (point->spot))
        top_price = MAX (top_price, point->spot);
    }
  if (!(top_price > 0) || isnan (first_day))
    return FALSE;

  top_label = gp_format_money (top_price, currency);
  od_label = gp_format_money (latest (points, FALSE), currency);
  spot_label =
      isnan (latest (points, TRUE)) ? NULL : gp_format_money (latest (points, TRUE), currency);
  line_height = FONT_SIZE * 1.4;
  left = text_width (cr, top_label) + 2 * PAD;
  right = width -
          MAX (text_width (cr, od_label), spot_label != NULL ? text_width (cr, spot_label) : 0) -
          2 * PAD;
  top = line_height / 2 + PAD;
  bottom = height - line_height - PAD;
  if (right - left < 40 || bottom - top < 30)
    return FALSE;
  x_scale = (right - left) / (last_day - first_day);
  y_scale = (bottom - top) / top_price;

  /* The axes: the price from zero, the dates of the first and last points. */
  set_color (cr, colors->text);
  cairo_set_line_width (cr, 1);
  cairo_move_to (cr, left, top);
  cairo_line_to (cr, left, bottom);
  cairo_line_to (cr, right, bottom);
  cairo_stroke (cr);
  show_text (cr, top_label, left - PAD, top, 1, 0.5);
  show_text (cr, "0", left - PAD, bottom, 1, 0.5);
  show_text (cr, first->date, left, bottom + PAD, 0, 0);
  show_text (cr, last->date, right, bottom + PAD, 1, 0);

  cairo_set_line_width (cr, 2);
  set_color (cr, colors->on_demand);
  if (draw_line (cr, points, FALSE, first_day, x_scale, y_scale, left, bottom, right))
    show_text (cr, od_label, right + PAD, bottom - latest (points, FALSE) * y_scale, 0, 0.5);
  set_color (cr, colors->spot);
  {
    const double dash[] = { 4, 3 };

    cairo_set_dash (cr, dash, G_N_ELEMENTS (dash), 0);
    if (draw_line (cr, points, TRUE, first_day, x_scale, y_scale, left, bottom, right))
      show_text (cr, spot_label, right + PAD, bottom - latest (points, TRUE) * y_scale, 0, 0.5);
    cairo_set_dash (cr, NULL, 0, 0);
  }
  return TRUE;
}
