/* gp-estimate.c — what one offer would cost and take for one workload
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "gp-cost-model.h"
#include "gp-emissions.h"
#include "gp-enums.h"
#include "gp-estimator-private.h"
#include "gp-format.h"
#include "gp-measurement.h"
#include "gp-memory-model.h"

struct _GpEstimate
{
  GObject          parent_instance;
  GpCostRow        row;
  GpOffer         *offer;
  GpInstance *instance; /* the offer's: it owns the offer, the offer does not own it */
  GpPlan          *plan;
  GpWorkload      *workload;
  GpEstimatorData *data;
  char            *currency;
  char            *catalog_currency;
  guint stale_after_days;         /* the catalog's, when the estimate was made */
  char           **assumptions;   /* built on first use: most rows are never read */
  GpEmissions emissions;
  GpRegion *grid_region; /* where a lab's machine draws from: the lab's location's */
};

G_DEFINE_FINAL_TYPE (GpEstimate, gp_estimate, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_LABEL,
  PROP_PRICING,
  PROP_WALL_HOURS,
  PROP_TOTAL_COST,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
gp_estimate_dispose (GObject *object)
{
  GpEstimate *self = GP_ESTIMATE (object);

  g_clear_object (&self->offer);
  g_clear_object (&self->instance);
  g_clear_object (&self->plan);
  g_clear_object (&self->workload);
  g_clear_object (&self->data);
  g_clear_object (&self->grid_region);

  G_OBJECT_CLASS (gp_estimate_parent_class)->dispose (object);
}

static void
gp_estimate_finalize (GObject *object)
{
  GpEstimate *self = GP_ESTIMATE (object);

  g_free (self->currency);
  g_free (self->catalog_currency);
  g_strfreev (self->assumptions);

  G_OBJECT_CLASS (gp_estimate_parent_class)->finalize (object);
}

static void
gp_estimate_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  GpEstimate *self = GP_ESTIMATE (object);

  switch (prop_id)
    {
    case PROP_LABEL:
      g_value_take_string (value, gp_estimate_dup_label (self));
      break;

    case PROP_PRICING:
      g_value_set_enum (value, self->row.pricing);
      break;

    case PROP_WALL_HOURS:
      g_value_set_double (value, self->row.wall_hours);
      break;

    case PROP_TOTAL_COST:
      g_value_set_double (value, self->row.total_cost);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gp_estimate_class_init (GpEstimateClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->dispose = gp_estimate_dispose;
  object_class->finalize = gp_estimate_finalize;
  object_class->get_property = gp_estimate_get_property;

  properties[PROP_LABEL] = g_param_spec_string ("label", NULL, NULL, NULL, flags);
  properties[PROP_PRICING] = g_param_spec_enum ("pricing", NULL, NULL, GP_TYPE_ESTIMATE_PRICING,
                                                GP_ESTIMATE_PRICING_ON_DEMAND, flags);
  properties[PROP_WALL_HOURS] =
    g_param_spec_double ("wall-hours", NULL, NULL, 0, G_MAXDOUBLE, 0, flags);
  properties[PROP_TOTAL_COST] =
    g_param_spec_double ("total-cost", NULL, NULL, 0, G_MAXDOUBLE, 0, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gp_estimate_init (GpEstimate *self)
{
}

static const GpGridFigure *
grid_of (GpEstimate *self)
{
  GpRegion *region =
      self->grid_region != NULL ? self->grid_region : gp_offer_get_region (self->offer);

  return region != NULL ? gp_region_get_grid (region) : NULL;
}

/* A lab's machine has its own PUE and the grid of the lab's location; a cloud region's are
 * the catalog's. */
static void
compute_emissions (GpEstimate *self)
{
  const GpLabCost *lab = gp_instance_get_lab_cost (self->instance);
  GpRegion *region = gp_offer_get_region (self->offer);
  const GpGridFigure *grid = grid_of (self);
  double usage = gp_workload_get_usage_factor (self->workload);

  gp_emissions_compute (&self->emissions, gp_instance_get_gpu (self->instance), self->row.gpu_count,
                        self->row.wall_hours, isnan (usage) ? GP_EMISSIONS_USAGE_FACTOR : usage,
                        lab != NULL      ? lab->pue
                        : region != NULL ? gp_region_get_pue (region)
                                         : NAN,
                        grid != NULL ? grid->gco2_per_kwh : NAN);
}

GpEstimate *
gp_estimate_new_from_row (const GpCostRow *row,
                          GpWorkload      *workload,
                          GpEstimatorData *data,
                          const char      *currency,
                          const char      *catalog_currency,
                          guint            stale_after_days,
                          GpRegion        *grid_region)
{
  GpEstimate *self = g_object_new (GP_TYPE_ESTIMATE, NULL);

  self->row = *row;
  self->offer = g_object_ref (row->offer);
  /* Kept as long as the estimate, which may outlive its catalog (a slide deck, an answer kept
   * over a refresh): the offer names its machine, provider and sources through it. */
  self->instance = g_object_ref (gp_offer_get_instance (row->offer));
  self->plan = row->plan ? g_object_ref (row->plan) : NULL;
  self->workload = g_object_ref (workload);
  self->data = g_object_ref (data);
  self->currency = g_strdup (currency);
  self->catalog_currency = g_strdup (catalog_currency);
  self->stale_after_days = stale_after_days;
  self->grid_region = grid_region != NULL ? g_object_ref (grid_region) : NULL;
  compute_emissions (self);

  return self;
}

GpOffer *
gp_estimate_get_offer (GpEstimate *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE (self), NULL);
  return self->offer;
}

GpInstance *
gp_estimate_get_instance (GpEstimate *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE (self), NULL);
  return gp_offer_get_instance (self->offer);
}

GpProvider *
gp_estimate_get_provider (GpEstimate *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE (self), NULL);
  return gp_offer_get_provider (self->offer);
}

GpPlan *
gp_estimate_get_plan (GpEstimate *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE (self), NULL);
  return self->plan;
}

GpEstimatePricing
gp_estimate_get_pricing (GpEstimate *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE (self), GP_ESTIMATE_PRICING_ON_DEMAND);
  return self->row.pricing;
}

GpPrecision
gp_estimate_get_precision (GpEstimate *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE (self), GP_PRECISION_FP32);
  return self->row.precision;
}

GpSpeedBasis
gp_estimate_get_speed_basis (GpEstimate *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE (self), GP_SPEED_BASIS_UNKNOWN);
  return self->row.basis;
}

double
gp_estimate_get_speed_ratio (GpEstimate *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE (self), NAN);
  return self->row.speed_ratio;
}

guint
gp_estimate_get_gpu_count (GpEstimate *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE (self), 0);
  return self->row.gpu_count;
}

guint
gp_estimate_get_sessions (GpEstimate *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE (self), 1);
  return self->row.sessions;
}

double
gp_estimate_get_upload_hours (GpEstimate *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE (self), NAN);
  return self->row.upload_hours;
}

double
gp_estimate_get_wall_hours (GpEstimate *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE (self), NAN);
  return self->row.wall_hours;
}

/* The work the job gives its machine: its GPU-hours, spread over the months it takes (one at
 * least). Set against owning a machine, this is the work a month the purchase must carry. */
double
gp_estimate_get_gpu_hours_per_month (GpEstimate *self)
{
  double months;

  g_return_val_if_fail (GP_IS_ESTIMATE (self), NAN);
  months = MAX (1, ceil (self->row.wall_hours / (8760.0 / 12)));
  return self->row.wall_hours * gp_estimate_get_gpu_count (self) / months;
}

double
gp_estimate_get_rework_hours (GpEstimate *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE (self), NAN);
  return self->row.extra_hours;
}

double
gp_estimate_get_interruptions_per_month (GpEstimate *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE (self), NAN);
  return self->row.interruptions_per_month;
}

double
gp_estimate_get_billed_hours (GpEstimate *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE (self), NAN);
  return self->row.billed_hours;
}

double
gp_estimate_get_compute_cost (GpEstimate *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE (self), NAN);
  return self->row.compute_cost;
}

double
gp_estimate_get_storage_cost (GpEstimate *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE (self), NAN);
  return self->row.storage_cost;
}

double
gp_estimate_get_transfer_cost (GpEstimate *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE (self), NAN);
  return self->row.transfer_cost;
}

double
gp_estimate_get_interruption_cost (GpEstimate *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE (self), NAN);
  return self->row.interruption_cost;
}

double
gp_estimate_get_total_cost (GpEstimate *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE (self), NAN);
  return self->row.total_cost;
}

double
gp_estimate_get_fallback_cost (GpEstimate *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE (self), NAN);
  return self->row.fallback_cost;
}

const char *
gp_estimate_get_currency (GpEstimate *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE (self), NULL);
  return self->currency;
}

gboolean
gp_estimate_meets_deadline (GpEstimate *self)
{
  double deadline;

  g_return_val_if_fail (GP_IS_ESTIMATE (self), FALSE);

  deadline = gp_workload_get_deadline_hours (self->workload);
  return deadline <= 0 || self->row.upload_hours + self->row.wall_hours <= deadline;
}

gboolean
gp_estimate_within_budget (GpEstimate *self)
{
  double budget;

  g_return_val_if_fail (GP_IS_ESTIMATE (self), FALSE);

  budget = gp_workload_get_budget (self->workload);
  return budget <= 0 || self->row.total_cost <= budget;
}

char *
gp_estimate_dup_label (GpEstimate *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE (self), NULL);

  return gp_instance_dup_label (gp_estimate_get_instance (self));
}

char *
gp_estimate_dup_short_label (GpEstimate *self,
                             gboolean    with_instance)
{
  GpInstance *instance;
  const char *provider;

  g_return_val_if_fail (GP_IS_ESTIMATE (self), NULL);

  instance = gp_estimate_get_instance (self);
  provider = gp_provider_get_short_name (gp_estimate_get_provider (self));
  if (with_instance || gp_instance_get_gpu (instance) == NULL)
    /* Translators: a chart's short name of an option: a provider's short name and a machine */
    return g_strdup_printf (C_("chart label", "%s · %s"), provider,
                            gp_instance_get_name (instance));

  /* Translators: a chart's short name of an option: a provider's short name, a GPU count and
   * a GPU, "Lambda · 1× H100 SXM5" */
  return g_strdup_printf (C_("chart label", "%s · %u× %s"), provider,
                          gp_instance_get_gpu_count (instance),
                          gp_gpu_get_name (gp_instance_get_gpu (instance)));
}

static const char *
title_of (GpSource *source)
{
  return source != NULL ? gp_source_get_title (source) : "";
}

static char *
money (GpEstimate *self,
       double      amount)
{
  return g_strdup_printf ("%.2f %s", amount, self->currency);
}

static const char *
precision_label (GpPrecision precision)
{
  static const char * const labels[] = { "FP32", "TF32", "FP16", "BF16", "FP8" };

  return labels[MIN (precision, G_N_ELEMENTS (labels) - 1)];
}

/* What the prices are: estimated by a rule, doubtful, stale, or stated in another currency. */
static void
describe_prices (GpEstimate *self,
                 GPtrArray  *lines)
{
  GpInstance *instance = gp_estimate_get_instance (self);
  GpAnomaly anomalies = gp_offer_get_anomalies (self->offer);
  const char *currency = gp_offer_get_currency (self->offer);

  if (gp_instance_get_derived_rule (instance) != NULL)
    {
      g_autofree char *rule = gp_instance_dup_derived_rule_text (instance);

      g_ptr_array_add (lines, g_strdup_printf (_("Prices estimated, not quoted: %s"), rule));
    }
  if (gp_instance_get_reported_by (instance) != NULL)
    {
      g_autofree char *reported = gp_instance_dup_reported_text (instance);

      /* Translators: how a reported price is known, then the date of the price */
      g_ptr_array_add (
          lines, g_strdup_printf (_("%s (as of %s)"), reported, gp_estimate_get_as_of (self)));
    }
  if (gp_offer_is_doubtful (self->offer, self->row.pricing))
    {
      g_autofree char *problems = gp_format_anomalies (anomalies);
      g_ptr_array_add (lines, g_strdup_printf (_("The source’s price is doubtful: %s"), problems));
    }
  if (gp_estimate_is_stale (self))
    g_ptr_array_add (lines, g_strdup_printf (_("Prices as of %s, more than %u days ago: refresh "
                                                "them before relying on them"),
                                             gp_estimate_get_as_of (self), self->stale_after_days));
  if (g_strcmp0 (currency, self->catalog_currency) != 0)
    g_ptr_array_add (lines, g_strdup_printf (_("Priced in %s by the provider, converted at the "
                                               "exchange rate in use"),
                                             currency));
}

/* A GPU taken at the share of its data sheet its vendor's published result reached. */
static void
describe_published_efficiency (const GpPublishedEfficiency *published,
                               const char                  *gpu_name,
                               GPtrArray                   *lines)
{
  if (published->result == NULL)
    return;
  /* Translators: a GPU, the share of its data-sheet speed it reached, who published the
   * result, the workload and the results (an MLPerf round) */
  g_ptr_array_add (lines,
                   g_strdup_printf (_("The %s is taken at %.0f%% of its data-sheet speed: "
                                       "%s’s own published result for %s reached that "
                                       "much (%s)"),
                                    gpu_name, published->share * 100, published->result->submitter,
                                    gp_preset_get_name (published->preset),
                                    title_of (published->result->source)));
}

/* Activation checkpointing's recomputed forward passes, where they change the job's hours. */
static void
describe_recompute (GpEstimate *self,
                    GPtrArray  *lines)
{
  double factor = gp_cost_recompute_factor (self->data, self->workload);
  GpSource *source =
      gp_estimator_data_get_coefficient_source (self->data, "recompute_extra_compute_share");

  if (factor > 1)
    /* Translators: the extra compute of activation checkpointing, in per cent, and its source */
    g_ptr_array_add (lines, g_strdup_printf (_("Activation checkpointing: every layer’s forward "
                                                "pass runs again in the backward pass, %.0f%% "
                                                "more compute on the hours given (%s)"),
                                             (factor - 1) * 100, title_of (source)));
  else if (factor < 1)
    g_ptr_array_add (lines, g_strdup_printf (_("No activation checkpointing: %.0f%% less "
                                                "compute than the measured run, which recomputed "
                                                "every layer (%s)"),
                                             (1 - factor) * 100, title_of (source)));
}

static void
describe_speed (GpEstimate *self,
                GPtrArray  *lines)
{
  const GpCostRow *row = &self->row;
  GpInstance *instance = gp_estimate_get_instance (self);
  GpGpu *gpu = gp_instance_get_gpu (instance);
  const char *preset_id = gp_workload_get_preset (self->workload);
  GpPreset *preset = preset_id ? gp_estimator_data_find_preset (self->data, preset_id) : NULL;
  GPtrArray *measurements = gp_workload_get_measurements (self->workload);
  GpMeasurement *measured = measurements->len > 0 ? measurements->pdata[0] : NULL;
  /* The GPU's name, never its id: "A100 80GB SXM4", not "a100-sxm4-80gb". */
  const char *reference = measured              ? gp_measurement_get_gpu_name (measured)
                          : row->reference_name ? row->reference_name
                          : preset              ? gp_preset_get_reference_gpu (preset)
                                                : gp_workload_get_reference_gpu (self->workload);
  GpPrecision wanted = gp_workload_get_precision (self->workload);
  const GpPresetResult *published =
      preset != NULL ? gp_preset_find_result (preset, gp_gpu_get_id (gpu)) : NULL;

  if (published != NULL && published->source != row->speed_source)
    published = NULL;
  if (measured != NULL)
    {
      g_autofree char *basis = gp_measurement_dup_basis (measured);
      g_autofree char *job = gp_measurement_dup_job_label (measured);
      g_autofree char *tokens = gp_format_number (gp_workload_get_tokens (self->workload), 0);

      /* Translators: the job an estimate rests on: tokens, the measured job, and "measured on
       * GPU, date, N tokens/s" */
      g_ptr_array_add (lines, g_strdup_printf (_("Job: %s tokens of %s, at the speed you "
                                                  "measured (%s)"),
                                               tokens, job, basis));
      preset = NULL;
    }

  if (preset != NULL)
    g_ptr_array_add (lines, g_strdup_printf (_("Workload: %s, to %s (%s)"),
                                             gp_preset_get_name (preset),
                                             gp_preset_get_target (preset),
                                             title_of (gp_preset_get_source (preset))));

  switch (row->basis)
    {
    case GP_SPEED_BASIS_YOUR_MEASUREMENT:
      {
        GpMeasurement *here = gp_workload_find_measurement (self->workload, gp_gpu_get_id (gpu));
        g_autofree char *basis = gp_measurement_dup_basis (here);

        g_ptr_array_add (lines, g_strdup_printf (_("Speed: %s"), basis));
      }
      break;

    case GP_SPEED_BASIS_SAME_GPU:
      g_ptr_array_add (lines, g_strdup_printf (_("Runs on the reference GPU (%s)"),
                                               gp_gpu_get_name (gpu)));
      break;

    case GP_SPEED_BASIS_MEASURED:
      if (published != NULL)
        /* Translators: a preset's published result on this GPU: the ratio, the reference GPU,
         * the GPUs, their name, the minutes it took, the results (an MLPerf round) and who
         * submitted them */
        g_ptr_array_add (lines,
                         g_strdup_printf (_("Speed: %.2f× the %s, from this workload’s "
                                             "published result on %u× %s: %.1f minutes "
                                             "(%s, submitted by %s)"),
                                          row->speed_ratio, reference, published->gpus,
                                          gp_gpu_get_name (gpu), published->minutes,
                                          title_of (published->source), published->submitter));
      else if (preset != NULL && gp_preset_get_speeds_from (preset) != NULL)
        g_ptr_array_add (lines, g_strdup_printf (_("Speed: %.2f× the %s, borrowed from the "
                                                   "measured speeds of %s (%s): none were "
                                                   "published for this workload"),
                                                 row->speed_ratio, reference,
                                                 gp_preset_get_speeds_from (preset),
                                                 title_of (row->speed_source)));
      else
        g_ptr_array_add (lines, g_strdup_printf (_("Speed: %.2f× the %s, measured for this "
                                                   "workload (%s)"),
                                                 row->speed_ratio, reference,
                                                 title_of (row->speed_source)));
      break;

    case GP_SPEED_BASIS_SPECS:
      g_ptr_array_add (lines, g_strdup_printf (_("Speed: %.2f× the %s, from data-sheet TFLOPS "
                                                 "and memory bandwidth (no measurement for "
                                                 "this workload)"),
                                               row->speed_ratio, reference));
      describe_published_efficiency (&row->published[0], gp_gpu_get_name (gpu), lines);
      describe_published_efficiency (&row->published[1], reference, lines);
      break;

    case GP_SPEED_BASIS_BANDWIDTH:
      g_ptr_array_add (lines, g_strdup_printf (_("Speed: %.2f× the %s, from memory bandwidth "
                                                 "alone (no TFLOPS figure at %s)"),
                                               row->speed_ratio, reference,
                                               precision_label (row->precision)));
      break;

    case GP_SPEED_BASIS_OVERRIDE:
      g_ptr_array_add (lines, g_strdup_printf (_("Speed: %.2f× the %s, as you set it"),
                                               row->speed_ratio, reference));
      break;

    case GP_SPEED_BASIS_UNKNOWN:
    default:
      break;
    }

  if (row->precision != wanted)
    g_ptr_array_add (lines, g_strdup_printf (_("The %s has no %s: estimated at %s"),
                                             gp_gpu_get_name (gpu), precision_label (wanted),
                                             precision_label (row->precision)));

  if (preset != NULL && gp_preset_get_precision (preset) != wanted)
    g_ptr_array_add (lines, g_strdup_printf (_("The preset was measured at %s; rescaled to %s "
                                               "by the data sheet"),
                                             precision_label (gp_preset_get_precision (preset)),
                                             precision_label (wanted)));

  if (row->gpu_count > 1)
    g_ptr_array_add (lines, g_strdup_printf (_("%u GPUs at %.0f%% scaling efficiency"),
                                             row->gpu_count, row->efficiency * 100));
  describe_recompute (self, lines);
}

/* How the job's lab reaches the option: as gp_offer_get_reach() says of its offer, so
 * the estimate, the row that shows it and the recommendation's reason agree with the Instances
 * page on a region abroad of a platform in China. */
GpReachability
gp_estimate_get_reachability (GpEstimate *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE (self), GP_REACHABILITY_UNKNOWN);

  return gp_offer_get_reach (self->offer, gp_workload_get_lab_location (self->workload));
}

GpUsability
gp_estimate_get_usability (GpEstimate *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE (self), GP_USABILITY_USABLE);

  return gp_usability_of_offer (self->offer, gp_workload_get_lab_location (self->workload),
                                gp_workload_get_invoice_required (self->workload));
}

const char *
gp_estimate_get_reach_mark (GpEstimate *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE (self), NULL);

  return gp_reachability_get_mark (gp_estimate_get_reachability (self));
}

/* From a lab in mainland China: whether and how it reaches the option, and what it needs. */
static void
describe_reach (GpEstimate *self,
                GPtrArray  *lines)
{
  GpProvider *provider = gp_estimate_get_provider (self);
  const char *note = gp_provider_get_reachability_note (provider);
  const char *account = gp_provider_get_reachability_account (provider);
  GpReachability reach = gp_estimate_get_reachability (self);
  GpReachability platform = gp_instance_get_reachability (gp_estimate_get_instance (self));
  const char *line;

  if (gp_workload_get_lab_location (self->workload) != GP_LAB_LOCATION_MAINLAND_CHINA)
    return;
  /* The platform's note speaks of the platform, not of its regions abroad. */
  if (reach != platform)
    note = NULL;
  switch (reach)
    {
    case GP_REACHABILITY_IN_CHINA:
      line = _("From your lab in mainland China: in China");
      break;
    case GP_REACHABILITY_CROSS_BORDER:
      line = reach == platform
                 ? _("From your lab in mainland China: across the border; it works, slower, and "
                      "the data crosses the international link")
                 : _("From your lab in mainland China: across the border, as this region is "
                      "outside mainland China; it works, slower, and the data crosses the "
                      "international link");
      break;
    case GP_REACHABILITY_UNREACHABLE:
      line = _("From your lab in mainland China: not reachable from a campus network");
      break;
    case GP_REACHABILITY_UNKNOWN:
    default:
      line = _("From your lab in mainland China: the catalog does not say whether it can be "
                "reached");
      break;
    }
  g_ptr_array_add (lines, g_strjoin ("", line, note != NULL ? " (" : "", note != NULL ? note : "",
                                     note != NULL ? ")" : "", NULL));
  if (account != NULL)
    g_ptr_array_add (lines, g_strdup_printf (_("Account: %s"), account));
}

/* The lab's own machine: what its hour is made of, and why a plan's phase on it costs less. */
static void
describe_lab (GpEstimate *self,
              GPtrArray  *lines)
{
  GpInstance *instance = gp_estimate_get_instance (self);
  const GpLabCost *lab = gp_instance_get_lab_cost (instance);
  guint machine_gpus = gp_instance_get_gpu_count (instance);
  const char *currency = gp_estimate_get_currency (self);
  GpLabTerms terms;
  double per_gpu_hour, scale;
  g_autofree char *whole = NULL, *capital = NULL, *running = NULL;

  if (lab == NULL || self->row.gpu_count == 0)
    return;

  per_gpu_hour = gp_lab_cost_per_gpu_hour (lab, machine_gpus, &terms);
  if (!(per_gpu_hour > 0))
    return;
  /* The terms are in the machine's currency; the row's hour is in the estimate's. */
  scale = self->row.hourly / self->row.gpu_count / per_gpu_hour;
  whole = gp_format_money (per_gpu_hour * scale, currency);
  capital = gp_format_money (terms.capital * scale, currency);
  running = gp_format_money ((per_gpu_hour - terms.capital) * scale, currency);

  if (self->row.gpu_count < machine_gpus)
    g_ptr_array_add (lines, g_strdup_printf (_("Uses %u of the machine’s %u GPUs, at their "
                                                "share of its hourly cost"),
                                             self->row.gpu_count, machine_gpus));
  g_ptr_array_add (lines,
                   g_strdup_printf (_("Your machine: %s a GPU-hour of useful work, of which %s "
                                       "is its purchase spread over its lifetime; a plan’s phase "
                                       "on it counts the running costs alone, %s, and the "
                                       "purchase once, as equipment"),
                                    whole, capital, running));
}

static void
describe_billing (GpEstimate *self,
                  GPtrArray  *lines)
{
  GpProvider *provider = gp_estimate_get_provider (self);
  double increment = gp_instance_get_billing_increment_s (gp_estimate_get_instance (self));
  double minimum = gp_provider_get_billing_minimum_s (provider);

  if (self->row.pricing == GP_ESTIMATE_PRICING_SUBSCRIPTION)
    return;

  if (self->row.pricing == GP_ESTIMATE_PRICING_CAPACITY_BLOCK)
    {
      guint days = gp_cost_capacity_block_days (self->row.wall_hours);
      GpSource *source = gp_offer_get_capacity_block_source (self->offer);

      g_ptr_array_add (
          lines, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                               "A Capacity Block of %u day (%.0f hours), booked "
                                               "ahead for a start you choose and paid upfront, "
                                               "used or not",
                                               "A Capacity Block of %u days (%.0f hours), booked "
                                               "ahead for a start you choose and paid upfront, "
                                               "used or not",
                                               days),
                                  days, self->row.billed_hours));
      if (source != NULL)
        g_ptr_array_add (lines, g_strdup_printf (_("Capacity Block price: %s, as of %s"),
                                                 gp_source_get_title (source),
                                                 gp_source_get_as_of (source)));
      return;
    }

  if (self->row.pricing == GP_ESTIMATE_PRICING_RESERVED_1Y ||
      self->row.pricing == GP_ESTIMATE_PRICING_RESERVED_3Y)
    {
      double discount = self->row.pricing == GP_ESTIMATE_PRICING_RESERVED_1Y
                          ? gp_provider_get_reserved_1y_discount_pct (provider)
                          : gp_provider_get_reserved_3y_discount_pct (provider);
      double listed = self->row.pricing == GP_ESTIMATE_PRICING_RESERVED_1Y
                        ? gp_offer_get_reserved_1y (self->offer)
                        : gp_offer_get_reserved_3y (self->offer);

      g_ptr_array_add (lines, g_strdup_printf (_("A commitment is paid for all of its %.0f "
                                                 "hours, used or not"),
                                               self->row.billed_hours));
      if (isnan (listed) && !isnan (discount))
        g_ptr_array_add (lines,
                         g_strdup_printf (_("Commitment price: the on-demand price less "
                                             "the published %.0f%% discount (%s)"),
                                          discount,
                                          title_of (gp_provider_get_reserved_source (provider))));
      return;
    }

  if (isnan (increment) || increment <= 0)
    g_ptr_array_add (lines, g_strdup (_("Billing increment not published: billed exactly")));
  else if (increment == 1)
    g_ptr_array_add (lines, g_strdup (_("Billed per second")));
  else if (increment == 60)
    g_ptr_array_add (lines, g_strdup (_("Billed per minute")));
  else if (increment == 3600)
    g_ptr_array_add (lines, g_strdup (_("Billed per started hour")));
  else if (increment == GP_QUOTE_HOURS_A_MONTH * 3600)
    g_ptr_array_add (lines, g_strdup_printf (_("Rented by the month: every month begun is paid "
                                                "whole (%.0f hours)"),
                                             GP_QUOTE_HOURS_A_MONTH));
  else
    g_ptr_array_add (lines, g_strdup_printf (_("Billed in steps of %.0f seconds"), increment));

  if (!isnan (minimum) && minimum > 0)
    g_ptr_array_add (lines, g_strdup_printf (_("Minimum charge: %.0f seconds"), minimum));
}

static void
describe_interruptions (GpEstimate *self,
                        GPtrArray  *lines)
{
  const GpCostRow *row = &self->row;
  double restart = gp_workload_get_restart_minutes (self->workload);
  g_autofree char *fallback = NULL;

  if (isnan (restart))
    restart = gp_estimator_data_get_coefficient (self->data, "restart_minutes");

  if (row->pricing != GP_ESTIMATE_PRICING_SPOT)
    return;

  g_ptr_array_add (lines, g_strdup (_("Spot price: the upper end of the region’s zones")));

  if (!isnan (gp_workload_get_interruptions_per_month (self->workload)))
    g_ptr_array_add (lines, g_strdup_printf (_("Interruptions: %.0f%% of instances a month, "
                                               "as you set it"),
                                             row->interruptions_per_month * 100));
  else if (row->interruption_bucket != NULL)
    g_ptr_array_add (lines, g_strdup_printf (_("Interruptions: %.1f%% of instances a month "
                                               "(published bucket %s, %s, %s)"),
                                             row->interruptions_per_month * 100,
                                             row->interruption_bucket,
                                             title_of (row->interruption_source),
                                             gp_source_get_as_of (row->interruption_source)));
  else
    g_ptr_array_add (lines, g_strdup_printf (_("Interruptions: no published rate for this "
                                               "offer; assumed %.0f%% of instances a month"),
                                             row->interruptions_per_month * 100));

  if (gp_workload_get_checkpoint_minutes (self->workload) > 0)
    g_ptr_array_add (lines, g_strdup_printf (_("Expected rework: %.2f h (half a %.0f-minute "
                                               "checkpoint interval and a %.0f-minute restart "
                                               "per interruption)"),
                                             row->extra_hours,
                                             gp_workload_get_checkpoint_minutes (self->workload),
                                             restart));
  else
    g_ptr_array_add (lines, g_strdup_printf (_("Expected rework: %.2f h (no checkpoints: an "
                                               "interruption loses the run so far)"),
                                             row->extra_hours));

  if (!isnan (row->fallback_cost))
    {
      fallback = money (self, row->fallback_cost);
      g_ptr_array_add (lines, g_strdup_printf (_("If spot capacity runs out, the job costs %s "
                                                 "on demand"),
                                               fallback));
    }
}

static void
describe_sessions (GpEstimate *self,
                   GPtrArray  *lines)
{
  GpProvider *provider = gp_estimate_get_provider (self);
  g_autofree char *unit_price = NULL;

  if (self->row.pricing == GP_ESTIMATE_PRICING_SUBSCRIPTION && self->plan != NULL)
    {
      unit_price = money (self, self->row.hourly);
      g_ptr_array_add (lines,
                       g_strdup_printf (_("%s: %.2f compute units an hour at %s a unit"),
                                        gp_format_catalog_text (gp_plan_get_name (self->plan)),
                                        self->row.units_per_hour, unit_price));
      if (self->row.packs > 0)
        {
          g_autofree char *paid =
              money (self, self->row.packs * gp_plan_get_price (self->plan) * self->row.hourly /
                               gp_plan_get_unit_price (self->plan));

          /* Translators: "397 compute units in all: 4 packs of 100 to buy (39.96 USD) …" */
          g_ptr_array_add (lines,
                           g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                         "%.0f compute units in all: %u pack of "
                                                         "%.0f to buy (%s), as units are sold "
                                                         "in whole packs; the cost counts the "
                                                         "whole pack",
                                                         "%.0f compute units in all: %u packs of "
                                                         "%.0f to buy (%s), as units are sold "
                                                         "in whole packs; the cost counts the "
                                                         "whole packs",
                                                         self->row.packs),
                                            ceil (self->row.units), self->row.packs,
                                            gp_plan_get_compute_units (self->plan), paid));
        }
    }

  if (self->row.sessions > 1)
    g_ptr_array_add (lines, g_strdup_printf (_("%u sessions: %s ends a session after %.0f h; "
                                               "the job resumes from its checkpoint"),
                                             self->row.sessions, gp_provider_get_name (provider),
                                             gp_provider_get_max_session_hours (provider)));
}

static void
describe_data (GpEstimate *self,
               GPtrArray  *lines)
{
  GpProvider *provider = gp_estimate_get_provider (self);
  double dataset = gp_workload_get_dataset_gb (self->workload);
  double results = gp_workload_get_results_gb (self->workload);
  double storage_price = gp_workload_get_storage_per_gb_month (self->workload);
  double mbps = gp_workload_get_upload_mbps (self->workload);
  double across = gp_workload_get_cross_border_mbps (self->workload);

  if (isnan (mbps))
    mbps = gp_estimator_data_get_coefficient (self->data, "upload_mbps");
  if (isnan (across))
    across = gp_estimator_data_get_coefficient (self->data, "cross_border_mbps");

  if (dataset > 0 &&
      gp_offer_crosses_border (self->offer, gp_workload_get_lab_location (self->workload)))
    g_ptr_array_add (
        lines, g_strdup_printf (
                   _("Upload of %.0f GB across the border at %g Mbit/s: %.1f h before the "
                      "job starts (links into mainland China were measured below 1 Mbit/s "
                      "for hours a day and about 4 otherwise, %s; the speed is yours to "
                      "change)"),
                   dataset, MIN (mbps, across), self->row.upload_hours,
                   title_of (gp_estimator_data_find_source (self->data, "great-bottleneck-2020"))));
  else if (dataset > 0)
    g_ptr_array_add (lines, g_strdup_printf (_("Upload of %.0f GB at %.0f Mbit/s: %.1f h before "
                                               "the job starts"),
                                             dataset, mbps, self->row.upload_hours));

  if (dataset + results > 0)
    {
      if (isnan (storage_price))
        g_ptr_array_add (lines, g_strdup (_("Storage not priced: give a price per GB-month")));
      else
        {
          g_autofree char *price = money (self, storage_price);
          g_ptr_array_add (lines, g_strdup_printf (_("Storage: %.0f GB at %s a GB-month while "
                                                     "the job runs"),
                                                   dataset + results, price));
        }
    }

  if (results > 0)
    {
      double per_gb = gp_provider_get_egress_per_gb (provider);
      double free_gb = gp_provider_get_egress_free_gb (provider);

      if (isnan (per_gb))
        g_ptr_array_add (lines, g_strdup (_("Egress price not in the catalog: the download is "
                                            "not counted")));
      else
        g_ptr_array_add (lines, g_strdup_printf (_("Download of %.0f GB: %.0f GB free, then "
                                                   "%.3f %s a GB"),
                                                 results, isnan (free_gb) ? 0 : free_gb,
                                                 per_gb, self->catalog_currency));
    }
}

static void
describe_limits (GpEstimate *self,
                 GPtrArray  *lines)
{
  double rate = gp_workload_get_exchange_rate (self->workload);
  double deadline = gp_workload_get_deadline_hours (self->workload);
  double budget = gp_workload_get_budget (self->workload);

  if (g_strcmp0 (self->currency, self->catalog_currency) != 0)
    {
      const char *basis = gp_workload_get_exchange_rate_basis (self->workload);

      if (basis != NULL)
        /* Translators: the last %s says where the rate comes from and its date */
        g_ptr_array_add (lines, g_strdup_printf (_("Converted from %s at %g %s per %s: %s"),
                                                 self->catalog_currency, rate, self->currency,
                                                 self->catalog_currency, basis));
      else
        g_ptr_array_add (lines, g_strdup_printf (_("Converted from %s at %g %s per %s, the rate "
                                                   "you gave"),
                                                 self->catalog_currency, rate, self->currency,
                                                 self->catalog_currency));
    }

  if (!gp_estimate_meets_deadline (self))
    g_ptr_array_add (lines, g_strdup_printf (_("Misses the %.0f h deadline: %.1f h with the "
                                               "upload"),
                                             deadline,
                                             self->row.upload_hours + self->row.wall_hours));

  if (!gp_estimate_within_budget (self))
    {
      g_autofree char *limit = money (self, budget);
      g_ptr_array_add (lines, g_strdup_printf (_("Over the budget of %s"), limit));
    }
}

static void
describe_memory (GpEstimate *self,
                 GPtrArray  *lines)
{
  const char *preset_id = gp_workload_get_preset (self->workload);
  GpPreset *preset = preset_id ? gp_estimator_data_find_preset (self->data, preset_id) : NULL;
  GpInstance *instance = gp_estimate_get_instance (self);
  GpMemoryJob job;
  char *description;

  GpMeasurement *measured =
      gp_workload_find_measurement (self->workload, gp_gpu_get_id (gp_instance_get_gpu (instance)));

  gp_memory_job_init (&job, self->workload, preset);
  if (measured != NULL)
    /* Translators: the job's peak GPU memory, as measured on the same GPU */
    description = g_strdup_printf (_("GPU memory: %.1f GB at most, measured on this GPU (%s)"),
                                   gp_measurement_get_peak_reserved_gb (measured),
                                   gp_measurement_get_date (measured));
  else
    description = gp_memory_dup_description (self->data, &job, self->row.gpu_count);
  if (description == NULL)
    return;

  g_ptr_array_add (lines, description);
  if (self->row.fit == GP_FIT_NO)
    g_ptr_array_add (lines, g_strdup_printf (_("Does not fit: %.0f GB per GPU, the job needs "
                                               "%.1f GB (%.1f GB short)"),
                                             gp_instance_get_gpu_memory_gb (instance),
                                             self->row.memory_needed_gb,
                                             self->row.memory_needed_gb -
                                               gp_instance_get_gpu_memory_gb (instance)));
  else if (self->row.fit == GP_FIT_UNKNOWN)
    g_ptr_array_add (lines, g_strdup (_("The catalog does not give this GPU’s memory: whether "
                                        "the job fits is unknown")));
}

gboolean
gp_estimate_is_stale (GpEstimate *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE (self), FALSE);
  return gp_offer_is_price_stale (self->offer, self->row.pricing, self->stale_after_days);
}

const char *
gp_estimate_get_as_of (GpEstimate *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE (self), NULL);
  return gp_offer_get_price_as_of (self->offer, self->row.pricing);
}

GpSource *
gp_estimate_get_price_source (GpEstimate *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE (self), NULL);
  return gp_offer_get_price_source (self->offer, self->row.pricing);
}

guint
gp_estimate_get_stale_after_days (GpEstimate *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE (self), GP_STALE_AFTER_DAYS);
  return self->stale_after_days;
}

gboolean
gp_estimate_is_derived (GpEstimate *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE (self), FALSE);
  return gp_offer_get_price_basis (self->offer) == GP_PRICE_BASIS_DERIVED;
}

gboolean
gp_estimate_is_gpu_only (GpEstimate *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE (self), FALSE);
  return gp_offer_get_price_basis (self->offer) == GP_PRICE_BASIS_GPU_ONLY;
}

gboolean
gp_estimate_is_unused_commitment (GpEstimate *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE (self), FALSE);

  return (self->row.pricing == GP_ESTIMATE_PRICING_RESERVED_1Y ||
          self->row.pricing == GP_ESTIMATE_PRICING_RESERVED_3Y) &&
         self->row.wall_hours < self->row.billed_hours / 2;
}

/* What the speed rests on, as the interface names it: "measured" (the user's own measurement
 * on this GPU), "measured-family" (published measurements of the workload's family, or the
 * preset's own hours on its GPU), "data-sheet" (TFLOPS and bandwidth, or hours the user gave
 * on this very GPU), "bandwidth" (memory bandwidth alone) or "override" (a ratio the user set). */
const char *
gp_estimate_get_speed_basis_key (GpEstimate *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE (self), NULL);

  switch (self->row.basis)
    {
    case GP_SPEED_BASIS_YOUR_MEASUREMENT:
      return "measured";

    case GP_SPEED_BASIS_MEASURED:
      return "measured-family";

    case GP_SPEED_BASIS_SAME_GPU:
      return gp_workload_get_preset (self->workload) != NULL ? "measured-family" : "data-sheet";

    case GP_SPEED_BASIS_SPECS:
      return "data-sheet";

    case GP_SPEED_BASIS_BANDWIDTH:
      return "bandwidth";

    case GP_SPEED_BASIS_OVERRIDE:
      return "override";

    case GP_SPEED_BASIS_UNKNOWN:
    default:
      return NULL;
    }
}

double
gp_estimate_get_memory_needed_gb (GpEstimate *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE (self), NAN);
  return self->row.memory_needed_gb;
}

GpFit
gp_estimate_get_fit (GpEstimate *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE (self), GP_FIT_UNKNOWN);
  return self->row.fit;
}

gboolean
gp_estimate_is_doubtful (GpEstimate *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE (self), FALSE);
  return gp_offer_is_doubtful (self->offer, self->row.pricing);
}

const GpEmissions *
gp_estimate_get_emissions (GpEstimate *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE (self), NULL);
  return &self->emissions;
}

const GpGridFigure *
gp_estimate_get_grid (GpEstimate *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE (self), NULL);
  return grid_of (self);
}

/* Every assumption the figures rest on, in words: the speed's basis, any precision
 * fallback, billing, interruptions, sessions, data, currency, and whether the deadline and
 * budget hold. */
const char * const *
gp_estimate_get_assumptions (GpEstimate *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE (self), NULL);

  if (self->assumptions == NULL)
    {
      g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);

      describe_prices (self, lines);
      describe_speed (self, lines);
      describe_reach (self, lines);
      describe_lab (self, lines);
      describe_billing (self, lines);
      describe_interruptions (self, lines);
      describe_sessions (self, lines);
      describe_data (self, lines);
      describe_limits (self, lines);
      describe_memory (self, lines);
      gp_emissions_describe (&self->emissions, gp_instance_get_gpu (self->instance),
                             gp_offer_get_region (self->offer), grid_of (self),
                             gp_instance_get_lab_cost (self->instance) != NULL, lines);
      g_ptr_array_add (lines, NULL);
      self->assumptions = (char **) g_ptr_array_steal (lines, NULL);
    }

  return (const char * const *) self->assumptions;
}
