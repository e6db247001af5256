/* gp-currency.h — the currencies prices can be shown in, and the rates between them
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

const char * const *gp_currency_get_codes               (void);
gboolean            gp_currency_is_known                (const char *code);
const char         *gp_currency_get_symbol              (const char *code);
double              gp_currency_get_default_per_usd     (const char *code);
const char         *gp_currency_get_default_as_of       (const char *code);
const char         *gp_currency_get_default_source      (const char *code);
const char         *gp_currency_get_default_source_url  (const char *code);
const char         *gp_currency_get_default_rate_as_of  (const char *from,
                                                         const char *to);
char               *gp_currency_dup_rate_basis          (const char *from,
                                                         const char *to,
                                                         gboolean    user_rates,
                                                         const char *as_of,
                                                         guint       stale_after_days);
char               *gp_currency_dup_prices_line         (const char *currency,
                                                         double      rate,
                                                         const char *basis);
double              gp_currency_convert                 (double      amount,
                                                         double      rate);
double              gp_currency_get_rate                (const char *from,
                                                         const char *to,
                                                         GVariant   *per_usd);

G_END_DECLS
