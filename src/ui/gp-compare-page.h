/* gp-compare-page.h
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "gp-catalog.h"
#include "gp-settings.h"
#include "gp-comparison.h"

G_BEGIN_DECLS

#define GP_TYPE_COMPARE_PAGE (gp_compare_page_get_type ())

G_DECLARE_FINAL_TYPE (GpComparePage, gp_compare_page, GP, COMPARE_PAGE, AdwBin)

GpCatalog    *gp_compare_page_get_catalog          (GpComparePage      *self);
void          gp_compare_page_set_catalog          (GpComparePage      *self,
                                                    GpCatalog          *catalog);
void          gp_compare_page_set_settings         (GpComparePage      *self,
                                                    GpSettings         *settings);
void          gp_compare_page_set_state_file       (GpComparePage      *self,
                                                    GFile              *file);
GpComparison *gp_compare_page_get_comparison       (GpComparePage      *self);
const char   *gp_compare_page_get_state_problem    (GpComparePage      *self);
GpComparisonTable *gp_compare_page_build_table    (GpComparePage      *self);
gboolean      gp_compare_page_get_only_differences (GpComparePage      *self);
void          gp_compare_page_set_only_differences (GpComparePage      *self,
                                                    gboolean            only_differences);
guint         gp_compare_page_add_ids              (GpComparePage      *self,
                                                    const char * const *ids,
                                                    GError            **error);
void          gp_compare_page_start_search         (GpComparePage      *self);
gboolean      gp_compare_page_write_csv            (GpComparePage      *self,
                                                    GFile              *file,
                                                    GError            **error);

G_END_DECLS
