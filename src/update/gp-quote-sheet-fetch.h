/* gp-quote-sheet-fetch.h — a price sheet read from a web address
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "gp-http-fetch.h"

G_BEGIN_DECLS

gboolean  gp_quote_sheet_is_address   (const char           *text);
void      gp_quote_sheet_fetch_async  (const char           *url,
                                       GpHttpProgress        progress,
                                       gpointer              progress_data,
                                       GCancellable         *cancellable,
                                       GAsyncReadyCallback   callback,
                                       gpointer              user_data);
GBytes   *gp_quote_sheet_fetch_finish (GAsyncResult         *result,
                                       GError              **error);
GBytes   *gp_quote_sheet_fetch        (const char           *url,
                                       GError              **error);

G_END_DECLS
