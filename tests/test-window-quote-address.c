/* test-window-quote-address.c — a price sheet of quotes imported from its web address
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A program of its own: it runs a local HTTP server, whose libsoup leaks (build-aux/lsan.supp)
 * are matched only on whole allocation stacks, which make every other window test many times
 * slower under the sanitizers.
 */

#include "config.h"

#include <string.h>

#include "gp-compare-page.h"
#include "gp-test-server.h"
#include "gp-test-ui.h"
#include "gp-test-window.h"

static GpCatalog *
window_catalog (GpWindow *window)
{
  return gp_compare_page_get_catalog (
      GP_COMPARE_PAGE (gp_test_ui_find_widget (GTK_WIDGET (window), GP_TYPE_COMPARE_PAGE)));
}

/* A sheet shared by its address: downloaded and imported whole; a malformed one refused by its
 * line, with nothing of it added; an address that is not a web one refused, named. */
static void
test_window_quote_sheet_from_address (void)
{
  g_autoptr(GpTestServer) server = NULL;
  g_autofree char *good = NULL;
  g_autofree char *bad = NULL;
  GpWindow *window;
  GpCatalog *catalog;
  guint before;

  if (gp_test_ui_skip_without_window_manager ())
    return;

  server = gp_test_server_new ();
  gp_test_server_add (server, "/good.csv", "text/csv",
                      "服务商,机型,显卡,卡数,价格,币种,报价日期,来源\n"
                      "恒源云,T4 x1,T4,1,0.9,CNY,2026-11-01,价格页\n");
  gp_test_server_add (server, "/bad.csv", "text/csv",
                      "provider,instance,gpu,gpus,price,currency,as_of,source\n"
                      "X,H100 x1,H100,1,2,USD,2026-11-31,page\n");
  good = gp_test_server_url (server, "/good.csv");
  bad = gp_test_server_url (server, "/bad.csv");

  gp_test_window_remove_broken_user_layer ();
  gp_test_window_reset_settings ();
  window = gp_test_window_new ();
  gp_test_window_wait_for_catalog (window);
  catalog = window_catalog (window);
  before = g_list_model_get_n_items (gp_catalog_get_instances (catalog));
  {
    g_autoptr(GpSheetImport) outcome = gp_test_window_import_address (window, good);

    g_assert_no_error (outcome->error);
    g_assert_cmpuint (outcome->added, ==, 1);
    g_assert_cmpstr (outcome->name, ==, good);
    g_assert_cmpuint (g_list_model_get_n_items (gp_catalog_get_instances (catalog)), ==,
                      before + 1);
  }
  /* The menu's dialog: Import only once there is an address, then the sheet is added. */
  {
    AdwMessageDialog *dialog;
    GtkEditable *entry;

    g_assert_true (
        gtk_widget_activate_action (GTK_WIDGET (window), "win.import-quotes-from-address", NULL));
    gp_test_ui_iterate ();
    dialog = ADW_MESSAGE_DIALOG (gp_test_ui_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
    g_assert_nonnull (dialog);
    entry = GTK_EDITABLE (adw_message_dialog_get_extra_child (dialog));
    g_assert_false (adw_message_dialog_get_response_enabled (dialog, "import"));
    gtk_editable_set_text (entry, good);
    g_assert_true (adw_message_dialog_get_response_enabled (dialog, "import"));
    adw_message_dialog_response (dialog, "import");
    while (g_list_model_get_n_items (gp_catalog_get_instances (catalog)) < before + 2)
      g_main_context_iteration (NULL, TRUE);
    gtk_window_destroy (GTK_WINDOW (dialog));
    before++;
  }
  {
    const char *refused[] = { bad, "file:///etc/passwd" };
    const char *said[] = { "bad.csv:2", "https://" };

    for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
      {
        g_autoptr(GpSheetImport) outcome = gp_test_window_import_address (window, refused[i]);

        g_assert_cmpuint (outcome->added, ==, 0);
        g_assert_nonnull (outcome->error);
        g_assert_nonnull (strstr (outcome->error->message, said[i]));
        g_assert_cmpuint (g_list_model_get_n_items (gp_catalog_get_instances (catalog)), ==,
                          before + 1);
      }
  }
  gtk_window_destroy (GTK_WINDOW (window));
  gp_test_ui_iterate ();
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = gp_test_window_init (&argc, &argv);

  g_test_add_func ("/window/quote-sheet-from-address", test_window_quote_sheet_from_address);

  return gp_test_window_run (home);
}
