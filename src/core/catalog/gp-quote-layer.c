/* gp-quote-layer.c — prices a lab was quoted, as offers of the user's catalog layer
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A quote is an instance of the provider that quoted it ("quote-autodl", one per name the user
 * writes, in one currency), with its price as it was given in its `quote` object and the hour's
 * price (a month's rent over 730 hours) as its on-demand price in the region it names, so that
 * the estimator, the charts and the recommender treat it as any other offer. Its source is
 * where the user read it, dated the day of the quote: it goes stale as the catalog's prices do.
 * The layer is edited as JSON under its lock (gp_lab_layer_edit()), like the lab's machines.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "gp-catalog-error.h"
#include "gp-enums.h"
#include "gp-format.h"
#include "gp-gpu.h"
#include "gp-lab-layer.h"
#include "gp-offer.h"
#include "gp-provider-private.h"
#include "gp-quote-layer.h"
#include "gp-region.h"
#include "gp-source-private.h"
#include "gp-text.h"
#include "gp-util.h"

/* Said of a source the user entered, in the user's language where it is shown. */
#define ENTERED_BY_YOU NC_("source", "Entered by you")
/* The place of a quote that names none, translated where it is shown (gp-region.c). */
static const char *const unstated_place = NC_("place", "Not stated");

GpQuote *
gp_quote_new (void)
{
  GpQuote *quote = g_new0 (GpQuote, 1);

  quote->gpu_count = 1;
  quote->terms.per = GP_QUOTE_PER_HOUR;
  quote->reach = GP_REACHABILITY_IN_CHINA;
  return quote;
}

void
gp_quote_free (GpQuote *quote)
{
  if (quote == NULL)
    return;
  g_free (quote->id);
  g_free (quote->provider);
  g_free (quote->name);
  g_free (quote->gpu);
  g_free (quote->currency);
  g_free (quote->region);
  g_free (quote->as_of);
  g_free (quote->source);
  g_free (quote);
}

gboolean
gp_instance_is_quote (GpInstance *instance)
{
  return gp_instance_get_quote_terms (instance) != NULL;
}

GpQuote *
gp_quote_new_from_instance (GpInstance *instance)
{
  const GpQuoteTerms *terms = gp_instance_get_quote_terms (instance);
  GpSource *source = gp_instance_get_source (instance);
  g_autoptr(GpOffer) offer = NULL;
  GpQuote *quote;

  if (terms == NULL)
    return NULL;

  quote = gp_quote_new ();
  quote->id = g_strdup (gp_instance_get_id (instance));
  /* As the user wrote them, not as the user's language shows them: an edit keeps them. */
  quote->provider = g_strdup (gp_instance_get_provider (instance)->name);
  quote->name = g_strdup (gp_instance_get_raw_name (instance));
  quote->gpu = g_strdup (gp_gpu_get_id (gp_instance_get_gpu (instance)));
  quote->gpu_count = gp_instance_get_gpu_count (instance);
  quote->currency = g_strdup (gp_instance_get_currency (instance));
  quote->terms = *terms;
  quote->reach = gp_instance_get_reachability (instance);
  if (source != NULL)
    {
      quote->source = g_strdup (source->title);
      quote->as_of = g_strdup (gp_source_get_as_of (source));
    }
  offer = g_list_model_get_item (gp_instance_get_offers (instance), 0);
  if (offer != NULL && g_strcmp0 (gp_offer_get_region_id (offer), GP_QUOTE_REGION_UNSTATED) != 0)
    quote->region = g_strdup (gp_region_get_location (gp_offer_get_region (offer)));
  return quote;
}

/* "price: …": the field's key and an ASCII colon stay outside the translation, so that the form
 * and the command line can name the field in their own words ("Price", "--price") in any
 * language. */
static void
field_error (GError     **error,
             const char  *field,
             const char  *why)
{
  g_set_error (error, GP_CATALOG_ERROR, GP_CATALOG_ERROR_INVALID_VALUE, "%s: %s", field, why);
}

static gboolean
check_text (const char  *field,
            const char  *text,
            gboolean     required,
            GError     **error)
{
  g_autofree char *problem = NULL;

  if (text == NULL || *text == '\0')
    {
      if (!required)
        return TRUE;
      /* Translators: what is wrong with a field of a quote left empty, after its name */
      field_error (error, field, _("is needed"));
      return FALSE;
    }
  if (!gp_text_check (text, -1, GP_TEXT_NAME, &problem))
    {
      field_error (error, field, problem);
      return FALSE;
    }
  return TRUE;
}

/* Three capital letters, as ISO 4217 writes a currency. */
static gboolean
is_currency_code (const char *text)
{
  if (text == NULL || strlen (text) != 3)
    return FALSE;
  for (guint i = 0; i < 3; i++)
    if (!g_ascii_isupper (text[i]))
      return FALSE;
  return TRUE;
}

gboolean
gp_quote_check (const GpQuote  *quote,
                GError        **error)
{
  if (!check_text ("provider", quote->provider, TRUE, error) ||
      !check_text ("instance", quote->name, TRUE, error) ||
      !check_text ("source", quote->source, TRUE, error) ||
      !check_text ("region", quote->region, FALSE, error))
    return FALSE;
  if (quote->gpu == NULL || !gp_text_check (quote->gpu, -1, GP_TEXT_ID, NULL))
    {
      field_error (error, "gpu", _("a GPU model of the catalog"));
      return FALSE;
    }
  if (quote->gpu_count < 1 || quote->gpu_count > 1024)
    {
      field_error (error, "gpus", _("from 1 to 1024"));
      return FALSE;
    }
  if (!gp_price_per_hour_is_plausible (gp_quote_terms_per_hour (&quote->terms)))
    {
      g_autofree char *least = gp_format_number (GP_PRICE_MIN_PER_HOUR, 2);
      g_autofree char *most = gp_format_number (GP_PRICE_MAX_PER_HOUR, 0);
      /* Translators: a quote's price out of bounds: the least and the most an hour, in the
       * quote's currency (a month's rent is over its 730 hours) */
      g_autofree char *bounds = g_strdup_printf (
          _("from %s to %s an hour (a month's rent over its 730 hours)"), least, most);

      field_error (error, "price", bounds);
      return FALSE;
    }
  if (!is_currency_code (quote->currency))
    {
      field_error (error, "currency", _("an ISO 4217 code such as CNY"));
      return FALSE;
    }
  if (!(quote->terms.billing_increment_s >= 0) ||
      quote->terms.billing_increment_s > GP_QUOTE_HOURS_A_MONTH * 3600 * 12)
    {
      field_error (error, "billing_increment_s", _("seconds, 0 where the quote does not say"));
      return FALSE;
    }
  if (quote->as_of == NULL || !gp_date_is_valid (quote->as_of, FALSE))
    {
      field_error (error, "as_of", _("a day of the calendar, YYYY-MM-DD"));
      return FALSE;
    }
  if (gp_date_is_after_today (quote->as_of))
    {
      /* Translators: a quote dated after today; its date */
      g_autofree char *why = g_strdup_printf (
          _("the day the price was given, no later than today, not %s"), quote->as_of);

      field_error (error, "as_of", why);
      return FALSE;
    }
  return TRUE;
}

GpGpu *
gp_quote_match_gpu (GListModel *gpus,
                    const char *text)
{
  g_autofree char *stripped = NULL;
  g_autofree char *wanted = NULL;
  GpGpu *found = NULL;

  g_return_val_if_fail (G_IS_LIST_MODEL (gpus), NULL);

  if (text == NULL)
    return NULL;
  stripped = g_strstrip (g_strdup (text));
  wanted = g_utf8_casefold (stripped, -1);
  for (guint i = 0; i < g_list_model_get_n_items (gpus) && found == NULL; i++)
    {
      g_autoptr(GpGpu) gpu = g_list_model_get_item (gpus, i);
      const char *const *aliases = gp_gpu_get_aliases (gpu);
      g_autofree char *name = g_utf8_casefold (gp_gpu_get_name (gpu), -1);
      g_autofree char *id = g_utf8_casefold (gp_gpu_get_id (gpu), -1);

      if (g_str_equal (gp_gpu_get_id (gpu), text) || g_str_equal (name, wanted) ||
          g_str_equal (id, wanted))
        found = gpu;
      for (guint a = 0; found == NULL && aliases != NULL && aliases[a] != NULL; a++)
        {
          g_autofree char *alias = g_utf8_casefold (aliases[a], -1);

          if (g_str_equal (alias, wanted))
            found = gpu;
        }
    }
  return found;
}

/* An id word for @text: its letters and digits in lower case, "-" between; with a short hash
 * of the whole where it holds any other script, so "腾讯云" and "阿里云" differ. */
static char *
dup_slug (const char *text)
{
  GString *slug = g_string_new (NULL);
  gboolean ascii = TRUE;

  for (const char *p = text; *p != '\0'; p++)
    {
      if (g_ascii_isalnum (*p))
        g_string_append_c (slug, g_ascii_tolower (*p));
      else if ((guchar) *p >= 0x80)
        ascii = FALSE;
      else if (slug->len > 0 && slug->str[slug->len - 1] != '-')
        g_string_append_c (slug, '-');
    }
  if (slug->len > 40)
    g_string_truncate (slug, 40);
  while (slug->len > 0 && slug->str[slug->len - 1] == '-')
    g_string_truncate (slug, slug->len - 1);
  if (!ascii || slug->len == 0)
    {
      g_autofree char *folded = g_utf8_casefold (text, -1);
      g_autofree char *hash = g_compute_checksum_for_string (G_CHECKSUM_SHA256, folded, -1);

      g_string_append_printf (slug, "%s%.8s", slug->len > 0 ? "-" : "", hash);
    }
  return g_string_free (slug, FALSE);
}

static char *
dup_provider_id (const char *provider)
{
  g_autofree char *slug = dup_slug (provider);

  return g_strconcat (GP_QUOTE_PROVIDER_PREFIX, slug, NULL);
}

static char *
dup_region_id (const char *region)
{
  return region != NULL && *region != '\0' ? dup_slug (region)
                                           : g_strdup (GP_QUOTE_REGION_UNSTATED);
}

/* The source of an instance's figures: its id with the "/" made "-". */
static char *
dup_source_id (const char *id)
{
  char *source = g_strdup (id);

  g_strdelimit (source, "/", '-');
  return source;
}

/* What a batch of quotes is added against: the layer's arrays, and its ids indexed, so that
 * each quote of a sheet is added in constant time (a search of the arrays for each made a
 * sheet of 100,000 rows take minutes). */
typedef struct
{
  JsonArray *providers;
  JsonArray *sources;
  JsonArray *instances;
  GHashTable *instance_ids;   /* id → itself, owned */
  GHashTable *provider_rows;  /* provider id (owned) → its index in providers, plus one */
  GHashTable *region_ids;     /* "provider\nregion", owned */
  GHashTable *next_number;    /* "provider/slug" (owned) → the next number to try */
  GHashTable *slugs;          /* a provider's or region's name → its id, both owned */
  GHashTable *shared_sources; /* a quote's "source\nas_of" → the id of its source, both owned */
  GHashTable *source_ids;     /* every source's id, owned */
} QuoteIndex;

static char *
dup_source_key (const char *title,
                const char *as_of)
{
  return g_strconcat (title != NULL ? title : "", "\n", as_of != NULL ? as_of : "", NULL);
}

/* Quotes that name the same source on the same day share its entry: a sheet's rows mostly do,
 * and an entry each made a sheet's layer twice the size. Lab machines' sources are not shared. */
static void
index_shared_sources (QuoteIndex *index)
{
  g_autoptr(GHashTable) by_id = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < json_array_get_length (index->sources); i++)
    {
      JsonNode *node = json_array_get_element (index->sources, i);
      const char *id =
          JSON_NODE_HOLDS_OBJECT (node)
              ? json_object_get_string_member_with_default (json_node_get_object (node), "id", NULL)
              : NULL;

      if (id != NULL)
        g_hash_table_insert (by_id, (gpointer) id, json_node_get_object (node));
    }
  for (guint i = 0; i < json_array_get_length (index->instances); i++)
    {
      JsonNode *node = json_array_get_element (index->instances, i);
      JsonObject *instance = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      const char *id;
      JsonObject *source;

      if (instance == NULL || !json_object_has_member (instance, "quote"))
        continue;
      id = json_object_get_string_member_with_default (instance, "source", NULL);
      source = id != NULL ? g_hash_table_lookup (by_id, id) : NULL;
      if (source != NULL)
        g_hash_table_insert (
            index->shared_sources,
            dup_source_key (json_object_get_string_member_with_default (source, "title", NULL),
                            json_object_get_string_member_with_default (source, "as_of", NULL)),
            g_strdup (id));
    }
}

static void
index_ids (GHashTable *table,
           JsonArray  *array,
           gboolean    rows)
{
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *node = json_array_get_element (array, i);
      const char *id =
          JSON_NODE_HOLDS_OBJECT (node)
              ? json_object_get_string_member_with_default (json_node_get_object (node), "id", NULL)
              : NULL;

      if (id != NULL && !g_hash_table_contains (table, id))
        g_hash_table_insert (table, g_strdup (id), rows ? GUINT_TO_POINTER (i + 1) : NULL);
    }
}

static void
quote_index_init (QuoteIndex *index,
                  JsonNode   *root)
{
  JsonObject *object = json_node_get_object (root);

  index->providers = gp_layer_ensure_array (object, "providers");
  index->sources = gp_layer_ensure_array (object, "sources");
  index->instances = gp_layer_ensure_array (object, "instances");
  index->instance_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  index->provider_rows = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  index->region_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  index->next_number = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  index->slugs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  index->shared_sources = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  index->source_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  index_ids (index->source_ids, index->sources, FALSE);
  index_shared_sources (index);
  index_ids (index->instance_ids, index->instances, FALSE);
  index_ids (index->provider_rows, index->providers, TRUE);
  for (guint p = 0; p < json_array_get_length (index->providers); p++)
    {
      JsonObject *provider = json_array_get_object_element (index->providers, p);
      const char *provider_id = json_object_get_string_member_with_default (provider, "id", "");
      JsonArray *regions = json_object_has_member (provider, "regions")
                               ? json_object_get_array_member (provider, "regions")
                               : NULL;

      for (guint r = 0; regions != NULL && r < json_array_get_length (regions); r++)
        g_hash_table_add (index->region_ids,
                          g_strconcat (provider_id, "\n",
                                       json_object_get_string_member_with_default (
                                           json_array_get_object_element (regions, r), "id", ""),
                                       NULL));
    }
}

static void
quote_index_clear (QuoteIndex *index)
{
  g_clear_pointer (&index->instance_ids, g_hash_table_unref);
  g_clear_pointer (&index->provider_rows, g_hash_table_unref);
  g_clear_pointer (&index->region_ids, g_hash_table_unref);
  g_clear_pointer (&index->next_number, g_hash_table_unref);
  g_clear_pointer (&index->slugs, g_hash_table_unref);
  g_clear_pointer (&index->shared_sources, g_hash_table_unref);
  g_clear_pointer (&index->source_ids, g_hash_table_unref);
}

/* @make of @text, made once for a sheet: its rows repeat a few providers and places, and a
 * name in Chinese is hashed to make its id. */
static const char *
index_id (QuoteIndex *index,
          char     *(*make) (const char *text),
          const char *text)
{
  g_autofree char *key = g_strconcat (make == dup_provider_id ? "p" : "r", text, NULL);
  char *id = g_hash_table_lookup (index->slugs, key);

  if (id == NULL)
    {
      id = make (text);
      g_hash_table_insert (index->slugs, g_steal_pointer (&key), id);
    }
  return id;
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (QuoteIndex, quote_index_clear)

/* A new id for @quote: its provider's, then its name's, numbered when taken; the numbers of a
 * name already tried are not tried again. */
static char *
dup_new_id (QuoteIndex *index,
            const char *provider_id,
            const char *name)
{
  g_autofree char *slug = dup_slug (name);
  g_autofree char *base = g_strdup_printf ("%s/%s", provider_id, slug);
  guint n;

  if (!g_hash_table_contains (index->instance_ids, base))
    return g_steal_pointer (&base);
  for (n = MAX (2, GPOINTER_TO_UINT (g_hash_table_lookup (index->next_number, base)));; n++)
    {
      char *id = g_strdup_printf ("%s-%u", base, n);

      if (!g_hash_table_contains (index->instance_ids, id))
        {
          g_hash_table_insert (index->next_number, g_steal_pointer (&base),
                               GUINT_TO_POINTER (n + 1));
          return id;
        }
      g_free (id);
    }
}

/* The source of a quote's figures is named after the first quote that cites it; that name may
 * still be another's (a quote whose source changed left its old one to the quotes sharing it). */
static char *
dup_new_source_id (QuoteIndex *index,
                   const char *quote_id)
{
  g_autofree char *base = dup_source_id (quote_id);
  char *id = g_strdup (base);

  for (guint n = 2; g_hash_table_contains (index->source_ids, id); n++)
    {
      g_free (id);
      id = g_strdup_printf ("%s-%u", base, n);
    }
  g_hash_table_add (index->source_ids, g_strdup (id));
  return id;
}

static JsonObject *
source_object (const GpQuote *quote,
               const char    *id)
{
  gboolean is_address =
      g_str_has_prefix (quote->source, "https://") || g_str_has_prefix (quote->source, "http://");

  /* The note kept in English: the app shows it in the user's language (gp_source_get_note()). */
  return gp_layer_new_source (id, quote->source, is_address ? quote->source : NULL, quote->as_of,
                              ENTERED_BY_YOU);
}

static JsonObject *
region_object (const GpQuote *quote,
               const char    *id)
{
  JsonObject *region = json_object_new ();

  json_object_set_string_member (region, "id", id);
  if (quote->region != NULL && *quote->region != '\0')
    {
      json_object_set_string_member (region, "name", quote->region);
      json_object_set_string_member (region, "location", quote->region);
    }
  else
    {
      json_object_set_string_member (region, "name", unstated_place);
      json_object_set_string_member (region, "location", unstated_place);
    }
  return region;
}

static void
set_reachability (JsonObject    *provider,
                  const GpQuote *quote,
                  const char    *source)
{
  JsonObject *reachability = json_object_new ();

  json_object_set_string_member (reachability, "mainland_china",
                                 gp_enum_to_nick (GP_TYPE_REACHABILITY, quote->reach));
  json_object_set_string_member (reachability, "source", source);
  json_object_set_object_member (provider, "reachability", reachability);
}

static JsonObject *
provider_object (const GpQuote *quote,
                 const char    *id,
                 const char    *source)
{
  JsonObject *provider = json_object_new ();
  JsonArray *pricing = json_array_new ();

  json_object_set_string_member (provider, "id", id);
  json_object_set_string_member (provider, "name", quote->provider);
  json_object_set_string_member (provider, "kind", "gpu-cloud");
  json_object_set_string_member (provider, "currency", quote->currency);
  json_array_add_string_element (pricing, "on-demand");
  json_object_set_array_member (provider, "pricing", pricing);
  json_object_set_array_member (provider, "regions", json_array_new ());
  json_object_set_string_member (provider, "source", source);
  return provider;
}

static JsonObject *
instance_object (const GpQuote *quote,
                 const char    *provider_id,
                 const char    *region,
                 const char    *source)
{
  JsonObject *terms = json_object_new ();
  double increment = quote->terms.billing_increment_s;

  json_object_set_double_member (terms, "price", quote->terms.price);
  json_object_set_string_member (terms, "per",
                                 gp_enum_to_nick (GP_TYPE_QUOTE_PER, quote->terms.per));
  /* A month's rent is paid by the month, whatever the quote says of hours. */
  if (quote->terms.per == GP_QUOTE_PER_MONTH && increment <= 0)
    increment = GP_QUOTE_HOURS_A_MONTH * 3600;
  if (increment > 0)
    json_object_set_double_member (terms, "billing_increment_s", increment);
  json_object_set_string_member (terms, "mainland_china",
                                 gp_enum_to_nick (GP_TYPE_REACHABILITY, quote->reach));
  return gp_layer_new_instance (quote->id, provider_id, quote->name, quote->gpu, quote->gpu_count,
                                source, "quote", terms, region,
                                gp_quote_terms_per_hour (&quote->terms));
}

/* Adds @quote to the layer, with its provider when it is the provider's first. Fails when
 * @quote is not whole, its id is taken, or its provider's quotes are in another currency. */
static gboolean
add_quote (QuoteIndex  *index,
           GpQuote     *quote,
           GError     **error)
{
  const char *provider_id;
  const char *region;
  g_autofree char *source_key = NULL;
  const char *source;
  g_autofree char *region_key = NULL;
  const char *currency;
  JsonObject *provider;
  guint row;

  if (!gp_quote_check (quote, error))
    return FALSE;
  provider_id = index_id (index, dup_provider_id, quote->provider);
  region = index_id (index, dup_region_id, quote->region != NULL ? quote->region : "");
  if (quote->id == NULL)
    quote->id = dup_new_id (index, provider_id, quote->name);
  else if (g_hash_table_contains (index->instance_ids, quote->id))
    {
      g_set_error (error, GP_CATALOG_ERROR, GP_CATALOG_ERROR_DUPLICATE_ID,
                   _("There is a quote %s already"), quote->id);
      return FALSE;
    }
  source_key = dup_source_key (quote->source, quote->as_of);
  source = g_hash_table_lookup (index->shared_sources, source_key);
  if (source == NULL)
    {
      char *id = dup_new_source_id (index, quote->id);

      json_array_add_object_element (index->sources, source_object (quote, id));
      g_hash_table_insert (index->shared_sources, g_steal_pointer (&source_key), id);
      source = id;
    }

  if ((row = GPOINTER_TO_UINT (g_hash_table_lookup (index->provider_rows, provider_id))) == 0)
    {
      /* The provider says what its first quote said; each quote keeps its own reach, so a
       * later one never changes the quotes before it. */
      json_array_add_object_element (index->providers,
                                     provider_object (quote, provider_id, source));
      row = json_array_get_length (index->providers);
      g_hash_table_insert (index->provider_rows, g_strdup (provider_id), GUINT_TO_POINTER (row));
      set_reachability (json_array_get_object_element (index->providers, row - 1), quote, source);
    }
  provider = json_array_get_object_element (index->providers, row - 1);
  currency = json_object_get_string_member_with_default (provider, "currency", "USD");
  if (g_strcmp0 (currency, quote->currency) != 0)
    {
      /* Translators: a quote in another currency than the same provider's other quotes */
      g_set_error (error, GP_CATALOG_ERROR, GP_CATALOG_ERROR_INVALID_VALUE,
                   _("currency: %s’s quotes are in %s: give this one in %s too"), quote->provider,
                   currency, currency);
      return FALSE;
    }
  region_key = g_strconcat (provider_id, "\n", region, NULL);
  if (!g_hash_table_contains (index->region_ids, region_key))
    {
      json_array_add_object_element (gp_layer_ensure_array (provider, "regions"),
                                     region_object (quote, region));
      g_hash_table_add (index->region_ids, g_steal_pointer (&region_key));
    }

  json_array_add_object_element (index->instances,
                                 instance_object (quote, provider_id, region, source));
  g_hash_table_add (index->instance_ids, g_strdup (quote->id));
  return TRUE;
}

/* Adds @quote to the layer, with its provider when it is the provider's first. */
gboolean
gp_quote_layer_add (JsonNode  *root,
                    GpQuote   *quote,
                    GError   **error)
{
  g_auto(QuoteIndex) index = { NULL };

  quote_index_init (&index, root);
  return add_quote (&index, quote, error);
}

/* Whether an instance of @provider_id is priced in @region_id. */
static gboolean
region_in_use (JsonArray  *instances,
               const char *provider_id,
               const char *region_id)
{
  for (guint i = 0; i < json_array_get_length (instances); i++)
    {
      JsonObject *instance = json_array_get_object_element (instances, i);
      JsonArray *prices;

      if (g_strcmp0 (json_object_get_string_member_with_default (instance, "provider", NULL),
                     provider_id) != 0 ||
          !json_object_has_member (instance, "prices"))
        continue;
      prices = json_object_get_array_member (instance, "prices");
      for (guint p = 0; p < json_array_get_length (prices); p++)
        if (g_strcmp0 (json_object_get_string_member_with_default (
                           json_array_get_object_element (prices, p), "region", NULL),
                       region_id) == 0)
          return TRUE;
    }
  return FALSE;
}

/* After a quote is gone: its provider goes with its last quote, else keeps the regions its
 * quotes use and takes a remaining quote's source. */
static void
tidy_provider (JsonArray  *providers,
               JsonArray  *instances,
               const char *provider_id)
{
  int at = gp_layer_find_by_id (providers, provider_id);
  JsonObject *provider, *other = NULL;
  JsonArray *regions;

  if (at < 0)
    return;
  provider = json_array_get_object_element (providers, at);
  for (guint i = 0; i < json_array_get_length (instances) && other == NULL; i++)
    if (g_strcmp0 (json_object_get_string_member_with_default (
                       json_array_get_object_element (instances, i), "provider", NULL),
                   provider_id) == 0)
      other = json_array_get_object_element (instances, i);
  if (other == NULL)
    {
      json_array_remove_element (providers, at);
      return;
    }

  json_object_set_string_member (provider, "source",
                                 json_object_get_string_member (other, "source"));
  if (json_object_has_member (provider, "reachability"))
    json_object_set_string_member (json_object_get_object_member (provider, "reachability"),
                                   "source", json_object_get_string_member (other, "source"));
  regions = gp_layer_ensure_array (provider, "regions");
  for (guint r = json_array_get_length (regions); r > 0; r--)
    {
      const char *region = json_object_get_string_member_with_default (
          json_array_get_object_element (regions, r - 1), "id", NULL);

      if (!region_in_use (instances, provider_id, region))
        json_array_remove_element (regions, r - 1);
    }
}

static gboolean
names_source (JsonObject *object,
              const char *source)
{
  return g_strcmp0 (json_object_get_string_member_with_default (object, "source", NULL), source) ==
         0;
}

/* Whether an instance or a provider (or its reach) still cites @source, which quotes share. */
static gboolean
source_in_use (JsonArray  *providers,
               JsonArray  *instances,
               const char *source)
{
  for (guint i = 0; i < json_array_get_length (instances); i++)
    if (names_source (json_array_get_object_element (instances, i), source))
      return TRUE;
  for (guint p = 0; p < json_array_get_length (providers); p++)
    {
      JsonObject *provider = json_array_get_object_element (providers, p);

      if (names_source (provider, source) ||
          (json_object_has_member (provider, "reachability") &&
           names_source (json_object_get_object_member (provider, "reachability"), source)))
        return TRUE;
    }
  return FALSE;
}

/* Removes the quote and its source; its provider goes with its last quote. */
gboolean
gp_quote_layer_remove (JsonNode   *root,
                       const char *id,
                       GError    **error)
{
  GpLayerArrays layer = gp_layer_get_arrays (root);
  JsonArray *providers = layer.providers, *sources = layer.sources, *instances = layer.instances;
  int at = gp_layer_find_by_id (instances, id);
  g_autofree char *provider_id = NULL;
  g_autofree char *source = NULL;
  JsonObject *instance;

  instance = at >= 0 ? json_array_get_object_element (instances, at) : NULL;
  if (instance == NULL || !json_object_has_member (instance, "quote"))
    {
      g_set_error (error, GP_CATALOG_ERROR, GP_CATALOG_ERROR_UNKNOWN_REFERENCE,
                   _("There is no quote %s (see “quote list”)"), id);
      return FALSE;
    }
  provider_id = g_strdup (json_object_get_string_member (instance, "provider"));
  source = g_strdup (json_object_get_string_member (instance, "source"));
  json_array_remove_element (instances, at);
  tidy_provider (providers, instances, provider_id);
  if (!source_in_use (providers, instances, source) &&
      (at = gp_layer_find_by_id (sources, source)) >= 0)
    json_array_remove_element (sources, at);
  return TRUE;
}

typedef struct
{
  GPtrArray *quotes;
  const char *remove_id;
  GCancellable *cancellable; /* checked under the layer's lock, before anything is changed */
} Change;

static gboolean
change_layer (JsonNode  *root,
              gpointer   user_data,
              GError   **error)
{
  Change *change = user_data;
  g_auto(QuoteIndex) index = { NULL };

  if (g_cancellable_set_error_if_cancelled (change->cancellable, error))
    return FALSE;
  if (change->remove_id != NULL && !gp_quote_layer_remove (root, change->remove_id, error))
    return FALSE;
  quote_index_init (&index, root);
  for (guint i = 0; change->quotes != NULL && i < change->quotes->len; i++)
    {
      GpQuote *quote = g_ptr_array_index (change->quotes, i);
      g_autoptr(GError) local_error = NULL;

      if (!add_quote (&index, quote, &local_error))
        {
          /* Which row of a sheet, where there are several. */
          if (change->quotes->len > 1)
            g_set_error (error, local_error->domain, local_error->code,
                         /* Translators: the quote of a sheet that cannot be added: its
                          * number, then why */
                         _("quote %u: %s"), i + 1, local_error->message);
          else
            g_propagate_error (error, g_steal_pointer (&local_error));
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
apply_change (GpCatalog  *catalog,
              GFile      *file,
              Change     *change,
              GError    **error)
{
  return gp_lab_layer_edit_catalog (catalog, file, change_layer, change, error);
}

/* Adds @quotes to the layer in @file in one write, touching no catalog, so that a worker
 * thread may do it; the caller puts the bytes into its catalog (gp_catalog_replace_layer()). */
GBytes *
gp_quote_layer_add_to_file (GFile         *file,
                            GPtrArray     *quotes,
                            GCancellable  *cancellable,
                            GError       **error)
{
  Change change = { quotes, NULL, cancellable };

  return gp_lab_layer_edit (file, change_layer, &change, NULL, error);
}

/* Adds @quotes to the user's layer in one write and puts the layer into @catalog. On error
 * nothing is written and @catalog is as it was. */
gboolean
gp_quote_layer_add_to_catalog (GpCatalog  *catalog,
                               GFile      *file,
                               GPtrArray  *quotes,
                               GError    **error)
{
  Change change = { quotes, NULL };

  return apply_change (catalog, file, &change, error);
}
