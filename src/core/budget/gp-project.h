/* gp-project.h — a hybrid plan: a project's phases, each with its hours and where it runs
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "gp-types.h"
#include "gp-workload.h"

G_BEGIN_DECLS

#define GP_PROJECT_ERROR (gp_project_error_quark ())

typedef enum
{
  GP_PROJECT_ERROR_INVALID,
} GpProjectError;

/* The version of the plan format this program reads and writes. */
#define GP_PROJECT_VERSION 1

/**
 * GpPhase:
 * @name: what it is for, "Prototype"
 * @gpu_hours: its work, in hours of one reference GPU
 * @reference_gpu: (nullable): the GPU its hours are counted on, %NULL for the plan's
 * @instance: where it runs: an instance id of the catalog, a lab machine's included
 * @region: (nullable): the instance's region, %NULL for its cheapest
 * @pricing: how it is paid for
 * @purchase: a lab machine bought for the project: its price is the budget's equipment
 * @notes: (nullable): its constraints, in the user's words
 * @job: (nullable): the job it came from, as an a{sv} of the workload's properties that shape
 *   an estimate beyond its hours (precision, model size, …; see gp_phase_job_from_workload()),
 *   those not at their defaults
 */
typedef struct
{
  char              *name;
  double             gpu_hours;
  char              *reference_gpu;
  char              *instance;
  char              *region;
  GpEstimatePricing  pricing;
  gboolean           purchase;
  char              *notes;
  GVariant          *job;
} GpPhase;

/**
 * GpProject:
 * @title: the project's title
 * @start: (nullable): its first day, YYYY-MM-DD
 * @end: (nullable): its last day
 * @reference_gpu: (nullable): the GPU the phases' hours are counted on, unless a phase names its
 *   own; %NULL for the default
 * @currency: (nullable): the budget's currency, %NULL for the catalog's
 * @dataset_gb: the data each phase works on, moved where it runs
 * @results_gb: what the last phase brings back
 * @upload_mbps: the lab's upload speed, 0 for the default
 * @contingency_pct: the budget's reserve, per cent of its total
 * @phases: (element-type GpPhase): the phases, in order
 *
 * A plan as its file holds it: the figures as the user gave them.
 */
typedef struct
{
  char      *title;
  char      *start;
  char      *end;
  char      *reference_gpu;
  char      *currency;
  double     dataset_gb;
  double     results_gb;
  double     upload_mbps;
  double     contingency_pct;
  GPtrArray *phases;
} GpProject;

GQuark     gp_project_error_quark   (void);
GpProject *gp_project_new           (const char  *title);
void       gp_project_free          (GpProject   *project);
GpProject *gp_project_copy          (const GpProject *project);
GpPhase   *gp_phase_new             (const char  *name,
                                     double       gpu_hours,
                                     const char  *instance,
                                     const char  *region,
                                     GpEstimatePricing pricing);
GpPhase   *gp_phase_copy            (const GpPhase *phase);
GVariant  *gp_phase_job_from_workload (GpWorkload *workload);
void       gp_phase_free            (GpPhase     *phase);
GpProject *gp_project_load          (GFile       *file,
                                     GError     **error);
GpProject *gp_project_load_from_data (const char *text,
                                      gsize       length,
                                      const char *name,
                                      GError    **error);
char      *gp_project_to_json       (const GpProject *project);
gboolean   gp_project_save          (const GpProject *project,
                                     GFile           *file,
                                     GError         **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GpProject, gp_project_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (GpPhase, gp_phase_free)

G_END_DECLS
