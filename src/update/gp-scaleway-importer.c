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
#include "gp-offer.h"
#include "gp-scaleway-importer.h"
#include "gp-update-error.h"

#define SOURCE_ID "scaleway-api-import"

/* The GPU models of the offers, by the start of the offer's id: the H100 offers without SXM
 * are PCIe cards. An offer of another GPU is counted, not guessed. */
static const GpImportModel models[] = {
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

/* The zone's region, "fr-par" of "fr-par-2". */
static char *
region_of (const char *zone)
{
  const char *dash = strrchr (zone, '-');

  return dash != NULL && g_ascii_isdigit (dash[1]) ? g_strndup (zone, dash - zone)
                                                   : g_strdup (zone);
}

/* The hourly price in euros; FALSE (and @error, naming @place) where the product's price is
 * not one, or none a catalog holds (from a cent to a million an hour): such a price fails the
 * whole answer, as one of "abc" does. */
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
  /* Written into a layer it would fail the layer's check, naming the layer, not the answer. */
  if (*price > 0 && !gp_price_per_hour_is_plausible (*price))
    {
      g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT,
                   _("%s: retail_price is not a price"), place);
      return FALSE;
    }
  return TRUE;
}

/* The instance of @offer, its id the offer's in lower case; what its GPUs, vCPUs and memory
 * are is read from its first product. */
static GpImportInstance *
instance_for (GpImportBuilder *builder,
              const char      *offer,
              const char      *gpu,
              JsonObject      *hardware)
{
  g_autofree char *name = g_ascii_strdown (offer, -1);
  GpImportInstance *instance = gp_import_builder_get_instance (builder, name);
  gint64 gpus = 0, vcpus = 0, ram = 0;

  if (instance->gpu != NULL)
    return instance;
  if (!integer_at (gp_import_json_object (hardware, "gpu"), "count", &gpus) ||
      !integer_at (gp_import_json_object (gp_import_json_object (hardware, "cpu"), "virtual"),
                   "count", &vcpus) ||
      !integer_at (gp_import_json_object (hardware, "ram"), "size", &ram))
    gpus = 0;
  instance->gpu = g_strdup (gpu);
  instance->display_name = g_strdup (offer);
  instance->count = CLAMP (gpus, 1, G_MAXUINT);
  instance->vcpus = vcpus > 0 ? vcpus : NAN;
  instance->memory = ram > 0 ? round (ram / 1073741824.0 * 100) / 100 : NAN;
  return instance;
}

/* One product: a GPU Instance in a zone of a region the catalog knows, priced by the hour. */
static gboolean
read_product (GpImportBuilder  *builder,
              GpProvider       *provider,
              JsonObject       *product,
              const char       *place,
              GError          **error)
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
  builder->report->rows++;
  if (!gp_import_builder_check_ids (builder, offer, NULL))
    return TRUE;
  if ((gpu = gp_import_model_of (models, G_N_ELEMENTS (models), offer)) == NULL)
    {
      gp_import_report_skip (builder->report, N_("a GPU the catalog has no model for"));
      return TRUE;
    }
  if (g_strcmp0 (status, "retired") == 0 || g_strcmp0 (status, "end_of_life") == 0)
    {
      gp_import_report_skip (builder->report, N_("no longer offered"));
      return TRUE;
    }
  if (!read_price (product, place, &price, error))
    return FALSE;
  region = zone != NULL ? region_of (zone) : NULL;
  if (region == NULL || gp_provider_find_region (provider, region) == NULL)
    {
      gp_import_report_skip (builder->report, N_("a region the catalog does not know"));
      /* Translators: where in the answer, an offer's name and a zone of Scaleway's */
      gp_import_report_note (builder->report,
                             _("%s: %s in %s, a region the catalog does not know; "
                                "skipped"),
                             place, offer, zone != NULL ? zone : "?");
      return TRUE;
    }
  if (!(price > 0))
    {
      gp_import_report_skip (builder->report, N_("no price"));
      return TRUE;
    }
  /* Zones of one region: the lowest price of the region, as the catalog's other sources. */
  gp_import_builder_add_zone (builder, instance_for (builder, offer, gpu, hardware), region, price,
                              NAN);
  builder->report->imported++;
  return TRUE;
}

/* The products of every page, read into @builder; FALSE and @error where a page or a product's
 * price is not one. */
static gboolean
read_pages (GpImportBuilder  *builder,
            GpProvider       *provider,
            GPtrArray        *pages,
            GError          **error)
{
  for (guint p = 0; p < pages->len; p++)
    {
      g_autofree char *page_place = g_strdup_printf ("page %u", p + 1);
      GBytes *page = g_ptr_array_index (pages, p);
      g_autoptr(JsonNode) root = gp_json_read_bytes (page, page_place, error);
      JsonArray *products;
      gint64 total;

      if (root == NULL || (products = page_products (root, page_place, &total, error)) == NULL)
        return FALSE;
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
              !read_product (builder, provider, json_node_get_object (node), place, error))
            return FALSE;
        }
    }
  return TRUE;
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
  g_auto(GpImportBuilder) builder = { NULL };
  GpProvider *provider;

  if ((provider = gp_import_find_provider (base, "scaleway", file, error)) == NULL)
    return NULL;
  gp_import_builder_init (&builder, base, report != NULL ? report : own_report, "scaleway");
  builder.provider_list = TRUE;
  builder.layer_name = "Scaleway Product Catalog API, GPU Instances";
  if (!read_pages (&builder, provider, pages, error))
    return NULL;
  if (builder.instances->len == 0)
    {
      g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT,
                   _("%s: no GPU Instance of a GPU model and region the catalog knows"), file);
      return NULL;
    }
  return gp_import_builder_write (&builder, SOURCE_ID,
                                  "Scaleway Product Catalog API: GPU Instances' retail prices",
                                  source_url, as_of,
                                  "Retail prices in euros, per hour; the API states no date: "
                                  "dated by the day they were read.");
}
