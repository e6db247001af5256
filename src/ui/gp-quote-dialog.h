/* gp-quote-dialog.h — a price the lab was quoted, entered to compare with the catalog
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "gp-catalog.h"
#include "gp-offer-dialog.h"
#include "gp-quote-layer.h"

G_BEGIN_DECLS

#define GP_TYPE_QUOTE_DIALOG (gp_quote_dialog_get_type ())

G_DECLARE_FINAL_TYPE (GpQuoteDialog, gp_quote_dialog, GP, QUOTE_DIALOG, GpOfferDialog)

GpQuoteDialog *gp_quote_dialog_new       (GtkWindow      *parent,
                                          GpCatalog      *catalog,
                                          const char     *currency,
                                          GpLabLocation   lab);
GpQuote       *gp_quote_dialog_dup_quote (GpQuoteDialog  *self,
                                          GError        **error);
void           gp_quote_dialog_set_quote (GpQuoteDialog  *self,
                                          const GpQuote  *quote);

G_END_DECLS
