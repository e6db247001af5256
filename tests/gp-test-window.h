/* gp-test-window.h — helpers shared by the main window's tests
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "gp-window.h"

G_BEGIN_DECLS

/* A price sheet's import as the window runs it, and how often the main loop turned meanwhile. */
typedef struct
{
  GPtrArray *outcomes;
  guint ticks;
  guint tick;
} GpTestImporting;

char      *gp_test_window_init                (int         *argc,
                                               char      ***argv);
int        gp_test_window_run                 (char        *home);
GpWindow  *gp_test_window_new                 (void);
GpWindow  *gp_test_window_new_keeping         (GFile       *state_file);
void       gp_test_window_reset_settings      (void);
void       gp_test_window_remove_broken_user_layer   (void);
void       gp_test_window_wait_for_catalog    (GpWindow    *window);
void       gp_test_window_wait_for_fullscreen (GtkWindow   *window,
                                               gboolean     fullscreen);
void       gp_test_window_wait_for_text       (GpWindow    *window,
                                               const char  *needle);
gboolean   gp_test_window_has_estimates       (gpointer     page);
void       gp_test_window_estimate_a_job      (GpWindow    *window);
GtkWidget *gp_test_window_find_button         (GtkWidget   *root,
                                               const char  *label);

void           gp_test_window_import_begin   (GpWindow        *window,
                                              GFile           *sheet,
                                              GpTestImporting *importing);
GpSheetImport *gp_test_window_import_end     (GpTestImporting *importing);
GpSheetImport *gp_test_window_import_sheet   (GpWindow        *window,
                                              GFile           *sheet,
                                              guint           *ticks);
GpSheetImport *gp_test_window_import_address (GpWindow        *window,
                                              const char      *address);
void           gp_test_window_assert_dialog_opens_and_closes (GpWindow   *window,
                                                              const char *action,
                                                              GType       type);

G_END_DECLS
