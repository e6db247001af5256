/* gp-catalog-loader-sources.c — a layer's sources, and the reference to one that every figure
 * carries
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <json-glib/json-glib.h>

#include <glib/gi18n-lib.h>

#include "gp-catalog-error.h"
#include "gp-catalog-loader-private.h"
#include "gp-model-private.h"

/* Every figure needs a source: a group of figures names one by id. */
gboolean
_gp_catalog_loader_read_source_ref (GpJsonWalk  *walk,
                                    JsonObject  *object,
                                    gboolean     required,
                                    char       **out)
{
  if (gp_json_walk_member (object, "source") != NULL)
    return gp_json_walk_read_id (walk, object, "source", TRUE, out);
  if (!required)
    return TRUE;
  return gp_json_walk_fail_at (
      walk, "source", GP_CATALOG_ERROR_MISSING_SOURCE,
      _("every figure needs a source: name one of the catalog's sources"));
}

gboolean
_gp_catalog_loader_read_source (GpJsonWalk *walk,
                                JsonObject *object,
                                guint       index,
                                gpointer    user_data)
{
  static const char *const fields[] = { "id", "title", "url", "as_of", "note", NULL };
  ReadContext *ctx = user_data;
  g_autoptr(GpSource) source = gp_source_new_empty ();

  source->layer = ctx->data->layer;
  if (!gp_json_walk_check_fields (walk, object, fields) ||
      !gp_json_walk_read_id (walk, object, "id", TRUE, &source->id) ||
      !gp_json_walk_read_name (walk, object, "title", TRUE, &source->title) ||
      !gp_json_walk_read_name (walk, object, "url", FALSE, &source->url) ||
      !gp_json_walk_read_string (walk, object, "note", FALSE, &source->note))
    return FALSE;

  if (gp_json_walk_member (object, "as_of") == NULL)
    {
      gp_json_walk_push_key (walk, "as_of");
      return gp_json_walk_fail (walk, GP_CATALOG_ERROR_MISSING_SOURCE,
                                _("a source needs the date its figures were current"));
    }
  if (!gp_json_walk_read_as_of (walk, object, "as_of", TRUE, &source->as_of) ||
      !gp_json_walk_check_unique (walk, ctx->seen, source->id, "sources", index))
    return FALSE;

  g_ptr_array_add (ctx->data->sources, g_steal_pointer (&source));
  return TRUE;
}
