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

#include <json-glib/json-glib.h>

#include "gp-catalog-error.h"
#include "gp-catalog-data.h"
#include "gp-estimator-data.h"
#include "gp-enums.h"
#include "gp-util.h"
#include "gp-preset-private.h"
#include "gp-json-reader.h"
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

/* Reading, with messages that name the file and the JSON path. */

typedef struct
{
  const char *file;
  GError    **error;
} Reader;

static gboolean
fail (Reader     *reader,
      int         code,
      const char *path,
      const char *what)
{
  g_set_error (reader->error, GP_CATALOG_ERROR, code, "%s: %s: %s", reader->file, path, what);
  return FALSE;
}

static gboolean
read_string (Reader      *reader,
             JsonObject  *object,
             const char  *path,
             const char  *member,
             gboolean     required,
             const char **out)
{
  JsonNode *node = json_object_get_member (object, member);
  g_autofree char *where = g_strdup_printf ("%s.%s", path, member);

  *out = NULL;
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return required ? fail (reader, GP_CATALOG_ERROR_MISSING_FIELD, where, "required") : TRUE;

  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return fail (reader, GP_CATALOG_ERROR_WRONG_TYPE, where, "expected a string");

  *out = json_node_get_string (node);
  return TRUE;
}

static gboolean
read_number (Reader     *reader,
             JsonObject *object,
             const char *path,
             const char *member,
             gboolean    required,
             double     *out)
{
  JsonNode *node = json_object_get_member (object, member);
  g_autofree char *where = g_strdup_printf ("%s.%s", path, member);
  GType type;

  *out = NAN;
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return required ? fail (reader, GP_CATALOG_ERROR_MISSING_FIELD, where, "required") : TRUE;

  type = JSON_NODE_HOLDS_VALUE (node) ? json_node_get_value_type (node) : G_TYPE_INVALID;
  if (type != G_TYPE_INT64 && type != G_TYPE_DOUBLE)
    return fail (reader, GP_CATALOG_ERROR_WRONG_TYPE, where, "expected a number");

  *out = json_node_get_double (node);
  if (!isfinite (*out) || *out < 0)
    return fail (reader, GP_CATALOG_ERROR_INVALID_VALUE, where,
                 "expected a non-negative number");

  return TRUE;
}

static JsonArray *
read_array (Reader     *reader,
            JsonObject *object,
            const char *member)
{
  JsonNode *node = json_object_get_member (object, member);

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    {
      fail (reader, GP_CATALOG_ERROR_MISSING_FIELD, member, "expected an array");
      return NULL;
    }

  return json_node_get_array (node);
}

static JsonObject *
array_object (Reader     *reader,
              JsonArray  *array,
              guint       index,
              const char *name,
              char      **path)
{
  JsonNode *node = json_array_get_element (array, index);

  *path = g_strdup_printf ("%s[%u]", name, index);
  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      fail (reader, GP_CATALOG_ERROR_WRONG_TYPE, *path, "expected an object");
      return NULL;
    }

  return json_node_get_object (node);
}

static GpSource *
resolve_source (GpEstimatorData *self,
                Reader          *reader,
                JsonObject      *object,
                const char      *path)
{
  const char *id;
  GpSource *source;
  g_autofree char *where = g_strdup_printf ("%s.source", path);

  if (!read_string (reader, object, path, "source", TRUE, &id))
    return NULL;

  source = gp_estimator_data_find_source (self, id);
  if (source == NULL)
    {
      g_autofree char *what = g_strdup_printf ("no source has the id “%s”", id);
      fail (reader, GP_CATALOG_ERROR_UNKNOWN_REFERENCE, where, what);
    }

  return source;
}

static gboolean
parse_precision (const char  *text,
                 GpPrecision *out)
{
  int value;

  if (!gp_enum_from_nick (GP_TYPE_PRECISION, text, &value))
    return FALSE;

  *out = value;
  return TRUE;
}

static gboolean
read_sources (GpEstimatorData *self,
              Reader          *reader,
              JsonObject      *root)
{
  JsonArray *array = read_array (reader, root, "sources");

  if (array == NULL)
    return FALSE;

  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autofree char *path = NULL;
      JsonObject *object = array_object (reader, array, i, "sources", &path);
      g_autoptr(GpSource) source = NULL;
      const char *id, *title, *url, *as_of, *note;

      if (object == NULL ||
          !read_string (reader, object, path, "id", TRUE, &id) ||
          !read_string (reader, object, path, "title", TRUE, &title) ||
          !read_string (reader, object, path, "url", FALSE, &url) ||
          !read_string (reader, object, path, "as_of", TRUE, &as_of) ||
          !read_string (reader, object, path, "note", FALSE, &note))
        return FALSE;

      source = gp_source_new_empty ();
      source->id = g_strdup (id);
      source->title = g_strdup (title);
      source->url = g_strdup (url);
      source->as_of = g_strdup (as_of);
      source->note = g_strdup (note);
      source->layer = GP_CATALOG_LAYER_BUNDLED;
      g_list_store_append (self->sources, source);
    }

  return TRUE;
}

static gboolean
read_coefficients (GpEstimatorData *self,
                   Reader          *reader,
                   JsonObject      *root)
{
  JsonNode *node = json_object_get_member (root, "coefficients");
  JsonObject *coefficients;
  g_autoptr(GList) names = NULL;

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return fail (reader, GP_CATALOG_ERROR_MISSING_FIELD, "coefficients", "expected an object");

  coefficients = json_node_get_object (node);
  names = json_object_get_members (coefficients);
  for (const GList *l = names; l != NULL; l = l->next)
    {
      const char *name = l->data;
      g_autofree char *path = g_strdup_printf ("coefficients.%s", name);
      JsonNode *member = json_object_get_member (coefficients, name);
      double *value = g_new (double, 1);
      GpSource *source;

      if (!JSON_NODE_HOLDS_OBJECT (member))
        {
          g_free (value);
          return fail (reader, GP_CATALOG_ERROR_WRONG_TYPE, path, "expected an object");
        }

      if (!read_number (reader, json_node_get_object (member), path, "value", TRUE, value) ||
          (source = resolve_source (self, reader, json_node_get_object (member), path)) == NULL)
        {
          g_free (value);
          return FALSE;
        }

      g_hash_table_replace (self->coefficients, g_strdup (name), value);
      g_hash_table_replace (self->coefficient_sources, g_strdup (name), source);
    }

  return TRUE;
}

/* A preset's workload as published on other GPUs, each a time to train with its round (the
 * source) and submitter. */
static gboolean
read_results (GpEstimatorData *self,
              Reader          *reader,
              JsonObject      *preset_object,
              const char      *preset_path,
              GpPreset        *preset)
{
  g_autofree char *field = g_strdup_printf ("%s.results", preset_path);
  JsonNode *node = json_object_get_member (preset_object, "results");
  JsonArray *array;

  if (node == NULL)
    return TRUE;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    return fail (reader, GP_CATALOG_ERROR_WRONG_TYPE, field, "expected an array");

  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autofree char *path = NULL;
      JsonObject *object = array_object (reader, array, i, field, &path);
      const char *gpu, *submitter, *system;
      double gpus, minutes;
      GpSource *source;

      if (object == NULL || !read_string (reader, object, path, "gpu", TRUE, &gpu) ||
          !read_number (reader, object, path, "gpus", TRUE, &gpus) ||
          !read_number (reader, object, path, "minutes", TRUE, &minutes) ||
          !read_string (reader, object, path, "submitter", TRUE, &submitter) ||
          !read_string (reader, object, path, "system", FALSE, &system) ||
          (source = resolve_source (self, reader, object, path)) == NULL)
        return FALSE;

      if (gpus < 1 || gpus != floor (gpus) || !(minutes > 0))
        {
          g_autofree char *where = g_strdup_printf (
              "%s.%s", path, gpus < 1 || gpus != floor (gpus) ? "gpus" : "minutes");
          return fail (reader, GP_CATALOG_ERROR_INVALID_VALUE, where,
                       "expected a whole number of GPUs and a positive time");
        }
      gp_preset_add_result (preset, gpu, (guint) gpus, minutes, submitter, system, source);
    }

  return TRUE;
}

static gboolean
read_presets (GpEstimatorData *self,
              Reader          *reader,
              JsonObject      *root)
{
  JsonArray *array = read_array (reader, root, "presets");

  if (array == NULL)
    return FALSE;

  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autofree char *path = NULL;
      JsonObject *object = array_object (reader, array, i, "presets", &path);
      const char *id, *name, *family, *gpu, *precision_text, *target, *note, *speeds_from;
      const char *method_text, *sharding_text;
      double gpus, hours, memory, billions = 0;
      int method_value = GP_TRAINING_METHOD_FULL;
      int sharding_value = GP_SHARDING_NONE;
      GpPrecision precision;
      GpSource *source;

      if (object == NULL ||
          !read_string (reader, object, path, "id", TRUE, &id) ||
          !read_string (reader, object, path, "name", TRUE, &name) ||
          !read_string (reader, object, path, "family", TRUE, &family) ||
          !read_string (reader, object, path, "reference_gpu", TRUE, &gpu) ||
          !read_number (reader, object, path, "reference_gpus", TRUE, &gpus) ||
          !read_string (reader, object, path, "precision", TRUE, &precision_text) ||
          !read_number (reader, object, path, "gpu_hours", TRUE, &hours) ||
          !read_string (reader, object, path, "target", TRUE, &target) ||
          !read_string (reader, object, path, "note", FALSE, &note) ||
          !read_number (reader, object, path, "min_gpu_memory_gb", FALSE, &memory) ||
          !read_number (reader, object, path, "model_billions", FALSE, &billions) ||
          !read_string (reader, object, path, "method", FALSE, &method_text) ||
          !read_string (reader, object, path, "sharding", FALSE, &sharding_text) ||
          !read_string (reader, object, path, "speeds_from", FALSE, &speeds_from) ||
          (source = resolve_source (self, reader, object, path)) == NULL)
        return FALSE;

      if (!parse_precision (precision_text, &precision))
        {
          g_autofree char *where = g_strdup_printf ("%s.precision", path);
          return fail (reader, GP_CATALOG_ERROR_INVALID_VALUE, where,
                       "expected fp32, tf32, fp16, bf16 or fp8");
        }

      if ((method_text != NULL &&
           (!gp_enum_from_nick (GP_TYPE_TRAINING_METHOD, method_text, &method_value) ||
            method_value == GP_TRAINING_METHOD_DEFAULT)) ||
          (sharding_text != NULL &&
           (!gp_enum_from_nick (GP_TYPE_SHARDING, sharding_text, &sharding_value) ||
            sharding_value == GP_SHARDING_DEFAULT)))
        {
          g_autofree char *where = g_strdup_printf ("%s.%s", path,
                                                    method_text ? "method" : "sharding");
          return fail (reader, GP_CATALOG_ERROR_INVALID_VALUE, where,
                       "expected full, lora, qlora or inference; none or zero3");
        }

      if (isnan (billions))
        billions = 0;

      if (gpus < 1 || hours <= 0)
        {
          g_autofree char *where = g_strdup_printf ("%s.gpu_hours", path);
          return fail (reader, GP_CATALOG_ERROR_INVALID_VALUE, where,
                       "expected at least one GPU and a positive number of hours");
        }

      {
        g_autoptr(GpPreset) preset = gp_preset_new (id, name, family, gpu, (guint) gpus,
                                                    precision, hours, target, note, memory,
                                                    source);
        gp_preset_set_model (preset, billions, method_value, sharding_value);
        gp_preset_set_speeds_from (preset, speeds_from);
        if (!read_results (self, reader, object, path, preset))
          return FALSE;
        g_list_store_append (self->presets, preset);
      }
    }

  return TRUE;
}

static gboolean
read_speed_tables (GpEstimatorData *self,
                   Reader          *reader,
                   JsonObject      *root)
{
  JsonArray *array = read_array (reader, root, "speed_tables");

  if (array == NULL)
    return FALSE;

  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autofree char *path = NULL;
      JsonObject *object = array_object (reader, array, i, "speed_tables", &path);
      const char *family, *precision_text;
      GpPrecision precision;
      GpSource *source;
      JsonNode *throughput;
      SpeedTable *table;
      g_autoptr(GList) gpus = NULL;

      if (object == NULL ||
          !read_string (reader, object, path, "family", TRUE, &family) ||
          !read_string (reader, object, path, "precision", TRUE, &precision_text) ||
          (source = resolve_source (self, reader, object, path)) == NULL)
        return FALSE;

      if (!parse_precision (precision_text, &precision))
        {
          g_autofree char *where = g_strdup_printf ("%s.precision", path);
          return fail (reader, GP_CATALOG_ERROR_INVALID_VALUE, where,
                       "expected fp32, tf32, fp16, bf16 or fp8");
        }

      throughput = json_object_get_member (object, "throughput");
      if (throughput == NULL || !JSON_NODE_HOLDS_OBJECT (throughput))
        {
          g_autofree char *where = g_strdup_printf ("%s.throughput", path);
          return fail (reader, GP_CATALOG_ERROR_MISSING_FIELD, where, "expected an object");
        }

      table = g_new0 (SpeedTable, 1);
      table->family = g_strdup (family);
      table->precision_key = g_strdup (precision_key (precision));
      table->source = g_object_ref (source);
      table->throughput = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
      g_ptr_array_add (self->speed_tables, table);

      gpus = json_object_get_members (json_node_get_object (throughput));
      for (const GList *l = gpus; l != NULL; l = l->next)
        {
          g_autofree char *where = g_strdup_printf ("%s.throughput", path);
          double *value = g_new (double, 1);

          if (!read_number (reader, json_node_get_object (throughput), where, l->data, TRUE,
                            value))
            {
              g_free (value);
              return FALSE;
            }

          if (*value <= 0)
            {
              g_free (value);
              return fail (reader, GP_CATALOG_ERROR_INVALID_VALUE, where,
                           "throughput must be positive");
            }

          g_hash_table_replace (table->throughput, g_strdup (l->data), value);
        }
    }

  return TRUE;
}

static gboolean
read_scaling (GpEstimatorData *self,
              Reader          *reader,
              JsonObject      *root)
{
  JsonArray *array = read_array (reader, root, "scaling");

  if (array == NULL)
    return FALSE;

  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autofree char *path = NULL;
      JsonObject *object = array_object (reader, array, i, "scaling", &path);
      const char *family, *gpu, *precision_text;
      double from, to, efficiency;
      GpPrecision precision;
      GpSource *source;
      ScalingEntry *entry;

      if (object == NULL ||
          !read_string (reader, object, path, "family", TRUE, &family) ||
          !read_string (reader, object, path, "gpu", TRUE, &gpu) ||
          !read_string (reader, object, path, "precision", TRUE, &precision_text) ||
          !read_number (reader, object, path, "from_gpus", TRUE, &from) ||
          !read_number (reader, object, path, "to_gpus", TRUE, &to) ||
          !read_number (reader, object, path, "efficiency", TRUE, &efficiency) ||
          (source = resolve_source (self, reader, object, path)) == NULL)
        return FALSE;

      if (!parse_precision (precision_text, &precision) || from < 1 || to <= from ||
          efficiency <= 0 || efficiency > 1)
        return fail (reader, GP_CATALOG_ERROR_INVALID_VALUE, path,
                     "expected a known precision, from_gpus < to_gpus and 0 < efficiency ≤ 1");

      entry = g_new0 (ScalingEntry, 1);
      entry->family = g_strdup (family);
      entry->gpu = g_strdup (gpu);
      entry->precision_key = g_strdup (precision_key (precision));
      entry->from_gpus = (guint) from;
      entry->to_gpus = (guint) to;
      entry->efficiency = efficiency;
      entry->source = g_object_ref (source);
      g_ptr_array_add (self->scaling, entry);
    }

  return TRUE;
}

static gboolean
read_spot (GpEstimatorData *self,
           Reader          *reader,
           JsonObject      *root)
{
  JsonArray *buckets = read_array (reader, root, "interruption_buckets");
  JsonArray *array;
  g_autoptr(GHashTable) per_month = NULL;

  if (buckets == NULL || (array = read_array (reader, root, "spot_interruption")) == NULL)
    return FALSE;

  per_month = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  for (guint i = 0; i < json_array_get_length (buckets); i++)
    {
      g_autofree char *path = NULL;
      JsonObject *object = array_object (reader, buckets, i, "interruption_buckets", &path);
      const char *bucket;
      double *value = g_new (double, 1);

      if (object == NULL ||
          !read_string (reader, object, path, "bucket", TRUE, &bucket) ||
          !read_number (reader, object, path, "per_month", TRUE, value))
        {
          g_free (value);
          return FALSE;
        }

      if (*value >= 1)
        {
          g_free (value);
          return fail (reader, GP_CATALOG_ERROR_INVALID_VALUE, path, "per_month must be below 1");
        }

      g_hash_table_replace (per_month, g_strdup (bucket), value);
    }

  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autofree char *path = NULL;
      JsonObject *object = array_object (reader, array, i, "spot_interruption", &path);
      const char *instance, *region, *bucket;
      const double *rate;
      GpSource *source;
      SpotEntry *entry;
      GPtrArray *regions;

      if (object == NULL ||
          !read_string (reader, object, path, "instance", TRUE, &instance) ||
          !read_string (reader, object, path, "region", TRUE, &region) ||
          !read_string (reader, object, path, "bucket", TRUE, &bucket) ||
          (source = resolve_source (self, reader, object, path)) == NULL)
        return FALSE;

      rate = g_hash_table_lookup (per_month, bucket);
      if (rate == NULL)
        {
          g_autofree char *where = g_strdup_printf ("%s.bucket", path);
          return fail (reader, GP_CATALOG_ERROR_UNKNOWN_REFERENCE, where,
                       "not one of interruption_buckets");
        }

      entry = g_new0 (SpotEntry, 1);
      entry->region = g_strdup (region);
      entry->bucket = g_strdup (bucket);
      entry->per_month = *rate;
      entry->source = g_object_ref (source);

      regions = g_hash_table_lookup (self->spot, instance);
      if (regions == NULL)
        {
          regions = g_ptr_array_new_with_free_func ((GDestroyNotify) spot_entry_free);
          g_hash_table_insert (self->spot, g_strdup (instance), regions);
        }
      g_ptr_array_add (regions, entry);
    }

  return TRUE;
}

GpEstimatorData *
gp_estimator_data_new_from_bytes (GBytes      *bytes,
                                  const char  *file,
                                  GError     **error)
{
  g_autoptr(GpEstimatorData) self = g_object_new (GP_TYPE_ESTIMATOR_DATA, NULL);
  g_autoptr(GError) parse_error = NULL;
  g_autoptr(JsonNode) tree = NULL;
  Reader reader = { file, error };
  JsonNode *root;

  g_return_val_if_fail (bytes != NULL, NULL);

  tree = gp_json_read_bytes (bytes, file, &parse_error);
  if (tree == NULL)
    {
      g_set_error_literal (error, GP_CATALOG_ERROR, GP_CATALOG_ERROR_PARSE, parse_error->message);
      return NULL;
    }

  root = tree;
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      fail (&reader, GP_CATALOG_ERROR_WRONG_TYPE, "(top level)", "expected an object");
      return NULL;
    }

  if (json_object_get_int_member_with_default (json_node_get_object (root), "schema_version",
                                               0) != 1)
    {
      fail (&reader, GP_CATALOG_ERROR_SCHEMA_VERSION, "schema_version", "expected 1");
      return NULL;
    }

  if (!read_sources (self, &reader, json_node_get_object (root)) ||
      !read_coefficients (self, &reader, json_node_get_object (root)) ||
      !read_presets (self, &reader, json_node_get_object (root)) ||
      !read_speed_tables (self, &reader, json_node_get_object (root)) ||
      !read_scaling (self, &reader, json_node_get_object (root)) ||
      !read_spot (self, &reader, json_node_get_object (root)))
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
