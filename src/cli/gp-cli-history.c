/* gp-cli-history.c — gpu-planner-cli history: an offer's prices over time
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The dated points of one offer's on-demand and spot price: the series bundled with the
 * program (Compute Engine week by week, p5.48xlarge day by day) and the points the user's own
 * refreshes added. JSON rows are {date, on_demand, spot, source}, prices in the offer's
 * currency, null where a point has none.
 */

#include "config.h"

#include <math.h>

#include <stdio.h>

#include <glib/gi18n-lib.h>

#include "gp-cli-common.h"
#include "gp-cli-history.h"
#include "gp-cli.h"
#include "gp-comparison.h"
#include "gp-price-history.h"

enum
{
  HISTORY_DATE,
  HISTORY_ON_DEMAND,
  HISTORY_SPOT,
  HISTORY_SOURCE,
  HISTORY_CAPACITY_BLOCK,
  N_HISTORY_COLUMNS
};

static const GpCliColumn history_columns[N_HISTORY_COLUMNS] = {
  [HISTORY_DATE] = { "date", N_("Date"), -1 },
  [HISTORY_ON_DEMAND] = { "on_demand", N_("On-demand/h"), 4 },
  [HISTORY_SPOT] = { "spot", N_("Spot/h"), 4 },
  [HISTORY_SOURCE] = { "source", N_("Source"), -1 },
  /* Only for an offer with a series of Capacity Block prices, after the columns every offer
   * has. */
  [HISTORY_CAPACITY_BLOCK] = { "capacity_block", N_("Capacity Block/h"), 4 },
};

int
gp_cli_history (int    argc,
                char **argv)
{
  g_auto(GpCliCommonOptions) options = { NULL };
  g_autoptr(GOptionContext) context = g_option_context_new (_("OFFER"));
  g_autoptr(GpCatalog) catalog = NULL;
  g_autoptr(GpPriceHistory) history = NULL;
  g_autoptr(GpCliOutput) output = NULL;
  g_autoptr(GArray) points = NULL;
  g_autoptr(GError) error = NULL;
  GpCliFormat format;
  gboolean blocks = FALSE;
  int exit_code = GP_CLI_EXIT_OK;

  g_option_context_set_summary (
      context, _("Print an offer's prices over time (INSTANCE@REGION, as list shows it): the "
                  "series bundled with the program and the points your refreshes added."));
  gp_cli_add_common_entries (context, &options);
  if (!gp_cli_parse_options (context, &argc, &argv, &exit_code))
    return exit_code;
  if (argc != 2)
    return gp_cli_usage_error (context, _("name one offer, as list shows it"));
  if (!gp_cli_format_parse (options.format, TRUE, &format))
    return gp_cli_usage_error (context, _("--format must be table, csv or json"));
  if ((catalog = gp_cli_open_catalog (&options, &exit_code)) == NULL)
    return exit_code;
  if (gp_comparison_find_offer (catalog, argv[1]) == NULL)
    {
      fprintf (stderr, _("history: no offer %s (see “list”)"), argv[1]);
      fputc ('\n', stderr);
      return GP_CLI_EXIT_BAD_INPUT;
    }

  history = gp_price_history_new_bundled ();
  if (!gp_price_history_load_user (history, &error))
    {
      /* The bundled series still stand; the broken file is left as it is. */
      fprintf (stderr, "gpu-planner-cli: %s\n", error->message);
      exit_code = GP_CLI_EXIT_BAD_INPUT;
    }

  points = gp_price_history_lookup (history, argv[1]);
  if (points->len == 0 && format == GP_CLI_FORMAT_TABLE)
    {
      fprintf (stderr,
               _("history: no price history of %s yet: the bundled series cover "
                  "Compute Engine, EC2 p5.48xlarge in us-east-1 and EC2 Capacity Blocks, and "
                  "each refresh that brings a changed price adds a point"),
               argv[1]);
      fputc ('\n', stderr);
    }

  for (guint i = 0; i < points->len; i++)
    blocks |= !isnan (g_array_index (points, GpPricePoint, i).capacity_block);
  output = gp_cli_output_new (history_columns, blocks ? N_HISTORY_COLUMNS : HISTORY_CAPACITY_BLOCK);
  for (guint i = 0; i < points->len; i++)
    {
      const GpPricePoint *point = &g_array_index (points, GpPricePoint, i);

      gp_cli_output_add_row (output);
      gp_cli_output_set_string (output, HISTORY_DATE, point->date);
      gp_cli_output_set_number (output, HISTORY_ON_DEMAND, point->on_demand);
      gp_cli_output_set_number (output, HISTORY_SPOT, point->spot);
      gp_cli_output_set_string (output, HISTORY_SOURCE, point->source);
      if (blocks)
        gp_cli_output_set_number (output, HISTORY_CAPACITY_BLOCK, point->capacity_block);
    }
  return MAX (gp_cli_print_output (output, format), exit_code);
}
