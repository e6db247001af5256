/* test-offer-rows.c — the Instances table's rows, which stay while the offers change
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "gp-catalog.h"
#include "gp-offer-rows.h"
#include "gp-test-ui.h"

/* With no criterion set every offer matches, and says so: the filter model then passes the
 * offers through without running the filter on each. */
typedef struct
{
  guint changes;
  guint position, removed, added;
  guint refreshed;
} RowsHeard;

static void
rows_changed_cb (GListModel *model,
                 guint       position,
                 guint       removed,
                 guint       added,
                 RowsHeard  *heard)
{
  heard->changes++;
  heard->position = position;
  heard->removed = removed;
  heard->added = added;
}

static void
rows_refreshed_cb (GpOfferRows *rows,
                   RowsHeard   *heard)
{
  heard->refreshed++;
}

static GpOffer *
offer_of (GListModel *rows,
          guint       position)
{
  g_autoptr(GpOfferRow) row = g_list_model_get_item (rows, position);

  return gp_offer_row_get_offer (row);
}

/* GpOfferRows: a row stays the same object while held and shows the offer now at its place;
 * the view hears only of the tail; with no offer left, the rows are held as they were. */
static void
test_offer_rows (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  GListModel *all = gp_catalog_get_offers (catalog);
  g_autoptr(GListStore) offers = g_list_store_new (GP_TYPE_OFFER);
  g_autoptr(GpOfferRows) rows = NULL;
  g_autoptr(GpOfferRow) first = NULL;
  RowsHeard heard = { 0 };
  GpOffer *second;

  for (guint i = 0; i < 5; i++)
    {
      g_autoptr(GpOffer) offer = g_list_model_get_item (all, i);

      g_list_store_append (offers, offer);
    }
  rows = gp_offer_rows_new (g_object_ref (G_LIST_MODEL (offers)));
  g_signal_connect (rows, "items-changed", G_CALLBACK (rows_changed_cb), &heard);
  g_signal_connect (rows, "refreshed", G_CALLBACK (rows_refreshed_cb), &heard);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (rows)), ==, 5);
  g_assert_true (g_list_model_get_item_type (G_LIST_MODEL (rows)) == GP_TYPE_OFFER_ROW);
  g_assert_null (g_list_model_get_item (G_LIST_MODEL (rows), 5));

  first = g_list_model_get_item (G_LIST_MODEL (rows), 0);
  second = g_list_model_get_item (G_LIST_MODEL (offers), 1);
  g_object_unref (second); /* the store keeps it */
  g_assert_true (gp_offer_row_get_offer (first) ==
                 g_list_model_get_item (G_LIST_MODEL (offers), 0));
  g_object_unref (gp_offer_row_get_offer (first));
  {
    g_autoptr(GpOfferRow) again = g_list_model_get_item (G_LIST_MODEL (rows), 0);

    g_assert_true (again == first);
  }

  /* The first offer goes: the row held shows the second, the view hears of the tail. */
  g_list_store_remove (offers, 0);
  g_assert_true (gp_offer_row_get_offer (first) == second);
  g_assert_cmpuint (heard.changes, ==, 1);
  g_assert_cmpuint (heard.position, ==, 4);
  g_assert_cmpuint (heard.removed, ==, 1);
  g_assert_cmpuint (heard.added, ==, 0);
  g_assert_cmpuint (heard.refreshed, ==, 1);
  g_assert_true (offer_of (G_LIST_MODEL (rows), 3) ==
                 g_list_model_get_item (G_LIST_MODEL (offers), 3));
  g_object_unref (offer_of (G_LIST_MODEL (rows), 3));

  /* None left: held, unheard, as they were. */
  g_list_store_remove_all (offers);
  g_assert_true (gp_offer_rows_is_held (rows));
  g_assert_cmpuint (heard.changes, ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (rows)), ==, 4);
  g_assert_true (gp_offer_row_get_offer (first) == second);

  /* Offers back: every row held shows its new offer, and the tail is told. */
  {
    g_autoptr(GpOffer) a = g_list_model_get_item (all, 10);
    g_autoptr(GpOffer) b = g_list_model_get_item (all, 11);
    g_autoptr(GpOffer) c = g_list_model_get_item (all, 12);
    gpointer back[] = { a, b, c };

    g_list_store_splice (offers, 0, 0, back, G_N_ELEMENTS (back));
  }
  g_assert_false (gp_offer_rows_is_held (rows));
  g_assert_true (gp_offer_row_get_offer (first) == g_list_model_get_item (all, 10));
  g_object_unref (gp_offer_row_get_offer (first));
  g_assert_cmpuint (heard.changes, ==, 2);
  g_assert_cmpuint (heard.position, ==, 3);
  g_assert_cmpuint (heard.removed, ==, 1);
  g_assert_cmpuint (heard.added, ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (rows)), ==, 3);

  /* A row let go of is made again when asked for, showing the offer at its place. */
  g_clear_object (&first);
  first = g_list_model_get_item (G_LIST_MODEL (rows), 0);
  g_assert_true (gp_offer_row_get_offer (first) == g_list_model_get_item (all, 10));
  g_object_unref (gp_offer_row_get_offer (first));
}

int
main (int   argc,
      char *argv[])
{
  gp_test_ui_init (&argc, &argv);

  g_test_add_func ("/offer-rows/held-and-refreshed", test_offer_rows);

  return g_test_run ();
}
