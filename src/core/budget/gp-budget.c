/* gp-budget.c — a grant budget of a hybrid plan: line items by category, as text and a table
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every cost of the plan becomes one line, so the budget's total is the plan's to the cent,
 * plus the reserve. A purchase is equipment; renting, running the lab's machine, storage and
 * moving data are services: the categories Chinese grant budgets keep apart (设备费, 业务费),
 * named so only in a Chinese budget. The text is written in the language the program speaks
 * when it is asked: the caller picks it.
 */

#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "gp-budget.h"
#include "gp-cost-model.h"
#include "gp-csv.h"
#include "gp-format.h"
#include "gp-launch.h"

static void
line_free (GpBudgetLine *line)
{
  g_free (line->phase);
  g_free (line->item);
  g_clear_object (&line->source);
  g_free (line);
}

void
gp_budget_free (GpBudget *budget)
{
  if (budget == NULL)
    return;
  g_clear_pointer (&budget->cost, gp_project_cost_free);
  g_ptr_array_unref (budget->lines);
  g_array_unref (budget->years);
  g_free (budget);
}

const char *
gp_budget_category_label (GpBudgetCategory category)
{
  /* Translators: the categories of a grant budget, as a Chinese grant budget names them:
   * 设备费 and 业务费 */
  static const char *const labels[] = { NC_("budget category", "Equipment"),
                                        NC_("budget category", "Services") };

  return category < G_N_ELEMENTS (labels)
             ? g_dpgettext2 (GETTEXT_PACKAGE, "budget category", labels[category])
             : "";
}

static void
add_line (GpBudget         *budget,
          GpBudgetCategory  category,
          const GpPhase    *phase,
          char             *item,
          double            amount,
          GpSource         *source)
{
  GpBudgetLine *line;

  if (!(amount > 0))
    {
      g_free (item);
      return;
    }
  line = g_new0 (GpBudgetLine, 1);
  line->category = category;
  line->phase = g_strdup (phase->name);
  line->item = item;
  line->amount = amount;
  line->source = source != NULL ? g_object_ref (source) : NULL;
  g_ptr_array_add (budget->lines, line);
  budget->subtotals[category] += amount;
}

/* "EC2 · p4d.24xlarge (us-east-1)" */
static char *
offer_name (GpOffer *offer)
{
  /* Translators: an offer in a budget: platform, instance and region */
  return g_strdup_printf (
      _("%s · %s (%s)"), gp_provider_get_short_name (gp_offer_get_provider (offer)),
      gp_instance_get_name (gp_offer_get_instance (offer)), gp_offer_get_region_id (offer));
}

static void
add_phase (GpBudget          *budget,
           const GpPhaseCost *cost)
{
  GpOffer *offer = gp_estimate_get_offer (cost->estimate);
  GpInstance *instance = gp_offer_get_instance (offer);
  g_autofree char *where = offer_name (offer);
  g_autofree char *moved = gp_format_number (cost->move_gb, 0);
  const GpPhase *phase = cost->phase;

  /* Translators: a budget's line: buying the lab's machine */
  add_line (budget, GP_BUDGET_EQUIPMENT, phase,
            g_strdup_printf (_("Purchase: %s"), gp_instance_get_name (instance)), cost->equipment,
            gp_instance_get_source (instance));
  if (cost->owned)
    {
      g_autofree char *used = gp_format_number (gp_estimate_get_billed_hours (cost->estimate) *
                                                    gp_estimate_get_gpu_count (cost->estimate),
                                                0);

      /* Translators: a budget's line: the lab's machine's running costs for a phase */
      add_line (budget, GP_BUDGET_SERVICES, phase,
                g_strdup_printf (_("Running %s: maintenance, staff and electricity for %s "
                                    "GPU-hours"),
                                 gp_instance_get_name (instance), used),
                cost->compute, gp_instance_get_source (instance));
    }
  else
    /* Translators: a budget's line: rented compute: where, and how it is paid for */
    add_line (budget, GP_BUDGET_SERVICES, phase,
              g_strdup_printf (_("Compute: %s, %s"), where,
                               gp_estimate_pricing_get_label (phase->pricing)),
              cost->compute, gp_offer_get_price_source (offer, phase->pricing));
  add_line (budget, GP_BUDGET_SERVICES, phase,
            g_strdup_printf (_("Work redone after interruptions: %s"), where), cost->interruptions,
            gp_offer_get_price_source (offer, phase->pricing));
  add_line (budget, GP_BUDGET_SERVICES, phase,
            g_strdup_printf (_("Storage of the data: %s"), where), cost->storage, NULL);
  add_line (budget, GP_BUDGET_SERVICES, phase,
            g_strdup_printf (_("Data transfer: the results out of %s"), where), cost->transfer,
            NULL);
  add_line (budget, GP_BUDGET_SERVICES, phase,
            g_strdup_printf (_("Data transfer: %s GB moved to %s"), moved, where),
            cost->move_egress, NULL);
}

/* Project years */

/* A year without a start date to count from: 365.25 days. */
#define HOURS_A_YEAR (365.25 * 24)

/* No grant runs longer; a plan's figures that would (a typo of a billion hours) leave the rest
 * in its last year rather than a table of a million. */
#define MAX_YEARS 50

static void
year_clear (GpBudgetYear *year)
{
  g_free (year->first);
  g_free (year->last);
}

/* Where project year @k begins, in hours from the plan's start. */
static double
year_start (GDateTime *start,
            guint      k)
{
  g_autoptr(GDateTime) first = NULL;

  if (start == NULL)
    return k * HOURS_A_YEAR;
  first = g_date_time_add_years (start, k);
  /* Past the year 9999, which GDateTime does not reach. */
  if (first == NULL)
    return INFINITY;
  return (double) g_date_time_difference (first, start) / G_TIME_SPAN_HOUR;
}

/* The project year @hours from the start fall in. */
static guint
year_of (GDateTime *start,
         double     hours)
{
  guint k = 0;

  while (k + 1 < MAX_YEARS && year_start (start, k + 1) <= hours)
    k++;
  return k;
}

/* @amount spent evenly from @from to @to hours after the start, shared among the years; the
 * last year takes whatever runs past it. */
static void
spread (GArray    *years,
        GDateTime *start,
        double     from,
        double     to,
        double     amount)
{
  if (!(amount > 0))
    return;
  if (!(to > from))
    {
      g_array_index (years, GpBudgetYear, MIN (year_of (start, from), years->len - 1)).amount +=
          amount;
      return;
    }
  for (guint k = 0; k < years->len; k++)
    {
      double low = MAX (from, year_start (start, k));
      double high = k + 1 < years->len ? MIN (to, year_start (start, k + 1)) : to;

      if (high > low)
        g_array_index (years, GpBudgetYear, k).amount += amount * (high - low) / (to - from);
    }
}

static GDateTime *
date_time_of (const char *date)
{
  g_autofree char *iso = date != NULL ? g_strconcat (date, "T00:00:00Z", NULL) : NULL;

  return iso != NULL ? g_date_time_new_from_iso8601 (iso, NULL) : NULL;
}

/* How many project years the plan takes: its schedule's, or up to its last day when later. */
static guint
count_years (GpBudget  *budget,
             GDateTime *start)
{
  const GpProject *project = budget->cost->project;
  g_autoptr(GDateTime) end = date_time_of (project->end);
  guint n = year_of (start, MAX (budget->cost->hours - 1e-6, 0)) + 1;

  if (start != NULL && end != NULL)
    n = MAX (n,
             year_of (start, (double) g_date_time_difference (end, start) / G_TIME_SPAN_HOUR) + 1);
  return n;
}

/* The plan's schedule, as its wall time counts it: the phases one after another from its
 * start, each after its data's move. A purchase and the egress of a move are paid when they
 * happen; the rest of a phase as it runs. The reserve is shared as the costs are. */
static void
split_by_year (GpBudget *budget)
{
  g_autoptr(GDateTime) start = date_time_of (budget->cost->project->start);
  guint n = count_years (budget, start);
  double at = 0;

  g_array_set_size (budget->years, n);
  for (guint k = 0; k < n; k++)
    {
      GpBudgetYear *year = &g_array_index (budget->years, GpBudgetYear, k);

      g_autoptr(GDateTime) first = start ? g_date_time_add_years (start, k) : NULL;
      g_autoptr(GDateTime) next = start ? g_date_time_add_years (start, k + 1) : NULL;
      g_autoptr(GDateTime) last = next ? g_date_time_add_days (next, -1) : NULL;

      if (first != NULL && last != NULL)
        {
          year->first = g_date_time_format (first, "%Y-%m-%d");
          year->last = g_date_time_format (last, "%Y-%m-%d");
        }
    }
  for (guint i = 0; i < budget->cost->phases->len; i++)
    {
      const GpPhaseCost *phase = g_ptr_array_index (budget->cost->phases, i);

      spread (budget->years, start, at, at, phase->move_egress);
      at += phase->move_hours;
      spread (budget->years, start, at, at, phase->equipment);
      spread (budget->years, start, at, at + phase->hours,
              phase->compute + phase->storage + phase->transfer + phase->interruptions);
      at += phase->hours;
    }
  for (guint k = 0; k < n; k++)
    g_array_index (budget->years, GpBudgetYear, k).amount *= 1 + budget->contingency_pct / 100;
}

GpBudget *
gp_budget_new (GpProjectCost *cost,
               double         contingency_pct)
{
  GpBudget *budget = g_new0 (GpBudget, 1);

  budget->cost = cost;
  budget->lines = g_ptr_array_new_with_free_func ((GDestroyNotify) line_free);
  for (guint i = 0; i < cost->phases->len; i++)
    add_phase (budget, g_ptr_array_index (cost->phases, i));
  budget->contingency_pct = CLAMP (contingency_pct, 0, 100);
  for (guint c = 0; c < GP_BUDGET_N_CATEGORIES; c++)
    budget->total += budget->subtotals[c];
  budget->contingency = budget->total * budget->contingency_pct / 100;
  budget->total += budget->contingency;
  budget->years = g_array_new (FALSE, TRUE, sizeof (GpBudgetYear));
  g_array_set_clear_func (budget->years, (GDestroyNotify) year_clear);
  split_by_year (budget);
  gp_project_cost_sum_emissions (cost, &budget->co2e_kg, &budget->co2e_unknown);
  return budget;
}

static char *
money (GpBudget *budget,
       double    amount)
{
  return gp_format_money (amount, budget->cost->currency);
}

static void
add_table (GpDocument       *document,
           GpBudget         *budget,
           GpBudgetCategory  category)
{
  g_autofree char *subtotal = money (budget, budget->subtotals[category]);
  /* Translators: the columns of a budget's table */
  const char *header[] = { _("Item"), _("Phase"), _("Amount"), NULL };

  gp_document_add_text (document, GP_BLOCK_HEADING, gp_budget_category_label (category), FALSE);
  gp_document_add_table (document, header);
  for (guint i = 0; i < budget->lines->len; i++)
    {
      GpBudgetLine *line = g_ptr_array_index (budget->lines, i);
      g_autofree char *amount = NULL;

      if (line->category != category)
        continue;
      amount = money (budget, line->amount);
      gp_document_add_row (document, (const char *const[]){ line->item, line->phase, amount, NULL },
                           FALSE);
    }
  gp_document_add_row (document, (const char *const[]){ _("Subtotal"), "", subtotal, NULL }, TRUE);
}

static void
add_plan (GpDocument *document,
          GpBudget   *budget)
{
  GpProjectCost *cost = budget->cost;
  g_autofree char *total = money (budget, cost->total);
  g_autofree char *hours = gp_format_number (cost->hours, 1);
  g_autofree char *moved = gp_format_number (cost->moved_gb, 0);
  g_autofree char *in_all = NULL;

  gp_document_add_text (document, GP_BLOCK_HEADING, _("The Plan"), FALSE);
  for (guint i = 0; i < cost->phases->len; i++)
    {
      GpPhaseCost *phase = g_ptr_array_index (cost->phases, i);
      g_autofree char *where = offer_name (gp_estimate_get_offer (phase->estimate));
      g_autofree char *gpu_hours = gp_format_number (phase->phase->gpu_hours, 0);
      g_autofree char *run = gp_format_number (phase->hours, 1);
      g_autofree char *amount = money (budget, gp_phase_cost_total (phase));
      g_autoptr(GString) text = g_string_new (NULL);

      /* Translators: a phase of a plan: its name, its work, where and how, its time and cost */
      g_string_append_printf (
          text, _("%s: %s GPU-hours on %s, %s; %s hours, %s"), phase->phase->name, gpu_hours,
          where, phase->owned ? _("owned") : gp_estimate_pricing_get_label (phase->phase->pricing),
          run, amount);
      if (phase->phase->notes != NULL)
        g_string_append_printf (text, " (%s)", phase->phase->notes);
      gp_document_add_text (document, GP_BLOCK_BULLET, text->str, FALSE);
    }
  /* Translators: a plan's totals: its cost, its wall time, the data it moves */
  in_all = g_strdup_printf (_("In all: %s, %s hours from start to finish, %s GB of data moved "
                               "between places."),
                            total, hours, moved);
  gp_document_add_text (document, GP_BLOCK_BULLET, in_all, FALSE);
}

/* Each grid figure's source once, with its note: Electricity Maps' data is attributed, and its
 * licence (ODbL) named, wherever it is used. */
static void
add_grid_sources (GpDocument *document,
                  GpBudget   *budget)
{
  g_autoptr(GPtrArray) seen = g_ptr_array_new ();

  for (guint i = 0; i < budget->cost->phases->len; i++)
    {
      GpPhaseCost *phase = g_ptr_array_index (budget->cost->phases, i);
      const GpGridFigure *grid = gp_estimate_get_grid (phase->estimate);
      g_autoptr(GString) text = NULL;

      if (grid == NULL || grid->source == NULL || g_ptr_array_find (seen, grid->source, NULL))
        continue;
      g_ptr_array_add (seen, grid->source);
      text = g_string_new (NULL);
      /* Translators: where a budget's grid intensities come from: a source's title, its date */
      g_string_append_printf (text, _("Grid intensity: %s, %s"),
                              gp_source_get_title (grid->source),
                              gp_source_get_as_of (grid->source));
      if (gp_source_get_url (grid->source) != NULL)
        g_string_append_printf (text, " (%s)", gp_source_get_url (grid->source));
      if (gp_source_get_note (grid->source) != NULL)
        g_string_append_printf (text, ". %s", gp_source_get_note (grid->source));
      gp_document_add_text (document, GP_BLOCK_BULLET, text->str, FALSE);
    }
}

/* A line of estimated emissions per phase and in all, with the method and the grids' sources. */
static void
add_emissions (GpDocument *document,
               GpBudget   *budget)
{
  g_autofree char *in_all = gp_project_cost_dup_emissions (budget->cost);
  g_autofree char *method = gp_emissions_dup_method ();

  gp_document_add_text (document, GP_BLOCK_HEADING, _("Estimated Emissions"), FALSE);
  for (guint i = 0; i < budget->cost->phases->len; i++)
    {
      GpPhaseCost *phase = g_ptr_array_index (budget->cost->phases, i);
      g_autofree char *emissions = gp_phase_cost_dup_emissions (phase);
      g_autofree char *line = g_strdup_printf ("%s: %s", phase->phase->name, emissions);

      gp_document_add_text (document, GP_BLOCK_BULLET, line, FALSE);
    }
  gp_document_add_text (document, GP_BLOCK_BULLET, in_all, TRUE);
  gp_document_add_text (document, GP_BLOCK_PARAGRAPH, method, FALSE);
  add_grid_sources (document, budget);
}

/* How each rented phase is started: its platform's launch code, paid as the phase is (on spot,
 * or into a Capacity Block as long as the phase). */
static void
add_launch (GpDocument *document,
            GpBudget   *budget)
{
  for (guint i = 0; i < budget->cost->phases->len; i++)
    {
      GpPhaseCost *phase = g_ptr_array_index (budget->cost->phases, i);
      g_autoptr(GpLaunchSnippet) snippet = NULL;
      g_autofree char *heading = NULL;

      if (phase->owned)
        continue;
      snippet =
          gp_launch_render_estimate (gp_launch_data_get_default (), phase->estimate, NULL, NULL);
      if (snippet == NULL)
        continue;
      /* Translators: a heading of a budget: the code that starts a phase */
      heading = g_strdup_printf (_("Launch Code: %s"), phase->phase->name);
      gp_document_add_text (document, GP_BLOCK_HEADING, heading, FALSE);
      gp_launch_snippet_add_to_document (snippet, document);
    }
}

static void
add_sources (GpDocument *document,
             GpBudget   *budget)
{
  gp_document_add_text (document, GP_BLOCK_HEADING, _("Sources"), FALSE);
  for (guint i = 0; i < budget->cost->sources->len; i++)
    {
      GpSource *source = g_ptr_array_index (budget->cost->sources, i);
      g_autoptr(GString) text = g_string_new (NULL);

      /* Translators: a price source in a budget: its title and date */
      g_string_append_printf (text, _("%s, as of %s"), gp_source_get_title (source),
                              gp_source_get_as_of (source));
      if (gp_source_get_url (source) != NULL)
        g_string_append_printf (text, " (%s)", gp_source_get_url (source));
      gp_document_add_text (document, GP_BLOCK_BULLET, text->str, FALSE);
    }
}

static void
add_totals (GpDocument *document,
            GpBudget   *budget)
{
  g_autofree char *total = money (budget, budget->total);
  g_autofree char *contingency = money (budget, budget->contingency);
  g_autofree char *pct = gp_format_number (budget->contingency_pct, 0);
  g_autofree char *reserve = NULL, *all = NULL;

  gp_document_add_text (document, GP_BLOCK_HEADING, _("Total"), FALSE);
  for (GpBudgetCategory c = 0; c < GP_BUDGET_N_CATEGORIES; c++)
    {
      g_autofree char *subtotal = money (budget, budget->subtotals[c]);
      g_autofree char *line = g_strdup_printf ("%s: %s", gp_budget_category_label (c), subtotal);

      gp_document_add_text (document, GP_BLOCK_BULLET, line, FALSE);
    }
  /* Translators: a budget's reserve, with its share */
  reserve = g_strdup_printf (_("Contingency (%s%%): %s"), pct, contingency);
  gp_document_add_text (document, GP_BLOCK_BULLET, reserve, FALSE);
  all = g_strdup_printf ("%s: %s", _("Total"), total);
  gp_document_add_text (document, GP_BLOCK_BULLET, all, TRUE);
}

/* "Year 2: 2028-03-01 to 2029-02-28", or "Year 2" for a plan without a start. */
static char *
year_name (GpBudget *budget,
           guint     k)
{
  const GpBudgetYear *year = &g_array_index (budget->years, GpBudgetYear, k);

  if (year->first == NULL)
    /* Translators: a project year of a budget, counted from 1 */
    return g_strdup_printf (_("Year %u"), k + 1);
  /* Translators: a project year of a budget, counted from 1, and its first and last days */
  return g_strdup_printf (_("Year %u: %s to %s"), k + 1, year->first, year->last);
}

/* A plan of more than a year is budgeted by project year too, as grants are paid. */
static void
add_years (GpDocument *document,
           GpBudget   *budget)
{
  /* Translators: the columns of a budget's table by project year */
  const char *header[] = { _("Project Year"), _("Amount"), NULL };

  if (budget->years->len < 2)
    return;
  gp_document_add_text (document, GP_BLOCK_HEADING, _("By Project Year"), FALSE);
  gp_document_add_table (document, header);
  for (guint k = 0; k < budget->years->len; k++)
    {
      g_autofree char *name = year_name (budget, k);
      g_autofree char *amount =
          money (budget, g_array_index (budget->years, GpBudgetYear, k).amount);

      gp_document_add_row (document, (const char *const[]){ name, amount, NULL }, FALSE);
    }
  gp_document_add_text (document, GP_BLOCK_PARAGRAPH,
                        _("Each year’s share follows the plan’s schedule: the phases one after "
                           "another from its start; a purchase in the year it is made, the "
                           "reserve as the costs."),
                        FALSE);
}

GpDocument *
gp_budget_to_document (GpBudget *budget,
                       gboolean  with_chart)
{
  const GpProject *project = budget->cost->project;
  GpDocument *document = gp_document_new ();
  g_autofree char *title = NULL;
  g_autoptr(GString) currency = g_string_new (NULL);

  /* Translators: a budget's title: the project's */
  title = g_strdup_printf (_("Budget: %s"), project->title);
  gp_document_add_text (document, GP_BLOCK_TITLE, title, FALSE);
  if (project->start != NULL || project->end != NULL)
    {
      /* Translators: a project's dates, first and last day */
      g_autofree char *dates = g_strdup_printf (
          _("%s to %s"), project->start ? project->start : "…", project->end ? project->end : "…");

      gp_document_add_text (document, GP_BLOCK_PARAGRAPH, dates, FALSE);
    }
  /* Translators: the currency of a budget */
  g_string_append_printf (currency, _("All amounts in %s."), budget->cost->currency);
  if (budget->cost->rate_basis != NULL)
    {
      g_autofree char *rate = gp_format_number (budget->cost->rate, 4);

      /* Translators: a budget's exchange rate, "1 USD = 7.1072 CNY", and where it is from,
       * with its date */
      g_string_append_printf (currency, _(" Exchange rate: 1 %s = %s %s (%s)."),
                              budget->cost->catalog_currency, rate, budget->cost->currency,
                              budget->cost->rate_basis);
    }
  gp_document_add_text (document, GP_BLOCK_PARAGRAPH, currency->str, FALSE);

  for (GpBudgetCategory c = 0; c < GP_BUDGET_N_CATEGORIES; c++)
    if (budget->subtotals[c] > 0)
      add_table (document, budget, c);
  add_totals (document, budget);
  add_years (document, budget);
  if (with_chart)
    gp_document_add_chart (document);
  add_plan (document, budget);
  add_emissions (document, budget);
  if (budget->with_launch)
    add_launch (document, budget);
  add_sources (document, budget);

  gp_document_add_text (document, GP_BLOCK_HEADING, _("Assumptions"), FALSE);
  for (guint i = 0; i < budget->cost->assumptions->len; i++)
    gp_document_add_text (document, GP_BLOCK_BULLET,
                          g_ptr_array_index (budget->cost->assumptions, i), FALSE);
  gp_document_add_text (document, GP_BLOCK_PARAGRAPH,
                        _("The categories follow Chinese grant budgets: equipment apart from "
                           "services; check your funder’s current rules."),
                        FALSE);
  return document;
}

char *
gp_budget_to_markdown (GpBudget *budget)
{
  g_autoptr(GpDocument) document = gp_budget_to_document (budget, FALSE);

  return gp_document_to_markdown (document);
}

static void
append_csv_row (GString    *text,
                const char *category,
                const char *phase,
                const char *item,
                double      amount,
                int         digits,
                const char *currency,
                const char *source,
                const char *as_of)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];
  g_autofree char *format = g_strdup_printf ("%%.%df", digits);
  const char *fields[] = { category, phase, item };

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      gp_csv_append_field (text, fields[i] != NULL ? fields[i] : "", GP_CSV_NEUTRALISE);
      g_string_append_c (text, ',');
    }
  /* An amount not known is an empty field, never 0. */
  if (!isnan (amount))
    g_string_append (text, g_ascii_formatd (buffer, sizeof buffer, format, amount));
  g_string_append_c (text, ',');
  gp_csv_append_field (text, currency, GP_CSV_NEUTRALISE);
  g_string_append_c (text, ',');
  gp_csv_append_field (text, source != NULL ? source : "", GP_CSV_NEUTRALISE);
  g_string_append_c (text, ',');
  gp_csv_append_field (text, as_of != NULL ? as_of : "", GP_CSV_NEUTRALISE);
  g_string_append (text, "\r\n");
}

static void
append_money_row (GString    *text,
                  const char *category,
                  const char *phase,
                  const char *item,
                  double      amount,
                  const char *currency,
                  GpSource   *source)
{
  append_csv_row (text, category, phase, item, amount, 2, currency,
                  source != NULL ? gp_source_get_title (source) : NULL,
                  source != NULL ? gp_source_get_as_of (source) : NULL);
}

/* After the money, each phase's estimated emissions and their sum, in kgCO2e (the currency
 * column names the unit); a phase not estimated is left out of the sum, and its row empty. */
static void
append_emissions_csv (GString  *text,
                      GpBudget *budget)
{
  g_autofree char *item = NULL;

  for (guint i = 0; i < budget->cost->phases->len; i++)
    {
      GpPhaseCost *phase = g_ptr_array_index (budget->cost->phases, i);
      const GpGridFigure *grid = gp_estimate_get_grid (phase->estimate);

      append_money_row (text, NULL, phase->phase->name, _("Estimated emissions"),
                        gp_estimate_get_emissions (phase->estimate)->co2e_kg, "kgCO2e",
                        grid != NULL ? grid->source : NULL);
    }
  item = budget->co2e_unknown > 0
             ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "Estimated emissions in all (%u phase not estimated)",
                                             "Estimated emissions in all (%u phases not estimated)",
                                             budget->co2e_unknown),
                                budget->co2e_unknown)
             : g_strdup (_("Estimated emissions in all"));
  append_money_row (text, NULL, NULL, item, budget->co2e_kg, "kgCO2e", NULL);
}

char *
gp_budget_to_csv (GpBudget *budget)
{
  GString *text = g_string_new ("category,phase,item,amount,currency,source,as_of\r\n");
  const char *currency = budget->cost->currency;
  g_autofree char *reserve = NULL, *pct = NULL;

  for (guint i = 0; i < budget->lines->len; i++)
    {
      GpBudgetLine *line = g_ptr_array_index (budget->lines, i);

      append_money_row (text, gp_budget_category_label (line->category), line->phase, line->item,
                        line->amount, currency, line->source);
    }
  for (GpBudgetCategory c = 0; c < GP_BUDGET_N_CATEGORIES; c++)
    append_money_row (text, gp_budget_category_label (c), NULL, _("Subtotal"),
                      budget->subtotals[c], currency, NULL);
  pct = gp_format_number (budget->contingency_pct, 0);
  reserve = g_strdup_printf (_("Contingency (%s%%)"), pct);
  append_money_row (text, NULL, NULL, reserve, budget->contingency, currency, NULL);
  append_money_row (text, NULL, NULL, _("Total"), budget->total, currency, NULL);
  for (guint k = 0; budget->years->len > 1 && k < budget->years->len; k++)
    {
      g_autofree char *name = year_name (budget, k);

      append_money_row (text, NULL, NULL, name,
                        g_array_index (budget->years, GpBudgetYear, k).amount, currency, NULL);
    }
  /* The rate every amount was converted at, with its origin and date, stale or not. */
  if (budget->cost->rate_basis != NULL)
    {
      /* Translators: a budget's CSV row: the exchange rate, "1 USD in CNY" */
      g_autofree char *item = g_strdup_printf (_("Exchange rate: 1 %s in %s"),
                                               budget->cost->catalog_currency, currency);

      append_csv_row (text, NULL, NULL, item, budget->cost->rate, 4, currency,
                      budget->cost->rate_basis, NULL);
    }
  append_emissions_csv (text, budget);
  return g_string_free (text, FALSE);
}
