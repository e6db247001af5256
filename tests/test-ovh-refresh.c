/* test-ovh-refresh.c — OVHcloud's GPU instances refreshed from its public order catalog on a
 * server on 127.0.0.1, in the API's format (tests/fixtures/ovh)
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <libsoup/soup.h>
#include <string.h>

#include "gp-catalog-updater.h"
#include "gp-ovh-importer.h"
#include "gp-test-refresh.h"

#define CATALOG "/1.0/order/catalog/public/cloud"

typedef struct
{
  SoupServer *server;
  char *base;
  GFile *cache;
  char *cache_path;
  GpCatalog *catalog;
} Fixture;

/* /MODE/1.0/order/catalog/public/cloud?ovhSubsidiary=FR: "ok" as published; "abc" gives the
 * l40s-90's hourly price as "abc", "huge" as 1.4 million euros, "usd" the catalog in dollars;
 * "error" fails with HTTP 500.
 * /provider-layer.json: OVHcloud and its regions, which the fixture catalog lacks. */
static void
handler (SoupServer        *server,
         SoupServerMessage *msg,
         const char        *path,
         GHashTable        *query,
         gpointer           user_data)
{
  g_auto(GStrv) parts = g_strsplit (path, "/", 3);
  g_autofree char *body = NULL;
  g_autoptr(GString) answer = NULL;
  const char *mode = parts[1];

  if (g_str_equal (path, "/provider-layer.json"))
    {
      body = gp_test_fixture_text ("ovh", "provider-layer.json");
      gp_test_respond (msg, 200, body);
      return;
    }
  if (mode == NULL || parts[2] == NULL || !g_str_equal (path + strlen (mode) + 1, CATALOG) ||
      query == NULL || g_strcmp0 (g_hash_table_lookup (query, "ovhSubsidiary"), "FR") != 0)
    {
      gp_test_respond (msg, 404, NULL);
      return;
    }
  if (g_str_equal (mode, "error"))
    {
      gp_test_respond (msg, 500, NULL);
      return;
    }
  body = gp_test_fixture_text ("ovh", "catalog.json");
  answer = g_string_new (body);
  if (g_str_equal (mode, "abc"))
    g_string_replace (answer, "\"price\": 140000000,", "\"price\": \"abc\",", 1);
  if (g_str_equal (mode, "hostile"))
    g_string_replace (answer, "\"planCode\": \"l4-90.consumption\"",
                      "\"planCode\": \"l4-90$(touch pwned).consumption\"", 1);
  if (g_str_equal (mode, "huge"))
    g_string_replace (answer, "\"price\": 140000000,", "\"price\": 140000000000000,", 1);
  if (g_str_equal (mode, "usd"))
    g_string_replace (answer, "\"currencyCode\": \"EUR\"", "\"currencyCode\": \"USD\"", 1);
  gp_test_respond (msg, 200, answer->str);
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  fixture->base = gp_test_serve (&fixture->server, handler, fixture);
  fixture->cache_path = gp_test_cache_new ("ovh", &fixture->cache);
  fixture->catalog = gp_catalog_new_bundled ();
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_clear_object (&fixture->server);
  g_clear_object (&fixture->catalog);
  g_clear_object (&fixture->cache);
  g_free (fixture->base);
  gp_test_cache_remove (fixture->cache_path);
}

/* OVHcloud's provider layer, then its catalog in @mode; the report of ovh. */
static GpSourceResult *
refresh_ovh (Fixture          *fixture,
             const char       *mode,
             GpRefreshReport **report)
{
  g_autofree char *url = g_strdup_printf ("%s/%s%s?ovhSubsidiary=FR", fixture->base, mode, CATALOG);

  return gp_test_refresh_provider (fixture->cache, fixture->base, fixture->catalog, "ovh", url,
                                   GP_FEED_FORMAT_OVH, report);
}

static GpOffer *
ovh_offer (Fixture    *fixture,
           const char *flavor,
           const char *region)
{
  g_autofree char *id = g_strconcat ("ovhcloud/", flavor, NULL);

  return gp_test_find_offer (fixture->catalog, id, region);
}

/* Each GPU instance of a model the catalog knows priced by the hour in euros (micro-cents over
 * 10⁸) in the places of the regions listed on any of its plans, GRA11 and GRA9 both in
 * Gravelines; its GPUs, vCPUs and memory as listed; the H100 an SXM one; dated by the day it
 * was read. An A100 (whose form nothing states), a retired plan, a 3-AZ plan and an instance of
 * no GPU are left out, and a region the catalog does not know is named. */
static void
test_ovh (Fixture       *fixture,
          gconstpointer  data)
{
  g_autoptr(GpRefreshReport) report = NULL;
  GpSourceResult *result = refresh_ovh (fixture, "ok", &report);
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *today = g_date_time_format (now, "%F");
  GpOffer *l40s = ovh_offer (fixture, "l40s-90", "GRA");
  GpOffer *l4 = ovh_offer (fixture, "l4-90", "BHS");
  GpInstance *instance;

  g_assert_cmpint (result->status, ==, GP_SOURCE_STATUS_UPDATED);
  g_assert_cmpuint (result->offers, ==, 6);
  g_assert_cmpstr (result->dated_by, ==,
                   "dated by the day of the download: the source gives no date");

  instance = gp_offer_get_instance (l40s);
  g_assert_cmpfloat_with_epsilon (gp_test_listed_price (l40s), 1.40, 1e-9);
  g_assert_cmpstr (gp_offer_get_currency (l40s), ==, "EUR");
  g_assert_cmpstr (gp_offer_get_as_of (l40s), ==, today);
  g_assert_cmpstr (gp_gpu_get_id (gp_instance_get_gpu (instance)), ==, "l40s");
  g_assert_cmpuint (gp_instance_get_gpu_count (instance), ==, 1);
  g_assert_cmpuint (gp_instance_get_vcpus (instance), ==, 15);
  g_assert_cmpfloat (gp_instance_get_memory_gb (instance), ==, 90);
  g_assert_cmpfloat_with_epsilon (gp_test_listed_price (ovh_offer (fixture, "l40s-90", "WAW")),
                                  1.40, 1e-9);
  g_assert_null (ovh_offer (fixture, "l40s-90", "EU-WEST-PAR"));

  /* The hourly plan lists no region: the monthly plan's are the instance's. */
  g_assert_cmpfloat_with_epsilon (gp_test_listed_price (l4), 0.75, 1e-9);
  g_assert_cmpfloat_with_epsilon (gp_test_listed_price (ovh_offer (fixture, "l4-90", "GRA")), 0.75,
                                  1e-9);
  g_assert_cmpstr (gp_gpu_get_id (gp_instance_get_gpu (gp_offer_get_instance (l4))), ==, "l4");
  g_assert_cmpfloat_with_epsilon (gp_test_listed_price (ovh_offer (fixture, "a10-45", "SBG")), 0.76,
                                  1e-9);

  g_assert_cmpfloat_with_epsilon (gp_test_listed_price (ovh_offer (fixture, "h100-380", "GRA")),
                                  2.8, 1e-9);
  g_assert_cmpstr (gp_gpu_get_id (gp_instance_get_gpu (
                       gp_catalog_find_instance (fixture->catalog, "ovhcloud/h100-380"))),
                   ==, "h100-sxm5-80gb");
  g_assert_null (gp_catalog_find_instance (fixture->catalog, "ovhcloud/a100-180"));
  g_assert_null (gp_catalog_find_instance (fixture->catalog, "ovhcloud/l4-180"));
  g_assert_null (gp_catalog_find_instance (fixture->catalog, "ovhcloud/b3-8"));
  g_assert_true (gp_test_has_note (result,
                                   "addons[2] (l4-90.monthly.postpaid): l4-90 in XYZ1, a region "
                                   "the catalog does not know"));
}

/* A price of "abc", a catalog in dollars, or an HTTP error: the source fails in one line
 * naming the plan or the place, keeps its last good prices, and the saved catalog is not
 * touched. */
/* A plan whose flavor is no id (it would go into launch code) is skipped and named; the others
 * are taken. */
static void
test_ovh_hostile (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(GpRefreshReport) report = NULL;
  GpSourceResult *result = refresh_ovh (fixture, "hostile", &report);

  g_assert_cmpint (result->status, ==, GP_SOURCE_STATUS_UPDATED);
  g_assert_nonnull (ovh_offer (fixture, "l40s-90", "GRA"));
  g_assert_null (ovh_offer (fixture, "l4-90", "BHS"));
  g_assert_true (gp_test_has_note (result, "“l4-90$(touch pwned)”: skipped"));
}

static void
test_ovh_bad (Fixture       *fixture,
              gconstpointer  data)
{
  static const struct
  {
    const char *mode;
    const char *says;
  } cases[] = {
    { "abc", "ovh: addons[3] (l40s-90.consumption): pricings[0].price is not a price" },
    { "huge", "ovh: addons[3] (l40s-90.consumption): pricings[0].price is not a price" },
    { "usd", "ovh: locale: prices in USD, not in euros" },
    { "error", "ovh: HTTP 500" },
  };
  g_autofree char *path = g_build_filename (fixture->cache_path, "catalog.json", NULL);
  g_autofree char *before = NULL;

  {
    g_autoptr(GpRefreshReport) report = NULL;

    g_assert_cmpint (refresh_ovh (fixture, "error", &report)->status, ==, GP_SOURCE_STATUS_FAILED);
    g_assert_null (ovh_offer (fixture, "l40s-90", "GRA"));
  }
  {
    g_autoptr(GpRefreshReport) report = NULL;

    g_assert_cmpint (refresh_ovh (fixture, "ok", &report)->status, ==, GP_SOURCE_STATUS_UPDATED);
  }
  g_assert_true (g_file_get_contents (path, &before, NULL, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GpRefreshReport) report = NULL;
      GpSourceResult *result = refresh_ovh (fixture, cases[i].mode, &report);
      g_autofree char *after = NULL;

      g_assert_cmpint (result->status, ==, GP_SOURCE_STATUS_FAILED);
      g_assert_true (g_str_has_prefix (result->message, cases[i].says));
      g_assert_cmpfloat_with_epsilon (gp_test_listed_price (ovh_offer (fixture, "l40s-90", "GRA")),
                                      1.40, 1e-9);
      g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
      g_assert_cmpstr (after, ==, before);
    }
}

/* The layer the reader writes for the fixture's catalog, byte for byte (layer.json): an
 * instance priced once in each place its regions are in (GRA of GRA11 and GRA9), no provider
 * and no currency of its own (OVHcloud's, euros, applies); what it read and left out counted. */
static void
test_ovh_layer (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GBytes) answer = gp_test_fixture_bytes ("ovh", "catalog.json");
  g_autoptr(GpImportReport) report = gp_import_report_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) layer = NULL;

  gp_test_add_fixture_layer (fixture->catalog, "ovh", "provider-layer.json");
  layer = gp_ovh_import (fixture->catalog, answer, "ovh", "https://ovh.test/catalog", "2026-12-01",
                         report, &error);
  g_assert_no_error (error);
  gp_test_assert_fixture (layer, "ovh", "layer.json");
  g_assert_cmpuint (report->rows, ==, 6);
  g_assert_cmpuint (report->imported, ==, 4);
  g_assert_cmpuint (report->skipped, ==, 2);
  g_assert_cmpuint (report->instances, ==, 4);
  g_assert_cmpuint (report->offers, ==, 6);
}

/* The source is among the defaults, at OVHcloud's own address, the French subsidiary's. */
static void
test_ovh_default (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(GpCatalogUpdater) updater = gp_catalog_updater_new (fixture->cache);

  gp_catalog_updater_add_default_sources (updater, NULL);
  g_assert_true (g_strv_contains (gp_catalog_updater_get_source_names (updater), "ovh"));
  g_assert_cmpstr (gp_catalog_updater_get_own_url (updater, "ovh"), ==,
                   "https://eu.api.ovh.com/1.0/order/catalog/public/cloud?ovhSubsidiary=FR");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/ovh-refresh/ok", Fixture, NULL, fixture_set_up, test_ovh, fixture_tear_down);
  g_test_add ("/ovh-refresh/hostile", Fixture, NULL, fixture_set_up, test_ovh_hostile,
              fixture_tear_down);
  g_test_add ("/ovh-refresh/bad", Fixture, NULL, fixture_set_up, test_ovh_bad, fixture_tear_down);
  g_test_add ("/ovh-refresh/layer", Fixture, NULL, fixture_set_up, test_ovh_layer,
              fixture_tear_down);
  g_test_add ("/ovh-refresh/default", Fixture, NULL, fixture_set_up, test_ovh_default,
              fixture_tear_down);

  return g_test_run ();
}
