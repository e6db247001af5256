/* test-window-quote.c — the main window with quoted offers: the dialog, Edit, Remove, Undo,
 * a price sheet
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "gp-compare-page.h"
#include "gp-currency.h"
#include "gp-file.h"
#include "gp-instances-page.h"
#include "gp-lab-machine-dialog.h"
#include "gp-offer-defaults.h"
#include "gp-quote-dialog.h"
#include "gp-test-ui.h"
#include "gp-test-window.h"
#include "gp-window.h"

static guint
position_of_gpu (GpCatalog  *catalog,
                 const char *id)
{
  GListModel *gpus = gp_catalog_get_gpus (catalog);

  for (guint i = 0; i < g_list_model_get_n_items (gpus); i++)
    {
      g_autoptr(GpGpu) gpu = g_list_model_get_item (gpus, i);

      if (g_str_equal (gp_gpu_get_id (gpu), id))
        return i;
    }
  g_assert_not_reached ();
}

static const char *
selected_currency (GtkWidget *dialog)
{
  guint selected =
      adw_combo_row_get_selected (ADW_COMBO_ROW (gp_test_ui_find_by_name (dialog, "currency_row")));

  return gp_currency_get_codes ()[selected];
}

static void
set_entry (GtkWidget  *dialog,
           const char *name,
           const char *text)
{
  gtk_editable_set_text (GTK_EDITABLE (gp_test_ui_find_by_name (dialog, name)), text);
}

static GpCatalog *
window_catalog (GpWindow *window)
{
  return gp_compare_page_get_catalog (
      GP_COMPARE_PAGE (gp_test_ui_find_widget (GTK_WIDGET (window), GP_TYPE_COMPARE_PAGE)));
}

static void
assert_window_says (GpWindow   *window,
                    const char *words)
{
  g_autofree char *text = gp_test_ui_collect_text (GTK_WIDGET (window));

  g_assert_nonnull (strstr (text, words));
}

/* A quote entered in its dialog, in the display currency, a mistake named by its row and Add
 * refused; then an offer of the catalog, with Edit and Remove in its details, each with Undo. */
static void
test_window_quote (void)
{
  g_autoptr(GSettings) settings = NULL;
  GpWindow *window;
  GtkWidget *dialog, *error_label, *summary_label;
  GpCatalog *catalog;
  GpInstance *quote;

  if (gp_test_ui_skip_without_window_manager ())
    return;

  gp_test_window_reset_settings ();
  settings = g_settings_new ("io.github.gpuplanner.GpuPlanner");
  g_settings_set_string (settings, "currency", "CNY");
  window = gp_test_window_new ();
  gp_test_window_wait_for_catalog (window);
  catalog = window_catalog (window);

  /* The user's layer is broken (gp_test_window_init()): a quote is refused, by the file's
   * name and the place, and the file left as it was. */
  {
    g_autoptr(GFile) file = gp_catalog_get_layer_location (GP_CATALOG_LAYER_USER);
    g_autofree char *path = g_file_get_path (file);
    g_autofree char *before = NULL, *after = NULL;
    g_autoptr(GpQuote) broken = gp_quote_new ();
    g_autoptr(GPtrArray) quotes = g_ptr_array_new ();
    g_autoptr(GError) error = NULL;

    g_file_get_contents (path, &before, NULL, NULL);
    g_assert_nonnull (before);
    broken->provider = g_strdup ("AutoDL");
    broken->name = g_strdup ("T4");
    broken->gpu = g_strdup ("t4");
    broken->currency = g_strdup ("CNY");
    broken->terms.price = 1;
    broken->as_of = g_strdup ("2026-11-30");
    broken->source = g_strdup ("page");
    g_ptr_array_add (quotes, broken);
    g_assert_false (gp_quote_layer_add_to_catalog (catalog, file, quotes, &error));
    g_assert_nonnull (strstr (error->message, "instances: expected an array"));
    g_file_get_contents (path, &after, NULL, NULL);
    g_assert_cmpstr (after, ==, before);
    g_remove (path);
  }

  /* The lab-machine dialog starts in the display currency too. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.add-lab-machine", NULL));
  dialog = GTK_WIDGET (gp_test_ui_find_toplevel (GP_TYPE_LAB_MACHINE_DIALOG));
  g_assert_nonnull (dialog);
  g_assert_cmpstr (selected_currency (dialog), ==, "CNY");
  gtk_window_destroy (GTK_WINDOW (dialog));
  gp_test_ui_iterate ();

  /* The Instances page and the main menu offer it. */
  gp_window_set_page (window, "instances");
  g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (
                       gp_test_ui_find_by_name (GTK_WIDGET (window), "add_quote_button"))),
                   ==, "win.add-quote");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.add-quote", NULL));
  dialog = GTK_WIDGET (gp_test_ui_find_toplevel (GP_TYPE_QUOTE_DIALOG));
  g_assert_nonnull (dialog);
  error_label = gp_test_ui_find_by_name (dialog, "error_label");
  summary_label = gp_test_ui_find_by_name (dialog, "summary_label");

  /* In the currency prices are shown in, not the catalog's. */
  g_assert_cmpstr (selected_currency (dialog), ==, "CNY");
  /* Nothing typed yet: the provider is asked for, and Add does nothing. */
  g_assert_true (gtk_widget_get_visible (error_label));
  g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (error_label)), "Provider"));
  gtk_widget_activate_action (dialog, "offer.add", NULL);
  g_assert_nonnull (gp_test_ui_find_toplevel (GP_TYPE_QUOTE_DIALOG));

  set_entry (dialog, "provider_row", "AutoDL");
  set_entry (dialog, "name_row", "A100 80GB x1");
  set_entry (dialog, "source_row", "AutoDL price page");
  set_entry (dialog, "region_row", "西北B区");
  gtk_drop_down_set_selected (GTK_DROP_DOWN (gp_test_ui_find_by_name (dialog, "gpu_dropdown")),
                              position_of_gpu (catalog, "a100-pcie-80gb"));
  g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (error_label)), "Price"));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (gp_test_ui_find_by_name (dialog, "price_spin")), 4.5);
  set_entry (dialog, "as_of_row", "2026-02-30");
  g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (error_label)), "Date of the Quote"));
  set_entry (dialog, "as_of_row", "2026-11-30");
  g_assert_false (gtk_widget_get_visible (error_label));
  g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (summary_label)), "4.50"));
  gp_test_ui_wait_for_draw (dialog);
  gp_test_ui_save_png (dialog, "quote-dialog");

  g_assert_true (gtk_widget_activate_action (dialog, "offer.add", NULL));
  gp_test_ui_iterate ();
  g_assert_null (gp_test_ui_find_toplevel (GP_TYPE_QUOTE_DIALOG));
  quote = gp_catalog_find_instance (catalog, "quote-autodl/a100-80gb-x1");
  g_assert_nonnull (quote);
  g_assert_true (gp_instance_is_quote (quote));
  g_assert_cmpstr (gp_instance_get_currency (quote), ==, "CNY");
  assert_window_says (window, "Added A100 80GB x1");

  /* Its details offer Edit and Remove, for a quote. */
  {
    GpInstancesPage *page =
        GP_INSTANCES_PAGE (gp_test_ui_find_widget (GTK_WIDGET (window), GP_TYPE_INSTANCES_PAGE));
    g_autoptr(GpOffer) offer = g_list_model_get_item (gp_instance_get_offers (quote), 0);

    gp_instances_page_show_details (page, offer);
    g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (
                         gp_test_ui_find_by_name (GTK_WIDGET (page), "edit_lab_button"))),
                     ==, "win.edit-quote");
    g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (
                         gp_test_ui_find_by_name (GTK_WIDGET (page), "remove_lab_button"))),
                     ==, "win.remove-quote");
  }

  /* Removed, and Undo brings it back. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.remove-quote", "s",
                                             "quote-autodl/a100-80gb-x1"));
  g_assert_null (gp_catalog_find_instance (catalog, "quote-autodl/a100-80gb-x1"));
  assert_window_says (window, "Removed A100 80GB x1");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.restore-quote", NULL));
  g_assert_nonnull (gp_catalog_find_instance (catalog, "quote-autodl/a100-80gb-x1"));

  /* Edited to a month's rent under a new name; Undo puts the quote back as it was. */
  {
    GtkWidget *editor;
    GpInstance *edited;

    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.edit-quote", "s",
                                               "quote-autodl/a100-80gb-x1"));
    editor = GTK_WIDGET (gp_test_ui_find_toplevel (GP_TYPE_QUOTE_DIALOG));
    g_assert_nonnull (editor);
    g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (editor)), ==, "Edit Quoted Offer");
    g_assert_cmpstr (
        gtk_editable_get_text (GTK_EDITABLE (gp_test_ui_find_by_name (editor, "region_row"))), ==,
        "西北B区");
    set_entry (editor, "name_row", "A100 monthly");
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (gp_test_ui_find_by_name (editor, "price_spin")),
                               2920);
    adw_combo_row_set_selected (ADW_COMBO_ROW (gp_test_ui_find_by_name (editor, "per_row")), 1);
    g_assert_nonnull (
        strstr (gtk_label_get_label (GTK_LABEL (gp_test_ui_find_by_name (editor, "summary_label"))),
                "4.00"));
    g_assert_true (gtk_widget_activate_action (editor, "offer.add", NULL));
    gp_test_ui_iterate ();
    g_assert_null (gp_catalog_find_instance (catalog, "quote-autodl/a100-80gb-x1"));
    edited = gp_catalog_find_instance (catalog, "quote-autodl/a100-monthly");
    g_assert_nonnull (edited);
    g_assert_cmpint (gp_instance_get_quote_terms (edited)->per, ==, GP_QUOTE_PER_MONTH);
    g_assert_cmpfloat (gp_instance_get_billing_increment_s (edited), ==, 730 * 3600);
    assert_window_says (window, "Saved A100 monthly");

    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo-edit-quote", NULL));
    g_assert_null (gp_catalog_find_instance (catalog, "quote-autodl/a100-monthly"));
    quote = gp_catalog_find_instance (catalog, "quote-autodl/a100-80gb-x1");
    g_assert_nonnull (quote);
    g_assert_cmpfloat (gp_instance_get_quote_terms (quote)->price, ==, 4.5);
  }

  gtk_window_destroy (GTK_WINDOW (window));
  gp_test_ui_iterate ();
}

/* A price sheet imports every row into the catalog, or none, saying which line is wrong. */
static void
test_window_quote_sheet (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("gp-quote-sheet-XXXXXX", &error);
  g_autofree char *good = g_build_filename (dir, "good.csv", NULL);
  g_autofree char *bad = g_build_filename (dir, "bad.csv", NULL);
  g_autoptr(GFile) good_file = g_file_new_for_path (good);
  g_autoptr(GFile) bad_file = g_file_new_for_path (bad);
  GpWindow *window;
  GpCatalog *catalog;
  g_autoptr(GpSheetImport) outcome = NULL;
  guint before;

  if (gp_test_ui_skip_without_window_manager ())
    return;

  g_assert_no_error (error);
  g_file_set_contents (good,
                       "服务商,机型,显卡,卡数,价格,币种,报价日期,来源\n"
                       "恒源云,T4 x1,T4,1,0.9,CNY,2026-11-01,价格页\n"
                       "恒源云,V100 x1,V100,1,2.2,CNY,2026-11-01,价格页\n",
                       -1, &error);
  g_file_set_contents (bad,
                       "provider,instance,gpu,gpus,price,currency,as_of,source\n"
                       "X,H100 x1,H100,1,2,USD,2026-11-31,page\n",
                       -1, &error);
  g_assert_no_error (error);

  gp_test_window_remove_broken_user_layer ();
  gp_test_window_reset_settings ();
  window = gp_test_window_new ();
  gp_test_window_wait_for_catalog (window);
  catalog = window_catalog (window);
  before = g_list_model_get_n_items (gp_catalog_get_instances (catalog));

  outcome = gp_test_window_import_sheet (window, good_file, NULL);
  g_assert_no_error (outcome->error);
  g_assert_cmpuint (outcome->added, ==, 2);
  g_assert_cmpstr (outcome->encoding, ==, "UTF-8");
  g_assert_cmpuint (g_list_model_get_n_items (gp_catalog_get_instances (catalog)), ==, before + 2);

  /* The same sheet as Excel saves it in Chinese, GB18030: read as such, and said. */
  {
    g_autofree char *text = NULL, *gbk = NULL;
    gsize length = 0;

    g_file_get_contents (good, &text, NULL, &error);
    g_assert_no_error (error);
    gbk = g_convert (text, -1, "GB18030", "UTF-8", NULL, &length, &error);
    g_assert_no_error (error);
    g_file_set_contents (good, gbk, (gssize) length, &error);
    g_assert_no_error (error);
    g_clear_pointer (&outcome, gp_sheet_import_free);
    outcome = gp_test_window_import_sheet (window, good_file, NULL);
    g_assert_no_error (outcome->error);
    g_assert_cmpuint (outcome->added, ==, 2);
    g_assert_cmpstr (outcome->encoding, ==, "GB18030");
    g_assert_cmpuint (g_list_model_get_n_items (gp_catalog_get_instances (catalog)), ==,
                      before + 4);
    /* The provider's name read right: four quotes of 恒源云, none of mojibake. */
    {
      GListModel *instances = gp_catalog_get_instances (catalog);
      guint named = 0;

      for (guint i = 0; i < g_list_model_get_n_items (instances); i++)
        {
          g_autoptr(GpInstance) instance = g_list_model_get_item (instances, i);

          named +=
              g_strcmp0 (gp_provider_get_name (gp_instance_get_provider (instance)), "恒源云") == 0;
        }
      g_assert_cmpuint (named, ==, 4);
    }
  }

  g_clear_pointer (&outcome, gp_sheet_import_free);
  outcome = gp_test_window_import_sheet (window, bad_file, NULL);
  g_assert_cmpuint (outcome->added, ==, 0);
  g_assert_nonnull (outcome->error);
  g_assert_nonnull (strstr (outcome->error->message, "bad.csv:2"));
  g_assert_cmpuint (g_list_model_get_n_items (gp_catalog_get_instances (catalog)), ==, before + 4);

  gtk_window_destroy (GTK_WINDOW (window));
  gp_test_ui_iterate ();
  g_remove (good);
  g_remove (bad);
  g_rmdir (dir);
}

static char *
write_big_sheet (const char *dir,
                 guint       rows)
{
  g_autofree char *path = g_build_filename (dir, "big.csv", NULL);
  g_autoptr(GString) text =
      g_string_new ("provider,instance,gpu,gpus,price,currency,as_of,source\n");
  g_autoptr(GError) error = NULL;

  for (guint r = 0; r < rows; r++)
    g_string_append_printf (text, "恒源云,T4 x1,T4,1,%.2f,CNY,2026-11-01,价格页\n",
                            0.5 + (r % 100) / 100.0);
  g_file_set_contents (path, text->str, (gssize) text->len, &error);
  g_assert_no_error (error);
  return g_steal_pointer (&path);
}

/* A large sheet is read and written off the main loop, which keeps running (it was read in the
 * file chooser's callback, the window frozen); Cancel before it is written adds nothing. */
static void
test_window_quote_sheet_in_background (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("gp-quote-sheet-XXXXXX", &error);
  g_autofree char *path = write_big_sheet (dir, 5000);
  g_autoptr(GFile) sheet = g_file_new_for_path (path);
  g_autoptr(GFile) layer = gp_catalog_get_layer_location (GP_CATALOG_LAYER_USER);
  g_autoptr(GpSheetImport) outcome = NULL;
  GpWindow *window;
  GpCatalog *catalog;
  g_autofree char *layer_before = NULL, *layer_after = NULL;
  guint before, ticks = 0;

  if (gp_test_ui_skip_without_window_manager ())
    return;

  gp_test_window_remove_broken_user_layer ();
  gp_test_window_reset_settings ();
  window = gp_test_window_new ();
  gp_test_window_wait_for_catalog (window);
  catalog = window_catalog (window);
  before = g_list_model_get_n_items (gp_catalog_get_instances (catalog));
  g_file_load_contents (layer, NULL, &layer_before, NULL, NULL, NULL);

  /* Cancelled before it is written (the layer held meanwhile, as another program editing it
   * would): the catalog and the layer are as they were. */
  {
    g_autoptr(GpFileLock) lock = gp_file_lock (layer, &error);
    g_autoptr(GpSheetImport) cancelled = NULL;
    GpTestImporting importing;

    g_assert_no_error (error);
    gp_test_window_import_begin (window, sheet, &importing);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.cancel-import", NULL));
    g_clear_pointer (&lock, gp_file_unlock);
    cancelled = gp_test_window_import_end (&importing);
    g_assert_error (cancelled->error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
    g_assert_cmpuint (g_list_model_get_n_items (gp_catalog_get_instances (catalog)), ==, before);
    g_file_load_contents (layer, NULL, &layer_after, NULL, NULL, NULL);
    g_assert_cmpstr (layer_after, ==, layer_before);
  }

  /* Imported whole, the main loop running all the while. */
  outcome = gp_test_window_import_sheet (window, sheet, &ticks);
  g_assert_no_error (outcome->error);
  g_assert_cmpuint (outcome->added, ==, 5000);
  g_assert_cmpuint (ticks, >=, 3);
  g_assert_cmpuint (g_list_model_get_n_items (gp_catalog_get_instances (catalog)), ==,
                    before + 5000);

  gtk_window_destroy (GTK_WINDOW (window));
  gp_test_ui_iterate ();
  g_remove (path);
  g_rmdir (dir);
}

static guint
selected_gpu_of_new (GpWindow   *window,
                     const char *action,
                     GType       type)
{
  GtkWidget *dialog;
  guint selected;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), action, NULL));
  dialog = GTK_WIDGET (gp_test_ui_find_toplevel (type));
  g_assert_nonnull (dialog);
  selected =
      gtk_drop_down_get_selected (GTK_DROP_DOWN (gp_test_ui_find_by_name (dialog, "gpu_dropdown")));
  gtk_window_destroy (GTK_WINDOW (dialog));
  gp_test_ui_iterate ();
  return selected;
}

/* A new quote or lab machine starts with the GPU the user is looking at: the offer in the
 * Instances details, else the GPU the Instances filter keeps; the catalog's first otherwise. */
static void
test_window_gpu_in_view (void)
{
  GpWindow *window;
  GpInstancesPage *page;
  GpCatalog *catalog;
  GListModel *offers;
  GpOffer *other = NULL;

  if (gp_test_ui_skip_without_window_manager ())
    return;

  gp_test_window_reset_settings ();
  window = gp_test_window_new ();
  gp_test_window_wait_for_catalog (window);
  catalog = window_catalog (window);

  /* Nothing in view: the GPU the most offers have, not the catalog's first (an AMD card the
   * alphabet put first). */
  g_assert_cmpuint (selected_gpu_of_new (window, "win.add-quote", GP_TYPE_QUOTE_DIALOG), ==,
                    position_of_gpu (catalog, gp_gpu_get_id (gp_offer_defaults_find_gpu (
                                                  catalog, GP_LAB_LOCATION_ELSEWHERE))));
  g_assert_cmpuint (position_of_gpu (catalog, gp_gpu_get_id (gp_offer_defaults_find_gpu (
                                                  catalog, GP_LAB_LOCATION_ELSEWHERE))),
                    >, 0);

  gp_window_set_page (window, "instances");
  page = GP_INSTANCES_PAGE (gp_test_ui_find_widget (GTK_WIDGET (window), GP_TYPE_INSTANCES_PAGE));
  gp_offer_filter_set_gpu (gp_instances_page_get_filter (page), "t4");
  g_assert_cmpuint (selected_gpu_of_new (window, "win.add-quote", GP_TYPE_QUOTE_DIALOG), ==,
                    position_of_gpu (catalog, "t4"));
  g_assert_cmpuint (selected_gpu_of_new (window, "win.add-lab-machine", GP_TYPE_LAB_MACHINE_DIALOG),
                    ==, position_of_gpu (catalog, "t4"));

  /* The offer in the details goes first. */
  gp_offer_filter_set_gpu (gp_instances_page_get_filter (page), NULL);
  offers = gp_catalog_get_offers (catalog);
  for (guint i = 0; other == NULL && i < g_list_model_get_n_items (offers); i++)
    {
      g_autoptr(GpOffer) offer = g_list_model_get_item (offers, i);

      if (gp_offer_get_gpu (offer) != NULL &&
          !g_str_equal (gp_gpu_get_id (gp_offer_get_gpu (offer)), "t4") &&
          position_of_gpu (catalog, gp_gpu_get_id (gp_offer_get_gpu (offer))) > 0)
        other = offer;
    }
  g_assert_nonnull (other);
  gp_offer_filter_set_gpu (gp_instances_page_get_filter (page), "t4");
  gp_instances_page_show_details (page, other);
  g_assert_cmpuint (selected_gpu_of_new (window, "win.add-quote", GP_TYPE_QUOTE_DIALOG), ==,
                    position_of_gpu (catalog, gp_gpu_get_id (gp_offer_get_gpu (other))));

  gtk_window_destroy (GTK_WINDOW (window));
  gp_test_ui_iterate ();
}

/* A lab in mainland China is quoted in yuan whatever currency prices are shown in, and starts
 * from a GPU it can rent there; the GPU list is searched by typing (it was a list of a hundred
 * models to scroll, starting with the catalog's first). */
static void
test_window_quote_mainland (void)
{
  g_autoptr(GSettings) settings = NULL;
  GpWindow *window;
  GpCatalog *catalog;
  GtkWidget *dialog;
  GtkDropDown *gpus;
  GpGpu *common;

  if (gp_test_ui_skip_without_window_manager ())
    return;

  gp_test_window_reset_settings ();
  settings = g_settings_new ("io.github.gpuplanner.GpuPlanner");
  g_settings_set_string (settings, "currency", "USD");
  g_settings_set_string (settings, "lab-location", "mainland-china");
  window = gp_test_window_new ();
  gp_test_window_wait_for_catalog (window);
  catalog = window_catalog (window);
  common = gp_offer_defaults_find_gpu (catalog, GP_LAB_LOCATION_MAINLAND_CHINA);
  g_assert_nonnull (common);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.add-quote", NULL));
  dialog = GTK_WIDGET (gp_test_ui_find_toplevel (GP_TYPE_QUOTE_DIALOG));
  g_assert_nonnull (dialog);
  g_assert_cmpstr (selected_currency (dialog), ==, "CNY");
  gpus = GTK_DROP_DOWN (gp_test_ui_find_by_name (dialog, "gpu_dropdown"));
  g_assert_true (gtk_drop_down_get_enable_search (gpus));
  g_assert_nonnull (gtk_drop_down_get_expression (gpus));
  g_assert_cmpstr (gp_gpu_get_id (gtk_drop_down_get_selected_item (gpus)), ==,
                   gp_gpu_get_id (common));
  g_assert_cmpuint (gtk_drop_down_get_selected (gpus), >, 0);
  gtk_window_destroy (GTK_WINDOW (dialog));
  gp_test_ui_iterate ();

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.add-lab-machine", NULL));
  dialog = GTK_WIDGET (gp_test_ui_find_toplevel (GP_TYPE_LAB_MACHINE_DIALOG));
  g_assert_cmpstr (selected_currency (dialog), ==, "CNY");
  gtk_window_destroy (GTK_WINDOW (dialog));
  gtk_window_destroy (GTK_WINDOW (window));
  gp_test_ui_iterate ();
}

/* A user's layer saved with a lab machine and a quote opens with both, and one set of actions
 * edits and removes either, with Undo: each opens its own dialog, and Undo brings back the one
 * last removed. */
static void
test_window_offer_actions (void)
{
  g_autoptr(GFile) layer = gp_catalog_get_layer_location (GP_CATALOG_LAYER_USER);
  g_autofree char *saved =
      g_test_build_filename (G_TEST_DIST, "fixtures", "user-layer-saved.json", NULL);
  g_autofree char *text = NULL;
  g_autofree char *path = g_file_get_path (layer);
  GpWindow *window;
  GpCatalog *catalog;
  GtkWidget *dialog;
  gsize length;

  if (gp_test_ui_skip_without_window_manager ())
    return;

  gp_test_window_reset_settings ();
  g_assert_true (g_file_get_contents (saved, &text, &length, NULL));
  g_assert_true (g_file_set_contents (path, text, length, NULL));
  window = gp_test_window_new ();
  gp_test_window_wait_for_catalog (window);
  catalog = window_catalog (window);
  /* The app read the user's layer once, at its first window: read again, as on a change. */
  {
    g_autoptr(GBytes) bytes = g_bytes_new_take (g_steal_pointer (&text), length);
    g_autoptr(GError) error = NULL;

    g_assert_true (gp_catalog_replace_layer (catalog, bytes, path, GP_CATALOG_LAYER_USER, &error));
    g_assert_no_error (error);
  }
  g_assert_nonnull (gp_catalog_find_instance (catalog, "lab/server1"));
  g_assert_nonnull (gp_catalog_find_instance (catalog, "quote-autodl/a100-pcie-x1"));

  g_assert_true (
      gtk_widget_activate_action (GTK_WIDGET (window), "win.edit-offer", "s", "lab/server1"));
  dialog = GTK_WIDGET (gp_test_ui_find_toplevel (GP_TYPE_LAB_MACHINE_DIALOG));
  g_assert_nonnull (dialog);
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.edit-offer", "s",
                                             "quote-autodl/a100-pcie-x1"));
  dialog = GTK_WIDGET (gp_test_ui_find_toplevel (GP_TYPE_QUOTE_DIALOG));
  g_assert_nonnull (dialog);
  g_assert_cmpstr (selected_currency (dialog), ==, "CNY");
  gtk_window_destroy (GTK_WINDOW (dialog));
  gp_test_ui_iterate ();

  g_assert_true (
      gtk_widget_activate_action (GTK_WIDGET (window), "win.remove-offer", "s", "lab/server1"));
  assert_window_says (window, "Removed 8x A100 server");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.remove-offer", "s",
                                             "quote-autodl/a100-pcie-x1"));
  assert_window_says (window, "Removed A100 PCIe x1");
  g_assert_null (gp_catalog_find_instance (catalog, "lab/server1"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.restore-offer", NULL));
  g_assert_nonnull (gp_catalog_find_instance (catalog, "quote-autodl/a100-pcie-x1"));
  g_assert_null (gp_catalog_find_instance (catalog, "lab/server1"));

  gtk_window_destroy (GTK_WINDOW (window));
  gp_test_ui_iterate ();
  g_remove (path);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = gp_test_window_init (&argc, &argv);

  g_test_add_func ("/window/quote", test_window_quote);
  g_test_add_func ("/window/quote-sheet", test_window_quote_sheet);
  g_test_add_func ("/window/quote-sheet-in-background", test_window_quote_sheet_in_background);
  g_test_add_func ("/window/gpu-in-view", test_window_gpu_in_view);
  g_test_add_func ("/window/quote-mainland", test_window_quote_mainland);
  g_test_add_func ("/window/offer-actions", test_window_offer_actions);

  return gp_test_window_run (home);
}
