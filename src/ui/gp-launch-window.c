/* gp-launch-window.c — the launch code of one option, in a window of its own
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Opened from an Estimate option or the Assistant's choices: the Launch panel, scrolled, under
 * a header bar that names the machine, with a toast overlay for "copied". Escape closes it.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "gp-launch-window.h"
#include "gp-ui-toasts.h"

struct _GpLaunchWindow
{
  AdwWindow parent_instance;

  /* Template widgets */
  GpLaunchView *view;
};

G_DEFINE_FINAL_TYPE (GpLaunchWindow, gp_launch_window, ADW_TYPE_WINDOW)

static void
gp_launch_window_class_init (GpLaunchWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  g_type_ensure (GP_TYPE_LAUNCH_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE_PATH "/gp-launch-window.ui");
  gtk_widget_class_bind_template_child (widget_class, GpLaunchWindow, view);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  gp_ui_install_show_message (widget_class);
}

static void
gp_launch_window_init (GpLaunchWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GpLaunchWindow *
gp_launch_window_new (GtkWindow            *parent,
                      GpOffer              *offer,
                      gboolean              spot,
                      const GpLaunchUpload *upload,
                      const char           *currency,
                      double                rate)
{
  GpLaunchWindow *self;
  g_autofree char *title = NULL;

  g_return_val_if_fail (GP_IS_OFFER (offer), NULL);

  self = g_object_new (GP_TYPE_LAUNCH_WINDOW, "transient-for", parent, "destroy-with-parent", TRUE,
                       NULL);
  /* Translators: the launch code window's title, with the machine */
  title =
      g_strdup_printf (_("Launch on %s"), gp_instance_get_name (gp_offer_get_instance (offer)));
  gtk_window_set_title (GTK_WINDOW (self), title);
  gp_launch_view_set_offer (self->view, offer, spot, upload, currency, rate);
  return self;
}

GpLaunchView *
gp_launch_window_get_view (GpLaunchWindow *self)
{
  g_return_val_if_fail (GP_IS_LAUNCH_WINDOW (self), NULL);
  return self->view;
}
