/* gp-cli-lab.c — the lab's own machines: lab add, lab list, lab remove, and breakeven
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A lab machine lives in the user's catalog layer (or the file of --catalog), as
 * gp-lab-layer.c keeps it: written whole or not at all, and only once the catalog with it
 * loads.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "gp-breakeven.h"
#include "gp-catalog.h"
#include "gp-cost-model.h"
#include "gp-cli-common.h"
#include "gp-chart-data.h"
#include "gp-cli-lab.h"
#include "gp-cli.h"
#include "gp-lab-layer.h"
#include "gp-json-writer.h"
#include "gp-text.h"

/* The file a lab command writes: --catalog, else the user's own layer. */
static GFile *
target_file (char **catalogs)
{
  if (catalogs != NULL && catalogs[0] != NULL)
    return g_file_new_for_commandline_arg (catalogs[0]);
  return gp_catalog_get_layer_location (GP_CATALOG_LAYER_USER);
}

static char *
today (void)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();

  return g_date_time_format (now, "%Y-%m-%d");
}

typedef struct
{
  char *id;
  char *name;
  char *gpu;
  int gpus;
  char *currency;
  GpLabCost cost;
} LabArgs;

static void
lab_args_clear (LabArgs *args)
{
  g_free (args->id);
  g_free (args->name);
  g_free (args->gpu);
  g_free (args->currency);
  g_free (args->cost.purchased);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (LabArgs, lab_args_clear)

/* What is wrong with the figures, in the options' own names. */
static char *
figures_problem (LabArgs *args,
                 GError  *error)
{
  static const char *const fields[][2] = {
    { "price", "--price" },
    { "lifetime_years", "--lifetime-years" },
    { "maintenance_pct", "--maintenance-pct" },
    { "power_kw", "--power-kw" },
    { "pue", "--pue" },
    { "electricity_per_kwh", "--electricity-price" },
    { "utilisation_pct", "--utilisation-pct" },
    { "staff_per_year", "--staff-per-year" },
    { "gpu_count", "--gpus" },
    { "purchased", "--purchased" },
  };
  const char *message = error->message;

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    if (g_str_has_prefix (message, fields[i][0]) && message[strlen (fields[i][0])] == ':')
      return g_strconcat (fields[i][1], message + strlen (fields[i][0]), NULL);
  return g_strdup (message);
}

/* Under the layer's lock: the machine, entered by the user today. */
static gboolean
add_machine (JsonNode  *root,
             gpointer   user_data,
             GError   **error)
{
  g_autofree char *date = today ();
  g_autofree char *who = gp_lab_layer_dup_entered_by ();

  return gp_lab_layer_add (root, user_data, who, date, error);
}

static gboolean
remove_machine (JsonNode  *root,
                gpointer   user_data,
                GError   **error)
{
  return gp_lab_layer_remove (root, user_data, error);
}

/* A layer that could not be read is kept, never written over: say where. */
static void
say_set_aside (const char *aside)
{
  if (aside == NULL)
    return;
  /* Translators: the user's catalog layer could not be read; a new one was started */
  fprintf (stderr, _("The layer could not be read: it is kept as %s, and a new one is started"),
           aside);
  fputc ('\n', stderr);
}

static int
lab_add (GpCliCommonOptions *options,
         LabArgs            *args,
         GOptionContext     *context)
{
  g_autoptr(GFile) file = target_file (options->catalogs);
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) written = NULL;
  g_autofree char *aside = NULL;
  GpLabMachine machine = { 0 };

  if (args->id == NULL || args->gpu == NULL || args->currency == NULL ||
      args->cost.purchased == NULL || isnan (args->cost.price) ||
      isnan (args->cost.lifetime_years) || isnan (args->cost.maintenance_pct) ||
      isnan (args->cost.power_kw) || isnan (args->cost.pue) ||
      isnan (args->cost.electricity_per_kwh) || isnan (args->cost.utilisation_pct))
    return gp_cli_usage_error (
        context, _("lab add needs --id, --gpu, --gpus, --price, --currency, --purchased, "
                    "--lifetime-years, --maintenance-pct, --power-kw, --pue, "
                    "--electricity-price and --utilisation-pct"));
  if (!gp_date_is_valid (args->cost.purchased, FALSE))
    return gp_cli_usage_error (context, _("--purchased must be a date of the calendar, "
                                           "YYYY-MM-DD"));
  if (!g_regex_match_simple ("^[A-Za-z]{3}$", args->currency, 0, 0))
    return gp_cli_usage_error (context, _("--currency must be an ISO 4217 code such as CNY"));
  if (args->gpus <= 0)
    return gp_cli_usage_error (context, _("--gpus: a machine needs at least one GPU"));
  if (!gp_lab_cost_check (&args->cost, args->gpus, &error))
    {
      g_autofree char *problem = figures_problem (args, error);

      return gp_cli_usage_error (context, problem);
    }
  if (gp_catalog_find_gpu (catalog, args->gpu) == NULL)
    {
      g_autofree char *message =
          g_strdup_printf (_("--gpu: no GPU model “%s” in the catalog (see “gpus”)"), args->gpu);

      return gp_cli_usage_error (context, message);
    }

  machine.id = gp_lab_machine_dup_id (args->id);
  machine.name = args->name != NULL ? args->name : args->id;
  machine.gpu = args->gpu;
  machine.gpu_count = (guint) args->gpus;
  machine.currency = args->currency;
  machine.cost = args->cost;
  written = gp_lab_layer_edit (file, add_machine, &machine, &aside, &error);
  if (written == NULL)
    {
      fprintf (stderr, "lab add: %s\n", error->message);
      g_free (machine.id);
      return GP_CLI_EXIT_BAD_INPUT;
    }
  say_set_aside (aside);

  /* Translators: after adding a lab machine: its id and its cost an hour of one GPU */
  printf (_("Added %s: %.4f %s per GPU-hour of use"), machine.id,
          gp_lab_cost_per_gpu_hour (&args->cost, args->gpus, NULL), args->currency);
  putchar ('\n');
  g_free (machine.id);
  return GP_CLI_EXIT_OK;
}

static int
lab_remove (GpCliCommonOptions *options,
            const char         *name)
{
  g_autoptr(GFile) file = target_file (options->catalogs);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) written = NULL;
  g_autofree char *id = gp_lab_machine_dup_id (name);

  written = gp_lab_layer_edit (file, remove_machine, id, NULL, &error);
  if (written == NULL)
    {
      fprintf (stderr, "lab remove: %s\n", error->message);
      return GP_CLI_EXIT_BAD_INPUT;
    }
  printf (_("Removed %s"), id);
  putchar ('\n');
  return GP_CLI_EXIT_OK;
}

/* The catalog's lab machines: instances with the figures of a purchase. */
static GPtrArray *
lab_machines (GpCatalog *catalog)
{
  GListModel *instances = gp_catalog_get_instances (catalog);
  GPtrArray *machines = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < g_list_model_get_n_items (instances); i++)
    {
      g_autoptr(GpInstance) instance = g_list_model_get_item (instances, i);

      if (gp_instance_get_lab_cost (instance) != NULL)
        g_ptr_array_add (machines, g_object_ref (instance));
    }
  return machines;
}

static void
add_terms (JsonBuilder      *builder,
           const GpLabTerms *terms)
{
  json_builder_set_member_name (builder, "terms");
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "capital");
  json_builder_add_double_value (builder, terms->capital);
  json_builder_set_member_name (builder, "maintenance");
  json_builder_add_double_value (builder, terms->maintenance);
  json_builder_set_member_name (builder, "staff");
  json_builder_add_double_value (builder, terms->staff);
  json_builder_set_member_name (builder, "energy");
  json_builder_add_double_value (builder, terms->energy);
  json_builder_end_object (builder);
}

static void
print_json (JsonBuilder *builder)
{
  g_autoptr(JsonNode) root = json_builder_get_root (builder);
  /* The project's number writer: json-glib writes 3e-10 as "3e-10.0", which is not JSON. */
  g_autofree char *text = gp_json_to_string (root, TRUE);

  printf ("%s\n", text);
}

static int
lab_list (GpCliCommonOptions *options,
          GpCliFormat         format)
{
  g_auto(GpCliCommonOptions) layers = { NULL, NULL, options->stale_after_days };
  g_autoptr(GpCatalog) catalog = NULL;
  g_autoptr(GPtrArray) machines = NULL;
  int exit_code = GP_CLI_EXIT_OK;

  layers.catalogs = g_strdupv (options->catalogs);
  catalog = gp_cli_open_catalog (&layers, &exit_code);
  if (catalog == NULL)
    return exit_code;
  machines = lab_machines (catalog);

  if (format == GP_CLI_FORMAT_JSON)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();

      json_builder_begin_array (builder);
      for (guint i = 0; i < machines->len; i++)
        {
          GpInstance *instance = g_ptr_array_index (machines, i);
          const GpLabCost *cost = gp_instance_get_lab_cost (instance);
          GpLabTerms terms;
          double per_gpu_hour =
              gp_lab_cost_per_gpu_hour (cost, gp_instance_get_gpu_count (instance), &terms);

          json_builder_begin_object (builder);
          json_builder_set_member_name (builder, "id");
          json_builder_add_string_value (builder, gp_instance_get_id (instance));
          json_builder_set_member_name (builder, "name");
          json_builder_add_string_value (builder, gp_instance_get_name (instance));
          json_builder_set_member_name (builder, "gpu");
          json_builder_add_string_value (builder, gp_gpu_get_id (gp_instance_get_gpu (instance)));
          json_builder_set_member_name (builder, "gpus");
          json_builder_add_int_value (builder, gp_instance_get_gpu_count (instance));
          json_builder_set_member_name (builder, "price");
          json_builder_add_double_value (builder, cost->price);
          json_builder_set_member_name (builder, "currency");
          json_builder_add_string_value (builder, gp_instance_get_currency (instance));
          json_builder_set_member_name (builder, "purchased");
          json_builder_add_string_value (builder, cost->purchased);
          json_builder_set_member_name (builder, "per_gpu_hour");
          json_builder_add_double_value (builder, per_gpu_hour);
          add_terms (builder, &terms);
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);
      print_json (builder);
      return GP_CLI_EXIT_OK;
    }

  for (guint i = 0; i < machines->len; i++)
    {
      GpInstance *instance = g_ptr_array_index (machines, i);
      const GpLabCost *cost = gp_instance_get_lab_cost (instance);
      double per_gpu_hour =
          gp_lab_cost_per_gpu_hour (cost, gp_instance_get_gpu_count (instance), NULL);

      /* Translators: a lab machine in "lab list": id, name, GPUs, cost of a GPU-hour of use */
      printf (_("%s  %s  %u× %s  %.4f %s per GPU-hour of use"), gp_instance_get_id (instance),
              gp_instance_get_name (instance), gp_instance_get_gpu_count (instance),
              gp_gpu_get_name (gp_instance_get_gpu (instance)), per_gpu_hour,
              gp_instance_get_currency (instance));
      putchar ('\n');
    }
  if (machines->len == 0)
    printf ("%s\n", _("No lab machines yet: add one with “lab add”."));
  return GP_CLI_EXIT_OK;
}

int
gp_cli_lab (int    argc,
            char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (_("add|list|remove [ID]"));
  g_auto(GpCliCommonOptions) options = { NULL };
  g_auto(LabArgs) args = { 0 };
  g_autofree char *format_text = NULL;
  GpCliFormat format = GP_CLI_FORMAT_TABLE;
  int exit_code = GP_CLI_EXIT_OK;
  const GOptionEntry entries[] = {
    { "id", 0, 0, G_OPTION_ARG_STRING, &args.id, N_("The machine’s id, lab/ID"), N_("ID") },
    { "name", 0, 0, G_OPTION_ARG_STRING, &args.name, N_("Its name"), N_("NAME") },
    { "gpu", 0, 0, G_OPTION_ARG_STRING, &args.gpu, N_("Its GPU model, an id of “gpus”"),
      N_("GPU") },
    { "gpus", 0, 0, G_OPTION_ARG_INT, &args.gpus, N_("How many GPUs it has"), N_("N") },
    { "price", 0, 0, G_OPTION_ARG_DOUBLE, &args.cost.price, N_("The purchase price"), N_("P") },
    { "currency", 0, 0, G_OPTION_ARG_STRING, &args.currency,
      N_("The currency of every figure of the machine"), N_("CODE") },
    { "purchased", 0, 0, G_OPTION_ARG_STRING, &args.cost.purchased, N_("The purchase date"),
      N_("DATE") },
    { "lifetime-years", 0, 0, G_OPTION_ARG_DOUBLE, &args.cost.lifetime_years,
      N_("The years it is expected to serve"), N_("Y") },
    { "maintenance-pct", 0, 0, G_OPTION_ARG_DOUBLE, &args.cost.maintenance_pct,
      N_("Yearly maintenance, per cent of the price"), N_("M") },
    { "power-kw", 0, 0, G_OPTION_ARG_DOUBLE, &args.cost.power_kw, N_("Its power draw at load, kW"),
      N_("K") },
    { "pue", 0, 0, G_OPTION_ARG_DOUBLE, &args.cost.pue,
      N_("The power usage effectiveness: cooling and the rest, 1 or more"), N_("F") },
    { "electricity-price", 0, 0, G_OPTION_ARG_DOUBLE, &args.cost.electricity_per_kwh,
      N_("The price of a kWh"), N_("E") },
    { "utilisation-pct", 0, 0, G_OPTION_ARG_DOUBLE, &args.cost.utilisation_pct,
      N_("The share of the hours its GPUs do useful work, per cent"), N_("U") },
    { "staff-per-year", 0, 0, G_OPTION_ARG_DOUBLE, &args.cost.staff_per_year,
      N_("The share of a salary spent running it, a year"), N_("S") },
    { "format", 0, 0, G_OPTION_ARG_STRING, &format_text, N_("lab list: table or json"),
      N_("FORMAT") },
    { NULL }
  };

  args.cost = (GpLabCost){ NAN, NULL, NAN, NAN, NAN, NAN, NAN, NAN, 0 };
  g_option_context_set_summary (
      context, _("The lab’s own machines, kept in your catalog layer (or the file of --catalog) "
                  "and compared with renting like any offer: add one, list them, remove one."));
  gp_cli_add_main_entries (context, entries);
  gp_cli_add_catalog_entry (context, &options);
  if (!gp_cli_parse_options (context, &argc, &argv, &exit_code))
    return exit_code;
  if (format_text != NULL && (!gp_cli_format_parse (format_text, FALSE, &format)))
    return gp_cli_usage_error (context, _("--format must be table or json"));

  if (argc >= 2 && g_str_equal (argv[1], "add") && argc == 2)
    return lab_add (&options, &args, context);
  if (argc >= 2 && g_str_equal (argv[1], "list") && argc == 2)
    return lab_list (&options, format);
  if (argc == 3 && g_str_equal (argv[1], "remove"))
    return lab_remove (&options, argv[2]);
  return gp_cli_usage_error (context, _("say add, list, or remove ID"));
}

/* Break-even */

static void
add_rent_entry (JsonBuilder  *builder,
                const GpRental *rental,
                double        cost)
{
  GpOffer *offer = rental->offer;
  GpInstance *instance = gp_offer_get_instance (offer);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "provider");
  json_builder_add_string_value (builder, gp_provider_get_id (gp_instance_get_provider (instance)));
  json_builder_set_member_name (builder, "instance");
  json_builder_add_string_value (builder, gp_instance_get_id (instance));
  json_builder_set_member_name (builder, "region");
  json_builder_add_string_value (builder, gp_offer_get_region_id (offer));
  json_builder_set_member_name (builder, "pricing");
  json_builder_add_string_value (builder, gp_estimate_pricing_to_string (rental->pricing));
  json_builder_set_member_name (builder, "cost");
  json_builder_add_double_value (builder, cost);
  json_builder_end_object (builder);
}

GpInstance *
gp_cli_find_lab_machine (GpCatalog  *catalog,
                         const char *lab)
{
  g_autofree char *id = gp_lab_machine_dup_id (lab);
  GpInstance *machine = gp_catalog_find_instance (catalog, id);

  if (machine == NULL || gp_instance_get_lab_cost (machine) == NULL)
    {
      fprintf (stderr, _("breakeven: no lab machine %s (see “lab list”)"), id);
      fputc ('\n', stderr);
      return NULL;
    }
  return machine;
}

/* Prints owning @machine against renting its GPU, month by month over its lifetime. */
int
gp_cli_breakeven_print (GpCatalog     *catalog,
                        GpInstance    *machine,
                        double         gpu_hours,
                        GpLabLocation  lab,
                        GpCliFormat    format)
{
  g_autoptr(GArray) rentals = NULL;
  const char *id = gp_instance_get_id (machine);
  double per_gpu_hour, rate, capacity;
  int breakeven = -1;
  const GpLabCost *cost;
  const char *currency;
  GpLabTerms terms;
  guint gpus, months;

  cost = gp_instance_get_lab_cost (machine);
  gpus = gp_instance_get_gpu_count (machine);
  currency = gp_instance_get_currency (machine);
  per_gpu_hour = gp_lab_cost_per_gpu_hour (cost, gpus, &terms);
  rate = gp_cli_exchange_rate (gp_catalog_get_currency (catalog), currency);
  if (!isfinite (rate) || rate <= 0)
    {
      fprintf (stderr, _("breakeven: no exchange rate from %s to %s"),
               gp_catalog_get_currency (catalog), currency);
      fputc ('\n', stderr);
      return GP_CLI_EXIT_BAD_INPUT;
    }
  rentals = gp_breakeven_find_rentals (catalog, machine, rate, lab);
  months = gp_breakeven_months (cost);
  /* The machine works at most its utilisation's share of a month's hours. */
  capacity = gp_breakeven_capacity (cost, gpus, cost->utilisation_pct);
  if (gpu_hours > capacity)
    {
      fprintf (stderr,
               _("Note: %.0f GPU-hours a month is more than the machine gives at %.0f%% "
                  "utilisation (%.0f)"),
               gpu_hours, cost->utilisation_pct, capacity);
      fputc ('\n', stderr);
    }

  if (rentals->len > 0)
    breakeven = gp_breakeven_month (cost, gpus, gpu_hours,
                                    g_array_index (rentals, GpRental, 0).per_gpu_hour);

  if (format == GP_CLI_FORMAT_JSON)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "lab");
      json_builder_add_string_value (builder, id);
      json_builder_set_member_name (builder, "per_gpu_hour");
      json_builder_add_double_value (builder, per_gpu_hour);
      add_terms (builder, &terms);
      json_builder_set_member_name (builder, "months");
      json_builder_begin_array (builder);
      for (guint m = 1; m <= months; m++)
        {
          json_builder_begin_object (builder);
          json_builder_set_member_name (builder, "month");
          json_builder_add_int_value (builder, m);
          json_builder_set_member_name (builder, "buy");
          json_builder_add_double_value (builder, gp_breakeven_buy_cost (cost, gpus, gpu_hours, m));
          json_builder_set_member_name (builder, "rent");
          json_builder_begin_array (builder);
          for (guint r = 0; r < rentals->len; r++)
            add_rent_entry (builder, &g_array_index (rentals, GpRental, r),
                            gpu_hours * m * g_array_index (rentals, GpRental, r).per_gpu_hour);
          json_builder_end_array (builder);
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);
      json_builder_set_member_name (builder, "breakeven_month");
      if (breakeven > 0)
        json_builder_add_int_value (builder, breakeven);
      else
        json_builder_add_null_value (builder);
      json_builder_set_member_name (builder, "currency");
      json_builder_add_string_value (builder, currency);
      json_builder_end_object (builder);
      print_json (builder);
      return GP_CLI_EXIT_OK;
    }

  if (format == GP_CLI_FORMAT_CSV)
    {
      printf ("month,buy");
      for (guint r = 0; r < rentals->len; r++)
        {
          GpRental *rental = &g_array_index (rentals, GpRental, r);

          printf (",%s %s %s", gp_instance_get_id (gp_offer_get_instance (rental->offer)),
                  gp_offer_get_region_id (rental->offer),
                  gp_estimate_pricing_to_string (rental->pricing));
        }
      putchar ('\n');
      for (guint m = 1; m <= months; m++)
        {
          printf ("%u,%.2f", m, gp_breakeven_buy_cost (cost, gpus, gpu_hours, m));
          for (guint r = 0; r < rentals->len; r++)
            printf (",%.2f", gpu_hours * m * g_array_index (rentals, GpRental, r).per_gpu_hour);
          putchar ('\n');
        }
      return GP_CLI_EXIT_OK;
    }

  /* Translators: the cost of a GPU-hour of the lab's machine, term by term */
  printf (_("%s: %.4f %s per GPU-hour of use (capital %.4f, maintenance %.4f, staff %.4f, "
             "energy %.4f)"),
          id, per_gpu_hour, currency, terms.capital, terms.maintenance, terms.staff, terms.energy);
  putchar ('\n');
  for (guint r = 0; r < rentals->len; r++)
    {
      GpRental *rental = &g_array_index (rentals, GpRental, r);

      /* Translators: a way to rent the same GPU: instance, region, way of paying, price */
      printf (_("Renting: %s in %s, %s, %.4f %s per GPU-hour"),
              gp_instance_get_id (gp_offer_get_instance (rental->offer)),
              gp_offer_get_region_id (rental->offer),
              gp_estimate_pricing_get_label (rental->pricing), rental->per_gpu_hour, currency);
      /* As the chart marks it: a lab in mainland China rents it across the border. */
      if (gp_reachability_get_mark (rental->reach) != NULL)
        {
          g_autofree char *mark =
              gp_chart_mark_reach ("", gp_reachability_get_mark (rental->reach));

          fputs (mark, stdout);
        }
      putchar ('\n');
    }
  if (rentals->len == 0)
    printf ("%s\n", _("No quoted price to rent this GPU: nothing to compare with."));
  else if (breakeven > 0)
    printf (_("At %.0f GPU-hours a month, buying is cheaper from month %d."), gpu_hours,
            breakeven);
  else
    printf (_("At %.0f GPU-hours a month, buying is not cheaper within the machine’s %g years."),
            gpu_hours, cost->lifetime_years);
  putchar ('\n');
  return GP_CLI_EXIT_OK;
}
