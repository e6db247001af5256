/* gp-launch.c — how to start a job on an offer: launch code, the data upload, the environment
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The templates are data (data/launch/launch.json, bundled beside the catalog): per platform,
 * code with @field@ where the offer's fields go and MY_ values where the user's own go, each
 * naming the documentation page it was written against and its date. This file fills the
 * fields in, and refuses when one cannot be: a snippet never holds a guess. It generates text
 * only; it never holds credentials and never runs anything.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "gp-catalog-data.h"
#include "gp-cost-model.h"
#include "gp-document.h"
#include "gp-format.h"
#include "gp-json-reader.h"
#include "gp-launch.h"
#include "gp-literal.h"

#define BUNDLED_PATH "/io/github/gpuplanner/GpuPlanner/catalog/launch.json"

struct _GpLaunchData
{
  GObject parent_instance;

  JsonNode *root;
};

G_DEFINE_FINAL_TYPE (GpLaunchData, gp_launch_data, G_TYPE_OBJECT)
G_DEFINE_QUARK (gp-launch-error-quark, gp_launch_error)

static void
gp_launch_data_finalize (GObject *object)
{
  GpLaunchData *self = GP_LAUNCH_DATA (object);

  g_clear_pointer (&self->root, json_node_unref);
  G_OBJECT_CLASS (gp_launch_data_parent_class)->finalize (object);
}

static void
gp_launch_data_class_init (GpLaunchDataClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = gp_launch_data_finalize;
}

static void
gp_launch_data_init (GpLaunchData *self)
{
}

static JsonObject *
member_object (JsonObject *object,
               const char *name)
{
  JsonNode *node = object != NULL && name != NULL ? json_object_get_member (object, name) : NULL;

  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

static const char *
member_string (JsonObject *object,
               const char *name)
{
  JsonNode *node = object != NULL && name != NULL ? json_object_get_member (object, name) : NULL;

  return node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
                 json_node_get_value_type (node) == G_TYPE_STRING
             ? json_node_get_string (node)
             : NULL;
}

GpLaunchData *
gp_launch_data_new_from_bytes (GBytes      *bytes,
                               const char  *name,
                               GError     **error)
{
  g_autoptr(JsonNode) root = gp_json_read_bytes (bytes, name, error);
  GpLaunchData *self;

  if (root == NULL)
    return NULL;
  if (!JSON_NODE_HOLDS_OBJECT (root) ||
      member_object (json_node_get_object (root), "providers") == NULL)
    {
      g_set_error (error, GP_LAUNCH_ERROR, GP_LAUNCH_ERROR_INVALID, _("%s: providers: missing"),
                   name);
      return NULL;
    }
  self = g_object_new (GP_TYPE_LAUNCH_DATA, NULL);
  self->root = g_steal_pointer (&root);
  return self;
}

GpLaunchData *
gp_launch_data_get_default (void)
{
  static gsize data;

  if (g_once_init_enter (&data))
    {
      g_autoptr(GBytes) bytes =
          g_resource_lookup_data (gp_catalog_data_get_resource (), BUNDLED_PATH, 0, NULL);
      g_autoptr(GError) error = NULL;
      GpLaunchData *loaded = NULL;

      if (bytes == NULL)
        g_critical ("The bundled launch templates are missing");
      else if ((loaded = gp_launch_data_new_from_bytes (bytes, "launch.json", &error)) == NULL)
        g_critical ("The bundled launch templates are invalid: %s", error->message);
      if (loaded == NULL)
        {
          loaded = g_object_new (GP_TYPE_LAUNCH_DATA, NULL);
          loaded->root = json_node_init_object (json_node_alloc (), json_object_new ());
        }
      g_once_init_leave (&data, (gsize) loaded);
    }
  return GP_LAUNCH_DATA ((gpointer) data);
}

static JsonObject *
root_object (GpLaunchData *self)
{
  return json_node_get_object (self->root);
}

/* What the data says of @provider: its templates, upload and environment. */
static JsonObject *
provider_entry (GpLaunchData *self,
                GpProvider   *provider)
{
  return member_object (member_object (root_object (self), "providers"),
                        gp_provider_get_id (provider));
}

static JsonObject *
provider_environment (GpLaunchData *self,
                      GpProvider   *provider)
{
  return member_object (provider_entry (self, provider), "environment");
}

static JsonArray *
provider_templates (GpLaunchData *self,
                    GpProvider   *provider)
{
  JsonObject *entry = provider_entry (self, provider);
  JsonNode *node = entry != NULL ? json_object_get_member (entry, "templates") : NULL;

  return node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
}

/* A Capacity Block's template buys a block before it launches: only asked for by name, never
 * a format to pick for an offer paid by the hour. */
static gboolean
template_buys_block (JsonObject *template)
{
  JsonNode *node = json_object_get_member (template, "capacity_block");

  return node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
         json_node_get_value_type (node) == G_TYPE_BOOLEAN && json_node_get_boolean (node);
}

GStrv
gp_launch_data_dup_formats (GpLaunchData *self,
                            GpProvider   *provider)
{
  JsonArray *templates = provider_templates (self, provider);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (guint i = 0; templates != NULL && i < json_array_get_length (templates); i++)
    {
      JsonObject *template = json_array_get_object_element (templates, i);
      const char *format = member_string (template, "format");

      if (format != NULL && !template_buys_block (template))
        g_strv_builder_add (builder, format);
    }
  return g_strv_builder_end (builder);
}

/* Filling in */

/* A field's value: a literal from data, written as a literal of the language around it, or
 * code this file writes from constants (a switch such as " --priority Spot"), put as it is. */
typedef struct
{
  char *text;
  gboolean code;
} Field;

static void
field_free (Field *field)
{
  g_free (field->text);
  g_free (field);
}

static GHashTable *
fields_new (void)
{
  return g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) field_free);
}

typedef struct
{
  GHashTable *fields;   /* name → Field */
  const char *language; /* of the template */
  char *missing;        /* the first field with no value */
} Fill;

static void
fill_missing (Fill       *fill,
              const char *name)
{
  if (fill->missing == NULL)
    fill->missing = g_strdup (name);
}

static gboolean
fill_cb (const GMatchInfo *match,
         GString          *result,
         gpointer          user_data)
{
  Fill *fill = user_data;
  g_autofree char *name = g_match_info_fetch (match, 1);
  g_autofree char *language = g_match_info_fetch (match, 2);
  Field *field = g_hash_table_lookup (fill->fields, name);
  g_autofree char *literal = NULL;

  if (field == NULL)
    fill_missing (fill, name);
  else if (field->code)
    g_string_append (result, field->text);
  else if ((literal = gp_literal_encode (
                field->text, language != NULL && *language != '\0' ? language : fill->language)))
    g_string_append (result, literal);
  else
    fill_missing (fill, name);
  return FALSE;
}

/* @text with every @field@ replaced, a literal written for @language or for the one the
 * placeholder names (@region:shell-json@); NULL, naming the field, when one has no value or
 * its language has no literals. */
static char *
fill_in (const char  *text,
         const char  *language,
         GHashTable  *fields,
         char       **missing)
{
  g_autoptr(GRegex) regex = g_regex_new ("@([a-z_0-9]+)(?::([a-z-]+))?@", 0, 0, NULL);
  Fill fill = { fields, language, NULL };
  char *filled = g_regex_replace_eval (regex, text, -1, 0, 0, fill_cb, &fill, NULL);

  if (fill.missing != NULL)
    {
      *missing = fill.missing;
      g_free (filled);
      return NULL;
    }
  return filled;
}

static void
put_field (GHashTable *fields,
           const char *name,
           char       *value,
           gboolean    code)
{
  Field *field;

  if (value == NULL)
    return;
  field = g_new (Field, 1);
  field->text = value;
  field->code = code;
  g_hash_table_insert (fields, g_strdup (name), field);
}

/* A value from data: the template's language decides how it is written. */
static void
set_field (GHashTable *fields,
           const char *name,
           char       *value)
{
  put_field (fields, name, value, FALSE);
}

/* Code written here from constants and numbers, or with its data already encoded. */
static void
set_code (GHashTable *fields,
          const char *name,
          char       *value)
{
  put_field (fields, name, value, TRUE);
}

static char *
accelerator (GpLaunchData *self,
             const char   *table,
             GpGpu        *gpu)
{
  const char *name =
      member_string (member_object (member_object (root_object (self), "accelerators"), table),
                     gpu != NULL ? gp_gpu_get_id (gpu) : "");

  return g_strdup (name);
}

/* The platform's own name of the machine: the id after the platform's ("p4d.24xlarge"). */
static const char *
type_of (GpInstance *instance)
{
  const char *slash = strchr (gp_instance_get_id (instance), '/');

  return slash != NULL ? slash + 1 : gp_instance_get_id (instance);
}

/* The fields of the offer, as the templates name them: what comes from data is a literal
 * (set_field), what this file writes is code (set_code), its data encoded here. */
static GHashTable *
offer_fields (GpLaunchData *self,
              GpOffer      *offer,
              gboolean      spot,
              GHashTable   *values)
{
  GHashTable *fields = fields_new ();
  GpInstance *instance = gp_offer_get_instance (offer);
  GpProvider *provider = gp_offer_get_provider (offer);
  GpGpu *gpu = gp_instance_get_gpu (instance);
  const char *id = gp_provider_get_id (provider);
  /* GPUs priced without their host: the user picks the machine they attach to. */
  gboolean gpu_only = gp_instance_get_price_basis (instance) == GP_PRICE_BASIS_GPU_ONLY;
  guint gpus = gp_instance_get_gpu_count (instance);
  g_autofree char *vertex = accelerator (self, "vertex", gpu);
  g_autofree char *sky = accelerator (self, "skypilot", gpu);
  const char *machine_accelerator = member_string (
      member_object (member_object (root_object (self), "accelerators"), "vertex_machines"),
      type_of (instance));
  double session = gp_provider_get_max_session_hours (provider);
  const char *type = type_of (instance);
  const char *region = gp_offer_get_region_id (offer);
  g_autofree char *colab = accelerator (self, "colab", gpu);

  /* The values a check puts in place of the offer's. */
  if (values != NULL)
    {
      type = g_hash_table_contains (values, "instance_type")
                 ? g_hash_table_lookup (values, "instance_type")
                 : type;
      region = g_hash_table_contains (values, "region") ? g_hash_table_lookup (values, "region")
                                                        : region;
      id = g_hash_table_contains (values, "provider") ? g_hash_table_lookup (values, "provider")
                                                      : id;
      if (g_hash_table_contains (values, "accelerator"))
        {
          g_free (vertex), vertex = g_strdup (g_hash_table_lookup (values, "accelerator"));
          g_free (sky), sky = g_strdup (vertex);
          g_free (colab), colab = g_strdup (vertex);
          machine_accelerator = NULL;
        }
    }

  set_field (fields, "instance_type", g_strdup (type));
  if (gpu_only)
    set_code (fields, "machine_type", g_strdup ("MY_N1_MACHINE_TYPE"));
  else
    set_field (fields, "machine_type", g_strdup (type));
  set_code (fields, "instance_count", g_strdup ("1"));
  set_code (fields, "gpu_count", g_strdup_printf ("%u", gpus));
  set_field (fields, "region", g_strdup (region));
  set_code (fields, "use_spot", g_strdup (spot ? "True" : "False"));
  set_code (fields, "spot_yaml", g_strdup (spot ? "true" : "false"));
  /* A day's run; with spot, as long again to wait for capacity. */
  set_code (fields, "max_run_s", g_strdup ("86400"));
  set_code (fields, "max_wait_s", g_strdup (spot ? "172800" : "None"));
  set_code (fields, "vertex_strategy", g_strdup (spot ? "SPOT" : "STANDARD"));
  set_field (fields, "azure_tier", g_strdup (spot ? "low_priority" : "dedicated"));
  set_code (fields, "ec2_spot",
            g_strdup (spot ? " \\\n  --instance-market-options 'MarketType=spot'" : ""));
  set_code (fields, "azure_spot",
            g_strdup (spot ? " \\\n  --priority Spot \\\n  --eviction-policy Deallocate \\\n"
                             "  --max-price -1"
                           : ""));
  set_code (fields, "gce_spot",
            g_strdup (spot ? " \\\n  --provisioning-model=SPOT \\\n"
                             "  --instance-termination-action=STOP"
                           : ""));
  set_field (fields, "vertex_accelerator",
             g_strdup (machine_accelerator != NULL ? machine_accelerator : vertex));
  if (gpu_only && vertex != NULL)
    {
      g_autofree char *lower = g_ascii_strdown (vertex, -1);
      g_autofree char *word = NULL;

      g_strdelimit (lower, "_", '-');
      word = gp_literal_shell (lower);
      set_code (fields, "gce_accelerator",
                g_strdup_printf (" \\\n  --accelerator=type=%s,count=%u", word, gpus));
    }
  else if (!gpu_only)
    set_code (fields, "gce_accelerator", g_strdup (""));
  set_field (fields, "sky_cloud",
             g_strdup (g_str_has_prefix (id, "aws")     ? "aws"
                       : g_str_equal (id, "gcp")        ? "gcp"
                       : g_str_has_prefix (id, "azure") ? "azure"
                                                        : id));
  if (gpu_only && sky != NULL)
    {
      g_autofree char *resource = g_strdup_printf ("%s:%u", sky, gpus);
      g_autofree char *scalar = gp_literal_yaml (resource);

      set_code (fields, "sky_resource", g_strdup_printf ("  accelerators: %s", scalar));
    }
  else if (!gpu_only)
    {
      g_autofree char *scalar = gp_literal_yaml (type);

      set_code (fields, "sky_resource", g_strdup_printf ("  instance_type: %s", scalar));
    }
  set_field (fields, "colab_runtime", g_steal_pointer (&colab));
  if (isfinite (session) && session > 0)
    set_code (fields, "session_hours", g_strdup_printf ("%g", session));
  return fields;
}

static void
launch_source_free (GpLaunchSource *source)
{
  g_free (source->title);
  g_free (source->url);
  g_free (source->as_of);
  g_free (source);
}

static GPtrArray *
sources_of (GpLaunchData *self,
            JsonObject   *template,
            JsonObject   *environment)
{
  GPtrArray *sources = g_ptr_array_new_with_free_func ((GDestroyNotify) launch_source_free);
  JsonNode *also = json_object_get_member (template, "also");
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();
  JsonNode *all = json_object_get_member (root_object (self), "sources");
  guint first_environment;

  g_ptr_array_add (ids, (gpointer) member_string (template, "source"));
  for (guint i = 0; also != NULL && JSON_NODE_HOLDS_ARRAY (also) &&
                    i < json_array_get_length (json_node_get_array (also));
       i++)
    g_ptr_array_add (ids, (gpointer) json_array_get_string_element (json_node_get_array (also), i));
  /* What the environment says needs its own date beside the code's. */
  first_environment = ids->len;
  if (member_string (environment, "source") != NULL &&
      !g_ptr_array_find_with_equal_func (ids, member_string (environment, "source"), g_str_equal,
                                         NULL))
    g_ptr_array_add (ids, (gpointer) member_string (environment, "source"));

  for (guint i = 0; i < ids->len; i++)
    for (guint j = 0; all != NULL && JSON_NODE_HOLDS_ARRAY (all) &&
                      j < json_array_get_length (json_node_get_array (all));
         j++)
      {
        JsonObject *source = json_array_get_object_element (json_node_get_array (all), j);
        GpLaunchSource *found;

        if (g_strcmp0 (member_string (source, "id"), g_ptr_array_index (ids, i)) != 0)
          continue;
        found = g_new0 (GpLaunchSource, 1);
        /* In the user's language, listed by build-aux/extract-launch-strings. */
        found->title =
            g_strdup (g_dpgettext2 (GETTEXT_PACKAGE, "launch", member_string (source, "title")));
        found->url = g_strdup (member_string (source, "url"));
        found->as_of = g_strdup (member_string (source, "as_of"));
        found->of_environment = i >= first_environment;
        g_ptr_array_add (sources, found);
      }
  return sources;
}

/* The user's MY_ values the text holds, in the order they first come, with what each is. */
static void
find_placeholders (GpLaunchData    *self,
                   GpLaunchSnippet *snippet)
{
  JsonObject *known = member_object (root_object (self), "user_placeholders");
  g_autoptr(GStrvBuilder) names = g_strv_builder_new ();
  g_autoptr(GStrvBuilder) descriptions = g_strv_builder_new ();
  g_autoptr(GArray) at = g_array_new (FALSE, FALSE, sizeof (gsize));
  g_autoptr(GPtrArray) members = g_ptr_array_new ();
  g_autoptr(GList) list = known != NULL ? json_object_get_members (known) : NULL;
  g_autofree char *all =
      g_strconcat (snippet->text, "\n", snippet->upload ? snippet->upload : "", NULL);

  for (GList *l = list; l != NULL; l = l->next)
    {
      const char *found = strstr (all, l->data);

      if (found != NULL)
        {
          gsize offset = found - all;
          guint i = 0;

          while (i < at->len && g_array_index (at, gsize, i) < offset)
            i++;
          g_array_insert_val (at, i, offset);
          g_ptr_array_insert (members, i, l->data);
        }
    }
  for (guint i = 0; i < members->len; i++)
    {
      g_strv_builder_add (names, g_ptr_array_index (members, i));
      /* In the user's language: data/launch/launch-strings.h lists these for translation. */
      g_strv_builder_add (descriptions,
                          g_dpgettext2 (GETTEXT_PACKAGE, "launch",
                                        member_string (known, g_ptr_array_index (members, i))));
    }
  snippet->placeholders = g_strv_builder_end (names);
  snippet->descriptions = g_strv_builder_end (descriptions);
}

void
gp_launch_snippet_free (GpLaunchSnippet *snippet)
{
  if (snippet == NULL)
    return;
  g_free (snippet->format);
  g_free (snippet->language);
  g_free (snippet->text);
  g_strfreev (snippet->placeholders);
  g_strfreev (snippet->descriptions);
  g_ptr_array_unref (snippet->sources);
  g_free (snippet->upload);
  g_free (snippet->images);
  g_free (snippet->copy_from);
  g_free (snippet);
}

char *
gp_launch_data_dup_upload (GpLaunchData *self,
                           GpProvider   *provider,
                           const char   *region,
                           const char   *data_dir,
                           const char  **language)
{
  JsonObject *upload = member_object (member_object (root_object (self), "uploads"),
                                      member_string (provider_entry (self, provider), "upload"));
  const char *command = member_string (upload, "command");
  g_autoptr(GHashTable) fields = fields_new ();
  g_autofree char *missing = NULL;

  if (language != NULL)
    *language = member_string (upload, "language");
  if (command == NULL)
    return NULL;
  set_field (fields, "data_dir", g_strdup (data_dir));
  if (region != NULL)
    set_field (fields, "region", g_strdup (region));
  else
    set_code (fields, "region", g_strdup ("MY_REGION"));
  return fill_in (command, member_string (upload, "language"), fields, &missing);
}

const char *
gp_launch_data_get_environment (GpLaunchData *self,
                                GpProvider   *provider,
                                int          *containers)
{
  JsonObject *environment = provider_environment (self, provider);
  JsonNode *node = environment != NULL ? json_object_get_member (environment, "containers") : NULL;

  *containers = -1;
  if (node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
      json_node_get_value_type (node) == G_TYPE_BOOLEAN)
    *containers = json_node_get_boolean (node);
  /* In the user's language: build-aux/extract-launch-strings hands these words to xgettext. */
  return member_string (environment, "images") != NULL
             ? g_dpgettext2 (GETTEXT_PACKAGE, "launch", member_string (environment, "images"))
             : NULL;
}

/* What the platform's jobs run in, where a source says: containers, and the images that ship. */
static void
read_environment (GpLaunchData    *self,
                  GpProvider      *provider,
                  GpLaunchSnippet *snippet)
{
  snippet->images =
      g_strdup (gp_launch_data_get_environment (self, provider, &snippet->containers));
}

/* Data already in the cloud, in another region than the machine: the copy pays the egress of
 * the place it leaves, as a plan's moves do. Priced when the platform lists that region; the
 * rate is the platform's egress, an upper bound where its transfer between regions costs less. */
static void
price_copy (GpLaunchSnippet      *snippet,
            GpOffer              *offer,
            const GpLaunchUpload *upload)
{
  GpProvider *provider = gp_offer_get_provider (offer);
  double egress = gp_provider_get_egress_per_gb (provider);

  snippet->copy_egress = NAN;
  if (upload->data_region == NULL ||
      g_strcmp0 (upload->data_region, gp_offer_get_region_id (offer)) == 0)
    return;
  snippet->copy_from = g_strdup (upload->data_region);
  snippet->copy_gb = upload->dataset_gb;
  if (gp_provider_find_region (provider, upload->data_region) != NULL && isfinite (egress))
    snippet->copy_egress =
        egress * upload->dataset_gb * gp_instance_get_to_catalog (gp_offer_get_instance (offer));
}

static JsonObject *
find_template (GpLaunchData  *self,
               GpProvider    *provider,
               const char    *format,
               GError       **error)
{
  JsonArray *templates = provider_templates (self, provider);

  for (guint i = 0; templates != NULL && i < json_array_get_length (templates); i++)
    {
      JsonObject *template = json_array_get_object_element (templates, i);

      if (((format == NULL || g_str_equal (format, "auto")) && !template_buys_block (template)) ||
          g_strcmp0 (member_string (template, "format"), format) == 0)
        return template;
    }

  if (templates == NULL || json_array_get_length (templates) == 0)
    g_set_error (error, GP_LAUNCH_ERROR, GP_LAUNCH_ERROR_NO_TEMPLATE,
                 /* Translators: a platform GPU Planner has no launch code for */
                 _("%s has no launch template: start the job as its documentation says"),
                 gp_provider_get_name (provider));
  else
    {
      g_auto(GStrv) formats = gp_launch_data_dup_formats (self, provider);
      g_autofree char *known = g_strjoinv (", ", formats);

      g_set_error (error, GP_LAUNCH_ERROR, GP_LAUNCH_ERROR_NO_TEMPLATE,
                   /* Translators: the formats a platform's launch code comes in */
                   _("%s has no %s template; it has: %s"), gp_provider_get_name (provider), format,
                   known);
    }
  return NULL;
}

static gboolean
template_offers_spot (JsonObject *template)
{
  JsonNode *node = json_object_get_member (template, "spot");

  return node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
         json_node_get_value_type (node) != G_TYPE_BOOLEAN || json_node_get_boolean (node);
}

gboolean
gp_launch_data_offers_spot (GpLaunchData *self,
                            GpProvider   *provider,
                            const char   *format)
{
  JsonObject *template = find_template (self, provider, format, NULL);

  return template != NULL && template_offers_spot (template);
}

GpLaunchSnippet *
gp_launch_render (GpLaunchData          *self,
                  GpOffer               *offer,
                  const char            *format,
                  gboolean               spot,
                  const GpLaunchUpload  *upload,
                  GError               **error)
{
  return gp_launch_render_with_values (self, offer, format, spot, upload, NULL, error);
}

/* @template filled with @fields (taken), the upload and the environment beside it. */
static GpLaunchSnippet *
render (GpLaunchData          *self,
        GpOffer               *offer,
        JsonObject            *template,
        GHashTable            *fields_taken,
        const GpLaunchUpload  *upload,
        GError               **error)
{
  GpProvider *provider = gp_offer_get_provider (offer);
  g_autoptr(GHashTable) fields = fields_taken;
  g_autoptr(GpLaunchSnippet) snippet = NULL;
  g_autofree char *missing = NULL;

  snippet = g_new0 (GpLaunchSnippet, 1);
  snippet->format = g_strdup (member_string (template, "format"));
  snippet->language = g_strdup (member_string (template, "language"));
  snippet->sources = sources_of (self, template, provider_environment (self, provider));
  snippet->text = fill_in (member_string (template, "text"), snippet->language, fields, &missing);
  if (snippet->text == NULL)
    {
      g_set_error (error, GP_LAUNCH_ERROR, GP_LAUNCH_ERROR_CANNOT_FILL,
                   /* Translators: a launch template needs a figure the offer does not give */
                   _("The %s template needs the %s of %s, which the data does not give"),
                   snippet->format, missing, gp_instance_get_id (gp_offer_get_instance (offer)));
      return NULL;
    }

  snippet->egress_back = NAN;
  snippet->copy_egress = NAN;
  if (upload != NULL && upload->dataset_gb > 0)
    {
      double egress = gp_provider_get_egress_per_gb (provider);
      double free_gb = gp_provider_get_egress_free_gb (provider);

      snippet->upload =
          gp_launch_data_dup_upload (self, provider,
                                     g_hash_table_lookup (fields, "region") != NULL
                                         ? ((Field *) g_hash_table_lookup (fields, "region"))->text
                                         : NULL,
                                     upload->data_dir ? upload->data_dir : "./data", NULL);
      snippet->upload_hours = gp_cost_upload_hours (upload->dataset_gb, upload->upload_mbps);
      snippet->egress_back_gb = upload->dataset_gb;
      if (isfinite (egress))
        snippet->egress_back = egress *
                               MAX (upload->dataset_gb - (isfinite (free_gb) ? free_gb : 0), 0) *
                               gp_instance_get_to_catalog (gp_offer_get_instance (offer));
    }
  if (upload != NULL && upload->dataset_gb > 0)
    price_copy (snippet, offer, upload);
  read_environment (self, provider, snippet);
  find_placeholders (self, snippet);
  return g_steal_pointer (&snippet);
}

/* gp_launch_render() with values no catalog would hold, for the checks that every value
 * arrives in the code as a literal. */
GpLaunchSnippet *
gp_launch_render_with_values (GpLaunchData          *self,
                              GpOffer               *offer,
                              const char            *format,
                              gboolean               spot,
                              const GpLaunchUpload  *upload,
                              GHashTable            *values,
                              GError               **error)
{
  JsonObject *template;

  g_return_val_if_fail (GP_IS_LAUNCH_DATA (self), NULL);
  g_return_val_if_fail (GP_IS_OFFER (offer), NULL);

  if ((template = find_template (self, gp_offer_get_provider (offer), format, error)) == NULL)
    return NULL;
  return render (self, offer, template,
                 offer_fields (self, offer, spot && template_offers_spot (template), values),
                 upload, error);
}

/* The hours of the shortest Capacity Block that holds @wall_hours, as EC2 sells them: whole
 * days up to 14, whole weeks after; 0 when none is that long. */
static guint
block_hours (double wall_hours)
{
  guint days = gp_cost_capacity_block_days (wall_hours);

  if (days > 14)
    days = (days + 6) / 7 * 7;
  return days <= GP_CAPACITY_BLOCK_MAX_DAYS ? days * 24 : 0;
}

/* The code that finds a Capacity Block for @offer's machine, buys it and launches into the
 * reservation it makes. */
GpLaunchSnippet *
gp_launch_render_capacity_block (GpLaunchData          *self,
                                 GpOffer               *offer,
                                 double                 wall_hours,
                                 const GpLaunchUpload  *upload,
                                 GHashTable            *values,
                                 GError               **error)
{
  GHashTable *fields;
  guint hours = block_hours (wall_hours);

  g_return_val_if_fail (GP_IS_LAUNCH_DATA (self), NULL);
  g_return_val_if_fail (GP_IS_OFFER (offer), NULL);

  if (isnan (gp_offer_get_capacity_block (offer)) ||
      find_template (self, gp_offer_get_provider (offer), "capacity-block", NULL) == NULL)
    {
      g_set_error (error, GP_LAUNCH_ERROR, GP_LAUNCH_ERROR_NO_BLOCK,
                   /* Translators: launch code for a Capacity Block asked for an offer without
                    * one: "p3.2xlarge in us-east-1 has no Capacity Block price: …" */
                   _("%s in %s has no Capacity Block price: there is no block of it to buy"),
                   gp_instance_get_name (gp_offer_get_instance (offer)),
                   gp_offer_get_region_id (offer));
      return NULL;
    }
  if (wall_hours > 0 && hours == 0)
    {
      g_set_error (error, GP_LAUNCH_ERROR, GP_LAUNCH_ERROR_NO_BLOCK,
                   /* Translators: the job runs longer than EC2's longest Capacity Block */
                   _("The job runs %.0f hours, longer than the longest Capacity Block (%u days)"),
                   wall_hours, GP_CAPACITY_BLOCK_MAX_DAYS);
      return NULL;
    }
  fields = offer_fields (self, offer, FALSE, values);
  set_code (fields, "block_hours",
            hours > 0 ? g_strdup_printf ("%u", hours) : g_strdup ("MY_BLOCK_HOURS"));
  return render (self, offer,
                 find_template (self, gp_offer_get_provider (offer), "capacity-block", NULL),
                 fields, upload, error);
}

/* The launch code of @estimate as it is priced: a Capacity Block's buys a block as long as the
 * job and launches into it, a spot option's asks for spot, any other is the default format's. */
GpLaunchSnippet *
gp_launch_render_estimate (GpLaunchData          *self,
                           GpEstimate            *estimate,
                           const GpLaunchUpload  *upload,
                           GError               **error)
{
  GpEstimatePricing pricing = gp_estimate_get_pricing (estimate);

  if (pricing == GP_ESTIMATE_PRICING_CAPACITY_BLOCK)
    return gp_launch_render_capacity_block (self, gp_estimate_get_offer (estimate),
                                            gp_estimate_get_wall_hours (estimate), upload, NULL,
                                            error);
  return gp_launch_render (self, gp_estimate_get_offer (estimate), NULL,
                           pricing == GP_ESTIMATE_PRICING_SPOT, upload, error);
}

const char *
gp_launch_format_get_label (const char *format)
{
  static const struct
  {
    const char *format;
    const char *label;
  } labels[] = {
    { "sagemaker", N_("SageMaker SDK") },
    { "vertex", N_("Vertex AI SDK") },
    { "vertex-flex", N_("Vertex AI SDK, Flex-Start") },
    { "azureml", N_("Azure ML SDK") },
    { "skypilot", N_("SkyPilot task") },
    { "shell", N_("Command line") },
    { "colab", N_("Colab steps") },
    { "capacity-block", N_("Capacity Block, command line") },
  };

  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    if (g_strcmp0 (format, labels[i].format) == 0)
      return _(labels[i].label);
  return format;
}

/* Adds the code as a block, then the values to fill in and its sources as a list, for a
 * summary or a budget. */
void
gp_launch_snippet_add_to_document (const GpLaunchSnippet *snippet,
                                   GpDocument            *document)
{
  gp_document_add_code (
      document, g_str_equal (snippet->language, "text") ? NULL : snippet->language, snippet->text);
  for (guint i = 0; snippet->placeholders[i] != NULL; i++)
    {
      /* Translators: a value of the launch code to fill in, and what it is */
      g_autofree char *line =
          g_strdup_printf (_("%s: %s"), snippet->placeholders[i], snippet->descriptions[i]);

      gp_document_add_text (document, GP_BLOCK_BULLET, line, FALSE);
    }
  for (guint i = 0; i < snippet->sources->len; i++)
    {
      GpLaunchSource *source = g_ptr_array_index (snippet->sources, i);
      g_autofree char *line =
          source->of_environment
              /* Translators: where what ships on a platform (images, CUDA) is said, and its date */
              ? g_strdup_printf (_("Images as listed in: %s, as of %s"), source->title,
                                 source->as_of)
              /* Translators: the documentation a launch template follows, and its date */
              : g_strdup_printf (_("Written against: %s, as of %s"), source->title, source->as_of);

      gp_document_add_text (document, GP_BLOCK_BULLET, line, FALSE);
    }
}

/* Adds the code as a fenced block no line of the code can close, then the values to fill in
 * and its sources, escaped. */
void
gp_launch_snippet_append_markdown (const GpLaunchSnippet *snippet,
                                   GString               *text)
{
  g_autoptr(GpDocument) document = gp_document_new ();
  g_autofree char *markdown = NULL;

  gp_launch_snippet_add_to_document (snippet, document);
  markdown = gp_document_to_markdown (document);
  g_string_append (text, markdown);
}
