/* gp-file.c — how the program reads and writes files: regular files only, capped, and never
 * half-written
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Reading: a FIFO where a catalog should be froze the app, /dev/zero filled its memory. So only
 * regular files are read, checked on the open descriptor itself (opened without blocking, so a
 * FIFO cannot stall the open), and no more than a cap.
 *
 * Writing: g_file_replace_contents() commits its temporary file even after a failed write, so
 * a full disk turned an export or a refreshed catalog into a truncated file. Every write goes
 * through gp_file_replace(): the text goes to a temporary file beside the target, is synced,
 * and replaces the target only when every byte is on disk; on any error the temporary file is
 * removed and the old file stays whole. The temporary file's name is ours alone
 * (".catalog.json.gp-K3X9QZ"): g_file_set_contents_full() names it "catalog.json.K3X9QZ", and
 * the clean-up after a kill took the user's own "catalog.json.backup" for one. A symbolic link
 * is written through, and stays a link; so are a FIFO and a character device (/dev/stdout, a
 * pipe), which a replacement would destroy.
 *
 * Editing: gp_file_lock() holds an advisory lock on a file beside the one edited, so that two
 * programs reading, changing and writing it (the app and the command line, or two commands)
 * take turns instead of each writing back what it read.
 */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/file.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "gp-file.h"

static gboolean
too_large (gsize    max_size,
           GError **error)
{
  /* In the unit that fits the cap: a measurement's 64 KiB read "larger than 0 MiB". */
  g_autofree char *most = g_format_size_full (max_size, G_FORMAT_SIZE_IEC_UNITS);

  /* Translators: a file over what may be read; %s is the most, "64.0 KiB" */
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE, _("larger than %s, the most read"),
               most);
  return FALSE;
}

static GBytes *
load_local (const char  *path,
            gsize        max_size,
            GError     **error)
{
  g_autoptr(GByteArray) data = NULL;
  struct stat st;
  int fd;

  fd = g_open (path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY, 0);
  if (fd < 0)
    {
      int saved = errno;

      g_set_error_literal (error, G_IO_ERROR, g_io_error_from_errno (saved), g_strerror (saved));
      return NULL;
    }

  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode))
    {
      close (fd);
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE, _("not a regular file"));
      return NULL;
    }
  if ((guint64) st.st_size > max_size)
    {
      close (fd);
      too_large (max_size, error);
      return NULL;
    }

  /* The size may change under us: read to the end, but never past the cap. Straight into the
   * array, one byte more than the file holds, so that its end is a read of nothing. */
  data = g_byte_array_sized_new (st.st_size + 1);
  g_byte_array_set_size (data, st.st_size + 1);
  for (gsize length = 0;;)
    {
      gssize n;

      if (length == data->len)
        g_byte_array_set_size (data, MIN (data->len * 2, max_size + 1));
      n = read (fd, data->data + length, data->len - length);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved = errno;

          close (fd);
          g_set_error_literal (error, G_IO_ERROR, g_io_error_from_errno (saved),
                               g_strerror (saved));
          return NULL;
        }
      if (n == 0)
        {
          g_byte_array_set_size (data, length);
          break;
        }
      length += n;
      if (length > max_size)
        {
          close (fd);
          too_large (max_size, error);
          return NULL;
        }
    }

  close (fd);
  return g_byte_array_free_to_bytes (g_steal_pointer (&data));
}

static GBytes *
load_remote (GFile   *file,
             gsize    max_size,
             GError **error)
{
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GFileInputStream) stream = NULL;
  g_autoptr(GByteArray) data = g_byte_array_new ();

  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_TYPE, G_FILE_QUERY_INFO_NONE, NULL,
                            error);
  if (info == NULL)
    return NULL;
  if (g_file_info_get_file_type (info) != G_FILE_TYPE_REGULAR)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE, _("not a regular file"));
      return NULL;
    }

  stream = g_file_read (file, NULL, error);
  if (stream == NULL)
    return NULL;
  for (;;)
    {
      guint8 buffer[65536];
      gssize n = g_input_stream_read (G_INPUT_STREAM (stream), buffer, sizeof buffer, NULL, error);

      if (n < 0)
        return NULL;
      if (n == 0)
        break;
      if (data->len + (gsize) n > max_size)
        {
          too_large (max_size, error);
          return NULL;
        }
      g_byte_array_append (data, buffer, n);
    }

  return g_byte_array_free_to_bytes (g_steal_pointer (&data));
}

/* Reads a regular file whole, and nothing else: no FIFO, device or directory, nothing larger
 * than @max_size. */
GBytes *
gp_file_load (GFile   *file,
              gsize    max_size,
              GError **error)
{
  g_autofree char *path = NULL;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  path = g_file_get_path (file);
  return path != NULL ? load_local (path, max_size, error) : load_remote (file, max_size, error);
}

/* A file without a local path (a remote location): write through GIO, and on any error close
 * the stream cancelled, which makes GIO drop its temporary file instead of committing it. */
static gboolean
replace_remote (GFile       *file,
                const void  *data,
                gsize        size,
                GError     **error)
{
  g_autoptr(GFileOutputStream) stream = NULL;
  g_autoptr(GCancellable) abandon = NULL;
  gsize written = 0;

  stream = g_file_replace (file, NULL, FALSE, G_FILE_CREATE_REPLACE_DESTINATION, NULL, error);
  if (stream == NULL)
    return FALSE;

  if (!g_output_stream_write_all (G_OUTPUT_STREAM (stream), data, size, &written, NULL, error) ||
      written != size)
    {
      abandon = g_cancellable_new ();
      g_cancellable_cancel (abandon);
      g_output_stream_close (G_OUTPUT_STREAM (stream), abandon, NULL);
      return FALSE;
    }

  return g_output_stream_close (G_OUTPUT_STREAM (stream), NULL, error);
}

#define TEMPORARY_INFIX ".gp-"

static gboolean
set_error_from_errno (GError    **error,
                      const char *path)
{
  int saved = errno;

  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), "%s: %s", path,
               g_strerror (saved));
  return FALSE;
}

/* The file a path names once its symbolic links are followed, so that writing replaces the
 * file the link points to and the link stays; the path itself when it is no link. */
static char *
resolve_links (const char *path)
{
  char *current = g_strdup (path);

  for (guint depth = 0; depth < 40; depth++)
    {
      g_autofree char *target = g_file_read_link (current, NULL);
      g_autofree char *dir = NULL;

      if (target == NULL)
        return current;
      dir = g_path_get_dirname (current);
      g_free (current);
      current = g_path_is_absolute (target) ? g_steal_pointer (&target)
                                            : g_build_filename (dir, target, NULL);
    }
  return current;
}

/* ".catalog.json.gp-XXXXXX" beside @target. */
static char *
temporary_template (const char *target)
{
  g_autofree char *dir = g_path_get_dirname (target);
  g_autofree char *name = g_path_get_basename (target);
  g_autofree char *temporary = g_strconcat (".", name, TEMPORARY_INFIX "XXXXXX", NULL);

  return g_build_filename (dir, temporary, NULL);
}

static gboolean
write_all (int          fd,
           const char  *data,
           gsize        size)
{
  while (size > 0)
    {
      gssize n = write (fd, data, size);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        return FALSE;
      data += n;
      size -= n;
    }
  return TRUE;
}

/* What stands at @path, links followed. Nothing or a regular file is replaced. A FIFO or a
 * character device (a pipe, a terminal, /dev/null, /dev/stdout) is written through: putting a
 * file in its place would destroy it, and whoever reads from it would never see the bytes. A
 * folder, a socket or a block device is refused. */
static gboolean
target_is_stream (const char  *path,
                  gboolean    *stream,
                  GError     **error)
{
  struct stat st;

  *stream = FALSE;
  if (stat (path, &st) != 0 || S_ISREG (st.st_mode))
    return TRUE;
  if (S_ISFIFO (st.st_mode) || S_ISCHR (st.st_mode))
    {
      *stream = TRUE;
      return TRUE;
    }
  if (S_ISDIR (st.st_mode))
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY, _("%s: a folder, not a file"), path);
  else
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
                 _("%s: a socket or a block device, which is never written to"), path);
  return FALSE;
}

/* Into a FIFO or a device as it is: opened (a FIFO waits for its reader, as a shell's
 * redirection does) and written, never truncated or replaced. */
static gboolean
write_through (const char  *path,
               const char  *data,
               gsize        size,
               GError     **error)
{
  int fd = g_open (path, O_WRONLY | O_CLOEXEC | O_NOCTTY, 0);

  if (fd < 0)
    return set_error_from_errno (error, path);
  errno = EIO;
  if (!write_all (fd, data, size))
    {
      int saved = errno;

      close (fd);
      errno = saved;
      return set_error_from_errno (error, path);
    }
  if (close (fd) != 0)
    return set_error_from_errno (error, path);
  return TRUE;
}

struct _GpFileReplacement
{
  GFile *file;
  GBytes *bytes;   /* for a file without a local path or a stream, written whole at the commit */
  char *stream;    /* a FIFO or device written through at the commit, never replaced */
  char *target;    /* for a local file: the file replaced, links followed */
  char *temporary; /* and the written, synced file that takes its place, until then */
};

/* The temporary file beside the target, written and synced; on any error it goes. A new file
 * gets the mode the user's umask gives; a replaced one keeps its own. */
static gboolean
prepare_local (GpFileReplacement  *self,
               const char         *path,
               const char         *data,
               gsize               size,
               GError            **error)
{
  struct stat st;
  int fd;

  self->target = resolve_links (path);
  self->temporary = temporary_template (self->target);
  fd = g_mkstemp_full (self->temporary, O_RDWR | O_CLOEXEC, 0666);
  if (fd < 0)
    {
      g_clear_pointer (&self->temporary, g_free);
      return set_error_from_errno (error, self->target);
    }
  if ((stat (self->target, &st) == 0 && fchmod (fd, st.st_mode & 07777) != 0) ||
      !write_all (fd, data, size) || fsync (fd) != 0)
    {
      int saved = errno;

      close (fd);
      errno = saved;
      return set_error_from_errno (error, self->target);
    }
  if (close (fd) != 0)
    return set_error_from_errno (error, self->target);
  return TRUE;
}

/* The first half of gp_file_replace(), for a caller with other work to do before it knows the
 * file may be replaced (checking what it writes): the data is written and synced beside
 * @file, which stays as it is until gp_file_replacement_commit(). Freed uncommitted, the
 * replacement leaves no trace. */
GpFileReplacement *
gp_file_replacement_new (GFile   *file,
                         GBytes  *bytes,
                         GError **error)
{
  g_autoptr(GpFileReplacement) self = NULL;
  g_autofree char *path = NULL;
  gboolean stream;
  gsize size;
  const char *data;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (bytes != NULL, NULL);

  self = g_new0 (GpFileReplacement, 1);
  self->file = g_object_ref (file);
  path = g_file_get_path (file);
  if (path == NULL)
    {
      /* GIO's own replacement is one step: it happens at the commit. */
      self->bytes = g_bytes_ref (bytes);
      return g_steal_pointer (&self);
    }

  if (!target_is_stream (path, &stream, error))
    return NULL;
  if (stream)
    {
      self->bytes = g_bytes_ref (bytes);
      self->stream = g_steal_pointer (&path);
      return g_steal_pointer (&self);
    }

  data = g_bytes_get_data (bytes, &size);
  if (!prepare_local (self, path, data != NULL ? data : "", size, error))
    return NULL;
  return g_steal_pointer (&self);
}

/* Puts the written file in the place of the old one, or leaves the old one as it was. */
gboolean
gp_file_replacement_commit (GpFileReplacement  *self,
                            GError            **error)
{
  g_return_val_if_fail (self != NULL, FALSE);

  if (self->bytes != NULL)
    {
      gsize size;
      const char *data = g_bytes_get_data (self->bytes, &size);

      if (self->stream != NULL)
        return write_through (self->stream, data != NULL ? data : "", size, error);
      return replace_remote (self->file, data != NULL ? data : "", size, error);
    }

  g_return_val_if_fail (self->temporary != NULL, FALSE);
  if (g_rename (self->temporary, self->target) != 0)
    return set_error_from_errno (error, self->target);
  g_clear_pointer (&self->temporary, g_free);
  return TRUE;
}

/* Frees @self; a replacement not committed removes its written file. */
void
gp_file_replacement_free (GpFileReplacement *self)
{
  if (self == NULL)
    return;
  if (self->temporary != NULL)
    g_unlink (self->temporary);
  g_free (self->temporary);
  g_free (self->target);
  g_free (self->stream);
  g_clear_pointer (&self->bytes, g_bytes_unref);
  g_clear_object (&self->file);
  g_free (self);
}

/* Replaces @file with @data, or leaves it as it was: the data goes to a temporary file beside
 * it, synced, which replaces @file only once every byte is written. On any error (a full disk,
 * a quota, a kill before the rename) the old file stays whole and the temporary file is
 * removed, or, after a kill, removed at the next start (gp_file_remove_stale_temporaries()). */
gboolean
gp_file_replace (GFile       *file,
                 const void  *data,
                 gsize        size,
                 GError     **error)
{
  g_autofree char *path = NULL;
  gboolean stream;

  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (data != NULL || size == 0, FALSE);

  path = g_file_get_path (file);
  if (path == NULL)
    return replace_remote (file, data != NULL ? data : "", size, error);
  if (!target_is_stream (path, &stream, error))
    return FALSE;
  if (stream)
    return write_through (path, data != NULL ? data : "", size, error);

  {
    g_autoptr(GpFileReplacement) replacement = g_new0 (GpFileReplacement, 1);

    return prepare_local (replacement, path, data != NULL ? data : "", size, error) &&
           gp_file_replacement_commit (replacement, error);
  }
}

/* gp_file_replace() for #GBytes. */
gboolean
gp_file_replace_bytes (GFile   *file,
                       GBytes  *bytes,
                       GError **error)
{
  gsize size;
  const void *data;

  g_return_val_if_fail (bytes != NULL, FALSE);

  data = g_bytes_get_data (bytes, &size);
  return gp_file_replace (file, data, size, error);
}

static void
replace_in_thread (GTask        *task,
                   gpointer      source_object,
                   gpointer      task_data,
                   GCancellable *cancellable)
{
  GFile *file = g_object_get_data (G_OBJECT (task), "gp-file");
  GError *error = NULL;

  if (gp_file_replace_bytes (file, task_data, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

/* gp_file_replace_bytes() on a worker thread: the write and its fsync never hold up the
 * caller's main loop, where a slow disk or the document portal would stall the window. */
void
gp_file_replace_bytes_async (GFile               *file,
                             GBytes              *bytes,
                             GCancellable        *cancellable,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (bytes != NULL);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, gp_file_replace_bytes_async);
  g_task_set_task_data (task, g_bytes_ref (bytes), (GDestroyNotify) g_bytes_unref);
  g_object_set_data_full (G_OBJECT (task), "gp-file", g_object_ref (file), g_object_unref);
  g_task_run_in_thread (task, replace_in_thread);
}

gboolean
gp_file_replace_bytes_finish (GAsyncResult  *result,
                              GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

/* Renames @file to the same name with ".unreadable" after it, or ".unreadable.2", ".3", …
 * when that is taken: a file set aside never replaces one set aside before, so nothing of
 * either is lost. */
GFile *
gp_file_set_aside (GFile   *file,
                   GError **error)
{
  g_autoptr(GFile) parent = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  parent = g_file_get_parent (file);
  name = g_file_get_basename (file);
  for (guint n = 1; n < 1000; n++)
    {
      g_autofree char *aside_name = n == 1 ? g_strconcat (name, ".unreadable", NULL)
                                           : g_strdup_printf ("%s.unreadable.%u", name, n);
      g_autoptr(GFile) aside = g_file_get_child (parent, aside_name);
      g_autoptr(GError) local_error = NULL;

      /* Without G_FILE_COPY_OVERWRITE a move never replaces what is there. */
      if (g_file_move (file, aside, G_FILE_COPY_NOFOLLOW_SYMLINKS, NULL, NULL, NULL, &local_error))
        return g_steal_pointer (&aside);
      if (!g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_EXISTS))
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return NULL;
        }
    }
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS, _("%s: too many files set aside already"),
               name);
  return NULL;
}

/* ".catalog.json.gp-K3X9QZ": what gp_file_replace() leaves of @name after a kill, and nothing
 * else ("catalog.json.backup" is the user's). */
static gboolean
is_temporary_of (const char *file_name,
                 const char *name)
{
  g_autofree char *prefix = g_strconcat (".", name, TEMPORARY_INFIX, NULL);
  const char *rest;

  if (!g_str_has_prefix (file_name, prefix))
    return FALSE;
  rest = file_name + strlen (prefix);
  if (strlen (rest) != 6)
    return FALSE;
  for (const char *c = rest; *c != '\0'; c++)
    if (!g_ascii_isalnum (*c))
      return FALSE;
  return TRUE;
}

/* Removes what a write killed half-way left in @dir: the exact temporary names gp_file_replace()
 * makes of each of @names (".NAME.gp-" and six random letters and digits), and GIO's
 * ".goutputstream-" files. Nothing else is touched: not "catalog.json.backup", not
 * "comparison.json.before". */
guint
gp_file_remove_stale_temporaries (GFile              *dir,
                                  const char * const *names)
{
  g_autoptr(GFileEnumerator) children = NULL;
  guint removed = 0;

  g_return_val_if_fail (G_IS_FILE (dir), 0);

  children = g_file_enumerate_children (dir, G_FILE_ATTRIBUTE_STANDARD_NAME ","
                                        G_FILE_ATTRIBUTE_STANDARD_TYPE,
                                        G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL, NULL);
  if (children == NULL)
    return 0;

  for (;;)
    {
      GFileInfo *info = NULL;
      GFile *child = NULL;
      const char *name;
      gboolean ours;

      if (!g_file_enumerator_iterate (children, &info, &child, NULL, NULL) || info == NULL)
        break;
      if (g_file_info_get_file_type (info) != G_FILE_TYPE_REGULAR)
        continue;

      name = g_file_info_get_name (info);
      ours = g_str_has_prefix (name, ".goutputstream-");
      if (names == NULL && !ours && name[0] == '.' && strstr (name, ".json" TEMPORARY_INFIX))
        {
          g_autofree char *base = g_strndup (name + 1, strstr (name, ".json" TEMPORARY_INFIX) -
                                                           name - 1 + strlen (".json"));
          ours = is_temporary_of (name, base);
        }
      for (guint i = 0; !ours && names != NULL && names[i] != NULL; i++)
        ours = is_temporary_of (name, names[i]);
      if (ours && g_file_delete (child, NULL, NULL))
        removed++;
    }

  return removed;
}

struct _GpFileLock
{
  int fd;
};

/* Waits for, then holds, an advisory lock on "NAME.lock" beside @file, until
 * gp_file_unlock(). Every program that edits @file takes it first, so that no two of them
 * write back what they read at the same time and one's change is lost. The lock file stays:
 * removing it would let two programs each lock a file of that name. */
GpFileLock *
gp_file_lock (GFile   *file,
              GError **error)
{
  g_autofree char *path = NULL;
  g_autofree char *target = NULL;
  g_autofree char *lock_path = NULL;
  g_autofree char *dir = NULL;
  GpFileLock *lock;
  int fd;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("only a local file can be edited"));
      return NULL;
    }
  /* Beside the file the link points to: two links to one file share one lock. */
  target = resolve_links (path);
  dir = g_path_get_dirname (target);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      set_error_from_errno (error, dir);
      return NULL;
    }
  lock_path = g_strconcat (target, ".lock", NULL);
  fd = g_open (lock_path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0666);
  if (fd < 0)
    {
      set_error_from_errno (error, lock_path);
      return NULL;
    }
  while (flock (fd, LOCK_EX) != 0)
    if (errno != EINTR)
      {
        set_error_from_errno (error, lock_path);
        close (fd);
        return NULL;
      }
  lock = g_new (GpFileLock, 1);
  lock->fd = fd;
  return lock;
}

/* Lets the next program edit the file. */
void
gp_file_unlock (GpFileLock *lock)
{
  if (lock == NULL)
    return;
  flock (lock->fd, LOCK_UN);
  close (lock->fd);
  g_free (lock);
}
