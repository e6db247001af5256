/* gp-gcp-billing-importer.c — Compute Engine GPU machine prices from the Cloud Billing catalog
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A table of whole GPU machines, one row per machine type and region, as Cyclenerd's
 * google-cloud-pricing-cost-calculator builds it every week from the Cloud Billing Catalog API
 * (its pricing.yml):
 *
 *   machine_type,gpu,gpu_count,vcpu,ram_gb,region,ondemand_usd_hr,spot_usd_hr,
 *     cud1y_usd_month,cud3y_usd_month
 *   a2-highgpu-1g,A100-40GB,1,12,85,us-central1,3.6733,1.928,1678.9,932.7
 *
 * (the header is one line, cut here to fit)
 *
 * The machine price includes its GPUs. Commitments are given per month of
 * GP_GCP_HOURS_PER_MONTH hours, as Google's price calculator counts a month: divided by those
 * hours they are the effective hourly prices of a 1- and a 3-year commitment.
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "gp-csv-reader.h"
#include "gp-gcp-billing-importer.h"
#include "gp-import-builder.h"
#include "gp-update-error.h"

typedef enum
{
  COL_TYPE,
  COL_GPU,
  COL_COUNT,
  COL_VCPUS,
  COL_MEMORY,
  COL_REGION,
  COL_ON_DEMAND,
  COL_SPOT,
  COL_CUD_1Y,
  COL_CUD_3Y,
  N_COLUMNS
} Column;

static const char *const column_names[N_COLUMNS] = {
  "machine_type", "gpu", "gpu_count", "vcpu", "ram_gb", "region", "ondemand_usd_hr",
  "spot_usd_hr", "cud1y_usd_month", "cud3y_usd_month",
};


static const char *
field (GpCsvReader *reader,
       const int    columns[N_COLUMNS],
       Column       column)
{
  const char *value = gp_csv_reader_get (reader, columns[column]);

  return value != NULL ? value : "";
}

static void
read_row (GpImportBuilder *builder,
          GpCsvReader     *reader,
          const int        columns[N_COLUMNS])
{
  const char *type = field (reader, columns, COL_TYPE);
  const char *region = field (reader, columns, COL_REGION);
  double price, spot, cud_1y, cud_3y;
  GpImportInstance *instance;
  GpImportOffer *offer;
  guint count;

  if (!gp_import_builder_begin_row (builder, type, region, N_("no machine type"),
                                    field (reader, columns, COL_COUNT), &count))
    return;
  if (!gp_import_parse_price (field (reader, columns, COL_ON_DEMAND), &price) ||
      !gp_import_parse_price (field (reader, columns, COL_SPOT), &spot) ||
      !gp_import_parse_price (field (reader, columns, COL_CUD_1Y), &cud_1y) ||
      !gp_import_parse_price (field (reader, columns, COL_CUD_3Y), &cud_3y))
    {
      gp_import_skip_bad_price (builder, reader);
      return;
    }

  instance = gp_import_builder_get_instance (builder, type);
  if (instance->accelerator == NULL)
    {
      instance->accelerator = gp_import_clean_text (field (reader, columns, COL_GPU));
      instance->count = count;
      instance->vcpus = gp_import_parse_number (field (reader, columns, COL_VCPUS));
      instance->memory = gp_import_parse_number (field (reader, columns, COL_MEMORY));
    }

  builder->report->imported++;
  gp_import_builder_add_zone (builder, instance, region, price, spot);
  offer = gp_import_builder_get_offer (builder, instance, region);
  /* To a millionth of a dollar, as the hourly prices are given. */
  if (cud_1y > 0)
    offer->reserved_1y = round (cud_1y / GP_GCP_HOURS_PER_MONTH * 1e6) / 1e6;
  if (cud_3y > 0)
    offer->reserved_3y = round (cud_3y / GP_GCP_HOURS_PER_MONTH * 1e6) / 1e6;
}

JsonNode *
gp_gcp_billing_import_tree (GpCatalog       *base,
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
  GpImportBuilder builder = { NULL };
  int columns[N_COLUMNS];
  JsonNode *result = NULL;

  g_return_val_if_fail (GP_IS_CATALOG (base), NULL);
  g_return_val_if_fail (csv != NULL, NULL);
  g_return_val_if_fail (as_of != NULL, NULL);

  if (report == NULL)
    report = own_report = gp_import_report_new ();

  reader = gp_import_open_csv (csv, file, error);
  if (reader == NULL)
    return NULL;
  for (guint c = 0; c < N_COLUMNS; c++)
    if ((columns[c] = gp_csv_reader_find_field (reader, column_names[c])) < 0)
      {
        g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT,
                     _("%s:1: not a Compute Engine GPU price table: no %s column"), file,
                     column_names[c]);
        return NULL;
      }
  if (gp_import_find_provider (base, "gcp", file, error) == NULL)
    return NULL;

  gp_import_builder_init (&builder, base, report, "gcp");
  while (gp_csv_reader_next (reader, &local_error))
    read_row (&builder, reader, columns);

  if (local_error != NULL)
    g_propagate_error (error, g_steal_pointer (&local_error));
  else
    result = gp_import_builder_build (
        &builder, "gcp-billing-import",
        "Compute Engine GPU machines (Cloud Billing catalog), imported", source_url, as_of,
        "Commitments converted from per month to per hour at 730 "
        "hours a month, as Google's price calculator counts.");

  gp_import_builder_clear (&builder);
  return result;
}
