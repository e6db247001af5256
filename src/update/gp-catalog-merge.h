/* gp-catalog-merge.h
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

GBytes *gp_catalog_merge_files (GPtrArray   *files,
                                const char  *name,
                                const char  *as_of,
                                GError     **error);

G_END_DECLS
