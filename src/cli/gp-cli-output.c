/* gp-cli-output.c — one set of rows printed as a table, as CSV or as JSON
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every command fills the same rows once and chooses the format last, so the three formats
 * cannot drift apart. JSON and CSV carry raw values under stable keys; tables carry translated
 * headers, rounded numbers and "—" for unknown values.
 */

#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "gp-cli-output.h"
#include "gp-format.h"
#include "gp-json-writer.h"
#include "gp-csv.h"

typedef enum
{
  CELL_NULL,
  CELL_STRING,
  CELL_NUMBER,
  CELL_STRV,
  CELL_BOOLEAN,
} CellKind;

typedef struct
{
  CellKind    kind;
  char       *text;
  double      number;
  GStrv       strv;
  char       *display; /* what a table shows instead of the value: "≈ ¥64.818" */
} Cell;

struct _GpCliOutput
{
  const GpCliColumn *columns;
  guint              n_columns;
  GArray            *cells;     /* n_columns cells per row; when streaming, the row being filled */
  FILE              *stream;    /* where rows go as they are complete, or NULL */
  GpCliFormat        stream_format;
  guint              streamed;  /* rows printed so far */
  gboolean           started;
  GString *pending;    /* streamed rows not yet written to the stream */
  const char **keys;   /* the columns' keys, for JSON rows */
  GpJsonValue *values; /* a JSON row's values */
};

/* Streamed rows go to the stream in pieces of about this size rather than one by one. */
#define PENDING_SIZE 65536

static void
cell_clear (gpointer data)
{
  Cell *cell = data;

  g_free (cell->text);
  g_strfreev (cell->strv);
  g_free (cell->display);
}

gboolean
gp_cli_format_parse (const char  *text,
                     gboolean     allow_csv,
                     GpCliFormat *format)
{
  if (text == NULL || g_str_equal (text, "table"))
    *format = GP_CLI_FORMAT_TABLE;
  else if (g_str_equal (text, "json"))
    *format = GP_CLI_FORMAT_JSON;
  else if (allow_csv && g_str_equal (text, "csv"))
    *format = GP_CLI_FORMAT_CSV;
  else
    return FALSE;

  return TRUE;
}

static void flush_rows (GpCliOutput *output);

GpCliOutput *
gp_cli_output_new (const GpCliColumn *columns,
                   guint              n_columns)
{
  GpCliOutput *output = g_new0 (GpCliOutput, 1);

  /* A copy: a caller may describe its columns on the stack. The texts are the caller's
   * literals. */
  output->columns = g_memdup2 (columns, n_columns * sizeof *columns);
  output->n_columns = n_columns;
  output->cells = g_array_new (FALSE, TRUE, sizeof (Cell));
  g_array_set_clear_func (output->cells, cell_clear);
  output->keys = g_new (const char *, n_columns);
  output->values = g_new (GpJsonValue, n_columns);
  for (guint c = 0; c < n_columns; c++)
    output->keys[c] = columns[c].key;

  return output;
}

void
gp_cli_output_add_row (GpCliOutput *output)
{
  if (output->stream != NULL && output->stream_format != GP_CLI_FORMAT_TABLE &&
      output->cells->len > 0)
    flush_rows (output);
  g_array_set_size (output->cells, output->cells->len + output->n_columns);
}

static Cell *
current_cell (GpCliOutput *output,
              guint        column)
{
  g_assert (column < output->n_columns && output->cells->len >= output->n_columns);
  return &g_array_index (output->cells, Cell, output->cells->len - output->n_columns + column);
}

void
gp_cli_output_set_string (GpCliOutput *output,
                          guint        column,
                          const char  *value)
{
  Cell *cell = current_cell (output, column);

  cell_clear (cell);
  *cell = (Cell) { value != NULL ? CELL_STRING : CELL_NULL, g_strdup (value) };
}

void
gp_cli_output_set_number (GpCliOutput *output,
                          guint        column,
                          double       value)
{
  Cell *cell = current_cell (output, column);

  cell_clear (cell);
  *cell = (Cell) { isfinite (value) ? CELL_NUMBER : CELL_NULL, NULL, value };
}

/* JSON writes true or false, CSV "true" or "false", a table the column's marker or nothing. */
void
gp_cli_output_set_boolean (GpCliOutput *output,
                           guint        column,
                           gboolean     value)
{
  Cell *cell = current_cell (output, column);

  cell_clear (cell);
  *cell = (Cell) { CELL_BOOLEAN, NULL, value ? 1 : 0 };
}

void
gp_cli_output_set_display (GpCliOutput *output,
                           guint        column,
                           const char  *text)
{
  Cell *cell = current_cell (output, column);

  g_free (cell->display);
  cell->display = g_strdup (text);
}

void
gp_cli_output_set_strv (GpCliOutput       *output,
                        guint              column,
                        const char *const *values)
{
  Cell *cell = current_cell (output, column);

  cell_clear (cell);
  *cell = (Cell) { CELL_STRV, NULL, 0, g_strdupv ((char **) values) };
}

/* Numbers in CSV never follow the locale (a comma decimal would break the format), and are
 * written as the shortest text that reads back as the same double: 2.4, not 2.3999999999999999. */
static char *
raw_number (double value,
            int    digits)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  return g_strdup (gp_json_format_number (value, buffer));
}

static char *
cell_to_raw (const Cell *cell,
             int         digits)
{
  switch (cell->kind)
    {
    case CELL_STRING:
      return g_strdup (cell->text);

    case CELL_NUMBER:
      return raw_number (cell->number, digits);

    case CELL_STRV:
      return g_strjoinv (";", cell->strv);

    case CELL_BOOLEAN:
      return g_strdup (cell->number != 0 ? "true" : "false");

    case CELL_NULL:
    default:
      return g_strdup ("");
    }
}

static char *
cell_to_display (const Cell        *cell,
                 const GpCliColumn *column)
{
  int digits = column->digits;

  if (cell->display != NULL && cell->kind != CELL_NULL)
    return g_strdup (cell->display);

  switch (cell->kind)
    {
    case CELL_STRING:
      return g_strdup (cell->text);

    case CELL_BOOLEAN:
      return g_strdup (cell->number != 0 && column->marker != NULL ? _(column->marker) : "");

    case CELL_NUMBER:
      if (digits < 0)
        return raw_number (cell->number, digits);
      /* Written for people as the app writes figures: grouped, never an exponent. */
      return gp_format_number (cell->number, digits);

    case CELL_STRV:
      return g_strjoinv (", ", cell->strv);

    case CELL_NULL:
    default:
      /* Unknown figures show as a dash, never as 0. */
      return g_strdup ("—");
    }
}

/* The columns a terminal gives @text: a Chinese character takes two, so that a table in
 * Chinese stays aligned under its headers. */
static gsize
display_width (const char *text)
{
  gsize width = 0;

  for (const char *c = text; *c != '\0'; c = g_utf8_next_char (c))
    {
      gunichar u = g_utf8_get_char (c);

      width += g_unichar_iszerowidth (u) ? 0 : g_unichar_iswide (u) ? 2 : 1;
    }
  return width;
}

static void
append_padded (GString    *out,
               const char *text,
               gsize       width,
               gboolean    right)
{
  gsize len = display_width (text);

  if (right)
    for (gsize i = len; i < width; i++)
      g_string_append_c (out, ' ');
  g_string_append (out, text);
  if (!right)
    for (gsize i = len; i < width; i++)
      g_string_append_c (out, ' ');
}

/* A terminal runs escape sequences: a control character in a name from a catalog or a price
 * file is shown as \x1B, never sent as it is. */
static char *
escape_controls (char *text)
{
  GString *out;

  for (const char *c = text; *c != '\0'; c++)
    if ((guchar) *c < 0x20 || *c == 0x7f)
      goto escape;
  return text;

escape:
  out = g_string_sized_new (strlen (text) + 8);
  for (const char *c = text; *c != '\0'; c++)
    {
      if ((guchar) *c < 0x20 || *c == 0x7f)
        g_string_append_printf (out, "\\x%02X", (guchar) *c);
      else
        g_string_append_c (out, *c);
    }
  g_free (text);
  return g_string_free (out, FALSE);
}

static char *
render_table (GpCliOutput *output)
{
  guint n_rows = output->cells->len / output->n_columns;
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  g_autofree gsize *widths = g_new0 (gsize, output->n_columns);
  GString *out = g_string_new (NULL);
  int last = -1;

  for (guint c = 0; c < output->n_columns; c++)
    if (output->columns[c].header != NULL)
      {
        widths[c] = display_width (_(output->columns[c].header));
        last = c;
      }

  for (guint i = 0; i < output->cells->len; i++)
    {
      guint c = i % output->n_columns;
      char *text = escape_controls (cell_to_display (&g_array_index (output->cells, Cell, i),
                                                     &output->columns[c]));

      widths[c] = MAX (widths[c], display_width (text));
      g_ptr_array_add (texts, text);
    }

  for (int r = -1; r < (int) n_rows; r++)
    {
      for (guint c = 0; c < output->n_columns; c++)
        {
          const GpCliColumn *column = &output->columns[c];
          const char *text;
          gboolean numeric = column->digits != -1;

          if (column->header == NULL)
            continue;

          text = r < 0 ? _(column->header) : g_ptr_array_index (texts, r * output->n_columns + c);
          if (out->len > 0 && out->str[out->len - 1] != '\n')
            g_string_append (out, "  ");
          /* The last column is not padded on the right: lines carry no trailing blanks. */
          append_padded (out, text, (int) c == last && !numeric ? 0 : widths[c], numeric);
        }
      g_string_append_c (out, '\n');
    }

  return g_string_free (out, FALSE);
}

/* Quotes a cell as RFC 4180 asks: a field with a comma, a quote or a line break is enclosed in
 * quotes, and quotes inside are doubled. A text a spreadsheet would run as a formula ("=…",
 * "+…", "-…", "@…") is made plain text, as the Compare page's CSV does; a number is written as
 * it is. */
char *
gp_cli_csv_field (const char *text,
                  gboolean    is_text)
{
  GString *out = g_string_new (NULL);

  gp_csv_append_field (out, text, is_text ? GP_CSV_NEUTRALISE : GP_CSV_NONE);
  return g_string_free (out, FALSE);
}

static void
append_csv_header (GpCliOutput *output,
                   GString     *out)
{
  for (guint c = 0; c < output->n_columns; c++)
    g_string_append_printf (out, "%s%s", c > 0 ? "," : "", output->columns[c].key);
  g_string_append (out, "\r\n");
}

/* One row, from @first, the index of its first cell. */
static void
append_csv_row (GpCliOutput *output,
                guint        first,
                GString     *out)
{
  for (guint c = 0; c < output->n_columns; c++)
    {
      Cell *cell = &g_array_index (output->cells, Cell, first + c);
      g_autofree char *raw = cell_to_raw (cell, output->columns[c].digits);
      g_autofree char *field = gp_cli_csv_field (raw, cell->kind == CELL_STRING ||
                                                      cell->kind == CELL_STRV);

      g_string_append_printf (out, "%s%s", c > 0 ? "," : "", field);
    }
  g_string_append (out, "\r\n");
}

static void
append_json_row (GpCliOutput *output,
                 guint        first,
                 gboolean     first_row,
                 GString     *out)
{
  GpJsonValue *values = output->values;

  for (guint c = 0; c < output->n_columns; c++)
    {
      const Cell *cell = &g_array_index (output->cells, Cell, first + c);

      switch (cell->kind)
        {
        case CELL_STRING:
          values[c] = (GpJsonValue) { GP_JSON_VALUE_STRING, cell->text };
          break;

        case CELL_NUMBER:
          values[c] = (GpJsonValue) { output->columns[c].digits == -2 ? GP_JSON_VALUE_INTEGER
                                                                      : GP_JSON_VALUE_NUMBER,
                                      NULL, cell->number };
          break;

        case CELL_BOOLEAN:
          values[c] = (GpJsonValue) { GP_JSON_VALUE_BOOLEAN, NULL, cell->number };
          break;

        case CELL_STRV:
          values[c] = (GpJsonValue) { GP_JSON_VALUE_STRINGS, NULL, 0,
                                      (const char * const *) cell->strv };
          break;

        case CELL_NULL:
        default:
          values[c] = (GpJsonValue) { GP_JSON_VALUE_NULL };
          break;
        }
    }

  /* Written as the row's object would be, without building it: a million rows. */
  gp_json_append_row (out, first_row, output->keys, values, output->n_columns);
}

/* The rows from @first on, as CSV lines or JSON array elements; @written rows came before. */
static void
append_rows (GpCliOutput *output,
             GpCliFormat  format,
             guint        written,
             GString     *out)
{
  for (guint first = 0; first < output->cells->len; first += output->n_columns, written++)
    {
      if (format == GP_CLI_FORMAT_CSV)
        append_csv_row (output, first, out);
      else
        append_json_row (output, first, written == 0, out);
    }
}

static void
append_start (GpCliOutput *output,
              GpCliFormat  format,
              GString     *out)
{
  if (format == GP_CLI_FORMAT_CSV)
    append_csv_header (output, out);
  else
    g_string_append_c (out, '[');
}

static void
append_end (GpCliFormat  format,
            guint        rows,
            GString     *out)
{
  if (format == GP_CLI_FORMAT_JSON)
    g_string_append (out, rows > 0 ? "\n]\n" : "]\n");
}

static char *
render_rows (GpCliOutput *output,
             GpCliFormat  format)
{
  GString *out = g_string_new (NULL);

  append_start (output, format, out);
  append_rows (output, format, 0, out);
  append_end (format, output->cells->len / output->n_columns, out);
  return g_string_free (out, FALSE);
}

/* Streaming: the complete rows go out as soon as they are, so that a million offers never
 * stand in memory as cells, let alone as one JSON tree. */
static void
write_pending (GpCliOutput *output)
{
  if (output->pending == NULL || output->pending->len == 0)
    return;
  fwrite (output->pending->str, 1, output->pending->len, output->stream);
  g_string_truncate (output->pending, 0);
}

static void
flush_rows (GpCliOutput *output)
{
  GString *out;
  guint rows = output->cells->len / output->n_columns;

  if (output->pending == NULL)
    output->pending = g_string_sized_new (2 * PENDING_SIZE);
  out = output->pending;

  if (output->streamed == 0 && !output->started)
    {
      append_start (output, output->stream_format, out);
      output->started = TRUE;
    }
  append_rows (output, output->stream_format, output->streamed, out);
  output->streamed += rows;
  g_array_set_size (output->cells, 0);
  if (out->len >= PENDING_SIZE)
    write_pending (output);
}

/* For CSV and JSON, each row is printed to @stream as soon as the next one begins, and the rest
 * by gp_cli_output_finish(): the output holds one row at a time. A table must measure every
 * row before it prints one, and is printed whole by gp_cli_output_finish(). */
void
gp_cli_output_stream (GpCliOutput *output,
                      GpCliFormat  format,
                      FILE        *stream)
{
  g_return_if_fail (output->cells->len == 0);

  output->stream = stream;
  output->stream_format = format;
}

/* Prints what is left of @output: all of it, or, when streaming, the last row and the end. */
void
gp_cli_output_finish (GpCliOutput *output,
                      GpCliFormat  format,
                      FILE        *stream)
{
  g_autofree char *text = NULL;

  if (output->stream != NULL && output->stream_format != GP_CLI_FORMAT_TABLE)
    {
      flush_rows (output);
      append_end (output->stream_format, output->streamed, output->pending);
      write_pending (output);
      return;
    }

  text = gp_cli_output_render (output, format);
  fputs (text, stream);
}

gboolean
gp_cli_output_shows_display (GpCliOutput *output)
{
  return output->stream == NULL || output->stream_format == GP_CLI_FORMAT_TABLE;
}

char *
gp_cli_output_render (GpCliOutput *output,
                      GpCliFormat  format)
{
  switch (format)
    {
    case GP_CLI_FORMAT_CSV:
    case GP_CLI_FORMAT_JSON:
      return render_rows (output, format);

    case GP_CLI_FORMAT_TABLE:
    default:
      return render_table (output);
    }
}

void
gp_cli_output_free (GpCliOutput *output)
{
  if (output == NULL)
    return;

  /* Rows streamed before a command gave up are printed, as they were one by one. */
  write_pending (output);
  if (output->pending != NULL)
    g_string_free (output->pending, TRUE);
  g_free (output->keys);
  g_free (output->values);
  g_array_unref (output->cells);
  g_free ((gpointer) output->columns);
  g_free (output);
}
