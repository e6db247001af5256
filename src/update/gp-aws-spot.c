/* gp-aws-spot.c — the EC2 spot prices the EC2 spot pricing page reads
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The page reads spot.js, JSON wrapped in "callback(…);": {"config": {"regions": [{"region",
 * "instanceTypes": [{"type", "sizes": [{"size", "valueColumns": [{"name": "linux", "prices":
 * {"USD": "0.1234"}}]}]}]}]}}, one price a region (the feed gives no zones). A few old regions
 * go by older names ("us-east" is us-east-1). "N/A*" is a type not offered there.
 *
 * A layer replaces an instance whole, so the spot prices are added to the instance as the
 * catalog has it at the time (its on-demand and reserved figures keep their own sources and
 * dates; the spot figure cites this feed as spot_source). The refresh completes the part again
 * once every other part is in (gp_aws_spot_complete()), so that a newer on-demand price is
 * never hidden behind a copy of an older one.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "gp-aws-spot.h"
#include "gp-enums.h"
#include "gp-offer.h"
#include "gp-import-values.h"
#include "gp-json-reader.h"
#include "gp-json-writer.h"
#include "gp-update-error.h"
#include "gp-util.h"

static const struct
{
  const char *old_name;
  const char *code;
} old_regions[] = {
  { "us-east", "us-east-1" },       { "us-west", "us-west-1" },
  { "eu-ireland", "eu-west-1" },    { "apac-sin", "ap-southeast-1" },
  { "apac-syd", "ap-southeast-2" }, { "apac-tokyo", "ap-northeast-1" },
};

static void
spot_free (gpointer data)
{
  GpAwsSpot *spot = data;

  g_free (spot->instance);
  g_free (spot->region);
  g_free (spot);
}

static GpAwsSpot *
spot_new (const char *instance,
          const char *region,
          double      value)
{
  GpAwsSpot *spot = g_new0 (GpAwsSpot, 1);

  spot->instance = g_strdup (instance);
  spot->region = g_strdup (region);
  spot->spot = value;
  return spot;
}

static JsonArray *
array_member (JsonObject *object,
              const char *key)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, key) : NULL;

  return node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
}

static JsonObject *
object_element (JsonArray *array,
                guint      index)
{
  JsonNode *node = json_array_get_element (array, index);

  return JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

static const char *
string_member (JsonObject *object,
               const char *key)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, key) : NULL;

  return node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
                 json_node_get_value_type (node) == G_TYPE_STRING
             ? json_node_get_string (node)
             : NULL;
}

static const char *
region_code (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (old_regions); i++)
    if (g_str_equal (old_regions[i].old_name, name))
      return old_regions[i].code;
  return name;
}

/* The Linux price of one size; FALSE with @error set where it is neither a price nor "N/A". */
static gboolean
linux_price (JsonObject  *size,
             const char  *where,
             double      *price,
             GError     **error)
{
  JsonArray *columns = array_member (size, "valueColumns");

  *price = NAN;
  for (guint c = 0; columns != NULL && c < json_array_get_length (columns); c++)
    {
      JsonObject *column = object_element (columns, c);
      JsonNode *prices = column != NULL ? json_object_get_member (column, "prices") : NULL;
      const char *usd = prices != NULL && JSON_NODE_HOLDS_OBJECT (prices)
                            ? string_member (json_node_get_object (prices), "USD")
                            : NULL;

      if (g_strcmp0 (string_member (column, "name"), "linux") != 0 || usd == NULL ||
          g_str_has_prefix (usd, "N/A"))
        continue;
      if (!gp_import_parse_price (usd, price))
        {
          g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT,
                       _("%s.valueColumns[%u].prices.USD: “%s” is not a price"), where, c, usd);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
read_region (JsonObject  *entry,
             const char  *where,
             GpCatalog   *base,
             GpProvider  *provider,
             GPtrArray   *spots,
             GpImportReport *report,
             GPtrArray   *notes,
             GError     **error)
{
  const char *region = region_code (string_member (entry, "region") ?: "");
  JsonArray *types = array_member (entry, "instanceTypes");

  if (gp_provider_find_region (provider, region) == NULL)
    {
      g_ptr_array_add (notes, g_strdup_printf (_("%s: region “%s” is not in the catalog; its "
                                                  "spot prices were left out"),
                                               where, region));
      return TRUE;
    }
  for (guint t = 0; types != NULL && t < json_array_get_length (types); t++)
    {
      JsonArray *sizes = array_member (object_element (types, t), "sizes");

      for (guint s = 0; sizes != NULL && s < json_array_get_length (sizes); s++)
        {
          JsonObject *size = object_element (sizes, s);
          g_autofree char *id = g_strdup_printf ("aws-ec2/%s", string_member (size, "size") ?: "");
          g_autofree char *place = g_strdup_printf ("%s.instanceTypes[%u].sizes[%u]", where, t, s);
          double price;

          report->rows++;
          if (!linux_price (size, place, &price, error))
            return FALSE;
          if (gp_catalog_find_instance (base, id) == NULL || isnan (price) || price <= 0)
            {
              gp_import_report_skip (report, N_("a type the catalog does not describe, or not "
                                                 "offered"));
              continue;
            }
          report->imported++;
          g_ptr_array_add (spots, spot_new (id, region, price));
        }
    }
  return TRUE;
}

GPtrArray *
gp_aws_spot_parse (GBytes          *feed,
                   const char      *file,
                   GpCatalog       *base,
                   GpImportReport  *report,
                   GPtrArray       *notes,
                   GError         **error)
{
  gsize length;
  const char *text = g_bytes_get_data (feed, &length);
  const char *open = text != NULL ? memchr (text, '{', length) : NULL;
  const char *close = text != NULL ? g_strrstr_len (text, length, "}") : NULL;
  g_autoptr(GPtrArray) spots = g_ptr_array_new_with_free_func (spot_free);
  g_autoptr(GBytes) json = NULL;
  g_autoptr(JsonNode) root = NULL;
  GpProvider *provider = gp_catalog_find_provider (base, "aws-ec2");
  JsonNode *config;
  JsonArray *regions;

  /* "callback({…});": the JSON between the first "{" and the last "}". */
  if (open == NULL || close == NULL || close < open)
    {
      g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT, _("%s: no JSON object"), file);
      return NULL;
    }
  json = g_bytes_new_from_bytes (feed, open - text, close - open + 1);
  if ((root = gp_json_read_bytes (json, file, error)) == NULL)
    return NULL;
  if (!JSON_NODE_HOLDS_OBJECT (root) ||
      (config = json_object_get_member (json_node_get_object (root), "config")) == NULL ||
      !JSON_NODE_HOLDS_OBJECT (config) ||
      (regions = array_member (json_node_get_object (config), "regions")) == NULL ||
      provider == NULL)
    {
      g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT,
                   _("%s: not the EC2 spot feed: no config.regions"), file);
      return NULL;
    }
  for (guint r = 0; r < json_array_get_length (regions); r++)
    {
      g_autofree char *where = g_strdup_printf ("%s: config.regions[%u]", file, r);

      if (!read_region (object_element (regions, r), where, base, provider, spots, report, notes,
                        error))
        return NULL;
    }
  return g_steal_pointer (&spots);
}

GPtrArray *
gp_aws_spot_from_part (GBytes  *part,
                       char   **url,
                       char   **as_of)
{
  g_autoptr(JsonNode) root = gp_json_read_bytes (part, "aws-spot", NULL);
  JsonObject *object =
      root != NULL && JSON_NODE_HOLDS_OBJECT (root) ? json_node_get_object (root) : NULL;
  JsonArray *sources = array_member (object, "sources");
  JsonArray *instances = array_member (object, "instances");
  g_autoptr(GPtrArray) spots = g_ptr_array_new_with_free_func (spot_free);

  *url = *as_of = NULL;
  for (guint i = 0; sources != NULL && i < json_array_get_length (sources); i++)
    if (g_strcmp0 (string_member (object_element (sources, i), "id"), GP_AWS_SPOT_SOURCE_ID) == 0)
      {
        *url = g_strdup (string_member (object_element (sources, i), "url"));
        *as_of = g_strdup (string_member (object_element (sources, i), "as_of"));
      }
  if (*as_of == NULL)
    return NULL;
  for (guint i = 0; instances != NULL && i < json_array_get_length (instances); i++)
    {
      JsonObject *instance = object_element (instances, i);
      JsonArray *prices = array_member (instance, "prices");

      for (guint p = 0; prices != NULL && p < json_array_get_length (prices); p++)
        {
          JsonObject *price = object_element (prices, p);

          if (g_strcmp0 (string_member (price, "spot_source"), GP_AWS_SPOT_SOURCE_ID) == 0)
            g_ptr_array_add (spots, spot_new (string_member (instance, "id"),
                                              string_member (price, "region"),
                                              json_object_get_double_member (price, "spot")));
        }
    }
  return g_steal_pointer (&spots);
}

static void
add_string (JsonBuilder *builder,
            const char  *key,
            const char  *value)
{
  if (value == NULL || *value == '\0')
    return;
  json_builder_set_member_name (builder, key);
  json_builder_add_string_value (builder, value);
}

static void
add_number (JsonBuilder *builder,
            const char  *key,
            double       value)
{
  if (!isfinite (value))
    return;
  json_builder_set_member_name (builder, key);
  json_builder_add_double_value (builder, value);
}

static void
add_anomalies (JsonBuilder *builder,
               GpAnomaly    anomalies)
{
  g_autoptr(GFlagsClass) klass = g_type_class_ref (GP_TYPE_ANOMALY);

  if (anomalies == GP_ANOMALY_NONE)
    return;
  json_builder_set_member_name (builder, "anomalies");
  json_builder_begin_array (builder);
  for (guint i = 0; i < klass->n_values; i++)
    if (klass->values[i].value != 0 && (anomalies & klass->values[i].value))
      json_builder_add_string_value (builder, klass->values[i].value_nick);
  json_builder_end_array (builder);
}

/* Sources of the refreshed layer a price cites are noted in @cited: the part restates them, so
 * that it can be checked before or without the part that brought them. */
static const char *
source_id (GHashTable *cited,
           GpSource   *source)
{
  if (source != NULL && cited != NULL && gp_source_get_layer (source) == GP_CATALOG_LAYER_REFRESHED)
    g_hash_table_add (cited, source);
  return source != NULL ? gp_source_get_id (source) : NULL;
}

static void
add_cited_sources (JsonBuilder *builder,
                   GHashTable  *cited)
{
  GHashTableIter iter;
  gpointer source;

  g_hash_table_iter_init (&iter, cited);
  while (g_hash_table_iter_next (&iter, &source, NULL))
    {
      if (g_str_equal (gp_source_get_id (source), GP_AWS_SPOT_SOURCE_ID))
        continue;
      json_builder_begin_object (builder);
      add_string (builder, "id", gp_source_get_id (source));
      add_string (builder, "title", gp_source_get_title (source));
      add_string (builder, "url", gp_source_get_url (source));
      add_string (builder, "as_of", gp_source_get_as_of (source));
      add_string (builder, "note", gp_source_get_note (source));
      json_builder_end_object (builder);
    }
}

/* One region's price: the catalog's figures with their own sources, and the feed's spot. */
static void
add_price (JsonBuilder *builder,
           GHashTable  *cited,
           GpOffer     *offer,
           const char  *region,
           double       spot,
           guint       *offers)
{
  double on_demand = offer != NULL ? gp_offer_get_on_demand (offer) : NAN;
  GpAnomaly anomalies = offer != NULL ? gp_offer_get_anomalies (offer) : GP_ANOMALY_NONE;
  const char *source = offer != NULL ? source_id (cited, gp_offer_get_source (offer)) : NULL;

  /* The spot flags were of the spot prices the feed's replaces. */
  if (!isnan (spot))
    anomalies &= ~(GP_ANOMALY_SPOT_ABOVE_ON_DEMAND | GP_ANOMALY_SPOT_EQUALS_ON_DEMAND |
                   GP_ANOMALY_SPOT_RATIO_OUTLIER);
  json_builder_begin_object (builder);
  add_string (builder, "region", region);
  add_number (builder, "on_demand", on_demand);
  if (offer != NULL)
    {
      const char *od_source =
          source_id (cited, gp_offer_get_price_source (offer, GP_ESTIMATE_PRICING_ON_DEMAND));

      add_number (builder, "reserved_1y", gp_offer_get_reserved_1y (offer));
      add_number (builder, "reserved_3y", gp_offer_get_reserved_3y (offer));
      if (g_strcmp0 (od_source, source) != 0)
        add_string (builder, "on_demand_source", od_source);
      if (isfinite (gp_offer_get_capacity_block (offer)))
        {
          json_builder_set_member_name (builder, "capacity_block");
          json_builder_begin_object (builder);
          add_number (builder, "per_hour", gp_offer_get_capacity_block (offer));
          add_string (builder, "source",
                      source_id (cited, gp_offer_get_capacity_block_source (offer)));
          json_builder_end_object (builder);
        }
    }
  if (isnan (spot) && offer != NULL && isfinite (gp_offer_get_spot_min (offer)))
    {
      /* A region the feed does not price keeps the spot range it had, with its source. */
      json_builder_set_member_name (builder, "spot");
      json_builder_begin_array (builder);
      json_builder_add_double_value (builder, gp_offer_get_spot_min (offer));
      json_builder_add_double_value (builder, gp_offer_get_spot_max (offer));
      json_builder_end_array (builder);
      add_string (builder, "spot_source",
                  source_id (cited, gp_offer_get_price_source (offer, GP_ESTIMATE_PRICING_SPOT)));
    }
  else if (!isnan (spot) &&
           !(isfinite (on_demand) && gp_spot_compare_on_demand (spot, on_demand) >= 0))
    {
      add_number (builder, "spot", spot);
      add_string (builder, "spot_source", GP_AWS_SPOT_SOURCE_ID);
      if (isfinite (on_demand) && gp_spot_is_doubtfully_low (spot, on_demand))
        anomalies |= GP_ANOMALY_SPOT_RATIO_OUTLIER;
    }
  add_anomalies (builder, anomalies);
  add_string (builder, "source", source != NULL ? source : GP_AWS_SPOT_SOURCE_ID);
  json_builder_end_object (builder);
  (*offers)++;
}

static void
add_instance (JsonBuilder *builder,
              GHashTable  *cited,
              GpInstance  *known,
              GHashTable  *by_region)
{
  GListModel *offers = gp_instance_get_offers (known);
  g_autoptr(GHashTable) written = g_hash_table_new (g_str_hash, g_str_equal);
  GHashTableIter iter;
  gpointer region, spot;
  guint count = 0;

  json_builder_begin_object (builder);
  add_string (builder, "id", gp_instance_get_id (known));
  add_string (builder, "provider", gp_provider_get_id (gp_instance_get_provider (known)));
  add_string (builder, "name", gp_instance_get_raw_name (known));
  add_string (builder, "gpu", gp_gpu_get_id (gp_instance_get_gpu (known)));
  json_builder_set_member_name (builder, "gpu_count");
  json_builder_add_int_value (builder, gp_instance_get_gpu_count (known));
  if (gp_instance_get_vcpus (known) > 0)
    {
      json_builder_set_member_name (builder, "vcpus");
      json_builder_add_int_value (builder, gp_instance_get_vcpus (known));
    }
  add_number (builder, "memory_gb",
              gp_instance_get_memory_gb (known) > 0 ? gp_instance_get_memory_gb (known) : NAN);
  add_string (builder, "interconnect", gp_instance_get_interconnect (known));
  add_anomalies (builder, gp_instance_get_anomalies (known));
  add_string (builder, "host_required", gp_instance_get_host_required (known));
  add_string (builder, "source", source_id (cited, gp_instance_get_source (known)));
  json_builder_set_member_name (builder, "prices");
  json_builder_begin_array (builder);
  for (guint i = 0; i < g_list_model_get_n_items (offers); i++)
    {
      g_autoptr(GpOffer) offer = g_list_model_get_item (offers, i);
      const char *id = gp_offer_get_region_id (offer);
      double *feed = g_hash_table_lookup (by_region, id);

      g_hash_table_add (written, (char *) id);
      add_price (builder, cited, offer, id, feed != NULL ? *feed : NAN, &count);
    }
  /* Regions the feed prices where the catalog has no figure yet: spot alone. */
  g_hash_table_iter_init (&iter, by_region);
  while (g_hash_table_iter_next (&iter, &region, &spot))
    if (!g_hash_table_contains (written, region))
      add_price (builder, cited, NULL, region, *(double *) spot, &count);
  json_builder_end_array (builder);
  json_builder_end_object (builder);
}

GBytes *
gp_aws_spot_complete (GpCatalog   *working,
                      GPtrArray   *spots,
                      const char  *url,
                      const char  *as_of,
                      guint       *offers,
                      GError     **error)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(GHashTable) by_instance =
      g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify) g_hash_table_unref);
  g_autoptr(GPtrArray) order = g_ptr_array_new ();
  g_autoptr(GHashTable) cited = g_hash_table_new (NULL, NULL);
  g_autoptr(JsonNode) root = NULL;

  *offers = 0;
  for (guint i = 0; i < spots->len; i++)
    {
      GpAwsSpot *spot = g_ptr_array_index (spots, i);
      GHashTable *regions = g_hash_table_lookup (by_instance, spot->instance);

      if (gp_catalog_find_instance (working, spot->instance) == NULL)
        continue;
      if (regions == NULL)
        {
          regions = g_hash_table_new (g_str_hash, g_str_equal);
          g_hash_table_insert (by_instance, spot->instance, regions);
          g_ptr_array_add (order, spot->instance);
        }
      g_hash_table_insert (regions, spot->region, &spot->spot);
    }

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "schema_version");
  json_builder_add_int_value (builder, 1);
  add_string (builder, "name", "Amazon EC2 spot prices");
  add_string (builder, "as_of", as_of);
  json_builder_set_member_name (builder, "instances");
  json_builder_begin_array (builder);
  for (guint i = 0; i < order->len; i++)
    add_instance (builder, cited, gp_catalog_find_instance (working, g_ptr_array_index (order, i)),
                  g_hash_table_lookup (by_instance, g_ptr_array_index (order, i)));
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "sources");
  json_builder_begin_array (builder);
  json_builder_begin_object (builder);
  add_string (builder, "id", GP_AWS_SPOT_SOURCE_ID);
  add_string (builder, "title", "Amazon EC2 Spot Instances pricing feed (Linux, per region)");
  add_string (builder, "url", url);
  add_string (builder, "as_of", as_of);
  add_string (builder, "note",
              "The feed the EC2 spot pricing page reads; one price a region. "
              "On-demand and reserved figures keep their own sources.");
  json_builder_end_object (builder);
  add_cited_sources (builder, cited);
  json_builder_end_array (builder);
  json_builder_end_object (builder);

  root = json_builder_get_root (builder);
  if (order->len == 0)
    {
      g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT,
                   _("no spot price of an instance the catalog describes"));
      return NULL;
    }
  for (guint i = 0; i < order->len; i++)
    {
      GHashTable *regions = g_hash_table_lookup (by_instance, g_ptr_array_index (order, i));

      *offers += g_hash_table_size (regions);
    }
  return gp_json_to_bytes (root, TRUE);
}
