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
  double hours = gp_cost_preset_single_gpu_hours (data, preset, gp_gpu_get_id (reference),
                                                  gp_preset_get_reference_gpus (preset),
                                                  gp_preset_get_gpu_hours (preset));

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

static void
read_terms (InstancePlan    *plan,
            GpWorkload      *workload,
            GpEstimatorData *data,
            GpInstance      *instance)
{
  GpProvider *provider = gp_instance_get_provider (instance);
  double dataset = gp_workload_get_dataset_gb (workload);
  double ingress = gp_provider_get_ingress_per_gb (provider);

  plan->provider = provider;
  plan->increment_s = gp_instance_get_billing_increment_s (instance);
  plan->minimum_s = gp_provider_get_billing_minimum_s (provider);
  plan->max_session_hours = gp_provider_get_max_session_hours (provider);
  plan->data_cost = gp_cost_egress (gp_workload_get_results_gb (workload),
                                    gp_provider_get_egress_free_gb (provider),
                                    gp_provider_get_egress_per_gb (provider)) +
                    (isnan (ingress) ? 0 : dataset * ingress);
  plan->discount_1y_pct = gp_provider_get_reserved_1y_discount_pct (provider);
  plan->discount_3y_pct = gp_provider_get_reserved_3y_discount_pct (provider);
  plan->subscription = (gp_provider_get_pricing (provider) & GP_PRICING_SUBSCRIPTION) != 0;
  plan->spot_published = gp_estimator_data_has_spot_interruptions (data,
                                                                   gp_instance_get_id (instance));
}

/* Whether the job fits in each of the instance's GPUs: an offer that does not is still
 * estimated, and listed after every offer that does, saying what it lacks. */
static void
plan_memory (InstancePlan    *plan,
             Job             *job,
             GpEstimatorData *data,
             GpInstance      *instance)
{
  double has = gp_instance_get_gpu_memory_gb (instance);
  GpMeasurement *measured =
      gp_workload_find_measurement (job->workload, gp_gpu_get_id (gp_instance_get_gpu (instance)));

  /* On a GPU the job was measured on, what it held there; the model elsewhere. */
  plan->memory_needed_gb = measured != NULL
                               ? gp_measurement_get_peak_reserved_gb (measured)
                               : gp_memory_needed_gb (data, &job->memory, plan->gpu_count);
  if (isnan (plan->memory_needed_gb) || isnan (has))
    plan->fit = GP_FIT_UNKNOWN;
  else
    plan->fit = has >= plan->memory_needed_gb ? GP_FIT_YES : GP_FIT_NO;
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
  double override = gp_workload_get_scaling_efficiency (workload);
  g_autofree InstancePlan *plan = g_new0 (InstancePlan, 1);

  if (gpu == NULL || count == 0)
    return NULL;
  /* A rented instance comes whole; the lab's own machine lends a job some of its GPUs, a
   * one-GPU job one of its eight, at their share of its hourly cost. */
  if (wanted_gpus > 0 && count != wanted_gpus)
    {
      if (gp_instance_get_lab_cost (instance) == NULL || wanted_gpus > count)
        return NULL;
      plan->share = (double) wanted_gpus / count;
      count = wanted_gpus;
    }
  else
    plan->share = 1;

  if (gp_gpu_get_inference_only (gpu) && job->memory.method != GP_TRAINING_METHOD_INFERENCE)
    {
      _gp_estimate_list_skip (
          job, g_strdup_printf (_("%s: an inference accelerator, which does not run "
                                   "training"),
                                gp_gpu_get_name (gpu)));
      return NULL;
    }
  if (!gp_cost_speed_ratio (data, job->catalog, workload, job->reference, gpu, &plan->ratio,
                            &plan->basis, &plan->source, plan->published) ||
      !(plan->ratio > 0))
    {
      _gp_estimate_list_skip (
          job, g_strdup_printf (_("%s: no measurement or data-sheet figure to scale the "
                                   "speed by"),
                                gp_gpu_get_name (gpu)));
      return NULL;
    }

  plan->precision = gp_cost_effective_precision (gpu, gp_workload_get_precision (workload));
  plan->gpu_count = count;
  plan->efficiency = count > 1 && !isnan (override)
                       ? override
                       /* An instance's GPUs share one machine's fabric. */
                       : gp_estimator_data_scaling_efficiency_in_node (
                           data, job->preset ? gp_preset_get_family (job->preset) : NULL,
                           gp_gpu_get_id (gpu), plan->precision, count, NULL);
  plan->run_hours =
      job->single_gpu_hours * job->recompute / plan->ratio / (count * plan->efficiency);
  plan_memory (plan, job, data, instance);
  plan->gpu_only = gp_instance_get_price_basis (instance) == GP_PRICE_BASIS_GPU_ONLY;
  read_terms (plan, workload, data, instance);
  plan->steady_sessions = gp_cost_sessions (plan->run_hours, plan->max_session_hours);
  plan->steady_billed_hours = gp_cost_billed_hours (plan->run_hours + (plan->steady_sessions - 1) *
                                                                          job->restart_minutes / 60,
                                                    plan->increment_s, plan->minimum_s);

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

/* How far down a row goes whatever its cost: a price a known problem of its source touches,
 * the GPUs alone without their host machine, and a job the GPUs cannot hold are never the
 * cheapest. Worked out as the row is made, while its offer is in the cache: asked in the
 * order of the costs, the offers' memory was a third of the whole estimate. */
enum
{
  RANK_PLAIN,
  RANK_DOUBTFUL,
  RANK_GPU_ONLY,
  RANK_DOES_NOT_FIT,
  N_RANKS
};

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

/* Plans @instance, held by the list, and adds it and its plan where the job may run on it. */
static void
plan_instances (GpEstimateList *self,
                GpInstance     *instance,
                GPtrArray      *planned,
                GPtrArray      *plans)
{
  InstancePlan *plan = wants_provider (self->workload, gp_instance_get_provider (instance))
                           ? plan_instance (self->job, self->workload, self->data, instance)
                           : NULL;

  g_hash_table_insert (self->job->instances, g_object_ref (instance), plan);
  if (plan == NULL)
    return;
  g_ptr_array_add (planned, instance);
  g_ptr_array_add (plans, plan);
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

/* The order of the rows, cheapest first. The key is the total as a single-precision float,
 * whose bits sort as unsigned integers for non-negative values, and a stable LSD radix sort
 * orders it in four passes; runs of equal keys are then put right by insertion, which orders
 * equal totals the faster first. Ties of both keep the catalog's order. */
typedef struct
{
  guint32 key;
  guint32 index;
} RadixItem;

static guint32
float_bits (double value)
{
  float narrow = value > 0 ? (float) value : 0;  /* 0, -0 and NaN first */
  guint32 bits;

  memcpy (&bits, &narrow, sizeof bits);
  return bits;
}

static void
radix_pass (RadixItem *from,
            RadixItem *to,
            guint      n,
            guint      shift)
{
  guint counts[1 << 8] = { 0 };
  guint offset = 0;

  for (guint i = 0; i < n; i++)
    counts[(from[i].key >> shift) & 0xff]++;
  for (guint d = 0; d < G_N_ELEMENTS (counts); d++)
    {
      guint count = counts[d];
      counts[d] = offset;
      offset += count;
    }
  for (guint i = 0; i < n; i++)
    to[counts[(from[i].key >> shift) & 0xff]++] = from[i];
}

#define SMALL_SORT 64

static void
insertion_sort (RadixItem *items,
                guint      n)
{
  for (guint i = 1; i < n; i++)
    {
      RadixItem item = items[i];
      guint j = i;

      for (; j > 0 && items[j - 1].key > item.key; j--)
        items[j] = items[j - 1];
      items[j] = item;
    }
}

static gboolean
ranked_before (const Ranked *a,
               const Ranked *b)
{
  return a->total < b->total || (a->total == b->total && a->wall < b->wall);
}

/* A stable partition by demotion: the order among rows of one rank stays the cost's. @ranks
 * are the rows' ranks, copied in the rows' order: read in the cost's order, they are looked up
 * all over a small array instead of all over the rows, a cache miss each. */
static void
demote (GpEstimateList *self,
        const guint8   *ranks)
{
  guint32 *order = (guint32 *) (gpointer) self->order->data;
  GArray *demoted[N_RANKS] = { NULL };
  guint kept = 0;

  for (guint i = 0; i < self->order->len; i++)
    {
      guint rank = ranks[order[i]];

      if (rank == RANK_PLAIN)
        {
          order[kept++] = order[i];
          continue;
        }
      if (demoted[rank] == NULL)
        demoted[rank] = g_array_new (FALSE, FALSE, sizeof (guint32));
      g_array_append_val (demoted[rank], order[i]);
    }

  for (guint rank = RANK_DOUBTFUL; rank < N_RANKS; rank++)
    {
      if (rank == RANK_GPU_ONLY)
        self->n_options = kept;
      if (demoted[rank] == NULL)
        continue;
      memcpy (order + kept, demoted[rank]->data, demoted[rank]->len * sizeof (guint32));
      kept += demoted[rank]->len;
      g_array_unref (demoted[rank]);
    }
}

static void
sort_rows (GpEstimateList *self)
{
  guint n = self->rows->len;
  g_autofree RadixItem *items = g_new (RadixItem, n);
  g_autofree RadixItem *scratch = g_new (RadixItem, n);
  g_autofree guint8 *ranks = g_new (guint8, n);
  const Ranked *rows = (const Ranked *) (gpointer) self->rows->data;
  guint32 *order;

  for (guint i = 0; i < n; i++)
    {
      items[i] = (RadixItem){ float_bits (rows[i].total), i };
      ranks[i] = rows[i].rank;
    }

  /* Four passes of 8 bits cover the 32-bit key and end back in @items; 256 buckets keep the
   * scattered writes in the cache, which 2,048 did not. A few rows (one instance's, for a
   * plan's phase) are put in the same stable order by insertion, without the buckets. */
  if (n <= SMALL_SORT)
    insertion_sort (items, n);
  else
    {
      radix_pass (items, scratch, n, 0);
      radix_pass (scratch, items, n, 8);
      radix_pass (items, scratch, n, 16);
      radix_pass (scratch, items, n, 24);
    }

  g_array_set_size (self->order, n);
  order = (guint32 *) (gpointer) self->order->data;
  for (guint i = 0; i < n; i++)
    order[i] = items[i].index;

  /* Rounding to single precision keeps the order (a < b gives float (a) ≤ float (b)), so only
   * runs of equal keys may be out of order in double precision, or need the faster first:
   * they are short, and sorted by insertion. Other neighbours are never looked up. */
  for (guint start = 0; start < n;)
    {
      guint end = start + 1;

      while (end < n && items[end].key == items[start].key)
        end++;

      for (guint i = start + 1; i < end; i++)
        for (guint j = i; j > start && ranked_before (&rows[order[j]], &rows[order[j - 1]]); j--)
          {
            guint32 swap = order[j];
            order[j] = order[j - 1];
            order[j - 1] = swap;
          }

      start = end;
    }

  demote (self, ranks);
}

static gboolean
prepare_job (GpEstimateList *self,
             GError        **error)
{
  Job *job = self->job;
  GpWorkload *workload = self->workload;
  const char *preset_id = gp_workload_get_preset (workload);
  double mbps = gp_workload_get_upload_mbps (workload);
  double across;
  const char *currency = gp_workload_get_currency (workload);

  if (!gp_workload_check (workload, self->catalog, self->data, error))
    return FALSE;

  job->preset = preset_id ? gp_estimator_data_find_preset (self->data, preset_id) : NULL;
  gp_memory_job_init (&job->memory, workload, job->preset);
  job->workload = workload;
  job->catalog = self->catalog;
  if (gp_workload_get_measurements (workload)->len > 0)
    {
      /* The user's own job: its tokens at the speed measured on the first GPU. */
      GpMeasurement *measured = g_ptr_array_index (gp_workload_get_measurements (workload), 0);

      job->reference = gp_catalog_find_gpu (self->catalog, gp_measurement_get_gpu (measured));
      job->single_gpu_hours = gp_workload_get_tokens (workload) /
                              gp_measurement_get_tokens_per_second (measured) / 3600;
    }
  else
    {
      job->reference = gp_catalog_find_gpu (self->catalog,
                                            job->preset ? gp_preset_get_reference_gpu (job->preset)
                                                        : gp_workload_get_reference_gpu (workload));
      job->single_gpu_hours =
          job->preset ? preset_single_gpu_hours (self->data, workload, job->preset, job->reference)
                      : gp_workload_get_gpu_hours (workload);
    }
  job->recompute = gp_cost_recompute_factor (self->data, workload);
  job->reference_name =
      job->reference != NULL ? g_intern_string (gp_gpu_get_name (job->reference)) : NULL;
  job->restart_minutes = gp_workload_get_restart_minutes (workload);
  if (isnan (job->restart_minutes))
    job->restart_minutes = gp_estimator_data_get_coefficient (self->data, "restart_minutes");
  job->checkpoint_minutes = gp_workload_get_checkpoint_minutes (workload);
  job->interruptions_overridden = !isnan (gp_workload_get_interruptions_per_month (workload));
  job->interruptions_per_month =
    job->interruptions_overridden
      ? gp_workload_get_interruptions_per_month (workload)
      : gp_estimator_data_get_coefficient (self->data, "spot_interruptions_per_month");
  job->interruptions_per_hour = gp_cost_interruptions_per_hour (job->interruptions_per_month);
  job->stored_gb = gp_workload_get_dataset_gb (workload) + gp_workload_get_results_gb (workload);
  job->storage_per_gb_month = gp_workload_get_storage_per_gb_month (workload);
  job->interruptible = gp_workload_get_interruptible (workload);
  job->region = gp_workload_get_region (workload);
  if (isnan (mbps))
    mbps = gp_estimator_data_get_coefficient (self->data, "upload_mbps");
  job->upload_hours = gp_cost_upload_hours (gp_workload_get_dataset_gb (workload), mbps);
  /* From a lab in mainland China the data crosses the border no faster than the link does. */
  job->lab = gp_workload_get_lab_location (workload);
  across = gp_workload_get_cross_border_mbps (workload);
  if (isnan (across))
    across = gp_estimator_data_get_coefficient (self->data, "cross_border_mbps");
  job->cross_border_upload_hours =
      gp_cost_upload_hours (gp_workload_get_dataset_gb (workload), MIN (mbps, across));

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
  if (!prepare_job (self, error))
    return FALSE;

  /* A plan's phase names its instance: its offers alone, not the catalog's. */
  if (self->only != NULL)
    {
      n_instances = 0;
      plan_instances (self, self->only, planned, plans);
    }
  for (guint i = 0; i < n_instances; i++)
    {
      /* The catalog holds its instances for as long as the list holds the catalog. */
      GpInstance *instance = g_list_model_get_item (instances, i);

      g_object_unref (instance);
      if (i % 64 == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      plan_instances (self, instance, planned, plans);
    }
  if (!estimate_shares (self, planned, plans, self->only != NULL ? 0 : n, cancellable, error))
    return FALSE;

  sort_rows (self);

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
