/* gp-import-builder.c — what the importers share: offers gathered by instance and region
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every value a price list gives is checked before it is used (gp-import-values.c); a row with
 * a bad value is skipped whole and counted under its reason, never half imported. The offers
 * gathered here are written out as a catalog layer by gp-import-writer.c.
 */

#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "gp-import-builder.h"
#include "gp-offer.h"
#include "gp-text.h"
#include "gp-update-error.h"

static void
offer_free (gpointer data)
{
  GpImportOffer *offer = data;

  g_free (offer->region);
  g_array_unref (offer->spots);
  g_free (offer);
}

void
gp_import_instance_free (gpointer data)
{
  GpImportInstance *instance = data;

  g_free (instance->name);
  g_free (instance->display_name);
  g_free (instance->accelerator);
  g_free (instance->gpu);
  g_free (instance->interconnect);
  g_free (instance->notes);
  g_free (instance->host_required);
  g_ptr_array_unref (instance->offers);
  g_hash_table_unref (instance->by_region);
  g_free (instance);
}

void
gp_import_note (GpImportBuilder *import,
                const char      *format,
                ...)
{
  va_list args;

  va_start (args, format);
  g_ptr_array_add (import->report->notes, g_strdup_vprintf (format, args));
  va_end (args);
}

static void
add_region (GpImportBuilder *import,
            const char      *region)
{
  if (g_hash_table_contains (import->regions, region))
    return;

  g_hash_table_add (import->regions, g_strdup (region));
  g_ptr_array_add (import->region_order, g_strdup (region));
}

GpImportInstance *
gp_import_instance_new (const char *name)
{
  GpImportInstance *instance = g_new0 (GpImportInstance, 1);

  instance->name = g_strdup (name);
  instance->gpu_memory_gb = NAN;
  instance->gpu_memory_any_gb = NAN;
  instance->vcpus = NAN;
  instance->memory = NAN;
  instance->offers = g_ptr_array_new_with_free_func (offer_free);
  instance->by_region = g_hash_table_new (g_str_hash, g_str_equal);
  return instance;
}

/* The GPU model of the first of @models whose prefix starts @name; NULL where none does. */
const char *
gp_import_model_of (const GpImportModel *models,
                    guint                n_models,
                    const char          *name)
{
  for (guint i = 0; i < n_models; i++)
    if (g_str_has_prefix (name, models[i].prefix))
      return models[i].gpu;
  return NULL;
}

GpImportInstance *
gp_import_builder_get_instance (GpImportBuilder *import,
                                const char      *name)
{
  GpImportInstance *instance;

  /* A price list gives an instance's rows one after another: the last one is the likeliest. */
  if (import->last_instance != NULL && strcmp (import->last_instance->name, name) == 0)
    return import->last_instance;

  instance = g_hash_table_lookup (import->by_name, name);
  if (instance == NULL)
    {
      instance = gp_import_instance_new (name);
      g_ptr_array_add (import->instances, instance);
      g_hash_table_insert (import->by_name, instance->name, instance);
    }

  return import->last_instance = instance;
}

GpImportOffer *
gp_import_builder_get_offer (GpImportBuilder  *import,
                             GpImportInstance *instance,
                             const char       *region)
{
  GpImportOffer *offer;

  /* Its zones' rows one after another, likewise. */
  if (instance->last_offer != NULL && strcmp (instance->last_offer->region, region) == 0)
    return instance->last_offer;

  offer = g_hash_table_lookup (instance->by_region, region);
  if (offer == NULL)
    {
      offer = g_new0 (GpImportOffer, 1);
      offer->region = g_strdup (region);
      offer->on_demand = NAN;
      offer->reserved_1y = NAN;
      offer->reserved_3y = NAN;
      offer->spots = g_array_new (FALSE, FALSE, sizeof (double));
      g_ptr_array_add (instance->offers, offer);
      g_hash_table_insert (instance->by_region, offer->region, offer);
      add_region (import, region);
    }

  return instance->last_offer = offer;
}

/* Folds one zone into the region's figures: the lowest on-demand price, and spot as a range
 * of usable prices (a spot at or above on-demand, within the list's rounding, is flagged
 * instead). */
void
gp_import_builder_add_zone (GpImportBuilder  *import,
                            GpImportInstance *instance,
                            const char       *region,
                            double            price,
                            double            spot)
{
  GpImportOffer *offer = gp_import_builder_get_offer (import, instance, region);

  if (price == 0)
    offer->zero = TRUE;
  else if (!isnan (price) && (isnan (offer->on_demand) || price < offer->on_demand))
    offer->on_demand = price;

  if (isnan (spot) || spot == 0)
    return;
  /* Spot at on-demand within the list's rounding is the provider's cap, not a discount. */
  if (!isnan (price) && gp_spot_compare_on_demand (spot, price) == 0)
    offer->spot_equals = TRUE;
  else if (!isnan (price) && spot > price)
    offer->spot_above = TRUE;
  else
    g_array_append_val (offer->spots, spot);
}

void
gp_import_builder_init (GpImportBuilder *import,
                        GpCatalog       *base,
                        GpImportReport  *report,
                        const char      *provider_id)
{
  import->base = base;
  import->report = report;
  import->last_instance = NULL;
  import->provider_list = FALSE;
  import->layer_name = NULL;
  import->ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  import->provider_id = provider_id;
  import->instances = g_ptr_array_new_with_free_func (gp_import_instance_free);
  import->by_name = g_hash_table_new (g_str_hash, g_str_equal);
  import->regions = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  import->region_order = g_ptr_array_new_with_free_func (g_free);
  import->new_gpus = g_ptr_array_new_with_free_func ((GDestroyNotify) json_node_unref);
}

void
gp_import_builder_clear (GpImportBuilder *import)
{
  g_clear_pointer (&import->instances, g_ptr_array_unref);
  g_clear_pointer (&import->by_name, g_hash_table_unref);
  g_clear_pointer (&import->regions, g_hash_table_unref);
  g_clear_pointer (&import->region_order, g_ptr_array_unref);
  g_clear_pointer (&import->new_gpus, g_ptr_array_unref);
  g_clear_pointer (&import->ids, g_hash_table_unref);
  import->last_instance = NULL;
}

/* Counts the row as skipped for a price that is not a number, and names its line. */
void
gp_import_skip_bad_price (GpImportBuilder *builder,
                          GpCsvReader     *reader)
{
  static const char bad_price[] = N_("a price that is not a decimal number of at least 0");

  gp_import_report_skip (builder->report, bad_price);
  gp_import_note (builder, _("line %u: skipped, %s"), gp_csv_reader_get_line (reader),
                  _(bad_price));
}

/* The row's type and region as ids (gp_import_report_check_id()). */
gboolean
gp_import_builder_check_ids (GpImportBuilder *builder,
                             const char      *type,
                             const char      *region)
{
  const char *values[] = { type, region };

  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    {
      /* A file names a few hundred types, regions and zones over thousands of rows: each is
       * checked once. */
      if (values[i] == NULL || g_hash_table_contains (builder->ids, values[i]))
        continue;
      if (!gp_import_report_check_id (builder->report, values[i]))
        return FALSE;
      g_hash_table_add (builder->ids, g_strdup (values[i]));
    }
  return TRUE;
}

/* What every row of a price table starts with: it is counted, and it is skipped (counted and
 * named) when it has no type, no region or no sane GPU count. */
gboolean
gp_import_builder_begin_row (GpImportBuilder *builder,
                             const char      *type,
                             const char      *region,
                             const char      *no_type,
                             const char      *count_text,
                             guint           *count)
{
  const char *problem;

  builder->report->rows++;
  if (*type == '\0' || *region == '\0')
    {
      gp_import_report_skip (builder->report, *type == '\0' ? no_type : N_("no region"));
      return FALSE;
    }
  if (!gp_import_builder_check_ids (builder, type, region))
    return FALSE;
  if (!gp_import_parse_count (count_text, count, &problem))
    {
      gp_import_report_skip (builder->report, problem);
      return FALSE;
    }
  return TRUE;
}

GpProvider *
gp_import_find_provider (GpCatalog   *base,
                         const char  *provider_id,
                         const char  *file,
                         GError     **error)
{
  GpProvider *provider = gp_catalog_find_provider (base, provider_id);

  if (provider == NULL)
    g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT,
                 _("%s: the catalog has no provider %s to add these prices to"), file,
                 provider_id);
  return provider;
}

GpCsvReader *
gp_import_open_csv (GBytes      *csv,
                    const char  *file,
                    GError     **error)
{
  g_autoptr(GpCsvReader) reader = NULL;
  g_autoptr(GHashTable) columns = NULL;
  gsize length;
  const char *text = g_bytes_get_data (csv, &length);

  if (text != NULL && !gp_text_is_utf8 (text, length))
    {
      g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT, _("%s: not UTF-8 text"), file);
      return NULL;
    }

  reader = gp_csv_reader_new (text != NULL ? text : "", length, file);
  if (!gp_csv_reader_next (reader, error))
    {
      if (error != NULL && *error == NULL)
        g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT, _("%s: the file is empty"),
                     file);
      return NULL;
    }
  /* Which of two "Price" columns is the price? Neither is taken. */
  columns = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint f = 0; f < gp_csv_reader_get_n_fields (reader); f++)
    {
      const char *name = gp_csv_reader_get (reader, f);
      gpointer seen;

      if (*name == '\0')
        continue;
      if (!g_hash_table_lookup_extended (columns, name, NULL, &seen))
        g_hash_table_insert (columns, (gpointer) name, GUINT_TO_POINTER (f));
      else
        {
          int first = (int) GPOINTER_TO_UINT (seen);

          g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT,
                       _("%s:%u: the column “%s” appears twice (columns %d and %u)"), file,
                       gp_csv_reader_get_line (reader), name, first + 1, f + 1);
          return NULL;
        }
    }
  return g_steal_pointer (&reader);
}
