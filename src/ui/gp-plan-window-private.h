/* gp-plan-window-private.h — the plan window's fields, and what its files share: saving, costing,
 * its phases' list and its budget's export
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "gp-display-currency.h"
#include "gp-index-model.h"
#include "gp-plan-window.h"
#include "gp-text.h"

G_BEGIN_DECLS

struct _GpPlanWindow
{
  AdwWindow parent_instance;

  GpCatalog *catalog;
  GFile *file; /* where the plan is kept */
  GpProject *project;
  GpProject *replaced; /* the plan before the last replacement, for Undo */
  GpProjectCost *cost; /* NULL when it cannot be costed */
  char *problem;       /* why not */
  GpDisplayCurrency *currency;
  GpIndexModel *phase_items; /* one item per phase, by position: the list view's model */
  GPtrArray *bound_items;    /* the GtkListItems showing a phase now */
  gboolean filling;          /* the form is being filled from the plan: nothing to write back */
  guint follow_tick;         /* sizes the phases' card each frame while a row opens or closes */
  gint64 follow_until;       /* and until when */
  gboolean follows_page;     /* the card follows the height the page is shown at */

  /* Template widgets */
  AdwToastOverlay *toast_overlay;
  AdwEntryRow *title_row;
  AdwEntryRow *start_row;
  AdwEntryRow *end_row;
  GtkSpinButton *dataset_spin;
  GtkSpinButton *upload_spin;
  GtkSpinButton *contingency_spin;
  AdwPreferencesGroup *phases_group;
  GtkListView *phases_view;
  GtkWidget *phases_scroller;
  AdwActionRow *cost_row;
  AdwActionRow *time_row;
  AdwActionRow *data_row;
  AdwActionRow *emissions_row;
  AdwComboRow *format_row;
  AdwComboRow *language_row;
  GtkSwitch *launch_switch;
};

void           _gp_plan_window_save                  (GpPlanWindow             *self);
void           _gp_plan_window_changed               (GpPlanWindow             *self);
void           _gp_plan_window_set_text_of_kind      (char                    **field,
                                                      const char               *text,
                                                      GpTextKind                kind);
void           _gp_plan_window_set_text              (char                    **field,
                                                      const char               *text);
char          *_gp_plan_window_phase_summary         (GpPlanWindow             *self,
                                                      guint                     index);
GpProjectCost *_gp_plan_window_cost_plan             (GpPlanWindow             *self,
                                                      GError                  **error);

void           _gp_plan_window_rebuild_phases        (GpPlanWindow             *self);
void           _gp_plan_window_attach_phases         (GpPlanWindow             *self);
void           _gp_plan_window_setup_phase_row       (GpPlanWindow             *self,
                                                      GtkListItem              *item,
                                                      GtkSignalListItemFactory *factory);
void           _gp_plan_window_bind_phase_row        (GpPlanWindow             *self,
                                                      GtkListItem              *item,
                                                      GtkSignalListItemFactory *factory);
void           _gp_plan_window_unbind_phase_row      (GpPlanWindow             *self,
                                                      GtkListItem              *item,
                                                      GtkSignalListItemFactory *factory);
void           _gp_plan_window_remove_phase_action   (GtkWidget                *widget,
                                                      const char               *action,
                                                      GVariant                 *parameter);
void           _gp_plan_window_move_phase_up_action  (GtkWidget                *widget,
                                                      const char               *action,
                                                      GVariant                 *parameter);

void           _gp_plan_window_export_budget_action  (GtkWidget                *widget,
                                                      const char               *action,
                                                      GVariant                 *parameter);

G_END_DECLS
