/* gp-settings.c — the app's settings, wrapped once
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each key is a property of this object, bound to GSettings here and nowhere else: the window,
 * the pages and Preferences read and watch the properties ("notify::currency") and never name
 * a key. The display currency, which four pages share, is made here too, bound to the
 * currency, the rates and the price unit.
 */

#include "config.h"

#include <math.h>

#include "gp-enums.h"
#include "gp-settings.h"
#include "gp-util.h"

enum
{
  PROP_0,
  PROP_WINDOW_WIDTH,
  PROP_WINDOW_HEIGHT,
  PROP_WINDOW_MAXIMIZED,
  PROP_LAST_PAGE,
  PROP_COLOR_SCHEME,
  PROP_CATALOG_URL,
  PROP_REFRESH_AT_START,
  PROP_REFRESH_WEEKLY,
  PROP_ASSISTANT_ANSWERS,
  PROP_ESTIMATE_JOB,
  PROP_CURRENCY,
  PROP_LAB_LOCATION,
  PROP_INVOICE_REQUIRED,
  PROP_USABLE_ONLY,
  PROP_CROSS_BORDER_MBPS,
  PROP_USAGE_FACTOR,
  PROP_EXCHANGE_RATES,
  PROP_EXCHANGE_RATES_AS_OF,
  PROP_STALE_AFTER_DAYS,
  PROP_PRICE_UNIT,
  PROP_INSTANCES_HIDDEN_COLUMNS,
  PROP_INSTANCES_COLUMN_WIDTHS,
  PROP_ESTIMATE_PANE_POSITION,
  PROP_SOURCE_URLS,
  N_PROPS
};

struct _GpSettings
{
  GObject            parent_instance;

  GSettings         *settings;
  GpDisplayCurrency *display;
  GValue             values[N_PROPS];  /* one per property, PROP_0 unused */
};

G_DEFINE_FINAL_TYPE (GpSettings, gp_settings, G_TYPE_OBJECT)

static GParamSpec *properties[N_PROPS];

static void
gp_settings_dispose (GObject *object)
{
  GpSettings *self = GP_SETTINGS (object);

  /* Unbinds every key. */
  if (self->settings != NULL)
    for (guint i = 1; i < N_PROPS; i++)
      g_settings_unbind (self, g_param_spec_get_name (properties[i]));
  g_clear_object (&self->settings);
  g_clear_object (&self->display);

  G_OBJECT_CLASS (gp_settings_parent_class)->dispose (object);
}

static void
gp_settings_finalize (GObject *object)
{
  GpSettings *self = GP_SETTINGS (object);

  for (guint i = 1; i < N_PROPS; i++)
    g_value_unset (&self->values[i]);

  G_OBJECT_CLASS (gp_settings_parent_class)->finalize (object);
}

static void
gp_settings_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  GpSettings *self = GP_SETTINGS (object);

  if (prop_id == PROP_0 || prop_id >= N_PROPS)
    {
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  g_value_copy (&self->values[prop_id], value);
}

static void
gp_settings_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  GpSettings *self = GP_SETTINGS (object);

  if (prop_id == PROP_0 || prop_id >= N_PROPS)
    {
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  if (g_param_values_cmp (pspec, &self->values[prop_id], value) == 0)
    return;

  g_value_copy (value, &self->values[prop_id]);
  g_object_notify_by_pspec (object, pspec);
}

static void
gp_settings_class_init (GpSettingsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = gp_settings_dispose;
  object_class->finalize = gp_settings_finalize;
  object_class->get_property = gp_settings_get_property;
  object_class->set_property = gp_settings_set_property;

  /* Named as the keys are: each property is bound to the key of its name. */
  properties[PROP_WINDOW_WIDTH] =
    g_param_spec_int ("window-width", NULL, NULL, 360, 32768, 1100, flags);
  properties[PROP_WINDOW_HEIGHT] =
    g_param_spec_int ("window-height", NULL, NULL, 294, 32768, 720, flags);
  properties[PROP_WINDOW_MAXIMIZED] =
    g_param_spec_boolean ("window-maximized", NULL, NULL, FALSE, flags);
  properties[PROP_LAST_PAGE] = g_param_spec_string ("last-page", NULL, NULL, "compare", flags);
  properties[PROP_COLOR_SCHEME] =
    g_param_spec_string ("color-scheme", NULL, NULL, "default", flags);
  properties[PROP_CATALOG_URL] = g_param_spec_string ("catalog-url", NULL, NULL, "", flags);
  properties[PROP_REFRESH_AT_START] =
    g_param_spec_boolean ("refresh-at-start", NULL, NULL, FALSE, flags);
  properties[PROP_REFRESH_WEEKLY] =
      g_param_spec_boolean ("refresh-weekly", NULL, NULL, FALSE, flags);
  properties[PROP_ASSISTANT_ANSWERS] =
    g_param_spec_variant ("assistant-answers", NULL, NULL, G_VARIANT_TYPE_VARDICT, NULL, flags);
  properties[PROP_ESTIMATE_JOB] =
      g_param_spec_variant ("estimate-job", NULL, NULL, G_VARIANT_TYPE_VARDICT, NULL, flags);
  properties[PROP_CURRENCY] = g_param_spec_string ("currency", NULL, NULL, "USD", flags);
  /* a GpLabLocation's nick */
  properties[PROP_LAB_LOCATION] =
      g_param_spec_string ("lab-location", NULL, NULL, "elsewhere", flags);
  /* for a lab in mainland China: it pays only against Chinese invoices */
  properties[PROP_INVOICE_REQUIRED] =
      g_param_spec_boolean ("invoice-required", NULL, NULL, TRUE, flags);
  /* for a lab in mainland China: the pages keep only what it can reach and pay */
  properties[PROP_USABLE_ONLY] = g_param_spec_boolean ("usable-only", NULL, NULL, TRUE, flags);
  /* Mbit/s; 0 for the estimator's sourced default */
  properties[PROP_CROSS_BORDER_MBPS] =
      g_param_spec_double ("cross-border-mbps", NULL, NULL, 0, 100000, 0, flags);
  /* the share of their board power the GPUs draw, for the energy and emissions */
  properties[PROP_USAGE_FACTOR] =
      g_param_spec_double ("usage-factor", NULL, NULL, 0.05, 1, 1, flags);
  properties[PROP_EXCHANGE_RATES] =
    g_param_spec_variant ("exchange-rates", NULL, NULL, G_VARIANT_TYPE ("a{sd}"), NULL, flags);
  properties[PROP_EXCHANGE_RATES_AS_OF] =
    g_param_spec_string ("exchange-rates-as-of", NULL, NULL, "", flags);
  properties[PROP_STALE_AFTER_DAYS] =
    g_param_spec_uint ("stale-after-days", NULL, NULL, 0, G_MAXUINT, 180, flags);
  properties[PROP_PRICE_UNIT] = g_param_spec_string ("price-unit", NULL, NULL, "instance", flags);
  properties[PROP_INSTANCES_HIDDEN_COLUMNS] =
    g_param_spec_boxed ("instances-hidden-columns", NULL, NULL, G_TYPE_STRV, flags);
  properties[PROP_INSTANCES_COLUMN_WIDTHS] = g_param_spec_variant (
      "instances-column-widths", NULL, NULL, G_VARIANT_TYPE ("a{si}"), NULL, flags);
  properties[PROP_ESTIMATE_PANE_POSITION] =
      g_param_spec_int ("estimate-pane-position", NULL, NULL, 120, 4096, 340, flags);
  properties[PROP_SOURCE_URLS] =
      g_param_spec_variant ("source-urls", NULL, NULL, G_VARIANT_TYPE ("a{sas}"), NULL, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gp_settings_init (GpSettings *self)
{
  for (guint i = 1; i < N_PROPS; i++)
    {
      g_value_init (&self->values[i], G_PARAM_SPEC_VALUE_TYPE (properties[i]));
      g_param_value_set_default (properties[i], &self->values[i]);
    }
}

/* GSettings binds a GVariant property only through a mapping, even one that keeps it. */
static gboolean
variant_to_value (GValue   *value,
                  GVariant *variant,
                  gpointer  user_data)
{
  g_value_set_variant (value, variant);
  return TRUE;
}

static GVariant *
value_to_variant (const GValue       *value,
                  const GVariantType *expected_type,
                  gpointer            user_data)
{
  GVariant *variant = g_value_get_variant (value);

  return variant != NULL ? g_variant_ref (variant) : NULL;
}

static void
bind_keys (GpSettings *self)
{
  for (guint i = 1; i < N_PROPS; i++)
    {
      const char *key = g_param_spec_get_name (properties[i]);

      if (G_PARAM_SPEC_VALUE_TYPE (properties[i]) == G_TYPE_VARIANT)
        g_settings_bind_with_mapping (self->settings, key, self, key, G_SETTINGS_BIND_DEFAULT,
                                      variant_to_value, value_to_variant, NULL, NULL);
      else
        g_settings_bind (self->settings, key, self, key, G_SETTINGS_BIND_DEFAULT);
    }
}

static gboolean
unit_to_per_gpu (GBinding     *binding,
                 const GValue *from,
                 GValue       *to,
                 gpointer      user_data)
{
  g_value_set_boolean (to, g_strcmp0 (g_value_get_string (from), "gpu") == 0);
  return TRUE;
}

static gboolean
per_gpu_to_unit (GBinding     *binding,
                 const GValue *from,
                 GValue       *to,
                 gpointer      user_data)
{
  g_value_set_string (to, g_value_get_boolean (from) ? "gpu" : "instance");
  return TRUE;
}

GpSettings *
gp_settings_new (GSettings *settings)
{
  GpSettings *self;

  g_return_val_if_fail (settings == NULL || G_IS_SETTINGS (settings), NULL);

  self = g_object_new (GP_TYPE_SETTINGS, NULL);
  self->settings = settings != NULL ? g_object_ref (settings) : g_settings_new (BASE_APP_ID);
  bind_keys (self);

  self->display = gp_display_currency_new ();
  g_object_bind_property (self, "currency", self->display, "code", G_BINDING_SYNC_CREATE);
  g_object_bind_property (self, "exchange-rates", self->display, "rates", G_BINDING_SYNC_CREATE);
  g_object_bind_property (self, "exchange-rates-as-of", self->display, "as-of",
                          G_BINDING_SYNC_CREATE);
  g_object_bind_property_full (self, "price-unit", self->display, "per-gpu",
                               G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL, unit_to_per_gpu,
                               per_gpu_to_unit, NULL, NULL);
  return self;
}

GpDisplayCurrency *
gp_settings_get_display_currency (GpSettings *self)
{
  g_return_val_if_fail (GP_IS_SETTINGS (self), NULL);
  return self->display;
}

GStrv
gp_settings_dup_source_urls (GpSettings *self,
                             const char *name)
{
  GVariant *all;
  g_autoptr(GVariant) urls = NULL;

  g_return_val_if_fail (GP_IS_SETTINGS (self), NULL);

  all = g_value_get_variant (&self->values[PROP_SOURCE_URLS]);
  if (all != NULL)
    urls = g_variant_lookup_value (all, name, G_VARIANT_TYPE_STRING_ARRAY);
  return urls != NULL ? g_variant_dup_strv (urls, NULL) : g_new0 (char *, 1);
}

void
gp_settings_set_source_urls (GpSettings         *self,
                             const char         *name,
                             const char * const *urls)
{
  GVariant *all;
  GVariantBuilder builder;
  GVariantIter iter;
  const char *key;
  GVariant *value;

  g_return_if_fail (GP_IS_SETTINGS (self));

  all = g_value_get_variant (&self->values[PROP_SOURCE_URLS]);
  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{sas}"));
  if (all != NULL)
    {
      g_variant_iter_init (&iter, all);
      while (g_variant_iter_next (&iter, "{&s@as}", &key, &value))
        {
          if (!g_str_equal (key, name))
            g_variant_builder_add (&builder, "{s@as}", key, value);
          g_variant_unref (value);
        }
    }
  if (urls[0] != NULL)
    g_variant_builder_add (&builder, "{s^as}", name, urls);
  g_object_set (self, "source-urls", g_variant_builder_end (&builder), NULL);
}

GVariant *
gp_settings_dup_exchange_rates (GpSettings *self)
{
  g_return_val_if_fail (GP_IS_SETTINGS (self), NULL);
  return g_value_dup_variant (&self->values[PROP_EXCHANGE_RATES]);
}

GpLabLocation
gp_settings_get_lab_location (GpSettings *self)
{
  int location = GP_LAB_LOCATION_ELSEWHERE;

  g_return_val_if_fail (GP_IS_SETTINGS (self), GP_LAB_LOCATION_ELSEWHERE);
  if (!gp_enum_from_nick (GP_TYPE_LAB_LOCATION,
                          g_value_get_string (&self->values[PROP_LAB_LOCATION]), &location))
    location = GP_LAB_LOCATION_ELSEWHERE;
  return location;
}

/* Gives @workload what Preferences say of the lab: where it is, whether it needs Chinese
 * invoices, and whether the pages keep only what it can use. */
void
gp_settings_apply_lab (GpSettings *self,
                       GpWorkload *workload)
{
  g_return_if_fail (GP_IS_SETTINGS (self));
  gp_workload_set_lab_location (workload, gp_settings_get_lab_location (self));
  gp_workload_set_invoice_required (workload,
                                    g_value_get_boolean (&self->values[PROP_INVOICE_REQUIRED]));
  gp_workload_set_usable_only (workload, g_value_get_boolean (&self->values[PROP_USABLE_ONLY]));
}

double
gp_settings_get_cross_border_mbps (GpSettings *self)
{
  double mbps;

  g_return_val_if_fail (GP_IS_SETTINGS (self), NAN);
  mbps = g_value_get_double (&self->values[PROP_CROSS_BORDER_MBPS]);
  return mbps > 0 ? mbps : NAN;
}

double
gp_settings_get_usage_factor (GpSettings *self)
{
  g_return_val_if_fail (GP_IS_SETTINGS (self), 1);
  return g_value_get_double (&self->values[PROP_USAGE_FACTOR]);
}

const char *
gp_settings_get_exchange_rates_as_of (GpSettings *self)
{
  g_return_val_if_fail (GP_IS_SETTINGS (self), NULL);
  return g_value_get_string (&self->values[PROP_EXCHANGE_RATES_AS_OF]);
}

/* Sets the rates and their date together: nothing reads rates of one day with another's date. */
void
gp_settings_set_exchange_rates (GpSettings *self,
                                GVariant   *rates,
                                const char *as_of)
{
  g_return_if_fail (GP_IS_SETTINGS (self));
  g_return_if_fail (g_variant_is_of_type (rates, G_VARIANT_TYPE ("a{sd}")));

  g_settings_delay (self->settings);
  g_settings_set_value (self->settings, "exchange-rates", rates);
  if (as_of != NULL)
    g_settings_set_string (self->settings, "exchange-rates-as-of", as_of);
  g_settings_apply (self->settings);
}

/* Goes back to the bundled rates and their date. */
void
gp_settings_reset_exchange_rates (GpSettings *self)
{
  g_return_if_fail (GP_IS_SETTINGS (self));

  g_settings_delay (self->settings);
  g_settings_reset (self->settings, "exchange-rates");
  g_settings_reset (self->settings, "exchange-rates-as-of");
  g_settings_apply (self->settings);
}

guint
gp_settings_get_stale_after_days (GpSettings *self)
{
  g_return_val_if_fail (GP_IS_SETTINGS (self), 0);
  return g_value_get_uint (&self->values[PROP_STALE_AFTER_DAYS]);
}

const char *
gp_settings_get_color_scheme (GpSettings *self)
{
  g_return_val_if_fail (GP_IS_SETTINGS (self), NULL);
  return g_value_get_string (&self->values[PROP_COLOR_SCHEME]);
}

const char *
gp_settings_get_catalog_url (GpSettings *self)
{
  g_return_val_if_fail (GP_IS_SETTINGS (self), NULL);
  return g_value_get_string (&self->values[PROP_CATALOG_URL]);
}

gboolean
gp_settings_get_refresh_at_start (GpSettings *self)
{
  g_return_val_if_fail (GP_IS_SETTINGS (self), FALSE);
  return g_value_get_boolean (&self->values[PROP_REFRESH_AT_START]);
}

gboolean
gp_settings_get_refresh_weekly (GpSettings *self)
{
  g_return_val_if_fail (GP_IS_SETTINGS (self), FALSE);
  return g_value_get_boolean (&self->values[PROP_REFRESH_WEEKLY]);
}

GStrv
gp_settings_dup_hidden_columns (GpSettings *self)
{
  const char * const *hidden;

  g_return_val_if_fail (GP_IS_SETTINGS (self), NULL);

  hidden = g_value_get_boxed (&self->values[PROP_INSTANCES_HIDDEN_COLUMNS]);
  return hidden != NULL ? g_strdupv ((char **) hidden) : g_new0 (char *, 1);
}

void
gp_settings_set_hidden_columns (GpSettings         *self,
                                const char * const *columns)
{
  g_return_if_fail (GP_IS_SETTINGS (self));
  g_object_set (self, "instances-hidden-columns", columns, NULL);
}

int
gp_settings_get_column_width (GpSettings *self,
                              const char *column)
{
  GVariant *widths;
  int width;

  g_return_val_if_fail (GP_IS_SETTINGS (self), -1);

  widths = g_value_get_variant (&self->values[PROP_INSTANCES_COLUMN_WIDTHS]);
  if (widths == NULL || !g_variant_lookup (widths, column, "i", &width))
    return -1;
  return width;
}

void
gp_settings_set_column_width (GpSettings *self,
                              const char *column,
                              int         width)
{
  GVariant *widths;
  g_autoptr(GVariantBuilder) builder = g_variant_builder_new (G_VARIANT_TYPE ("a{si}"));
  GVariantIter iter;
  const char *name;
  int value;

  g_return_if_fail (GP_IS_SETTINGS (self));

  widths = g_value_get_variant (&self->values[PROP_INSTANCES_COLUMN_WIDTHS]);
  if (widths != NULL)
    {
      g_variant_iter_init (&iter, widths);
      while (g_variant_iter_next (&iter, "{&si}", &name, &value))
        if (!g_str_equal (name, column))
          g_variant_builder_add (builder, "{si}", name, value);
    }
  if (width > 0)
    g_variant_builder_add (builder, "{si}", column, width);
  g_object_set (self, "instances-column-widths", g_variant_builder_end (builder), NULL);
}

GVariant *
gp_settings_dup_assistant_answers (GpSettings *self)
{
  g_return_val_if_fail (GP_IS_SETTINGS (self), NULL);
  return g_value_dup_variant (&self->values[PROP_ASSISTANT_ANSWERS]);
}

void
gp_settings_set_assistant_answers (GpSettings *self,
                                   GVariant   *answers)
{
  g_return_if_fail (GP_IS_SETTINGS (self));
  g_object_set (self, "assistant-answers", answers, NULL);
}

GVariant *
gp_settings_dup_estimate_job (GpSettings *self)
{
  g_return_val_if_fail (GP_IS_SETTINGS (self), NULL);
  return g_value_dup_variant (&self->values[PROP_ESTIMATE_JOB]);
}

void
gp_settings_set_estimate_job (GpSettings *self,
                              GVariant   *job)
{
  g_return_if_fail (GP_IS_SETTINGS (self));
  g_object_set (self, "estimate-job", job, NULL);
}

const char *
gp_settings_get_last_page (GpSettings *self)
{
  g_return_val_if_fail (GP_IS_SETTINGS (self), NULL);
  return g_value_get_string (&self->values[PROP_LAST_PAGE]);
}

void
gp_settings_set_last_page (GpSettings *self,
                           const char *page)
{
  g_return_if_fail (GP_IS_SETTINGS (self));
  g_object_set (self, "last-page", page, NULL);
}

void
gp_settings_get_window_state (GpSettings *self,
                              int        *width,
                              int        *height,
                              gboolean   *maximized)
{
  g_return_if_fail (GP_IS_SETTINGS (self));

  *width = g_value_get_int (&self->values[PROP_WINDOW_WIDTH]);
  *height = g_value_get_int (&self->values[PROP_WINDOW_HEIGHT]);
  *maximized = g_value_get_boolean (&self->values[PROP_WINDOW_MAXIMIZED]);
}

void
gp_settings_set_window_state (GpSettings *self,
                              int         width,
                              int         height,
                              gboolean    maximized)
{
  g_return_if_fail (GP_IS_SETTINGS (self));

  g_object_set (self,
                "window-width", MAX (width, 360),
                "window-height", MAX (height, 294),
                "window-maximized", maximized,
                NULL);
}
