/* test-slides.c — the presentation's slides: what they hold, that every text fits its box at
 * every screen size, that nothing is too small to read, and the PDF
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Run twice by the suite: in English, and with LANGUAGE=zh_CN, whose text is set differently.
 * GP_SLIDES_PNG=DIR saves every slide at every size there, and the PDF, to look at.
 */

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>

#include "gp-chart.h"
#include "gp-chart-data.h"
#include "gp-chart-layout.h"
#include "gp-estimate-group.h"
#include "gp-memory-model.h"
#include "gp-offer-filter.h"
#include "gp-recommender.h"
#include "gp-price-chart.h"
#include "gp-slide-deck.h"
#include "gp-test-slides.h"

static GpComparisonTable *
providers_table (GpCatalog *catalog)
{
  g_autoptr(GpComparison) comparison = gp_comparison_new (catalog);

  return gp_comparison_build (comparison);
}

static GpComparison *
instances_comparison (GpCatalog *catalog)
{
  static const char *const ids[] = {
    "aws-ec2/p4d.24xlarge@us-east-1", "lambda/gpu_8x_a100@us-east-1",
    "azure-ml/Standard_ND96asr_v4@eastus", "gcp/a2-highgpu-8g@us-central1",
    "aws-ec2/p5.48xlarge@us-east-1", "lambda/gpu_8x_h100_sxm5@us-east-1",
  };
  GpComparison *comparison = gp_comparison_new (catalog);

  gp_comparison_set_mode (comparison, GP_COMPARISON_INSTANCES);
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    g_assert_true (gp_comparison_add (comparison, ids[i], NULL));
  return comparison;
}

static GpWorkload *
workload (void)
{
  GpWorkload *job = gp_workload_new ();

  gp_workload_set_gpu_hours (job, 300);
  gp_workload_set_reference_gpu (job, "v100-sxm2-16gb");
  gp_workload_set_interruptible (job, TRUE);
  return job;
}

/* Every kind of slide: the platforms compared, every chart, the recommendation. */
static GpSlideDeck *
full_deck (GpCatalog *catalog,
           gboolean   instances)
{
  g_autoptr(GpWorkload) job = workload ();
  g_autoptr(GpEstimateList) estimates = NULL;
  g_autoptr(GpRecommender) recommender = gp_recommender_new (job);
  g_autoptr(GpRecommendation) answer = NULL;
  g_autoptr(GpComparison) comparison =
      instances ? instances_comparison (catalog) : gp_comparison_new (catalog);
  g_autoptr(GError) error = NULL;
  GpSlideDeck *deck = gp_slide_deck_new ();

  estimates = gp_estimate_list_new (catalog, job, NULL, &error);
  g_assert_no_error (error);
  answer = gp_recommender_recommend (recommender, catalog, NULL, &error);
  g_assert_no_error (error);

  gp_slide_deck_add_title (deck, estimates);
  gp_slide_deck_add_summary (deck, estimates, answer);
  gp_slide_deck_add_prices (deck, comparison);
  gp_slide_deck_add_comparison (deck, gp_comparison_build (comparison), FALSE);
  gp_slide_deck_add_charts (deck, estimates);
  gp_slide_deck_add_recommendation (deck, answer);
  return deck;
}

static void
test_contents (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GpSlideDeck) deck = full_deck (catalog, FALSE);
  g_autoptr(GpSlideDeck) fresh_deck = NULL;
  guint n = gp_slide_deck_get_n_slides (deck), comparison = 0, charts = 0, recommendation = 0;

  /* The same deck from the catalog with a limit its figures are within. */
  gp_catalog_set_stale_after_days (catalog, 100000);
  fresh_deck = full_deck (catalog, FALSE);
  g_assert_cmpuint (gp_slide_deck_get_n_slides (fresh_deck), ==, n);

  for (guint i = 0; i < n; i++)
    {
      GpSlideKind kind = gp_slide_deck_get_kind (deck, i);

      /* In their order: the question, the answer, the comparison, the charts, the
       * recommendation. */
      if (kind == GP_SLIDE_TITLE || kind == GP_SLIDE_SUMMARY)
        {
          g_assert_cmpuint (i, ==, kind == GP_SLIDE_TITLE ? 0 : 1);
          if (kind == GP_SLIDE_SUMMARY)
            {
              g_autofree char *stale = gp_slide_deck_dup_footer (deck, i);
              g_autofree char *fresh = gp_slide_deck_dup_footer (fresh_deck, i);

              g_assert_cmpstr (stale, !=, fresh);
            }
          continue;
        }
      if (i == 2)
        {
          /* The comparison's prices as a picture first, then its tables. */
          g_assert_cmpint (kind, ==, GP_SLIDE_CHART);
          g_assert_cmpstr (gp_slide_deck_get_title (deck, i), ==,
                           _("The cheapest GPU-hour on each platform"));
        }
      else if (kind == GP_SLIDE_COMPARISON)
        {
          g_assert_cmpuint (charts + recommendation, ==, 0);
          comparison++;
        }
      else if (kind == GP_SLIDE_CHART)
        {
          g_assert_cmpuint (recommendation, ==, 0);
          charts++;
        }
      else
        recommendation++;

      /* Every slide says how old its prices are, and that the fixture's are stale. */
      g_assert_nonnull (gp_slide_deck_get_as_of (deck, i));
      g_assert_nonnull (gp_slide_deck_get_title (deck, i));
      {
        g_autofree char *stale = gp_slide_deck_dup_footer (deck, i);
        g_autofree char *fresh = gp_slide_deck_dup_footer (fresh_deck, i);
        g_assert_nonnull (strstr (stale, gp_slide_deck_get_as_of (deck, i)));
        g_assert_nonnull (strstr (fresh, gp_slide_deck_get_as_of (deck, i)));
        g_assert_cmpstr (stale, !=, fresh);
        if (g_strcmp0 (g_getenv ("LANGUAGE"), "zh_CN") != 0)
          g_assert_true (g_str_has_suffix (stale, "(stale)"));
      }
    }

  /* The five platforms' rows do not fit one readable slide, but a meeting gets three at
   * most; the recommendation and its reasons on one. */
  g_assert_cmpuint (comparison, >=, 2);
  g_assert_cmpuint (comparison, <=, 3);
  g_assert_cmpuint (charts, ==, 4);
  g_assert_cmpuint (recommendation, ==, 1);
  g_assert_cmpstr (gp_slide_deck_get_title (deck, 3 + comparison), ==,
                   gp_chart_kind_title (GP_CHART_KIND_COST));
  g_assert_cmpint (gp_slide_deck_get_kind (deck, 0), ==, GP_SLIDE_TITLE);
  g_assert_cmpint (gp_slide_deck_get_kind (deck, 1), ==, GP_SLIDE_SUMMARY);
  /* The summary gives the assistant's answer, dated like the figures it shows. */
  g_assert_nonnull (gp_slide_deck_get_as_of (deck, 1));
}

/* The comparison's prices as a chart: one GPU for an hour, on demand and on spot, in the
 * comparison's currency, each bar named by its provider and machine. */
static void
test_prices_chart (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GpComparison) comparison = instances_comparison (catalog);
  g_autoptr(GpChartData) data = NULL;
  g_autoptr(GpSlideDeck) deck = gp_slide_deck_new ();
  g_autofree char *axis = NULL;
  const char *const *ids;
  guint on_demand = 0;

  gp_comparison_set_currency (comparison, "CNY", 7.0);
  gp_comparison_set_rate_basis (comparison,
                                "the rate set in Preferences, as of 2026-01-01 (stale: older "
                                "than 180 days)");
  data = gp_chart_data_new_from_comparison (comparison);
  ids = gp_comparison_get_ids (comparison);
  /* The footnote names the rate and its date, stale as it is, in the deck's language. */
  {
    g_autofree char *note = gp_comparison_dup_prices_note (comparison);

    g_assert_nonnull (strstr (note, "7.0000"));
    g_assert_nonnull (strstr (note, "as of 2026-01-01 (stale: older than 180 days)"));
    g_assert_nonnull (strstr (gp_chart_data_get_footnote (data), note));
  }
  g_assert_cmpstr (gp_chart_data_get_currency (data), ==, "CNY");
  g_assert_cmpstr (gp_chart_data_get_title (data, GP_CHART_KIND_COST), ==,
                   _("A GPU-hour on each instance"));
  axis = gp_chart_data_dup_value_title (data);
  g_assert_nonnull (strstr (axis, "CNY"));

  for (guint i = 0; i < gp_chart_data_get_n_items (data); i++)
    {
      const GpChartItem *item = gp_chart_data_get_item (data, i);
      GpOffer *offer = NULL;

      for (guint j = 0; ids[j] != NULL && offer == NULL; j++)
        {
          GpOffer *candidate = gp_comparison_find_offer (catalog, ids[j]);
          const char *name = gp_instance_get_name (gp_offer_get_instance (candidate));

          if (strstr (item->label, name) != NULL)
            offer = candidate;
        }
      g_assert_nonnull (offer);
      g_assert_nonnull (
          strstr (item->label, gp_provider_get_short_name (gp_offer_get_provider (offer))));
      if (item->group == GP_ESTIMATE_PRICING_ON_DEMAND)
        {
          g_assert_cmpfloat_with_epsilon (item->total, gp_offer_get_per_gpu_hour (offer) * 7.0,
                                          1e-9);
          on_demand++;
        }
      else
        {
          g_assert_cmpint (item->group, ==, GP_ESTIMATE_PRICING_SPOT);
          g_assert_cmpfloat_with_epsilon (
              item->total, gp_offer_get_price (offer, GP_OFFER_COLUMN_SPOT, TRUE) * 7.0, 1e-9);
        }
      /* The footnote a proposal gets cites each bar's price source. */
      g_assert_nonnull (strstr (gp_chart_data_get_footnote (data),
                                gp_source_get_title (gp_offer_get_source (offer))));
    }
  g_assert_cmpuint (on_demand, ==, g_strv_length ((char **) ids));

  /* In the deck, one chart slide dated like its oldest price, before the tables. */
  gp_slide_deck_add_prices (deck, comparison);
  gp_slide_deck_add_comparison (deck, gp_comparison_build (comparison), FALSE);
  g_assert_cmpint (gp_slide_deck_get_kind (deck, 0), ==, GP_SLIDE_CHART);
  g_assert_cmpstr (gp_slide_deck_get_title (deck, 0), ==, _("A GPU-hour on each instance"));
  g_assert_nonnull (gp_slide_deck_get_as_of (deck, 0));
  g_assert_cmpint (gp_slide_deck_get_kind (deck, 1), ==, GP_SLIDE_COMPARISON);
  gp_test_slides_assert_fit (deck, "prices");
}

static void
test_rows_split (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GpSlideDeck) all = gp_slide_deck_new ();
  g_autoptr(GpSlideDeck) differences = gp_slide_deck_new ();
  g_autoptr(GpComparisonTable) table = providers_table (catalog);
  guint shown = 0, differing = 0;

  for (guint r = 0; r < table->rows->len; r++)
    {
      GpComparisonRow *row = g_ptr_array_index (table->rows, r);

      if (!g_str_equal (row->key, "sources") && !g_str_equal (row->key, "notes"))
        {
          shown++;
          differing += row->differs;
        }
    }
  g_assert_cmpuint (differing, <, shown);

  gp_slide_deck_add_comparison (all, providers_table (catalog), FALSE);
  gp_slide_deck_add_comparison (differences, providers_table (catalog), TRUE);

  /* Fewer rows, fewer slides, three at most; the number is in the foot, not the title. */
  g_assert_cmpuint (gp_slide_deck_get_n_slides (differences), <=, gp_slide_deck_get_n_slides (all));
  g_assert_cmpuint (gp_slide_deck_get_n_slides (all), <=, 3);
  g_assert_cmpstr (gp_slide_deck_get_title (all, 0), ==, _("The platforms side by side"));
}

static guint
row_index (GpComparisonTable *table,
           const char        *key)
{
  for (guint r = 0; r < table->rows->len; r++)
    if (g_str_equal (((GpComparisonRow *) g_ptr_array_index (table->rows, r))->key, key))
      return r;
  g_assert_not_reached ();
}

/* A row too long for the table's cells (the GPU models, the plans) is a list after the tables:
 * the rows around it stay together on the table slides, in the table's order, and the lists
 * are what the three-slide limit leaves out first. */
static void
test_lists_after_tables (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GpComparison) comparison = gp_comparison_new (catalog);
  g_autoptr(GpComparisonTable) table = gp_comparison_build (comparison);
  g_autoptr(GpSlideDeck) deck = gp_slide_deck_new ();
  gboolean list_seen = FALSE;
  guint tables = 0, lists = 0;
  int last = -1;

  gp_slide_deck_add_prices (deck, comparison);
  gp_slide_deck_add_comparison (deck, gp_comparison_build (comparison), FALSE);
  for (guint i = 0; i < gp_slide_deck_get_n_slides (deck); i++)
    {
      g_auto(GStrv) keys = NULL;

      if (gp_slide_deck_get_kind (deck, i) != GP_SLIDE_COMPARISON)
        continue;
      keys = gp_slide_deck_dup_row_keys (deck, i);
      g_assert_nonnull (keys[0]);
      if (gp_slide_deck_get_is_list (deck, i))
        {
          g_assert_null (keys[1]);
          list_seen = TRUE;
          lists++;
          continue;
        }
      g_assert_false (list_seen);
      tables++;
      for (guint k = 0; keys[k] != NULL; k++)
        {
          int at = row_index (table, keys[k]);

          g_assert_cmpint (at, >, last);
          last = at;
        }
    }
  g_assert_cmpuint (tables, >=, 1);
  g_assert_cmpuint (tables + lists, <=, 3);
  /* The lists are left out only for tables that fill the three slides. */
  g_assert_true (lists >= 1 || tables == 3);
}

static void
test_fit_providers (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GpSlideDeck) deck = full_deck (catalog, FALSE);

  gp_test_slides_assert_fit (deck, "providers");
}

static void
test_fit_instances (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GpSlideDeck) deck = full_deck (catalog, TRUE);

  gp_test_slides_assert_fit (deck, "instances");
}

/* A long word in a narrow column cannot push its text out of the box: it breaks. */
static void
test_fit_long_text (void)
{
  static const char layer[] =
    "{\"schema_version\":1,\"sources\":[{\"id\":\"lab\",\"title\":\"Lab\",\"as_of\":\"2026-11\"}],"
    "\"instances\":[{\"id\":\"lambda/lab\",\"provider\":\"lambda\","
    "\"name\":\"an-instance-name-far-too-long-for-any-column-of-any-slide-whatsoever\","
    "\"interconnect\":\"a very long interconnect description that goes on and on and on and on\","
    "\"gpu\":\"a10\",\"gpu_count\":1,\"source\":\"lab\","
    "\"prices\":[{\"region\":\"us-east-1\",\"on_demand\":0.5}]}]}";
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GBytes) bytes = g_bytes_new_static (layer, strlen (layer));
  g_autoptr(GpComparison) comparison = gp_comparison_new (catalog);
  g_autoptr(GpSlideDeck) deck = gp_slide_deck_new ();

  g_assert_true (gp_catalog_add_layer (catalog, bytes, "lab.json", GP_CATALOG_LAYER_USER, NULL));
  gp_comparison_set_mode (comparison, GP_COMPARISON_INSTANCES);
  for (guint i = 0; i < 5; i++)
    g_assert_true (gp_comparison_add (comparison, (const char *[]) {
                     "lambda/lab@us-east-1", "lambda/gpu_1x_a10@us-east-1",
                     "lambda/gpu_1x_a100@us-east-1", "lambda/gpu_8x_v100@us-east-1",
                     "lambda/gpu_1x_h100_pcie@us-east-1" }[i], NULL));
  gp_slide_deck_add_comparison (deck, gp_comparison_build (comparison), FALSE);
  gp_test_slides_assert_fit (deck, "long");
}

/* The check itself must catch what does not fit: one text longer than any slide can hold. */
/* The 7B LoRA of 300 A100-hours: the cost and breakdown slides have a bar for each platform
 * that can run it, at every screen size (a slide that leaves one out is a problem, named);
 * too small a slide names it. */
static void
test_charts_every_platform (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GpWorkload) job = gp_workload_new ();
  g_autoptr(GpEstimateList) estimates = NULL;
  g_autoptr(GpSlideDeck) deck = gp_slide_deck_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) problems = g_string_new (NULL);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 480, 270);
  cairo_t *cr = cairo_create (surface);

  gp_workload_set_gpu_hours (job, 300);
  gp_workload_set_reference_gpu (job, "a100-sxm4-80gb");
  gp_workload_set_model_billions (job, 7);
  gp_workload_set_method (job, GP_TRAINING_METHOD_LORA);
  estimates = gp_estimate_list_new (catalog, job, NULL, &error);
  g_assert_no_error (error);
  gp_slide_deck_add_charts (deck, estimates);
  gp_test_slides_assert_fit (deck, "lora-charts");
  /* The bars counted: the slides' charts have a bar marked for each platform that can run
   * the job, and gp_test_slides_assert_fit() above found each of them drawn, at every size. */
  {
    g_autoptr(GListModel) platforms =
        gp_estimate_group_list (estimates, GP_ESTIMATE_GROUPING_PLATFORM, NULL);
    g_autoptr(GpChartData) data = gp_chart_data_new_from_estimates (estimates, 10);
    guint bests = 0;

    for (guint i = 0; i < gp_chart_data_get_n_items (data); i++)
      bests += gp_chart_data_get_item (data, i)->platform_best;
    g_assert_cmpuint (g_list_model_get_n_items (platforms), >=, 5);
    g_assert_cmpuint (bests, ==, g_list_model_get_n_items (platforms));
  }

  /* Forty more platforms, each with one A100: no slide holds eighty bars. */
  {
    g_autoptr(GString) layer =
        g_string_new ("{\"schema_version\":1,\"sources\":[{\"id\":\"s\",\"title\":\"S\","
                      "\"as_of\":\"2026-11-30\"}],\"providers\":[");
    g_autoptr(GBytes) bytes = NULL;
    g_autoptr(GpEstimateList) many = NULL;
    g_autoptr(GpSlideDeck) crowded = gp_slide_deck_new ();

    for (guint i = 0; i < 40; i++)
      g_string_append_printf (layer,
                              "%s{\"id\":\"p%u\",\"name\":\"Platform %u\","
                              "\"kind\":\"gpu-cloud\",\"source\":\"s\",\"regions\":[{\"id\":"
                              "\"us-east-1\",\"name\":\"East\",\"location\":\"United States\"}]}",
                              i ? "," : "", i, i);
    g_string_append (layer, "],\"instances\":[");
    for (guint i = 0; i < 40; i++)
      g_string_append_printf (layer,
                              "%s{\"id\":\"p%u/a100\",\"provider\":\"p%u\",\"name\":\"a100\","
                              "\"gpu\":\"a100-sxm4-80gb\",\"gpu_count\":1,\"source\":\"s\","
                              "\"prices\":[{\"region\":\"us-east-1\",\"on_demand\":%u.5}]}",
                              i ? "," : "", i, i, 2 + i);
    g_string_append (layer, "]}");
    bytes = g_bytes_new (layer->str, layer->len);
    gp_catalog_add_layer (catalog, bytes, "many.json", GP_CATALOG_LAYER_USER, &error);
    g_assert_no_error (error);
    many = gp_estimate_list_new (catalog, job, NULL, &error);
    g_assert_no_error (error);
    gp_slide_deck_add_charts (crowded, many);
    gp_slide_deck_draw (crowded, 0, cr, 480, 270, FALSE, problems, NULL);
    g_assert_nonnull (strstr (problems->str, "slide 1: the chart has "));
    g_assert_nonnull (strstr (problems->str, " of 45 platforms"));
  }
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* The 7B LoRA fine-tune of 300 A100-hours, for a lab at @lab. */
static GpEstimateList *
lora_estimates (GpCatalog     *catalog,
                GpLabLocation  lab,
                const char    *region)
{
  g_autoptr(GpWorkload) job = gp_workload_new ();
  g_autoptr(GError) error = NULL;
  GpEstimateList *estimates;

  gp_workload_set_gpu_hours (job, 300);
  gp_workload_set_reference_gpu (job, "a100-sxm4-80gb");
  gp_workload_set_model_billions (job, 7);
  gp_workload_set_method (job, GP_TRAINING_METHOD_LORA);
  gp_workload_set_lab_location (job, lab);
  gp_workload_set_region (job, region);
  estimates = gp_estimate_list_new (catalog, job, NULL, &error);
  g_assert_no_error (error);
  return estimates;
}

/* The title slide names the job: the model and method, the hours on the reference GPU by its
 * name (it read "300 GPU-hours on one a100-sxm4-80gb"), the GPUs a machine and the region by
 * its name. */
static void
test_title_names_job (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  const char *const regions[] = { NULL, "us-east-1" };

  for (guint r = 0; r < G_N_ELEMENTS (regions); r++)
    {
      g_autoptr(GpEstimateList) estimates =
          lora_estimates (catalog, GP_LAB_LOCATION_ELSEWHERE, regions[r]);
      g_autoptr(GpSlideDeck) deck = gp_slide_deck_new ();
      g_autofree char *text = NULL;
      g_autofree char *model =
          g_strdup_printf (_("A %sB-parameter model, %s"), "7",
                           gp_training_method_get_label (GP_TRAINING_METHOD_LORA));
      g_autofree char *gpus = g_strdup_printf (
          g_dngettext (GETTEXT_PACKAGE, "%u GPU per machine", "%u GPUs per machine", 1), 1);
      /* The region by the catalog's name for it, translated (it read "Region: us-east-1"). */
      g_autofree char *region =
          regions[r] != NULL
              ? g_strdup_printf (_("Region: %s"),
                                 g_dpgettext2 (GETTEXT_PACKAGE, "place", "US East (N. Virginia)"))
              : g_strdup (_("Region: any"));

      gp_slide_deck_add_title (deck, estimates);
      text = gp_slide_deck_dup_text (deck, 0);
      g_test_message ("%s", text);
      g_assert_nonnull (strstr (text, model));
      g_assert_nonnull (
          strstr (text, gp_gpu_get_name (gp_catalog_find_gpu (catalog, "a100-sxm4-80gb"))));
      g_assert_null (strstr (text, "a100-sxm4-80gb"));
      g_assert_nonnull (strstr (text, gpus));
      g_assert_nonnull (strstr (text, region));
      g_assert_null (strstr (text, "us-east-1"));
      gp_test_slides_assert_fit (deck, "title");
    }
}

/* The oldest price among @estimates' first @n, and the option it is. */
static const char *
oldest_of (GListModel *choices,
           guint       n,
           char      **what)
{
  const char *oldest = NULL;

  for (guint i = 0; i < MIN (n, g_list_model_get_n_items (choices)); i++)
    {
      g_autoptr(GpChoice) choice = g_list_model_get_item (choices, i);
      GpEstimate *estimate = gp_choice_get_estimate (choice);
      const char *as_of = gp_estimate_get_as_of (estimate);

      if (oldest == NULL || gp_as_of_compare (as_of, oldest) < 0)
        {
          oldest = as_of;
          g_free (*what);
          *what = gp_estimate_dup_label (estimate);
        }
    }
  return oldest;
}

/* Each slide's foot dates the oldest price it shows and names it: a chart's, that of every
 * bar drawn (the charts said the date of the ten cheapest options while showing older
 * platforms' prices); the summary's and the recommendation's, that of their options. */
static void
test_footers_date_oldest (void)
{
  /* A platform whose only A100 is dear, priced long ago: its bar is drawn, far down. */
  static const char layer[] =
      "{\"schema_version\":1,\"sources\":[{\"id\":\"o\",\"title\":\"Old prices\","
      "\"as_of\":\"2020-05-01\"}],\"providers\":[{\"id\":\"old\",\"name\":\"Old "
      "Cloud\",\"kind\":\"gpu-cloud\",\"pricing\":[\"on-demand\"],\"billing\":{"
      "\"increment_s\":1,\"source\":\"o\"},\"regions\":[{\"id\":\"r1\",\"name\":"
      "\"Region one\"}],\"source\":\"o\"}],\"instances\":[{\"id\":\"old/a100\","
      "\"provider\":\"old\",\"name\":\"a100\",\"gpu\":\"a100-sxm4-80gb\","
      "\"gpu_count\":1,\"source\":\"o\",\"prices\":[{\"region\":\"r1\","
      "\"on_demand\":90}]}]}";
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GBytes) bytes = g_bytes_new_static (layer, strlen (layer));
  g_autoptr(GpEstimateList) estimates = NULL;
  g_autoptr(GpRecommender) recommender = NULL;
  g_autoptr(GpRecommendation) answer = NULL;
  g_autoptr(GpChartData) data = NULL;
  g_autoptr(GpSlideDeck) deck = gp_slide_deck_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *chosen_what = NULL;
  const char *chart_oldest = NULL, *chart_what = NULL, *chosen;
  guint charts = 0;

  g_assert_true (gp_catalog_add_layer (catalog, bytes, "old.json", GP_CATALOG_LAYER_USER, NULL));
  estimates = lora_estimates (catalog, GP_LAB_LOCATION_ELSEWHERE, NULL);
  recommender = gp_recommender_new (gp_estimate_list_get_workload (estimates));
  data = gp_chart_data_new_from_estimates (estimates, 10);
  answer = gp_recommender_recommend (recommender, catalog, NULL, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < gp_chart_data_get_n_items (data); i++)
    {
      const GpChartItem *item = gp_chart_data_get_item (data, i);

      for (guint j = 0; item->sources != NULL && j < item->sources->len; j++)
        {
          const char *as_of = gp_source_get_as_of (g_ptr_array_index (item->sources, j));

          if (chart_oldest == NULL || gp_as_of_compare (as_of, chart_oldest) < 0)
            chart_oldest = as_of, chart_what = item->label;
        }
    }
  g_assert_cmpstr (chart_oldest, ==, "2020-05-01");
  chosen = oldest_of (gp_recommendation_get_choices (answer), 3, &chosen_what);

  gp_slide_deck_add_title (deck, estimates);
  gp_slide_deck_add_summary (deck, estimates, answer);
  gp_slide_deck_add_charts (deck, estimates);
  gp_slide_deck_add_recommendation (deck, answer);
  for (guint i = 1; i < gp_slide_deck_get_n_slides (deck); i++)
    {
      g_autofree char *footer = gp_slide_deck_dup_footer (deck, i);
      gboolean chart = gp_slide_deck_get_kind (deck, i) == GP_SLIDE_CHART;

      g_test_message ("slide %u: %s", i + 1, footer);
      g_assert_cmpstr (gp_slide_deck_get_as_of (deck, i), ==, chart ? chart_oldest : chosen);
      g_assert_nonnull (strstr (footer, chart ? chart_what : chosen_what));
      charts += chart;
    }
  g_assert_cmpuint (charts, ==, 4);
  gp_test_slides_assert_fit (deck, "footers");
}

/* For a lab in mainland China, an option it cannot reach is never shown as an answer: not
 * among the lines in colour (four Colab lines were), not on the Pareto front, not on the
 * summary; it stays on the charts, marked. */
static void
test_unreachable_not_highlighted (void)
{
  /* The cheapest A100s, on a cloud a campus in mainland China cannot reach. */
  static const char layer[] =
      "{\"schema_version\":1,\"sources\":[{\"id\":\"w\",\"title\":\"Walled prices\","
      "\"as_of\":\"2026-11-30\"}],\"providers\":[{\"id\":\"walled\",\"name\":\"Walled "
      "Cloud\",\"kind\":\"gpu-cloud\",\"pricing\":[\"on-demand\"],\"billing\":{"
      "\"increment_s\":1,\"source\":\"w\"},\"reachability\":{\"mainland_china\":"
      "\"unreachable\",\"note\":\"walled\",\"source\":\"w\"},\"regions\":[{\"id\":"
      "\"r1\",\"name\":\"Region one\"},{\"id\":\"r2\",\"name\":\"Region two\"}],"
      "\"source\":\"w\"}],\"instances\":[{\"id\":\"walled/a100\",\"provider\":"
      "\"walled\",\"name\":\"a100\",\"gpu\":\"a100-sxm4-80gb\",\"gpu_count\":1,"
      "\"source\":\"w\",\"prices\":[{\"region\":\"r1\",\"on_demand\":0.5},{"
      "\"region\":\"r2\",\"on_demand\":0.6}]}]}";
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GBytes) bytes = g_bytes_new_static (layer, strlen (layer));
  g_autoptr(GpEstimateList) estimates = NULL;
  g_autoptr(GpChartData) data = NULL;
  g_autoptr(GpSlideDeck) deck = gp_slide_deck_new ();
  g_autofree char *summary = NULL;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 10, 10);
  cairo_t *cr = cairo_create (surface);
  GpChartStyle style;
  GpChartLayout layout = { 0 };
  guint unreachable = 0, cheaper_unreachable = 0;

  g_assert_true (gp_catalog_add_layer (catalog, bytes, "walled.json", GP_CATALOG_LAYER_USER, NULL));
  estimates = lora_estimates (catalog, GP_LAB_LOCATION_MAINLAND_CHINA, NULL);
  data = gp_chart_data_new_from_estimates (estimates, 10);
  for (guint i = 0; i < gp_chart_data_get_n_items (data); i++)
    {
      const GpChartItem *item = gp_chart_data_get_item (data, i);

      unreachable += item->unreachable;
      g_assert_false (item->unreachable && item->pareto);
    }
  g_assert_cmpuint (unreachable, >, 0);

  gp_chart_style_init (&style, GP_CHART_STYLE_PRESENTATION);
  gp_chart_layout_compute (cr, GP_CHART_KIND_CUMULATIVE, data, &style, 1600, 900, &layout);
  g_assert_cmpuint (layout.highlighted, >, 0);
  for (guint i = 0; i < layout.shown->len; i++)
    {
      const GpChartItem *item = gp_chart_data_get_item (data, g_array_index (layout.shown, int, i));

      if (i < layout.highlighted)
        g_assert_false (item->unreachable);
      else if (item->unreachable)
        cheaper_unreachable++;
    }
  g_assert_cmpuint (cheaper_unreachable, >, 0);
  gp_chart_layout_clear (&layout);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);

  gp_slide_deck_add_summary (deck, estimates, NULL);
  summary = gp_slide_deck_dup_text (deck, 0);
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (estimates)); i++)
    {
      g_autoptr(GpEstimate) estimate = g_list_model_get_item (G_LIST_MODEL (estimates), i);
      g_autofree char *label = gp_estimate_dup_short_label (estimate, FALSE);

      if (gp_estimate_get_reachability (estimate) == GP_REACHABILITY_UNREACHABLE)
        g_assert_null (strstr (summary, label));
    }
}

static gboolean
segments_cross (double ax, double ay, double bx, double by,
                double cx, double cy, double dx, double dy)
{
  double d1 = (dx - cx) * (ay - cy) - (dy - cy) * (ax - cx);
  double d2 = (dx - cx) * (by - cy) - (dy - cy) * (bx - cx);
  double d3 = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
  double d4 = (bx - ax) * (dy - ay) - (by - ay) * (dx - ax);

  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

/* The 7B LoRA's spending over time as a slide shows it, 4:3 and 16:9: no label's leader line
 * crosses another option's line (they crossed the plot), and no label stands below the plot,
 * where the time axis's last figure is (one covered it). */
static void
test_label_lines (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GpEstimateList) estimates = lora_estimates (catalog, GP_LAB_LOCATION_ELSEWHERE, NULL);
  g_autoptr(GpChartData) lora = gp_chart_data_new_from_estimates (estimates, 10);
  g_autoptr(GpChartData) crossing = gp_chart_data_new ("USD");
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 10, 10);
  cairo_t *cr = cairo_create (surface);
  const double widths[] = { 1440, 1920 };
  /* A dear short run, whose label's line would pass over a long cheap one; one that costs
   * next to nothing, whose label sits at the foot of the plot. */
  const struct
  {
    const char *name;
    double total, hours;
  } runs[] = { { "Short and dear", 900, 100 }, { "Long", 1000, 1000 }, { "Nearly free", 5, 2000 } };
  GpChartStyle style;

  g_autoptr(GpChartData) foot = gp_chart_data_new ("USD");
  GpChartData *datasets[3];

  for (guint i = 0; i < G_N_ELEMENTS (runs); i++)
    {
      gp_chart_data_add (crossing, runs[i].name, 0, (double[GP_CHART_N_PARTS]){ runs[i].total },
                         runs[i].hours);
      /* Without the short run, no line is in the way: labels at the lines' ends. */
      if (i > 0)
        gp_chart_data_add (foot, runs[i].name, 0, (double[GP_CHART_N_PARTS]){ runs[i].total },
                           runs[i].hours);
    }
  datasets[0] = lora, datasets[1] = crossing, datasets[2] = foot;
  gp_chart_style_init (&style, GP_CHART_STYLE_PRESENTATION);
  for (guint k = 0; k < G_N_ELEMENTS (datasets) * G_N_ELEMENTS (widths); k++)
    {
      guint w = k % G_N_ELEMENTS (widths);
      GpChartData *data = datasets[k / G_N_ELEMENTS (widths)];
      /* At a slide's scale: the chart's smallest text 24 units of 1080. */
      double scale = GP_SLIDE_SMALLEST_TEXT / gp_chart_get_smallest_text_size (&style);
      GpChartLayout layout = { 0 };
      double ox;

      gp_chart_layout_compute (cr, GP_CHART_KIND_CUMULATIVE, data, &style,
                               (widths[w] - 128) / scale, 912 / scale, &layout);
      ox = gp_chart_layout_x (&layout, 0);
      g_assert_nonnull (layout.labels);
      for (guint i = 0; i < layout.labels->len; i++)
        {
          const GpChartLabel *label = &g_array_index (layout.labels, GpChartLabel, i);
          double line = layout.label_line;

          g_assert_true (!label->numbered || data != foot);
          if (label->numbered)
            {
              /* A number beside its line's end is over no line drawn, grey ones included,
               * where the chart has room for it (the 7B LoRA's has). */
              const GpChartRect *r = &label->rect;

              for (guint j = 0; j < layout.shown->len; j++)
                {
                  const GpChartItem *item =
                      gp_chart_data_get_item (data, g_array_index (layout.shown, int, j));
                  double x0 = ox, y0 = gp_chart_layout_y (&layout, item->start);
                  double x1 = gp_chart_layout_x (&layout, item->hours);
                  double y1 = gp_chart_layout_y (&layout, item->total);

                  g_assert_false (segments_cross (x0, y0, x1, y1, r->x, r->y, r->x + r->width,
                                                  r->y + r->height) ||
                                  segments_cross (x0, y0, x1, y1, r->x, r->y + r->height,
                                                  r->x + r->width, r->y));
                }
              continue;
            }
          g_assert_cmpfloat (label->rect.y + label->rect.height, <=,
                             layout.plot.y + layout.plot.height + 0.01);
          for (guint j = 0; j < layout.shown->len; j++)
            {
              const GpChartItem *item =
                  gp_chart_data_get_item (data, g_array_index (layout.shown, int, j));

              if (g_array_index (layout.shown, int, j) == label->item)
                continue;
              g_assert_false (segments_cross (label->anchor_x + line * 0.3, label->anchor_y,
                                              label->rect.x - line * 0.15,
                                              label->rect.y + label->rect.height / 2, ox,
                                              gp_chart_layout_y (&layout, item->start),
                                              gp_chart_layout_x (&layout, item->hours),
                                              gp_chart_layout_y (&layout, item->total)));
            }
        }
      gp_chart_layout_clear (&layout);
    }
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

static void
test_problems_reported (void)
{
  g_autoptr(GString) layer = g_string_new ("{\"schema_version\":1,\"sources\":[{\"id\":\"lab\","
                                           "\"title\":\"Lab\",\"as_of\":\"2026-11\"}],"
                                           "\"instances\":[{\"id\":\"lambda/lab\","
                                           "\"provider\":\"lambda\",\"name\":\"lab\","
                                           "\"interconnect\":\"");
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GpComparison) comparison = gp_comparison_new (catalog);
  g_autoptr(GpSlideDeck) deck = gp_slide_deck_new ();
  g_autoptr(GBytes) bytes = NULL;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 192, 108);
  cairo_t *cr = cairo_create (surface);
  g_autoptr(GString) problems = g_string_new (NULL);

  for (guint i = 0; i < 400; i++)
    g_string_append (layer, "words ");
  g_string_append (layer, "\",\"gpu\":\"a10\",\"gpu_count\":1,\"source\":\"lab\","
                          "\"prices\":[{\"region\":\"us-east-1\",\"on_demand\":0.5}]}]}");
  bytes = g_bytes_new (layer->str, layer->len);
  g_assert_true (gp_catalog_add_layer (catalog, bytes, "lab.json", GP_CATALOG_LAYER_USER, NULL));
  gp_comparison_set_mode (comparison, GP_COMPARISON_INSTANCES);
  g_assert_true (gp_comparison_add (comparison, "lambda/lab@us-east-1", NULL));
  g_assert_true (gp_comparison_add (comparison, "lambda/gpu_1x_a10@us-east-1", NULL));
  gp_slide_deck_add_comparison (deck, gp_comparison_build (comparison), FALSE);

  for (guint i = 0; i < gp_slide_deck_get_n_slides (deck); i++)
    gp_slide_deck_draw (deck, i, cr, 1920, 1080, FALSE, problems, NULL);
  g_assert_nonnull (strstr (problems->str, "below"));
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* The slide of the job's emissions on each option: its bars kgCO2e, its foot the method and
 * the grids' sources (Electricity Maps' figures, whose licence asks for the attribution); it
 * fits every projector; a job of no known emissions adds no slide. */
static void
test_emissions (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autofree char *path =
      g_test_build_filename (G_TEST_DIST, "fixtures", "carbon-catalog.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GpWorkload) job = gp_workload_new ();
  const char *providers[] = { "two-grids", NULL };
  const char *unknown[] = { "no-power", NULL };
  g_autoptr(GpEstimateList) estimates = NULL;
  g_autoptr(GpEstimateList) none = NULL;
  g_autoptr(GpSlideDeck) deck = gp_slide_deck_new ();
  g_autoptr(GpSlideDeck) empty = gp_slide_deck_new ();
  g_autoptr(GError) error = NULL;
  GpChartData *data;

  gp_catalog_add_layer_from_file (catalog, file, GP_CATALOG_LAYER_EXTRA, &error);
  g_assert_no_error (error);
  gp_workload_set_gpu_hours (job, 800);
  gp_workload_set_reference_gpu (job, "a100-sxm4-40gb");
  gp_workload_set_gpus (job, 8);
  gp_workload_set_providers (job, providers);
  estimates = gp_estimate_list_new (catalog, job, NULL, &error);
  g_assert_no_error (error);

  data = gp_slide_deck_add_emissions (deck, estimates);
  g_assert_nonnull (data);
  g_assert_cmpuint (gp_slide_deck_get_n_slides (deck), ==, 1);
  g_assert_cmpint (gp_slide_deck_get_kind (deck, 0), ==, GP_SLIDE_CHART);
  g_assert_cmpstr (gp_slide_deck_get_title (deck, 0), ==,
                   _("Emissions of the job on each option"));
  g_assert_cmpuint (gp_chart_data_get_n_items (data), ==, 2);
  g_assert_true (g_str_has_prefix (gp_chart_data_get_footnote (data),
                                   _("Emissions by the method of Green Algorithms (Lannelongue et "
                                      "al. 2021), location-based. Grids:")));
  /* The fixture's grid source, by its title, which no translation covers. */
  g_assert_nonnull (strstr (gp_chart_data_get_footnote (data),
                            " Test grid figures: a coal-heavy grid and a hydro grid, as "
                            "Electricity Maps' 2024"));
  gp_test_slides_assert_fit (deck, "emissions");

  gp_workload_set_providers (job, unknown);
  gp_workload_set_reference_gpu (job, "unpowered-gpu");
  gp_workload_set_gpus (job, 1);
  none = gp_estimate_list_new (catalog, job, NULL, &error);
  g_assert_no_error (error);
  g_assert_null (gp_slide_deck_add_emissions (empty, none));
  g_assert_cmpuint (gp_slide_deck_get_n_slides (empty), ==, 0);
}

static void
test_pdf (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GpSlideDeck) deck = full_deck (catalog, FALSE);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) pdf = gp_slide_deck_to_pdf (deck, &error);
  gsize length;
  const char *data;

  g_assert_no_error (error);
  data = g_bytes_get_data (pdf, &length);
  g_assert_true (g_str_has_prefix (data, "%PDF-"));
  /* One page a slide, each 16:9: 960 × 540 points, 13.33 × 7.5 inches. */
  g_assert_cmpuint (gp_test_count (data, length, "/Type /Page\n") +
                        gp_test_count (data, length, "/Type /Page "),
                    ==, gp_slide_deck_get_n_slides (deck));
  g_assert_cmpuint (gp_test_count (data, length, "/MediaBox [ 0 0 960 540 ]"), ==,
                    gp_slide_deck_get_n_slides (deck));
  /* With GP_SLIDES_PNG=DIR, the PDF too, to render and look at. */
  if (g_getenv ("GP_SLIDES_PNG") != NULL)
    {
      g_autofree char *file = g_build_filename (g_getenv ("GP_SLIDES_PNG"), "slides.pdf", NULL);

      g_file_set_contents (file, data, length, &error);
      g_assert_no_error (error);
    }
}

/* Whether a search for @words shows an offer of @instance. */
static gboolean
finds (GpCatalog  *catalog,
       const char *words,
       GpInstance *instance)
{
  GListModel *offers = gp_catalog_get_offers (catalog);
  g_autoptr(GpOfferFilter) filter = gp_offer_filter_new ();

  gp_offer_filter_set_search (filter, words);
  for (guint i = 0; i < g_list_model_get_n_items (offers); i++)
    {
      g_autoptr(GpOffer) offer = g_list_model_get_item (offers, i);

      if (gp_offer_get_instance (offer) == instance && gp_offer_filter_match (filter, offer))
        return TRUE;
    }
  return FALSE;
}

/* A machine named in words is named in the user's language on slides, tables and charts; a
 * provider's code ("p4d.24xlarge") is the same in every language; either name finds it, and
 * what is written back to a file is the catalog's own. */
static void
test_instance_names (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  GpInstance *colab = gp_catalog_find_instance (catalog, "colab/t4");
  GpInstance *p4d = gp_catalog_find_instance (catalog, "aws-ec2/p4d.24xlarge");
  gboolean chinese = g_strcmp0 (g_getenv ("LANGUAGE"), "zh_CN") == 0;

  g_assert_nonnull (colab);
  g_assert_nonnull (p4d);
  g_assert_cmpstr (gp_instance_get_raw_name (colab), ==, "Colab T4 runtime");
  g_assert_cmpstr (gp_instance_get_name (colab), ==,
                   chinese ? "Colab T4 运行时" : "Colab T4 runtime");
  g_assert_cmpstr (gp_instance_get_name (p4d), ==, "p4d.24xlarge");
  g_assert_true (finds (catalog, "runtime", colab));
  if (chinese)
    g_assert_true (finds (catalog, "运行时", colab));
}

/* The comparison's price chart marks, for a lab in mainland China, each bar it reaches across
 * the border or not at all, a platform in China's region abroad included, and says what the
 * marks mean; for a lab elsewhere, no bar. */
static void
test_prices_chart_reach (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autofree char *path =
      g_test_build_filename (G_TEST_DIST, "fixtures", "reach-catalog.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  const char *ids[] = { "near/one@r1", "far/one@r1", "walled/one@r1", "offshore/one@abroad",
                        "offshore/one@home" };
  const GpLabLocation places[] = { GP_LAB_LOCATION_MAINLAND_CHINA, GP_LAB_LOCATION_ELSEWHERE };
  /* The marks as the user's language writes them after a name: " (across the border)". */
  g_autofree char *across_mark =
      gp_chart_mark_reach ("", gp_reachability_get_mark (GP_REACHABILITY_CROSS_BORDER));
  g_autofree char *unreachable_mark =
      gp_chart_mark_reach ("", gp_reachability_get_mark (GP_REACHABILITY_UNREACHABLE));

  gp_catalog_add_layer_from_file (catalog, file, GP_CATALOG_LAYER_EXTRA, &error);
  g_assert_no_error (error);
  for (guint p = 0; p < G_N_ELEMENTS (places); p++)
    {
      g_autoptr(GpComparison) comparison = gp_comparison_new (catalog);
      g_autoptr(GpChartData) data = NULL;
      guint across = 0, unreachable = 0;

      gp_comparison_clear (comparison);
      gp_comparison_set_mode (comparison, GP_COMPARISON_INSTANCES);
      for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
        {
          g_assert_true (gp_comparison_add (comparison, ids[i], &error));
          g_assert_no_error (error);
        }
      gp_comparison_set_lab_location (comparison, places[p]);
      data = gp_chart_data_new_from_comparison (comparison);
      g_assert_cmpuint (gp_chart_data_get_n_items (data), ==, G_N_ELEMENTS (ids));
      for (guint i = 0; i < gp_chart_data_get_n_items (data); i++)
        {
          const char *label = gp_chart_data_get_item (data, i)->label;

          across += g_str_has_suffix (label, across_mark);
          unreachable += g_str_has_suffix (label, unreachable_mark);
        }
      if (places[p] == GP_LAB_LOCATION_MAINLAND_CHINA)
        {
          /* Far Cloud, and Offshore Cloud in its region abroad. */
          g_assert_cmpuint (across, ==, 2);
          g_assert_cmpuint (unreachable, ==, 1);
          g_assert_nonnull (strstr (gp_chart_data_get_footnote (data), gp_chart_reach_note ()));
        }
      else
        {
          g_assert_cmpuint (across + unreachable, ==, 0);
          g_assert_null (strstr (gp_chart_data_get_footnote (data), gp_chart_reach_note ()));
        }
    }
}

/* A chart in another currency than the catalog's names the rate, its date and its source in
 * its footnote, as the title slide does, stale past the catalog's limit as its prices are;
 * one in the catalog's says none. In the deck's language: the figures are checked, the words
 * are the translation's. */
static void
test_footnote_names_rate (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  const char *codes[] = { "CNY", "EUR", "USD" };
  const char *figures[] = { "7.1072", "0.8627", NULL };
  const char *dates[] = { "2025-09-01", "2026-09-11", NULL };

  for (guint stale = 0; stale < 2; stale++)
    for (guint i = 0; i < G_N_ELEMENTS (codes); i++)
      {
        g_autoptr(GpWorkload) workload = gp_workload_new ();
        g_autoptr(GpEstimateList) list = NULL;
        g_autoptr(GpChartData) data = NULL;
        g_autoptr(GError) error = NULL;
        g_autofree char *line = NULL, *mark = NULL;
        const char *footnote;
        guint limit = stale ? 30 : 100000;

        gp_workload_set_gpu_hours (workload, 10);
        gp_workload_set_reference_gpu (workload, "a100-sxm4-40gb");
        gp_workload_convert_currency (workload, "USD", codes[i], NULL, NULL, limit);
        gp_catalog_set_stale_after_days (catalog, limit);
        list = gp_estimate_list_new (catalog, workload, NULL, &error);
        g_assert_no_error (error);
        data = gp_chart_data_new_from_estimates (list, 20);
        footnote = gp_chart_data_get_footnote (data);
        line = gp_chart_data_dup_prices_line (list);
        mark = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s (stale: older than %u day)",
                                             "%s (stale: older than %u days)", 30),
                                "", 30);
        g_test_message ("%s", footnote);
        if (figures[i] == NULL)
          {
            g_assert_null (strstr (footnote, line));
            continue;
          }
        g_assert_nonnull (strstr (footnote, line));
        g_assert_nonnull (strstr (line, figures[i]));
        g_assert_nonnull (strstr (line, dates[i]));
        g_assert_true ((strstr (line, mark) != NULL) == stale);
      }
}

int
main (int   argc,
      char *argv[])
{
  const char *localedir = g_getenv ("GP_LOCALEDIR");

  setlocale (LC_ALL, "");
  if (localedir != NULL)
    bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/slides/contents", test_contents);
  g_test_add_func ("/slides/prices-chart", test_prices_chart);
  g_test_add_func ("/slides/prices-chart-reach", test_prices_chart_reach);
  g_test_add_func ("/slides/rows-split", test_rows_split);
  g_test_add_func ("/slides/lists-after-tables", test_lists_after_tables);
  g_test_add_func ("/slides/fit-providers", test_fit_providers);
  g_test_add_func ("/slides/fit-instances", test_fit_instances);
  g_test_add_func ("/slides/fit-long-text", test_fit_long_text);
  g_test_add_func ("/slides/problems-reported", test_problems_reported);
  g_test_add_func ("/slides/charts-every-platform", test_charts_every_platform);
  g_test_add_func ("/slides/pdf", test_pdf);
  g_test_add_func ("/slides/emissions", test_emissions);
  g_test_add_func ("/slides/title-names-job", test_title_names_job);
  g_test_add_func ("/slides/footers-date-oldest", test_footers_date_oldest);
  g_test_add_func ("/slides/unreachable-not-highlighted", test_unreachable_not_highlighted);
  g_test_add_func ("/slides/label-lines", test_label_lines);
  g_test_add_func ("/slides/instance-names", test_instance_names);
  g_test_add_func ("/slides/chart-footnote-names-rate", test_footnote_names_rate);

  return g_test_run ();
}
