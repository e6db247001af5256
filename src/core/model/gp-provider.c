/* gp-provider.c — a platform: how it bills, what it offers, where, and its limits
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "gp-enums.h"
#include "gp-plan-private.h"
#include "gp-provider-private.h"
#include "gp-region-private.h"

G_DEFINE_FINAL_TYPE (GpProvider, gp_provider, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ID,
  PROP_NAME,
  PROP_KIND,
  PROP_WEBSITE,
  PROP_SUMMARY,
  PROP_PRICING,
  PROP_FEATURES,
  PROP_REGIONS,
  PROP_PLANS,
  PROP_LAYER,
  /* The figures, read through figure_offsets */
  PROP_BILLING_INCREMENT_S,
  PROP_BILLING_MINIMUM_S,
  PROP_EGRESS_PER_GB,
  PROP_EGRESS_FREE_GB,
  PROP_INGRESS_PER_GB,
  PROP_MAX_SESSION_HOURS,
  PROP_IDLE_TIMEOUT_MINUTES,
  PROP_MARKUP_MIN_PCT,
  PROP_MARKUP_MAX_PCT,
  PROP_RESERVED_1Y_DISCOUNT_PCT,
  PROP_RESERVED_3Y_DISCOUNT_PCT,
  PROP_SPOT_SAVINGS_MIN_PCT,
  PROP_SPOT_SAVINGS_MAX_PCT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const struct
{
  const char *name;
  gsize       offset;
} figures[] = {
  { "billing-increment-s", G_STRUCT_OFFSET (GpProvider, billing_increment_s) },
  { "billing-minimum-s", G_STRUCT_OFFSET (GpProvider, billing_minimum_s) },
  { "egress-per-gb", G_STRUCT_OFFSET (GpProvider, egress_per_gb) },
  { "egress-free-gb", G_STRUCT_OFFSET (GpProvider, egress_free_gb) },
  { "ingress-per-gb", G_STRUCT_OFFSET (GpProvider, ingress_per_gb) },
  { "max-session-hours", G_STRUCT_OFFSET (GpProvider, max_session_hours) },
  { "idle-timeout-minutes", G_STRUCT_OFFSET (GpProvider, idle_timeout_minutes) },
  { "markup-min-pct", G_STRUCT_OFFSET (GpProvider, markup_min_pct) },
  { "markup-max-pct", G_STRUCT_OFFSET (GpProvider, markup_max_pct) },
  { "reserved-1y-discount-pct", G_STRUCT_OFFSET (GpProvider, reserved_1y_discount_pct) },
  { "reserved-3y-discount-pct", G_STRUCT_OFFSET (GpProvider, reserved_3y_discount_pct) },
  { "spot-savings-min-pct", G_STRUCT_OFFSET (GpProvider, spot_savings_min_pct) },
  { "spot-savings-max-pct", G_STRUCT_OFFSET (GpProvider, spot_savings_max_pct) },
};

G_STATIC_ASSERT (G_N_ELEMENTS (figures) == N_PROPS - PROP_BILLING_INCREMENT_S);

#define FIELD(key, kind, member, required) \
  { key, GP_GROUP_FIELD_##kind, G_STRUCT_OFFSET (GpProvider, member), required }

const GpProviderGroupInfo gp_provider_groups[GP_PROVIDER_N_GROUPS] = {
  [GP_PROVIDER_GROUP_BILLING] = { "billing", TRUE, {
    FIELD ("increment_s", POSITIVE, billing_increment_s, TRUE),
    FIELD ("minimum_s", NUMBER, billing_minimum_s, FALSE),
  } },
  [GP_PROVIDER_GROUP_TRANSFER] = { "transfer", TRUE, {
    FIELD ("egress_per_gb", NUMBER, egress_per_gb, FALSE),
    FIELD ("egress_free_gb", NUMBER, egress_free_gb, FALSE),
    FIELD ("ingress_per_gb", NUMBER, ingress_per_gb, FALSE),
  } },
  /* Features describe; they are not figures, so their source is optional. */
  [GP_PROVIDER_GROUP_FEATURES] = { "features", FALSE, {
    FIELD ("has", FEATURES, features, FALSE),
    FIELD ("environment", STRING, environment, FALSE),
  } },
  [GP_PROVIDER_GROUP_LIMITS] = { "limits", TRUE, {
    FIELD ("max_session_hours", NUMBER, max_session_hours, FALSE),
    FIELD ("idle_timeout_minutes", NUMBER, idle_timeout_minutes, FALSE),
    FIELD ("quota", STRING, quota, FALSE),
  } },
  [GP_PROVIDER_GROUP_RELATIVE] = { "relative_to", TRUE, {
    FIELD ("provider", STRING, relative_to, FALSE),
    FIELD ("markup_min_pct", NUMBER, markup_min_pct, FALSE),
    FIELD ("markup_max_pct", NUMBER, markup_max_pct, FALSE),
    FIELD ("note", STRING, relative_note, FALSE),
  } },
  [GP_PROVIDER_GROUP_RESERVED] = { "reserved", TRUE, {
    FIELD ("discount_1y_pct", NUMBER, reserved_1y_discount_pct, FALSE),
    FIELD ("discount_3y_pct", NUMBER, reserved_3y_discount_pct, FALSE),
  } },
  [GP_PROVIDER_GROUP_SPOT] = { "spot", TRUE, {
    FIELD ("savings_min_pct", PERCENTAGE, spot_savings_min_pct, FALSE),
    FIELD ("savings_max_pct", PERCENTAGE, spot_savings_max_pct, FALSE),
    FIELD ("note", STRING, spot_note, FALSE),
  } },
  [GP_PROVIDER_GROUP_REACHABILITY] = { "reachability", TRUE, {
    FIELD ("mainland_china", REACHABILITY, reachability, TRUE),
    FIELD ("account", STRING, reachability_account, FALSE),
    FIELD ("note", STRING, reachability_note, FALSE),
  } },
  [GP_PROVIDER_GROUP_BILLING_CURRENCY] = { "billing_currency", TRUE, {
    FIELD ("code", STRING, billing_currency, TRUE),
    FIELD ("note", STRING, billing_currency_note, FALSE),
  } },
  [GP_PROVIDER_GROUP_CHINESE_INVOICE] = { "chinese_invoice", TRUE, {
    FIELD ("issued", ANSWER, chinese_invoice, TRUE),
    FIELD ("note", STRING, chinese_invoice_note, FALSE),
  } },
  [GP_PROVIDER_GROUP_FOREIGN_CARD] = { "foreign_card", TRUE, {
    FIELD ("needed", ANSWER, foreign_card, TRUE),
    FIELD ("note", STRING, foreign_card_note, FALSE),
  } },
  [GP_PROVIDER_GROUP_BUSINESS_LICENCE] = { "business_licence", TRUE, {
    FIELD ("needed", ANSWER, business_licence, TRUE),
    FIELD ("note", STRING, business_licence_note, FALSE),
  } },
  [GP_PROVIDER_GROUP_REAL_NAME] = { "real_name", TRUE, {
    FIELD ("needed", ANSWER, real_name, TRUE),
    FIELD ("note", STRING, real_name_note, FALSE),
  } },
};

#undef FIELD

gboolean
gp_provider_group_is_set (GpProvider      *provider,
                          GpProviderGroup  group)
{
  if (provider->group_source_ids[group] != NULL)
    return TRUE;

  for (const GpGroupField *field = gp_provider_groups[group].fields; field->key; field++)
    switch (field->kind)
      {
      case GP_GROUP_FIELD_STRING:
        if (G_STRUCT_MEMBER (char *, provider, field->offset) != NULL)
          return TRUE;
        break;

      case GP_GROUP_FIELD_FEATURES:
        if (G_STRUCT_MEMBER (GpFeature, provider, field->offset) != GP_FEATURE_NONE)
          return TRUE;
        break;

      case GP_GROUP_FIELD_REACHABILITY:
        if (G_STRUCT_MEMBER (GpReachability, provider, field->offset) != GP_REACHABILITY_UNKNOWN)
          return TRUE;
        break;

      case GP_GROUP_FIELD_ANSWER:
        if (G_STRUCT_MEMBER (GpAnswer, provider, field->offset) != GP_ANSWER_NOT_FOUND)
          return TRUE;
        break;

      case GP_GROUP_FIELD_NUMBER:
      case GP_GROUP_FIELD_POSITIVE:
      case GP_GROUP_FIELD_PERCENTAGE:
      default:
        if (!isnan (G_STRUCT_MEMBER (double, provider, field->offset)))
          return TRUE;
        break;
      }

  return FALSE;
}

static void
gp_provider_dispose (GObject *object)
{
  GpProvider *self = GP_PROVIDER (object);

  for (guint g = 0; g < GP_PROVIDER_N_GROUPS; g++)
    g_clear_object (&self->group_sources[g]);
  g_clear_object (&self->source);
  g_clear_object (&self->regions);
  g_clear_object (&self->plans);
  g_clear_pointer (&self->regions_by_id, g_hash_table_unref);

  G_OBJECT_CLASS (gp_provider_parent_class)->dispose (object);
}

static void
gp_provider_finalize (GObject *object)
{
  GpProvider *self = GP_PROVIDER (object);

  g_free (self->id);
  g_free (self->name);
  g_free (self->short_name);
  g_free (self->currency);
  g_free (self->file_currency);
  g_free (self->website);
  g_free (self->summary);
  for (guint g = 0; g < GP_PROVIDER_N_GROUPS; g++)
    {
      g_free (self->group_source_ids[g]);
      for (const GpGroupField *field = gp_provider_groups[g].fields; field->key; field++)
        if (field->kind == GP_GROUP_FIELD_STRING)
          g_free (G_STRUCT_MEMBER (char *, self, field->offset));
    }
  g_free (self->notes);
  g_free (self->source_id);

  G_OBJECT_CLASS (gp_provider_parent_class)->finalize (object);
}

static void
gp_provider_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  GpProvider *self = GP_PROVIDER (object);

  if (prop_id >= PROP_BILLING_INCREMENT_S && prop_id < N_PROPS)
    {
      g_value_set_double (value,
                          G_STRUCT_MEMBER (double, self,
                                           figures[prop_id - PROP_BILLING_INCREMENT_S].offset));
      return;
    }

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_string (value, self->id);
      break;

    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;

    case PROP_KIND:
      g_value_set_enum (value, self->kind);
      break;

    case PROP_WEBSITE:
      g_value_set_string (value, self->website);
      break;

    case PROP_SUMMARY:
      g_value_set_string (value, self->summary);
      break;

    case PROP_PRICING:
      g_value_set_flags (value, self->pricing);
      break;

    case PROP_FEATURES:
      g_value_set_flags (value, self->features);
      break;

    case PROP_REGIONS:
      g_value_set_object (value, self->regions);
      break;

    case PROP_PLANS:
      g_value_set_object (value, self->plans);
      break;

    case PROP_LAYER:
      g_value_set_enum (value, self->layer);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gp_provider_class_init (GpProviderClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->dispose = gp_provider_dispose;
  object_class->finalize = gp_provider_finalize;
  object_class->get_property = gp_provider_get_property;

  properties[PROP_ID] = g_param_spec_string ("id", NULL, NULL, NULL, flags);
  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL, flags);
  properties[PROP_KIND] =
    g_param_spec_enum ("kind", NULL, NULL, GP_TYPE_PROVIDER_KIND, GP_PROVIDER_KIND_GPU_CLOUD,
                       flags);
  properties[PROP_WEBSITE] = g_param_spec_string ("website", NULL, NULL, NULL, flags);
  properties[PROP_SUMMARY] = g_param_spec_string ("summary", NULL, NULL, NULL, flags);
  properties[PROP_PRICING] =
    g_param_spec_flags ("pricing", NULL, NULL, GP_TYPE_PRICING_MODEL, GP_PRICING_NONE, flags);
  properties[PROP_FEATURES] =
    g_param_spec_flags ("features", NULL, NULL, GP_TYPE_FEATURE, GP_FEATURE_NONE, flags);
  properties[PROP_REGIONS] =
    g_param_spec_object ("regions", NULL, NULL, G_TYPE_LIST_MODEL, flags);
  properties[PROP_PLANS] = g_param_spec_object ("plans", NULL, NULL, G_TYPE_LIST_MODEL, flags);
  properties[PROP_LAYER] =
    g_param_spec_enum ("layer", NULL, NULL, GP_TYPE_CATALOG_LAYER, GP_CATALOG_LAYER_BUNDLED,
                       flags);
  for (guint i = 0; i < G_N_ELEMENTS (figures); i++)
    properties[PROP_BILLING_INCREMENT_S + i] =
      g_param_spec_double (figures[i].name, NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gp_provider_init (GpProvider *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (figures); i++)
    G_STRUCT_MEMBER (double, self, figures[i].offset) = NAN;

  self->to_catalog = 1;
  self->regions = g_list_store_new (GP_TYPE_REGION);
  self->regions_by_id = g_hash_table_new (g_str_hash, g_str_equal);
  self->plans = g_list_store_new (GP_TYPE_PLAN);
}

GpProvider *
gp_provider_new_empty (void)
{
  return g_object_new (GP_TYPE_PROVIDER, NULL);
}

const char *
gp_provider_get_id (GpProvider *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER (self), NULL);
  return self->id;
}

const char *
gp_provider_get_name (GpProvider *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER (self), NULL);
  /* In the user's language where the project names it ("Lab machines"). */
  return g_dpgettext2 (GETTEXT_PACKAGE, "provider", self->name);
}

const char *
gp_provider_get_short_name (GpProvider *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER (self), NULL);

  if (self->short_name == NULL)
    return gp_provider_get_name (self);
  return g_dpgettext2 (GETTEXT_PACKAGE, "provider", self->short_name);
}

const char *
gp_provider_get_currency (GpProvider *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER (self), NULL);

  if (self->currency != NULL)
    return self->currency;
  return self->file_currency != NULL ? self->file_currency : "USD";
}

/* What is known of spot where the catalog lists no spot prices, such as managed spot
 * training: the smallest saving its source states, in percent off on-demand. */
double
gp_provider_get_spot_savings_min_pct (GpProvider *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER (self), NAN);
  return self->spot_savings_min_pct;
}

double
gp_provider_get_spot_savings_max_pct (GpProvider *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER (self), NAN);
  return self->spot_savings_max_pct;
}

GpReachability
gp_provider_get_reachability (GpProvider *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER (self), GP_REACHABILITY_UNKNOWN);
  if (self->reachability == GP_REACHABILITY_UNKNOWN && self->kind == GP_PROVIDER_KIND_LOCAL)
    return GP_REACHABILITY_IN_CHINA;
  return self->reachability;
}

const char *
gp_provider_get_reachability_account (GpProvider *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER (self), NULL);
  /* In the user's language where the catalog's strings translate it. */
  return self->reachability_account != NULL
             ? g_dpgettext2 (GETTEXT_PACKAGE, "catalog", self->reachability_account)
             : NULL;
}

const char *
gp_provider_get_reachability_note (GpProvider *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER (self), NULL);
  /* In the user's language where the catalog's strings translate it. */
  return self->reachability_note != NULL
             ? g_dpgettext2 (GETTEXT_PACKAGE, "catalog", self->reachability_note)
             : NULL;
}

const char *
gp_provider_get_spot_note (GpProvider *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER (self), NULL);
  return self->spot_note;
}

const char *
gp_provider_get_billing_currency (GpProvider *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER (self), NULL);
  return self->billing_currency;
}

GpAnswer
gp_provider_get_answer (GpProvider      *self,
                        GpProviderGroup  group)
{
  const GpGroupField *field;

  g_return_val_if_fail (GP_IS_PROVIDER (self), GP_ANSWER_NOT_FOUND);
  g_return_val_if_fail (group < GP_PROVIDER_N_GROUPS, GP_ANSWER_NOT_FOUND);
  field = &gp_provider_groups[group].fields[0];
  g_return_val_if_fail (field->kind == GP_GROUP_FIELD_ANSWER, GP_ANSWER_NOT_FOUND);
  return G_STRUCT_MEMBER (GpAnswer, self, field->offset);
}

const char *
gp_provider_get_payment_note (GpProvider      *self,
                              GpProviderGroup  group)
{
  const char *note;

  g_return_val_if_fail (GP_IS_PROVIDER (self), NULL);
  g_return_val_if_fail (group >= GP_PROVIDER_GROUP_BILLING_CURRENCY && group < GP_PROVIDER_N_GROUPS,
                        NULL);
  note = G_STRUCT_MEMBER (const char *, self, gp_provider_groups[group].fields[1].offset);
  return note != NULL ? g_dpgettext2 (GETTEXT_PACKAGE, "catalog", note) : NULL;
}

GpSource *
gp_provider_get_group_source (GpProvider      *self,
                              GpProviderGroup  group)
{
  g_return_val_if_fail (GP_IS_PROVIDER (self), NULL);
  g_return_val_if_fail (group < GP_PROVIDER_N_GROUPS, NULL);
  return self->group_sources[group];
}

GpSource *
gp_provider_get_spot_source (GpProvider *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER (self), NULL);
  return self->group_sources[GP_PROVIDER_GROUP_SPOT];
}

gboolean
gp_provider_get_featured (GpProvider *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER (self), FALSE);
  return self->featured;
}

GpProviderKind
gp_provider_get_kind (GpProvider *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER (self), GP_PROVIDER_KIND_GPU_CLOUD);
  return self->kind;
}

const char *
gp_provider_get_website (GpProvider *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER (self), NULL);
  return self->website;
}

const char *
gp_provider_get_summary (GpProvider *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER (self), NULL);
  return self->summary;
}

GpPricingModel
gp_provider_get_pricing (GpProvider *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER (self), GP_PRICING_NONE);
  return self->pricing;
}

/* The figure getters of #GpProvider return NAN where the catalog has no sourced value. */
double
gp_provider_get_billing_increment_s (GpProvider *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER (self), NAN);
  return self->billing_increment_s;
}

double
gp_provider_get_billing_minimum_s (GpProvider *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER (self), NAN);
  return self->billing_minimum_s;
}

GpSource *
gp_provider_get_billing_source (GpProvider *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER (self), NULL);
  return self->group_sources[GP_PROVIDER_GROUP_BILLING];
}

double
gp_provider_get_egress_per_gb (GpProvider *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER (self), NAN);
  return self->egress_per_gb * self->to_catalog;
}

double
gp_provider_get_egress_free_gb (GpProvider *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER (self), NAN);
  return self->egress_free_gb;
}

double
gp_provider_get_ingress_per_gb (GpProvider *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER (self), NAN);
  return self->ingress_per_gb * self->to_catalog;
}

GpSource *
gp_provider_get_transfer_source (GpProvider *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER (self), NULL);
  return self->group_sources[GP_PROVIDER_GROUP_TRANSFER];
}

GpFeature
gp_provider_get_features (GpProvider *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER (self), GP_FEATURE_NONE);
  return self->features;
}

gboolean
gp_provider_has_feature (GpProvider *self,
                         GpFeature   feature)
{
  g_return_val_if_fail (GP_IS_PROVIDER (self), FALSE);
  return (self->features & feature) == feature;
}

const char *
gp_feature_get_label (GpFeature features)
{
  static const struct
  {
    GpFeature feature;
    const char *label;
  } labels[] = {
    { GP_FEATURE_MANAGED_NOTEBOOKS, N_("Managed notebooks") },
    { GP_FEATURE_AUTOML, N_("AutoML") },
    { GP_FEATURE_HYPERPARAMETER_TUNING, N_("Hyper-parameter tuning") },
    { GP_FEATURE_PIPELINES, N_("Pipelines and MLOps") },
    { GP_FEATURE_ENTERPRISE_IDENTITY, N_("Enterprise sign-in") },
    { GP_FEATURE_INFINIBAND, N_("Fast interconnect between nodes") },
    { GP_FEATURE_SSH, N_("SSH access") },
    { GP_FEATURE_PREINSTALLED_FRAMEWORKS, N_("CUDA, PyTorch and TensorFlow ready") },
    { GP_FEATURE_MODEL_CATALOG, N_("Pretrained model catalogue") },
  };

  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    if ((features & labels[i].feature) != 0)
      return _(labels[i].label);
  return "";
}

const char *
gp_provider_get_environment (GpProvider *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER (self), NULL);
  return self->environment;
}

GpSource *
gp_provider_get_features_source (GpProvider *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER (self), NULL);
  return self->group_sources[GP_PROVIDER_GROUP_FEATURES];
}

double
gp_provider_get_max_session_hours (GpProvider *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER (self), NAN);
  return self->max_session_hours;
}

double
gp_provider_get_idle_timeout_minutes (GpProvider *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER (self), NAN);
  return self->idle_timeout_minutes;
}

const char *
gp_provider_get_quota (GpProvider *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER (self), NULL);
  return self->quota;
}

GpSource *
gp_provider_get_limits_source (GpProvider *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER (self), NULL);
  return self->group_sources[GP_PROVIDER_GROUP_LIMITS];
}

/* For a managed platform that runs on another provider's VMs (SageMaker on EC2), the id of
 * that provider; see gp_provider_get_markup_min_pct(). */
const char *
gp_provider_get_relative_to (GpProvider *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER (self), NULL);
  return self->relative_to;
}

double
gp_provider_get_markup_min_pct (GpProvider *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER (self), NAN);
  return self->markup_min_pct;
}

double
gp_provider_get_markup_max_pct (GpProvider *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER (self), NAN);
  return self->markup_max_pct;
}

const char *
gp_provider_get_relative_note (GpProvider *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER (self), NULL);
  return self->relative_note;
}

GpSource *
gp_provider_get_relative_source (GpProvider *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER (self), NULL);
  return self->group_sources[GP_PROVIDER_GROUP_RELATIVE];
}

double
gp_provider_get_reserved_1y_discount_pct (GpProvider *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER (self), NAN);
  return self->reserved_1y_discount_pct;
}

double
gp_provider_get_reserved_3y_discount_pct (GpProvider *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER (self), NAN);
  return self->reserved_3y_discount_pct;
}

GpSource *
gp_provider_get_reserved_source (GpProvider *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER (self), NULL);
  return self->group_sources[GP_PROVIDER_GROUP_RESERVED];
}

GListModel *
gp_provider_get_regions (GpProvider *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER (self), NULL);
  return G_LIST_MODEL (self->regions);
}

GpRegion *
gp_provider_find_region (GpProvider *self,
                         const char *region_id)
{
  g_return_val_if_fail (GP_IS_PROVIDER (self), NULL);
  g_return_val_if_fail (region_id != NULL, NULL);
  return g_hash_table_lookup (self->regions_by_id, region_id);
}

GListModel *
gp_provider_get_plans (GpProvider *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER (self), NULL);
  return G_LIST_MODEL (self->plans);
}

GpPlan *
gp_provider_find_plan (GpProvider *self,
                       const char *plan_id)
{
  g_return_val_if_fail (GP_IS_PROVIDER (self), NULL);
  g_return_val_if_fail (plan_id != NULL, NULL);

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->plans)); i++)
    {
      g_autoptr(GpPlan) plan = g_list_model_get_item (G_LIST_MODEL (self->plans), i);

      if (g_strcmp0 (plan->id, plan_id) == 0)
        return plan;
    }

  return NULL;
}

const char *
gp_provider_get_notes (GpProvider *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER (self), NULL);
  return self->notes;
}

GpSource *
gp_provider_get_source (GpProvider *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER (self), NULL);
  return self->source;
}

GpCatalogLayer
gp_provider_get_layer (GpProvider *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER (self), GP_CATALOG_LAYER_BUNDLED);
  return self->layer;
}

const char *
gp_reachability_get_label (GpReachability reach)
{
  switch (reach)
    {
    case GP_REACHABILITY_IN_CHINA:
      return C_("reach", "In China");
    case GP_REACHABILITY_CROSS_BORDER:
      return C_("reach", "Across the border");
    case GP_REACHABILITY_UNREACHABLE:
      return C_("reach", "Not reachable from a campus network");
    case GP_REACHABILITY_UNKNOWN:
    default:
      return NULL;
    }
}

const char *
gp_reachability_get_mark (GpReachability reach)
{
  switch (reach)
    {
    case GP_REACHABILITY_CROSS_BORDER:
      /* Translators: marks an option a lab in mainland China uses across the border */
      return C_("reach mark", "across the border");
    case GP_REACHABILITY_UNREACHABLE:
      /* Translators: marks an option a lab in mainland China cannot reach */
      return C_("reach mark", "not reachable from mainland China");
    case GP_REACHABILITY_IN_CHINA:
    case GP_REACHABILITY_UNKNOWN:
    default:
      return NULL;
    }
}
