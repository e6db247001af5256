/* gp-secret-key-store.h — API keys in the user's keyring (the Secret Service, libsecret)
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "gp-key-store.h"

G_BEGIN_DECLS

#define GP_TYPE_SECRET_KEY_STORE (gp_secret_key_store_get_type ())

G_DECLARE_FINAL_TYPE (GpSecretKeyStore, gp_secret_key_store, GP, SECRET_KEY_STORE, GObject)

GpKeyStore *gp_secret_key_store_new (void);

G_END_DECLS
