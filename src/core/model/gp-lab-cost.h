/* gp-lab-cost.h — what an hour of a GPU of the lab's own machine costs
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The most GPUs one lab machine holds: a rack of servers is several machines. */
#define GP_LAB_MAX_GPUS 64

#define GP_LAB_COST_ERROR (gp_lab_cost_error_quark ())

typedef enum
{
  GP_LAB_COST_ERROR_INVALID,
} GpLabCostError;

/**
 * GpLabCost:
 * @price: the purchase price, in the machine's currency
 * @purchased: the purchase date, YYYY-MM-DD
 * @lifetime_years: the years it is expected to serve
 * @maintenance_pct: yearly maintenance, per cent of the price
 * @power_kw: its power draw at load
 * @pue: the power usage effectiveness: cooling and the rest, as a factor (1 or more)
 * @electricity_per_kwh: the price of a kWh, NAN where it was not given (no electricity counted)
 * @utilisation_pct: the share of the hours its GPUs do useful work
 * @staff_per_year: the share of a salary spent running it, a year; 0 when none is counted
 *
 * A machine the lab owns, as its cost is worked out: every figure as the user entered it.
 */
typedef struct
{
  double  price;
  char   *purchased;
  double  lifetime_years;
  double  maintenance_pct;
  double  power_kw;
  double  pue;
  double  electricity_per_kwh;
  double  utilisation_pct;
  double  staff_per_year;
} GpLabCost;

/**
 * GpLabTerms:
 * @capital: the price spread over the hours of use in its lifetime
 * @maintenance: a year's maintenance over a year's hours of use
 * @staff: a year's staff share over a year's hours of use
 * @energy: the electricity an hour at load draws, cooling included
 *
 * An hour of one GPU's use, term by term, each per GPU.
 */
typedef struct
{
  double capital;
  double maintenance;
  double staff;
  double energy;
} GpLabTerms;

#define GP_HOURS_PER_YEAR 8760.0

GQuark     gp_lab_cost_error_quark   (void);
GpLabCost *gp_lab_cost_copy          (const GpLabCost *cost);
void       gp_lab_cost_free          (GpLabCost       *cost);
gboolean   gp_lab_cost_check         (const GpLabCost *cost,
                                      guint            gpu_count,
                                      GError         **error);
double     gp_lab_cost_per_gpu_hour  (const GpLabCost *cost,
                                      guint            gpu_count,
                                      GpLabTerms      *terms);
double     gp_lab_cost_running_per_month (const GpLabCost *cost);
gboolean   gp_lab_cost_has_electricity     (const GpLabCost *cost);
double     gp_lab_cost_energy_per_gpu_hour (const GpLabCost *cost,
                                            guint            gpu_count);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GpLabCost, gp_lab_cost_free)

G_END_DECLS
