/* gp-release.h — big structures freed on a worker thread
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

void gp_release_in_background (gpointer       data,
                               GDestroyNotify destroy);
void gp_release_wait          (void);

G_END_DECLS
