/* gp-estimate-page-private.h — what the Estimate page's files share: its fields, and the parts
 * of its form each side calls
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "gp-chart-view.h"
#include "gp-display-currency.h"
#include "gp-estimate-page.h"

G_BEGIN_DECLS

struct _GpEstimatePage
{
  AdwBin           parent_instance;

  GpCatalog       *catalog;
  GpDisplayCurrency *display;
  GtkFlowBox *toolbar;
  GpWorkload      *workload;
  GpEstimateList  *estimates;
  GCancellable    *cancellable;
  GListStore      *gpus;
  GtkStringList   *regions;
  char            *chart;
  char            *error;
  guint            estimate_source;
  /* Set once the page is shown or given a job: until then nobody has asked for an estimate,
   * and the 300,000 rows of a large catalog's would take memory for nothing. */
  gboolean         wanted;
  GPtrArray *measurements;           /* GpMeasurement: measurement_row's items after the first */
  gboolean every_offer;              /* the list shows every offer, not each platform's best */
  GHashTable *instances_by_platform; /* provider id → GPtrArray of GpEstimateGroup */
  GpSettings *settings;              /* where the job is kept between runs */
  GVariant *untouched;               /* the form's job before anyone gave one */
  gboolean job_given;                /* brought from elsewhere, or kept from the last run */
  GpMemoryFit fit;                   /* what would hold a job nothing holds; gpus 0 when none */
  char *same_gpu;                    /* the GPU model compared on every platform, or NULL */
  GPtrArray *compare_gpus;           /* GpGpu: compare_dropdown's items after the first */
  gboolean filling_compare;          /* compare_dropdown's items are being replaced */

  /* Template widgets */
  GtkLabel        *apart_label;
  GtkListBox      *apart_list;
  GtkSpinButton   *batch_spin;
  GtkSpinButton   *budget_spin;
  GpChartView     *chart_view;
  GtkDropDown *compare_dropdown;
  GtkSpinButton   *checkpoint_spin;
  AdwActionRow    *currency_info_row;
  GtkSpinButton   *dataset_spin;
  GtkSpinButton   *deadline_spin;
  GtkLabel        *error_label;
  GtkToggleButton *every_offer_button;
  GtkButton *fit_button;
  GtkSpinButton   *gpu_hours_spin;
  AdwComboRow     *gpus_row;
  GtkSwitch       *interruptible_switch;
  GtkSwitch *usable_switch;
  GtkSpinButton   *interruption_spin;
  GtkLabel        *item_label;
  GtkLabel *footnote_label;
  AdwComboRow *measurement_row;
  AdwComboRow     *method_row;
  GtkSpinButton   *model_spin;
  AdwComboRow     *precision_row;
  GtkSpinButton   *restart_spin;
  GtkSpinButton   *scaling_spin;
  GtkSpinButton   *weight_spin;
  AdwComboRow     *reference_row;
  AdwComboRow     *region_row;
  AdwActionRow *remove_measurement_row;
  GtkListBox      *results_list;
  GtkPaned *results_paned;
  GtkSpinButton   *results_spin;
  GtkSpinButton   *sequence_spin;
  AdwComboRow     *sharding_row;
  AdwComboRow *checkpointing_row;
  GtkLabel        *skipped_label;
  GtkSpinner      *spinner;
  GtkSpinButton   *storage_spin;
  AdwActionRow *tokens_row;
  GtkSpinButton *tokens_spin;
  GtkSpinButton   *upload_spin;
  AdwComboRow     *workload_row;
};

guint _gp_estimate_page_preset_index              (const char     *preset_id);
void  _gp_estimate_page_workload_selected_cb      (GpEstimatePage *self);
void  _gp_estimate_page_reference_selected_cb     (GpEstimatePage *self);

void  _gp_estimate_page_fill_measurements         (GpEstimatePage *self,
                                                   const char     *select_id);
void  _gp_estimate_page_measurement_selected_cb   (GpEstimatePage *self);
void  _gp_estimate_page_tokens_changed_cb         (GpEstimatePage *self);
void  _gp_estimate_page_measure_script_action     (GtkWidget      *widget,
                                                   const char     *action_name,
                                                   GVariant       *parameter);
void  _gp_estimate_page_import_measurement_action (GtkWidget      *widget,
                                                   const char     *action_name,
                                                   GVariant       *parameter);
void  _gp_estimate_page_remove_measurement_action (GtkWidget      *widget,
                                                   const char     *action_name,
                                                   GVariant       *parameter);

G_END_DECLS
