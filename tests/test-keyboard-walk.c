/* test-keyboard-walk.c — Tab through the Estimate page and the presentation as a keyboard user
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "gp-assistant-page.h"
#include "gp-cost-model.h"
#include "gp-estimate-page.h"
#include "gp-plan-window.h"
#include "gp-presentation-window.h"
#include "gp-test-ui.h"
#include "gp-test-window.h"
#include "gp-window.h"

/* More stops than either walk has: a walk that has not come round by then is caught. */
#define MAX_STOPS 400

static char *
describe (GtkWidget *focus)
{
  GString *chain = g_string_new (NULL);

  for (GtkWidget *up = focus; up != NULL; up = gtk_widget_get_parent (up))
    {
      const char *title = ADW_IS_PREFERENCES_ROW (up)
                              ? adw_preferences_row_get_title (ADW_PREFERENCES_ROW (up))
                              : NULL;

      g_string_append_printf (chain, "%s%s%s%s%s", up == focus ? "" : " < ",
                              G_OBJECT_TYPE_NAME (up), title != NULL ? " “" : "",
                              title != NULL ? title : "", title != NULL ? "”" : "");
    }
  return g_string_free (chain, FALSE);
}

static gboolean
has_handler (gpointer    instance,
             const char *signal,
             GType       type)
{
  return g_signal_has_handler_pending (instance, g_signal_lookup (signal, type), 0, FALSE);
}

/* A stop that does nothing: a list row that activates nothing (no widget of its own to
 * activate, nobody told of its activation). Controls, and a row that opens or activates
 * something, are stops that do something. */
static gboolean
is_dead_stop (GtkWidget *focus)
{
  GtkWidget *list = gtk_widget_get_parent (focus);

  if (!GTK_IS_LIST_BOX_ROW (focus))
    return FALSE;
  if (!gtk_list_box_row_get_activatable (GTK_LIST_BOX_ROW (focus)))
    return TRUE;
  if (ADW_IS_COMBO_ROW (focus) ||
      (ADW_IS_ACTION_ROW (focus) &&
       (adw_action_row_get_activatable_widget (ADW_ACTION_ROW (focus)) != NULL ||
        has_handler (focus, "activated", ADW_TYPE_ACTION_ROW))))
    return FALSE;
  return !(GTK_IS_LIST_BOX (list) && has_handler (list, "row-activated", GTK_TYPE_LIST_BOX));
}

/* Whether @focus is seen whole in each scrolled pane it is in, as far as it fits one. */
static gboolean
is_in_view (GtkWidget  *focus,
            GtkWidget **pane)
{
  for (*pane = gtk_widget_get_ancestor (focus, GTK_TYPE_SCROLLED_WINDOW); *pane != NULL;
       *pane = gtk_widget_get_ancestor (gtk_widget_get_parent (*pane), GTK_TYPE_SCROLLED_WINDOW))
    {
      graphene_rect_t box;
      int height = gtk_widget_get_height (*pane);

      if (!gtk_widget_compute_bounds (focus, *pane, &box))
        return FALSE;
      if (box.size.height <= height &&
          (box.origin.y < -1 || box.origin.y + box.size.height > height + 1))
        return FALSE;
    }
  return TRUE;
}

/* Tab from @start's first stop round to it again: every stop is shown, does something and is
 * scrolled into view, and the walk comes round (no stop keeps the focus). Returns the stops,
 * 0 when nothing under @start takes the focus. */
static guint
walk (GtkWindow  *window,
      GtkWidget  *start,
      const char *what)
{
  GtkWidget *first, *previous;
  guint stops = 0;

  if (!gtk_widget_child_focus (start, GTK_DIR_TAB_FORWARD))
    return 0;
  first = previous = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_nonnull (first);
  while (stops < MAX_STOPS)
    {
      GtkWidget *focus, *pane = NULL;

      gp_test_ui_send_key (window, GDK_KEY_Tab, 0);
      gp_test_ui_wait_for_draw (GTK_WIDGET (window));
      focus = gtk_root_get_focus (GTK_ROOT (window));
      stops++;
      if (focus == first)
        return stops;
      if (focus == NULL || focus == previous)
        g_error ("%s: Tab stays on %s", what, previous ? describe (previous) : "nothing");
      if (!gtk_widget_is_drawable (focus))
        g_error ("%s: Tab stops on a hidden %s", what, describe (focus));
      if (is_dead_stop (focus))
        g_error ("%s: Tab stops on a row that does nothing: %s", what, describe (focus));
      if (!is_in_view (focus, &pane))
        g_error ("%s: Tab moves to %s, out of view in %s", what, describe (focus),
                 G_OBJECT_TYPE_NAME (pane));
      previous = focus;
    }
  g_error ("%s: Tab never came back to %s in %u stops", what, describe (first), MAX_STOPS);
}

/* The first platform's row opened: the options under it and its buttons. */
static void
open_first_platform (GtkWidget *page)
{
  GtkWidget *results = gp_test_ui_find_by_name (page, "results_list");
  GtkWidget *row = gp_test_ui_find_widget (results, ADW_TYPE_EXPANDER_ROW);

  g_assert_nonnull (row);
  adw_expander_row_set_expanded (ADW_EXPANDER_ROW (row), TRUE);
  gp_test_ui_wait_for_draw (page);
}

/* The Estimate page of a job, a platform opened, walked round with Tab alone in a small
 * window, where its panes scroll; then the presentation of it, whose keys turn the slides
 * whatever Tab did; then the plan of its options and the Assistant's answer. (Each option under an
 * opened platform, its Run It Here row and the text of its assumptions were stops that did nothing,
 * as were the Speed row with one choice and the currency's row; so were the plan's figures.) */
static void
test_keyboard_walk (void)
{
  GpWindow *window;
  GtkWidget *page;
  GtkWindow *presentation;
  GpEstimateList *estimates;
  GVariant *options[3];
  GtkWidget *assistant;
  guint slide;

  if (gp_test_ui_skip_without_window_manager ())
    return;

  gp_test_window_reset_settings ();
  {
    g_autoptr(GSettings) settings = g_settings_new (BASE_APP_ID);

    g_settings_set_int (settings, "window-width", 1000);
    g_settings_set_int (settings, "window-height", 560);
  }
  window = gp_test_window_new ();
  gp_test_window_wait_for_catalog (window);
  gp_window_set_page (window, "estimate");
  gp_test_window_estimate_a_job (window);
  page = GTK_WIDGET (gp_window_get_estimate_page (window));
  gp_test_ui_wait_for_draw (GTK_WIDGET (window));
  open_first_platform (page);
  g_assert_cmpuint (walk (GTK_WINDOW (window), page, "Estimate page"), >, 20);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.present", NULL));
  presentation = gp_test_ui_find_toplevel (GP_TYPE_PRESENTATION_WINDOW);
  g_assert_nonnull (presentation);
  gp_test_window_wait_for_fullscreen (presentation, TRUE);
  gp_test_ui_wait_for_draw (GTK_WIDGET (presentation));
  /* Its controls are for the mouse and take no focus, so that Space always turns the slide:
   * Tab stops nowhere and the keys still turn the slides. */
  g_assert_cmpuint (walk (presentation, GTK_WIDGET (presentation), "Presentation"), ==, 0);
  gp_test_ui_send_key (presentation, GDK_KEY_Tab, 0);
  slide = gp_presentation_window_get_slide (GP_PRESENTATION_WINDOW (presentation));
  g_assert_true (gp_test_ui_activate_trigger (GTK_WIDGET (presentation), "Right"));
  g_assert_cmpuint (gp_presentation_window_get_slide (GP_PRESENTATION_WINDOW (presentation)), ==,
                    slide + 1);
  gtk_window_destroy (presentation);

  /* The plan of three of its options. */
  estimates = gp_estimate_page_get_estimates (GP_ESTIMATE_PAGE (page));
  for (guint i = 0; i < G_N_ELEMENTS (options); i++)
    {
      g_autoptr(GpEstimate) estimate = g_list_model_get_item (G_LIST_MODEL (estimates), i);

      options[i] = g_variant_ref_sink (
          g_variant_new ("(sss)", gp_instance_get_id (gp_estimate_get_instance (estimate)),
                         gp_offer_get_region_id (gp_estimate_get_offer (estimate)),
                         gp_estimate_pricing_to_string (gp_estimate_get_pricing (estimate))));
    }
  for (guint i = 0; i < G_N_ELEMENTS (options); i++)
    {
      gtk_widget_activate_action_variant (GTK_WIDGET (window), "win.add-to-plan", options[i]);
      g_variant_unref (options[i]);
    }
  for (guint i = 0; i < 10; i++)
    gp_test_ui_wait_for_draw (GTK_WIDGET (gp_window_get_plan_window (window)));
  g_assert_cmpuint (walk (GTK_WINDOW (gp_window_get_plan_window (window)),
                          GTK_WIDGET (gp_window_get_plan_window (window)), "Plan"),
                    >, 10);
  gtk_widget_set_visible (GTK_WIDGET (gp_window_get_plan_window (window)), FALSE);

  /* The Assistant's answer, its first choice open: its reasons and options are read, not
   * stops (each was a stop that did nothing). */
  gp_window_set_page (window, "assistant");
  assistant = GTK_WIDGET (gp_window_get_assistant_page (window));
  while (g_strcmp0 (gp_assistant_page_get_step (GP_ASSISTANT_PAGE (assistant)), "result") != 0)
    g_assert_true (gtk_widget_activate_action (assistant, "assistant.next", NULL));
  gp_test_ui_wait_for_draw (GTK_WIDGET (window));
  g_assert_cmpuint (walk (GTK_WINDOW (window), assistant, "Assistant's answer"), >, 5);

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = gp_test_window_init (&argc, &argv);

  g_test_add_func ("/keyboard-walk/estimate-and-present", test_keyboard_walk);

  return gp_test_window_run (home);
}
