/* gp-summary-pdf.c — a text summary in Markdown, set as an A4 PDF
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Only what the summaries and budgets use: "# " and "## " headings, "- " bullets, paragraphs,
 * tables of "| … |" rows (the last column set right), "**" around a whole line or cell for
 * bold, blocks of code between "```" fences, and one chart where a given line stands. Pango sets
 * the text (Chinese included) and breaks the lines; the chart is drawn by the same code as on
 * screen; what does not fit on the page starts the next one.
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
#define TEXT_WIDTH   (PAGE_WIDTH - 2 * MARGIN)
#define CHART_HEIGHT (TEXT_WIDTH * 0.62)
#define FONT "Cantarell, Noto Sans CJK SC, Noto Sans, sans-serif"

typedef struct
{
  cairo_t *cr;
  double y;
  GString *drawn; /* nullable: every text set, for a check */
} Page;

static void
show (Page        *page,
      PangoLayout *layout)
{
  if (page->drawn != NULL)
    g_string_append_printf (page->drawn, "%s\n", pango_layout_get_text (layout));
  pango_cairo_show_layout (page->cr, layout);
}

static PangoLayout *
paragraph (cairo_t    *cr,
           const char *text,
           double      size,
           gboolean    bold,
           double      width)
{
  return gp_chart_text_layout (cr, FONT, text, size, bold, width);
}

/* "**Total: 12**" → "Total: 12", bold. */
static const char *
strip_bold (const char *text,
            char      **owned,
            gboolean   *bold)
{
  gsize length = strlen (text);

  *bold = length >= 4 && g_str_has_prefix (text, "**") && g_str_has_suffix (text, "**");
  if (!*bold)
    return text;
  *owned = g_strndup (text + 2, length - 4);
  return *owned;
}

/* Room for @height more, or a new page. */
static void
make_room (Page   *page,
           double  height)
{
  if (page->y + height > PAGE_HEIGHT - MARGIN && page->y > MARGIN)
    {
      cairo_show_page (page->cr);
      page->y = MARGIN;
    }
}

static GStrv
table_cells (const char *line)
{
  g_autofree char *inner = g_strstrip (g_strdup (line));
  GStrv cells;

  /* "| a | b |" → "a", "b" */
  if (g_str_has_prefix (inner, "|"))
    memmove (inner, inner + 1, strlen (inner));
  if (g_str_has_suffix (inner, "|"))
    inner[strlen (inner) - 1] = '\0';
  cells = g_strsplit (inner, "|", -1);
  for (guint i = 0; cells[i] != NULL; i++)
    g_strstrip (cells[i]);
  return cells;
}

static gboolean
is_rule (const char *line)
{
  return g_regex_match_simple ("^\\|[-:| ]+\\|$", line, 0, 0);
}

/* The last column as wide as @last_width; the others share the rest, the first twice as wide
 * as any other. */
static double
column_width (guint  column,
              guint  n_columns,
              double last_width)
{
  double unit = (TEXT_WIDTH - last_width) / n_columns;

  if (column + 1 == n_columns)
    return last_width;
  return column == 0 ? 2 * unit : unit;
}

/* The table of the lines from @first: the last column as wide as its widest cell, the others
 * sharing the rest, the first twice as wide as any other. Returns the line after it. */
static guint
draw_table (Page        *page,
            char       **lines,
            guint        first)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  guint n_columns = 0, end = first;
  double last_width = 0;

  for (; lines[end] != NULL && g_str_has_prefix (lines[end], "|"); end++)
    if (!is_rule (lines[end]))
      {
        GStrv cells = table_cells (lines[end]);

        n_columns = MAX (n_columns, g_strv_length (cells));
        g_ptr_array_add (rows, cells);
      }
  if (n_columns == 0)
    return end;

  for (guint r = 0; r < rows->len; r++)
    {
      GStrv cells = g_ptr_array_index (rows, r);
      g_autofree char *owned = NULL;
      gboolean bold;
      const char *text;
      g_autoptr(PangoLayout) layout = NULL;
      double width;

      if (g_strv_length (cells) < n_columns)
        continue;
      text = strip_bold (cells[n_columns - 1], &owned, &bold);
      layout = paragraph (page->cr, text, 9, bold || r == 0, -1);
      gp_chart_text_size (layout, &width, NULL);
      last_width = MAX (last_width, width);
    }
  last_width = MIN (last_width + 6, TEXT_WIDTH / 3);

  for (guint r = 0; r < rows->len; r++)
    {
      GStrv cells = g_ptr_array_index (rows, r);
      g_autoptr(GPtrArray) layouts = g_ptr_array_new_with_free_func (g_object_unref);
      double row_height = 0, x = MARGIN;

      for (guint c = 0; c < n_columns; c++)
        {
          g_autofree char *owned = NULL;
          gboolean bold;
          const char *text = strip_bold (
              cells[c] != NULL && c < g_strv_length (cells) ? cells[c] : "", &owned, &bold);
          double width = column_width (c, n_columns, last_width);
          PangoLayout *layout = paragraph (page->cr, text, 9, bold || r == 0, width - 6);
          double height;

          if (c + 1 == n_columns)
            pango_layout_set_alignment (layout, PANGO_ALIGN_RIGHT);
          gp_chart_text_size (layout, NULL, &height);
          row_height = MAX (row_height, height);
          g_ptr_array_add (layouts, layout);
        }

      make_room (page, row_height + 4);
      cairo_set_source_rgb (page->cr, 0, 0, 0);
      for (guint c = 0; c < n_columns; c++)
        {
          cairo_move_to (page->cr, c + 1 == n_columns ? x + 6 : x, page->y);
          show (page, g_ptr_array_index (layouts, c));
          x += column_width (c, n_columns, last_width);
        }
      page->y += row_height + 2;
      if (r == 0)
        {
          cairo_set_line_width (page->cr, 0.6);
          cairo_move_to (page->cr, MARGIN, page->y);
          cairo_line_to (page->cr, MARGIN + TEXT_WIDTH, page->y);
          cairo_stroke (page->cr);
          page->y += 2;
        }
    }
  page->y += 4;
  return end;
}

/* A fenced block of code, line by line in a monospace face, on a light grey ground; a long line
 * wraps. Returns the line after the closing fence. */
static guint
draw_code (Page  *page,
           char **lines,
           guint  first)
{
  guint i = first + 1;

  page->y += 2;
  for (; lines[i] != NULL && !g_str_has_prefix (lines[i], "```"); i++)
    {
      g_autoptr(PangoLayout) layout =
          gp_chart_text_layout (page->cr, "DejaVu Sans Mono, Noto Sans Mono CJK SC, monospace",
                                *lines[i] != '\0' ? lines[i] : " ", 8, FALSE, TEXT_WIDTH - 12);
      double height;

      gp_chart_text_size (layout, NULL, &height);
      make_room (page, height);
      cairo_set_source_rgb (page->cr, 0.95, 0.95, 0.95);
      cairo_rectangle (page->cr, MARGIN, page->y, TEXT_WIDTH, height + 0.5);
      cairo_fill (page->cr);
      cairo_set_source_rgb (page->cr, 0, 0, 0);
      cairo_move_to (page->cr, MARGIN + 6, page->y);
      show (page, layout);
      page->y += height;
    }
  page->y += 8;
  return lines[i] != NULL ? i + 1 : i;
}

static void
draw_chart (Page              *page,
            GpChartKind        kind,
            GpChartData       *data)
{
  /* A bar chart of a few bars needs no more than their rows. */
  double height = MIN (CHART_HEIGHT, 190 + 28 * gp_chart_data_get_n_items (data));
  GpChartStyle style;

  gp_chart_style_init (&style, GP_CHART_STYLE_PRINT);
  make_room (page, height);
  cairo_save (page->cr);
  cairo_translate (page->cr, MARGIN, page->y);
  gp_chart_draw (page->cr, kind, data, &style, TEXT_WIDTH, height);
  cairo_restore (page->cr);
  page->y += height + 6;
}

static void
draw_line (Page       *page,
           const char *line)
{
  gboolean heading = g_str_has_prefix (line, "# ");
  gboolean subheading = g_str_has_prefix (line, "## ");
  gboolean bullet = g_str_has_prefix (line, "- ");
  double indent = bullet ? 14 : 0;
  double size = heading ? 18 : subheading ? 13 : 10;
  g_autofree char *owned = NULL;
  g_autoptr(PangoLayout) layout = NULL;
  gboolean bold;
  const char *text;
  double height;

  text = strip_bold (heading      ? line + 2
                     : subheading ? line + 3
                     : bullet     ? line + 2
                                  : line,
                     &owned, &bold);
  layout = paragraph (page->cr, text, size, heading || subheading || bold, TEXT_WIDTH - indent);
  gp_chart_text_size (layout, NULL, &height);
  make_room (page, height);

  page->y += subheading ? 6 : 0;
  cairo_set_source_rgb (page->cr, 0, 0, 0);
  if (bullet)
    {
      g_autoptr(PangoLayout) dot = paragraph (page->cr, "•", size, FALSE, TEXT_WIDTH);

      cairo_move_to (page->cr, MARGIN + 2, page->y);
      pango_cairo_show_layout (page->cr, dot);
    }
  cairo_move_to (page->cr, MARGIN + indent, page->y);
  show (page, layout);
  page->y += height + (heading ? 10 : 3);
}

/**
 * gp_summary_render_pdf_with_chart:
 * @markdown: the text
 * @chart_mark: (nullable): the line the chart stands for
 * @kind: the chart
 * @data: (nullable): what it shows
 * @drawn: (nullable): where to add every text set but the chart's, a line each
 * @error: why it could not be set
 *
 * Returns: (transfer full) (nullable): the PDF's bytes
 */
GBytes *
gp_summary_render_pdf_with_chart (const char   *markdown,
                                  const char   *chart_mark,
                                  GpChartKind   kind,
                                  GpChartData  *data,
                                  GString      *drawn,
                                  GError      **error)
{
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  g_auto(GStrv) lines = g_strsplit (markdown ? markdown : "", "\n", -1);
  cairo_surface_t *surface = cairo_pdf_surface_create_for_stream (gp_chart_append_to_byte_array,
                                                                  bytes, PAGE_WIDTH, PAGE_HEIGHT);
  Page page = { cairo_create (surface), MARGIN, drawn };
  cairo_status_t status;

  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR,
                                  PACKAGE_NAME " " PACKAGE_VERSION);

  for (guint i = 0; lines[i] != NULL;)
    {
      if (g_str_has_prefix (lines[i], "```"))
        i = draw_code (&page, lines, i);
      else if (g_str_has_prefix (lines[i], "|"))
        i = draw_table (&page, lines, i);
      else
        {
          if (*lines[i] == '\0')
            page.y += 6;
          else if (chart_mark != NULL && data != NULL && g_str_equal (lines[i], chart_mark))
            draw_chart (&page, kind, data);
          else
            draw_line (&page, lines[i]);
          i++;
        }
    }

  cairo_destroy (page.cr);
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
  return gp_summary_render_pdf_with_chart (markdown, NULL, GP_CHART_KIND_COST, NULL, NULL, error);
}
