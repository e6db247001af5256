/* gp-document.c — a report as blocks of plain text: written as Markdown or set as a PDF
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A budget holds names anyone can type: a phase called "Prototype | small runs" must stay one
 * cell, a title with a line break one heading, a ``` in a name text. So a report is built as
 * blocks whose text is never markup; the PDF sets the blocks as they are, and the Markdown
 * writer escapes every character that Markdown could read as markup.
 */

#include "config.h"

#include <string.h>

#include "gp-csv.h"
#include "gp-document.h"

struct _GpDocument
{
  GPtrArray *blocks;
};

static void
block_free (GpBlock *block)
{
  g_free (block->text);
  g_free (block->language);
  g_clear_pointer (&block->rows, g_ptr_array_unref);
  g_clear_pointer (&block->bold_rows, g_array_unref);
  g_free (block);
}

GpDocument *
gp_document_new (void)
{
  GpDocument *self = g_new0 (GpDocument, 1);

  self->blocks = g_ptr_array_new_with_free_func ((GDestroyNotify) block_free);
  return self;
}

void
gp_document_free (GpDocument *self)
{
  if (self == NULL)
    return;
  g_ptr_array_unref (self->blocks);
  g_free (self);
}

guint
gp_document_get_n_blocks (GpDocument *self)
{
  return self->blocks->len;
}

GpBlock *
gp_document_get_block (GpDocument *self,
                       guint       index)
{
  g_return_val_if_fail (index < self->blocks->len, NULL);
  return g_ptr_array_index (self->blocks, index);
}

static GpBlock *
add_block (GpDocument  *self,
           GpBlockKind  kind)
{
  GpBlock *block = g_new0 (GpBlock, 1);

  block->kind = kind;
  g_ptr_array_add (self->blocks, block);
  return block;
}

void
gp_document_add_text (GpDocument  *self,
                      GpBlockKind  kind,
                      const char  *text,
                      gboolean     bold)
{
  GpBlock *block;

  g_return_if_fail (kind <= GP_BLOCK_BULLET);

  block = add_block (self, kind);
  block->text = g_strdup (text);
  block->bold = bold;
}

/* Starts a table; gp_document_add_row() adds to it. */
void
gp_document_add_table (GpDocument         *self,
                       const char * const *header)
{
  GpBlock *block = add_block (self, GP_BLOCK_TABLE);

  block->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  block->bold_rows = g_array_new (FALSE, FALSE, sizeof (gboolean));
  gp_document_add_row (self, header, TRUE);
}

void
gp_document_add_row (GpDocument         *self,
                     const char * const *cells,
                     gboolean            bold)
{
  GpBlock *table =
      self->blocks->len > 0 ? g_ptr_array_index (self->blocks, self->blocks->len - 1) : NULL;

  g_return_if_fail (table != NULL && table->kind == GP_BLOCK_TABLE);

  g_ptr_array_add (table->rows, g_strdupv ((GStrv) cells));
  g_array_append_val (table->bold_rows, bold);
}

void
gp_document_add_code (GpDocument *self,
                      const char *language,
                      const char *code)
{
  GpBlock *block = add_block (self, GP_BLOCK_CODE);

  block->language = g_strdup (language);
  block->text = g_strdup (code);
}

/* Marks where the document's chart goes; Markdown has none. */
void
gp_document_add_chart (GpDocument *self)
{
  add_block (self, GP_BLOCK_CHART);
}

static void
append_text (GString    *out,
             const char *text,
             gboolean    bold)
{
  if (bold && *text != '\0')
    g_string_append (out, "**");
  gp_markdown_append_text (out, text);
  if (bold && *text != '\0')
    g_string_append (out, "**");
}

static void
append_table (GString *out,
              GpBlock *table)
{
  for (guint r = 0; r < table->rows->len; r++)
    {
      GStrv cells = g_ptr_array_index (table->rows, r);
      /* The header's bold is the table's own. */
      gboolean bold = r > 0 && g_array_index (table->bold_rows, gboolean, r);

      g_string_append (out, "|");
      for (guint c = 0; cells[c] != NULL; c++)
        {
          g_string_append_c (out, ' ');
          append_text (out, cells[c], bold);
          g_string_append (out, " |");
        }
      g_string_append_c (out, '\n');
      if (r == 0)
        {
          g_string_append (out, "|");
          for (guint c = 0; cells[c] != NULL; c++)
            g_string_append (out, cells[c + 1] != NULL ? "---|" : "--:|");
          g_string_append_c (out, '\n');
        }
    }
  g_string_append_c (out, '\n');
}

static void
append_code (GString *out,
             GpBlock *code)
{
  g_autofree char *fence = gp_markdown_dup_fence (code->text);
  g_autofree char *language = g_strdup (code->language != NULL ? code->language : "");

  /* A fence's info string ends at its line, and a backtick in it would end the fence. */
  g_strcanon (language, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_+", '_');
  g_string_append_printf (out, "%s%s\n%s", fence, language, code->text);
  if (!g_str_has_suffix (code->text, "\n"))
    g_string_append_c (out, '\n');
  g_string_append_printf (out, "%s\n\n", fence);
}

char *
gp_document_to_markdown (GpDocument *self)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < self->blocks->len; i++)
    {
      GpBlock *block = g_ptr_array_index (self->blocks, i);
      GpBlock *next = i + 1 < self->blocks->len ? g_ptr_array_index (self->blocks, i + 1) : NULL;

      switch (block->kind)
        {
        case GP_BLOCK_TITLE:
        case GP_BLOCK_HEADING:
          g_string_append (out, block->kind == GP_BLOCK_TITLE ? "# " : "## ");
          gp_markdown_append_heading (out, block->text);
          g_string_append (out, "\n\n");
          break;

        case GP_BLOCK_PARAGRAPH:
          append_text (out, block->text, block->bold);
          g_string_append (out, "\n\n");
          break;

        case GP_BLOCK_BULLET:
          g_string_append (out, "- ");
          append_text (out, block->text, block->bold);
          g_string_append (out, next != NULL && next->kind == GP_BLOCK_BULLET ? "\n" : "\n\n");
          break;

        case GP_BLOCK_TABLE:
          append_table (out, block);
          break;

        case GP_BLOCK_CODE:
          append_code (out, block);
          break;

        case GP_BLOCK_CHART:
        default:
          break;
        }
    }
  return g_string_free (out, FALSE);
}

/* Reading the Markdown this program writes, for the texts made as Markdown first (the
 * Assistant's summary): the same blocks, their escapes undone. */

/* "**Total: 12**" → "Total: 12", bold; the escapes undone. */
static char *
plain_text (const char *text,
            gboolean   *bold)
{
  gsize length = strlen (text);
  g_autofree char *inner = NULL;

  *bold = length >= 4 && g_str_has_prefix (text, "**") && g_str_has_suffix (text, "**") &&
          text[length - 3] != '\\';
  inner = *bold ? g_strndup (text + 2, length - 4) : g_strdup (text);
  return gp_markdown_unescape (inner);
}

/* "| a | b \| c |" → "a", "b \| c": a pipe escaped with a backslash is the cell's. */
static GPtrArray *
split_cells (const char *line)
{
  GPtrArray *cells = g_ptr_array_new_with_free_func (g_free);
  GString *cell = g_string_new (NULL);
  const char *p = line;

  while (*p == ' ')
    p++;
  if (*p == '|')
    p++;
  for (; *p != '\0'; p++)
    {
      if (*p == '\\' && p[1] != '\0')
        {
          g_string_append_c (cell, *p++);
          g_string_append_c (cell, *p);
        }
      else if (*p == '|')
        {
          g_ptr_array_add (cells, g_strstrip (g_string_free (cell, FALSE)));
          cell = g_string_new (NULL);
        }
      else
        g_string_append_c (cell, *p);
    }
  /* What follows the last pipe is no cell unless it holds something. */
  g_strstrip (cell->str);
  if (cell->str[0] != '\0')
    g_ptr_array_add (cells, g_string_free (cell, FALSE));
  else
    g_string_free (cell, TRUE);
  return cells;
}

static gboolean
is_rule (const char *line)
{
  return g_regex_match_simple ("^\\|[-:| ]+\\|$", line, 0, 0);
}

static guint
read_table (GpDocument *self,
            char      **lines,
            guint       i)
{
  for (gboolean first = TRUE; lines[i] != NULL && g_str_has_prefix (lines[i], "|"); i++)
    {
      g_autoptr(GPtrArray) cells = NULL;
      g_autoptr(GStrvBuilder) plain = g_strv_builder_new ();
      g_auto(GStrv) row = NULL;
      gboolean row_bold = FALSE;

      if (is_rule (lines[i]))
        continue;
      cells = split_cells (lines[i]);
      for (guint c = 0; c < cells->len; c++)
        {
          gboolean bold;
          g_autofree char *text = plain_text (g_ptr_array_index (cells, c), &bold);

          row_bold |= bold;
          g_strv_builder_add (plain, text);
        }
      row = g_strv_builder_end (plain);
      if (first)
        gp_document_add_table (self, (const char *const *) row);
      else
        gp_document_add_row (self, (const char *const *) row, row_bold);
      first = FALSE;
    }
  return i;
}

/* A fenced block closes at a fence of at least as many backticks. */
static guint
read_code (GpDocument *self,
           char      **lines,
           guint       i)
{
  gsize fence = strspn (lines[i], "`");
  const char *language = lines[i] + fence;
  g_autoptr(GString) code = g_string_new (NULL);

  i++;
  for (; lines[i] != NULL &&
         !(strspn (lines[i], "`") >= fence && lines[i][strspn (lines[i], "`")] == '\0');
       i++)
    g_string_append_printf (code, "%s\n", lines[i]);
  gp_document_add_code (self, *language != '\0' ? language : NULL, code->str);
  return lines[i] != NULL ? i + 1 : i;
}

static void
read_line (GpDocument *self,
           const char *line,
           const char *chart_mark)
{
  static const struct
  {
    const char *prefix;
    GpBlockKind kind;
  } prefixes[] = {
    { "# ", GP_BLOCK_TITLE },
    { "## ", GP_BLOCK_HEADING },
    { "- ", GP_BLOCK_BULLET },
  };
  GpBlockKind kind = GP_BLOCK_PARAGRAPH;
  g_autofree char *text = NULL;
  gboolean bold;

  if (chart_mark != NULL && g_str_equal (line, chart_mark))
    {
      gp_document_add_chart (self);
      return;
    }
  for (guint p = 0; p < G_N_ELEMENTS (prefixes); p++)
    if (g_str_has_prefix (line, prefixes[p].prefix))
      {
        kind = prefixes[p].kind;
        line += strlen (prefixes[p].prefix);
        break;
      }
  text = plain_text (line, &bold);
  gp_document_add_text (self, kind, text, bold);
}

/* Reads what gp_document_to_markdown() and the summaries write: "# " and "## " headings,
 * "- " bullets, paragraphs a line each, tables, "**" around a whole line or cell for bold,
 * fenced code. */
GpDocument *
gp_document_new_from_markdown (const char *markdown,
                               const char *chart_mark)
{
  GpDocument *self = gp_document_new ();
  g_auto(GStrv) lines = g_strsplit (markdown != NULL ? markdown : "", "\n", -1);

  for (guint i = 0; lines[i] != NULL;)
    {
      if (g_str_has_prefix (lines[i], "```"))
        i = read_code (self, lines, i);
      else if (g_str_has_prefix (lines[i], "|"))
        i = read_table (self, lines, i);
      else
        {
          if (*lines[i] != '\0')
            read_line (self, lines[i], chart_mark);
          i++;
        }
    }
  return self;
}
