/* gp-catalog-build-carbon.c — the bundled catalog's energy figures: GPU power, each region's
 * grid intensity and PUE
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Three inputs of the recipe (data/catalog/FORMAT.md): a table of GPU board power that fills
 * the models no specification gave one; Electricity Maps' yearly intensity per grid zone, each
 * region's place mapped to its zone (Google's own figure for its regions); and PUE per region
 * where published, else the provider's, else the industry's. Each figure keeps its source.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "gp-catalog-build-carbon.h"
#include "gp-csv-reader.h"
#include "gp-import-builder.h"
#include "gp-update-error.h"

static void
set_error_va (GError     **error,
              const char  *format,
              va_list      args) G_GNUC_PRINTF (2, 0);

static void
set_error_va (GError     **error,
              const char  *format,
              va_list      args)
{
  g_autofree char *message = g_strdup_vprintf (format, args);

  g_set_error_literal (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT, message);
}

static gboolean
fail (GError     **error,
      const char  *format,
      ...) G_GNUC_PRINTF (2, 3);

static gboolean
fail (GError     **error,
      const char  *format,
      ...)
{
  va_list args;

  va_start (args, format);
  set_error_va (error, format, args);
  va_end (args);
  return FALSE;
}

/* As fail(), for a function that returns its report. */
static char *
fail_text (GError     **error,
           const char  *format,
           ...) G_GNUC_PRINTF (2, 3);

static char *
fail_text (GError     **error,
           const char  *format,
           ...)
{
  va_list args;

  va_start (args, format);
  set_error_va (error, format, args);
  va_end (args);
  return NULL;
}

static const char *
string_of (JsonObject *object,
           const char *member)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, member) : NULL;

  return node != NULL && JSON_NODE_HOLDS_VALUE (node) ? json_node_get_string (node) : NULL;
}

static JsonObject *
object_of (JsonObject *object,
           const char *member)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, member) : NULL;

  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

/* A figure of a table: a positive number, or NAN where the cell is empty or not one. */
static double
figure_of (const char *text)
{
  char *end = NULL;
  double value;

  if (text == NULL || *text == '\0')
    return NAN;
  value = g_ascii_strtod (text, &end);
  return end != text && *end == '\0' && isfinite (value) && value > 0 ? value : NAN;
}

/* Green Algorithms' tables open with a row saying what each column holds; the header is the
 * second row. @rows_above says how many rows to pass over. */
static GpCsvReader *
open_at_header (GBytes      *csv,
                JsonObject  *input,
                const char  *file,
                GError     **error)
{
  gsize length;
  const char *text = g_bytes_get_data (csv, &length);
  gint64 rows_above = json_object_get_int_member_with_default (input, "rows_above_header", 0);
  g_autoptr(GBytes) rest = NULL;
  const char *start = text;

  for (gint64 r = 0; r < rows_above && start != NULL; r++)
    {
      start = memchr (start, '\n', length - (start - text));
      if (start != NULL)
        start++;
    }
  if (start == NULL)
    {
      fail (error, "%s: fewer rows than the %" G_GINT64_FORMAT " above its header", file,
            rows_above);
      return NULL;
    }
  rest = g_bytes_new_from_bytes (csv, start - text, length - (start - text));
  return gp_import_open_csv (rest, file, error);
}

static gboolean
find_columns (GpCsvReader        *reader,
              const char         *file,
              const char * const *names,
              int                *columns,
              GError            **error)
{
  for (guint c = 0; names[c] != NULL; c++)
    if ((columns[c] = gp_csv_reader_find_field (reader, names[c])) < 0)
      return fail (error, "%s:1: no \"%s\" column", file, names[c]);
  return TRUE;
}

/* Gives the models the table names their power where no specification gave one, with the
 * table's source as "tdp_source". */
char *
gp_carbon_read_gpu_power (GHashTable  *gpu_by_id,
                          JsonObject  *input,
                          GBytes      *csv,
                          GError     **error)
{
  static const char *const names[] = { "model", "TDP", NULL };
  const char *file = string_of (input, "file");
  const char *source = string_of (input, "source");
  JsonObject *rows = object_of (input, "rows");
  g_autoptr(GpCsvReader) reader = open_at_header (csv, input, file, error);
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  int columns[2];
  guint filled = 0;

  if (reader == NULL || !find_columns (reader, file, names, columns, error))
    return NULL;

  while (gp_csv_reader_next (reader, &local_error))
    {
      const char *model = gp_csv_reader_get (reader, columns[0]);
      JsonObject *row = object_of (rows, model);
      JsonObject *gpu;
      double watts;

      if (row == NULL)
        continue;
      g_hash_table_add (seen, (gpointer) string_of (row, "gpu"));
      if ((gpu = g_hash_table_lookup (gpu_by_id, string_of (row, "gpu"))) == NULL)
        return fail_text (error, "%s: the row %s is for %s, which build.json does not define", file,
                          model, string_of (row, "gpu"));
      if (isnan (watts = figure_of (gp_csv_reader_get (reader, columns[1]))))
        return fail_text (error, "%s:%u: %s has no power", file, gp_csv_reader_get_line (reader),
                          model);
      /* A specification's own figure stands: this table fills only the gaps. */
      if (json_object_has_member (gpu, "tdp_w"))
        continue;
      watts /= json_object_get_int_member_with_default (row, "gpus_per_board", 1);
      json_object_set_double_member (gpu, "tdp_w", watts);
      json_object_set_string_member (gpu, "tdp_source", source);
      filled++;
    }
  if (local_error != NULL)
    return fail_text (error, "%s", local_error->message);
  if (g_hash_table_size (seen) != json_object_get_size (rows))
    return fail_text (error, "%s: a row the recipe maps is not in the table", file);

  return g_strdup_printf ("%s: the power of %u GPU models no specification gave", file, filled);
}

typedef struct
{
  char *zone;
  double gco2_per_kwh;
} Zone;

static void
zone_free (Zone *zone)
{
  g_free (zone->zone);
  g_free (zone);
}

/* Electricity Maps' zones by id, and each country's own zone (the one named after it) by its
 * name: a country of one zone is that zone. */
static gboolean
read_zones (GBytes      *csv,
            JsonObject  *input,
            const char  *file,
            GHashTable  *by_id,
            GHashTable  *by_country,
            GError     **error)
{
  static const char *const names[] = { "Country", "Zone name", "Zone id",
                                       "Carbon intensity gCO₂eq/kWh (direct)", NULL };
  g_autoptr(GpCsvReader) reader = open_at_header (csv, input, file, error);
  g_autoptr(GHashTable) zones_of = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) named = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GError) local_error = NULL;
  GHashTableIter iter;
  gpointer key, value;
  int c[4];

  if (reader == NULL || !find_columns (reader, file, names, c, error))
    return FALSE;

  while (gp_csv_reader_next (reader, &local_error))
    {
      const char *country = gp_csv_reader_get (reader, c[0]);
      const char *id = gp_csv_reader_get (reader, c[2]);
      double figure = figure_of (gp_csv_reader_get (reader, c[3]));
      guint count = GPOINTER_TO_UINT (g_hash_table_lookup (zones_of, country));
      Zone *zone;

      /* A zone without a figure is one the catalog cannot use. */
      if (isnan (figure) || g_hash_table_contains (by_id, id))
        continue;
      zone = g_new0 (Zone, 1);
      zone->zone = g_strdup (id);
      zone->gco2_per_kwh = figure;
      g_hash_table_insert (by_id, zone->zone, zone);
      g_hash_table_insert (zones_of, g_strdup (country), GUINT_TO_POINTER (count + 1));
      if (g_str_equal (country, gp_csv_reader_get (reader, c[1])))
        {
          g_hash_table_add (named, g_strdup (country));
          g_hash_table_insert (by_country, g_strdup (country), zone->zone);
        }
      else if (!g_hash_table_contains (named, country))
        g_hash_table_insert (by_country, g_strdup (country), zone->zone);
    }
  if (local_error != NULL)
    return fail (error, "%s", local_error->message);

  /* A country of several zones, none named after it, has no one figure. */
  g_hash_table_iter_init (&iter, zones_of);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (GPOINTER_TO_UINT (value) > 1 && !g_hash_table_contains (named, key))
      g_hash_table_remove (by_country, key);
  return TRUE;
}

static gboolean
read_google (GBytes      *csv,
             const char  *file,
             GHashTable  *by_region,
             GError     **error)
{
  static const char *const names[] = { "Google Cloud Region",
                                       "Grid carbon intensity (gCO2eq / kWh)", NULL };
  g_autoptr(GpCsvReader) reader = gp_import_open_csv (csv, file, error);
  g_autoptr(GError) local_error = NULL;
  int c[2];

  if (reader == NULL || !find_columns (reader, file, names, c, error))
    return FALSE;
  while (gp_csv_reader_next (reader, &local_error))
    {
      double figure = figure_of (gp_csv_reader_get (reader, c[1]));

      if (!isnan (figure))
        g_hash_table_insert (by_region, g_strdup (gp_csv_reader_get (reader, c[0])),
                             g_memdup2 (&figure, sizeof figure));
    }
  if (local_error != NULL)
    return fail (error, "%s", local_error->message);
  return TRUE;
}

/* The zone a region's place maps to: the recipe's place ("Country/City") first, then its
 * country, then the country's own zone. */
static const char *
zone_of_place (JsonObject *input,
               GHashTable *by_country,
               JsonObject *region)
{
  const char *country = string_of (region, "country");
  g_autofree char *place = NULL;
  const char *zone;

  if (country == NULL)
    return NULL;
  place = g_strdup_printf ("%s/%s", country, string_of (region, "city"));
  if ((zone = string_of (object_of (input, "places"), place)) != NULL)
    return zone;
  if ((zone = string_of (object_of (input, "countries"), country)) != NULL)
    return zone;
  return g_hash_table_lookup (by_country, country);
}

static gboolean
in_list (JsonArray  *list,
         const char *id)
{
  for (guint i = 0; list != NULL && i < json_array_get_length (list); i++)
    if (g_strcmp0 (json_array_get_string_element (list, i), id) == 0)
      return TRUE;
  return FALSE;
}

/* Regions are shared between providers of one region table: each is given its own copy
 * before its figures are set. */
static JsonArray *
own_regions (JsonObject *provider)
{
  JsonArray *regions = json_object_get_array_member (provider, "regions");
  JsonArray *copy = json_array_new ();

  for (guint r = 0; r < json_array_get_length (regions); r++)
    json_array_add_element (copy, json_node_copy (json_array_get_element (regions, r)));
  json_object_set_array_member (provider, "regions", copy);
  return copy;
}

static void
set_grid (JsonObject *region,
          const char *zone,
          double      gco2_per_kwh,
          gint64      year,
          const char *source)
{
  JsonObject *grid = json_object_new ();

  json_object_set_string_member (grid, "zone", zone);
  json_object_set_double_member (grid, "gco2_per_kwh", gco2_per_kwh);
  json_object_set_int_member (grid, "year", year);
  json_object_set_string_member (grid, "source", source);
  json_object_set_object_member (region, "grid", grid);
}

/* Gives each region the intensity of its grid: Google's figure for a Google region, else its
 * zone's. A region whose place maps to no zone is left without one, and said. */
char *
gp_carbon_read_grid (GPtrArray   *providers,
                     JsonObject  *input,
                     GBytes      *zones_csv,
                     GBytes      *google_csv,
                     GError     **error)
{
  JsonObject *google = object_of (input, "google");
  g_autoptr(GHashTable) by_id =
      g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify) zone_free);
  g_autoptr(GHashTable) by_country = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) by_region =
      g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GString) unmapped = g_string_new (NULL);
  gint64 year = json_object_get_int_member_with_default (input, "year", 0);
  guint zoned = 0, from_google = 0;

  if (!read_zones (zones_csv, input, string_of (input, "file"), by_id, by_country, error) ||
      !read_google (google_csv, string_of (google, "file"), by_region, error))
    return NULL;

  for (guint p = 0; p < providers->len; p++)
    {
      JsonObject *provider = g_ptr_array_index (providers, p);
      const char *provider_id = string_of (provider, "id");
      gboolean is_google =
          in_list (json_object_get_array_member (google, "providers"), provider_id);
      JsonArray *regions = own_regions (provider);

      for (guint r = 0; r < json_array_get_length (regions); r++)
        {
          JsonObject *region = json_array_get_object_element (regions, r);
          const char *zone_id = zone_of_place (input, by_country, region);
          Zone *zone = zone_id != NULL ? g_hash_table_lookup (by_id, zone_id) : NULL;
          double *own =
              is_google ? g_hash_table_lookup (by_region, string_of (region, "id")) : NULL;

          if (zone_id != NULL && zone == NULL)
            return fail_text (error, "build.json: the zone %s of %s's %s has no figure in %s",
                              zone_id, provider_id, string_of (region, "id"),
                              string_of (input, "file"));
          if (zone != NULL && own != NULL)
            {
              set_grid (region, zone->zone, *own, year, string_of (google, "source"));
              from_google++;
            }
          else if (zone != NULL)
            {
              set_grid (region, zone->zone, zone->gco2_per_kwh, year, string_of (input, "source"));
              zoned++;
            }
          else
            g_string_append_printf (unmapped, " %s/%s", provider_id, string_of (region, "id"));
        }
    }

  return g_strdup_printf ("%s: grid intensity of %u regions by zone, %u by Google's own figure; "
                          "no zone for%s",
                          string_of (input, "file"), zoned, from_google,
                          unmapped->len > 0 ? unmapped->str : " none");
}

typedef struct
{
  double value;
  const char *source;
} Pue;

static gboolean
read_pue_defaults (GBytes      *csv,
                   JsonObject  *defaults,
                   GHashTable  *by_code,
                   GError     **error)
{
  static const char *const names[] = { "provider", "PUE", NULL };
  const char *file = string_of (defaults, "file");
  JsonObject *sources = object_of (defaults, "sources");
  g_autoptr(GpCsvReader) reader = open_at_header (csv, defaults, file, error);
  g_autoptr(GError) local_error = NULL;
  int c[2];

  if (reader == NULL || !find_columns (reader, file, names, c, error))
    return FALSE;
  while (gp_csv_reader_next (reader, &local_error))
    {
      const char *code = gp_csv_reader_get (reader, c[0]);
      Pue pue = { figure_of (gp_csv_reader_get (reader, c[1])), string_of (sources, code) };

      if (pue.source != NULL && !isnan (pue.value))
        g_hash_table_insert (by_code, g_strdup (code), g_memdup2 (&pue, sizeof pue));
    }
  if (local_error != NULL)
    return fail (error, "%s", local_error->message);
  if (!g_hash_table_contains (by_code, "Unknown"))
    return fail (error, "%s: no figure for an unknown data centre with a source", file);
  return TRUE;
}

/* Per region where the table gives one: provider code and region id → PUE. */
static gboolean
read_pue_regional (GBytes      *csv,
                   JsonObject  *input,
                   GHashTable  *by_region,
                   GError     **error)
{
  static const char *const names[] = { "provider", "Name", "PUE", NULL };
  const char *file = string_of (input, "file");
  g_autoptr(GpCsvReader) reader = open_at_header (csv, input, file, error);
  g_autoptr(GError) local_error = NULL;
  int c[3];

  if (reader == NULL || !find_columns (reader, file, names, c, error))
    return FALSE;
  while (gp_csv_reader_next (reader, &local_error))
    {
      double value = figure_of (gp_csv_reader_get (reader, c[2]));

      if (!isnan (value))
        g_hash_table_insert (by_region,
                             g_strdup_printf ("%s/%s", gp_csv_reader_get (reader, c[0]),
                                              gp_csv_reader_get (reader, c[1])),
                             g_memdup2 (&value, sizeof value));
    }
  if (local_error != NULL)
    return fail (error, "%s", local_error->message);
  return TRUE;
}

/* Gives each region its PUE: its own where published, else its provider's, else the industry's. */
char *
gp_carbon_read_pue (GPtrArray   *providers,
                    JsonObject  *input,
                    GBytes      *regional_csv,
                    GBytes      *defaults_csv,
                    GError     **error)
{
  JsonObject *codes = object_of (input, "providers");
  g_autoptr(GHashTable) by_code = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GHashTable) by_region =
      g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  guint regional = 0, by_provider = 0, unknown = 0;

  if (!read_pue_defaults (defaults_csv, object_of (input, "defaults"), by_code, error) ||
      !read_pue_regional (regional_csv, input, by_region, error))
    return NULL;

  for (guint p = 0; p < providers->len; p++)
    {
      JsonObject *provider = g_ptr_array_index (providers, p);
      const char *code = string_of (codes, string_of (provider, "id"));
      Pue *fallback = code != NULL ? g_hash_table_lookup (by_code, code) : NULL;
      JsonArray *regions = json_object_get_array_member (provider, "regions");

      if (fallback == NULL)
        fallback = g_hash_table_lookup (by_code, "Unknown");
      for (guint r = 0; r < json_array_get_length (regions); r++)
        {
          JsonObject *region = json_array_get_object_element (regions, r);
          g_autofree char *key = g_strdup_printf ("%s/%s", code, string_of (region, "id"));
          double *own = code != NULL ? g_hash_table_lookup (by_region, key) : NULL;
          JsonObject *pue = json_object_new ();

          json_object_set_double_member (pue, "value", own != NULL ? *own : fallback->value);
          json_object_set_string_member (
              pue, "source", own != NULL ? string_of (input, "source") : fallback->source);
          json_object_set_object_member (region, "pue", pue);
          if (own != NULL)
            regional++;
          else if (fallback == g_hash_table_lookup (by_code, "Unknown"))
            unknown++;
          else
            by_provider++;
        }
    }

  return g_strdup_printf ("%s: PUE of %u regions their own, %u their provider's, %u the "
                          "industry's",
                          string_of (input, "file"), regional, by_provider, unknown);
}
