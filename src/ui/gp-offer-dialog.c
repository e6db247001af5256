/* gp-offer-dialog.c — the form of an offer of the user's own: a lab machine or a quote
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "gp-currency.h"
#include "gp-offer-defaults.h"
#include "gp-offer-dialog.h"

typedef struct
{
  GpCatalog *catalog;
  GListStore *gpus;
  GtkStringList *currencies;
  char *editing_id; /* the offer edited, or NULL to add one */

  AdwPreferencesGroup *offer_group;
  AdwPreferencesGroup *price_group;
  GtkBox *extra_box;
  AdwEntryRow *name_row;
  GtkDropDown *gpu_dropdown;
  AdwActionRow *gpus_row;
  GtkSpinButton *gpus_spin;
  AdwActionRow *price_row;
  GtkSpinButton *price_spin;
  AdwComboRow *currency_row;
  GtkLabel *summary_label;
  GtkLabel *warning_label;
  GtkLabel *error_label;
  GtkButton *add_button;
} GpOfferDialogPrivate;

static void gp_offer_dialog_buildable_init (GtkBuildableIface *iface);

G_DEFINE_ABSTRACT_TYPE_WITH_CODE (GpOfferDialog,
                                  gp_offer_dialog,
                                  ADW_TYPE_WINDOW,
                                  G_ADD_PRIVATE (GpOfferDialog)
                                      G_IMPLEMENT_INTERFACE (GTK_TYPE_BUILDABLE,
                                                             gp_offer_dialog_buildable_init))

enum
{
  SIGNAL_ADDED,
  SIGNAL_SAVED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];
static GtkBuildableIface *parent_buildable_iface;

#define PRIV(self) ((GpOfferDialogPrivate *) gp_offer_dialog_get_instance_private (self))

/* A subclass template's rows go to the shared groups by their type, its groups below them. */
static void
gp_offer_dialog_add_child (GtkBuildable *buildable,
                           GtkBuilder   *builder,
                           GObject      *child,
                           const char   *type)
{
  GpOfferDialogPrivate *priv = PRIV (GP_OFFER_DIALOG (buildable));

  if (priv->extra_box == NULL || !GTK_IS_WIDGET (child))
    parent_buildable_iface->add_child (buildable, builder, child, type);
  else if (g_strcmp0 (type, "offer") == 0)
    adw_preferences_group_add (priv->offer_group, GTK_WIDGET (child));
  else if (g_strcmp0 (type, "price") == 0)
    adw_preferences_group_add (priv->price_group, GTK_WIDGET (child));
  else
    gtk_box_append (priv->extra_box, GTK_WIDGET (child));
}

static void
gp_offer_dialog_buildable_init (GtkBuildableIface *iface)
{
  parent_buildable_iface = g_type_interface_peek_parent (iface);
  iface->add_child = gp_offer_dialog_add_child;
}

/* Says at once what the form comes to, or what is wrong with it; Add waits until it is right. */
void
gp_offer_dialog_changed (GpOfferDialog *self)
{
  GpOfferDialogPrivate *priv = PRIV (self);
  g_autoptr(GError) error = NULL;
  g_autofree char *summary = NULL;

  if (priv->catalog == NULL)
    return;
  summary = GP_OFFER_DIALOG_GET_CLASS (self)->describe (self, &error);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "offer.add", summary != NULL);
  gtk_label_set_label (priv->error_label, error != NULL ? error->message : "");
  gtk_widget_set_visible (GTK_WIDGET (priv->error_label), error != NULL);
  gtk_label_set_label (priv->summary_label, summary != NULL ? summary : "");
}

static void
gpus_changed (GpOfferDialog *self)
{
  GpOfferDialogClass *klass = GP_OFFER_DIALOG_GET_CLASS (self);

  if (klass->gpus_changed != NULL && PRIV (self)->catalog != NULL)
    klass->gpus_changed (self);
  gp_offer_dialog_changed (self);
}

/* Every change of @row says at once what the form comes to. */
void
gp_offer_dialog_watch (GpOfferDialog *self,
                       GtkWidget     *row)
{
  const char *signal = GTK_IS_SPIN_BUTTON (row) ? "value-changed"
                       : ADW_IS_COMBO_ROW (row) ? "notify::selected"
                                                : "changed";

  g_signal_connect_object (row, signal, G_CALLBACK (gp_offer_dialog_changed), self,
                           G_CONNECT_SWAPPED);
}

static void
add_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  GpOfferDialog *self = GP_OFFER_DIALOG (widget);
  GpOfferDialogPrivate *priv = PRIV (self);
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL, *name = NULL;
  gboolean editing = priv->editing_id != NULL;

  if (!GP_OFFER_DIALOG_GET_CLASS (self)->save (self, &id, &name, &error))
    {
      /* Nothing was written: the user's layer is as it was. */
      gtk_label_set_label (priv->error_label, error->message);
      gtk_widget_set_visible (GTK_WIDGET (priv->error_label), TRUE);
      return;
    }
  g_signal_emit (self, signals[editing ? SIGNAL_SAVED : SIGNAL_ADDED], 0, id, name);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
gp_offer_dialog_dispose (GObject *object)
{
  GpOfferDialogPrivate *priv = PRIV (GP_OFFER_DIALOG (object));

  /* GTK 4.8 asserts in gtk_widget_dispose_template() here once a subclass template has added
   * its rows to these groups; GtkWidget drops the template children in its own dispose. */
  g_clear_object (&priv->catalog);
  g_clear_object (&priv->gpus);
  g_clear_object (&priv->currencies);
  g_clear_pointer (&priv->editing_id, g_free);

  G_OBJECT_CLASS (gp_offer_dialog_parent_class)->dispose (object);
}

static void
gp_offer_dialog_class_init (GpOfferDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = gp_offer_dialog_dispose;

  /**
   * GpOfferDialog::added:
   * @self: the dialog
   * @id: the offer's id, "lab/server" or "quote-autodl/rtx-4090-x1"
   * @name: its name
   *
   * The offer is in the user's catalog layer and in the catalog.
   */
  signals[SIGNAL_ADDED] =
      g_signal_new ("added", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                    G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_STRING);
  /**
   * GpOfferDialog::saved:
   * @self: the dialog
   * @id: the offer's id now (a quote's is new where its provider or name changed)
   * @name: its name
   *
   * The offer as changed is in the user's catalog layer and in the catalog.
   */
  signals[SIGNAL_SAVED] =
      g_signal_new ("saved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                    G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/gpuplanner/GpuPlanner/gp-offer-dialog.ui");
  gtk_widget_class_bind_template_child_private (widget_class, GpOfferDialog, offer_group);
  gtk_widget_class_bind_template_child_private (widget_class, GpOfferDialog, price_group);
  gtk_widget_class_bind_template_child_private (widget_class, GpOfferDialog, extra_box);
  gtk_widget_class_bind_template_child_private (widget_class, GpOfferDialog, name_row);
  gtk_widget_class_bind_template_child_private (widget_class, GpOfferDialog, gpu_dropdown);
  gtk_widget_class_bind_template_child_private (widget_class, GpOfferDialog, gpus_row);
  gtk_widget_class_bind_template_child_private (widget_class, GpOfferDialog, gpus_spin);
  gtk_widget_class_bind_template_child_private (widget_class, GpOfferDialog, price_row);
  gtk_widget_class_bind_template_child_private (widget_class, GpOfferDialog, price_spin);
  gtk_widget_class_bind_template_child_private (widget_class, GpOfferDialog, currency_row);
  gtk_widget_class_bind_template_child_private (widget_class, GpOfferDialog, summary_label);
  gtk_widget_class_bind_template_child_private (widget_class, GpOfferDialog, warning_label);
  gtk_widget_class_bind_template_child_private (widget_class, GpOfferDialog, error_label);
  gtk_widget_class_bind_template_child_private (widget_class, GpOfferDialog, add_button);
  gtk_widget_class_install_action (widget_class, "offer.add", NULL, add_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
gp_offer_dialog_init (GpOfferDialog *self)
{
  GpOfferDialogPrivate *priv = PRIV (self);
  g_autoptr(GtkExpression) gpu_name = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));

  priv->gpus = g_list_store_new (GP_TYPE_GPU);
  priv->currencies = gtk_string_list_new ((const char *const *) gp_currency_get_codes ());
  /* A catalog lists a hundred GPU models: typed, not scrolled for. */
  gpu_name = gtk_property_expression_new (GP_TYPE_GPU, NULL, "name");
  gtk_drop_down_set_expression (priv->gpu_dropdown, gpu_name);
  gtk_drop_down_set_model (priv->gpu_dropdown, G_LIST_MODEL (priv->gpus));
  adw_combo_row_set_model (priv->currency_row, G_LIST_MODEL (priv->currencies));

  g_signal_connect_swapped (priv->gpu_dropdown, "notify::selected", G_CALLBACK (gpus_changed),
                            self);
  g_signal_connect_swapped (priv->gpus_spin, "value-changed", G_CALLBACK (gpus_changed), self);
  gp_offer_dialog_watch (self, GTK_WIDGET (priv->name_row));
  gp_offer_dialog_watch (self, GTK_WIDGET (priv->price_spin));
  gp_offer_dialog_watch (self, GTK_WIDGET (priv->currency_row));
}

void
gp_offer_dialog_set_form_text (GpOfferDialog         *self,
                               const GpOfferFormText *text)
{
  GpOfferDialogPrivate *priv = PRIV (self);

  adw_preferences_group_set_title (priv->offer_group, text->offer_title);
  adw_preferences_group_set_description (priv->offer_group, text->offer_description);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (priv->name_row), text->name_title);
  adw_action_row_set_subtitle (priv->gpus_row, text->gpus_subtitle);
  adw_preferences_group_set_title (priv->price_group, text->price_group_title);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (priv->price_row), text->price_title);
  adw_action_row_set_subtitle (priv->price_row, text->price_subtitle);
  gtk_accessible_update_property (GTK_ACCESSIBLE (priv->price_spin), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  text->price_title, -1);
  gtk_spin_button_set_digits (priv->price_spin, text->price_digits);
}

/* Fills the form for a new offer: the GPU the lab most likely meets (the one most offers it
 * can reach have), in the currency it is quoted in (yuan in mainland China, else the one
 * prices are shown in). */
void
gp_offer_dialog_start (GpOfferDialog *self,
                       GpCatalog     *catalog,
                       const char    *currency,
                       GpLabLocation  lab)
{
  GpOfferDialogPrivate *priv = PRIV (self);
  GListModel *gpus = gp_catalog_get_gpus (catalog);
  GpGpu *common = gp_offer_defaults_find_gpu (catalog, lab);

  g_return_if_fail (GP_IS_OFFER_DIALOG (self));

  g_set_object (&priv->catalog, catalog);
  g_list_store_remove_all (priv->gpus);
  for (guint i = 0; i < g_list_model_get_n_items (gpus); i++)
    {
      g_autoptr(GpGpu) gpu = g_list_model_get_item (gpus, i);
      g_list_store_append (priv->gpus, gpu);
    }
  gp_offer_dialog_set_currency (
      self, gp_offer_defaults_currency (lab, currency != NULL ? currency
                                                              : gp_catalog_get_currency (catalog)));
  if (common != NULL)
    gp_offer_dialog_set_gpu (self, gp_gpu_get_id (common));
  gpus_changed (self);
}

GpCatalog *
gp_offer_dialog_get_catalog (GpOfferDialog *self)
{
  g_return_val_if_fail (GP_IS_OFFER_DIALOG (self), NULL);
  return PRIV (self)->catalog;
}

const char *
gp_offer_dialog_get_editing_id (GpOfferDialog *self)
{
  g_return_val_if_fail (GP_IS_OFFER_DIALOG (self), NULL);
  return PRIV (self)->editing_id;
}

/* Turns the dialog to editing the offer @id: Save puts the changed one in its place. */
void
gp_offer_dialog_set_editing (GpOfferDialog *self,
                             const char    *id,
                             const char    *title)
{
  GpOfferDialogPrivate *priv = PRIV (self);

  g_return_if_fail (GP_IS_OFFER_DIALOG (self));

  g_free (priv->editing_id);
  priv->editing_id = g_strdup (id);
  gtk_window_set_title (GTK_WINDOW (self), title);
  gtk_button_set_label (priv->add_button, _("_Save"));
}

char *
gp_offer_dialog_dup_name (GpOfferDialog *self)
{
  g_return_val_if_fail (GP_IS_OFFER_DIALOG (self), NULL);
  return g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (PRIV (self)->name_row))));
}

void
gp_offer_dialog_set_name (GpOfferDialog *self,
                          const char    *name)
{
  g_return_if_fail (GP_IS_OFFER_DIALOG (self));
  gtk_editable_set_text (GTK_EDITABLE (PRIV (self)->name_row), name != NULL ? name : "");
}

GpGpu *
gp_offer_dialog_get_gpu (GpOfferDialog *self)
{
  g_return_val_if_fail (GP_IS_OFFER_DIALOG (self), NULL);
  return gtk_drop_down_get_selected_item (PRIV (self)->gpu_dropdown);
}

/* Chooses @gpu_id, the GPU the user was looking at; nothing changes for %NULL or a model the
 * catalog lacks. */
void
gp_offer_dialog_set_gpu (GpOfferDialog *self,
                         const char    *gpu_id)
{
  GListModel *gpus = G_LIST_MODEL (PRIV (self)->gpus);

  g_return_if_fail (GP_IS_OFFER_DIALOG (self));

  for (guint i = 0; gpu_id != NULL && i < g_list_model_get_n_items (gpus); i++)
    {
      g_autoptr(GpGpu) gpu = g_list_model_get_item (gpus, i);

      if (g_str_equal (gp_gpu_get_id (gpu), gpu_id))
        {
          gtk_drop_down_set_selected (PRIV (self)->gpu_dropdown, i);
          return;
        }
    }
}

guint
gp_offer_dialog_get_gpu_count (GpOfferDialog *self)
{
  g_return_val_if_fail (GP_IS_OFFER_DIALOG (self), 0);
  return (guint) gtk_spin_button_get_value_as_int (PRIV (self)->gpus_spin);
}

void
gp_offer_dialog_set_gpu_count (GpOfferDialog *self,
                               guint          count)
{
  g_return_if_fail (GP_IS_OFFER_DIALOG (self));
  gtk_spin_button_set_value (PRIV (self)->gpus_spin, count);
}

double
gp_offer_dialog_get_price (GpOfferDialog *self)
{
  g_return_val_if_fail (GP_IS_OFFER_DIALOG (self), 0);
  return gtk_spin_button_get_value (PRIV (self)->price_spin);
}

void
gp_offer_dialog_set_price (GpOfferDialog *self,
                           double         price)
{
  g_return_if_fail (GP_IS_OFFER_DIALOG (self));
  gtk_spin_button_set_value (PRIV (self)->price_spin, price);
}

const char *
gp_offer_dialog_get_currency (GpOfferDialog *self)
{
  GpOfferDialogPrivate *priv = PRIV (self);
  guint position;

  g_return_val_if_fail (GP_IS_OFFER_DIALOG (self), "USD");

  position = adw_combo_row_get_selected (priv->currency_row);
  return position != GTK_INVALID_LIST_POSITION
             ? gtk_string_list_get_string (priv->currencies, position)
             : "USD";
}

void
gp_offer_dialog_set_currency (GpOfferDialog *self,
                              const char    *code)
{
  GtkStringList *currencies = PRIV (self)->currencies;

  g_return_if_fail (GP_IS_OFFER_DIALOG (self));

  for (guint i = 0; code != NULL && i < g_list_model_get_n_items (G_LIST_MODEL (currencies)); i++)
    if (g_str_equal (gtk_string_list_get_string (currencies, i), code))
      adw_combo_row_set_selected (PRIV (self)->currency_row, i);
}

void
gp_offer_dialog_set_warning (GpOfferDialog *self,
                             const char    *warning)
{
  GpOfferDialogPrivate *priv = PRIV (self);

  g_return_if_fail (GP_IS_OFFER_DIALOG (self));

  gtk_label_set_label (priv->warning_label, warning != NULL ? warning : "");
  gtk_widget_set_visible (GTK_WIDGET (priv->warning_label), warning != NULL);
}
