/* gp-catalog-loader-providers.c — a layer's providers, with their groups of facts, their
 * regions and their plans
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <json-glib/json-glib.h>

#include <glib/gi18n-lib.h>

#include "gp-catalog-error.h"
#include "gp-catalog-loader-private.h"
#include "gp-enums.h"
#include "gp-model-private.h"
#include "gp-text.h"

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
      !_gp_catalog_loader_read_source_ref (walk, group, TRUE, &grid->source_id))
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
      !_gp_catalog_loader_read_source_ref (walk, group, TRUE, &region->pue_source_id))
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
  static const char *const fields[] = { "id",    "name",   "monthly_fee", "price", "compute_units",
                                        "notes", "source", NULL };
  ReadContext *ctx = user_data;
  g_autoptr(GpPlan) plan = gp_plan_new_empty ();

  if (!gp_json_walk_check_fields (walk, object, fields) ||
      !gp_json_walk_read_id (walk, object, "id", TRUE, &plan->id) ||
      !gp_json_walk_read_name (walk, object, "name", TRUE, &plan->name) ||
      !gp_json_walk_read_number (walk, object, "monthly_fee", FALSE, &plan->monthly_fee) ||
      !gp_json_walk_read_number (walk, object, "price", FALSE, &plan->price) ||
      !gp_json_walk_read_number (walk, object, "compute_units", FALSE, &plan->compute_units) ||
      !gp_json_walk_read_string (walk, object, "notes", FALSE, &plan->notes) ||
      !_gp_catalog_loader_read_source_ref (walk, object, TRUE, &plan->source_id))
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

      if (!_gp_catalog_loader_read_source_ref (walk, group, info->source_required,
                                               &provider->group_source_ids[g]))
        return FALSE;
      gp_json_walk_pop (walk);
    }

  return TRUE;
}

gboolean
_gp_catalog_loader_read_provider (GpJsonWalk *walk,
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
      !_gp_catalog_loader_read_source_ref (walk, object, TRUE, &provider->source_id) ||
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
