/* gp-choice.h — one recommended option: its estimate, its score and the reasons for it
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "gp-estimate.h"

G_BEGIN_DECLS

#define GP_TYPE_CHOICE (gp_choice_get_type ())

G_DECLARE_FINAL_TYPE (GpChoice, gp_choice, GP, CHOICE, GObject)

GpChoice           *gp_choice_new             (GpEstimate         *estimate,
                                               double              score,
                                               const char * const *reasons);
GpEstimate         *gp_choice_get_estimate    (GpChoice           *self);
double              gp_choice_get_score       (GpChoice           *self);
const char * const *gp_choice_get_reasons     (GpChoice           *self);

G_END_DECLS
