/* test-scaleway-refresh.c — Scaleway's GPU Instances refreshed from its public Product Catalog
 * API on a server on 127.0.0.1, in the API's format (tests/fixtures/scaleway)
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <libsoup/soup.h>
#include <string.h>

#include "gp-catalog-updater.h"
#include "gp-scaleway-importer.h"
#include "gp-test-refresh.h"

#define PRODUCTS "/product-catalog/v2alpha1/public-catalog/products"

typedef struct
{
  SoupServer *server;
  char *base;
  GFile *cache;
  char *cache_path;
  GpCatalog *catalog;
  GPtrArray *asked; /* the pages asked for: "" for the first, else its number */
} Fixture;

/* /MODE/product-catalog/v2alpha1/public-catalog/products, in two pages by ?page=: "ok" as
 * published; "abc" gives page 2 a price of "abc", "usd" one in dollars, "huge" one of two
 * million euros an hour; "error" fails page 2.
 * /provider-layer.json: Scaleway and its regions, which the fixture catalog lacks. */
static void
handler (SoupServer        *server,
         SoupServerMessage *msg,
         const char        *path,
         GHashTable        *query,
         gpointer           user_data)
{
  Fixture *fixture = user_data;
  const char *page = query != NULL ? g_hash_table_lookup (query, "page") : NULL;
  g_auto(GStrv) parts = g_strsplit (path, "/", 3);
  g_autofree char *body = NULL;
  const char *mode = parts[1];

  if (g_str_equal (path, "/provider-layer.json"))
    {
      body = gp_test_fixture_text ("scaleway", "provider-layer.json");
      gp_test_respond (msg, 200, body);
      return;
    }
  if (mode == NULL || parts[2] == NULL || !g_str_equal (path + strlen (mode) + 1, PRODUCTS) ||
      query == NULL || g_strcmp0 (g_hash_table_lookup (query, "product_types"), "instance") != 0)
    {
      gp_test_respond (msg, 404, NULL);
      return;
    }
  g_ptr_array_add (fixture->asked, g_strdup (page != NULL ? page : ""));
  if ((page == NULL || g_str_equal (page, "1")) && g_str_equal (mode, "hostile"))
    {
      g_autofree char *text = gp_test_fixture_text ("scaleway", "products-1.json");
      g_autoptr(GString) answer = g_string_new (text);

      g_string_replace (answer, "\"offer_id\": \"L4-1-24G\"",
                        "\"offer_id\": \"L4-1-24G\\\"; touch pwned #\"", 0);
      body = g_string_free (g_steal_pointer (&answer), FALSE);
    }
  else if (page == NULL || g_str_equal (page, "1"))
    body = gp_test_fixture_text ("scaleway", "products-1.json");
  else if (g_str_equal (page, "2") && g_str_equal (mode, "error"))
    {
      gp_test_respond (msg, 500, NULL);
      return;
    }
  else if (g_str_equal (page, "2"))
    {
      g_autofree char *text = gp_test_fixture_text ("scaleway", "products-2.json");
      g_autoptr(GString) answer = g_string_new (text);

      if (g_str_equal (mode, "abc"))
        g_string_replace (answer, "\"units\": 1,", "\"units\": \"abc\",", 1);
      if (g_str_equal (mode, "usd"))
        g_string_replace (answer, "\"currency_code\": \"EUR\"", "\"currency_code\": \"USD\"", 1);
      if (g_str_equal (mode, "huge"))
        g_string_replace (answer, "\"units\": 1,", "\"units\": 2000000,", 1);
      body = g_string_free (g_steal_pointer (&answer), FALSE);
    }
  gp_test_respond (msg, body != NULL ? 200 : 404, body);
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  fixture->base = gp_test_serve (&fixture->server, handler, fixture);
  fixture->cache_path = gp_test_cache_new ("scaleway", &fixture->cache);
  fixture->catalog = gp_catalog_new_bundled ();
  fixture->asked = g_ptr_array_new_with_free_func (g_free);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_clear_object (&fixture->server);
  g_clear_object (&fixture->catalog);
  g_clear_object (&fixture->cache);
  g_ptr_array_unref (fixture->asked);
  g_free (fixture->base);
  gp_test_cache_remove (fixture->cache_path);
}

/* Scaleway's provider layer, then its catalog in @mode; the report of scaleway. */
static GpSourceResult *
refresh_scaleway (Fixture          *fixture,
                  const char       *mode,
                  GpRefreshReport **report)
{
  g_autofree char *url = g_strdup_printf ("%s/%s%s?product_types=instance&page_size=100",
                                          fixture->base, mode, PRODUCTS);

  return gp_test_refresh_provider (fixture->cache, fixture->base, fixture->catalog, "scaleway", url,
                                   GP_FEED_FORMAT_SCALEWAY, report);
}

static GpOffer *
scaleway_offer (Fixture    *fixture,
                const char *type,
                const char *region)
{
  g_autofree char *id = g_strconcat ("scaleway/", type, NULL);

  return gp_test_find_offer (fixture->catalog, id, region);
}

/* Every page read; each GPU Instance priced in euros in its zone's region, with its GPUs, vCPUs
 * and memory as listed, dated by the day it was read; an offer of a GPU the catalog has no model
 * for, one of no GPU and one in a region the catalog does not know are left out, the last
 * named. */
static void
test_scaleway (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(GpRefreshReport) report = NULL;
  GpSourceResult *result = refresh_scaleway (fixture, "ok", &report);
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *today = g_date_time_format (now, "%F");
  GpOffer *h100 = scaleway_offer (fixture, "h100-1-80g", "fr-par");
  GpOffer *h100_waw = scaleway_offer (fixture, "h100-1-80g", "pl-waw");
  GpOffer *l4 = scaleway_offer (fixture, "l4-1-24g", "fr-par");
  GpOffer *l40s = scaleway_offer (fixture, "l40s-1-48g", "fr-par");
  GpInstance *instance;

  g_assert_cmpint (result->status, ==, GP_SOURCE_STATUS_UPDATED);
  g_assert_cmpuint (result->offers, ==, 4);
  g_assert_cmpstr (result->dated_by, ==,
                   "dated by the day of the download: the source gives no date");
  g_assert_cmpuint (fixture->asked->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (fixture->asked, 0), ==, "");
  g_assert_cmpstr (g_ptr_array_index (fixture->asked, 1), ==, "2");

  g_assert_nonnull (h100);
  instance = gp_offer_get_instance (h100);
  g_assert_cmpfloat_with_epsilon (gp_test_listed_price (h100), 2.73, 1e-9);
  g_assert_cmpstr (gp_offer_get_currency (h100), ==, "EUR");
  g_assert_cmpstr (gp_gpu_get_id (gp_instance_get_gpu (instance)), ==, "h100-pcie-80gb");
  g_assert_cmpuint (gp_instance_get_gpu_count (instance), ==, 1);
  g_assert_cmpuint (gp_instance_get_vcpus (instance), ==, 24);
  g_assert_cmpfloat (gp_instance_get_memory_gb (instance), ==, 240);
  g_assert_cmpstr (gp_offer_get_as_of (h100), ==, today);
  g_assert_nonnull (h100_waw);
  g_assert_cmpfloat_with_epsilon (gp_test_listed_price (h100_waw), 2.8, 1e-9);
  g_assert_nonnull (l4);
  g_assert_cmpfloat_with_epsilon (gp_test_listed_price (l4), 0.75, 1e-9);
  g_assert_nonnull (l40s);
  g_assert_cmpstr (gp_gpu_get_id (gp_instance_get_gpu (gp_offer_get_instance (l40s))), ==, "l40s");
  g_assert_null (gp_catalog_find_instance (fixture->catalog, "scaleway/gpu-3070-s"));
  g_assert_null (gp_catalog_find_instance (fixture->catalog, "scaleway/pop2-hc-2c-4g"));
  g_assert_null (gp_catalog_find_instance (fixture->catalog, "scaleway/h100-sxm-2-80g"));
  g_assert_nonnull (result->notes);
  g_assert_cmpuint (result->notes->len, >, 0);
  g_assert_nonnull (strstr (g_ptr_array_index (result->notes, 0),
                            "H100-SXM-2-80G in xx-yyy-1, a region the catalog does not know"));
}

/* An offer whose name is no id (it would go into launch code) is skipped and named; the
 * others are taken. */
static void
test_scaleway_hostile (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autoptr(GpRefreshReport) report = NULL;
  GpSourceResult *result = refresh_scaleway (fixture, "hostile", &report);

  g_assert_cmpint (result->status, ==, GP_SOURCE_STATUS_UPDATED);
  g_assert_nonnull (scaleway_offer (fixture, "h100-1-80g", "fr-par"));
  g_assert_null (scaleway_offer (fixture, "l4-1-24g", "fr-par"));
  g_assert_true (gp_test_has_note (result, "“L4-1-24G\\\"; touch pwned #”: skipped"));
}

/* A price of "abc" or in dollars on page 2, or an HTTP error there: the source fails in one line
 * naming the page (and the product), and keeps its last good prices; page 1's are never applied
 * alone. */
static void
test_scaleway_bad (Fixture       *fixture,
                   gconstpointer  data)
{
  static const struct
  {
    const char *mode;
    const char *says;
  } cases[] = {
    { "abc", "scaleway: page 2, products[0] (/compute/l40s_1_48g/run_fr-par-2): retail_price is "
             "not a price" },
    { "usd", "scaleway: page 2, products[0] (/compute/l40s_1_48g/run_fr-par-2): retail_price is "
             "in USD, not in euros" },
    { "huge", "scaleway: page 2, products[0] (/compute/l40s_1_48g/run_fr-par-2): retail_price "
              "is not a price" },
    { "error", "scaleway: page 2: HTTP 500" },
  };
  g_autofree char *path = g_build_filename (fixture->cache_path, "catalog.json", NULL);
  g_autofree char *before = NULL;

  {
    g_autoptr(GpRefreshReport) report = NULL;

    g_assert_cmpint (refresh_scaleway (fixture, "error", &report)->status, ==,
                     GP_SOURCE_STATUS_FAILED);
    g_assert_null (scaleway_offer (fixture, "h100-1-80g", "fr-par"));
  }
  {
    g_autoptr(GpRefreshReport) report = NULL;

    g_assert_cmpint (refresh_scaleway (fixture, "ok", &report)->status, ==,
                     GP_SOURCE_STATUS_UPDATED);
  }
  g_assert_true (g_file_get_contents (path, &before, NULL, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GpRefreshReport) report = NULL;
      GpSourceResult *result = refresh_scaleway (fixture, cases[i].mode, &report);
      g_autofree char *after = NULL;

      g_assert_cmpint (result->status, ==, GP_SOURCE_STATUS_FAILED);
      g_assert_true (g_str_has_prefix (result->message, cases[i].says));
      g_assert_cmpfloat_with_epsilon (
          gp_test_listed_price (scaleway_offer (fixture, "l40s-1-48g", "fr-par")), 1.4, 1e-9);
      g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
      g_assert_cmpstr (after, ==, before);
    }
}

/* A third page: the H100 and the L4 in another zone of fr-par, the one cheaper there, the other
 * dearer. */
static const char zone_page[] =
    "{ \"products\": ["
    " { \"sku\": \"h100-par-1\", \"status\": \"general_availability\","
    "   \"locality\": { \"zone\": \"fr-par-1\" }, \"price\": { \"retail_price\": {"
    "   \"currency_code\": \"EUR\", \"units\": 2, \"nanos\": 500000000 } },"
    "   \"unit_of_measure\": { \"unit\": \"hour\", \"size\": 1 },"
    "   \"properties\": { \"hardware\": { \"gpu\": { \"count\": 8 } },"
    "   \"instance\": { \"offer_id\": \"H100-1-80G\" } } },"
    " { \"sku\": \"l4-par-1\", \"status\": \"general_availability\","
    "   \"locality\": { \"zone\": \"fr-par-1\" }, \"price\": { \"retail_price\": {"
    "   \"currency_code\": \"EUR\", \"units\": 0, \"nanos\": 900000000 } },"
    "   \"unit_of_measure\": { \"unit\": \"hour\", \"size\": 1 },"
    "   \"properties\": { \"hardware\": { \"gpu\": { \"count\": 1 } },"
    "   \"instance\": { \"offer_id\": \"L4-1-24G\" } } } ],"
    " \"total_count\": 2 }";

/* The layer the reader writes for the fixture's pages, byte for byte (layer.json): an instance
 * as its first product describes it, the lowest price of a region's zones, no provider and no
 * currency of its own (Scaleway's, euros, applies); what it read and left out counted. */
static void
test_scaleway_layer (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autoptr(GPtrArray) pages = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  g_autoptr(GpImportReport) report = gp_import_report_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) layer = NULL;

  gp_test_add_fixture_layer (fixture->catalog, "scaleway", "provider-layer.json");
  g_ptr_array_add (pages, gp_test_fixture_bytes ("scaleway", "products-1.json"));
  g_ptr_array_add (pages, gp_test_fixture_bytes ("scaleway", "products-2.json"));
  g_ptr_array_add (pages, g_bytes_new_static (zone_page, strlen (zone_page)));
  layer = gp_scaleway_import (fixture->catalog, pages, "scaleway", "https://scaleway.test/products",
                              "2026-12-01", report, &error);
  g_assert_no_error (error);
  gp_test_assert_fixture (layer, "scaleway", "layer.json");
  g_assert_cmpuint (report->rows, ==, 8);
  g_assert_cmpuint (report->imported, ==, 6);
  g_assert_cmpuint (report->skipped, ==, 2);
  g_assert_cmpuint (report->instances, ==, 3);
  g_assert_cmpuint (report->offers, ==, 4);
}

/* The source is among the defaults, at Scaleway's own address. */
static void
test_scaleway_default (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autoptr(GpCatalogUpdater) updater = gp_catalog_updater_new (fixture->cache);

  gp_catalog_updater_add_default_sources (updater, NULL);
  g_assert_true (g_strv_contains (gp_catalog_updater_get_source_names (updater), "scaleway"));
  g_assert_cmpstr (gp_catalog_updater_get_own_url (updater, "scaleway"), ==,
                   "https://api.scaleway.com/product-catalog/v2alpha1/public-catalog/products"
                   "?product_types=instance&page_size=100");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/scaleway-refresh/ok", Fixture, NULL, fixture_set_up, test_scaleway,
              fixture_tear_down);
  g_test_add ("/scaleway-refresh/hostile", Fixture, NULL, fixture_set_up, test_scaleway_hostile,
              fixture_tear_down);
  g_test_add ("/scaleway-refresh/bad", Fixture, NULL, fixture_set_up, test_scaleway_bad,
              fixture_tear_down);
  g_test_add ("/scaleway-refresh/layer", Fixture, NULL, fixture_set_up, test_scaleway_layer,
              fixture_tear_down);
  g_test_add ("/scaleway-refresh/default", Fixture, NULL, fixture_set_up, test_scaleway_default,
              fixture_tear_down);

  return g_test_run ();
}
