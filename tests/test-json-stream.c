/* test-json-stream.c — JSON read token by token, and an offer file read in bounded memory
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gio/gunixinputstream.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "gp-aws-pricelist.h"
#include "gp-json-stream.h"
#include "gp-update-error.h"

static GpJsonStream *
stream_of (const char *text)
{
  g_autoptr(GInputStream) input =
      g_memory_input_stream_new_from_data (g_strdup (text), strlen (text), g_free);

  return gp_json_stream_new (input, "test.json");
}

/* Reads every token; returns the error's message, or NULL when the text is read whole. */
static char *
read_all (const char *text)
{
  g_autoptr(GpJsonStream) stream = stream_of (text);
  g_autoptr(GError) error = NULL;
  GpJsonToken token;

  do
    if (!gp_json_stream_next (stream, &token, NULL, &error))
      return g_strdup (error->message);
  while (token != GP_JSON_TOKEN_END);
  return NULL;
}

static void
test_tokens (void)
{
  g_autoptr(GpJsonStream) stream =
      stream_of ("{\"a\": [1, -2.5e3, \"x\\u00e9\\ud83d\\ude00\"], \"b\": {\"c\": true}, "
                 "\"d\": null}");
  static const GpJsonToken expected[] = {
    GP_JSON_TOKEN_BEGIN_OBJECT, GP_JSON_TOKEN_BEGIN_ARRAY, GP_JSON_TOKEN_NUMBER,
    GP_JSON_TOKEN_NUMBER,       GP_JSON_TOKEN_STRING,      GP_JSON_TOKEN_END_ARRAY,
    GP_JSON_TOKEN_BEGIN_OBJECT, GP_JSON_TOKEN_TRUE,        GP_JSON_TOKEN_END_OBJECT,
    GP_JSON_TOKEN_NULL,         GP_JSON_TOKEN_END_OBJECT,  GP_JSON_TOKEN_END,
  };
  GpJsonToken token;

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_assert_true (gp_json_stream_next (stream, &token, NULL, NULL));
      g_assert_cmpint (token, ==, expected[i]);
      if (i == 4)
        g_assert_cmpstr (gp_json_stream_get_text (stream), ==, "xé😀");
      if (i == 3)
        g_assert_cmpstr (gp_json_stream_get_text (stream), ==, "-2.5e3");
      if (i == 7)
        {
          g_autofree char *path = gp_json_stream_get_path (stream);

          g_assert_cmpstr (gp_json_stream_get_key (stream), ==, "c");
          g_assert_cmpstr (path, ==, "b.c");
        }
    }
}

/* What is not JSON is refused with its place, never read past or guessed. */
static void
test_refused (void)
{
  static const struct
  {
    const char *text;
    const char *message;
  } cases[] = {
    { "{\"a\": [1, 2", "test.json: a[1]: the file ends early, “,” or “]” was expected (line 1, "
                       "column 12)" },
    { "{} x", "“x” where the end of the file was expected" },
    { "{\"a\": 1,}", "“}” where a key was expected" },
    { "{\"a\" 1}", "“1” where “:” was expected" },
    { "[01]", "“01” is not a number" },
    { "[\"\\ud800\"]", "a surrogate's pair was expected" },
    { "[\"a\nb\"]", "byte 0x0a where the end of the string was expected" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *message = read_all (cases[i].text);

      g_test_message ("%s", message);
      g_assert_nonnull (message);
      g_assert_nonnull (strstr (message, cases[i].message));
    }
}

/* Nesting and a materialised value are bounded, whatever the file holds. */
static void
test_bounded (void)
{
  g_autoptr(GString) deep = g_string_new (NULL);
  g_autoptr(GString) wide = g_string_new ("[");
  g_autofree char *message = NULL;
  g_autoptr(GpJsonStream) stream = NULL;
  g_autoptr(GError) error = NULL;
  GpJsonToken token;

  for (guint i = 0; i < 65; i++)
    g_string_append_c (deep, '[');
  message = read_all (deep->str);
  g_assert_nonnull (strstr (message, "nested more than 64 deep"));

  for (guint i = 0; i <= 100000; i++)
    g_string_append (wide, i > 0 ? ",0" : "0");
  g_string_append_c (wide, ']');
  stream = stream_of (wide->str);
  g_assert_true (gp_json_stream_next (stream, &token, NULL, NULL));
  g_assert_null (gp_json_stream_read_value (stream, token, NULL, &error));
  g_assert_nonnull (strstr (error->message, "more than 100000 parts"));
}

typedef struct
{
  int fd;
  guint64 products;
} Writer;

/* An EC2 offer file of @products products written into a pipe as the reader reads it: no file
 * and no copy of it anywhere. */
static gpointer
write_offer (gpointer data)
{
  Writer *writer = data;
  FILE *out = fdopen (writer->fd, "w");

  fputs ("{\"publicationDate\": \"2026-12-01T00:00:00Z\", \"products\": {", out);
  for (guint64 n = 0; n < writer->products; n++)
    fprintf (out,
             "%s\"S%08" G_GUINT64_FORMAT "\": {\"sku\": \"S%08" G_GUINT64_FORMAT
             "\", \"attributes\": {\"instanceType\": \"%s\", \"operatingSystem\": \"Linux\", "
             "\"tenancy\": \"Shared\", \"preInstalledSw\": \"NA\", \"capacitystatus\": \"Used\", "
             "\"regionCode\": \"us-east-1\", \"location\": \"US East (N. Virginia)\", "
             "\"storage\": \"EBS only\", \"networkPerformance\": \"Up to 10 Gigabit\"}}",
             n > 0 ? "," : "", n, n, n % 50 == 0 ? "p3.2xlarge" : "m5.large");
  fputs ("}, \"terms\": {\"OnDemand\": {", out);
  for (guint64 n = 0; n < writer->products; n++)
    fprintf (out,
             "%s\"S%08" G_GUINT64_FORMAT "\": {\"S%08" G_GUINT64_FORMAT
             ".T\": {\"priceDimensions\":"
             " {\"S%08" G_GUINT64_FORMAT ".T.R\": {\"unit\": \"Hrs\", \"description\": \"per On "
             "Demand Linux hour\", \"pricePerUnit\": {\"USD\": \"%.4f\"}}}, \"termAttributes\": "
             "{}}}",
             n > 0 ? "," : "", n, n, n, 3.0 + (n % 7) * 0.01);
  fputs ("}}}", out);
  fclose (out);
  return NULL;
}

static double
peak_mb (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_maxrss / 1024.0;
}

/* About 110 MB of offer file: the reader's peak memory grows by a few megabytes, not by the
 * file's size. */
static void
test_offer_memory (void)
{
  g_autoptr(GpCatalog) base = gp_catalog_new_bundled ();
  g_autoptr(GpAwsPricelist) reader = gp_aws_pricelist_new (base);
  g_autoptr(GpAwsPricelistResult) result = NULL;
  g_autoptr(GInputStream) input = NULL;
  g_autoptr(GError) error = NULL;
  Writer writer = { 0, 200000 };
  GThread *thread;
  int fds[2];
  double before;

  g_assert_cmpint (pipe (fds), ==, 0);
  writer.fd = fds[1];
  input = g_unix_input_stream_new (fds[0], TRUE);
  before = peak_mb ();
  thread = g_thread_new ("writer", write_offer, &writer);
  g_assert_true (gp_aws_pricelist_read_offer (reader, GP_AWS_SERVICE_EC2, input,
                                              "AmazonEC2 us-east-1", NULL, &error));
  g_assert_no_error (error);
  g_thread_join (thread);
  g_test_message ("peak memory %.1f MB before, %.1f MB after", before, peak_mb ());
#ifndef __SANITIZE_ADDRESS__
  /* AddressSanitizer keeps what is freed in quarantine, so its peak says nothing of the
   * reader's: the plain build checks it. */
  g_assert_cmpfloat (peak_mb () - before, <, 40);
#endif

  result = gp_aws_pricelist_finish_part (reader, "file:///test", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (result->offers, ==, 1);
  g_assert_cmpstr (result->as_of, ==, "2026-12-01");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/json-stream/tokens", test_tokens);
  g_test_add_func ("/json-stream/refused", test_refused);
  g_test_add_func ("/json-stream/bounded", test_bounded);
  g_test_add_func ("/json-stream/offer-memory", test_offer_memory);
  return g_test_run ();
}
