/* gp-summary-pdf.c — a text summary in Markdown, set as an A4 PDF
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Only what the summaries use: "# " and "## " headings, "- " bullets and paragraphs. Pango
 * sets the text (Chinese included) and breaks the lines; a line that does not fit on the page
 * starts the next one.
 */

#include "config.h"

#include <cairo-pdf.h>
#include <glib/gi18n-lib.h>
#include <pango/pangocairo.h>

#include "gp-chart-export.h"
#include "gp-chart-text.h"
#include "gp-summary-pdf.h"

/* A4 in points, with 20 mm margins. */
#define PAGE_WIDTH  595.28
#define PAGE_HEIGHT 841.89
#define MARGIN       56.69
#define FONT "Cantarell, Noto Sans CJK SC, Noto Sans, sans-serif"

static PangoLayout *
paragraph (cairo_t    *cr,
           const char *text,
           double      size,
           gboolean    bold,
           double      indent)
{
  return gp_chart_text_layout (cr, FONT, text, size, bold, PAGE_WIDTH - 2 * MARGIN - indent);
}

/**
 * gp_summary_render_pdf:
 * @markdown: the summary
 * @error: why it could not be set
 *
 * Returns: (transfer full) (nullable): the PDF's bytes
 */
GBytes *
gp_summary_render_pdf (const char  *markdown,
                       GError     **error)
{
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  g_auto(GStrv) lines = g_strsplit (markdown ? markdown : "", "\n", -1);
  cairo_surface_t *surface = cairo_pdf_surface_create_for_stream (gp_chart_append_to_byte_array,
                                                                  bytes, PAGE_WIDTH, PAGE_HEIGHT);
  cairo_t *cr = cairo_create (surface);
  cairo_status_t status;
  double y = MARGIN;

  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR,
                                  PACKAGE_NAME " " PACKAGE_VERSION);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = lines[i];
      gboolean heading = g_str_has_prefix (line, "# ");
      gboolean subheading = g_str_has_prefix (line, "## ");
      gboolean bullet = g_str_has_prefix (line, "- ");
      double indent = bullet ? 14 : 0;
      double size = heading ? 18 : subheading ? 13 : 10;
      g_autoptr(PangoLayout) layout = NULL;
      int width, height;

      if (*line == '\0')
        {
          y += 6;
          continue;
        }

      layout = paragraph (cr, heading ? line + 2 : subheading ? line + 3 : bullet ? line + 2 : line,
                          size, heading || subheading, indent);
      pango_layout_get_size (layout, &width, &height);

      if (y + (double) height / PANGO_SCALE > PAGE_HEIGHT - MARGIN && y > MARGIN)
        {
          cairo_show_page (cr);
          y = MARGIN;
        }

      y += subheading ? 6 : 0;
      cairo_set_source_rgb (cr, 0, 0, 0);
      if (bullet)
        {
          cairo_move_to (cr, MARGIN + 2, y);
          {
            g_autoptr(PangoLayout) dot = paragraph (cr, "•", size, FALSE, 0);
            pango_cairo_show_layout (cr, dot);
          }
        }
      cairo_move_to (cr, MARGIN + indent, y);
      pango_cairo_show_layout (cr, layout);
      y += (double) height / PANGO_SCALE + (heading ? 10 : 3);
    }

  cairo_destroy (cr);
  cairo_surface_finish (surface);
  status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);

  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, GP_CHART_ERROR, GP_CHART_ERROR_DRAW,
                   _("The summary could not be set: %s"), cairo_status_to_string (status));
      return NULL;
    }

  return g_byte_array_free_to_bytes (g_steal_pointer (&bytes));
}
