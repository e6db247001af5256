/* bench-util.h — what the benchmarks share: a generated catalog, medians
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

GString *bench_generate_catalog (guint     n_offers);
int      bench_compare_doubles  (gconstpointer a,
                                 gconstpointer b);
double   bench_median_ms        (gboolean (*func) (GBytes *),
                                 GBytes   *bytes,
                                 int       runs);

void     bench_run_child        (const char * const *argv,
                                 GSpawnFlags         flags,
                                 double             *seconds,
                                 double             *rss_mib);

double   bench_cpu_reference_ms (void);
void     bench_print_cpu_reference (double at_start_ms);

G_END_DECLS
