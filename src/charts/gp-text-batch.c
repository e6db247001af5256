/* gp-text-batch.c — laid-out texts drawn as few text operations as their fonts allow
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * cairo records, analyses and writes each text operation of a PDF apart, so a long table drawn
 * layout by layout spends more on the operations than on their glyphs. The batch gathers the
 * glyphs of several layouts, each at its place, with the text and clusters each came from (the
 * PDF's text can still be copied), and draws them once per run of one font. A layout that needs
 * more than its glyphs drawn (a glyph no font has, drawn as a box; right-to-left text;
 * attributes) is drawn by Pango, in its turn.
 */

#include "config.h"

#include "gp-text-batch.h"

struct _GpTextBatch
{
  cairo_t *cr;
  cairo_scaled_font_t *font; /* of the glyphs gathered; held, as their layouts may go first */
  GArray *glyphs;            /* cairo_glyph_t */
  GArray *clusters;          /* cairo_text_cluster_t */
  GString *text;
};

GpTextBatch *
gp_text_batch_new (cairo_t *cr)
{
  GpTextBatch *batch = g_new0 (GpTextBatch, 1);

  batch->cr = cairo_reference (cr);
  batch->glyphs = g_array_new (FALSE, FALSE, sizeof (cairo_glyph_t));
  batch->clusters = g_array_new (FALSE, FALSE, sizeof (cairo_text_cluster_t));
  batch->text = g_string_new (NULL);
  return batch;
}

void
gp_text_batch_flush (GpTextBatch *batch)
{
  if (batch->glyphs->len > 0)
    {
      cairo_set_scaled_font (batch->cr, batch->font);
      cairo_show_text_glyphs (batch->cr, batch->text->str, (int) batch->text->len,
                              (cairo_glyph_t *) batch->glyphs->data, (int) batch->glyphs->len,
                              (cairo_text_cluster_t *) batch->clusters->data,
                              (int) batch->clusters->len, 0);
    }
  g_array_set_size (batch->glyphs, 0);
  g_array_set_size (batch->clusters, 0);
  g_string_truncate (batch->text, 0);
  g_clear_pointer (&batch->font, cairo_scaled_font_destroy);
}

void
gp_text_batch_free (GpTextBatch *batch)
{
  gp_text_batch_flush (batch);
  cairo_destroy (batch->cr);
  g_array_unref (batch->glyphs);
  g_array_unref (batch->clusters);
  g_string_free (batch->text, TRUE);
  g_free (batch);
}

/* Whether Pango draws @layout as its glyphs alone, left to right. */
static gboolean
is_plain (PangoLayout *layout)
{
  if (pango_layout_get_attributes (layout) != NULL)
    return FALSE;
  for (GSList *l = pango_layout_get_lines_readonly (layout); l != NULL; l = l->next)
    for (GSList *r = ((PangoLayoutLine *) l->data)->runs; r != NULL; r = r->next)
      if (!gp_text_lines_run_is_plain (r->data))
        return FALSE;
  return TRUE;
}

/* @run's glyphs from @x on the baseline @y, a cluster of text at a time; returns its width. Of
 * those in @part alone, if given; the glyphs past its drawn end as text alone. */
static int
add_run (GpTextBatch      *batch,
         PangoGlyphItem   *run,
         const char       *text,
         double            x,
         double            y,
         const GpTextLine *part)
{
  cairo_scaled_font_t *font =
      pango_cairo_font_get_scaled_font (PANGO_CAIRO_FONT (run->item->analysis.font));
  PangoGlyphInfo *glyphs = run->glyphs->glyphs;
  PangoGlyphItemIter iter;
  int advance = 0;

  if (font == NULL)
    return pango_glyph_string_get_width (run->glyphs);
  if (font != batch->font)
    {
      gp_text_batch_flush (batch);
      batch->font = cairo_scaled_font_reference (font);
    }
  for (gboolean more = pango_glyph_item_iter_init_start (&iter, run, text); more;
       more = pango_glyph_item_iter_next_cluster (&iter))
    {
      cairo_text_cluster_t cluster = { iter.end_index - iter.start_index, 0 };
      gboolean in_part =
          part == NULL || (iter.start_index >= part->start && iter.start_index < part->end);
      gboolean drawn = part == NULL || (in_part && iter.start_index < part->drawn_end);

      for (int i = iter.start_glyph; i < iter.end_glyph; i++)
        {
          cairo_glyph_t glyph = {
            glyphs[i].glyph,
            x + (double) (advance + glyphs[i].geometry.x_offset) / PANGO_SCALE,
            y + (double) glyphs[i].geometry.y_offset / PANGO_SCALE,
          };

          advance += glyphs[i].geometry.width;
          if (glyphs[i].glyph == PANGO_GLYPH_EMPTY || !drawn)
            continue;
          g_array_append_val (batch->glyphs, glyph);
          cluster.num_glyphs++;
        }
      if (!in_part || (cluster.num_bytes == 0 && cluster.num_glyphs == 0))
        continue;
      g_string_append_len (batch->text, text + iter.start_index, cluster.num_bytes);
      g_array_append_val (batch->clusters, cluster);
    }
  return advance;
}

/* Adds @layout, its top left at (@x, @y), as cairo_move_to() and pango_cairo_show_layout()
 * would draw it. */
void
gp_text_batch_add (GpTextBatch *batch,
                   PangoLayout *layout,
                   double       x,
                   double       y)
{
  const char *text = pango_layout_get_text (layout);
  PangoLayoutIter *iter;

  if (!is_plain (layout))
    {
      gp_text_batch_flush (batch);
      cairo_move_to (batch->cr, x, y);
      pango_cairo_show_layout (batch->cr, layout);
      return;
    }

  /* A run starts where the runs before it on its line end, as Pango draws it. */
  iter = pango_layout_get_iter (layout);
  do
    {
      PangoLayoutLine *line = pango_layout_iter_get_line_readonly (iter);
      int baseline = pango_layout_iter_get_baseline (iter);
      PangoRectangle logical;
      int run_x;

      pango_layout_iter_get_line_extents (iter, NULL, &logical);
      run_x = logical.x;
      for (GSList *r = line->runs; r != NULL; r = r->next)
        {
          PangoGlyphItem *run = r->data;

          run_x += add_run (batch, run, text, x + (double) run_x / PANGO_SCALE,
                            y + (double) (baseline - run->y_offset) / PANGO_SCALE, NULL);
        }
    }
  while (pango_layout_iter_next_line (iter));
  pango_layout_iter_free (iter);
}

/**
 * gp_text_batch_add_lines:
 * @batch: the batch
 * @layout: a paragraph laid out unwrapped, which gp_text_lines_break() broke
 * @lines: (element-type GpTextLine): its lines
 * @x: where the lines start
 * @y: where the first line's top is
 *
 * Adds @layout's @lines, one under another, as Pango would draw the paragraph laid out to wrap
 * at their breaks.
 */
void
gp_text_batch_add_lines (GpTextBatch *batch,
                         PangoLayout *layout,
                         GArray      *lines,
                         double       x,
                         double       y)
{
  PangoLayoutLine *line = pango_layout_get_line_readonly (layout, 0);
  const char *text = pango_layout_get_text (layout);
  int top = 0;

  g_return_if_fail (line != NULL);

  for (guint k = 0; k < lines->len; k++)
    {
      const GpTextLine *part = &g_array_index (lines, GpTextLine, k);
      int baseline = top + part->baseline;
      int run_x = 0;

      for (GSList *r = line->runs; r != NULL; r = r->next)
        {
          PangoGlyphItem *run = r->data;
          int shift = run->y_offset - part->y_shift;

          if (run->item->offset < part->end && run->item->offset + run->item->length > part->start)
            run_x += add_run (batch, run, text, x + (double) (run_x - part->x) / PANGO_SCALE,
                              y + (double) (baseline - shift) / PANGO_SCALE, part);
          else
            run_x += pango_glyph_string_get_width (run->glyphs);
        }
      top += part->height;
    }
}
