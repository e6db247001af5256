/* gp-slide-deck.h — the current work as slides for a group meeting
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>
#include <gio/gio.h>

#include "gp-chart-data.h"
#include "gp-chart-style.h"
#include "gp-comparison.h"
#include "gp-estimate-list.h"
#include "gp-recommendation.h"

G_BEGIN_DECLS

/**
 * GpSlideKind:
 * @GP_SLIDE_TITLE: the question, the job, the date and the currency
 * @GP_SLIDE_SUMMARY: the answer: the recommended option and two runners-up
 * @GP_SLIDE_COMPARISON: rows of the comparison
 * @GP_SLIDE_CHART: one chart of the estimate
 * @GP_SLIDE_RECOMMENDATION: the recommended platforms, or the reasons for one of them
 */
typedef enum
{
  GP_SLIDE_TITLE,
  GP_SLIDE_SUMMARY,
  GP_SLIDE_COMPARISON,
  GP_SLIDE_CHART,
  GP_SLIDE_RECOMMENDATION,
} GpSlideKind;

/* A slide is laid out on a canvas this many units high; its width follows the screen's
 * shape, from 4:3 to 16:9. Type is never smaller than GP_SLIDE_SMALLEST_TEXT units: 24 px
 * on a 1080-line projector. */
#define GP_SLIDE_HEIGHT        1080.0
#define GP_SLIDE_SMALLEST_TEXT 24.0

typedef struct _GpSlideDeck GpSlideDeck;

#define GP_TYPE_SLIDE_DECK (gp_slide_deck_get_type ())

GType        gp_slide_deck_get_type           (void) G_GNUC_CONST;
GpSlideDeck *gp_slide_deck_new                (void);
GpSlideDeck *gp_slide_deck_ref                (GpSlideDeck       *self);
void         gp_slide_deck_unref              (GpSlideDeck       *self);
void         gp_slide_deck_add_title          (GpSlideDeck       *self,
                                               GpEstimateList    *estimates);
void         gp_slide_deck_add_summary        (GpSlideDeck       *self,
                                               GpEstimateList    *estimates,
                                               GpRecommendation  *recommendation);
void         gp_slide_deck_add_prices         (GpSlideDeck       *self,
                                               GpComparison      *comparison);
void         gp_slide_deck_add_comparison     (GpSlideDeck       *self,
                                               GpComparisonTable *table,
                                               gboolean           only_differences);
void         gp_slide_deck_add_charts         (GpSlideDeck       *self,
                                               GpEstimateList    *estimates);
void         gp_slide_deck_add_chart          (GpSlideDeck       *self,
                                               GpChartKind        kind,
                                               GpChartData       *data);
GpChartData *gp_slide_deck_add_emissions      (GpSlideDeck       *self,
                                               GpEstimateList    *estimates);
void         gp_slide_deck_add_recommendation (GpSlideDeck       *self,
                                               GpRecommendation  *recommendation);
guint        gp_slide_deck_get_n_slides       (GpSlideDeck       *self);
GpSlideKind  gp_slide_deck_get_kind           (GpSlideDeck       *self,
                                               guint              index);
const char  *gp_slide_deck_get_title          (GpSlideDeck       *self,
                                               guint              index);
const char  *gp_slide_deck_get_as_of          (GpSlideDeck       *self,
                                               guint              index);
char        *gp_slide_deck_dup_footer         (GpSlideDeck       *self,
                                               guint              index);
const char * const *gp_slide_deck_get_lines   (GpSlideDeck       *self,
                                               guint              index);
GStrv        gp_slide_deck_dup_row_keys       (GpSlideDeck       *self,
                                               guint              index);
char        *gp_slide_deck_dup_text           (GpSlideDeck       *self,
                                               guint              index);
gboolean     gp_slide_deck_get_is_list        (GpSlideDeck       *self,
                                               guint              index);
void         gp_slide_deck_draw               (GpSlideDeck       *self,
                                               guint              index,
                                               cairo_t           *cr,
                                               double             width,
                                               double             height,
                                               gboolean           dark,
                                               GString           *problems,
                                               double            *smallest_text);
GBytes      *gp_slide_deck_to_pdf             (GpSlideDeck       *self,
                                               GError           **error);
gboolean     gp_slide_deck_save_pdf           (GpSlideDeck       *self,
                                               GFile             *file,
                                               GError           **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GpSlideDeck, gp_slide_deck_unref)

G_END_DECLS
