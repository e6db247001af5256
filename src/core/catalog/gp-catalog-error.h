/* gp-catalog-error.h
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define GP_CATALOG_ERROR (gp_catalog_error_quark ())

/**
 * GpCatalogError:
 * @GP_CATALOG_ERROR_PARSE: the file is not well-formed JSON
 * @GP_CATALOG_ERROR_SCHEMA_VERSION: the file declares a schema version this build cannot read
 * @GP_CATALOG_ERROR_MISSING_FIELD: a required field is absent
 * @GP_CATALOG_ERROR_WRONG_TYPE: a field holds a value of the wrong JSON type
 * @GP_CATALOG_ERROR_INVALID_VALUE: a value is out of range (negative, not finite, unknown enum)
 * @GP_CATALOG_ERROR_DUPLICATE_ID: two entries of one kind share an id in one file
 * @GP_CATALOG_ERROR_UNKNOWN_REFERENCE: an id names a GPU, provider or region that does not exist
 * @GP_CATALOG_ERROR_MISSING_SOURCE: a figure has no source or no as-of date
 * @GP_CATALOG_ERROR_UNKNOWN_FIELD: an object has a field this schema version does not define
 * @GP_CATALOG_ERROR_IO: the file could not be read
 *
 * Why a catalog layer was refused.
 */
typedef enum
{
  GP_CATALOG_ERROR_PARSE,
  GP_CATALOG_ERROR_SCHEMA_VERSION,
  GP_CATALOG_ERROR_MISSING_FIELD,
  GP_CATALOG_ERROR_WRONG_TYPE,
  GP_CATALOG_ERROR_INVALID_VALUE,
  GP_CATALOG_ERROR_DUPLICATE_ID,
  GP_CATALOG_ERROR_UNKNOWN_REFERENCE,
  GP_CATALOG_ERROR_MISSING_SOURCE,
  GP_CATALOG_ERROR_UNKNOWN_FIELD,
  GP_CATALOG_ERROR_IO,
} GpCatalogError;

GQuark     gp_catalog_error_quark      (void);
const int *gp_catalog_error_walk_codes (void);

G_END_DECLS
