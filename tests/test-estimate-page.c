/* test-estimate-page.c — the workload form drives the estimates, the chart and the export
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "gp-chart-layout.h"
#include "gp-estimate-group.h"
#include "gp-estimate-page.h"
#include "gp-export-dialog.h"
#include "gp-measurement.h"
#include "gp-test-slides.h"
#include "gp-test-ui.h"

typedef struct
{
  GtkWindow      *window;
  GpEstimatePage *page;
  GpCatalog      *catalog;
} Fixture;

typedef struct
{
  GpEstimatePage *page;
  GpEstimateList *previous;
} NewerEstimates;

static gboolean
has_newer_estimates (gpointer data)
{
  NewerEstimates *wanted = data;
  GpEstimateList *shown = gp_estimate_page_get_estimates (wanted->page);

  return shown != NULL && shown != wanted->previous;
}

/* Waits until the page shows an estimate newer than @previous. */
static GpEstimateList *
wait_for_estimates (Fixture        *fixture,
                    GpEstimateList *previous)
{
  NewerEstimates wanted = { fixture->page, previous };

  gp_test_ui_wait_until (has_newer_estimates, &wanted, "a new estimate");

  return gp_estimate_page_get_estimates (fixture->page);
}

static gboolean
has_error (gpointer page)
{
  return gp_estimate_page_get_error (page) != NULL;
}

static gboolean
has_estimates (gpointer page)
{
  return gp_estimate_page_get_estimates (page) != NULL;
}

/* Nobody asked for an estimate of a page never shown: with a large catalog it is 300,000
 * rows. Shown, or given a job, it estimates. */
static void
test_estimates_when_wanted (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GpWorkload) job = gp_workload_new ();
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  GpEstimatePage *hidden = g_object_new (GP_TYPE_ESTIMATE_PAGE, "catalog", catalog, NULL);
  GpEstimatePage *shown = g_object_new (GP_TYPE_ESTIMATE_PAGE, "catalog", catalog, NULL);
  GtkWidget *spinner = gp_test_ui_find_widget (GTK_WIDGET (hidden), GTK_TYPE_SPINNER);
  /* Well past the pause the page leaves after typing (150 ms). */
  gint64 past_delay = g_get_monotonic_time () + 400 * 1000;

  g_object_ref_sink (hidden);
  while (g_get_monotonic_time () < past_delay)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (10 * 1000);
  g_assert_null (gp_estimate_page_get_estimates (hidden));
  g_assert_false (gtk_spinner_get_spinning (GTK_SPINNER (spinner)));

  gtk_window_set_child (window, GTK_WIDGET (shown));
  gtk_window_present (window);
  gp_test_ui_wait_until (has_estimates, shown, "the estimate of the page shown");

  gp_workload_set_gpu_hours (job, 50);
  gp_workload_set_reference_gpu (job, "v100-sxm2-16gb");
  gp_estimate_page_load_workload (hidden, job);
  gp_test_ui_wait_until (has_estimates, hidden, "the estimate of the job given");
  g_assert_cmpfloat (gp_workload_get_gpu_hours (gp_estimate_page_get_workload (hidden)), ==, 50);

  gtk_window_destroy (window);
  g_assert_finalize_object (hidden);
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  fixture->catalog = gp_catalog_new_bundled ();
  fixture->page = g_object_new (GP_TYPE_ESTIMATE_PAGE, "catalog", fixture->catalog, NULL);
  fixture->window =
      GTK_WINDOW (adw_application_window_new (GTK_APPLICATION (gp_test_ui_application ())));
  gtk_window_set_default_size (fixture->window, 1400, 900);
  adw_application_window_set_content (ADW_APPLICATION_WINDOW (fixture->window),
                                      adw_toast_overlay_new ());
  adw_toast_overlay_set_child (ADW_TOAST_OVERLAY (adw_application_window_get_content (
                                 ADW_APPLICATION_WINDOW (fixture->window))),
                               GTK_WIDGET (fixture->page));
  gtk_window_present (fixture->window);
  wait_for_estimates (fixture, NULL);
  gp_test_ui_wait_for_draw (GTK_WIDGET (fixture->window));
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  gtk_window_destroy (fixture->window);
  gp_test_ui_close_toplevels ();
  g_clear_object (&fixture->catalog);
}

static GtkSpinButton *
spin_named (Fixture    *fixture,
            const char *name)
{
  GtkWidget *widget = gp_test_ui_find_by_name (GTK_WIDGET (fixture->page), name);

  g_assert_nonnull (widget);
  return GTK_SPIN_BUTTON (widget);
}

typedef struct
{
  GpEstimatePage *page;
  double gb;
  gboolean above;
} NeedAbove;

/* The first estimate's memory need is above (or below) a figure. */
static gboolean
need_above (gpointer data)
{
  NeedAbove *wanted = data;
  GpEstimateList *list = gp_estimate_page_get_estimates (wanted->page);
  g_autoptr(GpEstimate) first = NULL;
  double needed;

  if (list == NULL || g_list_model_get_n_items (G_LIST_MODEL (list)) == 0)
    return FALSE;
  first = g_list_model_get_item (G_LIST_MODEL (list), 0);
  needed = gp_estimate_get_memory_needed_gb (first);
  return wanted->above ? needed > wanted->gb : needed < wanted->gb;
}

/* The currency Preferences hold, at their rate with its date: the page asks for neither (it
 * stayed in USD and asked for the rate again). The memory inputs give a fits column, and the
 * offers whose GPUs cannot hold the job are listed apart. */
static void
test_yuan_and_memory (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr(GSettings) settings = g_settings_new (BASE_APP_ID);
  GpEstimateList *before = gp_estimate_page_get_estimates (fixture->page);
  GpEstimateList *after;
  GtkWidget *method = gp_test_ui_find_by_name (GTK_WIDGET (fixture->page), "method_row");
  GtkWidget *apart = gp_test_ui_find_by_name (GTK_WIDGET (fixture->page), "apart_list");
  g_autofree char *text = NULL;
  g_autofree char *text_with_memory = NULL;
  g_autoptr(GpEstimate) first = NULL;

  g_autoptr(GpSettings) app_settings = gp_settings_new (settings);

  g_settings_set_string (settings, "currency", "CNY");
  gp_estimate_page_set_settings (fixture->page, app_settings);
  after = wait_for_estimates (fixture, before);
  g_assert_cmpstr (gp_estimate_list_get_currency (after), ==, "CNY");
  first = g_list_model_get_item (G_LIST_MODEL (after), 0);
  g_assert_cmpstr (gp_estimate_get_currency (first), ==, "CNY");
  gp_test_ui_wait_for_draw (GTK_WIDGET (fixture->window));
  text = gp_test_ui_collect_text (GTK_WIDGET (fixture->page));
  gp_test_ui_assert_contains (text, "Prices in CNY");
  gp_test_ui_assert_contains (text, "1 USD = 7.1072 CNY, rate as of 2025-09-01");
  gp_test_ui_assert_contains (text, "¥");
  /* Apart so far: GCP's GPUs priced without their host, and no memory verdict. */
  g_assert_true (gtk_widget_get_visible (apart));
  g_assert_null (strstr (text, "Too small"));
  g_assert_null (strstr (text, "Fits: "));

  /* A 7B LoRA fine-tune: 20 GB on each GPU. */
  gtk_spin_button_set_value (spin_named (fixture, "model_spin"), 7);
  adw_combo_row_set_selected (ADW_COMBO_ROW (method), GP_TRAINING_METHOD_LORA);
  before = after;
  after = wait_for_estimates (fixture, before);
  g_assert_cmpint (gp_workload_get_method (gp_estimate_page_get_workload (fixture->page)), ==,
                   GP_TRAINING_METHOD_LORA);
  gp_test_ui_wait_for_draw (GTK_WIDGET (fixture->window));
  text_with_memory = gp_test_ui_collect_text (GTK_WIDGET (fixture->page));
  gp_test_ui_assert_contains (text_with_memory, "Fits: 20.0 of");
  gp_test_ui_assert_contains (text_with_memory, "Too small: needs 20.0 GB, has 16 GB");
  g_assert_true (gtk_widget_get_visible (apart));
  g_assert_cmpuint (gp_estimate_list_get_n_options (after), <,
                    g_list_model_get_n_items (G_LIST_MODEL (after)));

  /* At 4 × 1,024 tokens every activation is kept, more than 24 GB, until the form says the
   * script recomputes them. */
  {
    GtkWidget *checkpointing =
        gp_test_ui_find_by_name (GTK_WIDGET (fixture->page), "checkpointing_row");
    NeedAbove kept = { fixture->page, 24, TRUE };
    NeedAbove recomputed = { fixture->page, 24, FALSE };

    gtk_spin_button_set_value (spin_named (fixture, "batch_spin"), 4);
    gtk_spin_button_set_value (spin_named (fixture, "sequence_spin"), 1024);
    gp_test_ui_wait_until (need_above, &kept, "every activation counted");
    g_assert_false (
        gp_workload_get_activation_checkpointing (gp_estimate_page_get_workload (fixture->page)));
    adw_combo_row_set_selected (ADW_COMBO_ROW (checkpointing), 1);
    g_assert_true (
        gp_workload_get_activation_checkpointing (gp_estimate_page_get_workload (fixture->page)));
    gp_test_ui_wait_until (need_above, &recomputed, "every layer recomputed");
  }

  g_settings_reset (settings, "currency");
}

static void
test_first_estimate (Fixture       *fixture,
                     gconstpointer  data)
{
  GpEstimateList *estimates = gp_estimate_page_get_estimates (fixture->page);
  GpChartView *chart = gp_estimate_page_get_chart_view (fixture->page);
  GpWorkload *workload = gp_estimate_page_get_workload (fixture->page);
  g_autofree char *text = gp_test_ui_collect_text (GTK_WIDGET (fixture->page));

  /* The form starts at the example: 300 GPU-hours on one V100. */
  g_assert_cmpfloat (gp_workload_get_gpu_hours (workload), ==, 300);
  g_assert_cmpstr (gp_workload_get_reference_gpu (workload), ==, "v100-sxm2-16gb");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (estimates)), >, 10);

  /* The chart shows the same estimates and says so in words. */
  g_assert_nonnull (gp_chart_view_get_data (chart));
  g_assert_cmpuint (gp_chart_data_get_n_items (gp_chart_view_get_data (chart)), >, 5);
  g_assert_nonnull (strstr (gp_chart_view_get_description (chart), "is cheapest at"));
  g_assert_true (gtk_widget_get_focusable (GTK_WIDGET (chart)));

  /* The ranked list shows the cheapest first, with its total. */
  {
    g_autoptr(GpEstimate) first = g_list_model_get_item (G_LIST_MODEL (estimates), 0);
    g_autofree char *label = gp_estimate_dup_label (first);

    g_assert_nonnull (strstr (text, label));
  }
}

/* A total resting on an estimated price says so; old prices are called stale. */
static void
test_estimated_and_stale_rows (Fixture       *fixture,
                               gconstpointer  data)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "regions-catalog.json",
                                                 NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GpWorkload) job = gp_workload_new ();
  g_autoptr(GError) error = NULL;
  GpEstimateList *before = gp_estimate_page_get_estimates (fixture->page);
  GpEstimateList *after;
  g_autofree char *text = NULL;
  gboolean derived_listed = FALSE;

  gp_catalog_add_layer_from_file (fixture->catalog, file, GP_CATALOG_LAYER_EXTRA, &error);
  g_assert_no_error (error);
  before = wait_for_estimates (fixture, before);
  gp_workload_set_gpu_hours (job, 10);
  gp_workload_set_reference_gpu (job, "a100-sxm4-40gb");
  gp_workload_set_region (job, "us-central1");
  gp_estimate_page_load_workload (fixture->page, job);
  after = wait_for_estimates (fixture, before);
  gp_test_ui_wait_for_draw (GTK_WIDGET (fixture->window));

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (after)); i++)
    {
      g_autoptr(GpEstimate) estimate = g_list_model_get_item (G_LIST_MODEL (after), i);
      derived_listed |= gp_estimate_is_derived (estimate);
    }
  g_assert_true (derived_listed);

  text = gp_test_ui_collect_text (GTK_WIDGET (fixture->page));
  gp_test_ui_assert_contains (text, "≈ $");
  gp_test_ui_assert_contains (text, " · prices of 2025-09-12, stale");
}

static void
test_form_updates_results (Fixture       *fixture,
                           gconstpointer  data)
{
  GpEstimateList *before = gp_estimate_page_get_estimates (fixture->page);
  GpChartData *chart_before =
      gp_chart_view_get_data (gp_estimate_page_get_chart_view (fixture->page));
  double total_before = gp_estimate_list_get_total (before, 0);
  g_autoptr(GpEstimateList) kept = g_object_ref (before);
  GpEstimateList *after;

  /* Twice the GPU-hours: the cheapest option costs about twice as much. */
  gtk_spin_button_set_value (spin_named (fixture, "gpu_hours_spin"), 600);
  after = wait_for_estimates (fixture, before);
  g_assert_cmpfloat (gp_estimate_list_get_total (after, 0), >, 1.9 * total_before);
  g_assert_cmpfloat (gp_estimate_list_get_total (after, 0), <, 2.1 * total_before);
  g_assert_true (gp_chart_view_get_data (gp_estimate_page_get_chart_view (fixture->page)) !=
                 chart_before);

  /* Interruptions allowed: spot estimates appear. */
  gtk_switch_set_active (GTK_SWITCH (gp_test_ui_find_by_name (GTK_WIDGET (fixture->page),
                                                              "interruptible_switch")), TRUE);
  after = wait_for_estimates (fixture, after);
  {
    gboolean spot = FALSE;

    for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (after)) && !spot; i++)
      {
        g_autoptr(GpEstimate) estimate = g_list_model_get_item (G_LIST_MODEL (after), i);
        spot = gp_estimate_get_pricing (estimate) == GP_ESTIMATE_PRICING_SPOT;
      }
    g_assert_true (spot);
  }

  /* The user's interruption rate replaces the published one: 50% a month. */
  gtk_spin_button_set_value (spin_named (fixture, "interruption_spin"), 50);
  after = wait_for_estimates (fixture, after);
  g_assert_cmpfloat (
      gp_workload_get_interruptions_per_month (gp_estimate_list_get_workload (after)), ==, 0.5);
  gtk_spin_button_set_value (spin_named (fixture, "interruption_spin"), 0);
  g_assert_true (isnan (
      gp_workload_get_interruptions_per_month (gp_estimate_page_get_workload (fixture->page))));

  /* The model's coefficients: 0 keeps the default, anything else replaces it. */
  gtk_spin_button_set_value (spin_named (fixture, "scaling_spin"), 80);
  gtk_spin_button_set_value (spin_named (fixture, "restart_spin"), 30);
  gtk_spin_button_set_value (spin_named (fixture, "weight_spin"), 0.75);
  {
    GpWorkload *workload = gp_estimate_page_get_workload (fixture->page);

    g_assert_cmpfloat (gp_workload_get_scaling_efficiency (workload), ==, 0.8);
    g_assert_cmpfloat (gp_workload_get_restart_minutes (workload), ==, 30);
    g_assert_cmpfloat (gp_workload_get_spec_weight (workload), ==, 0.75);
  }
  gtk_spin_button_set_value (spin_named (fixture, "weight_spin"), 0);
  g_assert_true (
      isnan (gp_workload_get_spec_weight (gp_estimate_page_get_workload (fixture->page))));
}

static void
test_preset (Fixture       *fixture,
             gconstpointer  data)
{
  AdwComboRow *workload_row = ADW_COMBO_ROW (gp_test_ui_find_by_name (GTK_WIDGET (fixture->page),
                                                                      "workload_row"));
  AdwComboRow *precision_row = ADW_COMBO_ROW (gp_test_ui_find_by_name (GTK_WIDGET (fixture->page),
                                                                       "precision_row"));
  GpWorkload *workload = gp_estimate_page_get_workload (fixture->page);
  GpEstimateList *before = gp_estimate_page_get_estimates (fixture->page);

  /* The fifth preset is MosaicBERT, measured at BF16. */
  adw_combo_row_set_selected (workload_row, 5);
  g_assert_cmpstr (gp_workload_get_preset (workload), ==, "mosaicbert-base");
  g_assert_cmpuint (adw_combo_row_get_selected (precision_row), ==, GP_PRECISION_BF16);
  g_assert_false (gtk_widget_is_sensitive (GTK_WIDGET (spin_named (fixture, "gpu_hours_spin"))));
  wait_for_estimates (fixture, before);

  adw_combo_row_set_selected (workload_row, 0);
  g_assert_null (gp_workload_get_preset (workload));
  g_assert_true (gtk_widget_is_sensitive (GTK_WIDGET (spin_named (fixture, "gpu_hours_spin"))));
}

static void
test_impossible_value (Fixture       *fixture,
                       gconstpointer  data)
{
  GpEstimateList *before = gp_estimate_page_get_estimates (fixture->page);
  GtkWidget *error_label = gp_test_ui_find_by_name (GTK_WIDGET (fixture->page), "error_label");

  gtk_spin_button_set_value (spin_named (fixture, "gpu_hours_spin"), 0);
  gp_test_ui_wait_until (has_error, fixture->page, "the form's error");

  /* Said where the chart is; the last good estimate stays, greyed, and cannot be exported:
   * it no longer matches the form. */
  g_assert_true (gtk_widget_get_visible (error_label));
  g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (error_label)), "GPU-hours"));
  g_assert_true (gp_estimate_page_get_estimates (fixture->page) == before);
  {
    /* And what the greyed figures are of: the last valid job, not the form's. */
    g_autofree char *hours =
        g_strdup_printf ("Showing the estimate for %.0f GPU-hours",
                         gp_workload_get_gpu_hours (gp_estimate_list_get_workload (before)));

    g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (error_label)), hours));
  }
  g_assert_false (
      gtk_widget_get_sensitive (GTK_WIDGET (gp_estimate_page_get_chart_view (fixture->page))));
  gtk_widget_activate_action (GTK_WIDGET (fixture->page), "estimate.export", NULL);
  gp_test_ui_iterate ();
  g_assert_null (gp_test_ui_find_toplevel (GP_TYPE_EXPORT_DIALOG));

  gtk_spin_button_set_value (spin_named (fixture, "gpu_hours_spin"), 50);
  wait_for_estimates (fixture, before);
  g_assert_false (gtk_widget_get_visible (error_label));
  g_assert_true (
      gtk_widget_get_sensitive (GTK_WIDGET (gp_estimate_page_get_chart_view (fixture->page))));
}

static void
test_chart_kind_and_keyboard (Fixture       *fixture,
                              gconstpointer  data)
{
  GpChartView *chart = gp_estimate_page_get_chart_view (fixture->page);
  GtkWidget *item_label = gp_test_ui_find_by_name (GTK_WIDGET (fixture->page), "item_label");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->page), "estimate.chart", "s",
                                             "breakdown"));
  g_assert_cmpint (gp_chart_view_get_kind (chart), ==, GP_CHART_KIND_BREAKDOWN);
  g_assert_nonnull (strstr (gp_chart_view_get_description (chart), "What the cost is made of"));

  /* The arrow keys walk the items; the label under the chart says the figures. */
  g_assert_cmpint (gp_chart_view_get_selected (chart), ==, -1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (chart), "chart.move", "i", 1));
  g_assert_cmpint (gp_chart_view_get_selected (chart), ==, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (chart), "chart.move", "i", 1));
  g_assert_cmpint (gp_chart_view_get_selected (chart), ==, 1);
  {
    g_autofree char *expected = gp_chart_view_dup_item_text (chart, 1);

    g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (item_label)), ==, expected);
    g_assert_nonnull (strstr (expected, " h"));
  }
  gp_test_ui_wait_for_draw (GTK_WIDGET (chart));
}

static void
test_export_formats (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("gp-estimate-page-XXXXXX", &error);
  const struct
  {
    const char *name;
    GpChartFormat format;
    gboolean csv;
    const char *magic;
  } cases[] = {
    { "chart.png", GP_CHART_FORMAT_PNG, FALSE, "\x89PNG" },
    { "chart.svg", GP_CHART_FORMAT_SVG, FALSE, "<?xml" },
    { "chart.pdf", GP_CHART_FORMAT_PDF, FALSE, "%PDF" },
    { "chart.csv", GP_CHART_FORMAT_PDF, TRUE, "option,region" },
  };
  /* At least 65 mm tall, as the dialog asks: 85 × 65 mm whole cannot hold every platform. */
  GpChartSize size = { 85, 65, 150, 0, 0, TRUE };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_build_filename (dir, cases[i].name, NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autofree char *contents = NULL;

      g_assert_true (gp_estimate_page_export (fixture->page, file, cases[i].format, cases[i].csv,
                                              &size, GP_CHART_STYLE_PRINT, &error));
      g_assert_no_error (error);
      g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
      g_assert_true (strncmp (contents, cases[i].magic, strlen (cases[i].magic)) == 0);
      g_remove (path);
    }

  /* Every chart, one a page, in one PDF. */
  {
    g_autofree char *path = g_build_filename (dir, "charts.pdf", NULL);
    g_autoptr(GFile) file = g_file_new_for_path (path);
    g_autofree char *contents = NULL;
    gsize length;
    guint pages;

    g_assert_true (
        gp_estimate_page_export_all (fixture->page, file, &size, GP_CHART_STYLE_PRINT, &error));
    g_assert_no_error (error);
    g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
    /* The page objects, not the page tree ("/Type /Pages"); PDF streams hold NUL bytes. */
    pages = gp_test_count (contents, length, "/Type /Page\n") +
            gp_test_count (contents, length, "/Type /Page ");
    g_assert_cmpuint (pages, ==, 4);
    g_remove (path);
  }

  g_rmdir (dir);
}

static void
test_export_dialog (Fixture       *fixture,
                    gconstpointer  data)
{
  GpExportDialog *dialog;
  GpChartSize size;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->page), "estimate.export", NULL));
  gp_test_ui_iterate ();
  dialog = GP_EXPORT_DIALOG (gp_test_ui_find_toplevel (GP_TYPE_EXPORT_DIALOG));
  g_assert_nonnull (dialog);

  /* The presets the issue names, and print style by default. */
  g_assert_cmpint (gp_export_dialog_get_style_kind (dialog), ==, GP_CHART_STYLE_PRINT);
  gp_export_dialog_get_size (dialog, &size);
  g_assert_cmpfloat (size.width_mm, ==, 85);
  g_assert_cmpfloat (size.dpi, ==, 300);
  /* The 85 × 65 mm preset cannot hold every platform's bar: the dialog says the height the
   * file is written at, which its preview draws, and the file has it. */
  {
    GpChartData *chart = gp_chart_view_get_data (gp_estimate_page_get_chart_view (fixture->page));
    GtkWidget *mm_row = gp_test_ui_find_by_name (GTK_WIDGET (dialog), "mm_row");
    g_autoptr(GBytes) file = NULL;
    g_autofree char *said = NULL;
    GpChartStyle style;
    double width, height;
    const guchar *png;

    gp_chart_style_init (&style, GP_CHART_STYLE_PRINT);
    g_assert_true (
        gp_chart_size_fit (GP_CHART_KIND_COST, chart, &style, &size, &width, &height, NULL));
    g_assert_cmpfloat (height / 72 * 25.4, >, 65);
    said = g_strdup_printf ("Written at 85 × %.0f mm", height / 72 * 25.4);
    gp_test_ui_assert_contains (adw_action_row_get_subtitle (ADW_ACTION_ROW (mm_row)), said);
    file = gp_chart_render (GP_CHART_FORMAT_PNG, GP_CHART_KIND_COST, chart, &style, &size, NULL);
    png = g_bytes_get_data (file, NULL);
    g_assert_cmpint ((png[20] << 24) | (png[21] << 16) | (png[22] << 8) | png[23], ==,
                     (int) lround (height * 300 / 72));
  }
  gp_export_dialog_set_size_preset (dialog, GP_EXPORT_SIZE_FULL_WIDTH);
  gp_export_dialog_get_size (dialog, &size);
  g_assert_cmpfloat (size.width_mm, ==, 170);
  gp_export_dialog_set_size_preset (dialog, GP_EXPORT_SIZE_SLIDE);
  gp_export_dialog_get_size (dialog, &size);
  g_assert_cmpuint (size.width_px, ==, 1920);
  g_assert_cmpuint (size.height_px, ==, 1080);
  g_assert_cmpfloat (size.width_mm, ==, 0);
  gp_export_dialog_set_format (dialog, GP_CHART_FORMAT_SVG, FALSE);
  g_assert_cmpstr (gp_export_dialog_get_extension (dialog), ==, ".svg");
  g_assert_false (gp_export_dialog_get_all_charts (dialog));

  /* It names the chart it exports, and previews it. */
  g_assert_nonnull (strstr (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (dialog)),
                            gp_chart_kind_title (GP_CHART_KIND_COST)));
  g_assert_true (gtk_widget_get_mapped (gp_test_ui_find_by_name (GTK_WIDGET (dialog), "preview")));

  gtk_window_close (GTK_WINDOW (dialog));
  gp_test_ui_iterate ();
  g_assert_null (gp_test_ui_find_toplevel (GP_TYPE_EXPORT_DIALOG));
}

/* Every row of the form holds one control, labelled by its row: no second, unlabelled one. */
static void
test_one_control_per_row (Fixture       *fixture,
                          gconstpointer  data)
{
  g_assert_cmpuint (gp_test_ui_assert_one_control_per_row (GTK_WIDGET (fixture->page)), >, 5);
}

/* The chart and the options are split by a pane the user can move; where they leave it is
 * kept. The chart's footnote is read under the options, whole, not squeezed into the chart. */
static void
test_pane_and_footnote (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr(GSettings) settings = g_settings_new (BASE_APP_ID);
  g_autoptr(GpSettings) app_settings = gp_settings_new (settings);
  GtkWidget *paned = gp_test_ui_find_by_name (GTK_WIDGET (fixture->page), "results_paned");
  GtkWidget *footnote = gp_test_ui_find_by_name (GTK_WIDGET (fixture->page), "footnote_label");

  g_settings_reset (settings, "estimate-pane-position");
  gp_estimate_page_set_settings (fixture->page, app_settings);
  g_assert_cmpint (gtk_paned_get_position (GTK_PANED (paned)), ==, 340);
  gtk_paned_set_position (GTK_PANED (paned), 420);
  g_assert_cmpint (g_settings_get_int (settings, "estimate-pane-position"), ==, 420);
  g_settings_reset (settings, "estimate-pane-position");

  gp_test_ui_assert_contains (gtk_label_get_label (GTK_LABEL (footnote)), "Workload:");
}

/* Measure on a GPU… asks for the job's shape before it offers a script: the default form, GPU-
 * hours without a model, says what is missing. */
static void
test_measure_needs_shape (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autofree char *form = gp_test_ui_collect_text (GTK_WIDGET (fixture->page));

  g_assert_nonnull (strstr (form, "Measure on a GPU…"));
  g_assert_true (
      gtk_widget_activate_action (GTK_WIDGET (fixture->page), "estimate.measure-script", NULL));
  gp_test_ui_wait_for_text (
      GTK_WIDGET (fixture->window),
      "The job to measure needs its model size, batch size and sequence length");
}

static gboolean
shows_measured_speed (gpointer data)
{
  Fixture *fixture = data;
  GpEstimateList *list = gp_estimate_page_get_estimates (fixture->page);
  g_autoptr(GpEstimate) first = NULL;

  if (list == NULL || g_list_model_get_n_items (G_LIST_MODEL (list)) == 0 ||
      gp_workload_get_measurements (gp_estimate_list_get_workload (list))->len == 0)
    return FALSE;
  first = g_list_model_get_item (G_LIST_MODEL (list), 0);
  return gp_workload_get_tokens (gp_estimate_list_get_workload (list)) == 2160e6 &&
         gp_estimate_get_speed_basis_key (first) != NULL;
}

/* Import Measurement…: the file is kept, chosen, its job fills the form, the tokens at its speed
 * give the hours and every estimate names it; an impossible file is refused and changes
 * nothing; Forget removes the copy and the estimate goes back to the data sheet. */
static void
test_import_measurement (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autoptr(GFile) a100 = g_file_new_build_filename (g_test_get_dir (G_TEST_DIST), "fixtures",
                                                      "measurements", "a100.json", NULL);
  g_autofree char *dir = g_dir_make_tmp ("gp-measurement-XXXXXX", NULL);
  g_autofree char *bad_path = g_build_filename (dir, "negative.json", NULL);
  g_autoptr(GFile) bad = g_file_new_for_path (bad_path);
  GtkWidget *page = GTK_WIDGET (fixture->page);
  AdwComboRow *measurement_row = ADW_COMBO_ROW (gp_test_ui_find_by_name (page, "measurement_row"));
  GtkWidget *tokens_row = gp_test_ui_find_by_name (page, "tokens_row");
  GpWorkload *workload = gp_estimate_page_get_workload (fixture->page);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *form = NULL;
  GpEstimateList *list;

  g_assert_cmpuint (adw_combo_row_get_selected (measurement_row), ==, 0);
  g_assert_false (gtk_widget_get_sensitive (tokens_row));

  g_assert_true (gp_estimate_page_import_measurement (fixture->page, a100, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (adw_combo_row_get_selected (measurement_row), ==, 1);
  g_assert_true (gtk_widget_get_sensitive (tokens_row));
  g_assert_false (gtk_widget_is_sensitive (GTK_WIDGET (spin_named (fixture, "gpu_hours_spin"))));
  /* The measured job is the form's now. */
  g_assert_cmpfloat (gtk_spin_button_get_value (spin_named (fixture, "model_spin")), ==, 1.1);
  g_assert_cmpfloat (gtk_spin_button_get_value (spin_named (fixture, "batch_spin")), ==, 8);
  g_assert_cmpfloat (gtk_spin_button_get_value (spin_named (fixture, "sequence_spin")), ==, 2048);
  g_assert_cmpuint (gp_workload_get_measurements (workload)->len, ==, 1);
  form = gp_test_ui_collect_text (page);
  gp_test_ui_assert_contains (form,
                              "measured on NVIDIA A100-SXM4-80GB, 2026-11-20, 12,000 tokens/s");

  gtk_spin_button_set_value (spin_named (fixture, "tokens_spin"), 2160);
  gp_test_ui_wait_until (shows_measured_speed, fixture, "estimates from the measurement");
  list = gp_estimate_page_get_estimates (fixture->page);
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (list)); i++)
    {
      g_autoptr(GpEstimate) estimate = g_list_model_get_item (G_LIST_MODEL (list), i);
      g_autofree char *lines = g_strjoinv ("\n", (char **) gp_estimate_get_assumptions (estimate));

      gp_test_ui_assert_contains (lines, "measured on NVIDIA A100-SXM4-80GB, 2026-11-20");
      if (g_str_equal (gp_gpu_get_id (gp_instance_get_gpu (gp_estimate_get_instance (estimate))),
                       "a100-sxm4-80gb"))
        g_assert_cmpstr (gp_estimate_get_speed_basis_key (estimate), ==, "measured");
    }

  /* A speed below zero is no measurement: refused, naming the file, and nothing changes. */
  g_assert_true (g_file_get_contents (g_file_peek_path (a100), &text, NULL, NULL));
  {
    g_auto(GStrv) parts = g_strsplit (text, "\"tokens_per_s\": 12000", 2);
    g_autofree char *negative = g_strjoinv ("\"tokens_per_s\": -1", parts);
    g_assert_true (g_file_set_contents (bad_path, negative, -1, NULL));
  }
  g_assert_false (gp_estimate_page_import_measurement (fixture->page, bad, &error));
  g_assert_error (error, GP_MEASUREMENT_ERROR, GP_MEASUREMENT_ERROR_IMPOSSIBLE);
  g_assert_nonnull (strstr (error->message, "negative.json"));
  g_assert_cmpuint (adw_combo_row_get_selected (measurement_row), ==, 1);

  g_assert_true (gtk_widget_activate_action (page, "estimate.remove-measurement", NULL));
  g_assert_cmpuint (adw_combo_row_get_selected (measurement_row), ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (adw_combo_row_get_model (measurement_row)), ==, 1);
  g_assert_cmpuint (gp_workload_get_measurements (workload)->len, ==, 0);
  g_assert_cmpfloat (gp_workload_get_tokens (workload), ==, 0);
  g_assert_false (gtk_widget_get_sensitive (tokens_row));
  g_assert_true (gtk_widget_is_sensitive (GTK_WIDGET (spin_named (fixture, "gpu_hours_spin"))));

  g_remove (bad_path);
  g_rmdir (dir);
}

static guint
count_rows (GtkWidget *list)
{
  guint n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (list); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += GTK_IS_LIST_BOX_ROW (child);
  return n;
}

/* The list opens with one row per platform, its best option, saying it is the cheapest of how
 * many; Every Offer lists offers as before. */
static void
test_platform_first (Fixture       *fixture,
                     gconstpointer  data)
{
  GtkWidget *page = GTK_WIDGET (fixture->page);
  GtkWidget *results = gp_test_ui_find_by_name (page, "results_list");
  GpEstimateList *list = wait_for_estimates (fixture, NULL);
  g_autoptr(GListModel) platforms =
      gp_estimate_group_list (list, GP_ESTIMATE_GROUPING_PLATFORM, NULL);
  g_autofree char *shown = NULL;
  gboolean every_offer = TRUE;

  g_assert_cmpuint (g_list_model_get_n_items (platforms), >=, 3);
  g_assert_cmpuint (count_rows (results), ==, g_list_model_get_n_items (platforms));
  shown = gp_test_ui_collect_text (results);
  gp_test_ui_assert_contains (shown, "options that can run the job");
  for (guint i = 0; i < g_list_model_get_n_items (platforms); i++)
    {
      g_autoptr(GpEstimateGroup) group = g_list_model_get_item (platforms, i);
      g_autofree char *name = gp_estimate_dup_label (gp_estimate_group_get_best (group));

      gp_test_ui_assert_contains (shown, name);
    }

  g_assert_true (gtk_widget_activate_action (page, "estimate.every-offer", NULL));
  g_object_get (page, "every-offer", &every_offer, NULL);
  g_assert_true (every_offer);
  g_assert_cmpuint (count_rows (results), ==, MIN (gp_estimate_list_get_n_options (list), 25));
  g_assert_true (gtk_widget_activate_action (page, "estimate.every-offer", NULL));
  g_assert_cmpuint (count_rows (results), ==, g_list_model_get_n_items (platforms));
}

/* How many of @root's buttons add an option to the plan. */
static guint
count_add_to_plan (GtkWidget *root)
{
  guint n =
      GTK_IS_BUTTON (root) &&
      g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (root)), "win.add-to-plan") == 0;

  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += count_add_to_plan (child);
  return n;
}

/* The 7B LoRA of 300 A100-hours on any GPU count: the same GPU on every platform is one row
 * per platform that offers the A100 80GB SXM4 (four in the fixture), and back to each
 * platform's cheapest; every option under a platform can be added to the plan, not only its
 * best. */
static void
test_same_gpu (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(GpWorkload) job = gp_workload_new ();
  GtkWidget *page = GTK_WIDGET (fixture->page);
  GtkWidget *results = gp_test_ui_find_by_name (page, "results_list");
  GtkDropDown *compare = GTK_DROP_DOWN (gp_test_ui_find_by_name (page, "compare_dropdown"));
  g_autoptr(GHashTable) offering = g_hash_table_new (NULL, NULL);
  GpEstimateList *list;
  GListModel *choices;
  guint chosen = 0, platforms, instance_rows = 0;
  g_autofree char *shown = NULL;

  gp_workload_set_gpu_hours (job, 300);
  gp_workload_set_reference_gpu (job, "a100-sxm4-80gb");
  gp_workload_set_model_billions (job, 7);
  gp_workload_set_method (job, GP_TRAINING_METHOD_LORA);
  gp_workload_set_gpus (job, 0);
  gp_estimate_page_load_workload (fixture->page, job);
  list = wait_for_estimates (fixture, gp_estimate_page_get_estimates (fixture->page));
  for (guint i = 0; i < gp_estimate_list_get_n_options (list); i++)
    {
      g_autoptr(GpEstimate) estimate = g_list_model_get_item (G_LIST_MODEL (list), i);

      if (g_str_equal (gp_gpu_get_id (gp_instance_get_gpu (gp_estimate_get_instance (estimate))),
                       "a100-sxm4-80gb"))
        g_hash_table_add (offering, gp_estimate_get_provider (estimate));
    }
  g_assert_cmpuint (g_hash_table_size (offering), ==, 4);
  platforms = count_rows (results);
  g_assert_cmpuint (platforms, >, 4);

  choices = gtk_drop_down_get_model (compare);
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (choices), 0), ==,
                   "Cheapest Option per Platform");
  for (guint i = 1; i < g_list_model_get_n_items (choices); i++)
    if (g_str_equal (gtk_string_list_get_string (GTK_STRING_LIST (choices), i),
                     "Same GPU: A100 80GB SXM4"))
      chosen = i;
  g_assert_cmpuint (chosen, >, 0);
  gtk_drop_down_set_selected (compare, chosen);
  g_assert_cmpuint (count_rows (results), ==, g_hash_table_size (offering));
  shown = gp_test_ui_collect_text (results);
  gp_test_ui_assert_contains (shown, "A100 80GB SXM4");

  gtk_drop_down_set_selected (compare, 0);
  g_assert_cmpuint (count_rows (results), ==, platforms);
  /* A platform's best and, under it, each of its other instance types. */
  for (GtkWidget *row = gtk_widget_get_first_child (results); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    instance_rows += count_add_to_plan (row) - 1;
  g_assert_cmpuint (instance_rows, >, 0);
}

/* Names from the catalog are text on the rows, never markup: a hostile instance name shows as
 * written, in the platform's row and under it. */
static void
test_rows_plain_text (Fixture       *fixture,
                      gconstpointer  data)
{
  static const char layer[] =
      "{\"schema_version\": 1, \"name\": \"Hostile\", \"as_of\": \"2026-11-30\","
      " \"sources\": [{\"id\": \"h\", \"title\": \"H\", \"as_of\": \"2026-11-30\"}],"
      " \"providers\": [{\"id\": \"hostile\", \"name\": \"<i>Evil</i> & Co\","
      "   \"short_name\": \"<b>E\", \"kind\": \"gpu-cloud\", \"currency\": \"USD\","
      "   \"pricing\": [\"on-demand\"], \"regions\": [{\"id\": \"r1\", \"name\": \"R&D\"}],"
      "   \"source\": \"h\"}],"
      " \"instances\": ["
      "  {\"id\": \"hostile/a\", \"provider\": \"hostile\", \"name\": \"box <b>&\","
      "   \"gpu\": \"t4\", \"gpu_count\": 1, \"source\": \"h\","
      "   \"prices\": [{\"region\": \"r1\", \"on_demand\": 0.01}]},"
      "  {\"id\": \"hostile/b\", \"provider\": \"hostile\", \"name\": \"tub </span>\","
      "   \"gpu\": \"t4\", \"gpu_count\": 1, \"source\": \"h\","
      "   \"prices\": [{\"region\": \"r1\", \"on_demand\": 0.02}]}]}";
  g_autoptr(GBytes) bytes = g_bytes_new_static (layer, sizeof layer - 1);
  GpEstimateList *before = gp_estimate_page_get_estimates (fixture->page);
  GtkWidget *results = gp_test_ui_find_by_name (GTK_WIDGET (fixture->page), "results_list");
  g_autoptr(GError) error = NULL;
  g_autofree char *shown = NULL;

  g_assert_true (gp_catalog_add_layer (fixture->catalog, bytes, "hostile.json",
                                       GP_CATALOG_LAYER_EXTRA, &error));
  g_assert_no_error (error);
  wait_for_estimates (fixture, before);
  shown = gp_test_ui_collect_text (results);
  gp_test_ui_assert_contains (shown, "box <b>&");
  gp_test_ui_assert_contains (shown, "tub </span>");
}

/* Only what we can use, on by default: a lab in mainland China that needs Chinese invoices sees
 * no estimate of a platform it cannot reach or pay; the switch on the form turns it off, kept in
 * the settings, and the estimates come back. */
static void
test_usable_only (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(GSettings) settings = g_settings_new (BASE_APP_ID);
  g_autoptr(GpSettings) app_settings = gp_settings_new (settings);
  g_autofree char *path =
      g_test_build_filename (G_TEST_DIST, "fixtures", "invoice-catalog.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  GtkSwitch *usable =
      GTK_SWITCH (gp_test_ui_find_by_name (GTK_WIDGET (fixture->page), "usable_switch"));
  const char *providers[] = { "fapiao", "nofapiao", "unsaid", "blocked", NULL };
  GpWorkload *workload = gp_estimate_page_get_workload (fixture->page);
  GpEstimateList *list = gp_estimate_page_get_estimates (fixture->page);
  g_autoptr(GError) error = NULL;

  g_assert_true (
      gp_catalog_add_layer_from_file (fixture->catalog, file, GP_CATALOG_LAYER_EXTRA, &error));
  g_assert_no_error (error);
  g_settings_set_string (settings, "lab-location", "mainland-china");
  gp_estimate_page_set_settings (fixture->page, app_settings);
  gp_workload_set_reference_gpu (workload, "inv-gpu");
  gp_workload_set_providers (workload, providers);
  g_assert_true (gtk_switch_get_active (usable));
  list = wait_for_estimates (fixture, list);
  while (g_list_model_get_n_items (G_LIST_MODEL (list)) != 2)
    list = wait_for_estimates (fixture, list);
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(GpEstimate) estimate = g_list_model_get_item (G_LIST_MODEL (list), i);
      const char *id = gp_provider_get_id (gp_estimate_get_provider (estimate));

      g_assert_true (g_str_equal (id, "fapiao") || g_str_equal (id, "unsaid"));
    }

  gtk_switch_set_active (usable, FALSE);
  g_assert_false (g_settings_get_boolean (settings, "usable-only"));
  list = wait_for_estimates (fixture, list);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, 4);

  g_settings_reset (settings, "usable-only");
  g_settings_reset (settings, "lab-location");
  g_settings_reset (settings, "estimate-job");
}

/* A row says what its job emits where the region's grid and PUE are known, and its
 * assumptions what that rests on. */
static void
test_rows_show_emissions (Fixture       *fixture,
                          gconstpointer  data)
{
  static const char layer[] =
      "{\"schema_version\": 1, \"name\": \"Green\", \"as_of\": \"2026-11-30\","
      " \"sources\": [{\"id\": \"g\", \"title\": \"G\", \"as_of\": \"2026-11-30\"}],"
      " \"providers\": [{\"id\": \"green\", \"name\": \"Green Cloud\", \"kind\": \"gpu-cloud\","
      "   \"currency\": \"USD\", \"pricing\": [\"on-demand\"], \"regions\": ["
      "   {\"id\": \"north\", \"grid\": {\"zone\": \"SE-SE3\", \"gco2_per_kwh\": 2.44,"
      "    \"year\": 2024, \"source\": \"g\"}, \"pue\": {\"value\": 1.5, \"source\": \"g\"}},"
      "   {\"id\": \"dark\", \"pue\": {\"value\": 1.5, \"source\": \"g\"}}],"
      "   \"source\": \"g\"}],"
      " \"instances\": ["
      "  {\"id\": \"green/t4\", \"provider\": \"green\", \"name\": \"leafy\","
      "   \"gpu\": \"t4\", \"gpu_count\": 1, \"source\": \"g\","
      "   \"prices\": [{\"region\": \"north\", \"on_demand\": 0.01},"
      "                {\"region\": \"dark\", \"on_demand\": 0.011}]}]}";
  g_autoptr(GBytes) bytes = g_bytes_new_static (layer, sizeof layer - 1);
  GpEstimateList *before = gp_estimate_page_get_estimates (fixture->page);
  GtkWidget *results = gp_test_ui_find_by_name (GTK_WIDGET (fixture->page), "results_list");
  g_autoptr(GError) error = NULL;
  g_autofree char *shown = NULL;

  g_assert_true (
      gp_catalog_add_layer (fixture->catalog, bytes, "green.json", GP_CATALOG_LAYER_EXTRA, &error));
  g_assert_no_error (error);
  wait_for_estimates (fixture, before);
  shown = gp_test_ui_collect_text (results);
  /* 70 W × 683.6 h × PUE 1.5 = 71.8 kWh, at 2.44 g a kWh */
  gp_test_ui_assert_contains (shown, "1 GPU · 0.2 kgCO2e");
  gp_test_ui_assert_contains (shown, "grid zone SE-SE3, 2024 average");

  /* The Emissions chart: its bars are kgCO2e, the option of known emissions alone; the other
   * charts are of costs again. */
  g_assert_true (
      gtk_widget_activate_action (GTK_WIDGET (fixture->page), "estimate.chart", "s", "emissions"));
  {
    GpChartView *chart = gp_estimate_page_get_chart_view (fixture->page);
    GpChartData *emissions = gp_chart_view_get_data (chart);
    g_autofree char *item = gp_chart_view_dup_item_text (chart, 0);

    g_assert_false (gp_chart_data_is_costs (emissions));
    g_assert_cmpstr (gp_chart_data_get_title (emissions, gp_chart_view_get_kind (chart)), ==,
                     "Emissions of the job on each option");
    g_assert_cmpuint (gp_chart_data_get_n_items (emissions), ==, 1);
    g_assert_nonnull (strstr (item, "0.18 kgCO2e"));
    g_assert_true (
        gtk_widget_activate_action (GTK_WIDGET (fixture->page), "estimate.chart", "s", "cost"));
    g_assert_true (gp_chart_data_is_costs (gp_chart_view_get_data (chart)));
  }

  /* Cost against emissions: the value chart's points, placed across by kgCO2e, the hover text
   * saying both; the chart of time to finish is hours again. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->page), "estimate.chart", "s",
                                             "cost-emissions"));
  {
    GpChartView *chart = gp_estimate_page_get_chart_view (fixture->page);
    GpChartData *points = gp_chart_view_get_data (chart);
    g_autofree char *item = gp_chart_view_dup_item_text (chart, 0);

    g_assert_cmpint (gp_chart_view_get_kind (chart), ==, GP_CHART_KIND_VALUE);
    g_assert_cmpstr (gp_chart_data_get_title (points, GP_CHART_KIND_VALUE), ==,
                     "Cost against emissions of the job");
    g_assert_cmpstr (gp_chart_data_get_across_title (points), ==, "Estimated emissions (kgCO2e)");
    g_assert_cmpuint (gp_chart_data_get_n_items (points), ==, 1);
    g_assert_nonnull (strstr (item, "USD, 0.2 kgCO2e"));
    g_assert_true (
        gtk_widget_activate_action (GTK_WIDGET (fixture->page), "estimate.chart", "s", "value"));
    g_assert_null (gp_chart_data_get_across_title (gp_chart_view_get_data (chart)));
  }
}

/* The job survives a restart: a page given the same settings comes back with the form as the
 * user left it, and says a job was given; an untouched form keeps nothing and gives no job. */
static void
test_job_kept (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(GSettings) settings = g_settings_new (BASE_APP_ID);
  g_autoptr(GpSettings) app_settings = gp_settings_new (settings);
  g_autoptr(GVariant) kept = NULL;
  g_autoptr(GVariant) empty = NULL;
  GpEstimatePage *later;
  GpEstimatePage *untouched;

  g_settings_reset (settings, "estimate-job");
  gp_estimate_page_set_settings (fixture->page, app_settings);
  g_assert_false (gp_estimate_page_has_job (fixture->page));

  gtk_spin_button_set_value (spin_named (fixture, "gpu_hours_spin"), 420);
  gtk_spin_button_set_value (spin_named (fixture, "model_spin"), 7);
  g_assert_true (gp_estimate_page_has_job (fixture->page));
  kept = g_settings_get_value (settings, "estimate-job");
  g_assert_cmpuint (g_variant_n_children (kept), >, 0);

  /* The next run: a new page, the same settings. */
  later = g_object_ref_sink (g_object_new (GP_TYPE_ESTIMATE_PAGE, NULL));
  gp_estimate_page_set_settings (later, app_settings);
  gp_estimate_page_set_catalog (later, fixture->catalog);
  g_assert_cmpfloat (gp_workload_get_gpu_hours (gp_estimate_page_get_workload (later)), ==, 420);
  g_assert_cmpfloat (gp_workload_get_model_billions (gp_estimate_page_get_workload (later)), ==, 7);
  g_assert_true (gp_estimate_page_has_job (later));
  g_object_unref (later);

  /* Back to the form's first figures: nothing is kept, and no job is claimed. */
  gtk_spin_button_set_value (spin_named (fixture, "gpu_hours_spin"), 300);
  gtk_spin_button_set_value (spin_named (fixture, "model_spin"), 0);
  empty = g_settings_get_value (settings, "estimate-job");
  g_assert_cmpuint (g_variant_n_children (empty), ==, 0);
  untouched = g_object_ref_sink (g_object_new (GP_TYPE_ESTIMATE_PAGE, NULL));
  gp_estimate_page_set_settings (untouched, app_settings);
  gp_estimate_page_set_catalog (untouched, fixture->catalog);
  g_assert_false (gp_estimate_page_has_job (untouched));
  g_object_unref (untouched);
  g_settings_reset (settings, "estimate-job");
}

/* The options hold the job's GPU count and sharding asked for. */
static gboolean
has_options (gpointer page)
{
  GpEstimateList *list = gp_estimate_page_get_estimates (page);

  return list != NULL && gp_estimate_list_get_n_options (list) > 0;
}

/* The 7B LoRA of 300 A100-hours: the page's cost chart has a bar for every platform that can
 * run the job, scrolling where the pane is shorter than the bars (it left platforms out). */
static void
test_chart_every_platform (Fixture       *fixture,
                           gconstpointer  data)
{
  g_autoptr(GpWorkload) job = gp_workload_new ();
  g_autoptr(GHashTable) platforms = g_hash_table_new (NULL, NULL);
  GpChartView *view = gp_estimate_page_get_chart_view (fixture->page);
  GpChartLayoutCache *cache = gp_chart_layout_cache_new ();
  const GpChartLayout *layout;
  GpEstimateList *list;
  GpChartData *chart;
  GpChartStyle style;
  guint shown = 0;

  gp_workload_set_gpu_hours (job, 300);
  gp_workload_set_reference_gpu (job, "a100-sxm4-80gb");
  gp_workload_set_model_billions (job, 7);
  gp_workload_set_method (job, GP_TRAINING_METHOD_LORA);
  gp_workload_set_gpus (job, 1);
  gp_estimate_page_load_workload (fixture->page, job);
  list = wait_for_estimates (fixture, gp_estimate_page_get_estimates (fixture->page));
  /* The pane handle dragged up: the chart has less room than its bars need. */
  gtk_paned_set_position (
      GTK_PANED (gp_test_ui_find_by_name (GTK_WIDGET (fixture->page), "results_paned")), 150);
  gp_test_ui_wait_for_draw (GTK_WIDGET (fixture->window));
  for (guint i = 0; i < gp_estimate_list_get_n_options (list); i++)
    {
      g_autoptr(GpEstimate) estimate = g_list_model_get_item (G_LIST_MODEL (list), i);

      if (gp_estimate_is_option (estimate))
        g_hash_table_add (platforms, gp_estimate_get_provider (estimate));
    }
  g_assert_cmpuint (g_hash_table_size (platforms), ==, 5);

  chart = gp_chart_view_get_data (view);
  gp_chart_view_get_style (view, &style);
  layout = gp_chart_layout_cache_get (cache, GP_CHART_KIND_COST, chart, &style,
                                      gtk_widget_get_width (GTK_WIDGET (view)) * 72.0 / 96,
                                      gtk_widget_get_height (GTK_WIDGET (view)) * 72.0 / 96);
  for (guint i = 0; i < layout->shown->len; i++)
    shown += gp_chart_data_get_item (chart, g_array_index (layout->shown, int, i))->platform_best;
  g_assert_cmpuint (shown, ==, g_hash_table_size (platforms));
  gp_chart_layout_cache_free (cache);
}

/* A 13B full fine-tune on one A100 80GB fits nowhere: the page says what would (4 GPUs with
 * ZeRO-3, 62.4 GB each; the fixture's A100 80GB instances have 8), never that the figures no
 * longer match the form they match, and one click asks for those GPUs. */
static void
test_nothing_fits (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(GpWorkload) job = gp_workload_new ();
  GpEstimateList *before = gp_estimate_page_get_estimates (fixture->page);
  GtkWidget *error_label = gp_test_ui_find_by_name (GTK_WIDGET (fixture->page), "error_label");
  GtkWidget *fit_button = gp_test_ui_find_by_name (GTK_WIDGET (fixture->page), "fit_button");
  GpWorkload *form;
  const char *said;

  gp_workload_set_gpu_hours (job, 300);
  gp_workload_set_reference_gpu (job, "a100-sxm4-80gb");
  gp_workload_set_model_billions (job, 13);
  gp_workload_set_method (job, GP_TRAINING_METHOD_FULL);
  gp_workload_set_gpus (job, 1);
  gp_estimate_page_load_workload (fixture->page, job);
  wait_for_estimates (fixture, before);
  gp_test_ui_wait_until (has_error, fixture->page, "nothing fits");

  said = gtk_label_get_label (GTK_LABEL (error_label));
  gp_test_ui_assert_contains (said, "4 GPUs with ZeRO-3 fit, 62.4 GB each");
  gp_test_ui_assert_contains (said, "the fewest an instance has is 8");
  g_assert_null (strstr (said, "no longer matches the form"));
  g_assert_true (gtk_widget_get_visible (fit_button));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (fit_button)), ==, "_Use 8 GPUs with ZeRO-3");

  g_signal_emit_by_name (fit_button, "clicked");
  form = gp_estimate_page_get_workload (fixture->page);
  g_assert_cmpuint (gp_workload_get_gpus (form), ==, 8);
  g_assert_cmpint (gp_workload_get_sharding (form), ==, GP_SHARDING_ZERO3);
  gp_test_ui_wait_until (has_options, fixture->page, "options that hold the job");
  g_assert_null (gp_estimate_page_get_error (fixture->page));
  g_assert_false (gtk_widget_get_visible (fit_button));
}

int
main (int   argc,
      char *argv[])
{
  gp_test_ui_init (&argc, &argv);

  g_test_add_func ("/estimate-page/estimates-when-wanted", test_estimates_when_wanted);
#define ADD(path, func) g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/estimate-page/pane-and-footnote", test_pane_and_footnote);
  ADD ("/estimate-page/measure-needs-shape", test_measure_needs_shape);
  ADD ("/estimate-page/import-measurement", test_import_measurement);
  ADD ("/estimate-page/platform-first", test_platform_first);
  ADD ("/estimate-page/job-kept", test_job_kept);
  ADD ("/estimate-page/rows-plain-text", test_rows_plain_text);
  ADD ("/estimate-page/rows-show-emissions", test_rows_show_emissions);
  ADD ("/estimate-page/one-control-per-row", test_one_control_per_row);
  ADD ("/estimate-page/first-estimate", test_first_estimate);
  ADD ("/estimate-page/form-updates-results", test_form_updates_results);
  ADD ("/estimate-page/estimated-and-stale-rows", test_estimated_and_stale_rows);
  ADD ("/estimate-page/preset", test_preset);
  ADD ("/estimate-page/impossible-value", test_impossible_value);
  ADD ("/estimate-page/chart-kind-and-keyboard", test_chart_kind_and_keyboard);
  ADD ("/estimate-page/export-formats", test_export_formats);
  ADD ("/estimate-page/export-dialog", test_export_dialog);
  ADD ("/estimate-page/yuan-and-memory", test_yuan_and_memory);
  ADD ("/estimate-page/usable-only", test_usable_only);
  ADD ("/estimate-page/nothing-fits", test_nothing_fits);
  ADD ("/estimate-page/chart-every-platform", test_chart_every_platform);
  ADD ("/estimate-page/same-gpu", test_same_gpu);
#undef ADD

  return g_test_run ();
}
