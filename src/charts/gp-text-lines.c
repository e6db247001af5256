/* gp-text-lines.c — a paragraph shaped once, unwrapped, and broken into lines
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Pango 1.50 shapes a paragraph it wraps two or three times: whole, again for each break it
 * weighs near a line's end, and each line once more. For the common paragraph (one run of one
 * font, left to right, breaking between words) the lines are found here from one shaping: the
 * break opportunities are Pango's own (its log attributes), each line is filled with as many
 * words as fit, and a line broken at a space does not count the space, as Pango does. Whatever
 * is less common (more than one font or direction, a word wider than the line, a break that
 * inserts a hyphen, a tab) is left to Pango.
 */

#include "config.h"

#include <string.h>

#include "gp-text-lines.h"

/* @layout's one run, if it is a paragraph the breaking below handles. */
static PangoGlyphItem *
only_run (PangoLayout *layout)
{
  PangoLayoutLine *line;
  PangoGlyphItem *run;

  if (pango_layout_get_line_count (layout) != 1 || pango_layout_get_attributes (layout) != NULL ||
      strchr (pango_layout_get_text (layout), '\t') != NULL)
    return NULL;
  line = pango_layout_get_line_readonly (layout, 0);
  if (line->runs == NULL || line->runs->next != NULL)
    return NULL;
  run = line->runs->data;
  if (run->item->offset != 0 || run->item->analysis.level % 2 != 0 ||
      run->item->analysis.extra_attrs != NULL)
    return NULL;
  for (int i = 0; i < run->glyphs->num_glyphs; i++)
    if (run->glyphs->glyphs[i].glyph & PANGO_GLYPH_UNKNOWN_FLAG)
      return NULL;
  return run;
}

/* Where each character of @run starts, in Pango units and as a byte index; -1 inside a cluster
 * of several characters. */
static void
measure_run (PangoGlyphItem *run,
             const char     *text,
             int            *x_at,
             int            *byte_at)
{
  PangoGlyphItemIter iter;
  int n_chars = run->item->num_chars;
  int x = 0;

  for (int c = 0; c <= n_chars; c++)
    x_at[c] = byte_at[c] = -1;
  for (gboolean more = pango_glyph_item_iter_init_start (&iter, run, text); more;
       more = pango_glyph_item_iter_next_cluster (&iter))
    {
      x_at[iter.start_char] = x;
      byte_at[iter.start_char] = iter.start_index;
      for (int i = iter.start_glyph; i < iter.end_glyph; i++)
        x += run->glyphs->glyphs[i].geometry.width;
    }
  x_at[n_chars] = x;
  byte_at[n_chars] = run->item->length;
}

/* The last break after @start at which the line is at most @width wide, or -1; its width
 * without the space it breaks at, in @line_width. */
static int
last_fitting_break (const PangoLogAttr *attrs,
                    const int          *x_at,
                    int                 n_chars,
                    int                 start,
                    int                 width,
                    int                *line_width)
{
  int best = -1;

  for (int p = start + 1; p < n_chars; p++)
    {
      int w;

      if (!attrs[p].is_line_break)
        continue;
      if (x_at[p] < 0 || x_at[p - 1] < 0)
        return -1;
      w = (attrs[p - 1].is_white ? x_at[p - 1] : x_at[p]) - x_at[start];
      if (w > width)
        break;
      best = p;
      *line_width = w;
    }
  return best;
}

/**
 * gp_text_lines_break:
 * @layout: a paragraph laid out unwrapped, left aligned
 * @width: the width to break it to, in Pango units
 *
 * Breaks @layout into lines at most @width wide where Pango would, from its one shaping.
 *
 * Returns: (transfer full) (nullable): the lines, in order, as #GpTextLine; %NULL if @layout is
 *   a paragraph to leave to Pango
 */
GArray *
gp_text_lines_break (PangoLayout *layout,
                     int          width)
{
  PangoGlyphItem *run = only_run (layout);
  const char *text = pango_layout_get_text (layout);
  g_autoptr(GArray) lines = NULL;
  g_autofree int *x_at = NULL, *byte_at = NULL;
  const PangoLogAttr *attrs;
  int n_chars, n_attrs;

  if (run == NULL)
    return NULL;
  n_chars = run->item->num_chars;
  attrs = pango_layout_get_log_attrs_readonly (layout, &n_attrs);
  /* Pango would not count a paragraph's final space, nor draw it, as it does a line's. */
  if (n_attrs != n_chars + 1 || attrs[n_chars - 1].is_white)
    return NULL;

  x_at = g_new (int, n_chars + 1);
  byte_at = g_new (int, n_chars + 1);
  measure_run (run, text, x_at, byte_at);
  lines = g_array_new (FALSE, FALSE, sizeof (GpTextLine));
  for (int start = 0;;)
    {
      GpTextLine line = { byte_at[start], byte_at[n_chars], byte_at[n_chars], x_at[start],
                          x_at[n_chars] - x_at[start] };
      int end = n_chars;

      if (line.width > width)
        {
          end = last_fitting_break (attrs, x_at, n_chars, start, width, &line.width);
          if (end < 0 || attrs[end].break_inserts_hyphen)
            return NULL;
          line.end = byte_at[end];
          line.drawn_end = attrs[end - 1].is_white ? byte_at[end - 1] : line.end;
        }
      g_array_append_val (lines, line);
      if (line.end == byte_at[n_chars])
        return g_steal_pointer (&lines);
      start = end;
    }
}
