/* gpu-planner-cli.c
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "gp-cli.h"

int
main (int   argc,
      char *argv[])
{
  const char *localedir = g_getenv ("GPU_PLANNER_LOCALEDIR");

  setlocale (LC_ALL, "");
  /* An uninstalled build (meson devenv) points this at its own translations. */
  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  return gp_cli_run (argc, argv);
}
