/* gp-ui-save.c — exports made and written off the main thread, a toast saying how it went
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A chart at 300 dpi, a deck of slides or a budget's PDF takes long enough to draw that the
 * window would stop answering: it is drawn and written in one task on a worker, from a
 * snapshot the page made of what it shows.
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n-lib.h>

#include "gp-file.h"
#include "gp-ui-save.h"
#include "gp-ui-toasts.h"

/* What the worker makes and writes; freed on whichever thread lets the task go. */
typedef struct
{
  GFile *file;
  GpUiRenderFunc render;
  gpointer snapshot;
  GDestroyNotify free_snapshot;
  GBytes *bytes;
} Job;

/* What the window shows of a save under way, on the main thread only: the overlay that tells
 * how it went, and the toast that says it is not done yet. */
typedef struct
{
  AdwToastOverlay *overlay;
  char *name;
  AdwToast *saving;
  guint saving_source;
} Saving;

static void
job_free (Job *job)
{
  if (job->free_snapshot != NULL)
    g_clear_pointer (&job->snapshot, job->free_snapshot);
  g_clear_pointer (&job->bytes, g_bytes_unref);
  g_clear_object (&job->file);
  g_free (job);
}

static void
saving_free (Saving *saving)
{
  g_clear_handle_id (&saving->saving_source, g_source_remove);
  if (saving->saving != NULL)
    adw_toast_dismiss (saving->saving);
  g_clear_object (&saving->saving);
  g_clear_object (&saving->overlay);
  g_free (saving->name);
  g_free (saving);
}

static void
tell (Saving     *saving,
      const char *message)
{
  if (saving->overlay != NULL)
    adw_toast_overlay_add_toast (saving->overlay,
                                 gp_ui_toast_new (GTK_WIDGET (saving->overlay), message));
}

/* A save that takes long says so; a quick one goes without a word until it is done. */
static gboolean
show_saving_cb (gpointer user_data)
{
  Saving *saving = user_data;
  g_autofree char *message = g_strdup_printf (_("Saving “%s”…"), saving->name);

  saving->saving_source = 0;
  saving->saving = gp_ui_toast_new (GTK_WIDGET (saving->overlay), message);
  adw_toast_set_timeout (saving->saving, 0);
  adw_toast_overlay_add_toast (saving->overlay, g_object_ref (saving->saving));
  return G_SOURCE_REMOVE;
}

static void
save_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  Job *job = task_data;
  g_autoptr(GBytes) bytes = NULL;
  GError *error = NULL;

  bytes = job->bytes != NULL ? g_bytes_ref (job->bytes) : job->render (job->snapshot, &error);
  if (bytes == NULL || !gp_file_replace_bytes (job->file, bytes, &error))
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

static void
saved_cb (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  Saving *saving = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;

  if (g_task_propagate_boolean (G_TASK (result), &error))
    message = g_strdup_printf (_("Saved “%s”"), saving->name);
  else
    message = g_strdup_printf (_("Could not save “%s”: %s"), saving->name, error->message);
  tell (saving, message);
  saving_free (saving);
}

static Saving *
saving_new (GtkWidget *overlay,
            GFile     *file)
{
  Saving *saving = g_new0 (Saving, 1);

  saving->overlay = overlay != NULL ? g_object_ref (ADW_TOAST_OVERLAY (overlay)) : NULL;
  saving->name = g_file_get_basename (file);
  return saving;
}

static void
start (Job       *job,
       GtkWidget *overlay)
{
  Saving *saving = saving_new (overlay, job->file);
  g_autoptr(GTask) task = NULL;

  if (overlay != NULL)
    saving->saving_source = g_timeout_add (500, show_saving_cb, saving);
  task = g_task_new (NULL, NULL, saved_cb, saving);
  g_task_set_source_tag (task, start);
  g_task_set_task_data (task, job, (GDestroyNotify) job_free);
  g_task_run_in_thread (task, save_thread);
}

/* Makes the file and writes it on a worker thread, so that neither drawing nor a slow disk
 * holds up the window; a save that takes long says so, and a toast tells how it went. */
void
gp_ui_save (GtkWidget      *overlay,
            GFile          *file,
            GpUiRenderFunc  render,
            gpointer        snapshot,
            GDestroyNotify  free_snapshot)
{
  Job *job;

  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (render != NULL);

  job = g_new0 (Job, 1);
  job->file = g_object_ref (file);
  job->render = render;
  job->snapshot = snapshot;
  job->free_snapshot = free_snapshot;
  start (job, overlay);
}

/* Writes @bytes made already (a short text) to @file on a worker thread, like gp_ui_save(). */
void
gp_ui_save_bytes (GtkWidget    *overlay,
                  GFile        *file,
                  GBytes       *bytes,
                  const GError *error)
{
  Job *job;

  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (bytes != NULL || error != NULL);

  if (bytes == NULL)
    {
      Saving *saving = saving_new (overlay, file);
      g_autofree char *message =
          g_strdup_printf (_("Could not save “%s”: %s"), saving->name, error->message);

      tell (saving, message);
      saving_free (saving);
      return;
    }
  job = g_new0 (Job, 1);
  job->file = g_object_ref (file);
  job->bytes = g_bytes_ref (bytes);
  start (job, overlay);
}
