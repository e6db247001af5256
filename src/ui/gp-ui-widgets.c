/* gp-ui-widgets.c — what the pages do alike to their widgets: a toast, a tooltip, a check row
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "gp-file.h"
#include "gp-ui-widgets.h"

/* A toast's title is one line; what is longer is cut at a word and read whole a click
 * away. In columns: a wide (CJK) character takes two. Beside it stand the Details and close
 * buttons, about TOAST_BUTTONS_PX. */
#define TOAST_TITLE_COLUMNS 60
#define TOAST_MIN_COLUMNS   16
#define TOAST_BUTTONS_PX    200
#define COLUMN_PX           9

static guint
columns (gunichar c)
{
  return g_unichar_iswide (c) ? 2 : 1;
}

/* The start of @message that fits a toast's line, cut after a word, a wide character (which
 * is one) or a separator (",;:/", a path's folder) and ended in "…"; %NULL when the whole
 * message fits. */
static char *
shorten (const char *message,
         guint       max_columns)
{
  const char *p, *cut = NULL;
  guint width = 0;

  for (p = message; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      width += columns (c);
      if (c == '\n' || width > max_columns - 1)
        break;
      if (g_unichar_isspace (c) || g_unichar_iswide (c) || (c < 0x80 && strchr (",;:/", c)))
        cut = g_unichar_isspace (c) ? p : g_utf8_next_char (p);
    }
  if (*p == '\0')
    return NULL;
  if (cut == NULL || cut == message)
    cut = p;
  return g_strdup_printf ("%.*s…", (int) (cut - message), message);
}

/**
 * gp_ui_toast_new:
 * @window: (nullable): the widget whose overlay shows it, for its width
 * @message: what to tell, plain text
 *
 * A toast of @message. One that does not fit a toast's line in @window's width shows its
 * start, and a _Details button (the window's win.show-message action) shows it whole.
 *
 * Returns: (transfer full): the toast
 */
AdwToast *
gp_ui_toast_new (GtkWidget  *window,
                 const char *message)
{
  int width = window != NULL ? gtk_widget_get_width (window) : 0;
  guint max_columns = width > 0 ? CLAMP ((width - TOAST_BUTTONS_PX) / COLUMN_PX, TOAST_MIN_COLUMNS,
                                         TOAST_TITLE_COLUMNS)
                                : TOAST_TITLE_COLUMNS;
  g_autofree char *shortened = shorten (message, max_columns);
  /* A toast's title is Pango markup in libadwaita 1.2: a file name with "&" must stay text. */
  g_autofree char *escaped = g_markup_escape_text (shortened != NULL ? shortened : message, -1);
  AdwToast *toast = adw_toast_new (escaped);

  if (shortened != NULL)
    {
      adw_toast_set_button_label (toast, _("_Details"));
      adw_toast_set_action_name (toast, "win.show-message");
      adw_toast_set_action_target_value (toast, g_variant_new_string (message));
    }
  return toast;
}

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

  if (overlay != NULL)
    adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), gp_ui_toast_new (overlay, message));
}

static void
message_response_cb (AdwMessageDialog *dialog,
                     const char       *response,
                     gpointer          user_data)
{
  if (g_strcmp0 (response, "copy") == 0)
    gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (dialog)),
                            adw_message_dialog_get_body (dialog));
}

/**
 * gp_ui_show_message:
 * @parent: the window it is about
 * @message: a toast's message, whole
 *
 * Shows a message too long for a toast, to read and to copy (a path, an error to report).
 *
 * Returns: (transfer none): the dialog, presented
 */
GtkWidget *
gp_ui_show_message (GtkWindow  *parent,
                    const char *message)
{
  GtkWidget *dialog = adw_message_dialog_new (parent, NULL, message);

  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "copy", _("_Copy"), "close",
                                    _("_Close"), NULL);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "close");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "close");
  g_signal_connect (dialog, "response", G_CALLBACK (message_response_cb), NULL);
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
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

/**
 * gp_ui_flow_box_pass_focus:
 * @box: a flow box laying out a toolbar
 *
 * Tab goes to the buttons of a toolbar laid out by a flow box, not to the cells around them
 * first: each cell would be one more stop, with nothing to do there.
 */
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

/**
 * gp_ui_list_tab_leaves:
 * @list: a #GtkListView or #GtkColumnView
 *
 * Tab leaves @list for the next control, as it leaves a list box; the arrow keys move within
 * it. GTK 4.8's list views move Tab from row to row, or cell to cell, so that a keyboard
 * could not get past a long table (GTK 4.12 has a tab-behavior property for it).
 */
void
gp_ui_list_tab_leaves (GtkWidget *list)
{
  GtkEventController *keys = gtk_event_controller_key_new ();

  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (list_key_pressed_cb), NULL);
  gtk_widget_add_controller (list, keys);
}

/* A save under way: the overlay that tells how it went, and the toast that says it is not
 * done yet. */
typedef struct
{
  AdwToastOverlay *overlay;
  char *name;
  AdwToast *saving;
  guint saving_source;
} Saving;

static void
saving_free (Saving *saving)
{
  g_clear_handle_id (&saving->saving_source, g_source_remove);
  if (saving->saving != NULL)
    adw_toast_dismiss (saving->saving);
  g_clear_object (&saving->saving);
  g_clear_object (&saving->overlay);
  g_free (saving->name);
  g_free (saving);
}

/* A write that takes long says so; a quick one goes without a word until it is done. */
static gboolean
show_saving_cb (gpointer user_data)
{
  Saving *saving = user_data;
  g_autofree char *message = g_strdup_printf (_("Saving “%s”…"), saving->name);

  saving->saving_source = 0;
  saving->saving = gp_ui_toast_new (GTK_WIDGET (saving->overlay), message);
  adw_toast_set_timeout (saving->saving, 0);
  adw_toast_overlay_add_toast (saving->overlay, g_object_ref (saving->saving));
  return G_SOURCE_REMOVE;
}

static void
saved_cb (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  Saving *saving = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;

  if (gp_file_replace_bytes_finish (result, &error))
    message = g_strdup_printf (_("Saved “%s”"), saving->name);
  else
    message = g_strdup_printf (_("Could not save “%s”: %s"), saving->name, error->message);

  if (saving->overlay != NULL)
    adw_toast_overlay_add_toast (saving->overlay,
                                 gp_ui_toast_new (GTK_WIDGET (saving->overlay), message));
  saving_free (saving);
}

/**
 * gp_ui_save_in_background:
 * @overlay: (nullable): the toast overlay that tells how the saving went
 * @file: where to save
 * @bytes: (nullable): what to save, %NULL when it could not be made
 * @error: (nullable): why @bytes could not be made
 *
 * Writes @bytes to @file on a worker thread, so that a slow disk or the document portal never
 * holds up the window; a write that takes long says so, and a toast tells how it went.
 */
void
gp_ui_save_in_background (GtkWidget    *overlay,
                          GFile        *file,
                          GBytes       *bytes,
                          const GError *error)
{
  Saving *saving;

  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (bytes != NULL || error != NULL);

  saving = g_new0 (Saving, 1);
  saving->overlay = overlay != NULL ? g_object_ref (ADW_TOAST_OVERLAY (overlay)) : NULL;
  saving->name = g_file_get_basename (file);
  if (bytes == NULL)
    {
      g_autofree char *message =
          g_strdup_printf (_("Could not save “%s”: %s"), saving->name, error->message);

      if (overlay != NULL)
        adw_toast_overlay_add_toast (saving->overlay, gp_ui_toast_new (overlay, message));
      saving_free (saving);
      return;
    }
  if (overlay != NULL)
    saving->saving_source = g_timeout_add (500, show_saving_cb, saving);
  gp_file_replace_bytes_async (file, bytes, NULL, saved_cb, saving);
}
