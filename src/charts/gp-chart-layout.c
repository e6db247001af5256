/* gp-chart-layout.c — where everything on a chart goes, computed once, for painting and hit testing
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Where the plot, the rows, the points and every label go, measured with Pango so that nothing
 * overlaps or leaves the canvas. Painting (gp-chart.c) and hit testing read the same layout, so
 * the pointer always finds what is drawn.
 *
 * Bar charts and line charts share the frame (title, legend, a footnote sized into the page
 * with its numbered source list) and the ticks; the labels of lines are placed by
 * gp-label-placer.c. The footnote's text is the data's (gp-chart-data.c); how much room it
 * takes decides how many bars fit, so it is part of the layout.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "gp-chart-layout.h"
#include "gp-chart-text.h"
#include "gp-cost-model.h"
#include "gp-format.h"
#include "gp-label-placer.h"

/* Frees what the layout holds, not the layout. */
void
gp_chart_layout_clear (GpChartLayout *layout)
{
  g_clear_pointer (&layout->rows, g_array_unref);
  g_clear_pointer (&layout->shown, g_array_unref);
  g_clear_pointer (&layout->labels, g_array_unref);
  g_clear_pointer (&layout->key_entries, g_array_unref);
  g_clear_pointer (&layout->footnote_for, g_array_unref);
  g_clear_pointer (&layout->source_list, g_ptr_array_unref);
}

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

static double
text_width (cairo_t            *cr,
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

static double
legend_height (cairo_t            *cr,
               GpChartKind         kind,
               GpChartData        *data,
               const GpChartStyle *style,
               double              width,
               guint               grey)
{
  const char *labels[GP_CHART_N_SERIES];
  guint series[GP_CHART_N_SERIES];
  guint n = gp_chart_legend_entries (kind, data, NULL, labels, series);
  double line = gp_chart_line_height (cr, style, LABEL_PT), x = 0, lines = 1;

  /* A line chart's legend is the grey lines' "n more": each coloured one has its label. */
  if (grey > 0)
    return line * 1.3;
  if (n == 0)
    return 0;

  for (guint i = 0; i < n; i++)
    {
      double entry = line * 1.4 + text_width (cr, style, labels[i], LABEL_PT) + line;

      if (x > 0 && x + entry > width)
        {
          lines++;
          x = 0;
        }
      x += entry;
    }

  return lines * line * 1.3;
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

static double
axis_title_height (cairo_t            *cr,
                   const GpChartStyle *style)
{
  return gp_chart_line_height (cr, style, AXIS_PT);
}

/* The frame every chart shares: title on top, legend under it, footnote at the bottom, the
 * plot in between. */
static void
layout_frame (cairo_t            *cr,
              GpChartKind         kind,
              GpChartData        *data,
              const GpChartStyle *style,
              double              width,
              double              height,
              guint               not_shown,
              GpChartLayout             *layout)
{
  double margin = MARGIN_PT * MIN (style->font_scale, 1.3);
  double inner = MAX (width - 2 * margin, 1);
  g_autoptr(PangoLayout) title = gp_chart_title_layout (cr, kind, data, style, inner);
  double title_h, note_h;

  gp_chart_text_size (title, NULL, &title_h);
  layout->font_scale = style->font_scale;
  layout->canvas = (GpChartRect) { 0, 0, width, height };
  layout->title = (GpChartRect) { margin, margin, inner, title_h };
  layout->legend = (GpChartRect){
    margin, layout->title.y + title_h + margin * 0.3, inner,
    legend_height (cr, kind, data, style, inner,
                   gp_chart_kind_is_lines (kind) ? layout->shown->len - layout->highlighted : 0)
  };

  /* A long footnote is set smaller, down to three quarters, before it crowds the plot out:
   * many sources one to a line if that fits in a quarter of the page, else numbered in the run
   * of the text. On screen it is set apart, under the chart, where it takes no room from the
   * plot. */
  note_h = 0;
  layout->note_pt = NOTE_PT;
  layout->note_list = FALSE;
  for (int as_list = TRUE; style->footnote && as_list >= FALSE; as_list--)
    {
      layout->note_list = as_list;
      for (layout->note_pt = NOTE_PT;; layout->note_pt -= 0.25)
        {
          g_autoptr(PangoLayout) note = gp_chart_footnote_layout (
              cr, data, style, layout->footnote_for != NULL ? layout->footnote_for : layout->shown,
              not_shown, inner, layout->note_pt, as_list);

          gp_chart_text_size (note, NULL, &note_h);
          if (note_h <= height * 0.25 || layout->note_pt <= NOTE_PT * 0.75)
            break;
        }
      if (note_h <= height * 0.25)
        break;
    }
  layout->footnote = (GpChartRect) { margin, height - margin - note_h, inner, note_h };
  if (!style->footnote)
    layout->footnote.y = height - margin * 0.4;

  layout->plot.x = margin;
  layout->plot.y = layout->legend.y + layout->legend.height + margin * 0.5;
  layout->plot.width = inner;
  layout->plot.height = MAX (layout->footnote.y - margin * 0.6 - layout->plot.y, 1);
}

static gboolean
ticks_for (cairo_t            *cr,
           const GpChartStyle *style,
           double              max_value,
           double              length,
           GpChartTicks       *ticks)
{
  g_autofree char *widest = gp_format_number (max_value, 0);
  double label = text_width (cr, style, widest, AXIS_PT) * 1.8 + 6;
  guint max_ticks = (guint) CLAMP (length / label, 2, 10);

  return gp_chart_nice_ticks (0, max_value > 0 ? max_value : 1, max_ticks, ticks);
}

/* Months across: a tick every quarter, half year, year or more, ending at the last month's
 * tick rather than a round number far beyond it. */
static void
month_ticks (cairo_t            *cr,
             const GpChartStyle *style,
             double              months,
             double              length,
             GpChartTicks       *ticks)
{
  static const guint steps[] = { 1, 3, 6, 12, 20, 24, 30, 36, 60, 120 };
  g_autofree char *widest = gp_format_number (months, 0);
  double label = text_width (cr, style, widest, AXIS_PT) * 1.8 + 6;
  guint max_ticks = (guint) CLAMP (length / label, 2, 10), step = 0;

  /* A step that divides the lifetime ends the axis at its last month, not a year after; else
   * the finest that fits. */
  for (guint i = 0; step == 0 && i < G_N_ELEMENTS (steps); i++)
    if (fmod (months, steps[i]) == 0 && months / steps[i] + 1 <= max_ticks)
      step = steps[i];
  for (guint i = 0; step == 0 && i < G_N_ELEMENTS (steps); i++)
    if (ceil (months / steps[i]) + 1 <= max_ticks)
      step = steps[i];
  if (step == 0)
    step = steps[G_N_ELEMENTS (steps) - 1];
  ticks->min = 0;
  ticks->step = step;
  ticks->count = (guint) ceil (MAX (months, 1) / step) + 1;
  ticks->max = (ticks->count - 1) * step;
}

/* -1, 0 or 1 as @x is below, equal to or above @y. */
static int
compare_doubles (double x,
                 double y)
{
  return (x > y) - (x < y);
}

static int
compare_by_group (gconstpointer a,
                  gconstpointer b,
                  gpointer      user_data)
{
  GpChartData *data = user_data;
  const GpChartItem *x = gp_chart_data_get_item (data, *(const int *) a);
  const GpChartItem *y = gp_chart_data_get_item (data, *(const int *) b);

  if (x->group != y->group)
    return x->group < y->group ? -1 : 1;
  return compare_doubles (x->total, y->total);
}

/* Cheapest first, whatever the platform: the lines' colours go to the cheapest the lab can
 * reach; one it cannot comes after them all, grey, never shown as an answer. */
static int
compare_totals (gconstpointer a,
                gconstpointer b,
                gpointer      user_data)
{
  GpChartData *data = user_data;
  const GpChartItem *x = gp_chart_data_get_item (data, *(const int *) a);
  const GpChartItem *y = gp_chart_data_get_item (data, *(const int *) b);

  if (x->unreachable != y->unreachable)
    return x->unreachable ? 1 : -1;
  return compare_doubles (x->total, y->total);
}

/* The lines of @order that may be highlighted: those before the first the lab cannot reach. */
static guint
count_reachable (GpChartData *data,
                 GArray      *order)
{
  guint n = 0;

  while (n < order->len &&
         !gp_chart_data_get_item (data, g_array_index (order, int, n))->unreachable)
    n++;
  return n;
}

/* Each platform's best before the others, when room is short: every platform keeps a bar. */
static int
compare_platform_bests (const GpChartItem *x,
                        const GpChartItem *y)
{
  return x->platform_best == y->platform_best ? 0 : x->platform_best ? -1 : 1;
}

static int
compare_by_total (gconstpointer a,
                  gconstpointer b,
                  gpointer      user_data)
{
  GpChartData *data = user_data;
  const GpChartItem *x = gp_chart_data_get_item (data, *(const int *) a);
  const GpChartItem *y = gp_chart_data_get_item (data, *(const int *) b);

  if (compare_platform_bests (x, y) != 0)
    return compare_platform_bests (x, y);
  return compare_doubles (x->total, y->total);
}

int
gp_chart_compare_by_hours (gconstpointer a,
                           gconstpointer b,
                           gpointer      user_data)
{
  GpChartData *data = user_data;
  const GpChartItem *x = gp_chart_data_get_item (data, *(const int *) a);
  const GpChartItem *y = gp_chart_data_get_item (data, *(const int *) b);

  return compare_doubles (x->hours, y->hours);
}

/* Rank within the item's group (0 for the cheapest of its group), then total. */
static guint
rank_in_group (GpChartData       *data,
               const GpChartItem *item)
{
  guint rank = 0;

  for (guint i = 0; i < gp_chart_data_get_n_items (data); i++)
    {
      const GpChartItem *other = gp_chart_data_get_item (data, i);

      if (other->group == item->group && other->total < item->total)
        rank++;
    }

  return rank;
}

static int
compare_by_rank (gconstpointer a,
                 gconstpointer b,
                 gpointer      user_data)
{
  GpChartData *data = user_data;
  const GpChartItem *x = gp_chart_data_get_item (data, *(const int *) a);
  const GpChartItem *y = gp_chart_data_get_item (data, *(const int *) b);
  guint rx = rank_in_group (data, x), ry = rank_in_group (data, y);

  if (compare_platform_bests (x, y) != 0)
    return compare_platform_bests (x, y);
  if (rx != ry)
    return rx < ry ? -1 : 1;
  return compare_doubles (x->total, y->total);
}

/* The headers of the ways of paying among the @fit first items of @order. */
static guint
count_headers (GpChartData  *data,
               const GArray *order,
               guint         fit,
               gboolean      grouped)
{
  guint headers = 0;

  for (guint group = 0; grouped && group < GP_CHART_N_SERIES; group++)
    for (guint i = 0; i < fit; i++)
      if (gp_chart_data_get_item (data, g_array_index (order, int, i))->group == group)
        {
          headers++;
          break;
        }
  return headers;
}

/* The height the @fit first items' rows take, rows @row_height high plus their names' extra
 * lines. */
static double
rows_height (GpChartData  *data,
             const GArray *order,
             guint         fit,
             gboolean      grouped,
             const guint  *extra_lines,
             double        row_height,
             double        line)
{
  guint extra = 0;

  for (guint i = 0; i < fit; i++)
    extra += extra_lines[g_array_index (order, int, i)];
  return (fit + count_headers (data, order, fit, grouped)) * row_height + extra * line;
}

/* The frame, its footnote citing the sources of the @fit first items of @order. */
static void
frame_citing (cairo_t            *cr,
              GpChartKind         kind,
              GpChartData        *data,
              const GpChartStyle *style,
              double              width,
              double              height,
              const GArray       *order,
              guint               fit,
              GpChartLayout      *layout)
{
  g_clear_pointer (&layout->footnote_for, g_array_unref);
  layout->footnote_for = g_array_sized_new (FALSE, FALSE, sizeof (int), fit);
  g_array_append_vals (layout->footnote_for, order->data, fit);
  layout_frame (cr, kind, data, style, width, height, gp_chart_data_get_n_items (data) - fit,
                layout);
}

/* Whether the @fit first items of @order fit, rows at their closest, beside a footnote citing
 * their sources. */
static gboolean
bars_fit (cairo_t            *cr,
          GpChartKind         kind,
          GpChartData        *data,
          const GpChartStyle *style,
          double              width,
          double              height,
          const GArray       *order,
          guint               fit,
          gboolean            grouped,
          const guint        *extra_lines,
          double              line,
          double              axis_h,
          GpChartLayout      *layout)
{
  frame_citing (cr, kind, data, style, width, height, order, fit, layout);
  return rows_height (data, order, fit, grouped, extra_lines, line * 1.02, line) <=
         layout->plot.height - axis_h;
}

/* Horizontal bars, one row per item; the cost chart adds a header row per way of paying. */
static void
layout_bars (cairo_t            *cr,
             GpChartKind         kind,
             GpChartData        *data,
             const GpChartStyle *style,
             double              width,
             double              height,
             GpChartLayout             *layout)
{
  guint n = gp_chart_data_get_n_items (data);
  /* Narrow, the colours and the legend say how each bar is paid for: no header rows. */
  gboolean narrow = width < NARROW_PT;
  gboolean grouped = kind == GP_CHART_KIND_COST && !narrow;
  g_autoptr(GArray) order = g_array_new (FALSE, FALSE, sizeof (int));
  double line = gp_chart_line_height (cr, style, LABEL_PT);
  double axis_h =
      gp_chart_line_height (cr, style, AXIS_PT) * 1.3 + axis_title_height (cr, style) * 1.2;
  double max_total = 0, label_max = 0, y;
  g_autofree guint *extra_lines = g_new0 (guint, MAX (n, 1));
  guint fit = n;

  for (int i = 0; i < (int) n; i++)
    g_array_append_val (order, i);
  /* When not all fit, every way of paying keeps its cheapest options: the first of each
   * group, then the second of each, and so on. */
  g_array_sort_with_data (order, grouped ? compare_by_rank : compare_by_total, data);

  /* As many of the cheapest items as fit, with their group headers. The frame is laid out
   * once, with room for the footnote's "n more options" line should some not fit. */
  layout_frame (cr, kind, data, style, width, height, n, layout);

  /* The names' column: as wide as the longest name, up to 38 % of the plot; a name wider
   * than that wraps, and its row is a line taller for each line more it needs. */
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(PangoLayout) label =
          gp_chart_bar_label_layout (cr, kind, style, gp_chart_data_get_item (data, i), 0);
      double label_w;

      gp_chart_text_size (label, &label_w, NULL);
      label_max = MAX (label_max, label_w);
    }
  /* On a narrow canvas (a phone, a single column) each name goes above its bar, across the
   * plot's width, and the bars have all of it. */
  layout->narrow = narrow;
  layout->label_width = layout->narrow ? 0 : MIN (label_max + line, layout->plot.width * 0.38);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(PangoLayout) label = gp_chart_bar_label_layout (
          cr, kind, style, gp_chart_data_get_item (data, i),
          layout->narrow ? layout->plot.width : layout->label_width - line * 0.6);
      guint lines = MAX (pango_layout_get_line_count (label), 1);

      extra_lines[i] = layout->narrow ? lines : lines - 1;
    }
  /* The footnote cites the sources of the bars shown, so the room left for bars depends on how
   * many there are: the most that fit beside their own sources, found by halving (the more
   * bars, the more rows and sources). */
  {
    guint low = 0, high = n;

    while (low < high)
      {
        guint mid = (low + high + 1) / 2;

        if (bars_fit (cr, kind, data, style, width, height, order, mid, grouped, extra_lines, line,
                      axis_h, layout))
          low = mid;
        else
          high = mid - 1;
      }
    fit = low;
  }
  frame_citing (cr, kind, data, style, width, height, order, fit, layout);
  /* The sources are numbered as the bars are drawn, top to bottom: the same list in another
   * order, the same room. */
  if (grouped)
    g_array_sort_with_data (layout->footnote_for, compare_by_group, data);
  /* Worked out once for the layout: each bar's value refers to it. */
  if (layout->note_list)
    layout->source_list = gp_chart_data_dup_sources_for (data, layout->footnote_for);
  layout->row_height = CLAMP ((layout->plot.height - axis_h -
                               rows_height (data, order, fit, grouped, extra_lines, 0, line)) /
                                  MAX (fit + count_headers (data, order, fit, grouped), 1),
                              line * 1.02, line * 1.35);

  layout->not_shown = n - fit;
  g_array_set_size (order, fit);
  if (grouped)
    g_array_sort_with_data (order, compare_by_group, data);

  layout->shown = g_array_ref (order);
  layout->rows = g_array_new (FALSE, FALSE, sizeof (GpChartRow));

  for (guint i = 0; i < fit; i++)
    {
      const GpChartItem *item = gp_chart_data_get_item (data, g_array_index (order, int, i));

      max_total = MAX (max_total, item->total);
    }

  layout->plot.x += layout->label_width;
  layout->plot.width -= layout->label_width;
  layout->plot.height -= axis_h;

  /* Room at each bar's end for its value label, its source numbers with it: the scale is
   * the widest that leaves every label room after its bar, but gives the bars at least 60 %. */
  {
    double scale_width = layout->plot.width;

    for (guint i = 0; i < fit; i++)
      {
        int index = g_array_index (order, int, i);
        double total = gp_chart_data_get_item (data, index)->total;
        g_autofree char *value = gp_chart_dup_value_text (data, style, layout, index);
        double room = layout->plot.width - text_width (cr, style, value, LABEL_PT) - line * 0.6;

        if (total > 0 && max_total > 0)
          scale_width = MIN (scale_width, room * max_total / total);
      }
    scale_width = MAX (scale_width, layout->plot.width * 0.6);
    ticks_for (cr, style, max_total * layout->plot.width / scale_width, layout->plot.width,
               &layout->x_ticks);
  }

  y = layout->plot.y;
  for (guint i = 0; i < fit; i++)
    {
      int index = g_array_index (order, int, i);
      const GpChartItem *item = gp_chart_data_get_item (data, index);
      GpChartRow row;

      if (grouped && (i == 0 ||
                      gp_chart_data_get_item (data, g_array_index (order, int, i - 1))->group !=
                        item->group))
        {
          row = (GpChartRow) { -1, item->group, { layout->plot.x, y, layout->plot.width,
                                           layout->row_height } };
          g_array_append_val (layout->rows, row);
          y += layout->row_height;
        }

      row = (GpChartRow){ index,
                          item->group,
                          { layout->plot.x, y, layout->plot.width,
                            layout->row_height + extra_lines[index] * line } };
      g_array_append_val (layout->rows, row);
      y += row.rect.height;
    }

  /* The plot ends under the last row: the x axis follows the bars, not the page. */
  layout->plot.height = MAX (y - layout->plot.y, layout->row_height);
}

double
gp_chart_layout_x (const GpChartLayout *layout,
                   double        value)
{
  const GpChartTicks *ticks = &layout->x_ticks;

  return layout->plot.x + (value - ticks->min) / (ticks->max - ticks->min) * layout->plot.width;
}

double
gp_chart_layout_y (const GpChartLayout *layout,
                   double        value)
{
  const GpChartTicks *ticks = &layout->y_ticks;

  return layout->plot.y + layout->plot.height -
         (value - ticks->min) / (ticks->max - ticks->min) * layout->plot.height;
}

static int
compare_label_anchors (gconstpointer a,
                       gconstpointer b)
{
  return compare_doubles (((const GpChartLabel *) a)->anchor_y,
                          ((const GpChartLabel *) b)->anchor_y);
}

/* A line chart draws at most this many options; more would be a grey mat. */
#define MAX_LINES 24

/* A numbered chart's numbers go beside their lines' ends, clear of every line drawn (the grey
 * ones too) and every dot and of each other, where the placer finds room. */
static gboolean
place_numbers (GpChartData   *data,
               GpChartLayout *layout,
               double         line)
{
  GpChartRect bounds = layout->plot;
  g_auto(GpLabelPlacer) placer = { 0 };
  double ox = gp_chart_layout_x (layout, 0);
  double radius = line * 0.25;

  bounds.width = layout->canvas.width - 1 - bounds.x;
  gp_label_placer_init (&placer, &bounds);
  for (guint i = layout->highlighted; i < layout->shown->len; i++)
    {
      const GpChartItem *item =
          gp_chart_data_get_item (data, g_array_index (layout->shown, int, i));

      gp_label_placer_mark_segment (&placer, ox, gp_chart_layout_y (layout, item->start),
                                    gp_chart_layout_x (layout, item->hours),
                                    gp_chart_layout_y (layout, item->total), radius);
    }
  for (guint i = 0; i < layout->labels->len; i++)
    {
      const GpChartLabel *label = &g_array_index (layout->labels, GpChartLabel, i);
      GpChartRect dot = { label->anchor_x - radius, label->anchor_y - radius, 2 * radius,
                          2 * radius };

      gp_label_placer_mark_segment (&placer, ox, label->origin_y, label->anchor_x, label->anchor_y,
                                    radius);
      gp_label_placer_take (&placer, &dot);
    }

  for (guint i = 0; i < layout->labels->len; i++)
    {
      GpChartLabel *label = &g_array_index (layout->labels, GpChartLabel, i);

      if (!gp_label_placer_place (&placer, label->anchor_x, label->anchor_y, label->rect.width,
                                  label->rect.height, line * 0.4, &label->rect))
        return FALSE;
    }
  return TRUE;
}

/* Whether segments (ax, ay)–(bx, by) and (cx, cy)–(dx, dy) cross. */
static gboolean
segments_cross (double ax, double ay, double bx, double by,
                double cx, double cy, double dx, double dy)
{
  double d1 = (dx - cx) * (ay - cy) - (dy - cy) * (ax - cx);
  double d2 = (dx - cx) * (by - cy) - (dy - cy) * (bx - cx);
  double d3 = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
  double d4 = (bx - ax) * (dy - ay) - (by - ay) * (dx - ax);

  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

/* Whether a leader line, as gp-chart.c draws it from a line's end to its label, crosses
 * another line drawn: then the labels are numbers beside the ends instead. */
static gboolean
leaders_cross_lines (GpChartData   *data,
                     GpChartLayout *layout,
                     double         line)
{
  double ox = gp_chart_layout_x (layout, 0);

  for (guint i = 0; i < layout->labels->len; i++)
    {
      const GpChartLabel *label = &g_array_index (layout->labels, GpChartLabel, i);
      double ax = label->anchor_x + line * 0.3, ay = label->anchor_y;
      double bx = label->rect.x - line * 0.15, by = label->rect.y + label->rect.height / 2;

      for (guint j = 0; j < layout->shown->len; j++)
        {
          int index = g_array_index (layout->shown, int, j);
          const GpChartItem *item = gp_chart_data_get_item (data, index);

          if (index != label->item &&
              segments_cross (ax, ay, bx, by, ox, gp_chart_layout_y (layout, item->start),
                              gp_chart_layout_x (layout, item->hours),
                              gp_chart_layout_y (layout, item->total)))
            return TRUE;
        }
    }
  return FALSE;
}

/* Stacks the highlighted lines' labels in the column right of the plot, each as near its
 * line's end as the others allow, in the order of the ends, so that no two overlap and no
 * leader line crosses another. FALSE when they do not fit the plot's height. */
static gboolean
place_end_labels (cairo_t            *cr,
                  GpChartData        *data,
                  const GpChartStyle *style,
                  double              column,
                  GpChartLayout      *layout)
{
  double line = gp_chart_line_height (cr, style, LABEL_PT);
  double gap = line * 0.5, pad = line * 0.15;
  /* The column ends with the plot: the last figure of the time axis stands half in it. */
  double top = layout->plot.y, bottom = layout->plot.y + layout->plot.height;
  GArray *labels = g_array_new (FALSE, FALSE, sizeof (GpChartLabel));
  gboolean fits;

  g_clear_pointer (&layout->labels, g_array_unref);
  layout->labels = labels;
  for (guint i = 0; i < layout->highlighted; i++)
    {
      int index = g_array_index (layout->shown, int, i);
      const GpChartItem *item = gp_chart_data_get_item (data, index);
      g_autoptr(PangoLayout) text =
          gp_chart_end_label_layout (cr, style, layout, item, i, column - gap);
      GpChartLabel label = { index, i, .numbered = layout->numbered };
      double w, h;

      gp_chart_text_size (text, &w, &h);
      label.anchor_x = gp_chart_layout_x (layout, item->hours);
      label.anchor_y = gp_chart_layout_y (layout, item->total);
      label.origin_y = gp_chart_layout_y (layout, item->start);
      label.rect =
          (GpChartRect){ layout->plot.x + layout->plot.width + gap, label.anchor_y - h / 2, w, h };
      g_array_append_val (labels, label);
    }

  if (layout->numbered)
    return place_numbers (data, layout, line);

  g_array_sort (labels, compare_label_anchors);
  /* Down from the top, then up from the bottom: each as near its end as the others allow. */
  for (guint i = 0; i < labels->len; i++)
    {
      GpChartRect *rect = &g_array_index (labels, GpChartLabel, i).rect;
      double floor = i > 0 ? g_array_index (labels, GpChartLabel, i - 1).rect.y +
                                 g_array_index (labels, GpChartLabel, i - 1).rect.height + pad
                           : top;

      rect->y = MAX (rect->y, floor);
    }
  for (guint i = labels->len; i-- > 0;)
    {
      GpChartRect *rect = &g_array_index (labels, GpChartLabel, i).rect;
      double ceiling =
          i + 1 < labels->len ? g_array_index (labels, GpChartLabel, i + 1).rect.y - pad : bottom;

      rect->y = MIN (rect->y, ceiling - rect->height);
    }

  fits = (labels->len == 0 || g_array_index (labels, GpChartLabel, 0).rect.y >= top - 0.01) &&
         !leaders_cross_lines (data, layout, line);
  /* Taller than the plot even alone: below the top, into the axis's band if it must. */
  if (!fits)
    {
      double shift = top - g_array_index (labels, GpChartLabel, 0).rect.y;

      for (guint i = 0; i < labels->len; i++)
        g_array_index (labels, GpChartLabel, i).rect.y += shift;
    }
  return fits;
}

/* A numbered chart's key: one entry per number, in two columns where every entry fits half
 * the width. Fills the entries' rectangles, their tops from the key's; returns its height. */
static double
layout_key (cairo_t            *cr,
            GpChartData        *data,
            const GpChartStyle *style,
            double              line,
            GpChartLayout      *layout)
{
  double swatch = line * 1.2, gap = line;
  double half = (layout->footnote.width - gap) / 2;
  guint columns = 2;
  double y = 0;

  for (guint i = 0; i < layout->highlighted; i++)
    {
      const GpChartItem *item =
          gp_chart_data_get_item (data, g_array_index (layout->shown, int, i));
      g_autoptr(PangoLayout) entry = gp_chart_key_entry_layout (cr, style, item, i, -1);
      double w;

      gp_chart_text_size (entry, &w, NULL);
      if (w > half - swatch)
        columns = 1;
    }

  g_clear_pointer (&layout->key_entries, g_array_unref);
  layout->key_entries = g_array_new (FALSE, FALSE, sizeof (GpChartRect));
  for (guint i = 0; i < layout->highlighted; i += columns)
    {
      double row_h = 0;

      for (guint c = 0; c < columns && i + c < layout->highlighted; c++)
        {
          const GpChartItem *item =
              gp_chart_data_get_item (data, g_array_index (layout->shown, int, i + c));
          double width = columns == 1 ? layout->footnote.width : half;
          g_autoptr(PangoLayout) entry =
              gp_chart_key_entry_layout (cr, style, item, i + c, width - swatch);
          GpChartRect rect = { layout->footnote.x + c * (half + gap), y, width, 0 };

          gp_chart_text_size (entry, NULL, &rect.height);
          row_h = MAX (row_h, rect.height);
          g_array_append_val (layout->key_entries, rect);
        }
      y += row_h + line * 0.15;
    }
  return y;
}

/* Points (value) or lines (cumulative): hours across, cost up. */
static gboolean
layout_xy (cairo_t            *cr,
           GpChartKind         kind,
           GpChartData        *data,
           const GpChartStyle *style,
           double              width,
           double              height,
           guint               max_highlighted,
           gboolean            numbered,
           GpChartLayout      *layout)
{
  guint n = gp_chart_data_get_n_items (data);
  gboolean lines = gp_chart_kind_is_lines (kind);
  g_autoptr(GArray) order = g_array_new (FALSE, FALSE, sizeof (int));
  double line = gp_chart_line_height (cr, style, LABEL_PT);
  double max_hours = 0, max_total = 0, tick_w, column = 0;
  double axis_h =
      gp_chart_line_height (cr, style, AXIS_PT) * 1.3 + axis_title_height (cr, style) * 1.2;
  g_autofree char *widest = NULL;

  for (int i = 0; i < (int) n; i++)
    g_array_append_val (order, i);
  /* A break-even chart's lines keep their order: the purchase first, in the first colour. */
  if (kind != GP_CHART_KIND_BREAKEVEN)
    g_array_sort_with_data (order, compare_totals, data);
  if (lines && order->len > MAX_LINES)
    g_array_set_size (order, MAX_LINES);

  g_clear_pointer (&layout->shown, g_array_unref);
  layout->shown = g_array_ref (order);
  layout->not_shown = n - order->len;
  /* The cheapest lines in colour, each labelled; the rest grey. */
  layout->highlighted = lines ? MIN (count_reachable (data, order), max_highlighted) : order->len;
  layout->numbered = lines && numbered;
  layout_frame (cr, kind, data, style, width, height, layout->not_shown, layout);

  for (guint i = 0; i < order->len; i++)
    {
      const GpChartItem *item = gp_chart_data_get_item (data, g_array_index (order, int, i));

      max_hours = MAX (max_hours, item->hours);
      max_total = MAX (max_total, MAX (item->total, MAX (item->high, item->start)));
    }

  /* The height first (the axis, the key), then the cost ticks for it, then room left of the
   * plot for their widest figure: ticks made for another height would not fit their room. */
  layout->plot.height -= axis_h;
  if (layout->numbered)
    {
      double key_h = layout_key (cr, data, style, line, layout);

      layout->plot.height -= key_h + line * 0.5;
      layout->key = (GpChartRect){ layout->footnote.x,
                                   layout->plot.y + layout->plot.height + axis_h + line * 0.5,
                                   layout->footnote.width, key_h };
      for (guint i = 0; i < layout->key_entries->len; i++)
        g_array_index (layout->key_entries, GpChartRect, i).y += layout->key.y;
    }
  ticks_for (cr, style, max_total * 1.05, layout->plot.height, &layout->y_ticks);
  widest = gp_format_number (layout->y_ticks.max, gp_chart_tick_decimals (layout->y_ticks.step));
  tick_w = text_width (cr, style, widest, AXIS_PT) + axis_title_height (cr, style) * 1.6;

  layout->plot.x += tick_w;
  layout->plot.width -= tick_w + line;
  /* The labels' column: as wide as the longest, up to a third of the plot; longer ones wrap.
   * Numbered, it holds the numbers, and the key under the axis names them. */
  for (guint i = 0; lines && i < layout->highlighted; i++)
    {
      const GpChartItem *item = gp_chart_data_get_item (data, g_array_index (order, int, i));
      g_autoptr(PangoLayout) text = gp_chart_end_label_layout (cr, style, layout, item, i, -1);
      double w;

      gp_chart_text_size (text, &w, NULL);
      column = MAX (column, w + line);
    }
  column = MIN (column, layout->plot.width * 0.34);
  layout->plot.width -= column;
  if (kind == GP_CHART_KIND_BREAKEVEN)
    month_ticks (cr, style, max_hours, layout->plot.width, &layout->x_ticks);
  else
    ticks_for (cr, style, max_hours * 1.05, layout->plot.width, &layout->x_ticks);

  /* Labels or a key that leave the plot too little room do not fit either. */
  if (lines && layout->highlighted > 1 && layout->plot.height < height * 0.25)
    return FALSE;
  return !lines || place_end_labels (cr, data, style, column, layout);
}

void
gp_chart_layout_compute (cairo_t            *cr,
                         GpChartKind         kind,
                         GpChartData        *data,
                         const GpChartStyle *style,
                         double              width,
                         double              height,
                         GpChartLayout             *layout)
{
  memset (layout, 0, sizeof *layout);

  if (kind == GP_CHART_KIND_COST || kind == GP_CHART_KIND_BREAKDOWN)
    layout_bars (cr, kind, data, style, width, height, layout);
  else
    /* Names at the lines' ends; where they do not fit the height, numbers there and the names
     * in a key under the axis; then fewer lines in colour. Never two labels overlapping. */
    for (guint attempt = 0;; attempt++)
      {
        guint highlighted = attempt == 0 ? GP_CHART_N_LINES : GP_CHART_N_LINES + 1 - attempt;

        if (layout_xy (cr, kind, data, style, width, height, highlighted, attempt > 0, layout))
          break;
        if (highlighted <= 1)
          {
            /* Not even one number fits beside its line: the key names the line by its colour
             * alone, rather than put a number over something else. */
            g_clear_pointer (&layout->labels, g_array_unref);
            break;
          }
        gp_chart_layout_clear (layout);
        memset (layout, 0, sizeof *layout);
      }
  layout->label_line = gp_chart_line_height (cr, style, LABEL_PT);
}

struct _GpChartLayoutCache
{
  gboolean valid;
  GpChartKind kind;
  GpChartData *data;
  guint revision;
  char *font_family;
  double font_scale;
  gboolean footnote;
  double width;
  double height;
  GpChartLayout layout;
};

GpChartLayoutCache *
gp_chart_layout_cache_new (void)
{
  return g_new0 (GpChartLayoutCache, 1);
}

static void
forget_layout (GpChartLayoutCache *cache)
{
  gp_chart_layout_clear (&cache->layout);
  memset (&cache->layout, 0, sizeof cache->layout);
  g_clear_pointer (&cache->data, gp_chart_data_unref);
  g_clear_pointer (&cache->font_family, g_free);
  cache->valid = FALSE;
}

void
gp_chart_layout_cache_free (GpChartLayoutCache *cache)
{
  if (cache == NULL)
    return;
  forget_layout (cache);
  g_free (cache);
}

/* One layout per chart, size and style, for painting, hit testing and export alike: computed
 * once, and again only when one of them or the data changes. Only the style's type matters;
 * colours do not move anything. */
const GpChartLayout *
gp_chart_layout_cache_get (GpChartLayoutCache *cache,
                           GpChartKind         kind,
                           GpChartData        *data,
                           const GpChartStyle *style,
                           double              width,
                           double              height)
{
  cairo_t *cr;

  g_return_val_if_fail (cache != NULL, NULL);

  if (cache->valid && cache->kind == kind && cache->data == data &&
      cache->revision == gp_chart_data_get_revision (data) &&
      g_strcmp0 (cache->font_family, style->font_family) == 0 &&
      cache->font_scale == style->font_scale && cache->footnote == style->footnote &&
      cache->width == width && cache->height == height)
    return &cache->layout;

  forget_layout (cache);
  cr = gp_chart_new_measuring_context ();
  gp_chart_layout_compute (cr, kind, data, style, width, height, &cache->layout);
  cairo_destroy (cr);

  cache->valid = TRUE;
  cache->kind = kind;
  cache->data = gp_chart_data_ref (data);
  cache->revision = gp_chart_data_get_revision (data);
  cache->font_family = g_strdup (style->font_family);
  cache->font_scale = style->font_scale;
  cache->footnote = style->footnote;
  cache->width = width;
  cache->height = height;
  return &cache->layout;
}
