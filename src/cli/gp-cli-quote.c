/* gp-cli-quote.c — prices a lab was quoted: quote add, list, remove, import, template
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A quote lives in the user's catalog layer (or the file of --catalog), as gp-quote-layer.c
 * keeps it: written whole or not at all, and only once the catalog with it loads. Every
 * command that reads the catalog then compares, estimates and charts it beside the rest.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "gp-catalog.h"
#include "gp-cli-common.h"
#include "gp-cli-quote.h"
#include "gp-cli.h"
#include "gp-enums.h"
#include "gp-format.h"
#include "gp-file.h"
#include "gp-json-writer.h"
#include "gp-lab-layer.h"
#include "gp-quote-layer.h"
#include "gp-quote-sheet-fetch.h"
#include "gp-quote-sheet.h"
#include "gp-source.h"
#include "gp-text.h"
#include "gp-update-error.h"
#include "gp-util.h"

typedef struct
{
  char *provider;
  char *instance;
  char *gpu;
  int gpus;
  double price;
  char *currency;
  char *per;
  double billing_increment_s;
  char *region;
  char *as_of;
  char *source;
  char *reach;
  char *headers;
  char *format;
} QuoteArgs;

static void
quote_args_clear (QuoteArgs *args)
{
  g_free (args->provider);
  g_free (args->instance);
  g_free (args->gpu);
  g_free (args->currency);
  g_free (args->per);
  g_free (args->region);
  g_free (args->as_of);
  g_free (args->source);
  g_free (args->reach);
  g_free (args->headers);
  g_free (args->format);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (QuoteArgs, quote_args_clear)

/* The file a quote command writes: --catalog, else the user's own layer. */
static GFile *
target_file (char **catalogs)
{
  if (catalogs != NULL && catalogs[0] != NULL)
    return g_file_new_for_commandline_arg (catalogs[0]);
  return gp_catalog_get_layer_location (GP_CATALOG_LAYER_USER);
}

/* The catalog the quotes name their GPUs in, with the layers the command was given: the file
 * the first quote is written to does not exist yet. */
static GpCatalog *
open_catalog (GpCliCommonOptions *options,
              int                *exit_code)
{
  g_auto(GpCliCommonOptions) layers = { NULL, NULL, options->stale_after_days };
  g_autoptr(GStrvBuilder) catalogs = g_strv_builder_new ();

  for (guint i = 0; options->catalogs != NULL && options->catalogs[i] != NULL; i++)
    if (i > 0 || g_file_test (options->catalogs[i], G_FILE_TEST_EXISTS))
      g_strv_builder_add (catalogs, options->catalogs[i]);
  layers.catalogs = g_strv_builder_end (catalogs);
  return gp_cli_open_catalog (&layers, exit_code);
}

/* "price: must be…" said in the options' own names. */
static char *
option_problem (const char *message)
{
  static const char *const fields[][2] = {
    { "provider", "--provider" },
    { "instance", "--instance" },
    { "gpu", "--gpu" },
    { "gpus", "--gpus" },
    { "price", "--price" },
    { "currency", "--currency" },
    { "billing_increment_s", "--billing-increment-s" },
    { "region", "--region" },
    { "as_of", "--as-of" },
    { "source", "--source" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    if (g_str_has_prefix (message, fields[i][0]) && message[strlen (fields[i][0])] == ':')
      return g_strconcat (fields[i][1], message + strlen (fields[i][0]), NULL);
  return g_strdup (message);
}

static int
write_quotes (GpCliCommonOptions *options,
              GPtrArray          *quotes,
              const char         *command)
{
  g_autoptr(GFile) file = target_file (options->catalogs);
  g_autoptr(GError) error = NULL;

  if (!gp_quote_layer_add_to_catalog (NULL, file, quotes, &error))
    {
      g_autofree char *problem = option_problem (error->message);

      fprintf (stderr, "%s: %s\n", command, problem);
      return GP_CLI_EXIT_BAD_INPUT;
    }
  for (guint i = 0; i < quotes->len; i++)
    {
      GpQuote *quote = g_ptr_array_index (quotes, i);
      g_autofree char *hour =
          gp_format_money (gp_quote_terms_per_hour (&quote->terms), quote->currency);

      if (quote->terms.per == GP_QUOTE_PER_MONTH)
        {
          g_autofree char *month = gp_format_money (quote->terms.price, quote->currency);

          /* Translators: after adding a month's rent: its id, the rent, then its price an hour
           * over a month of hours */
          printf (_("Added %s: %s a month, %s an hour"), quote->id, month, hour);
        }
      else
        /* Translators: after adding a quote: its id, then its price an hour */
        printf (_("Added %s: %s an hour"), quote->id, hour);
      putchar ('\n');
    }
  return GP_CLI_EXIT_OK;
}

static int
quote_add (GpCliCommonOptions *options,
           QuoteArgs          *args,
           GOptionContext     *context)
{
  g_autoptr(GPtrArray) quotes = g_ptr_array_new_with_free_func ((GDestroyNotify) gp_quote_free);
  g_autoptr(GpCatalog) catalog = NULL;
  g_autoptr(GpQuote) quote = gp_quote_new ();
  g_autoptr(GError) error = NULL;
  int exit_code = GP_CLI_EXIT_OK;
  int reach = GP_REACHABILITY_IN_CHINA;
  GpGpu *gpu;

  if (args->provider == NULL || args->instance == NULL || args->gpu == NULL ||
      isnan (args->price) || args->currency == NULL || args->as_of == NULL || args->source == NULL)
    return gp_cli_usage_error (context, _("quote add needs --provider, --instance, --gpu, "
                                           "--price, --currency, --as-of and --source"));
  if (args->per != NULL && !g_str_equal (args->per, "hour") && !g_str_equal (args->per, "month"))
    return gp_cli_usage_error (context, _("--per must be hour or month"));
  if (args->reach != NULL && (!gp_enum_from_nick (GP_TYPE_REACHABILITY, args->reach, &reach) ||
                              reach == GP_REACHABILITY_UNKNOWN))
    return gp_cli_usage_error (context,
                               _("--reach must be in-china, cross-border or unreachable"));
  if (args->gpus < 1)
    return gp_cli_usage_error (context, _("--gpus: a machine needs at least one GPU"));

  catalog = open_catalog (options, &exit_code);
  if (catalog == NULL)
    return exit_code;
  gpu = gp_quote_match_gpu (gp_catalog_get_gpus (catalog), args->gpu);
  if (gpu == NULL)
    {
      g_autofree char *message =
          g_strdup_printf (_("--gpu: no GPU model “%s” in the catalog (see “gpus”)"), args->gpu);

      return gp_cli_usage_error (context, message);
    }

  quote->provider = g_strdup (args->provider);
  quote->name = g_strdup (args->instance);
  quote->gpu = g_strdup (gp_gpu_get_id (gpu));
  quote->gpu_count = (guint) args->gpus;
  quote->currency = g_ascii_strup (args->currency, -1);
  quote->terms.price = args->price;
  quote->terms.per = g_strcmp0 (args->per, "month") == 0 ? GP_QUOTE_PER_MONTH : GP_QUOTE_PER_HOUR;
  quote->terms.billing_increment_s = args->billing_increment_s;
  quote->region = g_strdup (args->region);
  quote->as_of = g_strdup (args->as_of);
  quote->source = g_strdup (args->source);
  quote->reach = reach;
  if (!gp_quote_check (quote, &error))
    {
      g_autofree char *problem = option_problem (error->message);

      return gp_cli_usage_error (context, problem);
    }
  g_ptr_array_add (quotes, g_steal_pointer (&quote));
  return write_quotes (options, quotes, "quote add");
}

/* A sheet from a file by its path, or from a web address; the path of a file whose name looks
 * like an address ("a:b.csv") is a file all the same. */
static GBytes *
load_sheet (const char  *path,
            GError     **error)
{
  g_autoptr(GFile) sheet = NULL;

  if (gp_quote_sheet_is_address (path) && !g_file_test (path, G_FILE_TEST_EXISTS))
    return gp_quote_sheet_fetch (path, error);
  sheet = g_file_new_for_path (path);
  return gp_file_load (sheet, GP_FILE_MAX_SIZE, error);
}

static int
quote_import (GpCliCommonOptions *options,
              const char         *path)
{
  g_autoptr(GpCatalog) catalog = NULL;
  g_autoptr(GPtrArray) quotes = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  const char *encoding = NULL;
  int exit_code = GP_CLI_EXIT_OK;

  bytes = load_sheet (path, &error);
  if (bytes == NULL)
    {
      if (g_error_matches (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_INSECURE))
        fprintf (stderr, "quote import: %s\n", error->message);
      else
        fprintf (stderr, "quote import: %s: %s\n", path, error->message);
      return GP_CLI_EXIT_BAD_INPUT;
    }
  catalog = open_catalog (options, &exit_code);
  if (catalog == NULL)
    return exit_code;
  quotes = gp_quote_sheet_read (gp_catalog_get_gpus (catalog), bytes, path, &encoding, &error);
  if (quotes == NULL)
    {
      fprintf (stderr, "quote import: %s\n", error->message);
      return GP_CLI_EXIT_BAD_INPUT;
    }
  if (g_strcmp0 (encoding, "UTF-8") != 0)
    /* Translators: a price sheet that was not UTF-8, read in the encoding Excel gives a sheet
     * saved in Chinese: the file, the encoding */
    fprintf (stderr,
             _("quote import: %s: read as %s (GBK), as Excel saves a sheet in Chinese: "
                "check the names below\n"),
             path, encoding);
  return write_quotes (options, quotes, "quote import");
}

static gboolean
remove_quote (JsonNode  *root,
              gpointer   user_data,
              GError   **error)
{
  return gp_quote_layer_remove (root, user_data, error);
}

static int
quote_remove (GpCliCommonOptions *options,
              const char         *id)
{
  g_autoptr(GFile) file = target_file (options->catalogs);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) written = gp_lab_layer_edit (file, remove_quote, (gpointer) id, NULL, &error);

  if (written == NULL)
    {
      fprintf (stderr, "quote remove: %s\n", error->message);
      return GP_CLI_EXIT_BAD_INPUT;
    }
  printf (_("Removed %s"), id);
  putchar ('\n');
  return GP_CLI_EXIT_OK;
}

static void
add_string (JsonBuilder *builder,
            const char  *key,
            const char  *value)
{
  json_builder_set_member_name (builder, key);
  if (value != NULL)
    json_builder_add_string_value (builder, value);
  else
    json_builder_add_null_value (builder);
}

static void
add_number (JsonBuilder *builder,
            const char  *key,
            double       value)
{
  json_builder_set_member_name (builder, key);
  if (isfinite (value) && value > 0)
    json_builder_add_double_value (builder, value);
  else
    json_builder_add_null_value (builder);
}

static void
add_quote_row (JsonBuilder *builder,
               GpInstance  *instance,
               guint        stale_after_days)
{
  g_autoptr(GpQuote) quote = gp_quote_new_from_instance (instance);
  GpSource *source = gp_instance_get_source (instance);

  json_builder_begin_object (builder);
  add_string (builder, "id", quote->id);
  add_string (builder, "provider", quote->provider);
  add_string (builder, "instance", quote->name);
  add_string (builder, "gpu", quote->gpu);
  json_builder_set_member_name (builder, "gpus");
  json_builder_add_int_value (builder, quote->gpu_count);
  add_number (builder, "price", quote->terms.price);
  add_string (builder, "currency", quote->currency);
  add_string (builder, "per", gp_enum_to_nick (GP_TYPE_QUOTE_PER, quote->terms.per));
  add_number (builder, "per_hour", gp_quote_terms_per_hour (&quote->terms));
  add_number (builder, "billing_increment_s", gp_instance_get_billing_increment_s (instance));
  add_string (builder, "region", quote->region);
  add_string (builder, "as_of", quote->as_of);
  add_string (builder, "source", quote->source);
  add_string (builder, "reach", gp_enum_to_nick (GP_TYPE_REACHABILITY, quote->reach));
  json_builder_set_member_name (builder, "stale");
  json_builder_add_boolean_value (builder,
                                  source != NULL && gp_source_is_stale (source, stale_after_days));
  json_builder_end_object (builder);
}

static int
quote_list (GpCliCommonOptions *options,
            GpCliFormat         format)
{
  g_autoptr(GpCatalog) catalog = NULL;
  g_autoptr(GPtrArray) quotes = g_ptr_array_new_with_free_func (g_object_unref);
  int exit_code = GP_CLI_EXIT_OK;
  GListModel *instances;
  guint stale_after_days;

  catalog = open_catalog (options, &exit_code);
  if (catalog == NULL)
    return exit_code;
  stale_after_days = gp_catalog_get_stale_after_days (catalog);
  instances = gp_catalog_get_instances (catalog);
  for (guint i = 0; i < g_list_model_get_n_items (instances); i++)
    {
      g_autoptr(GpInstance) instance = g_list_model_get_item (instances, i);

      if (gp_instance_is_quote (instance))
        g_ptr_array_add (quotes, g_steal_pointer (&instance));
    }

  if (format == GP_CLI_FORMAT_JSON)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      g_autoptr(JsonNode) root = NULL;
      g_autofree char *text = NULL;

      json_builder_begin_array (builder);
      for (guint i = 0; i < quotes->len; i++)
        add_quote_row (builder, g_ptr_array_index (quotes, i), stale_after_days);
      json_builder_end_array (builder);
      root = json_builder_get_root (builder);
      text = gp_json_to_string (root, TRUE);
      printf ("%s\n", text);
      return GP_CLI_EXIT_OK;
    }

  for (guint i = 0; i < quotes->len; i++)
    {
      GpInstance *instance = g_ptr_array_index (quotes, i);
      g_autoptr(GpQuote) quote = gp_quote_new_from_instance (instance);
      GpSource *source = gp_instance_get_source (instance);
      const char *per = quote->terms.per == GP_QUOTE_PER_MONTH ? _("a month") : _("an hour");

      /* Translators: a quote in "quote list": id, provider, instance, GPUs, price, currency,
       * "an hour" or "a month", its date, and " (stale)" or nothing */
      printf (_("%s  %s  %s  %u× %s  %.10g %s %s  as of %s%s"), quote->id, quote->provider,
              quote->name, quote->gpu_count, gp_gpu_get_name (gp_instance_get_gpu (instance)),
              quote->terms.price, quote->currency, per, quote->as_of,
              source != NULL && gp_source_is_stale (source, stale_after_days) ? _(" (stale)")
                                                                              : "");
      putchar ('\n');
    }
  if (quotes->len == 0)
    printf ("%s\n", _("No quotes yet: add one with “quote add” or “quote import”."));
  return GP_CLI_EXIT_OK;
}

int
gp_cli_quote (int    argc,
              char **argv)
{
  g_autoptr(GOptionContext) context =
      g_option_context_new (_("add|list|remove ID|import FILE.csv|URL|template"));
  g_auto(GpCliCommonOptions) options = { NULL };
  g_auto(QuoteArgs) args = { 0 };
  GpCliFormat format = GP_CLI_FORMAT_TABLE;
  int exit_code = GP_CLI_EXIT_OK;
  const GOptionEntry entries[] = {
    { "provider", 0, 0, G_OPTION_ARG_STRING, &args.provider,
      N_("Who quoted it: AutoDL, 腾讯云, a reseller"), N_("NAME") },
    { "instance", 0, 0, G_OPTION_ARG_STRING, &args.instance, N_("The machine’s name in the quote"),
      N_("NAME") },
    { "gpu", 0, 0, G_OPTION_ARG_STRING, &args.gpu, N_("Its GPU model: an id or a name of “gpus”"),
      N_("GPU") },
    { "gpus", 0, 0, G_OPTION_ARG_INT, &args.gpus, N_("How many GPUs it has"), N_("N") },
    { "price", 0, 0, G_OPTION_ARG_DOUBLE, &args.price, N_("The price quoted"), N_("P") },
    { "currency", 0, 0, G_OPTION_ARG_STRING, &args.currency, N_("The price’s currency, CNY"),
      N_("CODE") },
    { "per", 0, 0, G_OPTION_ARG_STRING, &args.per,
      N_("What the price is for: hour (default) or month"), N_("hour|month") },
    { "billing-increment-s", 0, 0, G_OPTION_ARG_DOUBLE, &args.billing_increment_s,
      N_("What it bills by, in seconds: 1 per second, 3600 per hour"), N_("S") },
    { "region", 0, 0, G_OPTION_ARG_STRING, &args.region, N_("Where the machine is, in words"),
      N_("TEXT") },
    { "as-of", 0, 0, G_OPTION_ARG_STRING, &args.as_of, N_("The day of the quote"), N_("DATE") },
    { "source", 0, 0, G_OPTION_ARG_STRING, &args.source,
      N_("Where it came from: a price page’s address, an email"), N_("TEXT") },
    { "reach", 0, 0, G_OPTION_ARG_STRING, &args.reach,
      N_("From mainland China: in-china (default), cross-border or unreachable"), N_("HOW") },
    { "headers", 0, 0, G_OPTION_ARG_STRING, &args.headers,
      N_("quote template: the header row in en (default) or zh"), N_("LANG") },
    { "format", 0, 0, G_OPTION_ARG_STRING, &args.format, N_("quote list: table or json"),
      N_("FORMAT") },
    { NULL }
  };

  args.gpus = 1;
  args.price = NAN;
  g_option_context_set_summary (
      context,
      _("Prices your lab was quoted or read on a price page, kept in your catalog layer "
         "(or the file of --catalog) and compared, estimated and charted like any offer. "
         "A sheet, a file or an https:// address, imports many at once: see “quote template”."));
  gp_cli_add_main_entries (context, entries);
  gp_cli_add_catalog_entry (context, &options);
  if (!gp_cli_parse_options (context, &argc, &argv, &exit_code))
    return exit_code;
  if (args.format != NULL && !gp_cli_format_parse (args.format, FALSE, &format))
    return gp_cli_usage_error (context, _("--format must be table or json"));

  if (argc == 2 && g_str_equal (argv[1], "add"))
    return quote_add (&options, &args, context);
  if (argc == 2 && g_str_equal (argv[1], "list"))
    return quote_list (&options, format);
  if (argc == 3 && g_str_equal (argv[1], "remove"))
    return quote_remove (&options, argv[2]);
  if (argc == 3 && g_str_equal (argv[1], "import"))
    return quote_import (&options, argv[2]);
  if (argc == 2 && g_str_equal (argv[1], "template"))
    {
      g_autofree char *text = NULL;

      if (args.headers != NULL && !g_str_equal (args.headers, "en") &&
          !g_str_equal (args.headers, "zh"))
        return gp_cli_usage_error (context, _("--headers must be en or zh"));
      text = gp_quote_sheet_template (g_strcmp0 (args.headers, "zh") == 0 ? GP_QUOTE_SHEET_CHINESE
                                                                          : GP_QUOTE_SHEET_ENGLISH);
      fputs (text, stdout);
      return GP_CLI_EXIT_OK;
    }
  return gp_cli_usage_error (context,
                             _("say add, list, remove ID, import FILE.csv|URL or template"));
}
