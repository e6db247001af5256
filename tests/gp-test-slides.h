/* gp-test-slides.h
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "gp-slide-deck.h"

G_BEGIN_DECLS

void gp_test_slides_assert_fit (GpSlideDeck *deck,
                                const char  *name);

guint gp_test_count (const char *haystack,
                     gsize       length,
                     const char *needle);

G_END_DECLS
