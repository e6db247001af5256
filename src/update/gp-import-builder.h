/* gp-import-builder.h — what the importers share: offers gathered by instance and region,
 * written out as a catalog layer
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "gp-catalog.h"
#include "gp-csv-reader.h"
#include "gp-import-report.h"
#include "gp-import-values.h"

G_BEGIN_DECLS

/* One instance type in one region, gathered over its zones or price rows. */
typedef struct
{
  char     *region;
  double    on_demand;
  GArray   *spots;
  double    reserved_1y;
  double    reserved_3y;
  gboolean  spot_equals;
  gboolean  spot_above;
  gboolean  zero;
  GpAnomaly anomalies;   /* found by the caller: a spot ratio or price outlier */
} GpImportOffer;

typedef struct
{
  char       *name;
  char       *display_name;  /* where the provider's name is not the instance's, else NULL */
  char       *accelerator;   /* the name the rows give the GPU */
  double      gpu_memory_gb; /* per GPU, as the rows give it; NAN when they do not */
  double      gpu_memory_any_gb; /* what a listing gives without saying whether it is per GPU
                                  * or for all of them (AWS: "320 GB" for eight A100s) */
  char       *gpu;           /* the GPU model's id when the reader knows it, else NULL */
  guint       count;
  double      vcpus;
  double      memory;
  char       *interconnect;
  char       *host_required;
  char       *notes;
  GpAnomaly   anomalies;
  GPtrArray  *offers;      /* GpImportOffer, in the order regions appear */
  GHashTable *by_region;
  GpImportOffer *last_offer; /* the one a row found last */
} GpImportInstance;

typedef struct
{
  GpCatalog      *base;
  GpImportReport *report;
  const char     *provider_id;
  const char     *source_id;  /* the source the written layer cites; set by build or write */
  GPtrArray      *instances;
  GHashTable     *by_name;
  GHashTable     *regions;
  GPtrArray      *region_order;
  GPtrArray      *new_gpus;   /* JsonNode objects of the GPU models the import adds */
  GpImportInstance *last_instance; /* the one a row found last */
  GHashTable     *ids;            /* the types, regions and zones checked and found ids */
  /* Set after init by the readers of a provider's own catalog (Scaleway's, OVHcloud's): the
   * provider names and counts its instances itself, sells them only in regions the catalog
   * has and prices them in its own currency, so the layer leaves the provider as the catalog
   * has it, and a region's price is not held against another's. */
  gboolean        provider_list;
  const char     *layer_name;     /* the layer's name where it is not the source's title */
} GpImportBuilder;

/* A GPU model known by the start of an instance's name. */
typedef struct
{
  const char *prefix;
  const char *gpu;
} GpImportModel;

void              gp_import_builder_init         (GpImportBuilder  *builder,
                                                  GpCatalog        *base,
                                                  GpImportReport   *report,
                                                  const char       *provider_id);
void              gp_import_builder_clear        (GpImportBuilder  *builder);
GpImportInstance *gp_import_builder_get_instance (GpImportBuilder  *builder,
                                                  const char       *name);
GpImportOffer    *gp_import_builder_get_offer    (GpImportBuilder  *builder,
                                                  GpImportInstance *instance,
                                                  const char       *region);
void              gp_import_builder_add_zone     (GpImportBuilder  *builder,
                                                  GpImportInstance *instance,
                                                  const char       *region,
                                                  double            price,
                                                  double            spot);
JsonNode         *gp_import_builder_build        (GpImportBuilder  *builder,
                                                  const char       *source_id,
                                                  const char       *title,
                                                  const char       *source_url,
                                                  const char       *as_of,
                                                  const char       *note);
GBytes           *gp_import_tree_to_bytes        (JsonNode         *root);
GBytes           *gp_import_builder_write        (GpImportBuilder  *builder,
                                                  const char       *source_id,
                                                  const char       *title,
                                                  const char       *url,
                                                  const char       *as_of,
                                                  const char       *note);
void              gp_import_note                 (GpImportBuilder  *builder,
                                                  const char       *format,
                                                  ...) G_GNUC_PRINTF (2, 3);
void              gp_import_skip_bad_price       (GpImportBuilder  *builder,
                                                  GpCsvReader      *reader);
gboolean          gp_import_builder_check_ids    (GpImportBuilder  *builder,
                                                  const char       *type,
                                                  const char       *region);
gboolean          gp_import_builder_begin_row    (GpImportBuilder  *builder,
                                                  const char       *type,
                                                  const char       *region,
                                                  const char       *no_type,
                                                  const char       *count_text,
                                                  guint            *count);
GpProvider       *gp_import_find_provider        (GpCatalog        *base,
                                                  const char       *provider_id,
                                                  const char       *file,
                                                  GError          **error);
GpCsvReader      *gp_import_open_csv             (GBytes           *csv,
                                                  const char       *file,
                                                  GError          **error);
GpImportInstance *gp_import_instance_new         (const char       *name);
void              gp_import_instance_free        (gpointer          data);
const char       *gp_import_model_of             (const GpImportModel *models,
                                                  guint             n_models,
                                                  const char       *name);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (GpImportBuilder, gp_import_builder_clear)

G_END_DECLS
