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
 *
 * The list of phases is in gp-plan-window-phases.c, the budget's export in
 * gp-plan-window-budget.c.
 */

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "gp-compat.h"
#include "gp-cost-model.h"
#include "gp-emissions.h"
#include "gp-file.h"
#include "gp-format.h"
#include "gp-plan-window-private.h"
#include "gp-ui-toasts.h"
#include "gp-util.h"

G_DEFINE_FINAL_TYPE (GpPlanWindow, gp_plan_window, ADW_TYPE_WINDOW)

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
char *
_gp_plan_window_phase_summary (GpPlanWindow *self,
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
      summary = _gp_plan_window_phase_summary (self, index);
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

GpProjectCost *
_gp_plan_window_cost_plan (GpPlanWindow  *self,
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
  self->cost = _gp_plan_window_cost_plan (self, &error);
  if (self->cost == NULL)
    self->problem = g_strdup (error->message);
  show_totals (self);
}

/* Written whole at every change: the user's work is never half on disk. */
void
_gp_plan_window_save (GpPlanWindow *self)
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

void
_gp_plan_window_changed (GpPlanWindow *self)
{
  if (self->filling)
    return;
  _gp_plan_window_save (self);
  recompute (self);
}

/* The form */

/* What is typed is kept as a plan file may hold it (gp-text.h): printable, no longer than a
 * name may be, so that the plan reads back at the next start. */
void
_gp_plan_window_set_text_of_kind (char       **field,
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

void
_gp_plan_window_set_text (char       **field,
                          const char  *text)
{
  _gp_plan_window_set_text_of_kind (field, text, GP_TEXT_NAME);
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
  _gp_plan_window_set_text (field, text);
  _gp_plan_window_save (self);
}

static void
project_changed (GpPlanWindow *self)
{
  if (self->filling)
    return;
  _gp_plan_window_set_text (&self->project->title,
                            gtk_editable_get_text (GTK_EDITABLE (self->title_row)));
  if (self->project->title == NULL)
    self->project->title = g_strdup (_("My project"));
  self->project->contingency_pct = gtk_spin_button_get_value (self->contingency_spin);
  /* Only the data and its speed move the costs; the rest is kept, not costed again. */
  if (self->project->dataset_gb != gtk_spin_button_get_value (self->dataset_spin) ||
      self->project->upload_mbps != gtk_spin_button_get_value (self->upload_spin))
    {
      self->project->dataset_gb = gtk_spin_button_get_value (self->dataset_spin);
      self->project->upload_mbps = gtk_spin_button_get_value (self->upload_spin);
      _gp_plan_window_changed (self);
    }
  else
    _gp_plan_window_save (self);
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
  _gp_plan_window_rebuild_phases (self);
  recompute (self);
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
  _gp_plan_window_save (self);
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
  _gp_plan_window_save (self);
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
  _gp_plan_window_save (self);

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
  gtk_widget_class_bind_template_callback_full (widget_class, "setup_phase_row",
                                                G_CALLBACK (_gp_plan_window_setup_phase_row));
  gtk_widget_class_bind_template_callback_full (widget_class, "bind_phase_row",
                                                G_CALLBACK (_gp_plan_window_bind_phase_row));
  gtk_widget_class_bind_template_callback_full (widget_class, "unbind_phase_row",
                                                G_CALLBACK (_gp_plan_window_unbind_phase_row));
  gtk_widget_class_bind_template_child (widget_class, GpPlanWindow, cost_row);
  gtk_widget_class_bind_template_child (widget_class, GpPlanWindow, time_row);
  gtk_widget_class_bind_template_child (widget_class, GpPlanWindow, data_row);
  gtk_widget_class_bind_template_child (widget_class, GpPlanWindow, emissions_row);
  gtk_widget_class_bind_template_child (widget_class, GpPlanWindow, format_row);
  gtk_widget_class_bind_template_child (widget_class, GpPlanWindow, language_row);
  gtk_widget_class_bind_template_child (widget_class, GpPlanWindow, launch_switch);

  gtk_widget_class_install_action (widget_class, "plan.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "plan.save-as", NULL, save_as_action);
  gtk_widget_class_install_action (widget_class, "plan.export-budget", NULL,
                                   _gp_plan_window_export_budget_action);
  gtk_widget_class_install_action (widget_class, "plan.remove-phase", "u",
                                   _gp_plan_window_remove_phase_action);
  gtk_widget_class_install_action (widget_class, "plan.move-phase-up", "u",
                                   _gp_plan_window_move_phase_up_action);
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
  g_signal_connect_swapped (self->phases_view, "map", G_CALLBACK (_gp_plan_window_attach_phases),
                            self);

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
      _gp_plan_window_rebuild_phases (self);
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
