/* gp-lab-layer.h — the lab's own machines in a catalog layer: added, removed, written whole
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "gp-catalog.h"
#include "gp-lab-cost.h"

G_BEGIN_DECLS

/* The provider every lab machine belongs to, and its one region. */
#define GP_LAB_PROVIDER "lab"
#define GP_LAB_REGION   "campus"

/**
 * GpLabMachine:
 * @id: its id, "lab/NAME"
 * @name: its name
 * @gpu: its GPU model's id
 * @gpu_count: its GPUs
 * @currency: the currency of its figures
 * @cost: what it cost and costs to run
 *
 * A machine the lab owns, as the user describes it.
 */
typedef struct
{
  char      *id;
  char      *name;
  char      *gpu;
  guint      gpu_count;
  char      *currency;
  GpLabCost  cost;
} GpLabMachine;

GpLabMachine *gp_lab_machine_new_from_instance (GpInstance          *instance);
gboolean      gp_lab_machine_check             (const GpLabMachine  *machine,
                                                GError             **error);
void          gp_lab_machine_free              (GpLabMachine        *machine);
char         *gp_lab_machine_dup_id            (const char          *name);
JsonNode     *gp_lab_layer_read                (GFile               *file,
                                                GError             **error);
gboolean      gp_lab_layer_add                 (JsonNode            *root,
                                                const GpLabMachine  *machine,
                                                const char          *entered_by,
                                                const char          *date,
                                                GError             **error);
gboolean      gp_lab_layer_remove              (JsonNode            *root,
                                                const char          *id,
                                                GError             **error);
/**
 * GpLabLayerEditFunc:
 * @root: the layer's root object, to change
 * @user_data: the caller's
 * @error: why the change cannot be made
 *
 * Returns: whether the layer was changed and may be written
 */
typedef gboolean (*GpLabLayerEditFunc) (JsonNode  *root,
                                        gpointer   user_data,
                                        GError   **error);

GBytes       *gp_lab_layer_edit                (GFile               *file,
                                                GpLabLayerEditFunc   edit,
                                                gpointer             user_data,
                                                char               **set_aside,
                                                GError             **error);
gboolean      gp_lab_layer_edit_catalog        (GpCatalog           *catalog,
                                                GFile               *file,
                                                GpLabLayerEditFunc   edit,
                                                gpointer             user_data,
                                                GError             **error);
GBytes       *gp_lab_layer_save                (JsonNode            *root,
                                                GFile               *file,
                                                GError             **error);
char         *gp_lab_layer_dup_entered_by      (void);
JsonArray    *gp_layer_ensure_array            (JsonObject          *object,
                                                const char          *key);
/**
 * GpLayerArrays:
 * @providers: a layer's providers
 * @sources: its sources
 * @instances: its instances
 */
typedef struct
{
  JsonArray *providers;
  JsonArray *sources;
  JsonArray *instances;
} GpLayerArrays;

GpLayerArrays gp_layer_get_arrays              (JsonNode            *root);
int           gp_layer_find_by_id              (JsonArray           *array,
                                                const char          *id);
JsonObject   *gp_layer_new_source              (const char          *id,
                                                const char          *title,
                                                const char          *url,
                                                const char          *as_of,
                                                const char          *note);
JsonObject   *gp_layer_new_instance            (const char          *id,
                                                const char          *provider,
                                                const char          *name,
                                                const char          *gpu,
                                                guint                gpu_count,
                                                const char          *source,
                                                const char          *kind,
                                                JsonObject          *figures,
                                                const char          *region,
                                                double               on_demand);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GpLabMachine, gp_lab_machine_free)

G_END_DECLS
