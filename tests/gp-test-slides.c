/* gp-test-slides.c — the check every deck of slides must pass
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "gp-test-slides.h"

static const struct { int width, height; } sizes[] = {
  { 1920, 1080 }, { 1280, 720 }, { 1024, 768 },
};

/* Draws every slide of @deck at the sizes projectors have, light and dark, and fails
 * on any text outside its box or smaller than 24 px at 1080 lines. GP_SLIDES_PNG=DIR saves
 * every slide there, to look at. */
void
gp_test_slides_assert_fit (GpSlideDeck *deck,
                           const char  *name)
{
  const char *png_dir = g_getenv ("GP_SLIDES_PNG");

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    for (int dark = FALSE; dark <= TRUE; dark++)
      for (guint i = 0; i < gp_slide_deck_get_n_slides (deck); i++)
        {
          cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, sizes[s].width,
                                                                 sizes[s].height);
          cairo_t *cr = cairo_create (surface);
          g_autoptr(GString) problems = g_string_new (NULL);
          double smallest = 0;

          gp_slide_deck_draw (deck, i, cr, sizes[s].width, sizes[s].height, dark, problems,
                              &smallest);
          g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);

          /* Every text in its box, none smaller than 24 px would be on a 1080-line screen. */
          if (problems->len > 0)
            g_error ("%s at %d×%d:\n%s", name, sizes[s].width, sizes[s].height, problems->str);
          g_assert_cmpfloat (smallest, >=, GP_SLIDE_SMALLEST_TEXT - 0.01);

          if (png_dir != NULL)
            {
              g_autofree char *file = g_strdup_printf ("%s/%s-%dx%d-%s-%02u.png", png_dir, name,
                                                       sizes[s].width, sizes[s].height,
                                                       dark ? "dark" : "light", i + 1);
              cairo_surface_write_to_png (surface, file);
            }
          cairo_destroy (cr);
          cairo_surface_destroy (surface);
        }
}

/* The PDF holds compressed streams, NUL bytes and all: no string function will do. */
guint
gp_test_count (const char *haystack,
               gsize       length,
               const char *needle)
{
  gsize needle_length = strlen (needle);
  guint n = 0;

  for (gsize i = 0; i + needle_length <= length; i++)
    if (memcmp (haystack + i, needle, needle_length) == 0)
      n++;

  return n;
}
