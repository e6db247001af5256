/* gp-assistant-page.c — a few questions, then where to train and why
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One question a page, each with a usual answer so any can be skipped. The answers are kept
 * in the settings as they change and offered again on the next start. The job's answers start
 * from the Estimate page's job (gp_assistant_page_take_job()): an answer the user gave here is
 * theirs and is kept; Skip gives the step's answers back to the Estimate page. The last page asks
 * GpRecommender and shows its answer: the best three, their reasons, tips, a mixed plan,
 * and what was left out and why.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "gp-assistant-page-private.h"
#include "gp-ui-models.h"
#include "gp-ui-widgets.h"

static const char * const steps[] = {
  "size", "compute", "limits", "interruptions", "sessions", "team", "region", "result",
};
#define N_QUESTIONS (G_N_ELEMENTS (steps) - 1)

G_DEFINE_FINAL_TYPE (GpAssistantPage, gp_assistant_page, ADW_TYPE_BIN)

enum {
  PROP_0,
  PROP_STEP,
  PROP_RECOMMENDATION,
  N_PROPS
};

enum {
  OPEN_ESTIMATE,
  OPEN_COMPARE,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];


static void
answer_changed_cb (GpAssistantPage *self)
{
  _gp_assistant_page_update_sensitivity (self);
  _gp_assistant_page_save_answers (self);
}


static void
recommend (GpAssistantPage *self)
{
  g_autoptr(GpRecommender) recommender = gp_assistant_page_build_recommender (self);
  g_autoptr(GError) error = NULL;

  g_clear_object (&self->recommendation);
  if (self->catalog != NULL)
    self->recommendation = gp_recommender_recommend (recommender, self->catalog, NULL, &error);

  if (self->recommendation == NULL)
    {
      GtkWidget *child;

      while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->result_box))) != NULL)
        gtk_box_remove (self->result_box, child);
      gtk_box_append (self->result_box,
                      _gp_assistant_page_wrapped_label (
                          error ? error->message : _("The catalog is not loaded yet"), "error"));
    }
  else
    _gp_assistant_page_show_result (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RECOMMENDATION]);
}

/* Steps */

static void
show_step (GpAssistantPage *self,
           guint            step)
{
  gboolean result = step == N_QUESTIONS;
  g_autofree char *label = NULL;

  self->step = MIN (step, N_QUESTIONS);
  if (result)
    {
      recommend (self);
      label = g_strdup (_("Recommendation"));
    }
  else
    label = g_strdup_printf (_("Question %u of %u"), self->step + 1, (guint) N_QUESTIONS);

  gtk_stack_set_visible_child_name (self->stack, steps[self->step]);
  gtk_label_set_label (self->step_label, label);
  gtk_progress_bar_set_fraction (self->progress_bar, (double) (self->step + 1) / (N_QUESTIONS + 1));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "assistant.back", self->step > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "assistant.next", !result);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "assistant.skip", !result);
  gtk_widget_set_visible (GTK_WIDGET (self->next_button), !result);
  gtk_widget_set_visible (GTK_WIDGET (self->skip_button), !result);
  gtk_button_set_label (self->next_button, self->step + 1 == N_QUESTIONS ? _("_Recommend")
                                                                         : _("_Next"));
  /* The focus follows into the question shown, at its first control, when it was in the
   * page: Tab, the arrows and Space answer it, Enter goes on. */
  {
    GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
    GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

    if (focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (self)))
      gtk_widget_child_focus (gtk_stack_get_visible_child (self->stack), GTK_DIR_TAB_FORWARD);
  }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STEP]);
}

static void
back_action (GtkWidget  *widget,
             const char *action,
             GVariant   *parameter)
{
  GpAssistantPage *self = GP_ASSISTANT_PAGE (widget);

  if (self->step > 0)
    show_step (self, self->step - 1);
}

/* Enter answers the question and goes on, from whatever control has the focus; on the last
 * question it shows the recommendation. A button keeps its own Enter (Back, Skip). */
static gboolean
key_pressed_cb (GpAssistantPage       *self,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                GtkEventControllerKey *controller)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  GtkWidget *spin;

  if ((keyval != GDK_KEY_Return && keyval != GDK_KEY_KP_Enter) ||
      (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SHIFT_MASK)) != 0 ||
      self->step >= N_QUESTIONS || (focus != NULL && GTK_IS_BUTTON (focus)))
    return GDK_EVENT_PROPAGATE;

  /* A number typed is taken before going on. */
  spin = focus != NULL ? gtk_widget_get_ancestor (focus, GTK_TYPE_SPIN_BUTTON) : NULL;
  if (spin != NULL)
    gtk_spin_button_update (GTK_SPIN_BUTTON (spin));
  gtk_widget_activate_action (GTK_WIDGET (self), "assistant.next", NULL);
  return GDK_EVENT_STOP;
}

static void
next_action (GtkWidget  *widget,
             const char *action,
             GVariant   *parameter)
{
  GpAssistantPage *self = GP_ASSISTANT_PAGE (widget);

  show_step (self, self->step + 1);
}

static void
skip_action (GtkWidget  *widget,
             const char *action,
             GVariant   *parameter)
{
  GpAssistantPage *self = GP_ASSISTANT_PAGE (widget);

  _gp_assistant_page_reset_step (self, self->step);
  _gp_assistant_page_forget_given (self, self->step);
  _gp_assistant_page_save_answers (self);
  show_step (self, self->step + 1);
}

static void
restart_action (GtkWidget  *widget,
                const char *action,
                GVariant   *parameter)
{
  show_step (GP_ASSISTANT_PAGE (widget), 0);
}

static void
open_estimate_action (GtkWidget  *widget,
                      const char *action,
                      GVariant   *parameter)
{
  GpAssistantPage *self = GP_ASSISTANT_PAGE (widget);
  g_autoptr(GpRecommender) recommender = gp_assistant_page_build_recommender (self);

  g_signal_emit (self, signals[OPEN_ESTIMATE], 0, gp_recommender_get_workload (recommender));
}

static void
open_compare_action (GtkWidget  *widget,
                     const char *action,
                     GVariant   *parameter)
{
  g_signal_emit (widget, signals[OPEN_COMPARE], 0);
}


/* Object */

static void
fill_from_catalog (GpAssistantPage *self)
{
  self->restoring = TRUE;
  gp_ui_fill_gpus (self->gpus, self->catalog);
  _gp_assistant_page_select_string (self->reference_row, G_LIST_MODEL (self->gpus),
                                    DEFAULT_REFERENCE, TRUE);
  gp_ui_fill_regions (self->regions, self->catalog);
  adw_combo_row_set_selected (self->region_row, 0);
  self->restoring = FALSE;

  _gp_assistant_page_restore_answers (self);
  _gp_assistant_page_update_sensitivity (self);
}

static void
connect_answers (GpAssistantPage *self)
{
  GObject *rows[] = {
    G_OBJECT (self->dataset_row),       G_OBJECT (self->location_row),
    G_OBJECT (self->lab_location_row),  G_OBJECT (self->workload_row),
    G_OBJECT (self->reference_row),     G_OBJECT (self->gpus_row),
    G_OBJECT (self->sessions_row),      G_OBJECT (self->region_row),
    G_OBJECT (self->method_row),        G_OBJECT (self->sharding_row),
    G_OBJECT (self->checkpointing_row),
  };
  GObject *switches[] = {
    G_OBJECT (self->interruptible_switch), G_OBJECT (self->identity_switch),
    G_OBJECT (self->pipelines_switch), G_OBJECT (self->automl_switch),
    G_OBJECT (self->models_switch),
    G_OBJECT (self->ssh_switch), G_OBJECT (self->residency_switch),
  };
  GObject *spins[] = {
    G_OBJECT (self->dataset_spin),    G_OBJECT (self->gpu_hours_spin),
    G_OBJECT (self->memory_spin),     G_OBJECT (self->model_spin),
    G_OBJECT (self->batch_spin),      G_OBJECT (self->sequence_spin),
    G_OBJECT (self->deadline_spin),   G_OBJECT (self->budget_spin),
    G_OBJECT (self->checkpoint_spin), G_OBJECT (self->carbon_spin),
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    g_signal_connect_object (rows[i], "notify::selected", G_CALLBACK (answer_changed_cb), self,
                             G_CONNECT_SWAPPED);
  for (guint i = 0; i < G_N_ELEMENTS (switches); i++)
    g_signal_connect_object (switches[i], "notify::active", G_CALLBACK (answer_changed_cb), self,
                             G_CONNECT_SWAPPED);
  for (guint i = 0; i < G_N_ELEMENTS (spins); i++)
    g_signal_connect_object (spins[i], "value-changed", G_CALLBACK (answer_changed_cb), self,
                             G_CONNECT_SWAPPED);
  g_signal_connect_object (self->bucket_region_row, "changed", G_CALLBACK (answer_changed_cb),
                           self, G_CONNECT_SWAPPED);
}

static void
gp_assistant_page_dispose (GObject *object)
{
  GpAssistantPage *self = GP_ASSISTANT_PAGE (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), GP_TYPE_ASSISTANT_PAGE);
  g_clear_pointer (&self->given, g_hash_table_unref);
  g_clear_object (&self->recommendation);
  g_clear_object (&self->catalog);
  g_clear_object (&self->settings);
  g_clear_object (&self->gpus);
  g_clear_object (&self->regions);

  G_OBJECT_CLASS (gp_assistant_page_parent_class)->dispose (object);
}

static void
gp_assistant_page_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  GpAssistantPage *self = GP_ASSISTANT_PAGE (object);

  switch (prop_id)
    {
    case PROP_STEP:
      g_value_set_string (value, gp_assistant_page_get_step (self));
      break;

    case PROP_RECOMMENDATION:
      g_value_set_object (value, self->recommendation);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gp_assistant_page_class_init (GpAssistantPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->dispose = gp_assistant_page_dispose;
  object_class->get_property = gp_assistant_page_get_property;

  properties[PROP_STEP] = g_param_spec_string ("step", NULL, NULL, "size", flags);
  properties[PROP_RECOMMENDATION] =
    g_param_spec_object ("recommendation", NULL, NULL, GP_TYPE_RECOMMENDATION, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * GpAssistantPage::open-estimate:
   * @workload: the job as the answers describe it
   *
   * The user wants the Estimate page for this job.
   */
  signals[OPEN_ESTIMATE] = g_signal_new ("open-estimate", G_TYPE_FROM_CLASS (klass),
                                         G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                                         GP_TYPE_WORKLOAD);
  signals[OPEN_COMPARE] = g_signal_new ("open-compare", G_TYPE_FROM_CLASS (klass),
                                        G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE_PATH
                                               "/gp-assistant-page.ui");
  gtk_widget_class_bind_template_child (widget_class, GpAssistantPage, automl_switch);
  gtk_widget_class_bind_template_child (widget_class, GpAssistantPage, back_button);
  gtk_widget_class_bind_template_child (widget_class, GpAssistantPage, bucket_region_row);
  gtk_widget_class_bind_template_child (widget_class, GpAssistantPage, budget_row);
  gtk_widget_class_bind_template_child (widget_class, GpAssistantPage, budget_spin);
  gtk_widget_class_bind_template_child (widget_class, GpAssistantPage, checkpoint_spin);
  gtk_widget_class_bind_template_child (widget_class, GpAssistantPage, dataset_row);
  gtk_widget_class_bind_template_child (widget_class, GpAssistantPage, dataset_spin);
  gtk_widget_class_bind_template_child (widget_class, GpAssistantPage, deadline_spin);
  gtk_widget_class_bind_template_child (widget_class, GpAssistantPage, gpu_hours_spin);
  gtk_widget_class_bind_template_child (widget_class, GpAssistantPage, gpus_row);
  gtk_widget_class_bind_template_child (widget_class, GpAssistantPage, identity_switch);
  gtk_widget_class_bind_template_child (widget_class, GpAssistantPage, interruptible_switch);
  gtk_widget_class_bind_template_child (widget_class, GpAssistantPage, location_row);
  gtk_widget_class_bind_template_child (widget_class, GpAssistantPage, lab_location_row);
  gtk_widget_class_bind_template_child (widget_class, GpAssistantPage, memory_spin);
  gtk_widget_class_bind_template_child (widget_class, GpAssistantPage, model_spin);
  gtk_widget_class_bind_template_child (widget_class, GpAssistantPage, method_row);
  gtk_widget_class_bind_template_child (widget_class, GpAssistantPage, checkpointing_row);
  gtk_widget_class_bind_template_child (widget_class, GpAssistantPage, batch_spin);
  gtk_widget_class_bind_template_child (widget_class, GpAssistantPage, sequence_spin);
  gtk_widget_class_bind_template_child (widget_class, GpAssistantPage, sharding_row);
  gtk_widget_class_bind_template_child (widget_class, GpAssistantPage, models_switch);
  gtk_widget_class_bind_template_child (widget_class, GpAssistantPage, next_button);
  gtk_widget_class_bind_template_child (widget_class, GpAssistantPage, pipelines_switch);
  gtk_widget_class_bind_template_child (widget_class, GpAssistantPage, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, GpAssistantPage, reference_row);
  gtk_widget_class_bind_template_child (widget_class, GpAssistantPage, region_row);
  gtk_widget_class_bind_template_child (widget_class, GpAssistantPage, residency_switch);
  gtk_widget_class_bind_template_child (widget_class, GpAssistantPage, carbon_spin);
  gtk_widget_class_bind_template_child (widget_class, GpAssistantPage, result_box);
  gtk_widget_class_bind_template_child (widget_class, GpAssistantPage, sessions_row);
  gtk_widget_class_bind_template_child (widget_class, GpAssistantPage, skip_button);
  gtk_widget_class_bind_template_child (widget_class, GpAssistantPage, ssh_switch);
  gtk_widget_class_bind_template_child (widget_class, GpAssistantPage, stack);
  gtk_widget_class_bind_template_child (widget_class, GpAssistantPage, step_label);
  gtk_widget_class_bind_template_child (widget_class, GpAssistantPage, workload_row);

  gtk_widget_class_install_action (widget_class, "assistant.back", NULL, back_action);
  gtk_widget_class_install_action (widget_class, "assistant.next", NULL, next_action);
  gtk_widget_class_install_action (widget_class, "assistant.skip", NULL, skip_action);
  gtk_widget_class_install_action (widget_class, "assistant.restart", NULL, restart_action);
  gtk_widget_class_install_action (widget_class, "assistant.open-estimate", NULL,
                                   open_estimate_action);
  gtk_widget_class_install_action (widget_class, "assistant.open-compare", NULL,
                                   open_compare_action);
  gtk_widget_class_install_action (widget_class, "assistant.export-markdown", NULL,
                                   _gp_assistant_page_export_action);
  gtk_widget_class_install_action (widget_class, "assistant.export-pdf", NULL,
                                   _gp_assistant_page_export_action);
}

static void
gp_assistant_page_init (GpAssistantPage *self)
{
  g_autoptr(GtkExpression) name = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->gpus = g_list_store_new (GP_TYPE_GPU);
  self->regions = gtk_string_list_new (NULL);
  name = gtk_property_expression_new (GP_TYPE_GPU, NULL, "name");
  adw_combo_row_set_expression (self->reference_row, name);
  adw_combo_row_set_model (self->reference_row, G_LIST_MODEL (self->gpus));
  adw_combo_row_set_model (self->region_row, G_LIST_MODEL (self->regions));
  {
    g_autoptr(GtkExpression) region_label = gp_ui_region_expression_new ();
    adw_combo_row_set_expression (self->region_row, region_label);
  }
  {
    g_autoptr(GtkStringList) presets = gp_ui_preset_names_new ();
    adw_combo_row_set_model (self->workload_row, G_LIST_MODEL (presets));
  }
  self->given = g_hash_table_new (g_str_hash, g_str_equal);
  connect_answers (self);
  _gp_assistant_page_connect_job_answers (self);
  _gp_assistant_page_update_sensitivity (self);
  show_step (self, 0);

  {
    GtkEventController *keys = gtk_event_controller_key_new ();

    gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
    g_signal_connect_object (keys, "key-pressed", G_CALLBACK (key_pressed_cb), self,
                             G_CONNECT_SWAPPED);
    gtk_widget_add_controller (GTK_WIDGET (self), keys);
  }
}

void
gp_assistant_page_set_catalog (GpAssistantPage *self,
                               GpCatalog       *catalog)
{
  g_return_if_fail (GP_IS_ASSISTANT_PAGE (self));

  if (!g_set_object (&self->catalog, catalog) || catalog == NULL)
    return;

  g_signal_connect_object (catalog, "changed", G_CALLBACK (fill_from_catalog), self,
                           G_CONNECT_SWAPPED);
  fill_from_catalog (self);
}

static void
display_currency_changed_cb (GpAssistantPage *self)
{
  g_autofree char *subtitle =
      /* Translators: the Budget row's subtitle; %s is a currency code such as CNY */
      g_strdup_printf (_("%s; 0 for no limit"), _gp_assistant_page_budget_currency (self));

  adw_action_row_set_subtitle (self->budget_row, subtitle);
}

void
gp_assistant_page_set_settings (GpAssistantPage *self,
                                GpSettings      *settings)
{
  g_return_if_fail (GP_IS_ASSISTANT_PAGE (self));
  g_return_if_fail (settings == NULL || GP_IS_SETTINGS (settings));

  if (!g_set_object (&self->settings, settings))
    return;

  if (settings != NULL)
    {
      g_signal_connect_object (gp_settings_get_display_currency (settings), "changed",
                               G_CALLBACK (display_currency_changed_cb), self, G_CONNECT_SWAPPED);
      /* The first question is the setting Preferences hold: one answer, wherever it is given.
       * Taking its value is no change of the answers kept, which
       * _gp_assistant_page_restore_answers() brings. */
      self->restoring = TRUE;
      gp_ui_bind_nick_to_row (G_OBJECT (settings), "lab-location", self->lab_location_row,
                              gp_ui_lab_location_nicks);
      self->restoring = FALSE;
    }
  display_currency_changed_cb (self);
  if (self->catalog != NULL)
    _gp_assistant_page_restore_answers (self);
}

const char *
gp_assistant_page_get_step (GpAssistantPage *self)
{
  g_return_val_if_fail (GP_IS_ASSISTANT_PAGE (self), NULL);
  return steps[self->step];
}

GpRecommendation *
gp_assistant_page_get_recommendation (GpAssistantPage *self)
{
  g_return_val_if_fail (GP_IS_ASSISTANT_PAGE (self), NULL);
  return self->recommendation;
}
