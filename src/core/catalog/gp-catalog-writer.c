/* gp-catalog-writer.c — model objects back to the catalog format
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * An importer that brings new regions for a bundled provider must restate the provider whole,
 * since a later layer replaces an entry rather than merging it. This writes a provider as
 * FORMAT.md describes it, so the restatement loses nothing.
 */

#include "config.h"

#include <math.h>

#include "gp-catalog-writer.h"
#include "gp-enums.h"
#include "gp-model-private.h"
#include "gp-util.h"

static void
add_string (JsonBuilder *builder,
            const char  *key,
            const char  *value)
{
  if (value == NULL)
    return;

  json_builder_set_member_name (builder, key);
  json_builder_add_string_value (builder, value);
}

static void
add_number (JsonBuilder *builder,
            const char  *key,
            double       value)
{
  if (isnan (value))
    return;

  json_builder_set_member_name (builder, key);
  json_builder_add_double_value (builder, value);
}

static void
add_source (JsonBuilder *builder,
            GpSource    *source)
{
  if (source != NULL)
    add_string (builder, "source", gp_source_get_id (source));
}

static void
add_nicks (JsonBuilder *builder,
           const char  *key,
           GType        type,
           guint        flags)
{
  g_auto(GStrv) nicks = gp_flags_to_nicks (type, flags);

  json_builder_set_member_name (builder, key);
  json_builder_begin_array (builder);
  for (guint i = 0; nicks[i] != NULL; i++)
    json_builder_add_string_value (builder, nicks[i]);
  json_builder_end_array (builder);
}

static void
add_group_field (JsonBuilder        *builder,
                 const GpGroupField *field,
                 GpProvider         *provider)
{
  gpointer slot = G_STRUCT_MEMBER_P (provider, field->offset);

  switch (field->kind)
    {
    case GP_GROUP_FIELD_STRING:
      add_string (builder, field->key, *(const char **) slot);
      break;

    case GP_GROUP_FIELD_FEATURES:
      add_nicks (builder, field->key, GP_TYPE_FEATURE, *(GpFeature *) slot);
      break;

    case GP_GROUP_FIELD_REACHABILITY:
      add_string (builder, field->key,
                  gp_enum_to_nick (GP_TYPE_REACHABILITY, *(GpReachability *) slot));
      break;

    case GP_GROUP_FIELD_ANSWER:
      if (*(GpAnswer *) slot != GP_ANSWER_NOT_FOUND)
        {
          json_builder_set_member_name (builder, field->key);
          json_builder_add_boolean_value (builder, *(GpAnswer *) slot == GP_ANSWER_YES);
        }
      break;

    case GP_GROUP_FIELD_NUMBER:
    case GP_GROUP_FIELD_POSITIVE:
    case GP_GROUP_FIELD_PERCENTAGE:
    default:
      /* As stated, in the provider's currency: the getters would convert. */
      add_number (builder, field->key, *(double *) slot);
      break;
    }
}

static void
add_groups (JsonBuilder *builder,
            GpProvider  *provider)
{
  for (guint g = 0; g < GP_PROVIDER_N_GROUPS; g++)
    {
      if (!gp_provider_group_is_set (provider, g))
        continue;

      json_builder_set_member_name (builder, gp_provider_groups[g].key);
      json_builder_begin_object (builder);
      for (const GpGroupField *field = gp_provider_groups[g].fields; field->key != NULL; field++)
        add_group_field (builder, field, provider);
      add_source (builder, gp_provider_get_group_source (provider, g));
      json_builder_end_object (builder);
    }
}

/* The grid's intensity and the PUE, with their sources, as the region was read. */
static void
add_region_carbon (JsonBuilder *builder,
                   GpRegion    *region)
{
  if (region->grid != NULL)
    {
      json_builder_set_member_name (builder, "grid");
      json_builder_begin_object (builder);
      add_string (builder, "zone", region->grid->zone);
      add_number (builder, "gco2_per_kwh", region->grid->gco2_per_kwh);
      json_builder_set_member_name (builder, "year");
      json_builder_add_int_value (builder, region->grid->year);
      add_string (builder, "source", region->grid->source_id);
      json_builder_end_object (builder);
    }
  if (!isnan (region->pue))
    {
      json_builder_set_member_name (builder, "pue");
      json_builder_begin_object (builder);
      add_number (builder, "value", region->pue);
      add_string (builder, "source", region->pue_source_id);
      json_builder_end_object (builder);
    }
}

static void
add_regions (JsonBuilder        *builder,
             GpProvider         *provider,
             const char * const *extra_regions)
{
  GListModel *regions = gp_provider_get_regions (provider);
  g_autoptr(GEnumClass) kinds = g_type_class_ref (GP_TYPE_REGION_KIND);

  json_builder_set_member_name (builder, "regions");
  json_builder_begin_array (builder);
  for (guint i = 0; i < g_list_model_get_n_items (regions); i++)
    {
      g_autoptr(GpRegion) region = g_list_model_get_item (regions, i);

      json_builder_begin_object (builder);
      add_string (builder, "id", region->id);
      add_string (builder, "name", region->name);
      add_string (builder, "location", region->location);
      add_string (builder, "city", region->city);
      add_string (builder, "country", region->country);
      add_string (builder, "geography", region->geography);
      if (region->kind != GP_REGION_KIND_REGION)
        add_string (builder, "kind", g_enum_get_value (kinds, region->kind)->value_nick);
      if (region->tags != NULL)
        {
          json_builder_set_member_name (builder, "tags");
          json_builder_begin_array (builder);
          for (guint t = 0; region->tags[t] != NULL; t++)
            json_builder_add_string_value (builder, region->tags[t]);
          json_builder_end_array (builder);
        }
      add_region_carbon (builder, region);
      json_builder_end_object (builder);
    }
  for (guint i = 0; extra_regions != NULL && extra_regions[i] != NULL; i++)
    if (gp_provider_find_region (provider, extra_regions[i]) == NULL)
      {
        json_builder_begin_object (builder);
        add_string (builder, "id", extra_regions[i]);
        json_builder_end_object (builder);
      }
  json_builder_end_array (builder);
}

static void
add_plans (JsonBuilder *builder,
           GpProvider  *provider)
{
  GListModel *plans = gp_provider_get_plans (provider);

  if (g_list_model_get_n_items (plans) == 0)
    return;

  json_builder_set_member_name (builder, "plans");
  json_builder_begin_array (builder);
  for (guint i = 0; i < g_list_model_get_n_items (plans); i++)
    {
      g_autoptr(GpPlan) plan = g_list_model_get_item (plans, i);

      json_builder_begin_object (builder);
      add_string (builder, "id", gp_plan_get_id (plan));
      add_string (builder, "name", gp_plan_get_name (plan));
      add_number (builder, "monthly_fee", plan->monthly_fee);
      add_number (builder, "price", plan->price);
      add_number (builder, "compute_units", gp_plan_get_compute_units (plan));
      add_string (builder, "notes", gp_plan_get_notes (plan));
      add_source (builder, gp_plan_get_source (plan));
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

/* Writes @provider as one object of a catalog's "providers" array, for a file whose currency
 * is the US dollar. Its sources are written by id: the file is meant as a layer over a catalog
 * that defines them. */
void
gp_catalog_writer_add_provider (JsonBuilder        *builder,
                                GpProvider         *provider,
                                const char * const *extra_regions)
{
  g_return_if_fail (JSON_IS_BUILDER (builder));
  g_return_if_fail (GP_IS_PROVIDER (provider));

  json_builder_begin_object (builder);
  add_string (builder, "id", gp_provider_get_id (provider));
  /* As the file says it: gp_provider_get_name() is in the user's language. */
  add_string (builder, "name", provider->name);
  add_string (builder, "short_name", provider->short_name);
  add_string (builder, "kind",
              gp_enum_to_nick (GP_TYPE_PROVIDER_KIND, gp_provider_get_kind (provider)));
  if (gp_provider_get_featured (provider))
    {
      json_builder_set_member_name (builder, "featured");
      json_builder_add_boolean_value (builder, TRUE);
    }
  /* The files this writes state US dollars. */
  if (g_strcmp0 (gp_provider_get_currency (provider), "USD") != 0)
    add_string (builder, "currency", gp_provider_get_currency (provider));
  add_string (builder, "website", gp_provider_get_website (provider));
  add_string (builder, "summary", gp_provider_get_summary (provider));
  add_nicks (builder, "pricing", GP_TYPE_PRICING_MODEL, gp_provider_get_pricing (provider));
  add_groups (builder, provider);
  add_regions (builder, provider, extra_regions);
  add_plans (builder, provider);
  add_string (builder, "notes", gp_provider_get_notes (provider));
  add_source (builder, gp_provider_get_source (provider));
  json_builder_end_object (builder);
}
