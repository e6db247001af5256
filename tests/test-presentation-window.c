/* test-presentation-window.c — the slides full screen: the keys a clicker sends, the pointer
 * that hides, leaving
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "gp-presentation-window.h"
#include "gp-test-slides.h"
#include "gp-test-ui.h"

typedef struct
{
  GpCatalog            *catalog;
  GpPresentationWindow *window;
  guint                 n_slides;
} Fixture;

static GpSlideDeck *
comparison_and_charts (GpCatalog *catalog)
{
  g_autoptr(GpComparison) comparison = gp_comparison_new (catalog);
  g_autoptr(GpWorkload) job = gp_workload_new ();
  g_autoptr(GpEstimateList) estimates = NULL;
  g_autoptr(GError) error = NULL;
  GpSlideDeck *deck = gp_slide_deck_new ();

  gp_workload_set_gpu_hours (job, 300);
  gp_workload_set_reference_gpu (job, "v100-sxm2-16gb");
  estimates = gp_estimate_list_new (catalog, job, NULL, &error);
  g_assert_no_error (error);

  gp_slide_deck_add_comparison (deck, gp_comparison_build (comparison), TRUE);
  gp_slide_deck_add_charts (deck, estimates);
  return deck;
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GpSlideDeck) deck = NULL;

  fixture->catalog = gp_catalog_new_bundled ();
  deck = comparison_and_charts (fixture->catalog);
  fixture->n_slides = gp_slide_deck_get_n_slides (deck);
  g_assert_cmpuint (fixture->n_slides, >=, 5);

  fixture->window = gp_presentation_window_new (NULL, deck);
  gtk_window_present (GTK_WINDOW (fixture->window));
  gp_test_ui_wait_for_draw (GTK_WIDGET (fixture->window));
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  gp_test_ui_close_toplevels ();
  g_clear_object (&fixture->catalog);
}

static guint
slide (Fixture *fixture)
{
  return gp_presentation_window_get_slide (fixture->window);
}

static void
press (Fixture    *fixture,
       const char *key)
{
  g_assert_true (gp_test_ui_activate_trigger (GTK_WIDGET (fixture->window), key));
  gp_test_ui_iterate ();
}

static const char *
counter (Fixture *fixture)
{
  return gtk_label_get_label (GTK_LABEL (gp_test_ui_find_by_name (GTK_WIDGET (fixture->window),
                                                                    "counter_label")));
}

static GtkWidget *
find_button (GtkWidget  *root,
             const char *action)
{
  if (GTK_IS_BUTTON (root) &&
      g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (root)), action) == 0)
    return root;

  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button (child, action);

      if (found != NULL)
        return found;
    }

  return NULL;
}

static gboolean
button_sensitive (Fixture    *fixture,
                  const char *action)
{
  GtkWidget *button = find_button (GTK_WIDGET (fixture->window), action);

  g_assert_nonnull (button);
  return gtk_widget_get_sensitive (button);
}

/* What a presenter's clicker sends, and what a keyboard offers. */
static void
test_keys (Fixture       *fixture,
           gconstpointer  data)
{
  static const char *const next[] = { "Right", "Page_Down", "space" };
  static const char *const previous[] = { "Left", "Page_Up" };
  g_autofree char *first_counter = g_strdup_printf ("1 / %u", fixture->n_slides);
  g_autofree char *last_counter = g_strdup_printf ("%u / %u", fixture->n_slides, fixture->n_slides);

  g_assert_cmpuint (slide (fixture), ==, 0);
  g_assert_cmpstr (counter (fixture), ==, first_counter);
  /* Nothing before the first. */
  g_assert_false (button_sensitive (fixture, "presentation.previous"));
  press (fixture, "Left");
  g_assert_cmpuint (slide (fixture), ==, 0);
  g_assert_true (button_sensitive (fixture, "presentation.next"));

  for (guint i = 0; i < G_N_ELEMENTS (next); i++)
    {
      press (fixture, next[i]);
      g_assert_cmpuint (slide (fixture), ==, i + 1);
    }
  for (guint i = 0; i < G_N_ELEMENTS (previous); i++)
    {
      press (fixture, previous[i]);
      g_assert_cmpuint (slide (fixture), ==, G_N_ELEMENTS (next) - i - 1);
    }

  press (fixture, "End");
  g_assert_cmpuint (slide (fixture), ==, fixture->n_slides - 1);
  g_assert_cmpstr (counter (fixture), ==, last_counter);
  /* The last slide stays the last. */
  g_assert_false (button_sensitive (fixture, "presentation.next"));
  press (fixture, "space");
  g_assert_cmpuint (slide (fixture), ==, fixture->n_slides - 1);

  press (fixture, "Home");
  g_assert_cmpuint (slide (fixture), ==, 0);
}

/* A click turns to the next slide. */
static void
test_click (Fixture       *fixture,
            gconstpointer  data)
{
  GtkWidget *area = gp_test_ui_find_by_name (GTK_WIDGET (fixture->window), "slide_area");
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (area);
  gboolean clicked = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_GESTURE_CLICK (controller))
        {
          g_signal_emit_by_name (controller, "pressed", 1, 100.0, 100.0);
          clicked = TRUE;
        }
    }

  g_assert_true (clicked);
  g_assert_cmpuint (slide (fixture), ==, 1);
}

static gboolean
is_fullscreen (gpointer window)
{
  return gtk_window_is_fullscreen (window);
}

static void
wait_for_fullscreen (GtkWindow *window)
{
  gp_test_ui_wait_until (is_fullscreen, window, "the presentation to go full screen");
  gp_test_ui_wait_for_draw (GTK_WIDGET (window));
}

static void
move_pointer (Fixture *fixture,
              double   x,
              double   y)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (fixture->window));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_MOTION (controller))
        g_signal_emit_by_name (controller, "motion", x, y);
    }
}

static gboolean
pointer_hidden (gpointer window)
{
  return !gp_presentation_window_get_pointer_visible (window);
}

static void
wait_for_pointer_hidden (Fixture *fixture)
{
  gp_test_ui_wait_until (pointer_hidden, fixture->window, "the pointer to hide");
}

/* Runs the main loop for @ms milliseconds. */
static void
run_for (guint ms)
{
  gint64 until = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < until)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (10 * 1000);
}

static gboolean
controls_shown (Fixture *fixture)
{
  return gtk_revealer_get_reveal_child (
      GTK_REVEALER (gp_test_ui_find_by_name (GTK_WIDGET (fixture->window), "controls_revealer")));
}

/* Two seconds without movement and the room sees only the slide. */
static void
test_pointer_hides (Fixture       *fixture,
                    gconstpointer  data)
{
  gint64 moved;
  GdkCursor *cursor;

  move_pointer (fixture, 300, 200);
  moved = g_get_monotonic_time ();
  g_assert_true (gp_presentation_window_get_pointer_visible (fixture->window));
  g_assert_true (controls_shown (fixture));

  wait_for_pointer_hidden (fixture);
  g_assert_cmpint (g_get_monotonic_time () - moved, >=,
                   GP_PRESENTATION_POINTER_TIMEOUT_MS * 1000 - 1000);
  g_assert_false (controls_shown (fixture));
  cursor = gtk_widget_get_cursor (GTK_WIDGET (fixture->window));
  g_assert_nonnull (cursor);
  g_assert_cmpstr (gdk_cursor_get_name (cursor), ==, "none");

  /* A motion event where the pointer already is, as a new cursor brings, is no movement. */
  move_pointer (fixture, 300, 200);
  g_assert_false (gp_presentation_window_get_pointer_visible (fixture->window));

  move_pointer (fixture, 310, 200);
  g_assert_true (gp_presentation_window_get_pointer_visible (fixture->window));
  g_assert_true (controls_shown (fixture));
  g_assert_null (gtk_widget_get_cursor (GTK_WIDGET (fixture->window)));
}

/* A pointer resting on the controls keeps them: the presenter is about to click. A window that
 * went full screen under a still pointer gets no leave event, so only where the pointer moved
 * counts. */
static void
test_pointer_on_controls (Fixture       *fixture,
                          gconstpointer  data)
{
  GtkWidget *controls = gp_test_ui_find_by_name (GTK_WIDGET (fixture->window), "controls");
  graphene_rect_t bounds;
  graphene_point_t centre;

  if (gp_test_ui_skip_without_window_manager ())
    return;
  wait_for_fullscreen (GTK_WINDOW (fixture->window));
  g_assert_true (gtk_widget_compute_bounds (controls, GTK_WIDGET (fixture->window), &bounds));
  graphene_rect_get_center (&bounds, &centre);

  move_pointer (fixture, centre.x, centre.y);
  run_for (GP_PRESENTATION_POINTER_TIMEOUT_MS + 500);
  g_assert_true (gp_presentation_window_get_pointer_visible (fixture->window));
  g_assert_true (controls_shown (fixture));

  /* Off them, and they go in their time. */
  move_pointer (fixture, centre.x, bounds.origin.y - 100);
  g_assert_true (gp_presentation_window_get_pointer_visible (fixture->window));
  wait_for_pointer_hidden (fixture);
  g_assert_false (controls_shown (fixture));
}

/* Full screen, and gone with Esc. */
static void
test_fullscreen_and_leave (Fixture       *fixture,
                           gconstpointer  data)
{
  g_autoptr(GdkMonitor) monitor =
      g_list_model_get_item (gdk_display_get_monitors (gdk_display_get_default ()), 0);
  GdkRectangle geometry;
  int width, height;

  /* Screen-sized before the window manager makes it full screen: a small window would have
   * its controls where the pointer may rest. */
  gdk_monitor_get_geometry (monitor, &geometry);
  gtk_window_get_default_size (GTK_WINDOW (fixture->window), &width, &height);
  g_assert_cmpint (width, ==, geometry.width);
  g_assert_cmpint (height, ==, geometry.height);

  wait_for_fullscreen (GTK_WINDOW (fixture->window));
  g_assert_nonnull (gp_test_ui_find_toplevel (GP_TYPE_PRESENTATION_WINDOW));

  press (fixture, "Escape");
  g_assert_null (gp_test_ui_find_toplevel (GP_TYPE_PRESENTATION_WINDOW));
}

/* The slide on screen is named for assistive technologies, which cannot read a drawing. */
static void
test_accessible_title (Fixture       *fixture,
                       gconstpointer  data)
{
  GpSlideDeck *deck = gp_presentation_window_get_deck (fixture->window);
  GtkWidget *area = gp_test_ui_find_by_name (GTK_WIDGET (fixture->window), "slide_area");

  press (fixture, "End");
  gtk_test_accessible_assert_property (area, GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       gp_slide_deck_get_title (deck, fixture->n_slides - 1));
}

/* What the window shows fits every projector. */
static void
test_fits (Fixture       *fixture,
           gconstpointer  data)
{
  gp_test_slides_assert_fit (gp_presentation_window_get_deck (fixture->window), "presentation");
}

int
main (int   argc,
      char *argv[])
{
  gp_test_ui_init (&argc, &argv);

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

  ADD ("/presentation/keys", test_keys);
  ADD ("/presentation/click", test_click);
  ADD ("/presentation/pointer-hides", test_pointer_hides);
  ADD ("/presentation/pointer-on-controls", test_pointer_on_controls);
  ADD ("/presentation/fullscreen-and-leave", test_fullscreen_and_leave);
  ADD ("/presentation/accessible-title", test_accessible_title);
  ADD ("/presentation/fits", test_fits);

#undef ADD

  return g_test_run ();
}
