/* gp-assistant-page-private.h — what the Assistant page's files share: its fields, and the
 * parts of its answers and of its result each file calls
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "gp-assistant-page.h"

G_BEGIN_DECLS

/* The dataset choices' sizes, in GB: the middle of each class. */
#define N_DATASET_SIZES 3
extern const double _gp_assistant_page_dataset_sizes[N_DATASET_SIZES];
#define DEFAULT_REFERENCE "v100-sxm2-16gb"

struct _GpAssistantPage
{
  AdwBin            parent_instance;

  GpCatalog        *catalog;
  GpSettings       *settings;
  gboolean with_launch; /* the summary adds the first choice's launch code */
  GListStore       *gpus;
  GtkStringList    *regions;
  GpRecommendation *recommendation;
  guint             step;
  gboolean          restoring;
  gboolean          taking;    /* answers are being set from the Estimate page's job */
  GHashTable       *given;     /* keys of the job's answers the user gave here */

  /* Template widgets */
  GtkSwitch        *automl_switch;
  GtkButton        *back_button;
  AdwEntryRow      *bucket_region_row;
  AdwActionRow     *budget_row;
  GtkSpinButton    *budget_spin;
  GtkSpinButton    *checkpoint_spin;
  AdwComboRow      *dataset_row;
  GtkSpinButton    *dataset_spin;
  GtkSpinButton    *deadline_spin;
  GtkSpinButton    *gpu_hours_spin;
  AdwComboRow      *gpus_row;
  GtkSwitch        *identity_switch;
  GtkSwitch        *interruptible_switch;
  AdwComboRow      *location_row;
  AdwComboRow *lab_location_row;
  GtkSpinButton    *memory_spin;
  GtkSpinButton    *model_spin;
  AdwComboRow      *method_row;
  AdwComboRow *checkpointing_row;
  GtkSpinButton *batch_spin;
  GtkSpinButton *sequence_spin;
  AdwComboRow      *sharding_row;
  GtkSwitch        *models_switch;
  GtkButton        *next_button;
  GtkSwitch        *pipelines_switch;
  GtkProgressBar   *progress_bar;
  AdwComboRow      *reference_row;
  AdwComboRow      *region_row;
  GtkSwitch        *residency_switch;
  GtkSpinButton *carbon_spin;
  GtkBox           *result_box;
  AdwComboRow      *sessions_row;
  GtkButton        *skip_button;
  GtkSwitch        *ssh_switch;
  GtkStack         *stack;
  GtkLabel         *step_label;
  AdwComboRow      *workload_row;
};

GpPreset   *_gp_assistant_page_selected_preset (GpAssistantPage *self);
const char *_gp_assistant_page_selected_region (GpAssistantPage *self);
double      _gp_assistant_page_dataset_gb      (GpAssistantPage *self);
const char *_gp_assistant_page_budget_currency (GpAssistantPage *self);
const char *_gp_assistant_page_data_region     (GpAssistantPage *self);

void _gp_assistant_page_select_string       (AdwComboRow     *row,
                                             GListModel      *model,
                                             const char      *wanted,
                                             gboolean         gpus);
void _gp_assistant_page_save_answers        (GpAssistantPage *self);
void _gp_assistant_page_restore_answers     (GpAssistantPage *self);
void _gp_assistant_page_reset_step          (GpAssistantPage *self,
                                             guint            step);
void _gp_assistant_page_update_sensitivity  (GpAssistantPage *self);

GtkWidget *_gp_assistant_page_wrapped_label  (const char      *text,
                                              const char      *css_class);
void       _gp_assistant_page_show_result    (GpAssistantPage *self);
void       _gp_assistant_page_export_action  (GtkWidget       *widget,
                                              const char      *action,
                                              GVariant        *parameter);

void _gp_assistant_page_connect_job_answers (GpAssistantPage *self);
void _gp_assistant_page_save_given          (GpAssistantPage *self,
                                             GVariantDict    *dict);
void _gp_assistant_page_restore_given       (GpAssistantPage *self,
                                             GVariantDict    *dict);
void _gp_assistant_page_forget_given        (GpAssistantPage *self,
                                             guint            step);

G_END_DECLS
