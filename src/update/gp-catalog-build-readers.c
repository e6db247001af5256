/* gp-catalog-build-readers.c — the catalog build's readers of its source files: Alibaba's price
 * file, the reported prices, Colab's plans, the GPU specification table, the steps that change
 * the instances built so far, and the daily price series
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "gp-catalog-build-private.h"

/* Alibaba Cloud ECS: a price file of three columns, what each machine carries from the
 * specification table the input names, its GPU by the input's map. */
gboolean
gp_build_read_alibaba (Build       *b,
                       JsonObject  *input,
                       GError     **error)
{
  const char *name = gp_build_get_string (input, "file");
  const char *specs_name = gp_build_get_string (input, "specs");
  g_autoptr(GpImportReport) report = gp_import_report_new ();
  g_autoptr(GBytes) prices = gp_build_load_input (b, name, error);
  g_autoptr(GBytes) specs = prices != NULL ? gp_build_load_input (b, specs_name, error) : NULL;
  g_autoptr(JsonNode) layer = NULL;

  if (specs == NULL)
    return FALSE;
  layer = gp_alibaba_import_tree (prices, name, specs, specs_name,
                                  gp_build_get_string (input, "provider"),
                                  gp_build_get_object (input, "gpus"), report, error);
  if (layer == NULL)
    return FALSE;
  gp_build_report_import (b, name, report);
  return gp_build_take_layer (b, input, layer, error);
}

/* Reported prices (the GPU-rental platforms of mainland China): each row its own source. */
gboolean
gp_build_read_reported (Build       *b,
                        JsonObject  *input,
                        GError     **error)
{
  const char *name = gp_build_get_string (input, "file");
  g_autoptr(GpImportReport) report = gp_import_report_new ();
  g_autoptr(GBytes) bytes = gp_build_load_input (b, name, error);
  g_autoptr(JsonNode) layer = NULL;
  JsonArray *sources;

  if (bytes == NULL ||
      (layer = gp_reported_import_tree (bytes, name, input, report, error)) == NULL)
    return FALSE;
  sources = gp_build_get_array (json_node_get_object (layer), "sources");
  for (guint i = 0; i < json_array_get_length (sources); i++)
    gp_build_add_source (b, json_array_get_object_element (sources, i));
  gp_build_report_import (b, name, report);
  return gp_build_take_layer (b, input, layer, error);
}

/* Colab: "CU burn T4,1.19,CU per hour,2026-03-10,https://…,~$0.12/h" rows give the runtimes,
 * the plan rows their compute units and prices. Each row names its own source. */

static char *
first_url (const char *text)
{
  const char *start = text != NULL ? strstr (text, "http") : NULL;
  const char *end;

  if (start == NULL)
    return NULL;
  for (end = start; *end != '\0' && *end != ' ' && *end != ';' && *end != ')'; end++)
    ;
  return g_strndup (start, end - start);
}

/* "2022-09/2026" → "2026": the newest date that is certain. */
static char *
last_date (const char *text)
{
  g_auto(GStrv) parts = g_strsplit (text != NULL ? text : "", "/", -1);
  guint n = g_strv_length (parts);

  return n > 0 ? g_strstrip (g_strdup (parts[n - 1])) : NULL;
}

static const char *
row_source (Build      *b,
            const char *prefix,
            const char *item,
            const char *url_text,
            const char *previous_url,
            const char *as_of,
            const char *note)
{
  g_autofree char *item_slug = gp_import_slug (item);
  g_autofree char *id = g_strdup_printf ("%s-%s", prefix, item_slug);
  g_autofree char *url = first_url (url_text);
  g_autofree char *date = last_date (as_of);
  JsonObject *source;

  if (!g_hash_table_contains (b->source_by_id, id))
    {
      source = json_object_new ();
      json_object_set_string_member (source, "id", id);
      json_object_set_string_member (source, "title", item);
      if (url != NULL || previous_url != NULL)
        json_object_set_string_member (source, "url", url != NULL ? url : previous_url);
      json_object_set_string_member (source, "as_of", date);
      if (note != NULL && *note != '\0')
        json_object_set_string_member (source, "note", note);
      gp_build_add_source (b, source);
      json_object_unref (source);
    }

  return gp_build_get_string (g_hash_table_lookup (b->source_by_id, id), "id");
}

gboolean
gp_build_read_colab (Build       *b,
                     JsonObject  *input,
                     GError     **error)
{
  const char *file = gp_build_get_string (input, "file");
  JsonObject *runtimes = gp_build_get_object (input, "runtimes");
  JsonObject *plan_rows = gp_build_get_object (input, "plans");
  JsonObject *provider =
      g_hash_table_lookup (b->provider_by_id, gp_build_get_string (input, "provider"));
  JsonArray *plans = gp_build_get_array (provider, "plans");
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GpCsvReader) reader = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *previous_url = NULL;
  guint runtimes_read = 0;

  if (provider == NULL || plans == NULL)
    return gp_build_fail (error, "%s: the recipe's provider %s has no plans list", file,
                          gp_build_get_string (input, "provider"));
  if ((reader = gp_build_open_table (b, file, &bytes, error)) == NULL)
    return FALSE;

  while (gp_csv_reader_next (reader, &local_error))
    {
      const char *item = gp_csv_reader_get (reader, 0);
      const char *value_text = gp_csv_reader_get (reader, 1);
      const char *unit = gp_csv_reader_get (reader, 2);
      const char *as_of = gp_csv_reader_get (reader, 3);
      const char *url_text = gp_csv_reader_get (reader, 4);
      const char *notes = gp_csv_reader_get (reader, 5);
      double value = gp_import_parse_number (value_text);
      g_autofree char *note = NULL;
      const char *source;

      if (item == NULL || unit == NULL)
        continue;
      note = g_strdup_printf ("%s %s. %s", value_text != NULL ? value_text : "", unit,
                              notes != NULL ? notes : "");
      source = row_source (b, "colab", item, url_text, previous_url, as_of, note);
      g_free (previous_url);
      previous_url = first_url (url_text);
      if (previous_url == NULL)
        previous_url =
            g_strdup (gp_build_get_string (g_hash_table_lookup (b->source_by_id, source), "url"));

      if (g_str_has_prefix (item, "CU burn "))
        {
          JsonObject *runtime = gp_build_get_object (runtimes, item + strlen ("CU burn "));
          JsonObject *instance, *price;
          JsonArray *prices;
          g_autofree char *id = NULL, *name = NULL;

          if (runtime == NULL || isnan (value))
            {
              gp_build_say (b, "  %s: not a runtime of today, or no rate: left out", item);
              continue;
            }

          id = g_strdup_printf ("colab/%s", gp_build_get_string (runtime, "id"));
          name = g_strdup_printf ("Colab %s runtime", item + strlen ("CU burn "));
          instance = json_object_new ();
          json_object_set_string_member (instance, "id", id);
          json_object_set_string_member (instance, "provider", "colab");
          json_object_set_string_member (instance, "name", name);
          json_object_set_string_member (instance, "gpu", gp_build_get_string (runtime, "gpu"));
          json_object_set_int_member (instance, "gpu_count", 1);
          json_object_set_double_member (instance, "compute_units_per_hour", value);
          json_object_set_member (instance, "plans",
                                  json_node_copy (json_object_get_member (runtime, "plans")));
          json_object_set_string_member (instance, "notes",
                                         "Compute units burned per hour as the source measured "
                                         "them; units are bought in packs of 100.");
          json_object_set_string_member (instance, "source", source);
          prices = json_array_new ();
          price = json_object_new ();
          json_object_set_string_member (price, "region", "global");
          json_array_add_object_element (prices, price);
          json_object_set_array_member (instance, "prices", prices);
          g_ptr_array_add (b->instances, instance);
          g_hash_table_insert (b->instance_by_id, (gpointer) gp_build_get_string (instance, "id"),
                               instance);
          runtimes_read++;
        }
      else if (json_object_has_member (plan_rows, item))
        {
          JsonArray *made = gp_build_get_array (plan_rows, item);

          for (guint p = 0; p < json_array_get_length (made); p++)
            {
              JsonObject *recipe = json_array_get_object_element (made, p);
              JsonObject *plan = json_object_new ();
              JsonNode *price = json_object_get_member (recipe, "price");
              JsonNode *units = json_object_get_member (recipe, "compute_units");

              json_object_set_string_member (plan, "id", gp_build_get_string (recipe, "id"));
              json_object_set_string_member (plan, "name", gp_build_get_string (recipe, "name"));
              if (gp_build_get_string (recipe, "kind") != NULL &&
                  g_str_equal (gp_build_get_string (recipe, "kind"), "pack"))
                json_object_set_double_member (plan, "monthly_fee", 0);
              if (price != NULL)
                json_object_set_double_member (plan, "price",
                                               JSON_NODE_HOLDS_VALUE (price) &&
                                                       json_node_get_value_type (price) ==
                                                           G_TYPE_STRING
                                                   ? value
                                                   : json_node_get_double (price));
              if (units != NULL)
                json_object_set_double_member (plan, "compute_units",
                                               JSON_NODE_HOLDS_VALUE (units) &&
                                                       json_node_get_value_type (units) ==
                                                           G_TYPE_STRING
                                                   ? value
                                                   : json_node_get_double (units));
              if (gp_build_get_string (recipe, "notes") != NULL)
                json_object_set_string_member (plan, "notes",
                                               gp_build_get_string (recipe, "notes"));
              json_object_set_string_member (plan, "source", source);
              json_array_add_object_element (plans, plan);
            }
        }
      else
        gp_build_say (b, "  %s: no runtime or plan of the recipe; left out", item);
    }
  if (local_error != NULL)
    return gp_build_fail (error, "%s", local_error->message);

  gp_build_say (b, "%s: %u runtimes", file, runtimes_read);
  return TRUE;
}

/* The GPU specification table: "96 or 141" and "15.7 / 14" read as their first figure, and
 * "125 / 112 (fp16 only)" or "197 (bf16)" as a figure of one precision. */
static double
first_figure (const char *text)
{
  char *end = NULL;
  double value;

  if (text == NULL)
    return NAN;
  while (*text == ' ')
    text++;
  if (!g_ascii_isdigit (*text))
    return NAN;
  value = g_ascii_strtod (text, &end);
  return isfinite (value) && value > 0 ? value : NAN;
}

static void
set_figure (JsonObject *gpu,
            const char *key,
            double      value)
{
  if (!isnan (value))
    json_object_set_double_member (gpu, key, value);
}

gboolean
gp_build_read_gpu_specs (Build       *b,
                         JsonObject  *input,
                         GError     **error)
{
  static const char *const figures[] = {
    "memory_gb",   "memory_bandwidth_gbps", "fp32_tflops", "tf32_tflops",
    "fp16_tflops", "bf16_tflops",           "fp8_tflops",  "tdp_w",
    "launch_year",
  };
  const char *file = gp_build_get_string (input, "file");
  JsonObject *rows = gp_build_get_object (input, "rows");
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GpCsvReader) reader = gp_build_open_table (b, file, &bytes, error);
  g_autoptr(GError) local_error = NULL;
  int col[14];
  static const char *const names[14] = {
    "gpu",
    "form",
    "year",
    "memory_gb",
    "memory_type",
    "bandwidth_tbps",
    "fp32_tflops",
    "tf32_dense_tflops",
    "fp16_bf16_dense_tflops",
    "fp8_dense_tflops",
    "int8_dense_tops",
    "tdp_w",
    "source",
    "notes",
  };
  guint applied = 0;

  if (reader == NULL)
    return FALSE;
  for (guint c = 0; c < G_N_ELEMENTS (names); c++)
    if ((col[c] = gp_csv_reader_find_field (reader, names[c])) < 0)
      return gp_build_fail (error, "%s:1: no %s column", file, names[c]);

  while (gp_csv_reader_next (reader, &local_error))
    {
      const char *row = gp_csv_reader_get (reader, col[0]);
      JsonNode *mapped = json_object_get_member (rows, row);
      const char *gpu_id, *tensor;
      JsonObject *gpu, *source;
      g_autofree char *source_id = NULL, *title = NULL, *note = NULL, *url = NULL;
      double tensor_value, own_tdp;

      if (mapped == NULL)
        return gp_build_fail (error, "%s: the recipe does not say which GPU model the row %s is",
                              file, row);
      if (JSON_NODE_HOLDS_NULL (mapped))
        {
          gp_build_say (b, "  %s: left out (not a GPU of the catalog)", row);
          continue;
        }
      gpu_id = json_node_get_string (mapped);
      if ((gpu = g_hash_table_lookup (b->gpu_by_id, gpu_id)) == NULL)
        return gp_build_fail (error, "%s: the row %s is for %s, which build.json does not define",
                              file, row, gpu_id);

      /* One source per model: every figure comes from the row, none is left from elsewhere;
       * but a board power the recipe cites a source of its own for (tdp_source) stays where
       * the row gives none. */
      own_tdp = json_object_has_member (gpu, "tdp_source") && json_object_has_member (gpu, "tdp_w")
                    ? json_object_get_double_member (gpu, "tdp_w")
                    : NAN;
      for (guint f = 0; f < G_N_ELEMENTS (figures); f++)
        json_object_remove_member (gpu, figures[f]);

      set_figure (gpu, "memory_gb", first_figure (gp_csv_reader_get (reader, col[3])));
      set_figure (gpu, "memory_bandwidth_gbps",
                  gp_build_round_to (first_figure (gp_csv_reader_get (reader, col[5])) * 1000, 3));
      set_figure (gpu, "fp32_tflops", first_figure (gp_csv_reader_get (reader, col[6])));
      set_figure (gpu, "tf32_tflops", first_figure (gp_csv_reader_get (reader, col[7])));
      tensor = gp_csv_reader_get (reader, col[8]);
      tensor_value = first_figure (tensor);
      if (tensor == NULL || strstr (tensor, "(bf16") == NULL)
        set_figure (gpu, "fp16_tflops", tensor_value);
      if (tensor == NULL || strstr (tensor, "fp16 only") == NULL)
        set_figure (gpu, "bf16_tflops", tensor_value);
      set_figure (gpu, "fp8_tflops", first_figure (gp_csv_reader_get (reader, col[9])));
      set_figure (gpu, "tdp_w", first_figure (gp_csv_reader_get (reader, col[11])));
      if (json_object_has_member (gpu, "tdp_w"))
        json_object_remove_member (gpu, "tdp_source");
      else
        set_figure (gpu, "tdp_w", own_tdp);
      if (!isnan (first_figure (gp_csv_reader_get (reader, col[2]))))
        json_object_set_int_member (gpu, "launch_year",
                                    (gint64) first_figure (gp_csv_reader_get (reader, col[2])));

      source_id = g_strdup_printf ("gpu-spec-%s", gpu_id);
      title = g_strdup_printf ("%s (%s) specifications, compiled from vendor pages", row,
                               gp_csv_reader_get (reader, col[1]));
      url = first_url (gp_csv_reader_get (reader, col[12]));
      note = g_strdup_printf ("%s%s%s", gp_csv_reader_get (reader, col[12]),
                              *gp_csv_reader_get (reader, col[13]) != '\0' ? ". " : "",
                              gp_csv_reader_get (reader, col[13]));
      source = json_object_new ();
      json_object_set_string_member (source, "id", source_id);
      json_object_set_string_member (source, "title", title);
      if (url != NULL)
        json_object_set_string_member (source, "url", url);
      json_object_set_string_member (
          source, "as_of", gp_build_get_string (gp_build_get_object (input, "source"), "as_of"));
      json_object_set_string_member (source, "note", note);
      gp_build_add_source (b, source);
      json_object_unref (source);
      json_object_set_string_member (gpu, "source", source_id);
      json_object_remove_member (gpu, "notes");
      if (*gp_csv_reader_get (reader, col[13]) != '\0')
        json_object_set_string_member (gpu, "notes", gp_csv_reader_get (reader, col[13]));
      applied++;
    }
  if (local_error != NULL)
    return gp_build_fail (error, "%s", local_error->message);

  gp_build_say (b, "%s: figures of %u GPU models", file, applied);
  return TRUE;
}

/* The offer of @instance_id in @region, from the instances built so far. */
JsonObject *
gp_build_find_price (Build      *b,
                     const char *instance_id,
                     const char *region)
{
  JsonObject *instance = g_hash_table_lookup (b->instance_by_id, instance_id);

  return gp_build_find_element (gp_build_get_array (instance, "prices"), "region", region);
}

/* The steps an input runs over the instances built so far, each saying what it did: 2. Capacity
 * Blocks added to their offers, 6. the joined table of ../shared and a table of server
 * specifications checked against them (the overrides correct what it finds wrong), 7. price
 * snapshots taken into history.json. */
gboolean
gp_build_read_step (Build       *b,
                    JsonObject  *input,
                    const char  *format,
                    GError     **error)
{
  const char *file = gp_build_get_string (input, "file");
  JsonObject *source = gp_build_get_object (input, "source");
  const char *provider = gp_build_get_string (input, "provider");
  g_autoptr(GBytes) bytes = gp_build_load_input (b, file, error);
  g_autofree char *summary = NULL;

  if (bytes == NULL)
    return FALSE;
  if (g_str_equal (format, "capacity-blocks"))
    summary = gp_capacity_blocks_merge (b->instance_by_id, provider, bytes, file,
                                        gp_build_get_string (source, "id"), error);
  else if (g_str_equal (format, "price-series"))
    summary = gp_series_set_read_weekly (b->series, b->instance_by_id, provider, bytes, file,
                                         gp_build_get_string (source, "id"), error);
  else if (g_str_equal (format, "capacity-block-series"))
    summary = gp_series_set_read_capacity_blocks (b->series, b->instance_by_id, provider, bytes,
                                                  file, gp_build_get_string (source, "id"), error);
  else if (g_str_equal (format, "spec-crosscheck"))
    summary = gp_spec_crosscheck (b->instance_by_id, b->gpu_by_id,
                                  gp_build_get_object (input, "providers"), bytes, file, error);
  else
    summary = gp_price_crosscheck (b->instance_by_id, gp_build_get_object (input, "providers"),
                                   bytes, file, error);
  if (summary == NULL)
    return FALSE;
  if (g_str_equal (format, "price-series") || g_str_equal (format, "capacity-block-series"))
    g_ptr_array_add (b->series_sources, json_object_ref (source));
  gp_build_say (b, "%s", summary);
  return TRUE;
}

/* 6. A daily price series checks the table's figure, and says when the price last moved. */
gboolean
gp_build_read_history (Build       *b,
                       JsonObject  *input,
                       GError     **error)
{
  const char *file = gp_build_get_string (input, "file");
  const char *instance_id = gp_build_get_string (input, "instance");
  JsonObject *instance = g_hash_table_lookup (b->instance_by_id, instance_id);
  JsonObject *offer = gp_build_find_price (b, instance_id, gp_build_get_string (input, "region"));
  const char *table_date =
      instance != NULL
          ? gp_build_get_string (
                g_hash_table_lookup (b->source_by_id, gp_build_get_string (instance, "source")),
                "as_of")
          : NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *change = NULL, *last_day = NULL;
  g_autofree char *offer_id =
      g_strdup_printf ("%s@%s", instance_id, gp_build_get_string (input, "region"));
  /* The recipe names the series' source by its id, among its own sources. */
  const char *source_id = gp_build_get_string (input, "source");
  JsonObject *source = g_hash_table_lookup (b->source_by_id, source_id != NULL ? source_id : "");
  double at_table, last_price;

  if (offer == NULL)
    return gp_build_fail (error, "%s: no offer of %s in %s to check", file, instance_id,
                          gp_build_get_string (input, "region"));
  if ((bytes = gp_build_load_input (b, file, error)) == NULL)
    return FALSE;
  if (!gp_price_series_read (bytes, file, table_date, &at_table, &change, &last_day, &last_price,
                             error) ||
      !gp_series_set_read_daily (b->series, offer_id, bytes, file, source_id, error))
    return FALSE;
  if (source == NULL)
    return gp_build_fail (error, "%s: its source \"%s\" is not one of build.json's", file,
                          source_id);
  g_ptr_array_add (b->series_sources, json_object_ref (source));
  if (change != NULL)
    {
      g_autofree char *said = g_strdup_printf ("AWS changed this price in %s %s",
                                               gp_build_get_string (input, "region"), change);

      g_free (change);
      change = g_steal_pointer (&said);
    }

  if (at_table == gp_build_get_number (offer, "on_demand"))
    gp_build_say (b, "%s: %s in %s is %g on %s in the daily series too", file, instance_id,
                  gp_build_get_string (input, "region"), at_table, table_date);
  else
    gp_build_say (b, "%s: %s in %s: the table says %g, the daily series %g on %s", file,
                  instance_id, gp_build_get_string (input, "region"),
                  gp_build_get_number (offer, "on_demand"), at_table, table_date);

  /* The series saw the table's price still asked on a later day: the on-demand price is dated
   * by that day, not by the table. */
  if (last_price == gp_build_get_number (offer, "on_demand") &&
      gp_as_of_compare (last_day, table_date) > 0)
    {
      json_object_set_string_member (offer, "on_demand_source", source_id);
      gp_build_say (b, "%s: %s in %s is still %g on %s: its on-demand price is dated by the series",
                    file, instance_id, gp_build_get_string (input, "region"), last_price, last_day);
    }

  if (change != NULL)
    {
      const char *before = gp_build_get_string (instance, "notes");
      g_autofree char *notes =
          before != NULL ? g_strconcat (before, " ", change, NULL) : g_strdup (change);

      json_object_set_string_member (instance, "notes", notes);
    }
  return TRUE;
}
