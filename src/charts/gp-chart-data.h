/* gp-chart-data.h — the numbers and words a chart shows, taken once from the estimates
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "gp-estimate-list.h"

G_BEGIN_DECLS

typedef enum
{
  GP_CHART_KIND_COST,
  GP_CHART_KIND_BREAKDOWN,
  GP_CHART_KIND_VALUE,
  GP_CHART_KIND_CUMULATIVE,
  GP_CHART_KIND_BREAKEVEN,
} GpChartKind;

typedef enum
{
  GP_CHART_PART_COMPUTE,
  GP_CHART_PART_STORAGE,
  GP_CHART_PART_TRANSFER,
  GP_CHART_PART_INTERRUPTIONS,
  GP_CHART_N_PARTS,
} GpChartPart;

/**
 * GpChartItem:
 * @label: what the bar or point is ("Lambda gpu_1x_a100")
 * @region: (nullable): where, for the hover text and the CSV
 * @group: the way of paying, a #GpEstimatePricing
 * @total: the total cost
 * @parts: the total split into compute, storage, transfer and interruptions
 * @hours: the time to finish
 * @pareto: no other item is both cheaper and faster
 * @sources: (element-type GpSource) (nullable): where its figures come from
 * @start: line charts: the cost at the start, a purchase's price; 0 for a rental
 * @low: line charts: the band's end below @total, when the figures behind it move
 * @high: line charts: the band's end above @total; no band when @high is not above @low
 *
 * In a break-even chart @hours is months and @group is %GP_CHART_GROUP_NONE for a purchase.
 */
typedef struct
{
  char      *label;
  char      *region;
  guint      group;
  double     total;
  double     parts[GP_CHART_N_PARTS];
  double     hours;
  gboolean   pareto;
  GPtrArray *sources;
  double     start;
  double     low;
  double     high;
  gboolean   platform_best; /* the best option of its platform: kept before any other */
  gboolean   unreachable;   /* the lab cannot reach it: never highlighted as an answer */
} GpChartItem;

/* An item paid for in no way of renting: a purchase. Its label is its name alone. */
#define GP_CHART_GROUP_NONE G_MAXUINT
/* More price sources than this, and a footnote lists them numbered, one to a line. */
#define GP_CHART_SOURCE_LIST_MIN 3

typedef struct _GpChartData GpChartData;

typedef char *(*GpChartDataCsvFunc) (GpChartData *data);

#define GP_TYPE_CHART_DATA (gp_chart_data_get_type ())

GType              gp_chart_data_get_type            (void) G_GNUC_CONST;
GpChartData       *gp_chart_data_new                 (const char        *currency);
GpChartData       *gp_chart_data_new_from_estimates  (GpEstimateList    *list,
                                                      guint              max_items);
GpChartData       *gp_chart_data_new_cheapest        (GpEstimateList    *list,
                                                      guint              max_items);
char              *gp_chart_data_dup_workload_summary (GpEstimateList *list);
char              *gp_chart_data_dup_prices_line  (GpEstimateList *list);
GpChartData       *gp_chart_data_copy                (GpChartData       *data);
GpChartData       *gp_chart_data_ref                 (GpChartData       *data);
void               gp_chart_data_unref               (GpChartData       *data);
void               gp_chart_data_add                 (GpChartData       *data,
                                                      const char        *label,
                                                      guint              group,
                                                      const double      *parts,
                                                      double             hours);
void               gp_chart_data_set_csv_func        (GpChartData       *data,
                                                      GpChartDataCsvFunc to_csv);
gboolean           gp_chart_data_is_costs            (GpChartData       *data);
void               gp_chart_data_set_platform_best   (GpChartData       *data,
                                                      guint              index);
void               gp_chart_data_set_footnote        (GpChartData       *data,
                                                      const char        *footnote);
const char        *gp_chart_data_get_footnote        (GpChartData       *data);
void               gp_chart_data_set_titles          (GpChartData       *data,
                                                      const char        *title,
                                                      const char        *value_title);
const char        *gp_chart_data_get_title           (GpChartData       *data,
                                                      GpChartKind        kind);
char              *gp_chart_data_dup_value_title     (GpChartData       *data);
void               gp_chart_data_set_across_title    (GpChartData       *data,
                                                      const char        *title,
                                                      const char        *unit);
const char        *gp_chart_data_get_across_title    (GpChartData       *data);
const char        *gp_chart_data_get_across_unit     (GpChartData       *data);
char              *gp_chart_data_dup_oldest_as_of    (GpChartData       *data);
const char        *gp_chart_data_get_oldest_label    (GpChartData       *data);
char              *gp_chart_data_dup_footnote_for    (GpChartData       *data,
                                                      const GArray      *shown,
                                                      gboolean           as_list);
GPtrArray         *gp_chart_data_dup_sources_for     (GpChartData       *data,
                                                      const GArray      *shown);
char              *gp_chart_data_dup_source_refs     (GpChartData       *data,
                                                      GPtrArray         *sources,
                                                      guint              item);
const char        *gp_chart_data_get_currency        (GpChartData       *data);
void               gp_chart_data_set_stale_after_days (GpChartData     *data,
                                                       guint            days);
guint              gp_chart_data_get_stale_after_days (GpChartData     *data);
guint              gp_chart_data_get_n_items         (GpChartData       *data);
const GpChartItem *gp_chart_data_get_item            (GpChartData       *data,
                                                      guint              index);
guint              gp_chart_data_get_n_hidden        (GpChartData       *data);
guint              gp_chart_data_get_revision        (GpChartData       *data);
void               gp_chart_data_set_n_hidden        (GpChartData       *data,
                                                      guint              hidden);
const char        *gp_chart_part_label               (GpChartPart        part);
const char        *gp_chart_kind_title               (GpChartKind        kind);
gboolean           gp_chart_kind_is_lines            (GpChartKind        kind);
gboolean           gp_chart_kind_parse               (const char        *text,
                                                      GpChartKind       *kind);
char              *gp_chart_data_to_csv              (GpChartData       *data);
char              *gp_chart_data_describe            (GpChartData       *data,
                                                      GpChartKind        kind);
void               gp_chart_data_set_footnote_parts  (GpChartData       *data,
                                                      const char        *head,
                                                      const char        *tail);
void               gp_chart_data_set_marker          (GpChartData       *data,
                                                      double             x,
                                                      const char        *label);
const char        *gp_chart_data_get_marker          (GpChartData       *data,
                                                      double            *x);
GpChartItem       *gp_chart_data_edit_item           (GpChartData       *data,
                                                      guint              index);
void               gp_chart_item_set_sources         (GpChartItem       *item,
                                                      GpSource          *source,
                                                      GpSource          *derived_from);
char              *gp_chart_mark_reach               (const char        *name,
                                                      const char        *mark);
const char        *gp_chart_reach_note               (void);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GpChartData, gp_chart_data_unref)

G_END_DECLS
