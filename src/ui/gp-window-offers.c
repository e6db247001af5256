/* gp-window-offers.c — the main window's actions on the user's own offers, lab machines and
 * quotes alike: add, edit, remove, each with Undo
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Part of GpWindow (gp-window-private.h), as gp-window-actions.c is.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "gp-assistant-page.h"
#include "gp-compare-page.h"
#include "gp-estimate-page.h"
#include "gp-instances-page.h"
#include "gp-lab-machine-dialog.h"
#include "gp-quote-dialog.h"
#include "gp-settings.h"
#include "gp-ui-toasts.h"
#include "gp-window-private.h"

static GFile *
user_layer (void)
{
  return gp_catalog_get_layer_location (GP_CATALOG_LAYER_USER);
}

static void
offer_added_cb (GpWindow      *self,
                const char    *id,
                const char    *name,
                GpOfferDialog *dialog)
{
  /* Translators: a toast after a lab machine or a quoted offer was added, with its name */
  g_autofree char *text = g_strdup_printf (_("Added %s"), name);

  gp_window_undo_toast (self, text, "win.remove-offer", g_variant_new_string (id));
}

static void
offer_saved_cb (GpWindow      *self,
                const char    *id,
                const char    *name,
                GpOfferDialog *dialog)
{
  /* Translators: a toast after a lab machine or a quoted offer was changed, with its name */
  g_autofree char *text = g_strdup_printf (_("Saved %s"), name);

  g_free (self->edited_offer_id);
  self->edited_offer_id = g_strdup (id);
  gp_window_undo_toast (self, text, "win.undo-edit-offer", NULL);
}

/* A new lab machine or quote, in the currency prices are shown in (yuan for a lab in mainland
 * China), of the GPU the user is looking at. */
static void
add_offer_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  GpWindow *self = GP_WINDOW (widget);
  const char *currency =
      gp_display_currency_get_code (gp_settings_get_display_currency (self->settings));
  GpLabLocation lab = gp_settings_get_lab_location (self->settings);
  GpOfferDialog *dialog;

  if (self->catalog == NULL)
    return;

  if (g_str_equal (action_name, "win.add-lab-machine"))
    dialog = GP_OFFER_DIALOG (
        gp_lab_machine_dialog_new (GTK_WINDOW (self), self->catalog, currency, lab));
  else
    dialog =
        GP_OFFER_DIALOG (gp_quote_dialog_new (GTK_WINDOW (self), self->catalog, currency, lab));
  gp_offer_dialog_set_gpu (dialog, gp_window_get_gpu_in_view (self));
  g_signal_connect_object (dialog, "added", G_CALLBACK (offer_added_cb), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
edit_offer_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  GpWindow *self = GP_WINDOW (widget);
  GpInstance *instance =
      self->catalog != NULL
          ? gp_catalog_find_instance (self->catalog, g_variant_get_string (parameter, NULL))
          : NULL;
  g_autoptr(GpUserOffer) offer =
      instance != NULL ? gp_user_offer_new_from_instance (instance) : NULL;
  GpLabLocation lab = gp_settings_get_lab_location (self->settings);
  GpOfferDialog *dialog;

  if (offer == NULL)
    return;

  if (offer->machine != NULL)
    {
      dialog =
          GP_OFFER_DIALOG (gp_lab_machine_dialog_new (GTK_WINDOW (self), self->catalog, NULL, lab));
      gp_lab_machine_dialog_set_machine (GP_LAB_MACHINE_DIALOG (dialog), offer->machine);
    }
  else
    {
      dialog = GP_OFFER_DIALOG (gp_quote_dialog_new (GTK_WINDOW (self), self->catalog, NULL, lab));
      gp_quote_dialog_set_quote (GP_QUOTE_DIALOG (dialog), offer->quote);
    }
  g_clear_pointer (&self->edited_offer, gp_user_offer_free);
  self->edited_offer = g_steal_pointer (&offer);
  g_signal_connect_object (dialog, "saved", G_CALLBACK (offer_saved_cb), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Puts the offer as it was before the edit back, under its old id. */
static void
undo_edit_offer_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  GpWindow *self = GP_WINDOW (widget);
  g_autoptr(GFile) file = user_layer ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GpUserOffer) before = g_steal_pointer (&self->edited_offer);
  g_autofree char *edited_id = g_steal_pointer (&self->edited_offer_id);

  if (before == NULL || edited_id == NULL || self->catalog == NULL)
    return;
  if (!gp_user_offer_put_in_catalog (before, self->catalog, file, edited_id, &error))
    gp_window_add_toast (self, error->message, TRUE);
}

static void
remove_offer_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  GpWindow *self = GP_WINDOW (widget);
  const char *id = g_variant_get_string (parameter, NULL);
  GpInstance *instance =
      self->catalog != NULL ? gp_catalog_find_instance (self->catalog, id) : NULL;
  g_autoptr(GpUserOffer) offer =
      instance != NULL ? gp_user_offer_new_from_instance (instance) : NULL;
  g_autoptr(GFile) file = user_layer ();
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  if (offer == NULL)
    return;
  if (!gp_user_offer_remove_from_catalog (self->catalog, file, id, &error))
    {
      gp_window_add_toast (self, error->message, TRUE);
      return;
    }

  g_clear_pointer (&self->removed_offer, gp_user_offer_free);
  self->removed_offer = g_steal_pointer (&offer);
  /* Translators: a toast after a lab machine or a quoted offer was removed, with its name */
  text = g_strdup_printf (_("Removed %s"), gp_user_offer_get_name (self->removed_offer));
  gp_window_undo_toast (self, text, "win.restore-offer", NULL);
}

static void
restore_offer_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  GpWindow *self = GP_WINDOW (widget);
  g_autoptr(GFile) file = user_layer ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GpUserOffer) removed = g_steal_pointer (&self->removed_offer);

  if (removed == NULL || self->catalog == NULL)
    return;
  if (!gp_user_offer_put_in_catalog (removed, self->catalog, file, NULL, &error))
    gp_window_add_toast (self, error->message, TRUE);
}

/* One set of actions for both kinds; the names each kind's buttons and menus use stay. */
void
gp_window_class_install_offer_actions (GtkWidgetClass *widget_class)
{
  static const struct
  {
    const char *name;
    const char *parameter;
    GtkWidgetActionActivateFunc activate;
  } actions[] = {
    { "win.add-lab-machine", NULL, add_offer_action },
    { "win.add-quote", NULL, add_offer_action },
    { "win.edit-offer", "s", edit_offer_action },
    { "win.edit-lab-machine", "s", edit_offer_action },
    { "win.edit-quote", "s", edit_offer_action },
    { "win.undo-edit-offer", NULL, undo_edit_offer_action },
    { "win.undo-edit-lab-machine", NULL, undo_edit_offer_action },
    { "win.undo-edit-quote", NULL, undo_edit_offer_action },
    { "win.remove-offer", "s", remove_offer_action },
    { "win.remove-lab-machine", "s", remove_offer_action },
    { "win.remove-quote", "s", remove_offer_action },
    { "win.restore-offer", NULL, restore_offer_action },
    { "win.restore-lab-machine", NULL, restore_offer_action },
    { "win.restore-quote", NULL, restore_offer_action },
  };

  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    gtk_widget_class_install_action (widget_class, actions[i].name, actions[i].parameter,
                                     actions[i].activate);
}
