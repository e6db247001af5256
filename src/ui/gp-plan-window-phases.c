/* gp-plan-window-phases.c — the plan window's phases: a row per phase, its fields once opened,
 * the card's height as rows open and close, and removing or moving a phase up
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Part of GpPlanWindow (gp-plan-window-private.h).
 */

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "gp-plan-window-private.h"

/* A name as long as a paragraph (a plan may hold 1,000 characters) takes seconds to set in a
 * row's title and fills the window: the row shows its start, the Name field all of it. */
#define TITLE_CHARS 80

/* A closed phase's row, its summary two lines (the option, its cost, its emissions), and the
 * most the list of them takes before it scrolls while the window has not yet been laid out. */
#define PHASE_ROW_HEIGHT  76
#define PHASES_MAX_HEIGHT 520
/* Room above the card, to keep the group's title in sight when the card fills the page. */
#define PHASES_TITLE_ROOM 96
/* How long an opening or closing row is followed: longer than its animation. */
#define PHASES_FOLLOW_US (G_USEC_PER_SEC / 2)

static void
set_phase_title (GtkWidget  *expander,
                 const char *name)
{
  g_autofree char *shown = NULL;

  if (g_utf8_strlen (name, -1) > TITLE_CHARS)
    {
      g_autofree char *start = g_utf8_substring (name, 0, TITLE_CHARS - 1);

      shown = g_strconcat (start, "…", NULL);
    }
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (expander), shown ? shown : name);
}

static GpPhase *
phase_of (GtkWidget *widget)
{
  return g_object_get_data (G_OBJECT (widget), "gp-phase");
}

static void
phase_name_changed (GpPlanWindow *self,
                    AdwEntryRow  *row)
{
  GpPhase *phase = phase_of (GTK_WIDGET (row));
  GtkWidget *expander = gtk_widget_get_ancestor (GTK_WIDGET (row), ADW_TYPE_EXPANDER_ROW);

  if (self->filling)
    return;
  _gp_plan_window_set_text (&phase->name, gtk_editable_get_text (GTK_EDITABLE (row)));
  if (phase->name == NULL)
    phase->name = g_strdup (_("Phase"));
  set_phase_title (expander, phase->name);
  _gp_plan_window_save (self);
}

static void
phase_notes_changed (GpPlanWindow *self,
                     AdwEntryRow  *row)
{
  if (self->filling)
    return;
  _gp_plan_window_set_text_of_kind (&phase_of (GTK_WIDGET (row))->notes,
                                    gtk_editable_get_text (GTK_EDITABLE (row)), GP_TEXT_NOTE);
  _gp_plan_window_save (self);
}

static void
phase_hours_changed (GpPlanWindow  *self,
                     GtkSpinButton *spin)
{
  if (self->filling)
    return;
  phase_of (GTK_WIDGET (spin))->gpu_hours = gtk_spin_button_get_value (spin);
  _gp_plan_window_changed (self);
}

static void
phase_purchase_changed (GpPlanWindow *self,
                        GParamSpec   *pspec,
                        GtkSwitch    *toggle)
{
  if (self->filling)
    return;
  phase_of (GTK_WIDGET (toggle))->purchase = gtk_switch_get_active (toggle);
  _gp_plan_window_changed (self);
}

static GtkWidget *
entry_row (GpPlanWindow *self,
           GpPhase      *phase,
           const char   *title,
           const char   *text,
           GCallback     callback)
{
  GtkWidget *row = adw_entry_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  gtk_editable_set_text (GTK_EDITABLE (row), text != NULL ? text : "");
  g_object_set_data (G_OBJECT (row), "gp-phase", phase);
  g_signal_connect_swapped (row, "changed", callback, self);
  return row;
}

/* Which GPU a phase's hours are counted on: its own, or the plan's. */
static void
set_hours_gpu (GpPlanWindow  *self,
               AdwActionRow  *row,
               const GpPhase *phase)
{
  const char *id = phase->reference_gpu ? phase->reference_gpu : self->project->reference_gpu;
  GpGpu *gpu = self->catalog != NULL && id != NULL ? gp_catalog_find_gpu (self->catalog, id) : NULL;
  g_autofree char *text = NULL;

  if (gpu == NULL)
    {
      adw_action_row_set_subtitle (row, _("On the reference GPU"));
      return;
    }
  /* Translators: the GPU a plan's phase's GPU-hours are counted on */
  text = g_strdup_printf (_("On the %s"), gp_gpu_get_name (gpu));
  adw_action_row_set_subtitle (row, text);
}

static GtkWidget *
hours_row (GpPlanWindow *self,
           GpPhase      *phase)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *spin = gtk_spin_button_new_with_range (0.1, 1e6, 10);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("GPU-Hours"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _("On the reference GPU"));
  gtk_spin_button_set_digits (GTK_SPIN_BUTTON (spin), 1);
  if (phase != NULL)
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), phase->gpu_hours);
  g_object_set_data (G_OBJECT (row), "gp-control", spin);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  gtk_widget_set_name (spin, "hours_spin");
  g_object_set_data (G_OBJECT (spin), "gp-phase", phase);
  g_signal_connect_swapped (spin, "value-changed", G_CALLBACK (phase_hours_changed), self);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), spin);
  return row;
}

static GtkWidget *
purchase_row (GpPlanWindow *self,
              GpPhase      *phase)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *toggle = gtk_switch_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Bought for the Project"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _("Its price is the budget’s equipment"));
  gtk_switch_set_active (GTK_SWITCH (toggle), phase != NULL && phase->purchase);
  g_object_set_data (G_OBJECT (row), "gp-control", toggle);
  gtk_widget_set_valign (toggle, GTK_ALIGN_CENTER);
  g_object_set_data (G_OBJECT (toggle), "gp-phase", phase);
  g_signal_connect_swapped (toggle, "notify::active", G_CALLBACK (phase_purchase_changed), self);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), toggle);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), toggle);
  return row;
}

static GtkWidget *
button (const char *label,
        const char *tooltip,
        const char *action,
        guint       index)
{
  GtkWidget *widget = gtk_button_new_with_mnemonic (label);

  gtk_widget_set_tooltip_text (widget, tooltip);
  gtk_widget_set_valign (widget, GTK_ALIGN_CENTER);
  gtk_actionable_set_action_target (GTK_ACTIONABLE (widget), "u", index);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (widget), action);
  return widget;
}

/* The fields of an open phase's row, set from its phase. */
static void
fill_phase_controls (GpPlanWindow *self,
                     GtkWidget    *row,
                     guint         index)
{
  static const char *const fields[] = { "gp-name", "gp-hours", "gp-purchase", "gp-notes" };
  GpPhase *phase = g_ptr_array_index (self->project->phases, index);
  GpInstance *instance =
      self->catalog != NULL ? gp_catalog_find_instance (self->catalog, phase->instance) : NULL;
  gboolean filling = self->filling;

  self->filling = TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    g_object_set_data (g_object_get_data (G_OBJECT (row), fields[i]), "gp-phase", phase);
  gtk_editable_set_text (g_object_get_data (G_OBJECT (row), "gp-name"), phase->name);
  gtk_spin_button_set_value (g_object_get_data (G_OBJECT (row), "gp-hours"), phase->gpu_hours);
  set_hours_gpu (self, g_object_get_data (G_OBJECT (row), "gp-hours-row"), phase);
  gtk_widget_set_visible (g_object_get_data (G_OBJECT (row), "gp-purchase-row"),
                          instance != NULL && gp_instance_get_lab_cost (instance) != NULL);
  gtk_switch_set_active (g_object_get_data (G_OBJECT (row), "gp-purchase"), phase->purchase);
  gtk_editable_set_text (g_object_get_data (G_OBJECT (row), "gp-notes"),
                         phase->notes != NULL ? phase->notes : "");
  gtk_actionable_set_action_target (g_object_get_data (G_OBJECT (row), "gp-up"), "u", index);
  gtk_widget_set_visible (g_object_get_data (G_OBJECT (row), "gp-up"), index > 0);
  gtk_actionable_set_action_target (g_object_get_data (G_OBJECT (row), "gp-remove"), "u", index);
  self->filling = filling;
}

/* The fields of a phase's row, made when it is first opened: a list view keeps some 200 rows
 * ready, and made closed they cost a tenth as much. */
static void
make_phase_controls (GpPlanWindow *self,
                     GParamSpec   *pspec,
                     GtkWidget    *row)
{
  GtkListItem *item = g_object_get_data (G_OBJECT (row), "gp-item");
  GtkWidget *name, *hours, *purchase, *notes, *actions, *up, *remove;

  if (g_object_get_data (G_OBJECT (row), "gp-name") != NULL ||
      !adw_expander_row_get_expanded (ADW_EXPANDER_ROW (row)))
    return;
  name = entry_row (self, NULL, _("Name"), NULL, G_CALLBACK (phase_name_changed));
  hours = hours_row (self, NULL);
  purchase = purchase_row (self, NULL);
  notes = entry_row (self, NULL, _("Notes"), NULL, G_CALLBACK (phase_notes_changed));
  actions = adw_action_row_new ();
  up = button (_("Move _Up"), _("Run this phase before the one above"), "plan.move-phase-up", 0);
  remove = button (_("_Remove"), _("Remove this phase"), "plan.remove-phase", 0);

  adw_expander_row_add_row (ADW_EXPANDER_ROW (row), name);
  adw_expander_row_add_row (ADW_EXPANDER_ROW (row), hours);
  adw_expander_row_add_row (ADW_EXPANDER_ROW (row), purchase);
  adw_expander_row_add_row (ADW_EXPANDER_ROW (row), notes);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (actions), _("Order"));
  adw_action_row_add_suffix (ADW_ACTION_ROW (actions), up);
  gtk_widget_add_css_class (remove, "destructive-action");
  adw_action_row_add_suffix (ADW_ACTION_ROW (actions), remove);
  adw_expander_row_add_row (ADW_EXPANDER_ROW (row), actions);

  g_object_set_data (G_OBJECT (row), "gp-name", name);
  g_object_set_data (G_OBJECT (row), "gp-hours-row", hours);
  g_object_set_data (G_OBJECT (row), "gp-hours",
                     g_object_get_data (G_OBJECT (hours), "gp-control"));
  g_object_set_data (G_OBJECT (row), "gp-purchase-row", purchase);
  g_object_set_data (G_OBJECT (row), "gp-purchase",
                     g_object_get_data (G_OBJECT (purchase), "gp-control"));
  g_object_set_data (G_OBJECT (row), "gp-notes", notes);
  g_object_set_data (G_OBJECT (row), "gp-up", up);
  g_object_set_data (G_OBJECT (row), "gp-remove", remove);
  if (gtk_list_item_get_item (item) != NULL &&
      gtk_list_item_get_position (item) < self->project->phases->len)
    fill_phase_controls (self, row, gtk_list_item_get_position (item));
}

/* The page scrolls, so the card gets the least height it asks for, and a list view asks for no
 * more than its first row: the card asks for the phases' height, an opened one's fields
 * included, up to the height the page is shown at, so that it grows with the window and an
 * opened phase is seen whole; past that it scrolls. */
static void
size_phases (GpPlanWindow *self)
{
  guint n = self->project != NULL ? self->project->phases->len : 0;
  GtkWidget *view = GTK_WIDGET (self->phases_view);
  GtkWidget *page = gtk_widget_get_ancestor (gtk_widget_get_parent (self->phases_scroller),
                                             GTK_TYPE_SCROLLED_WINDOW);
  int natural = n * PHASE_ROW_HEIGHT, room = PHASES_MAX_HEIGHT;
  GtkAdjustment *inside;

  gtk_widget_set_visible (self->phases_scroller, n > 0);
  if (gtk_list_view_get_model (self->phases_view) != NULL && gtk_widget_get_width (view) > 0)
    gtk_widget_measure (view, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (view), NULL, &natural,
                        NULL, NULL);
  /* The view's figure can fall short of its rows as they are laid out (an opened row with a
   * two-line summary): what scrolls in the card counts as it is. */
  inside = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->phases_scroller));
  natural = MAX (natural, (int) ceil (gtk_adjustment_get_upper (inside)));
  if (page != NULL && gtk_widget_get_height (page) > 0)
    room = MAX (gtk_widget_get_height (page) - PHASES_TITLE_ROOM, PHASE_ROW_HEIGHT);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (self->phases_scroller),
                                              MIN (natural, room));
}

static gboolean
follow_phases_tick (GtkWidget     *view,
                    GdkFrameClock *clock,
                    gpointer       user_data)
{
  GpPlanWindow *self = user_data;

  size_phases (self);
  if (gdk_frame_clock_get_frame_time (clock) < self->follow_until)
    return G_SOURCE_CONTINUE;
  self->follow_tick = 0;
  return G_SOURCE_REMOVE;
}

/* A row opens over some frames, and the window's size comes while it is laid out: the card is
 * sized again at each frame for a moment, never in the middle of a layout. */
static void
follow_phases (GpPlanWindow *self)
{
  self->follow_until = g_get_monotonic_time () + PHASES_FOLLOW_US;
  if (self->follow_tick == 0)
    self->follow_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self->phases_view),
                                                      follow_phases_tick, self, NULL);
}

/* A phase's row, made once and shown for any phase (the list view keeps only the rows about
 * the screen, so a plan of 10,000 phases opens at once): its title and cost set at bind, its
 * fields once opened. */
void
_gp_plan_window_setup_phase_row (GpPlanWindow             *self,
                                 GtkListItem              *item,
                                 GtkSignalListItemFactory *factory)
{
  GtkWidget *row = adw_expander_row_new ();

  /* A phase's name and its offer's are text, never markup: "<b> & co" shows as it is. */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  g_object_set_data (G_OBJECT (row), "gp-item", item);
  g_signal_connect_swapped (row, "notify::expanded", G_CALLBACK (make_phase_controls), self);
  g_signal_connect_swapped (row, "notify::expanded", G_CALLBACK (follow_phases), self);
  gtk_list_item_set_activatable (item, FALSE);
  gtk_list_item_set_child (item, row);
}

void
_gp_plan_window_bind_phase_row (GpPlanWindow             *self,
                                GtkListItem              *item,
                                GtkSignalListItemFactory *factory)
{
  GtkWidget *row = gtk_list_item_get_child (item);
  guint index = gtk_list_item_get_position (item);
  g_autofree char *summary = NULL;

  if (index >= self->project->phases->len)
    return;
  set_phase_title (row, ((GpPhase *) g_ptr_array_index (self->project->phases, index))->name);
  summary = _gp_plan_window_phase_summary (self, index);
  adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (row), summary);
  if (g_object_get_data (G_OBJECT (row), "gp-name") != NULL)
    fill_phase_controls (self, row, index);
  g_ptr_array_add (self->bound_items, item);
  /* A new summary (its emissions come with the plan's costing) may take another line. */
  follow_phases (self);
}

void
_gp_plan_window_unbind_phase_row (GpPlanWindow             *self,
                                  GtkListItem              *item,
                                  GtkSignalListItemFactory *factory)
{
  /* The view may let its rows go after the window's dispose. */
  if (self->bound_items != NULL)
    g_ptr_array_remove_fast (self->bound_items, item);
}

static gboolean
attach_phases_tick (GtkWidget     *view,
                    GdkFrameClock *clock,
                    gpointer       user_data)
{
  GpPlanWindow *self = user_data;

  /* Not laid out yet: the next frame. */
  if (gtk_widget_get_height (view) == 0)
    return G_SOURCE_CONTINUE;
  if (gtk_list_view_get_model (self->phases_view) == NULL)
    gtk_list_view_set_model (self->phases_view,
                             GTK_SELECTION_MODEL (gtk_no_selection_new (
                                 g_object_ref (G_LIST_MODEL (self->phase_items)))));
  return G_SOURCE_REMOVE;
}

/* At the first frame after the view is shown that it has its size. */
void
_gp_plan_window_attach_phases (GpPlanWindow *self)
{
  GtkWidget *page = gtk_widget_get_ancestor (gtk_widget_get_parent (self->phases_scroller),
                                             GTK_TYPE_SCROLLED_WINDOW);

  if (!self->follows_page && page != NULL)
    {
      g_signal_connect_object (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (page)),
                               "notify::page-size", G_CALLBACK (follow_phases), self,
                               G_CONNECT_SWAPPED);
      self->follows_page = TRUE;
    }
  follow_phases (self);
  if (gtk_list_view_get_model (self->phases_view) == NULL)
    gtk_widget_add_tick_callback (GTK_WIDGET (self->phases_view), attach_phases_tick, self, NULL);
}

/* The list follows the plan: one item per phase. A change of the phases binds the rows on
 * screen again; the others are bound when they scroll in. */
void
_gp_plan_window_rebuild_phases (GpPlanWindow *self)
{
  guint n = self->project != NULL ? self->project->phases->len : 0;

  gp_index_model_set_n_items (self->phase_items, n);
  size_phases (self);
}

void
_gp_plan_window_remove_phase_action (GtkWidget  *widget,
                                     const char *action,
                                     GVariant   *parameter)
{
  GpPlanWindow *self = GP_PLAN_WINDOW (widget);
  guint index = g_variant_get_uint32 (parameter);

  if (index >= self->project->phases->len)
    return;
  g_ptr_array_remove_index (self->project->phases, index);
  /* The phases after it move up a place: their rows show their new places. */
  gp_index_model_changed (self->phase_items, index, self->project->phases->len + 1 - index,
                          self->project->phases->len - index);
  size_phases (self);
  _gp_plan_window_changed (self);
}

void
_gp_plan_window_move_phase_up_action (GtkWidget  *widget,
                                      const char *action,
                                      GVariant   *parameter)
{
  GpPlanWindow *self = GP_PLAN_WINDOW (widget);
  guint index = g_variant_get_uint32 (parameter);
  gpointer *phases = self->project->phases->pdata;
  gpointer above;

  if (index == 0 || index >= self->project->phases->len)
    return;
  above = phases[index - 1];
  phases[index - 1] = phases[index];
  phases[index] = above;
  gp_index_model_changed (self->phase_items, index - 1, 2, 2);
  _gp_plan_window_changed (self);
}
