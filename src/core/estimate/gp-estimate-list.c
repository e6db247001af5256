/* gp-estimate-list.c — every offer's estimate for one workload, cheapest first
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The list computes plain GpCostRow numbers for every offer and way of paying, sorts them,
 * and makes a GpEstimate object only when a row is asked for: a 100,000-offer catalog is
 * estimated in a few milliseconds, and a view shows the top of it.
 */

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "gp-cost-model.h"
#include "gp-estimate-list.h"
#include "gp-usability.h"
#include "gp-util.h"
#include "gp-measurement.h"
#include "gp-estimator-private.h"
#include "gp-memory-model.h"
#include "gp-model-private.h"
#include "gp-estimate-list-private.h"

static void     list_model_iface_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (GpEstimateList, gp_estimate_list, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_iface_init))

static void
gp_estimate_list_dispose (GObject *object)
{
  GpEstimateList *self = GP_ESTIMATE_LIST (object);

  g_clear_pointer (&self->items, g_ptr_array_unref);
  g_clear_object (&self->workload);
  g_clear_object (&self->data);
  g_clear_object (&self->only);
  g_clear_object (&self->catalog);

  G_OBJECT_CLASS (gp_estimate_list_parent_class)->dispose (object);
}

static void
gp_estimate_list_finalize (GObject *object)
{
  GpEstimateList *self = GP_ESTIMATE_LIST (object);

  g_clear_pointer (&self->rows, g_array_unref);
  g_clear_pointer (&self->order, g_array_unref);
  g_clear_pointer (&self->job->instances, g_hash_table_unref);
  g_clear_pointer (&self->job->skipped, g_hash_table_unref);
  g_clear_pointer (&self->job, g_free);
  g_free (self->currency);
  g_strfreev (self->skipped);

  G_OBJECT_CLASS (gp_estimate_list_parent_class)->finalize (object);
}

static void
gp_estimate_list_class_init (GpEstimateListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = gp_estimate_list_dispose;
  object_class->finalize = gp_estimate_list_finalize;
}

static void
unref_if_made (gpointer item)
{
  if (item != NULL)
    g_object_unref (item);
}

static void
gp_estimate_list_init (GpEstimateList *self)
{
  self->rows = g_array_new (FALSE, FALSE, sizeof (Ranked));
  self->job = g_new0 (Job, 1);
  /* Each instance is held, and with it its offers, which the ranked rows point to: a refresh
   * may replace the catalog's objects while this list is still shown. */
  self->job->instances = g_hash_table_new_full (NULL, NULL, g_object_unref, g_free);
  self->job->skipped = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->order = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->items = g_ptr_array_new_with_free_func (unref_if_made);
}

static const Ranked *
ranked_at (GpEstimateList *self,
           guint           position)
{
  return &g_array_index (self->rows, Ranked, g_array_index (self->order, guint32, position));
}

static GType
list_get_item_type (GListModel *model)
{
  return GP_TYPE_ESTIMATE;
}

static guint
list_get_n_items (GListModel *model)
{
  return GP_ESTIMATE_LIST (model)->rows->len;
}

/* A lab's machine draws from the grid where the lab is: mainland China's or Hong Kong's zone;
 * elsewhere the catalog knows no one place, and its emissions are left unknown. */
static GpRegion *
lab_grid_region (GpEstimateList *self,
                 GpOffer        *offer)
{
  if (gp_instance_get_lab_cost (gp_offer_get_instance (offer)) == NULL)
    return NULL;
  switch (gp_workload_get_lab_location (self->workload))
    {
    case GP_LAB_LOCATION_MAINLAND_CHINA:
      return gp_catalog_find_zone_region (self->catalog, "CN");
    case GP_LAB_LOCATION_HONG_KONG:
      return gp_catalog_find_zone_region (self->catalog, "HK");
    case GP_LAB_LOCATION_ELSEWHERE:
    default:
      return NULL;
    }
}

static gpointer
list_get_item (GListModel *model,
               guint       position)
{
  GpEstimateList *self = GP_ESTIMATE_LIST (model);
  GpEstimate *item;

  if (position >= self->rows->len)
    return NULL;

  if (self->items->len < self->rows->len)
    g_ptr_array_set_size (self->items, self->rows->len);

  item = g_ptr_array_index (self->items, position);
  if (item == NULL)
    {
      const Ranked *ranked = ranked_at (self, position);
      GpCostRow row;

      gboolean computed;

      /* The row was computed once already while ranking; it cannot fail now. */
      self->detailing = TRUE;
      computed = _gp_estimate_list_compute_row (self, self->job, ranked->offer, ranked->plan,
                                                ranked->pricing, &row);
      self->detailing = FALSE;
      g_return_val_if_fail (computed, NULL);
      item = gp_estimate_new_from_row (
          &row, self->workload, self->data, self->currency, gp_catalog_get_currency (self->catalog),
          gp_catalog_get_stale_after_days (self->catalog), lab_grid_region (self, ranked->offer));
      g_ptr_array_index (self->items, position) = item;
    }

  return g_object_ref (item);
}

static void
list_model_iface_init (GListModelInterface *iface)
{
  iface->get_item_type = list_get_item_type;
  iface->get_n_items = list_get_n_items;
  iface->get_item = list_get_item;
}

void
_gp_estimate_list_skip (Job  *job,
                        char *reason)
{
  g_hash_table_add (job->skipped, reason);
}

static gboolean
wants_region (const char *region,
              GpOffer    *offer)
{
  /* Asked of every offer: the fields read directly, no call, no type check. */
  gboolean zone = offer->region != NULL && offer->region->kind != GP_REGION_KIND_REGION;

  /* Notebook services are priced once for the world. */
  if (offer->region_id != NULL && offer->region_id[0] == 'g' &&
      strcmp (offer->region_id, "global") == 0)
    return TRUE;
  /* Local and Wavelength Zones only when asked for by their code, as region lists do. */
  if (region == NULL)
    return !zone;
  if (gp_area_is_valid (region))
    return !zone && offer->region != NULL && gp_region_in_area (offer->region, region);

  return g_strcmp0 (offer->region_id, region) == 0;
}

static guint8
demotion (GpOffer            *offer,
          const InstancePlan *plan,
          GpEstimatePricing   pricing)
{
  if (plan->fit == GP_FIT_NO)
    return RANK_DOES_NOT_FIT;
  if (plan->gpu_only)
    return RANK_GPU_ONLY;
  if (gp_offer_is_doubtful (offer, pricing))
    return RANK_DOUBTFUL;
  return RANK_PLAIN;
}

static void
estimate_offer (GpEstimateList     *self,
                Job                *job,
                GArray             *rows,
                GpOffer            *offer,
                const InstancePlan *plan)
{

  if (!wants_region (job->region, offer))
    return;

  for (GpEstimatePricing pricing = GP_ESTIMATE_PRICING_ON_DEMAND;
       pricing <= GP_ESTIMATE_PRICING_CAPACITY_BLOCK; pricing++)
    {
      GpCostRow row;
      Ranked *ranked;

      if ((pricing == GP_ESTIMATE_PRICING_SPOT && !job->interruptible) ||
          (pricing == GP_ESTIMATE_PRICING_SUBSCRIPTION && !plan->subscription) ||
          !_gp_estimate_list_compute_row (self, job, offer, plan, pricing, &row))
        continue;
      /* Figures at the edge of what doubles hold give no time or cost worth showing: never an
       * infinite or empty run, nor a price of nothing that is not a free plan's. */
      if (!(isfinite (row.wall_hours) && row.wall_hours > 0 && isfinite (row.total_cost) &&
            row.total_cost >= 0))
        {
          _gp_estimate_list_skip (
              job, g_strdup_printf (_("%s: its figures give no finite time or cost"),
                                    gp_instance_get_name (gp_offer_get_instance (offer))));
          continue;
        }

      /* The catalog outlives the list, and the list holds the catalog. The array was sized
       * for three rows an offer: it grows only past that. */
      g_array_set_size (rows, rows->len + 1);
      ranked = &g_array_index (rows, Ranked, rows->len - 1);
      *ranked = (Ranked){ offer,          plan,    row.total_cost,
                          row.wall_hours, pricing, demotion (offer, plan, pricing) };
    }
}

/* "Usable only": what the lab reaches and, where it needs Chinese invoices, can pay. */
static gboolean
usable (GpWorkload *workload,
        GpOffer    *offer)
{
  return !gp_workload_get_usable_only (workload) ||
         gp_usability_is_usable (
             gp_usability_of_offer (offer, gp_workload_get_lab_location (workload),
                                    gp_workload_get_invoice_required (workload)));
}

/* Some of the planned instances, estimated on a thread of their own: a large catalog's rows
 * are made on two cores. A share has its own rows, in the catalog's order, and its own set of
 * reasons to skip; nothing else it touches is written. */
typedef struct
{
  GpEstimateList *self;
  Job job;
  GPtrArray *instances, *plans; /* the list's instances, the job's plans of them */
  guint start, end;
  GArray *rows;
  GCancellable *cancellable;
  gboolean cancelled;
} Share;

/* Each instance's offers read from its own array: no reference counted for each offer. */
static gpointer
estimate_share (gpointer data)
{
  Share *share = data;

  for (guint i = share->start; i < share->end && !share->cancelled; i++)
    {
      GpInstance *instance = g_ptr_array_index (share->instances, i);

      share->cancelled = i % 64 == 0 && g_cancellable_is_cancelled (share->cancellable);
      for (guint o = 0; o < instance->offers->len; o++)
        if (usable (share->self->workload, g_ptr_array_index (instance->offers, o)))
          estimate_offer (share->self, &share->job, share->rows,
                          g_ptr_array_index (instance->offers, o),
                          g_ptr_array_index (share->plans, i));
    }
  return NULL;
}

static gboolean
estimate_shares (GpEstimateList *self,
                 GPtrArray      *instances,
                 GPtrArray      *plans,
                 guint           n_offers,
                 GCancellable   *cancellable,
                 GError        **error)
{
  Share shares[2] = {
    { self, *self->job, instances, plans, 0, instances->len, self->rows, cancellable },
    { self, *self->job, instances, plans, instances->len, instances->len, NULL, cancellable },
  };
  GThread *thread = NULL;
  GHashTableIter iter;
  gpointer reason;

  /* Below 20,000 offers a second thread costs more than it saves. Halves by their offers. */
  if (n_offers >= 20000)
    {
      for (guint i = 0, seen = 0; i < instances->len && seen < n_offers / 2; i++)
        {
          seen += ((GpInstance *) g_ptr_array_index (instances, i))->offers->len;
          shares[0].end = shares[1].start = i + 1;
        }
      shares[1].job.skipped = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      shares[1].rows = g_array_sized_new (FALSE, FALSE, sizeof (Ranked), n_offers * 3 / 2);
      thread = g_thread_new ("gp-estimate", estimate_share, &shares[1]);
    }
  estimate_share (&shares[0]);
  if (thread != NULL)
    {
      g_thread_join (thread);
      g_array_append_vals (self->rows, shares[1].rows->data, shares[1].rows->len);
      g_array_unref (shares[1].rows);
      g_hash_table_iter_init (&iter, shares[1].job.skipped);
      while (g_hash_table_iter_next (&iter, &reason, NULL))
        g_hash_table_add (self->job->skipped, g_strdup (reason));
      g_hash_table_unref (shares[1].job.skipped);
    }
  return !(shares[0].cancelled || shares[1].cancelled) ||
         !g_cancellable_set_error_if_cancelled (cancellable, error);
}

static gboolean
compute (GpEstimateList *self,
         GCancellable   *cancellable,
         GError        **error)
{
  GListModel *instances = gp_catalog_get_instances (self->catalog);
  guint n_instances = g_list_model_get_n_items (instances);
  guint n = g_list_model_get_n_items (gp_catalog_get_offers (self->catalog));
  g_autoptr(GPtrArray) reasons = g_ptr_array_new ();
  g_autoptr(GPtrArray) planned = g_ptr_array_new ();
  g_autoptr(GPtrArray) plans = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer reason;

  /* Most offers give one to three rows: one allocation up front rather than many copies. */
  g_array_unref (self->rows);
  self->rows = g_array_sized_new (FALSE, FALSE, sizeof (Ranked), self->only ? 16 : MAX (n * 3, 16));
  if (!_gp_estimate_list_prepare_job (self, error))
    return FALSE;

  /* A plan's phase names its instance: its offers alone, not the catalog's. */
  if (self->only != NULL)
    {
      n_instances = 0;
      _gp_estimate_list_plan_instances (self, self->only, planned, plans);
    }
  for (guint i = 0; i < n_instances; i++)
    {
      /* The catalog holds its instances for as long as the list holds the catalog. */
      GpInstance *instance = g_list_model_get_item (instances, i);

      g_object_unref (instance);
      if (i % 64 == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      _gp_estimate_list_plan_instances (self, instance, planned, plans);
    }
  if (!estimate_shares (self, planned, plans, self->only != NULL ? 0 : n, cancellable, error))
    return FALSE;

  _gp_estimate_list_sort_rows (self);

  g_hash_table_iter_init (&iter, self->job->skipped);
  while (g_hash_table_iter_next (&iter, &reason, NULL))
    g_ptr_array_add (reasons, g_strdup (reason));
  g_ptr_array_sort (reasons, gp_compare_string_elements);
  g_ptr_array_add (reasons, NULL);
  self->skipped = (char **) g_ptr_array_steal (reasons, NULL);

  return TRUE;
}

static GpEstimateList *
create (GpCatalog       *catalog,
        GpWorkload      *workload,
        GpEstimatorData *data)
{
  GpEstimateList *self = g_object_new (GP_TYPE_ESTIMATE_LIST, NULL);

  self->catalog = g_object_ref (catalog);
  self->workload = gp_workload_copy (workload);
  self->data = g_object_ref (data ? data : gp_estimator_data_get_default ());

  return self;
}

/* @self computed; %NULL, and @self let go, on error. */
static GpEstimateList *
new_estimated (GpEstimateList  *self,
               GError         **error)
{
  g_autoptr(GpEstimateList) list = self;

  if (!compute (list, NULL, error))
    return NULL;
  return g_steal_pointer (&list);
}

GpEstimateList *
gp_estimate_list_new (GpCatalog        *catalog,
                      GpWorkload       *workload,
                      GpEstimatorData  *data,
                      GError          **error)
{
  g_return_val_if_fail (GP_IS_CATALOG (catalog), NULL);
  g_return_val_if_fail (GP_IS_WORKLOAD (workload), NULL);

  return new_estimated (create (catalog, workload, data), error);
}

static void
compute_in_thread (GTask        *task,
                   gpointer      source_object,
                   gpointer      task_data,
                   GCancellable *cancellable)
{
  GpEstimateList *self = task_data;
  GError *error = NULL;

  if (compute (self, cancellable, &error))
    g_task_return_pointer (task, g_object_ref (self), g_object_unref);
  else
    g_task_return_error (task, error);
}

/* gp_estimate_list_new() for one instance's offers: a plan's phase names its machine, and a
 * plan of thousands of phases must not estimate the whole catalog for each. */
GpEstimateList *
gp_estimate_list_new_for_instance (GpCatalog   *catalog,
                                   GpWorkload  *workload,
                                   GpInstance  *instance,
                                   GError     **error)
{
  GpEstimateList *self;

  g_return_val_if_fail (GP_IS_CATALOG (catalog), NULL);
  g_return_val_if_fail (GP_IS_WORKLOAD (workload), NULL);
  g_return_val_if_fail (GP_IS_INSTANCE (instance), NULL);

  self = create (catalog, workload, NULL);
  self->only = g_object_ref (instance);
  return new_estimated (self, error);
}

/* Estimates on a worker thread, so the form keeps answering while a large catalog is done. */
void
gp_estimate_list_new_async (GpCatalog           *catalog,
                            GpWorkload          *workload,
                            GpEstimatorData     *data,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (GP_IS_CATALOG (catalog));
  g_return_if_fail (GP_IS_WORKLOAD (workload));

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, gp_estimate_list_new_async);
  g_task_set_task_data (task, create (catalog, workload, data), g_object_unref);
  g_task_run_in_thread (task, compute_in_thread);
}

GpEstimateList *
gp_estimate_list_new_finish (GAsyncResult  *result,
                             GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

GpWorkload *
gp_estimate_list_get_workload (GpEstimateList *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE_LIST (self), NULL);
  return self->workload;
}

const char *
gp_estimate_list_get_currency (GpEstimateList *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE_LIST (self), NULL);
  return self->currency;
}

guint
gp_estimate_list_get_stale_after_days (GpEstimateList *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE_LIST (self), GP_STALE_AFTER_DAYS);
  return gp_catalog_get_stale_after_days (self->catalog);
}

const char * const *
gp_estimate_list_get_skipped (GpEstimateList *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE_LIST (self), NULL);
  return (const char * const *) self->skipped;
}

/* The rows from this one on are no options for the job: GPUs priced without the host they
 * need, then machines whose GPUs cannot hold it. A view lists them apart. */
guint
gp_estimate_list_get_n_options (GpEstimateList *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE_LIST (self), 0);
  return self->n_options;
}

/* The total without making the row's object, for charts that draw many bars. */
double
gp_estimate_list_get_total (GpEstimateList *self,
                            guint           position)
{
  g_return_val_if_fail (GP_IS_ESTIMATE_LIST (self), NAN);
  g_return_val_if_fail (position < self->rows->len, NAN);

  return ranked_at (self, position)->total;
}

double
gp_estimate_list_get_gpu_hours (GpEstimateList *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE_LIST (self), NAN);
  return self->job->single_gpu_hours;
}

/* The most GPUs an instance of @gpu has in the catalog, and the fewest of at least @least. */
static guint
instance_gpus (GpCatalog *catalog,
               GpGpu     *gpu,
               guint      least,
               guint     *fewest)
{
  GListModel *instances = gp_catalog_get_instances (catalog);
  guint most = 0;

  *fewest = 0;
  for (guint i = 0; i < g_list_model_get_n_items (instances); i++)
    {
      g_autoptr(GpInstance) instance = g_list_model_get_item (instances, i);
      guint count = gp_instance_get_gpu_count (instance);

      if (gp_instance_get_gpu (instance) != gpu)
        continue;
      most = MAX (most, count);
      if (count >= least && (*fewest == 0 || count < *fewest))
        *fewest = count;
    }
  return most;
}

/* What to ask for when nothing can run the job: the reference GPU is the one the user chose.
 * Counts go up to the most GPUs an instance of it has (8, the usual most, when none has it). */
gboolean
gp_estimate_list_find_fit (GpEstimateList *self,
                           GpMemoryFit    *fit)
{
  GpGpu *gpu;
  guint most, fewest;

  g_return_val_if_fail (GP_IS_ESTIMATE_LIST (self), FALSE);
  gpu = self->job->reference;
  if (gpu == NULL)
    return FALSE;
  most = instance_gpus (self->catalog, gpu, 1, &fewest);
  if (!gp_memory_find_fit (self->data, &self->job->memory, gp_gpu_get_memory_gb (gpu),
                           most > 0 ? most : 8, fit))
    return FALSE;
  instance_gpus (self->catalog, gpu, fit->gpus, &fit->instance_gpus);
  return TRUE;
}

const char *
gp_estimate_list_get_reference_gpu (GpEstimateList *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE_LIST (self), NULL);
  return self->job->reference != NULL ? gp_gpu_get_id (self->job->reference) : NULL;
}

GpGpu *
gp_estimate_list_get_reference_model (GpEstimateList *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE_LIST (self), NULL);
  return self->job->reference;
}

const char *
gp_estimate_list_get_reference_gpu_name (GpEstimateList *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE_LIST (self), NULL);
  return self->job->reference != NULL ? gp_gpu_get_name (self->job->reference) : NULL;
}
