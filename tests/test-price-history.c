/* test-price-history.c — offers' prices over time: reading, looking up, recording, saving
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gstdio.h>

#include "gp-catalog-error.h"
#include "gp-price-history.h"

#define FILE_START                                                          \
  "{\"history_version\":1,\"sources\":[{\"id\":\"w\",\"title\":\"Weekly\"," \
  "\"as_of\":\"2026-07-30\"}],\"series\":["

static GpPriceHistory *
history_of (const char *text)
{
  GpPriceHistory *history = gp_price_history_new ();
  g_autoptr(GBytes) bytes = g_bytes_new (text, strlen (text));
  g_autoptr(GError) error = NULL;

  g_assert_true (gp_price_history_add_bytes (history, bytes, "h.json", FALSE, &error));
  g_assert_no_error (error);
  return history;
}

/* A series reads oldest first, whatever order its file gives, with its source. */
static void
test_lookup (void)
{
  g_autoptr(GpPriceHistory) history = history_of (
      FILE_START "{\"offer\":\"gcp/a@r\",\"source\":\"w\",\"points\":[[\"2026-02-05\",3,null],"
                 "[\"2025-06-05\",4,1.5]]}]}");
  g_autoptr(GArray) points = gp_price_history_lookup (history, "gcp/a@r");
  g_autoptr(GArray) none = gp_price_history_lookup (history, "gcp/a@elsewhere");
  const GpPricePoint *first, *second;

  g_assert_cmpuint (points->len, ==, 2);
  g_assert_cmpuint (none->len, ==, 0);
  first = &g_array_index (points, GpPricePoint, 0);
  second = &g_array_index (points, GpPricePoint, 1);
  g_assert_cmpstr (first->date, ==, "2025-06-05");
  g_assert_cmpfloat (first->on_demand, ==, 4);
  g_assert_cmpfloat (first->spot, ==, 1.5);
  g_assert_cmpstr (first->source, ==, "Weekly (2026-07-30)");
  g_assert_cmpstr (second->date, ==, "2026-02-05");
  g_assert_true (isnan (second->spot));
}

/* A file with a problem is refused whole, its name and the place said; what was read before
 * stays. */
static void
test_refused (void)
{
  static const struct
  {
    const char *text;
    const char *message;
  } cases[] = {
    { "{\"history_version\":2,\"series\":[]}", "h.json: history_version: expected 1" },
    { FILE_START "{\"offer\":\"gcp/a\",\"source\":\"w\",\"points\":[]}]}",
      "h.json: series[0]: offer: expected an offer's id" },
    { FILE_START "{\"offer\":\"gcp/a@r\",\"source\":\"x\",\"points\":[]}]}",
      "h.json: series[0]: source: not one of the file's sources" },
    { FILE_START "{\"offer\":\"gcp/a@r\",\"source\":\"w\",\"points\":[[\"2026-02-30\",1,1]]}]}",
      "h.json: series[0].points[0]: expected a day as YYYY-MM-DD" },
    { FILE_START "{\"offer\":\"gcp/a@r\",\"source\":\"w\",\"points\":[[\"2026-02-03\",-1,1]]}]}",
      "h.json: series[0].points[0]: a price must be a non-negative number or null" },
    { FILE_START "{\"offer\":\"gcp/a@r\",\"source\":\"w\",\"points\":[[\"2026-02-03\",\"1\",1]]}]}",
      "h.json: series[0].points[0]: a price must be a non-negative number or null" },
    { FILE_START "{\"offer\":\"gcp/a@r\",\"source\":\"w\",\"points\":[[\"2026-02-03\",1]]}]}",
      "h.json: series[0].points[0]: expected [" },
    { FILE_START "{\"offer\":\"gcp/a@r\",\"source\":\"w\",\"points\":[[\"2026-02-03\",1,1,1,1]]}]}",
      "h.json: series[0].points[0]: expected [" },
    { FILE_START "{\"offer\":\"gcp/a@r\",\"source\":\"w\",\"points\":[[\"2026-02-03\",1,1,-2]]}]}",
      "h.json: series[0].points[0]: a price must be a non-negative number or null" },
    { "{\"history_version\":1,\"series\":[", "h.json" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GpPriceHistory) history = history_of (
          FILE_START "{\"offer\":\"gcp/kept@r\",\"source\":\"w\",\"points\":[[\"2026-01-01\",1,"
                     "null]]}]}");
      g_autoptr(GBytes) bytes = g_bytes_new (cases[i].text, strlen (cases[i].text));
      g_autoptr(GError) error = NULL;
      g_autoptr(GArray) kept = NULL;

      g_assert_false (gp_price_history_add_bytes (history, bytes, "h.json", TRUE, &error));
      g_assert_nonnull (error);
      if (!g_str_has_prefix (error->message, cases[i].message))
        g_error ("case %u: “%s” does not start “%s”", i, error->message, cases[i].message);
      kept = gp_price_history_lookup (history, "gcp/kept@r");
      g_assert_cmpuint (kept->len, ==, 1);
    }
}

/* A refresh adds a point only where the price changed, never one older than the latest; the
 * user's points, and only theirs, are saved, and read back the same. */
static void
test_record_and_save (void)
{
  g_autoptr(GpPriceHistory) history = history_of (
      FILE_START "{\"offer\":\"gcp/a@r\",\"source\":\"w\",\"points\":[[\"2026-07-30\",3,1]]}]}");
  g_autoptr(GpPriceHistory) again = gp_price_history_new ();
  g_autofree char *dir = g_dir_make_tmp ("gp-history-XXXXXX", NULL);
  g_autofree char *sub = g_build_filename (dir, "sub", NULL);
  g_autofree char *path = g_build_filename (sub, "history.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GBytes) saved = NULL;
  g_autoptr(GArray) points = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_false (gp_price_history_record (history, "gcp/a@r", "2026-08-01", 3, 1, "Refresh"));
  g_assert_false (gp_price_history_record (history, "gcp/a@r", "2026-07-01", 2, 1, "Refresh"));
  g_assert_true (gp_price_history_record (history, "gcp/a@r", "2026-08-01", 3, 0.9, "Refresh"));
  /* A source's title is text, whatever it holds: quotes, a line break, Chinese. */
  g_assert_true (gp_price_history_record (history, "lambda/b@x", "2026-08-01", 2, NAN,
                                          "从 \"x\"\n刷新 \\ https://example.org"));

  g_assert_true (gp_price_history_save_to (history, file, &error));
  g_assert_no_error (error);
  saved = g_file_load_bytes (file, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_null (strstr (g_bytes_get_data (saved, NULL), "2026-07-30"));
  g_assert_true (gp_price_history_add_bytes (again, saved, path, TRUE, &error));
  g_assert_no_error (error);
  points = gp_price_history_lookup (again, "gcp/a@r");
  g_assert_cmpuint (points->len, ==, 1);
  g_assert_cmpstr (g_array_index (points, GpPricePoint, 0).date, ==, "2026-08-01");
  g_assert_cmpfloat (g_array_index (points, GpPricePoint, 0).spot, ==, 0.9);
  g_assert_cmpstr (g_array_index (points, GpPricePoint, 0).source, ==, "Refresh");
  g_clear_pointer (&points, g_array_unref);
  points = gp_price_history_lookup (again, "lambda/b@x");
  g_assert_true (isnan (g_array_index (points, GpPricePoint, 0).spot));
  g_assert_cmpstr (g_array_index (points, GpPricePoint, 0).source, ==,
                   "从 \"x\"\n刷新 \\ https://example.org");

  g_unlink (path);
  g_rmdir (sub);
  g_rmdir (dir);
}

/* A series of Capacity Block prices has a fourth figure, which other points lack; a refresh
 * after a Capacity Block's point compares with the latest on-demand and spot prices, not with
 * the block's point, which has neither. */
static void
test_capacity_blocks (void)
{
  g_autoptr(GpPriceHistory) history = history_of (
      FILE_START "{\"offer\":\"aws/p5@r\",\"source\":\"w\",\"points\":[[\"2026-06-01\",55,"
                 "null]]},{\"offer\":\"aws/p5@r\",\"source\":\"w\",\"points\":[[\"2026-07-22\","
                 "null,null,41.528]]}]}");
  g_autoptr(GArray) points = gp_price_history_lookup (history, "aws/p5@r");

  g_assert_cmpuint (points->len, ==, 2);
  g_assert_true (isnan (g_array_index (points, GpPricePoint, 0).capacity_block));
  g_assert_cmpfloat (g_array_index (points, GpPricePoint, 1).capacity_block, ==, 41.528);
  g_assert_true (isnan (g_array_index (points, GpPricePoint, 1).on_demand));

  g_assert_false (gp_price_history_record (history, "aws/p5@r", "2026-08-01", 55, NAN, "R"));
  g_assert_true (gp_price_history_record (history, "aws/p5@r", "2026-08-01", 50, NAN, "R"));
}

/* Refresh after refresh, each changing every price of a large catalog: the history stays
 * within what is read back (it outgrew its 64 MiB limit, and every later refresh then failed),
 * keeps each offer's first and latest points, and thins the oldest first. */
static void
test_bounded (void)
{
  const guint n_offers = 60000, n_refreshes = 200;
  g_autoptr(GpPriceHistory) history = gp_price_history_new ();
  g_autoptr(GpPriceHistory) again = gp_price_history_new ();
  g_autofree char *dir = g_dir_make_tmp ("gp-history-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "history.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GDate) day = g_date_new_dmy (1, G_DATE_JANUARY, 2026);
  g_autoptr(GArray) points = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *last_date = NULL;
  GStatBuf st;

  for (guint r = 0; r < n_refreshes; r++)
    {
      char date[11];

      g_date_strftime (date, sizeof date, "%Y-%m-%d", day);
      for (guint o = 0; o < n_offers; o++)
        {
          char id[32];

          g_snprintf (id, sizeof id, "cloud/i%u@r", o);
          g_assert_true (
              gp_price_history_record (history, id, date, 1 + r * 0.01 + o * 1e-6, NAN, "Refresh"));
        }
      /* Saved as a refresh saves, now and then: each file is read back whole. */
      if (r % 100 == 99)
        {
          g_assert_true (gp_price_history_save_to (history, file, &error));
          g_assert_no_error (error);
          g_assert_cmpint (g_stat (path, &st), ==, 0);
          g_assert_cmpint (st.st_size, <, 64 * 1024 * 1024);
        }
      g_free (last_date);
      last_date = g_strdup (date);
      g_date_add_days (day, 1);
    }

  g_assert_true (gp_price_history_load_from (again, file, &error));
  g_assert_no_error (error);
  points = gp_price_history_lookup (again, "cloud/i123@r");
  g_assert_cmpuint (points->len, >=, 2);
  g_assert_cmpuint (points->len, <=, 64);
  g_assert_cmpstr (g_array_index (points, GpPricePoint, 0).date, ==, "2026-01-01");
  g_assert_cmpstr (g_array_index (points, GpPricePoint, points->len - 1).date, ==, last_date);
  g_assert_cmpfloat_with_epsilon (g_array_index (points, GpPricePoint, points->len - 1).on_demand,
                                  1 + (n_refreshes - 1) * 0.01 + 123 * 1e-6, 1e-9);
  /* Thinned oldest first: the gaps between the kept points shrink towards the present. */
  {
    g_autoptr(GDate) first = g_date_new ();
    g_autoptr(GDate) middle = g_date_new ();
    g_autoptr(GDate) end = g_date_new ();
    guint half = points->len / 2;

    g_date_set_parse (first, g_array_index (points, GpPricePoint, 0).date);
    g_date_set_parse (middle, g_array_index (points, GpPricePoint, half).date);
    g_date_set_parse (end, g_array_index (points, GpPricePoint, points->len - 1).date);
    g_assert_cmpint (g_date_days_between (first, middle), >, g_date_days_between (middle, end));
  }

  g_unlink (path);
  g_rmdir (dir);
}

/* A history file names itself in what goes wrong with it. */
static void
test_load_from_names_file (void)
{
  g_autoptr(GpPriceHistory) history = gp_price_history_new ();
  g_autofree char *dir = g_dir_make_tmp ("gp-history-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "history.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) missing = g_file_new_build_filename (dir, "none.json", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (gp_price_history_load_from (history, missing, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_mkdir (path, 0700), ==, 0);
  g_assert_false (gp_price_history_load_from (history, file, &error));
  g_assert_nonnull (error);
  g_assert_true (g_str_has_prefix (error->message, path));
  g_rmdir (path);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/price-history/lookup", test_lookup);
  g_test_add_func ("/price-history/refused", test_refused);
  g_test_add_func ("/price-history/record-and-save", test_record_and_save);
  g_test_add_func ("/price-history/capacity-blocks", test_capacity_blocks);
  g_test_add_func ("/price-history/bounded", test_bounded);
  g_test_add_func ("/price-history/load-from-names-file", test_load_from_names_file);
  return g_test_run ();
}
