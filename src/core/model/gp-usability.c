/* gp-usability.c — whether a lab can use an offer: reach it, and pay it as it must
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A lab in mainland China can use a platform it reaches; most of its grants reimburse spending
 * only against Chinese VAT invoices (发票), so where it says it needs them, a platform that
 * issues none cannot be paid. Where no source says either way, the platform is kept and ranked
 * after those that issue them: a filter must not hide what we merely have not found.
 */

#include "config.h"

#include "gp-instance.h"
#include "gp-provider.h"
#include "gp-usability.h"

GpUsability
gp_usability_of_offer (GpOffer       *offer,
                       GpLabLocation  lab,
                       gboolean       invoice_required)
{
  GpProvider *provider;

  g_return_val_if_fail (GP_IS_OFFER (offer), GP_USABILITY_USABLE);

  provider = gp_offer_get_provider (offer);
  if (lab != GP_LAB_LOCATION_MAINLAND_CHINA || provider == NULL ||
      gp_provider_get_kind (provider) == GP_PROVIDER_KIND_LOCAL)
    return GP_USABILITY_USABLE;
  if (gp_offer_get_reach (offer, lab) == GP_REACHABILITY_UNREACHABLE)
    return GP_USABILITY_UNREACHABLE;
  if (!invoice_required)
    return GP_USABILITY_USABLE;

  switch (gp_provider_get_answer (provider, GP_PROVIDER_GROUP_CHINESE_INVOICE))
    {
    case GP_ANSWER_YES:
      return GP_USABILITY_USABLE;
    case GP_ANSWER_NO:
      return GP_USABILITY_NO_INVOICE;
    case GP_ANSWER_NOT_FOUND:
    default:
      return GP_USABILITY_INVOICE_NOT_FOUND;
    }
}

gboolean
gp_usability_is_usable (GpUsability usability)
{
  return usability == GP_USABILITY_USABLE || usability == GP_USABILITY_INVOICE_NOT_FOUND;
}
