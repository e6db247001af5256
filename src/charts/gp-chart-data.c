/* gp-chart-data.c — the numbers and words a chart shows, taken once from the estimates
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Charts never read the estimates themselves: the data is normalised here once (one item
 * per instance and way of paying, its cheapest region; the Pareto front marked) and every
 * chart, the widget's hover text, the accessible description and the CSV read the same items.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "gp-chart-data.h"
#include "gp-currency.h"
#include "gp-estimate-group.h"
#include "gp-cost-model.h"
#include "gp-csv.h"
#include "gp-format.h"

struct _GpChartData
{
  gatomicrefcount  ref_count;
  char            *currency;
  char            *footnote;
  char *footnote_head; /* before the price sources, which depend on what is shown */
  char *footnote_tail; /* after them */
  char *title;         /* when not the chart kind's own */
  char *value_title;   /* the value axis's, when not the total cost */
  char *across_title;  /* a value chart's axis across, when not the time to finish */
  char *across_unit;   /* and the unit of its figures */
  GArray          *items;
  guint            hidden;
  guint revision;         /* counts the changes: a layout of older data is one to redo */
  gboolean pareto_stale;  /* items were added since the Pareto marks were made */
  double marker;          /* a line charts' mark across the months, < 0 for none */
  guint stale_after_days; /* the catalog's, for the sources the footnote cites */
  char *marker_label;
  GpChartDataCsvFunc to_csv; /* the data's own CSV, when its values are not costs */
};

G_DEFINE_BOXED_TYPE (GpChartData, gp_chart_data, gp_chart_data_ref, gp_chart_data_unref)

static void
item_clear (GpChartItem *item)
{
  g_clear_pointer (&item->label, g_free);
  g_clear_pointer (&item->region, g_free);
  g_clear_pointer (&item->sources, g_ptr_array_unref);
}

GpChartData *
gp_chart_data_new (const char *currency)
{
  GpChartData *data = g_new0 (GpChartData, 1);

  g_atomic_ref_count_init (&data->ref_count);
  data->marker = -1;
  data->stale_after_days = GP_STALE_AFTER_DAYS;
  data->currency = g_strdup (currency);
  data->items = g_array_new (FALSE, TRUE, sizeof (GpChartItem));
  g_array_set_clear_func (data->items, (GDestroyNotify) item_clear);

  return data;
}

/* A copy of @data that shares nothing with it but the price sources, which never change: what
 * an export draws on a worker thread while the page goes on changing @data. */
GpChartData *
gp_chart_data_copy (GpChartData *data)
{
  GpChartData *copy;

  g_return_val_if_fail (data != NULL, NULL);

  copy = gp_chart_data_new (data->currency);
  copy->footnote = g_strdup (data->footnote);
  copy->footnote_head = g_strdup (data->footnote_head);
  copy->footnote_tail = g_strdup (data->footnote_tail);
  copy->title = g_strdup (data->title);
  copy->value_title = g_strdup (data->value_title);
  copy->hidden = data->hidden;
  copy->revision = data->revision;
  copy->pareto_stale = data->pareto_stale;
  copy->marker = data->marker;
  copy->stale_after_days = data->stale_after_days;
  copy->marker_label = g_strdup (data->marker_label);
  copy->to_csv = data->to_csv;
  for (guint i = 0; i < data->items->len; i++)
    {
      GpChartItem item = g_array_index (data->items, GpChartItem, i);

      item.label = g_strdup (item.label);
      item.region = g_strdup (item.region);
      if (item.sources != NULL)
        item.sources = g_ptr_array_ref (item.sources);
      g_array_append_val (copy->items, item);
    }
  return copy;
}

GpChartData *
gp_chart_data_ref (GpChartData *data)
{
  g_return_val_if_fail (data != NULL, NULL);

  g_atomic_ref_count_inc (&data->ref_count);
  return data;
}

void
gp_chart_data_unref (GpChartData *data)
{
  g_return_if_fail (data != NULL);

  if (g_atomic_ref_count_dec (&data->ref_count))
    {
      g_array_unref (data->items);
      g_free (data->currency);
      g_free (data->footnote);
      g_free (data->footnote_head);
      g_free (data->footnote_tail);
      g_free (data->title);
      g_free (data->value_title);
      g_free (data->across_title);
      g_free (data->across_unit);
      g_free (data->marker_label);
      g_free (data);
    }
}

/* Cheapest first, then fastest: the order in which a sweep finds the items no other beats. */
static int
compare_cost_then_hours (gconstpointer a,
                         gconstpointer b,
                         gpointer      user_data)
{
  GArray *items = user_data;
  const GpChartItem *x = &g_array_index (items, GpChartItem, *(const guint *) a);
  const GpChartItem *y = &g_array_index (items, GpChartItem, *(const guint *) b);

  if (x->total != y->total)
    return x->total < y->total ? -1 : 1;
  if (x->hours != y->hours)
    return x->hours < y->hours ? -1 : 1;
  return 0;
}

/* An item is on the Pareto front when no other is at least as cheap and as fast, and better in
 * one: sorted by cost, an item is on it when it is faster than every cheaper item and the
 * fastest of those as cheap. Marked when first asked, once for all the items added: marking at
 * each add took minutes for a budget of 10,000 phases. */
static void
ensure_pareto (GpChartData *data)
{
  g_autoptr(GArray) order = NULL;
  double fastest_cheaper = INFINITY;

  if (!data->pareto_stale)
    return;
  data->pareto_stale = FALSE;
  order = g_array_sized_new (FALSE, FALSE, sizeof (guint), data->items->len);
  for (guint i = 0; i < data->items->len; i++)
    {
      GpChartItem *item = &g_array_index (data->items, GpChartItem, i);

      /* An item of unknown time neither beats nor is beaten; one the lab cannot reach is
       * no answer. */
      item->pareto = !item->unreachable;
      if (!isnan (item->hours) && !item->unreachable)
        g_array_append_val (order, i);
    }
  g_array_sort_with_data (order, compare_cost_then_hours, data->items);

  for (guint start = 0; start < order->len;)
    {
      const GpChartItem *first =
          &g_array_index (data->items, GpChartItem, g_array_index (order, guint, start));
      double fastest_here = first->hours;
      guint end = start;

      /* The items of one cost: only the fastest of them may be on the front. */
      while (end < order->len &&
             g_array_index (data->items, GpChartItem, g_array_index (order, guint, end)).total ==
                 first->total)
        {
          GpChartItem *item =
              &g_array_index (data->items, GpChartItem, g_array_index (order, guint, end));

          item->pareto = item->hours == fastest_here && item->hours < fastest_cheaper;
          end++;
        }
      fastest_cheaper = MIN (fastest_cheaper, fastest_here);
      start = end;
    }
}

void
gp_chart_data_add (GpChartData  *data,
                   const char   *label,
                   guint         group,
                   const double *parts,
                   double        hours)
{
  GpChartItem item = { g_strdup (label), NULL, group, 0, { 0 }, hours, FALSE, NULL };

  g_return_if_fail (data != NULL);

  for (guint i = 0; i < GP_CHART_N_PARTS; i++)
    {
      item.parts[i] = isfinite (parts[i]) && parts[i] > 0 ? parts[i] : 0;
      item.total += item.parts[i];
    }
  item.low = item.high = item.total;

  g_array_append_val (data->items, item);
  data->pareto_stale = TRUE;
  data->revision++;
}

void
gp_chart_data_set_csv_func (GpChartData        *data,
                            GpChartDataCsvFunc  to_csv)
{
  g_return_if_fail (data != NULL);
  data->to_csv = to_csv;
}

gboolean
gp_chart_data_is_costs (GpChartData *data)
{
  g_return_val_if_fail (data != NULL, FALSE);
  return data->to_csv == NULL;
}

/* Marks the item as its platform's best: an export grows until every such item has its bar. */
void
gp_chart_data_set_platform_best (GpChartData *data,
                                 guint        index)
{
  g_return_if_fail (data != NULL && index < data->items->len);
  g_array_index (data->items, GpChartItem, index).platform_best = TRUE;
}

char *
gp_chart_data_dup_workload_summary (GpEstimateList *list)
{
  GpWorkload *workload = gp_estimate_list_get_workload (list);
  GpEstimatorData *estimator = gp_estimator_data_get_default ();
  const char *preset_id = gp_workload_get_preset (workload);
  GpPreset *preset = preset_id ? gp_estimator_data_find_preset (estimator, preset_id) : NULL;
  const char *precision = gp_precision_to_string (gp_workload_get_precision (workload));
  g_autofree char *upper = g_ascii_strup (precision, -1);
  g_autofree char *hours = NULL;
  GpGpu *reference;

  if (preset != NULL)
    return g_strdup_printf (_("Workload: %s (%s), %s."), gp_preset_get_name (preset),
                            gp_source_get_title (gp_preset_get_source (preset)), upper);

  hours = gp_format_number (
      gp_workload_get_gpu_hours (workload),
      gp_workload_get_gpu_hours (workload) == floor (gp_workload_get_gpu_hours (workload)) ? 0 : 1);
  reference = gp_estimate_list_get_reference_model (list);
  return g_strdup_printf (_("Workload: %s GPU-hours on one %s, %s."), hours,
                          reference != NULL ? gp_gpu_get_name (reference)
                                            : gp_workload_get_reference_gpu (workload),
                          upper);
}

char *
gp_chart_data_dup_prices_line (GpEstimateList *list)
{
  GpWorkload *workload = gp_estimate_list_get_workload (list);

  return gp_currency_dup_prices_line (gp_estimate_list_get_currency (list),
                                      gp_workload_get_exchange_rate (workload),
                                      gp_workload_get_exchange_rate_basis (workload));
}

/* "SkyPilot price catalog, AWS (as of 2025-09-12)": a source and its date. */
static char *
source_entry (GpSource *source,
              guint     stale_after_days)
{
  if (gp_source_is_stale (source, stale_after_days))
    /* Translators: a price source in a chart's footnote, past the staleness limit */
    return g_strdup_printf (_("%s (as of %s, stale)"), gp_source_get_title (source),
                            gp_source_get_as_of (source));
  return g_strdup_printf (_("%s (as of %s)"), gp_source_get_title (source),
                          gp_source_get_as_of (source));
}

/* "Prices: SkyPilot price catalog, AWS (as of 2025-09-12); …": the sources of what is shown,
 * when they are few enough to name inline. */
static char *
sources_summary (GPtrArray *sources,
                 guint      stale_after_days)
{
  g_autoptr(GString) text = NULL;

  if (sources->len == 0)
    return g_strdup ("");

  text = g_string_new (_("Prices: "));
  for (guint i = 0; i < sources->len; i++)
    {
      g_autofree char *entry = source_entry (g_ptr_array_index (sources, i), stale_after_days);

      if (i > 0)
        g_string_append (text, "; ");
      g_string_append (text, entry);
    }
  g_string_append_c (text, '.');

  return g_string_free (g_steal_pointer (&text), FALSE);
}

void
gp_chart_item_set_sources (GpChartItem *item,
                           GpSource    *source,
                           GpSource    *derived_from)
{
  g_clear_pointer (&item->sources, g_ptr_array_unref);
  item->sources = g_ptr_array_new_with_free_func (g_object_unref);
  if (source != NULL)
    g_ptr_array_add (item->sources, g_object_ref (source));
  if (derived_from != NULL && derived_from != source)
    g_ptr_array_add (item->sources, g_object_ref (derived_from));
}

/* Two items of one way of paying with the same short name (two machines with the same GPUs)
 * are named by their instance instead, so that no two bars read alike. @by_instance holds
 * those names, one per item. */
static void
name_apart (GpChartData *data,
            GPtrArray   *by_instance)
{
  g_autoptr(GArray) alike = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; i < data->items->len; i++)
    for (guint j = 0; j < data->items->len; j++)
      {
        GpChartItem *item = &g_array_index (data->items, GpChartItem, i);
        GpChartItem *other = &g_array_index (data->items, GpChartItem, j);

        if (i != j && item->group == other->group && g_str_equal (item->label, other->label))
          {
            g_array_append_val (alike, i);
            break;
          }
      }

  for (guint k = 0; k < alike->len; k++)
    {
      guint i = g_array_index (alike, guint, k);
      GpChartItem *item = &g_array_index (data->items, GpChartItem, i);

      g_free (item->label);
      item->label = g_strdup (g_ptr_array_index (by_instance, i));
    }
}

/* The item an estimate gives: its instance and way of paying. */
static char *
item_key (GpEstimate *estimate)
{
  return g_strdup_printf ("%s %d", gp_instance_get_id (gp_estimate_get_instance (estimate)),
                          gp_estimate_get_pricing (estimate));
}

/* Whether @estimate is an option at all (as gp_estimate_is_option(), but a doubtful price keeps
 * its bar, marked): counting why the others are left out, for the footnote. */
static gboolean
is_option (GpEstimate *estimate,
           guint      *commitments_left_out,
           guint      *unfit_left_out)
{
  if (gp_estimate_is_unused_commitment (estimate))
    {
      (*commitments_left_out)++;
      return FALSE;
    }
  if (gp_estimate_get_fit (estimate) == GP_FIT_NO || gp_estimate_is_gpu_only (estimate))
    {
      (*unfit_left_out)++;
      return FALSE;
    }
  return TRUE;
}

/* The key of each platform's best option (gp_estimate_group_list()) into @bests; the names of
 * the platforms with estimates but no option, into @unable. */
static void
find_platform_bests (GpEstimateList *list,
                     GHashTable     *bests,
                     GStrv          *unable)
{
  g_autoptr(GListModel) platforms =
      gp_estimate_group_list (list, GP_ESTIMATE_GROUPING_PLATFORM, unable);

  for (guint i = 0; i < g_list_model_get_n_items (platforms); i++)
    {
      g_autoptr(GpEstimateGroup) platform = g_list_model_get_item (platforms, i);

      g_hash_table_add (bests, item_key (gp_estimate_group_get_best (platform)));
    }
}

static GpChartData *
new_from_estimates (GpEstimateList *list, guint max_items, gboolean every_platform);

/* One item per instance and way of paying, in its cheapest region (the same machine in two
 * regions at one price is one bar, not two): first the best option of every platform that can
 * run the job (marked #GpChartItem.platform_best, kept before any other when room is short),
 * then the cheapest others. The footnote names the workload, the platforms that cannot run
 * it, the price sources with their as-of dates, and the date of the estimate. */
GpChartData *
gp_chart_data_new_from_estimates (GpEstimateList *list,
                                  guint           max_items)
{
  return new_from_estimates (list, max_items, TRUE);
}

/* As gp_chart_data_new_from_estimates(), but the cheapest options alone, whatever their
 * platform. */
GpChartData *
gp_chart_data_new_cheapest (GpEstimateList *list,
                            guint           max_items)
{
  return new_from_estimates (list, max_items, FALSE);
}

static GpChartData *
new_from_estimates (GpEstimateList *list,
                    guint           max_items,
                    gboolean        every_platform)
{
  g_autoptr(GHashTable) bests = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_auto(GStrv) unable = NULL;
  g_autofree char *unable_text = NULL;
  g_autofree char *no_option = NULL;
  GpChartData *data = gp_chart_data_new (gp_estimate_list_get_currency (list));
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GPtrArray) sources = g_ptr_array_new ();
  g_autoptr(GPtrArray) by_instance = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *today = g_date_time_format (now, "%Y-%m-%d");
  g_autofree char *workload = gp_chart_data_dup_workload_summary (list);
  g_autofree char *prices = NULL;
  g_autofree char *converted = NULL;
  guint n = g_list_model_get_n_items (G_LIST_MODEL (list));
  guint commitments_left_out = 0;
  guint unfit_left_out = 0;
  guint derived = 0;
  guint reach_marked = 0;
  guint shown_bests = 0;

  data->stale_after_days = gp_estimate_list_get_stale_after_days (list);
  if (every_platform)
    find_platform_bests (list, bests, &unable);
  if (unable != NULL && unable[0] != NULL)
    unable_text = g_strjoinv (_(", "), unable);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GpEstimate) estimate = g_list_model_get_item (G_LIST_MODEL (list), i);
      GpOffer *offer = gp_estimate_get_offer (estimate);
      GpSource *source = gp_estimate_get_price_source (estimate);
      g_autofree char *key = item_key (estimate);
      gboolean platform_best = g_hash_table_contains (bests, key);
      g_autofree char *name = NULL, *label = NULL;
      double parts[GP_CHART_N_PARTS] = {
        gp_estimate_get_compute_cost (estimate), gp_estimate_get_storage_cost (estimate),
        gp_estimate_get_transfer_cost (estimate), gp_estimate_get_interruption_cost (estimate),
      };

      if (!g_hash_table_add (seen, g_steal_pointer (&key)))
        continue;

      if (!is_option (estimate, &commitments_left_out, &unfit_left_out))
        continue;

      /* Every platform's best has its bar; the others as many as asked for. */
      if (!platform_best && data->items->len - shown_bests >= max_items)
        {
          data->hidden++;
          continue;
        }
      shown_bests += platform_best;

      /* The region is left to the CSV and the hover text: it makes the bars' names long and
       * the item is already the instance's cheapest region. */
      label = gp_estimate_dup_short_label (estimate, FALSE);
      if (gp_estimate_is_derived (estimate))
        {
          g_autofree char *instance = gp_estimate_dup_short_label (estimate, TRUE);

          /* Translators: a bar's name whose price is estimated, "≈ SageMaker · 1× A100" */
          name = g_strdup_printf (C_("estimate", "≈ %s"), label);
          g_ptr_array_add (by_instance, g_strdup_printf (C_("estimate", "≈ %s"), instance));
          derived++;
          if (gp_instance_get_derived_source (gp_estimate_get_instance (estimate)) != NULL &&
              !g_ptr_array_find (
                  sources, gp_instance_get_derived_source (gp_estimate_get_instance (estimate)),
                  NULL))
            g_ptr_array_add (sources,
                             gp_instance_get_derived_source (gp_estimate_get_instance (estimate)));
        }
      else
        {
          name = g_steal_pointer (&label);
          g_ptr_array_add (by_instance, gp_estimate_dup_short_label (estimate, TRUE));
        }
      g_clear_pointer (&label, g_free);
      /* A lab in mainland China sees on the bar itself what needs a cross-border route,
       * under either of its names. */
      if (gp_estimate_get_reach_mark (estimate) != NULL)
        {
          const char *mark = gp_estimate_get_reach_mark (estimate);
          char **apart = (char **) &by_instance->pdata[by_instance->len - 1];
          char *marked = gp_chart_mark_reach (name, mark);

          g_free (name);
          name = marked;
          marked = gp_chart_mark_reach (*apart, mark);
          g_free (*apart);
          *apart = marked;
          reach_marked++;
        }
      gp_chart_data_add (data, name, gp_estimate_get_pricing (estimate), parts,
                         gp_estimate_get_wall_hours (estimate));
      label = g_strdup (gp_offer_get_region_id (offer));
      g_array_index (data->items, GpChartItem, data->items->len - 1).region =
          g_steal_pointer (&label);
      g_array_index (data->items, GpChartItem, data->items->len - 1).platform_best = platform_best;
      g_array_index (data->items, GpChartItem, data->items->len - 1).unreachable =
          gp_estimate_get_reachability (estimate) == GP_REACHABILITY_UNREACHABLE;
      if (source != NULL && !g_ptr_array_find (sources, source, NULL))
        g_ptr_array_add (sources, source);
      gp_chart_item_set_sources (
          &g_array_index (data->items, GpChartItem, data->items->len - 1), source,
          gp_estimate_is_derived (estimate)
              ? gp_instance_get_derived_source (gp_estimate_get_instance (estimate))
              : NULL);
    }

  name_apart (data, by_instance);
  /* Prices converted from the catalog's currency name the rate and its date, stale or not, as
   * a budget and the title slide do. */
  if (!isnan (gp_workload_get_exchange_rate (gp_estimate_list_get_workload (list))))
    {
      g_autofree char *line = gp_chart_data_dup_prices_line (list);

      converted = g_strdup_printf (" %s.", line);
    }
  /* The price sources stand between the two; a chart names those of the options it shows. */
  data->footnote_head = g_steal_pointer (&workload);
  data->footnote_tail = g_strdup_printf (
      _("%s%s%s%s%s%s Estimated on %s with GPU Planner %s; every option's "
         "assumptions are in the CSV export."),
      converted != NULL ? converted : "",
      unable_text != NULL
          ? no_option = g_strdup_printf (_(" No option of %s can run the job as asked "
                                            "(memory, or GPUs per instance)."),
                                         unable_text)
          : "",
      derived > 0 ? _(" ≈: a managed platform's price estimated from its "
                       "machine's, times a dated premium; not quoted.")
                  : "",
      reach_marked > 0 ? gp_chart_reach_note () : "",
      commitments_left_out > 0 ? _(" Commitments are left out: the job would use "
                                    "less than half of their term.")
                               : "",
      unfit_left_out > 0 ? _(" Left out: machines whose GPU memory cannot hold "
                              "the job, and GPU-only prices without their host.")
                         : "",
      today, PACKAGE_VERSION);
  data->footnote = gp_chart_data_dup_footnote_for (data, NULL, TRUE);
  return data;
}

char *
gp_chart_data_dup_footnote_for (GpChartData  *data,
                                const GArray *shown,
                                gboolean      as_list)
{
  g_autoptr(GPtrArray) sources = NULL;
  g_autofree char *prices = NULL;
  g_autoptr(GString) text = NULL;

  g_return_val_if_fail (data != NULL, NULL);

  if (data->footnote_head == NULL)
    return g_strdup (data->footnote != NULL ? data->footnote : "");

  sources = gp_chart_data_dup_sources_for (data, shown);
  if (!as_list || sources->len <= GP_CHART_SOURCE_LIST_MIN)
    {
      prices = sources_summary (sources, data->stale_after_days);
      return g_strdup_printf ("%s %s%s", data->footnote_head, prices, data->footnote_tail);
    }

  text = g_string_new (data->footnote_head);
  if (*data->footnote_tail != '\0' && !g_ascii_isspace (*data->footnote_tail))
    g_string_append_c (text, ' ');
  g_string_append (text, data->footnote_tail);
  g_string_append_printf (text, " %s", _("Prices:"));
  for (guint i = 0; i < sources->len; i++)
    {
      g_autofree char *entry =
          source_entry (g_ptr_array_index (sources, i), data->stale_after_days);

      g_string_append_printf (text, "\n[%u] %s", i + 1, entry);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

GPtrArray *
gp_chart_data_dup_sources_for (GpChartData  *data,
                               const GArray *shown)
{
  GPtrArray *sources = g_ptr_array_new ();
  guint n;

  g_return_val_if_fail (data != NULL, sources);

  n = shown != NULL ? shown->len : data->items->len;
  for (guint i = 0; i < n; i++)
    {
      const GpChartItem *item =
          gp_chart_data_get_item (data, shown != NULL ? (guint) g_array_index (shown, int, i) : i);

      for (guint j = 0; item->sources != NULL && j < item->sources->len; j++)
        if (!g_ptr_array_find (sources, g_ptr_array_index (item->sources, j), NULL))
          g_ptr_array_add (sources, g_ptr_array_index (item->sources, j));
    }
  return sources;
}

char *
gp_chart_data_dup_source_refs (GpChartData *data,
                               GPtrArray   *sources,
                               guint        item)
{
  const GpChartItem *cited;
  g_autoptr(GString) refs = NULL;

  g_return_val_if_fail (data != NULL, NULL);
  g_return_val_if_fail (sources != NULL, NULL);
  g_return_val_if_fail (item < data->items->len, NULL);

  cited = gp_chart_data_get_item (data, item);
  if (data->footnote_head == NULL || cited->sources == NULL || cited->sources->len == 0 ||
      sources->len <= GP_CHART_SOURCE_LIST_MIN)
    return NULL;

  refs = g_string_new ("[");
  for (guint j = 0; j < cited->sources->len; j++)
    {
      guint number;

      if (!g_ptr_array_find (sources, g_ptr_array_index (cited->sources, j), &number))
        continue;
      g_string_append_printf (refs, refs->len > 1 ? ", %u" : "%u", number + 1);
    }
  if (refs->len == 1)
    return NULL;
  g_string_append_c (refs, ']');
  return g_string_free (g_steal_pointer (&refs), FALSE);
}

void
gp_chart_data_set_footnote (GpChartData *data,
                            const char  *footnote)
{
  g_return_if_fail (data != NULL);

  g_free (data->footnote);
  data->footnote = g_strdup (footnote);
  /* A footnote set whole is shown whole. */
  g_clear_pointer (&data->footnote_head, g_free);
  g_clear_pointer (&data->footnote_tail, g_free);
  data->revision++;
}

const char *
gp_chart_data_get_footnote (GpChartData *data)
{
  g_return_val_if_fail (data != NULL, NULL);
  return data->footnote;
}

void
gp_chart_data_set_stale_after_days (GpChartData *data,
                                    guint        days)
{
  g_return_if_fail (data != NULL);
  g_return_if_fail (days > 0);
  data->stale_after_days = days;
}

guint
gp_chart_data_get_stale_after_days (GpChartData *data)
{
  g_return_val_if_fail (data != NULL, GP_STALE_AFTER_DAYS);
  return data->stale_after_days;
}

const char *
gp_chart_data_get_currency (GpChartData *data)
{
  g_return_val_if_fail (data != NULL, NULL);
  return data->currency;
}

guint
gp_chart_data_get_n_items (GpChartData *data)
{
  g_return_val_if_fail (data != NULL, 0);
  return data->items->len;
}

const GpChartItem *
gp_chart_data_get_item (GpChartData *data,
                        guint        index)
{
  g_return_val_if_fail (data != NULL, NULL);
  g_return_val_if_fail (index < data->items->len, NULL);

  ensure_pareto (data);
  return &g_array_index (data->items, GpChartItem, index);
}

guint
gp_chart_data_get_n_hidden (GpChartData *data)
{
  g_return_val_if_fail (data != NULL, 0);
  return data->hidden;
}

void
gp_chart_data_set_n_hidden (GpChartData *data,
                            guint        hidden)
{
  g_return_if_fail (data != NULL);
  data->hidden = hidden;
  data->revision++;
}

gboolean
gp_chart_kind_is_lines (GpChartKind kind)
{
  return kind == GP_CHART_KIND_CUMULATIVE || kind == GP_CHART_KIND_BREAKEVEN;
}

guint
gp_chart_data_get_revision (GpChartData *data)
{
  g_return_val_if_fail (data != NULL, 0);
  return data->revision;
}

const char *
gp_chart_part_label (GpChartPart part)
{
  static const char * const labels[] = {
    N_("Compute"), N_("Storage"), N_("Data transfer"), N_("Interruptions"),
  };

  return part < G_N_ELEMENTS (labels) ? _(labels[part]) : "";
}

const char *
gp_chart_kind_title (GpChartKind kind)
{
  static const char *const titles[] = {
    N_("Cost of the job on each option"), N_("What the cost is made of"),
    N_("Cost against time to finish"),    N_("Spending over the run"),
    N_("Buying against renting"),
  };

  return kind < G_N_ELEMENTS (titles) ? _(titles[kind]) : "";
}

gboolean
gp_chart_kind_parse (const char  *text,
                     GpChartKind *kind)
{
  static const char * const names[] = { "cost", "breakdown", "value", "cumulative" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_strcmp0 (text, names[i]) == 0)
      {
        *kind = (GpChartKind) i;
        return TRUE;
      }

  return FALSE;
}

/* The file goes into spreadsheets: a catalog name cannot become a formula there. */
static void
append_csv_field (GString    *line,
                  const char *text)
{
  gp_csv_append_field (line, text, GP_CSV_NEUTRALISE);
}

static void
append_csv_number (GString *line,
                   double   value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append_c (line, ',');
  g_string_append (line, g_ascii_formatd (buffer, sizeof buffer, "%.2f", value));
}

/* The chart's numbers for a spreadsheet: one row per item, numbers in the C locale. */
char *
gp_chart_data_to_csv (GpChartData *data)
{
  g_autoptr(GString) text = NULL;

  g_return_val_if_fail (data != NULL, NULL);

  if (data->to_csv != NULL)
    return data->to_csv (data);
  text = g_string_new ("option,region,pricing,hours,compute_cost,storage_cost,transfer_cost,"
                       "interruption_cost,total_cost,currency,pareto\r\n");

  ensure_pareto (data);
  for (guint i = 0; i < data->items->len; i++)
    {
      const GpChartItem *item = &g_array_index (data->items, GpChartItem, i);

      append_csv_field (text, item->label);
      g_string_append_c (text, ',');
      append_csv_field (text, item->region ? item->region : "");
      g_string_append_c (text, ',');
      g_string_append (text, gp_estimate_pricing_to_string (item->group));
      append_csv_number (text, item->hours);
      for (guint part = 0; part < GP_CHART_N_PARTS; part++)
        append_csv_number (text, item->parts[part]);
      append_csv_number (text, item->total);
      g_string_append_c (text, ',');
      append_csv_field (text, data->currency ? data->currency : "");
      g_string_append (text, item->pareto ? ",yes\r\n" : ",no\r\n");
    }

  return g_string_free (g_steal_pointer (&text), FALSE);
}

static const GpChartItem *
cheapest (GpChartData *data)
{
  const GpChartItem *best = NULL;

  for (guint i = 0; i < data->items->len; i++)
    {
      const GpChartItem *item = &g_array_index (data->items, GpChartItem, i);

      if (best == NULL || item->total < best->total)
        best = item;
    }

  return best;
}

static const GpChartItem *
fastest (GpChartData *data)
{
  const GpChartItem *best = NULL;

  for (guint i = 0; i < data->items->len; i++)
    {
      const GpChartItem *item = &g_array_index (data->items, GpChartItem, i);

      if (best == NULL || item->hours < best->hours)
        best = item;
    }

  return best;
}

/* "Buying the DGX costs 1,500,000 CNY over 36 months; renting on spot 980,000 CNY; …". */
static char *
describe_lines (GpChartData *data)
{
  g_autoptr(GString) text = g_string_new (gp_chart_data_get_title (data, GP_CHART_KIND_BREAKEVEN));
  double x;
  const char *marker = gp_chart_data_get_marker (data, &x);

  g_string_append (text, ". ");
  for (guint i = 0; i < data->items->len; i++)
    {
      const GpChartItem *item = &g_array_index (data->items, GpChartItem, i);
      g_autofree char *total = gp_format_number (item->total, 0);

      /* Translators: a line of a chart read aloud: its name, its end, the currency */
      g_string_append_printf (text, _("%s: %s %s after %.0f months. "), item->label, total,
                              data->currency, item->hours);
    }
  g_string_append (text, marker != NULL ? marker : _("Buying does not pay off in its lifetime."));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* The chart's content in words, for a screen reader: "Lambda gpu_1x_h100_sxm5, us-east-1 on
 * demand is cheapest at 232.38 USD; …". */
char *
gp_chart_data_describe (GpChartData *data,
                        GpChartKind  kind)
{
  const GpChartItem *low, *quick;

  g_return_val_if_fail (data != NULL, NULL);

  low = cheapest (data);
  quick = fastest (data);
  if (low == NULL)
    return g_strdup_printf (_("%s: no options to show."), gp_chart_kind_title (kind));
  if (kind == GP_CHART_KIND_BREAKEVEN)
    return describe_lines (data);
  if (data->across_unit != NULL)
    /* Translators: a chart of cost against emissions described for the screen reader */
    return g_strdup_printf (_("%s, %u options. %s %s is cheapest at %.2f %s, emitting %.1f %s. "
                               "%s %s emits least: %.1f %s for %.2f %s."),
                            gp_chart_data_get_title (data, kind), data->items->len, low->label,
                            gp_estimate_pricing_get_label (low->group), low->total, data->currency,
                            low->hours, data->across_unit, quick->label,
                            gp_estimate_pricing_get_label (quick->group), quick->hours,
                            data->across_unit, quick->total, data->currency);

  return g_strdup_printf (_("%s, %u options. %s %s is cheapest at %.2f %s, done in %.1f h. "
                            "%s %s is fastest: %.1f h for %.2f %s."),
                          gp_chart_kind_title (kind), data->items->len, low->label,
                          gp_estimate_pricing_get_label (low->group), low->total, data->currency,
                          low->hours, quick->label, gp_estimate_pricing_get_label (quick->group),
                          quick->hours, quick->total, data->currency);
}

/* Names what the numbers are when they are not a job's cost: a price per GPU-hour, say. */
void
gp_chart_data_set_titles (GpChartData *data,
                          const char  *title,
                          const char  *value_title)
{
  g_return_if_fail (data != NULL);

  g_free (data->title);
  data->title = g_strdup (title);
  g_free (data->value_title);
  data->value_title = g_strdup (value_title);
  data->revision++;
}

const char *
gp_chart_data_get_title (GpChartData *data,
                         GpChartKind  kind)
{
  if (data != NULL && data->title != NULL)
    return data->title;
  return gp_chart_kind_title (kind);
}

char *
gp_chart_data_dup_value_title (GpChartData *data)
{
  g_return_val_if_fail (data != NULL, NULL);

  if (data->value_title != NULL)
    return g_strdup (data->value_title);
  /* Translators: the title of a chart's cost axis, with the currency: "Total cost (USD)" */
  return g_strdup_printf (_("Total cost (%s)"), data->currency);
}

/* A value chart of another figure than the time names each point it has room for, not only
 * those of its front. */
void
gp_chart_data_set_across_title (GpChartData *data,
                                const char  *title,
                                const char  *unit)
{
  g_return_if_fail (data != NULL);

  g_free (data->across_title);
  data->across_title = g_strdup (title);
  g_free (data->across_unit);
  data->across_unit = g_strdup (unit);
  data->revision++;
}

const char *
gp_chart_data_get_across_unit (GpChartData *data)
{
  g_return_val_if_fail (data != NULL, NULL);
  return data->across_unit;
}

const char *
gp_chart_data_get_across_title (GpChartData *data)
{
  g_return_val_if_fail (data != NULL, NULL);
  return data->across_title;
}

char *
gp_chart_data_dup_oldest_as_of (GpChartData *data)
{
  const char *oldest = NULL;

  g_return_val_if_fail (data != NULL, NULL);

  for (guint i = 0; i < data->items->len; i++)
    {
      const GpChartItem *item = &g_array_index (data->items, GpChartItem, i);

      for (guint j = 0; item->sources != NULL && j < item->sources->len; j++)
        {
          const char *as_of = gp_source_get_as_of (g_ptr_array_index (item->sources, j));

          oldest = gp_as_of_older (oldest, as_of);
        }
    }
  return g_strdup (oldest);
}

const char *
gp_chart_data_get_oldest_label (GpChartData *data)
{
  const char *oldest = NULL, *label = NULL;

  g_return_val_if_fail (data != NULL, NULL);

  for (guint i = 0; i < data->items->len; i++)
    {
      const GpChartItem *item = &g_array_index (data->items, GpChartItem, i);

      for (guint j = 0; item->sources != NULL && j < item->sources->len; j++)
        {
          const char *as_of = gp_source_get_as_of (g_ptr_array_index (item->sources, j));

          if (as_of != NULL && (oldest == NULL || gp_as_of_compare (as_of, oldest) < 0))
            {
              oldest = as_of;
              label = item->label;
            }
        }
    }
  return label;
}

char *
gp_chart_mark_reach (const char *name,
                     const char *mark)
{
  /* Translators: a bar's name and how a lab in mainland China reaches it,
   * "Lambda · 1× A100 (across the border)" */
  return g_strdup_printf (C_("reach mark", "%s (%s)"), name, mark);
}

const char *
gp_chart_reach_note (void)
{
  return _(" From the lab in mainland China: across the border means it works, slower, the "
            "data crossing the international link; not reachable means a campus network cannot "
            "use it.");
}

/* The footnote, made of @head, the sources of the items a chart shows, and @tail. */
void
gp_chart_data_set_footnote_parts (GpChartData *data,
                                  const char  *head,
                                  const char  *tail)
{
  g_return_if_fail (data != NULL);
  g_return_if_fail (head != NULL);

  g_free (data->footnote_head);
  data->footnote_head = g_strdup (head);
  g_free (data->footnote_tail);
  data->footnote_tail = g_strdup (tail != NULL ? tail : "");
  g_free (data->footnote);
  data->footnote = gp_chart_data_dup_footnote_for (data, NULL, TRUE);
  data->revision++;
}

/* A line chart's mark of a moment: a dashed line across the plot, named at its top. */
void
gp_chart_data_set_marker (GpChartData *data,
                          double       x,
                          const char  *label)
{
  g_return_if_fail (data != NULL);

  data->marker = isfinite (x) ? x : -1;
  g_free (data->marker_label);
  data->marker_label = g_strdup (label);
  data->revision++;
}

const char *
gp_chart_data_get_marker (GpChartData *data,
                          double      *x)
{
  g_return_val_if_fail (data != NULL, NULL);

  *x = data->marker;
  return data->marker >= 0 ? (data->marker_label != NULL ? data->marker_label : "") : NULL;
}

/* An item to complete or rename, by the code that makes the data; a layout of it before is
 * one to redo. */
GpChartItem *
gp_chart_data_edit_item (GpChartData *data,
                         guint        index)
{
  g_return_val_if_fail (data != NULL, NULL);
  g_return_val_if_fail (index < data->items->len, NULL);

  data->revision++;
  return &g_array_index (data->items, GpChartItem, index);
}
