/* gp-offer-filter.c — which offers fit what the user is looking for
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The Instances page and `gpu-planner-cli list` filter with this one object, so a filter means
 * the same in both. Every criterion is off at its default; an unknown figure never passes a
 * limit on it.
 */

#include "config.h"

#include <math.h>

#include "gp-catalog.h"
#include "gp-currency.h"
#include "gp-enums.h"
#include "gp-model-private.h"
#include "gp-offer-filter-private.h"
#include "gp-usability.h"
#include "gp-util.h"

G_DEFINE_FINAL_TYPE (GpOfferFilter, gp_offer_filter, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_SEARCH,
  PROP_PROVIDERS,
  PROP_GPU,
  PROP_MIN_GPU_MEMORY,
  PROP_MIN_GPU_COUNT,
  PROP_PRICING,
  PROP_REGION,
  PROP_CHEAPEST_REGION,
  PROP_MAX_PRICE,
  PROP_PER_GPU,
  PROP_INCLUDE_ZONES,
  PROP_USABLE_ONLY,
  PROP_EXCHANGE_RATE,
  PROP_ACTIVE,
  N_PROPS
};

enum {
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static GpOfferCriterion compute_active (GpOfferFilter *self);

static void
changed (GpOfferFilter    *self,
         GpOfferCriterion  criterion,
         guint             prop_id)
{
  self->active = compute_active (self);
  g_hash_table_remove_all (self->cheapest);
  if (criterion != GP_OFFER_CRITERION_NONE)
    self->last_changed = criterion;

  g_object_freeze_notify (G_OBJECT (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop_id]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTIVE]);
  g_object_thaw_notify (G_OBJECT (self));
  if (!self->batching)
    g_signal_emit (self, signals[CHANGED], 0, criterion);
}

static void
gp_offer_filter_finalize (GObject *object)
{
  GpOfferFilter *self = GP_OFFER_FILTER (object);

  g_free (self->search);
  g_strfreev (self->words);
  g_strfreev (self->providers);
  g_free (self->gpu);
  g_free (self->region);
  g_hash_table_unref (self->cheapest);

  G_OBJECT_CLASS (gp_offer_filter_parent_class)->finalize (object);
}

static void
gp_offer_filter_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  GpOfferFilter *self = GP_OFFER_FILTER (object);

  switch (prop_id)
    {
    case PROP_SEARCH:
      g_value_set_string (value, gp_offer_filter_get_search (self));
      break;

    case PROP_PROVIDERS:
      g_value_set_boxed (value, gp_offer_filter_get_providers (self));
      break;

    case PROP_GPU:
      g_value_set_string (value, gp_offer_filter_get_gpu (self));
      break;

    case PROP_MIN_GPU_MEMORY:
      g_value_set_double (value, gp_offer_filter_get_min_gpu_memory (self));
      break;

    case PROP_MIN_GPU_COUNT:
      g_value_set_uint (value, gp_offer_filter_get_min_gpu_count (self));
      break;

    case PROP_PRICING:
      g_value_set_flags (value, gp_offer_filter_get_pricing (self));
      break;

    case PROP_REGION:
      g_value_set_string (value, gp_offer_filter_get_region (self));
      break;

    case PROP_CHEAPEST_REGION:
      g_value_set_boolean (value, gp_offer_filter_get_cheapest_region (self));
      break;

    case PROP_MAX_PRICE:
      g_value_set_double (value, gp_offer_filter_get_max_price (self));
      break;

    case PROP_PER_GPU:
      g_value_set_boolean (value, gp_offer_filter_get_per_gpu (self));
      break;

    case PROP_INCLUDE_ZONES:
      g_value_set_boolean (value, gp_offer_filter_get_include_zones (self));
      break;

    case PROP_USABLE_ONLY:
      g_value_set_boolean (value, self->usable_only);
      break;

    case PROP_EXCHANGE_RATE:
      g_value_set_double (value, gp_offer_filter_get_exchange_rate (self));
      break;

    case PROP_ACTIVE:
      g_value_set_flags (value, gp_offer_filter_get_active (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gp_offer_filter_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  GpOfferFilter *self = GP_OFFER_FILTER (object);

  switch (prop_id)
    {
    case PROP_SEARCH:
      gp_offer_filter_set_search (self, g_value_get_string (value));
      break;

    case PROP_PROVIDERS:
      gp_offer_filter_set_providers (self, g_value_get_boxed (value));
      break;

    case PROP_GPU:
      gp_offer_filter_set_gpu (self, g_value_get_string (value));
      break;

    case PROP_MIN_GPU_MEMORY:
      gp_offer_filter_set_min_gpu_memory (self, g_value_get_double (value));
      break;

    case PROP_MIN_GPU_COUNT:
      gp_offer_filter_set_min_gpu_count (self, g_value_get_uint (value));
      break;

    case PROP_PRICING:
      gp_offer_filter_set_pricing (self, g_value_get_flags (value));
      break;

    case PROP_REGION:
      gp_offer_filter_set_region (self, g_value_get_string (value));
      break;

    case PROP_CHEAPEST_REGION:
      gp_offer_filter_set_cheapest_region (self, g_value_get_boolean (value));
      break;

    case PROP_MAX_PRICE:
      gp_offer_filter_set_max_price (self, g_value_get_double (value));
      break;

    case PROP_PER_GPU:
      gp_offer_filter_set_per_gpu (self, g_value_get_boolean (value));
      break;

    case PROP_INCLUDE_ZONES:
      gp_offer_filter_set_include_zones (self, g_value_get_boolean (value));
      break;

    case PROP_USABLE_ONLY:
      gp_offer_filter_set_usable_only (self, g_value_get_boolean (value), self->lab,
                                       self->invoice_required);
      break;

    case PROP_EXCHANGE_RATE:
      gp_offer_filter_set_exchange_rate (self, g_value_get_double (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gp_offer_filter_class_init (GpOfferFilterClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = gp_offer_filter_finalize;
  object_class->get_property = gp_offer_filter_get_property;
  object_class->set_property = gp_offer_filter_set_property;

  properties[PROP_SEARCH] = g_param_spec_string ("search", NULL, NULL, NULL, flags);
  properties[PROP_PROVIDERS] = g_param_spec_boxed ("providers", NULL, NULL, G_TYPE_STRV, flags);
  properties[PROP_GPU] = g_param_spec_string ("gpu", NULL, NULL, NULL, flags);
  properties[PROP_MIN_GPU_MEMORY] =
    g_param_spec_double ("min-gpu-memory", NULL, NULL, 0, G_MAXDOUBLE, 0, flags);
  properties[PROP_MIN_GPU_COUNT] =
    g_param_spec_uint ("min-gpu-count", NULL, NULL, 0, G_MAXUINT, 0, flags);
  properties[PROP_PRICING] =
    g_param_spec_flags ("pricing", NULL, NULL, GP_TYPE_PRICING_MODEL, GP_PRICING_NONE, flags);
  properties[PROP_REGION] = g_param_spec_string ("region", NULL, NULL, NULL, flags);
  properties[PROP_CHEAPEST_REGION] =
    g_param_spec_boolean ("cheapest-region", NULL, NULL, FALSE, flags);
  properties[PROP_MAX_PRICE] =
    g_param_spec_double ("max-price", NULL, NULL, 0, G_MAXDOUBLE, 0, flags);
  properties[PROP_PER_GPU] = g_param_spec_boolean ("per-gpu", NULL, NULL, FALSE, flags);
  properties[PROP_INCLUDE_ZONES] =
    g_param_spec_boolean ("include-zones", NULL, NULL, TRUE, flags);
  /* only the offers the lab can use (gp_usability_of_offer()), for the lab set with it */
  properties[PROP_USABLE_ONLY] = g_param_spec_boolean ("usable-only", NULL, NULL, FALSE, flags);
  properties[PROP_EXCHANGE_RATE] =
    g_param_spec_double ("exchange-rate", NULL, NULL, G_MINDOUBLE, G_MAXDOUBLE, 1, flags);
  properties[PROP_ACTIVE] =
    g_param_spec_flags ("active", NULL, NULL, GP_TYPE_OFFER_CRITERION, GP_OFFER_CRITERION_NONE,
                        G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * GpOfferFilter::changed:
   * @criterion: the criterion that changed, %GP_OFFER_CRITERION_NONE for several or for how
   *   prices are counted
   *
   * Emitted whenever the set of matching offers may have changed.
   */
  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, GP_TYPE_OFFER_CRITERION);
}

static void
gp_offer_filter_init (GpOfferFilter *self)
{
  self->exchange_rate = 1;
  self->include_zones = TRUE;
  self->cheapest = g_hash_table_new_full (NULL, NULL, g_object_unref, NULL);
}

GpOfferFilter *
gp_offer_filter_new (void)
{
  return g_object_new (GP_TYPE_OFFER_FILTER, NULL);
}

const char *
gp_offer_filter_get_search (GpOfferFilter *self)
{
  g_return_val_if_fail (GP_IS_OFFER_FILTER (self), NULL);
  return self->search;
}

void
gp_offer_filter_set_search (GpOfferFilter *self,
                            const char    *search)
{
  g_autofree char *folded = NULL;

  g_return_if_fail (GP_IS_OFFER_FILTER (self));

  if (!gp_set_str (&self->search, search))
    return;

  g_strfreev (self->words);
  folded = g_utf8_casefold (search != NULL ? search : "", -1);
  self->words = g_strsplit_set (g_strstrip (folded), " \t\n", -1);
  /* Runs of spaces leave empty words, which match everything: drop them. */
  {
    guint kept = 0;

    for (guint i = 0; self->words[i] != NULL; i++)
      if (self->words[i][0] != '\0')
        self->words[kept++] = self->words[i];
      else
        g_free (self->words[i]);
    self->words[kept] = NULL;
    self->n_words = kept;
  }
  self->search_stamp = gp_search_new_stamp ();

  changed (self, GP_OFFER_CRITERION_SEARCH, PROP_SEARCH);
}

const char * const *
gp_offer_filter_get_providers (GpOfferFilter *self)
{
  g_return_val_if_fail (GP_IS_OFFER_FILTER (self), NULL);
  return (const char * const *) self->providers;
}

void
gp_offer_filter_set_providers (GpOfferFilter      *self,
                               const char * const *providers)
{
  g_return_if_fail (GP_IS_OFFER_FILTER (self));

  if (providers != NULL && providers[0] == NULL)
    providers = NULL;
  if ((providers == NULL && self->providers == NULL) ||
      (providers != NULL && self->providers != NULL &&
       g_strv_equal (providers, (const char * const *) self->providers)))
    return;

  g_strfreev (self->providers);
  self->providers = g_strdupv ((char **) providers);
  changed (self, GP_OFFER_CRITERION_PROVIDERS, PROP_PROVIDERS);
}

gboolean
gp_offer_filter_has_provider (GpOfferFilter *self,
                              const char    *provider)
{
  g_return_val_if_fail (GP_IS_OFFER_FILTER (self), FALSE);
  return self->providers == NULL || g_strv_contains ((const char * const *) self->providers,
                                                     provider);
}

/* Toggles one provider. Turning one on when all are shown shows that one alone; turning the
 * last one off shows all again, since an empty choice would show nothing. */
void
gp_offer_filter_set_provider_shown (GpOfferFilter *self,
                                    const char    *provider,
                                    gboolean       shown)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) providers = NULL;

  g_return_if_fail (GP_IS_OFFER_FILTER (self));
  g_return_if_fail (provider != NULL);

  for (guint i = 0; self->providers != NULL && self->providers[i] != NULL; i++)
    if (!g_str_equal (self->providers[i], provider))
      g_strv_builder_add (builder, self->providers[i]);
  if (shown)
    g_strv_builder_add (builder, provider);

  providers = g_strv_builder_end (builder);
  gp_offer_filter_set_providers (self, (const char * const *) providers);
}

const char *
gp_offer_filter_get_gpu (GpOfferFilter *self)
{
  g_return_val_if_fail (GP_IS_OFFER_FILTER (self), NULL);
  return self->gpu;
}

void
gp_offer_filter_set_gpu (GpOfferFilter *self,
                         const char    *gpu)
{
  g_return_if_fail (GP_IS_OFFER_FILTER (self));

  if (gpu != NULL && gpu[0] == '\0')
    gpu = NULL;
  if (gp_set_str (&self->gpu, gpu))
    changed (self, GP_OFFER_CRITERION_GPU, PROP_GPU);
}

double
gp_offer_filter_get_min_gpu_memory (GpOfferFilter *self)
{
  g_return_val_if_fail (GP_IS_OFFER_FILTER (self), 0);
  return self->min_gpu_memory;
}

void
gp_offer_filter_set_min_gpu_memory (GpOfferFilter *self,
                                    double         gigabytes)
{
  g_return_if_fail (GP_IS_OFFER_FILTER (self));

  if (!isfinite (gigabytes) || gigabytes < 0)
    gigabytes = 0;
  if (self->min_gpu_memory == gigabytes)
    return;

  self->min_gpu_memory = gigabytes;
  changed (self, GP_OFFER_CRITERION_MIN_GPU_MEMORY, PROP_MIN_GPU_MEMORY);
}

guint
gp_offer_filter_get_min_gpu_count (GpOfferFilter *self)
{
  g_return_val_if_fail (GP_IS_OFFER_FILTER (self), 0);
  return self->min_gpu_count;
}

void
gp_offer_filter_set_min_gpu_count (GpOfferFilter *self,
                                   guint          count)
{
  g_return_if_fail (GP_IS_OFFER_FILTER (self));

  if (count == 1)
    count = 0;
  if (self->min_gpu_count == count)
    return;

  self->min_gpu_count = count;
  changed (self, GP_OFFER_CRITERION_MIN_GPU_COUNT, PROP_MIN_GPU_COUNT);
}

GpPricingModel
gp_offer_filter_get_pricing (GpOfferFilter *self)
{
  g_return_val_if_fail (GP_IS_OFFER_FILTER (self), GP_PRICING_NONE);
  return self->pricing;
}

void
gp_offer_filter_set_pricing (GpOfferFilter  *self,
                             GpPricingModel  pricing)
{
  g_return_if_fail (GP_IS_OFFER_FILTER (self));

  if (self->pricing == pricing)
    return;

  self->pricing = pricing;
  changed (self, GP_OFFER_CRITERION_PRICING, PROP_PRICING);
}

const char *
gp_offer_filter_get_region (GpOfferFilter *self)
{
  g_return_val_if_fail (GP_IS_OFFER_FILTER (self), NULL);
  return self->region;
}

/* A region replaces the cheapest-region choice: the two are alternatives. */
void
gp_offer_filter_set_region (GpOfferFilter *self,
                            const char    *region)
{
  g_return_if_fail (GP_IS_OFFER_FILTER (self));

  if (region != NULL && region[0] == '\0')
    region = NULL;
  if (!gp_set_str (&self->region, region))
    return;

  if (region != NULL && self->cheapest_region)
    {
      self->cheapest_region = FALSE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CHEAPEST_REGION]);
    }
  changed (self, GP_OFFER_CRITERION_REGION, PROP_REGION);
}

gboolean
gp_offer_filter_get_cheapest_region (GpOfferFilter *self)
{
  g_return_val_if_fail (GP_IS_OFFER_FILTER (self), FALSE);
  return self->cheapest_region;
}

void
gp_offer_filter_set_cheapest_region (GpOfferFilter *self,
                                     gboolean       cheapest)
{
  g_return_if_fail (GP_IS_OFFER_FILTER (self));

  cheapest = !!cheapest;
  if (self->cheapest_region == cheapest)
    return;

  self->cheapest_region = cheapest;
  if (cheapest && self->region != NULL)
    {
      g_clear_pointer (&self->region, g_free);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REGION]);
    }
  changed (self, GP_OFFER_CRITERION_REGION, PROP_CHEAPEST_REGION);
}

double
gp_offer_filter_get_max_price (GpOfferFilter *self)
{
  g_return_val_if_fail (GP_IS_OFFER_FILTER (self), 0);
  return self->max_price;
}

void
gp_offer_filter_set_max_price (GpOfferFilter *self,
                               double         price)
{
  g_return_if_fail (GP_IS_OFFER_FILTER (self));

  if (!isfinite (price) || price < 0)
    price = 0;
  if (self->max_price == price)
    return;

  self->max_price = price;
  changed (self, GP_OFFER_CRITERION_MAX_PRICE, PROP_MAX_PRICE);
}

gboolean
gp_offer_filter_get_per_gpu (GpOfferFilter *self)
{
  g_return_val_if_fail (GP_IS_OFFER_FILTER (self), FALSE);
  return self->per_gpu;
}

void
gp_offer_filter_set_per_gpu (GpOfferFilter *self,
                             gboolean       per_gpu)
{
  g_return_if_fail (GP_IS_OFFER_FILTER (self));

  per_gpu = !!per_gpu;
  if (self->per_gpu == per_gpu)
    return;

  self->per_gpu = per_gpu;
  changed (self, self->max_price > 0 ? GP_OFFER_CRITERION_MAX_PRICE : GP_OFFER_CRITERION_NONE,
           PROP_PER_GPU);
}

gboolean
gp_offer_filter_get_include_zones (GpOfferFilter *self)
{
  g_return_val_if_fail (GP_IS_OFFER_FILTER (self), TRUE);
  return self->include_zones;
}

/* Not a criterion but how far the offers reach, as #GpOfferFilter:per-gpu is how they count:
 * clearing the filters keeps it. An offer in the very zone #GpOfferFilter:region names passes
 * either way. */
void
gp_offer_filter_set_include_zones (GpOfferFilter *self,
                                   gboolean       include_zones)
{
  g_return_if_fail (GP_IS_OFFER_FILTER (self));

  include_zones = !!include_zones;
  if (self->include_zones == include_zones)
    return;

  self->include_zones = include_zones;
  changed (self, GP_OFFER_CRITERION_NONE, PROP_INCLUDE_ZONES);
}

/* Like #GpOfferFilter:include-zones, not a criterion but what the lab can use: clearing the
 * filters keeps it. A lab in mainland China keeps what it reaches and, needing invoices, can
 * pay; a lab elsewhere keeps everything. */
void
gp_offer_filter_set_usable_only (GpOfferFilter *self,
                                 gboolean       usable_only,
                                 GpLabLocation  lab,
                                 gboolean       invoice_required)
{
  g_return_if_fail (GP_IS_OFFER_FILTER (self));

  usable_only = !!usable_only;
  invoice_required = !!invoice_required;
  if (self->usable_only == usable_only && self->lab == lab &&
      self->invoice_required == invoice_required)
    return;

  self->usable_only = usable_only;
  self->lab = lab;
  self->invoice_required = invoice_required;
  changed (self, GP_OFFER_CRITERION_NONE, PROP_USABLE_ONLY);
}

GpLabLocation
gp_offer_filter_get_lab_location (GpOfferFilter *self)
{
  g_return_val_if_fail (GP_IS_OFFER_FILTER (self), GP_LAB_LOCATION_ELSEWHERE);
  return self->lab;
}

double
gp_offer_filter_get_exchange_rate (GpOfferFilter *self)
{
  g_return_val_if_fail (GP_IS_OFFER_FILTER (self), 1);
  return self->exchange_rate;
}

/* A price limit keeps its worth: it is converted to the new currency, to the cent. */
void
gp_offer_filter_set_exchange_rate (GpOfferFilter *self,
                                   double         rate)
{
  double old_rate;

  g_return_if_fail (GP_IS_OFFER_FILTER (self));
  g_return_if_fail (isfinite (rate) && rate > 0);

  if (self->exchange_rate == rate)
    return;

  old_rate = self->exchange_rate;
  self->exchange_rate = rate;
  if (self->max_price > 0)
    {
      self->max_price = round (gp_currency_convert (self->max_price, rate / old_rate) * 100) / 100;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAX_PRICE]);
    }
  changed (self, self->max_price > 0 ? GP_OFFER_CRITERION_MAX_PRICE : GP_OFFER_CRITERION_NONE,
           PROP_EXCHANGE_RATE);
}

GpOfferCriterion
gp_offer_filter_get_active (GpOfferFilter *self)
{
  g_return_val_if_fail (GP_IS_OFFER_FILTER (self), GP_OFFER_CRITERION_NONE);
  return self->active;
}

static GpOfferCriterion
compute_active (GpOfferFilter *self)
{
  GpOfferCriterion active = GP_OFFER_CRITERION_NONE;

  if (self->words != NULL && self->words[0] != NULL)
    active |= GP_OFFER_CRITERION_SEARCH;
  if (self->providers != NULL)
    active |= GP_OFFER_CRITERION_PROVIDERS;
  if (self->gpu != NULL)
    active |= GP_OFFER_CRITERION_GPU;
  if (self->min_gpu_memory > 0)
    active |= GP_OFFER_CRITERION_MIN_GPU_MEMORY;
  if (self->min_gpu_count > 1)
    active |= GP_OFFER_CRITERION_MIN_GPU_COUNT;
  if (self->pricing != GP_PRICING_NONE)
    active |= GP_OFFER_CRITERION_PRICING;
  if (self->region != NULL || self->cheapest_region)
    active |= GP_OFFER_CRITERION_REGION;
  if (self->max_price > 0)
    active |= GP_OFFER_CRITERION_MAX_PRICE;

  return active;
}

/* Turns criteria off, with one notification. */
void
gp_offer_filter_clear_criterion (GpOfferFilter    *self,
                                 GpOfferCriterion  criterion)
{
  GpOfferCriterion last_changed;

  g_return_if_fail (GP_IS_OFFER_FILTER (self));

  last_changed = self->last_changed;
  g_object_freeze_notify (G_OBJECT (self));
  self->batching = TRUE;

  if (criterion & GP_OFFER_CRITERION_SEARCH)
    gp_offer_filter_set_search (self, NULL);
  if (criterion & GP_OFFER_CRITERION_PROVIDERS)
    gp_offer_filter_set_providers (self, NULL);
  if (criterion & GP_OFFER_CRITERION_GPU)
    gp_offer_filter_set_gpu (self, NULL);
  if (criterion & GP_OFFER_CRITERION_MIN_GPU_MEMORY)
    gp_offer_filter_set_min_gpu_memory (self, 0);
  if (criterion & GP_OFFER_CRITERION_MIN_GPU_COUNT)
    gp_offer_filter_set_min_gpu_count (self, 0);
  if (criterion & GP_OFFER_CRITERION_PRICING)
    gp_offer_filter_set_pricing (self, GP_PRICING_NONE);
  if (criterion & GP_OFFER_CRITERION_REGION)
    {
      gp_offer_filter_set_region (self, NULL);
      gp_offer_filter_set_cheapest_region (self, FALSE);
    }
  if (criterion & GP_OFFER_CRITERION_MAX_PRICE)
    gp_offer_filter_set_max_price (self, 0);

  self->batching = FALSE;
  self->last_changed = last_changed;
  g_object_thaw_notify (G_OBJECT (self));
  g_signal_emit (self, signals[CHANGED], 0, GP_OFFER_CRITERION_NONE);
}

/* Turns every criterion off; how prices are counted stays. */
void
gp_offer_filter_clear (GpOfferFilter *self)
{
  g_return_if_fail (GP_IS_OFFER_FILTER (self));

  if (gp_offer_filter_get_active (self) != GP_OFFER_CRITERION_NONE)
    gp_offer_filter_clear_criterion (self, ~GP_OFFER_CRITERION_NONE);
}

/* Drops what the filter remembers of the offers it saw; call it when the catalog changes. */
void
gp_offer_filter_forget_catalog (GpOfferFilter *self)
{
  g_return_if_fail (GP_IS_OFFER_FILTER (self));
  g_hash_table_remove_all (self->cheapest);
}
