/* gp-catalog-data.h — the catalog compiled into a program
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Defined by a resource library linked into each program rather than by the core: the app and
 * the command-line tool link the bundled catalog (data/catalog), the tests a frozen fixture
 * (tests/fixtures/catalog), so that a price update breaks no test.
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

GResource *gp_catalog_data_get_resource (void);

G_END_DECLS
