/* test-compare-page.c — two to six items side by side: the table, its highlights, its exports
 * and the comparison kept between starts
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <sys/stat.h>

#include <glib/gstdio.h>
#include <string.h>

#include "gp-compare-page.h"
#include "gp-test-ui.h"
#include "gp-ui-widgets.h"

typedef struct
{
  GtkWindow     *window;
  GpComparePage *page;
  GpCatalog     *catalog;
  char          *dir;
  GFile         *state_file;
} Fixture;

/* A lab's own catalog can name its server anything, a formula included. */
static const char hostile_layer[] =
    "{\"schema_version\":1,\"sources\":[{\"id\":\"lab\",\"title\":\"Lab price list\","
    "\"as_of\":\"2026-11\"}],"
    "\"instances\":[{\"id\":\"lambda/"
    "evil\",\"provider\":\"lambda\",\"name\":\"=HYPERLINK(\\\"x\\\")\","
    "\"gpu\":\"a10\",\"gpu_count\":1,\"source\":\"lab\","
    "\"prices\":[{\"region\":\"us-east-1\",\"on_demand\":0.5}]}]}";

static GpComparePage *
new_page (Fixture *fixture)
{
  GpComparePage *page = g_object_new (GP_TYPE_COMPARE_PAGE, "catalog", fixture->catalog, NULL);

  gp_compare_page_set_state_file (page, fixture->state_file);
  return page;
}

static void
show_page (Fixture *fixture,
           int      width)
{
  fixture->window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_default_size (fixture->window, width > 0 ? width : 1800, 1000);
  gtk_window_set_child (fixture->window, GTK_WIDGET (fixture->page));
  gtk_window_present (fixture->window);
  /* The first frame shows the page; the table is built just after it. */
  gp_test_ui_wait_for_draw (GTK_WIDGET (fixture->window));
  gp_test_ui_wait_for_draw (GTK_WIDGET (fixture->window));
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autofree char *path = NULL;

  fixture->dir = g_dir_make_tmp ("gp-compare-page-XXXXXX", NULL);
  path = g_build_filename (fixture->dir, "comparison.json", NULL);
  fixture->state_file = g_file_new_for_path (path);
  fixture->catalog = gp_catalog_new_bundled ();
  fixture->page = new_page (fixture);
  show_page (fixture, GPOINTER_TO_INT (data));
}

static void
remove_dir (const char *dir)
{
  g_autoptr(GDir) handle = g_dir_open (dir, 0, NULL);
  const char *name;

  while (handle != NULL && (name = g_dir_read_name (handle)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_unlink (path);
    }
  g_rmdir (dir);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  if (fixture->window != NULL)
    gtk_window_destroy (fixture->window);
  gp_test_ui_iterate ();
  g_assert_finalize_object (fixture->catalog);
  g_clear_object (&fixture->state_file);
  remove_dir (fixture->dir);
  g_free (fixture->dir);
}

static GtkWidget *
find (GtkWidget  *root,
      const char *name)
{
  GtkWidget *widget = gp_test_ui_find_by_name (root, name);

  if (widget == NULL)
    g_error ("no widget %s", name);
  return widget;
}

static GtkGrid *
grid (Fixture *fixture)
{
  return GTK_GRID (find (GTK_WIDGET (fixture->page), "table_grid"));
}

/* The text in the cell of the row labelled @label, column @column (0 is the first item). */
static GtkWidget *
cell (Fixture    *fixture,
      const char *label,
      guint       column)
{
  GtkGrid *table = grid (fixture);

  for (int y = 0; y < 400; y++)
    {
      GtkWidget *name = gtk_grid_get_child_at (table, 0, y);

      if (GTK_IS_LABEL (name) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (name)), label) == 0)
        return gtk_grid_get_child_at (table, column + 1, y);
    }

  return NULL;
}

static const char *
cell_text (Fixture    *fixture,
           const char *label,
           guint       column)
{
  GtkWidget *widget = cell (fixture, label, column);

  if (widget == NULL)
    g_error ("no row %s", label);
  return gtk_label_get_text (GTK_LABEL (widget));
}

static char *
header_text (Fixture *fixture,
             guint    column)
{
  GtkWidget *header = gtk_grid_get_child_at (grid (fixture), column + 1, 0);

  g_assert_nonnull (header);
  return gp_test_ui_collect_text (header);
}

static void
add (Fixture    *fixture,
     const char *id)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (gp_comparison_add (gp_compare_page_get_comparison (fixture->page), id, &error));
  g_assert_no_error (error);
}

static void
compare_instances (Fixture *fixture)
{
  GpComparison *comparison = gp_compare_page_get_comparison (fixture->page);

  gp_comparison_set_mode (comparison, GP_COMPARISON_INSTANCES);
  add (fixture, "aws-ec2/p4d.24xlarge@us-east-1");
  add (fixture, "lambda/gpu_8x_a100@us-east-1");
  gp_test_ui_wait_for_draw (GTK_WIDGET (fixture->window));
}

static void
test_built_after_first_frame (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  GpComparePage *page = g_object_new (GP_TYPE_COMPARE_PAGE, "catalog", catalog, NULL);
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  GtkGrid *table = GTK_GRID (find (GTK_WIDGET (page), "table_grid"));

  /* Nothing is built for a page nobody sees. */
  g_assert_null (gtk_widget_get_first_child (GTK_WIDGET (table)));

  gtk_window_set_child (window, GTK_WIDGET (page));
  gtk_window_present (window);
  gp_test_ui_wait_for_draw (GTK_WIDGET (window));
  gp_test_ui_wait_for_draw (GTK_WIDGET (window));
  g_assert_nonnull (gtk_grid_get_child_at (table, 5, 0));

  gtk_window_destroy (window);
}

static void
test_five_platforms (Fixture       *fixture,
                     gconstpointer  data)
{
  static const char *const names[] = {
    "Amazon SageMaker", "Azure Machine Learning", "Google Vertex AI", "Google Colab", "Lambda",
  };

  /* The first version's five platforms are the providers mode, and the default. */
  g_assert_cmpint (gp_comparison_get_mode (gp_compare_page_get_comparison (fixture->page)), ==,
                   GP_COMPARISON_PROVIDERS);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *text = header_text (fixture, i);
      g_assert_true (g_str_has_prefix (text, names[i]));
    }
  g_assert_null (gtk_grid_get_child_at (grid (fixture), 6, 0));

  /* The four things labs weigh, and the figures the cards showed. */
  {
    g_autofree char *text = gp_test_ui_collect_text (GTK_WIDGET (grid (fixture)));

    gp_test_ui_assert_contains (text, "Hardware");
    gp_test_ui_assert_contains (text, "Prices");
    gp_test_ui_assert_contains (text, "Data transfer");
    gp_test_ui_assert_contains (text, "Features");
    gp_test_ui_assert_contains (text, "Sources and dates");
  }
  g_assert_cmpstr (cell_text (fixture, "Price over the raw VMs", 0), ==, "15–40%");
  g_assert_cmpstr (cell_text (fixture, "Longest session (h)", 3), ==, "12");
  g_assert_cmpstr (cell_text (fixture, "Billing increment (s)", 4), ==, "60");
  /* Colab's unknown increment says why it is unknown. */
  g_assert_cmpstr (cell_text (fixture, "Billing increment (s)", 3), ==, "—");
  g_assert_nonnull (
      strstr (gp_ui_get_tooltip (cell (fixture, "Billing increment (s)", 3)), "Compute units"));
}

static void
test_highlights (Fixture       *fixture,
                 gconstpointer  data)
{
  GtkWidget *cheaper, *dearer, *unknown;

  compare_instances (fixture);
  g_assert_cmpstr (cell_text (fixture, "On demand ($/h)", 0), ==, "21.958");

  /* The cheapest of the row, with its rule in the tooltip. */
  cheaper = cell (fixture, "On demand ($/h)", 1);
  dearer = cell (fixture, "On demand ($/h)", 0);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (cheaper)), ==, "15.920");
  g_assert_true (gtk_widget_has_css_class (cheaper, "compare-best"));
  g_assert_false (gtk_widget_has_css_class (dearer, "compare-best"));
  g_assert_cmpstr (gp_ui_get_tooltip (cheaper), ==, "Highlighted: the lowest price");

  /* Per-second billing beats per-minute. */
  g_assert_true (
      gtk_widget_has_css_class (cell (fixture, "Billing increment (s)", 0), "compare-best"));

  /* Unknown is a dash that says so. */
  unknown = cell (fixture, "Spot ($/h)", 1);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (unknown)), ==, "—");
  g_assert_cmpstr (gp_ui_get_tooltip (unknown), ==, "Not in the catalog: the figure is unknown");
}

static void
test_only_differences (Fixture       *fixture,
                       gconstpointer  data)
{
  compare_instances (fixture);
  g_assert_nonnull (cell (fixture, "GPU", 0));

  /* The switch is a property action. */
  gtk_widget_activate_action (GTK_WIDGET (fixture->page), "compare.only-differences", NULL);
  g_assert_true (gp_compare_page_get_only_differences (fixture->page));
  g_assert_true (
      gtk_switch_get_active (GTK_SWITCH (find (GTK_WIDGET (fixture->page), "differences_switch"))));
  /* Both have A100 40GB SXM4: the row goes; the providers differ: that row stays. */
  g_assert_null (cell (fixture, "GPU", 0));
  g_assert_nonnull (cell (fixture, "Provider", 0));
}

/* The mnemonic keys of the labels shown under @widget, into @keys (keyval → label). */
static void
collect_mnemonics (GtkWidget  *widget,
                   GHashTable *keys)
{
  if (!gtk_widget_get_visible (widget))
    return;
  if (GTK_IS_LABEL (widget) && gtk_label_get_use_underline (GTK_LABEL (widget)) &&
      gtk_label_get_mnemonic_keyval (GTK_LABEL (widget)) != GDK_KEY_VoidSymbol)
    {
      guint key = gdk_keyval_to_lower (gtk_label_get_mnemonic_keyval (GTK_LABEL (widget)));
      const char *text = gtk_label_get_label (GTK_LABEL (widget));

      /* The label that took the key before, if any. */
      g_assert_cmpstr (g_hash_table_lookup (keys, GUINT_TO_POINTER (key)), ==, NULL);
      g_hash_table_insert (keys, GUINT_TO_POINTER (key), (gpointer) text);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_mnemonics (child, keys);
}

/* Alt and a letter reaches one thing on the page, the window's toast button (Details) too:
 * "Only Differences" and Details both took D. */
static void
test_mnemonics_unique (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autoptr(GHashTable) keys = g_hash_table_new (NULL, NULL);
  GtkWidget *toast_label = g_object_ref_sink (gtk_label_new_with_mnemonic ("_Details"));

  g_hash_table_insert (keys,
                       GUINT_TO_POINTER (gdk_keyval_to_lower (
                           gtk_label_get_mnemonic_keyval (GTK_LABEL (toast_label)))),
                       (gpointer) "_Details");
  g_object_unref (toast_label);
  collect_mnemonics (GTK_WIDGET (fixture->page), keys);
  g_assert_cmpuint (g_hash_table_size (keys), >=, 5);
}

static void
test_remove (Fixture       *fixture,
             gconstpointer  data)
{
  GpComparison *comparison = gp_compare_page_get_comparison (fixture->page);
  GtkWidget *header;

  gtk_widget_activate_action (GTK_WIDGET (fixture->page), "compare.remove", "s", "colab");
  g_assert_cmpuint (gp_comparison_get_n_items (comparison), ==, 4);
  g_assert_false (gp_comparison_contains (comparison, "colab"));

  /* Delete removes the column the focus is in. */
  header = gtk_grid_get_child_at (grid (fixture), 1, 0);
  g_assert_true (gtk_widget_get_focusable (header));
  g_assert_true (gtk_widget_grab_focus (header));
  g_assert_true (gp_test_ui_activate_trigger (GTK_WIDGET (fixture->page), "Delete"));
  g_assert_cmpuint (gp_comparison_get_n_items (comparison), ==, 3);
  g_assert_false (gp_comparison_contains (comparison, "aws-sagemaker"));
}

static void
test_mode_switch (Fixture       *fixture,
                  gconstpointer  data)
{
  GtkStack *stack = GTK_STACK (find (GTK_WIDGET (fixture->page), "content_stack"));
  GtkToggleButton *instances =
      GTK_TOGGLE_BUTTON (find (GTK_WIDGET (fixture->page), "instances_toggle"));

  /* No instances yet: the empty page says where they come from. */
  gtk_widget_activate_action (GTK_WIDGET (fixture->page), "compare.mode", "s", "instances");
  gp_test_ui_wait_for_draw (GTK_WIDGET (fixture->window));
  g_assert_true (gtk_toggle_button_get_active (instances));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "empty");
  gp_test_ui_assert_contains (adw_status_page_get_description (ADW_STATUS_PAGE (
                                  find (GTK_WIDGET (fixture->page), "empty_page"))),
                              "Instances page");

  /* One alone asks for another. */
  add (fixture, "lambda/gpu_1x_a10@us-east-1");
  gp_test_ui_wait_for_draw (GTK_WIDGET (fixture->window));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "table");
  g_assert_true (gtk_widget_get_visible (find (GTK_WIDGET (fixture->page), "hint_label")));

  /* The platforms are still there. */
  gtk_widget_activate_action (GTK_WIDGET (fixture->page), "compare.mode", "s", "providers");
  gp_test_ui_wait_for_draw (GTK_WIDGET (fixture->window));
  g_assert_cmpuint (gp_comparison_get_n_items (gp_compare_page_get_comparison (fixture->page)), ==,
                    5);
}

/* gpu_1x and gpu_8x, in two regions each. */
static gboolean
has_four_items (gpointer model)
{
  return g_list_model_get_n_items (model) == 4;
}

static void
test_add_popover (Fixture       *fixture,
                  gconstpointer  data)
{
  GpComparison *comparison = gp_compare_page_get_comparison (fixture->page);
  GtkWidget *search;
  GtkListView *list;
  GListModel *choices;

  /* The popover is built when first opened. */
  g_assert_null (gp_test_ui_find_by_name (GTK_WIDGET (fixture->page), "add_search"));
  gp_comparison_set_mode (comparison, GP_COMPARISON_INSTANCES);
  gp_compare_page_start_search (fixture->page);
  search = find (GTK_WIDGET (fixture->page), "add_search");
  list = GTK_LIST_VIEW (find (GTK_WIDGET (fixture->page), "add_list"));
  gp_test_ui_wait_for_draw (search);
  g_assert_true (gtk_widget_get_mapped (search));

  gtk_editable_set_text (GTK_EDITABLE (search), "h100 sxm5 lambda");
  choices = G_LIST_MODEL (gtk_list_view_get_model (list));
  gp_test_ui_wait_until (has_four_items, choices, "the search's four choices");

  g_signal_emit_by_name (list, "activate", 0);
  g_assert_cmpuint (gp_comparison_get_n_items (comparison), ==, 1);
  g_assert_cmpstr (gp_comparison_get_ids (comparison)[0], ==, "lambda/gpu_1x_h100_sxm5@us-east-1");
}

static void
test_csv_export (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr(GBytes) bytes = g_bytes_new_static (hostile_layer, strlen (hostile_layer));
  g_autofree char *path = g_build_filename (fixture->dir, "export.csv", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *csv = NULL;

  g_assert_true (
      gp_catalog_add_layer (fixture->catalog, bytes, "lab.json", GP_CATALOG_LAYER_USER, NULL));
  gp_comparison_set_mode (gp_compare_page_get_comparison (fixture->page), GP_COMPARISON_INSTANCES);
  add (fixture, "lambda/evil@us-east-1");
  add (fixture, "lambda/gpu_1x_a10@us-east-1");

  g_assert_true (gp_compare_page_write_csv (fixture->page, file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &csv, NULL, NULL));
  g_assert_true (
      g_str_has_prefix (csv, "Group,Row,\"'=HYPERLINK(\"\"x\"\") (Lambda · us-east-1)\","));
  gp_test_ui_assert_contains (csv, "\r\nPrices,On demand ($/h),0.500,1.290\r\n");
}

static void
clipboard_read_cb (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  char **text = user_data;

  *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (object), result, NULL);
}

static void
test_copy_markdown (Fixture       *fixture,
                    gconstpointer  data)
{
  GdkClipboard *clipboard = gtk_widget_get_clipboard (GTK_WIDGET (fixture->page));
  g_autofree char *text = NULL;

  compare_instances (fixture);
  gtk_widget_activate_action (GTK_WIDGET (fixture->page), "compare.copy-markdown", NULL);
  gdk_clipboard_read_text_async (clipboard, NULL, clipboard_read_cb, &text);
  gp_test_ui_wait_until (gp_test_ui_is_set, &text, "the clipboard's text");

  g_assert_true (g_str_has_prefix (text, "|  | p4d.24xlarge (Amazon EC2 · us-east-1) | gpu_8x_a100 "
                                         "(Lambda · us-east-1) |\n|---|---|---|\n"));
  gp_test_ui_assert_contains (text, "| On demand ($/h) | 21.958 | **15.920** |\n");
}

static void
test_survives_restart (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autofree char *contents = NULL;
  GpComparison *comparison;

  compare_instances (fixture);
  gtk_widget_activate_action (GTK_WIDGET (fixture->page), "compare.remove", "s",
                              "aws-ec2/p4d.24xlarge@us-east-1");
  add (fixture, "aws-ec2/g4dn.xlarge@us-west-2");

  /* Closing writes what is pending. */
  gtk_window_destroy (fixture->window);
  fixture->window = NULL;
  gp_test_ui_iterate ();
  g_assert_true (g_file_load_contents (fixture->state_file, NULL, &contents, NULL, NULL, NULL));
  gp_test_ui_assert_contains (contents, "\"mode\": \"instances\"");

  /* The next start shows the same. */
  fixture->page = new_page (fixture);
  show_page (fixture, 0);
  comparison = gp_compare_page_get_comparison (fixture->page);
  g_assert_cmpint (gp_comparison_get_mode (comparison), ==, GP_COMPARISON_INSTANCES);
  g_assert_true (g_strv_equal (gp_comparison_get_ids (comparison),
                               (const char *[]) { "lambda/gpu_8x_a100@us-east-1",
                                                  "aws-ec2/g4dn.xlarge@us-west-2", NULL }));
  {
    g_autofree char *text = header_text (fixture, 1);
    gp_test_ui_assert_contains (text, "g4dn.xlarge");
  }
}

/* What crashed or froze every start: a comparison.json nested 100,000 deep, or a FIFO in its
 * place. Either is named and set aside, and the page starts as on a first start. */
static void
test_hostile_state (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autofree char *path = g_file_get_path (fixture->state_file);
  g_autofree char *kept_path = g_strconcat (path, ".unreadable", NULL);
  g_autofree char *deep = g_strnfill (100000, '[');
  GpComparePage *page;

  gtk_window_destroy (fixture->window);
  fixture->window = NULL;
  gp_test_ui_iterate ();

  g_assert_true (g_file_set_contents (path, deep, -1, NULL));
  page = new_page (fixture);
  gp_test_ui_assert_contains (gp_compare_page_get_state_problem (page),
                              "nested more than 64 levels");
  g_assert_true (g_file_test (kept_path, G_FILE_TEST_IS_REGULAR));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (gp_comparison_get_n_items (gp_compare_page_get_comparison (page)), ==, 5);
  g_object_ref_sink (page);
  g_object_unref (page);

  g_assert_cmpint (mkfifo (path, 0600), ==, 0);
  page = new_page (fixture);
  gp_test_ui_assert_contains (gp_compare_page_get_state_problem (page), "not a regular file");
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  fixture->page = page;
  show_page (fixture, 0);
  g_assert_cmpuint (gp_comparison_get_n_items (gp_compare_page_get_comparison (page)), ==, 5);
}

static void
test_unreadable_state_kept (Fixture       *fixture,
                            gconstpointer  data)
{
  static const char garbage[] = "{\"mode\": \"instances\", \"instances\": [";
  g_autofree char *path = g_file_get_path (fixture->state_file);
  g_autofree char *kept_path = g_strconcat (path, ".unreadable", NULL);
  g_autofree char *kept = NULL;
  GpComparePage *page;

  gtk_window_destroy (fixture->window);
  fixture->window = NULL;
  gp_test_ui_iterate ();
  g_assert_true (g_file_set_contents (path, garbage, -1, NULL));

  /* A file that cannot be read is named, with the place in it, and set aside whole: the next
   * start does not meet it again. */
  page = new_page (fixture);
  g_assert_true (g_str_has_prefix (gp_compare_page_get_state_problem (page),
                                   "The saved comparison was not read: "));
  gp_test_ui_assert_contains (gp_compare_page_get_state_problem (page), path);
  gp_test_ui_assert_contains (gp_compare_page_get_state_problem (page), "(line 1, column 37)");
  gp_test_ui_assert_contains (gp_compare_page_get_state_problem (page), kept_path);
  fixture->page = page;
  show_page (fixture, 0);
  g_assert_cmpuint (gp_comparison_get_n_items (gp_compare_page_get_comparison (page)), ==, 5);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_get_contents (kept_path, &kept, NULL, NULL));
  g_assert_cmpstr (kept, ==, garbage);

  /* The first change saves anew; what was set aside stays. */
  gtk_widget_activate_action (GTK_WIDGET (page), "compare.remove", "s", "colab");
  gp_test_ui_iterate ();
  g_clear_pointer (&kept, g_free);
  g_assert_true (g_file_get_contents (kept_path, &kept, NULL, NULL));
  g_assert_cmpstr (kept, ==, garbage);
  {
    g_autoptr(GpComparison) reread = gp_comparison_new (fixture->catalog);

    g_assert_true (gp_comparison_load_from_file (reread, fixture->state_file, NULL));
    g_assert_cmpuint (gp_comparison_get_n_items (reread), ==, 4);
  }
}

static void
test_follows_catalog (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr(GBytes) bytes = g_bytes_new_static (hostile_layer, strlen (hostile_layer));

  g_assert_cmpstr (cell_text (fixture, "Instance types in the catalog", 4), ==, "9");
  g_assert_true (
      gp_catalog_add_layer (fixture->catalog, bytes, "lab.json", GP_CATALOG_LAYER_USER, NULL));
  gp_test_ui_wait_for_draw (GTK_WIDGET (fixture->window));
  g_assert_cmpstr (cell_text (fixture, "Instance types in the catalog", 4), ==, "10");
}

static void
test_narrow (Fixture       *fixture,
             gconstpointer  data)
{
  /* At phone width the table scrolls sideways inside the page. */
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (fixture->window)), <=, 400);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (fixture->page)), <=, 400);
  g_assert_nonnull (
      gtk_widget_get_ancestor (GTK_WIDGET (grid (fixture)), GTK_TYPE_SCROLLED_WINDOW));
}

/* On a wide screen the table fills the width, not three quarters of it. */
static void
test_fills_width (Fixture       *fixture,
                  gconstpointer  data)
{
  GtkWidget *grid = gp_test_ui_find_by_name (GTK_WIDGET (fixture->page), "table_grid");
  GtkWidget *scrolled = gtk_widget_get_ancestor (grid, GTK_TYPE_SCROLLED_WINDOW);

  gp_test_ui_wait_for_draw (GTK_WIDGET (fixture->window));
  g_assert_cmpint (gtk_widget_get_width (grid), >=, gtk_widget_get_width (scrolled) * 0.95);
}

int
main (int   argc,
      char *argv[])
{
  gp_test_ui_init (&argc, &argv);

  g_test_add_func ("/compare-page/built-after-first-frame", test_built_after_first_frame);
#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/compare-page/five-platforms", test_five_platforms);
  ADD ("/compare-page/highlights", test_highlights);
  ADD ("/compare-page/only-differences", test_only_differences);
  ADD ("/compare-page/remove", test_remove);
  ADD ("/compare-page/mnemonics-unique", test_mnemonics_unique);
  ADD ("/compare-page/mode-switch", test_mode_switch);
  ADD ("/compare-page/add-popover", test_add_popover);
  ADD ("/compare-page/csv-export", test_csv_export);
  ADD ("/compare-page/copy-markdown", test_copy_markdown);
  ADD ("/compare-page/survives-restart", test_survives_restart);
  ADD ("/compare-page/unreadable-state-kept", test_unreadable_state_kept);
  ADD ("/compare-page/hostile-state", test_hostile_state);
  ADD ("/compare-page/follows-catalog", test_follows_catalog);
#undef ADD
  g_test_add ("/compare-page/fills-width", Fixture, GINT_TO_POINTER (1920), fixture_set_up,
              test_fills_width, fixture_tear_down);
  g_test_add ("/compare-page/narrow", Fixture, GINT_TO_POINTER (360), fixture_set_up, test_narrow,
              fixture_tear_down);

  return g_test_run ();
}
