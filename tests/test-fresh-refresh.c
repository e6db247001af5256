/* test-fresh-refresh.c — the "Done when": after a refresh of every source against
 * fixtures dated within the last week, at least 90 % of the catalog's offers are fresh, and no
 * SageMaker or Vertex AI price the fixtures quote is left derived
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The catalog refreshed is the tests' frozen one (tests/fixtures/catalog: EC2, SageMaker,
 * Compute Engine, Azure ML, Lambda and Colab) with the lab's Vertex AI machines
 * (tests/fixtures/gcp-billing/vertex-layer.json). Every source is served from 127.0.0.1 in its
 * own format, dated a few days before the day the test runs: the publication dates, effective
 * times, server dates and commit dates are written into the fixtures as they are served.
 */

#include "config.h"

#include <libsoup/soup.h>
#include <string.h>

#include "gp-catalog-updater.h"
#include "gp-test-refresh.h"

#define FAKE_LAMBDA_KEY "fake-lambda-key-5e1d0c2b9a77"
#define FAKE_GCP_KEY    "fake-gcp-key-AIzaSy1111fresh"

/* The SageMaker training types the fixture's offer file prices (ml.g4dn.16xlarge is left out:
 * it keeps the catalog's figure, and the test checks only those the fixture quotes). */
static const struct
{
  const char *type;
  const char *price;
} sagemaker_training[] = {
  { "ml.p3.2xlarge", "3.825" },     { "ml.p3.8xlarge", "14.688" }, { "ml.p3.16xlarge", "28.152" },
  { "ml.p3dn.24xlarge", "35.894" }, { "ml.g4dn.xlarge", "0.736" }, { "ml.g4dn.2xlarge", "0.94" },
  { "ml.g4dn.4xlarge", "1.505" },   { "ml.g4dn.8xlarge", "2.72" }, { "ml.g4dn.12xlarge", "4.89" },
};

typedef struct
{
  SoupServer *server;
  char *base;
  GFile *cache;
  char *cache_path;
  GpCatalog *catalog;
  char *days_ago[8]; /* YYYY-MM-DD, n days before today (UTC) */
} Fixture;

/* @text with every @from replaced by @to. */
static char *
replaced (const char *text,
          const char *from,
          const char *to)
{
  g_autoptr(GString) string = g_string_new (text);

  g_string_replace (string, from, to, 0);
  return g_string_free (g_steal_pointer (&string), FALSE);
}

/* An AWS Price List offer file of SageMaker's us-east-1 with a training and a hosting SKU
 * per type of sagemaker_training[], published @published. */
static char *
sagemaker_offer_file (const char *published)
{
  g_autoptr(GString) products = g_string_new (NULL);
  g_autoptr(GString) terms = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (sagemaker_training); i++)
    {
      const char *type = sagemaker_training[i].type;

      for (guint hosting = 0; hosting < 2; hosting++)
        {
          g_autofree char *sku = g_strdup_printf ("SM%s%u", hosting ? "HOST" : "TRAIN", i);

          g_string_append_printf (
              products,
              "%s\"%s\":{\"sku\":\"%s\",\"productFamily\":\"ML Instance\",\"attributes\":{"
              "\"servicecode\":\"AmazonSageMaker\",\"location\":\"US East (N. Virginia)\","
              "\"instanceType\":\"%s\",\"regionCode\":\"us-east-1\",\"usagetype\":\"USE1-%s:%s\","
              "\"component\":\"%s\",\"operation\":\"RunInstance\"}}",
              products->len > 0 ? "," : "", sku, sku, type, hosting ? "Host" : "Train", type,
              hosting ? "Hosting" : "Training");
          g_string_append_printf (
              terms,
              "%s\"%s\":{\"%s.JRTCKXETXF\":{\"offerTermCode\":\"JRTCKXETXF\",\"sku\":\"%s\","
              "\"effectiveDate\":\"%sT00:00:00Z\",\"priceDimensions\":{\"%s.JRTCKXETXF."
              "6YS6EN2CT7\":{"
              "\"rateCode\":\"%s.JRTCKXETXF.6YS6EN2CT7\",\"description\":\"per On Demand Linux "
              "hour\",\"beginRange\":\"0\",\"endRange\":\"Inf\",\"unit\":\"Hrs\",\"pricePerUnit\":"
              "{\"USD\":\"%s\"},\"appliesTo\":[]}},\"termAttributes\":{}}}",
              terms->len > 0 ? "," : "", sku, sku, sku, published, sku, sku,
              hosting ? "99.0" : sagemaker_training[i].price);
        }
    }
  return g_strdup_printf ("{\"formatVersion\":\"v1.0\",\"disclaimer\":\"fixture\",\"offerCode\":"
                          "\"AmazonSageMaker\",\"version\":\"20261130000000\",\"publicationDate\":"
                          "\"%sT12:00:00Z\",\"products\":{%s},\"terms\":{\"OnDemand\":{%s}}}",
                          published, products->str, terms->str);
}

/* The AWS Price List under /aws/offers/v1.0/aws/…, published two and three days ago. */
static char *
serve_aws (Fixture    *fixture,
           const char *path)
{
  const char *rest = path + strlen ("/aws/");
  g_autofree char *text = NULL;
  g_autofree char *prefixed = NULL;
  g_autofree char *name = NULL;
  g_autofree char *published = g_strdup_printf ("%sT00:00:00Z", fixture->days_ago[2]);

  if (g_str_has_suffix (rest, "AmazonSageMaker/20261201000000/us-east-1/index.json"))
    return sagemaker_offer_file (fixture->days_ago[3]);
  if (g_str_equal (rest, "offers/v1.0/aws/index.json"))
    name = g_strdup ("index.json");
  else if (g_str_has_suffix (rest, "/current/region_index.json"))
    {
      g_auto(GStrv) segments = g_strsplit (rest, "/", -1);

      name = g_strdup_printf ("region-index-%s.json", segments[3]);
    }
  else if (g_str_has_suffix (rest, "AmazonEC2/20261201000000/us-east-1/index.json"))
    name = g_strdup ("ec2-us-east-1.json");
  else
    return NULL;
  text = gp_test_fixture_text ("aws-pricelist", name);
  prefixed = replaced (text, "PREFIX", "/aws");
  return replaced (prefixed, "2026-12-01T00:00:00Z", published);
}

/* The Cloud Billing Catalog's SKUs, Vertex AI's or Compute Engine's, in two pages each,
 * effective one to three days ago; refused without the key, as Google's server would. */
static char *
serve_gcp (Fixture    *fixture,
           GHashTable *query,
           gboolean    compute)
{
  const char *token = query != NULL ? g_hash_table_lookup (query, "pageToken") : NULL;
  g_autofree char *text = NULL;
  g_autofree char *one = NULL;
  g_autofree char *two = NULL;
  g_autofree char *day3 = g_strconcat (fixture->days_ago[3], "T", NULL);
  g_autofree char *day2 = g_strconcat (fixture->days_ago[2], "T", NULL);
  g_autofree char *day1 = g_strconcat (fixture->days_ago[1], "T", NULL);

  if (query == NULL || g_strcmp0 (g_hash_table_lookup (query, "key"), FAKE_GCP_KEY) != 0)
    return NULL;
  if (token != NULL && !g_str_equal (token, compute ? "CE-PAGE-2" : "PAGE-2"))
    return NULL;
  if (compute)
    text =
        gp_test_fixture_text ("gcp-billing", token == NULL ? "compute-1.json" : "compute-2.json");
  else
    text = gp_test_fixture_text ("gcp-billing", token == NULL ? "skus-1.json" : "skus-2.json");
  one = replaced (text, "2026-12-02T", day3);
  two = replaced (one, "2026-12-03T", day2);
  g_free (text);
  text = replaced (two, "2026-12-04T", day1);
  return replaced (text, "2026-12-05T", day1);
}

/* Lambda's instance-types API: every type of the catalog, at SkyPilot's prices less a cent. */
static char *
lambda_answer (void)
{
  static const char *const types[] = { "gpu_1x_a100",      "gpu_1x_a100_sxm4",
                                       "gpu_8x_a100",      "gpu_8x_a100_80gb_sxm4",
                                       "gpu_1x_h100_pcie", "gpu_1x_h100_sxm5",
                                       "gpu_8x_h100_sxm5", "gpu_8x_v100",
                                       "gpu_1x_a10" };
  g_autoptr(GString) data = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (types); i++)
    g_string_append_printf (data,
                            "%s\"%s\":{\"instance_type\":{\"name\":\"%s\",\"price_cents_per_hour\":"
                            "%u},\"regions_with_capacity_available\":[{\"name\":\"us-east-1\"}]}",
                            i > 0 ? "," : "", types[i], types[i], 100 + 10 * i);
  return g_strdup_printf ("{\"data\":{%s}}", data->str);
}

static char *
serve_skypilot (const char *path)
{
  static const char *const files[][2] = {
    { "/skypilot/aws.csv", "aws_v8_extract.csv" },
    { "/skypilot/gcp.csv", "gcp_v8_extract.csv" },
    { "/skypilot/azure.csv", "azure_v6_extract.csv" },
    { "/skypilot/lambda.csv", "lambda_v8_sample.csv" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    if (g_str_equal (path, files[i][0]))
      return gp_test_fixture_text ("skypilot", files[i][1]);
  return NULL;
}

/* The Retail Prices API: page 1 links to page 2; $skip past them is the empty page. */
static char *
serve_azure (Fixture    *fixture,
             GHashTable *query)
{
  const char *page = query != NULL ? g_hash_table_lookup (query, "page") : NULL;
  g_autofree char *text = NULL;
  g_autofree char *link = NULL;

  if (query != NULL && g_hash_table_lookup (query, "$skip") != NULL)
    return gp_test_fixture_text ("azure", "empty.json");
  if (g_strcmp0 (page, "2") == 0)
    return gp_test_fixture_text ("azure", "page2.json");
  text = gp_test_fixture_text ("azure", "page1.json");
  link = g_strdup_printf ("\"%s/azure?page=2\"", fixture->base);
  return replaced (text, "\"PAGE2\"", link);
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
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autoptr(GDateTime) yesterday = g_date_time_add_days (now, -1);
  g_autofree char *server_date = g_date_time_format (yesterday, "%a, %d %b %Y %H:%M:%S GMT");
  g_autofree char *body = NULL;

  if (g_str_has_prefix (path, "/aws/"))
    body = serve_aws (fixture, path);
  else if (g_str_has_prefix (path, "/skypilot/"))
    body = serve_skypilot (path);
  else if (g_str_equal (path, "/commits"))
    /* The repository's last commit to each SkyPilot file, as GitHub's API answers it. */
    body = g_strdup_printf ("[{\"commit\":{\"committer\":{\"date\":\"%sT06:00:00Z\"}}}]",
                            fixture->days_ago[2]);
  else if (g_str_equal (path, "/spot.js"))
    body = gp_test_fixture_text ("aws-pricelist", "spot.js");
  else if (g_str_equal (path, "/azure"))
    body = serve_azure (fixture, query);
  else if (g_str_equal (path, "/gcp/v1/services/C7E2-9256-1C43/skus"))
    body = serve_gcp (fixture, query, FALSE);
  else if (g_str_equal (path, "/gcp/v1/services/6F81-5844-456A/skus"))
    body = serve_gcp (fixture, query, TRUE);
  else if (g_str_equal (path, "/vertex-layer.json"))
    body = gp_test_fixture_text ("gcp-billing", "vertex-layer.json");
  else if (g_str_equal (path, "/lambda-api"))
    body = g_strcmp0 (soup_message_headers_get_one (soup_server_message_get_request_headers (msg),
                                                    "Authorization"),
                      "Bearer " FAKE_LAMBDA_KEY) == 0
               ? lambda_answer ()
               : NULL;

  /* The spot feed and the Retail Prices API are dated by the server's date of the answer. */
  soup_message_headers_replace (response, "Last-Modified", server_date);
  gp_test_respond (msg, body != NULL ? 200 : 404, body);
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();

  for (guint i = 0; i < G_N_ELEMENTS (fixture->days_ago); i++)
    {
      g_autoptr(GDateTime) day = g_date_time_add_days (now, -(int) i);

      fixture->days_ago[i] = g_date_time_format (day, "%F");
    }
  fixture->base = gp_test_serve (&fixture->server, handler, fixture);
  fixture->cache_path = gp_test_cache_new ("fresh", &fixture->cache);
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
  for (guint i = 0; i < G_N_ELEMENTS (fixture->days_ago); i++)
    g_free (fixture->days_ago[i]);
}

/* Every source of a refresh, in the order the app adds them, each at the local server. */
static GpCatalogUpdater *
new_updater (Fixture *fixture)
{
  static const char *const skypilot[] = { "aws", "gcp", "lambda", "azure" };
  GpCatalogUpdater *updater = gp_catalog_updater_new (fixture->cache);
  g_autoptr(GFile) history = g_file_get_child (fixture->cache, "history.json");
  g_autofree char *commits = g_strconcat (fixture->base, "/commits", NULL);
  g_autofree char *layer = g_strconcat (fixture->base, "/vertex-layer.json", NULL);
  g_autofree char *azure = g_strconcat (fixture->base, "/azure", NULL);
  g_autofree char *aws = g_strconcat (fixture->base, "/aws/offers/v1.0/aws/index.json", NULL);
  g_autofree char *spot = g_strconcat (fixture->base, "/spot.js", NULL);
  g_autofree char *gcp = g_strconcat (fixture->base, "/gcp/v1/services", NULL);
  g_autofree char *lambda = g_strconcat (fixture->base, "/lambda-api", NULL);

  gp_catalog_updater_set_history_file (updater, history);
  /* The lab's own catalog first, as its Vertex AI machines are: the keyed source reprices them. */
  gp_catalog_updater_add_source (updater, "catalog", layer, GP_FEED_FORMAT_CATALOG);
  for (guint i = 0; i < G_N_ELEMENTS (skypilot); i++)
    {
      g_autofree char *url = g_strdup_printf ("%s/skypilot/%s.csv", fixture->base, skypilot[i]);

      gp_catalog_updater_add_source (updater, skypilot[i], url, GP_FEED_FORMAT_SKYPILOT);
      gp_catalog_updater_set_date_url (updater, skypilot[i], commits);
    }
  gp_catalog_updater_add_source (updater, "azure-retail", azure, GP_FEED_FORMAT_AZURE);
  gp_catalog_updater_add_source (updater, "aws-pricelist", aws, GP_FEED_FORMAT_AWS_PRICELIST);
  gp_catalog_updater_add_source (updater, "aws-spot", spot, GP_FEED_FORMAT_AWS_SPOT);
  gp_catalog_updater_add_keyed_source (updater, "lambda-api", lambda, GP_FEED_FORMAT_LAMBDA_API,
                                       FAKE_LAMBDA_KEY);
  gp_catalog_updater_add_keyed_source (updater, "gcp-billing", gcp, GP_FEED_FORMAT_GCP_BILLING,
                                       FAKE_GCP_KEY);
  return updater;
}

static gboolean
fixture_quotes (const char *instance_id)
{
  for (guint i = 0; i < G_N_ELEMENTS (sagemaker_training); i++)
    if (g_str_has_suffix (instance_id, sagemaker_training[i].type) &&
        g_str_has_prefix (instance_id, "aws-sagemaker/") &&
        strlen (instance_id) == strlen ("aws-sagemaker/") + strlen (sagemaker_training[i].type))
      return TRUE;
  /* The Billing Catalog fixture's SKUs make up these three Vertex AI machines, not a3-highgpu-8g.
   */
  return g_str_equal (instance_id, "vertex-ai/a2-highgpu-1g") ||
         g_str_equal (instance_id, "vertex-ai/a2-ultragpu-1g") ||
         g_str_equal (instance_id, "vertex-ai/g2-standard-4");
}

/* The instances the lab had before the refresh: the catalog's and its own Vertex AI machines.
 * Those a source adds (SkyPilot's files hold many more) are fresh by birth and are not counted. */
static GHashTable *
instances_before (GpCatalog *catalog)
{
  GHashTable *ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GpCatalog) lab = gp_catalog_new_bundled ();
  g_autofree char *text = gp_test_fixture_text ("gcp-billing", "vertex-layer.json");
  g_autoptr(GBytes) bytes = g_bytes_new (text, strlen (text));
  g_autoptr(GError) error = NULL;
  GListModel *instances;

  g_assert_true (
      gp_catalog_add_layer (lab, bytes, "vertex-layer.json", GP_CATALOG_LAYER_USER, &error));
  g_assert_no_error (error);
  for (guint c = 0; c < 2; c++)
    {
      instances = gp_catalog_get_instances (c == 0 ? catalog : lab);
      for (guint i = 0; i < g_list_model_get_n_items (instances); i++)
        {
          g_autoptr(GpInstance) instance = g_list_model_get_item (instances, i);

          g_hash_table_add (ids, g_strdup (gp_instance_get_id (instance)));
        }
    }
  return ids;
}

/* How many offers of the instances @counted are fresh by the rule the app marks them with;
 * @total: how many there are. */
static guint
count_fresh (GpCatalog  *catalog,
             GHashTable *counted,
             guint      *total)
{
  GListModel *offers = gp_catalog_get_offers (catalog);
  guint stale_after_days = gp_catalog_get_stale_after_days (catalog);
  guint fresh = 0;

  *total = 0;
  for (guint i = 0; i < g_list_model_get_n_items (offers); i++)
    {
      g_autoptr(GpOffer) offer = g_list_model_get_item (offers, i);
      g_autofree char *id = gp_offer_dup_id (offer);

      if (!g_hash_table_contains (counted, gp_instance_get_id (gp_offer_get_instance (offer))))
        continue;
      (*total)++;
      if (!gp_offer_is_stale (offer, stale_after_days))
        fresh++;
      else
        g_test_message ("stale: %s, as of %s", id, gp_offer_get_as_of (offer));
    }
  return fresh;
}

static void
test_fresh_after_refresh (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autoptr(GpCatalogUpdater) updater = new_updater (fixture);
  g_autoptr(GError) error = NULL;
  g_autoptr(GpRefreshReport) report = NULL;
  g_autoptr(GHashTable) counted = instances_before (fixture->catalog);
  GListModel *offers;
  guint total = 0;
  guint fresh;
  guint quoted = 0;

  fresh = count_fresh (fixture->catalog, counted, &total);
  g_test_message ("before: %u of %u offers fresh", fresh, total);
  g_assert_cmpuint (fresh, <, total / 10);

  report = gp_test_refresh (updater, fixture->catalog, NULL, NULL, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < report->sources->len; i++)
    {
      GpSourceResult *result = g_ptr_array_index (report->sources, i);

      g_test_message ("%s: %s, %u offers, as of %s", result->name,
                      result->message != NULL ? result->message : "updated", result->offers,
                      result->as_of);
      g_assert_cmpint (result->status, ==, GP_SOURCE_STATUS_UPDATED);
    }

  fresh = count_fresh (fixture->catalog, counted, &total);
  g_test_message ("after: %u of %u offers fresh", fresh, total);
  g_assert_cmpuint (fresh * 10, >=, total * 9);

  /* Every SageMaker or Vertex AI offer the fixtures quote is quoted, not derived. */
  offers = gp_catalog_get_offers (fixture->catalog);
  for (guint i = 0; i < g_list_model_get_n_items (offers); i++)
    {
      g_autoptr(GpOffer) offer = g_list_model_get_item (offers, i);
      GpInstance *instance = gp_offer_get_instance (offer);
      const char *id = gp_instance_get_id (instance);

      if (!fixture_quotes (id))
        continue;
      g_test_message ("%s in %s: basis %d", id, gp_offer_get_region_id (offer),
                      gp_offer_get_price_basis (offer));
      g_assert_cmpint (gp_offer_get_price_basis (offer), ==, GP_PRICE_BASIS_QUOTED);
      g_assert_null (gp_instance_get_derived_from (instance));
      g_assert_false (
          gp_offer_is_stale (offer, gp_catalog_get_stale_after_days (fixture->catalog)));
      quoted++;
    }
  g_assert_cmpuint (quoted, >=, G_N_ELEMENTS (sagemaker_training) + 3);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/refresh/fresh-after-refresh", Fixture, NULL, fixture_set_up,
              test_fresh_after_refresh, fixture_tear_down);

  return g_test_run ();
}
