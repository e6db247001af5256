/* gp-test-ui.h
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "gp-application.h"

G_BEGIN_DECLS

void           gp_test_ui_init            (int        *argc,
                                           char     ***argv);
GpApplication *gp_test_ui_application     (void);
void           gp_test_ui_iterate         (void);
void           gp_test_ui_wait_for_draw   (GtkWidget  *widget);
void           gp_test_ui_wait_for_frame  (GtkWidget  *widget);
GtkWidget     *gp_test_ui_find_widget     (GtkWidget  *root,
                                           GType       type);
GtkWidget     *gp_test_ui_find_by_name    (GtkWidget  *root,
                                           const char *name);
GtkWindow     *gp_test_ui_find_toplevel   (GType       type);
gboolean       gp_test_ui_activate_trigger (GtkWidget *widget,
                                           const char *accelerator);
void           gp_test_ui_close_toplevels (void);
gboolean       gp_test_ui_skip_without_window_manager (void);
char          *gp_test_ui_collect_text    (GtkWidget  *root);
void           gp_test_ui_assert_contains (const char *text,
                                           const char *needle);

typedef gboolean (*GpTestUiCondition) (gpointer data);

void           gp_test_ui_wait_until      (GpTestUiCondition  condition,
                                           gpointer           data,
                                           const char        *what);
gboolean       gp_test_ui_is_set          (gpointer           pointer_location);
void           gp_test_ui_wait_for_text   (GtkWidget         *root,
                                           const char        *needle);

guint          gp_test_ui_assert_one_control_per_row (GtkWidget *root);

void           gp_test_ui_assert_nothing_clipped (GtkWidget *root);

gboolean       gp_test_ui_send_key       (GtkWindow       *window,
                                          guint            keyval,
                                          GdkModifierType  state);

void           gp_test_ui_save_png       (GtkWidget       *widget,
                                          const char      *name);

G_END_DECLS
