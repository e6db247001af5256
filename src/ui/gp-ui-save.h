/* gp-ui-save.h — exports made and written off the main thread, a toast saying how it went
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Makes a file's bytes from @snapshot, on a worker thread: @snapshot is the caller's alone
 * from then on, and nothing on it may be shared with the widgets unless it is immutable. */
typedef GBytes *(*GpUiRenderFunc) (gpointer  snapshot,
                                   GError  **error);

void gp_ui_save        (GtkWidget      *overlay,
                        GFile          *file,
                        GpUiRenderFunc  render,
                        gpointer        snapshot,
                        GDestroyNotify  free_snapshot);
void gp_ui_save_bytes  (GtkWidget      *overlay,
                        GFile          *file,
                        GBytes         *bytes,
                        const GError   *error);

G_END_DECLS
