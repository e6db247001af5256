/* gp-gcp-compute.c — Compute Engine GPU machines priced from their parts' Cloud Billing SKUs
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Compute Engine bills a GPU machine by its parts, each a SKU per group of regions: its family's
 * vCPUs ("A2 Instance Core running in Americas") and memory ("A2 Instance Ram …", a GiB-hour),
 * and its GPUs ("Nvidia Tesla A100 GPU running in …"); Spot VMs by SKUs of their own
 * ("Spot Preemptible A2 Instance Core …", "Nvidia Tesla A100 GPU attached to Spot Preemptible
 * VMs …", usageType Preemptible). A4 machines are billed whole, by the GPU ("A4 Nvidia B200
 * (1 gpu slice) running in …"), and the N1 GPU entries are the GPUs alone.
 *
 * A layer replaces an instance whole: a machine the SKUs price is written with every region it
 * has. A region whose parts are all there gets the sum on demand (and on Spot VMs, where its
 * spot parts are all there too); its commitment prices keep their own source. A region missing
 * a part keeps its figures as they were, and is counted in the notes: never half a price. The
 * refresh makes the part again at its end (gp_gcp_billing_complete()), so that those copies
 * follow a source refreshed after it.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "gp-enums.h"
#include "gp-gcp-billing-api.h"
#include "gp-gcp-billing-private.h"
#include "gp-import-builder.h"
#include "gp-json-reader.h"

/* The machines priced, by the start of their ids' names. @family is the word of their core and
 * memory SKUs (NULL: the GPUs alone); their GPU SKU has every word of @gpu and none of @not_gpu.
 * Machines not here (A3 Ultra and Edge among them, whose SKUs' wording is not known here) keep
 * the prices of their other sources. */
static const struct
{
  const char *prefix;
  const char *family;
  const char *gpu;
  const char *not_gpu;
} families[] = {
  { "a2-highgpu-", "a2", "a100", "80gb" },
  { "a2-megagpu-", "a2", "a100", "80gb" },
  { "a2-ultragpu-", "a2", "a100 80gb", NULL },
  { "a3-highgpu-", "a3", "h100 80gb", "mega plus" },
  /* A3 Mega's SKUs say "A3Plus" and "H100 80GB Plus". */
  { "a3-megagpu-", "a3plus", "h100 80gb plus", NULL },
  { "a4-highgpu-", NULL, "a4 b200 slice", NULL },
  { "g2-standard-", "g2", "l4 gpu", NULL },
  { "g4-standard-", "g4", "rtx 6000 96gb", NULL },
  { "n1-gpu-p100", NULL, "p100 gpu", NULL },
  { "n1-gpu-p4", NULL, "p4 gpu", NULL },
  { "n1-gpu-t4", NULL, "t4 gpu", NULL },
  { "n1-gpu-v100", NULL, "v100 gpu", NULL },
};

#define SOURCE_PREFIX "gcp-billing-compute-"

/* Core and memory SKUs of other machines of a family's letter. */
#define NOT_PART "gpu custom ultra edge"

typedef struct
{
  GpCatalog *base;
  GPtrArray *skus;
  const char *url;
  JsonArray *sources;
  GHashTable *dates; /* the sources written, by date */
  GHashTable *cited; /* sources of figures kept, restated where a refresh brought them */
  GPtrArray *notes;
  GString *unpriced; /* the machines none of whose regions the SKUs price */
  guint offers;
  guint kept; /* regions that keep their price: a part missing */
  char *as_of;
} Compute;

/* Whether @sku has every one of @words (@all), or any of them. */
static gboolean
has_words (const GpGcpSku     *sku,
           const char *const  *words,
           gboolean            all)
{
  for (guint i = 0; words != NULL && words[i] != NULL; i++)
    if (gp_gcp_sku_has_word (sku, words[i]) != all)
      return !all;
  return all;
}

static const GpGcpSku *
find_sku (Compute    *compute,
          const char *region,
          gboolean    spot,
          const char *words,
          const char *not_words)
{
  g_auto(GStrv) all = g_strsplit (words, " ", -1);
  g_auto(GStrv) none = not_words != NULL ? g_strsplit (not_words, " ", -1) : NULL;

  for (guint i = 0; i < compute->skus->len; i++)
    {
      const GpGcpSku *sku = g_ptr_array_index (compute->skus, i);

      if (sku->service == GP_GCP_SERVICE_COMPUTE && sku->spot == spot &&
          g_strv_contains ((const char *const *) sku->regions, region) &&
          has_words (sku, (const char *const *) all, TRUE) &&
          !has_words (sku, (const char *const *) none, FALSE))
        return sku;
    }
  return NULL;
}

static const char *
older (const char *date,
       const char *other)
{
  return date == NULL || strcmp (other, date) < 0 ? other : date;
}

/* @instance's price in @region on demand or on Spot VMs, and the date of its oldest part;
 * FALSE where a part's SKU is missing. */
static gboolean
sum_parts (Compute     *compute,
           guint        family,
           GpInstance  *instance,
           const char  *region,
           gboolean     spot,
           double      *price,
           const char **date)
{
  const GpGcpSku *gpu =
      find_sku (compute, region, spot, families[family].gpu, families[family].not_gpu);
  g_autofree char *core_words = NULL;
  g_autofree char *ram_words = NULL;
  const GpGcpSku *core, *ram;

  if (gpu == NULL)
    return FALSE;
  *price = gp_instance_get_gpu_count (instance) * gpu->price;
  *date = gpu->date;
  if (families[family].family == NULL)
    return TRUE;
  core_words = g_strconcat (families[family].family, " instance core", NULL);
  ram_words = g_strconcat (families[family].family, " instance ram", NULL);
  core = find_sku (compute, region, spot, core_words, NOT_PART);
  ram = find_sku (compute, region, spot, ram_words, NOT_PART);
  if (core == NULL || ram == NULL || gp_instance_get_vcpus (instance) == 0 ||
      !(gp_instance_get_memory_gb (instance) > 0))
    return FALSE;
  *price += gp_instance_get_vcpus (instance) * core->price +
            gp_instance_get_memory_gb (instance) * ram->price;
  /* A figure is as old as the oldest part it is put together from. */
  *date = older (older (*date, core->date), ram->date);
  return TRUE;
}

/* The source of the prices of one date: the SKUs' effectiveTime. */
static const char *
source_for (Compute    *compute,
            const char *date)
{
  char *id = g_hash_table_lookup (compute->dates, date);
  JsonObject *source;

  if (id != NULL)
    return id;
  id = g_strconcat (SOURCE_PREFIX, date, NULL);
  source = json_object_new ();
  json_object_set_string_member (source, "id", id);
  json_object_set_string_member (source, "title",
                                 "Cloud Billing Catalog API: Compute Engine GPU, core and "
                                 "memory SKUs, summed for each machine");
  if (compute->url != NULL)
    json_object_set_string_member (source, "url", compute->url);
  json_object_set_string_member (source, "as_of", date);
  json_array_add_object_element (compute->sources, source);
  g_hash_table_insert (compute->dates, g_strdup (date), id);
  if (compute->as_of == NULL || strcmp (date, compute->as_of) < 0)
    {
      g_free (compute->as_of);
      compute->as_of = g_strdup (date);
    }
  return id;
}

/* A kept figure's source, noted in @cited where a refresh brought it: the part restates it. */
static const char *
cite (Compute  *compute,
      GpSource *source)
{
  if (source != NULL && gp_source_get_layer (source) == GP_CATALOG_LAYER_REFRESHED)
    g_hash_table_add (compute->cited, source);
  return source != NULL ? gp_source_get_id (source) : NULL;
}

static void
set_number (JsonObject *object,
            const char *member,
            double      value)
{
  if (isfinite (value))
    json_object_set_double_member (object, member, value);
}

static void
set_anomalies (JsonObject *object,
               GpAnomaly   anomalies)
{
  g_autoptr(GFlagsClass) klass = g_type_class_ref (GP_TYPE_ANOMALY);
  JsonArray *names = json_array_new ();

  for (guint i = 0; i < klass->n_values; i++)
    if (klass->values[i].value != 0 && (anomalies & klass->values[i].value))
      json_array_add_string_element (names, klass->values[i].value_nick);
  if (json_array_get_length (names) > 0)
    json_object_set_array_member (object, "anomalies", names);
  else
    json_array_unref (names);
}

static void
set_spot_range (JsonObject *price,
                GpOffer    *offer)
{
  JsonArray *range;

  if (!isfinite (gp_offer_get_spot_min (offer)))
    return;
  range = json_array_new ();
  json_array_add_double_element (range, gp_offer_get_spot_min (offer));
  json_array_add_double_element (range, gp_offer_get_spot_max (offer));
  json_object_set_array_member (price, "spot", range);
}

/* The figures @offer has that the SKUs do not give, with their own sources. */
static void
set_kept (Compute    *compute,
          JsonObject *price,
          GpOffer    *offer)
{
  set_number (price, "reserved_1y", gp_offer_get_reserved_1y (offer));
  set_number (price, "reserved_3y", gp_offer_get_reserved_3y (offer));
  if (isfinite (gp_offer_get_capacity_block (offer)))
    {
      JsonObject *block = json_object_new ();

      json_object_set_double_member (block, "per_hour", gp_offer_get_capacity_block (offer));
      json_object_set_string_member (block, "source",
                                     cite (compute, gp_offer_get_capacity_block_source (offer)));
      json_object_set_object_member (price, "capacity_block", block);
    }
}

/* A region whose parts are missing: its figures as they were. */
static JsonObject *
copy_price (Compute *compute,
            GpOffer *offer)
{
  JsonObject *price = json_object_new ();
  const char *source = cite (compute, gp_offer_get_source (offer));
  const char *on_demand_source =
      cite (compute, gp_offer_get_price_source (offer, GP_ESTIMATE_PRICING_ON_DEMAND));
  const char *spot_source =
      cite (compute, gp_offer_get_price_source (offer, GP_ESTIMATE_PRICING_SPOT));

  json_object_set_string_member (price, "region", gp_offer_get_region_id (offer));
  set_number (price, "on_demand", gp_offer_get_on_demand (offer));
  set_spot_range (price, offer);
  set_kept (compute, price, offer);
  set_anomalies (price, gp_offer_get_anomalies (offer));
  if (source != NULL)
    json_object_set_string_member (price, "source", source);
  if (on_demand_source != NULL && g_strcmp0 (on_demand_source, source) != 0)
    json_object_set_string_member (price, "on_demand_source", on_demand_source);
  if (spot_source != NULL && g_strcmp0 (spot_source, source) != 0 &&
      json_object_has_member (price, "spot"))
    json_object_set_string_member (price, "spot_source", spot_source);
  return price;
}

/* A region priced from its parts: on demand, and on Spot VMs where those parts are there (else
 * the spot price it had); commitments as they were, under their own source. */
static JsonObject *
sum_price (Compute    *compute,
           GpOffer    *offer,
           double      on_demand,
           const char *date,
           gboolean    has_spot,
           double      spot,
           const char *spot_date)
{
  JsonObject *price = json_object_new ();
  const char *source = source_for (compute, date);
  gboolean keeps = isfinite (gp_offer_get_reserved_1y (offer)) ||
                   isfinite (gp_offer_get_reserved_3y (offer)) ||
                   isfinite (gp_offer_get_capacity_block (offer));
  const char *own = keeps ? cite (compute, gp_offer_get_source (offer)) : source;
  const char *spot_source =
      has_spot ? source_for (compute, spot_date)
               : cite (compute, gp_offer_get_price_source (offer, GP_ESTIMATE_PRICING_SPOT));

  json_object_set_string_member (price, "region", gp_offer_get_region_id (offer));
  json_object_set_double_member (price, "on_demand", round (on_demand * 1e6) / 1e6);
  if (has_spot)
    json_object_set_double_member (price, "spot", round (spot * 1e6) / 1e6);
  else
    set_spot_range (price, offer);
  set_kept (compute, price, offer);
  json_object_set_string_member (price, "source", own);
  if (g_strcmp0 (own, source) != 0)
    json_object_set_string_member (price, "on_demand_source", source);
  if (spot_source != NULL && g_strcmp0 (spot_source, own) != 0 &&
      json_object_has_member (price, "spot"))
    json_object_set_string_member (price, "spot_source", spot_source);
  return price;
}

/* @instance with @prices; its notes, which speak of its other sources' figures, only where
 * it @keeps some of them. */
static JsonObject *
instance_object (Compute    *compute,
                 GpInstance *instance,
                 JsonArray  *prices,
                 gboolean    keeps)
{
  JsonObject *object = json_object_new ();
  const char *source = cite (compute, gp_instance_get_source (instance));

  json_object_set_string_member (object, "id", gp_instance_get_id (instance));
  json_object_set_string_member (object, "provider", "gcp");
  json_object_set_string_member (object, "name", gp_instance_get_raw_name (instance));
  json_object_set_string_member (object, "gpu", gp_gpu_get_id (gp_instance_get_gpu (instance)));
  json_object_set_int_member (object, "gpu_count", gp_instance_get_gpu_count (instance));
  if (gp_instance_get_vcpus (instance) > 0)
    json_object_set_int_member (object, "vcpus", gp_instance_get_vcpus (instance));
  set_number (object, "memory_gb",
              gp_instance_get_memory_gb (instance) > 0 ? gp_instance_get_memory_gb (instance)
                                                       : NAN);
  if (gp_instance_get_interconnect (instance) != NULL)
    json_object_set_string_member (object, "interconnect", gp_instance_get_interconnect (instance));
  set_anomalies (object, gp_instance_get_anomalies (instance));
  if (gp_instance_get_host_required (instance) != NULL)
    json_object_set_string_member (object, "host_required",
                                   gp_instance_get_host_required (instance));
  if (keeps && gp_instance_get_notes (instance) != NULL)
    json_object_set_string_member (object, "notes", gp_instance_get_notes (instance));
  json_object_set_string_member (
      object, "source",
      source != NULL
          ? source
          : json_object_get_string_member (json_array_get_object_element (prices, 0), "source"));
  json_object_set_array_member (object, "prices", prices);
  return object;
}

/* @instance with the regions its parts price; NULL where they price none. */
static JsonObject *
price_instance (Compute    *compute,
                guint       family,
                GpInstance *instance)
{
  GListModel *offers = gp_instance_get_offers (instance);
  g_autoptr(JsonArray) prices = json_array_new ();
  g_autoptr(GString) missing = g_string_new (NULL);
  guint priced = 0;

  for (guint i = 0; i < g_list_model_get_n_items (offers); i++)
    {
      g_autoptr(GpOffer) offer = g_list_model_get_item (offers, i);
      const char *region = gp_offer_get_region_id (offer);
      const char *date, *spot_date = NULL;
      double on_demand, spot = NAN;
      gboolean has_spot;

      if (!sum_parts (compute, family, instance, region, FALSE, &on_demand, &date))
        {
          json_array_add_object_element (prices, copy_price (compute, offer));
          g_string_append_printf (missing, "%s%s", missing->len > 0 ? ", " : "", region);
          continue;
        }
      has_spot = sum_parts (compute, family, instance, region, TRUE, &spot, &spot_date);
      json_array_add_object_element (
          prices, sum_price (compute, offer, on_demand, date, has_spot, spot, spot_date));
      priced++;
    }
  if (priced == 0)
    {
      g_string_append_printf (compute->unpriced, "%s%s", compute->unpriced->len > 0 ? ", " : "",
                              gp_instance_get_raw_name (instance));
      return NULL;
    }
  if (missing->len > 0)
    g_ptr_array_add (
        compute->notes,
        /* Translators: a Compute Engine machine's name, then a list of regions; SKU is
         * Google's word for a priced item */
        g_strdup_printf (_("%s: no SKU of one of its parts (GPU, cores, memory) in %s; its "
                            "price there stays"),
                         gp_instance_get_raw_name (instance), missing->str));
  compute->offers += priced;
  compute->kept += json_array_get_length (prices) - priced;
  return instance_object (compute, instance, g_steal_pointer (&prices), missing->len > 0);
}

static int
family_of (GpInstance *instance)
{
  const char *id = gp_instance_get_id (instance);

  if (!g_str_has_prefix (id, "gcp/"))
    return -1;
  for (guint f = 0; f < G_N_ELEMENTS (families); f++)
    if (g_str_has_prefix (id + strlen ("gcp/"), families[f].prefix))
      return f;
  return -1;
}

static void
restate_cited (Compute *compute)
{
  GHashTableIter iter;
  gpointer source;

  g_hash_table_iter_init (&iter, compute->cited);
  while (g_hash_table_iter_next (&iter, &source, NULL))
    {
      JsonObject *object;

      /* A source of this part's own, from an earlier refresh: written already. */
      if (g_str_has_prefix (gp_source_get_id (source), SOURCE_PREFIX) &&
          g_hash_table_contains (compute->dates,
                                 gp_source_get_id (source) + strlen (SOURCE_PREFIX)))
        continue;
      object = json_object_new ();
      json_object_set_string_member (object, "id", gp_source_get_id (source));
      if (gp_source_get_title (source) != NULL)
        json_object_set_string_member (object, "title", gp_source_get_title (source));
      if (gp_source_get_url (source) != NULL)
        json_object_set_string_member (object, "url", gp_source_get_url (source));
      if (gp_source_get_as_of (source) != NULL)
        json_object_set_string_member (object, "as_of", gp_source_get_as_of (source));
      if (gp_source_get_note (source) != NULL)
        json_object_set_string_member (object, "note", gp_source_get_note (source));
      json_array_add_object_element (compute->sources, object);
    }
}

static void
note_totals (Compute *compute)
{
  if (compute->unpriced->len > 0)
    g_ptr_array_add (compute->notes,
                     /* Translators: a list of Compute Engine machine names */
                     g_strdup_printf (_("%s: no Compute Engine SKUs of their parts in their "
                                         "regions; their prices stay"),
                                      compute->unpriced->str));
  if (compute->kept > 0)
    g_ptr_array_add (compute->notes,
                     g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                   "Compute Engine: %u region of a machine keeps "
                                                   "its price: a part's SKU is missing there",
                                                   "Compute Engine: %u regions of machines keep "
                                                   "their price: a part's SKU is missing there",
                                                   compute->kept),
                                      compute->kept));
}

/* The Compute Engine GPU machines of @base that @skus price, as a layer's instances; their
 * sources added to @sources, what kept its price to @notes, the regions priced in @offers and
 * the oldest SKU's date used in @as_of. */
JsonArray *
gp_gcp_compute_price (GpCatalog  *base,
                      GPtrArray  *skus,
                      const char *url,
                      JsonArray  *sources,
                      GPtrArray  *notes,
                      guint      *offers,
                      char      **as_of)
{
  GListModel *instances = gp_catalog_get_instances (base);
  g_autoptr(GHashTable) dates = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GHashTable) cited = g_hash_table_new (NULL, NULL);
  g_autoptr(GString) unpriced = g_string_new (NULL);
  Compute compute = { base, skus, url, sources, dates, cited, notes, unpriced, 0, 0, NULL };
  JsonArray *priced = json_array_new ();

  for (guint i = 0; i < g_list_model_get_n_items (instances); i++)
    {
      g_autoptr(GpInstance) instance = g_list_model_get_item (instances, i);
      int family = family_of (instance);
      JsonObject *object;

      if (family >= 0 && (object = price_instance (&compute, family, instance)) != NULL)
        json_array_add_object_element (priced, object);
    }
  restate_cited (&compute);
  note_totals (&compute);
  *offers = compute.offers;
  *as_of = compute.as_of;
  return priced;
}

/* Completing a part again */

static gboolean
is_quote (const char *source_id)
{
  return source_id != NULL && g_str_has_prefix (source_id, SOURCE_PREFIX);
}

static const char *
member_string (JsonObject *object,
               const char *member)
{
  JsonNode *node = json_object_get_member (object, member);

  return node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
                 json_node_get_value_type (node) == G_TYPE_STRING
             ? json_node_get_string (node)
             : NULL;
}

/* @known's regions, those @quoted (the part's prices from the SKUs, by region) at the part's
 * figures, the others as @known has them now. */
static JsonObject *
requote_instance (Compute    *compute,
                  GpInstance *known,
                  GHashTable *quoted)
{
  GListModel *offers = gp_instance_get_offers (known);
  JsonArray *prices = json_array_new ();
  gboolean keeps = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (offers); i++)
    {
      g_autoptr(GpOffer) offer = g_list_model_get_item (offers, i);
      JsonObject *quote = g_hash_table_lookup (quoted, gp_offer_get_region_id (offer));
      const char *source, *spot_source;
      JsonNode *spot;

      if (quote == NULL)
        {
          json_array_add_object_element (prices, copy_price (compute, offer));
          keeps = TRUE;
          continue;
        }
      source = member_string (quote, "on_demand_source") != NULL
                   ? member_string (quote, "on_demand_source")
                   : member_string (quote, "source");
      spot_source = member_string (quote, "spot_source") != NULL
                        ? member_string (quote, "spot_source")
                        : member_string (quote, "source");
      spot = json_object_get_member (quote, "spot");
      spot = is_quote (spot_source) && spot != NULL && JSON_NODE_HOLDS_VALUE (spot) ? spot : NULL;
      json_array_add_object_element (
          prices, sum_price (compute, offer, json_object_get_double_member (quote, "on_demand"),
                             source + strlen (SOURCE_PREFIX), spot != NULL,
                             spot != NULL ? json_node_get_double (spot) : NAN,
                             spot != NULL ? spot_source + strlen (SOURCE_PREFIX) : NULL));
    }
  return instance_object (compute, known, prices, keeps);
}

/* The part's quoted prices of @object, by region. */
static GHashTable *
quotes_of (JsonObject *object)
{
  GHashTable *quoted = g_hash_table_new (g_str_hash, g_str_equal);
  JsonNode *node = json_object_get_member (object, "prices");
  JsonArray *prices =
      node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;

  for (guint p = 0; prices != NULL && p < json_array_get_length (prices); p++)
    {
      JsonObject *price = json_array_get_object_element (prices, p);
      const char *source = member_string (price, "on_demand_source") != NULL
                               ? member_string (price, "on_demand_source")
                               : member_string (price, "source");

      if (is_quote (source) && member_string (price, "region") != NULL)
        g_hash_table_insert (quoted, (char *) member_string (price, "region"), price);
    }
  return quoted;
}

/* The part's own sources, kept; the dates of its Compute Engine sources noted in @dates. */
static JsonArray *
own_sources (JsonObject *head,
             GHashTable *dates)
{
  JsonNode *node = json_object_get_member (head, "sources");
  JsonArray *sources =
      node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
  JsonArray *own = json_array_new ();

  for (guint i = 0; sources != NULL && i < json_array_get_length (sources); i++)
    {
      JsonObject *source = json_array_get_object_element (sources, i);
      const char *id = member_string (source, "id");

      if (id == NULL || !g_str_has_prefix (id, "gcp-billing-"))
        continue;
      json_array_add_element (own, json_array_dup_element (sources, i));
      if (is_quote (id))
        g_hash_table_insert (dates, g_strdup (id + strlen (SOURCE_PREFIX)), g_strdup (id));
    }
  return own;
}

/* The part made again on the catalog as it is now: its Compute Engine machines keep the prices
 * they were quoted from the SKUs, and take their other figures from @working, so that a source
 * refreshed after the part (SkyPilot's Google Cloud file) is not hidden behind an older copy of
 * them. NULL where @part is not one of gcp-billing's. */
GBytes *
gp_gcp_billing_complete (GpCatalog *working,
                         GBytes    *part)
{
  g_autoptr(JsonNode) root = gp_json_read_bytes (part, "gcp-billing", NULL);
  JsonObject *head =
      root != NULL && JSON_NODE_HOLDS_OBJECT (root) ? json_node_get_object (root) : NULL;
  JsonNode *node = head != NULL ? json_object_get_member (head, "instances") : NULL;
  JsonArray *instances =
      node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
  g_autoptr(GHashTable) dates = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GHashTable) cited = g_hash_table_new (NULL, NULL);
  g_autoptr(GPtrArray) notes = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) unpriced = g_string_new (NULL);
  Compute compute = { working, NULL, NULL, NULL, dates, cited, notes, unpriced, 0, 0, NULL };
  JsonArray *again;

  if (instances == NULL)
    return NULL;
  compute.sources = own_sources (head, dates);
  again = json_array_new ();
  for (guint i = 0; i < json_array_get_length (instances); i++)
    {
      JsonObject *object = json_array_get_object_element (instances, i);
      const char *id = member_string (object, "id");
      GpInstance *known = id != NULL ? gp_catalog_find_instance (working, id) : NULL;
      g_autoptr(GHashTable) quoted = NULL;

      if (known == NULL || g_strcmp0 (member_string (object, "provider"), "gcp") != 0)
        {
          json_array_add_element (again, json_array_dup_element (instances, i));
          continue;
        }
      quoted = quotes_of (object);
      json_array_add_object_element (again, requote_instance (&compute, known, quoted));
    }
  restate_cited (&compute);
  g_free (compute.as_of);
  json_object_set_array_member (head, "sources", compute.sources);
  json_object_set_array_member (head, "instances", again);
  return gp_import_tree_to_bytes (root);
}
