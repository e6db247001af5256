/* test-summary-pdf.c — a document set as a PDF: every text in its place, the same every time
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "gp-summary-pdf.h"

/* Long enough that its type is set on two threads: a table of many rows, some short, and many
 * bullets, with text that wraps and a glyph no font has. */
static GpDocument *
long_document (guint n)
{
  GpDocument *document = gp_document_new ();
  const char *const header[] = { "Item", "Phase", "Amount", NULL };

  gp_document_add_text (document, GP_BLOCK_TITLE, "Budget: a long one", FALSE);
  gp_document_add_table (document, header);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = g_strdup_printf ("Phase %05u, named as long as a real one is", i);
      g_autofree char *amount = g_strdup_printf ("$%u.%02u", i * 37, i % 100);
      const char *const row[] = { i % 3 == 0 ? "Compute: EC2 · p4d.24xlarge, On demand" : "Storage",
                                  name, amount, NULL };
      const char *const short_row[] = { "Subtotal", NULL };

      gp_document_add_row (document, i % 50 == 49 ? short_row : row, i % 50 == 49);
    }
  gp_document_add_code (document, "sh", "echo one\n\necho three \xee\x80\x80\n");
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *line = g_strdup_printf (
          "Phase %05u: %u GPU-hours on Compute Engine · a2-highgpu-1g (us-central1), On demand; "
          "%u.%02u USD, a line long enough to wrap%s",
          i, i + 1, i * 3, i % 100, i % 97 == 0 ? " \xee\x80\x80" : "");

      gp_document_add_text (document, GP_BLOCK_BULLET, line, FALSE);
    }
  gp_document_add_text (document, GP_BLOCK_PARAGRAPH, "The end.", TRUE);
  return document;
}

/* Every text of @document, in the order it is read. */
static char *
texts_of (GpDocument *document)
{
  GString *texts = g_string_new (NULL);

  for (guint i = 0; i < gp_document_get_n_blocks (document); i++)
    {
      GpBlock *block = gp_document_get_block (document, i);
      guint n_columns = 0;

      if (block->kind == GP_BLOCK_TABLE)
        {
          for (guint r = 0; r < block->rows->len; r++)
            n_columns = MAX (n_columns, g_strv_length (g_ptr_array_index (block->rows, r)));
          for (guint r = 0; r < block->rows->len; r++)
            {
              GStrv cells = g_ptr_array_index (block->rows, r);

              for (guint c = 0; c < n_columns; c++)
                g_string_append_printf (texts, "%s\n", c < g_strv_length (cells) ? cells[c] : "");
            }
        }
      else if (block->kind == GP_BLOCK_CODE)
        {
          g_auto(GStrv) lines = g_strsplit (block->text, "\n", -1);

          for (guint k = 0; lines[k] != NULL && lines[k + 1] != NULL; k++)
            g_string_append_printf (texts, "%s\n", *lines[k] != '\0' ? lines[k] : " ");
        }
      else if (block->kind != GP_BLOCK_CHART)
        g_string_append_printf (texts, "%s\n", block->text);
    }
  return g_string_free (texts, FALSE);
}

/* The PDF with its date of creation blanked, the one thing that differs from one rendering
 * to the next. */
static GBytes *
without_date (GBytes *pdf)
{
  gsize size = g_bytes_get_size (pdf);
  char *data = g_memdup2 (g_bytes_get_data (pdf, NULL), size);
  const char *mark = "/CreationDate (";
  gsize at = 0;

  while (at + strlen (mark) <= size && memcmp (data + at, mark, strlen (mark)) != 0)
    at++;
  g_assert_cmpuint (at + strlen (mark), <=, size);
  for (; at < size && data[at] != ')'; at++)
    data[at] = ' ';
  return g_bytes_new_take (data, size);
}

static void
test_every_text_in_order (void)
{
  g_autoptr(GpDocument) document = long_document (600);
  g_autoptr(GString) drawn = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) pdf =
      gp_document_render_pdf (document, GP_CHART_KIND_COST, NULL, drawn, &error);
  g_autofree char *texts = texts_of (document);

  g_assert_no_error (error);
  g_assert_nonnull (pdf);
  g_assert_cmpstr (drawn->str, ==, texts);
  g_assert_true (g_str_has_prefix (g_bytes_get_data (pdf, NULL), "%PDF-"));
}

static void
test_same_every_time (void)
{
  g_autoptr(GpDocument) document = long_document (400);
  g_autoptr(GBytes) first =
      gp_document_render_pdf (document, GP_CHART_KIND_COST, NULL, NULL, NULL);
  g_autoptr(GBytes) expected = without_date (first);

  for (guint i = 0; i < 3; i++)
    {
      g_autoptr(GBytes) again =
          gp_document_render_pdf (document, GP_CHART_KIND_COST, NULL, NULL, NULL);
      g_autoptr(GBytes) bytes = without_date (again);

      g_assert_true (g_bytes_equal (bytes, expected));
    }
}

/* A short document, set on one thread, as a long one's first blocks are. */
static void
test_short_document (void)
{
  g_autoptr(GpDocument) document = gp_document_new ();
  g_autoptr(GString) drawn = g_string_new (NULL);
  g_autoptr(GBytes) pdf = NULL;
  const char *const header[] = { "Item", "Amount", NULL };
  const char *const row[] = { "Compute", "$1.00", NULL };

  gp_document_add_text (document, GP_BLOCK_TITLE, "Short", FALSE);
  gp_document_add_table (document, header);
  gp_document_add_row (document, row, FALSE);
  gp_document_add_text (document, GP_BLOCK_BULLET, "one", FALSE);
  pdf = gp_document_render_pdf (document, GP_CHART_KIND_COST, NULL, drawn, NULL);
  g_assert_nonnull (pdf);
  g_assert_cmpstr (drawn->str, ==, "Short\nItem\nAmount\nCompute\n$1.00\none\n");
}

/* A band of rows with ink: its leftmost and rightmost inked column. */
typedef struct
{
  int left;
  int right;
} Band;

/* The ink of the image's rows in columns @x0 to @x1, a Band each; bands under 4 rows high (a
 * rule) are left out. */
static GArray *
ink_bands (cairo_surface_t *image,
           int              x0,
           int              x1)
{
  GArray *bands = g_array_new (FALSE, FALSE, sizeof (Band));
  const guint8 *data = cairo_image_surface_get_data (image);
  int stride = cairo_image_surface_get_stride (image);
  int height = cairo_image_surface_get_height (image);
  int top = -1, left = G_MAXINT, right = -1;

  for (int y = 0; y <= height; y++)
    {
      int row_left = G_MAXINT, row_right = -1;

      for (int x = x0; y < height && x < x1; x++)
        if (((const guint32 *) (data + y * stride))[x] >> 24 > 128)
          row_left = MIN (row_left, x), row_right = x;
      if (row_right >= 0)
        {
          top = top < 0 ? y : top;
          left = MIN (left, row_left);
          right = MAX (right, row_right);
        }
      else if (top >= 0)
        {
          Band band = { left, right };

          if (y - top >= 4)
            g_array_append_val (bands, band);
          top = -1, left = G_MAXINT, right = -1;
        }
    }
  return bands;
}

/* A table's last column is set right, its figures under one another, whether a cell is drawn as
 * measured or wraps. */
static void
test_last_column_right (void)
{
  g_autoptr(GpDocument) document = gp_document_new ();
  const char *const header[] = { "Item", "Phase", "Amount", NULL };
  const char *const amounts[] = { "$1.00", "$1,234.56", "$12.5",
                                  "a note too long for a third of the page, which wraps", NULL };
  cairo_surface_t *image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 596, 842);
  cairo_t *cr = cairo_create (image);
  g_autoptr(GArray) bands = NULL;
  const Band *band;

  gp_document_add_table (document, header);
  for (guint i = 0; amounts[i] != NULL; i++)
    gp_document_add_row (document, (const char *const[]){ "Compute", "Training", amounts[i], NULL },
                         FALSE);
  gp_document_draw (document, cr, GP_CHART_KIND_COST, NULL, NULL);
  cairo_destroy (cr);
  cairo_surface_flush (image);

  /* Right of the second column's text: the last column alone, a third of the page wide. */
  bands = ink_bands (image, 390, 596);
  g_assert_cmpuint (bands->len, >=, 5);
  band = &g_array_index (bands, Band, 0);
  /* The figures' right edges to a pixel; the note's lines end in letters, whose ink ends a
   * little short of where they are set. */
  for (guint i = 1; i < bands->len; i++)
    {
      int slack = i < G_N_ELEMENTS (amounts) - 1 ? 1 : 2;

      g_assert_cmpint (ABS (band[i].right - band[1].right), <=, slack);
    }
  /* "$1.00" starts right of "$1,234.56". */
  g_assert_cmpint (band[1].left, >, band[2].left + 10);
  cairo_surface_destroy (image);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/summary-pdf/every-text-in-order", test_every_text_in_order);
  g_test_add_func ("/summary-pdf/same-every-time", test_same_every_time);
  g_test_add_func ("/summary-pdf/short-document", test_short_document);
  g_test_add_func ("/summary-pdf/last-column-right", test_last_column_right);
  return g_test_run ();
}
