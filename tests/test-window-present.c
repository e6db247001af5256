/* test-window-present.c — the main window presenting the user's work full screen
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include <libsoup/soup.h>

#include "gp-assistant-page.h"
#include "gp-breakeven.h"
#include "gp-cost-model.h"
#include "gp-chart-view.h"
#include "gp-compare-page.h"
#include "gp-currency.h"
#include "gp-instances-page.h"
#include "gp-offer-details.h"
#include "gp-lab-machine-dialog.h"
#include "gp-launch-view.h"
#include "gp-launch-window.h"
#include "gp-catalog-updater.h"
#include "gp-estimate-page.h"
#include "gp-export-dialog.h"
#include "gp-preferences-window.h"
#include "gp-presentation-window.h"
#include "gp-test-slides.h"
#include "gp-test-ui.h"
#include "gp-test-window.h"
#include "gp-ui-widgets.h"
#include "gp-window.h"

/* The kinds of the deck's slides, and the titles of those of @kind. */
static guint
count_slides (GpSlideDeck *deck,
              GpSlideKind  kind,
              GPtrArray   *titles)
{
  guint n = 0;

  for (guint i = 0; i < gp_slide_deck_get_n_slides (deck); i++)
    if (gp_slide_deck_get_kind (deck, i) == kind)
      {
        n++;
        if (titles != NULL)
          g_ptr_array_add (titles, (gpointer) gp_slide_deck_get_title (deck, i));
      }

  return n;
}

/* The comparison's slides are those of the comparison the Compare page shows. */
static void
assert_comparison_slides (GpWindow    *window,
                          GpSlideDeck *deck)
{
  GpComparePage *compare =
      GP_COMPARE_PAGE (gp_test_ui_find_widget (GTK_WIDGET (window), GP_TYPE_COMPARE_PAGE));
  g_autoptr(GpSlideDeck) expected = gp_slide_deck_new ();
  g_autoptr(GPtrArray) titles = g_ptr_array_new ();
  g_autoptr(GPtrArray) expected_titles = g_ptr_array_new ();

  gp_slide_deck_add_prices (expected, gp_compare_page_get_comparison (compare));
  gp_slide_deck_add_comparison (expected, gp_compare_page_build_table (compare),
                                gp_compare_page_get_only_differences (compare));
  g_assert_cmpuint (count_slides (deck, GP_SLIDE_COMPARISON, titles), ==,
                    count_slides (expected, GP_SLIDE_COMPARISON, expected_titles));
  g_assert_cmpuint (titles->len, >, 0);
  for (guint i = 0; i < titles->len; i++)
    g_assert_cmpstr (g_ptr_array_index (titles, i), ==, g_ptr_array_index (expected_titles, i));
}

/* Whether a comparison slide of @deck has the row @key. */
static gboolean
has_comparison_row (GpSlideDeck *deck,
                    const char  *key)
{
  for (guint i = 0; i < gp_slide_deck_get_n_slides (deck); i++)
    {
      g_auto(GStrv) keys = NULL;

      if (gp_slide_deck_get_kind (deck, i) != GP_SLIDE_COMPARISON)
        continue;
      keys = gp_slide_deck_dup_row_keys (deck, i);
      if (keys != NULL && g_strv_contains ((const char *const *) keys, key))
        return TRUE;
    }
  return FALSE;
}

/* F5 shows the current work full screen; Esc returns to the page the user was on. */
static void
test_window_present (void)
{
  static const GpChartKind charts[] = {
    GP_CHART_KIND_COST,
    GP_CHART_KIND_BREAKDOWN,
    GP_CHART_KIND_VALUE,
    GP_CHART_KIND_CUMULATIVE,
  };
  GpWindow *window;
  GtkWindow *presentation;
  GpSlideDeck *deck;
  g_autoptr(GPtrArray) chart_titles = g_ptr_array_new ();
  g_auto(GStrv) accels = gtk_application_get_accels_for_action (
      GTK_APPLICATION (gp_test_ui_application ()), "win.present");

  g_assert_cmpstr (accels[0], ==, "F5");
  if (gp_test_ui_skip_without_window_manager ())
    return;

  gp_test_window_reset_settings ();
  window = gp_test_window_new ();
  gp_test_window_wait_for_catalog (window);
  gp_window_set_page (window, "estimate");
  gp_test_window_estimate_a_job (window);
  gp_test_ui_wait_for_draw (GTK_WIDGET (window));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.present", NULL));
  presentation = gp_test_ui_find_toplevel (GP_TYPE_PRESENTATION_WINDOW);
  g_assert_nonnull (presentation);
  g_assert_true (gtk_window_get_transient_for (presentation) == GTK_WINDOW (window));
  gp_test_window_wait_for_fullscreen (presentation, TRUE);

  /* The question, the answer, then each chart of the job; no recommendation yet, so the
   * summary gives the cheapest options that fit. The Compare page's every-platform comparison
   * is no answer to the job: no slide of it (its cheapest GPU-hour came third, before the
   * job's charts). */
  deck = gp_presentation_window_get_deck (GP_PRESENTATION_WINDOW (presentation));
  g_assert_cmpint (gp_slide_deck_get_kind (deck, 0), ==, GP_SLIDE_TITLE);
  g_assert_cmpint (gp_slide_deck_get_kind (deck, 1), ==, GP_SLIDE_SUMMARY);
  {
    g_autofree char *title = gp_slide_deck_dup_text (deck, 0);

    /* The reference GPU by its name, not its id. */
    g_assert_nonnull (strstr (title, "300 GPU-hours counted on one Tesla V100 SXM2"));
    g_assert_null (strstr (title, "v100-sxm2-16gb"));
    g_assert_nonnull (strstr (title, "1 GPU per machine"));
    g_assert_nonnull (strstr (title, "Region: any"));
  }
  g_assert_cmpuint (count_slides (deck, GP_SLIDE_COMPARISON, NULL), ==, 0);
  g_assert_cmpuint (count_slides (deck, GP_SLIDE_CHART, chart_titles), ==, G_N_ELEMENTS (charts));
  for (guint i = 0; i < G_N_ELEMENTS (charts); i++)
    {
      g_assert_cmpint (gp_slide_deck_get_kind (deck, 2 + i), ==, GP_SLIDE_CHART);
      g_assert_cmpstr (g_ptr_array_index (chart_titles, i), ==, gp_chart_kind_title (charts[i]));
    }
  g_assert_cmpuint (count_slides (deck, GP_SLIDE_RECOMMENDATION, NULL), ==, 0);
  gp_test_slides_assert_fit (deck, "window");
  /* To look at, with GP_TEST_PNG: the title, the summary, the cost chart. */
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *name = g_strdup_printf ("present-%u", i + 1);

      gp_test_ui_wait_for_draw (GTK_WIDGET (presentation));
      gp_test_ui_save_png (GTK_WIDGET (presentation), name);
      g_assert_true (
          gtk_widget_activate_action (GTK_WIDGET (presentation), "presentation.next", NULL));
    }

  g_assert_true (gp_test_ui_activate_trigger (GTK_WIDGET (presentation), "Escape"));
  gp_test_ui_iterate ();
  g_assert_null (gp_test_ui_find_toplevel (GP_TYPE_PRESENTATION_WINDOW));
  g_assert_cmpstr (gp_window_get_page (window), ==, "estimate");
  g_assert_false (gtk_window_is_fullscreen (GTK_WINDOW (window)));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The slides follow the work: the rows the Compare page shows, the assistant's answer once
 * given, no comparison once it is emptied. */
static void
test_window_present_follows_work (void)
{
  static const char *const same_instance[] = {
    "aws-ec2/p3.2xlarge@us-east-1",
    "aws-ec2/p3.2xlarge@us-west-2",
    NULL,
  };
  GpWindow *window;
  GtkWidget *compare, *assistant;
  g_autoptr(GpSlideDeck) all_rows = NULL;
  g_autoptr(GpSlideDeck) differences = NULL;
  g_autoptr(GpSlideDeck) answered = NULL;
  g_autoptr(GpSlideDeck) emptied = NULL;
  g_autoptr(GPtrArray) titles = g_ptr_array_new ();

  gp_test_window_reset_settings ();
  window = gp_test_window_new ();
  gp_test_window_wait_for_catalog (window);
  compare = gp_test_ui_find_widget (GTK_WIDGET (window), GP_TYPE_COMPARE_PAGE);
  assistant = GTK_WIDGET (gp_window_get_assistant_page (window));
  gp_test_window_estimate_a_job (window);

  /* One instance in two regions: most rows are the same. */
  gp_comparison_set_mode (gp_compare_page_get_comparison (GP_COMPARE_PAGE (compare)),
                          GP_COMPARISON_INSTANCES);
  g_assert_cmpuint (gp_compare_page_add_ids (GP_COMPARE_PAGE (compare), same_instance, NULL), ==,
                    G_N_ELEMENTS (same_instance) - 1);
  gp_compare_page_set_only_differences (GP_COMPARE_PAGE (compare), FALSE);
  all_rows = gp_window_build_slides (window);
  assert_comparison_slides (window, all_rows);
  gp_compare_page_set_only_differences (GP_COMPARE_PAGE (compare), TRUE);
  differences = gp_window_build_slides (window);
  assert_comparison_slides (window, differences);
  /* Fewer rows, no more slides; a meeting gets three table slides at most. */
  g_assert_cmpuint (count_slides (differences, GP_SLIDE_COMPARISON, NULL), <=,
                    count_slides (all_rows, GP_SLIDE_COMPARISON, NULL));
  g_assert_cmpuint (count_slides (all_rows, GP_SLIDE_COMPARISON, NULL), <=, 3);

  for (guint i = 0; i < 7; i++)
    g_assert_true (gtk_widget_activate_action (assistant, "assistant.next", NULL));
  answered = gp_window_build_slides (window);
  /* The recommendation with its reasons on one slide; the summary gives its answer. */
  g_assert_cmpuint (count_slides (answered, GP_SLIDE_RECOMMENDATION, titles), ==, 1);
  g_assert_cmpuint (count_slides (answered, GP_SLIDE_SUMMARY, NULL), ==, 1);
  g_assert_cmpstr (g_ptr_array_index (titles, 0), ==, "Where to train");
  /* The job's slides first, the instances compared after them. */
  {
    gboolean comparison_seen = FALSE;

    for (guint i = 0; i < gp_slide_deck_get_n_slides (answered); i++)
      {
        GpSlideKind kind = gp_slide_deck_get_kind (answered, i);

        comparison_seen |= kind == GP_SLIDE_COMPARISON;
        g_assert_false (comparison_seen && kind == GP_SLIDE_RECOMMENDATION);
      }
    g_assert_true (comparison_seen);
  }

  gp_comparison_clear (gp_compare_page_get_comparison (GP_COMPARE_PAGE (compare)));
  emptied = gp_window_build_slides (window);
  g_assert_cmpuint (count_slides (emptied, GP_SLIDE_COMPARISON, NULL), ==, 0);
  g_assert_cmpint (gp_slide_deck_get_kind (emptied, 0), ==, GP_SLIDE_TITLE);
  g_assert_cmpint (gp_slide_deck_get_kind (emptied, 2), ==, GP_SLIDE_CHART);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* How a lab in mainland China reaches each platform is for a lab there or in Hong Kong, as on
 * the Compare page: the slides showed "From mainland China" to a lab elsewhere. */
static void
test_window_present_border_rows (void)
{
  static const char *const platforms[] = { "aws-ec2", "runpod", NULL };
  const char *const labs[] = { "elsewhere", "mainland-china", "hong-kong" };
  g_autoptr(GSettings) settings = g_settings_new (BASE_APP_ID);
  GpWindow *window;
  GpComparePage *compare;

  gp_test_window_reset_settings ();
  window = gp_test_window_new ();
  gp_test_window_wait_for_catalog (window);
  compare = GP_COMPARE_PAGE (gp_test_ui_find_widget (GTK_WIDGET (window), GP_TYPE_COMPARE_PAGE));
  gp_comparison_clear (gp_compare_page_get_comparison (compare));
  gp_comparison_set_mode (gp_compare_page_get_comparison (compare), GP_COMPARISON_PROVIDERS);
  g_assert_cmpuint (gp_compare_page_add_ids (compare, platforms, NULL), ==, 2);
  gp_compare_page_set_only_differences (compare, FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (labs); i++)
    {
      g_autoptr(GpSlideDeck) deck = NULL;

      g_settings_set_string (settings, "lab-location", labs[i]);
      deck = gp_window_build_slides (window);
      assert_comparison_slides (window, deck);
      g_assert_cmpint (has_comparison_row (deck, "mainland_china"), ==, i > 0);
    }

  g_settings_reset (settings, "lab-location");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* With nothing compared and no offer for the job there are no slides: a toast says what
 * makes some, and no empty presentation opens. */
static void
test_window_present_nothing (void)
{
  g_autoptr(GpWorkload) job = gp_workload_new ();
  GpWindow *window;
  GtkWidget *compare, *estimate;

  gp_test_window_reset_settings ();
  window = gp_test_window_new ();
  gp_test_window_wait_for_catalog (window);
  compare = gp_test_ui_find_widget (GTK_WIDGET (window), GP_TYPE_COMPARE_PAGE);
  estimate = GTK_WIDGET (gp_window_get_estimate_page (window));
  gp_comparison_clear (gp_compare_page_get_comparison (GP_COMPARE_PAGE (compare)));

  /* No eight-GPU instance in europe-west4 runs the job. */
  gp_workload_set_gpu_hours (job, 300);
  gp_workload_set_reference_gpu (job, "v100-sxm2-16gb");
  gp_workload_set_gpus (job, 8);
  gp_workload_set_region (job, "europe-west4");
  gp_window_set_page (window, "estimate");
  gp_estimate_page_load_workload (GP_ESTIMATE_PAGE (estimate), job);
  gp_test_window_wait_for_text (window, "No offer matches this job");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.present", NULL));
  g_assert_null (gp_test_ui_find_toplevel (GP_TYPE_PRESENTATION_WINDOW));
  gp_test_window_wait_for_text (window, "Nothing to present yet");

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The Estimate form as it first opens is an example, not the lab's job: Present shows no
 * slides of it (it showed "300 GPU-hours on one v100-sxm2-16gb" the next day). */
static void
test_window_present_no_untouched_job (void)
{
  GpWindow *window;
  GpEstimatePage *page;
  g_autoptr(GpSlideDeck) deck = NULL;
  g_autoptr(GPtrArray) titles = g_ptr_array_new ();

  gp_test_window_reset_settings ();
  window = gp_test_window_new ();
  gp_test_window_wait_for_catalog (window);
  gp_window_set_page (window, "estimate");
  page = gp_window_get_estimate_page (window);
  gp_test_ui_wait_until (gp_test_window_has_estimates, page, "the example's estimate");
  g_assert_false (gp_estimate_page_has_job (page));

  deck = gp_window_build_slides (window);
  count_slides (deck, GP_SLIDE_CHART, titles);
  for (guint i = 0; i < titles->len; i++)
    g_assert_cmpstr (g_ptr_array_index (titles, i), !=, gp_chart_kind_title (GP_CHART_KIND_COST));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = gp_test_window_init (&argc, &argv);

  g_test_add_func ("/window/present", test_window_present);
  g_test_add_func ("/window/present-follows-work", test_window_present_follows_work);
  g_test_add_func ("/window/present-nothing", test_window_present_nothing);
  g_test_add_func ("/window/present-border-rows", test_window_present_border_rows);
  g_test_add_func ("/window/present-no-untouched-job", test_window_present_no_untouched_job);

  return gp_test_window_run (home);
}
