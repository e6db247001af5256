/* gp-catalog.c — the providers, GPUs, instances and offers of all catalog layers, merged
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A catalog is a stack of layers: the bundled file, always there; the refreshed file in the
 * user's cache; the user's own file; files named on the command line. A later layer replaces
 * an earlier one's entry of the same id. A layer is parsed and checked on its own first, then
 * its references are resolved against the merged stack; a layer that fails either step is
 * refused whole, its problem recorded, and the catalog stays as it was.
 */

#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "gp-array-model.h"
#include "gp-catalog.h"
#include "gp-catalog-loader.h"
#include "gp-currency.h"
#include "gp-file.h"
#include "gp-model-private.h"


struct _GpCatalog
{
  GObject       parent_instance;

  GPtrArray    *layers;
  GPtrArray    *problems;
  GPtrArray    *warnings;

  GpArrayModel *sources;
  GpArrayModel *gpus;
  GpArrayModel *providers;
  GpArrayModel *instances;
  GpArrayModel *offers;

  GHashTable   *sources_by_id;
  GHashTable   *gpus_by_id;
  GHashTable   *providers_by_id;
  GHashTable   *instances_by_id;

  GVariant     *rates;     /* a{sd} per US dollar; NULL for the defaults */
  guint         n_zone_offers;  /* G_MAXUINT until counted */
  guint stale_after_days;
};

G_DEFINE_FINAL_TYPE (GpCatalog, gp_catalog, G_TYPE_OBJECT)

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The merged view that a rebuild computes before it is committed. */
typedef struct
{
  GPtrArray  *sources;
  GPtrArray  *gpus;
  GPtrArray  *providers;
  GPtrArray  *instances;
  GHashTable *sources_by_id;
  GHashTable *gpus_by_id;
  GHashTable *providers_by_id;
  GHashTable *instances_by_id;
  GPtrArray  *offers;
  GPtrArray *unresolved;   /* messages: the user's machines whose GPU no layer defines now */
  const char *currency;    /* the catalog's: the first layer's that states one */
  GVariant   *rates;
} Merged;

static void
merged_clear (Merged *merged)
{
  g_clear_pointer (&merged->sources, g_ptr_array_unref);
  g_clear_pointer (&merged->gpus, g_ptr_array_unref);
  g_clear_pointer (&merged->providers, g_ptr_array_unref);
  g_clear_pointer (&merged->instances, g_ptr_array_unref);
  g_clear_pointer (&merged->sources_by_id, g_hash_table_unref);
  g_clear_pointer (&merged->gpus_by_id, g_hash_table_unref);
  g_clear_pointer (&merged->providers_by_id, g_hash_table_unref);
  g_clear_pointer (&merged->instances_by_id, g_hash_table_unref);
  g_clear_pointer (&merged->offers, g_ptr_array_unref);
  g_clear_pointer (&merged->unresolved, g_ptr_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Merged, merged_clear)

/* Every model class starts with its id after the GObject header. */
typedef struct
{
  GObject  parent_instance;
  char    *id;
} Entry;

/* Merges one kind across layers: a later entry of the same id takes the earlier one's place,
 * so the order stays the order of first appearance. */
static void
merge_kind (GPtrArray   *layers,
            gsize        offset,
            GPtrArray  **out_array,
            GHashTable **out_by_id)
{
  GPtrArray *array = g_ptr_array_new ();
  GHashTable *position = g_hash_table_new (g_str_hash, g_str_equal);
  GHashTable *by_id = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint l = 0; l < layers->len; l++)
    {
      GPtrArray *entries = G_STRUCT_MEMBER (GPtrArray *, g_ptr_array_index (layers, l), offset);

      for (guint i = 0; i < entries->len; i++)
        {
          Entry *entry = g_ptr_array_index (entries, i);
          gpointer at;

          if (g_hash_table_lookup_extended (position, entry->id, NULL, &at))
            g_ptr_array_index (array, GPOINTER_TO_UINT (at)) = entry;
          else
            {
              g_hash_table_insert (position, entry->id, GUINT_TO_POINTER (array->len));
              g_ptr_array_add (array, entry);
            }
          g_hash_table_insert (by_id, entry->id, entry);
        }
    }

  g_hash_table_unref (position);
  *out_array = array;
  *out_by_id = by_id;
}

/* Finds the file and index of an entry, for a message. */
static void
locate (GPtrArray   *layers,
        gsize        offset,
        gpointer     entry,
        const char **file,
        guint       *index)
{
  for (guint l = 0; l < layers->len; l++)
    {
      GpLayerData *data = g_ptr_array_index (layers, l);
      GPtrArray *entries = G_STRUCT_MEMBER (GPtrArray *, data, offset);

      for (guint i = 0; i < entries->len; i++)
        if (g_ptr_array_index (entries, i) == entry)
          {
            *file = data->file;
            *index = i;
            return;
          }
    }

  *file = "?";
  *index = 0;
}

G_GNUC_PRINTF (6, 7) static gboolean
fail_reference (GError     **error,
                GPtrArray   *layers,
                gsize        offset,
                gpointer     entry,
                const char  *kind,
                const char  *format,
                ...)
{
  g_autofree char *message = NULL;
  const char *file;
  guint index;
  va_list args;

  locate (layers, offset, entry, &file, &index);
  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  g_set_error (error, GP_CATALOG_ERROR, GP_CATALOG_ERROR_UNKNOWN_REFERENCE, "%s: %s[%u].%s", file,
               kind, index, message);
  return FALSE;
}

#define OFFSET(member) G_STRUCT_OFFSET (GpLayerData, member)

static gboolean
set_source (Merged      *merged,
            const char  *id,
            GpSource   **slot)
{
  GpSource *source = NULL;

  if (id != NULL && (source = g_hash_table_lookup (merged->sources_by_id, id)) == NULL)
    return FALSE;

  g_set_object (slot, source);
  return TRUE;
}

static gboolean
resolve_gpus (Merged     *merged,
              GPtrArray  *layers,
              GError    **error)
{
  for (guint i = 0; i < merged->gpus->len; i++)
    {
      GpGpu *gpu = g_ptr_array_index (merged->gpus, i);

      if (!set_source (merged, gpu->source_id, &gpu->source))
        return fail_reference (error, layers, OFFSET (gpus), gpu, "gpus",
                               "source: unknown source \"%s\"", gpu->source_id);
      if (!set_source (merged, gpu->use_source_id, &gpu->use_source))
        return fail_reference (error, layers, OFFSET (gpus), gpu, "gpus",
                               "use.source: unknown source \"%s\"", gpu->use_source_id);
      if (!set_source (merged, gpu->tdp_source_id, &gpu->tdp_source))
        return fail_reference (error, layers, OFFSET (gpus), gpu, "gpus",
                               "tdp_source: unknown source \"%s\"", gpu->tdp_source_id);
    }

  return TRUE;
}

static gboolean
resolve_provider (Merged      *merged,
                  GPtrArray   *layers,
                  GpProvider  *provider,
                  GError     **error)
{
  GListModel *plans = G_LIST_MODEL (provider->plans);

  if (!set_source (merged, provider->source_id, &provider->source))
    return fail_reference (error, layers, OFFSET (providers), provider, "providers",
                           "source: unknown source \"%s\"", provider->source_id);
  for (guint g = 0; g < GP_PROVIDER_N_GROUPS; g++)
    if (!set_source (merged, provider->group_source_ids[g], &provider->group_sources[g]))
      return fail_reference (error, layers, OFFSET (providers), provider, "providers",
                             "%s.source: unknown source \"%s\"", gp_provider_groups[g].key,
                             provider->group_source_ids[g]);

  provider->to_catalog = gp_currency_get_rate (gp_provider_get_currency (provider),
                                               merged->currency, merged->rates);
  if (!(provider->to_catalog > 0))
    return fail_reference (error, layers, OFFSET (providers), provider, "providers",
                           "currency: no exchange rate from %s to %s",
                           gp_provider_get_currency (provider), merged->currency);

  if (provider->relative_to != NULL &&
      !g_hash_table_contains (merged->providers_by_id, provider->relative_to))
    return fail_reference (error, layers, OFFSET (providers), provider, "providers",
                           "relative_to.provider: unknown provider \"%s\"",
                           provider->relative_to);

  for (guint r = 0; r < g_list_model_get_n_items (G_LIST_MODEL (provider->regions)); r++)
    {
      g_autoptr(GpRegion) region = g_list_model_get_item (G_LIST_MODEL (provider->regions), r);

      if (region->grid != NULL &&
          !set_source (merged, region->grid->source_id, &region->grid->source))
        return fail_reference (error, layers, OFFSET (providers), provider, "providers",
                               "regions.%s.grid.source: unknown source \"%s\"", region->id,
                               region->grid->source_id);
      if (!set_source (merged, region->pue_source_id, &region->pue_source))
        return fail_reference (error, layers, OFFSET (providers), provider, "providers",
                               "regions.%s.pue.source: unknown source \"%s\"", region->id,
                               region->pue_source_id);
    }

  for (guint p = 0; p < g_list_model_get_n_items (plans); p++)
    {
      g_autoptr(GpPlan) plan = g_list_model_get_item (plans, p);

      if (!set_source (merged, plan->source_id, &plan->source))
        return fail_reference (error, layers, OFFSET (providers), provider, "providers",
                               "plans[%u].source: unknown source \"%s\"", p, plan->source_id);
      plan->to_catalog = provider->to_catalog;
    }

  return TRUE;
}

static gboolean
fail_offer (GError    **error,
            GpInstance *instance,
            GpOffer    *offer,
            const char *field,
            const char *id)
{
  g_set_error (error, GP_CATALOG_ERROR, GP_CATALOG_ERROR_UNKNOWN_REFERENCE,
               "%s: instances[%u].prices[%u].%s: unknown %s \"%s\"", instance->file,
               instance->index, offer->index, field, field, id);
  return FALSE;
}

static gboolean
fail_instance (GError    **error,
               GpInstance *instance,
               const char *field,
               const char *what,
               const char *id)
{
  g_set_error (error, GP_CATALOG_ERROR, GP_CATALOG_ERROR_UNKNOWN_REFERENCE,
               "%s: instances[%u].%s: unknown %s \"%s\"", instance->file, instance->index, field,
               what, id);
  return FALSE;
}

static gboolean
resolve_instance (Merged      *merged,
                  GpInstance  *instance,
                  GError     **error)
{
  GpProvider *provider = g_hash_table_lookup (merged->providers_by_id, instance->provider_id);
  GpGpu *gpu = g_hash_table_lookup (merged->gpus_by_id, instance->gpu_id);

  if (provider == NULL)
    return fail_instance (error, instance, "provider", "provider", instance->provider_id);
  if (gpu == NULL)
    return fail_instance (error, instance, "gpu", "GPU", instance->gpu_id);
  if (!set_source (merged, instance->source_id, &instance->source))
    return fail_instance (error, instance, "source", "source", instance->source_id);

  for (guint p = 0; instance->plan_ids != NULL && instance->plan_ids[p] != NULL; p++)
    if (gp_provider_find_plan (provider, instance->plan_ids[p]) == NULL)
      return fail_instance (error, instance, "plans", "plan", instance->plan_ids[p]);

  if (instance->derived != NULL)
    {
      GpInstance *base = g_hash_table_lookup (merged->instances_by_id, instance->derived->from);

      /* An instance following its own prices would also hold itself. */
      if (base == NULL || base == instance)
        return fail_instance (error, instance, "derived.from", "instance",
                              instance->derived->from);
      g_set_object (&instance->derived->from_instance, base);
      if (!set_source (merged, instance->derived->source_id, &instance->derived->source))
        return fail_instance (error, instance, "derived.source", "source",
                              instance->derived->source_id);
    }

  g_set_object (&instance->provider, provider);
  /* The provider's currency, else the one of the file the instance is in. */
  instance->to_catalog = gp_currency_get_rate (gp_instance_get_currency (instance),
                                               merged->currency, merged->rates);
  if (!(instance->to_catalog > 0))
    {
      g_set_error (error, GP_CATALOG_ERROR, GP_CATALOG_ERROR_UNKNOWN_REFERENCE,
                   "%s: instances[%u]: no exchange rate from %s to %s", instance->file,
                   instance->index, gp_instance_get_currency (instance), merged->currency);
      return FALSE;
    }
  g_set_object (&instance->gpu, gpu);
  gp_instance_forget_search_key (instance);

  for (guint o = 0; o < instance->offers->len; o++)
    {
      GpOffer *offer = g_ptr_array_index (instance->offers, o);
      GpRegion *region = g_hash_table_lookup (provider->regions_by_id, offer->region_id);

      if (region == NULL)
        return fail_offer (error, instance, offer, "region", offer->region_id);
      if (!set_source (merged, offer->source_id, &offer->source))
        return fail_offer (error, instance, offer, "source", offer->source_id);
      if (offer->capacity_block != NULL &&
          !set_source (merged, offer->capacity_block->source_id, &offer->capacity_block->source))
        return fail_offer (error, instance, offer, "capacity_block.source",
                           offer->capacity_block->source_id);
      if (offer->dated != NULL &&
          !set_source (merged, offer->dated->on_demand_id, &offer->dated->on_demand))
        return fail_offer (error, instance, offer, "on_demand_source", offer->dated->on_demand_id);
      if (offer->dated != NULL && !set_source (merged, offer->dated->spot_id, &offer->dated->spot))
        return fail_offer (error, instance, offer, "spot_source", offer->dated->spot_id);
      g_set_object (&offer->region, region);
    }

  return TRUE;
}

/* A machine of the user's own layer whose GPU no layer defines now (the refreshed layer that
 * defined it was cleared, say) is left out, with a warning, instead of refusing the layer: it
 * stays in the file, untouched, and is back once its GPU is. */
static gboolean
is_unresolved (Merged     *merged,
               GpInstance *instance)
{
  guint at;

  if (instance->layer != GP_CATALOG_LAYER_USER ||
      g_hash_table_contains (merged->gpus_by_id, instance->gpu_id))
    return FALSE;
  g_ptr_array_add (merged->unresolved,
                   g_strdup_printf (_("%s: instances[%u]: %s is left out for now: no catalog "
                                       "defines its GPU “%s”; it stays in the file, and is back "
                                       "once a catalog does"),
                                    instance->file, instance->index, instance->id,
                                    instance->gpu_id));
  g_hash_table_remove (merged->instances_by_id, instance->id);
  g_ptr_array_find (merged->instances, instance, &at);
  g_ptr_array_remove_index (merged->instances, at);
  return TRUE;
}

/* The currency of the catalog's prices: that of the first layer that states one. */
static const char *
base_currency (GPtrArray *layers)
{
  for (guint l = 0; l < layers->len; l++)
    {
      GpLayerData *data = g_ptr_array_index (layers, l);

      if (data->currency != NULL)
        return data->currency;
    }

  return "USD";
}

static gboolean
merge (GPtrArray  *layers,
       GVariant   *rates,
       Merged     *merged,
       GError    **error)
{
  merged->currency = base_currency (layers);
  merged->rates = rates;
  merge_kind (layers, OFFSET (sources), &merged->sources, &merged->sources_by_id);
  merge_kind (layers, OFFSET (gpus), &merged->gpus, &merged->gpus_by_id);
  merge_kind (layers, OFFSET (providers), &merged->providers, &merged->providers_by_id);
  merge_kind (layers, OFFSET (instances), &merged->instances, &merged->instances_by_id);

  if (!resolve_gpus (merged, layers, error))
    return FALSE;

  for (guint i = 0; i < merged->providers->len; i++)
    if (!resolve_provider (merged, layers, g_ptr_array_index (merged->providers, i), error))
      return FALSE;

  merged->offers = g_ptr_array_new ();
  merged->unresolved = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < merged->instances->len;)
    {
      GpInstance *instance = g_ptr_array_index (merged->instances, i);

      if (is_unresolved (merged, instance))
        continue;
      if (!resolve_instance (merged, instance, error))
        return FALSE;
      g_ptr_array_extend (merged->offers, instance->offers, NULL, NULL);
      i++;
    }

  return TRUE;
}

static void
replace_table (GHashTable **table,
               GHashTable **with)
{
  g_clear_pointer (table, g_hash_table_unref);
  *table = g_steal_pointer (with);
}

static void
commit (GpCatalog *self,
        Merged    *merged)
{
  gp_array_model_replace (self->sources, merged->sources);
  gp_array_model_replace (self->gpus, merged->gpus);
  gp_array_model_replace (self->providers, merged->providers);
  gp_array_model_replace (self->instances, merged->instances);
  gp_array_model_replace (self->offers, merged->offers);
  self->n_zone_offers = G_MAXUINT;

  replace_table (&self->sources_by_id, &merged->sources_by_id);
  replace_table (&self->gpus_by_id, &merged->gpus_by_id);
  replace_table (&self->providers_by_id, &merged->providers_by_id);
  replace_table (&self->instances_by_id, &merged->instances_by_id);

  g_ptr_array_set_size (self->warnings, 0);
  for (guint l = 0; l < self->layers->len; l++)
    {
      GpLayerData *data = g_ptr_array_index (self->layers, l);

      for (guint w = 0; w < data->warnings->len; w++)
        g_ptr_array_add (self->warnings, g_strdup (g_ptr_array_index (data->warnings, w)));
    }
  for (guint u = 0; merged->unresolved != NULL && u < merged->unresolved->len; u++)
    g_ptr_array_add (self->warnings, g_strdup (g_ptr_array_index (merged->unresolved, u)));
}

static void
gp_catalog_dispose (GObject *object)
{
  GpCatalog *self = GP_CATALOG (object);

  g_clear_object (&self->sources);
  g_clear_object (&self->gpus);
  g_clear_object (&self->providers);
  g_clear_object (&self->instances);
  g_clear_object (&self->offers);
  g_clear_pointer (&self->sources_by_id, g_hash_table_unref);
  g_clear_pointer (&self->gpus_by_id, g_hash_table_unref);
  g_clear_pointer (&self->providers_by_id, g_hash_table_unref);
  g_clear_pointer (&self->instances_by_id, g_hash_table_unref);
  g_clear_pointer (&self->layers, g_ptr_array_unref);
  g_clear_pointer (&self->rates, g_variant_unref);

  G_OBJECT_CLASS (gp_catalog_parent_class)->dispose (object);
}

static void
gp_catalog_finalize (GObject *object)
{
  GpCatalog *self = GP_CATALOG (object);

  g_ptr_array_unref (self->problems);
  g_ptr_array_unref (self->warnings);

  G_OBJECT_CLASS (gp_catalog_parent_class)->finalize (object);
}

static void
gp_catalog_class_init (GpCatalogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = gp_catalog_dispose;
  object_class->finalize = gp_catalog_finalize;

  /**
   * GpCatalog::changed:
   *
   * Emitted after a layer was added and the lists were rebuilt.
   */
  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
gp_catalog_init (GpCatalog *self)
{
  self->layers = g_ptr_array_new_with_free_func ((GDestroyNotify) gp_layer_data_free);
  self->problems = g_ptr_array_new_null_terminated (0, g_free, TRUE);
  self->warnings = g_ptr_array_new_null_terminated (0, g_free, TRUE);
  self->n_zone_offers = G_MAXUINT;
  self->stale_after_days = GP_STALE_AFTER_DAYS;
  self->sources = gp_array_model_new (GP_TYPE_SOURCE);
  self->gpus = gp_array_model_new (GP_TYPE_GPU);
  self->providers = gp_array_model_new (GP_TYPE_PROVIDER);
  self->instances = gp_array_model_new (GP_TYPE_INSTANCE);
  self->offers = gp_array_model_new (GP_TYPE_OFFER);
  self->sources_by_id = g_hash_table_new (g_str_hash, g_str_equal);
  self->gpus_by_id = g_hash_table_new (g_str_hash, g_str_equal);
  self->providers_by_id = g_hash_table_new (g_str_hash, g_str_equal);
  self->instances_by_id = g_hash_table_new (g_str_hash, g_str_equal);
}

/* Layers stay ordered by kind, so a refresh loaded after the user's file still lies under it. */
static guint
insertion_point (GpCatalog      *self,
                 GpCatalogLayer  layer)
{
  guint position = 0;

  while (position < self->layers->len &&
         ((GpLayerData *) g_ptr_array_index (self->layers, position))->layer <= layer)
    position++;

  return position;
}

/* Installs a layer read already: @data is NULL with @local_error set when reading failed. */
static gboolean
install_layer_data (GpCatalog       *self,
                    GpLayerData     *data_in,
                    GError          *local_error_in,
                    GpCatalogLayer   layer,
                    gboolean         replace,
                    GError         **error)
{
  g_autoptr(GpLayerData) data = data_in;
  g_autoptr(GPtrArray) removed =
      g_ptr_array_new_with_free_func ((GDestroyNotify) gp_layer_data_free);
  g_auto(Merged) merged = { NULL };
  g_autoptr(GError) local_error = local_error_in;
  guint first_removed = G_MAXUINT;
  guint position;

  if (data != NULL)
    {
      for (guint i = 0; replace && i < self->layers->len;)
        if (((GpLayerData *) g_ptr_array_index (self->layers, i))->layer == layer)
          {
            first_removed = MIN (first_removed, i);
            g_ptr_array_add (removed, g_ptr_array_steal_index (self->layers, i));
          }
        else
          i++;

      position = insertion_point (self, layer);
      g_ptr_array_insert (self->layers, position, g_steal_pointer (&data));
      if (!merge (self->layers, self->rates, &merged, &local_error))
        {
          g_auto(Merged) previous = { NULL };

          /* Resolving set pointers in shared objects: restore the old stack, resolve it again. */
          g_ptr_array_remove_index (self->layers, position);
          for (guint i = 0; i < removed->len; i++)
            g_ptr_array_insert (self->layers, first_removed + i,
                                g_steal_pointer (&g_ptr_array_index (removed, i)));
          if (merge (self->layers, self->rates, &previous, NULL))
            commit (self, &previous);
        }
    }

  if (local_error != NULL)
    {
      g_ptr_array_add (self->problems, g_strdup (local_error->message));
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }

  commit (self, &merged);
  g_signal_emit (self, signals[CHANGED], 0);
  return TRUE;
}

static gboolean
install_layer (GpCatalog       *self,
               GBytes          *bytes,
               const char      *file,
               GpCatalogLayer   layer,
               gboolean         replace,
               GError         **error)
{
  GError *local_error = NULL;
  GpLayerData *data = gp_layer_data_parse (bytes, file, layer, &local_error);

  return install_layer_data (self, data, local_error, layer, replace, error);
}

GpCatalog *
gp_catalog_new (void)
{
  return g_object_new (GP_TYPE_CATALOG, NULL);
}

/* Adds a layer on top of the others. A layer that does not parse, breaks a rule of the format,
 * or names something no layer defines is refused whole: the catalog keeps what it had, and the
 * problem is added to gp_catalog_get_problems(). */
gboolean
gp_catalog_add_layer (GpCatalog       *self,
                      GBytes          *bytes,
                      const char      *file,
                      GpCatalogLayer   layer,
                      GError         **error)
{
  g_return_val_if_fail (GP_IS_CATALOG (self), FALSE);
  g_return_val_if_fail (bytes != NULL, FALSE);
  g_return_val_if_fail (file != NULL, FALSE);

  return install_layer (self, bytes, file, layer, FALSE, error);
}

/* Like gp_catalog_add_layer(), for a tree that is not text yet: an import is checked without
 * writing it out and parsing it back. */
gboolean
gp_catalog_add_layer_tree (GpCatalog       *self,
                           JsonNode        *root,
                           const char      *file,
                           GpCatalogLayer   layer,
                           GError         **error)
{
  GError *local_error = NULL;
  GpLayerData *data;

  g_return_val_if_fail (GP_IS_CATALOG (self), FALSE);
  g_return_val_if_fail (root != NULL, FALSE);
  g_return_val_if_fail (file != NULL, FALSE);

  data = gp_layer_data_read_tree (root, file, layer, &local_error);
  return install_layer_data (self, data, local_error, layer, FALSE, error);
}

/* Like gp_catalog_add_layer(), but the new file takes the place of the layers of the same
 * kind: a refresh replaces the previous refresh. When the new file is refused, the old layers
 * stay. */
gboolean
gp_catalog_replace_layer (GpCatalog       *self,
                          GBytes          *bytes,
                          const char      *file,
                          GpCatalogLayer   layer,
                          GError         **error)
{
  g_return_val_if_fail (GP_IS_CATALOG (self), FALSE);
  g_return_val_if_fail (bytes != NULL, FALSE);
  g_return_val_if_fail (file != NULL, FALSE);

  return install_layer (self, bytes, file, layer, TRUE, error);
}

/* Like gp_catalog_add_layer(), reading @file first. A file that cannot be read gives a
 * #G_IO_ERROR and is not recorded as a problem: a missing optional layer is normal. */
gboolean
gp_catalog_add_layer_from_file (GpCatalog       *self,
                                GFile           *file,
                                GpCatalogLayer   layer,
                                GError         **error)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (GP_IS_CATALOG (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  bytes = gp_file_load (file, GP_FILE_MAX_SIZE, error);
  if (bytes == NULL)
    return FALSE;

  name = g_file_get_parse_name (file);
  return gp_catalog_add_layer (self, bytes, name, layer, error);
}

GFile *
gp_catalog_get_layer_location (GpCatalogLayer layer)
{
  switch (layer)
    {
    case GP_CATALOG_LAYER_REFRESHED:
      return g_file_new_build_filename (g_get_user_cache_dir (), "gpu-planner", "catalog.json",
                                        NULL);

    case GP_CATALOG_LAYER_USER:
      return g_file_new_build_filename (g_get_user_data_dir (), "gpu-planner", "catalog.json",
                                        NULL);

    case GP_CATALOG_LAYER_BUNDLED:
    case GP_CATALOG_LAYER_EXTRA:
    default:
      return NULL;
    }
}

/* Adds the refreshed layer and the user's own layer, where their files exist. A file that
 * exists but cannot be used is refused and named in gp_catalog_get_problems(). The refreshed
 * layer, the program's own download, is then set aside as FILE.unreadable (numbered after
 * the first) so that the next start does not meet it again; the user's own layer is never
 * moved by reading it: it stays where it is for the user to mend, and only a change written
 * to it keeps it aside first (gp_lab_layer_edit()). */
void
gp_catalog_load_user_layers (GpCatalog *self)
{
  static const GpCatalogLayer layers[] = { GP_CATALOG_LAYER_REFRESHED, GP_CATALOG_LAYER_USER };

  g_return_if_fail (GP_IS_CATALOG (self));

  for (guint i = 0; i < G_N_ELEMENTS (layers); i++)
    {
      g_autoptr(GFile) file = gp_catalog_get_layer_location (layers[i]);
      g_autoptr(GError) error = NULL;
      g_autoptr(GFile) aside = NULL;
      g_autofree char *name = NULL;
      g_autofree char *aside_name = NULL;
      char *problem, *with_fate;

      if (gp_catalog_add_layer_from_file (self, file, layers[i], &error) ||
          g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        continue;

      /* A refused layer is already recorded; a file unreadable for another reason is worth
       * saying too. */
      name = g_file_get_parse_name (file);
      if (error->domain != G_IO_ERROR)
        g_free (g_ptr_array_steal_index (self->problems, self->problems->len - 1));
      problem = error->domain == G_IO_ERROR ? g_strdup_printf ("%s: %s", name, error->message)
                                            : g_strdup (error->message);
      if (layers[i] == GP_CATALOG_LAYER_REFRESHED)
        aside = gp_file_set_aside (file, NULL);
      aside_name = aside != NULL ? g_file_get_parse_name (aside) : NULL;
      if (aside_name != NULL)
        /* Translators: after why a catalog file was not read: where it was moved to */
        with_fate = g_strdup_printf (_("%s. It is set aside as %s."), problem, aside_name);
      else if (layers[i] == GP_CATALOG_LAYER_USER)
        /* Translators: after why the user's own catalog file was not read */
        with_fate = g_strdup_printf (_("%s. It is left as it is, for you to mend; the next "
                                        "change to it keeps it aside first."),
                                     problem);
      else
        with_fate = g_strdup (problem);
      g_free (problem);
      g_ptr_array_add (self->problems, with_fate);
    }
}

/* A null-terminated GPtrArray has no storage until its first element. */
static const char * const *
strv_or_empty (GPtrArray *array)
{
  static const char *const empty[] = { NULL };

  return array->pdata != NULL ? (const char * const *) array->pdata : empty;
}

const char * const *
gp_catalog_get_problems (GpCatalog *self)
{
  g_return_val_if_fail (GP_IS_CATALOG (self), NULL);
  return strv_or_empty (self->problems);
}

const char * const *
gp_catalog_get_warnings (GpCatalog *self)
{
  g_return_val_if_fail (GP_IS_CATALOG (self), NULL);
  return strv_or_empty (self->warnings);
}

const char *
gp_catalog_get_currency (GpCatalog *self)
{
  g_return_val_if_fail (GP_IS_CATALOG (self), NULL);
  return base_currency (self->layers);
}

/* Sets the rates at which prices the catalog states in another currency than its own (AWS
 * China's, in yuan) are converted, so that every price compares with every other. The same
 * rates should convert the catalog's prices for display: a yuan price then shows in yuan as
 * it was stated. Emits #GpCatalog::changed when a rate changes. */
void
gp_catalog_set_exchange_rates (GpCatalog *self,
                               GVariant  *per_usd)
{
  g_auto(Merged) merged = { NULL };

  g_return_if_fail (GP_IS_CATALOG (self));

  if (per_usd != NULL)
    g_variant_ref_sink (per_usd);
  /* No rate set is the default rates: a first start (Preferences hold "{}") merges nothing
   * again and announces no change. */
  if (per_usd != NULL && g_variant_n_children (per_usd) == 0)
    g_clear_pointer (&per_usd, g_variant_unref);
  if ((self->rates == NULL && per_usd == NULL) ||
      (self->rates != NULL && per_usd != NULL && g_variant_equal (self->rates, per_usd)))
    {
      g_clear_pointer (&per_usd, g_variant_unref);
      return;
    }

  g_clear_pointer (&self->rates, g_variant_unref);
  self->rates = per_usd;

  if (merge (self->layers, self->rates, &merged, NULL))
    {
      commit (self, &merged);
      g_signal_emit (self, signals[CHANGED], 0);
    }
}

/* Emits #GpCatalog::changed when the limit changes, so that every view of the catalog marks
 * its figures anew. */
void
gp_catalog_set_stale_after_days (GpCatalog *self,
                                 guint      days)
{
  g_return_if_fail (GP_IS_CATALOG (self));
  g_return_if_fail (days > 0);

  if (days == self->stale_after_days)
    return;

  self->stale_after_days = days;
  g_signal_emit (self, signals[CHANGED], 0);
}

guint
gp_catalog_get_stale_after_days (GpCatalog *self)
{
  g_return_val_if_fail (GP_IS_CATALOG (self), GP_STALE_AFTER_DAYS);

  return self->stale_after_days;
}

const char *
gp_catalog_get_as_of (GpCatalog *self)
{
  const char *newest = NULL;

  g_return_val_if_fail (GP_IS_CATALOG (self), NULL);

  for (guint l = 0; l < self->layers->len; l++)
    {
      GpLayerData *data = g_ptr_array_index (self->layers, l);

      /* Dates in ISO form compare as text. */
      if (data->as_of != NULL && g_strcmp0 (data->as_of, newest) > 0)
        newest = data->as_of;
    }

  return newest;
}

guint
gp_catalog_get_schema_version (GpCatalog *self)
{
  g_return_val_if_fail (GP_IS_CATALOG (self), 0);
  return GP_CATALOG_SCHEMA_VERSION;
}

GListModel *
gp_catalog_get_sources (GpCatalog *self)
{
  g_return_val_if_fail (GP_IS_CATALOG (self), NULL);
  return G_LIST_MODEL (self->sources);
}

GListModel *
gp_catalog_get_gpus (GpCatalog *self)
{
  g_return_val_if_fail (GP_IS_CATALOG (self), NULL);
  return G_LIST_MODEL (self->gpus);
}

GListModel *
gp_catalog_get_providers (GpCatalog *self)
{
  g_return_val_if_fail (GP_IS_CATALOG (self), NULL);
  return G_LIST_MODEL (self->providers);
}

GListModel *
gp_catalog_get_instances (GpCatalog *self)
{
  g_return_val_if_fail (GP_IS_CATALOG (self), NULL);
  return G_LIST_MODEL (self->instances);
}

GListModel *
gp_catalog_get_offers (GpCatalog *self)
{
  g_return_val_if_fail (GP_IS_CATALOG (self), NULL);
  return G_LIST_MODEL (self->offers);
}

/* The offers as an array that never changes (a catalog change makes a new one), to share
 * rather than copy. */
GPtrArray *
gp_catalog_get_offer_array (GpCatalog *self)
{
  g_return_val_if_fail (GP_IS_CATALOG (self), NULL);
  return gp_array_model_get_items (self->offers);
}

GpSource *
gp_catalog_find_source (GpCatalog  *self,
                        const char *id)
{
  g_return_val_if_fail (GP_IS_CATALOG (self), NULL);
  return id != NULL ? g_hash_table_lookup (self->sources_by_id, id) : NULL;
}

/* A region whose grid figure is the zone's own: the figure most of the zone's regions share
 * (a provider's own figure for one region, Google's, is its alone). A lab's machines take
 * their grid from it. */
GpRegion *
gp_catalog_find_zone_region (GpCatalog  *self,
                             const char *zone)
{
  GListModel *providers;
  GpRegion *best = NULL;
  guint best_count = 0;
  g_autoptr(GHashTable) counts = g_hash_table_new (g_double_hash, g_double_equal);
  g_autoptr(GPtrArray) found = g_ptr_array_new ();

  g_return_val_if_fail (GP_IS_CATALOG (self), NULL);
  providers = gp_catalog_get_providers (self);
  for (guint p = 0; p < g_list_model_get_n_items (providers); p++)
    {
      g_autoptr(GpProvider) provider = g_list_model_get_item (providers, p);
      GListModel *regions = gp_provider_get_regions (provider);

      for (guint r = 0; r < g_list_model_get_n_items (regions); r++)
        {
          g_autoptr(GpRegion) region = g_list_model_get_item (regions, r);

          if (region->grid != NULL && g_strcmp0 (region->grid->zone, zone) == 0)
            g_ptr_array_add (found, region);
        }
    }
  for (guint i = 0; i < found->len; i++)
    {
      GpRegion *region = g_ptr_array_index (found, i);
      double *key = &region->grid->gco2_per_kwh;
      guint count = GPOINTER_TO_UINT (g_hash_table_lookup (counts, key)) + 1;

      g_hash_table_insert (counts, key, GUINT_TO_POINTER (count));
      if (count > best_count)
        {
          best = region;
          best_count = count;
        }
    }
  return best;
}

GpGpu *
gp_catalog_find_gpu (GpCatalog  *self,
                     const char *id)
{
  g_return_val_if_fail (GP_IS_CATALOG (self), NULL);
  return id != NULL ? g_hash_table_lookup (self->gpus_by_id, id) : NULL;
}

GpProvider *
gp_catalog_find_provider (GpCatalog  *self,
                          const char *id)
{
  g_return_val_if_fail (GP_IS_CATALOG (self), NULL);
  return id != NULL ? g_hash_table_lookup (self->providers_by_id, id) : NULL;
}

GpInstance *
gp_catalog_find_instance (GpCatalog  *self,
                          const char *id)
{
  g_return_val_if_fail (GP_IS_CATALOG (self), NULL);
  return id != NULL ? g_hash_table_lookup (self->instances_by_id, id) : NULL;
}

typedef struct
{
  char *key;
  char *label;
} Area;

static void
area_clear (Area *area)
{
  g_free (area->key);
  g_free (area->label);
}

static int
compare_area_labels (gconstpointer a,
                     gconstpointer b)
{
  return g_utf8_collate (((const Area *) a)->label, ((const Area *) b)->label);
}

static void
add_area (GArray     *areas,
          GHashTable *seen,
          char       *key)
{
  Area area;

  if (key == NULL || !g_hash_table_add (seen, key))
    return;
  area.key = g_strdup (key);
  area.label = gp_area_dup_label (key);
  g_array_append_val (areas, area);
}

static void
append_areas (GStrvBuilder *builder,
              GArray       *areas)
{
  g_array_sort (areas, compare_area_labels);
  for (guint i = 0; i < areas->len; i++)
    g_strv_builder_add (builder, g_array_index (areas, Area, i).key);
}

/* The places an offer can be chosen by, as gp_region_in_area() takes them: near mainland China
 * when a region is, then the providers' geography groups, then the cities (or countries, where
 * the catalog names no city), then the codes of regions the catalog names no place for, each group
 * in the order of its names in the user's language. Only places with offers are listed. */
GStrv
gp_catalog_dup_areas (GpCatalog *self,
                      gboolean   include_zones)
{
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) regions = g_hash_table_new (NULL, NULL);
  g_autoptr(GArray) geographies = g_array_new (FALSE, FALSE, sizeof (Area));
  g_autoptr(GArray) cities = g_array_new (FALSE, FALSE, sizeof (Area));
  g_autoptr(GArray) codes = g_array_new (FALSE, FALSE, sizeof (Area));
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  gboolean near_china = FALSE;
  GHashTableIter iter;
  gpointer region;

  GPtrArray *offers;

  g_return_val_if_fail (GP_IS_CATALOG (self), NULL);

  offers = gp_catalog_get_offer_array (self);
  g_array_set_clear_func (geographies, (GDestroyNotify) area_clear);
  g_array_set_clear_func (cities, (GDestroyNotify) area_clear);
  g_array_set_clear_func (codes, (GDestroyNotify) area_clear);

  for (guint i = 0; i < offers->len; i++)
    {
      GpRegion *offer_region = gp_offer_get_region (g_ptr_array_index (offers, i));

      if (offer_region != NULL && (include_zones || !gp_region_is_zone (offer_region)))
        g_hash_table_add (regions, offer_region);
    }

  g_hash_table_iter_init (&iter, regions);
  while (g_hash_table_iter_next (&iter, &region, NULL))
    {
      near_china |= gp_region_in_area (region, GP_AREA_NEAR_MAINLAND_CHINA);
      add_area (geographies, seen, gp_region_dup_geography_area (region));
      add_area (cities, seen, gp_region_dup_place_area (region));
      /* A region the catalog names no place for is chosen by its code. */
      if (gp_region_get_city (region) == NULL && gp_region_get_country (region) == NULL)
        add_area (codes, seen, g_strdup (gp_region_get_id (region)));
    }

  if (near_china)
    g_strv_builder_add (builder, GP_AREA_NEAR_MAINLAND_CHINA);
  append_areas (builder, geographies);
  append_areas (builder, cities);
  append_areas (builder, codes);
  return g_strv_builder_end (builder);
}

guint
gp_catalog_count_offers (GpCatalog *self,
                         gboolean   include_zones)
{
  GPtrArray *offers;

  g_return_val_if_fail (GP_IS_CATALOG (self), 0);

  offers = gp_catalog_get_offer_array (self);
  if (include_zones)
    return offers->len;

  if (self->n_zone_offers == G_MAXUINT)
    {
      self->n_zone_offers = 0;
      for (guint i = 0; i < offers->len; i++)
        {
          GpRegion *region = gp_offer_get_region (g_ptr_array_index (offers, i));

          self->n_zone_offers += region != NULL && gp_region_is_zone (region);
        }
    }
  return offers->len - self->n_zone_offers;
}

/* Where the providers' figures come from, for the About box: each provider's own source once,
 * as "Title URL" (the address last, where one is given, so that it becomes a link). */
GStrv
gp_catalog_dup_price_credits (GpCatalog *self)
{
  GListModel *providers;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);

  g_return_val_if_fail (GP_IS_CATALOG (self), NULL);

  providers = gp_catalog_get_providers (self);
  for (guint i = 0; i < g_list_model_get_n_items (providers); i++)
    {
      g_autoptr(GpProvider) provider = g_list_model_get_item (providers, i);
      GpSource *source = gp_provider_get_source (provider);
      const char *url;

      if (source == NULL || !g_hash_table_add (seen, source))
        continue;

      url = gp_source_get_url (source);
      if (url != NULL && g_str_has_prefix (url, "http"))
        {
          g_autofree char *credit = g_strdup_printf ("%s %s", gp_source_get_title (source), url);

          g_strv_builder_add (builder, credit);
        }
      else
        g_strv_builder_add (builder, gp_source_get_title (source));
    }

  return g_strv_builder_end (builder);
}
