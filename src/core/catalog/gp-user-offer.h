/* gp-user-offer.h — an offer of the user's own, a lab machine or a quote, as the user's layer
 * keeps it: added, replaced and removed alike
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "gp-lab-layer.h"
#include "gp-quote-layer.h"

G_BEGIN_DECLS

/**
 * GpUserOffer:
 * @machine: (nullable): the lab machine it is
 * @quote: (nullable): the quote it is
 *
 * One of the two kinds of offer the user enters; the other member is %NULL. They differ only
 * in what they are made of (a machine's purchase and power, a quote's validity and source).
 */
typedef struct
{
  GpLabMachine *machine;
  GpQuote *quote;
} GpUserOffer;

GpUserOffer *gp_user_offer_new_lab_machine     (GpLabMachine  *machine);
GpUserOffer *gp_user_offer_new_quote           (GpQuote       *quote);
GpUserOffer *gp_user_offer_new_from_instance   (GpInstance    *instance);
void         gp_user_offer_free                (GpUserOffer   *offer);
const char  *gp_user_offer_get_id              (const GpUserOffer *offer);
const char  *gp_user_offer_get_name            (const GpUserOffer *offer);
gboolean     gp_user_offer_put_in_catalog      (GpUserOffer   *offer,
                                                GpCatalog     *catalog,
                                                GFile         *file,
                                                const char    *replaces,
                                                GError       **error);
gboolean     gp_user_offer_remove_from_catalog (GpCatalog     *catalog,
                                                GFile         *file,
                                                const char    *id,
                                                GError       **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GpUserOffer, gp_user_offer_free)

G_END_DECLS
