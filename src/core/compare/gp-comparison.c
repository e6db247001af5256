/* gp-comparison.c — two to six platforms or instances side by side, row by row
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The Compare page, its CSV and Markdown exports and `gpu-planner-cli compare` all show the
 * table built from it, so a figure, its unit and the rule that highlights it are the same
 * everywhere. A comparison keeps two lists, platforms and instances, and shows one of them; it
 * keeps ids, not objects, so that it survives a refresh of the catalog and a restart. This
 * file is the selection and its saved state; gp-comparison-table.c lays the table out and
 * gp-comparison-export.c writes it as CSV, Markdown and JSON.
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "gp-comparison.h"
#include "gp-currency.h"
#include "gp-file.h"
#include "gp-json-writer.h"
#include "gp-enums.h"
#include "gp-json-reader.h"
#include "gp-util.h"

struct _GpComparison
{
  GObject           parent_instance;

  GpCatalog        *catalog;
  GpComparisonMode  mode;
  GPtrArray        *ids[2];     /* per GpComparisonMode, NULL-terminated */
  char             *currency;
  double            exchange_rate;
  char *rate_basis;
  gboolean          featured;   /* the providers are still the catalog's featured ones */
  GpLabLocation lab_location;
};

G_DEFINE_FINAL_TYPE (GpComparison, gp_comparison, G_TYPE_OBJECT)

G_DEFINE_QUARK (gp-comparison-error-quark, gp_comparison_error)

enum
{
  PROP_0,
  PROP_CATALOG,
  PROP_MODE,
  PROP_CURRENCY,
  PROP_EXCHANGE_RATE,
  PROP_LAB_LOCATION,
  N_PROPS
};

enum {
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
emit_changed (GpComparison *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
gp_comparison_dispose (GObject *object)
{
  GpComparison *self = GP_COMPARISON (object);

  g_clear_object (&self->catalog);

  G_OBJECT_CLASS (gp_comparison_parent_class)->dispose (object);
}

static void
gp_comparison_finalize (GObject *object)
{
  GpComparison *self = GP_COMPARISON (object);

  g_ptr_array_unref (self->ids[GP_COMPARISON_PROVIDERS]);
  g_ptr_array_unref (self->ids[GP_COMPARISON_INSTANCES]);
  g_free (self->currency);
  g_free (self->rate_basis);

  G_OBJECT_CLASS (gp_comparison_parent_class)->finalize (object);
}

static void
gp_comparison_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  GpComparison *self = GP_COMPARISON (object);

  switch (prop_id)
    {
    case PROP_CATALOG:
      g_value_set_object (value, gp_comparison_get_catalog (self));
      break;

    case PROP_MODE:
      g_value_set_enum (value, gp_comparison_get_mode (self));
      break;

    case PROP_CURRENCY:
      g_value_set_string (value, gp_comparison_get_currency (self));
      break;

    case PROP_EXCHANGE_RATE:
      g_value_set_double (value, gp_comparison_get_exchange_rate (self));
      break;

    case PROP_LAB_LOCATION:
      g_value_set_enum (value, gp_comparison_get_lab_location (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gp_comparison_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  GpComparison *self = GP_COMPARISON (object);

  switch (prop_id)
    {
    case PROP_CATALOG:
      gp_comparison_set_catalog (self, g_value_get_object (value));
      break;

    case PROP_MODE:
      gp_comparison_set_mode (self, g_value_get_enum (value));
      break;

    case PROP_LAB_LOCATION:
      gp_comparison_set_lab_location (self, g_value_get_enum (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gp_comparison_class_init (GpComparisonClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = gp_comparison_dispose;
  object_class->finalize = gp_comparison_finalize;
  object_class->get_property = gp_comparison_get_property;
  object_class->set_property = gp_comparison_set_property;

  properties[PROP_CATALOG] =
    g_param_spec_object ("catalog", NULL, NULL, GP_TYPE_CATALOG,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MODE] =
    g_param_spec_enum ("mode", NULL, NULL, GP_TYPE_COMPARISON_MODE, GP_COMPARISON_PROVIDERS,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CURRENCY] =
    g_param_spec_string ("currency", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_EXCHANGE_RATE] =
    g_param_spec_double ("exchange-rate", NULL, NULL, 0, G_MAXDOUBLE, 1,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  /**
   * GpComparison:lab-location:
   *
   * Where the lab is: a lab in mainland China starts with the platforms it reaches there.
   */
  properties[PROP_LAB_LOCATION] = g_param_spec_enum (
      "lab-location", NULL, NULL, GP_TYPE_LAB_LOCATION, GP_LAB_LOCATION_ELSEWHERE,
      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * GpComparison::changed:
   *
   * Emitted when the items, the mode, the currency or the catalog change: the table is to be
   * built again.
   */
  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static GPtrArray *
new_id_list (void)
{
  GPtrArray *ids = g_ptr_array_new_null_terminated (GP_COMPARISON_MAX_ITEMS, g_free, TRUE);

  return ids;
}

static void
gp_comparison_init (GpComparison *self)
{
  self->ids[GP_COMPARISON_PROVIDERS] = new_id_list ();
  self->ids[GP_COMPARISON_INSTANCES] = new_id_list ();
  self->exchange_rate = 1;
  self->featured = TRUE;
}

/* How far up the comparison a mainland lab starts with puts a platform: what it reaches in
 * China first, then across the border, then what it cannot reach. */
static guint
reach_rank (GpProvider *provider)
{
  switch (gp_provider_get_reachability (provider))
    {
    case GP_REACHABILITY_IN_CHINA:
      return 0;
    case GP_REACHABILITY_UNREACHABLE:
      return 2;
    case GP_REACHABILITY_UNKNOWN:
    case GP_REACHABILITY_CROSS_BORDER:
    default:
      return 1;
    }
}

/* The platforms labs ask about first, as the catalog marks them: the comparison a new user
 * starts with, until they change it or a saved one is loaded. A lab in mainland China starts
 * with the platforms in China too, whether featured or not, and with what it reaches first. */
static void
fill_featured (GpComparison *self)
{
  GListModel *providers = gp_catalog_get_providers (self->catalog);
  GPtrArray *ids = self->ids[GP_COMPARISON_PROVIDERS];
  gboolean mainland = self->lab_location == GP_LAB_LOCATION_MAINLAND_CHINA;

  g_ptr_array_set_size (ids, 0);
  for (guint rank = 0; rank < (mainland ? 3 : 1); rank++)
    for (guint i = 0;
         i < g_list_model_get_n_items (providers) && ids->len < GP_COMPARISON_MAX_ITEMS; i++)
      {
        g_autoptr(GpProvider) provider = g_list_model_get_item (providers, i);
        gboolean wanted =
            mainland ? reach_rank (provider) == rank &&
                           (gp_provider_get_featured (provider) || reach_rank (provider) == 0)
                     : gp_provider_get_featured (provider);

        if (wanted)
          g_ptr_array_add (ids, g_strdup (gp_provider_get_id (provider)));
      }
}

/* A new comparison starts with the platforms labs ask about first, side by side. */
GpComparison *
gp_comparison_new (GpCatalog *catalog)
{
  g_return_val_if_fail (catalog == NULL || GP_IS_CATALOG (catalog), NULL);

  return g_object_new (GP_TYPE_COMPARISON, "catalog", catalog, NULL);
}

GpCatalog *
gp_comparison_get_catalog (GpComparison *self)
{
  g_return_val_if_fail (GP_IS_COMPARISON (self), NULL);
  return self->catalog;
}

void
gp_comparison_set_catalog (GpComparison *self,
                           GpCatalog    *catalog)
{
  g_return_if_fail (GP_IS_COMPARISON (self));
  g_return_if_fail (catalog == NULL || GP_IS_CATALOG (catalog));

  if (self->catalog != NULL)
    g_signal_handlers_disconnect_by_func (self->catalog, emit_changed, self);
  if (!g_set_object (&self->catalog, catalog))
    return;
  if (catalog != NULL)
    g_signal_connect_object (catalog, "changed", G_CALLBACK (emit_changed), self,
                             G_CONNECT_SWAPPED);
  if (catalog != NULL && self->featured)
    fill_featured (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CATALOG]);
  emit_changed (self);
}

GpLabLocation
gp_comparison_get_lab_location (GpComparison *self)
{
  g_return_val_if_fail (GP_IS_COMPARISON (self), GP_LAB_LOCATION_ELSEWHERE);
  return self->lab_location;
}

/* A comparison still at the platforms it started with starts again from those a lab at
 * @location asks about first; one the user changed, or read from a file, stays as it is. */
void
gp_comparison_set_lab_location (GpComparison  *self,
                                GpLabLocation  location)
{
  g_return_if_fail (GP_IS_COMPARISON (self));

  if (self->lab_location == location)
    return;
  self->lab_location = location;
  if (self->catalog != NULL && self->featured)
    {
      fill_featured (self);
      emit_changed (self);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LAB_LOCATION]);
}

GpComparisonMode
gp_comparison_get_mode (GpComparison *self)
{
  g_return_val_if_fail (GP_IS_COMPARISON (self), GP_COMPARISON_PROVIDERS);
  return self->mode;
}

void
gp_comparison_set_mode (GpComparison     *self,
                        GpComparisonMode  mode)
{
  g_return_if_fail (GP_IS_COMPARISON (self));
  g_return_if_fail (mode == GP_COMPARISON_PROVIDERS || mode == GP_COMPARISON_INSTANCES);

  if (self->mode == mode)
    return;

  self->mode = mode;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODE]);
  emit_changed (self);
}

const char * const *
gp_comparison_get_ids (GpComparison *self)
{
  g_return_val_if_fail (GP_IS_COMPARISON (self), NULL);
  return gp_comparison_get_ids_for_mode (self, self->mode);
}

const char * const *
gp_comparison_get_ids_for_mode (GpComparison     *self,
                                GpComparisonMode  mode)
{
  g_return_val_if_fail (GP_IS_COMPARISON (self), NULL);
  g_return_val_if_fail (mode == GP_COMPARISON_PROVIDERS || mode == GP_COMPARISON_INSTANCES, NULL);

  return (const char * const *) self->ids[mode]->pdata;
}

guint
gp_comparison_get_n_items (GpComparison *self)
{
  g_return_val_if_fail (GP_IS_COMPARISON (self), 0);
  return self->ids[self->mode]->len;
}

GpOffer *
gp_comparison_find_offer (GpCatalog  *catalog,
                          const char *id)
{
  const char *at = strrchr (id, '@');
  g_autofree char *instance_id = NULL;
  GpInstance *instance;

  if (catalog == NULL || at == NULL)
    return NULL;

  instance_id = g_strndup (id, at - id);
  instance = gp_catalog_find_instance (catalog, instance_id);
  return instance != NULL ? gp_instance_find_offer (instance, at + 1) : NULL;
}

/* An instance named without a region stands for its cheapest region. */
char *
gp_comparison_resolve_id (GpComparison      *self,
                          const char        *id,
                          GpComparisonMode  *mode,
                          GError           **error)
{
  GpInstance *instance;
  GpOffer *offer;

  g_return_val_if_fail (GP_IS_COMPARISON (self), NULL);
  g_return_val_if_fail (id != NULL, NULL);

  if (self->catalog != NULL && gp_catalog_find_provider (self->catalog, id) != NULL)
    {
      if (mode != NULL)
        *mode = GP_COMPARISON_PROVIDERS;
      return g_strdup (id);
    }

  if (gp_comparison_find_offer (self->catalog, id) != NULL)
    {
      if (mode != NULL)
        *mode = GP_COMPARISON_INSTANCES;
      return g_strdup (id);
    }

  if (self->catalog != NULL && (instance = gp_catalog_find_instance (self->catalog, id)) != NULL &&
      (offer = gp_instance_get_cheapest_offer (instance)) != NULL)
    {
      if (mode != NULL)
        *mode = GP_COMPARISON_INSTANCES;
      return gp_offer_dup_id (offer);
    }

  g_set_error (
      error, GP_COMPARISON_ERROR, GP_COMPARISON_ERROR_UNKNOWN_ID,
      _("“%s” is neither a provider nor an instance (INSTANCE or INSTANCE@REGION) in the catalog"),
      id);
  return NULL;
}

static gboolean
contains_in (GPtrArray  *ids,
             const char *id)
{
  return g_strv_contains ((const char * const *) ids->pdata, id);
}

gboolean
gp_comparison_contains (GpComparison *self,
                        const char   *id)
{
  g_return_val_if_fail (GP_IS_COMPARISON (self), FALSE);

  return contains_in (self->ids[GP_COMPARISON_PROVIDERS], id) ||
         contains_in (self->ids[GP_COMPARISON_INSTANCES], id);
}

/* Adds a column at the end of the list the item belongs in, and shows that list. */
gboolean
gp_comparison_add (GpComparison  *self,
                   const char    *id,
                   GError       **error)
{
  g_autofree char *resolved = NULL;
  GpComparisonMode mode;
  GPtrArray *ids;

  g_return_val_if_fail (GP_IS_COMPARISON (self), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);

  if ((resolved = gp_comparison_resolve_id (self, id, &mode, error)) == NULL)
    return FALSE;

  ids = self->ids[mode];
  if (contains_in (ids, resolved))
    {
      g_set_error (error, GP_COMPARISON_ERROR, GP_COMPARISON_ERROR_DUPLICATE,
                   _("“%s” is compared already"), resolved);
      return FALSE;
    }
  if (ids->len >= GP_COMPARISON_MAX_ITEMS)
    {
      g_set_error (error, GP_COMPARISON_ERROR, GP_COMPARISON_ERROR_FULL,
                   _("A comparison holds at most %d items: remove one to add “%s”"),
                   GP_COMPARISON_MAX_ITEMS, resolved);
      return FALSE;
    }

  g_ptr_array_add (ids, g_steal_pointer (&resolved));
  if (self->mode != mode)
    {
      self->mode = mode;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODE]);
    }
  self->featured = FALSE;
  emit_changed (self);
  return TRUE;
}

gboolean
gp_comparison_add_offer (GpComparison  *self,
                         GpOffer       *offer,
                         GError       **error)
{
  g_autofree char *id = NULL;

  g_return_val_if_fail (GP_IS_COMPARISON (self), FALSE);
  g_return_val_if_fail (GP_IS_OFFER (offer), FALSE);

  id = gp_offer_dup_id (offer);
  return gp_comparison_add (self, id, error);
}

void
gp_comparison_remove (GpComparison *self,
                      const char   *id)
{
  GPtrArray *ids;

  g_return_if_fail (GP_IS_COMPARISON (self));
  g_return_if_fail (id != NULL);

  ids = self->ids[self->mode];
  for (guint i = 0; i < ids->len; i++)
    if (g_str_equal (g_ptr_array_index (ids, i), id))
      {
        g_ptr_array_remove_index (ids, i);
        self->featured = FALSE;
        emit_changed (self);
        return;
      }
}

/* Removes every item of the list shown. */
void
gp_comparison_clear (GpComparison *self)
{
  g_return_if_fail (GP_IS_COMPARISON (self));

  if (self->ids[self->mode]->len == 0)
    return;

  g_ptr_array_set_size (self->ids[self->mode], 0);
  self->featured = FALSE;
  emit_changed (self);
}

const char *
gp_comparison_get_currency (GpComparison *self)
{
  g_return_val_if_fail (GP_IS_COMPARISON (self), NULL);

  if (self->currency != NULL)
    return self->currency;
  return self->catalog != NULL ? gp_catalog_get_currency (self->catalog) : "USD";
}

double
gp_comparison_get_exchange_rate (GpComparison *self)
{
  g_return_val_if_fail (GP_IS_COMPARISON (self), 1);
  return self->exchange_rate;
}

char *
gp_comparison_dup_prices_note (GpComparison *self)
{
  g_return_val_if_fail (GP_IS_COMPARISON (self), NULL);

  if (self->currency == NULL || self->exchange_rate == 1)
    return NULL;
  return gp_currency_dup_prices_line (self->currency, self->exchange_rate, self->rate_basis);
}

void
gp_comparison_set_rate_basis (GpComparison *self,
                              const char   *basis)
{
  g_return_if_fail (GP_IS_COMPARISON (self));

  if (gp_set_str (&self->rate_basis, basis))
    emit_changed (self);
}

void
gp_comparison_set_currency (GpComparison *self,
                            const char   *currency,
                            double        rate)
{
  gboolean changed;

  g_return_if_fail (GP_IS_COMPARISON (self));
  g_return_if_fail (isfinite (rate) && rate > 0);

  changed = gp_set_str (&self->currency, currency);
  if (self->exchange_rate != rate)
    {
      self->exchange_rate = rate;
      changed = TRUE;
    }
  if (!changed)
    return;

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURRENCY]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EXCHANGE_RATE]);
  emit_changed (self);
}

/* Saved state */

const char *
gp_comparison_mode_to_string (GpComparisonMode mode)
{
  return mode == GP_COMPARISON_INSTANCES ? "instances" : "providers";
}

JsonNode *
gp_comparison_save_state (GpComparison *self)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  g_return_val_if_fail (GP_IS_COMPARISON (self), NULL);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "mode");
  json_builder_add_string_value (builder, gp_comparison_mode_to_string (self->mode));
  for (GpComparisonMode mode = GP_COMPARISON_PROVIDERS; mode <= GP_COMPARISON_INSTANCES; mode++)
    {
      json_builder_set_member_name (builder, gp_comparison_mode_to_string (mode));
      json_builder_begin_array (builder);
      for (guint i = 0; i < self->ids[mode]->len; i++)
        json_builder_add_string_value (builder, g_ptr_array_index (self->ids[mode], i));
      json_builder_end_array (builder);
    }
  json_builder_end_object (builder);

  return json_builder_get_root (builder);
}

static gboolean
read_id_list (JsonObject  *object,
              const char  *member,
              GPtrArray   *ids,
              GError     **error)
{
  JsonNode *node = json_object_get_member (object, member);
  JsonArray *array;

  if (node == NULL)
    return TRUE;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      g_set_error (error, GP_COMPARISON_ERROR, GP_COMPARISON_ERROR_INVALID_STATE,
                   _("%s: expected a list of ids"), member);
      return FALSE;
    }

  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      const char *id;

      if (!JSON_NODE_HOLDS_VALUE (element) || json_node_get_value_type (element) != G_TYPE_STRING ||
          (id = json_node_get_string (element))[0] == '\0')
        {
          g_set_error (error, GP_COMPARISON_ERROR, GP_COMPARISON_ERROR_INVALID_STATE,
                       _("%s[%u]: expected an id"), member, i);
          return FALSE;
        }
      if (i >= GP_COMPARISON_MAX_ITEMS)
        {
          g_set_error (error, GP_COMPARISON_ERROR, GP_COMPARISON_ERROR_INVALID_STATE,
                       _("%s: more than %d items"), member, GP_COMPARISON_MAX_ITEMS);
          return FALSE;
        }
      if (!contains_in (ids, id))
        g_ptr_array_add (ids, g_strdup (id));
    }

  return TRUE;
}

/* Ids the catalog does not have are kept: a catalog layer may come back, and the page shows
 * them as missing rather than dropping the user's choice silently. A malformed state changes
 * nothing. */
gboolean
gp_comparison_load_state (GpComparison  *self,
                          JsonNode      *state,
                          GError       **error)
{
  g_autoptr(GPtrArray) providers = new_id_list ();
  g_autoptr(GPtrArray) instances = new_id_list ();
  GpComparisonMode mode = GP_COMPARISON_PROVIDERS;
  JsonObject *object;
  const char *nick;

  g_return_val_if_fail (GP_IS_COMPARISON (self), FALSE);
  g_return_val_if_fail (state != NULL, FALSE);

  if (!JSON_NODE_HOLDS_OBJECT (state))
    {
      g_set_error_literal (error, GP_COMPARISON_ERROR, GP_COMPARISON_ERROR_INVALID_STATE,
                           _("expected an object with mode, providers and instances"));
      return FALSE;
    }

  object = json_node_get_object (state);
  nick = json_object_has_member (object, "mode") &&
         JSON_NODE_HOLDS_VALUE (json_object_get_member (object, "mode"))
           ? json_object_get_string_member (object, "mode") : NULL;
  if (g_strcmp0 (nick, "instances") == 0)
    mode = GP_COMPARISON_INSTANCES;
  else if (g_strcmp0 (nick, "providers") != 0)
    {
      g_set_error_literal (error, GP_COMPARISON_ERROR, GP_COMPARISON_ERROR_INVALID_STATE,
                           _("mode: expected “providers” or “instances”"));
      return FALSE;
    }

  if (!read_id_list (object, "providers", providers, error) ||
      !read_id_list (object, "instances", instances, error))
    return FALSE;

  g_ptr_array_unref (self->ids[GP_COMPARISON_PROVIDERS]);
  g_ptr_array_unref (self->ids[GP_COMPARISON_INSTANCES]);
  self->ids[GP_COMPARISON_PROVIDERS] = g_steal_pointer (&providers);
  self->ids[GP_COMPARISON_INSTANCES] = g_steal_pointer (&instances);
  if (self->mode != mode)
    {
      self->mode = mode;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODE]);
    }
  self->featured = FALSE;
  emit_changed (self);
  return TRUE;
}

GFile *
gp_comparison_get_default_file (void)
{
  return g_file_new_build_filename (g_get_user_data_dir (), "gpu-planner", "comparison.json",
                                    NULL);
}

/* Writes the state atomically: the file holds the old state or the new one, never a part. */
gboolean
gp_comparison_save_to_file (GpComparison  *self,
                            GFile         *file,
                            GCancellable  *cancellable,
                            GError       **error)
{
  g_autoptr(JsonNode) state = NULL;
  g_autoptr(GFile) parent = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (GP_IS_COMPARISON (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  state = gp_comparison_save_state (self);
  text = gp_json_to_string (state, TRUE);

  parent = g_file_get_parent (file);
  if (parent != NULL && !g_file_make_directory_with_parents (parent, cancellable, &local_error) &&
      !g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_EXISTS))
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }

  return gp_file_replace (file, text, strlen (text), error);
}

gboolean
gp_comparison_load_from_file (GpComparison  *self,
                              GFile         *file,
                              GError       **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GBytes) contents = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (GP_IS_COMPARISON (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  name = g_file_get_parse_name (file);
  contents = gp_file_load (file, GP_FILE_MAX_SIZE, &local_error);
  if (contents == NULL)
    {
      g_propagate_prefixed_error (error, g_steal_pointer (&local_error), "%s: ", name);
      return FALSE;
    }

  root = gp_json_read_bytes (contents, name, &local_error);
  if (root == NULL)
    {
      g_set_error_literal (error, GP_COMPARISON_ERROR, GP_COMPARISON_ERROR_INVALID_STATE,
                           local_error->message);
      return FALSE;
    }
  if (!gp_comparison_load_state (self, root, &local_error))
    {
      g_set_error (error, GP_COMPARISON_ERROR, GP_COMPARISON_ERROR_INVALID_STATE, "%s: %s", name,
                   local_error->message);
      return FALSE;
    }

  return TRUE;
}

/* Lays the comparison out: a column per item, rows in groups, each row's winners marked. */
GpComparisonTable *
gp_comparison_build (GpComparison *self)
{
  GpComparisonTable *table;

  g_return_val_if_fail (GP_IS_COMPARISON (self), NULL);

  table = gp_comparison_table_new (self->catalog, self->mode, gp_comparison_get_ids (self),
                                   gp_comparison_get_currency (self),
                                   self->currency != NULL ? self->exchange_rate : 1);
  table->prices_note = gp_comparison_dup_prices_note (self);
  return table;
}
