/* gp-comparison-table.c — a comparison laid out: columns, grouped rows, each row's best
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The table is built from the catalog, the items and the currency alone, so that the Compare
 * page, its exports, the slides and `gpu-planner-cli compare` all read the same figures.
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "gp-comparison.h"
#include "gp-comparison-table-private.h"
#include "gp-currency.h"
#include "gp-launch.h"
#include "gp-format.h"
#include "gp-provider-summary.h"
#include "gp-util.h"


static void
clear_cell (gpointer data)
{
  GpComparisonCell *cell = data;

  g_free (cell->text);
  g_free (cell->note);
  g_clear_pointer (&cell->sources, g_ptr_array_unref);
}

static void
free_row (gpointer data)
{
  GpComparisonRow *row = data;

  g_free (row->label);
  g_free (row->rule);
  g_array_unref (row->cells);
  g_free (row);
}

static void
free_column (gpointer data)
{
  GpComparisonColumn *column = data;

  g_free (column->id);
  g_free (column->title);
  g_free (column->subtitle);
  g_free (column);
}

void
gp_comparison_table_free (GpComparisonTable *table)
{
  if (table == NULL)
    return;

  g_ptr_array_unref (table->columns);
  g_ptr_array_unref (table->rows);
  g_free (table->currency);
  g_free (table->prices_note);
  g_free (table);
}

GpComparisonCell *
gp_comparison_row_get_cell (GpComparisonRow *row,
                            guint            column)
{
  g_return_val_if_fail (row != NULL, NULL);
  g_return_val_if_fail (column < row->cells->len, NULL);

  return &g_array_index (row->cells, GpComparisonCell, column);
}

GpComparisonRow *
gp_comparison_table_find_row (GpComparisonTable *table,
                              const char        *key)
{
  g_return_val_if_fail (table != NULL, NULL);

  for (guint i = 0; i < table->rows->len; i++)
    {
      GpComparisonRow *row = g_ptr_array_index (table->rows, i);

      if (g_str_equal (row->key, key))
        return row;
    }

  return NULL;
}

/* Two figures a rounding apart are the same figure: 0.1 + 0.2 must tie with 0.3. */
static gboolean
same_value (double a,
            double b)
{
  return fabs (a - b) <= 1e-9 * MAX (1.0, MAX (fabs (a), fabs (b)));
}

/* Marks the cells that win the row by its rule, and whether the cells differ. Nothing wins
 * when fewer than two cells have the figure or when all that have it tie: a highlight must
 * tell the columns apart. A derived or doubtful figure does not compete: it is never the best
 * of a row over a quoted one. */
void
gp_comparison_row_set_best (GpComparisonRow *row)
{
  double extreme = NAN;
  guint known = 0;
  gboolean all_tied = TRUE;

  g_return_if_fail (row != NULL);

  row->differs = FALSE;
  for (guint i = 0; i < row->cells->len; i++)
    {
      GpComparisonCell *cell = gp_comparison_row_get_cell (row, i);

      cell->best = FALSE;
      if (i > 0 && g_strcmp0 (cell->text, gp_comparison_row_get_cell (row, 0)->text) != 0)
        row->differs = TRUE;
    }

  if (row->best == GP_COMPARISON_BEST_NONE)
    return;

  for (guint i = 0; i < row->cells->len; i++)
    {
      GpComparisonCell *cell = gp_comparison_row_get_cell (row, i);

      if (isnan (cell->value) || cell->estimate || cell->doubtful)
        continue;
      if (known > 0 && !same_value (cell->value, extreme))
        all_tied = FALSE;
      if (known == 0 ||
          (row->best == GP_COMPARISON_BEST_LOWEST ? cell->value < extreme : cell->value > extreme))
        extreme = cell->value;
      known++;
    }

  if (known < 2 || all_tied)
    return;

  for (guint i = 0; i < row->cells->len; i++)
    {
      GpComparisonCell *cell = gp_comparison_row_get_cell (row, i);

      cell->best = !isnan (cell->value) && !cell->estimate && !cell->doubtful &&
                   same_value (cell->value, extreme);
    }
}

void
_gp_comparison_set_text (GpComparisonRow *row,
          guint            column,
          const char      *text)
{
  GpComparisonCell *cell = gp_comparison_row_get_cell (row, column);

  if (text == NULL || text[0] == '\0')
    return;

  g_free (cell->text);
  cell->text = g_strdup (text);
  cell->known = TRUE;
}

void
_gp_comparison_take_text (GpComparisonRow *row,
           guint            column,
           char            *text)
{
  _gp_comparison_set_text (row, column, text);
  g_free (text);
}

/* A figure with @digits decimals; whole numbers lose their ".0" */
void
_gp_comparison_set_number (GpComparisonRow *row,
            guint            column,
            double           value,
            int              digits)
{
  GpComparisonCell *cell = gp_comparison_row_get_cell (row, column);

  if (isnan (value))
    return;

  if (digits < 0)
    digits = value == floor (value) ? 0 : 1;
  _gp_comparison_take_text (row, column, g_strdup_printf ("%.*f", digits, value));
  cell->value = value;
  row->kind = GP_COMPARISON_VALUE_NUMBER;
}

static void
set_yes_no (GpComparisonRow *row,
            guint            column,
            gboolean         yes)
{
  GpComparisonCell *cell = gp_comparison_row_get_cell (row, column);

  _gp_comparison_set_text (row, column, yes ? _("Yes") : _("No"));
  cell->value = yes ? 1 : 0;
  row->kind = GP_COMPARISON_VALUE_YES_NO;
}

/* Adds a line to what the cell's tooltip says of it. */
void
_gp_comparison_add_note (GpComparisonCell *cell,
          char             *line)
{
  char *note = cell->note != NULL ? g_strconcat (cell->note, "\n", line, NULL) : g_strdup (line);

  g_free (line);
  g_free (cell->note);
  cell->note = note;
}

void
_gp_comparison_set_date (Builder         *builder,
          GpComparisonRow *row,
          guint            column,
          const char      *as_of)
{
  if (as_of == NULL)
    return;

  _gp_comparison_set_text (row, column, as_of);
  row->kind = GP_COMPARISON_VALUE_DATE;
  if (gp_as_of_is_stale (as_of, builder->stale_after_days))
    {
      GpComparisonCell *cell = gp_comparison_row_get_cell (row, column);
      char *text;

      cell->stale = TRUE;
      /* Translators: a date past the age at which figures count as stale */
      text = g_strdup_printf (C_("stale", "%s (stale)"), cell->text);
      g_free (cell->text);
      cell->text = text;
      _gp_comparison_add_note (
          cell, g_strdup_printf (_("More than %u days old: refresh the prices before "
                                    "relying on them"),
                                 builder->stale_after_days));
    }
  /* A partial date is judged by its last day, as its age is (gp_as_of_get_julian()). */
  if (gp_as_of_get_julian (as_of) > 0)
    gp_comparison_row_get_cell (row, column)->value = gp_as_of_get_julian (as_of);
}

/* Marks a cell holding one of @offer's figures, and changes its text to say so. */
void
_gp_comparison_mark_offer_cell (Builder           *builder,
                 GpComparisonRow   *row,
                 guint              column,
                 GpOffer           *offer,
                 GpEstimatePricing  pricing)
{
  GpComparisonCell *cell = gp_comparison_row_get_cell (row, column);
  char *text;

  if (!cell->known)
    return;

  cell->estimate = gp_offer_get_price_basis (offer) == GP_PRICE_BASIS_DERIVED;
  /* The GPUs alone are not a machine: shown with their basis, never the best of a row. */
  cell->doubtful = gp_offer_is_doubtful (offer, pricing) ||
                   gp_offer_get_price_basis (offer) == GP_PRICE_BASIS_GPU_ONLY;
  /* Each price is as old as its own source says (a spot or a Capacity Block price is dated
   * apart from on-demand). */
  cell->stale = gp_offer_is_price_stale (offer, pricing, builder->stale_after_days);
  if (gp_offer_get_price_basis (offer) == GP_PRICE_BASIS_GPU_ONLY)
    _gp_comparison_add_note (
        cell, g_strdup_printf (_("GPU only: the %s machine the GPUs must be attached to "
                                  "is not included"),
                               gp_instance_get_host_required (gp_offer_get_instance (offer))));
  if (cell->estimate)
    {
      g_autofree char *rule = gp_instance_dup_derived_rule_text (gp_offer_get_instance (offer));

      _gp_comparison_add_note (cell, g_strdup_printf (_("Estimated, not quoted: %s"), rule));
    }
  if (gp_offer_get_price_basis (offer) == GP_PRICE_BASIS_REPORTED)
    _gp_comparison_add_note (cell, gp_instance_dup_reported_text (gp_offer_get_instance (offer)));
  if (cell->doubtful && gp_offer_get_anomalies (offer) != GP_ANOMALY_NONE)
    {
      g_autofree char *problems = gp_format_anomalies (gp_offer_get_anomalies (offer));
      _gp_comparison_add_note (
          cell, g_strdup_printf (_("The source’s figure is doubtful: %s"), problems));
    }
  if (cell->stale)
    _gp_comparison_add_note (cell, g_strdup_printf (_("Prices as of %s, more than %u days ago"),
                                                    gp_offer_get_price_as_of (offer, pricing),
                                                    builder->stale_after_days));
  if (cell->estimate)
    {
      /* Translators: a price estimated by a rule, not quoted: "≈ 25.251" */
      text = g_strdup_printf (C_("estimate", "≈ %s"), cell->text);
      g_free (cell->text);
      cell->text = text;
    }
  if (cell->doubtful)
    {
      /* Translators: a figure a known problem of its source touches: "0.068 ⚠" */
      text = g_strdup_printf (C_("doubtful", "%s ⚠"), cell->text);
      g_free (cell->text);
      cell->text = text;
    }
}

void
_gp_comparison_add_source (GpComparisonRow *row,
            guint            column,
            GpSource        *source)
{
  GpComparisonCell *cell = gp_comparison_row_get_cell (row, column);

  if (source == NULL)
    return;
  if (cell->sources == NULL)
    cell->sources = g_ptr_array_new_with_free_func (g_object_unref);
  if (!g_ptr_array_find (cell->sources, source, NULL))
    g_ptr_array_add (cell->sources, g_object_ref (source));
}

/* The sources row reads as one line per source: title, date and address. */
void
_gp_comparison_finish_sources (GpComparisonRow *row,
                guint            column)
{
  GpComparisonCell *cell = gp_comparison_row_get_cell (row, column);
  g_autoptr(GString) text = g_string_new (NULL);

  if (cell->sources == NULL)
    return;

  for (guint i = 0; i < cell->sources->len; i++)
    {
      GpSource *source = g_ptr_array_index (cell->sources, i);

      if (i > 0)
        g_string_append (text, "\n");
      /* Translators: a source of figures: "SkyPilot price catalog, AWS (as of 2025-09-12)" */
      g_string_append_printf (text, _("%s (as of %s)"), gp_source_get_title (source),
                              gp_source_get_as_of (source));
      if (gp_source_get_url (source) != NULL)
        g_string_append_printf (text, " %s", gp_source_get_url (source));
    }

  _gp_comparison_set_text (row, column, text->str);
}

static char *
with_unit (const char *label,
           const char *unit)
{
  /* Translators: a row's name and its unit: "On demand ($/h)" */
  return g_strdup_printf (C_("row label", "%s (%s)"), label, unit);
}

static char *
money_label (Builder    *builder,
             const char *label,
             const char *per)
{
  g_autofree char *unit = NULL;

  if (g_str_equal (per, "h"))
    /* Translators: a price unit: "$/h" is dollars an hour */
    unit = g_strdup_printf (C_("unit", "%s/h"), builder->symbol);
  else if (g_str_equal (per, "GPU-h"))
    /* Translators: a price unit: "$/GPU-h" is dollars per GPU an hour */
    unit = g_strdup_printf (C_("unit", "%s/GPU-h"), builder->symbol);
  else
    /* Translators: a price unit: "$/GB" is dollars per gigabyte */
    unit = g_strdup_printf (C_("unit", "%s/GB"), builder->symbol);

  return with_unit (label, unit);
}

/* Each row the table can have, in no particular order: what it shows and how its best figure
 * is chosen. A row is added where its figures are filled in, by its key. */
typedef enum
{
  UNIT_NONE,
  UNIT_PLAIN, /* unit: translated in the "unit" context */
  UNIT_MONEY, /* unit: what the currency is per, "h", "GPU-h" or "GB" */
  UNIT_VALUE, /* TFLOPS for an hour per unit of the currency */
} UnitKind;

typedef struct
{
  const char *key;
  int mode; /* a GpComparisonMode, or -1 for both */
  GpComparisonGroup group;
  const char *label;
  UnitKind unit_kind;
  const char *unit;
  GpComparisonBest best;
  const char *rule; /* what the highlight means */
} RowDescription;

static const RowDescription row_descriptions[] = {
  { "billing_increment_s", -1, GP_COMPARISON_GROUP_BILLING, N_("Billing increment"), UNIT_PLAIN,
    NC_("unit", "s"), GP_COMPARISON_BEST_LOWEST, N_("Highlighted: the finest billing") },
  { "billing_minimum_s", -1, GP_COMPARISON_GROUP_BILLING, N_("Shortest billed time"), UNIT_PLAIN,
    NC_("unit", "s"), GP_COMPARISON_BEST_LOWEST, N_("Highlighted: the shortest time billed") },
  { "egress_per_gb", -1, GP_COMPARISON_GROUP_TRANSFER, N_("Egress to the internet"), UNIT_MONEY,
    "GB", GP_COMPARISON_BEST_LOWEST, N_("Highlighted: the cheapest egress") },
  { "egress_free_gb", -1, GP_COMPARISON_GROUP_TRANSFER, N_("Free egress a month"), UNIT_PLAIN,
    NC_("unit", "GB"), GP_COMPARISON_BEST_HIGHEST, N_("Highlighted: the most free egress") },
  { "ingress_per_gb", -1, GP_COMPARISON_GROUP_TRANSFER, N_("Ingress"), UNIT_MONEY, "GB",
    GP_COMPARISON_BEST_LOWEST, N_("Highlighted: the cheapest uploads") },
  { "containers", -1, GP_COMPARISON_GROUP_FEATURES, N_("Containers"), UNIT_NONE, NULL,
    GP_COMPARISON_BEST_NONE, NULL },
  { "images", -1, GP_COMPARISON_GROUP_FEATURES, N_("Framework images"), UNIT_NONE, NULL,
    GP_COMPARISON_BEST_NONE, NULL },
  { "max_session_hours", -1, GP_COMPARISON_GROUP_LIMITS, N_("Longest session"), UNIT_PLAIN,
    NC_("unit", "h"), GP_COMPARISON_BEST_NONE, NULL },
  { "idle_timeout_minutes", -1, GP_COMPARISON_GROUP_LIMITS, N_("Stopped when idle after"),
    UNIT_PLAIN, NC_("unit", "min"), GP_COMPARISON_BEST_NONE, NULL },
  { "quota", -1, GP_COMPARISON_GROUP_LIMITS, N_("Quota"), UNIT_NONE, NULL, GP_COMPARISON_BEST_NONE,
    NULL },
  { "mainland_china", -1, GP_COMPARISON_GROUP_LIMITS, N_("From mainland China"), UNIT_NONE, NULL,
    GP_COMPARISON_BEST_NONE, NULL },
  { "billing_currency", -1, GP_COMPARISON_GROUP_BILLING, N_("Bills in"), UNIT_NONE, NULL,
    GP_COMPARISON_BEST_NONE, NULL },
  { "chinese_invoice", -1, GP_COMPARISON_GROUP_BILLING, N_("Chinese VAT invoice (发票)"),
    UNIT_NONE, NULL, GP_COMPARISON_BEST_NONE, NULL },
  { "foreign_card", -1, GP_COMPARISON_GROUP_BILLING, N_("Needs a foreign card"), UNIT_NONE, NULL,
    GP_COMPARISON_BEST_NONE, NULL },
  { "business_licence", -1, GP_COMPARISON_GROUP_BILLING, N_("Needs a mainland business licence"),
    UNIT_NONE, NULL, GP_COMPARISON_BEST_NONE, NULL },
  { "real_name", -1, GP_COMPARISON_GROUP_BILLING, N_("Needs real-name verification"), UNIT_NONE,
    NULL, GP_COMPARISON_BEST_NONE, NULL },
  { "gpus", -1, GP_COMPARISON_GROUP_HARDWARE, N_("GPU models"), UNIT_NONE, NULL,
    GP_COMPARISON_BEST_NONE, NULL },
  { "max_gpu_memory_gb", -1, GP_COMPARISON_GROUP_HARDWARE, N_("Most memory on one GPU"),
    UNIT_PLAIN, NC_("unit", "GB"), GP_COMPARISON_BEST_HIGHEST,
    N_("Highlighted: the most memory on one GPU") },
  { "instance_types", -1, GP_COMPARISON_GROUP_HARDWARE, N_("Instance types in the catalog"),
    UNIT_NONE, NULL, GP_COMPARISON_BEST_NONE, NULL },
  { "cleanest_grid", -1, GP_COMPARISON_GROUP_HARDWARE, N_("Region of the cleanest grid"),
    UNIT_NONE, NULL, GP_COMPARISON_BEST_NONE, NULL },
  { "dirtiest_grid", -1, GP_COMPARISON_GROUP_HARDWARE,
    N_("Region of the most carbon-intensive grid"), UNIT_NONE, NULL, GP_COMPARISON_BEST_NONE,
    NULL },
  { "pricing_models", -1, GP_COMPARISON_GROUP_PRICES, N_("Pricing models"), UNIT_NONE, NULL,
    GP_COMPARISON_BEST_NONE, NULL },
  { "cheapest_on_demand_per_gpu_hour", -1, GP_COMPARISON_GROUP_PRICES,
    N_("Cheapest GPU on demand"), UNIT_MONEY, "GPU-h", GP_COMPARISON_BEST_LOWEST,
    N_("Highlighted: the lowest price") },
  { "cheapest_spot_per_gpu_hour", -1, GP_COMPARISON_GROUP_PRICES, N_("Cheapest GPU on spot"),
    UNIT_MONEY, "GPU-h", GP_COMPARISON_BEST_LOWEST, N_("Highlighted: the lowest price") },
  { "max_spot_saving_pct", -1, GP_COMPARISON_GROUP_PRICES,
    /* xgettext:no-c-format */
    N_("Spot saving, up to"), UNIT_PLAIN, NC_("unit", "%"), GP_COMPARISON_BEST_HIGHEST,
    N_("Highlighted: the largest saving") },
  { "reserved_1y_discount_pct", -1, GP_COMPARISON_GROUP_PRICES,
    /* xgettext:no-c-format */
    N_("A 1-year commitment saves"), UNIT_PLAIN, NC_("unit", "%"), GP_COMPARISON_BEST_HIGHEST,
    N_("Highlighted: the largest saving") },
  { "reserved_3y_discount_pct", -1, GP_COMPARISON_GROUP_PRICES,
    /* xgettext:no-c-format */
    N_("A 3-year commitment saves"), UNIT_PLAIN, NC_("unit", "%"), GP_COMPARISON_BEST_HIGHEST,
    N_("Highlighted: the largest saving") },
  { "markup_pct", -1, GP_COMPARISON_GROUP_PRICES, N_("Price over the raw VMs"), UNIT_NONE, NULL,
    GP_COMPARISON_BEST_LOWEST, N_("Highlighted: the smallest markup") },
  { "plans", -1, GP_COMPARISON_GROUP_PRICES, N_("Subscription plans"), UNIT_NONE, NULL,
    GP_COMPARISON_BEST_NONE, NULL },
  { "as_of", GP_COMPARISON_PROVIDERS, GP_COMPARISON_GROUP_SOURCES, N_("Figures as of"), UNIT_NONE,
    NULL, GP_COMPARISON_BEST_HIGHEST, N_("Highlighted: the most recent figures") },
  { "sources", -1, GP_COMPARISON_GROUP_SOURCES, N_("Sources"), UNIT_NONE, NULL,
    GP_COMPARISON_BEST_NONE, NULL },
  { "provider", -1, GP_COMPARISON_GROUP_HARDWARE, N_("Provider"), UNIT_NONE, NULL,
    GP_COMPARISON_BEST_NONE, NULL },
  { "region", -1, GP_COMPARISON_GROUP_HARDWARE, N_("Region"), UNIT_NONE, NULL,
    GP_COMPARISON_BEST_NONE, NULL },
  { "gpu", -1, GP_COMPARISON_GROUP_HARDWARE, N_("GPU"), UNIT_NONE, NULL, GP_COMPARISON_BEST_NONE,
    NULL },
  { "gpu_count", -1, GP_COMPARISON_GROUP_HARDWARE, N_("GPUs"), UNIT_NONE, NULL,
    GP_COMPARISON_BEST_NONE, NULL },
  { "gpu_memory_gb", -1, GP_COMPARISON_GROUP_HARDWARE, N_("Memory per GPU"), UNIT_PLAIN,
    NC_("unit", "GB"), GP_COMPARISON_BEST_HIGHEST,
    N_("Highlighted: the most memory on one GPU") },
  { "total_gpu_memory_gb", -1, GP_COMPARISON_GROUP_HARDWARE, N_("GPU memory in all"), UNIT_PLAIN,
    NC_("unit", "GB"), GP_COMPARISON_BEST_HIGHEST, N_("Highlighted: the most GPU memory") },
  { "tensor_tflops", -1, GP_COMPARISON_GROUP_HARDWARE, N_("Dense BF16/FP16 per GPU"), UNIT_PLAIN,
    NC_("unit", "TFLOPS"), GP_COMPARISON_BEST_HIGHEST, N_("Highlighted: the fastest GPU") },
  { "total_tensor_tflops", -1, GP_COMPARISON_GROUP_HARDWARE, N_("Dense BF16/FP16 in all"),
    UNIT_PLAIN, NC_("unit", "TFLOPS"), GP_COMPARISON_BEST_HIGHEST,
    N_("Highlighted: the most compute") },
  { "memory_bandwidth_gbps", -1, GP_COMPARISON_GROUP_HARDWARE, N_("Memory bandwidth per GPU"),
    UNIT_PLAIN, NC_("unit", "GB/s"), GP_COMPARISON_BEST_HIGHEST,
    N_("Highlighted: the fastest memory") },
  { "vcpus", -1, GP_COMPARISON_GROUP_HARDWARE, N_("vCPUs"), UNIT_NONE, NULL,
    GP_COMPARISON_BEST_HIGHEST, N_("Highlighted: the most CPUs") },
  { "memory_gb", -1, GP_COMPARISON_GROUP_HARDWARE, N_("RAM"), UNIT_PLAIN, NC_("unit", "GiB"),
    GP_COMPARISON_BEST_HIGHEST, N_("Highlighted: the most RAM") },
  { "interconnect", -1, GP_COMPARISON_GROUP_HARDWARE, N_("Interconnect"), UNIT_NONE, NULL,
    GP_COMPARISON_BEST_NONE, NULL },
  { "architecture", -1, GP_COMPARISON_GROUP_HARDWARE, N_("GPU architecture"), UNIT_NONE, NULL,
    GP_COMPARISON_BEST_NONE, NULL },
  { "tdp_w", -1, GP_COMPARISON_GROUP_HARDWARE, N_("Power per GPU"), UNIT_PLAIN, NC_("unit", "W"),
    GP_COMPARISON_BEST_NONE, NULL },
  { "launch_year", -1, GP_COMPARISON_GROUP_HARDWARE, N_("GPU launched"), UNIT_NONE, NULL,
    GP_COMPARISON_BEST_HIGHEST, N_("Highlighted: the newest GPU") },
  { "on_demand_per_hour", -1, GP_COMPARISON_GROUP_PRICES, N_("On demand"), UNIT_MONEY, "h",
    GP_COMPARISON_BEST_LOWEST, N_("Highlighted: the lowest price") },
  { "spot_per_hour", -1, GP_COMPARISON_GROUP_PRICES, N_("Spot"), UNIT_MONEY, "h",
    GP_COMPARISON_BEST_LOWEST, N_("Highlighted: the lowest price") },
  { "reserved_1y_per_hour", -1, GP_COMPARISON_GROUP_PRICES, N_("1-year commitment"), UNIT_MONEY,
    "h", GP_COMPARISON_BEST_LOWEST, N_("Highlighted: the lowest price") },
  { "reserved_3y_per_hour", -1, GP_COMPARISON_GROUP_PRICES, N_("3-year commitment"), UNIT_MONEY,
    "h", GP_COMPARISON_BEST_LOWEST, N_("Highlighted: the lowest price") },
  { "capacity_block_per_hour", -1, GP_COMPARISON_GROUP_PRICES, N_("Capacity Block"), UNIT_MONEY,
    "h", GP_COMPARISON_BEST_LOWEST, N_("Highlighted: the lowest price") },
  { "per_gpu_hour", -1, GP_COMPARISON_GROUP_PRICES, N_("On demand per GPU"), UNIT_MONEY, "GPU-h",
    GP_COMPARISON_BEST_LOWEST, N_("Highlighted: the lowest price") },
  { "value", -1, GP_COMPARISON_GROUP_PRICES, N_("Value"), UNIT_VALUE, NULL,
    GP_COMPARISON_BEST_HIGHEST, N_("Highlighted: the most compute for the money") },
  { "subscription", -1, GP_COMPARISON_GROUP_PRICES, N_("Subscription"), UNIT_NONE, NULL,
    GP_COMPARISON_BEST_NONE, NULL },
  { "anomalies", -1, GP_COMPARISON_GROUP_PRICES, N_("Known problems of the figures"), UNIT_NONE,
    NULL, GP_COMPARISON_BEST_NONE, NULL },
  { "notes", -1, GP_COMPARISON_GROUP_SOURCES, N_("Notes"), UNIT_NONE, NULL,
    GP_COMPARISON_BEST_NONE, NULL },
  { "as_of", GP_COMPARISON_INSTANCES, GP_COMPARISON_GROUP_SOURCES, N_("Prices as of"), UNIT_NONE,
    NULL, GP_COMPARISON_BEST_HIGHEST, N_("Highlighted: the most recent figures") },
  { "fp32_tflops", -1, GP_COMPARISON_GROUP_HARDWARE, N_("FP32 per GPU"), UNIT_PLAIN,
    NC_("unit", "TFLOPS"), GP_COMPARISON_BEST_HIGHEST, N_("Highlighted: the fastest GPU") },
  { "tf32_tflops", -1, GP_COMPARISON_GROUP_HARDWARE, N_("Dense TF32 per GPU"), UNIT_PLAIN,
    NC_("unit", "TFLOPS"), GP_COMPARISON_BEST_HIGHEST, N_("Highlighted: the fastest GPU") },
  { "fp16_tflops", -1, GP_COMPARISON_GROUP_HARDWARE, N_("Dense FP16 per GPU"), UNIT_PLAIN,
    NC_("unit", "TFLOPS"), GP_COMPARISON_BEST_HIGHEST, N_("Highlighted: the fastest GPU") },
  { "bf16_tflops", -1, GP_COMPARISON_GROUP_HARDWARE, N_("Dense BF16 per GPU"), UNIT_PLAIN,
    NC_("unit", "TFLOPS"), GP_COMPARISON_BEST_HIGHEST, N_("Highlighted: the fastest GPU") },
  { "fp8_tflops", -1, GP_COMPARISON_GROUP_HARDWARE, N_("Dense FP8 per GPU"), UNIT_PLAIN,
    NC_("unit", "TFLOPS"), GP_COMPARISON_BEST_HIGHEST, N_("Highlighted: the fastest GPU") },
  { "preinstalled_frameworks", -1, GP_COMPARISON_GROUP_FEATURES,
    N_("CUDA, PyTorch and TensorFlow ready"), UNIT_NONE, NULL, GP_COMPARISON_BEST_HIGHEST,
    N_("Highlighted: has it") },
  { "managed_notebooks", -1, GP_COMPARISON_GROUP_FEATURES, N_("Managed notebooks"), UNIT_NONE,
    NULL, GP_COMPARISON_BEST_HIGHEST, N_("Highlighted: has it") },
  { "ssh", -1, GP_COMPARISON_GROUP_FEATURES, N_("SSH access"), UNIT_NONE, NULL,
    GP_COMPARISON_BEST_HIGHEST, N_("Highlighted: has it") },
  { "pipelines", -1, GP_COMPARISON_GROUP_FEATURES, N_("Pipelines and MLOps"), UNIT_NONE, NULL,
    GP_COMPARISON_BEST_HIGHEST, N_("Highlighted: has it") },
  { "hyperparameter_tuning", -1, GP_COMPARISON_GROUP_FEATURES, N_("Hyper-parameter tuning"),
    UNIT_NONE, NULL, GP_COMPARISON_BEST_HIGHEST, N_("Highlighted: has it") },
  { "automl", -1, GP_COMPARISON_GROUP_FEATURES, N_("AutoML"), UNIT_NONE, NULL,
    GP_COMPARISON_BEST_HIGHEST, N_("Highlighted: has it") },
  { "model_catalog", -1, GP_COMPARISON_GROUP_FEATURES, N_("Pretrained model catalogue"), UNIT_NONE,
    NULL, GP_COMPARISON_BEST_HIGHEST, N_("Highlighted: has it") },
  { "enterprise_identity", -1, GP_COMPARISON_GROUP_FEATURES, N_("Enterprise sign-in"), UNIT_NONE,
    NULL, GP_COMPARISON_BEST_HIGHEST, N_("Highlighted: has it") },
  { "infiniband", -1, GP_COMPARISON_GROUP_FEATURES, N_("Fast interconnect between nodes"),
    UNIT_NONE, NULL, GP_COMPARISON_BEST_HIGHEST, N_("Highlighted: has it") },
};

static const RowDescription *
find_description (GpComparisonMode  mode,
                  const char       *key)
{
  for (guint i = 0; i < G_N_ELEMENTS (row_descriptions); i++)
    if (g_str_equal (row_descriptions[i].key, key) &&
        (row_descriptions[i].mode < 0 || row_descriptions[i].mode == (int) mode))
      return &row_descriptions[i];
  g_return_val_if_reached (NULL);
}

static char *
describe_label (Builder              *builder,
                const RowDescription *description)
{
  const char *label = _(description->label);
  g_autofree char *value_unit = NULL;

  switch (description->unit_kind)
    {
    case UNIT_PLAIN:
      return with_unit (label, g_dpgettext2 (GETTEXT_PACKAGE, "unit", description->unit));
    case UNIT_MONEY:
      return money_label (builder, label, description->unit);
    case UNIT_VALUE:
      /* Translators: the unit of value: TFLOPS one currency unit buys for an hour */
      value_unit = g_strdup_printf (C_("unit", "TFLOPS per %s/h"), builder->symbol);
      return with_unit (label, value_unit);
    case UNIT_NONE:
    default:
      return g_strdup (label);
    }
}

/* Adds the row @key describes, every cell blank until filled in. */
GpComparisonRow *
_gp_comparison_add_row (Builder    *builder,
         const char *key)
{
  const RowDescription *description = find_description (builder->table->mode, key);
  GpComparisonRow *row = g_new0 (GpComparisonRow, 1);
  guint n_columns = builder->table->columns->len;

  row->key = description->key;
  row->group = description->group;
  row->label = describe_label (builder, description);
  row->best = description->best;
  row->rule = description->rule != NULL ? g_strdup (_(description->rule)) : NULL;
  row->cells = g_array_sized_new (FALSE, TRUE, sizeof (GpComparisonCell), n_columns);
  g_array_set_clear_func (row->cells, clear_cell);
  g_array_set_size (row->cells, n_columns);
  for (guint i = 0; i < n_columns; i++)
    {
      GpComparisonCell *cell = gp_comparison_row_get_cell (row, i);

      cell->text = g_strdup ("—");
      cell->value = NAN;
    }

  g_ptr_array_add (builder->table->rows, row);
  return row;
}

void
_gp_comparison_set_money (Builder         *builder,
           GpComparisonRow *row,
           guint            column,
           double           amount,
           int              digits)
{
  _gp_comparison_set_number (row, column, amount * builder->rate, digits);
}

/* A price of an offer, marked as what it is: "≈ 25.251" when derived by a rule, "0.068 ⚠" when a
 * known problem of the source touches it, and stale when its date is past the policy. */
void
_gp_comparison_set_offer_money (Builder           *builder,
                 GpComparisonRow   *row,
                 guint              column,
                 GpOffer           *offer,
                 GpEstimatePricing  pricing,
                 double             amount,
                 int                digits)
{
  if (isnan (amount))
    return;

  _gp_comparison_set_money (builder, row, column, amount, digits);
  _gp_comparison_mark_offer_cell (builder, row, column, offer, pricing);
}

/* Rows both modes have: the provider's billing, data transfer, features and limits */

static const struct
{
  GpFeature    feature;
  const char  *key;
} features[] = {
  { GP_FEATURE_PREINSTALLED_FRAMEWORKS, "preinstalled_frameworks" },
  { GP_FEATURE_MANAGED_NOTEBOOKS, "managed_notebooks" },
  { GP_FEATURE_SSH, "ssh" },
  { GP_FEATURE_PIPELINES, "pipelines" },
  { GP_FEATURE_HYPERPARAMETER_TUNING, "hyperparameter_tuning" },
  { GP_FEATURE_AUTOML, "automl" },
  { GP_FEATURE_MODEL_CATALOG, "model_catalog" },
  { GP_FEATURE_ENTERPRISE_IDENTITY, "enterprise_identity" },
  { GP_FEATURE_INFINIBAND, "infiniband" },
};

static void
add_billing_rows (Builder *builder)
{
  GpComparisonRow *increment, *minimum;

  increment = _gp_comparison_add_row (builder, "billing_increment_s");
  minimum = _gp_comparison_add_row (builder, "billing_minimum_s");

  for (guint i = 0; i < builder->providers->len; i++)
    {
      GpProvider *provider = g_ptr_array_index (builder->providers, i);
      GpOffer *offer = builder->offers->len > i ? g_ptr_array_index (builder->offers, i) : NULL;

      if (provider == NULL)
        continue;
      /* An offer's own increment (a month's rent), else its provider's. */
      _gp_comparison_set_number (
          increment, i,
          offer != NULL ? gp_instance_get_billing_increment_s (gp_offer_get_instance (offer))
                        : gp_provider_get_billing_increment_s (provider),
          -1);
      _gp_comparison_set_number (minimum, i, gp_provider_get_billing_minimum_s (provider), -1);
      /* A notebook sold in compute units bills no time increment: unknown, and said why. */
      if (!gp_comparison_row_get_cell (increment, i)->known &&
          gp_provider_get_pricing (provider) == GP_PRICING_SUBSCRIPTION)
        {
          GpComparisonCell *cell = gp_comparison_row_get_cell (increment, i);

          g_free (cell->note);
          cell->note = g_strdup (_("Compute units are drawn as the runtime runs; no increment of "
                                    "time is published"));
        }
    }
}

static void
add_transfer_rows (Builder *builder)
{
  GpComparisonRow *egress, *free_gb, *ingress;

  egress = _gp_comparison_add_row (builder, "egress_per_gb");
  free_gb = _gp_comparison_add_row (builder, "egress_free_gb");
  ingress = _gp_comparison_add_row (builder, "ingress_per_gb");

  for (guint i = 0; i < builder->providers->len; i++)
    {
      GpProvider *provider = g_ptr_array_index (builder->providers, i);

      if (provider == NULL)
        continue;
      _gp_comparison_set_money (builder, egress, i, gp_provider_get_egress_per_gb (provider), 3);
      _gp_comparison_set_number (free_gb, i, gp_provider_get_egress_free_gb (provider), -1);
      _gp_comparison_set_money (builder, ingress, i, gp_provider_get_ingress_per_gb (provider), 3);
    }
}

/* Whether containers run there and the images that ship, from the launch data, where a dated source
 * says; unknown stays "—". */
static void
add_environment_rows (Builder *builder)
{
  GpComparisonRow *containers, *images;

  containers = _gp_comparison_add_row (builder, "containers");
  images = _gp_comparison_add_row (builder, "images");
  for (guint i = 0; i < builder->providers->len; i++)
    {
      GpProvider *provider = g_ptr_array_index (builder->providers, i);
      int in_containers;
      const char *shipped;

      if (provider == NULL)
        continue;
      shipped =
          gp_launch_data_get_environment (gp_launch_data_get_default (), provider, &in_containers);
      if (in_containers >= 0)
        set_yes_no (containers, i, in_containers);
      _gp_comparison_set_text (images, i, shipped);
    }
}

static void
add_feature_rows (Builder *builder)
{
  for (guint f = 0; f < G_N_ELEMENTS (features); f++)
    {
      GpComparisonRow *row = _gp_comparison_add_row (builder, features[f].key);

      for (guint i = 0; i < builder->providers->len; i++)
        {
          GpProvider *provider = g_ptr_array_index (builder->providers, i);

          if (provider != NULL)
            set_yes_no (row, i, gp_provider_has_feature (provider, features[f].feature));
        }
    }
  add_environment_rows (builder);
}

/* Whether a lab in mainland China reaches the platform, or the instance compared in its
 * region, and what its account needs there. */
static void
set_reach (GpComparisonRow *row,
           guint            column,
           GpProvider      *provider,
           GpOffer         *offer)
{
  GpReachability platform = offer != NULL
                                ? gp_instance_get_reachability (gp_offer_get_instance (offer))
                                : gp_provider_get_reachability (provider);
  GpReachability reach =
      offer != NULL ? gp_offer_get_reach (offer, GP_LAB_LOCATION_MAINLAND_CHINA) : platform;
  const char *label = gp_reachability_get_label (reach);
  const char *account = gp_provider_get_reachability_account (provider);
  g_autofree char *text = NULL;

  if (label == NULL)
    return;
  /* A region abroad of a platform in China: its account and note speak of the others. */
  if (reach != platform)
    text = g_strdup (_("Across the border: this region is outside mainland China"));
  else if (account != NULL)
    /* Translators: how a lab in mainland China reaches a platform, then what its account
     * needs: "In China; an account needs a business licence in mainland China" */
    text = g_strdup_printf (_("%s; an account needs %s"), label, account);
  else
    text = g_strdup (label);
  _gp_comparison_set_text (row, column, text);
}

/* Paying the platform: each fact as its source says it, with its note, or "Not found". */
static void
add_payment_rows (Builder *builder)
{
  static const char *const keys[] = { "billing_currency", "chinese_invoice", "foreign_card",
                                      "business_licence", "real_name" };

  for (guint g = GP_PROVIDER_GROUP_BILLING_CURRENCY; g < GP_PROVIDER_N_GROUPS; g++)
    {
      GpComparisonRow *row =
          _gp_comparison_add_row (builder, keys[g - GP_PROVIDER_GROUP_BILLING_CURRENCY]);

      for (guint i = 0; i < builder->providers->len; i++)
        {
          GpProvider *provider = g_ptr_array_index (builder->providers, i);
          GpAnswer answer = provider != NULL && g != GP_PROVIDER_GROUP_BILLING_CURRENCY
                                ? gp_provider_get_answer (provider, g)
                                : GP_ANSWER_NOT_FOUND;
          const char *fact = answer == GP_ANSWER_NOT_FOUND ? NULL
                             : answer == GP_ANSWER_YES     ? _("Yes")
                                                           : _("No");
          const char *note = provider != NULL ? gp_provider_get_payment_note (provider, g) : NULL;
          g_autofree char *text = NULL;

          if (provider != NULL && g == GP_PROVIDER_GROUP_BILLING_CURRENCY)
            fact = gp_provider_get_billing_currency (provider);
          /* Translators: a fact of paying a platform and what its source adds: "Yes: VAT
           * special invoices" */
          text = fact == NULL   ? g_strdup (C_("fact", "Not found"))
                 : note != NULL ? g_strdup_printf (C_("fact", "%s: %s"), fact, note)
                                : g_strdup (fact);
          if (provider != NULL)
            _gp_comparison_set_text (row, i, text);
        }
    }
}

static void
add_limit_rows (Builder *builder)
{
  GpComparisonRow *session, *idle, *quota, *reach;

  /* No rule: a missing limit is "none stated", which is not a figure to beat. */
  session = _gp_comparison_add_row (builder, "max_session_hours");
  idle = _gp_comparison_add_row (builder, "idle_timeout_minutes");
  quota = _gp_comparison_add_row (builder, "quota");
  reach = _gp_comparison_add_row (builder, "mainland_china");

  for (guint i = 0; i < builder->providers->len; i++)
    {
      GpProvider *provider = g_ptr_array_index (builder->providers, i);

      if (provider == NULL)
        continue;
      _gp_comparison_set_number (session, i, gp_provider_get_max_session_hours (provider), -1);
      _gp_comparison_set_number (idle, i, gp_provider_get_idle_timeout_minutes (provider), -1);
      _gp_comparison_set_text (quota, i, gp_format_catalog_text (gp_provider_get_quota (provider)));
      set_reach (reach, i, provider,
                 builder->offers->len > i ? g_ptr_array_index (builder->offers, i) : NULL);
    }
}

void
_gp_comparison_add_provider_sources (GpComparisonRow *row,
                      guint            column,
                      GpProvider      *provider)
{
  /* The groups an offer's rows draw on: how it bills, moves data, what it has, its limits,
   * how it is paid. */
  static const GpProviderGroup shown[] = {
    GP_PROVIDER_GROUP_BILLING,          GP_PROVIDER_GROUP_TRANSFER,
    GP_PROVIDER_GROUP_FEATURES,         GP_PROVIDER_GROUP_LIMITS,
    GP_PROVIDER_GROUP_BILLING_CURRENCY, GP_PROVIDER_GROUP_CHINESE_INVOICE,
    GP_PROVIDER_GROUP_FOREIGN_CARD,     GP_PROVIDER_GROUP_BUSINESS_LICENCE,
    GP_PROVIDER_GROUP_REAL_NAME,
  };

  for (guint i = 0; i < G_N_ELEMENTS (shown); i++)
    _gp_comparison_add_source (row, column, gp_provider_get_group_source (provider, shown[i]));
  _gp_comparison_add_source (row, column, gp_provider_get_source (provider));
}

static GpComparisonColumn *
new_column (Builder    *builder,
            const char *id)
{
  GpComparisonColumn *column = g_new0 (GpComparisonColumn, 1);
  GpCatalog *catalog = builder->catalog;
  GpProvider *provider = NULL;
  GpOffer *offer = NULL;

  column->id = g_strdup (id);

  if (builder->table->mode == GP_COMPARISON_PROVIDERS)
    {
      provider = catalog != NULL ? gp_catalog_find_provider (catalog, id) : NULL;
      g_ptr_array_add (builder->summaries,
                       provider != NULL ? gp_provider_summary_new (catalog, provider) : NULL);
      if (provider != NULL)
        {
          column->title = g_strdup (gp_provider_get_name (provider));
          column->subtitle = g_strdup (gp_format_provider_kind (gp_provider_get_kind (provider)));
        }
    }
  else
    {
      offer = gp_comparison_find_offer (catalog, id);
      g_ptr_array_add (builder->offers, offer != NULL ? g_object_ref (offer) : NULL);
      if (offer != NULL)
        {
          g_autofree char *place = gp_offer_dup_region_label (offer);

          provider = gp_offer_get_provider (offer);
          column->title = g_strdup (gp_instance_get_name (gp_offer_get_instance (offer)));
          /* Translators: a compared instance's provider and region: "Lambda · Tokyo
           * (asia-northeast-1)" */
          column->subtitle = g_strdup_printf (_("%s · %s"), gp_provider_get_name (provider), place);
        }
    }

  g_ptr_array_add (builder->providers, provider != NULL ? g_object_ref (provider) : NULL);
  if (provider == NULL)
    {
      column->missing = TRUE;
      column->title = g_strdup (id);
      column->subtitle = g_strdup (_("No longer in the catalog"));
    }

  return column;
}

static void
clear_object_or_null (gpointer data)
{
  if (data != NULL)
    g_object_unref (data);
}

/* Lays a comparison out: a column per item, rows in groups, each row's winners marked. */
GpComparisonTable *
gp_comparison_table_new (GpCatalog          *catalog,
                         GpComparisonMode    mode,
                         const char * const *ids,
                         const char         *currency,
                         double              rate)
{
  GpComparisonTable *table;
  Builder builder = { catalog };

  g_return_val_if_fail (ids != NULL, NULL);
  g_return_val_if_fail (currency != NULL, NULL);

  table = g_new0 (GpComparisonTable, 1);
  table->mode = mode;
  table->currency = g_strdup (currency);
  table->columns = g_ptr_array_new_with_free_func (free_column);
  table->rows = g_ptr_array_new_with_free_func (free_row);

  builder.table = table;
  builder.rate = rate;
  builder.stale_after_days =
      catalog != NULL ? gp_catalog_get_stale_after_days (catalog) : GP_STALE_AFTER_DAYS;
  builder.symbol = gp_currency_get_symbol (table->currency) != NULL
                     ? gp_currency_get_symbol (table->currency) : table->currency;
  builder.providers = g_ptr_array_new_with_free_func (clear_object_or_null);
  builder.offers = g_ptr_array_new_with_free_func (clear_object_or_null);
  builder.summaries = g_ptr_array_new_with_free_func (clear_object_or_null);

  for (guint i = 0; ids[i] != NULL; i++)
    g_ptr_array_add (table->columns, new_column (&builder, ids[i]));

  if (mode == GP_COMPARISON_PROVIDERS)
    {
      _gp_comparison_add_providers_hardware (&builder);
      _gp_comparison_add_providers_prices (&builder);
    }
  else
    {
      _gp_comparison_add_instances_hardware (&builder);
      _gp_comparison_add_instances_prices (&builder);
    }
  add_billing_rows (&builder);
  add_payment_rows (&builder);
  add_transfer_rows (&builder);
  add_feature_rows (&builder);
  add_limit_rows (&builder);
  if (mode == GP_COMPARISON_PROVIDERS)
    _gp_comparison_add_providers_sources (&builder);
  else
    _gp_comparison_add_instances_sources (&builder);

  for (guint i = 0; i < table->rows->len; i++)
    gp_comparison_row_set_best (g_ptr_array_index (table->rows, i));

  g_ptr_array_unref (builder.providers);
  g_ptr_array_unref (builder.offers);
  g_ptr_array_unref (builder.summaries);

  return table;
}

const char *
gp_comparison_group_get_title (GpComparisonGroup group)
{
  switch (group)
    {
    case GP_COMPARISON_GROUP_HARDWARE:
      return _("Hardware");

    case GP_COMPARISON_GROUP_PRICES:
      return _("Prices");

    case GP_COMPARISON_GROUP_BILLING:
      return _("Billing");

    case GP_COMPARISON_GROUP_TRANSFER:
      return _("Data transfer");

    case GP_COMPARISON_GROUP_FEATURES:
      return _("Features");

    case GP_COMPARISON_GROUP_LIMITS:
      return _("Limits");

    case GP_COMPARISON_GROUP_SOURCES:
      return _("Sources and dates");

    case GP_COMPARISON_N_GROUPS:
    default:
      g_return_val_if_reached ("");
    }
}

const char *
gp_comparison_group_to_string (GpComparisonGroup group)
{
  static const char *const keys[] = {
    "hardware", "prices", "billing", "transfer", "features", "limits", "sources",
  };

  G_STATIC_ASSERT (G_N_ELEMENTS (keys) == GP_COMPARISON_N_GROUPS);
  g_return_val_if_fail (group < GP_COMPARISON_N_GROUPS, "");

  return keys[group];
}
