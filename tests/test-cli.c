/* test-cli.c — gpu-planner-cli as scripts use it: exit codes, tables, CSV and JSON; its catalog
 * commands
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

#include "gp-test-cli.h"

static const char *const list_keys[] = { "provider",
                                         "provider_name",
                                         "instance",
                                         "region",
                                         "gpu",
                                         "gpu_name",
                                         "gpu_count",
                                         "gpu_memory_gb",
                                         "vcpus",
                                         "memory_gb",
                                         "on_demand_per_hour",
                                         "spot_per_hour",
                                         "reserved_1y_per_hour",
                                         "reserved_3y_per_hour",
                                         "per_gpu_hour",
                                         "billing_increment_s",
                                         "currency",
                                         "source",
                                         "as_of",
                                         "layer",
                                         "price_basis",
                                         "stale",
                                         "capacity_block_per_hour",
                                         NULL };

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

      /* Exactly the keys of the interface, in order. */
      assert_keys (row, list_keys);

      g_assert_cmpstr (json_object_get_string_member (row, "currency"), ==, "USD");
      g_assert_cmpstr (json_object_get_string_member (row, "layer"), ==, "bundled");
      /* The fixture quotes every price, GCP's attached GPUs without their host; its dates are
       * years old. */
      g_assert_cmpstr (
          json_object_get_string_member (row, "price_basis"), ==,
          g_str_has_prefix (json_object_get_string_member (row, "instance"), "gcp/n1-gpu-")
              ? "gpu-only"
              : "quoted");
      g_assert_true (JSON_NODE_HOLDS_VALUE (json_object_get_member (row, "stale")));
      g_assert_true (json_object_get_boolean_member (row, "stale"));
      g_assert_true (JSON_NODE_TYPE (json_object_get_member (row, "gpu_count")) == JSON_NODE_VALUE);
      if (json_object_get_null_member (row, "spot_per_hour"))
        saw_null_spot = TRUE;
    }

  /* Unknown values are null, never 0: Lambda has no spot market. */
  g_assert_true (saw_null_spot);
}

/* The first offer list gives, as history takes it: INSTANCE@REGION. */
static char *
first_offer (void)
{
  g_auto(Run) list = { NULL };
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *first;

  run_cli (&list, NULL, "list", "--format", "json", NULL);
  first = json_array_get_object_element (parse_array (parser, list.out), 0);
  return g_strdup_printf ("%s@%s", json_object_get_string_member (first, "instance"),
                          json_object_get_string_member (first, "region"));
}

/* A data folder whose history.json holds @text; its file's path in @path. */
static char *
history_home (const char  *text,
              char       **path)
{
  char *home = g_dir_make_tmp ("gp-cli-history-XXXXXX", NULL);
  g_autofree char *folder = g_build_filename (home, "gpu-planner", NULL);

  *path = g_build_filename (folder, "history.json", NULL);
  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  g_assert_true (g_file_set_contents (*path, text, -1, NULL));
  return home;
}

static void
remove_history_home (const char *home,
                     const char *path)
{
  g_autofree char *folder = g_path_get_dirname (path);

  g_unlink (path);
  g_rmdir (folder);
  g_rmdir (home);
}

/* history OFFER: the offer's dated points, oldest first, JSON rows exactly {date, on_demand,
 * spot, source}; an unknown offer and a broken history file are said, the file left alone. */
static void
test_history (void)
{
  g_autofree char *offer = first_offer ();
  g_autofree char *text = g_strdup_printf (
      "{\"history_version\":1,\"sources\":[{\"id\":\"s0\",\"title\":\"Refresh from "
      "https://example.org\"}],\"series\":[{\"offer\":\"%s\",\"source\":\"s0\",\"points\":"
      "[[\"2026-09-01\",2.5,null],[\"2026-08-01\",3,1.2]]}]}",
      offer);
  g_autofree char *path = NULL;
  g_autofree char *home = history_home (text, &path);
  g_autofree char *env = g_strconcat ("XDG_DATA_HOME=", home, NULL);
  g_auto(Run) json = { NULL };
  g_auto(Run) unknown = { NULL };
  g_auto(Run) broken = { NULL };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *after = NULL;
  JsonArray *rows;

  run_cli (&json, env, "history", offer, "--format", "json", NULL);
  g_assert_cmpint (json.status, ==, 0);
  rows = parse_array (parser, json.out);
  g_assert_cmpuint (json_array_get_length (rows), ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      const char *const keys[] = { "date", "on_demand", "spot", "source", NULL };

      assert_keys (json_array_get_object_element (rows, i), keys);
    }
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (rows, 0), "date"),
                   ==, "2026-08-01");
  g_assert_true (json_object_get_null_member (json_array_get_object_element (rows, 1), "spot"));
  g_assert_cmpstr (
      json_object_get_string_member (json_array_get_object_element (rows, 1), "source"), ==,
      "Refresh from https://example.org");

  run_cli (&unknown, env, "history", "lambda/none@nowhere", NULL);
  g_assert_cmpint (unknown.status, ==, 1);
  g_assert_nonnull (strstr (unknown.err, "lambda/none@nowhere"));

  g_assert_true (g_file_set_contents (path, "{\"history_version\":1,", -1, NULL));
  run_cli (&broken, env, "history", offer, NULL);
  g_assert_cmpint (broken.status, ==, 1);
  g_assert_nonnull (strstr (broken.err, path));
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, "{\"history_version\":1,");

  remove_history_home (home, path);
}

/* history of an offer with a series of Capacity Block prices: every row gains capacity_block,
 * after the keys every offer has (null where a point has none); CSV likewise, last. */
static void
test_history_capacity_blocks (void)
{
  g_autofree char *offer = first_offer ();
  g_autofree char *text = g_strdup_printf (
      "{\"history_version\":1,\"sources\":[{\"id\":\"s0\",\"title\":\"Blocks\"}],"
      "\"series\":[{\"offer\":\"%s\",\"source\":\"s0\",\"points\":[[\"2026-01-31\",null,"
      "null,31.464],[\"2026-02-01\",2.5,null]]}]}",
      offer);
  g_autofree char *path = NULL;
  g_autofree char *home = history_home (text, &path);
  g_autofree char *env = g_strconcat ("XDG_DATA_HOME=", home, NULL);
  g_auto(Run) json = { NULL };
  g_auto(Run) csv = { NULL };
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonArray *rows;

  run_cli (&json, env, "history", offer, "--format", "json", NULL);
  g_assert_cmpint (json.status, ==, 0);
  rows = parse_array (parser, json.out);
  g_assert_cmpuint (json_array_get_length (rows), ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      const char *const keys[] = { "date", "on_demand", "spot", "source", "capacity_block", NULL };

      assert_keys (json_array_get_object_element (rows, i), keys);
    }
  g_assert_cmpfloat (
      json_object_get_double_member (json_array_get_object_element (rows, 0), "capacity_block"), ==,
      31.464);
  g_assert_true (
      json_object_get_null_member (json_array_get_object_element (rows, 0), "on_demand"));
  g_assert_true (
      json_object_get_null_member (json_array_get_object_element (rows, 1), "capacity_block"));

  run_cli (&csv, env, "history", offer, "--format", "csv", NULL);
  g_assert_cmpint (csv.status, ==, 0);
  g_assert_true (g_str_has_prefix (csv.out, "date,on_demand,spot,source,capacity_block\r\n"));

  remove_history_home (home, path);
}

/* Capacity Blocks in list: the price of an hour of a block where one is sold, null elsewhere,
 * and a column of the table. */
static void
test_list_capacity_block (void)
{
  g_auto(Run) run = { NULL };
  g_auto(Run) table = { NULL };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *layer =
      g_test_build_filename (G_TEST_DIST, "fixtures", "capacity-block-catalog.json", NULL);
  JsonArray *rows;

  run_cli (&run, NULL, "list", "--catalog", layer, "--provider", "blockcloud", "--format", "json",
           NULL);
  g_assert_cmpint (run.status, ==, 0);
  rows = parse_array (parser, run.out);
  g_assert_cmpuint (json_array_get_length (rows), ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      JsonObject *row = json_array_get_object_element (rows, i);

      if (g_str_equal (json_object_get_string_member (row, "region"), "b1"))
        g_assert_cmpfloat (json_object_get_double_member (row, "capacity_block_per_hour"), ==, 40);
      else
        g_assert_true (json_object_get_null_member (row, "capacity_block_per_hour"));
    }

  run_cli (&table, NULL, "list", "--catalog", layer, "--provider", "blockcloud", NULL);
  g_assert_cmpint (table.status, ==, 0);
  g_assert_nonnull (strstr (table.out, "Capacity Block/h"));
  g_assert_nonnull (strstr (table.out, "40.000"));
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
  run_clear (&run);

  /* The cheapest spot GPU-hour first, whole machines and per GPU: the order the README's
   * example promises (it once sorted by the on-demand price). */
  {
    const char *keys[] = { "spot", "spot-per-gpu" };

    for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
      {
        g_autoptr(JsonParser) spot_parser = json_parser_new ();

        previous = 0;
        run_cli (&run, NULL, "list", "--format", "json", "--min-gpu-memory", "80", "--spot",
                 "--sort", keys[k], NULL);
        g_assert_cmpint (run.status, ==, 0);
        rows = parse_array (spot_parser, run.out);
        g_assert_cmpuint (json_array_get_length (rows), >, 1);
        for (guint i = 0; i < json_array_get_length (rows); i++)
          {
            JsonObject *row = json_array_get_object_element (rows, i);
            double spot = json_object_get_double_member (row, "spot_per_hour");

            if (k == 1)
              spot /= json_object_get_int_member (row, "gpu_count");
            g_assert_cmpfloat (spot, >=, previous);
            previous = spot;
          }
        run_clear (&run);
      }
  }
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
  /* The seven platforms, and the eight GPU clouds a refresh reads from SkyPilot's files. */
  g_assert_cmpuint (json_array_get_length (rows), ==, 15);
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

/* providers --format json: every provider's paying facts, each with its source, or "not found"
 * for both where no source gives it. */
static void
test_providers_payment (void)
{
  g_auto(Run) run = { NULL };
  g_autofree char *layer = fixture ("invoice-catalog.json");
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonArray *rows;
  JsonObject *fapiao = NULL, *unsaid = NULL;
  const char *const keys[] = { "billing_currency", "chinese_invoice", "foreign_card_needed",
                               "business_licence_needed", "real_name_needed" };

  run_cli (&run, NULL, "providers", "--catalog", layer, "--format", "json", NULL);
  g_assert_cmpint (run.status, ==, 0);
  rows = parse_array (parser, run.out);
  for (guint i = 0; i < json_array_get_length (rows); i++)
    {
      JsonObject *row = json_array_get_object_element (rows, i);

      for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
        {
          g_autofree char *source = g_strconcat (keys[k], "_source", NULL);

          g_assert_true (json_object_has_member (row, keys[k]));
          g_assert_nonnull (json_object_get_string_member (row, source));
        }
      if (g_str_equal (json_object_get_string_member (row, "id"), "fapiao"))
        fapiao = row;
      if (g_str_equal (json_object_get_string_member (row, "id"), "unsaid"))
        unsaid = row;
    }
  g_assert_nonnull (fapiao);
  g_assert_true (json_object_get_boolean_member (fapiao, "chinese_invoice"));
  g_assert_cmpstr (json_object_get_string_member (fapiao, "chinese_invoice_source"), ==,
                   "https://example.com/invoices");
  g_assert_cmpstr (json_object_get_string_member (fapiao, "billing_currency"), ==, "CNY");
  g_assert_true (json_object_get_boolean_member (fapiao, "real_name_needed"));
  g_assert_cmpstr (json_object_get_string_member (fapiao, "foreign_card_needed"), ==, "not found");
  g_assert_cmpstr (json_object_get_string_member (fapiao, "foreign_card_needed_source"), ==,
                   "not found");
  g_assert_nonnull (unsaid);
  g_assert_cmpstr (json_object_get_string_member (unsaid, "chinese_invoice"), ==, "not found");
  g_assert_cmpstr (json_object_get_string_member (unsaid, "billing_currency"), ==, "not found");
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

  /* One SkyPilot file, written while it is checked, over the last import: the file holds it
   * and nothing is left beside it. */
  run_cli (&run, NULL, "import", "skypilot", aws, "--as-of", "2025-09-12", "--output", output,
           NULL);
  g_assert_cmpint (run.status, ==, 0);
  run_clear (&run);
  run_cli (&run, NULL, "import", "skypilot", aws, "--as-of", "2025-09-12", NULL);
  g_assert_cmpint (run.status, ==, 0);
  {
    g_autofree char *written = NULL;
    g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
    guint n = 0;

    g_assert_true (g_file_get_contents (output, &written, NULL, NULL));
    /* Standard output ends the catalog with a line of its own. */
    g_assert_true (g_str_has_prefix (run.out, written));
    g_assert_cmpuint (strlen (run.out), ==, strlen (written) + 1);
    while (g_dir_read_name (listing) != NULL)
      n++;
    g_assert_cmpuint (n, ==, 1);
  }
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

/* A fake Google Cloud API key, which the tool must never show or keep. */
#define GCP_KEY "fake-cli-gcp-key-5e7d19"

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

  /* The AWS Price List's fixtures, their addresses under /aws, and the spot feed. */
  if (g_str_has_prefix (path, "/aws/") || g_str_equal (path, "/spot.js"))
    {
      static const char *const files[][2] = {
        { "/aws/offers/v1.0/aws/index.json", "index.json" },
        { "/aws/offers/v1.0/aws/AmazonEC2/current/region_index.json",
          "region-index-AmazonEC2.json" },
        { "/aws/offers/v1.0/aws/AmazonSageMaker/current/region_index.json",
          "region-index-AmazonSageMaker.json" },
        { "/aws/offers/v1.0/aws/AmazonEC2/20261201000000/us-east-1/index.json",
          "ec2-us-east-1.json" },
        { "/aws/offers/v1.0/aws/AmazonSageMaker/20261201000000/us-east-1/index.json",
          "sagemaker-us-east-1.json" },
        { "/spot.js", "spot.js" },
      };

      soup_server_message_set_status (msg, 404, NULL);
      for (guint i = 0; i < G_N_ELEMENTS (files); i++)
        if (g_str_equal (path, files[i][0]))
          {
            g_autofree char *file =
                g_test_build_filename (G_TEST_DIST, "fixtures", "aws-pricelist", files[i][1], NULL);
            g_autofree char *text = NULL;
            g_autoptr(GString) fixed = NULL;

            g_assert_true (g_file_get_contents (file, &text, NULL, NULL));
            fixed = g_string_new (text);
            g_string_replace (fixed, "PREFIX", "/aws", 0);
            soup_server_message_set_status (msg, 200, NULL);
            soup_server_message_set_response (msg, "application/json", SOUP_MEMORY_COPY, fixed->str,
                                              fixed->len);
          }
      return;
    }
  /* The Billing Catalog's Vertex AI and Compute Engine SKUs, each in two pages, for the fake
   * key only; the Vertex AI machines the fixture catalog lacks, at a derived price. */
  if (g_str_has_prefix (path, "/gcp/"))
    {
      const char *token = query != NULL ? g_hash_table_lookup (query, "pageToken") : NULL;
      gboolean compute = g_str_equal (path, "/gcp/v1/services/6F81-5844-456A/skus");
      const char *name =
          g_str_equal (path, "/gcp/vertex-layer.json") ? "vertex-layer.json"
          : !(compute || g_str_equal (path, "/gcp/v1/services/C7E2-9256-1C43/skus")) ||
                  query == NULL || g_strcmp0 (g_hash_table_lookup (query, "key"), GCP_KEY) != 0
              ? NULL
          : compute       ? (token == NULL ? "compute-1.json" : "compute-2.json")
          : token == NULL ? "skus-1.json"
                          : "skus-2.json";
      g_autofree char *file =
          name != NULL ? g_test_build_filename (G_TEST_DIST, "fixtures", "gcp-billing", name, NULL)
                       : NULL;
      char *text = NULL;

      if (file == NULL || !g_file_get_contents (file, &text, NULL, NULL))
        {
          soup_server_message_set_status (msg, 403, NULL);
          return;
        }
      soup_server_message_set_status (msg, 200, NULL);
      soup_server_message_set_response (msg, "application/json", SOUP_MEMORY_TAKE, text,
                                        strlen (text));
      return;
    }
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

  /* Before the server's thread: the environment is not the threads' to share. */
  g_setenv ("GPU_PLANNER_GCP_API_KEY", GCP_KEY, TRUE);
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
  /* The unknown name said with the valid ones. */
  g_assert_nonnull (strstr (run.err, "unknown source “mars”; the sources are: aws, gcp, lambda, "
                                     "azure, runpod, nebius, verda, seeweb, hyperstack, vast, "
                                     "oci, cudo, azure-retail, aws-pricelist, aws-spot"));
  run_clear (&run);
  run_cli (&run, env, "refresh", "--url", "mars=https://example.org/x.json", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "unknown source “mars”"));
  run_clear (&run);
  run_cli (&run, env, "refresh", "--help", NULL);
  g_assert_nonnull (strstr (run.out,
                            "Sources: aws, gcp, lambda, azure, runpod, nebius, verda, seeweb, "
                            "hyperstack, vast, oci, cudo, azure-retail, aws-pricelist, aws-spot, "
                            "scaleway, ovh, "
                            "catalog. With an API key: lambda-api, gcp-billing."));
  run_clear (&run);

  /* The AWS Price List and the spot feed as a user refreshes them from a mirror: the first
   * address does not answer, the second does. */
  {
    g_autofree char *down =
        g_strdup ("aws-pricelist=http://127.0.0.1:9/offers/v1.0/aws/index.json");
    g_autofree char *mirror = g_strdup_printf (
        "aws-pricelist=http://127.0.0.1:%u/aws/offers/v1.0/aws/index.json", server.port);
    g_autofree char *spot = g_strdup_printf ("aws-spot=http://127.0.0.1:%u/spot.js", server.port);

    run_cli (&run, env, "refresh", "--source", "aws-pricelist", "--source", "aws-spot", "--url",
             down, "--url", mirror, "--url", spot, NULL);
    g_test_message ("%s%s", run.out, run.err);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_nonnull (strstr (run.out, "aws-pricelist: updated, 3 offers, as of 2026-11-30, "
                                       "dated by the price list's publication date\n  "
                                       "AmazonEC2 us-east-1: region “xx-moon-1” is not in the "
                                       "catalog; its prices were left out\n"));
    g_assert_nonnull (strstr (run.out, "aws-spot: updated"));
    run_clear (&run);
    run_cli (&run, env, "list", "--provider", "aws-ec2", "--region", "us-east-1", "--format", "csv",
             NULL);
    g_assert_nonnull (strstr (run.out, "aws-ec2/p3.2xlarge,us-east-1,"));
    g_assert_nonnull (strstr (run.out, ",2.9,"));
    run_clear (&run);
  }

  /* Vertex AI from the Billing Catalog, the key from the environment: quoted prices, and the
   * key in nothing the tool prints or keeps (the API takes it in the address). */
  {
    g_autofree char *layer_url =
        g_strdup_printf ("http://127.0.0.1:%u/gcp/vertex-layer.json", server.port);
    g_autofree char *billing =
        g_strdup_printf ("gcp-billing=http://127.0.0.1:%u/gcp/v1/services", server.port);
    const char *grep[] = { "grep", "-rl", GCP_KEY, cache, NULL };
    g_autofree char *found = NULL;
    int status = 0;

    run_cli (&run, env, "refresh", "--source", "catalog", "--source", "gcp-billing", "--url",
             layer_url, "--url", billing, NULL);
    g_test_message ("%s%s", run.out, run.err);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_nonnull (strstr (run.out, "gcp-billing: updated, 11 offers, as of 2026-12-02, dated "
                                       "by the SKUs' effective time\n  a3-highgpu-8g: no "
                                       "training SKUs"));
    g_assert_null (strstr (run.out, GCP_KEY));
    g_assert_null (strstr (run.err, GCP_KEY));
    run_clear (&run);
    run_cli (&run, env, "list", "--provider", "vertex-ai", "--format", "csv", NULL);
    g_assert_nonnull (strstr (run.out, "vertex-ai/a2-highgpu-1g,us-central1,"));
    g_assert_nonnull (strstr (run.out, ",3.778773,"));
    run_clear (&run);
    /* Compute Engine's machines from their parts' SKUs likewise. */
    run_cli (&run, env, "list", "--provider", "gcp", "--region", "us-central1", "--format", "csv",
             NULL);
    g_assert_nonnull (strstr (run.out, "gcp/a2-highgpu-1g,us-central1,"));
    g_assert_nonnull (strstr (run.out, ",3.673385,"));
    run_clear (&run);
    g_assert_true (g_spawn_sync (NULL, (char **) grep, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                                 &found, NULL, &status, NULL));
    g_assert_cmpstr (found, ==, "");
  }

  g_main_context_invoke (server.context, quit_cb, server.loop);
  g_thread_join (thread);
  g_unsetenv ("GPU_PLANNER_GCP_API_KEY");
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

/* The published workloads are named, and what they train to said, in the user's language; their
 * ids kept for scripts. */
static void
test_presets_translated (void)
{
  g_auto(Run) run = { NULL };
  g_autofree char *localedir =
      g_strdup_printf ("GPU_PLANNER_LOCALEDIR=%s", g_getenv ("GP_LOCALEDIR"));

  g_setenv ("LANGUAGE", "zh_CN", TRUE);
  g_setenv ("LANG", "C.UTF-8", TRUE);
  run_cli (&run, localedir, "presets", "--format", "csv", NULL);
  g_unsetenv ("LANGUAGE");
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "resnet50-imagenet-90ep,ResNet-50 在 ImageNet 上训练 90 轮"));
  g_assert_null (strstr (run.out, "ResNet-50 on ImageNet"));
  /* What it trains to, too. */
  g_assert_nonnull (strstr (run.out, "仅测吞吐量：序列长度 2048 下 1000 万个词元"));
  g_assert_null (strstr (run.out, "Throughput only"));
}

/* The catalog's words a user reads in Compare (a platform's quota, its plans' names) are in
 * the user's language, as its sources' titles are. */
static void
test_compare_words_translated (void)
{
  g_auto(Run) run = { NULL };
  g_autofree char *localedir =
      g_strdup_printf ("GPU_PLANNER_LOCALEDIR=%s", g_getenv ("GP_LOCALEDIR"));

  g_setenv ("LANGUAGE", "zh_CN", TRUE);
  g_setenv ("LANG", "C.UTF-8", TRUE);
  run_cli (&run, localedir, "compare", "colab", "lambda", "--format", "json", NULL);
  g_unsetenv ("LANGUAGE");
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "不保证有 GPU 可用"));
  g_assert_nonnull (strstr (run.out, "按需付费，100 个计算单元"));
  g_assert_null (strstr (run.out, "GPU availability not guaranteed"));
  g_assert_null (strstr (run.out, "Pay As You Go"));
}

/* An estimated price says how it was worked out in the user's language: the machine it follows
 * and the factor in words of the program, why that factor in the catalog's. */
static void
test_derived_rule_translated (void)
{
  g_auto(Run) run = { NULL };
  g_autofree char *localedir =
      g_strdup_printf ("GPU_PLANNER_LOCALEDIR=%s", g_getenv ("GP_LOCALEDIR"));
  g_autofree char *layer =
      g_test_build_filename (G_TEST_DIST, "fixtures", "regions-catalog.json", NULL);

  g_setenv ("LANGUAGE", "zh_CN", TRUE);
  g_setenv ("LANG", "C.UTF-8", TRUE);
  run_cli (&run, localedir, "compare", "vertex-ai/a2-highgpu-1g@us-central1",
           "gcp/a2-highgpu-1g@us-central1", "--catalog", layer, "--format", "json", NULL);
  g_unsetenv ("LANGUAGE");
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (
      strstr (run.out, "Compute Engine a2-highgpu-1g 在同一地域的价格 × 1.2（+20.0%）"));
  g_assert_null (strstr (run.out, "in the same region"));
}

/* The documentation a launch template follows is named in the user's language; the code stays
 * as written. */
static void
test_launch_sources_translated (void)
{
  g_auto(Run) list = { NULL };
  g_auto(Run) run = { NULL };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *localedir =
      g_strdup_printf ("GPU_PLANNER_LOCALEDIR=%s", g_getenv ("GP_LOCALEDIR"));
  JsonObject *first;

  run_cli (&list, NULL, "list", "--provider", "lambda", "--format", "json", NULL);
  first = json_array_get_object_element (parse_array (parser, list.out), 0);
  g_setenv ("LANGUAGE", "zh_CN", TRUE);
  g_setenv ("LANG", "C.UTF-8", TRUE);
  run_cli (&run, localedir, "launch", json_object_get_string_member (first, "instance"), NULL);
  g_unsetenv ("LANGUAGE");
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.err, "Lambda Cloud API：启动实例"));
  g_assert_null (strstr (run.err, "Lambda Cloud API: launch instances"));
  g_assert_nonnull (strstr (run.out, "curl"));
}

/* The lab's own machine, as "lab add" takes it: the worked example of gp-lab-cost.c. */

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/list-json", test_list_json);
  g_test_add_func ("/cli/list-capacity-block", test_list_capacity_block);
  g_test_add_func ("/cli/history", test_history);
  g_test_add_func ("/cli/history-capacity-blocks", test_history_capacity_blocks);
  g_test_add_func ("/cli/list-price-basis-and-stale", test_list_price_basis_and_stale);
  g_test_add_func ("/cli/list-filters", test_list_filters);
  g_test_add_func ("/cli/list-csv-quoting", test_list_csv_quoting);
  g_test_add_func ("/cli/list-table", test_list_table);
  g_test_add_func ("/cli/list-hostile-names", test_list_hostile_names);
  g_test_add_func ("/cli/full-disk", test_full_disk);
  g_test_add_func ("/cli/providers-and-gpus", test_providers_and_gpus);
  g_test_add_func ("/cli/providers-payment", test_providers_payment);
  g_test_add_func ("/cli/validate", test_validate);
  g_test_add_func ("/cli/usage", test_usage);
  g_test_add_func ("/cli/import", test_import);
  g_test_add_func ("/cli/refresh", test_refresh);
  g_test_add_func ("/cli/help-translated", test_help_translated);
  g_test_add_func ("/cli/presets-translated", test_presets_translated);
  g_test_add_func ("/cli/compare-words-translated", test_compare_words_translated);
  g_test_add_func ("/cli/derived-rule-translated", test_derived_rule_translated);
  g_test_add_func ("/cli/launch-sources-translated", test_launch_sources_translated);

  return g_test_run ();
}
