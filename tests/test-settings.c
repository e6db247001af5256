/* test-settings.c — GpSettings: each key a property, both ways, and the display currency
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "gp-settings.h"

static void
count_cb (guint *count)
{
  (*count)++;
}

static void
reset (GSettings *settings)
{
  g_autoptr(GSettingsSchema) schema = NULL;
  g_auto(GStrv) keys = NULL;

  g_object_get (settings, "settings-schema", &schema, NULL);
  keys = g_settings_schema_list_keys (schema);
  for (guint i = 0; keys[i] != NULL; i++)
    g_settings_reset (settings, keys[i]);
}

/* A key changed anywhere shows in the property; a property set is written to the key. */
static void
test_keys_both_ways (void)
{
  g_autoptr(GSettings) settings = g_settings_new (BASE_APP_ID);
  g_autoptr(GpSettings) wrapped = NULL;
  g_auto(GStrv) hidden = NULL;
  g_autofree char *page = NULL;
  guint notified = 0;
  int width, height;
  gboolean maximized;

  reset (settings);
  wrapped = gp_settings_new (settings);
  g_assert_cmpstr (gp_settings_get_last_page (wrapped), ==, "compare");
  g_assert_cmpstr (gp_settings_get_catalog_url (wrapped), ==, "");

  g_signal_connect_swapped (wrapped, "notify::catalog-url", G_CALLBACK (count_cb), &notified);
  g_settings_set_string (settings, "catalog-url", "https://lab.example/prices.json");
  g_assert_cmpstr (gp_settings_get_catalog_url (wrapped), ==, "https://lab.example/prices.json");
  g_assert_cmpuint (notified, ==, 1);
  /* The same value again is no change. */
  g_settings_set_string (settings, "catalog-url", "https://lab.example/prices.json");
  g_assert_cmpuint (notified, ==, 1);

  gp_settings_set_last_page (wrapped, "estimate");
  page = g_settings_get_string (settings, "last-page");
  g_assert_cmpstr (page, ==, "estimate");

  /* The window's size is kept within the schema's range. */
  gp_settings_set_window_state (wrapped, 100, 2000, TRUE);
  g_assert_cmpint (g_settings_get_int (settings, "window-width"), ==, 360);
  g_assert_cmpint (g_settings_get_int (settings, "window-height"), ==, 2000);
  g_assert_true (g_settings_get_boolean (settings, "window-maximized"));
  gp_settings_get_window_state (wrapped, &width, &height, &maximized);
  g_assert_cmpint (width, ==, 360);
  g_assert_true (maximized);

  gp_settings_set_hidden_columns (wrapped, (const char *[]) { "spot", "vcpus", NULL });
  hidden = g_settings_get_strv (settings, "instances-hidden-columns");
  g_assert_true (g_strv_equal ((const char * const *) hidden,
                               (const char *[]) { "spot", "vcpus", NULL }));

  g_settings_set_uint (settings, "stale-after-days", 365);
  g_assert_cmpuint (gp_settings_get_stale_after_days (wrapped), ==, 365);
  g_settings_set_string (settings, "color-scheme", "dark");
  g_assert_cmpstr (gp_settings_get_color_scheme (wrapped), ==, "dark");
  reset (settings);
}

/* Rates and their date change together, and the display currency follows the keys. */
static void
test_rates_and_display (void)
{
  g_autoptr(GSettings) settings = g_settings_new (BASE_APP_ID);
  g_autoptr(GpSettings) wrapped = NULL;
  g_autoptr(GVariantBuilder) builder = g_variant_builder_new (G_VARIANT_TYPE ("a{sd}"));
  g_autoptr(GVariant) rates = NULL;
  g_autofree char *as_of = NULL;
  GpDisplayCurrency *display;
  guint changed = 0;
  double rate;

  reset (settings);
  wrapped = gp_settings_new (settings);
  display = gp_settings_get_display_currency (wrapped);
  g_assert_true (gp_settings_get_display_currency (wrapped) == display);
  g_signal_connect_swapped (display, "changed", G_CALLBACK (count_cb), &changed);

  g_variant_builder_add (builder, "{sd}", "CNY", 7.0);
  gp_settings_set_exchange_rates (wrapped, g_variant_builder_end (builder), "2026-11-30");
  rates = g_settings_get_value (settings, "exchange-rates");
  as_of = g_settings_get_string (settings, "exchange-rates-as-of");
  g_assert_cmpstr (as_of, ==, "2026-11-30");
  g_assert_cmpstr (gp_display_currency_get_as_of (display), ==, "2026-11-30");
  g_assert_cmpuint (changed, >, 0);

  g_settings_set_string (settings, "currency", "CNY");
  g_assert_cmpstr (gp_display_currency_resolve (display, "USD", &rate), ==, "CNY");
  g_assert_cmpfloat (rate, ==, 7.0);

  g_settings_set_string (settings, "price-unit", "gpu");
  g_assert_true (gp_display_currency_get_per_gpu (display));

  gp_settings_reset_exchange_rates (wrapped);
  g_assert_false (g_settings_get_user_value (settings, "exchange-rates") != NULL);
  g_assert_cmpstr (gp_settings_get_exchange_rates_as_of (wrapped), ==, "");
  reset (settings);
}

/* Setting what it holds already is no change: no page shows its prices again for nothing. */
static void
test_display_changes_only (void)
{
  g_autoptr(GpDisplayCurrency) display = gp_display_currency_new ();
  guint changed = 0, notified = 0;

  g_signal_connect_swapped (display, "changed", G_CALLBACK (count_cb), &changed);
  g_signal_connect_swapped (display, "notify", G_CALLBACK (count_cb), &notified);
  g_object_set (display, "code", "USD", "per-gpu", FALSE, "rates", NULL, "as-of", "", NULL);
  g_assert_cmpuint (changed, ==, 0);
  g_assert_cmpuint (notified, ==, 0);

  g_object_set (display, "code", "CNY", NULL);
  g_assert_cmpuint (changed, ==, 1);
  g_assert_cmpuint (notified, ==, 1);
  g_object_set (display, "rates", g_variant_new_parsed ("{'CNY': 7.0}"), NULL);
  g_assert_cmpuint (changed, ==, 2);
  g_object_set (display, "rates", g_variant_new_parsed ("{'CNY': 7.0}"), NULL);
  g_object_set (display, "code", "CNY", NULL);
  g_assert_cmpuint (changed, ==, 2);
  g_assert_cmpuint (notified, ==, 2);
  g_object_set (display, "per-gpu", TRUE, NULL);
  g_assert_cmpuint (changed, ==, 3);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/settings/keys-both-ways", test_keys_both_ways);
  g_test_add_func ("/settings/rates-and-display", test_rates_and_display);
  g_test_add_func ("/settings/display-changes-only", test_display_changes_only);

  return g_test_run ();
}
