/* gp-update-backend.c — the update module, found and loaded when first used
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * libsoup and libsecret bring a dozen libraries (Kerberos, SQLite, libgcrypt …) whose loading
 * and linking the app would pay at every start, before its first frame, though it needs them
 * only for a refresh, a download or the keyring. The app therefore loads them with the update
 * module on first use. A program that links the module's code in (the command-line tool, the
 * tests) defines gp_update_backend_builtin() itself, and that is used instead.
 */

#include "config.h"

#include <gmodule.h>

#include "gp-update-backend.h"

/* Defined where the module's code is linked in; otherwise the module is loaded. */
extern const GpUpdateBackend *gp_update_backend_builtin (void) __attribute__ ((weak));

#define MODULE_NAME "gpupdate-module"

/* Where the module lies: where GPU_PLANNER_MODULEDIR says (the tests, `meson devenv`), and
 * nowhere else; otherwise beside the program (a build tree), then where it is installed. */
static GPtrArray *
module_paths (void)
{
  GPtrArray *paths = g_ptr_array_new_with_free_func (g_free);
  const char *dir = g_getenv ("GPU_PLANNER_MODULEDIR");
  g_autofree char *program = NULL;

  if (dir != NULL && *dir != '\0')
    {
      g_ptr_array_add (paths, g_module_build_path (dir, MODULE_NAME));
      return paths;
    }
  program = g_file_read_link ("/proc/self/exe", NULL);
  if (program != NULL)
    {
      g_autofree char *beside = g_path_get_dirname (program);

      g_ptr_array_add (paths, g_module_build_path (beside, MODULE_NAME));
    }
  g_ptr_array_add (paths, g_module_build_path (PKGLIBDIR, MODULE_NAME));
  return paths;
}

static const GpUpdateBackend *
load_module (void)
{
  g_autoptr(GPtrArray) paths = module_paths ();
  g_autoptr(GString) tried = g_string_new (NULL);

  for (guint i = 0; i < paths->len; i++)
    {
      const char *path = g_ptr_array_index (paths, i);
      const GpUpdateBackend *(*get) (void) = NULL;
      GModule *module;

      if (!g_file_test (path, G_FILE_TEST_EXISTS))
        {
          g_string_append_printf (tried, "\n%s: no such file", path);
          continue;
        }
      module = g_module_open (path, G_MODULE_BIND_LAZY | G_MODULE_BIND_LOCAL);
      if (module != NULL &&
          g_module_symbol (module, "gp_update_backend_builtin", (gpointer *) &get) && get != NULL)
        {
          g_module_make_resident (module);
          return get ();
        }
      g_string_append_printf (tried, "\n%s: %s", path, g_module_error ());
      g_clear_pointer (&module, g_module_close);
    }
  /* The installation is broken: nothing could be downloaded or kept in the keyring. */
  g_error ("The update module %s could not be loaded:%s", MODULE_NAME, tried->str);
}

/* The network and the keyring: linked in, or the module, loaded once, for the process. */
const GpUpdateBackend *
gp_update_backend_get (void)
{
  static gsize backend;

  if (g_once_init_enter (&backend))
    {
      const GpUpdateBackend *found =
          gp_update_backend_builtin != NULL ? gp_update_backend_builtin () : load_module ();

      g_once_init_leave (&backend, (gsize) found);
    }
  return (const GpUpdateBackend *) backend;
}
