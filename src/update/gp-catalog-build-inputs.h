/* gp-catalog-build-inputs.h — what a later input adds to the bundled catalog's instances
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/**
 * GpPriceMerge:
 * @GP_PRICE_MERGE_SPOT: the later file's spot price joins the earlier price of the region,
 *   which keeps its other figures
 * @GP_PRICE_MERGE_REPLACE: the later file's price of a region replaces the earlier one whole
 *   (a newer copy of the same list)
 *
 * How the prices of an instance an earlier input gave take a later input's.
 */
typedef enum
{
  GP_PRICE_MERGE_SPOT,
  GP_PRICE_MERGE_REPLACE,
} GpPriceMerge;

/**
 * GpPriceMergeCount:
 * @regions: regions whose price took the later figures
 * @added: regions only the later file prices, added
 * @left_out: regions only the later file prices, left out (spot has no earlier price to join)
 * @no_spot: regions where the later file has no usable spot price
 * @on_demand_differ: regions where the two files' on-demand prices differ by more than 0.5 %
 *
 * What merging found, for the build's report.
 */
typedef struct
{
  guint regions;
  guint added;
  guint left_out;
  guint no_spot;
  guint on_demand_differ;
} GpPriceMergeCount;

gboolean gp_price_merge_from_string (const char        *text,
                                     GpPriceMerge      *merge);
void     gp_price_merge_instance    (JsonObject        *existing,
                                     JsonObject        *later,
                                     GpPriceMerge       merge,
                                     const char        *source,
                                     GpPriceMergeCount *count);
char      *gp_spec_crosscheck       (GHashTable        *instances,
                                     GHashTable        *gpu_by_id,
                                     JsonObject        *providers,
                                     GBytes            *csv,
                                     const char        *file,
                                     GError           **error);
char      *gp_price_crosscheck      (GHashTable        *instances,
                                     JsonObject        *providers,
                                     GBytes            *csv,
                                     const char        *file,
                                     GError           **error);
gboolean   gp_price_series_read     (GBytes            *csv,
                                     const char        *file,
                                     const char        *day,
                                     double            *at_day,
                                     char             **change,
                                     char             **last_day,
                                     double            *last_price,
                                     GError           **error);
char      *gp_capacity_blocks_merge (GHashTable        *instances,
                                     const char        *provider,
                                     GBytes            *json,
                                     const char        *file,
                                     const char        *source,
                                     GError           **error);
GBytes    *gp_csv_join              (GPtrArray         *parts);

typedef struct _GpSeriesSet GpSeriesSet;

GpSeriesSet *gp_series_set_new        (void);
void         gp_series_set_free       (GpSeriesSet       *set);
char        *gp_series_set_read_weekly (GpSeriesSet      *set,
                                       GHashTable        *instances,
                                       const char        *provider,
                                       GBytes            *csv,
                                       const char        *file,
                                       const char        *source,
                                       GError           **error);
char        *gp_series_set_read_capacity_blocks (GpSeriesSet  *set,
                                                GHashTable   *instances,
                                                const char   *provider,
                                                GBytes       *csv,
                                                const char   *file,
                                                const char   *source,
                                                GError      **error);
gboolean     gp_series_set_read_daily (GpSeriesSet       *set,
                                       const char        *offer,
                                       GBytes            *csv,
                                       const char        *file,
                                       const char        *source,
                                       GError           **error);
char        *gp_series_set_end_at_prices (GpSeriesSet   *set,
                                          GHashTable    *instances,
                                          GHashTable    *sources,
                                          GPtrArray     *cited);
char        *gp_series_set_to_json    (GpSeriesSet       *set,
                                       GPtrArray         *sources);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GpSeriesSet, gp_series_set_free)

G_END_DECLS
