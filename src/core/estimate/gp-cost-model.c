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

/* Rounds up to the increment, then to the minimum: 61 minutes bills 2 hours at per-hour
 * billing and 61 minutes at per-second billing. */
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

/* Treats interruptions as a Poisson process: 1 − e^(−λ·730) = @per_month. */
double
gp_cost_interruptions_per_hour (double per_month)
{
  if (isnan (per_month) || per_month <= 0)
    return 0;

  return -log1p (-MIN (per_month, 0.999)) / GP_HOURS_PER_MONTH;
}

/* Each interruption loses, on average, half a checkpoint interval of work plus the restart;
 * a job that keeps no checkpoints loses, on average, half of what it has run. First order in
 * λ: the rework's own interruptions are left out, which is accurate while λ × the loss is small. */
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

guint
gp_cost_capacity_block_days (double wall_hours)
{
  double days;

  if (!(wall_hours > 0))
    return 0;
  days = ceil (wall_hours / 24 - 1e-9);
  return days <= GP_CAPACITY_BLOCK_MAX_DAYS ? (guint) days : 0;
}

guint
gp_cost_packs (double units,
               double pack_units)
{
  if (units <= 0 || !(pack_units > 0))
    return 0;

  return (guint) MAX (1, ceil (units / pack_units - 1e-9));
}

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

double
gp_cost_upload_hours (double gb,
                      double mbps)
{
  if (gb <= 0 || isnan (mbps) || mbps <= 0)
    return 0;

  return gb * 8000 / mbps / 3600;
}

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

/* What the job really runs in on @gpu: FP8 needs Ada Lovelace or Hopper and falls back to
 * BF16; TF32 and BF16 need Ampere or newer, and fall back to FP32 and FP16 (a V100 trains
 * BF16 code with FP16 autocast, or at FP32). */
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

/* A relative speed from the data sheet. Training is neither purely compute- nor purely
 * memory-bound, so the score is a geometric mix; only ratios of scores mean anything. */
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

/* Only the vendor's own results count: they are what the vendor says its GPU does. */
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

/* In order: the user's override, the user's own measurements (on @reference and @target),
 * the same GPU, the preset's own workload published on @target, a measured ratio of this
 * workload's family, the spec model (TFLOPS and bandwidth, each GPU at the share of it its
 * vendor's published results reach, gp_cost_published_efficiency()), bandwidth alone. */
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

/* Activation checkpointing recomputes every layer's forward pass in the backward pass, a
 * third more compute (`recompute_extra_compute_share`). The job's hours are counted as its
 * own measurement ran, with or without checkpointing; published hours and the hours a user
 * gives are taken as without it. */
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

const char *
gp_precision_to_string (GpPrecision precision)
{
  g_return_val_if_fail (precision <= GP_PRECISION_FP8, NULL);
  return gp_enum_to_nick (GP_TYPE_PRECISION, precision);
}

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

const char *
gp_estimate_pricing_to_string (GpEstimatePricing pricing)
{
  g_return_val_if_fail (pricing <= GP_ESTIMATE_PRICING_CAPACITY_BLOCK, NULL);
  return gp_enum_to_nick (GP_TYPE_ESTIMATE_PRICING, pricing);
}

const char *
gp_estimate_pricing_get_label (GpEstimatePricing pricing)
{
  static const char *const labels[] = {
    N_("On demand"),         N_("Spot"),         N_("1-year commitment"),
    N_("3-year commitment"), N_("Subscription"), N_("Capacity Block"),
  };

  return pricing < G_N_ELEMENTS (labels) ? _(labels[pricing]) : "";
}
