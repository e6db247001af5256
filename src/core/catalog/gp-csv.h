/* gp-csv.h — cells for spreadsheets and Markdown tables
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * GpCsvFlags:
 * @GP_CSV_NONE: the text as it is
 * @GP_CSV_NEUTRALISE: a cell a spreadsheet would run as a formula is made plain text
 */
typedef enum
{
  GP_CSV_NONE = 0,
  GP_CSV_NEUTRALISE = 1 << 0,
} GpCsvFlags;

void  gp_csv_append_field        (GString    *out,
                                  const char *text,
                                  GpCsvFlags  flags);
char *gp_csv_neutralise          (const char *text);
void  gp_markdown_append_cell    (GString    *out,
                                  const char *text);
void  gp_markdown_append_text    (GString    *out,
                                  const char *text);
void  gp_markdown_append_heading (GString    *out,
                                  const char *text);
char *gp_markdown_dup_fence      (const char *code);
char *gp_markdown_unescape       (const char *text);

G_END_DECLS
