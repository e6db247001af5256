/* gp-settings.h — the app's settings, wrapped once
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "gp-display-currency.h"
#include "gp-types.h"
#include "gp-workload.h"

G_BEGIN_DECLS

#define GP_TYPE_SETTINGS (gp_settings_get_type ())

G_DECLARE_FINAL_TYPE (GpSettings, gp_settings, GP, SETTINGS, GObject)

GpSettings        *gp_settings_new                    (GSettings   *settings);
GpDisplayCurrency *gp_settings_get_display_currency   (GpSettings  *self);
GVariant          *gp_settings_dup_exchange_rates     (GpSettings  *self);
const char        *gp_settings_get_exchange_rates_as_of (GpSettings *self);
GpLabLocation      gp_settings_get_lab_location         (GpSettings *self);
void               gp_settings_apply_lab                (GpSettings *self,
                                                         GpWorkload *workload);
double             gp_settings_get_cross_border_mbps    (GpSettings *self);
double             gp_settings_get_usage_factor         (GpSettings *self);
void               gp_settings_set_exchange_rates     (GpSettings  *self,
                                                       GVariant    *rates,
                                                       const char  *as_of);
void               gp_settings_reset_exchange_rates   (GpSettings  *self);
guint              gp_settings_get_stale_after_days   (GpSettings  *self);
const char        *gp_settings_get_color_scheme       (GpSettings  *self);
const char        *gp_settings_get_catalog_url        (GpSettings  *self);
gboolean           gp_settings_get_refresh_at_start   (GpSettings  *self);
GStrv              gp_settings_dup_hidden_columns     (GpSettings  *self);
void               gp_settings_set_hidden_columns     (GpSettings  *self,
                                                       const char * const *columns);
int                gp_settings_get_column_width       (GpSettings  *self,
                                                       const char  *column);
void               gp_settings_set_column_width       (GpSettings  *self,
                                                       const char  *column,
                                                       int          width);
GVariant          *gp_settings_dup_assistant_answers  (GpSettings  *self);
void               gp_settings_set_assistant_answers  (GpSettings  *self,
                                                       GVariant    *answers);
GVariant          *gp_settings_dup_estimate_job        (GpSettings        *self);
void               gp_settings_set_estimate_job        (GpSettings        *self,
                                                        GVariant          *job);
const char        *gp_settings_get_last_page          (GpSettings  *self);
void               gp_settings_set_last_page          (GpSettings  *self,
                                                       const char  *page);
void               gp_settings_get_window_state       (GpSettings  *self,
                                                       int         *width,
                                                       int         *height,
                                                       gboolean    *maximized);
void               gp_settings_set_window_state       (GpSettings  *self,
                                                       int          width,
                                                       int          height,
                                                       gboolean     maximized);

G_END_DECLS
