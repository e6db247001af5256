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

/**
 * gp_csv_neutralise:
 * @text: a cell
 *
 * Makes a cell that a spreadsheet would run as a formula plain text, as OWASP advises: a
 * leading apostrophe, which spreadsheets show as nothing.
 *
 * Returns: (transfer full): the cell, changed only when it had to be
 */
char *
gp_csv_neutralise (const char *text)
{
  g_return_val_if_fail (text != NULL, NULL);

  if (needs_neutralising (text))
    return g_strconcat ("'", text, NULL);

  return g_strdup (text);
}

/**
 * gp_csv_append_field:
 * @out: the line being written
 * @text: a cell
 * @flags: whether to neutralise formulas
 *
 * Appends a cell quoted as RFC 4180 asks: a field with a comma, a quote or a line break is
 * enclosed in quotes, and quotes inside are doubled.
 */
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

/**
 * gp_markdown_append_cell:
 * @out: the row being written
 * @text: a cell
 *
 * Appends a table cell: neutralised as for a spreadsheet (tables are pasted into them), pipes
 * escaped and line breaks made spaces, so the cell cannot break its row.
 */
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
