/* gp-ui-widgets.c — what the pages do alike to their widgets: a toast, a tooltip, a check row
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "gp-ui-widgets.h"

/**
 * gp_ui_show_toast:
 * @widget: a widget inside the window's #AdwToastOverlay
 * @message: what to tell, plain text
 *
 * Shows @message in the nearest toast overlay above @widget; a page not yet
 * in a window has none, and then nothing is shown.
 */
void
gp_ui_show_toast (GtkWidget  *widget,
                  const char *message)
{
  GtkWidget *overlay = gtk_widget_get_ancestor (widget, ADW_TYPE_TOAST_OVERLAY);
  g_autofree char *escaped = NULL;

  /* A toast's title is Pango markup in libadwaita 1.2: a file name with "&" must stay text. */
  if (overlay != NULL)
    {
      escaped = g_markup_escape_text (message, -1);
      adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), adw_toast_new (escaped));
    }
}

static gboolean
query_tooltip_cb (GtkWidget  *widget,
                  int         x,
                  int         y,
                  gboolean    keyboard,
                  GtkTooltip *tooltip,
                  gpointer    user_data)
{
  const char *text = g_object_get_data (G_OBJECT (widget), "gp-tooltip");

  if (text == NULL)
    return FALSE;

  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

/**
 * gp_ui_set_tooltip:
 * @widget: a widget
 * @text: (nullable): its tooltip, plain text, %NULL for none
 *
 * Sets a tooltip that is only looked at when the pointer rests on the widget. In GTK 4.8,
 * gtk_widget_set_tooltip_text() asks the display where the pointer is each time it is called,
 * several round trips to the X server: a table that sets hundreds of them stalls for tenths
 * of a second. The tooltip is also the widget's accessible description, as GTK's is.
 */
void
gp_ui_set_tooltip (GtkWidget  *widget,
                   const char *text)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));

  if (g_object_get_data (G_OBJECT (widget), "gp-tooltip-handler") == NULL)
    {
      g_signal_connect (widget, "query-tooltip", G_CALLBACK (query_tooltip_cb), NULL);
      g_object_set_data (G_OBJECT (widget), "gp-tooltip-handler", GINT_TO_POINTER (TRUE));
    }

  g_object_set_data_full (G_OBJECT (widget), "gp-tooltip", g_strdup (text), g_free);
  gtk_widget_set_has_tooltip (widget, text != NULL);
  if (text != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                    text, -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}

/**
 * gp_ui_get_tooltip:
 * @widget: a widget
 *
 * Returns: (nullable): the tooltip gp_ui_set_tooltip() gave it
 */
const char *
gp_ui_get_tooltip (GtkWidget *widget)
{
  g_return_val_if_fail (GTK_IS_WIDGET (widget), NULL);
  return g_object_get_data (G_OBJECT (widget), "gp-tooltip");
}

/**
 * gp_ui_check_row_new:
 * @expander: the expander row to add the row to
 * @title: the row's title, plain text
 *
 * Adds a row with a check box in front, the row's activatable widget: a provider to show, a
 * column to show.
 *
 * Returns: (transfer none): the row; the check box is its activatable widget
 */
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
