/* gp-plan-window-budget.c — the plan's grant budget, costed and written as PDF, Markdown or CSV
 * in the language chosen
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Part of GpPlanWindow (gp-plan-window-private.h).
 */

#include "config.h"

#include <locale.h>
#include <string.h>

#include <glib/gi18n.h>

#include "gp-budget-pdf.h"
#include "gp-compat.h"
#include "gp-file.h"
#include "gp-plan-window-private.h"
#include "gp-ui-save.h"

/* Writes with gettext speaking @language, then as before. */
static char *
switch_language (const char *language)
{
  char *previous = g_strdup (g_getenv ("LANGUAGE"));

  /* gettext ignores LANGUAGE in the plain C locale. */
  if (g_strcmp0 (setlocale (LC_MESSAGES, NULL), "C") == 0)
    setlocale (LC_MESSAGES, "C.UTF-8");
  g_setenv ("LANGUAGE", language, TRUE);
  textdomain (GETTEXT_PACKAGE);
  return previous;
}

static void
restore_language (char *previous)
{
  if (previous != NULL)
    g_setenv ("LANGUAGE", previous, TRUE);
  else
    g_unsetenv ("LANGUAGE");
  textdomain (GETTEXT_PACKAGE);
  g_free (previous);
}

static GpBudget *
new_budget (GpPlanWindow  *self,
            GError       **error)
{
  GpProjectCost *cost = _gp_plan_window_cost_plan (self, error);
  GpBudget *budget;

  if (cost == NULL)
    return NULL;
  budget = gp_budget_new (cost, self->project->contingency_pct);
  budget->with_launch = gtk_switch_get_active (self->launch_switch);
  return budget;
}

static GBytes *
render_costed_budget (GpBudget        *budget,
                      GpBudgetFormat   format,
                      GError         **error)
{
  char *text;

  if (format == GP_BUDGET_FORMAT_PDF)
    return gp_budget_render_pdf (budget, NULL, error);
  text =
      format == GP_BUDGET_FORMAT_CSV ? gp_budget_to_csv (budget) : gp_budget_to_markdown (budget);
  return g_bytes_new_take (text, strlen (text));
}

static GBytes *
render_budget (GpPlanWindow    *self,
               GpBudgetFormat   format,
               GError         **error)
{
  g_autoptr(GpBudget) budget = new_budget (self, error);

  return budget != NULL ? render_costed_budget (budget, format, error) : NULL;
}

/* Writes the plan's grant budget in @language, whatever the program speaks. */
gboolean
gp_plan_window_write_budget (GpPlanWindow    *self,
                             GFile           *file,
                             GpBudgetFormat   format,
                             const char      *language,
                             GError         **error)
{
  g_autoptr(GBytes) bytes = NULL;
  char *previous;

  g_return_val_if_fail (GP_IS_PLAN_WINDOW (self), FALSE);

  /* The assumptions are written as the plan is costed: in the budget's language too. */
  previous = switch_language (language);
  bytes = render_budget (self, format, error);
  restore_language (previous);
  return bytes != NULL && gp_file_replace_bytes (file, bytes, error);
}

typedef struct
{
  GpBudget *budget;
  GpBudgetFormat format;
} BudgetExport;

static void
budget_export_free (BudgetExport *export)
{
  g_clear_pointer (&export->budget, gp_budget_free);
  g_free (export);
}

static GBytes *
render_budget_export (gpointer  snapshot,
                      GError  **error)
{
  BudgetExport *export = snapshot;

  return render_costed_budget (export->budget, export->format, error);
}

/* Whether gettext speaks @language already ("en" or "zh_CN"). */
static gboolean
speaks (const char *language)
{
  return g_str_has_prefix (g_get_language_names ()[0], "zh") == g_str_equal (language, "zh_CN");
}

/* Costed here, drawn and written on a worker; but a budget in the other language is written
 * whole here, since the language gettext speaks is the whole program's. */
static void
export_chosen_cb (GObject *target,
                  GFile   *file)
{
  GpPlanWindow *self = GP_PLAN_WINDOW (target);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  GpBudgetFormat format = adw_combo_row_get_selected (self->format_row);
  const char *language = adw_combo_row_get_selected (self->language_row) == 1 ? "zh_CN" : "en";
  char *previous;

  if (speaks (language))
    {
      GpBudget *budget = new_budget (self, &error);
      BudgetExport *export;

      if (budget == NULL)
        {
          gp_ui_save_bytes (GTK_WIDGET (self->toast_overlay), file, NULL, error);
          return;
        }
      export = g_new0 (BudgetExport, 1);
      export->budget = budget;
      export->format = format;
      gp_ui_save (GTK_WIDGET (self->toast_overlay), file, render_budget_export, export,
                  (GDestroyNotify) budget_export_free);
      return;
    }
  previous = switch_language (language);
  bytes = render_budget (self, format, &error);
  restore_language (previous);
  gp_ui_save_bytes (GTK_WIDGET (self->toast_overlay), file, bytes, error);
}

void
_gp_plan_window_export_budget_action (GtkWidget  *widget,
                                      const char *action,
                                      GVariant   *parameter)
{
  GpPlanWindow *self = GP_PLAN_WINDOW (widget);
  static const char *const names[] = { "budget.pdf", "budget.md", "budget.csv" };
  guint format = adw_combo_row_get_selected (self->format_row);

  gp_compat_save_file (GTK_WINDOW (self), _("Export Budget"),
                       names[MIN (format, G_N_ELEMENTS (names) - 1)], export_chosen_cb,
                       G_OBJECT (self));
}
