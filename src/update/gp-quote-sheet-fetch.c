/* gp-quote-sheet-fetch.c — a price sheet read from a web address
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A lab shares its quotes as a sheet on a web page as often as in a file. It is downloaded under
 * the refresh's rules (gp-http-fetch.c: HTTPS, or plain HTTP to this computer; redirects on the
 * same host; a cap and a deadline), and read by gp_quote_sheet_read() as a file would be.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "gp-file.h"
#include "gp-quote-sheet-fetch.h"
#include "gp-update-error.h"

#define TIMEOUT_S  30
#define DEADLINE_S 120

/* Whether @text is an address (it names a scheme: "https:", "file:") rather than a path. A
 * Windows drive letter ("C:") is a path. */
gboolean
gp_quote_sheet_is_address (const char *text)
{
  g_autofree char *scheme = g_uri_parse_scheme (text);

  return scheme != NULL && strlen (scheme) > 1;
}

static gboolean
check_scheme (const char  *url,
              GError     **error)
{
  g_autofree char *scheme = g_uri_parse_scheme (url);

  if (scheme != NULL &&
      (g_ascii_strcasecmp (scheme, "https") == 0 || g_ascii_strcasecmp (scheme, "http") == 0))
    return gp_update_check_url (url, error);
  /* Translators: an address given for a price sheet that is not a web address; the address */
  g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_INSECURE,
               _("%s: a price sheet is read from an https:// address or from a file by its path"),
               url);
  return FALSE;
}

static void
fetched_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(GpHttpResponse) response = NULL;
  GError *error = NULL;

  response = gp_http_fetch_finish (result, &error);
  if (response == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  g_task_return_pointer (task,
                         response->pages->len > 0
                             ? g_bytes_ref (g_ptr_array_index (response->pages, 0))
                             : g_bytes_new (NULL, 0),
                         (GDestroyNotify) g_bytes_unref);
}

/* Downloads a price sheet; any other scheme ("file:") is refused, naming the address. */
void
gp_quote_sheet_fetch_async (const char          *url,
                            GpHttpProgress       progress,
                            gpointer             progress_data,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  g_autoptr(GpHttpSession) session = NULL;
  GpHttpFetchOptions options = {
    .max_size = GP_FILE_MAX_SIZE,
    .deadline_s = DEADLINE_S,
    .progress = progress,
    .progress_data = progress_data,
  };
  GError *error = NULL;

  g_task_set_source_tag (task, gp_quote_sheet_fetch_async);
  if (!check_scheme (url, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  session = gp_http_session_new (TIMEOUT_S);
  gp_http_fetch_async (session, url, &options, cancellable, fetched_cb, g_steal_pointer (&task));
}

GBytes *
gp_quote_sheet_fetch_finish (GAsyncResult  *result,
                             GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

typedef struct
{
  GMainLoop *loop;
  GBytes *bytes;
  GError *error;
} Wait;

static void
waited_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  Wait *wait = user_data;

  wait->bytes = gp_quote_sheet_fetch_finish (result, &wait->error);
  g_main_loop_quit (wait->loop);
}

/* Downloads a price sheet and waits for it on the main loop (the deadline's timer is there): for
 * the command line. */
GBytes *
gp_quote_sheet_fetch (const char  *url,
                      GError     **error)
{
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  Wait wait = { loop, NULL, NULL };

  gp_quote_sheet_fetch_async (url, NULL, NULL, NULL, waited_cb, &wait);
  g_main_loop_run (loop);
  if (wait.error != NULL)
    g_propagate_error (error, wait.error);
  return wait.bytes;
}
