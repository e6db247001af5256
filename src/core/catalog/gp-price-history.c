/* gp-price-history.c — offers' prices over time: the bundled series and the user's own
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A price list is a snapshot; what a lab wants to know before it commits a grant is whether a
 * price moves. The bundled history.json (built beside catalog.json from the dated series in
 * the raw sources) holds, for each offer it covers, a point each time a price changed and one
 * on the last day it was seen. The user's own history.json, in the data folder, grows by a
 * point each time a refresh brings a changed price. Both have the same form:
 *
 *   { "history_version": 1,
 *     "sources": [ { "id": "…", "title": "…", "as_of": "…" } ],
 *     "series": [ { "offer": "gcp/a2-highgpu-1g@us-central1", "source": "…",
 *                   "points": [ ["2025-06-05", 3.673385, 1.441436], … ] } ] }
 *
 * a point being its day, then the on-demand and the spot price an hour, either null when the
 * series has none, and, in a series of Capacity Block prices, a fourth: the price of an
 * instance-hour booked in a block. A file with a problem is refused whole, its name and the
 * place said.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "gp-catalog-data.h"
#include "gp-catalog-error.h"
#include "gp-file.h"
#include "gp-json-reader.h"
#include "gp-json-writer.h"
#include "gp-price-history.h"
#include "gp-text.h"

#define HISTORY_VERSION  1
#define BUNDLED_PATH     "/io/github/gpuplanner/GpuPlanner/catalog/history.json"
#define MAX_HISTORY_SIZE (64 * 1024 * 1024)
/* The user's own points are change points, and a refresh may bring a change of every offer
 * every time: per offer and in all they are capped, the oldest thinned first, so that the file
 * stays well within what is read back (a point is about 60 bytes written). */
#define MAX_OWN_POINTS_PER_OFFER 64
#define MAX_OWN_POINTS           400000
#define MAX_SAVED_SIZE           (MAX_HISTORY_SIZE / 2)

typedef struct
{
  char date[11];
  double on_demand;
  double spot;
  double capacity_block;
  const char *source; /* interned */
  gboolean own;       /* the user's, kept in their file */
} Point;

struct _GpPriceHistory
{
  GObject parent_instance;
  GHashTable *series; /* offer id → GArray of Point, by date; one day's in the order added */
  guint n_own;        /* the user's own points among them */
};

G_DEFINE_FINAL_TYPE (GpPriceHistory, gp_price_history, G_TYPE_OBJECT)

static void
gp_price_history_finalize (GObject *object)
{
  GpPriceHistory *self = GP_PRICE_HISTORY (object);

  g_clear_pointer (&self->series, g_hash_table_unref);

  G_OBJECT_CLASS (gp_price_history_parent_class)->finalize (object);
}

static void
gp_price_history_class_init (GpPriceHistoryClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = gp_price_history_finalize;
}

static void
gp_price_history_init (GpPriceHistory *self)
{
  self->series =
      g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_array_unref);
}

GpPriceHistory *
gp_price_history_new (void)
{
  return g_object_new (GP_TYPE_PRICE_HISTORY, NULL);
}

GpPriceHistory *
gp_price_history_new_bundled (void)
{
  g_autoptr(GpPriceHistory) self = gp_price_history_new ();
  g_autoptr(GBytes) bytes =
      g_resource_lookup_data (gp_catalog_data_get_resource (), BUNDLED_PATH, 0, NULL);
  g_autoptr(GError) error = NULL;

  /* The test suite reads the bundled file; failing here is a build defect. */
  if (bytes != NULL &&
      !gp_price_history_add_bytes (self, bytes, "bundled history.json", FALSE, &error))
    g_critical ("The bundled price history is invalid: %s", error->message);
  return g_steal_pointer (&self);
}

static GArray *
series_of (GpPriceHistory *self,
           const char     *offer_id)
{
  GArray *points = g_hash_table_lookup (self->series, offer_id);

  if (points == NULL)
    {
      points = g_array_new (FALSE, FALSE, sizeof (Point));
      g_hash_table_insert (self->series, g_strdup (offer_id), points);
    }
  return points;
}

static int
compare_dates (gconstpointer a,
               gconstpointer b)
{
  return strcmp (((const Point *) a)->date, ((const Point *) b)->date);
}

static guint
count_own (GArray *series)
{
  guint n = 0;

  for (guint i = 0; i < series->len; i++)
    n += g_array_index (series, Point, i).own;
  return n;
}

/* Every other one of the older half of a series' own points goes, its first kept: a long
 * history keeps its shape, each thinning coarser the further back. Returns how many went. */
static guint
thin_series (GArray *series)
{
  guint n_own = count_own (series), seen = 0, removed = 0;

  for (guint i = 0; i < series->len && seen < n_own / 2;)
    {
      if (!g_array_index (series, Point, i).own)
        {
          i++;
          continue;
        }
      if (seen++ % 2 == 1)
        {
          g_array_remove_index (series, i);
          removed++;
        }
      else
        i++;
    }
  return removed;
}

static guint
thin_all (GpPriceHistory *self)
{
  GHashTableIter iter;
  gpointer series;
  guint removed = 0;

  g_hash_table_iter_init (&iter, self->series);
  while (g_hash_table_iter_next (&iter, NULL, &series))
    removed += thin_series (series);
  self->n_own -= removed;
  return removed;
}

/* Within the caps: @series (where one grew) and the whole. */
static void
keep_bounded (GpPriceHistory *self,
              GArray         *series)
{
  if (series != NULL && series->len > MAX_OWN_POINTS_PER_OFFER &&
      count_own (series) > MAX_OWN_POINTS_PER_OFFER)
    self->n_own -= thin_series (series);
  while (self->n_own > MAX_OWN_POINTS && thin_all (self) > 0)
    ;
}

static gboolean
refuse (GError    **error,
        const char *name,
        const char *where,
        const char *problem)
{
  g_set_error (error, GP_CATALOG_ERROR, GP_CATALOG_ERROR_INVALID_VALUE, "%s: %s: %s", name, where,
               problem);
  return FALSE;
}

/* A price of a point: a non-negative number, or null for none. */
static gboolean
read_price (JsonNode *node,
            double   *price)
{
  if (JSON_NODE_HOLDS_NULL (node))
    {
      *price = NAN;
      return TRUE;
    }
  if (!JSON_NODE_HOLDS_VALUE (node) || (json_node_get_value_type (node) != G_TYPE_DOUBLE &&
                                        json_node_get_value_type (node) != G_TYPE_INT64))
    return FALSE;
  *price = json_node_get_double (node);
  return *price >= 0;
}

static gboolean
read_point (JsonArray   *point,
            const char  *source,
            gboolean     own,
            GArray      *points,
            const char  *name,
            const char  *where,
            GError     **error)
{
  Point p = { .source = source, .own = own, .capacity_block = NAN };
  const char *date;

  if (point == NULL || (json_array_get_length (point) != 3 && json_array_get_length (point) != 4) ||
      !JSON_NODE_HOLDS_VALUE (json_array_get_element (point, 0)) ||
      json_node_get_value_type (json_array_get_element (point, 0)) != G_TYPE_STRING)
    return refuse (error, name, where,
                   "expected [\"YYYY-MM-DD\", on-demand, spot] or [\"YYYY-MM-DD\", on-demand, "
                   "spot, capacity block]");
  date = json_array_get_string_element (point, 0);
  if (strlen (date) != 10 || !gp_date_is_valid (date, FALSE))
    return refuse (error, name, where, "expected a day as YYYY-MM-DD");
  if (!read_price (json_array_get_element (point, 1), &p.on_demand) ||
      !read_price (json_array_get_element (point, 2), &p.spot) ||
      (json_array_get_length (point) == 4 &&
       !read_price (json_array_get_element (point, 3), &p.capacity_block)))
    return refuse (error, name, where, "a price must be a non-negative number or null");

  memcpy (p.date, date, sizeof p.date);
  g_array_append_val (points, p);
  return TRUE;
}

/* The sources of a file, id → interned title. */
static gboolean
read_sources (JsonObject  *root,
              GHashTable  *titles,
              const char  *name,
              GError     **error)
{
  JsonArray *sources = json_object_has_member (root, "sources") &&
                               JSON_NODE_HOLDS_ARRAY (json_object_get_member (root, "sources"))
                           ? json_object_get_array_member (root, "sources")
                           : NULL;

  for (guint i = 0; sources != NULL && i < json_array_get_length (sources); i++)
    {
      JsonNode *node = json_array_get_element (sources, i);
      JsonObject *source = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      const char *id =
          source != NULL ? json_object_get_string_member_with_default (source, "id", NULL) : NULL;
      const char *title = source != NULL
                              ? json_object_get_string_member_with_default (source, "title", NULL)
                              : NULL;
      const char *as_of = source != NULL
                              ? json_object_get_string_member_with_default (source, "as_of", NULL)
                              : NULL;
      g_autofree char *where = g_strdup_printf ("sources[%u]", i);
      g_autofree char *shown = NULL;

      if (id == NULL || title == NULL)
        return refuse (error, name, where, "a source needs an id and a title");
      /* In the user's language where the project translates it, as a catalog's source is. */
      title = g_dpgettext2 (GETTEXT_PACKAGE, "source", title);
      shown = as_of != NULL ? g_strdup_printf ("%s (%s)", title, as_of) : g_strdup (title);
      g_hash_table_insert (titles, (gpointer) id, (gpointer) g_intern_string (shown));
    }
  return TRUE;
}

/* Adds a file's series, or nothing: a file with a problem is refused whole. */
gboolean
gp_price_history_add_bytes (GpPriceHistory  *self,
                            GBytes          *bytes,
                            const char      *name,
                            gboolean         own,
                            GError         **error)
{
  gsize length;
  const char *text = g_bytes_get_data (bytes, &length);
  g_autoptr(JsonNode) root = gp_json_read (text != NULL ? text : "", length, name, error);
  g_autoptr(GHashTable) titles = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) read =
      g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_array_unref);
  JsonObject *object;
  JsonArray *series;
  GHashTableIter iter;
  gpointer key, value;

  g_return_val_if_fail (GP_IS_PRICE_HISTORY (self), FALSE);

  if (root == NULL)
    return FALSE;
  object = JSON_NODE_HOLDS_OBJECT (root) ? json_node_get_object (root) : NULL;
  if (object == NULL ||
      json_object_get_int_member_with_default (object, "history_version", 0) != HISTORY_VERSION)
    return refuse (error, name, "history_version", "expected 1");
  if (!read_sources (object, titles, name, error))
    return FALSE;
  series = json_object_has_member (object, "series") &&
                   JSON_NODE_HOLDS_ARRAY (json_object_get_member (object, "series"))
               ? json_object_get_array_member (object, "series")
               : NULL;
  if (series == NULL)
    return refuse (error, name, "series", "expected an array");

  for (guint i = 0; i < json_array_get_length (series); i++)
    {
      JsonNode *node = json_array_get_element (series, i);
      JsonObject *one = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      const char *offer =
          one != NULL ? json_object_get_string_member_with_default (one, "offer", NULL) : NULL;
      const char *source_id =
          one != NULL ? json_object_get_string_member_with_default (one, "source", NULL) : NULL;
      const char *source = source_id != NULL ? g_hash_table_lookup (titles, source_id) : NULL;
      JsonNode *points = one != NULL ? json_object_get_member (one, "points") : NULL;
      g_autofree char *where = g_strdup_printf ("series[%u]", i);
      GArray *into;

      if (offer == NULL || strchr (offer, '@') == NULL)
        return refuse (error, name, where, "offer: expected an offer's id, INSTANCE@REGION");
      if (source == NULL)
        return refuse (error, name, where, "source: not one of the file's sources");
      if (points == NULL || !JSON_NODE_HOLDS_ARRAY (points))
        return refuse (error, name, where, "points: expected an array");

      if ((into = g_hash_table_lookup (read, offer)) == NULL)
        {
          into = g_array_new (FALSE, FALSE, sizeof (Point));
          g_hash_table_insert (read, g_strdup (offer), into);
        }
      for (guint p = 0; p < json_array_get_length (json_node_get_array (points)); p++)
        {
          JsonNode *point = json_array_get_element (json_node_get_array (points), p);
          g_autofree char *at = g_strdup_printf ("series[%u].points[%u]", i, p);

          if (!read_point (JSON_NODE_HOLDS_ARRAY (point) ? json_node_get_array (point) : NULL,
                           source, own, into, name, at, error))
            return FALSE;
        }
    }

  /* Whole or not at all. */
  g_hash_table_iter_init (&iter, read);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      GArray *points = value;
      GArray *into = series_of (self, key);

      g_array_append_vals (into, points->data, points->len);
      /* Stable: points of one day keep the order they were added in. */
      g_array_sort (into, compare_dates);
      if (own)
        {
          self->n_own += points->len;
          while (count_own (into) > MAX_OWN_POINTS_PER_OFFER)
            self->n_own -= thin_series (into);
        }
    }
  keep_bounded (self, NULL);
  return TRUE;
}

GArray *
gp_price_history_lookup (GpPriceHistory *self,
                         const char     *offer_id)
{
  GArray *points = g_array_new (FALSE, FALSE, sizeof (GpPricePoint));
  GArray *series;

  g_return_val_if_fail (GP_IS_PRICE_HISTORY (self), points);

  series = g_hash_table_lookup (self->series, offer_id);
  for (guint i = 0; series != NULL && i < series->len; i++)
    {
      const Point *p = &g_array_index (series, Point, i);
      GpPricePoint point = { .on_demand = p->on_demand,
                             .spot = p->spot,
                             .source = p->source,
                             .capacity_block = p->capacity_block };

      memcpy (point.date, p->date, sizeof point.date);
      g_array_append_val (points, point);
    }
  return points;
}

static gboolean
same_price (double a,
            double b)
{
  return (isnan (a) && isnan (b)) || fabs (a - b) <= 1e-9 * MAX (fabs (a), 1);
}

/* Adds a point of the user's own where the prices differ from the latest known ones, or where
 * the offer has no history yet. The user's points stay within their caps, per offer and in
 * all: the oldest are thinned first. */
gboolean
gp_price_history_record (GpPriceHistory *self,
                         const char     *offer_id,
                         const char     *date,
                         double          on_demand,
                         double          spot,
                         const char     *source)
{
  Point p = { .on_demand = on_demand, .spot = spot, .capacity_block = NAN, .own = TRUE };
  GArray *known;

  g_return_val_if_fail (GP_IS_PRICE_HISTORY (self), FALSE);
  g_return_val_if_fail (date != NULL && strlen (date) == 10, FALSE);

  known = series_of (self, offer_id);
  if (known->len > 0 && strcmp (g_array_index (known, Point, known->len - 1).date, date) > 0)
    return FALSE;
  /* The latest point with an on-demand or spot price: a Capacity Block's point has neither. */
  for (guint i = known->len; i > 0; i--)
    {
      const Point *last = &g_array_index (known, Point, i - 1);

      if (isnan (last->on_demand) && isnan (last->spot))
        continue;
      if (same_price (last->on_demand, on_demand) && same_price (last->spot, spot))
        return FALSE;
      break;
    }

  memcpy (p.date, date, sizeof p.date);
  p.source = g_intern_string (source);
  g_array_append_val (known, p);
  self->n_own++;
  keep_bounded (self, known);
  return TRUE;
}

static void
add_price (JsonBuilder *builder,
           double       price)
{
  if (isnan (price))
    json_builder_add_null_value (builder);
  else
    json_builder_add_double_value (builder, price);
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* One offer's own points of one source, as a series; nothing where it has none. */
static void
add_series (JsonBuilder *builder,
            const char  *offer,
            GArray      *series,
            const char  *source,
            guint        source_index)
{
  g_autofree char *id = g_strdup_printf ("s%u", source_index);
  gboolean any = FALSE;

  for (guint p = 0; p < series->len; p++)
    {
      const Point *point = &g_array_index (series, Point, p);

      if (!point->own || point->source != source)
        continue;
      if (!any)
        {
          json_builder_begin_object (builder);
          json_builder_set_member_name (builder, "offer");
          json_builder_add_string_value (builder, offer);
          json_builder_set_member_name (builder, "source");
          json_builder_add_string_value (builder, id);
          json_builder_set_member_name (builder, "points");
          json_builder_begin_array (builder);
          any = TRUE;
        }
      json_builder_begin_array (builder);
      json_builder_add_string_value (builder, point->date);
      add_price (builder, point->on_demand);
      add_price (builder, point->spot);
      if (!isnan (point->capacity_block))
        add_price (builder, point->capacity_block);
      json_builder_end_array (builder);
    }
  if (any)
    {
      json_builder_end_array (builder);
      json_builder_end_object (builder);
    }
}

char *
gp_price_history_to_json (GpPriceHistory *self)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GPtrArray) sources = g_ptr_array_new ();
  g_autofree const char **offers = NULL;
  guint n_offers;

  g_return_val_if_fail (GP_IS_PRICE_HISTORY (self), NULL);

  offers = (const char **) g_hash_table_get_keys_as_array (self->series, &n_offers);
  qsort (offers, n_offers, sizeof *offers, compare_strings);
  for (guint i = 0; i < n_offers; i++)
    {
      GArray *series = g_hash_table_lookup (self->series, offers[i]);

      for (guint p = 0; p < series->len; p++)
        {
          const Point *point = &g_array_index (series, Point, p);

          if (point->own && !g_ptr_array_find (sources, point->source, NULL))
            g_ptr_array_add (sources, (gpointer) point->source);
        }
    }

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "history_version");
  json_builder_add_int_value (builder, HISTORY_VERSION);
  json_builder_set_member_name (builder, "sources");
  json_builder_begin_array (builder);
  for (guint s = 0; s < sources->len; s++)
    {
      g_autofree char *id = g_strdup_printf ("s%u", s);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "id");
      json_builder_add_string_value (builder, id);
      json_builder_set_member_name (builder, "title");
      json_builder_add_string_value (builder, g_ptr_array_index (sources, s));
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "series");
  json_builder_begin_array (builder);
  for (guint i = 0; i < n_offers; i++)
    for (guint s = 0; s < sources->len; s++)
      add_series (builder, offers[i], g_hash_table_lookup (self->series, offers[i]),
                  g_ptr_array_index (sources, s), s);
  json_builder_end_array (builder);
  json_builder_end_object (builder);

  root = json_builder_get_root (builder);
  return gp_json_to_string (root, FALSE);
}

GFile *
gp_price_history_get_user_file (void)
{
  return g_file_new_build_filename (g_get_user_data_dir (), "gpu-planner", "history.json", NULL);
}

/* Adds the user's own points; a missing file is an empty history, not an error. */
gboolean
gp_price_history_load_user (GpPriceHistory  *self,
                            GError         **error)
{
  g_autoptr(GFile) file = gp_price_history_get_user_file ();

  return gp_price_history_load_from (self, file, error);
}

/* Adds the points of @file as the user's own; a missing file is an empty history. */
gboolean
gp_price_history_load_from (GpPriceHistory  *self,
                            GFile           *file,
                            GError         **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GBytes) bytes = gp_file_load (file, MAX_HISTORY_SIZE, &local_error);
  g_autofree char *name = g_file_get_parse_name (file);

  if (bytes == NULL)
    {
      if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        return TRUE;
      g_set_error (error, local_error->domain, local_error->code, "%s: %s", name,
                   local_error->message);
      return FALSE;
    }
  return gp_price_history_add_bytes (self, bytes, name, TRUE, error);
}

/* Writes the user's own points to their file in the data folder. */
gboolean
gp_price_history_save_user (GpPriceHistory  *self,
                            GError         **error)
{
  g_autoptr(GFile) file = gp_price_history_get_user_file ();

  return gp_price_history_save_to (self, file, error);
}

/* Writes the user's own points, atomically: a failure leaves the old file whole. A file that
 * would come near what is read back is thinned until it does not, so that it is always read. */
gboolean
gp_price_history_save_to (GpPriceHistory  *self,
                          GFile           *file,
                          GError         **error)
{
  g_autoptr(GFile) folder = g_file_get_parent (file);
  g_autofree char *text = gp_price_history_to_json (self);
  g_autoptr(GError) local_error = NULL;

  while (strlen (text) > MAX_SAVED_SIZE)
    {
      if (thin_all (self) == 0)
        {
          g_autofree char *name = g_file_get_parse_name (file);

          g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
                       _("%s: the price history would be larger than %u MiB"), name,
                       MAX_SAVED_SIZE / (1024 * 1024));
          return FALSE;
        }
      g_free (text);
      text = gp_price_history_to_json (self);
    }

  if (!g_file_make_directory_with_parents (folder, NULL, &local_error) &&
      !g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_EXISTS))
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  return gp_file_replace (file, text, strlen (text), error);
}
