/* gp-lab-layer.c — the lab's own machines in a catalog layer: added, removed, written whole
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A lab machine lives in the user's catalog layer as an instance of the provider `lab`, of
 * kind `local`, with the figures its price is worked out from in its `lab` object
 * (FORMAT.md), the person who entered them as its source and that day as its date. One
 * provider holds every lab machine, in one currency, the first machine's. The layer is edited
 * as JSON, so that whatever else the user keeps there stays as it was, and written only once
 * the catalog with it loads: a file that says two things is never written.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "gp-file.h"
#include "gp-json-reader.h"
#include "gp-json-writer.h"
#include "gp-lab-layer.h"
#include "gp-release.h"
#include "gp-text.h"

char *
gp_lab_machine_dup_id (const char *name)
{
  return g_str_has_prefix (name, GP_LAB_PROVIDER "/")
             ? g_strdup (name)
             : g_strconcat (GP_LAB_PROVIDER "/", name, NULL);
}

/* A machine's id is typed on the command line and goes into launch code: after "lab/" it is
 * one word of letters, digits and . _ - (no "/", no "..", nothing hidden), at most 64
 * characters, starting with a letter or a digit. Its name is printable text on one line. */
gboolean
gp_lab_machine_check (const GpLabMachine  *machine,
                      GError             **error)
{
  const char *word = g_str_has_prefix (machine->id, GP_LAB_PROVIDER "/")
                         ? machine->id + strlen (GP_LAB_PROVIDER "/")
                         : machine->id;
  g_autofree char *problem = NULL;

  if (!g_regex_match_simple ("^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$", word, 0, 0))
    {
      g_autofree char *shown = g_strescape (word, NULL);

      g_set_error (error, GP_CATALOG_ERROR, GP_CATALOG_ERROR_INVALID_VALUE,
                   /* Translators: a lab machine's id the user typed, refused */
                   _("id: “%s” is not a machine’s id: one word of letters, digits and . _ -, "
                      "at most 64, starting with a letter or a digit"),
                   shown);
      return FALSE;
    }
  if (machine->name != NULL && !gp_text_check (machine->name, -1, GP_TEXT_NAME, &problem))
    {
      g_set_error (error, GP_CATALOG_ERROR, GP_CATALOG_ERROR_INVALID_VALUE, "name: %s", problem);
      return FALSE;
    }
  if (machine->currency == NULL ||
      !g_regex_match_simple ("^[A-Z]{3}$", machine->currency, G_REGEX_CASELESS, 0))
    {
      g_set_error (error, GP_CATALOG_ERROR, GP_CATALOG_ERROR_INVALID_VALUE,
                   _("currency: an ISO 4217 code such as CNY"));
      return FALSE;
    }
  return TRUE;
}

GpLabMachine *
gp_lab_machine_new_from_instance (GpInstance *instance)
{
  const GpLabCost *cost = gp_instance_get_lab_cost (instance);
  GpLabMachine *machine;

  if (cost == NULL)
    return NULL;

  machine = g_new0 (GpLabMachine, 1);
  machine->id = g_strdup (gp_instance_get_id (instance));
  machine->name = g_strdup (gp_instance_get_raw_name (instance));
  machine->gpu = g_strdup (gp_gpu_get_id (gp_instance_get_gpu (instance)));
  machine->gpu_count = gp_instance_get_gpu_count (instance);
  machine->currency = g_strdup (gp_instance_get_currency (instance));
  machine->cost = *cost;
  machine->cost.purchased = g_strdup (cost->purchased);
  return machine;
}

void
gp_lab_machine_free (GpLabMachine *machine)
{
  if (machine == NULL)
    return;
  g_free (machine->id);
  g_free (machine->name);
  g_free (machine->gpu);
  g_free (machine->currency);
  g_free (machine->cost.purchased);
  g_free (machine);
}

JsonNode *
gp_lab_layer_read (GFile   *file,
                   GError **error)
{
  static const char *const lists[] = { "sources", "gpus", "providers", "instances" };
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GBytes) bytes = gp_file_load (file, GP_FILE_MAX_SIZE, &local_error);
  g_autofree char *name = g_file_get_parse_name (file);
  JsonNode *root;

  if (bytes == NULL && g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
    {
      JsonObject *object = json_object_new ();

      json_object_set_int_member (object, "schema_version", 1);
      root = json_node_new (JSON_NODE_OBJECT);
      json_node_take_object (root, object);
      return root;
    }
  if (bytes == NULL)
    {
      g_set_error (error, GP_CATALOG_ERROR, GP_CATALOG_ERROR_IO, "%s: %s", name,
                   local_error->message);
      return NULL;
    }

  root = gp_json_read_bytes (bytes, name, error);
  if (root != NULL && !JSON_NODE_HOLDS_OBJECT (root))
    {
      /* Translators: a file to add a lab machine to that holds no catalog */
      g_set_error (error, GP_CATALOG_ERROR, GP_CATALOG_ERROR_WRONG_TYPE,
                   _("%s: not a catalog file"), name);
      g_clear_pointer (&root, json_node_unref);
    }
  /* The lists an edit adds to must be lists: {"instances": {}} is refused, not written over. */
  for (guint i = 0; root != NULL && i < G_N_ELEMENTS (lists); i++)
    {
      JsonNode *member = json_object_get_member (json_node_get_object (root), lists[i]);

      if (member != NULL && !JSON_NODE_HOLDS_ARRAY (member))
        {
          g_set_error (error, GP_CATALOG_ERROR, GP_CATALOG_ERROR_WRONG_TYPE,
                       "%s: %s: expected an array", name, lists[i]);
          g_clear_pointer (&root, json_node_unref);
        }
    }
  return root;
}

JsonArray *
gp_layer_ensure_array (JsonObject *object,
                       const char *key)
{
  if (!json_object_has_member (object, key))
    json_object_set_array_member (object, key, json_array_new ());
  return json_object_get_array_member (object, key);
}

int
gp_layer_find_by_id (JsonArray  *array,
                     const char *id)
{
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonNode *node = json_array_get_element (array, i);

      if (JSON_NODE_HOLDS_OBJECT (node) && g_strcmp0 (json_object_get_string_member_with_default (
                                                          json_node_get_object (node), "id", NULL),
                                                      id) == 0)
        return (int) i;
    }
  return -1;
}

GpLayerArrays
gp_layer_get_arrays (JsonNode *root)
{
  JsonObject *object = json_node_get_object (root);

  return (GpLayerArrays){
    .providers = gp_layer_ensure_array (object, "providers"),
    .sources = gp_layer_ensure_array (object, "sources"),
    .instances = gp_layer_ensure_array (object, "instances"),
  };
}

static char *
source_id (const char *id)
{
  return g_strdup_printf ("%s-%s", GP_LAB_PROVIDER, id + strlen (GP_LAB_PROVIDER "/"));
}

static JsonObject *
lab_provider (const char *currency,
              const char *source)
{
  JsonObject *provider = json_object_new ();
  JsonArray *pricing = json_array_new ();
  JsonArray *regions = json_array_new ();
  JsonObject *campus = json_object_new ();
  JsonObject *billing = json_object_new ();

  json_object_set_string_member (provider, "id", GP_LAB_PROVIDER);
  /* In English in the file, shown in the user's language (gp-provider.c, gp-region.c). */
  json_object_set_string_member (provider, "name", NC_("provider", "Lab machines"));
  json_object_set_string_member (provider, "short_name", NC_("provider", "Lab"));
  json_object_set_string_member (provider, "kind", "local");
  json_object_set_string_member (provider, "currency", currency);
  json_array_add_string_element (pricing, "on-demand");
  json_object_set_array_member (provider, "pricing", pricing);
  json_object_set_string_member (campus, "id", GP_LAB_REGION);
  json_object_set_string_member (campus, "name", NC_("place", "Campus"));
  json_array_add_object_element (regions, campus);
  json_object_set_array_member (provider, "regions", regions);
  json_object_set_string_member (provider, "source", source);
  /* Its own machine is never billed by the hour begun. */
  json_object_set_int_member (billing, "increment_s", 1);
  json_object_set_string_member (billing, "source", source);
  json_object_set_object_member (provider, "billing", billing);
  return provider;
}

JsonObject *
gp_layer_new_instance (const char *id,
                       const char *provider,
                       const char *name,
                       const char *gpu,
                       guint       gpu_count,
                       const char *source,
                       const char *kind,
                       JsonObject *figures,
                       const char *region,
                       double      on_demand)
{
  JsonObject *instance = json_object_new ();
  JsonArray *prices = json_array_new ();
  JsonObject *price = json_object_new ();

  json_object_set_string_member (instance, "id", id);
  json_object_set_string_member (instance, "provider", provider);
  json_object_set_string_member (instance, "name", name);
  json_object_set_string_member (instance, "gpu", gpu);
  json_object_set_int_member (instance, "gpu_count", gpu_count);
  json_object_set_string_member (instance, "source", source);
  json_object_set_object_member (instance, kind, figures);
  json_object_set_string_member (price, "region", region);
  json_object_set_double_member (price, "on_demand", on_demand);
  json_array_add_object_element (prices, price);
  json_object_set_array_member (instance, "prices", prices);
  return instance;
}

JsonObject *
gp_layer_new_source (const char *id,
                     const char *title,
                     const char *url,
                     const char *as_of,
                     const char *note)
{
  JsonObject *source = json_object_new ();

  json_object_set_string_member (source, "id", id);
  json_object_set_string_member (source, "title", title);
  if (url != NULL)
    json_object_set_string_member (source, "url", url);
  json_object_set_string_member (source, "as_of", as_of);
  if (note != NULL)
    json_object_set_string_member (source, "note", note);
  return source;
}

static JsonObject *
lab_instance (const GpLabMachine *machine,
              const char         *source)
{
  JsonObject *lab = json_object_new ();
  const GpLabCost *cost = &machine->cost;
  double per_gpu_hour = gp_lab_cost_per_gpu_hour (cost, machine->gpu_count, NULL);

  json_object_set_double_member (lab, "price", cost->price);
  json_object_set_string_member (lab, "purchased", cost->purchased);
  json_object_set_double_member (lab, "lifetime_years", cost->lifetime_years);
  json_object_set_double_member (lab, "maintenance_pct", cost->maintenance_pct);
  json_object_set_double_member (lab, "power_kw", cost->power_kw);
  json_object_set_double_member (lab, "pue", cost->pue);
  if (gp_lab_cost_has_electricity (cost))
    json_object_set_double_member (lab, "electricity_per_kwh", cost->electricity_per_kwh);
  json_object_set_double_member (lab, "utilisation_pct", cost->utilisation_pct);
  if (cost->staff_per_year > 0)
    json_object_set_double_member (lab, "staff_per_year", cost->staff_per_year);
  /* The price an hour of the whole machine, as the catalog's prices are. */
  return gp_layer_new_instance (machine->id, GP_LAB_PROVIDER, machine->name, machine->gpu,
                                machine->gpu_count, source, "lab", lab, GP_LAB_REGION,
                                per_gpu_hour * machine->gpu_count);
}

/* Adds @machine to the layer, with the provider `lab` when it is the first. */
gboolean
gp_lab_layer_add (JsonNode           *root,
                  const GpLabMachine *machine,
                  const char         *entered_by,
                  const char         *date,
                  GError            **error)
{
  GpLayerArrays layer = gp_layer_get_arrays (root);
  JsonArray *providers = layer.providers, *sources = layer.sources, *instances = layer.instances;
  g_autofree char *source = source_id (machine->id);
  int at;

  g_return_val_if_fail (g_str_has_prefix (machine->id, GP_LAB_PROVIDER "/"), FALSE);

  if (!gp_lab_machine_check (machine, error))
    return FALSE;
  if (gp_layer_find_by_id (instances, machine->id) >= 0)
    {
      g_set_error (error, GP_CATALOG_ERROR, GP_CATALOG_ERROR_DUPLICATE_ID,
                   _("There is a lab machine %s already"), machine->id);
      return FALSE;
    }
  if ((at = gp_layer_find_by_id (providers, GP_LAB_PROVIDER)) >= 0)
    {
      const char *currency = json_object_get_string_member_with_default (
          json_array_get_object_element (providers, at), "currency", "USD");

      if (g_ascii_strcasecmp (currency, machine->currency) != 0)
        {
          g_set_error (error, GP_CATALOG_ERROR, GP_CATALOG_ERROR_INVALID_VALUE,
                       _("The lab’s machines are priced in %s: give this one’s figures in %s "
                          "too"),
                       currency, currency);
          return FALSE;
        }
    }

  json_array_add_object_element (sources,
                                 gp_layer_new_source (source, entered_by, NULL, date, NULL));
  if (at < 0)
    json_array_add_object_element (providers, lab_provider (machine->currency, source));
  json_array_add_object_element (instances, lab_instance (machine, source));
  return TRUE;
}

/* Removes the machine and its source; the provider `lab` goes with the last machine. */
gboolean
gp_lab_layer_remove (JsonNode   *root,
                     const char *id,
                     GError    **error)
{
  GpLayerArrays layer = gp_layer_get_arrays (root);
  JsonArray *providers = layer.providers, *sources = layer.sources, *instances = layer.instances;
  g_autofree char *source = source_id (id);
  int at = gp_layer_find_by_id (instances, id);
  int provider = gp_layer_find_by_id (providers, GP_LAB_PROVIDER);
  gboolean others = FALSE;

  if (at < 0 || !g_str_has_prefix (id, GP_LAB_PROVIDER "/"))
    {
      g_set_error (error, GP_CATALOG_ERROR, GP_CATALOG_ERROR_UNKNOWN_REFERENCE,
                   _("There is no lab machine %s"), id);
      return FALSE;
    }
  json_array_remove_element (instances, at);

  /* The provider takes another machine's source, or goes with the last machine. */
  for (guint i = 0; i < json_array_get_length (instances) && !others; i++)
    {
      JsonObject *instance = json_array_get_object_element (instances, i);

      if (g_strcmp0 (json_object_get_string_member_with_default (instance, "provider", NULL),
                     GP_LAB_PROVIDER) != 0)
        continue;
      others = TRUE;
      if (provider >= 0)
        {
          JsonObject *lab = json_array_get_object_element (providers, provider);
          const char *other = json_object_get_string_member (instance, "source");

          json_object_set_string_member (lab, "source", other);
          if (json_object_has_member (lab, "billing"))
            json_object_set_string_member (json_object_get_object_member (lab, "billing"), "source",
                                           other);
        }
    }
  if (!others && provider >= 0)
    json_array_remove_element (providers, provider);
  if ((at = gp_layer_find_by_id (sources, source)) >= 0)
    json_array_remove_element (sources, at);
  return TRUE;
}

typedef struct
{
  JsonNode *root;
  const char *name;
  GpCatalog *catalog;
  GError *error;
} LayerCheck;

/* Reads the tree and nothing else: json-glib's getters take no reference, so the text of the
 * same tree may be made at the same time. */
static gpointer
check_layer (gpointer data)
{
  LayerCheck *check = data;

  check->catalog = gp_catalog_new_bundled ();
  gp_catalog_add_layer_tree (check->catalog, check->root, check->name, GP_CATALOG_LAYER_USER,
                             &check->error);
  return NULL;
}

static void
set_refused_change (GError     **error,
                    const char  *name,
                    GError      *local_error)
{
  g_autofree char *prefix = g_strconcat (name, ": ", NULL);
  const char *what = local_error->message;

  /* The file was not changed: what is wrong is the change (a bad new entry was reported
   * as if the user's file were). */
  if (g_str_has_prefix (what, prefix))
    what += strlen (prefix);
  g_set_error (error, local_error->domain, local_error->code,
               /* Translators: a change to the user's catalog layer that is refused; the
                * file, then what is wrong with the change */
               _("the change was not made, %s is as it was: %s"), name, what);
}

/* Checks the layer as the app will read it, over the bundled catalog, then writes it whole: an
 * error, a full disk or a kill leaves the old file as it was. */
GBytes *
gp_lab_layer_save (JsonNode *root,
                   GFile    *file,
                   GError  **error)
{
  g_autoptr(GFile) dir = g_file_get_parent (file);
  g_autoptr(GError) local_error = NULL;
  g_autofree char *name = g_file_get_parse_name (file);
  g_autofree char *text = NULL;
  g_autoptr(GBytes) bytes = NULL;
  LayerCheck check = { root, name, NULL, NULL };
  GThread *checking;

  /* Checked as the tree it is, not parsed back from the text written of it; the text is made
   * meanwhile and thrown away when the check refuses the change. The project's number writer:
   * json-glib writes 1e+21 as "1e+21.0", which is not JSON, and the next edit of the layer
   * could not read it. */
  checking = g_thread_new ("check-layer", check_layer, &check);
  text = gp_json_to_string (root, TRUE);
  g_thread_join (checking);
  /* The checked catalog is done with: its objects (a sheet's 100,000 quotes) are freed while
   * the text is written. */
  gp_release_in_background (check.catalog, g_object_unref);
  if (check.error != NULL)
    {
      set_refused_change (error, name, check.error);
      g_error_free (check.error);
      return NULL;
    }
  if (dir != NULL && !g_file_make_directory_with_parents (dir, NULL, &local_error) &&
      !g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_EXISTS))
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }

  {
    gsize length = strlen (text);

    bytes = g_bytes_new_take (g_steal_pointer (&text), length);
  }
  if (!gp_file_replace_bytes (file, bytes, error))
    return NULL;
  return g_steal_pointer (&bytes);
}

/* Reads the layer, changes it and writes it back whole, holding the layer's lock all the
 * while, so that another program editing it (the app, another command) waits its turn and
 * neither loses the other's change. A layer that cannot be read is never written over: with
 * @set_aside it is kept beside, under a name no earlier one has, and the change starts a new
 * layer; without, the edit is refused and the file left as it is. */
GBytes *
gp_lab_layer_edit (GFile            *file,
                   GpLabLayerEditFunc edit,
                   gpointer          user_data,
                   char            **set_aside,
                   GError          **error)
{
  g_autoptr(GpFileLock) lock = gp_file_lock (file, error);
  g_autoptr(GError) read_error = NULL;
  g_autoptr(JsonNode) root = NULL;
  GBytes *bytes;

  if (set_aside != NULL)
    *set_aside = NULL;
  if (lock == NULL)
    return NULL;
  root = gp_lab_layer_read (file, &read_error);
  if (root == NULL && set_aside == NULL)
    {
      g_propagate_error (error, g_steal_pointer (&read_error));
      return NULL;
    }
  if (root == NULL)
    {
      g_autoptr(GFile) aside = gp_file_set_aside (file, error);

      if (aside == NULL)
        return NULL;
      *set_aside = g_file_get_parse_name (aside);
      g_clear_error (&read_error);
      root = gp_lab_layer_read (file, &read_error);
      g_assert (root != NULL);
    }
  if (!edit (root, user_data, error))
    return NULL;
  bytes = gp_lab_layer_save (root, file, error);
  /* A sheet's tree is freed while the caller goes on. */
  gp_release_in_background (g_steal_pointer (&root), (GDestroyNotify) json_node_unref);
  return bytes;
}

/* The title is kept in English in the file and shown in the user's language
 * (gp_source_get_title()); never the login name, which says nothing to a reader of a budget. */
char *
gp_lab_layer_dup_entered_by (void)
{
  /* Translators: the source of figures the user typed in: a lab machine's, a quote's */
  return g_strdup (NC_("source", "Entered by you"));
}

/* Writes the change into the user's layer, under its lock (gp_lab_layer_edit()); then
 * @catalog takes the layer. On error nothing is written and @catalog is as it was. */
gboolean
gp_lab_layer_edit_catalog (GpCatalog          *catalog,
                           GFile              *file,
                           GpLabLayerEditFunc  edit,
                           gpointer            user_data,
                           GError            **error)
{
  g_autoptr(GBytes) bytes = gp_lab_layer_edit (file, edit, user_data, NULL, error);
  g_autofree char *name = NULL;

  if (bytes == NULL)
    return FALSE;
  if (catalog == NULL)
    return TRUE;
  name = g_file_get_parse_name (file);
  return gp_catalog_replace_layer (catalog, bytes, name, GP_CATALOG_LAYER_USER, error);
}
