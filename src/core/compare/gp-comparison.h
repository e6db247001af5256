/* gp-comparison.h — two to six platforms or instances side by side, row by row
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "gp-catalog.h"
#include "gp-types.h"

G_BEGIN_DECLS

#define GP_COMPARISON_ERROR (gp_comparison_error_quark ())

/**
 * GpComparisonError:
 * @GP_COMPARISON_ERROR_UNKNOWN_ID: no provider, instance or region has the id
 * @GP_COMPARISON_ERROR_FULL: the comparison already has its six items
 * @GP_COMPARISON_ERROR_DUPLICATE: the item is compared already
 * @GP_COMPARISON_ERROR_INVALID_STATE: a saved comparison is not what one looks like
 */
typedef enum
{
  GP_COMPARISON_ERROR_UNKNOWN_ID,
  GP_COMPARISON_ERROR_FULL,
  GP_COMPARISON_ERROR_DUPLICATE,
  GP_COMPARISON_ERROR_INVALID_STATE,
} GpComparisonError;

#define GP_COMPARISON_MAX_ITEMS 6

/**
 * GpComparisonGroup:
 *
 * The groups of rows, in the order they are shown.
 */
typedef enum
{
  GP_COMPARISON_GROUP_HARDWARE,
  GP_COMPARISON_GROUP_PRICES,
  GP_COMPARISON_GROUP_BILLING,
  GP_COMPARISON_GROUP_TRANSFER,
  GP_COMPARISON_GROUP_FEATURES,
  GP_COMPARISON_GROUP_LIMITS,
  GP_COMPARISON_GROUP_SOURCES,
  GP_COMPARISON_N_GROUPS,
} GpComparisonGroup;

/**
 * GpComparisonBest:
 * @GP_COMPARISON_BEST_NONE: no value is better than another
 * @GP_COMPARISON_BEST_LOWEST: the lowest value wins (prices)
 * @GP_COMPARISON_BEST_HIGHEST: the highest value wins (memory, speed, a feature it has)
 */
typedef enum
{
  GP_COMPARISON_BEST_NONE,
  GP_COMPARISON_BEST_LOWEST,
  GP_COMPARISON_BEST_HIGHEST,
} GpComparisonBest;

/**
 * GpComparisonValue:
 * @GP_COMPARISON_VALUE_TEXT: words
 * @GP_COMPARISON_VALUE_NUMBER: a figure in the row's unit
 * @GP_COMPARISON_VALUE_YES_NO: whether the item has something
 * @GP_COMPARISON_VALUE_DATE: a date, `YYYY`, `YYYY-MM` or `YYYY-MM-DD`
 *
 * What a row's cells hold.
 */
typedef enum
{
  GP_COMPARISON_VALUE_TEXT,
  GP_COMPARISON_VALUE_NUMBER,
  GP_COMPARISON_VALUE_YES_NO,
  GP_COMPARISON_VALUE_DATE,
} GpComparisonValue;

/**
 * GpComparisonColumn:
 * @id: the item's id: a provider's, or "INSTANCE@REGION"
 * @title: the provider's or instance's name
 * @subtitle: the kind of platform, or the provider and region
 * @missing: whether the catalog no longer has the item
 */
typedef struct
{
  char     *id;
  char     *title;
  char     *subtitle;
  gboolean  missing;
} GpComparisonColumn;

/**
 * GpComparisonCell:
 * @text: the value as shown, "—" when unknown
 * @value: the number compared, NAN when the value is text or unknown
 * @known: whether the catalog has the figure
 * @best: whether the cell wins its row
 * @estimate: the figure is derived by a rule, not quoted: shown with "≈", never the best
 * @doubtful: a known problem of the source touches the figure: flagged, never the best
 * @stale: the figure is older than the catalog's limit
 * @note: (nullable): why the cell is marked estimate, doubtful or stale, for a tooltip
 * @sources: (element-type GpSource) (nullable): where the figures come from, on the sources row
 */
typedef struct
{
  char      *text;
  double     value;
  gboolean   known;
  gboolean   best;
  gboolean   estimate;
  gboolean   doubtful;
  gboolean   stale;
  char      *note;
  GPtrArray *sources;
} GpComparisonCell;

/**
 * GpComparisonRow:
 * @key: what the row is, an interface: "on_demand_per_hour"
 * @group: the group it belongs to
 * @label: what the row is, for people, with its unit
 * @kind: what its cells hold
 * @best: which value wins
 * @rule: (nullable): why a cell is highlighted, for a tooltip
 * @differs: whether the cells are not all the same
 * @cells: (element-type GpComparisonCell): one cell per column
 */
typedef struct
{
  const char        *key;
  GpComparisonGroup  group;
  char              *label;
  GpComparisonValue  kind;
  GpComparisonBest   best;
  char              *rule;
  gboolean           differs;
  GArray            *cells;
} GpComparisonRow;

/**
 * GpComparisonTable:
 * @mode: what the columns are
 * @currency: the currency of the prices
 * @prices_note: (nullable): prices converted from the catalog's currency: the rate, its
 *   origin and date, stale past the catalog's limit (gp_currency_dup_prices_line())
 * @columns: (element-type GpComparisonColumn)
 * @rows: (element-type GpComparisonRow)
 *
 * A comparison laid out: what the page shows and every export writes.
 */
typedef struct
{
  GpComparisonMode  mode;
  char             *currency;
  char             *prices_note;
  GPtrArray        *columns;
  GPtrArray        *rows;
} GpComparisonTable;

#define GP_TYPE_COMPARISON (gp_comparison_get_type ())

G_DECLARE_FINAL_TYPE (GpComparison, gp_comparison, GP, COMPARISON, GObject)

GQuark              gp_comparison_error_quark       (void);
GpComparison       *gp_comparison_new               (GpCatalog         *catalog);
GpCatalog          *gp_comparison_get_catalog       (GpComparison      *self);
void                gp_comparison_set_catalog       (GpComparison      *self,
                                                     GpCatalog         *catalog);
GpComparisonMode    gp_comparison_get_mode          (GpComparison      *self);
GpLabLocation       gp_comparison_get_lab_location  (GpComparison      *self);
void                gp_comparison_set_lab_location  (GpComparison      *self,
                                                     GpLabLocation      location);
void                gp_comparison_set_mode          (GpComparison      *self,
                                                     GpComparisonMode   mode);
const char * const *gp_comparison_get_ids           (GpComparison      *self);
const char * const *gp_comparison_get_ids_for_mode  (GpComparison      *self,
                                                     GpComparisonMode   mode);
guint               gp_comparison_get_n_items       (GpComparison      *self);
gboolean            gp_comparison_add               (GpComparison      *self,
                                                     const char        *id,
                                                     GError           **error);
gboolean            gp_comparison_add_offer         (GpComparison      *self,
                                                     GpOffer           *offer,
                                                     GError           **error);
void                gp_comparison_remove            (GpComparison      *self,
                                                     const char        *id);
void                gp_comparison_clear             (GpComparison      *self);
gboolean            gp_comparison_contains          (GpComparison      *self,
                                                     const char        *id);
char               *gp_comparison_resolve_id        (GpComparison      *self,
                                                     const char        *id,
                                                     GpComparisonMode  *mode,
                                                     GError           **error);
const char         *gp_comparison_get_currency      (GpComparison      *self);
double              gp_comparison_get_exchange_rate (GpComparison      *self);
char               *gp_comparison_dup_prices_note   (GpComparison      *self);
void                gp_comparison_set_rate_basis    (GpComparison      *self,
                                                     const char        *basis);
void                gp_comparison_set_currency      (GpComparison      *self,
                                                     const char        *currency,
                                                     double             rate);
JsonNode           *gp_comparison_save_state        (GpComparison      *self);
gboolean            gp_comparison_load_state        (GpComparison      *self,
                                                     JsonNode          *state,
                                                     GError           **error);
gboolean            gp_comparison_save_to_file      (GpComparison      *self,
                                                     GFile             *file,
                                                     GCancellable      *cancellable,
                                                     GError           **error);
gboolean            gp_comparison_load_from_file    (GpComparison      *self,
                                                     GFile             *file,
                                                     GError           **error);
GFile              *gp_comparison_get_default_file  (void);
GpComparisonTable  *gp_comparison_build             (GpComparison      *self);
GpOffer            *gp_comparison_find_offer        (GpCatalog         *catalog,
                                                     const char        *id);

/* gp-comparison-table.c */
GpComparisonTable  *gp_comparison_table_new         (GpCatalog          *catalog,
                                                     GpComparisonMode    mode,
                                                     const char * const *ids,
                                                     const char         *currency,
                                                     double              rate);
const char         *gp_comparison_group_get_title   (GpComparisonGroup  group);
const char         *gp_comparison_group_to_string   (GpComparisonGroup  group);
const char         *gp_comparison_mode_to_string    (GpComparisonMode   mode);
void                gp_comparison_table_free        (GpComparisonTable *table);
GpComparisonRow    *gp_comparison_table_find_row    (GpComparisonTable *table,
                                                     const char        *key);
GpComparisonCell   *gp_comparison_row_get_cell      (GpComparisonRow   *row,
                                                     guint              column);
void                gp_comparison_row_set_best      (GpComparisonRow   *row);

/* gp-comparison-export.c */
char               *gp_comparison_table_to_csv      (GpComparisonTable *table,
                                                     gboolean           only_differences);
char               *gp_comparison_table_to_markdown (GpComparisonTable *table,
                                                     gboolean           only_differences);
JsonNode           *gp_comparison_table_to_json     (GpComparisonTable *table);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GpComparisonTable, gp_comparison_table_free)

G_END_DECLS
