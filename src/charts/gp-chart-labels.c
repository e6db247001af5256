/* gp-chart-labels.c — the text of a chart's labels, set and measured with Pango: title,
 * legend, footnote with its numbered sources, lines', keys' and bars' names, ticks
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "gp-chart-layout-private.h"
#include "gp-chart-text.h"
#include "gp-cost-model.h"
#include "gp-format.h"

PangoLayout *
gp_chart_label_layout (cairo_t            *cr,
                       const GpChartStyle *style,
                       const char         *text,
                       double              size_pt,
                       gboolean            bold)
{
  return gp_chart_text_layout (cr, style->font_family, text, size_pt * style->font_scale, bold, 0);
}

/* The height of a line of type, asked for dozens of times a drawing: measured once per size
 * and kept with the drawing's Pango context. */
double
gp_chart_line_height (cairo_t            *cr,
                      const GpChartStyle *style,
                      double              size_pt)
{
  PangoContext *context = gp_chart_text_context (cr);
  GHashTable *heights = g_object_get_data (G_OBJECT (context), "gp-line-heights");
  gpointer key = GINT_TO_POINTER ((int) lround (size_pt * style->font_scale * 1000));
  double *height = heights ? g_hash_table_lookup (heights, key) : NULL;

  if (height == NULL)
    {
      g_autoptr(PangoLayout) layout = gp_chart_label_layout (cr, style, "Ag国", size_pt, FALSE);

      if (heights == NULL)
        {
          heights = g_hash_table_new_full (NULL, NULL, NULL, g_free);
          g_object_set_data_full (G_OBJECT (context), "gp-line-heights", heights,
                                  (GDestroyNotify) g_hash_table_unref);
        }
      height = g_new (double, 1);
      gp_chart_text_size (layout, NULL, height);
      g_hash_table_insert (heights, key, height);
    }

  return *height;
}

double
_gp_chart_text_width (cairo_t            *cr,
                      const GpChartStyle *style,
                      const char         *text,
                      double              size_pt)
{
  g_autoptr(PangoLayout) layout = gp_chart_label_layout (cr, style, text, size_pt, FALSE);
  double width;

  gp_chart_text_size (layout, &width, NULL);
  return width;
}

/* The decimals a tick's label needs at this step: none from 1 up, one at 0.1… */
int
gp_chart_tick_decimals (double step)
{
  return step >= 1 ? 0 : (int) ceil (-log10 (step) - 1e-9);
}

/* A colour, hatching and legend entry for every way of paying. */
G_STATIC_ASSERT (GP_CHART_N_SERIES == GP_ESTIMATE_PRICING_CAPACITY_BLOCK + 1);

/* The legend's entries: the series a chart uses, each a swatch and a name. */
static gboolean
group_shown (GpChartData  *data,
             const GArray *shown,
             guint         group)
{
  guint n = shown ? shown->len : gp_chart_data_get_n_items (data);

  for (guint i = 0; i < n; i++)
    {
      guint index = shown ? (guint) g_array_index (shown, int, i) : i;

      if (gp_chart_data_get_item (data, index)->group == group)
        return TRUE;
    }

  return FALSE;
}

guint
gp_chart_legend_entries (GpChartKind   kind,
                         GpChartData  *data,
                         const GArray *shown,
                         const char  **labels,
                         guint        *series)
{
  guint n = 0;

  if (kind == GP_CHART_KIND_BREAKDOWN)
    {
      for (guint part = 0; part < GP_CHART_N_PARTS; part++)
        {
          labels[n] = gp_chart_part_label (part);
          series[n++] = part;
        }
      return n;
    }

  if (gp_chart_kind_is_lines (kind))
    return 0;

  for (guint group = 0; group < GP_CHART_N_SERIES; group++)
    if (group_shown (data, shown, group))
      {
        labels[n] = gp_estimate_pricing_get_label (group);
        series[n++] = group;
      }

  return n;
}

char *
gp_chart_dup_grey_legend (guint grey)
{
  /* Translators: a line chart's legend: the options drawn as grey lines, unlabelled */
  return g_strdup_printf (
      g_dngettext (GETTEXT_PACKAGE, "%u more, in grey", "%u more, in grey", grey), grey);
}

static char *
footnote_text (GpChartData  *data,
               const GArray *shown,
               guint         not_shown,
               gboolean      as_list)
{
  guint hidden = gp_chart_data_get_n_hidden (data) + not_shown;
  g_autofree char *footnote = gp_chart_data_dup_footnote_for (data, shown, as_list);

  if (hidden == 0)
    return g_strdup (footnote ? footnote : "");

  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u more option is not shown. %s",
                                       "%u more options are not shown. %s", hidden),
                          hidden, footnote ? footnote : "");
}

/* A numbered source list in two columns, 1… down the first and the rest down the second, when
 * every entry fits in half the width: a tab stop halfway keeps it one layout. */
static char *
in_two_columns (cairo_t            *cr,
                const GpChartStyle *style,
                GStrv               lines,
                guint               first_entry,
                double              width,
                double              size_pt,
                double              gap)
{
  guint n = g_strv_length (lines);
  guint entries = n - first_entry;
  guint rows = (entries + 1) / 2;
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = first_entry; i < n; i++)
    {
      g_autoptr(PangoLayout) entry = gp_chart_label_layout (cr, style, lines[i], size_pt, FALSE);
      double entry_w;

      gp_chart_text_size (entry, &entry_w, NULL);
      if (entry_w > (width - gap) / 2)
        return NULL;
    }
  for (guint i = 0; i < first_entry; i++)
    g_string_append_printf (text, i > 0 ? "\n%s" : "%s", lines[i]);
  for (guint row = 0; row < rows; row++)
    {
      g_string_append_printf (text, "\n%s", lines[first_entry + row]);
      if (row + rows < entries)
        g_string_append_printf (text, "\t%s", lines[first_entry + row + rows]);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* The footnote wraps to as many lines as it needs: it carries the sources a figure in a grant
 * proposal must cite, and is never cut. Many sources @as_list are numbered, as the bars' values
 * refer to them, one to a line or in two columns where they fit; else they are named in the run
 * of the text, where the room is short. */
PangoLayout *
gp_chart_footnote_layout (cairo_t            *cr,
                          GpChartData        *data,
                          const GpChartStyle *style,
                          const GArray       *shown,
                          guint               not_shown,
                          double              width,
                          double              size_pt,
                          gboolean            as_list)
{
  g_autofree char *text = footnote_text (data, shown, not_shown, as_list);
  g_autoptr(GPtrArray) sources = gp_chart_data_dup_sources_for (data, shown);
  g_autofree char *columns = NULL;
  PangoLayout *layout;
  double gap = gp_chart_line_height (cr, style, size_pt) * 1.5;

  if (as_list && sources->len > GP_CHART_SOURCE_LIST_MIN && strchr (text, '\n') != NULL)
    {
      g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
      guint n = g_strv_length (lines);

      if (n > sources->len)
        columns = in_two_columns (cr, style, lines, n - sources->len, width, size_pt, gap);
    }
  layout = gp_chart_label_layout (cr, style, columns != NULL ? columns : text, size_pt, FALSE);
  pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  if (columns != NULL)
    {
      g_autoptr(PangoTabArray) tabs = pango_tab_array_new_with_positions (
          1, FALSE, PANGO_TAB_LEFT, (int) (((width + gap) / 2) * PANGO_SCALE));

      pango_layout_set_tabs (layout, tabs);
    }

  return layout;
}

char *
gp_chart_dup_value_text (GpChartData         *data,
                         const GpChartStyle  *style,
                         const GpChartLayout *layout,
                         guint                item)
{
  g_autofree char *amount = gp_format_amount (gp_chart_data_get_item (data, item)->total);
  g_autofree char *refs = style->footnote && layout->source_list != NULL
                              ? gp_chart_data_dup_source_refs (data, layout->source_list, item)
                              : NULL;

  if (refs == NULL)
    return g_steal_pointer (&amount);
  /* Translators: a bar's value and the numbers of its sources in the list under the chart */
  return g_strdup_printf (C_("chart", "%s %s"), amount, refs);
}

/* A line's name and way of paying, "Lambda · 1× A100 (On demand)", wrapped at @width. */
PangoLayout *
gp_chart_line_label_layout (cairo_t            *cr,
                            const GpChartStyle *style,
                            const GpChartItem  *item,
                            double              width)
{
  /* Translators: a line's label: "Lambda · 1× A100 (On demand)" */
  g_autofree char *text = item->group == GP_CHART_GROUP_NONE
                              ? g_strdup (item->label)
                              : g_strdup_printf (_("%s (%s)"), item->label,
                                                 gp_estimate_pricing_get_label (item->group));
  PangoLayout *layout = gp_chart_label_layout (cr, style, text, LABEL_PT, FALSE);

  pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  return layout;
}

/* A line's mark at its end: its name, or in a numbered chart its number. */
PangoLayout *
gp_chart_end_label_layout (cairo_t             *cr,
                           const GpChartStyle  *style,
                           const GpChartLayout *layout,
                           const GpChartItem   *item,
                           guint                line,
                           double               width)
{
  g_autofree char *number = NULL;

  if (!layout->numbered)
    return gp_chart_line_label_layout (cr, style, item, width);

  number = g_strdup_printf ("%u", line + 1);
  return gp_chart_label_layout (cr, style, number, LABEL_PT, TRUE);
}

/* A numbered chart's key entry: "3  Lambda · 1× A100 (On demand)", wrapped at @width. */
PangoLayout *
gp_chart_key_entry_layout (cairo_t            *cr,
                           const GpChartStyle *style,
                           const GpChartItem  *item,
                           guint               line,
                           double              width)
{
  /* Translators: an entry of a chart's key: a line's number, its option and way of paying */
  g_autofree char *text = item->group == GP_CHART_GROUP_NONE
                              ? g_strdup_printf ("%u  %s", line + 1, item->label)
                              : g_strdup_printf (_("%u  %s (%s)"), line + 1, item->label,
                                                 gp_estimate_pricing_get_label (item->group));
  PangoLayout *layout = gp_chart_label_layout (cr, style, text, LABEL_PT, FALSE);

  pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  return layout;
}

/* The title wraps rather than ending in "…" on a narrow canvas. */
PangoLayout *
gp_chart_title_layout (cairo_t            *cr,
                       GpChartKind         kind,
                       GpChartData        *data,
                       const GpChartStyle *style,
                       double              width)
{
  PangoLayout *layout =
      gp_chart_label_layout (cr, style, gp_chart_data_get_title (data, kind), TITLE_PT, TRUE);

  pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  return layout;
}

/* A bar's name, right-aligned in the category column and wrapped there, never cut. The
 * breakdown has no group headers: its rows say how they are paid for, unless on demand. */
PangoLayout *
gp_chart_bar_label_layout (cairo_t            *cr,
                           GpChartKind         kind,
                           const GpChartStyle *style,
                           const GpChartItem  *item,
                           double              width)
{
  g_autofree char *text = NULL;
  PangoLayout *layout;

  if (kind == GP_CHART_KIND_BREAKDOWN && item->group != GP_ESTIMATE_PRICING_ON_DEMAND)
    text =
        g_strdup_printf (_("%s (%s)"), item->label, gp_estimate_pricing_get_label (item->group));
  layout = gp_chart_label_layout (cr, style, text != NULL ? text : item->label, LABEL_PT, FALSE);
  if (width > 0)
    {
      pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
    }
  pango_layout_set_alignment (layout, PANGO_ALIGN_RIGHT);
  return layout;
}
