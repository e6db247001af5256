/* gp-azure-importer.c — pages of the Azure Retail Prices API as a catalog layer
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The API (https://prices.azure.com/api/retail/prices, public, no key) answers pages of
 * {"Items": [...], "NextPageLink": ..., "Count": n}. What a row means:
 *  - serviceName "Virtual Machines" and an N-series armSkuName are the GPU machines; a
 *    productName with "Windows" is the Windows price, left out (labs train on Linux);
 *  - type "Consumption" is pay as you go: a skuName ending in " Spot" is the spot price, one
 *    ending in " Low Priority" the low-priority price (both preemptible, kept as the spot
 *    range); "DevTestConsumption" is a subscription discount, left out;
 *  - type "Reservation" gives the whole term's price for reservationTerm "1 Year" or
 *    "3 Years": divided by the term's hours, it is the effective hourly price.
 * The API says nothing of the hardware, so only VM sizes the catalog knows are imported.
 */

#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gp-azure-importer.h"
#include "gp-import-builder.h"
#include "gp-json-reader.h"
#include "gp-offer.h"
#include "gp-update-error.h"
#include "gp-util.h"

#define HOURS_1Y (365.0 * 24)
#define HOURS_3Y (3 * 365.0 * 24)

static const char *
item_string (JsonObject *item,
             const char *key)
{
  JsonNode *node = json_object_get_member (item, key);

  return node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
             json_node_get_value_type (node) == G_TYPE_STRING
           ? json_node_get_string (node)
           : "";
}

static double
item_number (JsonObject *item,
             const char *key)
{
  JsonNode *node = json_object_get_member (item, key);
  GType type;
  double value;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return NAN;

  type = json_node_get_value_type (node);
  if (type == G_TYPE_DOUBLE)
    value = json_node_get_double (node);
  else if (type == G_TYPE_INT64)
    value = json_node_get_int (node);
  else
    return NAN;

  return isfinite (value) && value >= 0 ? value : NAN;
}

gboolean
gp_azure_page_parse (GBytes      *page,
                     const char  *file,
                     JsonArray  **items,
                     char       **next_link,
                     GError     **error)
{
  g_autoptr(GError) parse_error = NULL;
  g_autoptr(JsonNode) tree = gp_json_read_bytes (page, file, &parse_error);
  JsonObject *root;
  JsonNode *node, *next;

  if (tree == NULL)
    {
      g_set_error_literal (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT, parse_error->message);
      return FALSE;
    }

  node = tree;
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node) ||
      (node = json_object_get_member ((root = json_node_get_object (node)), "Items")) == NULL ||
      !JSON_NODE_HOLDS_ARRAY (node))
    {
      g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT,
                   _("%s: not an Azure Retail Prices page: no Items list"), file);
      return FALSE;
    }

  if (items != NULL)
    *items = json_array_ref (json_node_get_array (node));
  if (next_link == NULL)
    return TRUE;
  next = json_object_get_member (root, "NextPageLink");
  *next_link = next != NULL && JSON_NODE_HOLDS_VALUE (next) &&
                   json_node_get_value_type (next) == G_TYPE_STRING &&
                   *json_node_get_string (next) != '\0'
                 ? g_strdup (json_node_get_string (next))
                 : NULL;
  return TRUE;
}

static void
read_item (GpImportBuilder *builder,
           JsonObject      *item)
{
  const char *sku = item_string (item, "armSkuName");
  const char *region = item_string (item, "armRegionName");
  const char *sku_name = item_string (item, "skuName");
  const char *type = item_string (item, "type");
  double price = item_number (item, "retailPrice");
  g_autofree char *id = NULL;
  GpImportInstance *instance;
  GpImportOffer *offer;

  builder->report->rows++;

  if (!g_str_equal (item_string (item, "serviceName"), "Virtual Machines") ||
      !g_str_has_prefix (sku, "Standard_N"))
    {
      gp_import_report_skip (builder->report, N_("not a GPU virtual machine"));
      return;
    }
  if (*region == '\0')
    {
      gp_import_report_skip (builder->report, N_("no region"));
      return;
    }
  if (!gp_import_builder_check_ids (builder, sku, region))
    return;
  if (isnan (price))
    {
      gp_import_report_skip (builder->report, N_("a price that is not a number of at least 0"));
      return;
    }
  if (strstr (item_string (item, "productName"), "Windows") != NULL)
    {
      gp_import_report_skip (builder->report, N_("a Windows price"));
      return;
    }
  if (!g_str_equal (item_string (item, "currencyCode"), "USD"))
    {
      gp_import_report_skip (builder->report, N_("a price in another currency than US dollars"));
      return;
    }
  if (g_str_equal (type, "DevTestConsumption"))
    {
      gp_import_report_skip (builder->report, N_("a Dev/Test subscription price"));
      return;
    }

  id = g_strdup_printf ("%s/%s", builder->provider_id, sku);
  /* The API says nothing of a size's GPUs: only sizes the catalog describes can be priced. */
  if (gp_catalog_find_instance (builder->base, id) == NULL)
    {
      gp_import_report_skip (builder->report, N_("a VM size the catalog does not describe"));
      return;
    }

  if (g_str_equal (type, "Reservation"))
    {
      const char *term = item_string (item, "reservationTerm");
      double hours = g_str_equal (term, "1 Year") ? HOURS_1Y
                     : g_str_equal (term, "3 Years") ? HOURS_3Y : NAN;

      /* Without a term the price means nothing: no offer is made of it. */
      if (isnan (hours))
        {
          gp_import_report_skip (builder->report, N_("a reservation with no 1- or 3-year term"));
          return;
        }

      instance = gp_import_builder_get_instance (builder, sku);
      offer = gp_import_builder_get_offer (builder, instance, region);
      if (hours == HOURS_1Y && (isnan (offer->reserved_1y) || price / hours < offer->reserved_1y))
        offer->reserved_1y = price / hours;
      else if (hours == HOURS_3Y &&
               (isnan (offer->reserved_3y) || price / hours < offer->reserved_3y))
        offer->reserved_3y = price / hours;
      builder->report->imported++;
      return;
    }

  if (!g_str_equal (item_string (item, "unitOfMeasure"), "1 Hour"))
    {
      gp_import_report_skip (builder->report, N_("not an hourly price"));
      return;
    }

  instance = gp_import_builder_get_instance (builder, sku);
  if (g_str_has_suffix (sku_name, " Spot") || g_str_has_suffix (sku_name, " Low Priority"))
    {
      offer = gp_import_builder_get_offer (builder, instance, region);
      if (price > 0)
        g_array_append_val (offer->spots, price);
    }
  else
    gp_import_builder_add_zone (builder, instance, region, price, NAN);
  builder->report->imported++;
}

/* Spot prices are compared with on-demand once every page is read: rows come in any order. */
static void
check_spot (GpImportBuilder *builder)
{
  for (guint i = 0; i < builder->instances->len; i++)
    {
      GpImportInstance *instance = g_ptr_array_index (builder->instances, i);

      for (guint o = 0; o < instance->offers->len; o++)
        {
          GpImportOffer *offer = g_ptr_array_index (instance->offers, o);

          for (guint s = 0; s < offer->spots->len;)
            {
              double spot = g_array_index (offer->spots, double, s);

              if (!isnan (offer->on_demand) &&
                  gp_spot_compare_on_demand (spot, offer->on_demand) >= 0)
                {
                  if (gp_spot_compare_on_demand (spot, offer->on_demand) == 0)
                    offer->spot_equals = TRUE;
                  else
                    offer->spot_above = TRUE;
                  g_array_remove_index (offer->spots, s);
                }
              else
                s++;
            }
        }
    }
}

GBytes *
gp_azure_import (GpCatalog       *base,
                 GPtrArray       *pages,
                 const char      *file,
                 const char      *source_url,
                 const char      *as_of,
                 GpImportReport  *report,
                 GError         **error)
{
  g_autoptr(GpImportReport) own_report = NULL;
  GpImportBuilder builder = { NULL };
  GBytes *result;

  g_return_val_if_fail (GP_IS_CATALOG (base), NULL);
  g_return_val_if_fail (pages != NULL, NULL);

  if (gp_import_find_provider (base, "azure-ml", file, error) == NULL)
    return NULL;

  if (report == NULL)
    report = own_report = gp_import_report_new ();
  gp_import_builder_init (&builder, base, report, "azure-ml");

  for (guint p = 0; p < pages->len; p++)
    {
      g_autoptr(JsonArray) items = NULL;
      g_autofree char *next = NULL;
      g_autofree char *page_name = g_strdup_printf ("%s, page %u", file, p + 1);

      if (!gp_azure_page_parse (g_ptr_array_index (pages, p), page_name, &items, &next, error))
        {
          gp_import_builder_clear (&builder);
          return NULL;
        }

      for (guint i = 0; i < json_array_get_length (items); i++)
        {
          JsonNode *node = json_array_get_element (items, i);

          if (JSON_NODE_HOLDS_OBJECT (node))
            read_item (&builder, json_node_get_object (node));
        }
    }


  check_spot (&builder);
  result = gp_import_builder_write (&builder, "azure-retail-import",
                                    "Azure Retail Prices API, imported", source_url, as_of,
                                    "Linux pay-as-you-go prices; spot and low-priority prices as "
                                    "the spot range; reservations divided by the term's hours.");
  gp_import_builder_clear (&builder);
  return result;
}

/* "(key eq 'a' or key eq 'b')", in sorted order so that the address is the same every time. */
static void
append_any_of (GString    *filter,
               const char *key,
               GHashTable *values)
{
  g_autofree const char **sorted = (const char **) g_hash_table_get_keys_as_array (values, NULL);
  guint n = g_hash_table_size (values);

  qsort (sorted, n, sizeof (char *), gp_compare_string_elements);
  g_string_append (filter, " and (");
  for (guint i = 0; i < n; i++)
    g_string_append_printf (filter, "%s%s eq '%s'", i > 0 ? " or " : "", key, sorted[i]);
  g_string_append_c (filter, ')');
}

/* The API's answer for every region and VM size runs to thousands of pages; asking for the
 * sizes and regions the catalog has keeps it to a few. */
char *
gp_azure_prices_url (GpCatalog *catalog)
{
  g_autoptr(GHashTable) skus = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) regions = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GString) filter = g_string_new ("serviceName eq 'Virtual Machines'");
  g_autofree char *escaped = NULL;
  GListModel *offers;

  g_return_val_if_fail (GP_IS_CATALOG (catalog), NULL);

  offers = gp_catalog_get_offers (catalog);
  for (guint i = 0; i < g_list_model_get_n_items (offers); i++)
    {
      g_autoptr(GpOffer) offer = g_list_model_get_item (offers, i);
      GpInstance *instance = gp_offer_get_instance (offer);
      const char *id = gp_instance_get_id (instance);

      /* Names from the catalog go into a quoted OData literal: only plain ones are used. */
      if (!g_str_equal (gp_provider_get_id (gp_instance_get_provider (instance)), "azure-ml") ||
          !g_str_has_prefix (id, "azure-ml/") || strchr (id, '\'') != NULL ||
          strchr (gp_offer_get_region_id (offer), '\'') != NULL)
        continue;
      g_hash_table_add (skus, (char *) id + strlen ("azure-ml/"));
      g_hash_table_add (regions, (char *) gp_offer_get_region_id (offer));
    }

  if (g_hash_table_size (skus) == 0)
    return NULL;

  append_any_of (filter, "armSkuName", skus);
  append_any_of (filter, "armRegionName", regions);
  escaped = g_uri_escape_string (filter->str, NULL, FALSE);
  return g_strconcat (GP_AZURE_PRICES_API "?$filter=", escaped, NULL);
}
