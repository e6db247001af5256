/* gp-project.c — a hybrid plan: a project's phases, each with its hours and where it runs
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A plan file is JSON (PLANS.md). It is read through the checked reader, and every value is
 * checked here: a wrong one is named by the file and its path ("phases[1].gpu_hours"), so the
 * user can find it. Whether its instances exist is the catalog's to say (gp-project-cost.c).
 */

#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "gp-enums.h"
#include "gp-file.h"
#include "gp-json-reader.h"
#include "gp-json-walk.h"
#include "gp-json-writer.h"
#include "gp-project.h"
#include "gp-text.h"
#include "gp-util.h"

G_DEFINE_QUARK (gp-project-error-quark, gp_project_error)

/* No project runs a million GPU-hours a phase from a desktop tool; beyond it a figure is a
 * typing mistake. */
#define MAX_FIGURE 1e9

GpPhase *
gp_phase_new (const char        *name,
              double             gpu_hours,
              const char        *instance,
              const char        *region,
              GpEstimatePricing  pricing)
{
  GpPhase *phase = g_new0 (GpPhase, 1);

  phase->name = g_strdup (name);
  phase->gpu_hours = gpu_hours;
  phase->instance = g_strdup (instance);
  phase->region = g_strdup (region);
  phase->pricing = pricing;
  return phase;
}

GpPhase *
gp_phase_copy (const GpPhase *phase)
{
  GpPhase *copy =
      gp_phase_new (phase->name, phase->gpu_hours, phase->instance, phase->region, phase->pricing);

  copy->reference_gpu = g_strdup (phase->reference_gpu);
  copy->purchase = phase->purchase;
  copy->notes = g_strdup (phase->notes);
  copy->job = phase->job != NULL ? g_variant_ref (phase->job) : NULL;
  return copy;
}

void
gp_phase_free (GpPhase *phase)
{
  if (phase == NULL)
    return;
  g_free (phase->name);
  g_free (phase->reference_gpu);
  g_free (phase->instance);
  g_free (phase->region);
  g_free (phase->notes);
  g_clear_pointer (&phase->job, g_variant_unref);
  g_free (phase);
}

/* A phase's job: the workload's properties that shape its estimate beyond its hours and the
 * GPU they were counted on, by the plan's spelling of their names. The plan sets the others
 * itself: where the phase runs, how it is paid for, its data, its currency. */
static const char *const job_members[] = { "precision",
                                           "method",
                                           "sharding",
                                           "model_billions",
                                           "batch_size",
                                           "sequence_length",
                                           "activation_checkpointing",
                                           "scaling_efficiency",
                                           "spec_weight",
                                           "checkpoint_minutes",
                                           "restart_minutes",
                                           "interruptions_per_month",
                                           "storage_per_gb_month",
                                           NULL };

/* "model_billions" is the workload's "model-billions". */
static GParamSpec *
job_property (const char *member)
{
  g_autoptr(GTypeClass) klass = g_type_class_ref (GP_TYPE_WORKLOAD);
  g_autofree char *name = g_strdelimit (g_strdup (member), "_", '-');

  return g_object_class_find_property (G_OBJECT_CLASS (klass), name);
}

GVariant *
gp_phase_job_from_workload (GpWorkload *workload)
{
  g_autoptr(GpWorkload) defaults = gp_workload_new ();
  g_autoptr(GVariant) own = g_variant_ref_sink (gp_workload_to_variant (workload));
  g_autoptr(GVariant) usual = g_variant_ref_sink (gp_workload_to_variant (defaults));
  g_autoptr(GVariantBuilder) builder = g_variant_builder_new (G_VARIANT_TYPE_VARDICT);
  gboolean any = FALSE;

  g_return_val_if_fail (GP_IS_WORKLOAD (workload), NULL);

  for (guint i = 0; job_members[i] != NULL; i++)
    {
      const char *name = g_param_spec_get_name (job_property (job_members[i]));
      g_autoptr(GVariant) value = g_variant_lookup_value (own, name, NULL);
      g_autoptr(GVariant) usual_value = g_variant_lookup_value (usual, name, NULL);

      if (value == NULL || (usual_value != NULL && g_variant_equal (value, usual_value)))
        continue;
      g_variant_builder_add (builder, "{sv}", name, value);
      any = TRUE;
    }
  return any ? g_variant_ref_sink (g_variant_builder_end (builder)) : NULL;
}

GpProject *
gp_project_new (const char *title)
{
  GpProject *project = g_new0 (GpProject, 1);

  project->title = g_strdup (title);
  project->phases = g_ptr_array_new_with_free_func ((GDestroyNotify) gp_phase_free);
  return project;
}

void
gp_project_free (GpProject *project)
{
  if (project == NULL)
    return;
  g_free (project->title);
  g_free (project->start);
  g_free (project->end);
  g_free (project->reference_gpu);
  g_free (project->currency);
  g_ptr_array_unref (project->phases);
  g_free (project);
}

GpProject *
gp_project_copy (const GpProject *project)
{
  GpProject *copy = gp_project_new (project->title);

  copy->start = g_strdup (project->start);
  copy->end = g_strdup (project->end);
  copy->reference_gpu = g_strdup (project->reference_gpu);
  copy->currency = g_strdup (project->currency);
  copy->dataset_gb = project->dataset_gb;
  copy->results_gb = project->results_gb;
  copy->upload_mbps = project->upload_mbps;
  copy->contingency_pct = project->contingency_pct;
  for (guint i = 0; i < project->phases->len; i++)
    {
      g_ptr_array_add (copy->phases, gp_phase_copy (g_ptr_array_index (project->phases, i)));
    }
  return copy;
}

/* Reading */

/* A plan has one kind of error: every problem is GP_PROJECT_ERROR_INVALID. */
static const int walk_codes[GP_JSON_WALK_N_ERRORS] = {
  [0 ... GP_JSON_WALK_N_ERRORS - 1] = GP_PROJECT_ERROR_INVALID,
};

/* Text as the plan keeps it: without the spaces around it, and not empty where @required. */
static gboolean
read_text (GpJsonWalk  *walk,
           JsonObject  *object,
           const char  *member,
           gboolean     required,
           GpTextKind   kind,
           char       **out)
{
  if (!gp_json_walk_read_text (walk, object, member, required, kind, out))
    return FALSE;
  if (*out == NULL)
    return TRUE;
  g_strstrip (*out);
  if (required && **out == '\0')
    return gp_json_walk_fail_at (walk, member, GP_PROJECT_ERROR_INVALID, _("must not be empty"));
  return TRUE;
}

static const char *const phase_members[] = { "name",   "gpu_hours", "reference_gpu", "instance",
                                             "region", "pricing",   "notes",         "purchase",
                                             "job",    NULL };
static const char *const plan_members[] = {
  "plan_version",  "title",           "start",      "end",
  "reference_gpu", "currency",        "dataset_gb", "results_gb",
  "upload_mbps",   "contingency_pct", "phases",     NULL
};

/* The nicks of an enum, "fp32, tf32, fp16, bf16 or fp8", to say what a value may be. */
static char *
dup_nicks (GType type)
{
  g_autoptr(GEnumClass) klass = g_type_class_ref (type);
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < klass->n_values; i++)
    {
      if (i > 0)
        g_string_append (text, i + 1 < klass->n_values ? ", " : _(" or "));
      g_string_append (text, klass->values[i].value_nick);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* One member of a phase's job, as gp_workload_to_variant() has it; %NULL when it is not of
 * the property's type or range. The walk is at the member. */
static GVariant *
read_job_value (GpJsonWalk *walk,
                GParamSpec *pspec,
                JsonNode   *node)
{
  GType type = JSON_NODE_HOLDS_VALUE (node) ? json_node_get_value_type (node) : G_TYPE_INVALID;
  gboolean number = type == G_TYPE_DOUBLE || type == G_TYPE_INT64;
  int nick_value;

  if (G_IS_PARAM_SPEC_ENUM (pspec))
    {
      g_autofree char *nicks = dup_nicks (pspec->value_type);

      if (type == G_TYPE_STRING &&
          gp_enum_from_nick (pspec->value_type, json_node_get_string (node), &nick_value))
        return g_variant_new_string (json_node_get_string (node));
      gp_json_walk_fail (walk, GP_PROJECT_ERROR_INVALID, _("must be %s"), nicks);
      return NULL;
    }
  if (G_IS_PARAM_SPEC_BOOLEAN (pspec))
    {
      if (type == G_TYPE_BOOLEAN)
        return g_variant_new_boolean (json_node_get_boolean (node));
      gp_json_walk_fail (walk, GP_PROJECT_ERROR_INVALID, _("must be true or false"));
      return NULL;
    }
  if (G_IS_PARAM_SPEC_UINT (pspec))
    {
      GParamSpecUInt *range = G_PARAM_SPEC_UINT (pspec);
      guint max = MIN (range->maximum, (guint) MAX_FIGURE);

      if (type == G_TYPE_INT64 && json_node_get_int (node) >= range->minimum &&
          json_node_get_int (node) <= max)
        return g_variant_new_uint32 (json_node_get_int (node));
      gp_json_walk_fail (walk, GP_PROJECT_ERROR_INVALID, _("must be a whole number from %u to %u"),
                         range->minimum, max);
      return NULL;
    }
  if (G_IS_PARAM_SPEC_DOUBLE (pspec))
    {
      GParamSpecDouble *range = G_PARAM_SPEC_DOUBLE (pspec);
      double min = MAX (range->minimum, 0), max = MIN (range->maximum, MAX_FIGURE);
      double value = number ? json_node_get_double (node) : NAN;

      if (isfinite (value) && value >= min && value <= max)
        return g_variant_new_double (value);
      gp_json_walk_fail (walk, GP_PROJECT_ERROR_INVALID, _("must be from %g to %g"), min, max);
      return NULL;
    }
  g_assert_not_reached ();
}

/* The job a phase came from: the figures of its estimate, checked one by one. */
static gboolean
read_job (GpJsonWalk  *walk,
          JsonObject  *object,
          GVariant   **out)
{
  g_autoptr(GVariantBuilder) builder = g_variant_builder_new (G_VARIANT_TYPE_VARDICT);
  JsonObjectIter iter;
  JsonObject *job;
  const char *name;
  JsonNode *value;

  if (!gp_json_walk_enter_object (walk, object, "job", &job))
    return FALSE;
  if (job == NULL)
    return TRUE;
  if (!gp_json_walk_check_fields (walk, job, job_members))
    return FALSE;
  json_object_iter_init (&iter, job);
  while (json_object_iter_next (&iter, &name, &value))
    {
      GParamSpec *pspec;
      GVariant *variant;

      if (name[0] == '_')
        continue;
      pspec = job_property (name);
      gp_json_walk_push_key (walk, name);
      if ((variant = read_job_value (walk, pspec, value)) == NULL)
        return FALSE;
      gp_json_walk_pop (walk);
      g_variant_builder_add (builder, "{sv}", g_param_spec_get_name (pspec), variant);
    }
  gp_json_walk_pop (walk);
  g_clear_pointer (out, g_variant_unref);
  *out = g_variant_ref_sink (g_variant_builder_end (builder));
  return TRUE;
}

static gboolean
read_phase_cb (GpJsonWalk *walk,
               JsonObject *object,
               guint       index,
               gpointer    user_data)
{
  GpProject *project = user_data;
  g_autoptr(GpPhase) phase = gp_phase_new (NULL, NAN, NULL, NULL, GP_ESTIMATE_PRICING_ON_DEMAND);
  g_autofree char *pricing = NULL;

  if (!gp_json_walk_check_fields (walk, object, phase_members) ||
      !read_text (walk, object, "name", TRUE, GP_TEXT_NAME, &phase->name) ||
      !gp_json_walk_read_range (walk, object, "gpu_hours", 0, TRUE, MAX_FIGURE,
                                &phase->gpu_hours) ||
      !read_text (walk, object, "reference_gpu", FALSE, GP_TEXT_ID, &phase->reference_gpu) ||
      !read_text (walk, object, "instance", TRUE, GP_TEXT_ID, &phase->instance) ||
      !read_text (walk, object, "region", FALSE, GP_TEXT_ID, &phase->region) ||
      !read_text (walk, object, "pricing", FALSE, GP_TEXT_ID, &pricing) ||
      !read_text (walk, object, "notes", FALSE, GP_TEXT_NOTE, &phase->notes) ||
      !read_job (walk, object, &phase->job))
    return FALSE;
  if (isnan (phase->gpu_hours))
    return gp_json_walk_missing (walk, "gpu_hours");
  if (pricing != NULL &&
      !gp_enum_from_nick (GP_TYPE_ESTIMATE_PRICING, pricing, (int *) &phase->pricing))
    return gp_json_walk_fail_at (
        walk, "pricing", GP_PROJECT_ERROR_INVALID,
        _("“%s” is not on-demand, spot, reserved-1y, reserved-3y or subscription"), pricing);
  if (!gp_json_walk_read_boolean (walk, object, "purchase", &phase->purchase))
    return FALSE;
  g_ptr_array_add (project->phases, g_steal_pointer (&phase));
  return TRUE;
}

/* The plan's version first: a file of another version is not checked against this one's
 * members. */
static gboolean
read_version (GpJsonWalk *walk,
              JsonObject *object)
{
  double version = 0;

  if (!gp_json_walk_read_range (walk, object, "plan_version", 1, FALSE, 1000, &version))
    return FALSE;
  if (version == GP_PROJECT_VERSION)
    return gp_json_walk_check_fields (walk, object, plan_members);
  return gp_json_walk_fail_at (walk, "plan_version", GP_PROJECT_ERROR_INVALID,
                               version == 0 ? _("missing: is this a plan file?")
                                            : _("this program reads version %d"),
                               GP_PROJECT_VERSION);
}

static GpProject *
read_project (GpJsonWalk *walk,
              JsonNode   *root)
{
  g_autoptr(GpProject) project = gp_project_new (NULL);
  JsonObject *object;
  JsonNode *phases;

  if (!JSON_NODE_HOLDS_OBJECT (root))
    return gp_json_walk_fail (walk, GP_PROJECT_ERROR_INVALID, _("a plan is a JSON object")), NULL;
  object = json_node_get_object (root);
  if (!read_version (walk, object) ||
      !read_text (walk, object, "title", TRUE, GP_TEXT_NAME, &project->title) ||
      !gp_json_walk_read_day (walk, object, "start", FALSE, &project->start) ||
      !gp_json_walk_read_day (walk, object, "end", FALSE, &project->end) ||
      !read_text (walk, object, "reference_gpu", FALSE, GP_TEXT_ID, &project->reference_gpu) ||
      !read_text (walk, object, "currency", FALSE, GP_TEXT_ID, &project->currency) ||
      !gp_json_walk_read_range (walk, object, "dataset_gb", 0, FALSE, MAX_FIGURE,
                                &project->dataset_gb) ||
      !gp_json_walk_read_range (walk, object, "results_gb", 0, FALSE, MAX_FIGURE,
                                &project->results_gb) ||
      !gp_json_walk_read_range (walk, object, "upload_mbps", 0, TRUE, MAX_FIGURE,
                                &project->upload_mbps) ||
      !gp_json_walk_read_range (walk, object, "contingency_pct", 0, FALSE, 100,
                                &project->contingency_pct))
    return NULL;
  if (project->start != NULL && project->end != NULL &&
      g_strcmp0 (project->end, project->start) < 0)
    return gp_json_walk_fail_at (walk, "end", GP_PROJECT_ERROR_INVALID, _("before the start, %s"),
                                 project->start),
           NULL;

  phases = gp_json_walk_member (object, "phases");
  if (phases == NULL || !JSON_NODE_HOLDS_ARRAY (phases) ||
      json_array_get_length (json_node_get_array (phases)) == 0)
    return gp_json_walk_fail_at (walk, "phases", GP_PROJECT_ERROR_INVALID,
                                 _("a plan needs a list of one phase or more")),
           NULL;
  if (!gp_json_walk_read_object_array (walk, object, "phases", TRUE, read_phase_cb, project))
    return NULL;
  return g_steal_pointer (&project);
}

GpProject *
gp_project_load_from_data (const char  *text,
                           gsize        length,
                           const char  *name,
                           GError     **error)
{
  g_autoptr(JsonNode) root = NULL;
  GpJsonWalk walk;

  if (length == (gsize) -1)
    length = strlen (text);
  root = gp_json_read (text, length, name, error);
  if (root == NULL)
    return NULL;
  gp_json_walk_init (&walk, name, GP_PROJECT_ERROR, walk_codes, error);
  return read_project (&walk, root);
}

GpProject *
gp_project_load (GFile   *file,
                 GError **error)
{
  g_autoptr(GBytes) bytes = gp_file_load (file, GP_JSON_MAX_SIZE, error);
  g_autofree char *name = g_file_get_parse_name (file);

  if (bytes == NULL)
    return NULL;
  return gp_project_load_from_data (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), name,
                                    error);
}

/* Writing */

static void
add_string (JsonBuilder *builder,
            const char  *member,
            const char  *value)
{
  if (value == NULL)
    return;
  json_builder_set_member_name (builder, member);
  json_builder_add_string_value (builder, value);
}

static void
add_number (JsonBuilder *builder,
            const char  *member,
            double       value)
{
  if (value == 0)
    return;
  json_builder_set_member_name (builder, member);
  json_builder_add_double_value (builder, value);
}

/* A phase's job by the plan's names: "model_billions": 7. */
static void
add_job (JsonBuilder *builder,
         GVariant    *job)
{
  GVariantIter iter;
  const char *name;
  GVariant *value;

  json_builder_set_member_name (builder, "job");
  json_builder_begin_object (builder);
  g_variant_iter_init (&iter, job);
  while (g_variant_iter_loop (&iter, "{&sv}", &name, &value))
    {
      g_autofree char *member = g_strdelimit (g_strdup (name), "-", '_');

      json_builder_set_member_name (builder, member);
      if (g_variant_is_of_type (value, G_VARIANT_TYPE_STRING))
        json_builder_add_string_value (builder, g_variant_get_string (value, NULL));
      else if (g_variant_is_of_type (value, G_VARIANT_TYPE_DOUBLE))
        json_builder_add_double_value (builder, g_variant_get_double (value));
      else if (g_variant_is_of_type (value, G_VARIANT_TYPE_UINT32))
        json_builder_add_int_value (builder, g_variant_get_uint32 (value));
      else
        json_builder_add_boolean_value (builder, g_variant_get_boolean (value));
    }
  json_builder_end_object (builder);
}

char *
gp_project_to_json (const GpProject *project)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "plan_version");
  json_builder_add_int_value (builder, GP_PROJECT_VERSION);
  add_string (builder, "title", project->title);
  add_string (builder, "start", project->start);
  add_string (builder, "end", project->end);
  add_string (builder, "reference_gpu", project->reference_gpu);
  add_string (builder, "currency", project->currency);
  add_number (builder, "dataset_gb", project->dataset_gb);
  add_number (builder, "results_gb", project->results_gb);
  add_number (builder, "upload_mbps", project->upload_mbps);
  add_number (builder, "contingency_pct", project->contingency_pct);
  json_builder_set_member_name (builder, "phases");
  json_builder_begin_array (builder);
  for (guint i = 0; i < project->phases->len; i++)
    {
      const GpPhase *phase = g_ptr_array_index (project->phases, i);

      json_builder_begin_object (builder);
      add_string (builder, "name", phase->name);
      json_builder_set_member_name (builder, "gpu_hours");
      json_builder_add_double_value (builder, phase->gpu_hours);
      add_string (builder, "reference_gpu", phase->reference_gpu);
      add_string (builder, "instance", phase->instance);
      add_string (builder, "region", phase->region);
      add_string (builder, "pricing",
                  gp_enum_to_nick (GP_TYPE_ESTIMATE_PRICING, (int) phase->pricing));
      if (phase->purchase)
        {
          json_builder_set_member_name (builder, "purchase");
          json_builder_add_boolean_value (builder, TRUE);
        }
      add_string (builder, "notes", phase->notes);
      if (phase->job != NULL)
        add_job (builder, phase->job);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  return gp_json_to_string (root, TRUE);
}

gboolean
gp_project_save (const GpProject  *project,
                 GFile            *file,
                 GError          **error)
{
  g_autofree char *text = gp_project_to_json (project);

  return gp_file_replace (file, text, strlen (text), error);
}
