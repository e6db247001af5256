/* gp-catalog-build-inputs.c — what a later input adds to the bundled catalog's instances
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Two kinds of later input do not give instances of their own. A price file can complete an
 * earlier one: a copy of SkyPilot's AWS catalog has the spot prices the EC2 table lacks, and a
 * newer Cloud Billing file reprices two machine types. And a specification table can check
 * what the price lists say of each machine (its GPUs, their memory, the host's memory), which
 * the build reports without changing anything: the overrides of build.json correct it.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "gp-catalog-build-inputs.h"
#include "gp-csv-reader.h"
#include "gp-import-builder.h"
#include "gp-import-values.h"
#include "gp-json-reader.h"
#include "gp-update-error.h"

/* On-demand prices that differ by less than this are the same price, rounded differently. */
#define SAME_PRICE_SHARE 0.005

static double
number_of (JsonObject *object,
           const char *member)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, member) : NULL;

  return node != NULL && JSON_NODE_HOLDS_VALUE (node) ? json_node_get_double (node) : NAN;
}

static const char *
string_of (JsonObject *object,
           const char *member)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, member) : NULL;

  return node != NULL && JSON_NODE_HOLDS_VALUE (node) ? json_node_get_string (node) : NULL;
}

static JsonObject *
price_of_region (JsonArray  *prices,
                 const char *region)
{
  for (guint i = 0; prices != NULL && i < json_array_get_length (prices); i++)
    {
      JsonObject *price = json_array_get_object_element (prices, i);

      if (g_strcmp0 (string_of (price, "region"), region) == 0)
        return price;
    }
  return NULL;
}

gboolean
gp_price_merge_from_string (const char   *text,
                            GpPriceMerge *merge)
{
  if (g_strcmp0 (text, "spot") == 0)
    *merge = GP_PRICE_MERGE_SPOT;
  else if (g_strcmp0 (text, "replace") == 0)
    *merge = GP_PRICE_MERGE_REPLACE;
  else
    return FALSE;
  return TRUE;
}

/* The spot figures of @later (a price or a range, and the anomalies about spot) onto @price. */
static void
take_spot (JsonObject *price,
           JsonObject *later)
{
  JsonArray *anomalies = json_object_has_member (later, "anomalies")
                             ? json_object_get_array_member (later, "anomalies")
                             : NULL;
  g_autoptr(JsonArray) kept = json_array_new ();

  json_object_set_member (price, "spot", json_node_copy (json_object_get_member (later, "spot")));
  for (guint i = 0; anomalies != NULL && i < json_array_get_length (anomalies); i++)
    if (g_str_has_prefix (json_array_get_string_element (anomalies, i), "spot-"))
      json_array_add_string_element (kept, json_array_get_string_element (anomalies, i));
  if (json_array_get_length (kept) > 0)
    json_object_set_array_member (price, "anomalies", json_array_ref (kept));
}

/* @price becomes a copy of @later, in place: the array holding it keeps its order. */
static void
replace_members (JsonObject *price,
                 JsonObject *later)
{
  g_autoptr(GList) old = json_object_get_members (price);
  g_autoptr(GList) members = json_object_get_members (later);

  for (GList *l = old; l != NULL; l = l->next)
    json_object_remove_member (price, l->data);
  for (GList *l = members; l != NULL; l = l->next)
    json_object_set_member (price, l->data,
                            json_node_copy (json_object_get_member (later, l->data)));
}

/* Every price it replaces or adds cites @source; a price whose spot it takes keeps its own
 * source for its other figures, and its spot cites @source (`spot_source`), dated apart. */
void
gp_price_merge_instance (JsonObject        *existing,
                         JsonObject        *later,
                         GpPriceMerge       merge,
                         const char        *source,
                         GpPriceMergeCount *count)
{
  JsonArray *prices = json_object_get_array_member (existing, "prices");
  JsonArray *more = json_object_get_array_member (later, "prices");

  for (guint i = 0; more != NULL && i < json_array_get_length (more); i++)
    {
      JsonObject *price = json_array_get_object_element (more, i);
      JsonObject *earlier = price_of_region (prices, string_of (price, "region"));
      double was = number_of (earlier, "on_demand"), now = number_of (price, "on_demand");

      if (merge == GP_PRICE_MERGE_SPOT && !json_object_has_member (price, "spot"))
        {
          count->no_spot++;
          continue;
        }

      /* Spot joins the earlier figures of a region: where there are none, the figures beside
       * it would be the later file's alone, which its source does not describe. */
      if (earlier == NULL && merge == GP_PRICE_MERGE_SPOT)
        {
          count->left_out++;
          continue;
        }
      json_object_set_string_member (price, "source", source);
      if (earlier == NULL)
        {
          json_array_add_object_element (prices, json_object_ref (price));
          count->added++;
          continue;
        }

      if (fabs (was - now) > SAME_PRICE_SHARE * MAX (was, now))
        count->on_demand_differ++;
      count->regions++;
      if (merge == GP_PRICE_MERGE_REPLACE)
        {
          replace_members (earlier, price);
          continue;
        }
      take_spot (earlier, price);
      json_object_set_string_member (earlier, "spot_source", source);
    }
}

/* Whether @words holds @wanted as whole words ("rtx pro 6000" in "rtx pro 6000 blackwell",
 * not "t4" in "t4g"). Both are in lower case. */
static gboolean
has_words (const char *words,
           const char *wanted)
{
  gsize length = strlen (wanted);

  for (const char *at = strstr (words, wanted); at != NULL; at = strstr (at + 1, wanted))
    if ((at == words || !g_ascii_isalnum (at[-1])) && !g_ascii_isalnum (at[length]))
      return TRUE;
  return FALSE;
}

/* Whether a table's GPU model ("V100", "RTX Pro 6000") is named by the catalog GPU's name or
 * one of its aliases. */
static gboolean
names_gpu (JsonObject *gpu,
           const char *model)
{
  g_autofree char *wanted = g_ascii_strdown (model, -1);
  g_autofree char *name = g_ascii_strdown (string_of (gpu, "name"), -1);
  JsonArray *aliases = json_object_has_member (gpu, "aliases")
                           ? json_object_get_array_member (gpu, "aliases")
                           : NULL;

  if (has_words (name, wanted))
    return TRUE;
  for (guint i = 0; aliases != NULL && i < json_array_get_length (aliases); i++)
    {
      g_autofree char *alias = g_ascii_strdown (json_array_get_string_element (aliases, i), -1);

      if (has_words (alias, wanted))
        return TRUE;
    }
  return FALSE;
}

/* The differences between one row of the specification table and the catalog's instance. */
static void
compare_row (GPtrArray   *found,
             JsonObject  *instance,
             JsonObject  *gpu,
             GpCsvReader *reader,
             const int   *columns)
{
  const char *id = string_of (instance, "id");
  const char *model = gp_csv_reader_get (reader, columns[3]);
  double gpus = gp_import_parse_number (gp_csv_reader_get (reader, columns[1]));
  double host_gib = gp_import_parse_number (gp_csv_reader_get (reader, columns[2]));
  double gpu_gib = gp_import_parse_number (gp_csv_reader_get (reader, columns[4])) / 1024;
  double our_gpus = number_of (instance, "gpu_count");
  double our_host = number_of (instance, "memory_gb");
  double our_gpu_gib = number_of (gpu, "memory_gb");

  if (gpus > 0 && gpus != our_gpus)
    g_ptr_array_add (found,
                     g_strdup_printf ("%s: %g GPUs in the table, %g here", id, gpus, our_gpus));
  if (model != NULL && *model != '\0' && gpu != NULL && !names_gpu (gpu, model))
    g_ptr_array_add (found, g_strdup_printf ("%s: GPU %s in the table, %s here", id, model,
                                             string_of (gpu, "name")));
  if (gpu_gib > 0 && !isnan (our_gpu_gib) && fabs (gpu_gib - our_gpu_gib) > 0.1 * our_gpu_gib)
    g_ptr_array_add (found, g_strdup_printf ("%s: %g GiB a GPU in the table, %g GB here", id,
                                             gpu_gib, our_gpu_gib));
  if (host_gib > 0 && !isnan (our_host) && fabs (host_gib - our_host) > 0.02 * our_host)
    g_ptr_array_add (found, g_strdup_printf ("%s: host memory %g GiB in the table, %g here", id,
                                             host_gib, our_host));
}

char *
gp_spec_crosscheck (GHashTable  *instances,
                    GHashTable  *gpu_by_id,
                    JsonObject  *providers,
                    GBytes      *csv,
                    const char  *file,
                    GError     **error)
{
  static const char *const names[] = { "server_id", "gpu_count", "memory_gib", "gpu_model",
                                       "gpu_memory_min_mib" };
  g_autoptr(GpCsvReader) reader = gp_import_open_csv (csv, file, error);
  g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) local_error = NULL;
  GString *text;
  int columns[G_N_ELEMENTS (names)], vendor;
  guint compared = 0;

  if (reader == NULL)
    return NULL;
  vendor = gp_csv_reader_find_field (reader, "vendor");
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if ((columns[i] = gp_csv_reader_find_field (reader, names[i])) < 0 || vendor < 0)
      {
        g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT,
                     "%s: no column %s: not a table of GPU servers", file,
                     vendor < 0 ? "vendor" : names[i]);
        return NULL;
      }

  while (gp_csv_reader_next (reader, &local_error))
    {
      const char *provider = string_of (providers, gp_csv_reader_get (reader, vendor));
      g_autofree char *id = NULL;
      JsonObject *instance;

      if (provider == NULL)
        continue;
      id = g_strdup_printf ("%s/%s", provider, gp_csv_reader_get (reader, columns[0]));
      if ((instance = g_hash_table_lookup (instances, id)) == NULL)
        continue;
      compared++;
      compare_row (found, instance, g_hash_table_lookup (gpu_by_id, string_of (instance, "gpu")),
                   reader, columns);
    }
  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }

  text = g_string_new (NULL);
  g_string_printf (text, "%s: %u instance types compared, %u differences", file, compared,
                   found->len);
  for (guint i = 0; i < found->len; i++)
    g_string_append_printf (text, "\n  %s", (const char *) g_ptr_array_index (found, i));
  return g_string_free (text, FALSE);
}

/* A cross-check of the conversion, not a source: how many of the table's on-demand prices the
 * catalog gives too. */
char *
gp_price_crosscheck (GHashTable  *instances,
                     JsonObject  *providers,
                     GBytes      *csv,
                     const char  *file,
                     GError     **error)
{
  g_autoptr(GpCsvReader) reader = gp_import_open_csv (csv, file, error);
  g_autoptr(GError) local_error = NULL;
  int c_provider, c_instance, c_region, c_price;
  guint same = 0, differ = 0, missing = 0, other = 0;

  if (reader == NULL)
    return NULL;
  c_provider = gp_csv_reader_find_field (reader, "provider");
  c_instance = gp_csv_reader_find_field (reader, "instance_type");
  c_region = gp_csv_reader_find_field (reader, "region");
  c_price = gp_csv_reader_find_field (reader, "ondemand_hr");
  if (c_provider < 0 || c_instance < 0 || c_region < 0 || c_price < 0)
    {
      g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT, "%s: not the joined table",
                   file);
      return NULL;
    }

  while (gp_csv_reader_next (reader, &local_error))
    {
      const char *provider = string_of (providers, gp_csv_reader_get (reader, c_provider));
      g_autofree char *id = NULL;
      JsonObject *instance, *offer;
      double price = gp_import_parse_number (gp_csv_reader_get (reader, c_price));

      if (provider == NULL || isnan (price))
        {
          other++;
          continue;
        }
      id = g_strdup_printf ("%s/%s", provider, gp_csv_reader_get (reader, c_instance));
      instance = g_hash_table_lookup (instances, id);
      offer = instance != NULL ? price_of_region (json_object_get_array_member (instance, "prices"),
                                                  gp_csv_reader_get (reader, c_region))
                               : NULL;
      if (offer == NULL)
        missing++;
      else if (fabs (number_of (offer, "on_demand") - price) <= 1e-6 * MAX (price, 1))
        same++;
      else
        differ++;
    }
  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }

  return g_strdup_printf ("%s: %u rows agree with the catalog's on-demand price, %u differ (a "
                          "different regional reduction or a fraction of a GPU), %u are not in "
                          "the catalog, %u are of providers or kinds it does not compare",
                          file, same, differ, missing, other);
}

gboolean
gp_price_series_read (GBytes      *csv,
                      const char  *file,
                      const char  *day,
                      double      *at_day,
                      char       **change,
                      char       **last_day,
                      double      *last_price,
                      GError     **error)
{
  g_autoptr(GpCsvReader) reader = gp_import_open_csv (csv, file, error);
  g_autoptr(GError) local_error = NULL;
  double last = NAN;

  *at_day = NAN;
  *change = NULL;
  *last_day = NULL;
  *last_price = NAN;
  if (reader == NULL)
    return FALSE;
  while (gp_csv_reader_next (reader, &local_error))
    {
      g_autofree char *date = g_strndup (gp_csv_reader_get (reader, 0), 10);
      double price = gp_import_parse_number (gp_csv_reader_get (reader, 2));

      if (isnan (price))
        continue;
      if (!isnan (last) && price != last)
        {
          g_free (*change);
          *change = g_strdup_printf ("from $%g to $%g an hour on %s (a daily series of it).", last,
                                     price, date);
        }
      last = price;
      g_free (*last_day);
      *last_day = g_strdup (date);
      if (day != NULL && strcmp (date, day) <= 0)
        *at_day = price;
    }
  if (local_error != NULL)
    {
      g_clear_pointer (change, g_free);
      g_clear_pointer (last_day, g_free);
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  *last_price = last;
  return TRUE;
}

/* Two SkyPilot files of one cloud (machine rows and GPU rows) read as one. */
GBytes *
gp_csv_join (GPtrArray *parts)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < parts->len; i++)
    {
      gsize length;
      const char *data = g_bytes_get_data (g_ptr_array_index (parts, i), &length);
      const char *body = data;

      if (i > 0)
        {
          const char *newline = memchr (data, '\n', length);
          body = newline != NULL ? newline + 1 : data + length;
        }
      g_string_append_len (text, body, data + length - body);
      if (text->len > 0 && text->str[text->len - 1] != '\n')
        g_string_append_c (text, '\n');
    }

  return g_string_free_to_bytes (text);
}

/* Each price of an instance in a region the catalog already prices becomes that offer's
 * `capacity_block`; the rest are counted, not added (an offer needs its on-demand price). */
char *
gp_capacity_blocks_merge (GHashTable  *instances,
                          const char  *provider,
                          GBytes      *json,
                          const char  *file,
                          const char  *source,
                          GError     **error)
{
  g_autoptr(JsonNode) root = gp_json_read_bytes (json, file, error);
  JsonObject *types;
  g_autoptr(GList) names = NULL;
  guint added = 0, no_offer = 0, no_instance = 0;

  if (root == NULL)
    return NULL;
  types = JSON_NODE_HOLDS_OBJECT (root) &&
                  json_object_has_member (json_node_get_object (root), "instance_types")
              ? json_object_get_object_member (json_node_get_object (root), "instance_types")
              : NULL;
  if (types == NULL)
    {
      g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT,
                   "%s: no instance_types: not a Capacity Blocks price file", file);
      return NULL;
    }

  names = json_object_get_members (types);
  for (GList *l = names; l != NULL; l = l->next)
    {
      g_autofree char *id = g_strdup_printf ("%s/%s", provider, (const char *) l->data);
      JsonObject *instance = g_hash_table_lookup (instances, id);
      JsonObject *type = json_object_get_object_member (types, l->data);
      JsonArray *pricing = type != NULL && json_object_has_member (type, "pricing")
                               ? json_object_get_array_member (type, "pricing")
                               : NULL;

      for (guint i = 0; pricing != NULL && i < json_array_get_length (pricing); i++)
        {
          JsonObject *row = json_array_get_object_element (pricing, i);
          double per_hour = number_of (row, "hourly_rate_usd");
          JsonObject *price, *block;

          if (instance == NULL)
            {
              no_instance++;
              continue;
            }
          price = price_of_region (json_object_get_array_member (instance, "prices"),
                                   string_of (row, "region_code"));
          if (price == NULL || !(per_hour > 0))
            {
              no_offer++;
              continue;
            }
          block = json_object_new ();
          json_object_set_double_member (block, "per_hour", per_hour);
          json_object_set_string_member (block, "source", source);
          json_object_set_object_member (price, "capacity_block", block);
          added++;
        }
    }

  return g_strdup_printf ("%s: %u Capacity Block prices added to their offers; %u of instance "
                          "types the catalog lacks and %u in regions it does not price "
                          "them in, left out",
                          file, added, no_instance, no_offer);
}

/* Price series, for history.json beside the catalog */

typedef struct
{
  char date[11];
  double on_demand;
  double spot;
  double capacity_block;
} SeriesPoint;

typedef struct
{
  char *offer;
  char *source;
  GArray *points; /* SeriesPoint */
} Series;

struct _GpSeriesSet
{
  GHashTable *series; /* "offer\tsource" → Series */
};

static void
series_free (gpointer data)
{
  Series *series = data;

  g_free (series->offer);
  g_free (series->source);
  g_array_unref (series->points);
  g_free (series);
}

GpSeriesSet *
gp_series_set_new (void)
{
  GpSeriesSet *set = g_new0 (GpSeriesSet, 1);

  set->series = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, series_free);
  return set;
}

void
gp_series_set_free (GpSeriesSet *set)
{
  if (set == NULL)
    return;
  g_hash_table_unref (set->series);
  g_free (set);
}

static void
add_series_point (GpSeriesSet *set,
                  const char  *offer,
                  const char  *source,
                  const char  *date,
                  double       on_demand,
                  double       spot,
                  double       capacity_block)
{
  g_autofree char *key = g_strconcat (offer, "\t", source, NULL);
  Series *series = g_hash_table_lookup (set->series, key);
  SeriesPoint point = { .on_demand = on_demand, .spot = spot, .capacity_block = capacity_block };

  if (strlen (date) < 10)
    return;
  if (series == NULL)
    {
      series = g_new0 (Series, 1);
      series->offer = g_strdup (offer);
      series->source = g_strdup (source);
      series->points = g_array_new (FALSE, FALSE, sizeof (SeriesPoint));
      g_hash_table_insert (set->series, g_steal_pointer (&key), series);
    }
  memcpy (point.date, date, 10);
  point.date[10] = '\0';
  g_array_append_val (series->points, point);
}

/* A table of dated prices, a row per offer and date: which columns hold what (NULL for a
 * price the table lacks), and what the table is, for messages. */
typedef struct
{
  const char *date;
  const char *instance_type;
  const char *region;
  const char *on_demand;
  const char *spot;
  const char *capacity_block;
  const char *what;
} SeriesColumns;

static double
series_figure (GpCsvReader *reader,
               int          column)
{
  return column >= 0 ? gp_import_parse_number (gp_csv_reader_get (reader, column)) : NAN;
}

/* Every row of an offer the catalog prices becomes a point of its series; the rest are
 * counted. */
static char *
read_series_table (GpSeriesSet         *set,
                   GHashTable          *instances,
                   const char          *provider,
                   GBytes              *csv,
                   const char          *file,
                   const char          *source,
                   const SeriesColumns *columns,
                   GError             **error)
{
  const char *const names[] = {
    columns->date,      columns->instance_type, columns->region,
    columns->on_demand, columns->spot,          columns->capacity_block
  };
  g_autoptr(GpCsvReader) reader = gp_import_open_csv (csv, file, error);
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GHashTable) offers = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  int c[G_N_ELEMENTS (names)];
  guint taken = 0, other = 0;

  if (reader == NULL)
    return NULL;
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (names[i] == NULL)
      c[i] = -1;
    else if ((c[i] = gp_csv_reader_find_field (reader, names[i])) < 0)
      {
        g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT,
                     "%s: no column %s: not a series of %s", file, names[i], columns->what);
        return NULL;
      }

  while (gp_csv_reader_next (reader, &local_error))
    {
      g_autofree char *instance =
          g_strdup_printf ("%s/%s", provider, gp_csv_reader_get (reader, c[1]));
      JsonObject *known = g_hash_table_lookup (instances, instance);
      const char *region = gp_csv_reader_get (reader, c[2]);
      double on_demand = series_figure (reader, c[3]), spot = series_figure (reader, c[4]);
      double capacity_block = series_figure (reader, c[5]);
      g_autofree char *offer = NULL;

      if (known == NULL ||
          price_of_region (json_object_get_array_member (known, "prices"), region) == NULL ||
          (c[5] >= 0 && !(capacity_block > 0)))
        {
          other++;
          continue;
        }
      offer = g_strdup_printf ("%s@%s", instance, region);
      add_series_point (set, offer, source, gp_csv_reader_get (reader, c[0]), on_demand, spot,
                        capacity_block);
      g_hash_table_add (offers, g_steal_pointer (&offer));
      taken++;
    }
  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }

  return g_strdup_printf ("%s: %u rows of %u offers into their series of %s; %u rows of "
                          "offers the catalog lacks, left out",
                          file, taken, g_hash_table_size (offers), columns->what, other);
}

/* Takes the rows of offers the catalog has; the rest are counted. */
char *
gp_series_set_read_weekly (GpSeriesSet  *set,
                           GHashTable   *instances,
                           const char   *provider,
                           GBytes       *csv,
                           const char   *file,
                           const char   *source,
                           GError      **error)
{
  static const SeriesColumns columns = {
    .date = "commit_date",
    .instance_type = "machine_type",
    .region = "region",
    .on_demand = "ondemand_usd_hr",
    .spot = "spot_usd_hr",
    .what = "price snapshots",
  };

  return read_series_table (set, instances, provider, csv, file, source, &columns, error);
}

/* Each row of an offer the catalog prices becomes a point of its Capacity Block series, dated
 * by the file's own last update; the rest are counted. */
char *
gp_series_set_read_capacity_blocks (GpSeriesSet  *set,
                                    GHashTable   *instances,
                                    const char   *provider,
                                    GBytes       *csv,
                                    const char   *file,
                                    const char   *source,
                                    GError      **error)
{
  static const SeriesColumns columns = {
    .date = "last_updated",
    .instance_type = "instance_type",
    .region = "region_code",
    .capacity_block = "hourly_rate_usd",
    .what = "Capacity Block prices",
  };

  return read_series_table (set, instances, provider, csv, file, source, &columns, error);
}

gboolean
gp_series_set_read_daily (GpSeriesSet  *set,
                          const char   *offer,
                          GBytes       *csv,
                          const char   *file,
                          const char   *source,
                          GError      **error)
{
  g_autoptr(GpCsvReader) reader = gp_import_open_csv (csv, file, error);
  g_autoptr(GError) local_error = NULL;

  if (reader == NULL)
    return FALSE;
  while (gp_csv_reader_next (reader, &local_error))
    {
      double price = gp_import_parse_number (gp_csv_reader_get (reader, 2));

      if (!isnan (price))
        add_series_point (set, offer, source, gp_csv_reader_get (reader, 0), price, NAN, NAN);
    }
  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  return TRUE;
}

/* What the catalog prices an offer at now, one pricing model's figure: its value, the source
 * that dates it and that source's day. */
typedef struct
{
  double value;
  const char *source;
  const char *date;
} CurrentPrice;

enum
{
  CURRENT_ON_DEMAND,
  CURRENT_SPOT,
  CURRENT_CAPACITY_BLOCK,
  N_CURRENT
};

static void
current_prices (JsonObject   *instance,
                JsonObject   *price,
                GHashTable   *sources,
                CurrentPrice  current[N_CURRENT])
{
  JsonNode *spot = json_object_get_member (price, "spot");
  JsonObject *block = json_object_has_member (price, "capacity_block")
                          ? json_object_get_object_member (price, "capacity_block")
                          : NULL;
  const char *own = string_of (price, "source") != NULL ? string_of (price, "source")
                                                        : string_of (instance, "source");

  current[CURRENT_ON_DEMAND].value = number_of (price, "on_demand");
  current[CURRENT_ON_DEMAND].source = string_of (price, "on_demand_source");
  current[CURRENT_SPOT].value = spot != NULL && JSON_NODE_HOLDS_ARRAY (spot)
                                    ? json_array_get_double_element (json_node_get_array (spot), 0)
                                    : number_of (price, "spot");
  current[CURRENT_SPOT].source = string_of (price, "spot_source");
  current[CURRENT_CAPACITY_BLOCK].value = number_of (block, "per_hour");
  current[CURRENT_CAPACITY_BLOCK].source = string_of (block, "source");
  for (guint m = 0; m < N_CURRENT; m++)
    {
      if (current[m].source == NULL)
        current[m].source = own;
      current[m].date = string_of (g_hash_table_lookup (sources, current[m].source), "as_of");
    }
}

/* The newest day of @offer's series with a figure of pricing model @model. */
static const char *
newest_point (GPtrArray  *series_of_offer,
              guint       model)
{
  const char *newest = NULL;

  for (guint i = 0; i < series_of_offer->len; i++)
    {
      Series *series = g_ptr_array_index (series_of_offer, i);

      for (guint p = 0; p < series->points->len; p++)
        {
          SeriesPoint *point = &g_array_index (series->points, SeriesPoint, p);
          double figure = model == CURRENT_ON_DEMAND ? point->on_demand
                          : model == CURRENT_SPOT    ? point->spot
                                                     : point->capacity_block;

          if (!isnan (figure) && (newest == NULL || strcmp (point->date, newest) > 0))
            newest = point->date;
        }
    }
  return newest;
}

/* The current prices of one offer that are newer than its series, as points citing their
 * sources; figures of one source and day make one point. Returns how many it added. */
static guint
end_offer_at_prices (GpSeriesSet *set,
                     const char  *offer,
                     GPtrArray   *series_of_offer,
                     GHashTable  *instances,
                     GHashTable  *sources,
                     GPtrArray   *cited)
{
  g_autofree char *instance_id = g_strndup (offer, strcspn (offer, "@"));
  JsonObject *instance = g_hash_table_lookup (instances, instance_id);
  JsonObject *price = instance != NULL
                          ? price_of_region (json_object_get_array_member (instance, "prices"),
                                             offer + strlen (instance_id) + 1)
                          : NULL;
  CurrentPrice current[N_CURRENT];
  gboolean newer[N_CURRENT];
  guint added = 0;

  if (price == NULL)
    return 0;
  current_prices (instance, price, sources, current);
  for (guint m = 0; m < N_CURRENT; m++)
    {
      const char *newest = newest_point (series_of_offer, m);

      /* Only a whole day can be a point; a year or a month says no day. */
      newer[m] = !isnan (current[m].value) && current[m].date != NULL &&
                 strlen (current[m].date) == 10 &&
                 (newest == NULL || strcmp (current[m].date, newest) > 0);
    }
  for (guint m = 0; m < N_CURRENT; m++)
    {
      double figures[N_CURRENT] = { NAN, NAN, NAN };
      JsonObject *source;

      if (!newer[m])
        continue;
      /* This figure, and the later ones of the same source and day, which it takes along. */
      figures[m] = current[m].value;
      for (guint n = m + 1; n < N_CURRENT; n++)
        if (newer[n] && g_str_equal (current[n].source, current[m].source) &&
            g_str_equal (current[n].date, current[m].date))
          {
            figures[n] = current[n].value;
            newer[n] = FALSE;
          }
      add_series_point (set, offer, current[m].source, current[m].date, figures[CURRENT_ON_DEMAND],
                        figures[CURRENT_SPOT], figures[CURRENT_CAPACITY_BLOCK]);
      source = g_hash_table_lookup (sources, current[m].source);
      if (source != NULL && !g_ptr_array_find (cited, source, NULL))
        g_ptr_array_add (cited, json_object_ref (source));
      added++;
    }
  return added;
}

/* A history ends at the price the catalog shows: where an offer's on-demand, spot or Capacity
 * Block price is dated after the last point of its series with that figure (a newer copy of
 * one price file, a spot price from another file), it becomes a point, dated and cited as the
 * catalog dates and cites it. */
char *
gp_series_set_end_at_prices (GpSeriesSet *set,
                             GHashTable  *instances,
                             GHashTable  *sources,
                             GPtrArray   *cited)
{
  g_autoptr(GHashTable) by_offer =
      g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify) g_ptr_array_unref);
  g_autoptr(GList) values = g_hash_table_get_values (set->series);
  g_autoptr(GList) offers = NULL;
  guint added = 0, ended = 0;

  for (GList *l = values; l != NULL; l = l->next)
    {
      Series *series = l->data;
      GPtrArray *of_offer = g_hash_table_lookup (by_offer, series->offer);

      if (of_offer == NULL)
        g_hash_table_insert (by_offer, series->offer, of_offer = g_ptr_array_new ());
      g_ptr_array_add (of_offer, series);
    }
  /* In the order of the offers' ids, so that the same inputs cite their sources alike. */
  offers = g_list_sort (g_hash_table_get_keys (by_offer), (GCompareFunc) strcmp);
  for (GList *l = offers; l != NULL; l = l->next)
    {
      guint more = end_offer_at_prices (set, l->data, g_hash_table_lookup (by_offer, l->data),
                                        instances, sources, cited);

      added += more;
      ended += more > 0;
    }
  return g_strdup_printf ("history.json: %u offers' series end at the catalog's newer prices, "
                          "%u points added",
                          ended, added);
}

static int
compare_series_points (gconstpointer a,
                       gconstpointer b)
{
  return strcmp (((const SeriesPoint *) a)->date, ((const SeriesPoint *) b)->date);
}

static gboolean
same_figure (double a,
             double b)
{
  return (isnan (a) && isnan (b)) || a == b;
}

static void
append_figure (GString *text,
               double   value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append (text, isnan (value) ? "null"
                                       : g_ascii_formatd (buffer, sizeof buffer, "%.10g", value));
}

/* A series as one line: a point each time a price changed, and its last day. */
static void
append_series (GString *text,
               Series  *series)
{
  SeriesPoint *last = NULL;
  guint written = 0;

  g_array_sort (series->points, compare_series_points);
  g_string_append_printf (text, "    { \"offer\": \"%s\", \"source\": \"%s\", \"points\": [",
                          series->offer, series->source);
  for (guint i = 0; i < series->points->len; i++)
    {
      SeriesPoint *point = &g_array_index (series->points, SeriesPoint, i);
      gboolean final = i + 1 == series->points->len;

      if (last != NULL && same_figure (point->on_demand, last->on_demand) &&
          same_figure (point->spot, last->spot) &&
          same_figure (point->capacity_block, last->capacity_block) && !final)
        continue;
      if (last != NULL && g_str_equal (point->date, last->date))
        continue;
      g_string_append_printf (text, "%s[\"%s\", ", written++ > 0 ? ", " : "", point->date);
      append_figure (text, point->on_demand);
      g_string_append (text, ", ");
      append_figure (text, point->spot);
      /* A fourth figure only in a series of Capacity Block prices. */
      if (!isnan (point->capacity_block))
        {
          g_string_append (text, ", ");
          append_figure (text, point->capacity_block);
        }
      g_string_append_c (text, ']');
      last = point;
    }
  g_string_append (text, "] }");
}

static int
compare_series (gconstpointer a,
                gconstpointer b)
{
  const Series *x = *(Series *const *) a, *y = *(Series *const *) b;
  int by_offer = strcmp (x->offer, y->offer);

  return by_offer != 0 ? by_offer : strcmp (x->source, y->source);
}

char *
gp_series_set_to_json (GpSeriesSet *set,
                       GPtrArray   *sources)
{
  g_autoptr(GString) text = g_string_new ("{\n  \"history_version\": 1,\n  \"sources\": [\n");
  g_autoptr(GList) values = g_hash_table_get_values (set->series);
  g_autoptr(GPtrArray) all = g_ptr_array_new ();

  for (guint i = 0; i < sources->len; i++)
    {
      g_autoptr(JsonNode) node =
          json_node_init_object (json_node_alloc (), g_ptr_array_index (sources, i));
      g_autofree char *source = json_to_string (node, FALSE);

      g_string_append_printf (text, "    %s%s\n", source, i + 1 < sources->len ? "," : "");
    }
  g_string_append (text, "  ],\n  \"series\": [\n");

  for (GList *l = values; l != NULL; l = l->next)
    g_ptr_array_add (all, l->data);
  g_ptr_array_sort (all, compare_series);
  for (guint i = 0; i < all->len; i++)
    {
      append_series (text, g_ptr_array_index (all, i));
      g_string_append (text, i + 1 < all->len ? ",\n" : "\n");
    }
  g_string_append (text, "  ]\n}\n");
  return g_string_free (g_steal_pointer (&text), FALSE);
}
