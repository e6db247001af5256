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
#include <string.h>

#include "gp-azure-importer.h"
#include "gp-catalog.h"
#include "gp-catalog-merge.h"
#include "gp-cli.h"
#include "gp-cli-common.h"
#include "gp-cli-import.h"
#include "gp-file.h"
#include "gp-import-builder.h"
#include "gp-skypilot-importer.h"

static GBytes *
read_input (const char  *path,
            GError     **error)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (path);
  GBytes *bytes = gp_file_load (file, GP_FILE_MAX_SIZE, error);

  if (bytes == NULL)
    g_prefix_error (error, "%s: ", path);
  return bytes;
}

/* What an import did, on standard error: every row is either imported or skipped for a
 * reason, and the reasons are counted. Written at once: a report of hundreds of notes was as
 * many writes. */
static void
print_report (const char     *path,
              GpImportReport *report)
{
  g_autoptr(GString) text = g_string_new (NULL);

  g_string_append_printf (
      text,
      g_dngettext (GETTEXT_PACKAGE,
                   "%s: %u row: %u imported into %u offers of %u instance types, %u skipped",
                   "%s: %u rows: %u imported into %u offers of %u instance types, %u skipped",
                   report->rows),
      path, report->rows, report->imported, report->offers, report->instances, report->skipped);
  g_string_append_c (text, '\n');
  for (guint i = 0; i < gp_import_report_get_n_reasons (report); i++)
    {
      guint count;
      const char *reason = gp_import_report_get_reason (report, i, &count);

      /* Translators: a number of rows an import skipped, and why */
      g_string_append_printf (text, _("  skipped %u: %s"), count, _(reason));
      g_string_append_c (text, '\n');
    }
  if (report->gpus_added > 0)
    {
      g_string_append_printf (
          text,
          g_dngettext (GETTEXT_PACKAGE, "  added %u GPU model the catalog did not know",
                       "  added %u GPU models the catalog did not know", report->gpus_added),
          report->gpus_added);
      g_string_append_c (text, '\n');
    }
  for (guint i = 0; i < report->notes->len; i++)
    g_string_append_printf (text, "  %s\n", (const char *) g_ptr_array_index (report->notes, i));
  fwrite (text->str, 1, text->len, stderr);
}

/* A date the file's name gives, such as vms-2026-05-07.csv. */
static char *
date_in_name (const char *path)
{
  g_autofree char *name = g_path_get_basename (path);

  for (const char *p = name; strlen (p) >= 10; p++)
    {
      g_autofree char *candidate = g_strndup (p, 10);
      g_autoptr(GDateTime) date = NULL;
      int y, m, d;

      if (sscanf (candidate, "%4d-%2d-%2d", &y, &m, &d) == 3 && candidate[4] == '-' &&
          candidate[7] == '-' && g_ascii_isdigit (candidate[9]) &&
          (date = g_date_time_new_utc (y, m, d, 0, 0, 0)) != NULL)
        return g_steal_pointer (&candidate);
    }

  return NULL;
}

static char *
modification_date (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (path);
  g_autoptr(GFileInfo) info = g_file_query_info (file, G_FILE_ATTRIBUTE_TIME_MODIFIED,
                                                 G_FILE_QUERY_INFO_NONE, NULL, NULL);
  g_autoptr(GDateTime) modified = info != NULL ? g_file_info_get_modification_date_time (info)
                                               : NULL;

  return modified != NULL ? g_date_time_format (modified, "%F") : NULL;
}

/* The date the imported prices were current: the file's own when it gives one, else the one
 * given on the command line, else the day the file was last written; and where it came from. */
static char *
choose_as_of (const char  *path,
              const char  *given,
              const char **basis)
{
  char *date;

  if ((date = date_in_name (path)) != NULL)
    {
      *basis = _("from the file’s name");
      return date;
    }
  if (given != NULL)
    {
      *basis = _("from --as-of");
      return g_strdup (given);
    }
  if ((date = modification_date (path)) != NULL)
    {
      *basis = _("the day the file was last modified");
      return date;
    }

  {
    g_autoptr(GDateTime) now = g_date_time_new_now_utc ();

    *basis = _("today: the file gives no date");
    return g_date_time_format (now, "%F");
  }
}

/* The bundled catalog every import is checked against, loaded on a second thread while the
 * first file is read and its rows reduced, which need no catalog: neither waits for the
 * other. */
typedef struct
{
  GThread *thread;
  GpCatalog *catalog;
  GThread *releasing;
} Base;

static gpointer
load_bundled (gpointer data)
{
  return gp_catalog_new_bundled ();
}

static gpointer
release_catalog (gpointer data)
{
  g_object_unref (data);
  return NULL;
}

static GpCatalog *
base_get (Base *base)
{
  if (base->thread != NULL)
    base->catalog = g_thread_join (g_steal_pointer (&base->thread));
  return base->catalog;
}

/* Once every file is checked the catalog is done with: its tens of thousands of objects are
 * freed on the second thread while the result is written. */
static void
base_release (Base *base)
{
  if (base_get (base) != NULL)
    base->releasing =
        g_thread_new ("release-catalog", release_catalog, g_steal_pointer (&base->catalog));
}

static void
base_clear (Base *base)
{
  base_get (base);
  g_clear_object (&base->catalog);
  if (base->releasing != NULL)
    g_thread_join (g_steal_pointer (&base->releasing));
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Base, base_clear)

/* The output written and synced beside its place on the second thread, while the layer in it
 * is checked on the first; then what the first is done with is freed there too. */
typedef struct
{
  GFile *file;
  GBytes *bytes;
  GpFileReplacement *replacement;
  GError *error;
  GBytes *input;
  GpSkypilotRows *rows;
} Writing;

static gpointer
write_output (gpointer data)
{
  Writing *writing = data;

  writing->replacement = gp_file_replacement_new (writing->file, writing->bytes, &writing->error);
  g_clear_pointer (&writing->input, g_bytes_unref);
  g_clear_pointer (&writing->rows, gp_skypilot_rows_free);
  return NULL;
}

/* Checks @layer as a layer over @base; with @output, writes it there meanwhile, to be put in
 * place (@replacement) only once checked, and frees @input and @rows there. */
static gboolean
check_layer (GpCatalog          *base,
             GBytes             *layer,
             const char         *path,
             GFile              *output,
             GBytes            **input,
             GpSkypilotRows    **rows,
             GpFileReplacement **replacement,
             GError            **error)
{
  Writing writing = { output, layer, NULL, NULL, NULL, NULL };
  GThread *thread = NULL;
  gboolean checked;

  if (output != NULL)
    {
      writing.input = g_steal_pointer (input);
      writing.rows = g_steal_pointer (rows);
      thread = g_thread_new ("write-output", write_output, &writing);
    }
  checked = gp_catalog_add_layer (base, layer, path, GP_CATALOG_LAYER_EXTRA, error);
  if (thread != NULL)
    g_thread_join (thread);
  if (checked && writing.error != NULL)
    {
      g_autofree char *name = g_file_get_parse_name (output);

      g_set_error (error, writing.error->domain, writing.error->code, "%s: %s", name,
                   writing.error->message);
      checked = FALSE;
    }
  g_clear_error (&writing.error);
  if (!checked)
    {
      g_clear_pointer (&writing.replacement, gp_file_replacement_free);
      return FALSE;
    }
  if (replacement != NULL)
    *replacement = writing.replacement;
  else
    g_clear_pointer (&writing.replacement, gp_file_replacement_free);
  return TRUE;
}

/* Imports one file and checks it as a layer over @base (which then holds it): a SkyPilot
 * file's rows are read before the base is needed, and the layer is checked as the text that
 * is written out, so what is written is what was checked; a catalog file is checked as it
 * is. With @output (the only file of a SkyPilot import), the layer is written there while it
 * is checked, and put in place by the caller (@replacement). */
static GBytes *
import_one (const char          *format,
            Base                *base,
            const char          *path,
            const char          *url,
            const char          *as_of,
            GFile               *output,
            GpFileReplacement  **replacement,
            GError             **error)
{
  g_autoptr(GBytes) input = read_input (path, error);
  g_autoptr(GpImportReport) report = gp_import_report_new ();
  g_autoptr(GpSkypilotRows) rows = NULL;
  g_autoptr(GBytes) layer = NULL;
  g_autofree char *date = NULL;
  const char *basis;

  if (input == NULL)
    return NULL;

  /* A catalog file carries its own sources and dates. */
  if (g_str_equal (format, "catalog"))
    return gp_catalog_add_layer (base_get (base), input, path, GP_CATALOG_LAYER_EXTRA, error)
               ? g_steal_pointer (&input)
               : NULL;

  date = choose_as_of (path, as_of, &basis);
  rows = gp_skypilot_rows_read (input, path, report, error);
  if (rows == NULL)
    return NULL;
  layer = gp_skypilot_rows_write (rows, base_get (base), url, date, error);
  if (layer == NULL ||
      !check_layer (base_get (base), layer, path, output, &input, &rows, replacement, error))
    return NULL;

  print_report (path, report);
  /* Translators: the date imported prices were current, then where that date came from */
  fprintf (stderr, _("  prices as of %s (%s)"), date, basis);
  fputc ('\n', stderr);

  return g_steal_pointer (&layer);
}

int
gp_cli_import (int    argc,
               char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (_("skypilot|azure|catalog FILE…"));
  g_autoptr(GError) error = NULL;
  g_auto(Base) base = { NULL };
  g_autoptr(GFile) output_file = NULL;
  g_autoptr(GpFileReplacement) replacement = NULL;
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *output = NULL, *url = NULL, *as_of = NULL;
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("Write the catalog to FILE, not to standard output"), N_("FILE") },
    { "url", 0, 0, G_OPTION_ARG_STRING, &url,
      N_("Where the files came from, for the catalog's source"), N_("URL") },
    { "as-of", 0, 0, G_OPTION_ARG_STRING, &as_of,
      N_("The date the prices were current, where the file’s name gives none (default: the file’s "
          "modification date)"),
      N_("DATE") },
    { NULL }
  };
  const char *format;
  const char *text;
  gsize length;

  g_option_context_set_summary (
      context, _("Turn public price catalogs into one catalog file that “validate” "
                  "accepts, as a layer over the bundled catalog. Formats: skypilot "
                  "(vms.csv of AWS, Google Cloud, Azure or Lambda), azure (the "
                  "pages of one answer of the Azure Retail Prices API) and catalog "
                  "(files in our own format, merged)."));
  gp_cli_add_main_entries (context, entries);
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
  if (as_of != NULL && !g_regex_match_simple ("^[0-9]{4}(-[0-9]{2}(-[0-9]{2})?)?$", as_of, 0, 0))
    return gp_cli_usage_error (context, _("--as-of must be a date, YYYY-MM-DD"));

  /* Each file is checked as a layer on what came before it, so a later one may use an
   * earlier one's regions. */
  base.thread = g_thread_new ("bundled-catalog", load_bundled, NULL);

  /* Azure files are the pages of one answer of the Retail Prices API: one import. */
  if (g_str_equal (format, "azure"))
    {
      g_autoptr(GPtrArray) pages = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
      g_autoptr(GpImportReport) report = gp_import_report_new ();
      g_autoptr(GBytes) imported = NULL;
      g_autofree char *date = NULL;
      const char *basis;

      for (int i = 2; i < argc; i++)
        {
          GBytes *page = read_input (argv[i], &error);

          if (page == NULL)
            {
              fprintf (stderr, "%s\n", error->message);
              return GP_CLI_EXIT_BAD_INPUT;
            }
          g_ptr_array_add (pages, page);
        }

      date = choose_as_of (argv[2], as_of, &basis);
      imported = gp_azure_import (base_get (&base), pages, argv[2], url, date, report, &error);
      if (imported == NULL || !gp_catalog_add_layer (base_get (&base), imported, argv[2],
                                                     GP_CATALOG_LAYER_EXTRA, &error))
        {
          fprintf (stderr, "%s\n", error->message);
          return GP_CLI_EXIT_BAD_INPUT;
        }
      print_report (argv[2], report);
      fprintf (stderr, _("  prices as of %s (%s)"), date, basis);
      fputc ('\n', stderr);
      g_ptr_array_add (parts, g_steal_pointer (&imported));
    }

  /* One SkyPilot file to a file: written while it is checked. */
  if (output != NULL && !g_str_equal (output, "-") && argc == 3 && g_str_equal (format, "skypilot"))
    output_file = g_file_new_for_commandline_arg (output);

  for (int i = 2; i < argc && !g_str_equal (format, "azure"); i++)
    {
      g_autoptr(GBytes) imported =
          import_one (format, &base, argv[i], url, as_of, output_file, &replacement, &error);
      if (imported == NULL)
        {
          fprintf (stderr, "%s\n", error->message);
          return GP_CLI_EXIT_BAD_INPUT;
        }

      g_ptr_array_add (parts, g_steal_pointer (&imported));
    }

  base_release (&base);

  /* One part is already a whole catalog file, checked: merging it would only parse it again,
   * a third of the time of a large import. */
  if (parts->len == 1)
    bytes = g_bytes_ref (g_ptr_array_index (parts, 0));
  else
    {
      g_autofree char *today = g_date_time_format (now, "%F");

      bytes = gp_catalog_merge_files (parts, "Imported price catalogs", today, &error);
    }
  if (bytes == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      return GP_CLI_EXIT_BAD_INPUT;
    }

  /* Each part was checked as a layer over the parts before it, which is what the merged file
   * is: checking the merge again would only parse it twice. */
  text = g_bytes_get_data (bytes, &length);
  if (output == NULL || g_str_equal (output, "-"))
    {
      fwrite (text, 1, length, stdout);
      fputc ('\n', stdout);
      return GP_CLI_EXIT_OK;
    }
  if (replacement == NULL)
    return gp_cli_write_output (output, text, length);

  /* Written meanwhile: put in place now that it is checked, or the old file kept whole. */
  if (!gp_file_replacement_commit (replacement, &error))
    {
      fprintf (stderr, "gpu-planner-cli: %s: %s\n", output, error->message);
      return GP_CLI_EXIT_BAD_INPUT;
    }
  return GP_CLI_EXIT_OK;
}
