/* gp-estimate-group.c — the estimates of one platform or one instance type, by their best
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The question a lab asks first is what the job costs on each platform: a list of every offer
 * repeats one instance in every region, and the cheapest platform's rows bury the others. A
 * group is a platform (or an instance type) with its best option, how many options it has and
 * in how many regions, in the list's own order of cost.
 */

#include "config.h"

#include "gp-estimate-group.h"
#include "gp-instance.h"
#include "gp-offer.h"
#include "gp-provider.h"

struct _GpEstimateGroup
{
  GObject parent_instance;
  GpEstimate *best;
  guint options;
  GHashTable *regions; /* region ids, a set, while grouping */
  guint n_regions;
};

G_DEFINE_FINAL_TYPE (GpEstimateGroup, gp_estimate_group, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_BEST,
  PROP_OPTIONS,
  PROP_REGIONS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
gp_estimate_group_finalize (GObject *object)
{
  GpEstimateGroup *self = GP_ESTIMATE_GROUP (object);

  g_clear_object (&self->best);
  g_clear_pointer (&self->regions, g_hash_table_unref);

  G_OBJECT_CLASS (gp_estimate_group_parent_class)->finalize (object);
}

static void
gp_estimate_group_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  GpEstimateGroup *self = GP_ESTIMATE_GROUP (object);

  switch (prop_id)
    {
    case PROP_BEST:
      g_value_set_object (value, self->best);
      break;

    case PROP_OPTIONS:
      g_value_set_uint (value, self->options);
      break;

    case PROP_REGIONS:
      g_value_set_uint (value, self->n_regions);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gp_estimate_group_class_init (GpEstimateGroupClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->finalize = gp_estimate_group_finalize;
  object_class->get_property = gp_estimate_group_get_property;

  properties[PROP_BEST] = g_param_spec_object ("best", NULL, NULL, GP_TYPE_ESTIMATE, flags);
  properties[PROP_OPTIONS] = g_param_spec_uint ("options", NULL, NULL, 0, G_MAXUINT, 0, flags);
  properties[PROP_REGIONS] = g_param_spec_uint ("regions", NULL, NULL, 0, G_MAXUINT, 0, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gp_estimate_group_init (GpEstimateGroup *self)
{
  self->regions = g_hash_table_new (g_str_hash, g_str_equal);
}

gboolean
gp_estimate_is_option (GpEstimate *estimate)
{
  if (gp_estimate_is_unused_commitment (estimate))
    return FALSE;
  return gp_estimate_get_fit (estimate) != GP_FIT_NO && !gp_estimate_is_gpu_only (estimate) &&
         !gp_estimate_is_doubtful (estimate);
}

/* A better best: a quoted price before an estimated one, then the list's order. */
static gboolean
better (GpEstimate *candidate,
        GpEstimate *best)
{
  return best == NULL || (gp_estimate_is_derived (best) && !gp_estimate_is_derived (candidate));
}

static int
by_best_total (gconstpointer a,
               gconstpointer b)
{
  double x = gp_estimate_get_total_cost ((*(GpEstimateGroup **) a)->best);
  double y = gp_estimate_get_total_cost ((*(GpEstimateGroup **) b)->best);

  return (x > y) - (x < y);
}

static const char *
key_of (GpEstimate         *estimate,
        GpEstimateGrouping  grouping)
{
  return grouping == GP_ESTIMATE_GROUPING_PLATFORM
             ? gp_provider_get_id (gp_estimate_get_provider (estimate))
             : gp_instance_get_id (gp_estimate_get_instance (estimate));
}

/* The groups of every GPU: gp_estimate_group_list_for_gpu() with no GPU. */
GListModel *
gp_estimate_group_list (GpEstimateList     *list,
                        GpEstimateGrouping  grouping,
                        GStrv              *unable)
{
  return gp_estimate_group_list_for_gpu (list, grouping, NULL, unable);
}

static gboolean
runs_on (GpEstimate *estimate,
         const char *gpu)
{
  return gpu == NULL ||
         g_strcmp0 (gp_gpu_get_id (gp_instance_get_gpu (gp_estimate_get_instance (estimate))),
                    gpu) == 0;
}

/* By platform, each group's best is its cheapest option (gp_estimate_is_option()), a quoted
 * price before one estimated from another platform's; a platform without one is left out and
 * named in @unable. By instance type, each group's best is its first estimate, and every
 * estimate counts. Groups come cheapest best first. */
GListModel *
gp_estimate_group_list_for_gpu (GpEstimateList     *list,
                                GpEstimateGrouping  grouping,
                                const char         *gpu,
                                GStrv              *unable)
{
  g_autoptr(GHashTable) by_key = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) groups = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) providers = g_ptr_array_new ();
  g_autoptr(GStrvBuilder) left_out = g_strv_builder_new ();
  GListStore *store = g_list_store_new (GP_TYPE_ESTIMATE_GROUP);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (list));
  gboolean by_platform = grouping == GP_ESTIMATE_GROUPING_PLATFORM;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GpEstimate) estimate = g_list_model_get_item (G_LIST_MODEL (list), i);
      GpProvider *provider = gp_estimate_get_provider (estimate);
      const char *key = key_of (estimate, grouping);
      GpEstimateGroup *group;

      if (!runs_on (estimate, gpu))
        continue;
      if (by_platform && !g_ptr_array_find (providers, provider, NULL))
        g_ptr_array_add (providers, provider);
      if (by_platform && !gp_estimate_is_option (estimate))
        continue;
      if (grouping == GP_ESTIMATE_GROUPING_OFFER ||
          (group = g_hash_table_lookup (by_key, key)) == NULL)
        {
          group = g_object_new (GP_TYPE_ESTIMATE_GROUP, NULL);
          g_ptr_array_add (groups, group);
          if (grouping != GP_ESTIMATE_GROUPING_OFFER)
            g_hash_table_insert (by_key, (gpointer) key, group);
        }
      group->options++;
      g_hash_table_add (group->regions,
                        (gpointer) gp_offer_get_region_id (gp_estimate_get_offer (estimate)));
      if (by_platform ? better (estimate, group->best) : group->best == NULL)
        g_set_object (&group->best, estimate);
    }

  for (guint i = 0; i < groups->len; i++)
    {
      GpEstimateGroup *group = groups->pdata[i];

      group->n_regions = g_hash_table_size (group->regions);
      g_clear_pointer (&group->regions, g_hash_table_unref);
    }
  for (guint i = 0; i < providers->len; i++)
    if (g_hash_table_lookup (by_key, gp_provider_get_id (providers->pdata[i])) == NULL)
      g_strv_builder_add (left_out, gp_provider_get_name (providers->pdata[i]));

  if (grouping != GP_ESTIMATE_GROUPING_OFFER)
    g_ptr_array_sort (groups, by_best_total);
  g_list_store_splice (store, 0, 0, groups->pdata, groups->len);
  if (unable != NULL)
    *unable = g_strv_builder_end (left_out);
  return G_LIST_MODEL (store);
}

GpEstimate *
gp_estimate_group_get_best (GpEstimateGroup *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE_GROUP (self), NULL);
  return self->best;
}

guint
gp_estimate_group_get_options (GpEstimateGroup *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE_GROUP (self), 0);
  return self->options;
}

guint
gp_estimate_group_get_regions (GpEstimateGroup *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE_GROUP (self), 0);
  return self->n_regions;
}

gboolean
gp_estimate_grouping_from_string (const char         *text,
                                  GpEstimateGrouping *grouping)
{
  static const char *const names[] = { "offer", "instance", "platform" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_strcmp0 (text, names[i]) == 0)
      {
        *grouping = (GpEstimateGrouping) i;
        return TRUE;
      }
  return FALSE;
}
