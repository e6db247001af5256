/* gp-cli-catalog.c — list, providers, gpus and validate
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>

#include "gp-catalog.h"
#include "gp-cli.h"
#include "gp-cli-catalog.h"
#include "gp-cli-common.h"
#include "gp-cli-output.h"
#include "gp-currency.h"
#include "gp-util.h"
#include "gp-enums.h"
#include "gp-offer-filter.h"
#include "gp-format.h"
#include "gp-cli-workload.h"
#include "gp-project-cost.h"

static const char *
source_reference (GpSource *source)
{
  if (source == NULL)
    return NULL;
  return gp_source_get_url (source) != NULL ? gp_source_get_url (source)
                                            : gp_source_get_title (source);
}

/* list */

enum
{
  LIST_PROVIDER,
  LIST_PROVIDER_NAME,
  LIST_INSTANCE,
  LIST_REGION,
  LIST_GPU,
  LIST_GPU_NAME,
  LIST_GPU_COUNT,
  LIST_GPU_MEMORY_GB,
  LIST_VCPUS,
  LIST_MEMORY_GB,
  LIST_ON_DEMAND,
  LIST_SPOT,
  LIST_RESERVED_1Y,
  LIST_RESERVED_3Y,
  LIST_PER_GPU_HOUR,
  LIST_BILLING_INCREMENT_S,
  LIST_CURRENCY,
  LIST_SOURCE,
  LIST_AS_OF,
  LIST_LAYER,
  LIST_PRICE_BASIS,
  LIST_STALE,
  LIST_CAPACITY_BLOCK, /* last: CSV columns keep their places */
  N_LIST_COLUMNS
};

static const GpCliColumn list_columns[N_LIST_COLUMNS] = {
  [LIST_PROVIDER] = { "provider", NULL, -1 },
  [LIST_PROVIDER_NAME] = { "provider_name", N_("Provider"), -1 },
  [LIST_INSTANCE] = { "instance", N_("Instance"), -1 },
  [LIST_REGION] = { "region", N_("Region"), -1 },
  [LIST_GPU] = { "gpu", NULL, -1 },
  [LIST_GPU_NAME] = { "gpu_name", N_("GPU"), -1 },
  [LIST_GPU_COUNT] = { "gpu_count", N_("GPUs"), -2 },
  [LIST_GPU_MEMORY_GB] = { "gpu_memory_gb", N_("GPU memory (GB)"), -2 },
  [LIST_VCPUS] = { "vcpus", N_("vCPUs"), -2 },
  [LIST_MEMORY_GB] = { "memory_gb", N_("RAM (GiB)"), -2 },
  [LIST_ON_DEMAND] = { "on_demand_per_hour", N_("On-demand/h"), 3 },
  [LIST_SPOT] = { "spot_per_hour", N_("Spot/h"), 3 },
  [LIST_RESERVED_1Y] = { "reserved_1y_per_hour", N_("1-year/h"), 3 },
  [LIST_RESERVED_3Y] = { "reserved_3y_per_hour", NULL, 3 },
  [LIST_PER_GPU_HOUR] = { "per_gpu_hour", N_("Per GPU-hour"), 3 },
  [LIST_BILLING_INCREMENT_S] = { "billing_increment_s", N_("Billing (s)"), -2 },
  [LIST_CURRENCY] = { "currency", NULL, -1 },
  [LIST_SOURCE] = { "source", NULL, -1 },
  [LIST_AS_OF] = { "as_of", N_("As of"), -1 },
  [LIST_LAYER] = { "layer", NULL, -1 },
  [LIST_PRICE_BASIS] = { "price_basis", NULL, -1 },
  [LIST_STALE] = { "stale", N_("Stale"), GP_CLI_BOOLEAN, N_("stale") },
  [LIST_CAPACITY_BLOCK] = { "capacity_block_per_hour", N_("Capacity Block/h"), 3 },
};

/* The sort keys `list --sort` takes: prices cheapest first, memory and value largest first. */
typedef struct
{
  const char    *name;
  GpOfferColumn  column;
  gboolean per_gpu;
  gboolean       descending;
} SortKey;

static const SortKey sort_keys[] = {
  { "price", GP_OFFER_COLUMN_ON_DEMAND, FALSE, FALSE },
  { "price-per-gpu", GP_OFFER_COLUMN_PER_GPU_HOUR, FALSE, FALSE },
  { "spot", GP_OFFER_COLUMN_SPOT, FALSE, FALSE },
  { "spot-per-gpu", GP_OFFER_COLUMN_SPOT, TRUE, FALSE },
  { "gpu-memory", GP_OFFER_COLUMN_GPU_MEMORY, FALSE, TRUE },
  { "value", GP_OFFER_COLUMN_VALUE, FALSE, TRUE },
};

static int
compare_offers (gconstpointer a,
                gconstpointer b,
                gpointer      user_data)
{
  const SortKey *key = user_data;

  return gp_offer_compare (*(GpOffer **) a, *(GpOffer **) b, key->column, key->per_gpu,
                           key->descending);
}

static gboolean
parse_sort (const char     *text,
            const SortKey **key)
{
  *key = NULL;
  if (text == NULL)
    return TRUE;

  for (guint i = 0; i < G_N_ELEMENTS (sort_keys); i++)
    if (g_str_equal (text, sort_keys[i].name))
      {
        *key = &sort_keys[i];
        return TRUE;
      }

  return FALSE;
}

/* A price as the catalog states it, in its own currency; a table shows "≈ ¥64.818" for a
 * derived price in yuan. */
static void
set_listed_price (GpCliOutput       *output,
                  guint              column,
                  GpOffer           *offer,
                  GpEstimatePricing  pricing,
                  double             divisor)
{
  double price = gp_offer_get_listed_price (offer, pricing) / divisor;
  const char *symbol = gp_currency_get_symbol (gp_offer_get_currency (offer));
  g_autofree char *display = NULL;

  gp_cli_output_set_number (output, column, price);
  if (isnan (price) || !gp_cli_output_shows_display (output))
    return;

  display = g_strdup_printf ("%s%s%.3f",
                             gp_offer_get_price_basis (offer) == GP_PRICE_BASIS_DERIVED
                               /* Translators: before an estimated price in a table */
                               ? C_("estimate", "≈ ") : "",
                             g_strcmp0 (gp_offer_get_currency (offer), "USD") != 0 && symbol != NULL
                               ? symbol : "",
                             price);
  gp_cli_output_set_display (output, column, display);
}

static void
add_offer_row (GpCliOutput *output,
               GpOffer     *offer,
               guint        stale_after_days)
{
  GpInstance *instance = gp_offer_get_instance (offer);
  GpProvider *provider = gp_offer_get_provider (offer);
  GpGpu *gpu = gp_offer_get_gpu (offer);
  /* The source of the price whose date the row gives (as_of), its on-demand price. */
  GpSource *source = gp_offer_get_price_source (offer, GP_ESTIMATE_PRICING_ON_DEMAND);
  g_autofree char *region = NULL;
  guint gpus = gp_instance_get_gpu_count (instance);

  gp_cli_output_add_row (output);
  gp_cli_output_set_string (output, LIST_PROVIDER, gp_provider_get_id (provider));
  gp_cli_output_set_string (output, LIST_PROVIDER_NAME, gp_provider_get_name (provider));
  gp_cli_output_set_string (output, LIST_INSTANCE, gp_instance_get_id (instance));
  gp_cli_output_set_string (output, LIST_REGION, gp_offer_get_region_id (offer));
  if (gp_cli_output_shows_display (output))
    {
      region = gp_offer_dup_region_label (offer);
      gp_cli_output_set_display (output, LIST_REGION, region);
    }
  gp_cli_output_set_string (output, LIST_GPU, gp_gpu_get_id (gpu));
  gp_cli_output_set_string (output, LIST_GPU_NAME, gp_gpu_get_name (gpu));
  gp_cli_output_set_number (output, LIST_GPU_COUNT, gpus);
  gp_cli_output_set_number (output, LIST_GPU_MEMORY_GB, gp_instance_get_gpu_memory_gb (instance));
  gp_cli_output_set_number (output, LIST_VCPUS,
                            gp_instance_get_vcpus (instance) > 0 ? gp_instance_get_vcpus (instance)
                                                                 : NAN);
  gp_cli_output_set_number (output, LIST_MEMORY_GB, gp_instance_get_memory_gb (instance));
  set_listed_price (output, LIST_ON_DEMAND, offer, GP_ESTIMATE_PRICING_ON_DEMAND, 1);
  set_listed_price (output, LIST_SPOT, offer, GP_ESTIMATE_PRICING_SPOT, 1);
  set_listed_price (output, LIST_RESERVED_1Y, offer, GP_ESTIMATE_PRICING_RESERVED_1Y, 1);
  set_listed_price (output, LIST_RESERVED_3Y, offer, GP_ESTIMATE_PRICING_RESERVED_3Y, 1);
  set_listed_price (output, LIST_PER_GPU_HOUR, offer, GP_ESTIMATE_PRICING_ON_DEMAND,
                    gpus > 0 ? gpus : NAN);
  gp_cli_output_set_number (output, LIST_BILLING_INCREMENT_S,
                            gp_instance_get_billing_increment_s (instance));
  /* Each row in the currency the catalog states its prices in: yuan for AWS China. */
  gp_cli_output_set_string (output, LIST_CURRENCY, gp_offer_get_currency (offer));
  gp_cli_output_set_string (output, LIST_SOURCE, source_reference (source));
  gp_cli_output_set_string (output, LIST_AS_OF, gp_offer_get_as_of (offer));
  gp_cli_output_set_string (output, LIST_LAYER,
                            gp_enum_to_nick (GP_TYPE_CATALOG_LAYER, gp_offer_get_layer (offer)));
  gp_cli_output_set_string (output, LIST_PRICE_BASIS,
                            /* "quoted", "derived" or "gpu-only" */
                            gp_enum_to_nick (GP_TYPE_PRICE_BASIS,
                                             gp_offer_get_price_basis (offer)));
  gp_cli_output_set_boolean (output, LIST_STALE, gp_offer_is_stale (offer, stale_after_days));
  set_listed_price (output, LIST_CAPACITY_BLOCK, offer, GP_ESTIMATE_PRICING_CAPACITY_BLOCK, 1);
}

int
gp_cli_list (int    argc,
             char **argv)
{
  g_auto(GpCliCommonOptions) options = { NULL };
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GpCatalog) catalog = NULL;
  g_autoptr(GpCliOutput) output = NULL;
  g_autoptr(GPtrArray) offers = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree char *provider = NULL, *gpu = NULL, *region = NULL, *sort = NULL;
  double min_gpu_memory = 0, max_price = -1;
  gboolean spot = FALSE;
  g_autoptr(GpOfferFilter) filter = gp_offer_filter_new ();
  GListModel *model;
  GpCliFormat format;
  const SortKey *sort_key;
  int exit_code = GP_CLI_EXIT_OK;
  const GOptionEntry entries[] = {
    { "provider", 0, 0, G_OPTION_ARG_STRING, &provider, N_("Only this provider"), N_("ID") },
    { "gpu", 0, 0, G_OPTION_ARG_STRING, &gpu, N_("Only this GPU model"), N_("ID") },
    { "region", 0, 0, G_OPTION_ARG_STRING, &region,
      N_("Only this region, or a place: place:Japan/Tokyo, geography:Europe, "
          "tag:near-mainland-china"),
      N_("ID") },
    { "min-gpu-memory", 0, 0, G_OPTION_ARG_DOUBLE, &min_gpu_memory,
      N_("At least this much memory per GPU"), N_("GB") },
    { "max-price", 0, 0, G_OPTION_ARG_DOUBLE, &max_price,
      N_("At most this on-demand price per hour, in the catalog’s currency (US dollars)"),
      N_("N") },
    { "spot", 0, 0, G_OPTION_ARG_NONE, &spot, N_("Only offers with a spot price"), NULL },
    { "sort", 0, 0, G_OPTION_ARG_STRING, &sort,
      N_("Sort by price, price-per-gpu, spot, spot-per-gpu, gpu-memory or value"), N_("KEY") },
    { NULL }
  };

  g_option_context_set_summary (context, _("Print one row per instance and region offer."));
  gp_cli_add_main_entries (context, entries);
  gp_cli_add_common_entries (context, &options);
  if (!gp_cli_parse_options (context, &argc, &argv, &exit_code))
    return exit_code;
  if (argc > 1)
    return gp_cli_usage_error (context, _("list takes no arguments"));
  if (!gp_cli_format_parse (options.format, TRUE, &format))
    return gp_cli_usage_error (context, _("--format must be table, csv or json"));
  if (!parse_sort (sort, &sort_key))
    return gp_cli_usage_error (context,
                               _("--sort must be price, price-per-gpu, spot, spot-per-gpu, "
                                  "gpu-memory or value"));
  if (!isfinite (min_gpu_memory) || min_gpu_memory < 0 ||
      (max_price != -1 && (!isfinite (max_price) || max_price <= 0)))
    return gp_cli_usage_error (
        context, _("limits must be non-negative numbers, and a price limit above 0"));

  if ((catalog = gp_cli_open_catalog (&options, &exit_code)) == NULL)
    return exit_code;

  if (provider != NULL)
    gp_offer_filter_set_providers (filter, (const char *[]) { provider, NULL });
  gp_offer_filter_set_gpu (filter, gpu);
  gp_offer_filter_set_region (filter, region);
  gp_offer_filter_set_min_gpu_memory (filter, min_gpu_memory);
  if (max_price != -1)
    gp_offer_filter_set_max_price (filter, max_price);
  if (spot)
    gp_offer_filter_set_pricing (filter, GP_PRICING_SPOT);
  model = gp_catalog_get_offers (catalog);
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      GpOffer *offer = g_list_model_get_item (model, i);

      if (gp_offer_filter_match (filter, offer))
        g_ptr_array_add (offers, offer);
      else
        g_object_unref (offer);
    }
  if (sort_key != NULL)
    g_ptr_array_sort_with_data (offers, compare_offers, (gpointer) sort_key);

  output = gp_cli_output_new (list_columns, N_LIST_COLUMNS);
  /* A million rows are printed as they come, never held. */
  gp_cli_output_stream (output, format, stdout);
  for (guint i = 0; i < offers->len; i++)
    add_offer_row (output, g_ptr_array_index (offers, i),
                   gp_catalog_get_stale_after_days (catalog));

  return gp_cli_print_output (output, format);
}

/* providers */

enum
{
  PROVIDERS_ID,
  PROVIDERS_NAME,
  PROVIDERS_KIND,
  PROVIDERS_PRICING,
  PROVIDERS_BILLING_INCREMENT_S,
  PROVIDERS_EGRESS_PER_GB,
  PROVIDERS_EGRESS_FREE_GB,
  PROVIDERS_MAX_SESSION_HOURS,
  PROVIDERS_FEATURES,
  PROVIDERS_REGIONS,
  PROVIDERS_WEBSITE,
  PROVIDERS_SOURCE,
  PROVIDERS_AS_OF,
  PROVIDERS_LAYER,
  /* Paying it: each fact, then its source; "not found" where no source says */
  PROVIDERS_BILLING_CURRENCY,
  PROVIDERS_BILLING_CURRENCY_SOURCE,
  PROVIDERS_CHINESE_INVOICE,
  PROVIDERS_CHINESE_INVOICE_SOURCE,
  PROVIDERS_FOREIGN_CARD,
  PROVIDERS_FOREIGN_CARD_SOURCE,
  PROVIDERS_BUSINESS_LICENCE,
  PROVIDERS_BUSINESS_LICENCE_SOURCE,
  PROVIDERS_REAL_NAME,
  PROVIDERS_REAL_NAME_SOURCE,
  N_PROVIDERS_COLUMNS
};

static const GpCliColumn providers_columns[N_PROVIDERS_COLUMNS] = {
  [PROVIDERS_ID] = { "id", N_("ID"), -1 },
  [PROVIDERS_NAME] = { "name", N_("Name"), -1 },
  [PROVIDERS_KIND] = { "kind", N_("Kind"), -1 },
  [PROVIDERS_PRICING] = { "pricing", N_("Pricing"), -1 },
  [PROVIDERS_BILLING_INCREMENT_S] = { "billing_increment_s", N_("Billing (s)"), -2 },
  [PROVIDERS_EGRESS_PER_GB] = { "egress_per_gb", N_("Egress/GB"), 3 },
  [PROVIDERS_EGRESS_FREE_GB] = { "egress_free_gb", NULL, -2 },
  [PROVIDERS_MAX_SESSION_HOURS] = { "max_session_hours", N_("Session (h)"), -2 },
  [PROVIDERS_FEATURES] = { "features", NULL, -1 },
  [PROVIDERS_REGIONS] = { "regions", NULL, -1 },
  [PROVIDERS_WEBSITE] = { "website", NULL, -1 },
  [PROVIDERS_SOURCE] = { "source", NULL, -1 },
  [PROVIDERS_AS_OF] = { "as_of", N_("As of"), -1 },
  [PROVIDERS_LAYER] = { "layer", NULL, -1 },
  [PROVIDERS_BILLING_CURRENCY] = { "billing_currency", N_("Bills in"), -1 },
  [PROVIDERS_BILLING_CURRENCY_SOURCE] = { "billing_currency_source", NULL, -1 },
  [PROVIDERS_CHINESE_INVOICE] = { "chinese_invoice", N_("Invoice"), -1 },
  [PROVIDERS_CHINESE_INVOICE_SOURCE] = { "chinese_invoice_source", NULL, -1 },
  [PROVIDERS_FOREIGN_CARD] = { "foreign_card_needed", NULL, -1 },
  [PROVIDERS_FOREIGN_CARD_SOURCE] = { "foreign_card_needed_source", NULL, -1 },
  [PROVIDERS_BUSINESS_LICENCE] = { "business_licence_needed", NULL, -1 },
  [PROVIDERS_BUSINESS_LICENCE_SOURCE] = { "business_licence_needed_source", NULL, -1 },
  [PROVIDERS_REAL_NAME] = { "real_name_needed", NULL, -1 },
  [PROVIDERS_REAL_NAME_SOURCE] = { "real_name_needed_source", NULL, -1 },
};

/* The key's word where no source gives the fact: kept in English, an interface. */
#define NOT_FOUND "not found"

/* A fact of paying @provider: its value and source, or "not found" for both. */
static void
set_payment_fact (GpCliOutput     *output,
                  guint            column,
                  GpProvider      *provider,
                  GpProviderGroup  group)
{
  GpSource *source = gp_provider_get_group_source (provider, group);

  if (group == GP_PROVIDER_GROUP_BILLING_CURRENCY &&
      gp_provider_get_billing_currency (provider) != NULL)
    gp_cli_output_set_string (output, column, gp_provider_get_billing_currency (provider));
  else if (group != GP_PROVIDER_GROUP_BILLING_CURRENCY &&
           gp_provider_get_answer (provider, group) != GP_ANSWER_NOT_FOUND)
    {
      gboolean yes = gp_provider_get_answer (provider, group) == GP_ANSWER_YES;

      gp_cli_output_set_boolean (output, column, yes);
      gp_cli_output_set_display (output, column, yes ? C_("fact", "yes") : C_("fact", "no"));
    }
  else
    {
      gp_cli_output_set_string (output, column, NOT_FOUND);
      /* Translators: a fact of paying a platform that no source gives */
      gp_cli_output_set_display (output, column, C_("fact", "not found"));
      source = NULL;
    }
  gp_cli_output_set_string (output, column + 1,
                            source != NULL ? source_reference (source) : NOT_FOUND);
}

static GStrv
region_ids (GpProvider *provider)
{
  GListModel *regions = gp_provider_get_regions (provider);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (guint i = 0; i < g_list_model_get_n_items (regions); i++)
    {
      g_autoptr(GpRegion) region = g_list_model_get_item (regions, i);

      g_strv_builder_add (builder, gp_region_get_id (region));
    }

  return g_strv_builder_end (builder);
}

static int
run_listing (int          argc,
             char       **argv,
             const char  *summary,
             void       (*fill) (GpCliOutput *, GpCatalog *),
             const GpCliColumn *columns,
             guint        n_columns)
{
  g_auto(GpCliCommonOptions) options = { NULL };
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GpCatalog) catalog = NULL;
  g_autoptr(GpCliOutput) output = NULL;
  GpCliFormat format;
  int exit_code = GP_CLI_EXIT_OK;

  g_option_context_set_summary (context, summary);
  gp_cli_add_common_entries (context, &options);
  if (!gp_cli_parse_options (context, &argc, &argv, &exit_code))
    return exit_code;
  if (argc > 1)
    return gp_cli_usage_error (context, _("this command takes no arguments"));
  if (!gp_cli_format_parse (options.format, TRUE, &format))
    return gp_cli_usage_error (context, _("--format must be table, csv or json"));
  if ((catalog = gp_cli_open_catalog (&options, &exit_code)) == NULL)
    return exit_code;

  output = gp_cli_output_new (columns, n_columns);
  fill (output, catalog);
  return gp_cli_print_output (output, format);
}

static void
fill_providers (GpCliOutput *output,
                GpCatalog   *catalog)
{
  GListModel *providers = gp_catalog_get_providers (catalog);

  for (guint i = 0; i < g_list_model_get_n_items (providers); i++)
    {
      g_autoptr(GpProvider) provider = g_list_model_get_item (providers, i);
      g_auto(GStrv) pricing =
          gp_flags_to_nicks (GP_TYPE_PRICING_MODEL, gp_provider_get_pricing (provider));
      g_auto(GStrv) features =
          gp_flags_to_nicks (GP_TYPE_FEATURE, gp_provider_get_features (provider));
      g_auto(GStrv) regions = region_ids (provider);
      g_autofree char *pricing_words = NULL;
      GpSource *source = gp_provider_get_source (provider);

      gp_cli_output_add_row (output);
      gp_cli_output_set_string (output, PROVIDERS_ID, gp_provider_get_id (provider));
      gp_cli_output_set_string (output, PROVIDERS_NAME, gp_provider_get_name (provider));
      gp_cli_output_set_string (
          output, PROVIDERS_KIND,
          gp_enum_to_nick (GP_TYPE_PROVIDER_KIND, gp_provider_get_kind (provider)));
      gp_cli_output_set_display (output, PROVIDERS_KIND,
                                 gp_format_provider_kind (gp_provider_get_kind (provider)));
      gp_cli_output_set_strv (output, PROVIDERS_PRICING, (const char * const *) pricing);
      /* A table reads in the user's language; JSON and CSV keep the nicks for scripts. */
      pricing_words = gp_format_pricing_models (gp_provider_get_pricing (provider));
      gp_cli_output_set_display (output, PROVIDERS_PRICING, pricing_words);
      gp_cli_output_set_number (output, PROVIDERS_BILLING_INCREMENT_S,
                                gp_provider_get_billing_increment_s (provider));
      gp_cli_output_set_number (output, PROVIDERS_EGRESS_PER_GB,
                                gp_provider_get_egress_per_gb (provider));
      gp_cli_output_set_number (output, PROVIDERS_EGRESS_FREE_GB,
                                gp_provider_get_egress_free_gb (provider));
      gp_cli_output_set_number (output, PROVIDERS_MAX_SESSION_HOURS,
                                gp_provider_get_max_session_hours (provider));
      gp_cli_output_set_strv (output, PROVIDERS_FEATURES, (const char * const *) features);
      gp_cli_output_set_strv (output, PROVIDERS_REGIONS, (const char * const *) regions);
      gp_cli_output_set_string (output, PROVIDERS_WEBSITE, gp_provider_get_website (provider));
      gp_cli_output_set_string (output, PROVIDERS_SOURCE, source_reference (source));
      gp_cli_output_set_string (output, PROVIDERS_AS_OF, gp_source_get_as_of (source));
      gp_cli_output_set_string (
          output, PROVIDERS_LAYER,
          gp_enum_to_nick (GP_TYPE_CATALOG_LAYER, gp_provider_get_layer (provider)));
      for (guint g = GP_PROVIDER_GROUP_BILLING_CURRENCY; g < GP_PROVIDER_N_GROUPS; g++)
        set_payment_fact (output,
                          PROVIDERS_BILLING_CURRENCY + 2 * (g - GP_PROVIDER_GROUP_BILLING_CURRENCY),
                          provider, g);
    }
}

int
gp_cli_providers (int    argc,
                  char **argv)
{
  return run_listing (argc, argv, _("Print the platforms in the catalog."), fill_providers,
                      providers_columns, N_PROVIDERS_COLUMNS);
}

/* gpus */

enum {
  GPUS_ID,
  GPUS_NAME,
  GPUS_ARCHITECTURE,
  GPUS_MEMORY_GB,
  GPUS_MEMORY_BANDWIDTH,
  GPUS_FP32,
  GPUS_TF32,
  GPUS_FP16,
  GPUS_BF16,
  GPUS_FP8,
  GPUS_TDP,
  GPUS_LAUNCH_YEAR,
  GPUS_SOURCE,
  GPUS_AS_OF,
  GPUS_LAYER,
  N_GPUS_COLUMNS
};

static const GpCliColumn gpus_columns[N_GPUS_COLUMNS] = {
  [GPUS_ID] = { "id", N_("ID"), -1 },
  [GPUS_NAME] = { "name", N_("Name"), -1 },
  [GPUS_ARCHITECTURE] = { "architecture", N_("Architecture"), -1 },
  [GPUS_MEMORY_GB] = { "memory_gb", N_("Memory (GB)"), -2 },
  [GPUS_MEMORY_BANDWIDTH] = { "memory_bandwidth_gbps", N_("Bandwidth (GB/s)"), -2 },
  [GPUS_FP32] = { "fp32_tflops", N_("FP32"), 2 },
  [GPUS_TF32] = { "tf32_tflops", N_("TF32"), 2 },
  [GPUS_FP16] = { "fp16_tflops", N_("FP16"), 2 },
  [GPUS_BF16] = { "bf16_tflops", N_("BF16"), 2 },
  [GPUS_FP8] = { "fp8_tflops", N_("FP8"), 2 },
  [GPUS_TDP] = { "tdp_w", N_("TDP (W)"), -2 },
  [GPUS_LAUNCH_YEAR] = { "launch_year", N_("Year"), -2 },
  [GPUS_SOURCE] = { "source", NULL, -1 },
  [GPUS_AS_OF] = { "as_of", NULL, -1 },
  [GPUS_LAYER] = { "layer", NULL, -1 },
};

static void
fill_gpus (GpCliOutput *output,
           GpCatalog   *catalog)
{
  GListModel *gpus = gp_catalog_get_gpus (catalog);

  for (guint i = 0; i < g_list_model_get_n_items (gpus); i++)
    {
      g_autoptr(GpGpu) gpu = g_list_model_get_item (gpus, i);
      GpSource *source = gp_gpu_get_source (gpu);

      gp_cli_output_add_row (output);
      gp_cli_output_set_string (output, GPUS_ID, gp_gpu_get_id (gpu));
      gp_cli_output_set_string (output, GPUS_NAME, gp_gpu_get_name (gpu));
      gp_cli_output_set_string (output, GPUS_ARCHITECTURE, gp_gpu_get_architecture (gpu));
      gp_cli_output_set_number (output, GPUS_MEMORY_GB, gp_gpu_get_memory_gb (gpu));
      gp_cli_output_set_number (output, GPUS_MEMORY_BANDWIDTH,
                                gp_gpu_get_memory_bandwidth_gbps (gpu));
      gp_cli_output_set_number (output, GPUS_FP32, gp_gpu_get_fp32_tflops (gpu));
      gp_cli_output_set_number (output, GPUS_TF32, gp_gpu_get_tf32_tflops (gpu));
      gp_cli_output_set_number (output, GPUS_FP16, gp_gpu_get_fp16_tflops (gpu));
      gp_cli_output_set_number (output, GPUS_BF16, gp_gpu_get_bf16_tflops (gpu));
      gp_cli_output_set_number (output, GPUS_FP8, gp_gpu_get_fp8_tflops (gpu));
      gp_cli_output_set_number (output, GPUS_TDP, gp_gpu_get_tdp_w (gpu));
      gp_cli_output_set_number (output, GPUS_LAUNCH_YEAR,
                                gp_gpu_get_launch_year (gpu) > 0 ? gp_gpu_get_launch_year (gpu)
                                                                 : NAN);
      gp_cli_output_set_string (output, GPUS_SOURCE, source_reference (source));
      gp_cli_output_set_string (output, GPUS_AS_OF, gp_source_get_as_of (source));
      gp_cli_output_set_string (output, GPUS_LAYER,
                                gp_enum_to_nick (GP_TYPE_CATALOG_LAYER, gp_gpu_get_layer (gpu)));
    }
}

int
gp_cli_gpus (int    argc,
             char **argv)
{
  return run_listing (argc, argv, _("Print the GPU models in the catalog, with dense tensor "
                                    "TFLOPS per precision."),
                      fill_gpus, gpus_columns, N_GPUS_COLUMNS);
}

/* validate */

/* The catalog of the last file validated: the process ends with it. */
static GpCatalog *last_validated;

/* Plans: each read, then costed on the catalog, so that an instance it names is checked. */
static int
validate_plans (int                 argc,
                char              **argv,
                GpCliCommonOptions *common)
{
  g_autoptr(GpCatalog) catalog = NULL;
  int exit_code = GP_CLI_EXIT_OK;

  if ((catalog = gp_cli_open_catalog (common, &exit_code)) == NULL)
    return exit_code;
  for (int i = 1; i < argc; i++)
    {
      g_autoptr(GFile) file = g_file_new_for_commandline_arg (argv[i]);
      g_autoptr(GError) error = NULL;
      g_autoptr(GpProject) project = gp_project_load (file, &error);
      g_autoptr(GpProjectCost) cost = NULL;
      g_autofree char *total = NULL, *hours = NULL;

      if (project != NULL)
        {
          g_autoptr(GpWorkload) base = gp_cli_plan_workload (project, catalog);

          cost = gp_project_cost_new (catalog, project, base, &error);
        }
      if (cost == NULL)
        {
          if (project != NULL)
            fprintf (stdout, "%s: ", argv[i]);
          fprintf (stdout, "%s\n", error->message);
          exit_code = GP_CLI_EXIT_BAD_INPUT;
          continue;
        }
      total = gp_format_money (cost->total, cost->currency);
      hours = gp_format_number (cost->hours, 1);
      /* Translators: a plan that was checked: its file, phases, cost and time */
      fprintf (stdout,
               g_dngettext (GETTEXT_PACKAGE, "%s: valid: %u phase, %s, %s hours",
                            "%s: valid: %u phases, %s, %s hours", project->phases->len),
               argv[i], project->phases->len, total, hours);
      fputc ('\n', stdout);
    }
  return exit_code;
}

int
gp_cli_validate (int    argc,
                 char **argv)
{
  g_auto(GpCliCommonOptions) common = { NULL };
  g_autoptr(GOptionContext) context = g_option_context_new (_("FILE…"));
  gboolean plans = FALSE;
  int exit_code = GP_CLI_EXIT_OK;
  const GOptionEntry entries[] = {
    { "plan", 0, 0, G_OPTION_ARG_NONE, &plans,
      N_("The files are plans (see PLANS.md), checked against the catalog"), NULL },
    { NULL }
  };

  g_option_context_set_summary (context,
                                _("Check catalog files, each as a layer over the bundled catalog. "
                                  "Problems are printed as FILE: PATH: message."));
  gp_cli_add_main_entries (context, entries);
  gp_cli_add_catalog_entry (context, &common);
  if (!gp_cli_parse_options (context, &argc, &argv, &exit_code))
    return exit_code;
  if (argc < 2)
    return gp_cli_usage_error (context, _("name at least one file"));
  if (plans)
    return validate_plans (argc, argv, &common);
  if (common.catalogs != NULL)
    return gp_cli_usage_error (context, _("--catalog is for --plan: catalog files are checked "
                                           "each over the bundled catalog"));

  for (int i = 1; i < argc; i++)
    {
      g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
      g_autoptr(GError) error = NULL;
      guint n_before = g_strv_length ((char **) gp_catalog_get_warnings (catalog));
      const char * const *warnings;

      if (!gp_cli_add_file_layer (catalog, argv[i], &error))
        {
          fprintf (stdout, "%s\n", error->message);
          exit_code = GP_CLI_EXIT_BAD_INPUT;
          continue;
        }

      warnings = gp_catalog_get_warnings (catalog);
      for (guint w = n_before; warnings[w] != NULL; w++)
        {
          /* Translators: a catalog problem worth checking that does not refuse the file */
          fprintf (stdout, _("%s (warning)"), warnings[w]);
          fputc ('\n', stdout);
        }
      fprintf (stdout, _("%s: valid"), argv[i]);
      fputc ('\n', stdout);
      /* Its offers are left to the system, which takes their memory back at once, rather than
       * freed one object at a time. */
      if (i + 1 == argc)
        {
          g_clear_object (&last_validated);
          last_validated = g_steal_pointer (&catalog);
        }
    }

  return exit_code;
}
