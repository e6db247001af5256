/* gp-release.c — big structures freed on a worker thread
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Freeing a sheet's hundred thousand quotes, as a tree and as a checked catalog, takes as long
 * as making them: done in order on one worker while the caller goes on (writes, prints), and
 * waited for when the program exits (a leak checker run at exit sees nothing half-freed).
 */

#include "config.h"

#include <stdlib.h>

#include "gp-release.h"

typedef struct
{
  gpointer data;
  GDestroyNotify destroy;
} Release;

G_LOCK_DEFINE_STATIC (pool);
static GThreadPool *pool;

static void
release (gpointer item,
         gpointer user_data)
{
  Release *release = item;

  release->destroy (release->data);
  g_free (release);
}

/* Frees @data on a worker thread, after whatever was given before it. */
void
gp_release_in_background (gpointer       data,
                          GDestroyNotify destroy)
{
  Release *item;

  g_return_if_fail (destroy != NULL);

  if (data == NULL)
    return;
  item = g_new (Release, 1);
  item->data = data;
  item->destroy = destroy;
  G_LOCK (pool);
  if (pool == NULL)
    {
      static gsize registered;

      if (g_once_init_enter (&registered))
        {
          atexit (gp_release_wait);
          g_once_init_leave (&registered, 1);
        }
      pool = g_thread_pool_new (release, NULL, 1, FALSE, NULL);
    }
  g_thread_pool_push (pool, item, NULL);
  G_UNLOCK (pool);
}

/* Returns once everything given to gp_release_in_background() is freed: before a program
 * exits, so that nothing is left half-freed. */
void
gp_release_wait (void)
{
  GThreadPool *done;

  G_LOCK (pool);
  done = g_steal_pointer (&pool);
  G_UNLOCK (pool);
  if (done != NULL)
    g_thread_pool_free (done, FALSE, TRUE);
}
