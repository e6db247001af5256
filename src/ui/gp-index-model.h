/* gp-index-model.h — a list model of positions 0 … n - 1, for a list of things that are no
 * objects (a plan's phases)
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define GP_TYPE_INDEX_MODEL (gp_index_model_get_type ())

G_DECLARE_FINAL_TYPE (GpIndexModel, gp_index_model, GP, INDEX_MODEL, GObject)

GpIndexModel *gp_index_model_new         (void);
void          gp_index_model_set_n_items (GpIndexModel *self,
                                          guint         n_items);
void          gp_index_model_changed     (GpIndexModel *self,
                                          guint         position,
                                          guint         removed,
                                          guint         added);

G_END_DECLS
