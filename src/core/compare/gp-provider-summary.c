/* gp-provider-summary.c — what a platform offers, in the few figures people compare first
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "gp-provider-summary.h"
#include "gp-util.h"

struct _GpProviderSummary
{
  GObject     parent_instance;

  GpProvider *provider;
  GStrv       gpu_names;
  guint       n_instances;
  double      max_gpu_memory;
  GpOffer    *cheapest_offer;
  GpOffer    *cheapest_spot_offer;
  double      max_spot_saving_pct;
  char       *oldest_as_of;
  GListStore *sources;
  GListStore *instances;
  GpProvider *gpus_from;
  GpRegion *cleanest_region; /* of the regions with a grid figure, zones left out */
  GpRegion *dirtiest_region;
};

G_DEFINE_FINAL_TYPE (GpProviderSummary, gp_provider_summary, G_TYPE_OBJECT)

static void
gp_provider_summary_dispose (GObject *object)
{
  GpProviderSummary *self = GP_PROVIDER_SUMMARY (object);

  g_clear_object (&self->provider);
  g_clear_object (&self->cheapest_offer);
  g_clear_object (&self->cheapest_spot_offer);
  g_clear_object (&self->sources);
  g_clear_object (&self->instances);
  g_clear_object (&self->gpus_from);
  g_clear_object (&self->cleanest_region);
  g_clear_object (&self->dirtiest_region);

  G_OBJECT_CLASS (gp_provider_summary_parent_class)->dispose (object);
}

static void
gp_provider_summary_finalize (GObject *object)
{
  GpProviderSummary *self = GP_PROVIDER_SUMMARY (object);

  g_strfreev (self->gpu_names);
  g_free (self->oldest_as_of);

  G_OBJECT_CLASS (gp_provider_summary_parent_class)->finalize (object);
}

static void
gp_provider_summary_class_init (GpProviderSummaryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = gp_provider_summary_dispose;
  object_class->finalize = gp_provider_summary_finalize;
}

static void
gp_provider_summary_init (GpProviderSummary *self)
{
  self->max_gpu_memory = NAN;
  self->max_spot_saving_pct = NAN;
  self->sources = g_list_store_new (GP_TYPE_SOURCE);
  self->instances = g_list_store_new (GP_TYPE_INSTANCE);
}

static void
add_gpu_name (GStrvBuilder *names,
              GHashTable   *gpus_seen,
              GpGpu        *gpu)
{
  if (g_hash_table_add (gpus_seen, gpu))
    g_strv_builder_add (names, gp_gpu_get_name (gpu));
}

/* A managed platform listed without instances of its own (Vertex AI) trains on another
 * provider's machine types: name those GPUs, and say whose they are. */
static void
add_relative_gpus (GpProviderSummary *self,
                   GpCatalog         *catalog,
                   GStrvBuilder      *names,
                   GHashTable        *gpus_seen)
{
  GpProvider *base =
      gp_catalog_find_provider (catalog, gp_provider_get_relative_to (self->provider));
  GListModel *instances = gp_catalog_get_instances (catalog);

  if (base == NULL || base == self->provider)
    return;

  for (guint i = 0; i < g_list_model_get_n_items (instances); i++)
    {
      g_autoptr(GpInstance) instance = g_list_model_get_item (instances, i);

      if (gp_instance_get_provider (instance) == base)
        add_gpu_name (names, gpus_seen, gp_instance_get_gpu (instance));
    }

  g_set_object (&self->gpus_from, base);
}

/* @dates_prices: whether the source's date says how old the provider's prices are; a GPU's
 * data sheet, a machine's specification or a feature list do not age the way prices do, and
 * must not make a slide read as years out of date. */
static void
add_source_full (GpProviderSummary *self,
                 GHashTable        *seen,
                 GpSource          *source,
                 gboolean           dates_prices)
{
  if (source == NULL)
    return;

  if (g_hash_table_add (seen, source))
    g_list_store_append (self->sources, source);

  if (dates_prices)
    gp_set_str (&self->oldest_as_of,
                gp_as_of_older (self->oldest_as_of, gp_source_get_as_of (source)));
}

static void
add_source (GpProviderSummary *self,
            GHashTable        *seen,
            GpSource          *source)
{
  add_source_full (self, seen, source, TRUE);
}

static void
add_provider_sources (GpProviderSummary *self,
                      GHashTable        *seen)
{
  GpProvider *provider = self->provider;
  GListModel *plans = gp_provider_get_plans (provider);

  /* Features, limits and terms: dated as specifications, not as prices. */
  add_source_full (self, seen, gp_provider_get_source (provider), FALSE);
  for (guint g = 0; g < GP_PROVIDER_N_GROUPS; g++)
    add_source_full (self, seen, gp_provider_get_group_source (provider, g), FALSE);
  for (guint i = 0; i < g_list_model_get_n_items (plans); i++)
    {
      g_autoptr(GpPlan) plan = g_list_model_get_item (plans, i);
      add_source (self, seen, gp_plan_get_source (plan));
    }
}

/* A figure people may take as the platform's price: quoted, with no known problem. */
static gboolean
trusted (GpOffer           *offer,
         GpEstimatePricing  pricing)
{
  return gp_offer_get_price_basis (offer) == GP_PRICE_BASIS_QUOTED &&
         !gp_offer_is_doubtful (offer, pricing);
}

/* Whether @offer is a better cheapest than @than: a trusted figure beats one that is not,
 * whatever the amounts; among equals the lower price wins. */
static gboolean
cheaper (GpOffer           *offer,
         double             price,
         GpOffer           *than,
         double             than_price,
         GpEstimatePricing  pricing)
{
  gboolean a, b;

  if (than == NULL)
    return TRUE;
  a = trusted (offer, pricing);
  b = trusted (than, pricing);
  if (a != b)
    return a;
  return price < than_price;
}

static void
add_offer (GpProviderSummary *self,
           GHashTable        *seen,
           GpOffer           *offer)
{
  double per_gpu = gp_offer_get_per_gpu_hour (offer);
  double on_demand = gp_offer_get_on_demand (offer);
  double spot = gp_offer_get_spot_min (offer);
  GpRegion *region = gp_offer_get_region (offer);
  GpGpu *gpu = gp_offer_get_instance (offer) != NULL
                   ? gp_instance_get_gpu (gp_offer_get_instance (offer))
                   : NULL;
  /* An inference accelerator's hour is no price of training: it is never the cheapest GPU
   * (AWS China's was an Inferentia). */
  gboolean trains = gpu == NULL || !gp_gpu_get_inference_only (gpu);

  add_source (self, seen, gp_offer_get_source (offer));
  if (gp_offer_get_instance (offer) != NULL)
    add_source (self, seen, gp_instance_get_derived_source (gp_offer_get_instance (offer)));

  /* Local and Wavelength Zones are kept out, as region lists keep them out. */
  if (region != NULL && gp_region_is_zone (region))
    return;

  if (!isnan (per_gpu) && trains &&
      cheaper (offer, per_gpu, self->cheapest_offer,
               self->cheapest_offer != NULL ? gp_offer_get_per_gpu_hour (self->cheapest_offer)
                                            : NAN,
               GP_ESTIMATE_PRICING_ON_DEMAND))
    g_set_object (&self->cheapest_offer, offer);

  if (!isnan (spot) && trains && gp_offer_get_instance (offer) != NULL &&
      gp_instance_get_gpu_count (gp_offer_get_instance (offer)) > 0)
    {
      double spot_per_gpu = spot / gp_instance_get_gpu_count (gp_offer_get_instance (offer));

      if (cheaper (offer, spot_per_gpu, self->cheapest_spot_offer,
                   self->cheapest_spot_offer != NULL
                     ? gp_offer_get_price (self->cheapest_spot_offer, GP_OFFER_COLUMN_SPOT, TRUE)
                     : NAN,
                   GP_ESTIMATE_PRICING_SPOT))
        g_set_object (&self->cheapest_spot_offer, offer);
    }

  /* The largest saving measured on figures that can be trusted. */
  if (on_demand > 0 && !isnan (spot) && spot < on_demand &&
      trusted (offer, GP_ESTIMATE_PRICING_SPOT) && trusted (offer, GP_ESTIMATE_PRICING_ON_DEMAND))
    {
      double saving = 100 * (1 - spot / on_demand);

      if (isnan (self->max_spot_saving_pct) || saving > self->max_spot_saving_pct)
        self->max_spot_saving_pct = saving;
    }
}

/* The provider's regions of the lowest and the highest grid intensity, with their sources. */
static void
find_grid_range (GpProviderSummary *self,
                 GHashTable        *seen)
{
  GListModel *regions = gp_provider_get_regions (self->provider);

  for (guint r = 0; r < g_list_model_get_n_items (regions); r++)
    {
      g_autoptr(GpRegion) region = g_list_model_get_item (regions, r);
      const GpGridFigure *grid = gp_region_get_grid (region);

      if (grid == NULL || gp_region_is_zone (region))
        continue;
      if (self->cleanest_region == NULL ||
          grid->gco2_per_kwh < gp_region_get_grid (self->cleanest_region)->gco2_per_kwh)
        g_set_object (&self->cleanest_region, region);
      if (self->dirtiest_region == NULL ||
          grid->gco2_per_kwh > gp_region_get_grid (self->dirtiest_region)->gco2_per_kwh)
        g_set_object (&self->dirtiest_region, region);
    }
  if (self->cleanest_region != NULL)
    {
      add_source_full (self, seen, gp_region_get_grid (self->cleanest_region)->source, FALSE);
      add_source_full (self, seen, gp_region_get_grid (self->dirtiest_region)->source, FALSE);
    }
}

/* Gathers the provider's instances: the GPU models, the cheapest on-demand GPU-hour, the
 * largest spot saving, and every source behind these figures with the oldest date among them. */
GpProviderSummary *
gp_provider_summary_new (GpCatalog  *catalog,
                         GpProvider *provider)
{
  g_autoptr(GpProviderSummary) self = NULL;
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) gpus_seen = g_hash_table_new (NULL, NULL);
  g_autoptr(GStrvBuilder) names = g_strv_builder_new ();
  GListModel *instances;

  g_return_val_if_fail (GP_IS_CATALOG (catalog), NULL);
  g_return_val_if_fail (GP_IS_PROVIDER (provider), NULL);

  self = g_object_new (GP_TYPE_PROVIDER_SUMMARY, NULL);
  self->provider = g_object_ref (provider);
  add_provider_sources (self, seen);

  instances = gp_catalog_get_instances (catalog);
  for (guint i = 0; i < g_list_model_get_n_items (instances); i++)
    {
      g_autoptr(GpInstance) instance = g_list_model_get_item (instances, i);
      GListModel *offers;
      GpGpu *gpu;

      if (gp_instance_get_provider (instance) != provider)
        continue;

      self->n_instances++;
      g_list_store_append (self->instances, instance);
      gpu = gp_instance_get_gpu (instance);
      add_gpu_name (names, gpus_seen, gpu);
      add_source_full (self, seen, gp_gpu_get_source (gpu), FALSE);
      if (isnan (self->max_gpu_memory) || gp_gpu_get_memory_gb (gpu) > self->max_gpu_memory)
        self->max_gpu_memory = gp_gpu_get_memory_gb (gpu);

      /* The machine's specification: its date is not its prices'. */
      add_source_full (self, seen, gp_instance_get_source (instance), FALSE);
      offers = gp_instance_get_offers (instance);
      for (guint o = 0; o < g_list_model_get_n_items (offers); o++)
        {
          g_autoptr(GpOffer) offer = g_list_model_get_item (offers, o);
          add_offer (self, seen, offer);
        }
    }

  if (self->n_instances == 0 && gp_provider_get_relative_to (provider) != NULL)
    add_relative_gpus (self, catalog, names, gpus_seen);

  find_grid_range (self, seen);
  self->gpu_names = g_strv_builder_end (names);
  return g_steal_pointer (&self);
}

GpProvider *
gp_provider_summary_get_provider (GpProviderSummary *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER_SUMMARY (self), NULL);
  return self->provider;
}

const char * const *
gp_provider_summary_get_gpu_names (GpProviderSummary *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER_SUMMARY (self), NULL);
  return (const char * const *) self->gpu_names;
}

guint
gp_provider_summary_get_n_instances (GpProviderSummary *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER_SUMMARY (self), 0);
  return self->n_instances;
}

double
gp_provider_summary_get_max_gpu_memory (GpProviderSummary *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER_SUMMARY (self), NAN);
  return self->max_gpu_memory;
}

GpOffer *
gp_provider_summary_get_cheapest_offer (GpProviderSummary *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER_SUMMARY (self), NULL);
  return self->cheapest_offer;
}

GpOffer *
gp_provider_summary_get_cheapest_spot_offer (GpProviderSummary *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER_SUMMARY (self), NULL);
  return self->cheapest_spot_offer;
}

double
gp_provider_summary_get_max_spot_saving_pct (GpProviderSummary *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER_SUMMARY (self), NAN);
  return self->max_spot_saving_pct;
}

const char *
gp_provider_summary_get_oldest_as_of (GpProviderSummary *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER_SUMMARY (self), NULL);
  return self->oldest_as_of;
}

GListModel *
gp_provider_summary_get_sources (GpProviderSummary *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER_SUMMARY (self), NULL);
  return G_LIST_MODEL (self->sources);
}

GListModel *
gp_provider_summary_get_instances (GpProviderSummary *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER_SUMMARY (self), NULL);
  return G_LIST_MODEL (self->instances);
}

GpProvider *
gp_provider_summary_get_gpus_from (GpProviderSummary *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER_SUMMARY (self), NULL);
  return self->gpus_from;
}

GpRegion *
gp_provider_summary_get_cleanest_region (GpProviderSummary *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER_SUMMARY (self), NULL);
  return self->cleanest_region;
}

GpRegion *
gp_provider_summary_get_dirtiest_region (GpProviderSummary *self)
{
  g_return_val_if_fail (GP_IS_PROVIDER_SUMMARY (self), NULL);
  return self->dirtiest_region;
}
