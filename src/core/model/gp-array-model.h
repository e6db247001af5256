/* gp-array-model.h — a list model over an array of objects, replaced as a whole
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define GP_TYPE_ARRAY_MODEL (gp_array_model_get_type ())

G_DECLARE_FINAL_TYPE (GpArrayModel, gp_array_model, GP, ARRAY_MODEL, GObject)

GpArrayModel *gp_array_model_new       (GType         item_type);
void          gp_array_model_replace   (GpArrayModel *self,
                                        GPtrArray    *items);
GPtrArray    *gp_array_model_get_items (GpArrayModel *self);

G_END_DECLS
