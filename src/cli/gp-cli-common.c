/* gp-cli-common.c — what every catalog-reading command shares: options, the catalog, output
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <stdio.h>

#include <glib/gi18n.h>

#include "gp-cli.h"
#include "gp-cli-common.h"
#include "gp-currency.h"
#include "gp-file.h"
#include "gp-text.h"

void
gp_cli_common_options_clear (GpCliCommonOptions *options)
{
  g_clear_pointer (&options->catalogs, g_strfreev);
  g_clear_pointer (&options->format, g_free);
}

/* A number option's place: GOption would read it with strtod(), which takes "0x10", "inf" and
 * "nan", so each number option is a callback that checks its text first. */
typedef struct
{
  GOptionArg arg;
  gpointer target;
} NumberTarget;

static gboolean
parse_number_cb (const char  *option_name,
                 const char  *value,
                 gpointer     data,
                 GError     **error)
{
  NumberTarget *target = g_hash_table_lookup (data, option_name);
  gint64 whole;
  double number;

  g_return_val_if_fail (target != NULL, FALSE);

  if (!gp_parse_decimal (value, &number))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   /* Translators: an option given a value that is no decimal number */
                   _("%s: “%s” is not a decimal number (such as 12 or 0.5)"), option_name, value);
      return FALSE;
    }
  if (target->arg == G_OPTION_ARG_DOUBLE)
    {
      *(double *) target->target = number;
      return TRUE;
    }

  /* As GOption says it of a whole number, in its own words. */
  if (!g_ascii_string_to_signed (value, 10, G_MININT64, G_MAXINT64, &whole, NULL))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   g_dgettext ("glib20", "Cannot parse integer value “%s” for %s"), value,
                   option_name);
      return FALSE;
    }
  if (target->arg == G_OPTION_ARG_INT64)
    *(gint64 *) target->target = whole;
  else if (whole >= G_MININT && whole <= G_MAXINT)
    *(int *) target->target = (int) whole;
  else
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   g_dgettext ("glib20", "Integer value “%s” for %s out of range"), value,
                   option_name);
      return FALSE;
    }
  return TRUE;
}

static void
add_number_target (GHashTable        *targets,
                   const GOptionEntry *entry)
{
  NumberTarget *target = g_new (NumberTarget, 1);

  *target = (NumberTarget){ entry->arg, entry->arg_data };
  g_hash_table_insert (targets, g_strconcat ("--", entry->long_name, NULL), target);
  if (entry->short_name != 0)
    g_hash_table_insert (targets, g_strdup_printf ("-%c", entry->short_name),
                         g_memdup2 (target, sizeof *target));
}

/* A group of options whose numbers are checked as plain finite decimals as they are read;
 * the group holds where each goes, for its one parse. */
GOptionGroup *
gp_cli_option_group_new (const char         *name,
                         const char         *description,
                         const char         *help_description,
                         const GOptionEntry *entries,
                         gboolean            in_main)
{
  GHashTable *targets = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  GOptionGroup *group = g_option_group_new (name, description, help_description, targets,
                                            (GDestroyNotify) g_hash_table_unref);
  g_autoptr(GArray) copies = g_array_new (TRUE, TRUE, sizeof (GOptionEntry));

  for (guint i = 0; entries[i].long_name != NULL; i++)
    {
      GOptionEntry copy = entries[i];

      if (in_main)
        copy.flags |= G_OPTION_FLAG_IN_MAIN;
      if (copy.arg == G_OPTION_ARG_DOUBLE || copy.arg == G_OPTION_ARG_INT ||
          copy.arg == G_OPTION_ARG_INT64)
        {
          add_number_target (targets, &entries[i]);
          copy.arg = G_OPTION_ARG_CALLBACK;
          copy.arg_data = (gpointer) parse_number_cb;
        }
      g_array_append_val (copies, copy);
    }
  g_option_group_add_entries (group, (const GOptionEntry *) copies->data);
  g_option_group_set_translation_domain (group, GETTEXT_PACKAGE);
  return group;
}

/* g_option_context_add_main_entries(), with the numbers checked as they are read. */
void
gp_cli_add_main_entries (GOptionContext     *context,
                         const GOptionEntry *entries)
{
  /* Its entries are listed as the command's own, so the group's headings are never shown. */
  g_option_context_add_group (
      context, gp_cli_option_group_new (entries[0].long_name, "", "", entries, TRUE));
}

/* --catalog alone, for the commands that have a --format of their own. */
void
gp_cli_add_catalog_entry (GOptionContext     *context,
                          GpCliCommonOptions *options)
{
  const GOptionEntry entries[] = {
    { "catalog", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &options->catalogs,
      N_("Add a catalog file as a layer over the bundled one (repeatable)"), N_("FILE") },
    { "stale-after-days", 0, 0, G_OPTION_ARG_INT, &options->stale_after_days,
      N_("Mark figures older than this as stale (default 180)"), N_("DAYS") },
    { NULL }
  };

  gp_cli_add_main_entries (context, entries);
}

void
gp_cli_add_common_entries (GOptionContext     *context,
                           GpCliCommonOptions *options)
{
  const GOptionEntry entries[] = {
    { "format", 0, 0, G_OPTION_ARG_STRING, &options->format,
      N_("Output format: table, csv or json"), N_("FORMAT") },
    { NULL }
  };

  gp_cli_add_catalog_entry (context, options);
  gp_cli_add_main_entries (context, entries);
}

int
gp_cli_usage_error (GOptionContext *context,
                    const char     *message)
{
  g_autofree char *help = g_option_context_get_help (context, TRUE, NULL);

  fprintf (stderr, "gpu-planner-cli: %s\n\n%s", message, help);
  return GP_CLI_EXIT_USAGE;
}

gboolean
gp_cli_parse_options (GOptionContext  *context,
                      int             *argc,
                      char          ***argv,
                      int             *exit_code)
{
  g_autoptr(GError) error = NULL;

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  /* As g_option_context_parse() would, for the usage of a refusal before it. */
  if (g_get_prgname () == NULL && *argc > 0)
    {
      g_autofree char *name = g_path_get_basename ((*argv)[0]);

      g_set_prgname (name);
    }
  if (!g_option_context_parse (context, argc, argv, &error))
    {
      *exit_code = gp_cli_usage_error (context, error->message);
      return FALSE;
    }

  return TRUE;
}

gboolean
gp_cli_add_file_layer (GpCatalog  *catalog,
                       const char *path,
                       GError    **error)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (path);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) local_error = NULL;

  /* What could never be a catalog (a directory, a FIFO, /dev/zero, something huge) is refused
   * before it is read, so that no input can hang or exhaust the tool. */
  bytes = gp_file_load (file, GP_FILE_MAX_SIZE, &local_error);
  if (bytes == NULL)
    {
      g_set_error (error, GP_CATALOG_ERROR, GP_CATALOG_ERROR_IO, "%s: %s", path,
                   local_error->message);
      return FALSE;
    }

  return gp_catalog_add_layer (catalog, bytes, path, GP_CATALOG_LAYER_EXTRA, error);
}

/* The app's settings, when its schema is installed: the tool runs without it too. */
static GSettings *
app_settings (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;

  if (source == NULL)
    return NULL;
  schema = g_settings_schema_source_lookup (source, BASE_APP_ID, TRUE);
  return schema != NULL ? g_settings_new_full (schema, NULL, NULL) : NULL;
}

/* The rates set in Preferences (an `a{sd}` of units per US dollar) and, with @as_of, their
 * date; NULL when none are set and the defaults apply. */
static GVariant *
read_exchange_rates (char **as_of)
{
  g_autoptr(GSettings) settings = app_settings ();
  g_autoptr(GVariant) value =
      settings != NULL ? g_settings_get_value (settings, "exchange-rates") : NULL;

  if (value == NULL || g_variant_n_children (value) == 0)
    return NULL;
  if (as_of != NULL)
    *as_of = g_settings_get_string (settings, "exchange-rates-as-of");
  return g_steal_pointer (&value);
}

/* Without --exchange-rate, the rate set in Preferences, else the bundled default, each with its
 * date in the assumptions. Does nothing when the workload has a rate or needs none. */
void
gp_cli_apply_default_rate (GpWorkload *workload,
                           GpCatalog  *catalog)
{
  const char *currency = gp_workload_get_currency (workload);
  const char *from = gp_catalog_get_currency (catalog);
  g_autofree char *as_of = NULL;
  g_autoptr(GVariant) rates = NULL;

  if (currency == NULL || g_ascii_strcasecmp (currency, from) == 0 ||
      !isnan (gp_workload_get_exchange_rate (workload)))
    return;

  rates = read_exchange_rates (&as_of);
  gp_workload_convert_currency (workload, from, currency, rates, as_of,
                                gp_catalog_get_stale_after_days (catalog));
}

double
gp_cli_exchange_rate (const char *from,
                      const char *to)
{
  g_autoptr(GVariant) rates = NULL;

  if (g_ascii_strcasecmp (from, to) == 0)
    return 1;
  rates = read_exchange_rates (NULL);
  return gp_currency_get_rate (from, to, rates);
}

/* The catalog the app shows (bundled, refreshed, the user's own) with the files of --catalog
 * on top. A refused --catalog file is an error here, since the user asked for it by name; a
 * refused refreshed or user layer is said on stderr and left out, as the app does. */
GpCatalog *
gp_cli_open_catalog (GpCliCommonOptions *options,
                     int           *exit_code)
{
  g_autoptr(GVariant) rates = NULL;
  g_autoptr(GpCatalog) catalog = NULL;
  const char * const *problems;

  if (options->stale_after_days < 0)
    {
      fprintf (stderr, "gpu-planner-cli: %s\n", _("--stale-after-days must be a number of days"));
      *exit_code = GP_CLI_EXIT_USAGE;
      return NULL;
    }
  catalog = gp_catalog_new_bundled ();
  if (options->stale_after_days > 0)
    gp_catalog_set_stale_after_days (catalog, options->stale_after_days);
  /* Yuan prices are compared with dollar ones at the rates the app uses. */
  rates = read_exchange_rates (NULL);
  if (rates != NULL)
    gp_catalog_set_exchange_rates (catalog, rates);
  gp_catalog_load_user_layers (catalog);
  problems = gp_catalog_get_problems (catalog);
  for (guint i = 0; problems[i] != NULL; i++)
    {
      fprintf (stderr, _("Ignored: %s"), problems[i]);
      fputc ('\n', stderr);
    }

  for (guint i = 0; options->catalogs != NULL && options->catalogs[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;

      if (!gp_cli_add_file_layer (catalog, options->catalogs[i], &error))
        {
          fprintf (stderr, "%s\n", error->message);
          *exit_code = GP_CLI_EXIT_BAD_INPUT;
          return NULL;
        }
    }

  return g_steal_pointer (&catalog);
}

int
gp_cli_print_output (GpCliOutput *output,
                     GpCliFormat  format)
{
  gp_cli_output_finish (output, format, stdout);
  return GP_CLI_EXIT_OK;
}

/* Where every command's --output goes: one path, so that a regular file is always replaced
 * whole, a FIFO or device is never replaced, and "-" always means standard output. */
int
gp_cli_write_output (const char *output,
                     const void *data,
                     gsize       size)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;

  if (output == NULL || g_str_equal (output, "-"))
    {
      if (fwrite (data, 1, size, stdout) != size || fflush (stdout) != 0)
        {
          fprintf (stderr, "gpu-planner-cli: %s\n", _("could not write to standard output"));
          return GP_CLI_EXIT_BAD_INPUT;
        }
      return GP_CLI_EXIT_OK;
    }

  file = g_file_new_for_commandline_arg (output);
  if (!gp_file_replace (file, data, size, &error))
    {
      fprintf (stderr, "gpu-planner-cli: %s: %s\n", output, error->message);
      return GP_CLI_EXIT_BAD_INPUT;
    }
  return GP_CLI_EXIT_OK;
}
