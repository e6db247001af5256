/* gp-cli-launch.c — launch: the code that starts a job on an offer
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The snippet alone goes to the output, so that it can be saved as a file and run; what to
 * fill in, the upload, the price and the sources go to the error stream, as notes.
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>

#include "gp-cli.h"
#include "gp-cli-common.h"
#include "gp-cli-launch.h"
#include "gp-comparison.h"
#include "gp-format.h"
#include "gp-launch.h"
#include "gp-text.h"

/* "INSTANCE@REGION", or an instance alone: its cheapest region on demand. */
static GpOffer *
find_offer (GpCatalog  *catalog,
            const char *id)
{
  GpInstance *instance;
  GListModel *offers;
  GpOffer *cheapest = NULL;

  if (strchr (id, '@') != NULL)
    return gp_comparison_find_offer (catalog, id);
  if ((instance = gp_catalog_find_instance (catalog, id)) == NULL)
    return NULL;
  offers = gp_instance_get_offers (instance);
  for (guint i = 0; i < g_list_model_get_n_items (offers); i++)
    {
      g_autoptr(GpOffer) offer = g_list_model_get_item (offers, i);

      if (cheapest == NULL ||
          (isfinite (gp_offer_get_on_demand (offer)) &&
           !(gp_offer_get_on_demand (offer) >= gp_offer_get_on_demand (cheapest))))
        cheapest = offer;
    }
  return cheapest;
}

/* A Capacity Block's price: an hour of the machine, the whole block paid when it is bought. */
static void
print_block_price (GpOffer    *offer,
                   const char *currency)
{
  g_autofree char *money = gp_format_money (gp_offer_get_capacity_block (offer), currency);

  /* Translators: what an hour of a Capacity Block costs, "# Costs $31.46 an hour as a
   * Capacity Block, the whole block paid when it is bought" */
  fprintf (stderr,
           _("# Costs %s an hour as a Capacity Block, the whole block paid when it is "
              "bought"),
           money);
  fputc ('\n', stderr);
}

static void
print_notes (GpLaunchSnippet *snippet,
             GpOffer         *offer,
             gboolean         spot,
             const char      *currency)
{
  double on_demand = gp_offer_get_on_demand (offer);
  double price = spot ? gp_offer_get_price (offer, GP_OFFER_COLUMN_SPOT, TRUE) : on_demand;

  if (g_strcmp0 (snippet->format, "capacity-block") == 0)
    print_block_price (offer, currency);
  else if (isfinite (price) && price > 0)
    {
      g_autofree char *money = gp_format_money (price, currency);
      double listed = gp_offer_get_listed_price (offer, spot ? GP_ESTIMATE_PRICING_SPOT
                                                             : GP_ESTIMATE_PRICING_ON_DEMAND);

      /* A price listed in another currency (AWS China's yuan) is the one on the bill. */
      if (g_strcmp0 (gp_offer_get_currency (offer), currency) != 0 && isfinite (listed) &&
          listed > 0)
        {
          g_autofree char *bill = gp_format_money (listed, gp_offer_get_currency (offer));

          /* Translators: what the launched machine costs, then the price as the provider lists
           * it in its own currency: "# Costs $0.94 an hour (¥6.69 as listed), on demand" */
          fprintf (stderr, _("# Costs %s an hour (%s as listed), %s"), money, bill,
                   spot ? _("on spot") : _("on demand"));
        }
      else
        /* Translators: what the launched machine costs, "# Costs $32.77 an hour, on demand" */
        fprintf (stderr, _("# Costs %s an hour, %s"), money,
                 spot ? _("on spot") : _("on demand"));
      fputc ('\n', stderr);
    }
  else if (isfinite (on_demand) && on_demand > 0)
    {
      g_autofree char *money = gp_format_money (on_demand, currency);

      /* Translators: no spot price is published; the on-demand one is the ceiling */
      fprintf (stderr, _("# Costs at most %s an hour: its spot price is not published"), money);
      fputc ('\n', stderr);
    }
  if (snippet->placeholders[0] != NULL)
    {
      fprintf (stderr, "%s\n", _("# Fill in:"));
      for (guint i = 0; snippet->placeholders[i] != NULL; i++)
        fprintf (stderr, "#   %s: %s\n", snippet->placeholders[i], snippet->descriptions[i]);
    }
  if (snippet->upload != NULL)
    {
      /* Translators: the data upload command and how long it takes */
      g_autoptr(GString) upload = g_string_new (snippet->upload);

      /* A folder's name may hold a line break: every line of the command stays a comment. */
      g_string_replace (upload, "\n", "\n#   ", 0);
      fprintf (stderr, _("# Upload (about %.1f h at your speed):"), snippet->upload_hours);
      fprintf (stderr, "\n#   %s\n", upload->str);
      if (isfinite (snippet->egress_back))
        {
          g_autofree char *money = gp_format_money (snippet->egress_back, currency);

          /* Translators: what bringing the data back out of the cloud costs */
          fprintf (stderr, _("# Bringing the %.0f GB back costs %s in egress"),
                   snippet->egress_back_gb, money);
          fputc ('\n', stderr);
        }
      if (snippet->copy_from != NULL && isfinite (snippet->copy_egress))
        {
          g_autofree char *money = gp_format_money (snippet->copy_egress, currency);

          /* Translators: the data sits in another region than the machine; the copy's cost */
          fprintf (stderr,
                   _("# The data is in %s, the machine in %s: copying the %.0f GB across "
                      "regions costs at most %s in egress"),
                   snippet->copy_from, gp_offer_get_region_id (offer), snippet->copy_gb, money);
          fputc ('\n', stderr);
        }
      else if (snippet->copy_from != NULL)
        {
          /* Translators: the data sits in a region the machine's platform does not list */
          fprintf (stderr,
                   _("# The data is in %s, which %s does not list: copying it pays the egress "
                      "of the cloud it is in"),
                   snippet->copy_from, gp_provider_get_name (gp_offer_get_provider (offer)));
          fputc ('\n', stderr);
        }
    }
  if (snippet->containers >= 0)
    fprintf (stderr, "%s\n",
             snippet->containers ? _("# Containers: yes") : _("# Containers: no"));
  if (snippet->images != NULL)
    {
      /* Translators: the framework images a platform ships, as a dated source says */
      fprintf (stderr, _("# Images: %s"), snippet->images);
      fputc ('\n', stderr);
    }
  for (guint i = 0; i < snippet->sources->len; i++)
    {
      GpLaunchSource *source = g_ptr_array_index (snippet->sources, i);

      /* Translators: where a launch template comes from, and its date */
      fprintf (stderr, _("# Source: %s (%s), as of %s"), source->title,
               source->url ? source->url : "", source->as_of);
      fputc ('\n', stderr);
    }
}

int
gp_cli_launch (int    argc,
               char **argv)
{
  g_auto(GpCliCommonOptions) common = { NULL };
  g_autoptr(GOptionContext) context = g_option_context_new (_("OFFER"));
  g_autoptr(GpCatalog) catalog = NULL;
  g_autoptr(GpLaunchSnippet) snippet = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *format = NULL, *data_region = NULL, *data_dir = NULL;
  double dataset_gb = 0, upload_mbps = 100, hours = 0;
  gboolean spot = FALSE, block = FALSE;
  int exit_code = GP_CLI_EXIT_OK;
  GpLaunchUpload upload = { 0 };
  GpOffer *offer;
  const GOptionEntry entries[] = {
    { "format", 0, 0, G_OPTION_ARG_STRING, &format,
      N_("sagemaker, vertex, vertex-flex, azureml, skypilot, shell, colab or auto (default: "
          "the platform's own)"),
      N_("FORMAT") },
    { "spot", 0, 0, G_OPTION_ARG_NONE, &spot,
      N_("Run on spot, preemptible or low-priority capacity"), NULL },
    { "capacity-block", 0, 0, G_OPTION_ARG_NONE, &block,
      N_("Buy an EC2 Capacity Block for the machine and launch into it"), NULL },
    { "hours", 0, 0, G_OPTION_ARG_DOUBLE, &hours,
      N_("With --capacity-block: how long the job runs, for the block's length (default: "
          "left for you to fill in)"),
      N_("N") },
    { "dataset-gb", 0, 0, G_OPTION_ARG_DOUBLE, &dataset_gb,
      N_("The data to upload, for the upload command"), N_("N") },
    { "upload-mbps", 0, 0, G_OPTION_ARG_DOUBLE, &upload_mbps,
      N_("Your upload speed (default 100)"), N_("N") },
    { "data-dir", 0, 0, G_OPTION_ARG_FILENAME, &data_dir, N_("Where the data is (default ./data)"),
      N_("DIR") },
    { "data-region", 0, 0, G_OPTION_ARG_STRING, &data_region,
      N_("The region the data is in now, when it is in a cloud"), N_("REGION") },
    { NULL }
  };

  g_option_context_set_summary (
      context, _("Print the code that starts a training job on an offer (OFFER is INSTANCE or "
                  "INSTANCE@REGION, as list shows them): the platform's SDK or command line, or "
                  "a SkyPilot task. The values only you know are left as MY_ values. It never "
                  "holds credentials and never runs anything."));
  gp_cli_add_main_entries (context, entries);
  gp_cli_add_catalog_entry (context, &common);
  if (!gp_cli_parse_options (context, &argc, &argv, &exit_code))
    return exit_code;
  if (argc != 2)
    return gp_cli_usage_error (context, _("name one offer, as list shows it"));
  if (block && (spot || format != NULL))
    return gp_cli_usage_error (context, _("--capacity-block has its own code: leave out --spot "
                                           "and --format"));
  if (!(hours >= 0 && hours < 1e6) || (hours > 0 && !block))
    return gp_cli_usage_error (context, _("--hours goes with --capacity-block and must be 0 or "
                                           "more"));
  if (!(dataset_gb >= 0 && dataset_gb < 1e9) || !(upload_mbps > 0 && upload_mbps < 1e6))
    return gp_cli_usage_error (context, _("--dataset-gb must be 0 or more, --upload-mbps more "
                                           "than 0"));

  if (data_region != NULL && !gp_text_check (data_region, -1, GP_TEXT_ID, NULL))
    return gp_cli_usage_error (context, _("--data-region must be a region's id, as list shows "
                                           "it"));
  if ((catalog = gp_cli_open_catalog (&common, &exit_code)) == NULL)
    return exit_code;
  if ((offer = find_offer (catalog, argv[1])) == NULL)
    {
      fprintf (stderr, _("launch: no offer %s (see “list”)"), argv[1]);
      fputc ('\n', stderr);
      return GP_CLI_EXIT_BAD_INPUT;
    }
  if (spot && !(gp_provider_get_pricing (gp_offer_get_provider (offer)) & GP_PRICING_SPOT))
    {
      fprintf (stderr, _("launch: %s offers no spot capacity"),
               gp_provider_get_name (gp_offer_get_provider (offer)));
      fputc ('\n', stderr);
      return GP_CLI_EXIT_BAD_INPUT;
    }
  if (spot && format != NULL &&
      !gp_launch_data_offers_spot (gp_launch_data_get_default (), gp_offer_get_provider (offer),
                                   format))
    {
      /* Translators: --spot given for a template that waits for capacity instead, such as
       * Vertex AI's Flex-Start (vertex-flex) */
      fprintf (stderr, _("launch: the %s template has no spot choice: leave out --spot"), format);
      fputc ('\n', stderr);
      return GP_CLI_EXIT_BAD_INPUT;
    }

  upload = (GpLaunchUpload){ dataset_gb, upload_mbps, data_dir, data_region };
  snippet = block ? gp_launch_render_capacity_block (gp_launch_data_get_default (), offer, hours,
                                                     &upload, NULL, &error)
                  : gp_launch_render (gp_launch_data_get_default (), offer, format, spot, &upload,
                                      &error);
  if (snippet == NULL)
    {
      fprintf (stderr, "launch: %s\n", error->message);
      return GP_CLI_EXIT_BAD_INPUT;
    }
  fputs (snippet->text, stdout);
  print_notes (snippet, offer, spot, gp_catalog_get_currency (catalog));
  return GP_CLI_EXIT_OK;
}
