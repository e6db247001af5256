/* gp-catalog-updater-private.h — what the updater's units share: its sources, a refresh under
 * way and its cache
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once


#include "gp-catalog-updater.h"
#include "gp-http-fetch.h"
#include "gp-price-history.h"

G_BEGIN_DECLS

typedef struct
{
  char           *name;
  char           *url;
  char *fallback_url; /* nullable: read when @url is not there (an older version) */
  char *date_url;     /* nullable: where the file's last change is dated */
  GStrv mirrors;      /* nullable: addresses tried in turn after @url fails */
  char *own_url;      /* the address and fallback it was added with, before any mirror */
  char *own_fallback_url;
  char *authorization; /* nullable: "Bearer KEY" for a source that needs the user's key */
  char *query_key;     /* nullable: the user's key, for an API that takes it in the query */
  GpFeedFormat  format;
} Source;

struct _GpCatalogUpdater
{
  GObject      parent_instance;

  GpHttpSession *session;     /* made on the first download */
  guint timeout_s;
  GFile       *cache_dir;
  GPtrArray   *sources;
  GPtrArray   *names;
  goffset      max_size;
  guint        deadline_s;
  GFile *history_file; /* the user's price history, a point a changed price */
};

/* One refresh, across its sources. */
typedef struct
{
  GpCatalog       *catalog;     /* the catalog to refresh */
  GpCatalog       *working;     /* bundled + the parts accepted so far, to check each part */
  GPtrArray       *todo;        /* Source, borrowed */
  guint            index;
  GPtrArray       *parts;       /* GBytes of every source's figures, in order */
  GpRefreshReport *report;
  JsonObject      *state;       /* per source: etag, last_modified */
  GDateTime       *started;
  guint            page_items;  /* the items of a paged answer read so far */
  gboolean on_fallback;         /* the current source is read from its fallback address */
  guint mirror;                 /* the current source is read from its mirror - 1; 0: its own */
  const char *dated_by;         /* what upstream_date is, where not the repository's date */
  GPtrArray *notes;             /* the current source's, for its result */
  GBytes *spot_part;            /* in parts: the spot feed's, completed again at the end */
  GBytes *billing_part;         /* in parts: gcp-billing's, likewise */
  GpHttpResponse *pending;      /* the current source's answer, while its date is asked */
  char *upstream_date;          /* the current source's last change upstream, YYYY-MM-DD */
  GpPriceHistory *history;      /* loaded at the first part; NULL when the file is unreadable */
  gboolean history_read;
} Refresh;

void      gp_updater_fetch_current       (GTask             *task);
void      gp_updater_finish_refresh      (GTask             *task);
void      gp_updater_note_completed_part (Refresh           *refresh,
                                                   GpFeedFormat       format,
                                                   GBytes            *part);
void      gp_updater_emit_progress       (GpCatalogUpdater  *self,
                                                   const char        *source,
                                                   guint64            received,
                                                   gint64             total);

GFile    *gp_updater_cache_file         (GpCatalogUpdater  *self,
                                         const char        *first,
                                         const char        *second);
JsonObject *gp_updater_load_state        (GpCatalogUpdater  *self);
const char *gp_updater_state_string     (JsonObject        *state,
                                         const char        *source,
                                         const char        *key);
GBytes   *gp_updater_load_part          (GpCatalogUpdater  *self,
                                         const char        *name);
gboolean  gp_updater_write_file         (GFile             *file,
                                         GBytes            *bytes,
                                         GError           **error);
void      gp_updater_add_imported_parts (GpCatalogUpdater  *self,
                                         GpCatalog         *working,
                                         GPtrArray         *parts,
                                         const char        *except);
gboolean  gp_updater_install_parts      (GpCatalogUpdater  *self,
                                         GpCatalog         *catalog,
                                         GPtrArray         *parts,
                                         const char        *as_of,
                                         GError           **error);

guint     gp_updater_count_offers       (GBytes            *part);
char     *gp_updater_commit_date        (GBytes            *body);

G_END_DECLS
