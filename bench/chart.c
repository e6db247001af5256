/* chart.c — draw the cost chart with 50 bars at 1920×1080, export it as SVG and PDF, and the
 * whole slide deck as PDF
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: bench-chart [--runs N]
 * Medians of drawing onto a 1920×1080 image surface (targets: at most 5 ms) and of rendering
 * the SVG and PDF files in memory (at most 50 ms each), of the four charts as one PDF (at most
 * 50 ms) and of the slide deck of the bundled catalog's platforms and a job as PDF (at most
 * 500 ms).
 */

#include "config.h"

#include <stdio.h>

#include "bench-util.h"
#include "gp-chart-export.h"
#include "gp-recommender.h"
#include "gp-slide-deck.h"

static GpChartData *data;
static GpChartStyle style;
static cairo_surface_t *surface;
static GpSlideDeck *deck;

static gboolean
draw (GBytes *unused)
{
  cairo_t *cr = cairo_create (surface);

  /* 1920 pixels at the screen's 96 dpi: the chart is laid out in points. */
  cairo_scale (cr, 96.0 / 72, 96.0 / 72);
  gp_chart_draw (cr, NULL, GP_CHART_KIND_COST, data, &style, 1920 * 0.75, 1080 * 0.75);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return TRUE;
}

/* As after a change of the data: the layout is made again, then painted. */
static gboolean
draw_new_layout (GBytes *unused)
{
  gp_chart_data_set_n_hidden (data, gp_chart_data_get_n_hidden (data));
  return draw (NULL);
}

static gboolean
render_all_pdf (GBytes *unused)
{
  GpChartSize size = { 170, 110, 300, 0, 0 };
  g_autoptr(GBytes) bytes = gp_chart_render_all_pdf (data, &style, &size, NULL);

  return bytes != NULL;
}

static gboolean
render (GpChartFormat format)
{
  GpChartSize size = { 170, 110, 300, 0, 0 };
  g_autoptr(GBytes) bytes = gp_chart_render (format, GP_CHART_KIND_COST, data, &style, &size,
                                             NULL);

  return bytes != NULL;
}

/* Every kind of slide, as Present builds them: a job on the bundled catalog, the platforms
 * compared, the assistant's answer. */
static GpSlideDeck *
build_deck (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GpWorkload) job = gp_workload_new ();
  g_autoptr(GpComparison) comparison = gp_comparison_new (catalog);
  g_autoptr(GpRecommender) recommender = NULL;
  g_autoptr(GpEstimateList) estimates = NULL;
  g_autoptr(GpRecommendation) answer = NULL;
  g_autoptr(GError) error = NULL;
  GpSlideDeck *slides = gp_slide_deck_new ();

  gp_workload_set_gpu_hours (job, 300);
  gp_workload_set_reference_gpu (job, "v100-sxm2-16gb");
  estimates = gp_estimate_list_new (catalog, job, NULL, &error);
  g_assert_no_error (error);
  recommender = gp_recommender_new (job);
  answer = gp_recommender_recommend (recommender, catalog, NULL, &error);
  g_assert_no_error (error);

  gp_slide_deck_add_title (slides, estimates);
  gp_slide_deck_add_summary (slides, estimates, answer);
  gp_slide_deck_add_prices (slides, comparison);
  gp_slide_deck_add_comparison (slides, gp_comparison_build (comparison), TRUE);
  gp_slide_deck_add_charts (slides, estimates);
  gp_slide_deck_add_recommendation (slides, answer);
  return slides;
}

static gboolean
render_deck (GBytes *unused)
{
  g_autoptr(GBytes) bytes = gp_slide_deck_to_pdf (deck, NULL);

  return bytes != NULL;
}

static gboolean
render_svg (GBytes *unused)
{
  return render (GP_CHART_FORMAT_SVG);
}

static gboolean
render_pdf (GBytes *unused)
{
  return render (GP_CHART_FORMAT_PDF);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;
  int runs = 61;
  GOptionEntry entries[] = {
    { "runs", 0, 0, G_OPTION_ARG_INT, &runs, "Timed runs of each", "N" },
    { NULL }
  };

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    g_error ("%s", error->message);

  double cpu_ms = bench_cpu_reference_ms ();

  data = gp_chart_data_new ("USD");
  for (guint i = 0; i < 50; i++)
    {
      g_autofree char *label =
          g_strdup_printf ("Provider %u instance-%u.%uxlarge", i % 7, i, i % 4);
      double parts[GP_CHART_N_PARTS] = { 120 + 31.0 * i, 4, 3, i % 5 };

      gp_chart_data_add (data, label, i % 5, parts, 300.0 / (1 + i % 9));
    }
  gp_chart_data_set_footnote (data, "Workload: 300 GPU-hours on one V100, FP16. Prices: a "
                                    "generated catalog (as of 2026-12-01).");
  gp_chart_style_init (&style, GP_CHART_STYLE_LIGHT);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1920, 1080);

  draw (NULL);  /* warm up: fonts are loaded once */
  {
    g_autoptr(GpChartLayoutCache) layouts = gp_chart_layout_cache_new ();
    guint drawn = 0;
    GpChartRect rect;

    for (guint i = 0; i < gp_chart_data_get_n_items (data); i++)
      drawn += gp_chart_get_item_rect (layouts, GP_CHART_KIND_COST, data, &style, 1920 * 0.75,
                                       1080 * 0.75, i, &rect);
    printf ("chart: %u of %u bars fit at 1920x1080\n", drawn, gp_chart_data_get_n_items (data));
  }
  printf ("chart draw, 50 bars at 1920x1080, laid out and painted: median of %d runs %.2f ms "
          "(target <= 5 ms)\n",
          runs, bench_median_ms (draw_new_layout, NULL, runs));
  printf ("chart draw, 50 bars at 1920x1080, painted with its layout kept: median of %d runs "
          "%.2f ms\n",
          runs, bench_median_ms (draw, NULL, runs));
  printf ("chart SVG export, 170x110 mm: median of %d runs %.2f ms (target <= 50 ms)\n", runs,
          bench_median_ms (render_svg, NULL, runs));
  printf ("chart PDF export, 170x110 mm: median of %d runs %.2f ms (target <= 50 ms)\n", runs,
          bench_median_ms (render_pdf, NULL, runs));
  printf ("all four charts in one PDF, 170x110 mm: median of %d runs %.2f ms (target <= 50 ms)\n",
          runs, bench_median_ms (render_all_pdf, NULL, runs));

  deck = build_deck ();
  render_deck (NULL);
  printf ("slide deck PDF, %u slides: median of %d runs %.2f ms (target <= 500 ms)\n",
          gp_slide_deck_get_n_slides (deck), MIN (runs, 21),
          bench_median_ms (render_deck, NULL, MIN (runs, 21)));
  gp_slide_deck_unref (deck);

  cairo_surface_destroy (surface);
  gp_chart_data_unref (data);
  bench_print_cpu_reference (cpu_ms);
  return 0;
}
