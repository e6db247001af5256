/* test-update-backend.c — the update module, loaded as the app loads it
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * This program does not link the module's code in, as the app does not: the module is found
 * where GPU_PLANNER_MODULEDIR says (the build's), or not at all.
 */

#include "config.h"

#include "gp-http-fetch.h"
#include "gp-update-backend.h"
#include "gp-update-error.h"

/* Every entry of the table is there, and the module's code runs: a session is made, an HTTP
 * date read, and the address policy it calls back into the program applied. */
static void
test_update_backend_loads (void)
{
  const GpUpdateBackend *backend = gp_update_backend_get ();
  g_autoptr(GpHttpSession) session = NULL;
  g_autoptr(GDateTime) date = NULL;
  g_autoptr(GInputStream) stream = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (backend);
  g_assert_true (backend == gp_update_backend_get ());
  g_assert_nonnull (backend->session_new);
  g_assert_nonnull (backend->session_set_timeout);
  g_assert_nonnull (backend->fetch_async);
  g_assert_nonnull (backend->fetch_finish);
  g_assert_nonnull (backend->open);
  g_assert_nonnull (backend->date_parse);
  g_assert_nonnull (backend->key_lookup);
  g_assert_nonnull (backend->key_store);
  g_assert_nonnull (backend->key_forget);

  session = gp_http_session_new (5);
  g_assert_nonnull (session);
  gp_http_session_set_timeout (session, 7);

  date = gp_http_date_parse ("Sun, 06 Nov 1994 08:49:37 GMT");
  g_assert_nonnull (date);
  g_assert_cmpint (g_date_time_get_year (date), ==, 1994);
  g_assert_cmpint (g_date_time_get_hour (date), ==, 8);
  g_assert_null (gp_http_date_parse ("yesterday"));

  stream = gp_http_open (session, "http://example.com/prices.json", "prices", NULL, &error);
  g_assert_null (stream);
  g_assert_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_INSECURE);
}

/* Without the module, the program stops and says which module and where it looked. */
static void
test_update_backend_missing (void)
{
  if (g_test_subprocess ())
    {
      g_setenv ("GPU_PLANNER_MODULEDIR", "/nonexistent/gpu-planner-modules", TRUE);
      gp_update_backend_get ();
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stderr (
      "*gpupdate-module*/nonexistent/gpu-planner-modules/libgpupdate-module.so:"
      " no such file*");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/update-backend/loads", test_update_backend_loads);
  g_test_add_func ("/update-backend/missing", test_update_backend_missing);

  return g_test_run ();
}
