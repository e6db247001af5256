/* gp-format.c — figures as text for the screen
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Formatting only: every figure comes computed from the core.
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "gp-currency.h"
#include "gp-format.h"

/**
 * gp_format_money:
 * @value: an amount, NAN when unknown
 * @currency: an ISO 4217 code
 *
 * Returns: (transfer full): the amount with its currency, "—" when unknown; cents are kept
 *   below 1000, since $49.99 is not $50 to someone checking a quote
 */
char *
gp_format_money (double      value,
                 const char *currency)
{
  const char *symbol = gp_currency_get_symbol (currency);

  if (isnan (value))
    return g_strdup ("—");

  if (symbol != NULL)
    return g_strdup_printf (value < 1000 ? "%s%.2f" : "%s%.0f", symbol, value);

  return g_strdup_printf (value < 1000 ? "%.2f %s" : "%.0f %s", value, currency);
}

/**
 * gp_format_billing_increment:
 * @seconds: the billing increment, NAN when unknown
 *
 * Returns: (transfer full): "per second", "per minute", "per hour", or the seconds
 */
char *
gp_format_billing_increment (double seconds)
{
  if (isnan (seconds))
    return g_strdup (_("Billing increment not in the catalog"));
  if (seconds == 1)
    return g_strdup (_("Billed per second"));
  if (seconds == 60)
    return g_strdup (_("Billed per minute"));
  if (seconds == 3600)
    return g_strdup (_("Billed per hour"));

  return g_strdup_printf (_("Billed in steps of %.0f seconds"), seconds);
}

/**
 * gp_format_pricing_models:
 * @pricing: the pricing models
 *
 * Returns: (transfer full): the models as a list in words
 */
char *
gp_format_pricing_models (GpPricingModel pricing)
{
  static const struct { GpPricingModel model; const char *name; } names[] = {
    { GP_PRICING_ON_DEMAND, N_("On demand") },
    { GP_PRICING_SPOT, N_("Spot") },
    { GP_PRICING_RESERVED, N_("Reserved") },
    { GP_PRICING_SUBSCRIPTION, N_("Subscription") },
  };
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) parts = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (pricing & names[i].model)
      g_strv_builder_add (builder, _(names[i].name));

  parts = g_strv_builder_end (builder);
  /* Translators: the separator of a list, as in "On demand, Spot" */
  return g_strjoinv (C_("list separator", ", "), parts);
}

const char *
gp_format_provider_kind (GpProviderKind kind)
{
  switch (kind)
    {
    case GP_PROVIDER_KIND_ML_PLATFORM:
      return _("Machine-learning platform");

    case GP_PROVIDER_KIND_GPU_CLOUD:
      return _("GPU cloud");

    case GP_PROVIDER_KIND_NOTEBOOK:
      return _("Notebook service");

    case GP_PROVIDER_KIND_LOCAL:
      return _("Own hardware");

    default:
      return "";
    }
}
