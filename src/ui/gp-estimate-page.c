/* gp-estimate-page.c — the workload form, the ranked estimates and their chart
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The form writes into a GpWorkload; every change restarts a short timer, and when typing
 * pauses the estimate runs on a worker thread (the previous one is cancelled), so the form
 * never waits for the catalog.
 *
 * The measurements the job may rest on, and the measuring script, are in
 * gp-estimate-page-measure.c.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "gp-compat.h"
#include "gp-cost-model.h"
#include "gp-display-currency.h"
#include "gp-cost-emissions-chart.h"
#include "gp-emissions-chart.h"
#include "gp-estimate-page-private.h"
#include "gp-estimate-rows.h"
#include "gp-export-dialog.h"
#include "gp-file.h"
#include "gp-format.h"
#include "gp-estimate-group.h"
#include "gp-measure-script.h"
#include "gp-measurement-store.h"
#include "gp-ui-models.h"
#include "gp-ui-toasts.h"
#include "gp-ui-widgets.h"

/* How long typing must pause before the estimate runs again. */
#define ESTIMATE_DELAY_MS 150
/* Bars in the chart and rows in the list. */
#define CHART_ITEMS 30
#define LIST_ROWS 25
/* Rows shown of the offers that are no option: enough to see what the job lacks. */
#define APART_ROWS 10

G_DEFINE_FINAL_TYPE (GpEstimatePage, gp_estimate_page, ADW_TYPE_BIN)

enum
{
  PROP_0,
  PROP_CATALOG,
  PROP_WORKLOAD,
  PROP_ESTIMATES,
  PROP_CHART,
  PROP_ERROR,
  PROP_EVERY_OFFER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void fill_form (GpEstimatePage *self, GpWorkload *workload);
static void restore_job (GpEstimatePage *self);

/* The rows of gpus_row: "Any", then these counts. */
static const guint gpu_counts[] = { 0, 1, 2, 4, 8 };
/* The reference the example uses: "300 h on one V100". */
#define DEFAULT_REFERENCE "v100-sxm2-16gb"

/* When @shown_is_form the figures shown are the form's job (nothing can run it), else the
 * last good estimate's, greyed, for a form that changed; show_fit() shows the fit button. */
static void
set_error (GpEstimatePage *self,
           const char     *message,
           gboolean        shown_is_form)
{
  gtk_widget_set_visible (GTK_WIDGET (self->fit_button), FALSE);
  if (g_strcmp0 (self->error, message) == 0)
    return;

  g_free (self->error);
  self->error = g_strdup (message);
  if (message != NULL && self->estimates != NULL && !shown_is_form)
    {
      /* The job the greyed figures are of, so that nobody reads them as the form's. */
      GpWorkload *shown = gp_estimate_list_get_workload (self->estimates);
      double gpu_hours = gp_workload_get_gpu_hours (shown);
      g_autofree char *hours = gp_format_number (gpu_hours, gpu_hours == floor (gpu_hours) ? 0 : 1);
      g_autofree char *text = g_strdup_printf (
          /* Translators: under an impossible form value; the last good estimate, greyed, is
           * still shown: "Showing the estimate for 300 GPU-hours, …" */
          _("%s\nShowing the estimate for %s GPU-hours, which no longer matches the form; "
             "export is off until the form is valid."),
          message, hours);

      gtk_label_set_label (self->error_label, text);
    }
  else
    gtk_label_set_label (self->error_label, message ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), message != NULL);
  /* The last good estimate stays in view, greyed, and cannot be exported or copied: a figure
   * that does not match the form must not reach a proposal. */
  gtk_widget_set_sensitive (GTK_WIDGET (self->chart_view), message == NULL);
  gtk_widget_set_sensitive (GTK_WIDGET (self->results_list), message == NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "estimate.export", message == NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ERROR]);
}

/* The index of @gpus in gpus_row, or 0 ("Any") when it offers no such count. */
static guint
gpus_index (guint gpus)
{
  for (guint i = 0; i < G_N_ELEMENTS (gpu_counts); i++)
    if (gpu_counts[i] == gpus)
      return i;
  return 0;
}

/* When no GPU holds the job: the fewest GPUs of the chosen model that would, and a button to
 * ask for an instance of them. */
static void
show_fit (GpEstimatePage *self,
          GpEstimateList *estimates)
{
  gboolean found = gp_estimate_list_find_fit (estimates, &self->fit);
  const char *reference = gp_estimate_list_get_reference_gpu (estimates);
  g_autofree char *message = gp_estimate_rows_dup_fit_message (
      found ? gp_catalog_find_gpu (self->catalog, reference) : NULL, found ? &self->fit : NULL);
  g_autofree char *use = found ? gp_estimate_rows_dup_fit_button_label (&self->fit) : NULL;

  self->fit.gpus = found ? self->fit.gpus : 0;
  set_error (self, message, TRUE);
  gtk_button_set_label (self->fit_button, use ? use : "");
  gtk_widget_set_visible (GTK_WIDGET (self->fit_button),
                          found && gpus_index (self->fit.instance_gpus) > 0);
}

/* The fit button: the GPU count and sharding that hold the job, in the form. */
static void
use_fit_action (GtkWidget  *widget,
                const char *action,
                GVariant   *parameter)
{
  GpEstimatePage *self = GP_ESTIMATE_PAGE (widget);
  guint index = gpus_index (self->fit.instance_gpus);

  if (self->fit.gpus == 0 || index == 0)
    return;
  adw_combo_row_set_selected (self->sharding_row, self->fit.sharding);
  adw_combo_row_set_selected (self->gpus_row, index);
}

static GtkWidget *
create_result_row (gpointer item,
                   gpointer user_data)
{
  return gp_estimate_row_new (item);
}

static GtkWidget *
create_platform_row (gpointer item,
                     gpointer user_data)
{
  GpEstimatePage *self = user_data;
  GpEstimate *best = gp_estimate_group_get_best (item);

  return gp_estimate_platform_row_new (
      item,
      g_hash_table_lookup (self->instances_by_platform,
                           gp_provider_get_id (gp_estimate_get_provider (best))),
      self->same_gpu);
}

/* What the platforms are compared on: each one's cheapest option, or one GPU model on every
 * platform, of those that can run the job; a GPU stays chosen while it still can. */
static void
fill_compare (GpEstimatePage *self)
{
  g_autoptr(GtkStringList) names = NULL;
  guint selected;

  g_clear_pointer (&self->instances_by_platform, g_hash_table_unref);
  self->instances_by_platform = gp_estimate_rows_group_instances (self->estimates);
  g_clear_pointer (&self->compare_gpus, g_ptr_array_unref);
  self->compare_gpus = gp_estimate_rows_dup_gpus (self->instances_by_platform);
  names = gp_estimate_rows_compare_choices (self->compare_gpus, self->same_gpu, &selected);
  if (selected == 0)
    g_clear_pointer (&self->same_gpu, g_free);
  self->filling_compare = TRUE;
  gtk_drop_down_set_model (self->compare_dropdown, G_LIST_MODEL (names));
  gtk_drop_down_set_selected (self->compare_dropdown, selected);
  self->filling_compare = FALSE;
}

/* Each platform's best first, the question's answer, or its best of one GPU model; or every
 * offer, as the switch asks. */
static void
bind_results (GpEstimatePage *self)
{
  GpEstimateList *estimates = self->estimates;
  g_autoptr(GtkSliceListModel) top = NULL;
  g_autoptr(GListModel) platforms = NULL;

  if (estimates == NULL)
    return;
  gtk_widget_set_sensitive (GTK_WIDGET (self->compare_dropdown), !self->every_offer);
  if (self->every_offer)
    {
      top = gtk_slice_list_model_new (G_LIST_MODEL (g_object_ref (estimates)), 0,
                                      MIN (gp_estimate_list_get_n_options (estimates), LIST_ROWS));
      gtk_list_box_bind_model (self->results_list, G_LIST_MODEL (top), create_result_row, NULL,
                               NULL);
      return;
    }
  platforms = gp_estimate_group_list_for_gpu (estimates, GP_ESTIMATE_GROUPING_PLATFORM,
                                              self->same_gpu, NULL);
  gtk_list_box_bind_model (self->results_list, platforms, create_platform_row, self, NULL);
}

/* The chart's data: the emissions chart's bars are kgCO2e, the cost-against-emissions chart's
 * points are placed by them; every other chart's are costs. */
static void
show_chart_data (GpEstimatePage *self)
{
  g_autoptr(GpChartData) data = NULL;

  if (self->estimates == NULL)
    return;
  if (g_strcmp0 (self->chart, "emissions") == 0)
    data = gp_emissions_chart_data_new (self->estimates, CHART_ITEMS);
  else if (g_strcmp0 (self->chart, "cost-emissions") == 0)
    data = gp_cost_emissions_chart_data_new (self->estimates, CHART_ITEMS);
  else
    data = gp_chart_data_new_from_estimates (self->estimates, CHART_ITEMS);
  gp_chart_view_set_data (self->chart_view, data);
  /* The chart's footnote, apart on screen: the workload, the sources and the date, whole. */
  gtk_label_set_label (self->footnote_label, gp_chart_data_get_footnote (data));
}

static void
compare_selected_cb (GpEstimatePage *self)
{
  guint selected = gtk_drop_down_get_selected (self->compare_dropdown);

  if (self->filling_compare || self->compare_gpus == NULL)
    return;
  g_free (self->same_gpu);
  self->same_gpu = selected > 0 && selected <= self->compare_gpus->len
                       ? g_strdup (gp_gpu_get_id (self->compare_gpus->pdata[selected - 1]))
                       : NULL;
  bind_results (self);
}

static void
show_estimates (GpEstimatePage *self,
                GpEstimateList *estimates)
{
  g_autoptr(GtkSliceListModel) apart = NULL;
  guint options = gp_estimate_list_get_n_options (estimates);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (estimates));
  const char * const *skipped;

  g_set_object (&self->estimates, estimates);

  /* The job's options first; what cannot run it apart, saying what it lacks. */
  fill_compare (self);
  bind_results (self);
  apart = gtk_slice_list_model_new (G_LIST_MODEL (g_object_ref (estimates)), options, APART_ROWS);
  gtk_list_box_bind_model (self->apart_list, G_LIST_MODEL (apart), create_result_row, NULL, NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->apart_list), options < n);
  gtk_widget_set_visible (GTK_WIDGET (self->apart_label), options < n);

  show_chart_data (self);

  skipped = gp_estimate_list_get_skipped (estimates);
  if (skipped[0] != NULL)
    {
      g_autofree char *joined = g_strjoinv ("\n", (char **) skipped);
      g_autofree char *text = g_strdup_printf (_("Not estimated:\n%s"), joined);

      gtk_label_set_label (self->skipped_label, text);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->skipped_label), skipped[0] != NULL);

  if (n == 0)
    set_error (self,
               _("No offer matches this job: allow more GPUs per instance, another region, or "
                  "interruptions."),
               TRUE);
  else if (options == 0)
    show_fit (self, estimates);
  else
    set_error (self, NULL, TRUE);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ESTIMATES]);
}

static void
estimated_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GpEstimatePage) self = user_data;
  g_autoptr(GpEstimateList) estimates = NULL;
  g_autoptr(GError) error = NULL;

  estimates = gp_estimate_list_new_finish (result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  gtk_spinner_stop (self->spinner);
  g_clear_object (&self->cancellable);

  if (estimates == NULL)
    set_error (self, error->message, FALSE);
  else
    show_estimates (self, estimates);
}

static gboolean
estimate_timeout_cb (gpointer user_data)
{
  GpEstimatePage *self = user_data;
  g_autoptr(GError) error = NULL;

  self->estimate_source = 0;
  if (self->catalog == NULL)
    return G_SOURCE_REMOVE;

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);

  /* An impossible value is said at once, and the last good estimate stays on screen. */
  if (!gp_workload_check (self->workload, self->catalog, gp_estimator_data_get_default (),
                          &error))
    {
      gtk_spinner_stop (self->spinner);
      set_error (self, error->message, FALSE);
      return G_SOURCE_REMOVE;
    }

  self->cancellable = g_cancellable_new ();
  gtk_spinner_start (self->spinner);
  gp_estimate_list_new_async (self->catalog, self->workload, NULL, self->cancellable,
                              estimated_cb, g_object_ref (self));
  return G_SOURCE_REMOVE;
}

static void
queue_estimate (GpEstimatePage *self)
{
  g_clear_handle_id (&self->estimate_source, g_source_remove);
  if (self->wanted)
    self->estimate_source = g_timeout_add (ESTIMATE_DELAY_MS, estimate_timeout_cb, self);
}

/* The first time the page is shown it estimates at once: nobody typed, so nothing to wait
 * for. */
static void
gp_estimate_page_map (GtkWidget *widget)
{
  GpEstimatePage *self = GP_ESTIMATE_PAGE (widget);

  GTK_WIDGET_CLASS (gp_estimate_page_parent_class)->map (widget);

  if (!self->wanted)
    {
      self->wanted = TRUE;
      g_clear_handle_id (&self->estimate_source, g_source_remove);
      estimate_timeout_cb (self);
    }
}

void
_gp_estimate_page_workload_selected_cb (GpEstimatePage *self)
{
  guint selected = adw_combo_row_get_selected (self->workload_row);
  GListModel *presets = gp_estimator_data_get_presets (gp_estimator_data_get_default ());
  g_autoptr(GpPreset) preset = selected > 0 ? g_list_model_get_item (presets, selected - 1) : NULL;
  gboolean custom = preset == NULL;

  gtk_widget_set_sensitive (gtk_widget_get_ancestor (GTK_WIDGET (self->gpu_hours_spin),
                                                     ADW_TYPE_ACTION_ROW), custom);
  gtk_widget_set_sensitive (GTK_WIDGET (self->reference_row), custom);
  gp_workload_set_preset (self->workload, preset ? gp_preset_get_id (preset) : NULL);

  /* A preset comes with the precision it was measured at; the user may change it after. */
  if (preset != NULL)
    adw_combo_row_set_selected (self->precision_row, gp_preset_get_precision (preset));
}

void
_gp_estimate_page_reference_selected_cb (GpEstimatePage *self)
{
  GpGpu *gpu = adw_combo_row_get_selected_item (self->reference_row);

  if (gpu != NULL)
    gp_workload_set_reference_gpu (self->workload, gp_gpu_get_id (gpu));
}

static void
precision_selected_cb (GpEstimatePage *self)
{
  gp_workload_set_precision (self->workload, adw_combo_row_get_selected (self->precision_row));
}

static void
gpus_selected_cb (GpEstimatePage *self)
{
  guint selected = adw_combo_row_get_selected (self->gpus_row);

  gp_workload_set_gpus (self->workload, gpu_counts[MIN (selected, G_N_ELEMENTS (gpu_counts) - 1)]);
}

static void
region_selected_cb (GpEstimatePage *self)
{
  guint selected = adw_combo_row_get_selected (self->region_row);

  gp_workload_set_region (self->workload,
                          selected > 0 ? gtk_string_list_get_string (self->regions, selected)
                                       : NULL);
}

static void
chart_item_cb (GpEstimatePage *self)
{
  int selected = gp_chart_view_get_selected (self->chart_view);
  g_autofree char *text = gp_chart_view_dup_item_text (self->chart_view, selected);

  gtk_label_set_label (self->item_label, text ? text : " ");
}

/* 0 in the form means "not given" for these; the model wants NAN, which a GParamSpec range
 * refuses, so they are set through the setters rather than bound. */
static void
storage_changed_cb (GpEstimatePage *self)
{
  double value = gtk_spin_button_get_value (self->storage_spin);

  gp_workload_set_storage_per_gb_month (self->workload, value > 0 ? value : NAN);
}

static void
interruption_changed_cb (GpEstimatePage *self)
{
  double percent = gtk_spin_button_get_value (self->interruption_spin);

  gp_workload_set_interruptions_per_month (self->workload, percent > 0 ? percent / 100 : NAN);
}

static void
coefficients_changed_cb (GpEstimatePage *self)
{
  double restart = gtk_spin_button_get_value (self->restart_spin);
  double scaling = gtk_spin_button_get_value (self->scaling_spin);
  double weight = gtk_spin_button_get_value (self->weight_spin);

  gp_workload_set_restart_minutes (self->workload, restart > 0 ? restart : NAN);
  gp_workload_set_scaling_efficiency (self->workload, scaling > 0 ? scaling / 100 : NAN);
  gp_workload_set_spec_weight (self->workload, weight > 0 ? weight : NAN);
}

static void
memory_changed_cb (GpEstimatePage *self)
{
  gp_workload_set_method (self->workload, adw_combo_row_get_selected (self->method_row));
  gp_workload_set_sharding (self->workload, adw_combo_row_get_selected (self->sharding_row));
  gp_workload_set_activation_checkpointing (
      self->workload, adw_combo_row_get_selected (self->checkpointing_row) == 1);
}

/* Prices in the currency Preferences hold, at their rate: the form does not ask again. */
static void
display_currency_changed_cb (GpEstimatePage *self)
{
  const char *from = self->catalog != NULL ? gp_catalog_get_currency (self->catalog) : "USD";
  g_autofree char *rate = NULL;
  g_autofree char *title = NULL;
  const char *code;
  double factor;

  if (self->display == NULL)
    return;

  gp_display_currency_apply (self->display, self->workload, self->catalog);
  code = gp_display_currency_resolve (self->display, from, &factor);
  /* Translators: the currency estimates are shown in, by its ISO code ("CNY") */
  title = g_strdup_printf (_("Prices in %s"), code);
  rate = gp_display_currency_dup_rate_label (self->display, self->catalog);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->currency_info_row), title);
  adw_action_row_set_subtitle (self->currency_info_row,
                               rate[0] != '\0' ? rate : _("The catalog’s own currency"));
}

/* The row of workload_row that names @preset_id: 0, "your GPU-hours", when none does. */
guint
_gp_estimate_page_preset_index (const char *preset_id)
{
  GListModel *presets = gp_estimator_data_get_presets (gp_estimator_data_get_default ());

  for (guint i = 0; preset_id != NULL && i < g_list_model_get_n_items (presets); i++)
    {
      g_autoptr(GpPreset) preset = g_list_model_get_item (presets, i);

      if (g_strcmp0 (gp_preset_get_id (preset), preset_id) == 0)
        return i + 1;
    }

  return 0;
}

static void
bind_form (GpEstimatePage *self)
{
  const GBindingFlags flags = G_BINDING_SYNC_CREATE;

  g_object_bind_property (self->gpu_hours_spin, "value", self->workload, "gpu-hours", flags);
  g_object_bind_property (self->dataset_spin, "value", self->workload, "dataset-gb", flags);
  g_object_bind_property (self->results_spin, "value", self->workload, "results-gb", flags);
  g_object_bind_property (self->upload_spin, "value", self->workload, "upload-mbps", flags);
  g_object_bind_property (self->checkpoint_spin, "value", self->workload, "checkpoint-minutes",
                          flags);
  g_object_bind_property (self->deadline_spin, "value", self->workload, "deadline-hours", flags);
  g_object_bind_property (self->budget_spin, "value", self->workload, "budget", flags);
  g_object_bind_property (self->interruptible_switch, "active", self->workload, "interruptible",
                          flags);
  g_object_bind_property (self->model_spin, "value", self->workload, "model-billions", flags);
  g_object_bind_property (self->batch_spin, "value", self->workload, "batch-size", flags);
  g_object_bind_property (self->sequence_spin, "value", self->workload, "sequence-length", flags);
  g_signal_connect_object (self->method_row, "notify::selected", G_CALLBACK (memory_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->sharding_row, "notify::selected", G_CALLBACK (memory_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->checkpointing_row, "notify::selected",
                           G_CALLBACK (memory_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->storage_spin, "value-changed", G_CALLBACK (storage_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->interruption_spin, "value-changed",
                           G_CALLBACK (interruption_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->restart_spin, "value-changed",
                           G_CALLBACK (coefficients_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->scaling_spin, "value-changed",
                           G_CALLBACK (coefficients_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->weight_spin, "value-changed",
                           G_CALLBACK (coefficients_changed_cb), self, G_CONNECT_SWAPPED);

  g_signal_connect_object (self->workload_row, "notify::selected",
                           G_CALLBACK (_gp_estimate_page_workload_selected_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->reference_row, "notify::selected",
                           G_CALLBACK (_gp_estimate_page_reference_selected_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->precision_row, "notify::selected",
                           G_CALLBACK (precision_selected_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->compare_dropdown, "notify::selected",
                           G_CALLBACK (compare_selected_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->gpus_row, "notify::selected", G_CALLBACK (gpus_selected_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->region_row, "notify::selected",
                           G_CALLBACK (region_selected_cb), self, G_CONNECT_SWAPPED);
  /* With the data sheet its only choice, Speed opens nothing: no Tab stop either. */
  g_object_bind_property (self->measurement_row, "activatable", self->measurement_row, "focusable",
                          G_BINDING_SYNC_CREATE);
  g_signal_connect_object (self->measurement_row, "notify::selected",
                           G_CALLBACK (_gp_estimate_page_measurement_selected_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->tokens_spin, "value-changed",
                           G_CALLBACK (_gp_estimate_page_tokens_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->workload, "changed", G_CALLBACK (queue_estimate), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->chart_view, "notify::selected", G_CALLBACK (chart_item_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->chart_view, "notify::data", G_CALLBACK (chart_item_cb), self,
                           G_CONNECT_SWAPPED);
}

/* The GPUs and regions of the catalog, kept as selected where they still exist. */
static void
fill_from_catalog (GpEstimatePage *self)
{
  const char *reference = gp_workload_get_reference_gpu (self->workload);
  const char *region = gp_workload_get_region (self->workload);
  g_autofree char *wanted_reference = g_strdup (reference ? reference : DEFAULT_REFERENCE);
  g_autofree char *wanted_region = g_strdup (region);
  guint selected_gpu = 0, selected_region = 0;

  gp_ui_fill_gpus (self->gpus, self->catalog);
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->gpus)); i++)
    {
      g_autoptr(GpGpu) gpu = g_list_model_get_item (G_LIST_MODEL (self->gpus), i);

      if (g_strcmp0 (gp_gpu_get_id (gpu), wanted_reference) == 0)
        selected_gpu = i;
    }
  adw_combo_row_set_selected (self->reference_row, selected_gpu);
  _gp_estimate_page_reference_selected_cb (self);

  gp_ui_fill_regions (self->regions, self->catalog);
  for (guint i = 1; i < g_list_model_get_n_items (G_LIST_MODEL (self->regions)); i++)
    if (g_strcmp0 (gtk_string_list_get_string (self->regions, i), wanted_region) == 0)
      selected_region = i;
  adw_combo_row_set_selected (self->region_row, selected_region);
  region_selected_cb (self);
}

/* Export */

gboolean
gp_estimate_page_export (GpEstimatePage     *self,
                         GFile              *file,
                         GpChartFormat       format,
                         gboolean            csv,
                         const GpChartSize  *size,
                         GpChartStyleKind    style_kind,
                         GError            **error)
{
  g_return_val_if_fail (GP_IS_ESTIMATE_PAGE (self), FALSE);

  return gp_export_dialog_write (gp_chart_view_get_kind (self->chart_view),
                                 gp_chart_view_get_data (self->chart_view), file, format, csv,
                                 FALSE, size, style_kind, error);
}

/* Writes every chart of the estimate, one a page, in one PDF. */
gboolean
gp_estimate_page_export_all (GpEstimatePage     *self,
                             GFile              *file,
                             const GpChartSize  *size,
                             GpChartStyleKind    style_kind,
                             GError            **error)
{
  g_autoptr(GpChartData) costs = NULL;

  g_return_val_if_fail (GP_IS_ESTIMATE_PAGE (self), FALSE);

  /* The four charts of the costs, whichever chart is shown. */
  if (self->estimates != NULL)
    costs = gp_chart_data_new_from_estimates (self->estimates, CHART_ITEMS);
  return gp_export_dialog_write (GP_CHART_KIND_COST,
                                 costs != NULL ? costs : gp_chart_view_get_data (self->chart_view),
                                 file, GP_CHART_FORMAT_PDF, FALSE, TRUE, size, style_kind, error);
}

static void
export_action (GtkWidget  *widget,
               const char *action,
               GVariant   *parameter)
{
  GpEstimatePage *self = GP_ESTIMATE_PAGE (widget);

  gp_export_dialog_run (widget, gp_chart_view_get_kind (self->chart_view),
                        gp_chart_view_get_data (self->chart_view), self->chart);
}

/* On a narrow window the form and the results take turns. */
static void
show_side_action (GtkWidget  *widget,
                  const char *action,
                  GVariant   *parameter)
{
  /* The leaflet is the page's own child: the template's top widget. */
  AdwLeaflet *leaflet = ADW_LEAFLET (adw_bin_get_child (ADW_BIN (widget)));

  adw_leaflet_set_visible_child_name (leaflet, g_str_equal (action, "estimate.show-form")
                                                 ? "form" : "results");
}

/* The charts of emissions have data of their own, drawn as a chart of costs is: the emissions
 * chart as the bars of costs, the cost-against-emissions chart as the points of value. */
static gboolean
parse_chart (const char  *chart,
             GpChartKind *kind,
             gboolean    *own_data)
{
  *own_data = TRUE;
  if (g_strcmp0 (chart, "emissions") == 0)
    *kind = GP_CHART_KIND_COST;
  else if (g_strcmp0 (chart, "cost-emissions") == 0)
    *kind = GP_CHART_KIND_VALUE;
  else
    {
      *own_data = FALSE;
      return gp_chart_kind_parse (chart, kind);
    }
  return TRUE;
}

static void
set_chart (GpEstimatePage *self,
           const char     *chart)
{
  GpChartKind kind = GP_CHART_KIND_COST, was_kind;
  gboolean own_data, had_own_data = FALSE;

  if (chart == NULL || !parse_chart (chart, &kind, &own_data) ||
      g_strcmp0 (self->chart, chart) == 0)
    return;

  if (self->chart != NULL)
    parse_chart (self->chart, &was_kind, &had_own_data);
  g_free (self->chart);
  self->chart = g_strdup (chart);
  gp_chart_view_set_kind (self->chart_view, kind);
  if (own_data || had_own_data)
    show_chart_data (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CHART]);
}

/* Object */

static void
gp_estimate_page_dispose (GObject *object)
{
  GpEstimatePage *self = GP_ESTIMATE_PAGE (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_handle_id (&self->estimate_source, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), GP_TYPE_ESTIMATE_PAGE);
  g_clear_object (&self->estimates);
  g_clear_object (&self->workload);
  g_clear_object (&self->catalog);
  g_clear_object (&self->display);
  g_clear_object (&self->settings);
  g_clear_object (&self->gpus);
  g_clear_object (&self->regions);

  G_OBJECT_CLASS (gp_estimate_page_parent_class)->dispose (object);
}

static void
gp_estimate_page_finalize (GObject *object)
{
  GpEstimatePage *self = GP_ESTIMATE_PAGE (object);

  g_free (self->chart);
  g_free (self->error);
  g_clear_pointer (&self->measurements, g_ptr_array_unref);
  g_clear_pointer (&self->instances_by_platform, g_hash_table_unref);
  g_clear_pointer (&self->compare_gpus, g_ptr_array_unref);
  g_free (self->same_gpu);
  g_clear_pointer (&self->untouched, g_variant_unref);

  G_OBJECT_CLASS (gp_estimate_page_parent_class)->finalize (object);
}

static void
gp_estimate_page_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  GpEstimatePage *self = GP_ESTIMATE_PAGE (object);

  switch (prop_id)
    {
    case PROP_CATALOG:
      g_value_set_object (value, self->catalog);
      break;

    case PROP_WORKLOAD:
      g_value_set_object (value, self->workload);
      break;

    case PROP_ESTIMATES:
      g_value_set_object (value, self->estimates);
      break;

    case PROP_CHART:
      g_value_set_string (value, self->chart);
      break;

    case PROP_ERROR:
      g_value_set_string (value, self->error);
      break;

    case PROP_EVERY_OFFER:
      g_value_set_boolean (value, self->every_offer);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gp_estimate_page_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  GpEstimatePage *self = GP_ESTIMATE_PAGE (object);

  switch (prop_id)
    {
    case PROP_CATALOG:
      gp_estimate_page_set_catalog (self, g_value_get_object (value));
      break;

    case PROP_CHART:
      set_chart (self, g_value_get_string (value));
      break;

    case PROP_EVERY_OFFER:
      if (self->every_offer != g_value_get_boolean (value))
        {
          self->every_offer = g_value_get_boolean (value);
          bind_results (self);
          g_object_notify_by_pspec (object, pspec);
        }
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gp_estimate_page_class_init (GpEstimatePageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->dispose = gp_estimate_page_dispose;
  object_class->finalize = gp_estimate_page_finalize;
  object_class->get_property = gp_estimate_page_get_property;
  object_class->set_property = gp_estimate_page_set_property;
  widget_class->map = gp_estimate_page_map;

  properties[PROP_CATALOG] =
    g_param_spec_object ("catalog", NULL, NULL, GP_TYPE_CATALOG,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_WORKLOAD] = g_param_spec_object ("workload", NULL, NULL, GP_TYPE_WORKLOAD, ro);
  properties[PROP_ESTIMATES] =
    g_param_spec_object ("estimates", NULL, NULL, GP_TYPE_ESTIMATE_LIST, ro);
  properties[PROP_CHART] =
    g_param_spec_string ("chart", NULL, NULL, "cost",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ERROR] = g_param_spec_string ("error", NULL, NULL, NULL, ro);
  /* the list shows every offer rather than each platform's best */
  properties[PROP_EVERY_OFFER] =
      g_param_spec_boolean ("every-offer", NULL, NULL, FALSE,
                            G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  gtk_widget_class_install_property_action (widget_class, "estimate.every-offer", "every-offer");

  g_type_ensure (GP_TYPE_CHART_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE_PATH
                                               "/gp-estimate-page.ui");
  gtk_widget_class_bind_template_child (widget_class, GpEstimatePage, toolbar);
  gtk_widget_class_bind_template_child (widget_class, GpEstimatePage, apart_label);
  gtk_widget_class_bind_template_child (widget_class, GpEstimatePage, apart_list);
  gtk_widget_class_bind_template_child (widget_class, GpEstimatePage, batch_spin);
  gtk_widget_class_bind_template_child (widget_class, GpEstimatePage, budget_spin);
  gtk_widget_class_bind_template_child (widget_class, GpEstimatePage, chart_view);
  gtk_widget_class_bind_template_child (widget_class, GpEstimatePage, compare_dropdown);
  gtk_widget_class_bind_template_child (widget_class, GpEstimatePage, every_offer_button);
  gtk_widget_class_bind_template_child (widget_class, GpEstimatePage, checkpoint_spin);
  gtk_widget_class_bind_template_child (widget_class, GpEstimatePage, currency_info_row);
  gtk_widget_class_bind_template_child (widget_class, GpEstimatePage, dataset_spin);
  gtk_widget_class_bind_template_child (widget_class, GpEstimatePage, deadline_spin);
  gtk_widget_class_bind_template_child (widget_class, GpEstimatePage, error_label);
  gtk_widget_class_bind_template_child (widget_class, GpEstimatePage, gpu_hours_spin);
  gtk_widget_class_bind_template_child (widget_class, GpEstimatePage, fit_button);
  gtk_widget_class_bind_template_child (widget_class, GpEstimatePage, gpus_row);
  gtk_widget_class_bind_template_child (widget_class, GpEstimatePage, interruptible_switch);
  gtk_widget_class_bind_template_child (widget_class, GpEstimatePage, usable_switch);
  gtk_widget_class_bind_template_child (widget_class, GpEstimatePage, interruption_spin);
  gtk_widget_class_bind_template_child (widget_class, GpEstimatePage, item_label);
  gtk_widget_class_bind_template_child (widget_class, GpEstimatePage, footnote_label);
  gtk_widget_class_bind_template_child (widget_class, GpEstimatePage, precision_row);
  gtk_widget_class_bind_template_child (widget_class, GpEstimatePage, method_row);
  gtk_widget_class_bind_template_child (widget_class, GpEstimatePage, model_spin);
  gtk_widget_class_bind_template_child (widget_class, GpEstimatePage, restart_spin);
  gtk_widget_class_bind_template_child (widget_class, GpEstimatePage, scaling_spin);
  gtk_widget_class_bind_template_child (widget_class, GpEstimatePage, weight_spin);
  gtk_widget_class_bind_template_child (widget_class, GpEstimatePage, reference_row);
  gtk_widget_class_bind_template_child (widget_class, GpEstimatePage, region_row);
  gtk_widget_class_bind_template_child (widget_class, GpEstimatePage, results_list);
  gtk_widget_class_bind_template_child (widget_class, GpEstimatePage, results_paned);
  gtk_widget_class_bind_template_child (widget_class, GpEstimatePage, results_spin);
  gtk_widget_class_bind_template_child (widget_class, GpEstimatePage, sequence_spin);
  gtk_widget_class_bind_template_child (widget_class, GpEstimatePage, sharding_row);
  gtk_widget_class_bind_template_child (widget_class, GpEstimatePage, checkpointing_row);
  gtk_widget_class_bind_template_child (widget_class, GpEstimatePage, measurement_row);
  gtk_widget_class_bind_template_child (widget_class, GpEstimatePage, remove_measurement_row);
  gtk_widget_class_bind_template_child (widget_class, GpEstimatePage, tokens_row);
  gtk_widget_class_bind_template_child (widget_class, GpEstimatePage, tokens_spin);
  gtk_widget_class_bind_template_child (widget_class, GpEstimatePage, skipped_label);
  gtk_widget_class_bind_template_child (widget_class, GpEstimatePage, spinner);
  gtk_widget_class_bind_template_child (widget_class, GpEstimatePage, storage_spin);
  gtk_widget_class_bind_template_child (widget_class, GpEstimatePage, upload_spin);
  gtk_widget_class_bind_template_child (widget_class, GpEstimatePage, workload_row);

  gtk_widget_class_install_property_action (widget_class, "estimate.chart", "chart");
  gtk_widget_class_install_action (widget_class, "estimate.export", NULL, export_action);
  gtk_widget_class_install_action (widget_class, "estimate.use-fit", NULL, use_fit_action);
  gtk_widget_class_install_action (widget_class, "estimate.measure-script", NULL,
                                   _gp_estimate_page_measure_script_action);
  gtk_widget_class_install_action (widget_class, "estimate.import-measurement", NULL,
                                   _gp_estimate_page_import_measurement_action);
  gtk_widget_class_install_action (widget_class, "estimate.remove-measurement", NULL,
                                   _gp_estimate_page_remove_measurement_action);
  gtk_widget_class_install_action (widget_class, "estimate.show-form", NULL, show_side_action);
  gtk_widget_class_install_action (widget_class, "estimate.show-results", NULL, show_side_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_e, GDK_CONTROL_MASK,
                                       "estimate.export", NULL);
}

static void
gp_estimate_page_init (GpEstimatePage *self)
{
  g_autoptr(GtkExpression) name = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));
  gp_ui_flow_box_pass_focus (self->toolbar);
  self->chart = g_strdup ("cost");
  self->workload = gp_workload_new ();
  self->gpus = g_list_store_new (GP_TYPE_GPU);
  self->regions = gtk_string_list_new (NULL);

  name = gtk_property_expression_new (GP_TYPE_GPU, NULL, "name");
  adw_combo_row_set_expression (self->reference_row, name);
  adw_combo_row_set_model (self->reference_row, G_LIST_MODEL (self->gpus));
  adw_combo_row_set_model (self->region_row, G_LIST_MODEL (self->regions));
  {
    g_autoptr(GtkExpression) region_label = gp_ui_region_expression_new ();
    adw_combo_row_set_expression (self->region_row, region_label);
  }
  adw_combo_row_set_selected (self->precision_row, GP_PRECISION_FP16);
  adw_combo_row_set_selected (self->gpus_row, 1);
  {
    g_autoptr(GtkStringList) presets = gp_ui_preset_names_new ();
    adw_combo_row_set_model (self->workload_row, G_LIST_MODEL (presets));
  }

  gp_workload_set_reference_gpu (self->workload, DEFAULT_REFERENCE);
  gpus_selected_cb (self);
  bind_form (self);
}

GpCatalog *
gp_estimate_page_get_catalog (GpEstimatePage *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE_PAGE (self), NULL);
  return self->catalog;
}

static void
catalog_changed_cb (GpEstimatePage *self)
{
  fill_from_catalog (self);
  _gp_estimate_page_fill_measurements (self, NULL);
  restore_job (self);
  display_currency_changed_cb (self);
  queue_estimate (self);
}

void
gp_estimate_page_set_catalog (GpEstimatePage *self,
                              GpCatalog      *catalog)
{
  g_return_if_fail (GP_IS_ESTIMATE_PAGE (self));
  g_return_if_fail (catalog == NULL || GP_IS_CATALOG (catalog));

  if (self->catalog == catalog)
    return;

  if (self->catalog != NULL)
    g_signal_handlers_disconnect_by_func (self->catalog, catalog_changed_cb, self);
  g_set_object (&self->catalog, catalog);
  if (catalog != NULL)
    {
      g_signal_connect_object (catalog, "changed", G_CALLBACK (catalog_changed_cb), self,
                               G_CONNECT_SWAPPED);
      catalog_changed_cb (self);
    }

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CATALOG]);
}

GpWorkload *
gp_estimate_page_get_workload (GpEstimatePage *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE_PAGE (self), NULL);
  return self->workload;
}

GpEstimateList *
gp_estimate_page_get_estimates (GpEstimatePage *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE_PAGE (self), NULL);
  return self->estimates;
}

GpChartView *
gp_estimate_page_get_chart_view (GpEstimatePage *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE_PAGE (self), NULL);
  return self->chart_view;
}

const char *
gp_estimate_page_get_error (GpEstimatePage *self)
{
  g_return_val_if_fail (GP_IS_ESTIMATE_PAGE (self), NULL);
  return self->error;
}

static void
select_gpu (GpEstimatePage *self,
            const char     *gpu_id)
{
  for (guint i = 0; gpu_id != NULL && i < g_list_model_get_n_items (G_LIST_MODEL (self->gpus)); i++)
    {
      g_autoptr(GpGpu) gpu = g_list_model_get_item (G_LIST_MODEL (self->gpus), i);

      if (g_strcmp0 (gp_gpu_get_id (gpu), gpu_id) == 0)
        adw_combo_row_set_selected (self->reference_row, i);
    }
}

static void
select_region (GpEstimatePage *self,
               const char     *region)
{
  guint selected = 0;

  for (guint i = 1; region != NULL && i < g_list_model_get_n_items (G_LIST_MODEL (self->regions));
       i++)
    if (g_strcmp0 (gtk_string_list_get_string (self->regions, i), region) == 0)
      selected = i;
  adw_combo_row_set_selected (self->region_row, selected);
}

static double
known_or_zero (double value)
{
  return isnan (value) ? 0 : value;
}

/* Fills the form from @workload; the estimate follows as it does for typing, shown or not. */
void
gp_estimate_page_load_workload (GpEstimatePage *self,
                                GpWorkload     *workload)
{
  g_return_if_fail (GP_IS_ESTIMATE_PAGE (self));
  g_return_if_fail (GP_IS_WORKLOAD (workload));

  self->wanted = TRUE;
  self->job_given = TRUE;
  queue_estimate (self);
  fill_form (self, workload);
}

static void
fill_form (GpEstimatePage *self,
           GpWorkload     *workload)
{
  guint gpus = gp_workload_get_gpus (workload);

  adw_combo_row_set_selected (self->workload_row,
                              _gp_estimate_page_preset_index (gp_workload_get_preset (workload)));
  gtk_spin_button_set_value (self->gpu_hours_spin, gp_workload_get_gpu_hours (workload));
  select_gpu (self, gp_workload_get_reference_gpu (workload));
  adw_combo_row_set_selected (self->precision_row, gp_workload_get_precision (workload));
  for (guint i = 0; i < G_N_ELEMENTS (gpu_counts); i++)
    if (gpu_counts[i] == gpus)
      adw_combo_row_set_selected (self->gpus_row, i);
  gtk_spin_button_set_value (self->dataset_spin, gp_workload_get_dataset_gb (workload));
  gtk_spin_button_set_value (self->results_spin, gp_workload_get_results_gb (workload));
  gtk_spin_button_set_value (self->storage_spin,
                             known_or_zero (gp_workload_get_storage_per_gb_month (workload)));
  if (!isnan (gp_workload_get_upload_mbps (workload)))
    gtk_spin_button_set_value (self->upload_spin, gp_workload_get_upload_mbps (workload));
  gtk_switch_set_active (self->interruptible_switch, gp_workload_get_interruptible (workload));
  gtk_spin_button_set_value (self->checkpoint_spin, gp_workload_get_checkpoint_minutes (workload));
  select_region (self, gp_workload_get_region (workload));
  gtk_spin_button_set_value (self->deadline_spin, gp_workload_get_deadline_hours (workload));
  gtk_spin_button_set_value (self->budget_spin, gp_workload_get_budget (workload));
  gtk_spin_button_set_value (self->model_spin, gp_workload_get_model_billions (workload));
  adw_combo_row_set_selected (self->method_row, gp_workload_get_method (workload));
  adw_combo_row_set_selected (self->sharding_row, gp_workload_get_sharding (workload));
  adw_combo_row_set_selected (self->checkpointing_row,
                              gp_workload_get_activation_checkpointing (workload) ? 1 : 0);
  gtk_spin_button_set_value (self->batch_spin, gp_workload_get_batch_size (workload));
  gtk_spin_button_set_value (self->sequence_spin, gp_workload_get_sequence_length (workload));
}

/* The job as the form holds it, kept for the next run; none while it is the untouched form. */
static void
keep_job (GpEstimatePage *self)
{
  g_autoptr(GVariant) job = NULL;

  if (self->settings == NULL || self->untouched == NULL)
    return;
  job = g_variant_ref_sink (gp_workload_to_variant (self->workload));
  gp_settings_set_estimate_job (
      self->settings, gp_estimate_page_has_job (self) ? job : g_variant_new ("a{sv}", NULL));
}

/* The job kept from the last run, once the catalog gives the form its GPUs and regions. */
static void
restore_job (GpEstimatePage *self)
{
  g_autoptr(GVariant) kept = NULL;

  if (self->settings == NULL || self->catalog == NULL || self->untouched != NULL)
    return;
  self->untouched = g_variant_ref_sink (gp_workload_to_variant (self->workload));
  kept = gp_settings_dup_estimate_job (self->settings);
  if (kept != NULL && g_variant_n_children (kept) > 0)
    {
      g_autoptr(GpWorkload) job = gp_workload_copy (self->workload);

      gp_workload_apply_variant (job, kept);
      fill_form (self, job);
      self->job_given = TRUE;
    }
  g_signal_connect_object (self->workload, "changed", G_CALLBACK (keep_job), self,
                           G_CONNECT_SWAPPED);
}

gboolean
gp_estimate_page_has_job (GpEstimatePage *self)
{
  g_autoptr(GVariant) job = NULL;

  g_return_val_if_fail (GP_IS_ESTIMATE_PAGE (self), FALSE);

  if (self->job_given || self->untouched == NULL)
    return TRUE;
  job = g_variant_ref_sink (gp_workload_to_variant (self->workload));
  return !g_variant_equal (job, self->untouched);
}

/* Ctrl+F: focuses what narrows the list, the Compare choice (each platform's cheapest or the
 * same GPU on every platform), or Every Offer while that greys the choice out. */
void
gp_estimate_page_focus_filter (GpEstimatePage *self)
{
  g_return_if_fail (GP_IS_ESTIMATE_PAGE (self));

  if (!gtk_widget_grab_focus (GTK_WIDGET (self->compare_dropdown)))
    gtk_widget_grab_focus (GTK_WIDGET (self->every_offer_button));
}

/* Where the lab is, as Preferences say: what the estimates say it reaches and it can pay, which
 * of them it keeps, and how fast its data crosses the border. */
static void
lab_location_changed_cb (GpEstimatePage *self)
{
  gp_settings_apply_lab (self->settings, self->workload);
  gp_workload_set_cross_border_mbps (self->workload,
                                     gp_settings_get_cross_border_mbps (self->settings));
  gtk_widget_set_visible (
      gtk_widget_get_ancestor (GTK_WIDGET (self->usable_switch), ADW_TYPE_ACTION_ROW),
      gp_ui_lab_sees_border (gp_settings_get_lab_location (self->settings)));
}

/* The share of their board power the GPUs draw, as Preferences say: the energy rests on it. */
static void
usage_factor_changed_cb (GpEstimatePage *self)
{
  gp_workload_set_usage_factor (self->workload, gp_settings_get_usage_factor (self->settings));
}

/* Estimates are in the currency Preferences hold, at their rate; the assumptions name the rate
 * and its date. */
void
gp_estimate_page_set_settings (GpEstimatePage *self,
                               GpSettings     *settings)
{
  g_return_if_fail (GP_IS_ESTIMATE_PAGE (self));
  g_return_if_fail (GP_IS_SETTINGS (settings));

  if (self->display != NULL)
    g_signal_handlers_disconnect_by_func (self->display, display_currency_changed_cb, self);
  g_set_object (&self->display, gp_settings_get_display_currency (settings));
  /* The chart's height, which the user may drag, is kept: the list under it keeps its rows. */
  g_object_bind_property (settings, "estimate-pane-position", self->results_paned, "position",
                          G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL);
  g_signal_connect_object (self->display, "changed", G_CALLBACK (display_currency_changed_cb),
                           self, G_CONNECT_SWAPPED);
  display_currency_changed_cb (self);
  g_set_object (&self->settings, settings);
  g_signal_connect_object (settings, "notify::lab-location", G_CALLBACK (lab_location_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (settings, "notify::cross-border-mbps",
                           G_CALLBACK (lab_location_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (settings, "notify::invoice-required",
                           G_CALLBACK (lab_location_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (settings, "notify::usable-only", G_CALLBACK (lab_location_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_object_bind_property (settings, "usable-only", self->usable_switch, "active",
                          G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL);
  g_signal_connect_object (settings, "notify::usage-factor", G_CALLBACK (usage_factor_changed_cb),
                           self, G_CONNECT_SWAPPED);
  lab_location_changed_cb (self);
  usage_factor_changed_cb (self);
  restore_job (self);
}
