/* gp-slide-deck-private.h — what planning the slides and painting them share: the canvas,
 * its sizes, and how tall each block of text is
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <pango/pangocairo.h>

#include "gp-chart.h"
#include "gp-slide-deck.h"

G_BEGIN_DECLS

/* Sizes in canvas units */
#define MARGIN          64.0
#define TITLE_SIZE      56.0
#define SMALLEST_TITLE_SIZE 40.0
#define TITLE_TOP       48.0
#define CONTENT_TOP     160.0
#define FOOTER_SIZE     GP_SLIDE_SMALLEST_TEXT
#define FOOTER_HEIGHT   40.0
#define NUMBER_WIDTH    160.0 /* the slide's number at the right of its foot: "12 / 12" */
#define CONTENT_BOTTOM  (GP_SLIDE_HEIGHT - MARGIN - FOOTER_HEIGHT - 16.0)
#define HEADING_SIZE    32.0
#define CELL_SIZE       30.0
#define LABEL_SIZE      28.0
#define SUBTITLE_SIZE   GP_SLIDE_SMALLEST_TEXT
#define CELL_PAD_X      12.0
#define CELL_PAD_Y      8.0
#define CHOICE_SIZE     40.0
#define BODY_SIZE       32.0
#define CHART_ITEMS     10
/* The comparison's tables on at most this many slides: a meeting wants the picture. */
#define MAX_TABLE_SLIDES 3
/* The reasons each recommended option gives on the recommendation's slide. */
#define REASONS_SHOWN 2

/* The narrowest canvas a slide is shown on: 4:3. */
#define NARROWEST_WIDTH (GP_SLIDE_HEIGHT * 4.0 / 3.0)

typedef struct
{
  GpSlideKind  kind;
  char        *title;
  char        *as_of;
  gboolean stale;             /* as_of is past its catalog's limit */
  char        *oldest;        /* the figure as_of dates: a bar, an option, a column */
  GArray      *rows;          /* comparison: indices of the table's rows shown */
  gboolean     as_list;       /* comparison: one long row, its items one under the other */
  GpChartKind  chart;
  GpChartData *data;          /* chart: what it shows */
  int          choice;        /* recommendation: -1 for the summary, else the choice */
  guint        first, count;  /* the choices, reasons or (as a list) items on this slide */
  GStrv lines;                /* title and summary: what they say, line by line */
} Slide;

struct _GpSlideDeck
{
  GPtrArray         *slides;
  GpComparisonTable *table;
  GpChartData       *chart_data;
  gboolean prices_charted; /* the table leaves the charted prices out */
  GpRecommendation  *recommendation;
};

/* Where a slide is measured or painted: its cairo context, style and width. */
typedef struct
{
  cairo_t      *cr;
  GpChartStyle  style;
  double        width;        /* of the canvas, in units */
  guint         index;        /* of the slide, for messages */
  GString      *problems;
  double        smallest;
} Canvas;

void         gp_slide_canvas_init         (Canvas            *canvas,
                                           cairo_t           *cr,
                                           double             width,
                                           gboolean           dark);
PangoLayout *gp_slide_new_layout          (Canvas            *canvas,
                                           const char        *text,
                                           double             size,
                                           gboolean           bold,
                                           double             width);
double       gp_slide_text_height         (Canvas            *canvas,
                                           const char        *text,
                                           double             size,
                                           gboolean           bold,
                                           double             width);
char        *gp_slide_as_of_text          (Slide             *slide);
void         gp_slide_table_geometry      (double             canvas_width,
                                           guint              n_columns,
                                           double            *label_width,
                                           double            *column_width);
char        *gp_slide_breakable_name      (const char        *name);
const char  *gp_slide_column_title        (GpComparisonTable *table,
                                           guint              column);
gboolean     gp_slide_breaks_words        (Canvas            *canvas,
                                           const char        *text,
                                           double             size,
                                           double             width);
double       gp_slide_header_title_size   (Canvas            *canvas,
                                           GpComparisonTable *table,
                                           double             text_width);
double       gp_slide_header_height       (Canvas            *canvas,
                                           GpComparisonTable *table,
                                           double            *title_size_out);
double       gp_slide_row_cell_size       (Canvas            *canvas,
                                           GpComparisonRow   *row,
                                           double             text_width);
double       gp_slide_row_height          (Canvas            *canvas,
                                           GpComparisonRow   *row,
                                           guint              n_columns,
                                           double            *cell_size_out);
double       gp_slide_heading_height      (Canvas            *canvas,
                                           GpComparisonGroup  group);
void         gp_slide_list_geometry       (double             canvas_width,
                                           double            *name_width,
                                           double            *text_width);
double       gp_slide_list_heading_height (Canvas            *canvas,
                                           GpComparisonRow   *row);
double       gp_slide_list_item_height    (Canvas            *canvas,
                                           GpComparisonTable *table,
                                           GpComparisonRow   *row,
                                           guint              column);
char        *gp_slide_estimate_title      (GpEstimate        *estimate,
                                           guint              rank);
char        *gp_slide_choice_title        (GpChoice          *choice,
                                           guint              rank);
char        *gp_slide_estimate_figures    (GpEstimate        *estimate);
char        *gp_slide_choice_figures      (GpChoice          *choice);
double       gp_slide_reason_height       (Canvas            *canvas,
                                           const char        *reason);
Slide       *gp_slide_deck_nth_slide      (GpSlideDeck       *self,
                                           guint              index);

G_END_DECLS
