/* gp-instance.c — an instance type: its hardware, and its offers in each region
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "gp-enums.h"
#include "gp-gpu-private.h"
#include "gp-instance-private.h"
#include "gp-offer-private.h"
#include "gp-provider-private.h"

G_DEFINE_FINAL_TYPE (GpInstance, gp_instance, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ID,
  PROP_NAME,
  PROP_PROVIDER,
  PROP_GPU,
  PROP_GPU_COUNT,
  PROP_VCPUS,
  PROP_MEMORY_GB,
  PROP_INTERCONNECT,
  PROP_ANOMALIES,
  PROP_LAYER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
gp_instance_dispose (GObject *object)
{
  GpInstance *self = GP_INSTANCE (object);

  /* Offers point back without a reference: tell them their instance is gone. */
  if (self->offers != NULL)
    for (guint i = 0; i < self->offers->len; i++)
      GP_OFFER (g_ptr_array_index (self->offers, i))->instance = NULL;

  g_clear_pointer (&self->offers, g_ptr_array_unref);
  g_clear_object (&self->offers_model);
  g_clear_object (&self->provider);
  g_clear_object (&self->gpu);
  g_clear_object (&self->source);
  if (self->derived != NULL)
    g_clear_object (&self->derived->source);

  G_OBJECT_CLASS (gp_instance_parent_class)->dispose (object);
}

static void
gp_instance_finalize (GObject *object)
{
  GpInstance *self = GP_INSTANCE (object);

  g_free (self->id);
  g_free (self->name);
  g_free (self->provider_id);
  g_free (self->gpu_id);
  g_free (self->interconnect);
  g_strfreev (self->plan_ids);
  g_free (self->notes);
  g_free (self->host_required);
  g_free (self->reported_by);
  g_free (self->source_id);
  g_free (self->file);
  g_free (self->file_currency);
  g_free (self->search_key);
  g_clear_pointer (&self->derived, gp_derivation_free);
  g_clear_pointer (&self->lab, gp_lab_cost_free);
  g_clear_pointer (&self->quote, g_free);

  G_OBJECT_CLASS (gp_instance_parent_class)->finalize (object);
}

static void
gp_instance_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  GpInstance *self = GP_INSTANCE (object);

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_string (value, self->id);
      break;

    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;

    case PROP_PROVIDER:
      g_value_set_object (value, self->provider);
      break;

    case PROP_GPU:
      g_value_set_object (value, self->gpu);
      break;

    case PROP_GPU_COUNT:
      g_value_set_uint (value, self->gpu_count);
      break;

    case PROP_VCPUS:
      g_value_set_uint (value, self->vcpus);
      break;

    case PROP_MEMORY_GB:
      g_value_set_double (value, self->memory_gb);
      break;

    case PROP_INTERCONNECT:
      g_value_set_string (value, self->interconnect);
      break;

    case PROP_ANOMALIES:
      g_value_set_flags (value, self->anomalies);
      break;

    case PROP_LAYER:
      g_value_set_enum (value, self->layer);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gp_instance_class_init (GpInstanceClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->dispose = gp_instance_dispose;
  object_class->finalize = gp_instance_finalize;
  object_class->get_property = gp_instance_get_property;

  properties[PROP_ID] = g_param_spec_string ("id", NULL, NULL, NULL, flags);
  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL, flags);
  properties[PROP_PROVIDER] =
    g_param_spec_object ("provider", NULL, NULL, GP_TYPE_PROVIDER, flags);
  properties[PROP_GPU] = g_param_spec_object ("gpu", NULL, NULL, GP_TYPE_GPU, flags);
  properties[PROP_GPU_COUNT] =
    g_param_spec_uint ("gpu-count", NULL, NULL, 0, G_MAXUINT, 0, flags);
  properties[PROP_VCPUS] = g_param_spec_uint ("vcpus", NULL, NULL, 0, G_MAXUINT, 0, flags);
  properties[PROP_MEMORY_GB] =
    g_param_spec_double ("memory-gb", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0, flags);
  properties[PROP_INTERCONNECT] = g_param_spec_string ("interconnect", NULL, NULL, NULL, flags);
  properties[PROP_ANOMALIES] =
    g_param_spec_flags ("anomalies", NULL, NULL, GP_TYPE_ANOMALY, GP_ANOMALY_NONE, flags);
  properties[PROP_LAYER] =
    g_param_spec_enum ("layer", NULL, NULL, GP_TYPE_CATALOG_LAYER, GP_CATALOG_LAYER_BUNDLED,
                       flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gp_instance_init (GpInstance *self)
{
  self->memory_gb = NAN;
  self->compute_units_per_hour = NAN;
  self->to_catalog = 1;
  self->offers = g_ptr_array_new_with_free_func (g_object_unref);
}

void
gp_derivation_free (GpDerivation *derivation)
{
  if (derivation == NULL)
    return;

  g_free (derivation->from);
  g_clear_object (&derivation->from_instance);
  g_free (derivation->rule);
  g_free (derivation->source_id);
  g_clear_object (&derivation->source);
  g_free (derivation);
}

GpInstance *
gp_instance_new_empty (void)
{
  return g_object_new (GP_TYPE_INSTANCE, NULL);
}

const char *
gp_instance_get_id (GpInstance *self)
{
  g_return_val_if_fail (GP_IS_INSTANCE (self), NULL);
  return self->id;
}

/* The name in the user's language: the provider's name for the instance type, such as
 * `p4d.24xlarge`, is the same in every language, but a name in words ("Colab T4 runtime") is
 * translated through the catalog's strings (context "instance"). */
const char *
gp_instance_get_name (GpInstance *self)
{
  g_return_val_if_fail (GP_IS_INSTANCE (self), NULL);
  return self->name != NULL ? g_dpgettext2 (GETTEXT_PACKAGE, "instance", self->name) : NULL;
}

char *
gp_instance_dup_label (GpInstance *self)
{
  const char *provider, *name, *last_word;
  gsize word_length;

  g_return_val_if_fail (GP_IS_INSTANCE (self), NULL);

  provider = self->provider != NULL ? gp_provider_get_name (self->provider) : "";
  name = gp_instance_get_name (self);
  last_word = strrchr (provider, ' ');
  last_word = last_word ? last_word + 1 : provider;
  word_length = strlen (last_word);
  if (word_length > 0 && g_str_has_prefix (name, last_word) && name[word_length] == ' ')
    return g_strdup_printf ("%s%s", provider, name + word_length);

  return g_strdup_printf ("%s %s", provider, name);
}

const char *
gp_instance_get_raw_name (GpInstance *self)
{
  g_return_val_if_fail (GP_IS_INSTANCE (self), NULL);
  return self->name;
}

GpProvider *
gp_instance_get_provider (GpInstance *self)
{
  g_return_val_if_fail (GP_IS_INSTANCE (self), NULL);
  return self->provider;
}

GpGpu *
gp_instance_get_gpu (GpInstance *self)
{
  g_return_val_if_fail (GP_IS_INSTANCE (self), NULL);
  return self->gpu;
}

guint
gp_instance_get_gpu_count (GpInstance *self)
{
  g_return_val_if_fail (GP_IS_INSTANCE (self), 0);
  return self->gpu_count;
}

double
gp_instance_get_gpu_memory_gb (GpInstance *self)
{
  g_return_val_if_fail (GP_IS_INSTANCE (self), NAN);
  return self->gpu != NULL ? self->gpu->memory_gb : NAN;
}

double
gp_instance_get_total_gpu_memory_gb (GpInstance *self)
{
  g_return_val_if_fail (GP_IS_INSTANCE (self), NAN);
  return gp_instance_get_gpu_memory_gb (self) * self->gpu_count;
}

guint
gp_instance_get_vcpus (GpInstance *self)
{
  g_return_val_if_fail (GP_IS_INSTANCE (self), 0);
  return self->vcpus;
}

double
gp_instance_get_memory_gb (GpInstance *self)
{
  g_return_val_if_fail (GP_IS_INSTANCE (self), NAN);
  return self->memory_gb;
}

const char *
gp_instance_get_interconnect (GpInstance *self)
{
  g_return_val_if_fail (GP_IS_INSTANCE (self), NULL);
  return self->interconnect;
}

double
gp_instance_get_compute_units_per_hour (GpInstance *self)
{
  g_return_val_if_fail (GP_IS_INSTANCE (self), NAN);
  return self->compute_units_per_hour;
}

const char * const *
gp_instance_get_plan_ids (GpInstance *self)
{
  g_return_val_if_fail (GP_IS_INSTANCE (self), NULL);
  return (const char * const *) self->plan_ids;
}

GpAnomaly
gp_instance_get_anomalies (GpInstance *self)
{
  g_return_val_if_fail (GP_IS_INSTANCE (self), GP_ANOMALY_NONE);
  return self->anomalies;
}

GpPriceBasis
gp_instance_get_price_basis (GpInstance *self)
{
  g_return_val_if_fail (GP_IS_INSTANCE (self), GP_PRICE_BASIS_QUOTED);
  if (self->host_required != NULL)
    return GP_PRICE_BASIS_GPU_ONLY;
  if (self->reported_by != NULL)
    return GP_PRICE_BASIS_REPORTED;
  return self->derived != NULL ? GP_PRICE_BASIS_DERIVED : GP_PRICE_BASIS_QUOTED;
}

const char *
gp_instance_get_reported_by (GpInstance *self)
{
  g_return_val_if_fail (GP_IS_INSTANCE (self), NULL);
  return self->reported_by;
}

gboolean
gp_instance_is_lowest_listed (GpInstance *self)
{
  g_return_val_if_fail (GP_IS_INSTANCE (self), FALSE);
  return self->lowest_listed;
}

const char *
gp_instance_get_host_required (GpInstance *self)
{
  g_return_val_if_fail (GP_IS_INSTANCE (self), NULL);
  return self->host_required;
}

const char *
gp_instance_get_derived_from (GpInstance *self)
{
  g_return_val_if_fail (GP_IS_INSTANCE (self), NULL);
  return self->derived != NULL ? self->derived->from : NULL;
}

double
gp_instance_get_derived_factor (GpInstance *self)
{
  g_return_val_if_fail (GP_IS_INSTANCE (self), NAN);
  return self->derived != NULL ? self->derived->factor : NAN;
}

const char *
gp_instance_get_derived_rule (GpInstance *self)
{
  g_return_val_if_fail (GP_IS_INSTANCE (self), NULL);
  return self->derived != NULL ? self->derived->rule : NULL;
}

/* How a derived price is worked out, in the user's language: the machine whose price it
 * follows, the factor, and why that factor (the catalog's rule, translated where the catalog's
 * build listed it). */
char *
gp_instance_dup_derived_rule_text (GpInstance *self)
{
  GpInstance *base;
  g_autofree char *label = NULL;

  g_return_val_if_fail (GP_IS_INSTANCE (self), NULL);

  if (self->derived == NULL)
    return NULL;
  base = self->derived->from_instance;
  label = base != NULL && base->provider != NULL
              ? g_strdup_printf ("%s %s", gp_provider_get_short_name (base->provider),
                                 gp_instance_get_name (base))
              : g_strdup (self->derived->from);
  /* Translators: how an estimated price is worked out: the machine whose price it follows
   * ("EC2 p4d.24xlarge"), the factor, the same as a share, and why that factor */
  return g_strdup_printf (_("%s’s price in the same region × %g (%+.1f %%). %s"), label,
                          self->derived->factor, (self->derived->factor - 1) * 100,
                          g_dpgettext2 (GETTEXT_PACKAGE, "catalog", self->derived->rule));
}

/* How a reported price is known, in the user's language: reported, not listed, by whom (the
 * catalog's words), and for a "from" price that it is the lowest the page listed. */
char *
gp_instance_dup_reported_text (GpInstance *self)
{
  g_return_val_if_fail (GP_IS_INSTANCE (self), NULL);

  if (self->reported_by == NULL)
    return NULL;
  return self->lowest_listed
             /* Translators: a price someone reported seeing, then who reported it, where and
              * when; a "from" price is the lowest a page listed */
             ? g_strdup_printf (_("Reported, not listed: a “from” price, the lowest the page "
                                   "listed, not what you will pay. %s"),
                                self->reported_by)
             : g_strdup_printf (_("Reported, not listed: %s"), self->reported_by);
}

GpSource *
gp_instance_get_derived_source (GpInstance *self)
{
  g_return_val_if_fail (GP_IS_INSTANCE (self), NULL);
  return self->derived != NULL ? self->derived->source : NULL;
}

const char *
gp_instance_get_currency (GpInstance *self)
{
  g_return_val_if_fail (GP_IS_INSTANCE (self), "USD");

  if (self->provider != NULL && self->provider->currency != NULL)
    return self->provider->currency;
  return self->file_currency != NULL ? self->file_currency : "USD";
}

const char *
gp_instance_get_notes (GpInstance *self)
{
  g_return_val_if_fail (GP_IS_INSTANCE (self), NULL);
  /* In the user's language where the catalog's strings translate it. */
  return self->notes != NULL ? g_dpgettext2 (GETTEXT_PACKAGE, "catalog", self->notes) : NULL;
}

GpSource *
gp_instance_get_source (GpInstance *self)
{
  g_return_val_if_fail (GP_IS_INSTANCE (self), NULL);
  return self->source;
}

GpCatalogLayer
gp_instance_get_layer (GpInstance *self)
{
  g_return_val_if_fail (GP_IS_INSTANCE (self), GP_CATALOG_LAYER_BUNDLED);
  return self->layer;
}

GListModel *
gp_instance_get_offers (GpInstance *self)
{
  g_return_val_if_fail (GP_IS_INSTANCE (self), NULL);

  /* Built on first use: most instances are only ever seen through the catalog's offers. */
  if (self->offers_model == NULL)
    {
      GListStore *store = g_list_store_new (GP_TYPE_OFFER);

      g_list_store_splice (store, 0, 0, self->offers->pdata, self->offers->len);
      self->offers_model = G_LIST_MODEL (store);
    }

  return self->offers_model;
}

GpOffer *
gp_instance_find_offer (GpInstance *self,
                        const char *region_id)
{
  g_return_val_if_fail (GP_IS_INSTANCE (self), NULL);
  g_return_val_if_fail (region_id != NULL, NULL);

  for (guint i = 0; i < self->offers->len; i++)
    {
      GpOffer *offer = g_ptr_array_index (self->offers, i);

      if (g_strcmp0 (offer->region_id, region_id) == 0)
        return offer;
    }

  return NULL;
}

/* What a search matches an instance by: its id and name, its GPU's and its provider's, each
 * casefolded once rather than for every offer at every key press. */
const char *
gp_instance_get_search_key (GpInstance *self)
{
  if (self->search_key == NULL)
    {
      /* The names as the catalog writes them and, where a translation changes them, as the
       * user reads them: either finds it. */
      const char *name = self->name != NULL ? gp_instance_get_name (self) : NULL;
      const char *provider = self->provider != NULL && self->provider->name != NULL
                                 ? gp_provider_get_name (self->provider)
                                 : NULL;
      g_autofree char *joined = g_strjoin (
          " ", self->id ? self->id : "", self->name ? self->name : "",
          name != self->name ? name : "", self->gpu != NULL && self->gpu->id ? self->gpu->id : "",
          self->gpu != NULL && self->gpu->name ? self->gpu->name : "",
          self->provider != NULL && self->provider->id ? self->provider->id : "",
          self->provider != NULL && self->provider->name ? self->provider->name : "",
          provider != NULL && provider != self->provider->name ? provider : "", NULL);
      self->search_key = g_utf8_casefold (joined, -1);
    }

  return self->search_key;
}

/* The key names the provider and GPU, which a merge may change. */
void
gp_instance_forget_search_key (GpInstance *self)
{
  g_clear_pointer (&self->search_key, g_free);
  self->search_memo.stamp = 0;
}

GpOffer *
gp_instance_get_cheapest_offer (GpInstance *self)
{
  GpOffer *cheapest = NULL;

  g_return_val_if_fail (GP_IS_INSTANCE (self), NULL);

  for (guint i = 0; i < self->offers->len; i++)
    if (gp_offer_is_cheaper (g_ptr_array_index (self->offers, i), cheapest))
      cheapest = g_ptr_array_index (self->offers, i);

  return cheapest;
}

const GpLabCost *
gp_instance_get_lab_cost (GpInstance *self)
{
  g_return_val_if_fail (GP_IS_INSTANCE (self), NULL);
  return self->lab;
}

const GpQuoteTerms *
gp_instance_get_quote_terms (GpInstance *self)
{
  g_return_val_if_fail (GP_IS_INSTANCE (self), NULL);
  return self->quote;
}

GpReachability
gp_instance_get_reachability (GpInstance *self)
{
  g_return_val_if_fail (GP_IS_INSTANCE (self), GP_REACHABILITY_UNKNOWN);

  if (self->quote != NULL && self->quote->reach != GP_REACHABILITY_UNKNOWN)
    return self->quote->reach;
  return self->provider != NULL ? gp_provider_get_reachability (self->provider)
                                : GP_REACHABILITY_UNKNOWN;
}

double
gp_quote_terms_per_hour (const GpQuoteTerms *terms)
{
  return terms->per == GP_QUOTE_PER_MONTH ? terms->price / GP_QUOTE_HOURS_A_MONTH : terms->price;
}

double
gp_quote_terms_per_gpu_hour (const GpQuoteTerms *terms,
                             guint               gpu_count)
{
  return gpu_count > 0 ? gp_quote_terms_per_hour (terms) / gpu_count : NAN;
}

/* A quote may bill otherwise than its provider's other machines (a month's rent by the month):
 * its own increment comes first. */
double
gp_instance_get_billing_increment_s (GpInstance *self)
{
  g_return_val_if_fail (GP_IS_INSTANCE (self), NAN);

  if (self->quote != NULL && self->quote->billing_increment_s > 0)
    return self->quote->billing_increment_s;
  return self->provider != NULL ? gp_provider_get_billing_increment_s (self->provider) : NAN;
}

double
gp_instance_get_to_catalog (GpInstance *self)
{
  g_return_val_if_fail (GP_IS_INSTANCE (self), 1);
  return self->to_catalog > 0 ? self->to_catalog : 1;
}
