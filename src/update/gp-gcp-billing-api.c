/* gp-gcp-billing-api.c — Vertex AI and Compute Engine prices from the Cloud Billing Catalog API
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * GET {BASE}/{SERVICE}/skus?key=KEY&currencyCode=USD answers { "skus": [ { "description",
 * "category": { "resourceFamily", "resourceGroup", "usageType" }, "serviceRegions": [...],
 * "pricingInfo": [ { "effectiveTime", "pricingExpression": { "usageUnit", "tieredRates": [
 * { "unitPrice": { "units": "2", "nanos": 933908000 } } ] } } ] } ], "nextPageToken" }, a page
 * at a time. Vertex AI bills a custom-training machine by its parts, each a SKU per group of
 * regions ("… A100 GPU running in Americas", the family's "Core" and "Ram"): a machine's price
 * is its GPUs', vCPUs' and memory's, where the SKUs give all three in a region. A machine they
 * do not make up keeps its derived price, and the result's notes say so. Compute Engine bills its
 * GPU machines the same way, on demand and as Spot VMs (gp-gcp-compute.c).
 *
 * The API takes the key in the address's query only: the address with it is made here, for one
 * request at a time, and never leaves this file; an error that quotes it has it masked.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "gp-gcp-billing-api.h"
#include "gp-gcp-billing-private.h"
#include "gp-import-builder.h"
#include "gp-import-values.h"
#include "gp-json-reader.h"
#include "gp-key-store.h"
#include "gp-text.h"
#include "gp-update-error.h"

/* The services read, by their ids in the catalog of services, in GpGcpService's order. */
static const struct
{
  const char *id;
  const char *name;
} services[] = {
  [GP_GCP_SERVICE_VERTEX] = { "C7E2-9256-1C43", "Vertex AI" },
  [GP_GCP_SERVICE_COMPUTE] = { "6F81-5844-456A", "Compute Engine" },
};

/* Compute Engine SKUs of other ways of paying, or of machines priced apart from their parts. */
static const char *const compute_skipped[] = {
  "commitment", "reserved", "dws", "calendar", "flex", "sole", "tenancy", "workstation", NULL,
};

typedef struct
{
  GpHttpSession *session;
  char *base_url;
  char *key;
  GpCatalog *base;
  GpHttpFetchOptions options;
  guint service;
  guint page;
  char *token;
  GPtrArray *skus;
  guint64 bytes;
} Fetch;

static void
sku_free (gpointer data)
{
  GpGcpSku *sku = data;

  g_free (sku->words);
  g_strfreev (sku->regions);
  g_free (sku->date);
  g_free (sku);
}

static void
fetch_free (gpointer data)
{
  Fetch *fetch = data;

  g_free (fetch->base_url);
  gp_key_free (fetch->key);
  g_clear_object (&fetch->base);
  g_free (fetch->token);
  g_ptr_array_unref (fetch->skus);
  g_free (fetch);
}

void
gp_gcp_billing_result_free (GpGcpBillingResult *result)
{
  g_clear_pointer (&result->part, g_bytes_unref);
  g_clear_pointer (&result->notes, g_ptr_array_unref);
  g_free (result->as_of);
  g_free (result);
}

/* Reading a page */

static JsonObject *
first_object (JsonObject *object,
              const char *member)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, member) : NULL;
  JsonArray *array =
      node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
  JsonNode *first =
      array != NULL && json_array_get_length (array) > 0 ? json_array_get_element (array, 0) : NULL;

  return first != NULL && JSON_NODE_HOLDS_OBJECT (first) ? json_node_get_object (first) : NULL;
}

/* A JSON integer, or a string of one (the API writes int64 as strings). */
static gboolean
integer_at (JsonObject *money,
            const char *member,
            gint64     *value,
            char      **text)
{
  JsonNode *node = json_object_get_member (money, member);

  *value = 0;
  if (node == NULL)
    return TRUE;
  if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_INT64)
    {
      *value = json_node_get_int (node);
      return TRUE;
    }
  *text = JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING
              ? g_strdup (json_node_get_string (node))
              : json_to_string (node, FALSE);
  return JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING &&
         g_ascii_string_to_signed (*text, 10, G_MININT64, G_MAXINT64, value, NULL);
}

static char *
words_of (const char *description)
{
  g_autofree char *lower = g_ascii_strdown (description, -1);

  for (char *c = lower; *c != '\0'; c++)
    if (!g_ascii_isalnum (*c))
      *c = ' ';
  return g_strconcat (" ", lower, " ", NULL);
}

gboolean
gp_gcp_sku_has_word (const GpGcpSku *sku,
                     const char     *word)
{
  g_autofree char *spaced = g_strconcat (" ", word, " ", NULL);

  return strstr (sku->words, spaced) != NULL;
}

/* Whether @sku is of use: a Vertex AI custom-training part billed on demand; a Compute Engine
 * machine part (GPU, core, memory or a whole machine's slice) on demand or on Spot VMs. */
static gboolean
sku_is_used (const GpGcpSku *sku,
             const char     *usage)
{
  if (!(gp_gcp_sku_has_word (sku, "gpu") || gp_gcp_sku_has_word (sku, "core") ||
        gp_gcp_sku_has_word (sku, "ram") || gp_gcp_sku_has_word (sku, "slice") ||
        gp_gcp_sku_has_word (sku, "6000")))
    return FALSE;
  if (sku->service == GP_GCP_SERVICE_VERTEX)
    return g_str_equal (usage, "OnDemand") && gp_gcp_sku_has_word (sku, "training");
  for (guint i = 0; compute_skipped[i] != NULL; i++)
    if (gp_gcp_sku_has_word (sku, compute_skipped[i]))
      return FALSE;
  return gp_gcp_sku_has_word (sku, "running") &&
         (g_str_equal (usage, "OnDemand") || g_str_equal (usage, "Preemptible"));
}

/* A SKU of use here (sku_is_used()), with its price; NULL for one of no use. */
static GpGcpSku *
read_sku (JsonObject    *object,
          GpGcpService   service,
          const char    *place,
          GError       **error)
{
  const char *description = gp_import_json_string (object, "description");
  JsonObject *info = first_object (object, "pricingInfo");
  JsonObject *rate =
      first_object (gp_import_json_object (info, "pricingExpression"), "tieredRates");
  JsonObject *money = gp_import_json_object (rate, "unitPrice");
  const char *time = gp_import_json_string (info, "effectiveTime");
  const char *usage =
      gp_import_json_string (gp_import_json_object (object, "category"), "usageType");
  JsonNode *regions = json_object_get_member (object, "serviceRegions");
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_autofree char *bad = NULL;
  const char *currency, *problem;
  gint64 units, nanos;
  GpGcpSku *sku;

  if (description == NULL || usage == NULL)
    return NULL;
  sku = g_new0 (GpGcpSku, 1);
  sku->words = words_of (description);
  sku->service = service;
  sku->spot = g_str_equal (usage, "Preemptible");
  if (!sku_is_used (sku, usage) || regions == NULL || !JSON_NODE_HOLDS_ARRAY (regions))
    {
      sku_free (sku);
      return NULL;
    }
  if (money == NULL || time == NULL || strlen (time) < 10 ||
      !integer_at (money, "units", &units, &bad) || !integer_at (money, "nanos", &nanos, &bad))
    {
      g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT, "%s (“%s”): %s%s%s", place,
                   description, bad != NULL ? "unitPrice “" : "no unitPrice or effectiveTime",
                   bad != NULL ? bad : "", bad != NULL ? "” is not a price" : "");
      sku_free (sku);
      return NULL;
    }
  sku->price = units + nanos / 1e9;
  sku->date = g_strndup (time, 10);
  currency = gp_import_json_string (money, "currencyCode");
  problem = !gp_date_is_valid (sku->date, FALSE)                ? "effectiveTime is not a date"
            : sku->price < 0                                    ? "unitPrice is below 0"
            : currency != NULL && strcmp (currency, "USD") != 0 ? "unitPrice is not in USD"
                                                                : NULL;
  if (problem != NULL)
    {
      g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT, "%s (“%s”): %s", place,
                   description, problem);
      sku_free (sku);
      return NULL;
    }
  for (guint i = 0; i < json_array_get_length (json_node_get_array (regions)); i++)
    {
      JsonNode *region = json_array_get_element (json_node_get_array (regions), i);

      if (JSON_NODE_HOLDS_VALUE (region) && json_node_get_value_type (region) == G_TYPE_STRING)
        g_strv_builder_add (builder, json_node_get_string (region));
    }
  sku->regions = g_strv_builder_end (builder);
  return sku;
}

/* The SKUs of a page kept in @skus; its next page's token, NULL at the last. */
static gboolean
read_page (GBytes        *page,
           GpGcpService   service,
           const char    *place,
           GPtrArray     *skus,
           char         **next_token,
           GError       **error)
{
  g_autoptr(JsonNode) root = gp_json_read_bytes (page, place, error);
  JsonObject *object =
      root != NULL && JSON_NODE_HOLDS_OBJECT (root) ? json_node_get_object (root) : NULL;
  JsonNode *list = object != NULL ? json_object_get_member (object, "skus") : NULL;
  const char *token = gp_import_json_string (object, "nextPageToken");

  if (root == NULL)
    return FALSE;
  if (object == NULL || (list != NULL && !JSON_NODE_HOLDS_ARRAY (list)))
    {
      g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT,
                   _("%s: not a page of SKUs: no \"skus\" list"), place);
      return FALSE;
    }
  for (guint i = 0; list != NULL && i < json_array_get_length (json_node_get_array (list)); i++)
    {
      JsonNode *node = json_array_get_element (json_node_get_array (list), i);
      g_autofree char *sku_place = g_strdup_printf ("%s, skus[%u]", place, i);
      GError *sku_error = NULL;
      GpGcpSku *sku = JSON_NODE_HOLDS_OBJECT (node)
                          ? read_sku (json_node_get_object (node), service, sku_place, &sku_error)
                          : NULL;

      if (sku_error != NULL)
        {
          g_propagate_error (error, sku_error);
          return FALSE;
        }
      if (sku != NULL)
        g_ptr_array_add (skus, sku);
    }
  *next_token = token != NULL && *token != '\0' ? g_strdup (token) : NULL;
  return TRUE;
}

/* Putting machines together */

/* The SKU of one part of @instance in @region: its GPU ("gpu"), its cores ("core") or its
 * memory ("ram"); NULL where the SKUs have none. */
static const GpGcpSku *
find_part (GPtrArray  *skus,
           GpInstance *instance,
           const char *region,
           const char *part)
{
  const char *name = gp_instance_get_raw_name (instance);
  const char *gpu = gp_gpu_get_id (gp_instance_get_gpu (instance));
  g_autofree char *family = g_strndup (name, strcspn (name, "-"));
  g_autofree char *model = g_strndup (gpu, strcspn (gpu, "-"));
  gboolean is_gpu = g_str_equal (part, "gpu");

  for (guint i = 0; i < skus->len; i++)
    {
      const GpGcpSku *sku = g_ptr_array_index (skus, i);

      if (sku->service != GP_GCP_SERVICE_VERTEX ||
          !g_strv_contains ((const char *const *) sku->regions, region) ||
          !gp_gcp_sku_has_word (sku, part) || (!is_gpu && gp_gcp_sku_has_word (sku, "gpu")))
        continue;
      if (!is_gpu && gp_gcp_sku_has_word (sku, family))
        return sku;
      /* A100 40GB and 80GB, H100 and H100 Mega are SKUs of their own. */
      if (is_gpu && gp_gcp_sku_has_word (sku, model) &&
          (!g_str_equal (model, "a100") ||
           gp_gcp_sku_has_word (sku, "80gb") == (strstr (gpu, "80gb") != NULL)) &&
          (!g_str_equal (model, "h100") ||
           gp_gcp_sku_has_word (sku, "mega") == (strstr (name, "mega") != NULL)))
        return sku;
    }
  return NULL;
}

typedef struct
{
  GpCatalog *base;
  GPtrArray *skus;
  const char *url;
  JsonArray *sources;
  GHashTable *dates; /* the sources written, by date */
  GpGcpBillingResult *result;
} Import;

/* The source of the prices of one date: the SKUs' effectiveTime. */
static const char *
source_for (Import     *import,
            const char *date)
{
  char *id = g_hash_table_lookup (import->dates, date);
  JsonObject *source;

  if (id != NULL)
    return id;
  id = g_strdup_printf ("gcp-billing-api-%s", date);
  source = json_object_new ();
  json_object_set_string_member (source, "id", id);
  json_object_set_string_member (source, "title",
                                 "Cloud Billing Catalog API: Vertex AI custom training SKUs");
  if (import->url != NULL)
    json_object_set_string_member (source, "url", import->url);
  json_object_set_string_member (source, "as_of", date);
  json_array_add_object_element (import->sources, source);
  g_hash_table_insert (import->dates, g_strdup (date), id);
  if (import->result->as_of == NULL || strcmp (date, import->result->as_of) < 0)
    {
      g_free (import->result->as_of);
      import->result->as_of = g_strdup (date);
    }
  return id;
}

static void
note (Import     *import,
      const char *format,
      ...) G_GNUC_PRINTF (2, 3);

static void
note (Import     *import,
      const char *format,
      ...)
{
  va_list args;

  va_start (args, format);
  g_ptr_array_add (import->result->notes, g_strdup_vprintf (format, args));
  va_end (args);
}

/* One region's price of @instance from its parts' SKUs, or NULL. */
static JsonObject *
price_region (Import     *import,
              GpInstance *instance,
              const char *region)
{
  const GpGcpSku *gpu = find_part (import->skus, instance, region, "gpu");
  const GpGcpSku *core = find_part (import->skus, instance, region, "core");
  const GpGcpSku *ram = find_part (import->skus, instance, region, "ram");
  const char *date;
  JsonObject *price;
  double total;

  if (gpu == NULL || core == NULL || ram == NULL)
    return NULL;
  total = gp_instance_get_gpu_count (instance) * gpu->price +
          gp_instance_get_vcpus (instance) * core->price +
          gp_instance_get_memory_gb (instance) * ram->price;
  /* A figure is as old as the oldest part it is put together from. */
  date = strcmp (gpu->date, core->date) < 0 ? gpu->date : core->date;
  date = strcmp (date, ram->date) < 0 ? date : ram->date;
  price = json_object_new ();
  json_object_set_string_member (price, "region", region);
  json_object_set_double_member (price, "on_demand", round (total * 1e6) / 1e6);
  json_object_set_string_member (price, "source", source_for (import, date));
  return price;
}

/* @instance quoted in the regions its parts' SKUs price; NULL (noted) where they price none. */
static JsonObject *
price_instance (Import     *import,
                GpInstance *instance)
{
  const char *name = gp_instance_get_raw_name (instance);
  GListModel *offers = gp_instance_get_offers (instance);
  g_autoptr(GString) missing = g_string_new (NULL);
  JsonArray *prices = json_array_new ();
  JsonObject *object;

  for (guint i = 0;
       gp_instance_get_vcpus (instance) > 0 && gp_instance_get_memory_gb (instance) > 0 &&
       i < g_list_model_get_n_items (offers);
       i++)
    {
      g_autoptr(GpOffer) offer = g_list_model_get_item (offers, i);
      JsonObject *price = price_region (import, instance, gp_offer_get_region_id (offer));

      if (price != NULL)
        json_array_add_object_element (prices, price);
      else
        g_string_append_printf (missing, "%s%s", missing->len > 0 ? ", " : "",
                                gp_offer_get_region_id (offer));
    }
  if (json_array_get_length (prices) == 0)
    {
      note (import,
            /* Translators: a Vertex AI machine's name; SKU is Google's word for a priced item */
            _("%s: no training SKUs of its GPUs, cores and memory in its regions; its "
               "derived price stays"),
            name);
      json_array_unref (prices);
      return NULL;
    }
  if (missing->len > 0)
    /* Translators: a Vertex AI machine's name, then a list of regions */
    note (import, _("%s: no training SKUs of its parts in %s; left out there"), name,
          missing->str);

  object = json_object_new ();
  json_object_set_string_member (object, "id", gp_instance_get_id (instance));
  json_object_set_string_member (object, "provider", "vertex-ai");
  json_object_set_string_member (object, "name", name);
  json_object_set_string_member (object, "gpu", gp_gpu_get_id (gp_instance_get_gpu (instance)));
  json_object_set_int_member (object, "gpu_count", gp_instance_get_gpu_count (instance));
  json_object_set_int_member (object, "vcpus", gp_instance_get_vcpus (instance));
  json_object_set_double_member (object, "memory_gb", gp_instance_get_memory_gb (instance));
  if (gp_instance_get_interconnect (instance) != NULL)
    json_object_set_string_member (object, "interconnect", gp_instance_get_interconnect (instance));
  json_object_set_string_member (
      object, "source",
      json_object_get_string_member (json_array_get_object_element (prices, 0), "source"));
  json_object_set_array_member (object, "prices", prices);
  import->result->offers += json_array_get_length (prices);
  return object;
}

/* The Compute Engine machines the SKUs price added to @priced; the date of the oldest SKU. */
static void
import_compute (Import    *import,
                JsonArray *priced)
{
  g_autofree char *as_of = NULL;
  guint offers = 0;
  g_autoptr(JsonArray) machines =
      gp_gcp_compute_price (import->base, import->skus, import->url, import->sources,
                            import->result->notes, &offers, &as_of);

  for (guint i = 0; i < json_array_get_length (machines); i++)
    json_array_add_element (priced, json_array_dup_element (machines, i));
  import->result->offers += offers;
  if (as_of != NULL && (import->result->as_of == NULL || strcmp (as_of, import->result->as_of) < 0))
    {
      g_free (import->result->as_of);
      import->result->as_of = g_steal_pointer (&as_of);
    }
}

/* The layer of the Vertex AI and Compute Engine machines the SKUs price; an error where they
 * price none. */
static gboolean
import_skus (Import  *import,
             GError **error)
{
  GListModel *instances = gp_catalog_get_instances (import->base);
  g_autoptr(JsonNode) layer = json_node_new (JSON_NODE_OBJECT);
  JsonObject *head = json_object_new ();
  JsonArray *priced = json_array_new ();
  guint machines = 0;

  json_node_take_object (layer, head);
  import->sources = json_array_new ();
  for (guint i = 0; i < g_list_model_get_n_items (instances); i++)
    {
      g_autoptr(GpInstance) instance = g_list_model_get_item (instances, i);
      JsonObject *object;

      if (g_strcmp0 (gp_provider_get_id (gp_instance_get_provider (instance)), "vertex-ai") != 0)
        continue;
      machines++;
      if ((object = price_instance (import, instance)) != NULL)
        json_array_add_object_element (priced, object);
    }
  import_compute (import, priced);
  json_object_set_int_member (head, "schema_version", 1);
  json_object_set_string_member (head, "name",
                                 "Cloud Billing Catalog API, Vertex AI and Compute Engine");
  json_object_set_string_member (head, "currency", "USD");
  json_object_set_array_member (head, "sources", import->sources);
  json_object_set_array_member (head, "instances", priced);
  if (json_array_get_length (priced) == 0)
    {
      g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT,
                   _("none of the catalog's %u Vertex AI machines nor its Compute Engine GPU "
                      "machines could be put together from the %u SKUs read; their prices stay"),
                   machines, import->skus->len);
      return FALSE;
    }
  json_object_set_string_member (head, "as_of", import->result->as_of);
  import->result->part = gp_import_tree_to_bytes (layer);
  return TRUE;
}

/* Fetching */

static void fetch_page (GTask *task);

/* The key is masked in what an error says, wherever a lower layer quoted the address. */
static void
fail (GTask    *task,
      GError   *error,
      gboolean  place)
{
  Fetch *fetch = g_task_get_task_data (task);
  g_autoptr(GString) message = g_string_new (error->message);
  g_autofree char *escaped = g_uri_escape_string (fetch->key, NULL, FALSE);

  if (place && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_autofree char *where =
          g_strdup_printf ("%s SKUs, page %u: ", services[fetch->service].name, fetch->page);

      g_string_prepend (message, where);
    }
  g_string_replace (message, escaped, "…", 0);
  g_string_replace (message, fetch->key, "…", 0);
  g_free (error->message);
  error->message = g_string_free (g_steal_pointer (&message), FALSE);
  g_task_return_error (task, error);
  g_object_unref (task);
}

static void
page_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  GTask *task = user_data;
  Fetch *fetch = g_task_get_task_data (task);
  GError *error = NULL;
  g_autoptr(GpHttpResponse) response = gp_http_fetch_finish (result, &error);
  g_autofree char *place = NULL;
  g_autofree char *next = NULL;

  if (response == NULL)
    {
      fail (task, error, TRUE);
      return;
    }
  fetch->bytes += response->size;
  place = g_strdup_printf ("%s SKUs, page %u", services[fetch->service].name, fetch->page);
  if (!read_page (g_ptr_array_index (response->pages, 0), fetch->service, place, fetch->skus, &next,
                  &error))
    {
      fail (task, error, FALSE);
      return;
    }
  g_free (fetch->token);
  fetch->token = g_steal_pointer (&next);
  if (fetch->token == NULL)
    {
      fetch->service++;
      fetch->page = 0;
    }
  fetch_page (task);
}

static void
finish (GTask *task)
{
  Fetch *fetch = g_task_get_task_data (task);
  g_autoptr(GpGcpBillingResult) result = g_new0 (GpGcpBillingResult, 1);
  g_autoptr(GHashTable) dates = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  Import import = { fetch->base, fetch->skus, fetch->base_url, NULL, dates, result };
  GError *error = NULL;

  result->notes = g_ptr_array_new_with_free_func (g_free);
  result->bytes = fetch->bytes;
  if (!import_skus (&import, &error))
    {
      g_task_return_error (task, error);
      g_object_unref (task);
      return;
    }
  g_task_return_pointer (task, g_steal_pointer (&result),
                         (GDestroyNotify) gp_gcp_billing_result_free);
  g_object_unref (task);
}

static void
fetch_page (GTask *task)
{
  Fetch *fetch = g_task_get_task_data (task);
  g_autofree char *key = NULL;
  g_autofree char *token = NULL;
  g_autofree char *url = NULL;

  if (fetch->service >= G_N_ELEMENTS (services))
    {
      finish (task);
      return;
    }
  fetch->page++;
  key = g_uri_escape_string (fetch->key, NULL, FALSE);
  token = fetch->token != NULL ? g_uri_escape_string (fetch->token, NULL, FALSE) : NULL;
  url = g_strdup_printf ("%s/%s/skus?key=%s&currencyCode=USD%s%s", fetch->base_url,
                         services[fetch->service].id, key, token != NULL ? "&pageToken=" : "",
                         token != NULL ? token : "");
  gp_http_fetch_async (fetch->session, url, &fetch->options, g_task_get_cancellable (task), page_cb,
                       task);
  memset (url, 0, strlen (url));
  memset (key, 0, strlen (key));
}

/* Reads every page of the SKUs of Vertex AI and puts its machines' prices together. */
void
gp_gcp_billing_fetch_async (GpHttpSession            *session,
                            const char               *base_url,
                            const char               *key,
                            GpCatalog                *base,
                            const GpHttpFetchOptions *options,
                            GCancellable             *cancellable,
                            GAsyncReadyCallback       callback,
                            gpointer                  user_data)
{
  GTask *task = g_task_new (NULL, cancellable, callback, user_data);
  Fetch *fetch = g_new0 (Fetch, 1);

  g_task_set_source_tag (task, gp_gcp_billing_fetch_async);
  fetch->session = session;
  fetch->base_url = g_strdup (base_url);
  if (g_str_has_suffix (fetch->base_url, "/"))
    fetch->base_url[strlen (fetch->base_url) - 1] = '\0';
  fetch->key = g_strdup (key);
  fetch->base = g_object_ref (base);
  fetch->options = *options;
  fetch->options.authorization = NULL;
  fetch->options.next_page = NULL;
  fetch->options.if_none_match = NULL;
  fetch->options.if_modified_since = NULL;
  fetch->skus = g_ptr_array_new_with_free_func (sku_free);
  g_task_set_task_data (task, fetch, fetch_free);
  fetch_page (task);
}

GpGcpBillingResult *
gp_gcp_billing_fetch_finish (GAsyncResult  *result,
                             GError       **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}
