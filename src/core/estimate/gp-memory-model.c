/* gp-memory-model.c — the GPU memory a job needs, per GPU
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A 16 GB GPU cannot fine-tune a 7-billion-parameter model, however cheap it is. The model
 * here is the one the papers give, each coefficient read from the estimator data with its
 * source:
 *
 *   states      = parameters × bytes per parameter for the method
 *                   full:      16 (fp16 weights and gradients, fp32 Adam states; ZeRO)
 *                   LoRA:      the weights at the job's precision, plus the trained share at 16
 *                   QLoRA:     4.127 bits (NF4 with double quantization; QLoRA), plus the share
 *                   inference: the weights at the job's precision
 *   per GPU     = states ÷ GPUs under ZeRO-3/FSDP, the full states under data parallelism
 *   activations = batch × sequence × width × layers × bytes: 2 with every layer recomputed
 *                 (activation checkpointing), 34 + SwiGLU's wider feed-forward when every
 *                 activation is kept (Korthikanti et al., without the attention scores that
 *                 flash/SDPA attention does not keep), plus the logits at fp32 for the loss;
 *                 for inference the K and V caches instead. The shape comes from the size
 *                 alone: about 12 × layers × width² parameters, width ÷ layers 128.
 *   needed      = (per GPU + activations) × (1 + overhead), the overhead a rough 20 %.
 *
 * A preset that measured its need on one GPU is never estimated below that.
 */

#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "gp-enums.h"
#include "gp-memory-model.h"
#include "gp-util.h"

void
gp_memory_job_init (GpMemoryJob *job,
                    GpWorkload  *workload,
                    GpPreset    *preset)
{
  GpTrainingMethod method = gp_workload_get_method (workload);
  GpSharding sharding = gp_workload_get_sharding (workload);
  double billions = gp_workload_get_model_billions (workload);

  job->model_billions = billions > 0 ? billions
                                     : preset ? gp_preset_get_model_billions (preset) : 0;
  if (method == GP_TRAINING_METHOD_DEFAULT)
    method = preset ? gp_preset_get_method (preset) : GP_TRAINING_METHOD_FULL;
  if (sharding == GP_SHARDING_DEFAULT)
    sharding = preset ? gp_preset_get_sharding (preset) : GP_SHARDING_NONE;
  job->method = method;
  job->sharding = sharding;
  job->precision = gp_workload_get_precision (workload);
  job->batch_size = gp_workload_get_batch_size (workload);
  job->sequence_length = gp_workload_get_sequence_length (workload);
  job->checkpointing = gp_workload_get_activation_checkpointing (workload);
  /* The measurement holds for the preset's own model and method only. */
  job->measured_gb = preset != NULL && billions <= 0 &&
                     gp_workload_get_method (workload) == GP_TRAINING_METHOD_DEFAULT
                       ? gp_preset_get_min_gpu_memory_gb (preset) : NAN;
}

/* Whether the job says enough to compute its memory. */
gboolean
gp_memory_job_is_known (const GpMemoryJob *job)
{
  return job->model_billions > 0 || job->measured_gb > 0;
}

static double
weight_bytes (GpPrecision precision)
{
  switch (precision)
    {
    case GP_PRECISION_FP32:
    case GP_PRECISION_TF32:
      return 4;
    case GP_PRECISION_FP8:
      return 1;
    case GP_PRECISION_FP16:
    case GP_PRECISION_BF16:
    default:
      return 2;
    }
}

static double
coefficient (GpEstimatorData *data,
             const char      *name)
{
  return gp_estimator_data_get_coefficient (data ? data : gp_estimator_data_get_default (), name);
}

static double
bytes_per_parameter (GpEstimatorData   *data,
                     const GpMemoryJob *job)
{
  double training = coefficient (data, "training_bytes_per_parameter");
  double adapters = coefficient (data, "lora_trainable_share") * training;

  switch (job->method)
    {
    case GP_TRAINING_METHOD_LORA:
      return weight_bytes (job->precision) + adapters;
    case GP_TRAINING_METHOD_QLORA:
      return coefficient (data, "nf4_bytes_per_parameter") + adapters;
    case GP_TRAINING_METHOD_INFERENCE:
      return weight_bytes (job->precision);
    case GP_TRAINING_METHOD_FULL:
    case GP_TRAINING_METHOD_DEFAULT:
    default:
      return training;
    }
}

/* Width × layers of a transformer of @billions parameters, from the stated shape rule. */
static double
width_times_layers (GpEstimatorData *data,
                    double           billions)
{
  double ratio = coefficient (data, "width_per_layer");
  double width = cbrt (billions * 1e9 * ratio / 12);

  return width * width / ratio;
}

static double
activations_gb (GpEstimatorData   *data,
                const GpMemoryJob *job)
{
  double tokens = (double) job->batch_size * job->sequence_length;
  double shape, per_layer, logits;

  if (tokens <= 0 || job->model_billions <= 0)
    return 0;

  shape = width_times_layers (data, job->model_billions);
  /* Inference keeps a key and a value per token, layer and unit of width. */
  if (job->method == GP_TRAINING_METHOD_INFERENCE)
    return tokens * 2 * weight_bytes (job->precision) * shape / 1e9;

  per_layer = job->checkpointing
                  ? coefficient (data, "activation_bytes_per_token_width_layer")
                  : coefficient (data, "activation_bytes_per_token_width_layer_kept") +
                        coefficient (data, "swiglu_extra_bytes_per_token_width_layer");
  logits = coefficient (data, "vocabulary_size") * coefficient (data, "logit_bytes");

  return tokens * (per_layer * shape + logits) / 1e9;
}

/**
 * gp_memory_needed_gb:
 * @data: (nullable): the estimator data, or %NULL for the bundled data
 * @job: the job
 * @gpus: the GPUs it runs on
 *
 * Returns: the GPU memory each GPU needs, in GB; NAN when the job states no model size
 */
double
gp_memory_needed_gb (GpEstimatorData   *data,
                     const GpMemoryJob *job,
                     guint              gpus)
{
  double states, needed;

  if (!gp_memory_job_is_known (job))
    return NAN;
  if (job->model_billions <= 0)
    return job->measured_gb;

  states = job->model_billions * bytes_per_parameter (data, job);
  if (job->sharding == GP_SHARDING_ZERO3)
    states /= MAX (gpus, 1);

  needed = (states + activations_gb (data, job)) *
           (1 + coefficient (data, "memory_overhead_share"));
  return job->measured_gb > needed ? job->measured_gb : needed;
}

/**
 * gp_memory_dup_description:
 * @data: (nullable): the estimator data, or %NULL for the bundled data
 * @job: the job
 * @gpus: the GPUs it runs on
 *
 * Returns: (transfer full) (nullable): how the need was reckoned, with the coefficients, for
 *   an estimate's assumptions; %NULL when the job states no model size
 */
char *
gp_memory_dup_description (GpEstimatorData   *data,
                           const GpMemoryJob *job,
                           guint              gpus)
{
  double needed = gp_memory_needed_gb (data, job, gpus);
  double overhead = coefficient (data, "memory_overhead_share") * 100;
  g_autofree char *activations = NULL;
  const char *sharding;

  if (isnan (needed))
    return NULL;
  if (job->model_billions <= 0)
    return g_strdup_printf (_("GPU memory: %.1f GB per GPU, as the preset’s source measured it"),
                            needed);

  sharding = job->sharding == GP_SHARDING_ZERO3
               ? _("split over the GPUs (ZeRO-3/FSDP)")
               : _("a full copy on every GPU (data parallel)");
  activations =
      job->batch_size > 0 && job->sequence_length > 0 && job->method == GP_TRAINING_METHOD_INFERENCE
          ? g_strdup_printf (_("activations of %u × %u tokens (%.1f GB)"), job->batch_size,
                             job->sequence_length, activations_gb (data, job))
      : job->batch_size > 0 && job->sequence_length > 0 && job->checkpointing
          ? g_strdup_printf (_("activations of %u × %u tokens, every layer recomputed "
                                "(%.1f GB)"),
                             job->batch_size, job->sequence_length, activations_gb (data, job))
      : job->batch_size > 0 && job->sequence_length > 0
          ? g_strdup_printf (_("activations of %u × %u tokens, every one kept: no "
                                "activation checkpointing (%.1f GB)"),
                             job->batch_size, job->sequence_length, activations_gb (data, job))
          : g_strdup (_("activations not counted (give the batch size and sequence "
                         "length)"));

  return g_strdup_printf (_("GPU memory: %.1f GB per GPU — %.1f billion parameters, %s at "
                            "%.2f bytes a parameter (ZeRO, QLoRA), %s; %s; %.0f%% overhead "
                            "(Transformer Math 101)"),
                          needed, job->model_billions,
                          gp_training_method_get_label (job->method),
                          bytes_per_parameter (data, job), sharding, activations, overhead);
}

gboolean
gp_training_method_from_string (const char       *text,
                                GpTrainingMethod *method)
{
  int value;

  if (!gp_enum_from_nick (GP_TYPE_TRAINING_METHOD, text, &value))
    return FALSE;
  *method = value;
  return TRUE;
}

/* The method as a sentence reads it. */
const char *
gp_training_method_get_label (GpTrainingMethod method)
{
  switch (method)
    {
    case GP_TRAINING_METHOD_LORA:
      return _("LoRA fine-tuning");
    case GP_TRAINING_METHOD_QLORA:
      return _("QLoRA 4-bit fine-tuning");
    case GP_TRAINING_METHOD_INFERENCE:
      return _("inference");
    case GP_TRAINING_METHOD_FULL:
    case GP_TRAINING_METHOD_DEFAULT:
    default:
      return _("full training with mixed-precision Adam");
    }
}

gboolean
gp_sharding_from_string (const char *text,
                         GpSharding *sharding)
{
  int value;

  if (!gp_enum_from_nick (GP_TYPE_SHARDING, text, &value))
    return FALSE;
  *sharding = value;
  return TRUE;
}
