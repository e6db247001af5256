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

#include <glib/gi18n-lib.h>

#include "gp-cost-model.h"
#include "gp-estimate-list.h"
#include "gp-estimator-private.h"

struct _GpEstimateList
{
  GObject          parent_instance;
  GpCatalog       *catalog;
  GpWorkload      *workload;      /* a private copy: the form may change meanwhile */
  GpEstimatorData *data;
  char            *currency;
  GArray          *rows;          /* GpCostRow, sorted by total */
  GPtrArray       *items;         /* GpEstimate or NULL, made on first get_item() */
  char           **skipped;
};

static void list_model_iface_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (GpEstimateList, gp_estimate_list, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_iface_init))

static void
gp_estimate_list_dispose (GObject *object)
{
  GpEstimateList *self = GP_ESTIMATE_LIST (object);

  g_clear_pointer (&self->items, g_ptr_array_unref);
  g_clear_object (&self->workload);
  g_clear_object (&self->data);
  g_clear_object (&self->catalog);

  G_OBJECT_CLASS (gp_estimate_list_parent_class)->dispose (object);
}

static void
gp_estimate_list_finalize (GObject *object)
{
  GpEstimateList *self = GP_ESTIMATE_LIST (object);

  g_clear_pointer (&self->rows, g_array_unref);
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
  self->rows = g_array_new (FALSE, TRUE, sizeof (GpCostRow));
  self->items = g_ptr_array_new_with_free_func (unref_if_made);
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
      item = gp_estimate_new_from_row (&g_array_index (self->rows, GpCostRow, position),
                                       self->workload, self->data, self->currency,
                                       gp_catalog_get_currency (self->catalog));
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

/* What the job needs before any offer is looked at: its hours on one reference GPU. */
typedef struct
{
  GpGpu       *reference;
  GpPreset    *preset;
  double       single_gpu_hours;
  double       restart_minutes;
  double       checkpoint_minutes;
  double       interruptions_default;
  double       upload_hours;
  double       rate;               /* currency conversion */
  GHashTable  *instances;          /* GpInstance → InstancePlan, or NULL to skip */
  GHashTable  *skipped;            /* reason → NULL, a set */
} Job;

typedef struct
{
  double       ratio;
  double       efficiency;
  double       run_hours;
  guint        gpu_count;
  GpPrecision  precision;
  GpSpeedBasis basis;
  GpSource    *source;
} InstancePlan;

static void
skip (Job        *job,
      char       *reason)
{
  g_hash_table_add (job->skipped, reason);
}

static double
preset_single_gpu_hours (GpEstimatorData *data,
                         GpWorkload      *workload,
                         GpPreset        *preset,
                         GpGpu           *reference)
{
  GpPrecision measured = gp_preset_get_precision (preset);
  GpPrecision wanted = gp_cost_effective_precision (reference,
                                                    gp_workload_get_precision (workload));
  double weight = gp_workload_get_spec_weight (workload);
  double efficiency = gp_estimator_data_scaling_efficiency (data, gp_preset_get_family (preset),
                                                            gp_gpu_get_id (reference), measured,
                                                            gp_preset_get_reference_gpus (preset),
                                                            NULL);
  double hours = gp_preset_get_gpu_hours (preset) * efficiency;

  if (isnan (weight))
    weight = gp_estimator_data_get_coefficient (data, "spec_tflops_weight");

  /* Another precision than the measurement's: rescale by the data sheet on the same GPU. */
  if (wanted != measured)
    {
      double from = gp_cost_spec_speed (reference, measured, weight, FALSE);
      double to = gp_cost_spec_speed (reference, wanted, weight, FALSE);

      if (!isnan (from) && !isnan (to) && to > 0)
        hours *= from / to;
    }

  return hours;
}

static InstancePlan *
plan_instance (Job             *job,
               GpWorkload      *workload,
               GpEstimatorData *data,
               GpInstance      *instance)
{
  GpGpu *gpu = gp_instance_get_gpu (instance);
  guint wanted_gpus = gp_workload_get_gpus (workload);
  guint count = gp_instance_get_gpu_count (instance);
  double min_memory = job->preset ? gp_preset_get_min_gpu_memory_gb (job->preset) : NAN;
  double override = gp_workload_get_scaling_efficiency (workload);
  g_autofree InstancePlan *plan = g_new0 (InstancePlan, 1);

  if (gpu == NULL || count == 0 || (wanted_gpus > 0 && count != wanted_gpus))
    return NULL;

  if (!isnan (min_memory) && gp_instance_get_gpu_memory_gb (instance) < min_memory)
    {
      skip (job, g_strdup_printf (_("%s: the workload needs %.0f GB of GPU memory"),
                                  gp_gpu_get_name (gpu), min_memory));
      return NULL;
    }

  if (!gp_cost_speed_ratio (data, workload, job->reference, gpu, &plan->ratio, &plan->basis,
                            &plan->source) || !(plan->ratio > 0))
    {
      skip (job, g_strdup_printf (_("%s: no measurement or data-sheet figure to scale the "
                                    "speed by"),
                                  gp_gpu_get_name (gpu)));
      return NULL;
    }

  plan->precision = gp_cost_effective_precision (gpu, gp_workload_get_precision (workload));
  plan->gpu_count = count;
  plan->efficiency = count > 1 && !isnan (override)
                       ? override
                       : gp_estimator_data_scaling_efficiency (
                           data, job->preset ? gp_preset_get_family (job->preset) : NULL,
                           gp_gpu_get_id (gpu), plan->precision, count, NULL);
  plan->run_hours = job->single_gpu_hours / plan->ratio / (count * plan->efficiency);

  return g_steal_pointer (&plan);
}

static gboolean
wants_provider (GpWorkload *workload,
                GpProvider *provider)
{
  const char * const *providers = gp_workload_get_providers (workload);

  return providers == NULL || g_strv_contains (providers, gp_provider_get_id (provider));
}

static gboolean
wants_region (GpWorkload *workload,
              GpOffer    *offer)
{
  const char *region = gp_workload_get_region (workload);
  const char *offer_region = gp_offer_get_region_id (offer);

  /* Notebook services are priced once for the world. */
  return region == NULL || g_strcmp0 (offer_region, region) == 0 ||
         g_strcmp0 (offer_region, "global") == 0;
}

static GpPlan *
cheapest_plan (GpInstance *instance,
               GpProvider *provider)
{
  const char * const *plan_ids = gp_instance_get_plan_ids (instance);
  GpPlan *best = NULL;

  for (guint i = 0; plan_ids != NULL && plan_ids[i] != NULL; i++)
    {
      GpPlan *plan = gp_provider_find_plan (provider, plan_ids[i]);

      if (plan != NULL && !isnan (gp_plan_get_unit_price (plan)) &&
          (best == NULL || gp_plan_get_unit_price (plan) < gp_plan_get_unit_price (best)))
        best = plan;
    }

  return best;
}

/* Fills the parts every way of paying shares: sessions, data, the wall clock. Returns FALSE
 * when the platform cannot run the job at all. */
static gboolean
finish_row (Job        *job,
            GpWorkload *workload,
            GpCostRow  *row)
{
  GpProvider *provider = gp_offer_get_provider (row->offer);
  double max_session = gp_provider_get_max_session_hours (provider);
  double dataset = gp_workload_get_dataset_gb (workload);
  double results = gp_workload_get_results_gb (workload);
  double ingress = gp_provider_get_ingress_per_gb (provider);

  row->sessions = gp_cost_sessions (row->run_hours + row->extra_hours, max_session);
  if (row->sessions > 1 && job->checkpoint_minutes <= 0)
    {
      skip (job, g_strdup_printf (_("%s: sessions end after %.0f h and the job keeps no "
                                    "checkpoints"),
                                  gp_provider_get_name (provider), max_session));
      return FALSE;
    }

  row->wall_hours = row->run_hours + row->extra_hours +
                    (row->sessions - 1) * job->restart_minutes / 60;
  row->upload_hours = job->upload_hours;
  row->storage_cost = job->rate * gp_cost_storage (dataset + results,
                                                   row->upload_hours + row->wall_hours,
                                                   gp_workload_get_storage_per_gb_month (workload));
  row->transfer_cost = job->rate * (gp_cost_egress (results,
                                                    gp_provider_get_egress_free_gb (provider),
                                                    gp_provider_get_egress_per_gb (provider)) +
                                    (isnan (ingress) ? 0 : dataset * ingress));
  row->total_cost = row->compute_cost + row->storage_cost + row->transfer_cost +
                    row->interruption_cost;
  return TRUE;
}

static void
start_row (GpCostRow          *row,
           GpOffer            *offer,
           const InstancePlan *plan,
           GpEstimatePricing   pricing)
{
  memset (row, 0, sizeof *row);
  row->offer = offer;
  row->pricing = pricing;
  row->precision = plan->precision;
  row->basis = plan->basis;
  row->speed_source = plan->source;
  row->speed_ratio = plan->ratio;
  row->efficiency = plan->efficiency;
  row->gpu_count = plan->gpu_count;
  row->run_hours = plan->run_hours;
  row->fallback_cost = NAN;
  row->interruptions_per_month = NAN;
  row->sessions = 1;
}

static void
add_hourly (GpEstimateList     *self,
            Job                *job,
            GpOffer            *offer,
            const InstancePlan *plan,
            GpEstimatePricing   pricing,
            double              price,
            double              term_hours)
{
  GpProvider *provider = gp_offer_get_provider (offer);
  GpCostRow row;

  if (isnan (price))
    return;

  start_row (&row, offer, plan, pricing);
  row.hourly = price * job->rate;
  if (!finish_row (job, self->workload, &row))
    return;

  row.billed_hours = gp_cost_billed_hours (row.wall_hours,
                                           gp_provider_get_billing_increment_s (provider),
                                           gp_provider_get_billing_minimum_s (provider));
  row.billed_hours = MAX (row.billed_hours, term_hours);
  row.compute_cost = row.billed_hours * row.hourly;
  row.total_cost += row.compute_cost;
  g_array_append_val (self->rows, row);
}

static void
add_spot (GpEstimateList     *self,
          Job                *job,
          GpOffer            *offer,
          const InstancePlan *plan)
{
  GpProvider *provider = gp_offer_get_provider (offer);
  double price = gp_offer_get_spot_max (offer);
  double override = gp_workload_get_interruptions_per_month (self->workload);
  double on_demand = gp_offer_get_on_demand (offer);
  double rework_billed;
  GpCostRow row;

  if (isnan (price))
    price = gp_offer_get_spot_min (offer);
  if (isnan (price))
    return;

  start_row (&row, offer, plan, GP_ESTIMATE_PRICING_SPOT);
  row.hourly = price * job->rate;
  row.interruptions_per_month = override;
  if (isnan (override))
    row.interruptions_per_month =
      gp_estimator_data_spot_interruptions (self->data,
                                            gp_instance_get_id (gp_offer_get_instance (offer)),
                                            gp_offer_get_region_id (offer),
                                            &row.interruption_bucket, &row.interruption_source);
  if (isnan (row.interruptions_per_month))
    row.interruptions_per_month = job->interruptions_default;

  row.extra_hours = gp_cost_spot_extra_hours (row.run_hours,
                                              gp_cost_interruptions_per_hour (
                                                row.interruptions_per_month),
                                              job->checkpoint_minutes, job->restart_minutes);
  if (!finish_row (job, self->workload, &row))
    return;

  row.billed_hours = gp_cost_billed_hours (row.wall_hours,
                                           gp_provider_get_billing_increment_s (provider),
                                           gp_provider_get_billing_minimum_s (provider));
  /* The rework is billed like the rest; it is shown apart so its weight is visible. */
  rework_billed = row.billed_hours * row.extra_hours / MAX (row.wall_hours, 1e-9);
  row.interruption_cost = rework_billed * row.hourly;
  row.compute_cost = (row.billed_hours - rework_billed) * row.hourly;
  row.total_cost += row.compute_cost + row.interruption_cost;

  if (!isnan (on_demand))
    row.fallback_cost = gp_cost_billed_hours (row.run_hours,
                                              gp_provider_get_billing_increment_s (provider),
                                              gp_provider_get_billing_minimum_s (provider)) *
                        on_demand * job->rate +
                        row.storage_cost + row.transfer_cost;

  g_array_append_val (self->rows, row);
}

static void
add_subscription (GpEstimateList     *self,
                  Job                *job,
                  GpOffer            *offer,
                  const InstancePlan *plan)
{
  GpInstance *instance = gp_offer_get_instance (offer);
  GpPlan *best = cheapest_plan (instance, gp_offer_get_provider (offer));
  double units = gp_instance_get_compute_units_per_hour (instance);
  GpCostRow row;

  if (best == NULL || isnan (units))
    return;

  start_row (&row, offer, plan, GP_ESTIMATE_PRICING_SUBSCRIPTION);
  row.plan = best;
  row.units_per_hour = units;
  row.hourly = gp_plan_get_unit_price (best) * job->rate;
  if (!finish_row (job, self->workload, &row))
    return;

  /* Compute units burn while the runtime is connected: no rounding. */
  row.billed_hours = row.wall_hours;
  row.compute_cost = row.wall_hours * units * row.hourly;
  row.total_cost += row.compute_cost;
  g_array_append_val (self->rows, row);
}

/* The offer's own commitment price, else the provider's published discount on demand. */
static double
reserved_price (GpOffer *offer,
                double   listed,
                double   discount_pct)
{
  if (!isnan (listed))
    return listed;
  if (isnan (discount_pct))
    return NAN;

  return gp_offer_get_on_demand (offer) * (1 - discount_pct / 100);
}

static void
estimate_offer (GpEstimateList *self,
                Job            *job,
                GpOffer        *offer)
{
  GpInstance *instance = gp_offer_get_instance (offer);
  GpProvider *provider = gp_offer_get_provider (offer);
  GpPricingModel pricing = gp_provider_get_pricing (provider);
  InstancePlan *plan;

  if (!wants_provider (self->workload, provider) || !wants_region (self->workload, offer))
    return;

  if (!g_hash_table_lookup_extended (job->instances, instance, NULL, (gpointer *) &plan))
    {
      plan = plan_instance (job, self->workload, self->data, instance);
      g_hash_table_insert (job->instances, instance, plan);
    }

  if (plan == NULL)
    return;

  add_hourly (self, job, offer, plan, GP_ESTIMATE_PRICING_ON_DEMAND,
              gp_offer_get_on_demand (offer), 0);

  if (gp_workload_get_interruptible (self->workload))
    add_spot (self, job, offer, plan);

  add_hourly (self, job, offer, plan, GP_ESTIMATE_PRICING_RESERVED_1Y,
              reserved_price (offer, gp_offer_get_reserved_1y (offer),
                              gp_provider_get_reserved_1y_discount_pct (provider)),
              8760);
  add_hourly (self, job, offer, plan, GP_ESTIMATE_PRICING_RESERVED_3Y,
              reserved_price (offer, gp_offer_get_reserved_3y (offer),
                              gp_provider_get_reserved_3y_discount_pct (provider)),
              26280);

  if (pricing & GP_PRICING_SUBSCRIPTION)
    add_subscription (self, job, offer, plan);
}

static int
compare_rows (gconstpointer a,
              gconstpointer b)
{
  const GpCostRow *x = a, *y = b;

  if (x->total_cost != y->total_cost)
    return x->total_cost < y->total_cost ? -1 : 1;

  /* Equal cost: the faster first, then a stable order by name. */
  if (x->wall_hours != y->wall_hours)
    return x->wall_hours < y->wall_hours ? -1 : 1;

  return g_strcmp0 (gp_instance_get_id (gp_offer_get_instance (x->offer)),
                    gp_instance_get_id (gp_offer_get_instance (y->offer)));
}

static gboolean
prepare_job (GpEstimateList *self,
             Job            *job,
             GError        **error)
{
  GpWorkload *workload = self->workload;
  const char *preset_id = gp_workload_get_preset (workload);
  double mbps = gp_workload_get_upload_mbps (workload);
  const char *currency = gp_workload_get_currency (workload);

  if (!gp_workload_check (workload, self->catalog, self->data, error))
    return FALSE;

  job->preset = preset_id ? gp_estimator_data_find_preset (self->data, preset_id) : NULL;
  job->reference = gp_catalog_find_gpu (self->catalog,
                                        job->preset ? gp_preset_get_reference_gpu (job->preset)
                                                    : gp_workload_get_reference_gpu (workload));
  job->single_gpu_hours = job->preset
                            ? preset_single_gpu_hours (self->data, workload, job->preset,
                                                       job->reference)
                            : gp_workload_get_gpu_hours (workload);
  job->restart_minutes = gp_workload_get_restart_minutes (workload);
  if (isnan (job->restart_minutes))
    job->restart_minutes = gp_estimator_data_get_coefficient (self->data, "restart_minutes");
  job->checkpoint_minutes = gp_workload_get_checkpoint_minutes (workload);
  job->interruptions_default =
    gp_estimator_data_get_coefficient (self->data, "spot_interruptions_per_month");
  if (isnan (mbps))
    mbps = gp_estimator_data_get_coefficient (self->data, "upload_mbps");
  job->upload_hours = gp_cost_upload_hours (gp_workload_get_dataset_gb (workload), mbps);

  job->rate = 1;
  self->currency = g_strdup (gp_catalog_get_currency (self->catalog));
  if (currency != NULL && g_ascii_strcasecmp (currency, self->currency) != 0)
    {
      job->rate = gp_workload_get_exchange_rate (workload);
      g_free (self->currency);
      self->currency = g_ascii_strup (currency, -1);
    }

  return TRUE;
}

static gboolean
compute (GpEstimateList *self,
         GCancellable   *cancellable,
         GError        **error)
{
  GListModel *offers = gp_catalog_get_offers (self->catalog);
  guint n = g_list_model_get_n_items (offers);
  Job job = { 0 };
  g_autoptr(GHashTable) instances = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  g_autoptr(GHashTable) skipped = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GPtrArray) reasons = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer reason;

  job.instances = instances;
  job.skipped = skipped;
  if (!prepare_job (self, &job, error))
    return FALSE;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GpOffer) offer = g_list_model_get_item (offers, i);

      if (i % 4096 == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;

      estimate_offer (self, &job, offer);
    }

  g_array_sort (self->rows, compare_rows);

  g_hash_table_iter_init (&iter, skipped);
  while (g_hash_table_iter_next (&iter, &reason, NULL))
    g_ptr_array_add (reasons, g_strdup (reason));
  g_ptr_array_sort (reasons, (GCompareFunc) g_strcmp0);
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

/**
 * gp_estimate_list_new:
 * @catalog: the offers
 * @workload: the job; the list keeps a copy, so later changes do not reach it
 * @data: (nullable): the estimator data, or %NULL for the bundled data
 * @error: why the workload cannot be estimated
 *
 * Returns: (transfer full) (nullable): the estimates sorted by total cost, or %NULL with @error
 */
GpEstimateList *
gp_estimate_list_new (GpCatalog        *catalog,
                      GpWorkload       *workload,
                      GpEstimatorData  *data,
                      GError          **error)
{
  g_autoptr(GpEstimateList) self = NULL;

  g_return_val_if_fail (GP_IS_CATALOG (catalog), NULL);
  g_return_val_if_fail (GP_IS_WORKLOAD (workload), NULL);

  self = create (catalog, workload, data);
  if (!compute (self, NULL, error))
    return NULL;

  return g_steal_pointer (&self);
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

/**
 * gp_estimate_list_new_async:
 * @catalog: the offers; it must not change until the callback
 * @workload: the job, copied now
 * @data: (nullable): the estimator data, or %NULL for the bundled data
 * @cancellable: (nullable): to give up, when the form has changed again
 * @callback: called with the result
 * @user_data: for @callback
 *
 * Estimates on a worker thread, so the form keeps answering while a large catalog is done.
 */
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

/**
 * gp_estimate_list_new_finish:
 * @result: the result given to the callback
 * @error: why the workload cannot be estimated, or that it was cancelled
 *
 * Returns: (transfer full) (nullable): the estimates
 */
GpEstimateList *
gp_estimate_list_new_finish (GAsyncResult  *result,
                             GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * gp_estimate_list_get_workload:
 * @self: a #GpEstimateList
 *
 * Returns: (transfer none): the workload as it was when the list was made
 */
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

/**
 * gp_estimate_list_get_skipped:
 * @self: a #GpEstimateList
 *
 * Returns: (transfer none): why some offers have no estimate, one sentence per reason
 */
const char * const *
gp_estimate_list_get_skipped (GpEstimateList *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE_LIST (self), NULL);
  return (const char * const *) self->skipped;
}

/**
 * gp_estimate_list_get_total:
 * @self: a #GpEstimateList
 * @position: a row
 *
 * The total without making the row's object, for charts that draw many bars.
 *
 * Returns: the row's total cost
 */
double
gp_estimate_list_get_total (GpEstimateList *self,
                            guint           position)
{
  g_return_val_if_fail (GP_IS_ESTIMATE_LIST (self), NAN);
  g_return_val_if_fail (position < self->rows->len, NAN);

  return g_array_index (self->rows, GpCostRow, position).total_cost;
}
