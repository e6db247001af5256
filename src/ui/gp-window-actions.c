/* gp-window-actions.c — the main window's actions: those that cross pages (compare, present,
 * export, find), the lab machines and the hybrid plan, refresh and import
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "gp-assistant-page.h"
#include "gp-breakeven-chart.h"
#include "gp-compare-page.h"
#include "gp-compat.h"
#include "gp-enums.h"
#include "gp-estimate-page.h"
#include "gp-instances-page.h"
#include "gp-launch-window.h"
#include "gp-plan-window.h"
#include "gp-presentation-window.h"
#include "gp-ui-models.h"
#include "gp-ui-toasts.h"
#include "gp-util.h"
#include "gp-window-private.h"

static void
show_page_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  gp_window_set_page (GP_WINDOW (widget), g_variant_get_string (parameter, NULL));
}

/* The shortcuts window is built when first asked for, not with every window as GTK does with
 * a gtk/help-overlay.ui resource, which delays the first frame. From then on it
 * is the window's help overlay, which GTK shows and keeps up to date with the keys. */
static void
show_shortcuts_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  GtkApplicationWindow *window = GTK_APPLICATION_WINDOW (widget);

  if (gtk_application_window_get_help_overlay (window) == NULL)
    {
      g_autoptr(GtkBuilder) builder =
          gtk_builder_new_from_resource (RESOURCE_BASE_PATH "/gp-shortcuts-window.ui");

      gtk_application_window_set_help_overlay (
          window, GTK_SHORTCUTS_WINDOW (gtk_builder_get_object (builder, "help_overlay")));
    }
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-help-overlay", NULL);
}

/* Ctrl+E from anywhere in the window: the Estimate page's chart is the one to export. */
static void
export_chart_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  GpWindow *self = GP_WINDOW (widget);

  gp_window_set_page (self, "estimate");
  gtk_widget_activate_action (GTK_WIDGET (gp_window_get_estimate_page (self)), "estimate.export",
                              NULL);
}

/* Offers chosen on the Instances page join the comparison; a toast says so and offers the way
 * there, or says why one could not join. */
static void
compare_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  GpWindow *self = GP_WINDOW (widget);
  g_autofree const char **ids = g_variant_get_strv (parameter, NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  guint added;
  AdwToast *toast;

  added = gp_compare_page_add_ids (self->compare_page, ids, &error);
  if (added > 0 && error != NULL)
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Added %u to the comparison. %s",
                                         "Added %u to the comparison. %s", added),
                            added, error->message);
  else if (added > 0)
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Added %u to the comparison",
                                         "Added %u to the comparison", added),
                            added);
  else
    text = g_strdup (error != NULL ? error->message : "");

  toast = gp_ui_toast_new (GTK_WIDGET (self), text);
  if (added > 0)
    {
      adw_toast_set_button_label (toast, _("_Show"));
      adw_toast_set_action_name (toast, "win.show-page");
      adw_toast_set_action_target_value (toast, g_variant_new_string ("compare"));
    }
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

/* Ctrl+F searches what the page shows and stays on it: what to add to the comparison, the
 * offers, or the estimates' Compare choice. The Assistant asks one question a page, with
 * nothing to search: the key does nothing there rather than take the user elsewhere. */
static void
find_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  GpWindow *self = GP_WINDOW (widget);
  const char *page = gp_window_get_page (self);

  if (g_strcmp0 (page, "compare") == 0)
    gp_compare_page_start_search (self->compare_page);
  else if (g_strcmp0 (page, "instances") == 0)
    gp_instances_page_focus_search (gp_window_get_instances_page (self));
  else if (g_strcmp0 (page, "estimate") == 0)
    gp_estimate_page_focus_filter (gp_window_get_estimate_page (self));
}

/* The work a month a lab machine carries on the slides: the estimated job's, when it runs
 * there; otherwise, when the machine is compared, what it gives at its utilisation. */
static double
lab_machine_work (GpInstance     *machine,
                  GpEstimateList *estimates,
                  GpComparison   *comparison)
{
  const GpLabCost *cost = gp_instance_get_lab_cost (machine);

  for (guint i = 0; estimates != NULL && i < g_list_model_get_n_items (G_LIST_MODEL (estimates));
       i++)
    {
      g_autoptr(GpEstimate) estimate = g_list_model_get_item (G_LIST_MODEL (estimates), i);

      if (gp_estimate_get_instance (estimate) == machine)
        return gp_estimate_get_gpu_hours_per_month (estimate);
    }

  for (const char *const *id = comparison != NULL ? gp_comparison_get_ids (comparison) : NULL;
       id != NULL && *id != NULL; id++)
    {
      GpOffer *offer = gp_comparison_find_offer (gp_comparison_get_catalog (comparison), *id);

      if (offer != NULL && gp_offer_get_instance (offer) == machine)
        return gp_breakeven_capacity (cost, gp_instance_get_gpu_count (machine),
                                      cost->utilisation_pct);
    }
  return 0;
}

/* Buying each lab machine the work is on against renting it. */
static void
add_breakeven_slides (GpSlideDeck    *deck,
                      GpCatalog      *catalog,
                      GpEstimateList *estimates,
                      GpComparison   *comparison,
                      GpLabLocation   lab)
{
  GListModel *instances = gp_catalog_get_instances (catalog);

  for (guint i = 0; i < g_list_model_get_n_items (instances); i++)
    {
      g_autoptr(GpInstance) machine = g_list_model_get_item (instances, i);
      g_autoptr(GArray) rentals = NULL;
      g_autoptr(GpChartData) data = NULL;
      double work;

      if (gp_instance_get_lab_cost (machine) == NULL ||
          (work = lab_machine_work (machine, estimates, comparison)) <= 0)
        continue;
      rentals = gp_breakeven_find_rentals (catalog, machine,
                                           1 / gp_instance_get_to_catalog (machine), lab);
      data = gp_breakeven_chart_data_new (machine, work, rentals);
      gp_slide_deck_add_chart (deck, GP_CHART_KIND_BREAKEVEN, data);
    }
}

/* With a job, the comparison is on slides only when the user made one: instances put side by
 * side on the Compare page. The cheapest GPU-hour of every platform is no answer to a job. */
static gboolean
comparison_asked_for (GpComparison   *comparison,
                      GpEstimateList *estimates)
{
  if (comparison == NULL || gp_comparison_get_n_items (comparison) == 0)
    return FALSE;
  return estimates == NULL || g_list_model_get_n_items (G_LIST_MODEL (estimates)) == 0 ||
         gp_comparison_get_mode (comparison) == GP_COMPARISON_INSTANCES;
}

/* The current work as slides, the job's first: a title slide naming the job, the answer in
 * one slide, the charts of the job given on the Estimate page, the assistant's recommendation
 * once it has given one, the lab's machines against renting; then the comparison as the
 * Compare page shows it, when there is no job or the user compared instances. */
GpSlideDeck *
gp_window_build_slides (GpWindow *self)
{
  GpComparison *comparison;
  GpEstimateList *estimates;
  GpRecommendation *recommendation;
  GpSlideDeck *deck;
  gboolean compared;

  g_return_val_if_fail (GP_IS_WINDOW (self), NULL);

  comparison = gp_compare_page_get_comparison (self->compare_page);
  /* A page never made, or a form nobody filled, has no job to show: the form's first figures
   * are an example, not the lab's job. */
  estimates = self->estimate_page != NULL && gp_estimate_page_has_job (self->estimate_page)
                  ? gp_estimate_page_get_estimates (self->estimate_page)
                  : NULL;
  recommendation = self->assistant_page != NULL
                       ? gp_assistant_page_get_recommendation (self->assistant_page)
                       : NULL;
  compared = comparison_asked_for (comparison, estimates);
  deck = gp_slide_deck_new ();
  if (compared || (estimates != NULL && g_list_model_get_n_items (G_LIST_MODEL (estimates)) > 0) ||
      recommendation != NULL)
    {
      gp_slide_deck_add_title (deck, estimates);
      gp_slide_deck_add_summary (deck, estimates, recommendation);
    }
  if (estimates != NULL)
    {
      gp_slide_deck_add_charts (deck, estimates);
      gp_slide_deck_add_emissions (deck, estimates);
    }
  if (recommendation != NULL)
    gp_slide_deck_add_recommendation (deck, recommendation);
  if (self->catalog != NULL)
    add_breakeven_slides (deck, self->catalog, estimates, comparison,
                          gp_settings_get_lab_location (self->settings));
  if (compared)
    {
      /* The prices as a picture; the tables hold the rest. */
      gp_slide_deck_add_prices (deck, comparison);
      /* As the Compare page shows it: rows about mainland China for a lab there only. */
      gp_slide_deck_add_comparison (deck, gp_compare_page_build_table (self->compare_page),
                                    gp_compare_page_get_only_differences (self->compare_page));
    }

  return deck;
}

/* The slides of the current work, or NULL and a toast saying what would make some. */
static GpSlideDeck *
build_slides_or_explain (GpWindow *self)
{
  g_autoptr(GpSlideDeck) deck = gp_window_build_slides (self);

  if (gp_slide_deck_get_n_slides (deck) == 0)
    {
      AdwToast *toast = gp_ui_toast_new (GTK_WIDGET (self),
                                         _("Nothing to present yet: compare platforms, estimate a "
                                            "job or ask the assistant"));

      /* The answer to a key just pressed: not to wait behind a toast that stays. */
      adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
      adw_toast_overlay_add_toast (self->toast_overlay, toast);
      return NULL;
    }

  return g_steal_pointer (&deck);
}

static void
present_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  GpWindow *self = GP_WINDOW (widget);
  g_autoptr(GpSlideDeck) deck = build_slides_or_explain (self);

  if (deck != NULL)
    gtk_window_present (GTK_WINDOW (gp_presentation_window_new (GTK_WINDOW (self), deck)));
}

static void
export_slides_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  GpWindow *self = GP_WINDOW (widget);
  g_autoptr(GpSlideDeck) deck = build_slides_or_explain (self);

  if (deck != NULL)
    gp_presentation_window_export (GTK_WIDGET (self->stack), deck);
}

static void
toggle_fullscreen_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  GtkWindow *window = GTK_WINDOW (widget);

  if (gtk_window_is_fullscreen (window))
    gtk_window_unfullscreen (window);
  else
    gtk_window_fullscreen (window);
}

static void
show_plan_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  gtk_window_present (GTK_WINDOW (gp_window_get_plan_window (GP_WINDOW (widget))));
}

/* An option of the Estimate page as a phase: the job's hours on it. */
static void
add_to_plan_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  GpWindow *self = GP_WINDOW (widget);
  GpEstimateList *estimates =
      self->estimate_page != NULL ? gp_estimate_page_get_estimates (self->estimate_page) : NULL;
  GpPlanWindow *plan = gp_window_get_plan_window (self);
  const char *instance, *region, *pricing_nick;
  GpEstimatePricing pricing = GP_ESTIMATE_PRICING_ON_DEMAND;
  g_autofree char *name = NULL;

  if (estimates == NULL)
    return;
  g_variant_get (parameter, "(&s&s&s)", &instance, &region, &pricing_nick);
  gp_enum_from_nick (GP_TYPE_ESTIMATE_PRICING, pricing_nick, (int *) &pricing);
  /* Translators: a new phase's name, its place in the plan */
  name = g_strdup_printf (_("Phase %u"), gp_plan_window_get_project (plan)->phases->len + 1);
  gp_plan_window_add_phase (
      plan,
      gp_phase_new (name, gp_estimate_list_get_gpu_hours (estimates), instance, region, pricing),
      gp_estimate_list_get_workload (estimates), gp_estimate_list_get_reference_gpu (estimates));
  gtk_window_present (GTK_WINDOW (plan));
}

/* The launch code of an option, in a window of its own: with the job's data to upload when
 * the Estimate page has one, and the region that data is in when the Assistant was told. */
static void
show_launch_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  GpWindow *self = GP_WINDOW (widget);
  GpEstimateList *estimates =
      self->estimate_page != NULL ? gp_estimate_page_get_estimates (self->estimate_page) : NULL;
  const char *instance, *region, *data_region;
  gboolean spot;
  g_autofree char *id = NULL;
  GpLaunchUpload upload = { 0, 100, "./data", NULL };
  GpDisplayCurrency *display = gp_settings_get_display_currency (self->settings);
  const char *currency;
  double rate = 1;
  GpOffer *offer;

  g_variant_get (parameter, "(&s&sb&s)", &instance, &region, &spot, &data_region);
  id = g_strdup_printf ("%s@%s", instance, region);
  if (self->catalog == NULL || (offer = gp_comparison_find_offer (self->catalog, id)) == NULL)
    return;
  if (estimates != NULL)
    {
      GpWorkload *job = gp_estimate_list_get_workload (estimates);

      upload.dataset_gb = gp_workload_get_dataset_gb (job);
      if (!isnan (gp_workload_get_upload_mbps (job)))
        upload.upload_mbps = gp_workload_get_upload_mbps (job);
    }
  upload.data_region = *data_region != '\0' ? data_region : NULL;
  currency = gp_display_currency_resolve (display, gp_catalog_get_currency (self->catalog), &rate);
  gtk_window_present (
      GTK_WINDOW (gp_launch_window_new (GTK_WINDOW (self), offer, spot, &upload, currency, rate)));
}

/* A Capacity Block option's launch code: it buys a block as long as the job and launches into
 * it, at the block's price. */
static void
show_block_launch_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  GpWindow *self = GP_WINDOW (widget);
  GpDisplayCurrency *display = gp_settings_get_display_currency (self->settings);
  const char *instance, *region, *currency;
  g_autofree char *id = NULL;
  double wall_hours, rate = 1;
  GpLaunchWindow *launch;
  GpOffer *offer;

  g_variant_get (parameter, "(&s&sd)", &instance, &region, &wall_hours);
  id = g_strdup_printf ("%s@%s", instance, region);
  if (self->catalog == NULL || (offer = gp_comparison_find_offer (self->catalog, id)) == NULL)
    return;
  currency = gp_display_currency_resolve (display, gp_catalog_get_currency (self->catalog), &rate);
  launch = gp_launch_window_new (GTK_WINDOW (self), offer, FALSE, NULL, currency, rate);
  gp_launch_view_set_capacity_block (gp_launch_window_get_view (launch), wall_hours);
  gtk_window_present (GTK_WINDOW (launch));
}

/* The Assistant's mixed plan, to edit as the hybrid plan. */
static void
edit_mixed_plan_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  GpWindow *self = GP_WINDOW (widget);
  GpRecommendation *answer = self->assistant_page != NULL
                                 ? gp_assistant_page_get_recommendation (self->assistant_page)
                                 : NULL;
  GpPlanWindow *plan;

  if (answer == NULL || gp_recommendation_get_project (answer) == NULL)
    return;
  plan = gp_window_get_plan_window (self);
  gp_plan_window_replace (plan, gp_project_copy (gp_recommendation_get_project (answer)));
  gtk_window_present (GTK_WINDOW (plan));
}

/* Says what the user just did, with Undo. */
void
gp_window_undo_toast (GpWindow   *self,
                      const char *text,
                      const char *action,
                      GVariant   *target)
{
  AdwToast *toast = gp_ui_toast_new (GTK_WIDGET (self), text);

  adw_toast_set_button_label (toast, _("_Undo"));
  adw_toast_set_action_name (toast, action);
  adw_toast_set_action_target_value (toast, target);
  /* The answer to what the user just did, Undo within reach: not behind a toast that stays. */
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

/* The refresh's bar, built the first time a refresh starts. */
static void
ensure_refresh_bar (GpWindow *self)
{
  g_autoptr(GtkBuilder) builder = NULL;

  if (self->refresh_label != NULL)
    return;
  builder = gtk_builder_new_from_resource (RESOURCE_BASE_PATH "/gp-window-refresh-bar.ui");
  self->refresh_label = GTK_LABEL (gtk_builder_get_object (builder, "refresh_label"));
  self->refresh_spinner = GTK_SPINNER (gtk_builder_get_object (builder, "refresh_spinner"));
  gtk_revealer_set_child (self->refresh_revealer,
                          GTK_WIDGET (gtk_builder_get_object (builder, "refresh_bar")));
}

static void
set_refreshing (GpWindow *self,
                gboolean  refreshing)
{
  if (refreshing)
    ensure_refresh_bar (self);
  if (self->refresh_label != NULL)
    {
      gtk_revealer_set_reveal_child (self->refresh_revealer, refreshing);
      gtk_spinner_set_spinning (self->refresh_spinner, refreshing);
    }
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.refresh", !refreshing);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.cancel-refresh", refreshing);
  if (refreshing)
    gtk_label_set_text (self->refresh_label, _("Fetching prices…"));
}

static void
refresh_progress_cb (GpWindow         *self,
                     const char       *source,
                     guint64           received,
                     gint64            total,
                     GpCatalogUpdater *updater)
{
  g_autofree char *size = g_format_size (received);
  g_autofree char *text = g_strdup_printf (_("Fetching prices from %s: %s"), source, size);

  gtk_label_set_text (self->refresh_label, text);
}

static void
report_refresh (GpWindow        *self,
                GpRefreshReport *report)
{
  guint failed = gp_refresh_report_get_n_failed (report);

  /* One message for the failures, however many: the first says why. */
  for (guint i = 0; i < report->sources->len; i++)
    {
      GpSourceResult *result = g_ptr_array_index (report->sources, i);
      g_autofree char *text = NULL;

      if (result->status != GP_SOURCE_STATUS_FAILED)
        continue;

      if (failed == 1)
        text = g_strdup_printf (_("Could not refresh %s"), result->message);
      else
        text = g_strdup_printf (_("Could not refresh %u sources, their prices are as they were. "
                                   "The first: %s"),
                                failed, result->message);
      gp_window_add_toast (self, text, TRUE);
      break;
    }

  if (failed < report->sources->len)
    {
      g_autofree char *text = NULL;

      if (report->moves->len > 0)
        text = g_strdup_printf (
            g_dngettext (GETTEXT_PACKAGE, "Prices refreshed: %u offer changed (%s)",
                         "Prices refreshed: %u offers changed, the most %s", report->changed),
            report->changed, (const char *) g_ptr_array_index (report->moves, 0));
      else
        text = g_strdup (_("Prices refreshed: no price changed"));
      gp_window_add_toast (self, text, FALSE);
    }

  if (report->history_problem != NULL)
    {
      g_autofree char *text =
          g_strdup_printf (_("The price history was not updated: %s"), report->history_problem);

      gp_window_add_toast (self, text, TRUE);
    }
}

static void
refresh_done_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(GpWindow) self = user_data;
  g_autoptr(GpRefreshReport) report = NULL;
  g_autoptr(GError) error = NULL;

  report = gp_catalog_updater_refresh_finish (GP_CATALOG_UPDATER (object), result, &error);
  g_clear_object (&self->refresh_cancellable);

  /* The window may be closing: then there is nobody to tell. */
  if (g_cancellable_is_cancelled (self->cancellable))
    return;

  set_refreshing (self, FALSE);
  if (report != NULL)
    report_refresh (self, report);
  else
    gp_window_add_toast (self, _("Refresh cancelled: the prices are as they were"), FALSE);
}

static GpCatalogUpdater *
ensure_updater (GpWindow *self)
{
  if (self->updater == NULL)
    {
      self->updater = gp_catalog_updater_new (NULL);
      gp_catalog_updater_add_default_sources (self->updater,
                                              gp_settings_get_catalog_url (self->settings));
      self->keys_unasked = TRUE;
    }

  return self->updater;
}

/* The updater with the sources of the user's keys too. The keyring is asked when a refresh
 * starts, never by the checks at start whether one is due: a locked keyring would ask for its
 * password at every start. */
static GpCatalogUpdater *
ensure_refreshing_updater (GpWindow *self)
{
  GpCatalogUpdater *updater = ensure_updater (self);

  if (self->keys_unasked)
    {
      g_autoptr(GpKeyStore) keys = gp_catalog_updater_get_user_keys ();

      gp_catalog_updater_add_keyed_sources (updater, keys);
      self->keys_unasked = FALSE;
    }
  return updater;
}

static void
refresh_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  GpWindow *self = GP_WINDOW (widget);
  GpCatalogUpdater *updater;

  if (self->refresh_cancellable != NULL || self->catalog == NULL)
    return;

  updater = ensure_refreshing_updater (self);
  /* The addresses of Preferences › Data, as they are now: mirrors, or each source's own. */
  for (const char *const *name = gp_catalog_updater_get_source_names (updater); *name; name++)
    {
      g_auto(GStrv) urls = gp_settings_dup_source_urls (self->settings, *name);

      gp_catalog_updater_set_urls (updater, *name, (const char *const *) urls);
    }
  /* Closing the window stops the refresh too: the window cancels it when disposed. */
  self->refresh_cancellable = g_cancellable_new ();
  g_signal_handlers_disconnect_by_func (updater, refresh_progress_cb, self);
  g_signal_connect_object (updater, "progress", G_CALLBACK (refresh_progress_cb), self,
                           G_CONNECT_SWAPPED);

  set_refreshing (self, TRUE);
  gp_catalog_updater_refresh_async (updater, self->catalog, NULL, self->refresh_cancellable,
                                    refresh_done_cb, g_object_ref (self));
}

static void
cancel_refresh_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  GpWindow *self = GP_WINDOW (widget);

  if (self->refresh_cancellable != NULL)
    g_cancellable_cancel (self->refresh_cancellable);
}

static void
import_done_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(GpWindow) self = user_data;
  g_autoptr(GError) error = NULL;

  if (g_cancellable_is_cancelled (self->cancellable))
    return;

  if (gp_catalog_updater_import_finish (GP_CATALOG_UPDATER (object), result, &error))
    gp_window_add_toast (self, _("Imported: the prices are part of the catalog now"), FALSE);
  else
    {
      g_autofree char *text = g_strdup_printf (_("Could not import %s"), error->message);
      gp_window_add_toast (self, text, TRUE);
    }
}

/* Imports local files into the refreshed layer, each checked like a fetched file. */
void
gp_window_import_files (GpWindow   *self,
                        GListModel *files)
{
  g_return_if_fail (GP_IS_WINDOW (self));
  g_return_if_fail (G_IS_LIST_MODEL (files));

  if (self->catalog == NULL)
    return;

  for (guint i = 0; i < g_list_model_get_n_items (files); i++)
    {
      g_autoptr(GFile) file = g_list_model_get_item (files, i);

      gp_catalog_updater_import_async (ensure_updater (self), self->catalog, file,
                                       self->cancellable, import_done_cb, g_object_ref (self));
    }
}

static void
files_chosen_cb (GListModel *files,
                 gpointer    user_data)
{
  g_autoptr(GpWindow) self = user_data;

  gp_window_import_files (self, files);
}

static void
import_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  GpWindow *self = GP_WINDOW (widget);
  g_autoptr(GListStore) filters = g_list_store_new (GTK_TYPE_FILE_FILTER);
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) csv = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) json = gtk_file_filter_new ();

  gtk_file_filter_set_name (all, _("Price Catalogs"));
  gtk_file_filter_add_suffix (all, "csv");
  gtk_file_filter_add_suffix (all, "json");
  gtk_file_filter_set_name (csv, _("SkyPilot Price Catalogs (vms.csv)"));
  gtk_file_filter_add_suffix (csv, "csv");
  gtk_file_filter_set_name (json, _("GPU Planner Catalogs and Azure Price Pages"));
  gtk_file_filter_add_suffix (json, "json");
  g_list_store_append (filters, all);
  g_list_store_append (filters, csv);
  g_list_store_append (filters, json);

  gp_compat_open_files (GTK_WINDOW (self), _("Import Prices"), G_LIST_MODEL (filters),
                        files_chosen_cb, g_object_ref (self));
}

/* At most once a day, and only when the user asked for it in Preferences. */
void
gp_window_maybe_refresh_at_start (GpWindow *self)
{
  g_autoptr(GDateTime) last = NULL;
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();

  if (!gp_settings_get_refresh_at_start (self->settings))
    return;

  last = gp_catalog_updater_get_last_refresh (ensure_updater (self));
  if (last != NULL && g_date_time_difference (now, last) < G_TIME_SPAN_DAY)
    return;

  gtk_widget_activate_action (GTK_WIDGET (self), "win.refresh", NULL);
}

/* Weekly, in the background, when the user asked for it in Preferences; never on a metered
 * connection, where the user refreshes by hand. Checked at start and every hour after. */
void
gp_window_maybe_refresh_weekly (GpWindow *self)
{
  GNetworkMonitor *monitor = g_network_monitor_get_default ();

  if (!gp_settings_get_refresh_weekly (self->settings) || self->refresh_cancellable != NULL)
    return;
  if (!gp_catalog_updater_is_refresh_due (ensure_updater (self), 7 * G_TIME_SPAN_DAY,
                                          g_network_monitor_get_network_metered (monitor)))
    return;

  gtk_widget_activate_action (GTK_WIDGET (self), "win.refresh", NULL);
}

void
gp_window_class_install_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.show-page", "s", show_page_action);
  gp_ui_install_show_message (widget_class);
  gtk_widget_class_install_action (widget_class, "win.show-plan", NULL, show_plan_action);
  gtk_widget_class_install_action (widget_class, "win.show-launch", "(ssbs)", show_launch_action);
  gtk_widget_class_install_action (widget_class, "win.show-block-launch", "(ssd)",
                                   show_block_launch_action);
  gtk_widget_class_install_action (widget_class, "win.add-to-plan", "(sss)", add_to_plan_action);
  gtk_widget_class_install_action (widget_class, "win.edit-mixed-plan", NULL,
                                   edit_mixed_plan_action);
  gtk_widget_class_install_action (widget_class, "win.export-chart", NULL, export_chart_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_e, GDK_CONTROL_MASK,
                                       "win.export-chart", NULL);
  gtk_widget_class_install_action (widget_class, "win.toggle-fullscreen", NULL,
                                   toggle_fullscreen_action);
  gtk_widget_class_install_action (widget_class, "win.refresh", NULL, refresh_action);
  gtk_widget_class_install_action (widget_class, "win.cancel-refresh", NULL, cancel_refresh_action);
  gtk_widget_class_install_action (widget_class, "win.import", NULL, import_action);
  gtk_widget_class_install_action (widget_class, "win.compare", "as", compare_action);
  gtk_widget_class_install_action (widget_class, "win.find", NULL, find_action);
  gtk_widget_class_install_action (widget_class, "win.present", NULL, present_action);
  gtk_widget_class_install_action (widget_class, "win.show-help-overlay", NULL,
                                   show_shortcuts_action);
  gtk_widget_class_install_action (widget_class, "win.export-slides", NULL, export_slides_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, GDK_CONTROL_MASK, "win.find", NULL);
}
