/* test-cli-estimate.c — gpu-planner-cli estimate, recommend, chart and compare as scripts use them
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include "gp-test-cli.h"
#include "gp-test-fifo.h"

static const char *const estimate_keys[] = { "provider",
                                             "instance",
                                             "region",
                                             "pricing",
                                             "gpu",
                                             "gpu_count",
                                             "wall_hours",
                                             "billed_hours",
                                             "compute_cost",
                                             "storage_cost",
                                             "transfer_cost",
                                             "interruption_cost",
                                             "total_cost",
                                             "currency",
                                             "sessions",
                                             "assumptions",
                                             "stale",
                                             "memory_needed_gb",
                                             "fits",
                                             "speed_basis",
                                             "reachable",
                                             "as_of",
                                             "price_basis",
                                             "lowest_listed",
                                             "energy_kwh",
                                             "co2e_kg",
                                             "grid_gco2_per_kwh",
                                             "pue",
                                             NULL };

static void
test_estimate_json (void)
{
  g_auto(Run) run = { NULL };
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonArray *rows;
  double previous = 0;
  gboolean saw_spot = FALSE;

  run_cli (&run, NULL, "estimate", "--gpu-hours", "300", "--reference-gpu", "v100-sxm2-16gb",
           "--interruptible", "--provider", "aws-ec2", "--provider", "lambda", "--format", "json",
           NULL);
  g_assert_cmpint (run.status, ==, 0);
  rows = parse_array (parser, run.out);
  g_assert_cmpuint (json_array_get_length (rows), >, 10);

  for (guint i = 0; i < json_array_get_length (rows); i++)
    {
      JsonObject *row = json_array_get_object_element (rows, i);
      const char *provider = json_object_get_string_member (row, "provider");
      const char *pricing = json_object_get_string_member (row, "pricing");
      double total = json_object_get_double_member (row, "total_cost");

      assert_keys (row, estimate_keys);

      g_assert_true (g_str_equal (provider, "aws-ec2") || g_str_equal (provider, "lambda"));
      g_assert_true (g_strv_contains ((const char *[]){ "on-demand", "spot", "reserved-1y",
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
           "--provider", "lambda", "--region", "us-east-1", "--group", "offer", NULL);
  g_assert_cmpint (table.status, ==, 0);
  g_assert_nonnull (strstr (table.out, "Total"));
  g_assert_nonnull (strstr (table.out, "lambda/gpu_1x_a100 "));
  g_assert_nonnull (strstr (table.out, "345.56"));

  run_cli (&csv, NULL, "estimate", "--preset", "bert-large-squad", "--gpus", "8", "--format", "csv",
           NULL);
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
  g_assert_cmpfloat_with_epsilon (
      json_object_get_double_member (row, "storage_cost"),
      1000 * 0.1 * (upload + json_object_get_double_member (row, "wall_hours")) / 730, 1e-9);

  g_assert_no_error (error);
  g_assert_cmpint (g_mkdir_with_parents (settings_dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (keyfile,
                                      "[io/github/gpuplanner/GpuPlanner]\n"
                                      "exchange-rates={'CNY': 7.0}\n"
                                      "exchange-rates-as-of='2026-11-02'\n",
                                      -1, &error));
  g_setenv ("GSETTINGS_SCHEMA_DIR", schemas, TRUE);
  g_setenv ("GSETTINGS_BACKEND", "keyfile", TRUE);
  g_setenv ("XDG_CONFIG_HOME", home, TRUE);
  run_cli (&preferences, NULL, "estimate", "--gpu-hours", "10", "--reference-gpu", "v100-sxm2-16gb",
           "--provider", "aws-ec2", "--region", "us-east-1", "--currency", "CNY", "--format",
           "json", NULL);
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
  g_assert_true (
      json_object_get_null_member (json_array_get_object_element (rows, 0), "memory_needed_gb"));

  run_cli (&bad, NULL, "estimate", "--gpu-hours", "3", "--reference-gpu", "t4", "--method",
           "dreaming", NULL);
  g_assert_cmpint (bad.status, ==, 2);
  g_assert_nonnull (strstr (bad.err, "full, lora, qlora or inference"));

  /* A 7B LoRA at 4 × 1,024 tokens: every activation kept unless checkpointing is on, which
   * holds it under 24 GB; anything but on or off is refused. */
  {
    const char *answers[] = { "off", "on" };
    double needed[2];

    for (guint i = 0; i < 2; i++)
      {
        g_auto(Run) job = { NULL };
        g_autoptr(JsonParser) job_parser = json_parser_new ();

        run_cli (&job, NULL, "estimate", "--gpu-hours", "300", "--reference-gpu", "a100-sxm4-80gb",
                 "--model-billions", "7", "--method", "lora", "--batch-size", "4",
                 "--sequence-length", "1024", "--activation-checkpointing", answers[i],
                 "--provider", "lambda", "--format", "json", NULL);
        g_assert_cmpint (job.status, ==, 0);
        rows = parse_array (job_parser, job.out);
        needed[i] = json_object_get_double_member (json_array_get_object_element (rows, 0),
                                                   "memory_needed_gb");
      }
    g_assert_cmpfloat (needed[0], >, 24);
    g_assert_cmpfloat (needed[1], <, 24);
  }
  /* A 13B full fine-tune on one A100 80GB fits nowhere: the error stream says what would, on
   * that GPU, and the options that ask for an instance of it (the fixture's have 1 or 8). */
  {
    g_auto(Run) big = { NULL };

    run_cli (&big, NULL, "estimate", "--gpu-hours", "300", "--reference-gpu", "a100-sxm4-80gb",
             "--model-billions", "13", "--method", "full", "--gpus", "1", NULL);
    g_assert_cmpint (big.status, ==, 0);
    g_assert_nonnull (strstr (big.err, "On a100-sxm4-80gb, 4 GPUs with ZeRO-3 fit, 62.4 GB each; "
                                       "the fewest an instance has: --gpus 8 --sharding zero3"));
  }
  {
    g_auto(Run) unsure = { NULL };

    run_cli (&unsure, NULL, "estimate", "--gpu-hours", "3", "--reference-gpu", "t4",
             "--activation-checkpointing", "maybe", NULL);
    g_assert_cmpint (unsure.status, ==, 2);
    g_assert_nonnull (strstr (unsure.err, "--activation-checkpointing must be on or off"));
  }
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
      g_assert_cmpfloat_with_epsilon (json_object_get_double_member (row, "wall_hours"), 150, 1e-9);
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
  const char *const keys[] = { "provider",   "instance",  "region",  "pricing", "total_cost",
                               "wall_hours", "score",     "reasons", "stale",   "memory_needed_gb",
                               "fits",       "reachable", NULL };
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
  g_assert_true (g_str_has_prefix (
      json_array_get_string_element (json_object_get_array_member (first, "reasons"), 0),
      "[cost]"));
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
  /* The command line keeps each reason's rule name, for scripts to pick out. */
  g_assert_nonnull (strstr (markdown.out, "- [cost] "));

  run_cli (&impossible, NULL, "recommend", "--gpu-hours", "300", "--reference-gpu",
           "v100-sxm2-16gb", "--gpu-memory-gb", "80", "--budget", "1", NULL);
  g_assert_cmpint (impossible.status, ==, 1);
  g_assert_nonnull (strstr (impossible.out, "Nothing fits every constraint"));
  /* What was left out: each offer by its name, each reason with its rule's name, as the
   * command line gives every reason. */
  g_assert_nonnull (strstr (impossible.out, "Amazon EC2 p3.2xlarge: [gpu-memory] "));
  g_assert_null (strstr (impossible.out, "aws-ec2/p3.2xlarge"));

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

  run_cli (&precision, NULL, "estimate", "--gpu-hours", "1", "--reference-gpu", "t4", "--precision",
           "fp4", NULL);
  g_assert_cmpint (precision.status, ==, 2);

  run_cli (&preset, NULL, "estimate", "--preset", "nope", NULL);
  g_assert_cmpint (preset.status, ==, 2);
  g_assert_nonnull (strstr (preset.err, "presets"));

  run_cli (&presets, NULL, "presets", "--format", "csv", NULL);
  g_assert_cmpint (presets.status, ==, 0);
  g_assert_nonnull (strstr (presets.out, "resnet50-imagenet-90ep,"));
}

/* Runs the tool with "--output" at a FIFO that the test reads meanwhile: the FIFO is written
 * through and stays a FIFO. Returns what came through it. */
static char *
run_into_fifo (const char         *dir,
               const char         *name,
               const char * const *args)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_auto(Run) run = { NULL };
  GpTestFifo fifo;

  gp_test_fifo_open (&fifo, path);
  g_ptr_array_add (argv, (gpointer) g_getenv ("GP_CLI"));
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, (gpointer) "--output");
  g_ptr_array_add (argv, path);
  g_ptr_array_add (argv, NULL);
  run_program (&run, (const char *const *) argv->pdata);
  g_assert_cmpint (run.status, ==, 0);
  return gp_test_fifo_close (&fifo);
}

/* Every --output writes through a FIFO or a device instead of replacing it (as root,
 * "--output /dev/null" replaced the system's /dev/null), and "-" and /dev/stdout are the
 * standard output. */
static void
test_output_streams (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("gp-cli-streams-XXXXXX", &error);
  g_autofree char *device = g_build_filename (dir, "null", NULL);
  const char *const budget[] = { "budget", "--gpu-hours", "20", "--reference-gpu", "t4", NULL };
  const char *const script[] = {
    "measure-script", "--model-billions", "1", "--batch-size", "2", "--sequence-length", "64", NULL
  };
  const char *const chart[] = { "chart", "cost",       "--gpu-hours", "100", "--reference-gpu",
                                "t4",    "--width-mm", "170",         NULL };
  g_autofree char *markdown = run_into_fifo (dir, "budget.md", budget);
  g_autofree char *python = run_into_fifo (dir, "measure.py", script);
  g_autofree char *svg = run_into_fifo (dir, "cost.svg", chart);
  g_autofree char *sheet =
      g_test_build_filename (G_TEST_DIST, "fixtures", "skypilot", "lambda_v8_sample.csv", NULL);
  const char *const import[] = { "import", "skypilot", sheet, "--as-of", "2026-01-01", NULL };
  g_autofree char *catalog = run_into_fifo (dir, "lambda.json", import);
  struct stat st;

  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (markdown, "# Budget"));
  g_assert_nonnull (strstr (python, "import torch"));
  g_assert_nonnull (strstr (svg, "<svg"));
  g_assert_nonnull (strstr (catalog, "\"instances\""));
  /* A chart's data beside it, through a FIFO too. */
  {
    g_autofree char *png = g_build_filename (dir, "cost.png", NULL);
    g_autofree char *fifo_path = g_build_filename (dir, "cost.csv", NULL);
    g_autofree char *csv = NULL;
    g_auto(Run) run = { NULL };
    GpTestFifo fifo;

    gp_test_fifo_open (&fifo, fifo_path);
    run_cli (&run, NULL, "chart", "cost", "--gpu-hours", "100", "--reference-gpu", "t4",
             "--width-mm", "170", "--output", png, "--csv", fifo_path, NULL);
    g_assert_cmpint (run.status, ==, 0);
    csv = gp_test_fifo_close (&fifo);
    g_assert_true (g_str_has_prefix (csv, "option,region,pricing,hours,"));
    g_remove (png);
  }

  /* A character device: made as /dev/null is (CI runs as root), else a link to /dev/null. */
  if (mknod (device, S_IFCHR | 0666, makedev (1, 3)) != 0)
    g_assert_cmpint (symlink ("/dev/null", device), ==, 0);
  {
    g_auto(Run) run = { NULL };

    run_cli (&run, NULL, "budget", "--gpu-hours", "20", "--reference-gpu", "t4", "--output", device,
             NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_cmpint (stat (device, &st), ==, 0);
    g_assert_true (S_ISCHR (st.st_mode));
  }
  g_remove (device);

  /* The standard output, by name or as "-": the test reads it through a pipe. */
  for (guint i = 0; i < 2; i++)
    {
      g_auto(Run) run = { NULL };

      run_cli (&run, NULL, "measure-script", "--model-billions", "1", "--batch-size", "2",
               "--sequence-length", "64", "--output", i == 0 ? "-" : "/dev/stdout", NULL);
      g_assert_cmpint (run.status, ==, 0);
      g_assert_nonnull (strstr (run.out, "import torch"));
      g_assert_cmpstr (run.err, ==, "");
    }
  g_rmdir (dir);
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

      /* No height: it grows until every platform has its bar. */
      run_cli (&run, NULL, "chart", "cost", "--gpu-hours", "100", "--reference-gpu", "t4",
               "--output", path, "--width-mm", "85", "--csv", csv, NULL);
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

  /* The 7B LoRA of 300 A100-hours at 85 × 51 mm would be an empty plot: refused, with the
   * height that holds every platform's bar, which then does. */
  {
    g_auto(Run) small = { NULL };
    g_auto(Run) enough = { NULL };
    g_autofree char *path = g_build_filename (dir, "small.png", NULL);
    const char *said;
    char height[16];

    run_cli (&small, NULL, "chart", "cost", "--gpu-hours", "300", "--reference-gpu",
             "a100-sxm4-80gb", "--model-billions", "7", "--method", "lora", "--output", path,
             "--width-mm", "85", "--height-mm", "51", NULL);
    g_assert_cmpint (small.status, !=, 0);
    g_assert_nonnull (strstr (small.err, "At 85 × 51 mm the chart shows 0 of the 5 platforms "
                                         "that can run the job: give a height of at least "));
    g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
    said = strstr (small.err, "at least ") + strlen ("at least ");
    g_snprintf (height, sizeof height, "%d", atoi (said));
    g_assert_cmpint (atoi (height), >, 51);

    run_cli (&enough, NULL, "chart", "cost", "--gpu-hours", "300", "--reference-gpu",
             "a100-sxm4-80gb", "--model-billions", "7", "--method", "lora", "--output", path,
             "--width-mm", "85", "--height-mm", height, NULL);
    g_assert_cmpint (enough.status, ==, 0);
    g_remove (path);
  }
  /* Nothing to draw: the 13B full fine-tune on one A100 fits nowhere. */
  {
    g_auto(Run) none = { NULL };
    g_autofree char *path = g_build_filename (dir, "none.png", NULL);

    run_cli (&none, NULL, "chart", "cost", "--gpu-hours", "300", "--reference-gpu",
             "a100-sxm4-80gb", "--model-billions", "13", "--method", "full", "--output", path,
             "--width-mm", "85", NULL);
    g_assert_cmpint (none.status, !=, 0);
    g_assert_nonnull (strstr (none.err, "The chart has no bar to draw"));
    g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  }

  run_cli (&bad_size, NULL, "chart", "value", "--gpu-hours", "1", "--reference-gpu", "t4",
           "--output", "x.png", "--width-px", "10", NULL);
  g_assert_cmpint (bad_size.status, ==, 2);
  g_assert_nonnull (strstr (bad_size.err, "pixels"));

  run_cli (&bad_kind, NULL, "chart", "pie", "--gpu-hours", "1", "--reference-gpu", "t4", "--output",
           "x.png", NULL);
  g_assert_cmpint (bad_kind.status, ==, 2);

  g_rmdir (dir);
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
  static const char *const row_keys[] = { "key",  "group", "label", "values",  "text",
                                          "best", "stale", "rule",  "differs", NULL };
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
  assert_keys (row, row_keys);
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

/* estimate --group platform: one row per platform, its cheapest option that can run the job,
 * with how many it has; --group instance: one row per instance type with its regions; the
 * table groups by platform unless told, JSON keeps every offer. */
static void
test_estimate_group (void)
{
  g_auto(Run) offers = { NULL };
  g_auto(Run) platforms = { NULL };
  g_auto(Run) instances = { NULL };
  g_auto(Run) table = { NULL };
  g_auto(Run) bad = { NULL };
  g_autoptr(JsonParser) offers_parser = json_parser_new ();
  g_autoptr(JsonParser) platforms_parser = json_parser_new ();
  g_autoptr(JsonParser) instances_parser = json_parser_new ();
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  JsonArray *all, *best, *by_instance;
  double previous = 0;

  run_cli (&offers, NULL, "estimate", "--gpu-hours", "300", "--reference-gpu", "a100-sxm4-40gb",
           "--gpus", "0", "--format", "json", NULL);
  run_cli (&platforms, NULL, "estimate", "--gpu-hours", "300", "--reference-gpu", "a100-sxm4-40gb",
           "--gpus", "0", "--format", "json", "--group", "platform", NULL);
  run_cli (&instances, NULL, "estimate", "--gpu-hours", "300", "--reference-gpu", "a100-sxm4-40gb",
           "--gpus", "0", "--format", "json", "--group", "instance", NULL);
  g_assert_cmpint (offers.status + platforms.status + instances.status, ==, 0);
  all = parse_array (offers_parser, offers.out);
  best = parse_array (platforms_parser, platforms.out);
  by_instance = parse_array (instances_parser, instances.out);
  g_assert_cmpuint (json_array_get_length (best), >=, 3);

  for (guint i = 0; i < json_array_get_length (best); i++)
    {
      JsonObject *row = json_array_get_object_element (best, i);
      const char *provider = json_object_get_string_member (row, "provider");
      double total = json_object_get_double_member (row, "total_cost");
      guint options = 0;
      gboolean found = FALSE;
      g_autoptr(GList) members = json_object_get_members (row);

      /* The keys of an offer's row, then options. */
      g_assert_cmpstr (g_list_last (members)->data, ==, "options");
      g_assert_cmpuint (g_list_length (members), ==, G_N_ELEMENTS (estimate_keys));
      g_assert_true (g_hash_table_add (seen, (gpointer) provider));
      g_assert_cmpfloat (total, >=, previous);
      previous = total;
      g_assert_true (json_object_get_boolean_member (row, "fits") ||
                     json_object_get_null_member (row, "fits"));
      /* The best is one of the platform's offers (which one: /estimate-group/platform-best);
       * its options are those of its offers that fit, or fewer. */
      for (guint k = 0; k < json_array_get_length (all); k++)
        {
          JsonObject *offer = json_array_get_object_element (all, k);

          if (!g_str_equal (json_object_get_string_member (offer, "provider"), provider) ||
              (!json_object_get_null_member (offer, "fits") &&
               !json_object_get_boolean_member (offer, "fits")))
            continue;
          options++;
          found |= g_str_equal (json_object_get_string_member (offer, "instance"),
                                json_object_get_string_member (row, "instance")) &&
                   g_str_equal (json_object_get_string_member (offer, "region"),
                                json_object_get_string_member (row, "region")) &&
                   json_object_get_double_member (offer, "total_cost") == total;
        }
      g_assert_true (found);
      g_assert_cmpint (json_object_get_int_member (row, "options"), >=, 1);
      g_assert_cmpint (json_object_get_int_member (row, "options"), <=, options);
    }

  g_hash_table_remove_all (seen);
  for (guint i = 0; i < json_array_get_length (by_instance); i++)
    {
      JsonObject *row = json_array_get_object_element (by_instance, i);

      g_assert_true (
          g_hash_table_add (seen, (gpointer) json_object_get_string_member (row, "instance")));
      g_assert_cmpint (json_object_get_int_member (row, "regions"), >=, 1);
    }
  g_assert_cmpuint (json_array_get_length (by_instance), <, json_array_get_length (all));

  /* A table groups by platform: a header and one line a platform. */
  run_cli (&table, NULL, "estimate", "--gpu-hours", "300", "--reference-gpu", "a100-sxm4-40gb",
           "--gpus", "0", NULL);
  g_assert_cmpint (table.status, ==, 0);
  {
    g_auto(GStrv) lines = g_strsplit (g_strchomp (table.out), "\n", -1);

    g_assert_cmpuint (g_strv_length (lines), ==, json_array_get_length (best) + 1);
    g_assert_nonnull (strstr (lines[0], "Options"));
  }

  run_cli (&bad, NULL, "estimate", "--gpu-hours", "3", "--reference-gpu", "t4", "--group", "region",
           NULL);
  g_assert_cmpint (bad.status, ==, 2);
  g_assert_nonnull (strstr (bad.err, "--group"));
}

/* recommend --group: by default the best three platforms; --group platform one choice for every
 * platform that can run the job, best first; --group instance one per instance type and
 * --group offer one per offer, so each lists at least as many as the one before. */
/* The same GPU on every platform: one row per platform that offers the A100 80GB SXM4, at
 * any GPU count (three of the four sell it only by eight), each that platform's cheapest
 * offer of it; the platforms are those of every offer of it. An unknown GPU is refused. */
static void
test_estimate_same_gpu (void)
{
  g_auto(Run) same = { NULL };
  g_auto(Run) every = { NULL };
  g_auto(Run) unknown = { NULL };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(JsonParser) every_parser = json_parser_new ();
  g_autoptr(GHashTable) offering = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) cheapest = g_hash_table_new (g_str_hash, g_str_equal);
  JsonArray *rows, *offers;

  run_cli (&same, NULL, "estimate", "--gpu-hours", "300", "--reference-gpu", "a100-sxm4-80gb",
           "--model-billions", "7", "--method", "lora", "--same-gpu", "a100-sxm4-80gb", "--format",
           "json", NULL);
  g_assert_cmpint (same.status, ==, 0);
  run_cli (&every, NULL, "estimate", "--gpu-hours", "300", "--reference-gpu", "a100-sxm4-80gb",
           "--model-billions", "7", "--method", "lora", "--gpus", "0", "--format", "json", NULL);
  g_assert_cmpint (every.status, ==, 0);

  offers = parse_array (every_parser, every.out);
  for (guint i = 0; i < json_array_get_length (offers); i++)
    {
      JsonObject *offer = json_array_get_object_element (offers, i);
      const char *provider = json_object_get_string_member (offer, "provider");

      if (!g_str_equal (json_object_get_string_member (offer, "gpu"), "a100-sxm4-80gb"))
        continue;
      /* Cheapest first: the first offer of each platform is its best. */
      if (g_hash_table_add (offering, (gpointer) provider))
        g_hash_table_insert (cheapest, (gpointer) provider,
                             (gpointer) json_object_get_string_member (offer, "instance"));
    }
  g_assert_cmpuint (g_hash_table_size (offering), ==, 4);

  rows = parse_array (parser, same.out);
  g_assert_cmpuint (json_array_get_length (rows), ==, g_hash_table_size (offering));
  for (guint i = 0; i < json_array_get_length (rows); i++)
    {
      JsonObject *row = json_array_get_object_element (rows, i);
      const char *provider = json_object_get_string_member (row, "provider");

      g_assert_cmpstr (json_object_get_string_member (row, "gpu"), ==, "a100-sxm4-80gb");
      g_assert_true (g_hash_table_remove (offering, provider));
      g_assert_cmpstr (json_object_get_string_member (row, "instance"), ==,
                       g_hash_table_lookup (cheapest, provider));
    }
  g_assert_cmpuint (g_hash_table_size (offering), ==, 0);

  run_cli (&unknown, NULL, "estimate", "--gpu-hours", "300", "--reference-gpu", "a100-sxm4-80gb",
           "--same-gpu", "a100-sxm9", NULL);
  g_assert_cmpint (unknown.status, ==, 2);
  g_assert_nonnull (strstr (unknown.err, "--same-gpu: the catalog has no GPU “a100-sxm9”"));
}

static void
test_recommend_group (void)
{
  const char *const groupings[] = { NULL, "platform", "instance", "offer" };
  g_autoptr(GHashTable) offer_platforms =
      g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint previous = 0, platforms = 0;

  for (guint g = 0; g < G_N_ELEMENTS (groupings); g++)
    {
      g_auto(Run) run = { NULL };
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      JsonObject *root;
      JsonArray *choices;
      double best_score = G_MAXDOUBLE;

      if (groupings[g] == NULL)
        run_cli (&run, NULL, "recommend", "--gpu-hours", "300", "--reference-gpu", "a100-sxm4-40gb",
                 "--gpus", "0", "--format", "json", NULL);
      else
        run_cli (&run, NULL, "recommend", "--gpu-hours", "300", "--reference-gpu", "a100-sxm4-40gb",
                 "--gpus", "0", "--format", "json", "--group", groupings[g], NULL);
      g_assert_cmpint (run.status, ==, 0);
      g_assert_true (json_parser_load_from_data (parser, run.out, -1, NULL));
      root = json_node_get_object (json_parser_get_root (parser));
      choices = json_object_get_array_member (root, "recommendations");

      for (guint i = 0; i < json_array_get_length (choices); i++)
        {
          JsonObject *choice = json_array_get_object_element (choices, i);
          const char *provider = json_object_get_string_member (choice, "provider");
          const char *instance = json_object_get_string_member (choice, "instance");
          const char *region = json_object_get_string_member (choice, "region");
          double score = json_object_get_double_member (choice, "score");
          char *key = groupings[g] == NULL || g_str_equal (groupings[g], "platform")
                          ? g_strdup (provider)
                      : g_str_equal (groupings[g], "instance")
                          ? g_strdup (instance)
                          : g_strdup_printf ("%s@%s", instance, region);

          g_assert_true (g_hash_table_add (seen, key));
          if (groupings[g] != NULL && g_str_equal (groupings[g], "offer"))
            g_hash_table_add (offer_platforms, g_strdup (provider));
          g_assert_cmpfloat (score, <=, best_score);
          best_score = score;
        }

      if (groupings[g] == NULL)
        g_assert_cmpuint (json_array_get_length (choices), ==, 3);
      else if (g_str_equal (groupings[g], "platform"))
        platforms = json_array_get_length (choices);
      g_assert_cmpuint (json_array_get_length (choices), >=, previous);
      previous = json_array_get_length (choices);
    }
  /* Every platform with an offer that can run the job has its choice. */
  g_assert_cmpuint (platforms, ==, g_hash_table_size (offer_platforms));
  g_assert_cmpuint (platforms, >, 3);

  {
    g_auto(Run) bad = { NULL };

    run_cli (&bad, NULL, "recommend", "--gpu-hours", "3", "--reference-gpu", "t4", "--group",
             "region", NULL);
    g_assert_cmpint (bad.status, ==, 2);
    g_assert_nonnull (strstr (bad.err, "--group"));
  }
}

/* --lab-location: estimate JSON says whether the lab reaches each platform (true,
 * "cross-border", false, null), and of a platform in China's region abroad, "cross-border";
 * recommend puts the one it cannot reach last and sends nobody to
 * Google Drive from a platform that is not Colab; a place it does not know is a usage error. */
static void
test_lab_location (void)
{
  g_autofree char *layer = fixture ("reach-catalog.json");
  const char *const expected[][2] = {
    { "near", "true" },
    { "far", "\"cross-border\"" },
    { "walled", "false" },
    { "silent", "null" },
  };
  g_auto(Run) recommend = { NULL };
  g_auto(Run) bad = { NULL };

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_auto(Run) run = { NULL };
      g_auto(Run) elsewhere = { NULL };
      g_autofree char *key = g_strdup_printf ("\"reachable\": %s", expected[i][1]);

      run_cli (&run, NULL, "estimate", "--catalog", layer, "--provider", expected[i][0],
               "--gpu-hours", "10", "--reference-gpu", "reach-gpu", "--lab-location",
               "mainland-china", "--format", "json", NULL);
      g_assert_cmpint (run.status, ==, 0);
      g_assert_nonnull (strstr (run.out, key));
      run_cli (&elsewhere, NULL, "estimate", "--catalog", layer, "--provider", expected[i][0],
               "--gpu-hours", "10", "--reference-gpu", "reach-gpu", "--lab-location", "elsewhere",
               "--format", "json", NULL);
      g_assert_nonnull (strstr (elsewhere.out, "\"reachable\": true"));
    }

  /* A platform in China: its region abroad is across the border, its region at home in China. */
  {
    g_auto(Run) run = { NULL };
    g_autoptr(JsonParser) parser = json_parser_new ();
    JsonArray *rows;

    run_cli (&run, NULL, "estimate", "--catalog", layer, "--provider", "offshore", "--gpu-hours",
             "10", "--reference-gpu", "reach-gpu", "--lab-location", "mainland-china", "--format",
             "json", NULL);
    g_assert_cmpint (run.status, ==, 0);
    rows = parse_array (parser, run.out);
    g_assert_cmpuint (json_array_get_length (rows), ==, 2);
    for (guint i = 0; i < json_array_get_length (rows); i++)
      {
        JsonObject *row = json_array_get_object_element (rows, i);
        JsonNode *reachable = json_object_get_member (row, "reachable");

        if (g_str_equal (json_object_get_string_member (row, "region"), "abroad"))
          g_assert_cmpstr (json_node_get_string (reachable), ==, "cross-border");
        else
          g_assert_true (json_node_get_value_type (reachable) == G_TYPE_BOOLEAN &&
                         json_node_get_boolean (reachable));
      }
  }

  run_cli (&recommend, NULL, "recommend", "--catalog", layer, "--provider", "near", "--provider",
           "walled", "--gpu-hours", "10", "--reference-gpu", "reach-gpu", "--dataset-gb", "50",
           "--lab-location", "mainland-china", "--group", "platform", NULL);
  g_assert_cmpint (recommend.status, ==, 0);
  g_assert_true (g_str_has_prefix (recommend.out, "1. Near Cloud"));
  g_assert_nonnull (strstr (recommend.out, "[unreachable] Walled Cloud"));
  g_assert_null (strstr (recommend.out, "Google Drive"));
  g_assert_nonnull (strstr (recommend.out, "to the platform's storage"));

  run_cli (&bad, NULL, "estimate", "--gpu-hours", "10", "--reference-gpu", "t4", "--lab-location",
           "moon", NULL);
  g_assert_cmpint (bad.status, ==, 2);
  g_assert_nonnull (strstr (bad.err, "--lab-location"));
}

/* A lab in mainland China that needs Chinese invoices (--invoice-required, its default):
 * recommend puts the reachable platform that issues them first and says so, the one that does
 * not after; --usable-only leaves out what it cannot reach or pay; --no-invoice-required turns
 * the need off, both at once is a usage error. Each estimate says its price's date and basis, a
 * reported "from" price as such. */
static void
test_invoice_required (void)
{
  g_autofree char *layer = fixture ("invoice-catalog.json");
  g_auto(Run) recommend = { NULL };
  g_auto(Run) usable = { NULL };
  g_auto(Run) table = { NULL };
  g_auto(Run) relaxed = { NULL };
  g_auto(Run) both = { NULL };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  JsonArray *rows;

  run_cli (&recommend, NULL, "recommend", "--catalog", layer, "--gpu-hours", "10",
           "--reference-gpu", "inv-gpu", "--lab-location", "mainland-china", "--invoice-required",
           "--group", "platform", NULL);
  g_assert_cmpint (recommend.status, ==, 0);
  g_assert_true (g_str_has_prefix (recommend.out, "1. Fapiao Cloud"));
  g_assert_nonnull (strstr (recommend.out, "[invoice] Fapiao Cloud issues Chinese VAT invoices"));
  g_assert_nonnull (strstr (recommend.out, "[no-invoice] Receipt Cloud"));

  run_cli (&relaxed, NULL, "recommend", "--catalog", layer, "--gpu-hours", "10", "--reference-gpu",
           "inv-gpu", "--lab-location", "mainland-china", "--no-invoice-required", "--group",
           "platform", NULL);
  g_assert_cmpint (relaxed.status, ==, 0);
  g_assert_true (g_str_has_prefix (relaxed.out, "1. Receipt Cloud"));
  g_assert_null (strstr (relaxed.out, "[invoice]"));

  run_cli (&usable, NULL, "estimate", "--catalog", layer, "--gpu-hours", "10", "--reference-gpu",
           "inv-gpu", "--lab-location", "mainland-china", "--usable-only", "--format", "json",
           NULL);
  g_assert_cmpint (usable.status, ==, 0);
  rows = parse_array (parser, usable.out);
  for (guint i = 0; i < json_array_get_length (rows); i++)
    g_hash_table_add (seen, (gpointer) json_object_get_string_member (
                                json_array_get_object_element (rows, i), "provider"));
  g_assert_true (g_hash_table_contains (seen, "fapiao"));
  g_assert_true (g_hash_table_contains (seen, "unsaid"));
  g_assert_false (g_hash_table_contains (seen, "nofapiao"));
  g_assert_false (g_hash_table_contains (seen, "blocked"));

  run_cli (&table, NULL, "estimate", "--catalog", layer, "--provider", "nofapiao", "--gpu-hours",
           "10", "--reference-gpu", "inv-gpu", "--lab-location", "mainland-china", "--format",
           "json", NULL);
  g_assert_cmpint (table.status, ==, 0);
  g_assert_nonnull (strstr (table.out, "\"as_of\": \"2026-08\""));
  g_assert_nonnull (strstr (table.out, "\"price_basis\": \"reported\""));
  g_assert_nonnull (strstr (table.out, "\"lowest_listed\": true"));
  g_assert_nonnull (strstr (table.out, "Reported, not listed: a “from” price, the lowest the page "
                                       "listed, not what you will pay. a guide dated 2026-08-09 "
                                       "(as of 2026-08)"));
  run_clear (&table);
  run_cli (&table, NULL, "estimate", "--catalog", layer, "--provider", "nofapiao", "--gpu-hours",
           "10", "--reference-gpu", "inv-gpu", "--lab-location", "mainland-china", NULL);
  g_assert_nonnull (strstr (table.out, "2026-08, reported, from"));

  run_cli (&both, NULL, "estimate", "--catalog", layer, "--gpu-hours", "10", "--reference-gpu",
           "inv-gpu", "--invoice-required", "--no-invoice-required", NULL);
  g_assert_cmpint (both.status, ==, 2);
  g_assert_nonnull (strstr (both.err, "--no-invoice-required"));
}

/* Within a millionth: the JSON's figures are the model's doubles, printed in full. */
#define assert_close(value, expected) g_assert_cmpfloat (fabs ((value) / (expected) -1), <, 1e-6)

static JsonObject *
find_row (JsonArray  *rows,
          const char *instance,
          const char *region)
{
  for (guint i = 0; i < json_array_get_length (rows); i++)
    {
      JsonObject *row = json_array_get_object_element (rows, i);

      if (g_str_equal (json_object_get_string_member (row, "instance"), instance) &&
          g_str_equal (json_object_get_string_member (row, "region"), region) &&
          g_str_equal (json_object_get_string_member (row, "pricing"), "on-demand"))
        return row;
    }
  g_error ("no on-demand row of %s in %s", instance, region);
}

static gboolean
has_assumption (JsonObject *row,
                const char *needle)
{
  JsonArray *assumptions = json_object_get_array_member (row, "assumptions");

  for (guint i = 0; i < json_array_get_length (assumptions); i++)
    if (strstr (json_array_get_string_element (assumptions, i), needle) != NULL)
      return TRUE;
  return FALSE;
}

/* The same 8×A100 job on Compute Engine in europe-north1 and asia-east1: the same GPUs for the
 * same hours, so the energy differs by the PUEs alone and each kWh's emissions by the ratio of
 * the grids' intensities. A region without a grid figure says so and gives null, never 0; a GPU
 * without a data-sheet power is named. */
static void
test_estimate_emissions (void)
{
  g_autofree char *layer = fixture ("carbon-catalog.json");
  g_auto(Run) run = { NULL };
  g_auto(Run) unpowered = { NULL };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(JsonParser) unpowered_parser = json_parser_new ();
  JsonObject *finland, *taiwan, *iowa, *a10g;
  JsonArray *rows;
  double hours;

  run_cli (&run, NULL, "estimate", "--catalog", layer, "--provider", "gcp", "--gpu-hours", "800",
           "--reference-gpu", "a100-sxm4-40gb", "--gpus", "8", "--format", "json", NULL);
  g_assert_cmpint (run.status, ==, 0);
  rows = parse_array (parser, run.out);
  finland = find_row (rows, "gcp/a2-highgpu-8g", "europe-north1");
  taiwan = find_row (rows, "gcp/a2-highgpu-8g", "asia-east1");
  iowa = find_row (rows, "gcp/a2-highgpu-8g", "us-central1");

  hours = json_object_get_double_member (finland, "wall_hours");
  assert_close (hours, json_object_get_double_member (taiwan, "wall_hours"));
  /* 400 W × 8 GPUs × the hours × usage factor 1 × PUE, in kWh */
  assert_close (json_object_get_double_member (finland, "energy_kwh"), 0.4 * 8 * hours * 1.09);
  assert_close (json_object_get_double_member (taiwan, "energy_kwh"), 0.4 * 8 * hours * 1.13);
  assert_close (json_object_get_double_member (finland, "grid_gco2_per_kwh"), 39.32);
  assert_close (json_object_get_double_member (taiwan, "pue"), 1.13);
  assert_close ((json_object_get_double_member (taiwan, "co2e_kg") /
                 json_object_get_double_member (taiwan, "energy_kwh")) /
                    (json_object_get_double_member (finland, "co2e_kg") /
                     json_object_get_double_member (finland, "energy_kwh")),
                439.29 / 39.32);
  g_assert_true (has_assumption (finland, "grid zone FI, 2024 average"));
  g_assert_true (has_assumption (finland, "Google Cloud region carbon data, 2024 (test copy)"));
  g_assert_true (has_assumption (taiwan, "PUE 1.13 (Google data centre PUE (test copy)"));
  g_assert_true (has_assumption (taiwan, "Green Algorithms (Lannelongue et al. 2021)"));

  /* Missing, not zero. */
  g_assert_true (json_node_is_null (json_object_get_member (iowa, "co2e_kg")));
  g_assert_true (json_node_is_null (json_object_get_member (iowa, "grid_gco2_per_kwh")));
  g_assert_true (json_node_is_null (json_object_get_member (iowa, "pue")));
  g_assert_true (has_assumption (iowa, "No grid figure for us-central1"));

  run_cli (&unpowered, NULL, "estimate", "--catalog", layer, "--provider", "no-power",
           "--gpu-hours", "10", "--reference-gpu", "unpowered-gpu", "--format", "json", NULL);
  g_assert_cmpint (unpowered.status, ==, 0);
  a10g = find_row (parse_array (unpowered_parser, unpowered.out), "no-power/u1", "hydro-2");
  g_assert_true (json_node_is_null (json_object_get_member (a10g, "energy_kwh")));
  g_assert_true (json_node_is_null (json_object_get_member (a10g, "co2e_kg")));
  g_assert_true (has_assumption (a10g, "No data-sheet power for Unpowered GPU"));
}

/* --usage-factor: the GPUs draw that share of their board power, the energy and emissions in
 * proportion, the assumptions say it; 1 when not given; outside (0, 1] refused, named. */
static void
test_estimate_usage_factor (void)
{
  g_autofree char *layer = fixture ("carbon-catalog.json");
  const char *const factors[] = { NULL, "0.6" };
  double energy[2], co2e[2];
  g_auto(Run) bad = { NULL };

  for (guint f = 0; f < G_N_ELEMENTS (factors); f++)
    {
      g_auto(Run) run = { NULL };
      g_autoptr(JsonParser) parser = json_parser_new ();
      JsonObject *row;
      double hours;

      run_cli (&run, NULL, "estimate", "--catalog", layer, "--provider", "two-grids", "--gpu-hours",
               "800", "--reference-gpu", "a100-sxm4-40gb", "--gpus", "8", "--format", "json",
               factors[f] != NULL ? "--usage-factor" : NULL, factors[f], NULL);
      g_assert_cmpint (run.status, ==, 0);
      row = find_row (parse_array (parser, run.out), "two-grids/a100x8", "coal-1");
      hours = json_object_get_double_member (row, "wall_hours");
      energy[f] = json_object_get_double_member (row, "energy_kwh");
      co2e[f] = json_object_get_double_member (row, "co2e_kg");
      /* 400 W × 8 GPUs × the hours × the usage factor × PUE 1.1 × 642.88 g/kWh, by hand */
      assert_close (energy[f], 0.4 * 8 * hours * (f == 0 ? 1 : 0.6) * 1.1);
      assert_close (co2e[f], energy[f] * 0.64288);
      g_assert_true (has_assumption (row, f == 0 ? "× usage factor 1 ×" : "× usage factor 0.6 ×"));
    }
  assert_close (energy[1] / energy[0], 0.6);
  assert_close (co2e[1] / co2e[0], 0.6);

  run_cli (&bad, NULL, "estimate", "--catalog", layer, "--gpu-hours", "10", "--reference-gpu",
           "a100-sxm4-40gb", "--usage-factor", "1.5", NULL);
  g_assert_cmpint (bad.status, ==, 1);
  g_assert_nonnull (strstr (bad.err, "Usage factor must be above 0 and at most 1"));
}

/* A lab's machine draws from the grid where the lab is: China's in Beijing (the catalog's
 * region in zone CN), none known elsewhere; its PUE is the machine's own. */
static void
test_estimate_emissions_lab (void)
{
  g_autofree char *layer = fixture ("carbon-lab.json");
  const char *const locations[] = { "mainland-china", "elsewhere" };

  for (guint l = 0; l < G_N_ELEMENTS (locations); l++)
    {
      g_auto(Run) run = { NULL };
      g_autoptr(JsonParser) parser = json_parser_new ();
      JsonObject *row;
      double hours;

      run_cli (&run, NULL, "estimate", "--catalog", layer, "--provider", "lab", "--gpu-hours", "80",
               "--reference-gpu", "a100-sxm4-40gb", "--gpus", "8", "--lab-location", locations[l],
               "--format", "json", NULL);
      g_assert_cmpint (run.status, ==, 0);
      row = find_row (parse_array (parser, run.out), "lab/a100-box", "campus");
      hours = json_object_get_double_member (row, "wall_hours");
      assert_close (json_object_get_double_member (row, "pue"), 1.4);
      assert_close (json_object_get_double_member (row, "energy_kwh"), 0.4 * 8 * hours * 1.4);
      if (l == 0)
        {
          assert_close (json_object_get_double_member (row, "grid_gco2_per_kwh"), 480.48);
          assert_close (json_object_get_double_member (row, "co2e_kg"),
                        0.4 * 8 * hours * 1.4 * 0.48048);
          g_assert_true (has_assumption (row, "grid zone CN, 2024 average"));
          g_assert_true (has_assumption (row, "PUE 1.40 (your machine’s figure)"));
        }
      else
        {
          g_assert_true (json_node_is_null (json_object_get_member (row, "co2e_kg")));
          g_assert_true (has_assumption (row, "No grid figure for the lab’s location"));
        }
    }
}

/* The budget's line of estimated emissions per phase and in all, with the method named; a
 * phase in a region of no figures is said to be not estimated and left out of the sum. */
static void
test_budget_emissions (void)
{
  g_autofree char *layer = fixture ("carbon-catalog.json");
  g_autofree char *plan = fixture ("carbon-plan.json");
  g_auto(Run) markdown = { NULL };
  g_auto(Run) csv = { NULL };
  g_auto(GStrv) lines = NULL;
  double phases = 0, in_all = NAN;
  guint rows = 0;

  run_cli (&markdown, NULL, "budget", "--plan", plan, "--catalog", layer, "--format", "markdown",
           NULL);
  g_assert_cmpint (markdown.status, ==, 0);
  g_assert_nonnull (strstr (markdown.out, "## Estimated Emissions"));
  g_assert_nonnull (strstr (markdown.out, "kgCO2e (grid zone TW, 2024)"));
  g_assert_nonnull (strstr (markdown.out, "kgCO2e (grid zone FI, 2024)"));
  g_assert_nonnull (strstr (markdown.out, "- Check: not estimated"));
  g_assert_nonnull (strstr (markdown.out, "kgCO2e, and 1 phase not estimated**"));
  g_assert_nonnull (strstr (markdown.out, "Method: Green Algorithms (Lannelongue, Grealey and "
                                          "Inouye, Advanced Science, 2021)"));
  g_assert_nonnull (strstr (markdown.out, "Grid intensity: Google Cloud region carbon data, 2024 "
                                          "(test copy), 2025-12-03"));

  run_cli (&csv, NULL, "budget", "--plan", plan, "--catalog", layer, "--format", "csv", NULL);
  g_assert_cmpint (csv.status, ==, 0);
  lines = g_strsplit (csv.out, "\r\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) fields = g_strsplit (lines[i], ",", -1);

      if (g_strv_length (fields) < 5 || !g_str_equal (fields[4], "kgCO2e"))
        continue;
      if (g_str_equal (fields[1], "Check"))
        g_assert_cmpstr (fields[3], ==, ""); /* unknown, not 0 */
      else if (*fields[1] != '\0')
        phases += g_ascii_strtod (fields[3], NULL);
      else
        in_all = g_ascii_strtod (fields[3], NULL);
      rows++;
    }
  g_assert_cmpuint (rows, ==, 4);
  g_assert_cmpfloat (fabs (in_all - phases), <, 0.011);
  g_assert_cmpfloat (in_all, >, 0);
}

/* recommend --carbon-weight: at 0 the coal region's lower price wins, and the answer says what
 * the hydro region of the same platform would save and cost; at 0.3 the hydro region comes
 * first, its reason the emissions. A weight outside 0 to 1 is refused, named. */
static void
test_recommend_carbon_weight (void)
{
  g_autofree char *layer = fixture ("carbon-catalog.json");
  const char *const weights[] = { "0", "0.3" };
  g_auto(Run) bad = { NULL };

  for (guint w = 0; w < G_N_ELEMENTS (weights); w++)
    {
      g_auto(Run) run = { NULL };

      run_cli (&run, NULL, "recommend", "--catalog", layer, "--provider", "two-grids",
               "--gpu-hours", "800", "--reference-gpu", "a100-sxm4-40gb", "--gpus", "8", "--group",
               "offer", "--carbon-weight", weights[w], NULL);
      g_assert_cmpint (run.status, ==, 0);
      if (w == 0)
        {
          g_assert_true (g_str_has_prefix (run.out, "1. Two Grids Cloud a100x8, coal-1"));
          g_assert_null (strstr (run.out, "[emissions]"));
          g_assert_nonnull (strstr (run.out, "Cleaner region: a100x8 in hydro-1 emits 2.0 kgCO2e "
                                             "instead of 235.2 in coal-1, 99% less, for 207.90 "
                                             "USD more"));
        }
      else
        {
          g_assert_true (g_str_has_prefix (run.out, "1. Two Grids Cloud a100x8, hydro-1"));
          g_assert_nonnull (strstr (run.out, "[emissions] 2.0 kgCO2e, 0% above the cleanest "
                                             "option that fits (emissions weigh 30%)"));
          g_assert_nonnull (strstr (run.out, "(cost weighs 49%)"));
        }
    }

  run_cli (&bad, NULL, "recommend", "--gpu-hours", "10", "--reference-gpu", "t4", "--carbon-weight",
           "1.5", NULL);
  g_assert_cmpint (bad.status, ==, 2);
  g_assert_nonnull (strstr (bad.err, "--carbon-weight must be from 0 to 1"));
}

/* chart emissions: a PNG, and its data as kgCO2e, cleanest first */
static void
test_chart_emissions (void)
{
  g_autofree char *layer = fixture ("carbon-catalog.json");
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("gp-cli-emissions-XXXXXX", &error);
  g_autofree char *png = g_build_filename (dir, "emissions.png", NULL);
  g_autofree char *csv = g_build_filename (dir, "emissions.csv", NULL);
  g_autofree char *image = NULL, *rows = NULL;
  g_auto(Run) run = { NULL };
  gsize length;

  g_assert_no_error (error);
  run_cli (&run, NULL, "chart", "emissions", "--catalog", layer, "--provider", "two-grids",
           "--gpu-hours", "800", "--reference-gpu", "a100-sxm4-40gb", "--gpus", "8", "--output",
           png, "--width-mm", "85", "--csv", csv, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_file_get_contents (png, &image, &length, NULL));
  g_assert_true (length > 1000 && memcmp (image, "\x89PNG", 4) == 0);
  g_assert_true (g_file_get_contents (csv, &rows, NULL, NULL));
  g_assert_true (g_str_has_prefix (rows, "option,pricing,hours,co2e_kg\r\n"
                                         "Two Grids Cloud · a100x8 · hydro-1,on-demand,"));
  g_assert_nonnull (strstr (rows, "Two Grids Cloud · a100x8 · coal-1,on-demand,"));
  g_remove (png);
  g_remove (csv);
  g_rmdir (dir);
}

/* chart cost-emissions: a PDF at 170 mm, and its data: each option's cost and kgCO2e */
static void
test_chart_cost_emissions (void)
{
  g_autofree char *layer = fixture ("carbon-catalog.json");
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("gp-cli-cost-emissions-XXXXXX", &error);
  g_autofree char *pdf = g_build_filename (dir, "cost-emissions.pdf", NULL);
  g_autofree char *csv = g_build_filename (dir, "cost-emissions.csv", NULL);
  g_autofree char *document = NULL, *rows = NULL;
  g_auto(Run) run = { NULL };
  g_auto(Run) unknown = { NULL };
  gsize length;

  g_assert_no_error (error);
  run_cli (&run, NULL, "chart", "cost-emissions", "--catalog", layer, "--provider", "two-grids",
           "--gpu-hours", "800", "--reference-gpu", "a100-sxm4-40gb", "--gpus", "8", "--output",
           pdf, "--width-mm", "170", "--csv", csv, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_file_get_contents (pdf, &document, &length, NULL));
  g_assert_true (length > 1000 && memcmp (document, "%PDF", 4) == 0);
  g_assert_true (g_file_get_contents (csv, &rows, NULL, NULL));
  g_assert_true (g_str_has_prefix (rows, "option,region,pricing,total_cost,currency,co2e_kg\r\n"
                                         "Two Grids Cloud · a100x8 · coal-1,coal-1,on-demand,"));
  g_assert_nonnull (strstr (rows, "Two Grids Cloud · a100x8 · hydro-1,hydro-1,on-demand,"));

  run_cli (&unknown, NULL, "chart", "carbon", "--output", pdf, "--gpu-hours", "1",
           "--reference-gpu", "t4", NULL);
  g_assert_cmpint (unknown.status, ==, 2);
  g_assert_nonnull (strstr (unknown.err, "emissions or cost-emissions"));
  g_remove (pdf);
  g_remove (csv);
  g_rmdir (dir);
}

/* estimate --measurement: the job's tokens at the measured speed; every row says what its speed
 * rests on. */
static void
test_estimate_measurement (void)
{
  g_autofree char *a100 =
      g_test_build_filename (G_TEST_DIST, "fixtures", "measurements", "a100.json", NULL);
  g_autofree char *t4 =
      g_test_build_filename (G_TEST_DIST, "fixtures", "measurements", "t4.json", NULL);
  g_auto(Run) run = { NULL };
  g_auto(Run) no_tokens = { NULL };
  g_auto(Run) missing = { NULL };
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonArray *rows;
  guint measured = 0, scaled = 0;

  run_cli (&run, NULL, "estimate", "--measurement", a100, "--measurement", t4, "--tokens",
           "2160000000", "--format", "json", NULL);
  g_test_message ("%s", run.err);
  g_assert_cmpint (run.status, ==, 0);
  rows = parse_array (parser, run.out);
  for (guint i = 0; i < json_array_get_length (rows); i++)
    {
      JsonObject *row = json_array_get_object_element (rows, i);
      const char *gpu = json_object_get_string_member (row, "gpu");
      const char *basis = json_object_get_string_member (row, "speed_basis");
      g_autoptr(JsonGenerator) generator = json_generator_new ();
      g_autofree char *assumptions = NULL;

      json_generator_set_root (generator, json_object_get_member (row, "assumptions"));
      assumptions = json_generator_to_data (generator, NULL);
      g_assert_nonnull (strstr (assumptions, "measured on NVIDIA A100-SXM4-80GB, 2026-11-20, "
                                             "12,000 tokens/s"));
      if (g_str_equal (gpu, "a100-sxm4-80gb") || g_str_equal (gpu, "t4"))
        {
          g_assert_cmpstr (basis, ==, "measured");
          measured++;
        }
      else
        {
          g_assert_true (g_str_equal (basis, "data-sheet") || g_str_equal (basis, "bandwidth"));
          scaled++;
        }
      if (g_str_equal (gpu, "a100-sxm4-80gb") && json_object_get_int_member (row, "gpu_count") == 1)
        g_assert_cmpfloat (json_object_get_double_member (row, "memory_needed_gb"), ==, 40.5);
    }
  g_assert_cmpuint (measured, >, 0);
  g_assert_cmpuint (scaled, >, 0);

  /* budget takes the measured job as estimate does, as the README says (it was refused). */
  {
    g_auto(Run) budget = { NULL };
    g_auto(Run) cheapest = { NULL };
    g_autoptr(JsonParser) cheapest_parser = json_parser_new ();
    JsonObject *first;
    g_autofree char *total = NULL;

    run_cli (&budget, NULL, "budget", "--measurement", a100, "--tokens", "1000000000", NULL);
    g_assert_cmpint (budget.status, ==, 0);
    run_cli (&cheapest, NULL, "estimate", "--measurement", a100, "--tokens", "1000000000",
             "--format", "json", NULL);
    g_assert_cmpint (cheapest.status, ==, 0);
    first = json_array_get_object_element (parse_array (cheapest_parser, cheapest.out), 0);
    total =
        g_strdup_printf ("**Total: $%.2f**", json_object_get_double_member (first, "total_cost"));
    g_assert_nonnull (strstr (budget.out, total));
  }

  /* A job too small to show a time or a cost is refused with the least it may be: 1e-9
   * GPU-hours was estimated at 0.0 h and 0.00 everywhere. */
  {
    g_auto(Run) tiny = { NULL };

    run_cli (&tiny, NULL, "estimate", "--gpu-hours", "1e-9", "--reference-gpu", "t4", NULL);
    g_assert_cmpint (tiny.status, !=, 0);
    g_assert_nonnull (strstr (tiny.err, "at least 0.1"));
  }

  run_cli (&no_tokens, NULL, "estimate", "--measurement", a100, NULL);
  g_assert_cmpint (no_tokens.status, ==, 2);
  g_assert_nonnull (strstr (no_tokens.err, "--tokens"));

  run_cli (&missing, NULL, "estimate", "--measurement", "no-such-id", "--tokens", "5", NULL);
  g_assert_cmpint (missing.status, ==, 1);
  g_assert_nonnull (strstr (missing.err, "no-such-id"));
}

static void
test_measure_script (void)
{
  g_autofree char *dir = g_dir_make_tmp ("gp-measure-XXXXXX", NULL);
  g_autofree char *script = g_build_filename (dir, "measure.py", NULL);
  g_autofree char *result = g_build_filename (dir, "measurement.json", NULL);
  const char *python = g_getenv ("GP_PYTHON");
  g_auto(Run) written = { NULL };
  g_auto(Run) compiled = { NULL };
  g_auto(Run) measured = { NULL };
  g_auto(Run) no_gpu = { NULL };
  g_auto(Run) shapeless = { NULL };
  g_auto(Run) added = { NULL };
  g_auto(Run) listed = { NULL };
  g_auto(Run) estimated = { NULL };
  g_autofree char *data_home = g_strconcat ("XDG_DATA_HOME=", dir, NULL);
  g_autofree char *planner_dir = g_build_filename (dir, "gpu-planner", NULL);
  g_autofree char *kept_dir = g_build_filename (planner_dir, "measurements", NULL);
  g_autofree char *kept = NULL;
  g_autoptr(JsonParser) list_parser = json_parser_new ();
  JsonObject *entry;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonObject *measurement, *job;

  g_assert_nonnull (python);
  /* The form's default precision, FP16: a CPU runs it in BF16 (PyTorch 1.13 stopped with
   * "AutocastCPU only support Bfloat16" and wrote nothing). */
  run_cli (&written, NULL, "measure-script", "--model-billions", "1", "--method", "lora",
           "--batch-size", "2", "--sequence-length", "64", "--activation-checkpointing", "on",
           "--output", script, NULL);
  g_assert_cmpint (written.status, ==, 0);

  run_program (&compiled, (const char *[]){ python, "-m", "py_compile", script, NULL });
  g_assert_cmpint (compiled.status, ==, 0);

  run_program (&measured, (const char *[]){ python, script, "--cpu", "--steps", "1", "--output",
                                            result, NULL });
  g_test_message ("%s", measured.err);
  g_assert_cmpint (measured.status, ==, 0);
  g_assert_true (json_parser_load_from_file (parser, result, &error));
  g_assert_no_error (error);
  measurement = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpint (json_object_get_int_member (measurement, "gpu_planner_measurement"), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (measurement, "device"), ==, "cpu");
  g_assert_cmpfloat (json_object_get_double_member (measurement, "tokens_per_s"), >, 0);
  g_assert_nonnull (json_object_get_string_member (measurement, "torch"));
  g_assert_nonnull (json_object_get_string_member (measurement, "date"));
  job = json_object_get_object_member (measurement, "job");
  g_assert_cmpstr (json_object_get_string_member (job, "method"), ==, "lora");
  g_assert_cmpstr (json_object_get_string_member (job, "precision"), ==, "fp16");
  g_assert_cmpstr (json_object_get_string_member (measurement, "run_precision"), ==, "bf16");
  g_assert_nonnull (strstr (measured.out, "(FP16 run in BF16)"));
  g_assert_true (json_object_get_boolean_member (job, "checkpointing"));
  g_assert_true (json_object_get_boolean_member (job, "tiny"));

  /* The importer accepts the test run and keeps it, but no estimate rests on it. */
  run_cli (&added, data_home, "measurement", "add", result, NULL);
  g_test_message ("%s%s", added.out, added.err);
  g_assert_cmpint (added.status, ==, 0);
  run_cli (&listed, data_home, "measurement", "list", "--format", "json", NULL);
  g_assert_cmpint (listed.status, ==, 0);
  entry = json_array_get_object_element (parse_array (list_parser, listed.out), 0);
  g_assert_true (json_object_get_boolean_member (entry, "test_run"));
  g_assert_cmpstr (json_object_get_string_member (entry, "gpu_name"), ==, "CPU");
  g_assert_cmpfloat (json_object_get_double_member (entry, "tokens_per_s"), ==,
                     json_object_get_double_member (measurement, "tokens_per_s"));
  run_cli (&estimated, data_home, "estimate", "--measurement",
           json_object_get_string_member (entry, "id"), "--tokens", "1000000", NULL);
  g_assert_cmpint (estimated.status, ==, 1);
  g_assert_nonnull (strstr (estimated.err, "--cpu"));
  kept = g_strconcat (kept_dir, G_DIR_SEPARATOR_S, json_object_get_string_member (entry, "id"),
                      ".json", NULL);
  g_assert_cmpint (g_remove (kept), ==, 0);
  g_assert_cmpint (g_rmdir (kept_dir), ==, 0);
  g_assert_cmpint (g_rmdir (planner_dir), ==, 0);

  /* This machine has no GPU (the tests run without one): the script says so and stops. */
  if (!g_file_test ("/dev/nvidia0", G_FILE_TEST_EXISTS))
    {
      run_program (&no_gpu, (const char *[]){ python, script, "--output", result, NULL });
      g_assert_cmpint (no_gpu.status, !=, 0);
      g_assert_nonnull (strstr (no_gpu.err, "No GPU found"));
    }

  run_cli (&shapeless, NULL, "measure-script", "--model-billions", "7", NULL);
  g_assert_cmpint (shapeless.status, ==, 2);
  g_assert_nonnull (strstr (shapeless.err, "model size, batch size and sequence length"));

  g_remove (result);
  g_remove (script);
  g_rmdir (dir);
}

/* Every other precision the form offers runs on the CPU too, each method, and says what it ran
 * at: FP32 and TF32 without autocast (PyTorch 1.13 refused even a disabled CPU autocast at
 * FP32), FP8 in BF16. */
static void
test_measure_script_precisions (void)
{
  g_autofree char *dir = g_dir_make_tmp ("gp-measure-XXXXXX", NULL);
  g_autofree char *script = g_build_filename (dir, "measure.py", NULL);
  g_autofree char *result = g_build_filename (dir, "measurement.json", NULL);
  const char *python = g_getenv ("GP_PYTHON");
  const struct
  {
    const char *precision, *method, *run_precision;
  } cases[] = {
    { "bf16", "full", "bf16" },      { "fp32", "lora", "fp32" }, { "fp32", "full", "fp32" },
    { "tf32", "inference", "tf32" }, { "fp8", "lora", "bf16" },  { "fp16", "full", "bf16" },
  };

  g_assert_nonnull (python);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(Run) written = { NULL };
      g_auto(Run) measured = { NULL };
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_autoptr(GError) error = NULL;
      JsonObject *measurement;

      run_cli (&written, NULL, "measure-script", "--model-billions", "1", "--method",
               cases[i].method, "--precision", cases[i].precision, "--batch-size", "2",
               "--sequence-length", "64", "--output", script, NULL);
      g_assert_cmpint (written.status, ==, 0);
      run_program (&measured, (const char *[]){ python, script, "--cpu", "--steps", "1", "--output",
                                                result, NULL });
      g_test_message ("%s %s: %s%s", cases[i].precision, cases[i].method, measured.out,
                      measured.err);
      g_assert_cmpint (measured.status, ==, 0);
      g_assert_true (json_parser_load_from_file (parser, result, &error));
      g_assert_no_error (error);
      measurement = json_node_get_object (json_parser_get_root (parser));
      g_assert_cmpstr (json_object_get_string_member (
                           json_object_get_object_member (measurement, "job"), "precision"),
                       ==, cases[i].precision);
      g_assert_cmpstr (json_object_get_string_member (measurement, "run_precision"), ==,
                       cases[i].run_precision);
      g_assert_cmpfloat (json_object_get_double_member (measurement, "tokens_per_s"), >, 0);
      g_remove (result);
    }

  g_remove (script);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/measure-script", test_measure_script);
  g_test_add_func ("/cli/measure-script/precisions", test_measure_script_precisions);
  g_test_add_func ("/cli/estimate-measurement", test_estimate_measurement);
  g_test_add_func ("/cli/estimate-group", test_estimate_group);
  g_test_add_func ("/cli/estimate-same-gpu", test_estimate_same_gpu);
  g_test_add_func ("/cli/estimate-json", test_estimate_json);
  g_test_add_func ("/cli/estimate-emissions", test_estimate_emissions);
  g_test_add_func ("/cli/estimate-usage-factor", test_estimate_usage_factor);
  g_test_add_func ("/cli/estimate-emissions-lab", test_estimate_emissions_lab);
  g_test_add_func ("/cli/budget-emissions", test_budget_emissions);
  g_test_add_func ("/cli/recommend-carbon-weight", test_recommend_carbon_weight);
  g_test_add_func ("/cli/chart-emissions", test_chart_emissions);
  g_test_add_func ("/cli/chart-cost-emissions", test_chart_cost_emissions);
  g_test_add_func ("/cli/estimate-table-and-csv", test_estimate_table_and_csv);
  g_test_add_func ("/cli/estimate-usage", test_estimate_usage);
  g_test_add_func ("/cli/estimate-overrides", test_estimate_overrides);
  g_test_add_func ("/cli/estimate-yuan-without-rate", test_estimate_yuan_without_rate);
  g_test_add_func ("/cli/estimate-memory", test_estimate_memory);
  g_test_add_func ("/cli/recommend", test_recommend);
  g_test_add_func ("/cli/recommend-derived", test_recommend_derived);
  g_test_add_func ("/cli/recommend-group", test_recommend_group);
  g_test_add_func ("/cli/lab-location", test_lab_location);
  g_test_add_func ("/cli/invoice-required", test_invoice_required);
  g_test_add_func ("/cli/chart", test_chart);
  g_test_add_func ("/cli/output-streams", test_output_streams);
  g_test_add_func ("/cli/compare", test_compare);

  return g_test_run ();
}
