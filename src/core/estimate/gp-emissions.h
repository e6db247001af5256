/* gp-emissions.h — the energy a job draws and what its grid emits for it
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "gp-region.h"
#include "gp-types.h"

G_BEGIN_DECLS

/* The share of their board power the GPUs are taken to draw, unless told otherwise: all of it,
 * as Green Algorithms' calculator assumes by default. */
#define GP_EMISSIONS_USAGE_FACTOR 1.0

/**
 * GpEmissions:
 * @gpu_watts: each GPU's board power (its data sheet's TDP), NAN where unknown
 * @gpus: how many GPUs run
 * @hours: how long they run
 * @usage_factor: the share of the board power drawn
 * @pue: the data centre's power usage effectiveness, NAN where unknown
 * @energy_kwh: what the job draws, cooling included; NAN where the power or the PUE is unknown
 * @grid_gco2_per_kwh: the intensity of the region's grid, NAN where unknown
 * @co2e_kg: what that energy emits, location-based; NAN where either is unknown
 *
 * A job's energy and emissions by the method of Green Algorithms (Lannelongue et al. 2021):
 * energy = power × GPUs × hours × usage factor × PUE; emissions = energy × grid intensity.
 * A figure not known stays NAN, never 0.
 */
typedef struct
{
  double gpu_watts;
  guint  gpus;
  double hours;
  double usage_factor;
  double pue;
  double energy_kwh;
  double grid_gco2_per_kwh;
  double co2e_kg;
} GpEmissions;

void  gp_emissions_compute  (GpEmissions  *self,
                             GpGpu        *gpu,
                             guint         gpus,
                             double        hours,
                             double        usage_factor,
                             double        pue,
                             double        grid_gco2_per_kwh);
void  gp_emissions_describe (const GpEmissions *self,
                             GpGpu             *gpu,
                             GpRegion          *region,
                             const GpGridFigure *grid,
                             gboolean           own_pue,
                             GPtrArray         *lines);
char *gp_emissions_dup_method (void);
char *gp_emissions_dup_summary (const GpEmissions *self);

G_END_DECLS
