/* gp-catalog-build-private.h — what the catalog build's steps and its source readers share
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "gp-catalog-build-carbon.h"
#include "gp-catalog-build-inputs.h"
#include "gp-catalog.h"
#include "gp-provider-private.h"
#include "gp-csv-reader.h"
#include "gp-alibaba-importer.h"
#include "gp-gcp-billing-importer.h"
#include "gp-import-builder.h"
#include "gp-import-values.h"
#include "gp-json-reader.h"
#include "gp-json-writer.h"
#include "gp-reported-importer.h"
#include "gp-skypilot-importer.h"
#include "gp-update-error.h"
#include "gp-vantage-importer.h"
#include "gp-util.h"
#include "gp-catalog-build.h"

G_BEGIN_DECLS

typedef struct
{
  JsonObject *recipe;
  GFile      *dir;
  GpCatalog  *base;
  JsonArray  *sources;
  GHashTable *source_by_id;    /* id → JsonObject */
  GPtrArray  *gpus;            /* JsonObject, in the recipe's order */
  GHashTable *gpu_by_id;
  GPtrArray  *providers;       /* JsonObject, with their regions still to list */
  GHashTable *provider_by_id;
  GPtrArray  *instances;       /* JsonObject, in the order the inputs give them */
  GHashTable *instance_by_id;
  GPtrArray  *messages;
  char       *as_of;           /* the newest date of an input */
  GpSeriesSet *series;         /* the price series for history.json */
  GPtrArray *series_sources;   /* JsonObject: the sources they cite */
} Build;

void gp_build_add_source (Build *b, JsonObject *source);
JsonObject *gp_build_find_element (JsonArray *array, const char *key, const char *value);
JsonArray *gp_build_get_array (JsonObject *object, const char *key);
double gp_build_get_number (JsonObject *object, const char *key);
JsonObject *gp_build_get_object (JsonObject *object, const char *key);
const char *gp_build_get_string (JsonObject *object, const char *key);
GBytes *gp_build_load_input (Build *b, const char *relative, GError **error);
GpCsvReader *gp_build_open_table (Build *b, const char *relative, GBytes **bytes, GError **error);
void gp_build_report_import (Build *b, const char *name, GpImportReport *report);
double gp_build_round_to (double value, int decimals);
gboolean gp_build_take_layer (Build *b, JsonObject *input, JsonNode *layer, GError **error);
JsonObject *gp_build_find_price (Build *b, const char *instance_id, const char *region);
gboolean gp_build_read_alibaba (Build *b, JsonObject *input, GError **error);
gboolean gp_build_read_colab (Build *b, JsonObject *input, GError **error);
gboolean gp_build_read_gpu_specs (Build *b, JsonObject *input, GError **error);
gboolean gp_build_read_history (Build *b, JsonObject *input, GError **error);
gboolean gp_build_read_reported (Build *b, JsonObject *input, GError **error);
gboolean gp_build_read_step (Build *b, JsonObject *input, const char *format, GError **error);
void gp_build_say (Build *b, const char *format, ...) G_GNUC_PRINTF (2, 3);
gboolean gp_build_fail (GError **error, const char *format, ...) G_GNUC_PRINTF (2, 3);

G_END_DECLS
