/* gp-plan-window.c — the hybrid plan: phases on offers and lab machines, and its grant budget
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window holds the user's one plan, kept in their data folder and written whole at every
 * change. Phases come from the Estimate page (Add to Plan) and from the Assistant's mixed plan;
 * here they are named, given their hours, reordered and removed, and the plan's cost, time and
 * data moves follow every change. The budget is written in the language chosen, whatever the
 * program's: gettext is switched for as long as it is written.
 */

#include "config.h"

#include <locale.h>
#include <math.h>

#include <glib/gi18n.h>

#include "gp-budget-pdf.h"
#include "gp-compat.h"
#include "gp-cost-model.h"
#include "gp-display-currency.h"
#include "gp-emissions.h"
#include "gp-file.h"
#include "gp-format.h"
#include "gp-index-model.h"
#include "gp-plan-window.h"
#include "gp-text.h"
#include "gp-ui-save.h"
#include "gp-ui-toasts.h"
#include "gp-util.h"

struct _GpPlanWindow
{
  AdwWindow parent_instance;

  GpCatalog *catalog;
  GFile *file; /* where the plan is kept */
  GpProject *project;
  GpProject *replaced; /* the plan before the last replacement, for Undo */
  GpProjectCost *cost; /* NULL when it cannot be costed */
  char *problem;       /* why not */
  GpDisplayCurrency *currency;
  GpIndexModel *phase_items; /* one item per phase, by position: the list view's model */
  GPtrArray *bound_items;    /* the GtkListItems showing a phase now */
  gboolean filling;          /* the form is being filled from the plan: nothing to write back */
  guint follow_tick;         /* sizes the phases' card each frame while a row opens or closes */
  gint64 follow_until;       /* and until when */
  gboolean follows_page;     /* the card follows the height the page is shown at */

  /* Template widgets */
  AdwToastOverlay *toast_overlay;
  AdwEntryRow *title_row;
  AdwEntryRow *start_row;
  AdwEntryRow *end_row;
  GtkSpinButton *dataset_spin;
  GtkSpinButton *upload_spin;
  GtkSpinButton *contingency_spin;
  AdwPreferencesGroup *phases_group;
  GtkListView *phases_view;
  GtkWidget *phases_scroller;
  AdwActionRow *cost_row;
  AdwActionRow *time_row;
  AdwActionRow *data_row;
  AdwActionRow *emissions_row;
  AdwComboRow *format_row;
  AdwComboRow *language_row;
  GtkSwitch *launch_switch;
};

G_DEFINE_FINAL_TYPE (GpPlanWindow, gp_plan_window, ADW_TYPE_WINDOW)

static void rebuild_phases (GpPlanWindow *self);

static void
show_toast (GpPlanWindow *self,
            const char   *text)
{
  adw_toast_overlay_add_toast (self->toast_overlay, gp_ui_toast_new (GTK_WIDGET (self), text));
}

/* Costing */

static void
set_row_value (AdwActionRow *row,
               const char   *value)
{
  adw_action_row_set_subtitle (row, value != NULL ? value : "—");
}

/* "Compute Engine a2-highgpu-1g · asia-east1 · Spot · 343.6 h · ¥1,084" */
static char *
phase_summary (GpPlanWindow *self,
               guint         index)
{
  const GpPhase *phase = g_ptr_array_index (self->project->phases, index);
  const GpPhaseCost *cost = NULL;
  GpInstance *instance =
      self->catalog != NULL ? gp_catalog_find_instance (self->catalog, phase->instance) : NULL;
  g_autofree char *money = NULL, *label = NULL, *emissions = NULL;

  if (self->cost != NULL && index < self->cost->phases->len)
    cost = g_ptr_array_index (self->cost->phases, index);
  if (cost == NULL)
    /* Translators: a phase of a plan not costed: its instance and way of paying */
    return g_strdup_printf (_("%s · %s"),
                            instance ? gp_instance_get_name (instance) : phase->instance,
                            gp_estimate_pricing_get_label (phase->pricing));

  money = gp_format_money (gp_phase_cost_total (cost), self->cost->currency);
  label = gp_estimate_dup_label (cost->estimate);
  emissions = gp_phase_cost_dup_emissions (cost);
  /* Translators: a phase of a plan: its option, where, how it is paid, its time, cost and
   * estimated emissions */
  return g_strdup_printf (_("%s · %s · %s · %.1f h · %s · %s"), label,
                          gp_offer_get_region_id (gp_estimate_get_offer (cost->estimate)),
                          cost->owned ? _("owned")
                                      : gp_estimate_pricing_get_label (phase->pricing),
                          cost->hours, money, emissions);
}

/* "In all: 40.2 kgCO2e · Method: Green Algorithms (…)": the budget's line, from the same core. */
static void
show_emissions (GpPlanWindow *self)
{
  g_autofree char *in_all = gp_project_cost_dup_emissions (self->cost);
  g_autofree char *method = gp_emissions_dup_method ();
  g_autofree char *line = g_strdup_printf ("%s · %s", in_all, method);

  set_row_value (self->emissions_row, line);
}

static void
show_totals (GpPlanWindow *self)
{
  g_autofree char *money = NULL, *hours = NULL, *moved = NULL;
  double egress = 0;

  /* The rows on screen say their phase's new cost; the others will when shown. */
  for (guint i = 0; i < self->bound_items->len; i++)
    {
      GtkListItem *item = g_ptr_array_index (self->bound_items, i);
      guint index = gtk_list_item_get_position (item);
      g_autofree char *summary = NULL;

      if (index >= self->project->phases->len)
        continue;
      summary = phase_summary (self, index);
      adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (gtk_list_item_get_child (item)), summary);
    }

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "plan.export-budget", self->cost != NULL);
  if (self->cost == NULL)
    {
      set_row_value (self->cost_row, self->problem);
      set_row_value (self->time_row, NULL);
      set_row_value (self->data_row, NULL);
      set_row_value (self->emissions_row, NULL);
      return;
    }

  for (guint i = 0; i < self->cost->phases->len; i++)
    egress += ((GpPhaseCost *) g_ptr_array_index (self->cost->phases, i))->move_egress;
  money = gp_format_money (self->cost->total, self->cost->currency);
  set_row_value (self->cost_row, money);
  /* Translators: a plan's time from start to finish */
  hours = g_strdup_printf (_("%.1f hours, data moves included"), self->cost->hours);
  set_row_value (self->time_row, hours);
  {
    g_autofree char *paid = gp_format_money (egress, self->cost->currency);

    /* Translators: the data a plan moves between places, and the egress it pays */
    moved = g_strdup_printf (_("%.0f GB, %s of egress"), self->cost->moved_gb, paid);
  }
  set_row_value (self->data_row, moved);
  show_emissions (self);
}

/* The figures the phases share: the currency every page shows, at its rate. */
static GpWorkload *
base_workload (GpPlanWindow *self)
{
  GpWorkload *workload = gp_workload_new ();

  gp_display_currency_apply (self->currency, workload, self->catalog);
  return workload;
}

static GpProjectCost *
cost_plan (GpPlanWindow  *self,
           GError       **error)
{
  g_autoptr(GpWorkload) base = NULL;

  if (self->catalog == NULL || self->project->phases->len == 0)
    {
      g_set_error_literal (error, GP_PROJECT_ERROR, GP_PROJECT_ERROR_INVALID, _("No phases yet"));
      return NULL;
    }
  base = base_workload (self);
  return gp_project_cost_new (self->catalog, self->project, base, error);
}

static void
recompute (GpPlanWindow *self)
{
  g_autoptr(GError) error = NULL;

  g_clear_pointer (&self->cost, gp_project_cost_free);
  g_clear_pointer (&self->problem, g_free);
  self->cost = cost_plan (self, &error);
  if (self->cost == NULL)
    self->problem = g_strdup (error->message);
  show_totals (self);
}

/* Written whole at every change: the user's work is never half on disk. */
static void
save (GpPlanWindow *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) folder = g_file_get_parent (self->file);

  g_free (self->project->currency);
  self->project->currency = g_strdup (gp_display_currency_get_code (self->currency));
  g_file_make_directory_with_parents (folder, NULL, NULL);
  if (!gp_project_save (self->project, self->file, &error))
    {
      g_autofree char *text = g_strdup_printf (_("Could not keep the plan: %s"), error->message);

      show_toast (self, text);
    }
}

static void
changed (GpPlanWindow *self)
{
  if (self->filling)
    return;
  save (self);
  recompute (self);
}

/* The form */

/* What is typed is kept as a plan file may hold it (gp-text.h): printable, no longer than a
 * name may be, so that the plan reads back at the next start. */
static void
set_text_of_kind (char       **field,
                  const char  *text,
                  GpTextKind   kind)
{
  g_autofree char *plain = gp_text_make_plain (text, kind);
  g_autofree char *stripped = NULL;

  if (g_utf8_strlen (plain, -1) > GP_TEXT_MAX_NAME && kind == GP_TEXT_NAME)
    {
      g_autofree char *cut = g_utf8_substring (plain, 0, GP_TEXT_MAX_NAME);

      g_free (plain);
      plain = g_steal_pointer (&cut);
    }
  stripped = g_strstrip (g_strdup (plain));
  g_free (*field);
  *field = *stripped != '\0' ? g_steal_pointer (&stripped) : NULL;
}

static void
set_text (char       **field,
          const char  *text)
{
  set_text_of_kind (field, text, GP_TEXT_NAME);
}

/* A date is taken once it is one; until then the row says so and the plan keeps the last. */
static void
date_changed (GpPlanWindow *self,
              AdwEntryRow  *row)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (row));
  char **field = row == self->start_row ? &self->project->start : &self->project->end;
  gboolean ok = *text == '\0' || gp_date_is_valid (text, FALSE);

  if (ok)
    gtk_widget_remove_css_class (GTK_WIDGET (row), "error");
  else
    gtk_widget_add_css_class (GTK_WIDGET (row), "error");
  if (!ok || self->filling)
    return;
  set_text (field, text);
  save (self);
}

static void
project_changed (GpPlanWindow *self)
{
  if (self->filling)
    return;
  set_text (&self->project->title, gtk_editable_get_text (GTK_EDITABLE (self->title_row)));
  if (self->project->title == NULL)
    self->project->title = g_strdup (_("My project"));
  self->project->contingency_pct = gtk_spin_button_get_value (self->contingency_spin);
  /* Only the data and its speed move the costs; the rest is kept, not costed again. */
  if (self->project->dataset_gb != gtk_spin_button_get_value (self->dataset_spin) ||
      self->project->upload_mbps != gtk_spin_button_get_value (self->upload_spin))
    {
      self->project->dataset_gb = gtk_spin_button_get_value (self->dataset_spin);
      self->project->upload_mbps = gtk_spin_button_get_value (self->upload_spin);
      changed (self);
    }
  else
    save (self);
}

static void
fill_form (GpPlanWindow *self)
{
  GpProject *project = self->project;

  self->filling = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (self->title_row), project->title ? project->title : "");
  gtk_editable_set_text (GTK_EDITABLE (self->start_row), project->start ? project->start : "");
  gtk_editable_set_text (GTK_EDITABLE (self->end_row), project->end ? project->end : "");
  gtk_spin_button_set_value (self->dataset_spin, project->dataset_gb);
  gtk_spin_button_set_value (self->upload_spin,
                             project->upload_mbps > 0 ? project->upload_mbps : 100);
  gtk_spin_button_set_value (self->contingency_spin, project->contingency_pct);
  self->filling = FALSE;
  rebuild_phases (self);
  recompute (self);
}

/* Phases */

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
  set_text (&phase->name, gtk_editable_get_text (GTK_EDITABLE (row)));
  if (phase->name == NULL)
    phase->name = g_strdup (_("Phase"));
  set_phase_title (expander, phase->name);
  save (self);
}

static void
phase_notes_changed (GpPlanWindow *self,
                     AdwEntryRow  *row)
{
  if (self->filling)
    return;
  set_text_of_kind (&phase_of (GTK_WIDGET (row))->notes, gtk_editable_get_text (GTK_EDITABLE (row)),
                    GP_TEXT_NOTE);
  save (self);
}

static void
phase_hours_changed (GpPlanWindow  *self,
                     GtkSpinButton *spin)
{
  if (self->filling)
    return;
  phase_of (GTK_WIDGET (spin))->gpu_hours = gtk_spin_button_get_value (spin);
  changed (self);
}

static void
phase_purchase_changed (GpPlanWindow *self,
                        GParamSpec   *pspec,
                        GtkSwitch    *toggle)
{
  if (self->filling)
    return;
  phase_of (GTK_WIDGET (toggle))->purchase = gtk_switch_get_active (toggle);
  changed (self);
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
static void
setup_phase_row (GpPlanWindow             *self,
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

static void
bind_phase_row (GpPlanWindow             *self,
                GtkListItem              *item,
                GtkSignalListItemFactory *factory)
{
  GtkWidget *row = gtk_list_item_get_child (item);
  guint index = gtk_list_item_get_position (item);
  g_autofree char *summary = NULL;

  if (index >= self->project->phases->len)
    return;
  set_phase_title (row, ((GpPhase *) g_ptr_array_index (self->project->phases, index))->name);
  summary = phase_summary (self, index);
  adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (row), summary);
  if (g_object_get_data (G_OBJECT (row), "gp-name") != NULL)
    fill_phase_controls (self, row, index);
  g_ptr_array_add (self->bound_items, item);
  /* A new summary (its emissions come with the plan's costing) may take another line. */
  follow_phases (self);
}

static void
unbind_phase_row (GpPlanWindow             *self,
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
static void
attach_phases (GpPlanWindow *self)
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
static void
rebuild_phases (GpPlanWindow *self)
{
  guint n = self->project != NULL ? self->project->phases->len : 0;

  gp_index_model_set_n_items (self->phase_items, n);
  size_phases (self);
}

static void
remove_phase_action (GtkWidget  *widget,
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
  changed (self);
}

static void
move_phase_up_action (GtkWidget  *widget,
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
  changed (self);
}

/* Replacing the plan */

static void
undo_replace_action (GtkWidget  *widget,
                     const char *action,
                     GVariant   *parameter)
{
  GpPlanWindow *self = GP_PLAN_WINDOW (widget);

  if (self->replaced == NULL)
    return;
  gp_project_free (self->project);
  self->project = g_steal_pointer (&self->replaced);
  fill_form (self);
  save (self);
}

/* Holds @project in place of the plan, with Undo in a toast when the plan had phases. */
void
gp_plan_window_replace (GpPlanWindow *self,
                        GpProject    *project)
{
  gboolean had_phases;

  g_return_if_fail (GP_IS_PLAN_WINDOW (self));
  g_return_if_fail (project != NULL);

  had_phases = self->project->phases->len > 0;
  g_clear_pointer (&self->replaced, gp_project_free);
  self->replaced = g_steal_pointer (&self->project);
  self->project = project;
  fill_form (self);
  save (self);
  if (had_phases)
    {
      AdwToast *toast = gp_ui_toast_new (GTK_WIDGET (self), _("The plan was replaced"));

      adw_toast_set_button_label (toast, _("_Undo"));
      adw_toast_set_action_name (toast, "plan.undo-replace");
      adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
      adw_toast_overlay_add_toast (self->toast_overlay, toast);
    }
}

/* The toast after a phase counted on its own GPU was added: a short title, and why behind
 * Details, with the GPUs' names. */
static AdwToast *
added_on_own_gpu_toast (GpPlanWindow  *self,
                        const GpPhase *phase,
                        const char    *title)
{
  GpGpu *own = self->catalog ? gp_catalog_find_gpu (self->catalog, phase->reference_gpu) : NULL;
  GpGpu *plan =
      self->catalog ? gp_catalog_find_gpu (self->catalog, self->project->reference_gpu) : NULL;
  g_autofree char *details = NULL;
  AdwToast *toast;

  /* Translators: why a phase added to a plan keeps its GPU: the phase, the GPU its hours were
   * counted on, and the plan's GPU */
  details = g_strdup_printf (
      _("%s: its hours were counted on the %s, as on the Estimate page, and the plan counts "
         "them on that GPU, so the phase costs what the estimate said. The plan’s other phases "
         "keep theirs (the plan’s is the %s)."),
      phase->name, own != NULL ? gp_gpu_get_name (own) : phase->reference_gpu,
      plan != NULL ? gp_gpu_get_name (plan) : self->project->reference_gpu);
  toast = gp_ui_toast_new_with_details (GTK_WIDGET (self), title, details);
  /* Not queued behind the toast of the phase before: it tells what the plan does now. */
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  return toast;
}

/* Adds the phase at the end. The first phase's GPU is the plan's; a phase counted on another
 * names its own, so that its hours are read on the GPU they were counted on, and the toast
 * says so. With its job's figures, the phase costs what its estimate said. */
void
gp_plan_window_add_phase (GpPlanWindow *self,
                          GpPhase      *phase,
                          GpWorkload   *job,
                          const char   *reference_gpu)
{
  GpProject *project;
  g_autofree char *text = NULL;

  g_return_if_fail (GP_IS_PLAN_WINDOW (self));
  g_return_if_fail (phase != NULL);

  project = self->project;
  if (project->phases->len == 0)
    {
      g_free (project->reference_gpu);
      project->reference_gpu = g_strdup (reference_gpu);
      if (job != NULL)
        {
          project->dataset_gb = gp_workload_get_dataset_gb (job);
          project->results_gb = gp_workload_get_results_gb (job);
          if (!isnan (gp_workload_get_upload_mbps (job)))
            project->upload_mbps = gp_workload_get_upload_mbps (job);
        }
    }
  if (reference_gpu != NULL && g_strcmp0 (reference_gpu, project->reference_gpu) != 0)
    gp_set_str (&phase->reference_gpu, reference_gpu);
  if (job != NULL && phase->job == NULL)
    phase->job = gp_phase_job_from_workload (job);
  g_ptr_array_add (project->phases, phase);
  fill_form (self);
  save (self);

  /* Translators: a toast after a phase was added to the plan */
  text = g_strdup_printf (_("Added %s to the plan"), phase->name);
  if (phase->reference_gpu != NULL)
    adw_toast_overlay_add_toast (self->toast_overlay, added_on_own_gpu_toast (self, phase, text));
  else
    show_toast (self, text);
}

/* Files */

static void
open_chosen_cb (GListModel *files,
                gpointer    user_data)
{
  GpPlanWindow *self = user_data;
  g_autoptr(GFile) file = g_list_model_get_item (files, 0);
  g_autoptr(GError) error = NULL;
  GpProject *project;

  if (file == NULL)
    return;
  project = gp_project_load (file, &error);
  if (project == NULL)
    {
      show_toast (self, error->message);
      return;
    }
  gp_plan_window_replace (self, project);
}

static void
open_action (GtkWidget  *widget,
             const char *action,
             GVariant   *parameter)
{
  GpPlanWindow *self = GP_PLAN_WINDOW (widget);
  g_autoptr(GListStore) filters = g_list_store_new (GTK_TYPE_FILE_FILTER);
  g_autoptr(GtkFileFilter) json = gtk_file_filter_new ();

  gtk_file_filter_set_name (json, _("Plans (JSON)"));
  gtk_file_filter_add_suffix (json, "json");
  g_list_store_append (filters, json);
  /* The window lives as long as the main window, hidden when closed. */
  gp_compat_open_files (GTK_WINDOW (self), _("Open a Plan"), G_LIST_MODEL (filters),
                        open_chosen_cb, self);
}

static void
save_as_chosen_cb (GObject *target,
                   GFile   *file)
{
  GpPlanWindow *self = GP_PLAN_WINDOW (target);
  g_autoptr(GError) error = NULL;
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *text = NULL;

  if (gp_project_save (self->project, file, &error))
    text = g_strdup_printf (_("Saved “%s”"), name);
  else
    text = g_strdup_printf (_("Could not save “%s”: %s"), name, error->message);
  show_toast (self, text);
}

static void
save_as_action (GtkWidget  *widget,
                const char *action,
                GVariant   *parameter)
{
  gp_compat_save_file (GTK_WINDOW (widget), _("Save the Plan"), "plan.json", save_as_chosen_cb,
                       G_OBJECT (widget));
}

/* The budget */

/* Writes with gettext speaking @language, then as before. */
static char *
switch_language (const char *language)
{
  char *previous = g_strdup (g_getenv ("LANGUAGE"));

  /* gettext ignores LANGUAGE in the plain C locale. */
  if (g_strcmp0 (setlocale (LC_MESSAGES, NULL), "C") == 0)
    setlocale (LC_MESSAGES, "C.UTF-8");
  g_setenv ("LANGUAGE", language, TRUE);
  textdomain (GETTEXT_PACKAGE);
  return previous;
}

static void
restore_language (char *previous)
{
  if (previous != NULL)
    g_setenv ("LANGUAGE", previous, TRUE);
  else
    g_unsetenv ("LANGUAGE");
  textdomain (GETTEXT_PACKAGE);
  g_free (previous);
}

static GpBudget *
new_budget (GpPlanWindow  *self,
            GError       **error)
{
  GpProjectCost *cost = cost_plan (self, error);
  GpBudget *budget;

  if (cost == NULL)
    return NULL;
  budget = gp_budget_new (cost, self->project->contingency_pct);
  budget->with_launch = gtk_switch_get_active (self->launch_switch);
  return budget;
}

static GBytes *
render_costed_budget (GpBudget        *budget,
                      GpBudgetFormat   format,
                      GError         **error)
{
  char *text;

  if (format == GP_BUDGET_FORMAT_PDF)
    return gp_budget_render_pdf (budget, NULL, error);
  text =
      format == GP_BUDGET_FORMAT_CSV ? gp_budget_to_csv (budget) : gp_budget_to_markdown (budget);
  return g_bytes_new_take (text, strlen (text));
}

static GBytes *
render_budget (GpPlanWindow    *self,
               GpBudgetFormat   format,
               GError         **error)
{
  g_autoptr(GpBudget) budget = new_budget (self, error);

  return budget != NULL ? render_costed_budget (budget, format, error) : NULL;
}

/* Writes the plan's grant budget in @language, whatever the program speaks. */
gboolean
gp_plan_window_write_budget (GpPlanWindow    *self,
                             GFile           *file,
                             GpBudgetFormat   format,
                             const char      *language,
                             GError         **error)
{
  g_autoptr(GBytes) bytes = NULL;
  char *previous;

  g_return_val_if_fail (GP_IS_PLAN_WINDOW (self), FALSE);

  /* The assumptions are written as the plan is costed: in the budget's language too. */
  previous = switch_language (language);
  bytes = render_budget (self, format, error);
  restore_language (previous);
  return bytes != NULL && gp_file_replace_bytes (file, bytes, error);
}

typedef struct
{
  GpBudget *budget;
  GpBudgetFormat format;
} BudgetExport;

static void
budget_export_free (BudgetExport *export)
{
  g_clear_pointer (&export->budget, gp_budget_free);
  g_free (export);
}

static GBytes *
render_budget_export (gpointer  snapshot,
                      GError  **error)
{
  BudgetExport *export = snapshot;

  return render_costed_budget (export->budget, export->format, error);
}

/* Whether gettext speaks @language already ("en" or "zh_CN"). */
static gboolean
speaks (const char *language)
{
  return g_str_has_prefix (g_get_language_names ()[0], "zh") == g_str_equal (language, "zh_CN");
}

/* Costed here, drawn and written on a worker; but a budget in the other language is written
 * whole here, since the language gettext speaks is the whole program's. */
static void
export_chosen_cb (GObject *target,
                  GFile   *file)
{
  GpPlanWindow *self = GP_PLAN_WINDOW (target);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  GpBudgetFormat format = adw_combo_row_get_selected (self->format_row);
  const char *language = adw_combo_row_get_selected (self->language_row) == 1 ? "zh_CN" : "en";
  char *previous;

  if (speaks (language))
    {
      GpBudget *budget = new_budget (self, &error);
      BudgetExport *export;

      if (budget == NULL)
        {
          gp_ui_save_bytes (GTK_WIDGET (self->toast_overlay), file, NULL, error);
          return;
        }
      export = g_new0 (BudgetExport, 1);
      export->budget = budget;
      export->format = format;
      gp_ui_save (GTK_WIDGET (self->toast_overlay), file, render_budget_export, export,
                  (GDestroyNotify) budget_export_free);
      return;
    }
  previous = switch_language (language);
  bytes = render_budget (self, format, &error);
  restore_language (previous);
  gp_ui_save_bytes (GTK_WIDGET (self->toast_overlay), file, bytes, error);
}

static void
export_budget_action (GtkWidget  *widget,
                      const char *action,
                      GVariant   *parameter)
{
  GpPlanWindow *self = GP_PLAN_WINDOW (widget);
  static const char *const names[] = { "budget.pdf", "budget.md", "budget.csv" };
  guint format = adw_combo_row_get_selected (self->format_row);

  gp_compat_save_file (GTK_WINDOW (self), _("Export Budget"),
                       names[MIN (format, G_N_ELEMENTS (names) - 1)], export_chosen_cb,
                       G_OBJECT (self));
}

/* The plan kept in the user's data: read at the start; one that cannot be read is set aside,
 * never written over. */
static void
load (GpPlanWindow *self)
{
  g_autoptr(GError) error = NULL;

  if (g_file_query_exists (self->file, NULL))
    self->project = gp_project_load (self->file, &error);
  if (error != NULL)
    {
      /* Written over at the next change: kept aside first, never over an earlier one. */
      g_autoptr(GFile) aside = gp_file_set_aside (self->file, NULL);
      g_autofree char *aside_path = aside != NULL ? g_file_get_path (aside) : NULL;
      g_autofree char *text = NULL;

      /* Translators: the plan file could not be read: why, and where it was put */
      text = g_strdup_printf (_("Your plan could not be read (%s); it was kept as %s"),
                              error->message, aside_path != NULL ? aside_path : "—");
      show_toast (self, text);
    }
  if (self->project == NULL)
    self->project = gp_project_new (_("My project"));
}

static void
gp_plan_window_dispose (GObject *object)
{
  GpPlanWindow *self = GP_PLAN_WINDOW (object);

  if (self->follow_tick != 0 && self->phases_view != NULL)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self->phases_view), self->follow_tick);
  self->follow_tick = 0;
  gtk_widget_dispose_template (GTK_WIDGET (self), GP_TYPE_PLAN_WINDOW);
  g_clear_object (&self->catalog);
  g_clear_object (&self->file);
  g_clear_object (&self->currency);
  g_clear_pointer (&self->cost, gp_project_cost_free);
  g_clear_pointer (&self->project, gp_project_free);
  g_clear_pointer (&self->replaced, gp_project_free);
  g_clear_pointer (&self->problem, g_free);
  g_clear_pointer (&self->bound_items, g_ptr_array_unref);
  g_clear_object (&self->phase_items);

  G_OBJECT_CLASS (gp_plan_window_parent_class)->dispose (object);
}

static void
gp_plan_window_class_init (GpPlanWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = gp_plan_window_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE_PATH "/gp-plan-window.ui");
  gtk_widget_class_bind_template_child (widget_class, GpPlanWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, GpPlanWindow, title_row);
  gtk_widget_class_bind_template_child (widget_class, GpPlanWindow, start_row);
  gtk_widget_class_bind_template_child (widget_class, GpPlanWindow, end_row);
  gtk_widget_class_bind_template_child (widget_class, GpPlanWindow, dataset_spin);
  gtk_widget_class_bind_template_child (widget_class, GpPlanWindow, upload_spin);
  gtk_widget_class_bind_template_child (widget_class, GpPlanWindow, contingency_spin);
  gtk_widget_class_bind_template_child (widget_class, GpPlanWindow, phases_group);
  gtk_widget_class_bind_template_child (widget_class, GpPlanWindow, phases_view);
  gtk_widget_class_bind_template_child (widget_class, GpPlanWindow, phases_scroller);
  gtk_widget_class_bind_template_callback (widget_class, setup_phase_row);
  gtk_widget_class_bind_template_callback (widget_class, bind_phase_row);
  gtk_widget_class_bind_template_callback (widget_class, unbind_phase_row);
  gtk_widget_class_bind_template_child (widget_class, GpPlanWindow, cost_row);
  gtk_widget_class_bind_template_child (widget_class, GpPlanWindow, time_row);
  gtk_widget_class_bind_template_child (widget_class, GpPlanWindow, data_row);
  gtk_widget_class_bind_template_child (widget_class, GpPlanWindow, emissions_row);
  gtk_widget_class_bind_template_child (widget_class, GpPlanWindow, format_row);
  gtk_widget_class_bind_template_child (widget_class, GpPlanWindow, language_row);
  gtk_widget_class_bind_template_child (widget_class, GpPlanWindow, launch_switch);

  gtk_widget_class_install_action (widget_class, "plan.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "plan.save-as", NULL, save_as_action);
  gtk_widget_class_install_action (widget_class, "plan.export-budget", NULL, export_budget_action);
  gtk_widget_class_install_action (widget_class, "plan.remove-phase", "u", remove_phase_action);
  gtk_widget_class_install_action (widget_class, "plan.move-phase-up", "u", move_phase_up_action);
  gtk_widget_class_install_action (widget_class, "plan.undo-replace", NULL, undo_replace_action);
  gp_ui_install_show_message (widget_class);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
gp_plan_window_init (GpPlanWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->bound_items = g_ptr_array_new ();
  self->phase_items = gp_index_model_new ();
  /* The view takes its model once shown and sized: before, GTK 4.8 makes a row for every item
   * it is told of (a second for 10,000 phases). */
  g_signal_connect_swapped (self->phases_view, "map", G_CALLBACK (attach_phases), self);

  /* The budget speaks the program's language unless asked for the other. */
  if (g_str_has_prefix (g_get_language_names ()[0], "zh"))
    adw_combo_row_set_selected (self->language_row, 1);

  g_signal_connect_swapped (self->title_row, "changed", G_CALLBACK (project_changed), self);
  g_signal_connect_swapped (self->start_row, "changed", G_CALLBACK (date_changed), self);
  g_signal_connect_swapped (self->end_row, "changed", G_CALLBACK (date_changed), self);
  g_signal_connect_swapped (self->dataset_spin, "value-changed", G_CALLBACK (project_changed),
                            self);
  g_signal_connect_swapped (self->upload_spin, "value-changed", G_CALLBACK (project_changed), self);
  g_signal_connect_swapped (self->contingency_spin, "value-changed", G_CALLBACK (project_changed),
                            self);
}

GpPlanWindow *
gp_plan_window_new (GtkWindow         *parent,
                    GFile             *file,
                    GpDisplayCurrency *currency)
{
  GpPlanWindow *self = g_object_new (GP_TYPE_PLAN_WINDOW, "transient-for", parent, NULL);

  self->file = g_object_ref (file);
  /* The plan is costed in the currency every page shows, and follows it. */
  self->currency = g_object_ref (currency);
  g_signal_connect_object (currency, "changed", G_CALLBACK (recompute), self, G_CONNECT_SWAPPED);
  load (self);
  fill_form (self);
  return self;
}

void
gp_plan_window_set_catalog (GpPlanWindow *self,
                            GpCatalog    *catalog)
{
  g_return_if_fail (GP_IS_PLAN_WINDOW (self));

  if (g_set_object (&self->catalog, catalog))
    {
      rebuild_phases (self);
      recompute (self);
    }
}

const GpProject *
gp_plan_window_get_project (GpPlanWindow *self)
{
  g_return_val_if_fail (GP_IS_PLAN_WINDOW (self), NULL);
  return self->project;
}

const GpProjectCost *
gp_plan_window_get_cost (GpPlanWindow *self)
{
  g_return_val_if_fail (GP_IS_PLAN_WINDOW (self), NULL);
  return self->cost;
}

const char *
gp_plan_window_get_problem (GpPlanWindow *self)
{
  g_return_val_if_fail (GP_IS_PLAN_WINDOW (self), NULL);
  return self->problem;
}
