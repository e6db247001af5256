/* gp-text-batch.h — laid-out texts drawn as few text operations as their fonts allow
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <pango/pangocairo.h>

#include "gp-text-lines.h"

G_BEGIN_DECLS

typedef struct _GpTextBatch GpTextBatch;

GpTextBatch *gp_text_batch_new   (cairo_t     *cr);
void         gp_text_batch_add   (GpTextBatch *batch,
                                  PangoLayout *layout,
                                  double       x,
                                  double       y);
void         gp_text_batch_add_lines (GpTextBatch *batch,
                                      PangoLayout *layout,
                                      GArray      *lines,
                                      double       x,
                                      double       y);
void         gp_text_batch_flush (GpTextBatch *batch);
void         gp_text_batch_free  (GpTextBatch *batch);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GpTextBatch, gp_text_batch_free)

G_END_DECLS
