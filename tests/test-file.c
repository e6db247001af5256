/* test-file.c — reading only what is a file, and writing so that nothing is ever half-written
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "gp-file.h"
#include "gp-test-fifo.h"

typedef struct
{
  char *dir;
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  fixture->dir = g_dir_make_tmp ("gp-test-file-XXXXXX", NULL);
  g_assert_nonnull (fixture->dir);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(GDir) dir = g_dir_open (fixture->dir, 0, NULL);
  const char *name;

  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (fixture->dir, name, NULL);
      g_remove (path);
    }
  g_rmdir (fixture->dir);
  g_free (fixture->dir);
}

static GFile *
child (Fixture    *fixture,
       const char *name)
{
  g_autofree char *path = g_build_filename (fixture->dir, name, NULL);

  return g_file_new_for_path (path);
}

static char *
contents (Fixture    *fixture,
          const char *name)
{
  g_autofree char *path = g_build_filename (fixture->dir, name, NULL);
  char *text = NULL;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return NULL;
  return text;
}

static guint
n_files (Fixture *fixture)
{
  g_autoptr(GDir) dir = g_dir_open (fixture->dir, 0, NULL);
  guint n = 0;

  while (g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

static void
test_load_regular_only (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr(GFile) file = child (fixture, "catalog.json");
  g_autoptr(GFile) fifo = child (fixture, "fifo.json");
  g_autoptr(GFile) zero = g_file_new_for_path ("/dev/zero");
  g_autoptr(GFile) dir = g_file_new_for_path (fixture->dir);
  g_autoptr(GFile) missing = child (fixture, "missing.json");
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *fifo_path = g_file_get_path (fifo);

  g_assert_true (g_file_set_contents (g_file_peek_path (file), "{\"a\": 1}", -1, NULL));
  bytes = gp_file_load (file, 1024, &error);
  g_assert_no_error (error);
  g_assert_cmpmem (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), "{\"a\": 1}", 8);

  /* A FIFO with no writer: refused at once, never waited on. */
  g_assert_cmpint (mkfifo (fifo_path, 0600), ==, 0);
  g_assert_null (gp_file_load (fifo, 1024, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE);
  g_clear_error (&error);

  /* A device is never read until memory runs out. */
  g_assert_null (gp_file_load (zero, 1024, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE);
  g_clear_error (&error);

  g_assert_null (gp_file_load (dir, 1024, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE);
  g_clear_error (&error);

  g_assert_null (gp_file_load (missing, 1024, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_clear_error (&error);

  /* Past the cap, refused whole, the cap said in a unit that shows it. */
  g_assert_null (gp_file_load (file, 4, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE);
  g_assert_nonnull (strstr (error->message, "4 bytes"));
  g_clear_error (&error);
}

/* A file is read whole whatever its size against the reads: empty, exactly the cap, and many
 * reads long. */
static void
test_load_sizes (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr(GFile) file = child (fixture, "sizes.json");
  const gsize sizes[] = { 0, 1, 8, 65535, 65536, 65537, 300001 };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autofree char *text = g_malloc (sizes[i] + 1);
      g_autoptr(GBytes) bytes = NULL;
      g_autoptr(GError) error = NULL;

      for (gsize b = 0; b < sizes[i]; b++)
        text[b] = (char) ('a' + (b * 7) % 26);
      g_assert_true (g_file_set_contents (g_file_peek_path (file), text, sizes[i], NULL));

      bytes = gp_file_load (file, sizes[i], &error);
      g_assert_no_error (error);
      g_assert_cmpmem (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), text, sizes[i]);
      if (sizes[i] > 0)
        {
          g_assert_null (gp_file_load (file, sizes[i] - 1, &error));
          g_assert_error (error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE);
        }
    }
}

/* Written in two halves: until the commit the old file is as it was, freed uncommitted nothing
 * is left beside it, and committed it holds the new text with nothing left over. */
static void
test_replacement (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(GFile) file = child (fixture, "out.json");
  g_autoptr(GFile) fresh = child (fixture, "fresh.json");
  g_autoptr(GBytes) text = g_bytes_new_static ("new", 3);
  g_autoptr(GError) error = NULL;
  GpFileReplacement *replacement;
  g_autofree char *old = NULL, *now = NULL;

  g_assert_true (gp_file_replace (file, "old", 3, &error));

  replacement = gp_file_replacement_new (file, text, &error);
  g_assert_no_error (error);
  g_assert_nonnull (replacement);
  old = contents (fixture, "out.json");
  g_assert_cmpstr (old, ==, "old");
  g_assert_cmpuint (n_files (fixture), ==, 2);
  gp_file_replacement_free (replacement);
  g_assert_cmpuint (n_files (fixture), ==, 1);
  g_clear_pointer (&old, g_free);
  old = contents (fixture, "out.json");
  g_assert_cmpstr (old, ==, "old");

  replacement = gp_file_replacement_new (file, text, &error);
  g_assert_true (gp_file_replacement_commit (replacement, &error));
  g_assert_no_error (error);
  gp_file_replacement_free (replacement);
  now = contents (fixture, "out.json");
  g_assert_cmpstr (now, ==, "new");
  g_assert_cmpuint (n_files (fixture), ==, 1);

  /* Where there was no file, an uncommitted one leaves none. */
  replacement = gp_file_replacement_new (fresh, text, &error);
  g_assert_no_error (error);
  gp_file_replacement_free (replacement);
  g_assert_false (g_file_query_exists (fresh, NULL));
  g_assert_cmpuint (n_files (fixture), ==, 1);
}

static void
test_replace (Fixture       *fixture,
              gconstpointer  data)
{
  g_autoptr(GFile) file = child (fixture, "out.json");
  g_autoptr(GError) error = NULL;
  g_autofree char *first = NULL, *second = NULL;

  g_assert_true (gp_file_replace (file, "first", 5, &error));
  g_assert_no_error (error);
  first = contents (fixture, "out.json");
  g_assert_cmpstr (first, ==, "first");
  g_assert_true (gp_file_replace (file, "second", 6, &error));
  second = contents (fixture, "out.json");
  g_assert_cmpstr (second, ==, "second");
  g_assert_cmpuint (n_files (fixture), ==, 1);
}

/* A full disk, as the system gives it: a process whose files may not grow past 4 KiB writes
 * 64 KiB. The old file stays whole, and no temporary file is left. (RLIMIT_FSIZE fails the
 * write with EFBIG exactly where a full disk fails it with ENOSPC.) */
static void
test_replace_on_full_disk (Fixture       *fixture,
                           gconstpointer  data)
{
  if (g_test_subprocess ())
    {
      g_autoptr(GFile) file = g_file_new_for_path (g_getenv ("GP_TEST_FILE"));
      g_autoptr(GError) error = NULL;
      g_autofree char *big = g_strnfill (64 * 1024, 'x');
      struct rlimit limit = { 4096, 4096 };

      signal (SIGXFSZ, SIG_IGN);
      g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limit), ==, 0);
      g_assert_false (gp_file_replace (file, big, strlen (big), &error));
      g_assert_nonnull (error);
      g_printerr ("%s\n", error->message);
      return;
    }

  {
    g_autofree char *path = g_build_filename (fixture->dir, "layer.json", NULL);
    g_autofree char *kept = NULL;

    g_assert_true (g_file_set_contents (path, "{\"old\": true}", -1, NULL));
    g_setenv ("GP_TEST_FILE", path, TRUE);
    g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDOUT);
    g_test_trap_assert_passed ();
    g_unsetenv ("GP_TEST_FILE");

    kept = contents (fixture, "layer.json");
    g_assert_cmpstr (kept, ==, "{\"old\": true}");
    g_assert_cmpuint (n_files (fixture), ==, 1);
  }
}

static void
test_set_aside (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GFile) file = child (fixture, "comparison.json");
  g_autoptr(GFile) aside = NULL, again = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *name = NULL, *second_name = NULL;
  g_autofree char *kept = NULL, *second = NULL;

  g_assert_true (g_file_set_contents (g_file_peek_path (file), "[[[", -1, NULL));
  aside = gp_file_set_aside (file, &error);
  g_assert_no_error (error);
  name = g_file_get_basename (aside);
  g_assert_cmpstr (name, ==, "comparison.json.unreadable");
  g_assert_false (g_file_query_exists (file, NULL));
  kept = contents (fixture, "comparison.json.unreadable");
  g_assert_cmpstr (kept, ==, "[[[");

  /* A second slip is set aside beside the first, which keeps what it held. */
  g_assert_true (g_file_set_contents (g_file_peek_path (file), "{{{", -1, NULL));
  again = gp_file_set_aside (file, &error);
  g_assert_no_error (error);
  second_name = g_file_get_basename (again);
  g_assert_cmpstr (second_name, ==, "comparison.json.unreadable.2");
  g_clear_pointer (&kept, g_free);
  kept = contents (fixture, "comparison.json.unreadable");
  second = contents (fixture, "comparison.json.unreadable.2");
  g_assert_cmpstr (kept, ==, "[[[");
  g_assert_cmpstr (second, ==, "{{{");
}

/* Only the exact names of the write helper's temporary files are removed: the user's
 * "catalog.json.backup" and "comparison.json.before" (six letters after the name, as
 * g_file_set_contents_full() named its temporaries) stay. */
static void
test_stale_temporaries (Fixture       *fixture,
                        gconstpointer  data)
{
  static const char *const ours[] = { "catalog.json", "comparison.json", NULL };
  static const char *const names[] = { "catalog.json",
                                       "catalog.json.unreadable",
                                       ".catalog.json.gp-K3X9QZ",
                                       ".goutputstream-ABC123",
                                       ".comparison.json.gp-7TQ2LM",
                                       "notes.txt.ABCDEF",
                                       ".catalog.json.gp-TOOLONG1",
                                       "catalog.json.backup",
                                       "comparison.json.before",
                                       "catalog.json.K3X9QZ",
                                       NULL };
  g_autoptr(GFile) dir = g_file_new_for_path (fixture->dir);

  for (guint i = 0; names[i] != NULL; i++)
    {
      g_autofree char *path = g_build_filename (fixture->dir, names[i], NULL);
      g_assert_true (g_file_set_contents (path, "x", -1, NULL));
    }

  g_assert_cmpuint (gp_file_remove_stale_temporaries (dir, ours), ==, 3);
  g_assert_cmpuint (n_files (fixture), ==, 7);
  {
    g_autofree char *backup = contents (fixture, "catalog.json.backup");
    g_autofree char *before = contents (fixture, "comparison.json.before");
    g_autofree char *left = contents (fixture, ".catalog.json.gp-K3X9QZ");

    g_assert_nonnull (backup);
    g_assert_nonnull (before);
    g_assert_null (left);
  }
  /* In a folder of ours alone (the cache), any NAME.json's temporary; still nothing else. */
  {
    g_autofree char *path = g_build_filename (fixture->dir, ".prices.json.gp-ABC123", NULL);

    g_assert_true (g_file_set_contents (path, "x", -1, NULL));
    g_assert_cmpuint (gp_file_remove_stale_temporaries (dir, NULL), ==, 1);
    g_assert_cmpuint (n_files (fixture), ==, 7);
  }
}

/* A file that is a symbolic link is written through: the link stays, the file it points to
 * gets the text, and no temporary file is left. */
static void
test_replace_through_link (Fixture       *fixture,
                           gconstpointer  data)
{
  g_autofree char *target = g_build_filename (fixture->dir, "real.json", NULL);
  g_autofree char *link = g_build_filename (fixture->dir, "catalog.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (link);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *points_to = NULL;

  g_assert_true (g_file_set_contents (target, "old", -1, NULL));
  g_assert_cmpint (symlink ("real.json", link), ==, 0);
  g_assert_true (gp_file_replace (file, "new", 3, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (link, G_FILE_TEST_IS_SYMLINK));
  points_to = g_file_read_link (link, NULL);
  g_assert_cmpstr (points_to, ==, "real.json");
  text = contents (fixture, "real.json");
  g_assert_cmpstr (text, ==, "new");
  g_assert_cmpuint (n_files (fixture), ==, 2);
}

typedef struct
{
  GFile *file;
  guint rounds;
} Editor;

/* Reads a number, adds one, writes it back: under the lock, no increment is lost. */
static gpointer
increment (gpointer data)
{
  Editor *editor = data;

  for (guint i = 0; i < editor->rounds; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GpFileLock) lock = gp_file_lock (editor->file, &error);
      g_autoptr(GBytes) bytes = NULL;
      g_autofree char *text = NULL;
      guint64 value;

      g_assert_no_error (error);
      bytes = gp_file_load (editor->file, 64, &error);
      g_assert_no_error (error);
      value = g_ascii_strtoull (g_bytes_get_data (bytes, NULL), NULL, 10);
      g_usleep (100);
      text = g_strdup_printf ("%" G_GUINT64_FORMAT, value + 1);
      g_assert_true (gp_file_replace (editor->file, text, strlen (text), &error));
    }
  return NULL;
}

static void
test_lock (Fixture       *fixture,
           gconstpointer  data)
{
  g_autoptr(GFile) file = child (fixture, "counter");
  Editor editor = { file, 20 };
  GThread *threads[4];
  g_autofree char *text = NULL;

  g_assert_true (g_file_set_contents (g_file_peek_path (file), "0", -1, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
    threads[i] = g_thread_new ("editor", increment, &editor);
  for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
    g_thread_join (threads[i]);
  text = contents (fixture, "counter");
  g_assert_cmpstr (text, ==, "80");
  /* The lock file stays, beside the file, and is all that is left beside it. */
  g_assert_cmpuint (n_files (fixture), ==, 2);
}

static void
written_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  GError **error = user_data;

  if (!gp_file_replace_bytes_finish (result, error))
    g_assert_nonnull (*error);
  else
    *error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_EXISTS, "written");
}

/* An export's file is written on a worker thread: the callback comes back on the main loop
 * once the file holds the bytes, and a place that cannot be written is said so there. */
static void
test_replace_async (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fixture->dir, "chart.png", NULL);
  g_autofree char *nowhere = g_build_filename (fixture->dir, "no-such-folder", "chart.png", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) unwritable = g_file_new_for_path (nowhere);
  g_autoptr(GBytes) bytes = g_bytes_new_static ("\x89PNG\r\n", 6);
  g_autofree char *contents = NULL;
  GError *outcome = NULL;

  gp_file_replace_bytes_async (file, bytes, NULL, written_cb, &outcome);
  g_assert_null (outcome);
  while (outcome == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_error (outcome, G_IO_ERROR, G_IO_ERROR_EXISTS);
  g_clear_error (&outcome);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_true (g_str_has_prefix (contents, "\x89PNG"));

  gp_file_replace_bytes_async (unwritable, bytes, NULL, written_cb, &outcome);
  while (outcome == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (g_error_matches (outcome, G_IO_ERROR, G_IO_ERROR_EXISTS));
  g_clear_error (&outcome);
}

static void
assert_written_through_fifo (Fixture    *fixture,
                             const char *name,
                             gboolean    two_steps)
{
  g_autofree char *path = g_build_filename (fixture->dir, name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GBytes) bytes = g_bytes_new_static ("through the pipe", 16);
  g_autoptr(GError) error = NULL;
  g_autofree char *received = NULL;
  GpTestFifo fifo;

  gp_test_fifo_open (&fifo, path);
  if (two_steps)
    {
      g_autoptr(GpFileReplacement) replacement = gp_file_replacement_new (file, bytes, &error);

      g_assert_no_error (error);
      g_assert_true (gp_file_replacement_commit (replacement, &error));
    }
  else
    g_assert_true (gp_file_replace_bytes (file, bytes, &error));
  g_assert_no_error (error);
  received = gp_test_fifo_close (&fifo);
  g_assert_cmpstr (received, ==, "through the pipe");
}

/* A character device in the folder: made with mknod as /dev/null is (root, as CI runs), else
 * a link to /dev/null itself. Either way a character device is what the path opens. */
static char *
make_null_device (Fixture *fixture)
{
  g_autofree char *path = g_build_filename (fixture->dir, "null", NULL);

  if (mknod (path, S_IFCHR | 0666, makedev (1, 3)) != 0)
    g_assert_cmpint (symlink ("/dev/null", path), ==, 0);
  return g_steal_pointer (&path);
}

/* A FIFO or a device where an output goes is written through, never replaced by a file: run
 * as root, "--output /dev/null" replaced the system's /dev/null. */
static void
test_replace_stream (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autofree char *device = make_null_device (fixture);
  g_autoptr(GFile) device_file = g_file_new_for_path (device);
  g_autoptr(GBytes) bytes = g_bytes_new_static ("discarded", 9);
  g_autoptr(GError) error = NULL;
  struct stat st;

  assert_written_through_fifo (fixture, "chart.svg", FALSE);
  assert_written_through_fifo (fixture, "catalog.json", TRUE);

  g_assert_true (gp_file_replace_bytes (device_file, bytes, &error));
  g_assert_no_error (error);
  {
    g_autoptr(GpFileReplacement) replacement =
        gp_file_replacement_new (device_file, bytes, &error);

    g_assert_no_error (error);
    g_assert_true (gp_file_replacement_commit (replacement, &error));
    g_assert_no_error (error);
  }
  g_assert_cmpint (stat (device, &st), ==, 0);
  g_assert_true (S_ISCHR (st.st_mode));
  g_assert_cmpint (st.st_size, ==, 0);
  /* The device alone (the FIFOs were read and removed), and no temporary file beside it. */
  g_assert_cmpuint (n_files (fixture), ==, 1);
}

/* A folder where a file is to go is refused by name, and stays a folder. */
static void
test_replace_folder_refused (Fixture       *fixture,
                             gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fixture->dir, "budget.md", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir (path, 0700), ==, 0);
  g_assert_false (gp_file_replace (file, "x", 1, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY);
  g_assert_nonnull (strstr (error->message, path));
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_DIR));
  g_rmdir (path);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/file/load-regular-only", test_load_regular_only);
  ADD ("/file/load-sizes", test_load_sizes);
  ADD ("/file/replace", test_replace);
  ADD ("/file/replacement", test_replacement);
  ADD ("/file/replace-async", test_replace_async);
  ADD ("/file/replace-on-full-disk", test_replace_on_full_disk);
  ADD ("/file/set-aside", test_set_aside);
  ADD ("/file/stale-temporaries", test_stale_temporaries);
  ADD ("/file/replace-through-link", test_replace_through_link);
  ADD ("/file/lock", test_lock);
  ADD ("/file/replace-stream", test_replace_stream);
  ADD ("/file/replace-folder-refused", test_replace_folder_refused);
#undef ADD

  return g_test_run ();
}
