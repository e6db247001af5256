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
 *   activations = batch × sequence × width × (per layer): with every layer recomputed
 *                 (activation checkpointing) each layer's input, a value of the residual
 *                 stream, and one layer's activations while it is recomputed; when every
 *                 activation is kept, per layer 18.67 values at the activation precision
 *                 (attention's 6 with flash's output, SwiGLU's 2 inputs and 4 wide tensors)
 *                 and the 2 norms' inputs at the residual stream's (fp32 in full training
 *                 under autocast, whose parameters are fp32); plus the logits the loss holds
 *                 (14 bytes a token and word); for inference the K and V caches instead. The
 *                 shape comes from the size alone: about 12 × layers × width² parameters,
 *                 width ÷ layers 128.
 *   needed      = the larger of the two peaks of a step, × (1 + overhead), a rough 20 %:
 *                 where the backward pass starts, every activation held, no gradient yet made
 *                 (the states less their 4-byte gradients) and, without recomputation,
 *                 autocast's 16-bit copies of fp32 weights (2 bytes a parameter); where it
 *                 ends, the whole states (with recomputation, beside one recomputed layer).
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

/* The width of a transformer of @billions parameters, from the stated shape rule. */
static double
model_width (GpEstimatorData *data,
             double           billions)
{
  return cbrt (billions * 1e9 * coefficient (data, "width_per_layer") / 12);
}

static gboolean
is_full_precision (GpPrecision precision)
{
  return precision == GP_PRECISION_FP32 || precision == GP_PRECISION_TF32;
}

/* Full training keeps fp32 parameters, whatever precision autocast computes in; LoRA and
 * inference hold their frozen weights at the job's. */
static gboolean
has_fp32_weights (const GpMemoryJob *job)
{
  return job->method == GP_TRAINING_METHOD_FULL || job->method == GP_TRAINING_METHOD_DEFAULT ||
         is_full_precision (job->precision);
}

/* Bytes of a value of the residual stream: the parameters' type, since the stream is their
 * sum. */
static double
residual_bytes (const GpMemoryJob *job)
{
  return has_fp32_weights (job) ? 4 : 2;
}

/* What one layer keeps for its backward pass, per token, in bytes. */
static double
kept_per_layer (GpEstimatorData   *data,
                const GpMemoryJob *job,
                double             width)
{
  double activation_bytes = is_full_precision (job->precision) ? 4 : 2;

  return width *
         (coefficient (data, "activation_values_per_token_width_layer_kept") * activation_bytes +
          coefficient (data, "norm_inputs_per_layer") * residual_bytes (job));
}

static double
job_tokens (const GpMemoryJob *job)
{
  return job->model_billions > 0 ? (double) job->batch_size * job->sequence_length : 0;
}

/* What the job holds when its backward pass starts, the most it holds: every layer's kept
 * activations (or, with recomputation, every layer's input) and the loss's logits; for
 * inference, the K and V caches. */
static double
activations_gb (GpEstimatorData   *data,
                const GpMemoryJob *job)
{
  double tokens = job_tokens (job);
  double width, layers, per_token;

  if (tokens <= 0)
    return 0;

  width = model_width (data, job->model_billions);
  layers = width / coefficient (data, "width_per_layer");
  /* Inference keeps a key and a value per token, layer and unit of width. */
  if (job->method == GP_TRAINING_METHOD_INFERENCE)
    return tokens * 2 * weight_bytes (job->precision) * width * layers / 1e9;

  per_token = job->checkpointing ? coefficient (data, "activation_values_per_token_width_layer") *
                                       residual_bytes (job) * width * layers
                                 : kept_per_layer (data, job, width) * layers;
  per_token += coefficient (data, "vocabulary_size") * coefficient (data, "logit_bytes");

  return tokens * per_token / 1e9;
}

/* With recomputation the backward pass recomputes one layer at a time and holds what that
 * layer keeps, beside every gradient near its end. */
static double
recomputed_layer_gb (GpEstimatorData   *data,
                     const GpMemoryJob *job)
{
  double tokens = job_tokens (job);

  if (tokens <= 0 || !job->checkpointing || job->method == GP_TRAINING_METHOD_INFERENCE)
    return 0;
  return tokens * kept_per_layer (data, job, model_width (data, job->model_billions)) / 1e9;
}

/* The gradients among the states, which the backward pass makes as it frees activations:
 * every parameter's in full training, the adapters' in LoRA and QLoRA. */
static double
gradients_gb (GpEstimatorData   *data,
              const GpMemoryJob *job)
{
  double trained;

  switch (job->method)
    {
    case GP_TRAINING_METHOD_INFERENCE:
      return 0;
    case GP_TRAINING_METHOD_LORA:
    case GP_TRAINING_METHOD_QLORA:
      trained = coefficient (data, "lora_trainable_share") * job->model_billions;
      break;
    case GP_TRAINING_METHOD_FULL:
    case GP_TRAINING_METHOD_DEFAULT:
    default:
      trained = job->model_billions;
      break;
    }
  return trained * coefficient (data, "gradient_bytes_per_parameter");
}

/* Autocast's 16-bit copies of fp32 weights, which the layers keep for their backward pass
 * when nothing is recomputed. */
static double
weight_copies_gb (GpEstimatorData   *data,
                  const GpMemoryJob *job)
{
  if (!has_fp32_weights (job) || job->checkpointing || is_full_precision (job->precision))
    return 0;
  return job->model_billions * coefficient (data, "autocast_weight_copy_bytes");
}

double
gp_memory_needed_gb (GpEstimatorData   *data,
                     const GpMemoryJob *job,
                     guint              gpus)
{
  double states, gradients, copies, share, starting, ending, needed;

  if (!gp_memory_job_is_known (job))
    return NAN;
  if (job->model_billions <= 0)
    return job->measured_gb;

  share = job->sharding == GP_SHARDING_ZERO3 ? 1.0 / MAX (gpus, 1) : 1;
  states = job->model_billions * bytes_per_parameter (data, job) * share;
  gradients = gradients_gb (data, job) * share;
  copies = weight_copies_gb (data, job) * share;

  /* The peak is where the backward pass starts, every activation held and no gradient made
   * yet, or where it ends, every gradient made (with recomputation, beside one layer). */
  starting = states - gradients + copies + activations_gb (data, job);
  ending = states + recomputed_layer_gb (data, job);
  needed = MAX (starting, ending) * (1 + coefficient (data, "memory_overhead_share"));
  return job->measured_gb > needed ? job->measured_gb : needed;
}

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

/* A full copy on every GPU needs as much on two as on one, so only splitting the model
 * states makes a job fit that did not. */
gboolean
gp_memory_find_fit (GpEstimatorData   *data,
                    const GpMemoryJob *job,
                    double             gpu_memory_gb,
                    guint              max_gpus,
                    GpMemoryFit       *fit)
{
  g_return_val_if_fail (job != NULL && fit != NULL, FALSE);

  if (!gp_memory_job_is_known (job) || !(gpu_memory_gb > 0))
    return FALSE;
  for (guint gpus = 1; gpus <= max_gpus; gpus *= 2)
    for (GpSharding sharding = job->sharding;; sharding = GP_SHARDING_ZERO3)
      {
        GpMemoryJob spread = *job;
        double needed;

        spread.sharding = sharding;
        needed = gp_memory_needed_gb (data, &spread, gpus);
        if (needed <= gpu_memory_gb)
          {
            *fit = (GpMemoryFit){ gpus, sharding, needed, 0 };
            return TRUE;
          }
        if (sharding == GP_SHARDING_ZERO3)
          break;
      }
  return FALSE;
}

char *
gp_memory_fit_dup_label (const GpMemoryFit *fit)
{
  if (fit->sharding == GP_SHARDING_ZERO3 && fit->gpus > 1)
    /* Translators: the fewest GPUs that hold the job, its model states split over them */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u GPU with ZeRO-3 fits, %.1f GB each",
                                         "%u GPUs with ZeRO-3 fit, %.1f GB each", fit->gpus),
                            fit->gpus, fit->needed_gb);
  /* Translators: the fewest GPUs that hold the job, a full copy on each */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u GPU fits, %.1f GB each",
                                       "%u GPUs fit, %.1f GB each", fit->gpus),
                          fit->gpus, fit->needed_gb);
}

static void
try_remedy (GArray             *remedies,
            GpEstimatorData    *data,
            const GpMemoryJob  *changed,
            guint               gpus,
            double              gpu_memory_gb,
            GpMemoryRemedyKind  kind)
{
  double needed = gp_memory_needed_gb (data, changed, gpus);
  GpMemoryRemedy remedy = { kind, changed->batch_size, needed };

  if (needed <= gpu_memory_gb)
    g_array_append_val (remedies, remedy);
}

/* What one change of the job would make it fit, each on its own: LoRA or QLoRA in place of
 * full training (QLoRA in place of LoRA), activation checkpointing, or the largest smaller
 * batch that fits. */
GArray *
gp_memory_find_remedies (GpEstimatorData   *data,
                         const GpMemoryJob *job,
                         guint              gpus,
                         double             gpu_memory_gb)
{
  GArray *remedies = g_array_new (FALSE, FALSE, sizeof (GpMemoryRemedy));
  GpMemoryJob changed;

  g_return_val_if_fail (job != NULL, remedies);

  /* A measured need is of the preset's own job: no change of it can be reckoned. */
  if (!gp_memory_job_is_known (job) || job->model_billions <= 0 || !(gpu_memory_gb > 0))
    return remedies;
  if (job->method == GP_TRAINING_METHOD_FULL)
    {
      changed = *job;
      changed.method = GP_TRAINING_METHOD_LORA;
      try_remedy (remedies, data, &changed, gpus, gpu_memory_gb, GP_MEMORY_REMEDY_LORA);
    }
  if (job->method == GP_TRAINING_METHOD_FULL || job->method == GP_TRAINING_METHOD_LORA)
    {
      changed = *job;
      changed.method = GP_TRAINING_METHOD_QLORA;
      try_remedy (remedies, data, &changed, gpus, gpu_memory_gb, GP_MEMORY_REMEDY_QLORA);
    }
  if (!job->checkpointing && job->method != GP_TRAINING_METHOD_INFERENCE && job->batch_size > 0 &&
      job->sequence_length > 0)
    {
      changed = *job;
      changed.checkpointing = TRUE;
      try_remedy (remedies, data, &changed, gpus, gpu_memory_gb, GP_MEMORY_REMEDY_CHECKPOINTING);
    }
  for (changed = *job; changed.batch_size > 1;)
    {
      guint before = remedies->len;

      changed.batch_size--;
      try_remedy (remedies, data, &changed, gpus, gpu_memory_gb, GP_MEMORY_REMEDY_BATCH);
      if (remedies->len > before)
        break;
    }
  return remedies;
}

char *
gp_memory_remedy_dup_label (const GpMemoryRemedy *remedy)
{
  switch (remedy->kind)
    {
    case GP_MEMORY_REMEDY_LORA:
      /* Translators: a change that makes the job fit, and what it then needs on each GPU */
      return g_strdup_printf (_("LoRA (%.1f GB)"), remedy->needed_gb);
    case GP_MEMORY_REMEDY_QLORA:
      /* Translators: a change that makes the job fit, and what it then needs on each GPU */
      return g_strdup_printf (_("QLoRA’s 4-bit weights (%.1f GB)"), remedy->needed_gb);
    case GP_MEMORY_REMEDY_CHECKPOINTING:
      /* Translators: a change that makes the job fit, and what it then needs on each GPU */
      return g_strdup_printf (_("activation checkpointing (%.1f GB)"), remedy->needed_gb);
    case GP_MEMORY_REMEDY_BATCH:
    default:
      /* Translators: a smaller batch that makes the job fit, and what it then needs */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "a batch of %u sequence (%.1f GB)",
                                           "a batch of %u sequences (%.1f GB)", remedy->batch_size),
                              remedy->batch_size, remedy->needed_gb);
    }
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
