/* test-assistant-page.c — the questions, their remembered answers, and the recommendation
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "gp-assistant-page.h"
#include "gp-summary-pdf.h"
#include "gp-memory-model.h"
#include "gp-test-ui.h"

typedef struct
{
  GtkWindow       *window;
  GpAssistantPage *page;
  GpCatalog       *catalog;
  GSettings       *settings;
  GpSettings      *app_settings;
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  fixture->settings = g_settings_new (BASE_APP_ID);
  g_settings_reset (fixture->settings, "assistant-answers");
  fixture->app_settings = gp_settings_new (fixture->settings);
  fixture->catalog = gp_catalog_new_bundled ();
  fixture->page = g_object_new (GP_TYPE_ASSISTANT_PAGE, NULL);
  gp_assistant_page_set_settings (fixture->page, fixture->app_settings);
  gp_assistant_page_set_catalog (fixture->page, fixture->catalog);
  fixture->window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_default_size (fixture->window, 1100, 800);
  gtk_window_set_child (fixture->window, GTK_WIDGET (fixture->page));
  gtk_window_present (fixture->window);
  gp_test_ui_wait_for_draw (GTK_WIDGET (fixture->window));
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  gtk_window_destroy (fixture->window);
  g_clear_object (&fixture->catalog);
  g_settings_reset (fixture->settings, "assistant-answers");
  g_clear_object (&fixture->app_settings);
  g_clear_object (&fixture->settings);
}

static GtkWidget *
named (Fixture    *fixture,
       const char *name)
{
  GtkWidget *widget = gp_test_ui_find_by_name (GTK_WIDGET (fixture->page), name);

  g_assert_nonnull (widget);
  return widget;
}

static void
activate (Fixture    *fixture,
          const char *action)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->page), action, NULL));
}

static void
walk_to_result (Fixture *fixture)
{
  for (guint i = 0; i < 7; i++)
    activate (fixture, "assistant.next");
  g_assert_cmpstr (gp_assistant_page_get_step (fixture->page), ==, "result");
}

static void
test_defaults (Fixture       *fixture,
               gconstpointer  data)
{
  const char *expected[] = { "size", "compute", "limits", "interruptions", "sessions", "team",
                             "region", "result" };
  GpRecommendation *answer;
  g_autofree char *text = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_assert_cmpstr (gp_assistant_page_get_step (fixture->page), ==, expected[i]);
      if (i + 1 < G_N_ELEMENTS (expected))
        activate (fixture, "assistant.next");
    }

  answer = gp_assistant_page_get_recommendation (fixture->page);
  g_assert_nonnull (answer);
  g_assert_cmpuint (g_list_model_get_n_items (gp_recommendation_get_choices (answer)), ==, 3);
  g_assert_false (gtk_widget_get_visible (named (fixture, "next_button")));

  /* The result page shows the top choice, its reasons and the actions. */
  gp_test_ui_wait_for_draw (GTK_WIDGET (fixture->window));
  text = gp_test_ui_collect_text (named (fixture, "result_box"));
  {
    g_autoptr(GpChoice) best = g_list_model_get_item (gp_recommendation_get_choices (answer), 0);
    g_autofree char *label = gp_estimate_dup_label (gp_choice_get_estimate (best));

    g_assert_nonnull (strstr (text, label));
  }
  /* The reasons as people read them: the rule's bracketed name is for scripts. */
  {
    g_autoptr(GpChoice) best = g_list_model_get_item (gp_recommendation_get_choices (answer), 0);
    const char *cost = gp_choice_get_reasons (best)[0];

    g_assert_true (g_str_has_prefix (cost, "[cost] "));
    g_assert_nonnull (strstr (text, gp_recommendation_reason_text (cost)));
    g_assert_null (strstr (text, "[cost]"));
  }
  g_assert_nonnull (strstr (text, "Open in Estimate"));
}

static void
test_custom_answers_and_back (Fixture       *fixture,
                              gconstpointer  data)
{
  GpRecommendation *answer;
  GListModel *choices;

  adw_combo_row_set_selected (ADW_COMBO_ROW (named (fixture, "dataset_row")), 2);  /* large */
  activate (fixture, "assistant.next");
  activate (fixture, "assistant.next");
  activate (fixture, "assistant.next");
  gtk_switch_set_active (GTK_SWITCH (named (fixture, "interruptible_switch")), TRUE);
  activate (fixture, "assistant.next");
  activate (fixture, "assistant.next");
  gtk_switch_set_active (GTK_SWITCH (named (fixture, "identity_switch")), TRUE);

  /* Back keeps the answers. */
  activate (fixture, "assistant.back");
  activate (fixture, "assistant.back");
  g_assert_cmpstr (gp_assistant_page_get_step (fixture->page), ==, "interruptions");
  g_assert_true (gtk_switch_get_active (GTK_SWITCH (named (fixture, "interruptible_switch"))));

  for (guint i = 0; i < 4; i++)
    activate (fixture, "assistant.next");
  g_assert_cmpstr (gp_assistant_page_get_step (fixture->page), ==, "result");

  answer = gp_assistant_page_get_recommendation (fixture->page);
  choices = gp_recommendation_get_choices (answer);
  g_assert_cmpuint (g_list_model_get_n_items (choices), >, 0);
  for (guint i = 0; i < g_list_model_get_n_items (choices); i++)
    {
      g_autoptr(GpChoice) choice = g_list_model_get_item (choices, i);
      GpEstimate *estimate = gp_choice_get_estimate (choice);

      g_assert_true (gp_provider_has_feature (gp_estimate_get_provider (estimate),
                                              GP_FEATURE_ENTERPRISE_IDENTITY));
    }
  {
    g_autoptr(GpChoice) best = g_list_model_get_item (choices, 0);
    const char * const *reasons = gp_choice_get_reasons (best);
    gboolean large = FALSE;

    for (guint i = 0; reasons[i] != NULL; i++)
      large |= g_str_has_prefix (reasons[i], "[large-project]");
    g_assert_true (large);
  }
}

static void
test_skip_keeps_usual_answer (Fixture       *fixture,
                              gconstpointer  data)
{
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (named (fixture, "gpu_hours_spin")), 40);
  activate (fixture, "assistant.next");
  g_assert_cmpstr (gp_assistant_page_get_step (fixture->page), ==, "compute");
  /* Skip sets this question back to its usual answer and moves on. */
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (named (fixture, "gpu_hours_spin")), 40);
  activate (fixture, "assistant.skip");
  g_assert_cmpstr (gp_assistant_page_get_step (fixture->page), ==, "limits");
  g_assert_cmpfloat (
      gtk_spin_button_get_value (GTK_SPIN_BUTTON (named (fixture, "gpu_hours_spin"))), ==, 300);
}

static void
test_answers_remembered (Fixture       *fixture,
                         gconstpointer  data)
{
  GpAssistantPage *again;

  gtk_spin_button_set_value (GTK_SPIN_BUTTON (named (fixture, "gpu_hours_spin")), 123);
  gtk_switch_set_active (GTK_SWITCH (named (fixture, "ssh_switch")), TRUE);
  adw_combo_row_set_selected (ADW_COMBO_ROW (named (fixture, "sessions_row")), 1);

  /* A new page, as on the next start, offers them again. */
  again = g_object_ref_sink (g_object_new (GP_TYPE_ASSISTANT_PAGE, NULL));
  gp_assistant_page_set_settings (again, fixture->app_settings);
  gp_assistant_page_set_catalog (again, fixture->catalog);
  g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (
                         gp_test_ui_find_by_name (GTK_WIDGET (again), "gpu_hours_spin"))),
                     ==, 123);
  g_assert_true (gtk_switch_get_active (
      GTK_SWITCH (gp_test_ui_find_by_name (GTK_WIDGET (again), "ssh_switch"))));
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (
                        gp_test_ui_find_by_name (GTK_WIDGET (again), "sessions_row"))),
                    ==, 1);
  g_object_unref (again);
}

/* The weight of emissions is an answer like the others: it reaches the recommender, and the
 * next start offers it again; 0 by default. */
static void
test_carbon_weight (Fixture       *fixture,
                    gconstpointer  data)
{
  GtkSpinButton *spin = GTK_SPIN_BUTTON (named (fixture, "carbon_spin"));
  g_autoptr(GpRecommender) before = gp_assistant_page_build_recommender (fixture->page);
  g_autoptr(GpRecommender) after = NULL;
  GpAssistantPage *again;

  g_assert_cmpfloat (gp_recommender_get_carbon_weight (before), ==, 0);
  gtk_spin_button_set_value (spin, 0.3);
  after = gp_assistant_page_build_recommender (fixture->page);
  g_assert_cmpfloat_with_epsilon (gp_recommender_get_carbon_weight (after), 0.3, 1e-9);

  again = g_object_ref_sink (g_object_new (GP_TYPE_ASSISTANT_PAGE, NULL));
  gp_assistant_page_set_settings (again, fixture->app_settings);
  gp_assistant_page_set_catalog (again, fixture->catalog);
  g_assert_cmpfloat_with_epsilon (gtk_spin_button_get_value (GTK_SPIN_BUTTON (
                                      gp_test_ui_find_by_name (GTK_WIDGET (again), "carbon_spin"))),
                                  0.3, 1e-9);
  g_object_unref (again);
}

static void
workload_cb (GpAssistantPage *page,
             GpWorkload      *workload,
             GpWorkload     **out)
{
  *out = g_object_ref (workload);
}

static void
count_cb (GpAssistantPage *page,
          guint           *count)
{
  (*count)++;
}

static void
test_result_actions (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autoptr(GpWorkload) opened = NULL;
  g_autofree char *summary = NULL;
  g_autoptr(GBytes) pdf = NULL;
  guint compares = 0;

  g_signal_connect (fixture->page, "open-estimate", G_CALLBACK (workload_cb), &opened);
  g_signal_connect (fixture->page, "open-compare", G_CALLBACK (count_cb), &compares);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (named (fixture, "gpu_hours_spin")), 80);
  walk_to_result (fixture);

  activate (fixture, "assistant.open-estimate");
  g_assert_nonnull (opened);
  g_assert_cmpfloat (gp_workload_get_gpu_hours (opened), ==, 80);
  activate (fixture, "assistant.open-compare");
  g_assert_cmpuint (compares, ==, 1);

  summary = gp_assistant_page_dup_summary (fixture->page);
  g_assert_true (g_str_has_prefix (summary, "# GPU Planner: where to train\n"));
  g_assert_nonnull (strstr (summary, "- Compute: 80 GPU-hours on one Tesla V100 SXM2"));
  g_assert_nonnull (strstr (summary, "## 1. "));
  g_assert_nonnull (strstr (summary, "## Assumptions and sources"));
  g_assert_nonnull (strstr (summary, "(as of "));
  /* A summary for people: reasons without their rule's bracketed name. */
  g_assert_nonnull (strstr (summary, "above the cheapest option"));
  g_assert_null (strstr (summary, "[cost]"));

  pdf = gp_summary_render_pdf (summary, NULL);
  g_assert_nonnull (pdf);
  g_assert_true (memcmp (g_bytes_get_data (pdf, NULL), "%PDF-", 5) == 0);

  activate (fixture, "assistant.restart");
  g_assert_cmpstr (gp_assistant_page_get_step (fixture->page), ==, "size");
}

/* The budget is asked in the currency Preferences hold (it was USD only), the answer is in it,
 * and each platform chosen offers more of its machines. */
static void
test_budget_in_yuan_and_more (Fixture       *fixture,
                              gconstpointer  data)
{
  g_autoptr(GpRecommender) recommender = NULL;
  g_autoptr(GpRecommendation) answer = NULL;
  g_autoptr(GpChoice) first = NULL;
  g_autofree char *summary = NULL;
  g_autofree char *text = NULL;
  GpWorkload *workload;

  g_settings_set_string (fixture->settings, "currency", "CNY");
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (named (fixture, "budget_row"))),
                   ==, "CNY; 0 for no limit");

  gtk_spin_button_set_value (GTK_SPIN_BUTTON (named (fixture, "gpu_hours_spin")), 300);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (named (fixture, "budget_spin")), 5000);
  recommender = gp_assistant_page_build_recommender (fixture->page);
  workload = gp_recommender_get_workload (recommender);
  g_assert_cmpstr (gp_workload_get_currency (workload), ==, "CNY");
  g_assert_cmpfloat_with_epsilon (gp_workload_get_exchange_rate (workload), 7.1072, 1e-9);
  g_assert_cmpfloat (gp_workload_get_budget (workload), ==, 5000);
  answer = gp_recommender_recommend (recommender, fixture->catalog, NULL, NULL);
  first = g_list_model_get_item (gp_recommendation_get_choices (answer), 0);
  g_assert_cmpstr (gp_estimate_get_currency (gp_choice_get_estimate (first)), ==, "CNY");
  g_assert_cmpfloat (gp_estimate_get_total_cost (gp_choice_get_estimate (first)), <=, 5000);

  walk_to_result (fixture);
  gp_test_ui_wait_for_draw (GTK_WIDGET (fixture->window));
  text = gp_test_ui_collect_text (GTK_WIDGET (fixture->page));
  gp_test_ui_assert_contains (text, "¥");
  gp_test_ui_assert_contains (text, "More from This Platform");
  summary = gp_assistant_page_dup_summary (fixture->page);
  g_assert_nonnull (strstr (summary, "- Budget: 5000 CNY"));
  g_assert_null (strstr (summary, "## Launch Code"));

  /* Asked for, the summary adds how to start the job on the first choice; the result offers
   * that code beside the choices too. */
  g_assert_nonnull (named (fixture, "launch_button"));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (named (fixture, "with_launch_check")), TRUE);
  g_clear_pointer (&summary, g_free);
  summary = gp_assistant_page_dup_summary (fixture->page);
  gp_test_ui_assert_contains (summary, "## Launch Code\n\n```");
  gp_test_ui_assert_contains (summary, "- Written against: ");

  g_settings_reset (fixture->settings, "currency");
}

/* A 7B model on 8 GPUs: trained in full with a copy on each GPU nothing holds it; split over
 * the GPUs (ZeRO-3/FSDP), 8 × 80 GB does, and the answers say so. */
static void
test_model_method_and_sharding (Fixture       *fixture,
                                gconstpointer  data)
{
  g_autoptr(GpRecommender) copied = NULL;
  g_autoptr(GpRecommender) sharded = NULL;
  g_autoptr(GpRecommendation) none = NULL;
  g_autoptr(GpRecommendation) answer = NULL;
  g_autoptr(GpChoice) first = NULL;
  GpEstimate *estimate;

  /* The size has a row and a label of its own, not a second spin button in GPU Memory's. */
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (
                     gtk_widget_get_ancestor (named (fixture, "model_spin"), ADW_TYPE_ACTION_ROW))),
                   ==, "Model Size");
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (named (fixture, "model_spin")), 7);
  adw_combo_row_set_selected (ADW_COMBO_ROW (named (fixture, "gpus_row")), 1);
  adw_combo_row_set_selected (ADW_COMBO_ROW (named (fixture, "method_row")),
                              GP_TRAINING_METHOD_FULL);
  adw_combo_row_set_selected (ADW_COMBO_ROW (named (fixture, "sharding_row")), GP_SHARDING_NONE);
  copied = gp_assistant_page_build_recommender (fixture->page);
  none = gp_recommender_recommend (copied, fixture->catalog, NULL, NULL);
  g_assert_cmpuint (g_list_model_get_n_items (gp_recommendation_get_choices (none)), ==, 0);
  g_assert_nonnull (strstr (gp_recommendation_get_message (none), "134 GB"));

  adw_combo_row_set_selected (ADW_COMBO_ROW (named (fixture, "sharding_row")), GP_SHARDING_ZERO3);
  sharded = gp_assistant_page_build_recommender (fixture->page);
  g_assert_cmpint (gp_workload_get_sharding (gp_recommender_get_workload (sharded)), ==,
                   GP_SHARDING_ZERO3);
  answer = gp_recommender_recommend (sharded, fixture->catalog, NULL, NULL);
  first = g_list_model_get_item (gp_recommendation_get_choices (answer), 0);
  g_assert_nonnull (first);
  estimate = gp_choice_get_estimate (first);
  g_assert_cmpuint (gp_estimate_get_gpu_count (estimate), ==, 8);
  g_assert_cmpint (gp_estimate_get_fit (estimate), ==, GP_FIT_YES);
  g_assert_cmpfloat_with_epsilon (gp_estimate_get_memory_needed_gb (estimate), 16.8, 1e-9);
}

/* The batch, sequence length and checkpointing answers reach the job: a 7B LoRA at 4 × 1,024
 * needs over 24 GB with every activation kept, under it with every layer recomputed. */
static void
test_activations_and_checkpointing (Fixture       *fixture,
                                    gconstpointer  data)
{
  g_autoptr(GpRecommender) kept = NULL;
  g_autoptr(GpRecommender) recomputed = NULL;
  GpMemoryJob job;

  gtk_spin_button_set_value (GTK_SPIN_BUTTON (named (fixture, "model_spin")), 7);
  adw_combo_row_set_selected (ADW_COMBO_ROW (named (fixture, "method_row")),
                              GP_TRAINING_METHOD_LORA);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (named (fixture, "batch_spin")), 4);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (named (fixture, "sequence_spin")), 1024);
  kept = gp_assistant_page_build_recommender (fixture->page);
  g_assert_cmpuint (gp_workload_get_batch_size (gp_recommender_get_workload (kept)), ==, 4);
  g_assert_cmpuint (gp_workload_get_sequence_length (gp_recommender_get_workload (kept)), ==, 1024);
  g_assert_false (gp_workload_get_activation_checkpointing (gp_recommender_get_workload (kept)));
  gp_memory_job_init (&job, gp_recommender_get_workload (kept), NULL);
  g_assert_cmpfloat (gp_memory_needed_gb (NULL, &job, 1), >, 24);

  adw_combo_row_set_selected (ADW_COMBO_ROW (named (fixture, "checkpointing_row")), 1);
  recomputed = gp_assistant_page_build_recommender (fixture->page);
  g_assert_true (
      gp_workload_get_activation_checkpointing (gp_recommender_get_workload (recomputed)));
  gp_memory_job_init (&job, gp_recommender_get_workload (recomputed), NULL);
  g_assert_cmpfloat (gp_memory_needed_gb (NULL, &job, 1), <, 24);
}

/* The region question offers places, near mainland China first, and shows their names; the
 * choice is remembered as the place, whatever the provider's code for it. */
static void
test_region_places (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "regions-catalog.json",
                                                 NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  AdwComboRow *region = ADW_COMBO_ROW (named (fixture, "region_row"));
  GListModel *choices;
  g_autofree char *text = NULL;
  g_autoptr(GVariant) answers = NULL;
  const char *remembered = NULL;

  gp_catalog_add_layer_from_file (fixture->catalog, file, GP_CATALOG_LAYER_EXTRA, &error);
  g_assert_no_error (error);
  choices = adw_combo_row_get_model (region);
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (choices), 1), ==,
                   "tag:near-mainland-china");

  for (guint i = 0; i < 6; i++)
    activate (fixture, "assistant.next");
  g_assert_cmpstr (gp_assistant_page_get_step (fixture->page), ==, "region");
  adw_combo_row_set_selected (region, 1);
  gtk_switch_set_active (GTK_SWITCH (named (fixture, "residency_switch")), TRUE);
  gp_test_ui_wait_for_draw (GTK_WIDGET (fixture->window));
  text = gp_test_ui_collect_text (GTK_WIDGET (region));
  g_assert_nonnull (strstr (text, "Near Mainland China"));
  g_assert_null (strstr (text, "tag:"));

  activate (fixture, "assistant.next");
  {
    GpRecommendation *answer = gp_assistant_page_get_recommendation (fixture->page);
    g_autoptr(GpChoice) first = g_list_model_get_item (gp_recommendation_get_choices (answer), 0);

    g_assert_nonnull (first);
    g_assert_cmpstr (
        gp_offer_get_region_id (gp_estimate_get_offer (gp_choice_get_estimate (first))), ==,
        "cn-north-1");
  }

  answers = g_settings_get_value (fixture->settings, "assistant-answers");
  g_assert_true (g_variant_lookup (answers, "region", "&s", &remembered));
  g_assert_cmpstr (remembered, ==, "tag:near-mainland-china");
}

static void
test_nothing_fits (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autofree char *text = NULL;

  activate (fixture, "assistant.next");
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (named (fixture, "memory_spin")), 80);
  activate (fixture, "assistant.next");
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (named (fixture, "budget_spin")), 1);
  for (guint i = 0; i < 5; i++)
    activate (fixture, "assistant.next");

  g_assert_cmpuint (g_list_model_get_n_items (gp_recommendation_get_choices (
                        gp_assistant_page_get_recommendation (fixture->page))),
                    ==, 0);
  gp_test_ui_wait_for_draw (GTK_WIDGET (fixture->window));
  text = gp_test_ui_collect_text (named (fixture, "result_box"));
  g_assert_nonnull (strstr (text, "Nothing Fits"));
  /* What was left out, by its name and why, without ids or rule names. */
  {
    GpRecommendation *answer = gp_assistant_page_get_recommendation (fixture->page);
    const char *instance_id, *reason;

    g_assert_cmpuint (gp_recommendation_get_n_excluded (answer), >, 0);
    gp_recommendation_get_excluded (answer, 0, NULL, &instance_id, &reason);
    g_assert_true (g_str_has_prefix (reason, "["));
    g_assert_nonnull (strstr (text, gp_recommendation_reason_text (reason)));
    if (instance_id != NULL)
      g_assert_null (strstr (text, instance_id));
    g_assert_null (strstr (text, "[gpu-memory]"));
  }
}

/* Every row of the form holds one control, labelled by its row: no second, unlabelled one. */
static void
test_one_control_per_row (Fixture       *fixture,
                          gconstpointer  data)
{
  g_assert_cmpuint (gp_test_ui_assert_one_control_per_row (GTK_WIDGET (fixture->page)), >, 5);
}

/* Sends a key as GTK would, through the page's capture-phase key handler, with the focus
 * where it is. */
static gboolean
send_key (Fixture *fixture,
          guint    keyval)
{
  GListModel *controllers = gtk_widget_observe_controllers (GTK_WIDGET (fixture->page));
  gboolean handled = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers) && !handled; i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_KEY (controller))
        g_signal_emit_by_name (controller, "key-pressed", keyval, 0, 0, &handled);
    }
  g_object_unref (controllers);
  return handled;
}

/* The Assistant answered by keyboard alone: the focus is in each question as it comes, no row
 * that does not apply is in the way, and Enter goes on, to the recommendation at the last. */
static void
test_keyboard (Fixture       *fixture,
               gconstpointer  data)
{
  GtkWidget *size_row =
      gtk_widget_get_ancestor (named (fixture, "dataset_spin"), ADW_TYPE_ACTION_ROW);

  /* The dataset's size is asked only once "I know the size" is chosen. */
  g_assert_false (gtk_widget_get_visible (size_row));
  g_assert_true (gtk_widget_child_focus (named (fixture, "stack"), GTK_DIR_TAB_FORWARD));

  for (guint i = 0; i < 7; i++)
    {
      GtkWidget *focus;

      g_assert_true (send_key (fixture, GDK_KEY_Return));
      focus = gtk_root_get_focus (GTK_ROOT (fixture->window));
      if (i < 6)
        {
          g_assert_nonnull (focus);
          g_assert_true (gtk_widget_is_ancestor (
              focus, gtk_stack_get_visible_child (GTK_STACK (named (fixture, "stack")))));
        }
    }
  g_assert_cmpstr (gp_assistant_page_get_step (fixture->page), ==, "result");
  /* On the recommendation Enter is the focused control's own. */
  g_assert_false (send_key (fixture, GDK_KEY_Return));
}

/* The first question is where the lab is: the setting Preferences hold, either way. A lab in
 * mainland China with its data in a domestic cloud has its data in China, and the answer is an
 * option it can reach, however cheap one it cannot reach is. */
static void
test_lab_in_mainland_china (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autofree char *path =
      g_test_build_filename (G_TEST_DIST, "fixtures", "reach-catalog.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GpRecommender) recommender = NULL;
  g_autoptr(GpRecommendation) answer = NULL;
  g_autoptr(GpChoice) first = NULL;
  g_autoptr(GError) error = NULL;
  const char *providers[] = { "near", "far", "walled", NULL };
  GpWorkload *workload;

  g_settings_set_string (fixture->settings, "lab-location", "mainland-china");
  g_assert_cmpuint (
      adw_combo_row_get_selected (ADW_COMBO_ROW (named (fixture, "lab_location_row"))), ==, 0);
  adw_combo_row_set_selected (ADW_COMBO_ROW (named (fixture, "lab_location_row")), 2);
  g_assert_cmpint (gp_settings_get_lab_location (fixture->app_settings), ==,
                   GP_LAB_LOCATION_ELSEWHERE);
  adw_combo_row_set_selected (ADW_COMBO_ROW (named (fixture, "lab_location_row")), 0);
  g_assert_cmpint (gp_settings_get_lab_location (fixture->app_settings), ==,
                   GP_LAB_LOCATION_MAINLAND_CHINA);

  /* Data in a domestic cloud: no bucket region to give, the data is in China. */
  adw_combo_row_set_selected (ADW_COMBO_ROW (named (fixture, "location_row")), 2);
  g_assert_false (gtk_widget_get_visible (named (fixture, "bucket_region_row")));
  recommender = gp_assistant_page_build_recommender (fixture->page);
  g_assert_cmpstr (gp_recommender_get_data_region (recommender), ==, "place:China");
  workload = gp_recommender_get_workload (recommender);
  g_assert_cmpint (gp_workload_get_lab_location (workload), ==, GP_LAB_LOCATION_MAINLAND_CHINA);

  gp_catalog_add_layer_from_file (fixture->catalog, file, GP_CATALOG_LAYER_EXTRA, &error);
  g_assert_no_error (error);
  gp_workload_set_preset (workload, NULL);
  gp_workload_set_gpu_hours (workload, 100);
  gp_workload_set_reference_gpu (workload, "reach-gpu");
  gp_workload_set_providers (workload, providers);
  gp_workload_set_budget (workload, 0);
  gp_workload_set_model_billions (workload, 0);
  answer = gp_recommender_recommend (recommender, fixture->catalog, NULL, &error);
  g_assert_no_error (error);
  first = g_list_model_get_item (gp_recommendation_get_choices (answer), 0);
  g_assert_nonnull (first);
  g_assert_cmpint (gp_estimate_get_reachability (gp_choice_get_estimate (first)), !=,
                   GP_REACHABILITY_UNREACHABLE);
  g_settings_reset (fixture->settings, "lab-location");
}

/* A first choice priced as a Capacity Block is started by buying the block: its Launch Code…
 * opens the block's code with the job's hours, and the summary's code buys the block (both
 * gave plain on-demand code). */
static void
test_capacity_block_launch (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autofree char *path =
      g_test_build_filename (G_TEST_DIST, "fixtures", "cheap-block-catalog.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(GpWorkload) job = gp_workload_new ();
  g_autoptr(GpChoice) first = NULL;
  g_autofree char *summary = NULL;
  GtkWidget *button;

  gp_catalog_add_layer_from_file (fixture->catalog, file, GP_CATALOG_LAYER_EXTRA, &error);
  g_assert_no_error (error);
  gp_assistant_page_set_catalog (fixture->page, fixture->catalog);
  gp_workload_set_gpu_hours (job, 300);
  gp_workload_set_reference_gpu (job, "h100-sxm5-80gb");
  gp_workload_set_gpus (job, 8);
  gp_workload_set_model_billions (job, 13);
  gp_workload_set_method (job, GP_TRAINING_METHOD_FULL);
  gp_workload_set_sharding (job, GP_SHARDING_ZERO3);
  gp_assistant_page_take_job (fixture->page, job);
  walk_to_result (fixture);
  first = g_list_model_get_item (
      gp_recommendation_get_choices (gp_assistant_page_get_recommendation (fixture->page)), 0);
  g_assert_nonnull (first);
  g_assert_cmpint (gp_estimate_get_pricing (gp_choice_get_estimate (first)), ==,
                   GP_ESTIMATE_PRICING_CAPACITY_BLOCK);

  button = named (fixture, "launch_button");
  g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (button)), ==,
                   "win.show-block-launch");
  {
    const char *instance, *region;
    double hours;

    g_variant_get (gtk_actionable_get_action_target_value (GTK_ACTIONABLE (button)), "(&s&sd)",
                   &instance, &region, &hours);
    g_assert_cmpstr (instance, ==, "aws-ec2/p5e.48xlarge");
    g_assert_cmpstr (region, ==, "us-east-1");
    g_assert_cmpfloat (hours, ==, gp_estimate_get_wall_hours (gp_choice_get_estimate (first)));
  }

  gtk_check_button_set_active (GTK_CHECK_BUTTON (named (fixture, "with_launch_check")), TRUE);
  summary = gp_assistant_page_dup_summary (fixture->page);
  gp_test_ui_assert_contains (summary, "aws ec2 purchase-capacity-block");
  gp_test_ui_assert_contains (summary, "CapacityReservationId=$RESERVATION");
}

int
main (int   argc,
      char *argv[])
{
  gp_test_ui_init (&argc, &argv);

#define ADD(path, func) g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/assistant-page/keyboard", test_keyboard);
  ADD ("/assistant-page/capacity-block-launch", test_capacity_block_launch);
  ADD ("/assistant-page/one-control-per-row", test_one_control_per_row);
  ADD ("/assistant-page/defaults", test_defaults);
  ADD ("/assistant-page/custom-answers-and-back", test_custom_answers_and_back);
  ADD ("/assistant-page/skip-keeps-usual-answer", test_skip_keeps_usual_answer);
  ADD ("/assistant-page/answers-remembered", test_answers_remembered);
  ADD ("/assistant-page/carbon-weight", test_carbon_weight);
  ADD ("/assistant-page/result-actions", test_result_actions);
  ADD ("/assistant-page/nothing-fits", test_nothing_fits);
  ADD ("/assistant-page/region-places", test_region_places);
  ADD ("/assistant-page/budget-in-yuan-and-more", test_budget_in_yuan_and_more);
  ADD ("/assistant-page/model-method-and-sharding", test_model_method_and_sharding);
  ADD ("/assistant-page/activations-and-checkpointing", test_activations_and_checkpointing);
  ADD ("/assistant-page/lab-in-mainland-china", test_lab_in_mainland_china);
#undef ADD

  return g_test_run ();
}
