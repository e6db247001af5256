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
