/* gp-project-cost.c — what a hybrid plan costs, how long it takes, and what data it moves
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each phase is estimated as a job of its own on the offer it names, with the same speed and
 * cost model as the Estimate page: its data stored where it runs, and the results brought
 * back after the last. The data then moves from place to place: from the lab to the first
 * phase's place, and on whenever a phase runs somewhere else than the one before, at the
 * lab's upload speed, paying the egress of the place it leaves. On the lab's own machine the
 * compute is what running it costs for the hours of use; its purchase, when the plan buys
 * it, is equipment.
 */

#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "gp-cost-model.h"
#include "gp-emissions.h"
#include "gp-estimate-list.h"
#include "gp-format.h"
#include "gp-lab-cost.h"
#include "gp-project-cost.h"
#include "gp-text.h"

static void
phase_cost_free (GpPhaseCost *cost)
{
  g_clear_object (&cost->estimate);
  g_free (cost);
}

void
gp_project_cost_free (GpProjectCost *cost)
{
  if (cost == NULL)
    return;
  g_free (cost->currency);
  g_free (cost->catalog_currency);
  g_free (cost->rate_basis);
  g_ptr_array_unref (cost->phases);
  g_ptr_array_unref (cost->sources);
  g_ptr_array_unref (cost->assumptions);
  g_free (cost);
}

double
gp_phase_cost_total (const GpPhaseCost *cost)
{
  return cost->compute + cost->storage + cost->transfer + cost->interruptions + cost->equipment +
         cost->move_egress;
}

void
gp_project_cost_sum_emissions (const GpProjectCost *cost,
                               double              *co2e_kg,
                               guint               *unknown)
{
  *co2e_kg = 0;
  *unknown = 0;
  for (guint i = 0; i < cost->phases->len; i++)
    {
      GpPhaseCost *phase = g_ptr_array_index (cost->phases, i);
      double co2e = gp_estimate_get_emissions (phase->estimate)->co2e_kg;

      if (isnan (co2e))
        (*unknown)++;
      else
        *co2e_kg += co2e;
    }
}

char *
gp_phase_cost_dup_emissions (const GpPhaseCost *cost)
{
  const GpEmissions *emissions = gp_estimate_get_emissions (cost->estimate);
  const GpGridFigure *grid = gp_estimate_get_grid (cost->estimate);
  g_autofree char *summary = gp_emissions_dup_summary (emissions);

  if (summary == NULL)
    return g_strdup (_("not estimated (no data-sheet power or PUE)"));
  if (isnan (emissions->co2e_kg) || grid == NULL)
    return g_steal_pointer (&summary);
  /* Translators: a phase's emissions and the grid they rest on, "18.0 kgCO2e (grid zone FI,
   * 2024)" */
  return g_strdup_printf (_("%s (grid zone %s, %u)"), summary, grid->zone, grid->year);
}

char *
gp_project_cost_dup_emissions (const GpProjectCost *cost)
{
  g_autofree char *total = NULL;
  double co2e_kg;
  guint unknown;

  gp_project_cost_sum_emissions (cost, &co2e_kg, &unknown);
  total = gp_format_number (co2e_kg, 1);
  if (unknown > 0)
    /* Translators: a plan's emissions where some phases' are unknown */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "In all: %s kgCO2e, and %u phase not estimated",
                                         "In all: %s kgCO2e, and %u phases not estimated", unknown),
                            total, unknown);
  /* Translators: a plan's emissions */
  return g_strdup_printf (_("In all: %s kgCO2e"), total);
}

static void
add_source (GpProjectCost *cost,
            GpSource      *source)
{
  if (source != NULL && !g_ptr_array_find (cost->sources, source, NULL))
    g_ptr_array_add (cost->sources, g_object_ref (source));
}

/* @said holds the assumptions' texts already added: a plan's phases repeat them. */
static void
add_assumption (GpProjectCost *cost,
                GHashTable    *said,
                const char    *text)
{
  if (!g_hash_table_contains (said, text))
    {
      char *copy = g_strdup (text);

      g_ptr_array_add (cost->assumptions, copy);
      g_hash_table_add (said, copy);
    }
}

/* The phase as a job of its own, restricted to its instance's platform and region. */
static GpWorkload *
phase_workload (const GpProject *project,
                GpWorkload      *base,
                guint            index,
                GpInstance      *instance)
{
  const GpPhase *phase = g_ptr_array_index (project->phases, index);
  GpWorkload *workload = base != NULL ? gp_workload_copy (base) : gp_workload_new ();
  const char *providers[] = { gp_provider_get_id (gp_instance_get_provider (instance)), NULL };

  /* The job the phase came from, as its estimate had it; the plan's own figures below. */
  if (phase->job != NULL)
    gp_workload_apply_variant (workload, phase->job);
  /* Hours not given: the base's job as it is, a published workload's included. */
  if (!isnan (phase->gpu_hours))
    {
      gp_workload_set_preset (workload, NULL);
      gp_workload_set_gpu_hours (workload, phase->gpu_hours);
    }
  /* The phase's own GPU first: its hours were counted on it, whatever the other phases'. */
  if (phase->reference_gpu != NULL)
    gp_workload_set_reference_gpu (workload, phase->reference_gpu);
  else if (project->reference_gpu != NULL)
    gp_workload_set_reference_gpu (workload, project->reference_gpu);
  gp_workload_set_dataset_gb (workload, project->dataset_gb);
  gp_workload_set_results_gb (workload,
                              index + 1 == project->phases->len ? project->results_gb : 0);
  if (project->upload_mbps > 0)
    gp_workload_set_upload_mbps (workload, project->upload_mbps);
  /* The phase names its instance: whatever its GPUs, the job runs on them all. */
  gp_workload_set_gpus (workload, 0);
  gp_workload_set_providers (workload, providers);
  gp_workload_set_region (workload, phase->region);
  /* Spot is asked for: the job is one that checkpoints. */
  if (phase->pricing == GP_ESTIMATE_PRICING_SPOT)
    gp_workload_set_interruptible (workload, TRUE);
  return workload;
}

static GpEstimate *
find_estimate (GpEstimateList *list,
               const GpPhase  *phase)
{
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (list)); i++)
    {
      g_autoptr(GpEstimate) estimate = g_list_model_get_item (G_LIST_MODEL (list), i);
      GpOffer *offer = gp_estimate_get_offer (estimate);

      if (g_strcmp0 (gp_instance_get_id (gp_estimate_get_instance (estimate)), phase->instance) ==
              0 &&
          gp_estimate_get_pricing (estimate) == phase->pricing &&
          (phase->region == NULL || g_strcmp0 (gp_offer_get_region_id (offer), phase->region) == 0))
        return g_steal_pointer (&estimate);
    }
  return NULL;
}

G_GNUC_PRINTF (3, 4)
static gboolean
phase_error (GError    **error,
             guint       index,
             const char *format,
             ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  /* Translators: a plan's phase that cannot be costed: its place in the list, and why */
  g_set_error (error, GP_PROJECT_ERROR, GP_PROJECT_ERROR_INVALID, _("phases[%u]: %s"), index,
               message);
  return FALSE;
}

/* A GPU the hours are counted on must be the catalog's: one that is not is named by its path
 * in the plan file, with the id it most likely meant. */
static gboolean
check_reference_gpu (GpCatalog   *catalog,
                     const char  *id,
                     const char  *path,
                     GError     **error)
{
  GListModel *gpus = gp_catalog_get_gpus (catalog);
  g_autoptr(GPtrArray) known = g_ptr_array_new_with_free_func (g_free);

  if (id == NULL || gp_catalog_find_gpu (catalog, id) != NULL)
    return TRUE;
  for (guint i = 0; i < g_list_model_get_n_items (gpus); i++)
    {
      g_autoptr(GpGpu) gpu = g_list_model_get_item (gpus, i);

      g_ptr_array_add (known, g_strdup (gp_gpu_get_id (gpu)));
    }
  if (known->len == 0)
    /* Translators: a plan's reference GPU that the catalog does not have: where, and its id */
    g_set_error (error, GP_PROJECT_ERROR, GP_PROJECT_ERROR_INVALID,
                 _("%s: no GPU “%s” in the catalog"), path, id);
  else
    {
      g_ptr_array_add (known, NULL);
      /* Translators: a plan's reference GPU that the catalog does not have: where, its id,
       * and the catalog's id nearest it */
      g_set_error (error, GP_PROJECT_ERROR, GP_PROJECT_ERROR_INVALID,
                   _("%s: no GPU “%s” in the catalog; did you mean “%s”?"), path, id,
                   gp_text_nearest (id, (const char *const *) known->pdata));
    }
  return FALSE;
}

static gboolean
check_reference_gpus (GpCatalog        *catalog,
                      const GpProject  *project,
                      GError          **error)
{
  if (!check_reference_gpu (catalog, project->reference_gpu, "reference_gpu", error))
    return FALSE;
  for (guint i = 0; i < project->phases->len; i++)
    {
      const GpPhase *phase = g_ptr_array_index (project->phases, i);
      g_autofree char *path = g_strdup_printf ("phases[%u].reference_gpu", i);

      if (!check_reference_gpu (catalog, phase->reference_gpu, path, error))
        return FALSE;
    }
  return TRUE;
}

/* The rate from the catalog's currency to the plan's. */
static double
list_rate (GpWorkload *workload)
{
  double rate = gp_workload_get_exchange_rate (workload);

  return isfinite (rate) && rate > 0 ? rate : 1;
}

static gboolean
cost_phase (GpProjectCost   *cost,
            GpCatalog       *catalog,
            GpWorkload      *base,
            guint            index,
            GHashTable      *bought,
            GHashTable      *said,
            GError         **error)
{
  const GpProject *project = cost->project;
  const GpPhase *phase = g_ptr_array_index (project->phases, index);
  GpInstance *instance = gp_catalog_find_instance (catalog, phase->instance);
  g_autoptr(GpWorkload) workload = NULL;
  g_autoptr(GpEstimateList) list = NULL;
  g_autoptr(GError) local_error = NULL;
  const GpLabCost *lab;
  GpPhaseCost *phase_cost;
  const char *const *assumptions;

  if (instance == NULL)
    return phase_error (error, index, _("instance: no instance “%s” in the catalog"),
                        phase->instance);
  lab = gp_instance_get_lab_cost (instance);
  if (phase->purchase && lab == NULL)
    return phase_error (error, index, _("purchase: only a lab machine is bought"));

  workload = phase_workload (project, base, index, instance);
  list = gp_estimate_list_new_for_instance (catalog, workload, instance, &local_error);
  if (list == NULL)
    return phase_error (error, index, "%s", local_error->message);

  phase_cost = g_new0 (GpPhaseCost, 1);
  phase_cost->phase = phase;
  g_ptr_array_add (cost->phases, phase_cost);
  phase_cost->estimate = find_estimate (list, phase);
  if (phase_cost->estimate == NULL)
    return phase_error (error, index, _("the job cannot run on %s in %s, %s (see “estimate”)"),
                        phase->instance, phase->region != NULL ? phase->region : _("any region"),
                        gp_estimate_pricing_get_label (phase->pricing));

  if (cost->currency == NULL)
    {
      cost->currency = g_strdup (gp_estimate_get_currency (phase_cost->estimate));
      cost->rate = list_rate (workload);
      if (!isnan (gp_workload_get_exchange_rate (workload)))
        cost->rate_basis = g_strdup (gp_workload_get_exchange_rate_basis (workload));
    }

  phase_cost->owned = lab != NULL;
  phase_cost->compute = gp_estimate_get_compute_cost (phase_cost->estimate);
  phase_cost->storage = gp_estimate_get_storage_cost (phase_cost->estimate);
  phase_cost->transfer = gp_estimate_get_transfer_cost (phase_cost->estimate);
  phase_cost->interruptions = gp_estimate_get_interruption_cost (phase_cost->estimate);
  phase_cost->hours = gp_estimate_get_wall_hours (phase_cost->estimate);
  if (lab != NULL)
    {
      guint gpus = gp_instance_get_gpu_count (instance);
      GpLabTerms terms;
      double per_gpu_hour = gp_lab_cost_per_gpu_hour (lab, gpus, &terms);
      g_autofree char *running = NULL;

      /* What was paid for the machine is not spent again by using it. */
      phase_cost->compute *= (per_gpu_hour - terms.capital) / per_gpu_hour;
      running = g_strdup_printf (
          _("%s: running costs alone (maintenance, staff, energy), %.0f%% of its full cost a "
             "GPU-hour; its purchase is counted once, as equipment, or was paid before the plan"),
          gp_instance_get_name (instance), 100 * (per_gpu_hour - terms.capital) / per_gpu_hour);

      add_assumption (cost, said, running);
      if (phase->purchase && g_hash_table_add (bought, phase->instance))
        phase_cost->equipment =
            lab->price * gp_instance_get_to_catalog (instance) * list_rate (workload);
    }

  add_source (cost, gp_estimate_get_price_source (phase_cost->estimate));
  add_source (cost, gp_instance_get_derived_source (instance));
  assumptions = gp_estimate_get_assumptions (phase_cost->estimate);
  for (guint i = 0; assumptions != NULL && assumptions[i] != NULL; i++)
    add_assumption (cost, said, assumptions[i]);
  return TRUE;
}

/* The data goes from the lab to the first place, and on at every change of place. */
static void
cost_moves (GpProjectCost *cost,
            GpWorkload    *base)
{
  double mbps = cost->project->upload_mbps > 0 ? cost->project->upload_mbps
                : base != NULL                 ? gp_workload_get_upload_mbps (base)
                                               : 0;
  GpOffer *from = NULL;

  if (!(mbps > 0))
    {
      g_autoptr(GpWorkload) defaults = gp_workload_new ();

      mbps = gp_workload_get_upload_mbps (defaults);
    }
  for (guint i = 0; i < cost->phases->len; i++)
    {
      GpPhaseCost *phase = g_ptr_array_index (cost->phases, i);
      GpOffer *offer = gp_estimate_get_offer (phase->estimate);
      /* A place is a platform's region; the lab's machines are all at the lab. */
      gboolean same_place =
          from != NULL
              ? gp_offer_get_provider (from) == gp_offer_get_provider (offer) &&
                    g_strcmp0 (gp_offer_get_region_id (from), gp_offer_get_region_id (offer)) == 0
              : phase->owned;

      if (!same_place && cost->project->dataset_gb > 0)
        {
          phase->move_gb = cost->project->dataset_gb;
          phase->move_hours = phase->move_gb * 8000 / mbps / 3600;
          if (from != NULL && gp_instance_get_lab_cost (gp_offer_get_instance (from)) == NULL)
            {
              GpProvider *provider = gp_offer_get_provider (from);
              double egress = gp_provider_get_egress_per_gb (provider);

              if (isfinite (egress) && egress > 0)
                phase->move_egress = egress * phase->move_gb *
                                     gp_instance_get_to_catalog (gp_offer_get_instance (from)) *
                                     cost->rate;
              add_source (cost, gp_provider_get_transfer_source (provider));
            }
          cost->moved_gb += phase->move_gb;
        }
      from = offer;
    }
}

GpProjectCost *
gp_project_cost_new (GpCatalog        *catalog,
                     const GpProject  *project,
                     GpWorkload       *base,
                     GError          **error)
{
  g_autoptr(GpProjectCost) cost = g_new0 (GpProjectCost, 1);
  g_autoptr(GHashTable) bought = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) said = g_hash_table_new (g_str_hash, g_str_equal);

  g_return_val_if_fail (GP_IS_CATALOG (catalog), NULL);
  g_return_val_if_fail (project != NULL, NULL);

  cost->project = project;
  cost->catalog_currency = g_strdup (gp_catalog_get_currency (catalog));
  cost->phases = g_ptr_array_new_with_free_func ((GDestroyNotify) phase_cost_free);
  cost->sources = g_ptr_array_new_with_free_func (g_object_unref);
  cost->assumptions = g_ptr_array_new_with_free_func (g_free);
  if (!check_reference_gpus (catalog, project, error))
    return NULL;
  for (guint i = 0; i < project->phases->len; i++)
    if (!cost_phase (cost, catalog, base, i, bought, said, error))
      return NULL;

  cost_moves (cost, base);
  for (guint i = 0; i < cost->phases->len; i++)
    {
      GpPhaseCost *phase = g_ptr_array_index (cost->phases, i);

      cost->total += gp_phase_cost_total (phase);
      cost->hours += phase->hours + phase->move_hours;
    }
  return g_steal_pointer (&cost);
}
