/* gp-update-error.h
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define GP_UPDATE_ERROR (gp_update_error_quark ())

/**
 * GpUpdateError:
 * @GP_UPDATE_ERROR_INSECURE: the URL is plain HTTP to a host that is not loopback
 * @GP_UPDATE_ERROR_HTTP: the server answered with an error status
 * @GP_UPDATE_ERROR_TOO_LARGE: the body exceeds the download cap
 * @GP_UPDATE_ERROR_TRUNCATED: the body ended before its announced length
 * @GP_UPDATE_ERROR_FORMAT: the body could not be read as the source's format
 * @GP_UPDATE_ERROR_TIMEOUT: a source took longer than its deadline
 * @GP_UPDATE_ERROR_NOT_FOUND: the server has no such file (HTTP 404 or 410)
 *
 * Why a catalog refresh failed.
 */
typedef enum
{
  GP_UPDATE_ERROR_INSECURE,
  GP_UPDATE_ERROR_HTTP,
  GP_UPDATE_ERROR_TOO_LARGE,
  GP_UPDATE_ERROR_TRUNCATED,
  GP_UPDATE_ERROR_FORMAT,
  GP_UPDATE_ERROR_TIMEOUT,
  GP_UPDATE_ERROR_NOT_FOUND,
} GpUpdateError;

GQuark      gp_update_error_quark (void);
const char *gp_update_user_agent  (void);

G_END_DECLS
