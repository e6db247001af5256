/* test-offer-filter.c — which offers the Instances page and `list` keep, and how they sort
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "gp-catalog.h"
#include "gp-offer-filter.h"
#include "gp-offer-order.h"
#include "gp-offer-sort-model.h"

typedef struct
{
  GpCatalog     *catalog;
  GpOfferFilter *filter;
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  fixture->catalog = gp_catalog_new_bundled ();
  fixture->filter = gp_offer_filter_new ();
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_assert_finalize_object (fixture->filter);
  g_assert_finalize_object (fixture->catalog);
}

/* The offers that pass, in catalog order. */
static GPtrArray *
matching (Fixture *fixture)
{
  GListModel *offers = gp_catalog_get_offers (fixture->catalog);
  GPtrArray *found = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < g_list_model_get_n_items (offers); i++)
    {
      GpOffer *offer = g_list_model_get_item (offers, i);

      if (gp_offer_filter_match (fixture->filter, offer))
        g_ptr_array_add (found, offer);
      else
        g_object_unref (offer);
    }

  return found;
}

static guint
n_matching (Fixture *fixture)
{
  g_autoptr(GPtrArray) found = matching (fixture);

  return found->len;
}

static guint
n_offers (Fixture *fixture)
{
  return g_list_model_get_n_items (gp_catalog_get_offers (fixture->catalog));
}

static void
test_new_destroy (void)
{
  GpOfferFilter *filter = gp_offer_filter_new ();

  g_assert_cmpint (gp_offer_filter_get_active (filter), ==, GP_OFFER_CRITERION_NONE);
  g_assert_cmpfloat (gp_offer_filter_get_exchange_rate (filter), ==, 1);
  g_assert_finalize_object (filter);
}

static void
test_default_keeps_all (Fixture       *fixture,
                        gconstpointer  data)
{
  g_assert_cmpuint (n_offers (fixture), >, 60);
  g_assert_cmpuint (n_matching (fixture), ==, n_offers (fixture));
}

static void
test_search (Fixture       *fixture,
             gconstpointer  data)
{
  g_autoptr(GPtrArray) found = NULL;

  /* Any case, in the GPU's name. */
  gp_offer_filter_set_search (fixture->filter, "H100");
  found = matching (fixture);
  g_assert_cmpuint (found->len, >, 0);
  for (guint i = 0; i < found->len; i++)
    g_assert_nonnull (strstr (gp_gpu_get_name (gp_offer_get_gpu (g_ptr_array_index (found, i))),
                              "H100"));
  g_clear_pointer (&found, g_ptr_array_unref);

  /* Every word must be found, in the provider and in the region. */
  gp_offer_filter_set_search (fixture->filter, "  lambda   US-EAST ");
  g_assert_cmpint (gp_offer_filter_get_active (fixture->filter), ==, GP_OFFER_CRITERION_SEARCH);
  found = matching (fixture);
  g_assert_cmpuint (found->len, >, 0);
  for (guint i = 0; i < found->len; i++)
    {
      GpOffer *offer = g_ptr_array_index (found, i);

      g_assert_cmpstr (gp_provider_get_id (gp_offer_get_provider (offer)), ==, "lambda");
      g_assert_cmpstr (gp_offer_get_region_id (offer), ==, "us-east-1");
    }
  g_clear_pointer (&found, g_ptr_array_unref);

  /* A region's name counts too: Oregon is us-west-2. */
  gp_offer_filter_set_search (fixture->filter, "oregon p4d");
  found = matching (fixture);
  g_assert_cmpuint (found->len, ==, 2);
  g_clear_pointer (&found, g_ptr_array_unref);

  /* Only spaces is no search at all. */
  gp_offer_filter_set_search (fixture->filter, "   ");
  g_assert_cmpint (gp_offer_filter_get_active (fixture->filter), ==, GP_OFFER_CRITERION_NONE);
  g_assert_cmpuint (n_matching (fixture), ==, n_offers (fixture));

  gp_offer_filter_set_search (fixture->filter, "no-such-thing");
  g_assert_cmpuint (n_matching (fixture), ==, 0);

  /* Each instance and region is searched once per search and the answer remembered: two
   * filters with different searches, asked in turns about the same offers, each give their own
   * answer, the same as a search of each offer's words; and a word found only in the region
   * still counts with one found in the instance. */
  {
    GListModel *offers = gp_catalog_get_offers (fixture->catalog);
    g_autoptr(GpOfferFilter) other = gp_offer_filter_new ();
    guint h100 = 0, oregon = 0;

    gp_offer_filter_set_search (fixture->filter, "h100");
    gp_offer_filter_set_search (other, "oregon p4d");
    for (guint round = 0; round < 2; round++)
      for (guint i = 0; i < g_list_model_get_n_items (offers); i++)
        {
          g_autoptr(GpOffer) offer = g_list_model_get_item (offers, i);
          gboolean is_h100 = strstr (gp_gpu_get_name (gp_offer_get_gpu (offer)), "H100") != NULL;
          gboolean is_oregon_p4d =
              g_strcmp0 (gp_offer_get_region_id (offer), "us-west-2") == 0 &&
              strstr (gp_instance_get_id (gp_offer_get_instance (offer)), "p4d") != NULL;

          g_assert_cmpint (gp_offer_filter_match (fixture->filter, offer), ==, is_h100);
          g_assert_cmpint (gp_offer_filter_match (other, offer), ==, is_oregon_p4d);
          h100 += is_h100;
          oregon += is_oregon_p4d;
        }
    g_assert_cmpuint (h100, >, 0);
    g_assert_cmpuint (oregon, ==, 4);
  }
}

static void
test_providers (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GPtrArray) found = NULL;

  /* Turning one on when all are shown shows that one alone. */
  gp_offer_filter_set_provider_shown (fixture->filter, "lambda", TRUE);
  g_assert_true (gp_offer_filter_has_provider (fixture->filter, "lambda"));
  g_assert_false (gp_offer_filter_has_provider (fixture->filter, "colab"));
  found = matching (fixture);
  g_assert_cmpuint (found->len, ==, 18);
  g_clear_pointer (&found, g_ptr_array_unref);

  gp_offer_filter_set_provider_shown (fixture->filter, "colab", TRUE);
  g_assert_cmpuint (n_matching (fixture), ==, 21);

  /* Turning the last one off shows all again, never nothing. */
  gp_offer_filter_set_provider_shown (fixture->filter, "lambda", FALSE);
  gp_offer_filter_set_provider_shown (fixture->filter, "colab", FALSE);
  g_assert_null (gp_offer_filter_get_providers (fixture->filter));
  g_assert_cmpuint (n_matching (fixture), ==, n_offers (fixture));
}

static void
test_hardware (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(GPtrArray) found = NULL;

  gp_offer_filter_set_min_gpu_memory (fixture->filter, 80);
  gp_offer_filter_set_min_gpu_count (fixture->filter, 8);
  found = matching (fixture);
  g_assert_cmpuint (found->len, >, 0);
  for (guint i = 0; i < found->len; i++)
    {
      GpInstance *instance = gp_offer_get_instance (g_ptr_array_index (found, i));

      g_assert_cmpfloat (gp_instance_get_gpu_memory_gb (instance), >=, 80);
      g_assert_cmpuint (gp_instance_get_gpu_count (instance), >=, 8);
    }
  g_clear_pointer (&found, g_ptr_array_unref);

  gp_offer_filter_clear (fixture->filter);
  gp_offer_filter_set_gpu (fixture->filter, "a100-sxm4-40gb");
  found = matching (fixture);
  g_assert_cmpuint (found->len, >, 0);
  for (guint i = 0; i < found->len; i++)
    g_assert_cmpstr (gp_gpu_get_id (gp_offer_get_gpu (g_ptr_array_index (found, i))), ==,
                     "a100-sxm4-40gb");

  /* A count of one is no limit. */
  gp_offer_filter_set_gpu (fixture->filter, "");
  gp_offer_filter_set_min_gpu_count (fixture->filter, 1);
  g_assert_cmpint (gp_offer_filter_get_active (fixture->filter), ==, GP_OFFER_CRITERION_NONE);
}

static void
test_pricing (Fixture       *fixture,
              gconstpointer  data)
{
  g_autoptr(GPtrArray) found = NULL;

  gp_offer_filter_set_pricing (fixture->filter, GP_PRICING_SPOT);
  found = matching (fixture);
  g_assert_cmpuint (found->len, >, 0);
  g_assert_cmpuint (found->len, <, n_offers (fixture));
  for (guint i = 0; i < found->len; i++)
    g_assert_false (isnan (gp_offer_get_spot_min (g_ptr_array_index (found, i))));
  g_clear_pointer (&found, g_ptr_array_unref);

  /* Subscription is Colab's runtimes, priced in compute units. */
  gp_offer_filter_set_pricing (fixture->filter, GP_PRICING_SUBSCRIPTION);
  found = matching (fixture);
  g_assert_cmpuint (found->len, ==, 3);
  for (guint i = 0; i < found->len; i++)
    g_assert_cmpstr (gp_provider_get_id (gp_offer_get_provider (g_ptr_array_index (found, i))), ==,
                     "colab");
  g_clear_pointer (&found, g_ptr_array_unref);

  /* Every model asked for, not any of them. */
  gp_offer_filter_set_pricing (fixture->filter, GP_PRICING_SPOT | GP_PRICING_SUBSCRIPTION);
  g_assert_cmpuint (n_matching (fixture), ==, 0);
}

static void
test_region (Fixture       *fixture,
             gconstpointer  data)
{
  g_autoptr(GPtrArray) found = NULL;
  g_autoptr(GHashTable) instances = g_hash_table_new (NULL, NULL);

  gp_offer_filter_set_region (fixture->filter, "us-east-1");
  found = matching (fixture);
  g_assert_cmpuint (found->len, >, 0);
  for (guint i = 0; i < found->len; i++)
    g_assert_cmpstr (gp_offer_get_region_id (g_ptr_array_index (found, i)), ==, "us-east-1");
  g_clear_pointer (&found, g_ptr_array_unref);

  /* The cheapest region replaces a region, and keeps one offer per instance: its cheapest. */
  gp_offer_filter_set_cheapest_region (fixture->filter, TRUE);
  g_assert_null (gp_offer_filter_get_region (fixture->filter));
  found = matching (fixture);
  g_assert_cmpuint (found->len, ==,
                    g_list_model_get_n_items (gp_catalog_get_instances (fixture->catalog)));
  for (guint i = 0; i < found->len; i++)
    {
      GpOffer *offer = g_ptr_array_index (found, i);
      GpInstance *instance = gp_offer_get_instance (offer);
      GListModel *offers = gp_instance_get_offers (instance);

      g_assert_true (g_hash_table_add (instances, instance));
      for (guint o = 0; o < g_list_model_get_n_items (offers); o++)
        {
          g_autoptr(GpOffer) other = g_list_model_get_item (offers, o);
          g_assert_false (gp_offer_is_cheaper (other, offer));
        }
    }
  g_clear_pointer (&found, g_ptr_array_unref);

  /* With spot asked for, the cheapest region is the cheapest of those with spot: p4d is 21.958
   * in both of its regions, so each keeps one offer with a spot price. */
  gp_offer_filter_set_pricing (fixture->filter, GP_PRICING_SPOT);
  found = matching (fixture);
  for (guint i = 0; i < found->len; i++)
    g_assert_false (isnan (gp_offer_get_spot_min (g_ptr_array_index (found, i))));

  /* Choosing a region turns the cheapest region off. */
  gp_offer_filter_set_region (fixture->filter, "us-west-2");
  g_assert_false (gp_offer_filter_get_cheapest_region (fixture->filter));
}

static void
test_max_price (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GPtrArray) usd = NULL;
  g_autoptr(GPtrArray) cny = NULL;

  gp_offer_filter_set_max_price (fixture->filter, 2);
  gp_offer_filter_set_per_gpu (fixture->filter, TRUE);
  usd = matching (fixture);
  g_assert_cmpuint (usd->len, >, 0);
  for (guint i = 0; i < usd->len; i++)
    g_assert_cmpfloat (gp_offer_get_per_gpu_hour (g_ptr_array_index (usd, i)), <=, 2);

  /* The limit keeps its worth in yuan, to the fen, and so the same offers: the filter
   * converts it itself (the Instances page did it, in the UI). */
  gp_offer_filter_set_exchange_rate (fixture->filter, 7.1072);
  g_assert_cmpfloat_with_epsilon (gp_offer_filter_get_max_price (fixture->filter), 14.21, 1e-9);
  gp_offer_filter_set_max_price (fixture->filter, 2 * 7.1072);
  cny = matching (fixture);
  g_assert_cmpuint (cny->len, ==, usd->len);

  /* Per instance, an 8-GPU machine at $15.92 an hour is over $2. */
  gp_offer_filter_set_per_gpu (fixture->filter, FALSE);
  g_assert_cmpuint (n_matching (fixture), <, usd->len);

  /* Unknown prices never pass a limit: Colab has none per hour. */
  gp_offer_filter_set_exchange_rate (fixture->filter, 1);
  gp_offer_filter_set_max_price (fixture->filter, 1000);
  gp_offer_filter_set_providers (fixture->filter, (const char *[]) { "colab", NULL });
  g_assert_cmpuint (n_matching (fixture), ==, 0);
}

static void
count_changes (GpOfferFilter    *filter,
               GpOfferCriterion  criterion,
               guint            *count)
{
  (*count)++;
}

static void
test_changed_signal (Fixture       *fixture,
                     gconstpointer  data)
{
  guint count = 0;

  g_signal_connect (fixture->filter, "changed", G_CALLBACK (count_changes), &count);
  gp_offer_filter_set_min_gpu_memory (fixture->filter, 40);
  gp_offer_filter_set_min_gpu_memory (fixture->filter, 40);
  gp_offer_filter_set_search (fixture->filter, "a100");
  gp_offer_filter_set_search (fixture->filter, "a100");
  g_assert_cmpuint (count, ==, 2);

  /* Clearing is one change however many criteria were on. */
  gp_offer_filter_clear (fixture->filter);
  g_assert_cmpuint (count, ==, 3);
  g_assert_cmpint (gp_offer_filter_get_active (fixture->filter), ==, GP_OFFER_CRITERION_NONE);
  gp_offer_filter_clear (fixture->filter);
  g_assert_cmpuint (count, ==, 3);
}

static void
test_explain_empty (Fixture       *fixture,
                    gconstpointer  data)
{
  GListModel *offers = gp_catalog_get_offers (fixture->catalog);

  /* Something matches: nothing to explain. */
  gp_offer_filter_set_min_gpu_memory (fixture->filter, 40);
  g_assert_cmpint (gp_offer_filter_explain_empty (fixture->filter, offers), ==,
                   GP_OFFER_CRITERION_NONE);

  /* No GPU has 200 GB. */
  gp_offer_filter_set_min_gpu_memory (fixture->filter, 200);
  g_assert_cmpint (gp_offer_filter_explain_empty (fixture->filter, offers), ==,
                   GP_OFFER_CRITERION_MIN_GPU_MEMORY);
  {
    g_autofree char *why = gp_offer_filter_dup_explanation (
        fixture->filter, GP_OFFER_CRITERION_MIN_GPU_MEMORY, fixture->catalog, "USD", FALSE);

    g_assert_cmpstr (why, ==, "No GPU with 200 GB of memory or more is left by the other filters.");
  }

  /* Lambda has no spot market: either criterion alone would leave offers, and the one changed
   * last is blamed. */
  gp_offer_filter_clear (fixture->filter);
  gp_offer_filter_set_providers (fixture->filter, (const char *[]) { "lambda", NULL });
  gp_offer_filter_set_pricing (fixture->filter, GP_PRICING_SPOT);
  g_assert_cmpint (gp_offer_filter_explain_empty (fixture->filter, offers), ==,
                   GP_OFFER_CRITERION_PRICING);
  gp_offer_filter_set_providers (fixture->filter, (const char *[]) { "lambda", "colab", NULL });
  g_assert_cmpint (gp_offer_filter_explain_empty (fixture->filter, offers), ==,
                   GP_OFFER_CRITERION_PROVIDERS);

  /* Two criteria that each empty the list: no single one is to blame. */
  gp_offer_filter_clear (fixture->filter);
  gp_offer_filter_set_search (fixture->filter, "no-such-thing");
  gp_offer_filter_set_min_gpu_memory (fixture->filter, 999);
  g_assert_cmpint (gp_offer_filter_explain_empty (fixture->filter, offers), ==,
                   GP_OFFER_CRITERION_NONE);
  g_assert_cmpint (gp_offer_filter_explain_none_left (fixture->filter, offers), ==,
                   GP_OFFER_CRITERION_NONE);
}

/* A caller that knows nothing passed (the Instances page, just after filtering) gets the same
 * blame without the offers being matched once more. */
static void
test_explain_none_left (Fixture       *fixture,
                        gconstpointer  data)
{
  GListModel *offers = gp_catalog_get_offers (fixture->catalog);

  g_assert_cmpint (gp_offer_filter_explain_none_left (fixture->filter, offers), ==,
                   GP_OFFER_CRITERION_NONE);

  gp_offer_filter_set_search (fixture->filter, "no-such-thing");
  g_assert_cmpint (gp_offer_filter_explain_none_left (fixture->filter, offers), ==,
                   GP_OFFER_CRITERION_SEARCH);

  gp_offer_filter_clear (fixture->filter);
  gp_offer_filter_set_min_gpu_memory (fixture->filter, 200);
  g_assert_cmpint (gp_offer_filter_explain_none_left (fixture->filter, offers), ==,
                   GP_OFFER_CRITERION_MIN_GPU_MEMORY);

  gp_offer_filter_clear (fixture->filter);
  gp_offer_filter_set_providers (fixture->filter, (const char *[]){ "lambda", NULL });
  gp_offer_filter_set_pricing (fixture->filter, GP_PRICING_SPOT);
  g_assert_cmpint (gp_offer_filter_explain_none_left (fixture->filter, offers), ==,
                   GP_OFFER_CRITERION_PRICING);
}

static void
test_clear_criterion (Fixture       *fixture,
                      gconstpointer  data)
{
  gp_offer_filter_set_search (fixture->filter, "a100");
  gp_offer_filter_set_cheapest_region (fixture->filter, TRUE);
  gp_offer_filter_set_max_price (fixture->filter, 10);
  g_assert_cmpint (gp_offer_filter_get_active (fixture->filter), ==,
                   GP_OFFER_CRITERION_SEARCH | GP_OFFER_CRITERION_REGION |
                   GP_OFFER_CRITERION_MAX_PRICE);

  gp_offer_filter_clear_criterion (fixture->filter, GP_OFFER_CRITERION_REGION);
  g_assert_false (gp_offer_filter_get_cheapest_region (fixture->filter));
  g_assert_cmpint (gp_offer_filter_get_active (fixture->filter), ==,
                   GP_OFFER_CRITERION_SEARCH | GP_OFFER_CRITERION_MAX_PRICE);
  g_assert_cmpstr (gp_offer_filter_get_search (fixture->filter), ==, "a100");
}

/* Sorting */

typedef struct
{
  GpOfferColumn column;
  gboolean      per_gpu;
  gboolean      descending;
} SortKey;

static int
compare_cb (gconstpointer a,
            gconstpointer b,
            gpointer      data)
{
  SortKey *key = data;

  return gp_offer_compare (*(GpOffer **) a, *(GpOffer **) b, key->column, key->per_gpu,
                           key->descending);
}

static void
test_compare_unknown_last (Fixture       *fixture,
                           gconstpointer  data)
{
  for (int descending = FALSE; descending <= TRUE; descending++)
    {
      g_autoptr(GPtrArray) all = matching (fixture);
      SortKey key = { GP_OFFER_COLUMN_ON_DEMAND, FALSE, descending };
      gboolean seen_unknown = FALSE;
      double previous = NAN;

      g_ptr_array_sort_with_data (all, compare_cb, &key);
      for (guint i = 0; i < all->len; i++)
        {
          double price = gp_offer_get_on_demand (g_ptr_array_index (all, i));

          /* Unknown prices come last, whichever the direction. */
          if (isnan (price))
            {
              seen_unknown = TRUE;
              continue;
            }
          g_assert_false (seen_unknown);
          if (!isnan (previous))
            {
              if (descending)
                g_assert_cmpfloat (price, <=, previous);
              else
                g_assert_cmpfloat (price, >=, previous);
            }
          previous = price;
        }
      g_assert_true (seen_unknown);
    }
}

static void
test_compare_per_gpu (Fixture       *fixture,
                      gconstpointer  data)
{
  GpInstance *eight = gp_catalog_find_instance (fixture->catalog, "lambda/gpu_8x_v100");
  GpInstance *one = gp_catalog_find_instance (fixture->catalog, "lambda/gpu_1x_a10");
  GpOffer *a = gp_instance_find_offer (eight, "us-east-1");
  GpOffer *b = gp_instance_find_offer (one, "us-east-1");

  /* $6.32 for eight V100s against $1.29 for one A10: dearer per instance, cheaper per GPU. */
  g_assert_cmpint (gp_offer_compare (a, b, GP_OFFER_COLUMN_ON_DEMAND, FALSE, FALSE), >, 0);
  g_assert_cmpint (gp_offer_compare (a, b, GP_OFFER_COLUMN_ON_DEMAND, TRUE, FALSE), <, 0);
  g_assert_cmpfloat_with_epsilon (gp_offer_get_price (a, GP_OFFER_COLUMN_ON_DEMAND, TRUE), 0.79,
                                  1e-9);
  g_assert_cmpfloat_with_epsilon (gp_offer_get_column_value (a, GP_OFFER_COLUMN_ON_DEMAND, TRUE,
                                                             7.1072),
                                  0.79 * 7.1072, 1e-9);
  /* Value is per unit of money: a dearer currency buys less of it. */
  g_assert_cmpfloat_with_epsilon (gp_offer_get_column_value (a, GP_OFFER_COLUMN_VALUE, FALSE, 2),
                                  gp_offer_get_value (a) / 2, 1e-9);
  /* Text sorts without regard to case. */
  g_assert_cmpint (gp_offer_compare (a, b, GP_OFFER_COLUMN_INSTANCE, FALSE, FALSE), >, 0);
  g_assert_cmpint (gp_offer_compare (a, a, GP_OFFER_COLUMN_REGION, FALSE, TRUE), ==, 0);
}

/* An offer order is the catalog's offers sorted stably by gp_offer_compare(): every
 * offer once, each pair in order, equal figures in the catalog's order; for every column of
 * the Instances page, both ways, per instance-hour and per GPU-hour. */
static void
test_order (Fixture       *fixture,
            gconstpointer  data)
{
  GpOfferColumn columns[GP_OFFER_COLUMN_AS_OF + 1];
  GListModel *offers = gp_catalog_get_offers (fixture->catalog);
  guint n = g_list_model_get_n_items (offers);
  g_autoptr(GHashTable) positions = g_hash_table_new (NULL, NULL);

  for (guint c = 0; c < G_N_ELEMENTS (columns); c++)
    columns[c] = c;
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GpOffer) offer = g_list_model_get_item (offers, i);

      g_hash_table_insert (positions, offer, GUINT_TO_POINTER (i + 1));
    }

  for (guint k = 0; k < G_N_ELEMENTS (columns) * 4; k++)
    {
      GpOfferColumn column = columns[k / 4];
      gboolean per_gpu = k % 4 >= 2, descending = k % 2;
      g_autoptr(GpOfferOrder) sorted = gp_offer_order_new (fixture->catalog, column, per_gpu,
                                                           descending);
      GListModel *ordered = G_LIST_MODEL (sorted);
      g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);
      g_autoptr(GpOffer) previous = NULL;
      guint previous_position = 0;

      g_assert_true (g_list_model_get_item_type (ordered) == GP_TYPE_OFFER);
      g_assert_cmpuint (g_list_model_get_n_items (ordered), ==, n);
      g_assert_null (g_list_model_get_item (ordered, n));

      for (guint i = 0; i < n; i++)
        {
          g_autoptr(GpOffer) offer = g_list_model_get_item (ordered, i);
          guint position;

          position = GPOINTER_TO_UINT (g_hash_table_lookup (positions, offer));
          g_assert_cmpuint (position, >, 0);
          g_assert_false (g_hash_table_contains (seen, offer));
          g_hash_table_add (seen, offer);

          if (previous != NULL)
            {
              int order = gp_offer_compare (previous, offer, column, per_gpu, descending);

              if (order > 0 || (order == 0 && previous_position > position))
                g_error ("column %d per GPU %d descending %d: item %u is out of order", column,
                         per_gpu, descending, i);
            }
          g_set_object (&previous, offer);
          previous_position = position;
        }
    }
}

/* The catalog's offers sorted afresh, stably, as a sort list model would. */
/* The model lists the catalog's offers that @filter matches (all without one), sorted by @key
 * (in the catalog's order without one). */
static void
assert_filtered_sorted_as (GListModel    *model,
                           GpCatalog     *catalog,
                           GpOfferFilter *filter,
                           const SortKey *key)
{
  GListModel *offers = gp_catalog_get_offers (catalog);
  g_autoptr(GPtrArray) expected = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < g_list_model_get_n_items (offers); i++)
    {
      GpOffer *offer = g_list_model_get_item (offers, i);

      if (filter == NULL || gp_offer_filter_match (filter, offer))
        g_ptr_array_add (expected, offer);
      else
        g_object_unref (offer);
    }
  if (key != NULL)
    g_ptr_array_sort_with_data (expected, compare_cb, (gpointer) key);

  g_assert_cmpuint (g_list_model_get_n_items (model), ==, expected->len);
  for (guint i = 0; i < expected->len; i++)
    {
      g_autoptr(GpOffer) got = g_list_model_get_item (model, i);

      if (got != g_ptr_array_index (expected, i))
        g_error ("item %u differs", i);
    }
}

static void
assert_sorted_as (GListModel    *model,
                  GpCatalog     *catalog,
                  const SortKey *key)
{
  assert_filtered_sorted_as (model, catalog, NULL, key);
}

typedef struct
{
  guint n_changes;
  guint removed, added;
} Changes;

static void
items_changed_cb (GListModel *model,
                  guint       position,
                  guint       removed,
                  guint       added,
                  Changes    *changes)
{
  g_assert_cmpuint (position, ==, 0);
  changes->n_changes++;
  changes->removed = removed;
  changes->added = added;
}

/* The sort model shows what sorting the catalog's offers afresh shows, tells its view once per
 * change, follows the catalog and the price unit. */
static void
test_sort_model (Fixture       *fixture,
                 gconstpointer  data)
{
  static const GpOfferColumn columns[] = {
    GP_OFFER_COLUMN_ON_DEMAND, GP_OFFER_COLUMN_GPU_MEMORY, GP_OFFER_COLUMN_REGION,
    GP_OFFER_COLUMN_SPOT,
  };
  static const char layer[] =
    "{\"schema_version\":1,\"sources\":[{\"id\":\"lab\",\"title\":\"Lab\",\"as_of\":\"2026-11\"}],"
    "\"instances\":[{\"id\":\"lambda/lab-a10\",\"provider\":\"lambda\",\"name\":\"lab-a10\","
    "\"gpu\":\"a10\",\"gpu_count\":1,\"source\":\"lab\","
    "\"prices\":[{\"region\":\"us-east-1\",\"on_demand\":0.01}]}]}";
  g_autoptr(GpOfferSortModel) model = gp_offer_sort_model_new ();
  g_autoptr(GBytes) bytes = g_bytes_new_static (layer, strlen (layer));
  g_autoptr(GpOffer) first = NULL;
  guint n = g_list_model_get_n_items (gp_catalog_get_offers (fixture->catalog));
  Changes changes = { 0 };
  SortKey key = { 0 };

  g_assert_true (g_list_model_get_item_type (G_LIST_MODEL (model)) == GP_TYPE_OFFER);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 0);
  g_signal_connect (model, "items-changed", G_CALLBACK (items_changed_cb), &changes);
  gp_offer_sort_model_set_catalog (model, fixture->catalog);
  g_assert_cmpuint (changes.n_changes, ==, 1);
  g_assert_cmpuint (changes.added, ==, n);
  assert_sorted_as (G_LIST_MODEL (model), fixture->catalog, NULL);
  g_assert_null (g_list_model_get_item (G_LIST_MODEL (model), n));

  for (guint c = 0; c < G_N_ELEMENTS (columns); c++)
    for (int descending = FALSE; descending <= TRUE; descending++)
      {
        key = (SortKey) { columns[c], FALSE, descending };
        changes.n_changes = 0;
        gp_offer_sort_model_set_column (model, TRUE, columns[c], descending);
        g_assert_cmpuint (changes.n_changes, ==, 1);
        g_assert_cmpuint (changes.removed, ==, n);
        g_assert_cmpuint (changes.added, ==, n);
        assert_sorted_as (G_LIST_MODEL (model), fixture->catalog, &key);
        g_assert_true (gp_offer_sort_model_get_active (model));
        g_assert_cmpint (gp_offer_sort_model_get_column (model), ==, columns[c]);
        g_assert_cmpint (gp_offer_sort_model_get_descending (model), ==, descending);
      }

  /* The same order again changes nothing. */
  changes.n_changes = 0;
  gp_offer_sort_model_set_column (model, TRUE, key.column, key.descending);
  g_assert_cmpuint (changes.n_changes, ==, 0);

  /* Per GPU, the prices' order changes; a column of hardware stays. */
  gp_offer_sort_model_set_column (model, TRUE, GP_OFFER_COLUMN_ON_DEMAND, FALSE);
  changes.n_changes = 0;
  gp_offer_sort_model_set_per_gpu (model, TRUE);
  g_assert_cmpuint (changes.n_changes, ==, 1);
  key = (SortKey) { GP_OFFER_COLUMN_ON_DEMAND, TRUE, FALSE };
  assert_sorted_as (G_LIST_MODEL (model), fixture->catalog, &key);
  gp_offer_sort_model_set_column (model, TRUE, GP_OFFER_COLUMN_GPU_MEMORY, FALSE);
  changes.n_changes = 0;
  gp_offer_sort_model_set_per_gpu (model, FALSE);
  g_assert_cmpuint (changes.n_changes, ==, 0);

  /* A new offer, the cheapest, comes first: one change, one more item. */
  gp_offer_sort_model_set_column (model, TRUE, GP_OFFER_COLUMN_ON_DEMAND, FALSE);
  changes.n_changes = 0;
  g_assert_true (
      gp_catalog_add_layer (fixture->catalog, bytes, "lab.json", GP_CATALOG_LAYER_USER, NULL));
  g_assert_cmpuint (changes.n_changes, ==, 1);
  g_assert_cmpuint (changes.removed, ==, n);
  g_assert_cmpuint (changes.added, ==, n + 1);
  key = (SortKey) { GP_OFFER_COLUMN_ON_DEMAND, FALSE, FALSE };
  assert_sorted_as (G_LIST_MODEL (model), fixture->catalog, &key);
  first = g_list_model_get_item (G_LIST_MODEL (model), 0);
  g_assert_cmpstr (gp_instance_get_id (gp_offer_get_instance (first)), ==, "lambda/lab-a10");

  /* Unsorted, the catalog's order. */
  gp_offer_sort_model_set_column (model, FALSE, GP_OFFER_COLUMN_PROVIDER, FALSE);
  g_assert_false (gp_offer_sort_model_get_active (model));
  assert_sorted_as (G_LIST_MODEL (model), fixture->catalog, NULL);

  /* Without a catalog, nothing. */
  changes.n_changes = 0;
  gp_offer_sort_model_set_catalog (model, NULL);
  g_assert_cmpuint (changes.n_changes, ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 0);
}

/* The sort model filters too: it lists what filtering the sorted offers afresh lists, after a
 * change of the filter (refiltered) and of the order (the matches kept, walked in the new
 * order), one change each; a filter that keeps all shows every offer. */
static void
test_sort_model_filter (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr(GpOfferSortModel) model = gp_offer_sort_model_new ();
  g_autoptr(GpOfferFilter) filter = gp_offer_filter_new ();
  guint n = g_list_model_get_n_items (gp_catalog_get_offers (fixture->catalog));
  Changes changes = { 0 };
  SortKey key = { GP_OFFER_COLUMN_ON_DEMAND, FALSE, FALSE };

  gp_offer_sort_model_set_catalog (model, fixture->catalog);
  gp_offer_sort_model_set_filter (model, filter);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, n);
  g_signal_connect (model, "items-changed", G_CALLBACK (items_changed_cb), &changes);

  gp_offer_filter_set_min_gpu_memory (filter, 40);
  gp_offer_sort_model_refilter (model);
  g_assert_cmpuint (changes.n_changes, ==, 1);
  g_assert_cmpuint (changes.removed, ==, n);
  g_assert_cmpuint (changes.added, >, 0);
  g_assert_cmpuint (changes.added, <, n);
  assert_filtered_sorted_as (G_LIST_MODEL (model), fixture->catalog, filter, NULL);

  for (int descending = FALSE; descending <= TRUE; descending++)
    {
      guint shown = g_list_model_get_n_items (G_LIST_MODEL (model));

      key.descending = descending;
      changes.n_changes = 0;
      gp_offer_sort_model_set_column (model, TRUE, key.column, descending);
      g_assert_cmpuint (changes.n_changes, ==, 1);
      g_assert_cmpuint (changes.removed, ==, shown);
      g_assert_cmpuint (changes.added, ==, shown);
      assert_filtered_sorted_as (G_LIST_MODEL (model), fixture->catalog, filter, &key);
    }

  /* A search, then none: every offer again, in the order. */
  gp_offer_filter_set_search (filter, "a100");
  gp_offer_sort_model_refilter (model);
  assert_filtered_sorted_as (G_LIST_MODEL (model), fixture->catalog, filter, &key);
  gp_offer_filter_clear (filter);
  gp_offer_sort_model_refilter (model);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, n);
  assert_sorted_as (G_LIST_MODEL (model), fixture->catalog, &key);
  g_assert_null (g_list_model_get_item (G_LIST_MODEL (model), n));

  /* A catalog change: the new offers are matched, the instance's cheapest region worked out
   * again for them, in one change. */
  {
    static const char layer[] =
        "{ \"schema_version\": 1, \"instances\": [ {"
        "  \"id\": \"lambda/new-a100\", \"provider\": \"lambda\", \"name\": \"new-a100\","
        "  \"gpu\": \"a100-sxm4-80gb\", \"gpu_count\": 1, \"source\": \"skypilot-lambda-v8\","
        "  \"prices\": [ { \"region\": \"us-east-1\", \"on_demand\": 0.5 },"
        "                { \"region\": \"us-west-1\", \"on_demand\": 0.4 } ] } ] }";
    g_autoptr(GBytes) bytes = g_bytes_new_static (layer, sizeof layer - 1);
    g_autoptr(GpOffer) first = NULL;

    gp_offer_filter_set_min_gpu_memory (filter, 40);
    gp_offer_filter_set_cheapest_region (filter, TRUE);
    gp_offer_sort_model_refilter (model);
    key.descending = FALSE;
    gp_offer_sort_model_set_column (model, TRUE, key.column, FALSE);
    changes.n_changes = 0;
    g_assert_true (
        gp_catalog_add_layer (fixture->catalog, bytes, "new.json", GP_CATALOG_LAYER_EXTRA, NULL));
    g_assert_cmpuint (changes.n_changes, ==, 1);
    assert_filtered_sorted_as (G_LIST_MODEL (model), fixture->catalog, filter, &key);
    /* The cheapest of its two regions, and of all, comes first. */
    first = g_list_model_get_item (G_LIST_MODEL (model), 0);
    g_assert_cmpstr (gp_instance_get_id (gp_offer_get_instance (first)), ==, "lambda/new-a100");
    g_assert_cmpstr (gp_offer_get_region_id (first), ==, "us-west-1");
    gp_offer_filter_clear (filter);
    gp_offer_sort_model_refilter (model);
    n = g_list_model_get_n_items (gp_catalog_get_offers (fixture->catalog));
  }

  /* Without a filter, every offer. */
  gp_offer_filter_set_min_gpu_memory (filter, 80);
  gp_offer_sort_model_set_filter (model, NULL);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, n);
}

/* Two providers with a Tokyo region each (under different codes and geography groups), a
 * Local Zone, and a region near mainland China. */
static const char places_layer[] =
    "{ \"schema_version\": 1,"
    "  \"sources\": [ { \"id\": \"places\", \"title\": \"Places\", \"as_of\": \"2026-01-01\" } ],"
    "  \"providers\": ["
    "    { \"id\": \"east\", \"name\": \"East Cloud\", \"kind\": \"gpu-cloud\", \"source\": "
    "\"places\","
    "      \"regions\": ["
    "        { \"id\": \"ap-tokyo\", \"city\": \"Tokyo\", \"country\": \"Japan\","
    "          \"geography\": \"Asia Pacific\", \"tags\": [\"near-mainland-china\"] },"
    "        { \"id\": \"us-east\", \"city\": \"Ashburn\", \"country\": \"United States\","
    "          \"geography\": \"North America\" },"
    "        { \"id\": \"us-east-lax-1\", \"city\": \"Los Angeles\", \"country\": \"United "
    "States\","
    "          \"geography\": \"North America\", \"kind\": \"local-zone\" } ] },"
    "    { \"id\": \"west\", \"name\": \"West Cloud\", \"kind\": \"gpu-cloud\", \"source\": "
    "\"places\","
    "      \"regions\": ["
    "        { \"id\": \"japaneast\", \"city\": \"Tokyo\", \"country\": \"Japan\","
    "          \"geography\": \"Asia\" } ] } ],"
    "  \"instances\": ["
    "    { \"id\": \"east/a\", \"provider\": \"east\", \"name\": \"a\", \"gpu\": \"t4\","
    "      \"gpu_count\": 1, \"source\": \"places\","
    "      \"prices\": [ { \"region\": \"ap-tokyo\", \"on_demand\": 1.0 },"
    "                   { \"region\": \"us-east\", \"on_demand\": 0.8 },"
    "                   { \"region\": \"us-east-lax-1\", \"on_demand\": 0.5 } ] },"
    "    { \"id\": \"west/b\", \"provider\": \"west\", \"name\": \"b\", \"gpu\": \"t4\","
    "      \"gpu_count\": 1, \"source\": \"places\","
    "      \"prices\": [ { \"region\": \"japaneast\", \"on_demand\": 0.9 } ] } ] }";

static void
add_places (Fixture *fixture)
{
  g_autoptr(GBytes) bytes = g_bytes_new_static (places_layer, sizeof places_layer - 1);
  g_autoptr(GError) error = NULL;

  gp_catalog_add_layer (fixture->catalog, bytes, "places.json", GP_CATALOG_LAYER_EXTRA, &error);
  g_assert_no_error (error);
  gp_offer_filter_forget_catalog (fixture->filter);
}

static char *
matching_ids (Fixture *fixture)
{
  g_autoptr(GPtrArray) found = matching (fixture);
  g_autoptr(GString) ids = g_string_new (NULL);

  for (guint i = 0; i < found->len; i++)
    {
      GpOffer *offer = g_ptr_array_index (found, i);

      if (!g_str_has_prefix (gp_instance_get_id (gp_offer_get_instance (offer)), "east/") &&
          !g_str_has_prefix (gp_instance_get_id (gp_offer_get_instance (offer)), "west/"))
        continue;
      g_string_append_printf (ids, "%s%s", ids->len > 0 ? " " : "", gp_offer_get_region_id (offer));
    }
  return g_string_free (g_steal_pointer (&ids), FALSE);
}

/* A place chosen by name finds every provider's region there, whatever its code; zones count
 * only when asked for, or when named by their code. */
static void
test_areas (Fixture       *fixture,
            gconstpointer  data)
{
  g_auto(GStrv) areas = NULL;
  g_auto(GStrv) with_zones = NULL;
  g_autofree char *ids = NULL;

  add_places (fixture);
  areas = gp_catalog_dup_areas (fixture->catalog, FALSE);
  /* Near mainland China first, then geography groups, then cities, each in label order. */
  g_assert_cmpstr (areas[0], ==, GP_AREA_NEAR_MAINLAND_CHINA);
  g_assert_true (g_strv_contains ((const char * const *) areas, "geography:Asia"));
  g_assert_true (g_strv_contains ((const char * const *) areas, "geography:Asia Pacific"));
  g_assert_true (g_strv_contains ((const char * const *) areas, "place:Japan/Tokyo"));
  g_assert_true (g_strv_contains ((const char * const *) areas, "place:United States/Ashburn"));
  g_assert_false (g_strv_contains ((const char *const *) areas, "place:United States/Los Angeles"));
  for (guint i = 1; areas[i] != NULL; i++)
    if (g_str_has_prefix (areas[i], "geography:"))
      g_assert_true (g_str_has_prefix (areas[i - 1], "geography:") ||
                     g_str_has_prefix (areas[i - 1], "tag:"));
  g_assert_cmpuint (gp_catalog_count_offers (fixture->catalog, TRUE), ==,
                    gp_catalog_count_offers (fixture->catalog, FALSE) + 1);
  with_zones = gp_catalog_dup_areas (fixture->catalog, TRUE);
  g_assert_true (
      g_strv_contains ((const char *const *) with_zones, "place:United States/Los Angeles"));

  g_assert_true (gp_area_is_valid ("place:Japan/Tokyo"));
  g_assert_false (gp_area_is_valid ("ap-northeast-1"));
  g_assert_false (gp_area_is_valid ("geography:"));
  g_assert_true (gp_area_is_valid ("place:Germany"));
  {
    g_autofree char *tokyo = gp_area_dup_label ("place:Japan/Tokyo");
    g_autofree char *asia = gp_area_dup_label ("geography:Asia Pacific");
    g_autofree char *singapore = gp_area_dup_label ("place:Singapore/Singapore");

    g_assert_cmpstr (tokyo, ==, "Tokyo, Japan");
    g_assert_cmpstr (asia, ==, "All of Asia Pacific");
    g_assert_cmpstr (singapore, ==, "Singapore");
    g_autofree char *germany = gp_area_dup_label ("place:Germany");
    g_assert_cmpstr (germany, ==, "Germany");
  }

  gp_offer_filter_set_region (fixture->filter, "place:Japan/Tokyo");
  ids = matching_ids (fixture);
  g_assert_cmpstr (ids, ==, "ap-tokyo japaneast");
  g_clear_pointer (&ids, g_free);

  gp_offer_filter_set_region (fixture->filter, GP_AREA_NEAR_MAINLAND_CHINA);
  ids = matching_ids (fixture);
  g_assert_cmpstr (ids, ==, "ap-tokyo");
  g_clear_pointer (&ids, g_free);

  gp_offer_filter_set_region (fixture->filter, "geography:North America");
  ids = matching_ids (fixture);
  g_assert_cmpstr (ids, ==, "us-east us-east-lax-1");
  g_clear_pointer (&ids, g_free);

  /* Zones left out: not in the area, not the cheapest region of an instance type. */
  gp_offer_filter_set_include_zones (fixture->filter, FALSE);
  ids = matching_ids (fixture);
  g_assert_cmpstr (ids, ==, "us-east");
  g_clear_pointer (&ids, g_free);

  gp_offer_filter_set_cheapest_region (fixture->filter, TRUE);
  ids = matching_ids (fixture);
  g_assert_cmpstr (ids, ==, "us-east japaneast");
  g_clear_pointer (&ids, g_free);

  /* Clearing the filters keeps zones out: that is how far offers reach, not a criterion. */
  gp_offer_filter_clear (fixture->filter);
  g_assert_false (gp_offer_filter_get_include_zones (fixture->filter));
  ids = matching_ids (fixture);
  g_assert_cmpstr (ids, ==, "ap-tokyo us-east japaneast");
  g_clear_pointer (&ids, g_free);

  /* A zone named by its code is shown even so. */
  gp_offer_filter_set_region (fixture->filter, "us-east-lax-1");
  ids = matching_ids (fixture);
  g_assert_cmpstr (ids, ==, "us-east-lax-1");
}

/* The cheapest region of an instance type is never one whose price the source gets wrong. */
static void
test_cheapest_region_sound (Fixture       *fixture,
                            gconstpointer  data)
{
  static const char layer[] =
    "{ \"schema_version\": 1, \"instances\": [ {"
    "  \"id\": \"lambda/odd\", \"provider\": \"lambda\", \"name\": \"odd\","
    "  \"gpu\": \"t4\", \"gpu_count\": 1, \"source\": \"skypilot-lambda-v8\","
    "  \"prices\": [ { \"region\": \"us-east-1\", \"on_demand\": 0.1,"
    "                  \"anomalies\": [\"low-outlier\"] },"
    "                { \"region\": \"us-west-1\", \"on_demand\": 0.3 } ] } ] }";
  g_autoptr(GBytes) bytes = g_bytes_new_static (layer, sizeof layer - 1);
  g_autoptr(GPtrArray) found = NULL;
  GpOffer *kept = NULL;

  g_assert_true (gp_catalog_add_layer (fixture->catalog, bytes, "odd.json", GP_CATALOG_LAYER_EXTRA,
                                       NULL));
  gp_offer_filter_set_search (fixture->filter, "odd");
  gp_offer_filter_set_cheapest_region (fixture->filter, TRUE);
  found = matching (fixture);
  for (guint i = 0; i < found->len; i++)
    if (g_str_equal (gp_instance_get_id (gp_offer_get_instance (g_ptr_array_index (found, i))),
                     "lambda/odd"))
      kept = g_ptr_array_index (found, i);
  g_assert_nonnull (kept);
  g_assert_cmpstr (gp_offer_get_region_id (kept), ==, "us-west-1");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/offer-filter/new-destroy", test_new_destroy);
#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/offer-filter/default-keeps-all", test_default_keeps_all);
  ADD ("/offer-filter/search", test_search);
  ADD ("/offer-filter/providers", test_providers);
  ADD ("/offer-filter/hardware", test_hardware);
  ADD ("/offer-filter/pricing", test_pricing);
  ADD ("/offer-filter/region", test_region);
  ADD ("/offer-filter/areas", test_areas);
  ADD ("/offer-filter/cheapest-region-sound", test_cheapest_region_sound);
  ADD ("/offer-filter/max-price", test_max_price);
  ADD ("/offer-filter/changed-signal", test_changed_signal);
  ADD ("/offer-filter/explain-empty", test_explain_empty);
  ADD ("/offer-filter/explain-none-left", test_explain_none_left);
  ADD ("/offer-filter/clear-criterion", test_clear_criterion);
  ADD ("/offer/compare-unknown-last", test_compare_unknown_last);
  ADD ("/offer/compare-per-gpu", test_compare_per_gpu);
  ADD ("/offer-order/order", test_order);
  ADD ("/offer-sort-model/order", test_sort_model);
  ADD ("/offer-sort-model/filter", test_sort_model_filter);
#undef ADD

  return g_test_run ();
}
