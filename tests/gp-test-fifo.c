/* gp-test-fifo.c — a FIFO that a test reads on a thread while something writes into it
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <sys/stat.h>

#include <glib/gstdio.h>

#include "gp-test-fifo.h"

static gpointer
read_fifo (gpointer data)
{
  GpTestFifo *fifo = data;

  /* Blocks until the writer opens its end, then reads to its close. */
  g_assert_true (g_file_get_contents (fifo->path, &fifo->received, NULL, NULL));
  return NULL;
}

/* Makes a FIFO at @path and starts reading it. */
void
gp_test_fifo_open (GpTestFifo *fifo,
                   const char *path)
{
  fifo->path = g_strdup (path);
  fifo->received = NULL;
  g_assert_cmpint (mkfifo (path, 0600), ==, 0);
  fifo->reader = g_thread_new ("fifo-reader", read_fifo, fifo);
}

/* Waits for the writer to be done; the FIFO must still be one. Returns what came through. */
char *
gp_test_fifo_close (GpTestFifo *fifo)
{
  GStatBuf st;

  g_thread_join (g_steal_pointer (&fifo->reader));
  g_assert_cmpint (g_stat (fifo->path, &st), ==, 0);
  g_assert_true (S_ISFIFO (st.st_mode));
  g_remove (fifo->path);
  g_clear_pointer (&fifo->path, g_free);
  return g_steal_pointer (&fifo->received);
}
