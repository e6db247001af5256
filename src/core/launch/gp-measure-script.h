/* gp-measure-script.h — a Python script that measures the user's own job on their GPU
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "gp-estimator-data.h"
#include "gp-workload.h"

G_BEGIN_DECLS

char *gp_measure_script_new (GpWorkload       *workload,
                             GpEstimatorData  *data,
                             GError          **error);

G_END_DECLS
