/* gp-keyring-secret.c — API keys in the Secret Service, with libsecret
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Part of the update module (gp-update-module.c): GpSecretKeyStore is what the rest of the
 * layer calls.
 */

#include "config.h"

#include <libsecret/secret.h>

#include "gp-update-module.h"

static const SecretSchema *
key_schema (void)
{
  static const SecretSchema schema = {
    "io.github.gpuplanner.GpuPlanner.ApiKey",
    SECRET_SCHEMA_NONE,
    {
        { "source", SECRET_SCHEMA_ATTRIBUTE_STRING },
        { NULL, 0 },
    },
  };

  return &schema;
}

char *
gp_keyring_secret_lookup (const char  *source,
                          GError     **error)
{
  char *secret = secret_password_lookup_sync (key_schema (), NULL, error, "source", source, NULL);
  char *key = g_strdup (secret);

  secret_password_free (secret);
  return key;
}

gboolean
gp_keyring_secret_store (const char  *source,
                         const char  *label,
                         const char  *key,
                         GError     **error)
{
  return secret_password_store_sync (key_schema (), SECRET_COLLECTION_DEFAULT, label, key, NULL,
                                     error, "source", source, NULL);
}

gboolean
gp_keyring_secret_forget (const char  *source,
                          GError     **error)
{
  g_autoptr(GError) local_error = NULL;

  secret_password_clear_sync (key_schema (), NULL, &local_error, "source", source, NULL);
  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  return TRUE;
}
