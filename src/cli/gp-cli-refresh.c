/* gp-cli-refresh.c — gpu-planner-cli refresh: the app's refresh, from the shell
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>
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
          for (guint n = 0; result->notes != NULL && n < result->notes->len; n++)
            printf ("\n  %s", (const char *) g_ptr_array_index (result->notes, n));
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

/* --url NAME=URL gives a source its addresses, several for one name tried in order; a --url
 * without a source's name before "=" is a catalog in our format, as before. */
static gboolean
apply_urls (GpCatalogUpdater  *updater,
            char             **urls,
            char             **catalog_url)
{
  const char *const *names = gp_catalog_updater_get_source_names (updater);
  g_autoptr(GHashTable) given =
      g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_ptr_array_unref);
  GHashTableIter iter;
  gpointer name, list;

  for (guint i = 0; urls != NULL && urls[i] != NULL; i++)
    {
      const char *equals = strchr (urls[i], '=');
      g_autofree char *name_part = equals != NULL ? g_strndup (urls[i], equals - urls[i]) : NULL;
      GPtrArray *addresses;

      /* "foo=https://…" names a source that is not there; "https://…?a=b" is an address. */
      if (name_part != NULL && strpbrk (name_part, ":/") == NULL &&
          !g_strv_contains (names, name_part) && !g_str_equal (name_part, "catalog"))
        {
          g_autofree char *valid = g_strjoinv (", ", (char **) names);

          /* Translators: a source name the user gave, then the list of the valid ones */
          fprintf (stderr, _("gpu-planner-cli: unknown source “%s”; the sources are: %s"),
                   name_part, valid);
          fputc ('\n', stderr);
          return FALSE;
        }
      if (name_part == NULL ||
          (!g_strv_contains (names, name_part) && !g_str_equal (name_part, "catalog")))
        {
          g_free (*catalog_url);
          *catalog_url = g_strdup (urls[i]);
          continue;
        }
      if (g_str_equal (name_part, "catalog") && !g_strv_contains (names, "catalog"))
        {
          g_free (*catalog_url);
          *catalog_url = g_strdup (equals + 1);
          continue;
        }
      addresses = g_hash_table_lookup (given, name_part);
      if (addresses == NULL)
        {
          addresses = g_ptr_array_new_with_free_func (g_free);
          g_hash_table_insert (given, g_strdup (name_part), addresses);
        }
      g_ptr_array_add (addresses, g_strdup (equals + 1));
    }

  g_hash_table_iter_init (&iter, given);
  while (g_hash_table_iter_next (&iter, &name, &list))
    {
      g_ptr_array_add (list, NULL);
      gp_catalog_updater_set_urls (updater, name,
                                   (const char *const *) ((GPtrArray *) list)->pdata);
    }
  return TRUE;
}

static char *
source_names_text (void)
{
  g_autoptr(GpCatalogUpdater) updater = gp_catalog_updater_new (NULL);

  gp_catalog_updater_add_default_sources (updater, "https://example.invalid/");
  return g_strjoinv (", ", (char **) gp_catalog_updater_get_source_names (updater));
}

int
gp_cli_refresh (int    argc,
                char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GpCatalog) catalog = NULL;
  g_autoptr(GpCatalogUpdater) updater = NULL;
  g_autoptr(GpKeyStore) keys = NULL;
  g_autoptr(GMainLoop) loop = NULL;
  g_auto(GStrv) only = NULL;
  g_auto(GStrv) urls = NULL;
  g_autofree char *url = NULL;
  g_autofree char *names = source_names_text ();
  g_autofree char *description = NULL;
  Wait wait = { NULL };
  const GOptionEntry entries[] = {
    { "source", 0, 0, G_OPTION_ARG_STRING_ARRAY, &only,
      N_("Refresh only this source (repeatable; the sources are listed below)"), N_("NAME") },
    { "url", 0, 0, G_OPTION_ARG_STRING_ARRAY, &urls,
      N_("Fetch source NAME from URL, a mirror (repeatable: several for one source are tried "
          "in order); a URL alone is a catalog in our format to fetch too"),
      N_("NAME=URL") },
    { NULL }
  };

  g_option_context_set_summary (
      context, _("Fetch today's prices from the public sources into the refreshed "
                  "catalog in the user's cache, as the app's Refresh does. A source "
                  "that fails keeps its previous figures."));
  /* Translators: the lists are of source names, which stay as they are; the second list's
   * sources are there only with the user's API key (keyring or environment) */
  description =
      g_strdup_printf (_("Sources: %s. With an API key: %s."), names, "lambda-api, gcp-billing");
  g_option_context_set_description (context, description);
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
  keys = gp_catalog_updater_get_user_keys ();
  {
    g_autoptr(GpCatalogUpdater) probe = gp_catalog_updater_new (NULL);

    /* A catalog's address must be known before the sources are made; the keyed sources are
     * there too, so that their addresses may be given (--url gcp-billing=… was refused). */
    gp_catalog_updater_add_default_sources (probe, NULL);
    gp_catalog_updater_add_keyed_sources (probe, keys);
    if (!apply_urls (probe, urls, &url))
      return GP_CLI_EXIT_USAGE;
  }
  gp_catalog_updater_add_default_sources (updater, url);
  gp_catalog_updater_add_keyed_sources (updater, keys);
  apply_urls (updater, urls, &url);
  for (guint i = 0; only != NULL && only[i] != NULL; i++)
    if (!g_strv_contains (gp_catalog_updater_get_source_names (updater), only[i]))
      {
        g_autofree char *valid =
            g_strjoinv (", ", (char **) gp_catalog_updater_get_source_names (updater));

        /* Translators: a source name the user gave, then the list of the valid ones */
        fprintf (stderr, _("gpu-planner-cli: unknown source “%s”; the sources are: %s"), only[i],
                 valid);
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
