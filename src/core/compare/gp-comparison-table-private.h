/* gp-comparison-table-private.h — what the comparison table's files share: the builder of a
 * table and the setters of its cells
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "gp-comparison.h"
#include "gp-provider-summary.h"

G_BEGIN_DECLS

typedef struct
{
  GpCatalog         *catalog;
  GpComparisonTable *table;
  const char        *symbol;      /* the currency's sign, or its code */
  double             rate;
  guint stale_after_days;
  /* Per column, NULL where the catalog lacks the item */
  GPtrArray         *providers;   /* GpProvider */
  GPtrArray         *offers;      /* GpOffer, in instances mode */
  GPtrArray         *summaries;   /* GpProviderSummary, in providers mode */
} Builder;

void              _gp_comparison_set_text                (GpComparisonRow *row,
                                                          guint            column,
                                                          const char      *text);
void              _gp_comparison_take_text               (GpComparisonRow *row,
                                                          guint            column,
                                                          char            *text);
void              _gp_comparison_set_number              (GpComparisonRow *row,
                                                          guint            column,
                                                          double           value,
                                                          int              digits);
void              _gp_comparison_add_note                (GpComparisonCell *cell,
                                                          char             *line);
void              _gp_comparison_set_date                (Builder         *builder,
                                                          GpComparisonRow *row,
                                                          guint            column,
                                                          const char      *as_of);
void              _gp_comparison_mark_offer_cell         (Builder           *builder,
                                                          GpComparisonRow   *row,
                                                          guint              column,
                                                          GpOffer           *offer,
                                                          GpEstimatePricing  pricing);
void              _gp_comparison_add_source              (GpComparisonRow *row,
                                                          guint            column,
                                                          GpSource        *source);
void              _gp_comparison_finish_sources          (GpComparisonRow *row,
                                                          guint            column);
GpComparisonRow * _gp_comparison_add_row                 (Builder    *builder,
                                                          const char *key);
void              _gp_comparison_set_money               (Builder         *builder,
                                                          GpComparisonRow *row,
                                                          guint            column,
                                                          double           amount,
                                                          int              digits);
void              _gp_comparison_set_offer_money         (Builder           *builder,
                                                          GpComparisonRow   *row,
                                                          guint              column,
                                                          GpOffer           *offer,
                                                          GpEstimatePricing  pricing,
                                                          double             amount,
                                                          int                digits);
void              _gp_comparison_add_provider_sources    (GpComparisonRow *row,
                                                          guint            column,
                                                          GpProvider      *provider);
void              _gp_comparison_add_providers_hardware  (Builder *builder);
void              _gp_comparison_add_providers_prices    (Builder *builder);
void              _gp_comparison_add_providers_sources   (Builder *builder);
void              _gp_comparison_add_instances_hardware  (Builder *builder);
void              _gp_comparison_add_instances_prices    (Builder *builder);
void              _gp_comparison_add_instances_sources   (Builder *builder);

G_END_DECLS
