/* gp-cli-import.c — gpu-planner-cli import: public price catalogs as one catalog file
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <stdio.h>

#include "gp-azure-importer.h"
#include "gp-catalog.h"
#include "gp-catalog-merge.h"
#include "gp-cli.h"
#include "gp-cli-import.h"
#include "gp-import-builder.h"
#include "gp-skypilot-importer.h"

static GBytes *
read_input (const char  *path,
            GError     **error)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (path);
  g_autoptr(GFileInfo) info = NULL;

  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_TYPE, G_FILE_QUERY_INFO_NONE, NULL,
                            error);
  if (info == NULL)
    return NULL;
  if (g_file_info_get_file_type (info) != G_FILE_TYPE_REGULAR)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE, _("not a regular file"));
      return NULL;
    }

  return g_file_load_bytes (file, NULL, NULL, error);
}

/* Imports one file and checks it as a layer over @base (which then holds it): a SkyPilot
 * file is checked as the tree the importer built, before it is written out, so it is never
 * parsed back; a catalog file is checked as it is. */
static GBytes *
import_one (const char  *format,
            GpCatalog   *base,
            const char  *path,
            const char  *url,
            const char  *as_of,
            GError     **error)
{
  g_autoptr(GBytes) input = read_input (path, error);
  g_autoptr(GpImportReport) report = gp_import_report_new ();
  g_autoptr(JsonNode) tree = NULL;

  if (input == NULL)
    return NULL;

  if (g_str_equal (format, "catalog"))
    return gp_catalog_add_layer (base, input, path, GP_CATALOG_LAYER_EXTRA, error)
             ? g_steal_pointer (&input)
             : NULL;

  tree = gp_skypilot_import_tree (base, input, path, url, as_of, report, error);
  if (tree == NULL || !gp_catalog_add_layer_tree (base, tree, path, GP_CATALOG_LAYER_EXTRA, error))
    return NULL;

  fprintf (stderr, _("%s: %u rows, %u offers, %u rows skipped"), path, report->rows,
           report->offers, report->skipped);
  fputc ('\n', stderr);
  for (guint i = 0; i < report->notes->len; i++)
    fprintf (stderr, "  %s\n", (const char *) g_ptr_array_index (report->notes, i));

  return gp_import_tree_to_bytes (tree);
}

int
gp_cli_import (int    argc,
               char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (_("skypilot|azure|catalog FILE…"));
  g_autoptr(GError) error = NULL;
  g_autoptr(GpCatalog) check = NULL;
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *output = NULL, *url = NULL, *as_of = NULL;
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("Write the catalog to FILE, not to standard output"), N_("FILE") },
    { "url", 0, 0, G_OPTION_ARG_STRING, &url, N_("Where the files came from, for the catalog's source"), N_("URL") },
    { "as-of", 0, 0, G_OPTION_ARG_STRING, &as_of, N_("The date the prices were current (default: today)"), N_("DATE") },
    { NULL }
  };
  const char *format;
  const char *text;
  gsize length;

  g_option_context_set_summary (context,
                                _("Turn public price catalogs into one catalog file that “validate” "
                                  "accepts, as a layer over the bundled catalog. Formats: skypilot "
                                  "(vms.csv of AWS, Google Cloud, Azure or Lambda), azure (the "
                                  "pages of one answer of the Azure Retail Prices API) and catalog "
                                  "(files in our own format, merged)."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "gpu-planner-cli: %s\n", error->message);
      return GP_CLI_EXIT_USAGE;
    }

  if (argc < 3 || !(g_str_equal (argv[1], "skypilot") || g_str_equal (argv[1], "azure") ||
                    g_str_equal (argv[1], "catalog")))
    {
      g_autofree char *help = g_option_context_get_help (context, TRUE, NULL);
      fprintf (stderr, "%s", help);
      return GP_CLI_EXIT_USAGE;
    }
  format = argv[1];
  if (as_of == NULL)
    as_of = g_date_time_format (now, "%F");

  /* Each file is checked as a layer on what came before it, so a later one may use an
   * earlier one's regions. */
  check = gp_catalog_new_bundled ();

  /* Azure files are the pages of one answer of the Retail Prices API: one import. */
  if (g_str_equal (format, "azure"))
    {
      g_autoptr(GPtrArray) pages = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
      g_autoptr(GpImportReport) report = gp_import_report_new ();
      g_autoptr(GBytes) imported = NULL;

      for (int i = 2; i < argc; i++)
        {
          GBytes *page = read_input (argv[i], &error);

          if (page == NULL)
            {
              fprintf (stderr, "%s: %s\n", argv[i], error->message);
              return GP_CLI_EXIT_BAD_INPUT;
            }
          g_ptr_array_add (pages, page);
        }

      imported = gp_azure_import (check, pages, argv[2], url, as_of, report, &error);
      if (imported == NULL ||
          !gp_catalog_add_layer (check, imported, argv[2], GP_CATALOG_LAYER_EXTRA, &error))
        {
          fprintf (stderr, "%s\n", error->message);
          return GP_CLI_EXIT_BAD_INPUT;
        }
      fprintf (stderr, _("%s: %u rows, %u offers, %u rows skipped"), argv[2], report->rows,
               report->offers, report->skipped);
      fputc ('\n', stderr);
      for (guint i = 0; i < report->notes->len; i++)
        fprintf (stderr, "  %s\n", (const char *) g_ptr_array_index (report->notes, i));
      g_ptr_array_add (parts, g_steal_pointer (&imported));
    }

  for (int i = 2; i < argc && !g_str_equal (format, "azure"); i++)
    {
      g_autoptr(GBytes) imported = import_one (format, check, argv[i], url, as_of, &error);
      if (imported == NULL)
        {
          fprintf (stderr, "%s\n", error->message);
          return GP_CLI_EXIT_BAD_INPUT;
        }

      g_ptr_array_add (parts, g_steal_pointer (&imported));
    }

  /* One part is already a whole catalog file, checked: merging it would only parse it again,
   * a third of the time of a large import. */
  if (parts->len == 1)
    bytes = g_bytes_ref (g_ptr_array_index (parts, 0));
  else
    bytes = gp_catalog_merge_files (parts, "Imported price catalogs", as_of, &error);
  if (bytes == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      return GP_CLI_EXIT_BAD_INPUT;
    }

  /* Each part was checked as a layer over the parts before it, which is what the merged file
   * is: checking the merge again would only parse it twice. */
  text = g_bytes_get_data (bytes, &length);
  if (output == NULL)
    {
      fwrite (text, 1, length, stdout);
      fputc ('\n', stdout);
      return GP_CLI_EXIT_OK;
    }

  {
    g_autoptr(GFile) file = g_file_new_for_commandline_arg (output);

    /* Atomically: a reader never sees half a catalog, and a failure keeps the old file. */
    if (!g_file_replace_contents (file, text, length, NULL, FALSE, G_FILE_CREATE_NONE, NULL, NULL,
                                  &error))
      {
        fprintf (stderr, "%s: %s\n", output, error->message);
        return GP_CLI_EXIT_BAD_INPUT;
      }
  }

  return GP_CLI_EXIT_OK;
}
