/* gp-measure-script-dialog.c — which GPU the measuring script is for, and whether the job fits
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The script times the job on the one GPU it runs on. Before it is saved the user says which:
 * the lab's own machines first, then the catalog's GPUs. A GPU too small for the job is said
 * so, with what one change of the job would fit (the memory model's remedies), and the save
 * button becomes Save Anyway: a measurement that runs out of memory is an hour lost.
 */

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "gp-measure-script-dialog.h"
#include "gp-memory-model.h"

struct _GpMeasureScriptDialog
{
  AdwMessageDialog parent_instance;

  GPtrArray *memory; /* double *, GB of each choice's GPU; NAN when not known */
  GPtrArray *names;  /* the name of each choice's GPU */
  double needed_gb;  /* the job's need on one GPU; NAN when not known */
  GpMemoryJob job;

  /* Template widgets */
  GtkLabel *fit_label;
  GtkDropDown *gpu_dropdown;
};

G_DEFINE_FINAL_TYPE (GpMeasureScriptDialog, gp_measure_script_dialog, ADW_TYPE_MESSAGE_DIALOG)

static void
add_choice (GpMeasureScriptDialog *self,
            GtkStringList         *labels,
            const char            *label,
            const char            *gpu_name,
            double                 memory_gb)
{
  double *memory = g_new (double, 1);

  *memory = memory_gb > 0 ? memory_gb : NAN;
  g_ptr_array_add (self->memory, memory);
  g_ptr_array_add (self->names, g_strdup (gpu_name));
  gtk_string_list_append (labels, label);
}

/* The lab's machines, then every GPU of the catalog, each with its memory. */
static guint
fill_choices (GpMeasureScriptDialog *self,
              GpCatalog             *catalog,
              const char            *reference)
{
  g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);
  GListModel *instances = gp_catalog_get_instances (catalog);
  GListModel *gpus = gp_catalog_get_gpus (catalog);
  guint selected = 0;
  gboolean lab = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (instances); i++)
    {
      g_autoptr(GpInstance) machine = g_list_model_get_item (instances, i);
      GpGpu *gpu = gp_instance_get_gpu (machine);
      g_autofree char *label = NULL;

      if (gp_instance_get_lab_cost (machine) == NULL || gpu == NULL)
        continue;
      /* Translators: a lab machine in the list of GPUs to measure on: its name, its GPU */
      label = g_strdup_printf (_("%s (the lab’s, %s)"), gp_instance_get_name (machine),
                               gp_gpu_get_name (gpu));
      add_choice (self, labels, label, gp_gpu_get_name (gpu),
                  gp_instance_get_gpu_memory_gb (machine));
      lab = TRUE;
    }
  for (guint i = 0; i < g_list_model_get_n_items (gpus); i++)
    {
      g_autoptr(GpGpu) gpu = g_list_model_get_item (gpus, i);

      /* Without a lab machine, the GPU the job's hours are counted on comes first chosen. */
      if (!lab && g_strcmp0 (gp_gpu_get_id (gpu), reference) == 0)
        selected = self->names->len;
      add_choice (self, labels, gp_gpu_get_name (gpu), gp_gpu_get_name (gpu),
                  gp_gpu_get_memory_gb (gpu));
    }
  gtk_drop_down_set_model (self->gpu_dropdown, G_LIST_MODEL (labels));
  return selected;
}

/* Whether the job fits the chosen GPU; %TRUE when either figure is not known. */
gboolean
gp_measure_script_dialog_fits (GpMeasureScriptDialog *self)
{
  guint chosen = gtk_drop_down_get_selected (self->gpu_dropdown);
  double memory;

  g_return_val_if_fail (GP_IS_MEASURE_SCRIPT_DIALOG (self), TRUE);

  if (chosen >= self->memory->len)
    return TRUE;
  memory = *(double *) g_ptr_array_index (self->memory, chosen);
  return isnan (memory) || isnan (self->needed_gb) || self->needed_gb <= memory;
}

/* What would fit: "LoRA (21.0 GB), or activation checkpointing (22.0 GB)". */
static char *
dup_remedies (GpMeasureScriptDialog *self,
              double                 memory_gb)
{
  g_autoptr(GArray) remedies = gp_memory_find_remedies (NULL, &self->job, 1, memory_gb);
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < remedies->len; i++)
    {
      g_autofree char *label =
          gp_memory_remedy_dup_label (&g_array_index (remedies, GpMemoryRemedy, i));

      if (i > 0)
        /* Translators: between two changes that would each make the job fit */
        g_string_append (text, i + 1 < remedies->len ? _(", ") : _(", or "));
      g_string_append (text, label);
    }
  return remedies->len > 0 ? g_string_free (g_steal_pointer (&text), FALSE) : NULL;
}

static void
chosen_cb (GpMeasureScriptDialog *self)
{
  guint chosen = gtk_drop_down_get_selected (self->gpu_dropdown);
  AdwMessageDialog *dialog = ADW_MESSAGE_DIALOG (self);
  g_autofree char *remedies = NULL;
  g_autofree char *text = NULL;
  double memory;

  if (gp_measure_script_dialog_fits (self))
    {
      gtk_widget_set_visible (GTK_WIDGET (self->fit_label), FALSE);
      adw_message_dialog_set_response_label (dialog, "save", _("_Save…"));
      adw_message_dialog_set_response_appearance (dialog, "save", ADW_RESPONSE_SUGGESTED);
      return;
    }
  memory = *(double *) g_ptr_array_index (self->memory, chosen);
  remedies = dup_remedies (self, memory);
  text = remedies != NULL
             /* Translators: the job, the GPU's name and its memory, then what would fit */
             ? g_strdup_printf (_("This job needs %.1f GB on one GPU; the %s has %.0f GB: it will "
                                   "run out of memory. It would fit with %s."),
                                self->needed_gb, (char *) g_ptr_array_index (self->names, chosen),
                                memory, remedies)
             /* Translators: the job, the GPU's name and its memory */
             : g_strdup_printf (_("This job needs %.1f GB on one GPU; the %s has %.0f GB: it will "
                                   "run out of memory, and no one change of the job (LoRA, "
                                   "activation checkpointing, a smaller batch) would fit it. "
                                   "Choose a larger GPU."),
                                self->needed_gb, (char *) g_ptr_array_index (self->names, chosen),
                                memory);
  gtk_label_set_text (self->fit_label, text);
  gtk_widget_set_visible (GTK_WIDGET (self->fit_label), TRUE);
  adw_message_dialog_set_response_label (dialog, "save", _("Save _Anyway…"));
  adw_message_dialog_set_response_appearance (dialog, "save", ADW_RESPONSE_DESTRUCTIVE);
}

static void
gp_measure_script_dialog_dispose (GObject *object)
{
  GpMeasureScriptDialog *self = GP_MEASURE_SCRIPT_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), GP_TYPE_MEASURE_SCRIPT_DIALOG);
  g_clear_pointer (&self->memory, g_ptr_array_unref);
  g_clear_pointer (&self->names, g_ptr_array_unref);

  G_OBJECT_CLASS (gp_measure_script_dialog_parent_class)->dispose (object);
}

static void
gp_measure_script_dialog_class_init (GpMeasureScriptDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = gp_measure_script_dialog_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE_PATH "/gp-measure-script-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, GpMeasureScriptDialog, fit_label);
  gtk_widget_class_bind_template_child (widget_class, GpMeasureScriptDialog, gpu_dropdown);
}

static void
gp_measure_script_dialog_init (GpMeasureScriptDialog *self)
{
  g_autoptr(GtkExpression) name =
      gtk_property_expression_new (GTK_TYPE_STRING_OBJECT, NULL, "string");

  gtk_widget_init_template (GTK_WIDGET (self));
  self->memory = g_ptr_array_new_with_free_func (g_free);
  self->names = g_ptr_array_new_with_free_func (g_free);
  self->needed_gb = NAN;
  gtk_drop_down_set_expression (self->gpu_dropdown, name);
  gtk_widget_set_visible (GTK_WIDGET (self->fit_label), FALSE);
}

GpMeasureScriptDialog *
gp_measure_script_dialog_new (GtkWindow  *parent,
                              GpCatalog  *catalog,
                              GpWorkload *job)
{
  GpMeasureScriptDialog *self =
      g_object_new (GP_TYPE_MEASURE_SCRIPT_DIALOG, "transient-for", parent, "modal", TRUE, NULL);
  GpEstimatorData *data = gp_estimator_data_get_default ();
  const char *preset = gp_workload_get_preset (job);
  guint selected;

  g_return_val_if_fail (GP_IS_CATALOG (catalog), NULL);
  g_return_val_if_fail (GP_IS_WORKLOAD (job), NULL);

  gp_memory_job_init (&self->job, job,
                      preset != NULL ? gp_estimator_data_find_preset (data, preset) : NULL);
  self->needed_gb = gp_memory_needed_gb (NULL, &self->job, 1);
  selected = fill_choices (self, catalog, gp_workload_get_reference_gpu (job));
  gtk_drop_down_set_selected (self->gpu_dropdown, selected);
  g_signal_connect_object (self->gpu_dropdown, "notify::selected", G_CALLBACK (chosen_cb), self,
                           G_CONNECT_SWAPPED);
  chosen_cb (self);
  gtk_window_present (GTK_WINDOW (self));
  return self;
}
