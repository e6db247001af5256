/* gp-chart-export.c — a chart as a PNG, SVG or PDF file of a given size
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The chart is drawn in points on every surface: SVG and PDF are measured in points anyway,
 * and the PNG's context is scaled by dpi/72, so a figure exported as PDF and as a 300 dpi PNG
 * has the same layout.
 */

#include "config.h"

#include <math.h>

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <glib/gi18n-lib.h>

#include "gp-chart-export.h"
#include "gp-file.h"

#define MM_PER_INCH 25.4
#define MAX_PIXELS (16384.0 * 16384.0)

G_DEFINE_QUARK (gp-chart-error-quark, gp_chart_error)

gboolean
gp_chart_format_from_filename (const char    *filename,
                               GpChartFormat *format)
{
  g_autofree char *lower = g_ascii_strdown (filename ? filename : "", -1);

  if (g_str_has_suffix (lower, ".png"))
    *format = GP_CHART_FORMAT_PNG;
  else if (g_str_has_suffix (lower, ".svg"))
    *format = GP_CHART_FORMAT_SVG;
  else if (g_str_has_suffix (lower, ".pdf"))
    *format = GP_CHART_FORMAT_PDF;
  else
    return FALSE;

  return TRUE;
}

gboolean
gp_chart_size_get_points (const GpChartSize  *size,
                          double             *width_pt,
                          double             *height_pt,
                          GError            **error)
{
  if (size->width_mm > 0 || size->height_mm > 0)
    {
      if (!(size->width_mm >= 20 && size->width_mm <= 2000 && size->height_mm >= 20 &&
            size->height_mm <= 2000))
        {
          g_set_error_literal (error, GP_CHART_ERROR, GP_CHART_ERROR_SIZE,
                               _("The size must be from 20 to 2,000 mm each way"));
          return FALSE;
        }
      if (!(size->dpi >= 36 && size->dpi <= 2400))
        {
          g_set_error_literal (error, GP_CHART_ERROR, GP_CHART_ERROR_SIZE,
                               _("The resolution must be from 36 to 2,400 dpi"));
          return FALSE;
        }

      *width_pt = size->width_mm / MM_PER_INCH * 72;
      *height_pt = size->height_mm / MM_PER_INCH * 72;
      return TRUE;
    }

  if (size->width_px < 100 || size->height_px < 100 || size->width_px > 16384 ||
      size->height_px > 16384)
    {
      g_set_error_literal (error, GP_CHART_ERROR, GP_CHART_ERROR_SIZE,
                           _("The size must be from 100 to 16,384 pixels each way"));
      return FALSE;
    }

  *width_pt = size->width_px * 72 / GP_CHART_PIXEL_DPI;
  *height_pt = size->height_px * 72 / GP_CHART_PIXEL_DPI;
  return TRUE;
}

/* A cairo_write_func_t that collects a PDF or SVG surface's output in a #GByteArray. */
cairo_status_t
gp_chart_append_to_byte_array (void                *byte_array,
                               const unsigned char *data,
                               unsigned int         length)
{
  g_byte_array_append (byte_array, data, length);
  return CAIRO_STATUS_SUCCESS;
}

static gboolean
check_status (cairo_status_t   status,
              GError         **error)
{
  if (status == CAIRO_STATUS_SUCCESS)
    return TRUE;

  g_set_error (error, GP_CHART_ERROR, GP_CHART_ERROR_DRAW, _("The chart could not be drawn: %s"),
               cairo_status_to_string (status));
  return FALSE;
}

static gboolean
draw_on (cairo_surface_t    *surface,
         double              scale,
         GpChartKind         kind,
         GpChartData        *data,
         const GpChartStyle *style,
         double              width_pt,
         double              height_pt,
         GError            **error)
{
  cairo_t *cr = cairo_create (surface);
  cairo_status_t status;

  cairo_scale (cr, scale, scale);
  gp_chart_draw (cr, NULL, kind, data, style, width_pt, height_pt);
  status = cairo_status (cr);
  cairo_destroy (cr);

  return check_status (status, error);
}

/* Every chart of an estimate, one a page, in one PDF for a proposal's appendix. */
GBytes *
gp_chart_render_all_pdf (GpChartData         *data,
                         const GpChartStyle  *style,
                         const GpChartSize   *size,
                         GError             **error)
{
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  cairo_surface_t *surface;
  double width_pt, height_pt, breakdown_pt;
  gboolean ok = TRUE;

  g_return_val_if_fail (data != NULL && style != NULL && size != NULL, NULL);

  /* One page size for all: the taller of the two bar charts' sizes, which every platform's bar
   * fits. */
  if (!gp_chart_size_fit (GP_CHART_KIND_COST, data, style, size, &width_pt, &height_pt, error) ||
      !gp_chart_size_fit (GP_CHART_KIND_BREAKDOWN, data, style, size, &width_pt, &breakdown_pt,
                          error))
    return NULL;
  height_pt = MAX (height_pt, breakdown_pt);

  surface = cairo_pdf_surface_create_for_stream (gp_chart_append_to_byte_array, bytes, width_pt,
                                                 height_pt);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR,
                                  PACKAGE_NAME " " PACKAGE_VERSION);
  for (GpChartKind kind = GP_CHART_KIND_COST; ok && kind <= GP_CHART_KIND_CUMULATIVE; kind++)
    {
      ok = draw_on (surface, 1, kind, data, style, width_pt, height_pt, error);
      cairo_surface_show_page (surface);
    }
  cairo_surface_finish (surface);
  ok = ok && check_status (cairo_surface_status (surface), error);
  cairo_surface_destroy (surface);

  return ok ? g_byte_array_free_to_bytes (g_steal_pointer (&bytes)) : NULL;
}

/* The platforms' best options among the items the chart shows at @height, and in all. */
static void
count_platform_bests (GpChartKind         kind,
                      GpChartData        *data,
                      const GpChartStyle *style,
                      double              width,
                      double              height,
                      guint              *shown,
                      guint              *all)
{
  g_autoptr(GpChartLayoutCache) cache = gp_chart_layout_cache_new ();
  const GpChartLayout *layout = gp_chart_layout_cache_get (cache, kind, data, style, width, height);

  *shown = *all = 0;
  for (guint i = 0; i < gp_chart_data_get_n_items (data); i++)
    *all += gp_chart_data_get_item (data, i)->platform_best;
  for (guint i = 0; layout->shown != NULL && i < layout->shown->len; i++)
    *shown += gp_chart_data_get_item (data, g_array_index (layout->shown, int, i))->platform_best;
}

/* The plot's height at @height, once the title, key, axes and footnote have their room. */
static double
plot_height (GpChartKind         kind,
             GpChartData        *data,
             const GpChartStyle *style,
             double              width,
             double              height)
{
  g_autoptr(GpChartLayoutCache) cache = gp_chart_layout_cache_new ();

  return gp_chart_layout_cache_get (cache, kind, data, style, width, height)->plot.height;
}

/* Whether the chart reads at @height: every platform's best has its bar; lines have a plot at
 * least a third as tall as the figure is wide (a narrow figure's key and footnote leave the
 * lines a sliver). */
static gboolean
reads_at (GpChartKind         kind,
          GpChartData        *data,
          const GpChartStyle *style,
          double              width,
          double              height)
{
  guint shown, all;

  if (kind == GP_CHART_KIND_COST || kind == GP_CHART_KIND_BREAKDOWN)
    {
      count_platform_bests (kind, data, style, width, height, &shown, &all);
      return shown >= all;
    }
  return plot_height (kind, data, style, width, height) >= width / 3;
}

/* The chart's height, grown where @size allows until it reads: a bar chart up to four times
 * the width (a column-wide figure of eight platforms marked for a lab in mainland China needs
 * more than twice), lines up to twice. */
static double
fitting_height (GpChartKind         kind,
                GpChartData        *data,
                const GpChartStyle *style,
                const GpChartSize  *size,
                double              width,
                double              height)
{
  double most = kind == GP_CHART_KIND_COST || kind == GP_CHART_KIND_BREAKDOWN ? 4 : 2;

  if (!size->height_at_least || size->width_mm <= 0)
    return height;
  while (!reads_at (kind, data, style, width, height) && height * 1.1 <= width * most)
    height *= 1.1;
  return height;
}

/* The least height, in whole millimetres, at which the chart reads: found by doubling
 * @height, then halving the gap. */
static double
least_height (GpChartKind         kind,
              GpChartData        *data,
              const GpChartStyle *style,
              double              width,
              double              height)
{
  const double mm = 72 / MM_PER_INCH;
  double low = height, high = height * 2;

  while (!reads_at (kind, data, style, width, high) && high < 2000 * mm)
    low = high, high *= 2;
  while (high - low > mm)
    {
      double mid = (low + high) / 2;

      if (reads_at (kind, data, style, width, mid))
        high = mid;
      else
        low = mid;
    }
  /* Reading is not quite monotonic in the height (lines wrap): the whole millimetre said is
   * one that reads. */
  high = ceil (high / mm) * mm;
  while (!reads_at (kind, data, style, width, high) && high < 2000 * mm)
    high += mm;
  return high;
}

/* For a view that grows, or scrolls, rather than leave a platform out. */
double
gp_chart_least_height (GpChartKind         kind,
                       GpChartData        *data,
                       const GpChartStyle *style,
                       double              width,
                       double              height)
{
  g_return_val_if_fail (data != NULL && style != NULL, height);

  return reads_at (kind, data, style, width, height)
             ? height
             : least_height (kind, data, style, width, height);
}

/* Why a bar chart at a size given whole does not do: it would show none of the platforms, or
 * (in millimetres, a figure's size) not all; with the least height that shows them all. */
static gboolean
check_platforms_shown (GpChartKind         kind,
                       GpChartData        *data,
                       const GpChartStyle *style,
                       const GpChartSize  *size,
                       double              width,
                       double              height,
                       GError            **error)
{
  guint shown, all;
  double least;

  if (kind != GP_CHART_KIND_COST && kind != GP_CHART_KIND_BREAKDOWN)
    return TRUE;
  if (gp_chart_data_get_n_items (data) == 0)
    {
      g_set_error_literal (error, GP_CHART_ERROR, GP_CHART_ERROR_DRAW,
                           _("The chart has no bar to draw: no option can run the job as asked"));
      return FALSE;
    }
  count_platform_bests (kind, data, style, width, height, &shown, &all);
  if (shown >= all || (shown > 0 && (size->height_at_least || size->width_mm <= 0)))
    return TRUE;
  least = least_height (kind, data, style, width, height);
  if (size->width_mm > 0)
    g_set_error (error, GP_CHART_ERROR, GP_CHART_ERROR_SIZE,
                 /* Translators: "At 85 × 51 mm the chart shows 0 of the 7 platforms that can run
                  * the job: give a height of at least 120 mm, or none to let it grow" */
                 _("At %.0f × %.0f mm the chart shows %u of the %u platforms that can run the "
                    "job: give a height of at least %.0f mm, or none to let it grow"),
                 size->width_mm, height / 72 * MM_PER_INCH, shown, all,
                 round (least / 72 * MM_PER_INCH));
  else
    g_set_error (error, GP_CHART_ERROR, GP_CHART_ERROR_SIZE,
                 /* Translators: as above, for a size in pixels */
                 _("At %u × %u pixels the chart shows none of the %u platforms that can run the "
                    "job: give a height of at least %.0f pixels"),
                 size->width_px, size->height_px, all, ceil (least * GP_CHART_PIXEL_DPI / 72));
  return FALSE;
}

/* The size a chart is written at, which its preview shows too. A bar chart is never written
 * without a bar: at a size given whole, it shows every platform that can run the job (in
 * millimetres) or at least one (in pixels), or the error says the height that would. */
gboolean
gp_chart_size_fit (GpChartKind         kind,
                   GpChartData        *data,
                   const GpChartStyle *style,
                   const GpChartSize  *size,
                   double             *width_pt,
                   double             *height_pt,
                   GError            **error)
{
  if (!gp_chart_size_get_points (size, width_pt, height_pt, error))
    return FALSE;
  *height_pt = fitting_height (kind, data, style, size, *width_pt, *height_pt);
  return check_platforms_shown (kind, data, style, size, *width_pt, *height_pt, error);
}

GBytes *
gp_chart_render (GpChartFormat        format,
                 GpChartKind          kind,
                 GpChartData         *data,
                 const GpChartStyle  *style,
                 const GpChartSize   *size,
                 GError             **error)
{
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  cairo_surface_t *surface;
  double width_pt, height_pt, scale = 1;
  gboolean ok;

  g_return_val_if_fail (data != NULL && style != NULL && size != NULL, NULL);

  if (!gp_chart_size_fit (kind, data, style, size, &width_pt, &height_pt, error))
    return NULL;

  switch (format)
    {
    case GP_CHART_FORMAT_PNG:
      {
        double dpi = size->width_mm > 0 ? size->dpi : GP_CHART_PIXEL_DPI;
        int width_px =
            size->width_mm > 0 ? (int) lround (width_pt * dpi / 72) : (int) size->width_px;
        int height_px =
            size->width_mm > 0 ? (int) lround (height_pt * dpi / 72) : (int) size->height_px;

        if ((double) width_px * height_px > MAX_PIXELS / 4)
          {
            g_set_error_literal (error, GP_CHART_ERROR, GP_CHART_ERROR_SIZE,
                                 _("The image would be too large: lower the size or the dpi"));
            return NULL;
          }

        scale = dpi / 72;
        surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width_px, height_px);
        ok = draw_on (surface, scale, kind, data, style, width_pt, height_pt, error) &&
             check_status (cairo_surface_write_to_png_stream (surface,
                                                              gp_chart_append_to_byte_array,
                                                              bytes),
                           error);
        cairo_surface_destroy (surface);
        break;
      }

    case GP_CHART_FORMAT_SVG:
      surface = cairo_svg_surface_create_for_stream (gp_chart_append_to_byte_array, bytes, width_pt,
                                                     height_pt);
      cairo_svg_surface_restrict_to_version (surface, CAIRO_SVG_VERSION_1_1);
      ok = draw_on (surface, 1, kind, data, style, width_pt, height_pt, error);
      cairo_surface_finish (surface);
      ok = ok && check_status (cairo_surface_status (surface), error);
      cairo_surface_destroy (surface);
      break;

    case GP_CHART_FORMAT_PDF:
      surface = cairo_pdf_surface_create_for_stream (gp_chart_append_to_byte_array, bytes, width_pt,
                                                     height_pt);
      cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE,
                                      gp_chart_data_get_title (data, kind));
      cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR,
                                      PACKAGE_NAME " " PACKAGE_VERSION);
      ok = draw_on (surface, 1, kind, data, style, width_pt, height_pt, error);
      cairo_surface_finish (surface);
      ok = ok && check_status (cairo_surface_status (surface), error);
      cairo_surface_destroy (surface);
      break;

    default:
      g_set_error_literal (error, GP_CHART_ERROR, GP_CHART_ERROR_FORMAT,
                           _("Charts are saved as PNG, SVG or PDF"));
      return NULL;
    }

  if (!ok)
    return NULL;

  return g_byte_array_free_to_bytes (g_steal_pointer (&bytes));
}

gboolean
gp_chart_export (GFile               *file,
                 GpChartFormat        format,
                 GpChartKind          kind,
                 GpChartData         *data,
                 const GpChartStyle  *style,
                 const GpChartSize   *size,
                 GError             **error)
{
  g_autoptr(GBytes) bytes = gp_chart_render (format, kind, data, style, size, error);

  if (bytes == NULL)
    return FALSE;

  return gp_file_replace_bytes (file, bytes, error);
}
