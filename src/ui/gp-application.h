/* gp-application.h
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "gp-catalog.h"
#include "gp-settings.h"

G_BEGIN_DECLS

#define GP_TYPE_APPLICATION (gp_application_get_type ())

G_DECLARE_FINAL_TYPE (GpApplication, gp_application, GP, APPLICATION, AdwApplication)

GpApplication *gp_application_new          (void);
GpSettings    *gp_application_get_settings (GpApplication *self);
GpCatalog     *gp_application_get_catalog  (GpApplication *self);

G_END_DECLS
