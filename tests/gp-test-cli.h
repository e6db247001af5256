/* gp-test-cli.h — running gpu-planner-cli from the tests and reading what it prints
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* One run of the tool: what it printed and its exit status. */
typedef struct
{
  char *out;
  char *err;
  int   status;
} Run;

void       run_clear       (Run        *run);
char      *fixture         (const char *name);
void       limit_file_size (gpointer    user_data);
void       run_cli         (Run        *run,
                            const char *env,
                            ...) G_GNUC_NULL_TERMINATED;
void       run_program     (Run                *run,
                            const char * const *argv);
JsonArray *parse_array     (JsonParser *parser,
                            const char *text);
JsonObject *parse_object   (JsonParser *parser,
                            const char *text);
void       assert_keys     (JsonObject         *object,
                            const char * const *keys);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

G_END_DECLS
