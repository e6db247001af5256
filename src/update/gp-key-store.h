/* gp-key-store.h — where a source's API key is kept: the keyring, or memory in tests
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define GP_TYPE_KEY_STORE (gp_key_store_get_type ())

G_DECLARE_INTERFACE (GpKeyStore, gp_key_store, GP, KEY_STORE, GObject)

struct _GpKeyStoreInterface
{
  GTypeInterface parent_iface;

  char    *(*lookup) (GpKeyStore  *self,
                      const char  *source,
                      GError     **error);
  gboolean (*store)  (GpKeyStore  *self,
                      const char  *source,
                      const char  *key,
                      GError     **error);
  gboolean (*forget) (GpKeyStore  *self,
                      const char  *source,
                      GError     **error);
};

char     *gp_key_store_lookup (GpKeyStore  *self,
                               const char  *source,
                               GError     **error);
gboolean  gp_key_store_store  (GpKeyStore  *self,
                               const char  *source,
                               const char  *key,
                               GError     **error);
gboolean  gp_key_store_forget (GpKeyStore  *self,
                               const char  *source,
                               GError     **error);
void      gp_key_free         (char        *key);

void      gp_key_store_has_key_async  (GpKeyStore          *self,
                                       const char          *source,
                                       GCancellable        *cancellable,
                                       GAsyncReadyCallback  callback,
                                       gpointer             user_data);
gboolean  gp_key_store_has_key_finish (GpKeyStore          *self,
                                       GAsyncResult        *result,
                                       GError             **error);

G_END_DECLS
