/* gp-catalog-error.c
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "gp-catalog-error.h"
#include "gp-json-walk.h"

G_DEFINE_QUARK (gp-catalog-error-quark, gp_catalog_error)

/* The catalog's code for each kind of problem a walk finds itself, for the readers of the
 * catalog's files (the catalog and the estimator data). */
const int *
gp_catalog_error_walk_codes (void)
{
  static const int codes[GP_JSON_WALK_N_ERRORS] = {
    [GP_JSON_WALK_ERROR_MISSING_FIELD] = GP_CATALOG_ERROR_MISSING_FIELD,
    [GP_JSON_WALK_ERROR_WRONG_TYPE] = GP_CATALOG_ERROR_WRONG_TYPE,
    [GP_JSON_WALK_ERROR_INVALID_VALUE] = GP_CATALOG_ERROR_INVALID_VALUE,
    [GP_JSON_WALK_ERROR_UNKNOWN_FIELD] = GP_CATALOG_ERROR_UNKNOWN_FIELD,
    [GP_JSON_WALK_ERROR_DUPLICATE_ID] = GP_CATALOG_ERROR_DUPLICATE_ID,
  };

  return codes;
}
