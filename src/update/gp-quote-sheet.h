/* gp-quote-sheet.h — a price sheet of quotes (CSV, headers in English or Chinese)
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "gp-catalog.h"
#include "gp-quote-layer.h"

G_BEGIN_DECLS

/**
 * GpQuoteSheetHeaders:
 * @GP_QUOTE_SHEET_ENGLISH: provider, instance, gpu…
 * @GP_QUOTE_SHEET_CHINESE: 服务商, 机型, 显卡…
 *
 * The language of a sheet's header row.
 */
typedef enum
{
  GP_QUOTE_SHEET_ENGLISH,
  GP_QUOTE_SHEET_CHINESE,
} GpQuoteSheetHeaders;

GPtrArray *gp_quote_sheet_read     (GListModel           *gpus,
                                    GBytes               *csv,
                                    const char           *file,
                                    const char          **encoding,
                                    GError              **error);
char      *gp_quote_sheet_template (GpQuoteSheetHeaders   headers);

G_END_DECLS
