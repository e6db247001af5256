/* gp-import-builder.c — what the importers share: offers gathered by instance and region,
 * written out as a catalog layer
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <json-glib/json-glib.h>
#include <math.h>

#include "gp-catalog-writer.h"
#include "gp-import-builder.h"
#include "gp-json-writer.h"

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

double
gp_import_parse_number (const char *text)
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

const char *
gp_import_gpu_for_accelerator (const char *accelerator)
{
  for (guint i = 0; i < G_N_ELEMENTS (gpu_names); i++)
    if (g_strcmp0 (accelerator, gpu_names[i].accelerator) == 0)
      return gpu_names[i].gpu;
  return NULL;
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
  instance->vcpus = NAN;
  instance->memory = NAN;
  instance->offers = g_ptr_array_new_with_free_func (offer_free);
  instance->by_region = g_hash_table_new (g_str_hash, g_str_equal);
  return instance;
}

/**
 * gp_import_builder_get_instance:
 * @import: a builder
 * @name: the provider's name of an instance type
 *
 * Returns: (transfer none): the instance, new the first time
 */
GpImportInstance *
gp_import_builder_get_instance (GpImportBuilder *import,
                                const char      *name)
{
  GpImportInstance *instance = g_hash_table_lookup (import->by_name, name);

  if (instance == NULL)
    {
      instance = gp_import_instance_new (name);
      g_ptr_array_add (import->instances, instance);
      g_hash_table_insert (import->by_name, instance->name, instance);
    }

  return instance;
}

/**
 * gp_import_builder_get_offer:
 * @import: a builder
 * @instance: one of its instances
 * @region: a region id
 *
 * Returns: (transfer none): the instance's offer in @region, new and empty the first time
 */
GpImportOffer *
gp_import_builder_get_offer (GpImportBuilder  *import,
                             GpImportInstance *instance,
                             const char       *region)
{
  GpImportOffer *offer = g_hash_table_lookup (instance->by_region, region);

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

  return offer;
}

/**
 * gp_import_builder_add_zone:
 * @import: a builder
 * @instance: one of its instances
 * @region: the region of the zone
 * @price: the zone's on-demand price, NAN when none
 * @spot: the zone's spot price, NAN when none
 *
 * Folds one zone into the region's figures: the lowest on-demand price, and spot as a range
 * of usable prices (a spot at or above on-demand is flagged instead).
 */
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
  if (!isnan (price) && spot == price)
    offer->spot_equals = TRUE;
  else if (!isnan (price) && spot > price)
    offer->spot_above = TRUE;
  else
    g_array_append_val (offer->spots, spot);
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
               GpImportOffer       *offer,
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
             GpImportOffer       *offer,
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
  if (!isnan (offer->reserved_1y))
    {
      json_builder_set_member_name (builder, "reserved_1y");
      json_builder_add_double_value (builder, offer->reserved_1y);
    }
  if (!isnan (offer->reserved_3y))
    {
      json_builder_set_member_name (builder, "reserved_3y");
      json_builder_add_double_value (builder, offer->reserved_3y);
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
write_instance (GpImportBuilder  *import,
                JsonBuilder *builder,
                GpImportInstance    *instance,
                const char  *source_id)
{
  const char *provider = import->provider_id;
  g_autofree char *id = g_strdup_printf ("%s/%s", provider, instance->name);
  GpInstance *known = gp_catalog_find_instance (import->base, id);
  const char *gpu = known != NULL ? gp_gpu_get_id (gp_instance_get_gpu (known))
                                  : gp_import_gpu_for_accelerator (instance->accelerator);
  guint count = known != NULL ? gp_instance_get_gpu_count (known) : instance->count;
  double lowest = NAN;
  gboolean suspect = known != NULL && instance->count > 0 && instance->count != count;

  if (gpu == NULL || gp_catalog_find_gpu (import->base, gpu) == NULL || count == 0)
    {
      gp_import_note (import, "%s: skipped, the catalog has no GPU model for “%s”", instance->name,
            instance->accelerator);
      import->report->skipped++;
      return FALSE;
    }
  if (suspect)
    gp_import_note (import, "%s: the source lists %u GPUs, the catalog %u; kept %u and flagged",
          instance->name, instance->count, count, count);

  for (guint o = 0; o < instance->offers->len; o++)
    {
      GpImportOffer *offer = g_ptr_array_index (instance->offers, o);
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

/**
 * gp_import_builder_build:
 * @import: a builder
 * @source_id: the id of the one source the file names
 * @title: its title
 * @source_url: (nullable): its address
 * @as_of: its date
 * @note: how its figures were reduced
 *
 * Returns: (transfer full): the catalog layer as a tree: the source, the provider restated with
 *   every region the offers use (a layer replaces a provider whole), and the instances
 */
JsonNode *
gp_import_builder_build (GpImportBuilder *import,
                         const char      *source_id,
                         const char      *title,
                         const char      *source_url,
                         const char      *as_of,
                         const char      *note)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  GpProvider *provider = gp_catalog_find_provider (import->base, import->provider_id);

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
  json_builder_add_string_value (builder, note);
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

  return json_builder_get_root (builder);
}

/**
 * gp_import_tree_to_bytes:
 * @root: a catalog layer as a tree
 *
 * Returns: (transfer full): the layer as a catalog file, indented to be read by people
 */
GBytes *
gp_import_tree_to_bytes (JsonNode *root)
{
  return gp_json_to_bytes (root, TRUE);
}

/**
 * gp_import_builder_write:
 * @import: the builder
 * @source_id: the id of the source the layer cites
 * @title: its title
 * @source_url: (nullable): its address
 * @as_of: its date
 * @note: how its figures were reduced
 *
 * Returns: (transfer full): the catalog layer as a file, as gp_import_builder_build() builds it
 */
GBytes *
gp_import_builder_write (GpImportBuilder *import,
                         const char      *source_id,
                         const char      *title,
                         const char      *source_url,
                         const char      *as_of,
                         const char      *note)
{
  g_autoptr(JsonNode) root = gp_import_builder_build (import, source_id, title, source_url,
                                                      as_of, note);

  return gp_import_tree_to_bytes (root);
}

void
gp_import_builder_init (GpImportBuilder *import,
                        GpCatalog       *base,
                        GpImportReport  *report,
                        const char      *provider_id)
{
  import->base = base;
  import->report = report;
  import->provider_id = provider_id;
  import->instances = g_ptr_array_new_with_free_func (gp_import_instance_free);
  import->by_name = g_hash_table_new (g_str_hash, g_str_equal);
  import->regions = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  import->region_order = g_ptr_array_new_with_free_func (g_free);
}

void
gp_import_builder_clear (GpImportBuilder *import)
{
  g_clear_pointer (&import->instances, g_ptr_array_unref);
  g_clear_pointer (&import->by_name, g_hash_table_unref);
  g_clear_pointer (&import->regions, g_hash_table_unref);
  g_clear_pointer (&import->region_order, g_ptr_array_unref);
}
