/* gp-region-private.h — a region's fields, for the model and the catalog that fills it
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "gp-region.h"
#include "gp-text.h"

G_BEGIN_DECLS

struct _GpRegion
{
  GObject       parent_instance;
  char         *id;
  char         *name;
  char         *location;
  char         *city;         /* in English: the app shows it translated */
  char         *country;
  char         *geography;    /* the provider's own group: "Asia Pacific", "Mainland China" */
  GStrv         tags;
  GpRegionKind  kind;
  GpGridFigure *grid;         /* the grid's intensity where it is known, NULL otherwise */
  double        pue;          /* the data centre's PUE, NAN where unknown */
  char         *pue_source_id;
  GpSource     *pue_source;   /* resolved when the catalog merges */
  char         *search_key;   /* casefolded id, names and places, made when first asked */
  GpSearchMemo  search_memo;  /* which words of the last search it holds */
};

GpRegion   *gp_region_new_empty   (void);
const char *gp_region_get_search_key (GpRegion *self);

G_END_DECLS
