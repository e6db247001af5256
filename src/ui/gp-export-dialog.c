/* gp-export-dialog.c — how to export a chart: format, size, resolution and style
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The dialog collects the choice and shows, as it changes, the chart as it will be written:
 * the same drawing at the chosen size's shape and style, scaled to the preview.
 * gp_export_dialog_run() answers its responses for any chart: copies, or asks where to save and
 * writes there with gp_export_dialog_write(), which tests call without a dialog.
 */

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "gp-breakeven-chart.h"
#include "gp-chart.h"
#include "gp-compat.h"
#include "gp-export-dialog.h"
#include "gp-file.h"
#include "gp-ui-save.h"
#include "gp-ui-toasts.h"

struct _GpExportDialog
{
  AdwMessageDialog  parent_instance;

  GpChartData *data;
  GpChartKind kind;

  /* Template widgets */
  GtkDrawingArea *preview;
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
enum
{
  ROW_PDF,
  ROW_SVG,
  ROW_PNG,
  ROW_CSV,
  ROW_PDF_ALL
};

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

/* The chart as it will be written: drawn at the size the file will have, in points, scaled
 * down into the preview, on the export's background. */
static void
draw_preview (GtkDrawingArea *area,
              cairo_t        *cr,
              int             width,
              int             height,
              gpointer        user_data)
{
  GpExportDialog *self = GP_EXPORT_DIALOG (user_data);
  GpChartSize size;
  GpChartStyle style;
  double width_pt, height_pt, scale;

  if (self->data == NULL || gp_export_dialog_get_csv (self))
    return;

  gp_export_dialog_get_size (self, &size);
  gp_chart_style_init (&style, gp_export_dialog_get_style_kind (self));
  if (!gp_chart_size_fit (self->kind, self->data, &style, &size, &width_pt, &height_pt, NULL))
    return;
  scale = MIN (width / width_pt, height / height_pt);
  cairo_translate (cr, (width - width_pt * scale) / 2, (height - height_pt * scale) / 2);
  cairo_scale (cr, scale, scale);
  gp_chart_draw (cr, NULL, self->kind, self->data, &style, width_pt, height_pt);
}

/* The size the file is written at, under the size asked for: a bar chart grows taller until
 * every platform has its bar; or why it cannot be drawn. */
static void
show_written_size (GpExportDialog *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  GpChartSize size;
  GpChartStyle style;
  double width_pt, height_pt;

  gp_export_dialog_get_size (self, &size);
  gp_chart_style_init (&style, gp_export_dialog_get_style_kind (self));
  if (self->data == NULL)
    return;
  if (!gp_chart_size_fit (self->kind, self->data, &style, &size, &width_pt, &height_pt, &error))
    text = g_strdup (error->message);
  else if (size.width_mm > 0 && fabs (height_pt / 72 * 25.4 - size.height_mm) >= 0.5)
    /* Translators: under the export's size: the file is taller than asked, "85 × 169 mm" */
    text = g_strdup_printf (_("Written at %.0f × %.0f mm, so that every platform has its bar"),
                            size.width_mm, height_pt / 72 * 25.4);
  adw_action_row_set_subtitle (self->mm_row, text ? text : "");
}

static void
changed_cb (GpExportDialog *self)
{
  update_rows (self);
  show_written_size (self);
  gtk_widget_queue_draw (GTK_WIDGET (self->preview));
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

  changed_cb (self);
}

static void
gp_export_dialog_dispose (GObject *object)
{
  GpExportDialog *self = GP_EXPORT_DIALOG (object);

  g_clear_pointer (&self->data, gp_chart_data_unref);

  G_OBJECT_CLASS (gp_export_dialog_parent_class)->dispose (object);
}

static void
gp_export_dialog_class_init (GpExportDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = gp_export_dialog_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE_PATH
                                               "/gp-export-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, GpExportDialog, dpi_row);
  gtk_widget_class_bind_template_child (widget_class, GpExportDialog, dpi_spin);
  gtk_widget_class_bind_template_child (widget_class, GpExportDialog, format_row);
  gtk_widget_class_bind_template_child (widget_class, GpExportDialog, height_mm_spin);
  gtk_widget_class_bind_template_child (widget_class, GpExportDialog, height_px_spin);
  gtk_widget_class_bind_template_child (widget_class, GpExportDialog, mm_row);
  gtk_widget_class_bind_template_child (widget_class, GpExportDialog, preview);
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
  g_signal_connect_object (self->format_row, "notify::selected", G_CALLBACK (changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->style_row, "notify::selected", G_CALLBACK (changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->width_mm_spin, "value-changed", G_CALLBACK (changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->height_mm_spin, "value-changed", G_CALLBACK (changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->width_px_spin, "value-changed", G_CALLBACK (changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->height_px_spin, "value-changed", G_CALLBACK (changed_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_drawing_area_set_draw_func (self->preview, draw_preview, self, NULL);
  update_rows (self);
}

GpExportDialog *
gp_export_dialog_new (GtkWindow *parent)
{
  return g_object_new (GP_TYPE_EXPORT_DIALOG, "transient-for", parent, "modal", TRUE, NULL);
}

/* Names the chart in the heading and previews it. */
void
gp_export_dialog_set_chart (GpExportDialog *self,
                            GpChartKind     kind,
                            GpChartData    *data)
{
  g_autofree char *heading = NULL;

  g_return_if_fail (GP_IS_EXPORT_DIALOG (self));

  self->kind = kind;
  g_clear_pointer (&self->data, gp_chart_data_unref);
  self->data = data != NULL ? gp_chart_data_ref (data) : NULL;
  /* Only the estimate's costs have four charts to write together. */
  if (kind == GP_CHART_KIND_BREAKEVEN || (data != NULL && !gp_chart_data_is_costs (data)))
    {
      GtkStringList *formats = GTK_STRING_LIST (adw_combo_row_get_model (self->format_row));

      if (g_list_model_get_n_items (G_LIST_MODEL (formats)) > ROW_PDF_ALL)
        gtk_string_list_remove (formats, ROW_PDF_ALL);
    }
  /* Translators: the export dialog's heading: "Export “Cost of the job on each option”" */
  heading = g_strdup_printf (_("Export “%s”"), gp_chart_data_get_title (data, kind));
  adw_message_dialog_set_heading (ADW_MESSAGE_DIALOG (self), heading);
  show_written_size (self);
  gtk_widget_queue_draw (GTK_WIDGET (self->preview));
}

gboolean
gp_export_dialog_get_csv (GpExportDialog *self)
{
  g_return_val_if_fail (GP_IS_EXPORT_DIALOG (self), FALSE);
  return adw_combo_row_get_selected (self->format_row) == ROW_CSV;
}

gboolean
gp_export_dialog_get_all_charts (GpExportDialog *self)
{
  g_return_val_if_fail (GP_IS_EXPORT_DIALOG (self), FALSE);
  return adw_combo_row_get_selected (self->format_row) == ROW_PDF_ALL;
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
    case ROW_PDF_ALL:
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
    *size = (GpChartSize){ gtk_spin_button_get_value (self->width_mm_spin),
                           gtk_spin_button_get_value (self->height_mm_spin),
                           gtk_spin_button_get_value (self->dpi_spin),
                           0,
                           0,
                           TRUE };
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

const char *
gp_export_dialog_get_extension (GpExportDialog *self)
{
  static const char *const extensions[] = { ".pdf", ".svg", ".png", ".csv", ".pdf" };

  g_return_val_if_fail (GP_IS_EXPORT_DIALOG (self), ".pdf");
  return extensions[MIN (adw_combo_row_get_selected (self->format_row), 4)];
}

/* The file's contents as the export dialog asks: the chart, its four charts in one PDF, or its
 * data as CSV. */
static GBytes *
render_export (GpChartKind        kind,
               GpChartData       *data,
               GpChartFormat      format,
               gboolean           csv,
               gboolean           all_charts,
               const GpChartSize *size,
               GpChartStyleKind   style_kind,
               GError           **error)
{
  GpChartStyle style;

  if (data == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_INITIALIZED,
                           _("There is no estimate to export yet"));
      return NULL;
    }

  if (csv)
    {
      char *text = kind == GP_CHART_KIND_BREAKEVEN ? gp_breakeven_chart_to_csv (data)
                                                   : gp_chart_data_to_csv (data);

      return g_bytes_new_take (text, strlen (text));
    }

  gp_chart_style_init (&style, style_kind);
  if (all_charts)
    return gp_chart_render_all_pdf (data, &style, size, error);
  return gp_chart_render (format, kind, data, &style, size, error);
}

/* Writes a chart as the export dialog asks, whole or not at all. */
gboolean
gp_export_dialog_write (GpChartKind        kind,
                        GpChartData       *data,
                        GFile             *file,
                        GpChartFormat      format,
                        gboolean           csv,
                        gboolean           all_charts,
                        const GpChartSize *size,
                        GpChartStyleKind   style_kind,
                        GError           **error)
{
  g_autoptr(GBytes) bytes =
      render_export (kind, data, format, csv, all_charts, size, style_kind, error);

  return bytes != NULL && gp_file_replace_bytes (file, bytes, error);
}

typedef struct
{
  GpChartKind kind;
  GpChartData *data;
  GpChartFormat format;
  gboolean csv;
  gboolean all_charts;
  GpChartSize size;
  GpChartStyleKind style;
} ExportRequest;

static void
export_request_free (ExportRequest *request)
{
  g_clear_pointer (&request->data, gp_chart_data_unref);
  g_free (request);
}

static GBytes *
render_request (gpointer  snapshot,
                GError  **error)
{
  ExportRequest *request = snapshot;

  return render_export (request->kind, request->data, request->format, request->csv,
                        request->all_charts, &request->size, request->style, error);
}

/* Drawn on a worker from a copy of the chart's data: the page goes on changing its own. */
static void
save_chosen_cb (GObject *target,
                GFile   *file)
{
  ExportRequest *request = g_object_get_data (target, "gp-export-request");
  ExportRequest *snapshot;

  if (request == NULL)
    return;

  snapshot = g_memdup2 (request, sizeof *request);
  snapshot->data = request->data != NULL ? gp_chart_data_copy (request->data) : NULL;
  gp_ui_save (gtk_widget_get_ancestor (GTK_WIDGET (target), ADW_TYPE_TOAST_OVERLAY), file,
              render_request, snapshot, (GDestroyNotify) export_request_free);
}

static void
copy_image (GtkWidget     *from,
            ExportRequest *request)
{
  g_autoptr(GBytes) png = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(GError) error = NULL;
  GpChartStyle style;

  gp_chart_style_init (&style, request->style);
  if (request->data != NULL)
    png = gp_chart_render (GP_CHART_FORMAT_PNG, request->kind, request->data, &style,
                           &request->size, &error);
  if (png != NULL)
    texture = gdk_texture_new_from_bytes (png, &error);

  if (texture == NULL)
    {
      g_autofree char *message =
          g_strdup_printf (_("Could not copy the chart: %s"),
                           error ? error->message : _("there is no estimate yet"));
      gp_ui_show_toast (from, message);
      return;
    }

  gdk_clipboard_set_texture (gtk_widget_get_clipboard (from), texture);
  gp_ui_show_toast (from, _("Chart copied"));
}

static void
run_response_cb (GpExportDialog *self,
                 const char     *response,
                 GtkWidget      *from)
{
  ExportRequest *request = g_new0 (ExportRequest, 1);
  const char *stem = g_object_get_data (G_OBJECT (self), "gp-export-stem");
  g_autofree char *name = NULL;

  request->kind = self->kind;
  request->data = self->data != NULL ? gp_chart_data_ref (self->data) : NULL;
  request->format = gp_export_dialog_get_format (self);
  request->csv = gp_export_dialog_get_csv (self);
  request->all_charts = gp_export_dialog_get_all_charts (self);
  request->style = gp_export_dialog_get_style_kind (self);
  gp_export_dialog_get_size (self, &request->size);

  if (g_str_equal (response, "copy"))
    copy_image (from, request);

  if (!g_str_equal (response, "save"))
    {
      export_request_free (request);
      return;
    }

  name = g_strdup_printf ("gpu-planner-%s%s", request->all_charts ? "charts" : stem,
                          gp_export_dialog_get_extension (self));
  g_object_set_data_full (G_OBJECT (from), "gp-export-request", request,
                          (GDestroyNotify) export_request_free);
  gp_compat_save_file (GTK_WINDOW (gtk_widget_get_root (from)), _("Export Chart"), name,
                       save_chosen_cb, G_OBJECT (from));
}

/* Asks how to export the chart, then copies it, or asks where to save it and writes it there. */
GpExportDialog *
gp_export_dialog_run (GtkWidget   *from,
                      GpChartKind  kind,
                      GpChartData *data,
                      const char  *stem)
{
  GtkRoot *root = gtk_widget_get_root (from);
  GpExportDialog *dialog = gp_export_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL);

  gp_export_dialog_set_chart (dialog, kind, data);
  g_object_set_data_full (G_OBJECT (dialog), "gp-export-stem", g_strdup (stem), g_free);
  g_signal_connect_object (dialog, "response", G_CALLBACK (run_response_cb), from, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}
