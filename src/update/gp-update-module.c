/* gp-update-module.c — the update module: the network with libsoup, the keyring with libsecret
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Built twice: as a module the app loads on first use (gp-update-backend.c), and into a static
 * library the command-line tool and the tests link whole. The module calls back into the
 * program that loads it for the update layer's error domain, its address policy and its key
 * wiping only: the program exports those (gp-update-module.sym).
 */

#include "config.h"

#include "gp-update-module.h"

static const GpUpdateBackend backend = {
  .session_new = gp_http_soup_session_new,
  .session_set_timeout = gp_http_soup_session_set_timeout,
  .fetch_async = gp_http_soup_fetch_async,
  .fetch_finish = gp_http_soup_fetch_finish,
  .open = gp_http_soup_open,
  .date_parse = gp_http_soup_date_parse,
  .key_lookup = gp_keyring_secret_lookup,
  .key_store = gp_keyring_secret_store,
  .key_forget = gp_keyring_secret_forget,
};

const GpUpdateBackend *
gp_update_backend_builtin (void)
{
  return &backend;
}
