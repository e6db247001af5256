/* test-window.c — the main window: its pages, keys, dialogs, saved state and menus
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

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
#include "gp-memory-key-store.h"
#include "gp-preferences-window.h"
#include "gp-presentation-window.h"
#include "gp-test-slides.h"
#include "gp-test-ui.h"
#include "gp-test-window.h"
#include "gp-ui-widgets.h"
#include "gp-ui-toasts.h"
#include "gp-window.h"
static const char *const pages[] = { "compare", "instances", "estimate", "assistant" };

static GType
page_type (guint index)
{
  GType types[] = { GP_TYPE_COMPARE_PAGE, GP_TYPE_INSTANCES_PAGE, GP_TYPE_ESTIMATE_PAGE,
                    GP_TYPE_ASSISTANT_PAGE };

  return types[index];
}

static void
test_window_new_destroy (void)
{
  GpWindow *window;

  gp_test_window_reset_settings ();
  window = gp_test_window_new ();
  g_assert_true (GP_IS_WINDOW (window));
  g_assert_cmpstr (gp_window_get_page (window), ==, "compare");
  g_assert_false (g_cancellable_is_cancelled (gp_window_get_cancellable (window)));

  g_object_ref (window);
  gtk_window_destroy (GTK_WINDOW (window));
  gp_test_ui_iterate ();
  g_assert_finalize_object (window);
}

static void
test_window_pages (void)
{
  GpWindow *window;
  AdwViewStack *stack;

  gp_test_window_reset_settings ();
  window = gp_test_window_new ();
  stack = ADW_VIEW_STACK (gp_test_ui_find_widget (GTK_WIDGET (window), ADW_TYPE_VIEW_STACK));
  g_assert_nonnull (stack);

  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      GtkWidget *child = adw_view_stack_get_child_by_name (stack, pages[i]);
      AdwViewStackPage *page;

      g_assert_nonnull (child);
      page = adw_view_stack_get_page (stack, child);
      g_assert_nonnull (adw_view_stack_page_get_title (page));
      g_assert_cmpstr (adw_view_stack_page_get_title (page), !=, "");
    }

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_window_page_actions (void)
{
  GpWindow *window;

  gp_test_window_reset_settings ();
  window = gp_test_window_new ();

  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-page", "s",
                                                 pages[i]));
      g_assert_cmpstr (gp_window_get_page (window), ==, pages[i]);
    }

  /* An unknown page leaves the window where it was. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-page", "s", "nowhere");
  g_assert_cmpstr (gp_window_get_page (window), ==, "assistant");

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_window_page_shortcuts (void)
{
  GpWindow *window;

  gp_test_window_reset_settings ();
  window = gp_test_window_new ();

  /* Backwards, so every step is a real change. */
  for (int i = G_N_ELEMENTS (pages) - 1; i >= 0; i--)
    {
      g_autofree char *accel = g_strdup_printf ("<Alt>%d", i + 1);

      GtkWidget *focus;

      g_assert_true (gp_test_ui_activate_trigger (GTK_WIDGET (window), accel));
      g_assert_cmpstr (gp_window_get_page (window), ==, pages[i]);

      /* The page shown takes the focus, at a control of its own; Instances at its search. */
      gp_test_ui_wait_for_draw (GTK_WIDGET (window));
      focus = gtk_root_get_focus (GTK_ROOT (window));
      g_assert_nonnull (focus);
      g_assert_true (gtk_widget_is_ancestor (
          focus, gp_test_ui_find_widget (GTK_WIDGET (window), page_type (i))));
      if (g_str_equal (pages[i], "instances"))
        g_assert_nonnull (gtk_widget_get_ancestor (focus, GTK_TYPE_SEARCH_ENTRY));
    }

  gtk_window_destroy (GTK_WINDOW (window));
}

/* What a focused widget is called: its button's label, its row's title, its entry's text. */
static char *
focus_name (GtkWidget *focus)
{
  GtkWidget *row = gtk_widget_get_ancestor (focus, ADW_TYPE_PREFERENCES_ROW);
  GtkWidget *button =
      GTK_IS_BUTTON (focus) ? focus : gtk_widget_get_ancestor (focus, GTK_TYPE_BUTTON);

  GtkWidget *menu = gtk_widget_get_ancestor (focus, GTK_TYPE_MENU_BUTTON);

  if (menu != NULL && gtk_menu_button_get_label (GTK_MENU_BUTTON (menu)) != NULL)
    return g_strdup (gtk_menu_button_get_label (GTK_MENU_BUTTON (menu)));
  if (button != NULL && gtk_button_get_label (GTK_BUTTON (button)) != NULL)
    return g_strdup (gtk_button_get_label (GTK_BUTTON (button)));
  if (button != NULL && GTK_IS_LABEL (gtk_button_get_child (GTK_BUTTON (button))))
    return g_strdup (gtk_label_get_label (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button)))));
  if (row != NULL)
    return g_strdup (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)));
  return g_strdup (G_OBJECT_TYPE_NAME (focus));
}

/* Each page walked with Tab alone from where a page switch puts the focus until its main
 * controls are reached, in their order on screen: every stop on the way is a control that can
 * be used (shown, sensitive), within the page or the header bar. */
static void
test_window_keyboard_walk (void)
{
  static const struct
  {
    const char *page;
    const char *reached[4];
  } walks[] = {
    { "compare", { "_Platforms", "_Add…", "_Export CSV…", "Copy as _Markdown" } },
    { "instances", { "GtkText", "GtkListItemWidget", "Providers", NULL } },
    { "estimate", { "GPU-hours", "Cost", "_Export…", "GpChartView" } },
    { "assistant", { "_Next", NULL } },
  };
  GpWindow *window;

  if (gp_test_ui_skip_without_window_manager ())
    return;

  gp_test_window_reset_settings ();
  window = gp_test_window_new ();
  gp_test_window_wait_for_catalog (window);

  for (guint w = 0; w < G_N_ELEMENTS (walks); w++)
    {
      g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
      GtkWidget *page;
      guint next = 0;

      gp_window_set_page (window, walks[w].page);
      gp_test_ui_wait_for_draw (GTK_WIDGET (window));
      page = gp_test_ui_find_widget (GTK_WIDGET (window), page_type (w));
      /* The estimate's results, whose controls the walk reaches, come a moment after. */
      if (GP_IS_ESTIMATE_PAGE (page))
        gp_test_ui_wait_until (gp_test_window_has_estimates, page, "the estimate");

      for (guint step = 0; step < 80; step++)
        {
          GtkWidget *focus;

          gp_test_ui_send_key (GTK_WINDOW (window), GDK_KEY_Tab, 0);
          /* A list scrolls to the row that takes the focus. */
          gp_test_ui_wait_for_draw (GTK_WIDGET (window));
          focus = gtk_root_get_focus (GTK_ROOT (window));
          g_assert_nonnull (focus);
          if (!gtk_widget_is_drawable (focus) || !gtk_widget_is_sensitive (focus))
            {
              g_autofree char *name = focus_name (focus);

              g_autoptr(GString) chain = g_string_new (NULL);

              for (GtkWidget *up = focus; up != NULL; up = gtk_widget_get_parent (up))
                g_string_append_printf (chain, " < %s%s", G_OBJECT_TYPE_NAME (up),
                                        gtk_widget_get_child_visible (up) ? "" : " (not shown)");
              g_error ("%s: Tab stopped on “%s”, hidden or greyed out: %s", walks[w].page, name,
                       chain->str);
            }
          /* The page, the page switcher, or a toast (the window's catalog problem). */
          if (!gtk_widget_is_ancestor (focus, page) &&
              gtk_widget_get_ancestor (focus, ADW_TYPE_HEADER_BAR) == NULL &&
              gtk_widget_get_ancestor (focus, ADW_TYPE_VIEW_SWITCHER_BAR) == NULL &&
              !g_str_equal (G_OBJECT_TYPE_NAME (gtk_widget_get_parent (focus)), "AdwToastWidget"))
            {
              g_autoptr(GString) chain = g_string_new (NULL);

              for (GtkWidget *up = focus; up != NULL; up = gtk_widget_get_parent (up))
                g_string_append_printf (chain, " < %s", G_OBJECT_TYPE_NAME (up));
              g_error ("%s: Tab went out of the page, to %s", walks[w].page, chain->str);
            }
          g_ptr_array_add (names, focus_name (focus));
          if (g_str_equal (g_ptr_array_index (names, names->len - 1), walks[w].reached[next]))
            next++;
          /* Every control it checks seen, in order: the rest of the page is walked alike. */
          if (next == G_N_ELEMENTS (walks[w].reached) || walks[w].reached[next] == NULL)
            break;
        }

      if (next < G_N_ELEMENTS (walks[w].reached) && walks[w].reached[next] != NULL)
        {
          g_autofree char *walked = NULL;

          g_ptr_array_add (names, NULL);
          walked = g_strjoinv (" → ", (char **) names->pdata);
          g_error ("%s: Tab never reached “%s”: %s", walks[w].page, walks[w].reached[next], walked);
        }
    }

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Ctrl+E from any page goes to the Estimate page and asks how to export its chart. */
static void
test_window_export_shortcut (void)
{
  GpWindow *window;
  GtkWindow *dialog;

  gp_test_window_reset_settings ();
  window = gp_test_window_new ();
  g_assert_cmpstr (gp_window_get_page (window), ==, "compare");

  g_assert_true (gp_test_ui_activate_trigger (GTK_WIDGET (window), "<Control>e"));
  gp_test_ui_iterate ();
  g_assert_cmpstr (gp_window_get_page (window), ==, "estimate");
  dialog = gp_test_ui_find_toplevel (GP_TYPE_EXPORT_DIALOG);
  g_assert_nonnull (dialog);
  g_assert_true (gtk_window_get_transient_for (dialog) == GTK_WINDOW (window));
  gtk_window_close (dialog);
  gp_test_ui_iterate ();
  g_assert_null (gp_test_ui_find_toplevel (GP_TYPE_EXPORT_DIALOG));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The Assistant's result opens the Estimate page with the same job, and the Compare page. */
static void
test_window_assistant_opens_pages (void)
{
  GpWindow *window;
  GtkWidget *assistant, *estimate;

  gp_test_window_reset_settings ();
  window = gp_test_window_new ();
  gp_window_set_page (window, "assistant");
  gp_test_window_wait_for_catalog (window);

  assistant = GTK_WIDGET (gp_window_get_assistant_page (window));
  g_assert_true (gp_test_ui_find_widget (GTK_WIDGET (window), GP_TYPE_ASSISTANT_PAGE) == assistant);
  gtk_spin_button_set_value (
      GTK_SPIN_BUTTON (gp_test_ui_find_by_name (assistant, "gpu_hours_spin")), 42);
  for (guint i = 0; i < 7; i++)
    g_assert_true (gtk_widget_activate_action (assistant, "assistant.next", NULL));

  g_assert_true (gtk_widget_activate_action (assistant, "assistant.open-estimate", NULL));
  g_assert_cmpstr (gp_window_get_page (window), ==, "estimate");
  estimate = gp_test_ui_find_widget (GTK_WIDGET (window), GP_TYPE_ESTIMATE_PAGE);
  g_assert_true (estimate == GTK_WIDGET (gp_window_get_estimate_page (window)));
  g_assert_cmpfloat (
      gp_workload_get_gpu_hours (gp_estimate_page_get_workload (GP_ESTIMATE_PAGE (estimate))), ==,
      42);

  g_assert_true (gtk_widget_activate_action (assistant, "assistant.open-compare", NULL));
  g_assert_cmpstr (gp_window_get_page (window), ==, "compare");

  gtk_window_destroy (GTK_WINDOW (window));
}

static double
spin_value (GtkWidget  *page,
            const char *name)
{
  return gtk_spin_button_get_value (GTK_SPIN_BUTTON (gp_test_ui_find_by_name (page, name)));
}

static void
set_spin_value (GtkWidget  *page,
                const char *name,
                double      value)
{
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (gp_test_ui_find_by_name (page, name)), value);
}

/* The Assistant starts from the job typed on the Estimate page (it asked again from its own
 * defaults): its job's answers take the Estimate's, except those the user gave in the
 * Assistant, which are kept until their step is skipped. */
static void
test_window_assistant_takes_estimate_job (void)
{
  GpWindow *window;
  GtkWidget *estimate, *assistant;

  gp_test_window_reset_settings ();
  window = gp_test_window_new ();
  gp_test_window_wait_for_catalog (window);
  gp_window_set_page (window, "estimate");
  estimate = GTK_WIDGET (gp_window_get_estimate_page (window));
  set_spin_value (estimate, "gpu_hours_spin", 120);
  set_spin_value (estimate, "model_spin", 7);
  adw_combo_row_set_selected (ADW_COMBO_ROW (gp_test_ui_find_by_name (estimate, "method_row")),
                              GP_TRAINING_METHOD_LORA);

  gp_window_set_page (window, "assistant");
  assistant = GTK_WIDGET (gp_window_get_assistant_page (window));
  g_assert_cmpfloat (spin_value (assistant, "gpu_hours_spin"), ==, 120);
  g_assert_cmpfloat (spin_value (assistant, "model_spin"), ==, 7);
  g_assert_cmpuint (adw_combo_row_get_selected (
                        ADW_COMBO_ROW (gp_test_ui_find_by_name (assistant, "method_row"))),
                    ==, GP_TRAINING_METHOD_LORA);

  /* The model's size given in the Assistant is the user's: a later Estimate job keeps it. */
  set_spin_value (assistant, "model_spin", 13);
  gp_window_set_page (window, "estimate");
  set_spin_value (estimate, "gpu_hours_spin", 500);
  set_spin_value (estimate, "model_spin", 70);
  gp_window_set_page (window, "assistant");
  g_assert_cmpfloat (spin_value (assistant, "gpu_hours_spin"), ==, 500);
  g_assert_cmpfloat (spin_value (assistant, "model_spin"), ==, 13);

  /* Skip gives the step's answers back to the Estimate page's job. */
  g_assert_true (gtk_widget_activate_action (assistant, "assistant.next", NULL));
  g_assert_cmpstr (gp_assistant_page_get_step (GP_ASSISTANT_PAGE (assistant)), ==, "compute");
  g_assert_true (gtk_widget_activate_action (assistant, "assistant.skip", NULL));
  gp_window_set_page (window, "estimate");
  gp_window_set_page (window, "assistant");
  g_assert_cmpfloat (spin_value (assistant, "model_spin"), ==, 70);
  g_assert_cmpfloat (spin_value (assistant, "gpu_hours_spin"), ==, 500);

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_window_fullscreen (void)
{
  GpWindow *window;
  g_auto(GStrv) accels = NULL;

  accels = gtk_application_get_accels_for_action (GTK_APPLICATION (gp_test_ui_application ()),
                                                  "win.toggle-fullscreen");
  g_assert_cmpstr (accels[0], ==, "F11");
  if (gp_test_ui_skip_without_window_manager ())
    return;

  gp_test_window_reset_settings ();
  window = gp_test_window_new ();

  /* The window manager answers in its own time: wait for the state, not for a frame. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.toggle-fullscreen", NULL);
  gp_test_window_wait_for_fullscreen (GTK_WINDOW (window), TRUE);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.toggle-fullscreen", NULL);
  gp_test_window_wait_for_fullscreen (GTK_WINDOW (window), FALSE);

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_window_app_accels (void)
{
  GtkApplication *app = GTK_APPLICATION (gp_test_ui_application ());
  g_auto(GStrv) quit = gtk_application_get_accels_for_action (app, "app.quit");
  g_auto(GStrv) prefs = gtk_application_get_accels_for_action (app, "app.preferences");
  g_auto(GStrv) help = gtk_application_get_accels_for_action (app, "win.show-help-overlay");

  g_assert_cmpstr (quit[0], ==, "<Control>q");
  g_assert_cmpstr (prefs[0], ==, "<Control>comma");
  g_assert_cmpuint (g_strv_length (help), >=, 1);
}

static GtkWidget *
find_shortcut (GtkWidget  *root,
               const char *action)
{
  g_autofree char *name = NULL;

  if (GTK_IS_SHORTCUTS_SHORTCUT (root))
    {
      g_object_get (root, "action-name", &name, NULL);
      if (g_strcmp0 (name, action) == 0)
        return root;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_shortcut (child, action);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
has_accelerator (GtkWidget  *root,
                 const char *accelerator)
{
  g_autofree char *keys = NULL;

  if (GTK_IS_SHORTCUTS_SHORTCUT (root))
    {
      g_object_get (root, "accelerator", &keys, NULL);
      if (g_strcmp0 (keys, accelerator) == 0)
        return TRUE;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (has_accelerator (child, accelerator))
      return TRUE;
  return FALSE;
}

/* The shortcuts named by action show the keys the application gives them. */
static void
assert_shortcuts_show_keys (GpWindow *window)
{
  static const char *const actions[] = { "app.quit", "app.preferences", "win.refresh", NULL };
  static const char *const page_keys[] = { "Delete", "Return", "Escape", "<Control>e" };
  GtkWindow *shortcuts;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL));
  gp_test_ui_iterate ();
  shortcuts = gp_test_ui_find_toplevel (GTK_TYPE_SHORTCUTS_WINDOW);
  g_assert_nonnull (shortcuts);
  gp_test_ui_wait_for_draw (GTK_WIDGET (shortcuts));
  for (guint i = 0; actions[i] != NULL; i++)
    {
      GtkWidget *shortcut = find_shortcut (GTK_WIDGET (shortcuts), actions[i]);
      g_autofree char *accelerator = NULL;
      g_auto(GStrv) expected = gtk_application_get_accels_for_action (
        GTK_APPLICATION (gp_test_ui_application ()), actions[i]);

      g_assert_nonnull (shortcut);
      g_object_get (shortcut, "accelerator", &accelerator, NULL);
      g_assert_cmpstr (accelerator, ==, expected[0]);
    }
  /* The keys the pages give themselves are there too: Delete on Compare, Enter on Instances. */
  for (guint i = 0; i < G_N_ELEMENTS (page_keys); i++)
    g_assert_true (has_accelerator (GTK_WIDGET (shortcuts), page_keys[i]));
  gtk_window_close (shortcuts);
  gp_test_ui_iterate ();
}

static void
test_window_dialogs (void)
{
  GpWindow *window;

  gp_test_window_reset_settings ();
  window = gp_test_window_new ();

  gp_test_window_assert_dialog_opens_and_closes (window, "win.show-help-overlay",
                                                 GTK_TYPE_SHORTCUTS_WINDOW);
  assert_shortcuts_show_keys (window);
  gp_test_window_assert_dialog_opens_and_closes (window, "app.preferences",
                                                 GP_TYPE_PREFERENCES_WINDOW);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The About window and the window list show the app's icon in a build run where it is, not
 * installed: the icon lies among the app's resources, in the id of either build (seen as a
 * missing-image sign in a screenshot of the About window). */
static void
test_window_app_icon (void)
{
  GpWindow *window = gp_test_window_new ();
  GtkIconTheme *theme =
      gtk_icon_theme_get_for_display (gtk_widget_get_display (GTK_WIDGET (window)));

  g_assert_true (gtk_icon_theme_has_icon (theme, APP_ID));
  g_assert_true (gtk_icon_theme_has_icon (theme, BASE_APP_ID));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_window_preferences_style (void)
{
  g_autoptr(GSettings) settings = g_settings_new (BASE_APP_ID);
  AdwStyleManager *style = adw_style_manager_get_default ();
  GpWindow *window;
  GtkWindow *preferences;
  AdwComboRow *row;
  g_autofree char *scheme = NULL;

  gp_test_window_reset_settings ();
  window = gp_test_window_new ();
  gtk_widget_activate_action (GTK_WIDGET (window), "app.preferences", NULL);
  gp_test_ui_iterate ();
  preferences = gp_test_ui_find_toplevel (GP_TYPE_PREFERENCES_WINDOW);
  g_assert_nonnull (preferences);

  row = ADW_COMBO_ROW (gp_test_ui_find_widget (GTK_WIDGET (preferences), ADW_TYPE_COMBO_ROW));
  g_assert_nonnull (row);
  g_assert_cmpuint (adw_combo_row_get_selected (row), ==, 0);

  adw_combo_row_set_selected (row, 2);
  scheme = g_settings_get_string (settings, "color-scheme");
  g_assert_cmpstr (scheme, ==, "dark");
  g_assert_cmpint (adw_style_manager_get_color_scheme (style), ==, ADW_COLOR_SCHEME_FORCE_DARK);
  gp_test_ui_wait_for_draw (GTK_WIDGET (window));
  g_assert_true (adw_style_manager_get_dark (style));

  g_settings_set_string (settings, "color-scheme", "light");
  g_assert_cmpuint (adw_combo_row_get_selected (row), ==, 1);
  g_assert_cmpint (adw_style_manager_get_color_scheme (style), ==, ADW_COLOR_SCHEME_FORCE_LIGHT);

  g_settings_reset (settings, "color-scheme");
  g_assert_cmpint (adw_style_manager_get_color_scheme (style), ==, ADW_COLOR_SCHEME_DEFAULT);

  gtk_window_destroy (preferences);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Where the lab is: a row of Preferences, kept in the settings, and what the Estimate page's
 * job assumes at once. */
static void
test_window_preferences_lab_location (void)
{
  g_autoptr(GSettings) settings = g_settings_new (BASE_APP_ID);
  GpWindow *window;
  GtkWindow *preferences;
  GtkWidget *row;
  g_autofree char *location = NULL;
  GpWorkload *workload;

  gp_test_window_reset_settings ();
  window = gp_test_window_new ();
  workload = gp_estimate_page_get_workload (gp_window_get_estimate_page (window));
  g_assert_cmpint (gp_workload_get_lab_location (workload), ==, GP_LAB_LOCATION_ELSEWHERE);
  gtk_widget_activate_action (GTK_WIDGET (window), "app.preferences", NULL);
  gp_test_ui_iterate ();
  preferences = gp_test_ui_find_toplevel (GP_TYPE_PREFERENCES_WINDOW);
  g_assert_nonnull (preferences);

  row = gp_test_ui_find_by_name (GTK_WIDGET (preferences), "lab-location-row");
  g_assert_nonnull (row);
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (row)), ==, 2);

  adw_combo_row_set_selected (ADW_COMBO_ROW (row), 0);
  location = g_settings_get_string (settings, "lab-location");
  g_assert_cmpstr (location, ==, "mainland-china");
  g_assert_cmpint (gp_workload_get_lab_location (workload), ==, GP_LAB_LOCATION_MAINLAND_CHINA);

  g_settings_set_string (settings, "lab-location", "hong-kong");
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (row)), ==, 1);
  g_assert_cmpint (gp_workload_get_lab_location (workload), ==, GP_LAB_LOCATION_HONG_KONG);

  /* The cross-border speed, 0 for the measured default, reaches the estimates too. */
  g_assert_true (isnan (gp_workload_get_cross_border_mbps (workload)));
  gtk_spin_button_set_value (
      GTK_SPIN_BUTTON (gp_test_ui_find_by_name (GTK_WIDGET (preferences), "cross_border_spin")),
      12);
  g_assert_cmpfloat (g_settings_get_double (settings, "cross-border-mbps"), ==, 12);
  g_assert_cmpfloat (gp_workload_get_cross_border_mbps (workload), ==, 12);

  g_settings_reset (settings, "cross-border-mbps");
  g_assert_true (isnan (gp_workload_get_cross_border_mbps (workload)));

  /* The GPUs' usage factor, 1 unless Preferences say otherwise, reaches the estimates; it is
   * a setting, not part of the job kept between runs. */
  g_assert_cmpfloat (gp_workload_get_usage_factor (workload), ==, 1);
  gtk_spin_button_set_value (
      GTK_SPIN_BUTTON (gp_test_ui_find_by_name (GTK_WIDGET (preferences), "usage_factor_spin")),
      0.5);
  g_assert_cmpfloat (g_settings_get_double (settings, "usage-factor"), ==, 0.5);
  g_assert_cmpfloat (gp_workload_get_usage_factor (workload), ==, 0.5);
  {
    g_autoptr(GVariant) kept = g_variant_ref_sink (gp_workload_to_variant (workload));

    g_assert_false (g_variant_lookup (kept, "usage-factor", "d", NULL));
  }
  g_settings_reset (settings, "usage-factor");
  g_assert_cmpfloat (gp_workload_get_usage_factor (workload), ==, 1);
  g_settings_reset (settings, "lab-location");
  gtk_window_destroy (preferences);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* What a user can read under @root: the labels of shown widgets, a line each. */
static void
collect_shown_text (GtkWidget *widget,
                    GString   *text)
{
  if (!gtk_widget_get_visible (widget))
    return;
  if (GTK_IS_LABEL (widget))
    g_string_append_printf (text, "%s\n", gtk_label_get_text (GTK_LABEL (widget)));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_shown_text (child, text);
}

static gboolean
shows_text (GtkWidget  *root,
            const char *needle)
{
  g_autoptr(GString) text = g_string_new (NULL);

  collect_shown_text (root, text);
  return strstr (text->str, needle) != NULL;
}

/* The rows about mainland China (Only What We Can Use's "From mainland China: …", Compare's
 * "From mainland China", the Preferences' invoices and Cross-Border Speed, the estimates'
 * "From your lab in mainland China: …") are shown to a lab in mainland China or Hong Kong
 * only (they showed to a lab anywhere); Compare's export too. */
static void
test_window_mainland_rows (void)
{
  g_autoptr(GSettings) settings = g_settings_new (BASE_APP_ID);
  static const char *const locations[] = { "elsewhere", "mainland-china", "hong-kong" };
  GpWindow *window;
  GtkWindow *preferences;
  GtkWidget *estimate, *compare, *instances;

  gp_test_window_reset_settings ();
  window = gp_test_window_new ();
  gp_test_window_wait_for_catalog (window);
  gp_window_set_page (window, "estimate");
  gp_test_window_estimate_a_job (window);
  gp_window_set_page (window, "instances");
  gp_test_ui_wait_for_draw (GTK_WIDGET (window));
  gp_window_set_page (window, "compare");
  gp_test_ui_wait_for_draw (GTK_WIDGET (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "app.preferences", NULL);
  gp_test_ui_iterate ();
  preferences = gp_test_ui_find_toplevel (GP_TYPE_PREFERENCES_WINDOW);
  estimate = GTK_WIDGET (gp_window_get_estimate_page (window));
  compare = gp_test_ui_find_widget (GTK_WIDGET (window), GP_TYPE_COMPARE_PAGE);
  instances = gp_test_ui_find_widget (GTK_WIDGET (window), GP_TYPE_INSTANCES_PAGE);

  for (guint i = 0; i < G_N_ELEMENTS (locations); i++)
    {
      gboolean border = i > 0;

      g_settings_set_string (settings, "lab-location", locations[i]);
      gp_test_ui_wait_for_draw (GTK_WIDGET (window));
      gp_test_ui_wait_until (gp_test_window_has_estimates, estimate, "the estimate");
      g_assert_cmpint (shows_text (estimate, "From mainland China"), ==, border);
      g_assert_cmpint (shows_text (instances, "From mainland China"), ==, border);
      g_assert_cmpint (shows_text (compare, "From mainland China"), ==, border);
      /* Its export is what it shows. */
      {
        g_autofree char *dir = g_dir_make_tmp ("gp-mainland-XXXXXX", NULL);
        g_autofree char *path = g_build_filename (dir, "compare.csv", NULL);
        g_autoptr(GFile) file = g_file_new_for_path (path);
        g_autofree char *csv = NULL;

        g_assert_true (gp_compare_page_write_csv (GP_COMPARE_PAGE (compare), file, NULL));
        g_assert_true (g_file_get_contents (path, &csv, NULL, NULL));
        g_assert_cmpint (strstr (csv, "From mainland China") != NULL, ==, border);
        g_remove (path);
        g_rmdir (dir);
      }
      g_assert_cmpint (shows_text (GTK_WIDGET (preferences), "Cross-Border Speed"), ==, border);
      g_assert_cmpint (shows_text (GTK_WIDGET (preferences), "Chinese Invoices"), ==, border);
      /* What an estimate assumes of the border is said to a lab behind it. */
      if (!border)
        g_assert_false (shows_text (estimate, "From your lab in mainland China"));
    }

  g_settings_reset (settings, "lab-location");
  gtk_window_destroy (preferences);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_window_state_round_trip (void)
{
  g_autoptr(GSettings) settings = g_settings_new (BASE_APP_ID);
  GpWindow *window;
  int width, height;
  g_autofree char *page = NULL;

  gp_test_window_reset_settings ();
  g_settings_set_int (settings, "window-width", 900);
  g_settings_set_int (settings, "window-height", 650);
  g_settings_set_string (settings, "last-page", "estimate");

  window = gp_test_window_new ();
  gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
  g_assert_cmpint (width, ==, 900);
  g_assert_cmpint (height, ==, 650);
  g_assert_cmpstr (gp_window_get_page (window), ==, "estimate");
  g_assert_false (gtk_window_is_maximized (GTK_WINDOW (window)));

  gp_window_set_page (window, "instances");
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 700);
  gp_test_ui_wait_for_draw (GTK_WIDGET (window));
  gtk_window_close (GTK_WINDOW (window));
  gp_test_ui_iterate ();

  g_assert_cmpint (g_settings_get_int (settings, "window-width"), ==, 1000);
  g_assert_cmpint (g_settings_get_int (settings, "window-height"), ==, 700);
  g_assert_false (g_settings_get_boolean (settings, "window-maximized"));
  page = g_settings_get_string (settings, "last-page");
  g_assert_cmpstr (page, ==, "instances");

  /* Maximized is restored too, and the page of the last session is shown. */
  if (gp_test_ui_skip_without_window_manager ())
    return;
  g_settings_set_boolean (settings, "window-maximized", TRUE);
  window = gp_test_window_new ();
  g_assert_cmpstr (gp_window_get_page (window), ==, "instances");
  g_assert_true (gtk_window_is_maximized (GTK_WINDOW (window)));
  gtk_window_close (GTK_WINDOW (window));
  gp_test_ui_iterate ();
  g_assert_true (g_settings_get_boolean (settings, "window-maximized"));
}

static void
test_window_stale_page_setting (void)
{
  g_autoptr(GSettings) settings = g_settings_new (BASE_APP_ID);
  GpWindow *window;

  gp_test_window_reset_settings ();
  g_settings_set_string (settings, "last-page", "assistant");
  window = gp_test_window_new ();
  g_assert_cmpstr (gp_window_get_page (window), ==, "assistant");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* On a desktop screen the switcher is in the header bar, and the bottom one is never built. */
static void
test_window_switcher_in_header (void)
{
  GpWindow *window;
  AdwSqueezer *squeezer;

  gp_test_window_reset_settings ();
  window = gp_test_window_new ();
  gp_test_ui_wait_for_draw (GTK_WIDGET (window));
  gp_test_ui_wait_for_draw (GTK_WIDGET (window));

  squeezer = ADW_SQUEEZER (gp_test_ui_find_widget (GTK_WIDGET (window), ADW_TYPE_SQUEEZER));
  g_assert_nonnull (squeezer);
  g_assert_true (ADW_IS_VIEW_SWITCHER (adw_squeezer_get_visible_child (squeezer)));
  g_assert_null (gp_test_ui_find_widget (GTK_WIDGET (window), ADW_TYPE_VIEW_SWITCHER_BAR));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_window_narrow (void)
{
  GpWindow *window;
  AdwViewSwitcherBar *bar;

  gp_test_window_reset_settings ();
  {
    g_autoptr(GSettings) settings = g_settings_new (BASE_APP_ID);

    g_settings_set_int (settings, "window-width", 360);
  }
  window = gp_test_window_new ();
  gp_test_ui_wait_for_draw (GTK_WIDGET (window));
  gp_test_ui_wait_for_draw (GTK_WIDGET (window));

  /* The window fits a 360 px screen, its title clear of the menu button. */
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 360);
  {
    GtkWidget *menu = gp_test_ui_find_by_name (GTK_WIDGET (window), "primary_menu_button");
    GtkWidget *title = gp_test_ui_find_widget (GTK_WIDGET (window), ADW_TYPE_WINDOW_TITLE);
    graphene_rect_t menu_box, title_box;

    g_assert_true (gtk_widget_compute_bounds (menu, GTK_WIDGET (window), &menu_box));
    g_assert_true (gtk_widget_compute_bounds (title, GTK_WIDGET (window), &title_box));
    g_assert_cmpfloat (title_box.origin.x + title_box.size.width, <=, menu_box.origin.x);
  }
  bar = ADW_VIEW_SWITCHER_BAR (gp_test_ui_find_widget (GTK_WIDGET (window),
                                                       ADW_TYPE_VIEW_SWITCHER_BAR));
  g_assert_nonnull (bar);
  /* At phone width the switcher moves from the header bar to the bottom bar. */
  g_assert_true (adw_view_switcher_bar_get_reveal (bar));

  /* A toast's line is shorter there, its Details button beside it within the window. */
  {
    g_autoptr(AdwToast) wide = g_object_ref_sink (gp_ui_toast_new (
        NULL, "Could not save the comparison: No space left on device, the disk is full"));
    g_autoptr(AdwToast) narrow = g_object_ref_sink (gp_ui_toast_new (
        GTK_WIDGET (window), "Could not save the comparison: No space left on device, the disk "
                             "is full"));

    g_assert_cmpuint (g_utf8_strlen (adw_toast_get_title (narrow), -1), <=,
                      (gtk_widget_get_width (GTK_WIDGET (window)) - 200) / 9 + 1);
    g_assert_cmpuint (strlen (adw_toast_get_title (narrow)), <,
                      strlen (adw_toast_get_title (wide)));
    g_assert_nonnull (adw_toast_get_button_label (narrow));
  }

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Every page at a laptop's 1280 × 800 and a phone's 360 px: the window no wider than the
 * screen, nothing cut off by its parent. */
/* The number of layout cells under @root that Tab would stop on. */
static guint
count_focusable_cells (GtkWidget *root)
{
  guint n = GTK_IS_FLOW_BOX_CHILD (root) && gtk_widget_get_focusable (root);

  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += count_focusable_cells (child);
  return n;
}

static void
test_window_nothing_clipped (void)
{
  static const int sizes[][2] = { { 1280, 800 }, { 360, 720 } };

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      GpWindow *window;

      gp_test_window_reset_settings ();
      {
        g_autoptr(GSettings) settings = g_settings_new (BASE_APP_ID);

        g_settings_set_int (settings, "window-width", sizes[s][0]);
        g_settings_set_int (settings, "window-height", sizes[s][1]);
      }
      window = gp_test_window_new ();
      gp_test_window_wait_for_catalog (window);
      for (guint p = 0; p < G_N_ELEMENTS (pages); p++)
        {
          g_test_message ("%s at %d × %d", pages[p], sizes[s][0], sizes[s][1]);
          gp_window_set_page (window, pages[p]);
          gp_test_ui_wait_for_draw (GTK_WIDGET (window));
          gp_test_ui_wait_for_draw (GTK_WIDGET (window));
          g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, sizes[s][0]);
          gp_test_ui_assert_nothing_clipped (GTK_WIDGET (window));
          /* A toolbar's buttons wrap on a phone, and Tab goes from button to button. */
          g_assert_cmpuint (count_focusable_cells (GTK_WIDGET (window)), ==, 0);
        }
      gtk_window_destroy (GTK_WINDOW (window));
    }
}

static void
test_window_primary_menu (void)
{
  GpWindow *window;
  GtkMenuButton *button;
  GMenuModel *model;
  static const char *const actions[] = {
    "win.refresh", "win.import", "win.present", "win.export-slides", "win.toggle-fullscreen",
    "app.preferences",
    "win.show-help-overlay", "app.about",
  };
  guint found = 0;

  gp_test_window_reset_settings ();
  window = gp_test_window_new ();
  button = GTK_MENU_BUTTON (gp_test_ui_find_by_name (GTK_WIDGET (window), "primary_menu_button"));
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (button)));
  g_assert_true (gtk_menu_button_get_primary (button));

  /* Its tooltip says what it is until the menu opens, and never covers the open menu. */
  g_assert_cmpstr (gp_ui_get_tooltip (GTK_WIDGET (button)), ==, "Main Menu");
  g_assert_true (gp_ui_tooltip_shows (GTK_WIDGET (button)));

  /* Built on first use, then the real menu. */
  gtk_menu_button_popup (button);
  gp_test_ui_wait_for_draw (GTK_WIDGET (window));
  model = gtk_menu_button_get_menu_model (button);
  g_assert_nonnull (model);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (gtk_menu_button_get_popover (button))));
  g_assert_false (gp_ui_tooltip_shows (GTK_WIDGET (button)));

  for (int section = 0; section < g_menu_model_get_n_items (model); section++)
    {
      GMenuModel *items = g_menu_model_get_item_link (model, section, G_MENU_LINK_SECTION);

      for (int i = 0; i < g_menu_model_get_n_items (items); i++)
        {
          g_autofree char *action = NULL;

          g_menu_model_get_item_attribute (items, i, G_MENU_ATTRIBUTE_ACTION, "s", &action);
          for (guint a = 0; a < G_N_ELEMENTS (actions); a++)
            if (g_strcmp0 (action, actions[a]) == 0)
              found++;
        }
      g_object_unref (items);
    }
  g_assert_cmpuint (found, ==, G_N_ELEMENTS (actions));

  gtk_menu_button_popdown (button);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_window_catalog_problem (void)
{
  GpWindow *window;
  g_autofree char *text = NULL;

  /* main() left a broken catalog in the user's data directory: the window says which file
   * was ignored and why, and shows the platforms from the layers that loaded. */
  gp_test_window_reset_settings ();
  window = gp_test_window_new ();
  text = gp_test_ui_collect_text (GTK_WIDGET (window));
  g_assert_nonnull (strstr (text, "Catalog file ignored: "));
  g_assert_nonnull (strstr (text, "Amazon SageMaker"));

  /* The message is longer than a toast's line: its start is shown, and Details shows it
   * whole, to read and copy. */
  {
    GtkWidget *details = gp_test_window_find_button (GTK_WIDGET (window), "_Details");
    GtkWindow *dialog;
    const char *body;

    g_assert_nonnull (details);
    g_signal_emit_by_name (details, "clicked");
    gp_test_ui_iterate ();
    dialog = gp_test_ui_find_toplevel (ADW_TYPE_MESSAGE_DIALOG);
    g_assert_nonnull (dialog);
    body = adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog));
    g_assert_true (g_str_has_prefix (body, "Catalog file ignored: "));
    g_assert_nonnull (strstr (body, "gpu-planner/catalog.json: instances: expected an array"));
    gtk_window_destroy (dialog);
  }

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A toast is one line: a longer message is cut after a word, wide characters counted twice,
 * and read whole from its Details button; a short one is shown as it is. */
static void
test_window_long_toast (void)
{
  static const char long_text[] = "Could not save the comparison to /home/someone/Documents/"
                                  "grant-2027/comparison.json: No space left on device";
  static const char long_zh[] =
      "无法将比较保存到文件：设备上没有剩余空间，请释放一些空间后再试一次，"
      "或者选择另一个位置保存";
  g_autoptr(AdwToast) shortened = g_object_ref_sink (gp_ui_toast_new (NULL, long_text));
  g_autoptr(AdwToast) wide = g_object_ref_sink (gp_ui_toast_new (NULL, long_zh));
  g_autoptr(AdwToast) whole = g_object_ref_sink (gp_ui_toast_new (NULL, "Saved & done"));
  const char *title = adw_toast_get_title (shortened);
  gsize kept = strlen (title) - strlen ("…");
  g_autofree char *start = g_strndup (title, kept);

  g_assert_true (g_str_has_suffix (title, "…"));
  g_assert_true (g_str_has_prefix (long_text, start));
  g_assert_cmpuint (g_utf8_strlen (title, -1), <=, 60);
  /* Cut after a word, a separator or a folder, never inside a word. */
  g_assert_true (long_text[kept] == ' ' || strchr (",;:/", long_text[kept - 1]) != NULL);
  g_assert_cmpstr (adw_toast_get_button_label (shortened), ==, "_Details");
  g_assert_cmpstr (adw_toast_get_action_name (shortened), ==, "win.show-message");
  g_assert_cmpstr (g_variant_get_string (adw_toast_get_action_target_value (shortened), NULL), ==,
                   long_text);

  g_assert_cmpuint (g_utf8_strlen (adw_toast_get_title (wide), -1), <=, 31);
  g_assert_nonnull (adw_toast_get_button_label (wide));

  /* A short one whole, its markup characters kept as text. */
  g_assert_cmpstr (adw_toast_get_title (whole), ==, "Saved &amp; done");
  g_assert_null (adw_toast_get_button_label (whole));
}

static void
test_window_preferences_prices (void)
{
  g_autoptr(GSettings) settings = g_settings_new (BASE_APP_ID);
  GpPreferencesWindow *preferences =
      gp_preferences_window_new (gp_application_get_settings (gp_test_ui_application ()));
  AdwEntryRow *url =
      ADW_ENTRY_ROW (gp_test_ui_find_widget (GTK_WIDGET (preferences), ADW_TYPE_ENTRY_ROW));
  GtkSwitch *at_start = GTK_SWITCH (gp_test_ui_find_widget (
      gp_test_ui_find_by_name (GTK_WIDGET (preferences), "refresh-at-start-row"), GTK_TYPE_SWITCH));
  GtkSwitch *invoices = GTK_SWITCH (gp_test_ui_find_widget (
      gp_test_ui_find_by_name (GTK_WIDGET (preferences), "invoice-required-row"), GTK_TYPE_SWITCH));
  GtkSwitch *weekly = GTK_SWITCH (gp_test_ui_find_widget (
      gp_test_ui_find_by_name (GTK_WIDGET (preferences), "refresh-weekly-row"), GTK_TYPE_SWITCH));
  g_autofree char *stored = NULL;

  gp_test_window_reset_settings ();
  g_assert_nonnull (url);
  g_assert_nonnull (at_start);
  gtk_editable_set_text (GTK_EDITABLE (url), "https://example.edu/prices.json");
  stored = g_settings_get_string (settings, "catalog-url");
  g_assert_cmpstr (stored, ==, "https://example.edu/prices.json");
  gtk_switch_set_active (at_start, TRUE);
  g_assert_true (g_settings_get_boolean (settings, "refresh-at-start"));
  /* A weekly refresh in the background is off until turned on here. */
  g_assert_false (gtk_switch_get_active (weekly));
  gtk_switch_set_active (weekly, TRUE);
  g_assert_true (g_settings_get_boolean (settings, "refresh-weekly"));
  /* Lambda's API key goes to the keyring (here one in memory) and leaves the entry: nothing
   * the window shows holds it afterwards. */
  {
    g_autoptr(GpKeyStore) keys = gp_memory_key_store_new ();
    GtkWidget *key_row = gp_test_ui_find_by_name (GTK_WIDGET (preferences), "lambda-key-row");
    g_autofree char *kept = NULL;
    g_autofree char *shown = NULL;

    gp_preferences_window_set_key_store (preferences, keys);
    gtk_editable_set_text (GTK_EDITABLE (key_row), "fake-key-5d8e2a91c4");
    g_signal_emit_by_name (key_row, "apply");
    kept = gp_key_store_lookup (keys, "lambda-api", NULL);
    g_assert_cmpstr (kept, ==, "fake-key-5d8e2a91c4");
    g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (key_row)), ==, "");
    shown = gp_test_ui_collect_text (GTK_WIDGET (preferences));
    g_assert_null (strstr (shown, "fake-key-5d8e2a91c4"));
    g_assert_nonnull (strstr (shown, "Lambda API key kept in the keyring"));
    /* An empty key removes it. */
    g_signal_emit_by_name (key_row, "apply");
    g_clear_pointer (&kept, g_free);
    kept = gp_key_store_lookup (keys, "lambda-api", NULL);
    g_assert_null (kept);
  }
  /* Google's key likewise, under its own source: the Billing Catalog takes it in an address,
   * so it must never reach a file or the window either. */
  {
    g_autoptr(GpKeyStore) keys = gp_memory_key_store_new ();
    GtkWidget *key_row = gp_test_ui_find_by_name (GTK_WIDGET (preferences), "gcp-key-row");
    g_autofree char *kept = NULL;
    g_autofree char *shown = NULL;

    g_assert_nonnull (key_row);
    gp_preferences_window_set_key_store (preferences, keys);
    gtk_editable_set_text (GTK_EDITABLE (key_row), "fake-gcp-key-93b1c");
    g_signal_emit_by_name (key_row, "apply");
    kept = gp_key_store_lookup (keys, "gcp-billing", NULL);
    g_assert_cmpstr (kept, ==, "fake-gcp-key-93b1c");
    g_clear_pointer (&kept, g_free);
    kept = gp_key_store_lookup (keys, "lambda-api", NULL);
    g_assert_null (kept);
    g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (key_row)), ==, "");
    shown = gp_test_ui_collect_text (GTK_WIDGET (preferences));
    g_assert_null (strstr (shown, "fake-gcp-key-93b1c"));
    g_signal_emit_by_name (key_row, "apply");
    kept = gp_key_store_lookup (keys, "gcp-billing", NULL);
    g_assert_null (kept);
  }
  /* Each default rate names its own source and date: the yuan's CFETS central parity, the
   * euro's ECB reference rate. */
  {
    g_autofree char *shown = gp_test_ui_collect_text (GTK_WIDGET (preferences));

    g_assert_nonnull (strstr (shown, "China Foreign Exchange Trade System on 1 September 2025 "
                                     "(Xinhua report), as of 2025-09-01\n"));
    g_assert_nonnull (strstr (shown, "Euro foreign exchange reference rate of the European Central "
                                     "Bank, US dollar, 11 September 2026, as of 2026-09-11\n"));
  }
  /* Our spending needs Chinese invoices: on unless the lab says otherwise. */
  g_assert_true (gtk_switch_get_active (invoices));
  gtk_switch_set_active (invoices, FALSE);
  g_assert_false (g_settings_get_boolean (settings, "invoice-required"));
  g_settings_reset (settings, "invoice-required");

  g_settings_reset (settings, "catalog-url");
  g_settings_reset (settings, "refresh-at-start");
  gtk_window_destroy (GTK_WINDOW (preferences));
}

/* Preferences › Data lists every source with its address; a mirror typed there, one address a
 * line, is kept in order, and the source's own address alone again is no change. */
static void
test_window_preferences_sources (void)
{
  g_autoptr(GSettings) settings = g_settings_new (BASE_APP_ID);
  GpPreferencesWindow *preferences =
      gp_preferences_window_new (gp_application_get_settings (gp_test_ui_application ()));
  GtkWidget *row = gp_test_ui_find_by_name (GTK_WIDGET (preferences), "aws-pricelist");
  GtkTextView *view = NULL;
  GtkTextBuffer *buffer;
  g_autofree char *shown = gp_test_ui_collect_text (GTK_WIDGET (preferences));
  g_autoptr(GVariant) stored = NULL;
  g_autofree const char **urls = NULL;
  GtkTextIter start, end;
  g_autofree char *text = NULL;

  gp_test_window_reset_settings ();
  for (const char *const *name =
           (const char *[]){ "aws", "gcp", "lambda", "azure", "aws-pricelist", "aws-spot", NULL };
       *name; name++)
    g_assert_nonnull (gp_test_ui_find_by_name (GTK_WIDGET (preferences), *name));
  g_assert_nonnull (strstr (shown, "Price Sources"));
  g_assert_nonnull (row);
  view = GTK_TEXT_VIEW (gp_test_ui_find_widget (row, GTK_TYPE_TEXT_VIEW));
  g_assert_nonnull (view);
  buffer = gtk_text_view_get_buffer (view);
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  g_assert_cmpstr (text, ==, "https://pricing.us-east-1.amazonaws.com/offers/v1.0/aws/index.json");

  gtk_text_buffer_set_text (buffer,
                            "https://mirror.example.cn/aws/index.json\n\n  "
                            "https://pricing.us-east-1.amazonaws.com/offers/v1.0/aws/index.json\n",
                            -1);
  stored = g_settings_get_value (settings, "source-urls");
  g_assert_true (g_variant_lookup (stored, "aws-pricelist", "^a&s", &urls));
  g_assert_cmpuint (g_strv_length ((char **) urls), ==, 2);
  g_assert_cmpstr (urls[0], ==, "https://mirror.example.cn/aws/index.json");
  g_assert_cmpstr (urls[1], ==,
                   "https://pricing.us-east-1.amazonaws.com/offers/v1.0/aws/index.json");

  gtk_text_buffer_set_text (
      buffer, "https://pricing.us-east-1.amazonaws.com/offers/v1.0/aws/index.json", -1);
  g_clear_pointer (&stored, g_variant_unref);
  stored = g_settings_get_value (settings, "source-urls");
  g_assert_cmpuint (g_variant_n_children (stored), ==, 0);

  g_settings_reset (settings, "source-urls");
  gtk_window_destroy (GTK_WINDOW (preferences));
}

static void
count_changes (gpointer  instance,
               guint    *count)
{
  (*count)++;
}

/* The age past which figures are stale is the user's: set in Preferences, it applies to the
 * app's catalog at once, and every view of it hears that the catalog changed. */
static void
test_window_preferences_stale_after (void)
{
  GpApplication *app = gp_test_ui_application ();
  g_autoptr(GSettings) settings = g_settings_new (BASE_APP_ID);
  GpCatalog *catalog = gp_application_get_catalog (app);
  GpPreferencesWindow *preferences =
      gp_preferences_window_new (gp_application_get_settings (gp_test_ui_application ()));
  GtkSpinButton *spin = GTK_SPIN_BUTTON (gp_test_ui_find_by_name (GTK_WIDGET (preferences),
                                                                  "stale_after_spin"));
  guint changes = 0;
  gulong handler = g_signal_connect (catalog, "changed", G_CALLBACK (count_changes), &changes);

  gp_test_window_reset_settings ();
  g_assert_nonnull (spin);
  g_assert_cmpfloat (gtk_spin_button_get_value (spin), ==, 180);
  g_assert_cmpuint (gp_catalog_get_stale_after_days (catalog), ==, 180);

  gtk_spin_button_set_value (spin, 365);
  g_assert_cmpuint (g_settings_get_uint (settings, "stale-after-days"), ==, 365);
  g_assert_cmpuint (gp_catalog_get_stale_after_days (catalog), ==, 365);
  g_assert_cmpuint (changes, ==, 1);

  g_settings_reset (settings, "stale-after-days");
  g_assert_cmpfloat (gtk_spin_button_get_value (spin), ==, 180);
  g_assert_cmpuint (gp_catalog_get_stale_after_days (catalog), ==, 180);
  g_assert_cmpuint (changes, ==, 2);

  g_signal_handler_disconnect (catalog, handler);
  gtk_window_destroy (GTK_WINDOW (preferences));
}

/* In euros, the comparison's exports name the ECB reference rate and its date. */
static void
test_window_compare_rate (void)
{
  g_autoptr(GSettings) settings = g_settings_new (BASE_APP_ID);
  g_autoptr(GpComparisonTable) table = NULL;
  GpWindow *window;
  GpComparePage *compare;

  gp_test_window_reset_settings ();
  g_settings_set_string (settings, "currency", "EUR");
  window = gp_test_window_new ();
  gp_test_window_wait_for_catalog (window);
  compare = GP_COMPARE_PAGE (gp_test_ui_find_widget (GTK_WIDGET (window), GP_TYPE_COMPARE_PAGE));
  table = gp_comparison_build (gp_compare_page_get_comparison (compare));
  g_assert_nonnull (table->prices_note);
  g_assert_true (g_str_has_prefix (table->prices_note, "Prices in EUR, at 0.8627 per US dollar "
                                                       "(the default rate, as of 2026-09-11: "
                                                       "Euro foreign exchange reference rate of "
                                                       "the European Central Bank"));
  /* Past the staleness limit the user sets, the rate is marked stale, as prices are. */
  g_clear_pointer (&table, gp_comparison_table_free);
  g_settings_set_uint (settings, "stale-after-days", 30);
  table = gp_comparison_build (gp_compare_page_get_comparison (compare));
  g_assert_nonnull (strstr (table->prices_note, "(stale: older than 30 days)"));
  g_settings_reset (settings, "stale-after-days");
  g_settings_reset (settings, "currency");
  gtk_window_destroy (GTK_WINDOW (window));
  gp_test_ui_iterate ();
}

static void
test_window_compare_offers (void)
{
  g_autofree char *dir = g_dir_make_tmp ("gp-window-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "comparison.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  GpWindow *window;
  GpComparePage *compare;
  GpComparison *comparison;

  gp_test_window_reset_settings ();
  window = gp_test_window_new_keeping (file);
  compare = GP_COMPARE_PAGE (gp_test_ui_find_widget (GTK_WIDGET (window), GP_TYPE_COMPARE_PAGE));
  comparison = gp_compare_page_get_comparison (compare);
  /* The pages after the first are made when first shown, not at start, and get the catalog. */
  g_assert_null (gp_test_ui_find_widget (GTK_WIDGET (window), GP_TYPE_INSTANCES_PAGE));
  g_assert_null (gp_test_ui_find_widget (GTK_WIDGET (window), GP_TYPE_ESTIMATE_PAGE));
  g_assert_null (gp_test_ui_find_widget (GTK_WIDGET (window), GP_TYPE_ASSISTANT_PAGE));
  gp_window_set_page (window, "instances");
  g_assert_nonnull (gp_test_ui_find_widget (GTK_WIDGET (window), GP_TYPE_INSTANCES_PAGE));
  g_assert_true (gp_instances_page_get_catalog (gp_window_get_instances_page (window)) != NULL);
  gp_window_set_page (window, "estimate");
  g_assert_nonnull (gp_test_ui_find_widget (GTK_WIDGET (window), GP_TYPE_ESTIMATE_PAGE));
  g_assert_true (gp_estimate_page_get_catalog (gp_window_get_estimate_page (window)) != NULL);
  g_assert_true (
      gtk_widget_activate_action (GTK_WIDGET (window), "win.show-page", "s", "assistant"));
  g_assert_nonnull (gp_test_ui_find_widget (GTK_WIDGET (window), GP_TYPE_ASSISTANT_PAGE));
  /* Its GPUs come from the catalog. */
  g_assert_cmpuint (g_list_model_get_n_items (adw_combo_row_get_model (ADW_COMBO_ROW (
                      gp_test_ui_find_by_name (GTK_WIDGET (gp_window_get_assistant_page (window)),
                                               "reference_row")))), >, 0);
  gp_window_set_page (window, "compare");

  /* What the Instances page sends: offers join the comparison, which shows instances. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.compare", "^as",
                                             (const char *[]) { "lambda/gpu_1x_a10@us-east-1",
                                                                "aws-ec2/g4dn.xlarge@us-east-1",
                                                                NULL }));
  g_assert_cmpint (gp_comparison_get_mode (comparison), ==, GP_COMPARISON_INSTANCES);
  g_assert_cmpuint (gp_comparison_get_n_items (comparison), ==, 2);
  /* A repeat is refused, the others still join. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.compare", "^as",
                                             (const char *[]) { "lambda/gpu_1x_a10@us-east-1",
                                                                "lambda/gpu_8x_v100@us-west-1",
                                                                NULL }));
  g_assert_cmpuint (gp_comparison_get_n_items (comparison), ==, 3);

  /* Closing keeps it; the next window shows it again. */
  gtk_window_destroy (GTK_WINDOW (window));
  gp_test_ui_iterate ();
  window = gp_test_window_new_keeping (file);
  compare = GP_COMPARE_PAGE (gp_test_ui_find_widget (GTK_WIDGET (window), GP_TYPE_COMPARE_PAGE));
  comparison = gp_compare_page_get_comparison (compare);
  g_assert_cmpint (gp_comparison_get_mode (comparison), ==, GP_COMPARISON_INSTANCES);
  g_assert_true (g_strv_equal (gp_comparison_get_ids (comparison),
                               (const char *[]) { "lambda/gpu_1x_a10@us-east-1",
                                                  "aws-ec2/g4dn.xlarge@us-east-1",
                                                  "lambda/gpu_8x_v100@us-west-1", NULL }));
  gtk_window_destroy (GTK_WINDOW (window));
  gp_test_ui_iterate ();

  g_unlink (path);
  g_rmdir (dir);
}

static void
test_window_find (void)
{
  GpWindow *window;
  GtkWidget *instances, *entry, *compare, *popover, *estimate;

  gp_test_window_reset_settings ();
  window = gp_test_window_new ();
  gp_test_window_wait_for_catalog (window);

  /* Ctrl+F stays on its page: on the Estimate page it focuses the list's Compare choice (it
   * went to the Instances page). */
  gp_window_set_page (window, "estimate");
  gp_test_ui_wait_for_draw (GTK_WIDGET (window));
  g_assert_true (gp_test_ui_activate_trigger (GTK_WIDGET (window), "<Control>f"));
  gp_test_ui_wait_for_draw (GTK_WIDGET (window));
  g_assert_cmpstr (gp_window_get_page (window), ==, "estimate");
  estimate = gp_test_ui_find_by_name (GTK_WIDGET (window), "compare_dropdown");
  g_assert_true (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (window)), estimate));

  /* The Assistant has nothing to search: the key leaves it where it is. */
  gp_window_set_page (window, "assistant");
  gp_test_ui_wait_for_draw (GTK_WIDGET (window));
  gp_test_ui_activate_trigger (GTK_WIDGET (window), "<Control>f");
  gp_test_ui_wait_for_draw (GTK_WIDGET (window));
  g_assert_cmpstr (gp_window_get_page (window), ==, "assistant");

  /* On the Instances page it searches the offers. */
  gp_window_set_page (window, "instances");
  gp_test_ui_wait_for_draw (GTK_WIDGET (window));
  g_assert_true (gp_test_ui_activate_trigger (GTK_WIDGET (window), "<Control>f"));
  gp_test_ui_wait_for_draw (GTK_WIDGET (window));
  g_assert_cmpstr (gp_window_get_page (window), ==, "instances");
  instances = gp_test_ui_find_widget (GTK_WIDGET (window), GP_TYPE_INSTANCES_PAGE);
  entry = gp_test_ui_find_by_name (instances, "search_entry");
  g_assert_true (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (window)), entry) ||
                 gtk_root_get_focus (GTK_ROOT (window)) == entry);

  /* On the Compare page it searches what to add, and stays there. */
  gp_window_set_page (window, "compare");
  gp_test_ui_wait_for_draw (GTK_WIDGET (window));
  g_assert_true (gp_test_ui_activate_trigger (GTK_WIDGET (window), "<Control>f"));
  gp_test_ui_wait_for_draw (GTK_WIDGET (window));
  compare = gp_test_ui_find_widget (GTK_WIDGET (window), GP_TYPE_COMPARE_PAGE);
  g_assert_true (gtk_widget_get_mapped (gp_test_ui_find_by_name (compare, "add_search")));
  g_assert_cmpstr (gp_window_get_page (window), ==, "compare");

  /* Closing the window with the popover open lets go of the popover too: GTK 4.8 keeps a shown
   * popover alive past its window, with a tooltip timer still pointing at it. */
  popover = gtk_widget_get_ancestor (gp_test_ui_find_by_name (compare, "add_search"),
                                     GTK_TYPE_POPOVER);
  g_assert_nonnull (popover);
  g_object_add_weak_pointer (G_OBJECT (popover), (gpointer *) &popover);
  gtk_window_destroy (GTK_WINDOW (window));
  gp_test_ui_iterate ();
  g_assert_null (popover);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = gp_test_window_init (&argc, &argv);

  g_test_add_func ("/window/new-destroy", test_window_new_destroy);
  g_test_add_func ("/window/pages", test_window_pages);
  g_test_add_func ("/window/page-actions", test_window_page_actions);
  g_test_add_func ("/window/page-shortcuts", test_window_page_shortcuts);
  g_test_add_func ("/window/keyboard-walk", test_window_keyboard_walk);
  g_test_add_func ("/window/fullscreen", test_window_fullscreen);
  g_test_add_func ("/window/export-shortcut", test_window_export_shortcut);
  g_test_add_func ("/window/assistant-opens-pages", test_window_assistant_opens_pages);
  g_test_add_func ("/window/assistant-takes-estimate-job",
                   test_window_assistant_takes_estimate_job);
  g_test_add_func ("/window/app-accels", test_window_app_accels);
  g_test_add_func ("/window/dialogs", test_window_dialogs);
  g_test_add_func ("/window/app-icon", test_window_app_icon);
  g_test_add_func ("/window/preferences-style", test_window_preferences_style);
  g_test_add_func ("/window/preferences-lab-location", test_window_preferences_lab_location);
  g_test_add_func ("/window/mainland-rows", test_window_mainland_rows);
  g_test_add_func ("/window/state-round-trip", test_window_state_round_trip);
  g_test_add_func ("/window/stale-page-setting", test_window_stale_page_setting);
  g_test_add_func ("/window/switcher-in-header", test_window_switcher_in_header);
  g_test_add_func ("/window/narrow", test_window_narrow);
  g_test_add_func ("/window/nothing-clipped", test_window_nothing_clipped);
  g_test_add_func ("/window/catalog-problem", test_window_catalog_problem);
  g_test_add_func ("/window/long-toast", test_window_long_toast);
  g_test_add_func ("/window/primary-menu", test_window_primary_menu);
  g_test_add_func ("/window/preferences-prices", test_window_preferences_prices);
  g_test_add_func ("/window/preferences-sources", test_window_preferences_sources);
  g_test_add_func ("/window/preferences-stale-after", test_window_preferences_stale_after);
  g_test_add_func ("/window/compare-offers", test_window_compare_offers);
  g_test_add_func ("/window/compare-rate", test_window_compare_rate);
  g_test_add_func ("/window/find", test_window_find);

  return gp_test_window_run (home);
}
