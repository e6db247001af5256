/* gp-measurement-store.c — the user's measurements, kept as the files the script wrote
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Like the lab's machines, measurements belong to the user, not to the catalog: each is kept
 * byte for byte as the script wrote it, in a folder of the user's data, named by its id
 * (ID.json), so it can be shared as the file it is. Every file is checked again when read:
 * one that no longer passes is reported and left where it is, never removed or rewritten.
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "gp-file.h"
#include "gp-measurement-store.h"

#define SUFFIX ".json"

GFile *
gp_measurement_store_get_default_location (void)
{
  return g_file_new_build_filename (g_get_user_data_dir (), "gpu-planner", "measurements", NULL);
}

static int
by_date_then_id (gconstpointer a,
                 gconstpointer b)
{
  GpMeasurement *first = *(GpMeasurement **) a;
  GpMeasurement *second = *(GpMeasurement **) b;
  int order = g_strcmp0 (gp_measurement_get_date (first), gp_measurement_get_date (second));

  return order != 0 ? order
                    : g_strcmp0 (gp_measurement_get_id (first), gp_measurement_get_id (second));
}

GPtrArray *
gp_measurement_store_list (GFile     *dir,
                           GpCatalog *catalog,
                           GStrv     *problems)
{
  g_autoptr(GPtrArray) measurements = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GStrvBuilder) found = g_strv_builder_new ();
  g_autoptr(GFileEnumerator) children = NULL;
  g_autoptr(GError) error = NULL;
  GFileInfo *info;
  GFile *child;

  g_return_val_if_fail (G_IS_FILE (dir), NULL);

  children = g_file_enumerate_children (
      dir, G_FILE_ATTRIBUTE_STANDARD_NAME "," G_FILE_ATTRIBUTE_STANDARD_TYPE,
      G_FILE_QUERY_INFO_NONE, NULL, &error);
  if (children == NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
    g_strv_builder_add (found, error->message);

  while (children != NULL && g_file_enumerator_iterate (children, &info, &child, NULL, NULL) &&
         info != NULL)
    {
      g_autoptr(GpMeasurement) measurement = NULL;
      g_autoptr(GError) problem = NULL;

      /* The write helper's temporaries and anything else the user keeps there are not ours. */
      if (g_file_info_get_file_type (info) != G_FILE_TYPE_REGULAR ||
          !g_str_has_suffix (g_file_info_get_name (info), SUFFIX))
        continue;
      measurement = gp_measurement_new_from_file (child, catalog, &problem);
      if (measurement != NULL)
        g_ptr_array_add (measurements, g_steal_pointer (&measurement));
      else
        g_strv_builder_add (found, problem->message);
    }

  g_ptr_array_sort (measurements, by_date_then_id);
  if (problems != NULL)
    *problems = g_strv_builder_end (found);
  return g_steal_pointer (&measurements);
}

static GFile *
file_of (GFile      *dir,
         const char *id)
{
  g_autofree char *name = g_strconcat (id, SUFFIX, NULL);

  return g_file_get_child (dir, name);
}

/* Checks the file and keeps a copy of it. Adding one file twice keeps one copy. */
GpMeasurement *
gp_measurement_store_add (GFile      *dir,
                          GFile      *file,
                          GpCatalog  *catalog,
                          GError    **error)
{
  g_autoptr(GpMeasurement) measurement = NULL;
  g_autoptr(GFile) kept = NULL;
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (G_IS_FILE (dir), NULL);
  g_return_val_if_fail (G_IS_FILE (file), NULL);

  measurement = gp_measurement_new_from_file (file, catalog, error);
  if (measurement == NULL)
    return NULL;

  if (!g_file_make_directory_with_parents (dir, NULL, &local_error) &&
      !g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_EXISTS))
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }
  kept = file_of (dir, gp_measurement_get_id (measurement));
  if (!gp_file_replace_bytes (kept, gp_measurement_get_bytes (measurement), error))
    return NULL;
  return g_steal_pointer (&measurement);
}

static gboolean
not_found (const char  *id,
           GError     **error)
{
  g_set_error (error, GP_MEASUREMENT_ERROR, GP_MEASUREMENT_ERROR_NOT_FOUND,
               _("There is no measurement “%s” (see “measurement list”)"), id);
  return FALSE;
}

/* Ids are made of the catalog's GPU ids, a date and hex digits: anything else names no file of
 * the store, and must not be let reach outside it ("../x"). */
static gboolean
check_id (const char  *id,
          GError     **error)
{
  if (id != NULL && *id != '\0' &&
      strspn (id, "abcdefghijklmnopqrstuvwxyz0123456789-._") == strlen (id) && id[0] != '.')
    return TRUE;
  return not_found (id ? id : "", error);
}

GpMeasurement *
gp_measurement_store_find (GFile       *dir,
                           const char  *id,
                           GpCatalog   *catalog,
                           GError     **error)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) local_error = NULL;
  GpMeasurement *measurement;

  g_return_val_if_fail (G_IS_FILE (dir), NULL);

  if (!check_id (id, error))
    return NULL;
  file = file_of (dir, id);
  measurement = gp_measurement_new_from_file (file, catalog, &local_error);
  if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
    {
      not_found (id, error);
      return NULL;
    }
  if (local_error != NULL)
    g_propagate_error (error, g_steal_pointer (&local_error));
  return measurement;
}

gboolean
gp_measurement_store_remove (GFile       *dir,
                             const char  *id,
                             GError     **error)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (G_IS_FILE (dir), FALSE);

  if (!check_id (id, error))
    return FALSE;
  file = file_of (dir, id);
  if (g_file_delete (file, NULL, &local_error))
    return TRUE;
  if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
    return not_found (id, error);
  g_propagate_error (error, g_steal_pointer (&local_error));
  return FALSE;
}

GpMeasurement *
gp_measurement_open (const char  *file_or_id,
                     GFile       *dir,
                     GpCatalog   *catalog,
                     GError     **error)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (file_or_id);

  if (g_file_query_exists (file, NULL) || strchr (file_or_id, '/') != NULL ||
      g_str_has_suffix (file_or_id, SUFFIX))
    return gp_measurement_new_from_file (file, catalog, error);
  return gp_measurement_store_find (dir, file_or_id, catalog, error);
}
