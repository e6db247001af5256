/* gp-assistant-page-answers.c — the Assistant's answers: read as a job and a recommender, kept
 * in the settings and brought back, reset by Skip, and the rows they show or hide
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "gp-assistant-page-private.h"
#include "gp-display-currency.h"
#include "gp-estimator-data.h"

/* The dataset choices' sizes, in GB: the middle of each class. */
const double _gp_assistant_page_dataset_sizes[N_DATASET_SIZES] = { 50, 500, 2000 };

GpPreset *
_gp_assistant_page_selected_preset (GpAssistantPage *self)
{
  guint selected = adw_combo_row_get_selected (self->workload_row);
  GListModel *presets = gp_estimator_data_get_presets (gp_estimator_data_get_default ());
  g_autoptr(GpPreset) preset = selected > 0 ? g_list_model_get_item (presets, selected - 1) : NULL;

  return preset; /* the estimator data keeps it */
}

const char *
_gp_assistant_page_selected_region (GpAssistantPage *self)
{
  guint selected = adw_combo_row_get_selected (self->region_row);

  return selected > 0 && selected != GTK_INVALID_LIST_POSITION
             ? gtk_string_list_get_string (self->regions, selected)
             : NULL;
}

double
_gp_assistant_page_dataset_gb (GpAssistantPage *self)
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
const char *
_gp_assistant_page_budget_currency (GpAssistantPage *self)
{
  double rate;

  if (self->settings == NULL)
    return catalog_currency (self);
  return gp_display_currency_resolve (gp_settings_get_display_currency (self->settings),
                                      catalog_currency (self), &rate);
}

/* Where the data is: a bucket's region as the user gave it, or mainland China for a domestic
 * cloud (Alibaba Cloud, AWS China…); %NULL for the campus, which is where the lab is. */
const char *
_gp_assistant_page_data_region (GpAssistantPage *self)
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
  GpPreset *preset = _gp_assistant_page_selected_preset (self);
  GpGpu *reference = adw_combo_row_get_selected_item (self->reference_row);
  GpFeature needs = GP_FEATURE_NONE;

  g_return_val_if_fail (GP_IS_ASSISTANT_PAGE (self), NULL);

  if (preset != NULL)
    {
      gp_workload_set_preset (workload, gp_preset_get_id (preset));
      gp_workload_set_precision (workload, gp_preset_get_precision (preset));
    }
  gp_workload_set_gpu_hours (workload, gtk_spin_button_get_value (self->gpu_hours_spin));
  gp_workload_set_reference_gpu (workload,
                                 reference ? gp_gpu_get_id (reference) : DEFAULT_REFERENCE);
  gp_workload_set_gpus (workload, adw_combo_row_get_selected (self->gpus_row) == 1 ? 8 : 1);
  gp_workload_set_dataset_gb (workload, _gp_assistant_page_dataset_gb (self));
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
  gp_workload_set_region (workload, _gp_assistant_page_selected_region (self));
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
  gp_recommender_set_data_region (recommender, _gp_assistant_page_data_region (self));

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
  g_variant_dict_insert (
      &dict, "region", "s",
      _gp_assistant_page_selected_region (self) ? _gp_assistant_page_selected_region (self) : "");
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

void
_gp_assistant_page_restore_answers (GpAssistantPage *self)
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

#define RESTORE_INDEX(key, row)                        \
  if (g_variant_dict_lookup (&dict, key, "u", &index)) \
  adw_combo_row_set_selected (row, index)
#define RESTORE_NUMBER(key, spin)                       \
  if (g_variant_dict_lookup (&dict, key, "d", &number)) \
  gtk_spin_button_set_value (spin, number)
#define RESTORE_FLAG(key, toggle)                     \
  if (g_variant_dict_lookup (&dict, key, "b", &flag)) \
  gtk_switch_set_active (toggle, flag)

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
void
_gp_assistant_page_reset_step (GpAssistantPage *self,
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
  gboolean custom = _gp_assistant_page_selected_preset (self) == NULL;

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
      _gp_assistant_page_selected_region (self) != NULL);
}
