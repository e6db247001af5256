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
 *  - a price of 0.0 is not a price: it is flagged and left out;
 *  - RunPod, Nebius, Verda, Seeweb, Hyperstack and Cudo (v8) have Lambda's columns, RunPod with
 *    its data centres as zones of a country, OCI those of AWS without Arch (its availability
 *    domains as zones): the file's name says whose it is. A row with a spot price and no
 *    on-demand one (Verda) is skipped;
 *  - Vast.ai is a marketplace: a row is a host's offer, placed "Oregon, US, NA" (state or
 *    country, ISO country code, continent); its region is the country code, as RunPod's are,
 *    and the cheapest host of a type in a country is that country's price;
 *  - CPU machines (OCI's flexible shapes, named "VM.Standard.E4.Flex$_2_8") are skipped.
 * An instance the base catalog already has keeps the base's hardware (its GPU variant and a
 * GPU count the vendor confirms); a new one is given the GPU its accelerator name stands for.
 */

#include "config.h"

#include <glib/gi18n.h>
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
  CLOUD_RUNPOD,
  CLOUD_NEBIUS,
  CLOUD_VERDA,
  CLOUD_SEEWEB,
  CLOUD_HYPERSTACK,
  CLOUD_VAST,
  CLOUD_OCI,
  CLOUD_CUDO,
  N_CLOUDS
} Cloud;

/* The clouds after Lambda share Lambda's columns (RunPod adds its zones), so their header does
 * not tell them: the file's name does ("nebius" as a refresh names its source, or the build's
 * "nebius/skypilot-….csv"). */
#define FIRST_NAMED_CLOUD CLOUD_RUNPOD

static const struct
{
  const char *name;
  const char *provider;
} clouds[] = {
  [CLOUD_AWS] = { "AWS", "aws-ec2" },
  [CLOUD_GCP] = { "Google Cloud", "gcp" },
  [CLOUD_AZURE] = { "Azure", "azure-ml" },
  [CLOUD_LAMBDA] = { "Lambda", "lambda" },
  [CLOUD_RUNPOD] = { "RunPod", "runpod" },
  [CLOUD_NEBIUS] = { "Nebius", "nebius" },
  [CLOUD_VERDA] = { "Verda", "verda" },
  [CLOUD_SEEWEB] = { "Seeweb", "seeweb" },
  [CLOUD_HYPERSTACK] = { "Hyperstack", "hyperstack" },
  [CLOUD_VAST] = { "Vast.ai", "vast" },
  [CLOUD_OCI] = { "OCI", "oci" },
  [CLOUD_CUDO] = { "Cudo Compute", "cudo" },
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
  { "a3-edgegpu-", "H100" },
  { "a3-ultragpu-", "H200" },
  { "a4-highgpu-", "B200" },
  { "g2-standard-", "L4" },
};

/* The GPUs Compute Engine attaches to N1 machines, priced alone (the machine is extra). */
static const char *const n1_attachable[] = { "T4", "V100", "P100", "P4", NULL };

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
  COL_GPU_INFO,
  N_COLUMNS
} Column;

static const char *const column_names[N_COLUMNS] = {
  "InstanceType", "AcceleratorName", "AcceleratorCount", "vCPUs", "MemoryGiB", "Price",
  "SpotPrice", "Region", "AvailabilityZone", "GpuInfo",
};

/* Columns a file may lack. */
#define OPTIONAL_COLUMN(c) ((c) == COL_ZONE || (c) == COL_GPU_INFO)


/* One zone's figures (or a region's, where the cloud has no zones). */
typedef struct
{
  double   price;
  double   spot;
  gboolean used;    /* whether a machine of the zone took the row */
} Zone;

typedef struct
{
  GpImportBuilder builder;
  Cloud           cloud;
  GHashTable     *gcp_machines;     /* "type\tzone" → Zone */
  GHashTable     *gcp_accelerators; /* "NAME:count\tzone" → Zone */
  GHashTable     *gcp_zone_region;  /* zone → region */
  GHashTable     *gcp_specs;        /* type → Instance (specs only) */
  GPtrArray      *gcp_machine_order;     /* the machine keys, in the order of the file */
  GPtrArray      *gcp_accelerator_order; /* the accelerator keys, likewise */
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

/* The cloud a file's name names, or -1: "runpod", "runpod/…" or "…/runpod-…". */
static int
named_cloud (const char *file)
{
  g_autofree char *base = g_path_get_basename (file);

  for (int c = FIRST_NAMED_CLOUD; c < N_CLOUDS; c++)
    {
      const char *id = clouds[c].provider;
      gsize len = strlen (id);

      if (g_str_equal (file, id) || (g_str_has_prefix (file, id) && file[len] == '/') ||
          (g_str_has_prefix (base, id) &&
           (base[len] == '-' || base[len] == '_' || base[len] == '.')))
        return c;
    }
  return -1;
}

static gboolean
read_header (GpCsvReader *reader,
             int          columns[N_COLUMNS],
             Cloud       *cloud,
             const char  *file,
             GError     **error)
{
  gboolean has_arch = FALSE, has_generation = FALSE;

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
    if (columns[c] < 0 && !OPTIONAL_COLUMN (c))
      {
        g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT,
                     _("%s:1: not a SkyPilot vms.csv: no %s column"), file, column_names[c]);
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

/* A copy of AWS's table without its Arch column (a subset someone cut down) is still AWS's:
 * its zones are AWS zone ids, "use1-az1", where Google's are "us-central1-a". */
static gboolean
first_zone_is_aws (GBytes     *csv,
                   const char *file,
                   int         zone_column)
{
  g_autoptr(GpCsvReader) reader = gp_import_open_csv (csv, file, NULL);
  const char *zone;

  if (reader == NULL || zone_column < 0 || !gp_csv_reader_next (reader, NULL))
    return FALSE;
  zone = gp_csv_reader_get (reader, zone_column);
  return zone != NULL && strstr (zone, "-az") != NULL;
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

/* Reads a row's price and spot; FALSE (the row skipped) when either is not a price. */
static gboolean
read_prices (Import      *import,
             GpCsvReader *reader,
             const int    columns[N_COLUMNS],
             double      *price,
             double      *spot)
{
  if (gp_import_parse_price (field (reader, columns, COL_PRICE), price) &&
      gp_import_parse_price (field (reader, columns, COL_SPOT), spot))
    return TRUE;

  gp_import_skip_bad_price (&import->builder, reader);
  return FALSE;
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
  Zone *figures;
  double price, spot;

  if (*type == '\0' && g_str_has_prefix (accelerator, "tpu-"))
    {
      gp_import_report_skip (import->builder.report, N_("a TPU (not a GPU offer)"));
      return;
    }
  if (!read_prices (import, reader, columns, &price, &spot))
    return;

  figures = g_new0 (Zone, 1);
  figures->price = price;
  figures->spot = spot;
  g_hash_table_replace (import->gcp_zone_region, g_strdup (zone),
                        g_strdup (field (reader, columns, COL_REGION)));

  if (*type == '\0')
    {
      g_autofree char *name = g_strdup_printf ("%s:%s", accelerator,
                                               field (reader, columns, COL_COUNT));
      char *key = zone_key (name, zone);

      if (!g_hash_table_contains (import->gcp_accelerators, key))
        g_ptr_array_add (import->gcp_accelerator_order, g_strdup (key));
      g_hash_table_replace (import->gcp_accelerators, key, figures);
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
      char *key = zone_key (type, zone);

      if (!g_hash_table_contains (import->gcp_machines, key))
        g_ptr_array_add (import->gcp_machine_order, g_strdup (key));
      g_hash_table_replace (import->gcp_machines, key, figures);
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

/* The sum of two prices the file gives to at most six decimals, without the binary fraction
 * a double adds (49.35922, not 49.35922000000001). */
static double
sum (double a,
     double b)
{
  return isnan (a) || isnan (b) ? NAN : round ((a + b) * 1e9) / 1e9;
}

/* The GPUs of a machine type, and its price with them in one zone. */
static void
join_machine (Import     *import,
              const char *key)
{
  g_auto(GStrv) parts = g_strsplit (key, "\t", 2);
  const char *type = parts[0], *zone = parts[1];
  Zone *machine = g_hash_table_lookup (import->gcp_machines, key);
  const char *region = g_hash_table_lookup (import->gcp_zone_region, zone);

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
          gp_import_report_skip (import->builder.report,
                                 N_("a machine row with no GPU row of its zone"));
          gp_import_note (&import->builder,
                          _("%s in %s: no %u× %s row to add to the machine price"), type, zone,
                          count, gcp_families[f].accelerator);
          return;
        }

      gpus->used = TRUE;
      import->builder.report->imported++;
      instance = gp_import_builder_get_instance (&import->builder, type);
      specs = g_hash_table_lookup (import->gcp_specs, type);
      g_free (instance->accelerator);
      instance->accelerator = g_strdup (gcp_families[f].accelerator);
      instance->count = count;
      instance->vcpus = specs->vcpus;
      instance->memory = specs->memory;
      gp_import_builder_add_zone (&import->builder, instance, region,
                                  sum (machine->price, gpus->price),
                                  sum (machine->spot, gpus->spot));
      /* The GPU row alone may list spot above on-demand (A100 80GB): the sum hides it. */
      if (!isnan (gpus->spot) && !isnan (gpus->price) && gpus->spot > gpus->price)
        ((GpImportOffer *) g_hash_table_lookup (instance->by_region, region))->spot_above = TRUE;
      /* A machine row at 0.0 (a4-highgpu-8g) is no price: the sum is the GPUs alone. */
      if (machine->price == 0)
        ((GpImportOffer *) g_hash_table_lookup (instance->by_region, region))->zero = TRUE;
      return;
    }

  gp_import_report_skip (import->builder.report, N_("a machine type without GPUs"));
}

/* N1 machines take attachable GPUs whose rows price the GPUs alone: such offers are named
 * "GPU only", since the machine the user picks costs extra. */
static void
attach_to_n1 (Import     *import,
              const char *key)
{
  g_auto(GStrv) parts = g_strsplit (key, "\t", 2);
  g_auto(GStrv) name = g_strsplit (parts[0], ":", 2);
  Zone *gpus = g_hash_table_lookup (import->gcp_accelerators, key);
  g_autofree char *lower = NULL, *type = NULL, *display = NULL;
  GpImportInstance *instance;
  const char *problem;
  guint count;

  if (gpus->used)
    {
      import->builder.report->imported++;
      return;
    }
  if (!g_strv_contains (n1_attachable, name[0]))
    {
      gp_import_report_skip (import->builder.report,
                             N_("a GPU row with no machine row of its zone"));
      return;
    }
  if (!gp_import_parse_count (name[1], &count, &problem))
    {
      gp_import_report_skip (import->builder.report, problem);
      return;
    }

  lower = g_ascii_strdown (name[0], -1);
  type = count == 1 ? g_strdup_printf ("n1-gpu-%s", lower)
                    : g_strdup_printf ("n1-gpu-%s-x%u", lower, count);
  display = g_strdup_printf ("N1 + %u× %s (GPU only)", count, name[0]);
  instance = gp_import_builder_get_instance (&import->builder, type);
  if (instance->accelerator == NULL)
    {
      instance->accelerator = g_strdup (name[0]);
      instance->display_name = g_steal_pointer (&display);
      instance->count = count;
      /* Google attaches these GPUs to N1 machines only ("GPU machine types", Compute Engine
       * documentation); the source gives no N1 price, so the offer cannot be made whole. */
      instance->host_required = g_strdup ("N1");
      instance->notes = g_strdup ("The price of the attached GPUs alone: add the N1 machine "
                                  "type you choose, which this source does not list.");
    }
  import->builder.report->imported++;
  gp_import_builder_add_zone (&import->builder, instance,
                              g_hash_table_lookup (import->gcp_zone_region, parts[1]),
                              gpus->price, gpus->spot);
}

/* SkyPilot's GCP sums of machine and GPU rows are, in some regions, about half of what the
 * Cloud Billing catalog gives for the same machine (a3-highgpu-8g in us-central1: 43.07
 * against 88.49). Where one machine type's sums fall in two groups, a region at least half
 * again dearer than another, the cheaper group is the doubtful one: flagged, never the
 * cheapest without saying so. */
static void
flag_half_sums (Import           *import,
                GpImportInstance *instance)
{
  double low = NAN, high = NAN;

  for (guint o = 0; o < instance->offers->len; o++)
    {
      double price = ((GpImportOffer *) g_ptr_array_index (instance->offers, o))->on_demand;

      if (isnan (price))
        continue;
      low = isnan (low) ? price : MIN (low, price);
      high = isnan (high) ? price : MAX (high, price);
    }
  if (isnan (low) || high < 1.5 * low)
    return;

  for (guint o = 0; o < instance->offers->len; o++)
    {
      GpImportOffer *offer = g_ptr_array_index (instance->offers, o);

      if (offer->on_demand < (low + high) / 2)
        {
          offer->anomalies |= GP_ANOMALY_LOW_OUTLIER;
          gp_import_note (&import->builder, _("%s in %s: %g is far below the %g of other regions, "
                                              "as this source's sums are where the Cloud Billing "
                                              "catalog can check them; flagged"),
                          instance->name, offer->region, offer->on_demand, high);
        }
    }
}

static void
join_gcp (Import *import)
{
  for (guint i = 0; i < import->gcp_machine_order->len; i++)
    join_machine (import, g_ptr_array_index (import->gcp_machine_order, i));
  for (guint i = 0; i < import->builder.instances->len; i++)
    flag_half_sums (import, g_ptr_array_index (import->builder.instances, i));
  for (guint i = 0; i < import->gcp_accelerator_order->len; i++)
    attach_to_n1 (import, g_ptr_array_index (import->gcp_accelerator_order, i));
}

/* The GPU figures of a row that gives an instance: FALSE (the row skipped) when they are bad. */
static gboolean
read_instance_row (Import      *import,
                   GpCsvReader *reader,
                   const int    columns[N_COLUMNS],
                   guint       *count)
{
  const char *problem;

  if (!gp_import_parse_count (field (reader, columns, COL_COUNT), count, &problem))
    {
      gp_import_report_skip (import->builder.report, problem);
      gp_import_note (&import->builder, _("line %u (%s): skipped, %s"),
                      gp_csv_reader_get_line (reader), field (reader, columns, COL_INSTANCE),
                      _(problem));
      return FALSE;
    }

  return TRUE;
}

/* Vast.ai's "Oregon, US, NA" (or ", US, NA" where the host names no state): the ISO country
 * code, "US"; NULL where the place holds none. */
static char *
vast_country (const char *place)
{
  g_auto(GStrv) parts = g_strsplit (place, ",", -1);
  guint n = g_strv_length (parts);

  if (n < 2)
    return NULL;
  g_strstrip (parts[n - 2]);
  return strlen (parts[n - 2]) == 2 ? g_ascii_strup (parts[n - 2], -1) : NULL;
}

/* The row's region: the file's, or for Vast.ai its place's country code (in @owned); NULL, the
 * row skipped and why said, where there is none. */
static const char *
row_region (Import       *import,
            GpCsvReader  *reader,
            const int     columns[N_COLUMNS],
            char        **owned)
{
  const char *region = field (reader, columns, COL_REGION);
  g_autofree char *shown = NULL;

  /* A row without a region cannot be placed; the loader would refuse an empty region id. */
  if (*region == '\0')
    {
      gp_import_note (&import->builder, _("line %u: no region, skipped"),
                      gp_csv_reader_get_line (reader));
      gp_import_report_skip (import->builder.report, N_("no region"));
      return NULL;
    }
  if (import->cloud != CLOUD_VAST)
    return region;
  if ((*owned = vast_country (region)) != NULL)
    return *owned;
  shown = g_strescape (region, NULL);
  /* Translators: a Vast.ai host's place ("Oregon, US, NA") that names no country */
  gp_import_note (&import->builder, _("line %u: “%s” names no country code, skipped"),
                  gp_csv_reader_get_line (reader), shown);
  gp_import_report_skip (import->builder.report, N_("no country code"));
  return NULL;
}

static void
read_row (Import      *import,
          GpCsvReader *reader,
          const int    columns[N_COLUMNS])
{
  const char *type = field (reader, columns, COL_INSTANCE);
  const char *accelerator = field (reader, columns, COL_ACCELERATOR);
  const char *zone = field (reader, columns, COL_ZONE);
  const char *region;
  g_autofree char *country = NULL;
  GpImportInstance *instance;
  double price, spot;
  guint count;

  import->builder.report->rows++;
  if ((region = row_region (import, reader, columns, &country)) == NULL)
    return;

  /* Before the ids: a CPU shape's name need not be one (OCI's "VM.Standard.E4.Flex$_2_8"). */
  if (import->cloud != CLOUD_GCP && (*type == '\0' || *accelerator == '\0'))
    {
      gp_import_report_skip (import->builder.report, N_("no GPU (a CPU machine)"));
      return;
    }

  if (!gp_import_builder_check_ids (&import->builder, type, region) ||
      !gp_import_builder_check_ids (&import->builder, zone, NULL))
    return;

  if (import->cloud == CLOUD_GCP)
    {
      read_gcp_row (import, reader, columns);
      return;
    }

  /* A Local Zone is listed under its parent region: folded in, it would misprice the region. */
  if (import->cloud == CLOUD_AWS && is_local_zone (zone))
    {
      gp_import_report_skip (import->builder.report, N_("a Local Zone, listed under its region"));
      return;
    }

  if (!read_instance_row (import, reader, columns, &count) ||
      !read_prices (import, reader, columns, &price, &spot))
    return;
  /* Verda lists some sizes with a spot price only: an offer is priced on demand first, and a
   * spot price with nothing to compare it with would read as the whole price. */
  if (isnan (price) && !isnan (spot))
    {
      gp_import_report_skip (import->builder.report,
                             N_("a spot price without an on-demand price"));
      return;
    }

  instance = gp_import_builder_get_instance (&import->builder, type);
  if (instance->accelerator == NULL)
    {
      g_autofree char *clean = gp_import_clean_text (accelerator);

      instance->accelerator = g_steal_pointer (&clean);
      instance->count = count;
      instance->vcpus = gp_import_parse_number (field (reader, columns, COL_VCPUS));
      instance->memory = gp_import_parse_number (field (reader, columns, COL_MEMORY));
      instance->gpu_memory_gb =
        gp_import_parse_gpu_info_memory (field (reader, columns, COL_GPU_INFO));
    }

  import->builder.report->imported++;
  gp_import_builder_add_zone (&import->builder, instance, region, price, spot);
}

/* A file read, its rows reduced to offers, the catalog it will be layered on not yet needed. */
struct _GpSkypilotRows
{
  Import import;
  GpImportReport *own_report;
  char *file;
};

static void
import_clear (Import *import)
{
  gp_import_builder_clear (&import->builder);
  g_clear_pointer (&import->gcp_machines, g_hash_table_unref);
  g_clear_pointer (&import->gcp_accelerators, g_hash_table_unref);
  g_clear_pointer (&import->gcp_zone_region, g_hash_table_unref);
  g_clear_pointer (&import->gcp_specs, g_hash_table_unref);
  g_clear_pointer (&import->gcp_machine_order, g_ptr_array_unref);
  g_clear_pointer (&import->gcp_accelerator_order, g_ptr_array_unref);
}

void
gp_skypilot_rows_free (GpSkypilotRows *rows)
{
  if (rows == NULL)
    return;
  import_clear (&rows->import);
  g_clear_pointer (&rows->own_report, gp_import_report_free);
  g_free (rows->file);
  g_free (rows);
}

/* Reads a file's rows and reduces them to offers, without the catalog they will be layered
 * on: a caller may load that catalog meanwhile. */
GpSkypilotRows *
gp_skypilot_rows_read (GBytes          *csv,
                       const char      *file,
                       GpImportReport  *report,
                       GError         **error)
{
  g_autoptr(GpCsvReader) reader = NULL;
  g_autoptr(GError) local_error = NULL;
  int columns[N_COLUMNS];
  GpSkypilotRows *rows;
  Import *import;

  g_return_val_if_fail (csv != NULL, NULL);

  reader = gp_import_open_csv (csv, file, error);
  if (reader == NULL)
    return NULL;

  rows = g_new0 (GpSkypilotRows, 1);
  rows->file = g_strdup (file);
  if (report == NULL)
    report = rows->own_report = gp_import_report_new ();
  import = &rows->import;
  if (!read_header (reader, columns, &import->cloud, file, error))
    {
      gp_skypilot_rows_free (rows);
      return NULL;
    }
  if (import->cloud == CLOUD_GCP && first_zone_is_aws (csv, file, columns[COL_ZONE]))
    import->cloud = CLOUD_AWS;
  if (named_cloud (file) >= 0)
    import->cloud = named_cloud (file);

  gp_import_builder_init (&import->builder, NULL, report, clouds[import->cloud].provider);
  import->gcp_machines = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  import->gcp_accelerators = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  import->gcp_zone_region = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  import->gcp_specs =
      g_hash_table_new_full (g_str_hash, g_str_equal, NULL, gp_import_instance_free);
  import->gcp_machine_order = g_ptr_array_new_with_free_func (g_free);
  import->gcp_accelerator_order = g_ptr_array_new_with_free_func (g_free);

  while (gp_csv_reader_next (reader, &local_error))
    read_row (import, reader, columns);
  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      gp_skypilot_rows_free (rows);
      return NULL;
    }

  if (import->cloud == CLOUD_GCP)
    join_gcp (import);
  return rows;
}

/* The source the layer cites, and its words; FALSE with @error set where @base lacks the
 * provider (or, a programming error, an argument is missing). */
static gboolean
begin_layer (GpSkypilotRows  *rows,
             GpCatalog       *base,
             const char      *as_of,
             char           **source_id,
             char           **title,
             GError         **error)
{
  Import *import = &rows->import;

  g_return_val_if_fail (rows != NULL, FALSE);
  g_return_val_if_fail (GP_IS_CATALOG (base), FALSE);
  g_return_val_if_fail (as_of != NULL, FALSE);

  if (gp_import_find_provider (base, clouds[import->cloud].provider, rows->file, error) == NULL)
    return FALSE;
  import->builder.base = base;
  *source_id = g_strdup_printf ("skypilot-%s-import", clouds[import->cloud].provider);
  *title = g_strdup_printf ("SkyPilot price catalog, %s (vms.csv), imported",
                            clouds[import->cloud].name);
  return TRUE;
}

#define REDUCTION_NOTE                                                                      \
  "Zones reduced to the lowest on-demand price of the region, spot kept as a range; Local " \
  "Zones and zones without usable spot left out of the range."

JsonNode *
gp_skypilot_rows_build (GpSkypilotRows  *rows,
                        GpCatalog       *base,
                        const char      *source_url,
                        const char      *as_of,
                        GError         **error)
{
  g_autofree char *source_id = NULL, *title = NULL;

  if (!begin_layer (rows, base, as_of, &source_id, &title, error))
    return NULL;
  return gp_import_builder_build (&rows->import.builder, source_id, title, source_url, as_of,
                                  REDUCTION_NOTE);
}

GBytes *
gp_skypilot_rows_write (GpSkypilotRows  *rows,
                        GpCatalog       *base,
                        const char      *source_url,
                        const char      *as_of,
                        GError         **error)
{
  g_autofree char *source_id = NULL, *title = NULL;

  if (!begin_layer (rows, base, as_of, &source_id, &title, error))
    return NULL;
  return gp_import_builder_write (&rows->import.builder, source_id, title, source_url, as_of,
                                  REDUCTION_NOTE);
}

/* Like gp_skypilot_import(), as a tree: for a caller that merges it with other parts. */
JsonNode *
gp_skypilot_import_tree (GpCatalog       *base,
                         GBytes          *csv,
                         const char      *file,
                         const char      *source_url,
                         const char      *as_of,
                         GpImportReport  *report,
                         GError         **error)
{
  g_autoptr(GpSkypilotRows) rows = NULL;

  g_return_val_if_fail (GP_IS_CATALOG (base), NULL);

  rows = gp_skypilot_rows_read (csv, file, report, error);
  return rows != NULL ? gp_skypilot_rows_build (rows, base, source_url, as_of, error) : NULL;
}

GBytes *
gp_skypilot_import (GpCatalog       *base,
                    GBytes          *csv,
                    const char      *file,
                    const char      *source_url,
                    const char      *as_of,
                    GpImportReport  *report,
                    GError         **error)
{
  g_autoptr(GpSkypilotRows) rows = NULL;

  g_return_val_if_fail (GP_IS_CATALOG (base), NULL);

  rows = gp_skypilot_rows_read (csv, file, report, error);
  return rows != NULL ? gp_skypilot_rows_write (rows, base, source_url, as_of, error) : NULL;
}
