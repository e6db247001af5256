/* gp-recommendation.c — what the recommender answers: the best options, what it left out, tips
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "gp-cost-model.h"
#include "gp-recommender-private.h"

typedef struct
{
  char *provider_id;
  char *instance_id;
  char *label; /* the offer as people know it, "Google Colab T4 runtime" */
  char *reason;
} Exclusion;

struct _GpRecommendation
{
  GObject     parent_instance;
  GListStore *choices;
  GHashTable *more;         /* provider id → GListStore of GpChoice */
  GArray     *excluded;     /* Exclusion */
  GPtrArray  *tips;         /* NULL-terminated when read */
  GPtrArray  *plan;
  GpProject *project; /* the mixed plan, to edit as a hybrid plan */
  double      cost_weight;
  double      time_weight;
  char       *message;
};

G_DEFINE_FINAL_TYPE (GpRecommendation, gp_recommendation, G_TYPE_OBJECT)

static void
exclusion_clear (Exclusion *exclusion)
{
  g_free (exclusion->provider_id);
  g_free (exclusion->instance_id);
  g_free (exclusion->label);
  g_free (exclusion->reason);
}

static void
gp_recommendation_finalize (GObject *object)
{
  GpRecommendation *self = GP_RECOMMENDATION (object);

  g_clear_object (&self->choices);
  g_clear_pointer (&self->more, g_hash_table_unref);
  g_clear_pointer (&self->excluded, g_array_unref);
  g_clear_pointer (&self->tips, g_ptr_array_unref);
  g_clear_pointer (&self->plan, g_ptr_array_unref);
  g_clear_pointer (&self->project, gp_project_free);
  g_free (self->message);

  G_OBJECT_CLASS (gp_recommendation_parent_class)->finalize (object);
}

static void
gp_recommendation_class_init (GpRecommendationClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = gp_recommendation_finalize;
}

static GPtrArray *
new_strv_array (void)
{
  GPtrArray *array = g_ptr_array_new_null_terminated (4, g_free, TRUE);

  return array;
}

static void
gp_recommendation_init (GpRecommendation *self)
{
  self->choices = g_list_store_new (GP_TYPE_CHOICE);
  self->more = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  self->excluded = g_array_new (FALSE, TRUE, sizeof (Exclusion));
  g_array_set_clear_func (self->excluded, (GDestroyNotify) exclusion_clear);
  self->tips = new_strv_array ();
  self->plan = new_strv_array ();
}

GpRecommendation *
gp_recommendation_new (double cost_weight,
                       double time_weight)
{
  GpRecommendation *self = g_object_new (GP_TYPE_RECOMMENDATION, NULL);

  self->cost_weight = cost_weight;
  self->time_weight = time_weight;
  return self;
}

void
gp_recommendation_add_choice (GpRecommendation *self,
                              GpChoice         *choice)
{
  g_list_store_append (self->choices, choice);
}

/* Another instance of a chosen platform, for "More from this platform". */
void
gp_recommendation_add_more (GpRecommendation *self,
                            GpChoice         *choice)
{
  GpEstimate *estimate = gp_choice_get_estimate (choice);
  const char *provider_id = gp_provider_get_id (gp_estimate_get_provider (estimate));
  GListStore *store = g_hash_table_lookup (self->more, provider_id);

  if (store == NULL)
    {
      store = g_list_store_new (GP_TYPE_CHOICE);
      g_hash_table_insert (self->more, g_strdup (provider_id), store);
    }
  g_list_store_append (store, choice);
}

guint
gp_recommendation_get_n_more (GpRecommendation *self,
                              const char       *provider_id)
{
  GListModel *more = g_hash_table_lookup (self->more, provider_id);

  return more != NULL ? g_list_model_get_n_items (more) : 0;
}

/* The platform's next best instances after the one chosen, best first: the choices compare
 * platforms, and this is what "More from this platform" shows. */
GListModel *
gp_recommendation_get_more (GpRecommendation *self,
                            const char       *provider_id)
{
  g_return_val_if_fail (GP_IS_RECOMMENDATION (self), NULL);
  return g_hash_table_lookup (self->more, provider_id);
}

guint
gp_recommendation_get_n_platforms (GpRecommendation *self)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);
  guint n;

  g_return_val_if_fail (GP_IS_RECOMMENDATION (self), 0);

  n = g_list_model_get_n_items (G_LIST_MODEL (self->choices));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GpChoice) choice = g_list_model_get_item (G_LIST_MODEL (self->choices), i);
      g_hash_table_add (seen, gp_estimate_get_provider (gp_choice_get_estimate (choice)));
    }

  return g_hash_table_size (seen);
}

void
gp_recommendation_add_excluded (GpRecommendation *self,
                                GpInstance       *instance,
                                char             *reason)
{
  Exclusion exclusion = {
    instance != NULL ? g_strdup (gp_provider_get_id (gp_instance_get_provider (instance))) : NULL,
    instance != NULL ? g_strdup (gp_instance_get_id (instance)) : NULL,
    instance != NULL ? gp_instance_dup_label (instance) : NULL,
    reason,
  };

  g_array_append_val (self->excluded, exclusion);
}

void
gp_recommendation_add_tip (GpRecommendation *self,
                           char             *tip)
{
  g_ptr_array_add (self->tips, tip);
}

void
gp_recommendation_add_first_tip (GpRecommendation *self,
                                 char             *tip)
{
  g_ptr_array_insert (self->tips, 0, tip);
}

void
gp_recommendation_add_plan_step (GpRecommendation *self,
                                 char             *step)
{
  g_ptr_array_add (self->plan, step);
}

void
gp_recommendation_set_message (GpRecommendation *self,
                               const char       *message)
{
  g_free (self->message);
  self->message = g_strdup (message);
}

GListModel *
gp_recommendation_get_choices (GpRecommendation *self)
{
  g_return_val_if_fail (GP_IS_RECOMMENDATION (self), NULL);
  return G_LIST_MODEL (self->choices);
}

guint
gp_recommendation_get_n_excluded (GpRecommendation *self)
{
  g_return_val_if_fail (GP_IS_RECOMMENDATION (self), 0);
  return self->excluded->len;
}

/* A reason begins with its rule's name in brackets, for scripts and for the command line to
 * pick it out; people read it without. */
const char *
gp_recommendation_reason_text (const char *reason)
{
  const char *end;

  g_return_val_if_fail (reason != NULL, NULL);

  if (reason[0] == '[' && (end = strstr (reason, "] ")) != NULL)
    return end + 2;
  return reason;
}

const char *
gp_recommendation_get_excluded_label (GpRecommendation *self,
                                      guint             index)
{
  g_return_val_if_fail (GP_IS_RECOMMENDATION (self), NULL);
  g_return_val_if_fail (index < self->excluded->len, NULL);

  return g_array_index (self->excluded, Exclusion, index).label;
}

char *
gp_recommendation_dup_excluded_line (GpRecommendation *self,
                                     guint             index,
                                     gboolean          rule_names)
{
  const char *label = gp_recommendation_get_excluded_label (self, index);
  const char *reason;

  gp_recommendation_get_excluded (self, index, NULL, NULL, &reason);
  if (!rule_names)
    reason = gp_recommendation_reason_text (reason);
  /* Translators: an offer left out of the recommendation ("Google Colab T4 runtime"), then why */
  return label != NULL ? g_strdup_printf (_("%s: %s"), label, reason) : g_strdup (reason);
}

void
gp_recommendation_get_excluded (GpRecommendation  *self,
                                guint              index,
                                const char       **provider_id,
                                const char       **instance_id,
                                const char       **reason)
{
  const Exclusion *exclusion;

  g_return_if_fail (GP_IS_RECOMMENDATION (self));
  g_return_if_fail (index < self->excluded->len);

  exclusion = &g_array_index (self->excluded, Exclusion, index);
  if (provider_id != NULL)
    *provider_id = exclusion->provider_id;
  if (instance_id != NULL)
    *instance_id = exclusion->instance_id;
  if (reason != NULL)
    *reason = exclusion->reason;
}

const char * const *
gp_recommendation_get_tips (GpRecommendation *self)
{
  g_return_val_if_fail (GP_IS_RECOMMENDATION (self), NULL);
  return (const char * const *) self->tips->pdata;
}

void
gp_recommendation_set_project (GpRecommendation *self,
                               GpProject        *project)
{
  g_return_if_fail (GP_IS_RECOMMENDATION (self));
  g_clear_pointer (&self->project, gp_project_free);
  self->project = project;
}

const GpProject *
gp_recommendation_get_project (GpRecommendation *self)
{
  g_return_val_if_fail (GP_IS_RECOMMENDATION (self), NULL);
  return self->project;
}

const char * const *
gp_recommendation_get_plan (GpRecommendation *self)
{
  g_return_val_if_fail (GP_IS_RECOMMENDATION (self), NULL);
  return (const char * const *) self->plan->pdata;
}

double
gp_recommendation_get_cost_weight (GpRecommendation *self)
{
  g_return_val_if_fail (GP_IS_RECOMMENDATION (self), 0);
  return self->cost_weight;
}

double
gp_recommendation_get_time_weight (GpRecommendation *self)
{
  g_return_val_if_fail (GP_IS_RECOMMENDATION (self), 0);
  return self->time_weight;
}

const char *
gp_recommendation_get_message (GpRecommendation *self)
{
  g_return_val_if_fail (GP_IS_RECOMMENDATION (self), NULL);
  return self->message;
}

/* One section: a heading, then its items as bullets (or indented lines); reasons with their
 * rule's bracketed name, or without. */
static void
add_section (GpDocument         *document,
             const char         *heading,
             const char * const *items,
             gboolean            rule_names)
{
  gp_document_add_text (document, GP_BLOCK_HEADING, heading, FALSE);
  for (guint i = 0; items[i] != NULL; i++)
    gp_document_add_text (document, GP_BLOCK_BULLET,
                          rule_names ? items[i] : gp_recommendation_reason_text (items[i]), FALSE);
}

GpDocument *
gp_recommendation_to_document (GpRecommendation *self,
                               gboolean          rule_names)
{
  GpDocument *document = gp_document_new ();
  GListModel *choices = gp_recommendation_get_choices (self);
  const char * const *tips = gp_recommendation_get_tips (self);
  const char * const *plan = gp_recommendation_get_plan (self);

  gp_document_add_text (document, GP_BLOCK_TITLE, _("Where to train"), FALSE);
  if (gp_recommendation_get_message (self) != NULL)
    gp_document_add_text (document, GP_BLOCK_PARAGRAPH, gp_recommendation_get_message (self),
                          FALSE);

  for (guint i = 0; i < g_list_model_get_n_items (choices); i++)
    {
      g_autoptr(GpChoice) choice = g_list_model_get_item (choices, i);
      GpEstimate *estimate = gp_choice_get_estimate (choice);
      g_autofree char *label = gp_estimate_dup_label (estimate);
      g_autofree char *place = gp_offer_dup_region_label (gp_estimate_get_offer (estimate));
      g_autofree char *heading = NULL;

      /* Translators: "1. Lambda gpu_1x_a100, Virginia (us-east-1), On demand: 345.56 USD, 173.6 h
       * (score 0.93)" */
      heading = g_strdup_printf (
          _("%s%u. %s, %s, %s: %.2f %s, %.1f h (score %.2f)\n"), "", i + 1, label, place,
          gp_estimate_pricing_get_label (gp_estimate_get_pricing (estimate)),
          gp_estimate_get_total_cost (estimate), gp_estimate_get_currency (estimate),
          gp_estimate_get_wall_hours (estimate), gp_choice_get_score (choice));
      g_strchomp (heading);
      add_section (document, heading, gp_choice_get_reasons (choice), rule_names);
    }
  if (tips[0] != NULL)
    add_section (document, _("Tips"), tips, rule_names);
  if (plan[0] != NULL)
    add_section (document, _("A mixed plan"), plan, rule_names);
  if (gp_recommendation_get_n_excluded (self) > 0)
    {
      gp_document_add_text (document, GP_BLOCK_HEADING, _("Left out"), FALSE);
      for (guint i = 0; i < gp_recommendation_get_n_excluded (self); i++)
        {
          g_autofree char *line = gp_recommendation_dup_excluded_line (self, i, rule_names);

          gp_document_add_text (document, GP_BLOCK_BULLET, line, FALSE);
        }
    }
  return document;
}

/* The blocks as plain text: headings on their own lines, items indented under them. */
static char *
document_to_plain_text (GpDocument *document)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < gp_document_get_n_blocks (document); i++)
    {
      GpBlock *block = gp_document_get_block (document, i);
      GpBlock *next = i + 1 < gp_document_get_n_blocks (document)
                          ? gp_document_get_block (document, i + 1)
                          : NULL;

      if (block->kind == GP_BLOCK_TITLE)
        continue;
      g_string_append_printf (text, block->kind == GP_BLOCK_BULLET ? "    %s\n" : "%s\n",
                              block->text);
      if (block->kind == GP_BLOCK_PARAGRAPH ||
          (block->kind == GP_BLOCK_BULLET && (next == NULL || next->kind != GP_BLOCK_BULLET)) ||
          (block->kind == GP_BLOCK_HEADING && (next == NULL || next->kind != GP_BLOCK_BULLET)))
        g_string_append_c (text, '\n');
    }
  return g_string_free (text, FALSE);
}

/* The self as text: the choices with their reasons, the tips, the mixed plan, and what was
 * left out and why. */
char *
gp_recommendation_format (GpRecommendation *self,
                          gboolean          markdown,
                          gboolean          rule_names)
{
  g_autoptr(GpDocument) document = NULL;

  g_return_val_if_fail (GP_IS_RECOMMENDATION (self), NULL);

  document = gp_recommendation_to_document (self, rule_names);
  return markdown ? gp_document_to_markdown (document) : document_to_plain_text (document);
}
