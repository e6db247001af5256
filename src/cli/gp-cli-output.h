/* gp-cli-output.h — one set of rows printed as a table, as CSV or as JSON
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <stdio.h>

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  GP_CLI_FORMAT_TABLE,
  GP_CLI_FORMAT_CSV,
  GP_CLI_FORMAT_JSON,
} GpCliFormat;

/**
 * GpCliColumn:
 * @key: the JSON key and CSV header: an interface, never translated
 * @header: the table's header, translatable (N_()), or %NULL to leave the column out of tables
 * @digits: decimals for a number column, -1 for text, -2 for whole numbers,
 *   %GP_CLI_BOOLEAN for a yes-or-no column
 * @marker: for a yes-or-no column, what a table shows for yes (translatable, N_()); no is
 *   left blank
 */
typedef struct
{
  const char *key;
  const char *header;
  int         digits;
  const char *marker;
} GpCliColumn;

#define GP_CLI_BOOLEAN (-3)

typedef struct _GpCliOutput GpCliOutput;

gboolean     gp_cli_format_parse      (const char        *text,
                                       gboolean           allow_csv,
                                       GpCliFormat       *format);
GpCliOutput *gp_cli_output_new        (const GpCliColumn *columns,
                                       guint              n_columns);
void         gp_cli_output_add_row    (GpCliOutput       *output);
void         gp_cli_output_set_string (GpCliOutput       *output,
                                       guint              column,
                                       const char        *value);
void         gp_cli_output_set_number (GpCliOutput       *output,
                                       guint              column,
                                       double             value);
void         gp_cli_output_set_boolean (GpCliOutput      *output,
                                        guint             column,
                                        gboolean          value);
void         gp_cli_output_set_display (GpCliOutput      *output,
                                        guint             column,
                                        const char       *text);
void         gp_cli_output_set_strv   (GpCliOutput       *output,
                                       guint              column,
                                       const char *const *values);
char        *gp_cli_output_render     (GpCliOutput       *output,
                                       GpCliFormat        format);
void         gp_cli_output_stream     (GpCliOutput       *output,
                                       GpCliFormat        format,
                                       FILE              *stream);
void         gp_cli_output_finish     (GpCliOutput       *output,
                                       GpCliFormat        format,
                                       FILE              *stream);
char        *gp_cli_csv_field         (const char        *text,
                                       gboolean           is_text);
gboolean     gp_cli_output_shows_display (GpCliOutput    *output);
void         gp_cli_output_free       (GpCliOutput       *output);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GpCliOutput, gp_cli_output_free)

G_END_DECLS
