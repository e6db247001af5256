/* gp-text-lines.h — a paragraph shaped once, unwrapped, and broken into lines
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <pango/pango.h>

G_BEGIN_DECLS

/**
 * GpTextLine:
 * @start: where the line starts, a byte index of the layout's text
 * @end: where it ends
 * @drawn_end: where its drawn glyphs end: before the space it was broken at, which stays text
 * @x: where it starts on the unwrapped line, in Pango units
 * @width: its width, without the space it was broken at, in Pango units
 * @baseline: its baseline below its top, in Pango units
 * @height: its height, in Pango units
 * @y_shift: how far its first run is moved up from the unwrapped line's baseline, in Pango
 *   units: its runs are moved up by as much less
 */
typedef struct
{
  int start;
  int end;
  int drawn_end;
  int x;
  int width;
  int baseline;
  int height;
  int y_shift;
} GpTextLine;

gboolean gp_text_lines_run_is_plain     (PangoGlyphItem *run);
gboolean gp_text_lines_one_script (const char  *text);
GArray  *gp_text_lines_break      (PangoLayout *layout,
                                   int          width);

G_END_DECLS
