/* gp-json-reader.c — every JSON file the program reads, checked before json-glib parses it
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Catalogs come from users, lab servers and the network. json-glib's parser recurses once per
 * level of nesting (100,000 levels overflow the stack), lets the last of two equal keys win,
 * ends a string at "\u0000", and reads past the first value without complaint. So one pass
 * over the text comes first, cheap and iterative in its bookkeeping: the size, the nesting, one
 * value in all, no NUL, no key twice in an object, every number finite and in range. Only then
 * does json-glib see the text. A problem is named as the catalog loader names its own: the
 * file, the JSON path, and what is wrong.
 *
 * Keys are compared as written: "a" and "\u0061" count as two keys.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "gp-json-reader.h"

G_DEFINE_QUARK (gp-json-error-quark, gp_json_error)

/* An object with more members than this checks its keys in a hash table, not one by one. */
#define LINEAR_KEYS 16

typedef struct
{
  gboolean    object;
  guint       index;      /* array: the element being read; object: members so far */
  const char *key;        /* object: the member being read, as written, without quotes */
  gsize       key_length;
  GArray     *keys;       /* object: (const char *, gsize) pairs of the keys so far */
  GHashTable *key_set;    /* object with many members: the keys, copied */
} Frame;

typedef struct
{
  const char *text;
  const char *p;
  const char *end;
  const char *file;
  Frame       frames[GP_JSON_MAX_DEPTH];
  guint       depth;
  gboolean    whole_file;  /* the problem is the file's, not a place in it */
  GError    **error;
} Scan;

typedef struct
{
  const char *start;
  gsize       length;
} Slice;

static void
scan_clear (Scan *scan)
{
  for (guint i = 0; i < GP_JSON_MAX_DEPTH; i++)
    {
      g_clear_pointer (&scan->frames[i].keys, g_array_unref);
      g_clear_pointer (&scan->frames[i].key_set, g_hash_table_unref);
    }
}

/* "instances[3].prices[0].spot", up to the value being read. */
static char *
scan_path (Scan *scan)
{
  GString *path = g_string_new (NULL);

  for (guint i = 0; i < scan->depth; i++)
    {
      Frame *frame = &scan->frames[i];

      if (!frame->object)
        g_string_append_printf (path, "[%u]", frame->index);
      else if (frame->key != NULL)
        {
          if (path->len > 0)
            g_string_append_c (path, '.');
          g_string_append_len (path, frame->key, frame->key_length);
        }
    }

  return g_string_free (path, FALSE);
}

/* Where scan->p is, for people: line and column, counted in characters. */
static void
scan_position (Scan  *scan,
               guint *line,
               guint *column)
{
  const char *line_start = scan->text;
  const char *stop = MIN (scan->p, scan->end);

  *line = 1;
  for (const char *c = scan->text; c < stop; c++)
    if (*c == '\n')
      {
        (*line)++;
        line_start = c + 1;
      }
  *column = 1 + (guint) g_utf8_strlen (line_start, stop - line_start);
}

static gboolean
fail (Scan       *scan,
      GpJsonError code,
      const char *format,
      ...) G_GNUC_PRINTF (3, 4);

/* "lab.json: instances[3].prices[0]: the key is given twice in one object (line 9, column
 * 31)": the form of every message about a file's contents. */
static gboolean
fail (Scan       *scan,
      GpJsonError code,
      const char *format,
      ...)
{
  g_autofree char *what = NULL;
  g_autofree char *path = scan_path (scan);
  const char *where = *path != '\0' ? path : _("(top level)");
  va_list args;
  guint line, column;

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);

  if (scan->whole_file)
    {
      g_set_error (scan->error, GP_JSON_ERROR, code, "%s: %s: %s", scan->file, where, what);
      return FALSE;
    }

  scan_position (scan, &line, &column);
  /* Translators: a problem of a JSON file: the file, where in its structure, what is wrong,
   * then the line and column ("lab.json: instances[3].id: … (line 9, column 31)") */
  g_set_error (scan->error, GP_JSON_ERROR, code, _("%s: %s: %s (line %u, column %u)"), scan->file,
               where, what, line, column);
  return FALSE;
}

static gboolean
at_end (Scan *scan)
{
  return scan->p >= scan->end;
}

static void
skip_space (Scan *scan)
{
  while (!at_end (scan) &&
         (*scan->p == ' ' || *scan->p == '\t' || *scan->p == '\n' || *scan->p == '\r'))
    scan->p++;
}

static gboolean
unexpected (Scan *scan)
{
  if (at_end (scan))
    return fail (scan, GP_JSON_ERROR_SYNTAX, _("the text ends in the middle of a value"));
  if (*scan->p == '\0')
    return fail (scan, GP_JSON_ERROR_NUL, _("a NUL character"));
  if ((guchar) *scan->p >= 0x80)
    {
      gunichar u = g_utf8_get_char_validated (scan->p, scan->end - scan->p);

      if (u == (gunichar) -1 || u == (gunichar) -2)
        return fail (scan, GP_JSON_ERROR_SYNTAX, _("the file is not valid UTF-8 text"));
      return fail (scan, GP_JSON_ERROR_SYNTAX, _("unexpected character U+%04X"), u);
    }
  if ((guchar) *scan->p < 0x20)
    return fail (scan, GP_JSON_ERROR_SYNTAX, _("unexpected character U+%04X"), (guint) *scan->p);
  return fail (scan, GP_JSON_ERROR_SYNTAX, _("unexpected character “%c”"), *scan->p);
}

static gboolean
expect (Scan *scan,
        char  c)
{
  skip_space (scan);
  if (at_end (scan) || *scan->p != c)
    return unexpected (scan);
  scan->p++;
  return TRUE;
}

/* A string, the opening quote at scan->p; @slice gets what stands between the quotes. */
static gboolean
scan_string (Scan  *scan,
             Slice *slice)
{
  const char *start = ++scan->p;

  while (!at_end (scan))
    {
      guchar c = *scan->p;

      if (c == '"')
        {
          slice->start = start;
          slice->length = scan->p - start;
          scan->p++;
          return TRUE;
        }
      if (c == '\0')
        return fail (scan, GP_JSON_ERROR_NUL, _("a NUL character in a string"));
      if (c < 0x20)
        return fail (scan, GP_JSON_ERROR_SYNTAX, _("a control character in a string"));
      if (c >= 0x80)
        {
          gunichar u = g_utf8_get_char_validated (scan->p, scan->end - scan->p);

          if (u == (gunichar) -1 || u == (gunichar) -2)
            return fail (scan, GP_JSON_ERROR_SYNTAX, _("the file is not valid UTF-8 text"));
          scan->p = g_utf8_next_char (scan->p);
          continue;
        }
      if (c != '\\')
        {
          scan->p++;
          continue;
        }

      scan->p++;
      if (at_end (scan))
        break;
      if (strchr ("\"\\/bfnrt", *scan->p) != NULL && *scan->p != '\0')
        {
          scan->p++;
          continue;
        }
      if (*scan->p != 'u' || scan->end - scan->p < 5 ||
          !g_ascii_isxdigit (scan->p[1]) || !g_ascii_isxdigit (scan->p[2]) ||
          !g_ascii_isxdigit (scan->p[3]) || !g_ascii_isxdigit (scan->p[4]))
        return fail (scan, GP_JSON_ERROR_SYNTAX, _("a broken escape in a string"));
      /* json-glib would end the string there, silently. */
      if (strncmp (scan->p + 1, "0000", 4) == 0)
        return fail (scan, GP_JSON_ERROR_NUL, _("a NUL character (\\u0000) in a string"));
      scan->p += 5;
    }

  return fail (scan, GP_JSON_ERROR_SYNTAX, _("a string is not closed"));
}

static gboolean
scan_digits (Scan *scan)
{
  const char *start = scan->p;

  while (!at_end (scan) && g_ascii_isdigit (*scan->p))
    scan->p++;
  return scan->p > start;
}

static gboolean
scan_number (Scan *scan)
{
  const char *start = scan->p;
  const char *integer;
  gboolean convert;
  char buffer[64];
  double value;

  if (*scan->p == '-')
    scan->p++;
  integer = scan->p;
  if (!at_end (scan) && *scan->p == '0')
    scan->p++;
  else if (!scan_digits (scan))
    return unexpected (scan);
  /* Without an exponent, fifteen digits or fewer before the point cannot pass the limit: no
   * conversion is needed for nearly every number of a catalog. */
  convert = scan->p - integer > 15;
  if (!at_end (scan) && *scan->p == '.')
    {
      scan->p++;
      if (!scan_digits (scan))
        return unexpected (scan);
    }
  if (!at_end (scan) && (*scan->p == 'e' || *scan->p == 'E'))
    {
      convert = TRUE;
      scan->p++;
      if (!at_end (scan) && (*scan->p == '+' || *scan->p == '-'))
        scan->p++;
      if (!scan_digits (scan))
        return unexpected (scan);
    }

  if (!convert)
    return TRUE;
  if ((gsize) (scan->p - start) >= sizeof buffer)
    return fail (scan, GP_JSON_ERROR_NUMBER, _("a number of more than %u characters"),
                 (guint) sizeof buffer - 1);
  memcpy (buffer, start, scan->p - start);
  buffer[scan->p - start] = '\0';
  value = g_ascii_strtod (buffer, NULL);
  if (!isfinite (value) || fabs (value) > GP_JSON_MAX_NUMBER)
    return fail (scan, GP_JSON_ERROR_NUMBER, _("the number %s is out of range (at most %g)"),
                 buffer, GP_JSON_MAX_NUMBER);
  return TRUE;
}

static gboolean
scan_literal (Scan       *scan,
              const char *word)
{
  gsize length = strlen (word);

  if ((gsize) (scan->end - scan->p) < length || strncmp (scan->p, word, length) != 0)
    return unexpected (scan);
  scan->p += length;
  return TRUE;
}

/* Records @key in @frame; FALSE when the object already has it. */
static gboolean
add_key (Frame *frame,
         Slice *key)
{
  if (frame->key_set != NULL)
    return g_hash_table_add (frame->key_set, g_strndup (key->start, key->length));

  for (guint i = 0; i < frame->keys->len; i++)
    {
      Slice *seen = &g_array_index (frame->keys, Slice, i);

      if (seen->length == key->length && memcmp (seen->start, key->start, key->length) == 0)
        return FALSE;
    }
  g_array_append_val (frame->keys, *key);

  if (frame->keys->len > LINEAR_KEYS)
    {
      frame->key_set = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      for (guint i = 0; i < frame->keys->len; i++)
        {
          Slice *seen = &g_array_index (frame->keys, Slice, i);
          g_hash_table_add (frame->key_set, g_strndup (seen->start, seen->length));
        }
    }
  return TRUE;
}

static Frame *
push (Scan     *scan,
      gboolean  object)
{
  Frame *frame;

  if (scan->depth >= GP_JSON_MAX_DEPTH)
    {
      fail (scan, GP_JSON_ERROR_TOO_DEEP, _("nested more than %d levels deep"), GP_JSON_MAX_DEPTH);
      return NULL;
    }

  frame = &scan->frames[scan->depth++];
  frame->object = object;
  frame->index = 0;
  frame->key = NULL;
  frame->key_length = 0;
  if (frame->keys == NULL)
    frame->keys = g_array_new (FALSE, FALSE, sizeof (Slice));
  g_array_set_size (frame->keys, 0);
  g_clear_pointer (&frame->key_set, g_hash_table_unref);
  scan->p++;
  return frame;
}

static gboolean scan_value (Scan *scan);

static gboolean
scan_object (Scan *scan)
{
  Frame *frame = push (scan, TRUE);

  if (frame == NULL)
    return FALSE;

  skip_space (scan);
  if (!at_end (scan) && *scan->p == '}')
    {
      scan->p++;
      scan->depth--;
      return TRUE;
    }

  for (;;)
    {
      Slice key;

      skip_space (scan);
      if (at_end (scan) || *scan->p != '"')
        return unexpected (scan);
      if (!scan_string (scan, &key))
        return FALSE;
      frame->key = key.start;
      frame->key_length = key.length;
      if (!add_key (frame, &key))
        return fail (scan, GP_JSON_ERROR_DUPLICATE_KEY, _("the key is given twice in one object"));
      if (!expect (scan, ':') || !scan_value (scan))
        return FALSE;
      frame->index++;
      frame->key = NULL;

      skip_space (scan);
      if (!at_end (scan) && *scan->p == ',')
        {
          scan->p++;
          continue;
        }
      if (!at_end (scan) && *scan->p == '}')
        {
          scan->p++;
          scan->depth--;
          return TRUE;
        }
      return unexpected (scan);
    }
}

static gboolean
scan_array (Scan *scan)
{
  Frame *frame = push (scan, FALSE);

  if (frame == NULL)
    return FALSE;

  skip_space (scan);
  if (!at_end (scan) && *scan->p == ']')
    {
      scan->p++;
      scan->depth--;
      return TRUE;
    }

  for (;;)
    {
      if (!scan_value (scan))
        return FALSE;

      skip_space (scan);
      if (!at_end (scan) && *scan->p == ',')
        {
          scan->p++;
          frame->index++;
          continue;
        }
      if (!at_end (scan) && *scan->p == ']')
        {
          scan->p++;
          scan->depth--;
          return TRUE;
        }
      return unexpected (scan);
    }
}

/* One value. The recursion goes at most GP_JSON_MAX_DEPTH deep: push() refuses the next. */
static gboolean
scan_value (Scan *scan)
{
  Slice ignored;

  skip_space (scan);
  if (at_end (scan))
    return unexpected (scan);

  switch (*scan->p)
    {
    case '{':
      return scan_object (scan);
    case '[':
      return scan_array (scan);
    case '"':
      return scan_string (scan, &ignored);
    case 't':
      return scan_literal (scan, "true");
    case 'f':
      return scan_literal (scan, "false");
    case 'n':
      return scan_literal (scan, "null");
    default:
      if (*scan->p == '-' || g_ascii_isdigit (*scan->p))
        return scan_number (scan);
      return unexpected (scan);
    }
}

/**
 * gp_json_check:
 * @text: (array length=length): the file's contents
 * @length: its size in bytes
 * @file: its name, for messages
 * @error: return location for a #GP_JSON_ERROR
 *
 * Checks what json-glib does not: UTF-8 text, the size (at most %GP_JSON_MAX_SIZE), the nesting (at most
 * %GP_JSON_MAX_DEPTH levels), one value in all, no NUL character, no key twice in one object,
 * numbers finite and at most %GP_JSON_MAX_NUMBER; and the syntax, so that json-glib parses
 * only what passed.
 *
 * Returns: %TRUE when @text may be parsed
 */
gboolean
gp_json_check (const char  *text,
               gsize        length,
               const char  *file,
               GError     **error)
{
  Scan scan = { text, text, text + length, file };
  gboolean ok;

  g_return_val_if_fail (text != NULL || length == 0, FALSE);
  g_return_val_if_fail (file != NULL, FALSE);

  scan.error = error;
  scan.whole_file = TRUE;
  if (length > GP_JSON_MAX_SIZE)
    return fail (&scan, GP_JSON_ERROR_TOO_LARGE, _("%lu bytes, more than the %d MiB a file may hold"),
                 (gulong) length, GP_JSON_MAX_SIZE / (1024 * 1024));
  skip_space (&scan);
  if (at_end (&scan))
    return fail (&scan, GP_JSON_ERROR_SYNTAX, _("the file is empty"));
  scan.whole_file = FALSE;

  ok = scan_value (&scan);
  if (ok)
    {
      skip_space (&scan);
      if (!at_end (&scan) && *scan.p == '\0')
        ok = fail (&scan, GP_JSON_ERROR_NUL, _("a NUL character"));
      else if (!at_end (&scan))
        ok = fail (&scan, GP_JSON_ERROR_TRAILING,
                   _("more after the first value; a file holds one value"));
    }

  scan_clear (&scan);
  return ok;
}

/**
 * gp_json_read:
 * @text: (array length=length): the file's contents
 * @length: its size in bytes
 * @file: its name, for messages
 * @error: return location for a #GP_JSON_ERROR
 *
 * Checks @text with gp_json_check(), then parses it.
 *
 * Returns: (transfer full) (nullable): the root, or %NULL with @error set
 */
JsonNode *
gp_json_read (const char  *text,
              gsize        length,
              const char  *file,
              GError     **error)
{
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(GError) parse_error = NULL;

  if (!gp_json_check (text, length, file, error))
    return NULL;

  parser = json_parser_new_immutable ();
  if (!json_parser_load_from_data (parser, text, length, &parse_error))
    {
      g_set_error (error, GP_JSON_ERROR, GP_JSON_ERROR_SYNTAX, "%s: %s", file,
                   parse_error->message);
      return NULL;
    }

  return json_parser_steal_root (parser);
}

/**
 * gp_json_read_bytes:
 * @bytes: the file's contents
 * @file: its name, for messages
 * @error: return location for a #GP_JSON_ERROR
 *
 * Returns: (transfer full) (nullable): the root, as gp_json_read() gives it
 */
JsonNode *
gp_json_read_bytes (GBytes      *bytes,
                    const char  *file,
                    GError     **error)
{
  gsize length;
  const char *text = g_bytes_get_data (bytes, &length);

  return gp_json_read (text != NULL ? text : "", length, file, error);
}
