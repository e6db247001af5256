/* gp-compare-page-private.h — the Compare page's fields, shared with its Add popover
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "gp-compare-page.h"
#include "gp-offer-filter.h"

G_BEGIN_DECLS

struct _GpComparePage
{
  AdwBin              parent_instance;

  GpCatalog          *catalog;
  GpSettings         *settings;
  GtkFlowBox *toolbar;
  GpComparison       *comparison;
  GFile              *state_file;
  char               *state_problem;
  gboolean            only_differences;
  guint               rebuild_source;
  guint               save_source;
  gboolean            dirty;

  /* What the Add popover offers */
  GtkFilterListModel *provider_choices;
  GtkFilterListModel *offer_choices;
  GpOfferFilter      *offer_search;

  /* The Add popover's, once it is first opened (gp-compare-page-add.ui) */
  GtkListView        *add_list;
  GtkPopover         *add_popover;
  GtkSearchEntry     *add_search;

  /* Template widgets */
  GtkMenuButton *add_button;
  GtkStack           *content_stack;
  AdwStatusPage      *empty_page;
  GtkLabel           *hint_label;
  GtkGrid            *table_grid;
};

GtkWidget *_gp_compare_page_new_label (const char *text, const char *css_class);

void _gp_compare_page_create_add_popover (GtkMenuButton *button, gpointer user_data);
gboolean _gp_compare_page_match_offer (gpointer item, gpointer user_data);
gboolean _gp_compare_page_match_provider (gpointer item, gpointer user_data);
void _gp_compare_page_show_add_choices (GpComparePage *self);

G_END_DECLS
