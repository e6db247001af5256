/* gp-lambda-api-importer.c — Lambda's instance-types API as a catalog layer
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * GET /api/v1/instance-types answers { "data": { TYPE: { "instance_type": { "name",
 * "price_cents_per_hour", "specs": { "vcpus", "memory_gib", "gpus" } },
 * "regions_with_capacity_available": [...] } } }. Lambda prices a type the same in every
 * region, and the answer names only the regions with capacity at that moment: the price is
 * given to every region the catalog lists the type in, and a type the catalog does not
 * describe (its GPU model unknown) is counted, not guessed.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <math.h>

#include "gp-import-builder.h"
#include "gp-json-reader.h"
#include "gp-lambda-api-importer.h"
#include "gp-update-error.h"

#define SOURCE_ID "lambda-api-import"

/* The price of a type in dollars an hour, or NAN where the answer gives no number. */
static double
type_price (JsonObject *type)
{
  JsonNode *cents = json_object_get_member (type, "price_cents_per_hour");

  if (cents == NULL || !JSON_NODE_HOLDS_VALUE (cents) ||
      (json_node_get_value_type (cents) != G_TYPE_INT64 &&
       json_node_get_value_type (cents) != G_TYPE_DOUBLE))
    return NAN;
  return json_node_get_double (cents) / 100;
}

/* One type of the answer as an instance of the layer, priced in each of the catalog's regions
 * of it; NULL (counted in @report) where it cannot be. */
static JsonObject *
read_type (GpCatalog      *base,
           const char     *key,
           JsonObject     *entry,
           GpImportReport *report)
{
  JsonObject *type = json_object_get_object_member (entry, "instance_type");
  const char *name =
      type != NULL ? json_object_get_string_member_with_default (type, "name", key) : key;
  g_autofree char *id = g_strdup_printf ("lambda/%s", name);
  GpInstance *known = gp_catalog_find_instance (base, id);
  GListModel *offers;
  JsonObject *instance;
  JsonArray *prices;
  double price;

  report->rows++;
  if (known == NULL)
    {
      gp_import_report_skip (report, N_("a type the catalog does not describe"));
      return NULL;
    }
  price = type != NULL ? type_price (type) : NAN;
  if (!(price > 0))
    {
      gp_import_report_skip (report, N_("no price"));
      gp_import_report_note (report, _("%s: price_cents_per_hour is not a price, skipped"), name);
      return NULL;
    }

  instance = json_object_new ();
  json_object_set_string_member (instance, "id", id);
  json_object_set_string_member (instance, "provider", "lambda");
  json_object_set_string_member (instance, "name", name);
  json_object_set_string_member (instance, "gpu", gp_gpu_get_id (gp_instance_get_gpu (known)));
  json_object_set_int_member (instance, "gpu_count", gp_instance_get_gpu_count (known));
  if (gp_instance_get_vcpus (known) > 0)
    json_object_set_int_member (instance, "vcpus", gp_instance_get_vcpus (known));
  if (gp_instance_get_memory_gb (known) > 0)
    json_object_set_double_member (instance, "memory_gb", gp_instance_get_memory_gb (known));
  json_object_set_string_member (instance, "source", SOURCE_ID);
  prices = json_array_new ();
  offers = gp_instance_get_offers (known);
  for (guint i = 0; i < g_list_model_get_n_items (offers); i++)
    {
      g_autoptr(GpOffer) offer = g_list_model_get_item (offers, i);
      JsonObject *figure = json_object_new ();

      json_object_set_string_member (figure, "region", gp_offer_get_region_id (offer));
      json_object_set_double_member (figure, "on_demand", price);
      json_array_add_object_element (prices, figure);
      report->offers++;
    }
  json_object_set_array_member (instance, "prices", prices);
  report->imported++;
  report->instances++;
  return instance;
}

GBytes *
gp_lambda_api_import (GpCatalog       *base,
                      GBytes          *json,
                      const char      *file,
                      const char      *source_url,
                      const char      *as_of,
                      GpImportReport  *report,
                      GError         **error)
{
  g_autoptr(GpImportReport) own_report = report == NULL ? gp_import_report_new () : NULL;
  g_autoptr(JsonNode) root = gp_json_read_bytes (json, file, error);
  g_autoptr(JsonNode) layer = json_node_new (JSON_NODE_OBJECT);
  g_autoptr(GList) keys = NULL;
  JsonObject *data, *head, *source;
  JsonArray *instances, *sources;

  report = report != NULL ? report : own_report;
  if (root == NULL)
    return NULL;
  data =
      JSON_NODE_HOLDS_OBJECT (root) &&
              json_object_get_member (json_node_get_object (root), "data") != NULL &&
              JSON_NODE_HOLDS_OBJECT (json_object_get_member (json_node_get_object (root), "data"))
          ? json_object_get_object_member (json_node_get_object (root), "data")
          : NULL;
  if (data == NULL)
    {
      g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT,
                   _("%s: not an answer of Lambda's instance-types API: no \"data\" object"),
                   file);
      return NULL;
    }

  head = json_object_new ();
  json_node_take_object (layer, head);
  json_object_set_int_member (head, "schema_version", 1);
  json_object_set_string_member (head, "name", "Lambda Cloud API, instance types");
  json_object_set_string_member (head, "as_of", as_of);
  json_object_set_string_member (head, "currency", "USD");
  sources = json_array_new ();
  source = json_object_new ();
  json_object_set_string_member (source, "id", SOURCE_ID);
  json_object_set_string_member (source, "title", "Lambda Cloud API: instance types and prices");
  if (source_url != NULL)
    json_object_set_string_member (source, "url", source_url);
  json_object_set_string_member (source, "as_of", as_of);
  json_array_add_object_element (sources, source);
  json_object_set_array_member (head, "sources", sources);
  instances = json_array_new ();
  json_object_set_array_member (head, "instances", instances);

  keys = json_object_get_members (data);
  keys = g_list_sort (keys, (GCompareFunc) g_strcmp0);
  for (GList *l = keys; l != NULL; l = l->next)
    {
      JsonNode *entry = json_object_get_member (data, l->data);
      JsonObject *instance = JSON_NODE_HOLDS_OBJECT (entry)
                                 ? read_type (base, l->data, json_node_get_object (entry), report)
                                 : NULL;

      if (!JSON_NODE_HOLDS_OBJECT (entry))
        {
          report->rows++;
          gp_import_report_skip (report, N_("not an instance type"));
        }
      if (instance != NULL)
        json_array_add_object_element (instances, instance);
    }

  return gp_import_tree_to_bytes (layer);
}
