/* gp-display-currency.c — the currency every page shows prices in, and its rate
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Preferences hold the currency, the exchange rates with their date, and whether prices are
 * per GPU or per instance. GpSettings makes one, bound to those keys; Instances, Compare,
 * Estimate and the Assistant read it, and its "changed" signal tells them to show prices
 * again. The arithmetic stays in the core: this object only says which currency and rate.
 */

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "gp-currency.h"
#include "gp-display-currency.h"
#include "gp-util.h"

struct _GpDisplayCurrency
{
  GObject   parent_instance;
  char     *code;
  GVariant *rates;     /* a{sd}: units per US dollar the user set; empty for the defaults */
  char     *as_of;
  gboolean  per_gpu;
};

G_DEFINE_FINAL_TYPE (GpDisplayCurrency, gp_display_currency, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_CODE,
  PROP_RATES,
  PROP_AS_OF,
  PROP_PER_GPU,
  N_PROPS
};

enum {
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
gp_display_currency_finalize (GObject *object)
{
  GpDisplayCurrency *self = GP_DISPLAY_CURRENCY (object);

  g_free (self->code);
  g_clear_pointer (&self->rates, g_variant_unref);
  g_free (self->as_of);

  G_OBJECT_CLASS (gp_display_currency_parent_class)->finalize (object);
}

static void
gp_display_currency_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  GpDisplayCurrency *self = GP_DISPLAY_CURRENCY (object);

  switch (prop_id)
    {
    case PROP_CODE:
      g_value_set_string (value, self->code);
      break;

    case PROP_RATES:
      g_value_set_variant (value, self->rates);
      break;

    case PROP_AS_OF:
      g_value_set_string (value, self->as_of);
      break;

    case PROP_PER_GPU:
      g_value_set_boolean (value, self->per_gpu);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static gboolean
same_rates (GVariant *a,
            GVariant *b)
{
  if (a == NULL || b == NULL)
    return a == b;
  return g_variant_equal (a, b);
}

static void
gp_display_currency_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  GpDisplayCurrency *self = GP_DISPLAY_CURRENCY (object);
  gboolean changed = FALSE;

  switch (prop_id)
    {
    case PROP_CODE:
      changed = gp_set_str (&self->code, g_value_get_string (value));
      break;

    case PROP_RATES:
      changed = !same_rates (self->rates, g_value_get_variant (value));
      if (changed)
        {
          g_clear_pointer (&self->rates, g_variant_unref);
          self->rates = g_value_dup_variant (value);
        }
      break;

    case PROP_AS_OF:
      changed = gp_set_str (&self->as_of, g_value_get_string (value));
      break;

    case PROP_PER_GPU:
      changed = self->per_gpu != g_value_get_boolean (value);
      self->per_gpu = g_value_get_boolean (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }

  if (!changed)
    return;
  g_object_notify_by_pspec (object, pspec);
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
gp_display_currency_class_init (GpDisplayCurrencyClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = gp_display_currency_finalize;
  object_class->get_property = gp_display_currency_get_property;
  object_class->set_property = gp_display_currency_set_property;

  properties[PROP_CODE] = g_param_spec_string ("code", NULL, NULL, "USD", flags);
  properties[PROP_RATES] = g_param_spec_variant ("rates", NULL, NULL, G_VARIANT_TYPE ("a{sd}"),
                                                 NULL, flags);
  properties[PROP_AS_OF] = g_param_spec_string ("as-of", NULL, NULL, "", flags);
  properties[PROP_PER_GPU] = g_param_spec_boolean ("per-gpu", NULL, NULL, FALSE, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * GpDisplayCurrency::changed:
   *
   * The currency, a rate, its date or the price unit changed: prices are to be shown again.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
gp_display_currency_init (GpDisplayCurrency *self)
{
  self->code = g_strdup ("USD");
  self->as_of = g_strdup ("");
}

GpDisplayCurrency *
gp_display_currency_new (void)
{
  return g_object_new (GP_TYPE_DISPLAY_CURRENCY, NULL);
}

const char *
gp_display_currency_get_code (GpDisplayCurrency *self)
{
  g_return_val_if_fail (GP_IS_DISPLAY_CURRENCY (self), "USD");
  return self->code;
}

gboolean
gp_display_currency_get_per_gpu (GpDisplayCurrency *self)
{
  g_return_val_if_fail (GP_IS_DISPLAY_CURRENCY (self), FALSE);
  return self->per_gpu;
}

/* Whether the rates are the bundled defaults: the user set none. */
gboolean
gp_display_currency_is_default_rate (GpDisplayCurrency *self)
{
  g_return_val_if_fail (GP_IS_DISPLAY_CURRENCY (self), TRUE);
  return self->rates == NULL || g_variant_n_children (self->rates) == 0;
}

const char *
gp_display_currency_get_as_of (GpDisplayCurrency *self)
{
  g_return_val_if_fail (GP_IS_DISPLAY_CURRENCY (self), NULL);

  if (gp_display_currency_is_default_rate (self) || self->as_of == NULL || self->as_of[0] == '\0')
    return gp_currency_get_default_as_of (self->code);
  return self->as_of;
}

/* A currency without a rate to @from falls back to @from itself, at 1. */
const char *
gp_display_currency_resolve (GpDisplayCurrency *self,
                             const char        *from,
                             double            *rate)
{
  g_return_val_if_fail (GP_IS_DISPLAY_CURRENCY (self), from);

  *rate = gp_currency_get_rate (from, self->code, self->rates);
  if (!isfinite (*rate) || *rate <= 0)
    {
      *rate = 1;
      return from;
    }
  return self->code;
}

char *
gp_display_currency_dup_rate_label (GpDisplayCurrency *self,
                                    GpCatalog         *catalog)
{
  const char *from = catalog != NULL ? gp_catalog_get_currency (catalog) : "USD";
  double rate;
  const char *to = gp_display_currency_resolve (self, from, &rate);
  const char *as_of = gp_display_currency_get_as_of (self);

  if (g_strcmp0 (to, from) == 0)
    return g_strdup ("");

  if (gp_as_of_is_stale (as_of, catalog != NULL ? gp_catalog_get_stale_after_days (catalog)
                                                : GP_STALE_AFTER_DAYS))
    /* Translators: "1 USD = 7.1072 CNY, rate as of 2025-09-01, stale (set in Preferences)":
     * a rate older than the staleness limit */
    return g_strdup_printf (_("1 %s = %.4f %s, rate as of %s, stale (set in Preferences)"), from,
                            rate, to, as_of);
  /* Translators: "1 USD = 7.1072 CNY, rate as of 2025-09-01 (set in Preferences)" */
  return g_strdup_printf (_("1 %s = %.4f %s, rate as of %s (set in Preferences)"), from, rate, to,
                          as_of);
}

char *
gp_display_currency_dup_rate_basis (GpDisplayCurrency *self,
                                    GpCatalog         *catalog)
{
  const char *from = catalog != NULL ? gp_catalog_get_currency (catalog) : "USD";
  double rate;

  g_return_val_if_fail (GP_IS_DISPLAY_CURRENCY (self), NULL);

  if (g_strcmp0 (gp_display_currency_resolve (self, from, &rate), from) == 0)
    return NULL;
  return gp_currency_dup_rate_basis (
      from, self->code, !gp_display_currency_is_default_rate (self), self->as_of,
      catalog != NULL ? gp_catalog_get_stale_after_days (catalog) : GP_STALE_AFTER_DAYS);
}

/* Makes @workload report in the display currency, at its rate, the rate's origin and date
 * named in every estimate's assumptions, marked stale past the catalog's limit. */
void
gp_display_currency_apply (GpDisplayCurrency *self,
                           GpWorkload        *workload,
                           GpCatalog         *catalog)
{
  const char *from = catalog != NULL ? gp_catalog_get_currency (catalog) : "USD";
  guint stale_after_days =
      catalog != NULL ? gp_catalog_get_stale_after_days (catalog) : GP_STALE_AFTER_DAYS;

  g_return_if_fail (GP_IS_DISPLAY_CURRENCY (self));

  /* A currency without a rate from the catalog's: prices stay in the catalog's own. */
  if (!gp_workload_convert_currency (workload, from, self->code, self->rates, self->as_of,
                                     stale_after_days))
    gp_workload_convert_currency (workload, from, NULL, NULL, NULL, stale_after_days);
}
