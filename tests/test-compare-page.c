/* test-compare-page.c — the first view of the data: five platforms side by side
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "gp-compare-page.h"
#include "gp-provider-card.h"
#include "gp-test-ui.h"

typedef struct
{
  GtkWindow     *window;
  GpComparePage *page;
  GpCatalog     *catalog;
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  int width = GPOINTER_TO_INT (data);

  fixture->catalog = gp_catalog_new_bundled ();
  fixture->page = g_object_new (GP_TYPE_COMPARE_PAGE, "catalog", fixture->catalog, NULL);
  fixture->window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_default_size (fixture->window, width > 0 ? width : 1900, 1000);
  gtk_window_set_child (fixture->window, GTK_WIDGET (fixture->page));
  gtk_window_present (fixture->window);
  /* The first frame shows the page; the columns are built just after it. */
  gp_test_ui_wait_for_draw (GTK_WIDGET (fixture->window));
  gp_test_ui_wait_for_draw (GTK_WIDGET (fixture->window));
}

static void
test_built_after_first_frame (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  GpComparePage *page = g_object_new (GP_TYPE_COMPARE_PAGE, "catalog", catalog, NULL);
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  GListModel *summaries = gp_compare_page_get_summaries (page);

  /* Nothing is built for a page nobody sees. */
  g_assert_cmpuint (g_list_model_get_n_items (summaries), ==, 0);

  gtk_window_set_child (window, GTK_WIDGET (page));
  gtk_window_present (window);
  gp_test_ui_wait_for_draw (GTK_WIDGET (window));
  g_assert_cmpuint (g_list_model_get_n_items (summaries), ==, 5);

  gtk_window_destroy (window);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  gtk_window_destroy (fixture->window);
  gp_test_ui_iterate ();
  g_assert_finalize_object (fixture->catalog);
}

static GPtrArray *
cards (Fixture *fixture)
{
  GPtrArray *found = g_ptr_array_new ();
  GtkWidget *flow_box = gp_test_ui_find_widget (GTK_WIDGET (fixture->page), GTK_TYPE_FLOW_BOX);

  for (guint i = 0; ; i++)
    {
      GtkFlowBoxChild *child = gtk_flow_box_get_child_at_index (GTK_FLOW_BOX (flow_box), i);

      if (child == NULL)
        break;
      g_ptr_array_add (found, gtk_flow_box_child_get_child (child));
    }

  return found;
}

static char *
card_text (Fixture *fixture,
           guint    index)
{
  g_autoptr(GPtrArray) all = cards (fixture);

  g_assert_cmpuint (index, <, all->len);
  return gp_test_ui_collect_text (g_ptr_array_index (all, index));
}

static void
assert_contains (const char *text,
                 const char *needle)
{
  if (strstr (text, needle) == NULL)
    g_error ("“%s” not found in:\n%s", needle, text);
}

static void
test_five_platforms (Fixture       *fixture,
                     gconstpointer  data)
{
  static const char *const names[] = {
    "Amazon SageMaker", "Azure Machine Learning", "Google Vertex AI", "Google Colab", "Lambda",
  };
  g_autoptr(GPtrArray) all = cards (fixture);

  g_assert_cmpuint (all->len, ==, G_N_ELEMENTS (names));
  for (guint i = 0; i < all->len; i++)
    {
      GpProviderCard *card = g_ptr_array_index (all, i);
      GpProvider *provider = gp_provider_summary_get_provider (gp_provider_card_get_summary (card));
      g_autofree char *text = gp_test_ui_collect_text (GTK_WIDGET (card));

      g_assert_cmpstr (gp_provider_get_name (provider), ==, names[i]);
      g_assert_true (g_str_has_prefix (text, names[i]));
      /* The four things labs weigh, on every card. */
      assert_contains (text, "GPUs and compute");
      assert_contains (text, "Billing and prices");
      assert_contains (text, "Data transfer");
      assert_contains (text, "Development environment");
      assert_contains (text, "Figures as of ");
    }

  /* Wide enough for all five in one row. */
  {
    graphene_rect_t first, last;

    g_assert_true (gtk_widget_compute_bounds (g_ptr_array_index (all, 0), GTK_WIDGET (fixture->page), &first));
    g_assert_true (gtk_widget_compute_bounds (g_ptr_array_index (all, 4), GTK_WIDGET (fixture->page), &last));
    g_assert_cmpfloat (first.origin.y, ==, last.origin.y);
    g_assert_cmpfloat (last.origin.x, >, first.origin.x);
  }
}

static void
test_card_figures (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autofree char *sagemaker = card_text (fixture, 0);
  g_autofree char *azure = card_text (fixture, 1);
  g_autofree char *vertex = card_text (fixture, 2);
  g_autofree char *colab = card_text (fixture, 3);
  g_autofree char *lambda = card_text (fixture, 4);

  assert_contains (sagemaker, "15–40% above the raw VM price");
  assert_contains (sagemaker, "Egress $0.09 per GB after 100 GB free a month");
  assert_contains (azure, "Billed at the price of the VMs it runs on");
  assert_contains (azure, "Spot up to 89% below on-demand");
  assert_contains (vertex, "On Google Cloud Compute Engine machine types:");
  assert_contains (vertex, "About 20% above the raw VM price");
  assert_contains (colab, "Pay As You Go, 500 compute units: $49.99 for 500 compute units");
  assert_contains (colab, "Colab Pro: price not found");
  assert_contains (colab, "Colab A100 runtime: 13.08 compute units an hour");
  assert_contains (colab, "A session lasts at most 12 hours");
  assert_contains (lambda, "From $0.79 per GPU-hour on demand (gpu_8x_v100)");
  assert_contains (lambda, "Billed per minute");
  assert_contains (lambda, "Egress price not in the catalog");
  /* Prices older than 180 days are marked, with what to do about it. */
  assert_contains (lambda, "Figures as of 2025-09-12 or later: more than 180 days old, refresh them");
  assert_contains (sagemaker, "Figures as of 2020 or later: more than 180 days old");
}

static void
test_features_accessible (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autoptr(GPtrArray) all = cards (fixture);
  GtkWidget *lambda = g_ptr_array_index (all, 4);
  GtkWidget *yes = gp_test_ui_find_by_name (lambda, "feature-yes");
  GtkWidget *no = gp_test_ui_find_by_name (lambda, "feature-no");

  /* Lambda has SSH and no managed notebooks; a mark alone would say nothing to a screen
   * reader, so each row carries its answer in words. */
  g_assert_nonnull (yes);
  g_assert_nonnull (no);
  {
    g_autofree char *text = gp_test_ui_collect_text (lambda);
    assert_contains (text, "SSH access");
  }
}

static void
test_sources_popover (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr(GPtrArray) all = cards (fixture);
  GtkWidget *lambda = g_ptr_array_index (all, 4);
  GtkMenuButton *button = GTK_MENU_BUTTON (gp_test_ui_find_widget (lambda, GTK_TYPE_MENU_BUTTON));
  GtkWidget *popover = GTK_WIDGET (gtk_menu_button_get_popover (button));
  GtkWidget *link;

  gtk_menu_button_popup (button);
  gp_test_ui_wait_for_draw (popover);
  g_assert_true (gtk_widget_get_visible (popover));

  link = gp_test_ui_find_widget (popover, GTK_TYPE_LINK_BUTTON);
  g_assert_nonnull (link);
  g_assert_true (g_str_has_prefix (gtk_link_button_get_uri (GTK_LINK_BUTTON (link)), "https://"));
  {
    g_autofree char *text = gp_test_ui_collect_text (popover);
    assert_contains (text, "SkyPilot price catalog, Lambda");
    assert_contains (text, "As of 2025-09-12");
  }
  gtk_menu_button_popdown (button);
}

static void
test_follows_catalog (Fixture       *fixture,
                      gconstpointer  data)
{
  static const char layer[] =
    "{\"schema_version\":1,\"sources\":[{\"id\":\"q\",\"title\":\"Q\",\"as_of\":\"2026-11\"}],"
    "\"instances\":[{\"id\":\"lambda/cheap\",\"provider\":\"lambda\",\"name\":\"cheap-a10\","
    "\"gpu\":\"a10\",\"gpu_count\":1,\"source\":\"q\","
    "\"prices\":[{\"region\":\"us-east-1\",\"on_demand\":0.5}]}]}";
  g_autoptr(GBytes) bytes = g_bytes_new_static (layer, strlen (layer));
  g_autoptr(GError) error = NULL;
  g_autofree char *lambda = NULL;

  g_assert_true (gp_catalog_add_layer (fixture->catalog, bytes, "q.json", GP_CATALOG_LAYER_USER, &error));
  gp_test_ui_wait_for_draw (GTK_WIDGET (fixture->window));
  lambda = card_text (fixture, 4);
  assert_contains (lambda, "From $0.50 per GPU-hour on demand (cheap-a10)");
}

static void
test_narrow (Fixture       *fixture,
             gconstpointer  data)
{
  g_autoptr(GPtrArray) all = cards (fixture);
  graphene_rect_t first, second;

  /* At phone width the columns stack. */
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (fixture->window)), <=, 400);
  g_assert_true (gtk_widget_compute_bounds (g_ptr_array_index (all, 0), GTK_WIDGET (fixture->page), &first));
  g_assert_true (gtk_widget_compute_bounds (g_ptr_array_index (all, 1), GTK_WIDGET (fixture->page), &second));
  g_assert_cmpfloat (second.origin.y, >, first.origin.y);
  g_assert_cmpfloat (first.size.width, <=, 400);
}

int
main (int   argc,
      char *argv[])
{
  gp_test_ui_init (&argc, &argv);

  g_test_add_func ("/compare-page/built-after-first-frame", test_built_after_first_frame);
  g_test_add ("/compare-page/five-platforms", Fixture, NULL, fixture_set_up, test_five_platforms,
              fixture_tear_down);
  g_test_add ("/compare-page/card-figures", Fixture, NULL, fixture_set_up, test_card_figures,
              fixture_tear_down);
  g_test_add ("/compare-page/features-accessible", Fixture, NULL, fixture_set_up,
              test_features_accessible, fixture_tear_down);
  g_test_add ("/compare-page/sources-popover", Fixture, NULL, fixture_set_up, test_sources_popover,
              fixture_tear_down);
  g_test_add ("/compare-page/follows-catalog", Fixture, NULL, fixture_set_up, test_follows_catalog,
              fixture_tear_down);
  g_test_add ("/compare-page/narrow", Fixture, GINT_TO_POINTER (360), fixture_set_up, test_narrow,
              fixture_tear_down);

  return g_test_run ();
}
