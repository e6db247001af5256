/* gp-alibaba-importer.c — Alibaba Cloud ECS GPU prices, joined to a table of their machines
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The one copy of Alibaba Cloud's pay-as-you-go GPU prices found is three columns: region,
 * instance type, price an hour (in yuan, unstated). What each machine carries comes from a
 * second file, SpareCores' server table (vendor alicloud): its vCPUs, memory, GPU model, count
 * and memory per GPU. A GPU is named by its model and memory ("A100/81920"), mapped to a model
 * of the catalog by the recipe; a machine whose GPU the map does not name (a slice of a GPU,
 * vGPU, or a model no source describes) is left out and counted, never guessed.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include <math.h>
#include <string.h>

#include "gp-alibaba-importer.h"
#include "gp-csv-reader.h"
#include "gp-import-builder.h"
#include "gp-import-values.h"
#include "gp-update-error.h"

typedef struct
{
  char *gpu_key; /* "A100/81920" */
  guint gpu_count;
  guint vcpus;
  double memory_gib;
} Machine;

static void
machine_free (gpointer data)
{
  Machine *machine = data;

  g_free (machine->gpu_key);
  g_free (machine);
}

static gboolean
find_columns (GpCsvReader  *reader,
              const char   *file,
              const char  **names,
              int          *columns,
              guint         n,
              GError      **error)
{
  for (guint i = 0; i < n; i++)
    if ((columns[i] = gp_csv_reader_find_field (reader, names[i])) < 0)
      {
        g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT, _("%s: no column “%s”"), file,
                     names[i]);
        return FALSE;
      }
  return TRUE;
}

/* The machines of @vendor in the specification table, by instance type; the first row of a
 * type that is given twice. */
static GHashTable *
read_machines (GBytes      *specs,
               const char  *file,
               const char  *vendor,
               GError     **error)
{
  static const char *names[] = {
    "vendor", "server_id", "vcpus", "memory_gib", "gpu_count", "gpu_model", "gpu_memory_min_mib"
  };
  g_autoptr(GpCsvReader) reader = gp_import_open_csv (specs, file, error);
  g_autoptr(GHashTable) machines =
      g_hash_table_new_full (g_str_hash, g_str_equal, g_free, machine_free);
  g_autoptr(GError) local_error = NULL;
  int c[G_N_ELEMENTS (names)];

  if (reader == NULL || !find_columns (reader, file, names, c, G_N_ELEMENTS (names), error))
    return NULL;
  while (gp_csv_reader_next (reader, &local_error))
    {
      Machine *machine;
      double count, vcpus;

      if (g_strcmp0 (gp_csv_reader_get (reader, c[0]), vendor) != 0 ||
          g_hash_table_contains (machines, gp_csv_reader_get (reader, c[1])))
        continue;
      machine = g_new0 (Machine, 1);
      count = gp_import_parse_number (gp_csv_reader_get (reader, c[4]));
      vcpus = gp_import_parse_number (gp_csv_reader_get (reader, c[2]));
      machine->memory_gib = gp_import_parse_number (gp_csv_reader_get (reader, c[3]));
      machine->gpu_count = count > 0 ? (guint) count : 0;
      machine->vcpus = vcpus > 0 ? (guint) vcpus : 0;
      machine->gpu_key = g_strdup_printf ("%s/%s", gp_csv_reader_get (reader, c[5]),
                                          gp_csv_reader_get (reader, c[6]));
      g_hash_table_insert (machines, g_strdup (gp_csv_reader_get (reader, c[1])), machine);
    }
  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }
  return g_steal_pointer (&machines);
}

static JsonObject *
new_instance (const char    *provider,
              const char    *type,
              const char    *gpu,
              const Machine *machine)
{
  JsonObject *instance = json_object_new ();
  g_autofree char *id = g_strdup_printf ("%s/%s", provider, type);

  json_object_set_string_member (instance, "id", id);
  json_object_set_string_member (instance, "provider", provider);
  json_object_set_string_member (instance, "name", type);
  json_object_set_string_member (instance, "gpu", gpu);
  json_object_set_int_member (instance, "gpu_count", machine->gpu_count);
  if (machine->vcpus > 0)
    json_object_set_int_member (instance, "vcpus", machine->vcpus);
  if (isfinite (machine->memory_gib) && machine->memory_gib > 0)
    json_object_set_double_member (instance, "memory_gb", machine->memory_gib);
  json_object_set_array_member (instance, "prices", json_array_new ());
  return instance;
}

JsonNode *
gp_alibaba_import_tree (GBytes          *prices,
                        const char      *prices_file,
                        GBytes          *specs,
                        const char      *specs_file,
                        const char      *provider_id,
                        JsonObject      *gpus,
                        GpImportReport  *report,
                        GError         **error)
{
  static const char *names[] = { "region", "instance_type",
                                 "on_demand_per_hour_currency_unstated" };
  g_autoptr(GHashTable) machines = read_machines (specs, specs_file, "alicloud", error);
  g_autoptr(GpCsvReader) reader = NULL;
  g_autoptr(GHashTable) by_type = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) local_error = NULL;
  JsonArray *instances = json_array_new ();
  JsonObject *root = json_object_new ();
  JsonNode *layer = json_node_new (JSON_NODE_OBJECT);
  int c[G_N_ELEMENTS (names)];

  json_object_set_int_member (root, "schema_version", 1);
  json_object_set_array_member (root, "instances", instances);
  json_node_take_object (layer, root);
  if (machines == NULL || (reader = gp_import_open_csv (prices, prices_file, error)) == NULL ||
      !find_columns (reader, prices_file, names, c, G_N_ELEMENTS (names), error))
    {
      json_node_unref (layer);
      return NULL;
    }

  while (gp_csv_reader_next (reader, &local_error))
    {
      const char *region = gp_csv_reader_get (reader, c[0]);
      const char *type = gp_csv_reader_get (reader, c[1]);
      Machine *machine = g_hash_table_lookup (machines, type);
      JsonObject *instance = g_hash_table_lookup (by_type, type);
      JsonObject *price;
      const char *gpu;
      double on_demand;

      report->rows++;
      if (machine == NULL)
        {
          gp_import_report_skip (report, "no machine of that type in the specification table");
          continue;
        }
      gpu = json_object_get_string_member_with_default (gpus, machine->gpu_key, NULL);
      if (gpu == NULL || machine->gpu_count == 0)
        {
          /* "A10/4096": a quarter of an A10, the vGPU families (sgn, vgn). */
          gp_import_report_skip (report, "a GPU the recipe does not map: a slice of one (vGPU) "
                                         "or a model no source describes");
          continue;
        }
      on_demand = gp_import_parse_number (gp_csv_reader_get (reader, c[2]));
      if (!(on_demand > 0))
        {
          gp_import_report_skip (report, "no price");
          continue;
        }
      if (instance == NULL)
        {
          instance = new_instance (provider_id, type, gpu, machine);
          json_array_add_object_element (instances, instance);
          g_hash_table_insert (by_type, (gpointer) json_object_get_string_member (instance, "name"),
                               instance);
          report->instances++;
        }
      price = json_object_new ();
      json_object_set_string_member (price, "region", region);
      json_object_set_double_member (price, "on_demand", on_demand);
      json_array_add_object_element (json_object_get_array_member (instance, "prices"), price);
      report->imported++;
      report->offers++;
    }
  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      json_node_unref (layer);
      return NULL;
    }
  return layer;
}
