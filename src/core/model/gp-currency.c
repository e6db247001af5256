/* gp-currency.c — the currencies prices can be shown in, and the rates between them
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The catalog's prices are in US dollars. Labs in China budget in yuan and many grants in
 * euros, so prices can be shown in either at a rate the user sets in Preferences. The default
 * rates are the central parity rates the China Foreign Exchange Trade System announced on
 * 1 September 2025, close to the date of the bundled prices: 100 US dollars = 710.72 yuan and
 * 100 euros = 831.29 yuan. The euro's rate to the dollar is the cross of the two.
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "gp-currency.h"

#define CFETS_CNY_PER_100_USD 710.72
#define CFETS_CNY_PER_100_EUR 831.29

typedef struct
{
  const char *code;
  const char *symbol;
  double      per_usd;
} Currency;

static const Currency currencies[] = {
  { "USD", "$", 1.0 },
  { "CNY", "¥", CFETS_CNY_PER_100_USD / 100 },
  { "EUR", "€", CFETS_CNY_PER_100_USD / CFETS_CNY_PER_100_EUR },
};

static const Currency *
find_currency (const char *code)
{
  for (guint i = 0; i < G_N_ELEMENTS (currencies); i++)
    if (g_strcmp0 (code, currencies[i].code) == 0)
      return &currencies[i];

  return NULL;
}

/**
 * gp_currency_get_codes:
 *
 * Returns: (transfer none): the ISO 4217 codes prices can be shown in: USD, CNY and EUR
 */
const char * const *
gp_currency_get_codes (void)
{
  static const char *const codes[] = { "USD", "CNY", "EUR", NULL };

  G_STATIC_ASSERT (G_N_ELEMENTS (codes) == G_N_ELEMENTS (currencies) + 1);
  return codes;
}

gboolean
gp_currency_is_known (const char *code)
{
  return find_currency (code) != NULL;
}

/**
 * gp_currency_get_symbol:
 * @code: an ISO 4217 code
 *
 * Returns: (nullable): the sign written before an amount ("$", "¥", "€"), %NULL for a currency
 *   without one here
 */
const char *
gp_currency_get_symbol (const char *code)
{
  const Currency *currency = find_currency (code);

  return currency != NULL ? currency->symbol : NULL;
}

/**
 * gp_currency_get_default_per_usd:
 * @code: an ISO 4217 code
 *
 * Returns: how much of @code one US dollar buys at the default rate, NAN for a currency
 *   without one
 */
double
gp_currency_get_default_per_usd (const char *code)
{
  const Currency *currency = find_currency (code);

  return currency != NULL ? currency->per_usd : NAN;
}

const char *
gp_currency_get_default_as_of (void)
{
  return "2025-09-01";
}

/**
 * gp_currency_get_default_source:
 *
 * Returns: what the default rates are, untranslated: pass it through _() to show it
 */
const char *
gp_currency_get_default_source (void)
{
  return N_("Central parity rates of the renminbi announced by the China Foreign Exchange Trade "
            "System on 1 September 2025 (Xinhua report)");
}

const char *
gp_currency_get_default_source_url (void)
{
  return "http://www.lj1995.com/english/20250901/3db4b953aa3b45d49d0d33b6ac5f3e2c/c.html";
}

static double
per_usd (const char *code,
         GVariant   *overrides)
{
  double rate;

  if (g_strcmp0 (code, "USD") == 0)
    return 1.0;

  if (overrides != NULL && g_variant_is_of_type (overrides, G_VARIANT_TYPE ("a{sd}")) &&
      g_variant_lookup (overrides, code, "d", &rate) && isfinite (rate) && rate > 0)
    return rate;

  return gp_currency_get_default_per_usd (code);
}

/**
 * gp_currency_get_rate:
 * @from: the currency of the figures, an ISO 4217 code
 * @to: the currency to show them in
 * @per_usd: (nullable): an `a{sd}` of rates the user set, units of each currency per US
 *   dollar; a currency missing from it (or a rate that is not a positive number) takes the
 *   default rate
 *
 * Returns: what one unit of @from is in @to, NAN when either currency has no rate
 */
double
gp_currency_get_rate (const char *from,
                      const char *to,
                      GVariant   *per_usd_rates)
{
  if (g_strcmp0 (from, to) == 0)
    return 1.0;

  return per_usd (to, per_usd_rates) / per_usd (from, per_usd_rates);
}

/**
 * gp_currency_dup_rate_basis:
 * @user_rates: whether the rate is one set in Preferences rather than a default one
 * @as_of: (nullable): when the rates set in Preferences were current
 *
 * Returns: (transfer full): where a conversion's rate comes from and how old it is, for an
 *   estimate's assumptions: "the rate set in Preferences, as of 2026-11-02", or the default
 *   rates' date and source
 */
char *
gp_currency_dup_rate_basis (gboolean    user_rates,
                            const char *as_of)
{
  if (!user_rates)
    return g_strdup_printf (_("the default rate, as of %s: %s"), gp_currency_get_default_as_of (),
                            _(gp_currency_get_default_source ()));
  if (as_of != NULL && as_of[0] != '\0')
    return g_strdup_printf (_("the rate set in Preferences, as of %s"), as_of);
  return g_strdup (_("the rate set in Preferences"));
}
