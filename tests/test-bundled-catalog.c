/* test-bundled-catalog.c — what every version of the bundled catalog must be, whatever its figures
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The one test that reads data/catalog/catalog.json (its path is the first argument). It asserts
 * no price, only what a price update must keep true, so that a new catalog breaks it only when
 * the catalog is wrong.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "gp-catalog.h"
#include "gp-comparison.h"
#include "gp-estimate-list.h"
#include "gp-price-history.h"
#include "gp-launch.h"
#include "gp-project-cost.h"
#include "gp-model-private.h"

static const char *catalog_path;

static GpCatalog *
bundled (void)
{
  static GpCatalog *catalog;

  if (catalog == NULL)
    {
      g_autoptr(GFile) file = g_file_new_for_path (catalog_path);
      g_autoptr(GError) error = NULL;

      catalog = gp_catalog_new ();
      gp_catalog_add_layer_from_file (catalog, file, GP_CATALOG_LAYER_BUNDLED, &error);
      g_assert_no_error (error);
    }
  return catalog;
}

static gboolean
is_dated (GpSource *source)
{
  return source != NULL && gp_source_get_as_of (source) != NULL &&
         *gp_source_get_as_of (source) != '\0';
}

/* It loads as the app loads it, with no problem and no warning. */
static void
test_valid (void)
{
  GpCatalog *catalog = bundled ();

  g_assert_cmpuint (g_strv_length ((char **) gp_catalog_get_problems (catalog)), ==, 0);
  g_assert_cmpuint (g_strv_length ((char **) gp_catalog_get_warnings (catalog)), ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (gp_catalog_get_offers (catalog)), >, 0);
  g_assert_cmpstr (gp_catalog_get_currency (catalog), ==, "USD");
}

/* Every figure has a source with a date: offers, derived rules, GPU models, providers. */
static void
test_every_figure_sourced (void)
{
  GpCatalog *catalog = bundled ();
  GPtrArray *offers = gp_catalog_get_offer_array (catalog);
  GListModel *gpus = gp_catalog_get_gpus (catalog);
  GListModel *providers = gp_catalog_get_providers (catalog);

  for (guint i = 0; i < offers->len; i++)
    {
      GpOffer *offer = g_ptr_array_index (offers, i);
      GpInstance *instance = gp_offer_get_instance (offer);

      if (!is_dated (gp_offer_get_source (offer)))
        g_error ("%s in %s has no dated source", gp_instance_get_id (instance),
                 gp_offer_get_region_id (offer));
      g_assert_nonnull (gp_offer_get_as_of (offer));
      if (gp_offer_get_price_basis (offer) == GP_PRICE_BASIS_DERIVED)
        {
          g_assert_nonnull (gp_instance_get_derived_rule (instance));
          g_assert_nonnull (gp_catalog_find_instance (catalog,
                                                      gp_instance_get_derived_from (instance)));
          g_assert_cmpfloat (gp_instance_get_derived_factor (instance), >, 0);
        }
    }

  for (guint i = 0; i < g_list_model_get_n_items (gpus); i++)
    {
      g_autoptr(GpGpu) gpu = g_list_model_get_item (gpus, i);

      if (!is_dated (gp_gpu_get_source (gpu)))
        g_error ("the GPU model %s has no dated source", gp_gpu_get_id (gpu));
      if (!isnan (gp_gpu_get_tdp_w (gpu)) && !is_dated (gp_gpu_get_tdp_source (gpu)))
        g_error ("the GPU model %s's power has no dated source", gp_gpu_get_id (gpu));
    }

  for (guint i = 0; i < g_list_model_get_n_items (providers); i++)
    {
      g_autoptr(GpProvider) provider = g_list_model_get_item (providers, i);

      GListModel *regions = gp_provider_get_regions (provider);

      if (!is_dated (gp_provider_get_source (provider)))
        g_error ("the provider %s has no dated source", gp_provider_get_id (provider));
      /* A region's grid and PUE, where it has them, each with theirs. */
      for (guint r = 0; r < g_list_model_get_n_items (regions); r++)
        {
          g_autoptr(GpRegion) region = g_list_model_get_item (regions, r);
          const GpGridFigure *grid = gp_region_get_grid (region);

          if (grid != NULL && !is_dated (grid->source))
            g_error ("%s's %s: the grid figure has no dated source", gp_provider_get_id (provider),
                     gp_region_get_id (region));
          if (!isnan (gp_region_get_pue (region)) && !is_dated (gp_region_get_pue_source (region)))
            g_error ("%s's %s: the PUE has no dated source", gp_provider_get_id (provider),
                     gp_region_get_id (region));
        }
    }
}

static void
assert_positive_or_unknown (GpOffer    *offer,
                            double      price,
                            const char *what)
{
  if (!isnan (price) && !(price > 0))
    g_error ("%s in %s: %s is %g", gp_instance_get_id (gp_offer_get_instance (offer)),
             gp_offer_get_region_id (offer), what, price);
}

/* Prices are positive; one GPU's price is the instance's over its GPUs; spot is below on-demand
 * or flagged; a commitment costs less an hour than on-demand, three years no more than one. */
static void
test_prices_consistent (void)
{
  GPtrArray *offers = gp_catalog_get_offer_array (bundled ());

  for (guint i = 0; i < offers->len; i++)
    {
      GpOffer *offer = g_ptr_array_index (offers, i);
      GpInstance *instance = gp_offer_get_instance (offer);
      const char *id = gp_instance_get_id (instance);
      double on_demand = gp_offer_get_listed_price (offer, GP_ESTIMATE_PRICING_ON_DEMAND);
      double spot = gp_offer_get_listed_price (offer, GP_ESTIMATE_PRICING_SPOT);
      double reserved_1y = gp_offer_get_listed_price (offer, GP_ESTIMATE_PRICING_RESERVED_1Y);
      double reserved_3y = gp_offer_get_listed_price (offer, GP_ESTIMATE_PRICING_RESERVED_3Y);

      assert_positive_or_unknown (offer, on_demand, "on-demand");
      assert_positive_or_unknown (offer, spot, "spot");
      assert_positive_or_unknown (offer, reserved_1y, "a 1-year commitment");
      assert_positive_or_unknown (offer, reserved_3y, "a 3-year commitment");

      g_assert_cmpuint (gp_instance_get_gpu_count (instance), >, 0);
      if (!isnan (on_demand))
        g_assert_cmpfloat_with_epsilon (
            gp_offer_get_price (offer, GP_OFFER_COLUMN_ON_DEMAND, TRUE) *
                gp_instance_get_gpu_count (instance),
            gp_offer_get_on_demand (offer), 1e-9 * on_demand);

      if (!isnan (spot) && !isnan (on_demand) && spot >= on_demand &&
          !(gp_offer_get_anomalies (offer) & GP_ANOMALY_SPOT_ABOVE_ON_DEMAND))
        g_error ("%s in %s: spot %g is not below on-demand %g, and not flagged", id,
                 gp_offer_get_region_id (offer), spot, on_demand);
      if (!isnan (reserved_1y) && !isnan (on_demand) && reserved_1y >= on_demand)
        g_error ("%s in %s: a 1-year commitment %g is not below on-demand %g", id,
                 gp_offer_get_region_id (offer), reserved_1y, on_demand);
      if (!isnan (reserved_3y) && !isnan (on_demand) && reserved_3y >= on_demand)
        g_error ("%s in %s: a 3-year commitment %g is not below on-demand %g", id,
                 gp_offer_get_region_id (offer), reserved_3y, on_demand);
      if (!isnan (reserved_3y) && !isnan (reserved_1y))
        g_assert_cmpfloat (reserved_3y, <=, reserved_1y);
    }
}

/* Spot flags: one rule for every provider (a spot's share of on-demand is flagged exactly when
 * gp_spot_is_doubtfully_low() says), AWS's cap never an end of a spot range, and a derived offer
 * doubted wherever its base offer's price is. */
static void
test_spot_flags_one_rule (void)
{
  const GpAnomaly follows = GP_ANOMALY_ZERO_PRICE | GP_ANOMALY_GPU_COUNT_SUSPECT |
                            GP_ANOMALY_REGIONAL_OUTLIER | GP_ANOMALY_LOW_OUTLIER;
  GPtrArray *offers = gp_catalog_get_offer_array (bundled ());
  guint carried = 0;

  for (guint i = 0; i < offers->len; i++)
    {
      GpOffer *offer = g_ptr_array_index (offers, i);
      GpInstance *instance = gp_offer_get_instance (offer);
      double on_demand = gp_offer_get_on_demand (offer);
      double spot = gp_offer_get_spot_min (offer);
      gboolean flagged = (gp_offer_get_anomalies (offer) & GP_ANOMALY_SPOT_RATIO_OUTLIER) != 0;
      const char *from = gp_instance_get_derived_from (instance);

      if (!isnan (spot) && on_demand > 0 && flagged != gp_spot_is_doubtfully_low (spot, on_demand))
        g_error ("%s in %s: spot %g is %.1f %% of on-demand, and %s", gp_instance_get_id (instance),
                 gp_offer_get_region_id (offer), spot, spot / on_demand * 100,
                 flagged ? "flagged" : "not flagged");
      if (!isnan (spot) &&
          gp_spot_compare_on_demand (gp_offer_get_spot_max (offer), on_demand) == 0)
        g_error ("%s in %s: spot %g is on-demand %g (AWS's cap) in the spot range",
                 gp_instance_get_id (instance), gp_offer_get_region_id (offer),
                 gp_offer_get_spot_max (offer), on_demand);
      if (from != NULL)
        {
          GpOffer *base = gp_instance_find_offer (gp_catalog_find_instance (bundled (), from),
                                                  gp_offer_get_region_id (offer));
          GpAnomaly doubts = gp_offer_get_anomalies (base) & follows;

          g_assert_cmpint (gp_offer_get_anomalies (offer) & doubts, ==, doubts);
          carried += doubts != 0;
        }
    }
  /* Vertex AI's offers over Compute Engine's doubted SkyPilot sums, at least. */
  g_assert_cmpuint (carried, >, 0);
}

/* One offer per instance type and region, and every offer's GPU model defined. */
static void
test_no_duplicates (void)
{
  GpCatalog *catalog = bundled ();
  GPtrArray *offers = gp_catalog_get_offer_array (catalog);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; i < offers->len; i++)
    {
      GpOffer *offer = g_ptr_array_index (offers, i);
      GpGpu *gpu = gp_offer_get_gpu (offer);
      char *key = g_strdup_printf ("%s@%s", gp_instance_get_id (gp_offer_get_instance (offer)),
                                   gp_offer_get_region_id (offer));

      if (!g_hash_table_add (seen, key))
        g_error ("%s is listed twice", key);
      g_assert_nonnull (gpu);
      g_assert_true (gp_catalog_find_gpu (catalog, gp_gpu_get_id (gpu)) == gpu);
      g_assert_nonnull (gp_offer_get_region (offer));
    }
}

/* The seven platforms of the comparison all have offers. */
static void
test_every_provider_priced (void)
{
  static const char *const providers[] = {
    "aws-ec2", "aws-sagemaker", "azure-ml", "gcp", "vertex-ai", "colab", "lambda",
  };
  GPtrArray *offers = gp_catalog_get_offer_array (bundled ());
  g_autoptr(GHashTable) priced = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < offers->len; i++)
    g_hash_table_add (priced, (gpointer) gp_provider_get_id (
                                gp_offer_get_provider (g_ptr_array_index (offers, i))));

  for (guint i = 0; i < G_N_ELEMENTS (providers); i++)
    if (!g_hash_table_contains (priced, providers[i]))
      g_error ("%s has no offer", providers[i]);
}

/* Hardware the price lists get wrong, right in the catalog: AWS counts each K80 die as a GPU,
 * p3dn carries 32 GB V100s, Azure's NC H100 v5 sizes (adis too) carry H100 NVL, and the NDm
 * A100 v4 has 1,900 GiB of memory. */
static void
test_hardware (void)
{
  static const struct
  {
    const char *instance;
    const char *gpu;
    guint gpus;
    double memory_gb;
  } expected[] = {
    { "aws-ec2/p2.8xlarge", "k80", 8, NAN },
    { "aws-ec2/p2.16xlarge", "k80", 16, NAN },
    { "aws-china/p2.8xlarge", "k80", 8, NAN },
    { "aws-china/p2.16xlarge", "k80", 16, NAN },
    { "aws-sagemaker/ml.p2.16xlarge", "k80", 16, NAN },
    { "aws-ec2/p3dn.24xlarge", "v100-32gb", 8, NAN },
    { "aws-sagemaker/ml.p3dn.24xlarge", "v100-32gb", 8, NAN },
    { "azure-ml/Standard_NC80adis_H100_v5", "h100-nvl-94gb", 2, NAN },
    { "azure-ml/Standard_NC40ads_H100_v5", "h100-nvl-94gb", 1, NAN },
    { "azure-ml/Standard_ND96amsr_A100_v4", "a100-sxm4-80gb", 8, 1900 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      GpInstance *instance = gp_catalog_find_instance (bundled (), expected[i].instance);

      if (instance == NULL)
        g_error ("no %s", expected[i].instance);
      g_assert_cmpstr (gp_gpu_get_id (gp_instance_get_gpu (instance)), ==, expected[i].gpu);
      g_assert_cmpuint (gp_instance_get_gpu_count (instance), ==, expected[i].gpus);
      if (!isnan (expected[i].memory_gb))
        g_assert_cmpfloat (gp_instance_get_memory_gb (instance), ==, expected[i].memory_gb);
    }
}

/* Every GPU that has offers has TFLOPS to scale an estimate by, or its notes say why not. */
static void
test_gpu_figures (void)
{
  GPtrArray *offers = gp_catalog_get_offer_array (bundled ());
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);

  for (guint i = 0; i < offers->len; i++)
    {
      GpGpu *gpu = gp_offer_get_gpu (g_ptr_array_index (offers, i));

      if (gpu == NULL || !g_hash_table_add (seen, gpu))
        continue;
      if (isnan (gp_gpu_get_fp32_tflops (gpu)) && isnan (gp_gpu_get_tensor_tflops (gpu)) &&
          (gp_gpu_get_notes (gpu) == NULL || *gp_gpu_get_notes (gpu) == '\0'))
        g_error ("%s has offers, no TFLOPS and no word of why", gp_gpu_get_id (gpu));
    }

  /* The inference accelerators say so, with the source that does: no training is estimated on
   * them, and none is a platform's cheapest GPU-hour. */
  for (guint i = 0; i < 3; i++)
    {
      const char *ids[] = { "inferentia", "inferentia2", "qualcomm-ai-100" };
      GpGpu *gpu = gp_catalog_find_gpu (bundled (), ids[i]);

      g_assert_nonnull (gpu);
      g_assert_true (gp_gpu_get_inference_only (gpu));
      g_assert_nonnull (gp_gpu_get_use_source (gpu));
    }
  g_assert_false (gp_gpu_get_inference_only (gp_catalog_find_gpu (bundled (), "trainium")));
}

/* Training accumulates in FP32, where a GeForce card's tensor cores run at half their
 * FP16-accumulate rate; its FP16 and BF16 figures are the FP32-accumulate ones, as NVIDIA's
 * architecture whitepapers give them ("FP16/BF16 Tensor TFLOPS with FP32 Accumulate", dense):
 * Ampere GA102 (RTX 3090: 71, FP16 accumulate 142), Ada (RTX 4090: 165.2, FP16 accumulate
 * 330.3), Blackwell GB202 (RTX 5090: 209.5, FP16 accumulate 419). Every GeForce card of the
 * catalog is in this list, so a new one is checked too. */
static void
test_geforce_fp32_accumulate (void)
{
  const struct
  {
    const char *id;
    double fp32_accumulate;
  } cards[] = {
    { "rtx-3090", 71 },
    { "rtx-4090", 165.2 },
    { "rtx-5090", 209.5 },
  };
  GListModel *gpus = gp_catalog_get_gpus (bundled ());

  for (guint i = 0; i < G_N_ELEMENTS (cards); i++)
    {
      GpGpu *gpu = gp_catalog_find_gpu (bundled (), cards[i].id);

      g_assert_nonnull (gpu);
      g_assert_cmpfloat_with_epsilon (gp_gpu_get_fp16_tflops (gpu), cards[i].fp32_accumulate, 0.05);
      g_assert_cmpfloat_with_epsilon (gp_gpu_get_tensor_tflops (gpu), cards[i].fp32_accumulate,
                                      0.05);
    }

  for (guint i = 0; i < g_list_model_get_n_items (gpus); i++)
    {
      g_autoptr(GpGpu) gpu = g_list_model_get_item (gpus, i);
      const char *const *aliases = gp_gpu_get_aliases (gpu);
      gboolean geforce = FALSE, listed = FALSE;

      for (guint a = 0; aliases != NULL && aliases[a] != NULL; a++)
        geforce |= strstr (aliases[a], "GeForce") != NULL;
      for (guint c = 0; c < G_N_ELEMENTS (cards); c++)
        listed |= g_str_equal (gp_gpu_get_id (gpu), cards[c].id);
      if (geforce && !listed)
        g_error ("%s is a GeForce card whose FP32-accumulate rate is not checked here",
                 gp_gpu_get_id (gpu));
    }
}

/* EC2 has spot prices, and every provider billed by time states its billing increment. */
static void
test_spot_and_billing (void)
{
  GPtrArray *offers = gp_catalog_get_offer_array (bundled ());
  GListModel *providers = gp_catalog_get_providers (bundled ());
  guint ec2_spot = 0;

  for (guint i = 0; i < offers->len; i++)
    {
      GpOffer *offer = g_ptr_array_index (offers, i);

      if (g_str_equal (gp_provider_get_id (gp_offer_get_provider (offer)), "aws-ec2") &&
          !isnan (gp_offer_get_spot_min (offer)))
        ec2_spot++;
    }
  g_assert_cmpuint (ec2_spot, >=, 100);

  for (guint i = 0; i < g_list_model_get_n_items (providers); i++)
    {
      g_autoptr(GpProvider) provider = g_list_model_get_item (providers, i);

      /* Colab sells compute units, used up as the runtime runs: no increment applies. */
      if (gp_provider_get_pricing (provider) == GP_PRICING_SUBSCRIPTION)
        continue;
      /* A rental platform known only from reported prices, or a cloud known from a price
       * file, may have no source for its billing rule; its notes say so, and its hours are
       * counted as run. */
      if (g_strv_contains ((const char *const[]){ "openbayes", "nebius", "verda", "seeweb", "vast",
                                                  "oci", "cudo", NULL },
                           gp_provider_get_id (provider)))
        {
          g_assert_true (isnan (gp_provider_get_billing_increment_s (provider)));
          g_assert_nonnull (strstr (gp_provider_get_notes (provider), "billing increment"));
          continue;
        }
      if (!(gp_provider_get_billing_increment_s (provider) > 0))
        g_error ("%s states no billing increment", gp_provider_get_id (provider));
    }

  /* Every platform says whether a lab in mainland China can use it. */
  for (guint i = 0; i < g_list_model_get_n_items (providers); i++)
    {
      g_autoptr(GpProvider) provider = g_list_model_get_item (providers, i);

      if (gp_provider_get_reachability (provider) == GP_REACHABILITY_UNKNOWN ||
          gp_provider_get_group_source (provider, GP_PROVIDER_GROUP_REACHABILITY) == NULL)
        g_error ("%s does not say whether a lab in mainland China reaches it",
                 gp_provider_get_id (provider));
    }
}

/* The last point of @points with a figure of @pricing: its day and the figure. */
static const GpPricePoint *
last_point_of (GArray            *points,
               GpEstimatePricing  pricing)
{
  for (guint i = points->len; i-- > 0;)
    {
      const GpPricePoint *point = &g_array_index (points, GpPricePoint, i);
      double figure = pricing == GP_ESTIMATE_PRICING_SPOT             ? point->spot
                      : pricing == GP_ESTIMATE_PRICING_CAPACITY_BLOCK ? point->capacity_block
                                                                      : point->on_demand;

      if (!isnan (figure))
        return point;
    }
  return NULL;
}

/* An offer's history ends at the price the catalog shows, on the day the catalog dates it, for
 * each of on-demand, spot and Capacity Block (a price dated by a year or a month alone has no
 * day to be a point). */
static void
assert_history_ends_at_prices (GpPriceHistory *history,
                               GpOffer        *offer,
                               const char     *id)
{
  static const GpEstimatePricing models[] = { GP_ESTIMATE_PRICING_ON_DEMAND,
                                              GP_ESTIMATE_PRICING_SPOT,
                                              GP_ESTIMATE_PRICING_CAPACITY_BLOCK };
  g_autoptr(GArray) points = gp_price_history_lookup (history, id);

  for (guint m = 0; m < G_N_ELEMENTS (models); m++)
    {
      double price = gp_offer_get_listed_price (offer, models[m]);
      const char *as_of = gp_offer_get_price_as_of (offer, models[m]);
      const GpPricePoint *last = last_point_of (points, models[m]);
      double figure;

      if (isnan (price) || as_of == NULL || strlen (as_of) != 10)
        continue;
      if (last == NULL || strcmp (last->date, as_of) < 0)
        g_error ("history.json: %s ends before its price of %s", id, as_of);
      figure = models[m] == GP_ESTIMATE_PRICING_SPOT             ? last->spot
               : models[m] == GP_ESTIMATE_PRICING_CAPACITY_BLOCK ? last->capacity_block
                                                                 : last->on_demand;
      if (g_str_equal (last->date, as_of) && fabs (figure - price) > 1e-6 * price)
        g_error ("history.json: %s on %s is %g, the catalog's price %g", id, as_of, figure, price);
    }
}

/* history.json beside it reads as the app reads it, every series is of an offer of the
 * catalog and ends at its price, and the p5.48xlarge cut of June 2025 and its Capacity Block's
 * rise are in it. */
/* The GPU-rental market of mainland China: at least four rental platforms with RTX 4090 or
 * 3090 offers in yuan, reachable from the mainland, their prices reported (who, when), each
 * dated; every provider says what it bills in, with a source. */
static void
test_mainland_rental (void)
{
  GPtrArray *offers = gp_catalog_get_offer_array (bundled ());
  GListModel *providers = gp_catalog_get_providers (bundled ());
  g_autoptr(GHashTable) platforms = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < offers->len; i++)
    {
      GpOffer *offer = g_ptr_array_index (offers, i);
      GpInstance *instance = gp_offer_get_instance (offer);
      GpProvider *provider = gp_offer_get_provider (offer);
      const char *gpu = gp_gpu_get_id (gp_instance_get_gpu (instance));

      if (gp_instance_get_price_basis (instance) != GP_PRICE_BASIS_REPORTED)
        continue;
      g_assert_nonnull (gp_instance_get_reported_by (instance));
      g_assert_nonnull (gp_offer_get_as_of (offer));
      g_assert_cmpstr (gp_provider_get_currency (provider), ==, "CNY");
      g_assert_cmpint (gp_offer_get_reach (offer, GP_LAB_LOCATION_MAINLAND_CHINA), ==,
                       GP_REACHABILITY_IN_CHINA);
      if (g_str_equal (gpu, "rtx-4090") || g_str_equal (gpu, "rtx-3090"))
        g_hash_table_add (platforms, (gpointer) gp_provider_get_id (provider));
    }
  g_assert_cmpuint (g_hash_table_size (platforms), >=, 4);
  g_assert_true (gp_instance_is_lowest_listed (
      gp_catalog_find_instance (bundled (), "matpool/rtx-4090-24gb")));

  for (guint i = 0; i < g_list_model_get_n_items (providers); i++)
    {
      g_autoptr(GpProvider) provider = g_list_model_get_item (providers, i);

      g_assert_nonnull (gp_provider_get_billing_currency (provider));
      g_assert_nonnull (
          gp_provider_get_group_source (provider, GP_PROVIDER_GROUP_BILLING_CURRENCY));
    }
  g_assert_cmpint (gp_provider_get_answer (gp_catalog_find_provider (bundled (), "alibaba-ecs"),
                                           GP_PROVIDER_GROUP_CHINESE_INVOICE),
                   ==, GP_ANSWER_YES);
}

static void
test_history (void)
{
  g_autofree char *folder = g_path_get_dirname (catalog_path);
  g_autofree char *path = g_build_filename (folder, "history.json", NULL);
  g_autoptr(GpPriceHistory) history = gp_price_history_new ();
  g_autoptr(GArray) p5 = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  const char *at;
  guint series = 0;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  bytes = g_bytes_new (text, strlen (text));
  g_assert_true (gp_price_history_add_bytes (history, bytes, path, FALSE, &error));
  g_assert_no_error (error);

  p5 = gp_price_history_lookup (history, "aws-ec2/p5.48xlarge@us-east-1");
  g_assert_cmpuint (p5->len, >=, 2);
  /* Its history's last day is the day its on-demand price is dated by. */
  g_assert_cmpstr (
      g_array_index (p5, GpPricePoint, p5->len - 1).date, ==,
      gp_offer_get_as_of (gp_comparison_find_offer (bundled (), "aws-ec2/p5.48xlarge@us-east-1")));
  g_assert_cmpfloat (g_array_index (p5, GpPricePoint, 0).on_demand, >,
                     g_array_index (p5, GpPricePoint, p5->len - 1).on_demand);
  /* Its Capacity Block rose from 31.464 to 41.528 USD an hour between January and July 2026. */
  {
    double first_block = NAN, last_block = NAN;

    for (guint i = 0; i < p5->len; i++)
      {
        double block = g_array_index (p5, GpPricePoint, i).capacity_block;

        if (!isnan (block))
          {
            if (isnan (first_block))
              first_block = block;
            last_block = block;
          }
      }
    g_assert_cmpfloat (first_block, ==, 31.464);
    g_assert_cmpfloat (last_block, ==, 41.528);
  }

  for (at = strstr (text, "\"offer\": \""); at != NULL; at = strstr (at + 1, "\"offer\": \""))
    {
      const char *start = at + strlen ("\"offer\": \"");
      g_autofree char *id = g_strndup (start, strcspn (start, "\""));

      if (gp_comparison_find_offer (bundled (), id) == NULL)
        g_error ("history.json: a series of %s, which the catalog does not have", id);
      assert_history_ends_at_prices (history, gp_comparison_find_offer (bundled (), id), id);
      series++;
    }
  g_assert_cmpuint (series, >, 100);
}

/* The example of PLANS.md runs on the bundled catalog: each phase's offer is there, with the
 * way of paying it names. */
/* Three offers' energy and emissions worked by hand from the raw files of
 * ../shared/data/sources/carbon, agreeing with the estimate's within 1 %. */
static void
test_emissions_by_hand (void)
{
  static const struct
  {
    const char *instance;
    const char *region;
    double watts; /* green-algorithms-gpu-tdp.csv: A100 SXM4 40 GB and 80 GB, 400 W */
    double pue;   /* green-algorithms-{default-pue-2024,cloud-pue-2023}.csv */
    double grid;  /* electricitymaps-yearly-2024.csv (direct), gcp-region-carbon-2024.csv */
    const char *zone;
  } offers[] = {
    /* AWS's default PUE; US-MIDA-PJM, the PJM Interconnection that serves Northern Virginia */
    { "aws-ec2/p4d.24xlarge", "us-east-1", 400, 1.2, 328.17, "US-MIDA-PJM" },
    /* Google's asia-east1 row of both its tables */
    { "gcp/a2-highgpu-8g", "asia-east1", 400, 1.13, 439.29, "TW" },
    /* Alibaba publishes no PUE: the industry's 1.56 (Uptime Institute 2024); China's grid */
    { "alibaba-ecs/ecs.ebmgn7e.32xlarge", "cn-beijing", 400, 1.56, 480.48, "CN" },
  };
  g_autoptr(GpWorkload) workload = gp_workload_new ();
  g_autoptr(GpEstimateList) list = NULL;
  g_autoptr(GError) error = NULL;
  guint found = 0;

  gp_workload_set_reference_gpu (workload, "a100-sxm4-40gb");
  gp_workload_set_gpu_hours (workload, 800);
  gp_workload_set_gpus (workload, 8);
  list = gp_estimate_list_new (bundled (), workload, NULL, &error);
  g_assert_no_error (error);

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (list)); i++)
    {
      g_autoptr(GpEstimate) estimate = g_list_model_get_item (G_LIST_MODEL (list), i);
      GpOffer *offer = gp_estimate_get_offer (estimate);
      const GpEmissions *emissions = gp_estimate_get_emissions (estimate);

      if (gp_estimate_get_pricing (estimate) != GP_ESTIMATE_PRICING_ON_DEMAND)
        continue;
      for (guint o = 0; o < G_N_ELEMENTS (offers); o++)
        {
          double energy, co2e;

          if (g_strcmp0 (gp_instance_get_id (gp_estimate_get_instance (estimate)),
                         offers[o].instance) != 0 ||
              g_strcmp0 (gp_offer_get_region_id (offer), offers[o].region) != 0)
            continue;
          energy =
              offers[o].watts * 8 * gp_estimate_get_wall_hours (estimate) * offers[o].pue / 1000;
          co2e = energy * offers[o].grid / 1000;
          g_test_message ("%s in %s: %.1f kWh, %.1f kgCO2e", offers[o].instance, offers[o].region,
                          energy, co2e);
          g_assert_cmpfloat (fabs (emissions->energy_kwh / energy - 1), <, 0.01);
          g_assert_cmpfloat (fabs (emissions->co2e_kg / co2e - 1), <, 0.01);
          g_assert_cmpstr (gp_region_get_grid (gp_offer_get_region (offer))->zone, ==,
                           offers[o].zone);
          found++;
        }
    }
  g_assert_cmpuint (found, ==, G_N_ELEMENTS (offers));
}

static void
test_example_plan (void)
{
  g_autofree char *dir = g_path_get_dirname (catalog_path);
  g_autofree char *path = g_build_filename (dir, "..", "plans", "example.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(GpProject) project = gp_project_load (file, &error);
  g_autoptr(GpProjectCost) cost = NULL;

  g_assert_no_error (error);
  cost = gp_project_cost_new (bundled (), project, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (cost->phases->len, ==, project->phases->len);
  g_assert_cmpfloat (cost->total, >, 0);
}

/* Every launch template renders for every offer of its platform, on demand and on spot where
 * the platform has spot, with no field left unfilled but the user's own MY_ values. */
static void
test_launch_renders (void)
{
  GListModel *offers = gp_catalog_get_offers (bundled ());
  GpLaunchData *data = gp_launch_data_get_default ();
  guint rendered = 0;

  for (guint i = 0; i < g_list_model_get_n_items (offers); i++)
    {
      g_autoptr(GpOffer) offer = g_list_model_get_item (offers, i);
      GpProvider *provider = gp_offer_get_provider (offer);
      g_auto(GStrv) formats = gp_launch_data_dup_formats (data, provider);

      for (guint f = 0; formats[f] != NULL; f++)
        for (int spot = 0; spot <= 1; spot++)
          {
            g_autoptr(GError) error = NULL;
            g_autoptr(GpLaunchSnippet) snippet = NULL;

            if (spot && !(gp_provider_get_pricing (provider) & GP_PRICING_SPOT))
              continue;
            snippet = gp_launch_render (data, offer, formats[f], spot, NULL, &error);
            g_assert_no_error (error);
            g_assert_false (g_regex_match_simple ("@[a-z_0-9]+@", snippet->text, 0, 0));
            rendered++;
          }
    }
  g_test_message ("%u snippets", rendered);
  g_assert_cmpuint (rendered, >, 1000);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  if (argc < 2)
    g_error ("usage: test-bundled-catalog CATALOG.json");
  catalog_path = argv[1];

  g_test_add_func ("/bundled-catalog/valid", test_valid);
  g_test_add_func ("/bundled-catalog/every-figure-sourced", test_every_figure_sourced);
  g_test_add_func ("/bundled-catalog/prices-consistent", test_prices_consistent);
  g_test_add_func ("/bundled-catalog/no-duplicates", test_no_duplicates);
  g_test_add_func ("/bundled-catalog/every-provider-priced", test_every_provider_priced);
  g_test_add_func ("/bundled-catalog/hardware", test_hardware);
  g_test_add_func ("/bundled-catalog/gpu-figures", test_gpu_figures);
  g_test_add_func ("/bundled-catalog/geforce-fp32-accumulate", test_geforce_fp32_accumulate);
  g_test_add_func ("/bundled-catalog/spot-and-billing", test_spot_and_billing);
  g_test_add_func ("/bundled-catalog/spot-flags-one-rule", test_spot_flags_one_rule);
  g_test_add_func ("/bundled-catalog/history", test_history);
  g_test_add_func ("/bundled-catalog/mainland-rental", test_mainland_rental);
  g_test_add_func ("/bundled-catalog/example-plan", test_example_plan);
  g_test_add_func ("/bundled-catalog/emissions-by-hand", test_emissions_by_hand);
  g_test_add_func ("/bundled-catalog/launch-renders", test_launch_renders);

  return g_test_run ();
}
