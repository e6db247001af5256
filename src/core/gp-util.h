/* gp-util.h — small helpers GLib 2.74 lacks
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* g_set_str() arrived in GLib 2.76. Returns TRUE when *str_pointer changed. */
static inline gboolean
gp_set_str (char       **str_pointer,
            const char  *new_str)
{
  char *copy;

  if (*str_pointer == new_str || g_strcmp0 (*str_pointer, new_str) == 0)
    return FALSE;

  copy = g_strdup (new_str);
  g_free (*str_pointer);
  *str_pointer = copy;
  return TRUE;
}

G_END_DECLS
