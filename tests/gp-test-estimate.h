/* gp-test-estimate.h — what the estimator's test programs share: comparing figures, the
 * catalogs they read and finding an estimate in a list
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "gp-catalog.h"
#include "gp-estimate-list.h"

G_BEGIN_DECLS

void        assert_close_at    (double              value,
                                double              expected,
                                const char         *file,
                                int                 line);
GpCatalog  *bundled            (void);
GpCatalog  *fixture_catalog    (const char         *name);
gboolean    strv_has_prefix    (const char * const *strv,
                                const char         *prefix);
gboolean    strv_has_substring (const char * const *strv,
                                const char         *needle);
GpEstimate *find_estimate      (GpEstimateList     *list,
                                const char         *instance_id,
                                const char         *region,
                                GpEstimatePricing   pricing);

#define assert_close(a, b) assert_close_at ((a), (b), __FILE__, __LINE__)

G_END_DECLS
