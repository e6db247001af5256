/* gp-presentation-window.c — the slides, full screen, for a group meeting
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A window of its own, so that leaving it leaves the main window as it was: the same page,
 * the same scroll, the same form. It is driven by the keys a presenter's clicker sends (Page
 * Down and Page Up), the arrows, Space, Home and End; a click turns the slide too. The
 * pointer and the few controls for the mouse go after two seconds without movement, so the
 * room sees only the slide.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "gp-compat.h"
#include "gp-presentation-window.h"
#include "gp-ui-save.h"
#include "gp-ui-toasts.h"

struct _GpPresentationWindow
{
  AdwWindow        parent_instance;

  GpSlideDeck     *deck;
  guint            slide;
  gboolean         pointer_visible;
  double           pointer_x, pointer_y;
  guint            pointer_timeout;

  /* Template widgets */
  GtkBox          *controls;
  GtkRevealer     *controls_revealer;
  GtkLabel        *counter_label;
  GtkDrawingArea  *slide_area;
};

G_DEFINE_FINAL_TYPE (GpPresentationWindow, gp_presentation_window, ADW_TYPE_WINDOW)

enum {
  PROP_0,
  PROP_DECK,
  PROP_SLIDE,
  PROP_N_SLIDES,
  PROP_POINTER_VISIBLE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
draw_slide (GtkDrawingArea *area,
            cairo_t        *cr,
            int             width,
            int             height,
            gpointer        user_data)
{
  GpPresentationWindow *self = user_data;
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());

  gp_slide_deck_draw (self->deck, self->slide, cr, width, height, dark, NULL, NULL);
}

static void
update_slide (GpPresentationWindow *self)
{
  g_autofree char *counter = g_strdup_printf ("%u / %u", self->slide + 1,
                                              gp_slide_deck_get_n_slides (self->deck));
  guint last = gp_slide_deck_get_n_slides (self->deck) - 1;

  gtk_label_set_label (self->counter_label, counter);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->slide_area),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  gp_slide_deck_get_title (self->deck, self->slide), -1);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "presentation.previous", self->slide > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "presentation.next", self->slide < last);
  gtk_widget_queue_draw (GTK_WIDGET (self->slide_area));
}

/* The pointer */

static void
set_pointer_visible (GpPresentationWindow *self,
                     gboolean              visible)
{
  if (self->pointer_visible == visible)
    return;

  self->pointer_visible = visible;
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), visible ? NULL : "none");
  gtk_revealer_set_reveal_child (self->controls_revealer, visible);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_POINTER_VISIBLE]);
}

/* Where the pointer last moved, not crossing events: a window that goes full screen moves the
 * controls away from a pointer that stays put, and no leave event says so. */
static gboolean
pointer_on_controls (GpPresentationWindow *self)
{
  graphene_rect_t bounds;

  if (!gtk_widget_compute_bounds (GTK_WIDGET (self->controls), GTK_WIDGET (self), &bounds))
    return FALSE;

  return graphene_rect_contains_point (&bounds,
                                       &GRAPHENE_POINT_INIT (self->pointer_x, self->pointer_y));
}

static gboolean
pointer_timeout_cb (gpointer user_data)
{
  GpPresentationWindow *self = user_data;

  self->pointer_timeout = 0;
  /* The controls stay while the pointer is on them: someone is about to click. */
  if (!pointer_on_controls (self))
    set_pointer_visible (self, FALSE);
  return G_SOURCE_REMOVE;
}

static void
restart_pointer_timeout (GpPresentationWindow *self)
{
  g_clear_handle_id (&self->pointer_timeout, g_source_remove);
  self->pointer_timeout = g_timeout_add (GP_PRESENTATION_POINTER_TIMEOUT_MS, pointer_timeout_cb,
                                         self);
}

static void
pointer_motion_cb (GpPresentationWindow     *self,
                   double                    x,
                   double                    y,
                   GtkEventControllerMotion *controller)
{
  /* A window that appears, or a cursor that changes, brings a motion event with the pointer
   * where it was: only a real movement shows it again. */
  if (x == self->pointer_x && y == self->pointer_y)
    return;

  self->pointer_x = x;
  self->pointer_y = y;
  set_pointer_visible (self, TRUE);
  restart_pointer_timeout (self);
}

/* Actions */

static void
next_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  GpPresentationWindow *self = GP_PRESENTATION_WINDOW (widget);

  gp_presentation_window_set_slide (self, self->slide + 1);
}

static void
previous_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  GpPresentationWindow *self = GP_PRESENTATION_WINDOW (widget);

  if (self->slide > 0)
    gp_presentation_window_set_slide (self, self->slide - 1);
}

static void
first_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  gp_presentation_window_set_slide (GP_PRESENTATION_WINDOW (widget), 0);
}

static void
last_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  GpPresentationWindow *self = GP_PRESENTATION_WINDOW (widget);

  gp_presentation_window_set_slide (self, gp_slide_deck_get_n_slides (self->deck) - 1);
}

static void
leave_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (widget));

  gtk_window_destroy (GTK_WINDOW (widget));
  if (parent != NULL)
    gtk_window_present (parent);
}

static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  GpPresentationWindow *self = GP_PRESENTATION_WINDOW (widget);

  /* The toast that says how it went shows over the slide, where the presenter looks. */
  gp_presentation_window_export (GTK_WIDGET (self->slide_area), self->deck);
}

/* A click turns to the next slide, as in every presentation program; the secondary button
 * turns back. */
static void
slide_pressed_cb (GpPresentationWindow *self,
                  int                   n_press,
                  double                x,
                  double                y,
                  GtkGestureClick      *gesture)
{
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));

  gtk_widget_activate_action (GTK_WIDGET (self), button == GDK_BUTTON_SECONDARY
                                                 ? "presentation.previous" : "presentation.next",
                              NULL);
}

static void
dark_changed_cb (GpPresentationWindow *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self->slide_area));
}

/* The monitor the main window is on: the one the projector shows. */
static GdkMonitor *
projector_monitor (GpPresentationWindow *self)
{
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (self));
  GdkSurface *surface = parent != NULL ? gtk_native_get_surface (GTK_NATIVE (parent)) : NULL;
  GdkDisplay *display = gtk_widget_get_display (GTK_WIDGET (self));
  GdkMonitor *first;

  if (surface != NULL)
    return gdk_display_get_monitor_at_surface (display, surface);

  /* The display's list keeps its monitors; the pointer stays good without our reference. */
  first = g_list_model_get_item (gdk_display_get_monitors (display), 0);
  if (first != NULL)
    g_object_unref (first);
  return first;
}

static void
gp_presentation_window_realize (GtkWidget *widget)
{
  GdkMonitor *monitor = projector_monitor (GP_PRESENTATION_WINDOW (widget));

  /* The size of the screen from the start, not of the controls: until the window manager
   * makes it full screen, a small window would put them where the pointer may rest. */
  if (monitor != NULL)
    {
      GdkRectangle geometry;

      gdk_monitor_get_geometry (monitor, &geometry);
      gtk_window_set_default_size (GTK_WINDOW (widget), geometry.width, geometry.height);
    }

  GTK_WIDGET_CLASS (gp_presentation_window_parent_class)->realize (widget);
}

static void
gp_presentation_window_map (GtkWidget *widget)
{
  GdkMonitor *monitor = projector_monitor (GP_PRESENTATION_WINDOW (widget));

  if (monitor != NULL)
    gtk_window_fullscreen_on_monitor (GTK_WINDOW (widget), monitor);
  else
    gtk_window_fullscreen (GTK_WINDOW (widget));

  GTK_WIDGET_CLASS (gp_presentation_window_parent_class)->map (widget);
  restart_pointer_timeout (GP_PRESENTATION_WINDOW (widget));
}

static void
gp_presentation_window_constructed (GObject *object)
{
  GpPresentationWindow *self = GP_PRESENTATION_WINDOW (object);

  G_OBJECT_CLASS (gp_presentation_window_parent_class)->constructed (object);

  g_return_if_fail (self->deck != NULL && gp_slide_deck_get_n_slides (self->deck) > 0);
  update_slide (self);
}

static void
gp_presentation_window_dispose (GObject *object)
{
  GpPresentationWindow *self = GP_PRESENTATION_WINDOW (object);

  g_clear_handle_id (&self->pointer_timeout, g_source_remove);
  g_signal_handlers_disconnect_by_data (adw_style_manager_get_default (), self);
  gtk_widget_dispose_template (GTK_WIDGET (self), GP_TYPE_PRESENTATION_WINDOW);

  G_OBJECT_CLASS (gp_presentation_window_parent_class)->dispose (object);
}

static void
gp_presentation_window_finalize (GObject *object)
{
  GpPresentationWindow *self = GP_PRESENTATION_WINDOW (object);

  g_clear_pointer (&self->deck, gp_slide_deck_unref);

  G_OBJECT_CLASS (gp_presentation_window_parent_class)->finalize (object);
}

static void
gp_presentation_window_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  GpPresentationWindow *self = GP_PRESENTATION_WINDOW (object);

  switch (prop_id)
    {
    case PROP_DECK:
      g_value_set_boxed (value, self->deck);
      break;

    case PROP_SLIDE:
      g_value_set_uint (value, self->slide);
      break;

    case PROP_N_SLIDES:
      g_value_set_uint (value, gp_slide_deck_get_n_slides (self->deck));
      break;

    case PROP_POINTER_VISIBLE:
      g_value_set_boolean (value, self->pointer_visible);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gp_presentation_window_set_property (GObject      *object,
                                     guint         prop_id,
                                     const GValue *value,
                                     GParamSpec   *pspec)
{
  GpPresentationWindow *self = GP_PRESENTATION_WINDOW (object);

  switch (prop_id)
    {
    case PROP_DECK:
      self->deck = g_value_dup_boxed (value);
      break;

    case PROP_SLIDE:
      gp_presentation_window_set_slide (self, g_value_get_uint (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* Page Down and Page Up are what clickers send; the rest are what a keyboard offers. */
static const struct
{
  guint       keyval;
  const char *action;
} keys[] = {
  { GDK_KEY_Right, "presentation.next" },
  { GDK_KEY_KP_Right, "presentation.next" },
  { GDK_KEY_Page_Down, "presentation.next" },
  { GDK_KEY_KP_Page_Down, "presentation.next" },
  { GDK_KEY_space, "presentation.next" },
  { GDK_KEY_Down, "presentation.next" },
  { GDK_KEY_KP_Down, "presentation.next" },
  { GDK_KEY_Return, "presentation.next" },
  { GDK_KEY_KP_Enter, "presentation.next" },
  { GDK_KEY_Left, "presentation.previous" },
  { GDK_KEY_KP_Left, "presentation.previous" },
  { GDK_KEY_Page_Up, "presentation.previous" },
  { GDK_KEY_KP_Page_Up, "presentation.previous" },
  { GDK_KEY_BackSpace, "presentation.previous" },
  { GDK_KEY_Up, "presentation.previous" },
  { GDK_KEY_KP_Up, "presentation.previous" },
  { GDK_KEY_Home, "presentation.first" },
  { GDK_KEY_KP_Home, "presentation.first" },
  { GDK_KEY_End, "presentation.last" },
  { GDK_KEY_KP_End, "presentation.last" },
  { GDK_KEY_Escape, "presentation.leave" },
  { GDK_KEY_F5, "presentation.leave" },
};

/* The keys are caught before anything else sees them: GtkWindow binds the arrows to moving
 * the focus, and that must not win over turning the slide. */
static void
add_keys (GpPresentationWindow *self)
{
  GtkEventController *controller = gtk_shortcut_controller_new ();

  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    gtk_shortcut_controller_add_shortcut (
        GTK_SHORTCUT_CONTROLLER (controller),
        gtk_shortcut_new (gtk_keyval_trigger_new (keys[i].keyval, 0),
                          gtk_named_action_new (keys[i].action)));
  gtk_shortcut_controller_add_shortcut (
      GTK_SHORTCUT_CONTROLLER (controller),
      gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_s, GDK_CONTROL_MASK),
                        gtk_named_action_new ("presentation.export")));
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}

static void
gp_presentation_window_class_init (GpPresentationWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = gp_presentation_window_constructed;
  object_class->dispose = gp_presentation_window_dispose;
  object_class->finalize = gp_presentation_window_finalize;
  object_class->get_property = gp_presentation_window_get_property;
  object_class->set_property = gp_presentation_window_set_property;
  widget_class->realize = gp_presentation_window_realize;
  widget_class->map = gp_presentation_window_map;

  properties[PROP_DECK] =
    g_param_spec_boxed ("deck", NULL, NULL, GP_TYPE_SLIDE_DECK,
                        G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SLIDE] =
    g_param_spec_uint ("slide", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_N_SLIDES] =
    g_param_spec_uint ("n-slides", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_POINTER_VISIBLE] =
    g_param_spec_boolean ("pointer-visible", NULL, NULL, TRUE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE_PATH "/gp-presentation-window.ui");
  gtk_widget_class_bind_template_child (widget_class, GpPresentationWindow, controls);
  gtk_widget_class_bind_template_child (widget_class, GpPresentationWindow, controls_revealer);
  gtk_widget_class_bind_template_child (widget_class, GpPresentationWindow, counter_label);
  gtk_widget_class_bind_template_child (widget_class, GpPresentationWindow, slide_area);

  gtk_widget_class_install_action (widget_class, "presentation.next", NULL, next_action);
  gtk_widget_class_install_action (widget_class, "presentation.previous", NULL, previous_action);
  gtk_widget_class_install_action (widget_class, "presentation.first", NULL, first_action);
  gtk_widget_class_install_action (widget_class, "presentation.last", NULL, last_action);
  gtk_widget_class_install_action (widget_class, "presentation.leave", NULL, leave_action);
  gtk_widget_class_install_action (widget_class, "presentation.export", NULL, export_action);
  gp_ui_install_show_message (widget_class);
}

static void
gp_presentation_window_init (GpPresentationWindow *self)
{
  GtkEventController *motion;
  GtkGesture *click;

  self->pointer_visible = TRUE;
  self->pointer_x = self->pointer_y = -1;
  gtk_widget_init_template (GTK_WIDGET (self));

  gtk_drawing_area_set_draw_func (self->slide_area, draw_slide, self, NULL);
  add_keys (self);

  motion = gtk_event_controller_motion_new ();
  g_signal_connect_object (motion, "motion", G_CALLBACK (pointer_motion_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);

  click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), 0);
  g_signal_connect_object (click, "pressed", G_CALLBACK (slide_pressed_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self->slide_area), GTK_EVENT_CONTROLLER (click));

  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (dark_changed_cb), self, G_CONNECT_SWAPPED);
}

GpPresentationWindow *
gp_presentation_window_new (GtkWindow   *parent,
                            GpSlideDeck *deck)
{
  g_return_val_if_fail (deck != NULL, NULL);

  /* Not an application window: the app's shortcuts, Ctrl+Q and F11 among them, are not for
   * the room to see taking effect mid-talk. */
  return g_object_new (GP_TYPE_PRESENTATION_WINDOW,
                       "transient-for", parent,
                       "deck", deck,
                       NULL);
}

GpSlideDeck *
gp_presentation_window_get_deck (GpPresentationWindow *self)
{
  g_return_val_if_fail (GP_IS_PRESENTATION_WINDOW (self), NULL);
  return self->deck;
}

guint
gp_presentation_window_get_slide (GpPresentationWindow *self)
{
  g_return_val_if_fail (GP_IS_PRESENTATION_WINDOW (self), 0);
  return self->slide;
}

void
gp_presentation_window_set_slide (GpPresentationWindow *self,
                                  guint                 slide)
{
  g_return_if_fail (GP_IS_PRESENTATION_WINDOW (self));

  slide = MIN (slide, gp_slide_deck_get_n_slides (self->deck) - 1);
  if (slide == self->slide)
    return;

  self->slide = slide;
  update_slide (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SLIDE]);
}

gboolean
gp_presentation_window_get_pointer_visible (GpPresentationWindow *self)
{
  g_return_val_if_fail (GP_IS_PRESENTATION_WINDOW (self), FALSE);
  return self->pointer_visible;
}

/* Export */

static GQuark
deck_to_save_quark (void)
{
  return g_quark_from_static_string ("gp-slide-deck-to-save");
}

static GBytes *
render_deck (gpointer  deck,
             GError  **error)
{
  return gp_slide_deck_to_pdf (deck, error);
}

/* The deck is made once and never changed: drawn on the worker as it is. */
static void
save_pdf_cb (GObject *target,
             GFile   *file)
{
  GpSlideDeck *deck = g_object_get_qdata (target, deck_to_save_quark ());

  gp_ui_save (gtk_widget_get_ancestor (GTK_WIDGET (target), ADW_TYPE_TOAST_OVERLAY), file,
              render_deck, gp_slide_deck_ref (deck), (GDestroyNotify) gp_slide_deck_unref);
}

/* Asks where to save the slides as a PDF, and saves them there. */
void
gp_presentation_window_export (GtkWidget   *widget,
                               GpSlideDeck *deck)
{
  GtkRoot *root;

  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (deck != NULL);

  root = gtk_widget_get_root (widget);

  g_object_set_qdata_full (G_OBJECT (widget), deck_to_save_quark (), gp_slide_deck_ref (deck),
                           (GDestroyNotify) gp_slide_deck_unref);
  gp_compat_save_file (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, _("Export Slides"),
                       /* Translators: the file name offered for the slides */
                       _("slides.pdf"), save_pdf_cb, G_OBJECT (widget));
}
