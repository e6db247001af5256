/* gp-catalog-loader.c — reading one catalog file into model objects, checking every field
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The file is checked and parsed into json-glib nodes by gp_json_parse(), then walked once.
 * Every value is checked where it is read, and the first problem ends the walk with an error
 * naming the file and the JSON path of the value, such as `instances[12].prices[0].spot`. The path
 * is kept by the walk (gp-json-walk.c), whose checked readers every field goes through.
 */

#include "config.h"

#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "gp-catalog-error.h"
#include "gp-catalog-loader.h"
#include "gp-json-walk.h"
#include "gp-text.h"
#include "gp-enums.h"
#include "gp-json-reader.h"
#include "gp-json-writer.h"
#include "gp-model-private.h"

typedef struct
{
  GpLayerData *data;
  GHashTable *seen;
  GpProvider *provider;
  GpInstance *instance;
  GHashTable *regions_seen;
} ReadContext;

/* Every figure needs a source: a group of figures names one by id. */
static gboolean
read_source_ref (GpJsonWalk  *walk,
                 JsonObject  *object,
                 gboolean     required,
                 char       **out)
{
  if (gp_json_walk_member (object, "source") != NULL)
    return gp_json_walk_read_id (walk, object, "source", TRUE, out);
  if (!required)
    return TRUE;
  return gp_json_walk_fail_at (
      walk, "source", GP_CATALOG_ERROR_MISSING_SOURCE,
      _("every figure needs a source: name one of the catalog's sources"));
}

static gboolean
read_source (GpJsonWalk *walk,
             JsonObject *object,
             guint       index,
             gpointer    user_data)
{
  static const char *const fields[] = { "id", "title", "url", "as_of", "note", NULL };
  ReadContext *ctx = user_data;
  g_autoptr(GpSource) source = gp_source_new_empty ();

  source->layer = ctx->data->layer;
  if (!gp_json_walk_check_fields (walk, object, fields) ||
      !gp_json_walk_read_id (walk, object, "id", TRUE, &source->id) ||
      !gp_json_walk_read_name (walk, object, "title", TRUE, &source->title) ||
      !gp_json_walk_read_name (walk, object, "url", FALSE, &source->url) ||
      !gp_json_walk_read_string (walk, object, "note", FALSE, &source->note))
    return FALSE;

  if (gp_json_walk_member (object, "as_of") == NULL)
    {
      gp_json_walk_push_key (walk, "as_of");
      return gp_json_walk_fail (walk, GP_CATALOG_ERROR_MISSING_SOURCE,
                                _("a source needs the date its figures were current"));
    }
  if (!gp_json_walk_read_as_of (walk, object, "as_of", TRUE, &source->as_of) ||
      !gp_json_walk_check_unique (walk, ctx->seen, source->id, "sources", index))
    return FALSE;

  g_ptr_array_add (ctx->data->sources, g_steal_pointer (&source));
  return TRUE;
}

/* "use": what the model is built for, with its source; a model without it trains. */
static gboolean
read_gpu_use (GpJsonWalk *walk,
              JsonObject *object,
              GpGpu      *gpu)
{
  static const char *const fields[] = { "training", "source", NULL };
  gboolean training = TRUE;
  JsonObject *use;

  if (!gp_json_walk_enter_object (walk, object, "use", &use))
    return FALSE;
  if (use == NULL)
    return TRUE;
  if (!gp_json_walk_check_fields (walk, use, fields))
    return FALSE;
  if (gp_json_walk_member (use, "training") == NULL)
    return gp_json_walk_missing (walk, "training");
  if (!gp_json_walk_read_boolean (walk, use, "training", &training) ||
      !read_source_ref (walk, use, TRUE, &gpu->use_source_id))
    return FALSE;
  gpu->inference_only = !training;
  gp_json_walk_pop (walk);
  return TRUE;
}

static gboolean
read_gpu (GpJsonWalk *walk,
          JsonObject *object,
          guint       index,
          gpointer    user_data)
{
  static const char *const fields[] = { "id",          "name",
                                        "vendor",      "architecture",
                                        "memory_gb",   "memory_bandwidth_gbps",
                                        "fp32_tflops", "tf32_tflops",
                                        "fp16_tflops", "bf16_tflops",
                                        "fp8_tflops",  "tdp_w",
                                        "tdp_source",  "launch_year",
                                        "use",         "aliases",
                                        "notes",       "source",
                                        NULL };
  ReadContext *ctx = user_data;
  g_autoptr(GpGpu) gpu = gp_gpu_new_empty ();

  gpu->layer = ctx->data->layer;
  if (!gp_json_walk_check_fields (walk, object, fields) ||
      !gp_json_walk_read_id (walk, object, "id", TRUE, &gpu->id) ||
      !gp_json_walk_read_name (walk, object, "name", TRUE, &gpu->name) ||
      !gp_json_walk_read_name (walk, object, "vendor", FALSE, &gpu->vendor) ||
      !gp_json_walk_read_name (walk, object, "architecture", FALSE, &gpu->architecture) ||
      /* An importer may add a model it knows only by name: its memory stays unknown. */
      !gp_json_walk_read_number (walk, object, "memory_gb", FALSE, &gpu->memory_gb) ||
      !gp_json_walk_read_number (walk, object, "memory_bandwidth_gbps", FALSE,
                                 &gpu->memory_bandwidth_gbps) ||
      !gp_json_walk_read_number (walk, object, "fp32_tflops", FALSE, &gpu->fp32_tflops) ||
      !gp_json_walk_read_number (walk, object, "tf32_tflops", FALSE, &gpu->tf32_tflops) ||
      !gp_json_walk_read_number (walk, object, "fp16_tflops", FALSE, &gpu->fp16_tflops) ||
      !gp_json_walk_read_number (walk, object, "bf16_tflops", FALSE, &gpu->bf16_tflops) ||
      !gp_json_walk_read_number (walk, object, "fp8_tflops", FALSE, &gpu->fp8_tflops) ||
      !gp_json_walk_read_number (walk, object, "tdp_w", FALSE, &gpu->tdp_w) ||
      !gp_json_walk_read_id (walk, object, "tdp_source", FALSE, &gpu->tdp_source_id) ||
      !gp_json_walk_read_count (walk, object, "launch_year", FALSE, &gpu->launch_year) ||
      !read_gpu_use (walk, object, gpu) ||
      !gp_json_walk_read_strv (walk, object, "aliases", GP_TEXT_NAME, &gpu->aliases) ||
      !gp_json_walk_read_string (walk, object, "notes", FALSE, &gpu->notes) ||
      !read_source_ref (walk, object, TRUE, &gpu->source_id) ||
      !gp_json_walk_check_unique (walk, ctx->seen, gpu->id, "gpus", index))
    return FALSE;

  g_ptr_array_add (ctx->data->gpus, g_steal_pointer (&gpu));
  return TRUE;
}

/* "grid": { "zone": "FI", "gco2_per_kwh": 39.32, "year": 2024, "source": "…" }: what a kWh
 * the region draws emits, location-based, by the zone its place maps to. */
static gboolean
read_region_grid (GpJsonWalk *walk,
                  JsonObject *object,
                  GpRegion   *region)
{
  static const char *const fields[] = { "zone", "gco2_per_kwh", "year", "source", NULL };
  g_autoptr(GpGridFigure) grid = NULL;
  JsonObject *group;

  if (!gp_json_walk_enter_object (walk, object, "grid", &group))
    return FALSE;
  if (group == NULL)
    return TRUE;

  grid = g_new0 (GpGridFigure, 1);
  if (!gp_json_walk_check_fields (walk, group, fields) ||
      !gp_json_walk_read_id (walk, group, "zone", TRUE, &grid->zone) ||
      !gp_json_walk_read_number (walk, group, "gco2_per_kwh", TRUE, &grid->gco2_per_kwh) ||
      !gp_json_walk_read_count (walk, group, "year", TRUE, &grid->year) ||
      !read_source_ref (walk, group, TRUE, &grid->source_id))
    return FALSE;
  /* No grid emits nothing or more than coal does (about 1,000 g a kWh). */
  if (!(grid->gco2_per_kwh > 0 && grid->gco2_per_kwh <= GP_GRID_MAX_GCO2_PER_KWH))
    {
      gp_json_walk_push_key (walk, "gco2_per_kwh");
      return gp_json_walk_fail (walk, GP_CATALOG_ERROR_INVALID_VALUE,
                                _("must be more than 0 and at most %g"), GP_GRID_MAX_GCO2_PER_KWH);
    }
  if (grid->year < 1990 || grid->year > 2100)
    {
      gp_json_walk_push_key (walk, "year");
      return gp_json_walk_fail (walk, GP_CATALOG_ERROR_INVALID_VALUE,
                                _("must be a year from 1990 to 2100"));
    }
  gp_json_walk_pop (walk);

  region->grid = g_steal_pointer (&grid);
  return TRUE;
}

/* "pue": { "value": 1.09, "source": "…" }: the data centre's power usage effectiveness. */
static gboolean
read_region_pue (GpJsonWalk *walk,
                 JsonObject *object,
                 GpRegion   *region)
{
  static const char *const fields[] = { "value", "source", NULL };
  JsonObject *group;

  if (!gp_json_walk_enter_object (walk, object, "pue", &group))
    return FALSE;
  if (group == NULL)
    return TRUE;

  if (!gp_json_walk_check_fields (walk, group, fields) ||
      !gp_json_walk_read_number (walk, group, "value", TRUE, &region->pue) ||
      !read_source_ref (walk, group, TRUE, &region->pue_source_id))
    return FALSE;
  if (!(region->pue >= 1 && region->pue <= GP_PUE_MAX))
    {
      gp_json_walk_push_key (walk, "value");
      return gp_json_walk_fail (walk, GP_CATALOG_ERROR_INVALID_VALUE, _("must be from 1 to %g"),
                                GP_PUE_MAX);
    }
  gp_json_walk_pop (walk);
  return TRUE;
}

static gboolean
read_region (GpJsonWalk *walk,
             JsonObject *object,
             guint       index,
             gpointer    user_data)
{
  static const char *const fields[] = { "id",   "name", "location", "city", "country", "geography",
                                        "kind", "tags", "grid",     "pue",  NULL };
  ReadContext *ctx = user_data;
  g_autoptr(GpRegion) region = gp_region_new_empty ();
  guint kind = GP_REGION_KIND_REGION;

  if (!gp_json_walk_check_fields (walk, object, fields) ||
      !gp_json_walk_read_id (walk, object, "id", TRUE, &region->id) ||
      !gp_json_walk_read_name (walk, object, "name", FALSE, &region->name) ||
      !gp_json_walk_read_name (walk, object, "location", FALSE, &region->location) ||
      !gp_json_walk_read_name (walk, object, "city", FALSE, &region->city) ||
      !gp_json_walk_read_name (walk, object, "country", FALSE, &region->country) ||
      !gp_json_walk_read_name (walk, object, "geography", FALSE, &region->geography) ||
      (gp_json_walk_member (object, "kind") != NULL &&
       !gp_json_walk_read_enum (walk, object, "kind", GP_TYPE_REGION_KIND, &kind)) ||
      !gp_json_walk_read_strv (walk, object, "tags", GP_TEXT_ID, &region->tags) ||
      !read_region_grid (walk, object, region) || !read_region_pue (walk, object, region) ||
      !gp_json_walk_check_unique (walk, ctx->regions_seen, region->id, "regions", index))
    return FALSE;
  region->kind = kind;

  g_hash_table_insert (ctx->provider->regions_by_id, region->id, region);
  g_list_store_append (ctx->provider->regions, region);
  return TRUE;
}

static gboolean
read_plan (GpJsonWalk *walk,
           JsonObject *object,
           guint       index,
           gpointer    user_data)
{
  static const char *const fields[] = {
    "id", "name", "monthly_fee", "price", "compute_units", "notes", "source", NULL
  };
  ReadContext *ctx = user_data;
  g_autoptr(GpPlan) plan = gp_plan_new_empty ();

  if (!gp_json_walk_check_fields (walk, object, fields) ||
      !gp_json_walk_read_id (walk, object, "id", TRUE, &plan->id) ||
      !gp_json_walk_read_name (walk, object, "name", TRUE, &plan->name) ||
      !gp_json_walk_read_number (walk, object, "monthly_fee", FALSE, &plan->monthly_fee) ||
      !gp_json_walk_read_number (walk, object, "price", FALSE, &plan->price) ||
      !gp_json_walk_read_number (walk, object, "compute_units", FALSE, &plan->compute_units) ||
      !gp_json_walk_read_string (walk, object, "notes", FALSE, &plan->notes) ||
      !read_source_ref (walk, object, TRUE, &plan->source_id))
    return FALSE;

  if (gp_provider_find_plan (ctx->provider, plan->id) != NULL)
    {
      gp_json_walk_push_key (walk, "id");
      return gp_json_walk_fail (walk, GP_CATALOG_ERROR_DUPLICATE_ID, _("duplicate plan id \"%s\""),
                                plan->id);
    }

  g_list_store_append (ctx->provider->plans, plan);
  return TRUE;
}

/* A fact of paying a provider: true or false, as its source says it. */
static gboolean
read_answer (GpJsonWalk *walk,
             JsonObject *group,
             const char *key,
             GpAnswer   *out)
{
  gboolean value = FALSE;

  if (gp_json_walk_member (group, key) == NULL)
    return gp_json_walk_missing (walk, key);
  if (!gp_json_walk_read_boolean (walk, group, key, &value))
    return FALSE;
  *out = value ? GP_ANSWER_YES : GP_ANSWER_NO;
  return TRUE;
}

static gboolean
read_group_field (GpJsonWalk         *walk,
                  JsonObject         *group,
                  const GpGroupField *field,
                  GpProvider         *provider)
{
  gpointer slot = G_STRUCT_MEMBER_P (provider, field->offset);

  switch (field->kind)
    {
    case GP_GROUP_FIELD_STRING:
      return gp_json_walk_read_string (walk, group, field->key, field->required, slot);

    case GP_GROUP_FIELD_FEATURES:
      return gp_json_walk_read_flags (walk, group, field->key, GP_TYPE_FEATURE, slot);

    case GP_GROUP_FIELD_REACHABILITY:
      if (!gp_json_walk_read_enum (walk, group, field->key, GP_TYPE_REACHABILITY, slot))
        return FALSE;
      if (*(guint *) slot == GP_REACHABILITY_UNKNOWN)
        {
          gp_json_walk_push_key (walk, field->key);
          return gp_json_walk_fail (walk, GP_CATALOG_ERROR_INVALID_VALUE,
                                    _("expected in-china, cross-border or unreachable"));
        }
      return TRUE;

    case GP_GROUP_FIELD_ANSWER:
      return read_answer (walk, group, field->key, slot);

    case GP_GROUP_FIELD_PERCENTAGE:
      return gp_json_walk_read_percentage (walk, group, field->key, slot);

    case GP_GROUP_FIELD_POSITIVE:
      if (!gp_json_walk_read_number (walk, group, field->key, field->required, slot))
        return FALSE;
      if (*(double *) slot <= 0)
        {
          gp_json_walk_push_key (walk, field->key);
          return gp_json_walk_fail (walk, GP_CATALOG_ERROR_INVALID_VALUE,
                                    _("must be more than 0"));
        }
      return TRUE;

    case GP_GROUP_FIELD_NUMBER:
    default:
      return gp_json_walk_read_number (walk, group, field->key, field->required, slot);
    }
}

/* Each group as gp_provider_groups describes it: its fields, then its source. */
static gboolean
read_provider_groups (GpJsonWalk *walk,
                      JsonObject *object,
                      GpProvider *provider)
{
  for (guint g = 0; g < GP_PROVIDER_N_GROUPS; g++)
    {
      const GpProviderGroupInfo *info = &gp_provider_groups[g];
      const char *known[GP_GROUP_MAX_FIELDS + 2] = { NULL };
      JsonObject *group;
      guint n = 0;

      if (!gp_json_walk_enter_object (walk, object, info->key, &group))
        return FALSE;
      if (group == NULL)
        continue;

      for (const GpGroupField *field = info->fields; field->key != NULL; field++)
        known[n++] = field->key;
      known[n] = "source";
      if (!gp_json_walk_check_fields (walk, group, known))
        return FALSE;

      for (const GpGroupField *field = info->fields; field->key != NULL; field++)
        if (!read_group_field (walk, group, field, provider))
          return FALSE;

      if (!read_source_ref (walk, group, info->source_required, &provider->group_source_ids[g]))
        return FALSE;
      gp_json_walk_pop (walk);
    }

  return TRUE;
}

static gboolean
read_provider (GpJsonWalk *walk,
               JsonObject *object,
               guint       index,
               gpointer    user_data)
{
  static const char *const fields[] = { "id",
                                        "name",
                                        "short_name",
                                        "kind",
                                        "featured",
                                        "currency",
                                        "website",
                                        "summary",
                                        "pricing",
                                        "billing",
                                        "transfer",
                                        "features",
                                        "limits",
                                        "relative_to",
                                        "reserved",
                                        "spot",
                                        "reachability",
                                        "regions",
                                        "plans",
                                        "notes",
                                        "source",
                                        "billing_currency",
                                        "chinese_invoice",
                                        "foreign_card",
                                        "business_licence",
                                        "real_name",
                                        NULL };
  ReadContext *ctx = user_data;
  g_autoptr(GpProvider) provider = gp_provider_new_empty ();
  g_autoptr(GHashTable) regions_seen = g_hash_table_new (g_str_hash, g_str_equal);
  guint kind = 0, pricing = 0;

  provider->layer = ctx->data->layer;
  if (!gp_json_walk_check_fields (walk, object, fields) ||
      !gp_json_walk_read_id (walk, object, "id", TRUE, &provider->id) ||
      !gp_json_walk_read_name (walk, object, "name", TRUE, &provider->name) ||
      !gp_json_walk_read_name (walk, object, "short_name", FALSE, &provider->short_name) ||
      !gp_json_walk_read_enum (walk, object, "kind", GP_TYPE_PROVIDER_KIND, &kind) ||
      !gp_json_walk_read_boolean (walk, object, "featured", &provider->featured) ||
      !gp_json_walk_read_currency (walk, object, "currency", &provider->currency) ||
      !gp_json_walk_read_name (walk, object, "website", FALSE, &provider->website) ||
      !gp_json_walk_read_string (walk, object, "summary", FALSE, &provider->summary) ||
      !gp_json_walk_read_flags (walk, object, "pricing", GP_TYPE_PRICING_MODEL, &pricing) ||
      !read_provider_groups (walk, object, provider) ||
      !gp_json_walk_read_string (walk, object, "notes", FALSE, &provider->notes) ||
      !read_source_ref (walk, object, TRUE, &provider->source_id) ||
      !gp_json_walk_check_unique (walk, ctx->seen, provider->id, "providers", index))
    return FALSE;
  provider->kind = kind;
  provider->pricing = pricing;

  ctx->provider = provider;
  ctx->regions_seen = regions_seen;
  if (!gp_json_walk_read_object_array (walk, object, "regions", TRUE, read_region, ctx) ||
      !gp_json_walk_read_object_array (walk, object, "plans", FALSE, read_plan, ctx))
    return FALSE;
  ctx->provider = NULL;
  ctx->regions_seen = NULL;

  g_ptr_array_add (ctx->data->providers, g_steal_pointer (&provider));
  return TRUE;
}

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
      !read_source_ref (walk, group, TRUE, &block->source_id))
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
      ((present & 1u << SOURCE) && !read_source_ref (walk, object, FALSE, &offer->source_id)) ||
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
      !read_source_ref (walk, group, TRUE, &derived->source_id))
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

static gboolean
read_instance (GpJsonWalk *walk,
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
      !read_source_ref (walk, object, TRUE, &instance->source_id) ||
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

static gboolean
read_kind (GpJsonWalk         *walk,
           JsonObject         *root,
           const char         *key,
           GpJsonWalkItemFunc  read_item,
           ReadContext        *ctx)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  ctx->seen = seen;
  if (!gp_json_walk_read_object_array (walk, root, key, FALSE, read_item, ctx))
    return FALSE;
  ctx->seen = NULL;

  return TRUE;
}

static gboolean
read_root (GpJsonWalk  *walk,
           JsonNode    *root_node,
           GpLayerData *data,
           JsonArray   *streamed_instances)
{
  static const char *const fields[] = {
    "schema_version", "name", "as_of", "currency", "sources", "gpus", "providers", "instances",
    NULL
  };
  ReadContext ctx = { data };
  JsonObject *root;
  JsonNode *version;

  if (root_node == NULL || !JSON_NODE_HOLDS_OBJECT (root_node))
    return root_node == NULL
               ? gp_json_walk_fail (walk, GP_CATALOG_ERROR_PARSE, _("the file is empty"))
               : gp_json_walk_fail_type (walk, root_node, _("an object"));

  root = json_node_get_object (root_node);
  if ((version = gp_json_walk_member (root, "schema_version")) == NULL)
    return gp_json_walk_missing (walk, "schema_version");

  gp_json_walk_push_key (walk, "schema_version");
  if (!JSON_NODE_HOLDS_VALUE (version) || json_node_get_value_type (version) != G_TYPE_INT64)
    return gp_json_walk_fail_type (walk, version, _("a whole number"));
  if (json_node_get_int (version) != GP_CATALOG_SCHEMA_VERSION)
    return gp_json_walk_fail (walk, GP_CATALOG_ERROR_SCHEMA_VERSION,
                              _("unsupported schema version %lld (this build reads %d)"),
                              (long long) json_node_get_int (version), GP_CATALOG_SCHEMA_VERSION);
  gp_json_walk_pop (walk);

  return gp_json_walk_check_fields (walk, root, fields) &&
         gp_json_walk_read_name (walk, root, "name", FALSE, &data->name) &&
         gp_json_walk_read_as_of (walk, root, "as_of", FALSE, &data->as_of) &&
         gp_json_walk_read_currency (walk, root, "currency", &data->currency) &&
         read_kind (walk, root, "sources", read_source, &ctx) &&
         read_kind (walk, root, "gpus", read_gpu, &ctx) &&
         read_kind (walk, root, "providers", read_provider, &ctx) &&
         (streamed_instances != NULL || read_kind (walk, root, "instances", read_instance, &ctx));
}

/* Instances hold nearly all of a large catalog. Reading each one as soon as the checked
 * reader has built it, and dropping its nodes, keeps the parse tree from ever holding them all:
 * peak memory follows the model, not the tree (several times the file's size). This applies only
 * while the file has the expected shape, an "instances" array at the top level; anything else
 * falls back to reading the whole tree. */
typedef struct
{
  GpJsonWalk walk;
  GError      *error;
  ReadContext  ctx;
  GHashTable  *seen;
  JsonArray   *instances;
  gboolean     fallback;
} Stream;

static gboolean
looks_like_instance (JsonNode *node)
{
  return JSON_NODE_HOLDS_OBJECT (node) && json_object_has_member (json_node_get_object (node),
                                                                  "prices");
}

static void
array_element_cb (JsonArray *array,
                  guint      index,
                  gpointer   user_data)
{
  Stream *stream = user_data;
  guint last = json_array_get_length (array) - 1;
  JsonNode *element = json_array_get_element (array, last);

  if (stream->fallback || stream->error != NULL)
    return;

  if (stream->instances == NULL)
    {
      if (!looks_like_instance (element))
        return;
      /* The first instance must be the first element: nothing may be left behind in it. */
      if (last != 0)
        {
          stream->fallback = TRUE;
          return;
        }
      stream->instances = array;
    }
  else if (array != stream->instances)
    {
      if (looks_like_instance (element))
        stream->fallback = TRUE;
      return;
    }

  gp_json_walk_push_key (&stream->walk, "instances");
  gp_json_walk_push_index (&stream->walk, index);
  if (!JSON_NODE_HOLDS_OBJECT (element))
    gp_json_walk_fail_type (&stream->walk, element, _("an object"));
  else
    read_instance (&stream->walk, json_node_get_object (element), index, &stream->ctx);
  stream->walk.depth = 0;

  json_array_remove_element (array, last);
}

/* Whether the array the stream read instances from is the root's "instances" member. */
static gboolean
stream_matches_root (Stream   *stream,
                     JsonNode *root)
{
  JsonNode *member_node;

  if (stream->instances == NULL || root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return FALSE;

  member_node = json_object_get_member (json_node_get_object (root), "instances");
  return member_node != NULL && JSON_NODE_HOLDS_ARRAY (member_node) &&
         json_node_get_array (member_node) == stream->instances;
}

static void
layer_data_init (GpLayerData    *data,
                 const char     *file,
                 GpCatalogLayer  layer)
{
  data->file = g_strdup (file);
  data->layer = layer;
  data->sources = g_ptr_array_new_with_free_func (g_object_unref);
  data->gpus = g_ptr_array_new_with_free_func (g_object_unref);
  data->providers = g_ptr_array_new_with_free_func (g_object_unref);
  data->instances = g_ptr_array_new_with_free_func (g_object_unref);
  data->warnings = g_ptr_array_new_with_free_func (g_free);
}

/* The file's currency is the default of everything in it; instances may have been read before
 * the top level's "currency" member was. */
static GpLayerData *
layer_data_finish (GpLayerData *data)
{
  for (guint i = 0; i < data->providers->len; i++)
    {
      GpProvider *provider = g_ptr_array_index (data->providers, i);
      provider->file_currency = g_strdup (data->currency);
    }
  for (guint i = 0; i < data->instances->len; i++)
    {
      GpInstance *instance = g_ptr_array_index (data->instances, i);
      instance->file_currency = g_strdup (data->currency);
    }

  return data;
}

/* Checks a tree as gp_layer_data_parse() checks a file, with the same rules and messages:
 * for an importer's output, which is a tree before it is text. */
GpLayerData *
gp_layer_data_read_tree (JsonNode        *root,
                         const char      *file,
                         GpCatalogLayer   layer,
                         GError         **error)
{
  g_autoptr(GpLayerData) data = g_new0 (GpLayerData, 1);
  GpJsonWalk walk;

  layer_data_init (data, file, layer);
  gp_json_walk_init (&walk, file, GP_CATALOG_ERROR, gp_catalog_error_walk_codes (), error);
  walk.warnings = data->warnings;

  if (!read_root (&walk, root, data, NULL))
    return NULL;

  return layer_data_finish (g_steal_pointer (&data));
}

/* Parses and checks one catalog file on its own. References to GPUs, providers, regions and
 * sources are checked later, against all layers. */
GpLayerData *
gp_layer_data_parse (GBytes          *bytes,
                     const char      *file,
                     GpCatalogLayer   layer,
                     GError         **error)
{
  g_autoptr(JsonNode) tree = NULL;
  g_autoptr(GError) check_error = NULL;
  g_autoptr(GpLayerData) data = g_new0 (GpLayerData, 1);
  GpLayerData *result = NULL;
  Stream stream = { { NULL } };
  JsonNode *root;
  GpJsonWalk walk;
  gsize size;
  const char *text = g_bytes_get_data (bytes, &size);

  layer_data_init (data, file, layer);
  gp_json_walk_init (&walk, file, GP_CATALOG_ERROR, gp_catalog_error_walk_codes (), error);
  walk.warnings = data->warnings;

  gp_json_walk_init (&stream.walk, file, GP_CATALOG_ERROR, gp_catalog_error_walk_codes (),
                     &stream.error);
  stream.walk.warnings = data->warnings;
  stream.ctx.data = data;
  stream.seen = g_hash_table_new (g_str_hash, g_str_equal);
  /* The checked reader: depth, one value, NUL, keys twice, numbers and size, then the tree,
   * its instances read as they come. */
  stream.ctx.seen = stream.seen;
  tree = gp_json_parse (text != NULL ? text : "", size, file, array_element_cb, &stream,
                        &check_error);
  if (tree == NULL)
    {
      g_set_error_literal (error, GP_CATALOG_ERROR, GP_CATALOG_ERROR_PARSE, check_error->message);
      goto out;
    }

  root = tree;
  if (!stream.fallback && (stream.instances == NULL || stream_matches_root (&stream, root)))
    {
      /* Sections before the instances report first, as when the tree is read whole. */
      gboolean ok = read_root (&walk, root, data, stream.instances);

      if (ok && stream.error != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&stream.error));
          ok = FALSE;
        }
      if (ok)
        result = g_steal_pointer (&data);
      goto out;
    }

  /* An unusual shape: start again from the whole tree. */
  g_ptr_array_set_size (data->instances, 0);
  g_ptr_array_set_size (data->warnings, 0);
  data->n_offers = 0;
  g_clear_error (&stream.error);
  {
    g_autoptr(JsonNode) whole = gp_json_read (text != NULL ? text : "", size, file, NULL);

    if (whole != NULL && read_root (&walk, whole, data, NULL))
      result = g_steal_pointer (&data);
  }

out:
  g_clear_error (&stream.error);
  g_clear_pointer (&stream.seen, g_hash_table_unref);
  return result != NULL ? layer_data_finish (result) : NULL;
}

void
gp_layer_data_free (GpLayerData *data)
{
  if (data == NULL)
    return;

  g_free (data->file);
  g_free (data->name);
  g_free (data->as_of);
  g_free (data->currency);
  g_ptr_array_unref (data->sources);
  g_ptr_array_unref (data->gpus);
  g_ptr_array_unref (data->providers);
  g_ptr_array_unref (data->instances);
  g_ptr_array_unref (data->warnings);
  g_free (data);
}
