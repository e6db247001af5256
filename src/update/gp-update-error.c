/* gp-update-error.c
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "gp-update-error.h"

G_DEFINE_QUARK (gp-update-error-quark, gp_update_error)

const char *
gp_update_user_agent (void)
{
  return "GPU-Planner/" PACKAGE_VERSION " (+" PACKAGE_WEBSITE ")";
}
