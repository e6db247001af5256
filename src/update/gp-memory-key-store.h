/* gp-memory-key-store.h — API keys in memory: the tests' keyring, and a key from the environment
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "gp-key-store.h"

G_BEGIN_DECLS

#define GP_TYPE_MEMORY_KEY_STORE (gp_memory_key_store_get_type ())

G_DECLARE_FINAL_TYPE (GpMemoryKeyStore, gp_memory_key_store, GP, MEMORY_KEY_STORE, GObject)

GpKeyStore *gp_memory_key_store_new (void);

G_END_DECLS
