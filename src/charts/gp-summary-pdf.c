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
 * A long document's type is set on a second thread, with fonts of its own, ahead of the
 * drawing, which writes the pages; the PDF is the same as if one thread did it all.
 */

#include "config.h"

#include <cairo-pdf.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <pango/pangocairo.h>

#include "gp-chart-export.h"
#include "gp-chart-text.h"
#include "gp-summary-pdf.h"
#include "gp-text-batch.h"

/* A4 in points, with 20 mm margins. */
#define PAGE_WIDTH  595.28
#define PAGE_HEIGHT 841.89
#define MARGIN       56.69
#define TEXT_WIDTH   (PAGE_WIDTH - 2 * MARGIN)
#define CHART_HEIGHT (TEXT_WIDTH * 0.62)
#define FONT "Cantarell, Noto Sans CJK SC, Noto Sans, sans-serif"

/* A table's rows, and runs of paragraphs, are set by the job in groups of so many, so that the
 * threads take the lock less often; the second thread sets type at most this many jobs ahead
 * of the drawing, so that a long document is not held in memory all at once; a document of
 * fewer jobs is set on one thread. */
#define ROWS_PER_JOB  32
#define TEXTS_PER_JOB 8
#define JOBS_AHEAD    256
#define MIN_JOBS      64

/* A text set, and its size: laid out by Pango, or unwrapped and broken into @lines. */
typedef struct
{
  PangoLayout *layout;
  GArray *lines; /* GpTextLine; nullable */
  double width;
  double height;
} Text;

typedef enum
{
  JOB_TEXT,
  JOB_CODE,
  JOB_MEASURE,
  JOB_ROWS,
} JobKind;

typedef struct
{
  JobKind kind;
  guint block;
  guint first, last; /* a table's rows */
  gboolean done;     /* under the setter's lock */
} Job;

/* A block's type, set before it is drawn. */
typedef struct
{
  Text text;   /* a title, heading, bullet or paragraph */
  Text *lines; /* a code block's */
  guint n_lines;
  guint n_columns; /* a table's */
  Text *lasts;     /* each row's last cell, unwrapped; no layout in a short row */
  Text *cells;     /* each row's cells as drawn */
  double *row_heights;
  double last_width;
  guint measuring; /* jobs measuring the last column, under the setter's lock */
  guint first_job;
  guint first_row_job;
} Set;

/* A table cell's text, face and width: a budget repeats its items' text. */
typedef struct
{
  char *text;
  int width;
  guint8 bold;
  guint8 right;
} CellKey;

/* What one thread sets type with: Pango's fonts are not shared between threads. */
typedef struct
{
  PangoContext *context;
  GHashTable *cells; /* CellKey → Text */
  GPtrArray *fonts;  /* FONT in each size and weight set so far */
  cairo_t *scratch;
} Typesetter;

/* The type of a document, set in the order it is drawn, on the drawing's thread and on a
 * second one that sets ahead of it; each job is set by whichever thread claims it first. */
typedef struct
{
  GpDocument *document;
  Set *sets;
  GArray *jobs;
  GMutex lock;
  GCond cond;
  guint next;    /* the next job no thread has claimed */
  guint drawing; /* the job the drawing waits for */
  gboolean stop;
  PangoContext *ahead_context;
} Setter;

typedef struct
{
  cairo_t *cr;
  double y;
  GString *drawn;     /* nullable: every text set, for a check */
  PangoLayout *dot;   /* a bullet's, set once: a plan of 10,000 phases has as many bullets */
  GpTextBatch *batch; /* the text drawn since the last drawing of anything else, in black */
  Setter *setter;
  Typesetter typesetter;
} Page;

static void
text_clear (Text *text)
{
  g_clear_object (&text->layout);
  g_clear_pointer (&text->lines, g_array_unref);
}

/* Another hold on @text's layout and lines, for another cell of the same text. */
static void
text_copy (Text       *out,
           const Text *text)
{
  *out = *text;
  g_object_ref (out->layout);
  if (out->lines != NULL)
    g_array_ref (out->lines);
}

static void
text_free (gpointer data)
{
  Text *text = data;

  text_clear (text);
  g_free (text);
}

static gboolean
has_unknown_glyphs (PangoLayout *layout)
{
  for (GSList *l = pango_layout_get_lines_readonly (layout); l != NULL; l = l->next)
    for (GSList *r = ((PangoLayoutLine *) l->data)->runs; r != NULL; r = r->next)
      {
        PangoGlyphString *glyphs = ((PangoGlyphItem *) r->data)->glyphs;

        for (int i = 0; i < glyphs->num_glyphs; i++)
          if (glyphs->glyphs[i].glyph & PANGO_GLYPH_UNKNOWN_FLAG)
            return TRUE;
      }
  return FALSE;
}

/* Sets and measures @layout. A glyph no font has is drawn as a box that Pango makes from its
 * font map the first time: made here, on the thread that owns the font map, by a draw that
 * goes nowhere. */
static void
set_text (Typesetter  *typesetter,
          Text        *out,
          PangoLayout *layout)
{
  out->layout = layout;
  gp_chart_text_size (layout, &out->width, &out->height);
  if (has_unknown_glyphs (layout))
    pango_cairo_show_layout (typesetter->scratch, layout);
}

static guint
cell_key_hash (gconstpointer data)
{
  const CellKey *key = data;

  return g_str_hash (key->text) ^ (guint) key->width ^ ((guint) key->bold << 30) ^ key->right;
}

static gboolean
cell_key_equal (gconstpointer a,
                gconstpointer b)
{
  const CellKey *x = a, *y = b;

  return x->width == y->width && x->bold == y->bold && x->right == y->right &&
         strcmp (x->text, y->text) == 0;
}

static void
typesetter_init (Typesetter   *typesetter,
                 PangoContext *context)
{
  typesetter->context = g_object_ref (context);
  typesetter->cells = g_hash_table_new_full (cell_key_hash, cell_key_equal, g_free, text_free);
  typesetter->fonts = g_ptr_array_new_with_free_func ((GDestroyNotify) pango_font_description_free);
  typesetter->scratch = gp_chart_new_measuring_context ();
}

/* FONT at @size, parsed once per thread rather than once per text. */
static const PangoFontDescription *
typesetter_font (Typesetter *typesetter,
                 double      size,
                 gboolean    bold)
{
  PangoWeight weight = bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL;
  PangoFontDescription *font;

  for (guint i = 0; i < typesetter->fonts->len; i++)
    {
      font = g_ptr_array_index (typesetter->fonts, i);
      if (pango_font_description_get_size (font) == (int) (size * PANGO_SCALE) &&
          pango_font_description_get_weight (font) == weight)
        return font;
    }
  font = pango_font_description_from_string (FONT);
  pango_font_description_set_absolute_size (font, size * PANGO_SCALE);
  if (bold)
    pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  g_ptr_array_add (typesetter->fonts, font);
  return font;
}

static void
typesetter_clear (Typesetter *typesetter)
{
  g_clear_pointer (&typesetter->cells, g_hash_table_unref);
  g_clear_pointer (&typesetter->fonts, g_ptr_array_unref);
  g_clear_object (&typesetter->context);
  g_clear_pointer (&typesetter->scratch, cairo_destroy);
}

static void
show (Page       *page,
      const Text *text,
      double      x)
{
  if (page->drawn != NULL)
    g_string_append_printf (page->drawn, "%s\n", pango_layout_get_text (text->layout));
  if (text->lines != NULL)
    gp_text_batch_add_lines (page->batch, text->layout, text->lines, x, page->y);
  else
    gp_text_batch_add (page->batch, text->layout, x, page->y);
}

/* Set aligned before it is measured: a change after it would set it again, as it is drawn. */
static PangoLayout *
paragraph (Typesetter *typesetter,
           const char *text,
           double      size,
           gboolean    bold,
           double      width,
           gboolean    right)
{
  PangoLayout *layout = pango_layout_new (typesetter->context);

  pango_layout_set_font_description (layout, typesetter_font (typesetter, size, bold));
  pango_layout_set_text (layout, text != NULL ? text : "", -1);
  if (width > 0)
    {
      pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
    }
  if (right)
    pango_layout_set_alignment (layout, PANGO_ALIGN_RIGHT);
  return layout;
}

/* Sets @text to wrap at @width, left aligned: shaped once, unwrapped, and broken into lines
 * where Pango would break them; laid out by Pango to wrap if it is a paragraph the breaking
 * leaves to Pango, and at once if it is written in two scripts. */
static void
set_wrapping (Typesetter *typesetter,
              Text       *out,
              const char *text,
              double      size,
              gboolean    bold,
              double      width)
{
  int limit = (int) (width * PANGO_SCALE);
  int width_used = 0, height = 0;

  if (!gp_text_lines_one_script (text))
    {
      set_text (typesetter, out, paragraph (typesetter, text, size, bold, width, FALSE));
      return;
    }
  set_text (typesetter, out, paragraph (typesetter, text, size, bold, -1, FALSE));
  if (out->width * PANGO_SCALE <= limit)
    return;
  out->lines = gp_text_lines_break (out->layout, limit);
  if (out->lines == NULL)
    {
      text_clear (out);
      set_text (typesetter, out, paragraph (typesetter, text, size, bold, width, FALSE));
      return;
    }
  for (guint k = 0; k < out->lines->len; k++)
    {
      const GpTextLine *line = &g_array_index (out->lines, GpTextLine, k);

      width_used = MAX (width_used, line->width);
      height += line->height;
    }
  out->width = (double) width_used / PANGO_SCALE;
  out->height = (double) height / PANGO_SCALE;
}

/* A table cell, shaped once for every cell of the same text, face and width (a budget of
 * 10,000 phases has as many "Compute: EC2 · p4d.24xlarge …" lines): the cache starts again
 * past a few hundred texts. */
static void
set_cell (Typesetter *typesetter,
          Text       *out,
          const char *text,
          gboolean    bold,
          gboolean    right,
          double      width)
{
  CellKey key = { (char *) text, (int) (width * PANGO_SCALE), bold, right };
  Text *cached = g_hash_table_lookup (typesetter->cells, &key);

  if (cached == NULL)
    {
      gsize size = strlen (text) + 1;
      CellKey *copy = g_malloc (sizeof (CellKey) + size);

      if (g_hash_table_size (typesetter->cells) > 512)
        g_hash_table_remove_all (typesetter->cells);
      cached = g_new0 (Text, 1);
      if (right)
        set_text (typesetter, cached, paragraph (typesetter, text, 9, bold, width, TRUE));
      else
        set_wrapping (typesetter, cached, text, 9, bold, width);
      *copy = key;
      copy->text = memcpy (copy + 1, text, size);
      g_hash_table_insert (typesetter->cells, copy, cached);
    }
  text_copy (out, cached);
}

/* Room for @height more, or a new page. */
static void
make_room (Page   *page,
           double  height)
{
  if (page->y + height > PAGE_HEIGHT - MARGIN && page->y > MARGIN)
    {
      gp_text_batch_flush (page->batch);
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

static gboolean
row_is_bold (GpBlock *table,
             guint    row)
{
  return row == 0 || g_array_index (table->bold_rows, gboolean, row);
}

/* The last column's cells of @job's rows, laid out once: measured here, set as they are when
 * they fit. The job that measures last makes the column as wide as its widest cell. */
static void
measure_last_cells (Setter     *setter,
                    Typesetter *typesetter,
                    Job        *job)
{
  GpBlock *table = gp_document_get_block (setter->document, job->block);
  Set *set = &setter->sets[job->block];

  for (guint r = job->first; r < job->last; r++)
    {
      GStrv cells = g_ptr_array_index (table->rows, r);

      if (g_strv_length (cells) != set->n_columns)
        continue;
      set_text (
          typesetter, &set->lasts[r],
          paragraph (typesetter, cells[set->n_columns - 1], 9, row_is_bold (table, r), -1, TRUE));
    }

  g_mutex_lock (&setter->lock);
  if (--set->measuring == 0)
    {
      double widest = 0;

      for (guint r = 0; r < table->rows->len; r++)
        if (set->lasts[r].layout != NULL)
          widest = MAX (widest, set->lasts[r].width);
      set->last_width = MIN (widest + 6, TEXT_WIDTH / 3);
      g_cond_broadcast (&setter->cond);
    }
  g_mutex_unlock (&setter->lock);
}

/* @job's rows of a table, once its last column is measured. */
static void
set_rows (Setter     *setter,
          Typesetter *typesetter,
          Job        *job)
{
  GpBlock *table = gp_document_get_block (setter->document, job->block);
  Set *set = &setter->sets[job->block];
  guint n_columns = set->n_columns;

  g_mutex_lock (&setter->lock);
  while (set->measuring > 0)
    g_cond_wait (&setter->cond, &setter->lock);
  g_mutex_unlock (&setter->lock);

  for (guint r = job->first; r < job->last; r++)
    {
      GStrv cells = g_ptr_array_index (table->rows, r);
      guint n_cells = g_strv_length (cells);
      double row_height = 0;

      for (guint c = 0; c < n_columns; c++)
        {
          double width = column_width (c, n_columns, set->last_width);
          Text *measured = c + 1 == n_columns ? &set->lasts[r] : NULL;
          Text *cell = &set->cells[r * n_columns + c];

          /* A last cell as wide as measured or less needs no wrapping: laid out already. */
          if (measured != NULL && measured->layout != NULL && measured->width <= width - 6)
            text_copy (cell, measured);
          else
            set_cell (typesetter, cell, c < n_cells ? cells[c] : "", row_is_bold (table, r),
                      c + 1 == n_columns, width - 6);
          row_height = MAX (row_height, cell->height);
        }
      set->row_heights[r] = row_height;
      text_clear (&set->lasts[r]);
    }
}

/* A block of code, line by line in a monospace face; the line break that ends the code starts
 * no empty line. */
static void
set_code (Set        *set,
          Typesetter *typesetter,
          const char *code)
{
  g_auto(GStrv) lines = g_strsplit (code, "\n", -1);
  guint n_lines = g_strv_length (lines);

  if (n_lines > 0 && *lines[n_lines - 1] == '\0')
    n_lines--;
  set->lines = g_new0 (Text, n_lines);
  set->n_lines = n_lines;
  for (guint i = 0; i < n_lines; i++)
    set_text (typesetter, &set->lines[i],
              gp_chart_text_layout_in (
                  typesetter->context, "DejaVu Sans Mono, Noto Sans Mono CJK SC, monospace",
                  *lines[i] != '\0' ? lines[i] : " ", 8, FALSE, TEXT_WIDTH - 12));
}

/* A title, a heading, a bullet or a paragraph, its text as it is. */
static void
set_paragraph (Set        *set,
               Typesetter *typesetter,
               GpBlock    *block)
{
  gboolean heading = block->kind == GP_BLOCK_TITLE;
  gboolean subheading = block->kind == GP_BLOCK_HEADING;
  double indent = block->kind == GP_BLOCK_BULLET ? 14 : 0;
  double size = heading ? 18 : subheading ? 13 : 10;

  set_wrapping (typesetter, &set->text, block->text != NULL ? block->text : "", size,
                heading || subheading || block->bold, TEXT_WIDTH - indent);
}

static void
run_job (Setter     *setter,
         Typesetter *typesetter,
         guint       index)
{
  Job *job = &g_array_index (setter->jobs, Job, index);
  GpBlock *block = gp_document_get_block (setter->document, job->block);
  Set *set = &setter->sets[job->block];

  switch (job->kind)
    {
    case JOB_MEASURE:
      measure_last_cells (setter, typesetter, job);
      break;

    case JOB_ROWS:
      set_rows (setter, typesetter, job);
      break;

    case JOB_CODE:
      set_code (set, typesetter, block->text);
      break;

    case JOB_TEXT:
    default:
      for (guint i = job->first; i < job->last; i++)
        set_paragraph (&setter->sets[i], typesetter, gp_document_get_block (setter->document, i));
      break;
    }
}

/* Claims the next job and sets it; under the lock. */
static void
run_next_job (Setter     *setter,
              Typesetter *typesetter)
{
  guint index = setter->next++;

  g_mutex_unlock (&setter->lock);
  run_job (setter, typesetter, index);
  g_mutex_lock (&setter->lock);
  g_array_index (setter->jobs, Job, index).done = TRUE;
  g_cond_broadcast (&setter->cond);
}

/* The drawing's wait for job @index: while the second thread sets it, the drawing sets the
 * next job no thread has claimed. */
static void
wait_for_job (Page  *page,
              guint  index)
{
  Setter *setter = page->setter;

  g_mutex_lock (&setter->lock);
  setter->drawing = index;
  g_cond_broadcast (&setter->cond);
  while (!g_array_index (setter->jobs, Job, index).done)
    {
      if (setter->next < setter->jobs->len)
        run_next_job (setter, &page->typesetter);
      else
        g_cond_wait (&setter->cond, &setter->lock);
    }
  g_mutex_unlock (&setter->lock);
}

static gpointer
set_ahead (gpointer data)
{
  Setter *setter = data;
  Typesetter typesetter;

  typesetter_init (&typesetter, setter->ahead_context);
  g_mutex_lock (&setter->lock);
  for (;;)
    {
      while (!setter->stop && setter->next < setter->jobs->len &&
             setter->next > setter->drawing + JOBS_AHEAD)
        g_cond_wait (&setter->cond, &setter->lock);
      if (setter->stop || setter->next >= setter->jobs->len)
        break;
      run_next_job (setter, &typesetter);
    }
  g_mutex_unlock (&setter->lock);
  typesetter_clear (&typesetter);
  return NULL;
}

static void
add_job (Setter  *setter,
         JobKind  kind,
         guint    block,
         guint    first,
         guint    last)
{
  Job job = { kind, block, first, last, FALSE };

  g_array_append_val (setter->jobs, job);
}

/* A table's jobs: its last column measured, then its rows set, a group at a time. */
static void
add_table_jobs (Setter  *setter,
                guint    index,
                GpBlock *table)
{
  Set *set = &setter->sets[index];
  guint n_rows = table->rows->len;

  for (guint r = 0; r < n_rows; r++)
    set->n_columns = MAX (set->n_columns, g_strv_length (g_ptr_array_index (table->rows, r)));
  if (set->n_columns == 0)
    return;
  set->lasts = g_new0 (Text, n_rows);
  set->cells = g_new0 (Text, (gsize) n_rows * set->n_columns);
  set->row_heights = g_new0 (double, n_rows);
  for (guint r = 0; r < n_rows; r += ROWS_PER_JOB)
    {
      add_job (setter, JOB_MEASURE, index, r, MIN (r + ROWS_PER_JOB, n_rows));
      set->measuring++;
    }
  set->first_row_job = setter->jobs->len;
  for (guint r = 0; r < n_rows; r += ROWS_PER_JOB)
    add_job (setter, JOB_ROWS, index, r, MIN (r + ROWS_PER_JOB, n_rows));
}

static void
setter_init (Setter     *setter,
             GpDocument *document)
{
  guint n_blocks = gp_document_get_n_blocks (document);

  *setter = (Setter){ document, g_new0 (Set, n_blocks), g_array_new (FALSE, FALSE, sizeof (Job)) };
  g_mutex_init (&setter->lock);
  g_cond_init (&setter->cond);
  for (guint i = 0; i < n_blocks; i++)
    {
      GpBlock *block = gp_document_get_block (document, i);

      Job *last =
          setter->jobs->len > 0 ? &g_array_index (setter->jobs, Job, setter->jobs->len - 1) : NULL;

      setter->sets[i].first_job = setter->jobs->len;
      if (block->kind == GP_BLOCK_TABLE)
        add_table_jobs (setter, i, block);
      else if (block->kind == GP_BLOCK_CODE)
        add_job (setter, JOB_CODE, i, 0, 0);
      else if (block->kind == GP_BLOCK_CHART)
        continue;
      else if (last != NULL && last->kind == JOB_TEXT && last->last == i &&
               last->last - last->first < TEXTS_PER_JOB)
        {
          last->last++;
          setter->sets[i].first_job--;
        }
      else
        add_job (setter, JOB_TEXT, i, i, i + 1);
    }
}

static void
setter_clear (Setter *setter)
{
  guint n_blocks = gp_document_get_n_blocks (setter->document);

  for (guint i = 0; i < n_blocks; i++)
    {
      Set *set = &setter->sets[i];
      GpBlock *block = gp_document_get_block (setter->document, i);
      gsize n_cells = block->kind == GP_BLOCK_TABLE ? block->rows->len * set->n_columns : 0;

      text_clear (&set->text);
      for (guint k = 0; k < set->n_lines; k++)
        text_clear (&set->lines[k]);
      for (gsize k = 0; k < n_cells; k++)
        text_clear (&set->cells[k]);
      for (guint r = 0; set->lasts != NULL && r < block->rows->len; r++)
        text_clear (&set->lasts[r]);
      g_free (set->lines);
      g_free (set->lasts);
      g_free (set->cells);
      g_free (set->row_heights);
    }
  g_free (setter->sets);
  g_array_unref (setter->jobs);
  g_clear_object (&setter->ahead_context);
  g_mutex_clear (&setter->lock);
  g_cond_clear (&setter->cond);
}

/* Where a cell of the last column, at @x and @width wide, is drawn: set right in its column. A
 * cell laid out as measured, unwrapped, has no width of its own to be set right in. */
static double
last_cell_x (const Text *cell,
             double      x,
             double      width)
{
  if (pango_layout_get_width (cell->layout) < 0)
    return x + width - cell->width;
  return x + 6;
}

/* A table: the last column as wide as its widest cell, the others sharing the rest, the first
 * twice as wide as any other; the header in bold, under a rule. */
static void
draw_table (Page    *page,
            guint    index,
            GpBlock *table)
{
  Set *set = &page->setter->sets[index];
  guint n_columns = set->n_columns;

  if (n_columns == 0)
    return;

  for (guint r = 0; r < table->rows->len; r++)
    {
      double x = MARGIN;

      wait_for_job (page, set->first_row_job + r / ROWS_PER_JOB);
      make_room (page, set->row_heights[r] + 4);
      for (guint c = 0; c < n_columns; c++)
        {
          Text *cell = &set->cells[r * n_columns + c];
          double width = column_width (c, n_columns, set->last_width);

          show (page, cell, c + 1 < n_columns ? x : last_cell_x (cell, x, width));
          text_clear (cell);
          x += width;
        }
      page->y += set->row_heights[r] + 2;
      if (r == 0)
        {
          gp_text_batch_flush (page->batch);
          cairo_set_line_width (page->cr, 0.6);
          cairo_move_to (page->cr, MARGIN, page->y);
          cairo_line_to (page->cr, MARGIN + TEXT_WIDTH, page->y);
          cairo_stroke (page->cr);
          page->y += 2;
        }
    }
  page->y += 10;
}

/* A block of code on a light grey ground; a long line wraps. */
static void
draw_code (Page *page,
           Set  *set)
{
  wait_for_job (page, set->first_job);
  page->y += 2;
  for (guint i = 0; i < set->n_lines; i++)
    {
      double height = set->lines[i].height;

      make_room (page, height);
      gp_text_batch_flush (page->batch);
      cairo_set_source_rgb (page->cr, 0.95, 0.95, 0.95);
      cairo_rectangle (page->cr, MARGIN, page->y, TEXT_WIDTH, height + 0.5);
      cairo_fill (page->cr);
      cairo_set_source_rgb (page->cr, 0, 0, 0);
      show (page, &set->lines[i], MARGIN + 6);
      text_clear (&set->lines[i]);
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
  gp_text_batch_flush (page->batch);
  cairo_save (page->cr);
  cairo_translate (page->cr, MARGIN, page->y);
  gp_chart_draw (page->cr, NULL, kind, data, &style, TEXT_WIDTH, height);
  cairo_restore (page->cr);
  page->y += height + 6;
}

static void
draw_text (Page    *page,
           Set     *set,
           GpBlock *block,
           gboolean last_of_list)
{
  gboolean heading = block->kind == GP_BLOCK_TITLE;
  gboolean subheading = block->kind == GP_BLOCK_HEADING;
  gboolean bullet = block->kind == GP_BLOCK_BULLET;
  double height;

  wait_for_job (page, set->first_job);
  height = set->text.height;
  make_room (page, height);

  page->y += subheading ? 6 : 0;
  if (bullet)
    {
      if (page->dot == NULL)
        page->dot = paragraph (&page->typesetter, "•", 10, FALSE, TEXT_WIDTH, FALSE);
      gp_text_batch_add (page->batch, page->dot, MARGIN + 2, page->y);
    }
  show (page, &set->text, MARGIN + (bullet ? 14 : 0));
  text_clear (&set->text);
  /* As the Markdown reads: a blank line after a paragraph, a heading, a list. */
  page->y += height + (heading ? 10 : 3) + (!bullet || last_of_list ? 6 : 0);
}

static void
draw_blocks (Page        *page,
             GpDocument  *document,
             GpChartKind  kind,
             GpChartData *data)
{
  guint n_blocks = gp_document_get_n_blocks (document);

  for (guint i = 0; i < n_blocks; i++)
    {
      GpBlock *block = gp_document_get_block (document, i);
      GpBlock *next = i + 1 < n_blocks ? gp_document_get_block (document, i + 1) : NULL;
      Set *set = &page->setter->sets[i];

      switch (block->kind)
        {
        case GP_BLOCK_TABLE:
          draw_table (page, i, block);
          break;

        case GP_BLOCK_CODE:
          draw_code (page, set);
          break;

        case GP_BLOCK_CHART:
          if (data != NULL)
            draw_chart (page, kind, data);
          break;

        case GP_BLOCK_TITLE:
        case GP_BLOCK_HEADING:
        case GP_BLOCK_PARAGRAPH:
        case GP_BLOCK_BULLET:
        default:
          draw_text (page, set, block, next == NULL || next->kind != GP_BLOCK_BULLET);
          break;
        }
    }
}

/**
 * gp_document_draw:
 * @document: the document
 * @cr: where to draw, A4 pages in points: a PDF's context, or an image's in a test
 * @kind: the chart's kind
 * @data: (nullable): the chart's figures; without them, the document has no chart
 * @drawn: (nullable): every text set, appended in the order drawn
 *
 * Draws @document's pages on @cr, a cairo_show_page() after each but the last.
 */
void
gp_document_draw (GpDocument  *document,
                  cairo_t     *cr,
                  GpChartKind  kind,
                  GpChartData *data,
                  GString     *drawn)
{
  Setter setter;
  Page page = { cr, MARGIN, drawn, NULL, NULL, &setter };
  GThread *ahead = NULL;

  typesetter_init (&page.typesetter, gp_chart_text_context (cr));
  page.batch = gp_text_batch_new (cr);
  setter_init (&setter, document);
  /* The drawing, cairo's writing of each page, keeps one core busy; the type of the blocks
   * after it is set on a second. */
  if (setter.jobs->len >= MIN_JOBS && g_get_num_processors () > 1)
    {
      g_autoptr(PangoFontMap) font_map = pango_cairo_font_map_new ();

      setter.ahead_context = gp_chart_text_context_new (cr, font_map);
      ahead = g_thread_new ("gp-set-ahead", set_ahead, &setter);
    }

  draw_blocks (&page, document, kind, data);
  g_clear_pointer (&page.batch, gp_text_batch_free);

  if (ahead != NULL)
    {
      g_mutex_lock (&setter.lock);
      setter.stop = TRUE;
      g_cond_broadcast (&setter.cond);
      g_mutex_unlock (&setter.lock);
      g_thread_join (ahead);
    }
  setter_clear (&setter);
  typesetter_clear (&page.typesetter);
  g_clear_object (&page.dot);
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
  cairo_t *cr = cairo_create (surface);
  cairo_status_t status;

  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR,
                                  PACKAGE_NAME " " PACKAGE_VERSION);
  gp_document_draw (document, cr, kind, data, drawn);
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
