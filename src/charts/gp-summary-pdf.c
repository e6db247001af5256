/* gp-summary-pdf.c — a document (a summary, a budget) set as an A4 PDF
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The blocks of a GpDocument, their text set as it is, never read as markup: title and
 * headings, bullets, paragraphs, tables (the last column set right), code in a monospace face,
 * and one chart. Pango sets the text (Chinese included) and breaks the lines; the chart is
 * drawn by the same code as on screen; what does not fit on the page starts the next one.
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
  GString *drawn;    /* nullable: every text set, for a check */
  PangoLayout *dot;  /* a bullet's, set once: a plan of 10,000 phases has as many bullets */
  GHashTable *cells; /* "bold|width|text" → PangoLayout: a budget repeats its items' text */
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

/* A table cell's layout, shaped once for every cell of the same text, face and width (a
 * budget of 10,000 phases has as many "Compute: EC2 · p4d.24xlarge …" lines): the cache
 * starts again past a few hundred texts. */
static PangoLayout *
cell_layout (Page       *page,
             const char *text,
             gboolean    bold,
             gboolean    right,
             double      width)
{
  g_autofree char *key = g_strdup_printf ("%d|%d|%.2f|%s", bold, right, width, text);
  PangoLayout *layout = g_hash_table_lookup (page->cells, key);

  if (layout != NULL)
    return g_object_ref (layout);
  if (g_hash_table_size (page->cells) > 512)
    g_hash_table_remove_all (page->cells);
  layout = paragraph (page->cr, text, 9, bold, width);
  if (right)
    pango_layout_set_alignment (layout, PANGO_ALIGN_RIGHT);
  g_hash_table_insert (page->cells, g_steal_pointer (&key), g_object_ref (layout));
  return layout;
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

/* A table: the last column as wide as its widest cell, the others sharing the rest, the first
 * twice as wide as any other; the header in bold, under a rule. */
static void
draw_table (Page    *page,
            GpBlock *table)
{
  guint n_columns = 0;
  double last_width = 0;

  for (guint r = 0; r < table->rows->len; r++)
    n_columns = MAX (n_columns, g_strv_length (g_ptr_array_index (table->rows, r)));
  if (n_columns == 0)
    return;

  g_autoptr(GPtrArray) lasts = g_ptr_array_new_full (table->rows->len, g_object_unref);

  /* The last column's cells, laid out once: measured here, set below when they fit. */
  for (guint r = 0; r < table->rows->len; r++)
    {
      GStrv cells = g_ptr_array_index (table->rows, r);
      PangoLayout *layout = NULL;
      double width;

      if (g_strv_length (cells) == n_columns)
        {
          layout = paragraph (page->cr, cells[n_columns - 1], 9,
                              r == 0 || g_array_index (table->bold_rows, gboolean, r), -1);
          pango_layout_set_alignment (layout, PANGO_ALIGN_RIGHT);
          gp_chart_text_size (layout, &width, NULL);
          last_width = MAX (last_width, width);
        }
      g_ptr_array_add (lasts, layout);
    }
  last_width = MIN (last_width + 6, TEXT_WIDTH / 3);

  for (guint r = 0; r < table->rows->len; r++)
    {
      GStrv cells = g_ptr_array_index (table->rows, r);
      guint n_cells = g_strv_length (cells);
      gboolean bold = r == 0 || g_array_index (table->bold_rows, gboolean, r);
      g_autoptr(GPtrArray) layouts = g_ptr_array_new_with_free_func (g_object_unref);
      double row_height = 0, x = MARGIN;

      for (guint c = 0; c < n_columns; c++)
        {
          double width = column_width (c, n_columns, last_width);
          PangoLayout *measured = c + 1 == n_columns ? g_ptr_array_index (lasts, r) : NULL;
          PangoLayout *layout = NULL;
          double height, natural = 0;

          if (measured != NULL)
            gp_chart_text_size (measured, &natural, NULL);
          /* A last cell as wide as measured or less needs no wrapping: laid out already. */
          if (measured != NULL && natural <= width - 6)
            layout = g_object_ref (measured);
          else
            layout = cell_layout (page, c < n_cells ? cells[c] : "", bold, c + 1 == n_columns,
                                  width - 6);

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
  page->y += 10;
}

/* A block of code, line by line in a monospace face, on a light grey ground; a long line
 * wraps. */
static void
draw_code (Page       *page,
           const char *code)
{
  g_auto(GStrv) lines = g_strsplit (code, "\n", -1);
  guint n_lines = g_strv_length (lines);

  /* The line break that ends the code starts no empty line. */
  if (n_lines > 0 && *lines[n_lines - 1] == '\0')
    n_lines--;
  page->y += 2;
  for (guint i = 0; i < n_lines; i++)
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
  page->y += 14;
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
  gp_chart_draw (page->cr, NULL, kind, data, &style, TEXT_WIDTH, height);
  cairo_restore (page->cr);
  page->y += height + 6;
}

/* A title, a heading, a bullet or a paragraph, its text as it is. */
static void
draw_text (Page    *page,
           GpBlock *block,
           gboolean last_of_list)
{
  gboolean heading = block->kind == GP_BLOCK_TITLE;
  gboolean subheading = block->kind == GP_BLOCK_HEADING;
  gboolean bullet = block->kind == GP_BLOCK_BULLET;
  double indent = bullet ? 14 : 0;
  double size = heading ? 18 : subheading ? 13 : 10;
  g_autoptr(PangoLayout) layout = NULL;
  double height;

  layout = paragraph (page->cr, block->text, size, heading || subheading || block->bold,
                      TEXT_WIDTH - indent);
  gp_chart_text_size (layout, NULL, &height);
  make_room (page, height);

  page->y += subheading ? 6 : 0;
  cairo_set_source_rgb (page->cr, 0, 0, 0);
  if (bullet)
    {
      if (page->dot == NULL)
        page->dot = paragraph (page->cr, "•", size, FALSE, TEXT_WIDTH);
      cairo_move_to (page->cr, MARGIN + 2, page->y);
      pango_cairo_show_layout (page->cr, page->dot);
    }
  cairo_move_to (page->cr, MARGIN + indent, page->y);
  show (page, layout);
  /* As the Markdown reads: a blank line after a paragraph, a heading, a list. */
  page->y += height + (heading ? 10 : 3) + (!bullet || last_of_list ? 6 : 0);
}

GBytes *
gp_document_render_pdf (GpDocument   *document,
                        GpChartKind   kind,
                        GpChartData  *data,
                        GString      *drawn,
                        GError      **error)
{
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  cairo_surface_t *surface = cairo_pdf_surface_create_for_stream (gp_chart_append_to_byte_array,
                                                                  bytes, PAGE_WIDTH, PAGE_HEIGHT);
  Page page = { cairo_create (surface), MARGIN, drawn, NULL,
                g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref) };
  guint n_blocks = gp_document_get_n_blocks (document);
  cairo_status_t status;

  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR,
                                  PACKAGE_NAME " " PACKAGE_VERSION);

  for (guint i = 0; i < n_blocks; i++)
    {
      GpBlock *block = gp_document_get_block (document, i);
      GpBlock *next = i + 1 < n_blocks ? gp_document_get_block (document, i + 1) : NULL;

      switch (block->kind)
        {
        case GP_BLOCK_TABLE:
          draw_table (&page, block);
          break;

        case GP_BLOCK_CODE:
          draw_code (&page, block->text);
          break;

        case GP_BLOCK_CHART:
          if (data != NULL)
            draw_chart (&page, kind, data);
          break;

        case GP_BLOCK_TITLE:
        case GP_BLOCK_HEADING:
        case GP_BLOCK_PARAGRAPH:
        case GP_BLOCK_BULLET:
        default:
          draw_text (&page, block, next == NULL || next->kind != GP_BLOCK_BULLET);
          break;
        }
    }

  g_clear_object (&page.dot);
  g_hash_table_unref (page.cells);
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

GBytes *
gp_summary_render_pdf_with_chart (const char   *markdown,
                                  const char   *chart_mark,
                                  GpChartKind   kind,
                                  GpChartData  *data,
                                  GString      *drawn,
                                  GError      **error)
{
  g_autoptr(GpDocument) document = gp_document_new_from_markdown (markdown, chart_mark);

  return gp_document_render_pdf (document, kind, data, drawn, error);
}

GBytes *
gp_summary_render_pdf (const char  *markdown,
                       GError     **error)
{
  return gp_summary_render_pdf_with_chart (markdown, NULL, GP_CHART_KIND_COST, NULL, NULL, error);
}
