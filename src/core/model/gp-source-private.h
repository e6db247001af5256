/* gp-source-private.h — a source's fields, for the model and the catalog that fills it
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "gp-source.h"

G_BEGIN_DECLS

/* Unknown figures are NAN for doubles and 0 for counts; the getters say so. */

struct _GpSource
{
  GObject         parent_instance;
  char           *id;
  char           *title;
  char           *url;
  char           *as_of;
  char           *note;
  GpCatalogLayer  layer;
};

GpSource   *gp_source_new_empty   (void);

G_END_DECLS
