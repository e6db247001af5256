/* gp-catalog-loader-gpus.c — a layer's GPU models: their specifications and what they are
 * built for
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <json-glib/json-glib.h>

#include "gp-catalog-loader-private.h"
#include "gp-model-private.h"
#include "gp-text.h"

/* "use": what the model is built for, with its source; a model without it trains. */
static gboolean
read_gpu_use (GpJsonWalk *walk,
              JsonObject *object,
              GpGpu      *gpu)
{
  static const char *const fields[] = { "training", "source", NULL };
  gboolean training = TRUE;
  JsonObject *use;

  if (!gp_json_walk_enter_object (walk, object, "use", &use))
    return FALSE;
  if (use == NULL)
    return TRUE;
  if (!gp_json_walk_check_fields (walk, use, fields))
    return FALSE;
  if (gp_json_walk_member (use, "training") == NULL)
    return gp_json_walk_missing (walk, "training");
  if (!gp_json_walk_read_boolean (walk, use, "training", &training) ||
      !_gp_catalog_loader_read_source_ref (walk, use, TRUE, &gpu->use_source_id))
    return FALSE;
  gpu->inference_only = !training;
  gp_json_walk_pop (walk);
  return TRUE;
}

gboolean
_gp_catalog_loader_read_gpu (GpJsonWalk *walk,
                             JsonObject *object,
                             guint       index,
                             gpointer    user_data)
{
  static const char *const fields[] = { "id",          "name",
                                        "vendor",      "architecture",
                                        "memory_gb",   "memory_bandwidth_gbps",
                                        "fp32_tflops", "tf32_tflops",
                                        "fp16_tflops", "bf16_tflops",
                                        "fp8_tflops",  "tdp_w",
                                        "tdp_source",  "launch_year",
                                        "use",         "aliases",
                                        "notes",       "source",
                                        NULL };
  ReadContext *ctx = user_data;
  g_autoptr(GpGpu) gpu = gp_gpu_new_empty ();

  gpu->layer = ctx->data->layer;
  if (!gp_json_walk_check_fields (walk, object, fields) ||
      !gp_json_walk_read_id (walk, object, "id", TRUE, &gpu->id) ||
      !gp_json_walk_read_name (walk, object, "name", TRUE, &gpu->name) ||
      !gp_json_walk_read_name (walk, object, "vendor", FALSE, &gpu->vendor) ||
      !gp_json_walk_read_name (walk, object, "architecture", FALSE, &gpu->architecture) ||
      /* An importer may add a model it knows only by name: its memory stays unknown. */
      !gp_json_walk_read_number (walk, object, "memory_gb", FALSE, &gpu->memory_gb) ||
      !gp_json_walk_read_number (walk, object, "memory_bandwidth_gbps", FALSE,
                                 &gpu->memory_bandwidth_gbps) ||
      !gp_json_walk_read_number (walk, object, "fp32_tflops", FALSE, &gpu->fp32_tflops) ||
      !gp_json_walk_read_number (walk, object, "tf32_tflops", FALSE, &gpu->tf32_tflops) ||
      !gp_json_walk_read_number (walk, object, "fp16_tflops", FALSE, &gpu->fp16_tflops) ||
      !gp_json_walk_read_number (walk, object, "bf16_tflops", FALSE, &gpu->bf16_tflops) ||
      !gp_json_walk_read_number (walk, object, "fp8_tflops", FALSE, &gpu->fp8_tflops) ||
      !gp_json_walk_read_number (walk, object, "tdp_w", FALSE, &gpu->tdp_w) ||
      !gp_json_walk_read_id (walk, object, "tdp_source", FALSE, &gpu->tdp_source_id) ||
      !gp_json_walk_read_count (walk, object, "launch_year", FALSE, &gpu->launch_year) ||
      !read_gpu_use (walk, object, gpu) ||
      !gp_json_walk_read_strv (walk, object, "aliases", GP_TEXT_NAME, &gpu->aliases) ||
      !gp_json_walk_read_string (walk, object, "notes", FALSE, &gpu->notes) ||
      !_gp_catalog_loader_read_source_ref (walk, object, TRUE, &gpu->source_id) ||
      !gp_json_walk_check_unique (walk, ctx->seen, gpu->id, "gpus", index))
    return FALSE;

  g_ptr_array_add (ctx->data->gpus, g_steal_pointer (&gpu));
  return TRUE;
}
