/* gp-history-chart.c — an offer's prices over time, as a small chart
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The on-demand and the spot price of one offer, and a Capacity Block's where it has a series
 * of them, as steps over the dates of its history (a price holds until the next point), the
 * price axis from zero so that a cut reads as the share it is, the first and last dates under
 * it and each line's latest price at its end. Drawn with cairo for the offer's details; the
 * same code draws into an image in the tests.
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

typedef enum
{
  LINE_ON_DEMAND,
  LINE_SPOT,
  LINE_CAPACITY_BLOCK,
  N_LINES
} Line;

static double
price_of (const GpPricePoint *point,
          Line                line)
{
  switch (line)
    {
    case LINE_SPOT:
      return point->spot;
    case LINE_CAPACITY_BLOCK:
      return point->capacity_block;
    case LINE_ON_DEMAND:
    case N_LINES:
    default:
      return point->on_demand;
    }
}

/* One price's steps; FALSE where the series has none of it. */
static gboolean
draw_line (cairo_t *cr,
           GArray  *points,
           Line     line,
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
      double price = price_of (point, line);
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
latest (GArray *points,
        Line    line)
{
  for (guint i = points->len; i > 0; i--)
    {
      const GpPricePoint *point = &g_array_index (points, GpPricePoint, i - 1);
      double price = price_of (point, line);

      if (!isnan (price))
        return price;
    }
  return NAN;
}

/* Moves the labels of the lines drawn apart, at least @gap between centres, within [@top,
 * @bottom]: a Capacity Block ending near the on-demand price would print over it. */
static void
spread_labels (double         *ys,
               const gboolean *drawn,
               double          gap,
               double          top,
               double          bottom)
{
  int order[N_LINES], n = 0;

  for (int i = 0; i < N_LINES; i++)
    if (drawn[i])
      {
        int at = n++;

        /* Insertion by height: three lines at most. */
        while (at > 0 && ys[order[at - 1]] > ys[i])
          {
            order[at] = order[at - 1];
            at--;
          }
        order[at] = i;
      }
  for (int k = 1; k < n; k++)
    ys[order[k]] = MAX (ys[order[k]], ys[order[k - 1]] + gap);
  if (n > 0 && ys[order[n - 1]] > bottom)
    {
      ys[order[n - 1]] = bottom;
      for (int k = n - 1; k > 0; k--)
        ys[order[k - 1]] = MIN (ys[order[k - 1]], ys[order[k]] - gap);
    }
  for (int k = 0; k < n; k++)
    ys[order[k]] = MAX (ys[order[k]], top);
}

gboolean
gp_history_chart_draw (cairo_t                    *cr,
                       double                      width,
                       double                      height,
                       GArray                     *points,
                       const char                 *currency,
                       const GpHistoryChartColors *colors)
{
  static const double dashes[N_LINES][2] = { { 0, 0 }, { 4, 3 }, { 0.5, 4.5 } };
  const double *line_colors[N_LINES] = { colors->on_demand, colors->spot, colors->capacity_block };
  double first_day, last_day, top_price = 0, line_height, left, right, bottom, top;
  double x_scale, y_scale, labels_width = 0, label_y[N_LINES] = { 0 };
  gboolean drawn[N_LINES] = { FALSE };
  g_autofree char *top_label = NULL;
  char *labels[N_LINES] = { NULL };
  const GpPricePoint *first, *last;

  if (points == NULL || points->len == 0)
    return FALSE;
  first = &g_array_index (points, GpPricePoint, 0);
  last = &g_array_index (points, GpPricePoint, points->len - 1);
  first_day = day_of (first->date);
  last_day = MAX (day_of (last->date), first_day + 1);
  for (guint i = 0; i < points->len; i++)
    for (Line line = 0; line < N_LINES; line++)
      {
        double price = price_of (&g_array_index (points, GpPricePoint, i), line);

        if (!isnan (price))
          top_price = MAX (top_price, price);
      }
  if (!(top_price > 0) || isnan (first_day))
    return FALSE;

  top_label = gp_format_money (top_price, currency);
  for (Line line = 0; line < N_LINES; line++)
    if (!isnan (latest (points, line)))
      {
        labels[line] = gp_format_money (latest (points, line), currency);
        labels_width = MAX (labels_width, text_width (cr, labels[line]));
      }
  line_height = FONT_SIZE * 1.4;
  left = text_width (cr, top_label) + 2 * PAD;
  right = width - labels_width - 2 * PAD;
  top = line_height / 2 + PAD;
  bottom = height - line_height - PAD;
  if (right - left < 40 || bottom - top < 30)
    {
      for (Line line = 0; line < N_LINES; line++)
        g_free (labels[line]);
      return FALSE;
    }
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

  /* Solid on demand, dashed spot, dotted Capacity Block: told apart without colour too. */
  cairo_set_line_width (cr, 2);
  for (Line line = 0; line < N_LINES; line++)
    {
      label_y[line] = bottom - latest (points, line) * y_scale;
      set_color (cr, line_colors[line]);
      cairo_set_dash (cr, dashes[line], dashes[line][0] > 0 ? 2 : 0, 0);
      cairo_set_line_cap (cr,
                          line == LINE_CAPACITY_BLOCK ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT);
      drawn[line] = draw_line (cr, points, line, first_day, x_scale, y_scale, left, bottom, right);
    }
  cairo_set_dash (cr, NULL, 0, 0);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);

  /* Each line's latest price at its end, moved apart where two end close together. */
  spread_labels (label_y, drawn, line_height, top, bottom);
  for (Line line = 0; line < N_LINES; line++)
    {
      if (drawn[line])
        {
          set_color (cr, line_colors[line]);
          show_text (cr, labels[line], right + PAD, label_y[line], 0, 0.5);
        }
      g_free (labels[line]);
    }
  return TRUE;
}
