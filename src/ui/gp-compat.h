/* gp-compat.h
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef void (*GpCompatFilesFunc) (GListModel *files,
                                   gpointer    user_data);

typedef void (*GpCompatSaveFunc) (GObject *target,
                                  GFile   *file);

void gp_compat_show_about (GtkWindow          *parent,
                           const char * const *price_credits);
void gp_compat_open_files (GtkWindow          *parent,
                           const char         *title,
                           GListModel         *filters,
                           GpCompatFilesFunc   callback,
                           gpointer            user_data);
void gp_compat_save_file  (GtkWindow          *parent,
                           const char         *title,
                           const char         *suggested_name,
                           GpCompatSaveFunc    callback,
                           GObject            *target);

G_END_DECLS
