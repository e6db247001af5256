/* gp-catalog-updater-keys.c — when a refresh runs, and with which of the user's keys
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The updater's part that is the user's: the sources their keys open, where those keys are
 * read from, and whether a background refresh is due. In a file of its own, as the Estimate
 * page's measurements are, so that the updater stays readable.
 */

#include "config.h"

#include "gp-catalog-updater.h"
#include "gp-catalog-updater-private.h"
#include "gp-memory-key-store.h"
#include "gp-secret-key-store.h"

/* Lambda's own API: its instance types and their prices now, with the user's API key. */
#define LAMBDA_API_URL "https://cloud.lambda.ai/api/v1/instance-types"
/* Google's catalog of services and their SKUs: Vertex AI's custom-training prices, Compute
 * Engine's GPU machines. */
#define GCP_BILLING_URL "https://cloudbilling.googleapis.com/v1/services"

static const char *const keyed_names[] = { "lambda-api", "gcp-billing", NULL };

/* The sources a key opens, listed even where the user has none (Preferences says so). */
const char *const *
gp_catalog_updater_get_keyed_source_names (void)
{
  return keyed_names;
}

const char *
gp_catalog_updater_get_keyed_source_url (const char *name)
{
  if (g_strcmp0 (name, "lambda-api") == 0)
    return LAMBDA_API_URL;
  if (g_strcmp0 (name, "gcp-billing") == 0)
    return GCP_BILLING_URL;
  return NULL;
}

void
gp_catalog_updater_add_keyed_source (GpCatalogUpdater *self,
                                     const char       *name,
                                     const char       *url,
                                     GpFeedFormat      format,
                                     const char       *key)
{
  Source *source;

  g_return_if_fail (key != NULL && *key != '\0');

  gp_catalog_updater_add_source (self, name, url, format);
  source = g_ptr_array_index (self->sources, self->sources->len - 1);
  if (format == GP_FEED_FORMAT_GCP_BILLING)
    source->query_key = g_strdup (key);
  else
    source->authorization = g_strconcat ("Bearer ", key, NULL);
}

/* Adds the sources that need the user's API key and have one in @store: `lambda-api`, Lambda's
 * instance-types API, and `gcp-billing`, Google's Cloud Billing Catalog API. A source without a key
 * is not added: it is the user's choice to set one. A store that cannot be read (no keyring
 * running) adds none, and says nothing of its keys. */
void
gp_catalog_updater_add_keyed_sources (GpCatalogUpdater *self,
                                      GpKeyStore       *store)
{
  char *key;

  g_return_if_fail (GP_IS_CATALOG_UPDATER (self));
  g_return_if_fail (GP_IS_KEY_STORE (store));

  key = gp_key_store_lookup (store, "lambda-api", NULL);
  if (key != NULL && *key != '\0')
    gp_catalog_updater_add_keyed_source (self, "lambda-api", LAMBDA_API_URL,
                                         GP_FEED_FORMAT_LAMBDA_API, key);
  gp_key_free (key);
  key = gp_key_store_lookup (store, "gcp-billing", NULL);
  if (key != NULL && *key != '\0')
    gp_catalog_updater_add_keyed_source (self, "gcp-billing", GCP_BILLING_URL,
                                         GP_FEED_FORMAT_GCP_BILLING, key);
  gp_key_free (key);
}

/* The user's keys: from the environment where `GPU_PLANNER_LAMBDA_API_KEY` or
 * `GPU_PLANNER_GCP_API_KEY` is set (a command line's argument would show in `ps`), else from the
 * keyring, where a session has one. */
GpKeyStore *
gp_catalog_updater_get_user_keys (void)
{
  const char *key = g_getenv ("GPU_PLANNER_LAMBDA_API_KEY");
  const char *gcp_key = g_getenv ("GPU_PLANNER_GCP_API_KEY");
  GpKeyStore *store;

  if ((key == NULL || *key == '\0') && (gcp_key == NULL || *gcp_key == '\0'))
    /* Without a session bus there is no keyring to ask, and asking would start one. */
    return g_getenv ("DBUS_SESSION_BUS_ADDRESS") != NULL ? gp_secret_key_store_new ()
                                                         : gp_memory_key_store_new ();
  store = gp_memory_key_store_new ();
  if (key != NULL && *key != '\0')
    gp_key_store_store (store, "lambda-api", key, NULL);
  if (gcp_key != NULL && *gcp_key != '\0')
    gp_key_store_store (store, "gcp-billing", gcp_key, NULL);
  return store;
}

/* A background refresh is never worth a metered connection's bytes: the user refreshes by hand
 * there. */
gboolean
gp_catalog_updater_is_refresh_due (GpCatalogUpdater *self,
                                   GTimeSpan         interval,
                                   gboolean          metered)
{
  g_autoptr(GDateTime) last = NULL;
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();

  g_return_val_if_fail (GP_IS_CATALOG_UPDATER (self), FALSE);

  if (metered)
    return FALSE;
  last = gp_catalog_updater_get_last_refresh (self);
  return last == NULL || g_date_time_difference (now, last) >= interval;
}
