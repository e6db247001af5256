/* gp-assistant-page-result.c — the Assistant's last page: the recommendation with its reasons,
 * and its summary exported in Markdown or PDF
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "gp-assistant-page-private.h"
#include "gp-compat.h"
#include "gp-cost-model.h"
#include "gp-estimate-rows.h"
#include "gp-format.h"
#include "gp-launch.h"
#include "gp-summary-pdf.h"
#include "gp-ui-save.h"
#include "gp-ui-widgets.h"

GtkWidget *
_gp_assistant_page_wrapped_label (const char *text,
                                  const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

/* The platform's next instances, behind "More from This Platform": the choices compare
 * platforms, and a lab may still want the platform's other machines. */
static void
add_more_rows (GtkWidget        *row,
               GpRecommendation *recommendation,
               GpEstimate       *estimate)
{
  GpProvider *provider = gp_estimate_get_provider (estimate);
  GListModel *more = gp_recommendation_get_more (recommendation, gp_provider_get_id (provider));
  GtkWidget *toggle, *revealer, *list;

  if (more == NULL || g_list_model_get_n_items (more) == 0)
    return;

  list = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  for (guint i = 0; i < g_list_model_get_n_items (more); i++)
    {
      g_autoptr(GpChoice) other = g_list_model_get_item (more, i);
      GpEstimate *option = gp_choice_get_estimate (other);
      g_autofree char *name = gp_estimate_dup_label (option);
      g_autofree char *place = gp_offer_dup_region_label (gp_estimate_get_offer (option));
      g_autofree char *total =
          gp_format_money (gp_estimate_get_total_cost (option), gp_estimate_get_currency (option));
      g_autofree char *subtitle =
          /* Translators: "Tokyo (ap-northeast-1) · On demand · 54.2 h · 1,234.00 USD" */
          g_strdup_printf (_("%s · %s · %.1f h · %s"), place,
                           gp_estimate_pricing_get_label (gp_estimate_get_pricing (option)),
                           gp_estimate_get_wall_hours (option), total);
      GtkWidget *item = adw_action_row_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (item), name);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (item), subtitle);
      /* Read, not used: no Tab stop. */
      gtk_widget_set_focusable (item, FALSE);
      gtk_list_box_append (GTK_LIST_BOX (list), item);
    }

  revealer = gtk_revealer_new ();
  gtk_revealer_set_child (GTK_REVEALER (revealer), list);
  toggle = gtk_toggle_button_new_with_mnemonic (_("_More from This Platform"));
  gtk_widget_set_halign (toggle, GTK_ALIGN_START);
  gtk_widget_set_margin_top (toggle, 6);
  gtk_widget_set_margin_bottom (toggle, 6);
  gtk_widget_set_margin_start (toggle, 12);
  g_object_bind_property (toggle, "active", revealer, "reveal-child", G_BINDING_SYNC_CREATE);
  gp_ui_expander_add_passive_row (ADW_EXPANDER_ROW (row), toggle);
  gp_ui_expander_add_passive_row (ADW_EXPANDER_ROW (row), revealer);
}

static GtkWidget *
choice_row (GpRecommendation *recommendation,
            GpChoice         *choice,
            guint             rank)
{
  GpEstimate *estimate = gp_choice_get_estimate (choice);
  g_autofree char *name = gp_estimate_dup_label (estimate);
  g_autofree char *title = g_strdup_printf ("%u. %s", rank, name);
  g_autofree char *place = gp_offer_dup_region_label (gp_estimate_get_offer (estimate));
  g_autofree char *summary =
      /* Translators: "Tokyo (ap-northeast-1) · On demand · 54.2 h · score 1.10" */
      g_strdup_printf (_("%s · %s · %.1f h · score %.2f"), place,
                       gp_estimate_pricing_get_label (gp_estimate_get_pricing (estimate)),
                       gp_estimate_get_wall_hours (estimate), gp_choice_get_score (choice));
  /* For a lab in mainland China, what needs a cross-border route says so on the row itself. */
  g_autofree char *subtitle =
      gp_estimate_get_reach_mark (estimate) != NULL
          ? g_strdup_printf (_("%s · %s"), summary, gp_estimate_get_reach_mark (estimate))
          : g_strdup (summary);
  g_autofree char *total =
      gp_format_money (gp_estimate_get_total_cost (estimate), gp_estimate_get_currency (estimate));
  GtkWidget *row = adw_expander_row_new ();
  GtkWidget *total_label = gtk_label_new (total);
  const char *const *reasons = gp_choice_get_reasons (choice);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (row), subtitle);
  gtk_widget_add_css_class (total_label, "numeric");
  gtk_widget_add_css_class (total_label, "heading");
  adw_expander_row_add_action (ADW_EXPANDER_ROW (row), total_label);
  for (guint i = 0; reasons[i] != NULL; i++)
    gp_ui_expander_add_passive_row (
        ADW_EXPANDER_ROW (row),
        _gp_assistant_page_wrapped_label (gp_recommendation_reason_text (reasons[i]),
                                          "assistant-reason"));
  add_more_rows (row, recommendation, estimate);
  adw_expander_row_set_expanded (ADW_EXPANDER_ROW (row), rank == 1);

  return row;
}

static GtkWidget *
text_group (const char         *title,
            const char * const *lines)
{
  GtkWidget *group = adw_preferences_group_new ();

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), title);
  for (guint i = 0; lines[i] != NULL; i++)
    adw_preferences_group_add (ADW_PREFERENCES_GROUP (group),
                               _gp_assistant_page_wrapped_label (lines[i], NULL));

  return group;
}

static GtkWidget *
action_button (const char *label,
               const char *action)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  return button;
}

/* The code that starts the job on the first choice as it is priced, with the copy of the data
 * when it sits in another region. */
static GtkWidget *
launch_button (GListModel *choices,
               const char *data_region)
{
  g_autoptr(GpChoice) first = g_list_model_get_item (choices, 0);
  GpEstimate *estimate = gp_choice_get_estimate (first);
  GtkWidget *button = gtk_button_new_with_mnemonic (_("_Launch Code…"));

  gtk_widget_set_name (button, "launch_button");
  gtk_widget_set_tooltip_text (button, _("The code that starts the job on the first choice"));
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  /* A bucket's region: a place ("place:China") is no region to copy the data from. */
  gp_estimate_rows_set_launch_action (
      GTK_ACTIONABLE (button), estimate,
      data_region != NULL && !gp_area_is_valid (data_region) ? data_region : NULL);
  return button;
}

static void
with_launch_toggled_cb (GpAssistantPage *self,
                        GtkCheckButton  *button)
{
  self->with_launch = gtk_check_button_get_active (button);
}

void
_gp_assistant_page_show_result (GpAssistantPage *self)
{
  GListModel *choices = gp_recommendation_get_choices (self->recommendation);
  g_autoptr(GPtrArray) excluded = g_ptr_array_new_null_terminated (8, g_free, TRUE);
  GtkWidget *child, *list, *buttons;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->result_box))) != NULL)
    gtk_box_remove (self->result_box, child);

  if (gp_recommendation_get_message (self->recommendation) != NULL)
    {
      GtkWidget *status = adw_status_page_new ();

      adw_status_page_set_icon_name (ADW_STATUS_PAGE (status), "dialog-information-symbolic");
      adw_status_page_set_title (ADW_STATUS_PAGE (status), _("Nothing Fits"));
      adw_status_page_set_description (ADW_STATUS_PAGE (status),
                                       gp_recommendation_get_message (self->recommendation));
      gtk_box_append (self->result_box, status);
    }
  else
    {
      g_autofree char *weights =
          g_strdup_printf (_("Ranked by cost (%.0f%%) and time (%.0f%%), "
                              "then by the rules named in each reason."),
                           gp_recommendation_get_cost_weight (self->recommendation) * 100,
                           gp_recommendation_get_time_weight (self->recommendation) * 100);
      GtkWidget *group = adw_preferences_group_new ();

      adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Where to Train"));
      adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group), weights);
      list = gtk_list_box_new ();
      gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
      gtk_widget_add_css_class (list, "boxed-list");
      for (guint i = 0; i < g_list_model_get_n_items (choices); i++)
        {
          g_autoptr(GpChoice) choice = g_list_model_get_item (choices, i);
          gtk_list_box_append (GTK_LIST_BOX (list),
                               choice_row (self->recommendation, choice, i + 1));
        }
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), list);
      adw_preferences_group_set_header_suffix (
          ADW_PREFERENCES_GROUP (group),
          launch_button (choices, _gp_assistant_page_data_region (self)));
      gtk_box_append (self->result_box, group);
    }

  if (gp_recommendation_get_tips (self->recommendation)[0] != NULL)
    gtk_box_append (self->result_box,
                    text_group (_("Tips"), gp_recommendation_get_tips (self->recommendation)));
  if (gp_recommendation_get_plan (self->recommendation)[0] != NULL)
    {
      GtkWidget *group =
          text_group (_("A Mixed Plan"), gp_recommendation_get_plan (self->recommendation));
      GtkWidget *edit = action_button (_("_Edit as Plan…"), "win.edit-mixed-plan");

      /* The plan's phases, to change, add to and turn into a grant budget. */
      gtk_widget_set_name (edit, "edit_plan_button");
      gtk_widget_set_tooltip_text (edit, _("Open it as the hybrid plan, to change its phases "
                                            "and export its grant budget"));
      gtk_widget_set_valign (edit, GTK_ALIGN_CENTER);
      adw_preferences_group_set_header_suffix (ADW_PREFERENCES_GROUP (group), edit);
      gtk_box_append (self->result_box, group);
    }

  for (guint i = 0; i < gp_recommendation_get_n_excluded (self->recommendation); i++)
    g_ptr_array_add (excluded,
                     gp_recommendation_dup_excluded_line (self->recommendation, i, FALSE));
  if (excluded->len > 0)
    {
      g_autofree char *title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Left Out (%u offer)",
                                                             "Left Out (%u offers)", excluded->len),
                                                excluded->len);
      gtk_box_append (self->result_box, text_group (title, (const char *const *) excluded->pdata));
    }

  /* A flow box: the buttons wrap on a narrow window instead of widening it. */
  buttons = gtk_flow_box_new ();
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (buttons), GTK_SELECTION_NONE);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (buttons), 6);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (buttons), 6);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (buttons), 6);
  gtk_flow_box_append (GTK_FLOW_BOX (buttons),
                       action_button (_("Open in _Compare"), "assistant.open-compare"));
  gtk_flow_box_append (GTK_FLOW_BOX (buttons),
                       action_button (_("Open in _Estimate"), "assistant.open-estimate"));
  gtk_flow_box_append (GTK_FLOW_BOX (buttons),
                       action_button (_("Export _Markdown…"), "assistant.export-markdown"));
  gtk_flow_box_append (GTK_FLOW_BOX (buttons),
                       action_button (_("Export _PDF…"), "assistant.export-pdf"));
  {
    GtkWidget *with_launch = gtk_check_button_new_with_mnemonic (_("With _launch code"));

    gtk_widget_set_name (with_launch, "with_launch_check");
    gtk_widget_set_tooltip_text (with_launch, _("The exported summary adds the code that starts "
                                                 "the job on the first choice"));
    gtk_check_button_set_active (GTK_CHECK_BUTTON (with_launch), self->with_launch);
    g_signal_connect_swapped (with_launch, "toggled", G_CALLBACK (with_launch_toggled_cb), self);
    gtk_flow_box_append (GTK_FLOW_BOX (buttons), with_launch);
  }
  gtk_flow_box_append (GTK_FLOW_BOX (buttons),
                       action_button (_("Start _Again"), "assistant.restart"));
  gtk_box_append (self->result_box, buttons);
}

/* The summary */

/* How to start the job on the first choice, paid as it is: on spot, or in a Capacity Block. */
static void
append_launch (GString    *text,
               GListModel *choices)
{
  g_autoptr(GpChoice) first = g_list_model_get_item (choices, 0);
  GpEstimate *estimate = gp_choice_get_estimate (first);
  g_autoptr(GError) error = NULL;
  g_autoptr(GpLaunchSnippet) snippet =
      gp_launch_render_estimate (gp_launch_data_get_default (), estimate, NULL, &error);

  g_string_append_printf (text, "## %s\n\n", _("Launch Code"));
  if (snippet != NULL)
    gp_launch_snippet_append_markdown (snippet, text);
  else
    g_string_append_printf (text, "%s\n", error->message);
}

/* The answers, the recommendation with its reasons and assumptions, and the sources of its
 * prices with their dates, in Markdown; with the first choice's launch code when asked. */
char *
gp_assistant_page_dup_summary (GpAssistantPage *self)
{
  g_autoptr(GString) text = NULL;
  g_autoptr(GHashTable) sources = g_hash_table_new (NULL, NULL);
  g_autofree char *body = NULL;
  GListModel *choices;
  GpPreset *preset;
  GpGpu *reference;

  g_return_val_if_fail (GP_IS_ASSISTANT_PAGE (self), NULL);

  if (self->recommendation == NULL)
    return NULL;

  preset = _gp_assistant_page_selected_preset (self);
  reference = adw_combo_row_get_selected_item (self->reference_row);
  text = g_string_new (NULL);
  g_string_append_printf (text, "# %s\n\n## %s\n\n", _("GPU Planner: where to train"),
                          _("Answers"));
  g_string_append_printf (text, _("- Dataset: %.0f GB\n"), _gp_assistant_page_dataset_gb (self));
  if (preset != NULL)
    g_string_append_printf (text, _("- Workload: %s\n"), gp_preset_get_name (preset));
  else
    g_string_append_printf (text, _("- Compute: %.0f GPU-hours on one %s\n"),
                            gtk_spin_button_get_value (self->gpu_hours_spin),
                            reference ? gp_gpu_get_name (reference) : DEFAULT_REFERENCE);
  if (gtk_spin_button_get_value (self->memory_spin) > 0)
    g_string_append_printf (text, _("- GPU memory: %.0f GB\n"),
                            gtk_spin_button_get_value (self->memory_spin));
  if (gtk_spin_button_get_value (self->model_spin) > 0)
    g_string_append_printf (text, _("- Model: %.1f billion parameters\n"),
                            gtk_spin_button_get_value (self->model_spin));
  if (gtk_spin_button_get_value (self->deadline_spin) > 0)
    g_string_append_printf (text, _("- Deadline: %.0f h\n"),
                            gtk_spin_button_get_value (self->deadline_spin));
  if (gtk_spin_button_get_value (self->budget_spin) > 0)
    g_string_append_printf (text, _("- Budget: %.0f %s\n"),
                            gtk_spin_button_get_value (self->budget_spin),
                            _gp_assistant_page_budget_currency (self));
  g_string_append_printf (text, "%s\n",
                          gtk_switch_get_active (self->interruptible_switch)
                              ? _("- Interruptions: acceptable, with checkpoints")
                              : _("- Interruptions: not acceptable"));
  if (_gp_assistant_page_selected_region (self) != NULL)
    {
      g_autofree char *place = gp_area_dup_label (_gp_assistant_page_selected_region (self));

      g_string_append_printf (text, _("- Region: %s\n"), place);
    }
  g_string_append_c (text, '\n');

  body = gp_recommendation_format (self->recommendation, TRUE, FALSE);
  /* The recommendation's own title is the document's second level here. */
  g_string_append (text, g_str_has_prefix (body, "# ") ? body + 1 : body);

  choices = gp_recommendation_get_choices (self->recommendation);
  g_string_append_printf (text, "\n## %s\n\n", _("Assumptions and sources"));
  for (guint i = 0; i < g_list_model_get_n_items (choices); i++)
    {
      g_autoptr(GpChoice) choice = g_list_model_get_item (choices, i);
      GpEstimate *estimate = gp_choice_get_estimate (choice);
      const char *const *assumptions = gp_estimate_get_assumptions (estimate);
      GpSource *source = gp_estimate_get_price_source (estimate);
      g_autofree char *name = gp_estimate_dup_label (estimate);

      g_string_append_printf (text, "%u. %s\n\n", i + 1, name);
      for (guint a = 0; assumptions[a] != NULL; a++)
        g_string_append_printf (text, "- %s\n", assumptions[a]);
      if (source != NULL && g_hash_table_add (sources, source))
        g_string_append_printf (text, _("- Prices: %s, %s (as of %s)\n"),
                                gp_source_get_title (source),
                                gp_source_get_url (source) ? gp_source_get_url (source) : "",
                                gp_source_get_as_of (source));
      g_string_append_c (text, '\n');
    }

  if (self->with_launch && g_list_model_get_n_items (choices) > 0)
    append_launch (text, choices);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static GBytes *
render_summary_pdf (gpointer   summary,
                    GError   **error)
{
  return gp_summary_render_pdf (summary, error);
}

static void
save_summary_cb (GObject *target,
                 GFile   *file)
{
  GpAssistantPage *self = GP_ASSISTANT_PAGE (target);
  GtkWidget *overlay = gtk_widget_get_ancestor (GTK_WIDGET (self), ADW_TYPE_TOAST_OVERLAY);
  g_autofree char *summary = gp_assistant_page_dup_summary (self);
  g_autofree char *name = g_file_get_basename (file);

  if (summary == NULL)
    return;

  if (g_str_has_suffix (name, ".pdf"))
    {
      /* Its text is made here, from what the page shows; drawn on the worker. */
      gp_ui_save (overlay, file, render_summary_pdf, g_steal_pointer (&summary), g_free);
    }
  else
    {
      gsize length = strlen (summary);
      g_autoptr(GBytes) bytes = g_bytes_new_take (g_steal_pointer (&summary), length);

      gp_ui_save_bytes (overlay, file, bytes, NULL);
    }
}

void
_gp_assistant_page_export_action (GtkWidget  *widget,
                                  const char *action,
                                  GVariant   *parameter)
{
  gboolean pdf = g_str_equal (action, "assistant.export-pdf");

  gp_compat_save_file (GTK_WINDOW (gtk_widget_get_root (widget)), _("Export Summary"),
                       pdf ? "gpu-planner-recommendation.pdf" : "gpu-planner-recommendation.md",
                       save_summary_cb, G_OBJECT (widget));
}
