/* test-cli.c — gpu-planner-cli as scripts use it: exit codes, tables, CSV and JSON
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <sys/resource.h>

#include <stdlib.h>

#include <signal.h>

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <libsoup/soup.h>
#include <string.h>

typedef struct
{
  char *out;
  char *err;
  int   status;
} Run;

static void
run_clear (Run *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

static char *
fixture (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "fixtures", name, NULL);
}

/* A full disk, as the system gives it: files may not grow past @user_data bytes, and the write
 * fails (EFBIG, where a full disk gives ENOSPC) instead of killing the process. */
static void
limit_file_size (gpointer user_data)
{
  struct rlimit limit = { GPOINTER_TO_UINT (user_data), GPOINTER_TO_UINT (user_data) };

  signal (SIGXFSZ, SIG_IGN);
  setrlimit (RLIMIT_FSIZE, &limit);
}

/* Runs the tool with the arguments, NULL-terminated; @env adds one VAR=value, or NULL;
 * GP_TEST_FSIZE=N runs it on a disk that fills at N bytes a file. */
static void
run_cli (Run        *run,
         const char *env,
         ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_auto(GStrv) envp = g_get_environ ();
  g_autoptr(GError) error = NULL;
  const char *arg;
  va_list args;
  int wait_status;

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

  g_spawn_sync (NULL, (char **) argv->pdata, envp, G_SPAWN_DEFAULT,
                env != NULL && g_str_has_prefix (env, "GP_TEST_FSIZE=") ? limit_file_size : NULL,
                env != NULL && g_str_has_prefix (env, "GP_TEST_FSIZE=")
                  ? GUINT_TO_POINTER (atoi (env + strlen ("GP_TEST_FSIZE="))) : NULL,
                &run->out, &run->err, &wait_status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  run->status = WEXITSTATUS (wait_status);
}

static JsonArray *
parse_array (JsonParser *parser,
             const char *text)
{
  g_autoptr(GError) error = NULL;
  JsonNode *root;

  g_assert_true (json_parser_load_from_data (parser, text, -1, &error));
  g_assert_no_error (error);
  root = json_parser_get_root (parser);
  g_assert_true (JSON_NODE_HOLDS_ARRAY (root));
  return json_node_get_array (root);
}

static const char *const list_keys[] = {
  "provider", "provider_name", "instance", "region", "gpu", "gpu_name", "gpu_count",
  "gpu_memory_gb", "vcpus", "memory_gb", "on_demand_per_hour", "spot_per_hour",
  "reserved_1y_per_hour", "reserved_3y_per_hour", "per_gpu_hour", "billing_increment_s",
  "currency", "source", "as_of", "layer", "price_basis", "stale", NULL
};

static void
test_list_json (void)
{
  g_auto(Run) run = { NULL };
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonArray *rows;
  gboolean saw_null_spot = FALSE;

  run_cli (&run, NULL, "list", "--format", "json", NULL);
  g_assert_cmpint (run.status, ==, 0);
  rows = parse_array (parser, run.out);
  g_assert_cmpuint (json_array_get_length (rows), >=, 60);

  for (guint i = 0; i < json_array_get_length (rows); i++)
    {
      JsonObject *row = json_array_get_object_element (rows, i);
      g_autoptr(GList) members = json_object_get_members (row);
      guint k = 0;

      /* Exactly the keys of the interface, in order. */
      for (GList *l = members; l != NULL; l = l->next, k++)
        g_assert_cmpstr (l->data, ==, list_keys[k]);
      g_assert_null (list_keys[k]);

      g_assert_cmpstr (json_object_get_string_member (row, "currency"), ==, "USD");
      g_assert_cmpstr (json_object_get_string_member (row, "layer"), ==, "bundled");
      /* The fixture quotes every price, GCP's attached GPUs without their host; its dates are
       * years old. */
      g_assert_cmpstr (json_object_get_string_member (row, "price_basis"), ==,
                       g_str_has_prefix (json_object_get_string_member (row, "instance"),
                                         "gcp/n1-gpu-") ? "gpu-only" : "quoted");
      g_assert_true (JSON_NODE_HOLDS_VALUE (json_object_get_member (row, "stale")));
      g_assert_true (json_object_get_boolean_member (row, "stale"));
      g_assert_true (JSON_NODE_TYPE (json_object_get_member (row, "gpu_count")) == JSON_NODE_VALUE);
      if (json_object_get_null_member (row, "spot_per_hour"))
        saw_null_spot = TRUE;
    }

  /* Unknown values are null, never 0: Lambda has no spot market. */
  g_assert_true (saw_null_spot);
}

/* Days from @date to today, so that a test can put the staleness limit between two dates. */
static guint
days_since (const char *date)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *iso = g_strconcat (date, "T00:00:00Z", NULL);
  g_autoptr(GDateTime) then = g_date_time_new_from_iso8601 (iso, NULL);

  g_assert_nonnull (then);
  return g_date_time_difference (now, then) / G_TIME_SPAN_DAY;
}

static JsonObject *
find_list_row (JsonArray  *rows,
               const char *instance,
               const char *region)
{
  for (guint i = 0; i < json_array_get_length (rows); i++)
    {
      JsonObject *row = json_array_get_object_element (rows, i);

      if (g_str_equal (json_object_get_string_member (row, "instance"), instance) &&
          g_str_equal (json_object_get_string_member (row, "region"), region))
        return row;
    }
  g_error ("no row %s@%s", instance, region);
}

static void
test_list_price_basis_and_stale (void)
{
  g_auto(Run) run = { NULL };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *layer = fixture ("regions-catalog.json");
  /* Between the fixture's Azure figures (2024-12-13) and its AWS and GCP ones (2025-09-12). */
  g_autofree char *limit = g_strdup_printf ("%u", days_since ("2025-09-12") + 100);
  JsonArray *rows;
  JsonObject *row;

  run_cli (&run, NULL, "list", "--format", "json", "--catalog", layer, "--stale-after-days", limit,
           NULL);
  g_assert_cmpint (run.status, ==, 0);
  rows = parse_array (parser, run.out);

  row = find_list_row (rows, "vertex-ai/a2-highgpu-1g", "us-central1");
  g_assert_cmpstr (json_object_get_string_member (row, "price_basis"), ==, "derived");
  g_assert_false (json_object_get_boolean_member (row, "stale"));
  row = find_list_row (rows, "gcp/a2-highgpu-1g", "us-central1");
  g_assert_cmpstr (json_object_get_string_member (row, "price_basis"), ==, "quoted");
  g_assert_false (json_object_get_boolean_member (row, "stale"));
  row = find_list_row (rows, "azure-ml/Standard_NC6s_v3", "eastus");
  g_assert_true (json_object_get_boolean_member (row, "stale"));

  /* A provider that prices in yuan is listed in yuan. */
  row = find_list_row (rows, "yuan-cloud/g5.xlarge", "cn-north-1");
  g_assert_cmpstr (json_object_get_string_member (row, "currency"), ==, "CNY");
  g_assert_cmpfloat (json_object_get_double_member (row, "on_demand_per_hour"), ==, 14.4);
  g_assert_cmpfloat (json_object_get_double_member (row, "reserved_1y_per_hour"), ==, 9.0);
  run_clear (&run);

  /* For people: places by name, estimates marked, yuan as yuan, stale in its own column. */
  run_cli (&run, NULL, "list", "--catalog", layer, "--gpu", "a100-sxm4-40gb", "--region",
           "us-central1", "--stale-after-days", limit, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "≈ 4.408"));
  g_assert_nonnull (strstr (run.out, " us-central1 "));
  g_assert_null (strstr (run.out, "stale"));
  run_clear (&run);

  run_cli (&run, NULL, "list", "--catalog", layer, "--provider", "yuan-cloud", "--stale-after-days",
           "1", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "Beijing (cn-north-1)"));
  g_assert_nonnull (strstr (run.out, "Beijing (cn-north-1-pkx-1, Local Zone)"));
  g_assert_nonnull (strstr (run.out, "¥14.400"));
  g_assert_nonnull (strstr (run.out, "stale"));
}

static void
test_list_filters (void)
{
  g_auto(Run) run = { NULL };
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonArray *rows;
  double previous = 0;

  run_cli (&run, NULL, "list", "--format", "json", "--min-gpu-memory", "80", "--sort", "price",
           "--spot", NULL);
  g_assert_cmpint (run.status, ==, 0);
  rows = parse_array (parser, run.out);
  g_assert_cmpuint (json_array_get_length (rows), >, 0);
  for (guint i = 0; i < json_array_get_length (rows); i++)
    {
      JsonObject *row = json_array_get_object_element (rows, i);
      double price = json_object_get_double_member (row, "on_demand_per_hour");

      g_assert_cmpfloat (json_object_get_double_member (row, "gpu_memory_gb"), >=, 80);
      g_assert_false (json_object_get_null_member (row, "spot_per_hour"));
      g_assert_cmpfloat (price, >=, previous);
      previous = price;
    }
  run_clear (&run);

  run_cli (&run, NULL, "list", "--format", "json", "--provider", "lambda", "--region",
           "us-west-1", "--max-price", "2", NULL);
  g_assert_cmpint (run.status, ==, 0);
  rows = parse_array (parser, run.out);
  /* gpu_1x_a10 ($1.29), gpu_1x_a100 and gpu_1x_a100_sxm4 ($1.99) */
  g_assert_cmpuint (json_array_get_length (rows), ==, 3);
  for (guint i = 0; i < json_array_get_length (rows); i++)
    {
      JsonObject *row = json_array_get_object_element (rows, i);

      g_assert_cmpstr (json_object_get_string_member (row, "provider"), ==, "lambda");
      g_assert_cmpstr (json_object_get_string_member (row, "region"), ==, "us-west-1");
      g_assert_cmpfloat (json_object_get_double_member (row, "on_demand_per_hour"), <=, 2);
    }
  run_clear (&run);

  /* value: the highest TFLOPS per dollar-hour first */
  run_cli (&run, NULL, "list", "--format", "json", "--sort", "value", "--gpu", "h100-sxm5-80gb",
           NULL);
  rows = parse_array (parser, run.out);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (rows, 0),
                                                  "instance"), ==, "lambda/gpu_8x_h100_sxm5");
}

static void
test_list_csv_quoting (void)
{
  g_auto(Run) run = { NULL };
  g_autofree char *lab = fixture ("lab-catalog.json");
  g_auto(GStrv) lines = NULL;
  g_autofree char *header = g_strjoinv (",", (char **) list_keys);
  const char *row = NULL;

  run_cli (&run, NULL, "list", "--format", "csv", "--catalog", lab, "--provider", "lab", NULL);
  g_assert_cmpint (run.status, ==, 0);
  lines = g_strsplit (run.out, "\r\n", -1);
  g_assert_cmpstr (lines[0], ==, header);
  row = lines[1];
  g_assert_nonnull (row);
  g_assert_cmpstr (lines[2], ==, "");

  /* A comma and quotes in a field: enclosed, quotes doubled (RFC 4180); unknown is empty. */
  g_assert_true (
      g_str_has_prefix (row, "lab,\"Lab \"\"North\"\", Building 2\",lab/4x-a100,campus,"));
  g_assert_nonnull (strstr (row, ",2.4,,,,0.6,"));
  g_assert_nonnull (strstr (row, ",extra"));
}

/* What a catalog names is data: a spreadsheet does not run it; a name a terminal would obey
 * (an escape sequence) is refused, with the file, the path and the character. */
static void
test_list_hostile_names (void)
{
  static const char layer[] =
    "{\"schema_version\": 1,"
    " \"sources\": [{\"id\": \"x\", \"title\": \"X\", \"as_of\": \"2026-11\"}],"
    " \"providers\": [{\"id\": \"evil\", \"name\": \"=HYPERLINK(\\\"http://x\\\")\","
    "   \"kind\": \"gpu-cloud\", \"regions\": [{\"id\": \"r\"}], \"source\": \"x\"}],"
    " \"instances\": [{\"id\": \"evil/box\", \"provider\": \"evil\", \"name\": \"box\","
    "   \"gpu\": \"t4\", \"gpu_count\": 1, \"source\": \"x\","
    "   \"prices\": [{\"region\": \"r\", \"on_demand\": 1}]}]}";
  static const char escapes[] =
      "{\"schema_version\": 1,"
      " \"sources\": [{\"id\": \"x\", \"title\": \"X\", \"as_of\": \"2026-11\"}],"
      " \"providers\": [{\"id\": \"esc\", \"name\": \"Esc\\u001b]0;owned\\u0007 Cloud\","
      "   \"kind\": \"gpu-cloud\", \"regions\": [{\"id\": \"r\"}], \"source\": \"x\"}]}";
  g_auto(Run) run = { NULL };
  g_autofree char *dir = g_dir_make_tmp ("gp-test-cli-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "evil.json", NULL);
  g_autofree char *esc_path = g_build_filename (dir, "esc.json", NULL);

  g_assert_true (g_file_set_contents (path, layer, -1, NULL));
  g_assert_true (g_file_set_contents (esc_path, escapes, -1, NULL));

  run_cli (&run, NULL, "list", "--catalog", path, "--provider", "evil", "--format", "csv", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "\r\nevil,\"'=HYPERLINK(\"\"http://x\"\")\",evil/box,"));
  run_clear (&run);

  run_cli (&run, NULL, "validate", esc_path, NULL);
  g_assert_cmpint (run.status, !=, 0);
  g_assert_null (strchr (run.out, '\x1b'));
  g_assert_nonnull (strstr (run.out, "esc.json: providers[0].name: holds U+001B, a control"));
  run_clear (&run);

  /* Negative numbers are numbers, not formulas: they stay as they are. */
  run_cli (&run, NULL, "providers", "--format", "csv", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_null (strstr (run.out, ",'"));

  g_remove (path);
  g_remove (esc_path);
  g_rmdir (dir);
}

/* On a full disk, chart --output and import --output leave the file they would replace whole,
 * and no temporary file behind: they used to make it 0 bytes. */
static void
test_full_disk (void)
{
  g_auto(Run) run = { NULL };
  g_autofree char *dir = g_dir_make_tmp ("gp-test-cli-XXXXXX", NULL);
  g_autofree char *chart = g_build_filename (dir, "cost.svg", NULL);
  g_autofree char *catalog = g_build_filename (dir, "clouds.json", NULL);
  g_autofree char *csv =
      g_build_filename (G_TEST_DIST, "fixtures", "skypilot", "aws_v8_extract.csv", NULL);
  g_autofree char *kept = NULL;
  g_autoptr(GDir) listing = NULL;
  guint n = 0;

  g_assert_true (g_file_set_contents (chart, "OLD CHART", -1, NULL));
  g_assert_true (g_file_set_contents (catalog, "OLD CATALOG", -1, NULL));

  run_cli (&run, "GP_TEST_FSIZE=2048", "chart", "cost", "--gpu-hours", "100", "--reference-gpu",
           "t4", "--output", chart, NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_true (g_file_get_contents (chart, &kept, NULL, NULL));
  g_assert_cmpstr (kept, ==, "OLD CHART");
  run_clear (&run);
  g_clear_pointer (&kept, g_free);

  run_cli (&run, "GP_TEST_FSIZE=2048", "import", "skypilot", csv, "--as-of", "2026-01-01",
           "--output", catalog, NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_true (g_file_get_contents (catalog, &kept, NULL, NULL));
  g_assert_cmpstr (kept, ==, "OLD CATALOG");

  listing = g_dir_open (dir, 0, NULL);
  while (g_dir_read_name (listing) != NULL)
    n++;
  g_assert_cmpuint (n, ==, 2);

  g_remove (chart);
  g_remove (catalog);
  g_rmdir (dir);
}

static void
test_list_table (void)
{
  g_auto(Run) run = { NULL };
  g_auto(GStrv) lines = NULL;

  run_cli (&run, NULL, "list", "--provider", "colab", NULL);
  g_assert_cmpint (run.status, ==, 0);
  lines = g_strsplit (run.out, "\n", -1);
  g_assert_true (g_str_has_prefix (lines[0], "Provider"));
  g_assert_nonnull (strstr (lines[0], "On-demand/h"));
  /* Colab is priced in compute units: no hourly price, shown as a dash. */
  g_assert_nonnull (strstr (lines[1], "Google Colab"));
  g_assert_nonnull (strstr (lines[1], "—"));
  g_assert_cmpuint (g_strv_length (lines), ==, 5);
  for (guint i = 0; lines[i] != NULL; i++)
    g_assert_false (g_str_has_suffix (lines[i], " "));
}

static void
test_providers_and_gpus (void)
{
  g_auto(Run) run = { NULL };
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonArray *rows;
  JsonObject *colab = NULL;

  run_cli (&run, NULL, "providers", "--format", "json", NULL);
  g_assert_cmpint (run.status, ==, 0);
  rows = parse_array (parser, run.out);
  g_assert_cmpuint (json_array_get_length (rows), ==, 7);
  for (guint i = 0; i < json_array_get_length (rows); i++)
    if (g_str_equal (json_object_get_string_member (json_array_get_object_element (rows, i), "id"),
                     "colab"))
      colab = json_array_get_object_element (rows, i);
  g_assert_nonnull (colab);
  g_assert_cmpint (json_object_get_int_member (colab, "max_session_hours"), ==, 12);
  g_assert_cmpstr (
      json_array_get_string_element (json_object_get_array_member (colab, "pricing"), 0), ==,
      "subscription");
  run_clear (&run);

  run_cli (&run, NULL, "gpus", "--format", "csv", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_str_has_prefix (run.out, "id,name,architecture,memory_gb,"));
  g_assert_nonnull (strstr (
      run.out, "\r\nh100-sxm5-80gb,H100 SXM5,Hopper,80,3350,67,494.5,989.5,989.5,1979,700,2022,"));
}

static void
test_validate (void)
{
  g_auto(Run) run = { NULL };
  g_autofree char *lab = fixture ("lab-catalog.json");
  g_autofree char *bad = fixture ("bad-catalog.json");
  g_autofree char *expected = NULL;

  run_cli (&run, NULL, "validate", lab, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, ": valid"));
  run_clear (&run);

  /* One bad file among good ones: exit 1, and the problem as FILE: PATH: message. */
  run_cli (&run, NULL, "validate", lab, bad, NULL);
  g_assert_cmpint (run.status, ==, 1);
  expected = g_strdup_printf ("%s: instances[0].prices[0].spot: expected a non-negative number, "
                              "got \"cheap\"\n", bad);
  g_assert_nonnull (strstr (run.out, expected));
  run_clear (&run);

  /* Nothing that is not a regular file is read, so nothing hangs. */
  run_cli (&run, NULL, "validate", "/dev/zero", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.out, "/dev/zero: not a regular file"));
  run_clear (&run);

  /* Importers too, naming the file (import once said only "not a regular file"). */
  run_cli (&run, NULL, "import", "skypilot", "/dev/zero", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, "/dev/zero: not a regular file"));
  run_clear (&run);
  run_cli (&run, NULL, "import", "azure", "/dev/zero", "--as-of", "2026-01-01", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, "/dev/zero: not a regular file"));
  g_assert_null (strstr (run.err, "/dev/zero: /dev/zero"));
  run_clear (&run);

  run_cli (&run, NULL, "validate", g_get_tmp_dir (), "/nonexistent/catalog.json", NULL);
  g_assert_cmpint (run.status, ==, 1);
  run_clear (&run);

  run_cli (&run, NULL, "list", "--catalog", bad, NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, "instances[0].prices[0].spot"));
}

static void
test_import (void)
{
  g_auto(Run) run = { NULL };
  g_autofree char *aws =
      g_test_build_filename (G_TEST_DIST, "fixtures", "skypilot", "aws_v8_extract.csv", NULL);
  g_autofree char *gcp =
      g_test_build_filename (G_TEST_DIST, "fixtures", "skypilot", "gcp_v8_extract.csv", NULL);
  g_autofree char *page1 =
      g_test_build_filename (G_TEST_DIST, "fixtures", "azure", "page1.json", NULL);
  g_autofree char *page2 =
      g_test_build_filename (G_TEST_DIST, "fixtures", "azure", "page2.json", NULL);
  g_autofree char *bad = fixture ("bad-catalog.json");
  g_autofree char *dir = g_dir_make_tmp ("gp-test-cli-XXXXXX", NULL);
  g_autofree char *output = g_build_filename (dir, "imported.json", NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonArray *rows;
  gboolean found = FALSE;

  /* Two clouds into one file, which validate accepts and list reads. */
  run_cli (&run, NULL, "import", "skypilot", aws, gcp, "--as-of", "2025-09-12", "--output", output,
           NULL);
  g_assert_cmpint (run.status, ==, 0);
  /* Every row counted: imported, or skipped under its reason. */
  g_assert_nonnull (strstr (run.err, "aws_v8_extract.csv: 120 rows: 117 imported into 50 offers "
                                     "of 12 instance types, 3 skipped"));
  g_assert_nonnull (strstr (run.err, "skipped 3: a Local Zone, listed under its region"));
  g_assert_nonnull (strstr (run.err, "prices as of 2025-09-12 (from --as-of)"));
  run_clear (&run);

  run_cli (&run, NULL, "validate", output, NULL);
  g_assert_cmpint (run.status, ==, 0);
  run_clear (&run);

  run_cli (&run, NULL, "list", "--catalog", output, "--region", "eu-west-1", "--format", "json",
           NULL);
  g_assert_cmpint (run.status, ==, 0);
  rows = parse_array (parser, run.out);
  for (guint i = 0; i < json_array_get_length (rows); i++)
    {
      JsonObject *row = json_array_get_object_element (rows, i);

      if (g_str_equal (json_object_get_string_member (row, "instance"), "aws-ec2/p4d.24xlarge"))
        {
          g_assert_cmpfloat (json_object_get_double_member (row, "on_demand_per_hour"), ==,
                             23.71569);
          g_assert_cmpstr (json_object_get_string_member (row, "as_of"), ==, "2025-09-12");
          g_assert_cmpstr (json_object_get_string_member (row, "layer"), ==, "extra");
          found = TRUE;
        }
    }
  g_assert_true (found);
  run_clear (&run);

  /* The pages of one Azure answer are one import; a single part is written as the importer
   * made it, named after its source. */
  g_unlink (output);
  run_cli (&run, NULL, "import", "azure", page1, page2, "--output", output, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.err, "page1.json: 10 rows: 6 imported into 2 offers of 2 "
                                     "instance types, 4 skipped"));
  g_assert_nonnull (strstr (run.err, "skipped 1: a Windows price"));
  run_clear (&run);
  run_cli (&run, NULL, "validate", output, NULL);
  g_assert_cmpint (run.status, ==, 0);
  run_clear (&run);
  {
    g_autoptr(JsonParser) file_parser = json_parser_new ();

    g_assert_true (json_parser_load_from_file (file_parser, output, NULL));
    g_assert_cmpstr (json_object_get_string_member (
                         json_node_get_object (json_parser_get_root (file_parser)), "name"),
                     ==, "Azure Retail Prices API, imported");
  }

  /* A file that is not a SkyPilot CSV, or a bad catalog: exit 1, nothing written. */
  g_unlink (output);
  run_cli (&run, NULL, "import", "skypilot", bad, "--output", output, NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, "not a SkyPilot vms.csv"));
  g_assert_false (g_file_test (output, G_FILE_TEST_EXISTS));
  run_clear (&run);

  run_cli (&run, NULL, "import", "catalog", bad, NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, "instances[0].prices[0].spot"));
  run_clear (&run);

  run_cli (&run, NULL, "import", "yaml", bad, NULL);
  g_assert_cmpint (run.status, ==, 2);

  g_rmdir (dir);
}

/* A server on its own thread: the test's thread waits on the tool. */
typedef struct
{
  GMainContext *context;
  GMainLoop    *loop;
  SoupServer   *server;
  guint16       port;
  GMutex        lock;
  GCond         ready;
} Server;

static void
serve_catalog (SoupServer        *server,
               SoupServerMessage *msg,
               const char        *path,
               GHashTable        *query,
               gpointer           user_data)
{
  static const char body[] =
    "{\"schema_version\":1,\"sources\":[{\"id\":\"q\",\"title\":\"Quote\",\"as_of\":\"2026-11\"}],"
    "\"instances\":[{\"id\":\"lambda/gpu_1x_a10\",\"provider\":\"lambda\",\"name\":\"gpu_1x_a10\","
    "\"gpu\":\"a10\",\"gpu_count\":1,\"source\":\"q\","
    "\"prices\":[{\"region\":\"us-east-1\",\"on_demand\":0.5}]}]}";

  if (!g_str_equal (path, "/catalog.json"))
    {
      soup_server_message_set_status (msg, 404, NULL);
      return;
    }
  soup_server_message_set_status (msg, 200, NULL);
  soup_server_message_set_response (msg, "application/json", SOUP_MEMORY_STATIC, body,
                                    strlen (body));
}

static gpointer
server_thread (gpointer data)
{
  Server *server = data;
  GSList *uris;

  g_main_context_push_thread_default (server->context);
  server->server = soup_server_new (NULL, NULL);
  soup_server_add_handler (server->server, NULL, serve_catalog, NULL, NULL);
  g_assert_true (soup_server_listen_local (server->server, 0, SOUP_SERVER_LISTEN_IPV4_ONLY, NULL));
  uris = soup_server_get_uris (server->server);

  g_mutex_lock (&server->lock);
  server->port = g_uri_get_port (uris->data);
  g_cond_signal (&server->ready);
  g_mutex_unlock (&server->lock);
  g_slist_free_full (uris, (GDestroyNotify) g_uri_unref);

  g_main_loop_run (server->loop);
  g_clear_object (&server->server);
  g_main_context_pop_thread_default (server->context);
  return NULL;
}

static gboolean
quit_cb (gpointer data)
{
  g_main_loop_quit (data);
  return G_SOURCE_REMOVE;
}

static void
test_refresh (void)
{
  Server server = { NULL };
  g_auto(Run) run = { NULL };
  g_autofree char *cache = g_dir_make_tmp ("gp-test-cli-cache-XXXXXX", NULL);
  g_autofree char *env = g_strdup_printf ("XDG_CACHE_HOME=%s", cache);
  g_autofree char *url = NULL;
  g_autofree char *layer_path = g_build_filename (cache, "gpu-planner", "catalog.json", NULL);
  g_autofree char *layer = NULL;
  g_autofree char *command = g_strdup_printf ("rm -rf '%s'", cache);
  GThread *thread;

  server.context = g_main_context_new ();
  server.loop = g_main_loop_new (server.context, FALSE);
  g_mutex_init (&server.lock);
  g_cond_init (&server.ready);
  thread = g_thread_new ("server", server_thread, &server);
  g_mutex_lock (&server.lock);
  while (server.port == 0)
    g_cond_wait (&server.ready, &server.lock);
  g_mutex_unlock (&server.lock);

  url = g_strdup_printf ("http://127.0.0.1:%u/catalog.json", server.port);
  run_cli (&run, env, "refresh", "--source", "catalog", "--url", url, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "catalog: updated"));
  g_assert_true (g_file_get_contents (layer_path, &layer, NULL, NULL));
  g_assert_nonnull (strstr (layer, "0.5"));
  run_clear (&run);

  /* The refreshed layer is what list reads next. */
  run_cli (&run, env, "list", "--provider", "lambda", "--region", "us-east-1", "--format", "csv",
           NULL);
  g_assert_nonnull (strstr (run.out, "lambda/gpu_1x_a10,us-east-1,a10,NVIDIA A10,1,24,,,0.5,"));
  run_clear (&run);

  /* A source that fails: exit 1, its reason, and the refreshed layer as it was. */
  g_free (url);
  url = g_strdup_printf ("http://127.0.0.1:%u/gone.json", server.port);
  run_cli (&run, env, "refresh", "--source", "catalog", "--url", url, NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.out, "failed: catalog: HTTP 404"));
  g_clear_pointer (&layer, g_free);
  g_assert_true (g_file_get_contents (layer_path, &layer, NULL, NULL));
  g_assert_nonnull (strstr (layer, "0.5"));
  run_clear (&run);

  run_cli (&run, env, "refresh", "--source", "mars", NULL);
  g_assert_cmpint (run.status, ==, 2);

  g_main_context_invoke (server.context, quit_cb, server.loop);
  g_thread_join (thread);
  g_main_loop_unref (server.loop);
  g_main_context_unref (server.context);
  g_mutex_clear (&server.lock);
  g_cond_clear (&server.ready);
  g_spawn_command_line_sync (command, NULL, NULL, NULL, NULL);
}

static void
test_usage (void)
{
  static const char *const commands[] = { "list", "providers", "gpus", "validate", "compare" };
  g_auto(Run) run = { NULL };

  run_cli (&run, NULL, NULL);
  g_assert_cmpint (run.status, ==, 2);
  run_clear (&run);

  run_cli (&run, NULL, "frobnicate", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "frobnicate"));
  run_clear (&run);

  run_cli (&run, NULL, "validate", NULL);
  g_assert_cmpint (run.status, ==, 2);
  run_clear (&run);

  run_cli (&run, NULL, "list", "--format", "yaml", NULL);
  g_assert_cmpint (run.status, ==, 2);
  run_clear (&run);

  run_cli (&run, NULL, "list", "--sort", "colour", NULL);
  g_assert_cmpint (run.status, ==, 2);
  run_clear (&run);

  run_cli (&run, NULL, "list", "--max-price", "-3", NULL);
  g_assert_cmpint (run.status, ==, 2);
  run_clear (&run);

  run_cli (&run, NULL, "list", "--no-such-option", NULL);
  g_assert_cmpint (run.status, ==, 2);
  run_clear (&run);

  /* A price limit of 0 would show nothing: it is refused, not read as none. */
  run_cli (&run, NULL, "list", "--max-price", "0", NULL);
  g_assert_cmpint (run.status, ==, 2);
  run_clear (&run);

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      run_cli (&run, NULL, commands[i], "--help", NULL);
      g_assert_cmpint (run.status, ==, 0);
      g_assert_nonnull (strstr (run.out, "Usage:"));
      run_clear (&run);
    }

  run_cli (&run, NULL, "--help", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "validate"));
}

static const char *const estimate_keys[] = {
  "provider", "instance", "region", "pricing", "gpu", "gpu_count", "wall_hours",
  "billed_hours", "compute_cost", "storage_cost", "transfer_cost", "interruption_cost",
  "total_cost", "currency", "sessions", "assumptions", "stale", "memory_needed_gb", "fits", NULL
};

static void
test_estimate_json (void)
{
  g_auto(Run) run = { NULL };
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonArray *rows;
  double previous = 0;
  gboolean saw_spot = FALSE;

  run_cli (&run, NULL, "estimate", "--gpu-hours", "300", "--reference-gpu", "v100-sxm2-16gb",
           "--interruptible", "--provider", "aws-ec2", "--provider", "lambda", "--format",
           "json", NULL);
  g_assert_cmpint (run.status, ==, 0);
  rows = parse_array (parser, run.out);
  g_assert_cmpuint (json_array_get_length (rows), >, 10);

  for (guint i = 0; i < json_array_get_length (rows); i++)
    {
      JsonObject *row = json_array_get_object_element (rows, i);
      g_autoptr(GList) members = json_object_get_members (row);
      const char *provider = json_object_get_string_member (row, "provider");
      const char *pricing = json_object_get_string_member (row, "pricing");
      double total = json_object_get_double_member (row, "total_cost");
      guint k = 0;

      for (GList *l = members; l != NULL; l = l->next, k++)
        g_assert_cmpstr (l->data, ==, estimate_keys[k]);
      g_assert_null (estimate_keys[k]);

      g_assert_true (g_str_equal (provider, "aws-ec2") || g_str_equal (provider, "lambda"));
      g_assert_true (g_strv_contains ((const char *[]) { "on-demand", "spot", "reserved-1y",
                                                        "reserved-3y", "subscription", NULL },
                                      pricing));
      saw_spot |= g_str_equal (pricing, "spot");
      /* Sorted by total cost, the parts adding up to it. */
      g_assert_cmpfloat (total, >=, previous);
      g_assert_cmpfloat_with_epsilon (total,
                                      json_object_get_double_member (row, "compute_cost") +
                                      json_object_get_double_member (row, "storage_cost") +
                                      json_object_get_double_member (row, "transfer_cost") +
                                      json_object_get_double_member (row, "interruption_cost"),
                                      1e-6);
      g_assert_cmpuint (json_array_get_length (json_object_get_array_member (row, "assumptions")),
                        >, 0);
      previous = total;
    }

  g_assert_true (saw_spot);
}

/* The worked example of test-estimator, from the shell: 300 V100-hours on Lambda's 1× A100
 * (PCIe 40GB) by bandwidth, 173.63 h billed per minute at 1.99/h. */
static void
test_estimate_table_and_csv (void)
{
  g_auto(Run) table = { NULL };
  g_auto(Run) csv = { NULL };
  g_auto(Run) bad = { NULL };
  g_auto(Run) rate = { NULL };

  run_cli (&table, NULL, "estimate", "--gpu-hours", "300", "--reference-gpu", "v100-sxm2-16gb",
           "--provider", "lambda", "--region", "us-east-1", NULL);
  g_assert_cmpint (table.status, ==, 0);
  g_assert_nonnull (strstr (table.out, "Total"));
  g_assert_nonnull (strstr (table.out, "lambda/gpu_1x_a100 "));
  g_assert_nonnull (strstr (table.out, "345.56"));

  run_cli (&csv, NULL, "estimate", "--preset", "bert-large-squad", "--gpus", "8", "--format",
           "csv", NULL);
  g_assert_cmpint (csv.status, ==, 0);
  g_assert_true (g_str_has_prefix (csv.out, "provider,instance,region,pricing,gpu,gpu_count,"
                                            "wall_hours,billed_hours,compute_cost,"));

  run_cli (&bad, NULL, "estimate", "--gpu-hours", "-5", "--reference-gpu", "t4", NULL);
  g_assert_cmpint (bad.status, ==, 1);
  g_assert_nonnull (strstr (bad.err, "GPU-hours"));

  /* A currency no rate is known for still needs one. */
  run_cli (&rate, NULL, "estimate", "--gpu-hours", "5", "--reference-gpu", "t4", "--currency",
           "CHF", NULL);
  g_assert_cmpint (rate.status, ==, 1);
  g_assert_nonnull (strstr (rate.err, "exchange rate"));
}

/* The first JSON row of an estimate, and its assumptions joined. */
static JsonObject *
first_row (JsonParser *parser,
           const char *out,
           char      **assumptions)
{
  JsonObject *row = json_array_get_object_element (parse_array (parser, out), 0);
  JsonArray *lines = json_object_get_array_member (row, "assumptions");
  g_autoptr(GString) joined = g_string_new (NULL);

  for (guint i = 0; i < json_array_get_length (lines); i++)
    g_string_append_printf (joined, "%s\n", json_array_get_string_element (lines, i));
  *assumptions = g_string_free (g_steal_pointer (&joined), FALSE);
  return row;
}

/* --currency CNY without --exchange-rate: the rate set in Preferences, else the default one,
 * each named with its date (it exited 1). A storage price in yuan stays yuan. */
static void
test_estimate_yuan_without_rate (void)
{
  g_auto(Run) run = { NULL };
  g_auto(Run) preferences = { NULL };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(JsonParser) parser2 = json_parser_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *home = g_dir_make_tmp ("gp-cli-rates-XXXXXX", &error);
  g_autofree char *settings_dir = g_build_filename (home, "glib-2.0", "settings", NULL);
  g_autofree char *keyfile = g_build_filename (settings_dir, "keyfile", NULL);
  g_autofree char *schemas = g_test_build_filename (G_TEST_BUILT, "..", "data", NULL);
  g_autofree char *assumptions = NULL;
  g_autofree char *preferences_assumptions = NULL;
  JsonObject *row;
  double upload = 1000 * 8000.0 / 100 / 3600;

  run_cli (&run, NULL, "estimate", "--gpu-hours", "10", "--reference-gpu", "v100-sxm2-16gb",
           "--provider", "aws-ec2", "--region", "us-east-1", "--dataset-gb", "1000",
           "--storage-price", "0.1", "--currency", "CNY", "--format", "json", NULL);
  g_assert_cmpint (run.status, ==, 0);
  row = first_row (parser, run.out, &assumptions);
  g_assert_cmpstr (json_object_get_string_member (row, "currency"), ==, "CNY");
  g_assert_nonnull (strstr (assumptions, "Converted from USD at 7.1072 CNY per USD: the default "
                                         "rate, as of 2025-09-01"));
  g_assert_nonnull (strstr (assumptions, "0.10 CNY a GB-month"));
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (row, "storage_cost"),
                                  1000 * 0.1 *
                                    (upload + json_object_get_double_member (row, "wall_hours")) /
                                    730,
                                  1e-9);

  g_assert_no_error (error);
  g_assert_cmpint (g_mkdir_with_parents (settings_dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (keyfile,
                                      "[io/github/gpuplanner/GpuPlanner]\n"
                                      "exchange-rates={'CNY': 7.0}\n"
                                      "exchange-rates-as-of='2026-11-02'\n", -1, &error));
  g_setenv ("GSETTINGS_SCHEMA_DIR", schemas, TRUE);
  g_setenv ("GSETTINGS_BACKEND", "keyfile", TRUE);
  g_setenv ("XDG_CONFIG_HOME", home, TRUE);
  run_cli (&preferences, NULL, "estimate", "--gpu-hours", "10", "--reference-gpu",
           "v100-sxm2-16gb", "--provider", "aws-ec2", "--region", "us-east-1", "--currency", "CNY",
           "--format", "json", NULL);
  g_unsetenv ("GSETTINGS_SCHEMA_DIR");
  g_unsetenv ("GSETTINGS_BACKEND");
  g_assert_cmpint (preferences.status, ==, 0);
  first_row (parser2, preferences.out, &preferences_assumptions);
  g_assert_nonnull (strstr (preferences_assumptions, "Converted from USD at 7 CNY per USD: the "
                                                     "rate set in Preferences, as of 2026-11-02"));
  g_remove (keyfile);
}

/* The memory model from the shell: the keys, a fit, a miss, and null without a model size. */
static void
test_estimate_memory (void)
{
  g_auto(Run) run = { NULL };
  g_auto(Run) none = { NULL };
  g_auto(Run) bad = { NULL };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(JsonParser) parser2 = json_parser_new ();
  JsonArray *rows;
  gboolean saw_fit = FALSE, saw_miss = FALSE;

  run_cli (&run, NULL, "estimate", "--gpu-hours", "300", "--reference-gpu", "a100-sxm4-80gb",
           "--model-billions", "7", "--method", "lora", "--provider", "lambda", "--provider",
           "colab", "--format", "json", NULL);
  g_assert_cmpint (run.status, ==, 0);
  rows = parse_array (parser, run.out);
  for (guint i = 0; i < json_array_get_length (rows); i++)
    {
      JsonObject *row = json_array_get_object_element (rows, i);
      gboolean fits;

      /* A GPU whose memory the catalog does not give: unknown, ranked by its cost. */
      if (json_object_get_null_member (row, "fits"))
        {
          g_assert_false (saw_miss);
          continue;
        }
      fits = json_object_get_boolean_member (row, "fits");

      g_assert_cmpfloat_with_epsilon (json_object_get_double_member (row, "memory_needed_gb"),
                                      7 * (2 + 0.024 * 16) * 1.2, 1e-9);
      /* Every row that fits comes first. */
      g_assert_false (fits && saw_miss);
      saw_fit |= fits;
      saw_miss |= !fits;
    }
  g_assert_true (saw_fit && saw_miss);

  run_cli (&none, NULL, "estimate", "--gpu-hours", "3", "--reference-gpu", "t4", "--provider",
           "lambda", "--format", "json", NULL);
  g_assert_cmpint (none.status, ==, 0);
  rows = parse_array (parser2, none.out);
  g_assert_true (json_object_get_null_member (json_array_get_object_element (rows, 0), "fits"));
  g_assert_true (json_object_get_null_member (json_array_get_object_element (rows, 0),
                                              "memory_needed_gb"));

  run_cli (&bad, NULL, "estimate", "--gpu-hours", "3", "--reference-gpu", "t4", "--method",
           "dreaming", NULL);
  g_assert_cmpint (bad.status, ==, 2);
  g_assert_nonnull (strstr (bad.err, "full, lora, qlora or inference"));
}

/* The model's figures can be overridden from the shell: the 1× A100 (PCIe 40GB) declared
 * twice as fast as the V100 runs 300 V100-hours in 150 h. */
static void
test_estimate_overrides (void)
{
  g_auto(Run) run = { NULL };
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonArray *rows;
  gboolean found = FALSE;

  run_cli (&run, NULL, "estimate", "--gpu-hours", "300", "--reference-gpu", "v100-sxm2-16gb",
           "--provider", "lambda", "--region", "us-east-1", "--speed", "a100-pcie-40gb=2",
           "--format", "json", NULL);
  g_assert_cmpint (run.status, ==, 0);
  rows = parse_array (parser, run.out);
  for (guint i = 0; i < json_array_get_length (rows); i++)
    {
      JsonObject *row = json_array_get_object_element (rows, i);

      if (!g_str_equal (json_object_get_string_member (row, "instance"), "lambda/gpu_1x_a100"))
        continue;
      found = TRUE;
      g_assert_cmpfloat_with_epsilon (json_object_get_double_member (row, "wall_hours"), 150,
                                      1e-9);
    }
  g_assert_true (found);
}

static gboolean
reasons_have (JsonObject *choice,
              const char *tag)
{
  JsonArray *reasons = json_object_get_array_member (choice, "reasons");

  for (guint i = 0; i < json_array_get_length (reasons); i++)
    if (g_str_has_prefix (json_array_get_string_element (reasons, i), tag))
      return TRUE;
  return FALSE;
}

/* A derived price may be chosen, but the choice says it is an estimate. */
static void
test_recommend_derived (void)
{
  g_auto(Run) run = { NULL };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *layer = fixture ("regions-catalog.json");
  JsonArray *choices;
  gboolean saw_derived = FALSE;

  run_cli (&run, NULL, "recommend", "--catalog", layer, "--gpu-hours", "20", "--reference-gpu",
           "a100-sxm4-40gb", "--needs", "automl", "--stale-after-days", "100000", "--format",
           "json", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (json_parser_load_from_data (parser, run.out, -1, NULL));
  choices = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)),
                                          "recommendations");
  g_assert_cmpuint (json_array_get_length (choices), >, 0);
  for (guint i = 0; i < json_array_get_length (choices); i++)
    {
      JsonObject *choice = json_array_get_object_element (choices, i);
      gboolean derived = g_str_equal (json_object_get_string_member (choice, "instance"),
                                      "vertex-ai/a2-highgpu-1g");

      g_assert_false (json_object_get_boolean_member (choice, "stale"));
      g_assert_false (reasons_have (choice, "[stale-price]"));
      g_assert_cmpint (reasons_have (choice, "[derived-price]"), ==, derived);
      saw_derived |= derived;
    }
  g_assert_true (saw_derived);
}

static void
test_recommend (void)
{
  g_auto(Run) run = { NULL };
  g_auto(Run) markdown = { NULL };
  g_auto(Run) impossible = { NULL };
  g_auto(Run) bad = { NULL };
  g_autoptr(JsonParser) parser = json_parser_new ();
  const char *const keys[] = { "provider", "instance", "region", "pricing", "total_cost",
                               "wall_hours", "score", "reasons", "stale", "memory_needed_gb",
                               "fits", NULL };
  JsonObject *root, *first;
  g_autoptr(GList) members = NULL;
  guint k = 0;

  run_cli (&run, NULL, "recommend", "--gpu-hours", "300", "--reference-gpu", "v100-sxm2-16gb",
           "--dataset-gb", "50", "--needs", "enterprise-identity", "--format", "json", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (json_parser_load_from_data (parser, run.out, -1, NULL));
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_true (json_object_has_member (root, "recommendations"));
  g_assert_true (json_object_has_member (root, "excluded"));
  g_assert_true (json_object_has_member (root, "tips"));
  g_assert_true (json_object_has_member (root, "plan"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "recommendations")),
                    ==, 3);
  /* Three platforms, not three instances of one. */
  g_assert_cmpint (json_object_get_int_member (root, "platforms"), ==, 3);
  first = json_array_get_object_element (json_object_get_array_member (root, "recommendations"), 0);
  members = json_object_get_members (first);
  for (GList *l = members; l != NULL; l = l->next, k++)
    g_assert_cmpstr (l->data, ==, keys[k]);
  g_assert_null (keys[k]);
  g_assert_true (g_str_has_prefix (json_array_get_string_element (
                   json_object_get_array_member (first, "reasons"), 0), "[cost]"));
  /* The fixture's figures are years old: the answer says so. */
  g_assert_true (json_object_get_boolean_member (first, "stale"));
  g_assert_true (reasons_have (first, "[stale-price]"));
  {
    JsonObject *excluded =
        json_array_get_object_element (json_object_get_array_member (root, "excluded"), 0);
    g_assert_true (json_object_has_member (excluded, "provider"));
    g_assert_true (json_object_has_member (excluded, "instance"));
    g_assert_true (g_str_has_prefix (json_object_get_string_member (excluded, "reason"), "["));
  }

  run_cli (&markdown, NULL, "recommend", "--preset", "resnet50-imagenet-90ep", "--format",
           "markdown", NULL);
  g_assert_cmpint (markdown.status, ==, 0);
  g_assert_true (g_str_has_prefix (markdown.out, "# Where to train\n"));
  g_assert_nonnull (strstr (markdown.out, "\n## 1. "));

  run_cli (&impossible, NULL, "recommend", "--gpu-hours", "300", "--reference-gpu",
           "v100-sxm2-16gb", "--gpu-memory-gb", "80", "--budget", "1", NULL);
  g_assert_cmpint (impossible.status, ==, 1);
  g_assert_nonnull (strstr (impossible.out, "Nothing fits every constraint"));

  run_cli (&bad, NULL, "recommend", "--gpu-hours", "3", "--reference-gpu", "t4", "--needs",
           "teleportation", NULL);
  g_assert_cmpint (bad.status, ==, 2);
  g_assert_nonnull (strstr (bad.err, "enterprise-identity"));
}

static void
test_estimate_usage (void)
{
  g_auto(Run) missing = { NULL };
  g_auto(Run) precision = { NULL };
  g_auto(Run) preset = { NULL };
  g_auto(Run) presets = { NULL };

  run_cli (&missing, NULL, "estimate", NULL);
  g_assert_cmpint (missing.status, ==, 2);
  g_assert_nonnull (strstr (missing.err, "--gpu-hours"));

  run_cli (&precision, NULL, "estimate", "--gpu-hours", "1", "--reference-gpu", "t4",
           "--precision", "fp4", NULL);
  g_assert_cmpint (precision.status, ==, 2);

  run_cli (&preset, NULL, "estimate", "--preset", "nope", NULL);
  g_assert_cmpint (preset.status, ==, 2);
  g_assert_nonnull (strstr (preset.err, "presets"));

  run_cli (&presets, NULL, "presets", "--format", "csv", NULL);
  g_assert_cmpint (presets.status, ==, 0);
  g_assert_nonnull (strstr (presets.out, "resnet50-imagenet-90ep,"));
}

static void
test_chart (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("gp-cli-chart-XXXXXX", &error);
  const char *formats[] = { "png", "svg", "pdf" };
  g_auto(Run) bad_size = { NULL };
  g_auto(Run) bad_kind = { NULL };

  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_auto(Run) run = { NULL };
      g_autofree char *name = g_strdup_printf ("cost.%s", formats[i]);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autofree char *csv = g_build_filename (dir, "cost.csv", NULL);
      g_autofree char *contents = NULL;
      gsize length;

      run_cli (&run, NULL, "chart", "cost", "--gpu-hours", "100", "--reference-gpu", "t4",
               "--output", path, "--width-mm", "85", "--height-mm", "60", "--csv", csv, NULL);
      g_assert_cmpint (run.status, ==, 0);
      g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
      g_assert_cmpuint (length, >, 1000);
      if (i == 0)
        g_assert_true (memcmp (contents, "\x89PNG", 4) == 0);
      else if (i == 1)
        g_assert_nonnull (strstr (contents, "<svg"));
      else
        g_assert_true (g_str_has_prefix (contents, "%PDF-"));
      g_free (contents);
      g_assert_true (g_file_get_contents (csv, &contents, NULL, NULL));
      g_assert_true (g_str_has_prefix (contents, "option,region,pricing,hours,"));
      g_remove (path);
      g_remove (csv);
    }

  run_cli (&bad_size, NULL, "chart", "value", "--gpu-hours", "1", "--reference-gpu", "t4",
           "--output", "x.png", "--width-px", "10", NULL);
  g_assert_cmpint (bad_size.status, ==, 2);
  g_assert_nonnull (strstr (bad_size.err, "pixels"));

  run_cli (&bad_kind, NULL, "chart", "pie", "--gpu-hours", "1", "--reference-gpu", "t4",
           "--output", "x.png", NULL);
  g_assert_cmpint (bad_kind.status, ==, 2);

  g_rmdir (dir);
}

static void
test_help_translated (void)
{
  g_auto(Run) run = { NULL };
  g_autofree char *localedir =
      g_strdup_printf ("GPU_PLANNER_LOCALEDIR=%s", g_getenv ("GP_LOCALEDIR"));

  g_setenv ("LANGUAGE", "zh_CN", TRUE);
  g_setenv ("LANG", "C.UTF-8", TRUE);
  run_cli (&run, localedir, "list", "--help", NULL);
  g_unsetenv ("LANGUAGE");
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "每行列出一个实例在一个地域的报价"));
  g_assert_nonnull (strstr (run.out, "--min-gpu-memory=GB"));
}


static JsonObject *
parse_object (JsonParser *parser,
              const char *text)
{
  g_autoptr(GError) error = NULL;
  JsonNode *root;

  g_assert_true (json_parser_load_from_data (parser, text, -1, &error));
  g_assert_no_error (error);
  root = json_parser_get_root (parser);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (root));
  return json_node_get_object (root);
}

static JsonObject *
find_compare_row (JsonObject *root,
                  const char *key)
{
  JsonArray *rows = json_object_get_array_member (root, "rows");

  for (guint i = 0; i < json_array_get_length (rows); i++)
    {
      JsonObject *row = json_array_get_object_element (rows, i);

      if (g_str_equal (json_object_get_string_member (row, "key"), key))
        return row;
    }

  g_error ("no row %s", key);
}

static void
test_compare (void)
{
  static const char *const row_keys[] = {
    "key", "group", "label", "values", "text", "best", "stale", "rule", "differs", NULL
  };
  g_auto(Run) run = { NULL };
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root, *row, *column;

  /* An instance without a region stands for its cheapest region. */
  run_cli (&run, NULL, "compare", "aws-ec2/p4d.24xlarge@us-east-1", "lambda/gpu_8x_a100",
           "--format", "json", NULL);
  g_assert_cmpint (run.status, ==, 0);
  root = parse_object (parser, run.out);
  g_assert_cmpstr (json_object_get_string_member (root, "mode"), ==, "instances");
  g_assert_cmpstr (json_object_get_string_member (root, "currency"), ==, "USD");
  column = json_array_get_object_element (json_object_get_array_member (root, "columns"), 1);
  g_assert_cmpstr (json_object_get_string_member (column, "id"), ==,
                   "lambda/gpu_8x_a100@us-east-1");
  g_assert_cmpstr (json_object_get_string_member (column, "title"), ==, "gpu_8x_a100");

  row = find_compare_row (root, "on_demand_per_hour");
  {
    g_autoptr(GList) members = json_object_get_members (row);
    guint k = 0;

    for (GList *l = members; l != NULL; l = l->next, k++)
      g_assert_cmpstr (l->data, ==, row_keys[k]);
    g_assert_null (row_keys[k]);
  }
  g_assert_cmpstr (json_object_get_string_member (row, "group"), ==, "prices");
  g_assert_cmpfloat_with_epsilon (
      json_array_get_double_element (json_object_get_array_member (row, "values"), 1), 15.92, 1e-9);
  g_assert_cmpint (json_array_get_int_element (json_object_get_array_member (row, "best"), 0), ==,
                   1);
  g_assert_true (json_array_get_null_element (
      json_object_get_array_member (find_compare_row (root, "spot_per_hour"), "values"), 1));
  run_clear (&run);

  /* Providers, as a table for people: the winners are starred. */
  run_cli (&run, NULL, "compare", "lambda", "colab", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "Lambda"));
  g_assert_nonnull (strstr (run.out, "Google Colab"));
  g_assert_nonnull (strstr (run.out, "Data transfer\n"));
  g_assert_nonnull (strstr (run.out, "Yes *"));
  run_clear (&run);

  /* CSV and Markdown are the app's exports; only the differences leaves equal rows out. */
  run_cli (&run, NULL, "compare", "lambda", "colab", "--format", "csv", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_str_has_prefix (
      run.out, "Group,Row,Lambda (GPU cloud),Google Colab (Notebook service)\r\n"));
  g_assert_nonnull (strstr (run.out, "Features,Pipelines and MLOps,No,No\r\n"));
  run_clear (&run);
  run_cli (&run, NULL, "compare", "lambda", "colab", "--format", "csv", "--only-differences", NULL);
  g_assert_null (strstr (run.out, "Pipelines and MLOps"));
  run_clear (&run);
  run_cli (&run, NULL, "compare", "lambda", "colab", "--format", "markdown", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_str_has_prefix (
      run.out, "|  | Lambda (GPU cloud) | Google Colab (Notebook service) |\n|---|---|---|\n"));
  run_clear (&run);

  /* Bad input: exit 1 and a message naming it. */
  run_cli (&run, NULL, "compare", "lambda", "aws-ec2/p4d.24xlarge", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, "not both"));
  run_clear (&run);
  run_cli (&run, NULL, "compare", "lambda", "no-such-thing", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, "no-such-thing"));
  run_clear (&run);
  run_cli (&run, NULL, "compare", "lambda", "lambda", NULL);
  g_assert_cmpint (run.status, ==, 1);
  run_clear (&run);

  /* Usage: one id, seven ids, an unknown format. */
  run_cli (&run, NULL, "compare", "lambda", NULL);
  g_assert_cmpint (run.status, ==, 2);
  run_clear (&run);
  run_cli (&run, NULL, "compare", "a", "b", "c", "d", "e", "f", "g", NULL);
  g_assert_cmpint (run.status, ==, 2);
  run_clear (&run);
  run_cli (&run, NULL, "compare", "lambda", "colab", "--format", "yaml", NULL);
  g_assert_cmpint (run.status, ==, 2);
}

/* The lab's own machine, as "lab add" takes it: the worked example of gp-lab-cost.c. */
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
        g_assert_true (
            g_str_has_prefix (json_object_get_string_member (row, "source"), "Entered by "));
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

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/list-json", test_list_json);
  g_test_add_func ("/cli/list-price-basis-and-stale", test_list_price_basis_and_stale);
  g_test_add_func ("/cli/list-filters", test_list_filters);
  g_test_add_func ("/cli/list-csv-quoting", test_list_csv_quoting);
  g_test_add_func ("/cli/list-table", test_list_table);
  g_test_add_func ("/cli/list-hostile-names", test_list_hostile_names);
  g_test_add_func ("/cli/full-disk", test_full_disk);
  g_test_add_func ("/cli/providers-and-gpus", test_providers_and_gpus);
  g_test_add_func ("/cli/validate", test_validate);
  g_test_add_func ("/cli/usage", test_usage);
  g_test_add_func ("/cli/import", test_import);
  g_test_add_func ("/cli/refresh", test_refresh);
  g_test_add_func ("/cli/help-translated", test_help_translated);
  g_test_add_func ("/cli/estimate-json", test_estimate_json);
  g_test_add_func ("/cli/estimate-table-and-csv", test_estimate_table_and_csv);
  g_test_add_func ("/cli/estimate-usage", test_estimate_usage);
  g_test_add_func ("/cli/estimate-overrides", test_estimate_overrides);
  g_test_add_func ("/cli/estimate-yuan-without-rate", test_estimate_yuan_without_rate);
  g_test_add_func ("/cli/estimate-memory", test_estimate_memory);
  g_test_add_func ("/cli/recommend", test_recommend);
  g_test_add_func ("/cli/recommend-derived", test_recommend_derived);
  g_test_add_func ("/cli/chart", test_chart);
  g_test_add_func ("/cli/compare", test_compare);
  g_test_add_func ("/cli/lab", test_lab);
  g_test_add_func ("/cli/lab-json-numbers", test_lab_json_numbers);
  g_test_add_func ("/cli/lab-concurrent", test_lab_concurrent);
  g_test_add_func ("/cli/lab-keeps-files", test_lab_keeps_files);
  g_test_add_func ("/cli/lab-user-layer", test_lab_user_layer);
  g_test_add_func ("/cli/breakeven", test_breakeven);
  g_test_add_func ("/cli/budget", test_budget);
  g_test_add_func ("/cli/launch", test_launch);

  return g_test_run ();
}
