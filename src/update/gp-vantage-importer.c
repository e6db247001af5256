/* gp-vantage-importer.c — AWS EC2 prices as instances.vantage.sh lists them, as a catalog layer
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * instances.vantage.sh reads the AWS Price List API; tables of its figures, one row per
 * instance type and region, are what the file holds:
 *
 *   instance_type,gpu,gpu_count,gpu_memory,vcpu,memory,region,on_demand_usd_hr,
 *     reserved_usd_hr,spot_usd_hr
 *   p4d.24xlarge,"NVIDIA A100",8,"320 GB HBM2",96,"1152 GiB",us-east-1,21.957642,13.4527,
 *
 * (the header is one line, cut here to fit)
 *
 * What the rows are like:
 *  - the price columns say their currency: `on_demand_usd_hr` or, for AWS China, `on_demand_cny_hr`
 *    (yuan, as AWS China prices them); the reserved price is a 1-year reservation's effective
 *    hourly price;
 *  - `gpu_memory` is sometimes per GPU ("16 GB GDDR6" for four T4s) and sometimes for all of them
 *    ("320 GB HBM2" for eight A100s), and "Unknown" when not known: the importer tries both when it
 *    looks for the GPU model;
 *  - some types carry a fraction of a GPU (g6f: an eighth of an L40): the catalog counts whole
 *    GPUs, so those rows are skipped and counted;
 *  - region codes include Local Zones (us-east-1-atl-1) and Wavelength Zones (us-east-1-wl1-bos1):
 *    they are kept, and the catalog says what kind of place each code is.
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "gp-csv-reader.h"
#include "gp-import-builder.h"
#include "gp-update-error.h"
#include "gp-vantage-importer.h"

typedef enum
{
  COL_TYPE,
  COL_GPU,
  COL_COUNT,
  COL_GPU_MEMORY,
  COL_VCPUS,
  COL_MEMORY,
  COL_REGION,
  COL_ON_DEMAND,
  COL_RESERVED,
  COL_SPOT,
  N_COLUMNS
} Column;

typedef struct
{
  int         index[N_COLUMNS];
  const char *currency;
} Header;


/* "320 GB HBM2" → 320, "1152 GiB" → 1152, "Unknown" → NAN */
static double
leading_number (const char *text)
{
  char *end = NULL;
  double value;

  if (text == NULL || !g_ascii_isdigit (*text))
    return NAN;

  value = g_ascii_strtod (text, &end);
  return isfinite (value) && value > 0 && (*end == '\0' || *end == ' ') ? value : NAN;
}

static gboolean
read_header (GpCsvReader *reader,
             Header      *header,
             const char  *file,
             GError     **error)
{
  static const char *const required[] = { "instance_type", "gpu", "gpu_count", "region" };

  for (guint c = 0; c < G_N_ELEMENTS (required); c++)
    if (gp_csv_reader_find_field (reader, required[c]) < 0)
      {
        g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT,
                     _("%s:1: not an EC2 price table: no %s column"), file, required[c]);
        return FALSE;
      }

  header->index[COL_TYPE] = gp_csv_reader_find_field (reader, "instance_type");
  header->index[COL_GPU] = gp_csv_reader_find_field (reader, "gpu");
  header->index[COL_COUNT] = gp_csv_reader_find_field (reader, "gpu_count");
  header->index[COL_GPU_MEMORY] = gp_csv_reader_find_field (reader, "gpu_memory");
  header->index[COL_VCPUS] = gp_csv_reader_find_field (reader, "vcpu");
  header->index[COL_MEMORY] = gp_csv_reader_find_field (reader, "memory");
  header->index[COL_REGION] = gp_csv_reader_find_field (reader, "region");

  if ((header->index[COL_ON_DEMAND] = gp_csv_reader_find_field (reader, "on_demand_usd_hr")) >= 0)
    {
      header->currency = "USD";
      header->index[COL_RESERVED] = gp_csv_reader_find_field (reader, "reserved_usd_hr");
      header->index[COL_SPOT] = gp_csv_reader_find_field (reader, "spot_usd_hr");
    }
  else if ((header->index[COL_ON_DEMAND] = gp_csv_reader_find_field (reader, "on_demand_cny_hr")) >=
           0)
    {
      header->currency = "CNY";
      header->index[COL_RESERVED] = gp_csv_reader_find_field (reader, "reserved_cny_hr");
      header->index[COL_SPOT] = gp_csv_reader_find_field (reader, "spot_cny_hr");
    }
  else
    {
      g_set_error (
          error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT,
          _("%s:1: not an EC2 price table: no on_demand_usd_hr or on_demand_cny_hr column"), file);
      return FALSE;
    }

  return TRUE;
}

static const char *
field (GpCsvReader  *reader,
       const Header *header,
       Column        column)
{
  const char *value = header->index[column] >= 0 ? gp_csv_reader_get (reader, header->index[column])
                                                 : NULL;

  return value != NULL ? value : "";
}

static void
read_row (GpImportBuilder *builder,
          GpCsvReader     *reader,
          const Header    *header)
{
  const char *type = field (reader, header, COL_TYPE);
  const char *region = field (reader, header, COL_REGION);
  GpImportInstance *instance;
  GpImportOffer *offer;
  double price, reserved, spot;
  guint count;

  if (!gp_import_builder_begin_row (builder, type, region, N_("no instance type"),
                                    field (reader, header, COL_COUNT), &count))
    return;
  if (!gp_import_parse_price (field (reader, header, COL_ON_DEMAND), &price) ||
      !gp_import_parse_price (field (reader, header, COL_RESERVED), &reserved) ||
      !gp_import_parse_price (field (reader, header, COL_SPOT), &spot))
    {
      gp_import_skip_bad_price (builder, reader);
      return;
    }

  instance = gp_import_builder_get_instance (builder, type);
  if (instance->accelerator == NULL)
    {
      instance->accelerator = gp_import_clean_text (field (reader, header, COL_GPU));
      instance->count = count;
      instance->gpu_memory_any_gb = leading_number (field (reader, header, COL_GPU_MEMORY));
      instance->vcpus = gp_import_parse_number (field (reader, header, COL_VCPUS));
      instance->memory = leading_number (field (reader, header, COL_MEMORY));
    }

  builder->report->imported++;
  gp_import_builder_add_zone (builder, instance, region, price, spot);
  offer = gp_import_builder_get_offer (builder, instance, region);
  if (!isnan (reserved) && reserved > 0 &&
      (isnan (offer->reserved_1y) || reserved < offer->reserved_1y))
    offer->reserved_1y = reserved;
}

JsonNode *
gp_vantage_import_tree (GpCatalog       *base,
                        GBytes          *csv,
                        const char      *file,
                        const char      *provider_id,
                        const char      *source_url,
                        const char      *as_of,
                        GpImportReport  *report,
                        GError         **error)
{
  g_autoptr(GpImportReport) own_report = NULL;
  g_autoptr(GpCsvReader) reader = NULL;
  g_autoptr(GError) local_error = NULL;
  GpImportBuilder builder = { NULL };
  GpProvider *provider;
  JsonNode *result = NULL;
  Header header;

  g_return_val_if_fail (GP_IS_CATALOG (base), NULL);
  g_return_val_if_fail (csv != NULL, NULL);
  g_return_val_if_fail (as_of != NULL, NULL);

  if (report == NULL)
    report = own_report = gp_import_report_new ();

  reader = gp_import_open_csv (csv, file, error);
  if (reader == NULL)
    return NULL;
  if (!read_header (reader, &header, file, error))
    return NULL;

  if (provider_id == NULL)
    provider_id = g_str_equal (header.currency, "CNY") ? "aws-china" : "aws-ec2";
  provider = gp_import_find_provider (base, provider_id, file, error);
  if (provider == NULL)
    return NULL;
  if (g_strcmp0 (gp_provider_get_currency (provider), header.currency) != 0)
    {
      g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT,
                   _("%s: the prices are in %s, but %s prices in %s"), file, header.currency,
                   provider_id, gp_provider_get_currency (provider));
      return NULL;
    }

  gp_import_builder_init (&builder, base, report, provider_id);
  while (gp_csv_reader_next (reader, &local_error))
    read_row (&builder, reader, &header);

  if (local_error != NULL)
    g_propagate_error (error, g_steal_pointer (&local_error));
  else
    {
      g_autofree char *source_id = g_strdup_printf ("%s-vantage-import", provider_id);

      result = gp_import_builder_build (&builder, source_id,
                                        "Amazon EC2 prices (instances.vantage.sh table), imported",
                                        source_url, as_of,
                                        "One row per instance type and region: on-demand and a "
                                        "1-year reservation's effective hourly price.");
    }

  gp_import_builder_clear (&builder);
  return result;
}
