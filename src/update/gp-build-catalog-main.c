/* gp-build-catalog-main.c — gpu-planner-build-catalog: the maintainer's tool that builds the
 * bundled catalog (build-aux/build-catalog runs it)
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   gpu-planner-build-catalog RECIPE SOURCES CATALOG STRINGS
 *       builds the catalog from RECIPE (data/catalog/build.json) and the raw price files in
 *       SOURCES (../shared/data/sources), and writes CATALOG and STRINGS;
 *   gpu-planner-build-catalog --check RECIPE SOURCES CATALOG STRINGS
 *       builds it and fails when CATALOG or STRINGS differ from what it built; exits 77 (a
 *       skipped test) where SOURCES is absent.
 */

#include "config.h"

#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "gp-catalog-build.h"
#include "gp-file.h"

#define EXIT_SKIP 77

static gboolean
same_as_file (const char *path,
              const char *built)
{
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;

  if (!g_file_get_contents (path, &contents, NULL, &error))
    {
      fprintf (stderr, "%s: %s\n", path, error->message);
      return FALSE;
    }
  if (g_str_equal (contents, built))
    return TRUE;

  /* Where they part, so that a maintainer sees what changed. */
  {
    guint line = 1;
    gsize i = 0;

    while (contents[i] != '\0' && contents[i] == built[i])
      if (contents[i++] == '\n')
        line++;
    fprintf (stderr, "%s: differs from what the recipe and the sources give, from line %u: "
             "run build-aux/build-catalog and commit the result\n", path, line);
  }
  return FALSE;
}

static gboolean
write_file (const char *path,
            const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (path);

  /* Written whole or not at all: a failure leaves the old file. */
  if (!gp_file_replace (file, text, strlen (text), &error))
    {
      fprintf (stderr, "%s: %s\n", path, error->message);
      return FALSE;
    }
  return TRUE;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GFile) sources = NULL;
  g_autoptr(GFile) recipe_file = NULL;
  g_autoptr(GBytes) recipe = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GpCatalogBuildResult) result = NULL;
  gboolean check = argc > 1 && g_str_equal (argv[1], "--check");
  char **args = argv + (check ? 2 : 1);

  setlocale (LC_ALL, "C.UTF-8");
  if (argc - (check ? 2 : 1) != 5)
    {
      fprintf (stderr, "usage: gpu-planner-build-catalog [--check] RECIPE SOURCES CATALOG "
                       "STRINGS HISTORY\n");
      return 2;
    }

  sources = g_file_new_for_path (args[1]);
  if (!g_file_query_exists (sources, NULL))
    {
      printf ("%s not found: the raw price files the bundled catalog is built from are not on "
              "this machine, so the catalog cannot be rebuilt here%s\n", args[1],
              check ? "; skipping" : "");
      return check ? EXIT_SKIP : 1;
    }

  recipe_file = g_file_new_for_path (args[0]);
  recipe = g_file_load_bytes (recipe_file, NULL, NULL, &error);
  if (recipe == NULL)
    {
      fprintf (stderr, "%s: %s\n", args[0], error->message);
      return 1;
    }

  result = gp_catalog_build (recipe, args[0], sources, &error);
  if (result == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      return 1;
    }

  for (guint i = 0; i < result->messages->len; i++)
    printf ("%s\n", (const char *) g_ptr_array_index (result->messages, i));

  if (check)
    return same_as_file (args[2], result->catalog) && same_as_file (args[3], result->strings) &&
                   same_as_file (args[4], result->history)
               ? 0
               : 1;

  return write_file (args[2], result->catalog) && write_file (args[3], result->strings) &&
                 write_file (args[4], result->history)
             ? 0
             : 1;
}
