/* gp-catalog-error.c
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "gp-catalog-error.h"

G_DEFINE_QUARK (gp-catalog-error-quark, gp_catalog_error)
