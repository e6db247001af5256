/* gp-test-fifo.h — a FIFO that a test reads on a thread while something writes into it
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  char    *path;
  char    *received;
  GThread *reader;
} GpTestFifo;

void  gp_test_fifo_open  (GpTestFifo *fifo,
                          const char *path);
char *gp_test_fifo_close (GpTestFifo *fifo);

G_END_DECLS
