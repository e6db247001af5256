/* gp-emissions.c — the energy a job draws and what its grid emits for it
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Location-based only: the grid's average intensity where the region is, never a provider's
 * renewable certificates. A figure the catalog lacks leaves what rests on it unknown, and the
 * assumptions say which.
 */

#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "gp-emissions.h"
#include "gp-format.h"
#include "gp-gpu.h"
#include "gp-region.h"
#include "gp-source.h"

/* Works out the energy and emissions of @gpus GPUs of @gpu running @hours. */
void
gp_emissions_compute (GpEmissions *self,
                      GpGpu       *gpu,
                      guint        gpus,
                      double       hours,
                      double       usage_factor,
                      double       pue,
                      double       grid_gco2_per_kwh)
{
  double watts = gpu != NULL ? gp_gpu_get_tdp_w (gpu) : NAN;

  self->gpu_watts = watts > 0 ? watts : NAN;
  self->gpus = gpus;
  self->hours = hours;
  self->usage_factor = usage_factor;
  self->pue = pue >= 1 ? pue : NAN;
  self->grid_gco2_per_kwh = grid_gco2_per_kwh > 0 ? grid_gco2_per_kwh : NAN;
  /* NAN carries through: an unknown power, PUE or grid leaves the result unknown. */
  self->energy_kwh = self->gpu_watts * gpus * hours * usage_factor * self->pue / 1000;
  self->co2e_kg = self->energy_kwh * self->grid_gco2_per_kwh / 1000;
}

static char *
dated_title (GpSource *source)
{
  if (source == NULL)
    return g_strdup (_("no source"));
  /* TRANSLATORS: a source's title and the date it is of */
  return g_strdup_printf (_("%s, %s"), gp_source_get_title (source), gp_source_get_as_of (source));
}

char *
gp_emissions_dup_method (void)
{
  return g_strdup (_("Method: Green Algorithms (Lannelongue, Grealey and Inouye, Advanced "
                      "Science, 2021): energy = GPU board power × GPUs × hours × usage factor × "
                      "PUE; emissions = energy × the location-based intensity of the grid"));
}

char *
gp_emissions_dup_summary (const GpEmissions *self)
{
  g_autofree char *figure = NULL;

  if (!isnan (self->co2e_kg))
    {
      figure = gp_format_number (self->co2e_kg, 1);
      /* Translators: a job's estimated emissions, "18.0 kgCO2e" */
      return g_strdup_printf (_("%s kgCO2e"), figure);
    }
  if (isnan (self->energy_kwh))
    return NULL;
  figure = gp_format_number (self->energy_kwh, 1);
  /* Translators: a job's estimated energy where the grid's intensity is unknown */
  return g_strdup_printf (_("%s kWh, no grid figure"), figure);
}

static void
describe_energy (const GpEmissions *self,
                 GpGpu             *gpu,
                 GpRegion          *region,
                 gboolean           own_pue,
                 GPtrArray         *lines)
{
  g_autofree char *power_source = dated_title (gp_gpu_get_tdp_source (gpu));
  g_autofree char *pue_source = NULL;
  g_autofree char *hours = gp_format_number (self->hours, 1);
  g_autofree char *energy = gp_format_number (self->energy_kwh, 1);

  if (isnan (self->gpu_watts))
    {
      g_ptr_array_add (lines, g_strdup_printf (_("No data-sheet power for %s: its energy "
                                                  "and emissions are not estimated"),
                                               gp_gpu_get_name (gpu)));
      return;
    }
  if (isnan (self->pue))
    {
      g_ptr_array_add (lines, g_strdup_printf (_("No PUE known for %s: its energy and "
                                                  "emissions are not estimated"),
                                               gp_region_get_id (region)));
      return;
    }
  pue_source = own_pue ? g_strdup (_("your machine’s figure"))
                       : dated_title (gp_region_get_pue_source (region));
  g_ptr_array_add (lines,
                   g_strdup_printf (_("Energy: %.0f W a GPU (data sheet: %s) × %u GPUs × %s h "
                                       "× usage factor %.2g × PUE %.2f (%s) = %s kWh"),
                                    self->gpu_watts, power_source, self->gpus, hours,
                                    self->usage_factor, self->pue, pue_source, energy));
}

/* Says what the energy and emissions rest on: the power and its source, the PUE and its, the
 * grid's zone, year and source; or which figure is missing. */
void
gp_emissions_describe (const GpEmissions *self,
                       GpGpu             *gpu,
                       GpRegion          *region,
                       const GpGridFigure *grid,
                       gboolean           own_pue,
                       GPtrArray         *lines)
{
  g_autofree char *grid_source = NULL;
  g_autofree char *energy = NULL, *emissions = NULL;

  describe_energy (self, gpu, region, own_pue, lines);
  if ((grid == NULL || isnan (self->grid_gco2_per_kwh)) && own_pue)
    {
      g_ptr_array_add (lines, g_strdup (_("No grid figure for the lab’s location: its emissions "
                                           "are not estimated (the catalog has mainland China’s "
                                           "and Hong Kong’s)")));
      return;
    }
  if (grid == NULL || isnan (self->grid_gco2_per_kwh))
    {
      g_ptr_array_add (lines, g_strdup_printf (_("No grid figure for %s: its emissions are "
                                                  "not estimated"),
                                               region != NULL ? gp_region_get_id (region) : "—"));
      return;
    }
  if (isnan (self->energy_kwh))
    return;

  grid_source = dated_title (grid->source);
  energy = gp_format_number (self->energy_kwh, 1);
  emissions = gp_format_number (self->co2e_kg, 1);
  g_ptr_array_add (lines,
                   g_strdup_printf (_("Emissions: %s kWh × %.3g gCO2e/kWh (grid zone %s, %u "
                                       "average, location-based: %s) = %s kgCO2e, by the method "
                                       "of Green Algorithms (Lannelongue et al. 2021)"),
                                    energy, self->grid_gco2_per_kwh, grid->zone, grid->year,
                                    grid_source, emissions));
}
