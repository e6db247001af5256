/* test-aws-refresh.c — the AWS Price List and the EC2 spot feed refreshed from a server on
 * 127.0.0.1, in AWS's published formats (tests/fixtures/aws-pricelist)
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every failure is checked twice: it is reported with the source, the file and the place, and
 * the previous refreshed layer, in memory and on disk, is intact.
 */

#include "config.h"

#include <libsoup/soup.h>
#include <string.h>

#include "gp-catalog-updater.h"
#include "gp-test-refresh.h"

typedef struct
{
  SoupServer *server;
  char *base;
  GFile *cache;
  char *cache_path;
  GpCatalog *catalog;
  GSList *paused;
} Fixture;

/* The AWS Price List's files at /aws/MODE/offers/v1.0/aws/…, their addresses within MODE:
 * "ok" as published; "truncated", "abc" and "error" break the EC2 offer file (cut short, a
 * price of "abc", a server error after the indexes); "down" fails the offer index; "slow" never
 * answers the EC2 offer file. */
static void
serve_aws (Fixture           *fixture,
           SoupServerMessage *msg,
           const char        *path)
{
  g_auto(GStrv) parts = g_strsplit (path, "/", 4);
  const char *mode = parts[2];
  const char *rest = parts[3] != NULL ? parts[3] : "";
  g_autofree char *prefix = g_strdup_printf ("/aws/%s", mode);
  g_autofree char *name = NULL;
  g_autoptr(GString) body = NULL;

  if (g_str_equal (rest, "offers/v1.0/aws/index.json"))
    name = g_strdup ("index.json");
  else if (g_str_has_suffix (rest, "/current/region_index.json"))
    {
      g_auto(GStrv) segments = g_strsplit (rest, "/", -1);

      name = g_strdup_printf ("region-index-%s.json", segments[3]);
    }
  else if (g_str_has_suffix (rest, "AmazonEC2/20261201000000/us-east-1/index.json"))
    name = g_strdup ("ec2-us-east-1.json");
  else if (g_str_has_suffix (rest, "AmazonSageMaker/20261201000000/us-east-1/index.json"))
    name = g_strdup ("sagemaker-us-east-1.json");

  if (name == NULL || (g_str_equal (mode, "down") && g_str_equal (name, "index.json")))
    {
      gp_test_respond (msg, name == NULL ? 404 : 503, NULL);
      return;
    }
  if (g_str_equal (name, "ec2-us-east-1.json") && g_str_equal (mode, "error"))
    {
      gp_test_respond (msg, 500, NULL);
      return;
    }
  if (g_str_equal (name, "ec2-us-east-1.json") && g_str_equal (mode, "slow"))
    {
      soup_server_message_pause (msg);
      fixture->paused = g_slist_prepend (fixture->paused, g_object_ref (msg));
      return;
    }
  {
    g_autofree char *text = gp_test_fixture_text ("aws-pricelist", name);

    body = g_string_new (text);
  }
  g_string_replace (body, "PREFIX", prefix, 0);
  if (g_str_equal (name, "ec2-us-east-1.json") && g_str_equal (mode, "truncated"))
    g_string_truncate (body, body->len / 2);
  if (g_str_equal (name, "ec2-us-east-1.json") && g_str_equal (mode, "abc"))
    g_string_replace (body, "\"2.9000000000\"", "\"abc\"", 0);
  gp_test_respond (msg, 200, body->str);
}

static void
handler (SoupServer        *server,
         SoupServerMessage *msg,
         const char        *path,
         GHashTable        *query,
         gpointer           user_data)
{
  Fixture *fixture = user_data;
  SoupMessageHeaders *response = soup_server_message_get_response_headers (msg);

  if (g_str_has_prefix (path, "/aws/"))
    serve_aws (fixture, msg, path);
  else if (g_str_equal (path, "/spot.js") || g_str_equal (path, "/spot-abc.js"))
    {
      g_autofree char *text = gp_test_fixture_text ("aws-pricelist", "spot.js");
      g_autoptr(GString) body = g_string_new (text);

      if (g_str_equal (path, "/spot-abc.js"))
        g_string_replace (body, "\"0.9180\"", "\"abc\"", 0);
      soup_message_headers_replace (response, "Last-Modified", "Sat, 05 Dec 2026 10:00:00 GMT");
      gp_test_respond (msg, 200, body->str);
    }
  else
    gp_test_respond (msg, 404, NULL);
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  fixture->base = gp_test_serve (&fixture->server, handler, fixture);
  fixture->cache_path = gp_test_cache_new ("aws", &fixture->cache);
  fixture->catalog = gp_catalog_new_bundled ();
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  for (GSList *l = fixture->paused; l != NULL; l = l->next)
    soup_server_message_unpause (l->data);
  g_slist_free_full (fixture->paused, g_object_unref);
  g_clear_object (&fixture->server);
  g_clear_object (&fixture->catalog);
  g_clear_object (&fixture->cache);
  g_free (fixture->base);
  gp_test_cache_remove (fixture->cache_path);
}

static gboolean
cancel_cb (gpointer user_data)
{
  g_cancellable_cancel (user_data);
  return G_SOURCE_REMOVE;
}

/* An updater on the fixture's cache, keeping the price history beside it. */
static GpCatalogUpdater *
new_updater (Fixture *fixture)
{
  GpCatalogUpdater *updater = gp_catalog_updater_new (fixture->cache);
  g_autoptr(GFile) history = g_file_get_child (fixture->cache, "history.json");

  gp_catalog_updater_set_history_file (updater, history);
  return updater;
}

static char *
cached_layer (Fixture *fixture)
{
  g_autofree char *path = g_build_filename (fixture->cache_path, "catalog.json", NULL);
  char *contents = NULL;

  g_file_get_contents (path, &contents, NULL, NULL);
  return contents;
}

static GpSourceResult *
only_result (GpRefreshReport *report)
{
  g_assert_cmpuint (report->sources->len, ==, 1);
  return g_ptr_array_index (report->sources, 0);
}

/* The AWS Price List at /aws/MODE/…, its addresses tried in order; cancels after @cancel_ms
 * when that is not 0. */
static GpRefreshReport *
refresh_aws (Fixture            *fixture,
             const char * const *modes,
             guint               cancel_ms,
             GError            **error)
{
  g_autoptr(GpCatalogUpdater) updater = new_updater (fixture);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) urls = NULL;

  for (guint i = 0; modes[i] != NULL; i++)
    {
      g_autofree char *url =
          g_strdup_printf ("%s/aws/%s/offers/v1.0/aws/index.json", fixture->base, modes[i]);

      g_strv_builder_add (builder, url);
    }
  urls = g_strv_builder_end (builder);
  gp_catalog_updater_add_source (updater, "aws-pricelist", "https://example.invalid/index.json",
                                 GP_FEED_FORMAT_AWS_PRICELIST);
  g_assert_true (
      gp_catalog_updater_set_urls (updater, "aws-pricelist", (const char *const *) urls));
  if (cancel_ms > 0)
    g_timeout_add (cancel_ms, cancel_cb, cancellable);
  return gp_test_refresh (updater, fixture->catalog, NULL, cancellable, error);
}

static GpOffer *
find_offer (Fixture    *fixture,
            const char *id,
            const char *region)
{
  GpInstance *instance = gp_catalog_find_instance (fixture->catalog, id);

  g_assert_nonnull (instance);
  return gp_instance_find_offer (instance, region);
}

/* EC2 prices from the offer file with its filters (Windows, dedicated, pre-installed software
 * and reservation rows left out), dated by publicationDate; SageMaker's training price quoted
 * on the SageMaker offer; a region the catalog does not know said, not guessed. */
static void
test_aws_pricelist (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr(GpRefreshReport) report =
      refresh_aws (fixture, (const char *[]){ "ok", NULL }, 0, NULL);
  GpSourceResult *result = only_result (report);
  GpOffer *p3 = find_offer (fixture, "aws-ec2/p3.2xlarge", "us-east-1");
  GpOffer *training = find_offer (fixture, "aws-sagemaker/ml.p3.2xlarge", "us-east-1");
  g_autofree char *notes = NULL;

  g_test_message ("%s", result->message != NULL ? result->message : "");
  g_assert_cmpint (result->status, ==, GP_SOURCE_STATUS_UPDATED);
  g_assert_cmpstr (result->as_of, ==, "2026-11-30");
  g_assert_cmpuint (result->offers, ==, 3);
  g_assert_nonnull (p3);
  g_assert_cmpfloat (gp_offer_get_on_demand (p3), ==, 2.9);
  g_assert_cmpfloat (gp_offer_get_reserved_1y (p3), ==, 1.9);
  g_assert_cmpstr (gp_offer_get_as_of (p3), ==, "2026-12-01");
  g_assert_cmpfloat (
      gp_offer_get_on_demand (find_offer (fixture, "aws-ec2/p5.48xlarge", "us-east-1")), ==, 50.0);
  g_assert_nonnull (training);
  g_assert_cmpfloat (gp_offer_get_on_demand (training), ==, 3.9);
  g_assert_cmpstr (gp_offer_get_as_of (training), ==, "2026-11-30");
  g_assert_null (gp_instance_get_derived_from (gp_offer_get_instance (training)));
  /* The host as the catalog describes it: the layer replaces the instance whole (the vCPUs and
   * memory were lost before). */
  /* The offer files give no spot price: the catalog's own stays, with its own source (it was
   * lost before, the instance replaced whole). */
  g_assert_cmpfloat (gp_offer_get_spot_min (p3), ==, 0.3707);
  g_assert_cmpfloat (gp_offer_get_spot_max (p3), ==, 0.4281);
  g_assert_cmpstr (gp_source_get_layer (gp_offer_get_price_source (p3, GP_ESTIMATE_PRICING_SPOT)) ==
                           GP_CATALOG_LAYER_BUNDLED
                       ? "bundled"
                       : "other",
                   ==, "bundled");
  g_assert_cmpuint (gp_instance_get_vcpus (gp_offer_get_instance (p3)), ==, 8);
  g_assert_cmpfloat (gp_instance_get_memory_gb (gp_offer_get_instance (p3)), ==, 61);

  g_assert_nonnull (result->notes);
  g_ptr_array_add (result->notes, NULL);
  notes = g_strjoinv ("\n", (char **) result->notes->pdata);
  g_assert_nonnull (
      strstr (notes, "AmazonEC2 us-east-1: region “xx-moon-1” is not in the catalog"));
  g_assert_nonnull (strstr (notes, "AmazonEC2 region index: regions not in the catalog, not read: "
                                   "xx-moon-1"));
}

/* Bad input fails the whole source, naming the file and the place; the last good prices stay,
 * in memory and on disk. */
static void
test_aws_pricelist_bad (Fixture       *fixture,
                        gconstpointer  data)
{
  static const struct
  {
    const char *mode;
    const char *reason;
  } cases[] = {
    { "truncated", "AmazonEC2 us-east-1: " },
    { "abc", "AmazonEC2 us-east-1: terms.OnDemand.SKUP3LINUX.SKUP3LINUX.JRTCKXETXF."
             "priceDimensions.SKUP3LINUX.JRTCKXETXF.6YS6EN2CT7.pricePerUnit.USD: “abc” is not "
             "a price" },
    { "error", "AmazonEC2 us-east-1: the server answered 500" },
  };
  g_autoptr(GpRefreshReport) good = refresh_aws (fixture, (const char *[]){ "ok", NULL }, 0, NULL);

  g_assert_cmpint (only_result (good)->status, ==, GP_SOURCE_STATUS_UPDATED);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GpRefreshReport) report =
          refresh_aws (fixture, (const char *[]){ cases[i].mode, NULL }, 0, NULL);
      GpSourceResult *result = only_result (report);
      g_autofree char *layer = cached_layer (fixture);

      g_test_message ("%s: %s", cases[i].mode, result->message);
      g_assert_cmpint (result->status, ==, GP_SOURCE_STATUS_FAILED);
      g_assert_true (g_str_has_prefix (result->message, "aws-pricelist: "));
      g_assert_nonnull (strstr (result->message, cases[i].reason));
      g_assert_null (strchr (result->message, '\n'));
      g_assert_cmpfloat (
          gp_offer_get_on_demand (find_offer (fixture, "aws-ec2/p3.2xlarge", "us-east-1")), ==,
          2.9);
      g_assert_nonnull (strstr (layer, "\"on_demand\": 2.9"));
    }
}

/* A source whose first address fails is read from its mirror. */
static void
test_aws_pricelist_mirror (Fixture       *fixture,
                           gconstpointer  data)
{
  g_autoptr(GpRefreshReport) report =
      refresh_aws (fixture, (const char *[]){ "down", "ok", NULL }, 0, NULL);
  g_autoptr(GpRefreshReport) failed = NULL;
  GpSourceResult *result = only_result (report);
  g_autoptr(GpCatalogUpdater) updater = new_updater (fixture);
  g_autofree char *as_of = NULL;
  g_autofree char *outcome = NULL;

  g_assert_cmpint (result->status, ==, GP_SOURCE_STATUS_UPDATED);
  g_assert_cmpfloat (
      gp_offer_get_on_demand (find_offer (fixture, "aws-ec2/p3.2xlarge", "us-east-1")), ==, 2.9);
  /* Both down: one line, the last address's failure and how many were tried. */
  failed = refresh_aws (fixture, (const char *[]){ "down", "down", NULL }, 0, NULL);
  g_test_message ("%s", only_result (failed)->message);
  g_assert_cmpint (only_result (failed)->status, ==, GP_SOURCE_STATUS_FAILED);
  g_assert_nonnull (strstr (only_result (failed)->message, "(the last of 2 addresses tried)"));
  /* What Preferences shows: the newest prices' date, the last refresh's result. */
  g_assert_true (
      gp_catalog_updater_get_source_state (updater, "aws-pricelist", &as_of, NULL, &outcome));
  g_assert_cmpstr (as_of, ==, "2026-11-30");
  g_assert_nonnull (strstr (outcome, "503"));
}

/* Cancelling in the middle of an offer file leaves the previous catalog untouched. */
static void
test_aws_pricelist_cancel (Fixture       *fixture,
                           gconstpointer  data)
{
  g_autoptr(GpRefreshReport) good = refresh_aws (fixture, (const char *[]){ "ok", NULL }, 0, NULL);
  g_autoptr(GpRefreshReport) report = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *layer = NULL;

  report = refresh_aws (fixture, (const char *[]){ "slow", NULL }, 200, &error);
  g_assert_null (report);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  layer = cached_layer (fixture);
  g_assert_nonnull (strstr (layer, "\"on_demand\": 2.9"));
  g_assert_cmpfloat (
      gp_offer_get_on_demand (find_offer (fixture, "aws-ec2/p3.2xlarge", "us-east-1")), ==, 2.9);
}

/* The AWS Price List and the spot feed, the ones named in @only (all when NULL), as the
 * default sources would be. */
static GpRefreshReport *
refresh_aws_and_spot (Fixture            *fixture,
                      const char         *spot_path,
                      const char * const *only)
{
  g_autoptr(GpCatalogUpdater) updater = new_updater (fixture);
  g_autofree char *index = g_strdup_printf ("%s/aws/ok/offers/v1.0/aws/index.json", fixture->base);
  g_autofree char *spot = g_strconcat (fixture->base, spot_path, NULL);
  g_autoptr(GError) error = NULL;
  GpRefreshReport *report;

  gp_catalog_updater_add_source (updater, "aws-pricelist", index, GP_FEED_FORMAT_AWS_PRICELIST);
  gp_catalog_updater_add_source (updater, "aws-spot", spot, GP_FEED_FORMAT_AWS_SPOT);
  report = gp_test_refresh (updater, fixture->catalog, only, NULL, &error);
  g_assert_no_error (error);
  return report;
}

/* Spot prices from the feed, beside the other figures of the offer with their own dates; a
 * later refresh of the price list alone keeps them; a bad price fails the feed with its place. */
static void
test_aws_spot (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(GpRefreshReport) spot_only =
      refresh_aws_and_spot (fixture, "/spot.js", (const char *[]){ "aws-spot", NULL });
  g_autoptr(GpRefreshReport) both = NULL;
  g_autoptr(GpRefreshReport) list_only = NULL;
  g_autoptr(GpRefreshReport) bad = NULL;
  GpSourceResult *result = only_result (spot_only);
  GpOffer *p3;

  g_test_message ("%s", result->message != NULL ? result->message : "");
  g_assert_cmpint (result->status, ==, GP_SOURCE_STATUS_UPDATED);
  g_assert_cmpstr (result->as_of, ==, "2026-12-05");
  p3 = find_offer (fixture, "aws-ec2/p3.2xlarge", "us-east-1");
  g_assert_cmpfloat (gp_offer_get_spot_min (p3), ==, 0.918);
  g_assert_cmpfloat (gp_offer_get_on_demand (p3), ==, 3.06);
  g_assert_cmpstr (gp_offer_get_price_as_of (p3, GP_ESTIMATE_PRICING_SPOT), ==, "2026-12-05");
  g_assert_cmpstr (gp_offer_get_price_as_of (p3, GP_ESTIMATE_PRICING_ON_DEMAND), !=, "2026-12-05");
  g_assert_cmpfloat (
      gp_offer_get_spot_min (find_offer (fixture, "aws-ec2/p3.2xlarge", "us-west-2")), ==, 1.0);
  g_assert_nonnull (result->notes);
  g_assert_cmpuint (result->notes->len, ==, 1);
  g_assert_nonnull (strstr (g_ptr_array_index (result->notes, 0), "“us-west-1”"));

  both = refresh_aws_and_spot (fixture, "/spot.js", NULL);
  g_assert_cmpuint (gp_refresh_report_get_n_failed (both), ==, 0);
  p3 = find_offer (fixture, "aws-ec2/p3.2xlarge", "us-east-1");
  g_assert_cmpfloat (gp_offer_get_on_demand (p3), ==, 2.9);
  g_assert_cmpfloat (gp_offer_get_spot_min (p3), ==, 0.918);

  list_only = refresh_aws_and_spot (fixture, "/spot.js", (const char *[]){ "aws-pricelist", NULL });
  p3 = find_offer (fixture, "aws-ec2/p3.2xlarge", "us-east-1");
  g_assert_cmpfloat (gp_offer_get_on_demand (p3), ==, 2.9);
  g_assert_cmpfloat (gp_offer_get_spot_min (p3), ==, 0.918);

  bad = refresh_aws_and_spot (fixture, "/spot-abc.js", (const char *[]){ "aws-spot", NULL });
  result = only_result (bad);
  g_test_message ("%s", result->message);
  g_assert_cmpint (result->status, ==, GP_SOURCE_STATUS_FAILED);
  g_assert_nonnull (strstr (result->message,
                            "aws-spot: config.regions[0]."
                            "instanceTypes[0].sizes[0].valueColumns[0].prices.USD: "
                            "“abc” is not a price"));
  g_assert_cmpfloat (
      gp_offer_get_spot_min (find_offer (fixture, "aws-ec2/p3.2xlarge", "us-east-1")), ==, 0.918);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/aws-refresh/aws-pricelist", Fixture, NULL, fixture_set_up, test_aws_pricelist,
              fixture_tear_down);
  g_test_add ("/aws-refresh/aws-pricelist-bad", Fixture, NULL, fixture_set_up,
              test_aws_pricelist_bad, fixture_tear_down);
  g_test_add ("/aws-refresh/aws-pricelist-mirror", Fixture, NULL, fixture_set_up,
              test_aws_pricelist_mirror, fixture_tear_down);
  g_test_add ("/aws-refresh/aws-pricelist-cancel", Fixture, NULL, fixture_set_up,
              test_aws_pricelist_cancel, fixture_tear_down);
  g_test_add ("/aws-refresh/aws-spot", Fixture, NULL, fixture_set_up, test_aws_spot,
              fixture_tear_down);

  return g_test_run ();
}
