/* gp-cli-common.h — what every catalog-reading command shares: options, the catalog, output
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "gp-catalog.h"
#include "gp-cli-output.h"
#include "gp-workload.h"

G_BEGIN_DECLS

typedef struct
{
  char  **catalogs;
  char   *format;
  int     stale_after_days;
} GpCliCommonOptions;

void       gp_cli_common_options_clear (GpCliCommonOptions *options);
void       gp_cli_add_catalog_entry    (GOptionContext     *context,
                                        GpCliCommonOptions *options);
void       gp_cli_add_common_entries   (GOptionContext     *context,
                                        GpCliCommonOptions *options);
GOptionGroup *gp_cli_option_group_new (const char         *name,
                                        const char         *description,
                                        const char         *help_description,
                                        const GOptionEntry *entries,
                                        gboolean            in_main);
void       gp_cli_add_main_entries     (GOptionContext     *context,
                                        const GOptionEntry *entries);
int        gp_cli_usage_error          (GOptionContext     *context,
                                        const char         *message);
gboolean   gp_cli_parse_options        (GOptionContext     *context,
                                        int                *argc,
                                        char             ***argv,
                                        int                *exit_code);
gboolean   gp_cli_add_file_layer       (GpCatalog          *catalog,
                                        const char         *path,
                                        GError            **error);
GpCatalog *gp_cli_open_catalog         (GpCliCommonOptions *options,
                                        int                *exit_code);
void       gp_cli_apply_default_rate   (GpWorkload         *workload,
                                        GpCatalog          *catalog);
double     gp_cli_exchange_rate        (const char         *from,
                                        const char         *to);
int        gp_cli_print_output         (GpCliOutput        *output,
                                        GpCliFormat         format);
int        gp_cli_write_output         (const char         *output,
                                        const void         *data,
                                        gsize               size);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (GpCliCommonOptions, gp_cli_common_options_clear)

G_END_DECLS
