/* gp-estimate-page-measure.c — the Estimate page's measurements: the one the job rests on, the
 * script that measures the job on the user's GPU, and importing or forgetting what it wrote
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Part of GpEstimatePage (gp-estimate-page-private.h).
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "gp-compat.h"
#include "gp-estimate-page-private.h"
#include "gp-file.h"
#include "gp-measure-script-dialog.h"
#include "gp-format.h"
#include "gp-measure-script.h"
#include "gp-measurement-store.h"
#include "gp-ui-models.h"
#include "gp-ui-save.h"
#include "gp-ui-toasts.h"
#include "gp-ui-widgets.h"

static GpMeasurement *
selected_measurement (GpEstimatePage *self)
{
  guint selected = adw_combo_row_get_selected (self->measurement_row);

  if (self->measurements == NULL || selected == 0 || selected == GTK_INVALID_LIST_POSITION ||
      selected > self->measurements->len)
    return NULL;
  return g_ptr_array_index (self->measurements, selected - 1);
}

void
_gp_estimate_page_tokens_changed_cb (GpEstimatePage *self)
{
  gp_workload_set_tokens (self->workload, selected_measurement (self) != NULL
                                              ? gtk_spin_button_get_value (self->tokens_spin) * 1e6
                                              : 0);
}

/* The measured job in the form: its shape replaces the form's, and the hours come from the
 * tokens at its speed, so the rows that gave them are set aside while it is chosen. */
static void
show_measured_job (GpEstimatePage *self,
                   GpMeasurement  *measurement)
{
  adw_combo_row_set_selected (
      self->workload_row, _gp_estimate_page_preset_index (gp_measurement_get_preset (measurement)));
  adw_combo_row_set_selected (self->precision_row, gp_measurement_get_precision (measurement));
  gtk_spin_button_set_value (self->model_spin, gp_measurement_get_model_billions (measurement));
  adw_combo_row_set_selected (self->method_row, gp_measurement_get_method (measurement));
  adw_combo_row_set_selected (self->checkpointing_row,
                              gp_measurement_get_activation_checkpointing (measurement) ? 1 : 0);
  gtk_spin_button_set_value (self->batch_spin, gp_measurement_get_batch_size (measurement));
  gtk_spin_button_set_value (self->sequence_spin, gp_measurement_get_sequence_length (measurement));
}

void
_gp_estimate_page_measurement_selected_cb (GpEstimatePage *self)
{
  GpMeasurement *measurement = selected_measurement (self);
  gboolean measured = measurement != NULL;

  gp_workload_clear_measurements (self->workload);
  if (measured)
    {
      show_measured_job (self, measurement);
      gp_workload_add_measurement (self->workload, measurement);
    }
  else
    {
      /* Back to the form's own reference GPU and hours. */
      _gp_estimate_page_workload_selected_cb (self);
      _gp_estimate_page_reference_selected_cb (self);
    }
  _gp_estimate_page_tokens_changed_cb (self);

  gtk_widget_set_visible (GTK_WIDGET (self->remove_measurement_row), measured);
  gtk_widget_set_sensitive (GTK_WIDGET (self->tokens_row), measured);
  gtk_widget_set_sensitive (GTK_WIDGET (self->workload_row), !measured);
  if (measured)
    {
      gtk_widget_set_sensitive (
          gtk_widget_get_ancestor (GTK_WIDGET (self->gpu_hours_spin), ADW_TYPE_ACTION_ROW), FALSE);
      gtk_widget_set_sensitive (GTK_WIDGET (self->reference_row), FALSE);
    }
}

/* The kept measurements of a GPU, @select_id chosen where given, else the one chosen before. */
void
_gp_estimate_page_fill_measurements (GpEstimatePage *self,
                   const char     *select_id)
{
  g_autoptr(GFile) store = gp_measurement_store_get_default_location ();
  g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);
  GpMeasurement *chosen = selected_measurement (self);
  g_autofree char *wanted = g_strdup (select_id ? select_id
                                      : chosen  ? gp_measurement_get_id (chosen)
                                                : NULL);
  g_autoptr(GPtrArray) kept = NULL;
  guint selected = 0;

  if (self->catalog == NULL)
    return;

  kept = gp_measurement_store_list (store, self->catalog, NULL);
  g_clear_pointer (&self->measurements, g_ptr_array_unref);
  self->measurements = g_ptr_array_new_with_free_func (g_object_unref);
  gtk_string_list_append (labels, _("From the Data Sheet"));
  for (guint i = 0; i < kept->len; i++)
    {
      GpMeasurement *measurement = g_ptr_array_index (kept, i);
      g_autofree char *label = NULL;

      /* The script's test on the CPU is kept, but is no speed to estimate from. */
      if (gp_measurement_is_test_run (measurement))
        continue;
      label = gp_measurement_dup_basis (measurement);
      g_ptr_array_add (self->measurements, g_object_ref (measurement));
      gtk_string_list_append (labels, label);
      if (g_strcmp0 (gp_measurement_get_id (measurement), wanted) == 0)
        selected = self->measurements->len;
    }

  g_signal_handlers_block_by_func (self->measurement_row, _gp_estimate_page_measurement_selected_cb,
                                   self);
  adw_combo_row_set_model (self->measurement_row, G_LIST_MODEL (labels));
  adw_combo_row_set_selected (self->measurement_row, selected);
  g_signal_handlers_unblock_by_func (self->measurement_row,
                                     _gp_estimate_page_measurement_selected_cb, self);
  _gp_estimate_page_measurement_selected_cb (self);
}

static void
measure_script_chosen_cb (GObject *target,
                          GFile   *file)
{
  GpEstimatePage *self = GP_ESTIMATE_PAGE (target);
  g_autoptr(GError) error = NULL;
  g_autofree char *script = gp_measure_script_new (self->workload, NULL, &error);
  g_autoptr(GBytes) bytes =
      script != NULL ? g_bytes_new_take (g_steal_pointer (&script), strlen (script)) : NULL;

  gp_ui_save_bytes (gtk_widget_get_ancestor (GTK_WIDGET (self), ADW_TYPE_TOAST_OVERLAY), file,
                    bytes, error);
}

static void
measure_script_gpu_chosen_cb (GpEstimatePage   *self,
                              const char       *response,
                              AdwMessageDialog *dialog)
{
  if (g_strcmp0 (response, "save") == 0)
    gp_compat_save_file (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
                         _("Save the Measuring Script"), "measure.py", measure_script_chosen_cb,
                         G_OBJECT (self));
}

/* The script that measures this job on a GPU the user has: asked which GPU, then where to save
 * it, only once the form gives the job's shape. */
void
_gp_estimate_page_measure_script_action (GtkWidget  *widget,
                       const char *action,
                       GVariant   *parameter)
{
  GpEstimatePage *self = GP_ESTIMATE_PAGE (widget);
  g_autoptr(GError) error = NULL;
  g_autofree char *script = gp_measure_script_new (self->workload, NULL, &error);

  GpMeasureScriptDialog *dialog;

  if (script == NULL)
    {
      gp_ui_show_toast (widget, error->message);
      return;
    }
  /* Which GPU it is for comes first: a job too large for it is said so before it is saved. */
  dialog = gp_measure_script_dialog_new (GTK_WINDOW (gtk_widget_get_root (widget)), self->catalog,
                                         self->workload);
  g_signal_connect_object (dialog, "response", G_CALLBACK (measure_script_gpu_chosen_cb), self,
                           G_CONNECT_SWAPPED);
}

/* Keeps a copy of the measurement with the user's data and estimates from it: the form takes
 * the measured job, and every estimate names the measurement. */
gboolean
gp_estimate_page_import_measurement (GpEstimatePage  *self,
                                     GFile           *file,
                                     GError         **error)
{
  g_autoptr(GFile) store = gp_measurement_store_get_default_location ();
  g_autoptr(GpMeasurement) measurement = NULL;
  g_autofree char *basis = NULL;
  g_autofree char *message = NULL;

  g_return_val_if_fail (GP_IS_ESTIMATE_PAGE (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (self->catalog != NULL, FALSE);

  measurement = gp_measurement_store_add (store, file, self->catalog, error);
  if (measurement == NULL)
    return FALSE;

  if (gp_measurement_is_test_run (measurement))
    {
      gp_ui_show_toast (GTK_WIDGET (self),
                        _("That is the script’s test run on the CPU: run it on a GPU to measure "
                           "the job"));
      return TRUE;
    }
  _gp_estimate_page_fill_measurements (self, gp_measurement_get_id (measurement));
  basis = gp_measurement_dup_basis (measurement);
  /* Translators: after importing; the rest is "measured on GPU, date, N tokens/s" */
  message = g_strdup_printf (_("Estimating from your measurement: %s"), basis);
  gp_ui_show_toast (GTK_WIDGET (self), message);
  return TRUE;
}

static void
measurement_chosen_cb (GListModel *files,
                       gpointer    user_data)
{
  g_autoptr(GpEstimatePage) self = user_data;
  g_autoptr(GFile) file = g_list_model_get_item (files, 0);
  g_autoptr(GError) error = NULL;

  if (file != NULL && !gp_estimate_page_import_measurement (self, file, &error))
    gp_ui_show_toast (GTK_WIDGET (self), error->message);
}

void
_gp_estimate_page_import_measurement_action (GtkWidget  *widget,
                           const char *action,
                           GVariant   *parameter)
{
  g_autoptr(GListStore) filters = g_list_store_new (GTK_TYPE_FILE_FILTER);
  g_autoptr(GtkFileFilter) json = gtk_file_filter_new ();

  gtk_file_filter_set_name (json, _("Measurements (JSON)"));
  gtk_file_filter_add_suffix (json, "json");
  g_list_store_append (filters, json);
  gp_compat_open_files (GTK_WINDOW (gtk_widget_get_root (widget)), _("Import a Measurement"),
                        G_LIST_MODEL (filters), measurement_chosen_cb, g_object_ref (widget));
}

void
_gp_estimate_page_remove_measurement_action (GtkWidget  *widget,
                           const char *action,
                           GVariant   *parameter)
{
  GpEstimatePage *self = GP_ESTIMATE_PAGE (widget);
  GpMeasurement *measurement = selected_measurement (self);
  g_autoptr(GFile) store = gp_measurement_store_get_default_location ();
  g_autoptr(GError) error = NULL;

  if (measurement == NULL)
    return;
  if (!gp_measurement_store_remove (store, gp_measurement_get_id (measurement), &error))
    {
      gp_ui_show_toast (widget, error->message);
      return;
    }
  adw_combo_row_set_selected (self->measurement_row, 0);
  _gp_estimate_page_fill_measurements (self, NULL);
  gp_ui_show_toast (widget, _("Measurement forgotten: estimating from the data sheet"));
}
