/* test-gcp-refresh.c — Vertex AI training prices refreshed from the Cloud Billing Catalog API on
 * a server on 127.0.0.1, in the API's format (tests/fixtures/gcp-billing), with a fake key
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The API takes the key in the address: every test looks for it where a user could see it (the
 * report, the saved state, the cached parts, the history, the files' names) and finds none.
 */

#include "config.h"

#include <libsoup/soup.h>
#include <string.h>

#include "gp-catalog-updater.h"
#include "gp-test-refresh.h"
#include "gp-memory-key-store.h"

#define FAKE_KEY        "fake-gcp-key-AIzaSy0000c0ffee"
#define VERTEX_SERVICE  "/v1/services/C7E2-9256-1C43/skus"
#define COMPUTE_SERVICE "/v1/services/6F81-5844-456A/skus"

typedef struct
{
  SoupServer *server;
  char *base;
  GFile *cache;
  char *cache_path;
  GpCatalog *catalog;
  GPtrArray *asked; /* the pages asked for: "SERVICE-ID:TOKEN", no token for the first page */
  gboolean newer;   /* the catalog layer has newer Compute Engine figures of a2-highgpu-1g */
  gboolean no_b200; /* the catalog layer without the B200 and its A4 machine */
} Fixture;

/* The catalog layer without the GPU model it adds and its one machine: a part priced on it
 * then stands on the fixture catalog alone, as parts of the bundled catalog's machines do. */
static char *
without_b200 (const char *text)
{
  g_autoptr(JsonNode) root = json_from_string (text, NULL);
  JsonObject *head = json_node_get_object (root);
  JsonArray *instances = json_object_get_array_member (head, "instances");

  json_object_remove_member (head, "gpus");
  for (guint i = json_array_get_length (instances); i-- > 0;)
    if (g_str_equal (
            json_object_get_string_member (json_array_get_object_element (instances, i), "gpu"),
            "b200"))
      json_array_remove_element (instances, i);
  return json_to_string (root, FALSE);
}

/* /MODE/v1/services/{C7E2-9256-1C43,6F81-5844-456A}/skus, Vertex AI's and Compute Engine's SKUs:
 * "ok" as published, each in two pages; "abc" gives Vertex AI's page 2 a price of "abc", "eur"
 * one in euros; "error" fails that page, "ce-error" Compute Engine's page 2. A request without
 * the key or in another currency is refused, as Google's server would. /vertex-layer.json:
 * Compute Engine machines at an old price, the Vertex AI machines derived. */
static void
handler (SoupServer        *server,
         SoupServerMessage *msg,
         const char        *path,
         GHashTable        *query,
         gpointer           user_data)
{
  Fixture *fixture = user_data;
  const char *token = query != NULL ? g_hash_table_lookup (query, "pageToken") : NULL;
  g_auto(GStrv) parts = g_strsplit (path, "/", 3);
  g_autofree char *body = NULL;
  const char *mode = parts[1];
  gboolean compute;

  if (g_str_equal (path, "/vertex-layer.json"))
    {
      g_autofree char *text = gp_test_fixture_text ("gcp-billing", "vertex-layer.json");
      g_autoptr(GString) layer = g_string_new (text);
      g_autofree char *cut = NULL;

      if (fixture->newer)
        {
          g_string_replace (layer, "\"on_demand\": 3.67,", "\"on_demand\": 3.5,", 1);
          g_string_replace (layer, "\"on_demand\": 3.9,", "\"on_demand\": 4.1,", 1);
        }
      cut = fixture->no_b200 ? without_b200 (layer->str) : NULL;
      gp_test_respond (msg, 200, cut != NULL ? cut : layer->str);
      return;
    }
  if (parts[1] == NULL || parts[2] == NULL ||
      !(g_str_equal (path + strlen (mode) + 1, VERTEX_SERVICE) ||
        g_str_equal (path + strlen (mode) + 1, COMPUTE_SERVICE)))
    {
      gp_test_respond (msg, 404, NULL);
      return;
    }
  compute = g_str_equal (path + strlen (mode) + 1, COMPUTE_SERVICE);
  if (query == NULL || g_strcmp0 (g_hash_table_lookup (query, "key"), FAKE_KEY) != 0 ||
      g_strcmp0 (g_hash_table_lookup (query, "currencyCode"), "USD") != 0)
    {
      gp_test_respond (msg, 403, "{\"error\": {\"message\": \"API key not valid\"}}");
      return;
    }
  g_ptr_array_add (fixture->asked,
                   g_strdup_printf ("%s:%s", compute ? "6F81-5844-456A" : "C7E2-9256-1C43",
                                    token != NULL ? token : ""));
  if (compute)
    {
      if (token != NULL && g_str_equal (mode, "ce-error"))
        {
          gp_test_respond (msg, 500, NULL);
          return;
        }
      body = token == NULL ? gp_test_fixture_text ("gcp-billing", "compute-1.json")
             : g_str_equal (token, "CE-PAGE-2")
                 ? gp_test_fixture_text ("gcp-billing", "compute-2.json")
                 : NULL;
    }
  else if (token == NULL)
    body = gp_test_fixture_text ("gcp-billing", "skus-1.json");
  else if (g_str_equal (token, "PAGE-2") && g_str_equal (mode, "error"))
    {
      gp_test_respond (msg, 500, NULL);
      return;
    }
  else if (g_str_equal (token, "PAGE-2"))
    {
      g_autofree char *text = gp_test_fixture_text ("gcp-billing", "skus-2.json");
      g_autoptr(GString) page = g_string_new (text);

      if (g_str_equal (mode, "eur"))
        g_string_replace (page, "\"USD\", \"units\": \"0\", \"nanos\": 28900000",
                          "\"EUR\", \"units\": \"0\", \"nanos\": 28900000", 0);
      if (g_str_equal (mode, "abc"))
        g_string_replace (page, "\"units\": \"0\", \"nanos\": 672000000",
                          "\"units\": \"abc\", \"nanos\": 672000000", 0);
      body = g_string_free (g_steal_pointer (&page), FALSE);
    }
  gp_test_respond (msg, body != NULL ? 200 : 404, body);
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  fixture->base = gp_test_serve (&fixture->server, handler, fixture);
  fixture->cache_path = gp_test_cache_new ("gcp", &fixture->cache);
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

/* The lab's catalog with the Vertex AI machines, then the Billing Catalog at @base_url, with
 * the fake key; the report of gcp-billing. */
static GpRefreshReport *
refresh_gcp (Fixture    *fixture,
             const char *base_url)
{
  g_autoptr(GpCatalogUpdater) updater = gp_catalog_updater_new (fixture->cache);
  g_autoptr(GFile) history = g_file_get_child (fixture->cache, "history.json");
  g_autofree char *layer = g_strconcat (fixture->base, "/vertex-layer.json", NULL);
  g_autoptr(GError) error = NULL;
  GpRefreshReport *report;

  gp_catalog_updater_set_history_file (updater, history);
  gp_catalog_updater_add_source (updater, "catalog", layer, GP_FEED_FORMAT_CATALOG);
  gp_catalog_updater_add_keyed_source (updater, "gcp-billing", base_url, GP_FEED_FORMAT_GCP_BILLING,
                                       FAKE_KEY);
  report = gp_test_refresh (updater, fixture->catalog, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (report->sources->len, ==, 2);
  return report;
}

static GpSourceResult *
gcp_result (GpRefreshReport *report)
{
  GpSourceResult *result = g_ptr_array_index (report->sources, 1);

  g_assert_cmpstr (result->name, ==, "gcp-billing");
  g_test_message ("%s", result->message != NULL ? result->message : "");
  return result;
}

static char *
mode_url (Fixture    *fixture,
          const char *mode)
{
  return g_strdup_printf ("%s/%s/v1/services", fixture->base, mode);
}

static GpOffer *
vertex_offer (Fixture    *fixture,
              const char *name)
{
  g_autofree char *id = g_strconcat ("vertex-ai/", name, NULL);
  GpInstance *instance = gp_catalog_find_instance (fixture->catalog, id);

  g_assert_nonnull (instance);
  return gp_instance_find_offer (instance, "us-central1");
}

static GpOffer *
gce_offer (Fixture    *fixture,
           const char *name,
           const char *region)
{
  g_autofree char *id = g_strconcat ("gcp/", name, NULL);
  GpInstance *instance = gp_catalog_find_instance (fixture->catalog, id);

  g_assert_nonnull (instance);
  return gp_instance_find_offer (instance, region);
}

/* The Compute Engine regions priced from the SKUs, all machines together. */
static guint
compute_offers (Fixture *fixture)
{
  GListModel *instances = gp_catalog_get_instances (fixture->catalog);
  guint count = 0;

  for (guint i = 0; i < g_list_model_get_n_items (instances); i++)
    {
      g_autoptr(GpInstance) instance = g_list_model_get_item (instances, i);
      GListModel *offers = gp_instance_get_offers (instance);

      for (guint o = 0; o < g_list_model_get_n_items (offers); o++)
        {
          g_autoptr(GpOffer) offer = g_list_model_get_item (offers, o);
          GpSource *source = gp_offer_get_price_source (offer, GP_ESTIMATE_PRICING_ON_DEMAND);

          if (source != NULL &&
              g_str_has_prefix (gp_source_get_id (source), "gcp-billing-compute-"))
            count++;
        }
    }
  return count;
}

static char *
joined_notes (GpSourceResult *result)
{
  char *notes;

  g_assert_nonnull (result->notes);
  g_ptr_array_add (result->notes, NULL);
  notes = g_strjoinv ("\n", (char **) result->notes->pdata);
  g_ptr_array_remove_index (result->notes, result->notes->len - 1);
  return notes;
}

/* Every file under @dir, and its name, holds none of @secret. */
static void
assert_nowhere_in_files (GFile      *dir,
                         const char *secret)
{
  g_autoptr(GFileEnumerator) children = g_file_enumerate_children (
      dir, G_FILE_ATTRIBUTE_STANDARD_NAME, G_FILE_QUERY_INFO_NONE, NULL, NULL);
  GFileInfo *info;
  GFile *child;

  while (children != NULL && g_file_enumerator_iterate (children, &info, &child, NULL, NULL) &&
         info != NULL)
    {
      g_autofree char *contents = NULL;

      g_assert_null (strstr (g_file_info_get_name (info), secret));
      if (g_file_query_file_type (child, G_FILE_QUERY_INFO_NONE, NULL) == G_FILE_TYPE_DIRECTORY)
        assert_nowhere_in_files (child, secret);
      else if (g_file_load_contents (child, NULL, &contents, NULL, NULL, NULL))
        g_assert_null (strstr (contents, secret));
    }
}

/* What a user reads of a refresh: each source's line, notes and the changes it reports. */
static void
assert_nowhere_in_report (GpRefreshReport *report,
                          const char      *secret)
{
  for (guint i = 0; i < report->sources->len; i++)
    {
      GpSourceResult *result = g_ptr_array_index (report->sources, i);

      g_assert_null (strstr (result->message != NULL ? result->message : "", secret));
      for (guint n = 0; result->notes != NULL && n < result->notes->len; n++)
        g_assert_null (strstr (g_ptr_array_index (result->notes, n), secret));
    }
  for (guint i = 0; i < report->moves->len; i++)
    g_assert_null (strstr (g_ptr_array_index (report->moves, i), secret));
}

/* The machines the SKUs make up are quoted: GPUs, cores and memory at their SKUs' prices, dated
 * by the oldest SKU's effectiveTime; both pages read (the L4 machine is priced from page 2);
 * spot and prediction SKUs are not training prices; a machine the SKUs do not make up keeps its
 * derived price, and the report says so. */
static void
test_gcp_billing (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autofree char *url = mode_url (fixture, "ok");
  g_autoptr(GpRefreshReport) report = refresh_gcp (fixture, url);
  GpSourceResult *result = gcp_result (report);
  GpOffer *a100 = vertex_offer (fixture, "a2-highgpu-1g");
  GpOffer *a100_80 = vertex_offer (fixture, "a2-ultragpu-1g");
  GpOffer *l4 = vertex_offer (fixture, "g2-standard-4");
  GpOffer *h100 = vertex_offer (fixture, "a3-highgpu-8g");
  g_autofree char *notes = NULL;

  g_assert_cmpint (result->status, ==, GP_SOURCE_STATUS_UPDATED);
  g_assert_cmpuint (result->offers, ==, 3 + compute_offers (fixture));
  g_assert_cmpstr (result->as_of, ==, "2026-12-02");
  g_assert_cmpstr (result->dated_by, ==, "dated by the SKUs' effective time");
  /* 2.933908 + 12 × 0.036115 + 85 × 0.004841 */
  g_assert_cmpfloat_with_epsilon (gp_offer_get_on_demand (a100), 3.778773, 1e-9);
  g_assert_cmpstr (gp_offer_get_as_of (a100), ==, "2026-12-03");
  g_assert_null (gp_instance_get_derived_from (gp_offer_get_instance (a100)));
  g_assert_cmpuint (gp_instance_get_vcpus (gp_offer_get_instance (a100)), ==, 12);
  /* The 80 GB A100's own SKU, the oldest of the three. */
  g_assert_cmpfloat_with_epsilon (gp_offer_get_on_demand (a100_80), 3.9 + 0.43338 + 0.82297, 1e-9);
  g_assert_cmpstr (gp_offer_get_as_of (a100_80), ==, "2026-12-02");
  g_assert_cmpfloat_with_epsilon (gp_offer_get_on_demand (l4), 0.672 + 0.1156 + 0.0544, 1e-9);
  g_assert_cmpstr (gp_offer_get_as_of (l4), ==, "2026-12-04");
  g_assert_cmpfloat (gp_offer_get_on_demand (h100), ==, 106.0);
  g_assert_nonnull (gp_instance_get_derived_from (gp_offer_get_instance (h100)));

  g_assert_cmpuint (fixture->asked->len, ==, 4);
  g_assert_cmpstr (g_ptr_array_index (fixture->asked, 0), ==, "C7E2-9256-1C43:");
  g_assert_cmpstr (g_ptr_array_index (fixture->asked, 1), ==, "C7E2-9256-1C43:PAGE-2");
  g_assert_cmpstr (g_ptr_array_index (fixture->asked, 2), ==, "6F81-5844-456A:");
  g_assert_cmpstr (g_ptr_array_index (fixture->asked, 3), ==, "6F81-5844-456A:CE-PAGE-2");
  notes = joined_notes (result);
  g_assert_nonnull (strstr (notes, "a3-highgpu-8g: no training SKUs"));
  g_assert_nonnull (strstr (notes, "derived price stays"));

  assert_nowhere_in_report (report, FAKE_KEY);
  assert_nowhere_in_files (fixture->cache, FAKE_KEY);
}

/* Compute Engine machines quoted from their parts' SKUs: vCPUs × core + GiB × memory + GPUs ×
 * GPU in a region, on demand and from the Spot SKUs, each dated by its oldest part; a region
 * without a memory SKU keeps its price and is counted; a machine priced whole by the GPU slice,
 * the N1 GPUs alone; commitments keep their own source; a workstation GPU is no L4. */
static void
test_gcp_compute (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autofree char *url = mode_url (fixture, "ok");
  g_autoptr(GpRefreshReport) report = refresh_gcp (fixture, url);
  GpSourceResult *result = gcp_result (report);
  GpOffer *a2 = gce_offer (fixture, "a2-highgpu-1g", "us-central1");
  GpOffer *a2_nl = gce_offer (fixture, "a2-highgpu-1g", "europe-west4");
  GpOffer *g2 = gce_offer (fixture, "g2-standard-4", "us-central1");
  GpOffer *t4 = gce_offer (fixture, "n1-gpu-t4", "us-central1");
  GpOffer *a4 = gce_offer (fixture, "a4-highgpu-8g", "us-central1");
  GpOffer *mega = gce_offer (fixture, "a3-megagpu-8g", "us-central1");
  g_autofree char *notes = NULL;

  g_assert_cmpint (result->status, ==, GP_SOURCE_STATUS_UPDATED);
  /* 2.933908 + 12 × 0.031611 + 85 × 0.004237, the core's SKU the oldest */
  g_assert_cmpfloat_with_epsilon (gp_offer_get_on_demand (a2), 3.673385, 1e-9);
  g_assert_cmpstr (gp_offer_get_as_of (a2), ==, "2026-12-02");
  g_assert_cmpstr (
      gp_source_get_title (gp_offer_get_price_source (a2, GP_ESTIMATE_PRICING_ON_DEMAND)), ==,
      "Cloud Billing Catalog API: Compute Engine GPU, core and memory SKUs, summed for each "
      "machine");
  /* 0.8 + 12 × 0.0066 + 85 × 0.00089 from the Spot SKUs */
  g_assert_cmpfloat_with_epsilon (gp_offer_get_spot_min (a2), 0.95485, 1e-9);
  g_assert_cmpstr (gp_offer_get_price_as_of (a2, GP_ESTIMATE_PRICING_SPOT), ==, "2026-12-04");
  g_assert_cmpfloat (gp_offer_get_reserved_1y (a2), ==, 2.3);
  g_assert_cmpstr (gp_offer_get_price_as_of (a2, GP_ESTIMATE_PRICING_RESERVED_1Y), ==,
                   "2025-09-12");
  /* No A2 memory SKU in europe-west4: the old figures, with their source. */
  g_assert_cmpfloat (gp_offer_get_on_demand (a2_nl), ==, 3.9);
  g_assert_cmpfloat (gp_offer_get_spot_min (a2_nl), ==, 1.2);
  g_assert_cmpstr (gp_offer_get_as_of (a2_nl), ==, "2025-09-12");
  /* 0.56 + 4 × 0.0245 + 16 × 0.00287; no G2 Spot SKUs: the spot price as it was */
  g_assert_cmpfloat_with_epsilon (gp_offer_get_on_demand (g2), 0.70392, 1e-9);
  g_assert_cmpstr (gp_offer_get_as_of (g2), ==, "2026-12-03");
  g_assert_cmpfloat (gp_offer_get_spot_min (g2), ==, 0.25);
  g_assert_cmpstr (gp_offer_get_price_as_of (g2, GP_ESTIMATE_PRICING_SPOT), ==, "2025-09-12");
  g_assert_cmpfloat_with_epsilon (gp_offer_get_on_demand (t4), 0.3, 1e-9);
  g_assert_cmpfloat_with_epsilon (gp_offer_get_spot_min (t4), 0.12, 1e-9);
  g_assert_cmpfloat_with_epsilon (gp_offer_get_on_demand (a4), 8 * 8.5, 1e-9);
  g_assert_cmpfloat (gp_offer_get_spot_min (a4), ==, 41.0);
  /* A3 Mega is billed as A3Plus cores and memory and "H100 80GB Plus" GPUs, never A3 High's
   * SKUs or a calendar-mode reservation's GPU: 208 × 0.026924 + 1872 × 0.002344 + 8 ×
   * 10.344276. */
  g_assert_cmpfloat_with_epsilon (gp_offer_get_on_demand (mega), 92.742368, 1e-6);

  notes = joined_notes (result);
  g_assert_nonnull (strstr (notes, "a2-highgpu-1g: no SKU of one of its parts (GPU, cores, "
                                   "memory) in europe-west4; its price there stays"));
  g_assert_nonnull (strstr (notes, "regions of machines keep their price: a part's SKU is "
                                   "missing there"));
  assert_nowhere_in_report (report, FAKE_KEY);
  assert_nowhere_in_files (fixture->cache, FAKE_KEY);
}

/* Refreshing the catalog's layer alone, after the SKUs: a region quoted from the SKUs keeps its
 * quoted price, one they did not price takes the layer's newer figure (the Billing Catalog's
 * part is made again on it, and put after it). */
static void
test_gcp_compute_partial (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autofree char *url = mode_url (fixture, "ok");
  static const char *const only[] = { "catalog", NULL };
  g_autofree char *layer = g_strconcat (fixture->base, "/vertex-layer.json", NULL);
  g_autoptr(GpCatalogUpdater) updater = gp_catalog_updater_new (fixture->cache);
  g_autoptr(GpRefreshReport) first = (fixture->no_b200 = TRUE, refresh_gcp (fixture, url));
  g_autoptr(GpRefreshReport) report = NULL;
  g_autoptr(GError) error = NULL;
  GpOffer *a2, *a2_nl;

  g_assert_cmpint (gcp_result (first)->status, ==, GP_SOURCE_STATUS_UPDATED);
  g_assert_cmpfloat (gp_offer_get_on_demand (gce_offer (fixture, "a2-highgpu-1g", "europe-west4")),
                     ==, 3.9);
  fixture->newer = TRUE;
  gp_catalog_updater_add_source (updater, "catalog", layer, GP_FEED_FORMAT_CATALOG);
  gp_catalog_updater_add_keyed_source (updater, "gcp-billing", url, GP_FEED_FORMAT_GCP_BILLING,
                                       FAKE_KEY);
  report = gp_test_refresh (updater, fixture->catalog, only, NULL, &error);
  g_assert_no_error (error);
  a2 = gce_offer (fixture, "a2-highgpu-1g", "us-central1");
  a2_nl = gce_offer (fixture, "a2-highgpu-1g", "europe-west4");
  g_assert_cmpfloat_with_epsilon (gp_offer_get_on_demand (a2), 3.673385, 1e-9);
  g_assert_cmpstr (gp_offer_get_as_of (a2), ==, "2026-12-02");
  g_assert_cmpfloat (gp_offer_get_reserved_1y (a2), ==, 2.3);
  g_assert_cmpfloat (gp_offer_get_on_demand (a2_nl), ==, 4.1);
  assert_nowhere_in_files (fixture->cache, FAKE_KEY);
}

/* A price of "abc" or in euros on page 2, or an HTTP error there: the source fails in one line
 * naming the service, the page and the SKU, and keeps its last good prices, in memory and on disk;
 * page 1's prices are never applied alone. */
static void
test_gcp_billing_bad (Fixture       *fixture,
                      gconstpointer  data)
{
  static const struct
  {
    const char *mode;
    const char *says;
  } cases[] = {
    { "abc", "gcp-billing: Vertex AI SKUs, page 2, skus[0] (“Training L4 GPU running in "
             "Americas”): unitPrice “abc” is not a price" },
    { "error", "gcp-billing: Vertex AI SKUs, page 2: HTTP 500" },
    { "eur", "gcp-billing: Vertex AI SKUs, page 2, skus[1] (“Training G2 Instance Core running in "
             "Americas”): unitPrice is not in USD" },
    { "ce-error", "gcp-billing: Compute Engine SKUs, page 2: HTTP 500" },
  };
  g_autofree char *path = g_build_filename (fixture->cache_path, "catalog.json", NULL);
  g_autofree char *before = NULL;

  /* Nothing refreshed yet: the machines stay derived. */
  {
    g_autofree char *url = mode_url (fixture, "error");
    g_autoptr(GpRefreshReport) report = refresh_gcp (fixture, url);

    g_assert_cmpint (gcp_result (report)->status, ==, GP_SOURCE_STATUS_FAILED);
    g_assert_nonnull (gp_instance_get_derived_from (
        gp_offer_get_instance (vertex_offer (fixture, "a2-highgpu-1g"))));
  }
  {
    g_autofree char *url = mode_url (fixture, "ok");
    g_autoptr(GpRefreshReport) report = refresh_gcp (fixture, url);

    g_assert_cmpint (gcp_result (report)->status, ==, GP_SOURCE_STATUS_UPDATED);
  }
  g_assert_true (g_file_get_contents (path, &before, NULL, NULL));

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *url = mode_url (fixture, cases[i].mode);
      g_autoptr(GpRefreshReport) report = refresh_gcp (fixture, url);
      GpSourceResult *result = gcp_result (report);
      g_autofree char *after = NULL;

      g_assert_cmpint (result->status, ==, GP_SOURCE_STATUS_FAILED);
      g_assert_true (g_str_has_prefix (result->message, cases[i].says));
      g_assert_cmpfloat_with_epsilon (
          gp_offer_get_on_demand (vertex_offer (fixture, "a2-highgpu-1g")), 3.778773, 1e-9);
      g_assert_cmpfloat_with_epsilon (
          gp_offer_get_on_demand (vertex_offer (fixture, "g2-standard-4")), 0.842, 1e-9);
      g_assert_cmpfloat_with_epsilon (
          gp_offer_get_on_demand (gce_offer (fixture, "a2-highgpu-1g", "us-central1")), 3.673385,
          1e-9);
      g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
      g_assert_cmpstr (after, ==, before);
      assert_nowhere_in_report (report, FAKE_KEY);
    }
  assert_nowhere_in_files (fixture->cache, FAKE_KEY);
}

/* An address the refresh refuses is quoted in its message: the key in its query is masked. */
static void
test_gcp_billing_key_masked (Fixture       *fixture,
                             gconstpointer  data)
{
  g_autoptr(GpRefreshReport) report = refresh_gcp (fixture, "http://example.invalid/v1/services");
  GpSourceResult *result = gcp_result (report);

  g_assert_cmpint (result->status, ==, GP_SOURCE_STATUS_FAILED);
  g_assert_nonnull (strstr (result->message, "HTTPS only"));
  g_assert_nonnull (strstr (result->message, "key=…"));
  assert_nowhere_in_report (report, FAKE_KEY);
  assert_nowhere_in_files (fixture->cache, FAKE_KEY);
}

/* The source is there only with a key: from the keyring, or from GPU_PLANNER_GCP_API_KEY. */
static void
test_gcp_billing_keyed (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr(GpKeyStore) keys = gp_memory_key_store_new ();
  g_autoptr(GpCatalogUpdater) none = gp_catalog_updater_new (fixture->cache);
  g_autoptr(GpCatalogUpdater) with_key = gp_catalog_updater_new (fixture->cache);
  g_autoptr(GpKeyStore) user_keys = NULL;
  g_autofree char *from_env = NULL;

  gp_catalog_updater_add_keyed_sources (none, keys);
  g_assert_false (g_strv_contains (gp_catalog_updater_get_source_names (none), "gcp-billing"));
  g_assert_true (gp_key_store_store (keys, "gcp-billing", FAKE_KEY, NULL));
  gp_catalog_updater_add_keyed_sources (with_key, keys);
  g_assert_true (g_strv_contains (gp_catalog_updater_get_source_names (with_key), "gcp-billing"));
  g_assert_cmpstr (gp_catalog_updater_get_own_url (with_key, "gcp-billing"), ==,
                   "https://cloudbilling.googleapis.com/v1/services");

  g_setenv ("GPU_PLANNER_GCP_API_KEY", FAKE_KEY, TRUE);
  user_keys = gp_catalog_updater_get_user_keys ();
  g_unsetenv ("GPU_PLANNER_GCP_API_KEY");
  from_env = gp_key_store_lookup (user_keys, "gcp-billing", NULL);
  g_assert_cmpstr (from_env, ==, FAKE_KEY);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/gcp-refresh/billing", Fixture, NULL, fixture_set_up, test_gcp_billing,
              fixture_tear_down);
  g_test_add ("/gcp-refresh/compute", Fixture, NULL, fixture_set_up, test_gcp_compute,
              fixture_tear_down);
  g_test_add ("/gcp-refresh/compute-partial", Fixture, NULL, fixture_set_up,
              test_gcp_compute_partial, fixture_tear_down);
  g_test_add ("/gcp-refresh/billing-bad", Fixture, NULL, fixture_set_up, test_gcp_billing_bad,
              fixture_tear_down);
  g_test_add ("/gcp-refresh/key-masked", Fixture, NULL, fixture_set_up, test_gcp_billing_key_masked,
              fixture_tear_down);
  g_test_add ("/gcp-refresh/keyed", Fixture, NULL, fixture_set_up, test_gcp_billing_keyed,
              fixture_tear_down);

  return g_test_run ();
}
