/* gp-catalog-build.h — the bundled catalog, built from its recipe and the raw price files
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/**
 * GpCatalogBuildResult:
 * @catalog: the catalog file, as text
 * @strings: the catalog's strings the app shows through gettext, as a C header for xgettext
 * @history: history.json, the offers' dated price series from the sources
 * @messages: what the build did, checked and left out, a line each, for the maintainer
 */
typedef struct
{
  char      *catalog;
  char      *strings;
  char      *history;
  GPtrArray *messages;
} GpCatalogBuildResult;

GpCatalogBuildResult *gp_catalog_build             (GBytes                *recipe,
                                                    const char            *recipe_name,
                                                    GFile                 *sources,
                                                    GError               **error);
void                  gp_catalog_build_result_free (GpCatalogBuildResult  *result);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GpCatalogBuildResult, gp_catalog_build_result_free)

G_END_DECLS
