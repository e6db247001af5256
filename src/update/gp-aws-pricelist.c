/* gp-aws-pricelist.c — the AWS Price List bulk files, read as they stream in
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * AWS publishes its prices without an account in three steps: the offer index
 * (offers/v1.0/aws/index.json: "offers" → each service's "currentRegionIndexUrl"), each
 * service's region index ("regions" → each region's "currentVersionUrl") and one offer file
 * per region: {"publicationDate", "products": {SKU: {"attributes": {...}}}, "terms":
 * {"OnDemand"|"Reserved": {SKU: {TERM: {"termAttributes", "priceDimensions": {RATE: {"unit",
 * "pricePerUnit": {"USD"}}}}}}}}. A busy region's EC2 file runs to hundreds of megabytes: it
 * is read as it arrives (gp-json-stream.c), one product or one term at a time, and only the
 * products kept are remembered, by SKU, until their terms come.
 *
 * Kept from AmazonEC2: Linux, shared tenancy, no pre-installed software, capacity "Used" (the
 * rows of unused reservations and capacity are not prices of an instance), of the GPU and
 * accelerator types the catalog describes; on-demand, and a standard 1- or 3-year reservation
 * with no upfront payment as its hourly rate. From AmazonSageMaker: the training instances
 * (usage type "…Train:ml.…"), which become the SageMaker offers' quoted prices. Every price
 * is dated by its file's publicationDate.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "gp-aws-pricelist.h"
#include "gp-catalog-merge.h"
#include "gp-import-builder.h"
#include "gp-json-reader.h"
#include "gp-json-stream.h"
#include "gp-json-writer.h"
#include "gp-offer.h"
#include "gp-update-error.h"
#include "gp-text.h"
#include "gp-util.h"

typedef struct
{
  GpAwsService service;
  char *type;
  char *region;
} Product;

struct _GpAwsPricelist
{
  GpCatalog *base;
  GpImportReport *report;
  GpImportBuilder ec2;
  GpImportBuilder sagemaker;
  GHashTable *regions;  /* the AWS regions the catalog knows */
  GHashTable *products; /* SKU → Product, of the file being read */
  char *ec2_as_of;
  char *sagemaker_as_of;
  GPtrArray *notes;
  GHashTable *unknown;   /* "file: region" said once */
  GpJsonStreamRead read; /* nullable: told of each buffer read */
  gpointer read_data;
};

static void
product_free (gpointer data)
{
  Product *product = data;

  g_free (product->type);
  g_free (product->region);
  g_free (product);
}

static void
add_regions (GHashTable *regions,
             GpCatalog  *base,
             const char *provider_id)
{
  GpProvider *provider = gp_catalog_find_provider (base, provider_id);
  GListModel *list = provider != NULL ? gp_provider_get_regions (provider) : NULL;

  for (guint i = 0; list != NULL && i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr(GpRegion) region = g_list_model_get_item (list, i);

      g_hash_table_add (regions, g_strdup (gp_region_get_id (region)));
    }
}

GpAwsPricelist *
gp_aws_pricelist_new (GpCatalog *base)
{
  GpAwsPricelist *self = g_new0 (GpAwsPricelist, 1);

  self->base = g_object_ref (base);
  self->report = gp_import_report_new ();
  gp_import_builder_init (&self->ec2, base, self->report, "aws-ec2");
  gp_import_builder_init (&self->sagemaker, base, self->report, "aws-sagemaker");
  self->regions = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  add_regions (self->regions, base, "aws-ec2");
  add_regions (self->regions, base, "aws-sagemaker");
  self->products = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, product_free);
  self->notes = g_ptr_array_new_with_free_func (g_free);
  self->unknown = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  return self;
}

void
gp_aws_pricelist_set_read_func (GpAwsPricelist   *self,
                                GpJsonStreamRead  read,
                                gpointer          data)
{
  self->read = read;
  self->read_data = data;
}

void
gp_aws_pricelist_free (GpAwsPricelist *self)
{
  if (self == NULL)
    return;
  gp_import_builder_clear (&self->ec2);
  gp_import_builder_clear (&self->sagemaker);
  gp_import_report_free (self->report);
  g_object_unref (self->base);
  g_hash_table_unref (self->regions);
  g_hash_table_unref (self->products);
  g_hash_table_unref (self->unknown);
  g_ptr_array_unref (self->notes);
  g_free (self->ec2_as_of);
  g_free (self->sagemaker_as_of);
  g_free (self);
}

static const char *
member_string (JsonObject *object,
               const char *key)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, key) : NULL;

  return node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
                 json_node_get_value_type (node) == G_TYPE_STRING
             ? json_node_get_string (node)
             : "";
}

static JsonObject *
member_object (JsonObject *object,
               const char *key)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, key) : NULL;

  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

/* Products */

static gboolean
keep_ec2 (JsonObject *attributes)
{
  return g_str_equal (member_string (attributes, "operatingSystem"), "Linux") &&
         g_str_equal (member_string (attributes, "tenancy"), "Shared") &&
         g_str_equal (member_string (attributes, "preInstalledSw"), "NA") &&
         g_str_equal (member_string (attributes, "capacitystatus"), "Used");
}

static gboolean
keep_sagemaker (JsonObject *attributes)
{
  const char *usage = member_string (attributes, "usagetype");

  /* "USE1-Train:ml.p4d.24xlarge"; managed spot training is "Train-Spot", not kept. */
  return g_str_has_prefix (member_string (attributes, "instanceType"), "ml.") &&
         (strstr (usage, "-Train:ml.") != NULL || g_str_has_prefix (usage, "Train:ml."));
}

static void
note_unknown_region (GpAwsPricelist *self,
                     const char     *file,
                     const char     *region)
{
  g_autofree char *key = g_strdup_printf ("%s: %s", file, region);

  if (g_hash_table_add (self->unknown, g_strdup (key)))
    g_ptr_array_add (self->notes,
                     g_strdup_printf (_("%s: region “%s” is not in the catalog; its prices were "
                                         "left out"),
                                      file, region));
}

static void
read_product (GpAwsPricelist *self,
              GpAwsService    service,
              const char     *file,
              const char     *sku,
              JsonObject     *product)
{
  JsonObject *attributes = member_object (product, "attributes");
  const char *type = member_string (attributes, "instanceType");
  const char *region = member_string (attributes, "regionCode");
  const char *provider = service == GP_AWS_SERVICE_EC2 ? "aws-ec2" : "aws-sagemaker";
  g_autofree char *id = g_strdup_printf ("%s/%s", provider, type);
  Product *kept;

  if (*type == '\0' ||
      !(service == GP_AWS_SERVICE_EC2 ? keep_ec2 (attributes) : keep_sagemaker (attributes)))
    return;
  self->report->rows++;
  /* Only the GPU and accelerator types the catalog describes: the file says little of a
   * type's GPUs, and nothing of the thousands of other types is wanted. */
  if (gp_catalog_find_instance (self->base, id) == NULL)
    {
      gp_import_report_skip (self->report, N_("a type the catalog does not describe"));
      return;
    }
  if (*region == '\0' || !g_hash_table_contains (self->regions, region))
    {
      gp_import_report_skip (self->report, N_("a region the catalog does not know"));
      note_unknown_region (self, file, *region != '\0' ? region : "—");
      return;
    }

  kept = g_new0 (Product, 1);
  kept->service = service;
  kept->type = g_strdup (type);
  kept->region = g_strdup (region);
  g_hash_table_replace (self->products, g_strdup (sku), kept);
}

/* Terms */

/* The hourly rate of a term: its dimension priced per hour ("Hrs"); NAN when it has none. */
static gboolean
hourly_rate (JsonObject  *term,
             const char  *where,
             double      *rate,
             GError     **error)
{
  JsonObject *dimensions = member_object (term, "priceDimensions");
  JsonObjectIter iter;
  const char *code;
  JsonNode *node;

  *rate = NAN;
  if (dimensions == NULL)
    return TRUE;
  json_object_iter_init (&iter, dimensions);
  while (json_object_iter_next (&iter, &code, &node))
    {
      JsonObject *dimension = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      const char *usd = member_string (member_object (dimension, "pricePerUnit"), "USD");

      if (!g_str_equal (member_string (dimension, "unit"), "Hrs"))
        continue;
      if (!gp_import_parse_price (usd, rate) || isnan (*rate))
        {
          g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT,
                       _("%s.priceDimensions.%s.pricePerUnit.USD: “%s” is not a price"), where,
                       code, usd);
          return FALSE;
        }
      return TRUE;
    }
  return TRUE;
}

static GpImportBuilder *
builder_for (GpAwsPricelist *self,
             Product        *product)
{
  return product->service == GP_AWS_SERVICE_EC2 ? &self->ec2 : &self->sagemaker;
}

static gboolean
read_term (GpAwsPricelist *self,
           const char     *kind,
           Product        *product,
           JsonObject     *term,
           const char     *where,
           GError        **error)
{
  GpImportBuilder *builder = builder_for (self, product);
  JsonObject *attributes = member_object (term, "termAttributes");
  const char *length = member_string (attributes, "LeaseContractLength");
  GpImportInstance *instance;
  GpImportOffer *offer;
  double rate;

  if (!hourly_rate (term, where, &rate, error))
    return FALSE;
  if (isnan (rate))
    return TRUE;

  instance = gp_import_builder_get_instance (builder, product->type);
  if (isnan (instance->vcpus))
    {
      /* The layer replaces the instance whole: its host as the catalog describes it. */
      g_autofree char *id = g_strdup_printf ("%s/%s", builder->provider_id, product->type);
      GpInstance *known = gp_catalog_find_instance (self->base, id);

      instance->vcpus = gp_instance_get_vcpus (known) > 0 ? gp_instance_get_vcpus (known) : 0;
      instance->memory =
          gp_instance_get_memory_gb (known) > 0 ? gp_instance_get_memory_gb (known) : NAN;
    }
  if (g_str_equal (kind, "OnDemand"))
    {
      gp_import_builder_add_zone (builder, instance, product->region, rate, NAN);
      self->report->imported++;
      return TRUE;
    }

  /* A reservation's hourly rate is its whole price only when nothing is paid upfront. */
  if (!g_str_equal (member_string (attributes, "PurchaseOption"), "No Upfront") ||
      !g_str_equal (member_string (attributes, "OfferingClass"), "standard") ||
      !(g_str_equal (length, "1yr") || g_str_equal (length, "3yr")) || rate <= 0)
    return TRUE;
  offer = gp_import_builder_get_offer (builder, instance, product->region);
  if (g_str_equal (length, "1yr") && (isnan (offer->reserved_1y) || rate < offer->reserved_1y))
    offer->reserved_1y = rate;
  else if (g_str_equal (length, "3yr") && (isnan (offer->reserved_3y) || rate < offer->reserved_3y))
    offer->reserved_3y = rate;
  return TRUE;
}

/* One SKU's terms of one kind: {TERM: {...}, ...}, read one term at a time. */
static gboolean
read_sku_terms (GpAwsPricelist *self,
                GpJsonStream   *stream,
                const char     *kind,
                const char     *sku,
                Product        *product,
                const char     *file,
                GCancellable   *cancellable,
                GError        **error)
{
  GpJsonToken token;

  for (;;)
    {
      g_autoptr(JsonNode) term = NULL;
      g_autofree char *code = NULL;
      g_autofree char *where = NULL;

      if (!gp_json_stream_next (stream, &token, cancellable, error))
        return FALSE;
      if (token == GP_JSON_TOKEN_END_OBJECT)
        return TRUE;
      code = g_strdup (gp_json_stream_get_key (stream));
      if (token != GP_JSON_TOKEN_BEGIN_OBJECT)
        {
          gp_json_stream_set_error (stream, error, "a term that is not an object");
          return FALSE;
        }
      if ((term = gp_json_stream_read_value (stream, token, cancellable, error)) == NULL)
        return FALSE;
      where = g_strdup_printf ("%s: terms.%s.%s.%s", file, kind, sku, code);
      if (!read_term (self, kind, product, json_node_get_object (term), where, error))
        return FALSE;
    }
}

static gboolean
read_terms (GpAwsPricelist *self,
            GpJsonStream   *stream,
            const char     *file,
            GCancellable   *cancellable,
            GError        **error)
{
  GpJsonToken token;

  for (;;)
    {
      g_autofree char *kind = NULL;

      if (!gp_json_stream_next (stream, &token, cancellable, error))
        return FALSE;
      if (token == GP_JSON_TOKEN_END_OBJECT)
        return TRUE;
      kind = g_strdup (gp_json_stream_get_key (stream));
      if (token != GP_JSON_TOKEN_BEGIN_OBJECT ||
          (!g_str_equal (kind, "OnDemand") && !g_str_equal (kind, "Reserved")))
        {
          if (!gp_json_stream_skip_value (stream, token, cancellable, error))
            return FALSE;
          continue;
        }
      for (;;)
        {
          g_autofree char *sku = NULL;
          Product *product;

          if (!gp_json_stream_next (stream, &token, cancellable, error))
            return FALSE;
          if (token == GP_JSON_TOKEN_END_OBJECT)
            break;
          sku = g_strdup (gp_json_stream_get_key (stream));
          product = g_hash_table_lookup (self->products, sku);
          /* Most SKUs are of no interest: passed over without a tree. */
          if (product == NULL || token != GP_JSON_TOKEN_BEGIN_OBJECT)
            {
              if (!gp_json_stream_skip_value (stream, token, cancellable, error))
                return FALSE;
              continue;
            }
          if (!read_sku_terms (self, stream, kind, sku, product, file, cancellable, error))
            return FALSE;
        }
    }
}

static gboolean
read_products (GpAwsPricelist *self,
               GpJsonStream   *stream,
               GpAwsService    service,
               const char     *file,
               GCancellable   *cancellable,
               GError        **error)
{
  GpJsonToken token;

  for (;;)
    {
      g_autoptr(JsonNode) product = NULL;
      g_autofree char *sku = NULL;

      if (!gp_json_stream_next (stream, &token, cancellable, error))
        return FALSE;
      if (token == GP_JSON_TOKEN_END_OBJECT)
        return TRUE;
      sku = g_strdup (gp_json_stream_get_key (stream));
      if (token != GP_JSON_TOKEN_BEGIN_OBJECT)
        {
          gp_json_stream_set_error (stream, error, "a product that is not an object");
          return FALSE;
        }
      if ((product = gp_json_stream_read_value (stream, token, cancellable, error)) == NULL)
        return FALSE;
      read_product (self, service, file, sku, json_node_get_object (product));
    }
}

static gboolean
note_date (GpAwsPricelist *self,
           GpAwsService    service,
           GpJsonStream   *stream,
           GError        **error)
{
  const char *text = gp_json_stream_get_text (stream);
  g_autofree char *day = g_strndup (text, 10);
  char **as_of = service == GP_AWS_SERVICE_EC2 ? &self->ec2_as_of : &self->sagemaker_as_of;

  if (strlen (text) < 10 || !gp_date_is_valid (day, FALSE))
    {
      gp_json_stream_set_error (stream, error, "“%s” is not a date", text);
      return FALSE;
    }
  /* A layer cites one source a service: dated by its oldest file, never younger than a price. */
  if (*as_of == NULL || strcmp (day, *as_of) < 0)
    {
      g_free (*as_of);
      *as_of = g_steal_pointer (&day);
    }
  return TRUE;
}

/* Reads one offer file into the prices gathered so far. */
gboolean
gp_aws_pricelist_read_offer (GpAwsPricelist  *self,
                             GpAwsService     service,
                             GInputStream    *input,
                             const char      *file,
                             GCancellable    *cancellable,
                             GError         **error)
{
  g_autoptr(GpJsonStream) stream = gp_json_stream_new (input, file);
  gboolean dated = FALSE;
  GpJsonToken token;

  g_hash_table_remove_all (self->products);
  gp_json_stream_set_read_func (stream, self->read, self->read_data);
  if (!gp_json_stream_next (stream, &token, cancellable, error))
    return FALSE;
  if (token != GP_JSON_TOKEN_BEGIN_OBJECT)
    {
      gp_json_stream_set_error (stream, error, "not an AWS offer file");
      return FALSE;
    }
  for (;;)
    {
      const char *key;

      if (!gp_json_stream_next (stream, &token, cancellable, error))
        return FALSE;
      if (token == GP_JSON_TOKEN_END_OBJECT)
        break;
      key = gp_json_stream_get_key (stream);
      if (g_str_equal (key, "publicationDate") && token == GP_JSON_TOKEN_STRING)
        {
          if (!note_date (self, service, stream, error))
            return FALSE;
          dated = TRUE;
        }
      else if (g_str_equal (key, "products") && token == GP_JSON_TOKEN_BEGIN_OBJECT)
        {
          if (!read_products (self, stream, service, file, cancellable, error))
            return FALSE;
        }
      else if (g_str_equal (key, "terms") && token == GP_JSON_TOKEN_BEGIN_OBJECT)
        {
          if (!read_terms (self, stream, file, cancellable, error))
            return FALSE;
        }
      else if (!gp_json_stream_skip_value (stream, token, cancellable, error))
        return FALSE;
    }
  if (!gp_json_stream_next (stream, &token, cancellable, error))
    return FALSE;
  if (!dated)
    {
      g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT,
                   _("%s: no publicationDate: its prices cannot be dated"), file);
      return FALSE;
    }
  return TRUE;
}

/* The id of a source of the bundled catalog, the one layer every part is checked on; NULL for
 * a figure of another part, which this part must not depend on. */
static const char *
bundled_source (GpSource *source)
{
  return source != NULL && gp_source_get_layer (source) == GP_CATALOG_LAYER_BUNDLED
             ? gp_source_get_id (source)
             : NULL;
}

/* The offer files give no spot price and no Capacity Block: a layer replaces an instance whole,
 * so the catalog's own figures of those, with their own sources and dates, are carried over. */
static GBytes *
carry_known_figures (GpCatalog *base,
                     GBytes    *layer)
{
  g_autoptr(JsonNode) root = gp_json_read_bytes (layer, "aws-pricelist", NULL);
  JsonArray *instances;

  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root) ||
      !json_object_has_member (json_node_get_object (root), "instances"))
    return g_bytes_ref (layer);
  instances = json_object_get_array_member (json_node_get_object (root), "instances");
  for (guint i = 0; i < json_array_get_length (instances); i++)
    {
      JsonObject *instance = json_array_get_object_element (instances, i);
      GpInstance *known =
          gp_catalog_find_instance (base, json_object_get_string_member (instance, "id"));
      JsonArray *prices = json_object_get_array_member (instance, "prices");

      for (guint p = 0; known != NULL && p < json_array_get_length (prices); p++)
        {
          JsonObject *price = json_array_get_object_element (prices, p);
          GpOffer *offer =
              gp_instance_find_offer (known, json_object_get_string_member (price, "region"));
          const char *spot_source =
              offer != NULL
                  ? bundled_source (gp_offer_get_price_source (offer, GP_ESTIMATE_PRICING_SPOT))
                  : NULL;
          const char *block_source =
              offer != NULL ? bundled_source (gp_offer_get_capacity_block_source (offer)) : NULL;

          if (spot_source != NULL && isfinite (gp_offer_get_spot_min (offer)))
            {
              JsonArray *range = json_array_new ();

              json_array_add_double_element (range, gp_offer_get_spot_min (offer));
              json_array_add_double_element (range, gp_offer_get_spot_max (offer));
              json_object_set_array_member (price, "spot", range);
              json_object_set_string_member (price, "spot_source", spot_source);
            }
          if (block_source != NULL && isfinite (gp_offer_get_capacity_block (offer)))
            {
              JsonObject *block = json_object_new ();

              json_object_set_double_member (block, "per_hour",
                                             gp_offer_get_capacity_block (offer));
              json_object_set_string_member (block, "source", block_source);
              json_object_set_object_member (price, "capacity_block", block);
            }
        }
    }
  return gp_json_to_bytes (root, TRUE);
}

GpAwsPricelistResult *
gp_aws_pricelist_finish_part (GpAwsPricelist  *self,
                              const char      *url,
                              GError         **error)
{
  g_autoptr(GPtrArray) layers = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  g_autoptr(GpAwsPricelistResult) result = g_new0 (GpAwsPricelistResult, 1);

  if (self->ec2_as_of != NULL)
    {
      g_autoptr(GBytes) ec2 = gp_import_builder_write (
          &self->ec2, "aws-pricelist-ec2", "AWS Price List, Amazon EC2", url, self->ec2_as_of,
          "Linux, shared tenancy, no pre-installed software; on-demand, and standard reservations "
          "with no upfront payment at their hourly rate. Dated by the offer files' "
          "publicationDate.");

      g_ptr_array_add (layers, carry_known_figures (self->base, ec2));
    }
  if (self->sagemaker_as_of != NULL)
    g_ptr_array_add (layers,
                     gp_import_builder_write (&self->sagemaker, "aws-pricelist-sagemaker",
                                              "AWS Price List, Amazon SageMaker training", url,
                                              self->sagemaker_as_of,
                                              "Training instances, on-demand, quoted as listed. "
                                              "Dated by the offer files' publicationDate."));
  if (layers->len == 0)
    {
      g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT, _("no offer file was read"));
      return NULL;
    }

  result->part = gp_catalog_merge_files (
      layers, "AWS Price List", self->ec2_as_of != NULL ? self->ec2_as_of : self->sagemaker_as_of,
      error);
  if (result->part == NULL)
    return NULL;
  result->offers = self->report->offers;
  result->as_of =
      g_strdup (self->ec2_as_of != NULL && (self->sagemaker_as_of == NULL ||
                                            strcmp (self->ec2_as_of, self->sagemaker_as_of) < 0)
                    ? self->ec2_as_of
                    : self->sagemaker_as_of);
  result->notes = g_ptr_array_ref (self->notes);
  return g_steal_pointer (&result);
}

void
gp_aws_pricelist_result_free (GpAwsPricelistResult *result)
{
  if (result == NULL)
    return;
  g_clear_pointer (&result->part, g_bytes_unref);
  g_clear_pointer (&result->notes, g_ptr_array_unref);
  g_free (result->as_of);
  g_free (result);
}
