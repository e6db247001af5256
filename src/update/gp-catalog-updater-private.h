/* gp-catalog-updater-private.h — what the updater's units share: its sources and its cache
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once


#include "gp-catalog-updater.h"
#include "gp-http-fetch.h"

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
