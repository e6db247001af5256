/* test-comparison.c — items side by side: the rows, the highlight rules, exports, saved state
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

#include "gp-comparison.h"
#include "gp-csv.h"
#include "gp-provider-summary.h"
#include "gp-currency.h"

static GpComparison *
new_instances (GpCatalog          *catalog,
               const char * const *ids)
{
  GpComparison *comparison = gp_comparison_new (catalog);

  gp_comparison_set_mode (comparison, GP_COMPARISON_INSTANCES);
  for (guint i = 0; ids[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_true (gp_comparison_add (comparison, ids[i], &error));
      g_assert_no_error (error);
    }

  return comparison;
}

static void
test_new_destroy (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  GpComparison *comparison = gp_comparison_new (catalog);
  const char * const *ids = gp_comparison_get_ids (comparison);

  /* A new comparison shows the platforms labs ask about first. */
  g_assert_cmpint (gp_comparison_get_mode (comparison), ==, GP_COMPARISON_PROVIDERS);
  g_assert_cmpuint (g_strv_length ((char **) ids), ==, 5);
  g_assert_cmpstr (ids[0], ==, "aws-sagemaker");
  g_assert_cmpstr (ids[4], ==, "lambda");
  g_assert_cmpstr (gp_comparison_get_currency (comparison), ==, "USD");
  g_assert_finalize_object (comparison);
}

/* The comparison a new user starts with is the catalog's featured providers, in its order; a
 * layer can feature one more. Once the user changes it, a new catalog leaves it alone. */
static void
test_featured_providers (void)
{
  static const char layer[] =
    "{\"schema_version\":1,\"name\":\"Lab\",\"as_of\":\"2026-11-30\","
    "\"sources\":[{\"id\":\"lab-quote\",\"title\":\"Lab quote\",\"as_of\":\"2026-11-30\"}],"
    "\"providers\":[{\"id\":\"lab\",\"name\":\"Our lab\",\"kind\":\"local\","
    "\"featured\":true,\"source\":\"lab-quote\","
    "\"regions\":[{\"id\":\"campus\",\"name\":\"Campus\"}]}]}";
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GpCatalog) other = gp_catalog_new_bundled ();
  g_autoptr(GBytes) bytes = g_bytes_new_static (layer, strlen (layer));
  g_autoptr(GpComparison) comparison = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (gp_catalog_add_layer (catalog, bytes, "lab.json", GP_CATALOG_LAYER_USER, &error));
  g_assert_no_error (error);
  comparison = gp_comparison_new (catalog);
  g_assert_true (g_strv_equal (gp_comparison_get_ids (comparison),
                               (const char *[]) { "aws-sagemaker", "azure-ml", "vertex-ai",
                                                  "colab", "lambda", "lab", NULL }));

  /* Not featured in the fixture: a new comparison does not start with it. */
  g_assert_false (gp_comparison_contains (comparison, "aws-ec2"));

  gp_comparison_remove (comparison, "lab");
  gp_comparison_set_catalog (comparison, other);
  g_assert_true (g_strv_equal (gp_comparison_get_ids (comparison),
                               (const char *[]) { "aws-sagemaker", "azure-ml", "vertex-ai",
                                                  "colab", "lambda", NULL }));
  g_assert_false (gp_comparison_contains (comparison, "lab"));
}

/* A lab in mainland China starts with what it reaches: the platforms in China first, featured
 * or not, then those across the border, then those it cannot reach, at most six; elsewhere,
 * the featured ones as before. A comparison the user changed stays as it is. */
static void
test_featured_for_mainland (void)
{
  static const char layer[] =
      "{\"schema_version\":1,\"name\":\"Reach\",\"as_of\":\"2026-11-30\","
      "\"sources\":[{\"id\":\"notes\",\"title\":\"Notes\",\"as_of\":\"2026-11-30\"}],"
      "\"providers\":["
      "{\"id\":\"near\",\"name\":\"Near Cloud\",\"kind\":\"gpu-cloud\",\"source\":\"notes\","
      "\"reachability\":{\"mainland_china\":\"in-china\",\"source\":\"notes\"},"
      "\"regions\":[{\"id\":\"r1\",\"name\":\"Region one\"}]},"
      "{\"id\":\"walled\",\"name\":\"Walled Cloud\",\"kind\":\"gpu-cloud\",\"source\":\"notes\","
      "\"featured\":true,"
      "\"reachability\":{\"mainland_china\":\"unreachable\",\"source\":\"notes\"},"
      "\"regions\":[{\"id\":\"r1\",\"name\":\"Region one\"}]}]}";
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GBytes) bytes = g_bytes_new_static (layer, strlen (layer));
  g_autoptr(GpComparison) comparison = NULL;
  g_autoptr(GError) error = NULL;
  const char *const featured[] = { "aws-sagemaker", "azure-ml", "vertex-ai", "colab",
                                   "lambda",        "walled",   NULL };

  g_assert_true (
      gp_catalog_add_layer (catalog, bytes, "reach.json", GP_CATALOG_LAYER_USER, &error));
  g_assert_no_error (error);
  comparison = gp_comparison_new (catalog);
  g_assert_true (g_strv_equal (gp_comparison_get_ids (comparison), featured));

  /* The fixture's featured platforms say nothing of China: they come after the one in China
   * and before the one it cannot reach, which six leave out. */
  gp_comparison_set_lab_location (comparison, GP_LAB_LOCATION_MAINLAND_CHINA);
  g_assert_true (g_strv_equal (gp_comparison_get_ids (comparison),
                               (const char *[]){ "near", "aws-sagemaker", "azure-ml", "vertex-ai",
                                                 "colab", "lambda", NULL }));
  gp_comparison_set_lab_location (comparison, GP_LAB_LOCATION_ELSEWHERE);
  g_assert_true (g_strv_equal (gp_comparison_get_ids (comparison), featured));

  gp_comparison_remove (comparison, "walled");
  gp_comparison_set_lab_location (comparison, GP_LAB_LOCATION_MAINLAND_CHINA);
  g_assert_false (gp_comparison_contains (comparison, "near"));
  g_assert_false (gp_comparison_contains (comparison, "walled"));
}

static void
test_add_remove (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GpComparison) comparison = gp_comparison_new (catalog);
  g_autoptr(GError) error = NULL;
  const char * const *ids;

  /* An instance joins the instances list and shows it; the platforms stay. */
  g_assert_true (gp_comparison_add (comparison, "lambda/gpu_1x_a100@us-west-1", &error));
  g_assert_no_error (error);
  g_assert_cmpint (gp_comparison_get_mode (comparison), ==, GP_COMPARISON_INSTANCES);
  g_assert_cmpuint (gp_comparison_get_n_items (comparison), ==, 1);
  g_assert_cmpuint (g_strv_length ((char **) gp_comparison_get_ids_for_mode (
                        comparison, GP_COMPARISON_PROVIDERS)),
                    ==, 5);

  /* Without a region, an instance stands for its cheapest one. */
  g_assert_true (gp_comparison_add (comparison, "aws-ec2/g4dn.xlarge", &error));
  ids = gp_comparison_get_ids (comparison);
  g_assert_cmpstr (ids[1], ==, "aws-ec2/g4dn.xlarge@us-east-1");

  g_assert_false (gp_comparison_add (comparison, "aws-ec2/g4dn.xlarge@us-east-1", &error));
  g_assert_error (error, GP_COMPARISON_ERROR, GP_COMPARISON_ERROR_DUPLICATE);
  g_clear_error (&error);

  g_assert_false (gp_comparison_add (comparison, "aws-ec2/g4dn.xlarge@mars-1", &error));
  g_assert_error (error, GP_COMPARISON_ERROR, GP_COMPARISON_ERROR_UNKNOWN_ID);
  g_assert_nonnull (strstr (error->message, "mars-1"));
  g_clear_error (&error);

  /* Six at most. */
  g_assert_true (gp_comparison_add (comparison, "lambda/gpu_1x_a10@us-east-1", NULL));
  g_assert_true (gp_comparison_add (comparison, "lambda/gpu_1x_h100_pcie@us-east-1", NULL));
  g_assert_true (gp_comparison_add (comparison, "lambda/gpu_1x_h100_sxm5@us-east-1", NULL));
  g_assert_true (gp_comparison_add (comparison, "lambda/gpu_8x_v100@us-east-1", NULL));
  g_assert_false (gp_comparison_add (comparison, "lambda/gpu_8x_a100@us-east-1", &error));
  g_assert_error (error, GP_COMPARISON_ERROR, GP_COMPARISON_ERROR_FULL);
  g_clear_error (&error);

  gp_comparison_remove (comparison, "lambda/gpu_1x_a10@us-east-1");
  g_assert_cmpuint (gp_comparison_get_n_items (comparison), ==, 5);
  g_assert_false (gp_comparison_contains (comparison, "lambda/gpu_1x_a10@us-east-1"));

  /* A provider goes back to the platforms. */
  gp_comparison_remove (comparison, "nothing-like-it");
  g_assert_false (gp_comparison_add (comparison, "lambda", &error));
  g_assert_error (error, GP_COMPARISON_ERROR, GP_COMPARISON_ERROR_DUPLICATE);
  g_assert_cmpint (gp_comparison_get_mode (comparison), ==, GP_COMPARISON_INSTANCES);
}

static GpComparisonRow *
synthetic_row (GpComparisonBest best,
               const double    *values,
               guint            n)
{
  GpComparisonRow *row = g_new0 (GpComparisonRow, 1);

  row->key = "test";
  row->best = best;
  row->cells = g_array_sized_new (FALSE, TRUE, sizeof (GpComparisonCell), n);
  g_array_set_size (row->cells, n);
  for (guint i = 0; i < n; i++)
    {
      GpComparisonCell *cell = gp_comparison_row_get_cell (row, i);

      cell->value = values[i];
      cell->known = !isnan (values[i]);
      cell->text = isnan (values[i]) ? g_strdup ("—") : g_strdup_printf ("%g", values[i]);
    }

  return row;
}

static void
free_synthetic_row (GpComparisonRow *row)
{
  for (guint i = 0; i < row->cells->len; i++)
    g_free (gp_comparison_row_get_cell (row, i)->text);
  g_array_unref (row->cells);
  g_free (row);
}

static char *
best_of (GpComparisonBest best,
         const double    *values,
         guint            n,
         gboolean        *differs)
{
  GpComparisonRow *row = synthetic_row (best, values, n);
  GString *marks = g_string_new (NULL);

  gp_comparison_row_set_best (row);
  for (guint i = 0; i < n; i++)
    g_string_append_c (marks, gp_comparison_row_get_cell (row, i)->best ? 'x' : '.');
  if (differs != NULL)
    *differs = row->differs;
  free_synthetic_row (row);

  return g_string_free (marks, FALSE);
}

static void
test_best_rules (void)
{
  const double prices[] = { 3.06, 1.99, NAN, 2.5 };
  const double tie[] = { 1.99, 4.0, 1.99 };
  const double all_same[] = { 80, 80, 80 };
  const double lone[] = { NAN, 40, NAN };
  const double rounding[] = { 0.1 + 0.2, 0.3, 0.5 };
  const double yes_no[] = { 1, 0, 1 };
  gboolean differs;
  char *marks;

  /* The lowest price wins; the unknown one neither wins nor loses. */
  marks = best_of (GP_COMPARISON_BEST_LOWEST, prices, 4, &differs);
  g_assert_cmpstr (marks, ==, ".x..");
  g_assert_true (differs);
  g_free (marks);

  marks = best_of (GP_COMPARISON_BEST_HIGHEST, prices, 4, NULL);
  g_assert_cmpstr (marks, ==, "x...");
  g_free (marks);

  /* A tie for the best marks both. */
  marks = best_of (GP_COMPARISON_BEST_LOWEST, tie, 3, NULL);
  g_assert_cmpstr (marks, ==, "x.x");
  g_free (marks);

  /* Nothing wins when all are the same, or when only one has the figure. */
  marks = best_of (GP_COMPARISON_BEST_HIGHEST, all_same, 3, &differs);
  g_assert_cmpstr (marks, ==, "...");
  g_assert_false (differs);
  g_free (marks);
  marks = best_of (GP_COMPARISON_BEST_HIGHEST, lone, 3, &differs);
  g_assert_cmpstr (marks, ==, "...");
  g_assert_true (differs);
  g_free (marks);

  /* A rounding apart is the same figure. */
  marks = best_of (GP_COMPARISON_BEST_LOWEST, rounding, 3, NULL);
  g_assert_cmpstr (marks, ==, "xx.");
  g_free (marks);

  /* A feature it has wins. */
  marks = best_of (GP_COMPARISON_BEST_HIGHEST, yes_no, 3, NULL);
  g_assert_cmpstr (marks, ==, "x.x");
  g_free (marks);

  /* No rule, no winner. */
  marks = best_of (GP_COMPARISON_BEST_NONE, prices, 4, NULL);
  g_assert_cmpstr (marks, ==, "....");
  g_free (marks);
}

static GpComparisonCell *
cell (GpComparisonTable *table,
      const char        *key,
      guint              column)
{
  GpComparisonRow *row = gp_comparison_table_find_row (table, key);

  if (row == NULL)
    g_error ("no row %s", key);
  return gp_comparison_row_get_cell (row, column);
}

static void
test_instances_table (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GpComparison) comparison =
    new_instances (catalog, (const char *[]) { "aws-ec2/p4d.24xlarge@us-east-1",
                                               "lambda/gpu_8x_a100@us-east-1",
                                               "lambda/gpu_8x_a100_80gb_sxm4@us-east-1", NULL });
  g_autoptr(GpComparisonTable) table = gp_comparison_build (comparison);
  GpComparisonColumn *column = g_ptr_array_index (table->columns, 1);
  GpComparisonRow *row;
  GpComparisonGroup group = GP_COMPARISON_GROUP_HARDWARE;

  g_assert_cmpuint (table->columns->len, ==, 3);
  g_assert_cmpstr (column->title, ==, "gpu_8x_a100");
  g_assert_cmpstr (column->subtitle, ==, "Lambda · us-east-1");
  g_assert_false (column->missing);

  /* Rows come in their groups' order, every group present. */
  for (guint r = 0; r < table->rows->len; r++)
    {
      GpComparisonRow *each = g_ptr_array_index (table->rows, r);

      g_assert_cmpint (each->group, >=, group);
      g_assert_cmpuint (each->cells->len, ==, 3);
      group = each->group;
    }
  g_assert_cmpint (group, ==, GP_COMPARISON_GROUP_SOURCES);

  /* The cheapest per hour is Lambda's 40 GB machine; the most memory is the 80 GB one. */
  row = gp_comparison_table_find_row (table, "on_demand_per_hour");
  g_assert_cmpstr (row->label, ==, "On demand ($/h)");
  g_assert_cmpstr (cell (table, "on_demand_per_hour", 0)->text, ==, "21.958");
  g_assert_true (cell (table, "on_demand_per_hour", 1)->best);
  g_assert_false (cell (table, "on_demand_per_hour", 0)->best);
  g_assert_true (cell (table, "gpu_memory_gb", 2)->best);
  g_assert_false (cell (table, "gpu_memory_gb", 0)->best);
  g_assert_cmpstr (row->rule, ==, "Highlighted: the lowest price");

  /* AWS bills by the second, Lambda by the minute. */
  g_assert_true (cell (table, "billing_increment_s", 0)->best);
  g_assert_cmpstr (cell (table, "billing_increment_s", 1)->text, ==, "60");

  /* Lambda has no spot market: unknown, never 0. */
  g_assert_false (cell (table, "spot_per_hour", 1)->known);
  g_assert_cmpstr (cell (table, "spot_per_hour", 1)->text, ==, "—");
  g_assert_true (isnan (cell (table, "spot_per_hour", 1)->value));

  /* Every column names its sources with their dates. */
  for (guint c = 0; c < 3; c++)
    {
      GpComparisonCell *sources = cell (table, "sources", c);

      g_assert_nonnull (sources->sources);
      g_assert_cmpuint (sources->sources->len, >, 0);
      g_assert_nonnull (strstr (sources->text, "(as of "));
    }
  /* The fixture's figures are more than 180 days old today: marked stale, date and prices. */
  g_assert_cmpstr (cell (table, "as_of", 0)->text, ==, "2025-09-12 (stale)");
  g_assert_true (cell (table, "as_of", 0)->stale);
  g_assert_true (cell (table, "on_demand_per_hour", 0)->stale);
}

/* A layer over the fixture: a platform priced by a rule, a doubtful price, and a provider
 * that prices in yuan. */
static const char estimates_layer[] =
    "{\"schema_version\": 1,"
    " \"sources\": [{\"id\": \"t\", \"title\": \"Test\", \"as_of\": \"2026-11-01\"}],"
    " \"providers\": ["
    "   {\"id\": \"platform\", \"name\": \"Platform\", \"kind\": \"ml-platform\","
    "    \"regions\": [{\"id\": \"us-east-1\"}], \"source\": \"t\"},"
    "   {\"id\": \"yuan\", \"name\": \"Yuan cloud\", \"kind\": \"gpu-cloud\", \"currency\": "
    "\"CNY\","
    "    \"regions\": [{\"id\": \"cn-north-1\", \"city\": \"Beijing\", \"country\": \"China\"}],"
    "    \"source\": \"t\"}],"
    " \"instances\": ["
    "   {\"id\": \"platform/ml.p3.2xlarge\", \"provider\": \"platform\", \"name\": "
    "\"ml.p3.2xlarge\","
    "    \"gpu\": \"v100-sxm2-16gb\", \"gpu_count\": 1, \"source\": \"t\","
    "    \"derived\": {\"from\": \"aws-ec2/p3.2xlarge\", \"factor\": 0.5,"
    "                 \"rule\": \"EC2 times 0.5\", \"source\": \"t\"},"
    "    \"prices\": [{\"region\": \"us-east-1\", \"on_demand\": 1.53}]},"
    "   {\"id\": \"platform/odd\", \"provider\": \"platform\", \"name\": \"odd\","
    "    \"gpu\": \"v100-sxm2-16gb\", \"gpu_count\": 1, \"source\": \"t\","
    "    \"prices\": [{\"region\": \"us-east-1\", \"on_demand\": 0.5, \"anomalies\": "
    "[\"low-outlier\"]}]},"
    "   {\"id\": \"yuan/v100\", \"provider\": \"yuan\", \"name\": \"v100\","
    "    \"gpu\": \"v100-sxm2-16gb\", \"gpu_count\": 1, \"source\": \"t\","
    "    \"prices\": [{\"region\": \"cn-north-1\", \"on_demand\": 14.2144}]}]}";

static GpCatalog *
catalog_with_estimates (void)
{
  GpCatalog *catalog = gp_catalog_new_bundled ();
  g_autoptr(GBytes) bytes = g_bytes_new_static (estimates_layer, strlen (estimates_layer));
  g_autoptr(GError) error = NULL;

  g_assert_true (gp_catalog_add_layer (catalog, bytes, "estimates.json", GP_CATALOG_LAYER_EXTRA,
                                       &error));
  g_assert_no_error (error);
  return catalog;
}

/* A derived price is shown as an estimate and a doubtful one is flagged: cheaper than the
 * quoted EC2 price, neither is highlighted as the best. */
static void
test_estimates_never_best (void)
{
  g_autoptr(GpCatalog) catalog = catalog_with_estimates ();
  g_autoptr(GpComparison) comparison =
    new_instances (catalog, (const char *[]) { "aws-ec2/p3.2xlarge@us-east-1",
                                               "platform/ml.p3.2xlarge@us-east-1",
                                               "platform/odd@us-east-1",
                                               "lambda/gpu_8x_v100@us-east-1", NULL });
  g_autoptr(GpComparisonTable) table = gp_comparison_build (comparison);
  GpComparisonCell *derived = cell (table, "on_demand_per_hour", 1);
  GpComparisonCell *odd = cell (table, "on_demand_per_hour", 2);

  g_assert_true (derived->estimate);
  g_assert_false (derived->best);
  g_assert_cmpstr (derived->text, ==, "≈ 1.530");
  g_assert_true (odd->doubtful);
  g_assert_false (odd->best);
  g_assert_cmpstr (odd->text, ==, "0.500 ⚠");
  /* The best quoted figure wins: EC2's 3.06 over Lambda's eight V100s at 6.32. */
  g_assert_true (cell (table, "on_demand_per_hour", 0)->best);
  /* The rule is in the notes, its source among the sources. */
  g_assert_nonnull (strstr (cell (table, "notes", 1)->text, "EC2 times 0.5"));
}

/* A price stated in yuan compares in the catalog's currency at the catalog's rate, and comes
 * back as stated when shown in yuan at the same rate. */
static void
test_yuan_prices (void)
{
  g_autoptr(GpCatalog) catalog = catalog_with_estimates ();
  GpOffer *offer = gp_instance_find_offer (gp_catalog_find_instance (catalog, "yuan/v100"),
                                           "cn-north-1");
  g_autoptr(GVariant) rates = g_variant_ref_sink (g_variant_new_parsed ("{'CNY': 7.1072}"));
  g_autoptr(GpComparison) comparison = NULL;
  g_autoptr(GpComparisonTable) table = NULL;

  g_assert_cmpstr (gp_offer_get_currency (offer), ==, "CNY");
  g_assert_cmpfloat (gp_offer_get_listed_price (offer, GP_ESTIMATE_PRICING_ON_DEMAND), ==, 14.2144);
  g_assert_cmpfloat_with_epsilon (gp_offer_get_on_demand (offer), 14.2144 / 7.1072, 1e-9);

  gp_catalog_set_exchange_rates (catalog, rates);
  g_assert_cmpfloat_with_epsilon (gp_offer_get_on_demand (offer), 2.0, 1e-9);
  comparison = new_instances (catalog, (const char *[]) { "yuan/v100@cn-north-1",
                                                          "aws-ec2/p3.2xlarge@us-east-1", NULL });
  gp_comparison_set_currency (comparison, "CNY", 7.1072);
  table = gp_comparison_build (comparison);
  g_assert_cmpstr (cell (table, "on_demand_per_hour", 0)->text, ==, "14.214");
}

static void
count_catalog_changed (GpCatalog *catalog,
                       guint     *count)
{
  (*count)++;
}

/* Preferences hold "{}" until the user sets a rate: that is the default rates, so a first
 * start neither merges the catalog again nor tells every page it changed. A real change
 * still does both. */
static void
test_empty_rates (void)
{
  g_autoptr(GpCatalog) catalog = catalog_with_estimates ();
  GpOffer *offer = gp_instance_find_offer (gp_catalog_find_instance (catalog, "yuan/v100"),
                                           "cn-north-1");
  double default_price = gp_offer_get_on_demand (offer);
  guint changed = 0;

  g_signal_connect (catalog, "changed", G_CALLBACK (count_catalog_changed), &changed);
  gp_catalog_set_exchange_rates (catalog, g_variant_new_parsed ("@a{sd} {}"));
  g_assert_cmpuint (changed, ==, 0);
  g_assert_cmpfloat (gp_offer_get_on_demand (offer), ==, default_price);

  gp_catalog_set_exchange_rates (catalog, g_variant_new_parsed ("{'CNY': 7.1072}"));
  g_assert_cmpuint (changed, ==, 1);
  gp_catalog_set_exchange_rates (catalog, g_variant_new_parsed ("@a{sd} {}"));
  g_assert_cmpuint (changed, ==, 2);
  g_assert_cmpfloat (gp_offer_get_on_demand (offer), ==, default_price);
}

/* Each price cell is as old as its own price (the shape of p5.48xlarge in us-east-1): the
 * offer's date is its on-demand price's, 2026-08-22, and only the spot price, of 2026-05-20,
 * is stale, saying its own date; the sources name the spot file too. */
static void
test_price_dates (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autofree char *path =
      g_test_build_filename (G_TEST_DIST, "fixtures", "price-dates-catalog.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autoptr(GpComparison) comparison = NULL;
  g_autoptr(GpComparisonTable) table = NULL;

  gp_catalog_add_layer_from_file (catalog, file, GP_CATALOG_LAYER_EXTRA, &error);
  g_assert_no_error (error);
  /* A limit between the spot price's age and the Capacity Block's, whatever today is. */
  gp_catalog_set_stale_after_days (catalog, gp_as_of_get_age_days ("2026-07-01", now));
  comparison =
      new_instances (catalog, (const char *[]){ "lab/p5@us-east-1", "lab/p5@us-west-2", NULL });
  table = gp_comparison_build (comparison);

  g_assert_cmpstr (cell (table, "as_of", 0)->text, ==, "2026-08-22");
  g_assert_false (cell (table, "as_of", 0)->stale);
  g_assert_false (cell (table, "on_demand_per_hour", 0)->stale);
  g_assert_false (cell (table, "capacity_block_per_hour", 0)->stale);
  g_assert_true (cell (table, "spot_per_hour", 0)->stale);
  g_assert_nonnull (strstr (cell (table, "spot_per_hour", 0)->note, "Prices as of 2026-05-20"));
  g_assert_nonnull (
      strstr (cell (table, "sources", 0)->text, "A spot price file (as of 2026-05-20)"));
  g_assert_nonnull (strstr (cell (table, "sources", 0)->text, "A daily series of one price"));
  /* The other region names no source of its own: the table's day, stale. */
  g_assert_cmpstr (cell (table, "as_of", 1)->text, ==, "2026-01-21 (stale)");
}

/* Stale follows the policy: past it, a figure says so; within it, not. */
static void
test_stale_policy (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GpComparison) comparison =
    new_instances (catalog, (const char *[]) { "lambda/gpu_1x_a100@us-east-1",
                                               "aws-ec2/g4dn.xlarge@us-east-1", NULL });
  g_autoptr(GpComparisonTable) table = NULL;

  gp_catalog_set_stale_after_days (catalog, 100 * 365);
  table = gp_comparison_build (comparison);
  g_assert_cmpstr (cell (table, "as_of", 0)->text, ==, "2025-09-12");
  g_assert_false (cell (table, "as_of", 0)->stale);
  g_assert_false (cell (table, "on_demand_per_hour", 0)->stale);

  /* The limit is the catalog's: another catalog keeps its own. */
  {
    g_autoptr(GpCatalog) other = gp_catalog_new_bundled ();
    g_autoptr(GpComparison) other_comparison =
        new_instances (other, (const char *[]){ "lambda/gpu_1x_a100@us-east-1", NULL });
    g_autoptr(GpComparisonTable) other_table = gp_comparison_build (other_comparison);

    g_assert_cmpuint (gp_catalog_get_stale_after_days (other), ==, GP_STALE_AFTER_DAYS);
    g_assert_true (cell (other_table, "as_of", 0)->stale);
  }
}

static void
test_currency (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GpComparison) comparison =
    new_instances (catalog, (const char *[]) { "lambda/gpu_1x_a100@us-east-1",
                                               "aws-ec2/g4dn.xlarge@us-east-1", NULL });
  g_autoptr(GpComparisonTable) usd = gp_comparison_build (comparison);
  g_autoptr(GpComparisonTable) cny = NULL;
  double rate = gp_currency_get_rate ("USD", "CNY", NULL);

  /* The default rate is the CFETS central parity of 1 September 2025. */
  g_assert_cmpfloat_with_epsilon (rate, 7.1072, 1e-9);

  gp_comparison_set_currency (comparison, "CNY", rate);
  cny = gp_comparison_build (comparison);
  g_assert_cmpstr (cny->currency, ==, "CNY");
  g_assert_cmpstr (gp_comparison_table_find_row (cny, "on_demand_per_hour")->label, ==,
                   "On demand (¥/h)");
  g_assert_cmpfloat_with_epsilon (cell (cny, "on_demand_per_hour", 0)->value, 1.99 * rate, 1e-9);
  g_assert_false (isnan (cell (usd, "value", 1)->value));
  g_assert_cmpfloat_with_epsilon (cell (cny, "value", 1)->value,
                                  cell (usd, "value", 1)->value / rate, 1e-9);
  /* Memory does not change with money. */
  g_assert_cmpfloat (cell (cny, "gpu_memory_gb", 0)->value, ==,
                     cell (usd, "gpu_memory_gb", 0)->value);
}

/* Converted, every export of the comparison names the rate with its origin and date, stale
 * past the catalog's limit; in the catalog's currency, none. */
static void
test_currency_exports_name_rate (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GpComparison) comparison =
      new_instances (catalog, (const char *[]){ "lambda/gpu_1x_a100@us-east-1", NULL });
  g_autofree char *basis = gp_currency_dup_rate_basis ("USD", "CNY", FALSE, NULL, 30);
  const char *note = "Prices in CNY, at 7.1072 per US dollar (the default rate, as of "
                     "2025-09-01: Central parity rate of the renminbi announced by the China "
                     "Foreign Exchange Trade System on 1 September 2025 (Xinhua report) (stale: "
                     "older than 30 days))";

  for (guint converted = 0; converted < 2; converted++)
    {
      g_autoptr(GpComparisonTable) table = NULL;
      g_autofree char *markdown = NULL, *csv = NULL;

      if (converted)
        {
          gp_comparison_set_rate_basis (comparison, basis);
          gp_comparison_set_currency (comparison, "CNY", gp_currency_get_rate ("USD", "CNY", NULL));
        }
      table = gp_comparison_build (comparison);
      markdown = gp_comparison_table_to_markdown (table, FALSE);
      csv = gp_comparison_table_to_csv (table, FALSE);
      g_assert_true ((strstr (markdown, note) != NULL) == converted);
      g_assert_true ((strstr (csv, note) != NULL) == converted);
      if (!converted)
        g_assert_null (strstr (markdown, "per US dollar"));
    }
}

static void
test_currency_rates (void)
{
  g_autoptr(GVariant) mine =
      g_variant_ref_sink (g_variant_new_parsed ("{'CNY': 7.0, 'EUR': -1.0}"));

  g_assert_cmpfloat (gp_currency_get_rate ("USD", "USD", NULL), ==, 1);
  /* The euro's is the ECB's reference rate, US dollars per euro; the yuan's the CFETS central
   * parity, yuan per dollar; between the two, their cross. */
  g_assert_cmpfloat_with_epsilon (gp_currency_get_rate ("EUR", "USD", NULL), 1.1592, 1e-12);
  g_assert_cmpfloat_with_epsilon (gp_currency_get_rate ("USD", "CNY", NULL), 7.1072, 1e-12);
  g_assert_cmpfloat_with_epsilon (gp_currency_get_rate ("EUR", "CNY", NULL), 1.1592 * 7.1072, 1e-9);
  /* A rate the user set wins; one that is not a positive number is ignored. */
  g_assert_cmpfloat (gp_currency_get_rate ("USD", "CNY", mine), ==, 7.0);
  g_assert_cmpfloat_with_epsilon (gp_currency_get_rate ("USD", "EUR", mine), 1 / 1.1592, 1e-12);
  g_assert_true (isnan (gp_currency_get_rate ("USD", "XYZ", NULL)));
  g_assert_cmpstr (gp_currency_get_symbol ("CNY"), ==, "¥");
  /* Each rate with its own date and source; a cross rate is as old as its older half. */
  g_assert_cmpstr (gp_currency_get_default_as_of ("CNY"), ==, "2025-09-01");
  g_assert_cmpstr (gp_currency_get_default_as_of ("EUR"), ==, "2026-09-11");
  g_assert_null (gp_currency_get_default_as_of ("USD"));
  g_assert_cmpstr (gp_currency_get_default_rate_as_of ("USD", "EUR"), ==, "2026-09-11");
  g_assert_cmpstr (gp_currency_get_default_rate_as_of ("EUR", "CNY"), ==, "2025-09-01");
  g_assert_true (g_str_has_prefix (gp_currency_get_default_source_url ("CNY"), "http"));
  g_assert_true (
      g_str_has_prefix (gp_currency_get_default_source_url ("EUR"), "https://www.ecb.europa.eu/"));
  g_assert_nonnull (strstr (gp_currency_get_default_source ("EUR"), "European Central Bank"));
  g_assert_nonnull (
      strstr (gp_currency_get_default_source ("CNY"), "China Foreign Exchange Trade System"));
}

static void
test_providers_table (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GpComparison) comparison = gp_comparison_new (catalog);
  g_autoptr(GpComparisonTable) table = gp_comparison_build (comparison);
  GpComparisonRow *notebooks;

  g_assert_cmpint (table->mode, ==, GP_COMPARISON_PROVIDERS);
  g_assert_cmpuint (table->columns->len, ==, 5);
  g_assert_cmpstr (((GpComparisonColumn *) g_ptr_array_index (table->columns, 3))->title, ==,
                   "Google Colab");

  /* Features read yes or no, and having one wins. */
  notebooks = gp_comparison_table_find_row (table, "managed_notebooks");
  g_assert_cmpint (notebooks->kind, ==, GP_COMPARISON_VALUE_YES_NO);
  g_assert_cmpint (notebooks->group, ==, GP_COMPARISON_GROUP_FEATURES);
  g_assert_cmpstr (cell (table, "managed_notebooks", 4)->text, ==, "No");
  g_assert_true (cell (table, "managed_notebooks", 3)->best);
  g_assert_false (cell (table, "managed_notebooks", 4)->best);

  /* What jobs run in, where a dated source says; unknown where none does. */
  g_assert_cmpint (gp_comparison_table_find_row (table, "containers")->group, ==,
                   GP_COMPARISON_GROUP_FEATURES);
  g_assert_cmpstr (cell (table, "containers", 0)->text, ==, "Yes");
  g_assert_nonnull (strstr (cell (table, "images", 0)->text, "CUDA"));
  g_assert_false (cell (table, "containers", 3)->known);
  g_assert_nonnull (strstr (cell (table, "images", 3)->text, "PyTorch"));
  g_assert_false (cell (table, "containers", 4)->known);
  g_assert_false (cell (table, "images", 4)->known);

  /* The figures the first version showed on its cards. */
  g_assert_cmpstr (cell (table, "markup_pct", 0)->text, ==, "15–40%");
  g_assert_cmpstr (cell (table, "markup_pct", 1)->text, ==, "None: billed at the price of the VMs");
  g_assert_cmpstr (cell (table, "cheapest_on_demand_per_gpu_hour", 4)->text, ==, "0.790");
  g_assert_cmpstr (cell (table, "max_session_hours", 3)->text, ==, "12");
  /* Colab bills compute units, no increment of time: unknown, with the reason for a tooltip. */
  g_assert_false (cell (table, "billing_increment_s", 3)->known);
  g_assert_nonnull (strstr (cell (table, "billing_increment_s", 3)->note, "Compute units"));
  g_assert_null (cell (table, "billing_increment_s", 4)->note);
  g_assert_nonnull (strstr (cell (table, "plans", 3)->text, "$49.99 for 500 compute units"));
  g_assert_nonnull (
      strstr (cell (table, "gpus", 2)->text, "On Google Cloud Compute Engine machine types:"));
}

/* A platform's regions of the cleanest and the most carbon-intensive grid, with the zone and
 * year; a platform of no grid figure says so. */
static void
test_grid_range (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autofree char *path =
      g_test_build_filename (G_TEST_DIST, "fixtures", "carbon-catalog.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  const char *ids[] = { "gcp", "lambda", NULL };
  g_autoptr(GpComparisonTable) table = NULL;

  gp_catalog_add_layer_from_file (catalog, file, GP_CATALOG_LAYER_EXTRA, &error);
  g_assert_no_error (error);
  table = gp_comparison_table_new (catalog, GP_COMPARISON_PROVIDERS, ids, "USD", 1);
  g_assert_cmpstr (cell (table, "cleanest_grid", 0)->text, ==,
                   "Hamina, Finland (europe-north1): 39 gCO2e/kWh, zone FI, 2024");
  g_assert_cmpstr (cell (table, "dirtiest_grid", 0)->text, ==,
                   "Changhua County, Taiwan (asia-east1): 439 gCO2e/kWh, zone TW, 2024");
  g_assert_cmpstr (cell (table, "cleanest_grid", 1)->text, ==, "no grid figure");
}

static void
test_missing_item (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GpComparison) comparison = gp_comparison_new (catalog);
  g_autoptr(JsonNode) state = json_from_string ("{\"mode\":\"instances\",\"providers\":[],"
                                                "\"instances\":[\"gone/away@nowhere\","
                                                "\"lambda/gpu_1x_a10@us-east-1\"]}", NULL);
  g_autoptr(GpComparisonTable) table = NULL;
  GpComparisonColumn *gone;

  /* An item the catalog lost is kept, shown as missing, with unknown figures. */
  g_assert_true (gp_comparison_load_state (comparison, state, NULL));
  table = gp_comparison_build (comparison);
  gone = g_ptr_array_index (table->columns, 0);
  g_assert_true (gone->missing);
  g_assert_cmpstr (gone->title, ==, "gone/away@nowhere");
  g_assert_cmpstr (gone->subtitle, ==, "No longer in the catalog");
  g_assert_false (cell (table, "on_demand_per_hour", 0)->known);
  g_assert_true (cell (table, "on_demand_per_hour", 1)->known);
}

static void
test_neutralise (void)
{
  static const struct { const char *in, *csv, *markdown; } cases[] = {
    { "plain", "plain", "plain" },
    { "=HYPERLINK(\"http://x\",\"y\")", "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"",
      "'=HYPERLINK(\"http://x\",\"y\")" },
    { "+1", "'+1", "'+1" },
    { "-2+3", "'-2+3", "'-2+3" },
    { "@SUM(A1)", "'@SUM(A1)", "'@SUM(A1)" },
    { "\tcmd", "'\tcmd", "'\tcmd" },
    { "a|b", "a|b", "a\\|b" },
    { "two\nlines", "\"two\nlines\"", "two lines" },
    { "1,5", "\"1,5\"", "1,5" },
    { "—", "—", "—" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GString) csv = g_string_new (NULL);
      g_autoptr(GString) markdown = g_string_new (NULL);

      gp_csv_append_field (csv, cases[i].in, GP_CSV_NEUTRALISE);
      gp_markdown_append_cell (markdown, cases[i].in);
      g_assert_cmpstr (csv->str, ==, cases[i].csv);
      g_assert_cmpstr (markdown->str, ==, cases[i].markdown);
    }

  /* Without the flag a field is only quoted, for scripts that read the numbers back. */
  {
    g_autoptr(GString) csv = g_string_new (NULL);

    gp_csv_append_field (csv, "-3", GP_CSV_NONE);
    g_assert_cmpstr (csv->str, ==, "-3");
  }
}

/* A lab's own catalog can name its server anything, a formula included. */
static const char hostile_layer[] =
    "{\"schema_version\":1,\"sources\":[{\"id\":\"lab\",\"title\":\"=cmd|' /C calc'!A0\","
    "\"as_of\":\"2026-11\"}],"
    "\"instances\":[{\"id\":\"lambda/"
    "evil\",\"provider\":\"lambda\",\"name\":\"=HYPERLINK(\\\"x\\\")\","
    "\"gpu\":\"a10\",\"gpu_count\":1,\"source\":\"lab\","
    "\"prices\":[{\"region\":\"us-east-1\",\"on_demand\":0.5}]}]}";

static GpCatalog *
hostile_catalog (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GBytes) bytes = g_bytes_new_static (hostile_layer, strlen (hostile_layer));
  g_autoptr(GError) error = NULL;

  g_assert_true (gp_catalog_add_layer (catalog, bytes, "lab.json", GP_CATALOG_LAYER_USER, &error));
  g_assert_no_error (error);
  return g_steal_pointer (&catalog);
}

static void
test_csv (void)
{
  g_autoptr(GpCatalog) catalog = hostile_catalog ();
  g_autoptr(GpComparison) comparison =
    new_instances (catalog, (const char *[]) { "lambda/evil@us-east-1",
                                               "lambda/gpu_1x_a10@us-east-1", NULL });
  g_autoptr(GpComparisonTable) table = gp_comparison_build (comparison);
  g_autofree char *csv = gp_comparison_table_to_csv (table, FALSE);
  g_autofree char *differences = gp_comparison_table_to_csv (table, TRUE);
  g_auto(GStrv) lines = g_strsplit (csv, "\r\n", -1);

  g_assert_true (g_str_has_prefix (lines[0],
                                   "Group,Row,\"'=HYPERLINK(\"\"x\"\") (Lambda · us-east-1)\","
                                   "gpu_1x_a10 (Lambda · us-east-1)"));
  g_assert_nonnull (strstr (csv, "\r\nPrices,On demand ($/h),0.500,1.290\r\n"));
  g_assert_nonnull (strstr (csv, "\r\nHardware,GPU,NVIDIA A10,NVIDIA A10\r\n"));
  /* The source's title is made plain text too, where it starts a line of the cell. */
  g_assert_null (strstr (csv, ",=cmd"));
  g_assert_null (strstr (csv, "\n=cmd"));
  g_assert_nonnull (strstr (csv, "\"'=cmd|' /C calc'!A0 (as of 2026-11)"));

  /* Only the differences: the GPU row, the same on both, is left out. */
  g_assert_null (strstr (differences, "Hardware,GPU,"));
  g_assert_nonnull (strstr (differences, "On demand ($/h)"));
}

static void
test_markdown (void)
{
  g_autoptr(GpCatalog) catalog = hostile_catalog ();
  g_autoptr(GpComparison) comparison =
    new_instances (catalog, (const char *[]) { "lambda/evil@us-east-1",
                                               "lambda/gpu_1x_a10@us-east-1", NULL });
  g_autoptr(GpComparisonTable) table = gp_comparison_build (comparison);
  g_autofree char *markdown = gp_comparison_table_to_markdown (table, FALSE);
  g_auto(GStrv) lines = g_strsplit (markdown, "\n", -1);

  g_assert_cmpstr (
      lines[0], ==,
      "|  | '=HYPERLINK(\"x\") (Lambda · us-east-1) | gpu_1x_a10 (Lambda · us-east-1) |");
  g_assert_cmpstr (lines[1], ==, "|---|---|---|");
  g_assert_cmpstr (lines[2], ==, "| **Hardware** | | |");
  /* The winner in bold; the source's pipe cannot split its cell. */
  g_assert_nonnull (strstr (markdown, "| On demand ($/h) | **0.500** | 1.290 |\n"));
  g_assert_nonnull (strstr (markdown, "'=cmd\\|' /C calc'!A0"));
  /* Each row has as many cells as the header. */
  for (guint i = 0; lines[i] != NULL && lines[i][0] == '|'; i++)
    {
      guint pipes = 0;

      for (const char *p = lines[i]; *p != '\0'; p++)
        if (*p == '|' && (p == lines[i] || p[-1] != '\\'))
          pipes++;
      g_assert_cmpuint (pipes, ==, 4);
    }
}

static void
test_json (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GpComparison) comparison =
    new_instances (catalog, (const char *[]) { "aws-ec2/p4d.24xlarge@us-east-1",
                                               "lambda/gpu_8x_a100@us-east-1", NULL });
  g_autoptr(GpComparisonTable) table = gp_comparison_build (comparison);
  g_autoptr(JsonNode) node = gp_comparison_table_to_json (table);
  JsonObject *root = json_node_get_object (node);
  JsonArray *rows = json_object_get_array_member (root, "rows");
  gboolean saw_spot = FALSE, saw_ssh = FALSE, saw_gpu = FALSE;

  g_assert_cmpstr (json_object_get_string_member (root, "mode"), ==, "instances");
  g_assert_cmpstr (json_object_get_string_member (root, "currency"), ==, "USD");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "columns")), ==, 2);

  for (guint i = 0; i < json_array_get_length (rows); i++)
    {
      JsonObject *row = json_array_get_object_element (rows, i);
      const char *key = json_object_get_string_member (row, "key");
      JsonArray *values = json_object_get_array_member (row, "values");

      g_assert_true (json_object_has_member (row, "group"));
      g_assert_true (json_object_has_member (row, "label"));
      g_assert_true (json_object_has_member (row, "text"));
      g_assert_true (json_object_has_member (row, "best"));
      g_assert_true (json_object_has_member (row, "rule"));
      g_assert_true (json_object_has_member (row, "differs"));

      if (g_str_equal (key, "spot_per_hour"))
        {
          saw_spot = TRUE;
          g_assert_cmpint (json_node_get_value_type (json_array_get_element (values, 0)), ==,
                           G_TYPE_DOUBLE);
          g_assert_true (json_array_get_null_element (values, 1));
        }
      else if (g_str_equal (key, "ssh"))
        {
          saw_ssh = TRUE;
          g_assert_cmpint (json_node_get_value_type (json_array_get_element (values, 0)), ==,
                           G_TYPE_BOOLEAN);
        }
      else if (g_str_equal (key, "gpu"))
        {
          saw_gpu = TRUE;
          g_assert_cmpstr (json_array_get_string_element (values, 1), ==, "A100 40GB SXM4");
        }
      else if (g_str_equal (key, "on_demand_per_hour"))
        {
          JsonArray *best = json_object_get_array_member (row, "best");

          g_assert_cmpuint (json_array_get_length (best), ==, 1);
          g_assert_cmpint (json_array_get_int_element (best, 0), ==, 1);
        }
    }
  g_assert_true (saw_spot && saw_ssh && saw_gpu);
}

static void
test_state_round_trip (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GpComparison) first =
    new_instances (catalog, (const char *[]) { "lambda/gpu_1x_a10@us-east-1",
                                               "aws-ec2/g4dn.xlarge@us-west-2", NULL });
  g_autoptr(GpComparison) second = gp_comparison_new (catalog);
  g_autofree char *dir = g_dir_make_tmp ("gp-comparison-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "deeper", "comparison.json", NULL);
  g_autofree char *parent = g_path_get_dirname (path);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  gp_comparison_remove (first, "nothing");
  gp_comparison_set_mode (first, GP_COMPARISON_PROVIDERS);
  gp_comparison_remove (first, "colab");
  gp_comparison_set_mode (first, GP_COMPARISON_INSTANCES);

  /* The folder is made when missing. */
  g_assert_true (gp_comparison_save_to_file (first, file, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (gp_comparison_load_from_file (second, file, &error));
  g_assert_no_error (error);

  g_assert_cmpint (gp_comparison_get_mode (second), ==, GP_COMPARISON_INSTANCES);
  g_assert_true (g_strv_equal (gp_comparison_get_ids (second), gp_comparison_get_ids (first)));
  g_assert_true (
      g_strv_equal (gp_comparison_get_ids_for_mode (second, GP_COMPARISON_PROVIDERS),
                    (const char *[]){ "aws-sagemaker", "azure-ml", "vertex-ai", "lambda", NULL }));

  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_cmpint (g_rmdir (parent), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_state_malformed (void)
{
  static const struct { const char *json, *message; } cases[] = {
    { "[]", "expected an object with mode, providers and instances" },
    { "{\"mode\":\"both\"}", "mode: expected “providers” or “instances”" },
    { "{\"mode\":\"providers\",\"providers\":\"lambda\"}", "providers: expected a list of ids" },
    { "{\"mode\":\"providers\",\"instances\":[\"a@b\",3]}", "instances[1]: expected an id" },
    { "{\"mode\":\"providers\",\"providers\":[\"a\",\"b\",\"c\",\"d\",\"e\",\"f\",\"g\"]}",
      "providers: more than 6 items" },
  };
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GpComparison) comparison = gp_comparison_new (catalog);
      g_autoptr(JsonNode) state = json_from_string (cases[i].json, NULL);
      g_autoptr(GError) error = NULL;

      g_assert_false (gp_comparison_load_state (comparison, state, &error));
      g_assert_error (error, GP_COMPARISON_ERROR, GP_COMPARISON_ERROR_INVALID_STATE);
      g_assert_cmpstr (error->message, ==, cases[i].message);
      /* Nothing changed. */
      g_assert_cmpuint (gp_comparison_get_n_items (comparison), ==, 5);
    }

  /* A file names itself in the message. */
  {
    g_autoptr(GpComparison) comparison = gp_comparison_new (catalog);
    g_autofree char *path = NULL;
    g_autoptr(GFile) file = NULL;
    g_autoptr(GError) error = NULL;
    int fd = g_file_open_tmp ("comparison-XXXXXX.json", &path, NULL);

    g_assert_cmpint (fd, >=, 0);
    g_assert_cmpint (write (fd, "{\"mode\":", 8), ==, 8);
    close (fd);
    file = g_file_new_for_path (path);
    g_assert_false (gp_comparison_load_from_file (comparison, file, &error));
    g_assert_error (error, GP_COMPARISON_ERROR, GP_COMPARISON_ERROR_INVALID_STATE);
    g_assert_true (g_str_has_prefix (error->message, path));
    g_unlink (path);
  }
}

static void
count_changed (GpComparison *comparison,
               guint        *count)
{
  (*count)++;
}

static void
test_follows_catalog (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GpComparison) comparison = gp_comparison_new (catalog);
  g_autoptr(GBytes) bytes = g_bytes_new_static (hostile_layer, strlen (hostile_layer));
  guint count = 0;

  g_signal_connect (comparison, "changed", G_CALLBACK (count_changed), &count);
  g_assert_true (gp_catalog_add_layer (catalog, bytes, "lab.json", GP_CATALOG_LAYER_USER, NULL));
  g_assert_cmpuint (count, ==, 1);
  gp_comparison_set_currency (comparison, "EUR", 0.85);
  gp_comparison_set_currency (comparison, "EUR", 0.85);
  g_assert_cmpuint (count, ==, 2);
}

/* A provider's "as of" is its oldest price: a machine's specification, a feature list or a
 * GPU's data sheet years older does not make its figures read as years out of date. */
static void
test_as_of_from_prices (void)
{
  static const char layer[] =
      "{\"schema_version\": 1, \"name\": \"Dates\", \"as_of\": \"2026-11-30\","
      " \"sources\": ["
      "  {\"id\": \"prices\", \"title\": \"Price list\", \"as_of\": \"2026-11-30\"},"
      "  {\"id\": \"spec\", \"title\": \"Launch page\", \"as_of\": \"2020-05-14\"},"
      "  {\"id\": \"features\", \"title\": \"Feature list\", \"as_of\": \"2019\"}],"
      " \"gpus\": [{\"id\": \"old-gpu\", \"name\": \"Old GPU\", \"memory_gb\": 40,"
      "   \"source\": \"spec\"}],"
      " \"providers\": [{\"id\": \"datecloud\", \"name\": \"Date Cloud\","
      "   \"short_name\": \"DC\", \"kind\": \"gpu-cloud\", \"currency\": \"USD\","
      "   \"pricing\": [\"on-demand\"], \"regions\": [{\"id\": \"r1\", \"name\": \"One\"}],"
      "   \"source\": \"features\"}],"
      " \"instances\": [{\"id\": \"datecloud/box\", \"provider\": \"datecloud\","
      "   \"name\": \"box\", \"gpu\": \"old-gpu\", \"gpu_count\": 1, \"source\": \"spec\","
      "   \"prices\": [{\"region\": \"r1\", \"on_demand\": 2.5, \"source\": \"prices\"}]}]}";
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GBytes) bytes = g_bytes_new_static (layer, sizeof layer - 1);
  g_autoptr(GpProviderSummary) summary = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (
      gp_catalog_add_layer (catalog, bytes, "dates.json", GP_CATALOG_LAYER_EXTRA, &error));
  g_assert_no_error (error);
  summary = gp_provider_summary_new (catalog, gp_catalog_find_provider (catalog, "datecloud"));
  g_assert_cmpstr (gp_provider_summary_get_oldest_as_of (summary), ==, "2026-11-30");
}

/* An inference accelerator is no platform's cheapest GPU-hour, on demand or on spot, however
 * cheap its hour: AWS China's "cheapest GPU" was an Inferentia, which no training runs on. */
static void
test_cheapest_trains (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autofree char *path =
      g_test_build_filename (G_TEST_DIST, "fixtures", "accelerator-catalog.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GpProviderSummary) summary = NULL;
  g_autoptr(GError) error = NULL;
  GpGpu *inferer;

  gp_catalog_add_layer_from_file (catalog, file, GP_CATALOG_LAYER_EXTRA, &error);
  g_assert_no_error (error);
  inferer = gp_catalog_find_gpu (catalog, "inferer");
  g_assert_true (gp_gpu_get_inference_only (inferer));
  g_assert_cmpstr (gp_source_get_id (gp_gpu_get_use_source (inferer)), ==, "use");
  g_assert_false (gp_gpu_get_inference_only (gp_catalog_find_gpu (catalog, "trainer")));

  summary = gp_provider_summary_new (catalog, gp_catalog_find_provider (catalog, "acc"));
  g_assert_cmpstr (
      gp_instance_get_id (gp_offer_get_instance (gp_provider_summary_get_cheapest_offer (summary))),
      ==, "acc/train");
  g_assert_cmpstr (gp_instance_get_id (gp_offer_get_instance (
                       gp_provider_summary_get_cheapest_spot_offer (summary))),
                   ==, "acc/train");

  /* Compared, or in its details, the accelerator says so, with the source that does. */
  {
    const char *ids[] = { "acc/infer@r1", "acc/train@r1", NULL };
    g_autoptr(GpComparison) comparison = new_instances (catalog, ids);
    g_autoptr(GpComparisonTable) table = gp_comparison_build (comparison);
    GpComparisonCell *sources = cell (table, "sources", 0);

    g_assert_true (g_str_has_prefix (cell (table, "notes", 0)->text,
                                     "An inference accelerator: no training job"));
    g_assert_false (cell (table, "notes", 1)->known);
    g_assert_true (g_ptr_array_find (sources->sources, gp_gpu_get_use_source (inferer), NULL));
  }
}

/* Compare says how a lab in mainland China reaches each platform, and what its account needs;
 * of an instance compared, how it reaches its region. */
static void
test_reach_row (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autofree char *path =
      g_test_build_filename (G_TEST_DIST, "fixtures", "reach-catalog.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GpComparison) comparison = NULL;
  g_autoptr(GpComparisonTable) table = NULL;
  g_autoptr(GError) error = NULL;
  const char *ids[] = { "near", "far", "walled", "silent" };
  const char *said[] = { "In China; an account needs a licence", "Across the border",
                         "Not reachable from a campus network", "—" };
  GpComparisonRow *row;

  gp_catalog_add_layer_from_file (catalog, file, GP_CATALOG_LAYER_EXTRA, &error);
  g_assert_no_error (error);
  comparison = gp_comparison_new (catalog);
  /* A new comparison starts with the featured platforms. */
  gp_comparison_clear (comparison);
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      g_assert_true (gp_comparison_add (comparison, ids[i], &error));
      g_assert_no_error (error);
    }
  table = gp_comparison_build (comparison);
  row = gp_comparison_table_find_row (table, "mainland_china");
  g_assert_nonnull (row);
  g_assert_cmpstr (row->label, ==, "From mainland China");
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    g_assert_cmpstr (gp_comparison_row_get_cell (row, i)->text, ==, said[i]);

  /* Instances compared: a platform in China's region abroad is across the border. */
  {
    const char *offers[] = { "offshore/one@abroad", "offshore/one@home", "near/one@r1" };
    const char *offer_said[] = { "Across the border: this region is outside mainland China",
                                 "In China", "In China; an account needs a licence" };
    g_autoptr(GpComparisonTable) instances = NULL;

    gp_comparison_clear (comparison);
    gp_comparison_set_mode (comparison, GP_COMPARISON_INSTANCES);
    for (guint i = 0; i < G_N_ELEMENTS (offers); i++)
      {
        g_assert_true (gp_comparison_add (comparison, offers[i], &error));
        g_assert_no_error (error);
      }
    instances = gp_comparison_build (comparison);
    row = gp_comparison_table_find_row (instances, "mainland_china");
    g_assert_nonnull (row);
    for (guint i = 0; i < G_N_ELEMENTS (offers); i++)
      g_assert_cmpstr (gp_comparison_row_get_cell (row, i)->text, ==, offer_said[i]);
  }
}

/* Compare says how each platform is paid, each fact with its source's note, "Not found" where
 * none gives it, and the sources row cites each fact's source; an instance's reported price
 * says so, and who reported it, in its notes and on its price (the details read the same
 * table). */
static void
test_payment_rows (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autofree char *path =
      g_test_build_filename (G_TEST_DIST, "fixtures", "invoice-catalog.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GpComparison) comparison = NULL;
  g_autoptr(GpComparisonTable) table = NULL;
  g_autoptr(GpComparisonTable) instances = NULL;
  g_autoptr(GError) error = NULL;
  const char *ids[] = { "fapiao", "nofapiao", "unsaid" };
  const char *invoice[] = { "Yes: VAT special invoices", "No: receipts only", "Not found" };
  GpComparisonRow *row;

  gp_catalog_add_layer_from_file (catalog, file, GP_CATALOG_LAYER_EXTRA, &error);
  g_assert_no_error (error);
  comparison = gp_comparison_new (catalog);
  gp_comparison_clear (comparison);
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    g_assert_true (gp_comparison_add (comparison, ids[i], NULL));
  table = gp_comparison_build (comparison);
  row = gp_comparison_table_find_row (table, "chinese_invoice");
  g_assert_nonnull (row);
  g_assert_cmpstr (row->label, ==, "Chinese VAT invoice (发票)");
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    g_assert_cmpstr (gp_comparison_row_get_cell (row, i)->text, ==, invoice[i]);
  g_assert_cmpstr (
      gp_comparison_row_get_cell (gp_comparison_table_find_row (table, "real_name"), 0)->text, ==,
      "Yes");
  g_assert_cmpstr (
      gp_comparison_row_get_cell (gp_comparison_table_find_row (table, "billing_currency"), 0)
          ->text,
      ==, "CNY");
  g_assert_nonnull (
      strstr (gp_comparison_row_get_cell (gp_comparison_table_find_row (table, "sources"), 0)->text,
              "Invoice test help"));

  gp_comparison_clear (comparison);
  gp_comparison_set_mode (comparison, GP_COMPARISON_INSTANCES);
  g_assert_true (gp_comparison_add (comparison, "nofapiao/one@cn", NULL));
  g_assert_true (gp_comparison_add (comparison, "fapiao/one@cn", NULL));
  instances = gp_comparison_build (comparison);
  row = gp_comparison_table_find_row (instances, "notes");
  g_assert_nonnull (strstr (gp_comparison_row_get_cell (row, 0)->text,
                            "Reported, not listed: a “from” price, the lowest the page listed, "
                            "not what you will pay. a guide dated 2026-08-09"));
  g_assert_null (gp_comparison_row_get_cell (row, 1)->text != NULL
                     ? strstr (gp_comparison_row_get_cell (row, 1)->text, "Reported")
                     : NULL);
  g_assert_cmpstr (
      gp_comparison_row_get_cell (gp_comparison_table_find_row (instances, "as_of"), 0)->text, ==,
      "2026-08");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/comparison/new-destroy", test_new_destroy);
  g_test_add_func ("/comparison/as-of-from-prices", test_as_of_from_prices);
  g_test_add_func ("/comparison/cheapest-trains", test_cheapest_trains);
  g_test_add_func ("/comparison/featured-providers", test_featured_providers);
  g_test_add_func ("/comparison/featured-for-mainland", test_featured_for_mainland);
  g_test_add_func ("/comparison/add-remove", test_add_remove);
  g_test_add_func ("/comparison/best-rules", test_best_rules);
  g_test_add_func ("/comparison/instances-table", test_instances_table);
  g_test_add_func ("/comparison/stale-policy", test_stale_policy);
  g_test_add_func ("/comparison/price-dates", test_price_dates);
  g_test_add_func ("/comparison/estimates-never-best", test_estimates_never_best);
  g_test_add_func ("/comparison/yuan-prices", test_yuan_prices);
  g_test_add_func ("/comparison/empty-rates", test_empty_rates);
  g_test_add_func ("/comparison/providers-table", test_providers_table);
  g_test_add_func ("/comparison/grid-range", test_grid_range);
  g_test_add_func ("/comparison/currency", test_currency);
  g_test_add_func ("/comparison/currency-rates", test_currency_rates);
  g_test_add_func ("/comparison/currency-exports-name-rate", test_currency_exports_name_rate);
  g_test_add_func ("/comparison/missing-item", test_missing_item);
  g_test_add_func ("/comparison/neutralise", test_neutralise);
  g_test_add_func ("/comparison/csv", test_csv);
  g_test_add_func ("/comparison/markdown", test_markdown);
  g_test_add_func ("/comparison/json", test_json);
  g_test_add_func ("/comparison/state-round-trip", test_state_round_trip);
  g_test_add_func ("/comparison/state-malformed", test_state_malformed);
  g_test_add_func ("/comparison/follows-catalog", test_follows_catalog);
  g_test_add_func ("/comparison/reach-row", test_reach_row);
  g_test_add_func ("/comparison/payment-rows", test_payment_rows);

  return g_test_run ();
}
