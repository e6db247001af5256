/* gp-workload.c — the training job the user wants to run
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A plain bag of the form's answers. NAN in a tuning field means "the model's default"; the
 * cost model reads the defaults from the estimator data, so a workload never holds a guess.
 * gp_workload_check() says what is impossible in the answers, against the catalog and the
 * estimator data they name.
 *
 * It is one unit, GpWorkload; its 1,400 lines are some 25 typed properties, each with its
 * getter, setter and GParamSpec written out. A property table, as GpProvider has, would
 * shrink it and is the planned change (the structure issue); the check stays here either way.
 */

#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "gp-catalog.h"
#include "gp-enums.h"
#include "gp-estimator-data.h"
#include "gp-util.h"
#include "gp-workload.h"

struct _GpWorkload
{
  GObject      parent_instance;
  char        *preset;
  char        *reference_gpu;
  char        *region;
  char        *currency;
  char        *exchange_rate_basis;
  double       gpu_hours;
  double       dataset_gb;
  double       results_gb;
  double       checkpoint_minutes;
  double       deadline_hours;
  double       budget;
  double       upload_mbps;
  double       storage_per_gb_month;
  double       restart_minutes;
  double       scaling_efficiency;
  double       interruptions_per_month;
  double       spec_weight;
  double       exchange_rate;
  double       model_billions;
  guint        batch_size;
  guint        sequence_length;
  GpTrainingMethod method;
  GpSharding   sharding;
  GpPrecision  precision;
  guint        gpus;
  gboolean     interruptible;
  char       **providers;
  GHashTable  *speed_ratios;  /* GPU id → gdouble[1] */
};

G_DEFINE_QUARK (gp-workload-error-quark, gp_workload_error)

G_DEFINE_FINAL_TYPE (GpWorkload, gp_workload, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_PRESET,
  PROP_REFERENCE_GPU,
  PROP_REGION,
  PROP_CURRENCY,
  PROP_EXCHANGE_RATE_BASIS,
  PROP_GPU_HOURS,
  PROP_DATASET_GB,
  PROP_RESULTS_GB,
  PROP_CHECKPOINT_MINUTES,
  PROP_DEADLINE_HOURS,
  PROP_BUDGET,
  PROP_UPLOAD_MBPS,
  PROP_STORAGE_PER_GB_MONTH,
  PROP_RESTART_MINUTES,
  PROP_SCALING_EFFICIENCY,
  PROP_INTERRUPTIONS_PER_MONTH,
  PROP_SPEC_WEIGHT,
  PROP_EXCHANGE_RATE,
  PROP_MODEL_BILLIONS,
  PROP_BATCH_SIZE,
  PROP_SEQUENCE_LENGTH,
  PROP_METHOD,
  PROP_SHARDING,
  PROP_PRECISION,
  PROP_GPUS,
  PROP_INTERRUPTIBLE,
  PROP_PROVIDERS,
  N_PROPS
};

enum {
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
gp_workload_finalize (GObject *object)
{
  GpWorkload *self = GP_WORKLOAD (object);

  g_free (self->preset);
  g_free (self->reference_gpu);
  g_free (self->region);
  g_free (self->currency);
  g_free (self->exchange_rate_basis);
  g_strfreev (self->providers);
  g_hash_table_unref (self->speed_ratios);

  G_OBJECT_CLASS (gp_workload_parent_class)->finalize (object);
}

static void
gp_workload_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  GpWorkload *self = GP_WORKLOAD (object);

  switch (prop_id)
    {
    case PROP_PRESET:
      g_value_set_string (value, self->preset);
      break;

    case PROP_REFERENCE_GPU:
      g_value_set_string (value, self->reference_gpu);
      break;

    case PROP_REGION:
      g_value_set_string (value, self->region);
      break;

    case PROP_CURRENCY:
      g_value_set_string (value, self->currency);
      break;

    case PROP_EXCHANGE_RATE_BASIS:
      g_value_set_string (value, self->exchange_rate_basis);
      break;

    case PROP_GPU_HOURS:
      g_value_set_double (value, self->gpu_hours);
      break;

    case PROP_DATASET_GB:
      g_value_set_double (value, self->dataset_gb);
      break;

    case PROP_RESULTS_GB:
      g_value_set_double (value, self->results_gb);
      break;

    case PROP_CHECKPOINT_MINUTES:
      g_value_set_double (value, self->checkpoint_minutes);
      break;

    case PROP_DEADLINE_HOURS:
      g_value_set_double (value, self->deadline_hours);
      break;

    case PROP_BUDGET:
      g_value_set_double (value, self->budget);
      break;

    case PROP_UPLOAD_MBPS:
      g_value_set_double (value, self->upload_mbps);
      break;

    case PROP_STORAGE_PER_GB_MONTH:
      g_value_set_double (value, self->storage_per_gb_month);
      break;

    case PROP_RESTART_MINUTES:
      g_value_set_double (value, self->restart_minutes);
      break;

    case PROP_SCALING_EFFICIENCY:
      g_value_set_double (value, self->scaling_efficiency);
      break;

    case PROP_INTERRUPTIONS_PER_MONTH:
      g_value_set_double (value, self->interruptions_per_month);
      break;

    case PROP_SPEC_WEIGHT:
      g_value_set_double (value, self->spec_weight);
      break;

    case PROP_EXCHANGE_RATE:
      g_value_set_double (value, self->exchange_rate);
      break;

    case PROP_MODEL_BILLIONS:
      g_value_set_double (value, self->model_billions);
      break;

    case PROP_BATCH_SIZE:
      g_value_set_uint (value, self->batch_size);
      break;

    case PROP_SEQUENCE_LENGTH:
      g_value_set_uint (value, self->sequence_length);
      break;

    case PROP_METHOD:
      g_value_set_enum (value, self->method);
      break;

    case PROP_SHARDING:
      g_value_set_enum (value, self->sharding);
      break;

    case PROP_PRECISION:
      g_value_set_enum (value, self->precision);
      break;

    case PROP_GPUS:
      g_value_set_uint (value, self->gpus);
      break;

    case PROP_INTERRUPTIBLE:
      g_value_set_boolean (value, self->interruptible);
      break;

    case PROP_PROVIDERS:
      g_value_set_boxed (value, self->providers);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gp_workload_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  GpWorkload *self = GP_WORKLOAD (object);

  switch (prop_id)
    {
    case PROP_PRESET:
      gp_workload_set_preset (self, g_value_get_string (value));
      break;

    case PROP_REFERENCE_GPU:
      gp_workload_set_reference_gpu (self, g_value_get_string (value));
      break;

    case PROP_REGION:
      gp_workload_set_region (self, g_value_get_string (value));
      break;

    case PROP_CURRENCY:
      gp_workload_set_currency (self, g_value_get_string (value));
      break;

    case PROP_EXCHANGE_RATE_BASIS:
      gp_workload_set_exchange_rate_basis (self, g_value_get_string (value));
      break;

    case PROP_GPU_HOURS:
      gp_workload_set_gpu_hours (self, g_value_get_double (value));
      break;

    case PROP_DATASET_GB:
      gp_workload_set_dataset_gb (self, g_value_get_double (value));
      break;

    case PROP_RESULTS_GB:
      gp_workload_set_results_gb (self, g_value_get_double (value));
      break;

    case PROP_CHECKPOINT_MINUTES:
      gp_workload_set_checkpoint_minutes (self, g_value_get_double (value));
      break;

    case PROP_DEADLINE_HOURS:
      gp_workload_set_deadline_hours (self, g_value_get_double (value));
      break;

    case PROP_BUDGET:
      gp_workload_set_budget (self, g_value_get_double (value));
      break;

    case PROP_UPLOAD_MBPS:
      gp_workload_set_upload_mbps (self, g_value_get_double (value));
      break;

    case PROP_STORAGE_PER_GB_MONTH:
      gp_workload_set_storage_per_gb_month (self, g_value_get_double (value));
      break;

    case PROP_RESTART_MINUTES:
      gp_workload_set_restart_minutes (self, g_value_get_double (value));
      break;

    case PROP_SCALING_EFFICIENCY:
      gp_workload_set_scaling_efficiency (self, g_value_get_double (value));
      break;

    case PROP_INTERRUPTIONS_PER_MONTH:
      gp_workload_set_interruptions_per_month (self, g_value_get_double (value));
      break;

    case PROP_SPEC_WEIGHT:
      gp_workload_set_spec_weight (self, g_value_get_double (value));
      break;

    case PROP_EXCHANGE_RATE:
      gp_workload_set_exchange_rate (self, g_value_get_double (value));
      break;

    case PROP_MODEL_BILLIONS:
      gp_workload_set_model_billions (self, g_value_get_double (value));
      break;

    case PROP_BATCH_SIZE:
      gp_workload_set_batch_size (self, g_value_get_uint (value));
      break;

    case PROP_SEQUENCE_LENGTH:
      gp_workload_set_sequence_length (self, g_value_get_uint (value));
      break;

    case PROP_METHOD:
      gp_workload_set_method (self, g_value_get_enum (value));
      break;

    case PROP_SHARDING:
      gp_workload_set_sharding (self, g_value_get_enum (value));
      break;

    case PROP_PRECISION:
      gp_workload_set_precision (self, g_value_get_enum (value));
      break;

    case PROP_GPUS:
      gp_workload_set_gpus (self, g_value_get_uint (value));
      break;

    case PROP_INTERRUPTIBLE:
      gp_workload_set_interruptible (self, g_value_get_boolean (value));
      break;

    case PROP_PROVIDERS:
      gp_workload_set_providers (self, g_value_get_boxed (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gp_workload_class_init (GpWorkloadClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = gp_workload_finalize;
  object_class->get_property = gp_workload_get_property;
  object_class->set_property = gp_workload_set_property;

  /* a preset's id, or NULL for GPU-hours on a reference GPU */
  properties[PROP_PRESET] = g_param_spec_string ("preset", NULL, NULL, NULL, flags);
  /* the GPU the GPU-hours were counted on */
  properties[PROP_REFERENCE_GPU] = g_param_spec_string ("reference-gpu", NULL, NULL, NULL, flags);
  /* only offers in this region, or NULL for every region */
  properties[PROP_REGION] = g_param_spec_string ("region", NULL, NULL, NULL, flags);
  /* the currency to report in, or NULL for the catalog's */
  properties[PROP_CURRENCY] = g_param_spec_string ("currency", NULL, NULL, NULL, flags);
  /* where the exchange rate comes from, with its date, or NULL when the user gave it */
  properties[PROP_EXCHANGE_RATE_BASIS] =
    g_param_spec_string ("exchange-rate-basis", NULL, NULL, NULL, flags);
  /* GPU-hours on the reference GPU, when no preset is chosen */
  properties[PROP_GPU_HOURS] =
    g_param_spec_double ("gpu-hours", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0, flags);
  /* the dataset to upload and keep, in GB */
  properties[PROP_DATASET_GB] =
    g_param_spec_double ("dataset-gb", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0, flags);
  /* results and checkpoints to download afterwards, in GB */
  properties[PROP_RESULTS_GB] =
    g_param_spec_double ("results-gb", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0, flags);
  /* minutes between checkpoints; 0 when the job does not checkpoint */
  properties[PROP_CHECKPOINT_MINUTES] =
    g_param_spec_double ("checkpoint-minutes", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 60, flags);
  /* hours until the results are due, from now; 0 for no deadline */
  properties[PROP_DEADLINE_HOURS] =
    g_param_spec_double ("deadline-hours", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0, flags);
  /* the most the job may cost, in the estimate's currency; 0 for no limit */
  properties[PROP_BUDGET] =
    g_param_spec_double ("budget", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0, flags);
  /* the uplink for the upload, in Mbit/s; NAN for the model's default */
  properties[PROP_UPLOAD_MBPS] =
    g_param_spec_double ("upload-mbps", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0, flags);
  /* the storage price per GB-month; NAN when unknown */
  properties[PROP_STORAGE_PER_GB_MONTH] =
    g_param_spec_double ("storage-per-gb-month", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0, flags);
  /* minutes to resume after an interruption; NAN for the model's default */
  properties[PROP_RESTART_MINUTES] =
    g_param_spec_double ("restart-minutes", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0, flags);
  /* multi-GPU efficiency; NAN to take it from the measurements */
  properties[PROP_SCALING_EFFICIENCY] =
    g_param_spec_double ("scaling-efficiency", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0, flags);
  /* share of spot instances interrupted a month; NAN for published rates */
  properties[PROP_INTERRUPTIONS_PER_MONTH] =
    g_param_spec_double ("interruptions-per-month", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0, flags);
  /* weight of TFLOPS against memory bandwidth in the spec model; NAN for the default */
  properties[PROP_SPEC_WEIGHT] =
    g_param_spec_double ("spec-weight", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0, flags);
  /* units of the currency per unit of the catalog's currency; NAN when not converting */
  properties[PROP_EXCHANGE_RATE] =
    g_param_spec_double ("exchange-rate", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0, flags);
  /* the model's size in billions of parameters; 0 when the job does not say (nor its preset) */
  properties[PROP_MODEL_BILLIONS] =
    g_param_spec_double ("model-billions", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0, flags);
  /* sequences per GPU per step; 0 when not stated */
  properties[PROP_BATCH_SIZE] =
    g_param_spec_uint ("batch-size", NULL, NULL, 0, G_MAXUINT, 0, flags);
  /* tokens per sequence; 0 when not stated */
  properties[PROP_SEQUENCE_LENGTH] =
    g_param_spec_uint ("sequence-length", NULL, NULL, 0, G_MAXUINT, 0, flags);
  properties[PROP_METHOD] = g_param_spec_enum ("method", NULL, NULL, GP_TYPE_TRAINING_METHOD,
                                               GP_TRAINING_METHOD_DEFAULT, flags);
  properties[PROP_SHARDING] = g_param_spec_enum ("sharding", NULL, NULL, GP_TYPE_SHARDING,
                                                 GP_SHARDING_DEFAULT, flags);
  properties[PROP_PRECISION] = g_param_spec_enum ("precision", NULL, NULL, GP_TYPE_PRECISION,
                                                  GP_PRECISION_FP16, flags);
  /* GPUs per instance; 0 to let each instance use all of its GPUs */
  properties[PROP_GPUS] = g_param_spec_uint ("gpus", NULL, NULL, 0, 1024, 1, flags);
  properties[PROP_INTERRUPTIBLE] =
    g_param_spec_boolean ("interruptible", NULL, NULL, FALSE, flags);
  /* only these providers, or NULL for all */
  properties[PROP_PROVIDERS] = g_param_spec_boxed ("providers", NULL, NULL, G_TYPE_STRV, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * GpWorkload::changed:
   *
   * Emitted after any property or speed override changed, once per change.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
gp_workload_init (GpWorkload *self)
{
  self->gpu_hours = 0;
  self->dataset_gb = 0;
  self->results_gb = 0;
  self->checkpoint_minutes = 60;
  self->deadline_hours = 0;
  self->budget = 0;
  self->upload_mbps = NAN;
  self->storage_per_gb_month = NAN;
  self->restart_minutes = NAN;
  self->scaling_efficiency = NAN;
  self->interruptions_per_month = NAN;
  self->spec_weight = NAN;
  self->exchange_rate = NAN;
  self->precision = GP_PRECISION_FP16;
  self->gpus = 1;
  self->speed_ratios = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

static void
changed (GpWorkload *self,
         guint       prop_id)
{
  if (prop_id != PROP_0)
    g_object_notify_by_pspec (G_OBJECT (self), properties[prop_id]);
  g_signal_emit (self, signals[CHANGED], 0);
}

GpWorkload *
gp_workload_new (void)
{
  return g_object_new (GP_TYPE_WORKLOAD, NULL);
}

/**
 * gp_workload_copy:
 * @self: a #GpWorkload
 *
 * A snapshot for work on another thread, which must not see the form change under it.
 *
 * Returns: (transfer full): an independent copy
 */
GpWorkload *
gp_workload_copy (GpWorkload *self)
{
  GpWorkload *copy;
  GHashTableIter iter;
  gpointer key, value;

  g_return_val_if_fail (GP_IS_WORKLOAD (self), NULL);

  copy = gp_workload_new ();
  copy->preset = g_strdup (self->preset);
  copy->reference_gpu = g_strdup (self->reference_gpu);
  copy->region = g_strdup (self->region);
  copy->currency = g_strdup (self->currency);
  copy->exchange_rate_basis = g_strdup (self->exchange_rate_basis);
  copy->gpu_hours = self->gpu_hours;
  copy->dataset_gb = self->dataset_gb;
  copy->results_gb = self->results_gb;
  copy->checkpoint_minutes = self->checkpoint_minutes;
  copy->deadline_hours = self->deadline_hours;
  copy->budget = self->budget;
  copy->upload_mbps = self->upload_mbps;
  copy->storage_per_gb_month = self->storage_per_gb_month;
  copy->restart_minutes = self->restart_minutes;
  copy->scaling_efficiency = self->scaling_efficiency;
  copy->interruptions_per_month = self->interruptions_per_month;
  copy->spec_weight = self->spec_weight;
  copy->exchange_rate = self->exchange_rate;
  copy->model_billions = self->model_billions;
  copy->batch_size = self->batch_size;
  copy->sequence_length = self->sequence_length;
  copy->method = self->method;
  copy->sharding = self->sharding;
  copy->precision = self->precision;
  copy->gpus = self->gpus;
  copy->interruptible = self->interruptible;
  copy->providers = g_strdupv (self->providers);

  g_hash_table_iter_init (&iter, self->speed_ratios);
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_hash_table_insert (copy->speed_ratios, g_strdup (key), g_memdup2 (value, sizeof (double)));

  return copy;
}

GpPrecision
gp_workload_get_precision (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), GP_PRECISION_FP16);
  return self->precision;
}

void
gp_workload_set_precision (GpWorkload  *self,
                           GpPrecision  precision)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));

  if (self->precision != precision)
    {
      self->precision = precision;
      changed (self, PROP_PRECISION);
    }
}

guint
gp_workload_get_gpus (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), 1);
  return self->gpus;
}

void
gp_workload_set_gpus (GpWorkload *self,
                      guint       gpus)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));

  if (self->gpus != gpus)
    {
      self->gpus = gpus;
      changed (self, PROP_GPUS);
    }
}

/**
 * gp_workload_get_exchange_rate_basis:
 * @self: a #GpWorkload
 *
 * Returns: (nullable): where the exchange rate comes from and how old it is ("the rate set in
 *   Preferences, as of 2026-11-02"), for the assumptions; %NULL when the user gave it
 */
const char *
gp_workload_get_exchange_rate_basis (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), NULL);
  return self->exchange_rate_basis;
}

void
gp_workload_set_exchange_rate_basis (GpWorkload *self,
                                     const char *basis)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));

  if (gp_set_str (&self->exchange_rate_basis, basis))
    changed (self, PROP_EXCHANGE_RATE_BASIS);
}

/**
 * gp_workload_get_model_billions:
 * @self: a #GpWorkload
 *
 * Returns: the model's size in billions of parameters, 0 when the job does not say
 */
double
gp_workload_get_model_billions (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), 0);
  return self->model_billions;
}

void
gp_workload_set_model_billions (GpWorkload *self,
                                double      model_billions)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));

  /* NAN == NAN is false: compare the bits that matter. */
  if (self->model_billions == model_billions ||
      (isnan (self->model_billions) && isnan (model_billions)))
    return;

  self->model_billions = model_billions;
  changed (self, PROP_MODEL_BILLIONS);
}

guint
gp_workload_get_batch_size (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), 0);
  return self->batch_size;
}

void
gp_workload_set_batch_size (GpWorkload *self,
                            guint      batch_size)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));

  if (self->batch_size != batch_size)
    {
      self->batch_size = batch_size;
      changed (self, PROP_BATCH_SIZE);
    }
}

guint
gp_workload_get_sequence_length (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), 0);
  return self->sequence_length;
}

void
gp_workload_set_sequence_length (GpWorkload *self,
                                 guint      sequence_length)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));

  if (self->sequence_length != sequence_length)
    {
      self->sequence_length = sequence_length;
      changed (self, PROP_SEQUENCE_LENGTH);
    }
}

GpTrainingMethod
gp_workload_get_method (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), 0);
  return self->method;
}

void
gp_workload_set_method (GpWorkload *self,
                        GpTrainingMethod method)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));

  if (self->method != method)
    {
      self->method = method;
      changed (self, PROP_METHOD);
    }
}

GpSharding
gp_workload_get_sharding (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), 0);
  return self->sharding;
}

void
gp_workload_set_sharding (GpWorkload *self,
                          GpSharding sharding)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));

  if (self->sharding != sharding)
    {
      self->sharding = sharding;
      changed (self, PROP_SHARDING);
    }
}

gboolean
gp_workload_get_interruptible (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), FALSE);
  return self->interruptible;
}

void
gp_workload_set_interruptible (GpWorkload *self,
                               gboolean    interruptible)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));

  interruptible = !!interruptible;
  if (self->interruptible != interruptible)
    {
      self->interruptible = interruptible;
      changed (self, PROP_INTERRUPTIBLE);
    }
}

/**
 * gp_workload_get_providers:
 * @self: a #GpWorkload
 *
 * Returns: (transfer none) (nullable): the provider ids to estimate, or %NULL for all
 */
const char * const *
gp_workload_get_providers (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), NULL);
  return (const char * const *) self->providers;
}

void
gp_workload_set_providers (GpWorkload         *self,
                           const char * const *providers)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));

  if (providers != NULL && providers[0] == NULL)
    providers = NULL;

  if (self->providers == NULL && providers == NULL)
    return;
  if (self->providers != NULL && providers != NULL &&
      g_strv_equal ((const char * const *) self->providers, providers))
    return;

  g_strfreev (self->providers);
  self->providers = g_strdupv ((char **) providers);
  changed (self, PROP_PROVIDERS);
}

/**
 * gp_workload_get_speed_ratio:
 * @self: a #GpWorkload
 * @gpu_id: a GPU's id
 *
 * Returns: the user's speed of @gpu_id relative to the reference GPU, or NAN when the model
 *   decides
 */
double
gp_workload_get_speed_ratio (GpWorkload *self,
                             const char *gpu_id)
{
  const double *ratio;

  g_return_val_if_fail (GP_IS_WORKLOAD (self), NAN);

  ratio = g_hash_table_lookup (self->speed_ratios, gpu_id);
  return ratio ? *ratio : NAN;
}

/**
 * gp_workload_set_speed_ratio:
 * @self: a #GpWorkload
 * @gpu_id: a GPU's id
 * @ratio: its throughput ÷ the reference GPU's, or NAN to let the model decide again
 *
 * Overrides the speed model for one GPU.
 */
void
gp_workload_set_speed_ratio (GpWorkload *self,
                             const char *gpu_id,
                             double      ratio)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));
  g_return_if_fail (gpu_id != NULL);

  if (isnan (ratio))
    {
      if (g_hash_table_remove (self->speed_ratios, gpu_id))
        changed (self, PROP_0);
      return;
    }

  g_hash_table_replace (self->speed_ratios, g_strdup (gpu_id), g_memdup2 (&ratio, sizeof ratio));
  changed (self, PROP_0);
}

/**
 * gp_workload_get_preset:
 * @self: a #GpWorkload
 *
 * Returns: (nullable): a preset's id, or NULL for GPU-hours on a reference GPU
 */
const char *
gp_workload_get_preset (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), NULL);
  return self->preset;
}

void
gp_workload_set_preset (GpWorkload *self,
                        const char *preset)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));

  if (gp_set_str (&self->preset, preset && *preset ? preset : NULL))
    changed (self, PROP_PRESET);
}

/**
 * gp_workload_get_reference_gpu:
 * @self: a #GpWorkload
 *
 * Returns: (nullable): the GPU the GPU-hours were counted on
 */
const char *
gp_workload_get_reference_gpu (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), NULL);
  return self->reference_gpu;
}

void
gp_workload_set_reference_gpu (GpWorkload *self,
                               const char *reference_gpu)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));

  if (gp_set_str (&self->reference_gpu, reference_gpu && *reference_gpu ? reference_gpu : NULL))
    changed (self, PROP_REFERENCE_GPU);
}

/**
 * gp_workload_get_region:
 * @self: a #GpWorkload
 *
 * Returns: (nullable): only offers in this region, or NULL for every region
 */
const char *
gp_workload_get_region (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), NULL);
  return self->region;
}

void
gp_workload_set_region (GpWorkload *self,
                        const char *region)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));

  if (gp_set_str (&self->region, region && *region ? region : NULL))
    changed (self, PROP_REGION);
}

/**
 * gp_workload_get_currency:
 * @self: a #GpWorkload
 *
 * Returns: (nullable): the currency to report in, or NULL for the catalog's
 */
const char *
gp_workload_get_currency (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), NULL);
  return self->currency;
}

void
gp_workload_set_currency (GpWorkload *self,
                          const char *currency)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));

  if (gp_set_str (&self->currency, currency && *currency ? currency : NULL))
    changed (self, PROP_CURRENCY);
}

/**
 * gp_workload_get_gpu_hours:
 * @self: a #GpWorkload
 *
 * Returns: GPU-hours on the reference GPU, when no preset is chosen
 */
double
gp_workload_get_gpu_hours (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), NAN);
  return self->gpu_hours;
}

void
gp_workload_set_gpu_hours (GpWorkload *self,
                           double      gpu_hours)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));

  /* NAN == NAN is false: compare the bits that matter. */
  if (self->gpu_hours == gpu_hours || (isnan (self->gpu_hours) && isnan (gpu_hours)))
    return;

  self->gpu_hours = gpu_hours;
  changed (self, PROP_GPU_HOURS);
}

/**
 * gp_workload_get_dataset_gb:
 * @self: a #GpWorkload
 *
 * Returns: the dataset to upload and keep, in GB
 */
double
gp_workload_get_dataset_gb (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), NAN);
  return self->dataset_gb;
}

void
gp_workload_set_dataset_gb (GpWorkload *self,
                            double      dataset_gb)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));

  /* NAN == NAN is false: compare the bits that matter. */
  if (self->dataset_gb == dataset_gb || (isnan (self->dataset_gb) && isnan (dataset_gb)))
    return;

  self->dataset_gb = dataset_gb;
  changed (self, PROP_DATASET_GB);
}

/**
 * gp_workload_get_results_gb:
 * @self: a #GpWorkload
 *
 * Returns: results and checkpoints to download afterwards, in GB
 */
double
gp_workload_get_results_gb (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), NAN);
  return self->results_gb;
}

void
gp_workload_set_results_gb (GpWorkload *self,
                            double      results_gb)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));

  /* NAN == NAN is false: compare the bits that matter. */
  if (self->results_gb == results_gb || (isnan (self->results_gb) && isnan (results_gb)))
    return;

  self->results_gb = results_gb;
  changed (self, PROP_RESULTS_GB);
}

/**
 * gp_workload_get_checkpoint_minutes:
 * @self: a #GpWorkload
 *
 * Returns: minutes between checkpoints; 0 when the job does not checkpoint
 */
double
gp_workload_get_checkpoint_minutes (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), NAN);
  return self->checkpoint_minutes;
}

void
gp_workload_set_checkpoint_minutes (GpWorkload *self,
                                    double      checkpoint_minutes)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));

  /* NAN == NAN is false: compare the bits that matter. */
  if (self->checkpoint_minutes == checkpoint_minutes || (isnan (self->checkpoint_minutes) && isnan (checkpoint_minutes)))
    return;

  self->checkpoint_minutes = checkpoint_minutes;
  changed (self, PROP_CHECKPOINT_MINUTES);
}

/**
 * gp_workload_get_deadline_hours:
 * @self: a #GpWorkload
 *
 * Returns: hours until the results are due, from now; 0 for no deadline
 */
double
gp_workload_get_deadline_hours (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), NAN);
  return self->deadline_hours;
}

void
gp_workload_set_deadline_hours (GpWorkload *self,
                                double      deadline_hours)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));

  /* NAN == NAN is false: compare the bits that matter. */
  if (self->deadline_hours == deadline_hours || (isnan (self->deadline_hours) && isnan (deadline_hours)))
    return;

  self->deadline_hours = deadline_hours;
  changed (self, PROP_DEADLINE_HOURS);
}

/**
 * gp_workload_get_budget:
 * @self: a #GpWorkload
 *
 * Returns: the most the job may cost, in the estimate's currency; 0 for no limit
 */
double
gp_workload_get_budget (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), NAN);
  return self->budget;
}

void
gp_workload_set_budget (GpWorkload *self,
                        double      budget)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));

  /* NAN == NAN is false: compare the bits that matter. */
  if (self->budget == budget || (isnan (self->budget) && isnan (budget)))
    return;

  self->budget = budget;
  changed (self, PROP_BUDGET);
}

/**
 * gp_workload_get_upload_mbps:
 * @self: a #GpWorkload
 *
 * Returns: the uplink for the upload, in Mbit/s; NAN for the model's default
 */
double
gp_workload_get_upload_mbps (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), NAN);
  return self->upload_mbps;
}

void
gp_workload_set_upload_mbps (GpWorkload *self,
                             double      upload_mbps)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));

  /* NAN == NAN is false: compare the bits that matter. */
  if (self->upload_mbps == upload_mbps || (isnan (self->upload_mbps) && isnan (upload_mbps)))
    return;

  self->upload_mbps = upload_mbps;
  changed (self, PROP_UPLOAD_MBPS);
}

/**
 * gp_workload_get_storage_per_gb_month:
 * @self: a #GpWorkload
 *
 * Returns: the storage price per GB-month; NAN when unknown
 */
double
gp_workload_get_storage_per_gb_month (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), NAN);
  return self->storage_per_gb_month;
}

void
gp_workload_set_storage_per_gb_month (GpWorkload *self,
                                      double      storage_per_gb_month)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));

  /* NAN == NAN is false: compare the bits that matter. */
  if (self->storage_per_gb_month == storage_per_gb_month || (isnan (self->storage_per_gb_month) && isnan (storage_per_gb_month)))
    return;

  self->storage_per_gb_month = storage_per_gb_month;
  changed (self, PROP_STORAGE_PER_GB_MONTH);
}

/**
 * gp_workload_get_restart_minutes:
 * @self: a #GpWorkload
 *
 * Returns: minutes to resume after an interruption; NAN for the model's default
 */
double
gp_workload_get_restart_minutes (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), NAN);
  return self->restart_minutes;
}

void
gp_workload_set_restart_minutes (GpWorkload *self,
                                 double      restart_minutes)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));

  /* NAN == NAN is false: compare the bits that matter. */
  if (self->restart_minutes == restart_minutes || (isnan (self->restart_minutes) && isnan (restart_minutes)))
    return;

  self->restart_minutes = restart_minutes;
  changed (self, PROP_RESTART_MINUTES);
}

/**
 * gp_workload_get_scaling_efficiency:
 * @self: a #GpWorkload
 *
 * Returns: multi-GPU efficiency; NAN to take it from the measurements
 */
double
gp_workload_get_scaling_efficiency (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), NAN);
  return self->scaling_efficiency;
}

void
gp_workload_set_scaling_efficiency (GpWorkload *self,
                                    double      scaling_efficiency)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));

  /* NAN == NAN is false: compare the bits that matter. */
  if (self->scaling_efficiency == scaling_efficiency || (isnan (self->scaling_efficiency) && isnan (scaling_efficiency)))
    return;

  self->scaling_efficiency = scaling_efficiency;
  changed (self, PROP_SCALING_EFFICIENCY);
}

/**
 * gp_workload_get_interruptions_per_month:
 * @self: a #GpWorkload
 *
 * Returns: share of spot instances interrupted a month; NAN for published rates
 */
double
gp_workload_get_interruptions_per_month (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), NAN);
  return self->interruptions_per_month;
}

void
gp_workload_set_interruptions_per_month (GpWorkload *self,
                                         double      interruptions_per_month)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));

  /* NAN == NAN is false: compare the bits that matter. */
  if (self->interruptions_per_month == interruptions_per_month || (isnan (self->interruptions_per_month) && isnan (interruptions_per_month)))
    return;

  self->interruptions_per_month = interruptions_per_month;
  changed (self, PROP_INTERRUPTIONS_PER_MONTH);
}

/**
 * gp_workload_get_spec_weight:
 * @self: a #GpWorkload
 *
 * Returns: weight of TFLOPS against memory bandwidth in the spec model; NAN for the default
 */
double
gp_workload_get_spec_weight (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), NAN);
  return self->spec_weight;
}

void
gp_workload_set_spec_weight (GpWorkload *self,
                             double      spec_weight)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));

  /* NAN == NAN is false: compare the bits that matter. */
  if (self->spec_weight == spec_weight || (isnan (self->spec_weight) && isnan (spec_weight)))
    return;

  self->spec_weight = spec_weight;
  changed (self, PROP_SPEC_WEIGHT);
}

/**
 * gp_workload_get_exchange_rate:
 * @self: a #GpWorkload
 *
 * Returns: units of the currency per unit of the catalog's currency; NAN when not converting
 */
double
gp_workload_get_exchange_rate (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), NAN);
  return self->exchange_rate;
}

void
gp_workload_set_exchange_rate (GpWorkload *self,
                               double      exchange_rate)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));

  /* NAN == NAN is false: compare the bits that matter. */
  if (self->exchange_rate == exchange_rate || (isnan (self->exchange_rate) && isnan (exchange_rate)))
    return;

  self->exchange_rate = exchange_rate;
  changed (self, PROP_EXCHANGE_RATE);
}

static gboolean
invalid (GError    **error,
         const char *message)
{
  g_set_error_literal (error, GP_WORKLOAD_ERROR, GP_WORKLOAD_ERROR_INVALID_VALUE, message);
  return FALSE;
}

static gboolean
check_number (double       value,
              gboolean     nan_allowed,
              double       max,
              const char  *name,
              GError     **error)
{
  if ((isnan (value) && nan_allowed) || (isfinite (value) && value >= 0 && value <= max))
    return TRUE;

  g_set_error (error, GP_WORKLOAD_ERROR, GP_WORKLOAD_ERROR_INVALID_VALUE,
               _("%s must be a number from 0 to %g"), name, max);
  return FALSE;
}

/**
 * gp_workload_check:
 * @workload: the job
 * @catalog: the catalog its reference GPU comes from
 * @data: the estimator data its preset comes from
 * @error: what is wrong, in words for the user
 *
 * Returns: %TRUE when the workload can be estimated
 */
gboolean
gp_workload_check (GpWorkload       *workload,
                   GpCatalog        *catalog,
                   GpEstimatorData  *data,
                   GError          **error)
{
  const char *preset_id = gp_workload_get_preset (workload);
  const char *reference_id = gp_workload_get_reference_gpu (workload);
  const char *currency = gp_workload_get_currency (workload);
  GpGpu *reference;

  g_return_val_if_fail (GP_IS_WORKLOAD (workload), FALSE);

  if (preset_id != NULL)
    {
      GpPreset *preset = gp_estimator_data_find_preset (data, preset_id);

      if (preset == NULL)
        {
          g_set_error (error, GP_WORKLOAD_ERROR, GP_WORKLOAD_ERROR_UNKNOWN_REFERENCE,
                       _("There is no workload preset “%s”"), preset_id);
          return FALSE;
        }
      reference_id = gp_preset_get_reference_gpu (preset);
    }
  else if (!(gp_workload_get_gpu_hours (workload) > 0) ||
           !isfinite (gp_workload_get_gpu_hours (workload)))
    return invalid (error, _("Give the job’s GPU-hours (more than 0) or choose a preset"));

  if (reference_id == NULL)
    return invalid (error, _("Choose the GPU the GPU-hours were counted on"));

  reference = gp_catalog_find_gpu (catalog, reference_id);
  if (reference == NULL)
    {
      g_set_error (error, GP_WORKLOAD_ERROR, GP_WORKLOAD_ERROR_UNKNOWN_REFERENCE,
                   _("The catalog has no GPU “%s”"), reference_id);
      return FALSE;
    }

  if (!check_number (gp_workload_get_gpu_hours (workload), FALSE, 1e7, _("GPU-hours"), error) ||
      !check_number (gp_workload_get_dataset_gb (workload), FALSE, 1e7, _("Dataset size"),
                     error) ||
      !check_number (gp_workload_get_results_gb (workload), FALSE, 1e7, _("Results size"),
                     error) ||
      !check_number (gp_workload_get_checkpoint_minutes (workload), FALSE, 1e5,
                     _("Checkpoint interval"), error) ||
      !check_number (gp_workload_get_deadline_hours (workload), FALSE, 1e6, _("Deadline"),
                     error) ||
      !check_number (gp_workload_get_budget (workload), FALSE, 1e9, _("Budget"), error) ||
      !check_number (gp_workload_get_model_billions (workload), FALSE, 1e5, _("Model size"),
                     error) ||
      !check_number (gp_workload_get_upload_mbps (workload), TRUE, 1e6, _("Upload speed"),
                     error) ||
      !check_number (gp_workload_get_storage_per_gb_month (workload), TRUE, 1e3,
                     _("Storage price"), error) ||
      !check_number (gp_workload_get_restart_minutes (workload), TRUE, 1e4, _("Restart time"),
                     error) ||
      !check_number (gp_workload_get_interruptions_per_month (workload), TRUE, 0.999,
                     _("Interruption rate"), error) ||
      !check_number (gp_workload_get_spec_weight (workload), TRUE, 1, _("TFLOPS weight"),
                     error))
    return FALSE;

  if (!isnan (gp_workload_get_scaling_efficiency (workload)) &&
      !(gp_workload_get_scaling_efficiency (workload) > 0 &&
        gp_workload_get_scaling_efficiency (workload) <= 1))
    return invalid (error, _("Scaling efficiency must be above 0 and at most 1"));

  if (gp_workload_get_upload_mbps (workload) == 0)
    return invalid (error, _("Upload speed must be above 0"));

  if (gp_workload_get_gpus (workload) > 1024)
    return invalid (error, _("At most 1,024 GPUs"));

  if (currency != NULL && g_ascii_strcasecmp (currency, gp_catalog_get_currency (catalog)) != 0)
    {
      double rate = gp_workload_get_exchange_rate (workload);

      if (isnan (rate) || !(rate > 0) || !isfinite (rate))
        {
          g_set_error (error, GP_WORKLOAD_ERROR, GP_WORKLOAD_ERROR_NO_EXCHANGE_RATE,
                       _("Prices are in %s: give the exchange rate to %s"),
                       gp_catalog_get_currency (catalog), currency);
          return FALSE;
        }
    }

  return TRUE;
}
