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
#include <locale.h>
#include <math.h>
#include <string.h>

#include "gp-currency.h"
#include "gp-format.h"
#include "gp-offer.h"

/* One way of writing a figure for people, on every page, chart and slide and in the command
 * line's tables: digits grouped in threes with the locale's separator (a comma where the locale
 * has none, as in C: a grouped figure reads better in a proposal), the locale's decimal point,
 * never an exponent. JSON and CSV keep plain numbers and do not use this. */
char *
gp_format_number (double value,
                  int    decimals)
{
  const struct lconv *conv = localeconv ();
  const char *separator =
      conv->thousands_sep != NULL && *conv->thousands_sep != '\0' ? conv->thousands_sep : ",";
  const char *point =
      conv->decimal_point != NULL && *conv->decimal_point != '\0' ? conv->decimal_point : ".";
  g_autofree char *plain = NULL;
  const char *fraction;
  gsize integer_digits;
  gboolean negative;
  GString *text;

  if (!isfinite (value))
    return g_strdup ("—");

  plain = g_strdup_printf ("%.*f", MAX (decimals, 0), fabs (value));
  fraction = strstr (plain, point);
  integer_digits = fraction != NULL ? (gsize) (fraction - plain) : strlen (plain);
  negative = value < 0 && fabs (value) >= 0.5 * pow (10, -MAX (decimals, 0));
  text = g_string_new (negative ? "-" : "");

  for (gsize i = 0; i < integer_digits; i++)
    {
      if (i > 0 && (integer_digits - i) % 3 == 0)
        g_string_append (text, separator);
      g_string_append_c (text, plain[i]);
    }
  if (fraction != NULL)
    g_string_append (text, fraction);

  return g_string_free (text, FALSE);
}

/* Decimals by magnitude, the same everywhere: three below 1 (a price per hour, 0.350), two up
 * to 10,000 (cents count to someone checking a quote), none above; nothing at all is 0.00. */
char *
gp_format_amount (double value)
{
  double size = fabs (value);

  return gp_format_number (value, size == 0 || size >= 1 ? (size < 10000 ? 2 : 0) : 3);
}

char *
gp_format_money (double      value,
                 const char *currency)
{
  const char *symbol = gp_currency_get_symbol (currency);
  g_autofree char *amount = NULL;

  if (isnan (value))
    return g_strdup ("—");

  amount = gp_format_amount (value);
  if (symbol != NULL)
    return g_strdup_printf ("%s%s", symbol, amount);
  return g_strdup_printf ("%s %s", amount, currency);
}

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

/* The model keeps the catalog's words as the file says them, so that a layer written back
 * stays in English; what shows them asks for them here, in the user's language, where
 * build-aux/build-catalog listed them for the translators (context "catalog"). */
const char *
gp_format_catalog_text (const char *text)
{
  return text != NULL && *text != '\0' ? g_dpgettext2 (GETTEXT_PACKAGE, "catalog", text) : text;
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

char *
gp_format_anomalies (GpAnomaly anomalies)
{
  static const struct { GpAnomaly flag; const char *text;
  } known[] = {
    { GP_ANOMALY_SPOT_ABOVE_ON_DEMAND, N_("Spot listed above on-demand") },
    { GP_ANOMALY_SPOT_EQUALS_ON_DEMAND, N_("Spot listed at the on-demand price: no usable spot") },
    { GP_ANOMALY_GPU_COUNT_SUSPECT, N_("The source’s GPU count disagrees with the vendor’s") },
    { GP_ANOMALY_ZERO_PRICE, N_("The source lists a price of zero") },
    { GP_ANOMALY_REGIONAL_OUTLIER, N_("Far from the same offer’s price in other regions") },
    { GP_ANOMALY_LOW_OUTLIER, N_("Far below the same offer in other regions, where the source is "
                                  "known to list about half") },
  };
  g_autoptr(GStrvBuilder) parts = g_strv_builder_new ();
  g_auto(GStrv) texts = NULL;

  if (anomalies == GP_ANOMALY_NONE)
    return g_strdup (_("None known"));

  for (guint i = 0; i < G_N_ELEMENTS (known); i++)
    if (anomalies & known[i].flag)
      g_strv_builder_add (parts, _(known[i].text));
  if (anomalies & GP_ANOMALY_SPOT_RATIO_OUTLIER)
    {
      /* The rule itself, the same for every offer of every provider. */
      g_autofree char *rule = g_strdup_printf (
          /* Translators: the rule by which a spot price is flagged: "Spot under 8.5 % of
           * on-demand: a saving beyond the 91 % that is the most any provider states" */
          _("Spot under %g %% of on-demand: a saving beyond the %g %% that is the most any "
             "provider states"),
          gp_spot_doubtful_share_pct (), GP_SPOT_LARGEST_STATED_SAVING_PCT);

      g_strv_builder_add (parts, rule);
    }

  texts = g_strv_builder_end (parts);
  return g_strjoinv (C_("list separator", "; "), texts);
}

char *
gp_format_seconds_short (double seconds)
{
  if (isnan (seconds))
    return g_strdup ("—");
  if (seconds >= 3600 && fmod (seconds, 3600) == 0)
    return g_strdup_printf ("%.0f %s", seconds / 3600, C_("unit", "h"));
  if (seconds >= 60 && fmod (seconds, 60) == 0)
    return g_strdup_printf ("%.0f %s", seconds / 60, C_("unit", "min"));
  return g_strdup_printf ("%g %s", seconds, C_("unit", "s"));
}

const char *
gp_format_region_kind (GpRegionKind kind)
{
  switch (kind)
    {
    case GP_REGION_KIND_LOCAL_ZONE:
      return _("Local Zone: an extension of its region in another city, with fewer services");

    case GP_REGION_KIND_WAVELENGTH_ZONE:
      return _("Wavelength Zone: inside a mobile network, for low latency to phones");

    case GP_REGION_KIND_RESTRICTED:
      return _("Restricted region: open to some customers only, such as government agencies");

    case GP_REGION_KIND_REGION:
    default:
      return _("Region");
    }
}
