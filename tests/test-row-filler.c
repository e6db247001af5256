/* test-row-filler.c — a list's bound rows, filled in at once in sight and after the frame out
 * of it
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "gp-row-filler.h"
#include "gp-test-ui.h"

/* A list of 300 rows in a window with room for a few dozen; each row's label says its item and
 * the generation of the figures it was filled in with. */
typedef struct
{
  GtkWindow *window;
  GtkListView *list;
  GpRowFiller *filler;
  guint generation;
  guint fills;
} Fixture;

static void
fill_cb (GtkListItem *item,
         gpointer     cell,
         gpointer     user_data)
{
  Fixture *fixture = user_data;
  GtkStringObject *string = gtk_list_item_get_item (item);
  g_autofree char *text =
      g_strdup_printf ("%s/%u", gtk_string_object_get_string (string), fixture->generation);

  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)), text);
  fixture->fills++;
}

static void
setup_cb (GtkSignalListItemFactory *factory,
          GtkListItem              *item,
          Fixture                  *fixture)
{
  gtk_list_item_set_child (item, gtk_label_new (NULL));
}

static void
bind_cb (GtkSignalListItemFactory *factory,
         GtkListItem              *item,
         Fixture                  *fixture)
{
  gp_row_filler_bind (fixture->filler, item, NULL);
}

static void
unbind_cb (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           Fixture                  *fixture)
{
  gp_row_filler_unbind (fixture->filler, item);
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GtkStringList) strings = gtk_string_list_new (NULL);
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkWidget *scrolled = gtk_scrolled_window_new ();

  for (guint i = 0; i < 300; i++)
    {
      g_autofree char *name = g_strdup_printf ("row %u", i);

      gtk_string_list_append (strings, name);
    }
  g_signal_connect (factory, "setup", G_CALLBACK (setup_cb), fixture);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cb), fixture);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_cb), fixture);

  fixture->window = GTK_WINDOW (gtk_window_new ());
  fixture->filler = gp_row_filler_new (GTK_WIDGET (fixture->window), fill_cb, fixture);
  fixture->list = GTK_LIST_VIEW (gtk_list_view_new (
      GTK_SELECTION_MODEL (gtk_no_selection_new (G_LIST_MODEL (g_object_ref (strings)))), factory));
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (fixture->list));
  gtk_window_set_child (fixture->window, scrolled);
  gtk_window_set_default_size (fixture->window, 400, 400);
  gtk_window_present (fixture->window);
  gp_test_ui_wait_for_draw (GTK_WIDGET (fixture->window));
  gp_test_ui_wait_for_draw (GTK_WIDGET (fixture->window));
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  gp_row_filler_forget (fixture->filler);
  gtk_window_destroy (fixture->window);
  gp_test_ui_iterate ();
  g_assert_finalize_object (fixture->filler);
}

/* The labels of the bound rows: how many say @generation, in sight and out of it. */
static void
count_rows (Fixture *fixture,
            guint    generation,
            guint   *in_sight,
            guint   *in_sight_current,
            guint   *out_of_sight,
            guint   *out_of_sight_current)
{
  g_autofree char *suffix = g_strdup_printf ("/%u", generation);

  *in_sight = *in_sight_current = *out_of_sight = *out_of_sight_current = 0;
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (fixture->list)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    {
      GtkWidget *label = gtk_widget_get_first_child (row);
      gboolean current;

      if (!GTK_IS_LABEL (label) || *gtk_label_get_text (GTK_LABEL (label)) == '\0')
        continue;
      current = g_str_has_suffix (gtk_label_get_text (GTK_LABEL (label)), suffix);
      if (gtk_widget_get_mapped (label))
        {
          (*in_sight)++;
          *in_sight_current += current;
        }
      else
        {
          (*out_of_sight)++;
          *out_of_sight_current += current;
        }
    }
}

static guint
n_items (Fixture *fixture)
{
  return g_list_model_get_n_items (G_LIST_MODEL (gtk_list_view_get_model (fixture->list)));
}

/* The rows in sight are filled in at once, the others after the next frame; a row GTK binds
 * is filled in when bound. */
static void
test_refill (Fixture       *fixture,
             gconstpointer  data)
{
  guint in_sight, in_sight_current, out_of_sight, out_of_sight_current;

  count_rows (fixture, 0, &in_sight, &in_sight_current, &out_of_sight, &out_of_sight_current);
  g_assert_cmpuint (in_sight, >, 3);
  g_assert_cmpuint (in_sight_current, ==, in_sight);
  /* GTK keeps rows bound out of sight: the case the filler is for. */
  g_assert_cmpuint (out_of_sight, >, 0);
  g_assert_cmpuint (out_of_sight_current, ==, out_of_sight);

  fixture->generation = 1;
  gp_row_filler_refill (fixture->filler, GTK_WIDGET (fixture->list), n_items (fixture));
  count_rows (fixture, 1, &in_sight, &in_sight_current, &out_of_sight, &out_of_sight_current);
  g_assert_cmpuint (in_sight_current, ==, in_sight);
  g_assert_cmpuint (out_of_sight_current, ==, 0);

  /* The frame shows the rows in sight; the others are filled in when idle after it. */
  gp_test_ui_wait_for_frame (GTK_WIDGET (fixture->window));
  count_rows (fixture, 1, &in_sight, &in_sight_current, &out_of_sight, &out_of_sight_current);
  g_assert_cmpuint (out_of_sight_current, ==, 0);
  gp_test_ui_iterate ();
  count_rows (fixture, 1, &in_sight, &in_sight_current, &out_of_sight, &out_of_sight_current);
  g_assert_cmpuint (in_sight_current, ==, in_sight);
  g_assert_cmpuint (out_of_sight_current, ==, out_of_sight);
}

/* What waits for the frame is filled in on demand, and a refill before the frame replaces it:
 * each row is filled in once per generation. */
static void
test_fill_now (Fixture       *fixture,
               gconstpointer  data)
{
  guint in_sight, in_sight_current, out_of_sight, out_of_sight_current, bound;

  fixture->generation = 1;
  gp_row_filler_refill (fixture->filler, GTK_WIDGET (fixture->list), n_items (fixture));
  fixture->generation = 2;
  fixture->fills = 0;
  gp_row_filler_refill (fixture->filler, GTK_WIDGET (fixture->list), n_items (fixture));
  gp_row_filler_fill_now (fixture->filler);
  count_rows (fixture, 2, &in_sight, &in_sight_current, &out_of_sight, &out_of_sight_current);
  bound = in_sight + out_of_sight;
  g_assert_cmpuint (in_sight_current + out_of_sight_current, ==, bound);
  g_assert_cmpuint (fixture->fills, ==, bound);

  /* Nothing is left to fill in after the frame. */
  fixture->fills = 0;
  gp_test_ui_wait_for_draw (GTK_WIDGET (fixture->window));
  g_assert_cmpuint (fixture->fills, ==, 0);
}

/* An owner off screen has no frame coming: its rows are all filled in at once. */
static void
test_owner_hidden (Fixture       *fixture,
                   gconstpointer  data)
{
  guint in_sight, in_sight_current, out_of_sight, out_of_sight_current;
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();

  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (fixture->list)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    if (GTK_IS_LABEL (gtk_widget_get_first_child (row)))
      g_ptr_array_add (labels, gtk_widget_get_first_child (row));
  gtk_widget_set_visible (GTK_WIDGET (fixture->window), FALSE);
  fixture->generation = 3;
  gp_row_filler_refill (fixture->filler, GTK_WIDGET (fixture->list), n_items (fixture));
  count_rows (fixture, 3, &in_sight, &in_sight_current, &out_of_sight, &out_of_sight_current);
  g_assert_cmpuint (in_sight, ==, 0);
  g_assert_cmpuint (out_of_sight_current, ==, out_of_sight);
  g_assert_cmpuint (out_of_sight, ==, labels->len);
}

/* Forgotten, the filler fills nothing in any more. */
static void
test_forget (Fixture       *fixture,
             gconstpointer  data)
{
  fixture->generation = 4;
  fixture->fills = 0;
  gp_row_filler_refill (fixture->filler, GTK_WIDGET (fixture->list), n_items (fixture));
  gp_row_filler_forget (fixture->filler);
  g_assert_cmpuint (fixture->fills, >, 0);
  fixture->fills = 0;
  gp_test_ui_wait_for_draw (GTK_WIDGET (fixture->window));
  gp_row_filler_refill (fixture->filler, GTK_WIDGET (fixture->list), n_items (fixture));
  gp_row_filler_fill_now (fixture->filler);
  g_assert_cmpuint (fixture->fills, ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  gp_test_ui_init (&argc, &argv);

#define ADD(path, func) g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/row-filler/refill", test_refill);
  ADD ("/row-filler/fill-now", test_fill_now);
  ADD ("/row-filler/owner-hidden", test_owner_hidden);
  ADD ("/row-filler/forget", test_forget);
#undef ADD

  return g_test_run ();
}
