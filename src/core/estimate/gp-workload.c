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
 * Its figures (doubles) are described once, in a table the properties, the accessors and the copy
 * read.
 */

#include "config.h"

#include <math.h>

#include "gp-currency.h"
#include "gp-enums.h"
#include "gp-measurement.h"
#include "gp-util.h"
#include "gp-workload-private.h"

G_DEFINE_QUARK (gp-workload-error-quark, gp_workload_error)

G_DEFINE_FINAL_TYPE (GpWorkload, gp_workload, G_TYPE_OBJECT)

enum {
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* The figures, PROP_GPU_HOURS to PROP_USAGE_FACTOR: each a double field, a property and a
 * value to start from, described once for the properties, the accessors and the copy. */
#define FIRST_FIGURE PROP_GPU_HOURS
#define N_FIGURES    (PROP_USAGE_FACTOR - PROP_GPU_HOURS + 1)

static const struct
{
  const char *name;
  gsize       offset;
  double      initial;
} figures[N_FIGURES] = {
  /* GPU-hours on the reference GPU, when no preset is chosen */
  { "gpu-hours", G_STRUCT_OFFSET (GpWorkload, gpu_hours), 0 },
  /* the dataset to upload and keep, in GB */
  { "dataset-gb", G_STRUCT_OFFSET (GpWorkload, dataset_gb), 0 },
  /* results and checkpoints to download afterwards, in GB */
  { "results-gb", G_STRUCT_OFFSET (GpWorkload, results_gb), 0 },
  /* minutes between checkpoints; 0 when the job does not checkpoint */
  { "checkpoint-minutes", G_STRUCT_OFFSET (GpWorkload, checkpoint_minutes), 60 },
  /* hours until the results are due, from now; 0 for no deadline */
  { "deadline-hours", G_STRUCT_OFFSET (GpWorkload, deadline_hours), 0 },
  /* the most the job may cost, in the estimate's currency; 0 for no limit */
  { "budget", G_STRUCT_OFFSET (GpWorkload, budget), 0 },
  /* the uplink for the upload, in Mbit/s; NAN for the model's default */
  { "upload-mbps", G_STRUCT_OFFSET (GpWorkload, upload_mbps), NAN },
  /* the storage price per GB-month; NAN when unknown */
  { "storage-per-gb-month", G_STRUCT_OFFSET (GpWorkload, storage_per_gb_month), NAN },
  /* minutes to resume after an interruption; NAN for the model's default */
  { "restart-minutes", G_STRUCT_OFFSET (GpWorkload, restart_minutes), NAN },
  /* multi-GPU efficiency; NAN to take it from the measurements */
  { "scaling-efficiency", G_STRUCT_OFFSET (GpWorkload, scaling_efficiency), NAN },
  /* share of spot instances interrupted a month; NAN for published rates */
  { "interruptions-per-month", G_STRUCT_OFFSET (GpWorkload, interruptions_per_month), NAN },
  /* weight of TFLOPS against memory bandwidth in the spec model; NAN for the default */
  { "spec-weight", G_STRUCT_OFFSET (GpWorkload, spec_weight), NAN },
  /* units of the currency per unit of the catalog's currency; NAN when not converting */
  { "exchange-rate", G_STRUCT_OFFSET (GpWorkload, exchange_rate), NAN },
  /* the model's size in billions of parameters; 0 when the job does not say (nor its preset) */
  { "model-billions", G_STRUCT_OFFSET (GpWorkload, model_billions), 0 },
  /* the tokens the job trains on (the dataset's × epochs), for a measured speed; 0 when not
   * given */
  { "tokens", G_STRUCT_OFFSET (GpWorkload, tokens), 0 },
  /* the speed of a transfer across mainland China's border, in Mbit/s, for a lab there; NAN
   * for the model's sourced default */
  { "cross-border-mbps", G_STRUCT_OFFSET (GpWorkload, cross_border_mbps), NAN },
  /* the share of their board power the GPUs draw, for the energy; NAN for the method's default */
  { "usage-factor", G_STRUCT_OFFSET (GpWorkload, usage_factor), NAN },
};

void
_gp_workload_changed (GpWorkload *self,
                      guint       prop_id)
{
  if (prop_id != PROP_0)
    g_object_notify_by_pspec (G_OBJECT (self), properties[prop_id]);
  g_signal_emit (self, signals[CHANGED], 0);
}

double
_gp_workload_get_figure (GpWorkload *self,
                         guint       prop_id)
{
  return G_STRUCT_MEMBER (double, self, figures[prop_id - FIRST_FIGURE].offset);
}

void
_gp_workload_set_figure (GpWorkload *self,
                         guint       prop_id,
                         double      value)
{
  double *slot = G_STRUCT_MEMBER_P (self, figures[prop_id - FIRST_FIGURE].offset);

  /* NAN == NAN is false: compare the bits that matter. */
  if (*slot == value || (isnan (*slot) && isnan (value)))
    return;

  *slot = value;
  _gp_workload_changed (self, prop_id);
}

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
  g_ptr_array_unref (self->measurements);

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

    case PROP_LAB_LOCATION:
      g_value_set_enum (value, self->lab_location);
      break;

    case PROP_INVOICE_REQUIRED:
      g_value_set_boolean (value, self->invoice_required);
      break;

    case PROP_USABLE_ONLY:
      g_value_set_boolean (value, self->usable_only);
      break;

    case PROP_ACTIVATION_CHECKPOINTING:
      g_value_set_boolean (value, self->activation_checkpointing);
      break;

    case PROP_PROVIDERS:
      g_value_set_boxed (value, self->providers);
      break;

    default:
      if (prop_id >= FIRST_FIGURE && prop_id < FIRST_FIGURE + N_FIGURES)
        g_value_set_double (value, _gp_workload_get_figure (self, prop_id));
      else
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

    case PROP_LAB_LOCATION:
      gp_workload_set_lab_location (self, g_value_get_enum (value));
      break;

    case PROP_INVOICE_REQUIRED:
      gp_workload_set_invoice_required (self, g_value_get_boolean (value));
      break;

    case PROP_USABLE_ONLY:
      gp_workload_set_usable_only (self, g_value_get_boolean (value));
      break;

    case PROP_ACTIVATION_CHECKPOINTING:
      gp_workload_set_activation_checkpointing (self, g_value_get_boolean (value));
      break;

    case PROP_PROVIDERS:
      gp_workload_set_providers (self, g_value_get_boxed (value));
      break;

    default:
      if (prop_id >= FIRST_FIGURE && prop_id < FIRST_FIGURE + N_FIGURES)
        _gp_workload_set_figure (self, prop_id, g_value_get_double (value));
      else
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
  for (guint i = 0; i < N_FIGURES; i++)
    properties[FIRST_FIGURE + i] =
      g_param_spec_double (figures[i].name, NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE,
                           isnan (figures[i].initial) ? 0 : figures[i].initial, flags);
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
  /* where the lab is: what it can reach, and across which border its data goes */
  properties[PROP_LAB_LOCATION] = g_param_spec_enum (
      "lab-location", NULL, NULL, GP_TYPE_LAB_LOCATION, GP_LAB_LOCATION_ELSEWHERE, flags);
  /* a lab in mainland China that pays only against Chinese VAT invoices (发票): a platform that
   * issues none is ranked after those that do, and is not usable */
  properties[PROP_INVOICE_REQUIRED] =
      g_param_spec_boolean ("invoice-required", NULL, NULL, FALSE, flags);
  /* only the platforms the lab can reach and, where it needs invoices, pay */
  properties[PROP_USABLE_ONLY] = g_param_spec_boolean ("usable-only", NULL, NULL, FALSE, flags);
  /* every layer recomputed in the backward pass; off unless the user knows it is on, the
   * safe answer for memory */
  properties[PROP_ACTIVATION_CHECKPOINTING] =
      g_param_spec_boolean ("activation-checkpointing", NULL, NULL, FALSE, flags);
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
  for (guint i = 0; i < N_FIGURES; i++)
    G_STRUCT_MEMBER (double, self, figures[i].offset) = figures[i].initial;
  self->precision = GP_PRECISION_FP16;
  self->gpus = 1;
  self->speed_ratios = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->measurements = g_ptr_array_new_with_free_func (g_object_unref);
}


GpWorkload *
gp_workload_new (void)
{
  return g_object_new (GP_TYPE_WORKLOAD, NULL);
}

/* A snapshot for work on another thread, which must not see the form change under it. */
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
  for (guint i = 0; i < N_FIGURES; i++)
    G_STRUCT_MEMBER (double, copy, figures[i].offset) =
      G_STRUCT_MEMBER (double, self, figures[i].offset);
  copy->batch_size = self->batch_size;
  copy->sequence_length = self->sequence_length;
  copy->method = self->method;
  copy->sharding = self->sharding;
  copy->precision = self->precision;
  copy->gpus = self->gpus;
  copy->interruptible = self->interruptible;
  copy->lab_location = self->lab_location;
  copy->invoice_required = self->invoice_required;
  copy->usable_only = self->usable_only;
  copy->activation_checkpointing = self->activation_checkpointing;
  copy->providers = g_strdupv (self->providers);

  g_hash_table_iter_init (&iter, self->speed_ratios);
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_hash_table_insert (copy->speed_ratios, g_strdup (key), g_memdup2 (value, sizeof (double)));
  for (guint i = 0; i < self->measurements->len; i++)
    g_ptr_array_add (copy->measurements, g_object_ref (self->measurements->pdata[i]));

  return copy;
}

/* The one conversion between currencies, for the app and the command-line tool alike: the
 * workload reports in @to, at the rate from @from, the rate's origin and date named in every
 * estimate's assumptions. Without a rate between the two, the workload still asks for @to but
 * has no rate, so that its estimate says one is needed. */
gboolean
gp_workload_convert_currency (GpWorkload *self,
                              const char *from,
                              const char *to,
                              GVariant   *rates,
                              const char *rates_as_of,
                              guint       stale_after_days)
{
  g_autofree char *to_copy = g_strdup (to); /* @to may be the workload's own, set anew below */
  g_autofree char *basis = NULL;
  gboolean user_rates = rates != NULL && g_variant_n_children (rates) > 0;
  double rate;

  g_return_val_if_fail (GP_IS_WORKLOAD (self), FALSE);
  g_return_val_if_fail (from != NULL, FALSE);

  if (to == NULL || g_ascii_strcasecmp (to, from) == 0)
    {
      gp_workload_set_currency (self, NULL);
      gp_workload_set_exchange_rate (self, NAN);
      gp_workload_set_exchange_rate_basis (self, NULL);
      return TRUE;
    }

  rate = gp_currency_get_rate (from, to_copy, rates);
  gp_workload_set_currency (self, to_copy);
  if (!isfinite (rate) || rate <= 0)
    {
      gp_workload_set_exchange_rate (self, NAN);
      gp_workload_set_exchange_rate_basis (self, NULL);
      return FALSE;
    }

  basis = gp_currency_dup_rate_basis (from, to_copy, user_rates, rates_as_of, stale_after_days);
  gp_workload_set_exchange_rate (self, rate);
  gp_workload_set_exchange_rate_basis (self, basis);
  return TRUE;
}

/* The first measurement becomes the job: its shape (preset, size, method, precision, batch,
 * sequence length, checkpointing) replaces the workload's, and its GPU the reference; the
 * hours come from gp_workload_get_tokens() at its speed. Later ones, of the same job, give the
 * speed on their own GPUs. */
void
gp_workload_add_measurement (GpWorkload    *self,
                             GpMeasurement *measurement)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));
  g_return_if_fail (GP_IS_MEASUREMENT (measurement));

  g_ptr_array_add (self->measurements, g_object_ref (measurement));
  if (self->measurements->len == 1)
    {
      g_object_freeze_notify (G_OBJECT (self));
      gp_workload_set_preset (self, gp_measurement_get_preset (measurement));
      gp_workload_set_reference_gpu (self, gp_measurement_get_gpu (measurement));
      gp_workload_set_model_billions (self, gp_measurement_get_model_billions (measurement));
      gp_workload_set_method (self, gp_measurement_get_method (measurement));
      gp_workload_set_precision (self, gp_measurement_get_precision (measurement));
      gp_workload_set_batch_size (self, gp_measurement_get_batch_size (measurement));
      gp_workload_set_sequence_length (self, gp_measurement_get_sequence_length (measurement));
      gp_workload_set_activation_checkpointing (
          self, gp_measurement_get_activation_checkpointing (measurement));
      g_object_thaw_notify (G_OBJECT (self));
    }
  _gp_workload_changed (self, PROP_0);
}

/* Lets go of every measurement; the job keeps the shape the first gave it. */
void
gp_workload_clear_measurements (GpWorkload *self)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));

  if (self->measurements->len == 0)
    return;
  g_ptr_array_set_size (self->measurements, 0);
  _gp_workload_changed (self, PROP_0);
}

GPtrArray *
gp_workload_get_measurements (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), NULL);
  return self->measurements;
}

GpMeasurement *
gp_workload_find_measurement (GpWorkload *self,
                              const char *gpu)
{
  GpMeasurement *found = NULL;

  g_return_val_if_fail (GP_IS_WORKLOAD (self), NULL);

  for (guint i = 0; i < self->measurements->len; i++)
    {
      GpMeasurement *measurement = self->measurements->pdata[i];

      if (g_strcmp0 (gp_measurement_get_gpu (measurement), gpu) == 0 &&
          (found == NULL ||
           strcmp (gp_measurement_get_date (measurement), gp_measurement_get_date (found)) > 0))
        found = measurement;
    }
  return found;
}
