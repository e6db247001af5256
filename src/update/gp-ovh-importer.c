/* gp-ovh-importer.c — OVHcloud's GPU instances from its public order catalog
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * GET /1.0/order/catalog/public/cloud?ovhSubsidiary=FR answers, without authentication,
 * { "locale": { "currencyCode": "EUR" }, "addons": [ { "planCode": "l40s-90.consumption",
 * "invoiceName": "l40s-90", "product": "publiccloud-instance", "pricings": [ { "type":
 * "consumption", "intervalUnit": "hour", "interval": 1, "price": 140000000 } ], "blobs":
 * { "tags": [ "active" ], "technical": { "cpu": { "cores" }, "memory": { "size" }, "gpu":
 * { "model", "number" }, "os": { "family": "linux" } } }, "configurations": [ { "name":
 * "region", "values": [ "GRA11", "BHS5" ] } ] } ] }. A price is in micro-cents, 10⁻⁸ of the
 * currency, before tax. An instance has one plan a way of paying (.consumption by the hour,
 * .monthly.postpaid) and of a kind of region (.3AZ, .LZ…, priced apart and not read); the regions
 * it is sold in may be listed on either plan, so they are gathered from both. A region (GRA11)
 * is priced in its place (GRA, Gravelines). The catalog states no date: the prices are dated by
 * the day they are read.
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
#include "gp-ovh-importer.h"
#include "gp-update-error.h"

#define SOURCE_ID "ovhcloud-catalog-import"

/* Micro-cents in a unit of the currency. */
#define MICRO_CENTS 1e8

/* The GPU models of the instances, by the start of the instance's name: the H100 instances
 * are SXM ones, as OVHcloud announced them (the source ovhcloud-h100 of the catalog's
 * recipe). A100 instances are left out, counted: nothing found says whether their GPUs are
 * PCIe cards or SXM modules. */
static const GpImportModel models[] = {
  { "h100-", "h100-sxm5-80gb" },
  { "l40s-", "l40s" },
  { "l4-", "l4" },
  { "a10-", "a10" },
};

/* A number written as one; FALSE for anything else, "abc" among them. */
static gboolean
number_at (JsonObject *object,
           const char *member,
           double     *value)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, member) : NULL;
  GType type = node != NULL && JSON_NODE_HOLDS_VALUE (node) ? json_node_get_value_type (node)
                                                            : G_TYPE_INVALID;

  *value = 0;
  if (type == G_TYPE_INT64)
    *value = json_node_get_int (node);
  else if (type == G_TYPE_DOUBLE)
    *value = json_node_get_double (node);
  return type == G_TYPE_INT64 || type == G_TYPE_DOUBLE;
}

static JsonObject *
element_object (JsonArray *array,
                guint      index)
{
  JsonNode *node = json_array_get_element (array, index);

  return JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

static gboolean
is_gpu_instance (JsonObject *addon)
{
  return g_strcmp0 (gp_import_json_string (addon, "product"), "publiccloud-instance") == 0 &&
         gp_import_json_object (
             gp_import_json_object (gp_import_json_object (addon, "blobs"), "technical"), "gpu") !=
             NULL;
}

/* The instance a plan is of ("l40s-90" of "l40s-90.consumption"), and whether the plan is
 * one for the ordinary regions, by the hour (@hourly) or by the month. */
static char *
flavor_of (const char *plan,
           gboolean   *ordinary,
           gboolean   *hourly)
{
  const char *dot = strchr (plan, '.');

  *hourly = dot != NULL && g_str_equal (dot, ".consumption");
  *ordinary = *hourly || (dot != NULL && g_str_equal (dot, ".monthly.postpaid"));
  return dot != NULL ? g_strndup (plan, dot - plan) : g_strdup (plan);
}

/* A region an instance is sold in, and the plan that lists it. */
typedef struct
{
  char *code;
  char *plan;
} Region;

static void
region_free (Region *region)
{
  g_free (region->code);
  g_free (region->plan);
  g_free (region);
}

static gboolean
region_has_code (gconstpointer region,
                 gconstpointer code)
{
  return g_str_equal (((const Region *) region)->code, code);
}

/* The regions an instance is sold in, from each of its ordinary plans, by instance. */
static GHashTable *
regions_by_flavor (JsonArray *addons)
{
  GHashTable *regions =
      g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_ptr_array_unref);

  for (guint i = 0; i < json_array_get_length (addons); i++)
    {
      JsonObject *addon = element_object (addons, i);
      JsonArray *configurations = gp_import_json_array (addon, "configurations");
      const char *plan = gp_import_json_string (addon, "planCode");
      g_autofree char *flavor = NULL;
      gboolean ordinary, hourly;
      GPtrArray *list;

      if (addon == NULL || plan == NULL || configurations == NULL || !is_gpu_instance (addon))
        continue;
      flavor = flavor_of (plan, &ordinary, &hourly);
      if (!ordinary)
        continue;
      if ((list = g_hash_table_lookup (regions, flavor)) == NULL)
        {
          list = g_ptr_array_new_with_free_func ((GDestroyNotify) region_free);
          g_hash_table_insert (regions, g_strdup (flavor), list);
        }
      for (guint c = 0; c < json_array_get_length (configurations); c++)
        {
          JsonObject *configuration = element_object (configurations, c);
          JsonArray *values = gp_import_json_array (configuration, "values");

          if (g_strcmp0 (gp_import_json_string (configuration, "name"), "region") != 0 ||
              values == NULL)
            continue;
          for (guint v = 0; v < json_array_get_length (values); v++)
            {
              const char *code = json_array_get_string_element (values, v);
              Region *region;

              if (code == NULL ||
                  g_ptr_array_find_with_equal_func (list, code, region_has_code, NULL))
                continue;
              region = g_new0 (Region, 1);
              region->code = g_strdup (code);
              region->plan = g_strdup_printf ("addons[%u] (%s)", i, plan);
              g_ptr_array_add (list, region);
            }
        }
    }
  return regions;
}

/* The place of a region, "GRA" of "GRA11". */
static char *
place_of (const char *region)
{
  gsize end = strlen (region);

  while (end > 0 && g_ascii_isdigit (region[end - 1]))
    end--;
  return g_strndup (region, end);
}

/* The hourly price in the catalog's currency; FALSE and @error (naming @place) where the hourly
 * pricing's price is not a number, or none a catalog holds (from a cent to a million an hour);
 * TRUE where the plan has no hourly pricing (@price is then 0). */
static gboolean
read_price (JsonObject  *addon,
            const char  *place,
            double      *price,
            GError     **error)
{
  JsonArray *pricings = gp_import_json_array (addon, "pricings");

  *price = 0;
  for (guint i = 0; pricings != NULL && i < json_array_get_length (pricings); i++)
    {
      JsonObject *pricing = element_object (pricings, i);
      double interval, micro_cents;

      if (g_strcmp0 (gp_import_json_string (pricing, "type"), "consumption") != 0 ||
          g_strcmp0 (gp_import_json_string (pricing, "intervalUnit"), "hour") != 0 ||
          (number_at (pricing, "interval", &interval) && interval != 1))
        continue;
      if (!number_at (pricing, "price", &micro_cents) || micro_cents < 0 ||
          (micro_cents > 0 && !gp_price_per_hour_is_plausible (micro_cents / MICRO_CENTS)))
        {
          g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT,
                       _("%s: pricings[%u].price is not a price"), place, i);
          return FALSE;
        }
      *price = micro_cents / MICRO_CENTS;
      return TRUE;
    }
  return TRUE;
}

typedef struct
{
  GpImportBuilder *builder;
  GpProvider *provider;
  GHashTable *regions; /* region codes of an instance, by instance */
  GHashTable *unknown; /* region codes already named */
} Import;

/* The instance of @flavor, with its GPUs, vCPUs and memory as its first hourly plan gives
 * them. */
static GpImportInstance *
instance_for (Import     *import,
              const char *flavor,
              const char *gpu,
              double      gpus,
              JsonObject *technical)
{
  GpImportInstance *instance = gp_import_builder_get_instance (import->builder, flavor);
  double vcpus, memory;

  if (instance->gpu != NULL)
    return instance;
  instance->gpu = g_strdup (gpu);
  instance->count = (guint) MIN (floor (gpus), G_MAXUINT);
  if (number_at (gp_import_json_object (technical, "cpu"), "cores", &vcpus) && vcpus >= 1)
    instance->vcpus = floor (vcpus);
  if (number_at (gp_import_json_object (technical, "memory"), "size", &memory) && memory > 0)
    instance->memory = memory;
  return instance;
}

/* Whether the plan is no longer sold: its tags, where it has some, lack "active". */
static gboolean
retired (JsonObject *addon)
{
  JsonArray *tags = gp_import_json_array (gp_import_json_object (addon, "blobs"), "tags");

  for (guint i = 0; tags != NULL && i < json_array_get_length (tags); i++)
    if (g_strcmp0 (json_array_get_string_element (tags, i), "active") == 0)
      return FALSE;
  return tags != NULL;
}

/* The regions of @flavor the catalog knows, by place; each one it does not know named once,
 * with the plan that lists it. */
static GPtrArray *
known_places (Import     *import,
              const char *flavor)
{
  GPtrArray *regions = g_hash_table_lookup (import->regions, flavor);
  GPtrArray *places = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; regions != NULL && i < regions->len; i++)
    {
      const Region *region = g_ptr_array_index (regions, i);
      g_autofree char *where = place_of (region->code);

      if (gp_provider_find_region (import->provider, where) != NULL)
        g_ptr_array_add (places, g_steal_pointer (&where));
      else if (g_hash_table_add (import->unknown, g_strdup (region->code)))
        /* Translators: where in the answer, an instance's name and a region of OVHcloud's */
        gp_import_report_note (import->builder->report,
                               _("%s: %s in %s, a region the catalog does not know; "
                                  "skipped"),
                               region->plan, flavor, region->code);
    }
  return places;
}

/* One plan: a GPU instance of a model the catalog knows, by the hour, in its regions. */
static gboolean
read_addon (Import      *import,
            JsonObject  *addon,
            const char  *place,
            GError     **error)
{
  JsonObject *technical =
      gp_import_json_object (gp_import_json_object (addon, "blobs"), "technical");
  const char *plan = gp_import_json_string (addon, "planCode");
  const char *os = gp_import_json_string (gp_import_json_object (technical, "os"), "family");
  g_autofree char *flavor = NULL;
  g_autoptr(GPtrArray) places = NULL;
  gboolean ordinary, hourly;
  const char *gpu;
  double price, gpus;
  GpImportInstance *instance;

  if (plan == NULL || !is_gpu_instance (addon))
    return TRUE;
  flavor = flavor_of (plan, &ordinary, &hourly);
  if (!hourly || (os != NULL && !g_str_equal (os, "linux")))
    return TRUE;
  import->builder->report->rows++;
  if (!gp_import_builder_check_ids (import->builder, flavor, NULL))
    return TRUE;
  if ((gpu = gp_import_model_of (models, G_N_ELEMENTS (models), flavor)) == NULL)
    {
      gp_import_report_skip (import->builder->report, N_("a GPU the catalog has no model for"));
      return TRUE;
    }
  if (retired (addon))
    {
      gp_import_report_skip (import->builder->report, N_("no longer offered"));
      return TRUE;
    }
  if (!read_price (addon, place, &price, error))
    return FALSE;
  if (!(price > 0) || !number_at (gp_import_json_object (technical, "gpu"), "number", &gpus) ||
      gpus < 1)
    {
      gp_import_report_skip (import->builder->report, N_("no price"));
      return TRUE;
    }
  places = known_places (import, flavor);
  if (places->len == 0)
    {
      gp_import_report_skip (import->builder->report, N_("a region the catalog does not know"));
      return TRUE;
    }
  instance = instance_for (import, flavor, gpu, gpus, technical);
  for (guint i = 0; i < places->len; i++)
    gp_import_builder_add_zone (import->builder, instance, g_ptr_array_index (places, i), price,
                                NAN);
  import->builder->report->imported++;
  return TRUE;
}

/* The answer's plans; an error where it is no order catalog or not in euros. */
static JsonArray *
catalog_addons (JsonNode    *root,
                const char  *file,
                GError     **error)
{
  JsonObject *object = JSON_NODE_HOLDS_OBJECT (root) ? json_node_get_object (root) : NULL;
  JsonArray *addons = gp_import_json_array (object, "addons");
  const char *currency =
      gp_import_json_string (gp_import_json_object (object, "locale"), "currencyCode");

  if (addons == NULL)
    {
      g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT,
                   _("%s: not OVHcloud's order catalog: no \"addons\" list"), file);
      return NULL;
    }
  if (g_strcmp0 (currency, "EUR") != 0)
    {
      g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT,
                   _("%s: locale: prices in %s, not in euros"), file,
                   currency != NULL ? currency : "no currency");
      return NULL;
    }
  return addons;
}

GBytes *
gp_ovh_import (GpCatalog       *base,
               GBytes          *answer,
               const char      *file,
               const char      *source_url,
               const char      *as_of,
               GpImportReport  *report,
               GError         **error)
{
  g_autoptr(GpImportReport) own_report = report == NULL ? gp_import_report_new () : NULL;
  g_autoptr(GHashTable) unknown = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) regions = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_auto(GpImportBuilder) builder = { NULL };
  Import import = { &builder, NULL, NULL, unknown };
  JsonArray *addons;

  if ((import.provider = gp_import_find_provider (base, "ovhcloud", file, error)) == NULL ||
      (root = gp_json_read_bytes (answer, file, error)) == NULL ||
      (addons = catalog_addons (root, file, error)) == NULL)
    return NULL;
  regions = regions_by_flavor (addons);
  import.regions = regions;
  gp_import_builder_init (&builder, base, report != NULL ? report : own_report, "ovhcloud");
  builder.provider_list = TRUE;
  builder.layer_name = "OVHcloud public order catalog, GPU instances";
  for (guint i = 0; i < json_array_get_length (addons); i++)
    {
      JsonObject *addon = element_object (addons, i);
      g_autofree char *place = g_strdup_printf ("addons[%u] (%s)", i,
                                                gp_import_json_string (addon, "planCode")
                                                    ? gp_import_json_string (addon, "planCode")
                                                    : "?");

      if (addon != NULL && !read_addon (&import, addon, place, error))
        return NULL;
    }
  if (builder.instances->len == 0)
    {
      g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT,
                   _("%s: no GPU instance of a GPU model and region the catalog knows"), file);
      return NULL;
    }
  return gp_import_builder_write (
      &builder, SOURCE_ID, "OVHcloud order catalog (public cloud): GPU instances' hourly prices",
      source_url, as_of,
      "Hourly prices in euros before tax, listed in micro-cents; one price for every region the "
      "catalog lists for the instance. The catalog states no date: dated by the day they were "
      "read.");
}
