/* gp-catalog-build.c — the bundled catalog, built from its recipe and the raw price files
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The bundled catalog is not written by hand. data/catalog/build.json holds what people
 * curate (the citations, the GPU models and the names price lists give them, the providers,
 * the names of every region code, and the rules below); the price files of
 * ../shared/data/sources give every figure. The build:
 *
 *  1. loads the curated parts as a catalog layer, so that the importers find the providers
 *     and GPU models they add prices to;
 *  2. runs each input through the importer of its format, the same code `gpu-planner-cli
 *     import` runs, and cites the input's upstream on every instance it gives; an input marked
 *     only_new adds only instance types no earlier input gave;
 *  3. applies the overrides: a GPU model the price list names wrongly or vaguely, an
 *     interconnect, a size to leave out with the reason;
 *  4. derives the managed platforms that publish no price file (SageMaker, Vertex AI) from the
 *     instance they run on, times a premium taken from a dated pair of figures, and records the
 *     rule and its inputs on each derived instance;
 *  5. lists for each provider the regions its offers use, with the names the recipe gives
 *     them: a region code without a name stops the build;
 *  6. checks the result as the app loads it, and against the daily price series and the
 *     joined table of ../shared, and says what it found.
 * The same recipe and files always give the same text, byte for byte: a test rebuilds it.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "gp-catalog-build-private.h"

static void
build_clear (Build *b)
{
  g_clear_pointer (&b->sources, json_array_unref);
  g_clear_pointer (&b->source_by_id, g_hash_table_unref);
  g_clear_pointer (&b->gpus, g_ptr_array_unref);
  g_clear_pointer (&b->gpu_by_id, g_hash_table_unref);
  g_clear_pointer (&b->providers, g_ptr_array_unref);
  g_clear_pointer (&b->provider_by_id, g_hash_table_unref);
  g_clear_pointer (&b->instances, g_ptr_array_unref);
  g_clear_pointer (&b->instance_by_id, g_hash_table_unref);
  g_clear_object (&b->base);
  g_clear_pointer (&b->as_of, g_free);
  g_clear_pointer (&b->series, gp_series_set_free);
  g_clear_pointer (&b->series_sources, g_ptr_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Build, build_clear)

void
gp_build_say (Build      *b,
              const char *format,
              ...)
{
  va_list args;

  va_start (args, format);
  g_ptr_array_add (b->messages, g_strdup_vprintf (format, args));
  va_end (args);
}

gboolean
gp_build_fail (GError     **error,
               const char  *format,
               ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  g_set_error_literal (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT, message);
  return FALSE;
}

const char *
gp_build_get_string (JsonObject *object,
                     const char *key)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, key) : NULL;

  return node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
             json_node_get_value_type (node) == G_TYPE_STRING
           ? json_node_get_string (node)
           : NULL;
}

double
gp_build_get_number (JsonObject *object,
                     const char *key)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, key) : NULL;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return NAN;
  if (json_node_get_value_type (node) == G_TYPE_INT64)
    return (double) json_node_get_int (node);
  if (json_node_get_value_type (node) == G_TYPE_DOUBLE)
    return json_node_get_double (node);
  return NAN;
}

JsonObject *
gp_build_get_object (JsonObject *object,
                     const char *key)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, key) : NULL;

  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

JsonArray *
gp_build_get_array (JsonObject *object,
                    const char *key)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, key) : NULL;

  return node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
}

/* The element of @array whose @key is @value: a price by its region, a region by its id. */
JsonObject *
gp_build_find_element (JsonArray  *array,
                       const char *key,
                       const char *value)
{
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonObject *element = json_array_get_object_element (array, i);

      if (g_strcmp0 (gp_build_get_string (element, key), value) == 0)
        return element;
    }

  return NULL;
}

/* A copy without the members whose names start with "_": the recipe's own notes. */
static JsonObject *
copy_without_comments (JsonObject *object)
{
  JsonObject *copy = json_object_new ();
  JsonObjectIter iter;
  const char *name;
  JsonNode *member;

  json_object_iter_init_ordered (&iter, object);
  while (json_object_iter_next_ordered (&iter, &name, &member))
    if (name[0] != '_')
      json_object_set_member (copy, name, json_node_copy (member));

  return copy;
}

double
gp_build_round_to (double value,
                   int    decimals)
{
  double scale = pow (10, decimals);

  return round (value * scale) / scale;
}

/* The part of an instance id after "provider/". */
static const char *
instance_name_part (JsonObject *instance)
{
  const char *id = gp_build_get_string (instance, "id");
  const char *slash = id != NULL ? strchr (id, '/') : NULL;

  return slash != NULL ? slash + 1 : id;
}

static gboolean
matches_any (JsonArray  *patterns,
             const char *name)
{
  for (guint i = 0; patterns != NULL && i < json_array_get_length (patterns); i++)
    if (g_pattern_match_simple (json_array_get_string_element (patterns, i), name))
      return TRUE;

  return FALSE;
}

GBytes *
gp_build_load_input (Build       *b,
                     const char  *relative,
                     GError     **error)
{
  g_autoptr(GFile) file = g_file_resolve_relative_path (b->dir, relative);
  g_autoptr(GError) local_error = NULL;
  GBytes *bytes = g_file_load_bytes (file, NULL, NULL, &local_error);

  if (bytes == NULL)
    gp_build_fail (error, "%s: %s", relative, local_error->message);
  return bytes;
}

/* A table among the inputs, at its header row; @bytes keeps the text the reader reads. */
GpCsvReader *
gp_build_open_table (Build       *b,
                     const char  *relative,
                     GBytes     **bytes,
                     GError     **error)
{
  *bytes = gp_build_load_input (b, relative, error);
  return *bytes != NULL ? gp_import_open_csv (*bytes, relative, error) : NULL;
}

void
gp_build_add_source (Build      *b,
                     JsonObject *source)
{
  const char *id = gp_build_get_string (source, "id");

  if (id == NULL || g_hash_table_contains (b->source_by_id, id))
    return;

  json_array_add_object_element (b->sources, json_object_ref (source));
  g_hash_table_insert (b->source_by_id, (gpointer) id, source);
}

static void
note_date (Build      *b,
           const char *as_of)
{
  if (as_of != NULL && g_strcmp0 (as_of, b->as_of) > 0)
    {
      g_free (b->as_of);
      b->as_of = g_strdup (as_of);
    }
}

/* 1. The curated parts, and a catalog of them for the importers to look things up in. */
static gboolean
read_curated (Build   *b,
              GError **error)
{
  JsonArray *array;
  JsonObject *tables = gp_build_get_object (b->recipe, "regions");
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) layer = NULL;
  g_autoptr(GError) local_error = NULL;

  array = gp_build_get_array (b->recipe, "sources");
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    gp_build_add_source (b, json_array_get_object_element (array, i));

  array = gp_build_get_array (b->recipe, "inputs");
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonObject *source = gp_build_get_object (json_array_get_object_element (array, i), "source");

      if (source != NULL)
        {
          gp_build_add_source (b, source);
          note_date (b, gp_build_get_string (source, "as_of"));
        }
    }

  array = gp_build_get_array (b->recipe, "gpus");
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonObject *gpu = copy_without_comments (json_array_get_object_element (array, i));

      g_ptr_array_add (b->gpus, gpu);
      g_hash_table_insert (b->gpu_by_id, (gpointer) gp_build_get_string (gpu, "id"), gpu);
    }

  array = gp_build_get_array (b->recipe, "providers");
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonObject *curated = json_array_get_object_element (array, i);
      JsonObject *provider = copy_without_comments (curated);
      const char *table = gp_build_get_string (curated, "_regions");
      JsonArray *regions = table != NULL ? gp_build_get_array (tables, table) : NULL;

      if (regions == NULL)
        return gp_build_fail (error, "build.json: providers[%u]: no region table \"%s\"", i,
                              table != NULL ? table : "(none given)");
      /* The importers see every region the table names; the output lists those used. */
      json_object_set_array_member (provider, "regions", json_array_ref (regions));
      json_object_set_string_member (provider, "_table", table);
      g_ptr_array_add (b->providers, provider);
      g_hash_table_insert (b->provider_by_id, (gpointer) gp_build_get_string (provider, "id"),
                           provider);
    }

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "schema_version");
  json_builder_add_int_value (builder, 1);
  json_builder_set_member_name (builder, "sources");
  json_builder_add_value (builder, json_node_init_array (json_node_alloc (), b->sources));
  json_builder_set_member_name (builder, "gpus");
  json_builder_begin_array (builder);
  for (guint i = 0; i < b->gpus->len; i++)
    json_builder_add_value (
        builder, json_node_init_object (json_node_alloc (), g_ptr_array_index (b->gpus, i)));
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "providers");
  json_builder_begin_array (builder);
  for (guint i = 0; i < b->providers->len; i++)
    {
      JsonObject *provider = copy_without_comments (g_ptr_array_index (b->providers, i));

      json_builder_add_value (builder, json_node_init_object (json_node_alloc (), provider));
      json_object_unref (provider);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);

  layer = json_builder_get_root (builder);
  b->base = gp_catalog_new ();
  if (!gp_catalog_add_layer_tree (b->base, layer, "build.json", GP_CATALOG_LAYER_BUNDLED,
                                  &local_error))
    return gp_build_fail (error, "the curated parts do not load: %s", local_error->message);

  return TRUE;
}

void
gp_build_report_import (Build          *b,
                        const char     *name,
                        GpImportReport *report)
{
  gp_build_say (b, "%s: %u rows: %u imported into %u offers of %u instance types, %u skipped", name,
                report->rows, report->imported, report->offers, report->instances, report->skipped);
  for (guint i = 0; i < gp_import_report_get_n_reasons (report); i++)
    {
      guint count;
      const char *reason = gp_import_report_get_reason (report, i, &count);

      gp_build_say (b, "  skipped %u: %s", count, reason);
    }
  for (guint i = 0; i < report->notes->len; i++)
    gp_build_say (b, "  %s", (const char *) g_ptr_array_index (report->notes, i));
}

/* 3. What the recipe says of an instance the price list describes wrongly or vaguely: its GPU
 * model or count, its memory, its interconnect. */
static gboolean
apply_overrides (Build      *b,
                 JsonObject *instance)
{
  JsonArray *overrides = gp_build_get_array (b->recipe, "overrides");
  const char *provider = gp_build_get_string (instance, "provider");
  const char *name = instance_name_part (instance);

  for (guint i = 0; overrides != NULL && i < json_array_get_length (overrides); i++)
    {
      JsonObject *rule = json_array_get_object_element (overrides, i);

      if (g_strcmp0 (gp_build_get_string (rule, "provider"), provider) != 0 ||
          !matches_any (gp_build_get_array (rule, "instances"), name))
        continue;

      if (gp_build_get_string (rule, "skip") != NULL)
        {
          gp_build_say (b, "%s: left out, %s", gp_build_get_string (instance, "id"),
                        gp_build_get_string (rule, "skip"));
          return FALSE;
        }
      if (gp_build_get_string (rule, "gpu") != NULL)
        json_object_set_string_member (instance, "gpu", gp_build_get_string (rule, "gpu"));
      if (!isnan (gp_build_get_number (rule, "gpu_count")))
        json_object_set_int_member (instance, "gpu_count",
                                    (gint64) gp_build_get_number (rule, "gpu_count"));
      if (!isnan (gp_build_get_number (rule, "memory_gb")))
        json_object_set_double_member (instance, "memory_gb",
                                       gp_build_get_number (rule, "memory_gb"));
      if (gp_build_get_string (rule, "interconnect") != NULL)
        json_object_set_string_member (instance, "interconnect",
                                       gp_build_get_string (rule, "interconnect"));
      if (gp_build_get_string (rule, "notes") != NULL)
        {
          const char *before = gp_build_get_string (instance, "notes");
          g_autofree char *notes =
              before != NULL ? g_strconcat (gp_build_get_string (rule, "notes"), " ", before, NULL)
                             : g_strdup (gp_build_get_string (rule, "notes"));

          json_object_set_string_member (instance, "notes", notes);
        }
    }

  return TRUE;
}

/* An earlier input's instance takes the regions only a later one prices, each price citing
 * the later one. */
static guint
add_missing_regions (JsonObject *existing,
                     JsonObject *later,
                     const char *source)
{
  JsonArray *prices = gp_build_get_array (existing, "prices");
  JsonArray *more = gp_build_get_array (later, "prices");
  guint added = 0;

  for (guint i = 0; more != NULL && i < json_array_get_length (more); i++)
    {
      JsonObject *price = json_array_get_object_element (more, i);

      if (gp_build_find_element (prices, "region", gp_build_get_string (price, "region")) != NULL)
        continue;

      json_object_set_string_member (price, "source", source);
      json_array_add_object_element (prices, json_object_ref (price));
      added++;
    }

  return added;
}

/* 2. One importer's layer: its instances, cited to the input's upstream. */
gboolean
gp_build_take_layer (Build       *b,
                     JsonObject  *input,
                     JsonNode    *layer,
                     GError     **error)
{
  JsonObject *root = json_node_get_object (layer);
  JsonArray *instances = gp_build_get_array (root, "instances");
  const char *source = gp_build_get_string (gp_build_get_object (input, "source"), "id");
  gboolean only_new = json_object_has_member (input, "only_new") &&
                      json_object_get_boolean_member (input, "only_new");
  const char *merge_text = gp_build_get_string (input, "merge");
  GpPriceMerge merge = GP_PRICE_MERGE_SPOT;
  GpPriceMergeCount merged = { 0 };
  guint kept = 0, known = 0, added = 0, unknown = 0;

  if (merge_text != NULL && !gp_price_merge_from_string (merge_text, &merge))
    return gp_build_fail (error, "build.json: %s: merge must be spot or replace",
                          gp_build_get_string (input, "file"));

  for (guint i = 0; instances != NULL && i < json_array_get_length (instances); i++)
    {
      JsonObject *instance = json_array_get_object_element (instances, i);
      const char *id = gp_build_get_string (instance, "id");

      if (merge_text != NULL)
        {
          /* A file that completes earlier prices gives no instance of its own. */
          if (g_hash_table_contains (b->instance_by_id, id))
            gp_price_merge_instance (g_hash_table_lookup (b->instance_by_id, id), instance, merge,
                                     source, &merged);
          else
            unknown++;
          continue;
        }
      if (g_hash_table_contains (b->instance_by_id, id))
        {
          if (!only_new)
            return gp_build_fail (error, "%s: gives %s, which an earlier input gave",
                                  gp_build_get_string (input, "file"), id);
          known++;
          added += add_missing_regions (g_hash_table_lookup (b->instance_by_id, id), instance,
                                        source);
          continue;
        }

      if (source != NULL) /* else each instance cites its own (reported prices) */
        json_object_set_string_member (instance, "source", source);
      if (!apply_overrides (b, instance))
        continue;
      if (!g_hash_table_contains (b->gpu_by_id, gp_build_get_string (instance, "gpu")))
        return gp_build_fail (
            error,
            "%s: %s runs on “%s”, which no GPU model of build.json names: add it, "
            "or the name as an alias",
            gp_build_get_string (input, "file") ? gp_build_get_string (input, "file") : "an input",
            id, gp_build_get_string (instance, "gpu"));

      json_object_ref (instance);
      g_ptr_array_add (b->instances, instance);
      g_hash_table_insert (b->instance_by_id, (gpointer) id, instance);
      kept++;
    }

  if (only_new)
    gp_build_say (b,
                  "  kept %u instance types the earlier inputs lack; of the %u they give, added %u "
                  "regions they lack",
                  kept, known, added);
  if (merge_text != NULL)
    gp_build_say (
        b,
        "  %s: %u regions' prices took its figures, %u regions added, %u left out (no "
        "earlier price), %u without usable spot, %u whose on-demand price differs from the "
        "earlier file's by more than 0.5 %%; %u instance types no earlier input gives, left out",
        merge_text, merged.regions, merged.added, merged.left_out, merged.no_spot,
        merged.on_demand_differ, unknown);
  return TRUE;
}

static gboolean
read_prices (Build       *b,
             JsonObject  *input,
             const char  *format,
             GError     **error)
{
  JsonObject *source = gp_build_get_object (input, "source");
  const char *url = gp_build_get_string (source, "url");
  const char *as_of = gp_build_get_string (source, "as_of");
  const char *name = gp_build_get_string (input, "file");
  g_autoptr(GpImportReport) report = gp_import_report_new ();
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(JsonNode) layer = NULL;
  JsonArray *files = gp_build_get_array (input, "files");

  if (files != NULL)
    {
      for (guint i = 0; i < json_array_get_length (files); i++)
        {
          GBytes *part = gp_build_load_input (b, json_array_get_string_element (files, i), error);

          if (part == NULL)
            return FALSE;
          g_ptr_array_add (parts, part);
        }
      bytes = gp_csv_join (parts);
      name = json_array_get_string_element (files, 0);
    }
  else if ((bytes = gp_build_load_input (b, name, error)) == NULL)
    return FALSE;

  if (g_str_equal (format, "vantage"))
    layer = gp_vantage_import_tree (b->base, bytes, name, gp_build_get_string (input, "provider"),
                                    url, as_of, report, error);
  else if (g_str_equal (format, "gcp-billing"))
    layer = gp_gcp_billing_import_tree (b->base, bytes, name, url, as_of, report, error);
  else
    layer = gp_skypilot_import_tree (b->base, bytes, name, url, as_of, report, error);
  if (layer == NULL)
    return FALSE;

  gp_build_report_import (b, name, report);
  return gp_build_take_layer (b, input, layer, error);
}

/* 4. A platform priced from the instance it runs on, by a dated pair of quoted figures. */
static JsonObject *
choose_pair (JsonObject *spec,
             const char *base_name)
{
  JsonArray *pairs = gp_build_get_array (spec, "pairs");
  g_autofree char *family = g_strndup (base_name, strcspn (base_name, "."));
  JsonObject *same_family = NULL, *fallback = NULL;

  for (guint i = 0; pairs != NULL && i < json_array_get_length (pairs); i++)
    {
      JsonObject *pair = json_array_get_object_element (pairs, i);
      const char *instance = gp_build_get_string (pair, "instance");

      if (g_strcmp0 (instance, base_name) == 0)
        return pair;
      if (same_family == NULL && strncmp (instance, family, strlen (family)) == 0 &&
          instance[strlen (family)] == '.')
        same_family = pair;
      if (g_strcmp0 (instance, gp_build_get_string (spec, "default_pair")) == 0)
        fallback = pair;
    }

  return same_family != NULL ? same_family : fallback;
}

/* @text, then a space and @more. */
static void
append_sentence (char       **text,
                 const char  *more)
{
  char *joined = g_strconcat (*text, " ", more, NULL);

  g_free (*text);
  *text = joined;
}

/* Whether @pair was quoted for an instance of @base_name's family (p4d for p4d.24xlarge). */
static gboolean
same_family (JsonObject *pair,
             const char *base_name)
{
  const char *instance = gp_build_get_string (pair, "instance");
  gsize family = strcspn (base_name, ".");

  return strncmp (instance, base_name, family) == 0 && instance[family] == '.';
}

static JsonObject *
region_entry (JsonObject *provider,
              const char *region)
{
  return gp_build_find_element (gp_build_get_array (provider, "regions"), "id", region);
}

static gboolean
derive (Build       *b,
        JsonObject  *spec,
        GError     **error)
{
  const char *provider_id = gp_build_get_string (spec, "provider");
  const char *from = gp_build_get_string (spec, "from");
  const char *prefix = gp_build_get_string (spec, "prefix");
  JsonObject *provider = g_hash_table_lookup (b->provider_by_id, provider_id);
  JsonObject *from_provider = g_hash_table_lookup (b->provider_by_id, from);
  JsonArray *names = gp_build_get_array (spec, "instances");
  g_autoptr(GPtrArray) made = g_ptr_array_new ();
  guint offers = 0;

  if (provider == NULL || from_provider == NULL)
    return gp_build_fail (error, "build.json: derived: unknown provider %s or %s", provider_id,
                          from);

  for (guint i = 0; i < b->instances->len; i++)
    {
      JsonObject *base = g_ptr_array_index (b->instances, i);
      const char *name = instance_name_part (base);
      JsonObject *pair, *derived, *instance;
      JsonArray *prices, *base_prices = gp_build_get_array (base, "prices");
      const char *base_label = gp_build_get_string (from_provider, "short_name");
      const char *platform_label = gp_build_get_string (provider, "short_name");
      double platform, paired, factor;
      g_autofree char *id = NULL, *derived_name = NULL, *rule = NULL, *pair_id = NULL;
      g_autofree char *uncertainty = NULL;
      g_autofree char *what = NULL;

      if (g_strcmp0 (gp_build_get_string (base, "provider"), from) != 0 ||
          !matches_any (names, name))
        continue;

      if ((pair = choose_pair (spec, name)) == NULL)
        return gp_build_fail (error, "build.json: derived %s: no pair of figures for %s",
                              provider_id, name);
      platform = gp_build_get_number (pair, "platform");
      paired = gp_build_get_number (pair, "base");
      if (isnan (paired))
        {
          g_autofree char *pair_base =
              g_strdup_printf ("%s/%s", from, gp_build_get_string (pair, "instance"));
          JsonObject *offer =
              gp_build_find_price (b, pair_base, gp_build_get_string (pair, "region"));

          if (offer == NULL)
            return gp_build_fail (error,
                                  "build.json: derived %s: no price of %s in %s to pair with",
                                  provider_id, pair_base, gp_build_get_string (pair, "region"));
          paired = gp_build_get_number (offer, "on_demand");
        }
      factor = gp_build_round_to (platform / paired, 4);
      what = gp_build_get_string (pair, "label") != NULL
                 ? g_strdup (gp_build_get_string (pair, "label"))
                 : g_strdup_printf ("%s%s", prefix, gp_build_get_string (pair, "instance"));
      /* Why the factor, in words the instances of one pair share, for the translators: the
       * app says which machine's price it follows and the factor itself (from and factor). */
      rule = g_strdup_printf (
          "The premium of one dated pair: %s %s at $%g an hour against %s "
          "%s at $%g in %s (%s).",
          platform_label, what, platform, base_label, gp_build_get_string (pair, "instance"),
          paired, gp_build_get_string (pair, "region"), gp_build_get_string (pair, "as_of"));
      /* How far to trust it: the recipe's words, for every offer and for one whose premium is
       * another family's. */
      uncertainty = g_strdup (rule);
      if (gp_build_get_string (spec, "uncertainty") != NULL)
        append_sentence (&uncertainty, gp_build_get_string (spec, "uncertainty"));
      if (!same_family (pair, name) &&
          gp_build_get_string (spec, "other_family_uncertainty") != NULL)
        append_sentence (&uncertainty, gp_build_get_string (spec, "other_family_uncertainty"));

      prices = json_array_new ();
      for (guint p = 0; base_prices != NULL && p < json_array_get_length (base_prices); p++)
        {
          JsonObject *base_price = json_array_get_object_element (base_prices, p);
          JsonObject *entry = region_entry (provider, gp_build_get_string (base_price, "region"));
          double on_demand = gp_build_get_number (base_price, "on_demand");
          JsonObject *price;

          /* Managed platforms run in regions, not in Local or Wavelength Zones. */
          if (entry == NULL || gp_build_get_string (entry, "kind") != NULL || isnan (on_demand))
            continue;

          price = json_object_new ();
          json_object_set_string_member (price, "region",
                                         gp_build_get_string (base_price, "region"));
          json_object_set_double_member (price, "on_demand",
                                         gp_build_round_to (on_demand * factor, 4));
          /* A region a later input added cites that input, and so does what is derived of it. */
          if (gp_build_get_string (base_price, "source") != NULL)
            json_object_set_string_member (price, "source",
                                           gp_build_get_string (base_price, "source"));
          /* …and an on-demand price dated apart is as old as the price it follows. */
          if (gp_build_get_string (base_price, "on_demand_source") != NULL)
            json_object_set_string_member (price, "on_demand_source",
                                           gp_build_get_string (base_price, "on_demand_source"));
          json_array_add_object_element (prices, price);
        }
      if (json_array_get_length (prices) == 0)
        {
          json_array_unref (prices);
          continue;
        }

      id = g_strdup_printf ("%s/%s%s", provider_id, prefix, name);
      derived_name = g_strdup_printf ("%s%s", prefix, name);
      derived = json_object_new ();
      json_object_set_string_member (derived, "from", gp_build_get_string (base, "id"));
      json_object_set_double_member (derived, "factor", factor);
      json_object_set_string_member (derived, "rule", uncertainty);
      json_object_set_string_member (derived, "source", gp_build_get_string (pair, "source"));

      instance = json_object_new ();
      json_object_set_string_member (instance, "id", id);
      json_object_set_string_member (instance, "provider", provider_id);
      json_object_set_string_member (instance, "name", derived_name);
      json_object_set_string_member (instance, "gpu", gp_build_get_string (base, "gpu"));
      json_object_set_int_member (instance, "gpu_count",
                                  json_object_get_int_member (base, "gpu_count"));
      if (json_object_has_member (base, "vcpus"))
        json_object_set_member (instance, "vcpus",
                                json_node_copy (json_object_get_member (base, "vcpus")));
      if (json_object_has_member (base, "memory_gb"))
        json_object_set_member (instance, "memory_gb",
                                json_node_copy (json_object_get_member (base, "memory_gb")));
      if (gp_build_get_string (base, "interconnect") != NULL)
        json_object_set_string_member (instance, "interconnect",
                                       gp_build_get_string (base, "interconnect"));
      json_object_set_object_member (instance, "derived", derived);
      json_object_set_string_member (instance, "source", gp_build_get_string (base, "source"));
      json_object_set_array_member (instance, "prices", prices);
      offers += json_array_get_length (prices);
      g_ptr_array_add (made, instance);
    }

  for (guint n = 0; n < json_array_get_length (names); n++)
    {
      const char *pattern = json_array_get_string_element (names, n);
      gboolean found = FALSE;

      for (guint i = 0; i < made->len && !found; i++)
        found = g_pattern_match_simple (
            pattern, gp_build_get_string (g_ptr_array_index (made, i), "name") + strlen (prefix));
      if (!found)
        gp_build_say (b, "%s: %s%s left out: %s gives no price to derive it from", provider_id,
                      prefix, pattern, from);
    }

  for (guint i = 0; i < made->len; i++)
    {
      JsonObject *instance = g_ptr_array_index (made, i);

      g_ptr_array_add (b->instances, instance);
      g_hash_table_insert (b->instance_by_id, (gpointer) gp_build_get_string (instance, "id"),
                           instance);
    }
  gp_build_say (b, "%s: %u instance types derived from %s, %u offers", provider_id, made->len, from,
                offers);
  return TRUE;
}

/* 5. Each provider with the regions its offers use, in the order of its table. */
static gboolean
list_regions (Build   *b,
              GError **error)
{
  for (guint p = 0; p < b->providers->len; p++)
    {
      JsonObject *provider = g_ptr_array_index (b->providers, p);
      const char *id = gp_build_get_string (provider, "id");
      JsonArray *table = gp_build_get_array (provider, "regions");
      g_autoptr(GHashTable) used = g_hash_table_new (g_str_hash, g_str_equal);
      JsonArray *regions = json_array_new ();

      for (guint i = 0; i < b->instances->len; i++)
        {
          JsonObject *instance = g_ptr_array_index (b->instances, i);
          JsonArray *prices = gp_build_get_array (instance, "prices");

          if (g_strcmp0 (gp_build_get_string (instance, "provider"), id) != 0)
            continue;
          for (guint r = 0; r < json_array_get_length (prices); r++)
            {
              const char *region =
                  gp_build_get_string (json_array_get_object_element (prices, r), "region");

              if (region_entry (provider, region) == NULL)
                {
                  json_array_unref (regions);
                  return gp_build_fail (
                      error,
                      "%s: %s has a price in %s, which the region table \"%s\" of "
                      "build.json does not name",
                      id, gp_build_get_string (instance, "id"), region,
                      gp_build_get_string (provider, "_table"));
                }
              g_hash_table_add (used, (gpointer) region);
            }
        }

      /* A provider priced only by Refresh keeps its whole table, so that the prices a refresh
       * brings are shown in named places. */
      for (guint r = 0; r < json_array_get_length (table); r++)
        {
          JsonObject *entry = json_array_get_object_element (table, r);

          if (g_hash_table_size (used) == 0 ||
              g_hash_table_contains (used, gp_build_get_string (entry, "id")))
            json_array_add_object_element (regions, json_object_ref (entry));
        }
      json_object_set_array_member (provider, "regions", regions);
      json_object_remove_member (provider, "_table");
    }

  return TRUE;
}

static void
collect (GHashTable *set,
         const char *context,
         const char *text)
{
  g_autoptr(GString) literal = NULL;

  if (text == NULL)
    return;
  /* A C string literal of the text: its quotes, backslashes and line breaks escaped. */
  literal = g_string_new (text);
  g_string_replace (literal, "\\", "\\\\", 0);
  g_string_replace (literal, "\"", "\\\"", 0);
  g_string_replace (literal, "\n", "\\n", 0);
  /* gettext's macro for a string with a context, written so that this file holds no mark; a
   * text with a per cent sign ("up to 90% off") is no format for the translators to keep. */
  g_hash_table_add (
      set, g_strdup_printf ("%s%c_(\"%s\", \"%s\");",
                            strchr (text, '%') != NULL ? "/* xgettext:no-c-format */ " : "", 'C',
                            context, literal->str));
}

/* The names the app shows through gettext, for xgettext to find. */
static char *
strings_file (Build *b)
{
  g_autoptr(GHashTable) lines = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GPtrArray) sorted = g_ptr_array_new ();
  GString *out =
      g_string_new ("/* data/catalog/catalog-strings.h — made by build-aux/build-catalog: "
                    "the bundled\n * catalog's names that the app shows in the user's "
                    "language. Not compiled: xgettext\n * reads it (po/POTFILES.in). */\n\n");
  GHashTableIter iter;
  gpointer line;

  for (guint p = 0; p < b->providers->len; p++)
    {
      JsonObject *provider = g_ptr_array_index (b->providers, p);
      JsonArray *regions = gp_build_get_array (provider, "regions");

      JsonObject *reach = gp_build_get_object (provider, "reachability");

      collect (lines, "provider", gp_build_get_string (provider, "name"));
      collect (lines, "provider", gp_build_get_string (provider, "short_name"));
      /* What a lab in mainland China reads of how it reaches the platform. */
      collect (lines, "catalog", gp_build_get_string (reach, "account"));
      collect (lines, "catalog", gp_build_get_string (reach, "note"));
      /* What Compare, the estimates and the launch code say of the platform in words. */
      collect (lines, "catalog",
               gp_build_get_string (gp_build_get_object (provider, "limits"), "quota"));
      collect (lines, "catalog",
               gp_build_get_string (gp_build_get_object (provider, "spot"), "note"));
      collect (lines, "catalog",
               gp_build_get_string (gp_build_get_object (provider, "features"), "environment"));
      /* What Compare says of paying it. */
      for (guint g = GP_PROVIDER_GROUP_BILLING_CURRENCY; g < GP_PROVIDER_N_GROUPS; g++)
        collect (lines, "catalog",
                 gp_build_get_string (gp_build_get_object (provider, gp_provider_groups[g].key),
                                      "note"));
      if (json_object_has_member (provider, "plans"))
        for (guint n = 0; n < json_array_get_length (gp_build_get_array (provider, "plans")); n++)
          collect (lines, "catalog",
                   gp_build_get_string (
                       json_array_get_object_element (gp_build_get_array (provider, "plans"), n),
                       "name"));
      for (guint r = 0; r < json_array_get_length (regions); r++)
        {
          JsonObject *region = json_array_get_object_element (regions, r);

          collect (lines, "city", gp_build_get_string (region, "city"));
          /* A place in words, where no city names it ("Wherever Google runs the runtime"); a
           * region without a city is shown by its name ("Mainland China" was left in English). */
          collect (lines, "place", gp_build_get_string (region, "location"));
          if (gp_build_get_string (region, "city") == NULL)
            collect (lines, "place", gp_build_get_string (region, "name"));
          collect (lines, "country", gp_build_get_string (region, "country"));
          collect (lines, "geography", gp_build_get_string (region, "geography"));
        }
    }

  /* The sources every figure cites, and what the catalog notes of a machine. */
  for (guint i = 0; i < json_array_get_length (b->sources); i++)
    collect (lines, "source",
             gp_build_get_string (json_array_get_object_element (b->sources, i), "title"));
  for (guint i = 0; i < b->instances->len; i++)
    {
      JsonObject *instance = g_ptr_array_index (b->instances, i);
      const char *name = gp_build_get_string (instance, "name");

      collect (lines, "catalog", gp_build_get_string (instance, "notes"));
      collect (lines, "catalog",
               gp_build_get_string (gp_build_get_object (instance, "derived"), "rule"));
      /* A name in words ("Colab T4 runtime"), not a provider's code ("p4d.24xlarge"). */
      if (name != NULL && strchr (name, ' ') != NULL)
        collect (lines, "instance", name);
    }

  g_hash_table_iter_init (&iter, lines);
  while (g_hash_table_iter_next (&iter, &line, NULL))
    g_ptr_array_add (sorted, line);
  g_ptr_array_sort (sorted, gp_compare_string_elements);
  for (guint i = 0; i < sorted->len; i++)
    g_string_append_printf (out, "%s\n", (const char *) g_ptr_array_index (sorted, i));

  return g_string_free (out, FALSE);
}

static JsonNode *
assemble (Build *b)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "schema_version");
  json_builder_add_int_value (builder, 1);
  json_builder_set_member_name (builder, "name");
  json_builder_add_string_value (builder, gp_build_get_string (b->recipe, "name"));
  json_builder_set_member_name (builder, "as_of");
  json_builder_add_string_value (builder, b->as_of);
  json_builder_set_member_name (builder, "currency");
  json_builder_add_string_value (builder, "USD");
  json_builder_set_member_name (builder, "sources");
  json_builder_add_value (builder, json_node_init_array (json_node_alloc (), b->sources));

  json_builder_set_member_name (builder, "gpus");
  json_builder_begin_array (builder);
  for (guint i = 0; i < b->gpus->len; i++)
    {
      static const char *const order[] = {
        "id",           "name",        "vendor",
        "architecture", "memory_gb",   "memory_bandwidth_gbps",
        "fp32_tflops",  "tf32_tflops", "fp16_tflops",
        "bf16_tflops",  "fp8_tflops",  "tdp_w",
        "tdp_source",   "launch_year", "use",
        "aliases",      "notes",       "source",
      };
      JsonObject *gpu = g_ptr_array_index (b->gpus, i);
      JsonObject *ordered = json_object_new ();

      /* The same order for every model, whichever input gave its figures. */
      for (guint k = 0; k < G_N_ELEMENTS (order); k++)
        if (json_object_has_member (gpu, order[k]))
          json_object_set_member (ordered, order[k],
                                  json_node_copy (json_object_get_member (gpu, order[k])));
      json_builder_add_value (builder, json_node_init_object (json_node_alloc (), ordered));
      json_object_unref (ordered);
    }
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "providers");
  json_builder_begin_array (builder);
  for (guint i = 0; i < b->providers->len; i++)
    json_builder_add_value (builder, json_node_init_object (json_node_alloc (),
                                                            g_ptr_array_index (b->providers, i)));
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "instances");
  json_builder_begin_array (builder);
  for (guint i = 0; i < b->instances->len; i++)
    json_builder_add_value (builder, json_node_init_object (json_node_alloc (),
                                                            g_ptr_array_index (b->instances, i)));
  json_builder_end_array (builder);
  json_builder_end_object (builder);

  return json_builder_get_root (builder);
}

/* GPU power, grid intensity and PUE (gp-catalog-build-carbon.c): the last two once the
 * providers' regions are listed, each from its table and a second one the input names. */
static gboolean
read_carbon (Build       *b,
             JsonObject  *input,
             const char  *format,
             GError     **error)
{
  JsonObject *second =
      gp_build_get_object (input, g_str_equal (format, "pue") ? "defaults" : "google");
  g_autoptr(GBytes) bytes = gp_build_load_input (b, gp_build_get_string (input, "file"), error);
  g_autoptr(GBytes) more = NULL;
  g_autofree char *summary = NULL;

  if (bytes == NULL)
    return FALSE;
  if (g_str_equal (format, "gpu-power"))
    summary = gp_carbon_read_gpu_power (b->gpu_by_id, input, bytes, error);
  else if ((more = gp_build_load_input (b, gp_build_get_string (second, "file"), error)) == NULL)
    return FALSE;
  else if (g_str_equal (format, "grid-intensity"))
    summary = gp_carbon_read_grid (b->providers, input, bytes, more, error);
  else
    summary = gp_carbon_read_pue (b->providers, input, bytes, more, error);
  if (summary == NULL)
    return FALSE;
  gp_build_say (b, "%s", summary);
  return TRUE;
}

static gboolean
read_input (Build       *b,
            JsonObject  *input,
            GError     **error)
{
  const char *format = gp_build_get_string (input, "format");

  if (format == NULL)
    return gp_build_fail (error, "build.json: an input without a format");
  if (g_str_equal (format, "vantage") || g_str_equal (format, "gcp-billing") ||
      g_str_equal (format, "skypilot"))
    return read_prices (b, input, format, error);
  if (g_str_equal (format, "alibaba-ecs"))
    return gp_build_read_alibaba (b, input, error);
  if (g_str_equal (format, "reported-prices"))
    return gp_build_read_reported (b, input, error);
  if (g_str_equal (format, "colab-rates"))
    return gp_build_read_colab (b, input, error);
  if (g_str_equal (format, "gpu-specs"))
    return gp_build_read_gpu_specs (b, input, error);
  if (g_str_equal (format, "price-history"))
    return gp_build_read_history (b, input, error);
  if (g_str_equal (format, "capacity-blocks") || g_str_equal (format, "price-series") ||
      g_str_equal (format, "capacity-block-series"))
    return gp_build_read_step (b, input, format, error);
  if (g_str_equal (format, "gpu-power"))
    return read_carbon (b, input, format, error);
  if (g_str_equal (format, "crosscheck") || g_str_equal (format, "spec-crosscheck") ||
      g_str_equal (format, "grid-intensity") || g_str_equal (format, "pue"))
    return TRUE; /* once everything is built, or the regions listed */
  if (g_str_equal (format, "left-out"))
    {
      g_autoptr(GFile) file =
          g_file_resolve_relative_path (b->dir, gp_build_get_string (input, "file"));

      if (!g_file_query_exists (file, NULL))
        return gp_build_fail (error, "%s: not found, though the recipe names it",
                              gp_build_get_string (input, "file"));
      gp_build_say (b, "%s: left out: %s", gp_build_get_string (input, "file"),
                    gp_build_get_string (input, "why"));
      return TRUE;
    }

  return gp_build_fail (error, "build.json: unknown input format \"%s\"", format);
}

/* Builds the bundled catalog. The same recipe and files always give the same text. */
GpCatalogBuildResult *
gp_catalog_build (GBytes      *recipe,
                  const char  *recipe_name,
                  GFile       *sources,
                  GError     **error)
{
  g_auto(Build) b = { NULL };
  g_autoptr(JsonNode) recipe_root = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GpCatalog) check = gp_catalog_new ();
  g_autoptr(GpCatalogBuildResult) result = g_new0 (GpCatalogBuildResult, 1);
  JsonArray *inputs, *derived;

  /* The same checked reader as every catalog: a key given twice in the recipe is a mistake. */
  recipe_root = gp_json_read_bytes (recipe, recipe_name, &local_error);
  if (recipe_root == NULL)
    {
      gp_build_fail (error, "%s", local_error->message);
      return NULL;
    }
  if (!JSON_NODE_HOLDS_OBJECT (recipe_root))
    {
      gp_build_fail (error, "%s: not an object", recipe_name);
      return NULL;
    }

  result->messages = g_ptr_array_new_with_free_func (g_free);
  b.recipe = json_node_get_object (recipe_root);
  b.dir = sources;
  b.sources = json_array_new ();
  b.source_by_id = g_hash_table_new (g_str_hash, g_str_equal);
  b.gpus = g_ptr_array_new_with_free_func ((GDestroyNotify) json_object_unref);
  b.gpu_by_id = g_hash_table_new (g_str_hash, g_str_equal);
  b.providers = g_ptr_array_new_with_free_func ((GDestroyNotify) json_object_unref);
  b.provider_by_id = g_hash_table_new (g_str_hash, g_str_equal);
  b.instances = g_ptr_array_new_with_free_func ((GDestroyNotify) json_object_unref);
  b.instance_by_id = g_hash_table_new (g_str_hash, g_str_equal);
  b.messages = result->messages;
  b.series = gp_series_set_new ();
  b.series_sources = g_ptr_array_new_with_free_func ((GDestroyNotify) json_object_unref);

  if (!read_curated (&b, error))
    return NULL;

  inputs = gp_build_get_array (b.recipe, "inputs");
  for (guint i = 0; inputs != NULL && i < json_array_get_length (inputs); i++)
    if (!read_input (&b, json_array_get_object_element (inputs, i), error))
      return NULL;

  derived = gp_build_get_array (b.recipe, "derived");
  for (guint i = 0; derived != NULL && i < json_array_get_length (derived); i++)
    if (!derive (&b, json_array_get_object_element (derived, i), error))
      return NULL;

  for (guint i = 0; inputs != NULL && i < json_array_get_length (inputs); i++)
    {
      JsonObject *input = json_array_get_object_element (inputs, i);

      const char *format = gp_build_get_string (input, "format");

      if ((g_strcmp0 (format, "crosscheck") == 0 || g_strcmp0 (format, "spec-crosscheck") == 0) &&
          !gp_build_read_step (&b, input, format, error))
        return NULL;
    }

  if (!list_regions (&b, error))
    return NULL;
  for (guint i = 0; inputs != NULL && i < json_array_get_length (inputs); i++)
    {
      JsonObject *input = json_array_get_object_element (inputs, i);
      const char *format = gp_build_get_string (input, "format");

      if ((g_strcmp0 (format, "grid-intensity") == 0 || g_strcmp0 (format, "pue") == 0) &&
          !read_carbon (&b, input, format, error))
        return NULL;
    }
  {
    g_autofree char *ended =
        gp_series_set_end_at_prices (b.series, b.instance_by_id, b.source_by_id, b.series_sources);
    gp_build_say (&b, "%s", ended);
  }

  /* The result must load as the app loads it. */
  root = assemble (&b);
  if (!gp_catalog_add_layer_tree (check, root, "catalog.json", GP_CATALOG_LAYER_BUNDLED,
                                  &local_error))
    {
      gp_build_fail (error, "the built catalog does not load: %s", local_error->message);
      return NULL;
    }
  gp_build_say (&b,
                "catalog.json: %u providers, %u GPU models, %u instance types, %u offers, as of %s",
                g_list_model_get_n_items (gp_catalog_get_providers (check)),
                g_list_model_get_n_items (gp_catalog_get_gpus (check)),
                g_list_model_get_n_items (gp_catalog_get_instances (check)),
                g_list_model_get_n_items (gp_catalog_get_offers (check)), b.as_of);

  result->catalog = gp_json_to_string (root, TRUE);
  result->strings = strings_file (&b);
  result->history = gp_series_set_to_json (b.series, b.series_sources);
  return g_steal_pointer (&result);
}

void
gp_catalog_build_result_free (GpCatalogBuildResult *result)
{
  if (result == NULL)
    return;

  g_free (result->catalog);
  g_free (result->strings);
  g_free (result->history);
  g_clear_pointer (&result->messages, g_ptr_array_unref);
  g_free (result);
}
