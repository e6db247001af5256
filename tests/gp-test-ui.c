/* gp-test-ui.c — helpers for widget tests under Xvfb
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* dl_iterate_phdr */
#define _GNU_SOURCE

#include "config.h"

#include <glib/gi18n.h>

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gp-instances-row.h"
#include "gp-test-ui.h"

#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif

#if defined(__SANITIZE_ADDRESS__)
#define GP_TEST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define GP_TEST_ASAN 1
#endif
#endif

#ifdef GP_TEST_ASAN
#include <link.h>
#include <sanitizer/lsan_interface.h>

/* From the sanitizers' allocator_interface.h, which GCC 12 does not install. */
int __sanitizer_get_ownership (const volatile void *p);
size_t __sanitizer_get_allocated_size (const volatile void *p);

static int
ignore_quark_table_in (struct dl_phdr_info *info,
                       size_t               size,
                       void                *first_quark)
{
  if (strstr (info->dlpi_name, "libglib-2.0") == NULL)
    return 0;

  for (int i = 0; i < info->dlpi_phnum; i++)
    {
      const ElfW (Phdr) *segment = &info->dlpi_phdr[i];
      char *const *word;
      char *const *end;

      if (segment->p_type != PT_LOAD || !(segment->p_flags & PF_W))
        continue;
      word = (char *const *) (info->dlpi_addr + segment->p_vaddr);
      end = word + segment->p_memsz / sizeof *word;
      for (; word < end; word++)
        {
          char **table = (char **) *word;

          if (__sanitizer_get_ownership (table) &&
              __sanitizer_get_allocated_size (table) >= 2 * sizeof *table &&
              table[1] == first_quark)
            {
              __lsan_ignore_object (table);
              return 1;
            }
        }
    }
  return 0;
}
#endif

/* GLib drops its first quark table, by design, once a program holds 2,048 quarks, as a whole
 * window does. The table was made in GLib's constructor, whose stack fast unwinding cannot
 * follow, so no suppression can name it: it is found through GLib's pointer to it, while that
 * still points there, and kept out of the leak report. */
static void
ignore_first_quark_table (void)
{
#ifdef GP_TEST_ASAN
  dl_iterate_phdr (ignore_quark_table_in, (void *) g_quark_to_string (1));
#endif
}

static GpApplication *test_app;

void
gp_test_ui_init (int    *argc,
                 char ***argv)
{
  g_autoptr(GError) error = NULL;

  ignore_first_quark_table ();
  setlocale (LC_ALL, "");
  /* The translations built with the tests, as the app finds its own installed: what asks for
   * another language (a budget in Chinese) finds it. */
  bindtextdomain (GETTEXT_PACKAGE,
                  g_getenv ("GP_LOCALEDIR") != NULL ? g_getenv ("GP_LOCALEDIR") : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  g_test_init (argc, argv, NULL);

  /* A missing display is a broken test setup, never a reason to skip. */
  if (!gtk_init_check ())
    {
      fprintf (stderr, "No display: run the suite under xvfb-run (build-aux/run-tests does).\n");
      exit (1);
    }
  adw_init ();
  /* Tests check where things end, not how they move: with animations on, libadwaita's flaps and
   * leaflets lay their children out from a progress that depends on when frames come, and a
   * busy machine has made one give a box a width of G_MININT (a fatal warning). */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);

  test_app = g_object_new (GP_TYPE_APPLICATION,
                           "application-id", APP_ID,
                           "flags", G_APPLICATION_NON_UNIQUE,
                           "resource-base-path", RESOURCE_BASE_PATH,
                           NULL);
  if (!g_application_register (G_APPLICATION (test_app), NULL, &error))
    g_error ("Cannot register the test application: %s", error->message);
}

/**
 * gp_test_ui_skip_without_window_manager:
 *
 * Full screen and maximized are requests only a window manager grants: without one, the test
 * is skipped with a message saying how to run it, rather than failing on a timeout.
 *
 * Returns: %TRUE when the test was marked skipped and should return
 */
gboolean
gp_test_ui_skip_without_window_manager (void)
{
#ifdef GDK_WINDOWING_X11
  GdkDisplay *display = gdk_display_get_default ();

  if (GDK_IS_X11_DISPLAY (display) &&
      !gdk_x11_screen_supports_net_wm_hint (gdk_x11_display_get_screen (display),
                                            "_NET_WM_STATE_FULLSCREEN"))
    {
      g_test_skip ("No window manager on this display: full screen and maximized are a window "
                   "manager's to grant. Run the suite under build-aux/with-wm, as "
                   "build-aux/run-tests does.");
      return TRUE;
    }
#endif
  return FALSE;
}

GpApplication *
gp_test_ui_application (void)
{
  return test_app;
}

void
gp_test_ui_iterate (void)
{
  for (guint i = 0; i < 5; i++)
    while (g_main_context_pending (NULL))
      g_main_context_iteration (NULL, FALSE);
}

static void
after_paint_cb (GdkFrameClock *clock,
                gboolean      *painted)
{
  *painted = TRUE;
}

static gboolean
is_true (gpointer flag)
{
  return *(gboolean *) flag;
}

/* Waits for the next frame of @widget's window to be painted, and no more: what idles after
 * it has not run yet, so what the frame showed is still what the widgets say. */
void
gp_test_ui_wait_for_frame (GtkWidget *widget)
{
  GdkFrameClock *clock;
  gboolean painted = FALSE;
  gulong handler;

  gtk_widget_realize (widget);
  clock = gtk_widget_get_frame_clock (widget);
  g_assert_nonnull (clock);
  handler = g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), &painted);
  gtk_widget_queue_draw (widget);
  gp_test_ui_wait_until (is_true, &painted, "a frame to be drawn");
  g_signal_handler_disconnect (clock, handler);
}

void
gp_test_ui_wait_for_draw (GtkWidget *widget)
{
  gp_test_ui_wait_for_frame (widget);
  gp_test_ui_iterate ();
}

GtkWidget *
gp_test_ui_find_widget (GtkWidget *root,
                        GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    return root;

  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = gp_test_ui_find_widget (child, type);

      if (found != NULL)
        return found;
    }

  return NULL;
}

/* Finds a widget by its buildable id, which GtkBuilder sets as the widget's name. */
GtkWidget *
gp_test_ui_find_by_name (GtkWidget  *root,
                         const char *name)
{
  if (g_strcmp0 (gtk_buildable_get_buildable_id (GTK_BUILDABLE (root)), name) == 0 ||
      g_strcmp0 (gtk_widget_get_name (root), name) == 0)
    return root;

  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = gp_test_ui_find_by_name (child, name);

      if (found != NULL)
        return found;
    }

  return NULL;
}

GtkWindow *
gp_test_ui_find_toplevel (GType type)
{
  g_autoptr(GListModel) toplevels = NULL;
  GtkWindow *found = NULL;

  toplevels = g_object_ref (gtk_window_get_toplevels ());
  for (guint i = 0; i < g_list_model_get_n_items (toplevels) && found == NULL; i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (window, type) && gtk_widget_get_visible (GTK_WIDGET (window)))
        found = window;
    }

  return found;
}

static gboolean
activate_in_phase (GtkWidget          *widget,
                   GtkShortcutTrigger *wanted,
                   GtkPropagationPhase phase)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller) ||
          gtk_event_controller_get_propagation_phase (controller) != phase)
        continue;

      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);

          if (gtk_shortcut_trigger_equal (gtk_shortcut_get_trigger (shortcut), wanted) &&
              gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0, widget,
                                            gtk_shortcut_get_arguments (shortcut)))
            return TRUE;
        }
    }

  return FALSE;
}

/* Activates the shortcut bound to @accelerator on @widget the way a key press would: the
 * controllers of the capture phase first, then those of the bubble phase, and the first
 * shortcut that acts wins. Xvfb has no input method to synthesise GDK key events from inside
 * a test. */
gboolean
gp_test_ui_activate_trigger (GtkWidget  *widget,
                             const char *accelerator)
{
  g_autoptr(GtkShortcutTrigger) wanted = gtk_shortcut_trigger_parse_string (accelerator);

  g_assert_nonnull (wanted);

  return activate_in_phase (widget, wanted, GTK_PHASE_CAPTURE) ||
         activate_in_phase (widget, wanted, GTK_PHASE_BUBBLE);
}

void
gp_test_ui_close_toplevels (void)
{
  GtkWindow *window;

  while ((window = gp_test_ui_find_toplevel (GTK_TYPE_WINDOW)) != NULL)
    gtk_window_destroy (window);
  gp_test_ui_iterate ();
}

static void
collect_text (GtkWidget *widget,
              GString   *text)
{
  if (GTK_IS_LABEL (widget))
    g_string_append_printf (text, "%s\n", gtk_label_get_text (GTK_LABEL (widget)));
  else if (GTK_IS_INSCRIPTION (widget) && gtk_inscription_get_text (GTK_INSCRIPTION (widget)))
    g_string_append_printf (text, "%s\n", gtk_inscription_get_text (GTK_INSCRIPTION (widget)));
  else if (GP_IS_INSTANCES_ROW (widget))
    {
      g_autofree char *cells = gp_instances_row_dup_text (GP_INSTANCES_ROW (widget));

      g_string_append (text, cells);
    }
  /* A toast's message too long for its line is read whole a click away, on its Details. */
  else if (GTK_IS_BUTTON (widget) &&
           g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)),
                      "win.show-message") == 0)
    g_string_append_printf (
        text, "%s\n",
        g_variant_get_string (gtk_actionable_get_action_target_value (GTK_ACTIONABLE (widget)),
                              NULL));

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_text (child, text);
}

/* Every label's text under @root, a line each: what a user can read there, toasts' messages
 * whole. */
char *
gp_test_ui_collect_text (GtkWidget *root)
{
  GString *text = g_string_new (NULL);

  collect_text (root, text);
  return g_string_free (text, FALSE);
}

/* How long a wait may last before the test fails: ten seconds, times GP_TEST_SLOWDOWN where
 * the test setup makes everything slower (the sanitizers' setup does; one frame of a full
 * window takes seconds there). */
static guint
wait_seconds (void)
{
  const char *slowdown = g_getenv ("GP_TEST_SLOWDOWN");
  guint64 factor = 1;

  if (slowdown != NULL && !g_ascii_string_to_unsigned (slowdown, 10, 1, 100, &factor, NULL))
    g_error ("GP_TEST_SLOWDOWN must be a whole number from 1 to 100, not “%s”", slowdown);

  return 10 * (guint) factor;
}

/* Runs the main loop until @condition holds, and fails the test naming @what once the wait
 * has lasted longer than any working run needs. Never a blocking iteration: with nothing left
 * to wake it, the deadline must still be reached. */
void
gp_test_ui_wait_until (GpTestUiCondition  condition,
                       gpointer           data,
                       const char        *what)
{
  guint seconds = wait_seconds ();
  gint64 deadline = g_get_monotonic_time () + seconds * G_USEC_PER_SEC;

  while (!condition (data))
    {
      if (g_get_monotonic_time () > deadline)
        g_error ("Waited %u seconds for %s", seconds, what);
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (10 * 1000);
    }
}

/* A condition for gp_test_ui_wait_until(): the pointer at @pointer_location is no longer NULL. */
gboolean
gp_test_ui_is_set (gpointer pointer_location)
{
  return *(gpointer *) pointer_location != NULL;
}

/* Fails the test, showing @text, when @needle is not in it. */
void
gp_test_ui_assert_contains (const char *text,
                            const char *needle)
{
  if (text == NULL || strstr (text, needle) == NULL)
    g_error ("“%s” not found in:\n%s", needle, text ? text : "(null)");
}

static gboolean
is_control (GtkWidget *widget)
{
  return GTK_IS_SWITCH (widget) || GTK_IS_SPIN_BUTTON (widget) || GTK_IS_CHECK_BUTTON (widget) ||
         GTK_IS_DROP_DOWN (widget) || GTK_IS_ENTRY (widget);
}

static guint
count_controls (GtkWidget *widget)
{
  guint n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      /* A row within a row (an expander's) answers for itself. */
      if (ADW_IS_PREFERENCES_ROW (child))
        continue;
      n += is_control (child) ? 1 : count_controls (child);
    }
  return n;
}

static void
assert_rows (GtkWidget *widget,
             guint     *rows)
{
  if (ADW_IS_ACTION_ROW (widget) && !ADW_IS_COMBO_ROW (widget))
    {
      GtkWidget *activatable = adw_action_row_get_activatable_widget (ADW_ACTION_ROW (widget));
      guint n = count_controls (widget);

      if (n > 1)
        g_error ("the row “%s” has %u controls, not one",
                 adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), n);
      if (n == 1 && activatable != NULL && !is_control (activatable))
        g_error ("the row “%s” activates something that is not its control",
                 adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)));
      (*rows)++;
    }

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    assert_rows (child, rows);
}

/**
 * gp_test_ui_assert_one_control_per_row:
 * @root: a page
 *
 * Walks every action row under @root: none holds a second, unlabelled control beside its own.
 *
 * Returns: how many rows were walked
 */
guint
gp_test_ui_assert_one_control_per_row (GtkWidget *root)
{
  guint rows = 0;

  assert_rows (root, &rows);
  return rows;
}

/* Widgets that show part of their children by design: scrolling, sliding (a toast comes in
 * from below) and squeezing; and those whose children stand over their edge by design: a
 * scroll bar's slider, the view switcher's badge, the header bar's pixel of border. */
static gboolean
clips_by_design (GtkWidget *widget)
{
  return GTK_IS_SCROLLED_WINDOW (widget) || GTK_IS_VIEWPORT (widget) ||
         ADW_IS_TOAST_OVERLAY (widget) ||
         gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLBAR) != NULL ||
         g_str_equal (G_OBJECT_TYPE_NAME (widget), "AdwIndicatorBin") || GTK_IS_REVEALER (widget) ||
         GTK_IS_STACK (widget) || ADW_IS_VIEW_STACK (widget) || ADW_IS_SQUEEZER (widget) ||
         ADW_IS_CAROUSEL (widget) || ADW_IS_LEAFLET (widget) || ADW_IS_FLAP (widget) ||
         GTK_IS_LIST_VIEW (widget) || GTK_IS_COLUMN_VIEW (widget) || GTK_IS_POPOVER (widget);
}

static void
find_clipped (GtkWidget *widget,
              GString   *problems)
{
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      graphene_rect_t box;

      if (!gtk_widget_get_mapped (child) || GTK_IS_NATIVE (child))
        continue;
      if (!clips_by_design (widget) && gtk_widget_compute_bounds (child, widget, &box) &&
          (box.origin.x < -1.5 || box.origin.y < -1.5 ||
           box.origin.x + box.size.width > width + 1.5 ||
           box.origin.y + box.size.height > height + 1.5))
        g_string_append_printf (problems, "%s (%s) at %.0f,%.0f %.0f×%.0f in %s (%s) of %d×%d\n",
                                G_OBJECT_TYPE_NAME (child), gtk_widget_get_name (child),
                                box.origin.x, box.origin.y, box.size.width, box.size.height,
                                G_OBJECT_TYPE_NAME (widget), gtk_widget_get_name (widget), width,
                                height);
      find_clipped (child, problems);
    }
}

/**
 * gp_test_ui_assert_nothing_clipped:
 * @root: a widget, allocated
 *
 * Fails when a shown widget under @root reaches out of its parent's allocation, where the
 * parent does not show part of its children by design (scrolling, stacks, revealers): what
 * sticks out is cut off on screen.
 */
void
gp_test_ui_assert_nothing_clipped (GtkWidget *root)
{
  g_autoptr(GString) problems = g_string_new (NULL);

  find_clipped (root, problems);
  if (problems->len > 0)
    g_error ("Cut off by their parents:\n%s", problems->str);
}

static gboolean
emit_key (GtkWidget       *widget,
          GtkPropagationPhase phase,
          guint            keyval,
          GdkModifierType  state)
{
  GListModel *controllers = gtk_widget_observe_controllers (widget);
  gboolean handled = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers) && !handled; i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_KEY (controller) &&
          gtk_event_controller_get_propagation_phase (controller) == phase)
        g_signal_emit_by_name (controller, "key-pressed", keyval, 0, state, &handled);
    }
  g_object_unref (controllers);
  return handled;
}

/**
 * gp_test_ui_send_key:
 * @window: a window with the focus somewhere in it
 * @keyval: the key, GDK_KEY_Tab say
 * @state: its modifiers
 *
 * A key press as GTK delivers it, for tests (GTK 4 has no gtk_test_widget_send_key): to the key
 * controllers from the window down to the focus in the capture phase, then back up in the
 * bubble phase; a Tab no controller took moves the focus as the window's own binding does.
 *
 * Returns: whether something took the key
 */
gboolean
gp_test_ui_send_key (GtkWindow       *window,
                     guint            keyval,
                     GdkModifierType  state)
{
  g_autoptr(GPtrArray) path = g_ptr_array_new ();
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));

  for (GtkWidget *up = focus != NULL ? focus : GTK_WIDGET (window); up != NULL;
       up = gtk_widget_get_parent (up))
    g_ptr_array_insert (path, 0, up);

  for (guint i = 0; i < path->len; i++)
    if (emit_key (g_ptr_array_index (path, i), GTK_PHASE_CAPTURE, keyval, state))
      return TRUE;
  for (guint i = path->len; i > 0; i--)
    if (emit_key (g_ptr_array_index (path, i - 1), GTK_PHASE_BUBBLE, keyval, state))
      return TRUE;

  if (keyval == GDK_KEY_Tab || keyval == GDK_KEY_ISO_Left_Tab)
    {
      GtkDirectionType direction = keyval == GDK_KEY_ISO_Left_Tab || state & GDK_SHIFT_MASK
                                       ? GTK_DIR_TAB_BACKWARD
                                       : GTK_DIR_TAB_FORWARD;

      if (!gtk_widget_child_focus (GTK_WIDGET (window), direction))
        gtk_widget_child_focus (GTK_WIDGET (window), direction);
      return TRUE;
    }
  return FALSE;
}

/**
 * gp_test_ui_save_png:
 * @widget: a widget, drawn
 * @name: a name for the picture
 *
 * With GP_TEST_PNG=DIR, saves what @widget shows as DIR/NAME.png, to look at; else nothing.
 */
void
gp_test_ui_save_png (GtkWidget  *widget,
                     const char *name)
{
  const char *dir = g_getenv ("GP_TEST_PNG");
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GtkSnapshot) snapshot = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *file = NULL;
  GskRenderer *renderer;
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);

  if (dir == NULL || width <= 0 || height <= 0)
    return;

  paintable = gtk_widget_paintable_new (widget);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  if (node == NULL)
    return;
  renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));
  file = g_strdup_printf ("%s/%s.png", dir, name);
  gdk_texture_save_to_png (texture, file);
}

typedef struct
{
  GtkWidget *root;
  const char *needle;
} TextShown;

static gboolean
text_is_shown (gpointer data)
{
  TextShown *wanted = data;
  g_autofree char *text = gp_test_ui_collect_text (wanted->root);

  return strstr (text, wanted->needle) != NULL;
}

/* Waits until @needle is among the texts @root shows (a toast, a label). */
void
gp_test_ui_wait_for_text (GtkWidget  *root,
                          const char *needle)
{
  TextShown wanted = { root, needle };
  g_autofree char *what = g_strdup_printf ("“%s” to appear", needle);

  gp_test_ui_wait_until (text_is_shown, &wanted, what);
}
