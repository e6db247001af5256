/* test-text-lines.c — a paragraph broken from one shaping breaks where Pango breaks it, or is
 * left to Pango
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <cairo-pdf.h>
#include <string.h>

#include "gp-chart-text.h"
#include "gp-text-lines.h"

#define FAMILY "Cantarell, Noto Sans CJK SC, sans-serif"

/* Paragraphs as budgets and summaries have them: names, hyphenated codes, figures, punctuation,
 * accents, a word as long as a narrow column; Chinese, in its own font, beside Latin. */
static const char *const paragraphs[] = {
  "Phase 07115 of the benchmark, named as long as a real one: 35 GPU-hours on EC2 · "
  "p4d.24xlarge (us-east-2), On demand; 4.5 hours, $99.86",
  "Phase 03717 of the benchmark, named as long as a real one: 5.9 kgCO2e (grid zone "
  "US-MIDW-MISO, 2024)",
  "Compute: Compute Engine · a2-highgpu-1g (us-central1), On demand",
  "Spot capacity can be reclaimed with two minutes' notice; checkpoints every 30 minutes "
  "keep what is lost to at most half an hour of work.",
  "Prices: Lambda (as of 2026-07-30); Azure Retail Prices API (2026-07-30); AWS Price List "
  "(2026-07-30)",
  "Préparation des données, réentraînement et évaluation — coûts estimés à 1 234,56 €",
  "Standard_NC24ads_A100_v4 eastus/westeurope/southeastasia",
  "A B C D E F G H I J K L M N O P Q R S T U V W X Y Z 1 2 3 4 5 6 7 8 9 0",
  "第 00056 阶段：蛋白质语言模型微调，名字和真实的一样长：在 Compute Engine · a2-highgpu-1g"
  "（asia-east1）上 35 GPU 时，按需；4.5 小时，¥713.43",
  "第 00057 阶段：评估，共 35 个时，按需；4.5 小时，¥713.43，数据传输 400 GB",
  "计算：阿里云 · ecs.gn7i-c8g1.2xlarge（cn-beijing），竞价",
  "所有金额以 CNY 计。汇率：1 USD = 7.1072 CNY（默认汇率，截至 2025-09-01：中国外汇交易中心 "
  "2025 年 9 月 1 日公布的人民币汇率中间价）。",
};

static PangoLayout *
unwrapped (cairo_t    *cr,
           const char *text,
           double      size)
{
  return gp_chart_text_layout (cr, FAMILY, text, size, FALSE, -1);
}

/* The run of @layout's first line that holds byte @index. */
static PangoGlyphItem *
run_at (PangoLayout *layout,
        int          index)
{
  for (GSList *r = pango_layout_get_line_readonly (layout, 0)->runs; r != NULL; r = r->next)
    {
      PangoGlyphItem *run = r->data;

      if (run->item->offset <= index && index < run->item->offset + run->item->length)
        return run;
    }
  g_assert_not_reached ();
}

/* How far @line moves up the run that holds byte @index of @layout: as far as in the unwrapped
 * line, less its first run's. */
static int
shift_of (PangoLayout      *layout,
          const GpTextLine *line,
          int               index)
{
  return run_at (layout, index)->y_offset - line->y_shift;
}

/* Checks @lines, of @layout, against the lines Pango makes of @text wrapped at @width points:
 * where they break, how wide and tall they are, where their baselines and runs are. */
static void
assert_as_pango_breaks (cairo_t     *cr,
                        PangoLayout *layout,
                        const char  *text,
                        double       size,
                        double       width,
                        GArray      *lines)
{
  g_autoptr(PangoLayout) wrapped = gp_chart_text_layout (cr, FAMILY, text, size, FALSE, width);

  g_assert_cmpint (pango_layout_get_line_count (wrapped), ==, lines->len);
  for (guint k = 0; k < lines->len; k++)
    {
      const GpTextLine *line = &g_array_index (lines, GpTextLine, k);
      PangoLayoutLine *expected = pango_layout_get_line_readonly (wrapped, k);
      PangoRectangle logical;

      pango_layout_line_get_extents (expected, NULL, &logical);
      g_assert_cmpint (line->start, ==, expected->start_index);
      g_assert_cmpint (line->end, ==, expected->start_index + expected->length);
      g_assert_cmpint (line->width, ==, logical.width);
      g_assert_cmpint (line->baseline, ==, -logical.y);
      g_assert_cmpint (line->height, ==, logical.height);
      g_assert_cmpint (line->drawn_end, <=, line->end);
      g_assert_cmpint (line->drawn_end, >=, line->end - 1);
      for (GSList *r = expected->runs; r != NULL; r = r->next)
        {
          PangoGlyphItem *run = r->data;

          g_assert_cmpint (shift_of (layout, line, run->item->offset), ==, run->y_offset);
        }
    }
}

/* Every paragraph at every width from a narrow column's to a page's, on a PDF's fonts (as the
 * budget sets them) and an image's (hinted): the same lines as Pango's, or left to Pango. */
static void
test_as_pango_breaks (void)
{
  cairo_surface_t *surfaces[] = {
    cairo_pdf_surface_create (NULL, 595, 842),
    cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1),
  };
  guint broken = 0, left = 0, chinese = 0;

  for (guint s = 0; s < G_N_ELEMENTS (surfaces); s++)
    {
      cairo_t *cr = cairo_create (surfaces[s]);

      for (guint i = 0; i < G_N_ELEMENTS (paragraphs); i++)
        for (double size = 9; size <= 10; size++)
          for (double width = 40; width <= 520; width += 3)
            {
              g_autoptr(PangoLayout) layout = unwrapped (cr, paragraphs[i], size);
              g_autoptr(GArray) lines = NULL;
              int full;

              pango_layout_get_size (layout, &full, NULL);
              if (full <= width * PANGO_SCALE)
                continue;
              lines = gp_text_lines_break (layout, (int) (width * PANGO_SCALE));
              if (lines == NULL)
                {
                  left++;
                  continue;
                }
              broken++;
              chinese += g_utf8_strchr (paragraphs[i], -1, 0x9636) != NULL;
              g_assert_cmpuint (lines->len, >=, 2);
              assert_as_pango_breaks (cr, layout, paragraphs[i], size, width, lines);
            }
      cairo_destroy (cr);
      cairo_surface_destroy (surfaces[s]);
    }
  /* Most are broken here: a word wider than the narrowest columns is left to Pango, and a
   * Chinese paragraph with a line that starts in Latin. */
  g_assert_cmpuint (broken, >, 2000);
  g_assert_cmpuint (left, <, broken / 3);
  g_assert_cmpuint (chinese, >, 200);
}

/* What Pango breaks otherwise than between words of one font, left to right, is Pango's. */
static void
test_left_to_pango (void)
{
  static const struct
  {
    const char *text;
    double width;
  } unusual[] = {
    /* a word wider than the line, broken inside with a hyphen */
    { "Supercalifragilisticexpialidocious", 60 },
    /* the only break that fits, at a soft hyphen, draws a hyphen */
    { "Inter\xc2\xadnational", 45 },
    { "שלום עולם, שלום עולם, שלום עולם", 60 },
    { "Two\tcolumns, a tab between them, long enough", 80 },
    { "Two paragraphs\nof one text, each long enough to wrap", 80 },
    /* its second line starts in Latin, whose fonts Pango places on another baseline */
    { "蛋白质语言模型 Compute Engine", 80 },
    { "A paragraph that ends in a space and wraps ", 80 },
    { "A private glyph \xee\x80\x80 no font has, long enough to wrap", 80 },
  };
  cairo_t *cr = gp_chart_new_measuring_context ();

  for (guint i = 0; i < G_N_ELEMENTS (unusual); i++)
    {
      g_autoptr(PangoLayout) layout = unwrapped (cr, unusual[i].text, 10);
      g_autoptr(GArray) lines =
          gp_text_lines_break (layout, (int) (unusual[i].width * PANGO_SCALE));

      g_assert_null (lines);
    }
  cairo_destroy (cr);
}

/* Letters of one script, with digits, punctuation and spaces, or of two. */
static void
test_one_script (void)
{
  g_assert_true (gp_text_lines_one_script (""));
  g_assert_true (gp_text_lines_one_script ("Phase 1 — café, $1,234.56 · naïve"));
  g_assert_true (gp_text_lines_one_script ("第 00056 阶段：评估；4.5 小时，¥713.43"));
  g_assert_true (gp_text_lines_one_script ("Фаза 1, 35 ГПУ-часов"));
  g_assert_false (gp_text_lines_one_script ("训练 on A100"));
  g_assert_false (gp_text_lines_one_script ("A100 训练"));
  g_assert_false (gp_text_lines_one_script ("Phase 1 שלום"));
  /* A character cut short at the end of the text: not read past. */
  g_assert_false (gp_text_lines_one_script ("Phase \xe8\xae"));
}

/* A paragraph that fits is one line: all of it, drawn whole. */
static void
test_one_line (void)
{
  cairo_t *cr = gp_chart_new_measuring_context ();
  g_autoptr(PangoLayout) layout = unwrapped (cr, "Storage: 50 GB", 10);
  g_autoptr(GArray) lines = gp_text_lines_break (layout, 400 * PANGO_SCALE);
  const GpTextLine *line;
  int width;

  g_assert_nonnull (lines);
  g_assert_cmpuint (lines->len, ==, 1);
  line = &g_array_index (lines, GpTextLine, 0);
  pango_layout_get_size (layout, &width, NULL);
  g_assert_cmpint (line->start, ==, 0);
  g_assert_cmpint (line->end, ==, strlen ("Storage: 50 GB"));
  g_assert_cmpint (line->drawn_end, ==, line->end);
  g_assert_cmpint (line->width, ==, width);
  cairo_destroy (cr);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/text-lines/as-pango-breaks", test_as_pango_breaks);
  g_test_add_func ("/text-lines/left-to-pango", test_left_to_pango);
  g_test_add_func ("/text-lines/one-line", test_one_line);
  g_test_add_func ("/text-lines/one-script", test_one_script);
  return g_test_run ();
}
