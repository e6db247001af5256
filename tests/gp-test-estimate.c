/* gp-test-estimate.c — what the estimator's test programs share: comparing figures, the
 * catalogs they read and finding an estimate in a list
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "gp-test-estimate.h"

void
assert_close_at (double      value,
                 double      expected,
                 const char *file,
                 int         line)
{
  if (!(fabs (value - expected) <= 1e-6 * MAX (1.0, fabs (expected))))
    g_error ("%s:%d: %.9g is not %.9g", file, line, value, expected);
}

GpCatalog *
bundled (void)
{
  static GpCatalog *catalog;

  if (catalog == NULL)
    catalog = gp_catalog_new_bundled ();
  return catalog;
}

/* A catalog of the tests' own, from tests/fixtures. */
GpCatalog *
fixture_catalog (const char *name)
{
  GpCatalog *catalog = gp_catalog_new ();
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  gp_catalog_add_layer_from_file (catalog, file, GP_CATALOG_LAYER_EXTRA, &error);
  g_assert_no_error (error);
  return catalog;
}

gboolean
strv_has_prefix (const char * const *strv,
                 const char         *prefix)
{
  for (guint i = 0; strv != NULL && strv[i] != NULL; i++)
    if (g_str_has_prefix (strv[i], prefix))
      return TRUE;
  return FALSE;
}

gboolean
strv_has_substring (const char * const *strv,
                    const char         *needle)
{
  for (guint i = 0; strv != NULL && strv[i] != NULL; i++)
    if (strstr (strv[i], needle) != NULL)
      return TRUE;
  return FALSE;
}

/* Finds the estimate of one instance, region and way of paying. */
GpEstimate *
find_estimate (GpEstimateList    *list,
               const char        *instance_id,
               const char        *region,
               GpEstimatePricing  pricing)
{
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (list)); i++)
    {
      g_autoptr(GpEstimate) estimate = g_list_model_get_item (G_LIST_MODEL (list), i);

      if (g_strcmp0 (gp_instance_get_id (gp_estimate_get_instance (estimate)), instance_id) == 0 &&
          g_strcmp0 (gp_offer_get_region_id (gp_estimate_get_offer (estimate)), region) == 0 &&
          gp_estimate_get_pricing (estimate) == pricing)
        return estimate; /* the list keeps its reference */
    }

  return NULL;
}
