/* gp-catalog-loader-instances.c — a layer's instances, with their prices in each region and
 * the lab costs, quotes and derivations those prices follow from
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <json-glib/json-glib.h>
#include <math.h>

#include <glib/gi18n-lib.h>

#include "gp-catalog-error.h"
#include "gp-catalog-loader-private.h"
#include "gp-enums.h"
#include "gp-model-private.h"
#include "gp-text.h"

static gboolean
read_spot (GpJsonWalk *walk,
           JsonNode   *node,
           GpOffer    *offer)
{
  JsonArray *range;

  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      if (!gp_json_walk_node_to_number (walk, node, &offer->spot_min))
        return FALSE;
      offer->spot_max = offer->spot_min;
      return TRUE;
    }

  range = json_node_get_array (node);
  if (json_array_get_length (range) != 2)
    return gp_json_walk_fail_type (walk, node, _("a non-negative number or a [min, max] range"));

  gp_json_walk_push_index (walk, 0);
  if (!gp_json_walk_node_to_number (walk, json_array_get_element (range, 0), &offer->spot_min))
    return FALSE;
  gp_json_walk_pop (walk);
  gp_json_walk_push_index (walk, 1);
  if (!gp_json_walk_node_to_number (walk, json_array_get_element (range, 1), &offer->spot_max))
    return FALSE;
  gp_json_walk_pop (walk);

  if (offer->spot_min > offer->spot_max)
    return gp_json_walk_fail (walk, GP_CATALOG_ERROR_INVALID_VALUE,
                              _("the range's minimum is above its maximum"));

  return TRUE;
}

/* A price an hour, where there is one, from a cent to a million (GP_PRICE_MIN_PER_HOUR): a
 * price of 1e-320 made every estimate free. @key is where it is, or %NULL where the walk is. */
static gboolean
check_price (GpJsonWalk *walk,
             const char *key,
             double      price)
{
  if (isnan (price) || gp_price_per_hour_is_plausible (price))
    return TRUE;
  if (key != NULL)
    gp_json_walk_push_key (walk, key);
  return gp_json_walk_fail (walk, GP_CATALOG_ERROR_INVALID_VALUE,
                            _("%g is no price of an hour: from %.2f to %.0f"), price,
                            GP_PRICE_MIN_PER_HOUR, GP_PRICE_MAX_PER_HOUR);
}

/* "capacity_block": { "per_hour": 41.528, "source": "…" }: its own price and its own source. */
static gboolean
read_capacity_block (GpJsonWalk *walk,
                     JsonObject *object,
                     GpOffer    *offer)
{
  static const char *const fields[] = { "per_hour", "source", NULL };
  g_autoptr(GpCapacityBlock) block = NULL;
  JsonObject *group;

  if (!gp_json_walk_enter_object (walk, object, "capacity_block", &group))
    return FALSE;
  if (group == NULL)
    return TRUE;

  block = g_new0 (GpCapacityBlock, 1);
  if (!gp_json_walk_check_fields (walk, group, fields) ||
      !gp_json_walk_read_number (walk, group, "per_hour", TRUE, &block->per_hour) ||
      !_gp_catalog_loader_read_source_ref (walk, group, TRUE, &block->source_id))
    return FALSE;
  if (!(block->per_hour > 0))
    {
      gp_json_walk_push_key (walk, "per_hour");
      return gp_json_walk_fail (walk, GP_CATALOG_ERROR_INVALID_VALUE, _("must be more than 0"));
    }
  gp_json_walk_pop (walk);

  offer->capacity_block = g_steal_pointer (&block);
  return TRUE;
}

/* The sources of figures dated apart from the price's own source: @present says whether the
 * price names either. */
static gboolean
read_price_sources (GpJsonWalk *walk,
                    JsonObject *object,
                    gboolean    present,
                    GpOffer    *offer)
{
  g_autoptr(GpPriceSources) dated = NULL;

  if (!present)
    return TRUE;
  dated = g_new0 (GpPriceSources, 1);
  if ((gp_json_walk_member (object, "on_demand_source") != NULL &&
       !gp_json_walk_read_id (walk, object, "on_demand_source", TRUE, &dated->on_demand_id)) ||
      (gp_json_walk_member (object, "spot_source") != NULL &&
       !gp_json_walk_read_id (walk, object, "spot_source", TRUE, &dated->spot_id)))
    return FALSE;
  offer->dated = g_steal_pointer (&dated);
  return TRUE;
}

static gboolean
read_price (GpJsonWalk *walk,
            JsonObject *object,
            guint       index,
            gpointer    user_data)
{
  static const char *const fields[] = { "region",      "on_demand",   "spot",
                                        "reserved_1y", "reserved_3y", "capacity_block",
                                        "anomalies",   "source",      "on_demand_source",
                                        "spot_source", NULL };
  enum
  {
    REGION,
    ON_DEMAND,
    SPOT,
    RESERVED_1Y,
    RESERVED_3Y,
    CAPACITY_BLOCK,
    ANOMALIES,
    SOURCE,
    ON_DEMAND_SOURCE,
    SPOT_SOURCE
  };
  ReadContext *ctx = user_data;
  g_autoptr(GpOffer) offer = gp_offer_new_empty ();
  g_autofree char *region = NULL;
  JsonNode *spot;
  guint anomalies = 0;
  guint32 present;

  offer->index = index;
  /* A price names few of its fields: those it leaves out are not looked up (100,000 prices
   * made half a million lookups of absent names). */
  if (!gp_json_walk_check_present_fields (walk, object, fields, &present) ||
      !gp_json_walk_read_id (walk, object, "region", TRUE, &region))
    return FALSE;
  /* A catalog names a few hundred regions in up to 100,000 prices: one copy of each name,
   * shared, rather than 100,000 small allocations of 32 bytes. */
  offer->region_id = g_ref_string_new_intern (region);
  if (((present & 1u << ON_DEMAND) &&
       !gp_json_walk_read_number (walk, object, "on_demand", FALSE, &offer->on_demand)) ||
      ((present & 1u << RESERVED_1Y) &&
       !gp_json_walk_read_number (walk, object, "reserved_1y", FALSE, &offer->reserved_1y)) ||
      ((present & 1u << RESERVED_3Y) &&
       !gp_json_walk_read_number (walk, object, "reserved_3y", FALSE, &offer->reserved_3y)) ||
      ((present & 1u << ANOMALIES) &&
       !gp_json_walk_read_flags (walk, object, "anomalies", GP_TYPE_ANOMALY, &anomalies)) ||
      ((present & 1u << SOURCE) &&
       !_gp_catalog_loader_read_source_ref (walk, object, FALSE, &offer->source_id)) ||
      ((present & 1u << CAPACITY_BLOCK) && !read_capacity_block (walk, object, offer)) ||
      !read_price_sources (walk, object, present & (1u << ON_DEMAND_SOURCE | 1u << SPOT_SOURCE),
                           offer))
    return FALSE;
  offer->anomalies = anomalies;
  if (!check_price (walk, "on_demand", offer->on_demand) ||
      !check_price (walk, "reserved_1y", offer->reserved_1y) ||
      !check_price (walk, "reserved_3y", offer->reserved_3y) ||
      (offer->capacity_block != NULL &&
       !check_price (walk, "capacity_block", offer->capacity_block->per_hour)))
    return FALSE;

  if ((present & 1u << SPOT) && (spot = gp_json_walk_member (object, "spot")) != NULL)
    {
      gp_json_walk_push_key (walk, "spot");
      if (!read_spot (walk, spot, offer) || !check_price (walk, NULL, offer->spot_min) ||
          !check_price (walk, NULL, offer->spot_max))
        return FALSE;
      if (gp_spot_compare_on_demand (offer->spot_max, offer->on_demand) > 0)
        {
          /* Zones do list spot above on-demand; the figure stays, flagged. At on-demand
           * within the list's rounding it is the provider's cap, not above. */
          gp_json_walk_warn (walk, _("spot %.4g is above on-demand %.4g"), offer->spot_max,
                             offer->on_demand);
          offer->anomalies |= GP_ANOMALY_SPOT_ABOVE_ON_DEMAND;
        }
      gp_json_walk_pop (walk);
    }

  if (g_hash_table_contains (ctx->regions_seen, offer->region_id))
    {
      gp_json_walk_push_key (walk, "region");
      return gp_json_walk_fail (walk, GP_CATALOG_ERROR_DUPLICATE_ID,
                                _("a second price for region \"%s\""), offer->region_id);
    }
  g_hash_table_add (ctx->regions_seen, offer->region_id);

  offer->instance = ctx->instance;
  g_ptr_array_add (ctx->instance->offers, g_steal_pointer (&offer));
  return TRUE;
}

/* How a derived instance's prices follow from another's: they are estimates, and say so. */
static gboolean
read_derivation (GpJsonWalk *walk,
                 JsonObject *object,
                 GpInstance *instance)
{
  static const char *const fields[] = { "from", "factor", "rule", "source", NULL };
  g_autoptr(GpDerivation) derived = NULL;
  JsonObject *group;

  if (!gp_json_walk_enter_object (walk, object, "derived", &group))
    return FALSE;
  if (group == NULL)
    return TRUE;

  derived = g_new0 (GpDerivation, 1);
  derived->factor = NAN;
  if (!gp_json_walk_check_fields (walk, group, fields) ||
      !gp_json_walk_read_id (walk, group, "from", TRUE, &derived->from) ||
      !gp_json_walk_read_number (walk, group, "factor", TRUE, &derived->factor) ||
      !gp_json_walk_read_string (walk, group, "rule", TRUE, &derived->rule) ||
      !_gp_catalog_loader_read_source_ref (walk, group, TRUE, &derived->source_id))
    return FALSE;
  if (derived->factor <= 0)
    {
      gp_json_walk_push_key (walk, "factor");
      return gp_json_walk_fail (walk, GP_CATALOG_ERROR_INVALID_VALUE, _("must be more than 0"));
    }
  gp_json_walk_pop (walk);

  instance->derived = g_steal_pointer (&derived);
  return TRUE;
}

/* A price someone reported seeing, on a page that publishes no price list: who and where. */
static gboolean
read_report (GpJsonWalk *walk,
             JsonObject *object,
             GpInstance *instance)
{
  static const char *const fields[] = { "by", "lowest_listed", NULL };
  JsonObject *group;

  if (!gp_json_walk_enter_object (walk, object, "reported", &group))
    return FALSE;
  if (group == NULL)
    return TRUE;
  if (!gp_json_walk_check_fields (walk, group, fields) ||
      !gp_json_walk_read_string (walk, group, "by", TRUE, &instance->reported_by) ||
      !gp_json_walk_read_boolean (walk, group, "lowest_listed", &instance->lowest_listed))
    return FALSE;
  gp_json_walk_pop (walk);
  return TRUE;
}

/* A machine the lab owns: the figures its price per hour is worked out from, checked. */
static gboolean
read_lab (GpJsonWalk *walk,
          JsonObject *object,
          GpInstance *instance)
{
  static const char *const fields[] = {
    "price", "purchased",           "lifetime_years",  "maintenance_pct", "power_kw",
    "pue",   "electricity_per_kwh", "utilisation_pct", "staff_per_year",  NULL
  };
  g_autoptr(GpLabCost) lab = NULL;
  g_autoptr(GError) error = NULL;
  JsonObject *group;

  if (!gp_json_walk_enter_object (walk, object, "lab", &group))
    return FALSE;
  if (group == NULL)
    return TRUE;

  lab = g_new0 (GpLabCost, 1);
  lab->electricity_per_kwh = NAN;
  if (!gp_json_walk_check_fields (walk, group, fields) ||
      !gp_json_walk_read_number (walk, group, "price", TRUE, &lab->price) ||
      !gp_json_walk_read_as_of (walk, group, "purchased", TRUE, &lab->purchased) ||
      !gp_json_walk_read_number (walk, group, "lifetime_years", TRUE, &lab->lifetime_years) ||
      !gp_json_walk_read_number (walk, group, "maintenance_pct", TRUE, &lab->maintenance_pct) ||
      !gp_json_walk_read_number (walk, group, "power_kw", TRUE, &lab->power_kw) ||
      !gp_json_walk_read_number (walk, group, "pue", TRUE, &lab->pue) ||
      !gp_json_walk_read_number (walk, group, "electricity_per_kwh", FALSE,
                                 &lab->electricity_per_kwh) ||
      !gp_json_walk_read_number (walk, group, "utilisation_pct", TRUE, &lab->utilisation_pct) ||
      !gp_json_walk_read_number (walk, group, "staff_per_year", FALSE, &lab->staff_per_year))
    return FALSE;
  if (!gp_lab_cost_check (lab, MAX (instance->gpu_count, 1), &error))
    {
      /* "utilisation_pct: must be…": said at the field, as every other message is. */
      g_auto(GStrv) parts = g_strsplit (error->message, ": ", 2);

      gp_json_walk_push_key (walk, parts[0]);
      return gp_json_walk_fail (walk, GP_CATALOG_ERROR_INVALID_VALUE, "%s",
                                parts[1] ? parts[1] : "");
    }
  gp_json_walk_pop (walk);

  instance->lab = g_steal_pointer (&lab);
  return TRUE;
}

/* Every price of @instance is @expected an hour, within 0.5 %: what its `lab` or `quote` object
 * gives (@from), so that a price written by hand that says otherwise, two answers to one
 * question, is refused at the price. */
static gboolean
check_prices_follow (GpJsonWalk *walk,
                     GpInstance *instance,
                     double      expected,
                     const char *from)
{
  for (guint i = 0; i < instance->offers->len; i++)
    {
      GpOffer *offer = g_ptr_array_index (instance->offers, i);

      if (!(fabs (offer->on_demand - expected) <= MAX (expected * 0.005, 0.0001)))
        {
          gp_json_walk_push_key (walk, "prices");
          gp_json_walk_push_index (walk, i);
          gp_json_walk_push_key (walk, "on_demand");
          /* Translators: a price an hour, what it must follow from (“the price in "quote"”),
           * and the price an hour that gives */
          return gp_json_walk_fail (walk, GP_CATALOG_ERROR_INVALID_VALUE,
                                    _("%.4f does not follow from %s: it gives %.4f an hour"),
                                    offer->on_demand, from, expected);
        }
    }
  return TRUE;
}

/* A lab machine's prices are its cost an hour, as the formula gives it from its figures. */
static gboolean
check_lab_prices (GpJsonWalk *walk,
                  GpInstance *instance)
{
  if (instance->lab == NULL)
    return TRUE;
  return check_prices_follow (walk, instance,
                              gp_lab_cost_per_gpu_hour (instance->lab, instance->gpu_count, NULL) *
                                  instance->gpu_count,
                              _("the machine's figures in \"lab\""));
}

/* A price the lab was quoted: as it was given, a month's rent or an hour's price. */
static gboolean
read_quote (GpJsonWalk *walk,
            JsonObject *object,
            GpInstance *instance)
{
  static const char *const fields[] = { "price", "per", "billing_increment_s", "mainland_china",
                                        NULL };
  g_autofree GpQuoteTerms *quote = NULL;
  JsonObject *group;
  guint per = GP_QUOTE_PER_HOUR;
  guint reach = GP_REACHABILITY_UNKNOWN;

  if (!gp_json_walk_enter_object (walk, object, "quote", &group))
    return FALSE;
  if (group == NULL)
    return TRUE;

  quote = g_new0 (GpQuoteTerms, 1);
  if (!gp_json_walk_check_fields (walk, group, fields) ||
      !gp_json_walk_read_number (walk, group, "price", TRUE, &quote->price) ||
      !gp_json_walk_read_enum (walk, group, "per", GP_TYPE_QUOTE_PER, &per) ||
      !gp_json_walk_read_number (walk, group, "billing_increment_s", FALSE,
                                 &quote->billing_increment_s) ||
      (gp_json_walk_member (group, "mainland_china") != NULL &&
       !gp_json_walk_read_enum (walk, group, "mainland_china", GP_TYPE_REACHABILITY, &reach)))
    return FALSE;
  if (!(quote->price > 0))
    {
      gp_json_walk_push_key (walk, "price");
      return gp_json_walk_fail (walk, GP_CATALOG_ERROR_INVALID_VALUE, _("must be more than 0"));
    }
  quote->per = per;
  quote->reach = reach;
  if (isnan (quote->billing_increment_s))
    quote->billing_increment_s = 0;
  gp_json_walk_pop (walk);

  instance->quote = g_steal_pointer (&quote);
  return TRUE;
}

/* A quote's prices are the price it was given, by the hour. */
static gboolean
check_quote_prices (GpJsonWalk *walk,
                    GpInstance *instance)
{
  if (instance->quote == NULL)
    return TRUE;
  return check_prices_follow (walk, instance, gp_quote_terms_per_hour (instance->quote),
                              _("the price in \"quote\""));
}

gboolean
_gp_catalog_loader_read_instance (GpJsonWalk *walk,
                                  JsonObject *object,
                                  guint       index,
                                  gpointer    user_data)
{
  static const char *const fields[] = { "id",
                                        "provider",
                                        "name",
                                        "gpu",
                                        "gpu_count",
                                        "vcpus",
                                        "memory_gb",
                                        "interconnect",
                                        "compute_units_per_hour",
                                        "plans",
                                        "anomalies",
                                        "derived",
                                        "host_required",
                                        "reported",
                                        "notes",
                                        "source",
                                        "prices",
                                        "lab",
                                        "quote",
                                        NULL };
  ReadContext *ctx = user_data;
  g_autoptr(GpInstance) instance = gp_instance_new_empty ();
  g_autoptr(GHashTable) regions_seen = g_hash_table_new (g_str_hash, g_str_equal);
  guint anomalies = 0;

  instance->layer = ctx->data->layer;
  instance->index = index;
  if (!gp_json_walk_check_fields (walk, object, fields) ||
      !gp_json_walk_read_id (walk, object, "id", TRUE, &instance->id) ||
      !gp_json_walk_read_id (walk, object, "provider", TRUE, &instance->provider_id) ||
      !gp_json_walk_read_name (walk, object, "name", TRUE, &instance->name) ||
      !gp_json_walk_read_id (walk, object, "gpu", TRUE, &instance->gpu_id) ||
      !gp_json_walk_read_count (walk, object, "gpu_count", TRUE, &instance->gpu_count) ||
      !gp_json_walk_read_count (walk, object, "vcpus", FALSE, &instance->vcpus) ||
      !gp_json_walk_read_number (walk, object, "memory_gb", FALSE, &instance->memory_gb) ||
      !gp_json_walk_read_string (walk, object, "interconnect", FALSE, &instance->interconnect) ||
      !gp_json_walk_read_number (walk, object, "compute_units_per_hour", FALSE,
                                 &instance->compute_units_per_hour) ||
      !gp_json_walk_read_strv (walk, object, "plans", GP_TEXT_ID, &instance->plan_ids) ||
      !gp_json_walk_read_flags (walk, object, "anomalies", GP_TYPE_ANOMALY, &anomalies) ||
      !gp_json_walk_read_string (walk, object, "host_required", FALSE, &instance->host_required) ||
      !gp_json_walk_read_string (walk, object, "notes", FALSE, &instance->notes) ||
      !_gp_catalog_loader_read_source_ref (walk, object, TRUE, &instance->source_id) ||
      !gp_json_walk_check_unique (walk, ctx->seen, instance->id, "instances", index))
    return FALSE;
  instance->anomalies = anomalies;

  if (!read_derivation (walk, object, instance) || !read_lab (walk, object, instance) ||
      !read_quote (walk, object, instance) || !read_report (walk, object, instance))
    return FALSE;

  if (instance->gpu_count == 0)
    {
      gp_json_walk_push_key (walk, "gpu_count");
      return gp_json_walk_fail (walk, GP_CATALOG_ERROR_INVALID_VALUE,
                                _("an instance needs at least one GPU"));
    }

  ctx->instance = instance;
  ctx->regions_seen = regions_seen;
  if (!gp_json_walk_read_object_array (walk, object, "prices", TRUE, read_price, ctx))
    return FALSE;
  ctx->instance = NULL;
  ctx->regions_seen = NULL;
  if (!check_lab_prices (walk, instance) || !check_quote_prices (walk, instance))
    return FALSE;

  ctx->data->n_offers += instance->offers->len;
  instance->file = g_strdup (ctx->data->file);
  g_ptr_array_add (ctx->data->instances, g_steal_pointer (&instance));
  return TRUE;
}
