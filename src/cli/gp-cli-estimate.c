/* gp-cli-estimate.c — estimate, presets and chart
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "gp-cli.h"
#include "gp-cli-common.h"
#include "gp-enums.h"
#include "gp-util.h"
#include "gp-breakeven-chart.h"
#include "gp-chart-export.h"
#include "gp-cost-emissions-chart.h"
#include "gp-emissions-chart.h"
#include "gp-cli-estimate.h"
#include "gp-cli-lab.h"
#include "gp-cli-workload.h"
#include "gp-estimate-group.h"
#include "gp-file.h"
#include "gp-json-writer.h"
#include "gp-cost-model.h"
#include "gp-estimate-list.h"
#include "gp-memory-model.h"
#include "gp-enums.h"
#include "gp-recommender.h"

/* estimate */

enum
{
  EST_PROVIDER,
  EST_INSTANCE,
  EST_REGION,
  EST_PRICING,
  EST_GPU,
  EST_GPU_COUNT,
  EST_WALL_HOURS,
  EST_BILLED_HOURS,
  EST_COMPUTE_COST,
  EST_STORAGE_COST,
  EST_TRANSFER_COST,
  EST_INTERRUPTION_COST,
  EST_TOTAL_COST,
  EST_CURRENCY,
  EST_SESSIONS,
  EST_ASSUMPTIONS,
  EST_STALE,
  EST_MEMORY_NEEDED,
  EST_FITS,
  EST_SPEED_BASIS,
  EST_REACHABLE,
  EST_AS_OF,
  EST_PRICE_BASIS,
  EST_LOWEST_LISTED,
  EST_ENERGY,
  EST_CO2E,
  EST_GRID,
  EST_PUE,
  N_EST_COLUMNS,
  /* After the row's keys, one more when grouped: "options" by platform, "regions" by
   * instance. */
  EST_GROUP_COUNT = N_EST_COLUMNS

};

/* The keys are an interface (issue: "exactly" these); the headers are for people. */
static const GpCliColumn estimate_columns[N_EST_COLUMNS] = {
  { "provider", N_("Provider"), -1 },
  { "instance", N_("Instance"), -1 },
  { "region", N_("Region"), -1 },
  { "pricing", N_("Pricing"), -1 },
  { "gpu", N_("GPU"), -1 },
  { "gpu_count", N_("GPUs"), -2 },
  { "wall_hours", N_("Hours"), 1 },
  { "billed_hours", N_("Billed h"), 1 },
  { "compute_cost", N_("Compute"), 2 },
  { "storage_cost", N_("Storage"), 2 },
  { "transfer_cost", N_("Transfer"), 2 },
  { "interruption_cost", N_("Interruptions"), 2 },
  { "total_cost", N_("Total"), 2 },
  { "currency", N_("Currency"), -1 },
  { "sessions", N_("Sessions"), -2 },
  { "assumptions", NULL, -1 },
  { "stale", N_("Stale"), GP_CLI_BOOLEAN, N_("stale") },
  { "memory_needed_gb", N_("GB/GPU"), 1 },
  { "fits", N_("Fits"), GP_CLI_BOOLEAN, N_("yes") },
  { "speed_basis", NULL, -1 },
  /* From a lab in mainland China: true, "cross-border", false, or null where unknown */
  { "reachable", NULL, -1 },
  /* The date of the price used; in a table with how it is known where not quoted */
  { "as_of", N_("As of"), -1 },
  /* "quoted", "reported", "derived" or "gpu-only", as `list` says */
  { "price_basis", NULL, -1 },
  /* A reported "from" price: the lowest the page listed */
  { "lowest_listed", NULL, -1 },
  /* Energy and emissions (issue 47), null where a figure they rest on is unknown; the
   * assumptions name each figure's source. */
  { "energy_kwh", NULL, 1 },
  { "co2e_kg", N_("kgCO2e"), 1 },
  { "grid_gco2_per_kwh", NULL, 1 },
  { "pue", NULL, 2 },
};

/* The price's date, and in a table how it is known where someone reported it. */
static void
set_as_of (GpCliOutput *output,
           GpEstimate  *estimate)
{
  GpInstance *instance = gp_estimate_get_instance (estimate);
  GpPriceBasis basis = gp_instance_get_price_basis (instance);
  const char *as_of = gp_estimate_get_as_of (estimate);

  gp_cli_output_set_string (output, EST_AS_OF, as_of);
  gp_cli_output_set_string (output, EST_PRICE_BASIS, gp_enum_to_nick (GP_TYPE_PRICE_BASIS, basis));
  gp_cli_output_set_boolean (output, EST_LOWEST_LISTED, gp_instance_is_lowest_listed (instance));
  if (basis == GP_PRICE_BASIS_REPORTED && as_of != NULL)
    {
      /* Translators: a price's date in a table: "2026-08, reported", or "2026-08, reported,
       * from" for the lowest price a page listed */
      g_autofree char *text = g_strdup_printf (
          gp_instance_is_lowest_listed (instance) ? _("%s, reported, from") : _("%s, reported"),
          as_of);

      gp_cli_output_set_display (output, EST_AS_OF, text);
    }
}

/* Whether the lab reaches the platform: true (in China, or the lab is elsewhere),
 * "cross-border", false (unreachable from a campus in mainland China), null (not stated). */
static void
set_reachable (GpCliOutput *output,
               guint        column,
               GpEstimate  *estimate)
{
  switch (gp_estimate_get_reachability (estimate))
    {
    case GP_REACHABILITY_IN_CHINA:
      gp_cli_output_set_boolean (output, column, TRUE);
      break;

    case GP_REACHABILITY_CROSS_BORDER:
      gp_cli_output_set_string (output, column, "cross-border");
      break;

    case GP_REACHABILITY_UNREACHABLE:
      gp_cli_output_set_boolean (output, column, FALSE);
      break;

    case GP_REACHABILITY_UNKNOWN:
    default:
      gp_cli_output_set_string (output, column, NULL);
    }
}

/* Whether the job fits in each GPU: true, false, or null when the job states no model size. */
static void
set_fit (GpCliOutput *output,
         guint        column,
         GpEstimate  *estimate)
{
  switch (gp_estimate_get_fit (estimate))
    {
    case GP_FIT_YES:
      gp_cli_output_set_boolean (output, column, TRUE);
      break;

    case GP_FIT_NO:
      gp_cli_output_set_boolean (output, column, FALSE);
      /* Translators: in the Fits column, the job does not fit in the GPU's memory */
      gp_cli_output_set_display (output, column, C_("fits", "no"));
      break;

    case GP_FIT_UNKNOWN:
    default:
      gp_cli_output_set_string (output, column, NULL);
    }
}

static void
add_estimate_row (GpCliOutput *output,
                  GpEstimate  *estimate)
{
  GpInstance *instance = gp_estimate_get_instance (estimate);
  g_autofree char *region = gp_offer_dup_region_label (gp_estimate_get_offer (estimate));

  gp_cli_output_add_row (output);
  gp_cli_output_set_string (output, EST_PROVIDER,
                            gp_provider_get_id (gp_estimate_get_provider (estimate)));
  gp_cli_output_set_string (output, EST_INSTANCE, gp_instance_get_id (instance));
  gp_cli_output_set_string (output, EST_REGION,
                            gp_offer_get_region_id (gp_estimate_get_offer (estimate)));
  gp_cli_output_set_display (output, EST_REGION, region);
  gp_cli_output_set_string (output, EST_PRICING,
                            gp_estimate_pricing_to_string (gp_estimate_get_pricing (estimate)));
  /* A table reads in the user's language; JSON and CSV keep "on-demand" for scripts. */
  gp_cli_output_set_display (output, EST_PRICING,
                             gp_estimate_pricing_get_label (gp_estimate_get_pricing (estimate)));
  gp_cli_output_set_string (output, EST_GPU, gp_gpu_get_id (gp_instance_get_gpu (instance)));
  gp_cli_output_set_number (output, EST_GPU_COUNT, gp_estimate_get_gpu_count (estimate));
  gp_cli_output_set_number (output, EST_WALL_HOURS, gp_estimate_get_wall_hours (estimate));
  gp_cli_output_set_number (output, EST_BILLED_HOURS, gp_estimate_get_billed_hours (estimate));
  gp_cli_output_set_number (output, EST_COMPUTE_COST, gp_estimate_get_compute_cost (estimate));
  gp_cli_output_set_number (output, EST_STORAGE_COST, gp_estimate_get_storage_cost (estimate));
  gp_cli_output_set_number (output, EST_TRANSFER_COST, gp_estimate_get_transfer_cost (estimate));
  gp_cli_output_set_number (output, EST_INTERRUPTION_COST,
                            gp_estimate_get_interruption_cost (estimate));
  gp_cli_output_set_number (output, EST_TOTAL_COST, gp_estimate_get_total_cost (estimate));
  if (gp_estimate_is_derived (estimate) || gp_estimate_is_doubtful (estimate))
    {
      /* Translators: a total in a table, estimated from a derived price ("≈ 123.45") or resting
       * on a doubtful one ("123.45 ⚠") */
      g_autofree char *total = g_strdup_printf (
          "%s%.2f%s", gp_estimate_is_derived (estimate) ? C_("estimate", "≈ ") : "",
          gp_estimate_get_total_cost (estimate), gp_estimate_is_doubtful (estimate) ? " ⚠" : "");
      gp_cli_output_set_display (output, EST_TOTAL_COST, total);
    }
  gp_cli_output_set_string (output, EST_CURRENCY, gp_estimate_get_currency (estimate));
  gp_cli_output_set_number (output, EST_SESSIONS, gp_estimate_get_sessions (estimate));
  gp_cli_output_set_strv (output, EST_ASSUMPTIONS, gp_estimate_get_assumptions (estimate));
  gp_cli_output_set_boolean (output, EST_STALE, gp_estimate_is_stale (estimate));
  gp_cli_output_set_number (output, EST_MEMORY_NEEDED, gp_estimate_get_memory_needed_gb (estimate));
  set_fit (output, EST_FITS, estimate);
  gp_cli_output_set_string (output, EST_SPEED_BASIS, gp_estimate_get_speed_basis_key (estimate));
  set_reachable (output, EST_REACHABLE, estimate);
  set_as_of (output, estimate);
  gp_cli_output_set_number (output, EST_ENERGY, gp_estimate_get_emissions (estimate)->energy_kwh);
  gp_cli_output_set_number (output, EST_CO2E, gp_estimate_get_emissions (estimate)->co2e_kg);
  gp_cli_output_set_number (output, EST_GRID,
                            gp_estimate_get_emissions (estimate)->grid_gco2_per_kwh);
  gp_cli_output_set_number (output, EST_PUE, gp_estimate_get_emissions (estimate)->pue);
}

static void
print_skipped (GpEstimateList *list)
{
  const char * const *skipped = gp_estimate_list_get_skipped (list);

  for (guint i = 0; skipped[i] != NULL; i++)
    {
      fprintf (stderr, _("Not estimated: %s"), skipped[i]);
      fputc ('\n', stderr);
    }
}

/* The estimate's columns, with the group's count after them when grouped. */
static GpCliOutput *
estimate_output_new (GpEstimateGrouping grouping)
{
  GpCliColumn columns[N_EST_COLUMNS + 1];

  memcpy (columns, estimate_columns, sizeof estimate_columns);
  if (grouping == GP_ESTIMATE_GROUPING_OFFER)
    return gp_cli_output_new (columns, N_EST_COLUMNS);
  columns[EST_GROUP_COUNT] = grouping == GP_ESTIMATE_GROUPING_PLATFORM
                                 /* Translators: a column: the platform's options for the job */
                                 ? (GpCliColumn){ "options", N_("Options"), -2 }
                                 /* Translators: a column: regions selling the instance */
                                 : (GpCliColumn){ "regions", N_("Regions"), -2 };
  return gp_cli_output_new (columns, N_EST_COLUMNS + 1);
}

static void
print_unable (const char * const *unable)
{
  for (guint i = 0; unable != NULL && unable[i] != NULL; i++)
    {
      /* Translators: a platform that has estimates, none of which can run the job */
      fprintf (stderr,
               _("No option of %s can run the job as asked (memory, or GPUs per "
                  "instance)"),
               unable[i]);
      fputc ('\n', stderr);
    }
}

/* When no option holds the job, the fewest GPUs of the one asked about that would, and the
 * options that ask for an instance of them. */
static void
print_fit (GpEstimateList *list)
{
  GpMemoryFit fit;
  g_autofree char *label = NULL;
  const char *sharding;

  if (gp_estimate_list_get_n_options (list) > 0 || !gp_estimate_list_find_fit (list, &fit))
    return;
  label = gp_memory_fit_dup_label (&fit);
  sharding = fit.sharding == GP_SHARDING_ZERO3 ? "zero3" : "none";
  if (fit.instance_gpus == fit.gpus)
    /* Translators: when nothing can run the job: "On a100-sxm4-80gb, 4 GPUs with ZeRO-3 fit,
     * 62.4 GB each: --gpus 4 --sharding zero3" */
    fprintf (stderr, _("On %s, %s: --gpus %u --sharding %s"),
             gp_estimate_list_get_reference_gpu (list), label, fit.gpus, sharding);
  else if (fit.instance_gpus > 0)
    /* Translators: as above, when no instance has that many of the GPU but one has more */
    fprintf (stderr, _("On %s, %s; the fewest an instance has: --gpus %u --sharding %s"),
             gp_estimate_list_get_reference_gpu (list), label, fit.instance_gpus, sharding);
  else
    /* Translators: as above, when the catalog has no instance of the GPU */
    fprintf (stderr, _("On %s, %s, but no instance in the catalog has it"),
             gp_estimate_list_get_reference_gpu (list), label);
  fputc ('\n', stderr);
}

/* Each group's best, with how many options (by platform) or regions (by instance type) it
 * has; by offer, every estimate, printed as it comes, never held. */
static void
add_groups (GpCliOutput        *output,
            GpEstimateList     *list,
            GpEstimateGrouping  grouping,
            const char         *gpu)
{
  g_auto(GStrv) unable = NULL;
  g_autoptr(GListModel) groups = NULL;

  if (grouping == GP_ESTIMATE_GROUPING_OFFER && gpu == NULL)
    {
      for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (list)); i++)
        {
          g_autoptr(GpEstimate) estimate = g_list_model_get_item (G_LIST_MODEL (list), i);
          add_estimate_row (output, estimate);
        }
      return;
    }

  groups = gp_estimate_group_list_for_gpu (list, grouping, gpu, &unable);
  for (guint i = 0; i < g_list_model_get_n_items (groups); i++)
    {
      g_autoptr(GpEstimateGroup) group = g_list_model_get_item (groups, i);

      add_estimate_row (output, gp_estimate_group_get_best (group));
      if (grouping != GP_ESTIMATE_GROUPING_OFFER)
        gp_cli_output_set_number (output, EST_GROUP_COUNT,
                                  grouping == GP_ESTIMATE_GROUPING_PLATFORM
                                      ? gp_estimate_group_get_options (group)
                                      : gp_estimate_group_get_regions (group));
    }
  print_unable ((const char *const *) unable);
  if (gpu != NULL && g_list_model_get_n_items (groups) == 0 && unable[0] == NULL)
    {
      /* Translators: --same-gpu names a GPU that no estimated offer has */
      fprintf (stderr,
               _("No platform offers %s for this job (its region, GPUs per instance "
                  "and providers)"),
               gpu);
      fputc ('\n', stderr);
    }
}

int
gp_cli_estimate (int    argc,
                 char **argv)
{
  g_auto(GpCliCommonOptions) common = { NULL };
  g_auto(GpCliWorkloadOptions) options;
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GpEstimateList) list = NULL;
  g_autoptr(GpCliOutput) output = NULL;
  g_autoptr(GpCatalog) catalog = NULL;
  g_autofree char *group_text = NULL, *same_gpu = NULL;
  GpEstimateGrouping grouping;
  GpCliFormat format;
  int exit_code = GP_CLI_EXIT_OK;
  const GOptionEntry entries[] = {
    { "group", 0, 0, G_OPTION_ARG_STRING, &group_text,
      N_("platform (each platform's best option that can run the job, with how many it has), "
          "instance (each instance type's cheapest region, with how many regions) or offer "
          "(every offer); default platform in a table, offer in CSV and JSON"),
      N_("BY") },
    { "same-gpu", 0, 0, G_OPTION_ARG_STRING, &same_gpu,
      N_("Only this GPU model, on every platform that offers it: by default one row per "
          "platform, in every format, and any number of GPUs per instance unless --gpus says"),
      N_("GPU") },
    { NULL }
  };

  gp_cli_workload_options_init (&options);
  /* Left out, --gpus is 1; with --same-gpu, any: a platform may sell the GPU only by eight. */
  options.gpus = G_MININT;
  g_option_context_set_summary (context, _("Estimate what a training job costs and how long it "
                                            "takes on every platform, cheapest first."));
  gp_cli_add_main_entries (context, entries);
  gp_cli_add_workload_entries (context, &options);
  gp_cli_add_common_entries (context, &common);
  if (!gp_cli_parse_options (context, &argc, &argv, &exit_code))
    return exit_code;
  if (argc > 1)
    return gp_cli_usage_error (context, _("estimate takes no arguments"));
  if (!gp_cli_format_parse (common.format, TRUE, &format))
    return gp_cli_usage_error (context, _("--format must be table, csv or json"));
  /* Scripts read every offer from CSV and JSON, as before; people read platforms first, and
   * the same GPU on every platform is a platform's row in every format. */
  grouping = format == GP_CLI_FORMAT_TABLE || same_gpu != NULL ? GP_ESTIMATE_GROUPING_PLATFORM
                                                               : GP_ESTIMATE_GROUPING_OFFER;
  if (group_text != NULL && !gp_estimate_grouping_from_string (group_text, &grouping))
    return gp_cli_usage_error (context, _("--group must be platform, instance or offer"));
  if (options.gpus == G_MININT)
    options.gpus = same_gpu != NULL ? 0 : 1;

  if ((list = gp_cli_run_estimate (context, &common, &options, &catalog, &exit_code)) == NULL)
    return exit_code;
  if (same_gpu != NULL && gp_catalog_find_gpu (catalog, same_gpu) == NULL)
    {
      g_autofree char *message =
          /* Translators: %s is what the user gave to --same-gpu */
          g_strdup_printf (_("--same-gpu: the catalog has no GPU “%s” (see “gpu-planner-cli "
                              "gpus”)"),
                           same_gpu);
      return gp_cli_usage_error (context, message);
    }

  output = estimate_output_new (grouping);
  /* A million rows are printed as they come, never held. */
  gp_cli_output_stream (output, format, stdout);
  add_groups (output, list, grouping, same_gpu);
  print_fit (list);
  print_skipped (list);
  return gp_cli_print_output (output, format);
}

/* presets */

enum {
  PRESET_ID,
  PRESET_NAME,
  PRESET_REFERENCE_GPU,
  PRESET_REFERENCE_GPUS,
  PRESET_PRECISION,
  PRESET_GPU_HOURS,
  PRESET_TARGET,
  PRESET_SOURCE,
  PRESET_AS_OF,
  N_PRESET_COLUMNS
};

static const GpCliColumn preset_columns[N_PRESET_COLUMNS] = {
  { "id", N_("ID"), -1 },
  { "name", N_("Name"), -1 },
  { "reference_gpu", N_("Measured on"), -1 },
  { "reference_gpus", N_("GPUs"), -2 },
  { "precision", N_("Precision"), -1 },
  { "gpu_hours", N_("GPU-hours"), 2 },
  { "target", NULL, -1 },
  { "source", NULL, -1 },
  { "as_of", N_("As of"), -1 },
};

int
gp_cli_presets (int    argc,
                char **argv)
{
  g_autofree char *format_text = NULL;
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GpCliOutput) output = gp_cli_output_new (preset_columns, N_PRESET_COLUMNS);
  GListModel *presets = gp_estimator_data_get_presets (gp_estimator_data_get_default ());
  GpCliFormat format;
  int exit_code = GP_CLI_EXIT_OK;
  const GOptionEntry entries[] = {
    { "format", 0, 0, G_OPTION_ARG_STRING, &format_text,
      N_("Output format: table, csv or json"), N_("FORMAT") },
    { NULL }
  };

  g_option_context_set_summary (context, _("List the published workloads --preset can name."));
  gp_cli_add_main_entries (context, entries);
  if (!gp_cli_parse_options (context, &argc, &argv, &exit_code))
    return exit_code;
  if (argc > 1)
    return gp_cli_usage_error (context, _("presets takes no arguments"));
  if (!gp_cli_format_parse (format_text, TRUE, &format))
    return gp_cli_usage_error (context, _("--format must be table, csv or json"));

  for (guint i = 0; i < g_list_model_get_n_items (presets); i++)
    {
      g_autoptr(GpPreset) preset = g_list_model_get_item (presets, i);
      GpSource *source = gp_preset_get_source (preset);
      g_autofree char *upper =
          g_ascii_strup (gp_precision_to_string (gp_preset_get_precision (preset)), -1);

      gp_cli_output_add_row (output);
      gp_cli_output_set_string (output, PRESET_ID, gp_preset_get_id (preset));
      gp_cli_output_set_string (output, PRESET_NAME, gp_preset_get_name (preset));
      gp_cli_output_set_string (output, PRESET_REFERENCE_GPU, gp_preset_get_reference_gpu (preset));
      gp_cli_output_set_number (output, PRESET_REFERENCE_GPUS,
                                gp_preset_get_reference_gpus (preset));
      gp_cli_output_set_string (output, PRESET_PRECISION,
                                gp_precision_to_string (gp_preset_get_precision (preset)));
      gp_cli_output_set_display (output, PRESET_PRECISION, upper);
      gp_cli_output_set_number (output, PRESET_GPU_HOURS, gp_preset_get_gpu_hours (preset));
      gp_cli_output_set_string (output, PRESET_TARGET, gp_preset_get_target (preset));
      gp_cli_output_set_string (output, PRESET_SOURCE, gp_source_get_url (source));
      gp_cli_output_set_string (output, PRESET_AS_OF, gp_source_get_as_of (source));
      /* JSON and CSV keep the data's "undated"; a table says it in the user's language. */
      if (g_strcmp0 (gp_source_get_as_of (source), "undated") == 0)
        gp_cli_output_set_display (output, PRESET_AS_OF, C_("date", "undated"));
    }

  return gp_cli_print_output (output, format);
}

/* chart */

typedef struct
{
  char   *output;
  double  width_mm;
  double  height_mm;
  double  dpi;
  int     width_px;
  int     height_px;
  char   *style;
  int     max_bars;
  char   *csv;
} ChartOptions;

static void
chart_options_clear (ChartOptions *options)
{
  g_clear_pointer (&options->output, g_free);
  g_clear_pointer (&options->style, g_free);
  g_clear_pointer (&options->csv, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (ChartOptions, chart_options_clear)

static gboolean
chart_size (ChartOptions  *options,
            GpChartSize   *size,
            GError       **error)
{
  gboolean mm = options->width_mm > 0 || options->height_mm > 0;
  gboolean px = options->width_px > 0 || options->height_px > 0;

  if (mm && px)
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _("give the size in millimetres or in pixels, not both"));
      return FALSE;
    }

  /* The default is a full-width grant figure: 170 × 120 mm at 300 dpi. */
  *size = (GpChartSize) { 170, 120, options->dpi > 0 ? options->dpi : 300, 0, 0 };
  if (mm)
    {
      size->width_mm = options->width_mm;
      size->height_mm = options->height_mm > 0 ? options->height_mm : options->width_mm * 10 / 17;
      size->height_at_least = options->height_mm <= 0;
    }
  else if (px)
    *size = (GpChartSize) { 0, 0, 0, (guint) MAX (options->width_px, 0),
                            (guint) MAX (options->height_px > 0 ? options->height_px
                                                                : options->width_px * 9 / 16, 0) };

  return TRUE;
}

/* The options that size and style a chart, which chart and breakeven share. */
static void
add_chart_entries (GOptionContext *context,
                   ChartOptions   *chart)
{
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &chart->output,
      N_("The file to write: .png, .svg or .pdf"), N_("FILE") },
    { "width-mm", 0, 0, G_OPTION_ARG_DOUBLE, &chart->width_mm, N_("Width in millimetres"),
      N_("N") },
    { "height-mm", 0, 0, G_OPTION_ARG_DOUBLE, &chart->height_mm, N_("Height in millimetres"),
      N_("N") },
    { "dpi", 0, 0, G_OPTION_ARG_DOUBLE, &chart->dpi, N_("PNG resolution (default 300)"),
      N_("N") },
    { "width-px", 0, 0, G_OPTION_ARG_INT, &chart->width_px, N_("Width in pixels"), N_("N") },
    { "height-px", 0, 0, G_OPTION_ARG_INT, &chart->height_px, N_("Height in pixels"), N_("N") },
    { "style", 0, 0, G_OPTION_ARG_STRING, &chart->style,
      N_("light, dark, print or presentation (default print)"), N_("STYLE") },
    { "csv", 0, 0, G_OPTION_ARG_FILENAME, &chart->csv, N_("Also write the chart's data as CSV"),
      N_("FILE") },
    { NULL }
  };

  gp_cli_add_main_entries (context, entries);
}

/* Checks the chart options; FALSE (with the usage printed) when they do not make a chart. */
static gboolean
check_chart_options (GOptionContext   *context,
                     ChartOptions     *chart,
                     GpChartFormat    *format,
                     GpChartStyleKind *style_kind,
                     GpChartSize      *size,
                     int              *exit_code)
{
  g_autoptr(GError) error = NULL;

  *style_kind = GP_CHART_STYLE_PRINT;
  if (chart->output == NULL || !gp_chart_format_from_filename (chart->output, format))
    *exit_code = gp_cli_usage_error (context, _("--output must name a .png, .svg or .pdf file"));
  else if (chart->style != NULL && !gp_chart_style_kind_parse (chart->style, style_kind))
    *exit_code =
        gp_cli_usage_error (context, _("--style must be light, dark, print or presentation"));
  else if (!chart_size (chart, size, &error) ||
           !gp_chart_size_get_points (size, &(double){ 0 }, &(double){ 0 }, &error))
    *exit_code = gp_cli_usage_error (context, error->message);
  else
    return TRUE;
  return FALSE;
}

/* Writes the chart, and its data as CSV when asked. */
static int
write_chart (ChartOptions     *chart,
             GpChartKind       kind,
             GpChartData      *data,
             GpChartFormat     format,
             GpChartStyleKind  style_kind,
             const GpChartSize *size)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (chart->output);
  g_autoptr(GError) error = NULL;
  GpChartStyle style;

  gp_chart_style_init (&style, style_kind);
  if (!gp_chart_export (file, format, kind, data, &style, size, &error))
    {
      fprintf (stderr, "gpu-planner-cli: %s: %s\n", chart->output, error->message);
      return GP_CLI_EXIT_BAD_INPUT;
    }

  if (chart->csv != NULL)
    {
      g_autofree char *csv = kind == GP_CHART_KIND_BREAKEVEN ? gp_breakeven_chart_to_csv (data)
                                                             : gp_chart_data_to_csv (data);

      return gp_cli_write_output (chart->csv, csv, strlen (csv));
    }
  return GP_CLI_EXIT_OK;
}

int
gp_cli_chart (int    argc,
              char **argv)
{
  g_auto(GpCliCommonOptions) common = { NULL };
  g_auto(GpCliWorkloadOptions) options;
  g_auto(ChartOptions) chart = { NULL, 0, 0, 0, 0, 0, NULL, 30, NULL };
  g_autoptr(GOptionContext) context =
      g_option_context_new (_("cost|breakdown|value|cumulative|emissions|cost-emissions"));
  g_autoptr(GpEstimateList) list = NULL;
  g_autoptr(GpChartData) data = NULL;
  GpChartStyleKind style_kind;
  GpChartKind kind;
  GpChartFormat format;
  GpChartSize size;
  gboolean emissions, cost_emissions;
  int exit_code = GP_CLI_EXIT_OK;
  int top = 0;
  const GOptionEntry entries[] = {
    { "max-bars", 0, 0, G_OPTION_ARG_INT, &chart.max_bars,
      N_("At most this many options besides each platform's best (default 30)"), N_("N") },
    { "top", 0, 0, G_OPTION_ARG_INT, &top,
      N_("Only the N cheapest options, whatever their platform (default: every platform's "
          "best, then the cheapest others)"),
      N_("N") },
    { NULL }
  };

  gp_cli_workload_options_init (&options);
  g_option_context_set_summary (context, _("Draw a chart of the estimates for a grant proposal "
                                           "or a slide."));
  add_chart_entries (context, &chart);
  gp_cli_add_main_entries (context, entries);
  gp_cli_add_workload_entries (context, &options);
  gp_cli_add_common_entries (context, &common);
  if (!gp_cli_parse_options (context, &argc, &argv, &exit_code))
    return exit_code;
  if (argc == 2 && g_strcmp0 (argv[1], "breakeven") == 0)
    return gp_cli_usage_error (context, _("the break-even chart is drawn by “breakeven "
                                           "--lab ID --output FILE”"));
  /* The emissions chart is the cost chart's bars, of kgCO2e; cost against emissions is the
   * value chart's points, placed across by them. */
  emissions = argc == 2 && g_strcmp0 (argv[1], "emissions") == 0;
  cost_emissions = argc == 2 && g_strcmp0 (argv[1], "cost-emissions") == 0;
  if (emissions)
    kind = GP_CHART_KIND_COST;
  else if (cost_emissions)
    kind = GP_CHART_KIND_VALUE;
  else if (argc != 2 || !gp_chart_kind_parse (argv[1], &kind))
    return gp_cli_usage_error (context, _("name one chart: cost, breakdown, value, cumulative, "
                                           "emissions or cost-emissions"));
  if (!check_chart_options (context, &chart, &format, &style_kind, &size, &exit_code))
    return exit_code;
  if (chart.max_bars < 1 || chart.max_bars > 200)
    return gp_cli_usage_error (context, _("--max-bars must be from 1 to 200"));
  if (top < 0 || top > 200)
    return gp_cli_usage_error (context, _("--top must be from 1 to 200"));

  if ((list = gp_cli_run_estimate (context, &common, &options, NULL, &exit_code)) == NULL)
    return exit_code;

  if (emissions)
    data = gp_emissions_chart_data_new (list, (guint) (top > 0 ? top : chart.max_bars));
  else if (cost_emissions)
    data = gp_cost_emissions_chart_data_new (list, (guint) (top > 0 ? top : chart.max_bars));
  else
    data = top > 0 ? gp_chart_data_new_cheapest (list, (guint) top)
                   : gp_chart_data_new_from_estimates (list, (guint) chart.max_bars);
  if ((exit_code = write_chart (&chart, kind, data, format, style_kind, &size)) != GP_CLI_EXIT_OK)
    return exit_code;

  print_skipped (list);
  return GP_CLI_EXIT_OK;
}

/* recommend */

static gboolean
parse_needs (const char  *text,
             GpFeature   *needs,
             GError     **error)
{
  g_autoptr(GFlagsClass) klass = g_type_class_ref (GP_TYPE_FEATURE);
  g_auto(GStrv) names = g_strsplit (text ? text : "", ",", -1);

  *needs = GP_FEATURE_NONE;
  for (guint i = 0; names[i] != NULL; i++)
    {
      GFlagsValue *value;

      g_strstrip (names[i]);
      if (*names[i] == '\0')
        continue;
      value = g_flags_get_value_by_nick (klass, names[i]);
      if (value == NULL)
        {
          g_autoptr(GString) known = g_string_new (NULL);

          for (guint k = 0; k < klass->n_values; k++)
            if (klass->values[k].value != 0)
              g_string_append_printf (known, "%s%s", known->len ? ", " : "",
                                      klass->values[k].value_nick);
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("--needs: unknown feature “%s” (known: %s)"), names[i], known->str);
          return FALSE;
        }
      *needs |= value->value;
    }

  return TRUE;
}

static void
add_string_array (JsonBuilder        *builder,
                  const char         *member,
                  const char * const *strings)
{
  json_builder_set_member_name (builder, member);
  json_builder_begin_array (builder);
  for (guint i = 0; strings != NULL && strings[i] != NULL; i++)
    json_builder_add_string_value (builder, strings[i]);
  json_builder_end_array (builder);
}

/* memory_needed_gb and fits, null when the job states no model size. */
static void
add_memory (JsonBuilder *builder,
            GpEstimate  *estimate)
{
  double needed = gp_estimate_get_memory_needed_gb (estimate);
  GpFit fit = gp_estimate_get_fit (estimate);

  json_builder_set_member_name (builder, "memory_needed_gb");
  if (isnan (needed))
    json_builder_add_null_value (builder);
  else
    json_builder_add_double_value (builder, needed);
  json_builder_set_member_name (builder, "fits");
  if (fit == GP_FIT_UNKNOWN)
    json_builder_add_null_value (builder);
  else
    json_builder_add_boolean_value (builder, fit == GP_FIT_YES);
}

/* As the estimate's "reachable": true, "cross-border", false or null. */
static void
add_reachable (JsonBuilder *builder,
               GpEstimate  *estimate)
{
  json_builder_set_member_name (builder, "reachable");
  switch (gp_estimate_get_reachability (estimate))
    {
    case GP_REACHABILITY_IN_CHINA:
      json_builder_add_boolean_value (builder, TRUE);
      break;
    case GP_REACHABILITY_CROSS_BORDER:
      json_builder_add_string_value (builder, "cross-border");
      break;
    case GP_REACHABILITY_UNREACHABLE:
      json_builder_add_boolean_value (builder, FALSE);
      break;
    case GP_REACHABILITY_UNKNOWN:
    default:
      json_builder_add_null_value (builder);
    }
}

static char *
recommendation_json (GpRecommendation *answer)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  GListModel *choices = gp_recommendation_get_choices (answer);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "recommendations");
  json_builder_begin_array (builder);
  for (guint i = 0; i < g_list_model_get_n_items (choices); i++)
    {
      g_autoptr(GpChoice) choice = g_list_model_get_item (choices, i);
      GpEstimate *estimate = gp_choice_get_estimate (choice);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "provider");
      json_builder_add_string_value (builder,
                                     gp_provider_get_id (gp_estimate_get_provider (estimate)));
      json_builder_set_member_name (builder, "instance");
      json_builder_add_string_value (builder,
                                     gp_instance_get_id (gp_estimate_get_instance (estimate)));
      json_builder_set_member_name (builder, "region");
      json_builder_add_string_value (builder,
                                     gp_offer_get_region_id (gp_estimate_get_offer (estimate)));
      json_builder_set_member_name (builder, "pricing");
      json_builder_add_string_value (
          builder, gp_estimate_pricing_to_string (gp_estimate_get_pricing (estimate)));
      json_builder_set_member_name (builder, "total_cost");
      json_builder_add_double_value (builder, gp_estimate_get_total_cost (estimate));
      json_builder_set_member_name (builder, "wall_hours");
      json_builder_add_double_value (builder, gp_estimate_get_wall_hours (estimate));
      json_builder_set_member_name (builder, "score");
      json_builder_add_double_value (builder, gp_choice_get_score (choice));
      add_string_array (builder, "reasons", gp_choice_get_reasons (choice));
      json_builder_set_member_name (builder, "stale");
      json_builder_add_boolean_value (builder, gp_estimate_is_stale (estimate));
      add_memory (builder, estimate);
      add_reachable (builder, estimate);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "platforms");
  json_builder_add_int_value (builder, gp_recommendation_get_n_platforms (answer));

  json_builder_set_member_name (builder, "excluded");
  json_builder_begin_array (builder);
  for (guint i = 0; i < gp_recommendation_get_n_excluded (answer); i++)
    {
      const char *provider, *instance, *reason;

      gp_recommendation_get_excluded (answer, i, &provider, &instance, &reason);
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "provider");
      if (provider != NULL)
        json_builder_add_string_value (builder, provider);
      else
        json_builder_add_null_value (builder);
      json_builder_set_member_name (builder, "instance");
      if (instance != NULL)
        json_builder_add_string_value (builder, instance);
      else
        json_builder_add_null_value (builder);
      json_builder_set_member_name (builder, "reason");
      json_builder_add_string_value (builder, reason);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);

  add_string_array (builder, "tips", gp_recommendation_get_tips (answer));
  add_string_array (builder, "plan", gp_recommendation_get_plan (answer));
  json_builder_end_object (builder);

  root = json_builder_get_root (builder);
  return gp_json_to_string (root, TRUE);
}

int
gp_cli_recommend (int    argc,
                  char **argv)
{
  g_auto(GpCliCommonOptions) common = { NULL };
  g_auto(GpCliWorkloadOptions) options;
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GpWorkload) workload = NULL;
  g_autoptr(GpRecommender) recommender = NULL;
  g_autoptr(GpRecommendation) answer = NULL;
  g_autoptr(GpCatalog) catalog = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *needs_text = NULL, *data_region = NULL, *format = NULL, *output = NULL;
  g_autofree char *group_text = NULL;
  GpEstimateGrouping grouping = GP_ESTIMATE_GROUPING_PLATFORM;
  double gpu_memory = 0, carbon_weight = 0;
  gboolean interactive = FALSE, region_required = FALSE;
  int max_sessions = G_MININT;  /* not given */
  GpFeature needs;
  int exit_code = GP_CLI_EXIT_OK;
  const GOptionEntry entries[] = {
    { "gpu-memory-gb", 0, 0, G_OPTION_ARG_DOUBLE, &gpu_memory, N_("The GPU memory each GPU needs"),
      N_("GB") },
    { "needs", 0, 0, G_OPTION_ARG_STRING, &needs_text,
      N_("Required features, comma-separated (enterprise-identity, pipelines, automl, ssh, …)"),
      N_("FEATURE,…") },
    { "interactive", 0, 0, G_OPTION_ARG_NONE, &interactive,
      N_("Interactive notebook work rather than long unattended runs"), NULL },
    { "data-region", 0, 0, G_OPTION_ARG_STRING, &data_region,
      N_("The region of the bucket the data is in (default: on campus)"), N_("R") },
    { "region-required", 0, 0, G_OPTION_ARG_NONE, &region_required,
      N_("--region is a data-residency rule, not a preference"), NULL },
    { "max-sessions", 0, 0, G_OPTION_ARG_INT, &max_sessions,
      N_("The most sessions a session-limited service may need, 0 for any (default 10)"),
      N_("N") },
    { "carbon-weight", 0, 0, G_OPTION_ARG_DOUBLE, &carbon_weight,
      N_("How much the job's estimated emissions weigh against cost and time, from 0 to 1 "
          "(default 0)"),
      N_("W") },
    { "format", 0, 0, G_OPTION_ARG_STRING, &format, N_("Output format: table, json or markdown"),
      N_("FORMAT") },
    { "group", 0, 0, G_OPTION_ARG_STRING, &group_text,
      N_("One choice for every platform, instance type or offer that can run the job, best "
          "first (default: the best three platforms)"),
      N_("BY") },
    { NULL }
  };

  gp_cli_workload_options_init (&options);
  g_option_context_set_summary (context, _("Recommend where to train, with the reasons."));
  gp_cli_add_main_entries (context, entries);
  gp_cli_add_workload_entries (context, &options);
  /* --catalog only: recommend has its own --format. */
  gp_cli_add_catalog_entry (context, &common);
  if (!gp_cli_parse_options (context, &argc, &argv, &exit_code))
    return exit_code;
  if (argc > 1)
    return gp_cli_usage_error (context, _("recommend takes no arguments"));
  if (format != NULL && !g_strv_contains ((const char *[]) { "table", "json", "markdown", NULL },
                                          format))
    return gp_cli_usage_error (context, _("--format must be table, json or markdown"));
  if (max_sessions != G_MININT && max_sessions < 0)
    return gp_cli_usage_error (context, _("--max-sessions must be 0 or more"));
  if (!(carbon_weight >= 0 && carbon_weight <= 1))
    return gp_cli_usage_error (context, _("--carbon-weight must be from 0 to 1"));
  if (group_text != NULL && !gp_estimate_grouping_from_string (group_text, &grouping))
    return gp_cli_usage_error (context, _("--group must be platform, instance or offer"));
  if (!parse_needs (needs_text, &needs, &error) || !(gpu_memory >= 0) || !isfinite (gpu_memory))
    return gp_cli_usage_error (context, error ? error->message
                                              : _("--gpu-memory-gb must be 0 or more"));

  workload = gp_cli_build_workload (&options, &error);
  if (workload == NULL)
    return gp_cli_usage_error (context, error->message);
  if ((catalog = gp_cli_open_catalog (&common, &exit_code)) == NULL)
    return exit_code;
  gp_cli_apply_default_rate (workload, catalog);
  if (!gp_cli_apply_measurements (&options, workload, catalog, &error))
    {
      fprintf (stderr, "gpu-planner-cli: %s\n", error->message);
      return GP_CLI_EXIT_BAD_INPUT;
    }

  recommender = gp_recommender_new (workload);
  gp_recommender_set_min_gpu_memory_gb (recommender, gpu_memory);
  gp_recommender_set_needs (recommender, needs);
  gp_recommender_set_interactive (recommender, interactive);
  gp_recommender_set_data_region (recommender, data_region);
  gp_recommender_set_region_required (recommender, region_required);
  gp_recommender_set_carbon_weight (recommender, carbon_weight);
  if (max_sessions >= 0)
    gp_recommender_set_max_sessions (recommender, (guint) max_sessions);
  if (group_text != NULL)
    {
      gp_recommender_set_grouping (recommender, grouping);
      gp_recommender_set_max_choices (recommender, 0);
    }

  answer = gp_recommender_recommend (recommender, catalog, NULL, &error);
  if (answer == NULL)
    {
      fprintf (stderr, "gpu-planner-cli: %s\n", error->message);
      return GP_CLI_EXIT_BAD_INPUT;
    }

  output = g_strcmp0 (format, "json") == 0
               ? recommendation_json (answer)
               : gp_recommendation_format (answer, g_strcmp0 (format, "markdown") == 0, TRUE);
  fputs (output, stdout);
  if (g_strcmp0 (format, "json") == 0)
    fputc ('\n', stdout);

  /* Nothing fits: say so, and let scripts see it. */
  return g_list_model_get_n_items (gp_recommendation_get_choices (answer)) > 0
           ? GP_CLI_EXIT_OK
           : GP_CLI_EXIT_BAD_INPUT;
}

/* breakeven */

/* The work a month the job gives the machine. */
static double
job_gpu_hours_per_month (GpEstimateList *list,
                         GpInstance     *machine)
{
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (list)); i++)
    {
      g_autoptr(GpEstimate) estimate = g_list_model_get_item (G_LIST_MODEL (list), i);
      double wall_hours, gpu_hours, work;

      if (gp_estimate_get_instance (estimate) != machine)
        continue;
      wall_hours = gp_estimate_get_wall_hours (estimate);
      gpu_hours = wall_hours * gp_estimate_get_gpu_count (estimate);
      work = gp_estimate_get_gpu_hours_per_month (estimate);
      fprintf (stderr,
               _("The job: %.0f GPU-hours on the machine over %.0f month(s), %.0f a month"),
               gpu_hours, round (gpu_hours / work), work);
      fputc ('\n', stderr);
      return work;
    }
  return NAN;
}

int
gp_cli_breakeven (int    argc,
                  char **argv)
{
  g_auto(GpCliCommonOptions) common = { NULL };
  g_auto(GpCliWorkloadOptions) options;
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GpCatalog) catalog = NULL;
  g_autofree char *lab = NULL, *format_text = NULL;
  g_auto(ChartOptions) chart = { NULL, 0, 0, 0, 0, 0, NULL, 0, NULL };
  GpChartStyleKind style_kind = GP_CHART_STYLE_PRINT;
  GpChartFormat chart_format = GP_CHART_FORMAT_PDF;
  GpChartSize size = { 0 };
  double gpu_hours = NAN;
  GpCliFormat format = GP_CLI_FORMAT_TABLE;
  int exit_code = GP_CLI_EXIT_OK;
  gboolean from_job;
  GpInstance *machine;
  GpLabLocation lab_location;
  const GOptionEntry entries[] = {
    { "lab", 0, 0, G_OPTION_ARG_STRING, &lab, N_("The lab machine, an id of “lab list”"),
      N_("ID") },
    { "gpu-hours-per-month", 0, 0, G_OPTION_ARG_DOUBLE, &gpu_hours,
      N_("The GPU-hours of work a month, or the estimate options of a job"), N_("N") },
    { "format", 0, 0, G_OPTION_ARG_STRING, &format_text, N_("table, csv or json"), N_("FORMAT") },
    { NULL }
  };

  gp_cli_workload_options_init (&options);
  g_option_context_set_summary (
      context, _("When buying the lab machine becomes cheaper than renting its GPUs: the "
                  "cumulative cost of owning it, month by month over its lifetime, against the "
                  "cheapest quoted way to rent the same GPU on demand, on spot and with a "
                  "commitment, in the machine’s currency."));
  gp_cli_add_main_entries (context, entries);
  add_chart_entries (context, &chart);
  gp_cli_add_workload_entries (context, &options);
  gp_cli_add_catalog_entry (context, &common);
  if (!gp_cli_parse_options (context, &argc, &argv, &exit_code))
    return exit_code;
  if (format_text != NULL && !gp_cli_format_parse (format_text, TRUE, &format))
    return gp_cli_usage_error (context, _("--format must be table, csv or json"));
  if ((chart.output != NULL || chart.csv != NULL) &&
      !check_chart_options (context, &chart, &chart_format, &style_kind, &size, &exit_code))
    return exit_code;
  if (lab == NULL)
    return gp_cli_usage_error (context, _("--lab names the machine (see “lab list”)"));
  from_job = !isnan (options.gpu_hours) || options.preset != NULL;
  if (from_job == !isnan (gpu_hours))
    return gp_cli_usage_error (context, _("give --gpu-hours-per-month, or a job as estimate "
                                           "takes it (--gpu-hours or --preset), not both"));
  if (!from_job && !(isfinite (gpu_hours) && gpu_hours > 0))
    return gp_cli_usage_error (context, _("--gpu-hours-per-month must be more than 0"));

  {
    g_autoptr(GError) error = NULL;
    int location;

    if (!gp_cli_workload_lab_location (&options, &location, &error))
      return gp_cli_usage_error (context, error->message);
    lab_location = (GpLabLocation) location;
  }
  if ((catalog = gp_cli_open_catalog (&common, &exit_code)) == NULL)
    return exit_code;
  if ((machine = gp_cli_find_lab_machine (catalog, lab)) == NULL)
    return GP_CLI_EXIT_BAD_INPUT;

  if (from_job)
    {
      g_autoptr(GpWorkload) workload = NULL;
      g_autoptr(GpEstimateList) list = NULL;
      g_autoptr(GError) error = NULL;

      if ((workload = gp_cli_build_workload (&options, &error)) == NULL)
        return gp_cli_usage_error (context, error->message);
      gp_cli_apply_default_rate (workload, catalog);
      if (!gp_cli_apply_measurements (&options, workload, catalog, &error) ||
          (list = gp_estimate_list_new (catalog, workload, NULL, &error)) == NULL)
        {
          fprintf (stderr, "gpu-planner-cli: %s\n", error->message);
          return GP_CLI_EXIT_BAD_INPUT;
        }
      gpu_hours = job_gpu_hours_per_month (list, machine);
      if (isnan (gpu_hours))
        {
          fprintf (stderr, _("breakeven: the job cannot run on %s (see “estimate”)"),
                   gp_instance_get_id (machine));
          fputc ('\n', stderr);
          return GP_CLI_EXIT_BAD_INPUT;
        }
    }

  if (chart.output != NULL)
    {
      double rate = gp_cli_exchange_rate (gp_catalog_get_currency (catalog),
                                          gp_instance_get_currency (machine));
      g_autoptr(GArray) rentals = gp_breakeven_find_rentals (catalog, machine, rate, lab_location);
      g_autoptr(GpChartData) data = gp_breakeven_chart_data_new (machine, gpu_hours, rentals);

      exit_code =
          write_chart (&chart, GP_CHART_KIND_BREAKEVEN, data, chart_format, style_kind, &size);
      if (exit_code != GP_CLI_EXIT_OK)
        return exit_code;
    }

  return gp_cli_breakeven_print (catalog, machine, gpu_hours, lab_location, format);
}
