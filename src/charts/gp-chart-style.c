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

/* The GNOME palette: blue, orange, green, purple, red. On dark, the lighter shades. */
static const GpChartColor light_series[GP_CHART_N_SERIES] = {
  RGB (0x1c71d8), RGB (0xe66100), RGB (0x26a269), RGB (0x813d9c), RGB (0xc01c28),
};
static const GpChartColor dark_series[GP_CHART_N_SERIES] = {
  RGB (0x62a0ea), RGB (0xffa348), RGB (0x57e389), RGB (0xc061cb), RGB (0xf66151),
};
/* Print: grays far enough apart to tell apart on a laser printer; hatching does the rest. */
static const GpChartColor print_series[GP_CHART_N_SERIES] = {
  RGB (0x303030), RGB (0x8c8c8c), RGB (0xc8c8c8), RGB (0x5a5a5a), RGB (0xe6e6e6),
};

/**
 * gp_chart_style_init:
 * @style: the style to fill
 * @kind: light, dark, print (white, grayscale-safe patterns) or presentation (large type)
 */
void
gp_chart_style_init (GpChartStyle     *style,
                     GpChartStyleKind  kind)
{
  static const GpChartColor white = RGB (0xffffff), ink = RGB (0x241f31);
  static const GpChartColor dark_bg = RGB (0x242424), dark_fg = RGB (0xffffff);
  const GpChartColor *series = light_series;

  g_return_if_fail (style != NULL);

  *style = (GpChartStyle) {
    .kind = kind,
    .background = white,
    .foreground = ink,
    .muted = RGB (0x5e5c64),
    /* libadwaita's warning colours, dark enough on white, light enough on dark */
    .warning = RGB (0x9c6e03),
    .grid = RGB (0xdeddda),
    .patterns = FALSE,
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
}

/**
 * gp_chart_style_kind_parse:
 * @text: "light", "dark", "print" or "presentation"
 * @kind: (out): the style
 *
 * Returns: %TRUE when @text names a style
 */
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
