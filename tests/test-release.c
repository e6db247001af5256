/* test-release.c — big structures freed on a worker thread
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "gp-release.h"

typedef struct
{
  GMutex lock;
  GPtrArray *order; /* the items, as freed */
  GThread *caller;
  gboolean on_caller;
} Log;

static Log log_;

static void
freed (gpointer data)
{
  g_mutex_lock (&log_.lock);
  g_ptr_array_add (log_.order, data);
  log_.on_caller |= g_thread_self () == log_.caller;
  g_mutex_unlock (&log_.lock);
}

/* Everything given is freed once, in the order given, off the caller's thread, by the time
 * gp_release_wait() returns; the releaser starts again after a wait. */
static void
test_release_order (void)
{
  static int items[50];

  log_.order = g_ptr_array_new ();
  log_.caller = g_thread_self ();
  for (guint round = 0; round < 2; round++)
    {
      g_ptr_array_set_size (log_.order, 0);
      for (guint i = 0; i < G_N_ELEMENTS (items); i++)
        gp_release_in_background (&items[i], freed);
      gp_release_in_background (NULL, freed);
      gp_release_wait ();
      g_assert_cmpuint (log_.order->len, ==, G_N_ELEMENTS (items));
      for (guint i = 0; i < G_N_ELEMENTS (items); i++)
        g_assert_true (g_ptr_array_index (log_.order, i) == &items[i]);
    }
  g_assert_false (log_.on_caller);
  g_clear_pointer (&log_.order, g_ptr_array_unref);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/release/order", test_release_order);
  return g_test_run ();
}
