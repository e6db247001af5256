/* gp-comparison-export.c — a comparison table as CSV, Markdown and JSON
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The exports write the table gp_comparison_build() made, cell by cell as the page shows it:
 * what a spreadsheet, a wiki or a script gets is what the Compare page says.
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "gp-comparison.h"
#include "gp-csv.h"

static gboolean
row_shown (GpComparisonRow *row,
           gboolean         only_differences)
{
  return !only_differences || row->differs;
}

/* The table for a spreadsheet, RFC 4180: a header of the columns' titles, then a line per
 * row with its group, its label (with the unit) and the cells as shown, and a last one naming
 * the rate the prices were converted at, when they were. Cells a spreadsheet
 * would run as formulas are neutralised. */
char *
gp_comparison_table_to_csv (GpComparisonTable *table,
                            gboolean           only_differences)
{
  g_autoptr(GString) out = g_string_new (NULL);

  g_return_val_if_fail (table != NULL, NULL);

  gp_csv_append_field (out, _("Group"), GP_CSV_NEUTRALISE);
  g_string_append_c (out, ',');
  gp_csv_append_field (out, _("Row"), GP_CSV_NEUTRALISE);
  for (guint c = 0; c < table->columns->len; c++)
    {
      GpComparisonColumn *column = g_ptr_array_index (table->columns, c);
      g_autofree char *title = g_strdup_printf (_("%s (%s)"), column->title, column->subtitle);

      g_string_append_c (out, ',');
      gp_csv_append_field (out, title, GP_CSV_NEUTRALISE);
    }
  g_string_append (out, "\r\n");

  for (guint r = 0; r < table->rows->len; r++)
    {
      GpComparisonRow *row = g_ptr_array_index (table->rows, r);

      if (!row_shown (row, only_differences))
        continue;

      gp_csv_append_field (out, gp_comparison_group_get_title (row->group), GP_CSV_NEUTRALISE);
      g_string_append_c (out, ',');
      gp_csv_append_field (out, row->label, GP_CSV_NEUTRALISE);
      for (guint c = 0; c < row->cells->len; c++)
        {
          g_string_append_c (out, ',');
          gp_csv_append_field (out, gp_comparison_row_get_cell (row, c)->text, GP_CSV_NEUTRALISE);
        }
      g_string_append (out, "\r\n");
    }
  /* The rate the prices were converted at, its origin and date, in a row of its own. */
  if (table->prices_note != NULL)
    {
      g_string_append_c (out, ',');
      gp_csv_append_field (out, table->prices_note, GP_CSV_NEUTRALISE);
      for (guint c = 0; c < table->columns->len; c++)
        g_string_append_c (out, ',');
      g_string_append (out, "\r\n");
    }

  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* The table in Markdown: a header of the columns, a bold line for each group, the winning
 * cells in bold, and the highlighting rules and currency below it, with the rate the prices
 * were converted at. Cells are neutralised as
 * for a spreadsheet and cannot break their row. */
char *
gp_comparison_table_to_markdown (GpComparisonTable *table,
                                 gboolean           only_differences)
{
  g_autoptr(GString) out = g_string_new ("| ");
  int group = -1;

  g_return_val_if_fail (table != NULL, NULL);

  for (guint c = 0; c < table->columns->len; c++)
    {
      GpComparisonColumn *column = g_ptr_array_index (table->columns, c);
      g_autofree char *title = g_strdup_printf (_("%s (%s)"), column->title, column->subtitle);

      g_string_append (out, " | ");
      gp_markdown_append_cell (out, title);
    }
  g_string_append (out, " |\n|---|");
  for (guint c = 0; c < table->columns->len; c++)
    g_string_append (out, "---|");
  g_string_append_c (out, '\n');

  for (guint r = 0; r < table->rows->len; r++)
    {
      GpComparisonRow *row = g_ptr_array_index (table->rows, r);

      if (!row_shown (row, only_differences))
        continue;

      if ((int) row->group != group)
        {
          group = row->group;
          g_string_append (out, "| **");
          gp_markdown_append_cell (out, gp_comparison_group_get_title (row->group));
          g_string_append (out, "** |");
          for (guint c = 0; c < table->columns->len; c++)
            g_string_append (out, " |");
          g_string_append_c (out, '\n');
        }

      g_string_append (out, "| ");
      gp_markdown_append_cell (out, row->label);
      for (guint c = 0; c < row->cells->len; c++)
        {
          GpComparisonCell *cell = gp_comparison_row_get_cell (row, c);

          g_string_append (out, " | ");
          if (cell->best)
            g_string_append (out, "**");
          gp_markdown_append_cell (out, cell->text);
          if (cell->best)
            g_string_append (out, "**");
        }
      g_string_append (out, " |\n");
    }

  g_string_append_printf (out, "\n%s\n",
                          _("Bold: the best of the row (lowest price, most memory, fastest, "
                            "newest figures). “—”: the figure is not in the catalog."));
  if (table->prices_note != NULL)
    {
      g_string_append_c (out, '\n');
      gp_markdown_append_cell (out, table->prices_note);
      g_string_append (out, ".\n");
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* The table as JSON, an interface: `{"mode", "currency", "columns": [{id, title, subtitle,
 * missing}], "rows": [{key, group, label, values, text, best, stale, rule, differs}]}`; a value
 * is a number, a string or null when unknown, `best` lists the winning columns' indices and
 * `stale` the columns whose figure is older than the catalog's limit
 * (gp_catalog_get_stale_after_days()). */
JsonNode *
gp_comparison_table_to_json (GpComparisonTable *table)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  g_return_val_if_fail (table != NULL, NULL);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "mode");
  json_builder_add_string_value (builder, gp_comparison_mode_to_string (table->mode));
  json_builder_set_member_name (builder, "currency");
  json_builder_add_string_value (builder, table->currency);

  json_builder_set_member_name (builder, "columns");
  json_builder_begin_array (builder);
  for (guint c = 0; c < table->columns->len; c++)
    {
      GpComparisonColumn *column = g_ptr_array_index (table->columns, c);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "id");
      json_builder_add_string_value (builder, column->id);
      json_builder_set_member_name (builder, "title");
      json_builder_add_string_value (builder, column->title);
      json_builder_set_member_name (builder, "subtitle");
      json_builder_add_string_value (builder, column->subtitle);
      json_builder_set_member_name (builder, "missing");
      json_builder_add_boolean_value (builder, column->missing);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "rows");
  json_builder_begin_array (builder);
  for (guint r = 0; r < table->rows->len; r++)
    {
      GpComparisonRow *row = g_ptr_array_index (table->rows, r);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "key");
      json_builder_add_string_value (builder, row->key);
      json_builder_set_member_name (builder, "group");
      json_builder_add_string_value (builder, gp_comparison_group_to_string (row->group));
      json_builder_set_member_name (builder, "label");
      json_builder_add_string_value (builder, row->label);

      json_builder_set_member_name (builder, "values");
      json_builder_begin_array (builder);
      for (guint c = 0; c < row->cells->len; c++)
        {
          GpComparisonCell *cell = gp_comparison_row_get_cell (row, c);

          if (!cell->known)
            json_builder_add_null_value (builder);
          else if (row->kind == GP_COMPARISON_VALUE_NUMBER && !isnan (cell->value))
            json_builder_add_double_value (builder, cell->value);
          else if (row->kind == GP_COMPARISON_VALUE_YES_NO)
            json_builder_add_boolean_value (builder, cell->value > 0);
          else
            json_builder_add_string_value (builder, cell->text);
        }
      json_builder_end_array (builder);

      json_builder_set_member_name (builder, "text");
      json_builder_begin_array (builder);
      for (guint c = 0; c < row->cells->len; c++)
        json_builder_add_string_value (builder, gp_comparison_row_get_cell (row, c)->text);
      json_builder_end_array (builder);

      json_builder_set_member_name (builder, "best");
      json_builder_begin_array (builder);
      for (guint c = 0; c < row->cells->len; c++)
        if (gp_comparison_row_get_cell (row, c)->best)
          json_builder_add_int_value (builder, c);
      json_builder_end_array (builder);

      json_builder_set_member_name (builder, "stale");
      json_builder_begin_array (builder);
      for (guint c = 0; c < row->cells->len; c++)
        if (gp_comparison_row_get_cell (row, c)->stale)
          json_builder_add_int_value (builder, c);
      json_builder_end_array (builder);

      json_builder_set_member_name (builder, "rule");
      if (row->rule != NULL)
        json_builder_add_string_value (builder, row->rule);
      else
        json_builder_add_null_value (builder);
      json_builder_set_member_name (builder, "differs");
      json_builder_add_boolean_value (builder, row->differs);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);

  return json_builder_get_root (builder);
}
