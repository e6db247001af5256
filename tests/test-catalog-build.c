/* test-catalog-build.c — the bundled catalog's build, on small extracts of each raw file
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * tests/fixtures/sources holds a few rows of each raw price file and a recipe over them: one
 * reader per format is tried on real rows, and the build's rules (overrides, only-new inputs,
 * derived platforms, region names) on cases small enough to check by hand.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "gp-catalog-build.h"
#include "gp-price-history.h"
#include "gp-update-error.h"

typedef struct
{
  JsonParser *parser;  /* keeps the built catalog's tree */
  JsonObject *root;
  GPtrArray  *messages;
} Built;

static void
built_clear (Built *built)
{
  g_clear_object (&built->parser);
  g_clear_pointer (&built->messages, g_ptr_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Built, built_clear)

static GFile *
sources_dir (void)
{
  return g_file_new_for_path (g_test_get_filename (G_TEST_DIST, "fixtures", "sources", NULL));
}

static JsonNode *
read_recipe (void)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  json_parser_load_from_file (parser,
                              g_test_get_filename (G_TEST_DIST, "fixtures", "sources",
                                                   "build.json", NULL),
                              &error);
  g_assert_no_error (error);
  return json_node_copy (json_parser_get_root (parser));
}

static GBytes *
recipe_bytes (JsonNode *recipe)
{
  g_autofree char *text = json_to_string (recipe, FALSE);
  gsize length = strlen (text);

  return g_bytes_new_take (g_steal_pointer (&text), length);
}

static GpCatalogBuildResult *
build (JsonNode  *recipe,
       GError   **error)
{
  g_autoptr(GBytes) bytes = recipe_bytes (recipe);
  g_autoptr(GFile) dir = sources_dir ();

  return gp_catalog_build (bytes, "build.json", dir, error);
}

static void
build_fixture (Built *built)
{
  g_autoptr(JsonNode) recipe = read_recipe ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GpCatalogBuildResult) result = build (recipe, &error);

  g_assert_no_error (error);
  g_assert_nonnull (result);
  built->parser = json_parser_new ();
  g_assert_true (json_parser_load_from_data (built->parser, result->catalog, -1, &error));
  g_assert_no_error (error);
  built->root = json_node_get_object (json_parser_get_root (built->parser));
  built->messages = g_ptr_array_ref (result->messages);
}

static JsonObject *
find_by_id (JsonObject *root,
            const char *member,
            const char *id)
{
  JsonArray *array = json_object_get_array_member (root, member);

  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonObject *object = json_array_get_object_element (array, i);

      if (g_str_equal (json_object_get_string_member (object, "id"), id))
        return object;
    }
  return NULL;
}

static JsonObject *
instance (Built      *built,
          const char *id)
{
  JsonObject *found = find_by_id (built->root, "instances", id);

  if (found == NULL)
    g_error ("no instance %s", id);
  return found;
}

static JsonObject *
price_in (JsonObject *instance,
          const char *region)
{
  JsonArray *prices = json_object_get_array_member (instance, "prices");

  for (guint i = 0; i < json_array_get_length (prices); i++)
    {
      JsonObject *price = json_array_get_object_element (prices, i);

      if (g_str_equal (json_object_get_string_member (price, "region"), region))
        return price;
    }
  return NULL;
}

static double
number (JsonObject *object,
        const char *member)
{
  g_assert_true (json_object_has_member (object, member));
  return json_object_get_double_member (object, member);
}

static gboolean
said (Built      *built,
      const char *fragment)
{
  for (guint i = 0; i < built->messages->len; i++)
    if (strstr (g_ptr_array_index (built->messages, i), fragment) != NULL)
      return TRUE;
  return FALSE;
}

static JsonObject *
region_of (Built      *built,
           const char *provider,
           const char *region)
{
  return find_by_id (find_by_id (built->root, "providers", provider), "regions", region);
}

static JsonObject *
member_object (JsonObject *object,
               const char *member)
{
  g_assert_true (json_object_has_member (object, member));
  return json_object_get_object_member (object, member);
}

/* Each region's grid: its place's zone (a place the recipe maps, else its country's own zone),
 * Google's own figure for a Google region, none where no zone is known (said); its PUE: its
 * own, its provider's, else the industry's; a board's power split over its GPUs, with the
 * table as its source. */
static void
test_carbon (void)
{
  g_auto(Built) built = { NULL };
  JsonObject *grid, *pue, *k80;

  build_fixture (&built);
  grid = member_object (region_of (&built, "aws-ec2", "us-east-1"), "grid");
  g_assert_cmpstr (json_object_get_string_member (grid, "zone"), ==, "US-MIDA-PJM");
  g_assert_cmpfloat (number (grid, "gco2_per_kwh"), ==, 328.17);
  g_assert_cmpint (json_object_get_int_member (grid, "year"), ==, 2024);
  g_assert_cmpstr (json_object_get_string_member (grid, "source"), ==, "electricitymaps-2024");
  pue = member_object (region_of (&built, "aws-ec2", "us-east-1"), "pue");
  g_assert_cmpfloat (number (pue, "value"), ==, 1.2);
  g_assert_cmpstr (json_object_get_string_member (pue, "source"), ==, "nutanix-pue-2023");

  grid = member_object (region_of (&built, "gcp", "us-central1"), "grid");
  g_assert_cmpfloat (number (grid, "gco2_per_kwh"), ==, 412.72);
  g_assert_cmpstr (json_object_get_string_member (grid, "source"), ==, "google-region-carbon-2024");
  g_assert_cmpfloat (
      number (member_object (region_of (&built, "gcp", "us-central1"), "pue"), "value"), ==, 1.11);
  /* Google publishes no PUE for Tokyo: its default. */
  g_assert_cmpfloat (
      number (member_object (region_of (&built, "gcp", "asia-northeast1"), "pue"), "value"), ==,
      1.12);

  grid = member_object (region_of (&built, "lambda", "europe-central-1"), "grid");
  g_assert_cmpstr (json_object_get_string_member (grid, "zone"), ==, "DE");
  g_assert_cmpstr (
      json_object_get_string_member (
          member_object (region_of (&built, "lambda", "asia-northeast-1"), "grid"), "zone"),
      ==, "JP-KN");
  g_assert_cmpfloat (
      number (member_object (region_of (&built, "lambda", "us-east-1"), "pue"), "value"), ==, 1.56);
  g_assert_cmpstr (
      json_object_get_string_member (
          member_object (region_of (&built, "aws-china", "cn-north-1"), "grid"), "zone"),
      ==, "CN");
  g_assert_false (json_object_has_member (region_of (&built, "colab", "global"), "grid"));
  g_assert_true (said (&built, "no zone for colab/global"));

  k80 = find_by_id (built.root, "gpus", "k80");
  g_assert_cmpfloat (number (k80, "tdp_w"), ==, 150);
  g_assert_cmpstr (json_object_get_string_member (k80, "tdp_source"), ==,
                   "green-algorithms-gpu-tdp");
}

/* A place mapped to a zone the table lacks stops the build, named. */
static void
test_carbon_unknown_zone (void)
{
  g_autoptr(JsonNode) recipe = read_recipe ();
  JsonArray *inputs = json_object_get_array_member (json_node_get_object (recipe), "inputs");
  g_autoptr(GError) error = NULL;
  g_autoptr(GpCatalogBuildResult) result = NULL;

  for (guint i = 0; i < json_array_get_length (inputs); i++)
    {
      JsonObject *input = json_array_get_object_element (inputs, i);

      if (g_strcmp0 (json_object_get_string_member_with_default (input, "format", ""),
                     "grid-intensity") == 0)
        json_object_set_string_member (json_object_get_object_member (input, "places"),
                                       "Japan/Tokyo", "JP-XX");
    }
  result = build (recipe, &error);
  g_assert_null (result);
  g_assert_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT);
  g_assert_nonnull (strstr (error->message, "the zone JP-XX of aws-ec2's ap-northeast-1 has no "
                                            "figure in carbon/electricitymaps-yearly-2024.csv"));
}

/* AWS: every row of a type becomes one offer per region, cited to the input, reserved as the
 * table's 1-year figure; a fraction of a GPU is counted as skipped, a Local Zone kept and
 * named as one. */
static void
test_vantage (void)
{
  g_auto(Built) built = { NULL };
  JsonObject *g5, *zone;

  build_fixture (&built);
  g5 = instance (&built, "aws-ec2/g5.xlarge");
  g_assert_cmpstr (json_object_get_string_member (g5, "gpu"), ==, "a10g");
  g_assert_cmpstr (json_object_get_string_member (g5, "source"), ==, "aws-ec2-prices");
  g_assert_cmpfloat (number (price_in (g5, "us-east-1"), "on_demand"), ==, 1.006);
  g_assert_cmpfloat (number (price_in (g5, "us-east-1"), "reserved_1y"), ==, 0.63378);
  /* The table has no spot (a later input adds it where it can: /catalog-build/merge-prices). */
  g_assert_false (json_object_has_member (price_in (g5, "ap-northeast-1"), "spot"));

  g_assert_null (find_by_id (built.root, "instances", "aws-ec2/g6f.large"));
  g_assert_true (said (&built, "skipped 2: a fraction of a GPU"));

  g_assert_nonnull (price_in (instance (&built, "aws-ec2/g4dn.xlarge"), "us-west-2-lax-1"));
  zone = region_of (&built, "aws-ec2", "us-west-2-lax-1");
  g_assert_nonnull (zone);
  g_assert_cmpstr (json_object_get_string_member (zone, "kind"), ==, "local-zone");
  g_assert_cmpstr (json_object_get_string_member (zone, "city"), ==, "Los Angeles");

  /* The region table names eu-west-1 too, but no offer uses it: the provider does not list it. */
  g_assert_null (region_of (&built, "aws-ec2", "eu-west-1"));
}

/* AWS China: yuan, as AWS China prices them, in a provider that says so. */
static void
test_vantage_yuan (void)
{
  g_auto(Built) built = { NULL };
  JsonObject *g5;

  build_fixture (&built);
  g_assert_cmpstr (json_object_get_string_member (find_by_id (built.root, "providers", "aws-china"),
                                                  "currency"), ==, "CNY");
  g5 = instance (&built, "aws-china/g5.12xlarge");
  g_assert_cmpfloat (number (price_in (g5, "cn-north-1"), "on_demand"), ==, 53.64092);
  g_assert_cmpfloat (number (price_in (g5, "cn-north-1"), "reserved_1y"), ==, 34.51793);
  g_assert_cmpstr (json_object_get_string_member (region_of (&built, "aws-china", "cn-north-1"),
                                                  "geography"), ==, "Mainland China");
}

/* Google's billing file: commitments per month become per hour over 730 hours. */
static void
test_gcp_billing (void)
{
  g_auto(Built) built = { NULL };
  JsonObject *a2, *price;

  build_fixture (&built);
  a2 = instance (&built, "gcp/a2-highgpu-1g");
  g_assert_cmpstr (json_object_get_string_member (a2, "source"), ==, "gcp-billing-prices");
  price = price_in (a2, "us-central1");
  g_assert_cmpfloat (number (price, "on_demand"), ==, 3.673385);
  g_assert_cmpfloat (number (price, "spot"), ==, 1.92802);
  g_assert_cmpfloat_with_epsilon (number (price, "reserved_1y"), 1689.3711392 / 730, 1e-6);
  g_assert_cmpfloat_with_epsilon (number (price, "reserved_3y"), 938.56707798 / 730, 1e-6);
}

/* A file that completes earlier prices: spot per zone joins the EC2 table's region (a range of
 * its zones, a zone capped at on demand left out), keeping the reservation and citing the
 * source that names both; a region or an instance the table lacks is left out, and the report
 * says so. A newer copy of a price file replaces a region's figures whole. */
static void
test_merge_prices (void)
{
  g_auto(Built) built = { NULL };
  JsonObject *g5, *price, *a2;
  JsonArray *spot;

  build_fixture (&built);
  g5 = instance (&built, "aws-ec2/g5.xlarge");
  price = price_in (g5, "us-east-1");
  spot = json_object_get_array_member (price, "spot");
  g_assert_cmpfloat (json_array_get_double_element (spot, 0), ==, 0.4);
  g_assert_cmpfloat (json_array_get_double_element (spot, 1), ==, 0.45);
  g_assert_cmpfloat (number (price, "on_demand"), ==, 1.006);
  g_assert_cmpfloat (number (price, "reserved_1y"), ==, 0.63378);
  /* Spot comes from another file than the rest: it cites that file, dated apart, and the
   * price keeps the table's source for its other figures. */
  g_assert_cmpstr (json_object_get_string_member (price, "spot_source"), ==, "aws-ec2-spot-prices");
  g_assert_false (json_object_has_member (price, "source"));
  /* A daily series saw the table's on-demand price still asked later: that price is dated by
   * the series (the same shape as p5.48xlarge in us-east-1). */
  g_assert_cmpstr (json_object_get_string_member (price, "on_demand_source"), ==, "aws-p5-history");
  g_assert_true (said (&built, "aws-ec2/g5.xlarge in us-east-1 is still 1.006 on 2026-08-22"));
  /* Spot at on demand is AWS's cap: no spot, and the price keeps its own source. */
  price = price_in (g5, "ap-northeast-1");
  g_assert_false (json_object_has_member (price, "spot"));
  g_assert_false (json_object_has_member (price, "source"));
  g_assert_null (price_in (g5, "eu-west-1"));
  g_assert_null (find_by_id (built.root, "instances", "aws-ec2/p5.48xlarge"));
  g_assert_true (said (&built, "spot: 1 regions' prices took its figures, 0 regions added, 1 "
                               "left out (no earlier price), 1 without usable spot"));
  g_assert_true (said (&built, "1 instance types no earlier input gives, left out"));
  g_assert_nonnull (find_by_id (built.root, "sources", "aws-ec2-spot-prices"));

  a2 = instance (&built, "gcp/a2-highgpu-1g");
  price = price_in (a2, "asia-northeast1");
  g_assert_cmpfloat (number (price, "spot"), ==, 2.0);
  g_assert_cmpstr (json_object_get_string_member (price, "source"), ==, "gcp-billing-newer");
  g_assert_cmpfloat_with_epsilon (number (price, "reserved_1y"), 1846.61330783 / 730, 1e-6);
  g_assert_true (said (&built, "replace: 1 regions' prices took its figures"));
}

/* Capacity Blocks: a price of their own, with their own source, on the offers the EC2 table
 * gave; a region or an instance type it does not price is counted, not added. */
static void
test_capacity_blocks (void)
{
  g_auto(Built) built = { NULL };
  JsonObject *price, *block;

  build_fixture (&built);
  price = price_in (instance (&built, "aws-ec2/p4d.24xlarge"), "us-east-1");
  block = json_object_get_object_member (price, "capacity_block");
  g_assert_nonnull (block);
  g_assert_cmpfloat (number (block, "per_hour"), ==, 11.8);
  g_assert_cmpstr (json_object_get_string_member (block, "source"), ==, "aws-capacity-blocks");
  g_assert_false (json_object_has_member (
      price_in (instance (&built, "aws-ec2/p4d.24xlarge"), "ap-northeast-1"), "capacity_block"));
  g_assert_true (said (&built, "1 Capacity Block prices added to their offers; 1 of instance "
                               "types the catalog lacks and 1 in regions it does not price them "
                               "in, left out"));
}

/* The last point of @points, the same day and figures as the catalog's price. */
static void
assert_ends_at (GArray     *points,
                const char *date,
                double      on_demand,
                double      spot)
{
  const GpPricePoint *last = &g_array_index (points, GpPricePoint, points->len - 1);

  g_assert_cmpuint (points->len, >, 0);
  g_assert_cmpstr (last->date, ==, date);
  g_assert_cmpfloat (last->on_demand, ==, on_demand);
  g_assert_cmpfloat (last->spot, ==, spot);
}

/* history.json beside the catalog: each series a point where a price changed and its last
 * day, citing its source; rows of offers the catalog lacks are left out, and the result reads
 * as the app reads it. */
static void
test_price_series (void)
{
  g_autoptr(JsonNode) recipe = read_recipe ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GpCatalogBuildResult) result = build (recipe, &error);
  g_autoptr(GpPriceHistory) history = gp_price_history_new ();
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GArray) weekly = NULL, daily = NULL, blocks = NULL, newer = NULL;

  g_assert_no_error (error);
  bytes = g_bytes_new (result->history, strlen (result->history));
  g_assert_true (gp_price_history_add_bytes (history, bytes, "history.json", FALSE, &error));
  g_assert_no_error (error);

  weekly = gp_price_history_lookup (history, "gcp/a2-highgpu-1g@us-central1");
  g_assert_cmpuint (weekly->len, ==, 4);
  g_assert_cmpstr (g_array_index (weekly, GpPricePoint, 0).date, ==, "2025-06-05");
  g_assert_cmpstr (g_array_index (weekly, GpPricePoint, 1).date, ==, "2025-06-19");
  g_assert_cmpfloat (g_array_index (weekly, GpPricePoint, 1).spot, ==, 1.5);
  g_assert_cmpstr (g_array_index (weekly, GpPricePoint, 2).date, ==, "2025-06-26");
  g_assert_true (g_str_has_prefix (g_array_index (weekly, GpPricePoint, 0).source,
                                   "Compute Engine prices week by week"));
  /* The series ends at the catalog's price, dated and cited as the catalog has it: the
   * weekly snapshots stop before the price file the catalog took. */
  assert_ends_at (weekly, "2026-07-30", 3.673385, 1.92802);

  /* A newer copy of the price file replaced the offer's price: its history ends there too. */
  newer = gp_price_history_lookup (history, "gcp/a2-highgpu-1g@asia-northeast1");
  assert_ends_at (newer, "2026-08-20", 4.049590926, 2.0);
  g_assert_cmpfloat (g_array_index (newer, GpPricePoint, 0).spot, ==, 2.429675);

  /* The daily series: the empty day skipped, the cut and the last day kept; the spot price,
   * from another file, a point of its own on its own day. */
  daily = gp_price_history_lookup (history, "aws-ec2/g5.xlarge@us-east-1");
  g_assert_cmpuint (daily->len, ==, 4);
  g_assert_cmpfloat (g_array_index (daily, GpPricePoint, 0).on_demand, ==, 1.212);
  g_assert_cmpfloat (g_array_index (daily, GpPricePoint, 1).on_demand, ==, 1.006);
  g_assert_cmpstr (g_array_index (daily, GpPricePoint, 2).date, ==, "2026-05-20");
  g_assert_cmpfloat (g_array_index (daily, GpPricePoint, 2).spot, ==, 0.4);
  g_assert_true (isnan (g_array_index (daily, GpPricePoint, 2).on_demand));
  g_assert_cmpstr (g_array_index (daily, GpPricePoint, 3).date, ==, "2026-08-22");
  g_assert_cmpfloat (g_array_index (daily, GpPricePoint, 3).on_demand, ==, 1.006);
  g_assert_null (strstr (result->history, "a2-zzz-9g"));
  g_assert_true (isnan (g_array_index (daily, GpPricePoint, 0).capacity_block));

  /* Capacity Blocks month by month, dated by the file's own update: the unchanged months of
   * 10.5 kept as the change and its last day, the rise to 11.8; a region the catalog does not
   * price the instance in, and a Local Zone, left out. */
  blocks = gp_price_history_lookup (history, "aws-ec2/p4d.24xlarge@us-east-1");
  g_assert_cmpuint (blocks->len, ==, 3);
  /* The offer's on-demand price, which no series gives, is a point of the EC2 table's day. */
  g_assert_cmpstr (g_array_index (blocks, GpPricePoint, 0).date, ==, "2026-01-21");
  g_assert_false (isnan (g_array_index (blocks, GpPricePoint, 0).on_demand));
  g_assert_true (isnan (g_array_index (blocks, GpPricePoint, 0).capacity_block));
  g_assert_cmpstr (g_array_index (blocks, GpPricePoint, 1).date, ==, "2026-01-31");
  g_assert_cmpfloat (g_array_index (blocks, GpPricePoint, 1).capacity_block, ==, 10.5);
  g_assert_true (isnan (g_array_index (blocks, GpPricePoint, 1).on_demand));
  g_assert_true (isnan (g_array_index (blocks, GpPricePoint, 1).spot));
  g_assert_cmpstr (g_array_index (blocks, GpPricePoint, 2).date, ==, "2026-07-22");
  g_assert_cmpfloat (g_array_index (blocks, GpPricePoint, 2).capacity_block, ==, 11.8);
  g_assert_true (g_str_has_prefix (g_array_index (blocks, GpPricePoint, 2).source,
                                   "Capacity Blocks month by month"));
  g_assert_null (strstr (result->history, "ap-south-1"));
  g_assert_null (strstr (result->history, "gb200"));
}

/* A table of server specifications checks each machine's GPUs, their memory and the host's
 * memory, and the report names every difference (here the override's count and memory, and a
 * GPU model the table names otherwise); rows of other clouds are not compared. */
static void
test_spec_crosscheck (void)
{
  g_auto(Built) built = { NULL };

  build_fixture (&built);
  g_assert_true (said (&built, "sparecores-gpu-servers.csv: 4 instance types compared, 3 "
                               "differences"));
  g_assert_true (said (&built, "aws-ec2/g5g.xlarge: 1 GPUs in the table, 2 here"));
  g_assert_true (said (&built, "aws-ec2/g5g.xlarge: host memory 8 GiB in the table, 9 here"));
  g_assert_true (said (&built, "aws-ec2/g4dn.xlarge: GPU V100 in the table, Tesla T4 here"));
  g_assert_false (said (&built, "aws-ec2/p4d.24xlarge:"));
  g_assert_false (said (&built, "aws-ec2/g5.xlarge:"));
}

/* Alibaba Cloud: the price file's rows joined to the specification table's machines (the first
 * row of a machine given twice), priced in yuan; a slice of a GPU, a GPU the map does not
 * name, a machine the table lacks and a row without a price are left out and counted. */
static void
test_alibaba (void)
{
  g_auto(Built) built = { NULL };
  JsonObject *t4, *a100;

  build_fixture (&built);
  g_assert_cmpstr (json_object_get_string_member (
                       find_by_id (built.root, "providers", "alibaba-ecs"), "currency"),
                   ==, "CNY");
  t4 = instance (&built, "alibaba-ecs/ecs.gn6i-c4g1.xlarge");
  g_assert_cmpstr (json_object_get_string_member (t4, "gpu"), ==, "t4");
  g_assert_cmpint (json_object_get_int_member (t4, "gpu_count"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (t4, "vcpus"), ==, 4);
  g_assert_cmpfloat (number (t4, "memory_gb"), ==, 15);
  g_assert_cmpfloat (number (price_in (t4, "cn-hangzhou"), "on_demand"), ==, 11.63);
  g_assert_nonnull (price_in (t4, "cn-beijing"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (t4, "prices")), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (t4, "source"), ==, "alibaba-prices");
  a100 = instance (&built, "alibaba-ecs/ecs.gn7e-c16g1.4xlarge");
  g_assert_cmpstr (json_object_get_string_member (a100, "gpu"), ==, "a100-sxm4-80gb");
  g_assert_null (find_by_id (built.root, "instances", "alibaba-ecs/ecs.sgn7i-vws-m2.xlarge"));
  g_assert_null (find_by_id (built.root, "instances", "alibaba-ecs/ecs.gn5-c4g1.xlarge"));
  g_assert_null (find_by_id (built.root, "instances", "alibaba-ecs/ecs.unknown.xlarge"));
  g_assert_true (said (&built, "ecs-gpu-on-demand.csv: 6 rows: 3 imported into 3 offers of 2 "
                               "instance types, 3 skipped"));
  g_assert_true (said (&built, "skipped 1: a GPU the recipe does not map"));
  g_assert_true (said (&built, "skipped 1: no machine of that type"));
  g_assert_true (said (&built, "skipped 1: no price"));
}

/* The rental platforms of mainland China: each row a price citing its own source and date,
 * reported by whoever the note names, a "from" price marked as the lowest listed, spot joined to
 * its machine; an official list is no report; the undated rows dated only as the recipe vouches,
 * the rest counted with the reason. */
static void
test_reported (void)
{
  g_auto(Built) built = { NULL };
  JsonObject *autodl, *matpool, *compshare, *tencent, *source, *price;

  build_fixture (&built);
  autodl = instance (&built, "autodl/rtx-4090-24gb");
  g_assert_cmpstr (json_object_get_string_member (autodl, "gpu"), ==, "rtx-4090");
  price = price_in (autodl, "cn");
  g_assert_cmpfloat (number (price, "on_demand"), ==, 1.88);
  source = find_by_id (built.root, "sources", json_object_get_string_member (price, "source"));
  g_assert_cmpstr (json_object_get_string_member (source, "as_of"), ==, "2026-08");
  g_assert_cmpstr (json_object_get_string_member (source, "url"), ==,
                   "https://www.autodl.com/home");
  g_assert_nonnull (strstr (
      json_object_get_string_member (json_object_get_object_member (autodl, "reported"), "by"),
      "a guide dated 2026-08-09"));
  g_assert_false (
      json_object_has_member (json_object_get_object_member (autodl, "reported"), "lowest_listed"));

  /* Undated, dated as the recipe vouches, with why. */
  source = find_by_id (
      built.root, "sources",
      json_object_get_string_member (instance (&built, "autodl/rtx-3090-24gb"), "source"));
  g_assert_cmpstr (json_object_get_string_member (source, "as_of"), ==, "2026");
  g_assert_true (g_str_has_prefix (json_object_get_string_member (source, "note"),
                                   "Undated: written in 2026 or later"));

  matpool = instance (&built, "matpool/rtx-4090-24gb");
  g_assert_true (json_object_get_boolean_member (
      json_object_get_object_member (matpool, "reported"), "lowest_listed"));
  g_assert_cmpint (json_object_get_int_member (matpool, "vcpus"), ==, 10);

  compshare = instance (&built, "compshare/rtx-4090-24gb");
  price = price_in (compshare, "cn");
  g_assert_cmpfloat (number (price, "on_demand"), ==, 2.15);
  g_assert_cmpfloat (number (price, "spot"), ==, 1.31);
  g_assert_cmpstr (json_object_get_string_member (price, "spot_source"), ==,
                   "compshare-rtx-4090-24gb-spot");

  tencent = instance (&built, "tencent-cvm/gt4-4xlarge96");
  g_assert_false (json_object_has_member (tencent, "reported"));
  g_assert_cmpstr (json_object_get_string_member (tencent, "name"), ==, "GT4.4XLARGE96");
  g_assert_cmpfloat (number (price_in (tencent, "cn"), "on_demand"), ==, 28.64);

  g_assert_true (said (&built, "china-rental/prices.csv: 10 rows: 6 imported into 5 offers of 5 "
                               "instance types, 4 skipped"));
  g_assert_true (said (&built, "skipped 1: undated, and the recipe vouches for no date"));
  g_assert_true (said (&built, "skipped 1: a platform the recipe does not take"));
  g_assert_true (said (&built, "skipped 1: no price an hour"));
  g_assert_true (said (&built, "skipped 1: a GPU no model of build.json describes"));
}

/* SkyPilot's rows only for what the billing file lacks, each such price citing SkyPilot; the
 * billing file's own figures untouched. */
static void
test_only_new (void)
{
  g_auto(Built) built = { NULL };
  JsonObject *a2, *a3, *added;

  build_fixture (&built);
  a2 = instance (&built, "gcp/a2-highgpu-1g");
  g_assert_cmpfloat (number (price_in (a2, "us-central1"), "on_demand"), ==, 3.673385);
  g_assert_false (json_object_has_member (price_in (a2, "us-central1"), "source"));
  added = price_in (a2, "me-west1");
  g_assert_nonnull (added);
  g_assert_cmpstr (json_object_get_string_member (added, "source"), ==, "gcp-skypilot-prices");
  /* The machine row plus the GPU row of the same zone. */
  g_assert_cmpfloat_with_epsilon (number (added, "on_demand"), 0.81342 + 3.2273, 1e-9);

  a3 = instance (&built, "gcp/a3-ultragpu-8g");
  g_assert_cmpstr (json_object_get_string_member (a3, "gpu"), ==, "h200-sxm-141gb");
  g_assert_cmpstr (json_object_get_string_member (a3, "source"), ==, "gcp-skypilot-prices");
  g_assert_cmpfloat_with_epsilon (number (price_in (a3, "us-central1"), "on_demand"),
                                  12.266 + 74.49392, 1e-9);
}

/* The recipe's overrides: a GPU the price list names wrongly, an interconnect. */
static void
test_overrides (void)
{
  g_auto(Built) built = { NULL };

  build_fixture (&built);
  g_assert_cmpstr (json_object_get_string_member (instance (&built, "aws-ec2/g5g.xlarge"), "gpu"),
                   ==, "t4g");
  /* A count and a memory the price list gets wrong (AWS's p2 counts each K80 die). */
  g_assert_cmpint (
      json_object_get_int_member (instance (&built, "aws-ec2/g5g.xlarge"), "gpu_count"), ==, 2);
  g_assert_cmpfloat (number (instance (&built, "aws-ec2/g5g.xlarge"), "memory_gb"), ==, 9);
  g_assert_nonnull (json_object_get_string_member (instance (&built, "aws-ec2/p4d.24xlarge"),
                                                   "interconnect"));
}

/* SageMaker and Vertex AI: the base price times the premium of a dated pair, in the regions
 * (never the zones) where the base is sold, with the rule and its inputs recorded. */
static void
test_derived (void)
{
  g_auto(Built) built = { NULL };
  JsonObject *vertex, *derived, *sagemaker, *base;
  double factor;

  build_fixture (&built);
  vertex = instance (&built, "vertex-ai/a2-highgpu-1g");
  derived = json_object_get_object_member (vertex, "derived");
  g_assert_nonnull (derived);
  g_assert_cmpstr (json_object_get_string_member (derived, "from"), ==, "gcp/a2-highgpu-1g");
  g_assert_cmpstr (json_object_get_string_member (derived, "source"), ==, "vertex-training-cost");
  /* The pair: an 8× A100 job at $35.26 an hour against a2-highgpu-8g at $29.38708. */
  factor = number (derived, "factor");
  g_assert_cmpfloat_with_epsilon (factor, 35.26 / 29.38708, 1e-4);
  g_assert_nonnull (strstr (json_object_get_string_member (derived, "rule"), "35.26"));
  g_assert_cmpfloat_with_epsilon (number (price_in (vertex, "us-central1"), "on_demand"),
                                  3.673385 * factor, 1e-4);
  /* A base price from a later input: the derived one cites it too. */
  g_assert_cmpstr (json_object_get_string_member (price_in (vertex, "me-west1"), "source"), ==,
                   "gcp-skypilot-prices");

  sagemaker = instance (&built, "aws-sagemaker/ml.g4dn.xlarge");
  base = instance (&built, "aws-ec2/g4dn.xlarge");
  g_assert_nonnull (price_in (base, "us-west-2-lax-1"));
  g_assert_null (price_in (sagemaker, "us-west-2-lax-1"));
  g_assert_nonnull (price_in (sagemaker, "us-east-1"));
  /* Derived prices are on-demand only: nothing is invented for spot or commitments. */
  g_assert_false (json_object_has_member (price_in (sagemaker, "us-east-1"), "spot"));
  g_assert_false (json_object_has_member (price_in (sagemaker, "us-east-1"), "reserved_1y"));

  /* A type the recipe names but no input prices is left out, and the build says so. */
  g_assert_null (find_by_id (built.root, "instances", "aws-sagemaker/ml.p5.48xlarge"));
  g_assert_true (said (&built, "ml.p5.48xlarge left out"));
}

/* Colab: today's runtimes at their compute-unit rates, the plans with their packs. */
static void
test_colab (void)
{
  g_auto(Built) built = { NULL };
  JsonObject *t4, *colab, *payg = NULL;
  JsonArray *plans;

  build_fixture (&built);
  t4 = instance (&built, "colab/t4");
  g_assert_cmpfloat (number (t4, "compute_units_per_hour"), ==, 1.19);
  g_assert_nonnull (strstr (json_object_get_string_member (t4, "notes"), "packs of 100"));
  g_assert_nonnull (find_by_id (built.root, "instances", "colab/rtx-pro-6000"));
  /* A runtime whose rate the source did not measure gets no figure and no offer. */
  g_assert_null (find_by_id (built.root, "instances", "colab/h100"));
  g_assert_true (said (&built, "CU burn H100: not a runtime of today, or no rate"));

  colab = find_by_id (built.root, "providers", "colab");
  plans = json_object_get_array_member (colab, "plans");
  for (guint i = 0; i < json_array_get_length (plans); i++)
    if (g_str_equal (json_object_get_string_member (json_array_get_object_element (plans, i), "id"),
                     "payg-100"))
      payg = json_array_get_object_element (plans, i);
  g_assert_nonnull (payg);
  g_assert_cmpfloat (number (payg, "price"), ==, 9.99);
  g_assert_cmpfloat (number (payg, "compute_units"), ==, 100);
}

/* GPU specifications: one source per model, "fp16 only" kept from bf16. */
static void
test_gpu_specs (void)
{
  g_auto(Built) built = { NULL };
  JsonObject *t4, *h200, *source;

  build_fixture (&built);
  t4 = find_by_id (built.root, "gpus", "t4");
  g_assert_cmpfloat (number (t4, "memory_gb"), ==, 16);
  g_assert_cmpfloat (number (t4, "fp16_tflops"), ==, 65);
  g_assert_false (json_object_has_member (t4, "bf16_tflops"));
  g_assert_cmpfloat (number (t4, "memory_bandwidth_gbps"), ==, 320);

  h200 = find_by_id (built.root, "gpus", "h200-sxm-141gb");
  g_assert_cmpstr (json_object_get_string_member (h200, "source"), ==, "gpu-spec-h200-sxm-141gb");
  source = find_by_id (built.root, "sources", "gpu-spec-h200-sxm-141gb");
  g_assert_nonnull (source);
  g_assert_true (g_str_has_prefix (json_object_get_string_member (source, "url"), "https://"));
  g_assert_nonnull (json_object_get_string_member (source, "as_of"));
}

static JsonObject *
recipe_gpu (JsonNode   *recipe,
            const char *id)
{
  JsonArray *gpus = json_object_get_array_member (json_node_get_object (recipe), "gpus");

  for (guint i = 0; i < json_array_get_length (gpus); i++)
    if (g_str_equal (json_object_get_string_member (json_array_get_object_element (gpus, i), "id"),
                     id))
      return json_array_get_object_element (gpus, i);
  g_assert_not_reached ();
}

/* A board power the recipe sources itself outlives a specification row that gives none (the
 * A10G's was dropped); a row that gives one wins, citing its own source. */
static void
test_gpu_specs_own_power (void)
{
  g_autoptr(JsonNode) recipe = read_recipe ();
  g_autoptr(GpCatalogBuildResult) result = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GError) error = NULL;
  JsonObject *a10g, *t4;

  json_object_set_int_member (recipe_gpu (recipe, "a10g"), "tdp_w", 300);
  json_object_set_string_member (recipe_gpu (recipe, "a10g"), "tdp_source",
                                 "green-algorithms-gpu-tdp");
  json_object_set_int_member (recipe_gpu (recipe, "t4"), "tdp_w", 999);
  json_object_set_string_member (recipe_gpu (recipe, "t4"), "tdp_source",
                                 "green-algorithms-gpu-tdp");
  result = build (recipe, &error);
  g_assert_no_error (error);
  root = json_from_string (result->catalog, &error);
  g_assert_no_error (error);

  a10g = find_by_id (json_node_get_object (root), "gpus", "a10g");
  g_assert_cmpfloat (number (a10g, "tdp_w"), ==, 300);
  g_assert_cmpstr (json_object_get_string_member (a10g, "tdp_source"), ==,
                   "green-algorithms-gpu-tdp");
  t4 = find_by_id (json_node_get_object (root), "gpus", "t4");
  g_assert_cmpfloat (number (t4, "tdp_w"), ==, 70);
  g_assert_false (json_object_has_member (t4, "tdp_source"));
}

/* The checks: a daily series says when a price moved, the joined table agrees, and what is
 * left out is named with the reason. */
static void
test_checks_and_left_out (void)
{
  g_auto(Built) built = { NULL };

  build_fixture (&built);
  g_assert_nonnull (strstr (json_object_get_string_member (instance (&built, "aws-ec2/g5.xlarge"),
                                                           "notes"),
                            "from $1.212 to $1.006 an hour on 2025-12-01"));
  g_assert_true (said (&built, "is 1.006 on 2026-01-21 in the daily series too"));
  g_assert_true (said (&built, "3 rows agree with the catalog's on-demand price, 0 differ"));
  g_assert_true (said (&built, "vast/skypilot-gpu-vms-2026-04-29.csv: left out: "));
}

/* The names xgettext reads are C string literals: a hostile title stays one literal, its
 * quotes and backslashes escaped (a line break is refused before), and a per cent sign is no
 * format. Machine names
 * in words go the same way (the fixture's Colab runtimes), provider codes do not. */
static void
test_strings_encoded (void)
{
  g_autoptr(JsonNode) recipe = read_recipe ();
  JsonArray *sources = json_object_get_array_member (json_node_get_object (recipe), "sources");
  g_autoptr(GpCatalogBuildResult) result = NULL;
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < json_array_get_length (sources); i++)
    {
      JsonObject *source = json_array_get_object_element (sources, i);

      if (g_str_equal (json_object_get_string_member (source, "title"),
                       "Compute Engine regions and zones"))
        json_object_set_string_member (source, "title", "Evil \"); system(\"x\"); /* \\ 100% next");
    }
  result = build (recipe, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (result->strings,
                            "/* xgettext:no-c-format */ C_(\"source\", \"Evil \\\"); "
                            "system(\\\"x\\\"); /* \\\\ 100% next\");\n"));
  g_assert_null (strstr (result->strings, "system(\"x\")"));
  g_assert_nonnull (strstr (result->strings, "C_(\"instance\", \"Colab T4 runtime\");"));
  g_assert_null (strstr (result->strings, "C_(\"instance\", \"p4d.24xlarge\");"));
}

/* A provider no input prices (priced by Refresh alone) keeps its whole region table, so that
 * the prices a refresh brings are shown in named places. */
static void
test_refresh_only_provider_regions (void)
{
  g_autoptr(JsonNode) recipe = read_recipe ();
  JsonObject *root = json_node_get_object (recipe);
  JsonArray *providers = json_object_get_array_member (root, "providers");
  g_autoptr(JsonNode) copy = NULL;
  JsonObject *refresh_only;
  g_autoptr(GpCatalogBuildResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *built;
  JsonArray *regions;

  /* A deep copy of Lambda's entry: json_node_copy() would share the object. */
  for (guint i = 0; i < json_array_get_length (providers); i++)
    if (g_str_equal (
            json_object_get_string_member (json_array_get_object_element (providers, i), "id"),
            "lambda"))
      {
        g_autofree char *text = json_to_string (json_array_get_element (providers, i), FALSE);

        copy = json_from_string (text, &error);
      }
  g_assert_no_error (error);
  g_assert_nonnull (copy);
  refresh_only = json_node_get_object (copy);
  json_object_set_string_member (refresh_only, "id", "refresh-only");
  json_object_set_string_member (refresh_only, "name", "Refresh Only");
  json_object_set_string_member (refresh_only, "short_name", "Refresh Only");
  json_array_add_element (providers, g_steal_pointer (&copy));

  result = build (recipe, &error);
  g_assert_no_error (error);
  g_assert_true (json_parser_load_from_data (parser, result->catalog, -1, &error));
  g_assert_no_error (error);
  built = json_node_get_object (json_parser_get_root (parser));

  regions =
      json_object_get_array_member (find_by_id (built, "providers", "refresh-only"), "regions");
  g_assert_cmpuint (json_array_get_length (regions), ==,
                    json_array_get_length (json_object_get_array_member (
                        json_object_get_object_member (root, "regions"), "lambda")));
  g_assert_cmpstr (
      json_object_get_string_member (json_array_get_object_element (regions, 1), "name"), ==,
      "Germany");
}

/* Every figure cites its upstream and date; the output is the same text every time. */
static void
test_sourced_and_reproducible (void)
{
  g_autoptr(JsonNode) recipe = read_recipe ();
  g_autoptr(GpCatalogBuildResult) first = build (recipe, NULL);
  g_autoptr(GpCatalogBuildResult) second = build (recipe, NULL);
  g_auto(Built) built = { NULL };
  JsonArray *instances;

  g_assert_nonnull (first);
  g_assert_nonnull (second);
  g_assert_cmpstr (first->catalog, ==, second->catalog);
  g_assert_cmpstr (first->strings, ==, second->strings);
  g_assert_nonnull (strstr (first->strings, "C_(\"city\", \"Tokyo\");"));
  g_assert_nonnull (strstr (first->strings, "C_(\"geography\", \"Mainland China\");"));
  /* A region without a city is shown by its name, in the user's language too. */
  g_assert_nonnull (strstr (first->strings, "C_(\"place\", \"Mainland China\");"));
  /* The sources' titles and the machines' notes are read in the user's language too; a per
   * cent sign is no format the translators must keep. */
  g_assert_nonnull (
      strstr (first->strings, "C_(\"source\", \"Compute Engine regions and zones\");"));
  g_assert_nonnull (strstr (first->strings,
                            "/* xgettext:no-c-format */ C_(\"source\", \"Amazon EC2 Spot: 'up to "
                            "90% off the On-Demand price'\");"));
  g_assert_nonnull (strstr (first->strings, "C_(\"catalog\", \"AWS changed this price"));

  build_fixture (&built);
  /* The newest source of a price: the newer copy of the Compute Engine file. */
  g_assert_cmpstr (json_object_get_string_member (built.root, "as_of"), ==, "2026-08-20");
  instances = json_object_get_array_member (built.root, "instances");
  for (guint i = 0; i < json_array_get_length (instances); i++)
    {
      JsonObject *item = json_array_get_object_element (instances, i);
      JsonObject *source = find_by_id (built.root, "sources",
                                       json_object_get_string_member (item, "source"));

      g_assert_nonnull (source);
      g_assert_nonnull (json_object_get_string_member (source, "as_of"));
    }
}

/* What stops a build, each time with the file and the thing to fix. */
static void
assert_build_fails (JsonNode   *recipe,
                    const char *fragment)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GpCatalogBuildResult) result = build (recipe, &error);

  g_assert_null (result);
  g_assert_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT);
  if (strstr (error->message, fragment) == NULL)
    g_error ("“%s” does not say “%s”", error->message, fragment);
}

static JsonObject *
input_of_format (JsonNode   *recipe,
                 const char *format)
{
  JsonArray *inputs = json_object_get_array_member (json_node_get_object (recipe), "inputs");

  for (guint i = 0; i < json_array_get_length (inputs); i++)
    {
      JsonObject *input = json_array_get_object_element (inputs, i);

      if (g_str_equal (json_object_get_string_member (input, "format"), format))
        return input;
    }
  g_error ("no input of format %s", format);
}

static void
test_errors (void)
{
  {
    g_autoptr(JsonNode) recipe = read_recipe ();
    JsonObject *regions = json_object_get_object_member (json_node_get_object (recipe), "regions");
    JsonArray *gcp = json_object_get_array_member (regions, "gcp");

    /* A region code without a name. */
    for (guint i = 0; i < json_array_get_length (gcp); i++)
      if (g_str_equal (json_object_get_string_member (json_array_get_object_element (gcp, i), "id"),
                       "me-west1"))
        json_array_remove_element (gcp, i);
    assert_build_fails (recipe, "has a price in me-west1, which the region table \"gcp\"");
  }
  {
    g_autoptr(JsonNode) recipe = read_recipe ();

    json_object_set_string_member (input_of_format (recipe, "gcp-billing"), "file",
                                   "gcp/no-such-file.csv");
    assert_build_fails (recipe, "gcp/no-such-file.csv");
  }
  {
    g_autoptr(JsonNode) recipe = read_recipe ();
    JsonObject *rows =
        json_object_get_object_member (input_of_format (recipe, "gpu-specs"), "rows");

    json_object_remove_member (rows, "GH200");
    assert_build_fails (recipe, "does not say which GPU model the row GH200 is");
  }
  {
    g_autoptr(JsonNode) recipe = read_recipe ();
    JsonArray *gpus = json_object_get_array_member (json_node_get_object (recipe), "gpus");

    /* An offer on a GPU no model of the recipe names stops the build, naming both. */
    for (guint i = 0; i < json_array_get_length (gpus); i++)
      if (g_str_equal (
              json_object_get_string_member (json_array_get_object_element (gpus, i), "id"),
              "gh200"))
        json_array_remove_element (gpus, i);
    assert_build_fails (recipe, "lambda/gpu_1x_gh200 runs on");
  }
  {
    g_autoptr(JsonNode) recipe = read_recipe ();

    json_object_set_string_member (input_of_format (recipe, "crosscheck"), "format", "parquet");
    assert_build_fails (recipe, "unknown input format \"parquet\"");
  }
  {
    g_autoptr(GBytes) bytes = g_bytes_new_static ("{ \"inputs\": [", 12);
    g_autoptr(GFile) dir = sources_dir ();
    g_autoptr(GError) error = NULL;
    g_autoptr(GpCatalogBuildResult) result = gp_catalog_build (bytes, "broken.json", dir, &error);

    g_assert_null (result);
    g_assert_nonnull (strstr (error->message, "broken.json"));
  }
  {
    /* The recipe is read as every catalog is: a key given twice is a mistake, not a choice
     * of the last (json-glib's parser once kept the second silently). */
    static const char twice[] = "{ \"inputs\": [], \"derived\": [], \"inputs\": [] }";
    g_autoptr(GBytes) bytes = g_bytes_new_static (twice, strlen (twice));
    g_autoptr(GFile) dir = sources_dir ();
    g_autoptr(GError) error = NULL;
    g_autoptr(GpCatalogBuildResult) result = gp_catalog_build (bytes, "twice.json", dir, &error);

    g_assert_null (result);
    g_assert_nonnull (strstr (error->message, "twice.json: inputs: the key is given twice"));
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/catalog-build/strings-encoded", test_strings_encoded);
  g_test_add_func ("/catalog-build/vantage", test_vantage);
  g_test_add_func ("/catalog-build/carbon", test_carbon);
  g_test_add_func ("/catalog-build/carbon-unknown-zone", test_carbon_unknown_zone);
  g_test_add_func ("/catalog-build/vantage-yuan", test_vantage_yuan);
  g_test_add_func ("/catalog-build/alibaba", test_alibaba);
  g_test_add_func ("/catalog-build/reported", test_reported);
  g_test_add_func ("/catalog-build/gcp-billing", test_gcp_billing);
  g_test_add_func ("/catalog-build/only-new", test_only_new);
  g_test_add_func ("/catalog-build/merge-prices", test_merge_prices);
  g_test_add_func ("/catalog-build/spec-crosscheck", test_spec_crosscheck);
  g_test_add_func ("/catalog-build/capacity-blocks", test_capacity_blocks);
  g_test_add_func ("/catalog-build/price-series", test_price_series);
  g_test_add_func ("/catalog-build/overrides", test_overrides);
  g_test_add_func ("/catalog-build/derived", test_derived);
  g_test_add_func ("/catalog-build/colab", test_colab);
  g_test_add_func ("/catalog-build/gpu-specs", test_gpu_specs);
  g_test_add_func ("/catalog-build/gpu-specs-own-power", test_gpu_specs_own_power);
  g_test_add_func ("/catalog-build/checks-and-left-out", test_checks_and_left_out);
  g_test_add_func ("/catalog-build/refresh-only-provider-regions",
                   test_refresh_only_provider_regions);
  g_test_add_func ("/catalog-build/sourced-and-reproducible", test_sourced_and_reproducible);
  g_test_add_func ("/catalog-build/errors", test_errors);

  return g_test_run ();
}
