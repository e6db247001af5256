/* gp-cli-refresh.c — gpu-planner-cli refresh: the app's refresh, from the shell
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <unistd.h>

#include "gp-catalog-updater.h"
#include "gp-cli.h"
#include "gp-cli-common.h"
#include "gp-cli-refresh.h"

typedef struct
{
  GMainLoop       *loop;
  GpRefreshReport *report;
  GError          *error;
} Wait;

static void
refresh_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  Wait *wait = user_data;

  wait->report = gp_catalog_updater_refresh_finish (GP_CATALOG_UPDATER (object), result,
                                                    &wait->error);
  g_main_loop_quit (wait->loop);
}

static void
progress_cb (GpCatalogUpdater *updater,
             const char       *source,
             guint64           received,
             gint64            total,
             gpointer          user_data)
{
  g_autofree char *size = g_format_size (received);

  /* Progress goes to a terminal only: scripts read the summary. */
  if (isatty (fileno (stderr)))
    fprintf (stderr, "\r%s: %s   ", source, size);
}

static void
print_report (GpRefreshReport *report)
{
  for (guint i = 0; i < report->sources->len; i++)
    {
      GpSourceResult *result = g_ptr_array_index (report->sources, i);

      switch (result->status)
        {
        case GP_SOURCE_STATUS_UPDATED:
          printf (_("%s: updated, %u offers"), result->name, result->offers);
          if (result->as_of != NULL)
            /* Translators: after "aws: updated, 1234 offers": the figures' date and what it is,
             * "as of 2026-12-04, dated by the file's last change upstream" */
            printf (_(", as of %s, %s"), result->as_of, _(result->dated_by));
          break;

        case GP_SOURCE_STATUS_UNCHANGED:
          printf (_("%s: unchanged"), result->name);
          break;

        case GP_SOURCE_STATUS_FAILED:
        default:
          /* Translators: the message names the source and says why it failed */
          printf (_("failed: %s"), result->message);
          break;
        }
      putchar ('\n');
    }

  printf (_("%u offers changed, %u added, %u removed"), report->changed, report->added,
          report->removed);
  putchar ('\n');
  for (guint i = 0; i < report->moves->len; i++)
    printf ("  %s\n", (const char *) g_ptr_array_index (report->moves, i));
}

int
gp_cli_refresh (int    argc,
                char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GpCatalog) catalog = NULL;
  g_autoptr(GpCatalogUpdater) updater = NULL;
  g_autoptr(GMainLoop) loop = NULL;
  g_auto(GStrv) only = NULL;
  g_autofree char *url = NULL;
  Wait wait = { NULL };
  const GOptionEntry entries[] = { { "source", 0, 0, G_OPTION_ARG_STRING_ARRAY, &only,
                                     N_("Refresh only this source: aws, gcp, lambda, azure, "
                                         "azure-retail or catalog (repeatable)"),
                                     N_("NAME") },
                                   { "url", 0, 0, G_OPTION_ARG_STRING, &url,
                                     N_("Also fetch a catalog in our format from this address"),
                                     N_("URL") },
                                   { NULL } };

  g_option_context_set_summary (
      context, _("Fetch today's prices from the public sources into the refreshed "
                  "catalog in the user's cache, as the app's Refresh does. A source "
                  "that fails keeps its previous figures."));
  gp_cli_add_main_entries (context, entries);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc > 1)
    {
      fprintf (stderr, "gpu-planner-cli: %s\n",
               error != NULL ? error->message : _("this command takes no arguments"));
      return GP_CLI_EXIT_USAGE;
    }

  gp_catalog_updater_remove_stale_temporaries (NULL);
  updater = gp_catalog_updater_new (NULL);
  gp_catalog_updater_add_default_sources (updater, url);
  {
    g_autoptr(GpKeyStore) keys = gp_catalog_updater_get_user_keys ();

    gp_catalog_updater_add_keyed_sources (updater, keys);
  }
  for (guint i = 0; only != NULL && only[i] != NULL; i++)
    if (!g_strv_contains (gp_catalog_updater_get_source_names (updater), only[i]))
      {
        fprintf (stderr, _("gpu-planner-cli: unknown source “%s”"), only[i]);
        fputc ('\n', stderr);
        return GP_CLI_EXIT_USAGE;
      }

  catalog = gp_catalog_new_bundled ();
  gp_catalog_load_user_layers (catalog);
  loop = g_main_loop_new (NULL, FALSE);
  wait.loop = loop;
  g_signal_connect (updater, "progress", G_CALLBACK (progress_cb), NULL);
  gp_catalog_updater_refresh_async (updater, catalog, (const char * const *) only, NULL,
                                    refresh_cb, &wait);
  g_main_loop_run (loop);
  if (isatty (fileno (stderr)))
    fputc ('\n', stderr);

  if (wait.error != NULL)
    {
      fprintf (stderr, "%s\n", wait.error->message);
      g_error_free (wait.error);
      return GP_CLI_EXIT_BAD_INPUT;
    }

  print_report (wait.report);
  {
    guint failed = gp_refresh_report_get_n_failed (wait.report);
    gboolean history_kept = wait.report->history_problem == NULL;

    if (!history_kept)
      fprintf (stderr, _("Price history not updated: %s\n"), wait.report->history_problem);
    gp_refresh_report_free (wait.report);
    return failed > 0 || !history_kept ? GP_CLI_EXIT_BAD_INPUT : GP_CLI_EXIT_OK;
  }
}
