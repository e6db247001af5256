/* gp-text.c — what an id, a name and a note may hold
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Catalogs, imports, plans and forms come from anyone. Ids go into launch code and file
 * names, so they hold only what real ids use (letters, digits and . _ - : /); names and notes
 * go on screen and into reports, so they hold only printable text: no control character (an
 * escape sequence rewrites a terminal), no bidirectional override or other invisible format
 * character (they make text read otherwise than it is), valid UTF-8 (no lone surrogate).
 */

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <glib/gi18n-lib.h>

#include "gp-text.h"

static gboolean
is_id_character (gunichar c)
{
  return c < 0x80 && (g_ascii_isalnum (c) || strchr ("._-:/", (int) c) != NULL);
}

/* Shows as itself on one line: printable, and no format character (bidirectional controls,
 * zero-width ones) nor a line or paragraph separator (U+2028, U+2029), which GLib counts as
 * printable and which break a line of a table, a CSV or a script. */
static gboolean
is_name_character (gunichar c)
{
  GUnicodeType type = g_unichar_type (c);

  return g_unichar_isprint (c) && type != G_UNICODE_FORMAT && type != G_UNICODE_LINE_SEPARATOR &&
         type != G_UNICODE_PARAGRAPH_SEPARATOR;
}

static gboolean
is_allowed (gunichar   c,
            GpTextKind kind)
{
  switch (kind)
    {
    case GP_TEXT_ID:
      return is_id_character (c);

    case GP_TEXT_NOTE:
      return c == '\n' || c == '\t' || is_name_character (c);

    case GP_TEXT_NAME:
    default:
      return is_name_character (c);
    }
}

static guint
max_length (GpTextKind kind)
{
  return kind == GP_TEXT_ID     ? GP_TEXT_MAX_ID
         : kind == GP_TEXT_NAME ? GP_TEXT_MAX_NAME
                                : GP_TEXT_MAX_NOTE;
}

static char *
describe_character (gunichar c)
{
  if (g_unichar_iscntrl (c))
    /* Translators: a character a value may not hold, as its code */
    return g_strdup_printf (_("U+%04X, a control character"), c);
  if (g_unichar_type (c) == G_UNICODE_FORMAT)
    return g_strdup_printf (_("U+%04X, an invisible character that can reorder or hide text"), c);
  if (g_unichar_type (c) == G_UNICODE_LINE_SEPARATOR ||
      g_unichar_type (c) == G_UNICODE_PARAGRAPH_SEPARATOR)
    /* Translators: a character a name may not hold, as its code */
    return g_strdup_printf (_("U+%04X, a line or paragraph separator"), c);
  if (g_unichar_isprint (c))
    {
      char utf8[7] = { 0 };

      g_unichar_to_utf8 (c, utf8);
      /* Translators: a character a value may not hold, "“ ” (U+0020)" */
      return g_strdup_printf (_("“%s” (U+%04X)"), utf8, c);
    }
  return g_strdup_printf ("U+%04X", c);
}

/* g_utf8_validate_len(), with a price file's plain ASCII passed over eight bytes at a time:
 * validating a SkyPilot file a byte at a time was a twentieth of its import. */
gboolean
gp_text_is_utf8 (const char *text,
                 gsize       length)
{
  const guint64 high_bits = G_GUINT64_CONSTANT (0x8080808080808080);
  const guint64 low_bits = G_GUINT64_CONSTANT (0x0101010101010101);
  gsize ascii = 0;

  /* A word with no byte at or above 0x80, and none of 0 (the borrow of the subtraction
   * reaches a high bit only through a zero byte), is plain ASCII; the word that is not is left
   * to GLib, with the rest. */
  for (; ascii + sizeof (guint64) <= length; ascii += sizeof (guint64))
    {
      guint64 word;

      memcpy (&word, text + ascii, sizeof word);
      if ((word & high_bits) != 0 || ((word - low_bits) & ~word & high_bits) != 0)
        break;
    }
  return g_utf8_validate_len (text + ascii, length - ascii, NULL);
}

/* Most values are short and plain ASCII (ids, prices' units, instance names): checked in one
 * pass over the bytes, without decoding. Anything else, or anything refused, goes the whole
 * way, which says why. */
static gboolean
is_plain_ascii_allowed (const char *text,
                        gsize       size,
                        GpTextKind  kind)
{
  if (size > max_length (kind))
    return FALSE;
  for (gsize i = 0; i < size; i++)
    {
      guchar c = (guchar) text[i];

      if (c == 0 || c >= 0x80 || !is_allowed (c, kind))
        return FALSE;
    }
  return TRUE;
}

gboolean
gp_text_check (const char  *text,
               gssize       length,
               GpTextKind   kind,
               char       **problem)
{
  const char *end = NULL;
  gsize size;

  g_return_val_if_fail (text != NULL, FALSE);

  size = length < 0 ? strlen (text) : (gsize) length;
  if (is_plain_ascii_allowed (text, size, kind))
    return TRUE;
  if (!g_utf8_validate_len (text, size, &end))
    {
      if (problem != NULL)
        *problem = g_strdup_printf (_("not valid UTF-8 text at byte %u (a lone surrogate "
                                       "such as \\ud800, or bytes of another encoding)"),
                                    (guint) (end - text));
      return FALSE;
    }
  if (g_utf8_strlen (text, size) > max_length (kind))
    {
      if (problem != NULL)
        *problem = g_strdup_printf (_("longer than %u characters"), max_length (kind));
      return FALSE;
    }

  for (const char *p = text; p < text + size; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      g_autofree char *which = NULL;

      if (is_allowed (c, kind))
        continue;
      if (problem == NULL)
        return FALSE;
      which = describe_character (c);
      if (kind == GP_TEXT_ID)
        /* Translators: why an id is refused; the character, then the rule */
        *problem =
            g_strdup_printf (_("holds %s; an id holds only letters, digits and . _ - : /"), which);
      else
        /* Translators: why a name or a note is refused */
        *problem = g_strdup_printf (_("holds %s; text holds only printable characters"), which);
      return FALSE;
    }
  return TRUE;
}

char *
gp_text_make_plain (const char *text,
                    GpTextKind  kind)
{
  g_autofree char *valid = g_utf8_make_valid (text, -1);
  GString *out = g_string_sized_new (strlen (valid));

  for (const char *p = valid; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (is_allowed (c, kind == GP_TEXT_ID ? GP_TEXT_NAME : kind))
        g_string_append_unichar (out, c);
      else if (c == '\n' || c == '\t' || c == '\r')
        g_string_append_c (out, ' ');
    }
  return g_string_free (out, FALSE);
}

/* A plain decimal number: digits, one point, an exponent; a leading sign; no hexadecimal, no
 * "inf" or "nan", which g_ascii_strtod() would all accept. */
static gboolean
is_decimal (const char *text)
{
  const char *p = text;
  gboolean digits = FALSE;

  if (*p == '-' || *p == '+')
    p++;
  for (; g_ascii_isdigit (*p); p++)
    digits = TRUE;
  if (*p == '.')
    for (p++; g_ascii_isdigit (*p); p++)
      digits = TRUE;
  if (!digits)
    return FALSE;
  if (*p == 'e' || *p == 'E')
    {
      p++;
      if (*p == '-' || *p == '+')
        p++;
      if (!g_ascii_isdigit (*p))
        return FALSE;
      while (g_ascii_isdigit (*p))
        p++;
    }
  return *p == '\0';
}

/* "12.345", "-0.5": up to 15 digits and no exponent, the way nearly every price is written,
 * read without strtod(). Such a number is a whole number under 2^53 divided by a power of ten
 * up to 10^22, both exact as doubles, and the division rounds correctly: the value is the one
 * strtod() gives (Clinger's fast path). NULL for anything else, which strtod() reads; else
 * where the number ends. */
static const char *
parse_short_decimal_prefix (const char *text,
                            double     *value)
{
  static const double powers[] = { 1e0, 1e1, 1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                   1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15 };
  const char *p = text;
  gboolean negative = *p == '-';
  guint64 whole = 0;
  guint digits = 0, decimals = 0;

  if (*p == '-' || *p == '+')
    p++;
  for (; g_ascii_isdigit (*p); p++, digits++)
    whole = whole * 10 + (guint64) (*p - '0');
  if (*p == '.')
    for (p++; g_ascii_isdigit (*p); p++, digits++, decimals++)
      whole = whole * 10 + (guint64) (*p - '0');
  if (digits == 0 || digits > 15 || *p == 'e' || *p == 'E')
    return NULL;

  *value = (double) whole / powers[decimals];
  if (negative)
    *value = -*value;
  return p;
}

static gboolean
parse_short_decimal (const char *text,
                     double     *value)
{
  const char *end = parse_short_decimal_prefix (text, value);

  return end != NULL && *end == '\0';
}

/* Reads a number of at most 15 digits without an exponent, as strtod() would, only faster;
 * the JSON reader's numbers are mostly prices. */
gboolean
gp_parse_short_decimal (const char *text,
                        gsize       length,
                        double     *value)
{
  return parse_short_decimal_prefix (text, value) == text + length;
}

/* Reads a number as people write one in a form or a file: decimal digits with a point and an
 * exponent, finite. Refuses what C would also take: hexadecimal ("0x10"), "inf", "nan", and a
 * figure too large to hold ("1e999"). */
gboolean
gp_parse_decimal (const char *text,
                  double     *value)
{
  double parsed;

  if (text == NULL || !is_decimal (text))
    return FALSE;
  if (parse_short_decimal (text, value))
    return TRUE;
  parsed = g_ascii_strtod (text, NULL);
  if (!isfinite (parsed))
    return FALSE;
  *value = parsed;
  return TRUE;
}

/* How many single-letter edits make @a into @b. */
static guint
edit_distance (const char *a,
               const char *b)
{
  gsize n = strlen (b);
  g_autofree guint *row = g_new (guint, n + 1);

  for (gsize j = 0; j <= n; j++)
    row[j] = j;
  for (gsize i = 1; a[i - 1] != '\0'; i++)
    {
      guint diagonal = row[0];

      row[0] = i;
      for (gsize j = 1; j <= n; j++)
        {
          guint above = row[j];

          row[j] =
              MIN (MIN (row[j] + 1, row[j - 1] + 1), diagonal + (a[i - 1] == b[j - 1] ? 0 : 1));
          diagonal = above;
        }
    }
  return row[n];
}

/* How far @word is from @candidate: an id typed short ("h100-sxm5" for "h100-sxm5-80gb") is
 * nearer than any misspelt one, the shortest first; otherwise the single-letter edits. */
static guint
distance (const char *word,
          const char *candidate)
{
  if (g_str_has_prefix (candidate, word))
    return strlen (candidate) - strlen (word);
  return G_MAXUINT / 2 + edit_distance (word, candidate);
}

/* The one of @known that @word most likely meant: the shortest that @word begins, or the
 * fewest single-letter edits away. A typo is answered with what it meant. */
const char *
gp_text_nearest (const char         *word,
                 const char * const *known)
{
  const char *nearest;
  guint nearest_distance;

  g_return_val_if_fail (word != NULL, NULL);
  g_return_val_if_fail (known != NULL && known[0] != NULL, NULL);

  nearest = known[0];
  nearest_distance = distance (word, nearest);
  for (guint i = 1; known[i] != NULL; i++)
    {
      guint d = distance (word, known[i]);

      if (d < nearest_distance)
        {
          nearest = known[i];
          nearest_distance = d;
        }
    }
  return nearest;
}

/* The parts of YYYY, YYYY-MM or YYYY-MM-DD (@length long, its digits checked): the missing
 * ones are the first month and day. */
static void
first_day (const char *text,
           gsize       length,
           guint      *year,
           guint      *month,
           guint      *day)
{
  *year = atoi (text);
  *month = length >= 7 ? (guint) atoi (text + 5) : 1;
  *day = length == 10 ? (guint) atoi (text + 8) : 1;
}

gboolean
gp_date_is_valid (const char *text,
                  gboolean    partial)
{
  static const char pattern[] = "dddd-dd-dd";
  gsize length = text != NULL ? strlen (text) : 0;
  guint year, month, day;

  if (length != 10 && !(partial && (length == 4 || length == 7)))
    return FALSE;
  for (gsize i = 0; i < length; i++)
    if (pattern[i] == 'd' ? !g_ascii_isdigit (text[i]) : text[i] != '-')
      return FALSE;
  first_day (text, length, &year, &month, &day);
  return year >= 1 && g_date_valid_dmy (day, month, year);
}

/* A figure cannot be dated after the day it is read: a source dated 9999-12-31 was never
 * stale. A year or a month still running is not after today: it is judged by its first day. */
gboolean
gp_date_is_after_today (const char *text)
{
  time_t now = time (NULL);
  struct tm today;
  gsize length = text != NULL ? strlen (text) : 0;
  guint year, month, day;

  if ((length != 4 && length != 7 && length != 10) || localtime_r (&now, &today) == NULL)
    return FALSE;
  first_day (text, length, &year, &month, &day);
  if (year != (guint) today.tm_year + 1900)
    return year > (guint) today.tm_year + 1900;
  if (month != (guint) today.tm_mon + 1)
    return month > (guint) today.tm_mon + 1;
  return day > (guint) today.tm_mday;
}

guint
gp_search_new_stamp (void)
{
  static guint last = 0;
  guint stamp;

  do
    stamp = (guint) g_atomic_int_add (&last, 1) + 1;
  while (stamp == 0);
  return stamp;
}

guint32
gp_search_memo_find (GpSearchMemo       *memo,
                     guint               stamp,
                     const char         *key,
                     const char * const *words)
{
  if (memo->stamp != stamp)
    {
      guint32 found = 0;

      for (guint i = 0; i < GP_SEARCH_MAX_WORDS && words[i] != NULL; i++)
        if (strstr (key, words[i]) != NULL)
          found |= 1u << i;
      memo->found = found;
      memo->stamp = stamp;
    }
  return memo->found;
}
