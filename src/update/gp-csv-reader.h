/* gp-csv-reader.h — rows of an RFC 4180 CSV text
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _GpCsvReader GpCsvReader;

GpCsvReader        *gp_csv_reader_new      (const char   *text,
                                            gsize         length,
                                            const char   *file);
gboolean            gp_csv_reader_next     (GpCsvReader  *reader,
                                            GError      **error);
guint               gp_csv_reader_get_n_fields (GpCsvReader *reader);
const char         *gp_csv_reader_get      (GpCsvReader  *reader,
                                            guint         index);
guint               gp_csv_reader_get_line (GpCsvReader  *reader);
int                 gp_csv_reader_find_field (GpCsvReader *reader,
                                              const char  *name);
void                gp_csv_reader_free     (GpCsvReader  *reader);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GpCsvReader, gp_csv_reader_free)

G_END_DECLS
