/* gp-cost-model.c — the rules that turn a workload and an offer into hours and money
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every rule is a small pure function so the tests can check it against a worked example.
 * data/estimator/README.md explains the model and where each coefficient comes from.
 */

#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "gp-cost-model.h"
#include "gp-enums.h"
#include "gp-measurement.h"
#include "gp-util.h"

/**
 * gp_cost_billed_hours:
 * @wall_hours: how long the instance runs
 * @increment_s: the billing increment in seconds (3600 per hour, 1 per second); NAN or 0 for
 *   exact billing
 * @minimum_s: the minimum charge in seconds, or NAN / 0 for none
 *
 * Rounds up to the increment, then to the minimum: 61 minutes bills 2 hours at per-hour
 * billing and 61 minutes at per-second billing.
 *
 * Returns: the hours charged
 */
double
gp_cost_billed_hours (double wall_hours,
                      double increment_s,
                      double minimum_s)
{
  double seconds = wall_hours * 3600;

  if (wall_hours <= 0)
    return 0;

  /* Tolerate the float error of hours → seconds: 1 h is 3600 s, not 3600.0000001. */
  if (increment_s == 1)
    seconds = ceil (seconds - 1e-9);
  else if (increment_s > 0)
    seconds = ceil (seconds / increment_s - 1e-9) * increment_s;

  if (!isnan (minimum_s) && seconds < minimum_s)
    seconds = minimum_s;

  return seconds / 3600;
}

/**
 * gp_cost_interruptions_per_hour:
 * @per_month: the share of instances interrupted within a month (0.25 for 25%)
 *
 * Treats interruptions as a Poisson process: 1 − e^(−λ·730) = @per_month.
 *
 * Returns: the expected interruptions per running hour, λ
 */
double
gp_cost_interruptions_per_hour (double per_month)
{
  if (isnan (per_month) || per_month <= 0)
    return 0;

  return -log1p (-MIN (per_month, 0.999)) / GP_HOURS_PER_MONTH;
}

/**
 * gp_cost_spot_extra_hours:
 * @wall_hours: the job's uninterrupted run time
 * @interruptions_per_hour: λ from gp_cost_interruptions_per_hour()
 * @checkpoint_minutes: minutes between checkpoints, 0 when the job keeps none
 * @restart_minutes: minutes to get a new instance and resume
 *
 * Each interruption loses, on average, half a checkpoint interval of work plus the restart;
 * a job that keeps no checkpoints loses, on average, half of what it has run. First order in
 * λ: the rework's own interruptions are left out, which is accurate while λ × the loss is small.
 *
 * Returns: the expected extra hours
 */
double
gp_cost_spot_extra_hours (double wall_hours,
                          double interruptions_per_hour,
                          double checkpoint_minutes,
                          double restart_minutes)
{
  double interval = checkpoint_minutes > 0 ? checkpoint_minutes / 60 : wall_hours;
  double loss = interval / 2 + MAX (restart_minutes, 0) / 60;

  if (wall_hours <= 0 || interruptions_per_hour <= 0)
    return 0;

  return interruptions_per_hour * wall_hours * loss;
}

/**
 * gp_cost_sessions:
 * @wall_hours: the job's run time
 * @max_session_hours: the platform's session limit, NAN or 0 for none
 *
 * Returns: how many sessions the job needs: a 30-hour job under a 12-hour limit needs 3
 */
guint
gp_cost_sessions (double wall_hours,
                  double max_session_hours)
{
  if (wall_hours <= 0)
    return 1;
  if (isnan (max_session_hours) || max_session_hours <= 0)
    return 1;

  return (guint) MAX (1, ceil (wall_hours / max_session_hours - 1e-9));
}

/**
 * gp_cost_capacity_block_days:
 * @wall_hours: how long the job runs
 *
 * Returns: the days of the shortest Capacity Block that holds the job (whole days: 30 hours
 *   need a block of 2), or 0 when no block is long enough or the job has no length
 */
guint
gp_cost_capacity_block_days (double wall_hours)
{
  double days;

  if (!(wall_hours > 0))
    return 0;
  days = ceil (wall_hours / 24 - 1e-9);
  return days <= GP_CAPACITY_BLOCK_MAX_DAYS ? (guint) days : 0;
}

/**
 * gp_cost_packs:
 * @units: compute units a job burns
 * @pack_units: the units one pack holds
 *
 * Returns: how many whole packs the job must buy: 396.8 units in packs of 100 are 4 packs;
 *   none for no units
 */
guint
gp_cost_packs (double units,
               double pack_units)
{
  if (units <= 0 || !(pack_units > 0))
    return 0;

  return (guint) MAX (1, ceil (units / pack_units - 1e-9));
}

/**
 * gp_cost_egress:
 * @gb: data downloaded from the cloud
 * @free_gb: the monthly free allowance, NAN for none
 * @per_gb: the price per GB beyond it
 *
 * Returns: the egress charge: 150 GB with 100 GB free at 0.09 costs 4.50
 */
double
gp_cost_egress (double gb,
                double free_gb,
                double per_gb)
{
  double charged = gb - (isnan (free_gb) ? 0 : free_gb);

  if (isnan (per_gb) || charged <= 0)
    return 0;

  return charged * per_gb;
}

/**
 * gp_cost_upload_hours:
 * @gb: the dataset, in gigabytes (10⁹ bytes)
 * @mbps: the uplink, in megabits (10⁶ bits) a second
 *
 * Returns: the upload's duration in hours: 100 GB at 100 Mbit/s takes 2.22 h
 */
double
gp_cost_upload_hours (double gb,
                      double mbps)
{
  if (gb <= 0 || isnan (mbps) || mbps <= 0)
    return 0;

  return gb * 8000 / mbps / 3600;
}

/**
 * gp_cost_storage:
 * @gb: what is stored
 * @hours: for how long
 * @per_gb_month: the price per GB-month, NAN when unknown
 *
 * Returns: the storage charge, 0 when the price is unknown
 */
double
gp_cost_storage (double gb,
                 double hours,
                 double per_gb_month)
{
  if (gb <= 0 || hours <= 0 || isnan (per_gb_month))
    return 0;

  return gb * per_gb_month * hours / GP_HOURS_PER_MONTH;
}

static gboolean
architecture_supports (const char  *architecture,
                       GpPrecision  precision)
{
  static const char * const ampere_and_newer[] = { "Ampere", "Ada Lovelace", "Hopper",
                                                   "Blackwell", NULL };
  static const char * const fp8_capable[] = { "Ada Lovelace", "Hopper", "Blackwell", NULL };

  switch (precision)
    {
    case GP_PRECISION_FP32:
    case GP_PRECISION_FP16:
      return TRUE;

    case GP_PRECISION_TF32:
    case GP_PRECISION_BF16:
      return g_strv_contains (ampere_and_newer, architecture);

    case GP_PRECISION_FP8:
      return g_strv_contains (fp8_capable, architecture);

    default:
      return FALSE;
    }
}

/**
 * gp_cost_effective_precision:
 * @gpu: a GPU
 * @wanted: the job's precision
 *
 * What the job really runs in on @gpu: FP8 needs Ada Lovelace or Hopper and falls back to
 * BF16; TF32 and BF16 need Ampere or newer, and fall back to FP32 and FP16 (a V100 trains
 * BF16 code with FP16 autocast, or at FP32).
 *
 * Returns: @wanted, or the precision it falls back to
 */
GpPrecision
gp_cost_effective_precision (GpGpu       *gpu,
                             GpPrecision  wanted)
{
  const char *architecture = gp_gpu_get_architecture (gpu);

  if (architecture == NULL)
    return wanted;

  while (!architecture_supports (architecture, wanted))
    {
      switch (wanted)
        {
        case GP_PRECISION_FP8:
          wanted = GP_PRECISION_BF16;
          break;

        case GP_PRECISION_BF16:
          wanted = GP_PRECISION_FP16;
          break;

        default:
          return GP_PRECISION_FP32;
        }
    }

  return wanted;
}

static double
tflops_at (GpGpu       *gpu,
           GpPrecision  precision)
{
  switch (precision)
    {
    case GP_PRECISION_FP32:
      return gp_gpu_get_fp32_tflops (gpu);

    case GP_PRECISION_TF32:
      return gp_gpu_get_tf32_tflops (gpu);

    case GP_PRECISION_FP16:
      return gp_gpu_get_fp16_tflops (gpu);

    case GP_PRECISION_BF16:
      return gp_gpu_get_tensor_tflops (gpu);

    case GP_PRECISION_FP8:
      return gp_gpu_get_fp8_tflops (gpu);

    default:
      return NAN;
    }
}

/**
 * gp_cost_spec_speed:
 * @gpu: a GPU
 * @precision: the precision it runs at (after gp_cost_effective_precision())
 * @tflops_weight: w in TFLOPS^w × bandwidth^(1−w)
 * @bandwidth_only: score by memory bandwidth alone
 *
 * A relative speed from the data sheet. Training is neither purely compute- nor purely
 * memory-bound, so the score is a geometric mix; only ratios of scores mean anything.
 *
 * Returns: the score, or NAN when a figure it needs is unknown
 */
double
gp_cost_spec_speed (GpGpu       *gpu,
                    GpPrecision  precision,
                    double       tflops_weight,
                    gboolean     bandwidth_only)
{
  double bandwidth = gp_gpu_get_memory_bandwidth_gbps (gpu);
  double tflops = tflops_at (gpu, precision);

  if (bandwidth_only)
    return bandwidth;
  if (isnan (tflops) || isnan (bandwidth))
    return NAN;

  return pow (tflops, tflops_weight) * pow (bandwidth, 1 - tflops_weight);
}

static double
coefficient (GpEstimatorData *data,
             double           user_value,
             const char      *name)
{
  return isnan (user_value) ? gp_estimator_data_get_coefficient (data, name) : user_value;
}

/* The ratio of the user's own measurements on @target and on @reference, where both were
 * measured. */
static gboolean
measured_here (GpWorkload *workload,
               GpGpu      *reference,
               GpGpu      *target,
               double     *ratio)
{
  GpMeasurement *from = gp_workload_find_measurement (workload, gp_gpu_get_id (reference));
  GpMeasurement *to = gp_workload_find_measurement (workload, gp_gpu_get_id (target));

  if (from == NULL || to == NULL)
    return FALSE;
  *ratio = gp_measurement_get_tokens_per_second (to) / gp_measurement_get_tokens_per_second (from);
  return TRUE;
}

/**
 * gp_cost_preset_single_gpu_hours:
 * @data: the estimator data
 * @preset: a preset
 * @gpu_id: the GPU it ran on
 * @gpus: how many
 * @gpu_hours: GPUs × the hours it took
 *
 * Returns: the same work on one such GPU, with the measured efficiency of @gpus of them
 */
double
gp_cost_preset_single_gpu_hours (GpEstimatorData *data,
                                 GpPreset        *preset,
                                 const char      *gpu_id,
                                 guint            gpus,
                                 double           gpu_hours)
{
  return gpu_hours * gp_estimator_data_scaling_efficiency (data, gp_preset_get_family (preset),
                                                           gpu_id, gp_preset_get_precision (preset),
                                                           gpus, NULL);
}

/**
 * gp_cost_published_ratio:
 * @data: the estimator data
 * @preset: a preset
 * @gpu_id: a GPU
 * @ratio: (out): the speed of one such GPU against one of the preset's reference GPU
 *
 * Returns: whether the preset's workload was published on @gpu_id
 */
gboolean
gp_cost_published_ratio (GpEstimatorData *data,
                         GpPreset        *preset,
                         const char      *gpu_id,
                         double          *ratio)
{
  const GpPresetResult *result = gp_preset_find_result (preset, gpu_id);

  if (result == NULL)
    return FALSE;

  *ratio = gp_cost_preset_single_gpu_hours (data, preset, gp_preset_get_reference_gpu (preset),
                                            gp_preset_get_reference_gpus (preset),
                                            gp_preset_get_gpu_hours (preset)) /
           gp_cost_preset_single_gpu_hours (data, preset, gpu_id, result->gpus,
                                            result->gpus * result->minutes / 60);
  return TRUE;
}

/**
 * gp_cost_published_efficiency:
 * @data: the estimator data
 * @catalog: (nullable): the catalog, for the data sheet of each preset's reference GPU
 * @gpu: a GPU
 * @tflops_weight: w of the data-sheet model
 * @efficiency: (out): the first preset its vendor published it on, where the result sits below
 *   what the data sheet predicts against the preset's reference GPU; a share of 1 otherwise
 *
 * Only the vendor's own results count: they are what the vendor says its GPU does.
 */
void
gp_cost_published_efficiency (GpEstimatorData       *data,
                              GpCatalog             *catalog,
                              GpGpu                 *gpu,
                              double                 tflops_weight,
                              GpPublishedEfficiency *efficiency)
{
  GListModel *presets = gp_estimator_data_get_presets (data);

  *efficiency = (GpPublishedEfficiency){ 1, NULL, NULL };
  for (guint i = 0; catalog != NULL && i < g_list_model_get_n_items (presets); i++)
    {
      g_autoptr(GpPreset) preset = g_list_model_get_item (presets, i);
      const GpPresetResult *result = gp_preset_find_result (preset, gp_gpu_get_id (gpu));
      GpGpu *reference = gp_catalog_find_gpu (catalog, gp_preset_get_reference_gpu (preset));
      GpPrecision precision = gp_preset_get_precision (preset);
      double measured, sheet;

      if (result == NULL || reference == NULL ||
          g_strcmp0 (result->submitter, gp_gpu_get_vendor (gpu)) != 0 ||
          !gp_cost_published_ratio (data, preset, gp_gpu_get_id (gpu), &measured))
        continue;

      sheet = gp_cost_spec_speed (gpu, gp_cost_effective_precision (gpu, precision), tflops_weight,
                                  FALSE) /
              gp_cost_spec_speed (reference, gp_cost_effective_precision (reference, precision),
                                  tflops_weight, FALSE);
      /* The estimator data keeps the preset, and its result, once this reference goes. */
      if (measured / sheet < 1)
        *efficiency = (GpPublishedEfficiency){ measured / sheet, preset, result };
      return;
    }
}

/**
 * gp_cost_speed_ratio:
 * @data: the estimator data
 * @catalog: (nullable): the catalog, for the data sheets of the presets' reference GPUs
 * @workload: the job: its preset's family, its precision, the user's overrides
 * @reference: the GPU the job's hours were counted on
 * @target: the GPU to estimate
 * @ratio: (out): throughput on @target ÷ throughput on @reference, per GPU
 * @basis: (out): what the ratio rests on
 * @source: (out) (transfer none) (nullable): the measurement's source, for a measured ratio
 * @published: (out): for the spec model, the published efficiency of @target and of @reference
 *
 * In order: the user's override, the user's own measurements (on @reference and @target),
 * the same GPU, the preset's own workload published on @target, a measured ratio of this
 * workload's family, the spec model (TFLOPS and bandwidth, each GPU at the share of it its
 * vendor's published results reach, gp_cost_published_efficiency()), bandwidth alone.
 *
 * Returns: %FALSE when no figure allows a ratio (@basis is %GP_SPEED_BASIS_UNKNOWN)
 */
gboolean
gp_cost_speed_ratio (GpEstimatorData       *data,
                     GpCatalog             *catalog,
                     GpWorkload            *workload,
                     GpGpu                 *reference,
                     GpGpu                 *target,
                     double                *ratio,
                     GpSpeedBasis          *basis,
                     GpSource             **source,
                     GpPublishedEfficiency  published[2])
{
  GpPrecision wanted = gp_workload_get_precision (workload);
  GpPrecision reference_precision = gp_cost_effective_precision (reference, wanted);
  GpPrecision target_precision = gp_cost_effective_precision (target, wanted);
  double weight = coefficient (data, gp_workload_get_spec_weight (workload), "spec_tflops_weight");
  double override = gp_workload_get_speed_ratio (workload, gp_gpu_get_id (target));
  const char *preset_id = gp_workload_get_preset (workload);
  GpPreset *preset = preset_id ? gp_estimator_data_find_preset (data, preset_id) : NULL;
  const GpPresetResult *result =
      preset != NULL && wanted == gp_preset_get_precision (preset) &&
              g_strcmp0 (gp_gpu_get_id (reference), gp_preset_get_reference_gpu (preset)) == 0
          ? gp_preset_find_result (preset, gp_gpu_get_id (target))
          : NULL;
  double from, to;

  *source = NULL;
  published[0] = published[1] = (GpPublishedEfficiency){ 1, NULL, NULL };

  if (!isnan (override))
    {
      *ratio = override;
      *basis = GP_SPEED_BASIS_OVERRIDE;
      return TRUE;
    }

  if (measured_here (workload, reference, target, ratio))
    {
      *basis = GP_SPEED_BASIS_YOUR_MEASUREMENT;
      return TRUE;
    }

  if (reference == target || g_strcmp0 (gp_gpu_get_id (reference), gp_gpu_get_id (target)) == 0)
    {
      *ratio = 1;
      *basis = GP_SPEED_BASIS_SAME_GPU;
      return TRUE;
    }

  /* The preset's own workload, published on this GPU. */
  if (result != NULL && gp_cost_published_ratio (data, preset, gp_gpu_get_id (target), ratio))
    {
      *source = result->source;
      *basis = GP_SPEED_BASIS_MEASURED;
      return TRUE;
    }

  if (preset != NULL && wanted != GP_PRECISION_FP32 &&
      gp_estimator_data_measured_ratio (data, gp_preset_get_family (preset), wanted,
                                        gp_gpu_get_id (reference), gp_gpu_get_id (target),
                                        ratio, source))
    {
      *basis = GP_SPEED_BASIS_MEASURED;
      return TRUE;
    }

  from = gp_cost_spec_speed (reference, reference_precision, weight, FALSE);
  to = gp_cost_spec_speed (target, target_precision, weight, FALSE);
  if (!isnan (from) && !isnan (to) && from > 0)
    {
      /* A GPU whose vendor published it below its data sheet runs at that share here too. */
      gp_cost_published_efficiency (data, catalog, target, weight, &published[0]);
      gp_cost_published_efficiency (data, catalog, reference, weight, &published[1]);
      *ratio = to / from * published[0].share / published[1].share;
      *basis = GP_SPEED_BASIS_SPECS;
      return TRUE;
    }

  from = gp_cost_spec_speed (reference, reference_precision, weight, TRUE);
  to = gp_cost_spec_speed (target, target_precision, weight, TRUE);
  if (!isnan (from) && !isnan (to) && from > 0)
    {
      *ratio = to / from;
      *basis = GP_SPEED_BASIS_BANDWIDTH;
      return TRUE;
    }

  *ratio = NAN;
  *basis = GP_SPEED_BASIS_UNKNOWN;
  return FALSE;
}

/**
 * gp_cost_recompute_factor:
 * @data: the estimator data
 * @workload: the job
 *
 * Activation checkpointing recomputes every layer's forward pass in the backward pass, a
 * third more compute (`recompute_extra_compute_share`). The job's hours are counted as its
 * own measurement ran, with or without checkpointing; published hours and the hours a user
 * gives are taken as without it.
 *
 * Returns: what the job's hours are multiplied by: 1 + the share when checkpointing is on and
 *   the hours were counted without it, its inverse the other way round, else 1
 */
double
gp_cost_recompute_factor (GpEstimatorData *data,
                          GpWorkload      *workload)
{
  GPtrArray *measurements = gp_workload_get_measurements (workload);
  gboolean wanted = gp_workload_get_activation_checkpointing (workload);
  gboolean counted =
      measurements->len > 0 && gp_measurement_get_activation_checkpointing (measurements->pdata[0]);
  double share = gp_estimator_data_get_coefficient (data, "recompute_extra_compute_share");

  if (wanted == counted)
    return 1;
  return wanted ? 1 + share : 1 / (1 + share);
}

/**
 * gp_precision_to_string:
 * @precision: a precision
 *
 * Returns: its interface name: "fp32", "tf32", "fp16", "bf16" or "fp8"
 */
const char *
gp_precision_to_string (GpPrecision precision)
{
  g_return_val_if_fail (precision <= GP_PRECISION_FP8, NULL);
  return gp_enum_to_nick (GP_TYPE_PRECISION, precision);
}

/**
 * gp_precision_from_string:
 * @text: "fp32", "tf32", "fp16", "bf16" or "fp8", in any case
 * @precision: (out): the precision
 *
 * Returns: %TRUE when @text names one
 */
gboolean
gp_precision_from_string (const char  *text,
                          GpPrecision *precision)
{
  g_autofree char *nick = text != NULL ? g_ascii_strdown (text, -1) : NULL;
  int value;

  if (!gp_enum_from_nick (GP_TYPE_PRECISION, nick, &value))
    return FALSE;

  *precision = value;
  return TRUE;
}

/**
 * gp_estimate_pricing_to_string:
 * @pricing: a way of paying
 *
 * Returns: its interface name, as the command line prints it: "on-demand", "spot",
 *   "reserved-1y", "reserved-3y", "subscription" or "capacity-block"
 */
const char *
gp_estimate_pricing_to_string (GpEstimatePricing pricing)
{
  g_return_val_if_fail (pricing <= GP_ESTIMATE_PRICING_CAPACITY_BLOCK, NULL);
  return gp_enum_to_nick (GP_TYPE_ESTIMATE_PRICING, pricing);
}

/**
 * gp_estimate_pricing_get_label:
 * @pricing: a way of paying
 *
 * Returns: its name for people, translated: "On demand", "Spot", "1-year commitment", …
 */
const char *
gp_estimate_pricing_get_label (GpEstimatePricing pricing)
{
  static const char *const labels[] = {
    N_("On demand"),         N_("Spot"),         N_("1-year commitment"),
    N_("3-year commitment"), N_("Subscription"), N_("Capacity Block"),
  };

  return pricing < G_N_ELEMENTS (labels) ? _(labels[pricing]) : "";
}
