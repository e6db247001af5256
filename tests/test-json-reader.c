/* test-json-reader.c — the one checked JSON reader: what it refuses, and how it says so
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "gp-json-reader.h"
#include "gp-json-writer.h"
#include "gp-text.h"

static void
assert_refused (const char  *text,
                gsize        length,
                GpJsonError  code,
                const char  *message)
{
  g_autoptr(GError) error = NULL;

  if (length == (gsize) -1)
    length = strlen (text);
  g_assert_false (gp_json_check (text, length, "bad.json", &error));
  g_assert_error (error, GP_JSON_ERROR, code);
  if (strstr (error->message, message) == NULL)
    g_error ("“%s” does not say “%s”", error->message, message);
}

static void
assert_accepted (const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) root = gp_json_read (text, strlen (text), "good.json", &error);

  g_assert_no_error (error);
  g_assert_nonnull (root);
}

static void
test_accepts_json (void)
{
  assert_accepted ("{}");
  assert_accepted ("  [1, -2.5e3, 0, \"a\\u00e9\\n\", true, false, null, {\"k\": []}]\n");
  assert_accepted ("\"just a string\"");
  assert_accepted ("{\"a\": {\"a\": 1}, \"b\": [{\"a\": 1}, {\"a\": 2}]}");
  /* Keys alike in different objects are no duplicates. */
  assert_accepted ("[{\"id\": 1}, {\"id\": 2}]");
}

/* The text as a file gives it, with nothing after its last byte (an AddressSanitizer build
 * catches a read past it): the same tree as from a terminated string, a number alone too. */
static void
test_unterminated (void)
{
  static const char *texts[] = { "5", " -2.5e3\n", "12", "5.1", "1e2", "-0.5E-3", "[1,2]",
                                 "{\"a\":1.5}", "\"s\"", "true", "null", "[0]" };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      gsize length = strlen (texts[i]);
      g_autofree char *exact = g_memdup2 (texts[i], length);
      g_autoptr(GError) error = NULL;
      g_autoptr(JsonNode) read = gp_json_read (exact, length, "exact.json", &error);
      g_autoptr(JsonNode) expected = json_from_string (texts[i], NULL);

      g_assert_no_error (error);
      g_assert_true (json_node_equal (read, expected));
    }
}

/* 100,000 levels overflowed the stack inside json-glib: refused before it sees them. */
static void
test_deep_nesting (void)
{
  gsize levels = 100000;
  g_autofree char *text = g_malloc (2 * levels + 1);
  g_autofree char *ok = NULL;
  g_autoptr(GString) mixed = g_string_new (NULL);

  memset (text, '[', levels);
  memset (text + levels, ']', levels);
  text[2 * levels] = '\0';
  assert_refused (text, 2 * levels, GP_JSON_ERROR_TOO_DEEP, "nested more than 64 levels deep");
  /* The path in a message a person can read: its middle levels elided. */
  assert_refused (text, 2 * levels, GP_JSON_ERROR_TOO_DEEP,
                  "bad.json: [0][0][0][0]…[0][0][0]: nested more than 64 levels deep (line 1, "
                  "column 65)");

  /* Unclosed, as a truncated or hostile file is: the same answer, no parse. */
  assert_refused (text, levels, GP_JSON_ERROR_TOO_DEEP, "nested more than 64 levels deep");

  for (guint i = 0; i < 200; i++)
    g_string_append (mixed, "{\"a\":[");
  assert_refused (mixed->str, mixed->len, GP_JSON_ERROR_TOO_DEEP, "bad.json: a[0].a[0]");

  /* At the limit, it is still read. */
  ok = g_strnfill (GP_JSON_MAX_DEPTH, '[');
  {
    g_autofree char *closing = g_strnfill (GP_JSON_MAX_DEPTH, ']');
    g_autofree char *whole = g_strconcat (ok, closing, NULL);

    assert_accepted (whole);
  }
}

static void
test_one_value (void)
{
  assert_refused ("{} {}", -1, GP_JSON_ERROR_TRAILING,
                  "bad.json: (top level): more after the first value; a file holds one value (line "
                  "1, column 4)");
  assert_refused ("{\"a\": 1}\n\n[2]", -1, GP_JSON_ERROR_TRAILING, "(line 3, column 1)");
  assert_refused ("", -1, GP_JSON_ERROR_SYNTAX, "bad.json: (top level): the file is empty");
  assert_refused ("  \n ", -1, GP_JSON_ERROR_SYNTAX, "the file is empty");
}

static void
test_nul (void)
{
  static const char raw[] = "{\"a\": \"x\0y\"}";
  static const char outside[] = "{\"a\": 1}\0";

  assert_refused ("{\"name\": \"lab\\u0000; rm -rf\"}", -1, GP_JSON_ERROR_NUL,
                  "bad.json: name: a NUL character (\\u0000) in a string (line 1, column 15)");
  assert_refused (raw, sizeof raw - 1, GP_JSON_ERROR_NUL, "NUL");
  assert_refused (outside, sizeof outside - 1, GP_JSON_ERROR_NUL, "NUL");
}

static void
test_duplicate_keys (void)
{
  g_autoptr(GString) many = g_string_new ("{");

  assert_refused ("{\"instances\": [{\"id\": \"a\", \"prices\": [{\"spot\": 1, \"spot\": 2}]}]}",
                  -1, GP_JSON_ERROR_DUPLICATE_KEY,
                  "bad.json: instances[0].prices[0].spot: the key is given twice");

  /* Past the linear check, the hash table finds it as well, and a large object stays fast. */
  for (guint i = 0; i < 20000; i++)
    g_string_append_printf (many, "\"k%u\": %u, ", i, i);
  g_string_append (many, "\"k19999\": 0}");
  assert_refused (many->str, many->len, GP_JSON_ERROR_DUPLICATE_KEY,
                  "k19999: the key is given twice");
}

static void
test_numbers (void)
{
  assert_refused ("[1e400]", -1, GP_JSON_ERROR_NUMBER,
                  "bad.json: [0]: the number 1e400 is out of range");
  assert_refused ("{\"price\": -1e17}", -1, GP_JSON_ERROR_NUMBER,
                  "price: the number -1e17 is out of range");
  assert_refused ("[0x20]", -1, GP_JSON_ERROR_SYNTAX, "unexpected character “x”");
  assert_refused ("[NaN]", -1, GP_JSON_ERROR_SYNTAX, "unexpected character “N”");
  assert_refused ("[Infinity]", -1, GP_JSON_ERROR_SYNTAX, "unexpected character “I”");
  assert_refused ("[01]", -1, GP_JSON_ERROR_SYNTAX, "unexpected character “1”");
  assert_refused ("[1.]", -1, GP_JSON_ERROR_SYNTAX, "unexpected character “]”");
  assert_accepted ("[1e15, -1e15, 0.000001, 123456789012345, 999999999999999.9]");
  /* Sixteen digits with no exponent are converted and judged too. */
  assert_refused ("[1234567890123456]", -1, GP_JSON_ERROR_NUMBER, "the number 1234567890123456");
  assert_refused ("[-99999999999999999999.5]", -1, GP_JSON_ERROR_NUMBER, "out of range");
}

static void
test_syntax (void)
{
  assert_refused ("{\"a\": 1,}", -1, GP_JSON_ERROR_SYNTAX, "unexpected character “}”");
  assert_refused ("{\"a\" 1}", -1, GP_JSON_ERROR_SYNTAX, "unexpected character “1”");
  assert_refused ("[\"open", -1, GP_JSON_ERROR_SYNTAX, "a string is not closed");
  assert_refused ("[\"bad \\x escape\"]", -1, GP_JSON_ERROR_SYNTAX, "a broken escape");
  assert_refused ("[\"tab\there\"]", -1, GP_JSON_ERROR_SYNTAX, "a control character in a string");
  assert_refused ("{\"a\": [1, 2", -1, GP_JSON_ERROR_SYNTAX,
                  "the text ends in the middle of a value");
  assert_refused ("[\"\xff\"]", -1, GP_JSON_ERROR_SYNTAX,
                  "bad.json: [0]: the file is not valid UTF-8 text (line 1, column 3)");
  assert_refused ("[tru]", -1, GP_JSON_ERROR_SYNTAX, "unexpected character “t”");
}

static void
test_size_cap (void)
{
  g_autoptr(GError) error = NULL;

  /* The cap is checked before a byte is read: a length past it is enough. */
  g_assert_false (gp_json_check ("{}", (gsize) GP_JSON_MAX_SIZE + 1, "huge.json", &error));
  g_assert_error (error, GP_JSON_ERROR, GP_JSON_ERROR_TOO_LARGE);
  g_assert_nonnull (strstr (error->message, "huge.json: (top level): "));
}

/* Rows written without a tree, closed as the command-line tool closes them, are laid out
 * exactly as an array of the same objects built as a tree. */
static void
assert_row_as_tree (const char * const *keys,
                    const GpJsonValue  *values,
                    guint               n)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(JsonNode) array = json_node_new (JSON_NODE_ARRAY);
  g_autoptr(GString) direct = g_string_new ("[");
  g_autofree char *tree = NULL;

  json_node_take_array (array, json_array_new ());
  json_builder_begin_object (builder);
  for (guint i = 0; i < n; i++)
    {
      json_builder_set_member_name (builder, keys[i]);
      switch (values[i].kind)
        {
        case GP_JSON_VALUE_STRING:
          json_builder_add_string_value (builder, values[i].string);
          break;
        case GP_JSON_VALUE_NUMBER:
          json_builder_add_double_value (builder, values[i].number);
          break;
        case GP_JSON_VALUE_INTEGER:
          json_builder_add_int_value (builder, (gint64) values[i].number);
          break;
        case GP_JSON_VALUE_BOOLEAN:
          json_builder_add_boolean_value (builder, values[i].number != 0);
          break;
        case GP_JSON_VALUE_STRINGS:
          json_builder_begin_array (builder);
          for (guint k = 0; values[i].strings[k] != NULL; k++)
            json_builder_add_string_value (builder, values[i].strings[k]);
          json_builder_end_array (builder);
          break;
        case GP_JSON_VALUE_NUMBERS:
          json_builder_begin_array (builder);
          for (guint k = 0; k < values[i].length; k++)
            json_builder_add_double_value (builder, values[i].numbers[k]);
          json_builder_end_array (builder);
          break;
        case GP_JSON_VALUE_NULL:
        default:
          json_builder_add_null_value (builder);
        }
    }
  json_builder_end_object (builder);
  node = json_builder_get_root (builder);

  for (guint row = 0; row < 2; row++)
    {
      gp_json_append_row (direct, row == 0, keys, values, n);
      json_array_add_element (json_node_get_array (array), json_node_copy (node));
    }
  g_string_append (direct, "\n]\n");
  tree = gp_json_to_string (array, TRUE);
  g_assert_cmpstr (direct->str, ==, tree);
}

static void
test_row_as_tree (void)
{
  static const char *const short_keys[] = { "a", "b" };
  static const char *const few[] = { "one", "two", NULL };
  static const char *const many[] = {
    "Speed: 4.83× the t4, from data-sheet TFLOPS and memory bandwidth",
    "Pay As You Go, 100 compute units: 1.96 compute units an hour at 0.10 USD a unit",
    NULL
  };
  static const char *const none[] = { NULL };
  static const double range[] = { 0.123456, 2.5 };
  static const double long_range[] = { 1234.56789, 2345.6789, 3456.789, 4567.89,   5678.9,
                                       6789.0,     7890.12,   8901.234, 9012.3456, 123.45678 };
  static const char *const long_keys[] = {
    "provider", "instance", "region", "price", "gpu_count", "stale",      "nothing",
    "note",     "few",      "many",   "none",  "range",     "long_range",
  };
  const GpJsonValue short_row[] = {
    { GP_JSON_VALUE_INTEGER, NULL, 1 }, { GP_JSON_VALUE_STRING, "x \"quoted\"\n" },
  };
  const GpJsonValue long_row[] = {
    { GP_JSON_VALUE_STRING, "aws-ec2" },
    { GP_JSON_VALUE_STRING, "aws-ec2/p4d.24xlarge" },
    { GP_JSON_VALUE_STRING, "us-east-1" },
    { GP_JSON_VALUE_NUMBER, NULL, 21.957642 },
    { GP_JSON_VALUE_INTEGER, NULL, 8 },
    { GP_JSON_VALUE_BOOLEAN, NULL, 1 },
    { GP_JSON_VALUE_NULL },
    { GP_JSON_VALUE_NUMBER, NULL, NAN },
    { GP_JSON_VALUE_STRINGS, NULL, 0, few },
    { GP_JSON_VALUE_STRINGS, NULL, 0, many },
    { GP_JSON_VALUE_STRINGS, NULL, 0, none },
    { GP_JSON_VALUE_NUMBERS, NULL, 0, NULL, range, G_N_ELEMENTS (range) },
    { GP_JSON_VALUE_NUMBERS, NULL, 0, NULL, long_range, G_N_ELEMENTS (long_range) },
  };

  assert_row_as_tree (short_keys, short_row, G_N_ELEMENTS (short_row));
  assert_row_as_tree (long_keys, long_row, G_N_ELEMENTS (long_row));
  assert_row_as_tree (long_keys, long_row, 0);
  /* Each length, so that rows on either side of the one-line width are written as the tree. */
  for (guint n = 1; n < G_N_ELEMENTS (long_row); n++)
    assert_row_as_tree (long_keys, long_row, n);
}

/* A long key in a path is cut on a character's boundary, never inside a character. */
static void
test_long_key_in_path (void)
{
  g_autoptr(GString) text = g_string_new ("{\"");

  for (guint i = 0; i < 40; i++)
    g_string_append (text, "é");
  g_string_append (text, "\": [}");
  assert_refused (text->str, text->len, GP_JSON_ERROR_SYNTAX,
                  "bad.json: éééééééééééééééé…");
}

/* Every double is written as a JSON number that reads back as itself (1e20 was once written
 * "1e+20.0", which no reader takes), through each of the writer's ways; what is not a number
 * is null. */
static void
test_writer_numbers (void)
{
  static const double values[] = { 1e17, 1e20, -1e300, 3.331527249657733e16, 0.1, 1e-7, 5e-324,
                                   1.7976931348623157e308, 1234567890123456.0, 999999999999999.0,
                                   -2.5, 1.11, 0.0, -0.0 };

  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    {
      char buffer[G_ASCII_DTOSTR_BUF_SIZE];
      g_autofree char *wrapped =
          g_strdup_printf ("[%s]", gp_json_format_number (values[i], buffer));
      g_autoptr(JsonNode) parsed = json_from_string (wrapped, NULL);
      g_autoptr(JsonNode) tree = json_node_new (JSON_NODE_ARRAY);
      g_autofree char *from_tree = NULL;
      g_autoptr(GString) row = g_string_new (NULL);
      static const char *const keys[] = { "v" };
      GpJsonValue value = { GP_JSON_VALUE_NUMBER, NULL, values[i], NULL };
      JsonNode *element;

      json_node_take_array (tree, json_array_new ());
      g_assert_nonnull (parsed);
      element = json_array_get_element (json_node_get_array (parsed), 0);
      g_assert_cmpfloat (json_node_get_double (element), ==, values[i]);
      g_assert_null (strstr (buffer, ".0e"));
      g_assert_null (strstr (buffer, "e+20.0"));

      json_array_add_double_element (json_node_get_array (tree), values[i]);
      from_tree = gp_json_to_string (tree, FALSE);
      g_assert_cmpstr (from_tree, ==, wrapped);

      gp_json_append_row (row, TRUE, keys, &value, 1);
      g_assert_nonnull (strstr (row->str, buffer));
    }

  {
    char buffer[G_ASCII_DTOSTR_BUF_SIZE];

    g_assert_cmpstr (gp_json_format_number (NAN, buffer), ==, "null");
    g_assert_cmpstr (gp_json_format_number (INFINITY, buffer), ==, "null");
    g_assert_cmpstr (gp_json_format_number (1e20, buffer), ==, "1e+20");
    g_assert_cmpstr (gp_json_format_number (0.1, buffer), ==, "0.1");
  }
}

/* The general way of gp_json_format_number(), as it was before prices got a shorter one: the
 * shortest of 15, 16 or 17 significant digits that reads back. */
static void
format_by_precision (double  value,
                     char   *buffer)
{
  if (value == floor (value) && fabs (value) < 1e15)
    {
      g_snprintf (buffer, G_ASCII_DTOSTR_BUF_SIZE, "%.0f", value == 0 ? 0.0 : value);
      return;
    }
  for (guint digits = 15; digits <= 17; digits++)
    {
      g_autofree char *format = g_strdup_printf ("%%.%ug", digits);

      g_ascii_formatd (buffer, G_ASCII_DTOSTR_BUF_SIZE, format, value);
      if (g_ascii_strtod (buffer, NULL) == value)
        return;
    }
}

/* Prices (decimals of up to six places, from a ten-thousandth to a billion, and past both
 * ends) and any double at all are written as the general way writes them, character for
 * character, and read back as themselves. */
static void
test_writer_short_decimals (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261206);
  static const double scales[] = { 1e-6, 1e-5, 1e-4, 1e-3, 0.01, 0.1, 1, 10, 1e3, 1e6, 1e9, 1e10 };

  for (guint i = 0; i < 200000; i++)
    {
      char ours[G_ASCII_DTOSTR_BUF_SIZE], theirs[G_ASCII_DTOSTR_BUF_SIZE];
      double value;

      if (i % 4 == 3)
        {
          guint64 bits = ((guint64) g_rand_int (rand) << 32) | g_rand_int (rand);

          memcpy (&value, &bits, sizeof value);
          if (!isfinite (value))
            continue;
        }
      else
        {
          guint places = g_rand_int_range (rand, 0, 8);
          double whole = g_rand_int_range (rand, 0, 1000000000);

          value =
              whole / pow (10, places) * scales[g_rand_int_range (rand, 0, G_N_ELEMENTS (scales))];
          if (g_rand_boolean (rand))
            value = -value;
        }

      gp_json_format_number (value, ours);
      format_by_precision (value, theirs);
      g_assert_cmpstr (ours, ==, theirs);
      g_assert_cmpfloat (g_ascii_strtod (ours, NULL), ==, value);
    }
}

/* The reader's numbers: short decimals read without strtod() are the doubles strtod() gives;
 * the rest go to strtod(). */
static void
test_reader_short_decimals (void)
{
  static const char *const numbers[] = {
    "0.1",
    "-2.5",
    "3.06",
    "0.0125",
    "123456789012.345",
    "999999999999999.9",
    "1e5",
    "1.5E-3",
    "0.30000000000000004",
    "-0.0",
    "5e-324",
    "12345678901234567.5",
  };

  for (guint i = 0; i < G_N_ELEMENTS (numbers); i++)
    {
      g_autofree char *text = g_strdup_printf ("[%s]", numbers[i]);
      g_autoptr(GError) error = NULL;
      g_autoptr(JsonNode) root = gp_json_parse (text, strlen (text), "n.json", NULL, NULL, &error);
      double value;

      if (root == NULL)
        {
          /* Out of the range the reader takes: refused, never misread. */
          g_assert_error (error, GP_JSON_ERROR, GP_JSON_ERROR_NUMBER);
          continue;
        }
      value = json_array_get_double_element (json_node_get_array (root), 0);
      g_assert_cmpfloat (value, ==, g_ascii_strtod (numbers[i], NULL));
      g_assert_true (signbit (value) == signbit (g_ascii_strtod (numbers[i], NULL)));
    }
  {
    double value;

    g_assert_true (gp_parse_short_decimal ("3.06]", 4, &value));
    g_assert_cmpfloat (value, ==, 3.06);
    g_assert_false (gp_parse_short_decimal ("1e5", 3, &value));
    g_assert_false (gp_parse_short_decimal ("1234567890123456", 16, &value));
    g_assert_false (gp_parse_short_decimal ("", 0, &value));
  }
}

/* Strings are written escaped where JSON needs it, and copied as they are elsewhere: each
 * control character, quote and backslash, between and beside runs of plain and Chinese text,
 * reads back as it was. */
static void
test_write_strings (void)
{
  static const char *const texts[] = {
    "",
    "plain",
    "\"",
    "\\",
    "a\"b\\c",
    "\x01\x1f\x7f",
    "line\nbreak\ttab\rreturn",
    "北京\u2028A区\"引号\"",
    "ends with \x1e",
    "\x0bstarts",
  };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autoptr(JsonNode) tree = json_node_new (JSON_NODE_ARRAY);
      g_autoptr(JsonNode) parsed = NULL;
      g_autofree char *text = NULL;

      json_node_take_array (tree, json_array_new ());
      json_array_add_string_element (json_node_get_array (tree), texts[i]);
      text = gp_json_to_string (tree, FALSE);
      for (const char *p = text; *p != '\0'; p++)
        g_assert_true ((guchar) *p >= 0x20 && *p != 0x7f);
      parsed = json_from_string (text, NULL);
      g_assert_nonnull (parsed);
      g_assert_cmpstr (json_array_get_string_element (json_node_get_array (parsed), 0), ==,
                       texts[i]);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/json-reader/accepts-json", test_accepts_json);
  g_test_add_func ("/json-reader/unterminated", test_unterminated);
  g_test_add_func ("/json-reader/deep-nesting", test_deep_nesting);
  g_test_add_func ("/json-reader/long-key-in-path", test_long_key_in_path);
  g_test_add_func ("/json-reader/one-value", test_one_value);
  g_test_add_func ("/json-reader/nul", test_nul);
  g_test_add_func ("/json-reader/duplicate-keys", test_duplicate_keys);
  g_test_add_func ("/json-reader/numbers", test_numbers);
  g_test_add_func ("/json-reader/syntax", test_syntax);
  g_test_add_func ("/json-reader/size-cap", test_size_cap);
  g_test_add_func ("/json-writer/row-as-tree", test_row_as_tree);
  g_test_add_func ("/json-writer/numbers", test_writer_numbers);
  g_test_add_func ("/json-writer/short-decimals", test_writer_short_decimals);
  g_test_add_func ("/json-reader/short-decimals", test_reader_short_decimals);
  g_test_add_func ("/json-writer/strings", test_write_strings);

  return g_test_run ();
}
