/* gp-ui-toasts.h — what the app tells in toasts: a message, shortened with its Details
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

AdwToast  *gp_ui_toast_new          (GtkWidget    *window,
                                     const char   *message);
AdwToast  *gp_ui_toast_new_with_details (GtkWidget  *window,
                                         const char *title,
                                         const char *details);
void       gp_ui_install_show_message (GtkWidgetClass *window_class);
void       gp_ui_show_toast         (GtkWidget    *widget,
                                     const char   *message);
GtkWidget *gp_ui_show_message       (GtkWindow    *parent,
                                     const char   *message);

G_END_DECLS
