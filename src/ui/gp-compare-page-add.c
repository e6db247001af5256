/* gp-compare-page-add.c — the Compare page's Add popover: the platforms or offers it lists,
 * their search, and adding the one chosen
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "gp-compare-page-private.h"
#include "gp-ui-toasts.h"

/* The Add popover lists platforms or offers, as the comparison compares. */
void
_gp_compare_page_show_add_choices (GpComparePage *self)
{
  g_autoptr(GListModel) model = NULL;
  GListModel *choices = gp_comparison_get_mode (self->comparison) == GP_COMPARISON_PROVIDERS
                            ? G_LIST_MODEL (self->provider_choices)
                            : G_LIST_MODEL (self->offer_choices);

  if (self->add_list == NULL)
    return;
  model = G_LIST_MODEL (gtk_no_selection_new (g_object_ref (choices)));
  gtk_list_view_set_model (self->add_list, GTK_SELECTION_MODEL (model));
}

/* The Add popover */

static void
setup_choice_cb (GtkSignalListItemFactory *factory,
                 GtkListItem              *item,
                 gpointer                  user_data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *title = _gp_compare_page_new_label (NULL, NULL);
  GtkWidget *subtitle = _gp_compare_page_new_label (NULL, "dim-label");

  gtk_widget_add_css_class (subtitle, "caption");
  gtk_box_append (GTK_BOX (box), title);
  gtk_box_append (GTK_BOX (box), subtitle);
  gtk_list_item_set_child (item, box);
}

static void
bind_choice_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *item,
                gpointer                  user_data)
{
  GObject *object = gtk_list_item_get_item (item);
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkLabel *title = GTK_LABEL (gtk_widget_get_first_child (box));
  GtkLabel *subtitle = GTK_LABEL (gtk_widget_get_last_child (box));

  if (GP_IS_PROVIDER (object))
    {
      gtk_label_set_text (title, gp_provider_get_name (GP_PROVIDER (object)));
      gtk_label_set_text (subtitle, gp_provider_get_id (GP_PROVIDER (object)));
    }
  else if (GP_IS_OFFER (object) && gp_offer_get_instance (GP_OFFER (object)) != NULL)
    {
      GpOffer *offer = GP_OFFER (object);
      GpInstance *instance = gp_offer_get_instance (offer);
      g_autofree char *place = gp_offer_dup_region_label (offer);
      g_autofree char *text = g_strdup_printf (
          _("%s · %s"), gp_provider_get_name (gp_offer_get_provider (offer)), place);
      g_autofree char *name = g_strdup_printf ("%s — %s", gp_instance_get_name (instance),
                                               gp_gpu_get_name (gp_instance_get_gpu (instance)));

      gtk_label_set_text (title, name);
      gtk_label_set_text (subtitle, text);
    }
}

gboolean
_gp_compare_page_match_provider (gpointer item,
                                 gpointer user_data)
{
  GpComparePage *self = user_data;
  const char *search =
      self->add_search != NULL ? gtk_editable_get_text (GTK_EDITABLE (self->add_search)) : "";

  return search[0] == '\0' ||
         g_str_match_string (search, gp_provider_get_name (GP_PROVIDER (item)), TRUE) ||
         g_str_match_string (search, gp_provider_get_id (GP_PROVIDER (item)), TRUE);
}

gboolean
_gp_compare_page_match_offer (gpointer item,
                              gpointer user_data)
{
  GpComparePage *self = user_data;

  return gp_offer_filter_match (self->offer_search, item);
}

static void
add_search_changed_cb (GpComparePage *self)
{
  gp_offer_filter_set_search (self->offer_search,
                              gtk_editable_get_text (GTK_EDITABLE (self->add_search)));
  gtk_filter_changed (gtk_filter_list_model_get_filter (self->provider_choices),
                      GTK_FILTER_CHANGE_DIFFERENT);
  gtk_filter_changed (gtk_filter_list_model_get_filter (self->offer_choices),
                      GTK_FILTER_CHANGE_DIFFERENT);
}

static char *
choice_id (GObject *object)
{
  if (GP_IS_PROVIDER (object))
    return g_strdup (gp_provider_get_id (GP_PROVIDER (object)));
  if (GP_IS_OFFER (object) && gp_offer_get_instance (GP_OFFER (object)) != NULL)
    return gp_offer_dup_id (GP_OFFER (object));
  return NULL;
}

static void
add_activated_cb (GpComparePage *self,
                  guint          position)
{
  GListModel *model = G_LIST_MODEL (gtk_list_view_get_model (self->add_list));
  g_autoptr(GObject) object = g_list_model_get_item (model, position);
  g_autofree char *id = object != NULL ? choice_id (object) : NULL;
  g_autoptr(GError) error = NULL;

  if (id == NULL)
    return;

  gtk_popover_popdown (self->add_popover);
  if (!gp_comparison_add (self->comparison, id, &error))
    gp_ui_show_toast (GTK_WIDGET (self), error->message);
}

/* The popover is built when first opened: the page's first frame does without it. */
void
_gp_compare_page_create_add_popover (GtkMenuButton *button,
                                     gpointer       user_data)
{
  GpComparePage *self = user_data;
  g_autoptr(GtkBuilder) builder = NULL;
  GtkListItemFactory *factory;

  if (self->add_popover != NULL)
    return;

  builder = gtk_builder_new_from_resource (RESOURCE_BASE_PATH "/gp-compare-page-add.ui");
  self->add_popover = GTK_POPOVER (gtk_builder_get_object (builder, "add_popover"));
  self->add_list = GTK_LIST_VIEW (gtk_builder_get_object (builder, "add_list"));
  self->add_search = GTK_SEARCH_ENTRY (gtk_builder_get_object (builder, "add_search"));

  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (setup_choice_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_choice_cb), NULL);
  gtk_list_view_set_factory (self->add_list, factory);
  g_object_unref (factory);
  _gp_compare_page_show_add_choices (self);

  /* The lab's own machine is added in a dialog of its own: the list makes way for it. */
  g_signal_connect_swapped (gtk_builder_get_object (builder, "add_lab_button"), "clicked",
                            G_CALLBACK (gtk_popover_popdown), self->add_popover);
  g_signal_connect_object (self->add_search, "search-changed", G_CALLBACK (add_search_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->add_list, "activate", G_CALLBACK (add_activated_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_menu_button_set_popover (button, GTK_WIDGET (self->add_popover));
}
