/* test-text-batch.c — laid-out texts drawn together look as Pango draws them, in fewer
 * text operations, and keep their text
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <cairo-script.h>
#include <string.h>

#include "gp-chart-text.h"
#include "gp-text-batch.h"

#define WIDTH  400
#define HEIGHT 160

typedef struct
{
  const char *text;
  double x, y;
  double wrap; /* 0: one line */
  gboolean bold;
  gboolean right;
} Placed;

/* A table row and a bullet as the budget's PDF has them: a wrapped name, a right-aligned
 * figure, a bold heading, Chinese beside Latin. */
static const Placed budget_row[] = {
  { "Compute: EC2 · p4d.24xlarge (us-east-2), On demand", 4, 4, 150, FALSE, FALSE },
  { "Phase 00001 of the benchmark, named as long as a real one", 160, 4, 140, FALSE, FALSE },
  { "$1,234.56", 310, 4, 80, FALSE, TRUE },
  { "•", 6, 60, 0, FALSE, FALSE },
  { "训练阶段 1: 80 GPU-hours on 阿里云 · ecs.gn7i", 18, 60, 370, FALSE, FALSE },
  { "Assumptions", 4, 110, 0, TRUE, FALSE },
};

static PangoLayout *
layout_of (cairo_t      *cr,
           const Placed *placed)
{
  PangoLayout *layout = gp_chart_text_layout (cr, "Cantarell, Noto Sans CJK SC, sans-serif",
                                              placed->text, 9, placed->bold, placed->wrap);

  if (placed->right)
    pango_layout_set_alignment (layout, PANGO_ALIGN_RIGHT);
  return layout;
}

static void
draw_with_pango (cairo_t      *cr,
                 const Placed *placed,
                 guint         n)
{
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(PangoLayout) layout = layout_of (cr, &placed[i]);

      cairo_move_to (cr, placed[i].x, placed[i].y);
      pango_cairo_show_layout (cr, layout);
    }
}

static void
draw_batched (cairo_t      *cr,
              const Placed *placed,
              guint         n)
{
  g_autoptr(GpTextBatch) batch = gp_text_batch_new (cr);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(PangoLayout) layout = layout_of (cr, &placed[i]);

      gp_text_batch_add (batch, layout, placed[i].x, placed[i].y);
    }
}

/* Each paragraph unwrapped, broken by gp_text_lines_break() and drawn line by line. */
static void
draw_broken (cairo_t      *cr,
             const Placed *placed,
             guint         n)
{
  g_autoptr(GpTextBatch) batch = gp_text_batch_new (cr);

  for (guint i = 0; i < n; i++)
    {
      Placed unwrapped = placed[i];
      g_autoptr(PangoLayout) layout = NULL;
      g_autoptr(GArray) lines = NULL;

      unwrapped.wrap = -1;
      layout = layout_of (cr, &unwrapped);
      lines = gp_text_lines_break (layout, (int) (placed[i].wrap * PANGO_SCALE));
      g_assert_nonnull (lines);
      g_assert_cmpuint (lines->len, >=, 2);
      gp_text_batch_add_lines (batch, layout, lines, placed[i].x, placed[i].y);
    }
}

static void
count_glyph_operation (cairo_surface_t *observer,
                       cairo_surface_t *target,
                       gpointer         data)
{
  (*(guint *) data)++;
}

/* Draws @placed with @draw on an image, @scale times larger; returns the image and, in
 * @n_operations, how many text operations reached it. */
static cairo_surface_t *
render_scaled (void (*draw) (cairo_t *, const Placed *, guint),
               const Placed *placed,
               guint         n,
               double        scale,
               guint        *n_operations)
{
  cairo_surface_t *image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  cairo_surface_t *observer = cairo_surface_create_observer (image, CAIRO_SURFACE_OBSERVER_NORMAL);
  cairo_t *cr = cairo_create (observer);

  *n_operations = 0;
  cairo_surface_observer_add_glyphs_callback (observer, count_glyph_operation, n_operations);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_scale (cr, scale, scale);
  draw (cr, placed, n);
  /* cairo refuses clusters that do not add up: the whole PDF would be lost. */
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_finish (observer);
  cairo_surface_destroy (observer);
  cairo_surface_flush (image);
  return image;
}

static cairo_surface_t *
render (void (*draw) (cairo_t *, const Placed *, guint),
        const Placed *placed,
        guint         n,
        guint        *n_operations)
{
  return render_scaled (draw, placed, n, 1, n_operations);
}

/* Whether @a and @b show the same glyphs at the same places: a glyph moved by a pixel changes
 * dozens. Where two glyphs touch, one operation for both blends their edges a little otherwise
 * than two, so a few pixels of the many inked may differ. */
static void
assert_same_drawing (cairo_surface_t *a,
                     cairo_surface_t *b)
{
  int stride = cairo_image_surface_get_stride (a);
  const guint8 *x = cairo_image_surface_get_data (a), *y = cairo_image_surface_get_data (b);
  guint differing = 0, inked = 0;

  for (int row = 0; row < HEIGHT; row++)
    for (int column = 0; column < WIDTH; column++)
      {
        guint32 p = ((const guint32 *) (x + row * stride))[column];
        guint32 q = ((const guint32 *) (y + row * stride))[column];

        differing += p != q;
        inked += p != 0xffffffff;
      }
  /* A blank image would match a blank image. */
  g_assert_cmpuint (inked, >, 500);
  g_assert_cmpuint (differing, <=, inked / 200);
}

/* Draws @placed with Pango and with a batch, checks both drawings are the same, and says how
 * many text operations each made. */
static void
assert_drawn_as_pango_draws (const Placed *placed,
                             guint         n,
                             guint        *pango_operations,
                             guint        *batch_operations)
{
  cairo_surface_t *expected = render (draw_with_pango, placed, n, pango_operations);
  cairo_surface_t *batched = render (draw_batched, placed, n, batch_operations);

  assert_same_drawing (expected, batched);
  cairo_surface_destroy (expected);
  cairo_surface_destroy (batched);
}

static void
test_looks_as_pango_draws (void)
{
  guint pango_operations, batch_operations;

  assert_drawn_as_pango_draws (budget_row, G_N_ELEMENTS (budget_row), &pango_operations,
                               &batch_operations);
  /* A line of each layout, or more where a fallback font sets the Chinese; the batch draws a
   * run of one font at a time. */
  g_assert_cmpuint (pango_operations, >=, G_N_ELEMENTS (budget_row) + 2);
  g_assert_cmpuint (batch_operations, <=, pango_operations / 2);
}

/* Right-to-left text, and a glyph no font has (drawn as a box), are Pango's to draw. */
static void
test_left_to_pango (void)
{
  static const Placed unusual[] = {
    { "Before", 4, 4, 0, FALSE, FALSE },
    { "שלום עולם", 100, 4, 0, FALSE, FALSE },
    { "A private glyph: \xee\x80\x80", 4, 40, 0, FALSE, FALSE },
    { "After", 200, 40, 0, FALSE, FALSE },
  };
  guint pango_operations, batch_operations;

  assert_drawn_as_pango_draws (unusual, G_N_ELEMENTS (unusual), &pango_operations,
                               &batch_operations);
}

/* Clusters of several characters or glyphs (a combining accent, a joined emoji, a joiner that
 * draws nothing, Thai's marks) are what cairo checks most strictly: one wrong and the whole
 * PDF is refused. */
static void
test_clusters (void)
{
  static const Placed complex[] = {
    { "Cafe\xcc\x81 re\xcc\x81sume\xcc\x81", 4, 4, 0, FALSE, FALSE },
    { "\xf0\x9f\x91\xa9\xe2\x80\x8d\xf0\x9f\x94\xac lab", 200, 4, 0, FALSE, FALSE },
    { "a\xe2\x80\x8c"
      "b\xe2\x80\x8d"
      "c",
      4, 40, 0, FALSE, FALSE },
    { "\xe0\xb8\x81\xe0\xb8\xb2\xe0\xb8\xa3\xe0\xb8\x9d\xe0\xb8\xb6\xe0\xb8\x81", 200, 40, 0, FALSE,
      FALSE },
    { "Phase 7, named long enough to wrap onto a second line here", 4, 80, 120, FALSE, FALSE },
  };
  guint pango_operations, batch_operations;

  assert_drawn_as_pango_draws (complex, G_N_ELEMENTS (complex), &pango_operations,
                               &batch_operations);
}

/* Paragraphs broken from one shaping look as Pango draws them wrapped: the same glyphs on the
 * same lines, a space a line was broken at not drawn, Chinese and its figures (in another font)
 * each on the baseline Pango gives it. */
static void
test_lines_as_pango_wraps (void)
{
  static const Placed paragraphs[] = {
    { "Phase 00001 of the benchmark, named as long as a real one", 4, 4, 140, FALSE, FALSE },
    { "Compute: Azure ML · Standard_NC24ads_A100_v4 (eastus), On demand", 160, 4, 150, TRUE,
      FALSE },
    { "Phase 07115 of the benchmark, named as long as a real one: 35 GPU-hours on EC2 · "
      "p4d.24xlarge (us-east-2), On demand; 4.5 hours, $99.86",
      4, 60, 380, FALSE, FALSE },
    { "第 00056 阶段：蛋白质语言模型微调，名字和真实的一样长；35 个时，按需；4.5 小时，¥713.43", 4,
      100, 180, FALSE, FALSE },
  };
  guint n_operations;
  cairo_surface_t *expected =
      render (draw_with_pango, paragraphs, G_N_ELEMENTS (paragraphs), &n_operations);
  cairo_surface_t *broken =
      render (draw_broken, paragraphs, G_N_ELEMENTS (paragraphs), &n_operations);

  assert_same_drawing (expected, broken);
  cairo_surface_destroy (expected);
  cairo_surface_destroy (broken);
}

/* Pango moves a run of another font up or down onto the baseline of the line's first script
 * (figures in a Chinese line): a fifth of a point, seen magnified. */
static void
test_runs_on_pango_baselines (void)
{
  static const Placed chinese[] = {
    { "第 00056 阶段：¥713.43", 2, 2, 0, FALSE, FALSE },
  };
  guint n_operations;
  cairo_surface_t *expected = render_scaled (draw_with_pango, chinese, 1, 5, &n_operations);
  cairo_surface_t *batched = render_scaled (draw_batched, chinese, 1, 5, &n_operations);

  assert_same_drawing (expected, batched);
  cairo_surface_destroy (expected);
  cairo_surface_destroy (batched);
}

static cairo_status_t
append_to_string (void                *closure,
                  const unsigned char *data,
                  unsigned int         length)
{
  g_string_append_len (closure, (const char *) data, length);
  return CAIRO_STATUS_SUCCESS;
}

/* A PDF keeps the text of what it draws, to be copied: each glyph with the characters it came
 * from. A script surface writes the text and clusters each operation was given. */
static void
test_keeps_text (void)
{
  g_autoptr(GString) script = g_string_new (NULL);
  cairo_device_t *device = cairo_script_create_for_stream (append_to_string, script);
  cairo_surface_t *surface =
      cairo_script_surface_create (device, CAIRO_CONTENT_COLOR_ALPHA, WIDTH, HEIGHT);
  cairo_t *cr = cairo_create (surface);
  guint n_operations = 0;

  draw_batched (cr, budget_row, 3);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  cairo_surface_destroy (surface);
  cairo_device_finish (device);
  cairo_device_destroy (device);

  for (const char *at = script->str; (at = strstr (at, "show-text-glyphs")) != NULL; at++)
    n_operations++;
  g_assert_cmpuint (n_operations, ==, 1);
  g_assert_nonnull (strstr (script->str, "Compute: EC2"));
  g_assert_nonnull (strstr (script->str, "named as long"));
  g_assert_nonnull (strstr (script->str, "$1,234.56"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/text-batch/looks-as-pango-draws", test_looks_as_pango_draws);
  g_test_add_func ("/text-batch/left-to-pango", test_left_to_pango);
  g_test_add_func ("/text-batch/clusters", test_clusters);
  g_test_add_func ("/text-batch/keeps-text", test_keeps_text);
  g_test_add_func ("/text-batch/lines-as-pango-wraps", test_lines_as_pango_wraps);
  g_test_add_func ("/text-batch/runs-on-pango-baselines", test_runs_on_pango_baselines);
  return g_test_run ();
}
