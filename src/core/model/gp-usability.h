/* gp-usability.h — whether a lab can use an offer: reach it, and pay it as it must
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "gp-offer.h"
#include "gp-types.h"

G_BEGIN_DECLS

/**
 * GpUsability:
 * @GP_USABILITY_USABLE: the lab reaches it and, where it needs Chinese invoices, the platform
 *   issues them (or the lab needs none)
 * @GP_USABILITY_INVOICE_NOT_FOUND: the lab reaches it and needs Chinese invoices, and no
 *   source says whether the platform issues them: kept, ranked after those that do
 * @GP_USABILITY_NO_INVOICE: the lab reaches it, needs Chinese invoices, and the platform
 *   issues none: the lab cannot pay it
 * @GP_USABILITY_UNREACHABLE: the lab, in mainland China, cannot reach it
 *
 * Whether a lab can use an offer, the worst reason first in the order of ranking.
 */
typedef enum
{
  GP_USABILITY_USABLE,
  GP_USABILITY_INVOICE_NOT_FOUND,
  GP_USABILITY_NO_INVOICE,
  GP_USABILITY_UNREACHABLE,
} GpUsability;

GpUsability gp_usability_of_offer  (GpOffer       *offer,
                                    GpLabLocation  lab,
                                    gboolean       invoice_required);
gboolean    gp_usability_is_usable (GpUsability    usability);

G_END_DECLS
