/* gp-ui-toasts.c — what the app tells in toasts: a message, shortened with its Details
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "gp-ui-toasts.h"

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

/* A toast's title: markup in libadwaita 1.2, so a file name with "&" must stay text. */
static AdwToast *
toast_new_escaped (const char *title)
{
  g_autofree char *escaped = g_markup_escape_text (title, -1);

  return adw_toast_new (escaped);
}

static void
add_details (AdwToast   *toast,
             const char *details)
{
  adw_toast_set_button_label (toast, _("_Details"));
  adw_toast_set_action_name (toast, "win.show-message");
  adw_toast_set_action_target_value (toast, g_variant_new_string (details));
}

static guint
title_columns (GtkWidget *window)
{
  int width = window != NULL ? gtk_widget_get_width (window) : 0;

  return width > 0 ? CLAMP ((width - TOAST_BUTTONS_PX) / COLUMN_PX, TOAST_MIN_COLUMNS,
                            TOAST_TITLE_COLUMNS)
                   : TOAST_TITLE_COLUMNS;
}

/* A toast of @message. One that does not fit a toast's line in @window's width shows its
 * start, and a _Details button (the window's win.show-message action, see
 * gp_ui_install_show_message()) shows it whole. */
AdwToast *
gp_ui_toast_new (GtkWidget  *window,
                 const char *message)
{
  g_autofree char *shortened = shorten (message, title_columns (window));
  AdwToast *toast = toast_new_escaped (shortened != NULL ? shortened : message);

  if (shortened != NULL)
    add_details (toast, message);
  return toast;
}

/* A toast of @title whose explanation is a click away: a toast's line holds a few words, and
 * an explanation cut to them says nothing. */
AdwToast *
gp_ui_toast_new_with_details (GtkWidget  *window,
                              const char *title,
                              const char *details)
{
  g_autofree char *shortened = shorten (title, title_columns (window));
  AdwToast *toast = toast_new_escaped (shortened != NULL ? shortened : title);
  g_autofree char *whole = shortened != NULL ? g_strdup_printf ("%s\n\n%s", title, details) : NULL;

  add_details (toast, whole != NULL ? whole : details);
  return toast;
}

/* A toast's message whole, from its Details button. */
static void
show_message_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  gp_ui_show_message (GTK_WINDOW (widget), g_variant_get_string (parameter, NULL));
}

/* Installs win.show-message, the action of a toast's _Details button: a window without it
 * shows the button greyed out. */
void
gp_ui_install_show_message (GtkWidgetClass *window_class)
{
  g_return_if_fail (g_type_is_a (G_TYPE_FROM_CLASS (window_class), GTK_TYPE_WINDOW));

  gtk_widget_class_install_action (window_class, "win.show-message", "s", show_message_action);
}

/* Shows @message in the nearest toast overlay above @widget; a page not yet
 * in a window has none, and then nothing is shown. */
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

/* Shows a message too long for a toast, to read and to copy (a path, an error to report). */
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
