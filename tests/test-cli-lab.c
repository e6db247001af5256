/* test-cli-lab.c — gpu-planner-cli lab, breakeven, budget and launch as scripts use them
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "gp-test-cli.h"

#define LAB_ADD_ARGS                                                                             \
  "--id", "server1", "--name", "8x A100 server", "--gpu", "a100-sxm4-80gb", "--gpus", "8",       \
      "--price", "150000", "--currency", "CNY", "--purchased", "2026-11-01", "--lifetime-years", \
      "3", "--maintenance-pct", "5", "--power-kw", "2.0", "--pue", "1.3", "--electricity-price", \
      "0.8"

static void
assert_close (double value,
              double expected)
{
  g_assert_cmpfloat_with_epsilon (value, expected, 1e-4);
}

static char *
read_text (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  return text;
}

/* lab add, list and remove: the machine goes into the user's layer (here the file of
 * --catalog) with the user as its source, lists like any offer, and its cost an hour follows
 * the formula; bad figures are refused by name and leave the file as it was. */
static void
test_lab (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("gp-cli-lab-XXXXXX", &error);
  g_autofree char *file = g_build_filename (dir, "lab.json", NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *before = NULL;
  JsonObject *machine, *terms;
  JsonArray *rows;
  gboolean listed = FALSE;

  g_assert_no_error (error);
  {
    g_auto(Run) run = { 0 };

    run_cli (&run, NULL, "lab", "add", LAB_ADD_ARGS, "--utilisation-pct", "50", "--catalog", file,
             NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_nonnull (strstr (run.out, "1.9010"));
  }
  {
    g_auto(Run) run = { 0 };

    run_cli (&run, NULL, "lab", "list", "--format", "json", "--catalog", file, NULL);
    g_assert_cmpint (run.status, ==, 0);
    rows = parse_array (parser, run.out);
    g_assert_cmpuint (json_array_get_length (rows), ==, 1);
    machine = json_array_get_object_element (rows, 0);
    g_assert_cmpstr (json_object_get_string_member (machine, "id"), ==, "lab/server1");
    g_assert_cmpstr (json_object_get_string_member (machine, "currency"), ==, "CNY");
    /* (150000/13140 + 7500/4380)/8 + 2.08/8 = 1.6410 + 0.2600 */
    assert_close (json_object_get_double_member (machine, "per_gpu_hour"), 1.9010);
    terms = json_object_get_object_member (machine, "terms");
    assert_close (json_object_get_double_member (terms, "capital"), 150000.0 / 13140 / 8);
    assert_close (json_object_get_double_member (terms, "maintenance"), 7500.0 / 4380 / 8);
    assert_close (json_object_get_double_member (terms, "staff"), 0);
    assert_close (json_object_get_double_member (terms, "energy"), 0.26);
  }
  {
    g_auto(Run) run = { 0 };

    /* An offer like any other, of the provider lab, its source the person who entered it. */
    run_cli (&run, NULL, "list", "--format", "json", "--catalog", file, NULL);
    g_assert_cmpint (run.status, ==, 0);
    rows = parse_array (parser, run.out);
    for (guint i = 0; i < json_array_get_length (rows); i++)
      {
        JsonObject *row = json_array_get_object_element (rows, i);

        if (g_strcmp0 (json_object_get_string_member (row, "instance"), "lab/server1") != 0)
          continue;
        listed = TRUE;
        g_assert_cmpstr (json_object_get_string_member (row, "provider"), ==, "lab");
        /* The user, never the login name: a budget's reader knows no "root". */
        g_assert_cmpstr (json_object_get_string_member (row, "source"), ==, "Entered by you");
        assert_close (json_object_get_double_member (row, "per_gpu_hour"), 1.9010);
      }
    g_assert_true (listed);
  }

  /* Refused, by the option's name, the file left whole. */
  before = read_text (file);
  {
    /* A later option wins over the same one before it. */
    static const char *const bad[][2] = {
      { "--utilisation-pct", "0" },
      { "--utilisation-pct", "150" },
      { "--price", "-5" },
      { "--gpus", "0" },
      { "--pue", "0.5" },
      { "--price", "0x10" },
      { "--price", "inf" },
      { "--power-kw", "nan" },
      { "--gpus", "2000000000" },
      { "--utilisation-pct", "1e-300" },
      { "--purchased", "2026-02-30" },
      { "--price", "1e999" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
      {
        g_auto(Run) run = { 0 };
        g_autofree char *after = NULL;

        run_cli (&run, NULL, "lab", "add", LAB_ADD_ARGS, "--utilisation-pct", "50", bad[i][0],
                 bad[i][1], "--id", "other", "--catalog", file, NULL);
        g_assert_cmpint (run.status, ==, 2);
        /* Named alone, not in a list of what is needed. */
        g_assert_true (g_str_has_prefix (run.err, "gpu-planner-cli: "));
        g_assert_true (g_str_has_prefix (run.err + strlen ("gpu-planner-cli: "), bad[i][0]));
        after = read_text (file);
        g_assert_cmpstr (after, ==, before);
      }
  }
  {
    /* An id is one word: no folder, no "..", no line break, not empty; a name shows as it is. */
    static const char *const bad_ids[][2] = {
      { "--id", "../x" }, { "--id", "a/b" },        { "--id", "a\nb" },
      { "--id", "" },     { "--id", "$(touch F)" }, { "--name", "x\x1b[2J" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (bad_ids); i++)
      {
        g_auto(Run) run = { 0 };
        g_autofree char *after = NULL;

        run_cli (&run, NULL, "lab", "add", LAB_ADD_ARGS, "--utilisation-pct", "50", "--id", "other",
                 bad_ids[i][0], bad_ids[i][1], "--catalog", file, NULL);
        g_assert_cmpint (run.status, ==, 1);
        g_assert_nonnull (strstr (run.err, bad_ids[i][0] + 2));
        after = read_text (file);
        g_assert_cmpstr (after, ==, before);
      }
  }
  {
    g_auto(Run) run = { 0 };

    /* The same id twice is a mistake, not an edit. */
    run_cli (&run, NULL, "lab", "add", LAB_ADD_ARGS, "--utilisation-pct", "50", "--catalog", file,
             NULL);
    g_assert_cmpint (run.status, ==, 1);
    g_assert_nonnull (strstr (run.err, "lab/server1"));
  }

  {
    g_auto(Run) run = { 0 };
    g_autofree char *after = NULL;

    run_cli (&run, NULL, "lab", "remove", "server1", "--catalog", file, NULL);
    g_assert_cmpint (run.status, ==, 0);
    after = read_text (file);
    g_assert_null (strstr (after, "lab/server1"));
    g_assert_null (strstr (after, "\"local\""));
  }
  {
    g_auto(Run) run = { 0 };

    run_cli (&run, NULL, "lab", "remove", "server1", "--catalog", file, NULL);
    g_assert_cmpint (run.status, ==, 1);
  }

  g_remove (file);
  g_rmdir (dir);
}

/* Tiny and huge figures are written as JSON numbers ("3e-10", not json-glib's "3e-10.0"): the
 * list parses with Python's json, and the layer takes the next machine. */
static void
test_lab_json_numbers (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("gp-cli-lab-XXXXXX", &error);
  g_autofree char *file = g_build_filename (dir, "lab.json", NULL);
  g_autofree char *list = g_build_filename (dir, "list.json", NULL);
  g_auto(Run) run = { 0 };
  g_autofree char *command = NULL;
  int status;

  run_cli (&run, NULL, "lab", "add", LAB_ADD_ARGS, "--utilisation-pct", "50", "--electricity-price",
           "3e-10", "--price", "9999999999", "--catalog", file, NULL);
  g_assert_cmpint (run.status, ==, 0);
  run_clear (&run);
  run_cli (&run, NULL, "lab", "list", "--format", "json", "--catalog", file, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_null (strstr (run.out, "e-10.0"));
  g_assert_true (g_file_set_contents (list, run.out, -1, NULL));
  command = g_strdup_printf ("python3 -c \"import json, sys; json.load(open(sys.argv[1])); "
                             "json.load(open(sys.argv[2]))\" %s %s",
                             list, file);
  g_spawn_command_line_sync (command, NULL, NULL, &status, &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  run_clear (&run);
  run_cli (&run, NULL, "lab", "add", LAB_ADD_ARGS, "--utilisation-pct", "50", "--id", "second",
           "--catalog", file, NULL);
  g_assert_cmpint (run.status, ==, 0);

  g_remove (list);
  g_remove (file);
  g_rmdir (dir);
}

/* Ten "lab add" at once to one layer: each waits for the layer's lock, and all ten machines
 * are there after. */
static void
test_lab_concurrent (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("gp-cli-lab-XXXXXX", &error);
  g_autofree char *file = g_build_filename (dir, "lab.json", NULL);
  g_autoptr(GString) script = g_string_new (NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_auto(Run) run = { 0 };
  const char *argv[] = { "sh", "-c", NULL, NULL };
  int status;

  g_assert_no_error (error);
  for (guint i = 0; i < 10; i++)
    g_string_append_printf (
        script,
        "'%s' lab add --id m%u --gpu a100-sxm4-80gb --gpus 8 --price 150000 --currency CNY "
        "--purchased 2026-11-01 --lifetime-years 3 --maintenance-pct 5 --power-kw 2 --pue 1.3 "
        "--electricity-price 0.8 --utilisation-pct 50 --catalog '%s' >/dev/null || exit 1 &\n",
        g_getenv ("GP_CLI"), i, file);
  g_string_append (script, "wait\n");
  argv[2] = script->str;
  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL, &status,
                &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));

  run_cli (&run, NULL, "lab", "list", "--format", "json", "--catalog", file, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpuint (json_array_get_length (parse_array (parser, run.out)), ==, 10);

  {
    g_autofree char *lock = g_strconcat (file, ".lock", NULL);

    g_remove (lock);
  }
  g_remove (file);
  g_rmdir (dir);
}

/* The user's layer is theirs: a read-only command leaves a broken one in place and says so; a
 * lab add keeps it aside, under a new name each time, and says where; a layer that is a
 * symbolic link stays one. */
static void
test_lab_keeps_files (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("gp-cli-lab-XXXXXX", &error);
  g_autofree char *file = g_build_filename (dir, "lab.json", NULL);
  g_autofree char *aside = g_strconcat (file, ".unreadable", NULL);
  g_autofree char *aside2 = g_strconcat (file, ".unreadable.2", NULL);
  g_autofree char *real = g_build_filename (dir, "real.json", NULL);
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  for (guint round = 0; round < 2; round++)
    {
      g_auto(Run) run = { 0 };

      g_assert_true (g_file_set_contents (file, round == 0 ? "{\"broken\":" : "[1,", -1, NULL));
      run_cli (&run, NULL, "list", "--catalog", file, NULL);
      g_assert_cmpint (run.status, !=, 0);
      g_assert_true (g_file_test (file, G_FILE_TEST_IS_REGULAR));
      run_clear (&run);
      run_cli (&run, NULL, "lab", "list", "--catalog", file, NULL);
      g_assert_true (g_file_test (file, G_FILE_TEST_IS_REGULAR));
      run_clear (&run);

      run_cli (&run, NULL, "lab", "add", LAB_ADD_ARGS, "--utilisation-pct", "50", "--catalog", file,
               NULL);
      g_assert_cmpint (run.status, ==, 0);
      g_assert_nonnull (strstr (run.err, round == 0 ? aside : aside2));
    }
  g_assert_true (g_file_get_contents (aside, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, "{\"broken\":");
  g_clear_pointer (&text, g_free);
  g_assert_true (g_file_get_contents (aside2, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, "[1,");
  g_clear_pointer (&text, g_free);

  /* Through a link: the file it names gets the machine, the link stays. */
  g_assert_cmpint (g_rename (file, real), ==, 0);
  g_assert_cmpint (symlink ("real.json", file), ==, 0);
  {
    g_auto(Run) run = { 0 };

    run_cli (&run, NULL, "lab", "add", LAB_ADD_ARGS, "--utilisation-pct", "50", "--id", "second",
             "--catalog", file, NULL);
    g_assert_cmpint (run.status, ==, 0);
  }
  g_assert_true (g_file_test (file, G_FILE_TEST_IS_SYMLINK));
  g_assert_true (g_file_get_contents (real, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "lab/second"));

  {
    g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
    const char *name;

    while ((name = g_dir_read_name (listing)) != NULL)
      {
        g_autofree char *path = g_build_filename (dir, name, NULL);

        g_remove (path);
      }
  }
  g_rmdir (dir);
}

/* Without --catalog the machine goes to the user's own layer, which the app and every command
 * read. */
static void
test_lab_user_layer (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("gp-cli-lab-XXXXXX", &error);
  g_autofree char *env = g_strconcat ("XDG_DATA_HOME=", dir, NULL);
  g_autofree char *file = g_build_filename (dir, "gpu-planner", "catalog.json", NULL);
  g_autofree char *sub = g_build_filename (dir, "gpu-planner", NULL);
  g_auto(Run) add = { 0 };
  g_auto(Run) list = { 0 };

  g_assert_no_error (error);
  run_cli (&add, env, "lab", "add", LAB_ADD_ARGS, "--utilisation-pct", "50", NULL);
  g_assert_cmpint (add.status, ==, 0);
  g_assert_true (g_file_test (file, G_FILE_TEST_IS_REGULAR));
  run_cli (&list, env, "lab", "list", NULL);
  g_assert_cmpint (list.status, ==, 0);
  g_assert_nonnull (strstr (list.out, "lab/server1"));

  g_remove (file);
  g_rmdir (sub);
  g_rmdir (dir);
}

/* The break-even month, checked by hand: a 10,000 USD machine of one GPU for two years, with
 * nothing to run it, against renting that GPU at 1 USD an hour: 500 GPU-hours a month cost
 * 500 USD to rent, so buying pays off in month 20; at 100 a month it never does. */
static void
test_breakeven (void)
{
  static const char layer[] =
      "{\"schema_version\":1,\"sources\":[{\"id\":\"t\",\"title\":\"Test\","
      "\"as_of\":\"2026-11-01\"}],"
      "\"gpus\":[{\"id\":\"test-gpu\",\"name\":\"Test GPU\",\"memory_gb\":80,"
      "\"source\":\"t\"}],"
      "\"instances\":[{\"id\":\"lambda/test-1x\",\"provider\":\"lambda\",\"name\":\"test-1x\","
      "\"gpu\":\"test-gpu\",\"gpu_count\":1,\"source\":\"t\","
      "\"prices\":[{\"region\":\"us-east-1\",\"on_demand\":1.0}]}]}";
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("gp-cli-breakeven-XXXXXX", &error);
  g_autofree char *rentals = g_build_filename (dir, "rentals.json", NULL);
  g_autofree char *lab = g_build_filename (dir, "lab.json", NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_auto(Run) add = { 0 };

  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (rentals, layer, -1, &error));
  run_cli (&add, NULL, "lab", "add", "--id", "box", "--gpu", "a100-sxm4-80gb", "--gpus", "1",
           "--price", "10000", "--currency", "USD", "--purchased", "2026-01-01", "--lifetime-years",
           "2", "--maintenance-pct", "0", "--power-kw", "0", "--pue", "1", "--electricity-price",
           "0", "--utilisation-pct", "100", "--catalog", lab, NULL);
  g_assert_cmpint (add.status, ==, 0);
  /* The machine is of the test GPU: the only rental is the one above. */
  {
    g_autofree char *text = read_text (lab);
    g_autoptr(GString) edited = g_string_new (text);

    g_string_replace (edited, "a100-sxm4-80gb", "test-gpu", 0);
    g_assert_true (g_file_set_contents (lab, edited->str, -1, &error));
  }

  for (guint i = 0; i < 2; i++)
    {
      g_auto(Run) run = { 0 };
      JsonObject *root, *month;
      JsonArray *months, *rent;
      JsonNode *breakeven;

      run_cli (&run, NULL, "breakeven", "--lab", "box", "--gpu-hours-per-month",
               i == 0 ? "500" : "100", "--format", "json", "--catalog", rentals, "--catalog", lab,
               NULL);
      g_assert_cmpint (run.status, ==, 0);
      g_assert_true (json_parser_load_from_data (parser, run.out, -1, &error));
      root = json_node_get_object (json_parser_get_root (parser));
      g_assert_cmpstr (json_object_get_string_member (root, "lab"), ==, "lab/box");
      g_assert_cmpstr (json_object_get_string_member (root, "currency"), ==, "USD");
      assert_close (json_object_get_double_member (root, "per_gpu_hour"), 10000.0 / (2 * 8760));
      g_assert_true (
          json_object_has_member (json_object_get_object_member (root, "terms"), "capital"));
      months = json_object_get_array_member (root, "months");
      g_assert_cmpuint (json_array_get_length (months), ==, 24);
      month = json_array_get_object_element (months, 19);
      g_assert_cmpint (json_object_get_int_member (month, "month"), ==, 20);
      assert_close (json_object_get_double_member (month, "buy"), 10000);
      rent = json_object_get_array_member (month, "rent");
      g_assert_cmpuint (json_array_get_length (rent), ==, 1);
      g_assert_cmpstr (
          json_object_get_string_member (json_array_get_object_element (rent, 0), "instance"), ==,
          "lambda/test-1x");
      g_assert_cmpstr (
          json_object_get_string_member (json_array_get_object_element (rent, 0), "pricing"), ==,
          "on-demand");
      assert_close (json_object_get_double_member (json_array_get_object_element (rent, 0), "cost"),
                    (i == 0 ? 500.0 : 100.0) * 20);
      breakeven = json_object_get_member (root, "breakeven_month");
      if (i == 0)
        g_assert_cmpint (json_node_get_int (breakeven), ==, 20);
      else
        g_assert_true (JSON_NODE_HOLDS_NULL (breakeven));
    }

  {
    g_auto(Run) run = { 0 };
    JsonObject *root;

    /* A job as estimate takes it, instead: 500 GPU-hours on the machine's own GPU, done
     * within a month, is 500 a month. */
    run_cli (&run, NULL, "breakeven", "--lab", "box", "--gpu-hours", "500", "--reference-gpu",
             "test-gpu", "--format", "json", "--catalog", rentals, "--catalog", lab, NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_true (json_parser_load_from_data (parser, run.out, -1, &error));
    root = json_node_get_object (json_parser_get_root (parser));
    g_assert_cmpint (json_object_get_int_member (root, "breakeven_month"), ==, 20);
  }
  {
    g_auto(Run) run = { 0 };
    g_autofree char *svg = g_build_filename (dir, "breakeven.svg", NULL);
    g_autofree char *csv = g_build_filename (dir, "breakeven.csv", NULL);
    g_autofree char *drawn = NULL, *table = NULL;

    /* The chart, and its lines month by month: buying 10,000 at once against 500 a month. */
    run_cli (&run, NULL, "breakeven", "--lab", "box", "--gpu-hours-per-month", "500", "--output",
             svg, "--csv", csv, "--catalog", rentals, "--catalog", lab, NULL);
    g_assert_cmpint (run.status, ==, 0);
    drawn = read_text (svg);
    g_assert_true (g_str_has_prefix (drawn, "<?xml"));
    table = read_text (csv);
    g_assert_true (g_str_has_prefix (table, "month,"));
    g_assert_nonnull (strstr (table, "\r\n20,10000.00,10000.00,USD\r\n"));
    g_remove (svg);
    g_remove (csv);
  }
  {
    g_auto(Run) run = { 0 };

    /* A chart needs a file it can be written as. */
    run_cli (&run, NULL, "breakeven", "--lab", "box", "--gpu-hours-per-month", "500", "--output",
             "chart.doc", "--catalog", rentals, "--catalog", lab, NULL);
    g_assert_cmpint (run.status, ==, 2);
  }
  {
    g_auto(Run) run = { 0 };

    /* Both ways of saying the work at once is a mistake. */
    run_cli (&run, NULL, "breakeven", "--lab", "box", "--gpu-hours", "500", "--reference-gpu",
             "test-gpu", "--gpu-hours-per-month", "10", "--catalog", rentals, "--catalog", lab,
             NULL);
    g_assert_cmpint (run.status, ==, 2);
  }
  {
    g_auto(Run) run = { 0 };

    run_cli (&run, NULL, "breakeven", "--lab", "nothing", "--gpu-hours-per-month", "10",
             "--catalog", rentals, "--catalog", lab, NULL);
    g_assert_cmpint (run.status, ==, 1);
    g_assert_nonnull (strstr (run.err, "lab/nothing"));
  }
  {
    g_auto(Run) run = { 0 };

    run_cli (&run, NULL, "breakeven", "--lab", "box", "--gpu-hours-per-month", "-3", "--catalog",
             lab, NULL);
    g_assert_cmpint (run.status, ==, 2);
  }

  g_remove (rentals);
  g_remove (lab);
  g_rmdir (dir);
}

/* budget: the plan of tests/fixtures/plan.json (checked by hand in test-budget.c) as Markdown,
 * CSV and PDF, in English and Chinese; a job as estimate takes it; and the mistakes. */
static void
test_budget (void)
{
  g_autofree char *plan = fixture ("plan.json");
  g_autofree char *catalog = fixture ("plan-catalog.json");
  g_autofree char *localedir =
      g_strdup_printf ("GPU_PLANNER_LOCALEDIR=%s", g_getenv ("GP_LOCALEDIR"));
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("gp-cli-budget-XXXXXX", &error);
  g_autofree char *pdf = g_build_filename (dir, "budget.pdf", NULL);

  g_assert_no_error (error);
  {
    g_auto(Run) run = { 0 };

    run_cli (&run, NULL, "budget", "--plan", plan, "--catalog", catalog, "--format", "markdown",
             NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_nonnull (strstr (run.out, "# Budget: Test project"));
    g_assert_nonnull (strstr (run.out, "| Purchase: Test box | Prototype | $10,000 |"));
    /* An English budget names its categories in English alone. */
    g_assert_nonnull (strstr (run.out, "## Equipment\n"));
    g_assert_null (strstr (run.out, "设备费"));
    g_assert_null (strstr (run.out, "业务费"));
    g_assert_nonnull (strstr (run.out, "Contingency (10%)"));
    g_assert_nonnull (strstr (run.out, "Cloud transfer prices"));
  }
  {
    g_auto(Run) run = { 0 };

    /* The reserve asked for, not the plan's. */
    run_cli (&run, NULL, "budget", "--plan", plan, "--catalog", catalog, "--format", "csv",
             "--contingency", "0", NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_true (g_str_has_prefix (run.out, "category,phase,item,amount,currency,source,as_of"));
    g_assert_nonnull (strstr (run.out, ",Contingency (0%),0.00,USD,,\r\n"));
  }
  {
    g_auto(Run) run = { 0 };
    g_autofree char *written = NULL;

    run_cli (&run, NULL, "budget", "--plan", plan, "--catalog", catalog, "--format", "pdf",
             "--output", pdf, NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_true (g_file_get_contents (pdf, &written, NULL, &error));
    g_assert_true (g_str_has_prefix (written, "%PDF"));
    g_remove (pdf);
  }
  {
    g_auto(Run) run = { 0 };

    /* In Chinese whatever the system's language. */
    g_setenv ("LANG", "C.UTF-8", TRUE);
    run_cli (&run, localedir, "budget", "--plan", plan, "--catalog", catalog, "--language", "zh_CN",
             NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_nonnull (strstr (run.out, "# 经费预算：Test project"));
    g_assert_nonnull (strstr (run.out, "## 设备费"));
    g_assert_nonnull (strstr (run.out, "## 业务费"));
    g_assert_null (strstr (run.out, "Equipment"));
  }
  {
    g_auto(Run) run = { 0 };

    /* One job, as estimate takes it, on its cheapest option. */
    run_cli (&run, NULL, "budget", "--gpu-hours", "20", "--reference-gpu", "test-gpu", "--provider",
             "testcloud", "--catalog", catalog, "--title", "One job", NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_nonnull (strstr (run.out, "# Budget: One job"));
    g_assert_nonnull (strstr (run.out, "| Compute: TC · one ("));
  }
  {
    g_auto(Run) none = { 0 };
    g_auto(Run) no_output = { 0 };
    g_auto(Run) french = { 0 };

    run_cli (&none, NULL, "budget", "--catalog", catalog, NULL);
    g_assert_cmpint (none.status, ==, 2);
    run_cli (&no_output, NULL, "budget", "--plan", plan, "--format", "pdf", NULL);
    g_assert_cmpint (no_output.status, ==, 2);
    run_cli (&french, NULL, "budget", "--plan", plan, "--language", "fr", NULL);
    g_assert_cmpint (french.status, ==, 2);
  }
  {
    g_auto(Run) run = { 0 };
    g_autofree char *bad = g_build_filename (dir, "bad.json", NULL);

    /* A plan the catalog cannot run is named with its phase, and nothing is written. */
    g_assert_true (g_file_set_contents (
        bad,
        "{\"plan_version\":1,\"title\":\"x\",\"phases\":[{\"name\":\"a\",\"gpu_hours\":5,"
        "\"instance\":\"nowhere/none\"}]}",
        -1, &error));
    run_cli (&run, NULL, "budget", "--plan", bad, "--catalog", catalog, "--format", "pdf",
             "--output", pdf, NULL);
    g_assert_cmpint (run.status, ==, 1);
    g_assert_nonnull (strstr (run.err, "phases[0]: instance: no instance “nowhere/none”"));
    g_assert_false (g_file_test (pdf, G_FILE_TEST_EXISTS));
  }
  {
    g_auto(Run) run = { 0 };
    g_autofree char *bad = g_build_filename (dir, "bad.json", NULL);

    run_cli (&run, NULL, "validate", "--plan", plan, bad, "--catalog", catalog, NULL);
    g_assert_cmpint (run.status, ==, 1);
    g_assert_nonnull (strstr (run.out, "plan.json: valid: 3 phases"));
    g_assert_nonnull (strstr (run.out, "bad.json: phases[0]: instance"));
    g_remove (bad);
  }
  g_rmdir (dir);
}

/* @amount as the tool writes dollars below a million: "$8,366.16". */
static char *
dollars (double amount)
{
  long cents = (long) (amount * 100 + 0.5);
  long whole = cents / 100;

  if (whole < 1000)
    return g_strdup_printf ("$%ld.%02ld", whole, cents % 100);
  return g_strdup_printf ("$%ld,%03ld.%02ld", whole / 1000, whole % 1000, cents % 100);
}

/* `estimate` of one job alone on one offer, on demand: its JSON row. */
static JsonObject *
estimate_alone (JsonParser *parser,
                const char *gpu_hours,
                const char *reference_gpu,
                const char *provider,
                const char *gpus,
                const char *instance,
                const char *region)
{
  g_auto(Run) run = { 0 };
  JsonArray *rows;

  run_cli (&run, NULL, "estimate", "--gpu-hours", gpu_hours, "--reference-gpu", reference_gpu,
           "--provider", provider, "--gpus", gpus, "--group", "offer", "--format", "json", NULL);
  g_assert_cmpint (run.status, ==, 0);
  rows = parse_array (parser, run.out);
  for (guint i = 0; i < json_array_get_length (rows); i++)
    {
      JsonObject *row = json_array_get_object_element (rows, i);

      if (g_str_equal (json_object_get_string_member (row, "instance"), instance) &&
          g_str_equal (json_object_get_string_member (row, "region"), region) &&
          g_str_equal (json_object_get_string_member (row, "pricing"), "on-demand"))
        return json_object_ref (row);
    }
  g_assert_not_reached ();
}

/* budget --plan and validate --plan count each phase on the GPU its hours were counted on,
 * in either order: each phase costs what `estimate` says of its job alone. A GPU the catalog
 * lacks is named by its path, with the nearest id. */
static void
test_budget_phase_reference_gpu (void)
{
  g_autofree char *plan = fixture ("plan-two-gpus.json");
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("gp-cli-plan-gpus-XXXXXX", &error);
  g_autofree char *reversed = g_build_filename (dir, "reversed.json", NULL);
  g_autofree char *typo = g_build_filename (dir, "typo.json", NULL);
  g_autoptr(JsonParser) l4_parser = json_parser_new ();
  g_autoptr(JsonParser) h100_parser = json_parser_new ();
  g_autoptr(JsonObject) l4 =
      estimate_alone (l4_parser, "100", "l4", "gcp", "1", "gcp/g2-standard-4", "us-central1");
  g_autoptr(JsonObject) h100 = estimate_alone (h100_parser, "2000", "h100-sxm5-80gb", "lambda",
                                                "8", "lambda/gpu_8x_h100_sxm5", "us-east-1");
  double l4_cost = json_object_get_double_member (l4, "total_cost");
  double h100_cost = json_object_get_double_member (h100, "total_cost");
  g_autofree char *l4_line =
      g_strdup_printf (",Exploration,\"Compute: Google Cloud Compute Engine · g2-standard-4 "
                       "(us-central1), On demand\",%.2f,USD,",
                       l4_cost);
  g_autofree char *h100_line = g_strdup_printf (
      ",Main training,\"Compute: Lambda · gpu_8x_h100_sxm5 (us-east-1), On demand\",%.2f,USD,",
      h100_cost);
  g_autofree char *total = dollars (l4_cost + h100_cost);
  g_autofree char *valid = g_strdup_printf (": valid: 2 phases, %s, %.1f hours", total,
                                            json_object_get_double_member (l4, "wall_hours") +
                                                json_object_get_double_member (h100, "wall_hours"));

  g_assert_no_error (error);
  /* The job alone: 2,000 H100 GPU-hours on eight H100s take more than 250 hours. */
  g_assert_cmpfloat (json_object_get_double_member (h100, "wall_hours"), >, 250);
  g_assert_true (g_file_set_contents (
      reversed,
      "{\"plan_version\":1,\"title\":\"x\",\"reference_gpu\":\"h100-sxm5-80gb\",\"phases\":["
      "{\"name\":\"Main training\",\"gpu_hours\":2000,\"instance\":\"lambda/gpu_8x_h100_sxm5\","
      "\"region\":\"us-east-1\"},"
      "{\"name\":\"Exploration\",\"gpu_hours\":100,\"reference_gpu\":\"l4\","
      "\"instance\":\"gcp/g2-standard-4\",\"region\":\"us-central1\"}]}",
      -1, &error));
  g_assert_true (g_file_set_contents (
      typo,
      "{\"plan_version\":1,\"title\":\"x\",\"reference_gpu\":\"l4\",\"phases\":["
      "{\"name\":\"a\",\"gpu_hours\":5,\"instance\":\"gcp/g2-standard-4\"},"
      "{\"name\":\"b\",\"gpu_hours\":5,\"reference_gpu\":\"h100-sxm5\","
      "\"instance\":\"gcp/g2-standard-4\"}]}",
      -1, &error));
  for (guint i = 0; i < 2; i++)
    {
      g_auto(Run) run = { 0 };

      run_cli (&run, NULL, "budget", "--plan", i == 0 ? plan : reversed, "--format", "csv", NULL);
      g_assert_cmpint (run.status, ==, 0);
      g_test_message ("%s", run.out);
      g_assert_nonnull (strstr (run.out, l4_line));
      g_assert_nonnull (strstr (run.out, h100_line));
    }
  {
    g_auto(Run) run = { 0 };
    g_autofree char *typo_message =
        g_strdup_printf ("%s: phases[1].reference_gpu: no GPU “h100-sxm5” in the catalog; did "
                         "you mean “h100-sxm5-80gb”?\n",
                         typo);

    run_cli (&run, NULL, "validate", "--plan", plan, reversed, typo, NULL);
    g_test_message ("%s", run.out);
    g_assert_cmpint (run.status, ==, 1);
    g_assert_true (g_str_has_prefix (run.out, plan));
    g_assert_nonnull (strstr (run.out, valid));
    g_assert_nonnull (strstr (strstr (run.out, reversed), valid));
    g_assert_nonnull (strstr (run.out, typo_message));
  }
  g_remove (reversed);
  g_remove (typo);
  g_rmdir (dir);
}

/* launch: the snippet alone on the output, the notes apart; what has no template says so. */
static void
test_launch (void)
{
  g_autofree char *lab = fixture ("lab-catalog.json");
  g_autofree char *vertex = fixture ("launch-catalog.json");
  g_auto(Run) sky = { 0 };
  g_auto(Run) sagemaker = { 0 };
  g_auto(Run) no_spot = { 0 };
  g_auto(Run) no_format = { 0 };
  g_auto(Run) no_template = { 0 };
  g_auto(Run) unknown = { 0 };
  g_auto(Run) flex_spot = { 0 };
  g_auto(Run) copy = { 0 };

  run_cli (&sky, NULL, "launch", "aws-ec2/p4d.24xlarge", "--format", "skypilot", "--spot",
           "--dataset-gb", "200", NULL);
  g_assert_cmpint (sky.status, ==, 0);
  g_assert_true (g_str_has_prefix (sky.out, "# SkyPilot task"));
  g_assert_nonnull (strstr (sky.out, "instance_type: p4d.24xlarge\n"));
  g_assert_nonnull (strstr (sky.out, "use_spot: true\n"));
  g_assert_null (strstr (sky.out, "Fill in"));
  g_assert_nonnull (strstr (sky.err, "aws s3 sync ./data s3://MY_BUCKET/data"));
  g_assert_nonnull (strstr (sky.err, "# Source: SkyPilot task YAML"));

  run_cli (&sagemaker, NULL, "launch", "aws-sagemaker/ml.p3.16xlarge", NULL);
  g_assert_cmpint (sagemaker.status, ==, 0);
  g_assert_nonnull (strstr (sagemaker.out, "instance_type=\"ml.p3.16xlarge\""));
  g_assert_nonnull (strstr (sagemaker.err, "MY_ROLE_ARN: "));

  run_cli (&no_spot, NULL, "launch", "colab/t4", "--spot", NULL);
  g_assert_cmpint (no_spot.status, ==, 1);
  g_assert_nonnull (strstr (no_spot.err, "no spot"));

  run_cli (&no_format, NULL, "launch", "aws-sagemaker/ml.p3.16xlarge", "--format", "vertex", NULL);
  g_assert_cmpint (no_format.status, ==, 1);
  g_assert_nonnull (strstr (no_format.err, "it has: sagemaker"));

  run_cli (&no_template, NULL, "launch", "lab/4x-a100", "--catalog", lab, NULL);
  g_assert_cmpint (no_template.status, ==, 1);
  g_assert_nonnull (strstr (no_template.err, "has no launch template"));
  g_assert_cmpstr (no_template.out, ==, "");

  run_cli (&unknown, NULL, "launch", "nowhere/none", NULL);
  g_assert_cmpint (unknown.status, ==, 1);

  /* Flex-Start waits for capacity: --spot there is refused, not ignored. */
  run_cli (&flex_spot, NULL, "launch", "vertex-ai/a2-highgpu-1g", "--format", "vertex-flex",
           "--spot", "--catalog", vertex, NULL);
  g_assert_cmpint (flex_spot.status, ==, 1);
  g_assert_nonnull (strstr (flex_spot.err, "no spot choice"));
  g_assert_cmpstr (flex_spot.out, ==, "");

  /* Data in a region the platform does not list: the copy is said, not priced. */
  run_cli (&copy, NULL, "launch", "aws-ec2/p4d.24xlarge", "--dataset-gb", "100", "--data-region",
           "nowhere-9", NULL);
  g_assert_cmpint (copy.status, ==, 0);
  g_assert_nonnull (strstr (copy.err, "The data is in nowhere-9, which"));
  g_assert_nonnull (strstr (copy.err, "# Containers: yes"));
  g_assert_nonnull (strstr (copy.err, "# Images: "));

  /* AWS China's code, and its price in yuan converted once to the catalog's dollars (3.711
   * CNY, about 0.52 USD; it read $0.073, converted twice), and as listed. */
  {
    g_auto(Run) china = { NULL };

    run_cli (&china, NULL, "launch", "aws-china/g4dn.xlarge", "--catalog", vertex, NULL);
    g_assert_cmpint (china.status, ==, 0);
    g_assert_nonnull (strstr (china.out, "--profile MY_AWS_CHINA_PROFILE"));
    g_assert_nonnull (strstr (china.err, "# Costs $0.52"));
    /* With the price on the bill, in yuan as AWS China lists it. */
    g_assert_nonnull (strstr (china.err, "(¥3.71 as listed)"));
  }

  /* A Capacity Block: the code finds, buys and launches into a block as long as the job, at
   * the block's price; an offer without one, and --spot beside it, are refused with why. */
  {
    g_auto(Run) block = { NULL };
    g_auto(Run) none = { NULL };
    g_auto(Run) spot = { NULL };

    run_cli (&block, NULL, "launch", "aws-ec2/p5e.48xlarge@us-east-1", "--capacity-block",
             "--hours", "300", "--catalog", vertex, NULL);
    g_assert_cmpint (block.status, ==, 0);
    g_assert_nonnull (strstr (block.out, "aws ec2 describe-capacity-block-offerings"));
    g_assert_nonnull (strstr (block.out, "--capacity-duration-hours 312"));
    g_assert_nonnull (strstr (block.out, "aws ec2 purchase-capacity-block"));
    g_assert_nonnull (strstr (block.out, "CapacityReservationId=$RESERVATION"));
    g_assert_nonnull (strstr (block.err, "# Costs $31.50 an hour as a Capacity Block"));
    g_assert_null (strstr (block.err, "on demand"));
    g_assert_nonnull (strstr (block.err, "MY_SUBNET_ID: "));

    run_cli (&none, NULL, "launch", "aws-ec2/p5e.48xlarge@us-west-2", "--capacity-block",
             "--catalog", vertex, NULL);
    g_assert_cmpint (none.status, ==, 1);
    g_assert_cmpstr (none.out, ==, "");
    g_assert_nonnull (strstr (none.err, "has no Capacity Block price"));

    run_cli (&spot, NULL, "launch", "aws-ec2/p5e.48xlarge@us-east-1", "--capacity-block", "--spot",
             "--catalog", vertex, NULL);
    g_assert_cmpint (spot.status, ==, 2);
    g_assert_nonnull (strstr (spot.err, "--capacity-block"));
  }

  /* A region is an id; a data folder is any path, and stays one word of the command. */
  {
    g_auto(Run) bad = { NULL };
    g_auto(Run) folder = { NULL };

    run_cli (&bad, NULL, "launch", "aws-ec2/p4d.24xlarge", "--dataset-gb", "100", "--data-region",
             "us-east-1;touch F", NULL);
    g_assert_cmpint (bad.status, ==, 2);
    g_assert_nonnull (strstr (bad.err, "--data-region"));
    run_cli (&folder, NULL, "launch", "aws-ec2/p4d.24xlarge", "--dataset-gb", "100", "--data-dir",
             "my data/$(touch F)", NULL);
    g_assert_cmpint (folder.status, ==, 0);
    g_assert_nonnull (strstr (folder.err, "aws s3 sync 'my data/$(touch F)' s3://"));
  }
}

/* breakeven --lab-location: a lab in mainland China is set against what it can reach (the
 * reach catalog's cheapest, Walled Cloud, is left out for Offshore Cloud abroad); a lab
 * elsewhere against the cheapest of all. */
static void
test_breakeven_lab_location (void)
{
  g_autofree char *reach =
      g_test_build_filename (G_TEST_DIST, "fixtures", "reach-catalog.json", NULL);
  g_autofree char *lab = g_test_build_filename (G_TEST_DIST, "fixtures", "reach-lab.json", NULL);
  const struct
  {
    const char *place;
    const char *provider;
  } cases[] = {
    { "mainland-china", "\"provider\": \"offshore\"" },
    { "elsewhere", "\"provider\": \"walled\"" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(Run) run = { 0 };

      run_cli (&run, NULL, "breakeven", "--catalog", reach, "--catalog", lab, "--lab",
               "lab/reach-box", "--gpu-hours-per-month", "100", "--lab-location", cases[i].place,
               "--format", "json", NULL);
      g_assert_cmpint (run.status, ==, 0);
      g_assert_nonnull (strstr (run.out, cases[i].provider));
      if (i == 0)
        g_assert_null (strstr (run.out, "walled"));
    }

  /* As text, the rental across the border says so. */
  {
    g_auto(Run) run = { 0 };

    run_cli (&run, NULL, "breakeven", "--catalog", reach, "--catalog", lab, "--lab",
             "lab/reach-box", "--gpu-hours-per-month", "100", "--lab-location", "mainland-china",
             NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_nonnull (strstr (run.out, "offshore/one in abroad, On demand, 1.5000 USD per GPU-hour "
                                       "(across the border)"));
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/lab", test_lab);
  g_test_add_func ("/cli/lab-json-numbers", test_lab_json_numbers);
  g_test_add_func ("/cli/lab-concurrent", test_lab_concurrent);
  g_test_add_func ("/cli/lab-keeps-files", test_lab_keeps_files);
  g_test_add_func ("/cli/lab-user-layer", test_lab_user_layer);
  g_test_add_func ("/cli/breakeven", test_breakeven);
  g_test_add_func ("/cli/breakeven-lab-location", test_breakeven_lab_location);
  g_test_add_func ("/cli/budget", test_budget);
  g_test_add_func ("/cli/budget-phase-reference-gpu", test_budget_phase_reference_gpu);
  g_test_add_func ("/cli/launch", test_launch);

  return g_test_run ();
}
