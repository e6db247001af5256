/* gp-chart-layout.h — where everything on a chart goes, computed once, for painting and hit testing
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <pango/pangocairo.h>

#include "gp-chart-data.h"
#include "gp-chart-geometry.h"
#include "gp-chart-style.h"
#include "gp-chart-ticks.h"

G_BEGIN_DECLS

/* Type sizes in points, before the style's scale. */
#define TITLE_PT    14.0
#define LABEL_PT     8.5
#define AXIS_PT      8.5
#define NOTE_PT      7.0
#define MARGIN_PT   14.0
/* Narrower than this (about 500 px), a bar chart sets its names above the bars. */
#define NARROW_PT  375.0

typedef struct
{
  int         item;     /* index into the data, or -1 for a group header */
  guint       group;
  GpChartRect rect;     /* the row's band across the plot */
} GpChartRow;

typedef struct
{
  GpChartRect  canvas;
  GpChartRect  title;
  GpChartRect  legend;
  GpChartRect  footnote;
  GpChartRect  plot;
  double       label_width;    /* bar charts: the category column left of the plot */
  GpChartTicks x_ticks;
  GpChartTicks y_ticks;
  GArray      *rows;           /* GpChartRow: bar charts */
  GArray      *shown;          /* int: items drawn, in drawing order */
  guint        not_shown;      /* items that did not fit, beyond the data's own hidden ones */
  double       row_height;
  double       font_scale;
  double       label_line;     /* the height of a line of the labels' type */
  double       note_pt;        /* the footnote's type size: smaller when it is long */
  gboolean     note_list;      /* many sources one to a line, not in the run of the text */
  GPtrArray   *source_list;    /* GpSource: bar charts with note_list, as numbered */
  guint        highlighted;    /* line charts: the first this many shown are in colour */
  GArray      *labels;         /* GpChartLabel: line charts' end labels */
  gboolean     numbered;       /* the end labels are numbers, named in the key */
  GpChartRect  key;            /* numbered: under the axis, the numbers' names */
  GArray      *key_entries;    /* GpChartRect: where each number's name goes */
  gboolean     narrow;         /* bar charts: names above the bars, for narrow canvases */
  GArray      *footnote_for;   /* int: the items whose sources the footnote's room was made
                                * for; NULL for those shown, or all when not yet known */
} GpChartLayout;

void         gp_chart_layout_compute   (cairo_t             *cr,
                                        GpChartKind          kind,
                                        GpChartData         *data,
                                        const GpChartStyle  *style,
                                        double               width,
                                        double               height,
                                        GpChartLayout       *layout);
void         gp_chart_layout_clear     (GpChartLayout       *layout);

/* The last layout computed, kept by whoever draws (a chart view, an export) for the next
 * pointer motion, frame or page at the same size. */
typedef struct _GpChartLayoutCache GpChartLayoutCache;

GpChartLayoutCache  *gp_chart_layout_cache_new  (void);
void                 gp_chart_layout_cache_free (GpChartLayoutCache *cache);
const GpChartLayout *gp_chart_layout_cache_get  (GpChartLayoutCache *cache,
                                                 GpChartKind         kind,
                                                 GpChartData        *data,
                                                 const GpChartStyle *style,
                                                 double              width,
                                                 double              height);

double       gp_chart_layout_x         (const GpChartLayout *layout,
                                        double               value);
double       gp_chart_layout_y         (const GpChartLayout *layout,
                                        double               value);

PangoLayout *gp_chart_label_layout     (cairo_t             *cr,
                                        const GpChartStyle  *style,
                                        const char          *text,
                                        double               size_pt,
                                        gboolean             bold);
double       gp_chart_line_height      (cairo_t             *cr,
                                        const GpChartStyle  *style,
                                        double               size_pt);
int          gp_chart_tick_decimals    (double               step);
guint        gp_chart_legend_entries   (GpChartKind          kind,
                                        GpChartData         *data,
                                        const GArray        *shown,
                                        const char         **labels,
                                        guint               *series);
PangoLayout *gp_chart_footnote_layout  (cairo_t             *cr,
                                        GpChartData         *data,
                                        const GpChartStyle  *style,
                                        const GArray        *shown,
                                        guint                not_shown,
                                        double               width,
                                        double               size_pt,
                                        gboolean             as_list);
PangoLayout *gp_chart_line_label_layout (cairo_t            *cr,
                                        const GpChartStyle  *style,
                                        const GpChartItem   *item,
                                        double               width);
PangoLayout *gp_chart_end_label_layout (cairo_t             *cr,
                                        const GpChartStyle  *style,
                                        const GpChartLayout *layout,
                                        const GpChartItem   *item,
                                        guint                line,
                                        double               width);
PangoLayout *gp_chart_key_entry_layout (cairo_t             *cr,
                                        const GpChartStyle  *style,
                                        const GpChartItem   *item,
                                        guint                line,
                                        double               width);
char        *gp_chart_dup_grey_legend  (guint                grey);
char        *gp_chart_dup_value_text   (GpChartData         *data,
                                        const GpChartStyle  *style,
                                        const GpChartLayout *layout,
                                        guint                item);
PangoLayout *gp_chart_title_layout     (cairo_t             *cr,
                                        GpChartKind          kind,
                                        GpChartData         *data,
                                        const GpChartStyle  *style,
                                        double               width);
PangoLayout *gp_chart_bar_label_layout (cairo_t             *cr,
                                        GpChartKind          kind,
                                        const GpChartStyle  *style,
                                        const GpChartItem   *item,
                                        double               width);
int          gp_chart_compare_by_hours (gconstpointer        a,
                                        gconstpointer        b,
                                        gpointer             user_data);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (GpChartLayout, gp_chart_layout_clear)

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GpChartLayoutCache, gp_chart_layout_cache_free)

G_END_DECLS
