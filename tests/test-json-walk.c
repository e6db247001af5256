/* test-json-walk.c — the one reader of JSON fields: each reader on good and bad values, the
 * error domains it reports in, and the one form of its messages in every file that uses it
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "gp-catalog.h"
#include "gp-enums.h"
#include "gp-estimator-data.h"
#include "gp-json-reader.h"
#include "gp-json-walk.h"
#include "gp-measurement.h"
#include "gp-project.h"

typedef struct
{
  JsonNode *root;
  JsonObject *object;
  GError *error;
  GpJsonWalk walk;
} Fixture;

/* A walk over the object @text, in the walk's own error domain. */
static void
fixture_set_up (Fixture    *fixture,
                const char *text)
{
  g_autoptr(GError) error = NULL;

  fixture->root = gp_json_read (text, strlen (text), "t.json", &error);
  g_assert_no_error (error);
  fixture->object = json_node_get_object (fixture->root);
  fixture->error = NULL;
  gp_json_walk_init (&fixture->walk, "t.json", 0, NULL, &fixture->error);
}

static void
fixture_tear_down (Fixture *fixture)
{
  g_clear_error (&fixture->error);
  g_clear_pointer (&fixture->root, json_node_unref);
}

/* The walk failed with @code and the message "t.json: @path: @message", and is back where it
 * was for the next reader. */
static void
assert_failed (Fixture         *fixture,
               GpJsonWalkError  code,
               const char      *message)
{
  g_assert_error (fixture->error, GP_JSON_WALK_ERROR, code);
  g_assert_cmpstr (fixture->error->message, ==, message);
  g_clear_error (&fixture->error);
  fixture->walk.depth = 0;
}

static void
test_path (void)
{
  GpJsonWalk walk;
  g_autofree char *top = NULL;
  g_autofree char *deep = NULL;

  gp_json_walk_init (&walk, "t.json", 0, NULL, NULL);
  top = gp_json_walk_dup_path (&walk);
  g_assert_cmpstr (top, ==, "(top level)");

  gp_json_walk_push_key (&walk, "phases");
  gp_json_walk_push_index (&walk, 2);
  gp_json_walk_push_key (&walk, "job");
  gp_json_walk_push_key (&walk, "batch_size");
  deep = gp_json_walk_dup_path (&walk);
  g_assert_cmpstr (deep, ==, "phases[2].job.batch_size");
  gp_json_walk_pop (&walk);
  g_assert_cmpuint (walk.depth, ==, 3);
}

static void
test_strings (void)
{
  Fixture f;
  g_autofree char *text = NULL;
  g_autofree char *id = NULL;
  g_autofree char *name = NULL;

  fixture_set_up (&f, "{\"note\": \"a\\nb\", \"id\": \"aws/p5\", \"name\": \"H100\", "
                      "\"spaced\": \"a b\", \"empty\": \"\", \"number\": 5, \"nothing\": null}");

  g_assert_true (gp_json_walk_read_string (&f.walk, f.object, "note", TRUE, &text));
  g_assert_cmpstr (text, ==, "a\nb");
  g_assert_true (gp_json_walk_read_id (&f.walk, f.object, "id", TRUE, &id));
  g_assert_cmpstr (id, ==, "aws/p5");
  g_assert_true (gp_json_walk_read_name (&f.walk, f.object, "name", TRUE, &name));
  g_assert_cmpstr (name, ==, "H100");
  /* Absent or null, and not required: nothing read, nothing said. */
  g_assert_true (gp_json_walk_read_name (&f.walk, f.object, "absent", FALSE, &name));
  g_assert_true (gp_json_walk_read_name (&f.walk, f.object, "nothing", FALSE, &name));
  g_assert_cmpstr (name, ==, "H100");
  g_assert_cmpuint (f.walk.depth, ==, 0);

  g_assert_false (gp_json_walk_read_name (&f.walk, f.object, "absent", TRUE, &name));
  assert_failed (&f, GP_JSON_WALK_ERROR_MISSING_FIELD, "t.json: absent: required field is missing");
  g_assert_false (gp_json_walk_read_string (&f.walk, f.object, "number", TRUE, &text));
  assert_failed (&f, GP_JSON_WALK_ERROR_WRONG_TYPE, "t.json: number: expected a string, got 5");
  g_assert_false (gp_json_walk_read_string (&f.walk, f.object, "empty", TRUE, &text));
  assert_failed (&f, GP_JSON_WALK_ERROR_INVALID_VALUE, "t.json: empty: must not be empty");
  g_assert_false (gp_json_walk_read_id (&f.walk, f.object, "spaced", TRUE, &id));
  g_assert_error (f.error, GP_JSON_WALK_ERROR, GP_JSON_WALK_ERROR_INVALID_VALUE);
  g_assert_true (g_str_has_prefix (f.error->message, "t.json: spaced: holds"));
  g_clear_error (&f.error);
  f.walk.depth = 0;
  g_assert_false (gp_json_walk_read_name (&f.walk, f.object, "note", TRUE, &name));
  g_assert_error (f.error, GP_JSON_WALK_ERROR, GP_JSON_WALK_ERROR_INVALID_VALUE);
  g_assert_true (g_str_has_prefix (f.error->message, "t.json: note: holds U+000A"));
  fixture_tear_down (&f);
}

static void
test_numbers (void)
{
  Fixture f;
  double number = -1;
  guint count = 0;

  fixture_set_up (&f, "{\"hours\": 2.5, \"gpus\": 8, \"negative\": -3, \"text\": \"ten\", "
                      "\"half\": 2.5, \"pct\": 150}");

  g_assert_true (gp_json_walk_read_number (&f.walk, f.object, "hours", TRUE, &number));
  g_assert_cmpfloat (number, ==, 2.5);
  g_assert_true (gp_json_walk_read_count (&f.walk, f.object, "gpus", TRUE, &count));
  g_assert_cmpuint (count, ==, 8);
  g_assert_true (gp_json_walk_read_number (&f.walk, f.object, "absent", FALSE, &number));
  g_assert_cmpfloat (number, ==, 2.5);

  g_assert_false (gp_json_walk_read_number (&f.walk, f.object, "negative", TRUE, &number));
  assert_failed (&f, GP_JSON_WALK_ERROR_INVALID_VALUE,
                 "t.json: negative: expected a non-negative number, got -3");
  g_assert_false (gp_json_walk_read_number (&f.walk, f.object, "text", TRUE, &number));
  assert_failed (&f, GP_JSON_WALK_ERROR_WRONG_TYPE,
                 "t.json: text: expected a non-negative number, got \"ten\"");
  /* The text reader refuses such a number; a tree built by an importer may hold one. */
  {
    g_autoptr(JsonNode) huge = json_node_init_double (json_node_alloc (), 1e16);

    g_assert_false (gp_json_walk_node_to_number (&f.walk, huge, &number));
    assert_failed (&f, GP_JSON_WALK_ERROR_INVALID_VALUE,
                   "t.json: (top level): expected a number of at most 1e15");
  }
  g_assert_false (gp_json_walk_read_count (&f.walk, f.object, "half", TRUE, &count));
  assert_failed (&f, GP_JSON_WALK_ERROR_INVALID_VALUE,
                 "t.json: half: expected a whole number, got 2.5");
  g_assert_false (gp_json_walk_read_percentage (&f.walk, f.object, "pct", &number));
  assert_failed (&f, GP_JSON_WALK_ERROR_INVALID_VALUE,
                 "t.json: pct: a percentage is at most 100, got 150");
  g_assert_cmpfloat (number, ==, 150);
  fixture_tear_down (&f);
}

/* A range with its bounds, for figures that may be negative or must be above their minimum. */
static void
test_range (void)
{
  Fixture f;
  double value = 7;

  fixture_set_up (&f, "{\"zero\": 0, \"negative\": -1, \"big\": 101, \"text\": \"x\"}");

  g_assert_true (gp_json_walk_read_range (&f.walk, f.object, "absent", 0, TRUE, 100, &value));
  g_assert_cmpfloat (value, ==, 7);
  g_assert_true (gp_json_walk_read_range (&f.walk, f.object, "zero", 0, FALSE, 100, &value));
  g_assert_cmpfloat (value, ==, 0);
  g_assert_true (gp_json_walk_read_range (&f.walk, f.object, "negative", -5, FALSE, 5, &value));
  g_assert_cmpfloat (value, ==, -1);

  g_assert_false (gp_json_walk_read_range (&f.walk, f.object, "zero", 0, TRUE, 100, &value));
  assert_failed (&f, GP_JSON_WALK_ERROR_INVALID_VALUE,
                 "t.json: zero: must be more than 0 and at most 100");
  g_assert_false (gp_json_walk_read_range (&f.walk, f.object, "big", 0, FALSE, 100, &value));
  assert_failed (&f, GP_JSON_WALK_ERROR_INVALID_VALUE, "t.json: big: must be from 0 to 100");
  g_assert_false (gp_json_walk_read_range (&f.walk, f.object, "text", 0, FALSE, 100, &value));
  assert_failed (&f, GP_JSON_WALK_ERROR_WRONG_TYPE, "t.json: text: expected a number, got \"x\"");
  fixture_tear_down (&f);
}

static void
test_choices (void)
{
  Fixture f;
  gboolean flag = FALSE;
  guint precision = 0;
  g_auto(GStrv) tags = NULL;
  g_autofree char *currency = NULL;

  fixture_set_up (&f, "{\"spot\": true, \"yes\": \"yes\", \"precision\": \"bf16\", "
                      "\"bad\": \"fp4\", \"tags\": [\"a\", \"b\"], \"mixed\": [\"a\", 1], "
                      "\"currency\": \"CNY\", \"yuan\": \"yuan\"}");

  g_assert_true (gp_json_walk_read_boolean (&f.walk, f.object, "spot", &flag));
  g_assert_true (flag);
  g_assert_true (
      gp_json_walk_read_enum (&f.walk, f.object, "precision", GP_TYPE_PRECISION, &precision));
  g_assert_cmpuint (precision, ==, GP_PRECISION_BF16);
  g_assert_true (gp_json_walk_read_strv (&f.walk, f.object, "tags", GP_TEXT_ID, &tags));
  g_assert_cmpstrv (tags, ((const char *[]){ "a", "b", NULL }));
  g_assert_true (gp_json_walk_read_currency (&f.walk, f.object, "currency", &currency));
  g_assert_cmpstr (currency, ==, "CNY");

  g_assert_false (gp_json_walk_read_boolean (&f.walk, f.object, "yes", &flag));
  assert_failed (&f, GP_JSON_WALK_ERROR_WRONG_TYPE,
                 "t.json: yes: expected true or false, got \"yes\"");
  g_assert_false (gp_json_walk_read_enum (&f.walk, f.object, "bad", GP_TYPE_PRECISION, &precision));
  assert_failed (&f, GP_JSON_WALK_ERROR_INVALID_VALUE, "t.json: bad: unknown value \"fp4\"");
  g_assert_false (gp_json_walk_read_strv (&f.walk, f.object, "mixed", GP_TEXT_ID, &tags));
  assert_failed (&f, GP_JSON_WALK_ERROR_WRONG_TYPE, "t.json: mixed[1]: expected a string, got 1");
  g_assert_false (gp_json_walk_read_currency (&f.walk, f.object, "yuan", &currency));
  assert_failed (&f, GP_JSON_WALK_ERROR_INVALID_VALUE,
                 "t.json: yuan: expected an ISO 4217 currency code such as \"USD\", got \"yuan\"");
  fixture_tear_down (&f);
}

static void
test_dates (void)
{
  Fixture f;
  g_autofree char *date = NULL;

  fixture_set_up (&f, "{\"month\": \"2025-03\", \"day\": \"2025-03-14\", \"late\": \"9999-01\", "
                      "\"february\": \"2025-02-30\"}");

  g_assert_true (gp_json_walk_read_as_of (&f.walk, f.object, "month", TRUE, &date));
  g_assert_cmpstr (date, ==, "2025-03");
  g_assert_true (gp_json_walk_read_day (&f.walk, f.object, "day", TRUE, &date));
  g_assert_cmpstr (date, ==, "2025-03-14");

  g_assert_false (gp_json_walk_read_as_of (&f.walk, f.object, "late", TRUE, &date));
  assert_failed (&f, GP_JSON_WALK_ERROR_INVALID_VALUE,
                 "t.json: late: \"9999-01\" is later than today: a figure is dated no later than "
                 "it is read");
  g_assert_false (gp_json_walk_read_day (&f.walk, f.object, "month", TRUE, &date));
  assert_failed (&f, GP_JSON_WALK_ERROR_INVALID_VALUE,
                 "t.json: month: expected a date as YYYY-MM-DD, got “2025-03”");
  g_assert_false (gp_json_walk_read_day (&f.walk, f.object, "february", TRUE, &date));
  assert_failed (&f, GP_JSON_WALK_ERROR_INVALID_VALUE,
                 "t.json: february: expected a date as YYYY-MM-DD, got “2025-02-30”");
  fixture_tear_down (&f);
}

static gboolean
read_item_cb (GpJsonWalk *walk,
              JsonObject *object,
              guint       index,
              gpointer    user_data)
{
  static const char *const fields[] = { "id", "hours", NULL };
  GHashTable *seen = user_data;
  g_autofree char *id = NULL;
  double hours = 0;

  if (!gp_json_walk_check_fields (walk, object, fields) ||
      !gp_json_walk_read_id (walk, object, "id", TRUE, &id) ||
      !gp_json_walk_read_number (walk, object, "hours", TRUE, &hours) ||
      !gp_json_walk_check_unique (walk, seen, g_intern_string (id), "items", index))
    return FALSE;
  return TRUE;
}

/* Arrays of objects with their members checked, objects entered, ids kept unique. */
static void
test_structure (void)
{
  static const struct
  {
    const char *text;
    GpJsonWalkError code;
    const char *message;
  } bad[] = {
    { "{\"items\": [{\"id\": \"a\", \"hours\": 1}, {\"id\": \"a\", \"hours\": 2}]}",
      GP_JSON_WALK_ERROR_DUPLICATE_ID,
      "t.json: items[1].id: duplicate id \"a\", first at items[0]" },
    { "{\"items\": [{\"id\": \"a\", \"hour\": 1}]}", GP_JSON_WALK_ERROR_UNKNOWN_FIELD,
      "t.json: items[0].hour: unknown field; did you mean “hours”?" },
    { "{\"items\": [{\"id\": \"a\"}]}", GP_JSON_WALK_ERROR_MISSING_FIELD,
      "t.json: items[0].hours: required field is missing" },
    { "{\"items\": [1]}", GP_JSON_WALK_ERROR_WRONG_TYPE,
      "t.json: items[0]: expected an object, got 1" },
    { "{\"items\": {}}", GP_JSON_WALK_ERROR_WRONG_TYPE,
      "t.json: items: expected an array, got {}" },
    { "{}", GP_JSON_WALK_ERROR_MISSING_FIELD, "t.json: items: required field is missing" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
      Fixture f;

      fixture_set_up (&f, bad[i].text);
      g_assert_false (
          gp_json_walk_read_object_array (&f.walk, f.object, "items", TRUE, read_item_cb, seen));
      assert_failed (&f, bad[i].code, bad[i].message);
      fixture_tear_down (&f);
    }

  {
    g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
    JsonObject *inner = NULL;
    Fixture f;

    fixture_set_up (&f, "{\"items\": [{\"id\": \"a\", \"hours\": 1, \"_note\": \"a comment\"}], "
                        "\"job\": {\"x\": 1}, \"list\": []}");
    g_assert_true (
        gp_json_walk_read_object_array (&f.walk, f.object, "items", TRUE, read_item_cb, seen));
    g_assert_cmpuint (g_hash_table_size (seen), ==, 1);
    g_assert_true (gp_json_walk_enter_object (&f.walk, f.object, "absent", &inner));
    g_assert_null (inner);
    g_assert_true (gp_json_walk_enter_object (&f.walk, f.object, "job", &inner));
    g_assert_nonnull (inner);
    gp_json_walk_pop (&f.walk);
    g_assert_false (gp_json_walk_enter_object (&f.walk, f.object, "list", &inner));
    assert_failed (&f, GP_JSON_WALK_ERROR_WRONG_TYPE, "t.json: list: expected an object, got []");
    g_assert_false (gp_json_walk_enter_required (&f.walk, f.object, "absent", &inner));
    assert_failed (&f, GP_JSON_WALK_ERROR_MISSING_FIELD,
                   "t.json: absent: required field is missing");
    g_assert_true (gp_json_walk_enter_required (&f.walk, f.object, "job", &inner));
    g_assert_cmpuint (f.walk.depth, ==, 1);
    fixture_tear_down (&f);
  }
}

/* Each file's reader keeps its error domain: the walk reports its kinds as that domain's codes,
 * and the caller's own failures in it. */
static void
test_domains (void)
{
  static const int codes[GP_JSON_WALK_N_ERRORS] = { 10, 11, 12, 13, 14 };
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) root = gp_json_read ("{\"a\": \"x\"}", 10, "t.json", NULL);
  GQuark domain = g_quark_from_static_string ("test-domain");
  double value;
  GpJsonWalk walk;

  gp_json_walk_init (&walk, "t.json", domain, codes, &error);
  g_assert_false (gp_json_walk_read_number (&walk, json_node_get_object (root), "a", TRUE, &value));
  g_assert_error (error, domain, 11);
  g_clear_error (&error);

  walk.depth = 0;
  g_assert_false (gp_json_walk_fail_at (&walk, "a", 42, "no %s", "good"));
  g_assert_error (error, domain, 42);
  g_assert_cmpstr (error->message, ==, "t.json: a: no good");
  g_assert_cmpint (gp_json_walk_code (&walk, GP_JSON_WALK_ERROR_DUPLICATE_ID), ==, 14);
}

/* A measurement as the script writes it (tests/fixtures/measurements/a100.json), with its batch
 * size, and its speed's member and value, given. */
static char *
measurement_text (const char *batch,
                  const char *speed_member,
                  const char *speed)
{
  return g_strdup_printf (
      "{\"gpu_planner_measurement\": 1, \"device\": \"cuda\", \"gpu\": \"NVIDIA A100-SXM4-80GB\", "
      "\"gpu_memory_gb\": 85.1, \"torch\": \"2.4.0+cu121\", \"cuda\": \"12.1\", "
      "\"date\": \"2026-11-20\", \"job\": {\"model_billions\": 1.1, \"method\": \"full\", "
      "\"precision\": \"bf16\", \"batch\": %s, \"sequence\": 2048, \"checkpointing\": false}, "
      "\"%s\": %s, \"peak_allocated_gb\": 38.2, \"peak_reserved_gb\": 40.5}",
      batch, speed_member, speed);
}

static char *
estimator_message (const char *text)
{
  g_autoptr(GBytes) bytes = g_bytes_new (text, strlen (text));
  g_autoptr(GError) error = NULL;
  g_autoptr(GpEstimatorData) data = gp_estimator_data_new_from_bytes (bytes, "e.json", &error);

  g_assert_null (data);
  g_assert_nonnull (error);
  return g_strdup (error->message);
}

static char *
measurement_message (const char *text)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GBytes) bytes = g_bytes_new (text, strlen (text));
  g_autoptr(GError) error = NULL;
  g_autoptr(GpMeasurement) measurement =
      gp_measurement_new_from_bytes (bytes, "m.json", catalog, "2026-12-05", &error);

  g_assert_null (measurement);
  g_assert_nonnull (error);
  return g_strdup (error->message);
}

static char *
plan_message (const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GpProject) project = gp_project_load_from_data (text, -1, "p.json", &error);

  g_assert_null (project);
  g_assert_nonnull (error);
  return g_strdup (error->message);
}

#define ESTIMATOR(presets)                                                                 \
  "{\"schema_version\":1,\"sources\":[{\"id\":\"s\",\"title\":\"S\",\"as_of\":\"2024\"}]," \
  "\"coefficients\":{}" presets ",\"speed_tables\":[],\"scaling\":[],"                     \
  "\"interruption_buckets\":[],\"spot_interruption\":[]}"
#define PRESET(hours)                                                                     \
  ",\"presets\":[{\"id\":\"p\",\"name\":\"P\",\"family\":\"f\",\"reference_gpu\":\"t4\"," \
  "\"reference_gpus\":1,\"precision\":\"fp16\",\"gpu_hours\":" hours ",\"target\":\"t\"," \
  "\"source\":\"s\"}]"
#define PLAN(phase)                                                                                \
  "{\"plan_version\":1,\"title\":\"x\",\"phases\":[{\"name\":\"a\",\"instance\":\"lab/box\"" phase \
  "}]}"

/* The estimator data, a measurement and a plan say a missing field, a value of the wrong kind
 * and an unknown value alike: the file, the path, the walk's message. */
static void
test_one_form (void)
{
  g_autofree char *good = measurement_text ("8", "tokens_per_s", "12000");
  g_autofree char *no_speed = measurement_text ("8", "tokens_per_second", "12000");
  g_autofree char *text_speed = measurement_text ("8", "tokens_per_s", "\"ten\"");
  g_autofree char *bad_batch = measurement_text ("8.5", "tokens_per_s", "12000");
  struct
  {
    char *message;
    const char *expected;
  } cases[] = {
    { estimator_message (ESTIMATOR ("")), "e.json: presets: required field is missing" },
    { measurement_message (no_speed), "m.json: tokens_per_s: required field is missing" },
    { plan_message (PLAN ("")), "p.json: phases[0].gpu_hours: required field is missing" },
    { estimator_message (ESTIMATOR (PRESET ("\"ten\""))),
      "e.json: presets[0].gpu_hours: expected a non-negative number, got \"ten\"" },
    { measurement_message (text_speed),
      "m.json: tokens_per_s: expected a non-negative number, got \"ten\"" },
    { plan_message (PLAN (",\"gpu_hours\":\"ten\"")),
      "p.json: phases[0].gpu_hours: expected a number, got \"ten\"" },
    { measurement_message (bad_batch), "m.json: job.batch: expected a whole number, got 8.5" },
    { plan_message (PLAN (",\"gpu_hours\":1,\"gpu_hour\":1")),
      "p.json: phases[0].gpu_hour: unknown field; did you mean “gpu_hours”?" },
    { plan_message ("[]"), "p.json: (top level): a plan is a JSON object" },
  };

  /* The measurement the others are changed from is one. */
  {
    g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
    g_autoptr(GBytes) bytes = g_bytes_new (good, strlen (good));
    g_autoptr(GError) error = NULL;
    g_autoptr(GpMeasurement) measurement =
        gp_measurement_new_from_bytes (bytes, "m.json", catalog, "2026-12-05", &error);

    g_assert_no_error (error);
    g_assert_nonnull (measurement);
  }

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_assert_cmpstr (cases[i].message, ==, cases[i].expected);
      g_free (cases[i].message);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/json-walk/path", test_path);
  g_test_add_func ("/json-walk/strings", test_strings);
  g_test_add_func ("/json-walk/numbers", test_numbers);
  g_test_add_func ("/json-walk/range", test_range);
  g_test_add_func ("/json-walk/choices", test_choices);
  g_test_add_func ("/json-walk/dates", test_dates);
  g_test_add_func ("/json-walk/structure", test_structure);
  g_test_add_func ("/json-walk/domains", test_domains);
  g_test_add_func ("/json-walk/one-form", test_one_form);
  return g_test_run ();
}
