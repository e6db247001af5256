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

/* SkyPilot's accelerator names and the catalog's GPU models. A bare "A100" is the 40 GB part;
 * the SXM variants are the ones the clouds' multi-GPU machines carry. */
static const struct
{
  const char *accelerator;
  const char *gpu;
} gpu_names[] = {
  { "T4", "t4" },
  { "L4", "l4" },
  { "A10", "a10" },
  { "A10G", "a10g" },
  { "V100", "v100-sxm2-16gb" },
  { "V100-32GB", "v100-32gb" },
  { "P100", "p100-pcie-16gb" },
  { "A100", "a100-sxm4-40gb" },
  { "A100-80GB", "a100-sxm4-80gb" },
  { "H100", "h100-sxm5-80gb" },
  { "H100-MEGA", "h100-sxm5-80gb" },
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

/* One instance type in one region, gathered over its zones. */
typedef struct
{
  char     *region;
  double    on_demand;
  GArray   *spots;
  gboolean  spot_equals;
  gboolean  spot_above;
  gboolean  zero;
} Offer;

typedef struct
{
  char       *name;
  char       *accelerator;
  guint       count;
  double      vcpus;
  double      memory;
  GPtrArray  *offers;      /* Offer, in the order regions appear */
  GHashTable *by_region;
} Instance;

typedef struct
{
  GpCatalog      *base;
  Cloud           cloud;
  GpImportReport *report;
  GPtrArray      *instances;
  GHashTable     *by_name;
  GHashTable     *regions;   /* every region seen, for the provider */
  GPtrArray      *region_order;
  GHashTable     *gcp_machines;     /* "type\tzone" → Zone */
  GHashTable     *gcp_accelerators; /* "NAME:count\tzone" → Zone */
  GHashTable     *gcp_zone_region;  /* zone → region */
  GHashTable     *gcp_specs;        /* type → Instance (specs only) */
} Import;

static void
offer_free (gpointer data)
{
  Offer *offer = data;

  g_free (offer->region);
  g_array_unref (offer->spots);
  g_free (offer);
}

static void
instance_free (gpointer data)
{
  Instance *instance = data;

  g_free (instance->name);
  g_free (instance->accelerator);
  g_ptr_array_unref (instance->offers);
  g_hash_table_unref (instance->by_region);
  g_free (instance);
}

GpImportReport *
gp_import_report_new (void)
{
  GpImportReport *report = g_new0 (GpImportReport, 1);

  report->notes = g_ptr_array_new_with_free_func (g_free);
  return report;
}

void
gp_import_report_free (GpImportReport *report)
{
  if (report == NULL)
    return;

  g_ptr_array_unref (report->notes);
  g_free (report);
}

G_GNUC_PRINTF (2, 3) static void
note (Import     *import,
      const char *format,
      ...)
{
  va_list args;

  va_start (args, format);
  g_ptr_array_add (import->report->notes, g_strdup_vprintf (format, args));
  va_end (args);
}

static double
parse_number (const char *text)
{
  char *end = NULL;
  double value;

  if (text == NULL || *text == '\0')
    return NAN;

  value = g_ascii_strtod (text, &end);
  if (end == text || *end != '\0' || !isfinite (value) || value < 0)
    return NAN;

  return value;
}

static const char *
gpu_for_accelerator (const char *accelerator)
{
  for (guint i = 0; i < G_N_ELEMENTS (gpu_names); i++)
    if (g_strcmp0 (accelerator, gpu_names[i].accelerator) == 0)
      return gpu_names[i].gpu;
  return NULL;
}

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

static void
add_region (Import     *import,
            const char *region)
{
  if (g_hash_table_contains (import->regions, region))
    return;

  g_hash_table_add (import->regions, g_strdup (region));
  g_ptr_array_add (import->region_order, g_strdup (region));
}

static Instance *
get_instance (Import     *import,
              const char *name)
{
  Instance *instance = g_hash_table_lookup (import->by_name, name);

  if (instance == NULL)
    {
      instance = g_new0 (Instance, 1);
      instance->name = g_strdup (name);
      instance->vcpus = NAN;
      instance->memory = NAN;
      instance->offers = g_ptr_array_new_with_free_func (offer_free);
      instance->by_region = g_hash_table_new (g_str_hash, g_str_equal);
      g_ptr_array_add (import->instances, instance);
      g_hash_table_insert (import->by_name, instance->name, instance);
    }

  return instance;
}

static void
add_zone (Import     *import,
          Instance   *instance,
          const char *region,
          double      price,
          double      spot)
{
  Offer *offer = g_hash_table_lookup (instance->by_region, region);

  if (offer == NULL)
    {
      offer = g_new0 (Offer, 1);
      offer->region = g_strdup (region);
      offer->on_demand = NAN;
      offer->spots = g_array_new (FALSE, FALSE, sizeof (double));
      g_ptr_array_add (instance->offers, offer);
      g_hash_table_insert (instance->by_region, offer->region, offer);
      add_region (import, region);
    }

  if (price == 0)
    offer->zero = TRUE;
  else if (!isnan (price) && (isnan (offer->on_demand) || price < offer->on_demand))
    offer->on_demand = price;

  if (isnan (spot) || spot == 0)
    return;
  if (!isnan (price) && spot == price)
    offer->spot_equals = TRUE;
  else if (!isnan (price) && spot > price)
    offer->spot_above = TRUE;
  else
    g_array_append_val (offer->spots, spot);
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

  figures->price = parse_number (field (reader, columns, COL_PRICE));
  figures->spot = parse_number (field (reader, columns, COL_SPOT));
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
      Instance *specs = g_hash_table_lookup (import->gcp_specs, type);

      if (specs == NULL)
        {
          specs = g_new0 (Instance, 1);
          specs->name = g_strdup (type);
          specs->offers = g_ptr_array_new_with_free_func (offer_free);
          specs->by_region = g_hash_table_new (g_str_hash, g_str_equal);
          g_hash_table_insert (import->gcp_specs, specs->name, specs);
        }
      specs->vcpus = parse_number (field (reader, columns, COL_VCPUS));
      specs->memory = parse_number (field (reader, columns, COL_MEMORY));
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
          Instance *instance, *specs;
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
              note (import, "%s in %s: no %u× %s row to add to the machine price", type, zone,
                    count, gcp_families[f].accelerator);
              break;
            }

          instance = get_instance (import, type);
          specs = g_hash_table_lookup (import->gcp_specs, type);
          g_free (instance->accelerator);
          instance->accelerator = g_strdup (gcp_families[f].accelerator);
          instance->count = count;
          instance->vcpus = specs->vcpus;
          instance->memory = specs->memory;
          add_zone (import, instance, g_hash_table_lookup (import->gcp_zone_region, zone),
                    sum (machine->price, gpus->price), sum (machine->spot, gpus->spot));
          /* The GPU row alone may list spot above on-demand (A100 80GB): the sum hides it. */
          if (!isnan (gpus->spot) && !isnan (gpus->price) && gpus->spot > gpus->price)
            {
              Offer *offer = g_hash_table_lookup (instance->by_region,
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
      const char *gpu = gpu_for_accelerator (name[0]);
      g_autofree char *type = NULL;
      Instance *instance;
      Zone *gpus = value;

      if (gpu == NULL || !g_str_equal (name[1], "1") ||
          !(g_str_equal (name[0], "T4") || g_str_equal (name[0], "V100") ||
            g_str_equal (name[0], "P100")))
        continue;

      type = g_strdup_printf ("n1-gpu-%s", gpu);
      instance = get_instance (import, type);
      g_free (instance->accelerator);
      instance->accelerator = g_strdup (name[0]);
      instance->count = 1;
      add_zone (import, instance, g_hash_table_lookup (import->gcp_zone_region, parts[1]),
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
  Instance *instance;

  import->report->rows++;

  /* A row without a region cannot be placed; the loader would refuse an empty region id. */
  if (*field (reader, columns, COL_REGION) == '\0')
    {
      note (import, "line %u: no region, skipped", gp_csv_reader_get_line (reader));
      import->report->skipped++;
      return;
    }

  if (import->cloud == CLOUD_GCP)
    {
      read_gcp_row (import, reader, columns);
      return;
    }

  if (*type == '\0' || *accelerator == '\0')
    {
      import->report->skipped++;
      return;
    }

  if (import->cloud == CLOUD_AWS && is_local_zone (zone))
    {
      import->report->skipped++;
      return;
    }

  instance = get_instance (import, type);
  if (instance->accelerator == NULL)
    {
      instance->accelerator = g_strdup (accelerator);
      instance->count = (guint) parse_number (field (reader, columns, COL_COUNT));
      instance->vcpus = parse_number (field (reader, columns, COL_VCPUS));
      instance->memory = parse_number (field (reader, columns, COL_MEMORY));
    }

  add_zone (import, instance, field (reader, columns, COL_REGION),
            parse_number (field (reader, columns, COL_PRICE)),
            parse_number (field (reader, columns, COL_SPOT)));
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

static void
add_anomalies (JsonBuilder *builder,
               Offer       *offer,
               gboolean     outlier)
{
  if (!offer->spot_equals && !offer->spot_above && !offer->zero && !outlier)
    return;

  json_builder_set_member_name (builder, "anomalies");
  json_builder_begin_array (builder);
  if (offer->spot_equals)
    json_builder_add_string_value (builder, "spot-equals-on-demand");
  if (offer->spot_above)
    json_builder_add_string_value (builder, "spot-above-on-demand");
  if (offer->zero)
    json_builder_add_string_value (builder, "zero-price");
  if (outlier)
    json_builder_add_string_value (builder, "regional-outlier");
  json_builder_end_array (builder);
}

static void
write_offer (JsonBuilder *builder,
             Offer       *offer,
             double       lowest)
{
  /* Twice the cheapest region is rarely a real price: the GCP H100 rows of us-east4 are. */
  gboolean outlier = !isnan (offer->on_demand) && lowest > 0 && offer->on_demand >= 2 * lowest;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "region");
  json_builder_add_string_value (builder, offer->region);
  if (!isnan (offer->on_demand))
    {
      json_builder_set_member_name (builder, "on_demand");
      json_builder_add_double_value (builder, offer->on_demand);
    }
  if (offer->spots->len > 0)
    {
      g_array_sort (offer->spots, compare_doubles);
      json_builder_set_member_name (builder, "spot");
      json_builder_begin_array (builder);
      json_builder_add_double_value (builder, g_array_index (offer->spots, double, 0));
      json_builder_add_double_value (builder,
                                     g_array_index (offer->spots, double, offer->spots->len - 1));
      json_builder_end_array (builder);
    }
  add_anomalies (builder, offer, outlier);
  json_builder_end_object (builder);
}

static void
add_uint_member (JsonBuilder *builder,
                 const char  *key,
                 double       value)
{
  if (isnan (value) || value != floor (value))
    return;
  json_builder_set_member_name (builder, key);
  json_builder_add_int_value (builder, (gint64) value);
}

/* Writes one instance; returns FALSE when it cannot be (a GPU the catalog does not know). */
static gboolean
write_instance (Import      *import,
                JsonBuilder *builder,
                Instance    *instance,
                const char  *source_id)
{
  const char *provider = clouds[import->cloud].provider;
  g_autofree char *id = g_strdup_printf ("%s/%s", provider, instance->name);
  GpInstance *known = gp_catalog_find_instance (import->base, id);
  const char *gpu = known != NULL ? gp_gpu_get_id (gp_instance_get_gpu (known))
                                  : gpu_for_accelerator (instance->accelerator);
  guint count = known != NULL ? gp_instance_get_gpu_count (known) : instance->count;
  double lowest = NAN;
  gboolean suspect = known != NULL && instance->count > 0 && instance->count != count;

  if (gpu == NULL || gp_catalog_find_gpu (import->base, gpu) == NULL || count == 0)
    {
      note (import, "%s: skipped, the catalog has no GPU model for “%s”", instance->name,
            instance->accelerator);
      import->report->skipped++;
      return FALSE;
    }
  if (suspect)
    note (import, "%s: the source lists %u GPUs, the catalog %u; kept %u and flagged",
          instance->name, instance->count, count, count);

  for (guint o = 0; o < instance->offers->len; o++)
    {
      Offer *offer = g_ptr_array_index (instance->offers, o);
      if (!isnan (offer->on_demand) && (isnan (lowest) || offer->on_demand < lowest))
        lowest = offer->on_demand;
    }

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "id");
  json_builder_add_string_value (builder, id);
  json_builder_set_member_name (builder, "provider");
  json_builder_add_string_value (builder, provider);
  json_builder_set_member_name (builder, "name");
  json_builder_add_string_value (builder, known != NULL ? gp_instance_get_name (known)
                                                        : instance->name);
  json_builder_set_member_name (builder, "gpu");
  json_builder_add_string_value (builder, gpu);
  json_builder_set_member_name (builder, "gpu_count");
  json_builder_add_int_value (builder, count);
  add_uint_member (builder, "vcpus", instance->vcpus);
  if (!isnan (instance->memory))
    {
      json_builder_set_member_name (builder, "memory_gb");
      json_builder_add_double_value (builder, instance->memory);
    }
  if (known != NULL && gp_instance_get_interconnect (known) != NULL)
    {
      json_builder_set_member_name (builder, "interconnect");
      json_builder_add_string_value (builder, gp_instance_get_interconnect (known));
    }
  if (suspect)
    {
      json_builder_set_member_name (builder, "anomalies");
      json_builder_begin_array (builder);
      json_builder_add_string_value (builder, "gpu-count-suspect");
      json_builder_end_array (builder);
    }
  if (known == NULL)
    {
      json_builder_set_member_name (builder, "notes");
      json_builder_add_string_value (builder, "GPU variant taken from the accelerator name in the "
                                              "SkyPilot catalog.");
    }
  json_builder_set_member_name (builder, "source");
  json_builder_add_string_value (builder, source_id);
  json_builder_set_member_name (builder, "prices");
  json_builder_begin_array (builder);
  for (guint o = 0; o < instance->offers->len; o++)
    write_offer (builder, g_ptr_array_index (instance->offers, o), lowest);
  json_builder_end_array (builder);
  json_builder_end_object (builder);

  import->report->offers += instance->offers->len;
  return TRUE;
}

static GBytes *
write_catalog (Import     *import,
               const char *source_url,
               const char *as_of)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *source_id = g_strdup_printf ("skypilot-%s-import", clouds[import->cloud].provider);
  g_autofree char *title = g_strdup_printf ("SkyPilot price catalog, %s (vms.csv), imported",
                                            clouds[import->cloud].name);
  GpProvider *provider = gp_catalog_find_provider (import->base, clouds[import->cloud].provider);
  gsize length;
  char *text;

  g_ptr_array_add (import->region_order, NULL);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "schema_version");
  json_builder_add_int_value (builder, 1);
  json_builder_set_member_name (builder, "name");
  json_builder_add_string_value (builder, title);
  json_builder_set_member_name (builder, "as_of");
  json_builder_add_string_value (builder, as_of);
  json_builder_set_member_name (builder, "currency");
  json_builder_add_string_value (builder, "USD");

  json_builder_set_member_name (builder, "sources");
  json_builder_begin_array (builder);
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "id");
  json_builder_add_string_value (builder, source_id);
  json_builder_set_member_name (builder, "title");
  json_builder_add_string_value (builder, title);
  if (source_url != NULL)
    {
      json_builder_set_member_name (builder, "url");
      json_builder_add_string_value (builder, source_url);
    }
  json_builder_set_member_name (builder, "as_of");
  json_builder_add_string_value (builder, as_of);
  json_builder_set_member_name (builder, "note");
  json_builder_add_string_value (builder, "Zones reduced to the lowest on-demand price of the "
                                          "region, spot kept as a range; Local Zones and zones "
                                          "without usable spot left out of the range.");
  json_builder_end_object (builder);
  json_builder_end_array (builder);

  /* The provider again, with every region the file names: a layer replaces a provider whole. */
  json_builder_set_member_name (builder, "providers");
  json_builder_begin_array (builder);
  if (provider != NULL)
    gp_catalog_writer_add_provider (builder, provider,
                                    (const char * const *) import->region_order->pdata);
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "instances");
  json_builder_begin_array (builder);
  for (guint i = 0; i < import->instances->len; i++)
    write_instance (import, builder, g_ptr_array_index (import->instances, i), source_id);
  json_builder_end_array (builder);
  json_builder_end_object (builder);

  root = json_builder_get_root (builder);
  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, TRUE);
  text = json_generator_to_data (generator, &length);
  return g_bytes_new_take (text, length);
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
  g_autoptr(GpImportReport) own_report = NULL;
  g_autoptr(GpCsvReader) reader = NULL;
  g_autoptr(GError) local_error = NULL;
  int columns[N_COLUMNS];
  Import import = { base };
  GBytes *result = NULL;
  gsize length;
  const char *text;

  g_return_val_if_fail (GP_IS_CATALOG (base), NULL);
  g_return_val_if_fail (csv != NULL, NULL);
  g_return_val_if_fail (as_of != NULL, NULL);

  if (report == NULL)
    report = own_report = gp_import_report_new ();
  import.report = report;

  text = g_bytes_get_data (csv, &length);
  if (text != NULL && !g_utf8_validate_len (text, length, NULL))
    {
      g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT, "%s: not UTF-8 text", file);
      return NULL;
    }

  reader = gp_csv_reader_new (text != NULL ? text : "", length, file);
  if (!read_header (reader, columns, &import.cloud, file, error))
    return NULL;

  import.instances = g_ptr_array_new_with_free_func (instance_free);
  import.by_name = g_hash_table_new (g_str_hash, g_str_equal);
  import.regions = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  import.region_order = g_ptr_array_new_with_free_func (g_free);
  import.gcp_machines = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  import.gcp_accelerators = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  import.gcp_zone_region = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  import.gcp_specs = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, instance_free);

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
    result = write_catalog (&import, source_url, as_of);

  g_ptr_array_unref (import.instances);
  g_hash_table_unref (import.by_name);
  g_hash_table_unref (import.regions);
  g_ptr_array_unref (import.region_order);
  g_hash_table_unref (import.gcp_machines);
  g_hash_table_unref (import.gcp_accelerators);
  g_hash_table_unref (import.gcp_zone_region);
  g_hash_table_unref (import.gcp_specs);

  return result;
}
