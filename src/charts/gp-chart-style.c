/* gp-chart-style.c — the colours, type and patterns a chart is drawn with
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "gp-chart-style.h"

/* 0xRRGGBB as three fractions. */
#define RGB(hex) \
  { ((hex) >> 16 & 0xff) / 255.0, ((hex) >> 8 & 0xff) / 255.0, ((hex) & 0xff) / 255.0 }

/* Okabe and Ito's palette, told apart with every common colour-vision deficiency: blue,
 * orange, bluish green, reddish purple, vermillion, then sky blue (on dark, yellow). On dark,
 * the lighter of them first. */
static const GpChartColor light_series[GP_CHART_N_SERIES] = {
  RGB (0x0072b2), RGB (0xe69f00), RGB (0x009e73), RGB (0xcc79a7), RGB (0xd55e00), RGB (0x56b4e9),
};
static const GpChartColor dark_series[GP_CHART_N_SERIES] = {
  RGB (0x56b4e9), RGB (0xe69f00), RGB (0x2dc79a), RGB (0xe19ac6), RGB (0xf07a3a), RGB (0xf0e442),
};
/* A line chart's eight: the same palette with sky blue, yellow or ink and a grey-olive. */
static const GpChartColor light_lines[GP_CHART_N_LINES] = {
  RGB (0x0072b2), RGB (0xd55e00), RGB (0x009e73), RGB (0xcc79a7),
  RGB (0xe69f00), RGB (0x56b4e9), RGB (0x241f31), RGB (0x999933),
};
static const GpChartColor dark_lines[GP_CHART_N_LINES] = {
  RGB (0x56b4e9), RGB (0xf07a3a), RGB (0x2dc79a), RGB (0xe19ac6),
  RGB (0xe69f00), RGB (0xf0e442), RGB (0xffffff), RGB (0xbbbb55),
};
/* Print: grays far enough apart to tell apart on a laser printer; hatching does the rest. */
static const GpChartColor print_series[GP_CHART_N_SERIES] = {
  RGB (0x303030), RGB (0x8c8c8c), RGB (0xc8c8c8), RGB (0x5a5a5a), RGB (0xe6e6e6), RGB (0xa8a8a8),
};

void
gp_chart_style_init (GpChartStyle     *style,
                     GpChartStyleKind  kind)
{
  static const GpChartColor white = RGB (0xffffff), ink = RGB (0x241f31);
  static const GpChartColor dark_bg = RGB (0x242424), dark_fg = RGB (0xffffff);
  const GpChartColor *series = light_series;
  const GpChartColor *lines = light_lines;

  g_return_if_fail (style != NULL);

  *style = (GpChartStyle){
    .kind = kind,
    .background = white,
    .foreground = ink,
    .muted = RGB (0x5e5c64),
    /* libadwaita's warning colours, dark enough on white, light enough on dark */
    .warning = RGB (0x9c6e03),
    .grid = RGB (0xdeddda),
    .patterns = FALSE,
    .footnote = TRUE,
    .font_family = "Cantarell, Noto Sans CJK SC, Noto Sans, sans-serif",
    .font_scale = 1,
  };

  switch (kind)
    {
    case GP_CHART_STYLE_DARK:
      style->background = dark_bg;
      style->foreground = dark_fg;
      style->muted = (GpChartColor) RGB (0xc0bfbc);
      style->warning = (GpChartColor) RGB (0xf8e45c);
      style->grid = (GpChartColor) RGB (0x3d3846);
      series = dark_series;
      lines = dark_lines;
      break;

    case GP_CHART_STYLE_PRINT:
      style->foreground = (GpChartColor) RGB (0x000000);
      style->muted = (GpChartColor) RGB (0x404040);
      style->warning = (GpChartColor) RGB (0x000000);
      style->grid = (GpChartColor) RGB (0xd0d0d0);
      style->patterns = TRUE;
      series = print_series;
      break;

    case GP_CHART_STYLE_PRESENTATION:
      style->font_scale = 1.6;
      break;

    case GP_CHART_STYLE_LIGHT:
    default:
      break;
    }

  for (guint i = 0; i < GP_CHART_N_SERIES; i++)
    style->series[i] = series[i];
  /* Print draws every line in ink and tells them apart by their dashes. */
  for (guint i = 0; i < GP_CHART_N_LINES; i++)
    style->lines[i] = style->patterns ? style->foreground : lines[i];
}

/* In print, each of the eight lines has its own dashes, so that greyscale stays readable;
 * otherwise every line is solid and its colour tells it apart. */
guint
gp_chart_style_get_dashes (const GpChartStyle  *style,
                           guint                line,
                           const double       **dashes)
{
  static const double patterns[GP_CHART_N_LINES][6] = {
    { 0 },
    { 6, 2 },
    { 1.5, 1.5 },
    { 6, 2, 1.5, 2 },
    { 10, 3 },
    { 3, 3 },
    { 8, 2, 1.5, 2, 1.5, 2 },
    { 12, 2, 4, 2 },
  };
  static const guint lengths[GP_CHART_N_LINES] = { 0, 2, 2, 4, 2, 2, 6, 4 };

  *dashes = patterns[line % GP_CHART_N_LINES];
  return style->patterns ? lengths[line % GP_CHART_N_LINES] : 0;
}

gboolean
gp_chart_style_kind_parse (const char       *text,
                           GpChartStyleKind *kind)
{
  static const char * const names[] = { "light", "dark", "print", "presentation" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_strcmp0 (text, names[i]) == 0)
      {
        *kind = (GpChartStyleKind) i;
        return TRUE;
      }

  return FALSE;
}
