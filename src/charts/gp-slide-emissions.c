/* gp-slide-emissions.c — the slide of what the job emits on each option
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The emissions chart's bars on a slide of their own. A chart slide leaves the long footnote
 * to the proposal; this one keeps a short one, the method and the grids' sources, for the
 * figures rest on them and Electricity Maps' licence (ODbL) asks for its attribution wherever
 * its data is shown.
 */

#include "config.h"

#include "gp-emissions-chart.h"
#include "gp-slide-deck-private.h"

/* Adds a slide of the job's emissions on each option, the cleanest first, with the method and
 * the grids' sources at its foot. Nothing is added where no option's emissions are known. */
GpChartData *
gp_slide_deck_add_emissions (GpSlideDeck    *self,
                             GpEstimateList *estimates)
{
  g_autoptr(GpChartData) data = NULL;
  g_autofree char *note = NULL;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (GP_IS_ESTIMATE_LIST (estimates), NULL);

  data = gp_emissions_chart_data_new (estimates, CHART_ITEMS);
  if (gp_chart_data_get_n_items (data) == 0)
    return NULL;
  note = gp_emissions_chart_dup_method_note (data, estimates);
  gp_slide_deck_add_chart (self, GP_CHART_KIND_COST, data);
  /* After adding: a chart slide drops the footnote it was given. The deck holds its own
   * reference. */
  gp_chart_data_set_footnote (data, note);
  return data;
}
