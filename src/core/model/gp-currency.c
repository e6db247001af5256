/* gp-currency.c — the currencies prices can be shown in, and the rates between them
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The catalog's prices are in US dollars. Labs in China budget in yuan and many grants in
 * euros, so prices can be shown in either at a rate the user sets in Preferences. The default
 * rates are each currency's own published reference, dated: the yuan's is the central parity
 * rate the China Foreign Exchange Trade System announced on 1 September 2025 (100 US dollars =
 * 710.72 yuan); the euro's is the European Central Bank's euro foreign exchange reference rate
 * of 11 September 2026 (1 euro = 1.1592 US dollars), the rate a European funder reads. A rate
 * is as old as its date: past the catalog's staleness limit it is marked stale wherever it is
 * printed (gp_currency_dup_rate_basis()).
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "gp-currency.h"
#include "gp-format.h"
#include "gp-source.h"

#define CFETS_CNY_PER_100_USD 710.72
#define ECB_USD_PER_EUR       1.1592

typedef struct
{
  const char *code;
  const char *symbol;
  double      per_usd;
  const char *as_of;  /* the default rate's date */
  const char *source; /* where it is published, untranslated */
  const char *source_url;
} Currency;

static const Currency currencies[] = {
  { "USD", "$", 1.0, NULL, NULL, NULL },
  { "CNY", "¥", CFETS_CNY_PER_100_USD / 100, "2025-09-01",
    N_("Central parity rate of the renminbi announced by the China Foreign Exchange Trade System "
        "on 1 September 2025 (Xinhua report)"),
    "http://www.lj1995.com/english/20250901/3db4b953aa3b45d49d0d33b6ac5f3e2c/c.html" },
  { "EUR", "€", 1 / ECB_USD_PER_EUR, "2026-09-11",
    N_("Euro foreign exchange reference rate of the European Central Bank, US dollar, "
        "11 September 2026"),
    "https://www.ecb.europa.eu/stats/exchange/eurofxref/html/"
    "eurofxref-graph-usd.en.html?date=2026-09-11&rate=1.1592" },
};

static const Currency *
find_currency (const char *code)
{
  for (guint i = 0; i < G_N_ELEMENTS (currencies); i++)
    if (g_strcmp0 (code, currencies[i].code) == 0)
      return &currencies[i];

  return NULL;
}

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

const char *
gp_currency_get_symbol (const char *code)
{
  const Currency *currency = find_currency (code);

  return currency != NULL ? currency->symbol : NULL;
}

double
gp_currency_get_default_per_usd (const char *code)
{
  const Currency *currency = find_currency (code);

  return currency != NULL ? currency->per_usd : NAN;
}

const char *
gp_currency_get_default_as_of (const char *code)
{
  const Currency *currency = find_currency (code);

  return currency != NULL ? currency->as_of : NULL;
}

const char *
gp_currency_get_default_source (const char *code)
{
  const Currency *currency = find_currency (code);

  return currency != NULL ? currency->source : NULL;
}

const char *
gp_currency_get_default_source_url (const char *code)
{
  const Currency *currency = find_currency (code);

  return currency != NULL ? currency->source_url : NULL;
}

const char *
gp_currency_get_default_rate_as_of (const char *from,
                                    const char *to)
{
  const char *a = gp_currency_get_default_as_of (from);
  const char *b = gp_currency_get_default_as_of (to);

  if (g_strcmp0 (from, to) == 0)
    return NULL;
  if (a == NULL || (b != NULL && g_strcmp0 (b, a) < 0))
    return b;
  return a;
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

double
gp_currency_convert (double amount,
                     double rate)
{
  return amount * rate;
}

double
gp_currency_get_rate (const char *from,
                      const char *to,
                      GVariant   *per_usd_rates)
{
  if (g_strcmp0 (from, to) == 0)
    return 1.0;

  return per_usd (to, per_usd_rates) / per_usd (from, per_usd_rates);
}

/* "the default rate, as of 2025-09-01: Central parity …" for the currencies of a conversion
 * other than the dollar: one source, or two for a cross rate. */
static char *
dup_default_basis (const char *from,
                   const char *to)
{
  const char *codes[] = { from, to };
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (codes); i++)
    {
      const char *source = gp_currency_get_default_source (codes[i]);

      if (source == NULL)
        continue;
      if (text->len > 0)
        g_string_append (text, "; ");
      /* Translators: a default exchange rate: its date, and where it is published */
      g_string_append_printf (text, _("the default rate, as of %s: %s"),
                              gp_currency_get_default_as_of (codes[i]), _(source));
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

char *
gp_currency_dup_rate_basis (const char *from,
                            const char *to,
                            gboolean    user_rates,
                            const char *as_of,
                            guint       stale_after_days)
{
  g_autofree char *basis = NULL;

  if (!user_rates)
    {
      basis = dup_default_basis (from, to);
      as_of = gp_currency_get_default_rate_as_of (from, to);
    }
  else if (as_of != NULL && as_of[0] != '\0')
    basis = g_strdup_printf (_("the rate set in Preferences, as of %s"), as_of);
  else
    return g_strdup (_("the rate set in Preferences"));

  if (gp_as_of_is_stale (as_of, stale_after_days))
    /* Translators: an exchange rate's origin and date, past the staleness limit */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s (stale: older than %u day)",
                                         "%s (stale: older than %u days)", stale_after_days),
                            basis, stale_after_days);
  return g_steal_pointer (&basis);
}

char *
gp_currency_dup_prices_line (const char *currency,
                             double      rate,
                             const char *basis)
{
  g_autofree char *figure = NULL;

  if (isnan (rate) || g_strcmp0 (currency, "USD") == 0)
    /* Translators: the title slide: the currency of every price in the deck, "USD" */
    return g_strdup_printf (_("Prices in %s"), currency);

  figure = gp_format_number (rate, 4);
  if (basis != NULL)
    /* Translators: the title slide: "Prices in CNY, at 7.1072 per US dollar (the rate set in
     * Preferences, as of 2025-09-01)" */
    return g_strdup_printf (_("Prices in %s, at %s per US dollar (%s)"), currency, figure, basis);
  /* Translators: the title slide, with a rate the user gave */
  return g_strdup_printf (_("Prices in %s, at %s per US dollar"), currency, figure);
}
