/* gp-offer.c — one instance type in one region, with its prices per pricing model
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "gp-currency.h"
#include "gp-enums.h"
#include "gp-gpu-private.h"
#include "gp-instance-private.h"
#include "gp-offer-private.h"
#include "gp-provider-private.h"
#include "gp-region-private.h"

G_DEFINE_FINAL_TYPE (GpOffer, gp_offer, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_INSTANCE,
  PROP_REGION,
  PROP_ANOMALIES,
  PROP_SOURCE,
  PROP_ON_DEMAND,
  PROP_SPOT_MIN,
  PROP_SPOT_MAX,
  PROP_RESERVED_1Y,
  PROP_RESERVED_3Y,
  PROP_PER_GPU_HOUR,
  PROP_VALUE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
gp_offer_dispose (GObject *object)
{
  GpOffer *self = GP_OFFER (object);

  g_clear_object (&self->region);
  g_clear_object (&self->source);
  if (self->capacity_block != NULL)
    g_clear_object (&self->capacity_block->source);
  if (self->dated != NULL)
    {
      g_clear_object (&self->dated->on_demand);
      g_clear_object (&self->dated->spot);
    }

  G_OBJECT_CLASS (gp_offer_parent_class)->dispose (object);
}

static void
gp_offer_finalize (GObject *object)
{
  GpOffer *self = GP_OFFER (object);

  g_clear_pointer (&self->region_id, g_ref_string_release);
  g_free (self->source_id);
  g_clear_pointer (&self->capacity_block, gp_capacity_block_free);
  g_clear_pointer (&self->dated, gp_price_sources_free);

  G_OBJECT_CLASS (gp_offer_parent_class)->finalize (object);
}

static void
gp_offer_get_property (GObject    *object,
                       guint       prop_id,
                       GValue     *value,
                       GParamSpec *pspec)
{
  GpOffer *self = GP_OFFER (object);

  switch (prop_id)
    {
    case PROP_INSTANCE:
      g_value_set_object (value, self->instance);
      break;

    case PROP_REGION:
      g_value_set_object (value, self->region);
      break;

    case PROP_ANOMALIES:
      g_value_set_flags (value, gp_offer_get_anomalies (self));
      break;

    case PROP_SOURCE:
      g_value_set_object (value, gp_offer_get_source (self));
      break;

    case PROP_ON_DEMAND:
      g_value_set_double (value, gp_offer_get_on_demand (self));
      break;

    case PROP_SPOT_MIN:
      g_value_set_double (value, gp_offer_get_spot_min (self));
      break;

    case PROP_SPOT_MAX:
      g_value_set_double (value, gp_offer_get_spot_max (self));
      break;

    case PROP_RESERVED_1Y:
      g_value_set_double (value, gp_offer_get_reserved_1y (self));
      break;

    case PROP_RESERVED_3Y:
      g_value_set_double (value, gp_offer_get_reserved_3y (self));
      break;

    case PROP_PER_GPU_HOUR:
      g_value_set_double (value, gp_offer_get_per_gpu_hour (self));
      break;

    case PROP_VALUE:
      g_value_set_double (value, gp_offer_get_value (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gp_offer_class_init (GpOfferClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;
  static const char *const prices[] = {
    "on-demand", "spot-min", "spot-max", "reserved-1y", "reserved-3y", "per-gpu-hour", "value",
  };

  object_class->dispose = gp_offer_dispose;
  object_class->finalize = gp_offer_finalize;
  object_class->get_property = gp_offer_get_property;

  properties[PROP_INSTANCE] =
    g_param_spec_object ("instance", NULL, NULL, GP_TYPE_INSTANCE, flags);
  properties[PROP_REGION] = g_param_spec_object ("region", NULL, NULL, GP_TYPE_REGION, flags);
  properties[PROP_ANOMALIES] =
    g_param_spec_flags ("anomalies", NULL, NULL, GP_TYPE_ANOMALY, GP_ANOMALY_NONE, flags);
  properties[PROP_SOURCE] = g_param_spec_object ("source", NULL, NULL, GP_TYPE_SOURCE, flags);

  G_STATIC_ASSERT (G_N_ELEMENTS (prices) == N_PROPS - PROP_ON_DEMAND);
  for (guint i = 0; i < G_N_ELEMENTS (prices); i++)
    properties[PROP_ON_DEMAND + i] =
      g_param_spec_double (prices[i], NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0, flags);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gp_offer_init (GpOffer *self)
{
  self->on_demand = NAN;
  self->spot_min = NAN;
  self->spot_max = NAN;
  self->reserved_1y = NAN;
  self->reserved_3y = NAN;
}

GpOffer *
gp_offer_new_empty (void)
{
  return g_object_new (GP_TYPE_OFFER, NULL);
}

GpInstance *
gp_offer_get_instance (GpOffer *self)
{
  g_return_val_if_fail (GP_IS_OFFER (self), NULL);
  return self->instance;
}

GpProvider *
gp_offer_get_provider (GpOffer *self)
{
  g_return_val_if_fail (GP_IS_OFFER (self), NULL);
  return self->instance != NULL ? self->instance->provider : NULL;
}

GpGpu *
gp_offer_get_gpu (GpOffer *self)
{
  g_return_val_if_fail (GP_IS_OFFER (self), NULL);
  return self->instance != NULL ? self->instance->gpu : NULL;
}

GpRegion *
gp_offer_get_region (GpOffer *self)
{
  g_return_val_if_fail (GP_IS_OFFER (self), NULL);
  return self->region;
}

const char *
gp_offer_get_region_id (GpOffer *self)
{
  g_return_val_if_fail (GP_IS_OFFER (self), NULL);
  return self->region_id;
}

/* What the offer's prices are multiplied by to be in the catalog's currency: 1 unless its
 * provider prices in another currency (AWS China in yuan). */
static inline double
to_catalog (GpOffer *self)
{
  return self->instance != NULL ? self->instance->to_catalog : 1;
}

/* The price getters of #GpOffer give the price of the whole instance for one hour, in the
 * catalog's currency, and NAN where the source has none. A price the catalog states in
 * another currency is converted at the catalog's exchange rate; gp_offer_get_listed_price()
 * gives it as stated. */
double
gp_offer_get_on_demand (GpOffer *self)
{
  g_return_val_if_fail (GP_IS_OFFER (self), NAN);
  return self->on_demand * to_catalog (self);
}

double
gp_offer_get_listed_price (GpOffer           *self,
                           GpEstimatePricing  pricing)
{
  g_return_val_if_fail (GP_IS_OFFER (self), NAN);

  switch (pricing)
    {
    case GP_ESTIMATE_PRICING_ON_DEMAND:
      return self->on_demand;

    case GP_ESTIMATE_PRICING_SPOT:
      return self->spot_min;

    case GP_ESTIMATE_PRICING_RESERVED_1Y:
      return self->reserved_1y;

    case GP_ESTIMATE_PRICING_RESERVED_3Y:
      return self->reserved_3y;

    case GP_ESTIMATE_PRICING_CAPACITY_BLOCK:
      return self->capacity_block != NULL ? self->capacity_block->per_hour : NAN;

    case GP_ESTIMATE_PRICING_SUBSCRIPTION:
    default:
      return NAN;
    }
}

const char *
gp_offer_get_currency (GpOffer *self)
{
  g_return_val_if_fail (GP_IS_OFFER (self), "USD");
  return self->instance != NULL ? gp_instance_get_currency (self->instance) : "USD";
}

GpPriceBasis
gp_offer_get_price_basis (GpOffer *self)
{
  g_return_val_if_fail (GP_IS_OFFER (self), GP_PRICE_BASIS_QUOTED);
  return self->instance != NULL ? gp_instance_get_price_basis (self->instance)
                                : GP_PRICE_BASIS_QUOTED;
}

double
gp_offer_get_spot_min (GpOffer *self)
{
  g_return_val_if_fail (GP_IS_OFFER (self), NAN);
  return self->spot_min * to_catalog (self);
}

double
gp_offer_get_spot_max (GpOffer *self)
{
  g_return_val_if_fail (GP_IS_OFFER (self), NAN);
  return self->spot_max * to_catalog (self);
}

double
gp_offer_get_reserved_1y (GpOffer *self)
{
  g_return_val_if_fail (GP_IS_OFFER (self), NAN);
  return self->reserved_1y * to_catalog (self);
}

double
gp_offer_get_reserved_3y (GpOffer *self)
{
  g_return_val_if_fail (GP_IS_OFFER (self), NAN);
  return self->reserved_3y * to_catalog (self);
}

double
gp_offer_get_capacity_block (GpOffer *self)
{
  g_return_val_if_fail (GP_IS_OFFER (self), NAN);
  return self->capacity_block != NULL ? self->capacity_block->per_hour * to_catalog (self) : NAN;
}

GpSource *
gp_offer_get_capacity_block_source (GpOffer *self)
{
  g_return_val_if_fail (GP_IS_OFFER (self), NULL);
  return self->capacity_block != NULL ? self->capacity_block->source : NULL;
}

void
gp_price_sources_free (GpPriceSources *sources)
{
  if (sources == NULL)
    return;
  g_clear_object (&sources->on_demand);
  g_clear_object (&sources->spot);
  g_free (sources->on_demand_id);
  g_free (sources->spot_id);
  g_free (sources);
}

void
gp_capacity_block_free (GpCapacityBlock *block)
{
  if (block == NULL)
    return;
  g_clear_object (&block->source);
  g_free (block->source_id);
  g_free (block);
}

double
gp_offer_get_per_gpu_hour (GpOffer *self)
{
  g_return_val_if_fail (GP_IS_OFFER (self), NAN);

  if (self->instance == NULL || self->instance->gpu_count == 0)
    return NAN;

  return gp_offer_get_on_demand (self) / self->instance->gpu_count;
}

/* What an hour buys: the instance's dense BF16 (else FP16) tensor TFLOPS divided by its
 * on-demand price per hour. Higher is better. */
double
gp_offer_get_value (GpOffer *self)
{
  double tflops;

  g_return_val_if_fail (GP_IS_OFFER (self), NAN);

  if (self->instance == NULL || self->instance->gpu == NULL || !(self->on_demand > 0))
    return NAN;

  tflops = gp_gpu_get_tensor_tflops (self->instance->gpu);
  return tflops * self->instance->gpu_count / gp_offer_get_on_demand (self);
}

GpAnomaly
gp_offer_get_anomalies (GpOffer *self)
{
  /* What doubts a base price doubts the price derived from it; the derived offer has no spot
   * of the base's (only a stated saving), so the base's spot flags stay with the base. */
  const GpAnomaly follows = GP_ANOMALY_ZERO_PRICE | GP_ANOMALY_GPU_COUNT_SUSPECT |
                            GP_ANOMALY_REGIONAL_OUTLIER | GP_ANOMALY_LOW_OUTLIER;
  GpInstance *base;
  GpOffer *from;
  GpAnomaly anomalies;

  g_return_val_if_fail (GP_IS_OFFER (self), GP_ANOMALY_NONE);

  if (self->instance == NULL)
    return self->anomalies;
  anomalies = self->anomalies | self->instance->anomalies;
  base = self->instance->derived != NULL ? self->instance->derived->from_instance : NULL;
  if (base != NULL && (from = gp_instance_find_offer (base, self->region_id)) != NULL)
    anomalies |= (from->anomalies | base->anomalies) & follows;
  return anomalies;
}

GpSource *
gp_offer_get_source (GpOffer *self)
{
  g_return_val_if_fail (GP_IS_OFFER (self), NULL);

  if (self->source != NULL)
    return self->source;

  return self->instance != NULL ? self->instance->source : NULL;
}

/* Each pricing model's figure is dated by its own source: a Capacity Block by the block's, a
 * spot or on-demand price that came from another file than the rest by that file's, the
 * others by the offer's (gp_offer_get_source()). */
GpSource *
gp_offer_get_price_source (GpOffer           *self,
                           GpEstimatePricing  pricing)
{
  g_return_val_if_fail (GP_IS_OFFER (self), NULL);

  if (pricing == GP_ESTIMATE_PRICING_CAPACITY_BLOCK && self->capacity_block != NULL)
    return self->capacity_block->source;
  if (pricing == GP_ESTIMATE_PRICING_SPOT && self->dated != NULL && self->dated->spot != NULL)
    return self->dated->spot;
  if (pricing == GP_ESTIMATE_PRICING_ON_DEMAND && self->dated != NULL &&
      self->dated->on_demand != NULL)
    return self->dated->on_demand;
  return gp_offer_get_source (self);
}

const char *
gp_offer_get_price_as_of (GpOffer           *self,
                          GpEstimatePricing  pricing)
{
  GpSource *source, *rule;

  g_return_val_if_fail (GP_IS_OFFER (self), NULL);

  source = gp_offer_get_price_source (self, pricing);
  rule = self->instance != NULL ? gp_instance_get_derived_source (self->instance) : NULL;
  return gp_as_of_older (source != NULL ? gp_source_get_as_of (source) : NULL,
                         rule != NULL ? gp_source_get_as_of (rule) : NULL);
}

gboolean
gp_offer_is_price_stale (GpOffer           *self,
                         GpEstimatePricing  pricing,
                         guint              stale_after_days)
{
  g_return_val_if_fail (GP_IS_OFFER (self), FALSE);
  return gp_as_of_is_stale (gp_offer_get_price_as_of (self, pricing), stale_after_days);
}

const char *
gp_offer_get_as_of (GpOffer *self)
{
  g_return_val_if_fail (GP_IS_OFFER (self), NULL);
  return gp_offer_get_price_as_of (self, GP_ESTIMATE_PRICING_ON_DEMAND);
}

gboolean
gp_offer_is_stale (GpOffer *self,
                   guint    stale_after_days)
{
  g_return_val_if_fail (GP_IS_OFFER (self), FALSE);
  return gp_as_of_is_stale (gp_offer_get_as_of (self), stale_after_days);
}

/* Whether a known problem of the source touches this price: such a figure is shown, flagged,
 * and never taken as the best or the cheapest without saying so. */
gboolean
gp_offer_is_doubtful (GpOffer           *self,
                      GpEstimatePricing  pricing)
{
  const GpAnomaly any_price = GP_ANOMALY_ZERO_PRICE | GP_ANOMALY_GPU_COUNT_SUSPECT;
  GpAnomaly anomalies;

  g_return_val_if_fail (GP_IS_OFFER (self), FALSE);

  anomalies = gp_offer_get_anomalies (self);
  if (anomalies & any_price)
    return TRUE;
  if (pricing == GP_ESTIMATE_PRICING_SPOT)
    return (anomalies & (GP_ANOMALY_SPOT_ABOVE_ON_DEMAND | GP_ANOMALY_SPOT_RATIO_OUTLIER)) != 0;
  return (anomalies & (GP_ANOMALY_REGIONAL_OUTLIER | GP_ANOMALY_LOW_OUTLIER)) != 0;
}

GpCatalogLayer
gp_offer_get_layer (GpOffer *self)
{
  g_return_val_if_fail (GP_IS_OFFER (self), GP_CATALOG_LAYER_BUNDLED);
  return self->instance != NULL ? self->instance->layer : GP_CATALOG_LAYER_BUNDLED;
}

gboolean
gp_offer_get_spot_range (GpOffer  *self,
                         gboolean  per_gpu,
                         double    rate,
                         double   *min,
                         double   *max)
{
  double divisor = 1;

  g_return_val_if_fail (GP_IS_OFFER (self), FALSE);

  *min = *max = NAN;
  if (!(gp_offer_get_spot_max (self) > gp_offer_get_spot_min (self)))
    return FALSE;
  if (per_gpu)
    divisor =
        self->instance != NULL && self->instance->gpu_count > 0 ? self->instance->gpu_count : NAN;
  *min = gp_currency_convert (gp_offer_get_spot_min (self), rate) / divisor;
  *max = gp_currency_convert (gp_offer_get_spot_max (self), rate) / divisor;
  return isfinite (*min);
}

double
gp_offer_get_price (GpOffer       *self,
                    GpOfferColumn  column,
                    gboolean       per_gpu)
{
  double price;

  g_return_val_if_fail (GP_IS_OFFER (self), NAN);

  switch (column)
    {
    case GP_OFFER_COLUMN_ON_DEMAND:
      price = self->on_demand * to_catalog (self);
      break;

    case GP_OFFER_COLUMN_SPOT:
      price = self->spot_min * to_catalog (self);
      break;

    case GP_OFFER_COLUMN_RESERVED_1Y:
      price = self->reserved_1y * to_catalog (self);
      break;

    case GP_OFFER_COLUMN_CAPACITY_BLOCK:
      price = gp_offer_get_capacity_block (self);
      break;

    default:
      g_return_val_if_reached (NAN);
    }

  if (!per_gpu)
    return price;
  if (self->instance == NULL || self->instance->gpu_count == 0)
    return NAN;
  return price / self->instance->gpu_count;
}

static double
number_of (GpOffer       *offer,
           GpOfferColumn  column,
           gboolean       per_gpu)
{
  GpInstance *instance = offer->instance;

  switch (column)
    {
    case GP_OFFER_COLUMN_GPU_COUNT:
      return instance->gpu_count > 0 ? instance->gpu_count : NAN;

    case GP_OFFER_COLUMN_GPU_MEMORY:
      return gp_instance_get_gpu_memory_gb (instance);

    case GP_OFFER_COLUMN_TOTAL_GPU_MEMORY:
      return gp_instance_get_total_gpu_memory_gb (instance);

    case GP_OFFER_COLUMN_VCPUS:
      return instance->vcpus > 0 ? instance->vcpus : NAN;

    case GP_OFFER_COLUMN_MEMORY:
      return instance->memory_gb;

    case GP_OFFER_COLUMN_ON_DEMAND:
    case GP_OFFER_COLUMN_SPOT:
    case GP_OFFER_COLUMN_RESERVED_1Y:
    case GP_OFFER_COLUMN_CAPACITY_BLOCK:
      return gp_offer_get_price (offer, column, per_gpu);

    case GP_OFFER_COLUMN_PER_GPU_HOUR:
      return gp_offer_get_per_gpu_hour (offer);

    case GP_OFFER_COLUMN_VALUE:
      return gp_offer_get_value (offer);

    case GP_OFFER_COLUMN_BILLING_INCREMENT:
      return gp_instance_get_billing_increment_s (instance);

    case GP_OFFER_COLUMN_PROVIDER:
    case GP_OFFER_COLUMN_INSTANCE:
    case GP_OFFER_COLUMN_GPU:
    case GP_OFFER_COLUMN_REGION:
    case GP_OFFER_COLUMN_AS_OF:
    default:
      g_return_val_if_reached (NAN);
    }
}

/* The figure the Instances page shows in a column: prices converted with @rate (value, which
 * is per unit of money, divided by it), everything else as the catalog has it. */
double
gp_offer_get_column_value (GpOffer       *self,
                           GpOfferColumn  column,
                           gboolean       per_gpu,
                           double         rate)
{
  double value;

  g_return_val_if_fail (GP_IS_OFFER (self), NAN);

  if (self->instance == NULL)
    return NAN;

  value = number_of (self, column, per_gpu);
  switch (column)
    {
    case GP_OFFER_COLUMN_ON_DEMAND:
    case GP_OFFER_COLUMN_SPOT:
    case GP_OFFER_COLUMN_RESERVED_1Y:
    case GP_OFFER_COLUMN_CAPACITY_BLOCK:
    case GP_OFFER_COLUMN_PER_GPU_HOUR:
      return value * rate;

    case GP_OFFER_COLUMN_VALUE:
      return value / rate;

    default:
      return value;
    }
}

static const char *
text_of (GpOffer       *offer,
         GpOfferColumn  column)
{
  GpInstance *instance = offer->instance;

  switch (column)
    {
    case GP_OFFER_COLUMN_PROVIDER:
      return instance->provider != NULL ? instance->provider->name : NULL;

    case GP_OFFER_COLUMN_INSTANCE:
      return instance->name;

    case GP_OFFER_COLUMN_GPU:
      return instance->gpu != NULL ? instance->gpu->name : NULL;

    case GP_OFFER_COLUMN_REGION:
      /* In the order of the places shown, "Tokyo (ap-northeast-1)", not of the codes. */
      return offer->region != NULL && gp_region_get_city (offer->region) != NULL
               ? gp_region_get_display_city (offer->region) : offer->region_id;

    case GP_OFFER_COLUMN_AS_OF:
      return gp_offer_get_as_of (offer);

    default:
      return NULL;
    }
}

/* Whether @column orders by text; GpOfferOrder reads every offer's key once before it sorts. */
gboolean
gp_offer_column_is_text (GpOfferColumn column)
{
  return column == GP_OFFER_COLUMN_PROVIDER || column == GP_OFFER_COLUMN_INSTANCE ||
         column == GP_OFFER_COLUMN_GPU || column == GP_OFFER_COLUMN_REGION ||
         column == GP_OFFER_COLUMN_AS_OF;
}

/* The text gp_offer_compare() orders @self by in a text column; NULL when unknown. */
const char *
gp_offer_get_column_text (GpOffer       *self,
                          GpOfferColumn  column)
{
  g_return_val_if_fail (GP_IS_OFFER (self), NULL);

  return self->instance != NULL ? text_of (self, column) : NULL;
}

gboolean
gp_offer_has_column_value (GpOffer       *self,
                           GpOfferColumn  column,
                           gboolean       per_gpu)
{
  g_return_val_if_fail (GP_IS_OFFER (self), FALSE);

  if (self->instance == NULL)
    return FALSE;
  if (gp_offer_column_is_text (column))
    return text_of (self, column) != NULL;
  return !isnan (number_of (self, column, per_gpu));
}

/* Orders two offers by one column. An unknown figure comes after every known one whichever
 * the direction: someone who sorts by price wants prices, not blanks, at the top. Text
 * compares without regard to ASCII case. */
int
gp_offer_compare (GpOffer       *a,
                  GpOffer       *b,
                  GpOfferColumn  column,
                  gboolean       per_gpu,
                  gboolean       descending)
{
  int order;

  g_return_val_if_fail (GP_IS_OFFER (a) && GP_IS_OFFER (b), 0);

  if (a->instance == NULL || b->instance == NULL)
    return (a->instance == NULL) - (b->instance == NULL);

  if (gp_offer_column_is_text (column))
    {
      const char *x = text_of (a, column), *y = text_of (b, column);

      if (x == NULL || y == NULL)
        return (x == NULL) - (y == NULL);
      order = g_ascii_strcasecmp (x, y);
      order = (order > 0) - (order < 0);
    }
  else
    {
      double x = number_of (a, column, per_gpu), y = number_of (b, column, per_gpu);

      if (isnan (x) || isnan (y))
        return isnan (x) - isnan (y);
      order = (x > y) - (x < y);
    }

  return descending ? -order : order;
}

/* Which region of an instance type is the cheapest: the lower on-demand price wins, an offer
 * without one goes by its lowest spot price, and an offer with a price beats one without. A
 * price the source is known to get wrong (gp_offer_is_doubtful()) is never the cheapest while
 * a sound one is there. */
gboolean
gp_offer_is_cheaper (GpOffer *self,
                     GpOffer *than)
{
  gboolean self_doubtful, than_doubtful;

  g_return_val_if_fail (GP_IS_OFFER (self), FALSE);

  if (than == NULL)
    return TRUE;
  self_doubtful = gp_offer_is_doubtful (self, GP_ESTIMATE_PRICING_ON_DEMAND);
  than_doubtful = gp_offer_is_doubtful (than, GP_ESTIMATE_PRICING_ON_DEMAND);
  if (self_doubtful != than_doubtful)
    return !self_doubtful;
  if (isnan (self->on_demand) != isnan (than->on_demand))
    return !isnan (self->on_demand);
  if (!isnan (self->on_demand))
    return gp_offer_get_on_demand (self) < gp_offer_get_on_demand (than);
  if (isnan (self->spot_min) != isnan (than->spot_min))
    return !isnan (self->spot_min);
  return gp_offer_get_spot_min (self) < gp_offer_get_spot_min (than);
}

char *
gp_offer_dup_region_label (GpOffer *self)
{
  g_return_val_if_fail (GP_IS_OFFER (self), NULL);

  return self->region != NULL ? gp_region_dup_short_label (self->region)
                              : g_strdup (self->region_id);
}

char *
gp_offer_dup_id (GpOffer *self)
{
  g_return_val_if_fail (GP_IS_OFFER (self), NULL);
  g_return_val_if_fail (self->instance != NULL, NULL);

  return g_strconcat (gp_instance_get_id (self->instance), "@", self->region_id, NULL);
}

/* The area of gp_region_in_area() a lab's data stays in when it does not cross the border. */
#define MAINLAND_CHINA "geography:Mainland China"

gboolean
gp_offer_crosses_border (GpOffer       *self,
                                  GpLabLocation  lab)
{
  GpRegion *region;

  g_return_val_if_fail (GP_IS_OFFER (self), FALSE);

  if (lab != GP_LAB_LOCATION_MAINLAND_CHINA)
    return FALSE;
  switch (gp_instance_get_reachability (gp_offer_get_instance (self)))
    {
    case GP_REACHABILITY_CROSS_BORDER:
    case GP_REACHABILITY_UNREACHABLE:
      return TRUE;
    case GP_REACHABILITY_IN_CHINA:
      return gp_offer_is_abroad (self);
    case GP_REACHABILITY_UNKNOWN:
    default:
      region = gp_offer_get_region (self);
      return region == NULL || !gp_region_in_area (region, MAINLAND_CHINA);
    }
}

gboolean
gp_offer_is_abroad (GpOffer *self)
{
  GpRegion *region;

  g_return_val_if_fail (GP_IS_OFFER (self), FALSE);

  region = gp_offer_get_region (self);
  return region != NULL && gp_region_get_country (region) != NULL &&
         !gp_region_in_area (region, MAINLAND_CHINA);
}

/* How a lab reaches an offer: as the catalog says of its platform, but a region abroad of a
 * platform in China (Alibaba Cloud's Singapore), or of one the catalog says nothing of, is
 * across the border. */
GpReachability
gp_offer_get_reach (GpOffer       *self,
                             GpLabLocation  lab)
{
  GpProvider *provider;
  GpReachability reach;

  g_return_val_if_fail (GP_IS_OFFER (self), GP_REACHABILITY_UNKNOWN);

  provider = gp_offer_get_provider (self);
  if (lab != GP_LAB_LOCATION_MAINLAND_CHINA || provider == NULL)
    return GP_REACHABILITY_IN_CHINA;
  reach = gp_instance_get_reachability (gp_offer_get_instance (self));
  if ((reach == GP_REACHABILITY_IN_CHINA || reach == GP_REACHABILITY_UNKNOWN) &&
      gp_offer_is_abroad (self))
    return GP_REACHABILITY_CROSS_BORDER;
  return reach;
}

/* Price lists round: EC2 gives spot to 4 decimals and on-demand to 5, so AWS's cap (spot at
 * the on-demand price) reads 1.0855 against 1.08547. Two prices within half a last digit of
 * each (0.00005 + 0.000005) are taken as one. */
int
gp_spot_compare_on_demand (double spot,
                           double on_demand)
{
  /* A hair over the two half digits, so that the binary form of 1.0855 is still within. */
  const double rounding = 0.000055 + 1e-9;

  if (fabs (spot - on_demand) <= rounding)
    return 0;
  return spot < on_demand ? -1 : 1;
}

double
gp_spot_doubtful_share_pct (void)
{
  return 100 - GP_SPOT_LARGEST_STATED_SAVING_PCT - GP_SPOT_SHARE_ROUNDING_PCT;
}

/* One rule for every offer of every provider (gp_spot_doubtful_share_pct()), so the same
 * share is flagged the same wherever it is listed. */
gboolean
gp_spot_is_doubtfully_low (double spot,
                           double on_demand)
{
  return on_demand > 0 && spot >= 0 && spot / on_demand * 100 < gp_spot_doubtful_share_pct ();
}

gboolean
gp_price_per_hour_is_plausible (double price)
{
  return price >= GP_PRICE_MIN_PER_HOUR && price <= GP_PRICE_MAX_PER_HOUR;
}
