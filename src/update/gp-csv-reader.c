/* gp-csv-reader.c — rows of an RFC 4180 CSV text
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * GLib has no CSV reader. This one reads what public price catalogs write: fields separated
 * by commas, optionally quoted with doubled quotes inside, lines ending in LF or CRLF. A row's
 * fields point into one buffer that the next row reuses, so reading a large file allocates
 * almost nothing per row.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "gp-csv-reader.h"
#include "gp-update-error.h"

struct _GpCsvReader
{
  const char *pos;
  const char *end;
  char       *file;
  char *buffer; /* the row's fields, each ended by a NUL */
  gsize length;
  gsize allocated;
  gsize *offsets; /* where each field starts in buffer */
  guint n_fields;
  guint allocated_fields;
  guint       line;      /* the line the current row starts on */
  guint       next_line;
};

/* The bytes that end a plain field's run: everything else is copied as it is. */
static const guint8 ends_plain_run[256] = {
  ['\0'] = 1, ['\n'] = 1, ['\r'] = 1, ['"'] = 1, [','] = 1,
};

GpCsvReader *
gp_csv_reader_new (const char *text,
                   gsize       length,
                   const char *file)
{
  GpCsvReader *reader = g_new0 (GpCsvReader, 1);

  reader->pos = text;
  reader->end = text + length;
  reader->file = g_strdup (file);
  reader->allocated = 256;
  reader->buffer = g_malloc (reader->allocated);
  reader->allocated_fields = 32;
  reader->offsets = g_new (gsize, reader->allocated_fields);
  reader->next_line = 1;

  /* A byte order mark is not part of the first header. */
  if (length >= 3 && (guchar) text[0] == 0xEF && (guchar) text[1] == 0xBB &&
      (guchar) text[2] == 0xBF)
    reader->pos += 3;

  return reader;
}

/* The buffer and the offsets are the reader's own arrays, not a GString and a GArray: a price
 * file's rows are a million short fields, and a call for each was a third of reading them. */
static inline void
append (GpCsvReader *reader,
        const char  *text,
        gsize        length)
{
  if (reader->length + length >= reader->allocated)
    {
      reader->allocated = MAX (reader->allocated * 2, reader->length + length + 1);
      reader->buffer = g_realloc (reader->buffer, reader->allocated);
    }
  memcpy (reader->buffer + reader->length, text, length);
  reader->length += length;
}

static inline void
append_c (GpCsvReader *reader,
          char         c)
{
  append (reader, &c, 1);
}

static inline void
start_field (GpCsvReader *reader)
{
  if (reader->n_fields == reader->allocated_fields)
    {
      reader->allocated_fields *= 2;
      reader->offsets = g_renew (gsize, reader->offsets, reader->allocated_fields);
    }
  reader->offsets[reader->n_fields++] = reader->length;
}

/* Reads the next row. Blank lines are skipped. */
gboolean
gp_csv_reader_next (GpCsvReader  *reader,
                    GError      **error)
{
  gboolean quoted = FALSE, field_start = TRUE;

  reader->length = 0;
  reader->n_fields = 0;

  /* Skip blank lines. */
  while (reader->pos < reader->end && (*reader->pos == '\n' || *reader->pos == '\r'))
    {
      if (*reader->pos == '\n')
        reader->next_line++;
      reader->pos++;
    }
  if (reader->pos >= reader->end)
    return FALSE;

  reader->line = reader->next_line;

  while (reader->pos < reader->end)
    {
      char c = *reader->pos++;

      if (field_start)
        {
          start_field (reader);
          field_start = FALSE;
          if (c == '"')
            {
              quoted = TRUE;
              continue;
            }
        }

      if (quoted)
        {
          if (c == '"')
            {
              if (reader->pos < reader->end && *reader->pos == '"')
                {
                  append_c (reader, '"');
                  reader->pos++;
                }
              else if (reader->pos < reader->end && *reader->pos != ',' && *reader->pos != '\n' &&
                       *reader->pos != '\r')
                {
                  /* "p4d.24xlarge"x: which is the field? Neither is taken. */
                  g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT,
                               _("%s:%u: text after a quoted field's closing quote"), reader->file,
                               reader->next_line);
                  return FALSE;
                }
              else
                quoted = FALSE;
            }
          else
            {
              /* Up to the next quote in one go (SkyPilot quotes a long GpuInfo on every row),
               * counting the lines a quoted field spans. */
              const char *start = reader->pos - 1;
              const char *quote = memchr (reader->pos, '"', reader->end - reader->pos);

              reader->pos = quote != NULL ? quote : reader->end;
              for (const char *p = memchr (start, '\n', reader->pos - start); p != NULL;
                   p = memchr (p + 1, '\n', reader->pos - p - 1))
                reader->next_line++;
              append (reader, start, reader->pos - start);
            }
          continue;
        }

      if (c == ',')
        {
          append_c (reader, '\0');
          field_start = TRUE;
        }
      else if (c == '\n')
        {
          reader->next_line++;
          break;
        }
      else if (c == '\r')
        {
          if (reader->pos < reader->end && *reader->pos == '\n')
            continue;
          break;
        }
      else if (c == '\0')
        {
          g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT,
                       _("%s:%u: a NUL byte in CSV text"), reader->file, reader->line);
          return FALSE;
        }
      else
        {
          /* The rest of a plain field in one go: most of a price file is plain fields. */
          const char *start = reader->pos - 1;

          while (reader->pos < reader->end && !ends_plain_run[(guchar) *reader->pos])
            reader->pos++;
          append (reader, start, reader->pos - start);
        }
    }

  if (quoted)
    {
      g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT,
                   _("%s:%u: a quoted field is not closed"), reader->file, reader->line);
      return FALSE;
    }

  /* A row that ends in a comma has an empty last field. */
  if (field_start)
    start_field (reader);
  append_c (reader, '\0');

  return TRUE;
}

guint
gp_csv_reader_get_n_fields (GpCsvReader *reader)
{
  return reader->n_fields;
}

const char *
gp_csv_reader_get (GpCsvReader *reader,
                   guint        index)
{
  if (index >= reader->n_fields)
    return NULL;

  return reader->buffer + reader->offsets[index];
}

guint
gp_csv_reader_get_line (GpCsvReader *reader)
{
  return reader->line;
}

void
gp_csv_reader_free (GpCsvReader *reader)
{
  if (reader == NULL)
    return;

  g_free (reader->file);
  g_free (reader->buffer);
  g_free (reader->offsets);
  g_free (reader);
}

int
gp_csv_reader_find_field (GpCsvReader *reader,
                          const char  *name)
{
  for (guint f = 0; f < gp_csv_reader_get_n_fields (reader); f++)
    if (g_strcmp0 (gp_csv_reader_get (reader, f), name) == 0)
      return (int) f;

  return -1;
}
