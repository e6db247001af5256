/* gp-purchase-price.c — dated purchase prices of GPU servers and cards, as sources state them
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What a lab machine's dialog offers to fill in, and what its price is checked against: the
 * research behind the catalog (data/catalog/purchase-prices.json, bundled with the catalog).
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <json-glib/json-glib.h>

#include "gp-catalog-data.h"
#include "gp-catalog-error.h"
#include "gp-currency.h"
#include "gp-json-reader.h"
#include "gp-purchase-price.h"

#define BUNDLED_PATH "/io/github/gpuplanner/GpuPlanner/catalog/purchase-prices.json"

void
gp_purchase_price_free (GpPurchasePrice *price)
{
  if (price == NULL)
    return;
  g_free (price->item);
  g_free (price->currency);
  g_free (price->source);
  g_free (price->as_of);
  g_free (price->gpu_model);
  g_free (price);
}

static GpPurchasePrice *
read_price (JsonObject  *object,
            const char  *name,
            guint        index,
            GError     **error)
{
  g_autoptr(GpPurchasePrice) price = g_new0 (GpPurchasePrice, 1);
  gint64 gpus = json_object_get_int_member_with_default (object, "gpus", 1);

  price->item = g_strdup (json_object_get_string_member_with_default (object, "item", NULL));
  price->price = json_object_get_double_member_with_default (object, "price", NAN);
  price->currency =
      g_strdup (json_object_get_string_member_with_default (object, "currency", NULL));
  price->source = g_strdup (json_object_get_string_member_with_default (object, "source", NULL));
  price->as_of = g_strdup (json_object_get_string_member_with_default (object, "as_of", NULL));
  price->gpu_model =
      g_strdup (json_object_get_string_member_with_default (object, "gpu_model", NULL));
  if (price->item == NULL || !(price->price > 0) || price->currency == NULL ||
      price->source == NULL || price->as_of == NULL || gpus < 1 || gpus > 1024)
    {
      g_set_error (error, GP_CATALOG_ERROR, GP_CATALOG_ERROR_INVALID_VALUE,
                   "%s: prices[%u]: an item, a price above 0, a currency, a source, a date and "
                   "from 1 to 1024 GPUs are needed",
                   name, index);
      return NULL;
    }
  price->gpus = (guint) gpus;
  return g_steal_pointer (&price);
}

GPtrArray *
gp_purchase_prices_new_from_bytes (GBytes      *bytes,
                                   const char  *name,
                                   GError     **error)
{
  g_autoptr(JsonNode) root = gp_json_read_bytes (bytes, name, error);
  g_autoptr(GPtrArray) prices =
      g_ptr_array_new_with_free_func ((GDestroyNotify) gp_purchase_price_free);
  JsonObject *object;
  JsonArray *array;

  if (root == NULL)
    return NULL;
  object = JSON_NODE_HOLDS_OBJECT (root) ? json_node_get_object (root) : NULL;
  if (object == NULL || !json_object_has_member (object, "prices") ||
      !JSON_NODE_HOLDS_ARRAY (json_object_get_member (object, "prices")))
    {
      g_set_error (error, GP_CATALOG_ERROR, GP_CATALOG_ERROR_INVALID_VALUE,
                   "%s: prices: expected an array", name);
      return NULL;
    }
  array = json_object_get_array_member (object, "prices");
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      GpPurchasePrice *price =
          JSON_NODE_HOLDS_OBJECT (element)
              ? read_price (json_node_get_object (element), name, i, error)
              : (g_set_error (error, GP_CATALOG_ERROR, GP_CATALOG_ERROR_INVALID_VALUE,
                              "%s: prices[%u]: expected an object", name, i),
                 NULL);

      if (price == NULL)
        return NULL;
      g_ptr_array_add (prices, price);
    }
  return g_steal_pointer (&prices);
}

GPtrArray *
gp_purchase_prices_new_bundled (void)
{
  g_autoptr(GBytes) bytes =
      g_resource_lookup_data (gp_catalog_data_get_resource (), BUNDLED_PATH, 0, NULL);
  g_autoptr(GError) error = NULL;
  GPtrArray *prices =
      bytes != NULL ? gp_purchase_prices_new_from_bytes (bytes, "purchase-prices.json", &error)
                    : NULL;

  if (error != NULL)
    g_critical ("The bundled purchase prices are invalid: %s", error->message);
  return prices != NULL ? prices
                        : g_ptr_array_new_with_free_func ((GDestroyNotify) gp_purchase_price_free);
}

const GpPurchasePrice *
gp_purchase_prices_lowest_per_gpu (GPtrArray  *prices,
                                   GpGpu      *gpu,
                                   const char *currency,
                                   double     *per_gpu)
{
  const char *name = gp_gpu_get_name (gpu);
  const GpPurchasePrice *lowest = NULL;

  *per_gpu = NAN;
  for (guint i = 0; i < prices->len; i++)
    {
      const GpPurchasePrice *price = g_ptr_array_index (prices, i);
      double rate = gp_currency_get_rate (price->currency, currency, NULL);
      double one;

      if (price->gpu_model == NULL || strstr (name, price->gpu_model) == NULL || !(rate > 0))
        continue;
      one = price->price / price->gpus * rate;
      if (lowest == NULL || one < *per_gpu)
        {
          lowest = price;
          *per_gpu = one;
        }
    }
  return lowest;
}

/* A price under half the lowest a dated source states for that GPU is more likely a slip
 * (150,000 for eight A100s, a tenth of the quotes) than a bargain. */
const GpPurchasePrice *
gp_purchase_prices_far_below (GPtrArray  *prices,
                              GpGpu      *gpu,
                              const char *currency,
                              double      price,
                              guint       gpus,
                              double     *entered_per_gpu,
                              double     *lowest_per_gpu)
{
  const GpPurchasePrice *quoted =
      gp_purchase_prices_lowest_per_gpu (prices, gpu, currency, lowest_per_gpu);

  *entered_per_gpu = gpus > 0 ? price / gpus : NAN;
  return quoted != NULL && *entered_per_gpu < *lowest_per_gpu * 0.5 ? quoted : NULL;
}
