/* gp-window-private.h — what the main window and its actions share
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "gp-catalog-updater.h"
#include "gp-lab-layer.h"
#include "gp-plan-window.h"
#include "gp-quote-layer.h"
#include "gp-user-offer.h"
#include "gp-window.h"

G_BEGIN_DECLS

struct _GpWindow
{
  AdwApplicationWindow  parent_instance;

  GpSettings           *settings;
  GpCatalog            *catalog;
  GpCatalogUpdater     *updater;
  gboolean              keys_unasked;   /* the updater made here lacks the keyed sources */
  GCancellable         *cancellable;
  GCancellable         *refresh_cancellable;
  GCancellable         *import_cancellable;  /* price sheets being imported */
  GFile                *state_file;
  guint                 load_source;
  guint                 weekly_source;  /* the hourly check of a weekly refresh */
  gboolean              started;

  /* Template widgets */
  GpComparePage        *compare_page;
  /* The pages after the first are made when first shown or needed: their forms, columns
   * and filters would slow the first frame of every start. */
  GpInstancesPage      *instances_page;
  AdwBin               *instances_slot;
  GpEstimatePage       *estimate_page;
  AdwBin               *estimate_slot;
  GpAssistantPage      *assistant_page;
  AdwBin               *assistant_slot;
  GtkBox               *main_box;
  GMenuModel           *primary_menu;
  GtkMenuButton        *primary_menu_button;
  GtkLabel             *refresh_label;
  GtkRevealer          *refresh_revealer;
  GtkSpinner           *refresh_spinner;
  AdwViewStack         *stack;
  AdwViewSwitcherBar   *switcher_bar;
  AdwSqueezer          *title_squeezer;
  AdwWindowTitle       *window_title;
  AdwToastOverlay      *toast_overlay;
  GpPlanWindow *plan_window;   /* made when first needed, hidden when closed */
  GpUserOffer  *removed_offer; /* for Undo */
  GpUserOffer  *edited_offer;  /* the offer before the edit, for Undo */
  char         *edited_offer_id; /* its id after the edit */
};

void gp_window_add_toast              (GpWindow       *self,
                                       const char     *text,
                                       gboolean        stays);
void gp_window_maybe_refresh_at_start (GpWindow       *self);
void gp_window_maybe_refresh_weekly   (GpWindow       *self);
const char *gp_window_get_gpu_in_view (GpWindow       *self);
void gp_window_class_install_actions  (GtkWidgetClass *widget_class);
void gp_window_class_install_quote_actions (GtkWidgetClass *widget_class);
void gp_window_class_install_offer_actions (GtkWidgetClass *widget_class);
void gp_window_undo_toast             (GpWindow       *self,
                                       const char     *text,
                                       const char     *action,
                                       GVariant       *target);

G_END_DECLS
