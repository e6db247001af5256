/* gp-assistant-page-job.c — the Assistant starts from the Estimate page's job
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The rule: when the Assistant is shown after a job was typed on the Estimate page, each of its
 * job's answers takes that job's value, except one the user gave in the Assistant itself, which
 * is theirs and is kept (with the answers, between runs) until its step is skipped: Skip gives
 * the step back to the Estimate page. What the Estimate page does not ask (the budget, which
 * may be in another currency, the sessions, the team's needs) is the Assistant's alone.
 */

#include "config.h"

#include "gp-assistant-page-private.h"
#include "gp-estimator-data.h"

/* The job's answers the Estimate page's job gives, by their key among the answers kept, the
 * step that asks them, and their widget. */
static const struct
{
  const char *key;
  guint step;
  gsize widget; /* its offset in GpAssistantPage */
} job_answers[] = {
  { "dataset", 0, G_STRUCT_OFFSET (GpAssistantPage, dataset_row) },
  { "dataset-gb", 0, G_STRUCT_OFFSET (GpAssistantPage, dataset_spin) },
  { "workload", 1, G_STRUCT_OFFSET (GpAssistantPage, workload_row) },
  { "gpu-hours", 1, G_STRUCT_OFFSET (GpAssistantPage, gpu_hours_spin) },
  { "reference", 1, G_STRUCT_OFFSET (GpAssistantPage, reference_row) },
  { "model", 1, G_STRUCT_OFFSET (GpAssistantPage, model_spin) },
  { "method", 1, G_STRUCT_OFFSET (GpAssistantPage, method_row) },
  { "sharding", 1, G_STRUCT_OFFSET (GpAssistantPage, sharding_row) },
  { "batch", 1, G_STRUCT_OFFSET (GpAssistantPage, batch_spin) },
  { "sequence", 1, G_STRUCT_OFFSET (GpAssistantPage, sequence_spin) },
  { "checkpointing", 1, G_STRUCT_OFFSET (GpAssistantPage, checkpointing_row) },
  { "gpus", 1, G_STRUCT_OFFSET (GpAssistantPage, gpus_row) },
  { "deadline", 2, G_STRUCT_OFFSET (GpAssistantPage, deadline_spin) },
  { "interruptible", 3, G_STRUCT_OFFSET (GpAssistantPage, interruptible_switch) },
  { "checkpoint", 3, G_STRUCT_OFFSET (GpAssistantPage, checkpoint_spin) },
  { "region", 6, G_STRUCT_OFFSET (GpAssistantPage, region_row) },
};

static void
mark_given (GpAssistantPage *self,
            const char      *key)
{
  for (guint i = 0; i < G_N_ELEMENTS (job_answers); i++)
    if (g_str_equal (job_answers[i].key, key))
      g_hash_table_add (self->given, (gpointer) job_answers[i].key);
}

static gboolean
is_given (GpAssistantPage *self,
          const char      *key)
{
  return g_hash_table_contains (self->given, key);
}

/* Which answers the user gave here, kept with the answers. */
void
_gp_assistant_page_save_given (GpAssistantPage *self,
                               GVariantDict    *dict)
{
  g_autofree const char **given =
      (const char **) g_hash_table_get_keys_as_array (self->given, NULL);

  g_variant_dict_insert_value (dict, "given", g_variant_new_strv (given, -1));
}

void
_gp_assistant_page_restore_given (GpAssistantPage *self,
                                  GVariantDict    *dict)
{
  g_autofree const char **given = NULL;

  if (g_variant_dict_lookup (dict, "given", "^a&s", &given))
    for (guint i = 0; given[i] != NULL; i++)
      mark_given (self, given[i]);
}

/* An answer the user changed here is theirs: the Estimate page's job no longer sets it. */
static void
job_answer_changed_cb (GObject         *widget,
                       GParamSpec      *pspec,
                       GpAssistantPage *self)
{
  if (!self->restoring && !self->taking && self->given != NULL)
    mark_given (self, g_object_get_data (widget, "gp-answer-key"));
}

void
_gp_assistant_page_connect_job_answers (GpAssistantPage *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (job_answers); i++)
    {
      GObject *widget = G_STRUCT_MEMBER (GObject *, self, job_answers[i].widget);
      const char *property = GTK_IS_SPIN_BUTTON (widget) ? "notify::value"
                             : GTK_IS_SWITCH (widget)    ? "notify::active"
                                                         : "notify::selected";

      g_object_set_data (widget, "gp-answer-key", (gpointer) job_answers[i].key);
      g_signal_connect_object (widget, property, G_CALLBACK (job_answer_changed_cb), self, 0);
    }
}

/* Skip gives a step's answers back to the Estimate page's job. */
void
_gp_assistant_page_forget_given (GpAssistantPage *self,
                                 guint            step)
{
  for (guint i = 0; i < G_N_ELEMENTS (job_answers); i++)
    if (job_answers[i].step == step)
      g_hash_table_remove (self->given, job_answers[i].key);
}

static guint
preset_position (const char *id)
{
  GListModel *presets = gp_estimator_data_get_presets (gp_estimator_data_get_default ());

  for (guint i = 0; id != NULL && i < g_list_model_get_n_items (presets); i++)
    {
      g_autoptr(GpPreset) preset = g_list_model_get_item (presets, i);

      if (g_strcmp0 (gp_preset_get_id (preset), id) == 0)
        return i + 1;
    }
  return 0;
}

#define TAKE(key, call)      \
  if (!is_given (self, key)) \
  call

/* The job's size and shape, as the questions of the "compute" step ask them. */
static void
take_compute (GpAssistantPage *self,
              GpWorkload      *job)
{
  guint gpus = gp_workload_get_gpus (job);

  TAKE ("workload", adw_combo_row_set_selected (self->workload_row,
                                                preset_position (gp_workload_get_preset (job))));
  TAKE ("gpu-hours",
        gtk_spin_button_set_value (self->gpu_hours_spin, gp_workload_get_gpu_hours (job)));
  TAKE ("reference",
        _gp_assistant_page_select_string (self->reference_row, G_LIST_MODEL (self->gpus),
                                          gp_workload_get_reference_gpu (job), TRUE));
  TAKE ("model",
        gtk_spin_button_set_value (self->model_spin, gp_workload_get_model_billions (job)));
  TAKE ("method", adw_combo_row_set_selected (self->method_row, gp_workload_get_method (job)));
  TAKE ("sharding",
        adw_combo_row_set_selected (self->sharding_row, gp_workload_get_sharding (job)));
  TAKE ("batch", gtk_spin_button_set_value (self->batch_spin, gp_workload_get_batch_size (job)));
  TAKE ("sequence",
        gtk_spin_button_set_value (self->sequence_spin, gp_workload_get_sequence_length (job)));
  TAKE ("checkpointing",
        adw_combo_row_set_selected (self->checkpointing_row,
                                    gp_workload_get_activation_checkpointing (job) ? 1 : 0));
  /* The question offers one GPU or eight: another count is not an answer it can give. */
  if (gpus == 1 || gpus == 8)
    TAKE ("gpus", adw_combo_row_set_selected (self->gpus_row, gpus == 8 ? 1 : 0));
}

/* The Assistant starts from the job already typed on the Estimate page: each of the job's
 * answers (the dataset's size, the job's size and shape, the deadline, interruptions, the
 * region) takes @job's value, except one the user gave in the Assistant, which is kept until
 * its step is skipped. */
void
gp_assistant_page_take_job (GpAssistantPage *self,
                            GpWorkload      *job)
{
  double dataset;

  g_return_if_fail (GP_IS_ASSISTANT_PAGE (self));
  g_return_if_fail (GP_IS_WORKLOAD (job));

  dataset = gp_workload_get_dataset_gb (job);
  self->taking = TRUE;
  if (!is_given (self, "dataset") && !is_given (self, "dataset-gb"))
    {
      guint choice = 0;

      while (choice < N_DATASET_SIZES && _gp_assistant_page_dataset_sizes[choice] != dataset)
        choice++;
      if (choice == N_DATASET_SIZES)
        gtk_spin_button_set_value (self->dataset_spin, dataset);
      adw_combo_row_set_selected (self->dataset_row, choice);
    }
  take_compute (self, job);
  TAKE ("deadline",
        gtk_spin_button_set_value (self->deadline_spin, gp_workload_get_deadline_hours (job)));
  TAKE ("interruptible",
        gtk_switch_set_active (self->interruptible_switch, gp_workload_get_interruptible (job)));
  if (gp_workload_get_interruptible (job))
    TAKE ("checkpoint", gtk_spin_button_set_value (self->checkpoint_spin,
                                                   gp_workload_get_checkpoint_minutes (job)));
  TAKE ("region", adw_combo_row_set_selected (self->region_row, 0));
  TAKE ("region", _gp_assistant_page_select_string (self->region_row, G_LIST_MODEL (self->regions),
                                                    gp_workload_get_region (job), FALSE));
  self->taking = FALSE;
  _gp_assistant_page_update_sensitivity (self);
  _gp_assistant_page_save_answers (self);
}

#undef TAKE
