/* gp-estimator-data.c — the sourced figures the cost model scales by
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The file (data/estimator/estimator.json, documented in data/estimator/README.md) holds
 * published measurements: workload presets, throughput tables of one workload on several GPUs,
 * multi-GPU scaling efficiencies and spot interruption buckets, each naming its source, and
 * the few coefficients of the model itself. It is checked completely when it is read.
 */

#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>

#include "gp-catalog-error.h"
#include "gp-catalog-data.h"
#include "gp-estimator-data.h"
#include "gp-enums.h"
#include "gp-util.h"
#include "gp-preset-private.h"
#include "gp-json-reader.h"
#include "gp-json-walk.h"
#include "gp-model-private.h"

#define BUNDLED_PATH "/io/github/gpuplanner/GpuPlanner/catalog/estimator.json"
#define BUNDLED_NAME "estimator.json"

typedef struct
{
  char        *family;
  char        *precision_key;
  GpSource    *source;
  GHashTable  *throughput;  /* GPU id → double, boxed in a gdouble[1] */
} SpeedTable;

typedef struct
{
  char     *family;
  char     *gpu;
  char     *precision_key;
  guint     from_gpus;
  guint     to_gpus;
  double    efficiency;
  GpSource *source;
} ScalingEntry;

typedef struct
{
  char     *region;
  char     *bucket;
  double    per_month;
  GpSource *source;
} SpotEntry;

struct _GpEstimatorData
{
  GObject     parent_instance;
  GListStore *sources;
  GListStore *presets;
  GHashTable *coefficients;   /* name → gdouble[1] */
  GHashTable *coefficient_sources; /* name → GpSource, borrowed from sources */
  GPtrArray  *speed_tables;   /* SpeedTable */
  GPtrArray  *scaling;        /* ScalingEntry */
  GHashTable *spot;           /* instance id → GPtrArray of SpotEntry, one per region */
};

G_DEFINE_FINAL_TYPE (GpEstimatorData, gp_estimator_data, G_TYPE_OBJECT)

static void
speed_table_free (SpeedTable *table)
{
  g_free (table->family);
  g_free (table->precision_key);
  g_clear_object (&table->source);
  g_clear_pointer (&table->throughput, g_hash_table_unref);
  g_free (table);
}

static void
scaling_entry_free (ScalingEntry *entry)
{
  g_free (entry->family);
  g_free (entry->gpu);
  g_free (entry->precision_key);
  g_clear_object (&entry->source);
  g_free (entry);
}

static void
spot_entry_free (SpotEntry *entry)
{
  g_free (entry->region);
  g_free (entry->bucket);
  g_clear_object (&entry->source);
  g_free (entry);
}

static void
gp_estimator_data_finalize (GObject *object)
{
  GpEstimatorData *self = GP_ESTIMATOR_DATA (object);

  g_clear_object (&self->sources);
  g_clear_object (&self->presets);
  g_clear_pointer (&self->coefficients, g_hash_table_unref);
  g_clear_pointer (&self->coefficient_sources, g_hash_table_unref);
  g_clear_pointer (&self->speed_tables, g_ptr_array_unref);
  g_clear_pointer (&self->scaling, g_ptr_array_unref);
  g_clear_pointer (&self->spot, g_hash_table_unref);

  G_OBJECT_CLASS (gp_estimator_data_parent_class)->finalize (object);
}

static void
gp_estimator_data_class_init (GpEstimatorDataClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = gp_estimator_data_finalize;
}

static void
gp_estimator_data_init (GpEstimatorData *self)
{
  self->sources = g_list_store_new (GP_TYPE_SOURCE);
  self->presets = g_list_store_new (GP_TYPE_PRESET);
  self->coefficients = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->coefficient_sources = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->speed_tables = g_ptr_array_new_with_free_func ((GDestroyNotify) speed_table_free);
  self->scaling = g_ptr_array_new_with_free_func ((GDestroyNotify) scaling_entry_free);
  self->spot = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                      (GDestroyNotify) g_ptr_array_unref);
}

/* Measured tables and scaling figures are keyed by the arithmetic family they were run in:
 * TF32 tables hold Volta at FP32 (it has no TF32); BF16 and FP8 jobs read the mixed-precision
 * (FP16 AMP) tables, which is what the sources measured. */
static const char *
precision_key (GpPrecision precision)
{
  switch (precision)
    {
    case GP_PRECISION_FP32:
      return "fp32";

    case GP_PRECISION_TF32:
      return "tf32";

    case GP_PRECISION_FP16:
    case GP_PRECISION_BF16:
    case GP_PRECISION_FP8:
    default:
      return "fp16";
    }
}

/* Reading: every value through the walk, so that a message names the file and the JSON path. */

static gboolean
resolve_source (GpEstimatorData  *self,
                GpJsonWalk       *walk,
                JsonObject       *object,
                GpSource        **out)
{
  g_autofree char *id = NULL;

  if (!gp_json_walk_read_id (walk, object, "source", TRUE, &id))
    return FALSE;

  *out = gp_estimator_data_find_source (self, id);
  if (*out == NULL)
    return gp_json_walk_fail_at (walk, "source", GP_CATALOG_ERROR_UNKNOWN_REFERENCE,
                                 _("no source has the id “%s”"), id);
  return TRUE;
}

static gboolean
read_precision (GpJsonWalk  *walk,
                JsonObject  *object,
                GpPrecision *out)
{
  g_autofree char *text = NULL;
  int value;

  if (!gp_json_walk_read_id (walk, object, "precision", TRUE, &text))
    return FALSE;
  if (!gp_enum_from_nick (GP_TYPE_PRECISION, text, &value))
    return gp_json_walk_fail_at (walk, "precision", GP_CATALOG_ERROR_INVALID_VALUE,
                                 _("expected fp32, tf32, fp16, bf16 or fp8"));
  *out = value;
  return TRUE;
}

static gboolean
read_source_cb (GpJsonWalk *walk,
                JsonObject *object,
                guint       index,
                gpointer    user_data)
{
  GpEstimatorData *self = user_data;
  g_autoptr(GpSource) source = gp_source_new_empty ();

  if (!gp_json_walk_read_id (walk, object, "id", TRUE, &source->id) ||
      !gp_json_walk_read_name (walk, object, "title", TRUE, &source->title) ||
      !gp_json_walk_read_name (walk, object, "url", FALSE, &source->url) ||
      !gp_json_walk_read_name (walk, object, "as_of", TRUE, &source->as_of) ||
      !gp_json_walk_read_string (walk, object, "note", FALSE, &source->note))
    return FALSE;

  source->layer = GP_CATALOG_LAYER_BUNDLED;
  g_list_store_append (self->sources, source);
  return TRUE;
}

static gboolean
read_coefficients (GpEstimatorData *self,
                   GpJsonWalk      *walk,
                   JsonObject      *root)
{
  JsonObject *coefficients;
  JsonObjectIter iter;
  const char *name;
  JsonNode *member;

  if (!gp_json_walk_enter_required (walk, root, "coefficients", &coefficients))
    return FALSE;

  json_object_iter_init (&iter, coefficients);
  while (json_object_iter_next (&iter, &name, &member))
    {
      double *value = g_new (double, 1);
      GpSource *source;

      gp_json_walk_push_key (walk, name);
      if (!JSON_NODE_HOLDS_OBJECT (member))
        {
          g_free (value);
          return gp_json_walk_fail_type (walk, member, _("an object"));
        }
      if (!gp_json_walk_read_number (walk, json_node_get_object (member), "value", TRUE, value) ||
          !resolve_source (self, walk, json_node_get_object (member), &source))
        {
          g_free (value);
          return FALSE;
        }
      gp_json_walk_pop (walk);

      g_hash_table_replace (self->coefficients, g_strdup (name), value);
      g_hash_table_replace (self->coefficient_sources, g_strdup (name), source);
    }
  gp_json_walk_pop (walk);

  return TRUE;
}

typedef struct
{
  GpEstimatorData *self;
  GpPreset *preset;
} PresetContext;

/* A preset's workload as published on other GPUs, each a time to train with its round (the
 * source) and submitter. */
static gboolean
read_result_cb (GpJsonWalk *walk,
                JsonObject *object,
                guint       index,
                gpointer    user_data)
{
  PresetContext *ctx = user_data;
  g_autofree char *gpu = NULL, *submitter = NULL, *system = NULL;
  double gpus = 0, minutes = 0;
  GpSource *source;

  if (!gp_json_walk_read_id (walk, object, "gpu", TRUE, &gpu) ||
      !gp_json_walk_read_number (walk, object, "gpus", TRUE, &gpus) ||
      !gp_json_walk_read_number (walk, object, "minutes", TRUE, &minutes) ||
      !gp_json_walk_read_name (walk, object, "submitter", TRUE, &submitter) ||
      !gp_json_walk_read_name (walk, object, "system", FALSE, &system) ||
      !resolve_source (ctx->self, walk, object, &source))
    return FALSE;

  if (gpus < 1 || gpus != floor (gpus) || !(minutes > 0))
    return gp_json_walk_fail_at (walk, gpus < 1 || gpus != floor (gpus) ? "gpus" : "minutes",
                                 GP_CATALOG_ERROR_INVALID_VALUE,
                                 _("expected a whole number of GPUs and a positive time"));
  gp_preset_add_result (ctx->preset, gpu, (guint) gpus, minutes, submitter, system, source);
  return TRUE;
}

/* A preset's method and sharding, each one of its enum's nicks but the default. */
static gboolean
read_model (GpJsonWalk *walk,
            JsonObject *object,
            int        *method,
            int        *sharding)
{
  g_autofree char *method_text = NULL, *sharding_text = NULL;

  if (!gp_json_walk_read_id (walk, object, "method", FALSE, &method_text) ||
      !gp_json_walk_read_id (walk, object, "sharding", FALSE, &sharding_text))
    return FALSE;

  if ((method_text != NULL && (!gp_enum_from_nick (GP_TYPE_TRAINING_METHOD, method_text, method) ||
                               *method == GP_TRAINING_METHOD_DEFAULT)) ||
      (sharding_text != NULL && (!gp_enum_from_nick (GP_TYPE_SHARDING, sharding_text, sharding) ||
                                 *sharding == GP_SHARDING_DEFAULT)))
    return gp_json_walk_fail_at (walk, method_text ? "method" : "sharding",
                                 GP_CATALOG_ERROR_INVALID_VALUE,
                                 _("expected full, lora, qlora or inference; none or zero3"));
  return TRUE;
}

static gboolean
read_preset_cb (GpJsonWalk *walk,
                JsonObject *object,
                guint       index,
                gpointer    user_data)
{
  GpEstimatorData *self = user_data;
  g_autofree char *id = NULL, *name = NULL, *family = NULL, *gpu = NULL, *target = NULL;
  g_autofree char *note = NULL, *speeds_from = NULL;
  double gpus = 0, hours = 0, memory = NAN, billions = 0;
  int method = GP_TRAINING_METHOD_FULL, sharding = GP_SHARDING_NONE;
  g_autoptr(GpPreset) preset = NULL;
  GpPrecision precision;
  GpSource *source;

  if (!gp_json_walk_read_id (walk, object, "id", TRUE, &id) ||
      !gp_json_walk_read_name (walk, object, "name", TRUE, &name) ||
      !gp_json_walk_read_id (walk, object, "family", TRUE, &family) ||
      !gp_json_walk_read_id (walk, object, "reference_gpu", TRUE, &gpu) ||
      !gp_json_walk_read_number (walk, object, "reference_gpus", TRUE, &gpus) ||
      !read_precision (walk, object, &precision) ||
      !gp_json_walk_read_number (walk, object, "gpu_hours", TRUE, &hours) ||
      !gp_json_walk_read_string (walk, object, "target", TRUE, &target) ||
      !gp_json_walk_read_string (walk, object, "note", FALSE, &note) ||
      !gp_json_walk_read_number (walk, object, "min_gpu_memory_gb", FALSE, &memory) ||
      !gp_json_walk_read_number (walk, object, "model_billions", FALSE, &billions) ||
      !read_model (walk, object, &method, &sharding) ||
      !gp_json_walk_read_name (walk, object, "speeds_from", FALSE, &speeds_from) ||
      !resolve_source (self, walk, object, &source))
    return FALSE;

  if (gpus < 1 || hours <= 0)
    return gp_json_walk_fail_at (walk, "gpu_hours", GP_CATALOG_ERROR_INVALID_VALUE,
                                 _("expected at least one GPU and a positive number of hours"));

  preset = gp_preset_new (id, name, family, gpu, (guint) gpus, precision, hours, target, note,
                          memory, source);
  gp_preset_set_model (preset, billions, method, sharding);
  gp_preset_set_speeds_from (preset, speeds_from);
  if (!gp_json_walk_read_object_array (walk, object, "results", FALSE, read_result_cb,
                                       &(PresetContext){ self, preset }))
    return FALSE;
  g_list_store_append (self->presets, preset);
  return TRUE;
}

static gboolean
read_throughput (GpJsonWalk *walk,
                 JsonObject *object,
                 SpeedTable *table)
{
  JsonObject *throughput;
  JsonObjectIter iter;
  const char *gpu;

  if (!gp_json_walk_enter_required (walk, object, "throughput", &throughput))
    return FALSE;

  json_object_iter_init (&iter, throughput);
  while (json_object_iter_next (&iter, &gpu, NULL))
    {
      double value = 0;

      if (!gp_json_walk_read_number (walk, throughput, gpu, TRUE, &value))
        return FALSE;
      if (value <= 0)
        return gp_json_walk_fail_at (walk, gpu, GP_CATALOG_ERROR_INVALID_VALUE,
                                     _("throughput must be positive"));
      g_hash_table_replace (table->throughput, g_strdup (gpu), g_memdup2 (&value, sizeof value));
    }
  gp_json_walk_pop (walk);

  return TRUE;
}

static gboolean
read_speed_table_cb (GpJsonWalk *walk,
                     JsonObject *object,
                     guint       index,
                     gpointer    user_data)
{
  GpEstimatorData *self = user_data;
  g_autofree char *family = NULL;
  GpPrecision precision;
  GpSource *source;
  SpeedTable *table;

  if (!gp_json_walk_read_id (walk, object, "family", TRUE, &family) ||
      !read_precision (walk, object, &precision) || !resolve_source (self, walk, object, &source))
    return FALSE;

  table = g_new0 (SpeedTable, 1);
  table->family = g_steal_pointer (&family);
  table->precision_key = g_strdup (precision_key (precision));
  table->source = g_object_ref (source);
  table->throughput = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_ptr_array_add (self->speed_tables, table);

  return read_throughput (walk, object, table);
}

static gboolean
read_scaling_cb (GpJsonWalk *walk,
                 JsonObject *object,
                 guint       index,
                 gpointer    user_data)
{
  GpEstimatorData *self = user_data;
  g_autofree char *family = NULL, *gpu = NULL, *precision_text = NULL;
  double from = 0, to = 0, efficiency = 0;
  GpPrecision precision;
  GpSource *source;
  ScalingEntry *entry;
  int value;

  if (!gp_json_walk_read_id (walk, object, "family", TRUE, &family) ||
      !gp_json_walk_read_id (walk, object, "gpu", TRUE, &gpu) ||
      !gp_json_walk_read_id (walk, object, "precision", TRUE, &precision_text) ||
      !gp_json_walk_read_number (walk, object, "from_gpus", TRUE, &from) ||
      !gp_json_walk_read_number (walk, object, "to_gpus", TRUE, &to) ||
      !gp_json_walk_read_number (walk, object, "efficiency", TRUE, &efficiency) ||
      !resolve_source (self, walk, object, &source))
    return FALSE;

  if (!gp_enum_from_nick (GP_TYPE_PRECISION, precision_text, &value) || from < 1 || to <= from ||
      efficiency <= 0 || efficiency > 1)
    return gp_json_walk_fail (
        walk, GP_CATALOG_ERROR_INVALID_VALUE,
        _("expected a known precision, from_gpus < to_gpus and 0 < efficiency ≤ 1"));
  precision = value;

  entry = g_new0 (ScalingEntry, 1);
  entry->family = g_steal_pointer (&family);
  entry->gpu = g_steal_pointer (&gpu);
  entry->precision_key = g_strdup (precision_key (precision));
  entry->from_gpus = (guint) from;
  entry->to_gpus = (guint) to;
  entry->efficiency = efficiency;
  entry->source = g_object_ref (source);
  g_ptr_array_add (self->scaling, entry);
  return TRUE;
}

typedef struct
{
  GpEstimatorData *self;
  GHashTable *per_month; /* bucket → gdouble[1] */
} SpotContext;

static gboolean
read_bucket_cb (GpJsonWalk *walk,
                JsonObject *object,
                guint       index,
                gpointer    user_data)
{
  SpotContext *ctx = user_data;
  g_autofree char *bucket = NULL;
  double value = 0;

  if (!gp_json_walk_read_name (walk, object, "bucket", TRUE, &bucket) ||
      !gp_json_walk_read_number (walk, object, "per_month", TRUE, &value))
    return FALSE;
  if (value >= 1)
    return gp_json_walk_fail_at (walk, "per_month", GP_CATALOG_ERROR_INVALID_VALUE,
                                 _("must be below 1"));

  g_hash_table_replace (ctx->per_month, g_steal_pointer (&bucket),
                        g_memdup2 (&value, sizeof value));
  return TRUE;
}

static gboolean
read_spot_cb (GpJsonWalk *walk,
              JsonObject *object,
              guint       index,
              gpointer    user_data)
{
  SpotContext *ctx = user_data;
  g_autofree char *instance = NULL, *region = NULL, *bucket = NULL;
  const double *rate;
  GpSource *source;
  SpotEntry *entry;
  GPtrArray *regions;

  if (!gp_json_walk_read_id (walk, object, "instance", TRUE, &instance) ||
      !gp_json_walk_read_id (walk, object, "region", TRUE, &region) ||
      !gp_json_walk_read_name (walk, object, "bucket", TRUE, &bucket) ||
      !resolve_source (ctx->self, walk, object, &source))
    return FALSE;

  rate = g_hash_table_lookup (ctx->per_month, bucket);
  if (rate == NULL)
    return gp_json_walk_fail_at (walk, "bucket", GP_CATALOG_ERROR_UNKNOWN_REFERENCE,
                                 _("not one of interruption_buckets"));

  entry = g_new0 (SpotEntry, 1);
  entry->region = g_steal_pointer (&region);
  entry->bucket = g_steal_pointer (&bucket);
  entry->per_month = *rate;
  entry->source = g_object_ref (source);

  regions = g_hash_table_lookup (ctx->self->spot, instance);
  if (regions == NULL)
    {
      regions = g_ptr_array_new_with_free_func ((GDestroyNotify) spot_entry_free);
      g_hash_table_insert (ctx->self->spot, g_steal_pointer (&instance), regions);
    }
  g_ptr_array_add (regions, entry);
  return TRUE;
}

static gboolean
read_spot (GpEstimatorData *self,
           GpJsonWalk      *walk,
           JsonObject      *root)
{
  g_autoptr(GHashTable) per_month =
      g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  SpotContext ctx = { self, per_month };

  return gp_json_walk_read_object_array (walk, root, "interruption_buckets", TRUE, read_bucket_cb,
                                         &ctx) &&
         gp_json_walk_read_object_array (walk, root, "spot_interruption", TRUE, read_spot_cb, &ctx);
}

static gboolean
read_root (GpEstimatorData *self,
           GpJsonWalk      *walk,
           JsonNode        *root)
{
  JsonObject *object;
  JsonNode *version;

  if (!JSON_NODE_HOLDS_OBJECT (root))
    return gp_json_walk_fail_type (walk, root, _("an object"));

  object = json_node_get_object (root);
  version = gp_json_walk_member (object, "schema_version");
  if (version == NULL || !JSON_NODE_HOLDS_VALUE (version) ||
      json_node_get_value_type (version) != G_TYPE_INT64 || json_node_get_int (version) != 1)
    return gp_json_walk_fail_at (walk, "schema_version", GP_CATALOG_ERROR_SCHEMA_VERSION,
                                 _("expected 1"));

  return gp_json_walk_read_object_array (walk, object, "sources", TRUE, read_source_cb, self) &&
         read_coefficients (self, walk, object) &&
         gp_json_walk_read_object_array (walk, object, "presets", TRUE, read_preset_cb, self) &&
         gp_json_walk_read_object_array (walk, object, "speed_tables", TRUE, read_speed_table_cb,
                                         self) &&
         gp_json_walk_read_object_array (walk, object, "scaling", TRUE, read_scaling_cb, self) &&
         read_spot (self, walk, object);
}

GpEstimatorData *
gp_estimator_data_new_from_bytes (GBytes      *bytes,
                                  const char  *file,
                                  GError     **error)
{
  g_autoptr(GpEstimatorData) self = g_object_new (GP_TYPE_ESTIMATOR_DATA, NULL);
  g_autoptr(GError) parse_error = NULL;
  g_autoptr(JsonNode) root = NULL;
  GpJsonWalk walk;

  g_return_val_if_fail (bytes != NULL, NULL);

  root = gp_json_read_bytes (bytes, file, &parse_error);
  if (root == NULL)
    {
      g_set_error_literal (error, GP_CATALOG_ERROR, GP_CATALOG_ERROR_PARSE, parse_error->message);
      return NULL;
    }

  gp_json_walk_init (&walk, file, GP_CATALOG_ERROR, gp_catalog_error_walk_codes (), error);
  if (!read_root (self, &walk, root))
    return NULL;

  return g_steal_pointer (&self);
}

/* The bundled estimator data, read once. The test suite checks the bundled file, so failing
 * to read it is a build defect. */
GpEstimatorData *
gp_estimator_data_get_default (void)
{
  static gsize data;

  if (g_once_init_enter (&data))
    {
      g_autoptr(GBytes) bytes = g_resource_lookup_data (gp_catalog_data_get_resource (),
                                                        BUNDLED_PATH, 0, NULL);
      g_autoptr(GError) error = NULL;
      GpEstimatorData *loaded = NULL;

      if (bytes == NULL)
        g_critical ("The bundled estimator data is missing");
      else if ((loaded = gp_estimator_data_new_from_bytes (bytes, BUNDLED_NAME, &error)) == NULL)
        g_critical ("The bundled estimator data is invalid: %s", error->message);

      if (loaded == NULL)
        loaded = g_object_new (GP_TYPE_ESTIMATOR_DATA, NULL);

      g_once_init_leave (&data, (gsize) loaded);
    }

  return (GpEstimatorData *) data;
}

typedef const char *(*IdGetter) (gpointer item);

/* The item of @model whose id is @id; the lists are a dozen entries long. */
static gpointer
find_by_id (GListModel *model,
            IdGetter    get_id,
            const char *id)
{
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (model, i);

      if (g_strcmp0 (get_id (item), id) == 0)
        return item;  /* the model keeps its reference */
    }

  return NULL;
}

GListModel *
gp_estimator_data_get_presets (GpEstimatorData *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATOR_DATA (self), NULL);
  return G_LIST_MODEL (self->presets);
}

GpPreset *
gp_estimator_data_find_preset (GpEstimatorData *self,
                               const char      *id)
{
  g_return_val_if_fail (GP_IS_ESTIMATOR_DATA (self), NULL);
  return find_by_id (G_LIST_MODEL (self->presets), (IdGetter) gp_preset_get_id, id);
}

GListModel *
gp_estimator_data_get_sources (GpEstimatorData *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATOR_DATA (self), NULL);
  return G_LIST_MODEL (self->sources);
}

GpSource *
gp_estimator_data_find_source (GpEstimatorData *self,
                               const char      *id)
{
  g_return_val_if_fail (GP_IS_ESTIMATOR_DATA (self), NULL);
  return find_by_id (G_LIST_MODEL (self->sources), (IdGetter) gp_source_get_id, id);
}

double
gp_estimator_data_get_coefficient (GpEstimatorData *self,
                                   const char      *name)
{
  const double *value;

  g_return_val_if_fail (GP_IS_ESTIMATOR_DATA (self), NAN);

  value = g_hash_table_lookup (self->coefficients, name);
  return value ? *value : NAN;
}

GpSource *
gp_estimator_data_get_coefficient_source (GpEstimatorData *self,
                                          const char      *name)
{
  g_return_val_if_fail (GP_IS_ESTIMATOR_DATA (self), NULL);
  return g_hash_table_lookup (self->coefficient_sources, name);
}

/* Looks for the first table of @family at @precision that measured both GPUs: ratios are only
 * taken within one source's table, where the conditions match. */
gboolean
gp_estimator_data_measured_ratio (GpEstimatorData  *self,
                                  const char       *family,
                                  GpPrecision       precision,
                                  const char       *from_gpu,
                                  const char       *to_gpu,
                                  double           *ratio,
                                  GpSource        **source)
{
  const char *key = precision_key (precision);

  g_return_val_if_fail (GP_IS_ESTIMATOR_DATA (self), FALSE);
  g_return_val_if_fail (ratio != NULL, FALSE);

  if (family == NULL)
    return FALSE;

  for (guint i = 0; i < self->speed_tables->len; i++)
    {
      const SpeedTable *table = g_ptr_array_index (self->speed_tables, i);
      const double *from, *to;

      if (g_strcmp0 (table->family, family) != 0 || g_strcmp0 (table->precision_key, key) != 0)
        continue;

      from = g_hash_table_lookup (table->throughput, from_gpu);
      to = g_hash_table_lookup (table->throughput, to_gpu);
      if (from == NULL || to == NULL)
        continue;

      *ratio = *to / *from;
      if (source != NULL)
        *source = table->source;
      return TRUE;
    }

  return FALSE;
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median (GArray *values)
{
  guint n = values->len;

  if (n == 0)
    return NAN;

  g_array_sort (values, compare_doubles);
  return n % 2 ? g_array_index (values, double, n / 2)
               : (g_array_index (values, double, n / 2 - 1) +
                  g_array_index (values, double, n / 2)) / 2;
}

/* The measured efficiency from @from GPUs to @to GPUs: this GPU's own figure when there is
 * one, else the median of the family's figures at this precision, else of the family's. */
static double
lookup_efficiency (GpEstimatorData  *self,
                   const char       *family,
                   const char       *gpu,
                   const char       *key,
                   guint             from,
                   guint             to,
                   GpSource        **source)
{
  g_autoptr(GArray) same_precision = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) any_precision = g_array_new (FALSE, FALSE, sizeof (double));
  GpSource *family_source = NULL;

  for (guint i = 0; i < self->scaling->len; i++)
    {
      const ScalingEntry *entry = g_ptr_array_index (self->scaling, i);

      if (entry->from_gpus != from || entry->to_gpus != to ||
          g_strcmp0 (entry->family, family) != 0)
        continue;

      if (g_strcmp0 (entry->precision_key, key) == 0)
        {
          if (g_strcmp0 (entry->gpu, gpu) == 0)
            {
              *source = entry->source;
              return entry->efficiency;
            }
          g_array_append_val (same_precision, entry->efficiency);
        }

      g_array_append_val (any_precision, entry->efficiency);
      family_source = entry->source;
    }

  *source = family_source;
  return same_precision->len > 0 ? median (same_precision) : median (any_precision);
}

/* The measured (or median) 1→8 efficiency of the family on @gpu, and its source. */
static double
node_efficiency_8 (GpEstimatorData  *self,
                   const char       *family,
                   const char       *gpu,
                   const char       *key,
                   GpSource        **source)
{
  GpSource *found = NULL;
  double e8 = lookup_efficiency (self, family, gpu, key, 1, 8, &found);

  if (isnan (e8))
    {
      e8 = gp_estimator_data_get_coefficient (self, "scaling_efficiency_8");
      found = gp_estimator_data_find_source (self, "dle-resnet50-pytorch");
    }
  if (source != NULL)
    *source = found;
  return e8;
}

/* Like gp_estimator_data_scaling_efficiency(), for GPUs that all sit in one machine and talk
 * over its own fabric (NVLink and NVSwitch, 16 A100s in a2-megagpu-16g): the loss keeps
 * growing with log₂ of the count, and no node-to-node factor applies. */
double
gp_estimator_data_scaling_efficiency_in_node (GpEstimatorData  *self,
                                              const char       *family,
                                              const char       *gpu,
                                              GpPrecision       precision,
                                              guint             gpus,
                                              GpSource        **source)
{
  double e8;

  g_return_val_if_fail (GP_IS_ESTIMATOR_DATA (self), 1);

  if (source != NULL)
    *source = NULL;
  if (gpus <= 1)
    return 1;

  e8 = node_efficiency_8 (self, family, gpu, precision_key (precision), source);
  return MAX (1 - (1 - e8) * log2 (gpus) / 3, 0.01);
}

/* The fraction of linear speed-up @gpus GPUs reach: throughput(@gpus) ÷ (@gpus ×
 * throughput(1)). Within a node (up to 8 GPUs) the 1→8 efficiency is measured; between 2 and 8
 * the loss is taken to grow with log₂ of the count, as all-reduce traffic does. Beyond 8,
 * the node-to-node figure multiplies in. */
double
gp_estimator_data_scaling_efficiency (GpEstimatorData  *self,
                                      const char       *family,
                                      const char       *gpu,
                                      GpPrecision       precision,
                                      guint             gpus,
                                      GpSource        **source)
{
  const char *key = precision_key (precision);
  double e8, nodes = 1;

  g_return_val_if_fail (GP_IS_ESTIMATOR_DATA (self), 1);

  if (gpus <= 8)
    return gp_estimator_data_scaling_efficiency_in_node (self, family, gpu, precision, gpus,
                                                         source);

  e8 = node_efficiency_8 (self, family, gpu, key, source);

  for (guint i = 0; i < self->scaling->len; i++)
    {
      const ScalingEntry *entry = g_ptr_array_index (self->scaling, i);

      if (entry->from_gpus == 8 && g_strcmp0 (entry->family, family) == 0 &&
          g_strcmp0 (entry->precision_key, key) == 0)
        {
          nodes = entry->efficiency;
          break;
        }
    }

  if (nodes == 1)
    nodes = gp_estimator_data_get_coefficient (self, "scaling_efficiency_nodes");

  return e8 * nodes;
}

gboolean
gp_estimator_data_has_spot_interruptions (GpEstimatorData *self,
                                          const char      *instance_id)
{
  g_return_val_if_fail (GP_IS_ESTIMATOR_DATA (self), FALSE);
  return g_hash_table_contains (self->spot, instance_id);
}

double
gp_estimator_data_spot_interruptions (GpEstimatorData  *self,
                                      const char       *instance_id,
                                      const char       *region_id,
                                      const char      **bucket,
                                      GpSource        **source)
{
  GPtrArray *regions;
  const SpotEntry *entry = NULL;

  g_return_val_if_fail (GP_IS_ESTIMATOR_DATA (self), NAN);

  /* Called for every spot estimate: no allocation on the way. */
  regions = g_hash_table_lookup (self->spot, instance_id);
  for (guint i = 0; regions != NULL && i < regions->len && entry == NULL; i++)
    if (g_strcmp0 (((SpotEntry *) g_ptr_array_index (regions, i))->region, region_id) == 0)
      entry = g_ptr_array_index (regions, i);

  if (bucket != NULL)
    *bucket = entry ? entry->bucket : NULL;
  if (source != NULL)
    *source = entry ? entry->source : NULL;

  return entry ? entry->per_month : NAN;
}
