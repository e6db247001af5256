/* gp-preferences-window.c
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "gp-catalog-updater.h"
#include "gp-currency.h"
#include "gp-preferences-data.h"
#include "gp-preferences-window.h"
#include "gp-secret-key-store.h"
#include "gp-ui-widgets.h"
#include "gp-text.h"

struct _GpPreferencesWindow
{
  AdwPreferencesWindow  parent_instance;

  GpSettings           *settings;

  gboolean              syncing;

  /* Template widgets */
  AdwEntryRow          *catalog_url_row;
  GtkSpinButton        *cny_spin;
  AdwComboRow          *color_scheme_row;
  AdwComboRow *lab_location_row;
  GtkSwitch *invoice_required_switch;
  GtkSpinButton        *eur_spin;
  AdwEntryRow          *rates_as_of_row;
  AdwActionRow         *rates_source_row;
  AdwActionRow *eur_source_row;
  GtkSwitch            *refresh_at_start_switch;
  GtkSwitch *refresh_weekly_switch;
  AdwPasswordEntryRow *lambda_key_row;
  AdwPasswordEntryRow *gcp_key_row;
  GpKeyStore *keys;          /* the keyring, made when first needed */
  GCancellable *key_lookups; /* Preferences › Data asking the keyring which keys it holds */
  GtkSpinButton        *stale_after_spin;
  GtkSpinButton *cross_border_spin;
  GtkSpinButton *usage_factor_spin;
  AdwPreferencesGroup *sources_group;
  GtkWidget *cross_border_row;
  GtkWidget *invoice_required_row;
};

G_DEFINE_FINAL_TYPE (GpPreferencesWindow, gp_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

enum {
  PROP_0,
  PROP_SETTINGS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The color-scheme key's nicks, in the order the combo row lists them. */
static const char *const color_scheme_nicks[] = { "default", "light", "dark", NULL };

/* Exchange rates: the settings keep only what the user changed; the rest is the default. */

static double
rate_per_usd (GpPreferencesWindow *self,
              const char          *code)
{
  g_autoptr(GVariant) rates = gp_settings_dup_exchange_rates (self->settings);

  return gp_currency_get_rate ("USD", code, rates);
}

static void
show_rates (GpPreferencesWindow *self)
{
  const char *as_of = gp_settings_get_exchange_rates_as_of (self->settings);

  self->syncing = TRUE;
  gtk_spin_button_set_value (self->cny_spin, rate_per_usd (self, "CNY"));
  gtk_spin_button_set_value (self->eur_spin, rate_per_usd (self, "EUR"));
  gtk_editable_set_text (GTK_EDITABLE (self->rates_as_of_row),
                         as_of[0] != '\0' ? as_of
                                          : gp_currency_get_default_rate_as_of ("CNY", "EUR"));
  gtk_widget_remove_css_class (GTK_WIDGET (self->rates_as_of_row), "error");
  self->syncing = FALSE;
}

/* A rate the user types is theirs from today, until they give its date. */
static void
rate_changed_cb (GpPreferencesWindow *self)
{
  g_autoptr(GVariantBuilder) builder = g_variant_builder_new (G_VARIANT_TYPE ("a{sd}"));
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *today = g_date_time_format (now, "%Y-%m-%d");
  const char *as_of = gp_settings_get_exchange_rates_as_of (self->settings);

  if (self->syncing)
    return;

  g_variant_builder_add (builder, "{sd}", "CNY", gtk_spin_button_get_value (self->cny_spin));
  g_variant_builder_add (builder, "{sd}", "EUR", gtk_spin_button_get_value (self->eur_spin));
  gp_settings_set_exchange_rates (self->settings, g_variant_builder_end (builder),
                                  as_of[0] == '\0' ? today : NULL);
  show_rates (self);
}

static void
as_of_applied_cb (GpPreferencesWindow *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->rates_as_of_row));

  if (!gp_date_is_valid (text, FALSE))
    {
      gtk_widget_add_css_class (GTK_WIDGET (self->rates_as_of_row), "error");
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->rates_as_of_row),
                                   _("Write the date as YYYY-MM-DD, such as 2025-09-01"));
      return;
    }

  gtk_widget_remove_css_class (GTK_WIDGET (self->rates_as_of_row), "error");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->rates_as_of_row), NULL);
  g_object_set (self->settings, "exchange-rates-as-of", text, NULL);
}

static void
reset_rates_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  GpPreferencesWindow *self = GP_PREFERENCES_WINDOW (widget);

  gp_settings_reset_exchange_rates (self->settings);
  show_rates (self);
}

/* Each default rate's row names its source and date, and opens its page. */
static void
open_rates_source_cb (AdwActionRow *row)
{
  gtk_show_uri (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (row))),
                gp_currency_get_default_source_url (g_object_get_data (G_OBJECT (row), "gp-code")),
                GDK_CURRENT_TIME);
}

static void
show_rate_source (AdwActionRow *row,
                  const char   *code)
{
  g_autofree char *source =
      g_strdup_printf (_("%s, as of %s"), _(gp_currency_get_default_source (code)),
                       gp_currency_get_default_as_of (code));

  g_object_set_data (G_OBJECT (row), "gp-code", (gpointer) code);
  adw_action_row_set_subtitle (row, source);
  gtk_widget_set_tooltip_text (GTK_WIDGET (row), gp_currency_get_default_source_url (code));
  g_signal_connect (row, "activated", G_CALLBACK (open_rates_source_cb), NULL);
}

/* Invoices and the border's speed are mainland China's questions. */
static void
lab_location_changed_cb (GpPreferencesWindow *self)
{
  gboolean border = gp_ui_lab_sees_border (gp_settings_get_lab_location (self->settings));

  gtk_widget_set_visible (self->invoice_required_row, border);
  gtk_widget_set_visible (self->cross_border_row, border);
}

static void
gp_preferences_window_constructed (GObject *object)
{
  GpPreferencesWindow *self = GP_PREFERENCES_WINDOW (object);

  G_OBJECT_CLASS (gp_preferences_window_parent_class)->constructed (object);

  gp_ui_bind_nick_to_row (G_OBJECT (self->settings), "color-scheme", self->color_scheme_row,
                          color_scheme_nicks);
  gp_ui_bind_nick_to_row (G_OBJECT (self->settings), "lab-location", self->lab_location_row,
                          gp_ui_lab_location_nicks);
  g_object_bind_property (self->settings, "invoice-required", self->invoice_required_switch,
                          "active", G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL);
  g_object_bind_property (self->settings, "catalog-url", self->catalog_url_row, "text",
                          G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL);
  g_object_bind_property (self->settings, "refresh-at-start", self->refresh_at_start_switch,
                          "active", G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL);
  g_object_bind_property (self->settings, "refresh-weekly", self->refresh_weekly_switch, "active",
                          G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL);
  g_object_bind_property (self->settings, "cross-border-mbps", self->cross_border_spin, "value",
                          G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL);
  g_object_bind_property (self->settings, "usage-factor", self->usage_factor_spin, "value",
                          G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL);
  g_object_bind_property (self->settings, "stale-after-days", self->stale_after_spin, "value",
                          G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL);
  g_signal_connect_object (self->settings, "notify::lab-location",
                           G_CALLBACK (lab_location_changed_cb), self, G_CONNECT_SWAPPED);
  lab_location_changed_cb (self);

  {
    g_autoptr(GpCatalogUpdater) updater = gp_catalog_updater_new (NULL);

    gp_catalog_updater_add_default_sources (updater, gp_settings_get_catalog_url (self->settings));
    gp_preferences_data_fill (self->sources_group, self->settings, updater);
  }
  show_rate_source (self->rates_source_row, "CNY");
  show_rate_source (self->eur_source_row, "EUR");
  show_rates (self);
  g_signal_connect_object (self->cny_spin, "value-changed", G_CALLBACK (rate_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->eur_spin, "value-changed", G_CALLBACK (rate_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->rates_as_of_row, "apply", G_CALLBACK (as_of_applied_cb), self,
                           G_CONNECT_SWAPPED);
}

static void
gp_preferences_window_dispose (GObject *object)
{
  GpPreferencesWindow *self = GP_PREFERENCES_WINDOW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), GP_TYPE_PREFERENCES_WINDOW);
  g_cancellable_cancel (self->key_lookups);
  g_clear_object (&self->key_lookups);
  g_clear_object (&self->keys);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (gp_preferences_window_parent_class)->dispose (object);
}

static void
gp_preferences_window_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  GpPreferencesWindow *self = GP_PREFERENCES_WINDOW (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      self->settings = g_value_dup_object (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static GpKeyStore *
key_store (GpPreferencesWindow *self)
{
  if (self->keys == NULL)
    self->keys = gp_secret_key_store_new ();
  return self->keys;
}

/* Asked once the window shows, not while it is built: a keyring may have to start first. */
static void
show_key_states (GpPreferencesWindow *self)
{
  if (!gtk_widget_get_mapped (GTK_WIDGET (self)))
    return;
  g_cancellable_cancel (self->key_lookups);
  g_clear_object (&self->key_lookups);
  self->key_lookups = g_cancellable_new ();
  gp_preferences_data_show_keys (self->sources_group, key_store (self), self->key_lookups);
}

static void
gp_preferences_window_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (gp_preferences_window_parent_class)->map (widget);
  show_key_states (GP_PREFERENCES_WINDOW (widget));
}

/* The key goes to the keyring and leaves the entry at once: nothing shows it afterwards. */
static void
apply_key (GpPreferencesWindow *self,
           AdwPasswordEntryRow *row,
           const char          *source,
           const char          *removed,
           const char          *kept)
{
  GtkEditable *entry = GTK_EDITABLE (row);
  g_autofree char *key = g_strdup (gtk_editable_get_text (entry));
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  gboolean forget = *key == '\0';
  gboolean done;

  gtk_editable_set_text (entry, "");
  done = forget ? gp_key_store_forget (key_store (self), source, &error)
                : gp_key_store_store (key_store (self), source, key, &error);
  memset (key, 0, strlen (key));
  if (!done)
    text = g_strdup_printf (_("The key could not be kept in the keyring: %s"), error->message);
  else
    text = g_strdup (forget ? removed : kept);
  adw_preferences_window_add_toast (ADW_PREFERENCES_WINDOW (self), adw_toast_new (text));
  show_key_states (self);
}

static void
lambda_key_apply_cb (GpPreferencesWindow *self)
{
  apply_key (self, self->lambda_key_row, "lambda-api",
             _("Lambda API key removed from the keyring"),
             _("Lambda API key kept in the keyring"));
}

static void
gcp_key_apply_cb (GpPreferencesWindow *self)
{
  apply_key (self, self->gcp_key_row, "gcp-billing",
             _("Google Cloud API key removed from the keyring"),
             _("Google Cloud API key kept in the keyring"));
}

static void
gp_preferences_window_class_init (GpPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = gp_preferences_window_constructed;
  object_class->dispose = gp_preferences_window_dispose;
  object_class->set_property = gp_preferences_window_set_property;
  widget_class->map = gp_preferences_window_map;

  properties[PROP_SETTINGS] =
    g_param_spec_object ("settings", NULL, NULL,
                         GP_TYPE_SETTINGS,
                         (G_PARAM_WRITABLE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE_PATH "/gp-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, GpPreferencesWindow, catalog_url_row);
  gtk_widget_class_bind_template_child (widget_class, GpPreferencesWindow, cny_spin);
  gtk_widget_class_bind_template_child (widget_class, GpPreferencesWindow, color_scheme_row);
  gtk_widget_class_bind_template_child (widget_class, GpPreferencesWindow, lab_location_row);
  gtk_widget_class_bind_template_child (widget_class, GpPreferencesWindow, invoice_required_switch);
  gtk_widget_class_bind_template_child (widget_class, GpPreferencesWindow, eur_spin);
  gtk_widget_class_bind_template_child (widget_class, GpPreferencesWindow, rates_as_of_row);
  gtk_widget_class_bind_template_child (widget_class, GpPreferencesWindow, rates_source_row);
  gtk_widget_class_bind_template_child (widget_class, GpPreferencesWindow, eur_source_row);
  gtk_widget_class_bind_template_child (widget_class, GpPreferencesWindow, refresh_at_start_switch);
  gtk_widget_class_bind_template_child (widget_class, GpPreferencesWindow, refresh_weekly_switch);
  gtk_widget_class_bind_template_child (widget_class, GpPreferencesWindow, lambda_key_row);
  gtk_widget_class_bind_template_callback (widget_class, lambda_key_apply_cb);
  gtk_widget_class_bind_template_child (widget_class, GpPreferencesWindow, gcp_key_row);
  gtk_widget_class_bind_template_callback (widget_class, gcp_key_apply_cb);
  gtk_widget_class_bind_template_child (widget_class, GpPreferencesWindow, stale_after_spin);
  gtk_widget_class_bind_template_child (widget_class, GpPreferencesWindow, cross_border_spin);
  gtk_widget_class_bind_template_child (widget_class, GpPreferencesWindow, usage_factor_spin);
  gtk_widget_class_bind_template_child (widget_class, GpPreferencesWindow, sources_group);
  gtk_widget_class_bind_template_child (widget_class, GpPreferencesWindow, cross_border_row);
  gtk_widget_class_bind_template_child (widget_class, GpPreferencesWindow, invoice_required_row);

  gtk_widget_class_install_action (widget_class, "preferences.reset-rates", NULL,
                                   reset_rates_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
gp_preferences_window_init (GpPreferencesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

void
gp_preferences_window_set_key_store (GpPreferencesWindow *self,
                                     GpKeyStore          *keys)
{
  g_return_if_fail (GP_IS_PREFERENCES_WINDOW (self));
  if (g_set_object (&self->keys, keys))
    show_key_states (self);
}

GpPreferencesWindow *
gp_preferences_window_new (GpSettings *settings)
{
  g_return_val_if_fail (GP_IS_SETTINGS (settings), NULL);

  return g_object_new (GP_TYPE_PREFERENCES_WINDOW,
                       "settings", settings,
                       NULL);
}
