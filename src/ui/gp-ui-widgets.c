/* gp-ui-widgets.c — what the pages do alike to their widgets: a tooltip, a check row, the
 * keyboard's way through a list
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "gp-ui-widgets.h"

/* A tooltip says what a button does before it is used: once its menu or list is open, it would
 * cover what the user is choosing from. */
gboolean
gp_ui_tooltip_shows (GtkWidget *widget)
{
  g_return_val_if_fail (GTK_IS_WIDGET (widget), FALSE);

  if (gp_ui_get_tooltip (widget) == NULL)
    return FALSE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_POPOVER (child) && gtk_widget_get_mapped (child))
      return FALSE;
  return TRUE;
}

static gboolean
query_tooltip_cb (GtkWidget  *widget,
                  int         x,
                  int         y,
                  gboolean    keyboard,
                  GtkTooltip *tooltip,
                  gpointer    user_data)
{
  if (!gp_ui_tooltip_shows (widget))
    return FALSE;

  gtk_tooltip_set_text (tooltip, gp_ui_get_tooltip (widget));
  return TRUE;
}

static void
connect_query_tooltip (GtkWidget *widget)
{
  if (g_object_get_data (G_OBJECT (widget), "gp-tooltip-handler") == NULL)
    {
      g_signal_connect (widget, "query-tooltip", G_CALLBACK (query_tooltip_cb), NULL);
      g_object_set_data (G_OBJECT (widget), "gp-tooltip-handler", GINT_TO_POINTER (TRUE));
    }
}

/* Keeps its tooltip from showing over its own menu or list while that is open. */
void
gp_ui_quiet_tooltip_while_open (GtkWidget *widget)
{
  g_autofree char *text = g_strdup (gtk_widget_get_tooltip_text (widget));

  g_return_if_fail (GTK_IS_WIDGET (widget));

  gtk_widget_set_tooltip_text (widget, NULL);
  gp_ui_set_tooltip (widget, text);
}

/* Sets a tooltip that is only looked at when the pointer rests on the widget. In GTK 4.8,
 * gtk_widget_set_tooltip_text() asks the display where the pointer is each time it is called,
 * several round trips to the X server: a table that sets hundreds of them stalls for tenths
 * of a second. The tooltip is also the widget's accessible description, as GTK's is. */
void
gp_ui_set_tooltip (GtkWidget  *widget,
                   const char *text)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));

  connect_query_tooltip (widget);
  g_object_set_data_full (G_OBJECT (widget), "gp-tooltip", g_strdup (text), g_free);
  gtk_widget_set_has_tooltip (widget, text != NULL);
  if (text != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                    text, -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}

/* Gives a widget a tooltip made only when it is shown or asked for: a table's cells are
 * filled in again at every filter and sort, and making each cell's tooltip then, for the few
 * the pointer may rest on, was a fifth of that work. Unlike gp_ui_set_tooltip(), the text is
 * not the widget's accessible description (it does not exist until asked for): give it to
 * widgets whose own text says what they are. */
void
gp_ui_set_tooltip_func (GtkWidget      *widget,
                        GpUiTooltipFunc func,
                        gpointer        data)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (func != NULL);

  connect_query_tooltip (widget);
  g_object_set_data (G_OBJECT (widget), "gp-tooltip-func", func);
  g_object_set_data (G_OBJECT (widget), "gp-tooltip-func-data", data);
  gtk_widget_set_has_tooltip (widget, TRUE);
}

const char *
gp_ui_get_tooltip (GtkWidget *widget)
{
  GpUiTooltipFunc func;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), NULL);

  func = g_object_get_data (G_OBJECT (widget), "gp-tooltip-func");
  if (func != NULL)
    g_object_set_data_full (
        G_OBJECT (widget), "gp-tooltip",
        func (widget, g_object_get_data (G_OBJECT (widget), "gp-tooltip-func-data")), g_free);
  return g_object_get_data (G_OBJECT (widget), "gp-tooltip");
}

/* Adds a row with a check box in front, the row's activatable widget: a provider to show, a
 * column to show. */
GtkWidget *
gp_ui_check_row_new (AdwExpanderRow *expander,
                     const char     *title)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *check = gtk_check_button_new ();

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  gtk_accessible_update_property (GTK_ACCESSIBLE (check), GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), check);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), check);
  adw_expander_row_add_row (expander, row);

  return row;
}

/* Adds @child in a row that is no Tab stop and activates nothing: the keyboard goes to its
 * controls, if it has any, and past it otherwise. */
void
gp_ui_expander_add_passive_row (AdwExpanderRow *expander,
                                GtkWidget      *child)
{
  GtkWidget *row;

  adw_expander_row_add_row (expander, child);
  row = GTK_IS_LIST_BOX_ROW (child) ? child : gtk_widget_get_parent (child);
  gtk_widget_set_focusable (row, FALSE);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
}

/* Tab goes to the buttons of a toolbar laid out by a flow box, not to the cells around them
 * first: each cell would be one more stop, with nothing to do there. */
void
gp_ui_flow_box_pass_focus (GtkFlowBox *box)
{
  for (GtkWidget *cell = gtk_widget_get_first_child (GTK_WIDGET (box)); cell != NULL;
       cell = gtk_widget_get_next_sibling (cell))
    if (GTK_IS_FLOW_BOX_CHILD (cell))
      gtk_widget_set_focusable (cell, FALSE);
}

static gboolean
list_key_pressed_cb (GtkEventControllerKey *controller,
                     guint                  keyval,
                     guint                  keycode,
                     GdkModifierType        state,
                     gpointer               user_data)
{
  GtkWidget *list = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller));
  GtkWidget *root = GTK_WIDGET (gtk_widget_get_root (list));
  GtkDirectionType direction;

  if (keyval == GDK_KEY_Tab || keyval == GDK_KEY_KP_Tab)
    direction = state & GDK_SHIFT_MASK ? GTK_DIR_TAB_BACKWARD : GTK_DIR_TAB_FORWARD;
  else if (keyval == GDK_KEY_ISO_Left_Tab)
    direction = GTK_DIR_TAB_BACKWARD;
  else
    return GDK_EVENT_PROPAGATE;

  /* The list out of the chain for a moment, the window moves the focus past it; from the end
   * of the chain, round to its start. */
  gtk_widget_set_can_focus (list, FALSE);
  if (!gtk_widget_child_focus (root, direction))
    gtk_widget_child_focus (root, direction);
  gtk_widget_set_can_focus (list, TRUE);
  return GDK_EVENT_STOP;
}

/* Tab leaves @list for the next control, as it leaves a list box; the arrow keys move within
 * it. GTK 4.8's list views move Tab from row to row, or cell to cell, so that a keyboard
 * could not get past a long table (GTK 4.12 has a tab-behavior property for it). */
void
gp_ui_list_tab_leaves (GtkWidget *list)
{
  GtkEventController *keys = gtk_event_controller_key_new ();

  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (list_key_pressed_cb), NULL);
  gtk_widget_add_controller (list, keys);
}

const char *const gp_ui_lab_location_nicks[] = { "mainland-china", "hong-kong", "elsewhere", NULL };

/* What is said of mainland China's border (what a lab there reaches, its invoices, the speed
 * across) speaks to a lab in mainland China or Hong Kong; elsewhere it is noise, not shown. */
gboolean
gp_ui_lab_sees_border (GpLabLocation lab)
{
  return lab == GP_LAB_LOCATION_MAINLAND_CHINA || lab == GP_LAB_LOCATION_HONG_KONG;
}

static gboolean
nick_to_selected (GBinding     *binding,
                  const GValue *from,
                  GValue       *to,
                  gpointer      user_data)
{
  const char *const *nicks = user_data;
  const char *nick = g_value_get_string (from);

  for (guint i = 0; nicks[i] != NULL; i++)
    if (g_strcmp0 (nick, nicks[i]) == 0)
      {
        g_value_set_uint (to, i);
        return TRUE;
      }

  return FALSE;
}

static gboolean
selected_to_nick (GBinding     *binding,
                  const GValue *from,
                  GValue       *to,
                  gpointer      user_data)
{
  const char *const *nicks = user_data;
  guint selected = g_value_get_uint (from);

  if (selected >= g_strv_length ((char **) nicks))
    return FALSE;

  g_value_set_string (to, nicks[selected]);
  return TRUE;
}

/* Keeps the row's choice and the property the same, either way. */
void
gp_ui_bind_nick_to_row (GObject            *object,
                        const char         *property,
                        AdwComboRow        *row,
                        const char * const *nicks)
{
  g_object_bind_property_full (object, property, row, "selected",
                               G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL, nick_to_selected,
                               selected_to_nick, (gpointer) nicks, NULL);
}
