/* gp-text-lines.c — a paragraph shaped once, unwrapped, and broken into lines
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Pango 1.50 shapes a paragraph it wraps two or three times: whole, again for each break it
 * weighs near a line's end, and each line once more. For the common paragraph (left to right,
 * breaking between words, or between ideographs) the lines are found here from one shaping:
 * the break opportunities are Pango's own (its log attributes), each line is filled with as
 * many words as fit, a line broken at a space does not count the space, and a line is as tall
 * as the tallest font it holds, as with Pango. Whatever is less common (right to left, a word
 * wider than the line, a break that inserts a hyphen, a tab, a glyph no font has, a line that
 * starts in another script than its paragraph) is left to Pango.
 */

#include "config.h"

#include <string.h>

#include "gp-text-lines.h"

/**
 * gp_text_lines_run_is_plain:
 * @run: a run of a laid-out line
 *
 * Whether @run is drawn as its glyphs alone, left to right: no attributes, no glyph its font
 * lacks (which Pango draws as a box).
 *
 * Returns: %TRUE if @run's glyphs are all there is to draw
 */
gboolean
gp_text_lines_run_is_plain (PangoGlyphItem *run)
{
  if (run->item->analysis.level % 2 != 0 || run->item->analysis.extra_attrs != NULL)
    return FALSE;
  for (int i = 0; i < run->glyphs->num_glyphs; i++)
    if (run->glyphs->glyphs[i].glyph & PANGO_GLYPH_UNKNOWN_FLAG)
      return FALSE;
  return TRUE;
}

/* @layout's one line, if it is a paragraph the breaking below handles: its runs left to right,
 * in the order of the text, of glyphs their fonts have. */
static PangoLayoutLine *
plain_line (PangoLayout *layout)
{
  PangoLayoutLine *line;
  int offset = 0;

  if (pango_layout_get_line_count (layout) != 1 || pango_layout_get_attributes (layout) != NULL ||
      strchr (pango_layout_get_text (layout), '\t') != NULL)
    return NULL;
  line = pango_layout_get_line_readonly (layout, 0);
  if (line->runs == NULL)
    return NULL;
  for (GSList *r = line->runs; r != NULL; r = r->next)
    {
      PangoGlyphItem *run = r->data;

      if (run->item->offset != offset || !gp_text_lines_run_is_plain (run) ||
          (run->item->analysis.flags & PANGO_ANALYSIS_FLAG_CENTERED_BASELINE) ||
          run->start_x_offset != 0 || run->end_x_offset != 0)
        return NULL;
      offset += run->item->length;
    }
  return line;
}

/* Where each character of @line starts, in Pango units and as a byte index (-1 inside a cluster
 * of several characters), and the run it is in. */
static void
measure_line (PangoLayoutLine  *line,
              const char       *text,
              int               n_chars,
              int              *x_at,
              int              *byte_at,
              PangoGlyphItem  **run_at)
{
  int x = 0, first_char = 0;

  for (int c = 0; c <= n_chars; c++)
    x_at[c] = byte_at[c] = -1;
  for (GSList *r = line->runs; r != NULL; r = r->next)
    {
      PangoGlyphItem *run = r->data;
      PangoGlyphItemIter iter;

      for (gboolean more = pango_glyph_item_iter_init_start (&iter, run, text); more;
           more = pango_glyph_item_iter_next_cluster (&iter))
        {
          x_at[first_char + iter.start_char] = x;
          byte_at[first_char + iter.start_char] = iter.start_index;
          for (int i = iter.start_glyph; i < iter.end_glyph; i++)
            x += run->glyphs->glyphs[i].geometry.width;
        }
      for (int c = 0; c < run->item->num_chars; c++)
        run_at[first_char + c] = run;
      first_char += run->item->num_chars;
    }
  x_at[n_chars] = x;
  byte_at[n_chars] = (int) strlen (text);
}

/* @line's height, and its baseline below its top, as Pango makes them of the runs whose
 * characters from @start to @end it holds: the tallest font's, each font on the baseline the
 * line's first run sets. */
static void
set_height (GpTextLine      *line,
            PangoGlyphItem **run_at,
            int              start,
            int              end)
{
  int top = 0, bottom = 0;
  PangoGlyphItem *last = NULL;

  for (int c = start; c < end; c++)
    {
      PangoRectangle logical;

      if (run_at[c] == last)
        continue;
      last = run_at[c];
      pango_glyph_string_extents_range (last->glyphs, 0, 1, last->item->analysis.font, NULL,
                                        &logical);
      logical.y -= last->y_offset - line->y_shift;
      top = MIN (top, logical.y);
      bottom = MAX (bottom, logical.y + logical.height);
    }
  line->baseline = -top;
  line->height = bottom - top;
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
 * gp_text_lines_one_script:
 * @text: a paragraph
 *
 * Whether @text is written in one script, besides digits, punctuation and spaces: a paragraph
 * gp_text_lines_break() can break. One in two scripts (Chinese and Latin) most likely has a line
 * that starts in the other script, which Pango places otherwise; it is best left to Pango
 * before it is shaped.
 *
 * Returns: %TRUE if @text has letters of one script alone; %FALSE for text that is not UTF-8
 */
gboolean
gp_text_lines_one_script (const char *text)
{
  GUnicodeScript seen = G_UNICODE_SCRIPT_COMMON;

  for (const char *p = text; *p != '\0';)
    {
      GUnicodeScript script;

      if ((guchar) *p < 0x80)
        {
          script = g_ascii_isalpha (*p) ? G_UNICODE_SCRIPT_LATIN : G_UNICODE_SCRIPT_COMMON;
          p++;
        }
      else
        {
          gunichar c = g_utf8_get_char_validated (p, -1);

          /* Pango shows what is not UTF-8 as it can; this does not read past it. */
          if (c == (gunichar) -1 || c == (gunichar) -2)
            return FALSE;
          script = g_unichar_get_script (c);
          p = g_utf8_next_char (p);
        }
      if (script == G_UNICODE_SCRIPT_COMMON || script == G_UNICODE_SCRIPT_INHERITED ||
          script == G_UNICODE_SCRIPT_UNKNOWN || script == seen)
        continue;
      if (seen != G_UNICODE_SCRIPT_COMMON)
        return FALSE;
      seen = script;
    }
  return TRUE;
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
  PangoLayoutLine *line = plain_line (layout);
  const char *text = pango_layout_get_text (layout);
  g_autoptr(GArray) lines = NULL;
  g_autofree int *x_at = NULL, *byte_at = NULL;
  g_autofree PangoGlyphItem **run_at = NULL;
  const PangoLogAttr *attrs;
  int n_chars;

  if (line == NULL)
    return NULL;
  attrs = pango_layout_get_log_attrs_readonly (layout, &n_chars);
  n_chars--;
  /* Pango would not count a paragraph's final space, nor draw it, as it does a line's. */
  if (n_chars < 1 || attrs[n_chars - 1].is_white)
    return NULL;

  x_at = g_new (int, n_chars + 1);
  byte_at = g_new (int, n_chars + 1);
  run_at = g_new (PangoGlyphItem *, n_chars);
  measure_line (line, text, n_chars, x_at, byte_at, run_at);
  lines = g_array_new (FALSE, FALSE, sizeof (GpTextLine));
  for (int start = 0;;)
    {
      GpTextLine part = { byte_at[start], byte_at[n_chars], byte_at[n_chars], x_at[start],
                          x_at[n_chars] - x_at[start] };
      int end = n_chars;

      if (part.width > width)
        {
          end = last_fitting_break (attrs, x_at, n_chars, start, width, &part.width);
          if (end < 0 || attrs[end].break_inserts_hyphen)
            return NULL;
          part.end = byte_at[end];
          part.drawn_end = attrs[end - 1].is_white ? byte_at[end - 1] : part.end;
        }
      /* Pango sets a line's fonts on the baseline of its first run's script: a line that starts
       * in another script than the paragraph has them placed otherwise. */
      if (run_at[start]->item->analysis.script != run_at[0]->item->analysis.script)
        return NULL;
      part.y_shift = run_at[start]->y_offset;
      set_height (&part, run_at, start, end);
      g_array_append_val (lines, part);
      if (end == n_chars)
        return g_steal_pointer (&lines);
      start = end;
    }
}
