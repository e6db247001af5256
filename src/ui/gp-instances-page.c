/* gp-instances-page.c — every offer of every platform and region, to filter, sort and compare
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The catalog's offers flow through the core's GpOfferSortModel, which filters and orders them,
 * then GpOfferRows (rows by position, kept when the offers under them change) into the list of
 * rows below the columns' titles (gp-instances-page-columns.c); nothing is copied. What matches and
 * in which order comes from the core (GpOfferFilter and GpOfferOrder); this page only binds its
 * widgets to them and formats figures, and fills the rows in again when the offers are filtered or
 * sorted (GpRowFiller: those in sight at once, the others after the frame).
 *
 * The filters in the sidebar are GpOfferFilterPane's; the page keeps the search entry, the
 * columns and their cells, the units and the offer details.
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "gp-comparison.h"
#include "gp-currency.h"
#include "gp-display-currency.h"
#include "gp-estimate.h"
#include "gp-format.h"
#include "gp-instances-page.h"
#include "gp-offer-details.h"
#include "gp-offer-filter.h"
#include "gp-offer-filter-pane.h"
#include "gp-offer-sort-model.h"
#include "gp-offer-rows.h"
#include "gp-row-filler.h"
#include "gp-ui-widgets.h"
#include "gp-instances-page-private.h"

G_DEFINE_FINAL_TYPE (GpInstancesPage, gp_instances_page, ADW_TYPE_BIN)

enum {
  PROP_0,
  PROP_CATALOG,
  PROP_SETTINGS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void update_status (GpInstancesPage *self);

/* Currency and unit */

static void
read_currency (GpInstancesPage *self)
{
  const char *from = self->catalog != NULL ? gp_catalog_get_currency (self->catalog) : "USD";
  g_autofree char *rate_label = NULL;
  double rate;

  if (self->display == NULL)
    return;

  g_free (self->currency);
  self->currency = g_strdup (gp_display_currency_resolve (self->display, from, &rate));
  self->rate = rate;
  self->per_gpu = gp_display_currency_get_per_gpu (self->display);

  gp_offer_filter_set_exchange_rate (self->filter, rate);
  gp_offer_filter_set_per_gpu (self->filter, self->per_gpu);
  gp_offer_sort_model_set_per_gpu (self->sort_model, self->per_gpu);

  _gp_instances_page_rebind_cells (self);
  rate_label = gp_display_currency_dup_rate_label (self->display, self->catalog);
  gtk_label_set_text (self->rate_label, rate_label);
  if (gtk_widget_get_visible (GTK_WIDGET (self->details)) && adw_flap_get_reveal_flap (self->flap))
    gp_offer_details_show (self->details, self->catalog,
                           gp_offer_details_get_offer (self->details), self->currency, self->rate);
}

static gboolean
currency_to_selected (GBinding     *binding,
                      const GValue *from,
                      GValue       *to,
                      gpointer      user_data)
{
  const char * const *codes = gp_currency_get_codes ();
  const char *code = g_value_get_string (from);

  for (guint i = 0; codes[i] != NULL; i++)
    if (g_strcmp0 (codes[i], code) == 0)
      {
        g_value_set_uint (to, i);
        return TRUE;
      }

  return FALSE;
}

static gboolean
selected_to_currency (GBinding     *binding,
                      const GValue *from,
                      GValue       *to,
                      gpointer      user_data)
{
  const char * const *codes = gp_currency_get_codes ();
  guint selected = g_value_get_uint (from);

  if (selected >= g_strv_length ((char **) codes))
    return FALSE;
  g_value_set_string (to, codes[selected]);
  return TRUE;
}

static gboolean
unit_to_selected (GBinding     *binding,
                  const GValue *from,
                  GValue       *to,
                  gpointer      user_data)
{
  g_value_set_uint (to, g_strcmp0 (g_value_get_string (from), "gpu") == 0 ? 1 : 0);
  return TRUE;
}

static gboolean
selected_to_unit (GBinding     *binding,
                  const GValue *from,
                  GValue       *to,
                  gpointer      user_data)
{
  g_value_set_string (to, g_value_get_uint (from) == 1 ? "gpu" : "instance");
  return TRUE;
}

/* Filters: the search entry is the page's, the other widgets the filter pane's */

static void
search_changed_cb (GpInstancesPage *self)
{
  if (!self->syncing)
    gp_offer_filter_set_search (self->filter,
                                gtk_editable_get_text (GTK_EDITABLE (self->search_entry)));
}

static void
sync_search (GpInstancesPage *self)
{
  const char *search = gp_offer_filter_get_search (self->filter);

  self->syncing = TRUE;
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->search_entry)),
                 search != NULL ? search : "") != 0)
    gtk_editable_set_text (GTK_EDITABLE (self->search_entry), search != NULL ? search : "");
  self->syncing = FALSE;
}

static void
filter_changed_cb (GpInstancesPage *self)
{
  sync_search (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "instances.clear-filters",
                                 gp_offer_filter_get_active (self->filter) !=
                                     GP_OFFER_CRITERION_NONE);
  if (self->filter_model != NULL)
    gp_offer_sort_model_refilter (self->sort_model);
  update_status (self);
}

/* The status: how many offers, or why none */

static void
update_status (GpInstancesPage *self)
{
  guint shown, total;
  g_autofree char *count = NULL;

  if (self->filter_model == NULL || self->catalog == NULL)
    return;

  shown = g_list_model_get_n_items (G_LIST_MODEL (self->filter_model));
  total = gp_catalog_count_offers (self->catalog, gp_offer_filter_get_include_zones (self->filter));
  if (shown == total)
    count = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u offer", "%u offers", total), total);
  else
    /* Translators: "12 of 80 offers" */
    count = g_strdup_printf (
        g_dngettext (GETTEXT_PACKAGE, "%u of %u offer", "%u of %u offers", total), shown, total);
  gtk_inscription_set_text (self->count_label, count);
  /* With none shown, none is selected: the rows wait hidden for offers to come back. */
  if (shown == 0)
    g_ptr_array_set_size (self->selected, 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "instances.add-to-comparison",
                                 self->selected->len > 0);

  if (shown > 0)
    {
      self->blamed = GP_OFFER_CRITERION_NONE;
      gtk_stack_set_visible_child_name (self->results_stack, "list");
    }
  else
    {
      g_autofree char *text = NULL;

      /* The sort model has just matched every offer of the catalog, and none passed. */
      self->blamed =
          gp_offer_filter_explain_none_left (self->filter, gp_catalog_get_offers (self->catalog));
      text = gp_offer_filter_dup_explanation (self->filter, self->blamed, self->catalog,
                                              self->currency, self->per_gpu);
      /* Set here, not in the template: a large icon loads the SVG renderer. */
      adw_status_page_set_icon_name (self->empty_page, "edit-find-symbolic");
      adw_status_page_set_description (self->empty_page, text);
      gtk_widget_set_visible (GTK_WIDGET (self->remove_filter_button),
                              self->blamed != GP_OFFER_CRITERION_NONE);
      gtk_stack_set_visible_child_name (self->results_stack, "empty");
    }
}

/* The offers the user selected, to select again where the filter or the order puts them. */
static void
selection_changed_cb (GpInstancesPage *self)
{
  g_autoptr(GtkBitset) selected = NULL;
  GtkBitsetIter iter;
  guint position;

  if (self->selection == NULL || gp_offer_rows_is_refreshing (self->rows) ||
      gp_offer_rows_is_held (self->rows))
    return;

  selected = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));
  g_ptr_array_set_size (self->selected, 0);
  for (gboolean more = gtk_bitset_iter_init_first (&iter, selected, &position); more;
       more = gtk_bitset_iter_next (&iter, &position))
    g_ptr_array_add (self->selected,
                     g_list_model_get_item (G_LIST_MODEL (self->filter_model), position));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "instances.add-to-comparison",
                                 self->selected->len > 0);
}

/* The offers were filtered or sorted again: the rows on screen say their new offers, and the
 * selected offers still shown stay selected, wherever they are now. */
static void
rows_refreshed_cb (GpInstancesPage *self)
{
  g_autoptr(GHashTable) wanted = g_hash_table_new (NULL, NULL);
  g_autoptr(GtkBitset) selected = gtk_bitset_new_empty ();
  g_autoptr(GtkBitset) all = NULL;
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->filter_model));

  _gp_instances_page_refill_cells (self);
  for (guint i = 0; i < self->selected->len; i++)
    g_hash_table_add (wanted, g_ptr_array_index (self->selected, i));
  for (guint i = 0; i < n && gtk_bitset_get_size (selected) < self->selected->len; i++)
    {
      g_autoptr(GpOffer) offer = g_list_model_get_item (G_LIST_MODEL (self->filter_model), i);

      if (g_hash_table_contains (wanted, offer))
        gtk_bitset_add (selected, i);
    }
  all = gtk_bitset_new_range (0, n);
  gtk_selection_model_set_selection (GTK_SELECTION_MODEL (self->selection), selected, all);
}

/* Models */

static void
attach_models (GpInstancesPage *self)
{
  self->dirty = FALSE;
  /* The sort model follows the catalog by itself. */
  if (self->filter_model != NULL)
    return;

  gp_offer_sort_model_set_filter (self->sort_model, self->filter);
  self->filter_model = g_object_ref (G_LIST_MODEL (self->sort_model));
  self->rows = gp_offer_rows_new (g_object_ref (self->filter_model));
  self->selection = gtk_multi_selection_new (g_object_ref (G_LIST_MODEL (self->rows)));
  g_signal_connect_object (self->filter_model, "items-changed", G_CALLBACK (update_status), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->rows, "refreshed", G_CALLBACK (rows_refreshed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->selection, "selection-changed", G_CALLBACK (selection_changed_cb),
                           self, G_CONNECT_SWAPPED);
  gtk_list_view_set_model (self->offers_list, GTK_SELECTION_MODEL (self->selection));
}

static void
catalog_changed_cb (GpInstancesPage *self)
{
  GpOffer *shown = gp_offer_details_get_offer (self->details);

  /* The sort model refilters the new offers by itself, and says so (update_status). */
  update_status (self);

  /* The details follow the offer into the new catalog, or close when it left. */
  if (shown != NULL)
    {
      g_autofree char *id = gp_offer_get_instance (shown) != NULL ? gp_offer_dup_id (shown) : NULL;
      const char *at = id != NULL ? strrchr (id, '@') : NULL;
      g_autofree char *instance_id = at != NULL ? g_strndup (id, at - id) : NULL;
      GpInstance *instance =
          instance_id != NULL ? gp_catalog_find_instance (self->catalog, instance_id) : NULL;
      GpOffer *offer = instance != NULL ? gp_instance_find_offer (instance, at + 1) : NULL;

      if (offer != NULL)
        gp_offer_details_show (self->details, self->catalog, offer, self->currency, self->rate);
      else
        gtk_widget_activate_action (GTK_WIDGET (self), "instances.close-details", NULL);
    }
}

static void
gp_instances_page_map (GtkWidget *widget)
{
  GpInstancesPage *self = GP_INSTANCES_PAGE (widget);

  GTK_WIDGET_CLASS (gp_instances_page_parent_class)->map (widget);
  _gp_instances_page_apply_column_widths (self);

  /* Nothing is filtered for a page nobody has looked at. */
  if (self->dirty && self->catalog != NULL)
    {
      attach_models (self);
      update_status (self);
    }
}

/* A page taken off screen paints no frame for its rows out of sight to wait for. */
static void
gp_instances_page_unmap (GtkWidget *widget)
{
  GpInstancesPage *self = GP_INSTANCES_PAGE (widget);

  gp_row_filler_fill_now (self->filler);
  GTK_WIDGET_CLASS (gp_instances_page_parent_class)->unmap (widget);
}

/* Actions */

static void
add_to_comparison_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  GpInstancesPage *self = GP_INSTANCES_PAGE (widget);
  g_autoptr(GtkBitset) selected = NULL;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) ids = NULL;
  GtkBitsetIter iter;
  guint position;

  if (self->selection == NULL)
    return;

  selected = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));
  for (gboolean more = gtk_bitset_iter_init_first (&iter, selected, &position);
       more;
       more = gtk_bitset_iter_next (&iter, &position))
    {
      g_autoptr(GpOffer) offer =
          g_list_model_get_item (G_LIST_MODEL (self->filter_model), position);
      g_autofree char *id = gp_offer_dup_id (offer);

      g_strv_builder_add (builder, id);
    }

  ids = g_strv_builder_end (builder);
  if (ids[0] != NULL)
    gtk_widget_activate_action_variant (widget, "win.compare",
                                        g_variant_new_strv ((const char * const *) ids, -1));
}

static void
compare_shown_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  GpInstancesPage *self = GP_INSTANCES_PAGE (widget);
  GpOffer *offer = gp_offer_details_get_offer (self->details);
  g_autofree char *id = NULL;

  if (offer == NULL || gp_offer_get_instance (offer) == NULL)
    return;

  id = gp_offer_dup_id (offer);
  gtk_widget_activate_action_variant (widget, "win.compare",
                                      g_variant_new_strv ((const char *[]) { id }, 1));
}

static void
clear_filters_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  gp_offer_filter_clear (GP_INSTANCES_PAGE (widget)->filter);
}

static void
remove_blamed_filter_action (GtkWidget  *widget,
                             const char *action_name,
                             GVariant   *parameter)
{
  GpInstancesPage *self = GP_INSTANCES_PAGE (widget);

  if (self->blamed != GP_OFFER_CRITERION_NONE)
    gp_offer_filter_clear_criterion (self->filter, self->blamed);
}

static void
close_details_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  GpInstancesPage *self = GP_INSTANCES_PAGE (widget);

  adw_flap_set_reveal_flap (self->flap, FALSE);
  gp_offer_details_show (self->details, self->catalog, NULL, self->currency, self->rate);
  gtk_widget_grab_focus (GTK_WIDGET (self->offers_list));
}

static void
focus_search_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  gp_instances_page_focus_search (GP_INSTANCES_PAGE (widget));
}

static void
row_activated_cb (GpInstancesPage *self,
                  guint            position)
{
  g_autoptr(GpOffer) offer = g_list_model_get_item (G_LIST_MODEL (self->filter_model), position);

  if (offer != NULL)
    gp_instances_page_show_details (self, offer);
}

/* Lifecycle */

static void
gp_instances_page_dispose (GObject *object)
{
  GpInstancesPage *self = GP_INSTANCES_PAGE (object);

  if (self->catalog != NULL)
    g_signal_handlers_disconnect_by_func (self->catalog, catalog_changed_cb, self);
  /* Nothing is to update the widgets while they go: the column view's columns leave first, and
   * their sorter and list say so. */
  gp_row_filler_forget (self->filler);
  if (self->column_view != NULL)
    {
      g_signal_handlers_disconnect_by_data (gtk_column_view_get_sorter (self->column_view), self);
      g_signal_handlers_disconnect_by_data (gtk_column_view_get_columns (self->column_view), self);
    }
  if (self->filter_model != NULL)
    g_signal_handlers_disconnect_by_data (self->filter_model, self);
  if (self->selection != NULL)
    g_signal_handlers_disconnect_by_data (self->selection, self);
  if (self->rows != NULL)
    g_signal_handlers_disconnect_by_data (self->rows, self);
  if (self->filter != NULL)
    g_signal_handlers_disconnect_by_data (self->filter, self);
  /* The flap is both the bin's child and a template child: the bin lets go of it first, or
   * it would unparent it again after the template has. */
  adw_bin_set_child (ADW_BIN (self), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), GP_TYPE_INSTANCES_PAGE);
  g_clear_object (&self->selection);
  g_clear_object (&self->rows);
  g_clear_object (&self->filter_model);
  g_clear_object (&self->sort_model);
  g_clear_object (&self->filter);
  g_clear_object (&self->catalog);
  g_clear_object (&self->settings);
  g_clear_object (&self->display);
  g_clear_object (&self->probe_items[0]);
  g_clear_object (&self->probe_items[1]);

  G_OBJECT_CLASS (gp_instances_page_parent_class)->dispose (object);
}

static void
gp_instances_page_finalize (GObject *object)
{
  GpInstancesPage *self = GP_INSTANCES_PAGE (object);

  g_object_unref (self->filler);
  g_ptr_array_unref (self->selected);
  g_free (self->currency);

  G_OBJECT_CLASS (gp_instances_page_parent_class)->finalize (object);
}

static void
gp_instances_page_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  GpInstancesPage *self = GP_INSTANCES_PAGE (object);

  switch (prop_id)
    {
    case PROP_CATALOG:
      g_value_set_object (value, gp_instances_page_get_catalog (self));
      break;

    case PROP_SETTINGS:
      g_value_set_object (value, self->settings);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gp_instances_page_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  GpInstancesPage *self = GP_INSTANCES_PAGE (object);

  switch (prop_id)
    {
    case PROP_CATALOG:
      gp_instances_page_set_catalog (self, g_value_get_object (value));
      break;

    case PROP_SETTINGS:
      gp_instances_page_set_settings (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gp_instances_page_class_init (GpInstancesPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = gp_instances_page_dispose;
  object_class->finalize = gp_instances_page_finalize;
  object_class->get_property = gp_instances_page_get_property;
  object_class->set_property = gp_instances_page_set_property;

  widget_class->map = gp_instances_page_map;
  widget_class->unmap = gp_instances_page_unmap;

  properties[PROP_CATALOG] =
    g_param_spec_object ("catalog", NULL, NULL, GP_TYPE_CATALOG,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SETTINGS] =
    g_param_spec_object ("settings", NULL, NULL, GP_TYPE_SETTINGS,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (GP_TYPE_OFFER_DETAILS);
  g_type_ensure (GP_TYPE_OFFER_FILTER_PANE);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE_PATH "/gp-instances-page.ui");
  gtk_widget_class_bind_template_child (widget_class, GpInstancesPage, column_view);
  gtk_widget_class_bind_template_child (widget_class, GpInstancesPage, offers_list);
  gtk_widget_class_bind_template_child (widget_class, GpInstancesPage, rows_scroller);
  gtk_widget_class_bind_template_child (widget_class, GpInstancesPage, titles_scroller);
  gtk_widget_class_bind_template_child (widget_class, GpInstancesPage, columns_row);
  gtk_widget_class_bind_template_child (widget_class, GpInstancesPage, compare_button);
  gtk_widget_class_bind_template_child (widget_class, GpInstancesPage, count_label);
  gtk_widget_class_bind_template_child (widget_class, GpInstancesPage, currency_row);
  gtk_widget_class_bind_template_child (widget_class, GpInstancesPage, details);
  gtk_widget_class_bind_template_child (widget_class, GpInstancesPage, empty_page);
  gtk_widget_class_bind_template_child (widget_class, GpInstancesPage, filter_pane);
  gtk_widget_class_bind_template_child (widget_class, GpInstancesPage, filters_flap);
  gtk_widget_class_bind_template_child (widget_class, GpInstancesPage, flap);
  gtk_widget_class_bind_template_child (widget_class, GpInstancesPage, rate_label);
  gtk_widget_class_bind_template_child (widget_class, GpInstancesPage, remove_filter_button);
  gtk_widget_class_bind_template_child (widget_class, GpInstancesPage, results_stack);
  gtk_widget_class_bind_template_child (widget_class, GpInstancesPage, search_entry);
  gtk_widget_class_bind_template_child (widget_class, GpInstancesPage, unit_row);

  gtk_widget_class_install_action (widget_class, "instances.add-to-comparison", NULL,
                                   add_to_comparison_action);
  gtk_widget_class_install_action (widget_class, "instances.compare-shown", NULL,
                                   compare_shown_action);
  gtk_widget_class_install_action (widget_class, "instances.clear-filters", NULL,
                                   clear_filters_action);
  gtk_widget_class_install_action (widget_class, "instances.remove-blamed-filter", NULL,
                                   remove_blamed_filter_action);
  gtk_widget_class_install_action (widget_class, "instances.close-details", NULL,
                                   close_details_action);
  gtk_widget_class_install_action (widget_class, "instances.focus-search", NULL,
                                   focus_search_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, GDK_CONTROL_MASK,
                                       "instances.focus-search", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0,
                                       "instances.close-details", NULL);
}

static void
gp_instances_page_init (GpInstancesPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->filter = gp_offer_filter_new ();
  /* Zones are few people's choice: the page shows them when asked. */
  gp_offer_filter_set_include_zones (self->filter, FALSE);
  self->sort_model = gp_offer_sort_model_new ();
  self->filler = gp_row_filler_new (GTK_WIDGET (self), _gp_instances_page_fill_row, NULL);
  self->selected = g_ptr_array_new_with_free_func (g_object_unref);
  self->currency = g_strdup ("USD");
  self->rate = 1;
  self->probe_items[0] = g_object_new (G_TYPE_OBJECT, NULL);
  self->probe_items[1] = g_object_new (G_TYPE_OBJECT, NULL);

  _gp_instances_page_add_columns (self);
  _gp_instances_page_add_rows (self);
  /* The titles scroll sideways with the rows, by the rows' scrollbar. */
  gtk_scrolled_window_set_hadjustment (self->titles_scroller,
                                       gtk_scrolled_window_get_hadjustment (self->rows_scroller));
  gp_ui_list_tab_leaves (GTK_WIDGET (self->offers_list));
  gp_offer_filter_pane_set_filter (self->filter_pane, self->filter);

  g_signal_connect_object (self->filter, "changed", G_CALLBACK (filter_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->search_entry, "search-changed", G_CALLBACK (search_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->offers_list, "activate", G_CALLBACK (row_activated_cb), self,
                           G_CONNECT_SWAPPED);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "instances.add-to-comparison", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "instances.clear-filters", FALSE);
}

/* API */

GpCatalog *
gp_instances_page_get_catalog (GpInstancesPage *self)
{
  g_return_val_if_fail (GP_IS_INSTANCES_PAGE (self), NULL);
  return self->catalog;
}

void
gp_instances_page_set_catalog (GpInstancesPage *self,
                               GpCatalog       *catalog)
{
  g_return_if_fail (GP_IS_INSTANCES_PAGE (self));
  g_return_if_fail (catalog == NULL || GP_IS_CATALOG (catalog));

  if (self->catalog == catalog)
    return;

  if (self->catalog != NULL)
    g_signal_handlers_disconnect_by_func (self->catalog, catalog_changed_cb, self);
  g_set_object (&self->catalog, catalog);

  if (catalog != NULL)
    {
      g_signal_connect_object (catalog, "changed", G_CALLBACK (catalog_changed_cb), self,
                               G_CONNECT_SWAPPED);
      gp_offer_filter_forget_catalog (self->filter);
      gp_offer_sort_model_set_catalog (self->sort_model, catalog);
      gp_offer_filter_pane_set_catalog (self->filter_pane, catalog);
      if (self->settings != NULL)
        read_currency (self);
      self->dirty = TRUE;
      if (gtk_widget_get_mapped (GTK_WIDGET (self)))
        {
          attach_models (self);
          update_status (self);
        }
    }

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CATALOG]);
}

/* A lab in mainland China sees, in each region's cell, what it reaches across the border, and
 * with "usable only" only what it reaches and can pay. */
static void
read_lab_location (GpInstancesPage *self)
{
  GpLabLocation location = gp_settings_get_lab_location (self->settings);
  gboolean usable_only = FALSE, invoice_required = FALSE;

  g_object_get (self->settings, "usable-only", &usable_only, "invoice-required", &invoice_required,
                NULL);
  gp_offer_filter_set_usable_only (self->filter, usable_only, location, invoice_required);
  gp_offer_details_set_lab_location (self->details, location);
  if (location == self->lab_location)
    return;
  self->lab_location = location;
  _gp_instances_page_refill_cells (self);
}

void
gp_instances_page_set_settings (GpInstancesPage *self,
                                GpSettings      *settings)
{
  g_return_if_fail (GP_IS_INSTANCES_PAGE (self));
  g_return_if_fail (GP_IS_SETTINGS (settings));

  if (!g_set_object (&self->settings, settings))
    return;

  g_object_bind_property_full (settings, "currency", self->currency_row, "selected",
                               G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL,
                               currency_to_selected, selected_to_currency, NULL, NULL);
  g_object_bind_property_full (settings, "price-unit", self->unit_row, "selected",
                               G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL, unit_to_selected,
                               selected_to_unit, NULL, NULL);
  _gp_instances_page_apply_hidden_columns (self);
  _gp_instances_page_apply_column_widths (self);
  g_set_object (&self->display, gp_settings_get_display_currency (settings));
  g_signal_connect_object (self->display, "changed", G_CALLBACK (read_currency), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (settings, "notify::instances-hidden-columns",
                           G_CALLBACK (_gp_instances_page_apply_hidden_columns), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (settings, "notify::lab-location", G_CALLBACK (read_lab_location), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (settings, "notify::invoice-required", G_CALLBACK (read_lab_location),
                           self, G_CONNECT_SWAPPED);
  g_object_bind_property (settings, "usable-only", self->filter, "usable-only",
                          G_BINDING_BIDIRECTIONAL);
  read_currency (self);
  read_lab_location (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SETTINGS]);
}

GpOfferFilter *
gp_instances_page_get_filter (GpInstancesPage *self)
{
  g_return_val_if_fail (GP_IS_INSTANCES_PAGE (self), NULL);
  return self->filter;
}

GListModel *
gp_instances_page_get_offers (GpInstancesPage *self)
{
  g_return_val_if_fail (GP_IS_INSTANCES_PAGE (self), NULL);
  return self->filter_model != NULL ? G_LIST_MODEL (self->filter_model) : NULL;
}

GtkColumnViewColumn *
gp_instances_page_get_column (GpInstancesPage *self,
                              const char      *id)
{
  g_return_val_if_fail (GP_IS_INSTANCES_PAGE (self), NULL);

  for (guint i = 0; i < N_COLUMNS; i++)
    if (g_strcmp0 (self->columns[i].def->id, id) == 0)
      return self->columns[i].column;

  return NULL;
}

void
gp_instances_page_focus_search (GpInstancesPage *self)
{
  g_return_if_fail (GP_IS_INSTANCES_PAGE (self));
  gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
}

/* Opens the offer's details beside the list, or over it when the window is narrow. */
void
gp_instances_page_show_details (GpInstancesPage *self,
                                GpOffer         *offer)
{
  g_return_if_fail (GP_IS_INSTANCES_PAGE (self));
  g_return_if_fail (GP_IS_OFFER (offer));

  gp_offer_details_show (self->details, self->catalog, offer, self->currency, self->rate);
  adw_flap_set_reveal_flap (self->flap, TRUE);
}

GpOffer *
gp_instances_page_get_details_offer (GpInstancesPage *self)
{
  g_return_val_if_fail (GP_IS_INSTANCES_PAGE (self), NULL);

  if (!adw_flap_get_reveal_flap (self->flap))
    return NULL;
  return gp_offer_details_get_offer (self->details);
}
