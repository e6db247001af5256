/* gp-ui-widgets.h — what the pages do alike to their widgets: a tooltip, a check row, the
 * keyboard's way through a list
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "gp-types.h"

G_BEGIN_DECLS

void        gp_ui_set_tooltip   (GtkWidget      *widget,
                                 const char     *text);
const char *gp_ui_get_tooltip   (GtkWidget      *widget);
/* Makes the tooltip of @widget, a newly allocated plain text or NULL for none. */
typedef char *(*GpUiTooltipFunc) (GtkWidget *widget,
                                  gpointer   data);
void        gp_ui_set_tooltip_func (GtkWidget      *widget,
                                    GpUiTooltipFunc func,
                                    gpointer        data);
gboolean    gp_ui_tooltip_shows (GtkWidget      *widget);
void        gp_ui_quiet_tooltip_while_open (GtkWidget *widget);
GtkWidget  *gp_ui_check_row_new (AdwExpanderRow *expander,
                                 const char     *title);

void        gp_ui_flow_box_pass_focus (GtkFlowBox *box);
void        gp_ui_list_tab_leaves     (GtkWidget  *list);
void        gp_ui_bind_nick_to_row    (GObject            *object,
                                       const char         *property,
                                       AdwComboRow        *row,
                                       const char * const *nicks);

/* The lab-location key's nicks, in the order its combo rows list them. */
extern const char *const gp_ui_lab_location_nicks[];
gboolean gp_ui_lab_sees_border (GpLabLocation lab);
void gp_ui_expander_add_passive_row (AdwExpanderRow *expander,
                                     GtkWidget      *child);

G_END_DECLS
