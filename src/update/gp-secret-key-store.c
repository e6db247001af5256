/* gp-secret-key-store.c — API keys in the user's keyring (the Secret Service, libsecret)
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One item a source, found by its name: the keyring encrypts it, and nothing of it is written
 * anywhere else. The calls wait for the keyring: a key is asked for once a refresh.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include "gp-secret-key-store.h"
#include "gp-update-backend.h"

struct _GpSecretKeyStore
{
  GObject parent_instance;
};

static void key_store_iface_init (GpKeyStoreInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (GpSecretKeyStore, gp_secret_key_store, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (GP_TYPE_KEY_STORE, key_store_iface_init))

static char *
secret_lookup (GpKeyStore  *store,
               const char  *source,
               GError     **error)
{
  /* Without a session bus there is no keyring to ask, and asking would start one. */
  if (g_getenv ("DBUS_SESSION_BUS_ADDRESS") == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("No session bus: there is no keyring to ask"));
      return NULL;
    }
  return gp_update_backend_get ()->key_lookup (source, error);
}

static gboolean
secret_store (GpKeyStore  *store,
              const char  *source,
              const char  *key,
              GError     **error)
{
  /* Translators: the keyring's name of an item, "GPU Planner: lambda-api API key" */
  g_autofree char *label = g_strdup_printf (_("GPU Planner: %s API key"), source);

  return gp_update_backend_get ()->key_store (source, label, key, error);
}

static gboolean
secret_forget (GpKeyStore  *store,
               const char  *source,
               GError     **error)
{
  return gp_update_backend_get ()->key_forget (source, error);
}

static void
key_store_iface_init (GpKeyStoreInterface *iface)
{
  iface->lookup = secret_lookup;
  iface->store = secret_store;
  iface->forget = secret_forget;
}

static void
gp_secret_key_store_class_init (GpSecretKeyStoreClass *klass)
{
}

static void
gp_secret_key_store_init (GpSecretKeyStore *self)
{
}

GpKeyStore *
gp_secret_key_store_new (void)
{
  return g_object_new (GP_TYPE_SECRET_KEY_STORE, NULL);
}
