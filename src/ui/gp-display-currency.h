/* gp-display-currency.h — the currency every page shows prices in, and its rate
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "gp-catalog.h"
#include "gp-workload.h"

G_BEGIN_DECLS

#define GP_TYPE_DISPLAY_CURRENCY (gp_display_currency_get_type ())

G_DECLARE_FINAL_TYPE (GpDisplayCurrency, gp_display_currency, GP, DISPLAY_CURRENCY, GObject)

GpDisplayCurrency *gp_display_currency_new              (void);
const char        *gp_display_currency_get_code         (GpDisplayCurrency *self);
gboolean           gp_display_currency_get_per_gpu      (GpDisplayCurrency *self);
const char        *gp_display_currency_get_as_of        (GpDisplayCurrency *self);
gboolean           gp_display_currency_is_default_rate  (GpDisplayCurrency *self);
const char        *gp_display_currency_resolve          (GpDisplayCurrency *self,
                                                         const char        *from,
                                                         double            *rate);
char              *gp_display_currency_dup_rate_label   (GpDisplayCurrency *self,
                                                         GpCatalog         *catalog);
char              *gp_display_currency_dup_rate_basis   (GpDisplayCurrency *self,
                                                         GpCatalog         *catalog);
void               gp_display_currency_apply            (GpDisplayCurrency *self,
                                                         GpWorkload        *workload,
                                                         GpCatalog         *catalog);

G_END_DECLS
