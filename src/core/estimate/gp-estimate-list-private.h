/* gp-estimate-list-private.h — the estimate list's job, plans and rows, shared with its costing
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "config.h"
#include "gp-cost-model.h"
#include "gp-estimate-list.h"
#include "gp-usability.h"
#include "gp-util.h"
#include "gp-measurement.h"
#include "gp-estimator-private.h"
#include "gp-memory-model.h"
#include "gp-model-private.h"

G_BEGIN_DECLS

/* What the job needs before any offer is looked at: its hours on one reference GPU. */
typedef struct
{
  GpWorkload *workload; /* the list's copy */
  GpCatalog *catalog;   /* the list's */
  GpGpu       *reference;
  const char *reference_name; /* its name, interned: rows outlive nothing of it */
  GpPreset    *preset;
  GpMemoryJob  memory;
  double       single_gpu_hours;
  double recompute; /* activation checkpointing's extra compute, as a factor */
  double       restart_minutes;
  double       checkpoint_minutes;
  double       interruptions_per_month;  /* the user's, or the documented default */
  double       interruptions_per_hour;
  gboolean     interruptions_overridden;
  double       upload_hours;
  double cross_border_upload_hours; /* to a platform across mainland China's border */
  GpLabLocation lab;
  double       rate;               /* currency conversion */
  double       stored_gb;          /* dataset and results */
  double       storage_per_gb_month;
  gboolean     interruptible;
  const char  *region;             /* the workload's, or NULL for all */
  GHashTable  *instances;          /* GpInstance → InstancePlan, or NULL to skip */
  GHashTable  *skipped;            /* reason → NULL, a set */
} Job;

typedef struct
{
  double       ratio;
  double       efficiency;
  double       run_hours;
  guint gpu_count; /* the GPUs the job uses */
  double share;    /* of the machine's hourly price: 1, less on a lab machine */
  GpPrecision  precision;
  GpSpeedBasis basis;
  GpSource    *source;
  GpPublishedEfficiency published[2]; /* the GPU's and the reference's */
  double       memory_needed_gb;
  GpFit        fit;
  gboolean     gpu_only;         /* priced without the host machine the GPUs need */
  /* The provider's terms, read once per instance rather than once per offer and price. */
  GpProvider  *provider;
  double       increment_s;
  double       minimum_s;
  double       max_session_hours;
  double       data_cost;        /* egress and ingress for this job, before conversion */
  double       discount_1y_pct;
  double       discount_3y_pct;
  gboolean     subscription;
  gboolean     spot_published;   /* the estimator data has interruption rates for it */
  /* A run without interruptions is the same on every offer of the instance: its sessions and
   * its billed hours, worked out once rather than for each of its offers and prices. */
  double steady_sessions;
  double steady_billed_hours;
} InstancePlan;

/* What ranking needs of one estimate; the rest is computed again, from the same offer, plan
 * and way of paying, when somebody asks for the row. 40 bytes instead of a 200-byte row
 * keeps a 300,000-row estimate in the cache. */
typedef struct
{
  GpOffer            *offer;
  const InstancePlan *plan;
  double              total;
  double              wall;
  GpEstimatePricing   pricing;
  guint8 rank; /* how far down it goes whatever its cost: demotion() */
} Ranked;

/* How far down a row goes whatever its cost: a price a known problem of its source touches,
 * the GPUs alone without their host machine, and a job the GPUs cannot hold are never the
 * cheapest. Worked out as the row is made, while its offer is in the cache: asked in the
 * order of the costs, the offers' memory was a third of the whole estimate. */
enum
{
  RANK_PLAIN,
  RANK_DOUBTFUL,
  RANK_GPU_ONLY,
  RANK_DOES_NOT_FIT,
  N_RANKS
};

struct _GpEstimateList
{
  GObject          parent_instance;
  GpCatalog       *catalog;
  GpWorkload      *workload;      /* a private copy: the form may change meanwhile */
  GpInstance *only;               /* nullable: the one instance to estimate, for a plan's phase */
  GpEstimatorData *data;
  char            *currency;
  Job             *job;
  gboolean         detailing;     /* computing a row again for its GpEstimate */
  GArray          *rows;          /* Ranked, in the catalog's order */
  GArray          *order;         /* guint32: indices into rows, cheapest first */
  GPtrArray       *items;         /* GpEstimate or NULL, made on first get_item() */
  guint            n_options;     /* rows before the GPU-only ones and those that do not fit */
  char           **skipped;
};

void     _gp_estimate_list_skip           (Job                *job,
                                           char               *reason);
gboolean _gp_estimate_list_compute_row    (GpEstimateList     *self,
                                           Job                *job,
                                           GpOffer            *offer,
                                           const InstancePlan *plan,
                                           GpEstimatePricing   pricing,
                                           GpCostRow          *row);
gboolean _gp_estimate_list_prepare_job    (GpEstimateList     *self,
                                           GError            **error);
void     _gp_estimate_list_plan_instances (GpEstimateList     *self,
                                           GpInstance         *instance,
                                           GPtrArray          *planned,
                                           GPtrArray          *plans);
void     _gp_estimate_list_sort_rows      (GpEstimateList     *self);

G_END_DECLS
