/* gp-compare-page.h
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "gp-catalog.h"

G_BEGIN_DECLS

#define GP_TYPE_COMPARE_PAGE (gp_compare_page_get_type ())

G_DECLARE_FINAL_TYPE (GpComparePage, gp_compare_page, GP, COMPARE_PAGE, AdwBin)

GpCatalog  *gp_compare_page_get_catalog   (GpComparePage *self);
void        gp_compare_page_set_catalog   (GpComparePage *self,
                                           GpCatalog     *catalog);
GListModel *gp_compare_page_get_summaries (GpComparePage *self);

G_END_DECLS
