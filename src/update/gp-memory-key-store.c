/* gp-memory-key-store.c — API keys in memory: the tests' keyring, and a key from the environment
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "gp-memory-key-store.h"

struct _GpMemoryKeyStore
{
  GObject parent_instance;

  GHashTable *keys; /* source → key */
};

static void key_store_iface_init (GpKeyStoreInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (GpMemoryKeyStore, gp_memory_key_store, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (GP_TYPE_KEY_STORE, key_store_iface_init))

static char *
memory_lookup (GpKeyStore  *store,
               const char  *source,
               GError     **error)
{
  GpMemoryKeyStore *self = GP_MEMORY_KEY_STORE (store);

  return g_strdup (g_hash_table_lookup (self->keys, source));
}

static gboolean
memory_store (GpKeyStore  *store,
              const char  *source,
              const char  *key,
              GError     **error)
{
  GpMemoryKeyStore *self = GP_MEMORY_KEY_STORE (store);

  g_hash_table_replace (self->keys, g_strdup (source), g_strdup (key));
  return TRUE;
}

static gboolean
memory_forget (GpKeyStore  *store,
               const char  *source,
               GError     **error)
{
  g_hash_table_remove (GP_MEMORY_KEY_STORE (store)->keys, source);
  return TRUE;
}

static void
key_store_iface_init (GpKeyStoreInterface *iface)
{
  iface->lookup = memory_lookup;
  iface->store = memory_store;
  iface->forget = memory_forget;
}

static void
gp_memory_key_store_finalize (GObject *object)
{
  g_hash_table_unref (GP_MEMORY_KEY_STORE (object)->keys);
  G_OBJECT_CLASS (gp_memory_key_store_parent_class)->finalize (object);
}

static void
gp_memory_key_store_class_init (GpMemoryKeyStoreClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = gp_memory_key_store_finalize;
}

static void
gp_memory_key_store_init (GpMemoryKeyStore *self)
{
  self->keys =
      g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) gp_key_free);
}

GpKeyStore *
gp_memory_key_store_new (void)
{
  return g_object_new (GP_TYPE_MEMORY_KEY_STORE, NULL);
}
