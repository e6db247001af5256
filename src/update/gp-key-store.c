/* gp-key-store.c — where a source's API key is kept: the keyring, or memory in tests
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A key is a secret: it is asked for when a refresh starts, held only while the refresh runs,
 * sent in a request header (never in an address, which a server or a message could show), and
 * never written to a file, a log or the output.
 */

#include "config.h"

#include <string.h>

#include "gp-key-store.h"

G_DEFINE_INTERFACE (GpKeyStore, gp_key_store, G_TYPE_OBJECT)

static void
gp_key_store_default_init (GpKeyStoreInterface *iface)
{
}

char *
gp_key_store_lookup (GpKeyStore  *self,
                     const char  *source,
                     GError     **error)
{
  g_return_val_if_fail (GP_IS_KEY_STORE (self), NULL);
  g_return_val_if_fail (source != NULL, NULL);

  return GP_KEY_STORE_GET_IFACE (self)->lookup (self, source, error);
}

gboolean
gp_key_store_store (GpKeyStore  *self,
                    const char  *source,
                    const char  *key,
                    GError     **error)
{
  g_return_val_if_fail (GP_IS_KEY_STORE (self), FALSE);
  g_return_val_if_fail (source != NULL && key != NULL, FALSE);

  return GP_KEY_STORE_GET_IFACE (self)->store (self, source, key, error);
}

gboolean
gp_key_store_forget (GpKeyStore  *self,
                     const char  *source,
                     GError     **error)
{
  g_return_val_if_fail (GP_IS_KEY_STORE (self), FALSE);
  g_return_val_if_fail (source != NULL, FALSE);

  return GP_KEY_STORE_GET_IFACE (self)->forget (self, source, error);
}

/* Frees a key, overwritten first, so that it does not outlive its use in freed memory. */
void
gp_key_free (char *key)
{
  if (key == NULL)
    return;
  memset (key, 0, strlen (key));
  g_free (key);
}

static void
has_key_thread (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  GError *error = NULL;
  char *key = gp_key_store_lookup (source_object, task_data, &error);
  gboolean has_key = key != NULL && *key != '\0';

  gp_key_free (key);
  if (error != NULL)
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, has_key);
}

/* Whether a key for @source is kept, asked on a thread of its own: the keyring may take its time
 * (or start first), and a window listing the sources must not wait for it. Only the answer
 * leaves the thread, never the key. */
void
gp_key_store_has_key_async (GpKeyStore          *self,
                            const char          *source,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (GP_IS_KEY_STORE (self));
  g_return_if_fail (source != NULL);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, gp_key_store_has_key_async);
  g_task_set_task_data (task, g_strdup (source), g_free);
  g_task_run_in_thread (task, has_key_thread);
}

gboolean
gp_key_store_has_key_finish (GpKeyStore    *self,
                             GAsyncResult  *result,
                             GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
