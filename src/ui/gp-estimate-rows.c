/* gp-estimate-rows.c — the Estimate page's rows: an offer's estimate, a platform's best
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What one row shows of an estimate (where, how paid, hours, total, whether the job fits, its
 * assumptions, and the buttons to run it there), and a platform's row built on it. Every name
 * comes from the catalog and is set as text.
 */

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "gp-estimate-rows.h"
#include "gp-cost-model.h"
#include "gp-format.h"

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

/* What to do with the option: start the job there, or make it a phase of the hybrid plan. */
static GtkWidget *
add_to_plan_row (GpEstimate *estimate)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *add = gtk_button_new_with_mnemonic (_("_Add to Plan"));
  GtkWidget *launch = gtk_button_new_with_mnemonic (_("_Launch Code…"));

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Run It Here"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row),
                               _("Start the job here, or run a phase of the project here and "
                                  "others elsewhere"));
  gtk_widget_set_valign (add, GTK_ALIGN_CENTER);
  gtk_actionable_set_action_target (
      GTK_ACTIONABLE (add), "(sss)", gp_instance_get_id (gp_estimate_get_instance (estimate)),
      gp_offer_get_region_id (gp_estimate_get_offer (estimate)),
      gp_estimate_pricing_to_string (gp_estimate_get_pricing (estimate)));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (add), "win.add-to-plan");
  gtk_widget_set_valign (launch, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (launch, _("The code that starts the job here"));
  /* The data's region is the Assistant's question; the Estimate page does not ask it. */
  gtk_actionable_set_action_target (
      GTK_ACTIONABLE (launch), "(ssbs)", gp_instance_get_id (gp_estimate_get_instance (estimate)),
      gp_offer_get_region_id (gp_estimate_get_offer (estimate)),
      gp_estimate_get_pricing (estimate) == GP_ESTIMATE_PRICING_SPOT, "");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (launch), "win.show-launch");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), launch);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), add);
  return row;
}

/**
 * gp_estimate_row_new:
 * @estimate: an estimate
 *
 * Returns: (transfer floating): its row: where, how it is paid, hours, total and fit, opening
 *   to its assumptions and what to do with it
 */
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
  adw_expander_row_add_row (ADW_EXPANDER_ROW (row), details);
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
  return row;
}

/**
 * gp_estimate_platform_row_new:
 * @group: a platform's group (%GP_ESTIMATE_GROUPING_PLATFORM)
 * @instances: (element-type GpEstimateGroup) (nullable): the platform's instance types, from
 *   gp_estimate_rows_group_instances()
 *
 * Returns: (transfer floating): the platform's row: its best option as an offer's row shows it,
 *   with why it is the best, and under it the platform's other instance types
 */
GtkWidget *
gp_estimate_platform_row_new (GpEstimateGroup *group,
                              GPtrArray       *instances)
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

      if (gp_estimate_get_instance (gp_estimate_group_get_best (instance)) ==
          gp_estimate_get_instance (best))
        continue;
      adw_expander_row_add_row (ADW_EXPANDER_ROW (row), create_instance_row (instance));
      shown++;
    }
  return row;
}

/**
 * gp_estimate_rows_group_instances:
 * @estimates: the estimates
 *
 * Returns: (transfer full): each platform's instance types that can run the job, cheapest
 *   first: provider id → #GPtrArray of #GpEstimateGroup
 */
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
