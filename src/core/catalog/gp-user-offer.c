/* gp-user-offer.c — an offer of the user's own, a lab machine or a quote, as the user's layer
 * keeps it
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "gp-user-offer.h"

GpUserOffer *
gp_user_offer_new_lab_machine (GpLabMachine *machine)
{
  GpUserOffer *offer = g_new0 (GpUserOffer, 1);

  offer->machine = machine;
  return offer;
}

GpUserOffer *
gp_user_offer_new_quote (GpQuote *quote)
{
  GpUserOffer *offer = g_new0 (GpUserOffer, 1);

  offer->quote = quote;
  return offer;
}

GpUserOffer *
gp_user_offer_new_from_instance (GpInstance *instance)
{
  if (gp_instance_is_quote (instance))
    return gp_user_offer_new_quote (gp_quote_new_from_instance (instance));
  if (gp_instance_get_lab_cost (instance) != NULL)
    return gp_user_offer_new_lab_machine (gp_lab_machine_new_from_instance (instance));
  return NULL;
}

void
gp_user_offer_free (GpUserOffer *offer)
{
  if (offer == NULL)
    return;
  g_clear_pointer (&offer->machine, gp_lab_machine_free);
  g_clear_pointer (&offer->quote, gp_quote_free);
  g_free (offer);
}

const char *
gp_user_offer_get_id (const GpUserOffer *offer)
{
  return offer->machine != NULL ? offer->machine->id : offer->quote->id;
}

const char *
gp_user_offer_get_name (const GpUserOffer *offer)
{
  return offer->machine != NULL ? offer->machine->name : offer->quote->name;
}

typedef struct
{
  GpUserOffer *offer;    /* what goes in, or NULL */
  const char *remove_id; /* what goes out first, or NULL */
  gboolean remove_quote; /* whether that is a quote (its provider is tidied with it) */
} Change;

static gboolean
change_layer (JsonNode  *root,
              gpointer   user_data,
              GError   **error)
{
  Change *change = user_data;
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (now, "%Y-%m-%d");
  g_autofree char *who = gp_lab_layer_dup_entered_by ();

  if (change->remove_id != NULL &&
      !(change->remove_quote ? gp_quote_layer_remove (root, change->remove_id, error)
                             : gp_lab_layer_remove (root, change->remove_id, error)))
    return FALSE;
  if (change->offer == NULL)
    return TRUE;
  if (change->offer->machine != NULL)
    return gp_lab_layer_add (root, change->offer->machine, who, date, error);
  return gp_quote_layer_add (root, change->offer->quote, error);
}

/* Adds @offer to the user's layer, or puts it in the place of @replaces, in one write (the
 * layer never lacks the offer), entered by the user today; then @catalog takes the layer. On
 * error nothing is written and @catalog is as it was. */
gboolean
gp_user_offer_put_in_catalog (GpUserOffer  *offer,
                              GpCatalog    *catalog,
                              GFile        *file,
                              const char   *replaces,
                              GError      **error)
{
  Change change = { offer, replaces, offer->quote != NULL };

  if (offer->quote != NULL)
    g_clear_pointer (&offer->quote->id, g_free);
  return gp_lab_layer_edit_catalog (catalog, file, change_layer, &change, error);
}

/* Removes the user's offer @id from the layer and from @catalog. */
gboolean
gp_user_offer_remove_from_catalog (GpCatalog   *catalog,
                                   GFile       *file,
                                   const char  *id,
                                   GError     **error)
{
  GpInstance *instance = gp_catalog_find_instance (catalog, id);
  Change change = { NULL, id, instance != NULL && gp_instance_is_quote (instance) };

  return gp_lab_layer_edit_catalog (catalog, file, change_layer, &change, error);
}
