/* gp-csv.c — cells for spreadsheets and Markdown tables
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "gp-csv.h"

/* A spreadsheet runs a cell that begins with one of these as a formula (and a tab or a carriage
 * return can hide one); catalog text comes from files anyone can write. */
static gboolean
needs_neutralising (const char *text)
{
  return text[0] != '\0' && strchr ("=+-@\t\r", text[0]) != NULL;
}

/* Makes a cell that a spreadsheet would run as a formula plain text, as OWASP advises: a
 * leading apostrophe, which spreadsheets show as nothing. */
char *
gp_csv_neutralise (const char *text)
{
  g_return_val_if_fail (text != NULL, NULL);

  if (needs_neutralising (text))
    return g_strconcat ("'", text, NULL);

  return g_strdup (text);
}

/* Appends a cell quoted as RFC 4180 asks: a field with a comma, a quote or a line break is
 * enclosed in quotes, and quotes inside are doubled. */
void
gp_csv_append_field (GString    *out,
                     const char *text,
                     GpCsvFlags  flags)
{
  g_autofree char *neutral = NULL;

  g_return_if_fail (out != NULL);
  g_return_if_fail (text != NULL);

  if ((flags & GP_CSV_NEUTRALISE) && needs_neutralising (text))
    text = neutral = gp_csv_neutralise (text);

  if (strpbrk (text, ",\"\r\n") == NULL)
    {
      g_string_append (out, text);
      return;
    }

  g_string_append_c (out, '"');
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '"')
        g_string_append_c (out, '"');
      g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

/* Appends a table cell: neutralised as for a spreadsheet (tables are pasted into them), pipes
 * escaped and line breaks made spaces, so the cell cannot break its row. */
void
gp_markdown_append_cell (GString    *out,
                         const char *text)
{
  g_autofree char *neutral = NULL;

  g_return_if_fail (out != NULL);
  g_return_if_fail (text != NULL);

  neutral = gp_csv_neutralise (text);
  for (const char *p = neutral; *p != '\0'; p++)
    {
      if (*p == '|' || *p == '\\')
        g_string_append_c (out, '\\');
      if (*p == '\n' || *p == '\r')
        g_string_append_c (out, ' ');
      else
        g_string_append_c (out, *p);
    }
}

char *
gp_markdown_dup_fence (const char *code)
{
  gsize longest = 0, run = 0;

  g_return_val_if_fail (code != NULL, NULL);

  for (const char *p = code; *p != '\0'; p++)
    {
      run = *p == '`' ? run + 1 : 0;
      longest = MAX (longest, run);
    }
  return g_strnfill (MAX (longest + 1, 3), '`');
}

/* Whether the character at @p of @text could be read as markup: always for the characters
 * that make code, HTML, headings, tables and emphasis; "]" where it would close a link ("](",
 * "][", "]:"), so that "[cost]" stays as it is; "_" only at a word's edge, where it starts or
 * ends emphasis (MY_BUCKET stays as it is); "." or ")" after leading digits, which would start
 * a numbered list. */
static gboolean
is_markup (const char *text,
           const char *p,
           gboolean    starts_block)
{
  if (strchr ("\\`*<>#|~", *p) != NULL)
    return TRUE;
  if (*p == ']')
    return p[1] == '(' || p[1] == '[' || p[1] == ':';
  if (*p == '_')
    return p == text || !g_ascii_isalnum (p[-1]) || !g_ascii_isalnum (p[1]);
  if ((*p == '.' || *p == ')') && starts_block)
    {
      const char *q = text;

      while (q < p && g_ascii_isdigit (*q))
        q++;
      return q == p && p > text;
    }
  return FALSE;
}

static void append_escaped (GString *out, const char *text, gboolean starts_block);

/* Appends text that stays text: line breaks become spaces, every character Markdown could
 * read as markup is escaped with a backslash (pipes included, so it can be a table's cell),
 * and a leading character a spreadsheet runs is neutralised, so that a name cannot start a
 * heading, a table, a list or a code block, nor a formula once pasted. */
void
gp_markdown_append_text (GString    *out,
                         const char *text)
{
  append_escaped (out, text, TRUE);
}

/* gp_markdown_append_text() for a heading, where "1." starts no list and stays as it is. */
void
gp_markdown_append_heading (GString    *out,
                            const char *text)
{
  append_escaped (out, text, FALSE);
}

static void
append_escaped (GString    *out,
                const char *text,
                gboolean    starts_block)
{
  g_autofree char *neutral = NULL;

  g_return_if_fail (out != NULL);
  g_return_if_fail (text != NULL);

  neutral = gp_csv_neutralise (text);
  for (const char *p = neutral; *p != '\0'; p++)
    {
      /* The characters is_markup() never takes for markup, appended a run at a time. */
      gsize plain = strcspn (p, "\\`*<>#|~]_.)\n\r");

      g_string_append_len (out, p, plain);
      p += plain;
      if (*p == '\0')
        break;
      if (*p == '\n' || *p == '\r')
        g_string_append_c (out, ' ');
      else
        {
          if (is_markup (neutral, p, starts_block))
            g_string_append_c (out, '\\');
          g_string_append_c (out, *p);
        }
    }
}

char *
gp_markdown_unescape (const char *text)
{
  GString *out = g_string_sized_new (strlen (text));

  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '\\' && p[1] != '\0' && g_ascii_ispunct (p[1]))
        p++;
      g_string_append_c (out, *p);
    }
  return g_string_free (out, FALSE);
}
