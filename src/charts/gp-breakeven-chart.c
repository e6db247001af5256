/* gp-breakeven-chart.c — the lab's machine against renting its GPU, as a chart and a table
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Lines of cumulative cost over the machine's lifetime: buying it (its price at once, then its
 * running costs) and renting the same work on the cheapest rentals. Utilisation is the figure
 * people most often get wrong, so each line has a band: the work a month at 20 points of
 * utilisation either side of the machine's.
 */

#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "gp-breakeven-chart.h"
#include "gp-csv.h"
#include "gp-format.h"
#include "gp-price-chart.h"

#define BAND_POINTS 20.0

/* The work a month at @delta points of utilisation from the machine's. */
static double
work_at (const GpLabCost *cost,
         double           work,
         double           delta)
{
  double utilisation = CLAMP (cost->utilisation_pct + delta, 0, 100);

  return work * utilisation / cost->utilisation_pct;
}

static void
add_line (GpChartData *data,
          const char  *label,
          guint        group,
          guint        months,
          double       start,
          double       end,
          double       low,
          double       high,
          GpSource    *source)
{
  double parts[GP_CHART_N_PARTS] = { end, 0, 0, 0 };
  GpChartItem *item;

  gp_chart_data_add (data, label, group, parts, months);
  item = gp_chart_data_edit_item (data, gp_chart_data_get_n_items (data) - 1);
  item->start = start;
  item->total = end;
  item->low = low;
  item->high = high;
  gp_chart_item_set_sources (item, source, NULL);
}

GpChartData *
gp_breakeven_chart_data_new (GpInstance   *machine,
                             double        work,
                             const GArray *rentals)
{
  const GpLabCost *cost = gp_instance_get_lab_cost (machine);
  guint gpus = gp_instance_get_gpu_count (machine);
  guint months = gp_breakeven_months (cost);
  double low_work = work_at (cost, work, -BAND_POINTS),
         high_work = work_at (cost, work, BAND_POINTS);
  GpChartData *data = gp_chart_data_new (gp_instance_get_currency (machine));
  g_autofree char *value_title = NULL, *title = NULL, *buying = NULL, *head = NULL;
  g_autofree char *hours = gp_format_number (work, 0);
  gboolean reach_marked = FALSE;
  int month = -1;

  g_return_val_if_fail (cost != NULL, data);

  /* Translators: a break-even chart's title: the lab machine's name */
  title = g_strdup_printf (_("Buying %s against renting"), gp_instance_get_name (machine));
  /* Translators: a break-even chart's cost axis, with the currency */
  value_title = g_strdup_printf (_("Cost so far (%s)"), gp_instance_get_currency (machine));
  gp_chart_data_set_titles (data, title, value_title);

  /* Translators: the line of buying the lab's machine, in a break-even chart */
  buying = g_strdup_printf (_("Buying %s"), gp_instance_get_name (machine));
  add_line (data, buying, GP_CHART_GROUP_NONE, months, cost->price,
            gp_breakeven_buy_cost (cost, gpus, work, months),
            gp_breakeven_buy_cost (cost, gpus, low_work, months),
            gp_breakeven_buy_cost (cost, gpus, high_work, months),
            gp_instance_get_source (machine));

  for (guint i = 0; rentals != NULL && i < rentals->len; i++)
    {
      const GpRental *rental = &g_array_index (rentals, GpRental, i);
      g_autofree char *label = gp_chart_offer_label (rental->offer, FALSE);
      const char *reach = gp_reachability_get_mark (rental->reach);

      /* A rental across the border says so on its line, as the estimate's bars do. */
      if (reach != NULL)
        {
          char *marked = gp_chart_mark_reach (label, reach);

          g_free (label);
          label = marked;
          reach_marked = TRUE;
        }

      add_line (data, label, rental->pricing, months, 0, work * months * rental->per_gpu_hour,
                low_work * months * rental->per_gpu_hour, high_work * months * rental->per_gpu_hour,
                gp_offer_get_source (rental->offer));
    }

  if (rentals != NULL && rentals->len > 0)
    month =
        gp_breakeven_month (cost, gpus, work, g_array_index (rentals, GpRental, 0).per_gpu_hour);
  if (month > 0)
    {
      /* Translators: the mark on a break-even chart */
      g_autofree char *mark = g_strdup_printf (_("Buying pays off in month %d"), month);

      gp_chart_data_set_marker (data, month, mark);
    }

  head = g_strdup_printf (
      /* Translators: a break-even chart's footnote, before its sources: the work a month, the
       * utilisation and its band */
      _("%s GPU-hours a month, at %.0f%% utilisation; shaded: %.0f%% to %.0f%%. %s"), hours,
      cost->utilisation_pct, MAX (cost->utilisation_pct - BAND_POINTS, 0),
      MIN (cost->utilisation_pct + BAND_POINTS, 100),
      month > 0 ? "" : _("Buying does not pay off in its lifetime."));
  if (!gp_lab_cost_has_electricity (cost))
    {
      /* Translators: a break-even chart's footnote, after the work a month: the machine's
       * electricity price was not given */
      char *whole =
          g_strconcat (g_strstrip (head), " ",
                       _("Electricity is left out: no electricity price is given."), NULL);

      g_free (head);
      head = whole;
    }
  gp_chart_data_set_footnote_parts (data, g_strstrip (head),
                                    reach_marked ? gp_chart_reach_note () : NULL);
  return data;
}

char *
gp_breakeven_chart_to_csv (GpChartData *data)
{
  g_autoptr(GString) text = g_string_new ("month");
  guint n = gp_chart_data_get_n_items (data);
  guint months = n > 0 ? (guint) gp_chart_data_get_item (data, 0)->hours : 0;

  for (guint i = 0; i < n; i++)
    {
      g_string_append_c (text, ',');
      gp_csv_append_field (text, gp_chart_data_get_item (data, i)->label, GP_CSV_NEUTRALISE);
    }
  g_string_append (text, ",currency\r\n");

  for (guint m = 0; m <= months; m++)
    {
      g_string_append_printf (text, "%u", m);
      for (guint i = 0; i < n; i++)
        {
          const GpChartItem *item = gp_chart_data_get_item (data, i);
          char buffer[G_ASCII_DTOSTR_BUF_SIZE];
          double value = item->start + (item->total - item->start) * m / MAX (item->hours, 1);

          g_string_append_c (text, ',');
          g_string_append (text, g_ascii_formatd (buffer, sizeof buffer, "%.2f", value));
        }
      g_string_append_c (text, ',');
      gp_csv_append_field (text, gp_chart_data_get_currency (data), GP_CSV_NEUTRALISE);
      g_string_append (text, "\r\n");
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}
