/* gp-import-writer.c — the offers an import gathered, written out as a catalog layer
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The other half of GpImportBuilder (gp-import-builder.c gathers): each instance's GPU model
 * resolved, doubtful prices flagged, and the layer built as a tree (for the catalog build,
 * which merges trees) or written as text as it is made (for an import, which checks what it
 * writes). One list of members per object serves both, so they say the same.
 *
 * An accelerator name the catalog does not know never drops its offers: the import adds a GPU
 * model of that name, with the memory the rows give and nothing else, and says so.
 */

#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "gp-catalog-writer.h"
#include "gp-enums.h"
#include "gp-import-builder.h"
#include "gp-import-values.h"
#include "gp-json-writer.h"
#include "gp-offer.h"

/* The plain members of an object the layer writes, in their order: one list of them serves the
 * tree (gp_import_builder_build) and the text (gp_import_builder_write), so both say the same. */
#define MAX_MEMBERS 16
#define MAX_NICKS   32

typedef struct
{
  const char *keys[MAX_MEMBERS];
  GpJsonValue values[MAX_MEMBERS];
  guint n;
  double spot[2];
  const char *nicks[MAX_NICKS + 1];
} Members;

static void
members_add (Members     *members,
             const char  *key,
             GpJsonValue  value)
{
  g_assert (members->n < MAX_MEMBERS);
  members->keys[members->n] = key;
  members->values[members->n++] = value;
}

static void
members_add_string (Members    *members,
                    const char *key,
                    const char *value)
{
  if (value != NULL)
    members_add (members, key, (GpJsonValue){ GP_JSON_VALUE_STRING, value });
}

static void
members_add_number (Members    *members,
                    const char *key,
                    double      value)
{
  if (!isnan (value))
    members_add (members, key, (GpJsonValue){ GP_JSON_VALUE_NUMBER, NULL, value });
}

/* A count: written where it is a whole number above 0. */
static void
members_add_count (Members    *members,
                   const char *key,
                   double      value)
{
  if (!isnan (value) && value == floor (value) && value > 0)
    members_add (members, key, (GpJsonValue){ GP_JSON_VALUE_INTEGER, NULL, value });
}

static void
members_add_anomalies (Members   *members,
                       GpAnomaly  anomalies)
{
  g_autoptr(GFlagsClass) klass = g_type_class_ref (GP_TYPE_ANOMALY);
  guint n = 0;

  if (anomalies == GP_ANOMALY_NONE)
    return;
  for (guint i = 0; i < klass->n_values && n < MAX_NICKS; i++)
    if (klass->values[i].value != 0 && (anomalies & klass->values[i].value))
      members->nicks[n++] = klass->values[i].value_nick;
  members->nicks[n] = NULL;
  members_add (members, "anomalies",
               (GpJsonValue){ GP_JSON_VALUE_STRINGS, NULL, 0, members->nicks });
}

static void
members_to_builder (const Members *members,
                    JsonBuilder   *builder)
{
  for (guint i = 0; i < members->n; i++)
    {
      const GpJsonValue *value = &members->values[i];

      json_builder_set_member_name (builder, members->keys[i]);
      switch (value->kind)
        {
        case GP_JSON_VALUE_STRING:
          json_builder_add_string_value (builder, value->string);
          break;
        case GP_JSON_VALUE_NUMBER:
          json_builder_add_double_value (builder, value->number);
          break;
        case GP_JSON_VALUE_INTEGER:
          json_builder_add_int_value (builder, (gint64) value->number);
          break;
        case GP_JSON_VALUE_BOOLEAN:
          json_builder_add_boolean_value (builder, value->number != 0);
          break;
        case GP_JSON_VALUE_STRINGS:
          json_builder_begin_array (builder);
          for (guint s = 0; value->strings[s] != NULL; s++)
            json_builder_add_string_value (builder, value->strings[s]);
          json_builder_end_array (builder);
          break;
        case GP_JSON_VALUE_NUMBERS:
          json_builder_begin_array (builder);
          for (guint s = 0; s < value->length; s++)
            json_builder_add_double_value (builder, value->numbers[s]);
          json_builder_end_array (builder);
          break;
        case GP_JSON_VALUE_NULL:
        default:
          json_builder_add_null_value (builder);
        }
    }
}

static void
members_to_text (const Members *members,
                 GString       *out,
                 gboolean       first,
                 guint          indent)
{
  for (guint i = 0; i < members->n; i++)
    {
      gp_json_append_member (out, first && i == 0, indent, members->keys[i]);
      gp_json_append_value (out, indent, &members->values[i]);
    }
}

/* A price a source gives an hour, or NAN where it is none a layer may hold (under a cent, over
 * a million): the layer would be refused whole for it. */
static double
plausible (double price)
{
  return gp_price_per_hour_is_plausible (price) ? price : NAN;
}

/* An offer's price object: its region and figures, and what is in doubt about them. */
static void
offer_members (GpImportOffer *offer,
               double         lowest,
               Members       *members)
{
  /* Twice the cheapest region is rarely a real price: the GCP H100 rows of us-east4 are. */
  gboolean outlier = !isnan (offer->on_demand) && lowest > 0 && offer->on_demand >= 2 * lowest;
  GpAnomaly anomalies = offer->anomalies;

  if (offer->spot_equals)
    anomalies |= GP_ANOMALY_SPOT_EQUALS_ON_DEMAND;
  if (offer->spot_above)
    anomalies |= GP_ANOMALY_SPOT_ABOVE_ON_DEMAND;
  if (offer->zero)
    anomalies |= GP_ANOMALY_ZERO_PRICE;
  if (outlier)
    anomalies |= GP_ANOMALY_REGIONAL_OUTLIER;

  members->n = 0;
  members_add_string (members, "region", offer->region);
  members_add_number (members, "on_demand", plausible (offer->on_demand));
  members->spot[0] = members->spot[1] = NAN;
  for (guint i = 0; i < offer->spots->len; i++)
    {
      /* The range over the zones: its ends are all that is written. */
      double spot = plausible (g_array_index (offer->spots, double, i));

      if (isnan (spot))
        continue;
      members->spot[0] = isnan (members->spot[0]) ? spot : MIN (members->spot[0], spot);
      members->spot[1] = isnan (members->spot[1]) ? spot : MAX (members->spot[1], spot);
    }
  if (!isnan (members->spot[0]))
    {
      if (members->spot[0] == members->spot[1])
        members_add_number (members, "spot", members->spot[0]);
      else
        members_add (members, "spot",
                     (GpJsonValue){ GP_JSON_VALUE_NUMBERS, NULL, 0, NULL, members->spot, 2 });
    }
  members_add_number (members, "reserved_1y", plausible (offer->reserved_1y));
  members_add_number (members, "reserved_3y", plausible (offer->reserved_3y));
  members_add_anomalies (members, anomalies);
}

/* An offer without a single figure would only replace a price with nothing. */
static gboolean
has_figures (GpImportOffer *offer)
{
  for (guint i = 0; i < offer->spots->len; i++)
    if (!isnan (plausible (g_array_index (offer->spots, double, i))))
      return TRUE;
  return !isnan (plausible (offer->on_demand)) || !isnan (plausible (offer->reserved_1y)) ||
         !isnan (plausible (offer->reserved_3y));
}

/* How far a model's memory is from what the rows say: per GPU, or listed per GPU or in all. */
static double
memory_distance (double            memory,
                 GpImportInstance *instance)
{
  double distance = G_MAXDOUBLE / 2;

  if (isnan (memory))
    return distance;
  if (!isnan (instance->gpu_memory_gb))
    distance = fabs (memory - instance->gpu_memory_gb);
  if (!isnan (instance->gpu_memory_any_gb))
    {
      distance = MIN (distance, fabs (memory - instance->gpu_memory_any_gb));
      if (instance->count > 0)
        distance = MIN (distance, fabs (memory - instance->gpu_memory_any_gb / instance->count));
    }

  return distance;
}

/* Among models known by the rows' accelerator name, the one whose memory is nearest theirs. */
static const char *
find_named_gpu (GpImportBuilder  *import,
                GpImportInstance *instance)
{
  const char *name = instance->accelerator;
  GListModel *gpus = gp_catalog_get_gpus (import->base);
  const char *best = NULL;
  double best_distance = G_MAXDOUBLE;

  for (guint i = 0; i < import->new_gpus->len; i++)
    {
      JsonObject *gpu = json_node_get_object (g_ptr_array_index (import->new_gpus, i));

      if (g_ascii_strcasecmp (json_object_get_string_member (gpu, "name"), name) == 0)
        return json_object_get_string_member (gpu, "id");
    }

  for (guint i = 0; i < g_list_model_get_n_items (gpus); i++)
    {
      g_autoptr(GpGpu) gpu = g_list_model_get_item (gpus, i);
      double distance;

      if (!gp_gpu_is_named (gpu, name))
        continue;

      distance = memory_distance (gp_gpu_get_memory_gb (gpu), instance);
      if (best == NULL || distance < best_distance)
        {
          best = gp_gpu_get_id (gpu);
          best_distance = distance;
        }
    }

  return best;
}

/* A model for an accelerator no catalog layer names: what the rows say of it, and no more. */
static const char *
add_gpu (GpImportBuilder  *import,
         GpImportInstance *instance)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autofree char *base_id = gp_import_slug (instance->accelerator);
  g_autofree char *id = NULL;
  JsonNode *node;

  if (*base_id == '\0')
    return NULL;

  id = g_strdup (base_id);
  for (guint n = 2; gp_catalog_find_gpu (import->base, id) != NULL; n++)
    {
      g_free (id);
      id = g_strdup_printf ("%s-%u", base_id, n);
    }

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "id");
  json_builder_add_string_value (builder, id);
  json_builder_set_member_name (builder, "name");
  json_builder_add_string_value (builder, instance->accelerator);
  if (!isnan (instance->gpu_memory_gb))
    {
      json_builder_set_member_name (builder, "memory_gb");
      json_builder_add_double_value (builder, instance->gpu_memory_gb);
    }
  json_builder_set_member_name (builder, "aliases");
  json_builder_begin_array (builder);
  json_builder_add_string_value (builder, instance->accelerator);
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "notes");
  json_builder_add_string_value (builder, "Added by an import: known only by the name the price "
                                          "list gives it and the memory it states; its "
                                          "specifications are unknown.");
  json_builder_set_member_name (builder, "source");
  json_builder_add_string_value (builder, import->source_id);
  json_builder_end_object (builder);

  node = json_builder_get_root (builder);
  g_ptr_array_add (import->new_gpus, node);
  import->report->gpus_added++;
  if (isnan (instance->gpu_memory_gb))
    gp_import_note (import,
                    _("added the GPU model “%s” (%s), which the catalog did not know; its "
                       "memory is unknown"),
                    instance->accelerator, id);
  else
    gp_import_note (import,
                    _("added the GPU model “%s” (%s, %g GB), which the catalog did not "
                       "know"),
                    instance->accelerator, id, instance->gpu_memory_gb);
  return json_object_get_string_member (json_node_get_object (node), "id");
}

/* The GPU model of an instance: the reader's, the base catalog's for a known instance, one
 * the catalog knows by the accelerator's name, else a new one. */
static const char *
resolve_gpu (GpImportBuilder  *import,
             GpImportInstance *instance,
             GpInstance       *known)
{
  const char *gpu;

  if (instance->gpu != NULL)
    return instance->gpu;
  if (known != NULL)
    return gp_gpu_get_id (gp_instance_get_gpu (known));
  if (instance->accelerator == NULL)
    return NULL;
  if ((gpu = find_named_gpu (import, instance)) != NULL)
    return gpu;

  return add_gpu (import, instance);
}

/* One instance's members but its prices, and the cheapest usable on-demand price its offers are
 * measured against (none in a provider's own list); FALSE (said in a note) when it cannot be
 * written: no usable price, or no GPU named. The instance and its offers are counted in the
 * report. */
static gboolean
instance_members (GpImportBuilder  *import,
                  GpImportInstance *instance,
                  char            **id_out,
                  double           *lowest_out,
                  Members          *members)
{
  const char *provider = import->provider_id;
  g_autofree char *id = g_strdup_printf ("%s/%s", provider, instance->name);
  GpInstance *known = import->provider_list ? NULL : gp_catalog_find_instance (import->base, id);
  const char *gpu = resolve_gpu (import, instance, known);
  guint count = known != NULL ? gp_instance_get_gpu_count (known) : instance->count;
  double lowest = NAN;
  gboolean suspect = known != NULL && instance->count > 0 && instance->count != count;
  GpAnomaly anomalies = instance->anomalies;
  guint written = 0;

  for (guint o = 0; o < instance->offers->len; o++)
    written += has_figures (g_ptr_array_index (instance->offers, o));
  if (written == 0)
    {
      gp_import_note (import, _("%s: left out, no row gave it a usable price"), instance->name);
      return FALSE;
    }

  if (gpu == NULL || count == 0)
    {
      gp_import_note (import, _("%s: skipped, its rows name no GPU"), instance->name);
      return FALSE;
    }
  if (suspect)
    {
      gp_import_note (import,
                      _("%s: the source lists %u GPUs, the catalog %u; kept %u and flagged"),
                      instance->name, instance->count, count, count);
      anomalies |= GP_ANOMALY_GPU_COUNT_SUSPECT;
    }

  /* The cheapest region that is not itself in doubt. */
  for (guint o = 0; o < instance->offers->len; o++)
    {
      GpImportOffer *offer = g_ptr_array_index (instance->offers, o);
      if (!isnan (offer->on_demand) && !(offer->anomalies & GP_ANOMALY_LOW_OUTLIER) &&
          (isnan (lowest) || offer->on_demand < lowest))
        lowest = offer->on_demand;
    }

  members->n = 0;
  members_add_string (members, "id", id);
  members_add_string (members, "provider", provider);
  members_add_string (members, "name",
                      known != NULL                    ? gp_instance_get_raw_name (known)
                      : instance->display_name != NULL ? instance->display_name
                                                       : instance->name);
  members_add_string (members, "gpu", gpu);
  members_add (members, "gpu_count", (GpJsonValue){ GP_JSON_VALUE_INTEGER, NULL, count });
  members_add_count (members, "vcpus", instance->vcpus);
  members_add_number (members, "memory_gb", instance->memory);
  members_add_string (members, "interconnect",
                      instance->interconnect != NULL ? instance->interconnect
                      : known != NULL                ? gp_instance_get_interconnect (known)
                                                     : NULL);
  members_add_anomalies (members, anomalies);
  members_add_string (members, "host_required", instance->host_required);
  members_add_string (members, "notes", instance->notes);
  members_add_string (members, "source", import->source_id);

  import->report->offers += written;
  import->report->instances++;
  *id_out = g_steal_pointer (&id);
  *lowest_out = import->provider_list ? NAN : lowest;
  return TRUE;
}

/* Writes one instance into the tree; returns FALSE when it cannot be. */
static gboolean
write_instance (GpImportBuilder  *import,
                JsonBuilder      *builder,
                GpImportInstance *instance)
{
  g_autofree char *id = NULL;
  Members members;
  double lowest;

  if (!instance_members (import, instance, &id, &lowest, &members))
    return FALSE;

  json_builder_begin_object (builder);
  members_to_builder (&members, builder);
  json_builder_set_member_name (builder, "prices");
  json_builder_begin_array (builder);
  for (guint o = 0; o < instance->offers->len; o++)
    {
      GpImportOffer *offer = g_ptr_array_index (instance->offers, o);

      if (!has_figures (offer))
        continue;
      offer_members (offer, lowest, &members);
      json_builder_begin_object (builder);
      members_to_builder (&members, builder);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  return TRUE;
}

/* Appends one instance as text, laid out as the tree write_instance() builds would be, an
 * element of the layer's "instances" (depth 2); returns FALSE when it cannot be written. */
static gboolean
append_instance (GpImportBuilder  *import,
                 GString          *out,
                 gboolean          first,
                 GpImportInstance *instance)
{
  g_autofree char *id = NULL;
  Members members;
  gboolean first_offer = TRUE;
  double lowest;

  if (!instance_members (import, instance, &id, &lowest, &members))
    return FALSE;

  gp_json_append_element (out, first, 2);
  g_string_append_c (out, '{');
  members_to_text (&members, out, TRUE, 3);
  gp_json_append_member (out, FALSE, 3, "prices");
  g_string_append_c (out, '[');
  for (guint o = 0; o < instance->offers->len; o++)
    {
      GpImportOffer *offer = g_ptr_array_index (instance->offers, o);

      if (!has_figures (offer))
        continue;
      offer_members (offer, lowest, &members);
      gp_json_append_element (out, first_offer, 4);
      gp_json_append_flat_object (out, 4, members.keys, members.values, members.n);
      first_offer = FALSE;
    }
  gp_json_append_close (out, 3, ']');
  gp_json_append_close (out, 2, '}');
  return TRUE;
}

static void
write_source (JsonBuilder *builder,
              const char  *source_id,
              const char  *title,
              const char  *source_url,
              const char  *as_of,
              const char  *note)
{
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "id");
  json_builder_add_string_value (builder, source_id);
  json_builder_set_member_name (builder, "title");
  json_builder_add_string_value (builder, title);
  if (source_url != NULL)
    {
      json_builder_set_member_name (builder, "url");
      json_builder_add_string_value (builder, source_url);
    }
  json_builder_set_member_name (builder, "as_of");
  json_builder_add_string_value (builder, as_of);
  if (note != NULL)
    {
      json_builder_set_member_name (builder, "note");
      json_builder_add_string_value (builder, note);
    }
  json_builder_end_object (builder);
}

/* A spot price under the share of on-demand that no provider's stated saving reaches is more
 * likely an error of the source than a bargain: flagged by one rule for every offer, whatever
 * its provider or the other regions of its instance (gp_spot_is_doubtfully_low()). */
static void
flag_spot_ratios (GpImportBuilder  *import,
                  GpImportInstance *instance)
{
  for (guint o = 0; o < instance->offers->len; o++)
    {
      GpImportOffer *offer = g_ptr_array_index (instance->offers, o);
      double low;

      if (offer->spots->len == 0 || !(offer->on_demand > 0))
        continue;

      low = g_array_index (offer->spots, double, 0);
      for (guint s = 1; s < offer->spots->len; s++)
        low = MIN (low, g_array_index (offer->spots, double, s));
      if (gp_spot_is_doubtfully_low (low, offer->on_demand))
        {
          offer->anomalies |= GP_ANOMALY_SPOT_RATIO_OUTLIER;
          gp_import_note (import,
                          _("%s in %s: spot %g is %.1f %% of on-demand %g, under the %g %% any "
                             "offer is held to; flagged"),
                          instance->name, offer->region, low, low / offer->on_demand * 100,
                          offer->on_demand, gp_spot_doubtful_share_pct ());
        }
    }
}

/* Before any instance is written: the source cited, the regions closed, doubtful spot prices
 * flagged. */
static void
begin_writing (GpImportBuilder *import,
               const char      *source_id)
{
  import->source_id = source_id;
  g_ptr_array_add (import->region_order, NULL);
  for (guint i = 0; i < import->instances->len; i++)
    flag_spot_ratios (import, g_ptr_array_index (import->instances, i));
}

/* The layer's members before its instances, into @builder's open object; written after the
 * instances, which find the GPU models the layer must add. */
static void
add_head (GpImportBuilder *import,
          JsonBuilder     *builder,
          const char      *title,
          const char      *source_url,
          const char      *as_of,
          const char      *note)
{
  GpProvider *provider = gp_catalog_find_provider (import->base, import->provider_id);

  json_builder_set_member_name (builder, "schema_version");
  json_builder_add_int_value (builder, 1);
  json_builder_set_member_name (builder, "name");
  json_builder_add_string_value (builder, import->layer_name != NULL ? import->layer_name : title);
  json_builder_set_member_name (builder, "as_of");
  json_builder_add_string_value (builder, as_of);
  if (!import->provider_list)
    {
      json_builder_set_member_name (builder, "currency");
      json_builder_add_string_value (builder, "USD");
    }

  json_builder_set_member_name (builder, "sources");
  json_builder_begin_array (builder);
  write_source (builder, import->source_id, title, source_url, as_of, note);
  json_builder_end_array (builder);

  if (import->new_gpus->len > 0)
    {
      json_builder_set_member_name (builder, "gpus");
      json_builder_begin_array (builder);
      for (guint i = 0; i < import->new_gpus->len; i++)
        json_builder_add_value (builder, json_node_ref (g_ptr_array_index (import->new_gpus, i)));
      json_builder_end_array (builder);
    }

  /* The provider again, with every region the file names: a layer replaces a provider whole.
   * A provider's own list names only regions the catalog has: the provider stays as it is. */
  if (import->provider_list)
    return;
  json_builder_set_member_name (builder, "providers");
  json_builder_begin_array (builder);
  if (provider != NULL)
    gp_catalog_writer_add_provider (builder, provider,
                                    (const char *const *) import->region_order->pdata);
  json_builder_end_array (builder);
}

JsonNode *
gp_import_builder_build (GpImportBuilder *import,
                         const char      *source_id,
                         const char      *title,
                         const char      *source_url,
                         const char      *as_of,
                         const char      *note)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonBuilder) instances = json_builder_new ();

  begin_writing (import, source_id);
  json_builder_begin_array (instances);
  for (guint i = 0; i < import->instances->len; i++)
    write_instance (import, instances, g_ptr_array_index (import->instances, i));
  json_builder_end_array (instances);

  json_builder_begin_object (builder);
  add_head (import, builder, title, source_url, as_of, note);
  json_builder_set_member_name (builder, "instances");
  json_builder_add_value (builder, json_builder_get_root (instances));
  json_builder_end_object (builder);

  return json_builder_get_root (builder);
}

GBytes *
gp_import_tree_to_bytes (JsonNode *root)
{
  return gp_json_to_bytes (root, TRUE);
}

/* The layer gp_import_builder_build() builds, as gp_import_tree_to_bytes() writes it, byte for
 * byte, but with its instances written as text as they are made: the tree of ten thousand
 * offers was most of an import's time, and a caller checks the layer by loading the text. */
GBytes *
gp_import_builder_write (GpImportBuilder *import,
                         const char      *source_id,
                         const char      *title,
                         const char      *source_url,
                         const char      *as_of,
                         const char      *note)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(GString) instances = g_string_new ("[");
  g_autoptr(JsonNode) head = NULL;
  GString *out = g_string_new ("{");
  gboolean first = TRUE;
  JsonObjectIter iter;
  const char *name;
  JsonNode *member;

  begin_writing (import, source_id);
  for (guint i = 0; i < import->instances->len; i++)
    if (append_instance (import, instances, first, g_ptr_array_index (import->instances, i)))
      first = FALSE;
  if (first)
    g_string_append_c (instances, ']');
  else
    gp_json_append_close (instances, 1, ']');

  json_builder_begin_object (builder);
  add_head (import, builder, title, source_url, as_of, note);
  json_builder_end_object (builder);
  head = json_builder_get_root (builder);

  first = TRUE;
  json_object_iter_init_ordered (&iter, json_node_get_object (head));
  while (json_object_iter_next_ordered (&iter, &name, &member))
    {
      gp_json_append_member (out, first, 1, name);
      gp_json_append_node (out, 1, member);
      first = FALSE;
    }
  gp_json_append_member (out, FALSE, 1, "instances");
  g_string_append_len (out, instances->str, instances->len);
  gp_json_append_close (out, 0, '}');
  g_string_append_c (out, '\n');

  return g_string_free_to_bytes (out);
}
