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

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "gp-assistant-page-private.h"
#include "gp-compat.h"
#include "gp-cost-model.h"
#include "gp-display-currency.h"
#include "gp-enums.h"
#include "gp-estimate-rows.h"
#include "gp-file.h"
#include "gp-format.h"
#include "gp-launch.h"
#include "gp-summary-pdf.h"
#include "gp-ui-models.h"
#include "gp-ui-save.h"
#include "gp-ui-toasts.h"
#include "gp-ui-widgets.h"

static const char * const steps[] = {
  "size", "compute", "limits", "interruptions", "sessions", "team", "region", "result",
};
#define N_QUESTIONS (G_N_ELEMENTS (steps) - 1)

/* The dataset choices' sizes, in GB: the middle of each class. */
const double _gp_assistant_page_dataset_sizes[N_DATASET_SIZES] = { 50, 500, 2000 };
#define DEFAULT_REFERENCE "v100-sxm2-16gb"


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

/* Answers */

static GpPreset *
selected_preset (GpAssistantPage *self)
{
  guint selected = adw_combo_row_get_selected (self->workload_row);
  GListModel *presets = gp_estimator_data_get_presets (gp_estimator_data_get_default ());
  g_autoptr(GpPreset) preset = selected > 0 ? g_list_model_get_item (presets, selected - 1) : NULL;

  return preset;  /* the estimator data keeps it */
}

static const char *
selected_region (GpAssistantPage *self)
{
  guint selected = adw_combo_row_get_selected (self->region_row);

  return selected > 0 && selected != GTK_INVALID_LIST_POSITION
           ? gtk_string_list_get_string (self->regions, selected)
           : NULL;
}

static double
dataset_gb (GpAssistantPage *self)
{
  guint selected = adw_combo_row_get_selected (self->dataset_row);

  return selected < N_DATASET_SIZES ? _gp_assistant_page_dataset_sizes[selected]
                                    : gtk_spin_button_get_value (self->dataset_spin);
}

/* The currency the catalog's prices are in. */
static const char *
catalog_currency (GpAssistantPage *self)
{
  return self->catalog != NULL ? gp_catalog_get_currency (self->catalog) : "USD";
}

/* The currency the budget is asked in, the one prices are shown in. */
static const char *
budget_currency (GpAssistantPage *self)
{
  double rate;

  if (self->settings == NULL)
    return catalog_currency (self);
  return gp_display_currency_resolve (gp_settings_get_display_currency (self->settings),
                                      catalog_currency (self), &rate);
}

/* Where the data is: a bucket's region as the user gave it, or mainland China for a domestic
 * cloud (Alibaba Cloud, AWS China…); %NULL for the campus, which is where the lab is. */
static const char *
data_region (GpAssistantPage *self)
{
  const char *bucket = gtk_editable_get_text (GTK_EDITABLE (self->bucket_region_row));

  switch (adw_combo_row_get_selected (self->location_row))
    {
    case 1:
      return *bucket != '\0' ? bucket : NULL;
    case 2:
      return "place:China";
    default:
      return NULL;
    }
}

GpRecommender *
gp_assistant_page_build_recommender (GpAssistantPage *self)
{
  g_autoptr(GpWorkload) workload = gp_workload_new ();
  GpRecommender *recommender;
  GpPreset *preset = selected_preset (self);
  GpGpu *reference = adw_combo_row_get_selected_item (self->reference_row);
  GpFeature needs = GP_FEATURE_NONE;

  g_return_val_if_fail (GP_IS_ASSISTANT_PAGE (self), NULL);

  if (preset != NULL)
    {
      gp_workload_set_preset (workload, gp_preset_get_id (preset));
      gp_workload_set_precision (workload, gp_preset_get_precision (preset));
    }
  gp_workload_set_gpu_hours (workload, gtk_spin_button_get_value (self->gpu_hours_spin));
  gp_workload_set_reference_gpu (workload, reference ? gp_gpu_get_id (reference)
                                                     : DEFAULT_REFERENCE);
  gp_workload_set_gpus (workload, adw_combo_row_get_selected (self->gpus_row) == 1 ? 8 : 1);
  gp_workload_set_dataset_gb (workload, dataset_gb (self));
  if (self->settings != NULL)
    {
      /* Every platform is ranked, the ones the lab cannot reach or pay last with the reason:
       * the Assistant says why rather than hiding them. */
      gp_settings_apply_lab (self->settings, workload);
      gp_workload_set_usable_only (workload, FALSE);
      gp_workload_set_cross_border_mbps (workload,
                                         gp_settings_get_cross_border_mbps (self->settings));
      gp_workload_set_usage_factor (workload, gp_settings_get_usage_factor (self->settings));
    }
  gp_workload_set_model_billions (workload, gtk_spin_button_get_value (self->model_spin));
  gp_workload_set_method (workload, adw_combo_row_get_selected (self->method_row));
  gp_workload_set_sharding (workload, adw_combo_row_get_selected (self->sharding_row));
  gp_workload_set_batch_size (workload, gtk_spin_button_get_value_as_int (self->batch_spin));
  gp_workload_set_sequence_length (workload,
                                   gtk_spin_button_get_value_as_int (self->sequence_spin));
  gp_workload_set_activation_checkpointing (
      workload, adw_combo_row_get_selected (self->checkpointing_row) == 1);
  gp_workload_set_deadline_hours (workload, gtk_spin_button_get_value (self->deadline_spin));
  gp_workload_set_budget (workload, gtk_spin_button_get_value (self->budget_spin));
  gp_workload_set_interruptible (workload, gtk_switch_get_active (self->interruptible_switch));
  gp_workload_set_checkpoint_minutes (workload,
                                      gtk_switch_get_active (self->interruptible_switch)
                                          ? gtk_spin_button_get_value (self->checkpoint_spin)
                                          : 0);
  gp_workload_set_region (workload, selected_region (self));
  /* The budget is in the currency Preferences hold, and so is the answer. */
  if (self->settings != NULL)
    gp_display_currency_apply (gp_settings_get_display_currency (self->settings), workload,
                               self->catalog);

  if (gtk_switch_get_active (self->identity_switch))
    needs |= GP_FEATURE_ENTERPRISE_IDENTITY;
  if (gtk_switch_get_active (self->pipelines_switch))
    needs |= GP_FEATURE_PIPELINES;
  if (gtk_switch_get_active (self->automl_switch))
    needs |= GP_FEATURE_AUTOML;
  if (gtk_switch_get_active (self->models_switch))
    needs |= GP_FEATURE_MODEL_CATALOG;
  if (gtk_switch_get_active (self->ssh_switch))
    needs |= GP_FEATURE_SSH;

  recommender = gp_recommender_new (workload);
  gp_recommender_set_min_gpu_memory_gb (recommender, gtk_spin_button_get_value (self->memory_spin));
  gp_recommender_set_needs (recommender, needs);
  gp_recommender_set_interactive (recommender,
                                  adw_combo_row_get_selected (self->sessions_row) == 1);
  gp_recommender_set_region_required (recommender, gtk_switch_get_active (self->residency_switch));
  gp_recommender_set_carbon_weight (recommender,
                                    CLAMP (gtk_spin_button_get_value (self->carbon_spin), 0, 1));
  gp_recommender_set_data_region (recommender, data_region (self));

  return recommender;
}

void
_gp_assistant_page_save_answers (GpAssistantPage *self)
{
  g_auto(GVariantDict) dict = G_VARIANT_DICT_INIT (NULL);
  GpGpu *reference = adw_combo_row_get_selected_item (self->reference_row);

  if (self->settings == NULL || self->restoring)
    return;

  g_variant_dict_insert (&dict, "dataset", "u", adw_combo_row_get_selected (self->dataset_row));
  g_variant_dict_insert (&dict, "dataset-gb", "d", gtk_spin_button_get_value (self->dataset_spin));
  g_variant_dict_insert (&dict, "location", "u", adw_combo_row_get_selected (self->location_row));
  g_variant_dict_insert (&dict, "bucket-region", "s",
                         gtk_editable_get_text (GTK_EDITABLE (self->bucket_region_row)));
  g_variant_dict_insert (&dict, "workload", "u", adw_combo_row_get_selected (self->workload_row));
  g_variant_dict_insert (&dict, "gpu-hours", "d", gtk_spin_button_get_value (self->gpu_hours_spin));
  g_variant_dict_insert (&dict, "reference", "s", reference ? gp_gpu_get_id (reference) : "");
  g_variant_dict_insert (&dict, "memory", "d", gtk_spin_button_get_value (self->memory_spin));
  g_variant_dict_insert (&dict, "model", "d", gtk_spin_button_get_value (self->model_spin));
  g_variant_dict_insert (&dict, "method", "u", adw_combo_row_get_selected (self->method_row));
  g_variant_dict_insert (&dict, "sharding", "u", adw_combo_row_get_selected (self->sharding_row));
  g_variant_dict_insert (&dict, "batch", "d", gtk_spin_button_get_value (self->batch_spin));
  g_variant_dict_insert (&dict, "sequence", "d", gtk_spin_button_get_value (self->sequence_spin));
  g_variant_dict_insert (&dict, "checkpointing", "u",
                         adw_combo_row_get_selected (self->checkpointing_row));
  g_variant_dict_insert (&dict, "gpus", "u", adw_combo_row_get_selected (self->gpus_row));
  g_variant_dict_insert (&dict, "deadline", "d", gtk_spin_button_get_value (self->deadline_spin));
  g_variant_dict_insert (&dict, "budget", "d", gtk_spin_button_get_value (self->budget_spin));
  g_variant_dict_insert (&dict, "interruptible", "b",
                         gtk_switch_get_active (self->interruptible_switch));
  g_variant_dict_insert (&dict, "checkpoint", "d",
                         gtk_spin_button_get_value (self->checkpoint_spin));
  g_variant_dict_insert (&dict, "sessions", "u", adw_combo_row_get_selected (self->sessions_row));
  g_variant_dict_insert (&dict, "identity", "b", gtk_switch_get_active (self->identity_switch));
  g_variant_dict_insert (&dict, "pipelines", "b", gtk_switch_get_active (self->pipelines_switch));
  g_variant_dict_insert (&dict, "automl", "b", gtk_switch_get_active (self->automl_switch));
  g_variant_dict_insert (&dict, "models", "b", gtk_switch_get_active (self->models_switch));
  g_variant_dict_insert (&dict, "ssh", "b", gtk_switch_get_active (self->ssh_switch));
  g_variant_dict_insert (&dict, "region", "s",
                         selected_region (self) ? selected_region (self) : "");
  g_variant_dict_insert (&dict, "residency", "b", gtk_switch_get_active (self->residency_switch));
  g_variant_dict_insert (&dict, "carbon", "d", gtk_spin_button_get_value (self->carbon_spin));
  _gp_assistant_page_save_given (self, &dict);

  gp_settings_set_assistant_answers (self->settings, g_variant_dict_end (&dict));
}

void
_gp_assistant_page_select_string (AdwComboRow *row,
               GListModel  *model,
               const char  *wanted,
               gboolean     gpus)
{
  for (guint i = 0; wanted != NULL && *wanted && i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (model, i);
      const char *id = gpus ? gp_gpu_get_id (GP_GPU (item))
                            : gtk_string_object_get_string (GTK_STRING_OBJECT (item));

      if (g_strcmp0 (id, wanted) == 0)
        {
          adw_combo_row_set_selected (row, i);
          return;
        }
    }
}

static void
restore_answers (GpAssistantPage *self)
{
  g_autoptr(GVariant) answers = NULL;
  g_auto(GVariantDict) dict = G_VARIANT_DICT_INIT (NULL);
  const char *text;
  double number;
  gboolean flag;
  guint index;

  if (self->settings == NULL)
    return;

  answers = gp_settings_dup_assistant_answers (self->settings);
  g_variant_dict_init (&dict, answers);
  self->restoring = TRUE;

#define RESTORE_INDEX(key, row) \
  if (g_variant_dict_lookup (&dict, key, "u", &index)) adw_combo_row_set_selected (row, index)
#define RESTORE_NUMBER(key, spin) \
  if (g_variant_dict_lookup (&dict, key, "d", &number)) gtk_spin_button_set_value (spin, number)
#define RESTORE_FLAG(key, toggle) \
  if (g_variant_dict_lookup (&dict, key, "b", &flag)) gtk_switch_set_active (toggle, flag)

  RESTORE_INDEX ("dataset", self->dataset_row);
  RESTORE_NUMBER ("dataset-gb", self->dataset_spin);
  RESTORE_INDEX ("location", self->location_row);
  if (g_variant_dict_lookup (&dict, "bucket-region", "&s", &text))
    gtk_editable_set_text (GTK_EDITABLE (self->bucket_region_row), text);
  RESTORE_INDEX ("workload", self->workload_row);
  RESTORE_NUMBER ("gpu-hours", self->gpu_hours_spin);
  if (g_variant_dict_lookup (&dict, "reference", "&s", &text))
    _gp_assistant_page_select_string (self->reference_row, G_LIST_MODEL (self->gpus), text, TRUE);
  RESTORE_NUMBER ("memory", self->memory_spin);
  RESTORE_NUMBER ("model", self->model_spin);
  RESTORE_INDEX ("method", self->method_row);
  RESTORE_INDEX ("sharding", self->sharding_row);
  RESTORE_NUMBER ("batch", self->batch_spin);
  RESTORE_NUMBER ("sequence", self->sequence_spin);
  RESTORE_INDEX ("checkpointing", self->checkpointing_row);
  RESTORE_INDEX ("gpus", self->gpus_row);
  RESTORE_NUMBER ("deadline", self->deadline_spin);
  RESTORE_NUMBER ("budget", self->budget_spin);
  RESTORE_FLAG ("interruptible", self->interruptible_switch);
  RESTORE_NUMBER ("checkpoint", self->checkpoint_spin);
  RESTORE_INDEX ("sessions", self->sessions_row);
  RESTORE_FLAG ("identity", self->identity_switch);
  RESTORE_FLAG ("pipelines", self->pipelines_switch);
  RESTORE_FLAG ("automl", self->automl_switch);
  RESTORE_FLAG ("models", self->models_switch);
  RESTORE_FLAG ("ssh", self->ssh_switch);
  if (g_variant_dict_lookup (&dict, "region", "&s", &text))
    _gp_assistant_page_select_string (self->region_row, G_LIST_MODEL (self->regions), text, FALSE);
  RESTORE_FLAG ("residency", self->residency_switch);
  RESTORE_NUMBER ("carbon", self->carbon_spin);
  _gp_assistant_page_restore_given (self, &dict);

#undef RESTORE_INDEX
#undef RESTORE_NUMBER
#undef RESTORE_FLAG

  self->restoring = FALSE;
}

/* The usual answer of each question, for Skip. */
static void
reset_step (GpAssistantPage *self,
            guint            step)
{
  switch (step)
    {
    case 0:
      adw_combo_row_set_selected (self->dataset_row, 0);
      adw_combo_row_set_selected (self->location_row, 0);
      break;

    case 1:
      adw_combo_row_set_selected (self->workload_row, 0);
      gtk_spin_button_set_value (self->gpu_hours_spin, 300);
      _gp_assistant_page_select_string (self->reference_row, G_LIST_MODEL (self->gpus),
                                        DEFAULT_REFERENCE, TRUE);
      gtk_spin_button_set_value (self->memory_spin, 0);
      gtk_spin_button_set_value (self->model_spin, 0);
      adw_combo_row_set_selected (self->method_row, 0);
      adw_combo_row_set_selected (self->sharding_row, 0);
      gtk_spin_button_set_value (self->batch_spin, 0);
      gtk_spin_button_set_value (self->sequence_spin, 0);
      adw_combo_row_set_selected (self->checkpointing_row, 0);
      adw_combo_row_set_selected (self->gpus_row, 0);
      break;

    case 2:
      gtk_spin_button_set_value (self->deadline_spin, 0);
      gtk_spin_button_set_value (self->budget_spin, 0);
      break;

    case 3:
      gtk_switch_set_active (self->interruptible_switch, FALSE);
      break;

    case 4:
      adw_combo_row_set_selected (self->sessions_row, 0);
      break;

    case 5:
      gtk_switch_set_active (self->identity_switch, FALSE);
      gtk_switch_set_active (self->pipelines_switch, FALSE);
      gtk_switch_set_active (self->automl_switch, FALSE);
      gtk_switch_set_active (self->models_switch, FALSE);
      gtk_switch_set_active (self->ssh_switch, FALSE);
      break;

    case 6:
    default:
      adw_combo_row_set_selected (self->region_row, 0);
      gtk_switch_set_active (self->residency_switch, FALSE);
      gtk_spin_button_set_value (self->carbon_spin, 0);
      break;
    }
}

/* A row that does not apply to the answers so far is hidden, not greyed: it stays out of the
 * way of the eye and of Tab. */
void
_gp_assistant_page_update_sensitivity (GpAssistantPage *self)
{
  gboolean custom = selected_preset (self) == NULL;

  gtk_widget_set_visible (
      gtk_widget_get_ancestor (GTK_WIDGET (self->dataset_spin), ADW_TYPE_ACTION_ROW),
      adw_combo_row_get_selected (self->dataset_row) == 3);
  gtk_widget_set_visible (GTK_WIDGET (self->bucket_region_row),
                          adw_combo_row_get_selected (self->location_row) == 1);
  gtk_widget_set_visible (
      gtk_widget_get_ancestor (GTK_WIDGET (self->gpu_hours_spin), ADW_TYPE_ACTION_ROW), custom);
  gtk_widget_set_visible (GTK_WIDGET (self->reference_row), custom);
  gtk_widget_set_visible (
      gtk_widget_get_ancestor (GTK_WIDGET (self->checkpoint_spin), ADW_TYPE_ACTION_ROW),
      gtk_switch_get_active (self->interruptible_switch));
  gtk_widget_set_visible (
      gtk_widget_get_ancestor (GTK_WIDGET (self->residency_switch), ADW_TYPE_ACTION_ROW),
      selected_region (self) != NULL);
}

static void
answer_changed_cb (GpAssistantPage *self)
{
  _gp_assistant_page_update_sensitivity (self);
  _gp_assistant_page_save_answers (self);
}

/* The result */

static GtkWidget *
wrapped_label (const char *text,
               const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

/* The platform's next instances, behind "More from This Platform": the choices compare
 * platforms, and a lab may still want the platform's other machines. */
static void
add_more_rows (GtkWidget        *row,
               GpRecommendation *recommendation,
               GpEstimate       *estimate)
{
  GpProvider *provider = gp_estimate_get_provider (estimate);
  GListModel *more = gp_recommendation_get_more (recommendation, gp_provider_get_id (provider));
  GtkWidget *toggle, *revealer, *list;

  if (more == NULL || g_list_model_get_n_items (more) == 0)
    return;

  list = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  for (guint i = 0; i < g_list_model_get_n_items (more); i++)
    {
      g_autoptr(GpChoice) other = g_list_model_get_item (more, i);
      GpEstimate *option = gp_choice_get_estimate (other);
      g_autofree char *name = gp_estimate_dup_label (option);
      g_autofree char *place = gp_offer_dup_region_label (gp_estimate_get_offer (option));
      g_autofree char *total = gp_format_money (gp_estimate_get_total_cost (option),
                                                gp_estimate_get_currency (option));
      /* Translators: "Tokyo (ap-northeast-1) · On demand · 54.2 h · 1,234.00 USD" */
      g_autofree char *subtitle = g_strdup_printf (_("%s · %s · %.1f h · %s"), place,
                                                   gp_estimate_pricing_get_label (
                                                     gp_estimate_get_pricing (option)),
                                                   gp_estimate_get_wall_hours (option), total);
      GtkWidget *item = adw_action_row_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (item), name);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (item), subtitle);
      /* Read, not used: no Tab stop. */
      gtk_widget_set_focusable (item, FALSE);
      gtk_list_box_append (GTK_LIST_BOX (list), item);
    }

  revealer = gtk_revealer_new ();
  gtk_revealer_set_child (GTK_REVEALER (revealer), list);
  toggle = gtk_toggle_button_new_with_mnemonic (_("_More from This Platform"));
  gtk_widget_set_halign (toggle, GTK_ALIGN_START);
  gtk_widget_set_margin_top (toggle, 6);
  gtk_widget_set_margin_bottom (toggle, 6);
  gtk_widget_set_margin_start (toggle, 12);
  g_object_bind_property (toggle, "active", revealer, "reveal-child", G_BINDING_SYNC_CREATE);
  gp_ui_expander_add_passive_row (ADW_EXPANDER_ROW (row), toggle);
  gp_ui_expander_add_passive_row (ADW_EXPANDER_ROW (row), revealer);
}

static GtkWidget *
choice_row (GpRecommendation *recommendation,
            GpChoice         *choice,
            guint             rank)
{
  GpEstimate *estimate = gp_choice_get_estimate (choice);
  g_autofree char *name = gp_estimate_dup_label (estimate);
  g_autofree char *title = g_strdup_printf ("%u. %s", rank, name);
  g_autofree char *place = gp_offer_dup_region_label (gp_estimate_get_offer (estimate));
  /* Translators: "Tokyo (ap-northeast-1) · On demand · 54.2 h · score 1.10" */
  g_autofree char *summary =
      g_strdup_printf (_("%s · %s · %.1f h · score %.2f"), place,
                       gp_estimate_pricing_get_label (gp_estimate_get_pricing (estimate)),
                       gp_estimate_get_wall_hours (estimate), gp_choice_get_score (choice));
  /* For a lab in mainland China, what needs a cross-border route says so on the row itself. */
  g_autofree char *subtitle =
      gp_estimate_get_reach_mark (estimate) != NULL
          ? g_strdup_printf (_("%s · %s"), summary, gp_estimate_get_reach_mark (estimate))
          : g_strdup (summary);
  g_autofree char *total = gp_format_money (gp_estimate_get_total_cost (estimate),
                                            gp_estimate_get_currency (estimate));
  GtkWidget *row = adw_expander_row_new ();
  GtkWidget *total_label = gtk_label_new (total);
  const char * const *reasons = gp_choice_get_reasons (choice);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (row), subtitle);
  gtk_widget_add_css_class (total_label, "numeric");
  gtk_widget_add_css_class (total_label, "heading");
  adw_expander_row_add_action (ADW_EXPANDER_ROW (row), total_label);
  for (guint i = 0; reasons[i] != NULL; i++)
    gp_ui_expander_add_passive_row (
        ADW_EXPANDER_ROW (row),
        wrapped_label (gp_recommendation_reason_text (reasons[i]), "assistant-reason"));
  add_more_rows (row, recommendation, estimate);
  adw_expander_row_set_expanded (ADW_EXPANDER_ROW (row), rank == 1);

  return row;
}

static GtkWidget *
text_group (const char         *title,
            const char * const *lines)
{
  GtkWidget *group = adw_preferences_group_new ();

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), title);
  for (guint i = 0; lines[i] != NULL; i++)
    adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), wrapped_label (lines[i], NULL));

  return group;
}

static GtkWidget *
action_button (const char *label,
               const char *action)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  return button;
}

/* The code that starts the job on the first choice as it is priced, with the copy of the data
 * when it sits in another region. */
static GtkWidget *
launch_button (GListModel *choices,
               const char *data_region)
{
  g_autoptr(GpChoice) first = g_list_model_get_item (choices, 0);
  GpEstimate *estimate = gp_choice_get_estimate (first);
  GtkWidget *button = gtk_button_new_with_mnemonic (_("_Launch Code…"));

  gtk_widget_set_name (button, "launch_button");
  gtk_widget_set_tooltip_text (button, _("The code that starts the job on the first choice"));
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  /* A bucket's region: a place ("place:China") is no region to copy the data from. */
  gp_estimate_rows_set_launch_action (
      GTK_ACTIONABLE (button), estimate,
      data_region != NULL && !gp_area_is_valid (data_region) ? data_region : NULL);
  return button;
}

static void
with_launch_toggled_cb (GpAssistantPage *self,
                        GtkCheckButton  *button)
{
  self->with_launch = gtk_check_button_get_active (button);
}

static void
show_result (GpAssistantPage *self)
{
  GListModel *choices = gp_recommendation_get_choices (self->recommendation);
  g_autoptr(GPtrArray) excluded = g_ptr_array_new_null_terminated (8, g_free, TRUE);
  GtkWidget *child, *list, *buttons;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->result_box))) != NULL)
    gtk_box_remove (self->result_box, child);

  if (gp_recommendation_get_message (self->recommendation) != NULL)
    {
      GtkWidget *status = adw_status_page_new ();

      adw_status_page_set_icon_name (ADW_STATUS_PAGE (status), "dialog-information-symbolic");
      adw_status_page_set_title (ADW_STATUS_PAGE (status), _("Nothing Fits"));
      adw_status_page_set_description (ADW_STATUS_PAGE (status),
                                       gp_recommendation_get_message (self->recommendation));
      gtk_box_append (self->result_box, status);
    }
  else
    {
      g_autofree char *weights =
          g_strdup_printf (_("Ranked by cost (%.0f%%) and time (%.0f%%), "
                              "then by the rules named in each reason."),
                           gp_recommendation_get_cost_weight (self->recommendation) * 100,
                           gp_recommendation_get_time_weight (self->recommendation) * 100);
      GtkWidget *group = adw_preferences_group_new ();

      adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Where to Train"));
      adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group), weights);
      list = gtk_list_box_new ();
      gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
      gtk_widget_add_css_class (list, "boxed-list");
      for (guint i = 0; i < g_list_model_get_n_items (choices); i++)
        {
          g_autoptr(GpChoice) choice = g_list_model_get_item (choices, i);
          gtk_list_box_append (GTK_LIST_BOX (list), choice_row (self->recommendation, choice,
                                                                i + 1));
        }
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), list);
      adw_preferences_group_set_header_suffix (ADW_PREFERENCES_GROUP (group),
                                               launch_button (choices, data_region (self)));
      gtk_box_append (self->result_box, group);
    }

  if (gp_recommendation_get_tips (self->recommendation)[0] != NULL)
    gtk_box_append (self->result_box,
                    text_group (_("Tips"), gp_recommendation_get_tips (self->recommendation)));
  if (gp_recommendation_get_plan (self->recommendation)[0] != NULL)
    {
      GtkWidget *group =
          text_group (_("A Mixed Plan"), gp_recommendation_get_plan (self->recommendation));
      GtkWidget *edit = action_button (_("_Edit as Plan…"), "win.edit-mixed-plan");

      /* The plan's phases, to change, add to and turn into a grant budget. */
      gtk_widget_set_name (edit, "edit_plan_button");
      gtk_widget_set_tooltip_text (edit, _("Open it as the hybrid plan, to change its phases "
                                            "and export its grant budget"));
      gtk_widget_set_valign (edit, GTK_ALIGN_CENTER);
      adw_preferences_group_set_header_suffix (ADW_PREFERENCES_GROUP (group), edit);
      gtk_box_append (self->result_box, group);
    }

  for (guint i = 0; i < gp_recommendation_get_n_excluded (self->recommendation); i++)
    g_ptr_array_add (excluded,
                     gp_recommendation_dup_excluded_line (self->recommendation, i, FALSE));
  if (excluded->len > 0)
    {
      g_autofree char *title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                             "Left Out (%u offer)",
                                                             "Left Out (%u offers)",
                                                             excluded->len),
                                                excluded->len);
      gtk_box_append (self->result_box,
                      text_group (title, (const char * const *) excluded->pdata));
    }

  /* A flow box: the buttons wrap on a narrow window instead of widening it. */
  buttons = gtk_flow_box_new ();
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (buttons), GTK_SELECTION_NONE);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (buttons), 6);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (buttons), 6);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (buttons), 6);
  gtk_flow_box_append (GTK_FLOW_BOX (buttons), action_button (_("Open in _Compare"),
                                                              "assistant.open-compare"));
  gtk_flow_box_append (GTK_FLOW_BOX (buttons), action_button (_("Open in _Estimate"),
                                                              "assistant.open-estimate"));
  gtk_flow_box_append (GTK_FLOW_BOX (buttons), action_button (_("Export _Markdown…"),
                                                              "assistant.export-markdown"));
  gtk_flow_box_append (GTK_FLOW_BOX (buttons), action_button (_("Export _PDF…"),
                                                              "assistant.export-pdf"));
  {
    GtkWidget *with_launch = gtk_check_button_new_with_mnemonic (_("With _launch code"));

    gtk_widget_set_name (with_launch, "with_launch_check");
    gtk_widget_set_tooltip_text (with_launch, _("The exported summary adds the code that starts "
                                                 "the job on the first choice"));
    gtk_check_button_set_active (GTK_CHECK_BUTTON (with_launch), self->with_launch);
    g_signal_connect_swapped (with_launch, "toggled", G_CALLBACK (with_launch_toggled_cb), self);
    gtk_flow_box_append (GTK_FLOW_BOX (buttons), with_launch);
  }
  gtk_flow_box_append (GTK_FLOW_BOX (buttons), action_button (_("Start _Again"),
                                                              "assistant.restart"));
  gtk_box_append (self->result_box, buttons);
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
                      wrapped_label (error ? error->message : _("The catalog is not loaded yet"),
                                     "error"));
    }
  else
    show_result (self);

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

  reset_step (self, self->step);
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

/* Summary */

/* How to start the job on the first choice, paid as it is: on spot, or in a Capacity Block. */
static void
append_launch (GString    *text,
               GListModel *choices)
{
  g_autoptr(GpChoice) first = g_list_model_get_item (choices, 0);
  GpEstimate *estimate = gp_choice_get_estimate (first);
  g_autoptr(GError) error = NULL;
  g_autoptr(GpLaunchSnippet) snippet =
      gp_launch_render_estimate (gp_launch_data_get_default (), estimate, NULL, &error);

  g_string_append_printf (text, "## %s\n\n", _("Launch Code"));
  if (snippet != NULL)
    gp_launch_snippet_append_markdown (snippet, text);
  else
    g_string_append_printf (text, "%s\n", error->message);
}

/* The answers, the recommendation with its reasons and assumptions, and the sources of its
 * prices with their dates, in Markdown; with the first choice's launch code when asked. */
char *
gp_assistant_page_dup_summary (GpAssistantPage *self)
{
  g_autoptr(GString) text = NULL;
  g_autoptr(GHashTable) sources = g_hash_table_new (NULL, NULL);
  g_autofree char *body = NULL;
  GListModel *choices;
  GpPreset *preset;
  GpGpu *reference;

  g_return_val_if_fail (GP_IS_ASSISTANT_PAGE (self), NULL);

  if (self->recommendation == NULL)
    return NULL;

  preset = selected_preset (self);
  reference = adw_combo_row_get_selected_item (self->reference_row);
  text = g_string_new (NULL);
  g_string_append_printf (text, "# %s\n\n## %s\n\n", _("GPU Planner: where to train"),
                          _("Answers"));
  g_string_append_printf (text, _("- Dataset: %.0f GB\n"), dataset_gb (self));
  if (preset != NULL)
    g_string_append_printf (text, _("- Workload: %s\n"), gp_preset_get_name (preset));
  else
    g_string_append_printf (text, _("- Compute: %.0f GPU-hours on one %s\n"),
                            gtk_spin_button_get_value (self->gpu_hours_spin),
                            reference ? gp_gpu_get_name (reference) : DEFAULT_REFERENCE);
  if (gtk_spin_button_get_value (self->memory_spin) > 0)
    g_string_append_printf (text, _("- GPU memory: %.0f GB\n"),
                            gtk_spin_button_get_value (self->memory_spin));
  if (gtk_spin_button_get_value (self->model_spin) > 0)
    g_string_append_printf (text, _("- Model: %.1f billion parameters\n"),
                            gtk_spin_button_get_value (self->model_spin));
  if (gtk_spin_button_get_value (self->deadline_spin) > 0)
    g_string_append_printf (text, _("- Deadline: %.0f h\n"),
                            gtk_spin_button_get_value (self->deadline_spin));
  if (gtk_spin_button_get_value (self->budget_spin) > 0)
    g_string_append_printf (text, _("- Budget: %.0f %s\n"),
                            gtk_spin_button_get_value (self->budget_spin), budget_currency (self));
  g_string_append_printf (text, "%s\n", gtk_switch_get_active (self->interruptible_switch)
                                          ? _("- Interruptions: acceptable, with checkpoints")
                                          : _("- Interruptions: not acceptable"));
  if (selected_region (self) != NULL)
    {
      g_autofree char *place = gp_area_dup_label (selected_region (self));

      g_string_append_printf (text, _("- Region: %s\n"), place);
    }
  g_string_append_c (text, '\n');

  body = gp_recommendation_format (self->recommendation, TRUE, FALSE);
  /* The recommendation's own title is the document's second level here. */
  g_string_append (text, g_str_has_prefix (body, "# ") ? body + 1 : body);

  choices = gp_recommendation_get_choices (self->recommendation);
  g_string_append_printf (text, "\n## %s\n\n", _("Assumptions and sources"));
  for (guint i = 0; i < g_list_model_get_n_items (choices); i++)
    {
      g_autoptr(GpChoice) choice = g_list_model_get_item (choices, i);
      GpEstimate *estimate = gp_choice_get_estimate (choice);
      const char * const *assumptions = gp_estimate_get_assumptions (estimate);
      GpSource *source = gp_estimate_get_price_source (estimate);
      g_autofree char *name = gp_estimate_dup_label (estimate);

      g_string_append_printf (text, "%u. %s\n\n", i + 1, name);
      for (guint a = 0; assumptions[a] != NULL; a++)
        g_string_append_printf (text, "- %s\n", assumptions[a]);
      if (source != NULL && g_hash_table_add (sources, source))
        g_string_append_printf (text, _("- Prices: %s, %s (as of %s)\n"),
                                gp_source_get_title (source),
                                gp_source_get_url (source) ? gp_source_get_url (source) : "",
                                gp_source_get_as_of (source));
      g_string_append_c (text, '\n');
    }

  if (self->with_launch && g_list_model_get_n_items (choices) > 0)
    append_launch (text, choices);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static GBytes *
render_summary_pdf (gpointer   summary,
                    GError   **error)
{
  return gp_summary_render_pdf (summary, error);
}

static void
save_summary_cb (GObject *target,
                 GFile   *file)
{
  GpAssistantPage *self = GP_ASSISTANT_PAGE (target);
  GtkWidget *overlay = gtk_widget_get_ancestor (GTK_WIDGET (self), ADW_TYPE_TOAST_OVERLAY);
  g_autofree char *summary = gp_assistant_page_dup_summary (self);
  g_autofree char *name = g_file_get_basename (file);

  if (summary == NULL)
    return;

  if (g_str_has_suffix (name, ".pdf"))
    {
      /* Its text is made here, from what the page shows; drawn on the worker. */
      gp_ui_save (overlay, file, render_summary_pdf, g_steal_pointer (&summary), g_free);
    }
  else
    {
      gsize length = strlen (summary);
      g_autoptr(GBytes) bytes = g_bytes_new_take (g_steal_pointer (&summary), length);

      gp_ui_save_bytes (overlay, file, bytes, NULL);
    }
}

static void
export_action (GtkWidget  *widget,
               const char *action,
               GVariant   *parameter)
{
  gboolean pdf = g_str_equal (action, "assistant.export-pdf");

  gp_compat_save_file (GTK_WINDOW (gtk_widget_get_root (widget)), _("Export Summary"),
                       pdf ? "gpu-planner-recommendation.pdf" : "gpu-planner-recommendation.md",
                       save_summary_cb, G_OBJECT (widget));
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

  restore_answers (self);
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
  gtk_widget_class_install_action (widget_class, "assistant.export-markdown", NULL, export_action);
  gtk_widget_class_install_action (widget_class, "assistant.export-pdf", NULL, export_action);
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
  /* Translators: the Budget row's subtitle; %s is a currency code such as CNY */
  g_autofree char *subtitle = g_strdup_printf (_("%s; 0 for no limit"), budget_currency (self));

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
       * Taking its value is no change of the answers kept, which restore_answers() brings. */
      self->restoring = TRUE;
      gp_ui_bind_nick_to_row (G_OBJECT (settings), "lab-location", self->lab_location_row,
                              gp_ui_lab_location_nicks);
      self->restoring = FALSE;
    }
  display_currency_changed_cb (self);
  if (self->catalog != NULL)
    restore_answers (self);
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
