/* gp-window.h
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "gp-application.h"
#include "gp-assistant-page.h"
#include "gp-estimate-page.h"
#include "gp-instances-page.h"
#include "gp-plan-window.h"
#include "gp-slide-deck.h"

G_BEGIN_DECLS

#define GP_TYPE_WINDOW (gp_window_get_type ())

G_DECLARE_FINAL_TYPE (GpWindow, gp_window, GP, WINDOW, AdwApplicationWindow)

GpWindow     *gp_window_new          (GpApplication *application);
const char   *gp_window_get_page     (GpWindow      *self);
void          gp_window_set_page     (GpWindow      *self,
                                      const char    *page);
GCancellable *gp_window_get_cancellable (GpWindow   *self);
/**
 * GpSheetImport:
 * @name: the sheet's file name, or its address
 * @encoding: what it was read as, "UTF-8" or "GB18030"; %NULL where it was not read
 * @added: the quotes it added, all of its rows
 * @error: why it added none: what is wrong with it (the line and the column), or
 *   %G_IO_ERROR_CANCELLED
 */
typedef struct
{
  char       *name;
  const char *encoding;
  guint       added;
  GError     *error;
} GpSheetImport;

void          gp_sheet_import_free      (GpSheetImport *outcome);
void          gp_window_import_quotes_async  (GpWindow            *self,
                                              GListModel          *sheets,
                                              GAsyncReadyCallback  callback,
                                              gpointer             user_data);
void          gp_window_import_quotes_from_address_async (GpWindow            *self,
                                                          const char          *address,
                                                          GAsyncReadyCallback  callback,
                                                          gpointer             user_data);
GPtrArray    *gp_window_import_quotes_finish (GpWindow            *self,
                                              GAsyncResult        *result);
void          gp_window_import_files    (GpWindow   *self,
                                         GListModel *files);

GpInstancesPage *gp_window_get_instances_page (GpWindow *self);
GpEstimatePage  *gp_window_get_estimate_page  (GpWindow *self);
GpAssistantPage *gp_window_get_assistant_page (GpWindow *self);
GpPlanWindow    *gp_window_get_plan_window    (GpWindow *self);
GpSlideDeck     *gp_window_build_slides       (GpWindow *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GpSheetImport, gp_sheet_import_free)

G_END_DECLS
