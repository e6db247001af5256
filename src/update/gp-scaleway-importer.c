/* gp-scaleway-importer.c — Scaleway's GPU Instances from its public Product Catalog API
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * GET /product-catalog/v2alpha1/public-catalog/products?product_types=instance answers, a page at
 * a time, { "products": [ { "sku", "product", "variant", "description", "status", "locality":
 * { "zone": "fr-par-2" }, "price": { "retail_price": { "currency_code": "EUR", "units": 2,
 * "nanos": 730000000 } }, "unit_of_measure": { "unit": "hour", "size": 1 }, "properties":
 * { "hardware": { "cpu": { "virtual": { "count" } }, "ram": { "size" }, "gpu": { "count",
 * "type" } }, "instance": { "offer_id": "H100-1-80G", "range" } } } ], "total_count" }. No
 * authentication. A GPU Instance is priced in its zone's region (fr-par-2 in fr-par), in euros
 * as listed; the API states no date, so the prices are dated by the day they are read.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "gp-import-builder.h"
#include "gp-import-values.h"
#include "gp-json-reader.h"
#include "gp-scaleway-importer.h"
#include "gp-update-error.h"

#define SOURCE_ID "scaleway-api-import"

/* The GPU models of the offers, by the start of the offer's id: the H100 offers without SXM
 * are PCIe cards. An offer of another GPU is counted, not guessed. */
static const struct
{
  const char *prefix;
  const char *gpu;
} models[] = {
  { "H100-SXM-", "h100-sxm5-80gb" },
  { "H100-", "h100-pcie-80gb" },
  { "L40S-", "l40s" },
  { "L4-", "l4" },
};

/* A whole number, written as a number or (int64 in JSON) a string of one; FALSE otherwise. */
static gboolean
integer_at (JsonObject *object,
            const char *member,
            gint64     *value)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, member) : NULL;

  *value = 0;
  if (node == NULL)
    return TRUE;
  if (!JSON_NODE_HOLDS_VALUE (node))
    return FALSE;
  if (json_node_get_value_type (node) == G_TYPE_INT64)
    {
      *value = json_node_get_int (node);
      return TRUE;
    }
  return json_node_get_value_type (node) == G_TYPE_STRING &&
         g_ascii_string_to_signed (json_node_get_string (node), 10, G_MININT64, G_MAXINT64, value,
                                   NULL);
}

/* The products of a page, and the total the API says it has; an error where it is no page. */
static JsonArray *
page_products (JsonNode    *root,
               const char  *place,
               gint64      *total,
               GError     **error)
{
  JsonObject *object = JSON_NODE_HOLDS_OBJECT (root) ? json_node_get_object (root) : NULL;
  JsonNode *products = object != NULL ? json_object_get_member (object, "products") : NULL;

  if (products == NULL || !JSON_NODE_HOLDS_ARRAY (products) ||
      !integer_at (object, "total_count", total))
    {
      g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT,
                   _("%s: not a page of Scaleway's product catalog: no \"products\" list"), place);
      return NULL;
    }
  return json_node_get_array (products);
}

gboolean
gp_scaleway_page_count (GBytes      *page,
                        const char  *place,
                        guint       *products,
                        guint       *total,
                        GError     **error)
{
  g_autoptr(JsonNode) root = gp_json_read_bytes (page, place, error);
  JsonArray *list;
  gint64 count;

  if (root == NULL || (list = page_products (root, place, &count, error)) == NULL)
    return FALSE;
  *products = json_array_get_length (list);
  *total = CLAMP (count, 0, G_MAXUINT);
  return TRUE;
}

static const char *
model_of (const char *offer)
{
  for (guint i = 0; i < G_N_ELEMENTS (models); i++)
    if (g_str_has_prefix (offer, models[i].prefix))
      return models[i].gpu;
  return NULL;
}

/* The zone's region, "fr-par" of "fr-par-2". */
static char *
region_of (const char *zone)
{
  const char *dash = strrchr (zone, '-');

  return dash != NULL && g_ascii_isdigit (dash[1]) ? g_strndup (zone, dash - zone)
                                                   : g_strdup (zone);
}

/* The hourly price in euros; FALSE (and @error, naming @place) where the product's price is
 * not one. */
static gboolean
read_price (JsonObject  *product,
            const char  *place,
            double      *price,
            GError     **error)
{
  JsonObject *money =
      gp_import_json_object (gp_import_json_object (product, "price"), "retail_price");
  JsonObject *unit = gp_import_json_object (product, "unit_of_measure");
  const char *currency = gp_import_json_string (money, "currency_code");
  gint64 units, nanos, size;

  if (money == NULL || !integer_at (money, "units", &units) || !integer_at (money, "nanos", &nanos))
    {
      g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT,
                   _("%s: retail_price is not a price"), place);
      return FALSE;
    }
  if (g_strcmp0 (currency, "EUR") != 0)
    {
      g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT,
                   _("%s: retail_price is in %s, not in euros"), place,
                   currency != NULL ? currency : "no currency");
      return FALSE;
    }
  if (!integer_at (unit, "size", &size) ||
      (unit != NULL && gp_import_json_string (unit, "unit") != NULL &&
       !g_str_equal (gp_import_json_string (unit, "unit"), "hour")))
    {
      g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT,
                   _("%s: priced per %s, not per hour"), place,
                   gp_import_json_string (unit, "unit"));
      return FALSE;
    }
  *price = (units + nanos / 1e9) / (size > 0 ? size : 1);
  return TRUE;
}

typedef struct
{
  GpCatalog *base;
  GpProvider *provider;
  JsonArray *instances;
  GHashTable *by_id; /* JsonObject of @instances, by id */
  GpImportReport *report;
} Import;

static void
add_price (Import     *import,
           JsonObject *instance,
           const char *region,
           double      price)
{
  JsonArray *prices = json_object_get_array_member (instance, "prices");

  for (guint i = 0; i < json_array_get_length (prices); i++)
    {
      JsonObject *known = json_array_get_object_element (prices, i);

      /* Zones of one region: the lowest price of the region, as the catalog's other sources. */
      if (g_str_equal (json_object_get_string_member (known, "region"), region))
        {
          if (price < json_object_get_double_member (known, "on_demand"))
            json_object_set_double_member (known, "on_demand", price);
          return;
        }
    }
  {
    JsonObject *figure = json_object_new ();

    json_object_set_string_member (figure, "region", region);
    json_object_set_double_member (figure, "on_demand", price);
    json_array_add_object_element (prices, figure);
    import->report->offers++;
  }
}

static JsonObject *
instance_for (Import     *import,
              const char *offer,
              const char *gpu,
              JsonObject *hardware)
{
  g_autofree char *lower = g_ascii_strdown (offer, -1);
  g_autofree char *id = g_strconcat ("scaleway/", lower, NULL);
  JsonObject *instance = g_hash_table_lookup (import->by_id, id);
  gint64 gpus, vcpus, ram;

  if (instance != NULL)
    return instance;
  if (!integer_at (gp_import_json_object (hardware, "gpu"), "count", &gpus) ||
      !integer_at (gp_import_json_object (gp_import_json_object (hardware, "cpu"), "virtual"),
                   "count", &vcpus) ||
      !integer_at (gp_import_json_object (hardware, "ram"), "size", &ram))
    gpus = 0;
  instance = json_object_new ();
  json_object_set_string_member (instance, "id", id);
  json_object_set_string_member (instance, "provider", "scaleway");
  json_object_set_string_member (instance, "name", offer);
  json_object_set_string_member (instance, "gpu", gpu);
  json_object_set_int_member (instance, "gpu_count", MAX (gpus, 1));
  if (vcpus > 0)
    json_object_set_int_member (instance, "vcpus", vcpus);
  if (ram > 0)
    json_object_set_double_member (instance, "memory_gb", round (ram / 1073741824.0 * 100) / 100);
  json_object_set_string_member (instance, "source", SOURCE_ID);
  json_object_set_array_member (instance, "prices", json_array_new ());
  json_array_add_object_element (import->instances, instance);
  g_hash_table_insert (import->by_id, g_steal_pointer (&id), instance);
  import->report->instances++;
  return instance;
}

/* One product: a GPU Instance in a zone of a region the catalog knows, priced by the hour. */
static gboolean
read_product (Import      *import,
              JsonObject  *product,
              const char  *place,
              GError     **error)
{
  JsonObject *properties = gp_import_json_object (product, "properties");
  JsonObject *hardware = gp_import_json_object (properties, "hardware");
  const char *offer =
      gp_import_json_string (gp_import_json_object (properties, "instance"), "offer_id");
  const char *zone = gp_import_json_string (gp_import_json_object (product, "locality"), "zone");
  const char *status = gp_import_json_string (product, "status");
  g_autofree char *region = NULL;
  const char *gpu;
  double price;

  if (offer == NULL || gp_import_json_object (hardware, "gpu") == NULL)
    return TRUE;
  import->report->rows++;
  if (!gp_import_report_check_id (import->report, offer))
    return TRUE;
  if ((gpu = model_of (offer)) == NULL)
    {
      gp_import_report_skip (import->report, N_("a GPU the catalog has no model for"));
      return TRUE;
    }
  if (g_strcmp0 (status, "retired") == 0 || g_strcmp0 (status, "end_of_life") == 0)
    {
      gp_import_report_skip (import->report, N_("no longer offered"));
      return TRUE;
    }
  if (!read_price (product, place, &price, error))
    return FALSE;
  region = zone != NULL ? region_of (zone) : NULL;
  if (region == NULL || gp_provider_find_region (import->provider, region) == NULL)
    {
      gp_import_report_skip (import->report, N_("a region the catalog does not know"));
      /* Translators: where in the answer, an offer's name and a zone of Scaleway's */
      gp_import_report_note (import->report,
                             _("%s: %s in %s, a region the catalog does not know; "
                                "skipped"),
                             place, offer, zone != NULL ? zone : "?");
      return TRUE;
    }
  if (!(price > 0))
    {
      gp_import_report_skip (import->report, N_("no price"));
      return TRUE;
    }
  add_price (import, instance_for (import, offer, gpu, hardware), region, price);
  import->report->imported++;
  return TRUE;
}

static JsonNode *
layer_new (const char *source_url,
           const char *as_of,
           JsonArray  *instances)
{
  JsonObject *source = json_object_new ();

  json_object_set_string_member (source, "id", SOURCE_ID);
  json_object_set_string_member (source, "title",
                                 "Scaleway Product Catalog API: GPU Instances' retail prices");
  if (source_url != NULL)
    json_object_set_string_member (source, "url", source_url);
  json_object_set_string_member (source, "as_of", as_of);
  json_object_set_string_member (source, "note",
                                 "Retail prices in euros, per hour; the API states no date: "
                                 "dated by the day they were read.");
  return gp_import_json_layer_new ("Scaleway Product Catalog API, GPU Instances", source,
                                   instances);
}

GBytes *
gp_scaleway_import (GpCatalog       *base,
                    GPtrArray       *pages,
                    const char      *file,
                    const char      *source_url,
                    const char      *as_of,
                    GpImportReport  *report,
                    GError         **error)
{
  g_autoptr(GpImportReport) own_report = report == NULL ? gp_import_report_new () : NULL;
  g_autoptr(GHashTable) by_id = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(JsonNode) layer = NULL;
  Import import = { base, NULL, json_array_new (), by_id, NULL };

  import.report = report != NULL ? report : own_report;
  layer = layer_new (source_url, as_of, import.instances);
  if ((import.provider = gp_import_find_provider (base, "scaleway", file, error)) == NULL)
    return NULL;
  for (guint p = 0; p < pages->len; p++)
    {
      g_autofree char *page_place = g_strdup_printf ("page %u", p + 1);
      GBytes *page = g_ptr_array_index (pages, p);
      g_autoptr(JsonNode) root = gp_json_read_bytes (page, page_place, error);
      JsonArray *products;
      gint64 total;

      if (root == NULL || (products = page_products (root, page_place, &total, error)) == NULL)
        return NULL;
      for (guint i = 0; i < json_array_get_length (products); i++)
        {
          JsonNode *node = json_array_get_element (products, i);
          g_autofree char *place =
              g_strdup_printf ("%s, products[%u] (%s)", page_place, i,
                               JSON_NODE_HOLDS_OBJECT (node) &&
                                       gp_import_json_string (json_node_get_object (node), "sku")
                                   ? gp_import_json_string (json_node_get_object (node), "sku")
                                   : "?");

          if (JSON_NODE_HOLDS_OBJECT (node) &&
              !read_product (&import, json_node_get_object (node), place, error))
            return NULL;
        }
    }
  if (json_array_get_length (import.instances) == 0)
    {
      g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT,
                   _("%s: no GPU Instance of a GPU model and region the catalog knows"), file);
      return NULL;
    }
  return gp_import_tree_to_bytes (layer);
}
