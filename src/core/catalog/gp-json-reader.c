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
#include "gp-text.h"

G_DEFINE_QUARK (gp-json-error-quark, gp_json_error)

/* An object with more members than this checks its keys in a hash table, not one by one. */
#define LINEAR_KEYS 16

typedef struct
{
  const char *start;
  gsize       length;
} Slice;

typedef struct
{
  gboolean    object;
  guint       index;      /* array: the element being read; object: members so far */
  const char *key;        /* object: the member being read, as written, without quotes */
  gsize       key_length;
  Slice       keys[LINEAR_KEYS];  /* object: the first keys, as written */
  guint       n_keys;
  GHashTable *key_set;    /* object with more members: all the keys, copied */
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

static void
scan_clear (Scan *scan)
{
  for (guint i = 0; i < GP_JSON_MAX_DEPTH; i++)
    g_clear_pointer (&scan->frames[i].key_set, g_hash_table_unref);
}

#define PATH_HEAD_FRAMES 4
#define PATH_TAIL_FRAMES 3
#define PATH_MAX_KEY     32

static void
append_key (GString    *path,
            const char *key,
            gsize       length)
{
  const char *cut;

  if (path->len > 0)
    g_string_append_c (path, '.');
  if (length <= PATH_MAX_KEY)
    {
      g_string_append_len (path, key, length);
      return;
    }
  /* On a character's boundary: the key was checked to be UTF-8. */
  cut = g_utf8_find_prev_char (key, key + PATH_MAX_KEY + 1);
  g_string_append_len (path, key, cut - key);
  g_string_append (path, "…");
}

/* "instances[3].prices[0].spot", up to the value being read. A path a person could not read
 * in a message is shortened: its middle levels become "…" (a file nested 64 deep names the
 * first four and the last three), a long key its first 32 bytes. */
static char *
scan_path (Scan *scan)
{
  GString *path = g_string_new (NULL);

  for (guint i = 0; i < scan->depth; i++)
    {
      Frame *frame = &scan->frames[i];

      if (scan->depth > PATH_HEAD_FRAMES + PATH_TAIL_FRAMES + 1 && i >= PATH_HEAD_FRAMES &&
          i < scan->depth - PATH_TAIL_FRAMES)
        {
          if (i == PATH_HEAD_FRAMES)
            g_string_append (path, "…");
          continue;
        }
      if (!frame->object)
        g_string_append_printf (path, "[%u]", frame->index);
      else if (frame->key != NULL)
        append_key (path, frame->key, frame->key_length);
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

static inline gboolean
at_end (Scan *scan)
{
  return scan->p >= scan->end;
}

static inline void
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
static guint
hex4 (const char *p)
{
  guint value = 0;

  for (guint i = 0; i < 4; i++)
    value = value * 16 + g_ascii_xdigit_value (p[i]);
  return value;
}

/* At a \u escape's "u": steps past it, and past the low half of a surrogate pair; a half
 * without its pair is no character at all. */
static gboolean
scan_surrogates (Scan *scan)
{
  gunichar c = hex4 (scan->p + 1);

  scan->p += 5;
  if (c >= 0xdc00 && c < 0xe000)
    return FALSE;
  if (c < 0xd800 || c >= 0xdc00)
    return TRUE;
  if (scan->end - scan->p < 6 || scan->p[0] != '\\' || scan->p[1] != 'u' ||
      !g_ascii_isxdigit (scan->p[2]) || !g_ascii_isxdigit (scan->p[3]) ||
      !g_ascii_isxdigit (scan->p[4]) || !g_ascii_isxdigit (scan->p[5]))
    return FALSE;
  c = hex4 (scan->p + 2);
  if (c < 0xdc00 || c >= 0xe000)
    return FALSE;
  scan->p += 6;
  return TRUE;
}

static gboolean
scan_string (Scan  *scan,
             Slice *slice)
{
  const char *start = ++scan->p;

  while (!at_end (scan))
    {
      guchar c;

      /* The common case, plain ASCII, in a tight loop. */
      while (scan->p < scan->end && (guchar) *scan->p >= 0x20 && (guchar) *scan->p < 0x80 &&
             *scan->p != '"' && *scan->p != '\\')
        scan->p++;
      if (at_end (scan))
        break;

      c = *scan->p;
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
      if (!scan_surrogates (scan))
        return fail (scan, GP_JSON_ERROR_SYNTAX,
                     _("a lone surrogate (\\ud800–\\udfff without its pair) in a string"));
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

  for (guint i = 0; i < frame->n_keys; i++)
    if (frame->keys[i].length == key->length &&
        memcmp (frame->keys[i].start, key->start, key->length) == 0)
      return FALSE;

  if (frame->n_keys < LINEAR_KEYS)
    {
      frame->keys[frame->n_keys++] = *key;
      return TRUE;
    }

  frame->key_set = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; i < frame->n_keys; i++)
    g_hash_table_add (frame->key_set, g_strndup (frame->keys[i].start, frame->keys[i].length));
  return g_hash_table_add (frame->key_set, g_strndup (key->start, key->length));
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
  frame->n_keys = 0;
  g_clear_pointer (&frame->key_set, g_hash_table_unref);
  scan->p++;
  return frame;
}

/* The end of the object or array being read: consumed, and its frame left. */
static gboolean
scan_closing (Scan *scan,
              char  closing)
{
  if (at_end (scan) || *scan->p != closing)
    return FALSE;
  scan->p++;
  scan->depth--;
  return TRUE;
}

static gboolean scan_value (Scan *scan);

static gboolean
scan_object (Scan *scan)
{
  Frame *frame = push (scan, TRUE);

  if (frame == NULL)
    return FALSE;

  skip_space (scan);
  if (scan_closing (scan, '}'))
    return TRUE;

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
      if (scan_closing (scan, '}'))
        return TRUE;
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
  if (scan_closing (scan, ']'))
    return TRUE;

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
      if (scan_closing (scan, ']'))
        return TRUE;
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

/* Checks what json-glib does not: UTF-8 text, the size (at most %GP_JSON_MAX_SIZE), the nesting (at
 * most %GP_JSON_MAX_DEPTH levels), one value in all, no NUL character, no key twice in one object,
 * numbers finite and at most %GP_JSON_MAX_NUMBER; and the syntax, so that json-glib parses
 * only what passed. */
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
    return fail (&scan, GP_JSON_ERROR_TOO_LARGE,
                 _("%lu bytes, more than the %d MiB a file may hold"), (gulong) length,
                 GP_JSON_MAX_SIZE / (1024 * 1024));
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

/* Building the tree. The text has passed gp_json_check(): it is valid JSON, one value, at most
 * GP_JSON_MAX_DEPTH deep, so the builder below needs no error paths and may recurse. It stands
 * in for json-glib's parser, which tokenises through GScanner, most of a large catalog's read. */

typedef struct
{
  const char         *p;
  GpJsonElementFunc   element_func;
  gpointer            element_data;
  GString            *buffer;
} Build;

static void
build_space (Build *b)
{
  while (*b->p == ' ' || *b->p == '\t' || *b->p == '\n' || *b->p == '\r')
    b->p++;
}

/* A string's text, unescaped, in b->buffer; b->p past the closing quote. */
static void
build_string (Build *b)
{
  b->p++;
  g_string_truncate (b->buffer, 0);
  for (;;)
    {
      const char *run = b->p;

      while (*b->p != '"' && *b->p != '\\')
        b->p++;
      g_string_append_len (b->buffer, run, b->p - run);
      if (*b->p == '"')
        break;

      b->p++;
      switch (*b->p)
        {
        case 'b': g_string_append_c (b->buffer, '\b'); b->p++; break;
        case 'f': g_string_append_c (b->buffer, '\f'); b->p++; break;
        case 'n': g_string_append_c (b->buffer, '\n'); b->p++; break;
        case 'r': g_string_append_c (b->buffer, '\r'); b->p++; break;
        case 't': g_string_append_c (b->buffer, '\t'); b->p++; break;
        case 'u':
          {
            gunichar c = hex4 (b->p + 1);

            b->p += 5;
            /* A surrogate pair is one character; a lone surrogate is none. */
            if (c >= 0xd800 && c < 0xdc00 && b->p[0] == '\\' && b->p[1] == 'u')
              {
                gunichar low = hex4 (b->p + 2);

                if (low >= 0xdc00 && low < 0xe000)
                  {
                    c = 0x10000 + ((c - 0xd800) << 10) + (low - 0xdc00);
                    b->p += 6;
                  }
              }
            if (c >= 0xd800 && c < 0xe000)
              c = 0xfffd;
            g_string_append_unichar (b->buffer, c);
          }
          break;
        default:
          g_string_append_c (b->buffer, *b->p);
          b->p++;
        }
    }
  b->p++;
}

static JsonNode *build_value (Build *b);

static JsonNode *
build_number (Build *b)
{
  const char *start = b->p;
  gboolean integer = TRUE;
  JsonNode *node = json_node_alloc ();
  double value;

  if (*b->p == '-')
    b->p++;
  while (g_ascii_isdigit (*b->p))
    b->p++;
  if (*b->p == '.' || *b->p == 'e' || *b->p == 'E')
    {
      integer = FALSE;
      /* (strchr finds the terminating NUL too: a number alone in a file ends there.) */
      while (g_ascii_isdigit (*b->p) || (*b->p != '\0' && strchr (".eE+-", *b->p) != NULL))
        b->p++;
    }

  /* Checked to be at most 1e15: a whole number fits in 64 bits. */
  if (integer)
    return json_node_init_int (node, g_ascii_strtoll (start, NULL, 10));
  if (gp_parse_short_decimal (start, b->p - start, &value))
    return json_node_init_double (node, value);
  return json_node_init_double (node, g_ascii_strtod (start, NULL));
}

static JsonNode *
build_object (Build *b)
{
  JsonObject *object = json_object_new ();
  JsonNode *node = json_node_init_object (json_node_alloc (), object);

  b->p++;
  build_space (b);
  while (*b->p != '}')
    {
      char short_key[64];
      g_autofree char *long_key = NULL;
      const char *key;

      /* The key, kept while the value reuses the buffer: on the stack when it is short. */
      build_string (b);
      if (b->buffer->len < sizeof short_key)
        key = memcpy (short_key, b->buffer->str, b->buffer->len + 1);
      else
        key = long_key = g_strndup (b->buffer->str, b->buffer->len);
      build_space (b);
      b->p++;  /* the colon */
      json_object_set_member (object, key, build_value (b));
      build_space (b);
      if (*b->p == ',')
        {
          b->p++;
          build_space (b);
        }
    }
  b->p++;
  json_object_unref (object);
  return node;
}

static JsonNode *
build_array (Build *b)
{
  JsonArray *array = json_array_new ();
  JsonNode *node = json_node_init_array (json_node_alloc (), array);
  guint index = 0;

  b->p++;
  build_space (b);
  while (*b->p != ']')
    {
      json_array_add_element (array, build_value (b));
      /* As json-glib's JsonParser::array-element: the element just added, which the caller may
       * read and remove so that a long array never stands whole. */
      if (b->element_func != NULL)
        b->element_func (array, index, b->element_data);
      index++;
      build_space (b);
      if (*b->p == ',')
        {
          b->p++;
          build_space (b);
        }
    }
  b->p++;
  json_array_unref (array);
  return node;
}

static JsonNode *
build_value (Build *b)
{
  build_space (b);
  switch (*b->p)
    {
    case '{':
      return build_object (b);
    case '[':
      return build_array (b);
    case '"':
      build_string (b);
      return json_node_init_string (json_node_alloc (), b->buffer->str);
    case 't':
      b->p += 4;
      return json_node_init_boolean (json_node_alloc (), TRUE);
    case 'f':
      b->p += 5;
      return json_node_init_boolean (json_node_alloc (), FALSE);
    case 'n':
      b->p += 4;
      return json_node_init_null (json_node_alloc ());
    default:
      return build_number (b);
    }
}

/* Checks @text with gp_json_check(), then builds its tree. */
JsonNode *
gp_json_parse (const char          *text,
               gsize                length,
               const char          *file,
               GpJsonElementFunc    element_func,
               gpointer             element_data,
               GError             **error)
{
  g_autofree char *terminated = NULL;
  g_autoptr(GString) buffer = NULL;
  const char *start = text;
  Build b;

  if (!gp_json_check (text, length, file, error))
    return NULL;

  /* Checked text is read only up to the root value's last character, except for a number,
   * whose end is where a non-digit follows: a number alone in a file is read from a
   * NUL-terminated copy (the check proved the text holds no NUL). Copying every file would
   * double the memory a large catalog takes. */
  while (g_ascii_isspace (*start))
    start++;
  if (*start == '-' || g_ascii_isdigit (*start))
    start = terminated = g_strndup (start, length - (start - text));

  buffer = g_string_sized_new (64);
  b = (Build) { start, element_func, element_data, buffer };
  return build_value (&b);
}

/* Checks @text with gp_json_check(), then parses it. */
JsonNode *
gp_json_read (const char  *text,
              gsize        length,
              const char  *file,
              GError     **error)
{
  return gp_json_parse (text, length, file, NULL, NULL, error);
}

JsonNode *
gp_json_read_bytes (GBytes      *bytes,
                    const char  *file,
                    GError     **error)
{
  gsize length;
  const char *text = g_bytes_get_data (bytes, &length);

  return gp_json_read (text != NULL ? text : "", length, file, error);
}
