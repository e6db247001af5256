/* gp-export-dialog.c — how to export a chart: format, size, resolution and style
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The dialog only collects the choice; the Estimate page answers its responses, so the
 * export itself can be tested without a dialog.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "gp-export-dialog.h"

struct _GpExportDialog
{
  AdwMessageDialog  parent_instance;

  /* Template widgets */
  AdwActionRow     *dpi_row;
  GtkSpinButton    *dpi_spin;
  AdwComboRow      *format_row;
  GtkSpinButton    *height_mm_spin;
  GtkSpinButton    *height_px_spin;
  AdwActionRow     *mm_row;
  AdwActionRow     *px_row;
  AdwComboRow      *size_row;
  AdwComboRow      *style_row;
  GtkSpinButton    *width_mm_spin;
  GtkSpinButton    *width_px_spin;
};

G_DEFINE_FINAL_TYPE (GpExportDialog, gp_export_dialog, ADW_TYPE_MESSAGE_DIALOG)

/* The rows of format_row, in order. */
enum { ROW_PDF, ROW_SVG, ROW_PNG, ROW_CSV };

static void
update_rows (GpExportDialog *self)
{
  GpExportSize preset = adw_combo_row_get_selected (self->size_row);
  guint format = adw_combo_row_get_selected (self->format_row);
  gboolean pixels = preset == GP_EXPORT_SIZE_SLIDE || preset == GP_EXPORT_SIZE_CUSTOM_PX;
  gboolean chart = format != ROW_CSV;

  gtk_widget_set_visible (GTK_WIDGET (self->mm_row), chart && !pixels);
  gtk_widget_set_visible (GTK_WIDGET (self->dpi_row), chart && !pixels && format == ROW_PNG);
  gtk_widget_set_visible (GTK_WIDGET (self->px_row), chart && pixels);
  gtk_widget_set_visible (GTK_WIDGET (self->size_row), chart);
  gtk_widget_set_visible (GTK_WIDGET (self->style_row), chart);
  gtk_widget_set_sensitive (GTK_WIDGET (self->mm_row), preset == GP_EXPORT_SIZE_CUSTOM_MM);
  gtk_widget_set_sensitive (GTK_WIDGET (self->px_row), preset == GP_EXPORT_SIZE_CUSTOM_PX);
}

static void
size_preset_changed_cb (GpExportDialog *self)
{
  switch ((GpExportSize) adw_combo_row_get_selected (self->size_row))
    {
    case GP_EXPORT_SIZE_SINGLE_COLUMN:
      gtk_spin_button_set_value (self->width_mm_spin, 85);
      gtk_spin_button_set_value (self->height_mm_spin, 65);
      break;

    case GP_EXPORT_SIZE_FULL_WIDTH:
      gtk_spin_button_set_value (self->width_mm_spin, 170);
      gtk_spin_button_set_value (self->height_mm_spin, 110);
      break;

    case GP_EXPORT_SIZE_SLIDE:
      gtk_spin_button_set_value (self->width_px_spin, 1920);
      gtk_spin_button_set_value (self->height_px_spin, 1080);
      break;

    case GP_EXPORT_SIZE_CUSTOM_MM:
    case GP_EXPORT_SIZE_CUSTOM_PX:
    default:
      break;
    }

  update_rows (self);
}

static void
gp_export_dialog_class_init (GpExportDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE_PATH
                                               "/gp-export-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, GpExportDialog, dpi_row);
  gtk_widget_class_bind_template_child (widget_class, GpExportDialog, dpi_spin);
  gtk_widget_class_bind_template_child (widget_class, GpExportDialog, format_row);
  gtk_widget_class_bind_template_child (widget_class, GpExportDialog, height_mm_spin);
  gtk_widget_class_bind_template_child (widget_class, GpExportDialog, height_px_spin);
  gtk_widget_class_bind_template_child (widget_class, GpExportDialog, mm_row);
  gtk_widget_class_bind_template_child (widget_class, GpExportDialog, px_row);
  gtk_widget_class_bind_template_child (widget_class, GpExportDialog, size_row);
  gtk_widget_class_bind_template_child (widget_class, GpExportDialog, style_row);
  gtk_widget_class_bind_template_child (widget_class, GpExportDialog, width_mm_spin);
  gtk_widget_class_bind_template_child (widget_class, GpExportDialog, width_px_spin);
}

static void
gp_export_dialog_init (GpExportDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  g_signal_connect_object (self->size_row, "notify::selected",
                           G_CALLBACK (size_preset_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->format_row, "notify::selected", G_CALLBACK (update_rows), self,
                           G_CONNECT_SWAPPED);
  update_rows (self);
}

GpExportDialog *
gp_export_dialog_new (GtkWindow *parent)
{
  return g_object_new (GP_TYPE_EXPORT_DIALOG, "transient-for", parent, "modal", TRUE, NULL);
}

/**
 * gp_export_dialog_get_csv:
 * @self: a #GpExportDialog
 *
 * Returns: %TRUE when the chart's data is to be saved as CSV rather than the chart
 */
gboolean
gp_export_dialog_get_csv (GpExportDialog *self)
{
  g_return_val_if_fail (GP_IS_EXPORT_DIALOG (self), FALSE);
  return adw_combo_row_get_selected (self->format_row) == ROW_CSV;
}

GpChartFormat
gp_export_dialog_get_format (GpExportDialog *self)
{
  g_return_val_if_fail (GP_IS_EXPORT_DIALOG (self), GP_CHART_FORMAT_PDF);

  switch (adw_combo_row_get_selected (self->format_row))
    {
    case ROW_SVG:
      return GP_CHART_FORMAT_SVG;

    case ROW_PNG:
      return GP_CHART_FORMAT_PNG;

    case ROW_PDF:
    default:
      return GP_CHART_FORMAT_PDF;
    }
}

void
gp_export_dialog_set_format (GpExportDialog *self,
                             GpChartFormat   format,
                             gboolean        csv)
{
  static const guint rows[] = { [GP_CHART_FORMAT_PNG] = ROW_PNG, [GP_CHART_FORMAT_SVG] = ROW_SVG,
                                [GP_CHART_FORMAT_PDF] = ROW_PDF };

  g_return_if_fail (GP_IS_EXPORT_DIALOG (self));
  adw_combo_row_set_selected (self->format_row, csv ? ROW_CSV : rows[format]);
}

/**
 * gp_export_dialog_get_size:
 * @self: a #GpExportDialog
 * @size: (out): the chosen size
 */
void
gp_export_dialog_get_size (GpExportDialog *self,
                           GpChartSize    *size)
{
  GpExportSize preset;

  g_return_if_fail (GP_IS_EXPORT_DIALOG (self));

  preset = adw_combo_row_get_selected (self->size_row);
  if (preset == GP_EXPORT_SIZE_SLIDE || preset == GP_EXPORT_SIZE_CUSTOM_PX)
    *size = (GpChartSize) { 0, 0, 0, gtk_spin_button_get_value_as_int (self->width_px_spin),
                            gtk_spin_button_get_value_as_int (self->height_px_spin) };
  else
    *size = (GpChartSize) { gtk_spin_button_get_value (self->width_mm_spin),
                            gtk_spin_button_get_value (self->height_mm_spin),
                            gtk_spin_button_get_value (self->dpi_spin), 0, 0 };
}

void
gp_export_dialog_set_size_preset (GpExportDialog *self,
                                  GpExportSize    preset)
{
  g_return_if_fail (GP_IS_EXPORT_DIALOG (self));
  adw_combo_row_set_selected (self->size_row, preset);
}

GpChartStyleKind
gp_export_dialog_get_style_kind (GpExportDialog *self)
{
  static const GpChartStyleKind kinds[] = { GP_CHART_STYLE_PRINT, GP_CHART_STYLE_LIGHT,
                                            GP_CHART_STYLE_DARK, GP_CHART_STYLE_PRESENTATION };
  guint selected;

  g_return_val_if_fail (GP_IS_EXPORT_DIALOG (self), GP_CHART_STYLE_PRINT);

  selected = adw_combo_row_get_selected (self->style_row);
  return kinds[MIN (selected, G_N_ELEMENTS (kinds) - 1)];
}

/**
 * gp_export_dialog_get_extension:
 * @self: a #GpExportDialog
 *
 * Returns: the file name extension of the chosen format, with its dot
 */
const char *
gp_export_dialog_get_extension (GpExportDialog *self)
{
  static const char * const extensions[] = { ".pdf", ".svg", ".png", ".csv" };

  g_return_val_if_fail (GP_IS_EXPORT_DIALOG (self), ".pdf");
  return extensions[MIN (adw_combo_row_get_selected (self->format_row), 3)];
}
