/* gp-offer-filter-pane.c — the Instances page's filters: the widgets bound to a GpOfferFilter
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each widget sets its criterion on the filter; the filter's "changed" signal sets the widgets
 * back, so a change from anywhere (Clear Filters, the empty page's "Remove", a test) shows here.
 * "syncing" keeps the second direction from echoing into the first. The lists the widgets choose
 * from (GPUs, places, providers with offers) are read from the catalog, again when it changes.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "gp-offer-filter-pane.h"
#include "gp-ui-widgets.h"

/* The choices of the memory and GPU count drop-downs, in their order. */
static const double memory_choices[] = { 0, 16, 24, 40, 48, 80 };
static const double count_choices[] = { 0, 2, 4, 8 };

/* The first rows of the region drop-down, before the places themselves. */
enum {
  REGION_ALL,
  REGION_CHEAPEST,
  N_REGION_CHOICES
};

struct _GpOfferFilterPane
{
  AdwBin          parent_instance;

  GpOfferFilter  *filter;
  GpCatalog      *catalog;
  GtkStringList  *gpu_names;
  GPtrArray      *gpu_ids;        /* NULL first: any GPU */
  GtkStringList  *region_names;
  GPtrArray      *region_ids;     /* NULL, NULL first: all, the cheapest of each */
  GPtrArray      *provider_rows;  /* the rows of providers_row, one per provider */
  gboolean        syncing;

  /* Template widgets */
  AdwComboRow    *count_row;
  AdwComboRow    *gpu_row;
  GtkSpinButton  *max_price_spin;
  AdwComboRow    *memory_row;
  AdwExpanderRow *providers_row;
  AdwComboRow    *region_row;
  GtkSwitch      *reserved_switch;
  GtkSwitch      *spot_switch;
  GtkSwitch      *subscription_switch;
  GtkSwitch      *zones_switch;
  GtkSwitch *usable_switch;
};

G_DEFINE_FINAL_TYPE (GpOfferFilterPane, gp_offer_filter_pane, ADW_TYPE_BIN)

enum {
  PROP_0,
  PROP_FILTER,
  PROP_CATALOG,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Widgets → filter */

static void
gpu_selected_cb (GpOfferFilterPane *self)
{
  guint selected = adw_combo_row_get_selected (self->gpu_row);

  if (self->syncing || self->filter == NULL || selected >= self->gpu_ids->len)
    return;
  gp_offer_filter_set_gpu (self->filter, g_ptr_array_index (self->gpu_ids, selected));
}

static void
memory_selected_cb (GpOfferFilterPane *self)
{
  guint selected = adw_combo_row_get_selected (self->memory_row);

  if (!self->syncing && self->filter != NULL && selected < G_N_ELEMENTS (memory_choices))
    gp_offer_filter_set_min_gpu_memory (self->filter, memory_choices[selected]);
}

static void
count_selected_cb (GpOfferFilterPane *self)
{
  guint selected = adw_combo_row_get_selected (self->count_row);

  if (!self->syncing && self->filter != NULL && selected < G_N_ELEMENTS (count_choices))
    gp_offer_filter_set_min_gpu_count (self->filter, (guint) count_choices[selected]);
}

static void
pricing_toggled_cb (GpOfferFilterPane *self)
{
  GpPricingModel pricing = GP_PRICING_NONE;

  if (self->syncing || self->filter == NULL)
    return;

  if (gtk_switch_get_active (self->spot_switch))
    pricing |= GP_PRICING_SPOT;
  if (gtk_switch_get_active (self->reserved_switch))
    pricing |= GP_PRICING_RESERVED;
  if (gtk_switch_get_active (self->subscription_switch))
    pricing |= GP_PRICING_SUBSCRIPTION;
  gp_offer_filter_set_pricing (self->filter, pricing);
}

static void
region_selected_cb (GpOfferFilterPane *self)
{
  guint selected = adw_combo_row_get_selected (self->region_row);

  if (self->syncing || self->filter == NULL || selected >= self->region_ids->len)
    return;

  if (selected == REGION_CHEAPEST)
    gp_offer_filter_set_cheapest_region (self->filter, TRUE);
  else
    {
      gp_offer_filter_set_cheapest_region (self->filter, FALSE);
      gp_offer_filter_set_region (self->filter, g_ptr_array_index (self->region_ids, selected));
    }
}

static void
max_price_changed_cb (GpOfferFilterPane *self)
{
  if (!self->syncing && self->filter != NULL)
    gp_offer_filter_set_max_price (self->filter, gtk_spin_button_get_value (self->max_price_spin));
}

/* "Any" rather than 0.00: no limit is not a price of nothing. */
static gboolean
max_price_output_cb (GpOfferFilterPane *self,
                     GtkSpinButton     *spin)
{
  if (gtk_spin_button_get_value (spin) > 0)
    return FALSE;

  gtk_editable_set_text (GTK_EDITABLE (spin), _("Any"));
  return TRUE;
}

static int
max_price_input_cb (GpOfferFilterPane *self,
                    double            *new_value,
                    GtkSpinButton     *spin)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (spin));

  if (text[0] == '\0' || g_str_equal (text, _("Any")))
    {
      *new_value = 0;
      return TRUE;
    }

  return FALSE;
}

static void
provider_toggled_cb (GtkCheckButton    *check,
                     GpOfferFilterPane *self)
{
  if (!self->syncing && self->filter != NULL)
    gp_offer_filter_set_provider_shown (self->filter,
                                        g_object_get_data (G_OBJECT (check), "provider"),
                                        gtk_check_button_get_active (check));
}

/* Filter → widgets */

static guint
index_of_id (GPtrArray  *ids,
             const char *id)
{
  for (guint i = 0; i < ids->len; i++)
    if (g_strcmp0 (g_ptr_array_index (ids, i), id) == 0)
      return i;

  return 0;
}

static guint
index_of_choice (const double *choices,
                 guint         n,
                 double        value)
{
  for (guint i = 0; i < n; i++)
    if (choices[i] == value)
      return i;

  return 0;
}

static void
update_providers_label (GpOfferFilterPane *self)
{
  const char * const *providers = self->filter != NULL
                                    ? gp_offer_filter_get_providers (self->filter)
                                    : NULL;
  guint n = providers != NULL ? g_strv_length ((char **) providers) : 0;
  GpProvider *provider = n == 1 && self->catalog != NULL
                           ? gp_catalog_find_provider (self->catalog, providers[0])
                           : NULL;
  g_autofree char *label = NULL;

  if (n == 0)
    label = g_strdup (_("All"));
  else if (provider != NULL)
    label = g_strdup (gp_provider_get_name (provider));
  else
    label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u Provider", "%u Providers", n), n);

  adw_expander_row_set_subtitle (self->providers_row, label);
}

static guint
region_choice (GpOfferFilterPane *self)
{
  const char *region = gp_offer_filter_get_region (self->filter);

  if (gp_offer_filter_get_cheapest_region (self->filter))
    return REGION_CHEAPEST;
  if (region == NULL)
    return REGION_ALL;
  return index_of_id (self->region_ids, region);
}

static void
sync_providers (GpOfferFilterPane *self)
{
  gboolean any_chosen = gp_offer_filter_get_providers (self->filter) != NULL;

  for (guint i = 0; i < self->provider_rows->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (self->provider_rows, i);
      GtkWidget *check = adw_action_row_get_activatable_widget (ADW_ACTION_ROW (row));
      const char *id = g_object_get_data (G_OBJECT (check), "provider");

      gtk_check_button_set_active (GTK_CHECK_BUTTON (check),
                                   any_chosen && gp_offer_filter_has_provider (self->filter, id));
    }
  update_providers_label (self);
}

static void
sync_widgets (GpOfferFilterPane *self)
{
  GpPricingModel pricing;
  double max_price;

  if (self->filter == NULL)
    return;

  pricing = gp_offer_filter_get_pricing (self->filter);
  max_price = gp_offer_filter_get_max_price (self->filter);
  self->syncing = TRUE;
  adw_combo_row_set_selected (self->gpu_row,
                              index_of_id (self->gpu_ids, gp_offer_filter_get_gpu (self->filter)));
  adw_combo_row_set_selected (self->memory_row,
                              index_of_choice (memory_choices, G_N_ELEMENTS (memory_choices),
                                               gp_offer_filter_get_min_gpu_memory (self->filter)));
  adw_combo_row_set_selected (self->count_row,
                              index_of_choice (count_choices, G_N_ELEMENTS (count_choices),
                                               gp_offer_filter_get_min_gpu_count (self->filter)));
  gtk_switch_set_active (self->spot_switch, (pricing & GP_PRICING_SPOT) != 0);
  gtk_switch_set_active (self->reserved_switch, (pricing & GP_PRICING_RESERVED) != 0);
  gtk_switch_set_active (self->subscription_switch, (pricing & GP_PRICING_SUBSCRIPTION) != 0);
  adw_combo_row_set_selected (self->region_row, region_choice (self));
  gtk_switch_set_active (self->zones_switch, gp_offer_filter_get_include_zones (self->filter));
  {
    gboolean usable_only = FALSE;

    g_object_get (self->filter, "usable-only", &usable_only, NULL);
    gtk_switch_set_active (self->usable_switch, usable_only);
    gtk_widget_set_visible (
        gtk_widget_get_ancestor (GTK_WIDGET (self->usable_switch), ADW_TYPE_ACTION_ROW),
        gp_ui_lab_sees_border (gp_offer_filter_get_lab_location (self->filter)));
  }
  if (gtk_spin_button_get_value (self->max_price_spin) != max_price)
    gtk_spin_button_set_value (self->max_price_spin, max_price);
  sync_providers (self);
  self->syncing = FALSE;
}

/* The lists the filters choose from */

/* The places to choose offers by: every provider's regions there, whatever their codes. A
 * region code the filter was given elsewhere (a test, another page) is listed too. */
static void
fill_regions (GpOfferFilterPane *self)
{
  g_auto(GStrv) areas = gp_catalog_dup_areas (self->catalog,
                                              gp_offer_filter_get_include_zones (self->filter));
  const char *chosen = gp_offer_filter_get_region (self->filter);
  g_autoptr(GStrvBuilder) names = g_strv_builder_new ();
  g_auto(GStrv) strv = NULL;
  gboolean syncing = self->syncing;

  self->syncing = TRUE;
  g_ptr_array_set_size (self->region_ids, 0);
  g_ptr_array_add (self->region_ids, NULL);
  g_ptr_array_add (self->region_ids, NULL);
  g_strv_builder_add (names, _("All Regions"));
  g_strv_builder_add (names, _("Cheapest Region of Each"));
  for (guint i = 0; areas[i] != NULL; i++)
    {
      g_autofree char *label = gp_area_dup_label (areas[i]);

      g_ptr_array_add (self->region_ids, g_strdup (areas[i]));
      g_strv_builder_add (names, label);
    }
  if (chosen != NULL && !g_strv_contains ((const char * const *) areas, chosen))
    {
      g_autofree char *label = gp_area_dup_label (chosen);

      g_ptr_array_add (self->region_ids, g_strdup (chosen));
      g_strv_builder_add (names, label);
    }

  strv = g_strv_builder_end (names);
  gtk_string_list_splice (self->region_names, 0,
                          g_list_model_get_n_items (G_LIST_MODEL (self->region_names)),
                          (const char * const *) strv);
  self->syncing = syncing;
}

static void
usable_toggled_cb (GpOfferFilterPane *self)
{
  if (!self->syncing && self->filter != NULL)
    g_object_set (self->filter, "usable-only", gtk_switch_get_active (self->usable_switch), NULL);
}

static void
zones_toggled_cb (GpOfferFilterPane *self)
{
  if (self->syncing || self->filter == NULL)
    return;

  gp_offer_filter_set_include_zones (self->filter, gtk_switch_get_active (self->zones_switch));
  if (self->catalog != NULL)
    fill_regions (self);
  sync_widgets (self);
}

static void
fill_gpus (GpOfferFilterPane *self)
{
  GListModel *gpus = gp_catalog_get_gpus (self->catalog);
  g_autoptr(GStrvBuilder) names = g_strv_builder_new ();
  g_auto(GStrv) strv = NULL;

  g_ptr_array_set_size (self->gpu_ids, 0);
  g_ptr_array_add (self->gpu_ids, NULL);
  g_strv_builder_add (names, _("Any GPU"));
  for (guint i = 0; i < g_list_model_get_n_items (gpus); i++)
    {
      g_autoptr(GpGpu) gpu = g_list_model_get_item (gpus, i);

      g_ptr_array_add (self->gpu_ids, g_strdup (gp_gpu_get_id (gpu)));
      g_strv_builder_add (names, gp_gpu_get_name (gpu));
    }
  strv = g_strv_builder_end (names);
  gtk_string_list_splice (self->gpu_names, 0,
                          g_list_model_get_n_items (G_LIST_MODEL (self->gpu_names)),
                          (const char * const *) strv);
}

/* One row per provider with an offer: a provider without any would filter to nothing. */
static void
fill_providers (GpOfferFilterPane *self)
{
  GListModel *providers = gp_catalog_get_providers (self->catalog);
  GListModel *offers = gp_catalog_get_offers (self->catalog);
  g_autoptr(GHashTable) with_offers = g_hash_table_new (NULL, NULL);

  for (guint i = 0; i < g_list_model_get_n_items (offers); i++)
    {
      g_autoptr(GpOffer) offer = g_list_model_get_item (offers, i);

      g_hash_table_add (with_offers, gp_offer_get_provider (offer));
    }

  for (guint i = 0; i < self->provider_rows->len; i++)
    adw_expander_row_remove (self->providers_row, g_ptr_array_index (self->provider_rows, i));
  g_ptr_array_set_size (self->provider_rows, 0);
  for (guint i = 0; i < g_list_model_get_n_items (providers); i++)
    {
      g_autoptr(GpProvider) provider = g_list_model_get_item (providers, i);
      GtkWidget *row, *check;

      if (!g_hash_table_contains (with_offers, provider))
        continue;

      row = gp_ui_check_row_new (self->providers_row, gp_provider_get_name (provider));
      check = adw_action_row_get_activatable_widget (ADW_ACTION_ROW (row));
      g_object_set_data_full (G_OBJECT (check), "provider",
                              g_strdup (gp_provider_get_id (provider)), g_free);
      g_signal_connect_object (check, "toggled", G_CALLBACK (provider_toggled_cb), self, 0);
      g_ptr_array_add (self->provider_rows, row);
    }
}

static void
fill_choices (GpOfferFilterPane *self)
{
  if (self->catalog == NULL || self->filter == NULL)
    return;

  self->syncing = TRUE;
  fill_gpus (self);
  fill_regions (self);
  fill_providers (self);
  self->syncing = FALSE;
  sync_widgets (self);
}

/* Lifecycle */

static void
gp_offer_filter_pane_dispose (GObject *object)
{
  GpOfferFilterPane *self = GP_OFFER_FILTER_PANE (object);

  if (self->filter != NULL)
    g_signal_handlers_disconnect_by_data (self->filter, self);
  if (self->catalog != NULL)
    g_signal_handlers_disconnect_by_data (self->catalog, self);
  gtk_widget_dispose_template (GTK_WIDGET (self), GP_TYPE_OFFER_FILTER_PANE);
  g_clear_object (&self->filter);
  g_clear_object (&self->catalog);
  g_clear_object (&self->gpu_names);
  g_clear_object (&self->region_names);

  G_OBJECT_CLASS (gp_offer_filter_pane_parent_class)->dispose (object);
}

static void
gp_offer_filter_pane_finalize (GObject *object)
{
  GpOfferFilterPane *self = GP_OFFER_FILTER_PANE (object);

  g_ptr_array_unref (self->gpu_ids);
  g_ptr_array_unref (self->region_ids);
  g_ptr_array_unref (self->provider_rows);

  G_OBJECT_CLASS (gp_offer_filter_pane_parent_class)->finalize (object);
}

static void
gp_offer_filter_pane_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  GpOfferFilterPane *self = GP_OFFER_FILTER_PANE (object);

  switch (prop_id)
    {
    case PROP_FILTER:
      g_value_set_object (value, self->filter);
      break;

    case PROP_CATALOG:
      g_value_set_object (value, self->catalog);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gp_offer_filter_pane_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  GpOfferFilterPane *self = GP_OFFER_FILTER_PANE (object);

  switch (prop_id)
    {
    case PROP_FILTER:
      gp_offer_filter_pane_set_filter (self, g_value_get_object (value));
      break;

    case PROP_CATALOG:
      gp_offer_filter_pane_set_catalog (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gp_offer_filter_pane_class_init (GpOfferFilterPaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = gp_offer_filter_pane_dispose;
  object_class->finalize = gp_offer_filter_pane_finalize;
  object_class->get_property = gp_offer_filter_pane_get_property;
  object_class->set_property = gp_offer_filter_pane_set_property;

  properties[PROP_FILTER] =
    g_param_spec_object ("filter", NULL, NULL, GP_TYPE_OFFER_FILTER,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CATALOG] =
    g_param_spec_object ("catalog", NULL, NULL, GP_TYPE_CATALOG,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE_PATH "/gp-offer-filter-pane.ui");
  gtk_widget_class_bind_template_child (widget_class, GpOfferFilterPane, count_row);
  gtk_widget_class_bind_template_child (widget_class, GpOfferFilterPane, gpu_row);
  gtk_widget_class_bind_template_child (widget_class, GpOfferFilterPane, max_price_spin);
  gtk_widget_class_bind_template_child (widget_class, GpOfferFilterPane, memory_row);
  gtk_widget_class_bind_template_child (widget_class, GpOfferFilterPane, providers_row);
  gtk_widget_class_bind_template_child (widget_class, GpOfferFilterPane, region_row);
  gtk_widget_class_bind_template_child (widget_class, GpOfferFilterPane, reserved_switch);
  gtk_widget_class_bind_template_child (widget_class, GpOfferFilterPane, spot_switch);
  gtk_widget_class_bind_template_child (widget_class, GpOfferFilterPane, subscription_switch);
  gtk_widget_class_bind_template_child (widget_class, GpOfferFilterPane, zones_switch);
  gtk_widget_class_bind_template_child (widget_class, GpOfferFilterPane, usable_switch);
  gtk_widget_class_bind_template_callback (widget_class, count_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, gpu_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, max_price_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, max_price_input_cb);
  gtk_widget_class_bind_template_callback (widget_class, max_price_output_cb);
  gtk_widget_class_bind_template_callback (widget_class, memory_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, pricing_toggled_cb);
  gtk_widget_class_bind_template_callback (widget_class, region_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, zones_toggled_cb);
  gtk_widget_class_bind_template_callback (widget_class, usable_toggled_cb);
}

static void
gp_offer_filter_pane_init (GpOfferFilterPane *self)
{
  self->gpu_ids = g_ptr_array_new_with_free_func (g_free);
  self->region_ids = g_ptr_array_new_with_free_func (g_free);
  self->provider_rows = g_ptr_array_new ();
  self->gpu_names = gtk_string_list_new (NULL);
  self->region_names = gtk_string_list_new (NULL);

  /* Quiet while the template sets its widgets: there is no filter to tell yet. */
  self->syncing = TRUE;
  gtk_widget_init_template (GTK_WIDGET (self));
  adw_combo_row_set_model (self->gpu_row, G_LIST_MODEL (self->gpu_names));
  adw_combo_row_set_model (self->region_row, G_LIST_MODEL (self->region_names));
  gtk_spin_button_update (self->max_price_spin);
  self->syncing = FALSE;
  update_providers_label (self);
}

/* API */

GtkWidget *
gp_offer_filter_pane_new (void)
{
  return g_object_new (GP_TYPE_OFFER_FILTER_PANE, NULL);
}

GpOfferFilter *
gp_offer_filter_pane_get_filter (GpOfferFilterPane *self)
{
  g_return_val_if_fail (GP_IS_OFFER_FILTER_PANE (self), NULL);
  return self->filter;
}

void
gp_offer_filter_pane_set_filter (GpOfferFilterPane *self,
                                 GpOfferFilter     *filter)
{
  g_return_if_fail (GP_IS_OFFER_FILTER_PANE (self));
  g_return_if_fail (filter == NULL || GP_IS_OFFER_FILTER (filter));

  if (self->filter == filter)
    return;

  if (self->filter != NULL)
    g_signal_handlers_disconnect_by_data (self->filter, self);
  g_set_object (&self->filter, filter);
  if (filter != NULL)
    g_signal_connect_object (filter, "changed", G_CALLBACK (sync_widgets), self,
                             G_CONNECT_SWAPPED);
  fill_choices (self);
  sync_widgets (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILTER]);
}

GpCatalog *
gp_offer_filter_pane_get_catalog (GpOfferFilterPane *self)
{
  g_return_val_if_fail (GP_IS_OFFER_FILTER_PANE (self), NULL);
  return self->catalog;
}

void
gp_offer_filter_pane_set_catalog (GpOfferFilterPane *self,
                                  GpCatalog         *catalog)
{
  g_return_if_fail (GP_IS_OFFER_FILTER_PANE (self));
  g_return_if_fail (catalog == NULL || GP_IS_CATALOG (catalog));

  if (self->catalog == catalog)
    return;

  if (self->catalog != NULL)
    g_signal_handlers_disconnect_by_data (self->catalog, self);
  g_set_object (&self->catalog, catalog);
  if (catalog != NULL)
    g_signal_connect_object (catalog, "changed", G_CALLBACK (fill_choices), self,
                             G_CONNECT_SWAPPED);
  fill_choices (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CATALOG]);
}
