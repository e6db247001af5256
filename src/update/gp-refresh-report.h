/* gp-refresh-report.h — what a refresh did: each source's outcome and the prices that moved
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "gp-catalog.h"

G_BEGIN_DECLS

/**
 * GpSourceStatus:
 * @GP_SOURCE_STATUS_UPDATED: new figures were fetched and accepted
 * @GP_SOURCE_STATUS_UNCHANGED: the server said nothing changed (HTTP 304)
 * @GP_SOURCE_STATUS_FAILED: the source could not be used; its previous figures stay
 */
typedef enum
{
  GP_SOURCE_STATUS_UPDATED,
  GP_SOURCE_STATUS_UNCHANGED,
  GP_SOURCE_STATUS_FAILED,
} GpSourceStatus;

typedef struct
{
  char           *name;
  GpSourceStatus  status;
  char           *message;   /* why it failed, for the user */
  guint           offers;
  guint64         bytes;
  char           *as_of;     /* nullable: the date of an updated source's figures */
  const char     *dated_by;  /* nullable: what that date is, untranslated (N_()) */
  GPtrArray      *notes;     /* nullable, char *: what an updated source left out, and where */
} GpSourceResult;

/**
 * GpRefreshReport:
 * @sources: (element-type GpSourceResult): one result per source, in order
 * @changed: offers whose on-demand price changed
 * @added: offers new to the catalog
 * @removed: offers no longer listed
 * @moves: (element-type utf8): the largest price changes, in words, largest first
 * @history_problem: (nullable): why the new prices could not be kept in the price history
 */
typedef struct
{
  GPtrArray *sources;
  guint      changed;
  guint      added;
  guint      removed;
  GPtrArray *moves;
  char      *history_problem;
} GpRefreshReport;

GpRefreshReport *gp_refresh_report_new             (void);
void             gp_refresh_report_free            (GpRefreshReport *report);
guint            gp_refresh_report_get_n_failed    (GpRefreshReport *report);
GHashTable      *gp_refresh_report_snapshot_prices (GpCatalog       *catalog);
void             gp_refresh_report_summarize       (GpRefreshReport *report,
                                                    GHashTable      *before,
                                                    GHashTable      *after);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GpRefreshReport, gp_refresh_report_free)

G_END_DECLS
