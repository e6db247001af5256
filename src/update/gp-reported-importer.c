/* gp-reported-importer.c — prices people reported seeing, a row each, with who and when
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The GPU-rental platforms of mainland China publish no price list: their prices are known
 * from guides, logs and price indexes that quote a page on a day. Each row of such a table
 * (../shared/data/sources/china-rental/prices.csv) is one platform, GPU and pricing mode, with
 * its source, its date and a note saying who reported it. The recipe maps the platforms to
 * providers and the GPU names to models; each row becomes a price citing a source of its own,
 * marked as reported (who, from the note) unless the source is the platform's own document; a
 * "from" price (the lowest listed) says so. A row the recipe cannot place (an unmapped GPU, a
 * monthly price, a row without a date the recipe can vouch for) is left out and counted,
 * never guessed.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include <math.h>
#include <string.h>

#include "gp-csv-reader.h"
#include "gp-import-builder.h"
#include "gp-import-values.h"
#include "gp-reported-importer.h"
#include "gp-update-error.h"

enum
{
  COL_PLATFORM,
  COL_GPU,
  COL_GPU_COUNT,
  COL_VCPUS,
  COL_RAM,
  COL_PRICE,
  COL_PRICING,
  COL_DATE,
  COL_URL,
  COL_KIND,
  COL_NOTE,
  N_COLUMNS
};

static const char *const column_names[N_COLUMNS] = {
  "platform", "gpu",        "gpu_count",  "vcpus",       "ram_gb", "price_cny_per_hour",
  "pricing",  "valid_date", "source_url", "source_kind", "note",
};

typedef struct
{
  JsonObject *recipe;
  JsonArray *sources;
  GPtrArray *instances; /* JsonObject */
  GHashTable *by_id;    /* id → JsonObject, borrowed from instances */
  GpImportReport *report;
  const char *row[N_COLUMNS];
} Import;

static const char *
recipe_string (JsonObject *object,
               const char *key)
{
  return object != NULL && json_object_has_member (object, key)
             ? json_object_get_string_member_with_default (object, key, NULL)
             : NULL;
}

static JsonObject *
recipe_object (JsonObject *object,
               const char *key)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, key) : NULL;

  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

/* The platform's own name for the machine where the note gives it ("instance GT4.4XLARGE96"),
 * else the GPU and its count. */
static char *
instance_name (Import *import)
{
  const char *note = import->row[COL_NOTE];
  const char *start = note != NULL && g_str_has_prefix (note, "instance ") ? note + 9 : NULL;
  guint count = (guint) g_ascii_strtoull (import->row[COL_GPU_COUNT], NULL, 10);

  if (start != NULL)
    return g_strndup (start, strcspn (start, ";, "));
  return count > 1 ? g_strdup_printf ("%u× %s", count, import->row[COL_GPU])
                   : g_strdup (import->row[COL_GPU]);
}

/* A "from" price, or the lower end of a range: the recipe's markers, found in the note. */
static gboolean
lowest_listed (Import *import)
{
  JsonNode *node = json_object_get_member (import->recipe, "lowest_listed_markers");
  JsonArray *markers =
      node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;

  for (guint i = 0; markers != NULL && i < json_array_get_length (markers); i++)
    if (strstr (import->row[COL_NOTE], json_array_get_string_element (markers, i)) != NULL)
      return TRUE;
  return FALSE;
}

/* The row's date, or for an undated row what the recipe vouches for, with why; NULL where
 * neither says. */
static const char *
row_date (Import      *import,
          const char **why)
{
  JsonObject *undated =
      recipe_object (recipe_object (import->recipe, "undated"), import->row[COL_URL]);

  *why = NULL;
  if (g_strcmp0 (import->row[COL_DATE], "undated") != 0)
    return import->row[COL_DATE];
  if (undated == NULL)
    return NULL;
  *why = recipe_string (undated, "why");
  return recipe_string (undated, "as_of");
}

static const char *
add_source (Import     *import,
            const char *provider,
            const char *name,
            const char *as_of,
            const char *why)
{
  g_autofree char *name_slug = gp_import_slug (name);
  g_autofree char *id = g_strdup_printf ("%s-%s-%s", provider, name_slug, import->row[COL_PRICING]);
  /* The title says a reported price is one wherever a source is cited: footnotes, exports. */
  g_autofree char *title =
      g_strdup_printf (g_strcmp0 (import->row[COL_KIND], "official") != 0
                           ? "%s %s, %s price an hour in yuan, as reported"
                           : "%s %s, %s price an hour in yuan, as listed",
                       import->row[COL_PLATFORM], name, import->row[COL_PRICING]);
  JsonObject *source = json_object_new ();

  json_object_set_string_member (source, "id", id);
  json_object_set_string_member (source, "title", title);
  json_object_set_string_member (source, "url", import->row[COL_URL]);
  json_object_set_string_member (source, "as_of", as_of);
  if (why != NULL)
    {
      g_autofree char *note = g_strdup_printf ("Undated: %s. %s", why, import->row[COL_NOTE]);

      json_object_set_string_member (source, "note", note);
    }
  else
    json_object_set_string_member (source, "note", import->row[COL_NOTE]);
  json_array_add_object_element (import->sources, source);
  return json_object_get_string_member (source, "id");
}

static JsonObject *
new_instance (Import     *import,
              const char *id,
              const char *provider,
              const char *name,
              const char *gpu,
              const char *source)
{
  JsonObject *instance = json_object_new ();
  double vcpus = gp_import_parse_number (import->row[COL_VCPUS]);
  double ram = gp_import_parse_number (import->row[COL_RAM]);
  JsonObject *price = json_object_new ();
  JsonArray *prices = json_array_new ();

  json_object_set_string_member (instance, "id", id);
  json_object_set_string_member (instance, "provider", provider);
  json_object_set_string_member (instance, "name", name);
  json_object_set_string_member (instance, "gpu", gpu);
  json_object_set_int_member (instance, "gpu_count",
                              g_ascii_strtoll (import->row[COL_GPU_COUNT], NULL, 10));
  /* Whole cores only: the catalog counts vCPUs, and "0.5 core" rows have no GPU anyway. */
  if (!isnan (vcpus) && vcpus == floor (vcpus) && vcpus > 0)
    json_object_set_int_member (instance, "vcpus", (gint64) vcpus);
  if (!isnan (ram) && ram > 0)
    json_object_set_double_member (instance, "memory_gb", ram);
  if (g_strcmp0 (import->row[COL_KIND], "official") != 0)
    {
      JsonObject *reported = json_object_new ();

      json_object_set_string_member (reported, "by", import->row[COL_NOTE]);
      if (lowest_listed (import))
        json_object_set_boolean_member (reported, "lowest_listed", TRUE);
      json_object_set_object_member (instance, "reported", reported);
    }
  else if (lowest_listed (import))
    json_object_set_string_member (instance, "notes",
                                   "The lowest figure of a range the source publishes.");
  json_object_set_string_member (instance, "source", source);
  json_object_set_string_member (price, "region", recipe_string (import->recipe, "region"));
  json_object_set_string_member (price, "source", source);
  json_array_add_object_element (prices, price);
  json_object_set_array_member (instance, "prices", prices);
  return instance;
}

/* Why the row cannot be placed, or NULL; @as_of and @why its date and, undated, the recipe's
 * reason for the date. */
static const char *
check_row (Import      *import,
           const char **as_of,
           const char **why)
{
  double price = gp_import_parse_number (import->row[COL_PRICE]);

  if (recipe_string (recipe_object (import->recipe, "providers"), import->row[COL_PLATFORM]) ==
      NULL)
    return "a platform the recipe does not take";
  if (recipe_string (recipe_object (import->recipe, "gpus"), import->row[COL_GPU]) == NULL)
    return "a GPU no model of build.json describes (or no GPU)";
  if (isnan (price) || !(price > 0))
    return "no price an hour (a monthly price: the catalog prices hours)";
  if ((*as_of = row_date (import, why)) == NULL)
    return "undated, and the recipe vouches for no date";
  return NULL;
}

/* One row: a new instance with its on-demand price, or the spot price of one already read. */
static void
read_row (Import *import)
{
  const char *provider =
      recipe_string (recipe_object (import->recipe, "providers"), import->row[COL_PLATFORM]);
  const char *gpu = recipe_string (recipe_object (import->recipe, "gpus"), import->row[COL_GPU]);
  gboolean spot = g_strcmp0 (import->row[COL_PRICING], "spot") == 0;
  g_autofree char *name = NULL, *id = NULL, *name_slug = NULL;
  const char *why = NULL, *as_of = NULL, *source, *skip;
  JsonObject *instance, *offer;

  import->report->rows++;
  if ((skip = check_row (import, &as_of, &why)) == NULL)
    {
      name = instance_name (import);
      name_slug = gp_import_slug (name);
      id = g_strdup_printf ("%s/%s", provider, name_slug);
      instance = g_hash_table_lookup (import->by_id, id);
      if (instance == NULL && spot)
        skip = "a spot price of no machine read before";
      else if (instance != NULL && !spot)
        skip = "a second price of one machine and mode";
    }
  if (skip != NULL)
    {
      gp_import_report_skip (import->report, skip);
      return;
    }

  source = add_source (import, provider, name, as_of, why);
  if (instance == NULL)
    {
      instance = new_instance (import, id, provider, name, gpu, source);
      g_ptr_array_add (import->instances, instance);
      g_hash_table_insert (import->by_id, (gpointer) json_object_get_string_member (instance, "id"),
                           instance);
      import->report->instances++;
      import->report->offers++;
    }
  offer = json_array_get_object_element (json_object_get_array_member (instance, "prices"), 0);
  if (spot)
    {
      json_object_set_double_member (offer, "spot",
                                     gp_import_parse_number (import->row[COL_PRICE]));
      json_object_set_string_member (offer, "spot_source", source);
    }
  else
    json_object_set_double_member (offer, "on_demand",
                                   gp_import_parse_number (import->row[COL_PRICE]));
  import->report->imported++;
}

JsonNode *
gp_reported_import_tree (GBytes          *csv,
                         const char      *file,
                         JsonObject      *recipe,
                         GpImportReport  *report,
                         GError         **error)
{
  g_autoptr(GpCsvReader) reader = gp_import_open_csv (csv, file, error);
  g_autoptr(GPtrArray) instances =
      g_ptr_array_new_with_free_func ((GDestroyNotify) json_object_unref);
  g_autoptr(GHashTable) by_id = g_hash_table_new (g_str_hash, g_str_equal);
  Import import = { recipe, json_array_new (), instances, by_id, report, { NULL } };
  g_autoptr(GError) local_error = NULL;
  g_autoptr(JsonArray) sources = import.sources;
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  int columns[N_COLUMNS];

  if (reader == NULL)
    return NULL;
  for (guint c = 0; c < N_COLUMNS; c++)
    if ((columns[c] = gp_csv_reader_find_field (reader, column_names[c])) < 0)
      {
        g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT, _("%s: no column “%s”"), file,
                     column_names[c]);
        return NULL;
      }

  while (gp_csv_reader_next (reader, &local_error))
    {
      for (guint c = 0; c < N_COLUMNS; c++)
        {
          const char *value = gp_csv_reader_get (reader, columns[c]);

          import.row[c] = value != NULL ? value : "";
        }
      read_row (&import);
    }
  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "schema_version");
  json_builder_add_int_value (builder, 1);
  json_builder_set_member_name (builder, "currency");
  json_builder_add_string_value (builder, "CNY");
  json_builder_set_member_name (builder, "sources");
  json_builder_add_value (builder, json_node_init_array (json_node_alloc (), sources));
  json_builder_set_member_name (builder, "instances");
  json_builder_begin_array (builder);
  for (guint i = 0; i < instances->len; i++)
    json_builder_add_value (
        builder, json_node_init_object (json_node_alloc (), g_ptr_array_index (instances, i)));
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}
