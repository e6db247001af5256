/* gp-row-filler.h — a list's bound rows, filled in at once in sight and after the frame out of it
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/**
 * GpRowFillerFunc:
 * @item: a list item bound to a row
 * @cell: what was given with it to gp_row_filler_bind()
 * @user_data: what was given to gp_row_filler_new()
 *
 * Fills @item's cell in from the item it shows now.
 */
typedef void (*GpRowFillerFunc) (GtkListItem *item,
                                 gpointer     cell,
                                 gpointer     user_data);

#define GP_TYPE_ROW_FILLER (gp_row_filler_get_type ())

G_DECLARE_FINAL_TYPE (GpRowFiller, gp_row_filler, GP, ROW_FILLER, GObject)

GpRowFiller *gp_row_filler_new             (GtkWidget       *owner,
                                            GpRowFillerFunc  fill,
                                            gpointer         user_data);
void         gp_row_filler_bind            (GpRowFiller     *self,
                                            GtkListItem     *item,
                                            gpointer         cell);
void         gp_row_filler_unbind          (GpRowFiller     *self,
                                            GtkListItem     *item);
void         gp_row_filler_refill          (GpRowFiller     *self,
                                            GtkWidget       *list,
                                            guint            n_items);
void         gp_row_filler_fill_first_rows (GpRowFiller     *self);
void         gp_row_filler_fill_now        (GpRowFiller     *self);
void         gp_row_filler_forget          (GpRowFiller     *self);

G_END_DECLS
