/* gp-measurement.c — the user's own job, measured on a GPU they have
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A measurement is the JSON the measuring script (gp-measure.py) writes. It is read here, every
 * figure checked, and its GPU named from the catalog: the estimate scales from it to other GPUs,
 * so a GPU that cannot be named cannot be used. A test run on the CPU (--cpu) is accepted as a
 * file, so the script can be tested end to end, but never used for an estimate.
 */

#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "gp-catalog.h"
#include "gp-cost-model.h"
#include "gp-enums.h"
#include "gp-file.h"
#include "gp-format.h"
#include "gp-gpu.h"
#include "gp-json-reader.h"
#include "gp-json-walk.h"
#include "gp-measurement.h"
#include "gp-memory-model.h"
#include "gp-text.h"

/* The version of the file the script writes ("gpu_planner_measurement"). */
#define FORMAT_VERSION 1
/* Faster than any GPU trains on any model: a larger figure is a broken file. */
#define MAX_TOKENS_PER_SECOND 1e9
/* Slower than any run that finishes: 1e-300 tokens a second made every estimate cost 0. */
#define MIN_TOKENS_PER_SECOND 1e-3
/* A token costs at least its forward pass, two operations a parameter (Kaplan et al. 2020,
 * "Scaling Laws for Neural Language Models", §2.1): no GPU trains faster than its data sheet's
 * best dense rate over that. */
#define MIN_OPERATIONS_PER_PARAMETER 2.0
/* A run a hundred thousand times below that is not a measurement but a broken one (a model on
 * the CPU, a stalled loader). */
#define SLOWEST_SHARE_OF_DATA_SHEET 1e-5
/* torch counts memory in bytes ÷ 10⁹; what the allocator holds can sit a little over the total
 * the driver reports only through rounding. */
#define PEAK_ROUNDING 1.01
#define MAX_FILE_SIZE (64 * 1024)
/* How far the memory PyTorch reports may be from the data sheet's: 141 GB H200s report 150. */
#define MEMORY_TOLERANCE 0.15

struct _GpMeasurement
{
  GObject parent_instance;
  GBytes *bytes;
  char *id;
  char *gpu_name;
  char *gpu;
  char *date;
  char *torch;
  char *cuda;
  char *preset;
  double gpu_memory_gb;
  double tokens_per_second;
  double peak_allocated_gb;
  double peak_reserved_gb;
  double model_billions;
  GpTrainingMethod method;
  GpPrecision precision;
  guint batch_size;
  guint sequence_length;
  gboolean checkpointing;
  gboolean test_run;
};

G_DEFINE_QUARK (gp-measurement-error-quark, gp_measurement_error)

G_DEFINE_FINAL_TYPE (GpMeasurement, gp_measurement, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_ID,
  PROP_GPU,
  PROP_GPU_NAME,
  PROP_DATE,
  PROP_TOKENS_PER_SECOND,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
gp_measurement_finalize (GObject *object)
{
  GpMeasurement *self = GP_MEASUREMENT (object);

  g_clear_pointer (&self->bytes, g_bytes_unref);
  g_free (self->id);
  g_free (self->gpu_name);
  g_free (self->gpu);
  g_free (self->date);
  g_free (self->torch);
  g_free (self->cuda);
  g_free (self->preset);

  G_OBJECT_CLASS (gp_measurement_parent_class)->finalize (object);
}

static void
gp_measurement_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  GpMeasurement *self = GP_MEASUREMENT (object);

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_string (value, self->id);
      break;

    case PROP_GPU:
      g_value_set_string (value, self->gpu);
      break;

    case PROP_GPU_NAME:
      g_value_set_string (value, self->gpu_name);
      break;

    case PROP_DATE:
      g_value_set_string (value, self->date);
      break;

    case PROP_TOKENS_PER_SECOND:
      g_value_set_double (value, self->tokens_per_second);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gp_measurement_class_init (GpMeasurementClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->finalize = gp_measurement_finalize;
  object_class->get_property = gp_measurement_get_property;

  properties[PROP_ID] = g_param_spec_string ("id", NULL, NULL, NULL, flags);
  properties[PROP_GPU] = g_param_spec_string ("gpu", NULL, NULL, NULL, flags);
  properties[PROP_GPU_NAME] = g_param_spec_string ("gpu-name", NULL, NULL, NULL, flags);
  properties[PROP_DATE] = g_param_spec_string ("date", NULL, NULL, NULL, flags);
  properties[PROP_TOKENS_PER_SECOND] =
      g_param_spec_double ("tokens-per-second", NULL, NULL, 0, G_MAXDOUBLE, 0, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gp_measurement_init (GpMeasurement *self)
{
  self->gpu_memory_gb = NAN;
  self->peak_allocated_gb = NAN;
  self->peak_reserved_gb = NAN;
}

/* The measurement's code for each kind of problem the walk finds itself. */
static const int walk_codes[GP_JSON_WALK_N_ERRORS] = {
  [GP_JSON_WALK_ERROR_MISSING_FIELD] = GP_MEASUREMENT_ERROR_MALFORMED,
  [GP_JSON_WALK_ERROR_WRONG_TYPE] = GP_MEASUREMENT_ERROR_MALFORMED,
  [GP_JSON_WALK_ERROR_INVALID_VALUE] = GP_MEASUREMENT_ERROR_IMPOSSIBLE,
  [GP_JSON_WALK_ERROR_UNKNOWN_FIELD] = GP_MEASUREMENT_ERROR_MALFORMED,
  [GP_JSON_WALK_ERROR_DUPLICATE_ID] = GP_MEASUREMENT_ERROR_MALFORMED,
};

/* The file's own mark: a version number at the top level. */
static gboolean
is_version (JsonNode *node,
            double   *out)
{
  GType type =
      node && JSON_NODE_HOLDS_VALUE (node) ? json_node_get_value_type (node) : G_TYPE_INVALID;

  if (type != G_TYPE_INT64 && type != G_TYPE_DOUBLE)
    return FALSE;
  *out = json_node_get_double (node);
  return TRUE;
}

/* A number, or NAN where @optional allows it to be absent or null. */
static gboolean
read_number (GpJsonWalk *walk,
             JsonObject *object,
             const char *name,
             gboolean    optional,
             double     *out)
{
  *out = NAN;
  return gp_json_walk_read_number (walk, object, name, !optional, out);
}

/* A whole count of at least 1. */
static gboolean
read_count (GpJsonWalk *walk,
            JsonObject *object,
            const char *name,
            guint      *out)
{
  if (!gp_json_walk_read_count (walk, object, name, TRUE, out))
    return FALSE;
  if (*out < 1 || *out > 10000000)
    return gp_json_walk_fail_at (walk, name, GP_MEASUREMENT_ERROR_IMPOSSIBLE,
                                 _("must be a whole number of 1 or more"));
  return TRUE;
}

static gboolean
read_boolean (GpJsonWalk *walk,
              JsonObject *object,
              const char *name,
              gboolean   *out)
{
  if (gp_json_walk_member (object, name) == NULL)
    return gp_json_walk_missing (walk, name);
  return gp_json_walk_read_boolean (walk, object, name, out);
}

static gboolean
read_job_figures (GpJsonWalk    *walk,
                  JsonObject    *job,
                  GpMeasurement *self)
{
  g_autofree char *method = NULL;
  g_autofree char *precision = NULL;

  if (!read_number (walk, job, "model_billions", FALSE, &self->model_billions) ||
      !gp_json_walk_read_name (walk, job, "method", TRUE, &method) ||
      !gp_json_walk_read_name (walk, job, "precision", TRUE, &precision) ||
      !read_count (walk, job, "batch", &self->batch_size) ||
      !read_count (walk, job, "sequence", &self->sequence_length) ||
      !read_boolean (walk, job, "checkpointing", &self->checkpointing) ||
      !gp_json_walk_read_name (walk, job, "preset", FALSE, &self->preset) ||
      !gp_json_walk_read_boolean (walk, job, "tiny", &self->test_run))
    return FALSE;

  if (!(self->model_billions > 0 && self->model_billions <= 1e5))
    return gp_json_walk_fail_at (
        walk, "model_billions", GP_MEASUREMENT_ERROR_IMPOSSIBLE,
        /* Translators: a measured model's size out of bounds */
        _("the model's size must be above 0 and at most 100,000 billion parameters, not %g"),
        self->model_billions);
  if (!gp_training_method_from_string (method, &self->method) ||
      self->method == GP_TRAINING_METHOD_DEFAULT)
    return gp_json_walk_fail_at (walk, "method", GP_MEASUREMENT_ERROR_MALFORMED,
                                 _("must be full, lora, qlora or inference, not “%s”"), method);
  if (!gp_precision_from_string (precision, &self->precision))
    return gp_json_walk_fail_at (walk, "precision", GP_MEASUREMENT_ERROR_MALFORMED,
                                 _("must be fp32, tf32, fp16, bf16 or fp8, not “%s”"), precision);
  return TRUE;
}

static gboolean
read_job (GpJsonWalk    *walk,
          JsonObject    *root,
          GpMeasurement *self)
{
  JsonObject *job;

  if (!gp_json_walk_enter_required (walk, root, "job", &job) || !read_job_figures (walk, job, self))
    return FALSE;
  gp_json_walk_pop (walk);
  return TRUE;
}

/* The words of @name, in lower case, without the maker's words that some names carry and others
 * do not ("NVIDIA", "Tesla", "GeForce"). */
static GStrv
gpu_words (const char *name)
{
  static const char *const makers[] = { "nvidia", "tesla", "geforce", "amd", "", NULL };
  g_autofree char *lower = g_ascii_strdown (name, -1);
  g_auto(GStrv) words = g_regex_split_simple ("[^a-z0-9]+", lower, 0, 0);
  g_autoptr(GStrvBuilder) kept = g_strv_builder_new ();

  for (guint i = 0; words[i] != NULL; i++)
    if (!g_strv_contains (makers, words[i]))
      g_strv_builder_add (kept, words[i]);
  return g_strv_builder_end (kept);
}

/* How many words of @device_words @name names, or 0: every word of the name must be one of the
 * device's, the model's word first ("A100 80GB PCIe" names "NVIDIA A100 80GB PCIe"; "A100
 * 40GB SXM4" does not name "NVIDIA A100-SXM4-80GB"). */
static guint
words_named (const char * const *device_words,
             const char         *name)
{
  g_auto(GStrv) words = gpu_words (name);
  guint n = g_strv_length (words);

  if (n == 0 || device_words[0] == NULL || !g_str_equal (words[0], device_words[0]))
    return 0;
  for (guint i = 1; i < n; i++)
    if (!g_strv_contains (device_words, words[i]))
      return 0;
  return n;
}

static guint
gpu_words_named (GpGpu              *gpu,
                 const char * const *device_words)
{
  const char *const *aliases = gp_gpu_get_aliases (gpu);
  guint best = MAX (words_named (device_words, gp_gpu_get_id (gpu)),
                    words_named (device_words, gp_gpu_get_name (gpu)));

  for (guint i = 0; aliases != NULL && aliases[i] != NULL; i++)
    best = MAX (best, words_named (device_words, aliases[i]));
  return best;
}

/* Whether a catalog GPU of @catalog_gb can be a device that reports @device_gb: PyTorch counts
 * 10⁹ bytes of what the driver gives, a few per cent off the data sheet's figure. */
static gboolean
memory_agrees (double catalog_gb,
               double device_gb)
{
  return isnan (catalog_gb) || isnan (device_gb) ||
         fabs (catalog_gb - device_gb) <= MEMORY_TOLERANCE * catalog_gb;
}

/* The catalog's GPU that PyTorch's device name names: one whose memory agrees with the
 * device's before one whose does not, then the one whose id, name or alias names the most
 * words of it, then the one whose memory is nearest. */
static GpGpu *
find_gpu (GpCatalog  *catalog,
          const char *device_name,
          double      memory_gb)
{
  g_auto(GStrv) device_words = gpu_words (device_name);
  GListModel *gpus = gp_catalog_get_gpus (catalog);
  GpGpu *best = NULL;
  gboolean best_agrees = FALSE;
  guint best_words = 0;
  double best_distance = INFINITY;

  for (guint i = 0; i < g_list_model_get_n_items (gpus); i++)
    {
      g_autoptr(GpGpu) gpu = g_list_model_get_item (gpus, i);
      guint named = gpu_words_named (gpu, (const char *const *) device_words);
      gboolean agrees = memory_agrees (gp_gpu_get_memory_gb (gpu), memory_gb);
      double distance = fabs (gp_gpu_get_memory_gb (gpu) - memory_gb);

      if (isnan (distance))
        distance = INFINITY;
      if (named == 0)
        continue;
      if (best != NULL && (agrees != best_agrees ? !agrees
                           : named != best_words ? named < best_words
                                                 : !(distance < best_distance)))
        continue;
      best = gpu;
      best_agrees = agrees;
      best_words = named;
      best_distance = distance;
    }

  return best;
}

static gboolean
read_device (GpJsonWalk    *walk,
             JsonObject    *root,
             GpCatalog     *catalog,
             GpMeasurement *self)
{
  g_autofree char *device = NULL;
  GpGpu *gpu;

  if (!gp_json_walk_read_name (walk, root, "device", TRUE, &device) ||
      !gp_json_walk_read_name (walk, root, "gpu", TRUE, &self->gpu_name))
    return FALSE;

  if (g_str_equal (device, "cpu"))
    {
      /* The script's own test: a tiny model on the CPU, kept apart from real measurements. */
      if (!self->test_run)
        return gp_json_walk_fail_at (
            walk, "device", GP_MEASUREMENT_ERROR_IMPOSSIBLE,
            _("a measurement on the CPU must be the script's test run (--cpu)"));
      return TRUE;
    }
  if (!g_str_equal (device, "cuda"))
    return gp_json_walk_fail_at (walk, "device", GP_MEASUREMENT_ERROR_MALFORMED,
                                 _("must be cuda or cpu, not “%s”"), device);
  if (self->test_run)
    return gp_json_walk_fail_at (walk, "device", GP_MEASUREMENT_ERROR_IMPOSSIBLE,
                                 _("a test run (--cpu) cannot have been made on a GPU"));

  if (!read_number (walk, root, "gpu_memory_gb", FALSE, &self->gpu_memory_gb) ||
      !read_number (walk, root, "peak_allocated_gb", FALSE, &self->peak_allocated_gb) ||
      !read_number (walk, root, "peak_reserved_gb", FALSE, &self->peak_reserved_gb))
    return FALSE;
  if (!(self->gpu_memory_gb > 0 && self->gpu_memory_gb < 1e5))
    return gp_json_walk_fail_at (
        walk, "gpu_memory_gb", GP_MEASUREMENT_ERROR_IMPOSSIBLE,
        /* Translators: a measured GPU's memory out of bounds */
        _("the GPU's memory must be above 0 and under 100,000 GB, not %g"), self->gpu_memory_gb);
  if (!(self->peak_allocated_gb > 0) || !(self->peak_reserved_gb >= self->peak_allocated_gb) ||
      self->peak_reserved_gb > self->gpu_memory_gb * PEAK_ROUNDING)
    return gp_json_walk_fail_at (
        walk, "peak_reserved_gb", GP_MEASUREMENT_ERROR_IMPOSSIBLE,
        _("the peak memory (%.3g GB allocated, %.3g GB reserved) must be above 0, "
           "the reserved at least the allocated, and neither above the GPU's %.3g GB"),
        self->peak_allocated_gb, self->peak_reserved_gb, self->gpu_memory_gb);

  gpu = find_gpu (catalog, self->gpu_name, self->gpu_memory_gb);
  if (gpu == NULL)
    return gp_json_walk_fail_at (
        walk, "gpu", GP_MEASUREMENT_ERROR_UNKNOWN_GPU,
        _("the GPU “%s” is none the catalog knows, so nothing can be scaled from it"),
        self->gpu_name);
  self->gpu = g_strdup (gp_gpu_get_id (gpu));
  return TRUE;
}

/* The best dense rate of @gpu's data sheet, in any precision; NAN where it gives none. */
static double
best_tflops (GpGpu *gpu)
{
  double rates[] = { gp_gpu_get_fp8_tflops (gpu), gp_gpu_get_bf16_tflops (gpu),
                     gp_gpu_get_fp16_tflops (gpu), gp_gpu_get_tf32_tflops (gpu),
                     gp_gpu_get_fp32_tflops (gpu) };
  double best = NAN;

  for (guint i = 0; i < G_N_ELEMENTS (rates); i++)
    if (rates[i] > 0 && !(rates[i] <= best))
      best = rates[i];
  return best;
}

/* A measured speed within what the GPU could do at all: at most its data sheet's best rate
 * over the forward pass's two operations a parameter, at least a hundred-thousandth of that. */
static gboolean
check_speed (GpJsonWalk    *walk,
             GpCatalog     *catalog,
             GpMeasurement *self)
{
  GpGpu *gpu = self->gpu != NULL ? gp_catalog_find_gpu (catalog, self->gpu) : NULL;
  double tflops = gpu != NULL ? best_tflops (gpu) : NAN;
  double fastest = MAX_TOKENS_PER_SECOND, slowest = MIN_TOKENS_PER_SECOND;
  g_autofree char *low = NULL, *high = NULL, *given = NULL;

  if (!isnan (tflops))
    {
      fastest = tflops * 1e12 / (MIN_OPERATIONS_PER_PARAMETER * self->model_billions * 1e9);
      slowest = fastest * SLOWEST_SHARE_OF_DATA_SHEET;
    }
  if (self->tokens_per_second >= slowest && self->tokens_per_second <= fastest)
    return TRUE;

  low = gp_format_number (slowest, slowest < 10 ? 3 : 0);
  high = gp_format_number (fastest, 0);
  given = g_strdup_printf ("%g", self->tokens_per_second);
  if (!isnan (tflops))
    return gp_json_walk_fail_at (
        walk, "tokens_per_s", GP_MEASUREMENT_ERROR_IMPOSSIBLE,
        /* Translators: a measured speed no GPU could have: the figure, the GPU, the
         * model's size in billions of parameters, the bounds, the GPU's data-sheet
         * TFLOPS */
        _("the speed of %s tokens a second is not one %s can have on a model of "
           "%g billion parameters: from %s to %s tokens a second, its data sheet's %g "
           "TFLOPS at two operations a parameter a token, down to a hundred-thousandth "
           "of that"),
        given, gp_gpu_get_name (gpu), self->model_billions, low, high, tflops);
  return gp_json_walk_fail_at (
      walk, "tokens_per_s", GP_MEASUREMENT_ERROR_IMPOSSIBLE,
      /* Translators: a measured speed out of bounds: the figure, the bounds */
      _("the speed of %s tokens a second is out of bounds: from %s to %s tokens a "
         "second"),
      given, low, high);
}

static gboolean
read_when (GpJsonWalk    *walk,
           JsonObject    *root,
           const char    *today,
           GpMeasurement *self)
{
  if (!gp_json_walk_read_day (walk, root, "date", TRUE, &self->date))
    return FALSE;
  if (strcmp (self->date, today) > 0)
    return gp_json_walk_fail_at (
        walk, "date", GP_MEASUREMENT_ERROR_FUTURE,
        _("the date %s is after today (%s): a measurement cannot come from the future"),
        self->date, today);
  return TRUE;
}

static void
make_id (GpMeasurement *self)
{
  g_autofree char *digest = g_compute_checksum_for_bytes (G_CHECKSUM_SHA256, self->bytes);

  digest[8] = '\0';
  self->id =
      g_strdup_printf ("%s-%s-%s", self->gpu != NULL ? self->gpu : "cpu", self->date, digest);
}

GpMeasurement *
gp_measurement_new_from_bytes (GBytes      *bytes,
                               const char  *file_name,
                               GpCatalog   *catalog,
                               const char  *today,
                               GError     **error)
{
  g_autoptr(GpMeasurement) self = g_object_new (GP_TYPE_MEASUREMENT, NULL);
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GDateTime) now = NULL;
  g_autofree char *local_today = NULL;
  JsonObject *object;
  GpJsonWalk walk;
  double version;

  g_return_val_if_fail (bytes != NULL, NULL);
  g_return_val_if_fail (GP_IS_CATALOG (catalog), NULL);

  if (today == NULL)
    {
      now = g_date_time_new_now_local ();
      today = local_today = g_date_time_format (now, "%Y-%m-%d");
    }

  root = gp_json_read_bytes (bytes, file_name, error);
  if (root == NULL)
    return NULL;
  gp_json_walk_init (&walk, file_name, GP_MEASUREMENT_ERROR, walk_codes, error);
  object = JSON_NODE_HOLDS_OBJECT (root) ? json_node_get_object (root) : NULL;
  if (!is_version (object != NULL ? gp_json_walk_member (object, "gpu_planner_measurement") : NULL,
                   &version))
    return gp_json_walk_fail (&walk, GP_MEASUREMENT_ERROR_MALFORMED,
                              _("not a measurement written by GPU Planner's measuring script")),
           NULL;
  if (version != FORMAT_VERSION)
    return gp_json_walk_fail_at (
               &walk, "gpu_planner_measurement", GP_MEASUREMENT_ERROR_NEWER,
               _("a measurement of version %g, which this version of GPU Planner cannot read"),
               version),
           NULL;

  self->bytes = g_bytes_ref (bytes);
  if (!read_job (&walk, object, self) || !read_device (&walk, object, catalog, self) ||
      !read_when (&walk, object, today, self) ||
      !gp_json_walk_read_name (&walk, object, "torch", TRUE, &self->torch) ||
      !gp_json_walk_read_name (&walk, object, "cuda", FALSE, &self->cuda) ||
      !read_number (&walk, object, "tokens_per_s", FALSE, &self->tokens_per_second))
    return NULL;
  if (!check_speed (&walk, catalog, self))
    return NULL;

  make_id (self);
  return g_steal_pointer (&self);
}

GpMeasurement *
gp_measurement_new_from_file (GFile      *file,
                              GpCatalog  *catalog,
                              GError    **error)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  /* The script's files are a few hundred bytes: a large one is not one of them. */
  name = g_file_get_parse_name (file);
  bytes = gp_file_load (file, MAX_FILE_SIZE, error);
  if (bytes == NULL)
    {
      g_prefix_error (error, "%s: ", name);
      return NULL;
    }
  return gp_measurement_new_from_bytes (bytes, name, catalog, NULL, error);
}

GBytes *
gp_measurement_get_bytes (GpMeasurement *self)
{
  g_return_val_if_fail (GP_IS_MEASUREMENT (self), NULL);
  return self->bytes;
}

const char *
gp_measurement_get_id (GpMeasurement *self)
{
  g_return_val_if_fail (GP_IS_MEASUREMENT (self), NULL);
  return self->id;
}

const char *
gp_measurement_get_gpu_name (GpMeasurement *self)
{
  g_return_val_if_fail (GP_IS_MEASUREMENT (self), NULL);
  return self->gpu_name;
}

const char *
gp_measurement_get_gpu (GpMeasurement *self)
{
  g_return_val_if_fail (GP_IS_MEASUREMENT (self), NULL);
  return self->gpu;
}

double
gp_measurement_get_gpu_memory_gb (GpMeasurement *self)
{
  g_return_val_if_fail (GP_IS_MEASUREMENT (self), NAN);
  return self->gpu_memory_gb;
}

const char *
gp_measurement_get_date (GpMeasurement *self)
{
  g_return_val_if_fail (GP_IS_MEASUREMENT (self), NULL);
  return self->date;
}

const char *
gp_measurement_get_torch_version (GpMeasurement *self)
{
  g_return_val_if_fail (GP_IS_MEASUREMENT (self), NULL);
  return self->torch;
}

const char *
gp_measurement_get_cuda_version (GpMeasurement *self)
{
  g_return_val_if_fail (GP_IS_MEASUREMENT (self), NULL);
  return self->cuda;
}

double
gp_measurement_get_tokens_per_second (GpMeasurement *self)
{
  g_return_val_if_fail (GP_IS_MEASUREMENT (self), NAN);
  return self->tokens_per_second;
}

double
gp_measurement_get_peak_allocated_gb (GpMeasurement *self)
{
  g_return_val_if_fail (GP_IS_MEASUREMENT (self), NAN);
  return self->peak_allocated_gb;
}

double
gp_measurement_get_peak_reserved_gb (GpMeasurement *self)
{
  g_return_val_if_fail (GP_IS_MEASUREMENT (self), NAN);
  return self->peak_reserved_gb;
}

gboolean
gp_measurement_is_test_run (GpMeasurement *self)
{
  g_return_val_if_fail (GP_IS_MEASUREMENT (self), TRUE);
  return self->test_run;
}

const char *
gp_measurement_get_preset (GpMeasurement *self)
{
  g_return_val_if_fail (GP_IS_MEASUREMENT (self), NULL);
  return self->preset;
}

double
gp_measurement_get_model_billions (GpMeasurement *self)
{
  g_return_val_if_fail (GP_IS_MEASUREMENT (self), NAN);
  return self->model_billions;
}

GpTrainingMethod
gp_measurement_get_method (GpMeasurement *self)
{
  g_return_val_if_fail (GP_IS_MEASUREMENT (self), GP_TRAINING_METHOD_DEFAULT);
  return self->method;
}

GpPrecision
gp_measurement_get_precision (GpMeasurement *self)
{
  g_return_val_if_fail (GP_IS_MEASUREMENT (self), GP_PRECISION_FP16);
  return self->precision;
}

guint
gp_measurement_get_batch_size (GpMeasurement *self)
{
  g_return_val_if_fail (GP_IS_MEASUREMENT (self), 0);
  return self->batch_size;
}

guint
gp_measurement_get_sequence_length (GpMeasurement *self)
{
  g_return_val_if_fail (GP_IS_MEASUREMENT (self), 0);
  return self->sequence_length;
}

gboolean
gp_measurement_get_activation_checkpointing (GpMeasurement *self)
{
  g_return_val_if_fail (GP_IS_MEASUREMENT (self), FALSE);
  return self->checkpointing;
}

gboolean
gp_measurement_same_job (GpMeasurement *self,
                         GpMeasurement *other)
{
  g_return_val_if_fail (GP_IS_MEASUREMENT (self), FALSE);
  g_return_val_if_fail (GP_IS_MEASUREMENT (other), FALSE);

  return G_APPROX_VALUE (self->model_billions, other->model_billions, 1e-9) &&
         self->method == other->method && self->precision == other->precision &&
         self->batch_size == other->batch_size && self->sequence_length == other->sequence_length &&
         self->checkpointing == other->checkpointing;
}

char *
gp_measurement_dup_basis (GpMeasurement *self)
{
  g_autofree char *speed = NULL;

  g_return_val_if_fail (GP_IS_MEASUREMENT (self), NULL);

  speed = gp_format_number (self->tokens_per_second, 0);
  /* Translators: what an estimate rests on: the GPU as PyTorch names it, the date, the speed */
  return g_strdup_printf (_("measured on %s, %s, %s tokens/s"), self->gpu_name, self->date, speed);
}

char *
gp_measurement_dup_job_label (GpMeasurement *self)
{
  g_autofree char *size = NULL;
  g_autofree char *sequence = NULL;

  g_return_val_if_fail (GP_IS_MEASUREMENT (self), NULL);

  size = gp_format_number (self->model_billions, self->model_billions < 10 ? 1 : 0);
  sequence = gp_format_number (self->sequence_length, 0);
  /* Translators: a measured job: size in billions, method, precision, batch, sequence length,
   * and whether activations were recomputed */
  return g_strdup_printf (
      _("%sB %s, %s, batch %u × %s tokens, %s"), size, gp_training_method_get_label (self->method),
      gp_precision_to_string (self->precision), self->batch_size, sequence,
      self->checkpointing ? _("activation checkpointing") : _("no activation checkpointing"));
}
