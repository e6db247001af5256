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
guint         gp_window_import_quotes   (GpWindow    *self,
                                         GFile       *sheet,
                                         const char **encoding,
                                         GError     **error);
void          gp_window_import_files    (GpWindow   *self,
                                         GListModel *files);

GpInstancesPage *gp_window_get_instances_page (GpWindow *self);
GpEstimatePage  *gp_window_get_estimate_page  (GpWindow *self);
GpAssistantPage *gp_window_get_assistant_page (GpWindow *self);
GpPlanWindow    *gp_window_get_plan_window    (GpWindow *self);
GpSlideDeck     *gp_window_build_slides       (GpWindow *self);

G_END_DECLS
