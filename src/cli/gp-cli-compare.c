/* gp-cli-compare.c — the Compare page's table from the shell
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "gp-cli.h"
#include "gp-cli-common.h"
#include "gp-cli-compare.h"
#include "gp-json-writer.h"
#include "gp-comparison.h"

/* Wide enough for a price range or a GPU name; longer text wraps. */
#define CELL_WIDTH 28

/* Columns a character takes in a terminal: two for CJK. */
static guint
text_width (const char *text,
            const char *end)
{
  guint width = 0;

  for (const char *p = text; p < end && *p != '\0'; p = g_utf8_next_char (p))
    width += g_unichar_iswide (g_utf8_get_char (p)) ? 2 : 1;

  return width;
}

/* Splits a cell into lines of at most @width columns, breaking at spaces where it can. */
static GPtrArray *
wrap_cell (const char *text,
           guint       width)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) paragraphs = g_strsplit (text, "\n", -1);

  for (guint i = 0; paragraphs[i] != NULL; i++)
    {
      const char *start = paragraphs[i];

      do
        {
          const char *p = start, *space = NULL;
          guint used = 0;

          while (*p != '\0')
            {
              guint w = g_unichar_iswide (g_utf8_get_char (p)) ? 2 : 1;

              if (used + w > width)
                break;
              if (*p == ' ')
                space = p;
              used += w;
              p = g_utf8_next_char (p);
            }
          if (*p != '\0' && space != NULL && space > start)
            p = space;
          g_ptr_array_add (lines, g_strndup (start, p - start));
          start = *p == ' ' ? p + 1 : p;
        }
      while (*start != '\0');
    }

  return lines;
}

static void
append_padded (GString    *out,
               const char *text,
               guint       width)
{
  guint used = text_width (text, text + strlen (text));

  g_string_append (out, text);
  for (guint i = used; i < width; i++)
    g_string_append_c (out, ' ');
}

/* One table row, its cells wrapped side by side. */
static void
append_line (GString     *out,
             const char **cells,
             guint        n_cells,
             const guint *widths)
{
  g_autoptr(GPtrArray) wrapped =
      g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  guint height = 1;

  for (guint c = 0; c < n_cells; c++)
    {
      GPtrArray *lines = wrap_cell (cells[c], widths[c]);

      height = MAX (height, lines->len);
      g_ptr_array_add (wrapped, lines);
    }

  for (guint l = 0; l < height; l++)
    {
      g_autoptr(GString) line = g_string_new (NULL);

      for (guint c = 0; c < n_cells; c++)
        {
          GPtrArray *lines = g_ptr_array_index (wrapped, c);

          if (c > 0)
            g_string_append (line, "  ");
          append_padded (line, l < lines->len ? g_ptr_array_index (lines, l) : "", widths[c]);
        }
      while (line->len > 0 && line->str[line->len - 1] == ' ')
        g_string_truncate (line, line->len - 1);
      g_string_append_printf (out, "%s\n", line->str);
    }
}

static guint
widest (const char *text)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  guint width = 0;

  for (guint i = 0; lines[i] != NULL; i++)
    width = MAX (width, text_width (lines[i], lines[i] + strlen (lines[i])));

  return width;
}

/* For a terminal: the row labels, then a column per item; the best cells carry a star. */
static char *
render_table (GpComparisonTable *table,
              gboolean           only_differences)
{
  guint n_cells = table->columns->len + 1;
  g_autofree guint *widths = g_new0 (guint, n_cells);
  g_autofree const char **cells = g_new0 (const char *, n_cells);
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  GString *out = g_string_new (NULL);
  int group = -1;

  widths[0] = CELL_WIDTH;
  for (guint c = 1; c < n_cells; c++)
    {
      GpComparisonColumn *column = g_ptr_array_index (table->columns, c - 1);

      widths[c] = MIN (CELL_WIDTH, MAX (widest (column->title), widest (column->subtitle)));
    }
  for (guint r = 0; r < table->rows->len; r++)
    {
      GpComparisonRow *row = g_ptr_array_index (table->rows, r);

      for (guint c = 1; c < n_cells; c++)
        widths[c] =
            MIN (CELL_WIDTH,
                 MAX (widths[c], widest (gp_comparison_row_get_cell (row, c - 1)->text) + 1));
    }

  cells[0] = "";
  for (guint c = 1; c < n_cells; c++)
    cells[c] = ((GpComparisonColumn *) g_ptr_array_index (table->columns, c - 1))->title;
  append_line (out, cells, n_cells, widths);
  for (guint c = 1; c < n_cells; c++)
    cells[c] = ((GpComparisonColumn *) g_ptr_array_index (table->columns, c - 1))->subtitle;
  append_line (out, cells, n_cells, widths);

  for (guint r = 0; r < table->rows->len; r++)
    {
      GpComparisonRow *row = g_ptr_array_index (table->rows, r);

      if (only_differences && !row->differs)
        continue;
      if ((int) row->group != group)
        {
          group = row->group;
          g_string_append_printf (out, "\n%s\n", gp_comparison_group_get_title (row->group));
        }

      cells[0] = row->label;
      for (guint c = 1; c < n_cells; c++)
        {
          GpComparisonCell *cell = gp_comparison_row_get_cell (row, c - 1);
          char *text = g_strconcat (cell->text, cell->best ? " *" : "", NULL);

          g_ptr_array_add (texts, text);
          cells[c] = text;
        }
      append_line (out, cells, n_cells, widths);
    }

  g_string_append_printf (out, "\n%s\n",
                          _("*: the best of the row (lowest price, most memory, fastest, newest "
                            "figures). —: not in the catalog."));
  return g_string_free (out, FALSE);
}

int
gp_cli_compare (int    argc,
                char **argv)
{
  g_auto(GpCliCommonOptions) options = { NULL };
  g_autoptr(GOptionContext) context = g_option_context_new (_("ID ID…"));
  g_autoptr(GpCatalog) catalog = NULL;
  g_autoptr(GpComparison) comparison = NULL;
  g_autoptr(GpComparisonTable) table = NULL;
  g_autofree char *format = NULL;
  g_autofree char *output = NULL;
  gboolean only_differences = FALSE;
  GpComparisonMode first_mode = GP_COMPARISON_PROVIDERS;
  int exit_code = GP_CLI_EXIT_OK;
  const GOptionEntry entries[] = {
    { "format", 0, 0, G_OPTION_ARG_STRING, &format,
      N_("Output format: table, csv, markdown or json"), N_("FORMAT") },
    { "only-differences", 0, 0, G_OPTION_ARG_NONE, &only_differences,
      N_("Leave out the rows where every item is the same"), NULL },
    { NULL }
  };

  g_option_context_set_summary (context,
                                _("Put two to six providers, or two to six instances, side by "
                                  "side. An instance is INSTANCE@REGION, or INSTANCE for its "
                                  "cheapest region."));
  gp_cli_add_main_entries (context, entries);
  gp_cli_add_catalog_entry (context, &options);
  if (!gp_cli_parse_options (context, &argc, &argv, &exit_code))
    return exit_code;
  if (format != NULL &&
      !g_strv_contains ((const char *[]) { "table", "csv", "markdown", "json", NULL }, format))
    return gp_cli_usage_error (context, _("--format must be table, csv, markdown or json"));
  if (argc - 1 < 2 || argc - 1 > GP_COMPARISON_MAX_ITEMS)
    return gp_cli_usage_error (context, _("compare takes two to six ids"));

  if ((catalog = gp_cli_open_catalog (&options, &exit_code)) == NULL)
    return exit_code;

  comparison = gp_comparison_new (catalog);
  gp_comparison_set_mode (comparison, GP_COMPARISON_INSTANCES);
  gp_comparison_clear (comparison);
  gp_comparison_set_mode (comparison, GP_COMPARISON_PROVIDERS);
  gp_comparison_clear (comparison);

  for (int i = 1; i < argc; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *id = NULL;
      GpComparisonMode mode;

      if ((id = gp_comparison_resolve_id (comparison, argv[i], &mode, &error)) == NULL ||
          (i > 1 && mode != first_mode) ||
          !gp_comparison_add (comparison, id, &error))
        {
          fprintf (stderr, "gpu-planner-cli: %s\n",
                   error != NULL ? error->message
                                 : _("compare takes providers or instances, not both"));
          return GP_CLI_EXIT_BAD_INPUT;
        }
      first_mode = mode;
    }

  table = gp_comparison_build (comparison);
  if (g_strcmp0 (format, "csv") == 0)
    output = gp_comparison_table_to_csv (table, only_differences);
  else if (g_strcmp0 (format, "markdown") == 0)
    output = gp_comparison_table_to_markdown (table, only_differences);
  else if (g_strcmp0 (format, "json") == 0)
    {
      g_autoptr(JsonNode) node = gp_comparison_table_to_json (table);

      output = gp_json_to_string (node, TRUE);
    }
  else
    output = render_table (table, only_differences);

  fputs (output, stdout);
  return GP_CLI_EXIT_OK;
}
