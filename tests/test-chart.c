/* test-chart.c — the charts drawn with no display: geometry, bounds, formats, Chinese text
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gstdio.h>
#include <pango/pangocairo.h>

#include "gp-breakeven-chart.h"
#include "gp-chart-export.h"
#include "gp-chart-layout.h"
#include "gp-cost-model.h"
#include "gp-chart-text.h"
#include "gp-chart-data.h"
#include "gp-cost-emissions-chart.h"
#include "gp-emissions-chart.h"
#include "gp-estimate-list.h"
#include "gp-history-chart.h"
#include "gp-price-history.h"

static GpChartData *
two_bars (void)
{
  GpChartData *data = gp_chart_data_new ("USD");
  const double hundred[GP_CHART_N_PARTS] = { 100, 0, 0, 0 };
  const double fifty[GP_CHART_N_PARTS] = { 40, 5, 5, 0 };

  gp_chart_data_add (data, "Expensive", GP_ESTIMATE_PRICING_ON_DEMAND, hundred, 10);
  gp_chart_data_add (data, "Cheap", GP_ESTIMATE_PRICING_ON_DEMAND, fifty, 20);
  gp_chart_data_set_footnote (data, "Footnote: sources and assumptions.");
  return data;
}

static GpChartData *
many_items (guint n)
{
  GpChartData *data = gp_chart_data_new ("USD");

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *label = g_strdup_printf ("Provider %u instance-%u", i % 7, i);
      double parts[GP_CHART_N_PARTS] = { 50 + 37.0 * i, 3, 2, i % 3 };

      gp_chart_data_add (data, label, i % 5, parts, 200.0 / (i + 1));
    }
  gp_chart_data_set_footnote (data, "Workload: a test. Prices: a test source (as of 2025-01-01).");
  return data;
}

static cairo_surface_t *
draw_to_image (GpChartKind         kind,
               GpChartData        *data,
               const GpChartStyle *style,
               int                 width,
               int                 height)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);

  gp_chart_draw (cr, NULL, kind, data, style, width, height);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  return surface;
}

static gboolean
pixel_is (cairo_surface_t    *surface,
          int                 x,
          int                 y,
          const GpChartColor *color)
{
  const guint8 *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  guint32 pixel = *(const guint32 *) (data + y * stride + x * 4);
  int r = pixel >> 16 & 0xff, g = pixel >> 8 & 0xff, b = pixel & 0xff;

  return abs (r - (int) lround (color->red * 255)) <= 2 &&
         abs (g - (int) lround (color->green * 255)) <= 2 &&
         abs (b - (int) lround (color->blue * 255)) <= 2;
}

/* The length of the run of @color along the middle of @rect. */
static int
bar_length (cairo_surface_t    *surface,
            const GpChartRect  *rect,
            const GpChartColor *color)
{
  int y = (int) (rect->y + rect->height / 2);
  int length = 0;

  for (int x = 0; x < cairo_image_surface_get_width (surface); x++)
    if (pixel_is (surface, x, y, color))
      length++;

  return length;
}

static void
test_bar_lengths_proportional (void)
{
  g_autoptr(GpChartData) data = two_bars ();
  GpChartStyle style;
  cairo_surface_t *surface;
  GpChartRect expensive, cheap;
  int long_bar, short_bar;

  gp_chart_style_init (&style, GP_CHART_STYLE_LIGHT);
  surface = draw_to_image (GP_CHART_KIND_COST, data, &style, 800, 500);

  g_assert_true (
      gp_chart_get_item_rect (NULL, GP_CHART_KIND_COST, data, &style, 800, 500, 0, &expensive));
  g_assert_true (
      gp_chart_get_item_rect (NULL, GP_CHART_KIND_COST, data, &style, 800, 500, 1, &cheap));
  long_bar = bar_length (surface, &expensive, &style.series[GP_ESTIMATE_PRICING_ON_DEMAND]);
  short_bar = bar_length (surface, &cheap, &style.series[GP_ESTIMATE_PRICING_ON_DEMAND]);

  /* 100 against 50: twice as long, within a pixel of anti-aliasing at each end. */
  g_assert_cmpint (long_bar, >, 100);
  g_assert_cmpint (abs (long_bar - 2 * short_bar), <=, 3);
  g_assert_cmpfloat (fabs (expensive.width - 2 * cheap.width), <, 0.01);
  /* The cheaper bar comes first. */
  g_assert_cmpfloat (cheap.y, <, expensive.y);

  cairo_surface_destroy (surface);
}

static void
test_breakdown_segments (void)
{
  g_autoptr(GpChartData) data = two_bars ();
  GpChartStyle style;
  cairo_surface_t *surface;
  GpChartRect cheap;
  int compute, storage, transfer;

  gp_chart_style_init (&style, GP_CHART_STYLE_LIGHT);
  surface = draw_to_image (GP_CHART_KIND_BREAKDOWN, data, &style, 800, 500);
  g_assert_true (
      gp_chart_get_item_rect (NULL, GP_CHART_KIND_BREAKDOWN, data, &style, 800, 500, 1, &cheap));

  /* 40 + 5 + 5: the compute segment is eight times each of the others. */
  compute = bar_length (surface, &cheap, &style.series[GP_CHART_PART_COMPUTE]);
  storage = bar_length (surface, &cheap, &style.series[GP_CHART_PART_STORAGE]);
  transfer = bar_length (surface, &cheap, &style.series[GP_CHART_PART_TRANSFER]);
  g_assert_cmpint (storage, >, 5);
  g_assert_cmpint (abs (compute - 8 * storage), <=, 10);
  g_assert_cmpint (abs (storage - transfer), <=, 2);

  cairo_surface_destroy (surface);
}

/* Drawn at an offset into a larger transparent surface: every pixel outside the canvas must
 * stay untouched, for every chart and style, with long labels and many items. */
static void
test_nothing_outside_canvas (void)
{
  g_autoptr(GpChartData) data = many_items (60);

  for (GpChartKind kind = GP_CHART_KIND_COST; kind <= GP_CHART_KIND_CUMULATIVE; kind++)
    for (GpChartStyleKind style_kind = GP_CHART_STYLE_LIGHT;
         style_kind <= GP_CHART_STYLE_PRESENTATION; style_kind++)
      {
        cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 600, 500);
        cairo_t *cr = cairo_create (surface);
        const guint8 *pixels;
        int stride;
        GpChartStyle style;

        gp_chart_style_init (&style, style_kind);
        cairo_translate (cr, 100, 100);
        gp_chart_draw (cr, NULL, kind, data, &style, 400, 300);
        cairo_destroy (cr);
        cairo_surface_flush (surface);

        pixels = cairo_image_surface_get_data (surface);
        stride = cairo_image_surface_get_stride (surface);
        for (int y = 0; y < 500; y++)
          for (int x = 0; x < 600; x++)
            {
              gboolean inside = x >= 100 && x < 500 && y >= 100 && y < 400;
              guint32 pixel = *(const guint32 *) (pixels + y * stride + x * 4);

              if (!inside && pixel != 0)
                g_error ("chart %d style %d drew at %d,%d", kind, style_kind, x, y);
              if (inside && pixel == 0)
                g_error ("chart %d style %d left %d,%d unpainted", kind, style_kind, x, y);
            }

        cairo_surface_destroy (surface);
      }
}

/* Options that finish fast sit by the cost axis; their names go into the plot, never over the
 * axis's figures and title: left of the plot, the chart is the same whatever the names are. */
static GpChartData *
fast_options (const char *prefix)
{
  GpChartData *data = gp_chart_data_new ("USD");

  for (guint i = 0; i < 6; i++)
    {
      g_autofree char *label = g_strdup_printf ("%s%u", prefix, i);
      double parts[GP_CHART_N_PARTS] = { 100 + 45.0 * i, 0, 0, 0 };

      gp_chart_data_add (data, label, GP_ESTIMATE_PRICING_ON_DEMAND, parts, 20 + 60.0 * i * i);
    }
  return data;
}

static void
test_labels_stay_in_plot (void)
{
  /* The line chart's labels have a column of their own: /chart/line-labels checks them. */
  static const GpChartKind kinds[] = { GP_CHART_KIND_VALUE };
  g_autoptr(GpChartData) long_names = fast_options ("Lambda gpu_1x_h100_sxm5 number ");
  g_autoptr(GpChartData) short_names = fast_options ("");

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    for (GpChartStyleKind style_kind = GP_CHART_STYLE_LIGHT;
         style_kind <= GP_CHART_STYLE_PRESENTATION; style_kind++)
      {
        GpChartStyle style;
        GpChartRect plot;
        cairo_surface_t *a, *b;
        const guint8 *pa, *pb;
        int stride;

        gp_chart_style_init (&style, style_kind);
        plot = gp_chart_get_plot_rect (NULL, kinds[k], long_names, &style, 640, 400);
        a = draw_to_image (kinds[k], long_names, &style, 640, 400);
        b = draw_to_image (kinds[k], short_names, &style, 640, 400);
        pa = cairo_image_surface_get_data (a);
        pb = cairo_image_surface_get_data (b);
        stride = cairo_image_surface_get_stride (a);

        for (int y = 0; y < 400; y++)
          for (int x = 0; x < (int) floor (plot.x); x++)
            if (*(const guint32 *) (pa + y * stride + x * 4) !=
                *(const guint32 *) (pb + y * stride + x * 4))
              g_error ("chart %d style %d: a name is drawn left of the plot, at %d,%d",
                       kinds[k], style_kind, x, y);

        cairo_surface_destroy (a);
        cairo_surface_destroy (b);
      }
}

static void
test_rows_fit_or_are_counted (void)
{
  g_autoptr(GpChartData) data = many_items (60);
  GpChartStyle style;
  GpChartRect plot, rect;
  guint drawn = 0;

  gp_chart_style_init (&style, GP_CHART_STYLE_LIGHT);
  plot = gp_chart_get_plot_rect (NULL, GP_CHART_KIND_COST, data, &style, 600, 400);

  for (guint i = 0; i < gp_chart_data_get_n_items (data); i++)
    if (gp_chart_get_item_rect (NULL, GP_CHART_KIND_COST, data, &style, 600, 400, i, &rect))
      {
        drawn++;
        g_assert_cmpfloat (rect.y, >=, plot.y);
        g_assert_cmpfloat (rect.y + rect.height, <=, plot.y + plot.height + 0.01);
        g_assert_cmpfloat (rect.x + rect.width, <=, plot.x + plot.width + 0.01);
      }

  /* Not all 60 fit in 400 points; the footnote counts the rest (checked by the SVG text). */
  g_assert_cmpuint (drawn, >, 5);
  g_assert_cmpuint (drawn, <, 60);
}

static void
test_hit_test (void)
{
  g_autoptr(GpChartData) data = two_bars ();
  GpChartStyle style;
  GpChartRect rect;

  gp_chart_style_init (&style, GP_CHART_STYLE_LIGHT);
  for (GpChartKind kind = GP_CHART_KIND_COST; kind <= GP_CHART_KIND_VALUE; kind++)
    for (guint i = 0; i < 2; i++)
      {
        g_assert_true (gp_chart_get_item_rect (NULL, kind, data, &style, 640, 400, i, &rect));
        g_assert_cmpint (gp_chart_hit_test (NULL, kind, data, &style, 640, 400,
                                            rect.x + rect.width / 2, rect.y + rect.height / 2),
                         ==, (int) i);
      }

  g_assert_cmpint (gp_chart_hit_test (NULL, GP_CHART_KIND_COST, data, &style, 640, 400, 5, 5), ==,
                   -1);
}

typedef struct
{
  guint elements;
  guint texts;
  gboolean svg_root;
} SvgCount;

static void
svg_start (GMarkupParseContext *context,
           const char          *element,
           const char         **names,
           const char         **values,
           gpointer             user_data,
           GError             **error)
{
  SvgCount *count = user_data;

  if (count->elements++ == 0)
    count->svg_root = g_str_equal (element, "svg");
}

static void
test_svg_is_xml (void)
{
  g_autoptr(GpChartData) data = many_items (12);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  GMarkupParser parser = { svg_start, NULL, NULL, NULL, NULL };
  GMarkupParseContext *context;
  GpChartSize size = { 85, 60, 300, 0, 0 };
  SvgCount count = { 0 };
  GpChartStyle style;

  gp_chart_style_init (&style, GP_CHART_STYLE_PRINT);
  bytes = gp_chart_render (GP_CHART_FORMAT_SVG, GP_CHART_KIND_COST, data, &style, &size, &error);
  g_assert_no_error (error);

  context = g_markup_parse_context_new (&parser, 0, &count, NULL);
  g_assert_true (g_markup_parse_context_parse (context, g_bytes_get_data (bytes, NULL),
                                               g_bytes_get_size (bytes), &error));
  g_assert_true (g_markup_parse_context_end_parse (context, &error));
  g_assert_no_error (error);
  g_markup_parse_context_free (context);

  g_assert_true (count.svg_root);
  g_assert_cmpuint (count.elements, >, 50);
  /* 85 × 60 mm is 240.94 × 170.08 pt. */
  g_assert_nonnull (g_strstr_len (g_bytes_get_data (bytes, NULL), 600, "width=\"240.94"));
}

static void
test_pdf_page_size (void)
{
  g_autoptr(GpChartData) data = two_bars ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  GpChartSize size = { 170, 100, 300, 0, 0 };
  g_autofree char *text = NULL;
  const char *box;
  double x0, y0, width, height;
  GpChartStyle style;
  gsize length;

  gp_chart_style_init (&style, GP_CHART_STYLE_PRINT);
  bytes = gp_chart_render (GP_CHART_FORMAT_PDF, GP_CHART_KIND_BREAKDOWN, data, &style, &size,
                           &error);
  g_assert_no_error (error);

  text = g_strndup (g_bytes_get_data (bytes, &length), g_bytes_get_size (bytes));
  g_assert_true (g_str_has_prefix (text, "%PDF-"));
  /* Streams hold NUL bytes: search the whole file, not up to the first NUL. */
  box = NULL;
  for (gsize i = 0; box == NULL && i + 11 < length; i++)
    if (memcmp ((const char *) g_bytes_get_data (bytes, NULL) + i, "/MediaBox [", 11) == 0)
      box = (const char *) g_bytes_get_data (bytes, NULL) + i;
  g_assert_nonnull (box);
  g_assert_cmpint (sscanf (box, "/MediaBox [ %lf %lf %lf %lf ]", &x0, &y0, &width, &height),
                   ==, 4);
  /* Back to millimetres: 170 × 100. */
  g_assert_cmpfloat_with_epsilon (width / 72 * 25.4, 170, 0.01);
  g_assert_cmpfloat_with_epsilon (height / 72 * 25.4, 100, 0.01);
}

static void
test_png_size (void)
{
  g_autoptr(GpChartData) data = two_bars ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) mm = NULL, px = NULL;
  GpChartSize column = { 85, 60, 300, 0, 0 };
  GpChartSize slide = { 0, 0, 0, 1920, 1080 };
  GpChartSize impossible = { 5, 5, 300, 0, 0 };
  GpChartStyle style;

  gp_chart_style_init (&style, GP_CHART_STYLE_PRINT);
  mm = gp_chart_render (GP_CHART_FORMAT_PNG, GP_CHART_KIND_COST, data, &style, &column, &error);
  g_assert_no_error (error);
  px = gp_chart_render (GP_CHART_FORMAT_PNG, GP_CHART_KIND_COST, data, &style, &slide, &error);
  g_assert_no_error (error);

  /* PNG's IHDR holds the size at bytes 16–23: 85 mm at 300 dpi is 1004 pixels. */
  g_assert_cmpuint (
      GUINT32_FROM_BE (*(const guint32 *) ((const guint8 *) g_bytes_get_data (mm, NULL) + 16)), ==,
      1004);
  g_assert_cmpuint (
      GUINT32_FROM_BE (*(const guint32 *) ((const guint8 *) g_bytes_get_data (mm, NULL) + 20)), ==,
      709);
  g_assert_cmpuint (
      GUINT32_FROM_BE (*(const guint32 *) ((const guint8 *) g_bytes_get_data (px, NULL) + 16)), ==,
      1920);
  g_assert_cmpuint (
      GUINT32_FROM_BE (*(const guint32 *) ((const guint8 *) g_bytes_get_data (px, NULL) + 20)), ==,
      1080);

  g_assert_null (gp_chart_render (GP_CHART_FORMAT_PNG, GP_CHART_KIND_COST, data, &style,
                                  &impossible, &error));
  g_assert_error (error, GP_CHART_ERROR, GP_CHART_ERROR_SIZE);
}

static void
test_export_keeps_old_file_on_error (void)
{
  g_autoptr(GpChartData) data = two_bars ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("gp-chart-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "figure.pdf", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *contents = NULL;
  GpChartSize bad = { 0, 0, 0, 10, 10 };
  GpChartStyle style;

  gp_chart_style_init (&style, GP_CHART_STYLE_PRINT);
  g_assert_true (g_file_set_contents (path, "previous figure", -1, &error));
  g_assert_false (gp_chart_export (file, GP_CHART_FORMAT_PDF, GP_CHART_KIND_COST, data, &style,
                                   &bad, &error));
  g_assert_error (error, GP_CHART_ERROR, GP_CHART_ERROR_SIZE);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, "previous figure");

  g_remove (path);
  g_rmdir (dir);
}

static void
test_chinese_renders (void)
{
  g_autoptr(GpChartData) chinese = gp_chart_data_new ("CNY");
  g_autoptr(GpChartData) blank = gp_chart_data_new ("CNY");
  const double parts[GP_CHART_N_PARTS] = { 100, 0, 0, 0 };
  cairo_surface_t *with_text, *without;
  cairo_surface_t *probe = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 10, 10);
  cairo_t *cr = cairo_create (probe);
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font;
  GpChartStyle style;
  GpChartRect bar;
  int differ = 0;

  gp_chart_style_init (&style, GP_CHART_STYLE_LIGHT);

  /* The chart's fonts cover Chinese: no glyph is missing (a missing one is an empty box). */
  font = pango_font_description_from_string (style.font_family);
  pango_layout_set_font_description (layout, font);
  pango_layout_set_text (layout, "阿里云 按需实例 总成本（人民币）", -1);
  g_assert_cmpint (pango_layout_get_unknown_glyphs_count (layout), ==, 0);
  pango_font_description_free (font);
  g_object_unref (layout);
  cairo_destroy (cr);
  cairo_surface_destroy (probe);

  /* And the label is drawn: ink where the Chinese name is, none without it. */
  gp_chart_data_add (chinese, "阿里云 按需实例", GP_ESTIMATE_PRICING_ON_DEMAND, parts, 5);
  gp_chart_data_add (blank, " ", GP_ESTIMATE_PRICING_ON_DEMAND, parts, 5);
  with_text = draw_to_image (GP_CHART_KIND_COST, chinese, &style, 600, 300);
  without = draw_to_image (GP_CHART_KIND_COST, blank, &style, 600, 300);
  g_assert_true (
      gp_chart_get_item_rect (NULL, GP_CHART_KIND_COST, chinese, &style, 600, 300, 0, &bar));

  for (int y = (int) bar.y; y < (int) (bar.y + bar.height); y++)
    for (int x = 0; x < (int) bar.x; x++)
      {
        const guint8 *a = cairo_image_surface_get_data (with_text);
        const guint8 *b = cairo_image_surface_get_data (without);
        int offset = y * cairo_image_surface_get_stride (with_text) + x * 4;

        if (memcmp (a + offset, b + offset, 4) != 0)
          differ++;
      }

  g_assert_cmpint (differ, >, 50);
  cairo_surface_destroy (with_text);
  cairo_surface_destroy (without);
}

static void
test_csv_and_description (void)
{
  g_autoptr(GpChartData) data = two_bars ();
  g_autofree char *csv = gp_chart_data_to_csv (data);
  g_autofree char *description = gp_chart_data_describe (data, GP_CHART_KIND_COST);
  g_auto(GStrv) lines = g_strsplit (csv, "\r\n", -1);

  g_assert_cmpstr (lines[0], ==, "option,region,pricing,hours,compute_cost,storage_cost,"
                                 "transfer_cost,interruption_cost,total_cost,currency,pareto");
  g_assert_cmpstr (lines[1], ==, "Expensive,,on-demand,10.00,100.00,0.00,0.00,0.00,100.00,USD,yes");
  g_assert_cmpstr (lines[2], ==, "Cheap,,on-demand,20.00,40.00,5.00,5.00,0.00,50.00,USD,yes");

  g_assert_nonnull (strstr (description, "Cheap On demand is cheapest at 50.00 USD"));
  g_assert_nonnull (strstr (description, "Expensive On demand is fastest: 10.0 h"));
}

static void
test_pareto (void)
{
  g_autoptr(GpChartData) data = gp_chart_data_new ("USD");
  const double a[GP_CHART_N_PARTS] = { 10, 0, 0, 0 };
  const double b[GP_CHART_N_PARTS] = { 20, 0, 0, 0 };

  /* (10 h, 10), (5 h, 20), (12 h, 20): the third is slower and dearer than the first. */
  gp_chart_data_add (data, "a", 0, a, 10);
  gp_chart_data_add (data, "b", 0, b, 5);
  gp_chart_data_add (data, "c", 0, b, 12);
  g_assert_true (gp_chart_data_get_item (data, 0)->pareto);
  g_assert_true (gp_chart_data_get_item (data, 1)->pareto);
  g_assert_false (gp_chart_data_get_item (data, 2)->pareto);
}

/* Bars on estimated prices say so, and the footnote says what "≈" means and which sources are
 * stale. */
/* A lab in mainland China sees on the bars what needs a cross-border route or cannot be reached
 * at all, with the footnote saying what the marks mean; a lab elsewhere sees no mark. */
static void
test_reach_marked (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autofree char *path =
      g_test_build_filename (G_TEST_DIST, "fixtures", "reach-catalog.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  const char *providers[] = { "near", "far", "walled", NULL };
  const GpLabLocation places[] = { GP_LAB_LOCATION_MAINLAND_CHINA, GP_LAB_LOCATION_ELSEWHERE };
  static const char far_two[] =
      "{\"schema_version\":1,\"instances\":[{\"id\":\"far/two\",\"provider\":\"far\","
      "\"name\":\"two\",\"gpu\":\"reach-gpu\",\"gpu_count\":1,\"source\":\"reach-prices\","
      "\"prices\":[{\"region\":\"r1\",\"on_demand\":2.5}]}]}";
  g_autoptr(GBytes) second = g_bytes_new_static (far_two, sizeof far_two - 1);

  gp_catalog_add_layer_from_file (catalog, file, GP_CATALOG_LAYER_EXTRA, &error);
  g_assert_no_error (error);
  gp_catalog_add_layer (catalog, second, "far-two.json", GP_CATALOG_LAYER_USER, &error);
  g_assert_no_error (error);
  for (guint p = 0; p < G_N_ELEMENTS (places); p++)
    {
      g_autoptr(GpWorkload) workload = gp_workload_new ();
      g_autoptr(GpEstimateList) list = NULL;
      g_autoptr(GpChartData) data = NULL;
      guint across = 0, unreachable = 0;

      gp_workload_set_gpu_hours (workload, 100);
      gp_workload_set_reference_gpu (workload, "reach-gpu");
      gp_workload_set_providers (workload, providers);
      gp_workload_set_lab_location (workload, places[p]);
      list = gp_estimate_list_new (catalog, workload, NULL, &error);
      g_assert_no_error (error);
      data = gp_chart_data_new_from_estimates (list, 20);
      g_assert_cmpuint (gp_chart_data_get_n_items (data), ==, 4);
      for (guint i = 0; i < gp_chart_data_get_n_items (data); i++)
        {
          const char *label = gp_chart_data_get_item (data, i)->label;

          across += g_str_has_suffix (label, " (across the border)");
          unreachable += g_str_has_suffix (label, " (not reachable from mainland China)");
        }
      if (places[p] == GP_LAB_LOCATION_MAINLAND_CHINA)
        {
          /* Far's two machines of the same GPUs are named apart by instance, still marked
           * (the names by instance lost the mark). */
          g_assert_cmpuint (across, ==, 2);
          g_assert_cmpuint (unreachable, ==, 1);
          g_assert_nonnull (strstr (gp_chart_data_get_footnote (data),
                                    "From the lab in mainland China: across the border"));
        }
      else
        {
          g_assert_cmpuint (across + unreachable, ==, 0);
          g_assert_null (strstr (gp_chart_data_get_footnote (data), "mainland China"));
        }
    }
}

static void
test_estimates_marked (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "regions-catalog.json",
                                                 NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GpWorkload) workload = gp_workload_new ();
  g_autoptr(GpEstimateList) list = NULL;
  g_autoptr(GpChartData) data = NULL;
  g_autoptr(GError) error = NULL;
  const char *providers[] = { "vertex-ai", "gcp", NULL };
  gboolean saw_derived = FALSE;

  gp_catalog_add_layer_from_file (catalog, file, GP_CATALOG_LAYER_EXTRA, &error);
  g_assert_no_error (error);
  gp_workload_set_gpu_hours (workload, 10);
  gp_workload_set_reference_gpu (workload, "a100-sxm4-40gb");
  gp_workload_set_providers (workload, providers);
  gp_workload_set_region (workload, "us-central1");
  list = gp_estimate_list_new (catalog, workload, NULL, &error);
  g_assert_no_error (error);
  data = gp_chart_data_new_from_estimates (list, 20);

  for (guint i = 0; i < gp_chart_data_get_n_items (data); i++)
    {
      const GpChartItem *item = gp_chart_data_get_item (data, i);

      g_test_message ("%s", item->label);
      /* Short names: the platform's and the GPUs, or the machine where two share GPUs. */
      g_assert_nonnull (strstr (item->label, " · "));
      if (g_str_has_prefix (item->label, "≈ "))
        {
          g_autofree char *prefix = g_strdup_printf (
              "≈ %s · ",
              gp_provider_get_short_name (gp_catalog_find_provider (catalog, "vertex-ai")));

          g_assert_true (g_str_has_prefix (item->label, prefix));
          saw_derived = TRUE;
        }
    }
  g_assert_true (saw_derived);
  g_assert_nonnull (strstr (gp_chart_data_get_footnote (data), "≈: a managed platform's price"));
  g_assert_nonnull (strstr (gp_chart_data_get_footnote (data), "(as of 2025-09-12, stale)"));
  /* The dated pair the premium comes from is cited too. */
  g_assert_nonnull (strstr (gp_chart_data_get_footnote (data),
                            "Fixture: one dated pair of a managed price and its VM"));

  gp_catalog_set_stale_after_days (catalog, 100000);
  g_clear_pointer (&data, gp_chart_data_unref);
  data = gp_chart_data_new_from_estimates (list, 20);
  g_assert_null (strstr (gp_chart_data_get_footnote (data), "stale"));
}

/* Every way of paying drawn has its own colour and its entry in the legend: a Capacity Block
 * bar was drawn in the on-demand colour, and the legend left it out. */
static void
test_legend_every_pricing (void)
{
  g_autoptr(GpChartData) data = gp_chart_data_new ("USD");
  const double parts[GP_CHART_N_PARTS] = { 100, 0, 0, 0 };
  const char *labels[GP_CHART_N_SERIES];
  guint series[GP_CHART_N_SERIES];
  GpChartStyle style;
  guint n;

  gp_chart_data_add (data, "EC2 · p5.48xlarge", GP_ESTIMATE_PRICING_CAPACITY_BLOCK, parts, 10);
  gp_chart_data_add (data, "Lambda · gpu_8x_h100", GP_ESTIMATE_PRICING_ON_DEMAND, parts, 10);
  n = gp_chart_legend_entries (GP_CHART_KIND_COST, data, NULL, labels, series);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpstr (labels[0], ==, gp_estimate_pricing_get_label (GP_ESTIMATE_PRICING_ON_DEMAND));
  g_assert_cmpstr (labels[1], ==,
                   gp_estimate_pricing_get_label (GP_ESTIMATE_PRICING_CAPACITY_BLOCK));
  g_assert_cmpuint (series[1], ==, GP_ESTIMATE_PRICING_CAPACITY_BLOCK);
  for (GpChartStyleKind kind = GP_CHART_STYLE_LIGHT; kind <= GP_CHART_STYLE_PRESENTATION; kind++)
    {
      gp_chart_style_init (&style, kind);
      for (guint i = 0; i < GP_CHART_N_SERIES - 1; i++)
        g_assert_false (memcmp (&style.series[i], &style.series[GP_ESTIMATE_PRICING_CAPACITY_BLOCK],
                                sizeof style.series[i]) == 0);
    }
}

static GpEstimateList *
carbon_estimates (GpCatalog     *catalog,
                  GpLabLocation  location)
{
  g_autofree char *path =
      g_test_build_filename (G_TEST_DIST, "fixtures", "carbon-catalog.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GpWorkload) workload = gp_workload_new ();
  const char *providers[] = { "gcp", "two-grids", NULL };
  g_autoptr(GError) error = NULL;
  GpEstimateList *list;

  gp_catalog_add_layer_from_file (catalog, file, GP_CATALOG_LAYER_EXTRA, &error);
  g_assert_no_error (error);
  gp_workload_set_gpu_hours (workload, 800);
  gp_workload_set_reference_gpu (workload, "a100-sxm4-40gb");
  gp_workload_set_gpus (workload, 8);
  gp_workload_set_providers (workload, providers);
  gp_workload_set_lab_location (workload, location);
  list = gp_estimate_list_new (catalog, workload, NULL, &error);
  g_assert_no_error (error);
  return list;
}

static const GpChartItem *
item_in (GpChartData *data,
         const char  *region)
{
  for (guint i = 0; i < gp_chart_data_get_n_items (data); i++)
    if (g_strcmp0 (gp_chart_data_get_item (data, i)->region, region) == 0)
      return gp_chart_data_get_item (data, i);
  g_assert_not_reached ();
}

/* Cost against emissions: a point per offer of known emissions, its cost up and its kgCO2e
 * across (the same job in the coal and the hydro region: the ratio of their grids, 642.88 to
 * 5.48 g a kWh, from the fixture's copy of Electricity Maps' 2024 figures); the footnote names
 * the method, the grids' sources and what is left out; a lab in mainland China sees on each
 * point what it cannot reach, and the footnote says what the mark means. It exports at 85 and
 * 170 mm. */
static void
test_cost_emissions_chart (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GpCatalog) mainland_catalog = gp_catalog_new_bundled ();
  g_autoptr(GpEstimateList) list = carbon_estimates (catalog, GP_LAB_LOCATION_ELSEWHERE);
  g_autoptr(GpEstimateList) mainland =
      carbon_estimates (mainland_catalog, GP_LAB_LOCATION_MAINLAND_CHINA);
  g_autoptr(GpChartData) data = gp_cost_emissions_chart_data_new (list, 30);
  g_autoptr(GpChartData) marked = gp_cost_emissions_chart_data_new (mainland, 30);
  g_autofree char *csv = gp_cost_emissions_chart_to_csv (data);
  g_autofree char *described = gp_chart_data_describe (data, GP_CHART_KIND_VALUE);
  const GpChartItem *coal = item_in (data, "coal-1"), *hydro = item_in (data, "hydro-1");
  const double widths[] = { 85, 170 };
  GpChartStyle style;

  g_assert_cmpuint (gp_chart_data_get_n_items (data), ==, 4);
  g_assert_cmpfloat (fabs (coal->hours / hydro->hours / (642.88 / 5.48) - 1), <, 0.01);
  g_assert_cmpfloat (coal->total, <, hydro->total);
  g_assert_true (coal->pareto && hydro->pareto);
  g_assert_cmpstr (gp_chart_data_get_title (data, GP_CHART_KIND_VALUE), ==,
                   "Cost against emissions of the job");
  g_assert_cmpstr (gp_chart_data_get_across_title (data), ==, "Estimated emissions (kgCO2e)");
  g_assert_nonnull (strstr (gp_chart_data_get_footnote (data), "Green Algorithms"));
  g_assert_nonnull (strstr (gp_chart_data_get_footnote (data), "Google Cloud region carbon "
                                                               "data, 2024 (test copy)"));
  g_assert_nonnull (strstr (gp_chart_data_get_footnote (data), "options are left out: their "
                                                               "grid, PUE or GPU power"));
  g_assert_null (strstr (gp_chart_data_get_footnote (data), "mainland China"));
  g_assert_nonnull (strstr (described, "hydro-1 On demand emits least"));
  g_assert_true (g_str_has_prefix (csv, "option,region,pricing,total_cost,currency,co2e_kg\r\n"));
  g_assert_nonnull (strstr (csv, "Two Grids Cloud · a100x8 · hydro-1,hydro-1,on-demand,"));

  g_assert_nonnull (
      strstr (item_in (marked, "europe-north1")->label, "(not reachable from mainland China)"));
  g_assert_null (strstr (item_in (marked, "coal-1")->label, "mainland"));
  g_assert_nonnull (strstr (gp_chart_data_get_footnote (marked), "From the lab in mainland"));

  gp_chart_style_init (&style, GP_CHART_STYLE_PRINT);
  for (guint i = 0; i < G_N_ELEMENTS (widths); i++)
    {
      GpChartSize size = { widths[i], widths[i] * 0.75, 300, 0, 0, TRUE };
      g_autoptr(GBytes) png = NULL;
      g_autoptr(GError) error = NULL;

      png = gp_chart_render (GP_CHART_FORMAT_PNG, GP_CHART_KIND_VALUE, data, &style, &size, &error);
      g_assert_no_error (error);
      g_assert_nonnull (png);
    }
}

/* The platforms' best options among the bars a chart written at @size shows. */
static guint
count_bests_shown (GpChartData        *data,
                   const GpChartStyle *style,
                   const GpChartSize  *size)
{
  g_autoptr(GError) error = NULL;
  GpChartLayoutCache *cache = gp_chart_layout_cache_new ();
  const GpChartLayout *layout;
  double width, height;
  guint shown = 0;

  g_assert_true (
      gp_chart_size_fit (GP_CHART_KIND_COST, data, style, size, &width, &height, &error));
  g_assert_no_error (error);
  layout = gp_chart_layout_cache_get (cache, GP_CHART_KIND_COST, data, style, width, height);
  for (guint i = 0; i < layout->shown->len; i++)
    shown += gp_chart_data_get_item (data, g_array_index (layout->shown, int, i))->platform_best;
  gp_chart_layout_cache_free (cache);
  return shown;
}

/* The cost chart names every platform: each platform's best option has a bar whatever the
 * number asked for, the cheapest others only as asked; gp_chart_data_new_cheapest() keeps the
 * old cheapest-first bars. Narrow, the figure grows taller until every platform shows. */
/* The emissions chart: a bar per offer of known emissions, cleanest first, each platform's
 * cleanest kept however narrow the figure; the footnote names the method and the grids' sources
 * and counts the options left out for an unknown figure, none drawn as 0. */
static void
test_emissions_chart (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autofree char *path =
      g_test_build_filename (G_TEST_DIST, "fixtures", "carbon-catalog.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GpWorkload) workload = gp_workload_new ();
  const char *providers[] = { "gcp", "two-grids", NULL };
  g_autoptr(GpEstimateList) list = NULL;
  g_autoptr(GpChartData) data = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) png = NULL;
  g_autofree char *csv = NULL;
  GpChartSize size = { 85, 50, 72, 0, 0, TRUE };
  GpChartStyle style;
  guint bests = 0;

  gp_catalog_add_layer_from_file (catalog, file, GP_CATALOG_LAYER_EXTRA, &error);
  g_assert_no_error (error);
  gp_workload_set_gpu_hours (workload, 800);
  gp_workload_set_reference_gpu (workload, "a100-sxm4-40gb");
  gp_workload_set_gpus (workload, 8);
  gp_workload_set_providers (workload, providers);
  list = gp_estimate_list_new (catalog, workload, NULL, &error);
  g_assert_no_error (error);

  data = gp_emissions_chart_data_new (list, 30);
  g_assert_cmpuint (gp_chart_data_get_n_items (data), ==, 4);
  for (guint i = 0; i < gp_chart_data_get_n_items (data); i++)
    {
      const GpChartItem *item = gp_chart_data_get_item (data, i);

      g_assert_cmpfloat (item->total, >, 0);
      if (i > 0)
        g_assert_cmpfloat (item->total, >=, gp_chart_data_get_item (data, i - 1)->total);
      bests += item->platform_best;
    }
  g_assert_nonnull (strstr (gp_chart_data_get_item (data, 0)->label, "hydro-1"));
  g_assert_cmpuint (bests, ==, 2);
  g_assert_cmpstr (gp_chart_data_get_title (data, GP_CHART_KIND_COST), ==,
                   "Emissions of the job on each option");
  g_assert_nonnull (strstr (gp_chart_data_get_footnote (data), "Green Algorithms"));
  g_assert_nonnull (strstr (gp_chart_data_get_footnote (data), "Google Cloud region carbon "
                                                               "data, 2024 (test copy)"));
  g_assert_nonnull (strstr (gp_chart_data_get_footnote (data), "options are left out: their "
                                                               "grid, PUE or GPU power"));
  csv = gp_emissions_chart_to_csv (data);
  g_assert_true (g_str_has_prefix (csv, "option,pricing,hours,co2e_kg\r\n"
                                        "Two Grids Cloud · a100x8 · hydro-1,on-demand,"));

  /* Narrow, it grows until both platforms' cleanest have their bars. */
  gp_chart_style_init (&style, GP_CHART_STYLE_PRINT);
  png = gp_chart_render (GP_CHART_FORMAT_PNG, GP_CHART_KIND_COST, data, &style, &size, &error);
  g_assert_no_error (error);
  g_assert_nonnull (png);
}

static void
test_every_platform (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GpWorkload) workload = gp_workload_new ();
  g_autoptr(GpEstimateList) list = NULL;
  g_autoptr(GpChartData) data = NULL;
  g_autoptr(GpChartData) cheapest = NULL;
  g_autoptr(GHashTable) platforms = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) grown = NULL;
  g_autoptr(GBytes) fixed = NULL;
  GpChartSize size = { 85, 50, 72, 0, 0, TRUE };
  GpChartStyle style;
  guint bests = 0;

  gp_chart_style_init (&style, GP_CHART_STYLE_PRINT);
  gp_workload_set_gpu_hours (workload, 300);
  gp_workload_set_reference_gpu (workload, "a100-sxm4-80gb");
  list = gp_estimate_list_new (catalog, workload, NULL, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (list)); i++)
    {
      g_autoptr(GpEstimate) estimate = g_list_model_get_item (G_LIST_MODEL (list), i);

      if (gp_estimate_get_fit (estimate) != GP_FIT_NO && !gp_estimate_is_gpu_only (estimate))
        g_hash_table_add (platforms,
                          (gpointer) gp_provider_get_name (gp_estimate_get_provider (estimate)));
    }
  g_assert_cmpuint (g_hash_table_size (platforms), >=, 3);

  data = gp_chart_data_new_from_estimates (list, 1);
  for (guint i = 0; i < gp_chart_data_get_n_items (data); i++)
    bests += gp_chart_data_get_item (data, i)->platform_best;
  g_assert_cmpuint (bests, ==, g_hash_table_size (platforms));
  g_assert_cmpuint (gp_chart_data_get_n_items (data), ==, bests + 1);

  cheapest = gp_chart_data_new_cheapest (list, 1);
  g_assert_cmpuint (gp_chart_data_get_n_items (cheapest), ==, 1);
  g_assert_false (gp_chart_data_get_item (cheapest, 0)->platform_best);

  /* 85 mm × 50 mm holds no bar: let grow, the PNG is taller and has every platform's bar, as
   * the preview does at the size it works out; held, it is refused with the height that would
   * hold them, never drawn as an empty plot. */
  grown = gp_chart_render (GP_CHART_FORMAT_PNG, GP_CHART_KIND_COST, data, &style, &size, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (count_bests_shown (data, &style, &size), ==, bests);
  {
    GpChartSize full_width = { 170, 110, 300, 0, 0, TRUE };

    g_assert_cmpuint (count_bests_shown (data, &style, &full_width), ==, bests);
  }
  size.height_at_least = FALSE;
  fixed = gp_chart_render (GP_CHART_FORMAT_PNG, GP_CHART_KIND_COST, data, &style, &size, &error);
  g_assert_null (fixed);
  g_assert_error (error, GP_CHART_ERROR, GP_CHART_ERROR_SIZE);
  g_assert_nonnull (strstr (error->message, "mm the chart shows 0 of the"));
  g_assert_nonnull (strstr (error->message, "give a height of at least"));
  {
    const guchar *a = g_bytes_get_data (grown, NULL);
    guint32 grown_h = (a[20] << 24) | (a[21] << 16) | (a[22] << 8) | a[23];

    g_assert_cmpuint (grown_h, >, (guint32) lround (50 / 25.4 * 72));
  }
}

/* Text is placed to fractions of a point: drawn at 300 dpi, whole points moved glyphs by four
 * pixels at a time and a footnote's word spaces shrank to nothing ("94moreoptions"). A word
 * space keeps its own width, whatever it is rounded to. */
static void
test_text_unrounded (void)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 10, 10);
  cairo_t *cr = cairo_create (surface);
  PangoContext *context = gp_chart_text_context (cr);
  g_autoptr(PangoLayout) words = pango_layout_new (context);
  g_autoptr(PangoLayout) joined = pango_layout_new (context);
  g_autoptr(PangoFontDescription) font = pango_font_description_from_string ("Sans 7.3");
  int with_spaces, without;

  g_assert_false (pango_context_get_round_glyph_positions (context));
  pango_layout_set_font_description (words, font);
  pango_layout_set_font_description (joined, font);
  pango_layout_set_text (words, "94 more options are not shown", -1);
  pango_layout_set_text (joined, "94moreoptionsarenotshown", -1);
  pango_layout_get_size (words, &with_spaces, NULL);
  pango_layout_get_size (joined, &without, NULL);
  /* Five spaces of about a quarter em each: well over a point of width in all. */
  g_assert_cmpint (with_spaces - without, >, 5 * PANGO_SCALE);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* Buying a lab machine in mainland China is set against what the lab can rent: never a cloud
 * its campus cannot reach, however cheap, and a rental across the border (a platform in
 * China's region abroad included) says so on its line and in the footnote. */
static void
test_breakeven_reach (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  const char *layers[] = { "reach-catalog.json", "reach-lab.json" };
  GpInstance *machine;

  for (guint i = 0; i < G_N_ELEMENTS (layers); i++)
    {
      g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", layers[i], NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GError) error = NULL;

      gp_catalog_add_layer_from_file (catalog, file, GP_CATALOG_LAYER_EXTRA, &error);
      g_assert_no_error (error);
    }
  machine = gp_catalog_find_instance (catalog, "lab/reach-box");
  g_assert_nonnull (machine);

  {
    g_autoptr(GArray) rentals =
        gp_breakeven_find_rentals (catalog, machine, 1, GP_LAB_LOCATION_ELSEWHERE);
    g_autoptr(GpChartData) data = gp_breakeven_chart_data_new (machine, 365, rentals);
    const GpRental *cheapest = &g_array_index (rentals, GpRental, 0);

    /* Elsewhere, the cheapest of all, unmarked. */
    g_assert_cmpstr (gp_provider_get_id (gp_offer_get_provider (cheapest->offer)), ==, "walled");
    g_assert_cmpint (cheapest->reach, ==, GP_REACHABILITY_IN_CHINA);
    g_assert_null (strstr (gp_chart_data_get_footnote (data), gp_chart_reach_note ()));
  }
  {
    g_autoptr(GArray) rentals =
        gp_breakeven_find_rentals (catalog, machine, 1, GP_LAB_LOCATION_MAINLAND_CHINA);
    g_autoptr(GpChartData) data = gp_breakeven_chart_data_new (machine, 365, rentals);
    const GpRental *cheapest = &g_array_index (rentals, GpRental, 0);
    g_autofree char *mark =
        gp_chart_mark_reach ("", gp_reachability_get_mark (GP_REACHABILITY_CROSS_BORDER));
    gboolean marked = FALSE;

    for (guint i = 0; i < rentals->len; i++)
      g_assert_cmpint (g_array_index (rentals, GpRental, i).reach, !=, GP_REACHABILITY_UNREACHABLE);
    g_assert_cmpstr (gp_offer_get_region_id (cheapest->offer), ==, "abroad");
    g_assert_cmpint (cheapest->reach, ==, GP_REACHABILITY_CROSS_BORDER);
    for (guint i = 0; i < gp_chart_data_get_n_items (data); i++)
      marked |= g_str_has_suffix (gp_chart_data_get_item (data, i)->label, mark);
    g_assert_true (marked);
    g_assert_nonnull (strstr (gp_chart_data_get_footnote (data), gp_chart_reach_note ()));
  }
}

/* A lab machine without an electricity price: its break-even chart says electricity is left
 * out (it was a silent 0); one with a price says nothing of it. */
static void
test_breakeven_no_electricity (void)
{
  g_autofree char *path =
      g_test_build_filename (G_TEST_DIST, "fixtures", "breakeven-catalog.json", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GString) without = NULL;
  g_autoptr(GError) error = NULL;
  gboolean given[] = { TRUE, FALSE };

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  without = g_string_new (text);
  g_assert_cmpuint (g_string_replace (without, "\"electricity_per_kwh\": 0,", "", 1), ==, 1);
  for (guint i = 0; i < G_N_ELEMENTS (given); i++)
    {
      const char *layer = given[i] ? text : without->str;
      g_autoptr(GBytes) bytes = g_bytes_new (layer, strlen (layer));
      g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
      g_autoptr(GArray) rentals = NULL;
      g_autoptr(GpChartData) data = NULL;
      GpInstance *machine;

      /* Its rentals are the bundled platforms', as /chart/breakeven has them. */
      gp_catalog_add_layer (catalog, bytes, "b.json", GP_CATALOG_LAYER_EXTRA, &error);
      g_assert_no_error (error);
      machine = gp_catalog_find_instance (catalog, "lab/box");
      rentals = gp_breakeven_find_rentals (catalog, machine, 1, GP_LAB_LOCATION_ELSEWHERE);
      data = gp_breakeven_chart_data_new (machine, 365, rentals);
      g_assert_true ((strstr (gp_chart_data_get_footnote (data), "Electricity is left out") ==
                      NULL) == given[i]);
    }
}

/* A break-even chart of a 24-month machine at a column's width: the month axis ends at the
 * lifetime, not a year after it, and a figure given only its width grows until the plot is a
 * third as tall as the figure is wide (at 85 × 50 mm the lines had a sliver). */
static void
test_breakeven_narrow (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GpChartLayoutCache) cache = gp_chart_layout_cache_new ();
  g_autofree char *path =
      g_test_build_filename (G_TEST_DIST, "fixtures", "breakeven-catalog.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) rentals = NULL;
  g_autoptr(GpChartData) data = NULL;
  g_autoptr(GBytes) grown = NULL;
  GpChartSize size = { 85, 50, 72, 0, 0, TRUE };
  double width = 85 / 25.4 * 72;
  const GpChartLayout *layout;
  GpInstance *machine;
  GpChartStyle style;
  guint32 height_px;

  gp_chart_style_init (&style, GP_CHART_STYLE_PRINT);
  gp_catalog_add_layer_from_file (catalog, file, GP_CATALOG_LAYER_EXTRA, &error);
  g_assert_no_error (error);
  machine = gp_catalog_find_instance (catalog, "lab/box");
  rentals = gp_breakeven_find_rentals (catalog, machine, 1, GP_LAB_LOCATION_ELSEWHERE);
  data = gp_breakeven_chart_data_new (machine, 365, rentals);

  layout = gp_chart_layout_cache_get (cache, GP_CHART_KIND_BREAKEVEN, data, &style, width,
                                      50 / 25.4 * 72);
  g_assert_cmpfloat (layout->x_ticks.max, ==, 24);
  g_assert_cmpfloat (layout->plot.height, <, width / 3);

  grown =
      gp_chart_render (GP_CHART_FORMAT_PNG, GP_CHART_KIND_BREAKEVEN, data, &style, &size, &error);
  g_assert_no_error (error);
  {
    const guchar *png = g_bytes_get_data (grown, NULL);

    height_px = (png[20] << 24) | (png[21] << 16) | (png[22] << 8) | png[23];
  }
  layout =
      gp_chart_layout_cache_get (cache, GP_CHART_KIND_BREAKEVEN, data, &style, width, height_px);
  g_assert_cmpfloat (layout->plot.height, >=, width / 3);
  g_assert_cmpfloat (layout->x_ticks.max, ==, 24);
}

/* Bars carry short names, the platform's and the GPUs', and no two of one way of paying read
 * alike: two machines with the same GPUs are named by their instance. */
static void
test_short_labels_apart (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GpWorkload) workload = gp_workload_new ();
  g_autoptr(GpEstimateList) list = NULL;
  g_autoptr(GpChartData) data = NULL;
  g_autoptr(GError) error = NULL;
  guint by_instance = 0;

  gp_workload_set_gpu_hours (workload, 100);
  gp_workload_set_reference_gpu (workload, "a100-sxm4-40gb");
  gp_workload_set_gpus (workload, 0);
  list = gp_estimate_list_new (catalog, workload, NULL, &error);
  g_assert_no_error (error);
  data = gp_chart_data_new_from_estimates (list, 200);
  g_assert_cmpuint (gp_chart_data_get_n_items (data), >, 10);

  for (guint i = 0; i < gp_chart_data_get_n_items (data); i++)
    {
      const GpChartItem *item = gp_chart_data_get_item (data, i);

      g_assert_nonnull (strstr (item->label, " · "));
      if (strstr (item->label, "× ") == NULL)
        by_instance++;
      for (guint j = i + 1; j < gp_chart_data_get_n_items (data); j++)
        {
          const GpChartItem *other = gp_chart_data_get_item (data, j);

          if (item->group == other->group)
            g_assert_cmpstr (item->label, !=, other->label);
        }
    }
  /* The fixture has machines with the same GPUs: some are named by their instance. */
  g_assert_cmpuint (by_instance, >, 0);
}

/* Options that finish at many times for many costs, some very close. */
static GpChartData *
many_lines (guint n)
{
  GpChartData *data = gp_chart_data_new ("USD");

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *label = g_strdup_printf ("Provider %u · %u× NVIDIA H100 SXM5", i, 1 + i % 8);
      double parts[GP_CHART_N_PARTS] = { 200 + 7.0 * i + (i % 3) * 0.5, 0, 0, 0 };

      gp_chart_data_add (data, label, i % 3, parts, 30 + 11.0 * ((i * 7) % 13));
    }
  return data;
}

static gboolean
rects_overlap (const GpChartRect *a,
               const GpChartRect *b)
{
  return a->x < b->x + b->width && b->x < a->x + a->width && a->y < b->y + b->height &&
         b->y < a->y + a->height;
}

/* A line chart labels each of its coloured lines at its end, in a column right of the plot:
 * inside the canvas, never two overlapping, in the order of the ends they name (so that no
 * two leader lines cross and each label is the nearest to its own line among the labels), at
 * every size from a phone to a projector; at most eight lines in colour. */
static void
test_line_labels (void)
{
  static const struct
  {
    double width, height;
  } sizes[] = {
    { 85 / 25.4 * 72, 65 / 25.4 * 72 },
    { 170 / 25.4 * 72, 110 / 25.4 * 72 },
    { 1920 * 0.75, 1080 * 0.75 },
    { 360 * 0.75, 560 * 0.75 },
  };
  static const guint counts[] = { 1, 5, 8, 20 };

  for (guint c = 0; c < G_N_ELEMENTS (counts); c++)
    for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
      for (GpChartStyleKind kind = GP_CHART_STYLE_LIGHT; kind <= GP_CHART_STYLE_PRESENTATION;
           kind++)
        {
          g_autoptr(GpChartData) data = many_lines (counts[c]);
          g_autoptr(GArray) labels = NULL;
          GpChartStyle style;
          GpChartRect plot;

          /* Large type is for a projector's full screen. */
          if (kind == GP_CHART_STYLE_PRESENTATION && z != 2)
            continue;
          gp_chart_style_init (&style, kind);
          labels = gp_chart_dup_labels (NULL, GP_CHART_KIND_CUMULATIVE, data, &style,
                                        sizes[z].width, sizes[z].height);
          plot = gp_chart_get_plot_rect (NULL, GP_CHART_KIND_CUMULATIVE, data, &style,
                                         sizes[z].width, sizes[z].height);
          g_test_message ("%u lines, %.0f × %.0f, style %d: %u labels, plot %.0f × %.0f", counts[c],
                          sizes[z].width, sizes[z].height, kind, labels->len, plot.width,
                          plot.height);
          g_assert_cmpuint (labels->len, >=, 1);
          g_assert_cmpuint (labels->len, <=, MIN (counts[c], GP_CHART_N_LINES));
          /* Where there is room, every line up to eight is in colour; on a phone, at least the
           * three cheapest; in a column-wide figure, as many as fit. */
          if (z == 1 || z == 2)
            g_assert_cmpuint (labels->len, ==, MIN (counts[c], GP_CHART_N_LINES));
          else if (z == 3)
            g_assert_cmpuint (labels->len, >=, MIN (counts[c], 3));
          /* However many, the plot keeps room to read. */
          g_assert_cmpfloat (plot.height, >=, sizes[z].height * 0.25);

          for (guint i = 0; i < labels->len; i++)
            {
              const GpChartLabel *label = &g_array_index (labels, GpChartLabel, i);

              if (!label->numbered)
                g_assert_cmpfloat (label->rect.x, >=, plot.x + plot.width);
              else
                /* A number stands beside its own line's end. */
                g_assert_cmpfloat (hypot (label->rect.x + label->rect.width / 2 - label->anchor_x,
                                          label->rect.y + label->rect.height / 2 - label->anchor_y),
                                   <=, label->rect.height * 2.5);
              g_assert_cmpfloat (label->rect.x + label->rect.width, <=, sizes[z].width);
              g_assert_cmpfloat (label->rect.y, >=, 0);
              g_assert_cmpfloat (label->rect.y + label->rect.height, <=, sizes[z].height);
              for (guint j = i + 1; j < labels->len; j++)
                {
                  const GpChartLabel *other = &g_array_index (labels, GpChartLabel, j);

                  g_assert_false (rects_overlap (&label->rect, &other->rect));
                  /* In the order of the ends: the lower end has the lower label. */
                  if (!label->numbered)
                    g_assert_cmpint (label->anchor_y <= other->anchor_y, ==,
                                     label->rect.y <= other->rect.y);
                }
            }
        }
}

/* The layout is computed once per chart, size and style, and again when the data change: a
 * bar added is found where it is drawn. */
static void
test_layout_follows_data (void)
{
  g_autoptr(GpChartData) data = gp_chart_data_new ("USD");
  double parts[GP_CHART_N_PARTS] = { 100, 0, 0, 0 };
  GpChartStyle style;
  GpChartRect before, after;

  gp_chart_style_init (&style, GP_CHART_STYLE_LIGHT);
  gp_chart_data_add (data, "Two", GP_ESTIMATE_PRICING_ON_DEMAND, parts, 10);
  g_assert_true (
      gp_chart_get_item_rect (NULL, GP_CHART_KIND_COST, data, &style, 600, 400, 0, &before));
  g_assert_true (
      gp_chart_get_item_rect (NULL, GP_CHART_KIND_COST, data, &style, 600, 400, 0, &after));
  g_assert_cmpfloat (before.y, ==, after.y);

  /* A cheaper option comes first: the first bar moves down a row. */
  parts[0] = 50;
  gp_chart_data_add (data, "One", GP_ESTIMATE_PRICING_ON_DEMAND, parts, 10);
  g_assert_true (
      gp_chart_get_item_rect (NULL, GP_CHART_KIND_COST, data, &style, 600, 400, 0, &after));
  g_assert_cmpfloat (after.y, >, before.y);
  g_assert_cmpint (gp_chart_hit_test (NULL, GP_CHART_KIND_COST, data, &style, 600, 400, after.x + 1,
                                      after.y + after.height / 2),
                   ==, 0);
}

/* A job of 300 GPU-hours on an A100, on any machine, at most 40 options: many platforms,
 * many price sources. */
static GpChartData *
job_chart_data (gboolean interruptible)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GpWorkload) workload = gp_workload_new ();
  g_autoptr(GpEstimateList) list = NULL;
  g_autoptr(GError) error = NULL;

  gp_workload_set_gpu_hours (workload, 300);
  gp_workload_set_reference_gpu (workload, "a100-sxm4-40gb");
  gp_workload_set_gpus (workload, 0);
  gp_workload_set_interruptible (workload, interruptible);
  list = gp_estimate_list_new (catalog, workload, NULL, &error);
  g_assert_no_error (error);
  return gp_chart_data_new_from_estimates (list, 40);
}

/* Every chart, in every export style, at a proposal's column and page widths, a slide and a
 * phone: no text cut (no "…"), none off the canvas, none over other text. */
static void
test_nothing_cut (void)
{
  static const struct
  {
    double width, height;
  } sizes[] = {
    { 85 / 25.4 * 72, 65 / 25.4 * 72 },
    { 170 / 25.4 * 72, 110 / 25.4 * 72 },
    { 1920 * 0.75, 1080 * 0.75 },
    { 360 * 0.75, 640 * 0.75 },
  };
  g_autoptr(GpChartData) data = job_chart_data (TRUE);

  for (GpChartKind kind = GP_CHART_KIND_COST; kind <= GP_CHART_KIND_CUMULATIVE; kind++)
    for (GpChartStyleKind style_kind = GP_CHART_STYLE_LIGHT;
         style_kind <= GP_CHART_STYLE_PRESENTATION; style_kind++)
      for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
        {
          GpChartStyle style;
          g_autofree char *problems = NULL;

          if (style_kind == GP_CHART_STYLE_PRESENTATION && z != 2)
            continue;
          gp_chart_style_init (&style, style_kind);
          problems = gp_chart_check (kind, data, &style, sizes[z].width, sizes[z].height);
          if (problems != NULL)
            g_error ("%s, style %d, %.0f × %.0f:\n%s", gp_chart_kind_title (kind), style_kind,
                     sizes[z].width, sizes[z].height, problems);
        }
}

/* Each number in a bar's "[2, 5]" names a source that bar cites, at that place in @sources. */
static void
assert_refs_cite (const char        *value,
                  const GpChartItem *item,
                  GPtrArray         *sources)
{
  const char *refs = strchr (value, '[');
  g_auto(GStrv) numbers = NULL;

  g_assert_nonnull (refs);
  g_assert_true (g_str_has_suffix (refs, "]"));
  numbers = g_strsplit_set (refs + 1, ",] ", -1);
  for (guint i = 0; numbers[i] != NULL; i++)
    {
      guint64 number;

      if (*numbers[i] == '\0')
        continue;
      g_assert_true (g_ascii_string_to_unsigned (numbers[i], 10, 1, sources->len, &number, NULL));
      g_assert_true (
          g_ptr_array_find (item->sources, g_ptr_array_index (sources, number - 1), NULL));
    }
}

/* Many price sources: a numbered list under the chart where it has the room, one to a line,
 * each bar's value followed by the numbers of its own sources; where the room is short, named
 * in the run of the text and no numbers. On screen the list stands apart from the chart. */
static void
test_numbered_sources (void)
{
  g_autoptr(GpChartData) data = job_chart_data (FALSE);
  g_autoptr(GpChartLayoutCache) cache = gp_chart_layout_cache_new ();
  GpChartStyle print, screen;
  const GpChartLayout *layout;
  g_autoptr(GPtrArray) sources = NULL;
  g_autoptr(PangoLayout) note = NULL;
  g_autofree char *last = NULL;
  cairo_t *cr = gp_chart_new_measuring_context ();
  double page_w = 170 / 25.4 * 72, page_h = 240 / 25.4 * 72;

  gp_chart_style_init (&print, GP_CHART_STYLE_PRINT);
  gp_chart_style_init (&screen, GP_CHART_STYLE_LIGHT);
  screen.footnote = FALSE;

  /* A page: the list, numbered as the bars cite it. */
  layout = gp_chart_layout_cache_get (cache, GP_CHART_KIND_COST, data, &print, page_w, page_h);
  sources = gp_chart_data_dup_sources_for (data, layout->footnote_for);
  g_assert_cmpuint (sources->len, >, GP_CHART_SOURCE_LIST_MIN);
  g_assert_true (layout->note_list);
  note = gp_chart_footnote_layout (cr, data, &print, layout->footnote_for, layout->not_shown,
                                   layout->footnote.width, layout->note_pt, TRUE);
  last = g_strdup_printf ("[%u] ", sources->len);
  g_assert_nonnull (strstr (pango_layout_get_text (note), "\n[1] "));
  g_assert_nonnull (strstr (pango_layout_get_text (note), last));
  g_assert_false (pango_layout_is_ellipsized (note));
  for (guint i = 0; i < layout->shown->len; i++)
    {
      int index = g_array_index (layout->shown, int, i);
      g_autofree char *value = gp_chart_dup_value_text (data, &print, layout, index);

      assert_refs_cite (value, gp_chart_data_get_item (data, index), sources);
    }
  g_assert_null (gp_chart_check (GP_CHART_KIND_COST, data, &print, page_w, page_h));

  /* A page wide enough for every entry in half its width: the list in two columns, 1… down
   * the first. */
  {
    double wide_w = 600 / 25.4 * 72, wide_h = 240 / 25.4 * 72;
    g_autoptr(PangoLayout) wide = NULL;
    g_auto(GStrv) lines = NULL;

    layout = gp_chart_layout_cache_get (cache, GP_CHART_KIND_COST, data, &print, wide_w, wide_h);
    g_assert_true (layout->note_list);
    wide = gp_chart_footnote_layout (cr, data, &print, layout->footnote_for, layout->not_shown,
                                     layout->footnote.width, layout->note_pt, TRUE);
    lines = g_strsplit (pango_layout_get_text (wide), "\n", -1);
    g_assert_true (g_str_has_prefix (lines[1], "[1] "));
    g_assert_nonnull (strchr (lines[1], '\t'));
    g_assert_null (gp_chart_check (GP_CHART_KIND_COST, data, &print, wide_w, wide_h));
  }

  /* A column, every line drawn: no room for the list, the sources in the run of the text and
   * no numbers. */
  layout = gp_chart_layout_cache_get (cache, GP_CHART_KIND_CUMULATIVE, data, &print, 85 / 25.4 * 72,
                                      65 / 25.4 * 72);
  g_clear_pointer (&sources, g_ptr_array_unref);
  sources = gp_chart_data_dup_sources_for (data, layout->shown);
  g_assert_cmpuint (sources->len, >, GP_CHART_SOURCE_LIST_MIN);
  g_assert_false (layout->note_list);
  for (guint i = 0; i < layout->shown->len; i++)
    {
      g_autofree char *value =
          gp_chart_dup_value_text (data, &print, layout, g_array_index (layout->shown, int, i));

      g_assert_null (strchr (value, '['));
    }

  /* On screen the sources stand apart, listed, and the bars carry no numbers. */
  g_assert_nonnull (strstr (gp_chart_data_get_footnote (data), "\n[1] "));
  layout = gp_chart_layout_cache_get (cache, GP_CHART_KIND_COST, data, &screen, 800, 600);
  for (guint i = 0; i < layout->shown->len; i++)
    {
      g_autofree char *value =
          gp_chart_dup_value_text (data, &screen, layout, g_array_index (layout->shown, int, i));

      g_assert_null (strchr (value, '['));
    }
  cairo_destroy (cr);
}

/* The fixture's machine: 10,000 USD, one GPU, two years, nothing to run it, at 50 %
 * utilisation: 365 GPU-hours a month. Spot at 1.6 USD an hour costs 584 a month, so buying
 * pays off in month 18 (584 × 17 = 9,928 < 10,000 ≤ 584 × 18 = 10,512); the band is the work
 * at 30 % and 70 %: 219 and 511 GPU-hours a month. */
static void
test_breakeven (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GpChartLayoutCache) cache = gp_chart_layout_cache_new ();
  g_autofree char *path =
      g_test_build_filename (G_TEST_DIST, "fixtures", "breakeven-catalog.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) rentals = NULL;
  g_autoptr(GpChartData) data = NULL;
  g_autoptr(GArray) labels = NULL;
  g_autofree char *csv = NULL, *description = NULL;
  const GpChartItem *buy, *spot;
  GpInstance *machine;
  GpChartStyle style;
  GpChartRect plot;
  const char *marker;
  double at;
  int hit;
  static const struct
  {
    double width, height;
  } sizes[] = { { 482, 340 }, { 1920, 1080 }, { 330, 520 } };

  gp_catalog_add_layer_from_file (catalog, file, GP_CATALOG_LAYER_EXTRA, &error);
  g_assert_no_error (error);
  machine = gp_catalog_find_instance (catalog, "lab/box");
  g_assert_nonnull (machine);
  rentals = gp_breakeven_find_rentals (catalog, machine, 1, GP_LAB_LOCATION_ELSEWHERE);
  g_assert_cmpuint (rentals->len, ==, 2);
  data = gp_breakeven_chart_data_new (machine, 365, rentals);

  g_assert_cmpuint (gp_chart_data_get_n_items (data), ==, 3);
  buy = gp_chart_data_get_item (data, 0);
  g_assert_nonnull (strstr (buy->label, "Test box"));
  g_assert_cmpuint (buy->group, ==, GP_CHART_GROUP_NONE);
  g_assert_cmpfloat (buy->hours, ==, 24);
  g_assert_cmpfloat_with_epsilon (buy->start, 10000, 1e-6);
  g_assert_cmpfloat_with_epsilon (buy->total, 10000, 1e-6);
  spot = gp_chart_data_get_item (data, 1);
  g_assert_cmpuint (spot->group, ==, GP_ESTIMATE_PRICING_SPOT);
  g_assert_cmpfloat (spot->start, ==, 0);
  g_assert_cmpfloat_with_epsilon (spot->total, 365 * 24 * 1.6, 1e-6);
  g_assert_cmpfloat_with_epsilon (spot->low, 219 * 24 * 1.6, 1e-6);
  g_assert_cmpfloat_with_epsilon (spot->high, 511 * 24 * 1.6, 1e-6);
  g_assert_cmpuint (gp_chart_data_get_item (data, 2)->group, ==, GP_ESTIMATE_PRICING_ON_DEMAND);

  marker = gp_chart_data_get_marker (data, &at);
  g_assert_cmpfloat (at, ==, 18);
  g_assert_nonnull (strstr (marker, "18"));
  g_assert_nonnull (strstr (gp_chart_data_get_footnote (data), "Test quote"));
  g_assert_nonnull (strstr (gp_chart_data_get_footnote (data), "Test rental prices"));
  g_assert_nonnull (strstr (gp_chart_data_get_footnote (data), "30% to 70%"));
  description = gp_chart_data_describe (data, GP_CHART_KIND_BREAKEVEN);
  g_assert_nonnull (strstr (description, marker));

  /* The table: a row a month from the purchase, a column a line. */
  csv = gp_breakeven_chart_to_csv (data);
  g_assert_true (g_str_has_prefix (csv, "month,Buying Test box,"));
  g_assert_nonnull (strstr (csv, "\r\n18,10000.00,10512.00,"));
  g_assert_nonnull (strstr (csv, "\r\n24,10000.00,14016.00,17520.00,USD\r\n"));

  gp_chart_style_init (&style, GP_CHART_STYLE_PRINT);
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autofree char *problems =
          gp_chart_check (GP_CHART_KIND_BREAKEVEN, data, &style, sizes[i].width, sizes[i].height);

      g_assert_null (problems);
      /* Every line in colour, each named, where there is room for a chart at all. */
      labels = gp_chart_dup_labels (NULL, GP_CHART_KIND_BREAKEVEN, data, &style, sizes[i].width,
                                    sizes[i].height);
      g_assert_cmpuint (labels->len, ==, 3);
      g_clear_pointer (&labels, g_array_unref);
    }

  /* The purchase's line starts at its price: month 12 on it is the purchase, not a rental. */
  plot = gp_chart_get_plot_rect (NULL, GP_CHART_KIND_BREAKEVEN, data, &style, 482, 340);
  {
    const GpChartLayout *layout =
        gp_chart_layout_cache_get (cache, GP_CHART_KIND_BREAKEVEN, data, &style, 482, 340);

    g_assert_cmpfloat (layout->x_ticks.max, ==, 24);
    hit = gp_chart_hit_test (NULL, GP_CHART_KIND_BREAKEVEN, data, &style, 482, 340,
                             gp_chart_layout_x (layout, 12), gp_chart_layout_y (layout, 10000));
  }
  g_assert_cmpint (hit, ==, 0);
  g_assert_cmpfloat (plot.width, >, 0);
}

/* The Pareto front, marked once by a sort, is the one every pair compared gives: ties of cost
 * and of time, repeated items, unknown times. */
static void
test_pareto_front (void)
{
  g_autoptr(GpChartData) data = gp_chart_data_new ("USD");
  g_autoptr(GRand) rand = g_rand_new_with_seed (27);
  guint n = 400;

  for (guint i = 0; i < n; i++)
    {
      double parts[GP_CHART_N_PARTS] = { g_rand_int_range (rand, 1, 40), 0, 0, 0 };
      double hours = i % 37 == 0 ? NAN : g_rand_int_range (rand, 1, 40);

      gp_chart_data_add (data, "x", 0, parts, hours);
    }
  for (guint i = 0; i < n; i++)
    {
      const GpChartItem *item = gp_chart_data_get_item (data, i);
      gboolean beaten = FALSE;

      for (guint j = 0; j < n && !beaten; j++)
        {
          const GpChartItem *other = gp_chart_data_get_item (data, j);

          beaten = j != i && other->total <= item->total && other->hours <= item->hours &&
                   (other->total < item->total || other->hours < item->hours);
        }
      g_assert_cmpint (item->pareto, ==, !beaten);
    }
}

/* Each drawer keeps its own layout: another chart laid out elsewhere leaves it in place. */
static void
test_layout_cache_per_drawer (void)
{
  g_autoptr(GpChartData) data = job_chart_data (FALSE);
  g_autoptr(GpChartData) other = job_chart_data (TRUE);
  g_autoptr(GpChartLayoutCache) view = gp_chart_layout_cache_new ();
  g_autoptr(GpChartLayoutCache) export = gp_chart_layout_cache_new ();
  const GpChartLayout *kept;
  GpChartStyle style;

  gp_chart_style_init (&style, GP_CHART_STYLE_LIGHT);
  kept = gp_chart_layout_cache_get (view, GP_CHART_KIND_COST, data, &style, 800, 600);
  g_assert_cmpfloat (kept->plot.width, >, 0);
  g_assert_true (gp_chart_layout_cache_get (export, GP_CHART_KIND_COST, other, &style, 400, 300) !=
                 kept);
  g_assert_true (gp_chart_layout_cache_get (view, GP_CHART_KIND_COST, data, &style, 800, 600) ==
                 kept);
  g_assert_cmpfloat (kept->plot.width, >, 0);
}

static const GpChartColor history_blue = { 0, 0, 1 }, history_red = { 1, 0, 0 },
                          history_green = { 0, 1, 0 };

/* Whether the pixel at (@x, @y) is mostly @color, a pure colour: its channels high where the
 * colour's are, low elsewhere, and nearly opaque. pixel_is() asks for the colour exactly, which
 * the antialiased edges of a label's figures never are. */
static gboolean
pixel_leans_to (cairo_surface_t    *surface,
                int                 x,
                int                 y,
                const GpChartColor *color)
{
  const guint8 *data = cairo_image_surface_get_data (surface);
  const guint8 *pixel = data + y * cairo_image_surface_get_stride (surface) + x * 4;
  const double wanted[3] = { color->blue, color->green, color->red }; /* BGRA */

  for (int c = 0; c < 3; c++)
    if (wanted[c] > 0.5 ? pixel[c] <= 150 : pixel[c] >= 80)
      return FALSE;
  return pixel[3] > 150;
}

/* @points drawn as an offer's price history, 400 × 150; GP_TEST_KEEP_PNG keeps the image. */
static cairo_surface_t *
draw_history_image (GArray                     *points,
                    const GpHistoryChartColors *colors)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 400, 150);
  cairo_t *cr = cairo_create (surface);

  g_assert_true (gp_history_chart_draw (cr, 400, 150, points, "USD", colors));
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  if (g_getenv ("GP_TEST_KEEP_PNG") != NULL)
    cairo_surface_write_to_png (surface, g_getenv ("GP_TEST_KEEP_PNG"));
  return surface;
}

/* An offer's price history draws its two lines inside the chart; nothing to draw is said. */
static void
test_history_chart (void)
{
  static const GpPricePoint given[] = {
    { "2025-06-05", 3.67, 1.44, "s", NAN },
    { "2026-01-22", 3.67, 1.66, "s", NAN },
    { "2026-07-30", 2.50, NAN, "s", NAN },
  };
  const GpHistoryChartColors colors = {
    .text = { 0, 0, 0, 1 },
    .on_demand = { 0, 0, 1, 1 },
    .spot = { 1, 0, 0, 1 },
  };
  g_autoptr(GArray) points = g_array_new (FALSE, FALSE, sizeof (GpPricePoint));
  g_autoptr(GArray) empty = g_array_new (FALSE, FALSE, sizeof (GpPricePoint));
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 400, 150);
  cairo_t *cr = cairo_create (surface);
  guint blue = 0, red = 0;

  g_assert_false (gp_history_chart_draw (cr, 400, 150, empty, "USD", &colors));
  cairo_destroy (cr);
  cairo_surface_destroy (surface);

  g_array_append_vals (points, given, G_N_ELEMENTS (given));
  surface = draw_history_image (points, &colors);
  for (int y = 0; y < 150; y++)
    for (int x = 0; x < 400; x++)
      {
        blue += pixel_leans_to (surface, x, y, &history_blue);
        red += pixel_leans_to (surface, x, y, &history_red);
      }
  /* Both lines are drawn, the on-demand one across the whole width. */
  g_assert_cmpuint (blue, >, 300);
  g_assert_cmpuint (red, >, 100);

  cairo_surface_destroy (surface);
}

/* A Capacity Block's series is a third line, in its own colour, its latest price at its end
 * kept apart from the on-demand price's when both end close together. */
static void
test_history_chart_capacity_block (void)
{
  static const GpPricePoint given[] = {
    { "2025-06-05", 55.04, NAN, "s", NAN },
    { "2026-01-31", NAN, NAN, "b", 31.464 },
    { "2026-07-22", NAN, NAN, "b", 54.0 },
    { "2026-08-22", 55.04, NAN, "s", NAN },
  };
  const GpHistoryChartColors colors = {
    .text = { 0, 0, 0, 1 },
    .on_demand = { 0, 0, 1, 1 },
    .spot = { 1, 0, 0, 1 },
    .capacity_block = { 0, 1, 0, 1 },
  };
  g_autoptr(GArray) points = g_array_new (FALSE, FALSE, sizeof (GpPricePoint));
  cairo_surface_t *surface;
  guint green = 0, label_rows = 0, text_rows = 0;
  int line_end = 400;

  g_array_append_vals (points, given, G_N_ELEMENTS (given));
  surface = draw_history_image (points, &colors);
  /* Where the lines end: the end of the longest run of blue, the on-demand line (its label,
   * in the same rows, stands apart from it). */
  for (int y = 0, longest = 0; y < 150; y++)
    for (int x = 0, run = 0; x < 400; x++)
      {
        run = pixel_leans_to (surface, x, y, &history_blue) ? run + 1 : 0;
        if (run > longest)
          longest = run, line_end = x;
      }
  for (int y = 0; y < 150; y++)
    {
      gboolean green_text = FALSE, blue_text = FALSE;

      for (int x = 0; x < 400; x++)
        {
          gboolean is_green = pixel_leans_to (surface, x, y, &history_green);

          green += is_green;
          /* The labels stand right of the lines' end. */
          if (x > line_end + 1)
            {
              green_text |= is_green;
              blue_text |= pixel_leans_to (surface, x, y, &history_blue);
            }
        }
      if (green_text && blue_text)
        label_rows++;
      text_rows += green_text || blue_text;
    }
  /* The dotted line is drawn; the two labels, at 54.00 and 55.04, share no row and stand one
   * under the other (a label's figures are about 8 rows high: one over the other, as many). */
  g_assert_cmpuint (green, >, 40);
  g_assert_cmpuint (label_rows, ==, 0);
  g_assert_cmpuint (text_rows, >, 12);

  cairo_surface_destroy (surface);
}

/* A copy of the chart's data, as an export draws it on a worker, is the same chart, and stays
 * so while the page changes its own. */
static void
test_data_copy (void)
{
  g_autoptr(GpChartData) data = gp_chart_data_new ("CNY");
  g_autoptr(GpChartData) copy = NULL;
  g_autofree char *before = NULL;
  g_autofree char *copied = NULL;
  g_autofree char *after = NULL;
  const double parts[GP_CHART_N_PARTS] = { 100, 10, 5, 1 };

  gp_chart_data_add (data, "AutoDL · RTX 4090", 0, parts, 12);
  gp_chart_data_set_footnote (data, "Prices as of 2026-11-30");
  before = gp_chart_data_to_csv (data);
  copy = gp_chart_data_copy (data);
  gp_chart_data_add (data, "Lambda · gpu_1x_a100", 0, parts, 8);
  gp_chart_data_set_footnote (data, "changed");
  copied = gp_chart_data_to_csv (copy);
  after = gp_chart_data_to_csv (data);
  g_assert_cmpstr (copied, ==, before);
  g_assert_cmpstr (after, !=, before);
  g_assert_cmpuint (gp_chart_data_get_n_items (copy), ==, 1);
  g_assert_cmpstr (gp_chart_data_get_footnote (copy), ==, "Prices as of 2026-11-30");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/chart/legend-every-pricing", test_legend_every_pricing);
  g_test_add_func ("/chart/nothing-cut", test_nothing_cut);
  g_test_add_func ("/chart/every-platform", test_every_platform);
  g_test_add_func ("/chart/data-copy", test_data_copy);
  g_test_add_func ("/chart/emissions", test_emissions_chart);
  g_test_add_func ("/chart/cost-emissions", test_cost_emissions_chart);
  g_test_add_func ("/chart/text-unrounded", test_text_unrounded);
  g_test_add_func ("/chart/breakeven-narrow", test_breakeven_narrow);
  g_test_add_func ("/chart/numbered-sources", test_numbered_sources);
  g_test_add_func ("/chart/breakeven", test_breakeven);
  g_test_add_func ("/chart/layout-follows-data", test_layout_follows_data);
  g_test_add_func ("/chart/line-labels", test_line_labels);
  g_test_add_func ("/chart/pareto-front", test_pareto_front);
  g_test_add_func ("/chart/short-labels-apart", test_short_labels_apart);
  g_test_add_func ("/chart/bar-lengths-proportional", test_bar_lengths_proportional);
  g_test_add_func ("/chart/breakdown-segments", test_breakdown_segments);
  g_test_add_func ("/chart/nothing-outside-canvas", test_nothing_outside_canvas);
  g_test_add_func ("/chart/rows-fit-or-are-counted", test_rows_fit_or_are_counted);
  g_test_add_func ("/chart/labels-stay-in-plot", test_labels_stay_in_plot);
  g_test_add_func ("/chart/hit-test", test_hit_test);
  g_test_add_func ("/chart/svg-is-xml", test_svg_is_xml);
  g_test_add_func ("/chart/pdf-page-size", test_pdf_page_size);
  g_test_add_func ("/chart/png-size", test_png_size);
  g_test_add_func ("/chart/export-keeps-old-file-on-error", test_export_keeps_old_file_on_error);
  g_test_add_func ("/chart/chinese-renders", test_chinese_renders);
  g_test_add_func ("/chart/csv-and-description", test_csv_and_description);
  g_test_add_func ("/chart/pareto", test_pareto);
  g_test_add_func ("/chart/estimates-marked", test_estimates_marked);
  g_test_add_func ("/chart/reach-marked", test_reach_marked);
  g_test_add_func ("/chart/breakeven-reach", test_breakeven_reach);
  g_test_add_func ("/chart/breakeven-no-electricity", test_breakeven_no_electricity);
  g_test_add_func ("/chart/layout-cache-per-drawer", test_layout_cache_per_drawer);
  g_test_add_func ("/chart/history", test_history_chart);
  g_test_add_func ("/chart/history-capacity-block", test_history_chart_capacity_block);

  return g_test_run ();
}
