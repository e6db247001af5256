/* gp-estimate-rows.c — the Estimate page's rows: an offer's estimate, a platform's best
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What one row shows of an estimate (where, how paid, hours, total, whether the job fits, its
 * assumptions, and the buttons to run it there), and a platform's row built on it; the GPU
 * models the same GPU can be compared on, and what to say when no GPU holds the job. Every
 * name comes from the catalog and is set as text.
 */

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "gp-estimate-rows.h"
#include "gp-cost-model.h"
#include "gp-format.h"
#include "gp-ui-widgets.h"

/* The "fits" column: the memory the job needs on each GPU against what the GPU has. */
static void
add_fit_label (GtkWidget  *row,
               GpEstimate *estimate)
{
  double needed = gp_estimate_get_memory_needed_gb (estimate);
  double has = gp_instance_get_gpu_memory_gb (gp_estimate_get_instance (estimate));
  g_autofree char *text = NULL;
  GtkWidget *label;

  switch (gp_estimate_get_fit (estimate))
    {
    case GP_FIT_YES:
      /* Translators: the job needs 20.0 GB on each GPU, which has 80 */
      text = g_strdup_printf (_("Fits: %.1f of %.0f GB"), needed, has);
      break;

    case GP_FIT_NO:
      /* Translators: the job needs 134.4 GB on each GPU, which has only 80 */
      text = g_strdup_printf (_("Too small: needs %.1f GB, has %.0f GB"), needed, has);
      break;

    case GP_FIT_UNKNOWN:
    default:
      if (isnan (needed))
        return;
      /* Translators: the GPU's memory is not in the catalog */
      text = g_strdup_printf (_("Needs %.1f GB; GPU memory unknown"), needed);
    }

  label = gtk_label_new (text);
  gtk_widget_add_css_class (label, "numeric");
  gtk_widget_add_css_class (label, "caption");
  gtk_widget_add_css_class (label,
                            gp_estimate_get_fit (estimate) == GP_FIT_NO ? "error" : "dim-label");
  adw_expander_row_add_action (ADW_EXPANDER_ROW (row), label);
}

/* A button that makes @estimate a phase of the hybrid plan. */
static GtkWidget *
add_to_plan_button_new (GpEstimate *estimate)
{
  GtkWidget *add = gtk_button_new_with_mnemonic (_("_Add to Plan"));

  gtk_widget_set_valign (add, GTK_ALIGN_CENTER);
  gtk_actionable_set_action_target (
      GTK_ACTIONABLE (add), "(sss)", gp_instance_get_id (gp_estimate_get_instance (estimate)),
      gp_offer_get_region_id (gp_estimate_get_offer (estimate)),
      gp_estimate_pricing_to_string (gp_estimate_get_pricing (estimate)));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (add), "win.add-to-plan");
  return add;
}

/* Makes @button open @estimate's launch code as it is priced: a Capacity Block's buys a block
 * as long as the job before it launches into it; a spot option's asks for spot. */
void
gp_estimate_rows_set_launch_action (GtkActionable *button,
                                    GpEstimate    *estimate,
                                    const char    *data_region)
{
  const char *instance = gp_instance_get_id (gp_estimate_get_instance (estimate));
  const char *region = gp_offer_get_region_id (gp_estimate_get_offer (estimate));

  if (gp_estimate_get_pricing (estimate) == GP_ESTIMATE_PRICING_CAPACITY_BLOCK)
    {
      gtk_actionable_set_action_target (button, "(ssd)", instance, region,
                                        gp_estimate_get_wall_hours (estimate));
      gtk_actionable_set_action_name (button, "win.show-block-launch");
      return;
    }
  gtk_actionable_set_action_target (button, "(ssbs)", instance, region,
                                    gp_estimate_get_pricing (estimate) == GP_ESTIMATE_PRICING_SPOT,
                                    data_region != NULL ? data_region : "");
  gtk_actionable_set_action_name (button, "win.show-launch");
}

/* What to do with the option: start the job there, or make it a phase of the hybrid plan. */
static GtkWidget *
add_to_plan_row (GpEstimate *estimate)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *launch = gtk_button_new_with_mnemonic (_("_Launch Code…"));

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Run It Here"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row),
                               _("Start the job here, or run a phase of the project here and "
                                  "others elsewhere"));
  gtk_widget_set_name (launch, "launch_code");
  gtk_widget_set_valign (launch, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (launch, _("The code that starts the job here"));
  /* The data's region is the Assistant's question; the Estimate page does not ask it. */
  gp_estimate_rows_set_launch_action (GTK_ACTIONABLE (launch), estimate, NULL);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), launch);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), add_to_plan_button_new (estimate));
  /* The row does nothing itself: Tab goes to its buttons. */
  gtk_widget_set_focusable (row, FALSE);
  return row;
}

GtkWidget *
gp_estimate_row_new (GpEstimate *estimate)
{
  GtkWidget *row = adw_expander_row_new ();
  g_autofree char *name = gp_estimate_dup_label (estimate);
  g_autofree char *place = gp_offer_dup_region_label (gp_estimate_get_offer (estimate));
  g_autofree char *title = g_strdup_printf ("%s · %s", name, place);
  const char *pricing = gp_estimate_pricing_get_label (gp_estimate_get_pricing (estimate));
  g_autofree char *money =
      gp_format_money (gp_estimate_get_total_cost (estimate), gp_estimate_get_currency (estimate));
  g_autofree char *total = gp_estimate_is_derived (estimate)
                               /* Translators: a total resting on an estimated price, "≈ $123.45" */
                               ? g_strdup_printf (C_("estimate", "≈ %s"), money)
                               : gp_estimate_is_doubtful (estimate)
                                     /* Translators: a total resting on a doubtful price */
                                     ? g_strdup_printf (C_("doubtful", "%s ⚠"), money)
                                     : g_strdup (money);
  g_autoptr(GString) subtitle = g_string_new (NULL);
  g_autofree char *emissions = gp_emissions_dup_summary (gp_estimate_get_emissions (estimate));
  g_autofree char *assumptions =
      g_strjoinv ("\n", (char **) gp_estimate_get_assumptions (estimate));
  GtkWidget *total_label = gtk_label_new (total);
  GtkWidget *details = gtk_label_new (assumptions);

  /* Translators: "On demand · 54.2 h · 1 GPU" */
  g_string_printf (subtitle,
                   g_dngettext (GETTEXT_PACKAGE, "%s · %.1f h · %u GPU", "%s · %.1f h · %u GPUs",
                                gp_estimate_get_gpu_count (estimate)),
                   pricing, gp_estimate_get_wall_hours (estimate),
                   gp_estimate_get_gpu_count (estimate));
  if (emissions != NULL)
    /* Translators: after an estimate's summary, its emissions: " · 18.0 kgCO2e" */
    g_string_append_printf (subtitle, _(" · %s"), emissions);
  if (gp_instance_get_lab_cost (gp_estimate_get_instance (estimate)) != NULL)
    /* Translators: after an estimate's summary, for the lab's own machine */
    g_string_append (subtitle, _(" · owned"));
  if (gp_estimate_get_sessions (estimate) > 1)
    g_string_append_printf (subtitle, _(" · %u sessions"), gp_estimate_get_sessions (estimate));
  if (!gp_estimate_meets_deadline (estimate))
    g_string_append (subtitle, _(" · misses the deadline"));
  if (!gp_estimate_within_budget (estimate))
    g_string_append (subtitle, _(" · over budget"));
  if (gp_estimate_get_reach_mark (estimate) != NULL)
    /* Translators: after an estimate's summary, how a lab in mainland China reaches it */
    g_string_append_printf (subtitle, _(" · %s"), gp_estimate_get_reach_mark (estimate));
  if (gp_estimate_is_stale (estimate))
    /* Translators: after an estimate's summary; the date of the prices it rests on */
    g_string_append_printf (subtitle, _(" · prices of %s, stale"),
                            gp_offer_get_as_of (gp_estimate_get_offer (estimate)));
  else if (gp_instance_get_reported_by (gp_estimate_get_instance (estimate)) != NULL)
    /* Translators: after an estimate's summary; the date of a price someone reported */
    g_string_append_printf (subtitle, _(" · price reported %s"), gp_estimate_get_as_of (estimate));

  /* Names come from the catalog: text, never markup. */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (row), subtitle->str);
  gtk_widget_add_css_class (total_label, "numeric");
  gtk_widget_add_css_class (total_label, "heading");
  if (gp_estimate_is_derived (estimate))
    gtk_widget_add_css_class (total_label, "estimate");
  if (gp_estimate_is_doubtful (estimate))
    gtk_widget_add_css_class (total_label, "doubtful");
  /* Actions are packed from the end: the total at the right edge, the fit before it. */
  adw_expander_row_add_action (ADW_EXPANDER_ROW (row), total_label);
  add_fit_label (row, estimate);

  gtk_label_set_wrap (GTK_LABEL (details), TRUE);
  gtk_label_set_xalign (GTK_LABEL (details), 0);
  gtk_label_set_selectable (GTK_LABEL (details), TRUE);
  gtk_widget_add_css_class (details, "estimate-assumptions");
  /* The text is selected and copied with the mouse or from its own Tab stop; the row around
   * it does nothing. */
  gp_ui_expander_add_passive_row (ADW_EXPANDER_ROW (row), details);
  adw_expander_row_add_row (ADW_EXPANDER_ROW (row), add_to_plan_row (estimate));

  return row;
}

/* Most of a platform's other instance types shown under its best: the rest are in the
 * every-offer list. */
#define PLATFORM_INSTANCES 12

/* One of a platform's other instance types: its cheapest region, and in how many it is. */
static GtkWidget *
create_instance_row (GpEstimateGroup *group)
{
  GpEstimate *estimate = gp_estimate_group_get_best (group);
  GtkWidget *row = adw_action_row_new ();
  g_autofree char *name = gp_estimate_dup_label (estimate);
  g_autofree char *place = gp_offer_dup_region_label (gp_estimate_get_offer (estimate));
  g_autofree char *money =
      gp_format_money (gp_estimate_get_total_cost (estimate), gp_estimate_get_currency (estimate));
  guint regions = gp_estimate_group_get_regions (group);
  g_autofree char *subtitle = NULL;
  GtkWidget *total = gtk_label_new (money);

  /* Translators: an instance type's cheapest offer: way of paying, hours, where, and in how
   * many regions it is sold */
  subtitle =
      g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s · %.1f h · cheapest in %s · in %u region",
                                    "%s · %.1f h · cheapest in %s · in %u regions", regions),
                       gp_estimate_pricing_get_label (gp_estimate_get_pricing (estimate)),
                       gp_estimate_get_wall_hours (estimate), place, regions);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), name);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_widget_add_css_class (total, "numeric");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), total);
  /* Any option, not only the platform's best, can be a phase of the plan: its button is the
   * Tab stop, not the row, which does nothing itself. */
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), add_to_plan_button_new (estimate));
  gtk_widget_set_focusable (row, FALSE);
  return row;
}

GtkWidget *
gp_estimate_platform_row_new (GpEstimateGroup *group,
                              GPtrArray       *instances,
                              const char      *gpu)
{
  GpEstimate *best = gp_estimate_group_get_best (group);
  GtkWidget *row = gp_estimate_row_new (best);
  guint options = gp_estimate_group_get_options (group);
  g_autofree char *subtitle = NULL;
  guint shown = 0;

  /* Translators: after an estimate's summary, on a platform's row: why it is the best */
  subtitle = g_strdup_printf (
      g_dngettext (GETTEXT_PACKAGE, "%s · the only option that can run the job",
                   "%s · the cheapest of %u options that can run the job", options),
      adw_expander_row_get_subtitle (ADW_EXPANDER_ROW (row)), options);
  /* The title is the offer's, which names its platform first. */
  adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (row), subtitle);

  for (guint i = 0; instances != NULL && i < instances->len && shown < PLATFORM_INSTANCES; i++)
    {
      GpEstimateGroup *instance = g_ptr_array_index (instances, i);

      GpInstance *type = gp_estimate_get_instance (gp_estimate_group_get_best (instance));

      if (type == gp_estimate_get_instance (best) ||
          (gpu != NULL && g_strcmp0 (gp_gpu_get_id (gp_instance_get_gpu (type)), gpu) != 0))
        continue;
      adw_expander_row_add_row (ADW_EXPANDER_ROW (row), create_instance_row (instance));
      shown++;
    }
  return row;
}

GHashTable *
gp_estimate_rows_group_instances (GpEstimateList *estimates)
{
  g_autoptr(GListModel) groups =
      gp_estimate_group_list (estimates, GP_ESTIMATE_GROUPING_INSTANCE, NULL);
  GHashTable *by_platform =
      g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify) g_ptr_array_unref);
  for (guint i = 0; i < g_list_model_get_n_items (groups); i++)
    {
      g_autoptr(GpEstimateGroup) group = g_list_model_get_item (groups, i);
      GpEstimate *best = gp_estimate_group_get_best (group);
      const char *provider = gp_provider_get_id (gp_estimate_get_provider (best));
      GPtrArray *instances = g_hash_table_lookup (by_platform, provider);

      if (!gp_estimate_is_option (best))
        continue;
      if (instances == NULL)
        {
          instances = g_ptr_array_new_with_free_func (g_object_unref);
          g_hash_table_insert (by_platform, (gpointer) provider, instances);
        }
      g_ptr_array_add (instances, g_object_ref (group));
    }
  return by_platform;
}

static int
compare_gpu_names (gconstpointer a,
                   gconstpointer b)
{
  return g_utf8_collate (gp_gpu_get_name (*(GpGpu **) a), gp_gpu_get_name (*(GpGpu **) b));
}

GPtrArray *
gp_estimate_rows_dup_gpus (GHashTable *instances_by_platform)
{
  GPtrArray *gpus = g_ptr_array_new_with_free_func (g_object_unref);
  GHashTableIter iter;
  gpointer value;

  g_hash_table_iter_init (&iter, instances_by_platform);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      GPtrArray *instances = value;

      for (guint i = 0; i < instances->len; i++)
        {
          GpEstimate *best = gp_estimate_group_get_best (instances->pdata[i]);
          GpGpu *gpu = gp_instance_get_gpu (gp_estimate_get_instance (best));

          if (gpu != NULL && !g_ptr_array_find (gpus, gpu, NULL))
            g_ptr_array_add (gpus, g_object_ref (gpu));
        }
    }
  g_ptr_array_sort (gpus, compare_gpu_names);
  return gpus;
}

GtkStringList *
gp_estimate_rows_compare_choices (GPtrArray  *gpus,
                                  const char *chosen,
                                  guint      *selected)
{
  GtkStringList *names = gtk_string_list_new (NULL);

  *selected = 0;
  gtk_string_list_append (names, _("Cheapest Option per Platform"));
  for (guint i = 0; i < gpus->len; i++)
    {
      /* Translators: a choice of the Estimate page: one GPU model on every platform */
      g_autofree char *name =
          g_strdup_printf (_("Same GPU: %s"), gp_gpu_get_name (gpus->pdata[i]));

      gtk_string_list_append (names, name);
      if (g_strcmp0 (gp_gpu_get_id (gpus->pdata[i]), chosen) == 0)
        *selected = i + 1;
    }
  return names;
}

char *
gp_estimate_rows_dup_fit_message (GpGpu             *gpu,
                                  const GpMemoryFit *fit)
{
  g_autofree char *what = NULL;

  if (fit == NULL || gpu == NULL)
    return g_strdup (_("No offer can run this job: its GPUs are too small to hold it. Use more "
                        "GPUs with the model states split over them, or LoRA or QLoRA."));
  what = gp_memory_fit_dup_label (fit);
  if (fit->instance_gpus == fit->gpus || fit->instance_gpus == 0)
    /* Translators: "… On the A100 80GB SXM4, 4 GPUs with ZeRO-3 fit, 62.4 GB each." */
    return g_strdup_printf (_("No offer can run this job: its GPUs are too small to hold it. On "
                               "the %s, %s."),
                            gp_gpu_get_name (gpu), what);
  /* Translators: as above, when no instance has exactly that many GPUs */
  return g_strdup_printf (_("No offer can run this job: its GPUs are too small to hold it. On the "
                             "%s, %s; the fewest an instance has is %u."),
                          gp_gpu_get_name (gpu), what, fit->instance_gpus);
}

char *
gp_estimate_rows_dup_fit_button_label (const GpMemoryFit *fit)
{
  if (fit->sharding == GP_SHARDING_ZERO3)
    /* Translators: a button that asks for that many GPUs, the model split over them */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "_Use %u GPU with ZeRO-3",
                                         "_Use %u GPUs with ZeRO-3", fit->instance_gpus),
                            fit->instance_gpus);
  /* Translators: a button that asks for that many GPUs */
  return g_strdup_printf (
      g_dngettext (GETTEXT_PACKAGE, "_Use %u GPU", "_Use %u GPUs", fit->instance_gpus),
      fit->instance_gpus);
}
