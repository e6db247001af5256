/* gp-skypilot-importer.c — SkyPilot's public price catalogs (vms.csv) as a catalog layer
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the files are like (skypilot-org/skypilot-catalog, schema v8 for AWS, GCP and Lambda,
 * v6 for Azure):
 *  - the columns differ per cloud, so they are found by header name, and the header tells
 *    the cloud: Arch only in AWS, Generation only in Azure, AvailabilityZone in AWS and GCP;
 *  - AWS and GCP list one row per availability zone: a region's on-demand price is the lowest
 *    of its zones, and spot is kept as the range over the zones; AWS Local Zones
 *    (usw2-lax1-az1) are left out, being a different product;
 *  - an empty SpotPrice means none; spot equal to on-demand in a zone means no usable spot
 *    there (that zone leaves the range and the offer is flagged); spot above on-demand is
 *    flagged and left out of the range;
 *  - GCP prices a2, a3 and g2 machine rows without their GPUs, which are accelerator rows with
 *    an empty InstanceType in the same zone: the instance price is the sum. Which GPUs a
 *    machine type carries follows from its name (a2-highgpu-8g: eight A100s);
 *  - a price of 0.0 is not a price: it is flagged and left out.
 * An instance the base catalog already has keeps the base's hardware (its GPU variant and a
 * GPU count the vendor confirms); a new one is given the GPU its accelerator name stands for.
 */

#include "config.h"

#include <json-glib/json-glib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gp-catalog-writer.h"
#include "gp-csv-reader.h"
#include "gp-import-builder.h"
#include "gp-skypilot-importer.h"
#include "gp-update-error.h"

typedef enum
{
  CLOUD_AWS,
  CLOUD_GCP,
  CLOUD_AZURE,
  CLOUD_LAMBDA,
} Cloud;

static const struct
{
  const char *name;
  const char *provider;
} clouds[] = {
  [CLOUD_AWS] = { "AWS", "aws-ec2" },
  [CLOUD_GCP] = { "Google Cloud", "gcp" },
  [CLOUD_AZURE] = { "Azure", "azure-ml" },
  [CLOUD_LAMBDA] = { "Lambda", "lambda" },
};


/* GCP machine families whose GPUs are priced as separate rows. */
static const struct
{
  const char *prefix;
  const char *accelerator;
} gcp_families[] = {
  { "a2-highgpu-", "A100" },
  { "a2-megagpu-", "A100" },
  { "a2-ultragpu-", "A100-80GB" },
  { "a3-highgpu-", "H100" },
  { "a3-megagpu-", "H100-MEGA" },
  { "g2-standard-", "L4" },
};

typedef enum
{
  COL_INSTANCE,
  COL_ACCELERATOR,
  COL_COUNT,
  COL_VCPUS,
  COL_MEMORY,
  COL_PRICE,
  COL_SPOT,
  COL_REGION,
  COL_ZONE,
  N_COLUMNS
} Column;

static const char *const column_names[N_COLUMNS] = {
  "InstanceType", "AcceleratorName", "AcceleratorCount", "vCPUs", "MemoryGiB", "Price",
  "SpotPrice", "Region", "AvailabilityZone",
};

/* One zone's figures (or a region's, where the cloud has no zones). */
typedef struct
{
  double price;
  double spot;
} Zone;


typedef struct
{
  GpImportBuilder builder;
  Cloud           cloud;
  GHashTable     *gcp_machines;     /* "type\tzone" → Zone */
  GHashTable     *gcp_accelerators; /* "NAME:count\tzone" → Zone */
  GHashTable     *gcp_zone_region;  /* zone → region */
  GHashTable     *gcp_specs;        /* type → Instance (specs only) */
} Import;








/* "usw2-lax1-az1" is a Local Zone; "use1-az1" a zone of the region itself. */
static gboolean
is_local_zone (const char *zone)
{
  guint dashes = 0;

  for (const char *p = zone; p != NULL && *p != '\0'; p++)
    if (*p == '-')
      dashes++;

  return dashes > 1;
}




static gboolean
read_header (GpCsvReader *reader,
             int          columns[N_COLUMNS],
             Cloud       *cloud,
             const char  *file,
             GError     **error)
{
  gboolean has_arch = FALSE, has_generation = FALSE;

  if (!gp_csv_reader_next (reader, error))
    {
      if (error == NULL || *error == NULL)
        g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT, "%s: the file is empty", file);
      return FALSE;
    }

  for (guint c = 0; c < N_COLUMNS; c++)
    columns[c] = -1;

  for (guint f = 0; f < gp_csv_reader_get_n_fields (reader); f++)
    {
      const char *name = gp_csv_reader_get (reader, f);

      for (guint c = 0; c < N_COLUMNS; c++)
        if (g_str_equal (name, column_names[c]))
          columns[c] = f;
      has_arch |= g_str_equal (name, "Arch");
      has_generation |= g_str_equal (name, "Generation");
    }

  for (guint c = 0; c < N_COLUMNS; c++)
    if (columns[c] < 0 && c != COL_ZONE)
      {
        g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT,
                     "%s:1: not a SkyPilot vms.csv: no %s column", file, column_names[c]);
        return FALSE;
      }

  if (has_arch)
    *cloud = CLOUD_AWS;
  else if (has_generation)
    *cloud = CLOUD_AZURE;
  else if (columns[COL_ZONE] >= 0)
    *cloud = CLOUD_GCP;
  else
    *cloud = CLOUD_LAMBDA;

  return TRUE;
}

static const char *
field (GpCsvReader *reader,
       const int    columns[N_COLUMNS],
       Column       column)
{
  const char *value = columns[column] >= 0 ? gp_csv_reader_get (reader, columns[column]) : NULL;

  return value != NULL ? value : "";
}

static char *
zone_key (const char *name,
          const char *zone)
{
  return g_strconcat (name, "\t", zone, NULL);
}

/* GCP: remember machine rows and accelerator rows by zone; they are joined at the end. */
static void
read_gcp_row (Import      *import,
              GpCsvReader *reader,
              const int    columns[N_COLUMNS])
{
  const char *type = field (reader, columns, COL_INSTANCE);
  const char *accelerator = field (reader, columns, COL_ACCELERATOR);
  const char *zone = field (reader, columns, COL_ZONE);
  Zone *figures = g_new (Zone, 1);

  figures->price = gp_import_parse_number (field (reader, columns, COL_PRICE));
  figures->spot = gp_import_parse_number (field (reader, columns, COL_SPOT));
  g_hash_table_replace (import->gcp_zone_region, g_strdup (zone),
                        g_strdup (field (reader, columns, COL_REGION)));

  if (*type == '\0')
    {
      g_autofree char *name = g_strdup_printf ("%s:%s", accelerator,
                                               field (reader, columns, COL_COUNT));
      g_hash_table_replace (import->gcp_accelerators, zone_key (name, zone), figures);
    }
  else
    {
      GpImportInstance *specs = g_hash_table_lookup (import->gcp_specs, type);

      if (specs == NULL)
        {
          specs = gp_import_instance_new (type);
          g_hash_table_insert (import->gcp_specs, specs->name, specs);
        }
      specs->vcpus = gp_import_parse_number (field (reader, columns, COL_VCPUS));
      specs->memory = gp_import_parse_number (field (reader, columns, COL_MEMORY));
      g_hash_table_replace (import->gcp_machines, zone_key (type, zone), figures);
    }
}

/* How many GPUs a GCP machine type carries, from its name. */
static guint
gcp_gpu_count (const char *type,
               const char *prefix)
{
  const char *rest = type + strlen (prefix);

  if (g_str_equal (prefix, "g2-standard-"))
    {
      guint vcpus = (guint) g_ascii_strtoull (rest, NULL, 10);
      return vcpus >= 96 ? 8 : vcpus >= 48 ? 4 : vcpus == 24 ? 2 : 1;
    }

  return (guint) g_ascii_strtoull (rest, NULL, 10);
}

static double
sum (double a,
     double b)
{
  return isnan (a) || isnan (b) ? NAN : a + b;
}

static void
join_gcp (Import *import)
{
  GHashTableIter iter;
  gpointer key, value;

  g_hash_table_iter_init (&iter, import->gcp_machines);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      g_auto(GStrv) parts = g_strsplit (key, "\t", 2);
      const char *type = parts[0], *zone = parts[1];
      Zone *machine = value;

      for (guint f = 0; f < G_N_ELEMENTS (gcp_families); f++)
        {
          g_autofree char *accelerator_name = NULL;
          g_autofree char *accelerator_key = NULL;
          GpImportInstance *instance, *specs;
          Zone *gpus;
          guint count;

          if (!g_str_has_prefix (type, gcp_families[f].prefix))
            continue;

          count = gcp_gpu_count (type, gcp_families[f].prefix);
          accelerator_name = g_strdup_printf ("%s:%u", gcp_families[f].accelerator, count);
          accelerator_key = zone_key (accelerator_name, zone);
          gpus = g_hash_table_lookup (import->gcp_accelerators, accelerator_key);
          if (gpus == NULL)
            {
              gp_import_note (&import->builder, "%s in %s: no %u× %s row to add to the machine price", type, zone,
                    count, gcp_families[f].accelerator);
              break;
            }

          instance = gp_import_builder_get_instance (&import->builder, type);
          specs = g_hash_table_lookup (import->gcp_specs, type);
          g_free (instance->accelerator);
          instance->accelerator = g_strdup (gcp_families[f].accelerator);
          instance->count = count;
          instance->vcpus = specs->vcpus;
          instance->memory = specs->memory;
          gp_import_builder_add_zone (&import->builder, instance, g_hash_table_lookup (import->gcp_zone_region, zone),
                    sum (machine->price, gpus->price), sum (machine->spot, gpus->spot));
          /* The GPU row alone may list spot above on-demand (A100 80GB): the sum hides it. */
          if (!isnan (gpus->spot) && !isnan (gpus->price) && gpus->spot > gpus->price)
            {
              GpImportOffer *offer = g_hash_table_lookup (instance->by_region,
                                                  g_hash_table_lookup (import->gcp_zone_region, zone));
              offer->spot_above = TRUE;
            }
          break;
        }
    }

  /* N1 takes attachable GPUs whose price is the GPU alone: one GPU, as the catalog lists it. */
  g_hash_table_iter_init (&iter, import->gcp_accelerators);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      g_auto(GStrv) parts = g_strsplit (key, "\t", 2);
      g_auto(GStrv) name = g_strsplit (parts[0], ":", 2);
      const char *gpu = gp_import_gpu_for_accelerator (name[0]);
      g_autofree char *type = NULL;
      GpImportInstance *instance;
      Zone *gpus = value;

      if (gpu == NULL || !g_str_equal (name[1], "1") ||
          !(g_str_equal (name[0], "T4") || g_str_equal (name[0], "V100") ||
            g_str_equal (name[0], "P100")))
        continue;

      type = g_strdup_printf ("n1-gpu-%s", gpu);
      instance = gp_import_builder_get_instance (&import->builder, type);
      g_free (instance->accelerator);
      instance->accelerator = g_strdup (name[0]);
      instance->count = 1;
      gp_import_builder_add_zone (&import->builder, instance, g_hash_table_lookup (import->gcp_zone_region, parts[1]),
                gpus->price, gpus->spot);
    }
}

static void
read_row (Import      *import,
          GpCsvReader *reader,
          const int    columns[N_COLUMNS])
{
  const char *type = field (reader, columns, COL_INSTANCE);
  const char *accelerator = field (reader, columns, COL_ACCELERATOR);
  const char *zone = field (reader, columns, COL_ZONE);
  GpImportInstance *instance;

  import->builder.report->rows++;

  /* A row without a region cannot be placed; the loader would refuse an empty region id. */
  if (*field (reader, columns, COL_REGION) == '\0')
    {
      gp_import_note (&import->builder, "line %u: no region, skipped", gp_csv_reader_get_line (reader));
      import->builder.report->skipped++;
      return;
    }

  if (import->cloud == CLOUD_GCP)
    {
      read_gcp_row (import, reader, columns);
      return;
    }

  if (*type == '\0' || *accelerator == '\0')
    {
      import->builder.report->skipped++;
      return;
    }

  if (import->cloud == CLOUD_AWS && is_local_zone (zone))
    {
      import->builder.report->skipped++;
      return;
    }

  instance = gp_import_builder_get_instance (&import->builder, type);
  if (instance->accelerator == NULL)
    {
      instance->accelerator = g_strdup (accelerator);
      instance->count = (guint) gp_import_parse_number (field (reader, columns, COL_COUNT));
      instance->vcpus = gp_import_parse_number (field (reader, columns, COL_VCPUS));
      instance->memory = gp_import_parse_number (field (reader, columns, COL_MEMORY));
    }

  gp_import_builder_add_zone (&import->builder, instance, field (reader, columns, COL_REGION),
            gp_import_parse_number (field (reader, columns, COL_PRICE)),
            gp_import_parse_number (field (reader, columns, COL_SPOT)));
}







/**
 * gp_skypilot_import_tree:
 * @base: the catalog the result will be layered on (for providers, GPUs, known instances)
 * @csv: a SkyPilot vms.csv
 * @file: its name, for messages
 * @source_url: (nullable): where it came from
 * @as_of: the date its prices were current, `YYYY-MM-DD`
 * @report: (nullable): filled with what the import did
 * @error: return location for a #GP_UPDATE_ERROR
 *
 * Like gp_skypilot_import(), before the layer is written out: a caller that checks it with
 * gp_catalog_add_layer_tree() parses nothing twice.
 *
 * Returns: (transfer full): the catalog layer as a tree, or %NULL with @error set
 */
JsonNode *
gp_skypilot_import_tree (GpCatalog       *base,
                         GBytes          *csv,
                         const char      *file,
                         const char      *source_url,
                         const char      *as_of,
                         GpImportReport  *report,
                         GError         **error)
{
  g_autoptr(GpImportReport) own_report = NULL;
  g_autoptr(GpCsvReader) reader = NULL;
  g_autoptr(GError) local_error = NULL;
  int columns[N_COLUMNS];
  Import import = { { NULL } };
  JsonNode *result = NULL;
  gsize length;
  const char *text;

  g_return_val_if_fail (GP_IS_CATALOG (base), NULL);
  g_return_val_if_fail (csv != NULL, NULL);
  g_return_val_if_fail (as_of != NULL, NULL);

  if (report == NULL)
    report = own_report = gp_import_report_new ();

  text = g_bytes_get_data (csv, &length);
  if (text != NULL && !g_utf8_validate_len (text, length, NULL))
    {
      g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT, "%s: not UTF-8 text", file);
      return NULL;
    }

  reader = gp_csv_reader_new (text != NULL ? text : "", length, file);
  if (!read_header (reader, columns, &import.cloud, file, error))
    return NULL;

  gp_import_builder_init (&import.builder, base, report, clouds[import.cloud].provider);
  import.gcp_machines = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  import.gcp_accelerators = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  import.gcp_zone_region = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  import.gcp_specs = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                            gp_import_instance_free);

  while (gp_csv_reader_next (reader, &local_error))
    read_row (&import, reader, columns);

  if (local_error == NULL && import.cloud == CLOUD_GCP)
    join_gcp (&import);

  if (local_error != NULL)
    g_propagate_error (error, g_steal_pointer (&local_error));
  else if (gp_catalog_find_provider (base, clouds[import.cloud].provider) == NULL)
    g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT,
                 "%s: the catalog has no provider %s to add these prices to", file,
                 clouds[import.cloud].provider);
  else
    {
      g_autofree char *source_id = g_strdup_printf ("skypilot-%s-import",
                                                    clouds[import.cloud].provider);
      g_autofree char *title = g_strdup_printf ("SkyPilot price catalog, %s (vms.csv), imported",
                                                clouds[import.cloud].name);

      result = gp_import_builder_build (&import.builder, source_id, title, source_url, as_of,
                                        "Zones reduced to the lowest on-demand price of the "
                                        "region, spot kept as a range; Local Zones and zones "
                                        "without usable spot left out of the range.");
    }

  gp_import_builder_clear (&import.builder);
  g_hash_table_unref (import.gcp_machines);
  g_hash_table_unref (import.gcp_accelerators);
  g_hash_table_unref (import.gcp_zone_region);
  g_hash_table_unref (import.gcp_specs);

  return result;
}

/**
 * gp_skypilot_import:
 * @base: the catalog the result will be layered on (for providers, GPUs, known instances)
 * @csv: a SkyPilot vms.csv
 * @file: its name, for messages
 * @source_url: (nullable): where it came from
 * @as_of: the date its prices were current, `YYYY-MM-DD`
 * @report: (nullable): filled with what the import did
 * @error: return location for a #GP_UPDATE_ERROR
 *
 * Returns: (transfer full): a catalog file in the catalog format, to be layered on @base, or
 *   %NULL with @error set
 */
GBytes *
gp_skypilot_import (GpCatalog       *base,
                    GBytes          *csv,
                    const char      *file,
                    const char      *source_url,
                    const char      *as_of,
                    GpImportReport  *report,
                    GError         **error)
{
  g_autoptr(JsonNode) root = gp_skypilot_import_tree (base, csv, file, source_url, as_of,
                                                      report, error);

  return root != NULL ? gp_import_tree_to_bytes (root) : NULL;
}
