/* gp-test-cli.c — running gpu-planner-cli from the tests and reading what it prints
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <sys/resource.h>

#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "gp-test-cli.h"

void
run_clear (Run *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
}

char *
fixture (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "fixtures", name, NULL);
}

/* A full disk, as the system gives it: files may not grow past @user_data bytes, and the write
 * fails (EFBIG, where a full disk gives ENOSPC) instead of killing the process. */
void
limit_file_size (gpointer user_data)
{
  struct rlimit limit = { GPOINTER_TO_UINT (user_data), GPOINTER_TO_UINT (user_data) };

  signal (SIGXFSZ, SIG_IGN);
  setrlimit (RLIMIT_FSIZE, &limit);
}

static void
spawn (Run               *run,
       const char * const *argv,
       char             **envp,
       GSpawnChildSetupFunc child_setup,
       gpointer           child_data)
{
  g_autoptr(GError) error = NULL;
  int wait_status;

  g_spawn_sync (NULL, (char **) argv, envp, G_SPAWN_DEFAULT, child_setup, child_data, &run->out,
                &run->err, &wait_status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  run->status = WEXITSTATUS (wait_status);
}

/* Runs a program other than the tool, @argv NULL-terminated, in the tests' environment. */
void
run_program (Run                *run,
             const char * const *argv)
{
  spawn (run, argv, NULL, NULL, NULL);
}

/* Runs the tool with the arguments, NULL-terminated; @env adds one VAR=value, or NULL;
 * GP_TEST_FSIZE=N runs it on a disk that fills at N bytes a file. */
void
run_cli (Run        *run,
         const char *env,
         ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_auto(GStrv) envp = g_get_environ ();
  gboolean full_disk = env != NULL && g_str_has_prefix (env, "GP_TEST_FSIZE=");
  const char *arg;
  va_list args;

  g_ptr_array_add (argv, (gpointer) g_getenv ("GP_CLI"));
  va_start (args, env);
  while ((arg = va_arg (args, const char *)) != NULL)
    g_ptr_array_add (argv, (gpointer) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  if (env != NULL)
    {
      g_auto(GStrv) pair = g_strsplit (env, "=", 2);
      envp = g_environ_setenv (envp, pair[0], pair[1], TRUE);
    }

  spawn (run, (const char *const *) argv->pdata, envp, full_disk ? limit_file_size : NULL,
         full_disk ? GUINT_TO_POINTER (atoi (env + strlen ("GP_TEST_FSIZE="))) : NULL);
}

static JsonNode *
parse_root (JsonParser *parser,
            const char *text)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (json_parser_load_from_data (parser, text, -1, &error));
  g_assert_no_error (error);
  return json_parser_get_root (parser);
}

JsonArray *
parse_array (JsonParser *parser,
             const char *text)
{
  JsonNode *root = parse_root (parser, text);

  g_assert_true (JSON_NODE_HOLDS_ARRAY (root));
  return json_node_get_array (root);
}

JsonObject *
parse_object (JsonParser *parser,
              const char *text)
{
  JsonNode *root = parse_root (parser, text);

  g_assert_true (JSON_NODE_HOLDS_OBJECT (root));
  return json_node_get_object (root);
}

/* The JSON interface: @object has exactly @keys (%NULL-terminated), in that order. */
void
assert_keys (JsonObject         *object,
             const char * const *keys)
{
  g_autoptr(GList) members = json_object_get_members (object);
  guint k = 0;

  for (GList *l = members; l != NULL; l = l->next, k++)
    g_assert_cmpstr (l->data, ==, keys[k]);
  g_assert_null (keys[k]);
}
