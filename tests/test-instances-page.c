/* test-instances-page.c — every offer, filtered, sorted, detailed and sent to the comparison
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "gp-instances-page.h"
#include "gp-instances-row.h"
#include "gp-price-history.h"
#include "gp-test-ui.h"
#include "gp-ui-widgets.h"

typedef struct
{
  GtkWindow       *window;
  GpInstancesPage *page;
  GpCatalog       *catalog;
  GSettings       *settings;
  GPtrArray       *compared;    /* the ids win.compare received */
  GPtrArray *tooltips;          /* the cells' tooltips asked for */
  GpSettings      *app_settings;
} Fixture;

static void
compare_activated_cb (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data)
{
  Fixture *fixture = user_data;
  g_autofree const char **ids = g_variant_get_strv (parameter, NULL);

  for (guint i = 0; ids[i] != NULL; i++)
    g_ptr_array_add (fixture->compared, g_strdup (ids[i]));
}

static void
reset_settings (GSettings *settings)
{
  g_settings_reset (settings, "currency");
  g_settings_reset (settings, "exchange-rates");
  g_settings_reset (settings, "exchange-rates-as-of");
  g_settings_reset (settings, "price-unit");
  g_settings_reset (settings, "instances-hidden-columns");
  g_settings_reset (settings, "instances-column-widths");
  g_settings_reset (settings, "lab-location");
  g_settings_reset (settings, "usable-only");
  g_settings_reset (settings, "invoice-required");
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  int width = GPOINTER_TO_INT (data);
  g_autoptr(GSimpleActionGroup) group = g_simple_action_group_new ();
  g_autoptr(GSimpleAction) compare = g_simple_action_new ("compare", G_VARIANT_TYPE_STRING_ARRAY);

  fixture->compared = g_ptr_array_new_with_free_func (g_free);
  fixture->tooltips = g_ptr_array_new_with_free_func (g_free);
  fixture->settings = g_settings_new (BASE_APP_ID);
  reset_settings (fixture->settings);
  fixture->app_settings = gp_settings_new (fixture->settings);
  fixture->catalog = gp_catalog_new_bundled ();
  fixture->page = g_object_new (GP_TYPE_INSTANCES_PAGE, NULL);
  gp_instances_page_set_settings (fixture->page, fixture->app_settings);
  gp_instances_page_set_catalog (fixture->page, fixture->catalog);

  /* The window's action the page sends its selection to. */
  g_signal_connect (compare, "activate", G_CALLBACK (compare_activated_cb), fixture);
  g_action_map_add_action (G_ACTION_MAP (group), G_ACTION (compare));

  fixture->window = GTK_WINDOW (gtk_window_new ());
  gtk_widget_insert_action_group (GTK_WIDGET (fixture->window), "win", G_ACTION_GROUP (group));
  gtk_window_set_default_size (fixture->window, width > 0 ? width : 1800, 1000);
  gtk_window_set_child (fixture->window, GTK_WIDGET (fixture->page));
  gtk_window_present (fixture->window);
  gp_test_ui_wait_for_draw (GTK_WIDGET (fixture->window));
  gp_test_ui_wait_for_draw (GTK_WIDGET (fixture->window));
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  gtk_window_destroy (fixture->window);
  gp_test_ui_iterate ();
  reset_settings (fixture->settings);
  g_clear_object (&fixture->app_settings);
  g_clear_object (&fixture->settings);
  g_assert_finalize_object (fixture->catalog);
  g_ptr_array_unref (fixture->compared);
  g_ptr_array_unref (fixture->tooltips);
}

static GListModel *
rows (Fixture *fixture)
{
  GListModel *model = gp_instances_page_get_offers (fixture->page);

  g_assert_nonnull (model);
  return model;
}

static guint
n_rows (Fixture *fixture)
{
  return g_list_model_get_n_items (rows (fixture));
}

static GpOffer *
row (Fixture *fixture,
     guint    position)
{
  g_autoptr(GpOffer) offer = g_list_model_get_item (rows (fixture), position);

  g_assert_nonnull (offer);
  return offer;
}

static GtkWidget *
find (Fixture    *fixture,
      const char *name)
{
  GtkWidget *widget = gp_test_ui_find_by_name (GTK_WIDGET (fixture->page), name);

  if (widget == NULL)
    g_error ("no widget %s", name);
  return widget;
}

static char *
label_text (Fixture    *fixture,
            const char *name)
{
  GtkWidget *widget = find (fixture, name);

  return g_strdup (GTK_IS_INSCRIPTION (widget) ? gtk_inscription_get_text (GTK_INSCRIPTION (widget))
                                               : gtk_label_get_text (GTK_LABEL (widget)));
}

typedef struct
{
  GpOfferFilter *filter;
  const char    *text;
} SearchApplied;

static gboolean
search_is_applied (gpointer data)
{
  SearchApplied *applied = data;

  return g_strcmp0 (gp_offer_filter_get_search (applied->filter), applied->text) == 0;
}

/* Types into the search entry and waits for its search-changed, as a user's typing would. */
static void
search (Fixture    *fixture,
        const char *text)
{
  GtkEditable *entry = GTK_EDITABLE (find (fixture, "search_entry"));
  SearchApplied applied = { gp_instances_page_get_filter (fixture->page), text };

  gtk_editable_set_text (entry, text);
  gp_test_ui_wait_until (search_is_applied, &applied, "the search to reach the filter");
  gp_test_ui_wait_for_draw (GTK_WIDGET (fixture->window));
}

static void
test_new_destroy (void)
{
  GpInstancesPage *page = g_object_ref_sink (g_object_new (GP_TYPE_INSTANCES_PAGE, NULL));

  /* Nothing is filtered for a page nobody sees. */
  g_assert_null (gp_instances_page_get_offers (page));
  g_assert_finalize_object (page);
}

typedef struct
{
  GpInstancesRow *row;
  const char *column;
} Cell;

static Cell cell (Fixture *fixture, const char *text);
static const char *const column_ids[17];

static void
test_all_offers (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autofree char *count = label_text (fixture, "count_label");
  GListModel *offers = gp_catalog_get_offers (fixture->catalog);

  /* The catalog's own list model, in its order: nothing copied. */
  g_assert_cmpuint (n_rows (fixture), ==, g_list_model_get_n_items (offers));
  g_assert_true (row (fixture, 0) == g_list_model_get_item (offers, 0));
  g_object_unref (row (fixture, 0));
  g_assert_cmpstr (count, ==, "80 offers");
  g_assert_cmpstr (gtk_stack_get_visible_child_name (GTK_STACK (find (fixture, "results_stack"))),
                   ==, "list");
  /* The cells on screen show the figures, unknown ones as a dash. */
  {
    g_autofree char *text = gp_test_ui_collect_text (find (fixture, "offers_list"));

    gp_test_ui_assert_contains (text, "p3.2xlarge");
    gp_test_ui_assert_contains (text, "3.060");
    gp_test_ui_assert_contains (text, "—");
  }
  /* A row is read by a screen reader as one: each cell shown with its column's title. */
  {
    Cell shown = cell (fixture, "p3.2xlarge");
    g_autoptr(GString) expected = g_string_new (NULL);

    for (guint k = 0; k < G_N_ELEMENTS (column_ids); k++)
      {
        const char *text = gp_instances_row_get_text (shown.row, column_ids[k]);
        GtkColumnViewColumn *column = gp_instances_page_get_column (fixture->page, column_ids[k]);

        if (text != NULL)
          g_string_append_printf (expected, "%s%s: %s", expected->len > 0 ? ", " : "",
                                  gtk_column_view_column_get_title (column), text);
      }
    gp_test_ui_assert_contains (expected->str, "Instance: p3.2xlarge, ");
    gtk_test_accessible_assert_property (GTK_ACCESSIBLE (shown.row), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                         expected->str);
  }
}

static void
test_search_typing (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autofree char *count = NULL;

  search (fixture, "h100 lambda");
  g_assert_cmpuint (n_rows (fixture), ==, 6);
  for (guint i = 0; i < n_rows (fixture); i++)
    {
      GpOffer *offer = row (fixture, i);

      g_assert_nonnull (strstr (gp_gpu_get_name (gp_offer_get_gpu (offer)), "H100"));
      g_assert_cmpstr (gp_provider_get_id (gp_offer_get_provider (offer)), ==, "lambda");
    }
  count = label_text (fixture, "count_label");
  g_assert_cmpstr (count, ==, "6 of 80 offers");
  /* Clear Filters is on while a filter is. */
  g_assert_true (gtk_widget_get_sensitive (find (fixture, "clear_button")));
}

static void
test_filter_widgets (Fixture       *fixture,
                     gconstpointer  data)
{
  GpOfferFilter *filter = gp_instances_page_get_filter (fixture->page);

  /* Spot only */
  gtk_switch_set_active (GTK_SWITCH (find (fixture, "spot_switch")), TRUE);
  g_assert_cmpint (gp_offer_filter_get_pricing (filter), ==, GP_PRICING_SPOT);
  g_assert_cmpuint (n_rows (fixture), >, 0);
  for (guint i = 0; i < n_rows (fixture); i++)
    g_assert_false (isnan (gp_offer_get_spot_min (row (fixture, i))));

  /* And 80 GB or more per GPU: the sixth choice. */
  adw_combo_row_set_selected (ADW_COMBO_ROW (find (fixture, "memory_row")), 5);
  g_assert_cmpfloat (gp_offer_filter_get_min_gpu_memory (filter), ==, 80);
  g_assert_cmpuint (n_rows (fixture), >, 0);
  for (guint i = 0; i < n_rows (fixture); i++)
    {
      GpOffer *offer = row (fixture, i);

      g_assert_cmpfloat (gp_instance_get_gpu_memory_gb (gp_offer_get_instance (offer)), >=, 80);
      g_assert_false (isnan (gp_offer_get_spot_min (offer)));
    }

  /* And 8 GPUs or more. */
  adw_combo_row_set_selected (ADW_COMBO_ROW (find (fixture, "count_row")), 3);
  for (guint i = 0; i < n_rows (fixture); i++)
    g_assert_cmpuint (gp_instance_get_gpu_count (gp_offer_get_instance (row (fixture, i))), >=, 8);

  /* Clear Filters puts every widget back. */
  gtk_widget_activate_action (GTK_WIDGET (fixture->page), "instances.clear-filters", NULL);
  g_assert_false (gtk_switch_get_active (GTK_SWITCH (find (fixture, "spot_switch"))));
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (find (fixture, "memory_row"))), ==,
                    0);
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (find (fixture, "count_row"))), ==,
                    0);
  g_assert_cmpuint (n_rows (fixture), ==, 80);
  g_assert_false (gtk_widget_get_sensitive (find (fixture, "clear_button")));
}

static GtkWidget *
find_row_titled (GtkWidget  *root,
                 const char *title)
{
  if (ADW_IS_ACTION_ROW (root) &&
      g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (root)), title) == 0 &&
      adw_action_row_get_activatable_widget (ADW_ACTION_ROW (root)) != NULL)
    return root;

  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_row_titled (child, title);

      if (found != NULL)
        return found;
    }

  return NULL;
}

/* The check in front of the row titled with the provider's name. */
static GtkCheckButton *
provider_check (Fixture    *fixture,
                const char *name)
{
  GtkWidget *row = find_row_titled (find (fixture, "providers_row"), name);

  if (row == NULL)
    g_error ("no check for %s", name);
  return GTK_CHECK_BUTTON (adw_action_row_get_activatable_widget (ADW_ACTION_ROW (row)));
}

static void
test_provider_toggles (Fixture       *fixture,
                       gconstpointer  data)
{
  AdwExpanderRow *expander = ADW_EXPANDER_ROW (find (fixture, "providers_row"));

  g_assert_cmpstr (adw_expander_row_get_subtitle (expander), ==, "All");

  gtk_check_button_set_active (provider_check (fixture, "Lambda"), TRUE);
  g_assert_cmpuint (n_rows (fixture), ==, 18);
  g_assert_cmpstr (adw_expander_row_get_subtitle (expander), ==, "Lambda");

  gtk_check_button_set_active (provider_check (fixture, "Google Colab"), TRUE);
  g_assert_cmpuint (n_rows (fixture), ==, 21);
  g_assert_cmpstr (adw_expander_row_get_subtitle (expander), ==, "2 Providers");

  /* The last one off shows all again. */
  gtk_check_button_set_active (provider_check (fixture, "Lambda"), FALSE);
  gtk_check_button_set_active (provider_check (fixture, "Google Colab"), FALSE);
  g_assert_cmpuint (n_rows (fixture), ==, 80);
}

static void
test_region_choices (Fixture       *fixture,
                     gconstpointer  data)
{
  AdwComboRow *region = ADW_COMBO_ROW (find (fixture, "region_row"));
  GListModel *choices = adw_combo_row_get_model (region);
  g_autoptr(GHashTable) instances = g_hash_table_new (NULL, NULL);

  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (choices), 0), ==, "All Regions");

  /* The cheapest region of each instance type: one row each. */
  adw_combo_row_set_selected (region, 1);
  g_assert_true (
      gp_offer_filter_get_cheapest_region (gp_instances_page_get_filter (fixture->page)));
  g_assert_cmpuint (n_rows (fixture), ==,
                    g_list_model_get_n_items (gp_catalog_get_instances (fixture->catalog)));
  for (guint i = 0; i < n_rows (fixture); i++)
    g_assert_true (g_hash_table_add (instances, gp_offer_get_instance (row (fixture, i))));

  /* A region by name. */
  for (guint i = 2; i < g_list_model_get_n_items (choices); i++)
    if (g_str_equal (gtk_string_list_get_string (GTK_STRING_LIST (choices), i), "us-west-1"))
      adw_combo_row_set_selected (region, i);
  g_assert_cmpuint (n_rows (fixture), ==, 9);
  for (guint i = 0; i < n_rows (fixture); i++)
    g_assert_cmpstr (gp_offer_get_region_id (row (fixture, i)), ==, "us-west-1");
}

static void
test_sorting (Fixture       *fixture,
              gconstpointer  data)
{
  GtkColumnView *view = GTK_COLUMN_VIEW (find (fixture, "column_view"));
  GtkColumnViewColumn *price = gp_instances_page_get_column (fixture->page, "on-demand");
  GtkColumnViewColumn *memory = gp_instances_page_get_column (fixture->page, "gpu-memory");
  GtkAdjustment *vadjustment;

  for (int order = GTK_SORT_ASCENDING; order <= GTK_SORT_DESCENDING; order++)
    {
      double previous = NAN;
      gboolean unknown = FALSE;

      /* As a click on the header does. */
      gtk_column_view_sort_by_column (view, price, order);
      for (guint i = 0; i < n_rows (fixture); i++)
        {
          double value = gp_offer_get_on_demand (row (fixture, i));

          /* Blanks stay at the bottom both ways. */
          if (isnan (value))
            {
              unknown = TRUE;
              continue;
            }
          g_assert_false (unknown);
          if (!isnan (previous))
            g_assert_true (order == GTK_SORT_ASCENDING ? value >= previous : value <= previous);
          previous = value;
        }
      g_assert_true (unknown);
    }

  /* A new order shows its beginning, wherever the list was scrolled to. */
  gp_test_ui_wait_for_draw (GTK_WIDGET (fixture->window));
  vadjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (find (fixture, "offers_list")));
  g_assert_cmpfloat (gtk_adjustment_get_upper (vadjustment), >,
                     gtk_adjustment_get_page_size (vadjustment));
  gtk_adjustment_set_value (vadjustment, gtk_adjustment_get_upper (vadjustment));
  gp_test_ui_wait_for_draw (GTK_WIDGET (fixture->window));
  g_assert_cmpfloat (gtk_adjustment_get_value (vadjustment), >, 0);
  gtk_column_view_sort_by_column (view, memory, GTK_SORT_DESCENDING);
  g_assert_cmpfloat (gp_instance_get_gpu_memory_gb (gp_offer_get_instance (row (fixture, 0))), ==,
                     80);
  gp_test_ui_wait_for_draw (GTK_WIDGET (fixture->window));
  g_assert_cmpfloat (gtk_adjustment_get_value (vadjustment), ==, 0);

  /* Per GPU, the price order changes: eight V100s at $6.32 beat one A10 at $1.29. */
  gtk_column_view_sort_by_column (view, price, GTK_SORT_ASCENDING);
  g_settings_set_enum (fixture->settings, "price-unit", 1);
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (find (fixture, "unit_row"))), ==, 1);
  {
    double previous = 0;

    for (guint i = 0; i < n_rows (fixture); i++)
      {
        double value = gp_offer_get_per_gpu_hour (row (fixture, i));

        if (isnan (value))
          break;
        g_assert_cmpfloat (value, >=, previous);
        previous = value;
      }
  }
  g_assert_cmpstr (gtk_column_view_column_get_title (price), ==, "On Demand ($/GPU-h)");

  /* No sort: the catalog's order again. */
  gtk_column_view_sort_by_column (view, NULL, GTK_SORT_ASCENDING);
  g_assert_true (row (fixture, 0) ==
                 g_list_model_get_item (gp_catalog_get_offers (fixture->catalog), 0));
  g_object_unref (row (fixture, 0));
}

static void
test_empty_says_why (Fixture       *fixture,
                     gconstpointer  data)
{
  GtkStack *stack = GTK_STACK (find (fixture, "results_stack"));
  AdwStatusPage *empty = ADW_STATUS_PAGE (find (fixture, "empty_page"));

  search (fixture, "no-such-gpu");
  g_assert_cmpuint (n_rows (fixture), ==, 0);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "empty");
  gp_test_ui_assert_contains (adw_status_page_get_description (empty), "“no-such-gpu”");
  g_assert_true (gtk_widget_get_visible (find (fixture, "remove_filter_button")));

  /* Removing the filter to blame brings the offers back, and the search entry empties. */
  gtk_widget_activate_action (GTK_WIDGET (fixture->page), "instances.remove-blamed-filter", NULL);
  g_assert_cmpuint (n_rows (fixture), ==, 80);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (find (fixture, "search_entry"))), ==, "");
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "list");

  /* Lambda has no spot market: the switch turned on last is named. */
  gtk_check_button_set_active (provider_check (fixture, "Lambda"), TRUE);
  gtk_switch_set_active (GTK_SWITCH (find (fixture, "spot_switch")), TRUE);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "empty");
  gp_test_ui_assert_contains (adw_status_page_get_description (empty),
                              "has a price for each of: Spot");

  /* A price limit in the currency shown. */
  gtk_widget_activate_action (GTK_WIDGET (fixture->page), "instances.clear-filters", NULL);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (find (fixture, "max_price_spin")), 0.01);
  gp_test_ui_assert_contains (adw_status_page_get_description (empty),
                              "costs $0.010 or less per hour");
}

static void
test_currency (Fixture       *fixture,
               gconstpointer  data)
{
  GtkColumnViewColumn *price = gp_instances_page_get_column (fixture->page, "on-demand");
  g_autofree char *rate = NULL;
  g_autofree char *text = NULL;
  g_autofree char *currency = NULL;

  gtk_spin_button_set_value (GTK_SPIN_BUTTON (find (fixture, "max_price_spin")), 4);
  adw_combo_row_set_selected (ADW_COMBO_ROW (find (fixture, "currency_row")), 1);
  currency = g_settings_get_string (fixture->settings, "currency");
  g_assert_cmpstr (currency, ==, "CNY");
  g_assert_cmpstr (gtk_column_view_column_get_title (price), ==, "On Demand (¥/h)");

  /* The default rate, named with its date, stale past the catalog's limit as a price would be;
   * cells follow: $3.06 is ¥21.748. */
  rate = label_text (fixture, "rate_label");
  g_assert_cmpstr (rate, ==,
                   "1 USD = 7.1072 CNY, rate as of 2025-09-01, stale (set in Preferences)");
  gp_test_ui_wait_for_draw (GTK_WIDGET (fixture->window));
  text = gp_test_ui_collect_text (find (fixture, "offers_list"));
  gp_test_ui_assert_contains (text, "21.748");

  /* A price limit keeps its worth: $4 is ¥28.43. */
  g_assert_cmpfloat_with_epsilon (
      gtk_spin_button_get_value (GTK_SPIN_BUTTON (find (fixture, "max_price_spin"))), 28.43, 0.001);

  /* A rate set in Preferences. */
  g_settings_set_value (fixture->settings, "exchange-rates", g_variant_new_parsed ("{'CNY': 7.0}"));
  g_settings_set_string (fixture->settings, "exchange-rates-as-of", "2026-11-30");
  g_clear_pointer (&rate, g_free);
  rate = label_text (fixture, "rate_label");
  g_assert_cmpstr (rate, ==, "1 USD = 7.0000 CNY, rate as of 2026-11-30 (set in Preferences)");
}

static void
test_selection_to_comparison (Fixture       *fixture,
                              gconstpointer  data)
{
  GtkSelectionModel *selection =
      gtk_list_view_get_model (GTK_LIST_VIEW (find (fixture, "offers_list")));
  GtkWidget *button = find (fixture, "compare_button");

  g_assert_false (gtk_widget_is_sensitive (button));
  gtk_selection_model_select_item (selection, 0, TRUE);
  gtk_selection_model_select_item (selection, 3, FALSE);
  g_assert_true (gtk_widget_is_sensitive (button));

  g_signal_emit_by_name (button, "clicked");
  g_assert_cmpuint (fixture->compared->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (fixture->compared, 0), ==, "aws-ec2/p3.2xlarge@us-east-1");
  g_assert_cmpstr (g_ptr_array_index (fixture->compared, 1), ==, "aws-ec2/p3.8xlarge@us-east-1");
}

static void
collect_rows (GtkWidget *widget,
              GPtrArray *found)
{
  if (GP_IS_INSTANCES_ROW (widget))
    g_ptr_array_add (found, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_rows (child, found);
}

/* The rows GTK keeps bound, and whether one shows @text in a cell. */
static GPtrArray *
bound_rows (Fixture *fixture)
{
  GPtrArray *found = g_ptr_array_new ();

  collect_rows (find (fixture, "offers_list"), found);
  g_assert_cmpuint (found->len, >, 0);
  return found;
}

static gboolean
row_shows (GpInstancesRow *row,
           const char     *text)
{
  g_autofree char *lines = gp_instances_row_dup_text (row);
  g_auto(GStrv) each = g_strsplit (lines, "\n", -1);

  return g_strv_contains ((const char *const *) each, text);
}

static gboolean
shows (GPtrArray  *rows,
       const char *text)
{
  for (guint i = 0; i < rows->len; i++)
    if (row_shows (g_ptr_array_index (rows, i), text))
      return TRUE;
  return FALSE;
}

static gboolean
selected_only (GtkSelectionModel *selection,
               guint              position)
{
  g_autoptr(GtkBitset) selected = gtk_selection_model_get_selection (selection);

  return gtk_bitset_get_size (selected) == 1 && gtk_bitset_contains (selected, position);
}

/* A filter or a sort fills the rows on screen in again instead of making them again (GTK 4.8
 * made a dozen cells a row anew for each change); the selected offer stays selected wherever
 * it goes, and leaves the selection when it is no longer shown, as before. */
static void
test_rows_kept (Fixture       *fixture,
                gconstpointer  data)
{
  GtkColumnView *view = GTK_COLUMN_VIEW (find (fixture, "column_view"));
  GtkSelectionModel *selection =
      gtk_list_view_get_model (GTK_LIST_VIEW (find (fixture, "offers_list")));
  GpOfferFilter *filter = gp_instances_page_get_filter (fixture->page);
  g_autoptr(GPtrArray) before = bound_rows (fixture);
  g_autoptr(GPtrArray) after = NULL;
  g_autoptr(GpOffer) chosen = g_object_ref (row (fixture, 3));
  const char *first = gp_instance_get_id (gp_offer_get_instance (row (fixture, 0)));
  g_autofree char *first_name = g_strdup (strchr (first, '/') + 1);
  guint at = G_MAXUINT;

  g_assert_true (shows (before, first_name));

  /* 80 GB or more: the first offer is gone, the rows are the same widgets. */
  gp_offer_filter_set_min_gpu_memory (filter, 80);
  gp_test_ui_wait_for_draw (GTK_WIDGET (fixture->window));
  after = bound_rows (fixture);
  for (guint i = 0; i < after->len; i++)
    g_assert_true (g_ptr_array_find (before, g_ptr_array_index (after, i), NULL));
  g_assert_false (shows (after, first_name));
  {
    const char *now = gp_instance_get_id (gp_offer_get_instance (row (fixture, 0)));

    g_assert_true (shows (after, strchr (now, '/') + 1));
  }
  gp_offer_filter_set_min_gpu_memory (filter, 0);

  /* Sorted by price, highest first: the chosen offer moves, and stays selected. */
  gtk_selection_model_select_item (selection, 3, TRUE);
  gtk_column_view_sort_by_column (view, gp_instances_page_get_column (fixture->page, "on-demand"),
                                  GTK_SORT_DESCENDING);
  for (guint i = 0; i < n_rows (fixture); i++)
    if (row (fixture, i) == chosen)
      at = i;
  g_assert_cmpuint (at, !=, 3);
  g_assert_true (selected_only (selection, at));
  gp_test_ui_wait_for_draw (GTK_WIDGET (fixture->window));
  {
    g_autoptr(GPtrArray) sorted = bound_rows (fixture);
    const char *top = gp_instance_get_id (gp_offer_get_instance (row (fixture, 0)));

    g_assert_true (shows (sorted, strchr (top, '/') + 1));
  }

  /* A search that finds nothing says why, and nothing shown is selected; cleared, the table is
   * back with the offers at their places. */
  search (fixture, "no-such-offer");
  g_assert_cmpuint (n_rows (fixture), ==, 0);
  g_assert_false (gtk_widget_is_sensitive (find (fixture, "compare_button")));
  search (fixture, "");
  g_assert_cmpuint (n_rows (fixture), ==, 80);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (selection)), ==, 80);
  {
    g_autoptr(GtkBitset) selected = gtk_selection_model_get_selection (selection);

    g_assert_true (gtk_bitset_is_empty (selected));
  }
  g_assert_false (gtk_widget_is_sensitive (find (fixture, "compare_button")));
  g_clear_pointer (&after, g_ptr_array_unref);
  after = bound_rows (fixture);
  g_assert_true (shows (
      after, strchr (gp_instance_get_id (gp_offer_get_instance (row (fixture, 0))), '/') + 1));
}

/* The name an instance's cell shows. */
static const char *
instance_name (GpOffer *offer)
{
  return gp_instance_get_name (gp_offer_get_instance (offer));
}

typedef struct
{
  GpInstancesRow *row;
  double y;
  gboolean in_sight;
} InstanceCell;

static int
compare_instance_cells (gconstpointer a,
                        gconstpointer b)
{
  const InstanceCell *first = a, *second = b;

  return (first->y > second->y) - (first->y < second->y);
}

/* The instance cells of every row GTK keeps bound, those in sight first, from the top down. */
static GArray *
instance_cells (Fixture *fixture)
{
  GtkWidget *list = find (fixture, "offers_list");
  g_autoptr(GPtrArray) all = bound_rows (fixture);
  GArray *found = g_array_new (FALSE, FALSE, sizeof (InstanceCell));

  for (guint i = 0; i < all->len; i++)
    {
      GtkWidget *cell = g_ptr_array_index (all, i);
      InstanceCell found_cell = { GP_INSTANCES_ROW (cell), G_MAXDOUBLE, FALSE };
      graphene_rect_t bounds;

      /* GTK maps the rows it shows, and leaves the others where they were. */
      if (gtk_widget_get_mapped (cell) && gtk_widget_compute_bounds (cell, list, &bounds) &&
          bounds.size.height > 0 && bounds.origin.y + bounds.size.height > 0 &&
          bounds.origin.y < gtk_widget_get_height (list))
        {
          found_cell.in_sight = TRUE;
          found_cell.y = bounds.origin.y;
        }
      g_array_append_val (found, found_cell);
    }
  g_array_sort (found, compare_instance_cells);
  return found;
}

static guint
count_in_sight (GArray *found)
{
  guint n = 0;

  for (guint i = 0; i < found->len; i++)
    n += g_array_index (found, InstanceCell, i).in_sight;
  return n;
}

/* The rows in sight show the offers from the first on, in order. */
static void
assert_rows_in_sight_show_the_first (Fixture *fixture)
{
  g_autoptr(GArray) found = instance_cells (fixture);
  guint n = count_in_sight (found);

  g_assert_cmpuint (n, >, 0);
  for (guint i = 0; i < n; i++)
    g_assert_cmpstr (
        gp_instances_row_get_text (g_array_index (found, InstanceCell, i).row, "instance"), ==,
        instance_name (row (fixture, i)));
}

/* Every bound row, in sight or not, shows an offer of the first rows: the names of the cells are
 * those of the offers at the first positions, as many of each. */
static gboolean
all_rows_filled_in (gpointer data)
{
  Fixture *fixture = data;
  g_autoptr(GArray) found = instance_cells (fixture);
  g_autoptr(GHashTable) expected = g_hash_table_new (g_str_hash, g_str_equal);

  if (found->len > n_rows (fixture))
    return FALSE;
  for (guint i = 0; i < found->len; i++)
    {
      const char *name = instance_name (row (fixture, i));

      g_hash_table_insert (
          expected, (gpointer) name,
          GINT_TO_POINTER (GPOINTER_TO_INT (g_hash_table_lookup (expected, name)) + 1));
    }
  for (guint i = 0; i < found->len; i++)
    {
      const char *text =
          gp_instances_row_get_text (g_array_index (found, InstanceCell, i).row, "instance");
      int left = text != NULL ? GPOINTER_TO_INT (g_hash_table_lookup (expected, text)) : 0;

      if (left == 0)
        return FALSE;
      g_hash_table_insert (expected, (gpointer) text, GINT_TO_POINTER (left - 1));
    }
  return TRUE;
}

static void
scroll_to (Fixture *fixture,
           guint    position)
{
  GtkWidget *list = find (fixture, "offers_list");

  gtk_widget_activate_action (list, "list.scroll-to-item", "u", position);
  gp_test_ui_wait_for_draw (GTK_WIDGET (fixture->window));
  gp_test_ui_wait_for_draw (GTK_WIDGET (fixture->window));
}

/* GTK keeps rows bound out of sight; after a filter or a sort, those in sight show their new
 * offers in the first frame, the others soon after it. When the list gets shorter than what
 * was in sight, or a new order is shown from its beginning, the rows that come into sight show
 * their offers in that first frame too. */
static void
test_rows_out_of_sight (Fixture       *fixture,
                        gconstpointer  data)
{
  GtkColumnView *view = GTK_COLUMN_VIEW (find (fixture, "column_view"));
  GpOfferFilter *filter = gp_instances_page_get_filter (fixture->page);
  g_autoptr(GArray) before = instance_cells (fixture);
  guint in_sight = count_in_sight (before);

  /* The window shows some of the rows bound, not all: the case this test is about. */
  g_assert_cmpuint (in_sight, >, 5);
  g_assert_cmpuint (before->len, >, in_sight);
  g_assert_true (all_rows_filled_in (fixture));

  /* A filter that leaves more rows than are in sight. */
  gp_offer_filter_set_min_gpu_memory (filter, 24);
  g_assert_cmpuint (n_rows (fixture), >, in_sight);
  gp_test_ui_wait_for_frame (GTK_WIDGET (fixture->window));
  assert_rows_in_sight_show_the_first (fixture);
  gp_test_ui_wait_until (all_rows_filled_in, fixture, "the rows out of sight to be filled in");

  /* Sorted while the list shows its middle: the new order is shown from its top. */
  gp_offer_filter_set_min_gpu_memory (filter, 0);
  gp_test_ui_wait_until (all_rows_filled_in, fixture, "the rows to be filled in");
  scroll_to (fixture, 45);
  gtk_column_view_sort_by_column (view, gp_instances_page_get_column (fixture->page, "on-demand"),
                                  GTK_SORT_DESCENDING);
  gp_test_ui_wait_for_frame (GTK_WIDGET (fixture->window));
  assert_rows_in_sight_show_the_first (fixture);
  gp_test_ui_wait_until (all_rows_filled_in, fixture, "the rows out of sight to be filled in");

  /* At the list's end, a filter that leaves fewer offers than were in sight. */
  scroll_to (fixture, n_rows (fixture) - 1);
  gp_offer_filter_set_min_gpu_memory (filter, 80);
  g_assert_cmpuint (n_rows (fixture), >, 0);
  g_assert_cmpuint (n_rows (fixture), <, in_sight);
  gp_test_ui_wait_for_frame (GTK_WIDGET (fixture->window));
  assert_rows_in_sight_show_the_first (fixture);
}

/* Counts the lines a pixel tall under @node, drawn as plain fills. */
static void
count_lines (GskRenderNode *node,
             guint         *lines)
{
  switch (gsk_render_node_get_node_type (node))
    {
    case GSK_CONTAINER_NODE:
      for (guint i = 0; i < gsk_container_node_get_n_children (node); i++)
        count_lines (gsk_container_node_get_child (node, i), lines);
      break;
    case GSK_TRANSFORM_NODE:
      count_lines (gsk_transform_node_get_child (node), lines);
      break;
    case GSK_CLIP_NODE:
      count_lines (gsk_clip_node_get_child (node), lines);
      break;
    case GSK_ROUNDED_CLIP_NODE:
      count_lines (gsk_rounded_clip_node_get_child (node), lines);
      break;
    case GSK_OPACITY_NODE:
      count_lines (gsk_opacity_node_get_child (node), lines);
      break;
    case GSK_DEBUG_NODE:
      count_lines (gsk_debug_node_get_child (node), lines);
      break;
    case GSK_COLOR_NODE:
      {
        graphene_rect_t bounds;

        gsk_render_node_get_bounds (node, &bounds);
        *lines += bounds.size.height == 1;
      }
      break;
    default:
      break;
    }
}

/* The lines between the rows are the rows' own: a plain fill a pixel tall under each, in the
 * text's colour, faint. A border of several colours, as the theme's row separators are, is
 * drawn by cairo with a mesh pattern, pixel by pixel over the whole row. */
static void
test_row_lines_one_colour (Fixture       *fixture,
                           gconstpointer  data)
{
  GtkWidget *view = find (fixture, "offers_list");
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (view);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  guint lines = 0;

  gdk_paintable_snapshot (paintable, snapshot, gtk_widget_get_width (view),
                          gtk_widget_get_height (view));
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  count_lines (node, &lines);
  /* A line under each row in sight, at least. */
  g_assert_cmpuint (lines, >, 10);
}

static void
test_details (Fixture       *fixture,
              gconstpointer  data)
{
  GtkWidget *details;
  g_autofree char *text = NULL;
  GtkWidget *source;

  /* Enter (or a double click) on a row. */
  g_signal_emit_by_name (find (fixture, "offers_list"), "activate", 11);
  g_assert_true (gp_instances_page_get_details_offer (fixture->page) == row (fixture, 11));
  details = find (fixture, "details");
  gp_test_ui_wait_for_draw (GTK_WIDGET (fixture->window));
  g_assert_true (gtk_widget_get_mapped (details));

  text = gp_test_ui_collect_text (details);
  gp_test_ui_assert_contains (text, "p4d.24xlarge");
  gp_test_ui_assert_contains (text, "Amazon EC2 · us-east-1");
  gp_test_ui_assert_contains (text, "Memory per GPU (GB)");
  gp_test_ui_assert_contains (text, "Enterprise sign-in");
  gp_test_ui_assert_contains (text, "Known problems of the figures");

  /* Every source with its date, its address opened from the row. */
  source = gp_test_ui_find_by_name (details, "source-row");
  g_assert_nonnull (source);
  g_assert_true (
      g_str_has_prefix (adw_action_row_get_subtitle (ADW_ACTION_ROW (source)), "As of "));
  g_assert_true (g_str_has_prefix (gp_ui_get_tooltip (source), "http"));

  /* Add it from the details; then Escape closes them. */
  gtk_widget_activate_action (details, "instances.compare-shown", NULL);
  g_assert_cmpuint (fixture->compared->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (fixture->compared, 0), ==, "aws-ec2/p4d.24xlarge@us-east-1");
  g_assert_true (gp_test_ui_activate_trigger (GTK_WIDGET (fixture->page), "Escape"));
  g_assert_null (gp_instances_page_get_details_offer (fixture->page));
}

/* A catalog of tests/fixtures/ as a layer over the page's catalog. */
static void
add_fixture_layer (Fixture    *fixture,
                   const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  gp_catalog_add_layer_from_file (fixture->catalog, file, GP_CATALOG_LAYER_EXTRA, &error);
  g_assert_no_error (error);
}

/* An offer sold as Capacity Blocks: its details give the block's hourly price and source, and
 * the Instances page has a column for it, hidden until asked for. */
static void
test_capacity_block (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autofree char *text = NULL;
  GpOffer *offer;

  add_fixture_layer (fixture, "capacity-block-catalog.json");
  offer = gp_instance_find_offer (gp_catalog_find_instance (fixture->catalog, "blockcloud/eight"),
                                  "b1");
  g_assert_nonnull (offer);

  gp_instances_page_show_details (fixture->page, offer);
  gp_test_ui_wait_for_draw (GTK_WIDGET (fixture->window));
  text = gp_test_ui_collect_text (find (fixture, "details"));
  gp_test_ui_assert_contains (text, "Capacity Block");
  gp_test_ui_assert_contains (text, "40.000");
  gp_test_ui_assert_contains (text, "Block cloud Capacity Blocks");

  g_assert_nonnull (gp_instances_page_get_column (fixture->page, "capacity-block"));
  g_assert_false (gtk_column_view_column_get_visible (
      gp_instances_page_get_column (fixture->page, "capacity-block")));
}

/* An offer with a price history: its details chart it, with the dates and the source; one
 * without shows no such group. */
static void
test_price_history (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr(GFile) file = gp_price_history_get_user_file ();
  g_autoptr(GFile) folder = g_file_get_parent (file);
  g_autofree char *id = gp_offer_dup_id (row (fixture, 11));
  g_autofree char *text = g_strdup_printf (
      "{\"history_version\":1,\"sources\":[{\"id\":\"s0\",\"title\":\"Refresh from "
      "https://example.org\"}],\"series\":[{\"offer\":\"%s\",\"source\":\"s0\",\"points\":"
      "[[\"2026-08-01\",30,null],[\"2026-09-01\",25,null]]}]}",
      id);
  g_autofree char *shown = NULL, *other = NULL;
  GtkWidget *group;

  g_file_make_directory_with_parents (folder, NULL, NULL);
  g_assert_true (g_file_replace_contents (file, text, strlen (text), NULL, FALSE,
                                          G_FILE_CREATE_NONE, NULL, NULL, NULL));

  gp_instances_page_show_details (fixture->page, row (fixture, 11));
  gp_test_ui_wait_for_draw (GTK_WIDGET (fixture->window));
  group = gp_test_ui_find_by_name (find (fixture, "details"), "price-history");
  g_assert_nonnull (group);
  g_assert_true (gtk_widget_get_mapped (group));
  shown = gp_test_ui_collect_text (group);
  gp_test_ui_assert_contains (shown, "Price History");
  gp_test_ui_assert_contains (shown, "2026-08-01 to 2026-09-01, 2 dated points");
  gp_test_ui_assert_contains (shown, "Refresh from https://example.org");
  g_assert_null (strstr (shown, "Capacity Block"));

  gp_instances_page_show_details (fixture->page, row (fixture, 0));
  gp_test_ui_wait_for_draw (GTK_WIDGET (fixture->window));
  g_assert_null (gp_test_ui_find_by_name (find (fixture, "details"), "price-history"));

  g_file_delete (file, NULL, NULL);
}

/* A series of Capacity Block prices is the chart's third line, which its legend names. */
static void
test_price_history_capacity_block (Fixture       *fixture,
                                   gconstpointer  data)
{
  g_autoptr(GFile) file = gp_price_history_get_user_file ();
  g_autoptr(GFile) folder = g_file_get_parent (file);
  g_autofree char *id = gp_offer_dup_id (row (fixture, 11));
  g_autofree char *text =
      g_strdup_printf ("{\"history_version\":1,\"sources\":[{\"id\":\"s0\",\"title\":\"Blocks\"}],"
                       "\"series\":[{\"offer\":\"%s\",\"source\":\"s0\",\"points\":"
                       "[[\"2026-01-31\",null,null,31.464],[\"2026-07-22\",null,null,41.528]]}]}",
                       id);
  g_autofree char *shown = NULL;
  GtkWidget *group;

  g_file_make_directory_with_parents (folder, NULL, NULL);
  g_assert_true (g_file_replace_contents (file, text, strlen (text), NULL, FALSE,
                                          G_FILE_CREATE_NONE, NULL, NULL, NULL));

  gp_instances_page_show_details (fixture->page, row (fixture, 11));
  gp_test_ui_wait_for_draw (GTK_WIDGET (fixture->window));
  group = gp_test_ui_find_by_name (find (fixture, "details"), "price-history");
  g_assert_nonnull (group);
  shown = gp_test_ui_collect_text (group);
  gp_test_ui_assert_contains (shown, "dotted: a Capacity Block. 2026-01-31 to 2026-07-22");

  /* Charted in the currency the details show, as every other price there: ¥ at 7.0 a dollar. */
  g_settings_set_value (fixture->settings, "exchange-rates", g_variant_new_parsed ("{'CNY': 7.0}"));
  adw_combo_row_set_selected (ADW_COMBO_ROW (find (fixture, "currency_row")), 1);
  gp_instances_page_show_details (fixture->page, row (fixture, 11));
  gp_test_ui_wait_for_draw (GTK_WIDGET (fixture->window));
  group = gp_test_ui_find_by_name (find (fixture, "details"), "price-history");
  {
    GtkWidget *area = gp_test_ui_find_widget (group, GTK_TYPE_DRAWING_AREA);
    GArray *points = g_object_get_data (G_OBJECT (area), "points");

    g_assert_cmpstr (g_object_get_data (G_OBJECT (area), "currency"), ==, "CNY");
    g_assert_cmpfloat_with_epsilon (g_array_index (points, GpPricePoint, 1).capacity_block,
                                    41.528 * 7.0, 1e-9);
  }

  g_file_delete (file, NULL, NULL);
}

static void
test_columns_remembered (Fixture       *fixture,
                         gconstpointer  data)
{
  GtkColumnViewColumn *vcpus = gp_instances_page_get_column (fixture->page, "vcpus");
  GtkColumnViewColumn *spot = gp_instances_page_get_column (fixture->page, "spot");
  g_auto(GStrv) hidden = NULL;

  /* Hidden by default: a laptop screen has room for the rest. */
  g_assert_false (gtk_column_view_column_get_visible (vcpus));
  g_assert_true (gtk_column_view_column_get_visible (spot));

  gtk_column_view_column_set_visible (vcpus, TRUE);
  gtk_column_view_column_set_visible (spot, FALSE);
  /* A column dragged wider, as the header's handle does. */
  gtk_column_view_column_set_fixed_width (gp_instances_page_get_column (fixture->page, "instance"),
                                          321);
  /* Or narrower than its cells' least width: they keep it, a date whole. */
  gtk_column_view_column_set_fixed_width (gp_instances_page_get_column (fixture->page, "as-of"),
                                          24);
  {
    Cell date = cell (fixture, gp_offer_get_as_of (row (fixture, 0)));
    g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (
        GTK_WIDGET (date.row), gp_instances_row_get_text (date.row, date.column));
    graphene_rect_t bounds;
    int text_width;

    pango_layout_get_pixel_size (layout, &text_width, NULL);
    g_assert_true (gp_instances_row_get_cell_bounds (date.row, "as-of", &bounds));
    g_assert_cmpfloat (bounds.size.width - 12, >=, text_width);
  }
  hidden = g_settings_get_strv (fixture->settings, "instances-hidden-columns");
  g_assert_true (g_strv_contains ((const char * const *) hidden, "spot"));
  g_assert_false (g_strv_contains ((const char * const *) hidden, "vcpus"));

  /* A new page, as on the next start, hides the same. */
  {
    GpInstancesPage *page = g_object_ref_sink (g_object_new (GP_TYPE_INSTANCES_PAGE, NULL));

    gp_instances_page_set_settings (page, fixture->app_settings);
    g_assert_false (
        gtk_column_view_column_get_visible (gp_instances_page_get_column (page, "spot")));
    g_assert_true (
        gtk_column_view_column_get_visible (gp_instances_page_get_column (page, "vcpus")));
    g_assert_cmpint (
        gtk_column_view_column_get_fixed_width (gp_instances_page_get_column (page, "instance")),
        ==, 321);
    g_assert_cmpint (
        gtk_column_view_column_get_fixed_width (gp_instances_page_get_column (page, "region")), ==,
        -1);
    g_object_unref (page);
  }
}

static void
test_keyboard (Fixture       *fixture,
               gconstpointer  data)
{
  GtkWidget *entry = find (fixture, "search_entry");

  g_assert_true (gp_test_ui_activate_trigger (GTK_WIDGET (fixture->page), "<Control>f"));
  g_assert_true (gtk_widget_is_focus (entry) ||
                 gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (fixture->window)), entry));
}

static void
test_follows_catalog (Fixture       *fixture,
                      gconstpointer  data)
{
  static const char layer[] =
    "{\"schema_version\":1,\"sources\":[{\"id\":\"lab\",\"title\":\"Lab\",\"as_of\":\"2026-11\"}],"
    "\"instances\":[{\"id\":\"lambda/lab-a10\",\"provider\":\"lambda\",\"name\":\"lab-a10\","
    "\"gpu\":\"a10\",\"gpu_count\":1,\"source\":\"lab\","
    "\"prices\":[{\"region\":\"us-east-1\",\"on_demand\":0.5}]}]}";
  g_autoptr(GBytes) bytes = g_bytes_new_static (layer, strlen (layer));

  search (fixture, "lab-a10");
  g_assert_cmpuint (n_rows (fixture), ==, 0);
  g_assert_true (
      gp_catalog_add_layer (fixture->catalog, bytes, "lab.json", GP_CATALOG_LAYER_USER, NULL));
  g_assert_cmpuint (n_rows (fixture), ==, 1);
  {
    g_autofree char *count = label_text (fixture, "count_label");
    g_assert_cmpstr (count, ==, "1 of 81 offers");
  }
}

/* The columns, in their first order: a cell on screen is a row and one of them. */
static const char *const column_ids[17] = {
  "provider",
  "instance",
  "region",
  "gpu",
  "gpu-count",
  "gpu-memory",
  "total-gpu-memory",
  "vcpus",
  "memory",
  "on-demand",
  "spot",
  "reserved-1y",
  "capacity-block",
  "per-gpu-hour",
  "value",
  "billing-increment",
  "as-of",
};

/* The cell on screen whose text is @text, or whose text begins with it when @prefix. */
static gboolean
find_cell (Fixture    *fixture,
           const char *text,
           gboolean    prefix,
           Cell       *found)
{
  g_autoptr(GPtrArray) rows = NULL;

  gp_test_ui_wait_for_draw (GTK_WIDGET (fixture->window));
  rows = bound_rows (fixture);
  for (guint i = 0; i < rows->len; i++)
    {
      GpInstancesRow *shown = g_ptr_array_index (rows, i);

      if (!gtk_widget_get_mapped (GTK_WIDGET (shown)))
        continue;
      for (guint k = 0; k < G_N_ELEMENTS (column_ids); k++)
        {
          const char *cell_text = gp_instances_row_get_text (shown, column_ids[k]);

          if (cell_text != NULL &&
              (prefix ? g_str_has_prefix (cell_text, text) : g_str_equal (cell_text, text)))
            {
              *found = (Cell){ shown, column_ids[k] };
              return TRUE;
            }
        }
    }
  return FALSE;
}

static Cell
cell (Fixture    *fixture,
      const char *text)
{
  Cell found;

  if (!find_cell (fixture, text, FALSE, &found))
    g_error ("no cell shows “%s”", text);
  return found;
}

static const char *
cell_text (Cell found)
{
  return gp_instances_row_get_text (found.row, found.column);
}

static gboolean
cell_has_style (Cell        found,
                const char *style)
{
  return gp_instances_row_cell_has_style (found.row, found.column, style);
}

/* What the pointer over the cell tells, kept for the test's length. */
static const char *
cell_tooltip (Fixture *fixture,
              Cell     found)
{
  char *tooltip = gp_instances_row_dup_tooltip (found.row, found.column);

  if (tooltip != NULL)
    g_ptr_array_add (fixture->tooltips, tooltip);
  return tooltip;
}

static void
add_regions_layer (Fixture *fixture)
{
  add_fixture_layer (fixture, "regions-catalog.json");
}

static void
show_provider (Fixture    *fixture,
               const char *provider)
{
  const char *providers[] = { provider, NULL };

  gp_offer_filter_set_providers (gp_instances_page_get_filter (fixture->page), providers);
}

/* An estimated price says so, in its own style, and says how it was worked out. */
static void
test_derived_prices (Fixture       *fixture,
                     gconstpointer  data)
{
  Cell price;

  add_regions_layer (fixture);
  show_provider (fixture, "vertex-ai");
  g_assert_cmpuint (n_rows (fixture), ==, 1);

  price = cell (fixture, "≈ 4.408");
  g_assert_true (cell_has_style (price, "estimate"));
  gp_test_ui_assert_contains (cell_tooltip (fixture, price),
                              "Estimated, not quoted: Google Cloud Compute Engine "
                              "a2-highgpu-1g’s price in the same region × 1.2 (+20.0 %). "
                              "The premium of one dated pair (a test's).");
  /* Quoted prices stay as they are: a cell filled in again with another offer takes that
   * offer's style and tooltip (made when asked for), not the last one's. */
  show_provider (fixture, "gcp");
  g_assert_false (cell_has_style (cell (fixture, "3.673"), "estimate"));
  g_assert_null (cell_tooltip (fixture, cell (fixture, "3.673")));

  /* GCP's attached GPUs are priced without their host: the cell says so. */
  price = cell (fixture, "0.350 + host");
  g_assert_true (cell_has_style (price, "estimate"));
  gp_test_ui_assert_contains (cell_tooltip (fixture, price), "GPU only: the N1 machine the GPUs "
                                                             "must be attached to is not included");
}

/* Places by name; Local Zones only when asked for; a yuan price says what the provider lists. */
static void
test_places_and_zones (Fixture       *fixture,
                       gconstpointer  data)
{
  AdwComboRow *region = ADW_COMBO_ROW (find (fixture, "region_row"));
  GtkStringList *choices = GTK_STRING_LIST (adw_combo_row_get_model (region));
  GtkSwitch *zones = GTK_SWITCH (find (fixture, "zones_switch"));
  GpOfferFilter *filter = gp_instances_page_get_filter (fixture->page);
  guint near_china = 0, beijing = 0;

  add_regions_layer (fixture);
  show_provider (fixture, "yuan-cloud");
  g_assert_false (gtk_switch_get_active (zones));
  g_assert_cmpuint (n_rows (fixture), ==, 1);
  cell (fixture, "Beijing (cn-north-1)");
  /* Shown in dollars at the exchange rate, as every other price. */
  g_assert_cmpstr (gp_offer_get_currency (row (fixture, 0)), ==, "CNY");
  {
    g_autofree char *dollars = g_strdup_printf ("%.3f", gp_offer_get_on_demand (row (fixture, 0)));

    g_assert_cmpfloat (gp_offer_get_on_demand (row (fixture, 0)), <, 14.4 / 5);
    gp_test_ui_assert_contains (cell_tooltip (fixture, cell (fixture, dollars)),
                                "Listed by the provider at ¥14.40 an hour");
  }

  {
    g_autofree char *count = label_text (fixture, "count_label");
    g_autofree char *expected = g_strdup_printf ("1 of %u offers",
                                                 gp_catalog_count_offers (fixture->catalog, FALSE));
    g_assert_cmpstr (count, ==, expected);
  }

  gtk_switch_set_active (zones, TRUE);
  g_assert_true (gp_offer_filter_get_include_zones (filter));
  g_assert_cmpuint (n_rows (fixture), ==, 2);
  {
    g_autofree char *count = label_text (fixture, "count_label");
    g_autofree char *expected = g_strdup_printf ("2 of %u offers",
                                                 gp_catalog_count_offers (fixture->catalog, TRUE));
    g_assert_cmpstr (count, ==, expected);
  }
  gp_test_ui_assert_contains (
      cell_tooltip (fixture, cell (fixture, "Beijing (cn-north-1-pkx-1, Local Zone)")),
      "Local Zone");
  gtk_switch_set_active (zones, FALSE);

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (choices)); i++)
    {
      const char *choice = gtk_string_list_get_string (choices, i);

      if (g_str_equal (choice, "Near Mainland China"))
        near_china = i;
      if (g_str_equal (choice, "Beijing, China"))
        beijing = i;
    }
  g_assert_cmpuint (near_china, ==, 2);
  g_assert_cmpuint (beijing, >, near_china);

  gp_offer_filter_set_providers (filter, NULL);
  adw_combo_row_set_selected (region, near_china);
  g_assert_cmpstr (gp_offer_filter_get_region (filter), ==, "tag:near-mainland-china");
  g_assert_cmpuint (n_rows (fixture), ==, 1);
  g_assert_cmpstr (gp_offer_get_region_id (row (fixture, 0)), ==, "cn-north-1");
}

/* Figures past the staleness limit are marked, and the limit is the user's. */
static void
test_stale_dates (Fixture       *fixture,
                  gconstpointer  data)
{
  Cell date;

  show_provider (fixture, "lambda");
  /* The fixture's Lambda figures are of 2025-09-12, long past 180 days. */
  date = cell (fixture, "2025-09-12");
  g_assert_true (cell_has_style (date, "warning"));
  /* A figure the catalog lacks is dimmed; its tooltip says why it is blank. */
  {
    Cell unknown = cell (fixture, "—");

    g_assert_true (cell_has_style (unknown, "unknown"));
    gp_test_ui_assert_contains (cell_tooltip (fixture, unknown), "Not in the catalog");
  }

  gp_test_ui_assert_contains (cell_tooltip (fixture, date), "more than 180 days old");

  gp_catalog_set_stale_after_days (fixture->catalog, 100000);
  date = cell (fixture, "2025-09-12");
  g_assert_false (cell_has_style (date, "warning"));
  gp_catalog_set_stale_after_days (fixture->catalog, 180);
}

/* Whether a cell on screen begins with @start: the first found in @found. */
static gboolean
cell_starting (Fixture    *fixture,
               const char *start,
               Cell       *found)
{
  return find_cell (fixture, start, TRUE, found);
}

/* A lab in mainland China sees each region's cell begin with how it reaches it, across the border
 * (a platform's region abroad too) or not at all, and why in the tooltip; elsewhere, and in
 * China, the place alone. */
static void
test_reach_marks (Fixture       *fixture,
                  gconstpointer  data)
{
  const char *providers[] = { "near", "far", "walled", "offshore", NULL };
  Cell far, walled;

  add_fixture_layer (fixture, "reach-catalog.json");
  /* Every platform, to see how each is marked: "usable only" would hide Walled Cloud. */
  g_settings_set_boolean (fixture->settings, "usable-only", FALSE);
  gp_offer_filter_set_providers (gp_instances_page_get_filter (fixture->page), providers);
  g_assert_cmpuint (n_rows (fixture), ==, 5);
  g_assert_false (cell_starting (fixture, "cross-border", &far));

  g_settings_set_string (fixture->settings, "lab-location", "mainland-china");
  g_assert_true (cell_starting (fixture, "cross-border · ", &far));
  g_assert_true (cell_starting (fixture, "unreachable · ", &walled));
  g_assert_cmpstr (cell_text (far), ==, "cross-border · r1");
  gp_test_ui_assert_contains (cell_tooltip (fixture, far), "far note");
  gp_test_ui_assert_contains (cell_tooltip (fixture, walled), "walled note");
  {
    g_autoptr(GPtrArray) all = bound_rows (fixture);
    guint plain = 0;
    Cell hangzhou;

    /* Near Cloud's, in China, is the place alone; so is Offshore Cloud's region at home. */
    for (guint i = 0; i < all->len; i++)
      plain +=
          g_strcmp0 (gp_instances_row_get_text (g_ptr_array_index (all, i), "region"), "r1") == 0;
    g_assert_cmpuint (plain, ==, 1);
    g_assert_true (cell_starting (fixture, "Hangzhou", &hangzhou));
  }
  /* A platform in China, in its region abroad: across the border, and the tooltip says why. */
  g_assert_true (cell_starting (fixture, "cross-border · Singapore", &far));
  gp_test_ui_assert_contains (cell_tooltip (fixture, far), "outside mainland China");

  g_settings_set_string (fixture->settings, "lab-location", "elsewhere");
  g_assert_false (cell_starting (fixture, "cross-border", &far));
  g_assert_false (cell_starting (fixture, "unreachable", &far));
}

/* Only what we can use: on by default, a lab in mainland China sees the platforms it reaches
 * and, as its spending needs Chinese invoices, can pay (one no source speaks of stays); the
 * switch at the top of the filters turns it off and keeps that in the settings; without the
 * need of invoices only the unreachable is left out; a lab elsewhere sees everything. */
static void
test_usable_only (Fixture       *fixture,
                  gconstpointer  data)
{
  const char *providers[] = { "fapiao", "nofapiao", "unsaid", "blocked", NULL };
  GtkSwitch *usable = GTK_SWITCH (find (fixture, "usable_switch"));

  add_fixture_layer (fixture, "invoice-catalog.json");
  gp_offer_filter_set_providers (gp_instances_page_get_filter (fixture->page), providers);
  g_assert_cmpuint (n_rows (fixture), ==, 4);
  g_assert_true (gtk_switch_get_active (usable));

  g_settings_set_string (fixture->settings, "lab-location", "mainland-china");
  g_assert_cmpuint (n_rows (fixture), ==, 2);
  for (guint i = 0; i < n_rows (fixture); i++)
    {
      const char *id = gp_provider_get_id (gp_offer_get_provider (row (fixture, i)));

      g_assert_true (g_str_equal (id, "fapiao") || g_str_equal (id, "unsaid"));
    }

  g_settings_set_boolean (fixture->settings, "invoice-required", FALSE);
  g_assert_cmpuint (n_rows (fixture), ==, 3);

  gtk_switch_set_active (usable, FALSE);
  g_assert_cmpuint (n_rows (fixture), ==, 4);
  g_assert_false (g_settings_get_boolean (fixture->settings, "usable-only"));

  g_settings_set_boolean (fixture->settings, "usable-only", TRUE);
  g_assert_true (gtk_switch_get_active (usable));
  g_assert_cmpuint (n_rows (fixture), ==, 3);
  g_settings_set_string (fixture->settings, "lab-location", "elsewhere");
  g_assert_cmpuint (n_rows (fixture), ==, 4);
}

/* A cell is as tall as a line of Chinese in its font: the cells' font falls back to a taller
 * one for Chinese, whose glyphs were cut at the bottom ("阿里云", "跨境"). */
static void
test_cells_fit_chinese (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr(GPtrArray) all = bound_rows (fixture);
  guint shown = 0;

  for (guint i = 0; i < all->len; i++)
    {
      GtkWidget *cell = g_ptr_array_index (all, i);
      g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (cell, "阿里云 · 跨境 Ag");
      g_autoptr(PangoLayout) latin = gtk_widget_create_pango_layout (cell, "Ag");
      PangoRectangle ink, logical, latin_logical;

      /* Rows kept for scrolling, off screen, have no size. */
      if (!gtk_widget_get_mapped (cell))
        continue;
      pango_layout_get_pixel_extents (layout, &ink, &logical);
      pango_layout_get_pixel_extents (latin, NULL, &latin_logical);
      g_test_message ("row %d px, Chinese %d px, Latin %d px", gtk_widget_get_height (cell),
                      logical.height, latin_logical.height);
      g_assert_cmpint (gtk_widget_get_height (cell), >=, logical.height);
      g_assert_cmpint (gtk_widget_get_height (cell), >=, ink.y + ink.height);
      shown++;
    }
  g_assert_cmpuint (shown, >, 0);
}

static void
test_narrow (Fixture       *fixture,
             gconstpointer  data)
{
  /* At phone width the filters and the details slide over the list. */
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (fixture->window)), <=, 400);
  g_assert_true (adw_flap_get_folded (ADW_FLAP (find (fixture, "filters_flap"))));
  g_assert_true (adw_flap_get_folded (ADW_FLAP (find (fixture, "flap"))));
  g_assert_false (adw_flap_get_reveal_flap (ADW_FLAP (find (fixture, "filters_flap"))));

  gp_instances_page_show_details (fixture->page, row (fixture, 0));
  gp_test_ui_wait_for_draw (GTK_WIDGET (fixture->window));
  g_assert_cmpint (gtk_widget_get_width (find (fixture, "details")), <=, 400);
}

static void
test_wide (Fixture       *fixture,
           gconstpointer  data)
{
  g_autoptr(GPtrArray) shown = NULL;
  guint regions = 0;

  /* On a wide screen the filters stay beside the list. */
  g_assert_false (adw_flap_get_folded (ADW_FLAP (find (fixture, "filters_flap"))));
  g_assert_true (adw_flap_get_reveal_flap (ADW_FLAP (find (fixture, "filters_flap"))));
  g_assert_true (gtk_widget_get_mapped (find (fixture, "spot_switch")));

  /* The room to spare goes to the names too: each region, "Northern Virginia (us-east-1)",
   * is whole. */
  shown = bound_rows (fixture);
  for (guint i = 0; i < shown->len; i++)
    for (guint k = 0; k < G_N_ELEMENTS (column_ids); k++)
      {
        GpInstancesRow *cell = g_ptr_array_index (shown, i);
        const char *text = gp_instances_row_get_text (cell, column_ids[k]);
        g_autoptr(PangoLayout) layout = NULL;
        graphene_rect_t bounds;
        int text_width;

        if (text == NULL || !g_str_has_suffix (text, ")") || strstr (text, " (") == NULL ||
            !gtk_widget_get_mapped (GTK_WIDGET (cell)))
          continue;
        layout = gtk_widget_create_pango_layout (GTK_WIDGET (cell), text);
        pango_layout_get_pixel_size (layout, &text_width, NULL);
        g_assert_true (gp_instances_row_get_cell_bounds (cell, column_ids[k], &bounds));
        /* The cell's room, its padding of 6 pixels a side left out. */
        g_assert_cmpfloat (bounds.size.width - 12, >=, text_width);
        regions++;
      }
  g_assert_cmpuint (regions, >, 0);
}

/* At 1,280 pixels, with the filters open, every default column is in view, the region and the
 * prices' date too: no two rows of one machine in two regions read alike. */
static void
test_fits_1280 (Fixture       *fixture,
                gconstpointer  data)
{
  GpOffer *first = row (fixture, 0);
  GtkWidget *view = gtk_widget_get_parent (find (fixture, "offers_list"));
  Cell date = cell (fixture, gp_offer_get_as_of (first));
  graphene_rect_t row_bounds, bounds;

  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (date.row), view, &row_bounds));
  g_assert_true (gp_instances_row_get_cell_bounds (date.row, date.column, &bounds));
  g_assert_cmpfloat (row_bounds.origin.x + bounds.origin.x + bounds.size.width, <=,
                     gtk_widget_get_width (view) + 0.5);
  g_assert_true (
      gtk_column_view_column_get_visible (gp_instances_page_get_column (fixture->page, "region")));
  g_assert_true (
      gtk_column_view_column_get_visible (gp_instances_page_get_column (fixture->page, "as-of")));
}

/* Where a cell is drawn, across the rows' scrolled window. */
static double
cell_x_in_view (Fixture *fixture,
                Cell     found)
{
  GtkWidget *view = gtk_widget_get_parent (find (fixture, "offers_list"));
  graphene_rect_t row_bounds, bounds;

  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (found.row), view, &row_bounds));
  g_assert_true (gp_instances_row_get_cell_bounds (found.row, found.column, &bounds));
  return row_bounds.origin.x + bounds.origin.x;
}

/* In a narrow window the table scrolls sideways: the titles and the rows together, the rows'
 * scrollbars at the edges of what is in sight. */
static void
test_scrolls_sideways (Fixture       *fixture,
                       gconstpointer  data)
{
  GtkWidget *view = gtk_widget_get_parent (find (fixture, "offers_list"));
  GtkAdjustment *sideways = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (view));
  Cell date = cell (fixture, gp_offer_get_as_of (row (fixture, 0)));

  g_assert_cmpfloat (gtk_adjustment_get_upper (sideways), >,
                     gtk_adjustment_get_page_size (sideways));
  g_assert_cmpfloat (cell_x_in_view (fixture, date), >=, gtk_widget_get_width (view));
  g_assert_true (gtk_scrollable_get_hadjustment (GTK_SCROLLABLE (find (fixture, "column_view"))) ==
                 sideways);

  gtk_adjustment_set_value (sideways, gtk_adjustment_get_upper (sideways));
  gp_test_ui_wait_for_draw (GTK_WIDGET (fixture->window));
  date = cell (fixture, gp_offer_get_as_of (row (fixture, 0)));
  g_assert_cmpfloat (cell_x_in_view (fixture, date), <, gtk_widget_get_width (view));
  g_assert_cmpfloat (cell_x_in_view (fixture, date), >=, 0);
}

int
main (int   argc,
      char *argv[])
{
  gp_test_ui_init (&argc, &argv);

  g_test_add_func ("/instances-page/new-destroy", test_new_destroy);
#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/instances-page/all-offers", test_all_offers);
  ADD ("/instances-page/cells-fit-chinese", test_cells_fit_chinese);
  ADD ("/instances-page/search-typing", test_search_typing);
  ADD ("/instances-page/filter-widgets", test_filter_widgets);
  ADD ("/instances-page/provider-toggles", test_provider_toggles);
  ADD ("/instances-page/region-choices", test_region_choices);
  ADD ("/instances-page/sorting", test_sorting);
  ADD ("/instances-page/empty-says-why", test_empty_says_why);
  ADD ("/instances-page/currency", test_currency);
  ADD ("/instances-page/selection-to-comparison", test_selection_to_comparison);
  ADD ("/instances-page/details", test_details);
  ADD ("/instances-page/capacity-block", test_capacity_block);
  ADD ("/instances-page/price-history", test_price_history);
  ADD ("/instances-page/price-history-capacity-block", test_price_history_capacity_block);
  ADD ("/instances-page/rows-kept", test_rows_kept);
  ADD ("/instances-page/rows-out-of-sight", test_rows_out_of_sight);
  ADD ("/instances-page/row-lines-one-colour", test_row_lines_one_colour);
  ADD ("/instances-page/columns-remembered", test_columns_remembered);
  ADD ("/instances-page/keyboard", test_keyboard);
  ADD ("/instances-page/follows-catalog", test_follows_catalog);
  ADD ("/instances-page/derived-prices", test_derived_prices);
  ADD ("/instances-page/places-and-zones", test_places_and_zones);
  ADD ("/instances-page/stale-dates", test_stale_dates);
  ADD ("/instances-page/reach-marks", test_reach_marks);
  ADD ("/instances-page/usable-only", test_usable_only);
#undef ADD
  g_test_add ("/instances-page/narrow", Fixture, GINT_TO_POINTER (360), fixture_set_up,
              test_narrow, fixture_tear_down);
  g_test_add ("/instances-page/wide", Fixture, GINT_TO_POINTER (1800), fixture_set_up,
              test_wide, fixture_tear_down);
  g_test_add ("/instances-page/fits-1280", Fixture, GINT_TO_POINTER (1280), fixture_set_up,
              test_fits_1280, fixture_tear_down);
  g_test_add ("/instances-page/scrolls-sideways", Fixture, GINT_TO_POINTER (900), fixture_set_up,
              test_scrolls_sideways, fixture_tear_down);

  return g_test_run ();
}
