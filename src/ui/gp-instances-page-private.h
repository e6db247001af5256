/* gp-instances-page-private.h — the Instances page's fields, shared with its cells
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "gp-comparison.h"
#include "gp-currency.h"
#include "gp-display-currency.h"
#include "gp-estimate.h"
#include "gp-format.h"
#include "gp-instances-page.h"
#include "gp-instances-row.h"
#include "gp-offer-details.h"
#include "gp-offer-filter.h"
#include "gp-offer-filter-pane.h"
#include "gp-offer-sort-model.h"
#include "gp-offer-rows.h"
#include "gp-row-filler.h"
#include "gp-ui-widgets.h"

G_BEGIN_DECLS

typedef enum
{
  UNIT_NONE,
  UNIT_MONEY,      /* per instance or per GPU, as the page counts */
  UNIT_MONEY_GPU,  /* always per GPU */
  UNIT_VALUE,
} ColumnUnit;

typedef struct
{
  const char    *id;       /* the name kept in settings */
  const char    *title;    /* translatable; a unit follows it in brackets */
  GpOfferColumn  column;
  gboolean       numeric;
  ColumnUnit     unit;
  int            width_chars;  /* the least a cell shows before it ellipsizes */
} ColumnDef;

#define N_COLUMNS 17

extern const ColumnDef gp_instances_column_defs[N_COLUMNS];

typedef struct _GpInstancesPage GpInstancesPage;

/* The styles a cell can take. */
typedef enum
{
  CELL_STYLE_DIM = 1 << 0,      /* the figure is not in the catalog */
  CELL_STYLE_ESTIMATE = 1 << 1, /* a price worked out, not quoted ("≈ 4.408") */
  CELL_STYLE_DOUBTFUL = 1 << 2, /* a price the source is known to get wrong */
  CELL_STYLE_WARNING = 1 << 3,  /* a date older than the catalog's limit */
} CellStyle;

/* The room at each side of a cell's text, as the theme gives a data table's cells. */
#define CELL_PADDING 6

/* Where a column is, in a row's coordinates; a width of 0 when it is hidden. */
typedef struct
{
  double x;
  double width;
} ColumnSpan;

typedef struct
{
  GpInstancesPage     *page;
  const ColumnDef     *def;
  GtkColumnViewColumn *column;
} ColumnSlot;

struct _GpInstancesPage
{
  AdwBin               parent_instance;

  GpCatalog           *catalog;
  GpSettings          *settings;
  GpDisplayCurrency   *display;
  GpOfferFilter       *filter;
  GpOfferSortModel *sort_model; /* the offers shown, filtered and in order */
  GListModel *filter_model;     /* the same, once the catalog's models are attached */
  GpOfferRows *rows;            /* a row per offer shown, kept when they change */
  GtkMultiSelection   *selection;
  GPtrArray *selected; /* GpOffer: what the user selected */
  GpRowFiller *filler; /* the bound cells, each a ColumnSlot's */
  ColumnSlot           columns[N_COLUMNS];
  ColumnSlot          *probed;
  GObject             *probe_items[2];
  char                *currency;
  double               rate;
  gboolean             per_gpu;
  GpLabLocation lab_location; /* a lab in mainland China sees what it reaches */
  gboolean             syncing;
  gboolean             dirty;
  GpOfferCriterion     blamed;

  /* Template widgets */
  GtkColumnView *column_view; /* the columns' titles alone: the rows are the offers list's */
  GtkListView *offers_list;
  GtkScrolledWindow *rows_scroller;
  GtkScrolledWindow *titles_scroller;
  AdwExpanderRow      *columns_row;
  GtkButton           *compare_button;
  GtkInscription *count_label;
  AdwComboRow         *currency_row;
  GpOfferDetails      *details;
  GpOfferFilterPane   *filter_pane;
  AdwStatusPage       *empty_page;
  AdwFlap             *filters_flap;
  AdwFlap             *flap;
  GtkLabel            *rate_label;
  GtkButton           *remove_filter_button;
  GtkStack            *results_stack;
  GtkSearchEntry      *search_entry;
  AdwComboRow         *unit_row;
};

void _gp_instances_page_add_columns (GpInstancesPage *self);
void _gp_instances_page_add_rows (GpInstancesPage *self);
void _gp_instances_page_apply_column_widths (GpInstancesPage *self);
void _gp_instances_page_apply_hidden_columns (GpInstancesPage *self);
char * _gp_instances_page_column_title (GpInstancesPage *self, const ColumnDef *def);
gboolean _gp_instances_page_column_shown (GpInstancesPage *self, guint column);
void _gp_instances_page_measure_columns (GpInstancesPage *self, int *minimum, int *natural);
gboolean _gp_instances_page_column_spans (GpInstancesPage *self,
                                          GtkWidget *row,
                                          ColumnSpan spans[N_COLUMNS]);
char * _gp_instances_page_dup_cell (GpInstancesPage *self,
                                    GpOffer *offer,
                                    guint column,
                                    guint *style);
char * _gp_instances_page_dup_cell_tooltip (GpInstancesPage *self,
                                            GpOffer *offer,
                                            guint column,
                                            gboolean known);
void _gp_instances_page_fill_row (GtkListItem *item, gpointer row, gpointer user_data);
void _gp_instances_page_rebind_cells (GpInstancesPage *self);
void _gp_instances_page_redraw_rows (GpInstancesPage *self);
void _gp_instances_page_refill_cells (GpInstancesPage *self);

GtkWidget * _gp_instances_row_new (GpInstancesPage *page);
void _gp_instances_row_fill (GpInstancesRow *self, GpOffer *offer);

G_END_DECLS
