/* gp-chart-text.c — type set and measured alike on charts, slides and the summary PDF
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "gp-chart-text.h"

/* One Pango context per cairo context, kept on it: making a context for every label was the
 * larger part of drawing a chart. */
static const cairo_user_data_key_t context_key;

/* Metrics do not depend on the output's resolution or hinting, so that the same lines come out
 * on screen, in a PNG and in a PDF, and a layout measured once holds for all. */
PangoContext *
gp_chart_text_context (cairo_t *cr)
{
  PangoContext *context = cairo_get_user_data (cr, &context_key);

  if (context != NULL)
    return context;

  context = gp_chart_text_context_new (cr, pango_cairo_font_map_get_default ());
  cairo_set_user_data (cr, &context_key, context, g_object_unref);

  return context;
}

/* A context like gp_chart_text_context()'s on @font_map: a thread of its own sets type with a
 * font map of its own, as Pango's fonts are not shared between threads. */
PangoContext *
gp_chart_text_context_new (cairo_t      *cr,
                           PangoFontMap *font_map)
{
  PangoContext *context = pango_font_map_create_context (font_map);
  cairo_font_options_t *options;

  pango_cairo_update_context (cr, context);
  options = cairo_font_options_create ();
  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style (options, CAIRO_HINT_STYLE_NONE);
  pango_cairo_context_set_font_options (context, options);
  pango_cairo_context_set_resolution (context, 72);
  /* Glyphs placed to the whole point would, drawn at 300 dpi, move by four pixels at a time:
   * a word space of 2.5 pt became 2, and "94 more options" read "94moreoptions". */
  pango_context_set_round_glyph_positions (context, FALSE);
  cairo_font_options_destroy (options);

  return context;
}

/* Drops the Pango context kept with @cr, for one made for its present transform. */
void
gp_chart_text_forget (cairo_t *cr)
{
  cairo_set_user_data (cr, &context_key, NULL, NULL);
}

PangoLayout *
gp_chart_text_layout (cairo_t    *cr,
                      const char *family,
                      const char *text,
                      double      size,
                      gboolean    bold,
                      double      wrap_width)
{
  return gp_chart_text_layout_in (gp_chart_text_context (cr), family, text, size, bold, wrap_width);
}

PangoLayout *
gp_chart_text_layout_in (PangoContext *context,
                         const char   *family,
                         const char   *text,
                         double        size,
                         gboolean      bold,
                         double        wrap_width)
{
  PangoLayout *layout = pango_layout_new (context);
  g_autoptr(PangoFontDescription) font = pango_font_description_from_string (family);

  pango_font_description_set_absolute_size (font, size * PANGO_SCALE);
  if (bold)
    pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, font);
  pango_layout_set_text (layout, text != NULL ? text : "", -1);
  if (wrap_width > 0)
    {
      pango_layout_set_width (layout, (int) (wrap_width * PANGO_SCALE));
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
    }

  return layout;
}

void
gp_chart_text_size (PangoLayout *layout,
                    double      *width,
                    double      *height)
{
  int w, h;

  pango_layout_get_size (layout, &w, &h);
  if (width != NULL)
    *width = (double) w / PANGO_SCALE;
  if (height != NULL)
    *height = (double) h / PANGO_SCALE;
}

/* A context for measuring text when nothing is being drawn. */
cairo_t *
gp_chart_new_measuring_context (void)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cairo_t *cr = cairo_create (surface);

  cairo_surface_destroy (surface);
  return cr;
}
