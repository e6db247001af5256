/* gp-file.h — how the program reads and writes files: regular files only, capped, and never
 * half-written
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* What a catalog, a price table or a saved comparison may weigh. */
#define GP_FILE_MAX_SIZE (256 * 1024 * 1024)

typedef struct _GpFileLock GpFileLock;
typedef struct _GpFileReplacement GpFileReplacement;

GBytes   *gp_file_load                     (GFile         *file,
                                            gsize          max_size,
                                            GError       **error);
gboolean  gp_file_replace                  (GFile         *file,
                                            const void    *data,
                                            gsize          size,
                                            GError       **error);
gboolean  gp_file_replace_bytes            (GFile         *file,
                                            GBytes        *bytes,
                                            GError       **error);
void      gp_file_replace_bytes_async      (GFile         *file,
                                            GBytes        *bytes,
                                            GCancellable  *cancellable,
                                            GAsyncReadyCallback callback,
                                            gpointer       user_data);
gboolean  gp_file_replace_bytes_finish     (GAsyncResult  *result,
                                            GError       **error);
GFile    *gp_file_set_aside                (GFile         *file,
                                            GError       **error);
guint     gp_file_remove_stale_temporaries (GFile         *dir,
                                            const char * const *names);

GpFileLock *gp_file_lock                   (GFile         *file,
                                            GError       **error);
void        gp_file_unlock                 (GpFileLock    *lock);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GpFileLock, gp_file_unlock)

GpFileReplacement *gp_file_replacement_new    (GFile              *file,
                                               GBytes             *bytes,
                                               GError            **error);
gboolean           gp_file_replacement_commit (GpFileReplacement  *self,
                                               GError            **error);
void               gp_file_replacement_free   (GpFileReplacement  *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GpFileReplacement, gp_file_replacement_free)

G_END_DECLS
